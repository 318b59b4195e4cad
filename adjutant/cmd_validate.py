"""`adjutant validate PATH`: check a game's data folder, or a built module, one line per problem."""
from __future__ import annotations

from pathlib import Path

import click

from gamedata.validate import validate as validate_folder


@click.command("validate")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--vassal", "target", default="3.6", show_default=True,
              help="For a module: the oldest VASSAL version it must open in.")
@click.option("--game", "game", type=click.Path(file_okay=False, path_type=Path),
              help="For a units.csv: the game whose units it names; for a module: the game whose scenarios its "
                   "setups must hold (default: the bundled game the module is named after). A folder or a "
                   "bundled game's id.")
def validate(path: Path, target: str, game: Path | None) -> None:
    """Check sources/<game>/ against the schemas and cross-references, a module
    (.vmod, unpacked folder or buildFile) against what VASSAL itself would reject or warn about,
    or a units.csv (adjutant map-units) against the game's units (with --game).

    Exit 0 when clean, 1 when there are problems, 2 when the input cannot be read.
    """
    if path.suffix.lower() == ".csv" and path.is_file():
        _validate_unit_map(path, game)
        return
    refused = _refusal(path)
    if refused:
        click.echo(f"error: {path}: {refused}", err=True)
        raise SystemExit(2)
    if _is_module(path):
        _validate_module(path, target, game)
    else:
        _validate_game(path)


EXPECTED = ("validate takes a game folder (sources/<game>), a module (a .vmod, an unpacked module folder, "
            "or its buildFile) or a units.csv with --game")
SAVES = (".vsav", ".vlog", ".sav", ".log")
BUILDFILES = ("buildFile", "buildFile.xml")


def _refusal(path: Path) -> str | None:
    """Why ``path`` is not something validate reads, in words that say what it expected."""
    if path.is_dir():
        return None
    if not path.exists():
        return f"no such file or folder; {EXPECTED}"
    if path.suffix.lower() in SAVES:
        return (f"a saved game or log, not a module or game data; {EXPECTED}. "
                f"To read it: adjutant inspect {path}; to referee it: adjutant check {path}")
    if path.suffix.lower() == ".vmod":
        return _vmod_refusal(path)
    if path.name in BUILDFILES:
        return None
    return f"not a game folder or a module; {EXPECTED}"


def _vmod_refusal(path: Path) -> str | None:
    """A .vmod must be a zip holding a buildFile, worded as every command words it."""
    from vassal.archive import MODULE, open_zip
    from vassal.errors import FormatError
    from vassal.module import NO_BUILDFILE

    try:
        with open_zip(path, kind=MODULE) as archive:
            names = set(archive.namelist())
    except FormatError as exc:
        return exc.message
    if names.isdisjoint(BUILDFILES):
        return f"not a readable {MODULE}: {NO_BUILDFILE}"
    return None


def _is_module(path: Path) -> bool:
    if path.is_file():
        return True
    return any((path / name).is_file() for name in BUILDFILES)


def _validate_game(folder: Path) -> None:
    from builder.scans import scan_problems

    try:
        problems = validate_folder(folder)
        if not any(p.is_error for p in problems):
            problems += scan_problems(folder)   # scanned maps against their calibration, once the data is valid
    except OSError as exc:
        click.echo(f"{folder}: cannot read: {exc.strerror}", err=True)
        raise SystemExit(2) from None
    _report(problems, folder)


def _report(problems: list, where: Path) -> None:
    """One line per problem; exit 1 when there is any."""
    for problem in problems:
        click.echo(str(problem))
    errors = sum(p.is_error for p in problems)
    warnings = len(problems) - errors
    if errors:
        click.echo(f"{errors} problem(s) in {where}" + (f", {warnings} warning(s)" if warnings else ""), err=True)
        raise SystemExit(1)
    click.echo(f"{where}: no problems found" + (f", {warnings} warning(s)" if warnings else ""))


def _validate_module(path: Path, target: str, game: Path | None) -> None:
    from vassal.lint import lint

    try:
        report = lint(path, target)
    except ValueError as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from None
    for issue in report.issues:
        if issue.severity != "info":
            click.echo(str(issue))
    for setup in report.setups:
        click.echo(f"setup {setup.name}: {len(setup.pieces)} pieces")
    lacking = _setups_lacking_units(path, report.setups, game)
    for line in lacking:
        click.echo(f"error: {line}")
    errors, warnings = len(report.errors) + len(lacking), len(report.warnings)
    click.echo(f"{path}: {errors} error(s), {warnings} warning(s) for VASSAL {target}")
    if errors or warnings:
        raise SystemExit(1)


def _setups_lacking_units(path: Path, setups, game: Path | None) -> list[str]:
    """Each setup that lacks units its scenario places, when the module's game is known: given
    (--game), or the bundled game the module is named after (we name a module after its game)."""
    from builder.setup_audit import missing_units
    from gamedata import GameDataError, load_game
    from gamedata.bundled import UnknownGame, bundled, bundled_names, game_folder
    from vassal.errors import FormatError
    from vassal.module import read_module

    try:
        if game is not None:
            folder = game_folder(game)
        else:
            name = read_module(path).name
            folder = next((bundled()[gid] for gid, gname in bundled_names().items() if gname == name), None)
        return list(missing_units(setups, load_game(folder))) if folder is not None else []
    except (UnknownGame, GameDataError, FormatError) as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from None


def _validate_unit_map(path: Path, game_path: Path | None) -> None:
    from gamedata import GameDataError, load_game
    from referee.view import UnitMapError, validate_unit_map

    if game_path is None:
        click.echo(f"error: {path}: a units.csv is checked against a game: give --game sources/<game>", err=True)
        raise SystemExit(2)
    try:
        problems = validate_unit_map(path, load_game(game_path))
    except (GameDataError, UnitMapError) as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(2) from None
    _report(problems, path)
