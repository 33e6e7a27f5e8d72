"""Enumeration and sampling of positions of small rectangular boards.

`passalive explore` looks at millions of positions, far too many to build a
`Board` for each before it is needed; positions are the bit masks of
`passalive.go.bitboard`.  This module provides:

* `Exhaustive`: every legal position up to the board's symmetries and the
  exchange of colours, in chunks (one chunk per canonical black mask) so that
  long runs can be split over processes and resumed;
* `random_play` and `random_fill`: seeded samplers of legal positions of
  larger boards.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from passalive.go.bitboard import Grid, Position
from passalive.go.board import Colour, grid_adjacency
from passalive.go.play import play
from passalive.go.suicide import Suicide
from passalive.errors import UsageError


def _chain_outers(grid: Grid) -> list[tuple[int, ...]]:
    """For each mask m, the outer boundary (neighbours outside m) of each chain of m."""
    table: list[tuple[int, ...]] = []
    for m in range(1 << grid.n):
        outers = []
        rest = m
        while rest:
            chain = grid.flood(rest & -rest, m)
            outers.append(grid.dilate(chain) & ~chain)
            rest &= ~chain
        table.append(tuple(outers))
    return table


MAX_EXHAUSTIVE_POINTS = 20
"""The largest board (in points) `exhaustive` accepts: its tables have 2**n rows."""


class Exhaustive:
    """Every legal position of a small grid, one per class of symmetry and colour swap.

    The canonical representative of a class is the member with the smallest
    `Grid.code`, i.e. the smallest black mask, then the smallest white mask.
    So a canonical position's black mask is the smallest in its orbit under
    the board's symmetries (`chunks`), and every image of its white mask is
    at least the black mask.  Work is split into one chunk per such black mask.
    """

    def __init__(self, grid: Grid) -> None:
        if grid.n > MAX_EXHAUSTIVE_POINTS:
            raise UsageError(
                f"exhaustive enumeration is for boards of at most {MAX_EXHAUSTIVE_POINTS} points; "
                f"{grid} has {grid.n} (use --random)"
            )
        self.grid = grid
        self._outers = _chain_outers(grid)
        self._smallest_image = [min(grid.images(m)) for m in range(1 << grid.n)]

    def chunks(self) -> list[int]:
        """The black masks that start a chunk: those smallest in their orbit."""
        return [b for b in range(1 << self.grid.n) if self._smallest_image[b] == b]

    def positions(self, black: int) -> Iterator[Position]:
        """The canonical legal positions whose black mask is `black`."""
        grid = self.grid
        n = grid.n
        room = grid.full & ~black
        black_outers = self._outers[black]
        smallest = self._smallest_image
        outers = self._outers
        # Symmetries that fix the black mask: only they can tie on the black part.
        fixing = [i for i, img in enumerate(grid.images(black)) if img == black]
        w = 0
        while True:
            if smallest[w] >= black and all(o & w != o for o in black_outers) and all(
                o & black != o for o in outers[w]
            ):
                code = (black << n) | w
                whites = grid.images(w)
                if all(whites[i] >= w for i in fixing):
                    # colour-swapped images: first component is an image of w.
                    blacks = grid.images(black)
                    if all(
                        (wi << n) | bi >= code for wi, bi in zip(whites, blacks) if wi == black
                    ):
                        yield Position(black, w)
            if w == room:
                return
            w = (w - room) & room


# ---------------------------------------------------------------- sampling


def random_fill(grid: Grid, rng: random.Random) -> Position:
    """A random legal position: each point black, white or empty at random
    (the share of empty points itself random), then every chain without a
    liberty removed."""
    empty_share = rng.uniform(0.15, 0.6)
    black = white = 0
    for p in range(grid.n):
        r = rng.random()
        if r < empty_share:
            continue
        if rng.random() < 0.5:
            black |= 1 << p
        else:
            white |= 1 << p
    return grid.without_dead(Position(black, white))


def random_play(grid: Grid, rng: random.Random) -> Position:
    """A legal position from a random game: both sides play random legal moves
    that do not fill one of their own one-point eyes, and the game is cut at a
    random length (a third of the positions are the end of the game, where no
    such move is left -- the positions where pass-alive questions arise).
    Moves follow `passalive.go.play` with suicide illegal."""
    adjacency = grid_adjacency(grid.width, grid.height)
    states = [Colour.EMPTY] * grid.n
    colour = Colour.BLACK
    limit = 4 * grid.n
    stop = limit if rng.random() < 1 / 3 else rng.randrange(limit)
    passes = 0
    moves = 0
    while moves < stop and passes < 2:
        candidates = [
            p
            for p, state in enumerate(states)
            if state is Colour.EMPTY and any(states[q] is not colour for q in adjacency[p])
        ]
        rng.shuffle(candidates)
        for p in candidates:
            if play(states, adjacency, p, colour, Colour.EMPTY, Suicide.ILLEGAL) is not None:
                passes = 0
                break
        else:
            passes += 1
        colour = colour.opponent
        moves += 1
    return Position(
        sum(1 << p for p, state in enumerate(states) if state is Colour.BLACK),
        sum(1 << p for p, state in enumerate(states) if state is Colour.WHITE),
    )
