# The types of the optional C kernel (passalive/definitions/_kernel.c); see passalive.definitions.kernel.
from typing import overload

# Bitsets are ints in the padded layout of passalive.go.bitboard (bit y*(width+1)+x).

def casting_out(own: int, other: int, width: int, height: int, open: int, all_points: bool, /) -> tuple[int, ...]: ...
def area(
    black: int, white: int, width: int, height: int, open: int, all_points: bool, every_point: bool, /
) -> tuple[int, int, int, int]: ...
@overload
def summary(
    black: int, white: int, width: int, height: int, open: int, all_points: bool, every_point: bool, /
) -> tuple[int, int, int, int, tuple[tuple[str, int, bool], ...]]: ...
@overload
def summary(
    black: int, white: int, width: int, height: int, open: int, all_points: bool, every_point: bool, names: tuple[str, ...], /
) -> tuple[int, int, int, int, tuple[tuple[str, int, bool], ...], str, str]: ...
def game_lines(
    size: int, black: int, white: int, moves: bytes, rule: int, all_points: bool, every_point: bool,
    names: tuple[str, ...], head: str, middle: str, title: str, tail: str, /,
) -> bytes | None: ...
def query_answers(
    width: int, height: int, black: int, white: int, moves: bytes, rule: int, all_points: bool, every_point: bool,
    names: tuple[str, ...], wanted: bytes, /,
) -> tuple[bytes, ...] | None: ...
