"""Static safety as a variant of `passalive.definitions.variants`: safe blocks, territory, trace."""

from __future__ import annotations

from passalive.definitions.static_safety.solve import SafetyCache, static_safety
from passalive.definitions.trace import ChainFate, Trace
from passalive.go.board import Board, Colour


def safe_chains(
    board: Board, colour: Colour, suicide: object = None, *, sound: bool = False, cache: SafetyCache | None = None
) -> frozenset[int]:
    """The statically safe blocks of one colour (the variant's `direct`; `sound`: `static-safety-sound`;
    `cache`: the board's results kept by the caller, see `SafetyCache`)."""
    return static_safety(board, sound, cache).safe_chains(colour)


def safe_territory(
    board: Board, colour: Colour, *, sound: bool = False, cache: SafetyCache | None = None
) -> frozenset[int]:
    """The safe regions of one colour: empty points and the dead opponent stones in them."""
    return static_safety(board, sound, cache).territory(colour)


def trace_static_safety(
    board: Board, colour: Colour, *, sound: bool = False, cache: SafetyCache | None = None
) -> Trace:
    """Every block's fate: the steps that made it safe, or why none did."""
    result = static_safety(board, sound, cache)
    fates = {}
    for ch in board.chains_of(colour):
        steps = result.steps_for(ch.index)
        if steps:
            notes = tuple(
                f"{s.rule}: {s.note}" + (f" (regions {' '.join(board.names(s.regions))})" if s.regions else "")
                for s in steps
            )
            fates[ch.index] = ChainFate(ch.index, True, None, (), notes)
        else:
            fates[ch.index] = ChainFate(
                ch.index, False, None, (),
                ("no chain of blocks it belongs to has two healthy or 1-vital regions, no region next to it is "
                 "2-vital, and no region next to it is a surrounded area the opponent cannot live in",),
            )
    return Trace(colour, fates, "not safe")
