"""2-vital regions (step 4 of static safety): two intersection points not needed as miai.

Müller 1997's 2-vital test as Fuego's GoRegion::Is2Vital and
Find2ConnForAllInterior compute it: the region's blocks share liberties in
it whose occupation splits the region; every inner empty point gets a miai
pair of liberties from the outside in, and two intersection points must be
left over.  The last pass (`_spare_intersection_points`) gives intersection
points back where a connected inner point can stand in for them.
"""

from __future__ import annotations

from passalive.definitions.static_safety.geometry import Geo
from passalive.go.bitboard import mask_of
from passalive.definitions.static_safety.regions import Region
from passalive.go.bitboard import bits


def _joint_liberties(geo: Geo, r: Region) -> list[int]:
    """Liberties in the region shared by all its blocks (none if a block has fewer than two liberties)."""
    if len(r.blocks) == 1:
        return geo.ordered(r.blocks[0].liberties & r.points)
    joint = r.points
    for b in r.blocks:
        if b.liberties.bit_count() < 2:
            return []
        joint &= b.liberties
    return geo.ordered(joint)


def is_2vital(geo: Geo, r: Region, near_c: int) -> bool:
    """Two intersection points: shared liberties that split the region and are not used as miai."""
    if not r.blocks:
        return False
    inner_set = r.empty & ~near_c
    inner = geo.ordered(inner_set)
    joint = _joint_liberties(geo, r)
    if len(joint) < 2:
        return False
    if len(inner) <= 2:
        ips = [
            p for p in joint
            if not inner_set & ~geo.nbr(1 << p) and geo.is_split_point(p, r.points)
        ]
        if len(ips) >= 2:
            return True
    splits = [p for p in joint if geo.is_split_point(p, r.points)]
    if len(splits) < 2:
        return False
    used = _miai_paths(geo, r, inner, inner_set, near_c, mask_of(splits))
    if used is None:
        return False
    return sum(1 for p in splits if not used >> p & 1) >= 2


def _miai_paths(
    geo: Geo, r: Region, inner: list[int], inner_set: int, near_c: int, splits: int
) -> int | None:
    """Fuego's Find2ConnForAllInterior: miai pairs for the inner empty points, found outside in.

    A point that got its pair becomes a liberty for the points further in.
    Returns the points used in pairs, or None when some inner point gets none.
    When every inner point has its pair, intersection points (`splits`) are
    handed back where an inner point can do without them
    (`_spare_intersection_points`).
    """
    if not inner:
        return 0
    libs = r.empty & ~inner_set & geo.nbr(inner_set) & near_c
    todo = inner_set
    used = 0
    pairs: list[tuple[int, int]] = []
    changed = True
    while changed:
        changed = False
        if not todo:
            return _spare_intersection_points(geo, inner, pairs, libs, used, splits)
        for p in inner:
            pair = _best_two(geo, p, libs, todo)
            if pair is not None:
                pairs.append(pair)
                both = (1 << pair[0]) | (1 << pair[1])
                used |= both
                libs = (libs & ~both) | (1 << p)
                todo &= ~(1 << p)
                changed = True
    return None


def _spare_intersection_points(
    geo: Geo, inner: list[int], pairs: list[tuple[int, int]], libs: int, used: int, splits: int
) -> int:
    """The last pass of Fuego's Find2ConnForAllInterior: give intersection points back.

    Every inner point is connected now, so each has become a liberty in the
    pool (`libs`, with what no pair took).  Visiting the inner points in
    order, an inner point with neighbours left in the pool looks at every
    pair (in the order they were taken) whose two points are both its
    neighbours: each point of the pair that is an intersection point is
    given back (no longer used), and the inner point's first neighbour left
    in the pool takes its place -- for the second point of a pair only while
    one is left.  Returns the points used afterwards.
    """
    rank = geo.rank
    for p in inner:
        around = geo.nbr(1 << p)
        rest = around & libs
        if not rest:
            continue
        for pair in pairs:
            if not (around >> pair[0] & 1 and around >> pair[1] & 1):
                continue
            for k, q in enumerate(pair):
                if not splits >> q & 1 or (k == 1 and not rest):
                    continue
                libs |= 1 << q
                used &= ~(1 << q)
                if rest:
                    stand_in = 1 << min(bits(rest), key=rank.__getitem__)
                    libs &= ~stand_in
                    rest &= ~stand_in
                    used |= stand_in
    return used


def _best_two(geo: Geo, p: int, libs: int, todo: int) -> tuple[int, int] | None:
    """Two liberties of `p` as a miai, preferring ones no other open inner point needs."""
    mine = [q for q in geo.directed[p] if libs >> q & 1]
    if len(mine) <= 1:
        return None
    if len(mine) == 2:
        return (mine[0], mine[1])
    others = todo & ~(1 << p)
    shared = [q for q in mine if geo.nbr(1 << q) & others]
    alone = [q for q in mine if q not in shared]
    if len(alone) >= 2:
        return (alone[0], alone[1])
    if len(alone) == 1:
        return (alone[0], shared[0])
    return (shared[0], shared[1])
