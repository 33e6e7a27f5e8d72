"""passalive's Datalog-style rule engine and the bundled rule programs (`*.dl`).

The language is described in docs/rule-language.md.  The API:

    program = load_program("casting-out.dl")      # or parse_program(text, path=...)
    model = program.run({"stone": [...], ...})    # facts by relation
    model.relation("alive")                       # frozenset of tuples
    print(model.why("alive", (3,)))               # proof tree / why not
    program.relations["alive"].kind               # "plain", "eqrel", "greatest"

A `Program` is immutable; `run` returns a new `Model` each time.
"""

from __future__ import annotations

import os

from passalive.rules.ast import Declaration
from passalive.rules.engine import Model, Program
from passalive.rules.parse import BUNDLED_DIR, parse_file, parse_source, resolve_bundled
from passalive.rules.provenance import Proof


def parse_program(text: str, path: str = "<string>") -> Program:
    """Load a program from its text; `.include` is relative to `path`'s directory."""
    return Program(parse_source(text, path))


def load_program(path: str) -> Program:
    """Load a program file (or a bundled program by name, e.g. `casting-out`)."""
    if not os.path.exists(path):
        bundled = resolve_bundled(path)
        if os.path.exists(bundled):
            path = bundled
    return Program(parse_file(path))


def bundled_programs() -> list[str]:
    """The paths of the bundled `*.dl` programs."""
    return sorted(
        os.path.join(BUNDLED_DIR, name) for name in os.listdir(BUNDLED_DIR) if name.endswith(".dl")
    )


__all__ = ["Program", "Model", "Proof", "Declaration", "parse_program", "load_program", "bundled_programs"]
