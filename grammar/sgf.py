"""Reader for SGF files: every game tree of a collection, one line of each.

sgfmill parses the file (`sgf_grammar.parse_sgf_collection`: the game trees
with their raw property values); passalive then reads the properties itself
into a `passalive.go.game.Game` -- the root's facts (SZ, KM, HA, RU, PB, PW,
RE, GN) and the setup (AB/AW/AE) and move (B/W) of every node of the chosen
line as point ids.  `Game.positions()` replays them.  A small scanner finds
where each node and property starts in the text, so every error and warning
points into the file (file:line:col); it also finds what sgfmill would merge
or skip without a word:

* errors: a syntax error (an unclosed bracket or parenthesis, a node after a
  variation, text outside a game tree), two moves in one node (`;B[aa]W[bb]`
  or `;B[aa]B[bb]`), a single-valued property given twice with different
  values (`SZ[9]SZ[19]`), a point given two colours in one node (`AB[aa]AW[aa]`),
  a malformed or off-board point, a malformed number, a rectangular board;
* warnings (the file is read): a list property given twice in a node
  (`AB[aa]AB[bb]`, written by some editors: both lists are used), a
  single-valued property repeated with the same value, a rule set (RU) whose
  suicide rule passalive does not know (suicide illegal is assumed).

Values are quoted in messages up to 80 characters.

Over 600 lines: the scanner, the property reader and the replay of a line share the positions of
nodes and properties that every located error and warning points at.
"""

from __future__ import annotations

import functools
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field

from sgfmill import sgf_grammar

from passalive.errors import IllegalPositionError, InputError, Location
from passalive.go.board import Colour
from passalive.go.diagram import Diagram, Move
from passalive.go.game import Game, GameInfo, Source, Step
from passalive.go.suicide import Suicide

MAX_SIZE = 26
"""The largest SGF board passalive reads (points are written a..z)."""

QUOTED = 80
"""Characters of a value quoted in a message, at most."""


# ------------------------------------------------------------------ scanner


@dataclass
class _Node:
    """Where a node starts in the text, and where each of its properties starts."""

    position: int
    text: str = field(repr=False, default="")
    properties: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    """ident -> every occurrence as (where its name starts, where its values start and end)."""

    def first(self, *names: str) -> int | None:
        """Where the first of these properties that the node has starts."""
        for name in names:
            if name in self.properties:
                return self.properties[name][0][0]
        return None

    def raw_values(self, name: str) -> list[bytes]:
        """The raw values (between the brackets, escapes kept) of every
        occurrence of property `name`, in order: what sgfmill would give.
        For ASCII text only (`read_games` asks only then)."""
        values: list[bytes] = []
        for _, start, end in self.properties[name]:
            span = self.text[start:end].rstrip()
            if "\\" not in span and span.count("]") == span.count("][") + 1:  # no escape, no space between: one split
                values.extend(span[1:-1].encode("ascii").split(b"]["))
            else:
                values.extend(_VALUE_BYTES.findall(span.encode("ascii")))
        return values

    def grid_points(self, name: str, size: int) -> list[int] | None:
        """The point ids of property `name` when it is written the usual way
        -- once, every value two letters, nothing between the values -- else
        None (then `_Reader.points` reads it value by value).  A setup list
        may hold every point of the board: its text is read four bytes (one
        `[xy]`) at a time.  For ASCII text only."""
        occurrences = self.properties[name]
        if len(occurrences) != 1:
            return None
        _, start, end = occurrences[0]
        data = self.text[start:end].rstrip().encode("ascii")
        if len(data) % 4 or data[:1] != b"[":
            return None
        try:  # each word `xy][` of the text after its first [ is one point
            return list(map(_word_table(size).__getitem__, memoryview(data[1:] + b"[").cast("I")))
        except KeyError:
            return None

    def value_at(self, name: str, index: int) -> int:
        """Where value `index` of property `name` starts (values of repeats counted on)."""
        for _, start, end in self.properties[name]:
            for value in _VALUE.finditer(self.text, start, end):
                if index == 0:
                    return value.start()
                index -= 1
        return self.properties[name][0][0]


_VALUES = r"(?:(?:\[[a-z][a-z]\])++\s*+|\[[^\\\]]*+(?:\\.[^\\\]]*+)*+\]\s*+)++"
"""A property's values: possessive (a backslash always starts an escape, so
nothing is given back), which a list of hundreds of setup points needs; a
run of plain two-letter points (`[aa][ab]...`, as setup lists are written)
is matched first, in half the steps of the general value."""
_VALUE = re.compile(r"\[[^\\\]]*(?:\\.[^\\\]]*)*\]", re.S)
_VALUE_BYTES = re.compile(rb"\[([^\\\]]*(?:\\.[^\\\]]*)*)\]", re.S)
SETUP = ("AB", "AW", "AE")
"""The setup properties: long lists of points, read from the scanner's spans (see `read_games`)."""
_TOKEN = re.compile(r"\s*(?:([A-Za-z]+)\s*(" + _VALUES + r")|([A-Za-z]+)|([;()]))", re.S)


def _scan(text: str) -> list[_Node]:
    """The nodes of every game tree in text order; raises _Problem (message, offset) on a syntax problem.

    One regular-expression match per property (its name and all its values)
    or delimiter; where each value starts is found again only for a message.
    """
    nodes: list[_Node] = []
    depth = 0
    has_node: list[bool] = []  # per open tree: a node seen in its sequence
    closed_child: list[bool] = []  # per open tree: a variation already closed in it
    i = 0
    n = len(text)
    match = _TOKEN.match
    while True:
        m = match(text, i)
        if m is None:
            rest = text[i:].lstrip()
            if not rest:
                break
            at = n - len(rest)
            if rest[0] == "[":
                if _VALUE.match(text, at):
                    raise _Problem("a property value [...] without a property name before it", at)
                raise _Problem("this property value is never closed with ]", at)
            if depth == 0:
                raise _Problem("expected an SGF game tree starting with (;", at)
            raise _Problem(f"unexpected {rest[0]!r} in an SGF node", at)
        i = m.end()
        word = m.group(1) or m.group(3)
        if word:
            at = m.start(1) if m.group(1) else m.start(3)
            if depth == 0:
                raise _Problem("expected an SGF game tree starting with (;", at)
            if not has_node[-1] or closed_child[-1]:
                raise _Problem("a property outside a node; expected ; before it", at)
            name = word if word.isupper() else "".join(c for c in word if c.isupper())
            if not name:
                raise _Problem(f"property name {_quote(word)} has no capital letter", at)
            if m.group(3):
                after = text[i:].lstrip()
                if after[:1] == "[":
                    raise _Problem("this property value is never closed with ]", n - len(after))
                raise _Problem(f"property {_quote(word)} without a value; expected [...] after it", at)
            nodes[-1].properties.setdefault(name, []).append((at, m.start(2), m.end(2)))
            continue
        ch = m.group(4)
        at = m.start(4)
        if ch == "(":
            if depth and not has_node[-1]:
                raise _Problem("a variation ( before any node ; of its game tree", at)
            if depth:
                closed_child[-1] = False
            depth += 1
            has_node.append(False)
            closed_child.append(False)
        elif ch == ")":
            if depth == 0:
                raise _Problem("this ) closes no (", at)
            if not has_node[-1]:
                raise _Problem("an empty game tree: expected a node ; after its (", at)
            depth -= 1
            has_node.pop()
            closed_child.pop()
            if depth:
                closed_child[-1] = True
        else:
            if depth == 0:
                raise _Problem("a node ; outside the game tree (...)", at)
            if closed_child[-1]:
                raise _Problem("a node ; after a variation; nodes come before a tree's variations", at)
            has_node[-1] = True
            nodes.append(_Node(at, text))
    if not nodes and depth == 0:
        raise _Problem("no SGF data: expected a game tree starting with (;", 0)
    if depth:
        raise _Problem("this ( is never closed with )", _open_paren(text))
    return nodes


def _open_paren(text: str) -> int:
    """Where the innermost ( still open at the end of the text starts (outside values)."""
    stack: list[int] = []
    for m in _TOKEN.finditer(text):
        if m.group(4) == "(":
            stack.append(m.start(4))
        elif m.group(4) == ")" and stack:
            stack.pop()
    return stack[-1] if stack else 0


class _Problem(Exception):
    def __init__(self, message: str, position: int) -> None:
        super().__init__(message)
        self.message = message
        self.position = position


def _quote(value: str) -> str:
    """A value for a message, at most QUOTED characters."""
    if len(value) > QUOTED:
        value = value[: QUOTED - 1] + "…"
    return repr(value)


# ------------------------------------------------------------------ values


@dataclass
class _Reader:
    """Reads one game tree's properties, with locations."""

    source: Source
    encoding: str = "utf-8"
    size: int = 19
    warnings: list[tuple[str, Location]] = field(default_factory=list)

    def error(self, message: str, at: int) -> InputError:
        return InputError(f"bad SGF: {message}", self.source.location(at))

    def warn(self, message: str, at: int) -> None:
        self.warnings.append((message, self.source.location(at)))

    def text(self, raw: bytes) -> str:
        value: bytes = sgf_grammar.simpletext_value(raw)  # sgfmill is untyped
        try:
            return value.decode(self.encoding, errors="replace")
        except LookupError:
            return value.decode("utf-8", errors="replace")

    def single(self, props: dict[str, list[bytes]], node: _Node, name: str) -> str | None:
        """The one value of a single-valued property (None if absent); a
        repeat with the same value is a warning, with another an error."""
        if name not in props:
            return None
        values = props[name]
        texts = [self.text(v).strip() for v in values]
        if len(values) > 1:
            at = node.value_at(name, 1)
            if any(t != texts[0] for t in texts[1:]):
                raise self.error(
                    f"{name} has {len(values)} values ({', '.join(_quote(t) for t in texts[:3])}); expected one", at
                )
            self.warn(f"{name}[{_quote(texts[0])[1:-1]}] is given {len(values)} times; read once", at)
        return texts[0]

    def integer(self, text: str, name: str, at: int, low: int, high: int) -> int:
        """A whole number of ASCII digits from `low` to `high`."""
        digits = text.strip()
        if not (digits.isascii() and digits.isdigit()) or len(digits) > 6 or not low <= int(digits) <= high:
            raise self.error(f"{name}[{_quote(text)[1:-1]}]: expected a whole number from {low} to {high}", at)
        return int(digits)

    def real(self, text: str, name: str, at: int) -> float:
        """A real number as SGF writes it (e.g. 6.5, -0.5, 7)."""
        value = text.strip()
        if not _REAL.fullmatch(value):
            raise self.error(f"{name}[{_quote(text)[1:-1]}]: expected a number such as 6.5", at)
        return float(value)

    def point(self, raw: bytes, name: str, at: int) -> int:
        """The id of a point `xy` on the board."""
        value = raw.decode("latin-1").strip()
        if len(value) != 2 or not all(c in _LETTERS for c in value):
            raise self.error(f"{name}[{_quote(value)[1:-1]}]: expected a point of two letters such as dd", at)
        x, y = _LETTERS.index(value[0]), _LETTERS.index(value[1])
        if x >= self.size or y >= self.size:
            raise self.error(f"{name}[{value}] is off the {self.size}x{self.size} board", at)
        return y * self.size + x

    def points(self, values: list[bytes], name: str, node: _Node) -> list[int]:
        """The points of a list property: single points and rectangles `aa:cc`."""
        table = _point_table(self.size)
        try:  # the usual case: every value one point, read by a table
            return list(map(table.__getitem__, values))
        except KeyError:
            pass
        result: list[int] = []
        for index, raw in enumerate(values):
            at = node.value_at(name, index)
            first, colon, second = raw.partition(b":")
            a = self.point(first, name, at)
            if not colon:
                result.append(a)
                continue
            b = self.point(second, name, at)
            (ya, xa), (yb, xb) = divmod(a, self.size), divmod(b, self.size)
            if xa > xb or ya > yb:
                raise self.error(
                    f"{name}[{_quote(raw.decode('latin-1'))[1:-1]}]: a rectangle goes from its top-left to its "
                    "bottom-right point", at,
                )
            result.extend(y * self.size + x for y in range(ya, yb + 1) for x in range(xa, xb + 1))
        return result


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@functools.lru_cache(maxsize=32)
def _point_table(size: int) -> dict[bytes, int]:
    """Every point value `xy` of a size x size board (lower-case letters) and its id."""
    return {(_LETTERS[x] + _LETTERS[y]).encode(): y * size + x for y in range(size) for x in range(size)}


@functools.lru_cache(maxsize=32)
def _word_table(size: int) -> dict[int, int]:
    """Every point `xy` of a size x size board written as the four bytes
    `xy][` and read as one native unsigned int, and its id (see `_Node.grid_points`)."""
    return {
        int.from_bytes((_LETTERS[x] + _LETTERS[y] + "][").encode(), sys.byteorder): y * size + x
        for y in range(size) for x in range(size)
    }


_REAL = re.compile(r"[+-]?(?:[0-9]{1,6}(?:\.[0-9]{0,6})?|\.[0-9]{1,6})")


# ------------------------------------------------------------- rule sets

_SUICIDE_LEGAL = {"nz", "newzealand", "tromptaylor", "tt", "goe", "ing"}
_SUICIDE_ILLEGAL = {
    "japanese", "jp", "korean", "kr", "chinese", "cn", "chineseogs", "chinesekgs", "aga", "agabutton",
    "bga", "french", "stonescoring", "ancientarea", "ancientterritory",
}


def rule_suicide(rules: str) -> Suicide | None:
    """The suicide rule a rule set (SGF RU) has, or None when passalive does not know it.

    KataGo's rule strings say it with `sui1` (multi-stone suicide legal) or
    `sui0`; the named rule sets as KataGo reads them: New Zealand, Tromp-Taylor
    and Ing (GOE) allow multi-stone suicide, Japanese, Korean, Chinese, AGA and
    the others forbid it.
    """
    text = rules.strip().lower()
    found = re.search(r"sui([01])", text)
    if found and ("ko" in text or "score" in text):
        return Suicide.MULTI if found.group(1) == "1" else Suicide.ILLEGAL
    key = re.sub(r"[\s_\-]", "", text)
    if key in _SUICIDE_LEGAL:
        return Suicide.MULTI
    if key in _SUICIDE_ILLEGAL:
        return Suicide.ILLEGAL
    return None


# ------------------------------------------------------------------ games


def _decode(data: bytes) -> str:
    return data.decode("utf-8", errors="replace")


def read_games(
    data: bytes,
    path: str = "<string>",
    *,
    variation: int = 1,
    suicide: Suicide | None = None,
) -> list[Game]:
    """Every game tree of an SGF collection, each along line `variation`.

    Lines are numbered by their last node in file order (1 = the main line,
    which takes the first variation at every fork).  `suicide` overrides the
    rule set's own suicide rule.  Raises InputError at the first problem.
    """
    text = _decode(data)
    source = Source(path, text)
    try:
        scanned = _scan(text)
    except _Problem as problem:
        raise InputError(f"bad SGF: {problem.message}", source.location(problem.position)) from None
    collapsed = data.isascii()  # then text offsets are byte offsets
    try:
        trees = sgf_grammar.parse_sgf_collection(_without_setup_lists(data, scanned) if collapsed else data)
    except ValueError:
        raise InputError("bad SGF: cannot read the game trees of this file", source.location(0)) from None
    if sum(_count(tree) for tree in trees) != len(scanned):  # the two readings must agree node for node
        raise InputError("bad SGF: cannot read the game trees of this file", source.location(0))
    games: list[Game] = []
    first = 0
    for number, tree in enumerate(trees, 1):
        games.append(_game(tree, scanned, first, number, source, variation, suicide, collapsed))
        first += _count(tree)
    return games


def _without_setup_lists(data: bytes, scanned: list[_Node]) -> bytes:
    """The file for sgfmill with every setup list (AB, AW, AE) cut to one empty value.

    A setup node may list every stone of a board, and sgfmill makes a token
    and a list item of each value; the scanner has already found each list
    as one span, so `_step` reads the points from there (`_Node.raw_values`)
    and sgfmill reads the tree and every other property.  Only for ASCII
    data, whose text offsets are its byte offsets.
    """
    spans = sorted(
        (start, end) for node in scanned for name in SETUP for _, start, end in node.properties.get(name, ())
    )
    if not spans:
        return data
    pieces = []
    done = 0
    for start, end in spans:
        pieces.append(data[done:start])
        pieces.append(b"[]")
        done = end
    pieces.append(data[done:])
    return b"".join(pieces)


def _count(tree: sgf_grammar.Coarse_game_tree) -> int:
    total = 0
    stack = [tree]
    while stack:
        t = stack.pop()
        total += len(t.sequence)
        stack.extend(t.children)
    return total


def _lines(tree: sgf_grammar.Coarse_game_tree, first: int) -> Iterator[list[tuple[dict[str, list[bytes]], int]]]:
    """Every line of a tree in file order, as (properties, index of the node in the file)."""
    # (tree, index of its first node, the line up to it)
    stack: list[tuple[sgf_grammar.Coarse_game_tree, int, list[tuple[dict[str, list[bytes]], int]]]] = [(tree, first, [])]
    while stack:
        t, start, line = stack.pop()
        line = line + [(props, start + i) for i, props in enumerate(t.sequence)]
        if not t.children:
            yield line
            continue
        following = start + len(t.sequence)
        children = []
        for child in t.children:
            children.append((child, following, line))
            following += _count(child)
        stack.extend(reversed(children))


def _game(
    tree: sgf_grammar.Coarse_game_tree,
    scanned: list[_Node],
    first: int,
    number: int,
    source: Source,
    variation: int,
    suicide: Suicide | None,
    collapsed: bool = False,
) -> Game:
    root_props = tree.sequence[0]
    root = scanned[first]
    reader = _Reader(source)
    charset = root_props.get("CA")
    if charset:
        reader.encoding = charset[0].decode("ascii", errors="replace").strip() or "utf-8"
    game = reader.single(root_props, root, "GM")
    if game is not None and game != "1":
        raise reader.error(f"GM[{_quote(game)[1:-1]}] is not a game of Go; expected GM[1]", root.first("GM") or 0)
    size_text = reader.single(root_props, root, "SZ")
    if size_text is not None:
        at = root.first("SZ") or 0
        if ":" in size_text or not (size_text.isascii() and size_text.isdigit()) or not 1 <= int(size_text[:6]) <= MAX_SIZE:
            raise reader.error(
                f"SZ[{_quote(size_text)[1:-1]}]: expected a square board size from 1 to {MAX_SIZE} "
                "(passalive does not read rectangular SGF boards)", at,
            )
        reader.size = int(size_text)
    rules = reader.single(root_props, root, "RU")
    rule = rule_suicide(rules) if rules is not None else None
    if rules is not None and rule is None:
        reader.warn(f"RU[{_quote(rules)[1:-1]}]: a rule set passalive does not know; suicide taken as illegal", root.first("RU") or 0)
    komi_text = reader.single(root_props, root, "KM")
    handicap_text = reader.single(root_props, root, "HA")
    info = GameInfo(
        size=reader.size,
        komi=reader.real(komi_text, "KM", root.first("KM") or 0) if komi_text is not None else None,
        handicap=(
            reader.integer(handicap_text, "HA", root.first("HA") or 0, 0, reader.size * reader.size)
            if handicap_text is not None else None
        ),
        rules=rules,
        suicide=suicide if suicide is not None else (rule or Suicide.ILLEGAL),
        suicide_source="given" if suicide is not None else (f"RU[{rules}]" if rule is not None else "default"),
        black=reader.single(root_props, root, "PB"),
        white=reader.single(root_props, root, "PW"),
        result=reader.single(root_props, root, "RE"),
        name=reader.single(root_props, root, "GN"),
    )
    lines = _lines(tree, first)
    count = 0
    chosen = None
    for line in lines:
        count += 1
        if count == variation:
            chosen = line
    if chosen is None:
        raise InputError(
            f"{source.path}: game {number} has {count} line(s) (variations), not line {variation}",
            source.location(root.position),
        )
    steps = tuple(_step(reader, props, scanned[index], node, collapsed) for node, (props, index) in enumerate(chosen))
    return Game(
        path=source.path,
        number=number,
        info=info,
        steps=steps,
        variation=variation,
        variations=count,
        warnings=tuple(reader.warnings),
        source=source,
    )


def _step(reader: _Reader, props: dict[str, list[bytes]], node: _Node, index: int, collapsed: bool = False) -> Step:
    """One node's setup and move, checked; with `collapsed`, the setup lists
    come from the scanner (see `_without_setup_lists`)."""
    for name, occurrences in node.properties.items():
        if len(occurrences) > 1 and name in ("AB", "AW", "AE"):
            reader.warn(f"{name} is given {len(occurrences)} times in this node; the points of all are set", occurrences[1][0])
    moves = [(name, at) for name in ("B", "W") for at, _, _ in node.properties.get(name, [])]
    if len(moves) > 1:
        moves.sort(key=lambda m: m[1])
        raise reader.error(
            f"two moves in one node ({' and '.join(m[0] for m in moves)}); each move needs its own node ;", moves[1][1]
        )
    setup: dict[str, list[int]] = {}
    for name in SETUP:
        if name in props:
            found = node.grid_points(name, reader.size) if collapsed else None
            setup[name] = found if found is not None else reader.points(
                node.raw_values(name) if collapsed else props[name], name, node
            )
    if len(setup) > 1:
        names = list(setup)
        for i, first in enumerate(names):
            for second in names[i + 1 :]:
                earlier = set(setup[first])
                if not earlier.isdisjoint(setup[second]):
                    common = earlier.intersection(setup[second])
                    p = min(common)
                    where = _LETTERS[p % reader.size] + _LETTERS[p // reader.size]
                    raise reader.error(
                        f"{second}[{where}]: the point is also in {first} of this node", node.first(second) or node.position
                    )
    colour: Colour | None = None
    point: int | None = None
    move_at = node.position
    if moves:
        name, move_at = moves[0]
        colour = Colour.BLACK if name == "B" else Colour.WHITE
        values = props[name]
        if len(values) != 1:
            raise reader.error(f"{name} has {len(values)} values; a move is one point, e.g. {name}[dd]", node.value_at(name, 1))
        raw = values[0].strip()
        if raw and not (raw == b"tt" and reader.size <= 19):
            point = reader.point(raw, name, node.value_at(name, 0))
    return Step(
        node=index,
        colour=colour,
        point=point,
        black=tuple(setup.get("AB", ())),
        white=tuple(setup.get("AW", ())),
        empty=tuple(setup.get("AE", ())),
        offset=node.position,
        move_offset=move_at,
    )


# ------------------------------------------------------- one position


def read_sgf(
    data: bytes,
    path: str = "<string>",
    *,
    node: int | None = None,
    move: int | None = None,
    game: int = 1,
    variation: int = 1,
    allow_illegal: bool = False,
) -> Diagram:
    """The position after `node` (0 = root) or move `move` of one line of one
    game tree of the file (default: the last node of the first game's main line)."""
    games = read_games(data, path, variation=variation)
    if not 1 <= game <= len(games):
        raise InputError(f"{path}: the file has {len(games)} game(s), not game {game}")
    record = games[game - 1]
    position = record.position(node=node, move=move)
    board = position.board
    moves: list[Move] = []
    number = 0
    for step in record.steps[: position.node + 1]:
        if step.colour is not None:
            number += 1
            if step.point is not None:
                where = record.location(step.move_offset)
                assert where is not None
                moves.append(Move(number, step.colour, step.point, where))
    location = position.location
    if not allow_illegal:
        try:
            board.check_legal()
        except IllegalPositionError as error:
            raise IllegalPositionError(error.message, location) from None
    name = record.info.name
    title = f"{name} (node {position.node})" if name else f"node {position.node}"
    return Diagram(board=board, title=title, board_size=record.size, moves=tuple(moves), location=location)


def read_game_file(
    path: str | os.PathLike[str], *, variation: int = 1, suicide: Suicide | str | None = None
) -> Iterator[Game]:
    """Every game tree of an SGF file (`-`: standard input), each along line `variation`.

    The file is read and parsed once; each `Game`'s `positions()` then
    replays its line.  `suicide` ("no", "multi", "all" or a `Suicide`)
    overrides the rule sets' own suicide rules.
    """
    from passalive.grammar.files import read_input

    name, data, _ = read_input(path)
    rule = None if suicide is None else Suicide.parse(suicide)
    yield from read_games(data, name, variation=variation, suicide=rule)
