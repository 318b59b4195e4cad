"""A built module whose chosen counters can be masked (VASSAL's Mask, ``obs;``) or hidden
(Invisible, ``hide;``), for fog-of-war tests recorded in VASSAL itself.

The traits go outermost on the counters' palette slots and on the same pieces in the
predefined setups stored in the module (a setup holds each piece's whole trait chain, so a
game begun from it has them), with "any player" access: the player who masks or hides a
piece is the only one who sees it (VASSAL's default). Menu commands: ``Mask`` and
``Invisible`` (script-log's ``key``).
"""

from __future__ import annotations

import zipfile
from collections.abc import Mapping
from pathlib import Path

from vassal.archive import open_zip, read_entry, write_zip
from vassal.buildfile import Element, parse_buildfile, write_buildfile
from vassal.commands import AddPiece, Node, encode_tree, parse_command, parse_tree
from vassal.obfuscation import deobfuscate, obfuscate
from vassal.piece import Piece
from vassal.traits import BasicPiece, decode_trait

MASK, HIDE = "mask", "hide"
LIMIT = 64 << 20


def _trait(kind: str, image: str):
    if kind == MASK:   # ctrl-M, the mask's picture, menu "Mask", inset, named "?", any player
        return decode_trait(f"obs;77,130;{image};Mask;I;?;player:;Peek;;false;;", "null;")
    return decode_trait("hide;73,130;Invisible;;player:;0.3;", "null")   # ctrl-I, menu "Invisible"


def _concealable(piece: Piece, wanted: Mapping[str, str], image: str) -> Piece:
    basic = piece.traits[-1]
    assert isinstance(basic, BasicPiece)
    kind = wanted.get(basic.name)
    return piece if kind is None else Piece((_trait(kind, image), *piece.traits))


def _setup(data: bytes, wanted: Mapping[str, str], image: str) -> bytes:
    """A predefined setup's save with the wanted pieces given their trait."""
    with open_zip(data, "setup") as zf:
        entries = [(name, read_entry(zf, name, LIMIT)) for name in zf.namelist()]
    out = []
    for name, content in entries:
        if name == "savedGame":
            root = parse_tree(deobfuscate(content, "setup"))
            content = obfuscate(encode_tree(_rebuilt(root, wanted, image)), 0x42)
        out.append((name, content))
    return _zip(out)


def _rebuilt(node: Node, wanted: Mapping[str, str], image: str) -> Node:
    text = node.text
    if text.startswith("+/"):
        c = parse_command(text)
        if isinstance(c, AddPiece) and not c.is_stack:
            type_text, state = _concealable(Piece.decode(c.type, c.state), wanted, image).encode()
            text = AddPiece.make(c.id, type_text, state).text
    return Node(text, tuple(_rebuilt(child, wanted, image) for child in node.children))


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    import io
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return buffer.getvalue()


def conceal(src: Path, dst: Path, wanted: Mapping[str, str], image: str) -> Path:
    """A copy of module ``src`` whose counters named in ``wanted`` get a Mask (``MASK``) or an
    Invisible trait (``HIDE``); ``image``: a picture of the module for the mask."""
    with zipfile.ZipFile(src) as zf:
        entries = [(name, zf.read(name)) for name in zf.namelist()]
    root = parse_buildfile(dict(entries)["buildFile.xml"])
    setups = set()

    def rebuilt(el: Element) -> Element:
        text = el.text
        if el.tag.endswith("PieceSlot"):
            text = _concealable(Piece.from_slot_text(el.text), wanted, image).slot_text()
        if el.tag.endswith("PredefinedSetup") and el.attrs.get("file"):
            setups.add(el.attrs["file"])
        return Element(el.tag, el.attrs, [rebuilt(c) for c in el.children], text)

    buildfile = write_buildfile(rebuilt(root))
    write_zip(dst, [(name, buildfile if name == "buildFile.xml" else _setup(data, wanted, image) if name in setups
                     else data) for name, data in entries])
    return dst
