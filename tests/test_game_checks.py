"""A bundled game's ``[referee] checks`` list runs every check that declares one of its rules
(``Check.covers``): a rule the coverage table counts as implemented must be checked by
``adjutant check --game``. Into the Woods' list once left out the `activation` and `orders`
checks (Stuart's cap, March Orders), which then never ran on its logs; Hood Strikes North's left out
`initiative`."""
from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from referee.registry import CHECK_IDS, CHECKS, game_checks

ROOT = Path(__file__).resolve().parents[1]


def test_the_schema_allows_every_check_of_the_registry() -> None:
    schema = json.loads((ROOT / "schemas" / "game.schema.json").read_text(encoding="utf-8"))
    allowed = schema["properties"]["referee"]["properties"]["checks"]["items"]["enum"]
    assert sorted(allowed) == sorted(CHECK_IDS)


@pytest.mark.parametrize("game", sorted(p.parent.name for p in (ROOT / "sources").glob("*/checkable-rules.toml")))
def test_a_games_check_list_runs_every_check_covering_its_rules(game: str) -> None:
    folder = ROOT / "sources" / game
    prefix = tomllib.loads((folder / "checkable-rules.toml").read_text(encoding="utf-8"))["prefix"]
    listed = game_checks(folder)
    covering = {c.id for c in CHECKS for cover in c.covers if cover.rule.startswith(prefix + ".")}
    assert listed is None or covering - set(listed) == set()     # no list: every check runs
