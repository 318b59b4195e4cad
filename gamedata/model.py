"""Game data as frozen values.

The builder and the referee both read these; neither may change them, so every
record is a frozen dataclass and every collection a tuple. Values the rulebook
does not print are `None` (or an empty string for text), never a guess.
"""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class Problem:
    """One defect in the game data, located as precisely as the data allows.

    `row` is the spreadsheet row number (1 = header); 0 when the problem is not
    tied to a row (missing sheet, unreadable file).
    """

    file: str
    sheet: str = ""
    row: int = 0
    column: str = ""
    message: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.sheet}:{self.row}:{self.column}: {self.message}"


@dataclass(frozen=True)
class SheetRow:
    """Where a record was read: workbook file, sheet and spreadsheet row number
    (1 = header), so a consumer's error points at the very cell, blank rows and all."""

    file: str
    sheet: str
    row: int

    def problem(self, column: str, message: str) -> Problem:
        return Problem(self.file, self.sheet, self.row, column, message)


@dataclass(frozen=True)
class Alias:
    """Two hex ids naming the same hex, e.g. `S{cc}01` = `N{cc}34` (Into the Woods)."""

    source: str
    target: str


@dataclass(frozen=True)
class ScanDef:
    """A scanned map image and its grid calibration, in VASSAL's own HexGrid terms (format
    reference §3): `x0`/`y0` the centre of raw hex (0,0) in image pixels, `dx` the distance
    between columns, `dy` between hexes of a column, `sideways` for pointy-topped rows.
    The numbering fields override what the map's columns, rows and shifted columns imply
    when the printed numbering differs; `None` = implied."""

    image: str                      # path relative to the game folder, as written
    x0: int
    y0: int
    dx: float
    dy: float
    sideways: bool = False
    stagger: bool | None = None
    h_descend: bool | None = None
    v_descend: bool | None = None
    h_off: int | None = None
    v_off: int | None = None


@dataclass(frozen=True)
class MapDef:
    """One map sheet: how its hexes are numbered and laid out.

    `shifted_columns` says which columns ("even" or "odd") sit half a hex toward
    higher row numbers; the builder needs it to draw or grid a board, the
    referee to compute adjacency. `rows_even`/`rows_odd` limit rows per column
    parity where the map is cut (Hood Strikes North even columns end at 33).
    `rows_increase` says which way row numbers grow on the printed map ("down":
    Into the Woods; "up": Atlanta, rows grow northward); `north` which board edge
    is north once the map is drawn that way (Hood Strikes North: "right").
    """

    id: str
    name: str
    prefix: str
    id_format: str
    columns: tuple[int, int]
    rows: tuple[int, int]
    shifted_columns: str
    rows_even: tuple[int, int] | None = None
    rows_odd: tuple[int, int] | None = None
    hex_size: int = 64
    aliases: tuple[Alias, ...] = ()
    rows_increase: str = "down"
    north: str = "up"
    scan: ScanDef | None = None     # a scanned map image; None = the builder draws the board


@dataclass(frozen=True)
class Area:
    """A named group of hexes a Reinf `entry` cell may give by its code instead of hexes
    (Hood Strikes North `N` = Nashville 5703-5707, Atlanta `A-west`)."""

    code: str
    name: str
    hexes: tuple[str, ...]


@dataclass(frozen=True)
class TurnDef:
    """One box of the turn track."""

    id: int
    date: str
    label: str
    hour: str = ""
    night: bool = False


@dataclass(frozen=True)
class DiceDef:
    """The dice a purpose uses, e.g. Random Events = 2d6 summed."""

    purpose: str
    dice: int
    sides: int


@dataclass(frozen=True)
class UnitType:
    """A unit type code as printed in the TYPE column (`Inf`, `Cav`, `Ldr`)."""

    code: str
    name: str


@dataclass(frozen=True)
class Status:
    """A marker or counter state a unit can carry (fatigue level, exhausted...)."""

    code: str
    name: str
    levels: tuple[str, ...] = ()
    marker: str = ""                             # the marker's text as the rulebook prints it ("OOC")
    markers: tuple[tuple[str, str], ...] = ()    # per level: (level, text as printed), e.g. ("low", "Low Ammo")


@dataclass(frozen=True)
class Formation:
    """A command (army, corps, division...) with its parent; `id` is the command code."""

    formation_id: str
    side: str
    name: str
    level: str
    parent: str = ""
    leader: str = ""


@dataclass(frozen=True)
class Unit:
    """One counter of the order of battle. Unprinted values stay None/empty."""

    unit_id: str
    side: str
    name: str
    type: str
    size: str = ""
    command: str = ""
    formation: str = ""
    strength: str = ""
    manpower: int | None = None
    morale: str = ""
    ratings: str = ""
    counter_text: str = ""
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)   # None: not read from a sheet


@dataclass(frozen=True)
class SetupRow:
    """Where one unit starts in one scenario, with its printed state."""

    unit_id: str
    location: str = ""
    constraint: str = ""
    facing: str = ""
    strength: str = ""
    status: str = ""
    orders: str = ""
    notes: str = ""
    rulebook_line: int | None = None
    origin: SheetRow | None = field(default=None, compare=False)   # None: not read from a sheet


@dataclass(frozen=True)
class ReinforcementRow:
    """When and where one unit enters in one scenario (turn or die-roll set)."""

    unit_id: str
    turn: str = ""
    dr_set: str = ""
    entry: str = ""
    alt_entry: str = ""
    order: str = ""
    activations: str = ""
    fatigue: str = ""
    strength: str = ""
    status: str = ""
    notes: str = ""
    rulebook_line: int | None = None
    origin: SheetRow | None = field(default=None, compare=False)   # None: not read from a sheet


@dataclass(frozen=True)
class Scenario:
    """One scenario with its own setup and reinforcement rows."""

    scenario_id: str
    name: str
    section: str = ""
    rulebook_line: int | None = None
    start_turn: int | None = None
    end_turn: int | None = None
    maps: str = ""
    notes: str = ""
    setup: tuple[SetupRow, ...] = ()
    reinforcements: tuple[ReinforcementRow, ...] = ()


@dataclass(frozen=True)
class TableRow:
    """One result line of a die-roll table; `roll` may be a range like `2-4`."""

    roll: str
    result: str
    modifier: str = ""
    rulebook_line: int | None = None


@dataclass(frozen=True)
class DieRollTable:
    """A die-roll table: which dice, what for, and its rows."""

    table_id: str
    name: str
    die: str
    purpose: str = ""
    section: str = ""
    scenario_id: str = ""
    rulebook_line: int | None = None
    rows: tuple[TableRow, ...] = ()


@dataclass(frozen=True)
class VPTable:
    """One victory-point item of a scenario."""

    scenario_id: str
    item: str
    location: str = ""
    turn: str = ""
    points: str = ""
    side: str = ""
    notes: str = ""
    rulebook_line: int | None = None


@dataclass(frozen=True)
class VictoryLevel:
    """A band of the victory-point total and who wins with it."""

    scenario_id: str
    low: float | None
    high: float | None
    result: str
    rulebook_line: int | None = None


@dataclass(frozen=True)
class NamedHex:
    """A gazetteer entry: the name printed or cited for a hex (keyed by hex, not name)."""

    map: str
    hex: str
    name: str
    source: str = ""
    rulebook_line: int | None = None


@dataclass(frozen=True)
class TerrainHex:
    """The terrain of one hex (may be empty until terrain is digitised)."""

    map: str
    hex: str
    terrain: str
    name: str = ""


@dataclass(frozen=True)
class TerrainHexside:
    """A feature on one side of one hex (river, bridge, ford...)."""

    map: str
    hex: str
    side: str
    feature: str


@dataclass(frozen=True)
class Game:
    """Everything the builder and referee need about one game."""

    id: str
    name: str
    system: str
    rulebook: str
    sides: tuple[str, ...]
    maps: tuple[MapDef, ...]
    areas: tuple[Area, ...] = ()
    turns: tuple[TurnDef, ...] = ()
    dice: tuple[DiceDef, ...] = ()
    unit_types: tuple[UnitType, ...] = ()
    statuses: tuple[Status, ...] = ()
    formations: tuple[Formation, ...] = ()
    units: tuple[Unit, ...] = ()
    scenarios: tuple[Scenario, ...] = ()
    tables: tuple[DieRollTable, ...] = ()
    vp: tuple[VPTable, ...] = ()
    levels: tuple[VictoryLevel, ...] = ()
    named_hexes: tuple[NamedHex, ...] = ()
    terrain_hexes: tuple[TerrainHex, ...] = ()
    terrain_hexsides: tuple[TerrainHexside, ...] = ()
    notes: tuple[str, ...] = field(default=())
