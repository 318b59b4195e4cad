"""``adjutant check``: log integrity, dice audit and reports for PBEM disputes.

Exit codes: 0 no errors found, 1 errors found, 2 an input could not be read.
"""

from __future__ import annotations

from pathlib import Path

import click

from referee.registry import CHECK_IDS
from referee.render_json import render_json
from referee.render_text import render_text
from referee.run import InputError, load_module, run_check
from vassal.archive import write_atomically
from vassal.errors import FormatError

from .progress import ProgressBar


@click.command("check")
@click.argument("logs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--previous", "previous", multiple=True, type=click.Path(path_type=Path),
              help="The log or save the first LOG continues (repeatable, in playing order), or a folder of them.")
@click.option("--module", "module", type=click.Path(path_type=Path), help="The module (.vmod or unpacked folder).")
@click.option("--game", "game", type=click.Path(path_type=Path, file_okay=False),
              help="The game: its folder (sources/<game>) or a bundled game's id: sides, dice, rules and which "
                   "checks apply.")
@click.option("--units", "units", type=click.Path(path_type=Path, dir_okay=False),
              help="units.csv (adjutant map-units) for a module whose pieces carry no unit ids.")
@click.option("--scenario", help="The scenario the logs play (id or name); default: found from each log.")
@click.option("--check", "checks", multiple=True, type=click.Choice(CHECK_IDS),
              help="Run only this check (repeatable); default: all, or the game's list.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "html"]), default="text", show_default=True)
@click.option("--all", "all_logs", is_flag=True,
              help="List the findings of the --previous logs too (else only counted, per log).")
@click.option("-o", "--output", type=click.Path(path_type=Path, dir_okay=False), help="Write the report here.")
@click.option("--as", "as_side", metavar="SIDE",
              help="Show hidden and masked pieces as this side may see them (default: the side of the player "
                   "who recorded the first LOG).")
@click.option("--reveal", is_flag=True,
              help="Show hidden and masked pieces as they are (a neutral referee, or after the game).")
def check(logs: tuple[Path, ...], previous: tuple[Path, ...], module: Path | None, game: Path | None,
          units: Path | None, scenario: str | None, checks: tuple[str, ...], all_logs: bool, fmt: str,
          output: Path | None, as_side: str | None, reveal: bool) -> None:
    """Check VASSAL logs: undos and re-rolls, the chain of logs, the module, continuity, dice.

    Several LOGs are checked in the order given, each against the one before; the --previous
    logs are checked too, their findings counted per log (--all lists them).
    Exit 0: no errors; 1: errors found; 2: an input could not be read.
    """
    if as_side is not None and reveal:
        raise click.UsageError("--as and --reveal exclude each other: one side's view, or the whole truth")
    try:
        with ProgressBar() as bar:
            loaded = load_module(module) if module is not None else None
            warning = loaded.missing_images_note() if loaded is not None else None
            if warning:
                bar.close()
                click.echo(f"warning: {warning}", err=True)
            report = run_check(list(logs), list(previous), loaded, _game_folder(game) if game else None,
                               list(checks) or None, units, scenario, pictures=fmt == "html", all_logs=all_logs,
                               progress=bar.update, as_side=as_side, reveal=reveal)
            if fmt == "json":
                text = render_json(report)
            elif fmt == "html":
                from referee.render_html import render_html  # pictures: only for an HTML report
                text = render_html(report)
            else:
                text = render_text(report)
    except (InputError, FormatError) as e:
        click.echo(f"error: {e}", err=True)
        raise SystemExit(2) from None
    if output is not None:
        try:
            write_atomically(output, text.encode("utf-8"))
        except OSError as e:
            click.echo(f"error: {output}: cannot write ({e.strerror})", err=True)
            raise SystemExit(2) from None
        click.echo(f"{output}: {report.summary()}")
    else:
        click.echo(text, nl=False)
    raise SystemExit(1 if report.failed else 0)


def _game_folder(given: Path) -> Path:
    """A game folder, or a bundled game's id (the game's data is imported only when --game is given)."""
    from gamedata.bundled import UnknownGame, game_folder
    try:
        return game_folder(given)
    except UnknownGame as e:
        raise InputError(str(e)) from None
