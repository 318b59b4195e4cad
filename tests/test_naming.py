"""VASSAL's naming rules (``vassal.naming``) on pieces made of real trait kinds; the corpus
comparison with decode-log itself is in ``test_engine_compare.py``."""

from __future__ import annotations

from vassal.naming import PieceNames, Surroundings, Where
from vassal.piece import Piece
from vassal.traits import BasicPiece, CalculatedProperty, DynamicProperty, Labeler, Layer, Marker

HERE = Where("Main Map", 100, 200, "0304", "North", "Board A")


def strength_layer(**changes) -> Layer:
    fields = dict(name="Str", images=("4.png", "3.png", "2.png", "1.png"),
                  level_names=("+ (Strength=4)", "+ (Strength=3)", "+ (Strength=2)", "+ (Strength=1)"),
                  follow_property=True, property_name="{MaxStrength-Strength}", first_level_value=0,
                  always_active=True)
    fields.update(changes)
    return Layer(**fields)


def named(piece: Piece, globals_=None, module_values=None, where: Where = HERE) -> tuple[str, str, list[str]]:
    notes: list[str] = []
    names = PieceNames(Surroundings(globals_ or {}, module_values or {}), notes.append)
    name, state = names.name_and_state(*piece.encode(), where)
    return name, state, notes


def levels(state_text: str, piece: Piece) -> list[int]:
    decoded = Piece.decode(piece.encode()[0], state_text)
    return [t.value for t in decoded.traits if isinstance(t, Layer)]


def test_followed_layer_takes_its_level_from_the_property():
    piece = Piece((strength_layer(value=1), DynamicProperty(name="Strength", value="1"),
                   Marker({"MaxStrength": "4"}), BasicPiece(name="French Light Infantry")))
    name, state, notes = named(piece)
    assert name == "French Light Infantry (Strength=1)" and not notes
    assert levels(state, piece) == [4]  # 4 - 1 - 0 + 1, written back as VASSAL prints it


def test_followed_level_is_kept_within_the_levels_and_unchanged_by_a_bad_value():
    high = Piece((strength_layer(value=2), Marker({"MaxStrength": "40", "Strength": "1"}), BasicPiece(name="U")))
    assert levels(named(high)[1], high) == [4]
    text = Piece((strength_layer(value=2, property_name="Mode"), Marker({"Mode": "x"}), BasicPiece(name="U")))
    assert named(text)[:2] == ("U (Strength=3)", text.encode()[1])


def test_replacing_level_name_leaves_inner_layers_unread():
    """decode-log's state shows an inner followed Layer at its stored level when an outer Layer's
    level name replaces the whole name: VASSAL's getName never read it."""
    outer = Layer(name="Flank", images=("on.png", "off.png"), level_names=("On", "Off"), follow_property=True,
                  property_name="{gActiveSide==Side ? 1 : 2}", always_active=True, value=2)
    inner = Layer(name="Icon", images=("a.png", "b.png"), level_names=("A", "B"), follow_property=True,
                  property_name="{gActiveSide==Side ? 1 : 2}", always_active=True, value=2)
    piece = Piece((outer, inner, Marker({"Side": "Allies"}), BasicPiece(name="side")))
    name, state, _ = named(piece, {("Module", "gActiveSide"): "Allies"})
    assert name == "On" and levels(state, piece) == [1, 2]


def test_labels_read_formats_and_properties_around_the_piece():
    count = Labeler(label="$Draw Deck_numPieces$", name_format="$pieceName$ ($label$)")
    where = Labeler(label='{CurrentMap!="Main Map" ? "off" : "" }', property_name="Where")
    piece = Piece((count, where, BasicPiece(name="Cmd Deck Count")))
    assert named(piece, module_values={"Draw Deck_numPieces": "57"})[0] == "Cmd Deck Count () (57)"
    away = Where("Hand", 0, 0)
    assert named(piece, module_values={"Draw Deck_numPieces": "3"}, where=away)[0] == "Cmd Deck Count (off) (3)"
    # an empty label leaves the name alone, whatever its format
    assert named(Piece((Labeler(label="", name_format="X $label$"), BasicPiece(name="B"))))[0] == "B"


def test_property_lookup_order():
    """The outermost trait first, then the BasicPiece, then zone, map and module properties."""
    label = Labeler(label="$Side$/$Zone$/$Calc$/$CurrentZone$/$LocationName$/$BasicName$")
    piece = Piece((label, Marker({"Side": "outer"}), CalculatedProperty(name="Calc", expression="{Side + 1}"),
                   DynamicProperty(name="Side", value="inner"), BasicPiece(name="P")))
    globals_ = {("Main Map:North", "Zone"): "zone", ("Main Map", "Zone"): "map", ("Module", "Zone"): "module"}
    assert named(piece, globals_)[0] == "P (outer/zone/outer1/North/0304/P)"
    elsewhere = Where("Main Map", 0, 0)
    assert named(piece, globals_, where=elsewhere)[0] == "P (outer/map/outer1///P)"


def test_what_cannot_be_evaluated_falls_back_and_is_noted():
    label = Labeler(label='{Count("{Type==\\"Card\\"}", "Hand")}')
    layer = strength_layer(value=2, property_name="{SumStack(\"Strength\")}")
    piece = Piece((label, layer, BasicPiece(name="U")))
    name, state, notes = named(piece)
    assert name == "U (Strength=3)" and state == piece.encode()[1]
    assert len(notes) == 2 and all("cannot be evaluated" in n for n in notes)


def test_a_name_that_reads_itself_stops():
    piece = Piece((Labeler(label="$PieceName$"), BasicPiece(name="P")))
    name, _, notes = named(piece)
    assert name == "P" and notes


def test_notes_are_bounded():
    notes: list[str] = []
    names = PieceNames(Surroundings({}), notes.append)
    for i in range(50):
        piece = Piece((Labeler(label=f"{{Count{i}()}}"), BasicPiece(name="U")))
        assert names.name_and_state(*piece.encode(), HERE)[0] == "U"
    assert len(notes) == PieceNames.MAX_NOTES + 1 and notes[-1].startswith("more piece names")
