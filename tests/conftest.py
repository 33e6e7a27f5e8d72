"""Helpers shared by the test files: boards from text, labelled boards for the
symmetry tests, and running the command line.

pytest puts this folder on `sys.path` before it imports the tests, so a test
file imports these with `from conftest import grid` (and the hypothesis
strategies with `from strategies import ...`).  Slow tests carry
`@pytest.mark.slow` (registered in pyproject.toml): `pytest -m "not slow"`
leaves them out, `pytest -m slow` runs only them; plain `pytest` runs all.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pytest

from passalive.cli import main
from passalive.go.board import Board, Colour, Mark, MarkKind, Side
from passalive.grammar.read import parse_diagrams

_SYMBOLS = {"X": Colour.BLACK, "O": Colour.WHITE, ".": Colour.EMPTY}


def grid(text: str, open_sides: tuple[Side, ...] = ()) -> Board:
    """A board from rows of `X` (black), `O` (white) and `.` (empty), separated by spaces."""
    rows = [[_SYMBOLS[c] for c in row.split()] for row in text.strip().splitlines()]
    return Board.grid(rows, open_sides=open_sides)


def board_of(markup: str) -> Board:
    """The board of a Sensei's Library markup text holding exactly one diagram."""
    (diagram,) = parse_diagrams(markup)
    return diagram.board


def colour_rows(board: Board) -> list[list[Colour]]:
    """The colours of a board built as a grid without holes, top row first:
    what `Board.grid` takes to build it again."""
    assert board.size is not None, "a grid board"
    width, height = board.size
    colour = {board.coord_of(p.id): p.colour for p in board.points}
    return [[colour[(x, y)] for x in range(width)] for y in range(height)]


def labelled_grid(rows: Sequence[Sequence[Colour | None]]) -> Board:
    """A grid whose every point carries a label, its index in reading order, so
    that a point can be found again after the board is turned or mirrored."""
    width = len(rows[0])
    marks = {(x, y): Mark(MarkKind.LABEL, str(y * width + x)) for y in range(len(rows)) for x in range(width)}
    return Board.grid(rows, marks=marks)


def labels(board: Board, points: Iterable[int]) -> frozenset[str]:
    """The labels of `points` on a board made by `labelled_grid`."""
    return frozenset(_label(board, p) for p in points)


def relabel(board: Board, moved: Board, points: Iterable[int]) -> list[int]:
    """The points of `moved` that carry the labels of `points` of `board`."""
    where = {_label(moved, p.id): p.id for p in moved.points}
    return [where[t] for t in labels(board, points)]


def _label(board: Board, p: int) -> str:
    mark = board.points[p].mark
    assert mark is not None, f"point {p} has no label"
    return mark.text


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of `passalive ARGV`; never a traceback."""
    with pytest.raises(SystemExit) as done:
        main(argv)
        raise SystemExit(0)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err
    code = done.value.code
    assert code is None or isinstance(code, int), code
    return code or 0, out, err
