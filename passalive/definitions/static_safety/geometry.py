"""The board as bitsets, with Fuego's point order: the ground every step of static safety stands on.

Sets of points are Python ints used as bitsets in the layout of
`passalive.definitions.direct.Geometry`: on a plain grid the padded layout
of `passalive.go.bitboard` (bit y*(W+1)+x), on any other board bit p for
point p.  Fuego (GoSafetySolver, GoRegion) visits points from the bottom
row upwards, left to right, and the neighbours of a point up, right, down,
left; its greedy choices (which two liberties form a miai) depend on that
order, so `Tables` records it and every step walks points by it.  Only the
greedy choices walk point by point, over the few points they concern.
"""

from __future__ import annotations

from functools import cache

from passalive.definitions.direct import Geometry, GraphGeometry, GridGeometry
from passalive.go.bitboard import bits
from passalive.go.board import Board, Colour


class Tables:
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
def grid_tables(width: int, height: int) -> Tables:
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
    return Tables(rank, directed, diagonals)


def graph_tables(board: Board) -> Tables:
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
    return Tables(rank, directed, diagonals)


class Geo:
    """A board as bitsets (`Geometry.of`), with the point tables of `Tables`."""

    def __init__(self, board: Board) -> None:
        self.board = board
        g = Geometry.of(board)
        self.g = g
        self.mask, self.empty = g.mask, g.empty
        self.stones = {Colour.BLACK: g.black, Colour.WHITE: g.white}
        self.dilate, self.fill = g.dilate, g.fill
        if isinstance(g, GridGeometry):
            self.tables = grid_tables(g.width, g.height)
            self.grid: GridGeometry | None = g
            self.neighbours: list[int] = []  # the grid's neighbours are shifts
        else:
            assert isinstance(g, GraphGeometry)
            self.tables = graph_tables(board)
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
        """The point ids of a bitset (a few bits taken off one by one, more in one pass over the board)."""
        if s.bit_count() > 16:
            return self.g.points(s)
        st = self.grid.stride if self.grid is not None else 0
        found = []
        while s:
            low = s & -s
            b = low.bit_length() - 1
            found.append(b - b // st if st else b)
            s ^= low
        return frozenset(found)

    def is_split_point(self, p: int, points: int) -> bool:
        """Whether filling `p` leaves the other points of the set in two or more pieces."""
        rest = points & ~(1 << p)
        inside = self.nbr(1 << p) & rest
        if inside & (inside - 1) == 0:
            return False
        return self.fill(inside & -inside, rest) != rest

