"""Müller's static safety: blocks and regions safe if the owner answers every attack.

Pass-alive (Benson) asks for safety when the owner never plays.  Martin
Müller's static rules ("Playing it safe: recognizing secure territories in
computer Go by using static rules and search", 1997), as the Fuego program
implements them (`go_safe static`, its GoSafetySolver), prove more: stones
and territory that stay safe as long as the owner answers each attacking
move locally.  This module computes the same steps, in the same order, for
each colour c:

1. **Regions and their properties.**  A *region* is a c-region (a maximal
   connected set of points without c stones).  A region that reaches an open
   side of a cut-out is never used.  A region is

   * *small* when each of its empty points touches a c stone;
   * a *corridor* when each point has at most two neighbours that are empty
     or opponent stones, and at least one c stone next to it;
   * *1-vital and connected* when it is small and either touches one block,
     or touches at most four blocks and has two empty points each adjacent
     to all of them (whatever the attacker plays, the owner connects on the
     other and keeps a liberty here);
   * *1-vital* (it gives each block next to it one sure liberty) when it is
     1-vital and connected, or every block next to it has a liberty in it and
     either its cuts are protected (a corridor whose points adjacent to two of
     its blocks are all empty; with two blocks, no opponent stone touches
     both) or it touches one block and each of its empty points away from the
     block can be given two liberties of the block, each pair used once (the
     miai: the attacker takes one, the owner the other);
   * *2-vital* (it alone gives its blocks two sure liberties) when it has two
     *intersection points* -- liberties of every block next to it whose
     occupation splits the region in two -- that are not needed as miai to
     protect the region's inner empty points.  Playing either intersection
     point connects all blocks and leaves two separate parts.  The miai are
     found from the outside in; once every inner point has its pair, an
     inner point that is itself next to a connected point lets that point
     stand in for an intersection point of its pair (Fuego's last pass of
     Find2ConnForAllInterior).

2. **Chains of blocks.**  Two chains (sets of blocks, at first one block
   each) are joined through a region when they have two common free
   liberties in it -- the region is 1-vital and connected and touches only
   these two chains, or it is a 1-vital corridor.  The two liberties are a
   miai for the connection and are no longer free for another one.

3. **Healthy regions and Benson's test on chains.**  A region is healthy for
   a chain when each of its empty points is a liberty of the chain, or when
   it is 1-vital.  Chains are grouped by the closure "a healthy region of one
   touches the other"; in each group the chains with fewer than two healthy
   regions surrounded by the group are removed, repeatedly.  The chains that
   remain are safe, with every surrounded region healthy for one of them.

4. **2-vital regions.**  Every region not yet touched by a safe point that is
   2-vital is safe, with all the blocks next to it.

5. **Surrounded areas**, first for black and then for white: a region next
   to a safe block, with no safe point in it or in its inner blocks, is safe
   with its blocks when the opponent cannot live in it (every boundary point
   safe, and no two places where an eye could form), or when every block of
   it can be connected to the safe stones by two liberties and every inner
   empty point, but one, has two liberties as miai.  An opponent region
   lying inside the area with its blocks gives the opponent at most one eye
   when it is a nakade by Fuego's TestNakade (`_test_nakade`: special rules
   for the 2x2 square, the bulky five and the 2x3 rectangle, a region almost
   filled by a nakade-shaped block, then a count of vital points); then the
   opponent lives only if another point of the area can become an eye.  Two
   regions sharing a block not yet safe are tried together the same way
   (without the nakade test, as Fuego does).

Safe blocks and safe points of one colour never overlap those of the other.
Where Fuego's answer depends on more than the position, this module decides
as follows: points are visited in Fuego's order (a graph board without
coordinates uses point ids, and the nakade shapes are made only on a grid);
when a block is connected in step 5 it uses the first two of its liberties
in point order, where Fuego uses the order of its board's liberty list (for
a position set up from a diagram, the order of a depth-first walk over the
block) -- the one cause of the rare differences from Fuego on random
positions found so far (docs/findings.md).

`rules/static-safety.dl` states the same five steps as rules (the variant's
`--engine rules`; `order_facts` gives it Fuego's point order), and the tests
check that both find the same safe blocks and safe points.

`static_safety(board)` computes everything for both colours at once, since
steps 4 and 5 depend on what the other colour has proved; the result is
cached per board.

Why it is fast enough to run wherever pass-alive runs (bench/bench_static_safety.py:
under 5x the direct casting-out on 19x19 end-of-game positions): every set of
points is a Python int used as a bitset in the layout of
`passalive.definitions.direct.Geometry` (on a plain grid the padded layout of
`passalive.go.bitboard`), blocks and regions come from its flood fill rather
than from `Board.chains` and `Board.regions`, one-point regions (most eyes)
get their properties without a fill, and only the greedy miai choices walk
point by point, over the few points they concern.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import TYPE_CHECKING, NamedTuple

from passalive.definitions.direct import Geometry, GraphGeometry, GridGeometry
from passalive.go.bitboard import bits
from passalive.go.board import STONE_COLOURS, Board, Colour

if TYPE_CHECKING:  # variants imports this module lazily; a type-only import avoids the cycle
    from passalive.definitions.variants import Trace


@dataclass(frozen=True)
class Step:
    """One reason some points became safe.

    `rule` is one of `alive` (step 3), `2-vital` (step 4), `surrounded` and
    `surrounded pair` (step 5); `regions` are the points of the safe regions
    it adds, `chains` the indices into `board.chains` of the blocks it makes
    safe.
    """

    colour: Colour
    rule: str
    regions: frozenset[int]
    chains: frozenset[int]
    note: str
    inner: frozenset[int] = frozenset()
    """Blocks inside a surrounded area whose points are safe but which may be captured and retaken."""


@dataclass(frozen=True)
class StaticSafety:
    """The safe points of both colours of a board, and the steps that proved them."""

    board: Board
    safe: Mapping[Colour, frozenset[int]]
    steps: tuple[Step, ...]

    def safe_chains(self, colour: Colour) -> frozenset[int]:
        """Indices into `board.chains` of the safe blocks of `colour`: blocks that are never captured.

        A block inside a surrounded area (step 5) is not among them: the
        area is safe, so its points end up the owner's, but the attacker may
        capture the block first (Fuego counts its points as safe all the same).
        """
        return frozenset(i for s in self.steps if s.colour is colour for i in s.chains)

    def territory(self, colour: Colour) -> frozenset[int]:
        """The safe points of `colour` that are not stones of its safe blocks: its safe regions."""
        chains = self.board.chains
        blocks = {p for i in self.safe_chains(colour) for p in chains[i].points}
        return frozenset(p for p in self.safe[colour] if p not in blocks)

    def steps_for(self, chain_index: int) -> tuple[Step, ...]:
        """The steps that made one block safe (empty if it is not safe)."""
        return tuple(s for s in self.steps if chain_index in s.chains)


# ------------------------------------------------------------------ geometry
#
# Sets of points are Python ints used as bitsets in the layout of
# `passalive.definitions.direct.Geometry`: on a plain grid the padded layout
# of `passalive.go.bitboard` (bit y*(W+1)+x), on any other board bit p for
# point p.  Only the greedy choices (which two liberties form a miai) walk
# point by point, over the few points they concern.


class _Tables:
    """Per point (by bit): Fuego's rank, the neighbours up, right, down, left, the diagonals, the edge.

    Fuego visits points from the bottom row upwards, left to right, and the
    neighbours of a point up, right, down, left; greedy choices (which two
    liberties form a miai) follow that order, so this module does too.
    """

    def __init__(self, rank: list[int], directed: list[tuple[int, ...]], diagonals: list[tuple[int, ...]]) -> None:
        self.rank = rank
        self.directed = directed
        self.diagonals = diagonals
        self.edge = [len(d) < 4 for d in directed]


@cache
def _grid_tables(width: int, height: int) -> _Tables:
    stride = width + 1
    n = stride * height
    rank = [0] * n
    directed: list[tuple[int, ...]] = [()] * n
    diagonals: list[tuple[int, ...]] = [()] * n
    for y in range(height):
        for x in range(width):
            b = y * stride + x
            rank[b] = (height - 1 - y) * width + x
            near = []
            for qx, qy in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if 0 <= qx < width and 0 <= qy < height:
                    near.append(qy * stride + qx)
            directed[b] = tuple(near)
            diagonals[b] = tuple(
                (y + dy) * stride + x + dx
                for dx in (-1, 1)
                for dy in (-1, 1)
                if 0 <= x + dx < width and 0 <= y + dy < height
            )
    return _Tables(rank, directed, diagonals)


def _graph_tables(board: Board) -> _Tables:
    """The tables of a board that is not a plain grid (bit p is point p)."""
    height = board.size[1] if board.size is not None else 0
    keys = []
    for pt in board.points:
        keys.append((height - 1 - pt.coord[1], pt.coord[0], pt.id) if pt.coord is not None else (0, 0, pt.id))
    order = sorted(range(len(board.points)), key=keys.__getitem__)
    rank = [0] * len(order)
    for i, p in enumerate(order):
        rank[p] = i
    adj = board.adjacency
    directed = []
    diagonals = []
    plain = board.is_plain_grid
    for pt in board.points:
        p = pt.id
        near = set(adj[p])
        found: list[int] = []
        if pt.coord is not None:
            x, y = pt.coord
            for q_xy in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                q = board.at(*q_xy)
                if q is not None and q in near:
                    found.append(q)
        found += [q for q in adj[p] if q not in found]
        directed.append(tuple(found))
        if pt.coord is not None and plain:
            x, y = pt.coord
            diag = (board.at(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1))
            diagonals.append(tuple(q for q in diag if q is not None))
        else:
            candidates = {r for q in near for r in adj[q]} - near - {p}
            diagonals.append(tuple(r for r in candidates if len(near & set(adj[r])) >= 2))
    return _Tables(rank, directed, diagonals)


class _Geometry:
    """A board as bitsets (`Geometry.of`), with the point tables of `_Tables`."""

    def __init__(self, board: Board) -> None:
        self.board = board
        g = Geometry.of(board)
        self.g = g
        self.mask, self.empty = g.mask, g.empty
        self.stones = {Colour.BLACK: g.black, Colour.WHITE: g.white}
        self.dilate, self.fill = g.dilate, g.fill
        if isinstance(g, GridGeometry):
            self.tables = _grid_tables(g.width, g.height)
            self.grid: GridGeometry | None = g
            self.neighbours: list[int] = []  # the grid's neighbours are shifts
        else:
            assert isinstance(g, GraphGeometry)
            self.tables = _graph_tables(board)
            self.grid = None
            self.neighbours = g.neighbours
        self.rank = self.tables.rank
        self.directed = self.tables.directed

    def nbr(self, s: int) -> int:
        """The points next to a point of `s` (those of `s` only if next to another)."""
        grid = self.grid
        if grid is not None:
            st = grid.stride
            return ((s << 1) | (s >> 1) | (s << st) | (s >> st)) & self.mask
        neighbours = self.neighbours
        result = 0
        while s:
            low = s & -s
            result |= neighbours[low.bit_length() - 1]
            s ^= low
        return result

    def three_or_more(self, s: int) -> int:
        """The points with at least three neighbours in `s`."""
        grid = self.grid
        if grid is not None:
            st, m = grid.stride, self.mask
            a, b, c, d = (s >> 1) & m, (s << 1) & m, (s >> st) & m, (s << st) & m
            return (a & b & (c | d)) | (c & d & (a | b))
        neighbours = self.neighbours
        return sum(1 << p for p in range(len(neighbours)) if (neighbours[p] & s).bit_count() >= 3)

    def ordered(self, s: int) -> list[int]:
        """The points of `s` in Fuego's order."""
        return sorted(bits(s), key=self.rank.__getitem__)

    def first(self, s: int) -> int:
        """The rank of the first point of a non-empty `s` in Fuego's order."""
        grid = self.grid
        if grid is not None:  # the leftmost point of the lowest row (the highest bits)
            st = grid.stride
            y = (s.bit_length() - 1) // st
            row = s >> (y * st)
            return (grid.height - 1 - y) * grid.width + (row & -row).bit_length() - 1
        return min(map(self.rank.__getitem__, bits(s)))

    def border(self, s: int) -> int:
        """The points next to the set but not in it."""
        return self.nbr(s) & ~s

    def ids(self, s: int) -> frozenset[int]:
        """The point ids of a bitset."""
        return self.g.points(s)

    def is_split_point(self, p: int, points: int) -> bool:
        """Whether filling `p` leaves the other points of the set in two or more pieces."""
        rest = points & ~(1 << p)
        inside = self.nbr(1 << p) & rest
        if inside & (inside - 1) == 0:
            return False
        return self.fill(inside & -inside, rest) != rest


# ------------------------------------------------------------ region facts


class _Block(NamedTuple):
    index: int  # type: ignore[assignment]  # a NamedTuple field named index hides tuple.index, never called here
    """The block's index in `board.chains`."""
    stones: int
    liberties: int
    near: int
    """Every point next to the block, whatever its colour."""
    first: int
    """The rank of its first point in Fuego's order."""


class _Region(NamedTuple):
    """A closed c-region with its blocks and the properties of step 1."""

    index: int  # type: ignore[assignment]  # a NamedTuple field named index hides tuple.index, never called here
    points: int
    empty: int
    blocks: tuple[_Block, ...]
    corridor: bool
    vital1_connected: bool
    vital1: bool
    inner_blocks: int
    """Stones of blocks all of whose empty and opponent neighbours lie in the region."""


class _Side:
    """What step 1 finds for one colour: its blocks and its regions."""

    def __init__(
        self, own: int, near: int, blocks: tuple[_Block, ...], regions: tuple[_Region, ...], closed: tuple[int, ...]
    ) -> None:
        self.own = own
        self.near = near
        """Points next to a stone of the colour."""
        self.blocks = blocks
        """In Fuego's order."""
        self.regions = regions
        """The closed regions next to a block, in Fuego's order."""
        self.closed = closed
        """Every closed c-region, with or without blocks."""

    @cached_property
    def label(self) -> dict[int, _Block]:
        """The block of each stone (keyed by the stone's bit)."""
        label: dict[int, _Block] = {}
        for b in self.blocks:
            label.update(dict.fromkeys(bits(b.stones), b))
        return label


def _blocks(geo: _Geometry) -> dict[Colour, list[_Block]]:
    """The blocks of both colours; their `index` is their place in `board.chains`
    (chains by smallest point id, and bit order follows id order)."""
    found = []
    empty, dilate, fill = geo.empty, geo.dilate, geo.fill
    for c in STONE_COLOURS:
        own = geo.stones[c]
        rest = own
        while rest:
            stones = fill(rest & -rest, own)
            rest &= ~stones
            near = dilate(stones) & ~stones
            found.append((stones & -stones, c, stones, near & empty, near))
    found.sort(key=lambda t: t[0])
    result: dict[Colour, list[_Block]] = {c: [] for c in STONE_COLOURS}
    for i, (_, c, stones, libs, near) in enumerate(found):
        result[c].append(_Block(i, stones, libs, near, geo.first(stones)))
    for blocks in result.values():
        blocks.sort(key=lambda b: b.first)
    return result


def _side(geo: _Geometry, colour: Colour, blocks: list[_Block]) -> _Side:
    """Step 1 for one colour: its regions and their properties."""
    own = geo.stones[colour]
    opp = geo.stones[colour.opponent]
    non_c = geo.mask & ~own
    near_c = geo.nbr(own) & non_c
    crowded = geo.three_or_more(non_c)
    open_points = geo.g.open
    fill, rank, empty = geo.fill, geo.rank, geo.empty
    closed: list[int] = []
    found: list[tuple[int, int, list[_Block]]] = []
    regions_list: list[_Region] = []
    single = geo.g.isolated(non_c) & ~open_points
    rest = non_c & ~single
    # one-point regions (most eyes): every neighbour is a c stone; blocks come in Fuego's order
    around_single: dict[int, list[_Block]] = {}
    for b in blocks:
        for p in bits(b.near & single):
            around_single.setdefault(p, []).append(b)
    closed += [1 << p for p in bits(single)]
    found += [(rank[p], 1 << p, around) for p, around in around_single.items()]
    while rest:
        points = fill(rest & -rest, non_c)
        rest &= ~points
        if points & open_points:
            continue
        closed.append(points)
        around = [b for b in blocks if b.near & points]
        if around:
            found.append((geo.first(points), points, around))
    found.sort(key=lambda t: t[0])
    for i, (_, points, around) in enumerate(found):
        if points & (points - 1):
            regions_list.append(_region_facts(geo, i, points, around, own, opp, near_c, crowded))
            continue
        # a one-point region: small and a corridor; 1-vital when empty or next to one block
        is_empty = bool(points & empty)
        connected = len(around) <= 1
        inner = 0
        for b in around:
            if not b.near & ~points:
                inner |= b.stones
        regions_list.append(
            _Region(i, points, points & empty, tuple(around), True,
                    connected, connected or is_empty, inner)
        )
    regions = tuple(regions_list)
    return _Side(own, near_c, tuple(blocks), regions, tuple(closed))


def _region_facts(
    geo: _Geometry, index: int, points: int, blocks: list[_Block], own: int, opp: int, near_c: int, crowded: int
) -> _Region:
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
        vital1 = _protected_cuts(blocks, points, corridor, opp, empty) or _miai_for_inner(geo, empty, blocks, near_c)
    inner = 0
    for b in blocks:
        if not b.near & ~points:
            inner |= b.stones
    return _Region(index, points, empty, tuple(blocks), corridor, vital1_connected, vital1, inner)


def _protected_cuts(blocks: Sequence[_Block], points: int, corridor: bool, opp: int, empty: int) -> bool:
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


def _miai_for_inner(geo: _Geometry, empty: int, blocks: Sequence[_Block], near_c: int) -> bool:
    """One block only, and every inner empty point gets two of the block's liberties as a miai."""
    if len(blocks) != 1:
        return False
    libs = [empty & near_c]
    return all(_take_two(geo, p, libs) for p in geo.ordered(empty & ~near_c))


def _take_two(geo: _Geometry, p: int, libs: list[int]) -> bool:
    """Fuego's Find2Libs: the first two neighbours of `p` in `libs[0]` are used up as a miai."""
    pool = libs[0]
    found = [q for q in geo.directed[p] if pool >> q & 1][:2]
    if len(found) < 2:
        return False
    libs[0] = pool & ~(1 << found[0]) & ~(1 << found[1])
    return True


# --------------------------------------------------------------- 2-vital


def _joint_liberties(geo: _Geometry, r: _Region) -> list[int]:
    """Liberties in the region shared by all its blocks (none if a block has fewer than two liberties)."""
    if len(r.blocks) == 1:
        return geo.ordered(r.blocks[0].liberties & r.points)
    joint = r.points
    for b in r.blocks:
        if b.liberties.bit_count() < 2:
            return []
        joint &= b.liberties
    return geo.ordered(joint)


def _is_2vital(geo: _Geometry, r: _Region, near_c: int) -> bool:
    """Two intersection points: shared liberties that split the region and are not used as miai."""
    if not r.blocks:
        return False
    inner_set = r.empty & ~near_c
    inner = geo.ordered(inner_set)
    joint = _joint_liberties(geo, r)
    if len(joint) < 2:
        return False
    if len(inner) <= 2:
        ips = [
            p for p in joint
            if not inner_set & ~geo.nbr(1 << p) and geo.is_split_point(p, r.points)
        ]
        if len(ips) >= 2:
            return True
    splits = [p for p in joint if geo.is_split_point(p, r.points)]
    if len(splits) < 2:
        return False
    used = _miai_paths(geo, r, inner, inner_set, near_c, _mask(splits))
    if used is None:
        return False
    return sum(1 for p in splits if not used >> p & 1) >= 2


def _miai_paths(
    geo: _Geometry, r: _Region, inner: list[int], inner_set: int, near_c: int, splits: int
) -> int | None:
    """Fuego's Find2ConnForAllInterior: miai pairs for the inner empty points, found outside in.

    A point that got its pair becomes a liberty for the points further in.
    Returns the points used in pairs, or None when some inner point gets none.
    When every inner point has its pair, intersection points (`splits`) are
    handed back where an inner point can do without them
    (`_spare_intersection_points`).
    """
    if not inner:
        return 0
    libs = r.empty & ~inner_set & geo.nbr(inner_set) & near_c
    todo = inner_set
    used = 0
    pairs: list[tuple[int, int]] = []
    changed = True
    while changed:
        changed = False
        if not todo:
            return _spare_intersection_points(geo, inner, pairs, libs, used, splits)
        for p in inner:
            pair = _best_two(geo, p, libs, todo)
            if pair is not None:
                pairs.append(pair)
                both = (1 << pair[0]) | (1 << pair[1])
                used |= both
                libs = (libs & ~both) | (1 << p)
                todo &= ~(1 << p)
                changed = True
    return None


def _spare_intersection_points(
    geo: _Geometry, inner: list[int], pairs: list[tuple[int, int]], libs: int, used: int, splits: int
) -> int:
    """The last pass of Fuego's Find2ConnForAllInterior: give intersection points back.

    Every inner point is connected now, so each has become a liberty in the
    pool (`libs`, with what no pair took).  Visiting the inner points in
    order, an inner point with neighbours left in the pool looks at every
    pair (in the order they were taken) whose two points are both its
    neighbours: each point of the pair that is an intersection point is
    given back (no longer used), and the inner point's first neighbour left
    in the pool takes its place -- for the second point of a pair only while
    one is left.  Returns the points used afterwards.
    """
    rank = geo.rank
    for p in inner:
        around = geo.nbr(1 << p)
        rest = around & libs
        if not rest:
            continue
        for pair in pairs:
            if not (around >> pair[0] & 1 and around >> pair[1] & 1):
                continue
            for k, q in enumerate(pair):
                if not splits >> q & 1 or (k == 1 and not rest):
                    continue
                libs |= 1 << q
                used &= ~(1 << q)
                if rest:
                    stand_in = 1 << min(bits(rest), key=rank.__getitem__)
                    libs &= ~stand_in
                    rest &= ~stand_in
                    used |= stand_in
    return used


def _best_two(geo: _Geometry, p: int, libs: int, todo: int) -> tuple[int, int] | None:
    """Two liberties of `p` as a miai, preferring ones no other open inner point needs."""
    mine = [q for q in geo.directed[p] if libs >> q & 1]
    if len(mine) <= 1:
        return None
    if len(mine) == 2:
        return (mine[0], mine[1])
    others = todo & ~(1 << p)
    shared = [q for q in mine if geo.nbr(1 << q) & others]
    alone = [q for q in mine if q not in shared]
    if len(alone) >= 2:
        return (alone[0], alone[1])
    if len(alone) == 1:
        return (alone[0], shared[0])
    return (shared[0], shared[1])


# ------------------------------------------------------------ chains (step 2)


@dataclass
class _Chain:
    """Blocks joined by miai connections (mutable while chains are merged)."""

    blocks: frozenset[int]
    stones: int
    liberties: int
    free: int


def _merge_chains(geo: _Geometry, side: _Side) -> tuple[list[_Chain], dict[int, list[int]]]:
    """Join blocks through regions with two common free liberties (step 2).

    Returns the chains and, per region index, the chain ids next to it.
    """
    chains: list[_Chain | None] = []
    chain_of: dict[int, int] = {}
    for block in side.blocks:
        chain_of[block.index] = len(chains)
        chains.append(_Chain(frozenset({block.index}), block.stones, block.liberties, block.liberties))
    regions = side.regions
    # a region's chains in Fuego's order: the order the chains were made in
    around: dict[int, list[int]] = {
        r.index: [chain_of[r.blocks[0].index]] if len(r.blocks) == 1 else sorted(chain_of[b.index] for b in r.blocks)
        for r in regions
    }
    candidates = [r for r in regions if len(r.blocks) >= 2 and (r.vital1_connected or (r.vital1 and r.corridor))]

    def common(r: _Region, a: int, b: int) -> int:
        ca, cb = chains[a], chains[b]
        assert ca is not None and cb is not None
        return r.points & ca.free & cb.free

    changed = True
    while changed:
        changed = False
        for r in candidates:
            ids = around[r.index]
            if len(ids) < 2:
                continue
            pair: tuple[int, int] | None = None
            if r.vital1_connected and len(ids) == 2 and common(r, ids[0], ids[1]).bit_count() >= 2:
                pair = (ids[0], ids[1])
            elif r.vital1 and r.corridor:
                pair = next(
                    ((a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if common(r, a, b).bit_count() >= 2),
                    None,
                )
            if pair is None:
                continue
            a, b = pair
            lib1, lib2 = geo.ordered(common(r, a, b))[:2]
            ca, cb = chains[a], chains[b]
            assert ca is not None and cb is not None
            merged = _Chain(
                ca.blocks | cb.blocks, ca.stones | cb.stones, ca.liberties | cb.liberties,
                (ca.free | cb.free) & ~(1 << lib1) & ~(1 << lib2),
            )
            new = len(chains)
            chains.append(merged)
            chains[a] = chains[b] = None
            for ids2 in around.values():
                if a in ids2 or b in ids2:
                    ids2[:] = [i for i in ids2 if i not in (a, b)] + [new]
            changed = True
            break
    alive_ids = [i for i, ch in enumerate(chains) if ch is not None]
    position = {i: k for k, i in enumerate(alive_ids)}
    final = [ch for ch in chains if ch is not None]
    return final, {r: [position[i] for i in ids] for r, ids in around.items()}


# ---------------------------------------------------------- the whole solver


def _test_alive(
    regions: Sequence[_Region], chains: Sequence[_Chain], around: Mapping[int, list[int]]
) -> list[tuple[frozenset[int], int]]:
    """Step 3: Benson's test on chains with healthy and 1-vital regions.

    A region counts for a chain when it is healthy for it (all its empty
    points are liberties of the chain, or it is 1-vital) and every chain next
    to it is still in; chains with fewer than two counting regions are cast
    out until none is.  Chains are grouped by "a healthy region of one
    touches the other" (Fuego tests each group on its own; no healthy region
    spans two groups, so one casting-out over all chains gives the same).
    Returns, for each group with a safe subset (by its first chain), the
    safe blocks and the points of its safe regions.
    """
    n = len(chains)
    healthy_for: dict[int, list[int]] = {}
    count = [0] * n
    chain_regions: list[list[int]] = [[] for _ in chains]
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for r in regions:
        ids = around[r.index]
        who = ids if r.vital1 else [i for i in ids if not r.empty & ~chains[i].liberties]
        for i in ids:
            chain_regions[i].append(r.index)
        if who:
            healthy_for[r.index] = who
            for i in who:
                count[i] += 1
            first = root(ids[0])
            for j in ids[1:]:
                other = root(j)
                if other != first:
                    parent[other] = first
    alive = [k >= 2 for k in count]
    stack = [i for i in range(n) if not alive[i]]
    counting = dict.fromkeys(healthy_for, True)
    while stack:
        i = stack.pop()
        for ri in chain_regions[i]:
            if counting.get(ri):
                counting[ri] = False
                for j in healthy_for[ri]:
                    count[j] -= 1
                    if alive[j] and count[j] < 2:
                        alive[j] = False
                        stack.append(j)
    groups: dict[int, tuple[set[int], int]] = {}
    for i in range(n):
        if alive[i]:
            blocks, _ = groups.setdefault(root(i), (set(), 0))
            blocks.update(chains[i].blocks)
    if not groups:
        return []
    points = dict.fromkeys(groups, 0)
    for r in regions:
        if counting.get(r.index) and any(alive[i] for i in healthy_for[r.index]):
            g = root(around[r.index][0])
            points[g] |= r.points
    first_chain: dict[int, int] = {}
    for i in range(n):
        first_chain.setdefault(root(i), i)
    order = sorted(groups, key=first_chain.__getitem__)
    return [(frozenset(groups[g][0]), points[g]) for g in order]


def _can_be_eye(geo: _Geometry, p: int, safe: int) -> bool:
    """Fuego's CanBecomeSinglePointEye: no safe neighbour, at most one safe diagonal (none on the edge)."""
    if geo.nbr(1 << p) & safe:
        return False
    n = sum(1 for q in geo.tables.diagonals[p] if safe >> q & 1)
    if n and geo.tables.edge[p]:
        return False
    return n <= 1


def _might_make_life(geo: _Geometry, area: int, safe: int, who: Colour) -> bool:
    """Whether `who` (the opponent of the safe stones) might make two eyes in `area`.

    Eye points are the area's points not next to a safe point and without a
    stone of `who`; two that can each become a one-point eye, and are not
    the only two and adjacent, might give two eyes.
    """
    eye_points = geo.ordered(area & ~geo.nbr(safe) & ~geo.stones[who])
    if len(eye_points) <= 1:
        return False
    eye = next_to_eye = None
    for p in eye_points:
        if not _can_be_eye(geo, p, safe):
            continue
        if eye is None:
            eye = p
        elif next_to_eye is None and geo.nbr(1 << eye) >> p & 1:
            next_to_eye = p
        else:
            return True
    return False


def _connect_all(geo: _Geometry, side: _Side, area: int, safe: int, colour: Colour, omissions: int) -> bool:
    """Fuego's Find2ConnectionsForAll for a surrounded area of `colour`.

    Every block on the area's boundary not yet safe, and every block inside,
    must find two liberties among the area's empty points next to safe
    stones (each pair used once; a connected block's liberties join the
    pool); then every inner empty point, but up to `omissions`, needs two
    such liberties as a miai -- unless the opponent cannot live in what is
    left.
    """
    opp = colour.opponent
    own, empty = geo.stones[colour], geo.empty
    boundary = geo.border(area) & ~safe
    libs = area & empty & geo.nbr(safe)
    interior = area & ~libs & ~geo.stones[opp]
    unsafe = _anchors(side, boundary) + _anchors(side, interior & own)
    used = 0
    change = True
    while change and unsafe and libs.bit_count() >= 2:
        newly = []
        for block in unsafe:
            two = [q for q in geo.ordered(block.liberties) if libs >> q & 1][:2]
            if len(two) >= 2:
                safe |= block.stones
                libs |= block.liberties
                used |= (1 << two[0]) | (1 << two[1])
                libs &= ~used
                newly.append(block)
        unsafe = [b for b in unsafe if b not in newly]
        change = bool(newly)
    if unsafe:
        return False
    inner = geo.ordered(area & empty & ~geo.nbr(safe))
    if omissions == 1 and not _might_make_life(geo, _mask(inner), safe, opp):
        return True
    pool = [libs]
    for p in inner:
        if not _take_two(geo, p, pool):
            omissions -= 1
            if omissions < 0:
                return False
    return True


def _mask(points: Iterable[int]) -> int:
    result = 0
    for p in points:
        result |= 1 << p
    return result


def _anchors(side: _Side, stones: int) -> list[_Block]:
    """The blocks of these stones, each once, in Fuego's order."""
    label = side.label
    found = []
    while stones:
        b = label[(stones & -stones).bit_length() - 1]
        found.append(b)
        stones &= ~b.stones
    found.sort(key=lambda b: b.first)
    return found


def _is_territory(geo: _Geometry, side: _Side, area: int, safe: int, colour: Colour) -> bool:
    """Fuego's IsTerritory: the opponent cannot live inside safe walls, or everything connects."""
    boundary = geo.border(area)
    if not boundary & ~safe and not _might_make_life(geo, area, safe, colour.opponent):
        return True
    return not boundary & ~side.own and _connect_all(geo, side, area, safe, colour, 1)


def _extended_is_territory(geo: _Geometry, side: _Side, opp_side: _Side, area: int, safe: int, colour: Colour) -> bool:
    """Fuego's ExtendedIsTerritory: IsTerritory, first asking whether the opponent can live
    counting its own regions inside the area (`_extended_might_make_life`)."""
    boundary = geo.border(area)
    if not boundary & ~safe and not _extended_might_make_life(geo, side, opp_side, area, safe, colour):
        return True
    return _is_territory(geo, side, area, safe, colour)


def _extended_might_make_life(
    geo: _Geometry, side: _Side, opp_side: _Side, area: int, safe: int, colour: Colour
) -> bool:
    """Whether the opponent might make two eyes in an area whose every boundary point is safe.

    With no opponent region (and its blocks) inside the area, this is
    `_might_make_life`.  Two such regions, or one that may give two eyes
    (`_gives_one_eye`), might give two eyes.  One nakade region gives at most one
    eye; then the opponent lives only if a second eye can form elsewhere: at
    a point of the rest of the area, not next to a safe point and without an
    opponent stone, that can become a one-point eye.
    """
    opp = opp_side.own
    nakade = None
    for points in opp_side.closed:
        if points & ~area:
            continue
        touching = geo.dilate(points) & opp
        stones = 0
        while touching:
            b = opp_side.label[(touching & -touching).bit_length() - 1]
            stones |= b.stones
            touching &= ~b.stones
        if stones & ~area:
            continue
        if nakade is not None or not _gives_one_eye(geo, side, opp_side, points):
            return True
        nakade = points | stones
    if nakade is None:
        return _might_make_life(geo, area, safe, colour.opponent)
    rest = area & ~nakade & ~geo.nbr(safe) & ~opp
    return any(_can_be_eye(geo, p, safe) for p in bits(rest))


def _degree_code(geo: _Geometry, points: int, diagonal: bool = False) -> int:
    """Fuego's DegreeCode: the sum of 10**k over the points of the set with k neighbours in it.

    The digits count the points with 0, 1, 2, ... neighbours in the set,
    which names a small shape up to symmetry (1030 is the T: three points
    with one neighbour, one with three).  With `diagonal`, diagonal
    neighbours count too (Fuego's DegreeCode8).
    """
    code = 0
    diagonals = geo.tables.diagonals
    for p in bits(points):
        k = (geo.nbr(1 << p) & points).bit_count()
        if diagonal:
            k += sum(1 for q in diagonals[p] if points >> q & 1)
        code += 10**k
    return code


_NAKADE_SHAPES = {
    4: {400, 1030},  # the bulky four (a 2x2 square) and the T
    5: {1310, 10040},  # the bulky five and the cross
    6: {10320},  # the rabbity six
}
"""The classical nakade shapes of four to six points, by `_degree_code` (every block of up to three is one)."""

_LIVING_WHEN_ALMOST_FILLED = {220, 320, 1130, 2400, 2220}
"""Fuego's IsAliveBlock, by degree code: every four-stone chain with two ends (220: in a row, bent or
S-shaped) and every five-stone one (320: in a row, U, L, W, N), the L with a foot or T, the 2x3, the six
that is not rabbity.  Captured in a region they fill but for one point, they leave two eyes."""

_BULKY_FOUR, _BULKY_FIVE, _TWO_BY_THREE = 400, 1310, 2400


def _gives_one_eye(geo: _Geometry, side: _Side, opp_side: _Side, points: int) -> bool:
    """Whether an opponent region inside the area gives the opponent at most one eye (a nakade).

    Fuego asks its TestNakade (the answer "isNakade") of a region of three to
    seven points that is not 2-vital; `side` is the area's owner, whose stones
    stand in the region, `opp_side` the region's colour.  Only on a plain
    grid: the shapes and the edge are grid notions.
    """
    if geo.grid is None or not 3 <= points.bit_count() <= 7:
        return False
    if not _test_nakade(geo, side, opp_side, points):
        return False
    region = next((r for r in opp_side.regions if r.points == points), None)
    return region is None or not _is_2vital(geo, region, opp_side.near)


def _test_nakade(geo: _Geometry, side: _Side, opp_side: _Side, points: int) -> bool:
    """Fuego's TestNakade for a closed region of 3-7 points: does it give at most one eye?

    The owner's stones in the region (`stones`) can be captured; the
    question is whether the region's colour can make two eyes of it.  The
    rules, in Fuego's order:

    * a 2x2 square: one eye, unless it holds exactly two stones on a diagonal;
    * a bulky five with three stones: one eye when they are one block next to
      both empty points (two blocks, or an empty point away from the block,
      leave more);
    * a 2x3 rectangle with stones: Fuego's special cases (`_two_by_three`);
    * one empty point left: one eye when the stones are one block of a
      nakade shape; not when they have a shape that lives once captured, or
      when the stones are any five with two ends (in a row, U, L, W, N) or a
      T or L-with-a-foot shape that always lives;
    * otherwise the vital points decide: a point with at least two
      neighbours that are empty or stones (three when the region holds a
      2x2 square; an empty one with exactly two must split the region).  An
      empty vital point the owner may not play on (suicide) divides the
      region: two eyes.  An empty one the owner may play makes the nakade
      only by being played: not yet one eye.  With none empty, fewer than
      three vital points taken by stones and at most six points, Fuego calls
      the region one eye (a heuristic of its own, "not sure if this even
      works" says its source; docs/findings.md says what is known of it).
    """
    n = points.bit_count()
    own = side.own
    stones = points & own
    empty = points & geo.empty
    code = _degree_code(geo, points)
    if n == 4 and code == _BULKY_FOUR:
        return not _two_diagonal_stones(geo, stones)
    if n == 5 and code == _BULKY_FIVE and stones.bit_count() == 3:
        block = side.label[(stones & -stones).bit_length() - 1].stones
        return block == stones and not any(not geo.nbr(1 << p) & own for p in bits(empty))
    if n == 6 and code == _TWO_BY_THREE and stones:
        verdict = _two_by_three(geo, points, stones, opp_side.own)
        if verdict is not None:
            return verdict
    stone_code = _degree_code(geo, stones)
    if empty.bit_count() == 1 and stones:
        size = stones.bit_count()
        block = side.label[(stones & -stones).bit_length() - 1].stones
        if block == stones and (size <= 3 or stone_code in _NAKADE_SHAPES.get(size, set())):
            return True
        if stone_code in _LIVING_WHEN_ALMOST_FILLED:
            return False
    if stone_code == 320 or (stone_code == 1130 and _degree_code(geo, stones, diagonal=True) in (11210, 3110)):
        return False  # Fuego's IsAlwaysAliveBlock: five with two ends; the T or L with a foot that cannot become a nakade
    enough = 3 if _has_square(geo, points) else 2
    occupied = 0
    for p in bits(points):
        k = (geo.nbr(1 << p) & points).bit_count()
        if k < 4 and (k < enough or (k == 2 and empty >> p & 1 and not geo.is_split_point(p, points))):
            continue  # not a vital point
        if empty >> p & 1:
            return False  # an empty vital point: a divider, or the move that would make the nakade
        occupied += 1
    return occupied < 3 and n <= 6


def _two_diagonal_stones(geo: _Geometry, stones: int) -> bool:
    """In a 2x2 region: exactly two stones, on a diagonal (not next to each other)."""
    if stones.bit_count() != 2:
        return False
    return not geo.nbr(stones) & stones


def _has_square(geo: _Geometry, points: int) -> bool:
    """Whether the set holds four points forming a 2x2 square (Fuego: the shape is not a tree)."""
    grid = geo.grid
    assert grid is not None
    st = grid.stride
    return bool(points & (points >> 1) & (points >> st) & (points >> (st + 1)))


def _two_by_three(geo: _Geometry, points: int, stones: int, walls: int) -> bool | None:
    """Fuego's Special2x3Cases for a 2x3 region with stones: one eye (True), more (False), or no rule (None).

    Two rules anywhere: four stones in an S shape, or three stones two of
    which touch and the third diagonally, leave more than one eye.  Then
    only for a 2x3 lying along the edge (three points on it, not in a
    corner): a single stone on the edge next to a stone of the region's
    colour, or two separate stones both on the edge, leave more; two stones
    on a diagonal, or three separate stones (two on one line, one between
    them on the other), make one eye when the stone on the edge (the first
    in Fuego's order) touches a stone of the region's colour (`walls`).
    """
    code = _degree_code(geo, stones)
    code8 = _degree_code(geo, stones, diagonal=True)
    if (code, code8) in ((220, 2200), (21, 120)):
        return False
    edge = geo.tables.edge
    if sum(1 for p in bits(points) if edge[p]) != 3:
        return None
    count = stones.bit_count()
    first = min(bits(stones), key=geo.rank.__getitem__)
    on_edge = [p for p in geo.ordered(stones) if edge[p]]
    if count == 1:
        return False if edge[first] and geo.nbr(1 << first) & walls else None
    if count == 2:
        if edge[first] and code == 2 and len(on_edge) == 2:
            return False
        if code == 2 and code8 == 20 and on_edge and geo.nbr(1 << on_edge[0]) & walls:
            return True
        return None
    if count == 3 and code == 3 and code8 == 120 and on_edge and geo.nbr(1 << on_edge[0]) & walls:
        return True
    return None


def _add(geo: _Geometry, side: _Side, safe: dict[Colour, int], colour: Colour, points: int) -> frozenset[int]:
    """Add points and the blocks around them to the safe set; the blocks made safe."""
    found = _anchors(side, geo.border(points) & side.own)
    made = points
    for b in found:
        made |= b.stones
    safe[colour] |= made
    return frozenset(b.index for b in found)


_LAST: list[StaticSafety] = []
"""The last result, reused while the same Board object is asked again (both colours, territory)."""


def static_safety(board: Board) -> StaticSafety:
    """The statically safe points of both colours (see the module's docstring)."""
    if _LAST and _LAST[0].board is board:
        return _LAST[0]
    result = _compute(board)
    _LAST[:] = [result]
    return result


def clear_cache() -> None:
    """Forget the remembered result (for timing a fresh computation)."""
    _LAST.clear()


def _compute(board: Board, surrounded: bool = True) -> StaticSafety:
    geo = _Geometry(board)
    blocks = _blocks(geo)
    safe: dict[Colour, int] = {c: 0 for c in STONE_COLOURS}
    steps: list[tuple[Colour, str, int, frozenset[int], str, frozenset[int]]] = []
    sides = {c: _side(geo, c, blocks[c]) for c in STONE_COLOURS}
    for c in STONE_COLOURS:
        side = sides[c]
        chains, around = _merge_chains(geo, side)
        for chain_blocks, pts in _test_alive(side.regions, chains, around):
            stones = 0
            for b in side.blocks:
                if b.index in chain_blocks:
                    stones |= b.stones
            safe[c] |= stones | pts
            steps.append((c, "alive", pts, chain_blocks, "two healthy or 1-vital regions for each chain of its group", frozenset()))
    for c in STONE_COLOURS:
        side = sides[c]
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        for r in side.regions:
            if r.points & any_safe:
                continue
            if _is_2vital(geo, r, side.near):
                made = _add(geo, side, safe, c, r.points)
                steps.append((c, "2-vital", r.points, made, "a 2-vital region: two intersection points", frozenset()))
                any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
    if surrounded:
        for c in STONE_COLOURS:
            _surrounded_areas(geo, sides[c], sides[c.opponent], c, safe, steps)
    ids = geo.ids
    return StaticSafety(
        board,
        {c: ids(s) for c, s in safe.items()},
        tuple(Step(c, rule, ids(pts), made, note, inner) for c, rule, pts, made, note, inner in steps),
    )


def _surrounded_areas(
    geo: _Geometry, side: _Side, opp_side: _Side, c: Colour, safe: dict[Colour, int],
    steps: list[tuple[Colour, str, int, frozenset[int], str, frozenset[int]]],
) -> None:
    """Step 5 for one colour: single regions until none is found, then pairs (then singles again)."""
    regions = side.regions

    def single() -> bool:
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        mine = safe[c]
        for r in regions:
            if r.points & mine or not any(b.stones & mine for b in r.blocks):
                continue
            area = r.points | r.inner_blocks
            if area & any_safe:
                continue
            if _extended_is_territory(geo, side, opp_side, area, mine, c):
                made = _add(geo, side, safe, c, r.points)
                inner = frozenset(b.index for b in r.blocks if b.index in made and not b.stones & ~r.inner_blocks)
                steps.append((c, "surrounded", r.points, made - inner, "a region next to safe stones where the opponent cannot live", inner))
                return True
        return False

    def pair() -> bool:
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        mine = safe[c]
        for r1 in regions:
            if r1.points & mine or not any(b.stones & mine for b in r1.blocks) or r1.points & any_safe:
                continue
            unsafe1 = {b.index for b in r1.blocks if not b.stones & mine}
            for r2 in regions:
                if r2 is r1 or r2.points & any_safe:
                    continue
                if not any(b.index in unsafe1 for b in r2.blocks):
                    continue
                union = r1.points | r2.points
                if _is_territory(geo, side, union, mine, c):
                    made = _add(geo, side, safe, c, union)
                    steps.append((c, "surrounded pair", union, made, "two regions sharing a block, surrounded and safe together", frozenset()))
                    return True
        return False

    while single():
        pass
    while pair():
        while single():
            pass


# ------------------------------------------------------------ the rule program


def order_facts(board: Board) -> dict[str, list[tuple[int, ...]]]:
    """The facts `rules/static-safety.dl` needs besides the board's: Fuego's order.

    `order(p, n)`: p is the n-th point (bottom row first, left to right);
    `toward(p, q, k)`: q is the k-th neighbour of p (up, right, down, left,
    then any others); `diagonal(p, q)`: q is a diagonal neighbour of p;
    `grid(1)` when the board is a full rectangle with grid adjacency (the
    geometry `_is_nakade` asks for).
    """
    tables = _graph_tables(board)
    return {
        "grid": [(1,)] if isinstance(Geometry.of(board), GridGeometry) else [],
        "order": [(p, n) for p, n in enumerate(tables.rank)],
        "toward": [(p, q, k) for p, near in enumerate(tables.directed) for k, q in enumerate(near)],
        "diagonal": [(p, q) for p, diag in enumerate(tables.diagonals) for q in diag],
    }


# ------------------------------------------------------------ as a variant


def safe_chains(board: Board, colour: Colour, suicide: object = None) -> frozenset[int]:
    """The statically safe blocks of one colour (the variant's `direct`)."""
    return static_safety(board).safe_chains(colour)


def safe_territory(board: Board, colour: Colour) -> frozenset[int]:
    """The safe regions of one colour: empty points and the dead opponent stones in them."""
    return static_safety(board).territory(colour)


def trace_static_safety(board: Board, colour: Colour) -> Trace:
    """Every block's fate: the steps that made it safe, or why none did."""
    from passalive.definitions.variants import ChainFate, Trace

    result = static_safety(board)
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
