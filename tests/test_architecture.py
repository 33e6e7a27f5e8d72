"""The layers of docs/architecture.md, enforced: a package imports only the layers beneath it.

    errors < go < grammar, rules, solver, output < definitions < tools < cli
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import passalive

LAYERS: dict[str, int] = {
    "errors": 0,
    "go": 1,
    "grammar": 2,
    "rules": 2,
    "solver": 2,
    "output": 2,
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
