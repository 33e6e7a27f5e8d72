"""Hypothesis strategies for Go positions, shared by the test files.

`end_of_game_positions()` draws legal positions reached by random play
towards the end of a game: both players play random legal moves that do not
fill one of their own single-point eyes, until neither has such a move or a
move limit is reached, so the boards are full of settled groups, eyes,
false eyes and seki, which is where pass-alive verdicts get interesting.
`random_position()` is the same thing without hypothesis (the benchmarks use
it).  Import with `from strategies import ...` (pytest puts `tests/` on the
path) or, from a script, after adding `tests/` to `sys.path`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import strategies as st

from passalive.go.board import Board, Colour, grid_adjacency
from passalive.go.play import play as go_play
from passalive.go.suicide import Suicide

EMPTY, BLACK, WHITE = Colour.EMPTY, Colour.BLACK, Colour.WHITE


def play(colours: list[Colour], neighbours: Sequence[Sequence[int]], p: int, colour: Colour, suicide: bool) -> bool:
    """Play `colour` at empty point `p` in place by passalive's one capture rule
    (`passalive.go.play`); False (and no change) if illegal.  With `suicide`,
    multi-stone suicide is legal.  Ko is not checked (positions stay legal either way)."""
    rule = Suicide.MULTI if suicide else Suicide.ILLEGAL
    return go_play(colours, neighbours, p, colour, EMPTY, rule) is not None


def random_position(
    rng: random.Random,
    width: int,
    height: int,
    *,
    suicide: bool = False,
    move_factor: float = 2.5,
) -> Board:
    """A legal position after random play towards the end of a game.

    Players alternate random legal moves, never filling a point all of whose
    neighbours are their own stones; a player without such a move passes;
    play stops after two passes in a row or `move_factor` x points moves.
    A single-stone capture that could be retaken at once (a ko) forbids the
    retake for one move.
    """
    neighbours = grid_adjacency(width, height)
    colours = [EMPTY] * (width * height)
    to_move = BLACK
    passes = 0
    ko = -1  # the point a single-stone capture just emptied: not playable at once

    def try_move(p: int) -> bool:
        if p == ko or colours[p] is not EMPTY or all(colours[q] is to_move for q in neighbours[p]):
            return False
        return play(colours, neighbours, p, to_move, suicide)

    for _ in range(int(move_factor * width * height)):
        empties = [p for p, c in enumerate(colours) if c is EMPTY]
        before = len(empties)
        moved = -1
        for p in rng.sample(empties, min(6, len(empties))):
            if try_move(p):
                moved = p
                break
        if moved < 0:
            rng.shuffle(empties)
            for p in empties:
                if try_move(p):
                    moved = p
                    break
        ko = -1
        if moved >= 0:
            after = sum(1 for c in colours if c is EMPTY)
            # exactly one stone captured, and the mover's stone stands alone: a ko shape
            if after == before and not any(colours[q] is to_move for q in neighbours[moved]):
                empty_neighbours = [q for q in neighbours[moved] if colours[q] is EMPTY]
                if len(empty_neighbours) == 1:
                    ko = empty_neighbours[0]
        passes = 0 if moved >= 0 else passes + 1
        if passes >= 2:
            break
        to_move = to_move.opponent
    rows = [colours[y * width : (y + 1) * width] for y in range(height)]
    return Board.grid(rows)


@st.composite
def end_of_game_positions(
    draw: st.DrawFn,
    min_size: int = 5,
    max_size: int = 19,
    suicide: bool | None = False,
    square: bool = False,
    stop_early: bool = True,
) -> Board:
    """Legal positions from random play, mostly on small boards.

    Sizes run from `min_size` to `max_size`, weighted towards the small end
    (so that thousands of examples stay fast); `suicide=None` draws whether
    multi-stone suicide was legal during play; `stop_early` sometimes stops
    the game before its end, for positions with more open space.
    """
    small_cap = min(max_size, max(min_size, 9))
    small = st.integers(min_size, small_cap)
    width = draw(st.one_of(small, small, small, st.integers(min_size, max_size)))
    height = width if square else draw(st.sampled_from([width, width, draw(st.integers(min_size, min(max_size, width + 4)))]))
    legal_suicide = draw(st.booleans()) if suicide is None else suicide
    factor = draw(st.sampled_from([2.5, 2.5, 1.5, 0.6])) if stop_early else 2.5
    seed = draw(st.integers(0, 2**32 - 1))
    return random_position(random.Random(seed), width, height, suicide=legal_suicide, move_factor=factor)


def board_from_text(text: str) -> Board:
    """A full board from rows of X (black), O (white) and . (empty); spaces ignored."""
    symbol = {"X": BLACK, "O": WHITE, ".": EMPTY}
    rows = [[symbol[ch] for ch in line.replace(" ", "")] for line in text.strip().splitlines()]
    return Board.grid(rows)
