"""The rules that need line of sight, read through the production code on made-up positions laid
on Into the Woods' real maps (the terrain is the player's data: tests/los_terrain.py lays it in
memory, never in sources/). Each is a pure function of the game view at the roll."""
from __future__ import annotations

from dataclasses import dataclass, replace

import pytest

from gamedata.conditions import UNKNOWN, parse_fact
from gamedata.hexids import HexIds
from gamedata.load import load_game
from gamedata.model import Game, MapDef, TerrainHex, Unit
from gamedata.rolls import evaluate, roll_tables
from referee.findings import Severity
from referee.rules import fire_limits
from referee.rules import hidden as hidden_rule
from referee.rules.facts import RollFacts
from referee.rules.history import History
from referee.rules.tables import _Graph
from tests.los_terrain import ITW, laid_game
from tests.rule_views import U as RU
from tests.rule_views import V as RV


@pytest.fixture(scope="module")
def itw() -> Game:
    return load_game(ITW)


def i_am_hit(game: Game, die: int, leader_at: str, enemies: dict[str, str]) -> tuple[object, object, object]:
    """(target.adjacent, target.within-2-los, the reading's result — or its results and the facts
    deciding between them when it is not determined) for Beauregard picked in
    ``leader_at`` with Union regiments at the given hexes."""
    ids = game.terrain.hexids
    units = {u.unit_id: u for u in game.units}
    view = RV(0, {"CS:Beauregard": RU(units["CS:Beauregard"], ids.canonical(ids.parse(leader_at)))}
              | {uid: RU(units[uid], ids.canonical(ids.parse(at))) for uid, at in enemies.items()})
    table = next(t for t in roll_tables(game.tables) if t.table_id == "i-am-hit")
    facts = RollFacts(History(), view, subject=("CS:Beauregard",), graph=_Graph(game))
    reading = evaluate(table, (die,), facts)
    return (facts.value(parse_fact("target.adjacent")), facts.value(parse_fact("target.within-2-los")),
            reading.branch.result if reading.determined else (reading.results, tuple(map(str, reading.deciding))))


def test_i_am_hit_takes_minus_2_within_two_hexes_with_los_and_minus_4_adjacent(itw) -> None:
    """19.0 I am Hit! (L602): killed on 1 or less; -2 when the leader is within two hexes and LOS of
    the roller's units, -4 when adjacent."""
    open_ground = laid_game(itw)
    woods = laid_game(itw, {"S2012": "Thicket"})          # the first thicket blocks (L265)
    union = next(u.unit_id for u in itw.units if u.side == "Union" and u.type == "Inf")
    # adjacent: -4, so a 5 kills and a 6 does not
    assert i_am_hit(open_ground, 5, "S2011", {union: "S2012"})[:2] == (True, True)
    assert i_am_hit(open_ground, 5, "S2011", {union: "S2012"})[2] == "the leader is killed"
    assert i_am_hit(open_ground, 6, "S2011", {union: "S2012"})[2] == "the leader survives"
    # two hexes with LOS: -2, a 3 kills and a 4 does not
    assert i_am_hit(open_ground, 3, "S2011", {union: "S2013"})[:2] == (False, True)
    assert i_am_hit(open_ground, 3, "S2011", {union: "S2013"})[2] == "the leader is killed"
    assert i_am_hit(open_ground, 4, "S2011", {union: "S2013"})[2] == "the leader survives"
    # a thicket between them: no LOS, no modifier: a 3 does not kill, a 1 does
    assert i_am_hit(woods, 3, "S2011", {union: "S2013"})[:2] == (False, False)
    assert i_am_hit(woods, 3, "S2011", {union: "S2013"})[2] == "the leader survives"
    assert i_am_hit(woods, 1, "S2011", {union: "S2013"})[2] == "the leader is killed"
    # three hexes away: no modifier, whatever the terrain
    assert i_am_hit(open_ground, 3, "S2011", {union: "S2014"})[:2] == (False, False)


def test_i_am_hit_waits_for_the_terrain_between_not_for_a_far_unit(itw) -> None:
    union = next(u.unit_id for u in itw.units if u.side == "Union" and u.type == "Inf")
    unknown = laid_game(itw, missing=("S2012",))
    adjacent, within, said = i_am_hit(unknown, 3, "S2011", {union: "S2013"})
    assert (adjacent, within) == (False, UNKNOWN)
    assert said == (("the leader is killed", "the leader survives"), ("target.within-2-los",))
    # the far unit needs no terrain; nor does an adjacent one
    assert i_am_hit(unknown, 3, "S2011", {union: "S2015"})[:2] == (False, False)
    assert i_am_hit(unknown, 5, "S2013", {union: "S2014"})[2] == "the leader is killed"
    # a friendly (Confederate) unit is nobody's target: it changes nothing
    rebel = next(u.unit_id for u in itw.units if u.side == "Confederate" and u.type == "Inf")
    assert i_am_hit(laid_game(itw), 3, "S2011", {rebel: "S2012"})[:2] == (False, False)


# ------------------------------------------------------------------ CWB 19.3d: units on a line of fire

RSS = ITW.parent / "cwb-regimental"
MAP = MapDef("M", "Test map", "", "CCRR", (1, 30), (1, 20), "even")


@pytest.fixture(scope="module")
def rss() -> Game:
    """The sub-series' own rules with made-up regiments on a made-up map (it prints neither)."""
    units = (Unit("26a", "Confederate", "26 NC a", "Inf", formation="B", strength="9"),
             Unit("11", "Confederate", "11 NC", "Inf", formation="B", strength="7"),
             Unit("Bty1", "Confederate", "Bty 1", "Art", formation="B", strength="4"),
             Unit("Ldr", "Confederate", "Pettigrew", "Ldr", formation="B"),
             Unit("U1", "Union", "19 IN", "Inf", formation="U", strength="6"),
             Unit("U2", "Union", "2 WI", "Inf", formation="U", strength="6"))
    return replace(load_game(RSS), maps=(MAP,), units=units)


def fire(game: Game, firer: str, where: dict[str, str], elevation: dict[str, int] | None = None,
         missing: tuple[str, ...] = (), target: str = "U1") -> list[tuple[Severity, str, str]]:
    """One fire of ``firer`` at ``target`` (marked defending) with the units at ``where``: the 19.3d
    findings as (severity, rule, message). Every hex of the map at elevation 1 unless named."""
    elevation = elevation or {}
    laid = replace(game, terrain_hexes=tuple(
        TerrainHex("M", f"{c:02d}{r:02d}", "Clear", elevation=elevation.get(f"{c:02d}{r:02d}", 1))
        for c in range(1, 31) for r in range(1, 21) if f"{c:02d}{r:02d}" not in missing))
    ids = HexIds(laid.maps)
    marks = {uid: {"attacking": "yes" if uid == firer else "no", "defending": "yes" if uid == target else "no"}
             for uid in where}

    def view(step: int, status: dict) -> RV:
        return RV(step, {uid: RU(laid.unit(uid), ids.parse(h), status=status.get(uid, {})) for uid, h in where.items()})
    views = [view(0, {}), view(1, marks), view(2, marks)]
    return [(f.severity, f.rule, f.message) for f in fire_limits.check_fire(laid, [(2, "Lee")], views.__getitem__,
                                                                            "t.vlog") if "line of" in f.message
            or "levels" in f.message]


def test_friendly_troops_block_small_arms_unless_two_levels_below_the_firer(rss) -> None:   # 19.3d 1, L171
    where = {"26a": "1010", "11": "1012", "U1": "1015"}
    ((severity, rule, message),) = fire(rss, "26a", where)
    assert (severity, rule) == (Severity.ERROR, "19.3d 1-2 (rulebook line 171)")
    assert message.startswith("26 NC a fired from 1010 at 1015 through 11 NC (1012): friendly units block it")
    assert fire(rss, "26a", where, {"1010": 3}) == []                   # two levels above them
    assert fire(rss, "26a", where, {"1010": 2}) != []                   # one level is not enough
    assert fire(rss, "26a", where, {"1015": 3}) != []                   # the target's level does not matter
    assert fire(rss, "26a", {**where, "11": "0911"}) == []              # beside the line, not on it


def test_artillery_fires_over_friends_two_levels_below_it_or_the_target_or_at_6_hexes(rss) -> None:  # L173
    where = {"Bty1": "1010", "11": "1012", "U1": "1015"}
    assert [r for _, r, _ in fire(rss, "Bty1", where)] == ["19.3d 1-2 (rulebook line 171)"]
    assert fire(rss, "Bty1", where, {"1015": 3}) == []                  # two levels below the target
    assert fire(rss, "Bty1", {**where, "U1": "1016"}) == []             # a range of 6 hexes


def test_a_friend_next_to_the_target_blocks_whatever_the_levels_and_range(rss) -> None:     # 19.3d 3, L175
    where = {"Bty1": "1010", "11": "1017", "U1": "1018"}
    ((severity, rule, message),) = fire(rss, "Bty1", where, {"1010": 4, "1018": 4})
    assert (severity, rule) == (Severity.ERROR, "19.3d 3 (rulebook line 175)")
    assert "a friendly unit next to the target hex blocks" in message
    # a leader is no troops
    assert fire(rss, "Bty1", {"Bty1": "1010", "Ldr": "1017", "U1": "1018"}) == []


def test_enemy_units_block_small_arms_never_artillery(rss) -> None:                          # 19.3d 4, L177
    where = {"26a": "1010", "Bty1": "0905", "U2": "1013", "U1": "1015"}
    ((severity, rule, message),) = fire(rss, "26a", where)
    assert (severity, rule) == (Severity.ERROR, "19.3d 4 (rulebook line 177)") and "2 WI (1013)" in message
    assert fire(rss, "Bty1", {"Bty1": "1010", "U2": "1013", "U1": "1015"}) == []


def test_a_hexspine_with_a_friend_on_one_side_only_does_not_block(rss) -> None:
    # 1010 to 1410 runs along the spines 1110|1111 and 1310|1311 (odd columns are not shifted)
    assert fire(rss, "26a", {"26a": "1010", "11": "1110", "U1": "1410"}) == []
    assert fire(rss, "26a", {"26a": "1010", "11": "1110", "Bty1": "1111", "U1": "1410"}) != []


def test_levels_not_entered_are_named_the_adjacent_and_enemy_rules_need_none(rss) -> None:
    where = {"26a": "1010", "11": "1012", "U1": "1015"}
    ((severity, _, message),) = fire(rss, "26a", where, missing=("1012",))
    assert severity is Severity.NOT_CHECKED and "levels below it is not known" in message
    assert [s for s, _, _ in fire(rss, "26a", {**where, "11": "1014"}, missing=("1010", "1014"))] == [Severity.ERROR]


# ------------------------------------------------------------------ Atlanta 5.2d.3: hidden units revealed

ATLANTA = ITW.parent / "atlanta"


@dataclass(frozen=True)
class HU(RU):
    piece_id = property(lambda self: self.unit.unit_id)     # the piece is named after its unit here


@pytest.fixture(scope="module")
def atlanta() -> Game:
    """Atlanta's rules and units on map A with made-up terrain: every hex of A10.10-A22.22 Woods (its
    infantry cost, 2 MP, is printed: L611) with plain sides, a City hex where a test says."""
    return load_game(ATLANTA)


def hidden(game: Game, frames: list[dict[str, str]], concealed: dict[str, set[int]], city: tuple[str, ...] = (),
           missing: tuple[str, ...] = (), fires: set[int] = frozenset(), attacking: dict[int, set[str]] = {},
           city_cost: float | None = None) -> list[tuple[Severity, int, str]]:
    """Frames: the units' hexes after each step (0 the start); ``concealed``: unit -> steps after
    which it is concealed; ``city_cost``: a made-up infantry cost of a City hex (not printed).
    Returns (severity, step, message) of the hidden check."""
    costs = tuple(replace(c, cost=city_cost) if (c.move, c.action, c.terrain) == ("infantry", "enter", "City")
                  and city_cost is not None else c for c in game.terrain_costs)
    laid = replace(game, terrain_costs=costs, terrain_hexes=tuple(
        TerrainHex("A", n, "City" if n in city else "Woods", elevation=1, sides_complete=True)
        for c in range(10, 23) for r in range(10, 23) if (n := f"A{c}.{r:02d}") not in missing))
    ids = laid.terrain.hexids
    views = [RV(i, {uid: HU(laid.unit(uid), ids.parse(h), status={"attacking": "yes" if uid in attacking.get(i + 1, ())
                                                                     else "no"})
                    for uid, h in frame.items()}) for i, frame in enumerate(frames)]
    found = hidden_rule.check_hidden(laid, list(range(1, len(frames))), views.__getitem__,
                                     lambda pid, step: step in concealed.get(pid, ()), set(fires), "t.vlog")
    return [(f.severity, f.step, f.message) for f in found]


REB, YANK = "Cheatham supply", "Ohio HQ"


def test_the_rows_are_the_rulebooks(atlanta) -> None:
    rules = hidden_rule.HiddenRules.of(atlanta)
    assert (rules.sight, rules.mp, rules.on_move) == (6, {"Confederate": 3.0}, frozenset({"Confederate"}))


def test_a_hidden_unit_a_union_unit_sees_within_6_hexes_is_revealed_by_its_sides_next_action(atlanta) -> None:
    reb, yank, other = atlanta.unit(REB), atlanta.unit(YANK), "Stw HQ"
    assert reb.type == "Sup" and yank.type == "HQ"
    # combat units reveal: a Union infantry division moves to 5 hexes from the hidden unit (line of sight clear)
    union_inf = next(u.unit_id for u in atlanta.units if u.side == "Union" and u.type == "Inf")
    reb_inf = next(u.unit_id for u in atlanta.units if u.side == "Confederate" and u.type == "Inf")
    start = {reb_inf: "A15.15", union_inf: "A15.22", other: "A20.20"}
    seen = {**start, union_inf: "A15.20"}
    moved_other = {**seen, other: "A20.21"}
    always = {reb_inf: {0, 1, 2, 3}}
    ((severity, step, message),) = hidden(atlanta, [start, seen, moved_other], always)
    assert (severity, step) == (Severity.ERROR, 2)
    assert message.startswith(f"{atlanta.unit(reb_inf).name} is still hidden in A15.15 when its side acts again")
    # revealed at its side's next action: silent
    assert hidden(atlanta, [start, seen, moved_other], {reb_inf: {0, 1}}) == []
    # a City hex between them blocks the line (1.6, L66): nothing to reveal
    assert hidden(atlanta, [start, seen, moved_other], always, city=("A15.17",)) == []
    # six hexes away is within 6 (L815)
    six = {**start, union_inf: "A15.21"}
    assert [st for _, st, _ in hidden(atlanta, [start, six, six | {other: "A20.21"}], always)] == [2]
    # only the Union moves on: the hidden side has not acted yet; it acts at step 3
    union_again = {**seen, union_inf: "A14.20"}
    assert hidden(atlanta, [start, seen, union_again], always)[0][0] is Severity.NOT_CHECKED
    assert [st for _, st, _ in hidden(atlanta, [start, seen, union_again, union_again | {other: "A20.21"}],
                                      {reb_inf: {0, 1, 2, 3}})] == [3]
    # seven hexes away: out of sight
    assert hidden(atlanta, [start, {**start, union_inf: "A15.22"}, moved_other | {union_inf: "A15.22"}], always) == []
    # the terrain between not entered: not checked, naming the cell
    ((severity, _, message),) = hidden(atlanta, [start, seen, moved_other], always, missing=("A15.17",))
    assert severity is Severity.NOT_CHECKED and "not known" in message


def test_a_hidden_confederate_unit_that_moves_or_fires_is_revealed(atlanta) -> None:
    reb_inf = next(u.unit_id for u in atlanta.units if u.side == "Confederate" and u.type == "Inf")
    start = {reb_inf: "A12.12"}
    moved, again = {reb_inf: "A12.13"}, {reb_inf: "A12.14"}
    ((severity, step, message),) = hidden(atlanta, [start, moved, again], {reb_inf: {0, 1, 2}})
    assert (severity, step) == (Severity.ERROR, 2) and "it moved A12.12 -> A12.13" in message
    assert hidden(atlanta, [start, moved, again], {reb_inf: {0, 1}}) == []
    # still hidden when the log ends: a note, not an error
    ((severity, _, _),) = hidden(atlanta, [start, moved], {reb_inf: {0, 1}})
    assert severity is Severity.NOT_CHECKED
    # fired while hidden (marked attacking at a fire roll), then its side moves on
    fired = hidden(atlanta, [start, start, again], {reb_inf: {0, 1, 2}}, fires={1}, attacking={1: {reb_inf}})
    assert [(s, st) for s, st, _ in fired] == [(Severity.ERROR, 2)] and "it fired from A12.12" in fired[0][2]


def test_a_union_unit_within_3_mp_reveals_by_the_charts_costs(atlanta) -> None:
    """Woods cost infantry 2 MP (L611); the City hex between, which blocks the line of sight, costs
    what the test makes up (the rulebook prints no City cost): 1 MP, and the Union division two
    hexes off is 3 MP from the hidden unit: revealed; 2 MP, 4 MP away either way: not."""
    reb_inf = next(u.unit_id for u in atlanta.units if u.side == "Confederate" and u.type == "Inf")
    union_inf = next(u.unit_id for u in atlanta.units if u.side == "Union" and u.type == "Inf")
    other = "Stw HQ"
    always = {reb_inf: {0, 1, 2}}
    far = {reb_inf: "A15.15", union_inf: "A15.19", other: "A20.20"}
    two = {**far, union_inf: "A15.17"}
    frames = [far, two, two | {other: "A20.21"}]
    ((severity, step, message),) = hidden(atlanta, frames, always, city=("A15.16",), city_cost=1)
    assert (severity, step) == (Severity.ERROR, 2) and "came within 3 MP" in message
    assert hidden(atlanta, frames, always, city=("A15.16",), city_cost=2) == []
    # the City's cost not printed: whether 3 MP reach is not known, and said so
    ((severity, _, _),) = hidden(atlanta, frames, always, city=("A15.16",))
    assert severity is Severity.NOT_CHECKED
