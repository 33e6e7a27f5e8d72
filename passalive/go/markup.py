"""The parts of a diagram's markup beyond its board, and passalive's own extension lines.

Extension lines have the generic form `$$ {WORD item item ...}`.  Every such
line other than the wiki's own `{AR ...}`/`{LN ...}` is kept as an
`Annotation`, whatever its word, so a later feature can define its own words
(e.g. `{EYES ...}`) without touching the reader.  The words passalive itself
defines are interpreted when the diagram is read:

* `LINK p q ...` / `UNLINK p q ...` change the board's adjacency;
* `EXPECT ...` becomes an `Expectation`, `CAPTURE ...` a `CaptureClaim`,
  with their point names resolved to point ids and checked against the board.

Besides: the numbered moves as drawn (`Move`, also an SGF node's move), the
wiki's link lines (`WikiLink`) and arrows (`Drawing`).  A `Diagram`
(`passalive.go.diagram`) holds them; they live apart so that reading and
analysing a plain board, which has none, does not build their classes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from passalive.go.board import Board, Colour
from passalive.go.conventions import STATUS_SWITCHES, switch_flag
from passalive.go.coords import Frame
from passalive.errors import InputError, Location
from passalive.go.suicide import Suicide


@dataclass(frozen=True)
class Annotation:
    """An extension line `$$ {WORD item item ...}`, kept verbatim.

    `location` points at the word; `item_columns[i]` is the 1-based column of
    `items[i]` on the same line, so a consumer can report an error at the
    exact item with `error(message, i)`.
    """

    word: str
    items: tuple[str, ...]
    location: Location
    item_columns: tuple[int, ...] = ()

    def item_location(self, index: int | None = None, offset: int = 0) -> Location:
        """The location of item `index` (plus `offset` characters), or of the word."""
        loc = self.location
        if index is None or index >= len(self.item_columns):
            column = loc.column
        else:
            column = self.item_columns[index] + offset
        return Location(loc.path, loc.line, column, loc.source_line)

    def error(self, message: str, index: int | None = None, offset: int = 0) -> InputError:
        """An InputError located at an item of this line (or at its word)."""
        return InputError(message, self.item_location(index, offset))

    def options(self, allowed: tuple[str, ...] | None = None) -> dict[str, tuple[str, int]]:
        """The `key=value` items as {key: (value, item index)}.

        Raises InputError (at the item) for an item without `=`, a key given
        twice, or a key not in `allowed` (when given).
        """
        result: dict[str, tuple[str, int]] = {}
        for i, item in enumerate(self.items):
            key, eq, value = item.partition("=")
            if not eq or not key:
                expected = f" ({', '.join(k + '=' for k in allowed)})" if allowed else ""
                raise self.error(f"{self.word}: expected key=value{expected}, got {item!r}", i)
            if allowed is not None and key not in allowed:
                raise self.error(
                    f"{self.word}: unknown key {key!r}; expected one of {', '.join(allowed)}", i
                )
            if key in result:
                raise self.error(f"{self.word}: {key} is given twice", i)
            result[key] = (value, i)
        return result

    def render(self) -> str:
        """The line as Sensei's markup, `$$ {WORD items}`."""
        return "$$ {" + " ".join((self.word, *self.items)) + "}"


@dataclass(frozen=True)
class Expectation:
    """`{EXPECT ...}`: the pass-alive chains a page claims, for a regression check.

    Under each of `variants` and the `suicide` rule, the pass-alive chains of
    a colour must be exactly the chains containing the points listed for it
    (`black`/`white`, point ids); an empty set means no chain of that colour
    is pass-alive, None that the colour is not checked.
    """

    variants: tuple[str, ...]
    suicide: Suicide
    black: frozenset[int] | None
    white: frozenset[int] | None
    location: Location
    territory: tuple[str, ...] | None = None
    """`territory=NAME[,FLAG...]`: a status map to check (docs/statuses.md), else None."""
    statuses: tuple[tuple[str, frozenset[int]], ...] = ()
    """For each status key given (`dead=...`, `area_black=...`), exactly the points that have it."""

    def points(self, colour: Colour) -> frozenset[int] | None:
        """The listed points of one colour (None: not checked)."""
        return self.black if colour is Colour.BLACK else self.white


@dataclass(frozen=True)
class CaptureClaim:
    """`{CAPTURE ...}`: a sequence by which `by` captures stones of the other colour.

    `moves` are point ids, None for a pass; the owner of the attacked stones
    passes throughout.
    """

    by: Colour
    suicide: Suicide
    moves: tuple[int | None, ...]
    location: Location


@dataclass(frozen=True)
class Move:
    """A numbered move drawn in a diagram (or given in the title as `N at M`)."""

    number: int
    colour: Colour
    point: int
    location: Location
    at: int | None = None
    """For a collision `N at M`, the number M drawn on the point; else None."""


@dataclass(frozen=True)
class WikiLink:
    """A link definition line `$$ [label|target]` (kept for output only)."""

    label: str
    target: str


@dataclass(frozen=True)
class Drawing:
    """An arrow `{AR p q}` or a line `{LN p q}`, with point names as written."""

    kind: str
    start: str
    end: str


@dataclass(frozen=True)
class GridNames:
    """Resolves the point names of extension lines on a grid being read.

    `exists(x, y)` says whether a grid position holds a point (not a hole).
    """

    frame: Frame
    width: int
    height: int
    exists: Callable[[int, int], bool]

    def locate(self, name: str, annotation: Annotation, index: int, offset: int = 0) -> tuple[int, int]:
        """The grid position (x, y) of `name`; InputError at the item otherwise."""
        xy = self.frame.locate(name, self.width)
        if xy is None:
            hint = "a point name such as C3 or 3:5"
            if not self.frame.knows_gtp(self.width):
                hint = "a point name col:row (this diagram's edges do not fix GTP names)"
            raise annotation.error(f"{annotation.word}: expected {hint}, got {name!r}", index, offset)
        x, y = xy
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise annotation.error(f"{annotation.word}: {name} is not on this diagram", index, offset)
        if not self.exists(x, y):
            raise annotation.error(f"{annotation.word}: {name} is a hole (_), not a point", index, offset)
        return xy


def _names_in(item: str) -> list[tuple[str, int]]:
    """The comma-separated names of an item with their offsets in it."""
    result: list[tuple[str, int]] = []
    offset = 0
    for part in item.split(","):
        result.append((part, offset))
        offset += len(part) + 1
    return result


# ------------------------------------------------------ passalive's own words


def adjacency_changes(
    annotations: tuple[Annotation, ...], names: GridNames
) -> tuple[list[tuple[tuple[int, int], tuple[int, int]]], list[tuple[tuple[int, int], tuple[int, int]]]]:
    """The (link, unlink) pairs of grid positions given by LINK/UNLINK lines."""
    link: list[tuple[tuple[int, int], tuple[int, int]]] = []
    unlink: list[tuple[tuple[int, int], tuple[int, int]]] = []
    for a in annotations:
        if a.word not in ("LINK", "UNLINK"):
            continue
        if not a.items or len(a.items) % 2:
            raise a.error(f"{a.word}: expected pairs of points, got {len(a.items)} point name(s)")
        for i in range(0, len(a.items), 2):
            p = names.locate(a.items[i], a, i)
            q = names.locate(a.items[i + 1], a, i + 1)
            if p == q:
                raise a.error(f"{a.word}: a point cannot be paired with itself", i + 1)
            if a.word == "UNLINK":
                if abs(p[0] - q[0]) + abs(p[1] - q[1]) != 1:
                    raise a.error(
                        f"UNLINK: {a.items[i]} and {a.items[i + 1]} are not neighbours on the grid",
                        i + 1,
                    )
                unlink.append((p, q))
            else:
                link.append((p, q))
    return link, unlink


def _suicide(a: Annotation, options: dict[str, tuple[str, int]]) -> Suicide:
    if "suicide" not in options:
        return Suicide.ILLEGAL
    value, index = options["suicide"]
    try:
        return Suicide.parse(value)
    except InputError as error:
        raise a.error(f"{a.word}: {error.message}", index, len("suicide=")) from None


def _point_of(board: Board, a: Annotation, name: str, index: int, offset: int) -> int:
    try:
        return board.point(name)
    except InputError:
        hint = "" if board.size is None or board.frame.knows_gtp(board.size[0]) else " (use col:row)"
        raise a.error(f"{a.word}: no point named {name!r} on this diagram{hint}", index, offset) from None


STATUS_TERRITORIES: dict[str, tuple[str, ...]] = {
    name: tuple(switch_flag(switch) for switch in switches) for name, switches in STATUS_SWITCHES.items()
}
"""The status maps an EXPECT line can check (`territory=NAME[,FLAG...]`) and the flags of each
(`passalive.go.conventions`' switches, written with dashes)."""

STATUS_KEYS = ("alive", "dead", "black_territory", "white_territory", "undecided", "area_black", "area_white")
"""The status keys of an EXPECT line with `territory=`: GNU Go's words and KataGo's area per colour."""


def _status_items(a: Annotation, board: Board, options: dict[str, tuple[str, int]]) -> tuple[tuple[str, ...] | None, tuple[tuple[str, frozenset[int]], ...]]:
    """The `territory=` choice and the status lists of an EXPECT line."""
    territory: tuple[str, ...] | None = None
    if "territory" in options:
        value, index = options["territory"]
        name, *flags = value.split(",")
        if name not in STATUS_TERRITORIES:
            raise a.error(f"EXPECT: territory= must be one of {', '.join(STATUS_TERRITORIES)}, got {name!r}", index, len("territory="))
        for flag in flags:
            if flag not in STATUS_TERRITORIES[name]:
                known = ", ".join(STATUS_TERRITORIES[name]) or "none"
                raise a.error(f"EXPECT: territory={name} takes no flag {flag!r} (its flags: {known})", index, len("territory="))
        territory = (name, *flags)
    statuses = []
    for key in STATUS_KEYS:
        if key not in options:
            continue
        value, index = options[key]
        if territory is None:
            raise a.error(f"EXPECT: {key}= needs territory=NAME", index)
        wanted = ("area_black", "area_white") if territory[0] != "unconditional" else STATUS_KEYS[:5]
        if key not in wanted:
            raise a.error(f"EXPECT: territory={territory[0]} has no {key}= (use {', '.join(k + '=' for k in wanted)})", index)
        points = set() if value == "none" else {
            _point_of(board, a, name, index, len(key) + 1 + offset) for name, offset in _names_in(value)
        }
        statuses.append((key, frozenset(points)))
    return territory, tuple(statuses)


def expectation(a: Annotation, board: Board) -> Expectation:
    """Interpret `{EXPECT variant=... [suicide=...] [black=...] [white=...] [territory=... STATUS=...]}`."""
    options = a.options(("variant", "suicide", "black", "white", "territory", *STATUS_KEYS))
    territory, statuses = _status_items(a, board, options)
    if "variant" not in options and territory is None:
        raise a.error("EXPECT: missing variant=NAME[,NAME...]")
    value, index = options.get("variant", ("", -1))
    variants = tuple(value.split(",")) if index >= 0 else ()
    seen: set[str] = set()
    for name, offset in _names_in(value) if index >= 0 else ():
        if not name:
            raise a.error("EXPECT: empty variant name", index, len("variant=") + offset)
        if name in seen:
            raise a.error(f"EXPECT: variant {name} is listed twice", index, len("variant=") + offset)
        seen.add(name)
    lists: dict[str, frozenset[int] | None] = {"black": None, "white": None}
    for key, colour in (("black", Colour.BLACK), ("white", Colour.WHITE)):
        if key not in options:
            continue
        value, index = options[key]
        if value == "none":
            lists[key] = frozenset()
            continue
        points = set()
        for name, offset in _names_in(value):
            p = _point_of(board, a, name, index, len(key) + 1 + offset)
            if board.points[p].colour is not colour:
                raise a.error(
                    f"EXPECT: {name} is {_describe(board.points[p].colour)}, not a {key} stone",
                    index,
                    len(key) + 1 + offset,
                )
            points.add(p)
        lists[key] = frozenset(points)
    return Expectation(variants, _suicide(a, options), lists["black"], lists["white"], a.location, territory, statuses)


def capture_claim(a: Annotation, board: Board) -> CaptureClaim:
    """Interpret `{CAPTURE by=white|black [suicide=...] moves=P,Q,pass,R}`."""
    options = a.options(("by", "suicide", "moves"))
    if "by" not in options:
        raise a.error("CAPTURE: missing by=black or by=white")
    if "moves" not in options:
        raise a.error("CAPTURE: missing moves=P,Q,...")
    value, index = options["by"]
    if value not in ("black", "white"):
        raise a.error(f"CAPTURE: by= must be black or white, got {value!r}", index, len("by="))
    by = Colour.BLACK if value == "black" else Colour.WHITE
    value, index = options["moves"]
    moves: list[int | None] = []
    for name, offset in _names_in(value):
        if name == "pass":
            moves.append(None)
        else:
            moves.append(_point_of(board, a, name, index, len("moves=") + offset))
    return CaptureClaim(by, _suicide(a, options), tuple(moves), a.location)


def _describe(colour: Colour) -> str:
    return "empty" if colour is Colour.EMPTY else f"a {colour.value} stone"
