"""A module's piece slots as the view and the unit map need them: each slot's piece name
and its properties once its prototypes are expanded (a Side or Status Marker may live in a
prototype)."""

from __future__ import annotations

from dataclasses import dataclass

from vassal.module import Module, PieceSlotInfo
from vassal.piece import Piece


@dataclass(frozen=True)
class SlotInfo:
    """What a palette slot tells about its piece."""

    slot: PieceSlotInfo
    name: str
    properties: dict[str, str]
    piece: Piece | None = None      # prototypes expanded; None when the slot does not decode

    @property
    def path(self) -> str:
        return " > ".join(self.slot.path)


def slots(module: Module) -> list[SlotInfo]:
    """Every piece slot with its name and (prototype-expanded) properties; slots that do
    not decode are kept with their entry name, so the human sees them too."""
    prototypes = {}
    for name, text in module.prototypes.items():
        try:
            prototypes[name] = Piece.from_slot_text(text)
        except Exception:  # a damaged prototype adds nothing
            continue
    found: list[SlotInfo] = []
    seen: set[str] = set()
    for slot in module.piece_slots:
        if slot.gpid in seen:
            continue
        seen.add(slot.gpid)
        try:
            piece = Piece.from_slot_text(slot.text).expand(prototypes, strict=False)
            found.append(SlotInfo(slot, piece.basic.name or slot.entry_name, piece.properties, piece))
        except Exception:  # an undecodable slot is still listed by its entry name
            found.append(SlotInfo(slot, slot.entry_name, {}))
    return found
