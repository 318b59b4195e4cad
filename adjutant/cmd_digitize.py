"""`adjutant digitize MAPIMAGE --game G --map M [-o DIR]`: draft a map's terrain from its scan."""
from __future__ import annotations

from pathlib import Path

import click

from .problems import stop_on_game_data


def game_folder(game: str) -> Path:
    """A game folder given by path, or by id under `sources/`."""
    path = Path(game)
    return path if path.is_dir() else Path("sources") / game


@click.command("digitize")
@click.argument("image", type=click.Path(path_type=Path))
@click.option("--game", required=True, help="game folder, or a game id under sources/")
@click.option("--map", "map_id", required=True, help="map id (game.toml [[maps]] id) the image shows")
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path), default=None,
              help="where to write the overlay picture and the doubtful cells (default: GAME/digitized)")
def digitize(image: Path, game: str, map_id: str, out_dir: Path | None) -> None:
    """Draft terrain.xlsx from a scanned map calibrated by the map's [maps.scan]: terrain per hex,
    features per hexside, each with a confidence, marked source = digitize and not reviewed.
    Writes an overlay picture of what was read and the list of doubtful cells to review.

    Exit 0 when the draft is written, 1 when the game data has errors, 2 when the image or
    the map cannot be read."""
    from builder.digitize import DigitizeError
    from builder.digitize import digitize as run
    from gamedata.load import GameDataError, load_game

    folder = game_folder(game)
    try:
        loaded = load_game(folder)
    except GameDataError as exc:
        stop_on_game_data(exc, "nothing digitized")
    try:
        written = run(loaded, folder, map_id, image, out_dir or folder / "digitized")
    except DigitizeError as exc:
        click.echo(f"error: {exc.problem}", err=True)
        raise SystemExit(2) from None
    draft = written.draft
    hexes = sum(1 for g in draft.hexes if g.codes)
    sides = sum(1 for g in draft.sides if g.features)
    doubtful = draft.doubtful()
    click.echo(f"map {map_id}: legend: {draft.legend.source}")
    click.echo(f"DRAFT: {hexes} hexes and {sides} hexsides with features read into {folder / 'terrain.xlsx'} "
               f"(source = digitize, not reviewed); {len(doubtful)} doubtful cell(s) in {written.doubtful}")
    if draft.kept_hexes or draft.kept_sides:
        click.echo(f"kept as they were: {draft.kept_hexes} hexes and {draft.kept_sides} hexsides already in the workbook")
    click.echo(f"overlay: {written.overlay}")
    click.echo("Review the draft against the map (the overlay shows what was read), then set reviewed = TRUE "
               "on each row; adjutant validate lists the rows not yet reviewed.")
