"""Into the Woods' chain-of-command limits and Shiloh Branch's bridge, on game views made up
for each rule (stand-ins with the game view's fields; the planted logs in test_rule_logs run
the same checks on logs VASSAL replays).

4.33 (L176): no attachments of artillery or cavalry to brigades before 9 AM April 6th.
4.32 (L172): no CSA brigade with more than two batteries unless it starts with more.
9.44 (L315): the bridge hex S2610 closed to tracing in first-day scenarios starting at 8 AM or
earlier until no Union unit is within four hexes; then open for good.
10.92 (L399): +3 for Union resupply rolls until the end of 10 AM on a first day.
4.25 (L156, L160): Unassigned units have at most 3 AMs a turn; 4.11 (L105): each overall
Confederate commander places at most two brigades in Direct Command — both counted from the
chat lines that declare them.
"""
from __future__ import annotations

from pathlib import Path

from types import SimpleNamespace

import pytest

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.rules.command import Tracer
from referee.findings import Severity
from referee.rules.declared import Declarations
from referee.rules.gbacw import Bridge, _attachments
from rule_views import Scenario, U, V

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"


@pytest.fixture(scope="module")
def itw():
    return load_game(ITW)


def view(game, step, turn_id, placed):
    ids = HexIds(game.maps)
    turn = next(t for t in game.turns if t.id == turn_id)
    units = {}
    for uid, (where, formation) in placed.items():
        unit = game.unit(uid)
        units[uid] = U(unit, ids.parse(where), formation or unit.formation or unit.command)
    return V(step, units, turn, Scenario("S2"))


GLADDEN = {"CS:Gladden": ("S3922", ""), "CS:Robertson Bty": ("S4023", "")}


def attach(game, turn_id, batteries):
    before = view(game, 0, turn_id, {**GLADDEN, **{b: ("S3922", "") for b in batteries}})
    after = view(game, 1, turn_id, {**GLADDEN, **{b: ("S3922", "1/2/2") for b in batteries}})
    return list(_attachments(game, before, after, "t.vlog", "Beauregard", Tracer(game)))


def test_no_artillery_attached_before_9_am_april_6(itw):
    (f,) = attach(itw, 15, ["CS:Girardey Bty"])
    assert f.message == "Girardey Bty attached to 1/2/2 on 1862-04-06 08:00, before 1862-04-06 09:00"
    assert f.rule == "4.33 (rulebook line 176)" and f.step == 1
    assert attach(itw, 16, ["CS:Girardey Bty"]) == []


def test_no_brigade_with_more_than_two_batteries(itw):
    (f,) = attach(itw, 17, ["CS:Girardey Bty", "CS:Hudson Bty"])
    assert f.message.startswith("1/2/2 has 3 batteries (")
    assert f.rule == "4.32 (rulebook line 172)" and set(f.pieces) == {"Robertson Bty", "Girardey Bty", "Hudson Bty"}


def test_shiloh_branch_bridge_closed_until_no_union_unit_within_four_hexes(itw):
    bridge = Bridge(itw, Tracer(itw))
    near = view(itw, 1, 15, {"US:25 MO": ("S2614", "")})          # four hexes from S2610
    assert [str(h.column) + str(h.row) for h in bridge.closed(near)] == ["2610"]
    away = view(itw, 2, 15, {"US:25 MO": ("S2615", "")})          # five
    assert bridge.closed(away) == frozenset()
    assert bridge.closed(near) == frozenset()                     # open for good
    late = Bridge(itw, Tracer(itw))                                # Scenario 4 starts at 11 AM
    assert late.closed(V(1, near.units, near.turn, Scenario("S4"))) == frozenset()


def test_union_resupply_rolls_add_three_until_the_end_of_10_am(itw):
    from rule_terrain import patch

    from gamedata.rolls import roll_tables
    from referee.dice import Roll
    from referee.rules.gbacw import Supply, _roll
    from referee.table_rolls import TableRoll

    game = patch(itw, roads=[["S2012", "S2112", "S2212"]])
    table = next(t for t in roll_tables(game.tables) if t.table_id == "ammo-resupply")

    def rolled(turn_id, die):
        v = view(game, 2, turn_id, {"US:25 MO": ("S2112", "")})
        rolls = [TableRoll(Roll(1, "Grant", table.name, (die,), 10, ""), table, (die,), "the table's own button")]
        supply = Supply(game, Tracer(game))
        return [f.message for f in _roll(game, supply, v, v.unit("US:25 MO"), 2, "t.vlog", "Grant", rolls, set(),
                                         camp=False, only_camp=False)]

    assert rolled(15, 6) == ["25 MO resupplied at S2112 on a failed roll: 6 +1 (on a Road, Union, first day to "
                             "10 AM) = 7, more than 4"]
    assert rolled(15, 3) == []                  # 3 - 2 + 3 = 4
    assert rolled(17, 6) != [] and rolled(18, 6) == []     # 10 AM still +3; 11 AM: 6 - 2 = 4


def test_unbrigaded_regiments_attach_only_within_the_brigadiers_range(itw):
    # 4.24 (L150): 15 IA, 16 IA and 23 MO "may not attach to a brigade until within the range of the
    # brigade commander"; Peabody's range (printed on his counter) made up: 4 MP over Field at 1 MP
    from rule_terrain import patch
    game = patch(itw, ranges={"US:Peabody": 4})

    def attached(where):
        placed = {"US:Peabody": ("S2515", ""), "US:23 MO": (where, "")}
        before = view(game, 0, 17, placed)
        after = view(game, 1, 17, {**placed, "US:23 MO": (where, "1/6/T")})
        return list(_attachments(game, before, after, "t.vlog", "Grant", Tracer(game)))

    assert attached("S2519") == []
    (f,) = attached("S2520")
    assert f.message == ("23 MO attached to 1/6/T at S2520 out of range: 23 MO at S2520 was 5 MP from Peabody at "
                         "S2515, beyond his 4 MP command range")
    assert f.rule == "4.24 (rulebook line 150)" and [p.name for p in f.path] == [
        "S2515", "S2516", "S2517", "S2518", "S2519", "S2520"]


def test_a_camp_resupply_rolls_two_or_less_without_a_supply_line(itw):
    # 10.92 (L395): "in an infantry Camp ... with a DR of 2 or less", no line of supply, first day only;
    # 25 MO's camp S3514 (L1224) on the made-up patch, with no road or lane near
    from rule_terrain import patch

    from gamedata.rolls import roll_tables
    from referee.dice import Roll
    from referee.rules.gbacw import check_supply
    from referee.table_rolls import TableRoll

    game = patch(itw, columns=range(30, 40), rows=range(10, 20))
    table = next(t for t in roll_tables(game.tables) if t.table_id == "ammo-resupply")

    def resupplied(turn_id, die):
        low, full = view(game, 0, turn_id, {"CS:15 AR": ("S3514", "")}), view(game, 2, turn_id, {"CS:15 AR": ("S3514", "")})
        unit = low.unit("CS:15 AR")
        low.units["CS:15 AR"] = U(unit.unit, unit.hex, "2/-/3", status={"ammo": "low"})
        full.units["CS:15 AR"] = U(unit.unit, unit.hex, "2/-/3", status={"ammo": "none"})
        rolls = [TableRoll(Roll(1, "Hardee", table.name, (die,), 10, ""), table, (die,), "the table's own button")]
        return [f.message for f in check_supply(game, [low, full], "t.vlog", {}, rolls)]

    assert resupplied(15, 2) == []
    assert resupplied(15, 3) == ["15 AR resupplied at S3514 on a failed camp roll: 3, more than 2 (no road or lane "
                                 "near: only the camp roll applies)"]
    assert resupplied(40, 2) == ["15 AR resupplied at S3514: not within 2 hex(es) of a Road nor 1 of a Farm Lane"]


def test_how_near_a_road_or_lane_artillery_and_small_arms_resupply(itw):
    # 10.92 (L378-383): artillery on or within one hex of a Road or on a Farm Lane; small arms on or
    # within two hexes of a Road or one of a Farm Lane. The road runs along row 12, the lane along row 18
    # (made-up patch); Confederate supply source at the road's west end (a cell the user fills)
    from rule_terrain import patch

    from referee.rules.gbacw import check_supply

    game = patch(itw, roads=[[f"S{c}12" for c in range(30, 19, -1)]], lanes=[[f"S{c}18" for c in range(30, 19, -1)]],
                 parameters={"supply-source.Confederate": "S2012"})

    def resupplied(uid, where):
        unit = game.unit(uid)
        low, full = (V(n, {uid: U(unit, HexIds(game.maps).parse(where), unit.formation, status={"ammo": a})},
                       next(t for t in game.turns if t.id == 40), Scenario("S2")) for n, a in ((0, "low"), (1, "none")))
        return [f.message for f in check_supply(game, [low, full], "t.vlog", {}, []) if "not within" in f.message]

    art, inf = "CS:Robertson Bty", "CS:1 LA"
    assert resupplied(art, "S2513") == [] and resupplied(art, "S2518") == []
    assert resupplied(art, "S2514") == ["Robertson Bty resupplied at S2514: not within 1 hex(es) of a Road nor 0 of a "
                                        "Farm Lane"]
    assert resupplied(inf, "S2514") == [] and resupplied(inf, "S2517") == []
    assert resupplied(inf, "S2515") == ["1 LA resupplied at S2515: not within 2 hex(es) of a Road nor 1 of a Farm Lane"]


def declared(game, frames, player="Beauregard"):
    """Declarations over views made from ``frames``: (turn, {unit: hex}, chat lines) per step."""
    texts = {i: lines for i, (_, _, lines) in enumerate(frames)}
    views = [view(game, i, turn, {uid: (h, "") for uid, h in placed.items()})
             for i, (turn, placed, _) in enumerate(frames)]
    d, tracer, found = Declarations(texts, "t.vlog"), Tracer(game), []
    for before, after in zip(views, views[1:]):
        found += d(game, before, after, "t.vlog", player, tracer)
    return found + list(d.finish(game, tracer))


def errors(found):
    return [f for f in found if f.severity is Severity.ERROR]


CAV = {"CS:Adams a Cav": "S3922", "CS:McClung Bty": "S4023"}


def test_the_unassigned_have_at_most_3_ams_a_turn(itw):
    frames = [(16, CAV, ())]
    for n, h in enumerate(("S3921", "S3920", "S3919", "S3918")):
        frames.append((16, {**CAV, "CS:Adams a Cav": h}, ("Unassigned AM",)))
    frames[1] = (16, frames[1][1], ("Unassigned AM", "* Unassigned AM drawn from the cup *"))   # one AM, two lines
    (f,) = errors(declared(itw, frames))
    assert f.step == 4 and f.player == "Beauregard"
    assert f.rule == "4.25 (rulebook line 156)" and f.pieces == ("Adams a Cav",)
    assert f.message == ("Unassigned AM number 4 of the turn declared at step 4: the Unassigned (no leader: they "
                         "activate with the Unassigned AM) have at most 3 AMs; moved under it: Adams a Cav S3919-S3918")
    assert [p.name for p in f.locations] == ["S3919", "S3918"]
    # the same four AMs over two turns: three in the first, one in the next
    frames[4] = (17, frames[4][1], frames[4][2])
    assert errors(declared(itw, frames)) == []


def test_without_players_the_ams_are_counted_per_side_of_the_units_moved(itw):
    both = {**CAV, "US:Madison Bty": "N6420"}
    frames = [(16, both, ())]
    for n in range(7):           # CS, US, CS, US, CS, US, CS: the fourth Confederate one is too many
        unit, h = ("CS:Adams a Cav", f"S39{21 - n}") if n % 2 == 0 else ("US:Madison Bty", f"N64{21 + n}")
        frames.append((16, {**frames[-1][1], unit: h}, ("Unassigned AM",)))
    (f,) = errors(declared(itw, frames, player=None))
    assert f.step == 7 and f.pieces == ("Adams a Cav",) and f.player is None
    assert errors(declared(itw, frames[:-1], player=None)) == []


def test_no_declared_am_is_not_checked(itw):
    am, direct = declared(itw, [(16, CAV, ()), (16, {**CAV, "CS:Adams a Cav": "S3921"}, ())])
    assert (am.severity, direct.severity) == (Severity.NOT_CHECKED, Severity.NOT_CHECKED)
    assert am.rule == "4.25 (rulebook line 156)" and direct.rule == "4.11 (rulebook line 105)"
    assert am.message == ("the Unassigned's AMs (at most 3) not checked: no chat line says 'Unassigned AM' (AM chits "
                          "and Direct Command choices are not pieces on the board, and a unit's moves do not show where "
                          "one Activation ends)")
    assert direct.message.startswith("the brigades in Direct Command (at most 2 per overall commander) not checked")


BRIGADES = {"CS:A.S. Johnston": "S3020", "CS:Chalmers": "S3122", "CS:Jackson": "S3222", "CS:Gladden": "S3322"}


def test_an_overall_commander_has_at_most_two_brigades_in_direct_command(itw):
    two = [(16, BRIGADES, ()), (16, BRIGADES, ("A.S. Johnston: Direct Command of Chalmers and Jackson",))]
    assert errors(declared(itw, two)) == []
    three = two + [(16, BRIGADES, ("Direct Command: Gladden (A.S. Johnston)",))]
    (f,) = errors(declared(itw, three))
    assert f.step == 2 and f.rule == "4.11 (rulebook line 105)"
    assert f.message == ("A.S. Johnston has 3 brigades in Direct Command this turn (Chalmers at S3122, Jackson at "
                         "S3222, Gladden at S3322): an overall commander may place at most 2")
    assert f.pieces == ("Chalmers", "Jackson", "Gladden", "A.S. Johnston")
    assert [p.name for p in f.locations] == ["S3122", "S3222", "S3322", "S3020"]
    next_turn = two + [(17, BRIGADES, ("Direct Command: Gladden (A.S. Johnston)",))]
    assert errors(declared(itw, next_turn)) == []


def test_direct_command_only_of_brigades_in_the_commanders_range(itw):
    far = {**BRIGADES, "CS:Gladden": "S5322"}                 # 23 hexes: more than 10 MP at 1/2 MP a hex
    found = declared(itw, [(16, far, ()), (16, far, ("Direct Command: Gladden (A.S. Johnston)",))])
    (f,) = errors(found)
    assert f.step == 1 and f.pieces == ("Gladden", "A.S. Johnston") and f.rule == "4.11 (rulebook line 105)"
    assert f.message == ("Gladden placed in A.S. Johnston's Direct Command out of his Command Range: Gladden at "
                         "S5322 was 23 hexes away, at least 0.5 MP each from A.S. Johnston at S3020, beyond "
                         "his 10 MP command range")
    near = declared(itw, [(16, BRIGADES, ()), (16, BRIGADES, ("Direct Command: Gladden (A.S. Johnston)",))])
    assert errors(near) == []       # 3 hexes: in range or not known (the bundled map has no terrain): never an error
    assert any("Gladden placed in" in f.message and f.severity is Severity.NOT_CHECKED for f in near)


def test_a_brigade_in_direct_command_is_in_command_for_all_purposes(itw):
    from dataclasses import replace

    from referee.rules.gbacw import check_command
    game = replace(itw, command_ranges=tuple(replace(r, range=6) if r.leader == "CS:Withers" else r
                                             for r in itw.command_ranges))
    placed = {"CS:Withers": "S4127", "CS:A.S. Johnston": "S3013", "CS:Gladden": "S3315", "CS:25 AL": "S3622"}
    moved = {**placed, "CS:25 AL": "S3623"}

    def check(chat):
        views = [view(game, i, 16, {u: (h, "") for u, h in p.items()}) for i, p in enumerate((placed, placed, moved))]
        return [f for f in check_command(game, views, "t.vlog", {2: "Beauregard"}, {1: chat})
                if f.severity in (Severity.ERROR, Severity.WARNING)]
    (f,) = check(())                                          # Gladden 16 hexes from Withers: out of command
    assert f.step == 2 and f.pieces == ("25 AL", "Gladden", "Withers")
    assert check(("Direct Command: Gladden (A.S. Johnston)",)) == []


# ---------------------------------------------------------------- 12.77: Johnston's leader loss roll

JOHNSTON = {"CS:A.S. Johnston": "S3020", "CS:Gladden": "S3322"}


def loss_frames(game, frames, rolls=()):
    """Abilities over views made from ``frames`` ((turn, {unit: hex}, chat lines) per step), Johnston's loss
    rolls at the steps ``rolls``: the findings that name a loss roll."""
    from referee.rules.abilities import Abilities
    texts = {i: lines for i, (_, _, lines) in enumerate(frames)}
    views = [view(game, i, turn, {uid: (h, "") for uid, h in placed.items()})
             for i, (turn, placed, _) in enumerate(frames)]
    a, tracer, found = Abilities(texts, "t.vlog", lambda turn, who: False, rolls=frozenset(rolls)), Tracer(game), []
    for before, after in zip(views, views[1:]):
        found += a(game, before, after, "t.vlog", "Beauregard", tracer)
    return [f for f in found + list(a.finish(game)) if "leader loss" in f.message]


def test_johnston_rolls_for_leader_loss_every_turn_from_noon_to_6_pm_of_the_first_day(itw):
    """12.77 (L422): a turn the log shows whole, 12 Noon (turn 19, April 6th), with no roll is an error at its
    last step; a roll in it, a turn the log starts in, 11 AM without an ability, or Johnston gone are silent."""
    noon = [(18, JOHNSTON, ()), (19, JOHNSTON, ()), (19, JOHNSTON, ()), (20, JOHNSTON, ())]
    (f,) = loss_frames(itw, noon)
    assert (f.severity, f.step, f.pieces, f.rule) == (Severity.ERROR, 2, ("A.S. Johnston",), "12.77 (rulebook line 422)")
    assert f.message == ("no leader loss roll for A.S. Johnston in turn 19 (12:00): he rolls every turn from 12:00 "
                         "through 18:00 of a first day, at the beginning of the Commander Movement Phase")
    assert loss_frames(itw, noon, rolls=(2,)) == []
    assert loss_frames(itw, noon[1:]) == []                                    # the log starts in turn 19
    assert loss_frames(itw, [(17, JOHNSTON, ()), (18, JOHNSTON, ()), (18, JOHNSTON, ()), (19, JOHNSTON, ())]) == []
    killed = [(18, JOHNSTON, ()), (19, JOHNSTON, ()), (19, {"CS:Gladden": "S3322"}, ()), (20, JOHNSTON, ())]
    assert loss_frames(itw, killed) == []
    late = [(25, JOHNSTON, ()), (26, JOHNSTON, ()), (26, JOHNSTON, ()), (27, JOHNSTON, ())]   # past the 6 PM roll
    assert loss_frames(itw, late) == []


def test_johnston_rolls_in_any_turn_he_used_an_ability(itw):
    """4.11 (L118): "If any of these abilities are used, Johnston will check for Leader Loss at the beginning
    of the Commander Movement Phase" — at 11 AM too; the March ability needs none (L122)."""
    used = [(17, JOHNSTON, ()), (18, JOHNSTON, ("A.S. Johnston: Attack Orders for Gladden",)), (18, JOHNSTON, ()),
            (19, JOHNSTON, ())]
    (f,) = loss_frames(itw, used)
    assert (f.step, f.message) == (2, "no leader loss roll for A.S. Johnston in turn 18 (11:00): he used 'attack "
                                      "orders' at step 1, and every turn he uses an ability he rolls, at the beginning "
                                      "of the Commander Movement Phase")
    assert loss_frames(itw, used, rolls=(2,)) == []
    march = [(17, JOHNSTON, ()), (18, JOHNSTON, ("A.S. Johnston places Gladden in March Orders",)),
             (18, JOHNSTON, ()), (19, JOHNSTON, ())]
    assert loss_frames(itw, march) == []


def test_the_minus_one_of_a_loss_roll_is_read_from_the_abilities_the_chat_declares(itw):
    """12.77 (L422): "If he used any of his special abilities that require a loss roll during the turn, there is
    a -1 DRM" — a 1 kills him only then. The tables check reads the roll with the fact the chat gives."""
    from referee.dice import Roll
    from referee.rules.tables import read_rolls
    from referee.timeline import StepView

    def read(turns, lines, die=1):
        """A loss roll at the last step; ``turns`` per step, ``lines`` the chat per step."""
        views = [view(itw, i, t, {uid: (h, "") for uid, h in JOHNSTON.items()}) for i, t in enumerate(turns)]
        last = len(turns) - 1
        steps = [StepView(i, "Beauregard", False, texts=tuple(lines.get(i, ())),
                          rolls=(Roll(i, "Beauregard", "Johnston leader loss", (die,), 10, ""),) if i == last else ())
                 for i in range(len(turns))]
        (r,) = read_rolls(steps, itw, SimpleNamespace(at=lambda s: views[s]))
        return r.reading.branch.result if r.reading.determined else None

    attack = {1: ("A.S. Johnston: Attack Orders for Gladden",)}
    assert read([19, 19, 19], attack) == "Johnston is killed"                    # declared this turn: 1 - 1 = 0
    earlier = {0: attack[1]}
    assert read([18, 19, 19], earlier) == "Johnston survives"                    # declared last turn, not in this one
    assert read([19, 19, 19], {}) is None                                         # no declaration: not known
    assert read([18, 18, 18], {}) == "Johnston is killed"                         # 11 AM: he rolls only after one
    assert read([19, 19, 19], attack, die=2) == "Johnston survives"


def test_a_turn_the_log_starts_in_is_judged_when_the_log_shows_an_ability_used_in_it(itw):
    """The loss roll comes after the abilities (at the Commander Movement Phase): a log that shows one used and
    the turn's end shows where the roll should be."""
    started = [(18, JOHNSTON, ("A.S. Johnston: Green for 25 AL",)), (18, JOHNSTON, ()), (19, JOHNSTON, ())]
    (f,) = loss_frames(itw, [(18, JOHNSTON, ())] + started)
    assert f.step == 2 and "he used 'green' at step 1" in f.message
    assert loss_frames(itw, [(18, JOHNSTON, ())] + started, rolls=(2,)) == []
