"""Walking the buildFile tree with a readable path for each element.

Issues name elements the way a module designer finds them in the VASSAL editor:
short class names with the component's name, e.g.
``GameModule/Map[Main Map]/BoardPicker/Board[Board 1]``.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from vassal.buildfile import Element

_NAME_ATTRS = ("mapName", "entryName", "name", "chartName", "title", "text", "description")


@dataclass(frozen=True)
class Located:
    """An element with its parent (``None`` for the root) and its path."""

    element: Element
    parent: Element | None
    path: str


def short(tag: str) -> str:
    return tag.rsplit(".", 1)[-1]


def label(el: Element) -> str:
    name = next((el.get(a) for a in _NAME_ATTRS if el.get(a)), "")
    return f"{short(el.tag)}[{name}]" if name else short(el.tag)


def walk(root: Element) -> Iterator[Located]:
    """Every element in document order, root first."""
    stack: list[tuple[Element, Element | None, str]] = [(root, None, label(root))]
    while stack:
        el, parent, path = stack.pop()
        yield Located(el, parent, path)
        stack.extend((child, el, f"{path}/{label(child)}") for child in reversed(el.children))
