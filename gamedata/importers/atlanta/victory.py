"""The Atlanta victory schedules: VP lines per scenario, prose VP items and victory levels.

Points are on one Union-positive scale; victory bands overlap in the text and
are kept as printed (overrides fix the bounds a human had to decide).
"""
from __future__ import annotations

import re
from typing import Any

from gamedata.import_kit.records import join_notes
from gamedata.importers.atlanta.oob import UNION

_GROUPS = {"*": "group *: count only the largest of these", "**": "group **: 5 for the first, 3 for the second, "
           "1 for each additional", "***": "group ***: take only the largest of these"}
_VP_LINE = re.compile(r"^([+-]?\s?\d+)\s+(.+?)(\*{1,3})?$")
_WRECK = re.compile(r"^(\d+)\s+Per wrecked (brigade|division|corps)")

# (scenario, first, last, anchor, lines that are headings/notes, default map)
VP_TABLES = (
    ("5.1", 375, 427, "Union forces inside the outer defenses", {378, 388, 395, 397, 399, 401, 407, 409, 417, 425},
     "A"),
    ("5.2", 731, 789, "Map B", {731, 735, 737, 757, 765, 767, 769, 777, 779, 787}, "A"),
    ("5.3", 859, 949, "Map B", {859, 865, 867, 891, 899, 901, 903, 909, 911, 919, 921, 929, 935, 943}, "A"),
)

# Prose VP items that no line pattern can read: (scenario, line, anchor, item, points, notes).
VP_PROSE = (
    ("5.1d.1", 463, "receives 10 victory points", "No Covington Raid variant used", -10,
     "'The Confederate player receives 10 victory points' (Union-positive scale: -10)"),
    ("5.1d.4", 495, "carries a 5 point penalty", "Sherman leaves the board to deliver orders to Thomas", -5, ""),
    ("5.1d.4", 539, "10 victory points per corps", "each Army of the Cumberland corps brought in", -10, ""),
    ("5.1d.4", 539, "5 victory points per division", "each division of Stewart's Corps brought in", 5,
     "'costs the Confederate player 5 victory points per division'"),
    ("5.2", 667, "costs 10 victory points", "a change to Garrard's orders", -10,
     "'Any change to these orders costs 10 victory points' (5.2a.2: the Union's orders to Garrard)"),
    ("5.3", 667, "costs 10 victory points", "a change to Garrard's orders", -10,
     "'Any change to these orders costs 10 victory points' (5.2a.2, which 5.3 plays: the Union's orders to "
     "Garrard)"),
    ("5.3", 937, "Flank to East", "'Flank to East': south-edge VP of map A", "x2", "multiplier, not additive"),
    ("5.3", 937, "Flank to East", "'Flank to East': objectives inside the outer Atlanta defenses", "x1/2",
     "multiplier, not additive"),
    ("5.3", 937, "Flank to East", "'Flank to East': Army of the Tennessee supply train lost", -10, ""),
    ("5.3", 937, "Flank to East", "'Flank to East': each corps supply unit lost", -2, ""),
    ("5.3", 939, "Take Atlanta", "'Take Atlanta': south-edge VP", "x1/2", "multiplier, not additive"),
    ("5.3", 939, "Take Atlanta", "'Take Atlanta': objectives inside the outer Atlanta defenses", "x2",
     "multiplier, not additive"),
    ("5.3", 941, "Economy of force", "'Economy of force': a corps sent off the West edge of map B before the 22nd",
     20, "30 instead if it leaves before the 21st or never enters"),
    ("5.3", 945, "cover the abandonment", "Confederate 'cover abandonment': Union terrain VP acquired on the 22nd",
     "x1/2", "multiplier; Confederate losses and wrecks count double; Cleburne costs 10 VP"),
    ("5.3", 947, "counterattack option", "Confederate 'counterattack': bonus to the Union", 20,
     "wrecked units and casualties count double"),
    ("5.3", 949, "Johnston is in command", "Johnston in command: all terrain VP", "x1/2",
     "multiplier (possibly again); Confederate casualty points doubled"),
)

LEVEL_TABLES = (("5.1", 431, 443, "CSA Massive"), ("5.2", 795, 801, "CSA Massive"), ("5.3", 955, 961, "CSA Massive"))
_LEVEL = re.compile(r"^(?:(CSA|USA) (Massive|Major|Minor) victory|Draw):?\s+(.+)$")


def victory(ctx: Any) -> None:
    """Write the VP schedules, the prose VP items and the victory levels of every scenario."""
    for sid, first, last, anchor, skip, default_map in VP_TABLES:
        report = f"{sid} victory points"
        ctx.book.check_anchor(first, anchor)
        count = ctx.report.table(report, first, last)
        map_id = default_map
        for line in range(first, last + 1):
            text = ctx.book.line(line).replace("**", "§").strip()
            heading = re.fullmatch(r"Map ([AB])", ctx.book.line(line).strip())
            if heading:
                map_id = heading.group(1)
            if not text or line in skip or heading or text in ("Union:", "Confederate:"):
                continue
            if text.startswith(("For ", "If ", "Note")):
                continue
            count.rows_read.add(line)
            _vp_line(ctx, report, sid, line, ctx.book.line(line).strip(), map_id)
    for sid, line, anchor, item, points, notes in VP_PROSE:
        if anchor.lower() not in ctx.book.line(line).lower():
            raise ValueError(f"line {line}: expected '{anchor}'")
        ctx.emit("VP", {"scenario_id": sid, "item": item, "points": points, "side": UNION,
                        "notes": notes or None, "rulebook_line": line})
    for sid, first, last, anchor in LEVEL_TABLES:
        report = f"{sid} victory levels"
        for line, m in ctx.prose(report, first, last, anchor, _LEVEL.pattern):
            low, high = _band(m.group(3))
            low = _num(ctx.override(report, line, "low", "" if low is None else str(low)))
            high = _num(ctx.override(report, line, "high", "" if high is None else str(high)))
            result = f"{m.group(1)} {m.group(2)} victory" if m.group(1) else "Draw"
            ctx.emit("Levels", {"scenario_id": sid, "low": low, "high": high, "result": result,
                                "rulebook_line": line}, report, line)


def _num(text: str) -> int | None:
    return int(text) if text else None


def _band(text: str) -> tuple[int | None, int | None]:
    text = text.strip()
    if m := re.fullmatch(r"less than (-?\d+)", text):
        return None, int(m.group(1)) - 1
    if m := re.fullmatch(r"(-?\d+) to (-?\d+)", text):
        return int(m.group(1)), int(m.group(2))
    if m := re.fullmatch(r"(-?\d+) or more", text):
        return int(m.group(1)), None
    raise ValueError(f"victory band not understood: {text!r}")


def _vp_line(ctx: Any, report: str, sid: str, line: int, text: str, map_id: str) -> None:
    wreck = _WRECK.match(text)
    if wreck:
        points, what = int(wreck.group(1)), wreck.group(2)
        ctx.emit("VP", {"scenario_id": sid, "item": f"each wrecked Confederate {what}", "points": points,
                        "side": UNION, "notes": "(subtract for Union, add for Confederate)",
                        "rulebook_line": line}, report, line)
        ctx.emit("VP", {"scenario_id": sid, "item": f"each wrecked Union {what}", "points": -points,
                        "side": UNION, "notes": "(subtract for Union, add for Confederate)", "rulebook_line": line})
        if what == "corps":
            for corps, value in (("16th", 2), ("17th", 3), ("23rd", 3)):
                ctx.emit("VP", {"scenario_id": sid, "item": f"wrecked Union {corps} Corps", "points": -value,
                                "side": UNION, "notes": f"exception to {points} per corps (2,3,3 for 16th, 17th, "
                                                         f"23rd)", "rulebook_line": line})
        return
    m = _VP_LINE.match(text)
    if not m:
        ctx.reject(report, line, text, "not a VP line")
        return
    points = int(m.group(1).replace(" ", ""))
    if " " in m.group(1):
        ctx.note(report, line, "points", m.group(1), str(points), "space inside a signed number")
    item = " ".join(m.group(2).split())
    notes: list[str] = []
    if m.group(3):
        notes.append(_GROUPS[m.group(3)])
    hexes = re.findall(r"\b(\d{1,2}\.\d{2})\b", item) if item.startswith("Hex") else []
    location = ", ".join(f"{map_id}{int(h.split('.')[0])}.{h.split('.')[1]}" for h in hexes) or None
    for h in (location or "").split(", "):
        if h and (reason := ctx.hexids.check(h)) is not None:
            ctx.reject(report, line, text, reason)
            return
    if not location and sid != "5.1" and not item.lower().startswith(("for ", "per ")):
        notes.append(f"map {map_id}")
    named = re.fullmatch(r"Hex \d{1,2}\.\d{2} \(([^,)]+)[,)].*", item)
    if named and sid == "5.1":
        ctx.emit("Names", {"map": map_id, "hex": location, "name": named.group(1), "source": "5.1c.1 victory points",
                           "rulebook_line": line})
    ctx.emit("VP", {"scenario_id": sid, "item": item, "location": location, "points": points, "side": UNION,
                    "notes": join_notes(*notes, "net score is Union-positive: negative points favour the Confederates"),
                    "rulebook_line": line}, report, line)
