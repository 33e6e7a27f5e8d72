"""Writing boards and diagrams: Sensei's markup, plain boards, JSON.

`render_sensei` writes markup that reads back to the same board
(`parse_diagrams(render_sensei(b))[0].board == b`): holes, marks, labels,
cut-outs (a side without an edge is open), the header size that fixes the
point names, and LINK/UNLINK lines for every adjacency that differs from the
plain grid.  `render_plain` writes X/O/. rows with GTP coordinates around them
for people; `diagram_json` gives a JSON-able dict (its keys are listed in the
docstring of `diagram_json`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from typing import Any

from passalive.go.board import Board, Colour, Mark, MarkKind, Point, Side
from passalive.go.diagram import Diagram, frame_for

_STONE_SYMBOLS: dict[tuple[Colour, MarkKind | None], str] = {
    (Colour.EMPTY, None): ".",
    (Colour.EMPTY, MarkKind.HOSHI): ",",
    (Colour.BLACK, None): "X",
    (Colour.WHITE, None): "O",
    (Colour.BLACK, MarkKind.CIRCLE): "B",
    (Colour.WHITE, MarkKind.CIRCLE): "W",
    (Colour.BLACK, MarkKind.SQUARE): "#",
    (Colour.WHITE, MarkKind.SQUARE): "@",
    (Colour.BLACK, MarkKind.TRIANGLE): "Y",
    (Colour.WHITE, MarkKind.TRIANGLE): "Q",
    (Colour.BLACK, MarkKind.CROSS): "Z",
    (Colour.WHITE, MarkKind.CROSS): "P",
    (Colour.EMPTY, MarkKind.CIRCLE): "C",
    (Colour.EMPTY, MarkKind.SQUARE): "S",
    (Colour.EMPTY, MarkKind.TRIANGLE): "T",
    (Colour.EMPTY, MarkKind.CROSS): "M",
}


def _require_grid(board: Board) -> tuple[int, int]:
    if board.size is None or any(p.coord is None for p in board.points):
        raise ValueError("only grid boards can be drawn as a diagram; this board is a bare graph")
    return board.size


def _move_numbering(board: Board, first_colour: Colour | None, first_move: int | None) -> tuple[Colour, int] | None:
    """(first colour, first move number) under which every MOVE mark is drawable, or None."""
    moves = [
        (int(p.mark.text), p.colour)
        for p in board.points
        if p.mark is not None and p.mark.kind is MarkKind.MOVE and p.mark.text.isdigit()
    ]
    if not moves:
        return None
    if first_move is None or first_colour is None:
        n0, c0 = min(moves, key=lambda m: m[0])
        if c0 is Colour.EMPTY:
            return None
        first_move, first_colour = n0, c0
    for n, colour in moves:
        d = n - first_move
        if not 0 <= d < 10 or colour is not (first_colour if d % 2 == 0 else first_colour.opponent):
            return None
    return first_colour, first_move


def _symbol(board: Board, p: int, numbering: tuple[Colour, int] | None) -> str:
    point = board.points[p]
    mark: Mark | None = point.mark
    if mark is None:
        return _STONE_SYMBOLS[(point.colour, None)]
    if mark.kind is MarkKind.MOVE:
        if numbering is not None and point.colour is not Colour.EMPTY and mark.text.isdigit():
            return str((int(mark.text) - numbering[1] + 1) % 10)
        return _STONE_SYMBOLS[(point.colour, None)]
    if mark.kind is MarkKind.LABEL:
        text = mark.text
        if point.colour is Colour.EMPTY and len(text) == 1 and "a" <= text <= "z":
            return text
        return _STONE_SYMBOLS[(point.colour, None)]
    return _STONE_SYMBOLS.get((point.colour, mark.kind), _STONE_SYMBOLS[(point.colour, None)])


def _header_size(board: Board, preferred: int | None) -> int | None:
    """A header size (None: none written) under which the markup's rules give `board.frame`."""
    assert board.size is not None, "a grid board"
    width, height = board.size
    sides = board.open_sides
    candidates: list[int | None] = [preferred] if preferred is not None else []
    candidates.append(None)
    frame = board.frame
    if frame.row0 is not None:
        candidates.append(frame.row0)
    if frame.column0 is not None:
        candidates.append(frame.column0 + width)
    for size in candidates:
        if size is not None:
            if not 1 <= size <= 52 or width > size or height > size:
                continue
            if Side.LEFT not in sides and Side.RIGHT not in sides and width != size:
                continue
            if Side.TOP not in sides and Side.BOTTOM not in sides and height != size:
                continue
        if frame_for(width, height, sides, size) == frame:
            return size
    return preferred


def _adjacency_changes(board: Board) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """(links, unlinks): pairs of point ids whose adjacency differs from the grid's."""
    links: list[tuple[int, int]] = []
    unlinks: list[tuple[int, int]] = []
    for point in board.points:
        x, y = board.coord_of(point.id)
        neighbours = set(board.adjacency[point.id])
        for q_xy in ((x + 1, y), (x, y + 1)):
            q = board.at(*q_xy)
            if q is not None and q not in neighbours:
                unlinks.append((point.id, q))
        for q in board.adjacency[point.id]:
            if q > point.id:
                qx, qy = board.coord_of(q)
                if abs(qx - x) + abs(qy - y) != 1:
                    links.append((point.id, q))
    return links, unlinks


def render_sensei(item: Board | Diagram, *, title: str | None = None) -> str:
    """Sensei's Library markup for a board or a diagram (ends with a newline).

    For a Diagram, the header options, links, arrows and extension lines are
    written back too.  Raises ValueError for a board that is not a grid.
    """
    diagram = item if isinstance(item, Diagram) else None
    board = item.board if isinstance(item, Diagram) else item
    width, height = _require_grid(board)
    sides = board.open_sides
    left, right = Side.LEFT not in sides, Side.RIGHT not in sides

    if diagram is not None:
        numbering = _move_numbering(board, diagram.first_colour, diagram.first_move)
        if numbering is None:
            numbering = _move_numbering(board, None, None)
    else:
        numbering = _move_numbering(board, None, None)
    size = _header_size(board, diagram.board_size if diagram else None)
    options = ""
    first_colour = diagram.first_colour if diagram else Colour.BLACK
    first_move = diagram.first_move if diagram else 1
    if numbering is not None:
        first_colour, first_move = numbering
    if first_colour is Colour.WHITE:
        options += "W"
    if diagram is not None and diagram.coordinates:
        options += "c"
    if size is not None:
        options += str(size)
    if first_move != 1 and numbering is not None:
        options += f"m{first_move}"
    text_title = title if title is not None else (diagram.title if diagram else "")
    lines = ["$$" + options + (" " + text_title if text_title else "")]

    span = 2 * width - 1 + (2 if left else 0) + (2 if right else 0)  # the length of a row
    edge = ("+" if left else "-") + "-" * (span - 2) + ("+" if right else "-") if span >= 2 else "-"
    if Side.TOP not in sides:
        lines.append("$$ " + edge)
    for y in range(height):
        cells = []
        for x in range(width):
            p = board.at(x, y)
            cells.append("_" if p is None else _symbol(board, p, numbering))
        lines.append("$$ " + ("| " if left else "") + " ".join(cells) + (" |" if right else ""))
    if Side.BOTTOM not in sides:
        lines.append("$$ " + edge)

    same_frame = frame_for(width, height, sides, size) == board.frame

    def name(p: int) -> str:
        if same_frame:
            return board.name(p)
        x, y = board.coord_of(p)
        return f"{x + 1}:{y + 1}"

    links, unlinks = _adjacency_changes(board)
    if unlinks:
        lines.append("$$ {UNLINK " + " ".join(f"{name(p)} {name(q)}" for p, q in unlinks) + "}")
    if links:
        lines.append("$$ {LINK " + " ".join(f"{name(p)} {name(q)}" for p, q in links) + "}")
    if diagram is not None:
        for drawing in diagram.drawings:
            lines.append(f"$$ {{{drawing.kind} {drawing.start} {drawing.end}}}")
        for annotation in diagram.annotations:
            if annotation.word not in ("LINK", "UNLINK"):
                lines.append(annotation.render())
        for link in diagram.links:
            lines.append(f"$$ [{link.label}|{link.target}]")
    return "\n".join(lines) + "\n"


def render_plain(
    item: Board | Diagram,
    *,
    coordinates: bool = True,
    marks: Mapping[int, str] | None = None,
    cell: Callable[[str], str] | None = None,
) -> str:
    """A plain board: X (black), O (white), . (empty), + (star point), a blank for a hole.

    With GTP coordinates around it (column letters above and below, row
    numbers left and right) when the diagram's edges fix them; a cut-out
    whose names are unknown is printed without.  `marks` shows some points
    by other characters (a verdict map: eyes, territory, seki); `cell`, when
    given, turns each cell's character into what is printed (Unicode, colour:
    see `terminal_board`).  A board
    that is a bare graph, with no grid, is listed point by point instead.
    Ends with a newline.
    """
    board = item.board if isinstance(item, Diagram) else item
    marks = marks or {}
    symbols = {Colour.BLACK: "X", Colour.WHITE: "O", Colour.EMPTY: "."}
    if board.size is None or any(p.coord is None for p in board.points):
        return "".join(f"{board.name(p.id)} {marks.get(p.id, symbols[p.colour])}\n" for p in board.points)
    width, height = board.size
    rows = []
    for y in range(height):
        cells = []
        for x in range(width):
            p = board.at(x, y)
            if p is None:
                cells.append(" ")
            elif p in marks:
                cells.append(marks[p])
            else:
                point = board.points[p]
                hoshi = point.mark is not None and point.mark.kind is MarkKind.HOSHI
                cells.append("+" if hoshi and point.colour is Colour.EMPTY else symbols[point.colour])
        rows.append(" ".join(cell(c) for c in cells) if cell is not None else " ".join(cells))
    frame = board.frame
    if not (coordinates and frame.knows_gtp(width)):
        return "\n".join(rows) + "\n"
    from passalive.go.coords import GTP_LETTERS

    assert frame.column0 is not None and frame.row0 is not None
    numbers = [str(frame.row0 - y) for y in range(height)]
    pad = max(len(n) for n in numbers)
    letters = " " * (pad + 1) + " ".join(GTP_LETTERS[frame.column0 + x] for x in range(width))
    body = [f"{n:>{pad}} {row} {n}" for n, row in zip(numbers, rows)]
    return "\n".join([letters, *body, letters]) + "\n"


def _reading_order(point: Point) -> tuple[int, int, int]:
    coord = point.coord
    return (coord[1], coord[0], point.id) if coord is not None else (1 << 30, 0, point.id)


def board_json(board: Board) -> dict[str, Any]:
    """A board as a JSON-able dict (see `diagram_json` for the keys)."""
    stones = {c.value: board.names(board.stones(c)) for c in (Colour.BLACK, Colour.WHITE)}
    result: dict[str, Any] = {
        "size": list(board.size) if board.size is not None else None,
        "open_sides": sorted(s.value for s in board.open_sides),
        "stones": stones,
        "names": "gtp" if board.size is not None and board.frame.knows_gtp(board.size[0]) else "col:row",
    }
    if board.size is not None:
        width, height = board.size
        result["holes"] = [
            board.frame.name(x, y, width) for y in range(height) for x in range(width) if board.at(x, y) is None
        ]
    result["marks"] = [
        {"point": board.name(p.id), "kind": p.mark.kind.value, "text": p.mark.text}
        for p in sorted(board.points, key=_reading_order)
        if p.mark is not None
    ]
    if board.size is not None and all(p.coord is not None for p in board.points):
        links, unlinks = _adjacency_changes(board)
        result["links"] = [[board.name(p), board.name(q)] for p, q in links]
        result["unlinks"] = [[board.name(p), board.name(q)] for p, q in unlinks]
    else:
        result["edges"] = [[board.name(p), board.name(q)] for p in range(len(board.points)) for q in board.adjacency[p] if p < q]
    return result


def diagram_json(diagram: Diagram) -> dict[str, Any]:
    """A diagram as a JSON-able dict.

    Keys: `title`, `size` [width, height], `open_sides` (top/bottom/left/
    right), `stones` {"black": [...], "white": [...]} with the diagram's point
    names (GTP when its edges fix them, else `col:row`), and besides:
    `names` ("gtp" or "col:row"), `holes` (positions with no point), `marks`
    [{point, kind, text}], `links`/`unlinks` (adjacencies added to / removed
    from the grid), `board_size` (header option or null), `first_colour`,
    `first_move`, `coordinates`, `replayed`, `moves` [{number, colour, point,
    at}], `wiki_links` [{label, target}], `drawings` [{kind, start, end}],
    `annotations` [{word, items, line, column}] (every `{WORD ...}` line),
    `expect` [{variants, suicide, black, white}], `capture` [{by, suicide,
    moves}] and `source` {path, line}.
    """
    board = diagram.board
    result: dict[str, Any] = {"title": diagram.title}
    result.update(board_json(board))
    result.update(
        {
            "board_size": diagram.board_size,
            "first_colour": diagram.first_colour.value,
            "first_move": diagram.first_move,
            "coordinates": diagram.coordinates,
            "replayed": diagram.replayed,
            "moves": [
                {"number": m.number, "colour": m.colour.value, "point": board.name(m.point), "at": m.at}
                for m in diagram.moves
            ],
            "wiki_links": [{"label": link.label, "target": link.target} for link in diagram.links],
            "drawings": [{"kind": d.kind, "start": d.start, "end": d.end} for d in diagram.drawings],
            "annotations": [
                {"word": a.word, "items": list(a.items), "line": a.location.line, "column": a.location.column}
                for a in diagram.annotations
            ],
            "expect": [
                {
                    "variants": list(e.variants),
                    "suicide": e.suicide.value,
                    "black": None if e.black is None else board.names(e.black),
                    "white": None if e.white is None else board.names(e.white),
                }
                for e in diagram.expectations
            ],
            "capture": [
                {
                    "by": c.by.value,
                    "suicide": c.suicide.value,
                    "moves": ["pass" if p is None else board.name(p) for p in c.moves],
                }
                for c in diagram.captures
            ],
            "source": None
            if diagram.location is None
            else {"path": diagram.location.path, "line": diagram.location.line},
        }
    )
    return result


def diagrams_json(diagrams: list[Diagram]) -> dict[str, Any]:
    """`{"diagrams": [diagram_json(d), ...]}`."""
    return {"diagrams": [diagram_json(d) for d in diagrams]}


__all__ = [
    "ANALYSIS_GLYPHS", "EYE_GLYPHS", "Glyph", "SCORE_GLYPHS", "STATUS_GLYPHS", "board_json", "diagram_json", "diagrams_json",
    "fancy_output", "legend", "render_plain", "render_sensei", "terminal_board",
]


# ------------------------------------------------------------ terminal boards


@dataclass(frozen=True)
class Glyph:
    """How one kind of point is printed: plain ASCII, or Unicode with an ANSI colour.

    `ansi` holds SGR parameters (e.g. "1;32"), "" for none; `meaning` is the
    legend's word for it.
    """

    ascii: str
    unicode: str
    ansi: str
    meaning: str


_STONES = {
    "X": Glyph("X", "●", "1", "black stone"),
    "O": Glyph("O", "○", "1;37", "white stone"),
    ".": Glyph(".", "·", "2", ""),
    "+": Glyph("+", "+", "2", ""),
    " ": Glyph(" ", " ", "", ""),
}

ANALYSIS_GLYPHS: Mapping[str, Glyph] = {
    **_STONES,
    "#": Glyph("#", "◉", "1;32", "pass-alive black"),
    "@": Glyph("@", "◎", "1;32", "pass-alive white"),
    "b": Glyph("b", "▪", "1;34", "black territory"),
    "w": Glyph("w", "▫", "1;33", "white territory"),
    "x": Glyph("x", "x", "2;34", "dead black (in white territory)"),
    "o": Glyph("o", "o", "2;33", "dead white (in black territory)"),
}
"""The analyse command's board: stones, pass-alive stones, territory and dead stones in it."""

STATUS_GLYPHS: Mapping[str, Glyph] = {
    **_STONES,
    "#": Glyph("#", "◉", "1;32", "alive black"),
    "@": Glyph("@", "◎", "1;32", "alive white"),
    "b": Glyph("b", "▪", "1;34", "black territory"),
    "w": Glyph("w", "▫", "1;33", "white territory"),
    "x": Glyph("x", "x", "2;34", "dead black"),
    "o": Glyph("o", "o", "2;33", "dead white"),
}
"""A board of GNU Go's unconditional status (`analyse --territory unconditional`)."""

EYE_GLYPHS: Mapping[str, Glyph] = {
    **_STONES,
    "r": Glyph("r", "◯", "1;32", "real eye"),
    "f": Glyph("f", "✗", "1;31", "false eye"),
    "?": Glyph("?", "?", "1;35", "variants disagree"),
}
"""The eyes command's board."""

SCORE_GLYPHS: Mapping[str, Glyph] = {
    **_STONES,
    "b": Glyph("b", "▪", "1;34", "black territory"),
    "w": Glyph("w", "▫", "1;33", "white territory"),
    "s": Glyph("s", "s", "1;35", "seki"),
    "f": Glyph("f", "f", "1;31", "obvious false eye"),
    "?": Glyph("?", "?", "2", "dead, nobody's territory"),
}
"""The score command's map (its letters are `passalive.tools.score.MAP_SYMBOLS`)."""


def fancy_output(no_color: bool = False, stream: object = None) -> bool:
    """Whether to print Unicode and colour: on a terminal, unless `--no-color` or NO_COLOR is set."""
    if no_color or os.environ.get("NO_COLOR"):
        return False
    stream = stream if stream is not None else sys.stdout
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def _shown(glyph: Glyph, fancy: bool) -> str:
    if not fancy:
        return glyph.ascii
    return f"\x1b[{glyph.ansi}m{glyph.unicode}\x1b[0m" if glyph.ansi else glyph.unicode


def legend(glyphs: Mapping[str, Glyph], used: Iterable[str], fancy: bool = False) -> str:
    """One line naming the symbols that appear (in the order of `glyphs`)."""
    present = set(used)
    parts = [f"{_shown(g, fancy)} {g.meaning}" for key, g in glyphs.items() if key in present and g.meaning]
    return "  ".join(parts)


def terminal_board(
    board: Board, marks: Mapping[int, str], glyphs: Mapping[str, Glyph], *, fancy: bool = False,
    coordinates: bool = True,
) -> str:
    """A plain board with GTP coordinates whose points are printed by `glyphs`, and a legend line.

    `marks` gives a point a key of `glyphs` other than its stone's; ASCII
    when `fancy` is false (piped output, `--no-color`), else Unicode with
    colour.  Ends with a newline.
    """
    used = set(marks.values()) | {
        ("X" if c is Colour.BLACK else "O") for p, c in enumerate(board.colours) if c is not Colour.EMPTY and p not in marks
    }

    def cell(char: str) -> str:
        glyph = glyphs.get(char)
        return _shown(glyph, fancy) if glyph is not None else char

    text = render_plain(board, coordinates=coordinates, marks=marks, cell=cell)
    line = legend(glyphs, used, fancy)
    if board.open_sides:
        line += ("  " if line else "") + "cut-out, open " + ", ".join(sorted(s.value for s in board.open_sides))
    return text + (line + "\n" if line else "")
