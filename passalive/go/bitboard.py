"""Positions of plain rectangular boards as bit masks.

passalive's one bitboard numbering: a position of a plain W×H grid is two
integers, the black and the white stones, with bit `y * W + x` for the point
at column x, row y (top row first) -- the same numbering `Board.grid` gives
the points of a full grid, so a mask is also a set of point ids.  `Grid`
holds the geometry (neighbour masks, flood fill, the board's symmetries as
bit permutations), legality and canonical forms; the exhaustive search of
explore, the attacker's search of the solver and shrinking all work on these
masks, and the direct casting-out reports its chains in it.

The padded layout.  Inside the direct casting-out
(`passalive.definitions.direct`), the hot path of analyse, a grid is laid out
with one always-clear bit after each row: bit `y * (W + 1) + x`.  Shifts then
never wrap from one row to the next and a flood fill can run along a row with
the carry of one addition.  That layout is internal to the algorithm;
`to_padded` and `from_padded` are the one conversion between it and the
numbering above (and `padded_full`, `padded_ids` describe it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from itertools import compress

from passalive.errors import UsageError
from passalive.go.board import Board, Colour, Point, grid_adjacency


@dataclass(frozen=True)
class Position:
    """A position of a `Grid`: the masks of black and of white stones."""

    black: int
    white: int

    def stones(self, colour: Colour) -> int:
        """The mask of one colour's stones."""
        return self.black if colour is Colour.BLACK else self.white

    def swapped(self) -> Position:
        """The position with the colours exchanged."""
        return Position(self.white, self.black)

    @property
    def count(self) -> int:
        """The number of stones on the board."""
        return (self.black | self.white).bit_count()


_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def selectors(mask: int) -> bytes:
    """One byte per bit of a mask, lowest bit first: 1 for a set bit, 0 for a
    clear one (for `itertools.compress`, up to the highest set bit)."""
    return bin(mask)[:1:-1].encode().translate(_ZERO_ONE)


def mask_of(points: Iterable[int]) -> int:
    """The mask with bit p set for every point p."""
    result = 0
    for p in points:
        result |= 1 << p
    return result


def bits(mask: int) -> list[int]:
    """The indices of the set bits of a mask, lowest first.

    A few bits are taken off one by one; more are selected from the mask's
    binary digits (one byte per bit) in a single pass, so that a board-wide
    mask costs one conversion, not a shift per byte."""
    if mask.bit_count() <= 8:
        result: list[int] = []
        while mask:
            low = mask & -mask
            result.append(low.bit_length() - 1)
            mask ^= low
        return result
    first = (mask & -mask).bit_length() - 1
    return list(compress(range(first, mask.bit_length()), selectors(mask >> first)))


@dataclass(frozen=True)
class Grid:
    """A plain W×H grid: every point present, orthogonal neighbours adjacent."""

    width: int
    height: int

    def __post_init__(self) -> None:
        if not (1 <= self.width <= 25 and 1 <= self.height <= 25):
            raise UsageError(f"board sizes run from 1x1 to 25x25, not {self.width}x{self.height}")

    @classmethod
    def parse(cls, text: str) -> Grid:
        """A grid from `WxH` (or `N` for a square board)."""
        parts = text.lower().replace("×", "x").split("x")
        try:
            numbers = [int(p) for p in parts]
        except ValueError:
            raise UsageError(f"expected a board size such as 4x4 or 9, got {text!r}") from None
        if len(numbers) == 1:
            numbers *= 2
        if len(numbers) != 2:
            raise UsageError(f"expected a board size such as 4x4 or 9, got {text!r}")
        return cls(numbers[0], numbers[1])

    def __str__(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def n(self) -> int:
        """The number of points."""
        return self.width * self.height

    @cached_property
    def full(self) -> int:
        """The mask of every point."""
        return (1 << self.n) - 1

    @cached_property
    def neighbours(self) -> tuple[int, ...]:
        """For each point, the mask of its orthogonal neighbours."""
        return tuple(sum(1 << q for q in around) for around in grid_adjacency(self.width, self.height))

    @cached_property
    def _not_left(self) -> int:
        return self.full & ~sum(1 << (y * self.width) for y in range(self.height))

    @cached_property
    def _not_right(self) -> int:
        return self.full & ~sum(1 << (y * self.width + self.width - 1) for y in range(self.height))

    def dilate(self, m: int) -> int:
        """The points of `m` and all their neighbours."""
        w = self.width
        return (
            m
            | ((m << 1) & self._not_left)
            | ((m >> 1) & self._not_right)
            | ((m << w) & self.full)
            | (m >> w)
        )

    def flood(self, seed: int, within: int) -> int:
        """The points of `within` connected to `seed` (which lies in `within`)."""
        region = seed
        while True:
            grown = self.dilate(region) & within
            if grown == region:
                return region
            region = grown

    def components(self, mask: int) -> list[int]:
        """The connected components of a set of points."""
        result = []
        while mask:
            part = self.flood(mask & -mask, mask)
            result.append(part)
            mask &= ~part
        return result

    def legal(self, position: Position) -> bool:
        """Whether every chain of the position has a liberty."""
        empty = self.full & ~(position.black | position.white)
        near_empty = self.dilate(empty)
        for stones in (position.black, position.white):
            rest = stones
            while rest:
                chain = self.flood(rest & -rest, stones)
                if not chain & near_empty:
                    return False
                rest &= ~chain
        return True

    def without_dead(self, position: Position) -> Position:
        """The position with every chain that has no liberty removed."""
        empty = self.full & ~(position.black | position.white)
        near_empty = self.dilate(empty)
        masks = []
        for stones in (position.black, position.white):
            kept = 0
            for chain in self.components(stones):
                if chain & near_empty:
                    kept |= chain
            masks.append(kept)
        return Position(masks[0], masks[1])

    # ------------------------------------------------------------ symmetries

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The point permutations that map the grid onto itself, identity first.

        Eight for a square board (rotations and reflections), four for a
        rectangle (identity, half turn, the two mirror images).
        """
        w, h = self.width, self.height
        maps: list[Callable[[int, int], tuple[int, int]]] = [
            lambda x, y: (x, y),
            lambda x, y: (w - 1 - x, y),
            lambda x, y: (x, h - 1 - y),
            lambda x, y: (w - 1 - x, h - 1 - y),
        ]
        if w == h:
            maps += [
                lambda x, y: (y, x),
                lambda x, y: (h - 1 - y, x),
                lambda x, y: (y, w - 1 - x),
                lambda x, y: (h - 1 - y, w - 1 - x),
            ]
        perms = []
        for f in maps:
            perm = []
            for p in range(self.n):
                nx, ny = f(p % w, p // w)
                perm.append(ny * w + nx)
            perms.append(tuple(perm))
        return tuple(dict.fromkeys(perms))

    @cached_property
    def _byte_tables(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For each symmetry and each byte of a mask, the image of every byte value."""
        tables = []
        nbytes = (self.n + 7) // 8
        for perm in self.symmetries:
            per_byte = []
            for k in range(nbytes):
                row = []
                for value in range(256):
                    image = 0
                    for bit in range(8):
                        p = 8 * k + bit
                        if value >> bit & 1 and p < self.n:
                            image |= 1 << perm[p]
                    row.append(image)
                per_byte.append(tuple(row))
            tables.append(tuple(per_byte))
        return tuple(tables)

    def images(self, mask: int) -> list[int]:
        """The images of a mask under every symmetry, in `symmetries` order."""
        result = []
        for per_byte in self._byte_tables:
            image = 0
            m = mask
            k = 0
            while m:
                image |= per_byte[k][m & 255]
                m >>= 8
                k += 1
            result.append(image)
        return result

    def code(self, position: Position) -> int:
        """The position as one integer: black mask in the high bits, white in the low."""
        return (position.black << self.n) | position.white

    def decode(self, code: int) -> Position:
        """The inverse of `code`."""
        return Position(code >> self.n, code & self.full)

    def canonical(self, position: Position) -> Position:
        """The representative of the position's class under symmetries and colour swap:
        the one with the smallest `code`."""
        n = self.n
        blacks = self.images(position.black)
        whites = self.images(position.white)
        best = min(
            min((b << n) | w for b, w in zip(blacks, whites)),
            min((w << n) | b for b, w in zip(blacks, whites)),
        )
        return self.decode(best)

    def class_size(self, position: Position) -> int:
        """How many distinct positions the class of this position has."""
        n = self.n
        blacks = self.images(position.black)
        whites = self.images(position.white)
        return len({(b << n) | w for b, w in zip(blacks, whites)} | {(w << n) | b for b, w in zip(blacks, whites)})

    # ---------------------------------------------------------- conversion

    @cached_property
    def _empty_board(self) -> Board:
        return Board.grid([[Colour.EMPTY] * self.width for _ in range(self.height)])

    def board(self, position: Position) -> Board:
        """The position as a `Board` (a full board: all four sides are edges),
        the same as `Board.grid` builds, made from the empty board's graph."""
        empty = self._empty_board
        black, white = position.black, position.white
        points = tuple(
            Point(p, Colour.BLACK if black >> p & 1 else Colour.WHITE if white >> p & 1 else Colour.EMPTY, point.coord)
            for p, point in enumerate(empty.points)
        )
        return Board(points=points, adjacency=empty.adjacency, size=empty.size, frame=empty.frame)

    def position(self, board: Board) -> Position:
        """The masks of a board that is a plain grid of this size."""
        if not board.is_plain_grid or board.size != (self.width, self.height):
            raise UsageError(f"expected a plain {self} board")
        black = white = 0
        for point in board.points:
            if point.colour is Colour.BLACK:
                black |= 1 << point.id
            elif point.colour is Colour.WHITE:
                white |= 1 << point.id
        return Position(black, white)

    def text(self, position: Position) -> str:
        """The position as rows of X, O and `.` (for messages and tests)."""
        rows = []
        for y in range(self.height):
            row = ""
            for x in range(self.width):
                bit = 1 << (y * self.width + x)
                row += "X" if position.black & bit else "O" if position.white & bit else "."
            rows.append(row)
        return "\n".join(rows)

    def parse_text(self, rows: Sequence[str]) -> Position:
        """The inverse of `text`: rows of X, O and `.`, spaces ignored."""
        black = white = 0
        rows = [r.replace(" ", "") for r in rows if r.strip()]
        if len(rows) != self.height or any(len(r) != self.width for r in rows):
            raise UsageError(f"expected {self.height} rows of {self.width} points")
        for y, row in enumerate(rows):
            for x, ch in enumerate(row):
                bit = 1 << (y * self.width + x)
                if ch in "Xx":
                    black |= bit
                elif ch in "Oo":
                    white |= bit
        return Position(black, white)


# ------------------------------------------------------------ padded layout


def padded_dilate(s: int, stride: int, mask: int) -> int:
    """`s` and its orthogonal neighbours, within `mask` (the board's points), in the padded
    layout of rows `stride` = width + 1 bits apart."""
    return (s | (s << 1) | (s >> 1) | (s << stride) | (s >> stride)) & mask


def padded_fill(seed: int, allowed: int, stride: int) -> int:
    """The points of `allowed` connected to `seed` in the padded layout of rows `stride` bits apart.

    Along each row towards higher bits in one step: the carry of `allowed + s` runs from every
    seed to the end of its run (the clear bit at each row's end stops it); the other three
    directions by shifts, until nothing grows.
    """
    s = seed
    while True:
        s |= ((allowed + s) ^ allowed) & allowed
        grown = (s | (s >> 1) | (s << stride) | (s >> stride)) & allowed
        if grown == s:
            return s
        s = grown


@cache
def padded_full(width: int, height: int) -> int:
    """Every point of a width x height grid in the padded layout."""
    row = (1 << width) - 1
    return sum(row << (y * (width + 1)) for y in range(height))


@cache
def padded_ids(width: int, height: int) -> tuple[int, ...]:
    """For each bit of the padded layout, its point id (padding bits are never set)."""
    stride = width + 1
    return tuple(b - b // stride for b in range(stride * height))


@cache
def padded_bits(width: int, height: int) -> tuple[int, ...]:
    """For each point id (y*W+x), its bit in the padded layout: the inverse of `padded_ids`."""
    return tuple(1 << (p + p // width) for p in range(width * height))


@cache
def padded_index(width: int, height: int) -> tuple[int, ...]:
    """For each point id (y*W+x), the position of its bit in the padded layout."""
    return tuple(p + p // width for p in range(width * height))


@cache
def _one_of(code: int) -> bytes:
    """A `bytes.translate` table: byte `code` to ASCII 1, every other byte to ASCII 0."""
    return bytes(0x31 if b == code else 0x30 for b in range(256))


def cells_mask(cells: bytes | bytearray, code: int) -> int:
    """The bitset of the cells that hold `code`, for one byte per bit, lowest
    bit first (e.g. a position kept as one byte per point of the padded
    layout): the bytes are read as binary digits, not bit by bit."""
    return int(cells.translate(_one_of(code))[::-1], 2)


def to_padded(mask: int, width: int, height: int) -> int:
    """A mask of point ids (bit y*W+x) in the padded layout (bit y*(W+1)+x)."""
    row = (1 << width) - 1
    return sum(((mask >> (y * width)) & row) << (y * (width + 1)) for y in range(height))


def from_padded(mask: int, width: int, height: int) -> int:
    """The inverse of `to_padded`: a padded-layout mask as a mask of point ids."""
    row = (1 << width) - 1
    return sum(((mask >> (y * (width + 1))) & row) << (y * width) for y in range(height))
