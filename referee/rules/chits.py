"""Into the Woods 18.1 (L570, L582): "Battle Event chits are placed in the AM Pool ... when instructed
by the scenario"; "The number of Battle Event chits used is listed in each scenario."

A chit is drawn from a cup, not a piece of the module: the log shows one where a player writes the
words of rules.xlsx ``battle-events.declared`` ("Battle Event drawn") in the chat. The chits a
scenario puts in the pool each turn are ``battle-events.<scenario>`` (the base scenario's row for a
variant: S8-D2V reads S8): a number for every turn, or ``HH:MM-HH:MM=N`` spans of the turns' hours
(an open end runs to the scenario's end; a turn outside every span has none). More lines in one
turn than the pool held is an error at the first one too many. A scenario whose count is the
Battle Events Chart's (S1, S5: not in the rulebook) is not checked, naming the row to add. A chit
no line declares is invisible: a log without such a line has no count to judge.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from gamedata.model import Game
from gamedata.ruledata import cell, parameter, parameter_cite

from ..findings import Finding, Severity
from ..view import GameView

CHECK_ID = "activation"


def pool(value: object, hour: str) -> int | None:
    """The chits in the pool on a turn of ``hour`` by a ``battle-events.*`` value; None: unreadable."""
    text = str(value).strip()
    if re.fullmatch(r"\d+", text):
        return int(text)
    count = 0
    for span in filter(None, (s.strip() for s in text.split(";"))):
        m = re.fullmatch(r"(\d\d:\d\d)?-(\d\d:\d\d)?=(\d+)", span)
        if m is None:
            return None
        if (m[1] or "00:00") <= hour <= (m[2] or "99:99"):
            count = int(m[3])
    return count


def _key(game: Game, scenario: str) -> str | None:
    for sid in (scenario, scenario.split("-")[0]):
        if parameter(game, f"battle-events.{sid}") is not None:
            return f"battle-events.{sid}"
    return None


def check_battle_events(game: Game, views: Iterable[GameView], label: str, players: dict[int, str | None],
                        texts: Mapping[int, tuple[str, ...]]) -> Iterator[Finding]:
    said = str(parameter(game, "battle-events.declared") or "")
    if not said:
        return
    words = re.compile(rf"(?<!\w){re.escape(said)}(?!\w)", re.IGNORECASE)
    rule = parameter_cite(game, "battle-events.declared", "18.1")
    drawn: dict[object, int] = {}
    for view in views:
        lines = [t for t in texts.get(view.step, ()) if words.search(t)]
        if not lines:
            continue
        scenario = getattr(getattr(view, "scenario", None), "scenario_id", "") or ""
        if view.turn is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"'{said}' at step {view.step}: the log's turn is not "
                          "known, so the turn's Battle Event chits were not counted", rule, label, view.step,
                          players.get(view.step))
            continue
        key, base = _key(game, scenario), scenario.split("-")[0]
        if key is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"'{said}' at step {view.step}: the Battle Event chits "
                          f"of {scenario or 'the scenario'} are not known (S1 and S5: the Battle Events Chart's "
                          f"count, not in the rulebook): fill {cell(game, f'battle-events.{base}')}", rule,
                          label, view.step, players.get(view.step))
            continue
        held = pool(parameter(game, key), view.turn.hour)
        for _ in lines:
            drawn[view.turn.id] = drawn.get(view.turn.id, 0) + 1
            if held is not None and drawn[view.turn.id] == held + 1:
                yield Finding(CHECK_ID, Severity.ERROR, f"Battle Event chit number {held + 1} drawn on Turn "
                              f"{view.turn.id} ({view.turn.label}): {scenario} puts {held} in the AM Pool that "
                              "turn", parameter_cite(game, key, "18.1"), label, view.step, players.get(view.step))
