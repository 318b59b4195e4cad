"""What a check is given: one replayed log and everything it is checked against."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - annotations only: a check imports what it uses
    from gamedata import Game
    from vassal.module import Module
    from vassal.replay import Replay

    from .timeline import StepView
    from .view import Views
    from .view.passage import Passed


@dataclass(frozen=True)
class LogInput:
    """A log or save that was read and replayed; ``label`` is how reports name it."""

    label: str
    replay: Replay
    steps: tuple[StepView, ...]


@dataclass(frozen=True)
class CheckContext:
    """``previous`` is the log or save this one continues (``None`` for the first of a
    chain); ``first`` is the chain's first file, the reference for module versions;
    ``views`` the game view of every step of ``log`` (None without the game's data);
    ``carried``: check id -> what that check's ``carry`` handed over from the log before this
    one in the chain (a table roll whose consequences fall in this log, say); ``opening``: the
    log opens the game (no file is given before it: its start is the set-up); ``closing``: no
    log follows it in the chain (what is still open at its end is judged there, not handed on)."""

    log: LogInput
    previous: LogInput | None
    first: LogInput
    module: Module | None
    game: Game | None
    views: Views | None = None
    passed: Passed = field(default_factory=dict)
    carried: Mapping[str, object] = field(default_factory=dict)
    opening: bool = True
    closing: bool = True
