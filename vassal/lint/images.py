"""Every image the module names must be in the archive under ``images/`` and readable.

Components and traits name images without the ``images/`` prefix (§1.1). VASSAL
finds a name in the module's ``images/`` folder, or among its own resources
(a name starting with ``/``, or one of the stock images such as ``moved.gif``),
or as a GamePieceImage defined in the module; otherwise the board, counter or
button is drawn without it and VASSAL logs an "image not found" warning (not an
error: real modules in the corpus open with such gaps). A missing board image
also makes every location on that board ``offboard``, which the setup checks
then report as errors.
"""

from __future__ import annotations

import io
import unicodedata
import warnings
from collections.abc import Callable, Iterable, Iterator

from PIL import Image

from vassal import components as c
from vassal.buildfile import parse_xml
from vassal.errors import FormatError
from vassal.piece import Piece
from vassal.traits import BasicPiece, Layer, MarkMoved, Obscurable

from .classes import VASSAL_PACKAGE
from .issues import Issue, info, warning
from .pieces import Definition, all_traits
from .tree import Located

IMAGE_LIMIT = 256 << 20
#: Attributes that name a toolbar or map icon on any VASSAL component.
ICON_ATTRS = frozenset({"icon", "disabledIcon", "markUnmovedIcon", "hiddenIcon", "showingIcon", "iconName",
                        "persistentIconName", "inIconName", "outIconName", "pickIconName"})
#: Attributes that name an image on one class only.
CLASS_IMAGE_ATTRS: dict[str, str] = {
    c.BOARD: "image",
    c.WIDGET + "Chart": "fileName",
    c.M + "documentation.AboutScreen": "fileName",
    c.MAP + "SelectionHighlighter": "image",
}
#: Images VASSAL ships (the corpus modules name them as ``/images/...``); ``DataArchive`` also
#: finds them by bare name, falling back to its own resources when the module has none.
STOCK_IMAGES = frozenset({"moved.gif", "unmoved.gif", "die.gif", "camera.gif", "map.gif", "overview.gif",
                          "zoomIn.gif", "zoomOut.gif", "zoom.png", "globe_selected.gif",
                          "globe_unselected.gif", "keyCommand.gif", "inventory.gif", "notes.gif",
                          "thread.gif"})
GAME_PIECE_IMAGE = c.M + "gamepieceimage.GamePieceImage"

Reader = Callable[[str, int], bytes]


def check_images(located: list[Located], definitions: Iterable[Definition],
                 has_entry: Callable[[str], bool] | None, read: Reader | None) -> Iterator[Issue]:
    """``has_entry``/``read`` give the archive's entries; ``None`` when images are not available."""
    if has_entry is None or read is None:
        yield info("images/", "images not available (a buildFile without its module folder): "
                              "image checks skipped")
        return
    generated = {item.element.get("name") for item in located if item.element.tag == GAME_PIECE_IMAGE}
    checked: dict[str, str | None] = {}
    for where, name, optional in _references(located, definitions):
        if not name or name.startswith("/") or name in generated:
            continue
        entry = _entry_for(name, has_entry)
        if entry is None:
            if name in STOCK_IMAGES:
                continue
            if optional:
                yield info(where, f"image {name!r} is not in the module; VASSAL ignores it here")
            else:
                yield warning(where, f"image {name!r} is not in the module's images/: "
                                     "VASSAL logs 'image not found' and draws nothing")
            continue
        if entry not in checked:
            checked[entry] = _unreadable(read, entry)
        if checked[entry]:
            yield warning(where, f"image {name!r} cannot be read ({checked[entry]}): "
                                 "VASSAL logs a bad-image warning and draws nothing")


def _entry_for(name: str, has_entry: Callable[[str], bool]) -> str | None:
    """The entry ``DataArchive.getInputStream`` would read for image ``name``: the name itself,
    its Unicode NFD form (modules re-zipped on a Mac), or an extensionless GIF."""
    for candidate in ("images/" + name, "images/" + unicodedata.normalize("NFD", name), f"images/{name}.gif"):
        if has_entry(candidate):
            return candidate
    return None


def _references(located: list[Located], definitions: Iterable[Definition]) -> Iterator[tuple[str, str, bool]]:
    """(where, image name, optional) for every image the buildFile and its pieces name."""
    for item in located:
        el = item.element
        if not el.tag.startswith(VASSAL_PACKAGE):
            continue
        for attr, value in el.attrs.items():
            if attr in ICON_ATTRS or CLASS_IMAGE_ATTRS.get(el.tag) == attr:
                yield f"{item.path}@{attr}", value, False
        if el.tag == c.PLAYER_ROSTER and el.get("buttonIcon"):
            # legacy attribute: VASSAL ignores a buttonIcon that is no image (e.g. "Retire", §2.9)
            yield f"{item.path}@buttonIcon", el.get("buttonIcon"), True
    for d in definitions:
        for name in piece_images(d.piece):
            yield d.where, name, False


def piece_images(piece: Piece) -> Iterator[str]:
    """Images a piece's traits draw: counter, layer levels, moved marker, mask."""
    for trait in all_traits(piece):
        if isinstance(trait, BasicPiece):
            yield trait.image
        elif isinstance(trait, Layer):
            yield from trait.images
        elif isinstance(trait, MarkMoved):
            yield trait.image
        elif isinstance(trait, Obscurable):
            yield trait.image
            if trait.display_style.startswith("G"):
                yield trait.display_style[1:]


def _unreadable(read: Reader, entry: str) -> str | None:
    """Why the image cannot be decoded, or None. SVG is checked as safe XML."""
    try:
        data = read(entry, IMAGE_LIMIT)
        if entry.lower().endswith(".svg"):
            parse_xml(data, entry)
            return None
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data)) as img:
                img.verify()
    except FormatError as exc:
        return exc.message
    except (OSError, SyntaxError, ValueError, Image.DecompressionBombError) as exc:
        return f"not an image Pillow can read: {exc}"
    return None
