"""A diagram as read from a file: its board plus everything else the markup says.

A `Diagram` keeps what a Sensei's Library `$$` block (or a plain board, or an
SGF node) tells beyond the position: the title, the header options, the
numbered moves as drawn, the wiki's link and arrow lines, passalive's own
extension lines and where in the file it came from, so that a diagram can be
analysed, checked against the verdict the page claims, and written back.

The parts of the markup other than the board (`Move`, `Annotation`,
`Expectation`, `CaptureClaim`, the wiki's links and drawings) and the reading
of passalive's own extension lines live in `passalive.go.markup`: a plain
board or an SGF setup position has none of them, and a process that analyses
one (`passalive analyse`) does not build their classes at start-up.

Point names are the diagram's own names: GTP when its edges fix them (see
`frame_for`), `col:row` from the top-left point as `1:1` always.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from passalive.go.board import Board, Colour, Side
from passalive.go.coords import Frame
from passalive.errors import Location

if TYPE_CHECKING:  # the markup's parts: field types only, built by the readers that meet them
    from passalive.go.markup import Annotation, CaptureClaim, Drawing, Expectation, Move, WikiLink

DEFAULT_BOARD_SIZE = 19
"""The board size a Sensei's diagram has when its header does not give one."""


@dataclass(frozen=True)
class Diagram:
    """One diagram: the board it shows and what its markup says besides.

    `board` is the position after replaying the numbered moves (with captures)
    unless the diagram was read as drawn (`replayed` False), in which case the
    numbered stones stand on the board with MOVE marks.  `moves` lists the
    numbered moves in order either way.  `board_size` is the header's size
    option (None: not given; Sensei's default is 19).
    """

    board: Board
    title: str = ""
    first_colour: Colour = Colour.BLACK
    coordinates: bool = False
    board_size: int | None = None
    first_move: int = 1
    moves: tuple[Move, ...] = ()
    replayed: bool = True
    links: tuple[WikiLink, ...] = ()
    drawings: tuple[Drawing, ...] = ()
    annotations: tuple[Annotation, ...] = ()
    expectations: tuple[Expectation, ...] = ()
    captures: tuple[CaptureClaim, ...] = ()
    location: Location | None = field(default=None, compare=False)
    warnings: tuple[tuple[str, Location], ...] = field(default=(), compare=False)
    """What the reader accepted but doubts, with where (e.g. a header that looks like an edge)."""

    def annotations_named(self, word: str) -> tuple[Annotation, ...]:
        """The extension lines with this word (e.g. "EYES"), in order."""
        return tuple(a for a in self.annotations if a.word == word)


# ---------------------------------------------------------------- point names


def frame_for(
    width: int, height: int, open_sides: frozenset[Side], board_size: int | None
) -> Frame:
    """Where a `width` x `height` diagram lies on the board, by the markup's rules.

    Columns count from the left edge, or end at the right edge when only that
    one is drawn; rows count from 1 at the bottom edge, or down from the board
    size at the top edge when only that one is drawn.  Otherwise unknown.
    """
    size = board_size if board_size is not None else DEFAULT_BOARD_SIZE
    if Side.LEFT not in open_sides:
        column0: int | None = 0
    elif Side.RIGHT not in open_sides:
        column0 = size - width
    else:
        column0 = None
    if Side.BOTTOM not in open_sides:
        row0: int | None = height
    elif Side.TOP not in open_sides:
        row0 = size
    else:
        row0 = None
    return Frame(column0=column0, row0=row0)
