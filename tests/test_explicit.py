"""The explicit-state baseline: shortest capturing sequences, exhaustive proofs, budgets."""

from __future__ import annotations

from conftest import grid
from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide
from passalive.solver.explicit import search

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY




TWO_EYES = """
. X . X
X X X X
O O O O
. . . .
"""


def test_two_one_point_eyes_are_pass_alive() -> None:
    board = grid(TWO_EYES)
    chain = board.chain_of(board.point("B4"))
    result = search(board, B, [chain])
    assert result.captured is False and result.exhausted


def test_one_eye_is_captured_by_a_shortest_sequence() -> None:
    board = grid(
        """
        . X X X
        X X X X
        O O O .
        . . . .
        """
    )
    chain = board.chain_of(board.point("B4"))
    result = search(board, B, [chain])
    assert result.captured is True
    # the outside liberty first: A4 first would be suicide
    assert result.sequence == (board.point("D2"), board.point("A4"))
    assert result.chains == {chain}


def test_a_depth_bound_stops_the_search() -> None:
    board = grid(
        """
        . X X X
        X X X X
        O O O .
        . . . .
        """
    )
    chain = board.chain_of(board.point("B4"))
    assert search(board, B, [chain], depth=1).captured is False
    assert search(board, B, [chain], depth=2).captured is True


def test_a_state_budget_gives_unknown() -> None:
    board = Board.grid([[E] * 5 for _ in range(4)] + [[B] * 5])
    chain = board.chain_of(board.point("A1"))
    result = search(board, B, [chain], Suicide.ILLEGAL, max_states=50)
    assert result.captured is None and not result.exhausted
