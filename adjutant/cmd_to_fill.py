"""``adjutant to-fill GAME [LOG...]``: the empty cells that keep the checks from running, and
rows to fill for them in the player's layer.

Named for what the player does next: every "not checked" line of a report ends with "fill"
and the cells; this command gathers them, for the whole game or for the logs of one dispute.
"""
from __future__ import annotations

from pathlib import Path

import click

from gamedata import GameDataError, load_game
from gamedata.hexids import HexIds
from gamedata.layer import PLAYER_DIR
from gamedata.tofill import add_to_layer, rows_to_fill
from referee.causes import RULE_GAME, RULE_MODULE
from referee.findings import Severity
from referee.needs import Group, game_needs, log_needs
from referee.run import InputError, load_module, run_check
from vassal.errors import FormatError

from .progress import ProgressBar

SHOWN = 6
"""Cells named under a group; beyond, a count."""


@click.command("to-fill")
@click.argument("game_path", metavar="GAME", type=click.Path(path_type=Path, file_okay=False))
@click.argument("logs", nargs=-1, type=click.Path(path_type=Path))
@click.option("--previous", multiple=True, type=click.Path(path_type=Path),
              help="The log or save the first LOG continues (repeatable), or a folder of them, as for check.")
@click.option("--module", "module", type=click.Path(path_type=Path), help="The module (.vmod or unpacked folder).")
@click.option("--units", type=click.Path(path_type=Path, dir_okay=False),
              help="units.csv (adjutant map-units) for a module whose pieces carry no unit ids.")
@click.option("--scenario", help="The scenario the logs play (id or name); default: found from each log.")
@click.option("--dry-run", is_flag=True, help="List the cells only; write nothing.")
def to_fill(game_path: Path, logs: tuple[Path, ...], previous: tuple[Path, ...], module: Path | None,
            units: Path | None, scenario: str | None, dry_run: bool) -> None:
    """List the empty cells that keep checks from running, by the check each unlocks, and add
    rows to fill for them to the game's player/ workbooks.

    With LOGs: only the cells those logs' "not checked" findings need, nearest first.
    Rows already in player/ are left as they are.
    """
    try:
        game = load_game(game_path)
    except GameDataError as e:
        click.echo(f"error: {game_path}: the game's data has problems (adjutant validate {game_path}):\n{e}", err=True)
        raise SystemExit(2) from None
    if logs:
        try:
            with ProgressBar() as bar:
                loaded = load_module(module) if module is not None else None
                report = run_check(list(logs), list(previous), loaded, game_path, None, units, scenario,
                                   progress=bar.update)
        except (InputError, FormatError) as e:
            click.echo(f"error: {e}", err=True)
            raise SystemExit(2) from None
        for f in report.findings:            # logs of another game or module: their cells are not this game's
            if f.severity is Severity.ERROR and f.rule in (RULE_GAME, RULE_MODULE):
                click.echo(f"warning: {f.message}", err=True)
        groups = log_needs(report.findings)
        scope = f"{len(logs)} log{'s' if len(logs) > 1 else ''}"
    else:
        groups = game_needs(game)
        scope = game.name
    if not groups:
        click.echo(f"{scope}: no check is kept from running by an empty cell")
        return
    count = sum(len(g.cells) for g in groups)
    click.echo(f"{scope}: {count} empty cell{' keeps' if count == 1 else 's keep'} checks from running")
    for g in groups:
        _show(g)
    if dry_run:
        return
    writable = [g for g in groups if logs or not g.on_map]
    about = {c: f"{c.what}: for {g.check} ({g.reach})" for g in writable for c in g.cells}
    rows = rows_to_fill([c for g in writable for c in g.cells], about)
    for w in add_to_layer(game_path, rows, HexIds(game.maps)):
        if w.refused:
            click.echo(f"{w.file}: not written: {w.refused}")
        else:
            kept = f" ({w.present} already there, left as they are)" if w.present else ""
            click.echo(f"{w.file}: {w.added} rows to fill added{kept}")
    unwritten = [c for g in writable for c in g.cells if not c.key]
    for c in unwritten:
        click.echo(f"by hand: {c.what}, in {PLAYER_DIR}/{c.file}" if c.text == c.file else
                   f"by hand: {c.what} ({c.text})")


def _show(g: Group) -> None:
    first = g.cells[0]
    where = f"{first.file} {first.sheet}" + (f", {first.column}" if first.column else "")
    click.echo(f"{g.check}: {g.named} ({where}): {g.reach}")
    names = [c.what for c in g.cells[:SHOWN]]
    more = f" and {len(g.cells) - SHOWN} more" if len(g.cells) > SHOWN else ""
    click.echo(f"  {', '.join(names)}{more}")
