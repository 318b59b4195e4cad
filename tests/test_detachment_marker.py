"""Atlanta 2.6a, the Union detachment marker (rulebook line 150), through the production command
check (`cwb.check_command`) on the real game data (sources/atlanta: its rules.xlsx detachment.*
rows, oob.xlsx's 2/4/16 and Sprague) and stand-in views (a pure function of the board).

The map's terrain is not in the bundled data (terrain.xlsx Hexes is empty): the tests fill map A
with made-up terrain in a copy of the game — every hex Clear at 1 MP for infantry (made up), a
belt of Woods at the game's own 2 MP (effects.xlsx Costs, line 611) — so that 4 hexes of Woods
are 8 MP: the check measures movement points, not hexes. Without terrain the trace is not
checked and names the cells.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

import pytest

from gamedata import load_game
from gamedata.hexids import HexIds
from gamedata.model import TerrainCost, TerrainHex
from referee.findings import Severity
from referee.rules import cwb
from referee.view.board import MarkerView
from rule_views import U, V

ATLANTA = Path(__file__).resolve().parents[1] / "sources" / "atlanta"
WOODS = {f"A{c}.{r:02d}" for c in range(20, 30) for r in range(20, 24)}   # made up: a belt of woods


@pytest.fixture(scope="module")
def bundled():
    return load_game(ATLANTA)


@pytest.fixture(scope="module")
def game(bundled):
    hexes = tuple(TerrainHex("A", f"A{c}.{r:02d}", "Woods" if f"A{c}.{r:02d}" in WOODS else "Clear",
                             sides_complete=True) for c in range(0, 50) for r in range(1, 37))
    return replace(bundled, terrain_hexes=hexes,
                   terrain_costs=bundled.terrain_costs + (TerrainCost("infantry", "enter", "Clear", cost=1.0),))


@dataclass
class MV(V):
    """A stand-in view with the status marker pieces on its hexes (GameView.markers)."""

    markers: tuple = field(default_factory=tuple)


def view(game, step, where, badges=(), markers=()):
    ids = HexIds(game.maps)
    units = {uid: U(game.unit(uid), ids.parse(h), game.unit(uid).command,
                    status={"detachment": "yes" if uid in badges else "no"}) for uid, h in where.items()}
    return MV(step, units, markers=tuple(MarkerView("detachment", "Main Map", ids.parse(h)) for h in markers))


START = {"Sprague": "A24.18", "2/4/16": "A24.18", "16 supply": "A24.26", "1/2/15": "A10.10"}


def findings(game, before, after):
    """The 2.6a findings of the step from ``before`` to ``after`` ((where, badges, markers) each)."""
    views = [view(game, 0, *before), view(game, 1, *after)]
    return [f for f in cwb.check_command(game, views, "t.vlog", {1: "Sherman"}) if f.rule.startswith("2.6a")]


def test_the_marker_within_4_mp_of_its_detached_brigade_is_silent(game):
    # 3 hexes north over Clear: 3 MP
    assert findings(game, (START, (), ()), (START, (), ("A24.15",))) == []
    # the marker on the wagon's stack (the wagon shows it): 4 hexes south, Clear... and Woods between
    assert findings(game, (START, (), ()), ({**START, "16 supply": "A24.19"}, ("16 supply",), ())) == []


def test_the_marker_beyond_4_mp_is_caught_with_its_route(game):
    # 4 hexes south, through the woods belt (rows 20-23 at 2 MP): more than 4 MP, though 4 hexes away
    (f,) = findings(game, (START, (), ()), (START, (), ("A24.22",)))
    assert f.severity is Severity.ERROR and f.step == 1 and f.player == "Sherman"
    assert f.rule == "2.6a Detachment Marker (rulebook line 150)"
    assert f.message.startswith("the detachment marker at A24.22 is ")
    assert "from its parent 2/4/16 at A24.18: it must stay within 4 movement points" in f.message
    (m,) = f.measured
    assert (m.start.name, m.end.name, m.end_label) == ("A24.22", "A24.18", "2/4/16")
    assert m.length.endswith(" MP") and float(m.length.split()[0]) > 4
    assert [p.name for p in f.path][0] == "A24.18" and [p.name for p in f.path][-1] == "A24.22"
    # the same hexes over Clear (Sprague and his brigade moved west of the woods): 4 MP, silent
    west = {**START, "Sprague": "A18.18", "2/4/16": "A18.18"}
    assert findings(game, (west, (), ()), (west, (), ("A18.22",))) == []
    (f,) = findings(game, (west, (), ()), (west, (), ("A18.23",)))           # 5 MP
    assert "is 5 MP from its parent" in f.message


def test_only_one_marker_and_only_a_detached_brigade(game):
    (f,) = findings(game, (START, (), ()), (START, (), ("A24.16", "A26.16")))
    assert f.severity is Severity.ERROR
    assert f.message == "the detachment marker shows in 2 hexes (A24.16, A26.16): only 1 unit may use it at a time"
    # a brigade of the 15th Corps (not detached in the log) using it: a warning; 2/4/16's own badge: silent
    (f,) = findings(game, (START, (), ()), (START, ("1/2/15",), ()))
    assert f.severity is Severity.WARNING and f.pieces == ("1/2/15",) and "only a brigade detached" in f.message
    assert findings(game, (START, (), ()), (START, ("2/4/16",), ())) == []
    # Sprague's marker gone (2/4/16 reattached, 2.1h): the marker has no detached brigade to belong to
    gone = {k: v for k, v in START.items() if k != "Sprague"}
    (f,) = findings(game, (gone, (), ()), (gone, (), ("A24.15",)))
    assert f.severity is Severity.WARNING and "no detached brigade on the map" in f.message


def test_a_confederate_counter_showing_it(game):
    where = {**START, "Hardee": "A30.10"}
    (f,) = findings(game, (where, (), ()), (where, ("Hardee",), ()))
    assert f.severity is Severity.ERROR and f.message == ("Hardee at A30.10 shows the detachment marker: it is the "
                                                         "Union forces' marker")


def test_without_terrain_the_trace_names_the_cells(bundled):
    fs = findings(bundled, (START, (), ()), (START, (), ("A24.15",)))
    (f,) = [f for f in fs if f.severity is Severity.NOT_CHECKED]
    assert "detachment marker traced through hexes without terrain" in f.message
    assert any(c.file == "terrain.xlsx" for c in f.cells)
    assert not [f for f in fs if f.severity is not Severity.NOT_CHECKED]
