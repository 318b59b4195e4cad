"""Which die-roll table each roll of a log was rolled on.

In our own modules every table has its own dice button named by the table, so
the roll's button says it. In other modules the game's data says it:
`[[referee.dice]]` entries in game.toml (`gamedata.model.DiceMapping`) name the
button, optionally a pattern of the chat around the roll (its own report line,
or a chat line of the step just before or after it that rolls nothing itself:
"for winter weather") and
the turn tracker phase. The first entry that matches decides. Combat tables a
user entered (combat.xlsx) are claimed the same way. A roll nothing matches is
not read against a table; such rolls are listed once per button.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gamedata.combat import Combat, combat_of
from gamedata.model import DiceMapping, Game
from gamedata.rolls import RollTable, roll_tables

from .dice import Roll
from .timeline import StepView


@dataclass(frozen=True)
class TableRoll:
    """A roll read against a table (a die-roll table, or a combat table): its dice as the table
    reads them, and why this table."""

    roll: Roll
    table: RollTable | Combat
    dice: tuple[int, ...]
    how: str

    @property
    def step(self) -> int:
        return self.roll.step

    @property
    def player(self) -> str | None:
        return self.roll.player


@dataclass(frozen=True)
class Unread:
    """Rolls of one button that no table claims, and what was missing."""

    button: str
    steps: tuple[int, ...]
    why: str


@dataclass(frozen=True)
class TableRolls:
    rolls: tuple[TableRoll, ...]     # on die-roll tables
    unread: tuple[Unread, ...]
    combat: tuple[TableRoll, ...] = ()  # on combat tables


def _nearby_texts(steps: Sequence[StepView], index: int) -> list[str]:
    """The roll's own lines and the chat of the steps just before and after it, unless that
    step rolls dice itself (its chat then belongs to its own roll)."""
    texts = list(steps[index].texts)
    for j in (index - 1, index + 1):
        if 0 <= j < len(steps) and not steps[j].is_undo and not steps[j].rolls:
            texts += steps[j].texts
    return texts


def _fits(dice: tuple[int, ...], table: RollTable | Combat) -> bool:
    """One total, or one value per die, within what the table's dice can show."""
    if len(dice) == 1 and table.dice.count > 1:
        return dice[0] in table.dice.totals()
    return len(dice) == table.dice.count and all(table.dice.low <= d <= table.dice.high for d in dice)


def undone_steps(steps: Sequence[StepView]) -> frozenset[int]:
    """The steps an undo took back: their rolls do not stand (the undo check reports them; the
    rolls left unread are counted without them)."""
    from .checks.undo import match_undos
    return frozenset(rec.target.index for rec in match_undos(steps) if rec.target is not None)


def read_table_rolls(steps: Sequence[StepView], game: Game,
                     phase_at: Callable[[int], str | None] = lambda step: None) -> TableRolls:
    """Every roll of ``steps`` with its table; ``phase_at(step)`` is the turn tracker's phase
    (None when not known: entries that need a phase then match nothing)."""
    tables: list[RollTable | Combat] = [*roll_tables(game.tables), *(combat_of(t) for t in game.combat)]
    by_name = {t.name: t for t in tables}
    by_id = {t.table_id: t for t in tables}
    found: list[TableRoll] = []
    unread: dict[str, list[int]] = {}
    needs_phase: set[str] = set()
    misfit: dict[str, str] = {}
    for index, step in enumerate(steps):
        for roll in step.rolls:
            table = by_name.get(roll.purpose)
            if table is not None and _fits(roll.dice, table):
                found.append(TableRoll(roll, table, roll.dice, "the table's own button"))
                continue
            hit = _mapped(roll, steps, index, game.dice_map, by_id, phase_at, needs_phase, misfit)
            if hit is not None:
                found.append(hit)
            else:
                unread.setdefault(roll.purpose, []).append(roll.step)
    return TableRolls(tuple(r for r in found if isinstance(r.table, RollTable)), tuple(
        Unread(button, tuple(s), misfit.get(button) or (
            "a [referee.dice] entry for this button needs the turn phase, which is not known at these steps"
            if button in needs_phase else "no die-roll table of the game is mapped to this button"))
        for button, s in unread.items()), tuple(r for r in found if isinstance(r.table, Combat)))


def _mapped(roll: Roll, steps: Sequence[StepView], index: int, entries: Sequence[DiceMapping],
            by_id: dict[str, RollTable | Combat], phase_at: Callable[[int], str | None], needs_phase: set[str],
            misfit: dict[str, str]) -> TableRoll | None:
    for number, entry in enumerate(entries):
        if entry.button != roll.purpose or entry.table not in by_id:
            continue
        if entry.chat and not any(re.search(entry.chat, t, re.IGNORECASE) for t in _nearby_texts(steps, index)):
            continue
        if entry.phase:
            phase = phase_at(roll.step)
            if phase is None:
                needs_phase.add(roll.purpose)
                continue
            if phase.casefold() != entry.phase.casefold():
                continue
        table = by_id[entry.table]
        dice = tuple(0 if entry.ten_is_zero and v == 10 else v for v in roll.dice)
        if not _fits(dice, table):
            misfit[roll.purpose] = (f"[referee.dice] entry {number + 1} reads it on {table.name} ({table.dice}), "
                                    f"but it rolled {','.join(map(str, roll.dice))}")
            continue
        what = ", ".join(filter(None, (f"button {entry.button}", entry.chat and f"chat /{entry.chat}/",
                                       entry.phase and f"phase {entry.phase}")))
        return TableRoll(roll, table, dice, f"[referee.dice] entry {number + 1} ({what})")
    return None
