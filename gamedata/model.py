"""Game data as frozen values.

The builder and the referee both read these; neither may change them, so every
record is a frozen dataclass and every collection a tuple. Values the rulebook
does not print are `None` (or an empty string for text), never a guess.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

# The records the core modules below the game own, re-exported: readers take every record
# from here. They sit below `Game` so that hex ids, terrain, the chart and the scenario
# rules never import the model that gathers them.
from gamedata.effects import MoveClass, TerrainCombat, TerrainCost, TerrainEffects
from gamedata.maps import Alias, MapDef, ScanDef
from gamedata.problems import Problem, SheetRow
from gamedata.scenario_rules import ScenarioRules
from gamedata.terrain import ImpliedFeature, SpecialHex, Terrain, TerrainHex, TerrainHexside, TerrainType


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
    movement: float | None = None      # movement allowance printed on the counter; None = not printed
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
class CombatCode:
    """What a result code of a combat table does (combat.xlsx, Combat Codes); empty = None/""."""

    code: str
    name: str = ""
    attacker_eliminated: bool | None = None
    attacker_loss: int | None = None
    attacker_retreat: int | None = None
    attacker_disorder: bool | None = None
    attacker_morale: str = ""
    defender_eliminated: bool | None = None
    defender_loss: int | None = None
    defender_retreat: int | None = None
    defender_disorder: bool | None = None
    defender_morale: str = ""
    exchange: bool | None = None
    advance: int | None = None
    contact: bool | None = None
    only: str = ""
    only_as: str = ""
    effect: str = ""
    section: str = ""
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


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
    codes: tuple[CombatCode, ...] = ()


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
class LegendEntry:
    """How a terrain or feature code looks on a scanned map (for `adjutant digitize`)."""

    map: str
    code: str
    colours: str = ""
    patch: str = ""
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class LegendSample:
    """A hex (`side` empty) or hexside of a map that shows `code` (`none`: a plain hexside), for
    `adjutant digitize`; a one-sided feature is named from the hex on its marked side."""

    map: str
    code: str
    hex: str
    side: str = ""
    notes: str = ""
    origin: SheetRow | None = field(default=None, compare=False)


@dataclass(frozen=True)
class RuleParameter:
    """A number a rule check reads (rules.xlsx Parameters); value None = not printed: a cell to fill."""

    key: str
    value: float | str | None = None
    section: str = ""
    rulebook_line: int | None = None
    notes: str = ""
    rulebook: str = ""   # the rulebook file of the cited line when not the game's own (a series rulebook)
    words: str = ""      # the rule's words as the cited line prints them (tests/test_rule_citations.py)
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
    rulebook: str = ""   # the rulebook file of the cited line when not the game's own (a series rulebook)
    words: str = ""      # the rule's words as the cited line prints them (tests/test_rule_citations.py)
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
    rulebook: str = ""   # the rulebook file of the cited line when not the game's own (a series rulebook)
    words: str = ""      # the rule's words as the cited line prints them (tests/test_rule_citations.py)
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
    rulebook: str = ""   # the rulebook file of the cited line when not the game's own (a series rulebook)
    words: str = ""      # the rule's words as the cited line prints them (tests/test_rule_citations.py)
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
    family: str = ""                # the rules family the referee runs ("classic"; "" = the system's own)
    order_of_battle: str = "rulebook"   # "player": the player's layer gives the units, set-up and reinforcements
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
    samples: tuple[LegendSample, ...] = ()
    terrain_types: tuple[TerrainType, ...] = ()
    move_classes: tuple[MoveClass, ...] = ()
    terrain_costs: tuple[TerrainCost, ...] = ()
    implied_features: tuple[ImpliedFeature, ...] = ()
    terrain_combat: tuple[TerrainCombat, ...] = ()
    rule_parameters: tuple[RuleParameter, ...] = ()
    command_ranges: tuple[CommandRange, ...] = ()
    chain_rules: tuple[ChainRule, ...] = ()
    activation_rules: tuple[ActivationRule, ...] = ()
    scenario_rules: ScenarioRules | None = None     # scenario-rules.toml; None: the game has none

    @cached_property
    def terrain(self) -> Terrain:
        """The map terrain as one model (gamedata.terrain): hexes, hexsides, specials, adjacency."""
        return Terrain.of(self)

    @cached_property
    def effects(self) -> TerrainEffects:
        """The Terrain Effects Chart as data (gamedata.effects)."""
        return TerrainEffects(self.terrain_types, self.move_classes, self.terrain_costs)

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
