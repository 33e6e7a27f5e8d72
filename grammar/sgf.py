"""Reader for SGF files: the position at a node of the game's main line.

sgfmill parses the file; passalive then builds the position itself: the
setup properties AB/AW/AE of each node are applied directly (so a setup that a
Go library would refuse as illegal still loads, and is then reported by our
own legality check), and the moves B/W are played with captures.  Errors point
into the file: a small scanner finds the node and property an error belongs
to, or the bracket or parenthesis that breaks the SGF syntax.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sgfmill import sgf

from passalive.go.board import Board, Colour
from passalive.go.coords import Frame
from passalive.go.diagram import Diagram, Move
from passalive.errors import IllegalPositionError, InputError, Location
from passalive.go.play import play
from passalive.go.suicide import Suicide


@dataclass
class _Node:
    """Where a node starts in the text and where its properties' values start."""

    position: int
    properties: dict[str, int] = field(default_factory=dict)


@dataclass
class _Scan:
    nodes: list[_Node]
    problem: tuple[str, int] | None


def _scan(text: str) -> _Scan:
    """Node and property positions of the text (in order), and the first syntax problem."""
    nodes: list[_Node] = []
    stack: list[int] = []
    ident = ""
    ident_at = 0
    last_ident = ""
    last_ident_at = 0
    i = 0
    n = len(text)
    started = False
    while i < n:
        ch = text[i]
        if ch == "[":
            if not last_ident and not ident:
                return _Scan(nodes, ("a property value [...] without a property name before it", i))
            if ident:
                last_ident, last_ident_at = ident, ident_at
                ident = ""
                if nodes:
                    nodes[-1].properties.setdefault(last_ident, last_ident_at)
            start = i
            i += 1
            while i < n and text[i] != "]":
                i += 2 if text[i] == "\\" else 1
            if i >= n:
                return _Scan(nodes, ("this property value is never closed with ]", start))
        elif ch == "(":
            started = True
            stack.append(i)
        elif ch == ")":
            if not stack:
                return _Scan(nodes, ("this ) closes no (", i))
            stack.pop()
        elif ch == ";":
            if not stack:
                return _Scan(nodes, ("a node ; outside the game tree (...)", i))
            nodes.append(_Node(i))
            last_ident = ident = ""
        elif ch.isalpha():
            if not stack:
                return _Scan(nodes, ("expected an SGF game tree starting with (;", i))
            if not ident:
                ident_at = i
            ident += ch
        elif not ch.isspace():
            if not started:
                return _Scan(nodes, ("expected an SGF game tree starting with (;", i))
            return _Scan(nodes, (f"unexpected {ch!r} in an SGF node", i))
        i += 1
    if not started:
        return _Scan(nodes, ("no SGF data: expected a game tree starting with (;", 0))
    if stack:
        return _Scan(nodes, ("this ( is never closed with )", stack[-1]))
    return _Scan(nodes, None)


def _location(text: str, path: str, position: int) -> Location:
    line = text.count("\n", 0, position) + 1
    start = text.rfind("\n", 0, position) + 1
    end = text.find("\n", position)
    source = text[start : end if end >= 0 else len(text)]
    return Location(path, line, position - start + 1, source)


def _value(text: str, position: int) -> str:
    """The first value of the property whose name starts at `position`."""
    start = text.find("[", position) + 1
    end = text.find("]", start)
    return text[start:end]


def read_sgf(
    data: bytes, path: str = "<string>", *, node: int | None = None, allow_illegal: bool = False
) -> Diagram:
    """The position at `node` of the main line (0 = root; default: the last node)."""
    text = data.decode("utf-8", errors="replace")
    scan = _scan(text)
    if scan.problem is not None:
        message, position = scan.problem
        raise InputError(f"bad SGF: {message}", _location(text, path, position))
    root = scan.nodes[0].properties if scan.nodes else {}
    try:
        game = sgf.Sgf_game.from_bytes(data)
    except ValueError as error:
        if "SZ" in root and ("SZ" in str(error) or "size" in str(error)):
            raise InputError(
                f"bad SGF: SZ[{_value(text, root['SZ'])}]: expected a square board size from 1 to 26 "
                "(passalive does not read rectangular SGF boards)",
                _location(text, path, root["SZ"]),
            ) from None
        raise InputError(f"bad SGF: {error or 'cannot parse'}", _location(text, path, 0)) from None
    if "GM" in root and _value(text, root["GM"]).strip() != "1":
        raise InputError(
            f"bad SGF: GM[{_value(text, root['GM'])}] is not a game of Go; expected GM[1]",
            _location(text, path, root["GM"]),
        )
    try:
        size = game.get_size()
    except ValueError as error:
        raise InputError(f"bad SGF: board size: {error}", _location(text, path, 0)) from None
    sequence = game.get_main_sequence()
    last = len(sequence) - 1 if node is None else node
    if not 0 <= last < len(sequence):
        raise InputError(f"{path}: the main line has only nodes 0 to {len(sequence) - 1}, not node {node}")

    def where(index: int, properties: tuple[str, ...]) -> Location:
        if index < len(scan.nodes):
            found = scan.nodes[index]
            for name in properties:
                if name in found.properties:
                    return _location(text, path, found.properties[name])
            return _location(text, path, found.position)
        return _location(text, path, 0)

    board = Board.grid([[Colour.EMPTY] * size for _ in range(size)], frame=Frame.full_board(size))
    colours = list(board.colours)

    def point(row: int, col: int) -> int:
        p = board.at(col, size - 1 - row)
        assert p is not None
        return p

    moves: list[Move] = []
    number = 0
    for index in range(last + 1):
        current = sequence[index]
        try:
            black, white, empty = current.get_setup_stones()
        except ValueError as error:
            raise InputError(
                f"bad SGF: a setup point of this node is off the {size}x{size} board or malformed {error}".rstrip(),
                where(index, ("AB", "AW", "AE")),
            ) from None
        for stones, colour in ((black, Colour.BLACK), (white, Colour.WHITE), (empty, Colour.EMPTY)):
            for row, col in stones:
                colours[point(row, col)] = colour
        try:
            colour_name, move = current.get_move()
        except ValueError as error:
            raise InputError(
                f"bad SGF: the move of this node is off the {size}x{size} board or malformed {error}".rstrip(),
                where(index, ("B", "W")),
            ) from None
        if colour_name is None:
            continue
        number += 1
        if move is None:
            continue
        colour = Colour.BLACK if colour_name == "b" else Colour.WHITE
        p = point(*move)
        location = where(index, ("B", "W"))
        if colours[p] is not Colour.EMPTY:
            raise InputError(f"move {number} ({colour.value} {board.name(p)}) is played on an occupied point", location)
        # suicide is legal under some rules (e.g. New Zealand): the mover's chain is removed
        play(colours, board.adjacency, p, colour, Colour.EMPTY, Suicide.ALL)
        moves.append(Move(number, colour, p, location))

    final = board.with_colours({p: c for p, c in enumerate(colours) if c is not Colour.EMPTY})
    node_location = where(last, ())
    if not allow_illegal:
        try:
            final.check_legal()
        except IllegalPositionError as error:
            raise IllegalPositionError(error.message, node_location) from None
    try:
        name = game.get_root().get("GN") if game.get_root().has_property("GN") else ""
    except ValueError:  # a malformed game name only loses the title
        name = ""
    title = f"{name} (node {last})" if name else f"node {last}"
    return Diagram(board=final, title=title, board_size=size, moves=tuple(moves), location=node_location)
