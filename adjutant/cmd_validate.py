"""`adjutant validate PATH`: check a game's data folder, or a built module, one line per problem."""
from __future__ import annotations

import zipfile
from pathlib import Path

import click

from gamedata.validate import validate as validate_folder


@click.command("validate")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--vassal", "target", default="3.6", show_default=True,
              help="For a module: the oldest VASSAL version it must open in.")
def validate(path: Path, target: str) -> None:
    """Check sources/<game>/ against the schemas and cross-references, or a module
    (.vmod, unpacked folder or buildFile) against what VASSAL itself would reject or warn about.

    Exit 0 when clean, 1 when there are problems, 2 when the input cannot be read.
    """
    refused = _refusal(path)
    if refused:
        click.echo(f"error: {path}: {refused}", err=True)
        raise SystemExit(2)
    if _is_module(path):
        _validate_module(path, target)
    else:
        _validate_game(path)


EXPECTED = ("validate takes a game folder (sources/<game>) or a module (a .vmod, an unpacked module folder, "
            "or its buildFile)")
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
    """A .vmod must be a zip holding a buildFile; a cut-short one may still look like a zip
    (the saves stored inside it are zips too), so the entries are looked at."""
    damaged = "(damaged, cut short in the mail, or not a module)"
    try:
        with zipfile.ZipFile(path) as archive:
            names = set(archive.namelist())
    except (zipfile.BadZipFile, OSError, ValueError):
        return f"not a readable module: a .vmod is a zip archive and this file is not one {damaged}"
    if names.isdisjoint(BUILDFILES):
        return f"not a readable module: the zip archive holds no buildFile {damaged}"
    return None


def _is_module(path: Path) -> bool:
    if path.is_file():
        return True
    return any((path / name).is_file() for name in BUILDFILES)


def _validate_game(folder: Path) -> None:
    from builder.scans import scan_problems

    try:
        problems = validate_folder(folder)
        if not problems:
            problems = scan_problems(folder)    # scanned maps against their calibration, once the data is valid
    except OSError as exc:
        click.echo(f"{folder}: cannot read: {exc.strerror}", err=True)
        raise SystemExit(2) from None
    for problem in problems:
        click.echo(str(problem))
    if problems:
        click.echo(f"{len(problems)} problem(s) in {folder}", err=True)
        raise SystemExit(1)
    click.echo(f"{folder}: no problems found")


def _validate_module(path: Path, target: str) -> None:
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
    errors, warnings = len(report.errors), len(report.warnings)
    click.echo(f"{path}: {errors} error(s), {warnings} warning(s) for VASSAL {target}")
    if errors or warnings:
        raise SystemExit(1)
