#!/usr/bin/env python3
"""Type-check the installed shape of passalive with mypy, and its tests.

Why a script: pyproject's [tool.setuptools.package-dir] installs the
top-level folders grammar/, rules/ and solver/ as passalive.grammar,
passalive.rules and passalive.solver.  mypy finds modules by their place
on disk and has no such mapping (python/mypy#10564), so run on the source
tree it cannot resolve those three packages and every type that crosses
into them becomes Any.  This script lays out the package as it is
installed -- a tree of symbolic links under build/typecheck/, built from
the packages and package-dir that pyproject declares -- and runs mypy on
it (settings in pyproject's [tool.mypy]), together with tests/, bench/ and
scripts/.  Reported paths are mapped back to the files in the repository.

Usage:  python scripts/typecheck.py [extra mypy arguments]
Exit status: mypy's (0 clean, 1 type errors, 2 usage error).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TREE = ROOT / "build" / "typecheck"
# Folders checked as they stand beside the package (not installed).
EXTRA = ("tests", "bench", "scripts")


def package_dirs(pyproject: dict[str, Any]) -> dict[str, Path]:
    """Each declared package's folder in the repository, as setuptools maps it."""
    setuptools = pyproject["tool"]["setuptools"]
    mapping: dict[str, str] = setuptools.get("package-dir", {})
    result: dict[str, Path] = {}
    for package in setuptools["packages"]:
        parts = package.split(".")
        for cut in range(len(parts), -1, -1):
            prefix = ".".join(parts[:cut])
            if prefix in mapping or cut == 0:
                base = mapping.get(prefix, "")
                result[package] = ROOT.joinpath(base, *parts[cut:])
                break
    return result


def build_tree(packages: dict[str, Path]) -> dict[str, str]:
    """Link every module of every package into TREE at its installed place.

    Returns a map from a path in the tree (relative to TREE) to the path of
    the same file in the repository (relative to ROOT).
    """
    if TREE.exists():
        shutil.rmtree(TREE)
    back: dict[str, str] = {}
    for package, folder in packages.items():
        target = TREE.joinpath(*package.split("."))
        target.mkdir(parents=True, exist_ok=True)
        for source in sorted(folder.glob("*.py")) + sorted(folder.glob("*.pyi")) + sorted(folder.glob("py.typed")):
            link = target / source.name
            link.symlink_to(source)
            back[link.relative_to(TREE).as_posix()] = source.relative_to(ROOT).as_posix()
    for extra in EXTRA:
        (TREE / extra).symlink_to(ROOT / extra, target_is_directory=True)
    return back


def main(argv: list[str]) -> int:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    back = build_tree(package_dirs(pyproject))
    command = [
        sys.executable, "-m", "mypy",
        "--config-file", str(ROOT / "pyproject.toml"),
        "--cache-dir", str(ROOT / "build" / "mypy-cache"),
        "passalive", *EXTRA, *argv,
    ]
    done = subprocess.run(command, cwd=TREE, capture_output=True, text=True)
    path = re.compile(r"^(passalive/[^:]+\.py)")
    for stream, text in ((sys.stdout, done.stdout), (sys.stderr, done.stderr)):
        for line in text.splitlines(keepends=True):
            stream.write(path.sub(lambda m: back.get(m.group(1), m.group(1)), line))
    return done.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
