"""Which glyph of a terminal board each point of an analysis gets (`#`/`@`, `b`/`w`, `x`/`o`).

In its own module, beside the pictures of `passalive.tools.figures` that
re-export it, so that `passalive analyse`'s text output does not import the
SVG code, the eye tester and the scorer the pictures need.
"""

from __future__ import annotations

from passalive.definitions.analysis import Analysis
from passalive.go.board import Colour


def analysis_marks(result: Analysis) -> dict[int, str]:
    """The analyse command's terminal board (keys of `ANALYSIS_GLYPHS`): `#`/`@`
    pass-alive black/white stones, `b`/`w` territory, `x`/`o` dead stones in
    the other colour's territory."""
    board = result.board
    marks: dict[int, str] = {}
    for colour, stone, land, dead in ((Colour.BLACK, "#", "b", "o"), (Colour.WHITE, "@", "w", "x")):
        for p in result.territory(colour):
            marks[p] = land if board.colours[p] is Colour.EMPTY else dead
        for p in result.alive_points(colour):
            marks[p] = stone
    return marks


__all__ = ["analysis_marks"]
