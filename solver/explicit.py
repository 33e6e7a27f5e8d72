"""The explicit-state baseline: breadth-first search over attacker sequences.

The attacker plays every turn, the owner passes.  Starting from the board's
position, the search visits every position the attacker can reach, each once
(a set of visited positions is the memo), in order of the number of moves
needed, and stops at the first position in which a stone of one of the given
chains has been captured.  Breadth-first order makes the sequence it reports a
shortest one.

It is exhaustive: with no depth limit it visits every reachable position, a
finite set, so "no capture found" means no sequence of any length captures
them (pass-alive), with or without suicide.  It has no cleverness beyond the
memo, which is the point: the tests use it as ground truth for the Z3
encoding, and `bench/` as the baseline.  On a large board the number of
positions explodes; `max_states` bounds the work and the answer is then
*unknown* (`captured is None`).

Passes are implicit: a sequence of up to k moves is found at depth <= k.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide
from passalive.solver.simulator import Game, Move, captured_targets, check_witness, legal_moves


@dataclass(frozen=True)
class ExplicitResult:
    """The answer of the explicit search.

    `captured` is True (with `sequence`, a shortest capturing sequence, and
    `chains`, the target chains it captures), False (no capture within
    `depth` moves; with `exhausted` the whole reachable space was visited, so
    no capture ever), or None when the budget ran out (`depth` is then the
    last depth completed).
    """

    captured: bool | None
    sequence: tuple[Move, ...]
    chains: frozenset[int]
    depth: int
    exhausted: bool
    states: int


def search(
    board: Board,
    owner: Colour,
    targets: Iterable[int],
    suicide: Suicide = Suicide.ILLEGAL,
    depth: int | None = None,
    max_states: int | None = None,
    timeout: float | None = None,
) -> ExplicitResult:
    """Can the attacker capture a stone of the `targets` chains (indices into `board.chains`)?

    `depth` bounds the number of attacker moves (None: unbounded, exhaustive).
    """
    targets = tuple(targets)
    game = Game.of(board, owner)
    if not targets:
        return ExplicitResult(False, (), frozenset(), 0, True, 1)
    deadline = None if timeout is None else time.monotonic() + timeout
    parent: dict[bytes, tuple[bytes, int] | None] = {game.start: None}
    frontier = [game.start]
    level = 0
    while frontier:
        if depth is not None and level >= depth:
            return ExplicitResult(False, (), frozenset(), level, False, len(parent))
        following: list[bytes] = []
        for position in frontier:
            if deadline is not None and time.monotonic() > deadline:
                return ExplicitResult(None, (), frozenset(), level, False, len(parent))
            for p, outcome in legal_moves(game, position, suicide):
                nxt = outcome.position
                if nxt in parent:
                    continue
                parent[nxt] = (position, p)
                if outcome.captured and captured_targets(game, nxt, targets):
                    moves = _path(parent, nxt)
                    _, hit = check_witness(game, moves, suicide, targets)
                    return ExplicitResult(True, moves, hit, level + 1, False, len(parent))
                following.append(nxt)
                if max_states is not None and len(parent) > max_states:
                    return ExplicitResult(None, (), frozenset(), level, False, len(parent))
        frontier = following
        level += 1
    return ExplicitResult(False, (), frozenset(), level, True, len(parent))


def _path(parent: dict[bytes, tuple[bytes, int] | None], position: bytes) -> tuple[Move, ...]:
    moves: list[Move] = []
    step = parent[position]
    while step is not None:
        position, p = step
        moves.append(p)
        step = parent[position]
    return tuple(reversed(moves))
