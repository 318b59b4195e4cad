"""``moduledata`` and ``savedata``: the small XML documents beside a module or save (reference §1.3, §5.1).

Both are ``<data version="1">`` with one element per field. VASSAL compares the
``name`` in a save's ``moduledata`` with the running module, so a referee uses
it to spot a game played on the wrong module.
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from .errors import FormatError

_PARSER_ARGS = dict(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)


@dataclass(frozen=True)
class Metadata:
    """Fields of a ``moduledata`` (``name`` set) or ``savedata`` (``name`` empty) document."""

    name: str = ""
    version: str = ""
    vassal_version: str = ""
    description: str = ""
    extra1: str = ""
    extra2: str = ""
    date_saved: str = ""

    def to_xml(self) -> bytes:
        """VASSAL's layout: fixed element order, two-space indent, trailing newline."""
        lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?>', '<data version="1">']
        for tag, value in (("version", self.version), ("extra1", self.extra1), ("extra2", self.extra2),
                           ("VassalVersion", self.vassal_version), ("dateSaved", self.date_saved),
                           ("description", self.description), ("name", self.name)):
            if tag == "name" and not value:
                continue
            lines.append(f"  <{tag}>{_escape(value)}</{tag}>" if value else f"  <{tag}/>")
        lines.append("</data>")
        return ("\n".join(lines) + "\n").encode("utf-8")


_TAGS = {"name": "name", "version": "version", "VassalVersion": "vassal_version",
         "description": "description", "extra1": "extra1", "extra2": "extra2", "dateSaved": "date_saved"}


def parse_metadata(data: bytes, where: str) -> Metadata:
    """Read either document; translations (``lang=`` attributes) are ignored."""
    try:
        root = etree.fromstring(data, etree.XMLParser(**_PARSER_ARGS))
    except etree.XMLSyntaxError as e:
        raise FormatError(f"metadata is not well-formed XML ({e})", where) from None
    if root.tag != "data":
        raise FormatError(f"metadata root element is <{root.tag}>, expected <data>", where)
    fields: dict[str, str] = {}
    for child in root:
        if not isinstance(child.tag, str) or child.get("lang"):
            continue
        key = _TAGS.get(child.tag)
        if key and key not in fields:
            fields[key] = (child.text or "").strip()
    return Metadata(**fields)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
