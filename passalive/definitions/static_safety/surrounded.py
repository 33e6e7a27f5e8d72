"""Step 5 of static safety: surrounded areas the opponent cannot live in.

Fuego's GoSafetySolver::FindSurroundedSafeAreas with GoSafetyUtil's
IsTerritory, ExtendedIsTerritory, MightMakeLife, Find2ConnectionsForAll and
CanBecomeSinglePointEye (an extension of Müller 1997's safety by search
results to static tests): a region next to a safe block, with no safe point
in it or its inner blocks, is safe with its blocks when the opponent cannot
make two eyes there, or when every block connects to the safe stones by two
liberties and every inner point but one has a miai.  Opponent regions
inside the area are judged by the nakade test (`nakade.py`), which in the
sound mode leaves out Fuego's vital-point count (it gives the owner seki).
"""

from __future__ import annotations

from passalive.definitions.static_safety.geometry import Geo
from passalive.go.bitboard import mask_of
from passalive.definitions.static_safety.nakade import gives_one_eye
from passalive.definitions.static_safety.regions import Region, Side, add_safe, anchors, take_two
from passalive.go.bitboard import bits
from passalive.go.board import Colour


def can_be_eye(geo: Geo, p: int, safe: int) -> bool:
    """Fuego's CanBecomeSinglePointEye: no safe neighbour, at most one safe diagonal (none on the edge)."""
    if geo.nbr(1 << p) & safe:
        return False
    n = sum(1 for q in geo.tables.diagonals[p] if safe >> q & 1)
    if n and geo.tables.edge[p]:
        return False
    return n <= 1


def might_make_life(geo: Geo, area: int, safe: int, who: Colour) -> bool:
    """Whether `who` (the opponent of the safe stones) might make two eyes in `area`.

    Eye points are the area's points not next to a safe point and without a
    stone of `who`; two that can each become a one-point eye, and are not
    the only two and adjacent, might give two eyes.
    """
    eye_points = geo.ordered(area & ~geo.nbr(safe) & ~geo.stones[who])
    if len(eye_points) <= 1:
        return False
    eye = next_to_eye = None
    for p in eye_points:
        if not can_be_eye(geo, p, safe):
            continue
        if eye is None:
            eye = p
        elif next_to_eye is None and geo.nbr(1 << eye) >> p & 1:
            next_to_eye = p
        else:
            return True
    return False


def _connect_all(geo: Geo, side: Side, area: int, safe: int, colour: Colour, omissions: int) -> bool:
    """Fuego's Find2ConnectionsForAll for a surrounded area of `colour`.

    Every block on the area's boundary not yet safe, and every block inside,
    must find two liberties among the area's empty points next to safe
    stones (each pair used once; a connected block's liberties join the
    pool); then every inner empty point, but up to `omissions`, needs two
    such liberties as a miai -- unless the opponent cannot live in what is
    left.
    """
    opp = colour.opponent
    own, empty = geo.stones[colour], geo.empty
    boundary = geo.border(area) & ~safe
    libs = area & empty & geo.nbr(safe)
    interior = area & ~libs & ~geo.stones[opp]
    unsafe = anchors(side, boundary) + anchors(side, interior & own)
    used = 0
    change = True
    while change and unsafe and libs.bit_count() >= 2:
        newly = []
        for block in unsafe:
            two = [q for q in geo.ordered(block.liberties) if libs >> q & 1][:2]
            if len(two) >= 2:
                safe |= block.stones
                libs |= block.liberties
                used |= (1 << two[0]) | (1 << two[1])
                libs &= ~used
                newly.append(block)
        unsafe = [b for b in unsafe if b not in newly]
        change = bool(newly)
    if unsafe:
        return False
    inner = geo.ordered(area & empty & ~geo.nbr(safe))
    if omissions == 1 and not might_make_life(geo, mask_of(inner), safe, opp):
        return True
    pool = [libs]
    for p in inner:
        if not take_two(geo, p, pool):
            omissions -= 1
            if omissions < 0:
                return False
    return True



def _is_territory(geo: Geo, side: Side, area: int, safe: int, colour: Colour) -> bool:
    """Fuego's IsTerritory: the opponent cannot live inside safe walls, or everything connects."""
    boundary = geo.border(area)
    if not boundary & ~safe and not might_make_life(geo, area, safe, colour.opponent):
        return True
    return not boundary & ~side.own and _connect_all(geo, side, area, safe, colour, 1)


def _extended_is_territory(geo: Geo, side: Side, opp_side: Side, area: int, safe: int, colour: Colour) -> bool:
    """Fuego's ExtendedIsTerritory: IsTerritory, first asking whether the opponent can live
    counting its own regions inside the area (`_extended_might_make_life`)."""
    boundary = geo.border(area)
    if not boundary & ~safe and not _extended_might_make_life(geo, side, opp_side, area, safe, colour):
        return True
    return _is_territory(geo, side, area, safe, colour)


def _extended_might_make_life(
    geo: Geo, side: Side, opp_side: Side, area: int, safe: int, colour: Colour
) -> bool:
    """Whether the opponent might make two eyes in an area whose every boundary point is safe.

    With no opponent region (and its blocks) inside the area, this is
    `might_make_life`.  Two such regions, or one that may give two eyes
    (`gives_one_eye`), might give two eyes.  One nakade region gives at most one
    eye; then the opponent lives only if a second eye can form elsewhere: at
    a point of the rest of the area, not next to a safe point and without an
    opponent stone, that can become a one-point eye.
    """
    opp = opp_side.own
    for p in bits(opp_side.closed_single & area):
        # a one-point region of the opponent inside the area, with its blocks: at least an eye (never a nakade)
        touching = geo.nbr(1 << p) & opp
        if not any(b.stones & touching and b.stones & ~area for b in opp_side.blocks):
            return True
    nakade = None
    for points in opp_side.closed:
        if points & ~area:
            continue
        touching = geo.dilate(points) & opp
        stones = 0
        for b in opp_side.blocks:
            if b.stones & touching:
                stones |= b.stones
        if stones & ~area:
            continue
        if nakade is not None or not gives_one_eye(geo, side, opp_side, points):
            return True
        nakade = points | stones
    if nakade is None:
        return might_make_life(geo, area, safe, colour.opponent)
    rest = area & ~nakade & ~geo.nbr(safe) & ~opp
    return any(can_be_eye(geo, p, safe) for p in bits(rest))



def surrounded_areas(
    geo: Geo, side: Side, opp_side: Side, c: Colour, safe: dict[Colour, int],
    steps: list[tuple[Colour, str, int, frozenset[int], str, frozenset[int]]],
) -> None:
    """Step 5 for one colour: single regions until none is found, then pairs (then singles again)."""
    def next_to_safe(mine: int, any_safe: int) -> list[Region]:
        """The regions that may be next to a safe block and hold no safe point, in Fuego's order.

        Every region of two or more points, and the one-point regions next to
        a safe stone of `c` (its block is safe, since blocks become safe whole)
        that are not safe themselves.
        """
        return side.ordered(side.single & ~any_safe & geo.nbr(mine & side.own))

    def single() -> bool:
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        mine = safe[c]
        for r in next_to_safe(mine, any_safe):
            if r.points & mine or not any(b.stones & mine for b in r.blocks):
                continue
            area = r.points | r.inner_blocks
            if area & any_safe:
                continue
            if _extended_is_territory(geo, side, opp_side, area, mine, c):
                made = add_safe(geo, side, safe, c, r.points)
                inner = frozenset(b.index for b in r.blocks if b.index in made and not b.stones & ~r.inner_blocks)
                steps.append((c, "surrounded", r.points, made - inner, "a region next to safe stones where the opponent cannot live", inner))
                return True
        return False

    def pair() -> bool:
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        mine = safe[c]
        for r1 in next_to_safe(mine, any_safe):
            if r1.points & mine or not any(b.stones & mine for b in r1.blocks) or r1.points & any_safe:
                continue
            unsafe1 = {b.index for b in r1.blocks if not b.stones & mine}
            if not unsafe1:
                continue
            unsafe_stones = 0
            for b in r1.blocks:
                if b.index in unsafe1:
                    unsafe_stones |= b.stones
            # the other region shares an unsafe block: a one-point one is next to its stones
            for r2 in side.ordered(side.single & ~any_safe & geo.nbr(unsafe_stones)):
                if r2.points == r1.points or r2.points & any_safe:
                    continue
                if not any(b.index in unsafe1 for b in r2.blocks):
                    continue
                union = r1.points | r2.points
                if _is_territory(geo, side, union, mine, c):
                    made = add_safe(geo, side, safe, c, union)
                    steps.append((c, "surrounded pair", union, made, "two regions sharing a block, surrounded and safe together", frozenset()))
                    return True
        return False

    while single():
        pass
    while pair():
        while single():
            pass
