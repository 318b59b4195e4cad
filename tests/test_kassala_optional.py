"""Kassala's optional rules (rules.md section IV, lines 299-338) as the classic family's data:
rules.xlsx Parameters `option.<name>` (no = the basic game; the players put one in play with
`yes` in player/rules.xlsx) and the rows an option reads while in play (`cannon:<key>`), and
combat.xlsx's Combat Modifiers row for mixed attacks (`option(mixed-attacks)`), read by
referee/rules/classic*.py. Made-up positions on the real game (the digitized map, the printed
counters and CRT) through the production checks; each rule caught under its option, the basic
game judging the same position by the basic rules, and the check saying which set it used."""
from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace

import pytest
from shiloh_game import View, Views

from gamedata import load_game
from gamedata.workbook import SheetData, write_workbook
from referee.findings import Severity
from referee.rules.classic import Options
from referee.rules.classic_move import check_movement
from referee.rules.combat import check_combat
from referee.rules.setup import setup_findings

KASSALA = Path(__file__).resolve().parents[1] / "sources" / "kassala"
T1 = 1
ONCE = "II.E.2, II.E.4 (rulebook line 265)"


@pytest.fixture(scope="module")
def basic():
    return load_game(KASSALA)


def playing(game, *options: str, without: tuple[str, ...] = ()):
    """The game with ``options`` in play (as player/rules.xlsx would say) and rows ``without`` gone."""
    rows = tuple(replace(p, value="yes") if p.key.removeprefix("option.") in options and p.key.startswith("option.")
                 else p for p in game.rule_parameters if p.key not in without)
    return replace(game, rule_parameters=rows)


def setup(game) -> dict[str, str]:
    (scenario,) = game.scenarios
    return {s.unit_id: s.location for s in scenario.setup}


def at(base: dict, **moved: str | None) -> dict:
    out = dict(base)
    out.update({k.replace("_", "-"): v for k, v in moved.items()})
    return out


def context(game, frames, texts=None, rolls=None):
    """Stand-in views of a log whose step i shows frames[i] = (side of the player, {unit: hex})."""
    ids = game.terrain.hexids
    turn = SimpleNamespace(id=T1, label="Turn 1")
    views = Views(View(i, {u: SimpleNamespace(unit=game.unit(u), hex=ids.parse(h) if h else None, map="main",
                                              location=h or "", status={}, strength="unknown", unit_id=u,
                                              name=game.unit(u).name, side=game.unit(u).side)
                           for u, h in placed.items()}, turn, SimpleNamespace(scenario_id="kassala"))
                  for i, (_side, placed) in enumerate(frames))
    views.scenario = SimpleNamespace(scenario_id="kassala")
    steps = [SimpleNamespace(index=i, player=f[0], side=f[0], is_undo=False, undoes=None,
                             rolls=tuple(SimpleNamespace(step=i, player=f[0], purpose="1d6", dice=(d,), sides=6,
                                                         text=f"1d6: {d}") for d in (rolls or {}).get(i, ())),
                             texts=tuple((texts or {}).get(i, ())))
             for i, f in enumerate(frames) if i]
    return SimpleNamespace(game=game, views=views,
                           log=SimpleNamespace(steps=steps, label="t.vlog", replay=SimpleNamespace(steps=steps)),
                           carried=None, previous=None, passed=None)


def errors(found):
    return [f for f in found if f.severity is Severity.ERROR]


def said(found):
    return [f.message for f in found if f.severity is Severity.INFO and f.rule.startswith("optional rules")]


# -- the switch ---------------------------------------------------------------------------------

def test_the_basic_game_by_default_and_the_players_layer_puts_an_option_in_play(basic, tmp_path):
    assert Options.of(basic).playing == ()
    assert {n for n, _, _ in Options.of(basic).known} == {"cannon", "free-deployment", "mixed-attacks"}
    folder = tmp_path / "kassala"
    shutil.copytree(KASSALA, folder)
    write_workbook(folder / "player" / "rules.xlsx", [SheetData("Parameters", ["key", "value"],
                                                                [{"key": "option.cannon", "value": "yes"}])])
    assert Options.of(load_game(folder)).playing == ("cannon",)


# -- IV.A.2: three cannon and one other unit --------------------------------------------------------

def _stack(game, *movers: tuple[str, str]):
    start = setup(game)
    frames = [("Moslem", start)]
    for uid, to in movers:
        frames.append(("Moslem", at(frames[-1][1], **{uid.replace("-", "_"): to})))
    return errors(check_movement(context(game, frames)))


def test_one_unit_may_join_the_three_cannon_only_with_the_cannon_rules(basic):
    # the Turkish infantry (0301) steps onto the three Moslem cannon (0302)
    [f] = _stack(basic, ("mos-inf-turkish", "0302"))
    assert "at most 1 unit(s) in a hex" in f.message and "II.D.9" in f.rule
    assert _stack(playing(basic, "cannon"), ("mos-inf-turkish", "0302")) == []
    # a second unit (the Egyptian infantry, 0402) is one too many even then
    [f] = _stack(playing(basic, "cannon"), ("mos-inf-turkish", "0302"), ("mos-inf-egyptian", "0302"))
    assert f.pieces[0] == "Egyptian-Sudanese Infantry" and "besides Cannon" in f.message
    assert "II.D.9" in f.rule


# -- IV.A.5-7: the cannon's attacks -----------------------------------------------------------------

# Open plain around 0604: the Portuguese infantry there; the Turkish infantry next to it (0603),
# a Moslem cannon two hexes away (0602, the Arab cavalry set up there moved out to 0501), the
# Turkish cavalry next to it (0503).
FIELD = {"chr-inf-portuguese-n": "0604", "mos-inf-turkish": "0603", "mos-cannon-1": "0602", "mos-cav-arab-w": "0501",
         "mos-cav-turkish": "0503"}
HOME = {"mos-cav-turkish": "0401"}


def _fight(game, chat: str, die: int, removed: tuple[str, ...] = (), field=FIELD, mover="mos-inf-nubian-sw"):
    """A Moslem portion: a move far away, the chat line and the roll, the removals, then the
    Christian player moves (the stage closes)."""
    start = at(setup(game), **{k.replace("-", "_"): v for k, v in field.items()})
    moved = at(start, **{mover.replace("-", "_"): "0101"})
    after = at(moved, **{u.replace("-", "_"): None for u in removed})
    frames = [("Moslem", start), ("Moslem", moved), ("Moslem", moved), ("Moslem", after),
              ("Christian", at(after, chr_inf_galla_n="0803"))]
    return list(check_combat(context(game, frames, texts={2: (chat,)}, rolls={2: (die,)})))


def test_a_cannon_attacks_two_hexes_away_only_with_the_cannon_rules(basic):
    chat = "mos-cannon-1 and mos-inf-turkish attack chr-inf-portuguese-n"
    # die 1 at 5-4 (1-1): Contact
    [f] = errors(_fight(basic, chat, 1, field=FIELD | HOME))
    assert "which is not next to it" in f.message
    assert errors(_fight(playing(basic, "cannon"), chat, 1, field=FIELD | HOME)) == []


def test_a_cannon_three_hexes_away_or_with_no_friend_next_to_its_target_may_not(basic):
    cannon = playing(basic, "cannon")
    far = FIELD | HOME | {"mos-cannon-1": "0601", "mos-cav-mamluk-w": "0201"}
    [f] = errors(_fight(cannon, "mos-cannon-1 and mos-inf-turkish attack chr-inf-portuguese-n", 1, field=far))
    assert "3 hexes away: a Cannon attacks up to 2 hexes away" in f.message and "IV.A.5 (rulebook line 313)" == f.rule
    alone = FIELD | HOME | {"mos-inf-turkish": "0301"}
    [f] = errors(_fight(cannon, "mos-cannon-1 attacks chr-inf-portuguese-n", 1, field=alone))
    assert "next to no other Moslem unit" in f.message and f.rule == "IV.A.6 (rulebook line 315)"


def test_a_cannon_beyond_adjacency_suffers_no_attacker_eliminated(basic):
    chat = "mos-cannon-1 and mos-inf-turkish attack chr-inf-portuguese-n"
    field = FIELD | HOME
    cannon = playing(basic, "cannon")
    # die 6 at 1-1: AE; the Turkish infantry goes, the cannon two hexes away stays
    found = _fight(cannon, chat, 6, ("mos-inf-turkish",), field=field)
    assert errors(found) == []
    [f] = errors(_fight(cannon, chat, 6, ("mos-inf-turkish", "mos-cannon-1"), field=field))
    assert "was removed, but the result AE does not remove it" in f.message and f.pieces == ("Moslem Cannon",)
    assert "attacked from beyond adjacency: no attacker result for it (IV.A.7.a (rulebook line 319))" in f.message
    # without the row the cannon would be owed
    [f] = errors(_fight(playing(basic, "cannon", without=("cannon:attack.ranged-safe",)), chat, 6,
                        ("mos-inf-turkish",), field=field))
    assert "still on the map" in f.message and f.pieces == ("Moslem Cannon",)


# -- IV.A.7.b: bombardment (the example of play, V.E, line 367) ------------------------------------

# The Turkish infantry (0603) is next to the Portuguese infantry (0604) and the Native cavalry
# (0503); the cannon (0602) bombards the Portuguese, so the Turkish infantry attacks the cavalry alone.
EXAMPLE = {"chr-inf-portuguese-n": "0604", "chr-cav-native": "0503", "mos-inf-turkish": "0603", "mos-cannon-1": "0602",
           "mos-cav-arab-w": "0501"}


def _bombard(game, chat: tuple[str, ...]):
    start = at(setup(game), **{k.replace("-", "_"): v for k, v in EXAMPLE.items()})
    moved = at(start, mos_inf_nubian_sw="0101")
    frames = [("Moslem", start), ("Moslem", moved), ("Moslem", moved), ("Moslem", moved),
              ("Christian", at(moved, chr_inf_galla_n="0803"))]
    return list(check_combat(context(game, frames, texts={2: chat[:1], 3: chat[1:]}, rolls={3: (2,)})))


def test_a_bombardment_counts_as_the_attack_its_target_must_suffer(basic):
    chat = ("mos-cannon-1 bombards chr-inf-portuguese-n", "mos-inf-turkish attacks chr-cav-native")
    assert errors(_bombard(playing(basic, "cannon"), chat)) == []
    [f] = errors(_bombard(basic, chat))
    assert "Portuguese Infantry (0604) was next to a Moslem unit" in f.message and "was not attacked" in f.message
    # as players write it, by the order of battle's names (three Moslem Cannon, two Portuguese
    # Infantry): the ones in reach of each other are meant
    named = ("Moslem Cannon bombards Portuguese Infantry", "Turkish Infantry attacks Native Cavalry")
    assert errors(_bombard(playing(basic, "cannon"), named)) == []
    two = ("mos-cannon-1 and mos-cannon-2 bombard chr-inf-portuguese-n", chat[1])
    found = errors(_bombard(playing(basic, "cannon"), two))
    assert any("a bombardment is a solitary attack by one Cannon unit" in f.message for f in found)
    assert any(f.rule == "IV.A.7.b (rulebook line 321)" for f in found)


# -- IV.C: mixed attacks ----------------------------------------------------------------------------

def test_infantry_and_cavalry_together_one_column_higher(basic):
    # the rules' own example: the Turkish 4-3 cavalry and 4-2 infantry against a Portuguese 4-2,
    # 2-1 becomes 3-1; die 2 is C at 2-1 and DE at 3-1
    field = FIELD | {"mos-cannon-1": "0302"}
    chat = "mos-cav-turkish and mos-inf-turkish attack chr-inf-portuguese-n"
    mixed = playing(basic, "mixed-attacks")
    assert errors(_fight(mixed, chat, 2, ("chr-inf-portuguese-n",), field=field)) == []
    [f] = errors(_fight(mixed, chat, 2, field=field))
    assert "still on the map" in f.message and "3-1" in f.message
    [f] = errors(_fight(basic, chat, 2, ("chr-inf-portuguese-n",), field=field))
    assert "the result C does not remove it" in f.message
    # two infantry are no mixed attack
    two = field | HOME | {"mos-inf-egyptian": "0503"}
    [f] = errors(_fight(mixed, "mos-inf-egyptian and mos-inf-turkish attack chr-inf-portuguese-n", 2,
                        ("chr-inf-portuguese-n",), field=two))
    assert "the result C does not remove it" in f.message


def test_the_check_says_which_rules_it_judged_by(basic):
    field = FIELD | {"mos-cannon-1": "0302"}
    chat = "mos-cav-turkish and mos-inf-turkish attack chr-inf-portuguese-n"
    [words] = said(_fight(basic, chat, 2, field=field))
    assert words.startswith("judged by the basic rules") and "IV.C (rulebook line 335)" in words
    [words] = said(_fight(playing(basic, "mixed-attacks", "cannon"), chat, 2, field=field))
    assert words.startswith("judged with the optional rules cannon, mixed-attacks in play")
    assert "not in play: free-deployment" in words


def test_a_type_that_stacks_apart_counts_only_against_its_own_limit(basic):
    # generic reading of stacking.apart, on a made-up row: cavalry one a hex besides the others
    cavalry = replace(basic, rule_parameters=tuple(
        replace(p, value="Cannon: 3; Cavalry: 1") if p.key == "cannon:stacking.apart" else p
        for p in playing(basic, "cannon").rule_parameters))
    # the Turkish cavalry (0401) joins the Turkish infantry (0301)
    assert _stack(cavalry, ("mos-cav-turkish", "0301")) == []
    [f] = _stack(playing(basic, "cannon"), ("mos-cav-turkish", "0301"))
    assert f.pieces[0] == "Turkish Cavalry" and "II.D.9" in f.rule
    # a second cavalry unit is one too many, under the row's own rule
    [f] = _stack(cavalry, ("mos-cav-turkish", "0301"), ("mos-cav-mamluk-w", "0301"))
    assert "at most 1 Cavalry unit(s), besides the others" in f.message and f.rule == "IV.A.2 (rulebook line 307)"


# -- IV.B: free deployment ---------------------------------------------------------------------------

def test_the_dotted_line_parts_the_map_and_the_printed_set_up_lies_on_each_sides_own_part(basic):
    """game.toml [[areas]] south-/north-of-dotted-line (IV.B.1-2, lines 331-333): every played hex
    in one of them, and the printed set-up (II.A.1, the symbols on the map: scenarios.xlsx) has
    each Christian unit south and each Moslem unit north of the line."""
    areas = {a.code: set(a.hexes) for a in basic.areas}
    south, north = areas["south-of-dotted-line"], areas["north-of-dotted-line"]
    played = {t.hex for t in basic.terrain_hexes if t.terrain != "Off-map"}
    assert south | north == played and not south & north
    for uid, where in setup(basic).items():
        assert where in (north if basic.unit(uid).side == "Moslem" else south), (uid, where)
    ids, graph = basic.terrain.hexids, basic.terrain.graph
    # the line runs from the west edge to the east edge: each part is one piece of the map
    for part in (south, north):
        seen, todo = set(), [min(part)]
        while todo:
            h = todo.pop()
            if h in seen:
                continue
            seen.add(h)
            todo += [n for n in (ids.format(x) for x in graph.neighbours(ids.parse(h))) if n in part]
        assert seen == part


def test_each_cannon_of_the_stack_bombards_once(basic):
    """The three Moslem cannon stacked in 0302 (II.A.1), the Portuguese infantry in Udaka (0304)
    two hexes away and next to the Turkish infantry (0204): "Moslem Cannon bombards ..." names
    the three; each line is one cannon's, the first that has not attacked."""
    cannon = playing(basic, "cannon")
    start = at(setup(basic), mos_inf_turkish="0204")
    moved = at(start, mos_inf_nubian_sw="0101")
    line = "Moslem Cannon bombards chr-inf-portuguese-n"
    frames = [("Moslem", start), ("Moslem", moved), ("Moslem", moved), ("Moslem", moved), ("Moslem", moved),
              ("Moslem", moved), ("Christian", at(moved, chr_inf_galla_n="0803"))]

    def bombard(lines):
        found = check_combat(context(cannon, frames, texts={2 + i: (t,) for i, t in enumerate(lines)}))
        return [f for f in errors(found) if f.rule in ("IV.A.7.b (rulebook line 321)", ONCE)]
    assert bombard([line] * 3) == []
    [f] = bombard([line] * 4)
    assert (f.step, f.rule) == (5, ONCE)
    assert f.message == "Moslem Cannon bombarded after attacking this turn: each unit attacks once a turn"


# -- II.E.2, II.E.4 (basic game): once a turn -------------------------------------------------------

def test_a_unit_attacks_and_is_attacked_once_a_turn(basic):
    """The Turkish infantry (0603) and cavalry (0503) each attack the Portuguese infantry (0604):
    the second roll attacks it again. The twin: the cavalry attacks the Native cavalry (0504)."""
    field = FIELD | {"mos-cannon-1": "0302", "chr-cav-native": "0504"}
    start = at(setup(basic), **{k.replace("-", "_"): v for k, v in field.items()})
    moved = at(start, mos_inf_nubian_sw="0101")
    frames = [("Moslem", start), ("Moslem", moved), ("Moslem", moved), ("Moslem", moved),
              ("Christian", at(moved, chr_inf_galla_n="0803"))]

    def fights(second):
        texts = {2: ("mos-inf-turkish attacks chr-inf-portuguese-n",), 3: (second,)}
        return errors(check_combat(context(basic, frames, texts=texts, rolls={2: (1,), 3: (2,)})))
    [f] = [f for f in fights("mos-cav-turkish attacks chr-inf-portuguese-n") if f.rule == ONCE]
    assert f.step == 3 and f.message.startswith("Portuguese Infantry (0604) was attacked a second time")
    assert fights("mos-cav-turkish attacks chr-cav-native") == []


def _set_up(game, placed):
    (scenario,) = game.scenarios
    view = context(game, [("Moslem", placed)]).views.at(0)
    return [f for f in setup_findings(view, scenario, game, "t.vlog") if f.severity is Severity.ERROR]


def test_free_deployment_sets_each_side_up_anywhere_on_its_side_of_the_line(basic):
    """The set-up check (II.A.1 printed hexes) against a freely deployed start: the Turkish
    infantry in 0403 (north), the Portuguese slaves in 0605 (south). The basic game finds both off
    their printed hexes; with free deployment they are in their areas; a Moslem unit south of the
    line (0303) is caught with IV.B.2's row."""
    free = playing(basic, "free-deployment")
    placed = at(setup(basic), mos_inf_turkish="0403", chr_inf_portuguese_slaves="0605")
    assert sorted(f.pieces[0] for f in _set_up(basic, placed)) == ["Portuguese Slave Infantry", "Turkish Infantry"]
    assert _set_up(free, placed) == []
    [f] = _set_up(free, at(placed, mos_inf_turkish="0303"))
    assert f.pieces == ("Turkish Infantry",) and "north-of-dotted-line" in f.message
    assert f.rule.endswith("kassala set-up table (rules.xlsx Parameters row 19, rulebook L333)")


def test_a_cannon_attacking_alone_is_not_rolled_for(basic):
    """IV.A.7.b-c: the cannon alone against the Portuguese infantry two hexes away, next to the
    Turkish infantry, rolled anyway (die 6, 1-4: AE): a warning, and the roll removes nothing — the
    cannon taken off after it is an error; the basic game reads the same attack as a ranged error."""
    cannon = playing(basic, "cannon")
    field = FIELD | HOME
    chat = "mos-cannon-1 attacks chr-inf-portuguese-n"
    found = _fight(cannon, chat, 6, ("mos-cannon-1",), field=field)
    [w] = [f for f in found if f.severity is Severity.WARNING]
    assert w.step == 2 and "attacked alone" in w.message and w.rule == "IV.A.7.b (rulebook line 321)"
    results = lambda found: [f for f in errors(found) if not f.rule.startswith("II.E.3")]  # noqa: E731
    [e] = results(found)     # (the Turkish infantry's own attack is owed too: II.E.3)
    assert "Moslem Cannon was removed, but the result C does not remove it" in e.message
    [w] = [f for f in _fight(cannon, chat, 6, field=field) if f.severity is Severity.WARNING]
    assert results(_fight(cannon, chat, 6, field=field)) == [] and "not rolled for" in w.message


def test_a_cannon_in_a_combined_attack_need_reach_only_one_defender(basic):
    """IV.A.7.a (line 319): a cannon in a combined attack "must be within two hexes of at least one
    of the units being attacked": the cannon (0602) and the Turkish infantry (0704) attack both
    Portuguese infantry, 0604 (2 hexes from the cannon) and 0705 (4)."""
    cannon = playing(basic, "cannon")
    field = FIELD | HOME | {"mos-inf-turkish": "0704", "chr-inf-portuguese-s": "0705"}
    both = "mos-cannon-1 and mos-inf-turkish attack chr-inf-portuguese-n and chr-inf-portuguese-s"
    reach = lambda found: [f for f in errors(found) if f.rule.startswith(("IV.A", "Combat"))]  # noqa: E731
    assert reach(_fight(cannon, both, 3, field=field)) == []     # 5 to 8, 1-2: die 3 is C
    far = "mos-cannon-1 and mos-inf-turkish attack chr-inf-portuguese-s"
    [f] = reach(_fight(cannon, far, 3, field=field))
    assert "Portuguese Infantry, 4 hexes away" in f.message and f.rule == "IV.A.5 (rulebook line 313)"
