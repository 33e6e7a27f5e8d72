"""One move of Go: put a stone down, remove what it captures, apply the suicide rule.

This is passalive's only capture rule.  The readers replay the numbered moves
of a diagram and the moves of an SGF game with it, `Board.play` and
`Board.play_moves` make new boards with it (the GTP engine's moves too), and
the solver's move simulator (`passalive.solver.simulator`) plays its attacker
moves with it.  `simple_ko` is its one simple-ko rule (the replay of a record
warns by it, the GTP engine refuses by it).

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

from collections.abc import Collection, MutableSequence, Sequence
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


def simple_ko(
    states: Sequence[State], adjacency: Sequence[Sequence[int]], point: int, stone: State, empty: State,
    captured: Collection[int],
) -> int | None:
    """The point the opponent may not play next by the simple ko rule, after
    `stone` was played at `point` and took `captured` (None: no ko).

    A move takes a ko when it captured exactly one stone and its own stone
    stands alone with that point as its only liberty: playing back at once
    would capture it and repeat the position.  (Longer repetitions, which
    only some rule sets forbid, are not looked for.)
    """
    if len(captured) != 1 or states[point] != stone:
        return None
    (taken,) = captured
    for q in adjacency[point]:
        if q != taken and (states[q] == empty or states[q] == stone):
            return None
    return taken


def play_mask(
    neighbours: Sequence[int], mine: int, theirs: int, point: int, suicide: Suicide = Suicide.ILLEGAL
) -> tuple[int, int, int] | None:
    """The same rule on bit masks, for searches that play millions of moves.

    A position is two masks of point ids (bit p for point p), the stones of
    the player to move (`mine`) and of the opponent (`theirs`);
    `neighbours[p]` is the mask of p's neighbours (`Grid.neighbours` on a
    plain grid, any board's adjacency otherwise).  Returns `(mine, theirs,
    captured)` after `mine` plays at `point` -- steps 1 to 3 of the module
    docstring, with `captured` the mask of the opponent stones removed -- or
    None when the move is illegal (the point is taken, or a suicide that
    `suicide` forbids).  Tested equal to `play` on random positions.
    """
    stone = 1 << point
    if (mine | theirs) & stone:
        return None
    mine |= stone
    empty_of = ~(mine | theirs)
    captured = 0
    rest = neighbours[point] & theirs
    while rest:
        low = rest & -rest
        if neighbours[low.bit_length() - 1] & empty_of:  # a liberty next to this very stone
            rest ^= low
            continue
        chain, free = _chain_mask(neighbours, theirs, low, empty_of)
        rest &= ~chain
        if not free:
            captured |= chain
    if captured:
        return mine, theirs & ~captured, captured
    if neighbours[point] & empty_of:
        return mine, theirs, 0
    own, free = _chain_mask(neighbours, mine, stone, empty_of)
    if free:
        return mine, theirs, 0
    if suicide is Suicide.ILLEGAL or (suicide is Suicide.MULTI and own == stone):
        return None
    return mine & ~own, theirs, 0


def _chain_mask(neighbours: Sequence[int], stones: int, seed: int, empty: int) -> tuple[int, bool]:
    """The chain of `stones` through the bit `seed`, and whether it has a liberty (a bit of `empty`)."""
    chain = frontier = seed
    free = False
    while frontier:
        near = 0
        while frontier:
            low = frontier & -frontier
            near |= neighbours[low.bit_length() - 1]
            frontier ^= low
        if near & empty:
            free = True
        frontier = near & stones & ~chain
        chain |= frontier
    return chain, free
