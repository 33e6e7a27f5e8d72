"""A position's pass-alive chains, territory and chains as names, straight from bitsets.

The fast front door for whole collections (`passalive analyse --jsonl`,
`--json`): on a full rectangular board with orthogonal adjacency, under
casting-out (or its suicide adaptation) and the `healthy` territory
convention, the direct algorithm (`passalive.definitions.direct`) already
has every pass-alive chain as a bitset.  `summarise` derives the rest from
the same bitsets -- every chain of both colours, the c-regions and which of
them are pass-alive territory -- and names points through a table made once
per board size, instead of building the `Board`'s own chain and region
objects.  The bitsets come from the board's stone masks (`Board.masks`: a
plain board read by `grammar.plain` never makes its point objects) or from a
game's replay (`summarise_position`), and a --jsonl line is written from
them without lists of names (`Summary.sets_json`, `chains_json`).  The
result is the same as `Analysis.alive_points`, `.territory` and
`Board.chains` give (the tests check it on random positions); any other case
returns None and the caller takes the general path.

The other territory conventions (`katago`, `katago-strict`,
`independent-life`, `unconditional`: `StatusRequest`) and the variants
`static-safety` and `static-safety-sound` take the same road: the status maps
are computed on the same geometry (`passalive.definitions.area`'s bitset
functions, GNU Go's procedure from the stones' colour codes, Müller's static
safety on the board), sharing the pass-alive stones where they are the same
set, and come back as bitsets (`StatusMaps`) named through the same table.

When the compiled kernel is built (`passalive.definitions.kernel`), it makes
the whole summary of the plain casting-out (no status map, no static safety)
in one call, the JSON text of a --jsonl line's sets and chains included
(`Summary.text`); `reference_summary` is the Python, the reference it is
tested against (tests/test_kernel.py).

Territory (the `healthy` convention of `passalive.definitions.analysis`):
a c-region R (a maximal connected set of points that are not c stones) is
c's territory when it does not reach an open side, it borders at least one c
chain, every c chain it borders is pass-alive, and some pass-alive chain is
next to every empty point of R (with suicide legal: to every point of R).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from itertools import compress
from typing import TYPE_CHECKING, Any

from passalive.definitions.area import (
    AreaMode,
    area_and_territory_bits,
    area_bits,
    independent_life_bits,
    pass_alive_territory_bits,
)
from passalive.go.conventions import KATAGO_CONVENTIONS
from passalive.definitions.direct import DirectResult, GridGeometry, casting_out, reference_casting_out
from passalive.definitions.kernel import native
from passalive.definitions.analysis import Variant, resolve_variant
from passalive.go.bitboard import from_padded, mask_of, padded_bits, padded_full, selectors, to_padded
from passalive.go.board import STONE_COLOURS, Board, Colour, Side
from passalive.go.coords import Frame
from passalive.go.suicide import Suicide

if TYPE_CHECKING:  # a game's position comes with the first SGF file
    from passalive.go.game import Position

FAST_VARIANTS = ("casting-out", "suicide")
"""The variants whose alive sets come as bitsets from `passalive.definitions.direct`."""

SAFETY_VARIANTS = ("static-safety", "static-safety-sound")
"""The variants of Müller's static safety: safe blocks and territory from `static_safety`, on the same road."""


@dataclass(frozen=True)
class StatusRequest:
    """The territory convention of a summary and the switches of its status map (`analyse --territory`).

    `healthy` (the default) has no map; `katago` / `katago-strict` give KataGo's
    area in the mode of the area switches of `area` (the convention chooses
    `safe_big_territories`), `independent-life` KataGo's independent-life area
    with its two keep switches, `unconditional` GNU Go's status of every point.
    """

    convention: str = "healthy"
    area: AreaMode = AreaMode()


@dataclass(frozen=True)
class StatusMaps:
    """The status map a convention adds, as the fast path computed it.

    `area`: KataGo's area or independent-life area, black's and white's points
    as bitsets of the padded layout; `life_regions`: white's independent-life
    regions minus black's; `status`: GNU Go's status of every point in reading
    order (its `Status` values).
    """

    area: tuple[int, int] | None = None
    life_regions: int | None = None
    status: tuple[str, ...] | None = None


@dataclass(frozen=True)
class Summary:
    """What `passalive analyse --json` prints for one board under one variant, as names.

    `alive` and `territory` give the names of the pass-alive stones and of
    the territory of each colour, in reading order; `chains` lists every
    chain of both colours in `Board.chains` order as {"colour", "stones",
    "alive"}.  `sets_json()` and `chains_json()` are the same as JSON text,
    made straight from the bitsets and names remembered per board size and
    per chain (a --jsonl line needs no lists of names).
    """

    variant: str
    alive_bits: tuple[int, int] = field(repr=False)
    """The pass-alive stones of black and of white as bitsets of the padded layout."""
    territory_bits: tuple[int, int] = field(repr=False)
    """The territory of black and of white as bitsets of the padded layout."""
    raw_chains: tuple[tuple[str, int, bool], ...] = field(repr=False)
    """(colour name, stones as a bitset of the padded layout, pass-alive) of every chain, in order."""
    table: _NameTable | None = field(default=None, repr=False, compare=False)
    maps: StatusMaps = field(default_factory=StatusMaps, repr=False)
    """The status map of the convention asked for (none for `healthy`)."""
    text: tuple[str, str] | None = field(default=None, repr=False, compare=False)
    """`sets_json()` and `chains_json()` as the compiled kernel wrote them, or None (made here from the bitsets)."""

    def area_names(self) -> dict[str, list[str]] | None:
        """The names of each colour's points of the area map, or None without one."""
        return None if self.maps.area is None else self._named(self.maps.area)

    def status_names(self) -> dict[str, str] | None:
        """GNU Go's status by point name, in reading order, or None without it."""
        if self.maps.status is None:
            return None
        assert self.table is not None
        return dict(zip([name for name in self.table.names if name], self.maps.status))

    @cached_property
    def alive(self) -> dict[str, list[str]]:
        """The names of each colour's pass-alive stones: {"black": [...], "white": [...]}."""
        return self._named(self.alive_bits)

    @cached_property
    def territory(self) -> dict[str, list[str]]:
        """The names of each colour's territory: {"black": [...], "white": [...]}."""
        return self._named(self.territory_bits)

    def _named(self, bits: tuple[int, int]) -> dict[str, list[str]]:
        assert self.table is not None
        names = self.table.names
        return {colour.value: _names(b, names) for colour, b in zip(STONE_COLOURS, bits)}

    def sets_json(self) -> str:
        """`"alive":{...},"territory":{...}` as compact JSON text (as `json.dumps` writes them)."""
        if self.text is not None:
            return self.text[0]
        assert self.table is not None
        json_names = self.table.json_names
        (ab, aw), (tb, tw) = self.alive_bits, self.territory_bits
        return (
            f'"alive":{{"black":{json_names(ab)},"white":{json_names(aw)}}},'
            f'"territory":{{"black":{json_names(tb)},"white":{json_names(tw)}}}'
        )

    @cached_property
    def chains(self) -> list[dict[str, Any]]:
        """Every chain as {"colour", "stones" (names in reading order), "alive"}."""
        assert self.table is not None
        names = self.table.names
        return [{"colour": colour, "stones": _names(bits, names), "alive": alive} for colour, bits, alive in self.raw_chains]

    def chains_json(self) -> str:
        """`chains` as compact JSON text (as `json.dumps(chains, separators=(",", ":"))` writes it)."""
        if self.text is not None:
            return self.text[1]
        assert self.table is not None
        chain = self.table.chain_json
        parts = [
            f'{{"colour":"{colour}","stones":{chain(bits)},"alive":{"true" if alive else "false"}}}'
            for colour, bits, alive in self.raw_chains
        ]
        return "[" + ",".join(parts) + "]"


@dataclass(frozen=True, eq=False)
class _NameTable:
    """The name of every bit of a padded grid layout (padding bits: ""), the
    same names as JSON strings, and recently seen chains as JSON lists of
    names by bitset: a game's next position keeps most of its chains."""

    names: tuple[str, ...]
    quoted: tuple[str, ...]
    chains: dict[int, str]

    @cached_property
    def _bytes(self) -> tuple[tuple[str, ...], ...]:
        """For each byte of a bitset (bits 8k to 8k+7) and each of its 256
        values, the JSON names of its set bits joined by commas: a set of
        names as JSON costs a lookup per byte, not per name."""
        quoted = self.quoted + ('""',) * (-len(self.quoted) % 8)
        rows = []
        for k in range(len(quoted) // 8):
            row = [""] * 256
            for value in range(1, 256):
                low = value & -value
                rest = value ^ low
                name = quoted[8 * k + low.bit_length() - 1]
                row[value] = name + "," + row[rest] if rest else name
            rows.append(tuple(row))
        return tuple(rows)

    def json_names(self, bits: int) -> str:
        """The names of the set bits as a JSON list, in reading order (as
        `json.dumps(_names(bits, names), separators=(",", ":"))` writes it)."""
        if not bits:
            return "[]"
        first = ((bits & -bits).bit_length() - 1) >> 3
        data = (bits >> (8 * first)).to_bytes(((bits.bit_length() + 7) >> 3) - first, "little")
        rows = self._bytes
        return "[" + ",".join([rows[k][value] for k, value in enumerate(data, first) if value]) + "]"

    def chain_json(self, bits: int) -> str:
        """The names of a chain's stones as a JSON list (remembered: a bounded cache, emptied when full)."""
        found = self.chains.get(bits)
        if found is None:
            if len(self.chains) > 4096:
                self.chains.clear()
            found = self.chains[bits] = self.json_names(bits)
        return found


@functools.lru_cache(maxsize=64)
def _name_table(width: int, height: int, frame: Frame) -> _NameTable:
    """The names of the padded layout of a width x height grid placed by `frame`."""
    names: list[str] = []
    for y in range(height):
        names.extend(frame.name(x, y, width) for x in range(width))
        names.append("")
    return _NameTable(tuple(names), tuple(json.dumps(name) for name in names), {})


@functools.lru_cache(maxsize=64)
def game_name_table(size: int) -> _NameTable:
    """The name table of a game's full size x size board (by size alone: no Frame to make and hash per node)."""
    return _name_table(size, size, Frame.full_board(size))


def _names(bits: int, table: tuple[str, ...]) -> list[str]:
    """The names of the set bits, lowest first (reading order: top row first,
    left to right): bit by bit for a few, else by selectors from the lowest
    set bit on (a chain costs the rows it spans, not the board)."""
    if bits.bit_count() <= 6:
        result = []
        while bits:
            low = bits & -bits
            result.append(table[low.bit_length() - 1])
            bits ^= low
        return result
    first = (bits & -bits).bit_length() - 1
    chosen = selectors(bits >> first)
    return list(compress(table[first : first + len(chosen)], chosen))


def components(g: GridGeometry, members: int) -> list[int]:
    """The connected parts of a bitset (lone points without a flood fill)."""
    single = g.isolated(members)
    rest = members & ~single
    parts = []
    while single:
        low = single & -single
        parts.append(low)
        single ^= low
    while rest:
        part = g.fill(rest & -rest, members)
        parts.append(part)
        rest &= ~part
    return parts


class _BitsGeometry(GridGeometry):
    """The grid geometry of a full rectangular board made from its stones'
    bitsets in the padded layout (a game position keeps them move by move; a
    plain grid `Board` has them as `Board.masks`), without the board's points."""

    def __init__(self, black: int, white: int, width: int, height: int, open_points: int = 0) -> None:  # noqa: D107
        self.width = width
        self.height = height
        self.stride = width + 1
        self.black = black
        self.white = white
        self.mask = padded_full(width, height)
        self.empty = self.mask & ~black & ~white
        self.open = open_points


@functools.lru_cache(maxsize=64)
def _open_mask(width: int, height: int, sides: frozenset[Side]) -> int:
    """The points along the open sides of a width x height grid, in the padded layout."""
    stride = width + 1
    row = (1 << width) - 1
    column = sum(1 << (y * stride) for y in range(height))
    along = {Side.TOP: row, Side.BOTTOM: row << ((height - 1) * stride), Side.LEFT: column, Side.RIGHT: column << (width - 1)}
    result = 0
    for side in sides:
        result |= along[side]
    return result


def position_geometry(position: Position) -> GridGeometry:
    """The direct algorithm's grid geometry of a game's position, from its replayed bitsets."""
    size = position.game.size
    return _BitsGeometry(position.bits[0], position.bits[1], size, size)


@dataclass(frozen=True)
class AliveBits:
    """The pass-alive stones and territory of black and of white, and each colour's
    pass-alive chains, as bitsets of the padded layout (`alive_bits`)."""

    alive: tuple[int, int]
    territory: tuple[int, int]
    chains: tuple[tuple[int, ...], tuple[int, ...]]


def alive_bits(black: int, white: int, width: int, height: int, suicide: Suicide, variant: str | None = None) -> AliveBits | None:
    """The pass-alive stones, territory and chains of a full width x height board
    given as padded bitsets, or None when the variant needs the general path.

    Leaner than `summarise_position`: only the chains next to a candidate region
    are flood-filled (casting-out's own shortcut), not every chain of the
    board, for callers that do not list every chain (the query engine).
    """
    chosen = fast_variant(variant, suicide)
    if chosen is None or chosen.name not in FAST_VARIANTS:
        return None
    g = _BitsGeometry(black, white, width, height)
    every_point = suicide is not Suicide.ILLEGAL
    alive: list[int] = []
    territory: list[int] = []
    chains: list[tuple[int, ...]] = []
    for colour in STONE_COLOURS:
        own = g.stones(colour)
        result = casting_out(g, colour, chosen.all_points)
        alive.append(result.stones)
        chains.append(result.chains)
        territory.append(_territory(g, own, result.stones, result.chains, every_point) if result.chains else 0)
    return AliveBits((alive[0], alive[1]), (territory[0], territory[1]), (chains[0], chains[1]))


def quoted_names(width: int, height: int) -> tuple[str, ...]:
    """For a full width x height board: every bit of the padded layout's JSON name (a quoted JSON string,
    `""` for a padding bit), as the compiled kernel's `game_lines` and `query_answers` write them."""
    return _name_table(width, height, Frame.full_board(height)).quoted


def chain_names(width: int, height: int) -> Callable[[int], str]:
    """For a full width x height board: a padded bitset's point names as a JSON list, in
    reading order (remembered per chain: a game's next position keeps most of its chains)."""
    return _name_table(width, height, Frame.full_board(height)).chain_json


def board_geometry(board: Board) -> GridGeometry | None:
    """The direct algorithm's grid geometry of a plain grid board, from its
    colours (`Board.masks`: its point objects are not needed), or None for
    any other board."""
    if board.size is None or not board.is_plain_grid:
        return None
    width, height = board.size
    black, white = board.masks
    return _BitsGeometry(
        to_padded(black, width, height), to_padded(white, width, height), width, height,
        _open_mask(width, height, board.open_sides) if board.open_sides else 0,
    )


def summarise_position(
    position: Position, suicide: Suicide | None = None, variant: str | None = None, request: StatusRequest = StatusRequest()
) -> Summary | None:
    """`summarise` for a game's position, from the bitsets its replay keeps (no Board is made,
    unless static safety asks for one)."""
    rule = position.suicide if suicide is None else suicide
    chosen = fast_variant(variant, rule)
    if chosen is None:
        return None
    table = game_name_table(position.game.size)
    return _summary(position_geometry(position), table, rule, chosen.name, chosen.all_points, request, lambda: position.board)


def summarise(
    board: Board, suicide: Suicide = Suicide.ILLEGAL, variant: str | None = None, request: StatusRequest = StatusRequest()
) -> Summary | None:
    """The alive stones, territory (by `request.convention`), status map and chains of both colours
    as names, or None when the board or the variant needs the general path (see the module docstring)."""
    chosen = fast_variant(variant, suicide)
    if chosen is None:
        return None
    g = board_geometry(board)
    if g is None:
        return None
    return _summary(g, _name_table(g.width, g.height, board.frame), suicide, chosen.name, chosen.all_points, request, lambda: board)


def fast_variant(variant: str | None, suicide: Suicide) -> Variant | None:
    """The variant, when the fast path knows it (None: the general path)."""
    if variant is not None and variant not in FAST_VARIANTS + SAFETY_VARIANTS:
        return None
    chosen = resolve_variant(variant, suicide)
    return chosen if chosen.name in FAST_VARIANTS + SAFETY_VARIANTS else None


def _territory(g: GridGeometry, own: int, stones: int, alive: tuple[int, ...], every_point: bool) -> int:
    """The c-regions that are c's territory (see the module docstring), for c's
    stones `own`, its pass-alive `stones` and chains `alive` (not empty).

    Every c-region borders some c stone (the grid is connected), so a region
    fails exactly when it reaches an open side or a c stone that is not
    pass-alive: one flood fill from those points removes all such regions at
    once; what remains is split into regions only for the last test.
    """
    non_own = g.mask & ~own
    bad = (g.dilate(own & ~stones) | g.open) & non_own
    candidates = non_own & ~g.fill(bad, non_own) if bad else non_own
    if not candidates:
        return 0
    reach = [g.dilate(chain) for chain in alive]
    single = g.isolated(candidates)
    # one-point regions (most eyes): every c stone next to them is pass-alive, so they are territory
    # when a pass-alive chain is next to them, and every c stone next to one is in such a chain
    owned = single
    larger = candidates & ~single
    while larger:
        region = g.fill(larger & -larger, larger)
        larger &= ~region
        target = region if every_point else region & g.empty
        if any(not target & ~near for near in reach):
            owned |= region
    return owned


def _summary(
    g: GridGeometry, table: _NameTable, suicide: Suicide, variant: str, all_points: bool,
    request: StatusRequest = StatusRequest(), board: Callable[[], Board] | None = None,
) -> Summary | None:
    """The summary from a grid geometry (see the module docstring); `board` makes the
    position's Board for the computations that need one (static safety).  None when the
    request is one the general path must refuse (GNU Go's status with suicide or open sides).
    The plain casting-out is made by the compiled kernel when it is built."""
    compiled = native()
    if compiled is not None and request == StatusRequest() and variant in FAST_VARIANTS:
        every_point = suicide is not Suicide.ILLEGAL
        ab, aw, tb, tw, chains, sets, chain_list = compiled.summary(
            g.black, g.white, g.width, g.height, g.open, all_points, every_point, table.quoted
        )
        return Summary(variant, (ab, aw), (tb, tw), chains, table, text=(sets, chain_list))
    return _general_summary(g, table, suicide, variant, all_points, request, board, casting_out)


def reference_summary(g: GridGeometry, table: _NameTable, suicide: Suicide, variant: str, all_points: bool) -> Summary:
    """`_summary` of the plain casting-out in Python: the reference the compiled kernel is tested against."""
    summary = _general_summary(g, table, suicide, variant, all_points, StatusRequest(), None, reference_casting_out)
    assert summary is not None  # only GNU Go's status is ever refused
    return summary


def _general_summary(
    g: GridGeometry, table: _NameTable, suicide: Suicide, variant: str, all_points: bool,
    request: StatusRequest, board: Callable[[], Board] | None,
    cast: Callable[[GridGeometry, Colour, bool, list[int]], DirectResult],
) -> Summary | None:
    """`_summary` in Python, with `cast` the casting-out (compiled or the reference)."""
    convention = request.convention
    if convention == "unconditional" and (suicide is not Suicide.ILLEGAL or g.open):
        return None  # the general path says why it is refused
    every_point = suicide is not Suicide.ILLEGAL
    parts = {colour: components(g, g.stones(colour)) for colour in STONE_COLOURS}
    if variant in SAFETY_VARIANTS:
        assert board is not None, "static safety needs the board"
        alive_chains, own_territory = _safety(g, parts, board(), variant)
    else:
        alive_chains = {c: cast(g, c, all_points, parts[c]).chains for c in STONE_COLOURS}
        own_territory = None
    stones = {c: _union(alive_chains[c]) for c in STONE_COLOURS}
    shared = (stones[Colour.BLACK], stones[Colour.WHITE]) if variant in FAST_VARIANTS and all_points == every_point else None
    katago_land: tuple[int, int] | None = None
    if convention in KATAGO_CONVENTIONS and shared is not None:  # the map's marks give the territory too
        area, katago_land = area_and_territory_bits(g, request.area.under(convention), suicide, shared)
        maps = StatusMaps(area=area)
    else:
        maps = _maps(g, request, suicide, shared)
    territory = []
    for colour in STONE_COLOURS:
        if own_territory is not None:
            land = own_territory[colour]
        elif katago_land is not None:
            land = katago_land[0 if colour is Colour.BLACK else 1]
        elif convention == "healthy":
            land = _territory(g, g.stones(colour), stones[colour], alive_chains[colour], every_point) if alive_chains[colour] else 0
        elif convention in KATAGO_CONVENTIONS:
            land = pass_alive_territory_bits(g, colour, stones[colour], convention == "katago")
        else:
            land = _status_territory(g, colour, request, suicide, maps, shared)
        territory.append(land)
    chains: list[tuple[int, str, int, bool]] = []
    for colour in STONE_COLOURS:
        alive_heads = {chain & -chain for chain in alive_chains[colour]}
        for chain in parts[colour]:
            low = chain & -chain
            chains.append((low, colour.value, chain, low in alive_heads))
    chains.sort()
    return Summary(
        variant=variant,
        alive_bits=(stones[Colour.BLACK], stones[Colour.WHITE]),
        territory_bits=(territory[0], territory[1]),
        raw_chains=tuple((colour, bits, is_alive) for _, colour, bits, is_alive in chains),
        table=table,
        maps=maps,
    )


def _union(chains: tuple[int, ...]) -> int:
    result = 0
    for chain in chains:
        result |= chain
    return result


def _safety(
    g: GridGeometry, parts: dict[Colour, list[int]], board: Board, variant: str
) -> tuple[dict[Colour, tuple[int, ...]], dict[Colour, int]]:
    """Static safety's safe blocks of each colour (as chains of `parts`) and its territory
    (the safe points that are not stones of safe blocks), as bitsets."""
    from passalive.definitions.static_safety.solve import static_safety

    result = static_safety(board, sound=variant == "static-safety-sound")
    ordered = sorted((chain for colour in STONE_COLOURS for chain in parts[colour]), key=lambda chain: chain & -chain)
    chains = {c: tuple(ordered[i] for i in sorted(result.safe_chains(c))) for c in STONE_COLOURS}
    territory = {c: _padded(g, result.safe[c]) & ~_union(chains[c]) for c in STONE_COLOURS}
    return chains, territory


def _padded(g: GridGeometry, points: frozenset[int]) -> int:
    """Point ids as a bitset of the padded layout."""
    return to_padded(mask_of(points), g.width, g.height)


def _maps(g: GridGeometry, request: StatusRequest, suicide: Suicide, shared: tuple[int, int] | None) -> StatusMaps:
    """The status map of the request's convention, on the summary's geometry."""
    convention = request.convention
    if convention == "healthy":
        return StatusMaps()
    if convention in KATAGO_CONVENTIONS:
        return StatusMaps(area=area_bits(g, request.area.under(convention), suicide, shared))
    if convention == "independent-life":
        b, w, regions = independent_life_bits(g, request.area, suicide, shared)
        return StatusMaps(area=(b, w), life_regions=regions)
    if convention == "unconditional":
        from passalive.definitions.unconditional import BLACK, EMPTY, WHITE, grid_status

        n = g.width * g.height
        black = selectors(from_padded(g.black, g.width, g.height)).ljust(n, b"\0")
        white = selectors(from_padded(g.white, g.width, g.height)).ljust(n, b"\0")
        codes = [BLACK if b else WHITE if w else EMPTY for b, w in zip(black, white)]
        return StatusMaps(status=tuple(s.value for s in grid_status(g.width, g.height, codes)))
    return StatusMaps()


def _status_territory(
    g: GridGeometry, colour: Colour, request: StatusRequest, suicide: Suicide, maps: StatusMaps, shared: tuple[int, int] | None
) -> int:
    """A colour's territory under `independent-life` or `unconditional` (`passalive.definitions.statuses`)."""
    own = g.stones(colour)
    index = 0 if colour is Colour.BLACK else 1
    if request.convention == "independent-life":
        if request.area.keep_territories or request.area.keep_stones:  # the territory is the plain map's
            b, w, _ = independent_life_bits(g, AreaMode(), suicide, shared)
            return (b, w)[index] & ~own
        assert maps.area is not None
        return maps.area[index] & ~own
    assert maps.status is not None
    mine = "black_territory" if colour is Colour.BLACK else "white_territory"
    opponent = g.stones(colour.opponent)
    land = 0
    for bit, status in zip(padded_bits(g.width, g.height), maps.status):
        if status == mine or (status == "dead" and opponent & bit):
            land |= bit
    return land
