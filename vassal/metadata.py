"""``moduledata`` and ``savedata``: the small XML documents beside a module or save (reference §1.3, §5.1).

Both are ``<data version="1">`` with one element per field. VASSAL compares the
``name`` in a save's ``moduledata`` with the running module, so a referee uses
it to spot a game played on the wrong module.
"""

from __future__ import annotations

from dataclasses import dataclass
from xml.parsers import expat

from .errors import FormatError


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
    """Read either document; translations (``lang=`` attributes) are ignored.

    Read with expat (a C parser Python starts in no time: every log has these documents, and
    a whole XML library costs more to load than the replay of a short log); a document type
    declaration is refused, so no entity can be declared, expanded or fetched."""
    fields: dict[str, str] = {}
    path: list[tuple[str, bool]] = []      # open elements: (tag, a translation)
    text: list[str] = []

    def start(tag: str, attrs: dict[str, str]) -> None:
        if not path and tag != "data":
            raise FormatError(f"metadata root element is <{tag}>, expected <data>", where)
        path.append((tag, "lang" in attrs))
        text.clear()

    def end(tag: str) -> None:
        _, translated = path.pop()
        key = _TAGS.get(tag)
        if len(path) == 1 and key and not translated and key not in fields:
            fields[key] = "".join(text).strip()
        text.clear()

    def doctype(*_: object) -> None:
        raise FormatError("metadata declares a document type: refused (no entities are read)", where)

    parser = expat.ParserCreate()
    parser.StartElementHandler, parser.EndElementHandler = start, end
    parser.CharacterDataHandler = text.append
    parser.StartDoctypeDeclHandler = doctype
    try:
        parser.Parse(data, True)
    except expat.ExpatError as e:
        raise FormatError(f"metadata is not well-formed XML ({expat.ErrorString(e.code)}, line {e.lineno})",
                          where) from None
    return Metadata(**fields)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
