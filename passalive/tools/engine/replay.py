"""A query's moves played one by one on bitsets: the position after every turn, made from the one before.

The engine analyses many turns of a game per query, so the replay keeps
the stones of each colour as two integers in the padded layout of
`passalive.go.bitboard` (bit `y * (width + 1) + x`, one clear bit after each
row), the layout the direct casting-out reads: a turn costs one move -- a
stone set, the opponent chains next to it flood-filled, those without a
liberty removed -- never a new board.  The rule is passalive's one capture
rule (`passalive.go.play`), on bitsets; the tests check both give the same
positions.  A move the rules forbid -- on an occupied point, a suicide the
replay's rule forbids, a ko taken back at once -- is a `QueryError` naming
the move, raised before any answer of the query is written
(`check_moves`, which keeps the analysed positions of a query of up to
`KEPT_TURNS` of them, so the answers do not replay the moves again).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from passalive.go.bitboard import padded_dilate, padded_fill, padded_full
from passalive.go.board import Colour
from passalive.go.coords import Frame
from passalive.go.suicide import Suicide
from passalive.tools.engine.query import Query, QueryError


@dataclass(frozen=True)
class Turn:
    """The position of one turn: stones as padded bitsets, and the stones each side has captured."""

    number: int
    black: int
    white: int
    captured_by_black: int
    captured_by_white: int


class _Grid:
    """Neighbours and flood fill of a full width x height grid in the padded layout."""

    def __init__(self, width: int, height: int) -> None:
        self.width = width
        self.stride = width + 1
        self.mask = padded_full(width, height)

    def bit(self, point: int) -> int:
        """The padded bit of a point id `y * width + x`."""
        return 1 << (point + point // self.width)

    def dilate(self, s: int) -> int:
        return padded_dilate(s, self.stride, self.mask)

    def fill(self, seed: int, allowed: int) -> int:
        """The points of `allowed` connected to `seed`."""
        return padded_fill(seed, allowed, self.stride)


def _name(query: Query, point: int) -> str:
    return Frame.full_board(query.height).name(point % query.width, point // query.width, query.width)


def _move(query: Query, number: int) -> str:
    colour, point = query.moves[number - 1]
    return f"`moves`[{number - 1}] ({colour.value} {'pass' if point is None else _name(query, point)})"


def turns(query: Query) -> Iterator[Turn]:
    """The position after every turn of the query, turn 0 (the initial stones) first.

    Raises QueryError at the first move the rules forbid (see the module docstring).
    """
    grid = _Grid(query.width, query.height)
    stones = [0, 0]  # black, white
    for colour, spot in query.initial:
        stones[colour is Colour.WHITE] |= grid.bit(spot)
    empty = grid.mask & ~(stones[0] | stones[1])
    for side in (0, 1):
        rest = stones[side]
        while rest:
            chain = grid.fill(rest & -rest, stones[side])
            rest &= ~chain
            if not grid.dilate(chain) & empty:
                low = (chain & -chain).bit_length() - 1
                raise QueryError(f"`initialStones` leave the chain at {_name(query, low - low // grid.stride)} without a liberty",
                                 "initialStones")
    captured = [0, 0]
    yield Turn(0, stones[0], stones[1], 0, 0)
    ko = 0  # the bit the opponent of the last mover may not take back at once (0: none)
    ko_taker = Colour.EMPTY  # that opponent
    for number, (colour, point) in enumerate(query.moves, 1):
        if point is None:
            ko = 0
            yield Turn(number, stones[0], stones[1], captured[0], captured[1])
            continue
        me = colour is Colour.WHITE
        bit = grid.bit(point)
        mine, theirs = stones[me], stones[not me]
        if (mine | theirs) & bit:
            raise QueryError(f"{_move(query, number)} is on an occupied point", "moves")
        if bit == ko and colour is ko_taker:
            raise QueryError(f"{_move(query, number)} takes a ko back at once", "moves")
        mine |= bit
        empty = grid.mask & ~(mine | theirs)
        taken = 0
        rest = grid.dilate(bit) & theirs
        while rest:
            chain = grid.fill(rest & -rest, theirs)
            rest &= ~chain
            if not grid.dilate(chain) & empty:
                taken |= chain
        ko = 0
        if taken:
            theirs &= ~taken
            count = taken.bit_count()
            captured[me] += count
            if count == 1 and not grid.dilate(bit) & mine & ~bit and (grid.dilate(bit) & ~bit & grid.mask & ~theirs) == taken:
                ko, ko_taker = taken, colour.opponent  # one stone took one and has that point as its only liberty
        else:
            own = grid.fill(bit, mine)
            if not grid.dilate(own) & empty:
                rule = query.suicide
                if rule is Suicide.ILLEGAL or (rule is Suicide.MULTI and own == bit):
                    raise QueryError(f"{_move(query, number)} is a suicide, illegal under the replay's rule "
                                     f"(suicide {rule.value!r})", "moves")
                mine &= ~own
                captured[not me] += own.bit_count()
        stones[me], stones[not me] = mine, theirs
        yield Turn(number, stones[0], stones[1], captured[0], captured[1])


KEPT_TURNS = 4096
"""The most analysed turns whose positions `check_moves` keeps for the answers (a few
hundred bytes each); a query analysing more turns is replayed a second time instead."""


def check_moves(query: Query) -> tuple[Turn, ...] | None:
    """Replay the whole query once, raising QueryError at the first move the rules forbid.

    Returns the positions of the analysed turns when there are at most
    `KEPT_TURNS` of them (so the answers need no second replay), else None.
    """
    wanted = set(query.turns)
    keep = len(wanted) <= KEPT_TURNS
    kept = [turn for turn in turns(query) if keep and turn.number in wanted]
    return tuple(kept) if keep else None
