"""Why each chain is pass-alive (or safe) or not: the trace every variant gives for `--explain`.

Its own module so that a variant written in its own package
(`static_safety`) and the table of variants (`variants.py`) both import it
without importing each other.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from passalive.go.board import Colour


@dataclass(frozen=True)
class ChainFate:
    """Why one chain is pass-alive or not, under one variant.

    `round` is the round in which the chain was cast out (None: it is
    pass-alive); `regions` names, for the last round it took part in, each of
    its regions that counted; `notes` has one line per reason.
    """

    chain: int
    alive: bool
    round: int | None
    regions: tuple[int, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class Trace:
    """The fates of all chains of one colour under one variant."""

    colour: Colour
    fates: Mapping[int, ChainFate]
    stage: str = "cast out in round"

    @property
    def alive(self) -> frozenset[int]:
        """Indices of the pass-alive chains."""
        return frozenset(i for i, f in self.fates.items() if f.alive)
