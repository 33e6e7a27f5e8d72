"""Seki-aware territory scoring of a finished game.

Source: Adam Prescott's blog post "Scoring seki in the game of go", for the
Tenuki board (on his blog, https://aprescott.com/), itself a variation of an approach by Bill
Shubert.  The players have marked the dead stones; everything else on the
board is taken to be alive in some form, and the scorer must find the groups
that live only in seki, whose eyes are not territory under Japanese-style
rules.  In our words, the procedure is:

1. **Remove the dead stones** (a named stone stands for its whole chain).
2. **Empty regions** (maximal connected sets of empty points) are
   *controlled* by c when every stone next to them is c, else *neutral*.
   A region reaching an open side of a cut-out is neutral: its other
   neighbours are unknown.
3. **Fill the neutral points** in a checkered pattern: neighbouring neutral
   points get opposite colours, so two groups separated by a single empty
   point may connect, and groups separated by a gap of two or more never do.
4. **Fill the obvious false eyes**: a controlled point is *false-ish* when it
   has enough occupied neighbours (one on the first line, two elsewhere) and
   enough occupied diagonal points of the other colour (one on the first
   line, two elsewhere); it is filled (with its owner's colour) when a block
   next to it could be captured there in one move.  Repeat until no such
   point is left.
5. **Count eyes.**  Two regions of one colour are *directly related* when one
   block of stones borders both; the *expansion* of a region is the closure
   of that relation.  Each region gets an eye value from its *boundary
   length* (its bordering stones, plus one for every side of a point that
   lies on the board's edge) by the post's table, with the square four
   (2x2) and curved four (L-shaped four) recognised in any orientation.  An
   expansion whose rounded-up eye values sum to less than two surrounds a
   group that is alive only in seki: its regions are not territory.

Beyond the post (see `docs/eyes-and-scoring.md` for the arguments):

* **Both checkered fills.**  The checkered pattern has two phases (which
  colour goes on the "even" points).  The post fixes one, which makes the
  result depend on where a shape lies on the board and on its colour.  We
  run the whole procedure under both phases and count a point as territory
  when it is territory under at least one of them: a gap of one point is a
  connection for whichever side needs it, as the post wants (two 1-eyed
  groups joined by several single points, or by one), while gaps of two or
  more are cut under both phases.  Rotating, reflecting, moving a shape or
  swapping the colours then changes the result exactly the same way.
* **Edges and corners alike.**  Every missing side of a point counts once,
  so a corner point contributes two and an edge point one, on every edge and
  in every corner (the post's own code counts the corners unevenly).
* **Termination.**  Steps 1–3 are single passes; each round of step 4 fills
  at least one empty point and there are finitely many; step 5 is a
  union-find.  The fills of step 4 are order-independent: a point that
  qualifies keeps qualifying until it is filled (fills only add stones, and a
  block whose one liberty is F keeps exactly that liberty), so every order
  reaches the same fixpoint.
* **Benson's guard.**  A controlled region every bordering chain of which is
  pass-alive (`passalive.definitions.analysis`, casting-out) is always territory, whatever
  the heuristics say.

`strict_seki=True` applies the 1989 Japanese rule instead, literally: empty
points of neutral regions are dame, every chain next to a dame point is in
seki, and a controlled region bordered by any chain in seki is not territory
(no fills, no eye counting, no guard).

The score: Japanese counting, territory + dead stones of the opponent
(+ captures, when given); area counting (`rules="area"`), territory + the
colour's stones left on the board.  Territory includes the points of the
removed dead stones.

Over 600 lines: the steps of the scoring procedure share one geometry of regions and blocks
(`_Geometry`), and the SCORE claims `check` reads are checked beside the scorer they call.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from passalive.go.board import STONE_COLOURS, Board, Colour, label_chains
from passalive.tools.claims import ClaimResult, problem_messages
from passalive.go.diagram import Diagram
from passalive.go.markup import Annotation
from passalive.go.limits import MAX_SCORE_VALUE
from passalive.go.numbers import read_number
from passalive.go.union_find import UnionFind
from passalive.errors import InputError, Location

RULES = ("japanese", "area", "tromp-taylor")
"""The counting rules: territory + prisoners (Japanese, Korean), area: territory
+ stones (Chinese, AGA, New Zealand...), or Tromp-Taylor's area by reach with
nothing removed (see docs/eyes-and-scoring.md)."""

MAP_SYMBOLS: Mapping[str, str] = {
    "X": "a black stone left on the board",
    "O": "a white stone left on the board",
    "b": "black territory (an empty point or a dead white stone)",
    "w": "white territory (an empty point or a dead black stone)",
    ".": "a neutral point (dame)",
    "s": "a point controlled by one colour but not territory: its group is in seki",
    "f": "a point controlled by one colour but filled as an obvious false eye",
    "?": "a dead stone on a point that is not territory",
    " ": "no point (a hole in the board)",
}
"""The characters of `Score.map()`."""


@dataclass(frozen=True)
class SekiRegion:
    """Connected points of `colour`'s would-be territory that are not
    territory because the group around them lives in seki."""

    colour: Colour
    points: frozenset[int]


@dataclass(frozen=True)
class Score:
    """The scoring of one position.

    `territory[c]` holds every point of c's territory (empty points and the
    points of removed dead stones); `seki` the discounted regions; `false_eyes`
    the controlled points filled as obvious false eyes; `neutral` the dame;
    `dead` the removed stones; `points[c]` the score under `rules`;
    `guarded` the territory points that Benson's analysis kept although the
    heuristics discounted them; `recorded` those the record's territory
    marks kept so.
    """

    board: Board
    rules: str
    strict_seki: bool
    dead: frozenset[int]
    territory: Mapping[Colour, frozenset[int]]
    seki: tuple[SekiRegion, ...]
    false_eyes: frozenset[int]
    neutral: frozenset[int]
    points: Mapping[Colour, int]
    captures: Mapping[Colour, int] = field(default_factory=dict)
    guarded: frozenset[int] = frozenset()
    recorded: frozenset[int] = frozenset()

    @property
    def seki_points(self) -> frozenset[int]:
        """Every point of every seki region."""
        return frozenset(p for region in self.seki for p in region.points)

    def symbol(self, p: int) -> str:
        """The character of point `p` in `map()` (see MAP_SYMBOLS)."""
        for colour, letter in ((Colour.BLACK, "b"), (Colour.WHITE, "w")):
            if p in self.territory[colour]:
                return letter
        if p in self.dead:
            return "?"
        colour = self.board.colours[p]
        if colour is Colour.BLACK:
            return "X"
        if colour is Colour.WHITE:
            return "O"
        if p in self.false_eyes:
            return "f"
        if p in self.seki_points:
            return "s"
        return "."

    def map(self) -> list[str]:
        """The board as rows of MAP_SYMBOLS characters, top row first
        (for a board without grid coordinates, one row in point order)."""
        board = self.board
        if board.size is None or any(p.coord is None for p in board.points):
            return ["".join(self.symbol(p) for p in range(len(board.points)))]
        width, height = board.size
        rows = []
        for y in range(height):
            row = []
            for x in range(width):
                p = board.at(x, y)
                row.append(" " if p is None else self.symbol(p))
            rows.append("".join(row))
        return rows


# ------------------------------------------------------------------- scoring


def score(
    board: Board,
    dead: Iterable[int] = (),
    *,
    rules: str = "japanese",
    strict_seki: bool = False,
    captures: Mapping[Colour, int] | None = None,
    guard: bool = True,
    phases: Sequence[int] = (0, 1),
    recorded: Mapping[Colour, Iterable[int]] | None = None,
) -> Score:
    """Score a finished position with seki detection (see the module docstring).

    `dead` are stones the players marked dead (each stands for its chain);
    `captures` the stones each colour captured during the game (Japanese
    counting adds them); `guard=False` switches Benson's guard off (to see
    what the post's heuristics alone decide); `phases` the checkered fills
    to consider (0: black on points whose coordinates sum to an even number,
    1: white there; `(0,)` is the post's single fixed pattern); `recorded`
    the points a game record marks as each colour's territory (`TB`/`TW`):
    a point so marked that the colour alone surrounds is territory, as the
    players agreed, even where the seki or false-eye heuristics would
    discount it (`Score.recorded`).  Raises InputError for an unknown rule,
    a dead point that holds no stone, or an empty or unknown phase list.
    """
    dead = list(dead)
    if rules not in RULES:
        raise InputError(f"unknown rules {rules!r}; expected one of {', '.join(RULES)}")
    if rules == "tromp-taylor" and dead:
        raise InputError("Tromp-Taylor rules remove no dead stones: the position counts as it stands")
    if not phases or any(phase not in (0, 1) for phase in phases):
        raise InputError(f"phases must be a non-empty selection of 0 and 1, got {tuple(phases)!r}")
    colours = board.colours
    dead_points: set[int] = set()
    for p in dead:
        if colours[p] is Colour.EMPTY:
            raise InputError(f"{board.name(p)} is empty; only stones can be marked dead")
        dead_points |= board.chains[board.chain_of(p)].points
    position = list(colours)
    for p in dead_points:
        position[p] = Colour.EMPTY
    live = board.with_colours({p: Colour.EMPTY for p in dead_points}) if dead_points else board
    geometry = _Geometry.of(board)

    regions = _empty_regions(geometry, position, board.open_points)
    controlled = [_Controlled(r.points, r.owner) for r in regions if r.owner is not None]
    owner_of = {p: r.owner for r in controlled for p in r.points}
    neutral = frozenset(p for r in regions if r.owner is None for p in r.points)

    if strict_seki:
        territory, seki_points = _strict(live, controlled, neutral)
        false_eyes: frozenset[int] = frozenset()
        guarded: frozenset[int] = frozenset()
    else:
        territory, seki_points, false_eyes = _relaxed(geometry, position, controlled, neutral, phases)
        guarded = frozenset()
        if guard:
            safe = _pass_alive_regions(live, controlled)
            guarded = frozenset(safe - territory[Colour.BLACK] - territory[Colour.WHITE])
            for r in controlled:
                if r.points & safe:
                    territory[r.owner] = territory[r.owner] | r.points
            seki_points -= safe
            false_eyes -= safe
    kept: set[int] = set()
    if recorded:
        for colour, marked in recorded.items():
            agreed = {p for p in marked if owner_of.get(p) is colour and p not in territory[colour]}
            kept |= agreed
            territory[colour] = territory[colour] | agreed
        seki_points -= kept
        false_eyes -= kept
    seki = _components(geometry, seki_points, position, controlled)
    captured = {c: (captures or {}).get(c, 0) for c in STONE_COLOURS}
    points: dict[Colour, int] = {}
    for c in STONE_COLOURS:
        if rules == "japanese":
            prisoners = sum(1 for p in dead_points if colours[p] is c.opponent)
            points[c] = len(territory[c]) + prisoners + captured[c]
        else:
            # area counts every point surrounded by c's stones: a seki group's eyes and a filled false eye too
            surrounded = sum(1 for p in seki_points | false_eyes if owner_of.get(p) is c)
            points[c] = len(territory[c]) + surrounded + sum(1 for p, col in enumerate(position) if col is c)
    return Score(
        board=board,
        rules=rules,
        strict_seki=strict_seki,
        dead=frozenset(dead_points),
        territory={c: frozenset(territory[c]) for c in STONE_COLOURS},
        seki=seki,
        false_eyes=false_eyes,
        neutral=neutral,
        points=points,
        captures=captured,
        guarded=guarded,
        recorded=frozenset(kept),
    )


# ----------------------------------------------------------------- geometry


@dataclass(frozen=True)
class _Geometry:
    """What scoring needs of the board's shape, computed once per board."""

    adjacency: tuple[tuple[int, ...], ...]
    diagonals: tuple[tuple[int, ...], ...]
    missing_sides: tuple[int, ...]
    """Sides of each point that are not on the board (4 - neighbours, at least 0)."""
    full_diagonals: tuple[bool, ...]
    """Whether a point has four diagonal points (else it is on the first line)."""
    parity: tuple[int, ...]
    """The checkered pattern: 0 or 1, opposite on grid neighbours."""
    coord: tuple[tuple[int, int] | None, ...]
    at: Mapping[tuple[int, int], int]

    @classmethod
    def of(cls, board: Board) -> _Geometry:
        adjacency = board.adjacency
        n = len(adjacency)
        neighbour_sets = [set(a) for a in adjacency]
        diagonals: list[tuple[int, ...]] = []
        for p in range(n):
            # a diagonal point: not p, not a neighbour, and next to two of p's neighbours
            counts: dict[int, int] = {}
            for q in adjacency[p]:
                for r in adjacency[q]:
                    if r != p and r not in neighbour_sets[p]:
                        counts[r] = counts.get(r, 0) + 1
            diagonals.append(tuple(sorted(r for r, k in counts.items() if k >= 2)))
        coords = tuple(pt.coord for pt in board.points)
        if all(c is not None for c in coords):
            parity = tuple((c[0] + c[1]) & 1 for c in coords if c is not None)
        else:
            parity = _two_colouring(adjacency)
        return cls(
            adjacency=adjacency,
            diagonals=tuple(diagonals),
            missing_sides=tuple(max(0, 4 - len(a)) for a in adjacency),
            full_diagonals=tuple(len(d) >= 4 for d in diagonals),
            parity=parity,
            coord=coords,
            at={c: i for i, c in enumerate(coords) if c is not None},
        )


def _two_colouring(adjacency: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """A breadth-first 0/1 labelling, proper wherever the graph allows it."""
    label = [-1] * len(adjacency)
    for start in range(len(adjacency)):
        if label[start] >= 0:
            continue
        label[start] = 0
        queue = [start]
        for p in queue:
            for q in adjacency[p]:
                if label[q] < 0:
                    label[q] = 1 - label[p]
                    queue.append(q)
    return tuple(label)


# ------------------------------------------------------------------- regions


@dataclass(frozen=True)
class _Region:
    """A maximal connected set of empty points; `owner` the controlling colour or None."""

    points: frozenset[int]
    owner: Colour | None


@dataclass(frozen=True)
class _Controlled:
    """A region that one colour controls: `owner` is that colour."""

    points: frozenset[int]
    owner: Colour


def _empty_regions(geometry: _Geometry, colours: Sequence[Colour], open_points: frozenset[int]) -> list[_Region]:
    adjacency = geometry.adjacency
    seen = [False] * len(colours)
    regions: list[_Region] = []
    empty = Colour.EMPTY
    for start, colour in enumerate(colours):
        if colour is not empty or seen[start]:
            continue
        seen[start] = True
        members = [start]
        around: set[Colour] = set()
        is_open = False
        for p in members:
            if p in open_points:
                is_open = True
            for q in adjacency[p]:
                cq = colours[q]
                if cq is empty:
                    if not seen[q]:
                        seen[q] = True
                        members.append(q)
                else:
                    around.add(cq)
        owner = around.pop() if len(around) == 1 and not is_open else None
        regions.append(_Region(frozenset(members), owner))
    return regions


def _blocks(geometry: _Geometry, colours: Sequence[Colour]) -> tuple[list[int], list[set[int]]]:
    """Block (chain) label of every stone (-1 for empty) and each block's liberties."""
    label, _, liberties = label_chains(geometry.adjacency, colours)
    return label, liberties


# ------------------------------------------------------------ relaxed seki


def _relaxed(
    geometry: _Geometry,
    position: Sequence[Colour],
    controlled: Sequence[_Controlled],
    neutral: frozenset[int],
    phases: Sequence[int],
) -> tuple[dict[Colour, frozenset[int]], frozenset[int], frozenset[int]]:
    """Territory, seki points and false-eye points, over the checkered phases
    (one run suffices when there is no neutral point to fill)."""
    territory: dict[Colour, set[int]] = {c: set() for c in STONE_COLOURS}
    filled_any: set[int] = set()
    for phase in sorted(set(phases)) if neutral else phases[:1]:
        kept, filled = _one_phase(geometry, position, controlled, neutral, phase)
        filled_any |= filled
        for r in controlled:
            territory[r.owner] |= r.points & kept
    won = territory[Colour.BLACK] | territory[Colour.WHITE]
    lost = frozenset(p for r in controlled for p in r.points if p not in won)
    false_eyes = frozenset(lost & filled_any)
    return {c: frozenset(t) for c, t in territory.items()}, lost - false_eyes, false_eyes


def _one_phase(
    geometry: _Geometry,
    position: Sequence[Colour],
    controlled: Sequence[_Controlled],
    neutral: frozenset[int],
    phase: int,
) -> tuple[frozenset[int], frozenset[int]]:
    """One run of the post's procedure: (territory points, false-eye fills)."""
    colours = list(position)
    parity = geometry.parity
    for p in neutral:
        colours[p] = Colour.BLACK if parity[p] == phase else Colour.WHITE
    owner_of: dict[int, Colour] = {p: r.owner for r in controlled for p in r.points}
    filled = _fill_false_eyes(geometry, colours, owner_of)
    territory = _count_eyes(geometry, colours, owner_of)
    return territory, filled


def _false_ish(geometry: _Geometry, colours: Sequence[Colour], p: int, owner: Colour) -> bool:
    """Enough occupied neighbours and enough occupied opposing diagonals."""
    first_line = not geometry.full_diagonals[p]
    need = 1 if first_line else 2
    occupied = sum(1 for q in geometry.adjacency[p] if colours[q] is not Colour.EMPTY)
    if occupied < need:
        return False
    opponent = owner.opponent
    opposing = sum(1 for d in geometry.diagonals[p] if colours[d] is opponent)
    return opposing >= need


def _fill_false_eyes(geometry: _Geometry, colours: list[Colour], owner_of: Mapping[int, Colour]) -> frozenset[int]:
    """Fill, round by round, the false-ish points where a block could be
    captured in one move; returns the filled points (colours is updated)."""
    filled: set[int] = set()
    candidates = [p for p, owner in owner_of.items() if _false_ish(geometry, colours, p, owner)]
    if not candidates:
        return frozenset()
    adjacency = geometry.adjacency
    while True:
        label, liberties = _blocks(geometry, colours)
        fill = [
            p
            for p in owner_of
            if colours[p] is Colour.EMPTY
            and _false_ish(geometry, colours, p, owner_of[p])
            and any(label[q] >= 0 and liberties[label[q]] == {p} for q in adjacency[p])
        ]
        if not fill:
            return frozenset(filled)
        for p in fill:
            colours[p] = owner_of[p]
            filled.add(p)


_SQUARE_FOUR = ((0, 0), (1, 0), (0, 1), (1, 1))
_CURVED_FOUR = ((0, 0), (0, 1), (0, 2), (1, 2))


def _orientations(shape: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The shape under the 8 rotations and reflections, each anchored at its first cell."""
    result = set()
    cells = shape
    for _ in range(4):
        cells = tuple((-y, x) for x, y in cells)
        for variant in (cells, tuple((-x, y) for x, y in cells)):
            ax, ay = variant[0]
            result.add(tuple(sorted((x - ax, y - ay) for x, y in variant)))
    return tuple(sorted(result))


_SQUARE_FOURS = _orientations(_SQUARE_FOUR)
_CURVED_FOURS = _orientations(_CURVED_FOUR)


def _contains(geometry: _Geometry, points: frozenset[int], shapes: Sequence[Sequence[tuple[int, int]]]) -> bool:
    at = geometry.at
    for p in points:
        c = geometry.coord[p]
        if c is None:
            return False
        for shape in shapes:
            for dx, dy in shape:
                q = at.get((c[0] + dx, c[1] + dy))
                if q is None or q not in points:
                    break
            else:
                return True
    return False


def eye_value(boundary_length: int, square_four: bool, curved_four: bool) -> float:
    """The post's table: eyes a region is worth, by boundary length and shape.

    A half means the region is worth two eyes if its owner plays there first
    and one if the opponent does.
    """
    if boundary_length <= 6:
        return 1.0
    if boundary_length == 7:
        return 1.5
    if boundary_length == 8:
        if square_four:
            return 1.0
        return 2.0 if curved_four else 1.5
    if boundary_length == 9:
        return 1.5 if square_four else 2.0
    return 2.0


def region_eye_value(geometry: _Geometry, colours: Sequence[Colour], points: frozenset[int]) -> float:
    """A region's eye value: its boundary length and shapes, through `eye_value`."""
    adjacency = geometry.adjacency
    boundary = {q for p in points for q in adjacency[p] if colours[q] is not Colour.EMPTY}
    length = len(boundary) + sum(geometry.missing_sides[p] for p in points)
    square = curved = False
    if length in (8, 9):
        square = _contains(geometry, points, _SQUARE_FOURS)
        curved = length == 8 and not square and _contains(geometry, points, _CURVED_FOURS)
    return eye_value(length, square, curved)


def _count_eyes(geometry: _Geometry, colours: Sequence[Colour], owner_of: Mapping[int, Colour]) -> frozenset[int]:
    """The controlled points left empty whose expansion is worth two eyes or more."""
    adjacency = geometry.adjacency
    label, _ = _blocks(geometry, colours)
    regions: list[frozenset[int]] = []
    blocks_of: list[set[int]] = []
    seen: set[int] = set()
    for start in owner_of:
        if start in seen or colours[start] is not Colour.EMPTY:
            continue
        seen.add(start)
        members = [start]
        blocks: set[int] = set()
        for p in members:
            for q in adjacency[p]:
                if colours[q] is Colour.EMPTY:
                    if q not in seen:
                        seen.add(q)
                        members.append(q)
                else:
                    blocks.add(label[q])
        regions.append(frozenset(members))
        blocks_of.append(blocks)
    # expansion: regions sharing a bordering block (union-find over regions)
    joined = UnionFind(len(regions))
    first_region_of_block: dict[int, int] = {}
    for i, blocks in enumerate(blocks_of):
        for b in blocks:
            joined.union(i, first_region_of_block.setdefault(b, i))
    eyes: dict[int, int] = {}
    for i, points in enumerate(regions):
        root = joined.find(i)
        eyes[root] = eyes.get(root, 0) + math.ceil(region_eye_value(geometry, colours, points))
    return frozenset(p for i, points in enumerate(regions) if eyes[joined.find(i)] >= 2 for p in points)


# ------------------------------------------------- the post's definitions


@dataclass(frozen=True)
class RegionEyes:
    """A controlled region of a board as it stands, with its eye count inputs."""

    owner: Colour
    points: frozenset[int]
    boundary_length: int
    square_four: bool
    curved_four: bool
    eyes: float


def controlled_regions(board: Board) -> tuple[RegionEyes, ...]:
    """Every controlled empty region of the board as it stands (no removals,
    no fills), with its boundary length, shapes and eye value."""
    geometry = _Geometry.of(board)
    colours = board.colours
    result = []
    for region in _empty_regions(geometry, colours, board.open_points):
        if region.owner is None:
            continue
        points = region.points
        boundary = {q for p in points for q in geometry.adjacency[p] if colours[q] is not Colour.EMPTY}
        length = len(boundary) + sum(geometry.missing_sides[p] for p in points)
        square = _contains(geometry, points, _SQUARE_FOURS)
        curved = _contains(geometry, points, _CURVED_FOURS)
        result.append(RegionEyes(region.owner, points, length, square, curved, region_eye_value(geometry, colours, points)))
    return tuple(result)


def expansions(board: Board) -> tuple[frozenset[int], ...]:
    """The expansions of the controlled regions of the board as it stands:
    regions joined when one block borders both, closed transitively; each
    expansion as the set of its points."""
    geometry = _Geometry.of(board)
    colours = board.colours
    chain_at = board.chain_at
    regions = [r for r in _empty_regions(geometry, colours, board.open_points) if r.owner is not None]
    joined = UnionFind(len(regions))
    first: dict[int, int] = {}
    for i, region in enumerate(regions):
        for p in region.points:
            for q in geometry.adjacency[p]:
                block = chain_at[q]
                if block is not None:
                    joined.union(i, first.setdefault(block, i))
    groups: dict[int, set[int]] = {}
    for i, region in enumerate(regions):
        groups.setdefault(joined.find(i), set()).update(region.points)
    return tuple(frozenset(g) for g in groups.values())


def false_ish_points(board: Board) -> frozenset[int]:
    """The controlled points of the board as it stands that are false-ish
    (enough occupied neighbours and opposing diagonals; see the module docstring)."""
    geometry = _Geometry.of(board)
    colours = board.colours
    return frozenset(
        p
        for region in _empty_regions(geometry, colours, board.open_points)
        if region.owner is not None
        for p in region.points
        if _false_ish(geometry, colours, p, region.owner)
    )


# -------------------------------------------------------------- strict seki


def _strict(
    live: Board, controlled: Sequence[_Controlled], neutral: frozenset[int]
) -> tuple[dict[Colour, frozenset[int]], frozenset[int]]:
    """The 1989 rule: chains next to dame are in seki, and so is every
    controlled region bordered by such a chain."""
    chain_at = live.chain_at
    in_seki = {chain_at[q] for p in neutral for q in live.adjacency[p] if chain_at[q] is not None}
    territory: dict[Colour, set[int]] = {c: set() for c in STONE_COLOURS}
    seki: set[int] = set()
    for r in controlled:
        bordering = {chain_at[q] for p in r.points for q in live.adjacency[p] if chain_at[q] is not None}
        if bordering & in_seki:
            seki |= r.points
        else:
            territory[r.owner] |= r.points
    return {c: frozenset(t) for c, t in territory.items()}, frozenset(seki)


# ------------------------------------------------------------ Benson guard


def _pass_alive_regions(live: Board, controlled: Sequence[_Controlled]) -> frozenset[int]:
    """Points of controlled regions whose bordering chains are all pass-alive."""
    from passalive.definitions.analysis import analyse

    analysis = analyse(live)
    alive = {c: analysis.alive(c) for c in STONE_COLOURS}
    chain_at = live.chain_at
    safe: set[int] = set()
    for r in controlled:
        bordering = {c for p in r.points for q in live.adjacency[p] if (c := chain_at[q]) is not None}
        if bordering <= alive[r.owner]:
            safe |= r.points
    return frozenset(safe)


def _components(
    geometry: _Geometry, points: frozenset[int], colours: Sequence[Colour], controlled: Sequence[_Controlled]
) -> tuple[SekiRegion, ...]:
    """Seki points grouped into connected regions, each with its owner."""
    owner_of = {p: r.owner for r in controlled for p in r.points}
    result: list[SekiRegion] = []
    seen: set[int] = set()
    for start in sorted(points):
        if start in seen:
            continue
        seen.add(start)
        members = [start]
        for p in members:
            for q in geometry.adjacency[p]:
                if q in points and q not in seen:
                    seen.add(q)
                    members.append(q)
        result.append(SekiRegion(owner_of[start], frozenset(members)))
    return tuple(result)


# ---------------------------------------------------------- expected results


@dataclass(frozen=True)
class ScoreClaim:
    """`$$ {SCORE [rules=japanese|area] [strict-seki=yes|no] [dead=P,...]
    [captures=B/W] [black=N] [white=N] [black-territory=N] [white-territory=N]
    [seki=P,...|none]}`.

    `dead` (and `captures`, Black's then White's) are the input; the other
    keys are the expected result: the scores, the territory sizes, and the
    exact set of seki points.  Keys not given are not checked.
    """

    rules: str
    strict_seki: bool
    dead: frozenset[int]
    captures: Mapping[Colour, int]
    black: int | None
    white: int | None
    black_territory: int | None
    white_territory: int | None
    seki: frozenset[int] | None


SCORE_KEYS = (
    "rules",
    "strict-seki",
    "dead",
    "captures",
    "black",
    "white",
    "black-territory",
    "white-territory",
    "seki",
)


def _points(annotation: Annotation, board: Board, value: str, index: int) -> frozenset[int]:
    if value == "none":
        return frozenset()
    result = set()
    for name in value.split(","):
        try:
            result.add(board.point(name))
        except InputError:
            raise annotation.error(f"SCORE: no point named {name!r} on this diagram", index) from None
    return frozenset(result)


def read_score_claim(annotation: Annotation, board: Board) -> ScoreClaim:
    """Interpret a `{SCORE ...}` line of a diagram."""
    options = annotation.options(SCORE_KEYS)

    def number(key: str) -> int | None:
        if key not in options:
            return None
        value, index = options[key]
        return read_number(
            value,
            f"SCORE: {key}",
            signed=True,
            minimum=-MAX_SCORE_VALUE,
            maximum=MAX_SCORE_VALUE,
            location=annotation.item_location(index, len(key) + 1),
        )

    rules = options.get("rules", ("japanese", 0))
    if rules[0] not in RULES:
        raise annotation.error(f"SCORE: rules must be one of {', '.join(RULES)}", rules[1])
    strict = options.get("strict-seki", ("no", 0))
    if strict[0] not in ("yes", "no"):
        raise annotation.error("SCORE: strict-seki must be yes or no", strict[1])
    dead = _points(annotation, board, *options["dead"]) if "dead" in options else frozenset()
    for p in dead:
        if board.colours[p] is Colour.EMPTY:
            raise annotation.error(f"SCORE: {board.name(p)} is empty; only stones can be dead", options["dead"][1])
    captures = {c: 0 for c in STONE_COLOURS}
    if "captures" in options:
        value, index = options["captures"]
        parts = value.split("/")
        if len(parts) != 2:
            raise annotation.error("SCORE: captures must be BLACK/WHITE, e.g. captures=3/0", index)
        location = annotation.item_location(index, len("captures="))
        black, white = (
            read_number(part, "SCORE: captures", maximum=MAX_SCORE_VALUE, location=location) for part in parts
        )
        captures = {Colour.BLACK: black, Colour.WHITE: white}
    return ScoreClaim(
        rules=rules[0],
        strict_seki=strict[0] == "yes",
        dead=dead,
        captures=captures,
        black=number("black"),
        white=number("white"),
        black_territory=number("black-territory"),
        white_territory=number("white-territory"),
        seki=_points(annotation, board, *options["seki"]) if "seki" in options else None,
    )


def score_for_claim(board: Board, claim: ScoreClaim) -> Score:
    """The score of the board under the claim's inputs."""
    return score(board, claim.dead, rules=claim.rules, strict_seki=claim.strict_seki, captures=claim.captures)


def check_score_claim(board: Board, claim: ScoreClaim, location: Location) -> ClaimResult:
    """A SCORE claim compared with the scorer.

    `expected` and `got` list the checked keys (`black 11; seki A6,D6`), after
    the rules when they are not the default (`area, strict seki: ...`).
    """
    result = score_for_claim(board, claim)
    problems: list[str] = []
    expected: list[str] = []
    got_parts: list[str] = []
    for label, want, got in (
        ("black", claim.black, result.points[Colour.BLACK]),
        ("white", claim.white, result.points[Colour.WHITE]),
        ("black-territory", claim.black_territory, len(result.territory[Colour.BLACK])),
        ("white-territory", claim.white_territory, len(result.territory[Colour.WHITE])),
    ):
        if want is None:
            continue
        expected.append(f"{label} {want}")
        got_parts.append(f"{label} {got}")
        if want != got:
            problems.append(f"{label} is {got}, expected {want}")
    if claim.seki is not None:
        want_seki = ",".join(board.names(claim.seki)) or "none"
        got_seki = ",".join(board.names(result.seki_points)) or "none"
        expected.append(f"seki {want_seki}")
        got_parts.append(f"seki {got_seki}")
        if claim.seki != result.seki_points:
            problems.append(f"seki points are {got_seki}, expected {want_seki}")
    rules = [claim.rules] if claim.rules != "japanese" else []
    if claim.strict_seki:
        rules.append("strict seki")
    prefix = f"{', '.join(rules)}: " if rules else ""
    return ClaimResult(
        location,
        "score",
        "score",
        prefix + ("; ".join(expected) or "(nothing checked)"),
        prefix + ("; ".join(got_parts) or "(nothing checked)"),
        tuple(problems),
    )


def check_annotation(annotation: Annotation, board: Board) -> ClaimResult:
    """Read and check one `{SCORE}` line (InputError if malformed)."""
    return check_score_claim(board, read_score_claim(annotation, board), annotation.location)


def claim_results(diagram: Diagram) -> tuple[ClaimResult, ...]:
    """Every SCORE line of the diagram, checked, in line order."""
    return tuple(check_annotation(a, diagram.board) for a in diagram.annotations_named("SCORE"))


def check_diagram(diagram: Diagram) -> list[str]:
    """Every disagreement between a diagram's SCORE lines and the scorer."""
    return problem_messages(claim_results(diagram))


# ------------------------------------------------------------- real games


AREA_RULE_SETS = ("chinese", "cn", "aga", "bga", "french", "nz", "newzealand", "goe", "ing",
                  "chineseogs", "chinesekgs", "stonescoring", "ancientarea", "agabutton")
"""Rule sets (SGF RU, lower case without spaces, dashes or underscores) that count by area."""


HANDICAP_BONUS_OF_RULE_SET: Mapping[str, str] = {
    "chinese": "N", "cn": "N", "chineseogs": "N", "chinesekgs": "N",
    "aga": "N-1", "agabutton": "N-1", "bga": "N-1", "french": "N-1",
}
"""White's points for black's N handicap stones under the rule sets whose texts give some (Chinese: N; AGA,
BGA and French: N-1, as KataGo's `Rules::parseRules` sets `whiteHandicapBonus`); keys as in `AREA_RULE_SETS`."""


def handicap_bonus_rule(record_rules: str | None) -> str | None:
    """The white handicap bonus (`N` or `N-1`) the rule set named by a record's RU gives, or None when the
    table does not name it (the caller's default applies)."""
    if record_rules is None:
        return None
    return HANDICAP_BONUS_OF_RULE_SET.get("".join(c for c in record_rules.strip().lower() if c not in " -_"))


def rules_of(record_rules: str | None) -> str | None:
    """The counting rules (`japanese`, `area` or `tromp-taylor`) a game's RU text says, or None when it does not."""
    if record_rules is None:
        return None
    text = record_rules.strip().lower()
    if "".join(c for c in text if c not in " -_") in ("tromptaylor", "tt"):
        return "tromp-taylor"
    if "scorearea" in text:
        return "area"
    if "scoreterritory" in text:
        return "japanese"
    key = "".join(c for c in text if c not in " -_")
    if key in AREA_RULE_SETS:
        return "area"
    if key in ("japanese", "jp", "korean", "kr", "ancientterritory"):
        return "japanese"
    return None
