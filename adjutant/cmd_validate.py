"""`adjutant validate FOLDER`: check a game's data folder, one line per problem."""
from __future__ import annotations

from pathlib import Path

import click

from gamedata.validate import validate as validate_folder


@click.command("validate")
@click.argument("folder", type=click.Path(path_type=Path))
def validate(folder: Path) -> None:
    """Check sources/<game>/ against the schemas and cross-references.

    Exit 0 when clean, 1 when there are problems, 2 when the folder cannot be read.
    """
    if not folder.is_dir():
        click.echo(f"{folder}: not a readable folder", err=True)
        raise SystemExit(2)
    try:
        problems = validate_folder(folder)
    except OSError as exc:
        click.echo(f"{folder}: cannot read: {exc.strerror}", err=True)
        raise SystemExit(2) from None
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) in {folder}", err=True)
        raise SystemExit(1)
    click.echo(f"{folder}: no problems found")
