"""Sensei's Library markup: every point symbol, header options, edges, cut-outs, names."""

from __future__ import annotations

import pytest

from passalive import Colour, MarkKind, Side, parse_diagrams
from passalive.go.coords import Frame
from passalive.grammar.sensei import SYMBOLS, parser

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY


def one(text: str, **options):
    diagrams = parse_diagrams(text, **options)
    assert len(diagrams) == 1
    return diagrams[0]


def test_the_parser_is_built_once_per_process():
    assert parser() is parser()


@pytest.mark.parametrize(
    "symbol, colour, kind",
    [
        (".", E, None),
        (",", E, MarkKind.HOSHI),
        ("X", B, None),
        ("O", W, None),
        ("B", B, MarkKind.CIRCLE),
        ("W", W, MarkKind.CIRCLE),
        ("#", B, MarkKind.SQUARE),
        ("@", W, MarkKind.SQUARE),
        ("Y", B, MarkKind.TRIANGLE),
        ("Q", W, MarkKind.TRIANGLE),
        ("Z", B, MarkKind.CROSS),
        ("P", W, MarkKind.CROSS),
        ("C", E, MarkKind.CIRCLE),
        ("S", E, MarkKind.SQUARE),
        ("T", E, MarkKind.TRIANGLE),
        ("M", E, MarkKind.CROSS),
        ("a", E, MarkKind.LABEL),
        ("z", E, MarkKind.LABEL),
    ],
)
def test_each_point_symbol_gives_its_colour_and_mark(symbol, colour, kind):
    # the symbol sits in the middle of a small board with liberties around it
    d = one(f"$$\n$$ . . .\n$$ . {symbol} .\n$$ . . .")
    point = d.board.points[d.board.at(1, 1)]
    assert point.colour is colour
    if kind is None:
        assert point.mark is None
    else:
        assert point.mark is not None and point.mark.kind is kind
        if kind is MarkKind.LABEL:
            assert point.mark.text == symbol


def test_the_symbol_table_covers_the_documented_symbols():
    assert set(SYMBOLS) == set(".,XOBW#@YQZPCSTM") | {chr(c) for c in range(ord("a"), ord("z") + 1)}


def test_digits_are_numbered_stones_and_underscore_is_a_hole():
    d = one("$$\n$$ 1 2 _\n$$ . . .", replay=False)
    board = d.board
    assert board.at(2, 0) is None
    assert len(board.points) == 5
    first, second = board.points[board.at(0, 0)], board.points[board.at(1, 0)]
    assert (first.colour, first.mark.kind, first.mark.text) == (B, MarkKind.MOVE, "1")
    assert (second.colour, second.mark.text) == (W, "2")


def test_ten_is_written_zero_and_even_numbers_are_the_second_colour():
    d = one("$$\n$$ 1 2 3 4 5\n$$ . . . . .\n$$ 6 7 8 9 0", replay=False)
    colours = {m.number: m.colour for m in d.moves}
    assert colours[10] is W and colours[9] is B and len(d.moves) == 10


def test_header_options_in_any_order_and_the_title():
    d = one("$$cW9m5 Two eyes\n$$ . . .")
    assert (d.first_colour, d.coordinates, d.board_size, d.first_move, d.title) == (W, True, 9, 5, "Two eyes")
    d = one("$$m5c9W Two eyes\n$$ . . .")
    assert (d.first_colour, d.coordinates, d.board_size, d.first_move) == (W, True, 9, 5)


def test_a_space_before_the_letters_makes_them_the_title():
    assert one("$$ B\n$$ . . .").title == "B"
    assert one("$$B\n$$ . . .").title == ""
    assert one("$$\n$$ . . .").first_colour is B


def test_many_diagrams_with_prose_between_and_leading_blanks():
    text = "Intro\n$$ one\n$$ . X\n\nprose $$ inside\n   $$ two\n   $$ O .\nend\n"
    first, second = parse_diagrams(text)
    assert (first.title, second.title) == ("one", "two")
    assert first.location.line == 2 and second.location.line == 6
    assert second.board.colours == (W, E)


def test_spaces_and_tabs_inside_rows_are_ignored():
    assert one("$$\n$$ .X\tO .").board.colours == (E, B, W, E)


def test_full_board_has_no_open_side_and_gtp_names():
    d = one("$$\n$$ +-------+\n$$ | . . X |\n$$ | . O . |\n$$ | . . . |\n$$ +-------+")
    board = d.board
    assert board.open_sides == frozenset()
    assert board.frame == Frame(0, 3)
    assert board.names(board.stones(B)) == ["C3"] and board.names(board.stones(W)) == ["B2"]


def test_a_cut_out_without_edges_is_open_on_all_sides_and_names_col_row():
    board = one("$$\n$$ . . X\n$$ . O .").board
    assert board.open_sides == frozenset(Side)
    assert board.names(board.stones(B)) == ["3:1"] and board.name(board.at(1, 1)) == "2:2"


def test_bottom_left_corner_counts_from_the_left_and_bottom_edges():
    board = one("$$\n$$ | . . X\n$$ | . O .\n$$ +-------").board
    assert board.open_sides == {Side.TOP, Side.RIGHT}
    assert board.names(board.stones(B)) == ["C2"] and board.names(board.stones(W)) == ["B1"]


def test_top_right_corner_counts_from_the_board_size():
    board = one("$$ \n$$ -------+\n$$ . . X |\n$$ . O . |").board
    assert board.open_sides == {Side.BOTTOM, Side.LEFT}
    assert board.names(board.stones(B)) == ["T19"] and board.names(board.stones(W)) == ["S18"]
    board = one("$$9\n$$ -------+\n$$ . . X |\n$$ . O . |").board
    assert board.names(board.stones(B)) == ["J9"]


def test_a_top_edge_alone_fixes_rows_but_not_columns():
    board = one("$$\n$$ -------\n$$ . . X").board
    assert board.frame == Frame(None, 19)
    assert board.name(board.at(2, 0)) == "3:1"


def test_board_size_option_sets_the_frame_of_a_top_left_corner():
    board = one("$$13\n$$ +------\n$$ | X . .\n$$ | . . .").board
    assert board.name(board.at(0, 0)) == "A13"


def test_link_and_arrow_lines_are_kept():
    d = one("$$ t\n$$ . X\n$$ [a|Some page]\n$$ {AR 1:1 2:1}\n$$ {LN 1:1 1:1}")
    assert [(l.label, l.target) for l in d.links] == [("a", "Some page")]
    assert [(x.kind, x.start, x.end) for x in d.drawings] == [("AR", "1:1", "2:1"), ("LN", "1:1", "1:1")]
    assert d.annotations == ()


def test_an_empty_dollar_line_inside_a_diagram_is_skipped():
    assert one("$$\n$$ . X\n$$\n$$ O .").board.size == (2, 2)


def test_windows_line_ends():
    assert one("$$ t\r\n$$ . X\r\n$$ O .\r\n").board.size == (2, 2)
