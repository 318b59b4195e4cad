"""No import cycles among the project's modules (issue 20.4).

Every `import` and `from ... import` statement counts, wherever it is: at the top, inside a
function, under `if TYPE_CHECKING:`. An import moved into a function still ties the two
modules together; a cycle is broken by moving what belongs elsewhere, not by hiding the import.
The modules are read as text (parsed, never imported), so a cycle is found even where Python
would tolerate it at run time.
"""
from __future__ import annotations

import ast
from dataclasses import dataclass
from pathlib import Path

from conftest import REPO

PACKAGES = ("adjutant", "vassal", "gamedata", "builder", "referee")


@dataclass(frozen=True)
class Edge:
    """`source` imports `target` at `line` of `path`."""

    source: str
    target: str
    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.source} -> {self.target} ({self.path}:{self.line})"


def modules(root: Path, packages: tuple[str, ...]) -> dict[str, tuple[Path, bool]]:
    """Dotted module name -> (file, is a package's __init__)."""
    found: dict[str, tuple[Path, bool]] = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            is_package = parts[-1] == "__init__"
            found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


def imports(root: Path, packages: tuple[str, ...]) -> list[Edge]:
    """Every import of one project module by another, as written."""
    known = modules(root, packages)

    def module_of(name: str) -> str | None:
        """The project module a dotted name is in: the name itself, or its nearest parent."""
        while name:
            if name in known:
                return name
            name = name.rpartition(".")[0]
        return None

    edges: list[Edge] = []
    for source, (path, is_package) in known.items():
        package = source if is_package else source.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                targets = [module_of(a.name) for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                # `from p import m` imports the submodule m; `from p import name` imports p
                targets = [f"{stem}.{a.name}" if f"{stem}.{a.name}" in known else module_of(stem) for a in node.names]
            else:
                continue
            rel = path.relative_to(root).as_posix()
            edges += [Edge(source, t, rel, node.lineno) for t in dict.fromkeys(targets) if t and t != source]
    return edges


def cycles(edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, without
    recursion), each sorted, in a stable order."""
    graph: dict[str, list[str]] = {}
    for e in edges:
        graph.setdefault(e.source, []).append(e.target)
        graph.setdefault(e.target, [])
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            for nxt in successors:
                if nxt not in index:
                    index[nxt] = low[nxt] = len(index)
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph[nxt])))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return sorted(found)


def describe(edges: list[Edge], component: list[str]) -> str:
    inside = set(component)
    lines = [str(e) for e in edges if e.source in inside and e.target in inside]
    return "cycle among " + ", ".join(component) + ":\n  " + "\n  ".join(lines)


def test_no_import_cycle_among_the_projects_modules():
    edges = imports(REPO, PACKAGES)
    assert len({e.source for e in edges}) > 100          # the packages were read
    found = cycles(edges)
    assert not found, "\n".join(describe(edges, c) for c in found)


def test_a_cycle_is_found_however_it_is_hidden(tmp_path):
    """The check itself can fail: a planted cycle through a function-level import, a
    TYPE_CHECKING import and a relative import is found and named, module by module."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from ..c import C\n")
    (pkg / "c.py").write_text("class C:\n    def f(self):\n        import pkg.a\n")
    (pkg / "d.py").write_text("from pkg import a\n")                 # imports into the cycle, not part of it
    edges = imports(tmp_path, ("pkg",))
    assert cycles(edges) == [["pkg.a", "pkg.c", "pkg.sub.b"]]
    assert describe(edges, ["pkg.a", "pkg.c", "pkg.sub.b"]).splitlines()[1:] == [
        "  pkg.a -> pkg.sub.b (pkg/a.py:1)",
        "  pkg.c -> pkg.a (pkg/c.py:3)",
        "  pkg.sub.b -> pkg.c (pkg/sub/b.py:3)",
    ]
