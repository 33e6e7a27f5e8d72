"""Reader for plain boards: rows of X / O / . as programs and people print them.

`X`/`x` black, `O`/`o` white, `.` empty, `+` an empty star point (in such
printouts `+` is not an edge).  Cells may be separated by spaces.  GTP
coordinates around the board are optional: column letters (A–Z without I) on
a line above and/or below, row numbers left and/or right of each row; when
given they must count consistently and they name the points.  A plain board
has no edge characters; its coordinates say which sides are board edges, as
Sensei's `$$` edges do (`sides`): a board drawn without coordinates or from
A1 is the whole board (every side an edge), while columns from F or rows
ending above 1 show a cut-out whose sides there are open.  `board_size` (the
CLI's `--board-size`) places the coordinates on a board of that size, which
fixes the top and right edges too.  Boards in one text are separated by blank
lines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from passalive.go.board import Board, Colour, Mark, MarkKind, Side
from passalive.go.coords import GTP_LETTERS, Frame
from passalive.go.diagram import Diagram
from passalive.errors import IllegalPositionError, InputError, Location, split_lines
from passalive.go.limits import MAX_SIDE
from passalive.go.numbers import digits_end, is_ascii_digit, read_number

CELLS: dict[str, Colour] = {
    "X": Colour.BLACK,
    "x": Colour.BLACK,
    "O": Colour.WHITE,
    "o": Colour.WHITE,
    ".": Colour.EMPTY,
    "+": Colour.EMPTY,
}
_HOSHI = Mark(MarkKind.HOSHI)


def read_row_number(digits: str, location: Location) -> int:
    """A GTP row number beside a plain board: 1 up to the largest board side."""
    return read_number(digits, "row number", minimum=1, maximum=MAX_SIDE, location=location)


@dataclass(frozen=True)
class _Row:
    line: int
    cells: tuple[tuple[str, int], ...]
    left: tuple[int, int] | None
    right: tuple[int, int] | None


def read_plain(
    text: str, path: str = "<string>", *, allow_illegal: bool = False, board_size: int | None = None
) -> list[Diagram]:
    """Every plain board of a text (blocks of lines separated by blank lines);
    `board_size` is the size of the full board they are cut from (see `sides`)."""
    return list(iter_plain(split_lines(text), path, allow_illegal=allow_illegal, board_size=board_size))


def iter_plain(
    lines: list[str], path: str = "<string>", *, allow_illegal: bool = False, board_size: int | None = None
) -> Iterator[Diagram]:
    """The plain boards of a text's lines, one at a time: a file of thousands
    of boards is read in the memory of one (see docs/limits.md)."""
    start: int | None = None
    for i in range(len(lines) + 1):
        if i < len(lines) and lines[i].strip():
            if start is None:
                start = i
        elif start is not None:
            if i - start > MAX_SIDE + 2:
                raise InputError(
                    f"this board has more than {MAX_SIDE} rows, more than passalive reads (see docs/limits.md)",
                    Location(path, start + MAX_SIDE + 3, 1, lines[start + MAX_SIDE + 2]),
                )
            yield _read_board(lines, start, i, path, allow_illegal, board_size)
            start = None


def _is_coordinate_line(content: str) -> bool:
    letters = content.replace(" ", "").replace("\t", "")
    return bool(letters) and letters.isalpha() and letters.isupper() and any(ch not in "XO" for ch in letters)


def _scan_row(line: str, number: int, path: str) -> _Row:
    """Cells and row numbers of a board row; InputError at the first bad character."""

    def error(message: str, column: int) -> InputError:
        return InputError(message, Location(path, number, column, line))

    n = len(line)
    i = 0

    def skip() -> int:
        j = i
        while j < n and line[j] in " \t":
            j += 1
        return j

    def read_number(j: int) -> tuple[tuple[int, int], int]:
        k = digits_end(line, j)
        value = read_row_number(line[j:k], Location(path, number, j + 1, line))
        return (value, j + 1), k

    i = skip()
    left = None
    if i < n and is_ascii_digit(line[i]):
        left, i = read_number(i)
    cells: list[tuple[str, int]] = []
    right = None
    while i < n:
        ch = line[i]
        if ch in " \t":
            i += 1
        elif ch in CELLS:
            if right is not None:
                raise error("a row number can only stand at the start or end of a row", right[1])
            cells.append((ch, i + 1))
            if len(cells) > MAX_SIDE:
                raise error(
                    f"this row has more than {MAX_SIDE} points, more than passalive reads (see docs/limits.md)", i + 1
                )
            i += 1
        elif is_ascii_digit(ch) and right is None:
            right, i = read_number(i)
        else:
            raise error(
                f"unknown character {ch!r} in a plain board; expected X, O, x, o, . or + "
                "(and GTP coordinates around the board)",
                i + 1,
            )
    if not cells:
        raise error("expected a row of X, O and . between the row numbers", (left or (0, 1))[1])
    return _Row(number, tuple(cells), left, right)


def _read_board(
    lines: list[str], first: int, end: int, path: str, allow_illegal: bool, board_size: int | None = None
) -> Diagram:
    """The board of lines[first:end]: by `_fast_board` when it is an ordinary
    rectangle, else by the general reader below, which locates every error."""
    fast = _fast_board(lines, first, end, path, allow_illegal, board_size)
    if fast is not None:
        return fast
    return _read_board_general(lines, first, end, path, allow_illegal, board_size)


_ROW_NUMBERS = {str(n): n for n in range(1, MAX_SIDE + 1)}
"""Row numbers as the fast reader takes them (no leading zeros: those go to the general reader)."""
_NOT_CELLS = str.maketrans("", "", "".join(CELLS))
"""Deletes the cell characters: what is left of a row is no cell."""
_NOT_ROWS = str.maketrans("", "", "".join(CELLS) + " \t\n")
"""Deletes what rows of cells without coordinates are made of."""
_NO_SPACES = str.maketrans("", "", " \t")
_BLACK_BITS = str.maketrans({ch: "1" if colour is Colour.BLACK else "0" for ch, colour in CELLS.items()})
_WHITE_BITS = str.maketrans({ch: "1" if colour is Colour.WHITE else "0" for ch, colour in CELLS.items()})


def _fast_board(
    lines: list[str], first: int, end: int, path: str, allow_illegal: bool, board_size: int | None
) -> Diagram | None:
    """The board of lines[first:end] when it is an ordinary plain board, read
    with string methods (a few translations of the whole block when it has no
    coordinates, else a split per line), or None.

    Ordinary: ASCII; rows of cells with spaces or tabs between them, each with
    row numbers (1 to MAX_SIDE, no leading zero) on the left and/or the right
    or none; every row as wide, the numbers counting down to 1 or above; lines
    of single GTP column letters above and/or below, as many as the row is
    wide; the placement fitting `board_size`; a legal position (unless
    `allow_illegal`).  The result is the Diagram the general reader makes
    (the tests compare them), with a board whose point objects are made only
    when asked for (`Board.from_masks`).  Anything else returns None and
    the general reader reads the lines again, raising its located errors.
    """
    block = "\n".join(lines[first:end])
    if not block.translate(_NOT_ROWS):  # only cells, spaces and tabs: no coordinates (the common case)
        rows = block.translate(_NO_SPACES).split("\n")
        return _fast_diagram(lines, first, path, allow_illegal, board_size, rows, None, None)
    rows = []
    lefts: list[int | None] = []
    rights: list[int | None] = []
    column0: int | None = None  # from the last line of column letters, as the general reader takes it
    lettered: list[int] = []  # how many letters each such line has
    letters_after_rows = False
    numbers = _ROW_NUMBERS
    for index in range(first, end):
        line = lines[index]
        if not line.isascii() or "\x1f" in line:  # there str.split would split where the general reader does not
            return None
        tokens = line.split()
        left = numbers.get(tokens[0])
        if left is not None:
            del tokens[0]
        right = numbers.get(tokens[-1]) if tokens else None
        if right is not None:
            del tokens[-1]
        cells = "".join(tokens)
        if cells and not cells.translate(_NOT_CELLS) and len(cells) <= MAX_SIDE:
            if letters_after_rows:
                return None
            rows.append(cells)
            lefts.append(left)
            rights.append(right)
            continue
        # else a line of column letters: one letter a token, in GTP order, above or below the rows
        if left is not None or right is not None or not cells or len(cells) != len(tokens):
            return None
        start = GTP_LETTERS.find(cells[0])
        if start < 0 or GTP_LETTERS[start : start + len(cells)] != cells:
            return None
        letters_after_rows = letters_after_rows or bool(rows)
        column0 = start
        lettered.append(len(cells))
    if not rows or any(n != len(rows[0]) for n in lettered):
        return None
    row0: int | None = None
    height = len(rows)
    for labels in (lefts, rights):
        if labels[0] is None:
            if any(label is not None for label in labels):
                return None
            continue
        top = labels[0]
        if labels != list(range(top, top - height, -1)) or top - height + 1 < 1:
            return None
        row0 = top
    return _fast_diagram(lines, first, path, allow_illegal, board_size, rows, column0, row0)


def _fast_diagram(
    lines: list[str],
    first: int,
    path: str,
    allow_illegal: bool,
    board_size: int | None,
    rows: list[str],
    column0: int | None,
    row0: int | None,
) -> Diagram | None:
    """The diagram of `_fast_board`'s rows of cells, placed by the first column's
    letter and the top row's number (None: not given), or None (see there)."""
    width = len(rows[0])
    height = len(rows)
    if not 0 < width <= MAX_SIDE or height > MAX_SIDE or any(len(row) != width for row in rows):
        return None
    open_sides = sides(width, height, column0, row0, board_size)
    column0 = column0 or 0
    row0 = row0 or height
    if board_size is not None and (column0 + width > board_size or row0 > board_size):
        return None
    cells = "".join(rows)
    marks = {p: _HOSHI for p, ch in enumerate(cells) if ch == "+"} if "+" in cells else None
    backwards = cells[::-1]  # the last point is the highest bit
    board = Board.from_masks(
        int(backwards.translate(_BLACK_BITS), 2), int(backwards.translate(_WHITE_BITS), 2), width, height,
        marks=marks, frame=Frame(column0=column0, row0=row0), open_sides=open_sides,
    )
    if not allow_illegal and board.dead_chains:
        return None
    return Diagram(board=board, board_size=board_size, location=Location(path, first + 1, 1, lines[first]))


def _read_board_general(
    lines: list[str], first: int, end: int, path: str, allow_illegal: bool, board_size: int | None = None
) -> Diagram:
    rows: list[_Row] = []
    letters: list[tuple[int, list[tuple[str, int]]]] = []
    for index in range(first, end):
        line = lines[index]
        number = index + 1
        if _is_coordinate_line(line):
            letters.append((number, [(ch, i + 1) for i, ch in enumerate(line) if ch not in " \t"]))
        else:
            rows.append(_scan_row(line, number, path))

    def error(message: str, line: int, column: int) -> InputError:
        return InputError(message, Location(path, line, column, lines[line - 1]))

    if not rows:
        raise error("expected a board of X, O and . rows", first + 1, 1)
    width = len(rows[0].cells)
    for row in rows[1:]:
        if len(row.cells) != width:
            column = row.cells[width][1] if len(row.cells) > width else row.cells[-1][1] + 1
            raise error(
                f"ragged rows: this row has {len(row.cells)} points, the first row has {width}", row.line, column
            )
    height = len(rows)

    column0 = 0
    lettered: tuple[int, int] | None = None  # (line, column) of the first column letter
    for number, chars in letters:
        if number > rows[0].line and number < rows[-1].line:
            raise error("column letters belong above or below the board", number, chars[0][1])
        if len(chars) != width:
            raise error(
                f"{len(chars)} column letters for a board {width} points wide", number, chars[-1][1]
            )
        if chars[0][0] not in GTP_LETTERS:
            raise error(f"{chars[0][0]!r} is no GTP column letter (I is skipped)", number, chars[0][1])
        start = GTP_LETTERS.index(chars[0][0])
        for k, (ch, column) in enumerate(chars):
            if start + k >= len(GTP_LETTERS) or GTP_LETTERS[start + k] != ch:
                expected = GTP_LETTERS[start + k] if start + k < len(GTP_LETTERS) else "nothing"
                raise error(f"column letters must follow A B C ... without I: expected {expected}", number, column)
        column0 = start
        lettered = (number, chars[0][1])

    row0 = height
    numbered: tuple[int, int] | None = None  # (line, column) of the top row's number
    for row in rows:
        if row.left is not None and row.right is not None and row.left[0] != row.right[0]:
            raise error(
                f"this row is numbered {row.left[0]} on the left but {row.right[0]} on the right", row.line, row.right[1]
            )
    for side in ("left", "right"):
        labels = [(row, getattr(row, side)) for row in rows]
        given = [(row, label) for row, label in labels if label is not None]
        if not given:
            continue
        top = given[0][1][0] + (rows.index(given[0][0]))
        for y, (row, label) in enumerate(labels):
            if label is None:
                if len(given) != len(labels):
                    column = row.cells[0][1] if side == "left" else row.cells[-1][1] + 1
                    raise error(f"this row has no {side} row number but others have", row.line, column)
                continue
            if label[0] != top - y:
                raise error(
                    f"row numbers must count down by one: expected {top - y}, got {label[0]}", row.line, label[1]
                )
        if top - (height - 1) < 1:
            raise error("row numbers must end at 1 or above", rows[-1].line, (rows[-1].left or rows[-1].right or (0, 1))[1])
        row0 = top
        first_label = rows[0].left if side == "left" else rows[0].right
        numbered = (rows[0].line, first_label[1] if first_label else 1)

    open_sides = sides(width, height, column0 if lettered else None, row0 if numbered else None, board_size)
    if board_size is not None:
        where = (rows[0].line, rows[0].cells[0][1])
        _check_fits(board_size, width, height, column0, row0, lettered or where, numbered or where, error)

    grid = [[CELLS[ch] for ch, _ in row.cells] for row in rows]
    marks = {
        (x, y): _HOSHI for y, row in enumerate(rows) for x, (ch, _) in enumerate(row.cells) if ch == "+"
    }
    board = Board.grid(grid, marks=marks, frame=Frame(column0=column0, row0=row0), open_sides=open_sides)
    if not allow_illegal and board.dead_chains:
        try:
            board.check_legal()
        except IllegalPositionError as problem:
            chain = board.dead_chains[0]
            x, y = board.coord_of(min(chain.points))
            raise IllegalPositionError(
                problem.message, Location(path, rows[y].line, rows[y].cells[x][1], lines[rows[y].line - 1])
            ) from None
    return Diagram(board=board, board_size=board_size, location=Location(path, first + 1, 1, lines[first]))


def sides(
    width: int, height: int, column0: int | None, row0: int | None, board_size: int | None
) -> frozenset[Side]:
    """The open sides of a plain board, from its coordinates (as Sensei's `$$`
    edges fix them): a side is a board edge only when the coordinates (or the
    `board_size`) prove it, so a cut-out never passes for a whole board.

    * Without coordinates, or when they start at column A and row 1, the board
      is the whole board: every side is an edge (with `board_size`, only the
      sides that reach it).
    * Column letters from A put the left edge there; row numbers down to 1
      the bottom edge; the top and right sides are edges only when the rows
      or columns reach `board_size` (unknown without it: open).
    * A side without coordinates along it (no letters, or no numbers) is an
      edge, as the rows drawn are taken to span the board that way.
    """
    left = column0 is None or column0 == 0
    bottom = row0 is None or row0 - height + 1 == 1
    if board_size is None:
        whole = left and bottom  # drawn from A1: the whole board
        right = column0 is None or whole
        top = row0 is None or whole
    else:
        right = column0 is None or column0 + width == board_size
        top = row0 is None or row0 == board_size
    return frozenset(
        side
        for side, edge in ((Side.LEFT, left), (Side.RIGHT, right), (Side.TOP, top), (Side.BOTTOM, bottom))
        if not edge
    )


def _check_fits(
    size: int,
    width: int,
    height: int,
    column0: int,
    row0: int,
    columns: tuple[int, int],
    rows: tuple[int, int],
    error: Callable[[str, int, int], InputError],
) -> None:
    """The board, placed by its coordinates, must lie on a board of `size`: a
    contradiction is a located error (at the letters or the top row's number,
    or at the first point when there are none)."""
    if column0 + width > size:
        raise error(f"the columns run past the right edge of a {size}x{size} board (--board-size)", *columns)
    if row0 > size:
        raise error(f"row {row0} lies beyond the top edge of a {size}x{size} board (--board-size)", *rows)

