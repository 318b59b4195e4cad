"""``adjutant counter-values MODULE --game G``: counter values read off a module's pieces,
drafted into the game's player/oob.xlsx for review."""

from __future__ import annotations

from pathlib import Path

import click

from gamedata import GameDataError, load_game
from gamedata.hexids import HexIds
from gamedata.tofill import add_to_layer
from referee.view.countervalues import DEFAULT_READING, ReadingError, draft_values, parse_reading
from referee.view.mapunits import other_game
from referee.view.unitmap import UnitMapError, read_unit_map
from vassal.errors import FormatError
from vassal.module import read_module

SHOWN = 10
"""Lines listed per kind; beyond, a count."""


@click.command("counter-values")
@click.argument("module_path", metavar="MODULE", type=click.Path(path_type=Path))
@click.option("--game", "game_path", required=True, type=click.Path(file_okay=False, path_type=Path),
              help="The game's folder, sources/<game>: its units, and its player/ folder the draft goes to.")
@click.option("--units", type=click.Path(dir_okay=False, path_type=Path),
              help="units.csv (adjutant map-units, checked by a human) telling which piece is which unit.")
@click.option("--reading", default="-".join(DEFAULT_READING), show_default=True,
              help="What the numbers of a '4-2' in a piece's name, image or label are, in order "
                   "(strength, movement, manpower, morale; x skips one).")
@click.option("--dry-run", is_flag=True, help="List what would be drafted; write nothing.")
def counter_values(module_path: Path, game_path: Path, units: Path | None, reading: str, dry_run: bool) -> None:
    """Draft counter values (strength, movement...) from the pieces of MODULE into the game's
    player/oob.xlsx, each with its source and unreviewed.

    Values come from the pieces' properties and from numbers such as 4-2 in their names,
    images, layers and labels. Units already in player/oob.xlsx are left as they are.
    """
    try:
        order = parse_reading(reading)
        module = read_module(module_path)
        game = load_game(game_path)
        unit_map = read_unit_map(units)[0] if units is not None else None
    except (ReadingError, FormatError, UnitMapError) as e:
        click.echo(f"error: {e}", err=True)
        raise SystemExit(2) from None
    except GameDataError as e:
        click.echo(f"error: {game_path}: the game's data has problems (adjutant validate {game_path}):\n{e}", err=True)
        raise SystemExit(2) from None
    draft = draft_values(module, game, unit_map, order)
    other = other_game(module.metadata.name if module.metadata else module_path.stem, game, draft.units, draft.pieces)
    if other:
        click.echo(f"warning: {other}: is it a module of another game? (--game {game_path})", err=True)
    rows = draft.layer_rows(module_path.name)
    click.echo(f"{module_path.name}: values for {len(rows)} units from {draft.pieces} pieces "
               f"(numbers read as {'-'.join(order)})")
    for title, lines in (("the pieces disagree (no value drafted)", draft.conflicts),
                         ("pieces with values but no unit (map them in units.csv)",
                          [f"{s.info.name!r} (slot {s.info.slot.gpid}): " +
                           ", ".join(f"{v.column} {v.value:g}" for v in s.values) for s in draft.unmapped]),
                         ("not read", draft.unread)):
        if lines:
            click.echo(f"{len(lines)} {title}:")
            for line in lines[:SHOWN]:
                click.echo(f"  {line}")
            if len(lines) > SHOWN:
                click.echo(f"  ... and {len(lines) - SHOWN} more")
    if dry_run or not rows:
        return
    for w in add_to_layer(game_path, {"oob.xlsx": {"Units": rows}}, HexIds(game.maps)):
        if w.refused:
            click.echo(f"{w.file}: not written: {w.refused}")
        else:
            kept = f"; {w.present} units already there, left as they are" if w.present else ""
            click.echo(f"{w.file}: {w.added} units drafted, not reviewed{kept}: check each value against the "
                       "counters, then set reviewed to TRUE")
