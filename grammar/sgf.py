"""Reader for SGF files: every game tree of a collection, one line of each.

The file is read as SGF says: its structure (parentheses, `;`, property
names, brackets) is ASCII, so it is scanned as bytes (one character per byte,
`Source`), and only text values (RU, PB, PW, RE, GN) are decoded, by the
game's `CA` when that names a character set passalive can use (`text_encoding`:
an ASCII-compatible character set of an allow-list), else as UTF-8 with bad
bytes replaced and a located warning.  A scanner finds each node, the node it
follows and where each of its properties starts, one game tree at a time
(`iter_games` yields each game before the next tree is scanned, so a
collection is read in memory proportional to the file and one game); the
reader then takes the root's facts (SZ, KM, HA, RU, PB, PW, RE, GN) and the
setup (AB/AW/AE) and move (B/W) of every node of the chosen line as point
ids, in time linear in the tree (a line is its last node and the nodes it
follows).  `Game.positions()` replays them.  Every error and warning points
into the file (file:line:col); the scanner also finds what a lenient reader
would merge or skip without a word:

* errors: a syntax error (an unclosed bracket or parenthesis, a node after a
  variation, text outside a game tree), two moves in one node (`;B[aa]W[bb]`
  or `;B[aa]B[bb]`), a single-valued property given twice with different
  values (`SZ[9]SZ[19]`), a point given two colours in one node (`AB[aa]AW[aa]`),
  a malformed or off-board point, a malformed number, a rectangular board;
* warnings (the file is read): a list property given twice in a node
  (`AB[aa]AB[bb]`, written by some editors: both lists are used), a
  single-valued property repeated with the same value, a rule set (RU) whose
  suicide rule passalive does not know (suicide illegal is assumed), a `CA`
  that is no character set passalive can use.

Values are quoted in messages up to 80 characters.

Over 600 lines: the scanner, the property reader and the replay of a line share the positions of
nodes and properties that every located error and warning points at.
"""

from __future__ import annotations

import codecs
import functools
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field

from passalive.errors import IllegalPositionError, InputError, Location
from passalive.grammar.files import UTF16_MARKS
from passalive.go.board import Colour
from passalive.go.diagram import Diagram
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
    parent: int = -1
    """The index (in its tree) of the node this one follows; -1 for the root."""
    properties: dict[str, list[tuple[int, int, int]]] = field(default_factory=dict)
    """ident -> every occurrence as (where its name starts, where its values start and end)."""

    def first(self, *names: str) -> int | None:
        """Where the first of these properties that the node has starts."""
        for name in names:
            if name in self.properties:
                return self.properties[name][0][0]
        return None

    def raw_values(self, name: str) -> list[bytes]:
        """The raw values (the bytes between the brackets, escapes kept) of
        every occurrence of property `name`, in order."""
        values: list[bytes] = []
        for _, start, end in self.properties[name]:
            span = self.text[start:end].rstrip(_SPACE)
            if "\\" not in span and span.count("]") == span.count("][") + 1:  # no escape, no space between: one split
                values.extend(span[1:-1].encode("latin-1").split(b"]["))
            else:
                values.extend(_VALUE_BYTES.findall(span.encode("latin-1")))
        return values

    def grid_points(self, name: str, size: int) -> list[int] | None:
        """The point ids of property `name` when it is written the usual way
        -- once, every value two letters, nothing between the values -- else
        None (then `_Reader.points` reads it value by value).  A setup list
        may hold every point of the board: its text is read four bytes (one
        `[xy]`) at a time."""
        occurrences = self.properties[name]
        if len(occurrences) != 1:
            return None
        _, start, end = occurrences[0]
        data = self.text[start:end].rstrip(_SPACE).encode("latin-1")
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
"""The setup properties: long lists of points, read from the scanner's spans."""
_TOKEN = re.compile(r"\s*(?:([A-Za-z]+)\s*(" + _VALUES + r")|([A-Za-z]+)|([;()]))", re.S | re.ASCII)
_SPACE = " \t\n\r\f\v"
"""The white space between SGF's tokens (ASCII only: the text is the file's bytes)."""


_UTF16_MARKS = tuple(mark.decode("latin-1") for mark in UTF16_MARKS)
"""`files.UTF16_MARKS` as the scanner sees the file's bytes (one character a byte)."""


def _utf16_hint(text: str, at: int) -> str:
    """What to do about a file that is UTF-16, when the scanner stops at its first bytes; else ''."""
    if at == 0 and text.startswith(_UTF16_MARKS):
        return " (this file is UTF-16, from its byte-order mark; SGF is read as UTF-8 or another ASCII-compatible set: save it as UTF-8)"
    return ""


def _scan(text: str) -> Iterator[list[_Node]]:
    """The nodes of each game tree in text order, one tree at a time (each
    node knows the node it follows); raises _Problem (message, offset) on a
    syntax problem, when the scan reaches it.

    One regular-expression match per property (its name and all its values)
    or delimiter; where each value starts is found again only for a message.
    """
    nodes: list[_Node] = []
    trees = 0
    depth = 0
    has_node: list[bool] = []  # per open tree: a node seen in its sequence
    closed_child: list[bool] = []  # per open tree: a variation already closed in it
    last: list[int] = []  # per open tree: its last node so far (at first: the node it follows)
    i = 0
    n = len(text)
    match = _TOKEN.match
    while True:
        m = match(text, i)
        if m is None:
            rest = text[i:].lstrip(_SPACE)
            if not rest:
                break
            at = n - len(rest)
            if rest[0] == "[":
                if _VALUE.match(text, at):
                    raise _Problem("a property value [...] without a property name before it", at)
                raise _Problem("this property value is never closed with ]", at)
            if depth == 0:
                raise _Problem("expected an SGF game tree starting with (;" + _utf16_hint(text, at), at)
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
                after = text[i:].lstrip(_SPACE)
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
            last.append(last[-1] if last else -1)
        elif ch == ")":
            if depth == 0:
                raise _Problem("this ) closes no (", at)
            if not has_node[-1]:
                raise _Problem("an empty game tree: expected a node ; after its (", at)
            depth -= 1
            has_node.pop()
            closed_child.pop()
            last.pop()
            if depth:
                closed_child[-1] = True
            else:
                trees += 1
                yield nodes
                nodes = []
        else:
            if depth == 0:
                raise _Problem("a node ; outside the game tree (...)", at)
            if closed_child[-1]:
                raise _Problem("a node ; after a variation; nodes come before a tree's variations", at)
            has_node[-1] = True
            nodes.append(_Node(at, text, last[-1]))
            last[-1] = len(nodes) - 1
    if not trees and depth == 0:
        raise _Problem("no SGF data: expected a game tree starting with (;", 0)
    if depth:
        raise _Problem("this ( is never closed with )", _open_paren(text))


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

    def text(self, raw: bytes, encoding: str | None = None) -> str:
        """A SimpleText value: escapes resolved, white space made spaces,
        decoded by `encoding` (default: the game's, from CA), bad bytes replaced."""
        value = _simple_text(raw)
        try:
            return value.decode(encoding or self.encoding, errors="replace")
        except (LookupError, UnicodeError, ValueError):  # text_encoding has checked the codec: never expected
            return value.decode("utf-8", errors="replace")

    def single(self, node: _Node, name: str, *, text: bool = True) -> str | None:
        """The one value of a single-valued property (None if absent); a
        repeat with the same value is a warning, with another an error.
        `text`: a text value, decoded by the game's CA; else a number or a
        name, read as ASCII (the structure's own encoding)."""
        if name not in node.properties:
            return None
        values = node.raw_values(name)
        encoding = None if text else "ascii"
        texts = [self.text(v, encoding).strip() for v in values]
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


_SOFT_BREAK = re.compile(rb"\\(\r\n|\n\r|\r|\n|.)", re.S)
_WHITE = bytes.maketrans(b"\t\n\r\v\f", b"     ")


def _simple_text(raw: bytes) -> bytes:
    """A SimpleText value as SGF (FF[4]) defines it: a backslash before a line
    break removes both (a soft break), before any other byte it stands for
    that byte; every white-space byte but space, and a line break (`\\r\\n`
    as one), becomes a space."""
    if b"\\" in raw:
        raw = _SOFT_BREAK.sub(lambda m: b"" if m.group(1) in (b"\r\n", b"\n\r", b"\r", b"\n") else m.group(1), raw)
    if b"\r" in raw:
        raw = raw.replace(b"\r\n", b" ").replace(b"\n\r", b" ")
    return raw.translate(_WHITE)


_CHARSETS = re.compile(
    r"utf-8(-sig)?|ascii|iso8859-\d+|cp(437|8\d\d|874|9[3-5]\d|125\d|1006)|mac-\w+|koi8-[a-z]|kz1048|ptcp154"
    r"|tis-620|hp-roman8|shift_jis(x0213|_2004)?|euc_(jp|jis_2004|jisx0213|kr)|gb2312|gbk|gb18030|big5(hkscs)?|johab"
)
"""The character sets a CA may name (by Python's name of the codec): the
ASCII-compatible ones, where SGF's brackets and backslashes are the bytes
they look like.  Not a codec that is no character set (`idna`, `punycode`,
`unicode_escape`, `undefined`, `rot13`) nor one that writes ASCII otherwise
(UTF-16, UTF-32, UTF-7, EBCDIC, ISO-2022)."""

_ASCII_PROBE = bytes(range(0x20, 0x7F))


def text_encoding(name: str) -> str | None:
    """The codec for `CA[name]`, or None when passalive cannot decode text by it.

    Taken: a name Python knows for a character set of `_CHARSETS` that reads
    printable ASCII as itself (checked, not assumed).  Anything else -- an
    unknown name, a codec that is no character set, one that is not
    ASCII-compatible, a name with a NUL or other control character -- is None.
    """
    if not name or len(name) > 40 or not (name.isascii() and name.isprintable()):
        return None
    try:
        codec = codecs.lookup(name).name
        if not _CHARSETS.fullmatch(codec) or _ASCII_PROBE.decode(codec) != _ASCII_PROBE.decode("ascii"):
            return None
    except (LookupError, UnicodeError, ValueError):
        return None
    return codec


def iter_games(
    data: bytes,
    path: str = "<string>",
    *,
    variation: int = 1,
    suicide: Suicide | None = None,
) -> Iterator[Game]:
    """Every game tree of an SGF collection, each along line `variation`, one
    at a time: a game is yielded before the next tree is scanned, so a
    collection of thousands of games holds one of them (and the file's bytes).

    Lines are numbered by their last node in file order (1 = the main line,
    which takes the first variation at every fork).  `suicide` overrides the
    rule set's own suicide rule.  Raises InputError at the first problem,
    when the reading reaches it (after the games before it).
    """
    text = data.decode("latin-1")  # one character per byte: offsets are byte offsets
    del data
    source = Source(path, text)
    trees = _scan(text)
    number = 0
    while True:
        try:
            nodes = next(trees, None)
        except _Problem as problem:
            raise InputError(f"bad SGF: {problem.message}", source.location(problem.position)) from None
        if nodes is None:
            return
        number += 1
        yield _game(nodes, number, source, variation, suicide)


def read_games(
    data: bytes,
    path: str = "<string>",
    *,
    variation: int = 1,
    suicide: Suicide | None = None,
) -> list[Game]:
    """Every game tree of an SGF collection, each along line `variation` (see `iter_games`)."""
    return list(iter_games(data, path, variation=variation, suicide=suicide))


def _line(nodes: list[_Node], variation: int) -> tuple[list[int], int]:
    """The nodes (indices) of line `variation` of a tree, root first, or []
    when it has fewer lines; and how many lines it has.

    A line ends at a node that no node follows (its leaf); lines are counted
    by their leaves in file order, and the line is its leaf and the nodes it
    follows: one pass over the tree, whatever its shape.
    """
    followed = bytearray(len(nodes))
    for node in nodes:
        if node.parent >= 0:
            followed[node.parent] = 1
    count = 0
    chosen: list[int] = []
    for index, is_followed in enumerate(followed):
        if not is_followed:
            count += 1
            if count == variation:
                while index >= 0:
                    chosen.append(index)
                    index = nodes[index].parent
                chosen.reverse()
    return chosen, count


def _game(
    nodes: list[_Node],
    number: int,
    source: Source,
    variation: int,
    suicide: Suicide | None,
) -> Game:
    root = nodes[0]
    reader = _Reader(source)
    charset = reader.single(root, "CA", text=False)
    if charset is not None:
        codec = text_encoding(charset)
        if codec is None:
            reader.warn(
                f"CA[{_quote(charset)[1:-1]}] is no character set passalive can read (an ASCII-compatible one "
                "such as UTF-8, ISO-8859-1, Shift_JIS or GB2312); text values read as UTF-8, bad bytes replaced",
                root.first("CA") or 0,
            )
        else:
            reader.encoding = codec
    game = reader.single(root, "GM", text=False)
    if game is not None and game != "1":
        raise reader.error(f"GM[{_quote(game)[1:-1]}] is not a game of Go; expected GM[1]", root.first("GM") or 0)
    size_text = reader.single(root, "SZ", text=False)
    if size_text is not None:
        at = root.first("SZ") or 0
        if ":" in size_text or not (size_text.isascii() and size_text.isdigit()) or not 1 <= int(size_text[:6]) <= MAX_SIZE:
            raise reader.error(
                f"SZ[{_quote(size_text)[1:-1]}]: expected a square board size from 1 to {MAX_SIZE} "
                "(passalive does not read rectangular SGF boards)", at,
            )
        reader.size = int(size_text)
    rules = reader.single(root, "RU")
    rule = rule_suicide(rules) if rules is not None else None
    if rules is not None and rule is None:
        reader.warn(f"RU[{_quote(rules)[1:-1]}]: a rule set passalive does not know; suicide taken as illegal", root.first("RU") or 0)
    komi_text = reader.single(root, "KM", text=False)
    handicap_text = reader.single(root, "HA", text=False)
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
        black=reader.single(root, "PB"),
        white=reader.single(root, "PW"),
        result=reader.single(root, "RE"),
        name=reader.single(root, "GN"),
    )
    chosen, count = _line(nodes, variation)
    if not chosen:
        raise InputError(
            f"game {number} has {count} line(s) (variations), not line {variation}",  # the location names the file
            source.location(root.position),
        )
    steps = tuple(_step(reader, nodes[index], node) for node, index in enumerate(chosen))
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


_NOT_A_PLAIN_MOVE = ("AB", "AW", "AE", "TB", "TW")
"""The properties `_step` reads besides a move: a node with none of them and one move is a plain move."""


@functools.lru_cache(maxsize=32)
def _move_table(size: int) -> dict[str, int | None]:
    """A move's value as the scanner's span has it (white space after it taken off), written the usual
    way (`[dd]`, no space inside), and the point id, or None for a pass (`[]`, and `[tt]` up to 19x19): what `_step` reads from them."""
    table: dict[str, int | None] = {f"[{value.decode()}]": point for value, point in _point_table(size).items()}
    table["[]"] = None
    if size <= 19:
        table["[tt]"] = None
    return table


def _step(reader: _Reader, node: _Node, index: int) -> Step:
    """One node's setup and move, checked."""
    properties = node.properties
    black, white = properties.get("B"), properties.get("W")
    move = black if white is None else white if black is None else None
    if move is not None and len(move) == 1 and properties.keys().isdisjoint(_NOT_A_PLAIN_MOVE):
        # the usual node of a game, one move and nothing _step reads besides: its value read by a table
        at, start, end = move[0]
        value = node.text[start:end]
        table = _move_table(reader.size)
        if value not in table:  # the white space after the value (a line break between moves)
            value = value.rstrip(_SPACE)
        if value in table:
            return Step.move(index, Colour.BLACK if white is None else Colour.WHITE, table[value], node.position, at)
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
        if name in node.properties:
            found = node.grid_points(name, reader.size)
            setup[name] = found if found is not None else reader.points(node.raw_values(name), name, node)
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
    marks = {  # territory marks; over a stone they mark it dead (KGS, OGS, GoGui)
        name: reader.points([raw for raw in node.raw_values(name) if raw.strip()], name, node)
        for name in ("TB", "TW") if name in node.properties
    }
    colour: Colour | None = None
    point: int | None = None
    move_at = node.position
    if moves:
        name, move_at = moves[0]
        colour = Colour.BLACK if name == "B" else Colour.WHITE
        values = node.raw_values(name)
        if len(values) != 1:
            raise reader.error(f"{name} has {len(values)} values; a move is one point, e.g. {name}[dd]", node.value_at(name, 1))
        raw = values[0]
        point = _point_table(reader.size).get(raw)  # the usual move; anything else is looked at closely
        if point is None:
            raw = raw.strip()
            if raw and not (raw == b"tt" and reader.size <= 19):
                point = reader.point(raw, name, node.value_at(name, 0))
    return Step(
        node=index,
        colour=colour,
        point=point,
        black=tuple(setup.get("AB", ())),
        white=tuple(setup.get("AW", ())),
        empty=tuple(setup.get("AE", ())),
        territory_black=tuple(marks.get("TB", ())),
        territory_white=tuple(marks.get("TW", ())),
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
    from passalive.go.markup import Move  # here, not at the top: analysing a game does not build the markup's classes

    record = None
    count = 0
    for count, found in enumerate(iter_games(data, path, variation=variation), 1):  # the whole file: its errors too
        if count == game:
            record = found
    if record is None:
        raise InputError(f"{path}: the file has {count} game(s), not game {game}")
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
    yield from iter_games(data, name, variation=variation, suicide=rule)
