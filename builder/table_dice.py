"""One dice button per die-roll table, whose chat line states the table's result with the dice.

A player presses "Winter Weather Table" and the chat says

    *** Winter Weather Table = 4 *** <Hood> 1d6: Winter Weather Start before modifiers
    (-2 On Turn 14 (December 6), -1 On Turn 15 (December 7), +1 On Turn 17 (December 9), and thereafter)

The button has the table's dice (a d10 read 0-9 adds -1 to each die; several dice
report their total, which is what the table reads). Its report format is one
BeanShell expression (VASSAL 3.6+ evaluates a format in braces, with the roll as
the integer ``result``) choosing the text by the total. The expression compares
``result`` only: no string methods, which 3.6/3.7 cannot call on a report's own
properties. What the button cannot know (the turn, a leader's stack) is said, not
guessed: a result that depends on it is given with its conditions, or the line
says what it depends on and where the table is; modifiers are listed after the
unmodified result. `report_line` is the same text computed here, for the tests'
log writer; the engine test proves the two agree.
"""
from __future__ import annotations

import dataclasses
import html

from gamedata.conditions import MappingFacts
from gamedata.combat import Combat
from gamedata.rolls import NOT_PRINTED, Dice, Reading, RollTable, evaluate_many
from vassal import components as c
from vassal.buildfile import Element

#: More alternatives than this, or longer conditions, and the line points at the table instead.
MAX_ALTERNATIVES = 3
MAX_CONDITION = 60


def result_text(table: RollTable, reading: Reading) -> str:
    """What the unmodified total reads on the table (``reading``: read with no modifier and no
    fact known), in words, with the cases it depends on.

    A case that no printed row covers (an hour before the table applies, more wrecked
    divisions than a sheet lists) is left out when other cases are printed: the line
    names what the table says, and the referee reads the case itself."""
    if reading.determined:
        return reading.branch.result
    cases: dict[str, list[str]] = {}
    for result in reading.results:
        if result != NOT_PRINTED:
            cases[result] = []
    for b in reading.branches:
        if b.row is not None and b.row.when and str(b.row.when) not in cases[b.result]:
            cases[b.result].append(str(b.row.when))
    if len(cases) == 1:
        return next(iter(cases))
    words = [(result, " or ".join(whens)) for result, whens in cases.items()]
    if len(words) > MAX_ALTERNATIVES or any(len(when) > MAX_CONDITION for _, when in words):
        return f"depends on {', '.join(map(str, reading.deciding))}: see {table.cite()}"
    return "; ".join(f"{result} if {when}" if when else result for result, when in words)


def modifiers_text(table: RollTable) -> str:
    """`` before modifiers (-2 On Turn 14, ...)``, or "" for a table without modifiers (those that
    only choose among the rows are shown by the rows' cases)."""
    listed = ", ".join(f"{_signed(m.printed)} {m.condition}" for m in table.modifiers if not m.amount.selects_rows)
    return f" before modifiers ({listed})" if listed else ""


def _signed(printed: str) -> str:
    return f"{int(printed):+d}" if printed.lstrip("+-").isdigit() else printed


def texts(table: RollTable) -> dict[int, str]:
    """The text after the dice for every total the dice can show."""
    totals = list(table.dice.totals())
    readings = evaluate_many(dataclasses.replace(table, modifiers=()), [(t,) for t in totals], MappingFacts())
    return {total: f"{result_text(table, reading)}{modifiers_text(table)}" for total, reading in zip(totals, readings)}


def report_line(table: RollTable | Combat, player: str, dice: tuple[int, ...]) -> str:
    """The chat line VASSAL writes for this table's button (HTML entities as VASSAL stores them)."""
    total = sum(dice)
    text = (combat_texts(table) if isinstance(table, Combat) else texts(table))[total]
    return f"*** {table.name} = {total} *** &lt;{player}&gt; {_html(str(table.dice))} &rarr; {_html(text)}"


def _html(text: str) -> str:
    """Text as the chat shows it: VASSAL's chat is HTML, so & < > are written as entities."""
    return html.escape(text, quote=False)


def _java(text: str) -> str:
    """A Java/BeanShell string literal; ``$`` is left out, VASSAL would read it as a property."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("$", "") + '"'


def report_format(table: RollTable) -> str:
    """The BeanShell report format choosing the text by ``result`` (the total)."""
    return _format(table.name, table.dice, texts(table))


def _format(name: str, dice: Dice, by_total: dict[int, str]) -> str:
    totals = sorted(by_total)
    runs: list[tuple[int, str]] = []  # (last total of a run of equal texts, text)
    for total in totals:
        text = _html(by_total[total])
        if runs and runs[-1][1] == text:
            runs[-1] = (total, text)
        else:
            runs.append((total, text))
    choice = _java(runs[-1][1])
    for last, text in reversed(runs[:-1]):
        choice = f"(result <= {last} ? {_java(text)} : {choice})"
    head = _java(f"** {name} = ")
    middle = _java(" *** &lt;")
    tail = _java(f"&gt; {_html(str(dice))} &rarr; ")
    return "{" + f"{head} + result + {middle} + PlayerName + {tail} + {choice}" + "}"


def combat_texts(combat: Combat) -> dict[int, str]:
    """A combat table's button cannot know the odds column: the line gives the result in every
    column for the roll, and the modifiers."""
    mods = ", ".join(f"{m.printed} {m.condition}" for m in combat.modifiers)
    texts_ = {}
    for total in combat.dice.totals():
        by_column = []
        for column in combat.columns:
            cell = next((c for c in combat.cells if c.column == column.label and c.roll.matches(total)), None)
            by_column.append(f"{column.label} {cell.result if cell else NOT_PRINTED}")
        texts_[total] = f"by column: {', '.join(by_column)}" + (f" before modifiers ({mods})" if mods else "")
    return texts_


def combat_button(combat: Combat) -> Element:
    """A combat table's dice button, named by the table; its line gives the roll's result per column."""
    dice = combat.dice
    return c.dice_button(combat.name, dice.count, dice.sides, plus=dice.low - 1, report_total=dice.count > 1,
                         report_format=_format(combat.name, dice, combat_texts(combat)),
                         tooltip=f"Roll on the {combat.cite()}")


def table_button(table: RollTable) -> Element:
    """The table's dice button: its name is the table's, its dice the table's."""
    dice = table.dice
    return c.dice_button(table.name, dice.count, dice.sides, plus=dice.low - 1, report_total=dice.count > 1,
                         report_format=report_format(table), tooltip=f"Roll on the {table.cite()}")
