"""Predefined setups: the scenario saves stored inside the module (§2.7, §5.10).

VASSAL loads the entry a PredefinedSetup names as an ordinary saved game. For
it to put every unit on its hex, the save must be a real save (``savedGame`` +
metadata) for this module, hold fully expanded pieces (VASSAL does not expand
prototypes when loading a save), name only maps and boards the module has,
carry ``SETUP_STACK`` when the module has at-start stacks (else those pieces
appear twice), restore turn tracker states that fit the module's levels
(``turns``), keep stackable pieces in stacks, and place each piece on a board.
Each setup is also summarised (piece names and location names) so a caller
can compare it with the scenario data.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from vassal.board import OFFBOARD
from vassal.commands import (
    AddPiece,
    Command,
    PlayerEntry,
    SetBoards,
    SetupStackMarker,
    split_stream,
)
from vassal.errors import FormatError
from vassal.gamestate import GameState, PieceRecord, split_chain
from vassal.module import Module, PredefinedSetupInfo
from vassal.piece import Piece
from vassal.replay import piece_name
from vassal.savefile import SaveFile, read_save
from vassal.sequence import decode
from vassal.traits import Immobilized

from .issues import Issue, error, info, warning
from .turns import check_turn_states

SETUP_LIMIT = 512 << 20
_NOT_PIECES = ("stack", "deck;")
Reader = Callable[[str, int], bytes]


@dataclass(frozen=True)
class SetupPiece:
    """A piece as a setup places it; ``location`` is ``""`` where board sizes are unknown;
    ``properties`` its stored property values (``Piece.properties``: markers, dynamic properties)."""

    name: str
    map: str
    location: str
    properties: tuple[tuple[str, str], ...] = ()

    def property(self, name: str) -> str | None:
        return next((v for k, v in self.properties if k == name), None)


@dataclass(frozen=True)
class SetupSummary:
    """What a predefined setup puts on the maps, in the save's order."""

    name: str
    file: str
    pieces: tuple[SetupPiece, ...]


def check_setups(module: Module, has_entry: Callable[[str], bool], read: Reader,
                 complete: bool) -> tuple[list[Issue], list[SetupSummary]]:
    """``complete``: the archive holds all of the module's files. A folder without images is a
    partial copy: there a missing setup file is only noted, and locations are not checked
    because boards without their images have no size."""
    issues: list[Issue] = []
    summaries: list[SetupSummary] = []
    for setup in module.predefined_setups:
        if setup.is_menu or not setup.use_file:
            continue
        where = f"PredefinedSetup[{setup.name}] ({setup.file})"
        if not setup.file:
            issues.append(error(where, "useFile is true but no file is named: choosing it fails"))
        elif not has_entry(setup.file):
            issues.append(error(where, "the setup file is not in the module: choosing it fails") if complete
                          else info(where, "the setup file is not available here: not checked"))
        else:
            summary = _check_one(module, setup, where, read, complete, issues)
            if summary is not None:
                summaries.append(summary)
    return issues, summaries


def _check_one(module: Module, setup: PredefinedSetupInfo, where: str, read: Reader, sizes_known: bool,
               issues: list[Issue]) -> SetupSummary | None:
    try:
        save = _read_nested_save(read(setup.file, SETUP_LIMIT), where)
    except FormatError as exc:
        issues.append(error(where, f"not a VASSAL save ({exc.message}): choosing it fails"))
        return None
    container = list(_check_container(save, module, where))
    issues.extend(container)
    if any(i.severity == "error" for i in container):
        return None
    try:
        stream = split_stream(save.text)
        state = GameState()
        for command in stream.setup:
            state.apply(command)
    except (FormatError, ValueError, IndexError, RecursionError) as exc:
        issues.append(error(where, f"its commands cannot be read ({exc}): VASSAL cannot load it"))
        return None
    if stream.steps:
        issues.append(warning(where, f"is a log with {len(stream.steps)} steps: a setup should be a save"))
    issues.extend(_check_commands(stream.setup, module, where))
    issues.extend(check_turn_states(stream.setup, module, where))
    if not sizes_known:
        issues.append(info(where, "board images not available: locations not checked"))
    in_decks = _deck_members(stream.setup)
    placed: list[SetupPiece] = []
    for record in state.pieces.values():
        if record.type.startswith(_NOT_PIECES):
            continue
        issues.extend(_check_piece(record, state, module, where, sizes_known, record.id in in_decks))
        map_id, x, y = state.position(record.id)
        if map_id is not None:
            location = module.locator().location(map_id, x, y, state.boards.get(map_id)) if sizes_known else ""
            placed.append(SetupPiece(piece_name(record), map_id, location, _properties(record)))
    listing = "; ".join(f"{s.name} @ {s.map} {s.location}".rstrip() for s in placed)
    issues.append(info(where, f"{len(placed)} pieces on maps: {listing}"))
    return SetupSummary(setup.name, setup.file, tuple(placed))


def _properties(record: PieceRecord) -> tuple[tuple[str, str], ...]:
    try:
        return tuple(sorted(Piece.decode(record.type, record.state).properties.items()))
    except (FormatError, ValueError, IndexError):
        return ()  # a trait the codec cannot read, or a state for other traits: reported by _check_piece


def _read_nested_save(data: bytes, where: str) -> SaveFile:
    """``read_save`` takes a path: the entry goes to a private temp file, never named after it."""
    with tempfile.TemporaryDirectory(prefix="adjutant-lint-") as folder:
        path = Path(folder) / "setup.vsav"
        path.write_bytes(data)
        try:
            return read_save(path)
        except FormatError as exc:
            raise FormatError(exc.message, where) from None


def _check_container(save: SaveFile, module: Module, where: str) -> Iterator[Issue]:
    if not save.zipped:
        yield error(where, "not a zip with a savedGame entry: VASSAL cannot load it as a setup")
        return
    if save.module_metadata is None or save.save_metadata is None:
        missing = [n for n, m in (("moduledata", save.module_metadata), ("savedata", save.save_metadata)) if m is None]
        yield warning(where, f"no {' or '.join(missing)} entry: VASSAL cannot check which module it was made for")
    if save.module_metadata is not None and save.module_metadata.name != module.name:
        yield warning(where, f"made for module {save.module_metadata.name!r}, not {module.name!r}: "
                             "VASSAL asks the player whether to load it anyway")


def _check_commands(commands: tuple[Command, ...], module: Module, where: str) -> Iterator[Issue]:
    maps = {m.name: m for m in module.maps}
    for command in commands:
        if isinstance(command, SetBoards):
            if command.map_id not in maps:
                yield error(where, f"sets boards on map {command.map_id!r}, which the module does not have")
                continue
            names = {b.name for b in maps[command.map_id].boards}
            for placement in command.boards:
                if placement.board not in names:
                    yield error(where, f"puts board {placement.board!r} on map {command.map_id!r}, "
                                       "which has no such board: VASSAL leaves it out")
    players = sum(isinstance(c, PlayerEntry) for c in commands)
    if players:
        # never say which ids: they are the players' passwords
        yield warning(where, f"holds {players} PLAYER entries: they carry the players' passwords and "
                             "claim sides for them in every game started from this setup (§5.10)")
    if any(m.setup_stacks for m in module.maps) and not any(isinstance(c, SetupStackMarker) for c in commands):
        yield error(where, "no SETUP_STACK command although the module has at-start stacks: "
                           "VASSAL places those pieces a second time")


def _deck_members(commands: tuple[Command, ...]) -> set[str]:
    """Ids listed in a Deck's state (``map;x;y;faceDown;id1,id2,...`` in the corpus saves): such
    pieces live in the deck, not in a stack. Read from the AddPiece commands themselves, so the
    answer does not depend on how the game state models decks."""
    return {piece_id for c in commands if isinstance(c, AddPiece) and c.type.startswith("deck;")
            for field in decode(c.state, ";") for piece_id in decode(field, ",")}


def _check_piece(record: PieceRecord, state: GameState, module: Module, where: str, sizes_known: bool,
                 in_deck: bool) -> Iterator[Issue]:
    label = f"{where}: piece {record.common_name!r}"
    if "prototype;" in record.type and any(t.startswith("prototype;") for t in split_chain(record.type)):
        yield error(label, "has unexpanded prototype; traits: VASSAL does not expand prototypes "
                           "when loading a save, so the piece lacks those traits")
    map_id, x, y = state.position(record.id)
    if map_id is None:
        return
    if map_id not in {m.name for m in module.maps}:
        yield error(label, f"is on map {map_id!r}, which the module does not have")
        return
    if record.parent is None and not in_deck and _stacks(record):
        yield warning(label, "is not in a stack: VASSAL loads it unstacked (it always stacks pieces on a map)")
    if not sizes_known:
        return
    layout = module.map_layout(map_id, state.boards.get(map_id))
    placed = layout.board_at(x, y)
    if placed is None:
        yield error(label, f"at {x},{y} on map {map_id!r} lies off every board")
    elif placed.board.grid is not None and layout.locate(x, y)[1] == OFFBOARD:
        yield error(label, f"at {x},{y} on board {placed.board.name!r} has no location name (offboard)")


def _stacks(record: PieceRecord) -> bool:
    """Whether VASSAL would keep the piece in a stack: not when Does-Not-Stack says never."""
    if "immob;" not in record.type:
        return True
    try:
        piece = Piece.decode(record.type, record.state)
    except (FormatError, ValueError, IndexError, RecursionError):
        return True
    return not any(t.stacking == "R" for t in piece.find(Immobilized))
