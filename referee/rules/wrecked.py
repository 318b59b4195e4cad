"""Wrecked regiments of the CWB Regimental Sub-Series (22.0, rulebook 002 L197): "A wrecked
regiment is any unit that has lost 50% or more of its printed strength" (6 SP wrecked at 3, 5 SP
at 2).

The share comes from the game's ``rss-wrecked`` table (its ``regiment`` row, "50% or more
lost"); the printed strength from oob.xlsx, the strength now from the counter (its strength
marker, else what it shows). At the end of every phase (`stacking.phase_ends`; the log's end as
a warning) a unit that has lost that share and does not show the ``wrecked`` status, or shows it
without having lost it, is a finding, once until its state changes. Leaders and wagons have no
strength to lose; a unit without a printed strength, or whose counter cannot show ``wrecked``, is
not judged (the first names its oob.xlsx cell once).
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from fractions import Fraction

from gamedata.cellref import unit_cell
from gamedata.hexids import HexIds
from gamedata.model import Game
from gamedata.ruledata import cite
from gamedata.systems import Symbol

from ..context import CheckContext
from ..findings import Finding, Place, Severity
from ..view import NO, YES, GameView
from .stacking import _kind, phase_ends, run_rules, strength
from .stragglers import check_recovery

CHECK_ID = "wrecked"
TABLE = "rss-wrecked"


def wreck_share(game: Game) -> tuple[Fraction, str] | None:
    """The share of its printed strength a regiment loses to be wrecked, and the rule's citation."""
    table = next((t for t in game.tables if t.table_id == TABLE), None)
    row = next((r for r in table.rows if r.roll.casefold() == "regiment"), None) if table else None
    found = re.search(r"(\d+)\s*%", row.result) if row else None
    if row is None or found is None:
        return None
    return Fraction(int(found[1]), 100), cite("22.0 Wrecked Regiments", row.rulebook_line)


def run(ctx: CheckContext) -> Iterator[Finding]:
    return run_rules(ctx, wreck_share, CHECK_ID, "wrecked regiments", (check_wrecked, check_recovery))


def check_wrecked(game: Game, views: Iterable[GameView], label: str, players: Mapping[int, str | None]
                  ) -> Iterator[Finding]:
    found = wreck_share(game)
    if found is None:
        return
    share, rule = found
    hexids = HexIds(game.maps)
    judged: dict[str, bool] = {}        # unit id -> the wrong state last reported (True: should show wrecked)
    unprinted: list[str] = []
    for view, last, _ in phase_ends(views):
        for uid, u in sorted(view.units.items()):
            if u.hex is None or _kind(u) in (Symbol.LEADER, Symbol.WAGON) or u.status.get("wrecked") not in (YES, NO):
                continue
            printed, now = (int(u.unit.strength) if u.unit.strength.isdigit() else None), strength(u)
            if printed is None:
                if uid not in unprinted:
                    unprinted.append(uid)
                continue
            if now is None:
                continue
            wrecked = printed - now >= share * printed
            shows = u.status["wrecked"] == YES
            if wrecked == shows:
                judged.pop(uid, None)
                continue
            if judged.get(uid) == wrecked:
                continue
            judged[uid] = wrecked
            where = hexids.format(u.hex)
            what = (f"{u.name} at {where} has {now} of its {printed} printed strength points (lost "
                    f"{printed - now}, {share * 100}% or more wrecks it) and does not show wrecked" if wrecked else
                    f"{u.name} at {where} shows wrecked with {now} of its {printed} printed strength points")
            when = "at the log's end" if last else "at the end of the phase"
            yield Finding(CHECK_ID, Severity.WARNING if last else Severity.ERROR, f"{what} ({when})", rule, label,
                          view.step, players.get(view.step), (u.name,), (Place(u.map or "", where),))
    if unprinted:
        names = [game.unit(uid).name for uid in unprinted]
        yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"no printed strength for {', '.join(names)}: whether they are "
                      "wrecked was not checked", rule, label, pieces=tuple(names),
                      cells=tuple(unit_cell(uid, "strength", n, "its printed strength points")
                                  for uid, n in zip(unprinted, names)))
