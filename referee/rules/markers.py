"""Game markers on the maps, step by step, and the pools that limit how many may be in use.

A game's ``[[markers]]`` (game.toml) are plain named pieces of our modules' Markers palette
(`builder.game_markers`): a log shows each one put in a hex (added there, or dragged from the
palette or the side of the board) and taken off by name, so which markers stand in which hexes after
any step is read from the replay's piece events, without the game view. A marker beside the board
(the module's side boxes, a location that is no hex of the game) is not in use.

Some markers are a strict pool. Hood Strikes North, Basic 10.0 (L186): "The number of Minor River
Bridge counters available in the game (three Union, three Confederate) is a strict limit, and if all
are in use, no more may be built until one or more become available again due to dismantling or
destruction." The limit of each is a rules.xlsx Parameters row ``marker-limit.<marker name>``; a
step after which more of that marker stand on the maps than the limit is an error at that step,
naming the hexes — the bridge built beyond the pool. A marker taken off (dismantled, destroyed)
frees its place.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Protocol

from gamedata.hexids import HexIds
from gamedata.model import Game
from gamedata.ruledata import parameter_cite
from vassal.replay import Added, BoardState, Moved, Removed, Step

from ..findings import Finding, Place, Severity

CHECK_ID = "units"
LIMIT = "marker-limit."

#: piece id -> (marker name, map, hex) of the markers standing in a hex
Standing = dict[str, tuple[str, str, str]]


def standing(game: Game, initial: BoardState | None, steps: Iterable[Step], names: Iterable[str]
             ) -> Iterator[tuple[Step, Standing]]:
    """After each step, the markers called one of ``names`` that stand in a hex of the game (from
    the log's start board and each step's piece events; an undo's events put the board back as
    VASSAL does)."""
    wanted = {n.casefold() for n in names}
    ids = HexIds(game.maps)
    on: Standing = {}

    def put(piece_id: str, name: str, map_: str | None, location: str) -> None:
        if map_ and _is_hex(ids, location):
            on[piece_id] = (name, map_, location)
        else:
            on.pop(piece_id, None)

    for p in (initial.pieces.values() if initial is not None else ()):
        if p.name.casefold() in wanted:
            put(p.id, p.name, p.map, p.location)
    for step in steps:
        for e in step.events:
            if isinstance(e, (Added, Removed, Moved)) and e.name.casefold() in wanted:
                if isinstance(e, Added):
                    put(e.piece_id, e.name, e.map, e.location)
                elif isinstance(e, Moved):
                    put(e.piece_id, e.name, e.to_map, e.to_location)
                else:
                    on.pop(e.piece_id, None)
        yield step, dict(on)


def _is_hex(ids: HexIds, location: str) -> bool:
    try:
        ids.parse(location)
    except ValueError:
        return False
    return True


def limits(game: Game) -> dict[str, int]:
    """Marker name -> how many may stand on the maps at once (rules.xlsx ``marker-limit.*``)."""
    found = {}
    for row in game.rule_parameters:
        if row.key.startswith(LIMIT) and isinstance(row.value, (int, float)):
            found[row.key[len(LIMIT):]] = int(row.value)
    return found


class Replayed(Protocol):
    """What the check reads of a replay (``vassal.replay.Replay``): its start board and steps."""

    @property
    def initial(self) -> BoardState: ...

    steps: Sequence[Step]


def check_marker_limits(game: Game, replay: Replayed, label: str, players: Mapping[int, str | None]
                        ) -> Iterator[Finding]:
    """A step that leaves more of a pooled marker on the maps than its pool holds (said once per
    marker and count: a later step that adds yet another is a new finding). The start board is
    read only for a game with a pool."""
    pools = limits(game)
    if not pools:
        return
    said: dict[str, int] = {}
    for step, on in standing(game, replay.initial, replay.steps, pools):
        for name, limit in sorted(pools.items()):
            here = sorted((m, loc) for n, m, loc in on.values() if n.casefold() == name.casefold())
            if len(here) <= max(limit, said.get(name, limit)):
                if len(here) <= limit:
                    said.pop(name, None)
                continue
            said[name] = len(here)
            yield Finding(CHECK_ID, Severity.ERROR, f"{len(here)} {name} markers on the map after step {step.index} "
                          f"({', '.join(loc for _, loc in here)}): the game has {limit}, a strict limit (one more "
                          "may be built only when one is dismantled or destroyed)",
                          parameter_cite(game, LIMIT + name, "marker pool"), label, step.index,
                          players.get(step.index), (name,), tuple(Place(m, loc) for m, loc in here))
