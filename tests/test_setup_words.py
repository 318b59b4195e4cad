"""Atlanta's set-up areas as the rulebook words them (5.1b.1-2, 5.2b.1), through the production set-up
check on made-up positions of the real scenarios: one unit a hex on the road, Hardee's battery alone
along the road, a division commander with a brigade of his division, Cheatham's corps north of
7.17, the 5.2 areas by map, column, row and creek, no closer than 5 hexes to a Union unit. The map's
roads, Peachtree Creek and the defenses are a made-up patch (the bundled terrain.xlsx has none),
laid in memory, never written into sources/."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from gamedata.load import load_game
from gamedata.terrain import SpecialHex, TerrainHex, TerrainHexside
from referee.findings import Severity
from referee.rules.setup import setup_findings

from rule_views import U, V

ATLANTA = Path(__file__).resolve().parents[1] / "sources" / "atlanta"


@pytest.fixture(scope="module")
def game():
    return load_game(ATLANTA)


def _scenario(game, sid):
    return next(s for s in game.scenarios if s.scenario_id == sid)


def _view(game, placed: dict[str, str]) -> V:
    ids = game.terrain.hexids
    units = {}
    for uid, where in placed.items():
        h = ids.canonical(ids.parse(where))
        units[uid] = U(game.unit(uid), h, location=where)
    return V(units=units)


def _about(game, sid, placed, unit, g=None):
    """The set-up check's findings on ``unit`` at a made-up start (``g``: the game, patched)."""
    g = g or game
    found = setup_findings(_view(g, placed), _scenario(g, sid), g, "test")
    return [(f.severity, f.message) for f in found if f.pieces == (g.unit(unit).name,)]


def _errors(found):
    return [m for s, m in found if s == Severity.ERROR]


def _unchecked(found):
    return [m for s, m in found if s == Severity.NOT_CHECKED]


# ---------------------------------------------------------------- 5.1b: no map data needed

def test_hardees_brigades_one_a_hex(game) -> None:
    found = _about(game, "5.1", {"Gvn/C/H": "A30.03", "Lry/C/H": "A30.03"}, "Lry/C/H")
    [error] = _errors(found)
    assert "shares A30.03 with Gvn" in error and "no more than one unit per hex" in error
    assert "L317" in next(f.rule for f in setup_findings(_view(game, {"Gvn/C/H": "A30.03", "Lry/C/H": "A30.03"}),
                                                         _scenario(game, "5.1"), game, "t")
                          if f.pieces == ("Lowry",) and f.severity == Severity.ERROR)
    # the battery is of Hardee's corps but under its own words (a hex no other unit occupies)
    assert not _errors(_about(game, "5.1", {"Gvn/C/H": "A30.03", "Hb(4)": "A30.03"}, "Gvn/C/H"))
    clean = _about(game, "5.1", {"Gvn/C/H": "A30.03", "Lry/C/H": "A31.03"}, "Lry/C/H")
    assert not _errors(clean)
    # the road is map data: said, with the cells
    assert any("'on the road' not checked: terrain.xlsx Hexsides" in m for m in _unchecked(clean))


def test_a_leader_stacks_with_his_brigades_freely(game) -> None:
    # a division commander is no unit for "one unit per hex", and must be with a brigade of his
    assert not _errors(_about(game, "5.1", {"Gvn/C/H": "A30.03", "Cleburne": "A30.03"}, "Gvn/C/H"))
    assert not _errors(_about(game, "5.1", {"Gvn/C/H": "A30.03", "Cleburne": "A30.03"}, "Cleburne"))
    [error] = _errors(_about(game, "5.1", {"Gvn/C/H": "A30.03", "Cleburne": "A31.03"}, "Cleburne"))
    assert "with no brigade of his division" in error
    # another division's brigade does not count
    assert _errors(_about(game, "5.1", {"Gst/W/H": "A31.03", "Cleburne": "A31.03"}, "Cleburne"))


def test_hardees_battery_alone(game) -> None:
    [error] = _errors(_about(game, "5.1", {"Hb(4)": "A33.05", "Gst/W/H": "A33.05"}, "Hb(4)"))
    assert "shares A33.05 with Gist" in error and "not occupied by another unit" in error
    found = _about(game, "5.1", {"Hb(4)": "A33.05", "Gst/W/H": "A34.05"}, "Hb(4)")
    assert not _errors(found)
    assert any("'along the road from A37.09 to A29.01' not checked" in m for m in _unchecked(found))


def test_cheatham_north_and_the_militia_south_of_row_17(game) -> None:
    [error] = _errors(_about(game, "5.1", {"Stevenson": "A7.10"}, "Stevenson"))
    assert "not at A7.17 and North" in error
    found = _about(game, "5.1", {"Stevenson": "A7.20"}, "Stevenson")
    assert not _errors(found)
    assert any("terrain.xlsx Specials needs the rows of kind 'vp' named 'Atlanta outer defenses" in m
               for m in _unchecked(found))
    assert _errors(_about(game, "5.1", {"1/GaMil": "A5.20"}, "1/GaMil"))
    assert not _errors(_about(game, "5.1", {"1/GaMil": "A5.16"}, "1/GaMil"))


def test_cheathams_wagon_and_guns_by_his_command(game) -> None:
    # 5.1b.1 (L335): with or adjacent to units of the same command
    for unit in ("Cheatham supply", "Cheatham's artillery", "Cheatham HQ"):
        assert not _errors(_about(game, "5.1", {unit: "A5.20", "Clayton": "A6.20"}, unit))
        [error] = _errors(_about(game, "5.1", {unit: "A5.20", "Clayton": "A7.20"}, unit))
        assert "no unit of its command (Cht) in or next to A5.20" in error
        # another corps' unit next to it does not count
        assert _errors(_about(game, "5.1", {unit: "A5.20", "1/GaMil": "A5.19"}, unit))


# ---------------------------------------------------------------- 5.2b.1: map, columns, rows, distance

def test_stevenson_on_map_a_west_of_36_and_five_hexes_from_the_union(game) -> None:
    assert _about(game, "5.2", {"Stevenson": "A30.10"}, "Stevenson") == []       # nothing left unchecked
    [error] = _errors(_about(game, "5.2", {"Stevenson": "A37.10"}, "Stevenson"))
    assert "West of 36.xx" in error
    assert _errors(_about(game, "5.2", {"Stevenson": "A36.10"}, "Stevenson"))      # 36 itself is not west of it
    assert _errors(_about(game, "5.2", {"Stevenson": "B30.10"}, "Stevenson"))
    near = _about(game, "5.2", {"Stevenson": "A30.10", "Cv/Ohio": "A30.14"}, "Stevenson")
    [error] = _errors(near)
    assert "within 4 hexes of Cv/Ohio at A30.14" in error and "no closer than 5 hexes to any Union unit" in error
    assert not _errors(_about(game, "5.2", {"Stevenson": "A30.10", "Cv/Ohio": "A30.15"}, "Stevenson"))


def test_wheeler_west_of_40_and_peavine_creek_is_no_terrain_type(game) -> None:
    [error] = _errors(_about(game, "5.2", {"Wheeler": "B41.10"}, "Wheeler"))
    assert "West of hex column 40.xx" in error
    found = _about(game, "5.2", {"Wheeler": "B39.10"}, "Wheeler")
    assert not _errors(found)
    assert any("'Peavine Creek' is no hexside type of effects.xlsx Terrain" in m for m in _unchecked(found))


# ---------------------------------------------------------------- with a made-up patch of map

def _patched(game):
    """Roads from A37.09 to A29.01 (the shortest line of hexes) and a spur; Peachtree Creek on the
    north side of B5.10-B30.10; the inner defenses A3.10-A8.20. Every hex of the patch has its
    sides known."""
    ids, terrain = game.terrain.hexids, game.terrain
    graph = terrain.graph
    a, b = (ids.canonical(ids.parse(x)) for x in ("A37.09", "A29.01"))
    path, queue = {a: None}, [a]
    for h in queue:                 # breadth first: a shortest line of hexes
        if h == b:
            break
        for n in graph.neighbours(h):
            if n not in path:
                path[n] = h
                queue.append(n)
    line, h = [], b
    while h is not None:
        line.append(h)
        h = path[h]
    sides = [TerrainHexside(x.map, ids.format(x), terrain.direction(x, y), "Minor Road") for x, y in zip(line, line[1:])]
    fork = line[len(line) // 2]               # a spur of two hexes off the middle of the road
    first = next(n for n in graph.neighbours(fork) if n not in line)
    second = next(n for n in graph.neighbours(first) if n not in line and n != fork)
    spur = [first, second]
    sides += [TerrainHexside(x.map, ids.format(x), terrain.direction(x, y), "Minor Road")
              for x, y in ((fork, first), (first, second))]
    sides += [TerrainHexside("B", f"B{c}.10", "N", "Peachtree Creek") for c in range(5, 31)]
    hexes = [TerrainHex("A", f"A{c}.{r:02d}", "Woods", sides_complete=True) for c in range(24, 42) for r in range(1, 14)]
    hexes += [TerrainHex("B", f"B{c}.{r:02d}", "Woods", sides_complete=True) for c in range(3, 32) for r in range(3, 37)]
    specials = [SpecialHex("A", "vp", f"A{c}.{r:02d}", "Atlanta inner defenses") for c in range(3, 9) for r in range(10, 21)]
    return replace(game, terrain_hexes=tuple(hexes), terrain_hexsides=tuple(sides),
                   terrain_specials=game.terrain_specials + tuple(specials)), line, spur


@pytest.fixture(scope="module")
def patched(game):
    return _patched(game)


def test_on_the_road_with_the_roads_known(game, patched) -> None:
    g, line, spur = patched
    ids = g.terrain.hexids
    on = next(h for h in line if ids.format(h).startswith(("A30.", "A31.", "A32.")))
    found = _about(game, "5.1", {"Gvn/C/H": ids.format(on)}, "Gvn/C/H", g)
    assert found == []
    off = next(h for h in (ids.canonical(ids.parse(f"A{c}.{r:02d}")) for c in range(29, 33) for r in range(2, 5))
               if h not in line and h not in spur)
    [error] = _errors(_about(game, "5.1", {"Gvn/C/H": ids.format(off)}, "Gvn/C/H", g))
    assert "not on a road" in error


def test_along_the_road_from_37_09_to_29_01(game, patched) -> None:
    g, line, spur = patched
    ids = g.terrain.hexids
    assert _about(game, "5.1", {"Hb(4)": ids.format(line[len(line) // 2 + 1])}, "Hb(4)", g) == []
    [error] = _errors(_about(game, "5.1", {"Hb(4)": ids.format(spur[-1])}, "Hb(4)", g))
    assert "is not on that road" in error


def test_south_of_peachtree_creek_and_north_of_row_5(game, patched) -> None:
    g, _, _ = patched
    assert _about(game, "5.2", {"Clayton": "B8.06"}, "Clayton", g) == []
    [error] = _errors(_about(game, "5.2", {"Clayton": "B8.12"}, "Clayton", g))
    assert "not south of Peachtree Creek" in error
    assert _errors(_about(game, "5.2", {"Clayton": "B14.06"}, "Clayton", g))          # west of 12.xx
    # Cheatham: north of row 5 inclusive, within Clayton's or Brown's area
    assert _about(game, "5.2", {"Cheatham": "B20.05"}, "Cheatham", g) == []              # Brown's area
    [error] = _errors(_about(game, "5.2", {"Cheatham": "B20.04"}, "Cheatham", g))
    assert "north of hex row xx.05 inclusive" in error
    [error] = _errors(_about(game, "5.2", {"Cheatham": "B29.06"}, "Cheatham", g))    # east of Brown's 28.xx
    assert "within the areas for Clayton or Brown" in error
    # Cheatham's artillery: any of the three divisions' areas (Stevenson's is map A)
    assert _about(game, "5.2", {"Cheatham's artillery": "A20.06"}, "Cheatham's artillery", g) == []


def test_inside_the_inner_defenses(game, patched) -> None:
    g, _, _ = patched
    assert _about(game, "5.2", {"1/GaMil": "A5.12"}, "1/GaMil", g) == []
    [error] = _errors(_about(game, "5.2", {"1/GaMil": "A12.12"}, "1/GaMil", g))
    assert "not inside the inner atlanta defenses" in error


def test_south_of_peavine_creek_once_its_type_and_hexsides_are_entered(game, patched) -> None:
    """5.2b.1's cavalry: south of Peachtree Creek and Peavine Creek, west of 40.xx. Peavine Creek is no
    hexside type of the bundled effects.xlsx: with a made-up type row and its hexsides (north of
    B30.20-B39.20) the clause runs."""
    from gamedata.terrain import TerrainType
    g, _, _ = patched
    sides = [TerrainHexside("B", f"B{c}.20", "N", "Peavine Creek") for c in range(30, 40)]
    sides += [TerrainHexside("B", f"B{c}.10", "N", "Peachtree Creek") for c in range(31, 40)]
    hexes = [TerrainHex("B", f"B{c}.{r:02d}", "Woods", sides_complete=True) for c in range(32, 40) for r in range(3, 37)]
    g = replace(g, terrain_types=g.terrain_types + (TerrainType("Peavine Creek", "Peavine Creek", "hexside", "stream"),),
                terrain_hexsides=g.terrain_hexsides + tuple(sides), terrain_hexes=g.terrain_hexes + tuple(hexes))
    assert _about(game, "5.2", {"Wheeler": "B35.06"}, "Wheeler", g) == []           # south of both
    [error] = _errors(_about(game, "5.2", {"Wheeler": "B35.15"}, "Wheeler", g))      # north of Peachtree
    assert "not south of Peachtree Creek" in error
