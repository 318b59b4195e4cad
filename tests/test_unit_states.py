"""Into the Woods' unit statuses on made-up positions (stand-in views: each rule is a function of
the counters' statuses and formations step by step): 10.92 (L400) "Mounted cavalry does not ammo
deplete", 14.2 (L478) "There are no dismounted cavalry in this game", 14.75 (L544) "Gunboats do not
suffer from Ammo Depletion"; 17.0 (L564) "If assigned to a brigade with a different Fatigue level,
the highest Fatigue level (unit or brigade) is used for all"; S7 (L2316) "Confederate
non-artillery units with 25% or less of their original strength are Collapsed" and its example
(L2318): "a unit with an original strength of 7 SP collapses when it is reduced to 1 SP. A unit
with an original strength of 8 SP collapses when it is reduced to 2 SP"."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from rule_views import U, V, Scenario

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.rules.unit_states import check_unit_states

SOURCES = Path(__file__).resolve().parents[1] / "sources"
MOVEMENT = "Movement"


@pytest.fixture(scope="module")
def itw():
    return load_game(SOURCES / "into-the-woods-shiloh")


def _u(game, uid, where, formation=None, strength="unknown", **status):
    return U(game.unit(uid), HexIds(game.maps).parse(where), formation or game.formation_of(uid),
             status=dict(status), strength=strength, location=where)


def _run(game, *steps, scenario="S1", phases=None):
    """Findings over views ``steps`` (lists of units, step 0 the start), all in one phase unless
    ``phases`` names each step's phase."""
    turn = next(t for t in game.turns if (t.date, t.hour) == ("1862-04-06", "06:00"))
    views = [V(i, {u.unit_id: u for u in units}, turn, Scenario(scenario), (phases or [MOVEMENT] * len(steps))[i])
             for i, units in enumerate(steps)]
    return [(f.severity.value, f.step, f.pieces, f.message, f.rule)
            for f in check_unit_states(game, views, "t.vlog", {})]


def test_gunboats_and_cavalry_never_deplete_ammunition(itw) -> None:
    full = [_u(itw, "US:Tyler", "N6410", ammo="full"), _u(itw, "US:1 Bn 5 OH Cav", "S3922", ammo="full"),
            _u(itw, "US:40 IL", "S3923", ammo="full")]
    low_infantry = [*full[:2], dataclasses.replace(full[2], status={"ammo": "low"})]
    assert [f for f in _run(itw, full, full, low_infantry) if f[0] != "not-checked"] == []   # infantry depletes
    gunboat_low = [dataclasses.replace(full[0], status={"ammo": "low"}), *full[1:]]
    [(severity, step, pieces, message, rule)] = _run(itw, full, full, gunboat_low)
    assert (severity, step, pieces) == ("error", 2, ("Tyler",))
    assert message == "Tyler (Gunboat) marked low ammo at N6410: Cav and Gunboat units never deplete ammunition"
    assert rule == "10.92, 14.2, 14.75 (rulebook line 400)"
    cavalry_out = [full[0], dataclasses.replace(full[1], status={"ammo": "no"}), full[2]]
    assert [f[:3] for f in _run(itw, full, cavalry_out, cavalry_out)] == [("error", 1, ("1 Bn 5 OH Cav",))]


def test_a_unit_joining_a_brigade_takes_the_highest_fatigue_for_all(itw) -> None:
    brigade = [_u(itw, "US:40 IL", "S3922", fatigue="1"), _u(itw, "US:46 OH", "S3923", fatigue="ok")]
    alone = _u(itw, "US:15 IA", "S3924", fatigue="2")              # unbrigaded (-/6/T), Fatigue 2
    joins = dataclasses.replace(alone, formation="1/5/T")
    start = [*brigade, alone]
    lifted = [dataclasses.replace(u, status={"fatigue": "2"}) for u in brigade] + [joins]
    # the markers follow one step after the attachment, in the same phase: silent
    assert _run(itw, start, [*brigade, joins], lifted) == []
    # the brigade keeps its levels to the end of the phase: each unit below 2 is an error at the phase's end
    found = _run(itw, start, [*brigade, joins], [*brigade, joins], [*brigade, joins],
                 phases=[MOVEMENT, MOVEMENT, MOVEMENT, "Rally"])
    assert [(s, step, pieces) for s, step, pieces, _, _ in found] == [
        ("error", 2, ("40 IL", "15 IA")), ("error", 2, ("46 OH", "15 IA"))]
    assert found[0][3] == ("15 IA joined 1/5/T at step 1: 40 IL shows Fatigue 1 at the end of the phase, not the "
                           "highest level of the unit and the brigade (2)")
    assert found[0][4] == "17.0 (rulebook line 564)"
    # the unit is the less tired: it takes the brigade's 1
    rested = dataclasses.replace(alone, status={"fatigue": "ok"})
    rested_joins = dataclasses.replace(rested, formation="1/5/T")
    assert [f[2] for f in _run(itw, [*brigade, rested], [*brigade, rested_joins])] == [("15 IA", "15 IA"),
                                                                                       ("46 OH", "15 IA")]
    up = [brigade[0], dataclasses.replace(brigade[1], status={"fatigue": "1"}),
          dataclasses.replace(rested_joins, status={"fatigue": "1"})]
    assert _run(itw, [*brigade, rested], [*brigade, rested_joins], up) == []


def test_s7_confederate_units_collapse_at_a_quarter_of_their_original_strength(itw) -> None:
    # the bundled oob.xlsx has no printed strengths: the check names the cells it waits for
    [(severity, step, _, message, rule)] = _run(itw, [], [], scenario="S7")
    assert (severity, step) == ("not-checked", None) and rule == "S7 Specific Rules (rulebook line 2316)"
    assert "have no printed strength (oob.xlsx Units strength)" in message
    # with the player's strengths (7 and 8 SP, the rulebook's example): 1 of 7 and 2 of 8 collapse, 2 of 7 not
    printed = {"CS:1 AR": "7", "CS:1 FL Bn": "8"}
    units = [dataclasses.replace(u, strength=printed.get(u.unit_id, "6") if u.side == "Confederate" else u.strength)
             for u in itw.units]
    game = dataclasses.replace(itw, units=tuple(units))
    assert not any(f[0] == "not-checked" for f in _run(game, [], [], scenario="S7"))

    def at(uid, sp, collapsed="no"):
        return _u(game, uid, "S3922", strength=sp, collapsed=collapsed)

    assert _run(game, [at("CS:1 AR", "7")], [at("CS:1 AR", "2")], [at("CS:1 FL Bn", "3")], scenario="S7") == []
    found = _run(game, [at("CS:1 AR", "7")], [at("CS:1 AR", "1"), at("CS:1 FL Bn", "2")], scenario="S7")
    assert [(s, step, pieces) for s, step, pieces, _, _ in found] == [("error", 1, ("1 AR",)),
                                                                      ("error", 1, ("1 FL Bn",))]
    assert found[0][3] == "1 AR at S3922 has 1 SP of its original 7 (25% or less) but is not marked Collapsed"
    assert _run(game, [], [at("CS:1 AR", "1", "yes")], scenario="S7") == []
    battery = next(u.unit_id for u in game.units if u.side == "Confederate" and u.type == "Art")
    assert _run(game, [], [at(battery, "1")], scenario="S7") == []             # non-artillery units only
    assert _run(game, [], [at("CS:1 AR", "1")], scenario="S6") == []            # S7's rule only


def test_a_detachment_ends_no_phase_stacked_but_may_move_through(itw) -> None:
    """14.41 (L484): no stacking with any other unit, moving through is free; leaders are no units."""
    det, regiment = _u(itw, "US:Det A", "S3922"), _u(itw, "US:40 IL", "S3821")
    through = dataclasses.replace(regiment, hex=det.hex, location="S3922")
    beyond = dataclasses.replace(regiment, hex=HexIds(itw.maps).parse("S4022"), location="S4022")
    assert _run(itw, [det, regiment], [det, through], [det, beyond]) == []         # through, then on
    assert [f[2] for f in _run(itw, [det, regiment], [det, through])] == [("Det A", "40 IL")]   # and stays
    leader = _u(itw, "US:Peabody", "S3922")
    assert _run(itw, [det, regiment], [det, regiment, leader]) == []
    other = _u(itw, "US:Det B", "S3922")
    [(severity, step, pieces, message, rule)] = _run(itw, [det, regiment], [det, through], [det, through, other],
                                                     phases=[MOVEMENT, MOVEMENT, MOVEMENT])
    assert (severity, step, pieces) == ("error", 2, ("Det A", "Det B", "40 IL"))
    assert rule == "14.41 (rulebook line 484)"
    assert message == "Det A, Det B, 40 IL stacked at S3922 at the end of the phase: Det units may not stack with any " \
                      "other unit"


def test_peabodys_detachments_are_gone_after_the_8_am_turn(itw) -> None:
    """14.47 (L506); Det D is Stuart's (2/5/T), not bound."""
    eight, nine = (next(t for t in itw.turns if t.date == "1862-04-06" and t.hour == h) for h in ("08:00", "09:00"))
    dets = [_u(itw, "US:Det A", "S3922"), _u(itw, "US:Det D", "S5713")]
    views = [V(0, {u.unit_id: u for u in dets}, eight, Scenario("S1"), MOVEMENT),
             V(1, {u.unit_id: u for u in dets}, nine, Scenario("S1"), MOVEMENT),
             V(2, {u.unit_id: u for u in dets}, nine, Scenario("S1"), MOVEMENT)]
    found = [(f.step, f.pieces, f.message, f.rule) for f in check_unit_states(itw, views, "t.vlog", {})]
    assert found == [(1, ("Det A",), "Det A (1/6/T) still on the map at S3922 on 1862-04-06 09:00: it must be absorbed "
                      "(or lost) by the end of the 1862-04-06 08:00 turn's Replacement/Recovery Phase",
                      "14.47 (rulebook line 506)")]
    views[1].units = views[2].units = {"US:Det D": dets[1]}                      # absorbed in the 8 AM turn
    assert list(check_unit_states(itw, views, "t.vlog", {})) == []


def test_gunboats_never_rout_nor_rally_and_detachments_never_rout(itw) -> None:
    """14.76 (L546-548), 14.43 (L498)."""
    boat = _u(itw, "US:Tyler", "N6410", disordered="no", routed="no")
    hit = dataclasses.replace(boat, status={"disordered": "yes", "routed": "no"})
    assert _run(itw, [boat], [hit], [hit]) == []                                   # the first D flips it
    [(severity, step, pieces, message, rule)] = _run(itw, [boat], [hit], [boat])
    assert (severity, step, pieces, rule) == ("error", 2, ("Tyler",), "14.76 (rulebook line 548)")
    assert message == "Tyler (Gunboat) no longer Disordered at N6410: Gunboat units may not Rally"
    assert _run(itw, [hit], [dataclasses.replace(hit, hex=None, location="")]) == []    # the second D: removed
    det = _u(itw, "US:Det A", "S3922", routed="no")
    routed = dataclasses.replace(det, status={"routed": "yes"})
    assert [f[:3] for f in _run(itw, [det], [routed])] == [("error", 1, ("Det A",))]
    regiment = _u(itw, "US:40 IL", "S3821", routed="no")
    assert _run(itw, [regiment], [dataclasses.replace(regiment, status={"routed": "yes"})]) == []


def test_the_camp_cavalry_unstacks_on_its_first_activation(itw) -> None:
    """14.52 (L512): 1 and 2 Bn 5 OH Cav (Hurlbut's 4/T) start stacked in S5406 in Scenario 1. Their
    division's first Activation is its first stretch of moves (ended by another division's move, an
    "AM" line, the phase's end)."""
    one, two = _u(itw, "US:1 Bn 5 OH Cav", "S5406"), _u(itw, "US:2 Bn 5 OH Cav", "S5406")
    hurlbut = _u(itw, "US:Hurlbut", "N4020")                                  # 4/T's leader
    other = _u(itw, "US:40 IL", "S2103")                                      # Sherman's 5/T
    away = dataclasses.replace(two, hex=HexIds(itw.maps).parse("S5407"), location="S5407")
    led = dataclasses.replace(hurlbut, hex=HexIds(itw.maps).parse("N4021"), location="N4021")
    on = dataclasses.replace(other, hex=HexIds(itw.maps).parse("S2104"), location="S2104")
    assert _run(itw, [one, two, hurlbut, other], [one, away, hurlbut, other]) == []
    # Hurlbut moves (4/T's Activation), then Sherman's regiment (another Activation): the pair still stacked
    found = _run(itw, [one, two, hurlbut, other], [one, two, led, other], [one, two, led, on], [one, away, led, on])
    assert [(s, step, pieces) for s, step, pieces, _, _ in found] == [("error", 1, ("1 Bn 5 OH Cav", "2 Bn 5 OH Cav"))]
    assert found[0][3] == ("1 Bn 5 OH Cav and 2 Bn 5 OH Cav still stacked at S5406 at the end of 4/T's first "
                           "Activation (its units' moves from step 1): they must unstack on their first Activation")
    assert found[0][4] == "14.52 (rulebook line 512)"
    # the division never moves in the log, or the pair starts apart: nothing to judge
    assert _run(itw, [one, two, hurlbut, other], [one, two, hurlbut, on]) == []
    assert _run(itw, [one, away, hurlbut, other], [one, away, led, on]) == []
    assert _run(itw, [one, away, hurlbut, other], [one, two, led, other]) == []   # later stacking: not 14.52's
    # an "AM" line ends the Activation too
    turn = next(t for t in itw.turns if (t.date, t.hour) == ("1862-04-06", "06:00"))
    views = [V(i, {u.unit_id: u for u in units}, turn, Scenario("S1"), MOVEMENT)
             for i, units in enumerate([[one, two, hurlbut], [one, two, led], [one, away, led]])]
    assert [f.step for f in check_unit_states(itw, views, "t.vlog", {}, {2: ("AM: Hurlbut",)})] == [1]
    assert list(check_unit_states(itw, views, "t.vlog", {}, {})) == []


def _chat_run(game, steps, chat):
    """Findings of rule 10.91 over ``steps`` (one phase, then a second one) with chat lines by step."""
    turn = next(t for t in game.turns if (t.date, t.hour) == ("1862-04-06", "06:00"))
    phases = [MOVEMENT] + ["Fire"] * (len(steps) - 2) + ["Rally"]
    views = [V(i, {u.unit_id: u for u in units}, turn, Scenario("S1"), phases[i]) for i, units in enumerate(steps)]
    return [(f.severity.value, f.step, f.pieces, f.message) for f in check_unit_states(game, views, "t.vlog", {},
            chat) if "374" in f.rule]


def test_a_low_ammo_unit_declared_firing_without_the_minus_two_must_deplete(itw) -> None:
    """10.91 (L374): "fire infantry without a –2 DRM when at Low Ammo. When using this option, the unit
    automatically Ammo Depletes afterwards. A unit splitting fire completes both fires before depleting"."""
    low = [_u(itw, "US:40 IL", "S3922", ammo="low"), _u(itw, "US:46 OH", "S3923", ammo="low")]
    out = [dataclasses.replace(low[0], status={"ammo": "no"}), low[1]]
    said = {2: ("Grant: 40 IL Full Fire at S4023",)}
    # depleted after its second (split) fire, before the phase ends: silent
    assert _chat_run(itw, [low, low, low, low, out, out], said) == []
    [(severity, step, pieces, message)] = _chat_run(itw, [low, low, low, low, low, out], said)
    assert (severity, step, pieces) == ("error", 2, ("40 IL",))
    assert message == ("40 IL at S3922 fired at Low Ammo without the -2 ('full fire' in the chat) but still shows "
                       "low ammo at the end of the phase (step 4): it must deplete to no")
    # a unit at full ammunition has no -2 to forgo; a line naming no unit binds none
    full = [_u(itw, "US:40 IL", "S3922", ammo="full"), low[1]]
    assert _chat_run(itw, [full, full, full, full, full, full], said) == []
    assert _chat_run(itw, [low, low, low, low, low, low], {2: ("full fire!",)}) == []


def test_low_ammo_without_a_declaration_says_what_to_write(itw) -> None:
    low = [_u(itw, "US:40 IL", "S3922", ammo="low")]
    [(severity, step, _, message)] = _chat_run(itw, [low, low, low, low], {})
    assert severity == "not-checked" and "no chat line says 'full fire'" in message
    full = [_u(itw, "US:40 IL", "S3922", ammo="full")]
    assert _chat_run(itw, [full, full, full, full], {}) == []
