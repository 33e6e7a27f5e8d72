"""Notebooks: Board, Analysis and Verification draw themselves as SVG (`_repr_svg_`); their repr is short."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import passalive  # noqa: F401 - registers the pictures
from passalive import Suicide, analyse, parse_diagrams
from passalive.go.board import Board

CORNER = """$$ corner
$$ +-----------
$$ | . X . X O
$$ | X X X X O
$$ | O O O O O
$$ | . . . . .
"""


def test_board_and_analysis_draw_themselves() -> None:
    board = parse_diagrams(CORNER)[0].board
    for item in (board, analyse(board)):
        svg = item._repr_svg_()
        assert svg is not None
        assert ET.fromstring(svg).tag == "{http://www.w3.org/2000/svg}svg"
    svg = analyse(board)._repr_svg_()
    assert svg is not None and 'class="alive"' in svg


def test_reprs_are_short() -> None:
    board = parse_diagrams(CORNER)[0].board
    assert repr(board) == "<Board 5x4: 6 black, 7 white, open bottom/right>"
    text = repr(analyse(board))
    assert text.startswith("<Analysis casting-out, suicide=no: pass-alive stones 6 black, 0 white") and len(text) < 200


def test_verification_draws_itself() -> None:
    from passalive.tools.verify import verify

    board = parse_diagrams(CORNER)[0].board
    v = verify(board, None, Suicide.ILLEGAL, depth=2)
    assert repr(v).startswith("<Verification casting-out, suicide=no:") and len(repr(v)) < 200
    assert v._repr_svg_().startswith("<svg")


def test_a_bare_graph_has_no_picture() -> None:
    board = parse_diagrams(CORNER)[0].board
    graph = Board.from_graph(board.points, [(0, 1)])
    assert graph._repr_svg_() is None
    assert repr(graph).startswith("<Board graph of 20 points")
