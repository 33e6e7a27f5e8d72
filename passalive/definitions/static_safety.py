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
     point connects all blocks and leaves two separate parts.

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
   empty point, but one, has two liberties as miai.  Two regions sharing a
   block not yet safe are tried together the same way.

Safe blocks and safe points of one colour never overlap those of the other.
The analysis differs from Fuego's in two ways, both making it more
conservative: points are visited in Fuego's order but a graph board without
coordinates uses point ids; and an opponent region wholly inside a surrounded
area is always taken as possible eye space (Fuego looks up nakade shapes).

`static_safety(board)` computes everything for both colours at once, since
steps 4 and 5 depend on what the other colour has proved; the result is
cached per board.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from typing import TYPE_CHECKING

from passalive.go.board import STONE_COLOURS, Board, Colour, Region

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


class _Geometry:
    """Point order, directions and diagonals of a board as Fuego sees them.

    Fuego visits points from the bottom row upwards, left to right, and the
    neighbours of a point up, right, down, left; greedy choices (which two
    liberties form a miai) follow that order, so this module does too.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.adj = board.adjacency
        self.colours = board.colours
        height = board.size[1] if board.size is not None else 0
        keys = []
        for pt in board.points:
            if pt.coord is not None:
                keys.append((height - 1 - pt.coord[1], pt.coord[0], pt.id))
            else:
                keys.append((0, 0, pt.id))
        order = sorted(range(len(board.points)), key=keys.__getitem__)
        self.rank = [0] * len(order)
        for i, p in enumerate(order):
            self.rank[p] = i
        self._directed_cache: dict[int, tuple[int, ...]] = {}
        self.near: dict[Colour, list[bool]] = {}

    def near_colour(self, colour: Colour) -> list[bool]:
        """For every point, whether a stone of `colour` is next to it."""
        if colour not in self.near:
            colours, adj = self.colours, self.adj
            self.near[colour] = [any(colours[q] is colour for q in adj[p]) for p in range(len(colours))]
        return self.near[colour]

    def directed(self, p: int) -> tuple[int, ...]:
        """The neighbours of `p` up, right, down, left (then any others)."""
        found = self._directed_cache.get(p)
        if found is None:
            found = self._directed_cache[p] = self._directed(p)
        return found

    def _directed(self, p: int) -> tuple[int, ...]:
        coord = self.board.points[p].coord
        near = set(self.adj[p])
        result: list[int] = []
        if coord is not None:
            x, y = coord
            for q_xy in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                q = self.board.at(*q_xy)
                if q is not None and q in near:
                    result.append(q)
        result += [q for q in self.adj[p] if q not in result]
        return tuple(result)

    def ordered(self, points: Iterable[int]) -> list[int]:
        """Points in Fuego's order."""
        return sorted(points, key=self.rank.__getitem__)

    def border(self, points: frozenset[int] | set[int]) -> set[int]:
        """The points next to the set but not in it."""
        adj = self.adj
        return {q for p in points for q in adj[p]} - set(points)

    def on_edge(self, p: int) -> bool:
        """On the first line: fewer than four neighbours."""
        return len(self.adj[p]) < 4

    def diagonals(self, p: int) -> tuple[int, ...]:
        """The diagonal neighbours of a point: on a grid, (x±1, y±1); else points sharing two neighbours."""
        coord = self.board.points[p].coord
        if coord is not None and self.board.is_plain_grid:
            x, y = coord
            found = (self.board.at(x + dx, y + dy) for dx in (-1, 1) for dy in (-1, 1))
            return tuple(q for q in found if q is not None)
        near = set(self.adj[p])
        candidates = {r for q in near for r in self.adj[q]} - near - {p}
        return tuple(r for r in candidates if len(near & set(self.adj[r])) >= 2)

    def is_split_point(self, p: int, points: frozenset[int] | set[int]) -> bool:
        """Whether filling `p` leaves the other points of the set in two or more pieces."""
        rest = set(points) - {p}
        inside = [q for q in self.adj[p] if q in rest]
        if len(inside) < 2:
            return False
        seen = {inside[0]}
        stack = [inside[0]]
        while stack:
            a = stack.pop()
            for b in self.adj[a]:
                if b in rest and b not in seen:
                    seen.add(b)
                    stack.append(b)
        return len(seen) < len(rest)


# ------------------------------------------------------------ region facts


@dataclass(frozen=True)
class _Block:
    index: int
    stones: frozenset[int]
    liberties: frozenset[int]
    adjacency: tuple[tuple[int, ...], ...]

    @property
    def near(self) -> frozenset[int]:
        """Every point next to the block, whatever its colour."""
        adj = self.adjacency
        return frozenset(q for p in self.stones for q in adj[p]) - self.stones


@dataclass(frozen=True)
class _Region:
    """A closed c-region with its blocks and the properties of step 1."""

    index: int
    points: frozenset[int]
    empty: frozenset[int]
    blocks: tuple[_Block, ...]
    block_set: frozenset[int]
    corridor: bool
    vital1_connected: bool
    vital1: bool
    inner_blocks: frozenset[int]
    """Stones of blocks all of whose empty and opponent neighbours lie in the region."""


def _region_facts(geo: _Geometry, region: Region, blocks: Sequence[_Block], colour: Colour) -> _Region:
    colours, adj = geo.colours, geo.adj
    c, opp = colour, colour.opponent
    points = region.points
    empty = region.empty
    near_c = geo.near_colour(c)
    small = all(near_c[p] for p in empty)
    corridor = all(
        sum(1 for q in adj[p] if colours[q] is not c) <= 2 and near_c[p] for p in points
    )
    if small and len(blocks) <= 1:
        vital1_connected = True
    elif small and len(blocks) <= 4:
        joint = [p for p in empty if all(p in b.liberties for b in blocks)]
        vital1_connected = len(joint) >= 2
    else:
        vital1_connected = False
    if vital1_connected:
        vital1 = True
    elif not all(b.liberties & points for b in blocks):
        vital1 = False
    else:
        vital1 = _protected_cuts(blocks, points, corridor, colours, opp, empty) or _miai_for_inner(geo, region, blocks, near_c)
    inner = frozenset(
        s
        for b in blocks
        if all(q in points for p in b.stones for q in adj[p] if colours[q] is not c)
        for s in b.stones
    )
    return _Region(region.index, points, empty, tuple(blocks), region.chains, corridor, vital1_connected, vital1, inner)


def _protected_cuts(
    blocks: Sequence[_Block], points: frozenset[int], corridor: bool, colours: Sequence[Colour], opp: Colour, empty: frozenset[int]
) -> bool:
    """A corridor whose cutting points (next to two of its blocks) hold no opponent stone."""
    if not corridor:
        return False
    if points <= empty:
        return True  # no opponent stone can sit on a cut
    near = [b.near for b in blocks]
    if len(blocks) == 2:
        return not any(colours[p] is opp for p in points & near[0] & near[1])
    for i in range(len(blocks)):
        for j in range(i + 1, len(blocks)):
            if not (points & near[i] & near[j]) <= empty:
                return False
    return True


def _miai_for_inner(geo: _Geometry, region: Region, blocks: Sequence[_Block], near_c: Sequence[bool]) -> bool:
    """One block only, and every inner empty point gets two of the block's liberties as a miai."""
    if len(blocks) != 1:
        return False
    inner = [p for p in geo.ordered(region.empty) if not near_c[p]]
    libs = {p for p in region.empty if near_c[p]}
    return all(_take_two(geo, p, libs) for p in inner)


def _take_two(geo: _Geometry, p: int, libs: set[int]) -> bool:
    """Fuego's Find2Libs: the first two neighbours of `p` in `libs` are used up as a miai."""
    found = [q for q in geo.directed(p) if q in libs][:2]
    if len(found) < 2:
        return False
    libs.difference_update(found)
    return True


# --------------------------------------------------------------- 2-vital


def _joint_liberties(geo: _Geometry, r: _Region) -> list[int]:
    """Liberties in the region shared by all its blocks (none if a block has fewer than two liberties)."""
    if len(r.blocks) == 1:
        return geo.ordered(r.blocks[0].liberties & r.points)
    if any(len(b.liberties) < 2 for b in r.blocks):
        return []
    fewest = min(r.blocks, key=lambda b: len(b.liberties))
    return [p for p in geo.ordered(fewest.liberties & r.points) if all(p in b.liberties for b in r.blocks)]


def _is_2vital(geo: _Geometry, r: _Region, colour: Colour) -> bool:
    """Two intersection points: shared liberties that split the region and are not used as miai."""
    if not r.blocks:
        return False
    colours, adj = geo.colours, geo.adj
    inner = [p for p in geo.ordered(r.empty) if not any(colours[q] is colour for q in adj[p])]
    joint = _joint_liberties(geo, r)
    if len(inner) <= 2 and len(joint) >= 2:
        ips = [p for p in joint if all(q in adj[p] for q in inner) and geo.is_split_point(p, r.points)]
        if len(ips) >= 2:
            return True
    used = _miai_paths(geo, r, inner, colour)
    if used is None or len(joint) < 2:
        return False
    return sum(1 for p in joint if geo.is_split_point(p, r.points) and p not in used) >= 2


def _miai_paths(geo: _Geometry, r: _Region, inner: list[int], colour: Colour) -> set[int] | None:
    """Fuego's Find2ConnForAllInterior: miai pairs for the inner empty points, found outside in.

    A point that got its pair becomes a liberty for the points further in.
    Returns the points used in pairs, or None when some inner point gets none.
    """
    if not inner:
        return set()
    colours, adj = geo.colours, geo.adj
    inner_set = set(inner)
    libs = {
        p
        for p in r.empty
        if p not in inner_set and any(q in inner_set for q in adj[p]) and any(colours[q] is colour for q in adj[p])
    }
    todo = set(inner)
    used: set[int] = set()
    changed = True
    while changed:
        changed = False
        if not todo:
            return used
        for p in inner:
            pair = _best_two(geo, p, libs, todo)
            if pair is not None:
                used.update(pair)
                libs.difference_update(pair)
                libs.add(p)
                todo.discard(p)
                changed = True
    return None


def _best_two(geo: _Geometry, p: int, libs: set[int], todo: set[int]) -> tuple[int, int] | None:
    """Two liberties of `p` as a miai, preferring ones no other open inner point needs."""
    mine = [q for q in geo.directed(p) if q in libs]
    if len(mine) <= 1:
        return None
    if len(mine) == 2:
        return (mine[0], mine[1])
    others = todo - {p}
    shared = [q for q in mine if any(o in others for o in geo.adj[q])]
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
    stones: frozenset[int]
    liberties: frozenset[int]
    free: frozenset[int]


def _merge_chains(geo: _Geometry, regions: Sequence[_Region], blocks: Mapping[int, _Block]) -> tuple[list[_Chain], dict[int, list[int]]]:
    """Join blocks through regions with two common free liberties (step 2).

    Returns the chains and, per region index, the chain ids next to it.
    """
    chains: list[_Chain | None] = []
    chain_of: dict[int, int] = {}
    for index in sorted(blocks, key=lambda i: geo.rank[min(blocks[i].stones, key=geo.rank.__getitem__)]):
        block = blocks[index]
        chain_of[index] = len(chains)
        chains.append(_Chain(frozenset({index}), block.stones, block.liberties, block.liberties))
    around: dict[int, list[int]] = {r.index: [chain_of[b.index] for b in r.blocks] for r in regions}
    # a region's chains in Fuego's order: the order the chains were made in
    for r in regions:
        around[r.index].sort()

    def common(r: _Region, a: int, b: int) -> list[int]:
        ca, cb = chains[a], chains[b]
        assert ca is not None and cb is not None
        return geo.ordered(r.points & ca.free & cb.free)

    changed = True
    while changed:
        changed = False
        for r in regions:
            ids = around[r.index]
            pair: tuple[int, int] | None = None
            if r.vital1_connected and len(ids) == 2 and len(common(r, ids[0], ids[1])) >= 2:
                pair = (ids[0], ids[1])
            elif r.vital1 and r.corridor:
                pair = next(
                    ((a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if len(common(r, a, b)) >= 2),
                    None,
                )
            if pair is None:
                continue
            a, b = pair
            lib1, lib2 = common(r, a, b)[:2]
            ca, cb = chains[a], chains[b]
            assert ca is not None and cb is not None
            merged = _Chain(ca.blocks | cb.blocks, ca.stones | cb.stones, ca.liberties | cb.liberties, (ca.free | cb.free) - {lib1, lib2})
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


def _blocks_of(board: Board, colour: Colour) -> dict[int, _Block]:
    adj = board.adjacency
    result = {}
    for ch in board.chains_of(colour):
        result[ch.index] = _Block(ch.index, ch.points, ch.liberties, adj)
    return result


def _test_alive(
    geo: _Geometry, colour: Colour, regions: Sequence[_Region], chains: Sequence[_Chain], around: Mapping[int, list[int]]
) -> list[tuple[frozenset[int], frozenset[int]]]:
    """Step 3: Benson's test on chains with healthy and 1-vital regions.

    Returns, for each group with a safe subset, the safe blocks and the
    points of its safe regions.
    """
    healthy: list[list[int]] = [[] for _ in chains]
    for r in regions:
        for i in around[r.index]:
            if r.vital1 or r.empty <= chains[i].liberties:
                healthy[i].append(r.index)
    done: set[int] = set()
    found = []
    for start in range(len(chains)):
        if start in done:
            continue
        group = [start]
        todo = [start]
        while todo:
            i = todo.pop()
            for ri in healthy[i]:
                for j in around[ri]:
                    if j not in group:
                        group.append(j)
                        todo.append(j)
        done.update(group)
        members = set(group)
        candidates = list(regions)
        while True:
            in_group = frozenset(b for i in members for b in chains[i].blocks)
            candidates = [r for r in candidates if r.block_set <= in_group]
            kept = {r.index for r in candidates}
            gone = {i for i in members if sum(1 for ri in healthy[i] if ri in kept) < 2}
            if not gone:
                break
            members -= gone
        if members:
            safe_regions = [r for r in candidates if any(r.index in healthy[i] for i in members)]
            blocks = frozenset(b for i in members for b in chains[i].blocks)
            pts = frozenset(p for r in safe_regions for p in r.points)
            found.append((blocks, pts))
    return found


def _can_be_eye(geo: _Geometry, p: int, safe: frozenset[int] | set[int]) -> bool:
    """Fuego's CanBecomeSinglePointEye: no safe neighbour, at most one safe diagonal (none on the edge)."""
    if any(q in safe for q in geo.adj[p]):
        return False
    n = sum(1 for q in geo.diagonals(p) if q in safe)
    if n and geo.on_edge(p):
        return False
    return n <= 1


def _might_make_life(geo: _Geometry, area: Iterable[int], safe: frozenset[int] | set[int], who: Colour) -> bool:
    """Whether `who` (the opponent of the safe stones) might make two eyes in `area`.

    Eye points are the area's points not next to a safe point and without a
    stone of `who`; two that can each become a one-point eye, and are not
    the only two and adjacent, might give two eyes.
    """
    colours = geo.colours
    near_safe = {q for p in safe for q in geo.adj[p]}
    eye_points = [p for p in geo.ordered(area) if p not in near_safe and colours[p] is not who]
    if len(eye_points) <= 1:
        return False
    eye = next_to_eye = None
    for p in eye_points:
        if not _can_be_eye(geo, p, safe):
            continue
        if eye is None:
            eye = p
        elif next_to_eye is None and p in geo.adj[eye]:
            next_to_eye = p
        else:
            return True
    return False


def _connect_all(geo: _Geometry, area: frozenset[int], safe_in: frozenset[int], colour: Colour, omissions: int) -> bool:
    """Fuego's Find2ConnectionsForAll for a surrounded area of `colour`.

    Every block on the area's boundary not yet safe, and every block inside,
    must find two liberties among the area's empty points next to safe
    stones (each pair used once; a connected block's liberties join the
    pool); then every inner empty point, but up to `omissions`, needs two
    such liberties as a miai -- unless the opponent cannot live in what is
    left.
    """
    board, colours, adj = geo.board, geo.colours, geo.adj
    opp = colour.opponent
    safe = set(safe_in)
    chain_at = board.chain_at
    boundary = geo.border(area) - safe
    unsafe = _anchors(geo, boundary)
    near_safe = {q for p in safe for q in adj[p]}
    libs = {p for p in area if colours[p] is Colour.EMPTY and p in near_safe}
    interior = {p for p in area if p not in libs and colours[p] is not opp}
    unsafe += _anchors(geo, {p for p in interior if colours[p] is colour})
    used: set[int] = set()
    change = True
    while change and unsafe and len(libs) >= 2:
        newly = []
        for anchor in unsafe:
            index = chain_at[anchor]
            assert index is not None
            chain = board.chains[index]
            two = [q for q in geo.ordered(chain.liberties) if q in libs][:2]
            if len(two) >= 2:
                safe |= chain.points
                libs |= chain.liberties
                used.update(two)
                libs -= used
                newly.append(anchor)
        unsafe = [a for a in unsafe if a not in newly]
        change = bool(newly)
    if unsafe:
        return False
    near_safe = {q for p in safe for q in adj[p]}
    inner = [p for p in geo.ordered(area) if colours[p] is Colour.EMPTY and p not in near_safe]
    if omissions == 1 and not _might_make_life(geo, inner, safe, opp):
        return True
    for p in inner:
        if not _take_two(geo, p, libs):
            omissions -= 1
            if omissions < 0:
                return False
    return True


def _anchors(geo: _Geometry, stones: Iterable[int]) -> list[int]:
    """One point per block, the block's first point in Fuego's order, in that order."""
    chain_at = geo.board.chain_at
    firsts: dict[int, int] = {}
    for p in stones:
        i = chain_at[p]
        assert i is not None
        if i not in firsts or geo.rank[p] < geo.rank[firsts[i]]:
            firsts[i] = p
    return geo.ordered(firsts.values())


def _is_territory(geo: _Geometry, area: frozenset[int], safe: frozenset[int], colour: Colour) -> bool:
    """Fuego's IsTerritory: the opponent cannot live inside safe walls, or everything connects."""
    boundary = geo.border(area)
    if boundary <= safe and not _might_make_life(geo, area, safe, colour.opponent):
        return True
    colours = geo.colours
    return all(colours[q] is colour for q in boundary) and _connect_all(geo, area, safe, colour, 1)


def _extended_is_territory(
    geo: _Geometry, area: frozenset[int], safe: frozenset[int], colour: Colour, opp_regions: Sequence[Region]
) -> bool:
    """IsTerritory, first asking whether the opponent can live counting its own regions inside the area."""
    boundary = geo.border(area)
    inside = any(
        r.points <= area and all(geo.board.chains[i].points <= area for i in r.chains) for r in opp_regions if not r.open
    )
    if boundary <= safe and not inside:
        if not _might_make_life(geo, area, safe, colour.opponent):
            return True
    return _is_territory(geo, area, safe, colour)


def _add(geo: _Geometry, safe: dict[Colour, set[int]], colour: Colour, points: frozenset[int], boundary: bool) -> frozenset[int]:
    """Add points (and, with `boundary`, the blocks around them) to the safe set; the blocks made safe."""
    safe[colour] |= points
    if not boundary:
        return frozenset()
    colours = geo.colours
    stones = {q for q in geo.border(points) if colours[q] is not Colour.EMPTY}
    chain_at = geo.board.chain_at
    blocks = frozenset(i for i in (chain_at[q] for q in stones) if i is not None)
    for i in blocks:
        safe[colour] |= geo.board.chains[i].points
    return blocks


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


def _compute(board: Board) -> StaticSafety:
    geo = _Geometry(board)
    safe: dict[Colour, set[int]] = {c: set() for c in STONE_COLOURS}
    steps: list[Step] = []
    regions: dict[Colour, list[_Region]] = {}
    for c in STONE_COLOURS:
        blocks = _blocks_of(board, c)
        closed = [r for r in board.regions(c) if not r.open and r.chains]
        closed.sort(key=lambda r: geo.rank[min(r.points, key=geo.rank.__getitem__)])
        facts = [_region_facts(geo, r, geo_blocks(geo, r, blocks), c) for r in closed]
        regions[c] = facts
        chains, around = _merge_chains(geo, facts, blocks)
        for chain_blocks, pts in _test_alive(geo, c, facts, chains, around):
            stones = frozenset(s for i in chain_blocks for s in board.chains[i].points)
            safe[c] |= stones | pts
            steps.append(Step(c, "alive", pts, chain_blocks, "two healthy or 1-vital regions for each chain of its group"))
    for c in STONE_COLOURS:
        for r in regions[c]:
            if r.points & (safe[Colour.BLACK] | safe[Colour.WHITE]):
                continue
            if _is_2vital(geo, r, c):
                made = _add(geo, safe, c, r.points, True)
                steps.append(Step(c, "2-vital", r.points, made, "a 2-vital region: two intersection points"))
    for c in STONE_COLOURS:
        _surrounded_areas(geo, board, c, regions[c], safe, steps)
    return StaticSafety(board, {c: frozenset(s) for c, s in safe.items()}, tuple(steps))


def geo_blocks(geo: _Geometry, region: Region, blocks: Mapping[int, _Block]) -> list[_Block]:
    """The blocks next to a region, in Fuego's order."""
    return sorted((blocks[i] for i in region.chains), key=lambda b: geo.rank[min(b.stones, key=geo.rank.__getitem__)])


def _surrounded_areas(
    geo: _Geometry, board: Board, c: Colour, regions: Sequence[_Region], safe: dict[Colour, set[int]], steps: list[Step]
) -> None:
    """Step 5 for one colour: single regions until none is found, then pairs (then singles again)."""
    opp_regions = board.regions(c.opponent)

    def block_safe(b: _Block) -> bool:
        return bool(b.stones & safe[c])

    def single() -> bool:
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        for r in regions:
            if r.points & safe[c] or not any(block_safe(b) for b in r.blocks):
                continue
            area = r.points | r.inner_blocks
            if area & any_safe:
                continue
            if _extended_is_territory(geo, area, frozenset(safe[c]), c, opp_regions):
                made = _add(geo, safe, c, r.points, True)
                inner = frozenset(i for i in made if geo.board.chains[i].points <= r.inner_blocks)
                steps.append(
                    Step(c, "surrounded", r.points, made - inner, "a region next to safe stones where the opponent cannot live", inner)
                )
                return True
        return False

    def pair() -> bool:
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        for r1 in regions:
            if r1.points & safe[c] or not any(block_safe(b) for b in r1.blocks) or r1.points & any_safe:
                continue
            unsafe1 = {b.index for b in r1.blocks if not block_safe(b)}
            for r2 in regions:
                if r2 is r1 or r2.points & any_safe:
                    continue
                if not any(b.index in unsafe1 for b in r2.blocks):
                    continue
                union = r1.points | r2.points
                if _is_territory(geo, union, frozenset(safe[c]), c):
                    made = _add(geo, safe, c, union, True)
                    steps.append(Step(c, "surrounded pair", union, made, "two regions sharing a block, surrounded and safe together"))
                    return True
        return False

    while single():
        pass
    while pair():
        while single():
            pass


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
