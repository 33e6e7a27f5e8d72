"""Rendering reads back: parse(render_sensei(board)) == board, for random boards
with holes, marks, labels, numbered stones, cut-outs and adjacency changes."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from passalive import Board, Colour, Mark, MarkKind, Side, parse_diagrams, read_diagrams
from passalive import diagrams_json, render_plain, render_sensei
from passalive.go.diagram import frame_for

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY
SHAPES = (MarkKind.CIRCLE, MarkKind.SQUARE, MarkKind.TRIANGLE, MarkKind.CROSS)


def _size_allowed(size: int | None, width: int, height: int, open_sides: frozenset[Side]) -> bool:
    if size is None:
        return True
    if width > size or height > size:
        return False
    if Side.LEFT not in open_sides and Side.RIGHT not in open_sides and width != size:
        return False
    if Side.TOP not in open_sides and Side.BOTTOM not in open_sides and height != size:
        return False
    return True


@st.composite
def boards(draw, with_moves: bool = False) -> Board:
    width = draw(st.integers(1, 7))
    height = draw(st.integers(1, 7))
    open_sides = frozenset(draw(st.sets(st.sampled_from(list(Side)))))
    size = draw(st.one_of(st.none(), st.integers(max(width, height), 25)))
    if not _size_allowed(size, width, height, open_sides):
        size = None
    frame = frame_for(width, height, open_sides, size)
    rows: list[list[Colour | None]] = []
    marks: dict[tuple[int, int], Mark] = {}
    for y in range(height):
        row: list[Colour | None] = []
        for x in range(width):
            cell = draw(st.sampled_from([B, W, E, E, None]))
            row.append(cell)
            if cell is None or not draw(st.booleans()):
                continue
            if cell is E:
                marks[(x, y)] = draw(
                    st.sampled_from(
                        [Mark(MarkKind.HOSHI), Mark(MarkKind.LABEL, draw(st.sampled_from("abcxyz")))]
                        + [Mark(k) for k in SHAPES]
                    )
                )
            else:
                marks[(x, y)] = Mark(draw(st.sampled_from(SHAPES)))
        rows.append(row)
    if with_moves:
        stones = [(x, y) for y in range(height) for x in range(width) if rows[y][x] is not None]
        chosen = draw(st.lists(st.sampled_from(stones), unique=True, max_size=10)) if stones else []
        if chosen:
            first_colour = draw(st.sampled_from([B, W]))
            first = draw(st.integers(1, 60))
            offsets = [0] + sorted(draw(st.sets(st.integers(1, 9), min_size=len(chosen) - 1, max_size=len(chosen) - 1)))
            for (x, y), d in zip(chosen, offsets):
                rows[y][x] = first_colour if d % 2 == 0 else first_colour.opponent
                marks[(x, y)] = Mark(MarkKind.MOVE, str(first + d))
    points = [(x, y) for y in range(height) for x in range(width) if rows[y][x] is not None]
    pairs = st.tuples(st.sampled_from(points), st.sampled_from(points)) if points else st.nothing()
    link = draw(st.lists(pairs, max_size=3)) if points else []
    neighbours = [
        ((x, y), (x + dx, y + dy))
        for x, y in points
        for dx, dy in ((1, 0), (0, 1))
        if (x + dx, y + dy) in set(points)
    ]
    unlink = draw(st.lists(st.sampled_from(neighbours), max_size=3)) if neighbours else []
    return Board.grid(rows, marks=marks, frame=frame, open_sides=open_sides, link=link, unlink=unlink)


def read_back(text: str) -> Board:
    (d,) = parse_diagrams(text, replay=False, allow_illegal=True)
    return d.board


@settings(max_examples=300, deadline=None)
@given(boards())
def test_sensei_markup_reads_back_to_the_same_board(board):
    text = render_sensei(board)
    assert read_back(text) == board, text


@settings(max_examples=150, deadline=None)
@given(boards(with_moves=True))
def test_numbered_stones_read_back_as_drawn(board):
    text = render_sensei(board)
    assert read_back(text) == board, text


@settings(max_examples=100, deadline=None)
@given(boards())
def test_plain_output_of_a_whole_board_reads_back_as_its_position(board):
    whole = Board.grid(
        [[board.points[board.at(x, y)].colour if board.at(x, y) is not None else E for x in range(board.size[0])] for y in range(board.size[1])]
    )
    (d,) = parse_diagrams(render_plain(whole), allow_illegal=True)
    assert d.board.colours == whole.colours and d.board.frame == whole.frame


def test_a_diagram_with_its_lines_reads_back(tmp_path):
    text = (
        "$$Wc9m5 A title\n$$ +-------\n$$ | . 1 2 .\n$$ | , B a .\n"
        "$$ {AR A9 B8}\n$$ [a|Page]\n$$ {EXPECT variant=benson black=B8}\n$$ {EYES x y}\n"
    )
    (d,) = parse_diagrams(text, replay=False)
    again = render_sensei(d)
    (e,) = parse_diagrams(again, replay=False)
    assert e.board == d.board
    assert (e.title, e.first_colour, e.coordinates, e.board_size, e.first_move) == ("A title", W, True, 9, 5)
    assert [(a.word, a.items) for a in e.annotations] == [(a.word, a.items) for a in d.annotations]
    assert e.drawings == d.drawings and e.links == d.links and e.expectations[0].black == d.expectations[0].black


def test_json_shape():
    example = Path(__file__).resolve().parent.parent / "examples" / "basic.txt"
    (d,) = read_diagrams(example)[:1]
    data = json.loads(json.dumps(diagrams_json([d])))
    (one,) = data["diagrams"]
    assert one["size"] == [7, 4]
    assert one["open_sides"] == ["right", "top"]
    assert one["stones"]["black"] == ["D1"]
    assert one["stones"]["white"][:3] == ["A3", "B3", "C3"]
    assert one["expect"] == [{"variants": ["benson"], "suicide": "no", "black": None, "white": ["B3"]}]
    assert one["source"] == {"path": str(example), "line": 16}


@settings(max_examples=150, deadline=None)
@given(boards())
def test_the_fast_grid_builder_equals_board_grid(board):
    from passalive.grammar.sensei import grid_board

    width, height = board.size
    grid = [
        [board.points[board.at(x, y)].colour if board.at(x, y) is not None else None for x in range(width)]
        for y in range(height)
    ]
    marks = {p.coord: p.mark for p in board.points if p.mark is not None}
    expected = Board.grid(grid, marks=marks, frame=board.frame, open_sides=board.open_sides)
    assert grid_board(grid, marks, board.frame, board.open_sides) == expected
