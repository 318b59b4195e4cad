"""Hood Strikes North 7.4 (Basic Rules): who may take the Hood and the Forrest Assault Bonus.

A player takes a bonus by saying it in the chat ("Hood Assault Bonus: Cheatham", "Forrest Assault
Bonus"), before the combat dice of the assault (up to the next Initiative roll); the bonus is a +1 to
his die that only he may claim, so a combat without the words claims none. The referee judges each
claim at the first combat die after it, from the units marked attacking and defending there:

* Hood (L156): "If a Confederate infantry (not cavalry) corps leader successfully undertakes an
  Assault action and the army leader Hood is stacked in the same hex as the active leader ... The
  Hood Assault Bonus may be applied more than once per turn, but only to successful assaults
  initiated by the same corps leader to which the bonus was first applied that turn" — the corps
  leader named in the claim is one of the infantry corps leaders (L105: Cheatham, Lee, Stewart),
  Hood stands in his hex, and he is the leader of the turn's first Hood bonus in the log.
* Forrest (L164-170): the assault is Forrest's: its attackers are of his command, or "one
  infantry division (or up to two infantry brigades) stacked in the same hex with Forrest"; "The
  Hood Assault Bonus may never be applied to an assault carried out by Forrest" and "a grand
  assault may never be attempted in an Assault action initiated by Forrest" (the chat's words).
* Neither (L158, L169) "to assaults against a hex with an undestroyed Union fort": the defenders'
  hex is a fort of terrain.xlsx Specials (kind fort) with no Fort Destroyed marker (a game marker
  of the module, `markers`) in it. With no unit marked defending the target is not known: not
  checked, said.

The names and numbers are data: rules.xlsx Parameters ``assault-bonus.*`` and ``fort.destroyed``.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass

from gamedata.model import Game
from gamedata.ruledata import parameter_cite, parameter_list, parameter_text

from ..findings import Finding, Severity
from ..timeline import StepView
from ..view import YES, GameView, UnitView
from ..view.names import loose
from .board import named, unit_place
from .markers import Replayed, standing

CHECK_ID = "units"


@dataclass(frozen=True)
class Claim:
    """A bonus said in the chat at ``said``, judged at the combat die of step ``roll``."""

    bonus: str            # "hood" or "forrest"
    said: int
    roll: int
    text: str
    player: str | None


def claims(game: Game, steps: Sequence[StepView]) -> list[Claim]:
    """Each bonus the chat claims, with the combat die it is for (a claim no combat die follows
    before the next Initiative roll is for none and is left out)."""
    combat, initiative = (loose(parameter_text(game, k)) for k in ("initiative.combat-button", "initiative.button"))
    names = {b: loose(parameter_text(game, f"assault-bonus.{b}")) for b in ("hood", "forrest")}
    pending: list[tuple[str, int, str, str | None]] = []
    found = []
    for s in steps:
        if s.is_undo:
            continue
        for t in s.texts:
            pending += [(b, s.index, t, s.player) for b, n in names.items() if n and n in loose(t)]
        purposes = [loose(r.purpose) for r in s.rolls]
        if combat and any(combat in p for p in purposes) and pending:
            found += [Claim(b, i, s.index, t, p) for b, i, t, p in pending]
            pending = []
        elif initiative and any(p.startswith(initiative) for p in purposes):
            pending = []
    return found


def check_assault_bonus(game: Game, views: Sequence[GameView], steps: Sequence[StepView], label: str,
                        players: Mapping[int, str | None], replay: Replayed) -> Iterator[Finding]:
    """``replay``: its start board and steps show the Fort Destroyed markers (read only when the
    log claims a bonus)."""
    if not parameter_text(game, "assault-bonus.hood") or not views:
        return
    found = claims(game, steps)
    if not found:
        return
    by_step = {v.step: v for v in views}
    destroyed = {s.index: {loc for _, _, loc in on.values()}
                 for s, on in standing(game, replay.initial, replay.steps, [parameter_text(game, "fort.destroyed")])}
    first_hood: dict[object, str] = {}
    at_roll: dict[int, set[str]] = {}
    for c in found:
        at_roll.setdefault(c.roll, set()).add(c.bonus)
    for c in found:
        view = by_step.get(c.roll)
        if view is None:
            continue
        problems = list(_target(game, view, destroyed.get(c.roll, set()), c))
        if c.bonus == "hood":
            problems += _hood(game, view, c, first_hood, "forrest" in at_roll[c.roll])
        else:
            problems += _forrest(game, view, c)
        for severity, message, units in problems:
            yield Finding(CHECK_ID, severity, f"{parameter_text(game, 'assault-bonus.' + c.bonus)} claimed at step {c.said} "
                          f"for the combat of step {c.roll}: {message}", _rule(game, c.bonus), label, c.said,
                          c.player or players.get(c.said), tuple(u.name for u in units),
                          tuple(p for u in units for p in unit_place(u)))


def _rule(game: Game, bonus: str) -> str:
    return parameter_cite(game, f"assault-bonus.{bonus}", "7.4 Combat Die Roll Modifiers")


Problem = tuple[Severity, str, Sequence[UnitView]]


def _target(game: Game, view: GameView, destroyed: set[str], c: Claim) -> Iterator[Problem]:
    """L158, L169: not against a hex with an undestroyed Union fort."""
    defenders = [u for u in view.units.values() if u.hex is not None and u.status.get("defending") == YES]
    if not defenders:
        yield (Severity.NOT_CHECKED, "no unit is marked defending: whether the assault is against an undestroyed "
               "Union fort is not checked (mark the defenders before the dice)", ())
        return
    terrain = game.terrain
    forts = {terrain.hexids.canonical(s.hex) for s in terrain.specials("fort") if s.hex is not None}
    hit = [u for u in defenders if terrain.hexids.canonical(u.hex) in forts and u.location not in destroyed]
    if hit:
        yield (Severity.ERROR, f"the defenders stand in {hit[0].location}, a Union fort with no "
               f"{parameter_text(game, 'fort.destroyed')} marker: no assault bonus against an undestroyed fort", hit)


def _leader(game: Game, view: GameView, name: str) -> UnitView | None:
    return next((u for u in view.units.values() if u.unit_id == name or u.unit.name == name), None)


def _hood(game: Game, view: GameView, c: Claim, first: dict[object, str], with_forrest: bool) -> list[Problem]:
    army = _leader(game, view, parameter_text(game, "assault-bonus.hood-army"))
    corps = [u for u in view.units.values() if u.unit_id in parameter_list(game, "assault-bonus.hood-leaders")]
    said = named(c.text, corps)
    if with_forrest:
        return [(Severity.ERROR, "the Hood Assault Bonus is never applied to an assault carried out by Forrest", ())]
    if not said:
        others = [u for u in view.units.values() if u.unit.type == "Ldr" and u.side == getattr(army, "side", None)
                  and u is not army]
        wrong = [u for u in named(c.text, others)]
        if wrong:
            return [(Severity.ERROR, f"{wrong[0].name} is no Confederate infantry corps leader "
                     f"({', '.join(parameter_list(game, 'assault-bonus.hood-leaders'))})", wrong[:1])]
        return [(Severity.NOT_CHECKED, "the claim names no corps leader whose assault it is ('"
                 f"{parameter_text(game, 'assault-bonus.hood')}: Cheatham'): not checked", ())]
    leader = said[0]
    out: list[Problem] = []
    if army is None or army.hex is None or army.hex != leader.hex:
        out.append((Severity.ERROR, f"{army.name if army else 'Hood'} is not stacked with {leader.name} "
                    f"({leader.location})", [x for x in (leader, army) if x is not None]))
    turn = getattr(view.turn, "id", None)
    if turn in first and first[turn] != leader.unit_id:
        out.append((Severity.ERROR, f"the turn's first Hood Assault Bonus went to {game.unit(first[turn]).name}'s "
                    f"assault: only his assaults may have it this turn, not {leader.name}'s", [leader]))
    first.setdefault(turn, leader.unit_id)
    return out


def _forrest(game: Game, view: GameView, c: Claim) -> list[Problem]:
    forrest = _leader(game, view, parameter_text(game, "assault-bonus.forrest-leader"))
    out: list[Problem] = []
    if loose(parameter_text(game, "assault.grand")) in loose(c.text):
        out.append((Severity.ERROR, "a grand assault may never be attempted in an Assault action initiated by "
                    "Forrest", [forrest] if forrest else []))
    if forrest is None or forrest.hex is None:
        return out + [(Severity.ERROR, "Forrest is not on the map", [])]
    led = {f.formation_id for f in game.led_by(forrest.unit_id)}
    attackers = [u for u in view.units.values() if u.hex is not None and u.status.get("attacking") == YES]
    outside = [u for u in attackers
               if not led & {f.formation_id for f in game.command_chain(u.unit_id, u.formation or None)}]
    caps = dict((k.strip(), int(v)) for k, _, v in (p.partition(":") for p in
                                                    parameter_list(game, "assault-bonus.forrest-infantry")) if v)
    infantry = [u for u in outside if u.unit.type == "Inf" and u.hex == forrest.hex]
    sizes = {u.unit.size for u in infantry}
    fits = len(sizes) <= 1 and all(sum(1 for u in infantry if u.unit.size == s) <= caps.get(s or "", 0) for s in sizes)
    stray = [u for u in outside if u not in infantry] + ([] if fits else infantry)
    if stray:
        out.append((Severity.ERROR, f"{', '.join(u.name for u in stray)} attack in Forrest's assault, but only his "
                    "command and one infantry division (or up to two infantry brigades) stacked with Forrest "
                    f"({forrest.location}) may", stray))
    return out
