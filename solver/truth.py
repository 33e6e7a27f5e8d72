"""The one result type of the game's truth: what is known about one chain.

Every question passalive asks of the game -- can the attacker, playing as
often as it likes while the owner passes, capture this chain? -- is answered
by `passalive.solver.oracle` with a `Truth` per chain:

* *proven*: no sequence captures it, and `method` says how that is known (an
  exhaustive search, the Z3 complete check, the suicide certificate, or one
  of the two static theorems, which are reported as theorems, never as
  search);
* *captured*: `sequence` captures it, replayed by the move simulator;
* *alive to depth*: a bounded check found no capture within `depth` moves;
* *unknown*: nothing was settled (`reason`: the time or the search budget
  ran out; `depth`: no capture within that many moves is all that is
  known).  `theorem` then says what the static theorems say about it.

Chains are named by their index in `Board.chains` (`chain_mask` and
`grid_chain_masks` give the bit masks of a plain grid's chains, the naming
of the explore tool).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from passalive.go.bitboard import Grid, Position
from passalive.go.board import Board, Colour
from passalive.solver.simulator import Move


class Status(enum.Enum):
    """What is established for one chain."""

    PROVEN = "proven"
    """No attacker sequence of any length captures it."""
    ALIVE_TO_DEPTH = "alive-to-depth"
    """No attacker sequence of up to `depth` moves captures it (a bounded check)."""
    CAPTURED = "captured"
    """The `sequence` (replayed) captures one of its stones."""
    UNKNOWN = "unknown"
    """The time or the search budget ran out; no capture within `depth` moves is all that is known."""


class Method(enum.Enum):
    """How a result was obtained."""

    SEARCH = "exhaustive search"
    """The bit-mask attacker search visited every reachable position (`attack.py`)."""
    Z3 = "Z3 complete check"
    """The Z3 check up to its completeness bound (`z3check.py`), or a bounded one."""
    CERTIFICATE = "two-region certificate"
    """Suicide legal: the chain is in the largest set of chains with two regions of
    neighbours (docs/solver.md, section 4, proves that such a chain is never captured)."""
    GREEDY = "liberty filling"
    """Captured by filling the chain's liberties, outside ones first."""
    STRATEGY = "suicide strategy"
    """Captured by the strategy of the suicide theorem (docs/solver.md, section 4)."""
    WEAKER_RULE = "the same sequence without suicide"
    """Captured under a stricter suicide rule: every move legal there is legal here
    with the same result, so the same sequence captures."""
    BENSON = "Benson's theorem"
    """Suicide illegal: the chain is in the largest Benson set (casting-out), which
    Benson's theorem proves pass-alive -- a theorem, not a search."""
    SUICIDE_LEMMA = "the suicide lemma"
    """Suicide legal: the chain is in the largest two-region set, pass-alive by the
    lemma of docs/findings.md -- a theorem, not a search."""

    @property
    def theorem(self) -> bool:
        """Whether this is a static theorem rather than a search or a certificate."""
        return self in (Method.BENSON, Method.SUICIDE_LEMMA)


@dataclass(frozen=True)
class Truth:
    """The game's answer for one chain (see the module docstring)."""

    chain: int
    colour: Colour
    status: Status
    method: Method | None = None
    depth: int = 0
    sequence: tuple[Move, ...] = ()
    reason: str = ""
    """Unknown: why.  Settled: what the method's `depth` is counted after, if anything
    (the Z3 check after the attacker's open-region fills)."""
    theorem: Method | None = None

    @property
    def settled(self) -> bool:
        """Proven or captured: the game's final word on the chain."""
        return self.status in (Status.PROVEN, Status.CAPTURED)

    @property
    def by_search(self) -> bool:
        """Settled without taking a static theorem's word for it."""
        return self.settled and not (self.method is not None and self.method.theorem)


def chain_mask(board: Board, chain: int) -> int:
    """A chain's points as a bit mask (point id p is bit p)."""
    return sum(1 << p for p in board.chains[chain].points)


def grid_chain_masks(grid: Grid, position: Position) -> tuple[int, ...]:
    """The masks of every chain of a plain grid's position, in `Board.chains`
    order (by first point), so that index i names the same chain as
    `grid.board(position).chains[i]` without building the board's chains."""
    masks = grid.components(position.black) + grid.components(position.white)
    return tuple(sorted(masks, key=lambda m: m & -m))
