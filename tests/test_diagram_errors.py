"""Every kind of malformed input gets one located message: file:line:col, the line, a caret."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive import IllegalPositionError, InputError, PassaliveError, Side, parse_diagrams, read_diagrams


def error_of(text: str, **options):
    with pytest.raises(InputError) as problem:
        parse_diagrams(text, "page.txt", **options)
    return problem.value


def where(error):
    return error.location.line, error.location.column


def test_unknown_character_message_has_file_line_column_line_and_caret():
    error = error_of("prose\n$$ t\n$$ . . X\n$$ . K .\n")
    assert where(error) == (4, 6)
    assert error.format().splitlines() == [
        "page.txt:4:6: error: unknown character 'K' in a diagram line; expected a point or edge symbol "
        "(. , X O B W # @ Y Q Z P C S T M a-z 0-9 _ and the edges | - +), a [label|target] link or a {...} line",
        "    $$ . K .",
        "         ^",
    ]


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("$$\n$$ | . . . |\n$$ | . . |", 3, 10, "ragged rows: this row has 2 points, the first row has 3"),
        ("$$\n$$ . . .\n$$ . . . .", 3, 10, "ragged rows: this row has 4 points"),
        ("$$\n$$ . . .\n$$ . .", 3, 7, "ragged rows: this row has 2 points"),
    ],
)
def test_ragged_rows(text, line, column, words):
    error = error_of(text)
    assert where(error) == (line, column) and words in error.message


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("$$\n$$ | . .\n$$ . . .", 3, 4, "the first row has a left edge"),
        ("$$\n$$ . . |\n$$ . . .", 3, 8, "the first row has a right edge"),
        ("$$\n$$ +-----\n$$ . . .", 2, 4, "corner + but the rows have no left edge"),
        ("$$\n$$ | . . .\n$$ +------+", 3, 11, "ends with a corner + but the rows have no right edge"),
        ("$$5\n$$ +-----+\n$$ | . . |\n$$ +-----+", 1, 3, "board size 5 but the left and right edges enclose 2 columns"),
        ("$$3\n$$ . . . .", 1, 3, "board size 3 but the diagram has 4 columns"),
    ],
)
def test_contradictory_edges(text, line, column, words):
    error = error_of(text)
    assert where(error) == (line, column)
    assert "contradictory edges" in error.message and words in error.message


@pytest.mark.parametrize(
    "text, line, column",
    [
        ("$$ title only\nprose", 1, 1),
        ("text\n  $$ title\n  $$ [a|Page]", 2, 3),
        ("$$ t\n$$ +-----+", 2, 4),
        ("$$ t\n$$ +-----+\n$$ +-----+", 2, 4),
    ],
)
def test_a_block_with_no_board(text, line, column):
    error = error_of(text)
    assert where(error) == (line, column) and "no board" in error.message


def test_an_edge_row_without_its_corner_is_tolerated():
    (d,) = parse_diagrams("$$\n$$ -----\n$$ | . .")
    assert d.board.open_sides == {Side.BOTTOM, Side.RIGHT}


def test_a_chain_without_liberties_names_its_points_at_its_first_stone():
    text = "$$ corner\n$$ +-------\n$$ | O . .\n$$ | X O .\n$$ | O . ."
    with pytest.raises(IllegalPositionError) as problem:
        parse_diagrams(text, "page.txt")
    # the cut-out is open to the right and below, but A18 is not on an open side
    assert where(problem.value) == (4, 6)
    assert "the black chain at A18 has no liberties" in problem.value.message
    (d,) = parse_diagrams(text, allow_illegal=True)
    assert len(d.board.dead_chains) == 1


def test_a_chain_that_reaches_an_open_side_is_not_illegal():
    (d,) = parse_diagrams("$$\n$$ X O .\n$$ O . .")
    assert d.board.dead_chains == ()


@pytest.mark.parametrize(
    "text, line, column, words",
    [
        ("$$\n$$ . | .", 2, 6, "an edge | can only start or end a row"),
        ("$$\n$$ . - .\n$$ . . .", 2, 6, "a - belongs in a horizontal edge row"),
        ("$$\n$$ . .\n$$ ---\n$$ . .", 3, 4, "can only be the first or last row"),
        ("$$x9 t\n$$ . .", 1, 3, "unknown header option 'x'"),
        ("$$m t\n$$ . .", 1, 4, "the option m needs the number"),
        ("$$\n$$ . . [a|b]", 2, 8, "a $$ line holds one board row"),
        ("$$\n$$ . .\n$$ [ab]", 3, 4, "[label|target]"),
        ("$$\n$$ . .\n$$ {}", 3, 4, "empty {} line"),
        ("$$\n$$ . .\n$$ {AR 1:1}", 3, 5, "AR: expected two points"),
    ],
)
def test_other_malformed_lines(text, line, column, words):
    error = error_of(text)
    assert where(error) == (line, column) and words in error.message


def test_a_file_that_does_not_exist(tmp_path):
    missing = tmp_path / "nothing.txt"
    with pytest.raises(InputError) as problem:
        read_diagrams(missing)
    assert problem.value.location is None
    assert problem.value.format() == f"error: {missing}: no such file"


def test_a_directory_is_not_a_diagram_file(tmp_path):
    with pytest.raises(InputError, match="is a directory"):
        read_diagrams(tmp_path)


PIECES = list(".,XOBW#@YQZPCSTMabxz0123_|-+ []{}=K") + [
    "LINK ", "UNLINK ", "EXPECT ", "CAPTURE ", "variant=a ", "black=", "white=", "A1", "1:1", " at ", "moves=", "pass",
]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.sampled_from(["$$", "$$ ", "$$B", "$$W3 ", "  $$ ", "", "$$c"]), st.lists(st.sampled_from(PIECES), max_size=10)),
        min_size=1,
        max_size=6,
    ),
    st.booleans(),
)
def test_any_text_is_read_or_refused_with_our_error_never_a_crash(lines, replay):
    text = "\n".join(prefix + "".join(body) for prefix, body in lines)
    for fmt in (None, "plain"):
        try:
            parse_diagrams(text, format=fmt, replay=replay)
        except PassaliveError as error:
            assert error.message
