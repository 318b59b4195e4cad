"""Into the Woods counts the board cannot show, read from what the players declare in the chat.

* 4.25 (L156, L160): "Unassigned units have a maximum number of 3 AMs". AMs are chits drawn
  from a cup, not pieces of the module, and one Activation's moves are many log steps, so the
  log shows an Unassigned AM only where a player writes the words of Parameters
  `unassigned.am-declared` ("Unassigned AM") when he draws it. More than
  `unassigned.am-cap` such lines by one player in one turn is an error at the first one too
  many, naming the units that move after it (until the next AM or the turn's end).
* 4.11 (L105): each overall Confederate commander places "any two brigades in their Command
  Range in Direct Command" in the Determine Chain of Command Phase. A chat line with the words
  of `direct-command.declared` ("Direct Command") names the brigadiers (and the commander, one
  of `direct-command.commanders`); more than `direct-command.brigades` brigades for one
  commander in one turn is an error naming them and their hexes; so is a brigadier traced out
  of the commander's Command Range (4.15 costs; not checked without the range). "The brigades
  chosen are considered In Command for all purposes": their moves that turn are never "moved
  while Out of Command" (`in_direct_command`, given to `incommand.check`).

Where no line of a log declares either, the count is not checked, said once with the reason.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from gamedata.model import Game, RuleParameter
from gamedata.ruledata import cell, cite, parameter, parameter_row

from ..findings import Finding, Severity
from ..view import GameView, UnitView
from .board import moved, named
from .command import Tracer, leader_level, own_formation, range_of
from .incommand import describe, measure, range_to_fill

CHECK_ID = "command"


def _words(game: Game, key: str) -> re.Pattern[str] | None:
    text = parameter(game, key)
    return re.compile(rf"(?<!\w){re.escape(str(text))}(?!\w)", re.IGNORECASE) if text else None


def _rule(row: RuleParameter | None, fallback: str) -> str:
    return cite(row.section, row.rulebook_line) if row else fallback


@dataclass
class Window:
    """One declared Unassigned AM and the units that move under it (until the next AM or the
    turn's end): whose AM it is is the declaring player's, else the movers' side."""

    step: int
    player: str | None
    turn: object
    units: dict[str, UnitView] = field(default_factory=dict)
    starts: dict[str, UnitView] = field(default_factory=dict)


@dataclass
class Declarations:
    """The 4.25 and 4.11 counts of one log, fed step by step (an `incommand.check` extra)."""

    texts: Mapping[int, tuple[str, ...]]
    label: str
    ams: dict[tuple[object, str | None], int] = field(default_factory=dict)
    direct: dict[tuple[object, str], dict[str, UnitView]] = field(default_factory=dict)
    commanded: dict[object, set[str]] = field(default_factory=dict)    # turn -> brigades in Direct Command
    pending: Window | None = None
    seen_am: bool = False
    seen_direct: bool = False
    moved_any: bool = False

    def __call__(self, game: Game, before: GameView, view: GameView, label: str, player: str | None,
                 tracer: Tracer) -> Iterator[Finding]:
        turn = getattr(view.turn, "id", None)
        if self.pending is not None and getattr(before.turn, "id", None) != turn:
            yield from self.flush(game, tracer)
        am, dc = _words(game, "unassigned.am-declared"), _words(game, "direct-command.declared")
        texts = self.texts.get(view.step, ())
        if am is not None and any(am.search(text) for text in texts):     # one AM a step, however many lines say it
            self.seen_am = True
            yield from self.flush(game, tracer)
            self.pending = Window(view.step, player, turn)
        for text in texts:
            if dc is not None and dc.search(text):
                self.seen_direct = True
                yield from self._direct(game, view, turn, text, label, player, tracer)
        movers = list(moved(before, view))
        self.moved_any = self.moved_any or bool(movers)
        if self.pending is not None:
            for was, now in movers:
                self.pending.starts.setdefault(now.unit_id, was)
                self.pending.units[now.unit_id] = now

    def flush(self, game: Game, tracer: Tracer) -> Iterator[Finding]:
        """Count the AM just ended (per turn and player, or side when the log names no player)."""
        p, self.pending = self.pending, None
        if p is None:
            return
        units = sorted(p.units.values(), key=lambda u: u.unit_id)
        key = (p.turn, p.player or (units[0].side if units else None))
        self.ams[key] = count = self.ams.get(key, 0) + 1
        cap = parameter(game, "unassigned.am-cap")
        if not isinstance(cap, (int, float)) or count <= cap:
            return
        moves = ", ".join(f"{u.name} {tracer.hexids.format(p.starts[u.unit_id].hex)}-{tracer.hexids.format(u.hex)}"
                          for u in units if u.hex is not None and p.starts[u.unit_id].hex is not None)
        yield Finding(CHECK_ID, Severity.ERROR, f"Unassigned AM number {count} of the turn declared at step {p.step}"
                      f": the Unassigned (no leader: they activate with the Unassigned AM) have at most {cap:g} AMs"
                      + (f"; moved under it: {moves}" if moves else "; no unit moved under it"),
                      _rule(parameter_row(game, "unassigned.am-cap"), "4.25 Unassigned Units"), self.label, p.step,
                      p.player, tuple(u.name for u in units),
                      tracer.places(units[0].map if units else None,
                                    [h for u in units for h in (p.starts[u.unit_id].hex, u.hex) if h is not None]))

    def _direct(self, game: Game, view: GameView, turn: object, text: str, label: str, player: str | None,
                tracer: Tracer) -> Iterator[Finding]:
        limit = parameter(game, "direct-command.brigades")
        ids = [i.strip() for i in str(parameter(game, "direct-command.commanders") or "").split(";") if i.strip()]
        sides = {u.side for u in (game.unit(i) for i in ids) if u is not None}      # the commanders' side
        leaders = [u for u in view.units.values() if u.unit.type == "Ldr" and u.side in sides]
        commander = next(iter(named(text, [u for u in leaders if u.unit_id in ids])), None)
        brigades = named(text, [u for u in leaders if leader_level(game, u.unit_id) == "brigade"])
        key = (turn, commander.unit_id if commander else "")
        chosen = self.direct.setdefault(key, {})
        for b in brigades:
            chosen[b.unit_id] = b
            self.commanded.setdefault(turn, set()).add(own_formation(game, b.unit_id))
            if commander is not None:
                yield from self._in_range(game, view, b, commander, label, player, tracer)
        if not isinstance(limit, (int, float)) or len(chosen) <= limit or not brigades:
            return
        who = commander.name if commander else "an overall commander (the line names neither)"
        on_map = [u for u in (*chosen.values(), *([commander] if commander else [])) if u.hex is not None]
        yield Finding(CHECK_ID, Severity.ERROR, f"{who} has {len(chosen)} brigades in Direct Command this turn ("
                      + ", ".join(f"{b.name} at {tracer.hexids.format(b.hex)}" if b.hex is not None else b.name
                                  for b in chosen.values())
                      + f"): an overall commander may place at most {limit:g}",
                      _rule(parameter_row(game, "direct-command.brigades"), "4.11 Overall Commanders"), label,
                      view.step, player,
                      tuple(b.name for b in chosen.values()) + ((commander.name,) if commander else ()),
                      tracer.places(on_map[0].map if on_map else None, [u.hex for u in on_map]))
        chosen.clear()    # said once: count afresh

    def in_direct_command(self, game: Game, unit: UnitView, turn: object) -> bool:
        """4.11: "The brigades chosen are considered In Command for all purposes" that turn."""
        chosen = self.commanded.get(turn, set())
        return any(f.formation_id in chosen for f in game.command_chain(unit.unit_id, unit.formation))

    @staticmethod
    def _in_range(game: Game, view: GameView, brigadier: UnitView, commander: UnitView, label: str,
                  player: str | None, tracer: Tracer) -> Iterator[Finding]:
        """4.11: only brigades "in their Command Range" (traced from the commander with 4.15's costs)."""
        rule = _rule(parameter_row(game, "direct-command.brigades"), "4.11 Overall Commanders")
        said = f"{brigadier.name} placed in {commander.name}'s Direct Command"
        rng = range_of(game, commander.unit_id, commander.side)
        if brigadier.hex is None or commander.hex is None or rng is None or rng.range is None:
            why = "his Command Range is not in rules.xlsx" if commander.hex is not None and brigadier.hex is not None \
                else "one of them is not on the map"
            placed = commander.hex is not None and brigadier.hex is not None
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said}: whether he is in {commander.name}'s Command Range "
                          f"is not checked ({why})", rule, label, view.step, player, (brigadier.name, commander.name),
                          cells=(range_to_fill(commander, rng),) if placed else ())
            return
        t = tracer.trace(brigadier, commander, rng)
        if t.within is False:
            t = tracer.drawn(t)
            yield Finding(CHECK_ID, Severity.ERROR, f"{said} out of his Command Range: {describe(t, tracer)}", rule,
                          label, view.step, player, (brigadier.name, commander.name),
                          tracer.places(brigadier.map, [brigadier.hex, commander.hex]),
                          tracer.places(brigadier.map, t.path), measured=(measure(t, tracer),))
        elif t.within is None:
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{said}: the trace crosses hexes without terrain "
                          f"({', '.join(map(str, t.cells[:3]))})", rule, label, view.step, player,
                          (brigadier.name, commander.name), cells=t.cells)

    def finish(self, game: Game, tracer: Tracer) -> Iterator[Finding]:
        """The last AM's finding, and what no line of the log declared: not checked (once per log)."""
        yield from self.flush(game, tracer)
        if not self.moved_any:
            return
        for seen, key, words, what in ((self.seen_am, "unassigned.am-cap", "unassigned.am-declared",
                                        "the Unassigned's AMs (at most {cap})"),
                                       (self.seen_direct, "direct-command.brigades", "direct-command.declared",
                                        "the brigades in Direct Command (at most {cap} per overall commander)")):
            row = parameter_row(game, key)
            if seen or row is None:
                continue
            said = parameter(game, words)
            why = (f"no chat line says '{said}' (AM chits and Direct Command choices are not pieces on the board, "
                   "and a unit's moves do not show where one Activation ends)" if said
                   else f"no chat declaration is defined: fill {cell(game, words)}")
            cap = f"{row.value:g}" if isinstance(row.value, (int, float)) else str(row.value)
            yield Finding(CHECK_ID, Severity.NOT_CHECKED, f"{what.format(cap=cap)} not checked: {why}",
                          _rule(row, key), self.label, cells=() if said else (cell(game, words),))
