"""`adjutant digitize --module M.vmod [--board B] --game G` or `adjutant digitize SCAN --game G --map M`:
draft a map's terrain from a module's board or a calibrated scan."""
from __future__ import annotations

from pathlib import Path

import click

from .problems import stop_on_game_data

MISSING_LISTED = 6
"""The hexes a picture does not show are named up to this many."""


def game_folder(game: str) -> Path:
    """A game folder given by path, or by id under `sources/`."""
    path = Path(game)
    return path if path.is_dir() else Path("sources") / game


@click.command("digitize")
@click.argument("image", type=click.Path(path_type=Path), required=False)
@click.option("--game", required=True, help="game folder, or a game id under sources/")
@click.option("--module", "module", type=click.Path(path_type=Path), default=None,
              help="a VASSAL module (.vmod) whose board shows the map: read with the module's own grid")
@click.option("--board", default=None, help="with --module: the board to read (default: the boards named as the game's maps)")
@click.option("--map", "map_id", default=None, help="map id (game.toml [[maps]] id) the scan or the board shows")
@click.option("-o", "--output", "out_dir", type=click.Path(path_type=Path), default=None,
              help="where to write the overlay picture and the doubtful cells (default: GAME/digitized)")
def digitize(image: Path | None, game: str, module: Path | None, board: str | None, map_id: str | None,
             out_dir: Path | None) -> None:
    """Draft the map's terrain into the player's layer (player/terrain.xlsx) from a picture of
    it, with an overlay of what was read and the doubtful cells to review.

    Terrain per hex, features per hexside (written from the hex a one-sided feature's marks
    lie in), each with a confidence, marked source = digitize and not reviewed. Hexes and
    hexsides are read by likeness to the samples named in terrain.xlsx sheet Samples (one to
    three per terrain and feature, and plain hexsides as none); without samples, by the colours
    of the Legend sheet or of adjutant's own drawing. Writes an overlay picture of what was read
    and the doubtful cells, least sure first.

    Exit 0 when the draft is written, 1 when the game data has errors, 2 when the picture, the
    module or the samples cannot be used."""
    from builder.digitize import DigitizeError
    from builder.digitize import digitize as run
    from builder.map_image import from_module, from_scan
    from gamedata.load import GameDataError, load_game
    from gamedata.model import Problem

    from .progress import ProgressBar

    def fail(problem: Problem) -> None:
        click.echo(f"error: {problem}", err=True)
        raise SystemExit(2)

    if (image is None) == (module is None):
        raise click.UsageError("give either a scan (IMAGE, with --map) or --module")
    if board is not None and module is None:
        raise click.UsageError("--board goes with --module")
    folder = game_folder(game)
    try:
        loaded = load_game(folder)
    except GameDataError as exc:
        stop_on_game_data(exc, "nothing digitized")
    try:
        if module is not None:
            picture = from_module(loaded, module, board, map_id)
        else:
            maps = {m.id: m for m in loaded.maps}
            if map_id is None and len(maps) == 1:
                map_id = next(iter(maps))
            if map_id not in maps:
                fail(Problem("game.toml", "", 0, "maps", f"no map '{map_id}' (maps: {', '.join(maps)})"
                             if map_id else f"which map does the scan show? give --map ({', '.join(maps)})"))
            picture = from_scan(loaded, maps[map_id], image)  # type: ignore[arg-type,index]
        with ProgressBar() as bar:
            written = run(loaded, folder, picture, out_dir or folder / "digitized",
                          lambda done, total: bar.update("digitize", done, total))
    except DigitizeError as exc:
        fail(exc.problem)
    for m_id, hexes in picture.missing.items():
        listed = ", ".join(hexes[:MISSING_LISTED]) + (", ..." if len(hexes) > MISSING_LISTED else "")
        click.echo(f"map {m_id}: {len(hexes)} hex(es) of the map lie outside {picture.source}: not read ({listed})")
    for draft in written.drafts:
        hexes = sum(1 for g in draft.hexes if g.codes)
        sides = sum(1 for g in draft.sides if g.features)
        click.echo(f"map {draft.map.id}: read with {draft.legend}")
        click.echo(f"DRAFT: {hexes} hexes and {sides} hexsides with features read into {written.workbook} "
                   f"(source = digitize, not reviewed); {len(draft.doubtful())} doubtful")
        if draft.kept_hexes or draft.kept_sides:
            click.echo(f"kept as they were: {draft.kept_hexes} hexes and {draft.kept_sides} hexsides already in the workbook")
    click.echo(f"doubtful cells, least sure first: {written.doubtful}")
    click.echo(f"overlay: {written.overlay}")
    click.echo("Review the draft against the map (the overlay shows what was read), then set reviewed = TRUE "
               "on each row; adjutant validate lists the rows not yet reviewed.")
