"""Point names: GTP coordinates (A–Z without I, rows from 1 at the bottom) and `col:row`.

A diagram is a grid seen from its top-left corner: `(x, y)` with `x` the column
from the left and `y` the row from the top, both from 0.  Go players name points
by the full board instead, so a `Frame` records where the diagram sits on the
board it was cut from: the GTP column of its left column and the row number of
its top row.  When the diagram does not say (a cut-out without the edges that
would fix it, or a grid wider than 25 columns), points are named `col:row`,
counted from the diagram's top-left point as `1:1`, as the wiki markup does.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

GTP_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
"""Column letters in GTP order: the alphabet without I, so at most 25 columns."""

_GTP_NAME = re.compile(r"([A-HJ-Za-hj-z])([1-9][0-9]*)")
_GRID_NAME = re.compile(r"([1-9][0-9]*):([1-9][0-9]*)")


@dataclass(frozen=True)
class Frame:
    """Where a diagram's grid lies on the full board, for naming its points.

    `column0` is the 0-based GTP column index of the diagram's left column and
    `row0` the GTP row number of its top row; either is None when unknown.
    """

    column0: int | None = None
    row0: int | None = None

    @classmethod
    def full_board(cls, height: int) -> Frame:
        """The frame of a diagram showing a whole board of `height` rows."""
        return cls(column0=0, row0=height)

    def knows_gtp(self, width: int) -> bool:
        """Whether every column of a `width`-wide grid has a GTP name."""
        return (
            self.column0 is not None
            and self.row0 is not None
            and self.column0 >= 0
            and self.column0 + width <= len(GTP_LETTERS)
        )

    def name(self, x: int, y: int, width: int) -> str:
        """The name of grid point (x, y): GTP when known, else `col:row` from 1:1."""
        if self.knows_gtp(width):
            assert self.column0 is not None and self.row0 is not None
            return f"{GTP_LETTERS[self.column0 + x]}{self.row0 - y}"
        return f"{x + 1}:{y + 1}"

    def locate(self, name: str, width: int) -> tuple[int, int] | None:
        """The grid point (x, y) a name stands for, or None if it is not a name.

        The result may lie outside the grid; the caller checks the bounds.
        """
        grid = _GRID_NAME.fullmatch(name)
        if grid:
            return _index(grid.group(1)) - 1, _index(grid.group(2)) - 1
        gtp = _GTP_NAME.fullmatch(name)
        if gtp and self.knows_gtp(width):
            assert self.column0 is not None and self.row0 is not None
            x = GTP_LETTERS.index(gtp.group(1).upper()) - self.column0
            return x, self.row0 - _index(gtp.group(2))
        return None


OUTSIDE = 1 << 30
"""A coordinate beyond any board: what a name with a huge number locates."""


def _index(digits: str) -> int:
    """A coordinate's ASCII digits as an int; beyond any board when too long to
    matter (so a name of 5,000 digits is 'no such point', not a crash)."""
    return int(digits) if len(digits) <= 9 else OUTSIDE


def is_point_name(text: str) -> bool:
    """Whether `text` has the form of a point name (GTP or `col:row`)."""
    return bool(_GTP_NAME.fullmatch(text) or _GRID_NAME.fullmatch(text))
