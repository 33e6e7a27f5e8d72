"""Game records: a game's line of nodes and the position after each of them.

An SGF file holds one or more game trees; `passalive.grammar.sgf.read_games`
turns each into a `Game`: the facts of its root (board size, komi, handicap,
rule set, players, result) and one line of its tree as `Step`s -- the setup
stones and the move of each node, already checked and turned into point ids.
`Game.positions()` then yields the `Position` after every node by playing each
step on the position before it (never by reading the file again), counting
prisoners and consecutive passes, and noting a move the game's rules forbid
(a suicide, a stone on an occupied point, a ko taken back at once) as a
warning on its node.

Point ids are those of the game's empty board (`Game.empty_board`): row by
row from the top-left point, so SGF point `ab` (column a, row b) is id
`1 * size + 0`; names are GTP names (`A19` on 19x19).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

from passalive.errors import LINE_BREAK, InputError, Location, line_starts
from passalive.go.bitboard import cells_mask, padded_bits, padded_index
from passalive.go.board import Board, Colour, Point
from passalive.go.coords import Frame
from passalive.go.diagram import Diagram
from passalive.go.play import play, simple_ko
from passalive.go.suicide import Suicide

__all__ = ["Game", "GameInfo", "Position", "Source", "Step", "empty_board"]


# ----------------------------------------------------------------- the text


@dataclass(frozen=True, eq=False)
class Source:
    """A game file's text, to turn offsets into `Location`s on demand.

    `text` holds the file's bytes one character each (decoded as Latin-1), so
    that an offset is a byte offset whatever the file's encoding; a location
    shows its line as UTF-8 (bad bytes replaced) and counts its column in
    those characters.  Lines end at `\\n`, `\\r\\n` or `\\r` only
    (`passalive.errors.LINE_BREAK`).  The line holding an offset is cut out
    once and shared by every location on it, so a file written on one line
    (as many servers do) costs one copy of that line, not one per move.
    """

    path: str
    text: str = field(repr=False)
    _starts: list[int] = field(default_factory=list, repr=False)
    _lines: dict[int, tuple[str, bool]] = field(default_factory=dict, repr=False)
    """Each line cut out so far, as shown, and whether it is ASCII."""

    def location(self, offset: int) -> Location:
        """File, 1-based line and column, and the line itself, of a text offset."""
        if not self._starts:
            self._starts.extend(line_starts(self.text))
        line = bisect.bisect_right(self._starts, offset) - 1
        start = self._starts[line]
        if line not in self._lines:
            end = LINE_BREAK.search(self.text, start)
            raw = self.text[start : end.start() if end else len(self.text)]
            self._lines[line] = (raw, True) if raw.isascii() else (_shown(raw), False)
        shown, ascii_line = self._lines[line]
        # an ASCII line (shown as it is): the column at once, even on a file of one long line
        column = offset - start + 1 if ascii_line else len(_shown(self.text[start:offset])) + 1
        return Location(self.path, line + 1, column, shown)


def _shown(raw: str) -> str:
    """Text of `Source.text` (bytes as Latin-1) as it is shown: UTF-8, bad bytes replaced."""
    return raw if raw.isascii() else raw.encode("latin-1").decode("utf-8", errors="replace")


# ------------------------------------------------------------- the record


@dataclass(frozen=True)
class GameInfo:
    """What a game's root says about the game (None: the file does not say)."""

    size: int
    komi: float | None = None
    handicap: int | None = None
    rules: str | None = None
    """The `RU` text as written."""
    suicide: Suicide = Suicide.ILLEGAL
    """The suicide rule the record is replayed under (see `suicide_source`)."""
    suicide_source: str = "default"
    """Why: `RU[...]` (the rule set says), `default` (no or an unknown rule set: suicide illegal) or `given`."""
    black: str | None = None
    white: str | None = None
    result: str | None = None
    name: str | None = None


@dataclass(frozen=True)
class Step:
    """One node of a line: its setup stones, then its move.

    `colour` is the mover (None: no move in this node); `point` the point
    played, None for a pass.  `offset`/`move_offset` are where the node and
    its move start in the file's text.
    """

    node: int
    colour: Colour | None = None
    point: int | None = None
    black: tuple[int, ...] = ()
    white: tuple[int, ...] = ()
    empty: tuple[int, ...] = ()
    territory_black: tuple[int, ...] = ()
    """The node's `TB` points: black territory; a white stone there is marked dead."""
    territory_white: tuple[int, ...] = ()
    """The node's `TW` points: white territory; a black stone there is marked dead."""
    offset: int = 0
    move_offset: int = 0

    @property
    def is_move(self) -> bool:
        """Whether the node plays a move (a pass included)."""
        return self.colour is not None

    @classmethod
    def move(cls, node: int, colour: Colour, point: int | None, offset: int, move_offset: int) -> Step:
        """The step of a node that plays a move and sets up nothing: the same as `Step(node=..., colour=...,
        point=..., offset=..., move_offset=...)`, made in one go (the frozen dataclass's `__init__` sets its
        eleven fields one at a time, 3 µs, and a game record is mostly such nodes)."""
        step = object.__new__(cls)
        fields = step.__dict__
        fields.update(_NO_SETUP)
        fields["node"] = node
        fields["colour"] = colour
        fields["point"] = point
        fields["offset"] = offset
        fields["move_offset"] = move_offset
        return step


_NO_SETUP: dict[str, object] = {
    "node": 0, "colour": None, "point": None, "black": (), "white": (), "empty": (), "territory_black": (),
    "territory_white": (), "offset": 0, "move_offset": 0,
}
"""Every field of a `Step` in order, as a plain move leaves the setup's (`Step.move` sets the others)."""


@functools.lru_cache(maxsize=32)
def empty_board(size: int) -> Board:
    """The empty size x size board whose point ids a game's steps use."""
    return Board.grid([[Colour.EMPTY] * size for _ in range(size)], frame=Frame.full_board(size))


@functools.lru_cache(maxsize=32)
def _point_objects(size: int) -> dict[Colour, tuple[Point, ...]]:
    """Every point of the size x size board in every colour, made once and shared by all positions."""
    base = empty_board(size).points
    return {c: tuple(replace(p, colour=c) for p in base) for c in Colour}


@dataclass(frozen=True)
class Game:
    """One game tree of a file, along one line (`variation` 1 is the main line).

    `number` counts the game trees of the file from 1; `warnings` are what the
    reader accepted but noted (e.g. a property given twice with one meaning),
    each with its location.
    """

    path: str
    number: int
    info: GameInfo
    steps: tuple[Step, ...]
    variation: int = 1
    variations: int = 1
    warnings: tuple[tuple[str, Location], ...] = ()
    source: Source | None = field(default=None, repr=False, compare=False)

    @property
    def size(self) -> int:
        """The board's side length."""
        return self.info.size

    @property
    def empty_board(self) -> Board:
        """The empty board of the game (point ids as in the steps)."""
        return empty_board(self.info.size)

    @property
    def moves(self) -> int:
        """How many moves the line has (passes included)."""
        return sum(1 for s in self.steps if s.is_move)

    def location(self, offset: int) -> Location | None:
        """The location of a text offset of this game's file (None without the text)."""
        return self.source.location(offset) if self.source is not None else None

    def positions(self, suicide: Suicide | str | None = None) -> Iterator[Position]:
        """The position after every node of the line, root first.

        Each is made by playing the node's setup and move on the one before.
        `suicide` overrides the game's own rule (`info.suicide`).
        """
        rule = self.info.suicide if suicide is None else Suicide.parse(suicide)
        size = self.info.size
        colours = [Colour.EMPTY] * (size * size)
        padded = padded_bits(size, size)
        index = padded_index(size, size)
        # each colour's stones in the padded layout: as bitsets, and as one byte
        # per bit (0 empty, 1 black, 2 white) from which a setup's bitsets are read
        black_bits = white_bits = 0
        cells = bytearray((size + 1) * size)
        adjacency = empty_board(size).adjacency
        prisoners = [0, 0]  # taken by black, by white
        number = 0
        passes = 0
        ko: tuple[int, Colour] | None = None  # the point the last move's single capture left, and who may not retake it
        black, white, empty = Colour.BLACK, Colour.WHITE, Colour.EMPTY
        for step in self.steps:
            notes: list[str] = []
            if step.black or step.white or step.empty:
                passes = 0
                ko = None
                for setup, colour, code in ((step.black, black, 1), (step.white, white, 2), (step.empty, empty, 0)):
                    for p in setup:
                        colours[p] = colour
                        cells[index[p]] = code
                # a setup list changes many points at once: the bitsets are read from the cells
                black_bits, white_bits = cells_mask(cells, 1), cells_mask(cells, 2)
            if step.colour is not None:
                number += 1
                if step.point is None:
                    passes += 1
                    ko = None
                else:
                    passes = 0
                    retaken = ko == (step.point, step.colour)
                    note, played = _play_recorded(colours, adjacency, step.point, step.colour, rule, prisoners)
                    if retaken:
                        note = "retakes a ko at once, illegal under the ko rule (played as the record has it)"
                    if note:
                        name = empty_board(size).name(step.point)
                        notes.append(f"move {number} ({step.colour.value} {name}) {note}")
                    # played: the point, then what it removed (nothing when not played)
                    taken = simple_ko(colours, adjacency, step.point, step.colour, empty, played[1:])
                    ko = (taken, step.colour.opponent) if taken is not None else None
                    for p in played:
                        now, bit = colours[p], padded[p]
                        if now is black:
                            black_bits, white_bits = black_bits | bit, white_bits & ~bit
                            cells[index[p]] = 1
                        elif now is white:
                            black_bits, white_bits = black_bits & ~bit, white_bits | bit
                            cells[index[p]] = 2
                        else:
                            black_bits, white_bits = black_bits & ~bit, white_bits & ~bit
                            cells[index[p]] = 0
            yield Position(
                game=self,
                node=step.node,
                move=number,
                colours=tuple(colours),
                bits=(black_bits, white_bits),
                prisoners=(prisoners[0], prisoners[1]),
                passes=passes,
                suicide=rule,
                warnings=tuple(notes),
            )

    def position(self, *, node: int | None = None, move: int | None = None, suicide: Suicide | str | None = None) -> Position:
        """The position after `node` (0 = root) or after move number `move`; default: the last node."""
        chosen: Position | None = None
        for position in self.positions(suicide):
            if node is not None and position.node == node:
                return position
            if move is not None and position.move == move and position.step.is_move:
                return position
            chosen = position
        where = self.location(self.steps[0].offset) if self.steps else None  # the game's root, naming the file
        if node is not None:
            raise InputError(
                f"game {self.number} (line {self.variation}) has only nodes 0 to {len(self.steps) - 1}, not node {node}",
                where,
            )
        if move is not None:
            raise InputError(
                f"game {self.number} (line {self.variation}) has only moves 1 to {self.moves}, not move {move}",
                where,
            )
        assert chosen is not None
        return chosen


def _play_recorded(
    colours: list[Colour],
    adjacency: Sequence[Sequence[int]],
    point: int,
    colour: Colour,
    rule: Suicide,
    prisoners: list[int],
) -> tuple[str, list[int]]:
    """Play one move of a record in place: what was wrong with it ("" if nothing)
    and the points whose colour changed.

    The record is what happened, so a move the rules forbid is still shown as
    the record has it where that has a meaning: a suicide removes the mover's
    chain; a stone on an occupied point is not played.
    """
    if colours[point] is not Colour.EMPTY:
        return "is on an occupied point: not played", []
    captured, suicided = _capture(colours, adjacency, point, colour)
    mover = 0 if colour is Colour.BLACK else 1
    prisoners[mover] += len(captured)
    changed = [point, *captured, *suicided]
    if not suicided:
        return "", changed
    prisoners[1 - mover] += len(suicided)
    if rule is Suicide.ILLEGAL:
        return f"is a suicide, illegal under this game's rules (its {len(suicided)} stone(s) removed)", changed
    if rule is Suicide.MULTI and len(suicided) == 1:
        return "is a single-stone suicide, illegal under this game's rules (the stone removed)", changed
    return "", changed


def _capture(
    colours: list[Colour], adjacency: Sequence[Sequence[int]], point: int, colour: Colour
) -> tuple[list[int], list[int]]:
    """Put `colour` on the empty `point`; remove what it captures, then the
    mover's chain if it has no liberty.  Returns (captured, suicided) points.

    The one place a game's replay meets the capture rule: passalive's one
    capture rule (`passalive.go.play`) with every suicide played out, since a
    record is what happened (the caller words what its rules forbid).
    """
    played = play(colours, adjacency, point, colour, Colour.EMPTY, Suicide.ALL)
    assert played is not None  # the point is empty and every suicide is played out
    return list(played.captured), list(played.suicided)


# ------------------------------------------------------------ a position


@dataclass(frozen=True)
class Position:
    """The position after one node of a game's line.

    `colours` by point id of the game's empty board; `prisoners` is (stones
    captured by black, by white) so far; `passes` the consecutive passes that
    end the line so far; `warnings` what was wrong with this node's move.
    """

    game: Game = field(repr=False)
    node: int
    move: int
    colours: tuple[Colour, ...] = field(repr=False)
    points: tuple[Point, ...] = field(repr=False, compare=False, default=())
    """The board's points in their colours (shared `Point` objects, made once per board size)."""
    bits: tuple[int, int] = field(repr=False, compare=False, default=(0, 0))
    """The black and the white stones as bitsets of the padded layout (`passalive.go.bitboard.padded_bits`)."""
    prisoners: tuple[int, int] = (0, 0)
    passes: int = 0
    suicide: Suicide = Suicide.ILLEGAL
    warnings: tuple[str, ...] = ()

    @property
    def step(self) -> Step:
        """The node this position follows."""
        return self.game.steps[self.node]

    @cached_property
    def board(self) -> Board:
        """The position as a `Board` (GTP names, whole board)."""
        size = self.game.info.size
        points = self.points
        if not points:
            objects = _point_objects(size)
            points = tuple(objects[c][p] for p, c in enumerate(self.colours))
        board = replace(empty_board(size), points=points)
        board.__dict__["colours"] = self.colours  # Board.colours is a cached property: known already
        return board

    def marked_dead(self) -> tuple[int, ...]:
        """The stones this node's territory marks (`TB`/`TW`) mark dead: a stone inside the other colour's territory."""
        step, colours = self.step, self.colours
        return tuple(p for p in step.territory_black if colours[p] is Colour.WHITE) + tuple(
            p for p in step.territory_white if colours[p] is Colour.BLACK
        )

    def territory_marks(self) -> dict[Colour, tuple[int, ...]]:
        """This node's territory marks (`TB`, `TW`) on empty points, by colour."""
        step, colours = self.step, self.colours
        return {
            Colour.BLACK: tuple(p for p in step.territory_black if colours[p] is Colour.EMPTY),
            Colour.WHITE: tuple(p for p in step.territory_white if colours[p] is Colour.EMPTY),
        }

    def captured_by(self, colour: Colour | str) -> int:
        """Stones `colour` has captured so far."""
        c = Colour.stone(colour)
        return self.prisoners[0] if c is Colour.BLACK else self.prisoners[1]

    @property
    def location(self) -> Location | None:
        """Where this node starts in the file."""
        return self.game.location(self.step.offset)

    @property
    def title(self) -> str:
        """`<name> game G node N (move M)`, naming the game only in a multi-game file or when named."""
        name = self.game.info.name
        head = f"{name} " if name else ""
        return f"{head}game {self.game.number} node {self.node} (move {self.move})"

    def diagram(self) -> Diagram:
        """The position as a `Diagram` (what the diagram commands take)."""
        return Diagram(board=self.board, title=self.title, board_size=self.game.info.size, location=self.location)
