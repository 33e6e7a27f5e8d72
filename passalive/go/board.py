"""The board: a graph of points, each black, white or empty.

Everything passalive decides starts here.  A board is a graph, not a grid: the
rectangular grid is only its most common constructor (`Board.grid`), and holes,
removed adjacencies and extra adjacencies ("wormholes") from the unusual-goban
examples are ordinary boards.  A grid cut out of a larger board records which
sides are open; the points along an open side touch the unknown continuation.

The terms follow the reference texts (Sensei's Library, "Benson's Definition of
Unconditional Life"), for a colour c:

* a **chain** (c-chain) is a maximal connected set of points of colour c;
* a **c-region** is a maximal connected set of points that are *not* c, i.e.
  empty points and stones of the opponent;
* a **liberty** of a chain is an empty point adjacent to it.

These are derived once per board, lazily, and cached on the (immutable) board.

Over 600 lines: `Board` is the one model of the game every layer reads (docs/architecture.md); its
constructors, chains, regions, marks and masks stay on the one class.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from passalive.go.coords import Frame
from passalive.errors import IllegalMoveError, IllegalPositionError, InputError
from passalive.go.suicide import Suicide


class Colour(enum.Enum):
    """The state of a point."""

    BLACK = "black"
    WHITE = "white"
    EMPTY = "empty"

    # members are singletons compared by identity: hash them by identity too,
    # in C (Enum's own hash runs Python code, and colours key many dicts)
    __hash__ = object.__hash__

    @property
    def opponent(self) -> Colour:
        """The other stone colour; EMPTY has none."""
        if self is Colour.BLACK:
            return Colour.WHITE
        if self is Colour.WHITE:
            return Colour.BLACK
        raise ValueError("an empty point has no opponent")

    @classmethod
    def stone(cls, name: Colour | str) -> Colour:
        """BLACK or WHITE from a user's spelling (black/white, b/w, x/o) or a stone Colour."""
        if isinstance(name, Colour):
            if name is Colour.EMPTY:
                raise InputError("expected a colour (black or white), got the empty colour")
            return name
        key = name.strip().lower()
        if key in ("black", "b", "x"):
            return cls.BLACK
        if key in ("white", "w", "o"):
            return cls.WHITE
        raise InputError(f"expected a colour (black or white), got {name!r}")

    @classmethod
    def of(cls, name: Colour | str) -> Colour:
        """Any point state from a user's spelling: a stone colour as `stone`
        reads it, or empty (empty, e, `.`), or a Colour."""
        if isinstance(name, Colour):
            return name
        key = name.strip().lower()
        if key in ("empty", "e", "."):
            return cls.EMPTY
        if key in ("black", "b", "x", "white", "w", "o"):
            return cls.stone(key)
        raise InputError(f"expected a point's colour (black, white or empty), got {name!r}")


STONE_COLOURS = (Colour.BLACK, Colour.WHITE)

_CODE = {Colour.BLACK: "x", Colour.WHITE: "o", Colour.EMPTY: "."}
_BLACK_DIGITS = str.maketrans("xo.", "100")
_WHITE_DIGITS = str.maketrans("xo.", "010")
_BIT_BYTES = bytes.maketrans(b"01", b"\x00\x01")
_BY_CODE = (Colour.EMPTY, Colour.BLACK, Colour.WHITE)


class SgfmillBoard(Protocol):
    """What `Board.from_sgfmill` reads of an `sgfmill.boards.Board`: its side and `get(row, col)`."""

    side: int

    def get(self, row: int, col: int) -> str | None:
        """'b', 'w' or None at (row, col), row 0 being the bottom row."""
        ...  # pragma: no cover - protocol


_SGFMILL_COLOURS = {"b": "black", "w": "white", None: "empty"}


def _colours_of_masks(black: int, white: int, n: int) -> tuple[Colour, ...]:
    """The colours of points 0..n-1 from the masks of the black and the white
    stones: each mask as one byte per bit (0 or 1), black + 2 x white as one
    byte per point, read as codes (0 empty, 1 black, 2 white)."""

    def byte_per_bit(mask: int) -> int:
        return int.from_bytes(bin(mask)[:1:-1].encode().translate(_BIT_BYTES), "little") if mask else 0

    codes = (byte_per_bit(black) + 2 * byte_per_bit(white)).to_bytes(n, "little")
    return tuple(map(_BY_CODE.__getitem__, codes))


class Side(enum.Enum):
    """A side of a grid diagram."""

    TOP = "top"
    BOTTOM = "bottom"
    LEFT = "left"
    RIGHT = "right"


class MarkKind(enum.Enum):
    """What a diagram draws on a point besides its colour."""

    CIRCLE = "circle"
    SQUARE = "square"
    TRIANGLE = "triangle"
    CROSS = "cross"
    HOSHI = "hoshi"
    LABEL = "label"
    MOVE = "move"


@dataclass(frozen=True)
class Mark:
    """A mark or label on a point: a shape, a letter, or a move number."""

    kind: MarkKind
    text: str = ""


@dataclass(frozen=True)
class Point:
    """A point of the board.

    `id` is the point's index in `Board.points`; `coord` its grid position
    (x from the left, y from the top, from 0) when the board is a grid.
    """

    id: int
    colour: Colour
    coord: tuple[int, int] | None = None
    mark: Mark | None = None


@dataclass(frozen=True)
class Chain:
    """A maximal connected set of same-coloured stones, with its liberties.

    `open` says the chain reaches an open side of a cut-out diagram, so it may
    continue, and have liberties, beyond what the diagram shows.
    """

    index: int
    colour: Colour
    points: frozenset[int]
    liberties: frozenset[int]
    open: bool


@dataclass(frozen=True)
class Region:
    """A c-region: a maximal connected set of points that are not of colour c.

    `colour` is c, the colour the region is a region *of* (its enclosing
    colour), `empty` its empty points, `chains` the indices of the c-chains
    adjacent to it, and `open` says it reaches an open side of the diagram.
    """

    index: int
    colour: Colour
    points: frozenset[int]
    empty: frozenset[int]
    chains: frozenset[int]
    open: bool


def label_chains(
    adjacency: Sequence[Sequence[int]], colours: Sequence[Colour]
) -> tuple[list[int], list[list[int]], list[set[int]]]:
    """The chains of a position given as a colour per point, without making a `Board`: the
    chain index of every point (-1 for an empty one), each chain's points and its liberties,
    chains numbered in the order of their first point.  For the procedures that remove stones
    and read the position again (the scorer's fills, the judgement's rounds)."""
    label = [-1] * len(colours)
    members: list[list[int]] = []
    liberties: list[set[int]] = []
    empty = Colour.EMPTY
    for start, colour in enumerate(colours):
        if colour is empty or label[start] >= 0:
            continue
        index = len(members)
        label[start] = index
        points = [start]
        libs: set[int] = set()
        for p in points:
            for q in adjacency[p]:
                cq = colours[q]
                if cq is empty:
                    libs.add(q)
                elif cq is colour and label[q] < 0:
                    label[q] = index
                    points.append(q)
        members.append(points)
        liberties.append(libs)
    return label, members, liberties


@lru_cache(maxsize=256)
def grid_adjacency(
    width: int, height: int, holes: frozenset[tuple[int, int]] = frozenset()
) -> tuple[tuple[int, ...], ...]:
    """The neighbour lists of a width x height grid: orthogonal neighbours adjacent.

    The one place passalive builds a grid's adjacency (remembered per
    shape: the last 256 sizes and hole patterns).  Point ids run in reading order (top row first, left to right)
    and skip the `holes`, grid coordinates (x, y) that are no point; each
    list is sorted (above, left, right, below).
    """
    ids: list[list[int]] = []
    n = 0
    for y in range(height):
        row = []
        for x in range(width):
            if (x, y) in holes:
                row.append(-1)
            else:
                row.append(n)
                n += 1
        ids.append(row)
    adjacency: list[tuple[int, ...]] = []
    for y, row in enumerate(ids):
        for x, p in enumerate(row):
            if p < 0:
                continue
            around = (
                ids[y - 1][x] if y > 0 else -1,
                row[x - 1] if x > 0 else -1,
                row[x + 1] if x < width - 1 else -1,
                ids[y + 1][x] if y < height - 1 else -1,
            )
            adjacency.append(tuple(q for q in around if q >= 0))
    return tuple(adjacency)


@dataclass(frozen=True)
class Board:
    """An immutable position on a graph of points.

    `adjacency[p]` lists the neighbours of point `p` (sorted; the relation is
    symmetric).  `size` is the grid's (width, height) for boards built by
    `Board.grid`, else None; `frame` names grid points; `open_sides` are the
    sides of a cut-out diagram where the board continues unseen.
    """

    points: tuple[Point, ...]
    adjacency: tuple[tuple[int, ...], ...]
    size: tuple[int, int] | None = None
    frame: Frame = field(default_factory=Frame)
    open_sides: frozenset[Side] = frozenset()

    def __repr__(self) -> str:
        """Short: the size and the stones (the full fields are in `points` and `adjacency`)."""
        shape = f"{self.size[0]}x{self.size[1]}" if self.size is not None else f"graph of {len(self.points)} points"
        black = sum(1 for p in self.points if p.colour is Colour.BLACK)
        white = sum(1 for p in self.points if p.colour is Colour.WHITE)
        cut = f", open {'/'.join(sorted(s.value for s in self.open_sides))}" if self.open_sides else ""
        return f"<Board {shape}: {black} black, {white} white{cut}>"

    def _repr_svg_(self) -> str | None:
        """The board as an SVG picture in Jupyter (see `passalive.go.display`)."""
        from passalive.go.display import svg_of

        return svg_of(self)

    # ----------------------------------------------------------------- build

    @classmethod
    def grid(
        cls,
        rows: Sequence[Sequence[Colour | str | None]],
        *,
        marks: Mapping[tuple[int, int], Mark] | None = None,
        frame: Frame | None = None,
        open_sides: Iterable[Side] = (),
        unlink: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
        link: Iterable[tuple[tuple[int, int], tuple[int, int]]] = (),
    ) -> Board:
        """A rectangular grid, top row first; None marks a hole (no point).
        A point's colour is a Colour or its name ("black", "x", "empty", ".").

        Orthogonal neighbours are adjacent, except the pairs in `unlink`;
        the pairs in `link` are made adjacent as well.  Pairs are grid
        coordinates (x, y).  Raises InputError for ragged rows or a pair
        naming a hole or a point off the grid.
        """
        height = len(rows)
        width = len(rows[0]) if rows else 0
        if any(len(row) != width for row in rows):
            raise InputError("rows of a grid must all have the same length")
        mark = marks.get if marks else None
        points: list[Point] = []
        holes: list[tuple[int, int]] = []
        for y, row in enumerate(rows):
            for x, colour in enumerate(row):
                if colour is None:
                    holes.append((x, y))
                else:
                    points.append(Point(len(points), Colour.of(colour), (x, y), mark((x, y)) if mark else None))
        adjacency = grid_adjacency(width, height, frozenset(holes))
        board = cls(
            points=tuple(points),
            adjacency=adjacency,
            size=(width, height),
            frame=frame if frame is not None else Frame.full_board(height),
            open_sides=frozenset(open_sides),
        )
        unlink, link = list(unlink), list(link)
        if not unlink and not link:
            return board
        ids = {point.coord: point.id for point in points}

        def point_id(xy: tuple[int, int]) -> int:
            if xy not in ids:
                raise InputError(f"no point at column {xy[0] + 1}, row {xy[1] + 1} of the grid")
            return ids[xy]

        edges = {frozenset((p, q)) for p, around in enumerate(adjacency) for q in around}
        for a, b in unlink:
            edges.discard(frozenset((point_id(a), point_id(b))))
        for a, b in link:
            pa, pb = point_id(a), point_id(b)
            if pa != pb:
                edges.add(frozenset((pa, pb)))
        return cls.from_graph(points, edges, size=board.size, frame=board.frame, open_sides=board.open_sides)

    @classmethod
    def from_masks(
        cls,
        black: int,
        white: int,
        width: int,
        height: int,
        *,
        marks: Mapping[int, Mark] | None = None,
        frame: Frame | None = None,
        open_sides: Iterable[Side] = (),
    ) -> Board:
        """A full `width` x `height` grid from the masks of its black and its
        white stones (bit p for point p, points in reading order: the
        numbering of `passalive.go.bitboard`) and marks by point id.

        The board `Board.grid` makes of the same rows, except that its
        `colours` and `points` are made only when first read: a reader that
        needs only the stones as bitsets (the dead-chain test, the bitset
        summary of `passalive analyse --json`) never makes the 361 point
        objects of a 19x19 board, which cost more than analysing it.
        """
        if (black | white) >> (width * height) or black & white or black < 0 or white < 0:
            raise ValueError(f"masks that are no position of a {width}x{height} grid")
        board = cls.__new__(cls)
        for name, value in (
            ("adjacency", grid_adjacency(width, height)),
            ("size", (width, height)),
            ("frame", frame if frame is not None else Frame.full_board(height)),
            ("open_sides", frozenset(open_sides)),
        ):
            object.__setattr__(board, name, value)
        state = board.__dict__
        state["masks"] = (black, white)
        state["is_plain_grid"] = True
        state["_pending_marks"] = dict(marks) if marks else {}
        return board

    if not TYPE_CHECKING:  # hidden from the type checker: every other attribute stays checked

        def __getattr__(self, name: str) -> Any:
            """`points` of a board made by `from_masks`, made when first read."""
            state = self.__dict__
            if name != "points" or "_pending_marks" not in state:
                raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
            colours = self.colours
            marks = state.pop("_pending_marks")
            width = self.size[0]
            points = tuple(Point(p, colour, (p % width, p // width), marks.get(p)) for p, colour in enumerate(colours))
            object.__setattr__(self, "points", points)
            return points

    @classmethod
    def from_graph(
        cls,
        points: Sequence[Point],
        edges: Iterable[Iterable[int]],
        *,
        size: tuple[int, int] | None = None,
        frame: Frame | None = None,
        open_sides: frozenset[Side] = frozenset(),
    ) -> Board:
        """A board from its points (ids 0..n-1 in order) and undirected edges."""
        neighbours: list[set[int]] = [set() for _ in points]
        for edge in edges:
            a, b = tuple(edge)
            neighbours[a].add(b)
            neighbours[b].add(a)
        return cls(
            points=tuple(points),
            adjacency=tuple(tuple(sorted(n)) for n in neighbours),
            size=size,
            frame=frame if frame is not None else Frame(),
            open_sides=open_sides,
        )

    def with_colours(self, colours: Mapping[int, Colour]) -> Board:
        """The same board with some points recoloured (marks are kept)."""
        points = list(self.points)
        for p, colour in colours.items():
            points[p] = replace(points[p], colour=colour)
        return replace(self, points=tuple(points))

    def without_marks(self) -> Board:
        """The same position with every mark and label removed."""
        return replace(self, points=tuple(replace(p, mark=None) for p in self.points))

    # -------------------------------------------------------------- sgfmill

    @classmethod
    def from_sgfmill(cls, board: SgfmillBoard) -> Board:
        """The position of an `sgfmill.boards.Board`, as a full square grid.

        sgfmill counts rows from the bottom (`board.get(0, 0)` is A1) while
        `Board.grid` lists rows from the top; this turns the rows over, so
        that a stone sgfmill has at (row, col) is at the same GTP point here.
        """
        side = board.side
        return cls.grid([[_SGFMILL_COLOURS[board.get(side - 1 - y, x)] for x in range(side)] for y in range(side)])

    def to_sgfmill(self) -> Any:
        """This position as a new `sgfmill.boards.Board` (rows counted from the bottom, as there).

        Only a full square grid of 2 to 25 points a side with no open side has
        such a counterpart: anything else raises InputError.  A chain without
        liberties raises IllegalPositionError (sgfmill would remove it).
        """
        from sgfmill import boards

        if not self.is_plain_grid or self.size is None or self.size[0] != self.size[1] or self.open_sides:
            raise InputError(f"only a full square board has an sgfmill Board; this is {self!r}")
        side = self.size[0]
        if not 2 <= side <= 25:
            raise InputError(f"sgfmill boards have 2 to 25 points a side, not {side}")
        coloured = {c: [(side - 1 - p.coord[1], p.coord[0]) for p in self.points if p.coord is not None and p.colour is c]
                    for c in STONE_COLOURS}
        out = boards.Board(side)
        if not out.apply_setup(coloured[Colour.BLACK], coloured[Colour.WHITE], []):
            raise IllegalPositionError("a chain of this board has no liberties; an sgfmill Board cannot hold it")
        return out

    # ----------------------------------------------------------------- play

    def play(
        self, point: int | str, colour: Colour | str, *, suicide: Suicide | str = Suicide.ILLEGAL
    ) -> Board:
        """The board after `colour` plays at `point`: captures removed, then the suicide rule.

        `point` is an id or a name (`"D4"`), `colour` a Colour or its name
        (`"black"`, `"w"`), `suicide` a rule or its name (`"multi"`).  Raises
        IllegalMoveError when the point is occupied or the move is a suicide
        `suicide` forbids, InputError for a name that means nothing here.
        Marks are kept.  The rule is `passalive.go.play.play`, the one
        capture rule of passalive.
        """
        return self.play_moves([(colour, point)], suicide=suicide)

    def play_moves(
        self, moves: Iterable[tuple[Colour | str, int | str | None]], *, suicide: Suicide | str = Suicide.ILLEGAL
    ) -> Board:
        """The board after a sequence of `(colour, point)` moves; a point of None is a pass.

        Colours, points and the suicide rule may be given by name, as for
        `play`.  Cheaper than calling `play` move by move (one board is built
        at the end).  Raises IllegalMoveError, naming the move's number (from
        1) and point, for the first illegal move.
        """
        from passalive.go.play import play  # the capture rule: loaded by the first move, not by every Board

        rule = Suicide.parse(suicide)
        colours = list(self.colours)
        for number, (name, where) in enumerate(moves, 1):
            colour = Colour.stone(name)
            if where is None:
                continue
            point = self.point(where) if isinstance(where, str) else where
            if not 0 <= point < len(colours):
                raise InputError(f"move {number}: no point {point} on this board")
            if play(colours, self.adjacency, point, colour, Colour.EMPTY, rule) is None:
                why = (
                    "is occupied"
                    if colours[point] is not Colour.EMPTY
                    else f"is suicide, not allowed with suicide={rule.value}"
                )
                raise IllegalMoveError(f"move {number} ({colour.value} {self.name(point)}) {why}")
        before = self.colours
        return self.with_colours({p: c for p, c in enumerate(colours) if c is not before[p]})

    # --------------------------------------------------------------- access

    @cached_property
    def colours(self) -> tuple[Colour, ...]:
        """The colour of every point, by id."""
        if "_pending_marks" in self.__dict__:  # made by `from_masks`: from the masks, before any point
            return _colours_of_masks(*self.masks, len(self.adjacency))
        return tuple(p.colour for p in self.points)

    @cached_property
    def masks(self) -> tuple[int, int]:
        """The black and the white stones as masks of point ids (bit p for point
        p: on a plain grid, the numbering of `passalive.go.bitboard`)."""
        codes = "".join(map(_CODE.__getitem__, self.colours))[::-1]
        return int(codes.translate(_BLACK_DIGITS) or "0", 2), int(codes.translate(_WHITE_DIGITS) or "0", 2)

    def stones(self, colour: Colour | str) -> frozenset[int]:
        """The points of the given colour (a Colour or its name: "black", "empty")."""
        c = Colour.of(colour)
        return frozenset(p for p, here in enumerate(self.colours) if here is c)

    @cached_property
    def is_plain_grid(self) -> bool:
        """A full rectangle of points with exactly the orthogonal adjacencies."""
        if self.size is None:
            return False
        width, height = self.size
        return (
            len(self.points) == width * height
            and self.adjacency == grid_adjacency(width, height)
            and all(p.coord == (p.id % width, p.id // width) for p in self.points)
        )

    @cached_property
    def _by_coord(self) -> dict[tuple[int, int], int]:
        return {p.coord: p.id for p in self.points if p.coord is not None}

    def at(self, x: int, y: int) -> int | None:
        """The id of the point at grid position (x, y), or None for a hole."""
        return self._by_coord.get((x, y))

    def name(self, p: int) -> str:
        """The point's name: GTP coordinates when known, else `col:row`, else `#id`."""
        coord = self.points[p].coord
        if coord is None or self.size is None:
            return f"#{p}"
        return self.frame.name(coord[0], coord[1], self.size[0])

    def names(self, points: Iterable[int]) -> list[str]:
        """Names of points in reading order (top row first, left to right)."""
        return [self.name(p) for p in sorted(points, key=self._reading_key)]

    def _reading_key(self, p: int) -> tuple[int, int, int]:
        coord = self.points[p].coord
        return (coord[1], coord[0], p) if coord is not None else (1 << 30, 0, p)

    def point(self, name: str) -> int:
        """The id of the point with this name; InputError if there is none."""
        if name.startswith("#") and 0 < len(name) - 1 <= 9 and name[1:].isascii() and name[1:].isdigit() and int(name[1:]) < len(self.points):
            return int(name[1:])
        if self.size is not None:
            xy = self.frame.locate(name, self.size[0])
            if xy is not None:
                p = self.at(*xy)
                if p is not None:
                    return p
        raise InputError(f"no point named {name!r} on this board")

    @cached_property
    def open_points(self) -> frozenset[int]:
        """Points along an open side: they touch the board's unseen continuation."""
        if not self.open_sides or self.size is None:
            return frozenset()
        width, height = self.size
        on_side: dict[Side, Callable[[int, int], bool]] = {
            Side.TOP: lambda x, y: y == 0,
            Side.BOTTOM: lambda x, y: y == height - 1,
            Side.LEFT: lambda x, y: x == 0,
            Side.RIGHT: lambda x, y: x == width - 1,
        }
        tests = [on_side[s] for s in self.open_sides]
        return frozenset(
            p.id for p in self.points if p.coord is not None and any(t(*p.coord) for t in tests)
        )

    # ------------------------------------------------------ derived structure

    def components(self, members: Sequence[bool], *, same_colour: bool = False) -> list[list[int]]:
        """Connected components of the points where `members[p]` holds.

        With `same_colour`, only neighbours of one colour connect (chains);
        otherwise any two adjacent members do (regions).
        """
        colours = self.colours
        seen = [False] * len(self.points)
        components: list[list[int]] = []
        for start in range(len(self.points)):
            if seen[start] or not members[start]:
                continue
            colour = colours[start]
            seen[start] = True
            component = [start]
            i = 0
            while i < len(component):
                for q in self.adjacency[component[i]]:
                    if members[q] and not seen[q] and (not same_colour or colours[q] is colour):
                        seen[q] = True
                        component.append(q)
                i += 1
            components.append(component)
        return components

    @cached_property
    def chains(self) -> tuple[Chain, ...]:
        """Every chain of either colour, in order of its first point's id."""
        colours = self.colours
        stones = [c is not Colour.EMPTY for c in colours]
        open_points = self.open_points
        chains: list[Chain] = []
        for component in self.components(stones, same_colour=True):
            colour = colours[component[0]]
            liberties = frozenset(
                q for p in component for q in self.adjacency[p] if colours[q] is Colour.EMPTY
            )
            chains.append(
                Chain(
                    len(chains),
                    colour,
                    frozenset(component),
                    liberties,
                    any(p in open_points for p in component),
                )
            )
        return tuple(chains)

    @cached_property
    def chain_at(self) -> tuple[int | None, ...]:
        """For each point, the index of its chain, or None for an empty point."""
        at: list[int | None] = [None] * len(self.points)
        for chain in self.chains:
            for p in chain.points:
                at[p] = chain.index
        return tuple(at)

    def chain_of(self, p: int) -> int:
        """The index of the chain of the stone on point `p` (typed: never None)."""
        chain = self.chain_at[p]
        if chain is None:
            raise ValueError(f"point {p} holds no stone")
        return chain

    def coord_of(self, p: int) -> tuple[int, int]:
        """The grid position (x, y) of point `p`; only for points of a grid."""
        coord = self.points[p].coord
        if coord is None:
            raise ValueError(f"point {p} has no grid position")
        return coord

    def chains_of(self, colour: Colour) -> tuple[Chain, ...]:
        """The chains of one colour."""
        return tuple(c for c in self.chains if c.colour is colour)

    def regions(self, colour: Colour) -> tuple[Region, ...]:
        """The c-regions for c = `colour`: maximal connected sets of non-c points."""
        return self._regions[colour]

    def region_at(self, colour: Colour) -> tuple[int | None, ...]:
        """For each point, the index of its c-region, or None for a c stone."""
        return self._region_at[colour]

    @cached_property
    def _regions(self) -> dict[Colour, tuple[Region, ...]]:
        colours = self.colours
        chain_at = self.chain_at
        open_points = self.open_points
        result: dict[Colour, tuple[Region, ...]] = {}
        for c in STONE_COLOURS:
            regions: list[Region] = []
            for component in self.components([col is not c for col in colours]):
                adjacent = frozenset(
                    chain
                    for p in component
                    for q in self.adjacency[p]
                    if colours[q] is c and (chain := chain_at[q]) is not None
                )
                regions.append(
                    Region(
                        len(regions),
                        c,
                        frozenset(component),
                        frozenset(p for p in component if colours[p] is Colour.EMPTY),
                        adjacent,
                        any(p in open_points for p in component),
                    )
                )
            result[c] = tuple(regions)
        return result

    @cached_property
    def _region_at(self) -> dict[Colour, tuple[int | None, ...]]:
        result: dict[Colour, tuple[int | None, ...]] = {}
        for c, regions in self._regions.items():
            at: list[int | None] = [None] * len(self.points)
            for region in regions:
                for p in region.points:
                    at[p] = region.index
            result[c] = tuple(at)
        return result

    def chain_regions(self, chain: Chain) -> tuple[Region, ...]:
        """The c-regions adjacent to a c-chain."""
        return tuple(r for r in self.regions(chain.colour) if chain.index in r.chains)

    # ---------------------------------------------------------------- legality

    @cached_property
    def dead_chains(self) -> tuple[Chain, ...]:
        """Chains with no liberty that cannot have one beyond an open side.

        In a game such a chain would have been captured, so a position that
        has one is illegal.  On a plain grid the usual answer, none, comes
        from bitsets (`_every_chain_breathes`) without building the chains.
        """
        size = self.size
        if size is not None and self.is_plain_grid and _every_chain_breathes(*self.masks, *size, self.open_sides):
            return ()
        return tuple(c for c in self.chains if not c.liberties and not c.open)

    def check_legal(self) -> Board:
        """Return the board if it is a legal position, else raise naming the points."""
        if self.dead_chains:
            chain = self.dead_chains[0]
            more = f" (and {len(self.dead_chains) - 1} more)" if len(self.dead_chains) > 1 else ""
            names = self.names(chain.points)
            shown = " ".join(names[:12]) + (f" … ({len(names)} stones)" if len(names) > 12 else "")
            raise IllegalPositionError(
                f"the {chain.colour.value} chain at {shown} "
                f"has no liberties{more}; such a position cannot arise in a game"
            )
        return self

    # ------------------------------------------------------------ symmetries

    def transformed(self, rotations: int = 0, reflect: bool = False) -> Board:
        """The grid turned by `rotations` quarter turns clockwise, after an
        optional left–right reflection.  Marks, holes and adjacency changes
        move with their points; open sides move too; point ids are renumbered
        in reading order of the new grid.  Only for boards built as grids.
        """
        if self.size is None or any(p.coord is None for p in self.points):
            raise ValueError("only grid boards can be rotated or reflected")
        width, height = self.size

        def move(x: int, y: int) -> tuple[int, int]:
            w, h = width, height
            if reflect:
                x = w - 1 - x
            for _ in range(rotations % 4):
                x, y = h - 1 - y, x
                w, h = h, w
            return x, y

        side_map = {Side.TOP: (0, -1), Side.BOTTOM: (0, 1), Side.LEFT: (-1, 0), Side.RIGHT: (1, 0)}

        def move_side(side: Side) -> Side:
            dx, dy = side_map[side]
            if reflect:
                dx = -dx
            for _ in range(rotations % 4):
                dx, dy = -dy, dx
            return next(s for s, d in side_map.items() if d == (dx, dy))

        new_size = (height, width) if rotations % 2 else (width, height)
        new_coord = {p.id: move(*self.coord_of(p.id)) for p in self.points}
        order = sorted(self.points, key=lambda p: (new_coord[p.id][1], new_coord[p.id][0]))
        new_id = {p.id: i for i, p in enumerate(order)}
        points = [replace(p, id=new_id[p.id], coord=new_coord[p.id]) for p in order]
        edges = [(new_id[p], new_id[q]) for p in range(len(self.points)) for q in self.adjacency[p] if p < q]
        return Board.from_graph(
            points,
            edges,
            size=new_size,
            frame=Frame.full_board(new_size[1]) if self.frame == Frame.full_board(height) else Frame(),
            open_sides=frozenset(move_side(s) for s in self.open_sides),
        )

    def colours_swapped(self) -> Board:
        """The same board with black and white exchanged."""
        swap = {Colour.BLACK: Colour.WHITE, Colour.WHITE: Colour.BLACK}
        return self.with_colours({p.id: swap[p.colour] for p in self.points if p.colour in swap})


@lru_cache(maxsize=64)
def _grid_masks(width: int, height: int) -> tuple[int, int, int, dict[Side, int]]:
    """Masks of point ids of a width x height grid: every point, all but the
    left column, all but the right column, and the points along each side."""
    full = (1 << (width * height)) - 1
    left = sum(1 << (y * width) for y in range(height))
    right = left << (width - 1)
    top = (1 << width) - 1
    sides = {Side.LEFT: left, Side.RIGHT: right, Side.TOP: top, Side.BOTTOM: top << (width * (height - 1))}
    return full, full & ~left, full & ~right, sides


def _every_chain_breathes(black: int, white: int, width: int, height: int, open_sides: frozenset[Side]) -> bool:
    """Whether every chain of a plain grid has a liberty or reaches an open
    side (masks of point ids): one flood fill per colour, from every stone next
    to an empty point or on an open side, must reach all its stones."""
    if not width or not height:
        return True
    full, not_left, not_right, along = _grid_masks(width, height)

    def dilate(m: int) -> int:
        return m | ((m << 1) & not_left) | ((m >> 1) & not_right) | ((m << width) & full) | (m >> width)

    breathing = dilate(full & ~black & ~white)
    for side in open_sides:
        breathing |= along[side]
    for stones in (black, white):
        reached = breathing & stones
        along_rows = stones & not_left  # a carry through it runs to the end of a row's run, never into the next row
        while True:
            reached |= ((along_rows + reached) ^ along_rows) & along_rows
            grown = dilate(reached) & stones
            if grown == reached:
                break
            reached = grown
        if reached != stones:
            return False
    return True
