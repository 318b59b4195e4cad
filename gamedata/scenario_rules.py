"""A scenario's own rules beyond its tables: restricted hexes, exits, how VP terms are counted.

``sources/<game>/scenario-rules.toml`` (schema ``scenario-rules``) is written by hand
from the rulebook: the scenario tables (scenarios.xlsx) say who sets up where, who
arrives when and what each VP term is worth; this file says what the scenario's
special rules forbid (hexes, rows, columns, distances, for which side and units,
on which turns, with what consequence), where and when units may leave the map,
what the game lets a player do with a reinforcement (Into the Woods 9.7), and how
each VP term of the table is read from a position. Every entry cites its section
and rulebook line. The file is optional: without it the referee says which of these
checks could not run.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from .problems import Problem

RULES_FILE = "scenario-rules.toml"
SCHEMA = Path(__file__).resolve().parents[1] / "schemas" / "scenario-rules.schema.json"


@dataclass(frozen=True)
class Cite:
    """Where the rulebook says it: ``section`` as printed, ``line`` of the rulebook text."""

    section: str
    line: int

    def __str__(self) -> str:
        return f"{self.section} (L{self.line})"


@dataclass(frozen=True)
class Area:
    """Hexes named by the rule: listed hexes (ranges and ``xx`` shorthand as the rulebook
    writes them), hexes within ``within`` hexes of ``of``, column or row bounds (inclusive),
    any of them. Columns and rows are the printed numbers of the hex ids."""

    hexes: tuple[str, ...] = ()
    within: int = 0
    of: tuple[str, ...] = ()
    columns: tuple[int, int] | None = None
    rows: tuple[int, int] | None = None
    map: str = ""                      # the map the column/row bounds apply to ("" = every map)


@dataclass(frozen=True)
class Restriction:
    """Units of ``side`` (of ``unit_types`` / ``units`` when given) may not enter ``area``
    on scenario turns ``turns`` (None = all); ``until`` names an event the log may not
    show (the rule then binds until it is seen); ``effect`` what the rule says happens to
    a unit found there (``prohibited``, ``eliminated``, ``removed-no-vp``; ``removed``: entering is
    allowed and the unit is then removed from the map). ``lifted_by``: the events the log shows that
    lift it (``adjacent``: an enemy unit moves next to the unit; ``near:N``: an enemy unit moves to N
    hexes or fewer of it; ``attacked``: it defends against an enemy attack; ``entered:KIND:NAME``: an
    enemy unit enters a hex of the terrain.xlsx Specials rows of that kind and name), for the unit
    alone or, ``lift_all``, for all the rule's units; ``forbids``: what the bound units may not do
    (``move``: an activation; ``entrench``; ``recover``: a Fatigue Level, exhaustion, disorganization
    or demoralization lifted; ``reorganize``: disorganization lifted). ``unless_marker``: the rule does
    not bind in a hex holding a game marker of that name (Hood Strikes North S9: a destroyed fort)."""

    rule_id: str
    scenarios: tuple[str, ...]
    side: str
    area: Area
    effect: str
    cite: Cite
    text: str
    unit_types: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    formations: tuple[str, ...] = ()
    turns: tuple[int, int] | None = None
    until: str = ""
    lifted_by: tuple[str, ...] = ()
    lift_all: bool = False
    forbids: tuple[str, ...] = ("move",)
    unless_marker: str = ""


@dataclass(frozen=True)
class NearRule:
    """Units of ``side`` and ``unit_types`` must end their moves within ``within`` hexes of a
    friendly unit of ``near_types``, unless they show a status level of ``unless``
    (Into the Woods 14.55: cavalry near friendly non-cavalry unless under Attack Orders)."""

    rule_id: str
    scenarios: tuple[str, ...]
    side: str
    unit_types: tuple[str, ...]
    near_types: tuple[str, ...]
    within: int
    text: str
    cite: Cite
    unless: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class ExitRule:
    """Units of ``side`` (of ``unit_types`` when given) may leave the map from ``hexes``;
    ``returns``: they may come back (Hood Strikes North's Union cavalry)."""

    scenarios: tuple[str, ...]
    side: str
    hexes: tuple[str, ...]
    cite: Cite
    unit_types: tuple[str, ...] = ()
    returns: bool = False


@dataclass(frozen=True)
class Widening:
    """Units due at ``entry`` may enter at any of ``hexes`` (Into the Woods S1234*, L1100)."""

    entry: str
    hexes: tuple[str, ...]
    cite: Cite


@dataclass(frozen=True)
class ArrivalTrigger:
    """Reinforcement rows with no turn in ``scenarios`` arrive at the start of the turn after a unit
    of the other side ended a turn in ``area`` (Into the Woods S8's 2nd and 6th Divisions, L2518)."""

    scenarios: tuple[str, ...]
    area: Area
    cite: Cite


@dataclass(frozen=True)
class EntryOptions:
    """What a player may do with a reinforcement (Into the Woods 9.7): enter later than
    scheduled (``deferred``), enter at the closest free hex when the entry hex is blocked
    (``shift_when_blocked``), never at ``never_at`` hexes; ``None`` = the game has no such
    option (a late arrival is then a finding)."""

    deferred: Cite | None = None
    shift_when_blocked: Cite | None = None
    never_at: tuple[str, ...] = ()
    never_at_cite: Cite | None = None
    widen: tuple[Widening, ...] = ()
    order: Cite | None = None                 # the table's letters are an order of arrival
    order_free: tuple[str, ...] = ()          # unit types that may arrive in any order (batteries)
    when: tuple[ArrivalTrigger, ...] = ()
    delayed: Cite | None = None               # delay to any later turn allowed (a late arrival is legal)
    blocked: str = "adjacent"                 # an entry is blocked when next to an enemy unit, or "occupied" by one

    def trigger_of(self, scenario_id: str) -> ArrivalTrigger | None:
        return next((w for w in self.when if scenario_id in w.scenarios), None)


@dataclass(frozen=True)
class VPTerm:
    """How one VP-table item (``item``, as in scenarios.xlsx VP) is read from the log.

    Where the term looks: ``hexes`` (default the table row's location), an ``area`` (column and row
    bounds; a ``map`` alone keeps the other hexes to that map), a ``special`` of the map (``kind:name``:
    the terrain.xlsx Specials rows of that kind whose name starts so, ``expect`` of them; the term names
    the rows to fill when they are missing), ``around`` (the hexes ``first``..``last`` hexes from those,
    the centre excluded). Which units count: ``by`` (a side; empty = the row's side, or each side in
    turn where the row names none), ``unit_types``, ``sizes``, ``unless`` (statuses that keep a unit
    from counting).

    ``kind``: ``occupy`` (a unit in one of the hexes at the end; ``per_hex`` counts each hex; ``phase``
    counts the turns in whose phase of that name they were occupied, ``once`` only the first; ``turns``
    counts the scenario turns at whose end they were; ``min_units`` units at least; ``enemy_within``
    with ``enemy`` = ``absent``/``present``: units of the other side of ``enemy_types`` within that many
    hexes), ``held`` (occupied at the end or last passed through, over the chain of logs), ``absent`` (1
    when no unit is in the hexes or within ``within`` of them), ``outside`` (per unit not within
    ``within`` hexes of the hexes, or gone), ``ci-brigade`` / ``ci-division`` (per formation whose units
    show ``ci``; ``join`` counts a brigade in another division), ``status`` (per unit showing ``status``, eliminated ones too), ``eliminated`` (per
    unit in an eliminated box), ``lost`` (strength lost since the scenario's start: a ``causes`` roll —
    a dice button of those words — last before the loss counts it, a ``not_causes`` roll excludes it,
    ``any_cause_types`` count whatever the cause, but for a removal from the map with no ``causes`` roll
    before it when ``removals_unclear``), ``entered`` / ``exited`` (during ``turns``; ``returns``: an
    exit counts though the unit came back), ``arrived`` (per formation of ``formations`` with a unit on
    the map during the log), ``late`` (the scenario turns from ``turns[0]`` until one of ``units``
    arrives), ``rolled`` (the readings of ``table`` that gave ``result``), ``said`` (the log's chat
    lines containing ``said``: an event the players record by a wording), ``constant`` (always 1),
    ``base`` (the row stands for the terms of another scenario, ``[[vp_base]]``: 0 itself), ``field``
    (per field of ``special``, ``;``-separated, that ``by`` controls at the end of the turn ``turn_id``
    (the turn track's): in it alone, else last through it, else ``start``), ``automatic`` (an occupation
    during ``phase`` ends the game), ``marked`` (per hex where one of the ``marker`` names, game markers,
    stands at the end), ``undecidable`` (``why``). ``at_least``: the term is 1 when its
    count reaches it, else 0. ``excluded_by``: items whose scoring makes this term 0 ("he may not gain 3
    VP for also occupying Maple Grove"). ``group``: the ``VPGroup`` (a footnote of the table) the term
    is scored in."""

    scenarios: tuple[str, ...]
    item: str
    kind: str
    cite: Cite
    by: str = ""
    hexes: tuple[str, ...] = ()
    within: int = 0
    unit_types: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    why: str = ""
    formations: tuple[str, ...] = ()
    label: str = ""                    # how the tally line names the term (the item when empty)
    phase: str = ""                    # occupy/automatic: read during each phase of this name
    sizes: tuple[str, ...] = ()        # unit sizes that count (the OOB's size column)
    turns: tuple[int, int] | None = None
    area: Area | None = None           # the column/row bounds of the hexes
    per_hex: bool = False
    excepted: tuple[str, ...] = ()     # the ``except`` items
    group: str = ""
    special: str = ""                  # ``kind:name``: terrain.xlsx Specials rows give the hexes
    expect: int = 0                    # how many hexes the special names
    around: tuple[int, int] | None = None
    at_least: int = 0
    min_units: int = 0
    once: bool = False
    excluded_by: tuple[str, ...] = ()
    enemy_within: int | None = None
    enemy_types: tuple[str, ...] = ()
    enemy: str = "absent"
    causes: tuple[str, ...] = ()
    not_causes: tuple[str, ...] = ()
    any_cause_types: tuple[str, ...] = ()
    status: str = ""
    units: tuple[str, ...] = ()
    table: str = ""
    result: str = ""
    join: tuple[tuple[str, str], ...] = ()   # ci-division: brigade -> the division it counts in
    removals_unclear: bool = False    # lost: a removal of an any-cause unit with no causes roll is not judged
    returns: bool = False             # exited: a unit that came back still counts (it left once)
    start: str = ""                   # field: the side that controls the fields at the start
    turn_id: int = 0                  # field: the turn (the turn track's id) at whose end control counts
    condition: bool = False           # a condition of the victory levels (points like "control"), not points
    marker: str = ""                  # ``NAME@HEX``: the term counts only while that game marker stands in HEX
    first_then: bool = False          # phase terms: points ``A/B``: the game's first counted phase A, later ones B
    said: str = ""                    # said: the chat wording whose lines count


@dataclass(frozen=True)
class VPBase:
    """Scenarios whose VP are another scenario's (``base``) terms as well as their own (a row of
    their own with the same item replaces the base's), less the ``excepted`` items (Into the
    Woods S5: "Use the victory conditions for ... [BB 30.1] ... Omit the VPs awarded prior to 11 AM
    for control of fields")."""

    scenarios: tuple[str, ...]
    base: str
    cite: Cite
    excepted: tuple[str, ...] = ()


@dataclass(frozen=True)
class VPGroup:
    """VP items scored together (a footnote of the table): ``largest`` — only the term of most
    points scores; ``graded`` — the hexes counted, in the table's order, score ``grades`` in
    turn, the last grade for each further one (Atlanta 5.1c.1 "**": 5, 3, then 1)."""

    scenarios: tuple[str, ...]
    name: str
    rule: str
    cite: Cite
    grades: tuple[float, ...] = ()


@dataclass(frozen=True)
class Scoring:
    """How the victory levels read the VP: ``plus`` side's VP minus ``minus`` side's."""

    scenarios: tuple[str, ...]
    plus: str
    minus: str = ""


@dataclass(frozen=True)
class RatioLevel:
    """A victory level met when ``side``'s VP are at least ``at_least`` (or more than ``more_than``)
    times the other side's and ``side`` holds the VP item ``held``; ``result`` begins the Levels
    row it names. The first met, in file order, is the level."""

    scenarios: tuple[str, ...]
    result: str
    side: str
    cite: Cite
    at_least: float | None = None
    more_than: float | None = None
    held: str = ""
    nonzero: bool = False          # the side has scored: 0 VP is not "twice as many" as 0


@dataclass(frozen=True)
class ScenarioRules:
    """Everything ``scenario-rules.toml`` says, for every scenario of one game."""

    restrictions: tuple[Restriction, ...] = ()
    near: tuple[NearRule, ...] = ()
    exits: tuple[ExitRule, ...] = ()
    exits_written_for: tuple[str, ...] = ()       # scenarios whose exits the file settles
    exits_basis: Cite | None = None               # the rule that settles them
    exits_unsettled: tuple[str, Cite] | None = None   # why the other scenarios' exits are not written
    entry: EntryOptions = field(default_factory=EntryOptions)
    vp_terms: tuple[VPTerm, ...] = ()
    scoring: tuple[Scoring, ...] = ()
    groups: tuple[VPGroup, ...] = ()
    bases: tuple[VPBase, ...] = ()
    levels: tuple[RatioLevel, ...] = ()

    def restrictions_of(self, scenario_id: str) -> tuple[Restriction, ...]:
        return tuple(r for r in self.restrictions if scenario_id in r.scenarios)

    def near_of(self, scenario_id: str) -> tuple[NearRule, ...]:
        return tuple(r for r in self.near if scenario_id in r.scenarios)

    def exits_of(self, scenario_id: str) -> tuple[ExitRule, ...]:
        return tuple(e for e in self.exits if scenario_id in e.scenarios)

    def vp_of(self, scenario_id: str) -> dict[str, VPTerm]:
        return {t.item: t for t in self.vp_terms if scenario_id in t.scenarios}

    def vp_for(self, scenario_id: str, item: str, line: int | None) -> VPTerm | None:
        """The reading of one VP row: of its item, the one citing the row's own line when the
        item has several rows read differently (Atlanta 5.2's outer defenses on map B and on A)."""
        found = [t for t in self.vp_terms if scenario_id in t.scenarios and t.item == item]
        return next((t for t in found if t.cite.line == line), found[-1] if found else None)

    def groups_of(self, scenario_id: str) -> dict[str, VPGroup]:
        return {g.name: g for g in self.groups if scenario_id in g.scenarios}

    def base_of(self, scenario_id: str) -> VPBase | None:
        return next((b for b in self.bases if scenario_id in b.scenarios), None)

    def levels_of(self, scenario_id: str) -> tuple[RatioLevel, ...]:
        return tuple(lv for lv in self.levels if scenario_id in lv.scenarios)

    def scoring_of(self, scenario_id: str) -> Scoring | None:
        return next((s for s in self.scoring if scenario_id in s.scenarios), None)


def read_rules(folder: Path) -> tuple[ScenarioRules | None, list[Problem]]:
    """The folder's scenario rules (None when it has no such file) and the problems found:
    every schema error names the file and the key (``restricted.2.side``)."""
    path = folder / RULES_FILE
    if not path.exists():
        return None, []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        return None, [Problem(RULES_FILE, message=f"cannot read: {exc}")]
    problems = [Problem(RULES_FILE, column=".".join(str(p) for p in e.absolute_path) or "(top)", message=e.message)
                for e in sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]
    if problems:
        return None, problems
    return parse_rules(data), []


def _validator() -> jsonschema.Draft202012Validator:
    import json
    return jsonschema.Draft202012Validator(json.loads(SCHEMA.read_text(encoding="utf-8")))


def parse_rules(data: dict[str, Any]) -> ScenarioRules:
    """A schema-valid ``scenario-rules.toml`` as the model."""
    entry = data.get("entry", {})
    return ScenarioRules(
        restrictions=tuple(_restriction(r) for r in data.get("restricted", ())),
        near=tuple(NearRule(n["id"], tuple(n["scenarios"]), n["side"], tuple(n["unit_types"]), tuple(n["near_types"]),
                            n["within"], n["text"], _cite(n), tuple(n.get("unless", {}).items()))
                   for n in data.get("near", ())),
        exits=tuple(ExitRule(tuple(e["scenarios"]), e["side"], tuple(e["hexes"]), _cite(e),
                             tuple(e.get("unit_types", ())), e.get("returns", False)) for e in data.get("exits", ())),
        exits_written_for=tuple(data.get("exits_written_for", ())),
        exits_basis=_opt_cite(data.get("exits_basis")),
        exits_unsettled=((data["exits_unsettled"]["why"], _cite(data["exits_unsettled"]))
                         if "exits_unsettled" in data else None),
        entry=EntryOptions(_opt_cite(entry.get("deferred")), _opt_cite(entry.get("shift_when_blocked")),
                           tuple(entry.get("never_at", {}).get("hexes", ())), _opt_cite(entry.get("never_at")),
                           tuple(Widening(w["entry"], tuple(w["hexes"]), _cite(w)) for w in entry.get("widen", ())),
                           _opt_cite(entry.get("order")), tuple(entry.get("order", {}).get("free", ())),
                           tuple(ArrivalTrigger(tuple(w["scenarios"]), Area(columns=_pair(w["columns"]),
                                                rows=_pair(w["rows"]), map=w["map"]), _cite(w))
                                 for w in entry.get("when", ())),
                           _opt_cite(entry.get("delayed")), entry.get("blocked", "adjacent")),
        vp_terms=tuple(_vp_term(t) for t in data.get("vp", ())),
        scoring=tuple(Scoring(tuple(s["scenarios"]), s["plus"], s.get("minus", "")) for s in data.get("scoring", ())),
        groups=tuple(VPGroup(tuple(g["scenarios"]), g["name"], g["rule"], _cite(g), tuple(g.get("grades", ())))
                     for g in data.get("vp_group", ())),
        bases=tuple(VPBase(tuple(b["scenarios"]), b["base"], _cite(b), tuple(b.get("except", ())))
                    for b in data.get("vp_base", ())),
        levels=tuple(RatioLevel(tuple(lv["scenarios"]), lv["result"], lv["side"], _cite(lv), lv.get("at_least"),
                                lv.get("more_than"), lv.get("held", ""), lv.get("nonzero", False))
                     for lv in data.get("levels", ())),
    )


def _vp_term(t: dict[str, Any]) -> VPTerm:
    bounded = "columns" in t or "rows" in t or "map" in t
    area = Area(columns=_pair(t.get("columns")), rows=_pair(t.get("rows")), map=t.get("map", "")) if bounded else None
    enemy = t.get("enemy", {})
    return VPTerm(tuple(t["scenarios"]), t["item"], t["kind"], _cite(t), t.get("by", ""), tuple(t.get("hexes", ())),
                  t.get("within", 0), tuple(t.get("unit_types", ())), tuple(t.get("unless", ())), t.get("why", ""),
                  tuple(t.get("formations", ())), t.get("label", ""), t.get("phase", ""), tuple(t.get("sizes", ())),
                  _pair(t.get("turns")), area, t.get("per_hex", False), tuple(t.get("except", ())),
                  t.get("group", ""), t.get("special", ""), t.get("expect", 0), _pair(t.get("around")),
                  t.get("at_least", 0), t.get("min_units", 0), t.get("once", False),
                  tuple(t.get("excluded_by", ())), enemy.get("within"), tuple(enemy.get("unit_types", ())),
                  enemy.get("is", "absent"), tuple(t.get("causes", ())), tuple(t.get("not_causes", ())),
                  tuple(t.get("any_cause_types", ())), t.get("status", ""), tuple(t.get("units", ())),
                  t.get("table", ""), t.get("result", ""), tuple(t.get("join", {}).items()),
                  t.get("removals_unclear", False), t.get("returns", False), t.get("start", ""),
                  t.get("turn_id", 0), t.get("condition", False), t.get("marker", ""), t.get("first_then", False),
                  t.get("said", ""))


def _restriction(r: dict[str, Any]) -> Restriction:
    area = Area(tuple(r.get("hexes", ())), r.get("within", 0), tuple(r.get("of", ())),
                _pair(r.get("columns")), _pair(r.get("rows")), r.get("map", ""))
    return Restriction(r["id"], tuple(r["scenarios"]), r["side"], area, r["effect"], _cite(r), r["text"],
                       tuple(r.get("unit_types", ())), tuple(r.get("units", ())), tuple(r.get("formations", ())),
                       _pair(r.get("turns")), r.get("until", ""), tuple(r.get("lifted_by", ())),
                       r.get("lift_all", False), tuple(r.get("forbids", ("move",))), r.get("unless_marker", ""))


def _pair(value: list[int] | None) -> tuple[int, int] | None:
    return (value[0], value[1]) if value else None


def _cite(d: dict[str, Any]) -> Cite:
    return Cite(d["section"], d["line"])


def _opt_cite(d: dict[str, Any] | None) -> Cite | None:
    return _cite(d) if d else None
