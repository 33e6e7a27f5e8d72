"""The layers of docs/architecture.md, enforced: a package imports only the layers beneath it.

    errors < go < grammar, rules, solver, output, batch < definitions < tools < cli

Inside a package the modules import one another without a circle: every
import counts (at the top, inside a function, or for type checking only),
so a piece two modules share lives in a module beneath both.  And no module
is longer than 600 lines unless its docstring says why ("Over 600 lines: …").
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import passalive

LAYERS: dict[str, int] = {
    "errors": 0,
    "version": 0,
    "go": 1,
    "grammar": 2,
    "rules": 2,
    "solver": 2,
    "output": 2,
    "batch": 2,
    "definitions": 3,
    "tools": 4,
    "cli": 5,
}
"""The layer of each top-level package (or module) of `passalive`."""


def _package_files() -> list[tuple[str, Path]]:
    """Every module of the installed package with its layer's name."""
    files: list[tuple[str, Path]] = []
    for name in LAYERS:
        module = __import__(f"passalive.{name}", fromlist=["_"])
        origin = Path(module.__file__ or "")
        paths = sorted(origin.parent.rglob("*.py")) if origin.name == "__init__.py" else [origin]
        files.extend((name, path) for path in paths)
    return files


def _imported_layers(path: Path) -> set[str]:
    """The `passalive` layers a module imports, at the top or inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "passalive" and len(parts) > 1 and parts[1] in LAYERS:
                found.add(parts[1])
    return found


def test_every_module_belongs_to_a_layer() -> None:
    root = Path(passalive.__file__).parent
    top = {p.stem for p in root.glob("*.py")} | {p.name for p in root.iterdir() if (p / "__init__.py").exists()}
    assert top - {"__init__", "__main__"} <= set(LAYERS)


@pytest.mark.parametrize(("layer", "path"), _package_files(), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_a_module_imports_only_layers_beneath_it(layer: str, path: Path) -> None:
    above = {other for other in _imported_layers(path) if other != layer and LAYERS[other] >= LAYERS[layer]}
    assert not above, f"{path.name} ({layer}) imports {sorted(above)}, which are not beneath it"


MAX_LINES = 600
"""A module longer than this says why in its docstring, in a paragraph starting `Over 600 lines:`."""


def _module_name(layer: str, path: Path) -> str:
    """The dotted name of a module file of the installed package (a package by its `__init__`).

    `grammar/`, `rules/` and `solver/` are installed as `passalive.grammar`,
    `.rules` and `.solver`, so the name is made from the layer's own folder.
    """
    module = __import__(f"passalive.{layer}", fromlist=["_"])
    origin = Path(module.__file__ or "")
    if origin.name != "__init__.py":
        return f"passalive.{layer}"
    parts = [layer, *path.relative_to(origin.parent).with_suffix("").parts]
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["passalive", *parts])


def _imported_modules(name: str, path: Path, modules: set[str]) -> Iterator[str]:
    """The modules of `passalive` that a module imports, however (`from package import module` names the module)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names if alias.name in modules)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in modules:
                    yield sub
                elif base in modules:
                    yield base


def _extension_modules() -> set[str]:
    """The package's C extension modules, by their C sources (`_kernel.c`, `_host.c`, `_census.c`):
    modules that import nothing of passalive, but that `from package import _kernel` names all the same."""
    names = set()
    for layer in LAYERS:
        origin = Path(__import__(f"passalive.{layer}", fromlist=["_"]).__file__ or "")
        if origin.name == "__init__.py":
            names |= {_module_name(layer, source.with_suffix(".py")) for source in origin.parent.rglob("_*.c")}
    return names


def _package_edges() -> dict[str, set[str]]:
    """Each module of the installed package and the modules of its own package (layer, sub-packages included) it imports."""
    files = {_module_name(layer, path): path for layer, path in _package_files()}
    names = set(files) | _extension_modules()
    return {
        name: {m for m in _imported_modules(name, path, names) if m != name and m.split(".")[1] == name.split(".")[1]}
        for name, path in files.items()
    }


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The circles of an import graph: its strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return found


def test_no_import_circle_inside_a_package() -> None:
    assert circles(_package_edges()) == []


def test_a_circle_is_found() -> None:
    """The finder itself: analysis -> territory -> statuses -> area -> analysis was such a circle."""
    edges = {"analysis": {"territory"}, "territory": {"statuses"}, "statuses": {"area"}, "area": {"analysis"}, "cli": {"area"}}
    assert circles(edges) == [["analysis", "area", "statuses", "territory"]]
    assert circles({"check": {"rows"}, "status_check": {"rows"}, "rows": set()}) == []


def test_every_kind_of_import_counts() -> None:
    """A type-only import and one inside a function are edges too; `from package import module` names the module."""
    edges = _package_edges()
    assert "passalive.definitions.static_safety.geometry" in edges["passalive.definitions.facts"]  # top level
    assert "passalive.rules.provenance" in edges["passalive.rules.engine"]
    assert "passalive.rules.compile" in edges["passalive.rules.provenance"]  # under TYPE_CHECKING
    assert "passalive.grammar.sgf" in edges["passalive.grammar.read"]  # inside a function
    assert "passalive.rules.ast" in edges["passalive.rules.check"]  # from passalive.rules import ast
    assert "passalive.batch._host" in edges["passalive.batch.fused"]  # a C extension, named by its source
    assert "passalive.tools.explore._census" in edges["passalive.tools.explore.census"]


@pytest.mark.parametrize(("layer", "path"), _package_files(), ids=lambda v: v.name if isinstance(v, Path) else v)
def test_a_long_module_says_why(layer: str, path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    lines = text.count("\n")
    if lines <= MAX_LINES:
        return
    docstring = ast.get_docstring(ast.parse(text)) or ""
    assert "Over 600 lines:" in docstring, f"{path.name} has {lines} lines and its docstring does not say why"
