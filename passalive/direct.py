"""The direct implementation of casting-out, written for speed.

This is the default engine for bulk runs and the independent cross-check of
the rule engine.  It computes the same set as `rules/casting-out.dl` (and, with
`all_points=True`, as `rules/suicide.dl`): the largest set S of c-chains such
that every chain in S has at least two healthy c-regions whose c-chains are
all in S, where a region that reaches an open side of a cut-out is never
healthy.

Why it is fast (about 5x the plain set-based version on 19x19):

* Sets of points are Python ints used as bitsets.  On a plain grid the
  neighbours of a set are four shifts; rows are laid out with one padding bit
  so that shifts never wrap from one row to the next, and a flood fill moves
  along a whole row in one step with the carry of an addition.  Any other
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

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from passalive.board import Board, Colour


def iter_bits(x: int) -> Iterator[int]:
    """The positions of the set bits of `x`, lowest first."""
    while x:
        low = x & -x
        yield low.bit_length() - 1
        x ^= low


@lru_cache(maxsize=64)
def _grid_adjacency(width: int, height: int) -> tuple[tuple[int, ...], ...]:
    """The adjacency `Board.grid` gives a full rectangle, for recognising one fast."""
    result = []
    for p in range(width * height):
        x, y = p % width, p // width
        result.append(
            tuple(
                p + d
                for d, ok in ((-width, y > 0), (-1, x > 0), (1, x < width - 1), (width, y < height - 1))
                if ok
            )
        )
    return tuple(result)


_CODE = {Colour.BLACK: "x", Colour.WHITE: "o", Colour.EMPTY: "."}
_TO_BLACK = str.maketrans({"x": "1", "o": "0", ".": "0", "-": "0"})
_TO_WHITE = str.maketrans({"x": "0", "o": "1", ".": "0", "-": "0"})
_TO_EMPTY = str.maketrans({"x": "0", "o": "0", ".": "1", "-": "0"})
_TO_BOARD = str.maketrans({"x": "1", "o": "1", ".": "1", "-": "0"})


class Geometry:
    """A board's points as bitsets: the stones of each colour, and how to grow a set.

    Subclasses give `dilate` (a set and its neighbours) and `fill` (the
    points of `allowed` connected to `seed` inside `allowed`), and map bits
    back to point ids.
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

    def points(self, s: int) -> frozenset[int]:
        """The point ids of a bitset."""
        return frozenset(self.point(b) for b in iter_bits(s))

    @staticmethod
    def of(board: Board, force_graph: bool = False) -> Geometry:
        """The fastest geometry that represents this board exactly."""
        if not force_graph and board.size is not None:
            width, height = board.size
            if len(board.points) == width * height and board.adjacency == _grid_adjacency(width, height):
                return GridGeometry(board)
        return GraphGeometry(board)


class GridGeometry(Geometry):
    """A full rectangle with orthogonal adjacency: bit y*(w+1)+x is point (x, y).

    The extra (always clear) bit at the end of each row keeps shifts from
    wrapping between rows and stops carries in `fill`.
    """

    def __init__(self, board: Board) -> None:
        width, height = board.size  # type: ignore[misc]
        self.width = width
        self.stride = width + 1
        codes = "".join(map(_CODE.__getitem__, board.colours))
        padded = "-".join(codes[y * width : (y + 1) * width] for y in range(height))[::-1]
        self.black = int(padded.translate(_TO_BLACK), 2)
        self.white = int(padded.translate(_TO_WHITE), 2)
        self.empty = int(padded.translate(_TO_EMPTY), 2)
        self.mask = int(padded.translate(_TO_BOARD), 2)
        open_mask = 0
        for p in board.open_points:
            open_mask |= 1 << (p + p // width)
        self.open = open_mask

    def dilate(self, s: int) -> int:
        st = self.stride
        return (s | (s << 1) | (s >> 1) | (s << st) | (s >> st)) & self.mask

    def fill(self, seed: int, allowed: int) -> int:
        st = self.stride
        s = seed
        while True:
            # along each row towards higher bits in one step: the carry of
            # `allowed + s` runs from every seed to the end of its run
            s |= ((allowed + s) ^ allowed) & allowed
            grown = (s | (s >> 1) | (s << st) | (s >> st)) & allowed
            if grown == s:
                return s
            s = grown

    def point(self, bit: int) -> int:
        return bit - bit // self.stride


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


@dataclass(frozen=True)
class DirectResult:
    """The alive set of one colour as bitsets: one bitset per pass-alive chain."""

    geometry: Geometry
    chains: tuple[int, ...]

    @property
    def stones(self) -> int:
        """All pass-alive stones as one bitset."""
        result = 0
        for chain in self.chains:
            result |= chain
        return result


def casting_out(geometry: Geometry, colour: Colour, all_points: bool = False) -> DirectResult:
    """The pass-alive chains of `colour` by casting out.

    A c-region is healthy for a chain when each of its empty points (each of
    its points, if `all_points`: the suicide-legal adaptation) is adjacent to
    the chain, and it does not reach an open side.
    """
    g = geometry
    own = g.stones(colour)
    if not own:
        return DirectResult(g, ())
    dilate, fill = g.dilate, g.fill
    non_own = g.mask & ~own
    near_own = dilate(own)
    bad = (non_own if all_points else g.empty) & ~near_own
    bad |= g.open & non_own
    candidates = non_own & ~fill(bad, non_own) if bad else non_own

    chains: list[int] = []
    label: dict[int, int] = {}
    region_chains: list[list[int]] = []  # chains adjacent to each candidate region
    chain_regions: list[list[int]] = []  # candidate regions adjacent to each chain
    healthy_for: list[list[int]] = []  # chains each region is healthy for
    count: list[int] = []  # healthy regions of each chain that still count
    reach: list[int] = []  # each chain with its neighbours, computed on demand
    empty = g.empty
    while candidates:
        seed = candidates & -candidates
        region = fill(seed, candidates)
        candidates ^= region
        r = len(region_chains)
        needed = region if all_points else region & empty
        adjacent: list[int] = []
        healthy: list[int] = []
        rest = dilate(region) & own
        while rest:
            low = rest & -rest
            c = label.get(low)
            if c is None:
                chain = fill(low, own)
                c = len(chains)
                chains.append(chain)
                chain_regions.append([])
                count.append(0)
                reach.append(0)
                for b in iter_bits(chain):
                    label[1 << b] = c
            chain = chains[c]
            rest &= ~chain
            adjacent.append(c)
            chain_regions[c].append(r)
            if needed:
                near = reach[c]
                if not near:
                    near = reach[c] = dilate(chain)
                if needed & ~near:
                    continue
            healthy.append(c)
            count[c] += 1
        region_chains.append(adjacent)
        healthy_for.append(healthy)

    n = len(chains)
    alive = [count[c] >= 2 for c in range(n)]
    stack = [c for c in range(n) if not alive[c]]
    counting = [True] * len(region_chains)
    while stack:
        c = stack.pop()
        for r in chain_regions[c]:
            if counting[r]:
                counting[r] = False
                for c2 in healthy_for[r]:
                    count[c2] -= 1
                    if alive[c2] and count[c2] < 2:
                        alive[c2] = False
                        stack.append(c2)
    return DirectResult(g, tuple(chains[c] for c in range(n) if alive[c]))
