"""A progress bar for long runs: on stderr, only on a terminal, only after a second.

A quick run prints nothing extra, and a piped or redirected run (a script, CI, a
report written to a file) never gets bar characters mixed into its output. The time
left is estimated from the rate measured since the first unit of work finished, so a
slow start (worker processes starting, a module being read) does not make the first
estimate say minutes for a job of seconds; no estimate is shown until there is a rate.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterable, Iterator
from typing import IO, TypeVar

T = TypeVar("T")

DELAY = 1.0
"""Seconds a run must last before any bar is drawn."""
WIDTH = 24
REDRAW = 0.1
"""Seconds between redraws: enough to look alive, few enough to cost nothing."""


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    return f"{seconds // 60}:{seconds % 60:02d}" if seconds >= 60 else f"{seconds} s"


class ProgressBar:
    """One line on ``stream`` (stderr), redrawn in place; ``update`` per unit of work.

    ``enabled`` defaults to "``stream`` is a terminal"; ``clock`` is injectable for tests.
    """

    def __init__(self, stream: IO[str] | None = None, *, enabled: bool | None = None,
                 clock: Callable[[], float] = time.monotonic, delay: float = DELAY) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.clock = clock
        self.delay = delay
        self.started = clock()
        self._label = ""
        self._first: tuple[float, int] | None = None  # (time, done) when the task's first unit finished
        self._drawn = 0.0
        self._shown = False

    def update(self, label: str, done: int, total: int) -> None:
        """``done`` of ``total`` units of the task ``label`` are finished."""
        if not self.enabled:
            return
        now = self.clock()
        if label != self._label:
            self._label, self._first = label, None
        if self._first is None and done > 0:
            self._first = (now, done)
        if now - self.started < self.delay or (now - self._drawn < REDRAW and done < total):
            return
        self._drawn = now
        self._shown = True
        self.stream.write("\r" + self.line(label, done, total, now) + "\x1b[K")
        self.stream.flush()

    def line(self, label: str, done: int, total: int, now: float) -> str:
        """The bar's text: label, bar, count, and the time left once a rate is known."""
        filled = WIDTH * done // total if total else WIDTH
        text = f"{label} [{'#' * filled}{'-' * (WIDTH - filled)}] {done}/{total}"
        left = self.time_left(done, total, now)
        return text if left is None else f"{text}, about {_duration(left)} left"

    def time_left(self, done: int, total: int, now: float) -> float | None:
        """Seconds left at the rate since the first unit finished; None until measurable."""
        if self._first is None or done >= total:
            return None
        t0, d0 = self._first
        if done - d0 < 1 or now - t0 < 0.2:
            return None
        return (total - done) * (now - t0) / (done - d0)

    def close(self) -> None:
        """Clear the line so the command's own output starts on a clean line."""
        if self._shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self._shown = False

    def iterate(self, items: Iterable[T], label: str) -> Iterator[T]:
        """``items`` one by one, counted on the bar (the builder's ``progress`` callback)."""
        listed = list(items)
        for index, item in enumerate(listed):
            self.update(label, index, len(listed))
            yield item
        self.update(label, len(listed), len(listed))

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
