"""``adjutant combat-template``: the combat chart template of a game's system, to fill in."""
from __future__ import annotations

import sys
from pathlib import Path

import click


@click.command("combat-template")
@click.argument("game", type=click.Path(file_okay=False, path_type=Path))
@click.option("-o", "--out", type=click.Path(dir_okay=False, path_type=Path),
              help="Where to write it (default: GAME/player/combat.xlsx, the player's layer).")
def combat_template(game: Path, out: Path | None) -> None:
    """Write the combat chart template of GAME's system: its charts' names, how a column is found,
    the dice, result codes and modifiers as far as the rulebooks state them; the columns and cells
    are yours to enter from your charts. Never overwrites a file.

    Exit 0, or 2 when the game cannot be read, its system has no template or the file exists.
    """
    from gamedata.combat_templates import systems, template_sheets
    from gamedata.load import GameDataError, read_game_toml
    from gamedata.workbook import write_workbook

    try:
        system = read_game_toml(game)["system"]
    except (GameDataError, KeyError) as exc:
        click.echo(f"error: {game}: {exc}", err=True)
        sys.exit(2)
    if system not in systems():
        click.echo(f"error: no combat chart template for the {system} system (templates: {', '.join(systems())})",
                   err=True)
        sys.exit(2)
    target = out or game / "player" / "combat.xlsx"
    if target.exists():
        click.echo(f"error: {target} exists: the template never overwrites a chart", err=True)
        sys.exit(2)
    target.parent.mkdir(parents=True, exist_ok=True)
    sheets = template_sheets(system)
    write_workbook(target, sheets)
    tables = next(s for s in sheets if s.name == "Combat Tables").rows
    click.echo(f"{target}: the {system} template, {len(tables)} table(s) "
               f"({', '.join(str(t['name']) for t in tables)}): enter each table's columns (Combat Columns), cells "
               "(Combat Results) and what each code does (Combat Codes) from your charts, then adjutant validate")
