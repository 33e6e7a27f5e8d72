"""The analysis channel of Lizzie and Sabaki: `kata-analyze`, `lz-analyze`, `analyze` (KataGo's GTP extensions).

KataGo and Leela Zero answer these commands with a stream of `info` lines,
one every `interval` centiseconds, until the next command (or an empty
line) arrives (KataGo's docs/GTP_Extensions.md,
https://github.com/lightvector/KataGo/blob/master/docs/GTP_Extensions.md).
passalive searches nothing and suggests no move: its answer is the same at
every interval, so it is computed once and repeated.  What the GUIs draw
from it is the `ownership` field: one number per point in KataGo's order
(row-major from the top left, A19 first on 19x19), +1 where the player of
the analysis owns the point, -1 where the opponent does, 0 elsewhere, from
the statuses chosen (`OWNERSHIP_SOURCES`).

So that the GUIs accept the line, it carries one move, `pass`, with one
visit and neutral placeholders (winrate 0.5, score 0): Lizzie's parser
(`MoveData.fromInfoKatago`) reads any key-value pairs up to `pv`, and
Lizzie reads `ownership` from the same line (it flips the numbers when
white is to move, because KataGo's are for the player to move).  These
placeholders say nothing about the game; the ownership is the verdict.

This module holds the pure parts: reading the arguments (`parse_request`),
the ownership of a position (`ownership`) and the text of a line
(`info_line`); `passalive.tools.gtp` keeps the stream going.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from passalive.definitions.unconditional import Status
from passalive.go.board import Board, Colour

ANALYZE_COMMANDS = ("kata-analyze", "lz-analyze", "analyze")
"""KataGo's format, Leela Zero's (winrates in hundredths of a percent), and Sabaki's (KataGo's, every number with a point)."""

OWNERSHIP_SOURCES = ("pass-alive", "unconditional", "score")
"""Which statuses the ownership shows: passalive's pass-alive stones and territory (under the engine's variant,
pass-alive suicide rule and territory convention); GNU Go's unconditional status; the scorer's statuses (the
stones that end alive and their territory, as `passalive score` settles them)."""

PERSPECTIVES = ("to-move", "black")
"""Whose point +1 is: the player of the analysis (KataGo's default, which the GUIs assume), or always black."""

MAX_INTERVAL_CENTISECONDS = 8_640_000
"""A day: a longer interval means 'once' in practice, and a bound keeps the timer's arithmetic finite."""

_BOOLEAN_KEYS = frozenset({
    "ownership", "ownershipStdev", "rootInfo", "movesOwnership", "movesOwnershipStdev", "pvVisits", "pvEdgeVisits",
    "noResultValue",
})
"""KataGo's true/false options; passalive answers `ownership`, `ownershipStdev` and `rootInfo`, and accepts the rest."""
_NUMBER_KEYS = frozenset({"minmoves", "maxmoves"})
_MOVE_LIST_KEYS = frozenset({"avoid", "allow"})
"""`avoid PLAYER VERTICES UNTILDEPTH`: about moves to search, which passalive does not search; accepted and ignored."""
_DECIMAL = re.compile(r"[0-9]{1,12}(?:\.[0-9]{0,6})?|\.[0-9]{1,6}")


class AnalyzeArgumentError(ValueError):
    """Arguments that KataGo would refuse too; the message is the `?` response."""


@dataclass(frozen=True)
class AnalyzeRequest:
    """One `kata-analyze`/`lz-analyze`/`analyze` command, read.

    `player` is who the analysis is for (None: the player to move);
    `interval` seconds between lines (0: one line only); the flags say which
    top-level fields to add after the `info` field.
    """

    command: str
    player: Colour | None = None
    interval: float = 0.0
    ownership: bool = False
    ownership_stdev: bool = False
    root_info: bool = False


def _player(word: str) -> Colour | None:
    return {"b": Colour.BLACK, "black": Colour.BLACK, "w": Colour.WHITE, "white": Colour.WHITE}.get(word.lower())


def _interval(word: str) -> float | None:
    """Centiseconds as seconds, or None if the word is not a plain non-negative decimal within the bound."""
    if _DECIMAL.fullmatch(word) is None:
        return None
    centiseconds = float(word)
    return centiseconds / 100 if centiseconds <= MAX_INTERVAL_CENTISECONDS else None


def _boolean(word: str) -> bool | None:
    return {"true": True, "false": False, "1": True, "0": False}.get(word.lower())


def parse_request(command: str, args: Sequence[str]) -> AnalyzeRequest:
    """The arguments as KataGo reads them: `[player] [interval] KEY VALUE ...`.

    The keys are KataGo's (`interval`, `ownership`, `ownershipStdev`,
    `rootInfo`, `minmoves`, `maxmoves`, `avoid`, `allow`, ...); the ones
    about moves are read and ignored, as there is no search.  `ownership` is
    accepted by `lz-analyze` too (Leela Zero has no such key; KataGo
    refuses it there), so that a GUI speaking Leela Zero's format can still
    ask for it.  Anything else is an AnalyzeArgumentError.
    """
    words = list(args)
    player: Colour | None = None
    interval = 0.0
    flags: dict[str, bool] = {}
    if words and _player(words[0]) is not None:
        player = _player(words.pop(0))
    if words and (seconds := _interval(words[0])) is not None:
        interval = seconds
        words.pop(0)
    while words:
        key = words.pop(0)
        if not words:
            raise AnalyzeArgumentError(f"{key}: a value is missing")
        value = words.pop(0)
        if key == "interval":
            seconds = _interval(value)
            if seconds is None:
                raise AnalyzeArgumentError(f"interval: expected centiseconds such as 50, got {value[:40]!r}")
            interval = seconds
        elif key in _BOOLEAN_KEYS:
            flag = _boolean(value)
            if flag is None:
                raise AnalyzeArgumentError(f"{key}: expected true or false, got {value[:40]!r}")
            flags[key] = flag
        elif key in _NUMBER_KEYS:
            if not value.isascii() or not value.isdigit() or len(value) > 9:
                raise AnalyzeArgumentError(f"{key}: expected a count, got {value[:40]!r}")
        elif key in _MOVE_LIST_KEYS:
            if len(words) < 2 or _player(value) is None:
                raise AnalyzeArgumentError(f"{key}: expected PLAYER VERTEX,VERTEX,... UNTILDEPTH")
            del words[:2]
        else:
            raise AnalyzeArgumentError(f"unknown analyze key {key[:40]!r}")
    return AnalyzeRequest(
        command, player, interval, flags.get("ownership", False), flags.get("ownershipStdev", False),
        flags.get("rootInfo", False),
    )


def ownership(board: Board, owner: Callable[[int], Colour | None], perspective: Colour) -> list[int]:
    """+1, -1 or 0 for every point of a whole board in KataGo's order (rows from the top, columns from the left).

    `owner(p)` names the colour that owns point p by the statuses chosen
    (None: neither); +1 is `perspective`'s.
    """
    if board.size is None:
        raise ValueError("ownership needs a whole board with a size")
    width, height = board.size
    values = []
    for y in range(height):
        for x in range(width):
            p = board.at(x, y)
            colour = owner(p) if p is not None else None
            values.append(0 if colour is None else 1 if colour is perspective else -1)
    return values


def owners(areas: Mapping[Colour, frozenset[int]]) -> Callable[[int], Colour | None]:
    """`owner(p)` for `ownership` from each colour's owned points (stones and territory)."""
    black, white = areas.get(Colour.BLACK, frozenset()), areas.get(Colour.WHITE, frozenset())
    return lambda p: Colour.BLACK if p in black else Colour.WHITE if p in white else None


def unconditional_owners(colours: Sequence[Colour], statuses: Sequence[Status]) -> Callable[[int], Colour | None]:
    """`owner(p)` from GNU Go's unconditional status of every point: an alive
    stone's colour, a dead stone's opponent, the colour of a territory point."""
    territory = {Status.BLACK_TERRITORY: Colour.BLACK, Status.WHITE_TERRITORY: Colour.WHITE}

    def owner(p: int) -> Colour | None:
        status = statuses[p]
        if status is Status.ALIVE:
            return colours[p]
        if status is Status.DEAD:
            return colours[p].opponent
        return territory.get(status)

    return owner


def _number(value: float, decimal_point: bool) -> str:
    """KataGo's plain numbers (`1`, `-1`, `0`, `0.5`), or with a point always for Sabaki's `analyze`."""
    if decimal_point:
        return f"{value:.1f}" if value == int(value) else repr(value)
    return str(int(value)) if value == int(value) else repr(value)


def info_line(request: AnalyzeRequest, values: Sequence[int]) -> str:
    """The one line of the answer (without its line end): the `pass` move's `info`, then the fields asked for."""
    if request.command == "lz-analyze":  # Leela Zero: integers, 10000 times the winrate and the prior
        text = "info move pass visits 1 winrate 5000 prior 10000 lcb 5000 order 0 pv pass"
    else:
        point = request.command == "analyze"
        zero, half, one = (_number(v, point) for v in (0.0, 0.5, 1.0))
        text = (f"info move pass visits 1 edgeVisits 1 utility {zero} winrate {half} scoreMean {zero} "
                f"scoreStdev {zero} scoreLead {zero} scoreSelfplay {zero} prior {one} lcb {half} "
                f"utilityLcb {zero} order 0 pv pass")
        if request.root_info:
            text += f" rootInfo visits 1 utility {zero} winrate {half} scoreMean {zero} scoreStdev {zero} " \
                    f"scoreLead {zero} scoreSelfplay {zero}"
    point = request.command == "analyze"
    if request.ownership:
        text += " ownership " + " ".join(_number(v, point) for v in values)
    if request.ownership_stdev:  # statuses that are proven or taken as given: no spread
        text += " ownershipStdev " + " ".join(_number(0, point) for _ in values)
    return text


__all__ = [
    "ANALYZE_COMMANDS", "OWNERSHIP_SOURCES", "PERSPECTIVES", "AnalyzeArgumentError", "AnalyzeRequest", "info_line",
    "owners", "ownership", "parse_request", "unconditional_owners",
]
