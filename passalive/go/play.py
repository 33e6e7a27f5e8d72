"""One move of Go: put a stone down, remove what it captures, apply the suicide rule.

This is passalive's only capture rule.  The readers replay the numbered moves
of a diagram and the moves of an SGF game with it, `Board.play` and
`Board.play_moves` make new boards with it, and the solver's move simulator
(`passalive.solver.simulator`) plays its attacker moves with it.

The rule, for a stone of state `stone` put on an empty point p:

1. put the stone on p;
2. remove every adjacent chain of another stone state that now has no
   liberty (a capture);
3. if nothing was captured and the chain through p has no liberty, the move
   is a suicide: illegal under `Suicide.ILLEGAL`, and under `Suicide.MULTI`
   when the chain is the single stone just placed; otherwise the chain is
   removed.

(When something is captured, the chain through p has a liberty: the point of
a captured stone next to p.)

The functions work on any mutable sequence of point states with a board's
adjacency lists, so the same rule serves a list of `Colour` (the readers,
`Board.play`) and a `bytearray` of small integers (the simulator).  A state
is a stone when it differs from the `empty` state given; a stone of another
state than the one played is an opponent stone.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass
from typing import TypeVar

from passalive.go.suicide import Suicide

State = TypeVar("State")


@dataclass(frozen=True)
class Played:
    """What a legal move removed: the opponent stones it `captured` and the
    mover's own stones removed by a (legal) suicide."""

    captured: frozenset[int]
    suicided: frozenset[int] = frozenset()

    @property
    def suicide(self) -> bool:
        """Whether the move was a suicide."""
        return bool(self.suicided)


def chain_without_liberty(
    states: Sequence[State], adjacency: Sequence[Sequence[int]], start: int, empty: State
) -> list[int] | None:
    """The chain through `start` (connected points of its state) if it has no
    liberty, else None (found as soon as the first liberty is seen)."""
    state = states[start]
    stones = [start]
    seen = {start}
    i = 0
    while i < len(stones):
        for q in adjacency[stones[i]]:
            s = states[q]
            if s == empty:
                return None
            if s == state and q not in seen:
                seen.add(q)
                stones.append(q)
        i += 1
    return stones


def play(
    states: MutableSequence[State],
    adjacency: Sequence[Sequence[int]],
    point: int,
    stone: State,
    empty: State,
    suicide: Suicide,
) -> Played | None:
    """Play `stone` at `point` of `states`, changed in place (see the module docstring).

    Returns what the move removed, or None when the move is illegal -- the
    point is not empty, or it is a suicide `suicide` forbids -- and then
    leaves `states` as it was.
    """
    if states[point] != empty:
        return None
    states[point] = stone
    captured: set[int] = set()
    for q in adjacency[point]:
        s = states[q]
        if s != empty and s != stone and q not in captured:
            stones = chain_without_liberty(states, adjacency, q, empty)
            if stones is not None:
                captured.update(stones)
    for q in captured:
        states[q] = empty
    if captured:
        return Played(frozenset(captured))
    own = chain_without_liberty(states, adjacency, point, empty)
    if own is None:
        return Played(frozenset())
    if suicide is Suicide.ILLEGAL or (suicide is Suicide.MULTI and len(own) == 1):
        states[point] = empty
        return None
    for q in own:
        states[q] = empty
    return Played(frozenset(), frozenset(own))
