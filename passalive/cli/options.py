"""Option types shared by the sub-commands.

`Seconds` is a finite number of seconds within a range.  click's `FloatRange`
alone lets `nan` through (every comparison with NaN is false, so it passes
both bounds), and without an upper bound `inf` and `1e308` pass too and then
overflow where the time is turned into milliseconds for Z3.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])
"""A click command function (or command) being decorated with options."""

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


def option_given(param: str) -> bool:
    """Whether the running command's parameter `param` was written on the command line (not its default)."""
    ctx = click.get_current_context(silent=True)
    return ctx is not None and ctx.get_parameter_source(param) is click.core.ParameterSource.COMMANDLINE


def board_size_option(function: F) -> F:
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


def pass_alive_suicide_option_for(played_under: str) -> Callable[[F], F]:
    """`--pass-alive-suicide no|multi|all`: the suicide rule of the analysis, apart from the rule of play.

    The function gets it as `pass_alive_suicide`, a `Suicide` or None (the
    analysis follows the rule the position is played under: `played_under`, in
    the help's words, such as `--suicide or the game's RU`, or no suicide).
    KataGo's `alwaysComputePassAliveUnderSuicideRules` is `--pass-alive-suicide multi`.
    """

    def decorate(function: F) -> F:
        from passalive.go.suicide import Suicide

        def convert(ctx: click.Context, param: click.Parameter, value: str | None) -> Suicide | None:
            return None if value is None else Suicide.parse(value)

        return click.option(
            "--pass-alive-suicide",
            type=click.Choice([rule.value for rule in Suicide]),
            default=None,
            callback=convert,
            help="The suicide rule of the pass-alive analysis alone (no, multi, all); the position is still "
            f"played under {played_under}. Default: the same rule as the play. "
            "'multi' is KataGo's alwaysComputePassAliveUnderSuicideRules.",
        )(function)

    return decorate


pass_alive_suicide_option = pass_alive_suicide_option_for("--suicide or the game's RU")
"""`--pass-alive-suicide` for a command that has `--suicide` (analyse, verify)."""


PICTURES = ("svg", "sgf", "png")
"""The `--format`s that write documents (one SVG or PNG per picture, SGF game trees) instead of text."""


def output_options(formats: tuple[str, ...], default: str | None = None) -> Callable[[F], F]:
    """`--format`, `--out DIR` and `--no-color`, for a command that prints boards.

    The function gets them as `fmt`, `out` and `no_color`.  Pictures are
    written by `write_pictures`.
    """

    def decorate(function: F) -> F:
        function = click.option(
            "--no-color", is_flag=True,
            help="Plain ASCII boards without colour (the default when the output is not a terminal, or NO_COLOR is set).",
        )(function)
        function = click.option(
            "--out", type=click.Path(file_okay=False), default=None, metavar="DIR",
            help="With --format svg/sgf/png: write one file per picture into DIR (default: standard output).",
        )(function)
        function = click.option(
            "--format", "fmt", type=click.Choice(formats), default=default or formats[0], show_default=True,
            help="Output: plain board with GTP coordinates, Sensei's markup (sl), SVG pictures, SGF with marks, "
            "or PNG (the SVG rendered by cairosvg: pip install 'passalive[png]'; needs --out).",
        )(function)
        return function

    return decorate


def write_pictures(pictures: list[tuple[str, str, str]], out: str | None, fmt: str = "svg") -> None:
    """Write (name, extension, text) documents into `out`, or to standard output.

    With `fmt` png, each SVG picture is rendered to PNG (cairosvg) and a folder is required.
    """
    from passalive.tools.figures import as_png, write_figures

    if fmt == "png":
        if out is None:
            from passalive.errors import UsageError

            raise UsageError("--format png writes files: give --out DIR")
    documents: list[tuple[str, str, str | bytes]] = as_png(pictures) if fmt == "png" else list(pictures)
    for path in write_figures(documents, out, click.echo):
        click.echo(f"wrote {path}", err=True)
