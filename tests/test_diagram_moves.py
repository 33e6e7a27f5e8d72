"""Numbered moves: replayed with captures, collisions `N at M` read from the title."""

from __future__ import annotations

import pytest

from passalive import Colour, IllegalPositionError, InputError, MarkKind, parse_diagrams

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY

SNAPBACK = """\
Black 1 throws in, White 2 captures it, Black 3 plays at 1 again and captures everything.
$$B Snapback: 3 at 1
$$ +---------+
$$ | O 2 1 O |
$$ | O O O O |
$$ | X X X X |
$$ | . . . . |
$$ +---------+
"""


def test_replay_applies_captures_and_the_collision_from_the_title():
    (d,) = parse_diagrams(SNAPBACK)
    board = d.board
    assert board.names(board.stones(B)) == ["C4", "A2", "B2", "C2", "D2"]
    assert board.stones(W) == frozenset()
    assert [(m.number, m.colour, board.name(m.point), m.at) for m in d.moves] == [
        (1, B, "C4", None),
        (2, W, "B4", None),
        (3, B, "C4", 1),
    ]
    # the collision's location is the number in the title
    assert (d.moves[2].location.line, d.moves[2].location.column) == (2, 15)
    assert all(p.mark is None for p in board.points)


def test_as_drawn_keeps_the_numbered_stones_and_may_be_illegal():
    with pytest.raises(IllegalPositionError) as problem:
        parse_diagrams(SNAPBACK, replay=False)
    assert (problem.value.location.line, problem.value.location.column) == (4, 6)
    (d,) = parse_diagrams(SNAPBACK, replay=False, allow_illegal=True)
    one = d.board.points[d.board.point("C4")]
    assert (one.colour, one.mark.kind, one.mark.text) == (B, MarkKind.MOVE, "1")
    assert not d.replayed


def test_white_first_and_first_move_number():
    (d,) = parse_diagrams("$$Wm51\n$$ . 1 2 .\n$$ . . . .", replay=False)
    assert [(m.number, m.colour) for m in d.moves] == [(51, W), (52, B)]
    p = d.board.at(1, 0)
    assert p is not None and d.board.points[p].mark.text == "51"


def test_a_capture_by_a_numbered_move_without_collision():
    text = "$$\n$$ +-------\n$$ | O 1 .\n$$ | X . .\n$$ | . . ."
    (d,) = parse_diagrams(text)
    assert d.board.stones(W) == frozenset()
    assert d.board.names(d.board.stones(B)) == ["B19", "A18"]


def test_collisions_in_a_list_and_at_a_labelled_point():
    text = "$$ 3, 5 at 1; 4 at a\n$$ . O 1 O\n$$ O 2 O a\n$$ . O . ."
    # 1 is captured by 2; 3 retakes at 1 capturing 2; ...: we just check they are read
    with pytest.raises(InputError):
        parse_diagrams(text)  # 3 at 1 is then suicide or occupied: an error, not silence
    (d,) = parse_diagrams("$$ 3 at a\n$$ 1 . a\n$$ . 2 .")
    assert [(m.number, d.board.name(m.point)) for m in d.moves] == [(1, "1:1"), (2, "2:2"), (3, "3:1")]


def test_title_numbers_without_any_numbered_stone_are_just_prose():
    (d,) = parse_diagrams("$$ 3 at 1 is the tesuji\n$$ . X .")
    assert d.moves == ()


def test_a_collision_with_a_move_that_is_not_drawn():
    with pytest.raises(InputError) as problem:
        parse_diagrams("$$ 3 at 2\n$$ 1 . .")
    assert (problem.value.location.line, problem.value.location.column) == (1, 9)
    assert "no move 2 is drawn" in problem.value.message


def test_a_move_on_an_occupied_point_is_reported_at_its_number():
    with pytest.raises(InputError) as problem:
        parse_diagrams("$$ 2 at 1\n$$ 1 . .\n$$ . . .")
    assert (problem.value.location.line, problem.value.location.column) == (1, 4)
    assert "occupied" in problem.value.message


def test_a_move_drawn_twice():
    with pytest.raises(InputError) as problem:
        parse_diagrams("$$\n$$ 1 . 1")
    assert (problem.value.location.line, problem.value.location.column) == (2, 8)


def test_collision_at_a_named_point():
    (d,) = parse_diagrams("$$ 3 at C19, 4 at 2:2\n$$ +-------\n$$ | 1 . .\n$$ | . 2 .", replay=False)
    assert [(m.number, d.board.name(m.point)) for m in d.moves] == [(1, "A19"), (2, "B18"), (3, "C19"), (4, "B18")]
    (d,) = parse_diagrams("$$ 3 at 3:1\n$$ 1 . .\n$$ . 2 .", replay=False)
    assert d.board.name(d.moves[2].point) == "3:1"
    with pytest.raises(InputError) as problem:
        parse_diagrams("$$ 3 at C3\n$$ 1 . .\n$$ . 2 .")
    assert (problem.value.location.line, problem.value.location.column) == (1, 9)
