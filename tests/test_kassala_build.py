"""Issue 20.5: `adjutant build sources/kassala` makes a module that opens clean in the real engine,
with every unit of the set-up where the rules put it (II.A.1: on its hex of the printed map, the
three Moslem cannon stacked) — VASSAL's own File > New Game is the oracle."""
from __future__ import annotations

from collections import Counter

import pytest
from kassala_logs import GAME

import engine
from builder.module import build_module
from gamedata import load_game

#: II.A.1 (Fig. 4-1): each counter on the hex bearing its symbol; read from the printed map in our
#: numbering (the same map tests/test_numbering.py reads the author's Default Setup against).
PRINTED = Counter({
    ("Turkish Cavalry", "0401"): 1, ("Mamluk Cavalry", "0601"): 1, ("Mamluk Cavalry", "0701"): 1,
    ("Arab Cavalry", "0602"): 1, ("Arab Cavalry", "0702"): 1, ("Turkish Infantry", "0301"): 1,
    ("Egyptian-Sudanese Infantry", "0402"): 1, ("Nubian Infantry", "0102"): 1, ("Nubian Infantry", "0202"): 1,
    ("Nubian Infantry", "0203"): 1, ("Moslem Cannon", "0302"): 3,
    ("Portuguese Infantry", "0304"): 1, ("Portuguese Infantry", "0305"): 1, ("Portuguese Slave Infantry", "0406"): 1,
    ("Christian Cannon", "0506"): 1, ("Christian Cannon", "0706"): 1, ("Native Cavalry", "0507"): 1,
    ("Ethiopian Infantry", "0607"): 1, ("Ethiopian Infantry", "0806"): 1, ("Galla-Ethiopian Infantry", "0804"): 1,
    ("Galla-Ethiopian Infantry", "0805"): 1,
})


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    engine.require()
    return build_module(GAME, tmp_path_factory.mktemp("build")).path


def test_the_built_module_opens_clean_in_vassal(built):
    run = engine.check_vmod(built, strict=True)
    assert run.returncode == 0, "\n".join(run.problems())


def test_its_setup_is_where_the_rules_put_it(built):
    pieces = engine.setup_locations(built)
    assert {p.setup for p in pieces} == {load_game(GAME).scenarios[0].name}
    assert Counter((p.name, p.loc) for p in pieces) == PRINTED
