"""Into the Woods 14.6 (L524-528: rules.xlsx ``immobile.*``): Markgraf's and Madison's batteries move one hex an
Activation, do not fire after moving (or turning more than one vertex), and stay within the confines of Pittsburg
Landing on Field or Field Boundary hexes. The rulebook prints no map: the Landing's confines (terrain.xlsx Specials)
and the hexes' terrain here are made up, and the check without them says which cells it needs."""
from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from rule_views import Scenario, U, V

from gamedata import load_game
from gamedata.hexids import HexIds
from gamedata.model import SpecialHex, TerrainHex
from referee.findings import Severity
from referee.rules.immobile import check_immobile

ITW = Path(__file__).resolve().parents[1] / "sources" / "into-the-woods-shiloh"
#: made up: the Landing's confines and their terrain (N6326 is Woods inside them; N6226 Field outside)
CONFINES = {"N6324": "Field", "N6325": "Field", "N6326": "Woods", "N6425": "Field Boundary", "N6424": "Field"}


@dataclass(frozen=True)
class F(U):
    facing: str | None = None


@pytest.fixture(scope="module")
def bare():
    return load_game(ITW)


@pytest.fixture(scope="module")
def itw(bare):
    hexes = tuple(TerrainHex("N", h, t, sides_complete=True) for h, t in {**CONFINES, "N6226": "Field"}.items())
    specials = tuple(SpecialHex("N", "other", h, "Pittsburg Landing confines") for h in CONFINES)
    return replace(bare, terrain_hexes=bare.terrain_hexes + hexes, terrain_specials=bare.terrain_specials + specials)


def run(game, frames, facing="SW"):
    """Findings over views from ``frames``: ({unit: hex or (hex, facing)}, chat lines) per step after the start."""
    ids = HexIds(game.maps)
    turn = next(t for t in game.turns if t.id == 14)
    placed = {"US:Markgraf Bty": ("N6325", facing), "US:Madison Bty": ("N5722", facing),
              "US:53 OH": ("N4020", facing), "CS:6 MS": ("N4030", facing)}
    views, texts = [], {}
    for step, (changes, lines) in enumerate([({}, ())] + list(frames)):
        placed.update({u: (w, placed[u][1]) if isinstance(w, str) else w for u, w in changes.items()})
        texts[step] = lines
        views.append(V(step, {u: F(game.unit(u), ids.parse(h), game.unit(u).formation, location=h, facing=f)
                              for u, (h, f) in placed.items()}, turn, Scenario("S1")))
    return list(check_immobile(game, views, "t.vlog", {i: "Grant" for i in range(len(views))}, texts))


AM = ({}, ("Unassigned AM",))


def test_one_hex_an_activation(itw):
    assert run(itw, [AM, ({"US:Markgraf Bty": "N6324"}, ()), AM, ({"US:Markgraf Bty": "N6325"}, ())]) == []
    (f,) = run(itw, [AM, ({"US:Markgraf Bty": "N6324"}, ()), ({"US:Markgraf Bty": "N6424"}, ())])
    assert (f.severity, f.step, f.pieces, f.rule) == (Severity.ERROR, 3, ("Markgraf Bty",), "14.61 (rulebook line 526)")
    assert f.message == ("Markgraf Bty moved 2 hexes in one Activation (from step 2; to N6424): 1 hex per "
                         "Activation")
    # another unit's move between them may be another Activation: the lenient reading
    assert run(itw, [({"US:Markgraf Bty": "N6324"}, ()), ({"US:53 OH": "N4021"}, ()),
                     ({"US:Markgraf Bty": "N6424"}, ())]) == []


def test_no_fire_after_moving_or_turning_more_than_one_vertex(itw):
    fires = ({}, ("Markgraf Bty fires at 6 MS",))
    (f,) = run(itw, [AM, ({"US:Markgraf Bty": "N6324"}, ()), fires])
    assert (f.step, f.pieces) == (3, ("Markgraf Bty",))
    assert f.message.startswith("Markgraf Bty at N6324 fires after moving or turning in this Activation (from step 2)")
    assert run(itw, [AM, fires]) == []                                                       # it did not move
    assert run(itw, [AM, ({"US:Markgraf Bty": ("N6325", "W")}, ()), fires]) == []            # one vertex: SW to W
    (f,) = run(itw, [AM, ({"US:Markgraf Bty": ("N6325", "NW")}, ()), fires])                 # two: SW to NW
    assert f.step == 3
    assert run(itw, [AM, ({"US:Markgraf Bty": "N6324"}, ()), AM, fires]) == []               # the next Activation


def test_within_the_landings_confines_on_field_or_field_boundary(itw, bare):
    (f,) = run(itw, [AM, ({"US:Markgraf Bty": "N6226"}, ())])
    assert (f.severity, f.step, f.rule) == (Severity.ERROR, 2, "14.62 (rulebook line 528)")
    assert f.message == ("Markgraf Bty moved to N6226, outside the confines of Pittsburg Landing: it must stay within "
                         "the confines of Pittsburg Landing, on Field or Field Boundary hexes")
    (f,) = run(itw, [AM, ({"US:Markgraf Bty": "N6326"}, ())])
    assert "a Woods hex, not Field or Field Boundary" in f.message
    assert run(itw, [AM, ({"US:Markgraf Bty": "N6425"}, ())]) == []
    (f,) = run(bare, [AM, ({"US:Markgraf Bty": "N6326"}, ()), AM, ({"US:Markgraf Bty": "N6325"}, ())])
    assert f.severity is Severity.NOT_CHECKED and f.step == 2                 # said once a log
    assert [c.sheet for c in f.cells] == ["Specials", "Hexes"]
    assert "terrain.xlsx:Specials rows of kind 'other' named 'Pittsburg Landing…' (its hexes)" in f.message
