"""What a table result requires of units, judged in its window (`consequences.Judge`).

A status set or lifted (``status=unmounted``, ``status=-distorted-order``) on the result's units
(``units=``, else those named at the roll), Fatigue Levels gained (``fatigue=+2``), units that may
not move or enter (``stay=``) or must (``move=``), a variable reinforcement that enters
(``enter=lew-wallace``: its entry hexes, its order, its Fatigue Level), a strength gained as the
result allows (``gain=Cav; cap=...``), reinforcement sets entered (``sets=2; set=union``: how many,
lowest first, at their entry hexes, at the Fatigue Level the result gives, leaders atop their
division). What is forbidden and done is an error at the step, with the unit and its hex; what is
called for and not done, a warning when the window closes (not checked when the log ends first).
"""
from __future__ import annotations

from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any

from gamedata.conditions import MappingFacts
from gamedata.hexids import HexError, HexIds
from gamedata.model import Game, ReinforcementRow
from gamedata.systems import NO_LEVEL

from ..findings import Finding, Severity
from .consequences import Judge, rows_doing, table_values
from .selectors import Selected, reinforcement_rows


# ---------------------------------------------------------------- statuses and fatigue


def _levels(game: Game, code: str) -> tuple[str, ...]:
    """The levels a counter shows for a status, lowest first, without the levels that mean "no
    marker" (Fatigue 0, OK: the layer off, `gamedata.systems.NO_LEVEL`)."""
    status = next((s for s in game.statuses if s.code == code), None)
    return tuple(v for v in (status.levels if status else ()) if v.lower() not in NO_LEVEL)


def _off_levels(game: Game, code: str) -> tuple[str, ...]:
    status = next((s for s in game.statuses if s.code == code), None)
    return tuple(v for v in (status.levels if status else ()) if v.lower() in NO_LEVEL)


def level_index(game: Game, code: str, value: str | None) -> int | None:
    """A shown level's rank (-1: no marker), None when the counter cannot show it."""
    if value is None or value == "unknown":
        return None
    if value.lower() in NO_LEVEL or value in ("no", ""):
        return -1
    levels = _levels(game, code)
    return levels.index(value) if value in levels else None


def _subject(j: Judge, key_default: str = "rolled") -> Selected:
    """The units a result's status or fatigue is about: ``units=``, else named at the roll, else
    (for a table of attacks) the units marked attacking at the roll."""
    text = j.o.effect("units") or key_default
    found = j.select(text)
    if found.units is None and text == "rolled" and j.views is not None:
        attacking = frozenset(uid for uid, u in j.before().units.items() if u.status.get("attacking") == "yes")
        if attacking:
            return Selected(attacking, "", "marked attacking")
    return found


def _first_change(j: Judge, uid: str, code: str, test: Callable[[str], bool]) -> tuple[int, Any] | None:
    """The first step of the window after which the unit's status ``code`` passes ``test``."""
    for s in j.steps_in():
        u = j.views.at(s).unit(uid)
        if u is not None and test(u.status.get(code, "")):
            return s, u
    return None


def check_statuses(j: Judge) -> Iterator[Finding]:
    """``status=CODE`` / ``status=-CODE``: the result's units show (no longer show) the status
    after the window; the units of a result that does not call for it must not change it."""
    o = j.o
    codes = {v.lstrip("-") for v in table_values(o.table, "status")}
    if not codes:
        return
    if j.views is None:
        if o.effect("status"):
            yield from j.no_view("the status the result sets is")
        return
    wanted = {(o.effect("status") or "").lstrip("-"): not (o.effect("status") or "").startswith("-")} \
        if o.effect("status") else {}
    subject = _subject(j)
    before, after = j.before(), j.after()
    for code in sorted(codes):
        if subject.units is None:
            changed = [(uid, u) for uid, u in after.units.items()
                       if before.unit(uid) is not None and before.unit(uid).status.get(code) != u.status.get(code)]
            if code in wanted and not any((u.status.get(code) == "yes") == wanted[code] for _, u in changed):
                yield j.missing(f"no unit {'shows' if wanted[code] else 'loses'} {code} in {j.w} ({subject.why})")
            elif code not in wanted and changed:
                yield j.finding(Severity.NOT_CHECKED, f"{', '.join(u.name for _, u in changed)} changed {code} in "
                                f"{j.w}, but which unit the roll was for is not known ({subject.why})")
            continue
        units = [before.unit(uid) for uid in sorted(subject.units) if before.unit(uid) is not None]
        shown = [u for u in units if u.status.get(code) not in (None, "unknown")]
        if code in wanted:
            if not shown:
                yield j.finding(Severity.NOT_CHECKED, f"the counters of {subject.text} cannot show {code}",
                                (u.name for u in units))
                continue
            done = [u for u in shown if after.unit(u.unit_id) is not None
                    and (after.unit(u.unit_id).status.get(code) == "yes") == wanted[code]]
            if done or ("status", f"{subject.text}:{code}") in j.done:
                j.done.add(("status", f"{subject.text}:{code}"))
            else:
                verb = "show" if wanted[code] else "lose"
                placed = [u for u in shown if u.hex is not None] or shown
                who = placed[0].name if len(shown) == 1 else f"no unit of {subject.name or subject.text}"
                yield j.missing(f"{who} must {verb} {code}, not done in {j.w}", (placed[0].name,), units=placed[:1])
            continue
        doing = rows_doing(o.table, "status", code) or rows_doing(o.table, "status", "-" + code)
        for u in shown:
            now = after.unit(u.unit_id)
            value = now.status.get(code) if now is not None else None
            if value not in (None, "unknown") and value != u.status.get(code):
                hit = _first_change(j, u.unit_id, code, lambda v, was=u.status.get(code): v != was)
                step, at = hit if hit is not None else (None, now)
                yield j.finding(Severity.ERROR, f"{u.name} {'shows' if value == 'yes' else 'loses'} {code} at "
                                f"{j.hexname(at)} against the roll (only {doing} change it)", (u.name,), step=step,
                                units=(at,))


def check_fatigue(j: Judge) -> Iterator[Finding]:
    """``fatigue=+N`` without arrivals: the result's units (named at the roll, or marked
    attacking) gain N Fatigue Levels in the window."""
    o, game = j.o, j.ctx.game
    value = o.effect("fatigue")
    if value is None or not value.startswith("+") or o.has("sets") or o.has("enter"):
        return
    if j.views is None:
        yield from j.no_view("the Fatigue Level the result adds is")
        return
    subject = _subject(j)
    if subject.units is None:
        yield j.finding(Severity.NOT_CHECKED, f"fatigue {value} not checked: {subject.why}")
        return
    for uid in sorted(subject.units):
        was, now = j.before().unit(uid), j.after().unit(uid)
        if was is None or now is None:
            continue
        a, b = level_index(game, "fatigue", was.status.get("fatigue")), level_index(game, "fatigue",
                                                                                  now.status.get("fatigue"))
        if a is None or b is None:
            yield j.finding(Severity.NOT_CHECKED, f"{was.name}'s counter cannot show its Fatigue Level", (was.name,))
        elif b < min(a + int(value), len(_levels(game, "fatigue")) - 1):
            yield j.missing(f"{was.name} must gain {value[1:]} Fatigue Level(s), not done in {j.w}", (was.name,))


# ---------------------------------------------------------------- moving, staying, entering


def check_movement(j: Judge) -> Iterator[Finding]:
    """``stay=SELECTOR``: none of the units moves or enters the map in the window (an error at the
    step, naming the unit and hex); ``move=SELECTOR``: at least one does (a warning if none)."""
    o = j.o
    for key in ("stay", "move"):
        text = o.effect(key)
        if text is None:
            continue
        if j.views is None:
            yield from j.no_view(f"{key}={text}:")
            continue
        selected = j.select(text)
        if selected.units is None:
            yield j.finding(Severity.NOT_CHECKED, f"{key}={text} not checked: {selected.why}")
            continue
        moved = j.moves(selected.units)
        if key == "stay":
            unless = o.effect("unless")
            for step, was, now in moved:
                verb = "enters the map at" if was is None or was.hex is None else "moves to"
                said = f"{now.name} {verb} {j.hexname(now)}, but the result says: {o.row.result if o.row else ''}"
                if unless:
                    yield j.finding(Severity.WARNING, f"{said} (unless {unless}, which the log does not show)",
                                    (now.name,), step=step, units=(now,))
                else:
                    yield j.finding(Severity.ERROR, said, (now.name,), step=step, units=(now,))
        elif moved or ("moved", text) in j.done:
            j.done.add(("moved", text))
        else:
            units = [u for u in (j.before().unit(uid) for uid in sorted(selected.units)) if u is not None]
            who = ", ".join(u.name for u in units) if len(units) <= 3 else selected.name or text
            yield j.missing(f"{who or text} did not move in {j.w}", [u.name for u in units[:3]], units=units[:3])


def _entry_hexes(hexids: HexIds, game: Game, row: ReinforcementRow, alternative: bool | None = None
                 ) -> set[str] | None:
    """The row's entry hexes (``alternative``: only the main (False) or only the alternative (True))."""
    areas = {a.code: a.hexes for a in game.areas}
    found: set[str] = set()
    for text, alt in ((row.entry, False), (row.alt_entry, True)):
        if not text or (alternative is not None and alt != alternative):
            continue
        try:
            found |= set(areas[text]) if text in areas else set(hexids.expand(text))
        except HexError:
            return None  # an entry the data cannot list (noted on import): not checked
    return {hexids.normalize(h) for h in found} or None


def _arrival_fatigue(j: Judge, arrivals: Sequence[tuple[int, Any, ReinforcementRow]]) -> Iterator[Finding]:
    """``fatigue=LEVEL`` with arrivals: each arriving unit shows that Fatigue Level (one more when it
    entered at an alternative entry and the result says ``entry=alt +1``)."""
    o, game = j.o, j.ctx.game
    required = o.effect("fatigue")
    if required is None or required.startswith("+"):
        return
    levels = _levels(game, "fatigue")
    hexids = HexIds(game.maps)
    want_at = -1 if required.lower() in NO_LEVEL else levels.index(required) if required in levels else None
    if want_at is None:
        return
    if want_at < 0 and len(_off_levels(game, "fatigue")) > 1 and arrivals:
        yield j.finding(Severity.NOT_CHECKED, f"Fatigue {required} on arrival: the counters show "
                        f"{' and '.join(_off_levels(game, 'fatigue'))} alike (no marker), so only a Fatigue marker "
                        "on an arriving unit is caught")
    after = j.after()
    for step, now, row in arrivals:
        if now.unit.type == "Ldr":
            continue
        now = after.unit(now.unit_id) if after.unit(now.unit_id) is not None else now   # its marker may follow it
        want = want_at
        alt = _entry_hexes(hexids, game, row, alternative=True)
        if o.effect("entry") == "alt +1" and alt and hexids.format(now.hex) in alt:
            want += 1
        has = level_index(game, "fatigue", now.status.get("fatigue"))
        if has is None:
            yield j.finding(Severity.NOT_CHECKED, f"{now.name}'s counter cannot show its Fatigue Level", (now.name,))
        elif has != want:
            name = required if want < 0 else levels[min(want, len(levels) - 1)]
            shown = now.status.get("fatigue")
            yield j.finding(Severity.ERROR, f"{now.name} arrives at {j.hexname(now)} at Fatigue Level {shown}, the "
                            f"result says {name}", (now.name,), step=step, units=(now,))


def _leaders_on_top(j: Judge, arrivals: Sequence[tuple[int, Any, ReinforcementRow]]) -> Iterator[Finding]:
    """``leaders=on top``: an arriving leader is placed on a hex where a unit of his set arrives."""
    if j.o.effect("leaders") != "on top":
        return
    hexes = {now.hex for _, now, _ in arrivals if now.unit.type != "Ldr"}
    for step, now, _ in arrivals:
        if now.unit.type == "Ldr" and now.hex not in hexes:
            yield j.finding(Severity.ERROR, f"{now.name} arrives at {j.hexname(now)}, not atop a unit arriving with "
                            f"him", (now.name,), step=step, units=(now,))


def check_entered(j: Judge) -> Iterator[Finding]:
    """``enter=KIND[#N]``: the reinforcement rows of die-roll set KIND (of order N only) enter in
    the window at their entry hexes, lower orders first; rows of KIND outside #N stay off."""
    o, game = j.o, j.ctx.game
    text = o.effect("enter")
    if text is None:
        return
    if j.views is None:
        yield from j.no_view("the units the result brings in are")
        return
    kind_, _, order = text.partition("#")
    rows = reinforcement_rows(game, j.scenario_id(), kind_)
    if not rows:
        yield j.finding(Severity.NOT_CHECKED, f"enter={text} not checked: the scenario has no reinforcement rows "
                        f"of die-roll set {kind_}")
        return
    before = j.before()
    waiting = {r.unit_id: r for r in rows if before.unit(r.unit_id) is None or before.unit(r.unit_id).hex is None}
    hexids = HexIds(game.maps)
    arrivals: list[tuple[int, Any, ReinforcementRow]] = []
    for step, was, now in j.moves(frozenset(waiting)):
        if was is not None and was.hex is not None:
            continue
        row = waiting[now.unit_id]
        arrivals.append((step, now, row))
        if order and row.order != order and now.unit.type != "Ldr":
            yield j.finding(Severity.ERROR, f"{now.name} enters at {j.hexname(now)}, but the result brings in only "
                            f"order {order} of {kind_}", (now.name,), step=step, units=(now,))
            continue
        allowed = _entry_hexes(hexids, game, row)
        if allowed is not None and hexids.format(now.hex) not in allowed:
            yield j.finding(Severity.ERROR, f"{now.name} enters at {j.hexname(now)}, not at its entry {row.entry}"
                            f"{' or ' + row.alt_entry if row.alt_entry else ''}", (now.name,), step=step,
                            units=(now,))
        earlier = sorted({r.order for uid, r in waiting.items() if r.order and row.order and r.order < row.order
                          and (j.views.at(step - 1).unit(uid) is None or j.views.at(step - 1).unit(uid).hex is None)})
        if earlier:
            yield j.finding(Severity.WARNING, f"{now.name} (order {row.order}) enters before order {earlier[0]} of "
                            f"{kind_}", (now.name,), step=step, units=(now,))
    yield from _arrival_fatigue(j, arrivals)
    if arrivals or ("entered", text) in j.done:
        j.done.add(("entered", text))
    else:
        yield j.missing(f"no unit of {text} entered in {j.w}")


# ---------------------------------------------------------------- strength gained


def _strength(unit: Any) -> float | None:
    try:
        return float(str(getattr(unit, "strength", "")).strip())
    except ValueError:
        return None


def check_gains(j: Judge) -> Iterator[Finding]:
    """``gain=TYPE[,TYPE]`` (HSN 11.0): in the window each listed unit type has at most one unit of
    the roller's side gaining exactly one strength step; any other gain is against the roll."""
    o = j.o
    if not table_values(o.table, "gain"):
        return
    allowed = [t for t in (o.effect("gain") or "").split(",") if t]
    if j.views is None:
        if allowed:
            yield from j.no_view("the strength the result adds is")
        return
    side = j.select(o.effect("units") or "")
    gains: list[tuple[int, Any, float]] = []
    for s in j.steps_in():
        view, previous = j.views.at(s), j.views.at(s - 1)
        for uid, u in view.units.items():
            was = previous.unit(uid)
            if was is None or was is u or (side.units is not None and uid not in side.units):
                continue
            a, b = _strength(was), _strength(u)
            if a is not None and b is not None and b > a:
                gains.append((s, u, b - a))
    caps = _caps(o.effect("cap") or "")
    left = list(allowed)
    for step, u, by in gains:
        cap = caps.get(f"{u.unit.type} {u.unit.size}", caps.get(u.unit.type))
        if u.unit.type in left and by == 1 and (cap is None or (_strength(u) or 0) <= cap):
            left.remove(u.unit.type)
            continue
        if by != 1:
            why = f"by {by:g} steps (one at most)"
        elif u.unit.type in left:
            why = f"to {_strength(u):g}, above the {u.unit.type} {u.unit.size} limit of {cap:g}"
        else:
            why = f"a {u.unit.type} unit, beyond what the result allows ({', '.join(allowed) or 'no unit'})"
        yield j.finding(Severity.ERROR, f"{u.name} gains strength at {j.hexname(u)} {why}", (u.name,), step=step,
                        units=(u,))


def _caps(text: str) -> dict[str, float]:
    """``Inf Div:11, Cav:3`` -> {"Inf Div": 11, "Cav": 3}."""
    caps = {}
    for part in text.split(","):
        key, _, value = part.partition(":")
        if key.strip() and value.strip():
            caps[key.strip()] = float(value)
    return caps


# ---------------------------------------------------------------- reinforcement sets


def _set_rows(game: Game, scenario_id: str | None, kind_: str) -> dict[int, list[ReinforcementRow]]:
    """Reinforcement rows of the scenario by set number, for sets ``kind N``."""
    sets: dict[int, list[ReinforcementRow]] = {}
    for r in reinforcement_rows(game, scenario_id, kind_):
        head, _, number = r.dr_set.partition(" ")
        if head == kind_ and number.isdigit():
            sets.setdefault(int(number), []).append(r)
    return sets


class SetLedger:
    """Reinforcement sets through a chain of logs: what earlier results allowed and what entered,
    per kind of set, so that sets withheld earlier may enter later (12.0: "he may withhold")."""

    def __init__(self, withheld: Mapping[str, int | None] | None = None) -> None:
        self.withheld: dict[str, int | None] = dict(withheld or {})   # None: not known (rolls before the chain)

    def check(self, j: Judge) -> Generator[Finding, None, None]:
        o = j.o
        if o.effect("sets") is None or not o.effect("set"):
            return
        kind_ = o.effect("set") or ""
        if kind_ not in self.withheld:
            self.withheld[kind_] = 0 if _first_turn(j) else None
        entered = yield from check_sets(j, self.withheld[kind_])
        due = int(o.effect("sets") or 0)
        if self.withheld[kind_] is not None and entered is not None and not j.w.cut:
            self.withheld[kind_] = max(0, self.withheld[kind_] + due - entered)


def _first_turn(j: Judge) -> bool:
    """Whether the roll is in the first turn its table may be rolled (nothing withheld before)."""
    turn = j.o.turn
    if turn is None and j.views is not None and not j.o.carried:
        turn = getattr(j.views.at(j.o.step).turn, "id", None)
    if turn is None:
        return False
    return j.o.table.when.evaluate(MappingFacts({"turn": turn - 1})) is False


def check_sets(j: Judge, withheld: int | None) -> Generator[Finding, None, int | None]:
    """``sets=N; set=KIND[; withhold=yes]``: the sets entering in the window (view), their number,
    order, entry hexes and state on arrival; returns how many sets entered (None when not checked)."""
    o, game = j.o, j.ctx.game
    due, kind_ = int(o.effect("sets") or 0), o.effect("set") or ""
    if j.views is None:
        yield from j.no_view("the reinforcement sets entered are")
        return None
    before = j.before()
    sets = _set_rows(game, j.scenario_id(), kind_)
    member = {r.unit_id: (n, r) for n, rows in sets.items() for r in rows}
    earlier = {int(v) for k, v in j.done if k == "set entered"}
    entered_before = {n for uid, (n, _) in member.items()
                      if before.unit(uid) is not None and before.unit(uid).hex is not None} - earlier
    entered: dict[int, list[str]] = {}
    arrivals: list[tuple[int, Any, ReinforcementRow]] = []
    extra_at: dict[int, int] = {}
    hexids = HexIds(game.maps)
    where_wrong: list[tuple[int, Any, str]] = []
    for step, was, now in j.moves(frozenset(member)):
        if was is not None and was.hex is not None:
            continue
        number, row_ = member[now.unit_id]
        if number not in entered:
            extra_at[number] = step
        entered.setdefault(number, []).append(now.name)
        arrivals.append((step, now, row_))
        allowed = _entry_hexes(hexids, game, row_)
        if allowed is not None and hexids.format(now.hex) not in allowed:
            where_wrong.append((step, now, f"{now.name} at {hexids.format(now.hex)} (entry {row_.entry}"
                                            f"{' or ' + row_.alt_entry if row_.alt_entry else ''})"))
    for number in entered:
        j.done.add(("set entered", str(number)))
    withhold = (o.effect("withhold") or "").casefold() == "yes"
    count = len(entered) + len(earlier)
    listed = "; ".join(f"{kind_} {n} ({', '.join(names)})" for n, names in sorted(entered.items()))
    pieces = [name for names in entered.values() for name in names]
    over_at = extra_at[sorted(entered)[-1]] if entered else None
    if withhold and withheld is None and count > due:
        yield j.finding(Severity.WARNING, f"{count} set(s) entered in {j.w}: {listed}; the result allows {due}, more "
                        "only if sets were withheld in turns this log does not show", pieces, step=over_at)
    elif count > due + (withheld or 0 if withhold else 0):
        extra = f" and {withheld} withheld before" if withhold and withheld else ""
        yield j.finding(Severity.ERROR, f"{count} set(s) entered in {j.w}: {listed}; the result allows {due}{extra}",
                        pieces, step=over_at)
    elif not withhold and count < min(due, len(set(sets) - entered_before)):
        yield j.missing(f"{due} set(s) must enter this turn, {count} entered in {j.w}" + (f": {listed}" if listed
                                                                                            else ""), pieces)
    waiting = sorted(set(sets) - entered_before - earlier)
    if entered and sorted(entered) != waiting[:len(entered)]:
        first = min(n for n in entered if n not in waiting[:len(entered)])
        yield j.finding(Severity.ERROR, f"sets must enter lowest-numbered first: {listed} entered while {kind_} "
                        f"{waiting[0]} had not", pieces, step=extra_at[first])
    for step, now, text in where_wrong:
        yield j.finding(Severity.ERROR, f"entered outside its entry hexes: {text}", (now.name,), step=step,
                        units=(now,))
    yield from _arrival_fatigue(j, arrivals)
    yield from _leaders_on_top(j, arrivals)
    return len(entered)
