"""Bad game data, said alike by every command that stops on it."""

from __future__ import annotations

import click


def stop_on_game_data(exc: Exception, outcome: str) -> None:
    """Print a ``GameDataError`` and exit 1: one problem is one line (``error: <folder>/<file>:
    ...``, as ``check``, ``inspect`` and ``map-units`` say it); several are listed one per line
    as ``validate`` lists them, then counted with what was not done (``outcome``)."""
    problems, folder = exc.problems, exc.folder  # type: ignore[attr-defined]
    if len(problems) == 1:
        click.echo(f"error: {exc}", err=True)
    else:
        for problem in problems:
            click.echo(str(problem), err=True)
        click.echo(f"{len(problems)} problem(s) in {folder}; {outcome}", err=True)
    raise SystemExit(1)
