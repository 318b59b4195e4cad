"""Hood Strikes North 5.1-5.4 on made-up logs (stand-in views and steps) through the units check's
rule: the Horses Worn Out Segment of Turn 10 (5.1 A, L1330: "On Turn 10 only, during this segment,
all Union cavalry units (not cavalry leaders) on the map have a 'Horses Worn Out/Unmounted' counter
added to them"), no such marker at any other time (5.2, L1353: "The unit may never gain a Horses Worn
Out/Unmounted marker again"; 5.4, L1382: an attaching unit passes its marker on), and the A/B versions
of Capron, Croxton and G. Johnson (5.2, L1357: "if they are removed from the map in the Union Cavalry
Phase and subsequently achieve 'Remounted' results, their 'A' version is removed and is replaced by
the 'B' version"). The Remount Table (L1348-1351): 6 Remounted, 5 or less No Effect."""
from __future__ import annotations

from pathlib import Path

import pytest
from rule_views import AV, Scenario, U, Views

from gamedata import load_game
from gamedata.hexids import HexIds
from referee.dice import Roll
from referee.findings import Severity
from referee.rules.remounts import check_remounts
from referee.timeline import StepView

SOURCES = Path(__file__).resolve().parents[1] / "sources"
RULE_A = "5.1 A Horses Worn Out Segment (rulebook line 1330)"
RULE_B = "5.2 Capron, Croxton, G. Johnson (rulebook line 1357)"
WORN, BARE, UNMOUNTED = ({"horses-worn-out": "yes", "unmounted": "no"}, {"horses-worn-out": "no", "unmounted": "no"},
                         {"horses-worn-out": "no", "unmounted": "yes"})


@pytest.fixture(scope="module")
def hsn():
    return load_game(SOURCES / "hood-strikes-north")


def run(game, frames, *, rolls=None, chat=None, opening=True):
    """``frames``: (turn, phase, {unit id: (hex or None, statuses)}) a step; ``rolls``: step -> die on the
    Remount Table; ``chat``: step -> a chat line."""
    ids = HexIds(game.maps)
    views, steps = [], []
    for n, (turn, phase, units) in enumerate(frames):
        turn_def = next(t for t in game.turns if t.id == turn)
        views.append(AV(n, {uid: U(game.unit(uid), h and ids.parse(h), status=dict(st), location=h or "")
                            for uid, (h, st) in units.items()}, turn_def, Scenario("S9"), phase, "Union", turn))
        die = (rolls or {}).get(n)
        steps.append(StepView(n, "Thomas", False, texts=tuple([(chat or {})[n]] if n in (chat or {}) else ()),
                              rolls=(Roll(n, "Thomas", "Remount Table", (die,), 6, "Remount Table 1d6"),)
                              if die else ()))
    return [(f.severity, f.step, f.pieces, f.message, f.rule)
            for f in check_remounts(game, Views(views), steps, "cav.vlog", {s.index: s.player for s in steps}, opening)]


def test_turn_10_gives_every_union_cavalry_unit_on_the_map_the_marker(hsn) -> None:
    rec, cav, vp = (10, "Recovery"), (10, "Union Cavalry"), (10, "Victory Point")
    good = [(*rec, {"Coon": ("4508", BARE), "Hammond": ("4210", BARE), "Hatch": ("4508", {})}),
            (*cav, {"Coon": ("4508", BARE), "Hammond": ("4210", BARE), "Hatch": ("4508", {})}),
            (*cav, {"Coon": ("4508", WORN), "Hammond": ("4210", BARE), "Hatch": ("4508", {})}),
            (*cav, {"Coon": ("4508", WORN), "Hammond": ("4210", WORN), "Hatch": ("4508", {})}),
            (*vp, {"Coon": ("4508", WORN), "Hammond": ("4210", WORN), "Hatch": ("4508", {})})]
    assert run(hsn, good) == []                  # the leader Hatch needs none
    forgot = [*good[:3], (*vp, good[2][2])]
    [(severity, step, pieces, message, rule)] = run(hsn, forgot)
    assert (severity, step, pieces, rule) == (Severity.ERROR, 2, ("Hammond",), RULE_A)
    assert "the Union Cavalry Phase of Turn 10 ends at step 2" in message
    # sent off the map (5805/5806) in the phase, its marker flipped to Unmounted: it has one
    off = [*good[:3], (*cav, {**good[2][2], "Hammond": (None, UNMOUNTED)}), (*vp, {**good[2][2],
                                                                             "Hammond": (None, UNMOUNTED)})]
    assert run(hsn, off) == []
    # on Turn 11 there is no such segment: no marker is due, and one given is against the rule
    bare = good[0][2]
    assert run(hsn, [(11, "Union Cavalry", bare), (11, "Union Cavalry", bare), (11, "Victory Point", bare)]) == []
    assert [f[1:3] for f in run(hsn, [(11, "Union Cavalry", f[2]) for f in forgot])] == [(2, ("Coon",))]


def test_the_marker_comes_at_no_other_time(hsn) -> None:
    late = [(12, "Action Cycle", {"Coon": ("4508", BARE)}), (12, "Action Cycle", {"Coon": ("4508", WORN)})]
    [(severity, step, pieces, message, rule)] = run(hsn, late)
    assert (severity, step, pieces, rule) == (Severity.ERROR, 1, ("Coon",), RULE_A)
    assert "never to a unit arriving later, never again after a remount" in message
    again = [(12, "Union Cavalry", {"Coon": ("4508", BARE)}), (12, "Union Cavalry", {"Coon": ("4508", UNMOUNTED)})]
    assert len(run(hsn, again)) == 1
    # 5.4: Croxton-A (worn out) attaches to Coon in 4508: Coon takes its marker
    attach = [(12, "Attachment", {"Coon": ("4508", BARE), "Croxton-A": ("4508", WORN)}),
              (12, "Attachment", {"Coon": ("4508", WORN), "Croxton-A": (None, WORN)})]
    assert run(hsn, attach) == []
    # an Unmounting roll flips Horses Worn Out to Unmounted: no new marker
    assert run(hsn, [(12, "Union Cavalry", {"Coon": ("4508", WORN)}),
                     (12, "Union Cavalry", {"Coon": ("4508", UNMOUNTED)})]) == []


def _return(version: str) -> list:
    """Croxton-A off the map (5.1 C), a remount roll at step 1, then ``version`` placed in 5806."""
    off = {"Croxton-A": (None, UNMOUNTED), "Croxton-B": (None, BARE), "Capron-A": (None, UNMOUNTED)}
    back = {**off, version: ("5806", BARE if version.endswith("B") else UNMOUNTED)}
    return [(12, "Union Cavalry", off), (12, "Union Cavalry", off), (12, "Union Cavalry", back)]


def test_the_b_version_comes_back_after_a_remounted_roll_only(hsn) -> None:
    said = {1: "Remount: Croxton-A"}
    assert run(hsn, _return("Croxton-B"), rolls={1: 6}, chat=said) == []
    [(severity, step, pieces, message, rule)] = run(hsn, _return("Croxton-B"), rolls={1: 5}, chat=said)
    assert (severity, step, pieces, rule) == (Severity.ERROR, 2, ("Croxton-B",), RULE_B)
    assert "no Remounted roll for Croxton-A comes before it" in message
    [(_, _, pieces, message, _)] = run(hsn, _return("Croxton-A"), rolls={1: 6}, chat=said)
    assert pieces == ("Croxton-A",) and "it is replaced by Croxton-B" in message
    assert run(hsn, _return("Croxton-A"), rolls={1: 5}, chat=said) == []      # not remounted: back as it was
    # another unit's remount does not bring Croxton's B version; an unnamed one may
    assert len(run(hsn, _return("Croxton-B"), rolls={1: 6}, chat={1: "Remount: Capron-A"})) == 1
    assert run(hsn, _return("Croxton-B"), rolls={1: 6}) == []
    # in a log continuing a chain the remount may be in an earlier log
    [(severity, *_)] = run(hsn, _return("Croxton-B"), opening=False)
    assert severity is Severity.WARNING


def test_off_map_cavalry_comes_back_at_5805_or_5806_in_the_cavalry_phase(hsn) -> None:
    def trip(back: str, phase: str = "Union Cavalry") -> list:
        return [(12, "Union Cavalry", {"Coon": ("5806", UNMOUNTED)}),
                (12, "Union Cavalry", {"Coon": (None, UNMOUNTED)}), (13, phase, {"Coon": (back, UNMOUNTED)})]
    assert run(hsn, trip("5805")) == []
    [(severity, step, pieces, message, rule)] = run(hsn, trip("5705"))
    assert (severity, step, pieces) == (Severity.ERROR, 2, ("Coon",))
    assert rule == "5.1 E Cavalry Return Segment (rulebook line 1340)" and "comes back onto the map at 5705" in message
    [(_, _, _, message, _)] = run(hsn, trip("5806", "Action Cycle"))
    assert "in the Action Cycle Phase" in message
    # off the map when the log starts: a reinforcement or a set-up unit to place (other checks'); Croxton-B in its
    # A's place
    assert run(hsn, trip("5705")[1:]) == []
    # Croxton-A leaves from 5806, is Remounted (step 2), its B version comes back at 5705
    gone = {"Croxton-A": (None, UNMOUNTED), "Croxton-B": (None, BARE)}
    away = [(12, "Union Cavalry", {**gone, "Croxton-A": ("5806", WORN)}), (12, "Union Cavalry", gone),
            (12, "Union Cavalry", gone)]
    said = {"rolls": {2: 6}, "chat": {2: "Remount: Croxton-A"}}
    assert run(hsn, [*away, (12, "Union Cavalry", {**gone, "Croxton-B": ("5805", BARE)})], **said) == []
    [(_, step, pieces, _, _)] = run(hsn, [*away, (12, "Union Cavalry", {**gone, "Croxton-B": ("5705", BARE)})], **said)
    assert (step, pieces) == (3, ("Croxton-B",))
