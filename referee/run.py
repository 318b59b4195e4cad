"""Run the referee: read every file, replay it, run the checks, build the report.

Files are checked in the order given: each log is compared with the file before
it (the ``--previous`` files first, then the logs themselves), so a game's logs
passed in playing order form one chain (`referee.inputs`). Every check runs on every
log of the chain, the ``--previous`` ones too, and hands what it carries to the next
log (`Check.carry`), so a roll at the end of one log is judged by what the next log
does; the findings of the ``--previous`` logs are counted per log and listed only
when asked (``all_logs``, ``check --all``). A wrong input (a log of another game in
the chain, another module, another game) is found first and reported once, with
the findings that follow from it counted, not listed (`referee.causes`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from vassal.errors import FormatError
from vassal.replay import replay_file
from vassal.savefile import read_module_metadata

from .causes import Causes, game_cause, game_mismatch, majority, module_cause, other_game_cause
from .checks.chain import chain_differences, discontinuity
from .checks.module import module_of
from .context import CheckContext, LogInput
from .dice import Die
from .dice_audit import CHECK_ID as DICE
from .dice_audit import LoggedRoll, LoggedTableRoll, audit_dice, dice_findings
from .findings import Finding, Severity, sorted_findings
from .fog import LogFog, Sight, SightError, choose
from .inputs import InputError, chain_files, expand, labels_of
from .registry import READ_WITHOUT_UNITS, VICTORY, Check, UnknownCheck, game_checks, needing, select
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

CROPS_PER_GROUP = 6
"""Board crops drawn for the first findings of each kind; a long log repeats a kind
hundreds of times and the page must stay light enough to mail."""
RULES = "rules"
RULES_LOST = ("command ranges, supply, die-roll tables and combat results, the scenario's set-up, reinforcements, "
              "restricted hexes, exits and victory")

#: told ``(task, done, total)`` as the run goes, for a progress bar
Progress = Callable[[str, int, int], None]

__all__ = ["InputError", "expand", "run_check", "load_module", "not_checked"]


def _dice_sides(module: Module | None, game: Game | None) -> dict[str, Die | int]:
    """The dice of each dice purpose: the game's `[[dice]]` by purpose, and every dice button of
    the module by name, with the faces it shows (a d10 read 0-9 adds -1 to each die) or, for a
    button that reports only the total of several dice, as totals."""
    sides: dict[str, Die | int] = {}
    for d in game.dice if game else ():
        low = int(d.faces.split("-")[0]) if d.faces[:1].isdigit() else 1
        sides[d.purpose] = Die(d.dice, d.sides, low)
    if module:
        for b in module.dice_buttons:
            if b.kind == "DiceButton" and b.n_sides > 1 and b.n_dice >= 1:
                total = b.report_total and (b.n_dice > 1 or b.add_to_total != 0)
                sides[b.name] = Die(b.n_dice, b.n_sides, 1 + b.plus, total)
    return sides


def _load(path: Path, label: str, sides: dict[str, Die | int], module: Module | None,
          progress: Progress | None = None) -> LogInput:
    told = None if progress is None else (lambda done, total: progress(f"replaying {label}", done, total))
    try:
        replay = replay_file(str(path), module, told)
    except FormatError as e:
        raise InputError(str(e)) from None
    return LogInput(label, replay, tuple(step_view(s, sides) for s in replay.steps))




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


def _module_names(paths: Sequence[Path], labels: Sequence[str]) -> list[tuple[str, str]]:
    """(name, version) of the module each file was written with, read before any replay."""
    names = []
    for path, label in zip(paths, labels):
        try:
            meta = read_module_metadata(path)
        except FormatError as e:
            raise InputError(str(e)) from None
        names.append((meta.name, meta.version) if meta is not None else ("", ""))
    return names


class _Chain:
    """What the run knows of the chain before replaying it: each file's module, the logs of
    another game in it (left out), and the causes found so far."""

    def __init__(self, labels: Sequence[str], modules: Sequence[tuple[str, str]], previous: int,
                 module: Module | None, checks: Sequence[Check]) -> None:
        self.labels, self.modules = list(labels), list(modules)
        self.causes = Causes()
        names = [n for n, _ in modules]
        ours = majority(names[previous:], prefer=names[previous:]) or majority(names, prefer=names)
        self.left_out = {i for i, n in enumerate(names) if n and ours and n != ours}
        for other in dict.fromkeys(names[i] for i in sorted(self.left_out)):
            which = [labels[i] for i in sorted(self.left_out) if names[i] == other]
            version = next(v for (n, v) in modules if n == other)
            ours_version = next(v for (n, v) in modules if n == ours)
            self.causes.add(other_game_cause(which, (other, version), (ours, ours_version),
                                             frozenset(labels[:previous])))
        if module is not None and ours and module.name and ours != module.name:
            which = [labels[i] for i, n in enumerate(names) if n == ours]
            explained = frozenset({"module", "replay"}) | needing(checks, "module") | needing(checks, "game")
            self.causes.add(module_cause(which, (ours, next(v for (n, v) in modules if n == ours)), module,
                                         explained))
        kept = [i for i in range(len(labels)) if i not in self.left_out]
        self.last = kept[-1] if kept else -1


def _game_cause(chain: _Chain, game: Game, folder: Path, module: Module | None, views: Views | None,
                label: str, unit_map: bool, checks: Sequence[Check]) -> None:
    """A --game that is not the game of the module or of the logs: told once, at the chain's first log."""
    from gamedata.bundled import bundled_names
    ours = next((n for i, (n, _) in enumerate(chain.modules) if n and i not in chain.left_out), "")
    found = game_mismatch(game, bundled_names(), module, ours, views.at(0) if views is not None else None, unit_map)
    if found is not None:
        kept = [lb for i, lb in enumerate(chain.labels) if i not in chain.left_out]
        explained = needing(checks, "game") - (READ_WITHOUT_UNITS if found.units_only else frozenset())
        if explained:                                 # else no check of this run reads what is wrong
            chain.causes.add(game_cause(game, folder.name, found, kept or [label], explained))


def _once(findings: Sequence[Finding]) -> list[Finding]:
    """A log-wide finding (no step) that several logs repeat word for word ("Hood Strikes North has
    no supply rules") listed once, saying in how many more logs."""
    seen: dict[tuple, list[Finding]] = {}
    out: list[Finding | tuple] = []
    for f in findings:
        if f.step is not None or not f.log or f.locations or f.path:
            out.append(f)
            continue
        key = (f.check, f.severity, f.rule, f.message)
        if key not in seen:
            seen[key] = []
            out.append(key)
        seen[key].append(f)
    merged = []
    for item in out:
        if isinstance(item, Finding):
            merged.append(item)
            continue
        first, *more = seen[item]
        logs = len({f.log for f in more} - {first.log})
        merged.append(dataclasses.replace(first, message=f"{first.message} (the same in {logs} more log"
                                                         f"{'s' if logs != 1 else ''})") if logs else first)
    return merged


def _sight(log: LogInput, as_side: str | None, reveal: bool, module: Module | None, game: Game | None) -> Sight:
    """The report's sight (``fog.choose``), from the first checked ``log``."""
    try:
        return choose(log.replay, as_side, reveal, (*(module.sides if module else ()), *(game.sides if game else ())))
    except SightError as e:
        raise InputError(str(e)) from None


def _counts(findings: Sequence[Finding]) -> tuple[tuple[str, int], ...]:
    return tuple((s.value, n) for s in sorted(Severity, key=lambda s: s.rank)
                 if (n := sum(1 for f in findings if f.severity is s)))


def run_check(logs: Sequence[Path], previous: Sequence[Path] = (), module: Module | None = None,
              game: Path | None = None, check_ids: Sequence[str] | None = None, units: Path | None = None,
              scenario: str | None = None, *, pictures: bool = False, all_logs: bool = False,
              progress: Progress | None = None, as_side: str | None = None, reveal: bool = False) -> CheckReport:
    """Check ``logs`` (each against the file before it) and return the full report.

    With a module, places are named as VASSAL names them (hexes) and die sizes are known;
    with the game's data, checks get the game view of every step (``units``: a units.csv
    for a module whose pieces carry no unit ids; ``scenario``: the scenario played, else the
    one the chain's first log plays). ``pictures`` keeps what the HTML report shows beyond the
    findings: each log's story and, with a module, board crops round the findings.
    ``all_logs``: list the findings of the ``previous`` logs too (else only counted per log).
    Hidden and masked pieces are shown as ``as_side`` may see them, else as the side that
    recorded the first checked log (``fog``); ``reveal`` shows them as they are.
    """
    game_def, wanted = _read_game(game) if game is not None else (None, None)
    if module is not None and game_def is not None:
        from .community import numbered
        module = numbered(module, game_def)         # a community module's grid without numbering
    from .community import units_file
    unit_map = _unit_map(units_file(game, units))
    try:
        checks = select(check_ids if check_ids is not None else wanted)
    except UnknownCheck as e:
        raise InputError(str(e)) from None
    files = chain_files(previous, logs)
    paths = files.chain
    labels = labels_of(paths)
    n_previous = len(files.previous)
    chain = _Chain(labels, _module_names(paths, labels), n_previous, module, checks)
    sides = _dice_sides(module, game_def)
    # one log at a time: a long game's logs are never all in memory together
    findings: list[Finding] = not_checked(checks, module, game_def, check_ids is None)
    if files.note:
        findings.append(Finding("chain", Severity.INFO, files.note, "a --previous folder holds the logs before the "
                                "log checked", labels[n_previous]))
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
    before: LogInput | None = None
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
    played = scenario
    skipped: LogInput | None = None                   # a log of another game just before this one
    for index, (path, label) in enumerate(zip(paths, labels)):
        current = _load(path, label, sides, module, progress)
        listed = index >= n_previous or all_logs
        role = "previous" if index < n_previous else "checked"
        if index in chain.left_out:
            summaries.append(dataclasses.replace(_summary(current), role="left out"))
            skipped = current
            continue
        if skipped is not None:                       # what comparing with it would have reported
            chain.causes.follow(skipped.label, len(chain_differences(skipped, current)))
            skipped = None
        views = _views(current, module, game_def, unit_map, played)
        if first is None:
            first = current
            if game_def is not None and game is not None:
                _game_cause(chain, game_def, game, module, views, label, unit_map is not None, checks)
            if views is not None and played is None and views.scenario.scenario_id is not None:
                played = views.scenario.scenario_id   # the chain plays the scenario its first log plays
        if before is not None and (cause := discontinuity(before, current)) is not None:
            chain.causes.add(cause)
            carried = {}                              # nothing of another position carries over
        ctx = CheckContext(current, before, first, module, game_def, views, passed, dict(carried),
                           opening=index == 0, closing=index == chain.last)
        ids = player_ids(current.replay) | (player_ids(before.replay) if before else frozenset())
        found: list[Finding] = []
        for check in checks:
            if check.run is not None and check.id not in blocked:
                found.extend(redact(check.run(ctx), ids))
        found = chain.causes.sift(found)
        carried.update({c.id: c.carry(ctx) for c in carriers})
        tally = tally_of(ctx) if tally_wanted and views is not None and listed else None
        if tally_wanted and views is not None:
            passed = passage(views, passed)           # who it left in each hex, for the logs after it
        if listed:
            if sight is None:
                sight = _sight(current if index == n_previous else _load(paths[n_previous], labels[n_previous],
                                                                          sides, module), as_side, reveal,
                               module, game_def)
            fog = LogFog(current.replay, sight, views, module)
            found, hidden = fog.findings(found)
            withheld.extend(hidden)
            for kind, n in fog.veiled().items():
                veiled[kind] = veiled.get(kind, 0) + n
            findings.extend(found)
            if tally is not None:
                tallies.append(fog.tally(tally))
            summaries.append(dataclasses.replace(_summary(current), role=role))
            rolls.extend(LoggedRoll(label, redact_roll(roll, ids)) for step in current.steps for roll in step.rolls)
            if game_def is not None and not chain.causes.explained(label, "tables"):
                from .table_rolls import read_table_rolls
                table_rolls.extend(LoggedTableRoll(label, dataclasses.replace(tr, roll=redact_roll(tr.roll, ids)))
                                   for tr in read_table_rolls(current.steps, game_def).rolls)
            if pictures:
                stories.append(log_story(label, current.replay, current.steps, ids, fog.step))
            if art is not None:
                crops.update(_board_crops(current, found, art, counts, progress, fog))
        else:
            summaries.append(dataclasses.replace(_summary(current), role=role, unlisted=_counts(found)))
        before = current
    findings.extend(chain.causes.findings())
    audit = audit_dice(rolls, table_rolls)
    if any(c.id == DICE for c in checks):
        checked = [s.label for s in summaries if s.role == "checked"]
        findings.extend(dice_findings(audit, checked[-1] if len(checked) == 1 and not all_logs else "all logs"))
    return CheckReport(tuple(summaries), tuple(c.id for c in checks), tuple(sorted_findings(_once(findings))), audit,
                       tuple(stories), crops, tuple(tallies), sight.describe() if sight else "",
                       tuple(sorted_findings(withheld)), veiled)
