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
        ("19 . . 18\n18 X X 18", 1, 8, "numbered 19 on the left but 18 on the right"),
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


# ---------------------------------------------------------------- cut-outs from coordinates

CORNER_A19 = """\
   A B C D E
19 . . . . . 19
18 . . . . . 18
17 X X X X X 17
16 . X . X . 16
   A B C D E
"""
WHOLE_5X4 = ". . . . .\n. . . . .\nX X X X X\n. X . X .\n"


def test_a_corner_shown_by_its_coordinates_is_a_cut_out_with_open_sides():
    from passalive import analyse
    from passalive.go.board import Side
    from passalive.grammar.plain import read_plain

    corner = read_plain(CORNER_A19)[0].board
    assert corner.open_sides == {Side.TOP, Side.RIGHT, Side.BOTTOM}
    assert analyse(corner).alive_points(Colour.BLACK) == frozenset()  # its eyes lie on the open side
    whole = read_plain(WHOLE_5X4)[0].board
    assert whole.open_sides == frozenset()
    assert len(analyse(whole).alive_points(Colour.BLACK)) == 7


def test_board_size_fixes_the_top_and_right_edges():
    from passalive.go.board import Side
    from passalive.grammar.plain import read_plain

    assert read_plain(CORNER_A19, board_size=19)[0].board.open_sides == {Side.RIGHT, Side.BOTTOM}
    assert read_plain(CORNER_A19, board_size=5 + 14)[0].board.name(0) == "A19"


def test_a_board_drawn_from_a1_is_the_whole_board():
    from passalive.grammar.plain import read_plain

    text = "   A B C\n 3 . X . 3\n 2 X X X 2\n 1 . . . 1\n"
    assert read_plain(text)[0].board.open_sides == frozenset()


@pytest.mark.parametrize(
    ("size", "where", "message"),
    [(9, ":2:14:", "row 19 lies beyond the top edge of a 9x9 board"), (4, ":6:4:", "the columns run past the right edge")],
)
def test_coordinates_off_the_given_board_are_a_located_error(size, where, message):
    from passalive.grammar.plain import read_plain

    with pytest.raises(InputError) as raised:
        read_plain(CORNER_A19, "corner.txt", board_size=size)
    assert str(raised.value).startswith(f"corner.txt{where} error: {message}")
