"""Board image bytes from a module, for the HTML report's pictures.

``vassal.module.Module`` sizes boards from their images but does not keep the
image bytes, so this reads ``images/<name>`` through the module's own bounded,
path-safe entry reader (a ``.vmod``, an unpacked folder, or a bare buildFile's folder).
A missing or unreadable image gives ``None``; the report then just has no
picture for that board.
"""

from __future__ import annotations

from vassal.errors import FormatError
from vassal.module import Module, open_module_files

MAX_IMAGE_BYTES = 64 * 1024 * 1024


def _safe_name(name: str) -> bool:
    return bool(name) and "/" not in name and "\\" not in name and not name.startswith(".")


def read_image(module: Module, name: str) -> bytes | None:
    """The bytes of the module's ``images/<name>``, or ``None``."""
    if not _safe_name(name):
        return None
    entry = "images/" + name
    try:
        with open_module_files(module.source) as (files, _):
            return files.read(entry, MAX_IMAGE_BYTES) if files.has(entry) else None
    except (OSError, FormatError):
        return None


def missing_board_images(module: Module) -> list[str]:
    """Board images the module names but does not hold (a buildFile copied without its
    images/ folder): VASSAL then sizes those boards 0 x 0 and names every place on them
    ``offboard``."""
    return sorted({b.image for m in module.maps for b in m.boards if b.image and b.width == 0 and b.height == 0})


def board_images_warning(module: Module) -> str | None:
    """The warning to print when board images are missing, or ``None``."""
    missing = missing_board_images(module)
    if not missing:
        return None
    shown = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3 else "")
    return (f"{module.source}: {len(missing)} board image(s) missing ({shown}), so every location on those "
            f"boards will be `offboard`: give the .vmod, or the module folder with its images/ folder")
