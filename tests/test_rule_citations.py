"""Every citation of the rule data holds its rule's words: each rules.xlsx row (every sheet) and
each scenario-rules.toml entry that cites a rulebook line carries `words`, a quote of the rule,
and the cited line of the rulebook text must contain it (case, quote marks, dashes, minus signs,
markdown emphasis and spacing aside; `...` joins pieces found in that order). A row whose value
is a number must have that number in its words (as digits, a number word, ½ or 'single'), unless its notes
say the number is [inferred] or [derived]. A row naming a section without a line says why
([inferred], or "not in" the rulebook). The oracle is the rulebook text in ../shared/rulebooks.
"""
from __future__ import annotations

import re
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import RULEBOOKS, SHARED

from gamedata.workbook import SheetData, read_workbook, write_workbook

SOURCES = Path(__file__).resolve().parents[1] / "sources"
GAMES = sorted(p.name for p in SOURCES.iterdir() if (p / "rules.xlsx").exists() or (p / "scenario-rules.toml").exists())
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]
#: what a number column is called in each sheet
NUMBER = {"Parameters": "value", "Ranges": "range", "Chain": "value", "Activation": "limit"}
_FOLD = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "—": "-", "–": "-", "−": "-", "*": None})


def fold(text: str) -> str:
    return re.sub(r"\s+", " ", text.translate(_FOLD)).strip().casefold()


def holds(line: str, words: str) -> bool:
    """Whether ``line`` contains the pieces of ``words`` (joined by '...') in that order."""
    at, text = 0, fold(line)
    for piece in (fold(p) for p in words.split("...") if p.strip()):
        found = text.find(piece, at)
        if found < 0:
            return False
        at = found + len(piece)
    return True


def says_number(words: str, value: float) -> bool:
    forms = {f"{value:g}"}
    if value == int(value) and 0 <= value < len(NUMBER_WORDS):
        forms.add(NUMBER_WORDS[int(value)])
    if value == 0.5:
        forms.add("½")
    if value == 1:
        forms.add("single")
    text = fold(words)
    return any(re.search(rf"(?<![\w.]){re.escape(f)}(?![\w]|\.\d)", text) for f in forms)


def _rulebook(game: Path) -> str:
    return tomllib.loads((game / "game.toml").read_text(encoding="utf-8"))["rulebook"]


def _book(game: Path, book: str) -> Path:
    """A bundled rulebook, else the rules beside a game's public files (Kassala's rules.md)."""
    return RULEBOOKS / book if (RULEBOOKS / book).exists() else SHARED / "games" / game.name / book


def _line(book: Path, n: int) -> str | None:
    lines = book.read_text(encoding="utf-8").splitlines()
    return lines[n - 1] if 1 <= n <= len(lines) else None


def _cited(where: str, book: Path, n: int, words: str | None) -> Iterator[str]:
    if not book.exists():
        yield f"{where}: no rulebook {book.name}"
        return
    line = _line(book, n)
    if line is None:
        yield f"{where}: {book} has no line {n}"
    elif not words:
        yield f"{where}: no words for line {n}"
    elif not holds(line, words):
        yield f"{where}: line {n} does not say {words!r}"


def rules_problems(game: Path) -> Iterator[str]:
    """Every rules.xlsx row against its cited line (see the module docstring)."""
    path = game / "rules.xlsx"
    if not path.exists():
        return
    own = _rulebook(game)
    for name, sheet in read_workbook(path).items():
        for row in sheet.rows:
            v = dict(row.values)
            where = f"{game.name}/rules.xlsx:{name}:{row.number}"
            line, notes = v.get("rulebook_line"), str(v.get("notes") or "")
            if not line:
                if v.get("section") and "[inferred" not in notes and "not in" not in notes:
                    yield f"{where}: section {v['section']} without a line, and the notes do not say why"
                continue
            words = v.get("words")
            yield from _cited(where, _book(game, v.get("rulebook") or own), line, words)
            number = v.get(NUMBER.get(name, ""))
            if (isinstance(number, (int, float)) and not isinstance(number, bool) and words
                    and "[inferred" not in notes and "[derived" not in notes and not says_number(words, number)):
                yield f"{where}: the words {words!r} do not give its number {number:g}"


def _citations(node: object, path: str) -> Iterator[tuple[str, dict]]:
    if isinstance(node, dict):
        if "line" in node or "section" in node:
            yield path, node
        for key, value in node.items():
            yield from _citations(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _citations(value, f"{path}[{i}]")


def scenario_problems(game: Path) -> Iterator[str]:
    """Every scenario-rules.toml entry citing a line against it."""
    path = game / "scenario-rules.toml"
    if not path.exists():
        return
    own = _rulebook(game)
    for where, entry in _citations(tomllib.loads(path.read_text(encoding="utf-8")), ""):
        if not isinstance(entry.get("line"), int):
            yield f"{game.name}/scenario-rules.toml:{where}: section without a line"
            continue
        yield from _cited(f"{game.name}/scenario-rules.toml:{where}", _book(game, entry.get("rulebook") or own), entry["line"],
                          entry.get("words"))


@pytest.mark.parametrize("game", GAMES)
def test_every_cited_line_holds_its_rules_words(game):
    folder = SOURCES / game
    assert [*rules_problems(folder), *scenario_problems(folder)] == []


def test_the_citations_checked_are_all_of_them():
    """Not a spot check: the entries held to their words are every `line = N` of each file's text
    (counted apart from the TOML reader), and every row of every sheet of rules.xlsx is read."""
    for game in GAMES:
        path = SOURCES / game / "scenario-rules.toml"
        if path.exists():
            text = path.read_text(encoding="utf-8")
            found = [w for w, e in _citations(tomllib.loads(text), "") if isinstance(e.get("line"), int)]
            assert len(found) == len(re.findall(r"(?:^|[{,])\s*line\s*=\s*\d+", text, re.M)) > 0, game
    rows = sum(1 for g in GAMES if (SOURCES / g / "rules.xlsx").exists()
               for s in read_workbook(SOURCES / g / "rules.xlsx").values() for r in s.rows
               if dict(r.values).get("rulebook_line"))
    assert rows >= 120


def _rewrite_row(folder: Path, sheet: str, key: str, **values: object) -> None:
    book = read_workbook(folder / "rules.xlsx")
    out = []
    for name, data in book.items():
        rows = [dict(r.values) for r in data.rows]
        for r in rows:
            if name == sheet and next(iter(r.values())) == key:
                r.update(values)
        out.append(SheetData(name, data.header, tuple(rows)))
    write_workbook(folder / "rules.xlsx", out)


def test_a_line_that_does_not_say_it_is_named(tmp_path):
    """The misreads this test exists for: the camp resupply cited at the design note before
    its rule (L395), the Atlanta wagon distance read from 3.5's artillery line without saying it,
    a number its words do not give, a scenario entry one line off."""
    folder = tmp_path / "into-the-woods-shiloh"
    shutil.copytree(SOURCES / "into-the-woods-shiloh", folder)
    _rewrite_row(folder, "Parameters", "resupply.camp-target", rulebook_line=395)
    _rewrite_row(folder, "Parameters", "resupply.target", value=5)
    toml = folder / "scenario-rules.toml"
    toml.write_text(toml.read_text(encoding="utf-8").replace("line = 504", "line = 505", 1), encoding="utf-8")
    atlanta = tmp_path / "atlanta"
    shutil.copytree(SOURCES / "atlanta", atlanta)
    _rewrite_row(atlanta, "Parameters", "resupply.wagon-distance", section="3.5", rulebook_line=182, rulebook=None)
    _rewrite_row(atlanta, "Parameters", "resupply.enemy-distance", rulebook_line=None, notes="")
    found = [*rules_problems(folder), *scenario_problems(folder), *rules_problems(atlanta)]
    assert [p.split(": ", 1)[0] for p in found] == [
        "into-the-woods-shiloh/rules.xlsx:Parameters:12", "into-the-woods-shiloh/rules.xlsx:Parameters:17",
        "into-the-woods-shiloh/scenario-rules.toml:restricted[0]",
        "atlanta/rules.xlsx:Parameters:3", "atlanta/rules.xlsx:Parameters:4"]
    assert "do not give its number 5" in found[0] and "line 395 does not say" in found[1]
    assert "line 182 does not say 'at or within 2 hexes of the supply wagon or train'" in found[4]
