"""Which kernel answers the direct casting-out: the compiled one or the Python reference.

passalive's pure-Python code (`passalive.definitions.direct`, the summary of
`passalive.tools.summary`) is the reference.  When the optional C extension
`passalive.definitions._kernel` was built at install time (setup.py: a C
compiler and Python's headers were there), plain rectangular boards are
analysed by it instead: the same answers (the tests compare both on generated
positions of every size and on the corpus), several times faster.

`native()` gives the compiled module, or None when it is absent or the
environment variable PASSALIVE_KERNEL is `python` (for tests and benchmarks
that want the reference); `name()` says which one answers, as
`passalive --version` prints it.  The choice is read once per process.
"""

from __future__ import annotations

import functools
import os
import sys
from array import array
from collections.abc import Iterable
from typing import Protocol, overload

from passalive.go.board import Colour
from passalive.go.suicide import Suicide


class Kernel(Protocol):
    """The compiled kernel's functions (passalive/definitions/_kernel.pyi gives their types)."""

    def casting_out(self, own: int, other: int, width: int, height: int, open: int, all_points: bool, /) -> tuple[int, ...]: ...

    def area(
        self, black: int, white: int, width: int, height: int, open: int, all_points: bool, every_point: bool, /
    ) -> tuple[int, int, int, int]: ...

    @overload
    def summary(
        self, black: int, white: int, width: int, height: int, open: int, all_points: bool, every_point: bool, /
    ) -> tuple[int, int, int, int, tuple[tuple[str, int, bool], ...]]: ...

    @overload
    def summary(
        self, black: int, white: int, width: int, height: int, open: int, all_points: bool, every_point: bool,
        names: tuple[str, ...], /,
    ) -> tuple[int, int, int, int, tuple[tuple[str, int, bool], ...], str, str]: ...

    def game_lines(
        self, size: int, black: int, white: int, moves: bytes, rule: int, all_points: bool, every_point: bool,
        names: tuple[str, ...], head: str, middle: str, title: str, tail: str, /,
    ) -> bytes | None: ...

    def query_answers(
        self, width: int, height: int, black: int, white: int, moves: bytes, rule: int, all_points: bool,
        every_point: bool, names: tuple[str, ...], wanted: bytes, /,
    ) -> tuple[bytes, ...] | None: ...


RULE_CODES = {Suicide.ILLEGAL: 0, Suicide.MULTI: 1, Suicide.ALL: 2}
"""The compiled kernel's codes of the suicide rules of a replay (`game_lines`, `query_answers`)."""


def move_codes(moves: Iterable[tuple[Colour, int | None] | None]) -> bytes:
    """A replay's moves as `game_lines` and `query_answers` read them: two bytes each, little-endian,
    0x4000 | point for black's, 0x8000 | point for white's, 0x3fff as the point of a pass, 0 for a
    node without a move (None)."""
    codes = array("H", [
        0 if move is None else (0x4000 if move[0] is Colour.BLACK else 0x8000) | (0x3FFF if move[1] is None else move[1])
        for move in moves
    ])
    if sys.byteorder == "big":
        codes.byteswap()
    return codes.tobytes()


ENV = "PASSALIVE_KERNEL"
"""The environment variable that forces the Python reference: PASSALIVE_KERNEL=python (any other value: the default)."""


def _forced_python() -> bool:
    """Whether PASSALIVE_KERNEL=python asks for the Python reference."""
    return os.environ.get(ENV, "").strip().lower() == "python"


@functools.cache
def native() -> Kernel | None:
    """The compiled kernel, or None (not built, or PASSALIVE_KERNEL=python).

    A benchmark that must measure the compiled kernel checks `name()`."""
    if _forced_python():
        return None
    try:
        from passalive.definitions import _kernel
    except ImportError:
        return None
    return _kernel


def name() -> str:
    """`c` when the compiled kernel answers, `python` when the reference does."""
    return "python" if native() is None else "c"


def kernel_line() -> str:
    """What `passalive --version` says of the kernel: `kernel: c`, or `kernel: python` and why."""
    if native() is not None:
        return "kernel: c"
    if _forced_python():
        return f"kernel: python ({ENV}=python)"
    return "kernel: python (not built)"
