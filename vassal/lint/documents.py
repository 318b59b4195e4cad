"""Help files, PDFs, HTML charts and tutorials must be in the archive they name.

``HelpFile`` (``fileType="archive"``), ``BrowserPDFFile``, ``HtmlChart`` and
``Tutorial`` name plain archive entries (§1.1, §2.8, §2.12). VASSAL reads them
only when a player opens them, so a missing one is a warning here: the menu
entry is there and fails when chosen. A HelpFile marked ``vassalDoc="vassal"``
points into VASSAL's own documentation, not into the module.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from vassal import components as c

from .issues import Issue, warning
from .tree import Located

_DOC = c.M + "documentation."
#: (class, attribute naming the entry)
DOCUMENT_ATTRS: dict[str, str] = {
    _DOC + "HelpFile": "fileName",
    _DOC + "BrowserPDFFile": "pdfFile",
    _DOC + "Tutorial": "logfile",
    c.WIDGET + "HtmlChart": "fileName",
}


def check_documents(located: list[Located], has_entry: Callable[[str], bool]) -> Iterator[Issue]:
    for item in located:
        el = item.element
        attr = DOCUMENT_ATTRS.get(el.tag)
        name = el.get(attr) if attr else ""
        if not name or el.get("vassalDoc") == "vassal":
            continue
        if el.tag == _DOC + "HelpFile" and el.get("fileType", "archive") != "archive":
            continue
        if not has_entry(name):
            yield warning(f"{item.path}@{attr}", f"{name!r} is not in the module: choosing this entry fails")
