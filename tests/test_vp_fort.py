"""Hood Strikes North S9's Murfreesboro terms (L1712-1713), on made-up positions (real game views built
by hand, the bundled data, made-up piece events) against a count made by hand from the rulebook: "For
each VP Phase in which an undemoralized Confederate infantry division or brigade occupies Murfreesboro
(5232). The Confederate player gains 12 VP for the first turn in the game he qualifies for this award
and 2 VP for the second and all later turns ... Exception: These VP are not awarded if the Union fort
in hex 5231 is not destroyed"; +12 more in the Turn 32 VP Phase, with the same exception. A destroyed
fort shows the Fort Destroyed game marker (8.0, L1521). The RR stations: S9 (L1725) +1 "For each of
the following RR stations with a RR Station Destroyed marker at the end of the game" (Antioch 5514, La
Vergne 5519, Smyrna 5523, Florence 5327, Brentwood 4910); S2 (L355) Brentwood "has a Damaged or Destroyed
marker at the end of the game"."""
from __future__ import annotations

from rule_views import Replayed
from test_vp_terms import Log, hsn, points, unit, view  # noqa: F401 - hsn is the shared fixture

from referee.rules.victory import tally
from vassal.replay import Added, Step

PHASES, LAST = "Murfreesboro VP Phases", "Murfreesboro on Turn 32"


def _log(hsn, turns, held):
    """VP Phases of ``turns`` (scenario turns): Bate-A in Murfreesboro in those listed in ``held``."""
    views = []
    for n, t in enumerate(turns):
        units = [unit(hsn, "Bate-A", "5232" if t in held else "5029")]
        views += [view(hsn, 2 * n, t, "Action Cycle", "S9", units), view(hsn, 2 * n + 1, t, "Victory Point", "S9", units)]
    return Log(views)


def _marker(at_step: int | None, hex_: str = "5231", count: int = 8) -> Replayed:
    return Replayed(steps=[Step(i, (), (Added("fd", "Fort Destroyed", "Main Map", hex_),) if i == at_step else (),
                                "Hood", None) for i in range(1, count)])


def test_murfreesboro_scores_12_then_2_once_the_fort_in_5231_is_destroyed(hsn) -> None:
    scenario = next(s for s in hsn.scenarios if s.scenario_id == "S9")
    log = _log(hsn, [10, 11, 12, 13], held={10, 11, 12})
    assert points(tally(log, scenario, hsn, "m", replay=_marker(None)))[PHASES] == 0      # the fort stands
    assert points(tally(log, scenario, hsn, "m", replay=_marker(1)))[PHASES] == 12 + 2 + 2
    # destroyed at step 2 (Turn 11's Action Cycle): Turn 10's phase does not count, Turn 11's is the first
    assert points(tally(log, scenario, hsn, "m", replay=_marker(2)))[PHASES] == 12 + 2
    assert points(tally(log, scenario, hsn, "m", replay=_marker(1, "5131")))[PHASES] == 0  # the other fort
    # a log continuing a chain: whether an earlier log had the first phase is not known
    later = tally(log, scenario, hsn, "m", first_log=False, replay=_marker(1))
    assert "earlier log" in str(points(later)[PHASES])
    # without the log's pieces the term is not decided
    assert "not known" in str(points(tally(log, scenario, hsn, "m"))[PHASES])


def test_murfreesboro_on_turn_32(hsn) -> None:
    scenario = next(s for s in hsn.scenarios if s.scenario_id == "S9")
    log = _log(hsn, [31, 32], held={32})
    assert points(tally(log, scenario, hsn, "m", replay=_marker(1, count=4)))[LAST] == 12
    assert points(tally(log, scenario, hsn, "m", replay=_marker(None, count=4)))[LAST] == 0


def test_rr_stations_with_a_destroyed_marker_at_the_end(hsn) -> None:
    s9 = next(s for s in hsn.scenarios if s.scenario_id == "S9")
    log = _log(hsn, [5], held=set())
    burned = Replayed(steps=[Step(1, (), (Added("a", "RR Station Destroyed", "Main Map", "5514"),
                                          Added("b", "RR Station Destroyed", "Main Map", "5519"),
                                          Added("c", "RR Station Damaged", "Main Map", "5523"),
                                          Added("d", "RR Station Destroyed", "Main Map", "3213")), "Hood", None)])
    assert points(tally(log, s9, hsn, "m", replay=burned))["RR stations destroyed"] == 2   # damaged, elsewhere: no
    s2 = next(s for s in hsn.scenarios if s.scenario_id == "S2")
    brentwood = Replayed(steps=[Step(1, (), (Added("e", "RR Station Damaged", "Main Map", "4910"),), "Hood", None)])
    scored = points(tally(_log(hsn, [1], held=set()), s2, hsn, "m", replay=brentwood))["Brentwood station damaged"]
    assert scored == -4                     # S2 L355: -4 VP (the Union player's)
    assert points(tally(_log(hsn, [1], held=set()), s2, hsn, "m", replay=Replayed()))["Brentwood station damaged"] == 0
