"""A stand-in module for corpus files whose module the corpus does not hold.

VASSAL needs a module to open a save: without the file's maps it would put no
piece anywhere. The stand-in has every map the files name (an unnamed first map
for the ``Map0`` of old files), no boards and no pieces, so that VASSAL and our
replay can be compared on what they can both know without the real module: the
step count, the maps, points and stacks of the final board. Every location is
``offboard`` on both sides (there are no boards), which the comparison says.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from vassal import components as c
from vassal.archive import write_zip
from vassal.buildfile import write_buildfile
from vassal.commands import AddPiece, MovePiece, SetBoards, split_stream
from vassal.gamestate import chain_parts
from vassal.savefile import read_save
from vassal.sequence import decode

_UNNAMED = re.compile(r"^Map(\d+)$")


def map_ids(saves: Iterable[Path]) -> set[str]:
    """Every map id the files' pieces, stacks, moves and board layouts name."""
    found: set[str] = set()
    for path in saves:
        stream = split_stream(read_save(path).text)
        for cmd in stream.setup + stream.trailing + tuple(x for step in stream.steps for x in step):
            if isinstance(cmd, AddPiece):
                found.add(decode(cmd.state if cmd.is_stack else chain_parts(cmd.state)[-1], ";")[0])
            elif isinstance(cmd, MovePiece):
                found |= {m for m in (cmd.new_map, cmd.old_map) if m}
            elif isinstance(cmd, SetBoards):
                found.add(cmd.map_id)
    return found - {"", "null"}


def build(path: Path, name: str, saves: Iterable[Path]) -> Path:
    """Write the stand-in for ``saves`` to ``path``: unnamed maps first, at the index their
    ``MapN`` id needs, then the named maps."""
    ids = map_ids(saves)
    unnamed = sorted(int(m.group(1)) for m in map(_UNNAMED.match, ids) if m)
    named = sorted(i for i in ids if not _UNNAMED.match(i))
    slots = max(unnamed, default=-1) + 1
    maps = []
    filler = iter(named)
    for index in range(slots):
        maps.append("" if index in unnamed else next(filler, f"Filler {index}"))
    maps += list(filler)
    root = c.game_module(name, "stand-in", [
        c.basic_command_encoder(), c.documentation(), c.player_roster([]), c.global_options(),
        *(c.map_component(m, c.map_parts(c.board_picker(m, []))) for m in maps),
        c.global_properties(), c.chatter(), c.key_namer(), c.language(),
    ])
    metadata = c.module_metadata(name, "stand-in", "stand-in module for corpus files without their module")
    write_zip(path, [("buildFile.xml", write_buildfile(root)), ("moduledata", metadata.to_xml())])
    return path
