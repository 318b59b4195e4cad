"""Cross-checks of the terrain workbook against the system's Terrain Effects Chart and the maps.

Each problem names file, sheet, spreadsheet row and column: a hexside stated twice (from
either hex), a terrain or feature code the system does not know, a side a hex does not have,
an elevation out of the map's range, a chart row naming an unknown class or code, a digitize
sample of the wrong kind (a hexside code for a hex, `none` only for a hexside) or named twice,
or a sample hexside on the map's edge. Rows drafted
by `adjutant digitize` and not yet reviewed are warnings: they do not stop a build, but they
are never silent.
"""
from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from gamedata.hexids import Hex, HexError, HexIds
from gamedata.folder import EFFECTS_FILE, TERRAIN_FILE, map_defs
from gamedata.model import Problem
from gamedata.terrain import Terrain, codes
from gamedata.workbook import Row, Sheet

COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")
ACTION_APPLIES = {"enter": ("hex",), "cross": ("hexside",), "climb": ("hexside",), "descend": ("hexside",),
                  "along": ("route",)}


class _Out:
    def __init__(self, sheets: dict[str, Sheet]) -> None:
        self.sheets = sheets
        self.problems: list[Problem] = []

    def rows(self, name: str) -> tuple[Row, ...]:
        sheet = self.sheets.get(name)
        return sheet.rows if sheet else ()

    def add(self, file: str, sheet: str, row: Row | int, column: str, message: str, severity: str = "error") -> None:
        """A problem at a cell; a row the player's layer gave names the layer's workbook and row."""
        file, number = (file, row) if isinstance(row, int) else row.where(column, file)
        self.problems.append(Problem(file, sheet, number, column, message, severity))


def terrain_problems(d: dict[str, Any], sheets: dict[str, Sheet], homes: dict[str, str], hexids: HexIds) -> list[Problem]:
    """Every terrain and chart problem of a game folder whose sheets passed their schemas."""
    out = _Out(sheets)
    types = _chart(out)
    _hexes(out, types, hexids, {m.id: m.elevation for m in map_defs(d)})
    _hexsides(out, types, hexids)
    _legend(out, types, hexids)
    _samples(out, types, hexids)
    _drafts(out)
    return out.problems


def _text(row: Row, column: str) -> str:
    value = row.get(column)
    return "" if value is None else str(value).strip()


def _defined(out: _Out, sheet: str, what: str, value: str) -> dict[str, str]:
    """The codes a sheet defines, each with its `value` column; a code defined twice is reported."""
    found: dict[str, str] = {}
    for row in out.rows(sheet):
        code = _text(row, "code")
        if code in found:
            out.add(EFFECTS_FILE, sheet, row, "code", f"{what} '{code}' is defined twice")
        found.setdefault(code, _text(row, value))
    return found


def _chart(out: _Out) -> dict[str, str]:
    """Check effects.xlsx; return the known codes with what they apply to."""
    types = _defined(out, "Terrain", "terrain code", "applies")
    moves = _defined(out, "Moves", "movement class", "inherits")
    for row in out.rows("Moves"):
        parent = _text(row, "inherits")
        if parent and parent not in moves:
            out.add(EFFECTS_FILE, "Moves", row, "inherits", f"unknown movement class '{parent}'")
        seen, cur = {_text(row, "code")}, parent
        while cur in moves:
            if cur in seen:
                out.add(EFFECTS_FILE, "Moves", row, "inherits", f"'{_text(row, 'code')}' inherits from itself through '{cur}'")
                break
            seen.add(cur)
            cur = moves[cur]
    keys: dict[tuple[str, ...], int] = {}
    for row in out.rows("Costs"):
        move, action, code, via = (_text(row, c) for c in ("move", "action", "terrain", "via"))
        if move not in moves:
            out.add(EFFECTS_FILE, "Costs", row, "move", f"unknown movement class '{move}' (sheet Moves)")
        if code != "*":                 # `*`: any code without a row of its own
            _code(out, EFFECTS_FILE, "Costs", row, "terrain", code, types, ACTION_APPLIES.get(action, ()), f"action '{action}'")
        if via:
            if action != "enter":
                out.add(EFFECTS_FILE, "Costs", row, "via", "via applies to an enter row only")
            _code(out, EFFECTS_FILE, "Costs", row, "via", via, types, ("hexside",), "via")
        if row.get("factor") is not None and action != "along":
            out.add(EFFECTS_FILE, "Costs", row, "factor", "a factor applies to an along row only")
        if row.get("prohibited") and (row.get("cost") is not None or row.get("factor") is not None):
            out.add(EFFECTS_FILE, "Costs", row, "prohibited", "a prohibited move has no cost")
        key = (move, action, code, via, _text(row, "condition"))
        if key in keys:
            out.add(EFFECTS_FILE, "Costs", row, "terrain", f"the same cell is row {keys[key]} too")
        keys.setdefault(key, row.number)
    for row in out.rows("Implied"):
        _code(out, EFFECTS_FILE, "Implied", row, "route", _text(row, "route"), types, ("route",), "route")
        _code(out, EFFECTS_FILE, "Implied", row, "crossing", _text(row, "crossing"), types, ("hexside",), "crossing")
        _code(out, EFFECTS_FILE, "Implied", row, "implies", _text(row, "implies"), types, ("hexside",), "implies")
    return types


def _code(out: _Out, file: str, sheet: str, row: Row, column: str, code: str, types: dict[str, str],
          applies: Iterable[str], what: str) -> None:
    allowed = tuple(applies)
    if code not in types:
        known = ", ".join(sorted(c for c, a in types.items() if a in allowed)) or "none defined"
        out.add(file, sheet, row, column, f"'{code}' is not a {'/'.join(allowed) or 'known'} code of the system "
                f"(effects.xlsx Terrain: {known})")
    elif allowed and types[code] not in allowed:
        out.add(file, sheet, row, column, f"'{code}' is a {types[code]} code, not for {what} ({'/'.join(allowed)})")


def _canonical(hexids: HexIds, row: Row) -> Hex | None:
    try:
        return hexids.canonical(hexids.parse(str(row.get("hex")), str(row.get("map"))))
    except (HexError, KeyError):
        return None       # reported with the hex column already


def _hexes(out: _Out, types: dict[str, str], hexids: HexIds, ranges: dict[str, tuple[int, int] | None]) -> None:
    first: dict[Hex, int] = {}
    for row in out.rows("Hexes"):
        for code in codes(_text(row, "terrain")):
            _code(out, TERRAIN_FILE, "Hexes", row, "terrain", code, types, ("hex",), "a hex")
        elevation = row.get("elevation")
        limits = ranges.get(str(row.get("map")))
        if isinstance(elevation, int) and limits is not None and not limits[0] <= elevation <= limits[1]:
            out.add(TERRAIN_FILE, "Hexes", row, "elevation",
                    f"elevation {elevation} is outside map '{row.get('map')}' levels {limits[0]}-{limits[1]} (game.toml)")
        h = _canonical(hexids, row)
        if h is None:
            continue
        if h in first:
            out.add(TERRAIN_FILE, "Hexes", row, "hex", f"hex {hexids.format(h)} is already row {first[h]}")
        first.setdefault(h, row.number)


def _hexsides(out: _Out, types: dict[str, str], hexids: HexIds) -> None:
    geometry = Terrain(hexids)
    first: dict[tuple[Any, ...], tuple[int, str, tuple[str, ...]]] = {}
    for row in out.rows("Hexsides"):
        features = codes(_text(row, "features"))
        for code in features:
            _code(out, TERRAIN_FILE, "Hexsides", row, "features", code, types, ("hexside", "route"), "a hexside")
        if _canonical(hexids, row) is None:
            continue
        found = geometry.locate_side(str(row.get("hex")), _text(row, "side"), str(row.get("map")))
        if isinstance(found, str):
            out.add(TERRAIN_FILE, "Hexsides", row, "side", found)
            continue
        a, b = found
        key: tuple[Any, ...] = (min(a, b), max(a, b)) if b is not None else (a, _text(row, "side"))
        names = "|".join(hexids.format(x) for x in key) if b is not None else f"{hexids.format(a)} {_text(row, 'side')} (map edge)"
        if key in first:
            number, written, earlier = first[key]
            if set(earlier) != set(features):
                out.add(TERRAIN_FILE, "Hexsides", row, "features",
                        f"hexside {names} is row {number} too ({written}) with different features: "
                        f"'{';'.join(earlier)}' there, '{';'.join(features)}' here; state it once")
            else:
                out.add(TERRAIN_FILE, "Hexsides", row, "hex", f"hexside {names} is row {number} too ({written}); state it once")
            continue
        first[key] = (row.number, f"{row.get('hex')} {_text(row, 'side')}", features)


def _legend(out: _Out, types: dict[str, str], hexids: HexIds) -> None:
    for row in out.rows("Legend"):
        if str(row.get("map")) not in hexids.maps:
            out.add(TERRAIN_FILE, "Legend", row, "map", f"unknown map '{row.get('map')}'")
        _code(out, TERRAIN_FILE, "Legend", row, "code", _text(row, "code"), types, ("hex", "hexside", "route"), "a legend")
        for colour in codes(_text(row, "colours")):
            if not COLOUR.match(colour):
                out.add(TERRAIN_FILE, "Legend", row, "colours", f"'{colour}' is not a colour '#rrggbb'")
        if not _text(row, "colours") and not _text(row, "patch"):
            out.add(TERRAIN_FILE, "Legend", row, "colours", "a legend entry needs sample colours or a patch image")


NO_FEATURE = "none"
"""The code of a sample hexside that has no feature."""


def _samples(out: _Out, types: dict[str, str], hexids: HexIds) -> None:
    """Sample hexes name a hex code, sample hexsides a hexside or route code (or none); each
    hex and hexside is a sample once."""
    geometry = Terrain(hexids)
    first: dict[tuple[Any, ...], int] = {}
    for row in out.rows("Samples"):
        map_id, code, side = str(row.get("map")), _text(row, "code"), _text(row, "side")
        if map_id not in hexids.maps:
            out.add(TERRAIN_FILE, "Samples", row, "map", f"unknown map '{map_id}'")
            continue
        if side and code == NO_FEATURE:
            pass
        elif side:
            _code(out, TERRAIN_FILE, "Samples", row, "code", code, types, ("hexside", "route"), "a sample hexside")
        else:
            _code(out, TERRAIN_FILE, "Samples", row, "code", code, types, ("hex",), "a sample hex (give a side for a hexside)")
        try:
            h = hexids.canonical(hexids.parse(str(row.get("hex")), map_id))
        except HexError as exc:
            out.add(TERRAIN_FILE, "Samples", row, "hex", str(exc))
            continue
        key: tuple[Any, ...] = (h,)
        if side:
            found = geometry.locate_side(str(row.get("hex")), side, map_id)
            if isinstance(found, str) or found[1] is None:
                out.add(TERRAIN_FILE, "Samples", row, "side", found if isinstance(found, str) else
                        f"{row.get('hex')} {side} is the map's edge: a sample hexside lies between two hexes")
                continue
            key = (min(found), max(found))  # type: ignore[type-var]
        if key in first:
            out.add(TERRAIN_FILE, "Samples", row, "hex", f"this {'hexside' if side else 'hex'} is row {first[key]} too")
        first.setdefault(key, row.number)


def _drafts(out: _Out) -> None:
    """One warning per sheet and map listing the rows digitize drafted that nobody reviewed."""
    for sheet in ("Hexes", "Hexsides"):
        pending: dict[tuple[str, str], list[int]] = {}
        for row in out.rows(sheet):
            if _text(row, "source").lower() == "digitize" and not row.get("reviewed"):
                file, number = row.where("reviewed", TERRAIN_FILE)
                pending.setdefault((file, str(row.get("map"))), []).append(number)
        for (file, map_id), numbers in pending.items():
            out.add(file, sheet, numbers[0], "reviewed",
                    f"{len(numbers)} row(s) of map '{map_id}' drafted by digitize are not reviewed (rows "
                    f"{spans(numbers)}): check them against the map, then set reviewed to TRUE", "warning")


def spans(numbers: list[int]) -> str:
    """Row numbers as spans: 2-5, 9."""
    out: list[str] = []
    start = prev = numbers[0]
    for n in numbers[1:] + [None]:  # type: ignore[list-item]
        if n is not None and n == prev + 1:
            prev = n
            continue
        out.append(str(start) if start == prev else f"{start}-{prev}")
        if n is not None:
            start = prev = n
    return ", ".join(out)
