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
    a unit found there (``prohibited``, ``eliminated``, ``removed-no-vp``)."""

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


@dataclass(frozen=True)
class VPTerm:
    """How one VP-table item (``item``, as in scenarios.xlsx VP) is read from the final position.

    ``kind``: ``occupy`` (a unit of ``by`` in one of ``hexes``), ``outside`` (per unit of
    ``by`` not within ``within`` hexes of ``hexes`` or gone), ``ci-brigade`` / ``ci-division``
    (per formation of ``by`` whose units show the ``ci`` status, a division when all its
    brigades are), ``eliminated`` (per unit of ``by`` of ``unit_types`` in an eliminated box),
    ``held`` (occupied at the end, or last passed through, by a unit of ``by``; ``hexes``
    default to the table row's location), ``undecidable`` (the log cannot show it: ``why``),
    ``automatic`` (an occupation during a ``phase`` that ends the game in the row side's
    victory). ``occupy`` with a ``phase`` counts the turns in whose phase of that name the
    hexes were occupied. ``unless``: statuses that keep a unit from counting (``demoralized``).
    ``entered``: a unit of ``by`` moved into one of ``hexes`` during scenario turns ``turns`` (1
    at most); ``exited``: per unit of ``by`` that left the map from a hex of ``hexes`` or
    ``area`` during ``turns`` and is still off it at the end, not counting the units of the
    ``except`` items. ``per_hex``: ``occupy`` counts each hex occupied. ``group``: the
    ``VPGroup`` (a footnote of the table) the term is scored in."""

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
    area: Area | None = None           # exited: the column/row bounds of the hexes left from
    per_hex: bool = False
    excepted: tuple[str, ...] = ()     # the ``except`` items
    group: str = ""


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

    def restrictions_of(self, scenario_id: str) -> tuple[Restriction, ...]:
        return tuple(r for r in self.restrictions if scenario_id in r.scenarios)

    def near_of(self, scenario_id: str) -> tuple[NearRule, ...]:
        return tuple(r for r in self.near if scenario_id in r.scenarios)

    def exits_of(self, scenario_id: str) -> tuple[ExitRule, ...]:
        return tuple(e for e in self.exits if scenario_id in e.scenarios)

    def vp_of(self, scenario_id: str) -> dict[str, VPTerm]:
        return {t.item: t for t in self.vp_terms if scenario_id in t.scenarios}

    def groups_of(self, scenario_id: str) -> dict[str, VPGroup]:
        return {g.name: g for g in self.groups if scenario_id in g.scenarios}

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
                           _opt_cite(entry.get("order")), tuple(entry.get("order", {}).get("free", ()))),
        vp_terms=tuple(_vp_term(t) for t in data.get("vp", ())),
        scoring=tuple(Scoring(tuple(s["scenarios"]), s["plus"], s.get("minus", "")) for s in data.get("scoring", ())),
        groups=tuple(VPGroup(tuple(g["scenarios"]), g["name"], g["rule"], _cite(g), tuple(g.get("grades", ())))
                     for g in data.get("vp_group", ())),
    )


def _vp_term(t: dict[str, Any]) -> VPTerm:
    bounded = "columns" in t or "rows" in t
    area = Area(columns=_pair(t.get("columns")), rows=_pair(t.get("rows")), map=t.get("map", "")) if bounded else None
    return VPTerm(tuple(t["scenarios"]), t["item"], t["kind"], _cite(t), t.get("by", ""), tuple(t.get("hexes", ())),
                  t.get("within", 0), tuple(t.get("unit_types", ())), tuple(t.get("unless", ())), t.get("why", ""),
                  tuple(t.get("formations", ())), t.get("label", ""), t.get("phase", ""), tuple(t.get("sizes", ())),
                  _pair(t.get("turns")), area, t.get("per_hex", False), tuple(t.get("except", ())),
                  t.get("group", ""))


def _restriction(r: dict[str, Any]) -> Restriction:
    area = Area(tuple(r.get("hexes", ())), r.get("within", 0), tuple(r.get("of", ())),
                _pair(r.get("columns")), _pair(r.get("rows")), r.get("map", ""))
    return Restriction(r["id"], tuple(r["scenarios"]), r["side"], area, r["effect"], _cite(r), r["text"],
                       tuple(r.get("unit_types", ())), tuple(r.get("units", ())), tuple(r.get("formations", ())),
                       _pair(r.get("turns")), r.get("until", ""))


def _pair(value: list[int] | None) -> tuple[int, int] | None:
    return (value[0], value[1]) if value else None


def _cite(d: dict[str, Any]) -> Cite:
    return Cite(d["section"], d["line"])


def _opt_cite(d: dict[str, Any] | None) -> Cite | None:
    return _cite(d) if d else None
