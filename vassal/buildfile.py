"""The buildFile.xml component tree as a plain, exact model.

VASSAL builds a module by instantiating one Java class per XML element (the tag
is the class name) and handing it the element's attributes and trimmed text.
So a faithful model is just: tag, attributes in order, children in order, and
the text ``Builder.getText`` would see (direct text nodes, CDATA excluded,
trimmed of characters <= U+0020). Everything richer lives in ``components.py``
(writing) and ``module.py`` (reading).

Parsing is hostile-safe: no DTD, no entities, no network, no huge trees.
Writing follows format reference §1.4: UTF-8 with VASSAL's declaration, piece
text as ordinary escaped text (never CDATA, which VASSAL drops), newlines and
tabs in attributes as character references (else the parser turns them into
spaces), and no character XML 1.0 forbids (an ESC would make the file unloadable).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from lxml import etree

from vassal.errors import FormatError

ROOT_TAGS = ("VASSAL.build.GameModule", "VASSAL.launch.BasicModule")
XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>'
_INDENT = "    "
#: Characters XML 1.0 forbids: C0 controls other than TAB/LF/CR, surrogates, U+FFFE/U+FFFF.
_ILLEGAL_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
#: Java's String.trim removes every character <= U+0020 at both ends.
_JAVA_WHITESPACE = "".join(chr(c) for c in range(0x21))
#: XML names as VASSAL uses them (Java class names, attribute names); stricter than XML allows.
_XML_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_MARKUP_WITH_CDATA = re.compile(rb"<!--.*?-->|<\?.*?\?>|<!\[CDATA\[.*?\]\]>", re.S)


@dataclass(frozen=True)
class Element:
    """One buildFile element: class name, attributes (in order), children, trimmed text."""

    tag: str
    attrs: dict[str, str] = field(default_factory=dict)
    children: list[Element] = field(default_factory=list)
    text: str = ""

    def get(self, name: str, default: str = "") -> str:
        """An attribute value, or ``default`` when absent."""
        return self.attrs.get(name, default)

    def iter(self) -> Iterator[Element]:
        """This element and all its descendants, in document order."""
        yield self
        for child in self.children:
            yield from child.iter()

    def find_all(self, tag: str) -> list[Element]:
        """Every descendant (not self) whose tag is ``tag``, in document order."""
        return [el for child in self.children for el in child.iter() if el.tag == tag]

    def child_elements(self, tag: str) -> list[Element]:
        """Direct children whose tag is ``tag``."""
        return [child for child in self.children if child.tag == tag]

    def first_child(self, tag: str) -> Element | None:
        """The first direct child whose tag is ``tag``, if any."""
        return next((child for child in self.children if child.tag == tag), None)


def element(tag: str, attrs: Mapping[str, str] | None = None, children: Sequence[Element] = (),
            text: str = "") -> Element:
    """Build an Element from any mapping/sequence; the ``factory`` other modules are given."""
    return Element(tag, dict(attrs or {}), list(children), text)


def java_trim(text: str) -> str:
    """``String.trim()``: what VASSAL keeps of an element's text."""
    return text.strip(_JAVA_WHITESPACE)


def _safe_parser() -> etree.XMLParser:
    return etree.XMLParser(
        resolve_entities=False,
        no_network=True,
        load_dtd=False,
        dtd_validation=False,
        huge_tree=False,
        remove_comments=True,
        remove_pis=True,
    )


def parse_xml(data: bytes, where: str) -> etree._Element:
    """Parse untrusted XML bytes to an lxml element; any DOCTYPE is refused outright."""
    try:
        root = etree.fromstring(data, _safe_parser())
    except (etree.XMLSyntaxError, ValueError) as exc:
        raise FormatError(f"not well-formed XML ({exc})", where) from None
    if root is None:
        raise FormatError("empty XML document", where)
    docinfo = root.getroottree().docinfo
    if docinfo.doctype or docinfo.internalDTD is not None:
        raise FormatError("XML with a DOCTYPE is not accepted", where)
    return root


def _direct_text(node: etree._Element) -> str:
    """The element's own text nodes (its text and its children's tails), trimmed like VASSAL."""
    parts = [node.text or ""] + [child.tail or "" for child in node]
    return java_trim("".join(parts))


def _drop_cdata(data: bytes) -> bytes:
    """Remove CDATA sections, as VASSAL's ``Builder.getText`` ignores CDATA nodes.

    Comments and processing instructions are matched too so that a CDATA
    marker inside them is left alone; attribute values cannot hold ``<``.
    """
    if b"<![CDATA[" not in data:
        return data
    return _MARKUP_WITH_CDATA.sub(lambda m: b"" if m.group().startswith(b"<![") else m.group(), data)


def _convert(node: etree._Element, where: str) -> Element:
    children: list[Element] = []
    for child in node:
        if isinstance(child.tag, str):
            children.append(_convert(child, where))
    return Element(str(node.tag), dict(node.attrib), children, _direct_text(node))


def parse_buildfile(data: bytes, where: str = "buildFile.xml") -> Element:
    """The component tree of a buildFile; the root must be a VASSAL module root."""
    root = parse_xml(_drop_cdata(data), where)
    if root.tag not in ROOT_TAGS:
        raise FormatError(f"root element is <{root.tag}>, not a VASSAL module", where)
    return _convert(root, where)


def _check_chars(value: str, what: str) -> None:
    bad = _ILLEGAL_XML.search(value)
    if bad:
        raise ValueError(f"{what} contains character U+{ord(bad.group()):04X}, which XML 1.0 forbids")


def _escape_text(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\r", "&#13;")


def _escape_attr(value: str) -> str:
    return (_escape_text(value).replace('"', "&quot;")
            .replace("\n", "&#10;").replace("\t", "&#9;"))


def _write(el: Element, depth: int, out: list[str]) -> None:
    pad = _INDENT * depth
    if not _XML_NAME.fullmatch(el.tag):
        raise ValueError(f"{el.tag!r} is not a valid element name")
    attrs = ""
    for name, value in el.attrs.items():
        if not _XML_NAME.fullmatch(name):
            raise ValueError(f"<{el.tag}> attribute name {name!r} is not a valid XML name")
        _check_chars(value, f"<{el.tag}> attribute {name}")
        attrs += f' {name}="{_escape_attr(value)}"'
    _check_chars(el.text, f"<{el.tag}> text")
    if not el.children:
        if el.text:
            out.append(f"{pad}<{el.tag}{attrs}>{_escape_text(el.text)}</{el.tag}>\n")
        else:
            out.append(f"{pad}<{el.tag}{attrs}/>\n")
        return
    out.append(f"{pad}<{el.tag}{attrs}>{_escape_text(el.text)}\n")
    for child in el.children:
        _write(child, depth + 1, out)
    out.append(f"{pad}</{el.tag}>\n")


def write_buildfile(root: Element) -> bytes:
    """Serialise an Element tree as VASSAL reads it best: declaration, 4-space indent, UTF-8.

    Text is written trimmed (VASSAL trims it anyway), so leading/trailing
    whitespace in a model's text would not survive; callers keep it out.
    """
    out = [XML_DECLARATION + "\n"]
    _write(root, 0, out)
    return "".join(out).encode("utf-8")
