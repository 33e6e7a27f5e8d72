"""The move simulator: captures, suicide under each rule, cut-outs, witness replay."""

from __future__ import annotations

import pytest

from conftest import grid
from passalive.go.board import Colour, Side
from passalive.go.suicide import Suicide
from passalive.solver.simulator import (
    ATTACKER,
    EMPTY,
    OWNER,
    Game,
    WitnessError,
    check_witness,
    name,
    play,
    replay,
)

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY




def test_a_move_that_fills_the_last_liberty_captures() -> None:
    board = grid(
        """
        . X O
        X O .
        . . .
        """
    )
    game = Game.of(board, W)  # black attacks white
    outcome = play(game, game.start, board.point("C2"), Suicide.ILLEGAL)
    assert outcome is not None and outcome.captured == {board.point("C3")}
    outcome = play(game, outcome.position, board.point("B1"), Suicide.ILLEGAL)
    assert outcome is not None and outcome.captured == {board.point("B2")}
    assert OWNER not in outcome.position


def test_suicide_rules() -> None:
    # White attacks black; A1 is a one-point eye, C1+D1 a two-point eye.
    board = grid(
        """
        X X X X
        . X . .
        """
    )
    game = Game.of(board, B)
    a1 = board.point("A1")
    # a single stone's suicide: illegal, illegal, a pass
    assert play(game, game.start, a1, Suicide.ILLEGAL) is None
    assert play(game, game.start, a1, Suicide.MULTI) is None
    single = play(game, game.start, a1, Suicide.ALL)
    assert single is not None and single.position == game.start and single.suicided == {a1}
    # two stones: C1 is legal, then D1 is suicide of two stones
    after_c1 = play(game, game.start, board.point("C1"), Suicide.ILLEGAL)
    assert after_c1 is not None
    d1 = board.point("D1")
    assert play(game, after_c1.position, d1, Suicide.ILLEGAL) is None
    for rule in (Suicide.MULTI, Suicide.ALL):
        outcome = play(game, after_c1.position, d1, rule)
        assert outcome is not None
        assert outcome.suicided == {board.point("C1"), d1}
        assert outcome.position == game.start


def test_capture_comes_before_suicide() -> None:
    board = grid(
        """
        . O X
        O X .
        """
    )
    game = Game.of(board, W)  # black attacks: A2 has no liberty of its own but captures
    outcome = play(game, game.start, board.point("A2"), Suicide.ILLEGAL)
    assert outcome is not None
    assert outcome.captured == {board.point("B2"), board.point("A1")}
    assert not outcome.suicided


def test_replay_rejects_an_illegal_or_useless_witness() -> None:
    board = grid(
        """
        X X X
        . X .
        """
    )
    game = Game.of(board, B)
    with pytest.raises(WitnessError):
        replay(game, [board.point("A1")], Suicide.ILLEGAL)
    with pytest.raises(WitnessError):
        check_witness(game, [None, board.point("C1")], Suicide.ILLEGAL, [0])


def test_a_cut_out_has_one_shared_liberty_beyond_the_cut() -> None:
    # the bottom side is open: the white stone on the cut has a liberty beyond it
    board = grid(
        """
        X . X
        X O X
        """,
        open_sides=(Side.BOTTOM,),
    )
    game = Game.of(board, W)
    n = len(board.points)
    assert game.size == n + 3 and game.outside == n + 2
    assert game.start[n] == ATTACKER and game.start[n + 1] == EMPTY and game.start[n + 2] == EMPTY
    assert not game.playable(n) and not game.playable(n + 1) and game.playable(n + 2)
    outcome = play(game, game.start, board.point("B2"), Suicide.ILLEGAL)
    assert outcome is not None and not outcome.captured
    outcome = play(game, outcome.position, game.outside, Suicide.ILLEGAL)
    assert outcome is not None and outcome.captured == {board.point("B1")}
    assert name(game, game.outside) == "out"
    # the black stones along the cut are joined to the wall: never a suicide
    assert play(game, outcome.position, board.point("B1"), Suicide.ILLEGAL) is not None
