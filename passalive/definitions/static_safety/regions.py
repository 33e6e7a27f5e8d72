"""Step 1 of static safety: blocks, regions and their properties (small, corridor, 1-vital).

Müller 1997, section 3 ("Playing it safe"), as Fuego's GoRegion computes
the flags (GoRegion::ComputeBasicFlags, Has2ConnForAll, Find2ConnForAll,
ProtectedCuts): for one colour c, its blocks and its closed c-regions, each
region *small*, a *corridor*, *1-vital and connected*, *1-vital*.  The
package's docstring states the definitions.  With `sound`, the
protected-cuts rule is left out of 1-vital (docs/findings.md, finding 2: an
alternating-play search refutes it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from passalive.definitions.static_safety.geometry import Geo
from passalive.go.bitboard import bits
from passalive.go.board import STONE_COLOURS, Colour


class Block(NamedTuple):
    index: int  # type: ignore[assignment]  # a NamedTuple field named index hides tuple.index, never called here
    """The block's index in `board.chains`."""
    stones: int
    liberties: int
    near: int
    """Every point next to the block, whatever its colour."""
    first: int
    """The rank of its first point in Fuego's order."""


class Region(NamedTuple):
    """A closed c-region with its blocks and the properties of step 1."""

    index: int  # type: ignore[assignment]  # a NamedTuple field named index hides tuple.index, never called here
    """The rank of its first point in Fuego's order: names the region within its side, and orders the regions."""
    points: int
    empty: int
    blocks: tuple[Block, ...]
    corridor: bool
    vital1_connected: bool
    vital1: bool
    inner_blocks: int
    """Stones of blocks all of whose empty and opponent neighbours lie in the region."""


class Side:
    """What step 1 finds for one colour: its blocks and its regions.

    Most regions are single points (the eyes of a finished position), and
    their properties follow from their neighbours: `single` holds them as
    one bitset, which step 3 uses as it is, and a `Region` is made for one
    only when a later step asks (`one_point`, `ordered`).  The regions of
    two or more points are made at once (`multi`).
    """

    def __init__(
        self, own: int, near: int, blocks: tuple[Block, ...], multi: tuple[Region, ...], closed: tuple[int, ...],
        single: int, closed_single: int, rank: list[int], empty: int, sound: bool = False,
    ) -> None:
        self.own = own
        self.near = near
        """Points next to a stone of the colour."""
        self.blocks = blocks
        """In Fuego's order."""
        self.multi = multi
        """The closed regions of two or more points next to a block, in Fuego's order."""
        self.closed = closed
        """Every closed c-region of two or more points, with or without blocks."""
        self.single = single
        """The points of the closed one-point regions next to a block."""
        self.closed_single = closed_single
        """The points of every closed one-point c-region."""
        self.sound = sound
        """Whether Fuego's refuted rules are left out (the sound mode; see the package's docstring)."""
        self._rank = rank
        self._empty = empty
        self._made: dict[int, Region] = {}

    def one_point(self, p: int) -> Region:
        """The region of the one-point region at bit `p` (made once, when first asked for).

        Small and a corridor; 1-vital and connected when next to one block,
        1-vital when empty too; inner blocks only when a block's one
        neighbour is this point.
        """
        region = self._made.get(p)
        if region is None:
            points = 1 << p
            around = tuple(b for b in self.blocks if b.near & points)
            inner = 0
            for b in around:
                if b.near == points:
                    inner |= b.stones
            connected = len(around) <= 1
            empty = points & self._empty
            region = Region(self._rank[p], points, empty, around, True, connected, connected or bool(empty), inner)
            self._made[p] = region
        return region

    def ordered(self, singles: int) -> list[Region]:
        """The regions of two or more points and the one-point regions at `singles`, in Fuego's order."""
        singles &= self.single
        if not singles:
            return list(self.multi)
        found = list(self.multi) + [self.one_point(p) for p in bits(singles)]
        found.sort(key=_first)
        return found

    def block_at(self, bit: int) -> Block:
        """The block with a stone at this bit (a scan: sides have few blocks, and a table costs more to make)."""
        return next(b for b in self.blocks if b.stones >> bit & 1)


def _first(region: Region) -> int:
    return region.index


def _lowest(found: tuple[int, Colour, int, int, int, int]) -> int:
    return found[0]


def find_blocks(geo: Geo) -> dict[Colour, list[Block]]:
    """The blocks of both colours; their `index` is their place in `board.chains`
    (chains by smallest point id, and bit order follows id order)."""
    found = []
    empty, nbr, fill, rank = geo.empty, geo.nbr, geo.fill, geo.rank
    for c in STONE_COLOURS:
        own = geo.stones[c]
        lone = geo.g.isolated(own)  # one-stone blocks: no flood fill
        for p in bits(lone):
            near = nbr(1 << p)
            found.append((p, c, 1 << p, near & empty, near, rank[p]))
        rest = own & ~lone
        while rest:
            low = rest & -rest
            stones = fill(low, own)
            rest &= ~stones
            near = nbr(stones) & ~stones
            found.append((low.bit_length() - 1, c, stones, near & empty, near, geo.first(stones)))
    found.sort(key=_lowest)
    result: dict[Colour, list[Block]] = {c: [] for c in STONE_COLOURS}
    for i, (_, c, stones, libs, near, first) in enumerate(found):
        result[c].append(Block(i, stones, libs, near, first))
    for blocks in result.values():
        blocks.sort(key=lambda b: b.first)
    return result


def find_side(geo: Geo, colour: Colour, blocks: list[Block], sound: bool = False) -> Side:
    """Step 1 for one colour: its regions and their properties (with `sound`, no protected cuts)."""
    own = geo.stones[colour]
    opp = geo.stones[colour.opponent]
    non_c = geo.mask & ~own
    near_c = geo.nbr(own) & non_c
    crowded = geo.three_or_more(non_c)
    open_points = geo.g.open
    fill = geo.fill
    closed: list[int] = []
    found: list[tuple[int, int, list[Block]]] = []
    # one-point regions (most eyes): every neighbour is a c stone (their Region is made when asked for)
    single = geo.g.isolated(non_c) & ~open_points
    rest = non_c & ~single
    while rest:
        points = fill(rest & -rest, non_c)
        rest &= ~points
        if points & open_points:
            continue
        closed.append(points)
        around = [b for b in blocks if b.near & points]
        if around:
            found.append((geo.first(points), points, around))
    found.sort(key=lambda t: t[0])  # by rank, which no two regions share
    multi = tuple(region_facts(geo, i, points, around, own, opp, near_c, crowded, sound) for i, points, around in found)
    return Side(own, near_c, tuple(blocks), multi, tuple(closed), single & geo.nbr(own), single, geo.rank, geo.empty, sound)


def region_facts(
    geo: Geo, index: int, points: int, blocks: list[Block], own: int, opp: int, near_c: int, crowded: int,
    sound: bool = False,
) -> Region:
    """The properties of a region of two or more points (a one-point region is made by `Side.one_point`).

    With `sound`, a corridor is not 1-vital by its protected cuts alone: an
    attacking move can cut a block off from the corridor and leave it
    dependent on a one-point region it shares (docs/findings.md, finding 2);
    it must pass the miai test for its inner points like any other region.
    """
    empty = points & geo.empty
    small = not empty & ~near_c
    corridor = not points & (crowded | ~near_c)
    if small and len(blocks) <= 1:
        vital1_connected = True
    elif small and len(blocks) <= 4:
        joint = empty
        for b in blocks:
            joint &= b.liberties
        vital1_connected = joint.bit_count() >= 2
    else:
        vital1_connected = False
    if vital1_connected:
        vital1 = True
    elif not all(b.liberties & points for b in blocks):
        vital1 = False
    else:
        protected = not sound and protected_cuts(blocks, points, corridor, opp, empty)
        vital1 = protected or miai_for_inner(geo, empty, blocks, near_c)
    inner = 0
    for b in blocks:
        if not b.near & ~points:
            inner |= b.stones
    return Region(index, points, empty, tuple(blocks), corridor, vital1_connected, vital1, inner)


def protected_cuts(blocks: Sequence[Block], points: int, corridor: bool, opp: int, empty: int) -> bool:
    """A corridor whose cutting points (next to two of its blocks) hold no opponent stone."""
    if not corridor:
        return False
    if not points & ~empty:
        return True  # no opponent stone can sit on a cut
    if len(blocks) == 2:
        return not points & blocks[0].near & blocks[1].near & opp
    for i in range(len(blocks)):
        for j in range(i + 1, len(blocks)):
            if points & blocks[i].near & blocks[j].near & ~empty:
                return False
    return True


def miai_for_inner(geo: Geo, empty: int, blocks: Sequence[Block], near_c: int) -> bool:
    """One block only, and every inner empty point gets two of the block's liberties as a miai."""
    if len(blocks) != 1:
        return False
    libs = [empty & near_c]
    return all(take_two(geo, p, libs) for p in geo.ordered(empty & ~near_c))


def take_two(geo: Geo, p: int, libs: list[int]) -> bool:
    """Fuego's Find2Libs: the first two neighbours of `p` in `libs[0]` are used up as a miai."""
    pool = libs[0]
    found = [q for q in geo.directed[p] if pool >> q & 1][:2]
    if len(found) < 2:
        return False
    libs[0] = pool & ~(1 << found[0]) & ~(1 << found[1])
    return True



def anchors(side: Side, stones: int) -> list[Block]:
    """The blocks of these stones, each once, in Fuego's order (the order of `side.blocks`)."""
    return [b for b in side.blocks if b.stones & stones]


def add_safe(geo: Geo, side: Side, safe: dict[Colour, int], colour: Colour, points: int) -> frozenset[int]:
    """Add points and the blocks around them to the safe set; the blocks made safe."""
    found = anchors(side, geo.border(points) & side.own)
    made = points
    for b in found:
        made |= b.stones
    safe[colour] |= made
    return frozenset(b.index for b in found)
