"""Run the referee: read every file, replay it, run the checks, build the report.

Files are checked in the order given: each log is compared with the file before
it (the ``--previous`` files first, then the logs themselves), so a game's logs
passed in playing order form one chain. A folder stands for its logs and saves
in natural name order (``turn2`` before ``turn10``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from vassal.errors import FormatError
from vassal.replay import replay_file

from .checks.module import module_of
from .context import CheckContext, LogInput
from .dice_audit import CHECK_ID as DICE
from .dice_audit import LoggedRoll, LoggedTableRoll, audit_dice, dice_findings
from .findings import Finding, Severity, sorted_findings
from .fog import LogFog, Sight, SightError, choose
from .registry import VICTORY, Check, UnknownCheck, game_checks, select
from .report import CheckReport, LogSummary, group_key
from .secrets import player_ids, redact, redact_roll
from .story import LogStory, log_story
from .timeline import step_view

if TYPE_CHECKING:  # pragma: no cover
    from gamedata import Game
    from vassal.module import Module

    from .crops import Crop
    from .rules.victory import Tally
    from .view import UnitMap, Views
    from .view.passage import Passed

# The game's data, the module, the game view and board pictures are imported where they are
# used: a check of a log alone (no --game, --module or HTML) would otherwise import more
# than it replays.

GAME_FILES = (".vlog", ".vsav", ".log", ".sav")
CROPS_PER_GROUP = 6
"""Board crops drawn for the first findings of each kind; a long log repeats a kind
hundreds of times and the page must stay light enough to mail."""
RULES = "rules"
RULES_LOST = ("command ranges, supply, die-roll tables and combat results, the scenario's set-up, reinforcements, "
              "restricted hexes, exits and victory")

#: told ``(task, done, total)`` as the run goes, for a progress bar
Progress = Callable[[str, int, int], None]


class InputError(Exception):
    """An input could not be read; the command exits with 2 and prints this."""


def _natural(path: Path) -> list[object]:
    return [int(t) if t.isdigit() else t.lower() for t in re.split(r"(\d+)", path.name)]


def expand(paths: Sequence[Path]) -> list[Path]:
    """Files as given; a folder becomes its save and log files in natural order."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            files = sorted((f for f in p.iterdir() if f.is_file() and f.suffix.lower() in GAME_FILES), key=_natural)
            if not files:
                raise InputError(f"{p}: no .vlog or .vsav files in this folder")
            out.extend(files)
        else:
            out.append(p)
    return out


def _labels(paths: Sequence[Path]) -> list[str]:
    """File names, or the paths as given where two files share a name."""
    names = [p.name for p in paths]
    return [p.name if names.count(p.name) == 1 else str(p) for p in paths]


def _dice_sides(module: Module | None, game: Game | None) -> dict[str, int]:
    """Die size per dice purpose. A button that adds to each die, or reports only the
    total of several dice, gives results that are not faces, so it is left out."""
    sides = {d.purpose: d.sides for d in game.dice} if game else {}
    if module:
        for b in module.dice_buttons:
            if b.kind == "DiceButton" and b.plus == 0 and (b.n_dice == 1 or not b.report_total):
                sides[b.name] = b.n_sides
    return sides


def _load(path: Path, label: str, sides: dict[str, int], module: Module | None,
          progress: Progress | None = None) -> LogInput:
    told = None if progress is None else (lambda done, total: progress(f"replaying {label}", done, total))
    try:
        replay = replay_file(str(path), module, told)
    except FormatError as e:
        raise InputError(str(e)) from None
    return LogInput(label, replay, tuple(step_view(s, sides) for s in replay.steps))


def _same_files(paths: Sequence[Path], labels: Sequence[str]) -> None:
    """Refuse a log given twice (by two names, or the same bytes under two names): its chain
    check would compare the log with itself and every other check would count it twice."""
    seen: dict[str, str] = {}
    for path, label in zip(paths, labels):
        try:
            digest = hashlib.sha256(path.read_bytes()).hexdigest()
        except OSError:
            continue  # the replay names an unreadable file
        if digest in seen:
            first = seen[digest]
            same = "is given twice" if first == label else f"and {first} are the same log"
            raise InputError(f"{label} {same}: give each log once, in playing order")
        seen[digest] = label


def not_checked(checks: Sequence[Check], module: Module | None, game: Game | None,
                everything: bool = True) -> list[Finding]:
    """What the run cannot check for lack of ``--module`` or ``--game``, one finding each.
    ``everything``: no check was singled out (``--check``), so the game's rules were wanted."""
    given = {"module": module is not None, "game": game is not None}
    out = []
    for check in checks:
        if everything and game is None and any(n.input == "game" and n.blocking for n in check.needs):
            continue  # a rule check: the one finding on the game's rules below says it
        for need in check.needs:
            if not given.get(need.input, False):
                verb = "not run" if need.blocking else "run in part"
                out.append(Finding(check.id, Severity.NOT_CHECKED,
                                   f"{check.id} {verb}: {need.lost}: no --{need.input} given",
                                   f"{check.id} needs --{need.input}", ""))
    rule_checks = [c for c in checks if any(n.input == "game" and n.blocking for n in c.needs)]
    if not everything:
        return out
    if game is None:
        out.append(Finding(RULES, Severity.NOT_CHECKED,
                           f"the game's rules were not checked ({RULES_LOST}): no --game given",
                           "rule checks need the game's data: --game sources/<game>", ""))
    elif not rule_checks:
        out.append(Finding(RULES, Severity.NOT_CHECKED,
                           f"the rules of {game.name} were not checked ({RULES_LOST}): "
                           f"no rule checks are written for the {game.system} system yet",
                           "rule checks are written per game system", ""))
    return out


def _board_crops(log: LogInput, findings: list[Finding], art: CropArt, counts: dict[tuple, int],
                 progress: Progress | None, fog: LogFog) -> dict[Finding, tuple[Crop, ...]]:
    """Crops for the first findings of each kind, from the board after each finding's step."""
    wanted: list[Finding] = []
    for f in sorted(findings, key=lambda f: -1 if f.step is None else f.step):
        if f.places and counts.get(group_key(f), 0) < CROPS_PER_GROUP:
            counts[group_key(f)] = counts.get(group_key(f), 0) + 1
            wanted.append(f)
    by_step: dict[int, list[Finding]] = {}
    for f in wanted:
        by_step.setdefault(f.step or 0, []).append(f)
    crops: dict[Finding, tuple[Crop, ...]] = {}
    done = 0
    for step, state in log.replay.states_after(by_step):
        for f in by_step[step]:
            crops[f] = art.crops(f, state, fog.conceals)
            done += 1
            if progress is not None:
                progress(f"drawing board crops for {log.label}", done, len(wanted))
    return crops


def _summary(log: LogInput) -> LogSummary:
    meta, save = log.replay.module_metadata, log.replay.save_metadata
    name, version = module_of(log)
    return LogSummary(
        label=log.label,
        module_name=name,
        module_version=version,
        vassal_version=(save.vassal_version if save else "") or (meta.vassal_version if meta else ""),
        steps=len(log.replay.steps),
        players=tuple(dict.fromkeys(p.name for p in log.replay.players)),
    )


def _read_game(folder: Path) -> tuple[Game, list[str] | None]:
    from gamedata import GameDataError, load_game
    try:
        return load_game(folder), game_checks(folder)
    except GameDataError as e:  # one problem (a damaged workbook) is one line naming the file
        raise InputError(str(e) if len(e.problems) == 1 else f"{folder}: game data has problems:\n{e}") from None
    except UnknownCheck as e:
        raise InputError(str(e)) from None


def load_module(path: Path) -> Module:
    """The module, or ``InputError`` naming what is wrong with it."""
    from vassal.module import read_module
    try:
        return read_module(path)
    except FormatError as e:
        raise InputError(str(e)) from None


def _unit_map(path: Path | None) -> UnitMap | None:
    if path is None:
        return None
    from .view import UnitMapError, read_unit_map
    try:
        unit_map, problems = read_unit_map(path)
    except UnitMapError as e:
        raise InputError(str(e)) from None
    if problems:
        raise InputError(f"{path}: " + "; ".join(str(p) for p in problems))
    return unit_map


def _views(log: LogInput, module: Module | None, game: Game | None, unit_map: UnitMap | None,
           scenario: str | None) -> Views | None:
    if game is None:
        return None
    from .view import Views
    from .view.scenario import ScenarioError
    try:
        return Views(log.replay, module, game, unit_map=unit_map, scenario=scenario)
    except ScenarioError as e:
        raise InputError(str(e)) from None


def _crop_art(module: Module):
    from .crops import CropArt
    return CropArt(module)


def run_check(logs: Sequence[Path], previous: Sequence[Path] = (), module: Module | None = None,
              game: Path | None = None, check_ids: Sequence[str] | None = None, units: Path | None = None,
              scenario: str | None = None, *, pictures: bool = False,
              progress: Progress | None = None, as_side: str | None = None, reveal: bool = False) -> CheckReport:
    """Check ``logs`` (each against the file before it) and return the full report.

    With a module, places are named as VASSAL names them (hexes) and die sizes are known;
    with the game's data, checks get the game view of every step (``units``: a units.csv
    for a module whose pieces carry no unit ids; ``scenario``: the scenario played).
    ``pictures`` keeps what the HTML report shows beyond the findings: each log's story
    and, with a module, board crops round the findings. Hidden and masked pieces are shown
    as ``as_side`` may see them, else as the side that recorded the first checked log
    (``fog``); ``reveal`` shows them as they are.
    """
    game_def, wanted = _read_game(game) if game is not None else (None, None)
    unit_map = _unit_map(units)
    try:
        checks = select(check_ids if check_ids is not None else wanted)
    except UnknownCheck as e:
        raise InputError(str(e)) from None
    before = expand(previous)
    checked = expand(logs)
    if not checked:
        raise InputError("no log to check")
    chain = before + checked
    labels = _labels(chain)
    _same_files(chain, labels)
    sides = _dice_sides(module, game_def)
    # one log at a time: a long game's logs are never all in memory together
    findings: list[Finding] = not_checked(checks, module, game_def, check_ids is None)
    warning = module.missing_images_note() if module is not None else None
    if warning:
        findings.append(Finding("module", Severity.NOT_CHECKED, warning, "hexes are named from the module's boards", ""))
    summaries: list[LogSummary] = []
    rolls: list[LoggedRoll] = []
    table_rolls: list[LoggedTableRoll] = []
    stories: list[LogStory] = []
    tallies: list[Tally] = []
    crops: dict[Finding, tuple[Crop, ...]] = {}
    art = _crop_art(module) if pictures and module is not None else None
    counts: dict[tuple, int] = {}
    first: LogInput | None = None
    previous: LogInput | None = None
    blocked = {c.id for c in checks for n in c.needs
               if n.blocking and not {"module": module, "game": game_def}.get(n.input)}
    tally_wanted = any(c.id == VICTORY for c in checks) and VICTORY not in blocked
    passed: Passed = {}
    if tally_wanted:
        from .rules.victory import tally_of
        from .view.passage import passage
    carriers = [c for c in checks if c.carry is not None and c.id not in blocked]
    carried: dict[str, object] = {}
    sight: Sight | None = None
    withheld: list[Finding] = []
    veiled: dict[str, int] = {}
    for index, (path, label) in enumerate(zip(chain, labels)):
        current = _load(path, label, sides, module, progress)
        first = first or current
        summaries.append(_summary(current))
        if index < len(before) and (tally_wanted or carriers):  # an earlier log: what it hands on
            earlier = _views(current, module, game_def, unit_map, scenario)
            if tally_wanted:                          # who it left in each hex
                passed = passage(earlier, passed) if earlier is not None else passed
            told = CheckContext(current, previous, first, module, game_def, earlier, passed, dict(carried))
            carried.update({c.id: c.carry(told) for c in carriers})
        if index >= len(before):
            if sight is None:
                try:
                    sight = choose(current.replay, as_side, reveal,
                                   (*(module.sides if module else ()), *(game_def.sides if game_def else ())))
                except SightError as e:
                    raise InputError(str(e)) from None
            ctx = CheckContext(current, previous, first, module, game_def,
                               _views(current, module, game_def, unit_map, scenario), passed, dict(carried))
            ids = player_ids(current.replay) | (player_ids(previous.replay) if previous else frozenset())
            found: list[Finding] = []
            for check in checks:
                if check.run is not None and check.id not in blocked:
                    found.extend(redact(check.run(ctx), ids))
            fog = LogFog(current.replay, sight, ctx.views, module)
            found, hidden = fog.findings(found)
            withheld.extend(hidden)
            for kind, n in fog.veiled().items():
                veiled[kind] = veiled.get(kind, 0) + n
            findings.extend(found)
            carried.update({c.id: c.carry(ctx) for c in carriers})
            if tally_wanted:
                tallies.extend(fog.tally(t) for t in (tally_of(ctx),) if t is not None)
                passed = passage(ctx.views, passed) if ctx.views is not None else passed
            rolls.extend(LoggedRoll(label, redact_roll(roll, ids)) for step in current.steps for roll in step.rolls)
            if game_def is not None:
                from .table_rolls import read_table_rolls
                table_rolls.extend(LoggedTableRoll(label, dataclasses.replace(tr, roll=redact_roll(tr.roll, ids)))
                                   for tr in read_table_rolls(current.steps, game_def).rolls)
            if pictures:
                stories.append(log_story(label, current.replay, current.steps, ids, fog.step))
            if art is not None:
                crops.update(_board_crops(current, found, art, counts, progress, fog))
        previous = current
    audit = audit_dice(rolls, table_rolls)
    if any(c.id == DICE for c in checks):
        findings.extend(dice_findings(audit, labels[-1] if len(checked) == 1 else "all logs"))
    return CheckReport(tuple(summaries), tuple(c.id for c in checks), tuple(sorted_findings(findings)), audit,
                       tuple(stories), crops, tuple(tallies), sight.describe() if sight else "",
                       tuple(sorted_findings(withheld)), veiled)
