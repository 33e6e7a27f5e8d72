"""SGF: setup stones read directly, then the moves up to a chosen node, with captures."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive import Colour, IllegalPositionError, InputError, PassaliveError, read_diagrams
from passalive.grammar.sgf import read_sgf

B, W = Colour.BLACK, Colour.WHITE

GAME = b"(;GM[1]SZ[5]GN[demo]AB[aa][ba]AW[ca][bb]\n;W[ab]\n;B[cc]\n;W[cb](;B[da])(;B[ee]))"


def write(tmp_path, data: bytes, name: str = "game.sgf"):
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_setup_then_moves_with_a_capture(tmp_path):
    (d,) = read_diagrams(write(tmp_path, GAME))
    board = d.board
    # W A4 captures the two black setup stones A5 B5; the main line ends with B D5
    assert board.names(board.stones(B)) == ["D5", "C3"]
    assert board.names(board.stones(W)) == ["C5", "A4", "B4", "C4"]
    assert d.title == "demo (node 4)" and board.size == (5, 5)
    assert [(m.number, m.colour, board.name(m.point)) for m in d.moves] == [
        (1, W, "A4"), (2, B, "C3"), (3, W, "C4"), (4, B, "D5")
    ]


def test_a_chosen_node(tmp_path):
    (root,) = read_diagrams(write(tmp_path, GAME), node=0)
    assert root.board.names(root.board.stones(B)) == ["A5", "B5"]
    (after,) = read_diagrams(write(tmp_path, GAME), node=1)
    assert after.board.stones(B) == frozenset()
    with pytest.raises(InputError, match="only nodes 0 to 4"):
        read_diagrams(write(tmp_path, GAME), node=9)


def test_ae_removes_and_pass_plays_nothing(tmp_path):
    (d,) = read_diagrams(write(tmp_path, b"(;SZ[3]AB[aa][bb];B[];AE[aa]W[cc])"))
    assert d.board.names(d.board.stones(B)) == ["B2"] and d.board.names(d.board.stones(W)) == ["C1"]


def test_setup_without_liberties_is_our_own_located_error(tmp_path):
    path = write(tmp_path, b"(;SZ[5]\n;AB[aa]AW[ab][ba])")
    with pytest.raises(IllegalPositionError) as problem:
        read_diagrams(path)
    assert (problem.value.location.line, problem.value.location.column) == (2, 1)
    assert "the black chain at A5 has no liberties" in problem.value.message
    (d,) = read_diagrams(path, allow_illegal=True)
    assert len(d.board.dead_chains) == 1


def test_content_that_starts_like_sgf_is_read_as_sgf_whatever_the_name(tmp_path):
    (d,) = read_diagrams(write(tmp_path, b"  (;SZ[3]AB[bb])", "game.txt"))
    assert d.board.names(d.board.stones(B)) == ["B2"]


@pytest.mark.parametrize(
    "data, line, column, words",
    [
        (b"(;SZ[5]\nAB[aa", 2, 3, "never closed with ]"),
        (b"(;SZ[5];B[aa]", 1, 1, "this ( is never closed"),
        (b"hello", 1, 1, "expected an SGF game tree"),
        (b"(;SZ[5]\n;AB[ff])", 2, 4, "AB[ff] is off the 5x5 board"),
        (b"(;SZ[5];B[aa]\n;W[zz])", 2, 3, "W[zz] is off the 5x5 board"),
        (b"(;SZ[5];B[aa]W[bb])", 1, 14, "two moves in one node (B and W)"),
        (b"(;SZ[5]))", 1, 9, "closes no ("),
    ],
)
def test_bad_sgf_is_located(tmp_path, data, line, column, words):
    with pytest.raises(InputError) as problem:
        read_diagrams(write(tmp_path, data))
    assert (problem.value.location.line, problem.value.location.column) == (line, column)
    assert words in problem.value.message


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, len(GAME)), st.sampled_from(list(b"()[];\\ABWESZabcez019\n ") + [None])), min_size=1, max_size=4))
def test_mangled_sgf_is_read_or_refused_with_our_error(edits):
    data = bytearray(GAME)
    for position, byte in edits:
        position = min(position, len(data) - 1)
        if byte is None:
            del data[position]
        else:
            data.insert(position, byte)
    try:
        read_sgf(bytes(data), "mangled.sgf")
    except PassaliveError as error:
        assert error.message
