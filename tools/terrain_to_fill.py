"""Rewrite the "Map terrain: what you must fill in" section of every bundled game's README from
its data (after an import changed what the rulebook fills in).

    python tools/terrain_to_fill.py [sources/<game> ...]
"""
from __future__ import annotations

import sys
from pathlib import Path

from gamedata.load import load_game
from gamedata.terrain_todo import HEADING, to_fill

SOURCES = Path(__file__).resolve().parents[1] / "sources"


def rewrite(folder: Path) -> None:
    readme = folder / "README.md"
    text = readme.read_text(encoding="utf-8")
    section = to_fill(load_game(folder))
    if HEADING in text:
        before, after = text.split(HEADING, 1)
        rest = after.split("\n## ", 1)
        text = before + section + ("\n## " + rest[1] if len(rest) > 1 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    readme.write_text(text, encoding="utf-8")


def main(argv: list[str]) -> int:
    for folder in [Path(a) for a in argv[1:]] or sorted(p for p in SOURCES.iterdir() if p.is_dir()):
        rewrite(folder)
        print(f"{folder}: README section written")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
