"""The story of a log, step by step, for the HTML report.

A player settling a dispute wants to read what happened around a finding: who moved
what where, which rolls came up, what was undone. The replay is discarded once a log
is checked (a long game's logs are never all in memory together), so each step's
line is kept here, in the words ``adjutant inspect`` uses, with player ids hidden.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from vassal.narrate import SEP, describe_step
from vassal.replay import Replay, Step
from vassal.secrets import field_pattern, hide

from .dice import Roll
from .timeline import StepView


@dataclass(frozen=True)
class StoryStep:
    """One step: its number, who acted, what happened, and the rolls it made."""

    index: int
    who: str
    text: str
    is_undo: bool = False
    undoes: int | None = None
    rolls: tuple[Roll, ...] = ()


@dataclass(frozen=True)
class LogStory:
    """Every step of one checked log, in order."""

    log: str
    steps: tuple[StoryStep, ...]


def log_story(label: str, replay: Replay, views: Iterable[StepView], ids: Iterable[str],
              seen: Callable[[Step], Step] = lambda step: step) -> LogStory:
    """The story of ``replay`` (reported as ``label``), with any of ``ids`` hidden where they
    stand as ids (the replay already hid them in names and sides; never as a word in chat), each
    step as ``seen`` shows it (``fog.LogFog.step``: hidden pieces left out, masked ones masked)."""
    pattern = field_pattern(ids)
    rolls = {v.index: v.rolls for v in views}
    steps = []
    for step in replay.steps:
        line = describe_step(seen(step))
        _, who, text = line.split(SEP, 2) if line.count(SEP) >= 2 else (None, "?", line)
        who, text = hide(who, pattern), hide(text, pattern)
        steps.append(StoryStep(step.index, who, text, step.is_undo, step.undoes, rolls.get(step.index, ())))
    return LogStory(label, tuple(steps))
