"""One move of Go (`passalive.go.play`, `Board.play`): captures, then the suicide rule."""

from __future__ import annotations

import pytest
from conftest import grid

from passalive.errors import IllegalMoveError, InputError
from passalive.go.board import Board, Colour, grid_adjacency
from passalive.go.play import play
from passalive.go.suicide import Suicide

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY


def drawn(board: Board) -> str:
    symbols = {B: "X", W: "O", E: "."}
    width, height = board.size or (0, 0)
    return "\n".join(" ".join(symbols[board.colours[y * width + x]] for x in range(width)) for y in range(height))


def test_filling_the_last_liberty_captures_the_chain() -> None:
    board = grid(
        """
        X O .
        . . .
        . . .
        """
    )
    assert drawn(board.play(board.point("A2"), W)) == "\n".join([". O .", "O . .", ". . ."])


def test_a_capture_comes_before_suicide() -> None:
    board = grid(
        """
        . X O .
        X O . .
        . . . .
        """
    )
    # white A3 has no liberty of its own until it takes the black B3
    after = board.play(board.point("A3"), W)
    assert drawn(after) == "\n".join(["O . O .", "X O . .", ". . . ."])


def test_suicide_is_refused_unless_the_rule_allows_it() -> None:
    board = grid(
        """
        . X .
        X X .
        . . .
        """
    )
    corner = board.point("A3")
    with pytest.raises(IllegalMoveError, match="suicide"):
        board.play(corner, W)
    with pytest.raises(IllegalMoveError, match="suicide"):
        board.play(corner, W, suicide=Suicide.MULTI)  # a single stone: still illegal
    assert board.play(corner, W, suicide=Suicide.ALL) == board  # a pass in effect


def test_a_multi_stone_suicide_removes_the_chain() -> None:
    board = grid(
        """
        . O X .
        O X . .
        X . . .
        """
    )
    filled = board.play(board.point("A3"), W, suicide=Suicide.MULTI)
    assert drawn(filled) == "\n".join([". . X .", ". X . .", "X . . ."])
    colours = list(board.colours)
    played = play(colours, board.adjacency, board.point("A3"), W, E, Suicide.MULTI)
    assert played is not None and played.suicide
    assert played.suicided == {board.point("A3"), board.point("B3"), board.point("A2")}
    assert played.captured == frozenset()


def test_an_occupied_point_is_refused_and_nothing_changes() -> None:
    board = grid("X .\n. .")
    colours = list(board.colours)
    assert play(colours, board.adjacency, board.point("A2"), W, E, Suicide.ALL) is None
    assert colours == list(board.colours)
    with pytest.raises(IllegalMoveError, match=r"move 2 \(black A2\) is occupied"):
        board.play_moves([(W, board.point("B2")), (B, board.point("A2"))])


def test_a_move_list_with_passes_replays_a_game() -> None:
    board = grid(". . .\n. . .\n. . .")
    names = [(B, "B2"), (W, "A3"), (B, None), (W, "B3"), (B, "A2"), (W, None)]
    moves = [(colour, None if name is None else board.point(name)) for colour, name in names]
    assert drawn(board.play_moves(moves)) == "\n".join(["O O .", "X X .", ". . ."])
    # black C3 takes the last liberty of the two white stones
    assert drawn(board.play_moves([*moves, (B, board.point("C3"))])) == "\n".join([". . X", "X X .", ". . ."])


def test_the_same_rule_plays_on_bytes() -> None:
    # the simulator's positions: a bytearray of states, 0 empty
    board = grid("X O .\n. . .")
    states = bytearray([1, 2, 0, 0, 0, 0])
    played = play(states, board.adjacency, board.point("B1"), 1, 0, Suicide.ILLEGAL)
    assert played is not None and played.captured == frozenset()
    played = play(states, board.adjacency, board.point("C2"), 1, 0, Suicide.ILLEGAL)
    assert played is not None and played.captured == {board.point("B2")}
    assert states == bytearray([1, 0, 1, 0, 1, 0])


def test_grid_adjacency_is_built_once_per_shape_and_skips_holes() -> None:
    assert grid_adjacency(3, 2) is grid_adjacency(3, 2)
    assert grid_adjacency(3, 2) == ((1, 3), (0, 2, 4), (1, 5), (0, 4), (1, 3, 5), (2, 4))
    # a hole at the centre of a 3x3 grid: ids skip it
    assert grid_adjacency(3, 3, frozenset({(1, 1)})) == ((1, 3), (0, 2), (1, 4), (0, 5), (2, 7), (3, 6), (5, 7), (4, 6))


def test_colours_points_and_rules_may_be_given_by_name() -> None:
    # the Python API as a notebook uses it: names, not enums and ids
    board = grid(
        """
        . X O .
        X O . O
        . X O .
        . . . .
        """
    )
    taken = board.play("C3", "black")  # takes the ko: B3 captured
    assert drawn(taken).splitlines()[1] == "X . X O"
    assert taken.names(taken.stones("white")) == ["C4", "D3", "C2"]
    assert taken.play_moves([("w", None), ("b", "D1")], suicide="multi").stones("black") == taken.stones(B) | {
        taken.point("D1")
    }
    again = Board.grid([["black", ".", "o"], ["empty", "x", "white"]])
    assert again.stones("black") == again.stones(B) == frozenset({0, 4})
    with pytest.raises(InputError, match="black, white or empty"):
        Board.grid([["purple"]])


@pytest.mark.parametrize("colour,point", [("purple", "A1"), ("black", "Z9"), ("empty", "A1"), ("black", -1), ("white", 4)])
def test_a_name_that_means_nothing_is_an_input_error(colour: str, point: str | int) -> None:
    board = grid(". .\n. .")
    with pytest.raises(InputError):
        board.play(point, colour)
