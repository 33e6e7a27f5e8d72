"""Nakade and 2x3 shapes: Fuego's TestNakade, used by step 5 of static safety.

Fuego's GoEyeUtil::TestNakade, IsAliveBlock, IsAlwaysAliveBlock,
Special2x3Cases and DegreeCode, for an opponent region of three to seven
points inside a surrounded area: does it give the opponent at most one eye?
Only on a plain grid: the shapes and the edge are grid notions.  The sound
mode (`Side.sound`) leaves out the last rule, Fuego's own vital-point count,
which calls regions one eye where the opponent lives in seki
(docs/findings.md).
"""

from __future__ import annotations

from passalive.definitions.static_safety.geometry import Geo
from passalive.definitions.static_safety.regions import Side
from passalive.definitions.static_safety.two_vital import is_2vital
from passalive.go.bitboard import bits


def degree_code(geo: Geo, points: int, diagonal: bool = False) -> int:
    """Fuego's DegreeCode: the sum of 10**k over the points of the set with k neighbours in it.

    The digits count the points with 0, 1, 2, ... neighbours in the set,
    which names a small shape up to symmetry (1030 is the T: three points
    with one neighbour, one with three).  With `diagonal`, diagonal
    neighbours count too (Fuego's DegreeCode8).
    """
    code = 0
    diagonals = geo.tables.diagonals
    for p in bits(points):
        k = (geo.nbr(1 << p) & points).bit_count()
        if diagonal:
            k += sum(1 for q in diagonals[p] if points >> q & 1)
        code += 10**k
    return code


_NAKADE_SHAPES = {
    4: {400, 1030},  # the bulky four (a 2x2 square) and the T
    5: {1310, 10040},  # the bulky five and the cross
    6: {10320},  # the rabbity six
}
"""The classical nakade shapes of four to six points, by `degree_code` (every block of up to three is one)."""

_LIVING_WHEN_ALMOST_FILLED = {220, 320, 1130, 2400, 2220}
"""Fuego's IsAliveBlock, by degree code: every four-stone chain with two ends (220: in a row, bent or
S-shaped) and every five-stone one (320: in a row, U, L, W, N), the L with a foot or T, the 2x3, the six
that is not rabbity.  Captured in a region they fill but for one point, they leave two eyes."""

_BULKY_FOUR, _BULKY_FIVE, _TWO_BY_THREE = 400, 1310, 2400


def gives_one_eye(geo: Geo, side: Side, opp_side: Side, points: int) -> bool:
    """Whether an opponent region inside the area gives the opponent at most one eye (a nakade).

    Fuego asks its TestNakade (the answer "isNakade") of a region of three to
    seven points that is not 2-vital; `side` is the area's owner, whose stones
    stand in the region, `opp_side` the region's colour.  Only on a plain
    grid: the shapes and the edge are grid notions.
    """
    if geo.grid is None or not 3 <= points.bit_count() <= 7:
        return False
    if not test_nakade(geo, side, opp_side, points):
        return False
    region = next((r for r in opp_side.multi if r.points == points), None)
    return region is None or not is_2vital(geo, region, opp_side.near)


def test_nakade(geo: Geo, side: Side, opp_side: Side, points: int) -> bool:
    """Fuego's TestNakade for a closed region of 3-7 points: does it give at most one eye?

    The owner's stones in the region (`stones`) can be captured; the
    question is whether the region's colour can make two eyes of it.  The
    rules, in Fuego's order:

    * a 2x2 square: one eye, unless it holds exactly two stones on a diagonal;
    * a bulky five with three stones: one eye when they are one block next to
      both empty points (two blocks, or an empty point away from the block,
      leave more);
    * a 2x3 rectangle with stones: Fuego's special cases (`_two_by_three`);
    * one empty point left: one eye when the stones are one block of a
      nakade shape; not when they have a shape that lives once captured, or
      when the stones are any five with two ends (in a row, U, L, W, N) or a
      T or L-with-a-foot shape that always lives;
    * otherwise the vital points decide: a point with at least two
      neighbours that are empty or stones (three when the region holds a
      2x2 square; an empty one with exactly two must split the region).  An
      empty vital point the owner may not play on (suicide) divides the
      region: two eyes.  An empty one the owner may play makes the nakade
      only by being played: not yet one eye.  With none empty, fewer than
      three vital points taken by stones and at most six points, Fuego calls
      the region one eye (a heuristic of its own, "not sure if this even
      works" says its source; docs/findings.md says what is known of it).
    """
    n = points.bit_count()
    own = side.own
    stones = points & own
    empty = points & geo.empty
    code = degree_code(geo, points)
    if n == 4 and code == _BULKY_FOUR:
        return not _two_diagonal_stones(geo, stones)
    if n == 5 and code == _BULKY_FIVE and stones.bit_count() == 3:
        block = side.block_at((stones & -stones).bit_length() - 1).stones
        return block == stones and not any(not geo.nbr(1 << p) & own for p in bits(empty))
    if n == 6 and code == _TWO_BY_THREE and stones:
        verdict = _two_by_three(geo, points, stones, opp_side.own)
        if verdict is not None:
            return verdict
    stone_code = degree_code(geo, stones)
    if empty.bit_count() == 1 and stones:
        size = stones.bit_count()
        block = side.block_at((stones & -stones).bit_length() - 1).stones
        if block == stones and (size <= 3 or stone_code in _NAKADE_SHAPES.get(size, set())):
            return True
        if stone_code in _LIVING_WHEN_ALMOST_FILLED:
            return False
    if stone_code == 320 or (stone_code == 1130 and degree_code(geo, stones, diagonal=True) in (11210, 3110)):
        return False  # Fuego's IsAlwaysAliveBlock: five with two ends; the T or L with a foot that cannot become a nakade
    enough = 3 if _has_square(geo, points) else 2
    occupied = 0
    for p in bits(points):
        k = (geo.nbr(1 << p) & points).bit_count()
        if k < 4 and (k < enough or (k == 2 and empty >> p & 1 and not geo.is_split_point(p, points))):
            continue  # not a vital point
        if empty >> p & 1:
            return False  # an empty vital point: a divider, or the move that would make the nakade
        occupied += 1
    # Fuego's own heuristic; it gives the owner seki shapes (docs/findings.md), so the sound mode leaves it out
    return not side.sound and occupied < 3 and n <= 6


def _two_diagonal_stones(geo: Geo, stones: int) -> bool:
    """In a 2x2 region: exactly two stones, on a diagonal (not next to each other)."""
    if stones.bit_count() != 2:
        return False
    return not geo.nbr(stones) & stones


def _has_square(geo: Geo, points: int) -> bool:
    """Whether the set holds four points forming a 2x2 square (Fuego: the shape is not a tree)."""
    grid = geo.grid
    assert grid is not None
    st = grid.stride
    return bool(points & (points >> 1) & (points >> st) & (points >> (st + 1)))


def _two_by_three(geo: Geo, points: int, stones: int, walls: int) -> bool | None:
    """Fuego's Special2x3Cases for a 2x3 region with stones: one eye (True), more (False), or no rule (None).

    Two rules anywhere: four stones in an S shape, or three stones two of
    which touch and the third diagonally, leave more than one eye.  Then
    only for a 2x3 lying along the edge (three points on it, not in a
    corner): a single stone on the edge next to a stone of the region's
    colour, or two separate stones both on the edge, leave more; two stones
    on a diagonal, or three separate stones (two on one line, one between
    them on the other), make one eye when the stone on the edge (the first
    in Fuego's order) touches a stone of the region's colour (`walls`).
    """
    code = degree_code(geo, stones)
    code8 = degree_code(geo, stones, diagonal=True)
    if (code, code8) in ((220, 2200), (21, 120)):
        return False
    edge = geo.tables.edge
    if sum(1 for p in bits(points) if edge[p]) != 3:
        return None
    count = stones.bit_count()
    first = min(bits(stones), key=geo.rank.__getitem__)
    on_edge = [p for p in geo.ordered(stones) if edge[p]]
    if count == 1:
        return False if edge[first] and geo.nbr(1 << first) & walls else None
    if count == 2:
        if edge[first] and code == 2 and len(on_edge) == 2:
            return False
        if code == 2 and code8 == 20 and on_edge and geo.nbr(1 << on_edge[0]) & walls:
            return True
        return None
    if count == 3 and code == 3 and code8 == 120 and on_edge and geo.nbr(1 << on_edge[0]) & walls:
        return True
    return None
