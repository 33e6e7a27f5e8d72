"""Option types shared by the sub-commands.

`Seconds` is a finite number of seconds within a range.  click's `FloatRange`
alone lets `nan` through (every comparison with NaN is false, so it passes
both bounds), and without an upper bound `inf` and `1e308` pass too and then
overflow where the time is turned into milliseconds for Z3.
"""

from __future__ import annotations

import math
from typing import Any

import click

MAX_SECONDS = 1e9
"""About 31 years: more than any run, small enough for Z3's millisecond limit."""


class Seconds(click.FloatRange):
    """A finite number of seconds from `low` (excluded when `open_low`) to MAX_SECONDS."""

    name = "number of seconds"

    def __init__(self, low: float = 0.0, open_low: bool = True) -> None:
        super().__init__(min=low, max=MAX_SECONDS, min_open=open_low)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if math.isnan(number):
            self.fail(f"expected a number of seconds, got {value!r}", param, ctx)
        return number


def board_size_option(function: Any) -> Any:
    """`--board-size N`: the full board a plain board with GTP coordinates is cut from."""
    from passalive.go.limits import MAX_SIDE

    return click.option(
        "--board-size",
        type=click.IntRange(1, MAX_SIDE),
        default=None,
        metavar="N",
        help="Plain boards are cut from an NxN board: a side is an edge only where their "
        "coordinates reach the board's edge (without it: column A, row 1, or a board drawn from A1).",
    )(function)
