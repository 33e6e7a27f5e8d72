"""Plain boards: X/O/. rows, with or without GTP coordinates; all four sides are edges."""

from __future__ import annotations

import pytest

from passalive import Colour, IllegalPositionError, InputError, MarkKind, parse_diagrams, read_diagrams

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY

WITH_COORDINATES = """\
   A B C D E
 5 . . X O . 5
 4 . X X O . 4
 3 X X O O + 3
 2 O O O . . 2
 1 . . . . . 1
   A B C D E
"""


def test_plain_board_with_coordinates_all_around():
    (d,) = parse_diagrams(WITH_COORDINATES)
    board = d.board
    assert board.size == (5, 5) and board.open_sides == frozenset()
    assert board.names(board.stones(B)) == ["C5", "B4", "C4", "A3", "B3"]
    assert board.names(board.stones(W)) == ["D5", "D4", "C3", "D3", "A2", "B2", "C2"]
    hoshi = board.points[board.point("E3")]
    assert hoshi.colour is E and hoshi.mark.kind is MarkKind.HOSHI


def test_plain_board_without_coordinates_or_spaces_lowercase_stones():
    (d,) = parse_diagrams("x.o\n.o.\n...\n")
    assert d.board.names(d.board.stones(B)) == ["A3"]
    assert d.board.names(d.board.stones(W)) == ["C3", "B2"]
    assert d.board.open_sides == frozenset()


def test_row_numbers_on_one_side_only_and_letters_below_only():
    (d,) = parse_diagrams("3 . X .\n2 . . .\n1 O . .\n  A B C\n")
    assert d.board.names(d.board.stones(W)) == ["A1"]


def test_coordinates_name_a_part_of_a_board():
    (d,) = parse_diagrams("   D E\n19 X .\n18 . O\n")
    assert d.board.names(d.board.stones(B)) == ["D19"] and d.board.names(d.board.stones(W)) == ["E18"]


def test_several_boards_separated_by_blank_lines(tmp_path):
    path = tmp_path / "boards.txt"
    path.write_text("X .\n. .\n\n\nO .\n. O\n")
    first, second = read_diagrams(path)
    assert first.board.stones(W) == frozenset() and len(second.board.stones(W)) == 2
    assert second.location.line == 5


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("X . .\n. K .", 2, 3, "unknown character 'K'"),
        ("X . .\n. .", 2, 4, "ragged rows"),
        ("X . .\n. . . .", 2, 7, "ragged rows"),
        ("3 X .\n1 . .", 2, 1, "expected 2, got 1"),
        ("  A C\n2 X .\n1 . .", 1, 5, "expected B"),
        ("  A B C\n2 X .\n1 . .", 1, 7, "3 column letters for a board 2 points wide"),
        ("X O\nO .", 1, 1, "black chain at A2 has no liberties"),
    ],
)
def test_plain_errors_are_located(text, line, column, words):
    with pytest.raises(InputError if "chain" not in words else IllegalPositionError) as problem:
        parse_diagrams(text, "board.txt")
    assert (problem.value.location.line, problem.value.location.column) == (line, column)
    assert words in problem.value.message


def test_plain_is_chosen_when_no_line_starts_with_dollars():
    assert parse_diagrams(". X\nO .", format=None)[0].title == ""
    assert parse_diagrams(". X\nO .", format="sensei") == []
