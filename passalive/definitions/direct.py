"""The direct implementation of casting-out, written for speed.

This is the default engine for bulk runs and the independent cross-check of
the rule engine.  It computes the same set as `rules/casting-out.dl` (and, with
`all_points=True`, as `rules/suicide.dl`): the largest set S of c-chains such
that every chain in S has at least two healthy c-regions whose c-chains are
all in S, where a region that reaches an open side of a cut-out is never
healthy.

The public face: `Geometry.of(board)` lays a board out as bitsets (once per
board), `casting_out(geometry, colour, all_points)` gives a `DirectResult`,
and the result answers in every form callers want: board chain indices
(`chain_indices`), point ids (`points`, `chain_points`) and masks of point
ids in the bitboard numbering of `passalive.go.bitboard` (`masks`).

On a plain grid the optional compiled kernel (`passalive/definitions/_kernel.c`,
chosen by `passalive.definitions.kernel`) answers instead, with the same
chains; `reference_casting_out` is the Python, kept as the reference.

Why the Python is fast (bench/bench_analyse.py: about 150 µs per 19x19 end-of-game
position for both colours, 4x the plain set-based version):

* Sets of points are Python ints used as bitsets.  On a plain grid the
  neighbours of a set are four shifts; rows are laid out with one padding bit
  (the padded layout of `passalive.go.bitboard`) so that shifts never wrap
  from one row to the next, and a flood fill moves along a whole row in one
  step with the carry of an addition.  Any other
  board (holes, LINK/UNLINK, no grid at all) uses one neighbour mask per
  point instead: slower, same answers.
* Most of the board never needs a chain or a region of its own.  A region
  with an empty point that touches no c stone (or, with suicide legal, any
  such point) can be healthy for no chain, and neither can a region that
  reaches an open side.  One flood fill from all such points removes those
  regions at once; only the small candidate regions that remain are split up,
  and only the c-chains next to them are built.  Every other c-chain has no
  healthy region and is cast out at once.
* The casting-out itself is a worklist over the small graph of candidate
  regions and their chains: when a chain is cast out, every region next to it
  stops counting for the chains it was healthy for.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import compress

from passalive.go.bitboard import from_padded, padded_dilate, padded_fill, padded_full, padded_ids, selectors, to_padded
from passalive.definitions.kernel import native
from passalive.go.board import Board, Colour, grid_adjacency


def iter_bits(x: int) -> Iterator[int]:
    """The positions of the set bits of `x`, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


class Geometry:
    """A board's points as bitsets: the stones of each colour, and how to grow a set.

    Subclasses give `dilate` (a set and its neighbours) and `fill` (the
    points of `allowed` connected to `seed` inside `allowed`), and map bits
    back to point ids (`point`, `points`) and to masks of point ids
    (`id_mask`).  A geometry is made once per board and may be shared by
    every casting-out on it; it remembers the heads of the board's chains
    (`chain_heads`) once they are asked for.
    """

    mask: int
    black: int
    white: int
    empty: int
    open: int

    def stones(self, colour: Colour) -> int:
        """The bitset of the stones of one colour."""
        return self.black if colour is Colour.BLACK else self.white

    def dilate(self, s: int) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def fill(self, seed: int, allowed: int) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def point(self, bit: int) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def isolated(self, s: int) -> int:  # pragma: no cover - abstract
        """The points of `s` with no neighbour in `s`."""
        raise NotImplementedError

    def id_mask(self, s: int) -> int:  # pragma: no cover - abstract
        """A bitset as a mask of point ids (bit p for point p)."""
        raise NotImplementedError

    @cached_property
    def chain_heads(self) -> int:
        """The lowest bit of every chain of both colours, as one bitset."""
        heads = 0
        for stones in (self.black, self.white):
            single = self.isolated(stones)
            heads |= single
            rest = stones & ~single
            while rest:
                low = rest & -rest
                rest &= ~self.fill(low, stones)
                heads |= low
        return heads

    def chain_index(self, chain: int) -> int:
        """The index in `Board.chains` of a chain given as a bitset.

        `Board.chains` lists chains by their smallest point id, and bit order
        follows id order, so the index is the number of chain heads below the
        chain's lowest bit: no need to build the board's own chain objects.
        """
        return (self.chain_heads & ((chain & -chain) - 1)).bit_count()

    def points(self, s: int) -> frozenset[int]:
        """The point ids of a bitset."""
        return frozenset(self.point(b) for b in iter_bits(s))

    @staticmethod
    def of(board: Board, force_graph: bool = False) -> Geometry:
        """The fastest geometry that represents this board exactly."""
        if not force_graph and board.size is not None:
            width, height = board.size
            if len(board.adjacency) == width * height and board.adjacency == grid_adjacency(width, height):
                return GridGeometry(board)
        return GraphGeometry(board)


class GridGeometry(Geometry):
    """A full rectangle with orthogonal adjacency, in the padded layout of
    `passalive.go.bitboard`: bit y*(w+1)+x is point (x, y).

    The extra (always clear) bit at the end of each row keeps shifts from
    wrapping between rows and stops carries in `fill`.
    """

    def __init__(self, board: Board) -> None:
        assert board.size is not None, "a grid board"
        width, height = board.size
        self.width = width
        self.height = height
        self.stride = width + 1
        black, white = board.masks  # a board read from masks never makes its point objects
        self.black = to_padded(black, width, height)
        self.white = to_padded(white, width, height)
        self.mask = padded_full(width, height)
        self.empty = self.mask & ~self.black & ~self.white
        open_points = board.open_points
        self.open = to_padded(sum(1 << p for p in open_points), width, height) if open_points else 0

    def dilate(self, s: int) -> int:
        return padded_dilate(s, self.stride, self.mask)

    def fill(self, seed: int, allowed: int) -> int:
        return padded_fill(seed, allowed, self.stride)

    def point(self, bit: int) -> int:
        return bit - bit // self.stride

    def isolated(self, s: int) -> int:
        st = self.stride
        return s & ~((s << 1) | (s >> 1) | (s << st) | (s >> st))

    def id_mask(self, s: int) -> int:
        return from_padded(s, self.width, self.height)

    def points(self, s: int) -> frozenset[int]:
        # the bits as a string of 0/1 bytes, lowest first, select the ids
        return frozenset(compress(padded_ids(self.width, self.height), selectors(s)))


class GraphGeometry(Geometry):
    """Any board: bit p is point p, neighbours from one mask per point."""

    def __init__(self, board: Board) -> None:
        self.neighbours = [sum(1 << q for q in adj) for adj in board.adjacency]
        black = white = empty = 0
        for p, colour in enumerate(board.colours):
            if colour is Colour.BLACK:
                black |= 1 << p
            elif colour is Colour.WHITE:
                white |= 1 << p
            else:
                empty |= 1 << p
        self.black, self.white, self.empty = black, white, empty
        self.mask = (1 << len(board.points)) - 1
        self.open = sum(1 << p for p in board.open_points)

    def dilate(self, s: int) -> int:
        result = s
        neighbours = self.neighbours
        while s:
            low = s & -s
            result |= neighbours[low.bit_length() - 1]
            s ^= low
        return result

    def fill(self, seed: int, allowed: int) -> int:
        s = frontier = seed
        while frontier:
            frontier = self.dilate(frontier) & allowed & ~s
            s |= frontier
        return s

    def point(self, bit: int) -> int:
        return bit

    def id_mask(self, s: int) -> int:
        return s

    def isolated(self, s: int) -> int:
        neighbours = self.neighbours
        result = 0
        rest = s
        while rest:
            low = rest & -rest
            if not neighbours[low.bit_length() - 1] & s:
                result |= low
            rest ^= low
        return result


@dataclass(frozen=True)
class DirectResult:
    """The pass-alive chains of one colour as bitsets of their geometry, one per chain.

    The methods give the same set in the forms callers use; each is computed
    from the bitsets when called.
    """

    geometry: Geometry
    chains: tuple[int, ...]

    @property
    def stones(self) -> int:
        """All pass-alive stones as one bitset (of the geometry's layout)."""
        result = 0
        for chain in self.chains:
            result |= chain
        return result

    def chain_indices(self) -> frozenset[int]:
        """The indices in `Board.chains` of the pass-alive chains."""
        index = self.geometry.chain_index
        return frozenset(index(chain) for chain in self.chains)

    def points(self) -> frozenset[int]:
        """The point ids of all pass-alive stones."""
        return self.geometry.points(self.stones)

    def chain_points(self) -> tuple[frozenset[int], ...]:
        """The point ids of each pass-alive chain."""
        points = self.geometry.points
        return tuple(points(chain) for chain in self.chains)

    def masks(self) -> frozenset[int]:
        """Each pass-alive chain as a mask of point ids (bit p for point p: the
        numbering of `passalive.go.bitboard` on a plain grid)."""
        id_mask = self.geometry.id_mask
        return frozenset(id_mask(chain) for chain in self.chains)


def casting_out(
    geometry: Geometry, colour: Colour, all_points: bool = False, chains: Sequence[int] | None = None
) -> DirectResult:
    """The pass-alive chains of `colour` by casting out.

    A c-region is healthy for a chain when each of its empty points (each of
    its points, if `all_points`: the suicide-legal adaptation) is adjacent to
    the chain, and it does not reach an open side.  Four steps: the candidate
    regions, the chains next to them, which candidate region is healthy for
    which chain, and the casting-out itself.  `chains` are every c-chain as
    a bitset, when the caller has found them already (the front door lists
    every chain anyway): then no chain is flood-filled twice.

    On a plain grid the compiled kernel answers when it is built
    (`passalive.definitions.kernel`); `reference_casting_out` is the Python.
    """
    g = geometry
    own = g.stones(colour)
    if not own:
        return DirectResult(g, ())
    compiled = native()
    if compiled is not None and isinstance(g, GridGeometry):
        other = g.white if colour is Colour.BLACK else g.black
        return DirectResult(g, compiled.casting_out(own, other, g.width, g.height, g.open, all_points))
    return reference_casting_out(g, colour, all_points, chains)


def reference_casting_out(
    geometry: Geometry, colour: Colour, all_points: bool = False, chains: Sequence[int] | None = None
) -> DirectResult:
    """`casting_out` in Python: the reference the compiled kernel is tested against,
    and the code that answers when the kernel is absent or the board is not a plain grid."""
    g = geometry
    own = g.stones(colour)
    if not own:
        return DirectResult(g, ())
    candidates = _candidates(g, own, all_points)
    next_to = _chains_next_to(g, own, candidates, chains)
    graph = _healthy_regions(g, own, candidates, next_to, all_points)
    alive = cast_out(graph).alive
    return DirectResult(g, tuple(chain for chain, keep in zip(next_to, alive) if keep))


def _candidates(g: Geometry, own: int, all_points: bool) -> int:
    """The non-c points of the c-regions that may be healthy for some chain.

    A region with an empty point that touches no c stone (any such point, if
    `all_points`) is healthy for no chain, and neither is a region that
    reaches an open side: one flood fill from all such points removes them.
    """
    non_own = g.mask & ~own
    bad = (non_own if all_points else g.empty) & ~g.dilate(own)
    bad |= g.open & non_own
    return non_own & ~g.fill(bad, non_own) if bad else non_own


def _chains_next_to(g: Geometry, own: int, candidates: int, known: Sequence[int] | None = None) -> list[int]:
    """The c-chains next to candidate regions (all others have no healthy
    region); taken from `known` (every c-chain) when given, else flood-filled."""
    touching = g.dilate(candidates) & own
    if known is not None:
        return [chain for chain in known if chain & touching]
    found = []
    fill = g.fill
    rest = touching
    while rest:
        chain = fill(rest & -rest, own)
        rest &= ~chain
        found.append(chain)
    return found


@dataclass
class RegionGraph:
    """Which candidate region is healthy for which chain, and the counts casting-out lowers.

    One-point candidate regions (most eyes) are healthy for every chain next
    to them; they are kept as one bitset per chain (`singles`, all of them in
    `single`).  Larger regions are numbered: `chain_regions[c]` lists those
    next to chain c, `healthy_for[r]` the chains region r is healthy for.
    `count[c]` is the number of healthy regions of chain c.
    """

    single: int
    singles: list[int]
    chain_regions: list[list[int]]
    healthy_for: list[list[int]]
    count: list[int]


def _healthy_regions(g: Geometry, own: int, candidates: int, chains: list[int], all_points: bool) -> RegionGraph:
    """Split the candidate points into regions and find whom each is healthy for."""
    dilate, fill = g.dilate, g.fill
    reach = [dilate(chain) for chain in chains]  # each chain with its neighbours
    single = g.isolated(candidates)
    singles = [near & single for near in reach]
    count = [s.bit_count() for s in singles]
    chain_regions: list[list[int]] = [[] for _ in chains]
    healthy_for: list[list[int]] = []
    empty = g.empty
    larger = candidates & ~single
    while larger:
        region = fill(larger & -larger, larger)
        larger ^= region
        r = len(healthy_for)
        needed = region if all_points else region & empty
        healthy: list[int] = []
        for c in [c for c, near in enumerate(reach) if near & region]:  # the chains next to the region
            chain_regions[c].append(r)
            if not needed & ~reach[c]:
                healthy.append(c)
                count[c] += 1
        healthy_for.append(healthy)
    return RegionGraph(single, singles, chain_regions, healthy_for, count)


@dataclass(frozen=True)
class CastOut:
    """What is left after casting out: the chains that stay (`alive`), the larger regions that
    still count (`counting`, by number), and the one-point regions that still count (`usable`)."""

    alive: list[bool]
    counting: list[bool]
    usable: int


def cast_out(graph: RegionGraph) -> CastOut:
    """Which chains stay: a chain with fewer than two counting regions goes,
    and every region next to it stops counting for the chains it was healthy
    for, until nothing changes (a worklist over the small region graph).
    `graph.count` is lowered in place.  Static safety's Benson test runs the
    same casting-out on its own region graph."""
    singles, chain_regions, healthy_for, count = graph.singles, graph.chain_regions, graph.healthy_for, graph.count
    n = len(count)
    alive = [k >= 2 for k in count]
    stack = [c for c in range(n) if not alive[c]]
    counting = [True] * len(healthy_for)
    usable = graph.single
    while stack:
        c = stack.pop()
        lost = singles[c] & usable
        if lost:
            usable &= ~lost
            for c2 in range(n):
                if alive[c2]:
                    k = (singles[c2] & lost).bit_count()
                    if k:
                        count[c2] -= k
                        if count[c2] < 2:
                            alive[c2] = False
                            stack.append(c2)
        for r in chain_regions[c]:
            if counting[r]:
                counting[r] = False
                for c2 in healthy_for[r]:
                    count[c2] -= 1
                    if alive[c2] and count[c2] < 2:
                        alive[c2] = False
                        stack.append(c2)
    return CastOut(alive, counting, usable)
