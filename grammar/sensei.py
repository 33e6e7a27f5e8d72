"""Reader for Sensei's Library `$$` diagram markup.

A text is cut into blocks, the maximal runs of lines starting with `$$`; each
block is parsed by the LALR grammar `diagram.lark` (package data) into its
header and lines, and then read into a `Diagram`: header options, rows with
edges and cut-outs, point symbols with their marks, numbered moves replayed
with captures (collisions `N at M` from the title), link, arrow and extension
lines.  Every problem is an InputError pointing at the exact line and column.

Over 600 lines: reading one `$$` block (edges, cut-outs, points, marks, numbered moves and their
replay) checks each row against the ones before it and points every error at its column; the parts
share the block's rows.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import cache
from importlib.resources import files
from typing import Any, cast

from lark import Lark, Token, Transformer
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from passalive.grammar.lines import is_diagram_line
from passalive.go.board import Board, Colour, Mark, MarkKind, Side
from passalive.go.coords import Frame
from passalive.go.diagram import Diagram, frame_for
from passalive.go.markup import (
    Annotation,
    Drawing,
    GridNames,
    Move,
    WikiLink,
    adjacency_changes,
    capture_claim,
    expectation,
)
from passalive.errors import IllegalPositionError, InputError, Location, split_lines
from passalive.go.limits import MAX_BLOCK_LINES, MAX_MOVE_NUMBER, MAX_SIDE
from passalive.go.numbers import digits_end, is_ascii_digit, is_number, read_number
from passalive.go.play import play
from passalive.go.suicide import Suicide

EMPTY, BLACK, WHITE = Colour.EMPTY, Colour.BLACK, Colour.WHITE

EXTENSION_WORDS = ("AR", "LN", "LINK", "UNLINK", "EXPECT", "CAPTURE", "EYES", "PATH", "SCORE")
"""The words of the `{WORD ...}` lines passalive reads (EYES and PATH are read
by `passalive.tools.eyes`, SCORE by `passalive.tools.score`).  Other words are kept for
other tools, unless they look like a misspelling of one of these."""


def _misspelt(word: str) -> str | None:
    """The extension word `word` looks like a misspelling of (`expect`,
    `EXPECTED`), or None: a misspelt EXPECT or LINK line must not be kept
    silently, or a check or a wormhole would quietly go missing."""
    if word in EXTENSION_WORDS:
        return None
    close = difflib.get_close_matches(word.upper(), EXTENSION_WORDS, n=1, cutoff=0.8)
    return close[0] if close else None


SYMBOLS: dict[str, tuple[Colour, Mark | None]] = {
    ".": (EMPTY, None),
    ",": (EMPTY, Mark(MarkKind.HOSHI)),
    "X": (BLACK, None),
    "O": (WHITE, None),
    "B": (BLACK, Mark(MarkKind.CIRCLE)),
    "W": (WHITE, Mark(MarkKind.CIRCLE)),
    "#": (BLACK, Mark(MarkKind.SQUARE)),
    "@": (WHITE, Mark(MarkKind.SQUARE)),
    "Y": (BLACK, Mark(MarkKind.TRIANGLE)),
    "Q": (WHITE, Mark(MarkKind.TRIANGLE)),
    "Z": (BLACK, Mark(MarkKind.CROSS)),
    "P": (WHITE, Mark(MarkKind.CROSS)),
    "C": (EMPTY, Mark(MarkKind.CIRCLE)),
    "S": (EMPTY, Mark(MarkKind.SQUARE)),
    "T": (EMPTY, Mark(MarkKind.TRIANGLE)),
    "M": (EMPTY, Mark(MarkKind.CROSS)),
    **{chr(c): (EMPTY, Mark(MarkKind.LABEL, chr(c))) for c in range(ord("a"), ord("z") + 1)},
}
"""Point symbols other than digits and `_`: the colour and mark they stand for."""

DIGITS = "1234567890"
_PLAIN = {".": EMPTY, "X": BLACK, "O": WHITE}
"""The unmarked symbols, the bulk of every diagram: read first."""
EXPECTED_SYMBOLS = ". , X O B W # @ Y Q Z P C S T M a-z 0-9 _ and the edges | - +"

_COLLISION = re.compile(
    r"([0-9]+(?:\s*(?:,|and|&)\s*[0-9]+)*)\s+at\s+([0-9]+:[0-9]+|[0-9]+|[a-z]|[A-HJ-Z][0-9]{1,2})\b"
)
"""A collision in a title: `5 at 1`, `3, 5 at 1`, `4 at a` (a label), `7 at C3` or `7 at 3:2`."""


_Line = tuple[str, Token] | None
"""One line of a block after the header: its kind ("row", "link", "brace") and its token; None for `$$` alone."""


class _Lines(Transformer[Token, "list[Token | _Line]"]):
    """Turns the parse of a block into (kind, token) pairs, header first."""

    def start(self, children: list[Token | _Line]) -> list[Token | _Line]:
        return children

    def line(self, children: list[tuple[str, Token]]) -> _Line:
        return children[0] if children else None

    def row(self, children: list[Token]) -> tuple[str, Token]:
        return ("row", children[0])

    def link(self, children: list[Token]) -> tuple[str, Token]:
        return ("link", children[0])

    def brace(self, children: list[Token]) -> tuple[str, Token]:
        return ("brace", children[0])


@cache
def parser() -> Lark:
    """The LALR parser of one `$$` block, built once per process."""
    grammar = files("passalive.grammar").joinpath("diagram.lark").read_text(encoding="utf-8")
    return Lark(grammar, parser="lalr", lexer="basic", transformer=_Lines(), maybe_placeholders=False)


def blocks(lines: list[str]) -> list[tuple[int, int]]:
    """The (first, end) line indices (0-based, end exclusive) of each `$$` block."""
    result: list[tuple[int, int]] = []
    start: int | None = None
    for i, line in enumerate(lines):
        if is_diagram_line(line):
            if start is None:
                start = i
        elif start is not None:
            result.append((start, i))
            start = None
    if start is not None:
        result.append((start, len(lines)))
    return result


def read_sensei(
    text: str, path: str = "<string>", *, replay: bool = True, allow_illegal: bool = False
) -> list[Diagram]:
    """Every `$$` diagram of a text, in order."""
    return list(iter_sensei(split_lines(text), path, replay=replay, allow_illegal=allow_illegal))


def iter_sensei(
    lines: list[str], path: str = "<string>", *, replay: bool = True, allow_illegal: bool = False
) -> Iterator[Diagram]:
    """The `$$` diagrams of a text's lines, one at a time: a file of thousands
    of diagrams is read in the memory of one (see docs/limits.md)."""
    for first, end in blocks(lines):
        if end - first > MAX_BLOCK_LINES:
            raise InputError(
                f"this $$ diagram has more than {MAX_BLOCK_LINES:,} lines, more than passalive reads "
                "(see docs/limits.md)",
                Location(path, first + MAX_BLOCK_LINES + 1, 1, lines[first + MAX_BLOCK_LINES]),
            )
        yield read_block(lines, first, end, path, replay=replay, allow_illegal=allow_illegal)


# ------------------------------------------------------------------ one block


@dataclass(frozen=True)
class _Row:
    """A `$$` row: its file line, and its non-blank characters with columns."""

    line: int
    source: str
    chars: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class _Block:
    """Locations inside one block: `lines` of the whole text, `first` the
    0-based index of the block's first line (file lines are 1-based)."""

    lines: list[str]
    first: int
    path: str

    def line_of(self, token: Token) -> int:
        return self.first + (token.line or 1)

    def at(self, line: int, column: int) -> Location:
        return Location(self.path, line, column, self.lines[line - 1])

    def error(self, message: str, line: int, column: int) -> InputError:
        return InputError(message, self.at(line, column))


def read_block(
    lines: list[str],
    first: int,
    end: int,
    path: str,
    *,
    replay: bool = True,
    allow_illegal: bool = False,
) -> Diagram:
    """Read the `$$` block of `lines[first:end]` into a Diagram: its header,
    its lines, the board they draw, the numbered moves, the claims."""
    block = _Block(lines, first, path)
    parsed = _parse(block, "\n".join(lines[first:end]))
    header: Token = parsed[0]
    header_line = block.line_of(header)
    header_loc = block.at(header_line, header.column or 1)

    options = _header(block, header, header_line)
    rows, links, drawings, annotations = _collect_lines(block, parsed[1:])
    drawn = _board_rows(block, rows, header_loc)
    if options.board_size is not None:
        _check_size(
            block, header_line, options.size_column, options.board_size, drawn.width, drawn.height, drawn.open_sides
        )
    base = _base_board(drawn, options.board_size, annotations)
    moves = _moves(
        block, base, drawn.digits, options.first_colour, options.first_move, options.title, header_line,
        options.title_column,
    )
    board = _replay(base, moves) if replay else _as_drawn(base, moves)
    if not allow_illegal and _may_have_dead_chain(board) and board.dead_chains:
        _refuse_dead_chain(block, board, drawn.positions, hint=not replay and bool(moves))
    expectations = tuple(expectation(a, board) for a in annotations if a.word == "EXPECT")
    captures = tuple(capture_claim(a, board) for a in annotations if a.word == "CAPTURE")
    warnings = []
    if len(options.title) >= 3 and not options.title.strip("-+") and Side.TOP in drawn.open_sides:
        warnings.append((
            f"the first line of a diagram is its header, so {options.title!r} is its title, not the top edge, "
            "and the top side is open; begin the diagram with a line `$$` of its own to draw the edge",
            block.at(header_line, options.title_column),
        ))

    return Diagram(
        board=board,
        title=options.title,
        first_colour=options.first_colour,
        coordinates=options.coordinates,
        board_size=options.board_size,
        first_move=options.first_move,
        moves=tuple(moves),
        replayed=replay,
        links=tuple(links),
        drawings=tuple(drawings),
        annotations=tuple(annotations),
        expectations=expectations,
        captures=captures,
        location=header_loc,
        warnings=tuple(warnings),
    )


def _collect_lines(
    block: _Block, items: list[_Line]
) -> tuple[list[_Row], list[WikiLink], list[Drawing], list[Annotation]]:
    """The block's lines after the header, by kind: board rows, `[label|target]`
    links, `{AR}`/`{LN}` drawings and the other `{WORD ...}` annotations."""
    rows: list[_Row] = []
    links: list[WikiLink] = []
    drawings: list[Drawing] = []
    annotations: list[Annotation] = []
    for item in items:
        if item is None:
            continue
        kind, token = item
        line = block.line_of(token)
        column = token.column or 1
        if kind == "row":
            chars = tuple([(ch, column + i) for i, ch in enumerate(token.value) if ch != " " and ch != "\t"])
            rows.append(_Row(line, block.lines[line - 1], chars))
        elif kind == "link":
            label, bar, target = token.value[1:-1].partition("|")
            if not bar:
                raise block.error("a link line must read [label|target]", line, column)
            links.append(WikiLink(label.strip(), target.strip()))
        else:
            annotation = _annotation(block, token.value, line, column)
            if annotation.word in ("AR", "LN"):
                if len(annotation.items) != 2:
                    raise annotation.error(f"{annotation.word}: expected two points, got {len(annotation.items)}")
                drawings.append(Drawing(annotation.word, *annotation.items))
            else:
                annotations.append(annotation)
    return rows, links, drawings, annotations


def _annotation(block: _Block, value: str, line: int, column: int) -> Annotation:
    """A `{WORD item ...}` line with the column of each word; a misspelt
    extension word (`{EXPECTED ...}`) is an error, not a line kept silently."""
    words = [(m.group(), column + 1 + m.start()) for m in re.finditer(r"\S+", value[1:-1])]
    if not words:
        raise block.error("an empty {} line; expected {WORD ...}", line, column)
    word, word_column = words[0]
    annotation = Annotation(
        word,
        tuple(w for w, _ in words[1:]),
        block.at(line, word_column),
        tuple(c for _, c in words[1:]),
    )
    near = _misspelt(word)
    if near is not None:
        raise annotation.error(
            f"unknown extension word {word!r}; did you mean {near}? "
            f"(passalive reads {', '.join(EXTENSION_WORDS)})"
        )
    return annotation


def _base_board(drawn: _Drawn, board_size: int | None, annotations: list[Annotation]) -> Board:
    """The board as drawn (before the numbered moves), with its frame for
    naming points and the LINK / UNLINK changes to its adjacency."""
    grid = drawn.grid
    frame = frame_for(drawn.width, drawn.height, drawn.open_sides, board_size)
    names = GridNames(frame, drawn.width, drawn.height, lambda x, y: grid[y][x] is not None)
    link, unlink = adjacency_changes(tuple(annotations), names)
    if link or unlink:
        return Board.grid(
            grid, marks=drawn.marks, frame=frame, open_sides=drawn.open_sides, link=link, unlink=unlink
        )
    return grid_board(grid, drawn.marks, frame, drawn.open_sides)


def _as_drawn(base: Board, moves: list[Move]) -> Board:
    """The position as drawn: each numbered stone placed, no captures."""
    points = list(base.points)
    for move in moves:
        if move.at is None:
            points[move.point] = replace(
                points[move.point], colour=move.colour, mark=Mark(MarkKind.MOVE, str(move.number))
            )
    return replace(base, points=tuple(points))


def _refuse_dead_chain(
    block: _Block, board: Board, positions: list[tuple[int, tuple[tuple[str, int], ...]]], hint: bool
) -> None:
    """An IllegalPositionError at the first stone (in reading order) of a
    chain without liberties."""
    first = min(
        (p for chain in board.dead_chains for p in chain.points),
        key=lambda p: (board.coord_of(p)[1], board.coord_of(p)[0]),  # reading order: row, then column
    )
    x, y = board.coord_of(first)
    line, column = positions[y][0], positions[y][1][x][1]
    try:
        board.check_legal()
    except IllegalPositionError as error:
        note = " (as drawn; replay the numbered moves to apply their captures)" if hint else ""
        raise IllegalPositionError(error.message + note, block.at(line, column)) from None


def grid_board(
    grid: list[list[Colour | None]],
    marks: dict[tuple[int, int], Mark],
    frame: Frame,
    open_sides: frozenset[Side],
) -> Board:
    """The board of a diagram's grid (None: a hole); its adjacency is the one
    `passalive.go.board.grid_adjacency` builds once per shape."""
    return Board.grid(grid, marks=marks, frame=frame, open_sides=open_sides)


def _may_have_dead_chain(board: Board) -> bool:
    """False when every chain surely has a liberty: a quick test before the
    full chain analysis, since most stones of a real position touch an empty
    point and the chains of the rest can be followed to one."""
    colours = board.colours
    adjacency = board.adjacency
    settled: set[int] = set()
    for p, colour in enumerate(colours):
        if colour is EMPTY or p in settled:
            continue
        if any(colours[q] is EMPTY for q in adjacency[p]):
            continue
        chain = [p]
        seen = {p}
        free = False
        i = 0
        while i < len(chain) and not free:
            for q in adjacency[chain[i]]:
                c = colours[q]
                if c is EMPTY:
                    free = True
                    break
                if c is colour and q not in seen:
                    seen.add(q)
                    chain.append(q)
            i += 1
        if not free:
            return True
        settled |= seen
    return False


def _parse(block: _Block, text: str) -> list[Any]:
    """Parse a block's text; lexer and parser errors become InputErrors."""
    try:
        # The _Lines transformer turns the tree into its list of lines.
        return cast("list[Any]", parser().parse(text))
    except UnexpectedCharacters as error:
        line = block.first + error.line
        char = error.char
        raise block.error(
            f"unknown character {char!r} in a diagram line; expected a point or edge symbol "
            f"({EXPECTED_SYMBOLS}), a [label|target] link or a {{...}} line",
            line,
            error.column,
        ) from None
    except UnexpectedToken as error:
        token = error.token
        line = block.first + (token.line or 1)
        raise block.error(
            f"unexpected {token.value!r}: a $$ line holds one board row, one [label|target] link "
            "or one {...} line",
            line,
            token.column or 1,
        ) from None
    except (UnexpectedEOF, UnexpectedInput) as error:  # pragma: no cover - the grammar accepts any end
        raise block.error(f"cannot read this diagram: {error}", block.first + 1, 1) from None


@dataclass(frozen=True)
class _Header:
    """What the `$$` header line says: its options, its title, and the columns
    (on the header line) of the size option and of the title, for messages."""

    first_colour: Colour
    coordinates: bool
    board_size: int | None
    first_move: int
    size_column: int
    title: str
    title_column: int


def _header(block: _Block, header: Token, line: int) -> _Header:
    """The header options and title: colour, coordinates, size, first move, columns."""
    value = header.value
    column0 = header.column or 1
    m = re.match(r"\$\$(\S*)(?:\s+(.*))?$", value)
    assert m is not None
    options = m.group(1)
    title = (m.group(2) or "").rstrip()
    title_column = column0 + (m.start(2) if m.group(2) is not None else len(value))
    first_colour, coordinates, board_size, first_move, size_column = BLACK, False, None, 1, 0
    i = 0
    while i < len(options):
        ch = options[i]
        column = column0 + 2 + i
        if ch in "BW":
            first_colour = BLACK if ch == "B" else WHITE
            i += 1
        elif ch == "c":
            coordinates = True
            i += 1
        elif is_ascii_digit(ch):
            j = digits_end(options, i)
            board_size = read_number(
                options[i:j], "board size", minimum=1, maximum=MAX_SIDE, location=block.at(line, column)
            )
            size_column = column
            i = j
        elif ch == "m":
            j = digits_end(options, i + 1)
            if j == i + 1:
                raise block.error("the option m needs the number of the first move, e.g. m51", line, column + 1)
            first_move = read_number(
                options[i + 1 : j], "first move number", maximum=MAX_MOVE_NUMBER, location=block.at(line, column + 1)
            )
            i = j
        else:
            raise block.error(
                f"unknown header option {ch!r}; expected B or W (first colour), c (coordinates), "
                "a board size or m<N> (first move number), then a space and the title",
                line,
                column,
            )
    return _Header(first_colour, coordinates, board_size, first_move, size_column, title, title_column)


def _is_edge_row(row: _Row) -> bool:
    return all(ch in "-+" for ch, _ in row.chars)


@dataclass(frozen=True)
class _Drawn:
    """What the rows of a block draw: the grid (None: a hole), marks, digits
    (symbol, line, column), open sides, and for each grid row its line and
    its points' (symbol, column)."""

    grid: list[list[Colour | None]]
    marks: dict[tuple[int, int], Mark]
    digits: dict[tuple[int, int], tuple[str, int, int]]
    open_sides: frozenset[Side]
    positions: list[tuple[int, tuple[tuple[str, int], ...]]]

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)


def _board_rows(block: _Block, rows: list[_Row], header_loc: Location) -> _Drawn:
    """The board the rows draw: edges first (which sides are closed, and do
    they agree), then the points of each row."""
    top, bottom, board_rows = _horizontal_edges(block, rows, header_loc)
    left, right = _vertical_edges(block, board_rows)
    _check_corners(block, rows, top, bottom, left, right)
    grid, marks, digits, positions = _read_points(block, board_rows, left, right)
    open_sides = frozenset(
        side
        for side, closed in ((Side.TOP, top), (Side.BOTTOM, bottom), (Side.LEFT, left), (Side.RIGHT, right))
        if not closed
    )
    return _Drawn(grid, marks, digits, open_sides, positions)


def _horizontal_edges(block: _Block, rows: list[_Row], header_loc: Location) -> tuple[bool, bool, list[_Row]]:
    """Whether the first and last rows are edges (- and +), and the rows between."""
    top = bool(rows) and _is_edge_row(rows[0])
    bottom = len(rows) > 1 and _is_edge_row(rows[-1])
    board_rows = rows[(1 if top else 0) : (len(rows) - 1 if bottom else len(rows))]
    if not board_rows:
        where = rows[0] if rows else None
        line, column = (where.line, where.chars[0][1]) if where else (header_loc.line, header_loc.column)
        raise block.error(
            "this $$ diagram has no board: expected rows of points such as $$ | . X O . |", line, column
        )
    for row in board_rows:
        if _is_edge_row(row):
            raise block.error(
                "a horizontal edge (- and +) can only be the first or last row of a diagram",
                row.line,
                row.chars[0][1],
            )
    return top, bottom, board_rows


def _row_edges(row: _Row) -> tuple[bool, bool]:
    """Whether a row starts and ends with an edge (| or +)."""
    chars = row.chars
    return chars[0][0] in "|+", len(chars) > 1 and chars[-1][0] in "|+"


def _vertical_edges(block: _Block, board_rows: list[_Row]) -> tuple[bool, bool]:
    """Whether the rows have a left and a right edge; every row must agree with the first."""
    left, right = _row_edges(board_rows[0])
    for row in board_rows[1:]:
        l, r = _row_edges(row)
        if l != left:
            raise block.error(
                "contradictory edges: "
                + ("the first row has a left edge | but this one has none" if left else "this row has a left edge | but the first row has none"),
                row.line,
                row.chars[0][1],
            )
        if r != right:
            raise block.error(
                "contradictory edges: "
                + ("the first row has a right edge | but this one has none" if right else "this row has a right edge | but the first row has none"),
                row.line,
                row.chars[-1][1],
            )
    return left, right


def _check_corners(block: _Block, rows: list[_Row], top: bool, bottom: bool, left: bool, right: bool) -> None:
    """A corner + of a horizontal edge claims the vertical edge beside it; a
    plain - where a corner could be is tolerated (wiki authors often leave the
    corner out)."""
    for row, is_top in ((rows[0], True), (rows[-1], False)):
        if (is_top and not top) or (not is_top and not bottom):
            continue
        side = "top" if is_top else "bottom"
        first_ch, first_col = row.chars[0]
        last_ch, last_col = row.chars[-1]
        if first_ch == "+" and not left:
            raise block.error(
                f"contradictory edges: the {side} edge starts with a corner + but the rows have no left edge |",
                row.line,
                first_col,
            )
        if len(row.chars) > 1 and last_ch == "+" and not right:
            raise block.error(
                f"contradictory edges: the {side} edge ends with a corner + but the rows have no right edge |",
                row.line,
                last_col,
            )


def _read_points(
    block: _Block, board_rows: list[_Row], left: bool, right: bool
) -> tuple[
    list[list[Colour | None]],
    dict[tuple[int, int], Mark],
    dict[tuple[int, int], tuple[str, int, int]],
    list[tuple[int, tuple[tuple[str, int], ...]]],
]:
    """The points between the edges, row by row: colours, marks, digits and
    columns; rows must be equally wide and within MAX_SIDE."""
    grid: list[list[Colour | None]] = []
    marks: dict[tuple[int, int], Mark] = {}
    digits: dict[tuple[int, int], tuple[str, int, int]] = {}
    positions: list[tuple[int, tuple[tuple[str, int], ...]]] = []
    width = -1
    for y, row in enumerate(board_rows):
        chars = row.chars[(1 if left else 0) : (len(row.chars) - 1 if right else len(row.chars))]
        if y == MAX_SIDE:
            raise block.error(
                f"this diagram has more than {MAX_SIDE} rows, more than passalive reads (see docs/limits.md)",
                row.line,
                row.chars[0][1],
            )
        if width < 0:
            width = _first_width(block, row, chars)
        elif len(chars) != width:
            _ragged(block, row, chars, width, right)
        positions.append((row.line, chars))
        plain = _PLAIN.get  # the bulk of every diagram: read without a call
        grid.append(
            [
                plain(ch) or _point(block, row, ch, column, x, y, marks, digits)
                for x, (ch, column) in enumerate(chars)
            ]
        )
    return grid, marks, digits, positions


def _first_width(block: _Block, row: _Row, chars: tuple[tuple[str, int], ...]) -> int:
    """The width the first row sets: at least one point, at most MAX_SIDE."""
    if not chars:
        raise block.error("this $$ diagram has no board: its first row holds no points", row.line, row.chars[0][1])
    if len(chars) > MAX_SIDE:
        raise block.error(
            f"this row has {len(chars)} points, more than passalive reads ({MAX_SIDE}; see docs/limits.md)",
            row.line,
            chars[MAX_SIDE][1],
        )
    return len(chars)


def _ragged(block: _Block, row: _Row, chars: tuple[tuple[str, int], ...], width: int, right: bool) -> None:
    """The error for a row of another width than the first: at its first extra
    point, or where its missing points would be."""
    if len(chars) > width:
        column = chars[width][1]
    else:
        column = (chars[-1][1] + 1) if chars else row.chars[0][1] + 1
        if right:
            column = row.chars[-1][1]
    raise block.error(f"ragged rows: this row has {len(chars)} points, the first row has {width}", row.line, column)


def _point(
    block: _Block,
    row: _Row,
    ch: str,
    column: int,
    x: int,
    y: int,
    marks: dict[tuple[int, int], Mark],
    digits: dict[tuple[int, int], tuple[str, int, int]],
) -> Colour | None:
    """The colour of a point symbol other than . X O (None: a hole `_`),
    recording its mark or digit."""
    symbol = SYMBOLS.get(ch)
    if symbol is not None:
        colour, mark = symbol
        if mark is not None:
            marks[(x, y)] = mark
        return colour
    if ch == "_":
        return None
    if ch in DIGITS:
        digits[(x, y)] = (ch, row.line, column)
        return EMPTY
    if ch in "|+":
        raise block.error(f"an edge {ch} can only start or end a row", row.line, column)
    raise block.error("a - belongs in a horizontal edge row (- and +)", row.line, column)


def _check_size(
    block: _Block,
    line: int,
    column: int,
    size: int,
    width: int,
    height: int,
    open_sides: frozenset[Side],
) -> None:
    """The header's board size must agree with the edges the rows draw."""
    for span, name, sides in ((width, "columns", (Side.LEFT, Side.RIGHT)), (height, "rows", (Side.TOP, Side.BOTTOM))):
        both = not any(s in open_sides for s in sides)
        if (both and span != size) or span > size:
            between = f"the {sides[0].value} and {sides[1].value} edges enclose" if both else "the diagram has"
            raise block.error(
                f"contradictory edges: the header says board size {size} but {between} {span} {name}",
                line,
                column,
            )


def _moves(
    block: _Block,
    base: Board,
    digits: dict[tuple[int, int], tuple[str, int, int]],
    first_colour: Colour,
    first_move: int,
    title: str,
    header_line: int,
    title_column: int,
) -> list[Move]:
    """The numbered moves in order: drawn digits plus collisions `N at M` from the title."""
    by_number: dict[int, Move] = {}
    for (x, y), (ch, line, column) in digits.items():
        n = 10 if ch == "0" else int(ch)
        number = first_move + n - 1
        if number in by_number:
            raise block.error(f"move {number} is drawn twice", line, column)
        colour = first_colour if n % 2 == 1 else first_colour.opponent
        point = base.at(x, y)
        assert point is not None
        by_number[number] = Move(number, colour, point, block.at(line, column))
    if by_number:
        labels = {p.mark.text: p.id for p in base.points if p.mark is not None and p.mark.kind is MarkKind.LABEL}
        for m in _COLLISION.finditer(title):
            target = m.group(2)
            target_column = title_column + m.start(2)
            if is_number(target):
                at_number = read_number(
                    target, "move number", maximum=MAX_MOVE_NUMBER, location=block.at(header_line, target_column)
                )
                if at_number not in by_number:
                    raise block.error(
                        f"the title says '{m.group()}' but no move {target} is drawn", header_line, target_column
                    )
                point = by_number[at_number].point
                at: int | None = at_number
            elif len(target) == 1:
                if target not in labels:
                    raise block.error(
                        f"the title says '{m.group()}' but no point is labelled {target}", header_line, target_column
                    )
                point = labels[target]
                at = None
            else:
                try:
                    point = base.point(target)
                except InputError:
                    raise block.error(
                        f"the title says '{m.group()}' but {target} is no point of this diagram",
                        header_line,
                        target_column,
                    ) from None
                at = None
            for given in re.finditer(r"[0-9]+", m.group(1)):
                column = title_column + m.start(1) + given.start()
                number = read_number(
                    given.group(), "move number", maximum=MAX_MOVE_NUMBER, location=block.at(header_line, column)
                )
                if number in by_number:
                    raise block.error(
                        f"move {number} is both drawn and given in the title", header_line, column
                    )
                if number < first_move:
                    raise block.error(
                        f"move {number} comes before the first move {first_move}", header_line, column
                    )
                colour = first_colour if (number - first_move) % 2 == 0 else first_colour.opponent
                by_number[number] = Move(number, colour, point, block.at(header_line, column), at)
    return [by_number[n] for n in sorted(by_number)]


def _replay(base: Board, moves: list[Move]) -> Board:
    """The position after playing `moves` on `base`, with captures."""
    if not moves:
        return base
    colours = list(base.colours)
    for move in moves:
        if colours[move.point] is not EMPTY:
            raise InputError(
                f"move {move.number} is played on {base.name(move.point)}, which is occupied at that time",
                move.location,
            )
        if play(colours, base.adjacency, move.point, move.colour, EMPTY, Suicide.ILLEGAL) is None:
            raise InputError(
                f"move {move.number} at {base.name(move.point)} is suicide: its chain has no liberties",
                move.location,
            )
    changed = {p: c for p, c in enumerate(colours) if c is not base.colours[p]}
    return base.with_colours(changed)
