"""Where every unit of a scenario starts: a hex, a holding box, or a reinforcement box.

A setup row with one hex places the unit at that hex's centre (the same centre the
board and grid use). A row whose location is a choice, an area or a constraint puts
the unit in the scenario's holding area, in a box labelled with that text.
Reinforcements go to boxes by arrival turn (or die-roll set) naming the entry hexes;
an entry area (game.toml `areas`) is named with its name and its hexes, not its code.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.displays import DisplayArt, plan_display
from builder.layout import BoardGeometry, MapGroup
from builder.pieces import UnitStart
from gamedata.systems import SystemProfile, parse_status
from gamedata.hexids import Hex, HexError, HexIds
from gamedata.load import SCENARIOS_FILE, reinf_sheet, setup_sheet
from gamedata.model import Game, ReinforcementRow, Scenario, SetupRow, SheetRow, TurnDef, Unit

if TYPE_CHECKING:
    from builder.scans import ScanBoard


class BuildError(Exception):
    """Bad game data found while building, located as file:sheet:row:column (row 0 when
    the record was not read from a sheet)."""

    def __init__(self, file: str, sheet: str, row: int, column: str, message: str) -> None:
        super().__init__(f"{file}:{sheet}:{row}:{column}: {message}")


Row = SetupRow | ReinforcementRow


def row_error(row: Row, sheet: str, column: str, message: str) -> BuildError:
    """A BuildError at the row's own spreadsheet row (row 0 for a record made in code,
    not read from the sheet), with its rulebook line when it has one."""
    origin = row.origin or SheetRow(SCENARIOS_FILE, sheet, 0)
    line = f" (rulebook line {row.rulebook_line})" if row.rulebook_line is not None else ""
    return BuildError(origin.file, origin.sheet, origin.row, column, message + line)


@dataclass(frozen=True)
class Spot:
    """A point on a VASSAL map (map coordinates) and the location name it stands for."""

    map_name: str
    x: int
    y: int
    location: str


@dataclass(frozen=True)
class Start:
    """One unit placed by a scenario."""

    unit: Unit
    spot: Spot
    start: UnitStart


@dataclass(frozen=True)
class ScenarioPlan:
    scenario: Scenario
    starts: tuple[Start, ...]
    display: DisplayArt
    display_board: str
    groups_used: tuple[str, ...]


@dataclass(frozen=True)
class PlacedBoard:
    """A board inside a map window with its offset (map = board + offset)."""

    map_name: str
    geometry: BoardGeometry | ScanBoard
    dx: int
    dy: int


def place_boards(groups: tuple[MapGroup, ...], map_names: tuple[str, ...]) -> dict[str, PlacedBoard]:
    """Map id -> its board's window and offset; boards of a group stack top to bottom."""
    placed = {}
    for group, name in zip(groups, map_names):
        offset = 0
        for board in group.boards:
            placed[board.map.id] = PlacedBoard(name, board, 0, offset)
            offset += board.height
    return placed


def turn_words(box: TurnDef) -> str:
    """A turn-track box in words: its label and date, and whether it is a night turn."""
    return ", ".join(p for p in (box.label, box.date) if p) + (" (night)" if box.night else "")


def display_board_name(scenario: Scenario) -> str:
    return f"{scenario.scenario_id} Display"


class _Planner:
    def __init__(self, game: Game, profile: SystemProfile, hexids: HexIds, boards: dict[str, PlacedBoard],
                 display_map: str) -> None:
        self.game, self.profile, self.hexids, self.boards = game, profile, hexids, boards
        self.units = {u.unit_id: u for u in game.units}
        self.areas = {a.code: a for a in game.areas}
        self.display_map = display_map

    def unit(self, row: Row, sheet: str) -> Unit:
        unit = self.units.get(row.unit_id)
        if unit is None:
            raise row_error(row, sheet, "unit_id", f"unit {row.unit_id!r} is not in oob.xlsx Units")
        return unit

    def start(self, row: Row, sheet: str, facing: str) -> UnitStart:
        step = 0
        if facing and self.profile.facing is not None:
            found = self.profile.facing.step(facing)
            if found is None:
                known = ", ".join(name for name, _ in self.profile.facing.names)
                raise row_error(row, sheet, "facing", f"unknown facing {facing!r} (known: {known})")
            step = found
        try:
            statuses = parse_status(self.profile, row.status)
        except ValueError as exc:
            raise row_error(row, sheet, "status", str(exc)) from None
        return UnitStart(step, tuple((layer.code, s) for layer, s in statuses), row.strength or None)

    def turn_name(self, turn: str) -> str:
        """`Turn 15 (8 AM, 1862-04-06)`: the track box's time beside the number the table gives."""
        box = next((t for t in self.game.turns if str(t.id) == turn.strip()), None)
        return f"Turn {turn} ({turn_words(box)})" if box else f"Turn {turn}"

    def entry_words(self, entry: str) -> str:
        """An entry cell for a box label: an area code, or exactly an area's hexes, becomes
        `name: hexes`; anything else stays as written."""
        area = self.areas.get(entry)
        if area is None:
            try:
                hexes = frozenset(self.hexids.expand(entry))
            except HexError:
                return entry
            area = next((a for a in self.game.areas if frozenset(a.hexes) == hexes), None)
            if area is None:
                return entry
        return f"{area.name}: {hex_runs(self.hexids, area.hexes)}"

    def hex_spot(self, location: str) -> Spot | None:
        """The map point of a single hex, or None when the text is not exactly one hex."""
        try:
            hexes = self.hexids.expand(location)
        except HexError:
            return None
        if len(hexes) != 1:
            return None
        h = self.hexids.canonical(self.hexids.parse(hexes[0]))
        placed = self.boards[h.map]
        x, y = placed.geometry.centre(h)
        return Spot(placed.map_name, x + placed.dx, y + placed.dy, self.hexids.format(h))

    def plan(self, scenario: Scenario) -> ScenarioPlan:
        setup, reinf = setup_sheet(scenario.scenario_id).name, reinf_sheet(scenario.scenario_id).name
        starts: list[Start] = []
        boxes: dict[str, list[tuple[Unit, UnitStart]]] = {}
        for row in scenario.setup:
            unit = self.unit(row, setup)
            start = self.start(row, setup, row.facing)
            spot = None if row.constraint else self.hex_spot(row.location)
            if spot is not None:
                starts.append(Start(unit, spot, start))
            else:
                label = " - ".join(part for part in (row.location, row.constraint) if part) or "Placement not given"
                boxes.setdefault(f"Set up: {label}", []).append((unit, start))
        for arrival in scenario.reinforcements:
            unit = self.unit(arrival, reinf)
            start = self.start(arrival, reinf, "")
            when = self.turn_name(arrival.turn) if arrival.turn else (f"Die-roll set {arrival.dr_set}" if arrival.dr_set else "Arrival not given")
            entry = self.entry_words(arrival.entry)
            if arrival.alt_entry:
                entry += f" or {self.entry_words(arrival.alt_entry)}"
            label = f"{when}: enter {entry}" if arrival.entry else when
            boxes.setdefault(label, []).append((unit, start))
        title = f"{scenario.name}: units to place and reinforcements"
        display = plan_display(title, [(label, len(members)) for label, members in boxes.items()])
        for box, members in zip(display.boxes, boxes.values()):
            for slot, (unit, start) in enumerate(members):
                x, y = box.slot(slot)
                starts.append(Start(unit, Spot(self.display_map, x, y, box.label), start))
        used = tuple(dict.fromkeys(s.spot.map_name for s in starts if s.spot.map_name != self.display_map))
        return ScenarioPlan(scenario, tuple(starts), display, display_board_name(scenario), used)


def hex_runs(hexids: HexIds, hexes: tuple[str, ...]) -> str:
    """Hexes as written, a run of consecutive rows in one column shortened to its ends:
    `A0.01-A0.36, B0.03-B0.36`, `5703, 5705-5707`."""
    runs: list[list[Hex]] = []
    for h in (hexids.parse(text) for text in hexes):
        last = runs[-1][-1] if runs else None
        if last is not None and (last.map, last.column, last.row + 1) == (h.map, h.column, h.row):
            runs[-1].append(h)
        else:
            runs.append([h])
    return ", ".join(hexids.format(r[0]) + (f"-{hexids.format(r[-1])}" if len(r) > 1 else "") for r in runs)


def plan_scenarios(game: Game, profile: SystemProfile, hexids: HexIds, boards: dict[str, PlacedBoard],
                   display_map: str) -> tuple[ScenarioPlan, ...]:
    planner = _Planner(game, profile, hexids, boards, display_map)
    return tuple(planner.plan(s) for s in game.scenarios)
