"""Skip a rebuild when nothing changed: a stamp of the inputs beside the image cache.

The stamp records the module's file name, a hash of every data file and of the
code that builds modules, and the module's own hash; a rebuild is skipped only
when all three still match, so an edited, deleted or replaced module is rebuilt.
The lines after the first keep what the build warned was missing from the data,
so a skipped rebuild warns the same.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

import builder
import gamedata
import vassal
from vassal.archive import write_atomically


def _input_digest(folder: Path) -> str:
    """Hash of every input file and of the code that turns them into a module."""
    digest = hashlib.sha256()
    code_roots = [Path(package.__file__).resolve().parent for package in (builder, gamedata, vassal)]
    files = [(f"data/{p.relative_to(folder).as_posix()}", p) for p in sorted(folder.rglob("*")) if p.is_file()]
    for root in code_roots:
        files += [(f"code/{root.name}/{p.relative_to(root).as_posix()}", p) for p in sorted(root.rglob("*.py"))]
    for name, path in files:
        digest.update(name.encode("utf-8") + b"\0" + hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def up_to_date(folder: Path, out_dir: Path, cache_dir: Path) -> tuple[Path, tuple[str, ...]] | None:
    """The existing module and the gaps its build reported, when neither the data nor the
    builder changed since it was written."""
    stamp = cache_dir / f"{folder.resolve().name}.stamp"
    if not stamp.is_file():
        return None
    first, *gaps = stamp.read_text(encoding="utf-8").splitlines() or [""]
    recorded = first.split()
    if len(recorded) != 3:
        return None
    module = out_dir / recorded[0]
    if not module.is_file() or recorded[1] != _input_digest(folder):
        return None
    return (module, tuple(gaps)) if hashlib.sha256(module.read_bytes()).hexdigest() == recorded[2] else None


def record_build(folder: Path, module: Path, cache_dir: Path, gaps: tuple[str, ...] = ()) -> None:
    cache_dir.mkdir(parents=True, exist_ok=True)
    text = f"{module.name} {_input_digest(folder)} {hashlib.sha256(module.read_bytes()).hexdigest()}\n"
    text += "".join(f"{gap}\n" for gap in gaps)
    write_atomically(cache_dir / f"{folder.resolve().name}.stamp", text.encode("utf-8"))
