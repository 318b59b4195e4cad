"""``adjutant map-units``: draft units.csv (piece -> unit) for a module whose pieces carry no unit ids."""

from __future__ import annotations

from pathlib import Path

import click

from gamedata import GameDataError, load_game
from referee.view.mapunits import draft_unit_map
from referee.view.unitmap import write_unit_map
from vassal.errors import FormatError
from vassal.module import read_module


@click.command("map-units")
@click.argument("module_path", metavar="MODULE", type=click.Path(path_type=Path))
@click.option("--game", "game_path", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="The game's folder, sources/<game>: the units to map the pieces to.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=Path("units.csv"),
              show_default=True, help="Where to write the draft.")
@click.option("--force", is_flag=True, help="Replace an existing output file (it may hold a human's corrections).")
def map_units(module_path: Path, game_path: Path, output: Path, force: bool) -> None:
    """Draft units.csv: each piece of MODULE matched by name to a unit of the game.

    Ambiguous and unmatched pieces are listed for a human to settle in the file;
    `adjutant validate units.csv --game G` then checks it.
    """
    if output.exists() and not force:
        click.echo(f"error: {output} exists (it may hold corrections); use --force to replace it", err=True)
        raise SystemExit(2)
    try:
        module = read_module(module_path)
        game = load_game(game_path)
    except (FormatError, GameDataError) as e:
        click.echo(f"error: {e}", err=True)
        raise SystemExit(2) from None
    draft = draft_unit_map(module, game)
    try:
        write_unit_map(output, draft.rows)
    except OSError as e:
        click.echo(f"error: {output}: cannot write ({e.strerror})", err=True)
        raise SystemExit(2) from None
    rows = draft.rows
    total = len(rows)
    other = draft.other_game(module.metadata.name if module.metadata else module_path.stem, game)
    if other:
        click.echo(f"warning: {other}: is it a module of another game? (--game {game_path})", err=True)
    click.echo(f"{output}: {draft.mapped} of {total} pieces mapped ({draft.mapped / total:.0%})" if total else
               f"{output}: the module has no pieces")
    click.echo(f"  by name as written {draft.count('exact')}, by designation {draft.count('normalised')}, "
               f"settled by side {draft.count('side')}, by formation {draft.count('formation')}")
    if draft.refused:
        click.echo(f"{len(draft.refused)} named like a unit but not one (not matched):")
        for r, why in draft.refused:
            click.echo(f"  {r.piece!r} (slot {r.slot}, {r.palette}): {why}")
    refused = {r.slot for r, _ in draft.refused}
    for kind, title in (("ambiguous", "ambiguous (choose the unit_id)"), ("none", "not matched (no unit, or write it)")):
        listed = [r for r in rows if r.match == kind and r.slot not in refused]
        if listed:
            click.echo(f"{len(listed)} {title}:")
            for r in listed:
                extra = f" -> one of {r.candidates.replace(';', ', ')}" if r.candidates else ""
                click.echo(f"  {r.piece!r} (slot {r.slot}, {r.palette}){extra}")
