"""``adjutant inspect``: what a save or log holds, step by step, with hex names."""

from __future__ import annotations

import dataclasses
import sys

from pathlib import Path
from typing import TYPE_CHECKING

import click

from vassal.errors import FormatError
from vassal.narrate import describe_step
from vassal.replay import BoardState, Replay, replay_file

if TYPE_CHECKING:  # pragma: no cover
    from referee.view import Views


@click.command()
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--module", "module_path", type=click.Path(), help="The module (.vmod, folder or buildFile) for hex names.")
@click.option("--step", "step_n", type=int, help="Also show the whole board after step N (0 = start), and with "
                                                 "--game the game: units, statuses, turn and phase.")
@click.option("--game", "game_path", type=click.Path(file_okay=False, path_type=Path),
              help="The game's folder, sources/<game>: read the pieces as its units.")
@click.option("--units", "units_path", type=click.Path(dir_okay=False, path_type=Path),
              help="units.csv (adjutant map-units) for a module whose pieces carry no unit ids.")
@click.option("--scenario", help="The scenario the log plays (id or name); default: found from the log.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
def inspect(file: str, module_path: str | None, step_n: int | None, game_path: Path | None, units_path: Path | None,
            scenario: str | None, fmt: str) -> None:
    """Show a VASSAL save or log: metadata, players, one line per step, the board.

    Exit 0, or 2 when the file or the module cannot be read.
    """
    from .progress import ProgressBar

    try:
        with ProgressBar() as bar:
            module = _load_module(module_path) if module_path else None
            if module is not None:
                warning = module.missing_images_note()
                if warning:
                    click.echo(f"warning: {warning}", err=True)
            game = _load_game(game_path) if game_path else None
            if module is not None and game is not None:
                module = _numbered(module, game)
            replay = replay_file(file, module, lambda done, total: bar.update("replaying", done, total))
            board = replay.state_after(step_n) if step_n is not None else None
            views = _views(replay, module, game, game_path, units_path, scenario) if game is not None else None
            view = views.at(step_n) if views is not None and step_n is not None else None
            rolls = _roll_lines(replay, views) if views else {}
    except (FormatError, *_game_errors()) as e:
        click.echo(f"error: {e}", err=True)
        sys.exit(2)
    except IndexError as e:
        click.echo(f"error: {file}: {e}", err=True)
        sys.exit(2)
    if fmt == "json":
        out = to_json(replay, step_n, board)
        if view is not None:
            from referee.view.describe import view_json
            out["view"] = view_json(view)
        if rolls:
            out["tables"] = [{"step": step, "reading": line} for step, lines in sorted(rolls.items()) for line in lines]
        import json
        click.echo(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        lines = to_text(replay, step_n, board, rolls) + (_view_lines(view) if view is not None else [])
        click.echo("\n".join(lines))  # one write: a long log has thousands of lines


# The game's data, its units and tables are read only with --game: a plain inspect imports none of
# that (gamedata, jsonschema, the referee), which would cost it more than the replay itself.

def _game_errors() -> tuple[type[Exception], ...]:
    """The errors reading a game's data can raise; an ``except`` clause asks only once one is raised."""
    from gamedata import GameDataError
    from referee.view import UnitMapError
    from referee.view.scenario import ScenarioError
    return GameDataError, UnitMapError, ScenarioError


def _roll_lines(replay: Replay, views: Views) -> dict[int, list[str]]:
    from referee.rules.tables import roll_lines
    from referee.timeline import step_view
    return roll_lines([step_view(s, {}) for s in replay.steps], views.game, views)


def _view_lines(view) -> list[str]:
    from referee.view.describe import view_lines
    return view_lines(view)


def _load_game(game_path: Path):
    from gamedata import load_game
    return load_game(game_path)


def _numbered(module, game):
    """A community module's grid without numbering, named by the game's numbering."""
    from referee.community import numbered
    return numbered(module, game)


def _views(replay: Replay, module, game, game_path: Path, units_path: Path | None, scenario: str | None) -> Views:
    from referee.community import units_file
    from referee.view import Views, read_unit_map
    units_path = units_file(game_path, units_path)
    unit_map = None
    if units_path is not None:
        unit_map, problems = read_unit_map(units_path)
        for problem in problems:
            click.echo(f"warning: {problem} (row skipped)", err=True)
    return Views(replay, module, game, unit_map=unit_map, scenario=scenario)


def _load_module(path: str):
    from vassal.module import read_module
    return read_module(path)


def to_text(r: Replay, step_n: int | None, board: BoardState | None,
            rolls: dict[int, list[str]] | None = None) -> list[str]:
    """The text of ``inspect``; ``rolls`` adds, under a step, its rolls read against their tables."""
    lines = []
    mm, sm = r.module_metadata, r.save_metadata
    if mm:
        lines.append(f"module: {mm.name} {mm.version} (VASSAL {mm.vassal_version})")
    if sm:
        lines.append(f"saved with VASSAL {sm.vassal_version or '?'}" + (f": {sm.description}" if sm.description else ""))
    lines.append(f"{'log' if r.is_log else 'save'}: {len(r.steps)} steps, {r.pieces_at_start} pieces at the start")
    for p in r.players:
        lines.append(f"player: {p.name} ({p.side})")
    for s in r.steps:
        lines.append(describe_step(s))
        lines += [f"  {line}" for line in (rolls or {}).get(s.index, ())]
    for pr in r.problems:
        lines.append(f"problem at step {pr.step}: {pr.message}")
    for note in r.notes:
        lines.append(f"note at step {note.step}: {note.message}")
    if board is not None:
        lines.append(f"board after step {step_n}:")
        for p in sorted(board.pieces.values(), key=lambda p: (p.map or "", p.location, p.name)):
            lines.append(f"  {p.name} · {p.map or 'off the map'} · {p.location}" + _layers(p))
    return lines


def _layers(p) -> str:
    """Active layers with their level names, and facings, as a player reads the counter."""
    from vassal.piece import Piece
    from vassal.traits import FreeRotator, Layer

    try:
        piece = Piece.decode(p.type, p.state)
    except Exception:  # a piece we cannot decode still gets its line, without layers
        return ""
    shown = []
    for t in piece.traits:
        if isinstance(t, Layer) and t.active:
            shown.append(f"{t.name or 'layer'}: {t.level_name.strip(' +') or t.level + 1}")
        elif isinstance(t, FreeRotator) and t.n_angles > 1:
            shown.append(f"{t.name or 'facing'} {t.facing + 1}/{t.n_angles}")
    return (" · " + ", ".join(shown)) if shown else ""


def _event_json(e) -> dict:
    d = {"type": type(e).__name__}
    d.update(dataclasses.asdict(e))
    return d


def _piece_json(p) -> dict:
    return {"id": p.id, "name": p.name, "map": p.map, "x": p.x, "y": p.y, "location": p.location,
            "stack": p.stack_id}


def to_json(r: Replay, step_n: int | None, board: BoardState | None) -> dict:
    mm, sm = r.module_metadata, r.save_metadata
    out = {
        "file": r.path,
        "metadata": {
            "module_name": mm.name if mm else None,
            "module_version": mm.version if mm else None,
            "module_vassal_version": mm.vassal_version if mm else None,
            "vassal_version": sm.vassal_version if sm else None,
            "description": sm.description if sm else None,
            "date_saved": sm.date_saved if sm else None,
            "obfuscation": r.obfuscation,
        },
        "players": [{"name": p.name, "side": p.side} for p in r.players],
        "steps": [{"step": s.index, "player": s.player, "side": s.side, "undo": s.is_undo, "undoes": s.undoes,
                   "summary": describe_step(s), "events": [_event_json(e) for e in s.events]} for s in r.steps],
        "problems": [{"step": p.step, "message": p.message} for p in r.problems],
        "notes": [{"step": p.step, "message": p.message} for p in r.notes],
        "final": [_piece_json(p) for p in r.final.pieces.values()],
    }
    if board is not None:
        out["board"] = {"step": step_n, "pieces": [_piece_json(p) for p in board.pieces.values()]}
    return out
