"""Hex ids of a game's maps: parse, format, check, resolve aliases, expand shorthand.

Rulebooks name hexes in several ways (`1715`, `S3103`, `A4.27`), abbreviate
them (`Sxx24` = row 24 of map S, `S63xx` = column 63, `40.xx`), give ranges
(`N6401-6601`, `0110 to 0114`) and drop the map letter on second hexes
(`N6420/6423`). Everything that reads a hex id goes through `HexIds` so the
builder, the referee and the importer agree on which hexes exist.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from gamedata.maps import Alias, MapDef


class HexError(ValueError):
    """A hex id that does not parse or does not exist; the message says why."""


@dataclass(frozen=True, order=True)
class Hex:
    """A hex as (map id, column, row)."""

    map: str
    column: int
    row: int


_WILD = "xx"
_LIST_SPLIT = re.compile(r"\s*(?:,|\band\b|/)\s*")
_RANGE_SPLIT = re.compile(r"\s*(?:-|–|\bto\b)\s*")


class HexIds:
    """Hex-id rules for the maps of one game."""

    def __init__(self, maps: Sequence[MapDef]) -> None:
        if not maps:
            raise ValueError("a game needs at least one map")
        self.maps = {m.id: m for m in maps}
        # longest prefix first so that "" never shadows a lettered map
        self._by_prefix = sorted(maps, key=lambda m: -len(m.prefix))

    # -- single hexes -------------------------------------------------
    def parse(self, text: str, default_map: str | None = None) -> Hex:
        """Parse one hex id; a missing prefix takes `default_map` (for second hexes)."""
        token = text.strip()
        for m in self._by_prefix:
            if m.prefix and token.upper().startswith(m.prefix) and _body_re(m).match(token[len(m.prefix):]):
                return self._located(m, token[len(m.prefix):], text)
        candidates = [self.maps[default_map]] if default_map else [m for m in self._by_prefix if not m.prefix]
        for m in candidates:
            if _body_re(m).match(token):
                return self._located(m, token, text)
        raise HexError(f"'{text}' is not a hex id ({self.describe()})")

    def _located(self, m: MapDef, body: str, text: str) -> Hex:
        match = _body_re(m).match(body)
        assert match is not None
        h = Hex(m.id, int(match.group(1)), int(match.group(2)))
        if not self.exists(h):
            lo, hi = self.row_range(m.id, h.column)
            raise HexError(
                f"hex '{text}' is off map '{m.id}' (columns {m.columns[0]}-{m.columns[1]}, "
                f"rows {lo}-{hi} in column {h.column})"
            )
        return h

    def format(self, h: Hex) -> str:
        m = self.maps[h.map]
        if m.id_format == "CCRR":
            return f"{m.prefix}{h.column:02d}{h.row:02d}"
        return f"{m.prefix}{h.column}.{h.row:02d}"

    def row_range(self, map_id: str, column: int) -> tuple[int, int]:
        """Rows present in `column` (maps cut at an edge have shorter odd/even columns)."""
        m = self.maps[map_id]
        parity = m.rows_even if column % 2 == 0 else m.rows_odd
        return parity or m.rows

    def exists(self, h: Hex) -> bool:
        m = self.maps.get(h.map)
        if m is None or not m.columns[0] <= h.column <= m.columns[1]:
            return False
        lo, hi = self.row_range(h.map, h.column)
        return lo <= h.row <= hi

    def normalize(self, text: str, default_map: str | None = None) -> str:
        """The canonical spelling of a hex id (aliases resolved); raises HexError."""
        return self.format(self.canonical(self.parse(text, default_map)))

    def check(self, text: str) -> str | None:
        """None if `text` names an existing hex, else the reason it does not."""
        try:
            self.parse(text)
        except HexError as exc:
            return str(exc)
        return None

    def canonical(self, h: Hex) -> Hex:
        """Resolve map aliases (`S1401` -> `N1434`); hexes without an alias are their own."""
        for alias in self.aliases:
            target = self._apply_alias(h, alias.source, alias.target)
            if target is not None:
                return target
        return h

    @property
    def aliases(self) -> tuple[Alias, ...]:
        """Every alias of the game, wherever in game.toml it is declared."""
        return tuple(a for m in self.maps.values() for a in m.aliases)

    def alias_problems(self) -> list[str]:
        """Aliases whose patterns name no map or no fixed row (`S{cc}01` is the accepted form)."""
        return [f"alias {pattern!r} is not <map prefix>{{cc}}<row>"
                for a in self.aliases for pattern in (a.source, a.target) if self._alias_pattern(pattern) is None]

    def _apply_alias(self, h: Hex, source: str, target: str) -> Hex | None:
        src = self._alias_pattern(source)
        if src is None or src[0] != h.map or src[2] != h.row:
            return None
        dst = self._alias_pattern(target)
        if dst is None:
            return None
        return Hex(dst[0], h.column, dst[2])

    def _alias_pattern(self, pattern: str) -> tuple[str, None, int] | None:
        """Read `S{cc}01` as (map of prefix S, any column, row 1)."""
        for m in self._by_prefix:
            if pattern.startswith(m.prefix + "{cc}"):
                rest = pattern[len(m.prefix) + 4:].lstrip(".")
                if rest.isdigit():
                    return (m.id, None, int(rest))
        return None

    # -- groups of hexes ----------------------------------------------
    def expand(self, text: str) -> tuple[str, ...]:
        """Every hex a cell names: lists, ranges, `xx` shorthand, prefix-less second hexes."""
        out: list[str] = []
        default: str | None = None
        for part in _LIST_SPLIT.split(text.strip()):
            if not part:
                continue
            hexes = self._expand_one(part, default)
            default = hexes[0].map
            out.extend(self.format(h) for h in hexes)
        if not out:
            raise HexError(f"'{text}' names no hex")
        return tuple(dict.fromkeys(out))

    def _expand_one(self, part: str, default: str | None) -> list[Hex]:
        if _WILD in part.lower():
            return self._expand_wild(part)
        ends = _RANGE_SPLIT.split(part)
        if len(ends) == 2 and ends[0] and ends[1]:
            first = self.parse(ends[0], default)
            last = self.parse(ends[1], first.map)
            return self._expand_range(first, last, part)
        return [self.parse(part, default)]

    def _expand_range(self, first: Hex, last: Hex, text: str) -> list[Hex]:
        if first.map != last.map:
            raise HexError(f"range '{text}' spans two maps")
        if first.column == last.column:
            lo, hi = sorted((first.row, last.row))
            return [Hex(first.map, first.column, r) for r in range(lo, hi + 1)]
        if first.row == last.row:
            lo, hi = sorted((first.column, last.column))
            return [h for c in range(lo, hi + 1) if self.exists(h := Hex(first.map, c, first.row))]
        raise HexError(f"range '{text}' changes both column and row; its hexes are not defined")

    def _expand_wild(self, part: str) -> list[Hex]:
        token = part.strip()
        for m in self._by_prefix:
            if not token.upper().startswith(m.prefix):
                continue
            body = token[len(m.prefix):].lower()
            if m.id_format == "CCRR" and re.fullmatch(r"(\d{2}|xx)(\d{2}|xx)", body):
                col, row = body[:2], body[2:]
            elif m.id_format == "C.RR" and re.fullmatch(r"(\d+|xx)\.(\d{2}|xx)", body):
                col, row = body.split(".")
            else:
                continue
            columns = range(m.columns[0], m.columns[1] + 1) if col == _WILD else [int(col)]
            hexes = [
                Hex(m.id, c, r)
                for c in columns
                for r in (range(self.row_range(m.id, c)[0], self.row_range(m.id, c)[1] + 1)
                          if row == _WILD else [int(row)])
            ]
            found = [h for h in hexes if self.exists(h)]
            if found:
                return found
            raise HexError(f"'{part}' names no hex on map '{m.id}'")
        raise HexError(f"'{part}' is not a hex shorthand ({self.describe()})")

    def describe(self) -> str:
        forms = []
        for m in self.maps.values():
            example = "1715" if m.id_format == "CCRR" else "4.27"
            forms.append(f"map '{m.id}': {m.prefix}{example}")
        return "; ".join(forms)

    # -- geometry for the builder and referee ----------------------------
    def neighbours(self, h: Hex) -> tuple[Hex, ...]:
        """Adjacent existing hexes on the same map (aliases across maps are not followed)."""
        m = self.maps[h.map]
        shifted = (h.column % 2 == 0) == (m.shifted_columns == "even")
        side = (0, 1) if shifted else (-1, 0)
        cands = [(h.column, h.row - 1), (h.column, h.row + 1)]
        cands += [(h.column + dc, h.row + dr) for dc in (-1, 1) for dr in side]
        return tuple(sorted(x for c, r in cands if self.exists(x := Hex(h.map, c, r))))


def _body_re(m: MapDef) -> re.Pattern[str]:
    return re.compile(r"^(\d{2})(\d{2})$") if m.id_format == "CCRR" else re.compile(r"^(\d{1,3})\.(\d{2})$")
