"""KataGo's area maps: `calculateArea` in each of its modes, and independent-life area.

KataGo (lightvector/KataGo, `cpp/game/board.cpp`) scores and labels its
training data with a map that gives each point to black, to white or to
nobody.  Its switches, in our words:

* the pass-alive chains (Benson's casting-out; with multi-stone suicide
  legal, a region counts for a chain only when every point of it touches
  the chain) and their *pass-alive territory* are always marked: a region
  (a maximal connected set of empty points and opponent stones that holds
  at least one empty point) bordered only by pass-alive chains of the
  player, with at most one point touching none of the player's stones;
* `safe_big_territories`: also such a region with no opponent stone at all,
  however large, when every chain around it is pass-alive;
* `unsafe_big_territories`: also a region with no opponent stone at all
  whatever the chains around it are, but only on points not given to
  anybody yet;
* `non_pass_alive_stones`: every stone still unmarked is its own colour's.

The map is made for black first, then for white, and white's pass-alive
stones and territory overwrite black's marks (KataGo's own order); the
unsafe marks of either colour never overwrite a mark.  So a point belongs,
in this order of precedence, to white's pass-alive area, black's, black's
unsafe big territory, white's, and finally to its stone.

`independent_life_area` is KataGo's `calculateIndependentLifeArea`: start
from the map with every switch on, and drop each connected piece of one
colour's area that touches a point nobody owns (dame) or holds a stone of
that colour with one liberty (a seki shape); the pieces left are the
regions with independent life, counted per colour.

Our addition for cut-outs (diagrams with open sides): a region that reaches
an open side is never marked, since the board may continue beyond it.  On
a board in pieces (a graph), a region must touch one of the player's stones.

`rules/katago-area.dl` states the same definition as rules; the tests check
that both agree, and that KataGo's own test boards give KataGo's maps.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, replace

from passalive.definitions.direct import Geometry, casting_out
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.conventions import STATUS_SWITCHES
from passalive.go.suicide import Suicide

__all__ = [
    "area_and_territory_bits",
    "area_bits",
    "independent_life_bits",
    "pass_alive_territory_bits",
    "AreaMode",
    "SwitchUse",
    "AreaMap",
    "IndependentLife",
    "area_map",
    "area_by_rules",
    "independent_life_area",
    "independent_life_by_rules",
]


@dataclass(frozen=True)
class SwitchUse:
    """A group of `AreaMode` switches (field names) and the territory conventions that use them."""

    switches: tuple[str, ...]
    conventions: tuple[str, ...]


@dataclass(frozen=True)
class AreaMode:
    """KataGo's switches of its area maps, the one place they are spelt out.

    `calculateArea`'s three (`safe_big_territories`, `unsafe_big_territories`,
    `non_pass_alive_stones`: `area_map`, KataGo's `areaMode` in `passalive
    engine`) and `calculateIndependentLifeArea`'s two (`keep_territories`,
    `keep_stones`: `independent_life_area`, whose basic map has the first
    three on; `independentLife` in `passalive engine`).  Suicide comes with
    the analysis.  Under a territory convention (`analyse --territory`, an
    EXPECT line's `territory=`) the convention chooses `safe_big_territories`
    (`under`), and `unused` finds the switches it has no use for, which each
    caller refuses in its own words (`analyse`'s flags, the engine's fields).
    """

    safe_big_territories: bool = True
    unsafe_big_territories: bool = False
    non_pass_alive_stones: bool = False
    keep_territories: bool = False
    keep_stones: bool = False

    def under(self, convention: str) -> AreaMode:
        """The mode a territory convention gives: `katago` has safe big territories, `katago-strict` not."""
        return replace(self, safe_big_territories=convention != "katago-strict")

    def unused(self, conventions: Collection[str]) -> SwitchUse | None:
        """The first group of switches with a switch on that none of `conventions` has a use for,
        with the conventions that would use it; None when every switch on has a use.  The rule is
        `passalive.go.conventions.STATUS_SWITCHES` (which EXPECT lines read too); the caller words
        the refusal, since it knows where the switches came from."""
        for group in dict.fromkeys(STATUS_SWITCHES.values()):
            users = tuple(name for name, switches in STATUS_SWITCHES.items() if switches == group)
            if any(getattr(self, switch) for switch in group) and not set(users) & set(conventions):
                return SwitchUse(group, users)
        return None


@dataclass(frozen=True)
class AreaMap:
    """The points each colour gets (point ids), and the board they belong to."""

    board: Board
    black: frozenset[int]
    white: frozenset[int]

    def of(self, colour: Colour) -> frozenset[int]:
        """The points given to one colour."""
        return self.black if colour is Colour.BLACK else self.white

    def rows(self) -> list[str]:
        """The map as KataGo prints it: `X`, `O` or `.` per point, top row first (grids only)."""
        if self.board.size is None:
            raise ValueError("a board without a grid has no rows")
        width, height = self.board.size
        cells = [[" "] * width for _ in range(height)]
        for p in self.board.points:
            if p.coord is not None:
                x, y = p.coord
                cells[y][x] = "X" if p.id in self.black else "O" if p.id in self.white else "."
        return ["".join(row) for row in cells]


@dataclass(frozen=True)
class _Marks:
    """One colour's marks as bitsets: overwriting (stones and territory) and unsafe (fill-in only)."""

    strong: int
    unsafe: int


def _marks(g: Geometry, colour: Colour, mode: AreaMode, suicide: Suicide, alive: int | None = None) -> _Marks:
    """What KataGo's `calculateAreaForPla` marks for one colour, as bitsets (`alive`: the
    colour's pass-alive stones when the caller has them already)."""
    own = g.stones(colour)
    if not own:
        return _Marks(0, 0)  # a player without stones marks nothing
    opp = g.stones(colour.opponent)
    fill, dilate = g.fill, g.dilate
    if alive is None:
        alive = casting_out(g, colour, all_points=suicide is not Suicide.ILLEGAL).stones
    non_own = g.mask & ~own
    # every region holds an empty point and touches an own stone (always so on a connected board)
    regions = fill(g.empty, non_own) & fill(dilate(own) & non_own, non_own)
    closed = regions & ~fill(g.open & non_own, non_own) if g.open else regions
    without_opp = closed & ~fill(opp, non_own) if opp else closed
    dead = own & ~alive
    safe = closed & ~fill(dilate(dead) & non_own, non_own) if dead else closed
    # pass-alive territory: at most one point of the region touches no own stone
    internal = safe & ~dilate(own)
    strong = safe & ~fill(internal, safe)  # regions without internal points
    rest = internal
    while rest:
        region = fill(rest & -rest, safe)
        rest &= ~region
        if (region & internal).bit_count() <= 1:
            strong |= region
    if mode.safe_big_territories:
        strong |= safe & without_opp
    strong |= alive
    unsafe = without_opp & ~strong if mode.unsafe_big_territories else 0
    return _Marks(strong, unsafe)


def _combine(g: Geometry, black: _Marks, white: _Marks, mode: AreaMode) -> tuple[int, int]:
    """Both colours' maps in KataGo's order: black marks, then white overwrites; unsafe marks fill in."""
    w = white.strong
    b = black.strong & ~w
    b |= black.unsafe & ~w
    w |= white.unsafe & ~b
    if mode.non_pass_alive_stones:
        free = g.mask & ~b & ~w
        b |= free & g.black
        w |= free & g.white
    return b, w


def area_map(board: Board, mode: AreaMode = AreaMode(), suicide: Suicide = Suicide.ILLEGAL) -> AreaMap:
    """KataGo's `calculateArea` map of a board in one mode (direct implementation, bitsets)."""
    g = Geometry.of(board)
    b, w = area_bits(g, mode, suicide)
    return AreaMap(board, g.points(b), g.points(w))


def area_bits(
    g: Geometry, mode: AreaMode = AreaMode(), suicide: Suicide = Suicide.ILLEGAL, alive: tuple[int, int] | None = None
) -> tuple[int, int]:
    """`area_map` as the bitsets of black's and white's points in the geometry's layout, from a
    geometry the caller has made (`alive`: both colours' pass-alive stones, when it has them too)."""
    black, white = alive if alive is not None else (None, None)
    return _combine(g, _marks(g, Colour.BLACK, mode, suicide, black), _marks(g, Colour.WHITE, mode, suicide, white), mode)


def area_and_territory_bits(
    g: Geometry, mode: AreaMode, suicide: Suicide, alive: tuple[int, int]
) -> tuple[tuple[int, int], tuple[int, int]]:
    """`area_bits` and, from the same marks, `pass_alive_territory_bits` of both colours
    (`mode.safe_big_territories` chooses `katago` or `katago-strict`), when the pass-alive
    stones `alive` are those of the map (the default variant for the rule): one pass, not two."""
    black = _marks(g, Colour.BLACK, mode, suicide, alive[0])
    white = _marks(g, Colour.WHITE, mode, suicide, alive[1])
    return _combine(g, black, white, mode), (black.strong & ~g.black, white.strong & ~g.white)


def pass_alive_territory_bits(g: Geometry, colour: Colour, alive: int, safe_big_territories: bool) -> int:
    """The `katago` (`safe_big_territories`) or `katago-strict` territory convention of
    `passalive.definitions.territory` for `colour` as a bitset: the regions KataGo's map gives
    the colour's pass-alive stones `alive` (the stones left out)."""
    mode = AreaMode(safe_big_territories, False, False)
    return _marks(g, colour, mode, Suicide.ILLEGAL, alive).strong & ~g.stones(colour)


@dataclass(frozen=True)
class IndependentLife:
    """KataGo's independent-life area and how many more such regions white has than black."""

    area: AreaMap
    white_minus_black: int


def independent_life_area(
    board: Board, mode: AreaMode = AreaMode(), suicide: Suicide = Suicide.ILLEGAL
) -> IndependentLife:
    """KataGo's `calculateIndependentLifeArea`.

    The basic map is `area_map` with every switch on.  A connected piece of
    one colour's basic area is *seki-touching* when a point of it is next to
    an empty point nobody owns, or is a stone of that colour in atari; every
    other piece has independent life and is kept (and counted).
    `mode.keep_territories` adds back every point of the basic map that is not
    the owner's own stone, `mode.keep_stones` every one that is; `mode`'s
    `calculateArea` switches do not count here (the basic map has them all on).
    """
    g = Geometry.of(board)
    b, w, white_minus_black = independent_life_bits(g, mode, suicide)
    return IndependentLife(AreaMap(board, g.points(b), g.points(w)), white_minus_black)


def independent_life_bits(
    g: Geometry, mode: AreaMode = AreaMode(), suicide: Suicide = Suicide.ILLEGAL, alive: tuple[int, int] | None = None
) -> tuple[int, int, int]:
    """`independent_life_area` from a geometry: black's and white's points as bitsets of its
    layout, and white's count of independent-life regions minus black's (`alive`: both
    colours' pass-alive stones, when the caller has them)."""
    everything = AreaMode(True, True, True)
    b, w = area_bits(g, everything, suicide, alive)
    dame = g.empty & ~b & ~w
    result = {Colour.BLACK: 0, Colour.WHITE: 0}
    count = {Colour.BLACK: 0, Colour.WHITE: 0}
    in_atari = _in_atari(g)
    for colour, owned in ((Colour.BLACK, b), (Colour.WHITE, w)):
        seeds = (owned & g.dilate(dame)) | (owned & g.stones(colour) & in_atari)
        seki = g.fill(seeds, owned) if seeds else 0
        living = owned & ~seki
        result[colour] = living
        rest = living
        while rest:
            rest &= ~g.fill(rest & -rest, living)
            count[colour] += 1
    for colour, owned in ((Colour.BLACK, b), (Colour.WHITE, w)):
        stones = owned & g.stones(colour)
        if mode.keep_territories:
            result[colour] |= owned & ~stones
        if mode.keep_stones:
            result[colour] |= stones
    return result[Colour.BLACK], result[Colour.WHITE], count[Colour.WHITE] - count[Colour.BLACK]


def _in_atari(g: Geometry) -> int:
    """The stones (both colours) of chains with exactly one liberty."""
    result = 0
    for stones in (g.black, g.white):
        rest = stones
        while rest:
            chain = g.fill(rest & -rest, stones)
            rest &= ~chain
            liberties = g.dilate(chain) & g.empty
            if liberties and not liberties & (liberties - 1):
                result |= chain
    return result


def _rule_facts(board: Board, mode: AreaMode, suicide: Suicide) -> dict[str, list[tuple[object, ...]]]:
    """The input of `rules/katago-area.dl`: the board, its pass-alive chains (by their rule program), the switches."""
    from passalive.definitions.facts import board_facts, run_bundled
    from passalive.definitions.variants import DEFAULT_VARIANT, SUICIDE_VARIANT, VARIANTS

    # the default variant for the suicide rule, as `analyse` picks it, run on the rule engine
    variant = VARIANTS[DEFAULT_VARIANT if suicide is Suicide.ILLEGAL else SUICIDE_VARIANT]
    alive, _, _ = run_bundled(board, variant, suicide)
    facts: dict[str, list[tuple[object, ...]]] = dict(board_facts(board))
    chains = board.chains
    facts["alive"] = [(min(chains[i].points),) for c in STONE_COLOURS for i in alive[c]]
    facts["option"] = [
        (name,)
        for name, on in (
            ("safe_big_territories", mode.safe_big_territories),
            ("unsafe_big_territories", mode.unsafe_big_territories),
            ("non_pass_alive_stones", mode.non_pass_alive_stones),
        )
        if on
    ]
    return facts


def area_by_rules(board: Board, mode: AreaMode = AreaMode(), suicide: Suicide = Suicide.ILLEGAL) -> AreaMap:
    """The same map as `area_map` by `rules/katago-area.dl` on the rule engine."""
    from passalive.definitions.facts import bundled_path, load

    model = load(bundled_path("katago-area.dl")).run(_rule_facts(board, mode, suicide))
    owned: dict[Colour, set[int]] = {c: set() for c in STONE_COLOURS}
    for colour_name, p in model.relation("owner"):
        owned[Colour(colour_name)].add(p)
    return AreaMap(board, frozenset(owned[Colour.BLACK]), frozenset(owned[Colour.WHITE]))


def independent_life_by_rules(
    board: Board, mode: AreaMode = AreaMode(), suicide: Suicide = Suicide.ILLEGAL
) -> IndependentLife:
    """The same as `independent_life_area` by `rules/katago-independent-life.dl`."""
    from passalive.definitions.facts import bundled_path, load

    facts = _rule_facts(board, AreaMode(True, True, True), suicide)
    facts["keep"] = [(k,) for k, on in (("territories", mode.keep_territories), ("stones", mode.keep_stones)) if on]
    model = load(bundled_path("katago-independent-life.dl")).run(facts)
    owned: dict[Colour, set[int]] = {c: set() for c in STONE_COLOURS}
    for colour_name, p in model.relation("independent_life"):
        owned[Colour(colour_name)].add(p)
    counts = {Colour(c): n for c, n in model.relation("life_regions")}
    area = AreaMap(board, frozenset(owned[Colour.BLACK]), frozenset(owned[Colour.WHITE]))
    return IndependentLife(area, counts.get(Colour.WHITE, 0) - counts.get(Colour.BLACK, 0))
