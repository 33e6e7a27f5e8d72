"""The few lines of Go a reader needs: put a stone down and remove what it captures.

Used only to replay numbered moves of a diagram and the moves of an SGF game
onto the position they start from.  It is deliberately minimal and private:
the full move simulator (suicide rules, ko, passes) lives in
`passalive.solver`.
"""

from __future__ import annotations

from collections.abc import Sequence

from passalive.go.board import Colour


def _chain_and_liberties(
    colours: Sequence[Colour], adjacency: Sequence[Sequence[int]], start: int
) -> tuple[list[int], bool]:
    """The chain through `start` and whether it has a liberty."""
    colour = colours[start]
    chain = [start]
    seen = {start}
    free = False
    i = 0
    while i < len(chain):
        for q in adjacency[chain[i]]:
            c = colours[q]
            if c is Colour.EMPTY:
                free = True
            elif c is colour and q not in seen:
                seen.add(q)
                chain.append(q)
        i += 1
    return chain, free


def play(
    colours: list[Colour], adjacency: Sequence[Sequence[int]], point: int, colour: Colour
) -> tuple[list[int], bool]:
    """Play `colour` at the empty `point` of `colours` (changed in place).

    Opponent chains left without liberties are removed.  Returns the captured
    points and whether the move is suicide (its own chain has no liberty
    after the captures; the stone is then left in place for the caller to
    report).  The caller checks that the point is empty.
    """
    colours[point] = colour
    captured: list[int] = []
    opponent = colour.opponent
    for q in adjacency[point]:
        if colours[q] is opponent:
            chain, free = _chain_and_liberties(colours, adjacency, q)
            if not free:
                for r in chain:
                    colours[r] = Colour.EMPTY
                captured.extend(chain)
    _, free = _chain_and_liberties(colours, adjacency, point)
    return captured, not free


def remove_chain(colours: list[Colour], adjacency: Sequence[Sequence[int]], point: int) -> list[int]:
    """Empty the chain through `point` (after a suicide, where the rules allow it)."""
    chain, _ = _chain_and_liberties(colours, adjacency, point)
    for q in chain:
        colours[q] = Colour.EMPTY
    return chain
