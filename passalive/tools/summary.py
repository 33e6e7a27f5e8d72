"""A position's pass-alive chains, territory and chains as names, straight from bitsets.

The fast front door for whole collections (`passalive analyse --jsonl`,
`--json`): on a full rectangular board with orthogonal adjacency, under
casting-out (or its suicide adaptation) and the `healthy` territory
convention, the direct algorithm (`passalive.definitions.direct`) already
has every pass-alive chain as a bitset.  `summarise` derives the rest from
the same bitsets -- every chain of both colours, the c-regions and which of
them are pass-alive territory -- and names points through a table made once
per board size, instead of building the `Board`'s own chain and region
objects.  The result is the same as `Analysis.alive_points`, `.territory` and
`Board.chains` give (the tests check it on random positions); any other case
returns None and the caller takes the general path.

Territory (the `healthy` convention of `passalive.definitions.analysis`):
a c-region R (a maximal connected set of points that are not c stones) is
c's territory when it does not reach an open side, it borders at least one c
chain, every c chain it borders is pass-alive, and some pass-alive chain is
next to every empty point of R (with suicide legal: to every point of R).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from passalive.definitions.direct import Geometry, GridGeometry, casting_out
from passalive.definitions.analysis import resolve_variant
from passalive.go.board import STONE_COLOURS, Board
from passalive.go.game import Position
from passalive.go.coords import Frame
from passalive.go.suicide import Suicide

FAST_VARIANTS = ("casting-out", "suicide")
"""The variants whose alive sets come as bitsets from `passalive.definitions.direct`."""


@dataclass(frozen=True)
class Summary:
    """What `passalive analyse --json` prints for one board under one variant, as names.

    `chains` lists every chain of both colours in `Board.chains` order as
    {"colour", "stones", "alive"}; `chains_json()` is the same list as JSON
    text, made from pieces remembered per chain.
    """

    variant: str
    alive: dict[str, list[str]]
    territory: dict[str, list[str]]
    raw_chains: tuple[tuple[str, int, bool], ...] = field(repr=False)
    """(colour name, stones as a bitset of the padded layout, pass-alive) of every chain, in order."""
    table: _NameTable | None = field(default=None, repr=False, compare=False)

    @cached_property
    def chains(self) -> list[dict[str, Any]]:
        """Every chain as {"colour", "stones" (names in reading order), "alive"}."""
        assert self.table is not None
        chain = self.table.chain
        return [{"colour": colour, "stones": list(chain(bits)[0]), "alive": alive} for colour, bits, alive in self.raw_chains]

    def chains_json(self) -> str:
        """`chains` as compact JSON text (as `json.dumps(chains, separators=(",", ":"))` writes it)."""
        assert self.table is not None
        chain = self.table.chain
        parts = [
            f'{{"colour":"{colour}","stones":{chain(bits)[1]},"alive":{"true" if alive else "false"}}}'
            for colour, bits, alive in self.raw_chains
        ]
        return "[" + ",".join(parts) + "]"


@dataclass(frozen=True, eq=False)
class _NameTable:
    """The name of every bit of a padded grid layout (padding bits: ""), and the
    names of recently seen chains by bitset: a game's next position keeps most of its chains."""

    names: tuple[str, ...]
    chains: dict[int, tuple[list[str], str]]

    def chain(self, bits: int) -> tuple[list[str], str]:
        """The names of a chain's stones, and them as a JSON list (a bounded cache, emptied when full)."""
        found = self.chains.get(bits)
        if found is None:
            if len(self.chains) > 4096:
                self.chains.clear()
            names = _names(bits, self.names)
            found = self.chains[bits] = (names, json.dumps(names, separators=(",", ":")))
        return found


@functools.lru_cache(maxsize=64)
def _name_table(width: int, height: int, frame: Frame) -> _NameTable:
    """The names of the padded layout of a width x height grid placed by `frame`."""
    names: list[str] = []
    for y in range(height):
        names.extend(frame.name(x, y, width) for x in range(width))
        names.append("")
    return _NameTable(tuple(names), {})


def _names(bits: int, table: tuple[str, ...]) -> list[str]:
    """The names of the set bits, lowest first (reading order: top row first, left to right).

    The bits are read from a binary string of the set shifted down to its
    lowest bit, so a chain costs the rows it spans, not the whole board.
    """
    if not bits:
        return []
    low = (bits & -bits).bit_length() - 1
    digits = bin(bits >> low)[:1:-1]
    result = []
    find = digits.find
    i = 0
    while i >= 0:
        result.append(table[low + i])
        i = find("1", i + 1)
    return result


def _components(g: GridGeometry, members: int) -> list[int]:
    """The connected parts of a bitset, by lowest bit."""
    parts = []
    rest = members
    while rest:
        part = g.fill(rest & -rest, members)
        parts.append(part)
        rest &= ~part
    return parts


class _BitsGeometry(GridGeometry):
    """The grid geometry of a full square board made from its stones' bitsets
    (a game position keeps them move by move), without a `Board`."""

    def __init__(self, black: int, white: int, size: int) -> None:  # noqa: D107 - no Board to read
        self.width = self.height = size
        self.stride = size + 1
        self.black = black
        self.white = white
        self.mask = _full_mask(size)
        self.empty = self.mask & ~black & ~white
        self.open = 0


@functools.lru_cache(maxsize=32)
def _full_mask(size: int) -> int:
    row = (1 << size) - 1
    return sum(row << (y * (size + 1)) for y in range(size))


def position_geometry(position: Position) -> GridGeometry:
    """The direct algorithm's grid geometry of a game's position, from its replayed bitsets."""
    return _BitsGeometry(position.bits[0], position.bits[1], position.game.size)


def summarise_position(position: Position, suicide: Suicide | None = None, variant: str | None = None) -> Summary | None:
    """`summarise` for a game's position, from the bitsets its replay keeps (no Board is made)."""
    rule = position.suicide if suicide is None else suicide
    if variant is not None and variant not in FAST_VARIANTS:
        return None
    chosen = resolve_variant(variant, rule)
    if chosen.name not in FAST_VARIANTS:
        return None
    size = position.game.size
    g = position_geometry(position)
    return _summary(g, _name_table(size, size, Frame.full_board(size)), rule, chosen.name, chosen.all_points)


def summarise(board: Board, suicide: Suicide = Suicide.ILLEGAL, variant: str | None = None) -> Summary | None:
    """The alive stones, territory and chains of both colours as names, or None
    when the board or the variant needs the general path (see the module docstring)."""
    if variant is not None and variant not in FAST_VARIANTS:
        return None
    chosen = resolve_variant(variant, suicide)
    if chosen.name not in FAST_VARIANTS or board.size is None:
        return None
    g = Geometry.of(board)
    if not isinstance(g, GridGeometry):
        return None
    return _summary(g, _name_table(g.width, g.height, board.frame), suicide, chosen.name, chosen.all_points)


def _summary(g: GridGeometry, table: _NameTable, suicide: Suicide, variant: str, all_points: bool) -> Summary:
    """The summary from a grid geometry (see the module docstring)."""
    every_point = suicide is not Suicide.ILLEGAL
    alive: dict[str, list[str]] = {}
    territory: dict[str, list[str]] = {}
    chains: list[tuple[int, str, int, bool]] = []
    for colour in STONE_COLOURS:
        name = colour.value
        own = g.stones(colour)
        result = casting_out(g, colour, all_points)
        alive_chains = {chain & -chain for chain in result.chains}
        stones = result.stones
        alive[name] = _names(stones, table.names)
        for chain in _components(g, own):
            low = chain & -chain
            chains.append((low, name, chain, low in alive_chains))
        owned = 0
        if result.chains:
            reach = [g.dilate(chain) for chain in result.chains]
            non_own = g.mask & ~own
            # one-point regions (most eyes): territory when every c stone next to them is pass-alive
            single = g.isolated(non_own) & ~g.open
            owned = single & g.dilate(stones) & ~g.dilate(own & ~stones)
            seeds = g.dilate(stones) & non_own & ~single  # only regions next to a pass-alive chain can be territory
            while seeds:
                region = g.fill(seeds & -seeds, non_own)
                seeds &= ~region
                if region & g.open:
                    continue
                border = g.dilate(region) & own
                if not border or border & ~stones:
                    continue
                target = region if every_point else region & g.empty
                if any(not target & ~near for near in reach):
                    owned |= region
        territory[name] = _names(owned, table.names)
    chains.sort()
    return Summary(
        variant=variant,
        alive=alive,
        territory=territory,
        raw_chains=tuple((colour, bits, is_alive) for _, colour, bits, is_alive in chains),
        table=table,
    )

