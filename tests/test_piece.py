"""Piece definitions against real VASSAL files: every PieceSlot, PrototypeDefinition,
AddPiece and ChangePiece state in the corpus decodes and re-encodes byte for byte;
names, properties, prototype expansion and the reference's worked example."""

from __future__ import annotations

import re
import zipfile
from collections import Counter
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st
from lxml import etree

from conftest import CORPUS, ENGINE_LOG, ENGINE_MODULE, corpus_saves
from vassal.commands import AddPiece, ChangePiece, Log, parse_command, parse_tree
from vassal.errors import FormatError
from vassal.keys import CTRL, NamedKeyStroke, key
from vassal.lint.pieces import all_traits
from vassal.piece import Piece
from vassal.savefile import read_save
from vassal.sequence import TAB, decode
from vassal.traits import (
    BasicPiece,
    Delete,
    DynamicProperty,
    FreeRotator,
    Layer,
    Marker,
    MarkMoved,
    PlaceMarker,
    UnknownTrait,
    UsePrototype,
)

BUILDFILES = sorted(p for p in CORPUS.rglob("buildFile*"))
MODULES = sorted(CORPUS.glob("jzhex/*.vmod")) + [ENGINE_MODULE]

# PieceSlots per buildFile as counted in corpus/PROVENANCE.md (dice-test.vmod: its README line)
PROVENANCE_SLOTS = {
    "vsql/dist/buildFile.xml": 570, "zxvt/buildFile": 7, "kassala/vmod/buildFile.xml": 36,
    "ccnapoleonics/dist/buildFile.xml": 447, "BBVassal/buildFile": 335,
    "jzhex/ragnarok/vassal/buildFile.xml": 34, "jzhex/template/buildFile.xml": 10,
    "jzhex/jzhex-n-counters-template-v12-379.vmod": 10, "engine/dice-test.vmod": 3,
}  # fmt: skip
# traits in all PieceSlots and PrototypeDefinitions of each buildFile
TRAITS_PER_BUILDFILE = {
    "vsql/dist/buildFile.xml": 6508, "zxvt/buildFile": 30, "kassala/vmod/buildFile.xml": 75,
    "ccnapoleonics/dist/buildFile.xml": 5691, "BBVassal/buildFile": 1384,
    "jzhex/ragnarok/vassal/buildFile.xml": 175, "jzhex/template/buildFile.xml": 127,
    "jzhex/jzhex-n-counters-template-v12-379.vmod": 127, "engine/dice-test.vmod": 9,
}  # fmt: skip

# Trait ids in VASSAL 3.8's factory (format reference §4.4, last list).
VASSAL_FACTORY = set(
    "immob; emb2; emb; hide; obs; label; table; propertysheet; rotate; pivot; nonRect; nonRect2; "
    "mark; locmsg; restrict; placemark; replace; report; markmoved; footprint; return; sendto; "
    "prototype; clone; delete; submenu; menuSeparator; translate; AreaOfEffect; globalkey; macro; "
    "PROP; calcProp; setprop; setpieceprop; hideCmd; playSound; button; globalhotkey; deselect; "
    "mat; matPiece; basicName; border; attach; locCommand; cmt; piece;".split()
)
# VASSAL traits found in the corpus that this package keeps verbatim (not modelled)
NOT_MODELLED = {
    "translate;", "setprop;", "submenu;", "globalhotkey;", "playSound;", "footprint;", "attach;",
    "deselect;", "AreaOfEffect;", "setpieceprop;", "menuSeparator;", "pivot;",
}  # fmt: skip
# traits of custom classes shipped inside VASL, VSQL and BBVassal: unknown to VASSAL itself
MODULE_CUSTOM = {"moved;", "conceal;", "concealment;", "placeDM;", "info;", "turr;", "ScatterTrait"}


def _label(path: Path) -> str:
    return path.relative_to(CORPUS).as_posix()


@cache
def buildfile_bytes(label: str) -> bytes:
    path = CORPUS / label
    if path.suffix == ".vmod":
        with zipfile.ZipFile(path) as z:
            return z.read("buildFile.xml")
    return path.read_bytes()


def definitions(label: str) -> list[tuple[str, str, str]]:
    """(tag, name, text) of every PieceSlot and PrototypeDefinition."""
    parser = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
    root = etree.fromstring(buildfile_bytes(label), parser)
    return [
        (el.tag.rsplit(".", 1)[-1], el.get("name") or "", el.text or "")
        for el in root.iter()
        if isinstance(el.tag, str) and el.tag.endswith((".PieceSlot", ".PrototypeDefinition"))
    ]


def chain_length(text: str) -> int:
    """Levels of a TAB chain, counted independently of Piece."""
    n = 1
    while len(tokens := decode(text, TAB)) == 2:
        n, text = n + 1, tokens[1]
    return n


@cache
def save_commands(path: Path) -> tuple:
    out = []
    for node in parse_tree(read_save(path).text).walk():
        command = parse_command(node.text)
        while isinstance(command, Log):
            command = command.inner
        out.append(command)
    return tuple(out)


def is_piece(command) -> bool:
    return isinstance(command, AddPiece) and not command.is_stack and not command.type.startswith("deck;")


ALL_BUILDFILES = [_label(p) for p in BUILDFILES] + [_label(p) for p in MODULES]


# ----- exact fidelity over the corpus -------------------------------------------


@pytest.mark.parametrize("label", ALL_BUILDFILES)
def test_every_definition_in_a_buildfile_round_trips(label):
    found = definitions(label)
    assert sum(tag == "PieceSlot" for tag, _, _ in found) == PROVENANCE_SLOTS[label]
    traits = 0
    for tag, name, text in found:
        fields = decode(text, "/")
        piece = Piece.from_slot_text(text)
        assert piece.encode() == (fields[2], fields[3]), f"{label} {tag} {name}"
        if fields[1] == "null":
            assert piece.slot_text() == text
        assert len(piece.traits) == chain_length(fields[2])
        assert isinstance(piece.basic, BasicPiece)
        traits += len(piece.traits)
    assert traits == TRAITS_PER_BUILDFILE[label]


def test_the_one_slot_that_carries_an_id():
    # ccnapoleonics has one PieceSlot written with a piece id instead of "null"
    ids = [decode(text, "/")[1] for _, _, text in definitions("ccnapoleonics/dist/buildFile.xml")]
    assert [i for i in ids if i != "null"] == ["1623236847079"]


@pytest.mark.parametrize("path", corpus_saves(), ids=_label)
def test_every_saved_piece_and_state_change_round_trips(path):
    types: dict[str, str] = {}
    pieces = changes = 0
    for command in save_commands(path):
        if is_piece(command):
            piece = Piece.decode(command.type, command.state)
            assert piece.encode() == (command.type, command.state)
            types[command.id] = command.type
            pieces += 1
        elif isinstance(command, ChangePiece) and command.id in types:
            for state in (command.new_state, command.old_state):
                if state is not None:
                    assert Piece.decode(types[command.id], state).encode()[1] == state
                    changes += 1
    assert pieces == sum(map(is_piece, save_commands(path)))
    if path.name == "CCNv4 Tutorial.vlog":
        assert changes == 1028  # every D/ state of the tutorial, old and new


def test_only_unmodelled_or_foreign_traits_are_unknown():
    unknown: Counter[str] = Counter()
    texts = [(f[2], f[3]) for label in ALL_BUILDFILES for _, _, t in definitions(label) for f in [decode(t, "/")]]
    texts += [(c.type, c.state) for path in corpus_saves() for c in save_commands(path) if is_piece(c)]
    for type_text, state_text in texts:
        for trait in Piece.decode(type_text, state_text).traits:
            if isinstance(trait, UnknownTrait):
                unknown[trait.prefix] += 1
    assert set(unknown) == NOT_MODELLED | MODULE_CUSTOM
    assert NOT_MODELLED <= VASSAL_FACTORY and not MODULE_CUSTOM & VASSAL_FACTORY


# ----- real content -------------------------------------------------------------


def engine_pieces() -> dict[str, Piece]:
    return {c.id: Piece.decode(c.type, c.state) for c in save_commands(ENGINE_LOG) if is_piece(c)}


def test_engine_log_red_infantry():
    red = next(p for p in engine_pieces().values() if p.basic.name == "Red Infantry")
    strength, side, basic = red.traits
    assert isinstance(strength, DynamicProperty) and (strength.name, strength.value) == ("Strength", "4")
    assert strength.numeric and (strength.min, strength.max) == (0, 10)
    assert strength.commands[0].key == key("D", CTRL) and strength.commands[0].changer == ("I", "-1")
    assert isinstance(side, Marker) and side.properties() == {"Side": "Red"}
    assert (basic.map_id, basic.x, basic.y, basic.image) == ("Main Map", 100, 143, "red.png")
    assert red.properties == {"Strength": "4", "Side": "Red", "UniqueID": basic.properties()["UniqueID"]}


def test_piece_names_agree_with_the_engines_replay():
    replay = (ENGINE_LOG.parent / "engine-undo-example.replay.txt").read_text()
    final = re.findall(r"^FINAL: .* id=(\d+) '([^']*)'", replay, re.M)
    pieces = engine_pieces()
    assert len(final) == 3
    for piece_id, name in final:
        assert pieces[piece_id].name == name


def test_layer_level_names_and_labels_make_the_piece_name():
    # BBVassal: a "+ (Stunned)"-style level name and a Labeler "$pieceName$ ($label$)"
    saved = save_commands(CORPUS / "BBVassal/quicktest.vsav")
    names = {Piece.decode(c.type, c.state).name for c in saved if is_piece(c)}
    assert "Amazon Linewoman (Blue) (Stunned) (##)" in names
    assert "EndZone_Label_Red (Team Red)" in names


@pytest.mark.parametrize(
    "buildfile, save, pieces",
    [("kassala/vmod/buildFile.xml", "kassala/vmod/Default Setup.vsav", 23),
     ("jzhex/ragnarok/vassal/buildFile.xml", "jzhex/ragnarok/vassal/ragnarok-start.vsav", 99)],
)  # fmt: skip
def test_expanded_palette_pieces_equal_what_vassal_saved(buildfile, save, pieces):
    found = definitions(buildfile)
    prototypes = {name: Piece.from_slot_text(text) for tag, name, text in found if tag == "PrototypeDefinition"}
    palette = {p.basic.gpid: p for p in (Piece.from_slot_text(t) for tag, _, t in found if tag == "PieceSlot")}
    saved = [c for c in save_commands(CORPUS / save) if is_piece(c)]
    assert len(saved) == pieces
    for command in saved:
        piece = Piece.decode(command.type, command.state)
        expanded = palette[piece.basic.gpid].expand(prototypes)
        assert expanded.encode()[0] == command.type
        assert not expanded.find(UsePrototype)


# ----- the format reference's worked example (§4.6, §5.9) ------------------------

EXAMPLE_TYPE = (
    "markmoved;moved.png;-20;-20;Mark Moved;77,130;;false;Mark as moved;;Mark as not moved;\t"
    "delete;Delete;68,130;\\\t"
    "emb2;;130;;Flip;130;;;130;;;;1;false;0;0;ger_inf_1.png,ger_inf_1r.png;,+ (reduced);true;Step;;;false;;1;1;true;;"
    "70,130;;Step reduction;1.0;;true\\\\\tmark;Nation\\\\\\\tpiece;;;ger_inf_1.png;1/28 Inf"
)
EXAMPLE_STATE = "false\t\\\t1\\\\\tGerman\\\\\\\tnull;0;0;42;0"


def example_piece() -> Piece:
    return Piece((
        MarkMoved(image="moved.png", x_offset=-20, y_offset=-20),
        Delete(),
        Layer(name="Step", images=("ger_inf_1.png", "ger_inf_1r.png"), level_names=("", "+ (reduced)"),
              up_command="Flip", increase_key=NamedKeyStroke(70, CTRL), always_active=True,
              description="Step reduction"),
        Marker({"Nation": "German"}),
        BasicPiece("ger_inf_1.png", "1/28 Inf", gpid="42"),
    ))  # fmt: skip


def test_worked_example_built_from_builders():
    piece = example_piece()
    assert piece.encode() == (EXAMPLE_TYPE, EXAMPLE_STATE)
    assert piece.slot_text() == "+/null/" + EXAMPLE_TYPE.replace("1/28", "1\\/28") + "/" + EXAMPLE_STATE
    assert Piece.from_slot_text(piece.slot_text()) == Piece.decode(EXAMPLE_TYPE, EXAMPLE_STATE)


def test_worked_example_step_reduction_changes_name_and_properties():
    piece = Piece.decode(EXAMPLE_TYPE, EXAMPLE_STATE)
    assert piece.name == "1/28 Inf"
    # §5.9 step 2: the Layer goes from state 1 to 2 (level 0 -> 1)
    moved = "true\t\\\t2\\\\\tGerman\\\\\\\tMain Map;1018;600;42;0"
    after = piece.with_state(moved)
    assert after.name == "1/28 Inf (reduced)"
    assert after.properties["Step_Level"] == "2" and after.properties["Step_Name"] == "+ (reduced)"
    assert after.properties["Nation"] == "German"
    assert [(c.index, c.kind) for c in piece.diff(after)] == [(0, "MarkMoved"), (2, "Layer"), (4, "BasicPiece")]
    assert after.layers[0].level == 1 and after.basic.map_id == "Main Map"
    assert piece.with_position("Main Map", 1018, 600).basic.x == 1018
    assert after.encode()[1] == moved


def test_rotator_facing_in_properties():
    piece = Piece((FreeRotator(n_angles=6, name="Facing", state="3"), BasicPiece("a.png", "A")))
    assert piece.properties["Facing_Facing"] == "4" and piece.properties["Facing_Degrees"] == "180"


# ----- prototypes and bad input ----------------------------------------------------


def test_prototype_expansion_inlines_nested_and_drops_comments():
    side = Piece.decode("mark;Side\tcmt;note\\\tpiece;;;;", "Union\t\\\t")
    unit = Piece.decode("prototype;Infantry\\;\tpiece;;;;", "\t")
    infantry = Piece.decode("PROP;Strength;false,0,100,false;;\tprototype;Side\\\tpiece;;;;", "3\t\\\t")
    piece = Piece((UsePrototype("Infantry"), BasicPiece("u.png", "1st Brigade", gpid="5")))
    expanded = piece.expand({"Side": side, "Infantry": infantry, "Unit": unit})
    assert [type(t).__name__ for t in expanded.traits] == ["DynamicProperty", "Marker", "BasicPiece"]
    assert expanded.properties == {"Strength": "3", "Side": "Union"}
    with pytest.raises(FormatError, match="'Missing' is not defined"):
        Piece((UsePrototype("Missing"), BasicPiece())).expand({})
    assert Piece((UsePrototype("Missing"), BasicPiece())).expand({}, strict=False).traits == (BasicPiece(),)
    loop = Piece((UsePrototype("Loop"), BasicPiece()))
    with pytest.raises(FormatError, match="uses itself"):
        loop.expand({"Loop": loop})


def test_prototype_parameters_are_substituted():
    proto = Piece.decode("mark;Side\tpiece;;;;", "$side$\t")
    piece = Piece((UsePrototype("P", parameters="side=Union"), BasicPiece()))
    assert piece.expand({"P": proto}).properties == {"Side": "Union"}


@pytest.mark.parametrize(
    "type_text, state_text, message",
    [
        ("mark;Side\tpiece;;;;", "Union", "does not match"),
        ("mark;Side\tpiece;;;;\tx", "Union\t\tnull", "stray tab-separated text"),
        ("mark;Side", "Union", "must end with its BasicPiece"),
    ],
)
def test_bad_chains_are_clear_errors(type_text, state_text, message):
    with pytest.raises(FormatError, match=message):
        Piece.decode(type_text, state_text)


def test_bad_slot_text_is_a_clear_error():
    with pytest.raises(FormatError, match="must be \\+/id/type/state"):
        Piece.from_slot_text("-/12")


FRAGMENTS = st.sampled_from(
    ["piece;", "emb2;", "mark;", "PROP;", "placemark;", "rotate;", "button;", "+/null/", "\t", "\\\t", ";",
     "\\;", ",", "\\", "'", "/", "1", "-2", "true", "x", "null", "\\\\\t"]
)  # fmt: skip
CHAIN_TEXT = st.lists(FRAGMENTS, max_size=25).map("".join)


@settings(max_examples=400, deadline=None)
@given(CHAIN_TEXT, CHAIN_TEXT)
def test_any_text_is_either_kept_exactly_or_refused_clearly(type_text, state_text):
    try:
        piece = Piece.decode(type_text, state_text)
    except FormatError:
        return
    assert piece.encode() == (type_text, state_text)


def test_deeply_nested_markers_do_not_crash():
    inner = Piece((BasicPiece("m.png", "M"),))
    for _ in range(150):
        inner = Piece((PlaceMarker(marker=inner.slot_text()), BasicPiece("p.png", "P")))
    text = inner.slot_text()
    assert Piece.from_slot_text(text).slot_text() == text
    # the lint walks every level, each placed piece right after the trait that places it
    names = [t.name for t in all_traits(Piece.from_slot_text(text)) if isinstance(t, BasicPiece)]
    assert names == ["M"] + ["P"] * 150
