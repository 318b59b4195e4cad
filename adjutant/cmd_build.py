"""`adjutant build sources/<game> [-o build/]`: write `build/<game>.vmod`."""
from __future__ import annotations

from pathlib import Path

import click

from .problems import stop_on_game_data

from .progress import ProgressBar


@click.command("build")
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path), default=Path("build"),
              show_default=True, help="Folder for the .vmod (and its image cache in cache/).")
def build(folder: Path, out_dir: Path) -> None:
    """Build a playable VASSAL module from a game's data folder.

    Exit 1 on bad game data (each problem printed as file:sheet:row:column: message);
    nothing is written then. Data too thin for play (no map extent, no counters, an
    empty setup) still build, with a warning per gap on stderr.
    """
    from builder.module import build_module
    from builder.scenarios import BuildError
    from gamedata.load import GameDataError

    if not folder.is_dir():
        click.echo(f"{folder}: not a readable folder", err=True)
        raise SystemExit(1)
    try:
        with ProgressBar() as bar:
            summary = build_module(folder, out_dir, progress=bar.iterate)
    except GameDataError as exc:
        stop_on_game_data(exc, "no module written")
    except (BuildError, ValueError) as exc:
        click.echo(f"{exc}\nno module written", err=True)
        raise SystemExit(1) from None
    except OSError as exc:
        click.echo(f"{exc.filename or out_dir}: cannot write: {exc.strerror}", err=True)
        raise SystemExit(1) from None
    for gap in summary.gaps:
        click.echo(f"warning: {gap}", err=True)
    verdict = (f"; NOT PLAYABLE as it stands: {len(summary.gaps)} warning(s) above say what the data lack"
               if summary.gaps else "")
    if summary.up_to_date:
        click.echo(f"{summary.path}: up to date ({summary.seconds:.2f} s){verdict}")
        return
    cached = summary.images - summary.images_drawn
    click.echo(f"{summary.path}: {summary.pieces} pieces, {summary.images} images ({summary.images_drawn} drawn, "
               f"{cached} from cache), {summary.setups} scenario setups, {summary.seconds:.1f} s{verdict}")
