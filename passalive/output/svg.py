"""SVG pictures of boards and of what passalive finds on them.

One small module draws every picture passalive makes: a clean board (no wood
texture) with its grid, star points, GTP coordinates, stones and every mark of
Sensei's markup (circle, square, triangle, cross, letters, move numbers), and
over it the results of an analysis, given as plain point sets in `Layers`:

* pass-alive stones: a green ring around the stone;
* territory: a small black or white square (as SGF viewers draw TB/TW); a dead
  stone inside it is drawn faded;
* the healthy (or vital) regions a pass-alive chain counts: a green wash;
* eyes: a green ring (real) or a red cross (false);
* seki: an orange diamond; dame: a small grey dot;
* a capturing sequence: numbered stones, with the moves that land on an
  already numbered point listed under the board as `N at M`;
* chains to point out (a failed check): a red ring.

The grid is drawn from the board's adjacency, so holes, removed adjacencies
(`UNLINK`) and cut-outs come out as they are: an open side has its grid lines
running on past the last point and no edge line, and an added adjacency
(`LINK`) is a dashed arc.  A legend under the board names only the layers that
appear.  The module knows only boards and point sets (the output layer sits
below the analyses); `passalive.tools.figures` turns analyses into `Layers`.

The SVG is built with the standard library's ElementTree, which takes care of
escaping and serialising; see the README's dependency section for why no SVG
library is used.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from passalive.go.board import Board, Colour, MarkKind, Side
from passalive.go.coords import GTP_LETTERS
from passalive.output.xmltext import xml_text

CELL = 24.0
"""Distance between two grid lines, in SVG user units (pixels at scale 1)."""

TITLE_CHARS = 64
"""A longer title is cut with an ellipsis."""

MARGIN = 26.0
"""Room around the grid for the coordinates."""

WIDE_MARGIN = 32.0
"""Room around the grid when a row number has two digits: the number clears the edge stones."""

TITLE_LINE = 40
"""Characters of the title on one line; a longer title wraps (up to TITLE_CHARS in all)."""

TITLE_EM = 0.68
"""The width of one character of the bold title, in ems, as the picture's width allows for it."""

STONE_RADIUS = CELL * 0.47

BACKGROUND = "#f3efe4"
GRID = "#55524a"
BLACK_STONE = "#161616"
WHITE_STONE = "#fbfbfb"
ALIVE = "#1f9d3a"
HEALTHY = "#8fd19e"
FALSE_EYE = "#d62828"
SEKI = "#f08c00"
DAME = "#9a968c"
HIGHLIGHT = "#d62828"
TEXT = "#2b2a27"

STANDARD_STAR_POINTS: Mapping[int, tuple[int, ...]] = {
    9: (2, 4, 6),
    13: (3, 6, 9),
    19: (3, 9, 15),
}
"""Star points (0-based line indices) of the usual board sizes."""


@dataclass(frozen=True)
class Layers:
    """What to draw over a board besides its stones and marks (point ids).

    `numbers` maps a point to the move number drawn on it (the stone drawn is
    the board's own colour there); `notes` are lines of text under the board,
    such as the `N at M` collisions of a sequence.
    """

    alive: frozenset[int] = frozenset()
    territory: Mapping[Colour, frozenset[int]] = field(default_factory=dict)
    healthy: frozenset[int] = frozenset()
    healthy_word: str = "healthy"
    real_eyes: frozenset[int] = frozenset()
    false_eyes: frozenset[int] = frozenset()
    seki: frozenset[int] = frozenset()
    dame: frozenset[int] = frozenset()
    dead: frozenset[int] = frozenset()
    highlight: frozenset[int] = frozenset()
    highlight_word: str = "failed check"
    numbers: Mapping[int, int] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class NumberedMove:
    """One move of a sequence to draw: its number, colour and point (None: a pass)."""

    number: int
    colour: Colour
    point: int | None


def numbered(board: Board, moves: Sequence[NumberedMove]) -> tuple[Board, Layers]:
    """The board and layers that show a sequence as numbered stones.

    Each point gets the stone and number of the first move played there; a
    later move on the same point (after a capture) or on a point that already
    holds a stone is listed as `N at M` (M: the number drawn there, or the
    point's name).  Passes get no stone; the numbers simply skip them.
    """
    colours: dict[int, Colour] = {}
    drawn: dict[int, int] = {}
    notes: list[str] = []
    for move in moves:
        p = move.point
        if p is None:
            continue
        if p in drawn:
            notes.append(f"{move.number} at {drawn[p]}")
        elif board.colours[p] is not Colour.EMPTY:
            notes.append(f"{move.number} at {board.name(p)}")
        else:
            drawn[p] = move.number
            colours[p] = move.colour
    return board.with_colours(colours), Layers(numbers=drawn, notes=tuple(notes))


# --------------------------------------------------------------------- geometry


@dataclass(frozen=True)
class _Frame:
    """Where the grid lies in the picture."""

    width: int
    height: int
    left: float
    top: float
    coordinates: bool

    def xy(self, x: int, y: int) -> tuple[float, float]:
        return self.left + x * CELL, self.top + y * CELL


def _pad(board: Board, coordinates: bool) -> float:
    """Room around the grid: for the coordinates (wider for two-digit row numbers), else a margin."""
    if not coordinates:
        return CELL * 0.8
    top_row = board.frame.row0
    return WIDE_MARGIN if top_row is not None and top_row >= 10 else MARGIN


def _title_lines(title: str | None) -> list[str]:
    """The title as drawn: cut at TITLE_CHARS with an ellipsis, wrapped at TITLE_LINE characters."""
    if not title:
        return []
    if len(title) > TITLE_CHARS:
        title = title[: TITLE_CHARS - 1] + "…"
    return textwrap.wrap(title, TITLE_LINE) or [title]


def _picture_width(grid_w: float, lines: Sequence[str]) -> float:
    """Wide enough for the grid, a legend entry or two, and every line of the title."""
    return max(grid_w, 180.0, max((TITLE_EM * 12.5 * len(line) + 16 for line in lines), default=0.0))


def _title_height(lines: Sequence[str]) -> float:
    return 22.0 + 16.0 * (len(lines) - 1) if lines else 0.0


def _grid_of(board: Board) -> tuple[int, int]:
    if board.size is None or any(p.coord is None for p in board.points):
        raise ValueError("only grid boards can be drawn; this board is a bare graph")
    return board.size


def _f(value: float) -> str:
    """A coordinate as short text (no trailing zeros)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def _el(parent: ET.Element, tag: str, **attributes: object) -> ET.Element:
    attrs = {k.rstrip("_").replace("_", "-"): (_f(v) if isinstance(v, float) else str(v)) for k, v in attributes.items()}
    return ET.SubElement(parent, tag, attrs)


def _text(parent: ET.Element, x: float, y: float, content: str, *, size: float, fill: str, **extra: object) -> ET.Element:
    element = _el(
        parent, "text", x=x, y=y, font_size=size, fill=fill, text_anchor="middle",
        dominant_baseline="central", font_family="DejaVu Sans, Helvetica, Arial, sans-serif", **extra,
    )
    element.text = content
    return element


def star_points(board: Board) -> frozenset[int]:
    """The star points to draw: HOSHI marks, and the usual ones of a whole 9, 13 or 19 board."""
    points = {p.id for p in board.points if p.mark is not None and p.mark.kind is MarkKind.HOSHI}
    width, height = _grid_of(board)
    if not board.open_sides and width == height and width in STANDARD_STAR_POINTS:
        lines = STANDARD_STAR_POINTS[width]
        for x in lines:
            for y in lines:
                q = board.at(x, y)
                if q is not None:
                    points.add(q)
    return frozenset(points)


# --------------------------------------------------------------------- drawing


def _draw_grid(g: ET.Element, board: Board, frame: _Frame) -> None:
    width, height = frame.width, frame.height
    open_sides = board.open_sides
    closed_edge = {
        "x": {0: Side.LEFT not in open_sides, width - 1: Side.RIGHT not in open_sides},
        "y": {0: Side.TOP not in open_sides, height - 1: Side.BOTTOM not in open_sides},
    }
    lines = _el(g, "g", stroke=GRID, stroke_width=1.0, stroke_linecap="square", class_="grid")
    edges = _el(g, "g", stroke=GRID, stroke_width=2.0, stroke_linecap="square", class_="edge")
    links = _el(g, "g", stroke="#1c6dd0", stroke_width=1.6, fill="none", stroke_dasharray="4 3", class_="link")
    for point in board.points:
        x, y = board.coord_of(point.id)
        x1, y1 = frame.xy(x, y)
        for q in board.adjacency[point.id]:
            if q < point.id:
                continue
            qx, qy = board.coord_of(q)
            x2, y2 = frame.xy(qx, qy)
            if abs(qx - x) + abs(qy - y) == 1:
                on_edge = (qy == y and closed_edge["y"].get(y, False)) or (qx == x and closed_edge["x"].get(x, False))
                _el(edges if on_edge else lines, "line", x1=x1, y1=y1, x2=x2, y2=y2)
            else:  # a wormhole: a dashed arc bowing away from the straight line
                mx, my = (x1 + x2) / 2, (y1 + y2) / 2
                dx, dy = x2 - x1, y2 - y1
                cx, cy = mx - dy * 0.6, my + dx * 0.6
                _el(links, "path", d=f"M{_f(x1)} {_f(y1)} Q{_f(cx)} {_f(cy)} {_f(x2)} {_f(y2)}")
        # an open side: the line runs on past the last point
        stub = CELL * 0.55
        for side, test, dx, dy in (
            (Side.LEFT, x == 0, -1, 0),
            (Side.RIGHT, x == width - 1, 1, 0),
            (Side.TOP, y == 0, 0, -1),
            (Side.BOTTOM, y == height - 1, 0, 1),
        ):
            if side in open_sides and test:
                _el(lines, "line", x1=x1, y1=y1, x2=x1 + dx * stub, y2=y1 + dy * stub)


def _draw_coordinates(g: ET.Element, board: Board, frame: _Frame) -> None:
    if not frame.coordinates:
        return
    f = board.frame
    assert f.column0 is not None and f.row0 is not None
    group = _el(g, "g", class_="coordinates")
    top = frame.top - MARGIN * 0.62
    bottom = frame.top + (frame.height - 1) * CELL + MARGIN * 0.62
    for x in range(frame.width):
        cx, _ = frame.xy(x, 0)
        letter = GTP_LETTERS[f.column0 + x]
        _text(group, cx, top, letter, size=11.0, fill=TEXT)
        _text(group, cx, bottom, letter, size=11.0, fill=TEXT)
    for y in range(frame.height):
        _, cy = frame.xy(0, y)
        number = str(f.row0 - y)
        # a number's centre: clear of the edge stone by 2 units (a digit is about 0.64 em wide)
        away = max(MARGIN * 0.62, STONE_RADIUS + 2.0 + 0.33 * 11.0 * len(number))
        _text(group, frame.left - away, cy, number, size=11.0, fill=TEXT)
        _text(group, frame.left + (frame.width - 1) * CELL + away, cy, number, size=11.0, fill=TEXT)


def _shape(g: ET.Element, kind: MarkKind, cx: float, cy: float, colour: str, width: float = 1.6) -> None:
    r = CELL * 0.24
    style = {"fill": "none", "stroke": colour, "stroke_width": width}
    if kind is MarkKind.CIRCLE:
        _el(g, "circle", cx=cx, cy=cy, r=r, **style)
    elif kind is MarkKind.SQUARE:
        _el(g, "rect", x=cx - r * 0.9, y=cy - r * 0.9, width=r * 1.8, height=r * 1.8, **style)
    elif kind is MarkKind.TRIANGLE:
        points = f"{_f(cx)},{_f(cy - r * 1.1)} {_f(cx - r)},{_f(cy + r * 0.65)} {_f(cx + r)},{_f(cy + r * 0.65)}"
        _el(g, "polygon", points=points, **style)
    elif kind is MarkKind.CROSS:
        d = r * 0.8
        _el(g, "path", d=f"M{_f(cx - d)} {_f(cy - d)}L{_f(cx + d)} {_f(cy + d)}M{_f(cx + d)} {_f(cy - d)}L{_f(cx - d)} {_f(cy + d)}", **style)


def _ink_on(colour: Colour) -> str:
    """The colour of a mark drawn on a point of this colour."""
    return WHITE_STONE if colour is Colour.BLACK else BLACK_STONE


def _draw_point(g: ET.Element, board: Board, p: int, frame: _Frame, layers: Layers, stars: frozenset[int]) -> None:
    point = board.points[p]
    x, y = board.coord_of(p)
    cx, cy = frame.xy(x, y)
    colour = point.colour
    mark = point.mark
    r = STONE_RADIUS
    if p in layers.healthy:
        _el(g, "rect", x=cx - CELL / 2, y=cy - CELL / 2, width=CELL, height=CELL, fill=HEALTHY, fill_opacity=0.55,
            class_="healthy")
    if colour is Colour.EMPTY and p in stars and (mark is None or mark.kind is MarkKind.HOSHI):
        _el(g, "circle", cx=cx, cy=cy, r=2.6, fill=GRID, class_="star")
    label: str | None = None
    if p in layers.numbers:
        label = str(layers.numbers[p])
    elif mark is not None and mark.kind in (MarkKind.LABEL, MarkKind.MOVE):
        label = mark.text
    faded = _is_faded(board, layers, p)
    if colour is not Colour.EMPTY:
        fill = BLACK_STONE if colour is Colour.BLACK else WHITE_STONE
        stone = _el(g, "circle", cx=cx, cy=cy, r=r, fill=fill, stroke=BLACK_STONE, stroke_width=1.0,
                    class_=f"stone {colour.value}")
        if faded:
            stone.set("opacity", "0.45")
    elif label is not None:  # keep the grid lines out of the text
        _el(g, "circle", cx=cx, cy=cy, r=r * 0.8, fill=BACKGROUND)
    if p in layers.alive and colour is not Colour.EMPTY:
        _el(g, "circle", cx=cx, cy=cy, r=r + 1.2, fill="none", stroke=ALIVE, stroke_width=2.6, class_="alive")
    if p in layers.highlight:
        _el(g, "circle", cx=cx, cy=cy, r=r + 3.4, fill="none", stroke=HIGHLIGHT, stroke_width=2.0,
            stroke_dasharray="3 2", class_="highlight")
    ink = _ink_on(colour)
    if label is not None:
        size = 12.0 if len(label) < 3 else 9.5
        _text(g, cx, cy, label, size=size, fill=ink, font_weight="bold" if p in layers.numbers else "normal",
              class_="label")
    elif mark is not None and mark.kind not in (MarkKind.HOSHI, MarkKind.LABEL, MarkKind.MOVE):
        _shape(g, mark.kind, cx, cy, ink)
    for owner, points in layers.territory.items():
        if p in points:
            s = CELL * 0.34
            fill = BLACK_STONE if owner is Colour.BLACK else WHITE_STONE
            _el(g, "rect", x=cx - s / 2, y=cy - s / 2, width=s, height=s, fill=fill, stroke=BLACK_STONE,
                stroke_width=1.2, class_=f"territory {owner.value}")
    if p in layers.real_eyes:
        _el(g, "circle", cx=cx, cy=cy, r=CELL * 0.26, fill="none", stroke=ALIVE, stroke_width=2.4, class_="real-eye")
    if p in layers.false_eyes:
        _shape(g, MarkKind.CROSS, cx, cy, FALSE_EYE, width=2.6)
    if p in layers.seki:
        d = CELL * 0.22
        _el(g, "polygon", points=f"{_f(cx)},{_f(cy - d)} {_f(cx + d)},{_f(cy)} {_f(cx)},{_f(cy + d)} {_f(cx - d)},{_f(cy)}",
            fill=SEKI, stroke=BLACK_STONE, stroke_width=0.8, class_="seki")
    if p in layers.dame:
        _el(g, "circle", cx=cx, cy=cy, r=3.2, fill=DAME, class_="dame")


def _legend_items(board: Board, layers: Layers) -> list[tuple[str, str]]:
    """(kind, text) of every layer present, for the legend."""
    items: list[tuple[str, str]] = []
    if layers.alive:
        items.append(("alive", "pass-alive"))
    for colour in (Colour.BLACK, Colour.WHITE):
        if layers.territory.get(colour):
            items.append((f"territory-{colour.value}", f"{colour.value} territory"))
    if layers.healthy:
        items.append(("healthy", f"{layers.healthy_word} region"))
    if layers.real_eyes:
        items.append(("real-eye", "real eye"))
    if layers.false_eyes:
        items.append(("false-eye", "false eye"))
    if layers.seki:
        items.append(("seki", "seki"))
    if layers.dame:
        items.append(("dame", "dame"))
    if _faded(board, layers):
        items.append(("dead", "dead (faded)"))
    if layers.highlight:
        items.append(("highlight", layers.highlight_word))
    if _has_links(board):
        items.append(("link", "added adjacency (LINK)"))
    if board.open_sides:
        items.append(("open", "open side: " + ", ".join(sorted(s.value for s in board.open_sides))))
    return items


def _is_faded(board: Board, layers: Layers, p: int) -> bool:
    """A stone drawn faded: dead, or standing in the other colour's territory."""
    colour = board.points[p].colour
    return p in layers.dead or (colour is not Colour.EMPTY and any(p in t for c, t in layers.territory.items() if c is not colour))


def _faded(board: Board, layers: Layers) -> bool:
    """Whether some stone is drawn faded (the legend then says what that means)."""
    candidates = set(layers.dead).union(*layers.territory.values())
    return any(board.points[p].colour is not Colour.EMPTY and _is_faded(board, layers, p) for p in candidates if p < len(board.points))


def _has_links(board: Board) -> bool:
    """Whether some adjacency joins points that are not grid neighbours."""
    for point in board.points:
        x, y = board.coord_of(point.id)
        for q in board.adjacency[point.id]:
            qx, qy = board.coord_of(q)
            if abs(qx - x) + abs(qy - y) != 1:
                return True
    return False


def _legend_symbol(g: ET.Element, kind: str, cx: float, cy: float) -> None:
    if kind == "alive":
        _el(g, "circle", cx=cx, cy=cy, r=6.0, fill=BLACK_STONE)
        _el(g, "circle", cx=cx, cy=cy, r=7.2, fill="none", stroke=ALIVE, stroke_width=2.2)
    elif kind.startswith("territory-"):
        fill = BLACK_STONE if kind.endswith("black") else WHITE_STONE
        _el(g, "rect", x=cx - 4, y=cy - 4, width=8.0, height=8.0, fill=fill, stroke=BLACK_STONE, stroke_width=1.2)
    elif kind == "healthy":
        _el(g, "rect", x=cx - 7, y=cy - 7, width=14.0, height=14.0, fill=HEALTHY, fill_opacity=0.55)
    elif kind == "real-eye":
        _el(g, "circle", cx=cx, cy=cy, r=6.0, fill="none", stroke=ALIVE, stroke_width=2.2)
    elif kind == "false-eye":
        _shape(g, MarkKind.CROSS, cx, cy, FALSE_EYE, width=2.4)
    elif kind == "seki":
        _el(g, "polygon", points=f"{_f(cx)},{_f(cy - 5)} {_f(cx + 5)},{_f(cy)} {_f(cx)},{_f(cy + 5)} {_f(cx - 5)},{_f(cy)}",
            fill=SEKI, stroke=BLACK_STONE, stroke_width=0.8)
    elif kind == "dame":
        _el(g, "circle", cx=cx, cy=cy, r=3.2, fill=DAME)
    elif kind == "dead":
        _el(g, "circle", cx=cx, cy=cy, r=6.0, fill=BLACK_STONE, stroke=BLACK_STONE, stroke_width=1.0, opacity=0.45)
    elif kind == "highlight":
        _el(g, "circle", cx=cx, cy=cy, r=6.5, fill="none", stroke=HIGHLIGHT, stroke_width=2.0, stroke_dasharray="3 2")
    elif kind == "link":
        _el(g, "path", d=f"M{_f(cx - 7)} {_f(cy)} Q{_f(cx)} {_f(cy + 8)} {_f(cx + 7)} {_f(cy)}", stroke="#1c6dd0",
            stroke_width=1.6, fill="none", stroke_dasharray="4 3")
    elif kind == "open":
        _el(g, "line", x1=cx - 7, y1=cy, x2=cx + 7, y2=cy, stroke=GRID, stroke_width=1.0, stroke_dasharray="2 2")


def board_svg(
    board: Board,
    layers: Layers | None = None,
    *,
    title: str | None = None,
    coordinates: bool = True,
    legend: bool = True,
    scale: float = 1.0,
) -> str:
    """The board as a standalone SVG document (text), with `layers` drawn over it.

    Coordinates are drawn when asked and the board's edges fix GTP names
    (`Frame.knows_gtp`).  Raises ValueError for a board that is not a grid.
    """
    layers = layers or Layers()
    width, height = _grid_of(board)
    coordinates = coordinates and board.frame.knows_gtp(width)
    pad = _pad(board, coordinates)
    title_lines = _title_lines(title)
    frame = _Frame(width, height, pad, pad + _title_height(title_lines), coordinates)
    grid_w = (width - 1) * CELL + 2 * pad
    items = _legend_items(board, layers) if legend else []
    texts = [line for note in layers.notes for line in textwrap.wrap(note, 40) or [""]]
    legend_top = frame.top + (height - 1) * CELL + pad
    # legend entries flow in rows of what fits
    rows: list[list[tuple[str, str]]] = [[]]
    used = 0.0
    picture_w = _picture_width(grid_w, title_lines)
    for item in items:
        w = 24 + 6.4 * len(item[1])
        if rows[-1] and used + w > picture_w - 8:
            rows.append([])
            used = 0.0
        rows[-1].append(item)
        used += w
    legend_rows = [r for r in rows if r]
    chars = max(20, int((picture_w - 20) / 6.4))
    texts = [line for note in layers.notes for line in textwrap.wrap(note, chars) or [""]]
    total_h = legend_top + 18.0 * len(legend_rows) + 16.0 * len(texts) + (6.0 if legend_rows or texts else 0.0)
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": _f(picture_w * scale),
            "height": _f(total_h * scale),
            "viewBox": f"0 0 {_f(picture_w)} {_f(total_h)}",
            "role": "img",
        },
    )
    described = " ".join(title_lines) or "Go board"
    ET.SubElement(svg, "title").text = described
    _el(svg, "rect", x=0.0, y=0.0, width=picture_w, height=total_h, fill=BACKGROUND)
    offset = (picture_w - grid_w) / 2
    g = _el(svg, "g", transform=f"translate({_f(offset)} 0)")
    for number, line in enumerate(title_lines):
        _text(g, grid_w / 2, 13.0 + 16.0 * number, line, size=12.5, fill=TEXT, font_weight="bold", class_="title")
    _draw_grid(g, board, frame)
    _draw_coordinates(g, board, frame)
    stars = star_points(board)
    points = _el(g, "g", class_="points")
    for p in range(len(board.points)):
        _draw_point(points, board, p, frame, layers, stars)
    y = legend_top + 9.0
    legend_g = _el(svg, "g", class_="legend")
    for row in legend_rows:
        x = 10.0
        for kind, text in row:
            _legend_symbol(legend_g, kind, x + 6, y)
            t = _text(legend_g, x + 16, y, text, size=11.0, fill=TEXT)
            t.set("text-anchor", "start")
            x += 24 + 6.4 * len(text)
        y += 18.0
    for note in texts:
        t = _text(legend_g, 10.0, y, note, size=11.0, fill=TEXT)
        t.set("text-anchor", "start")
        y += 16.0
    ET.indent(svg, space=" ")
    return xml_text(ET.tostring(svg, encoding="unicode")) + "\n"


def point_centre(board: Board, p: int, *, title: str | None = None, coordinates: bool = True) -> tuple[float, float]:
    """Where `board_svg` draws point p's centre, in SVG units (for tests and image maps).

    Pass the same `title` and `coordinates` as to `board_svg`.
    """
    width, height = _grid_of(board)
    coordinates = coordinates and board.frame.knows_gtp(width)
    pad = _pad(board, coordinates)
    grid_w = (width - 1) * CELL + 2 * pad
    lines = _title_lines(title)
    offset = (_picture_width(grid_w, lines) - grid_w) / 2
    x, y = board.coord_of(p)
    return offset + pad + x * CELL, pad + _title_height(lines) + y * CELL


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """The SVG rendered as PNG by cairosvg (an optional extra: `pip install passalive[png]`)."""
    try:
        import cairosvg
    except ImportError as missing:  # pragma: no cover - depends on the installation
        from passalive.errors import UsageError

        raise UsageError("PNG output needs cairosvg: pip install 'passalive[png]'") from missing
    png: bytes = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    return png


def points_of(board: Board, names: Iterable[str]) -> frozenset[int]:
    """Point ids for names (a convenience for building `Layers` by hand)."""
    return frozenset(board.point(n) for n in names)


__all__ = ["Layers", "NumberedMove", "board_svg", "numbered", "point_centre", "points_of", "star_points", "svg_to_png"]
