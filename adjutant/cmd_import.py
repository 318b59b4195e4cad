"""`adjutant import-tables RULEBOOK --game GAME [-o FOLDER]`: rulebook tables -> workbooks."""
from __future__ import annotations

from pathlib import Path

import click

from gamedata.import_kit.run import ImportFailed, run_import
from gamedata.importers import IMPORTERS, UnknownGame
from gamedata.import_kit.keep import SHOWN
from gamedata.layer import PLAYER_DIR
from gamedata.validate import validate


@click.command("import-tables")
@click.argument("rulebook", type=click.Path(path_type=Path))
@click.option("--game", required=True, help=f"game id: {', '.join(sorted(IMPORTERS))}")
@click.option("-o", "--output", "folder", type=click.Path(path_type=Path), default=None,
              help="game folder holding game.toml and overrides.csv (default: sources/<game>)")
def import_tables(rulebook: Path, game: str, folder: Path | None) -> None:
    """Import a rulebook's setup, reinforcement and die-roll tables into the game's workbooks."""
    folder = folder or Path("sources") / game
    try:
        result = run_import(rulebook, game, folder)
    except (ImportFailed, UnknownGame) as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from None
    report = result.report
    click.echo(f"{len(result.written)} workbooks written to {folder}; "
               f"{len(report.notes)} normalizations, {len(report.rejections)} rejections "
               f"(see {folder / 'import-report.md'})")
    typed = result.outputs.typed
    for path in result.outputs.moved:
        click.echo(f"moved {typed.cells(path.name)} values you typed into {path.name} to {PLAYER_DIR}/{path.name} "
                   f"({typed.summary(path.name)}): the player's layer, which import-tables never writes")
    for replaced in typed.replaced[:SHOWN]:
        click.echo(f"{replaced} (to keep yours, give it in {PLAYER_DIR}/{replaced.file})")
    if len(typed.replaced) > SHOWN:
        click.echo(f"... and {len(typed.replaced) - SHOWN} more cells replaced by the rulebook's values")
    kept = result.kept
    if kept.books:
        click.echo(f"kept the player's layer as it was: {', '.join(kept.files)} ({kept.values()} values)")
    problems = validate(folder)
    for problem in problems:
        click.echo(str(problem))
    if any(p.is_error for p in problems):
        raise SystemExit(1)
