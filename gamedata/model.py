"""Game data as frozen values.

The builder and the referee both read these; neither may change them, so every
record is a frozen dataclass and every collection a tuple. Values the rulebook
does not print are `None` (or an empty string for text), never a guess.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamedata.scenario_rules import ScenarioRules
    from gamedata.effects import TerrainEffects
    from gamedata.terrain import Terrain


@dataclass(frozen=True, order=True)
class Problem:
    """One defect in the game data, located as precisely as the data allows.

    `row` is the spreadsheet row number (1 = header); 0 when the problem is not
    tied to a row (missing sheet, unreadable file). A `warning` (a drafted cell nobody
    reviewed yet, a place whose hex the rulebook does not give) is reported but does not
    stop a load or a build.
    """

    file: str
    sheet: str = ""
    row: int = 0
    column: str = ""
    message: str = ""
    severity: str = "error"         # error | warning

    def __str__(self) -> str:
        prefix = "warning: " if self.severity == "warning" else ""
        if not (self.sheet or self.row or self.column):  # the whole file: one line as every command says it
            return f"{self.file}: {prefix}{self.message}"
        return f"{self.file}:{self.sheet}:{self.row}:{self.column}: {prefix}{self.message}"

    @property
    def is_error(self) -> bool:
        return self.severity != "warning"


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
    elevation: tuple[int, int] | None = None   # lowest and highest elevation level; None = not stated


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
class PhaseDef:
    """One phase of the sequence of play, in order; `side` names the side that acts in it
    when the rulebook gives the phase to one side (Union Reinforcement...), else ""."""

    name: str
    side: str = ""
    section: str = ""
    rulebook_line: int | None = None


@dataclass(frozen=True)
class ChatClock:
    """How players name the turn or phase in chat when a module has no usable turn
    tracker: regular expressions with a `turn` (id, label or hour) or `phase` group."""

    turn: str = ""
    phase: str = ""


@dataclass(frozen=True)
class DiceDef:
    """The dice a purpose uses, e.g. Random Events = 2d6 summed; `faces` "0-9" for a d10 read 0-9."""

    purpose: str
    dice: int
    sides: int
    faces: str = ""


@dataclass(frozen=True)
class DiceMapping:
    """`[[referee.dice]]` in game.toml: rolls of `button` (with `chat` around them, in `phase`)
    are read against table `table`; `ten_is_zero` when the button's d10 shows 10 for a 0."""

    table: str
    button: str
    chat: str = ""
    phase: str = ""
    ten_is_zero: bool = False


@dataclass(frozen=True)
class GameMarker:
    """A marker of the game that belongs to no unit (`[[markers]]`): a result or rule places it."""

    name: str
    note: str = ""


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
    """One result line of a die-roll table; `roll` may be a range like `2-4`. A modifier row has
    `modifier` set (as printed) and its printed condition in `result`. `when`, `effect` and `amount`
    are the structured cells the referee reads (`gamedata.conditions`, `gamedata.rolls`)."""

    roll: str
    result: str
    modifier: str = ""
    rulebook_line: int | None = None
    when: str = ""
    effect: str = ""
    amount: str = ""


@dataclass(frozen=True)
class DieRollTable:
    """A die-roll table: which dice (`faces` "0-9" when a d10 is read 0-9), what for, when it may
    be rolled (`when`, a condition; "" = any time), and its rows."""

    table_id: str
    name: str
    die: str
    purpose: str = ""
    section: str = ""
    scenario_id: str = ""
    rulebook_line: int | None = None
    rows: tuple[TableRow, ...] = ()
    faces: str = ""
    when: str = ""


@dataclass(frozen=True)
class CombatColumn:
    """A column of a combat table as entered: its printed label and the value it starts at
    (`start` None = read from the label)."""

    column: str
    start: float | None = None


@dataclass(frozen=True)
class CombatResultRow:
    """One cell of a combat table as entered (combat.xlsx, Combat Results); empty = None/""."""

    roll: str
    column: str
    result: str
    attacker_loss: int | None = None
    attacker_retreat: int | None = None
    attacker_disorder: bool | None = None
    attacker_morale: str = ""
    defender_loss: int | None = None
    defender_retreat: int | None = None
    defender_disorder: bool | None = None
    defender_morale: str = ""
    effect: str = ""
    source: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CombatModifier:
    """A combat die-roll modifier (`amount`) or column shift (`shift`) with its condition."""

    modifier: str
    condition: str
    when: str = ""
    amount: int | None = None
    shift: int | None = None
    source: str = ""


@dataclass(frozen=True)
class CombatTable:
    """A combat, fire or shock table a user entered from the series' chart (combat.xlsx)."""

    table_id: str
    name: str
    system: str
    kind: str                      # odds | differential | points
    die: str
    faces: str = ""
    below: str = ""
    clamp: bool = False
    section: str = ""
    notes: str = ""
    columns: tuple[CombatColumn, ...] = ()
    results: tuple[CombatResultRow, ...] = ()
    modifiers: tuple[CombatModifier, ...] = ()


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
    """One row of the Hexes sheet: a hex's terrain codes and elevation. Empty = not known
    (never clear); `sides_complete` says the hex's sides not in Hexsides are plain."""

    map: str
    hex: str
    terrain: str = ""
    elevation: int | None = None
    name: str = ""
    sides_complete: bool | None = None
    source: str = ""
    confidence: float | None = None
    reviewed: bool | None = None
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TerrainHexside:
    """One row of the Hexsides sheet: the features on one side of a hex (`side` is the
    compass direction from `hex`), stated once for the pair of hexes."""

    map: str
    hex: str
    side: str
    features: str
    contours: int | None = None
    source: str = ""
    confidence: float | None = None
    reviewed: bool | None = None
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class SpecialHex:
    """A hex the rules single out (camp, fort, landing, supply source, station...);
    `hex` empty = the rulebook names the place without its hex."""

    map: str
    kind: str
    hex: str = ""
    name: str = ""
    side: str = ""
    detail: str = ""
    source: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LegendEntry:
    """How a terrain or feature code looks on a scanned map (for `adjutant digitize`)."""

    map: str
    code: str
    colours: str = ""
    patch: str = ""
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class TerrainType:
    """A terrain or feature code of the system (effects.xlsx Terrain)."""

    code: str
    name: str
    applies: str                    # hex | hexside | route
    category: str
    rulebook_line: int | None = None
    notes: str = ""


@dataclass(frozen=True)
class MoveClass:
    """Who pays a Terrain Effects Chart cost: a unit class or a trace; `inherits` names the
    class whose costs apply where this one has no row."""

    code: str
    name: str
    inherits: str = ""
    rulebook_line: int | None = None
    notes: str = ""


@dataclass(frozen=True)
class TerrainCost:
    """One cell of the Terrain Effects Chart (effects.xlsx Costs); cost, factor and
    prohibited all empty = not printed: a cell the user must fill."""

    move: str
    action: str                     # enter | cross | climb | descend | along
    terrain: str
    via: str = ""
    condition: str = ""
    cost: float | None = None
    factor: float | None = None
    prohibited: bool | None = None
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class ImpliedFeature:
    """A feature the rules assume where a route crosses a hexside feature."""

    route: str
    crossing: str
    implies: str
    rulebook_line: int | None = None
    notes: str = ""


@dataclass(frozen=True)
class RuleParameter:
    """A number a rule check reads (rules.xlsx Parameters); value None = not printed: a cell to fill."""

    key: str
    value: float | str | None = None
    section: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class CommandRange:
    """A leader's command range over his direct subordinates (rules.xlsx Ranges): `leader` a unit
    id or `level:<level>`; `range` None = printed on the counter only: a cell to fill."""

    leader: str
    move: str
    side: str = ""
    range: float | None = None
    phase: str = ""
    adjacent: bool | None = None
    section: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class ChainRule:
    """An exception to the chain of command or a limit on attachments (rules.xlsx Chain)."""

    rule: str
    subject: str
    side: str = ""
    value: float | str | None = None
    scenarios: str = ""
    except_scenarios: str = ""
    section: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)

    def applies(self, scenario_id: str | None) -> bool:
        """Whether the rule holds in a scenario (None: the scenario is not known)."""
        only = [s for s in self.scenarios.split(";") if s.strip()]
        unless = [s.strip() for s in self.except_scenarios.split(";") if s.strip()]
        if scenario_id is None:
            return not only
        return (not only or scenario_id in [s.strip() for s in only]) and scenario_id not in unless


@dataclass(frozen=True)
class ActivationRule:
    """Units a leader may activate, and how many of a type in one activation (rules.xlsx Activation)."""

    leader: str
    members: str
    of: str = ""
    limit: int | None = None
    scenarios: str = ""
    section: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


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
    phases: tuple[PhaseDef, ...] = ()
    chat_clock: ChatClock | None = None
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
    dice_map: tuple[DiceMapping, ...] = ()
    combat: tuple[CombatTable, ...] = ()
    markers: tuple[GameMarker, ...] = ()
    terrain_specials: tuple[SpecialHex, ...] = ()
    legend: tuple[LegendEntry, ...] = ()
    terrain_types: tuple[TerrainType, ...] = ()
    move_classes: tuple[MoveClass, ...] = ()
    terrain_costs: tuple[TerrainCost, ...] = ()
    implied_features: tuple[ImpliedFeature, ...] = ()
    rule_parameters: tuple[RuleParameter, ...] = ()
    command_ranges: tuple[CommandRange, ...] = ()
    chain_rules: tuple[ChainRule, ...] = ()
    activation_rules: tuple[ActivationRule, ...] = ()
    scenario_rules: ScenarioRules | None = None     # scenario-rules.toml; None: the game has none

    @cached_property
    def terrain(self) -> Terrain:
        """The map terrain as one model (gamedata.terrain): hexes, hexsides, specials, adjacency."""
        from gamedata.terrain import Terrain
        return Terrain.of(self)

    @cached_property
    def effects(self) -> TerrainEffects:
        """The Terrain Effects Chart as data (gamedata.effects)."""
        from gamedata.effects import TerrainEffects
        return TerrainEffects.of(self)

    # -- the chain of command (regiment -> brigade -> division -> corps -> army) --

    @cached_property
    def _units_by_id(self) -> dict[str, Unit]:
        return {u.unit_id: u for u in self.units}

    @cached_property
    def _formations_by_id(self) -> dict[str, Formation]:
        return {f.formation_id: f for f in self.formations}

    @cached_property
    def _led_by(self) -> dict[str, tuple[Formation, ...]]:
        led: dict[str, list[Formation]] = {}
        for f in self.formations:
            if f.leader:
                led.setdefault(f.leader, []).append(f)
        return {leader: tuple(fs) for leader, fs in led.items()}

    def unit(self, unit_id: str) -> Unit | None:
        return self._units_by_id.get(unit_id)

    def formation(self, formation_id: str) -> Formation | None:
        return self._formations_by_id.get(formation_id)

    def formation_of(self, unit_id: str) -> str:
        """The formation a unit belongs to in the order of battle ("" when none)."""
        unit = self.unit(unit_id)
        return (unit.formation or unit.command) if unit else ""

    def command_chain(self, unit_id: str, formation: str | None = None) -> tuple[Formation, ...]:
        """The unit's formation, its parent, and so on up to the army. `formation` replaces
        the order-of-battle one (an attachment made during play). A parent named twice (a
        cycle in the data) ends the chain; an unknown formation id ends it too."""
        chain: list[Formation] = []
        current = self.formation_of(unit_id) if formation is None else formation
        while current:
            f = self.formation(current)
            if f is None or f in chain:
                break
            chain.append(f)
            current = f.parent
        return tuple(chain)

    def leader(self, formation_id: str) -> Unit | None:
        """The leader unit commanding a formation, if the order of battle names one."""
        f = self.formation(formation_id)
        return self.unit(f.leader) if f and f.leader else None

    def led_by(self, unit_id: str) -> tuple[Formation, ...]:
        """The formations a leader commands (empty for a unit that leads none)."""
        return self._led_by.get(unit_id, ())

    def rank(self, unit_id: str) -> str:
        """A leader's rank: the level of the highest formation he commands (army, corps,
        division, brigade...), "" when he commands none."""
        return min((f.level for f in self.led_by(unit_id)), key=_LEVELS.index, default="")

    def members(self, formation_id: str) -> tuple[Unit, ...]:
        """The units the order of battle puts directly in a formation."""
        return tuple(u for u in self.units if (u.formation or u.command) == formation_id)


_LEVELS = ("army", "wing", "corps", "district", "division", "brigade", "regiment", "independent")
"""Formation levels from the highest command down (Formations sheet `level`)."""
