"""passalive's extension lines: LINK/UNLINK, EXPECT, CAPTURE, and words for later features."""

from __future__ import annotations

import pytest

from passalive import Colour, InputError, Suicide, parse_diagrams

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY

UNUSUAL = """\
$$ The white chain has no adjacency to the black row
$$ +-----------+
$$ | . O . O . |
$$ | O O O O O |
$$ | X X X X X |
$$ | . . . . . |
$$ +-----------+
$$ {UNLINK A3 A2 B3 B2 C3 C2 D3 D2 E3 E2}
$$ {LINK B4 D4}
"""


def located(problem):
    return problem.value.location.line, problem.value.location.column


def test_unlink_and_link_change_the_adjacency():
    (d,) = parse_diagrams(UNUSUAL)
    board = d.board
    a3, a2 = board.point("A3"), board.point("A2")
    assert a2 not in board.adjacency[a3] and board.point("A1") in board.adjacency[a2]
    assert board.point("D4") in board.adjacency[board.point("B4")]
    # B4 and D4 are one "wormhole"-joined pair of points, but both are empty
    assert not board.is_plain_grid
    assert [a.word for a in d.annotations] == ["UNLINK", "LINK"]


def test_a_wormhole_joins_two_stones_into_one_chain():
    (d,) = parse_diagrams("$$\n$$ | O . O\n$$ | . . .\n$$ +-------\n$$ {LINK A2 C2}")
    assert len(d.board.chains_of(W)) == 1


def test_expect_resolves_points_and_defaults():
    text = UNUSUAL + "$$ {EXPECT variant=benson,definition white=B4,A3 black=none}\n"
    (d,) = parse_diagrams(text)
    (e,) = d.expectations
    assert e.variants == ("benson", "definition")
    assert e.suicide is Suicide.ILLEGAL
    assert e.white is not None and d.board.names(e.white) == ["B4", "A3"]
    assert e.black == frozenset() and e.points(B) == frozenset()
    (d,) = parse_diagrams(UNUSUAL + "$$ {EXPECT variant=truth suicide=multi white=A3}\n")
    assert d.expectations[0].suicide is Suicide.MULTI and d.expectations[0].black is None


def test_capture_claim():
    text = "$$\n$$ . X .\n$$ X O X\n$$ . . .\n$$ {CAPTURE by=black moves=2:3,pass,1:1}"
    (d,) = parse_diagrams(text)
    (c,) = d.captures
    assert c.by is B and c.suicide is Suicide.ILLEGAL
    assert c.moves == (d.board.point("2:3"), None, d.board.point("1:1"))


def test_unknown_words_are_kept_as_annotations_with_item_locations():
    (d,) = parse_diagrams("$$\n$$ . X .\n$$ {EYES variant=eye-tester  A1 B2}\n$$ {SCORE black=3}")
    eyes, score = d.annotations
    assert (eyes.word, eyes.items) == ("EYES", ("variant=eye-tester", "A1", "B2"))
    assert (eyes.location.line, eyes.location.column) == (3, 5)
    assert eyes.item_columns == (10, 30, 33)
    assert d.annotations_named("SCORE") == (score,)
    assert score.options() == {"black": ("3", 0)}
    error = eyes.error("bad", 2)
    assert (error.location.line, error.location.column) == (3, 33)


@pytest.mark.parametrize(
    "line, column, words",
    [
        ("$$ {EXPECT variant=benson white=B4,Z9}", 36, "no point named 'Z9'"),
        ("$$ {EXPECT variant=benson white=A1}", 33, "is empty, not a white stone"),
        ("$$ {EXPECT variant=benson black=B4}", 33, "is a white stone, not a black stone"),
        ("$$ {EXPECT variant=benson colour=black}", 27, "unknown key 'colour'"),
        ("$$ {EXPECT white=B4}", 5, "missing variant"),
        ("$$ {EXPECT variant=benson suicide=maybe}", 35, "suicide rule"),
        ("$$ {EXPECT variant=benson benson}", 27, "expected key=value"),
        ("$$ {CAPTURE by=red moves=A1}", 16, "by= must be black or white"),
        ("$$ {LINK A1}", 5, "pairs of points"),
        ("$$ {LINK A1 Q9}", 13, "not on this diagram"),
        ("$$ {UNLINK A1 C1}", 15, "not neighbours"),
    ],
)
def test_bad_extension_lines_are_located_at_the_item(line, column, words):
    with pytest.raises(InputError) as problem:
        parse_diagrams(UNUSUAL + line + "\n")
    assert located(problem) == (10, column)
    assert words in problem.value.message


def test_a_hole_cannot_be_linked():
    with pytest.raises(InputError) as problem:
        parse_diagrams("$$\n$$ | . _ .\n$$ +-------\n$$ {LINK A1 B1}")
    assert located(problem) == (4, 13) and "hole" in problem.value.message


def test_gtp_names_on_a_cut_out_without_fixed_names_are_refused():
    with pytest.raises(InputError) as problem:
        parse_diagrams("$$\n$$ . . .\n$$ {LINK A1 B1}")
    assert located(problem) == (3, 10) and "col:row" in problem.value.message
