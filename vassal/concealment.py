"""Who may see a piece: VASSAL's Mask (``obs;``) and Invisible (``hide;``) traits, read for a side.

A masked or hidden piece records who concealed it: with the default "any player" access the
player id (a password, resolved here to that player's side and name through the roster and
never kept), with "any side" access the side, with "any of the specified sides" the side too,
and then only those sides see through it. VASSAL names a piece through its traits from the
outermost in: the first Mask that is obscured to the viewer names it by the mask's name ("?"
by default), the first Invisible trait invisible to the viewer names it "" and draws nothing
(``Piece.seen_name``).
The replay and the rules reason on what the pieces are; a report shows what a side may see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .sequence import chain_parts, decode
from .traits import Hideable, Obscurable, decode_trait

MASKED, HIDDEN = "masked", "hidden"

#: player id -> (player name, side) from the log's roster; the id itself never leaves the resolver
Roster = Callable[[str], "tuple[str, str] | None"]


@dataclass(frozen=True)
class Cover:
    """One Mask or Invisible trait that is on. ``owner``: the side that concealed the piece
    (``None``: a player the roster does not name, so no side sees through); ``by``: that
    player's name, when a player did; ``sides``: for "any of the specified sides" access, the
    sides that see through; ``shown``: how one who may not see names it (the mask's name, or
    "" for a hidden piece, which VASSAL does not show at all)."""

    kind: str
    owner: str | None
    by: str | None
    access: str
    sides: tuple[str, ...] = ()
    shown: str = ""

    def conceals_from(self, side: str | None) -> bool:
        """Whether a player of ``side`` is kept from what the piece is (``None``: an onlooker
        who holds no side, as ``decode-log`` plays)."""
        if side is None or self.owner is None:
            return True
        if self.access == "sides":
            return not (self.owner in self.sides and side in self.sides)
        return self.owner != side


def cover_of(trait: Obscurable | Hideable, roster: Roster) -> Cover | None:
    """The trait's cover, or None when it is off."""
    if isinstance(trait, Obscurable):
        if not trait.masked:
            return None
        kind, owner_field, shown = MASKED, trait.obscured_by, trait.mask_name or "?"
    else:
        if not trait.hidden:
            return None
        kind, owner_field, shown = HIDDEN, trait.hidden_by, ""
    access = trait.access or "player:"
    if access.startswith("sides:"):
        return Cover(kind, owner_field, None, "sides", tuple(decode(access[len("sides:"):], ":")), shown)
    if access == "side:":
        return Cover(kind, owner_field, None, "side", (), shown)
    player = roster(owner_field)
    return Cover(kind, player[1] if player else None, player[0] if player else None, "player", (), shown)


def covers(type_text: str, state_text: str, roster: Roster) -> tuple[Cover, ...]:
    """The piece's Masks and Invisible traits that are on, outermost first."""
    if "obs;" not in type_text and "hide;" not in type_text:
        return ()
    found = []
    for t, s in zip(chain_parts(type_text), chain_parts(state_text)):
        if t.startswith(("obs;", "hide;")):
            trait = decode_trait(t, s)
            cover = cover_of(trait, roster) if isinstance(trait, (Obscurable, Hideable)) else None
            if cover is not None:
                found.append(cover)
    return tuple(found)

