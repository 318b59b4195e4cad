"""The files of a check: logs and saves in playing order, the ``--previous`` ones first.

A folder stands for its logs and saves in natural name order (``turn2`` before ``turn10``).
A ``--previous`` folder usually holds the game's every log, the one being checked included:
the logs before it are its previous logs, and it and the logs after it are left out (and
said so), so that ``check turn7.vlog --previous turns/`` does what a player means.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

GAME_FILES = (".vlog", ".vsav", ".log", ".sav")


class InputError(Exception):
    """An input could not be read; the command exits with 2 and prints this."""


def _natural(path: Path) -> list[object]:
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", path.name)]


def expand(paths: Sequence[Path]) -> list[Path]:
    """Files as given; a folder becomes its save and log files in natural order."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            files = sorted((f for f in p.iterdir() if f.is_file() and f.suffix.lower() in GAME_FILES), key=_natural)
            if not files:
                raise InputError(f"{p}: no .vlog or .vsav files in this folder")
            out.extend(files)
        else:
            out.append(p)
    return out


def labels_of(paths: Sequence[Path]) -> list[str]:
    """File names, or the paths as given where two files share a name."""
    names = [p.name for p in paths]
    return [p.name if names.count(p.name) == 1 else str(p) for p in paths]


def _digest(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None  # the replay names an unreadable file


@dataclass(frozen=True)
class Files:
    """The chain to check: ``previous`` then ``checked``; ``left_out``: --previous files that are
    the checked log or come after it (named in ``note``)."""

    previous: tuple[Path, ...]
    checked: tuple[Path, ...]
    note: str = ""

    @property
    def chain(self) -> tuple[Path, ...]:
        return self.previous + self.checked


def chain_files(previous: Sequence[Path], logs: Sequence[Path]) -> Files:
    """The files of a check, refusing a log given twice. A --previous folder that holds the
    first checked log gives the files before it; it and those after it are left out."""
    before, checked = expand(previous), expand(logs)
    if not checked:
        raise InputError("no log to check")
    note = ""
    first = _digest(checked[0])
    from_folder = any(p.is_dir() for p in previous)
    at = next((i for i, p in enumerate(before) if from_folder and first is not None and _digest(p) == first), None)
    if at is not None:
        dropped = before[at:]
        after = dropped[1:]
        note = (f"{checked[0].name} is in the --previous folder too: the {at} log(s) before it there are its previous "
                "logs" + (f"; it and the {len(after)} after it ({', '.join(p.name for p in after[:3])}"
                          f"{', ...' if len(after) > 3 else ''}) were left out" if after else "; it was left out"))
        before = before[:at]
    files = Files(tuple(before), tuple(checked), note)
    _same_files(files.chain, labels_of(files.chain))
    return files


def _same_files(paths: Sequence[Path], labels: Sequence[str]) -> None:
    """Refuse a log given twice (by two names, or the same bytes under two names): its chain
    check would compare the log with itself and every other check would count it twice."""
    seen: dict[str, str] = {}
    for path, label in zip(paths, labels):
        digest = _digest(path)
        if digest is None:
            continue
        if digest in seen:
            first = seen[digest]
            same = "is given twice" if first == label else f"and {first} are the same log"
            raise InputError(f"{label} {same}: give each log once, in playing order")
        seen[digest] = label
