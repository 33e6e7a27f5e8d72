"""SGF with markup: positions and what passalive finds on them, for any SGF viewer.

`game_sgf(nodes, variations)` writes a main line of nodes (the first one's
stones as setup `AB`/`AW`, each later node either a move `B`/`W` or the
setup changes `AB`/`AW`/`AE` that reach its position), each node with marks
(`CR`/`SQ`/`TR`/`MA`, labels `LB`, territory `TB`/`TW`), a name `N` and a
comment `C`; a variation is a list of move nodes branching after a node of
the main line (a capturing sequence, say).  The writer takes a sequence of
positions so that an analysis of every node of a game puts its marks on
every node.  sgfmill writes the file, so the escaping and point encoding are
its, and the tests read the output back with it.

A diagram that is a cut-out sits on the full board where its edges put it
(the frame's GTP names); a cut-out whose place is unknown is drawn in the
board's lower-left corner.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from sgfmill import sgf

from passalive.go.board import Board, Colour
from passalive.version import installed_version

SGF_COLOUR = {Colour.BLACK: "b", Colour.WHITE: "w"}


@dataclass(frozen=True)
class SgfMarks:
    """Marks on one node (point ids of the node's board)."""

    circle: frozenset[int] = frozenset()
    square: frozenset[int] = frozenset()
    triangle: frozenset[int] = frozenset()
    cross: frozenset[int] = frozenset()
    territory: Mapping[Colour, frozenset[int]] = field(default_factory=dict)
    labels: Mapping[int, str] = field(default_factory=dict)


@dataclass(frozen=True)
class SgfNode:
    """One node: its position, marks, name and comment, and the move that led to it (if any).

    `move` is (colour, point id or None for a pass); without a move, the
    node reaches its position by setup properties.
    """

    board: Board
    marks: SgfMarks = SgfMarks()
    comment: str = ""
    name: str = ""
    move: tuple[Colour, int | None] | None = None


def sgf_size(board: Board) -> int:
    """The side of the square SGF board that holds this diagram (at most 25, sgfmill's limit)."""
    if board.size is None:
        raise ValueError("only grid boards can be written as SGF; this board is a bare graph")
    width, height = board.size
    frame = board.frame
    if frame.knows_gtp(width):
        assert frame.column0 is not None and frame.row0 is not None
        size = max(frame.column0 + width, frame.row0, width, height)
    else:
        size = max(width, height)
    if size > 25:
        raise ValueError(f"a {size}x{size} board is larger than SGF viewers take (25)")
    return size


def _coordinates(board: Board) -> dict[int, tuple[int, int]]:
    """sgfmill's (row, column) of every point, row 0 at the bottom."""
    assert board.size is not None, "a grid board"
    width, height = board.size
    frame = board.frame
    known = frame.knows_gtp(width)
    result: dict[int, tuple[int, int]] = {}
    for point in board.points:
        if point.coord is None:
            raise ValueError("only grid boards can be written as SGF")
        x, y = point.coord
        if known:
            assert frame.column0 is not None and frame.row0 is not None
            result[point.id] = (frame.row0 - y - 1, frame.column0 + x)
        else:
            result[point.id] = (height - 1 - y, x)
    return result


def _set_marks(node: sgf.Tree_node, marks: SgfMarks, where: Mapping[int, tuple[int, int]]) -> None:
    for prop, points in (("CR", marks.circle), ("SQ", marks.square), ("TR", marks.triangle), ("MA", marks.cross)):
        if points:
            node.set(prop, {where[p] for p in points})
    for colour, prop in ((Colour.BLACK, "TB"), (Colour.WHITE, "TW")):
        points = marks.territory.get(colour, frozenset())
        if points:
            node.set(prop, {where[p] for p in points})
    if marks.labels:
        node.set("LB", [(where[p], text) for p, text in sorted(marks.labels.items())])


def _fill(node: sgf.Tree_node, spec: SgfNode, where: Mapping[int, tuple[int, int]], previous: Board | None) -> None:
    if spec.move is not None:
        colour, p = spec.move
        node.set_move(SGF_COLOUR[colour], None if p is None else where[p])
    elif previous is None:
        black = {where[p] for p in spec.board.stones(Colour.BLACK)}
        white = {where[p] for p in spec.board.stones(Colour.WHITE)}
        node.set_setup_stones(black, white)
    else:
        changed = [p for p in range(len(spec.board.points)) if spec.board.colours[p] is not previous.colours[p]]
        black = {where[p] for p in changed if spec.board.colours[p] is Colour.BLACK}
        white = {where[p] for p in changed if spec.board.colours[p] is Colour.WHITE}
        empty = {where[p] for p in changed if spec.board.colours[p] is Colour.EMPTY}
        if black or white or empty:
            node.set_setup_stones(black, white, empty)
    _set_marks(node, spec.marks, where)
    if spec.name:
        node.set("N", spec.name)
    if spec.comment:
        node.set("C", spec.comment)


def game_sgf(
    nodes: Sequence[SgfNode],
    variations: Sequence[tuple[int, Sequence[SgfNode]]] = (),
    *,
    root_comment: str = "",
    game_info: Mapping[str, object] | None = None,
) -> str:
    """One SGF game tree: `nodes` as the main line, each variation (index, nodes)
    branching after main-line node `index`.  All boards must be the same grid.

    `game_info` are root properties of the game the positions come from (`KM`,
    `HA`, `RU`, `PB`, `PW`, `RE`, `GN`, as sgfmill types them), so a viewer
    shows the game's own facts beside the marks."""
    if not nodes:
        raise ValueError("an SGF game needs at least one position")
    first = nodes[0].board
    game = sgf.Sgf_game(size=sgf_size(first))
    where = _coordinates(first)
    root = game.get_root()
    root.set("AP", ("passalive", installed_version()))
    if root_comment:
        root.set("GC", root_comment)
    for identifier, value in (game_info or {}).items():
        root.set(identifier, value)
    main: list[sgf.Tree_node] = []
    previous: Board | None = None
    node = root
    for i, spec in enumerate(nodes):
        if i > 0:
            node = node.new_child()
        _fill(node, spec, where, previous)
        main.append(node)
        previous = spec.board
    for index, line in variations:
        parent = main[index]
        before = nodes[index].board
        for spec in line:
            parent = parent.new_child()
            _fill(parent, spec, where, before)
            before = spec.board
    data: bytes = game.serialise(wrap=79)
    return data.decode("utf-8")


__all__ = ["SgfMarks", "SgfNode", "game_sgf", "sgf_size"]
