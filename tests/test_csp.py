"""The set definition as a constraint problem equals casting-out."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import board_from_text, end_of_game_positions

from passalive.definitions.analysis import analyse
from passalive.go.board import Board, Colour, Side
from passalive.solver.csp import alive_chains, is_solution

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY


def reference_casting_out(board: Board, colour: Colour) -> frozenset[int]:
    """The page's downward fixpoint, written plainly, for cross-checking."""
    alive = {c.index for c in board.chains_of(colour)}
    while True:
        keep = set()
        for b in alive:
            chain = board.chains[b]
            good = [
                r
                for r in board.regions(colour)
                if b in r.chains and not r.open and r.empty <= chain.liberties and r.chains <= alive
            ]
            if len(good) >= 2:
                keep.add(b)
        if keep == alive:
            return frozenset(alive)
        alive = keep


def test_two_eyes_live_and_one_big_healthy_region_is_not_enough() -> None:
    board = board_from_text(
        """
        .X.X
        XXXX
        OOOO
        ....
        """
    )
    black = board.chain_at[board.point("B4")]
    assert alive_chains(board, B) == frozenset({black})
    # White's row has the bottom row as a healthy region, but only one
    assert alive_chains(board, W) == frozenset()


def test_example_1_white_lives_because_of_the_black_stone() -> None:
    board = board_from_text(
        """
        .O.OX
        OOOOX
        XXXXX
        .....
        .....
        """
    )
    white = alive_chains(board, W)
    assert len(white) == 1
    assert is_solution(board, W, white)


def test_a_region_reaching_an_open_side_is_never_healthy() -> None:
    rows = [[E, B, E, B], [B, B, B, B]]
    closed = Board.grid(rows)
    cut = Board.grid(rows, open_sides=[Side.TOP])
    assert alive_chains(closed, B) == frozenset({closed.chain_at[1]})
    assert alive_chains(cut, B) == frozenset()


@settings(max_examples=320, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=end_of_game_positions(max_size=9), colour=st.sampled_from([B, W]))
def test_csp_equals_casting_out(board: Board, colour: Colour) -> None:
    expected = analyse(board, "casting-out").alive(colour)
    assert alive_chains(board, colour) == expected
    assert reference_casting_out(board, colour) == expected


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=end_of_game_positions(max_size=9, suicide=None), colour=st.sampled_from([B, W]))
def test_csp_with_all_points_equals_the_suicide_variant(board: Board, colour: Colour) -> None:
    from passalive.go.suicide import Suicide

    expected = analyse(board, "suicide", Suicide.MULTI).alive(colour)
    assert alive_chains(board, colour, all_points=True) == expected
