"""Formation, order and placement rules the Atlanta scenarios state for whole commands.

Applied to every setup and arrival row of a scenario once all lines are read;
5.2 rules apply to 5.3 too ('Same as 5.2a/5.2b').
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gamedata.importers.atlanta.oob import subtree, units
from gamedata.importers.atlanta.setup import append_to, merge_status


@dataclass(frozen=True)
class CommandRule:
    """A formation, order or placement rule a scenario states for whole commands.

    It applies to the scenario's rows whose unit is in one of `formations` (with
    their subordinate formations) or listed in `units`, optionally only to unit
    types `kinds`; 5.2 rules apply to 5.3 too ('Same as 5.2a/5.2b').
    """

    scenario: str
    line: int
    formations: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    statuses: tuple[str, ...] = ()
    orders: str = ""
    constraint: str = ""
    note: str = ""


_TRAINS = "protect the Army of the Tennessee trains off board to the North"
_MARCH = "march to the left flank of 17th Corps and assume a defensive posture there (from 1:00PM, 5.1a.4)"
_ATTACK = "attack the Union Army of the Tennessee in the rear (Force 1)"
_ADVANCE = "advance on Atlanta along and South of the Decatur road"

# The first rule that gives a row orders wins, so specific rules come before general ones.
COMMAND_RULES: tuple[CommandRule, ...] = (
    CommandRule("5.1", 285, units=("Sprague", "2/4/16", "4/16db(1)", "2/Cavb(2)"), orders=_TRAINS),
    CommandRule("5.1", 285, units=("2/4/16",), kinds=("Inf",), statuses=("line",)),
    CommandRule("5.1", 285, formations=("16",), orders=_MARCH),
    CommandRule("5.1", 285, formations=("23", "15", "17"), kinds=("Inf",), statuses=("line", "breastworks"),
                orders="defend in place"),
    CommandRule("5.1", 285, formations=("23", "15", "17"), kinds=("Art",), statuses=("breastworks",),
                orders="defend in place"),
    CommandRule("5.1", 285, formations=("USA", "Ohio", "Tenn"), kinds=("Ldr", "HQ", "Sup"), orders="defend in place"),
    CommandRule("5.1", 340, formations=("H",), kinds=("Inf",), statuses=("line",), orders=_ATTACK,
                constraint="on the road, no more than one unit per hex"),
    CommandRule("5.1", 340, units=("Cleburne", "Walker", "Bate"), constraint="with any brigade of his division"),
    CommandRule("5.1", 344, formations=("H",), kinds=("Ldr", "Art", "Sup"), orders=_ATTACK),
    CommandRule("5.1", 335, formations=("Cht",), kinds=("HQ", "Sup", "Art"),
                constraint="with or adjacent to units of the same command",
                note="5.1b.1: supply, headquarters and artillery with or adjacent to units of their command (Hardee's "
                     "and the cavalry's excepted)"),
    CommandRule("5.1", 342, formations=("GaMil",), kinds=("Inf",), statuses=("line",)),
    CommandRule("5.1", 342, formations=("Cht", "Res", "GaMil"), kinds=("Art",), statuses=("unlimbered",)),
    CommandRule("5.1", 342, units=("Hb(4)",), statuses=("limbered",),
                note="Hardee's artillery outside the defenses is excepted from 'unlimbered'"),
    CommandRule("5.1", 342, formations=("Cv", "Jackson"), kinds=("Cav",), note="in line or mounted (player's choice)"),
    CommandRule("5.1", 344, formations=("Cht",), orders="stand by to attack on order from the Army of Tennessee "
                                                        "commander"),
    CommandRule("5.1", 344, formations=("Cv", "Jackson"), orders="capture the Union trains at or north of Decatur"),
    CommandRule("5.2", 663, formations=("15", "17", "16"), orders=_ADVANCE),
    CommandRule("5.2", 665, formations=("Tenn",), kinds=("Ldr", "HQ"),
                orders=_ADVANCE + " (accepted, not yet issued to the corps)"),
    CommandRule("5.2", 663, formations=("23",), orders="advance on Atlanta North of the Railroad"),
    CommandRule("5.2", 665, units=("Schofield",), statuses=("d1",)),
    CommandRule("5.2", 663, formations=("1/4",), orders="none (orders from Howard arrive at 10:00AM)"),
    CommandRule("5.2", 663, formations=("4",), orders="advance on Atlanta keeping communication with the Army of "
                                                      "the Ohio"),
    CommandRule("5.2", 705, formations=("Cht",), orders="defend Atlanta against Union forces approaching from the "
                                                        "NorthEast (Force 1)"),
    CommandRule("5.2", 707, formations=("Cv",), orders="delay the Union approach from the Northeast and East (Force 1)"),
    CommandRule("5.2", 709, formations=("GaMil", "Res"), orders="defend the inner Atlanta defenses (Force 2)"),
)


def apply_command_rules(ctx: Any, rows: dict[str, list[dict[str, Any]]]) -> None:
    """Apply every command rule to the rows of its scenario (and 5.3 for 5.2), noting each rule."""
    types = {u.unit_id: u.type for u in units()}
    home = {u.unit_id: u.formation for u in units()}
    for rule in COMMAND_RULES:
        members = subtree(rule.formations)
        for scen in (rule.scenario, "5.3") if rule.scenario == "5.2" else (rule.scenario,):
            for sheet in (f"{scen} Setup", f"{scen} Reinf"):
                for record in rows.get(sheet, []):
                    uid = record["unit_id"]
                    if (rule.units and uid not in rule.units) or (rule.formations and home[uid] not in members) \
                            or (rule.kinds and types[uid] not in rule.kinds):
                        continue
                    _apply(record, rule, sheet.endswith("Setup"))
        ctx.note(f"{rule.scenario} scenario", rule.line, "status/orders", ",".join(rule.formations or rule.units),
                 "; ".join(filter(None, (";".join(rule.statuses), rule.orders, rule.constraint, rule.note))),
                 "scenario rule for whole commands")


def _apply(record: dict[str, Any], rule: CommandRule, setup: bool) -> None:
    if rule.statuses:
        record["status"] = merge_status(record.get("status"), rule.statuses)
    if rule.constraint and setup:
        append_to(record, "constraint", rule.constraint)
    if rule.note:
        append_to(record, "notes", rule.note)
    if rule.orders and setup and not record.get("orders"):
        record["orders"] = rule.orders
    elif rule.orders and not setup and "orders:" not in (record.get("notes") or ""):
        append_to(record, "notes", f"orders: {rule.orders}")
