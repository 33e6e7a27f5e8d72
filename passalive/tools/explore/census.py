"""The exhaustive census in C: Knechtel's marking against the game on every class of a small board.

An exhaustive `explore` search of 4x5 has about 2.3e8 classes.  Run position by position in
Python (the enumeration, Knechtel's marking and the attacker search) it takes about 54 CPU
hours; most of that is the attacker search, which Benson's theorem and its converse make
unnecessary without suicide: the casting-out's pass-alive chains are exactly the chains no
attacker sequence captures (`TruthOptions.benson_complete`).  What is left -- enumerate the
canonical positions, mark them by Knechtel's rule, cast out by Benson's -- is a few hundred
nanoseconds per position in C (`passalive/tools/explore/_census.c`, an optional extension
built by setup.py).

`native()` gives the compiled module or None (not built, or PASSALIVE_KERNEL=python);
`applies(...)` says whether a search is one the census answers; `count(...)` runs it over the
canonical black masks of one unit.  The census is a second implementation of the enumerator and
of both deciders: tests/test_census.py checks it against `Exhaustive`, `trace_knechtel` and the
direct casting-out.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from passalive.definitions.kernel import _forced_python
from passalive.go.bitboard import Grid, Position


class Census(Protocol):
    """The compiled module's functions (masks are ints, bit y*W+x as in `Grid`)."""

    def chunks(self, width: int, height: int, /) -> list[int]: ...

    def positions(self, black: int, width: int, height: int, /) -> list[int]: ...

    def benson(self, black: int, white: int, width: int, height: int, /) -> tuple[int, int]: ...

    def knechtel(self, black: int, white: int, width: int, height: int, /) -> tuple[int, int]: ...

    def census(
        self, blacks: Sequence[int], width: int, height: int, keep: int, /
    ) -> tuple[int, int, int, int, list[tuple[int, int]], list[tuple[int, int]]]: ...


@functools.cache
def native() -> Census | None:
    """The compiled census, or None (not built, or PASSALIVE_KERNEL=python asks for the reference)."""
    if _forced_python():
        return None
    try:
        from passalive.tools.explore import _census  # type: ignore[attr-defined]
    except ImportError:
        return None
    module: Census = _census
    return module


CENSUS_MAX_POINTS = 24
"""The largest board the census enumerates (its chunk list has 2**n candidates)."""


CENSUS_LABEL = "knechtel@no vs truth@no"
"""The one comparison the census answers."""


def applies(labels: Sequence[str], benson_complete: bool, exhaustive: bool, programs: bool) -> bool:
    """Whether the census answers a search: exhaustive, truth without suicide by Benson's theorem
    and its converse, no rule program, and only the comparison knechtel@no vs truth@no."""
    return exhaustive and benson_complete and not programs and list(labels) == [CENSUS_LABEL]


@dataclass(frozen=True)
class Counts:
    """What the census found on a set of canonical black masks.

    `knechtel_only`: positions where Knechtel's marking leaves a chain unmarked that the game
    captures (Benson casts it out); `benson_only`: where a pass-alive chain is marked.  A
    position may show both, so `positions - agree <= knechtel_only + benson_only`.  `examples`:
    per kind ("a": Knechtel-only, "b": Benson-only), the positions with fewest stones.
    """

    positions: int
    agree: int
    knechtel_only: int
    benson_only: int
    examples: dict[str, list[Position]]


def count(module: Census, grid: Grid, blacks: Sequence[int], keep: int) -> Counts:
    """Run the census over every canonical legal position whose black mask is in `blacks`."""
    positions, agree, a, b, ex_a, ex_b = module.census(list(blacks), grid.width, grid.height, keep)
    return Counts(
        positions,
        agree,
        a,
        b,
        {"a": [Position(bl, wh) for bl, wh in ex_a], "b": [Position(bl, wh) for bl, wh in ex_b]},
    )
