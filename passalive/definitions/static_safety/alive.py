"""Step 3 of static safety: Benson's test on chains with healthy and 1-vital regions.

Müller 1997 extends Benson's 1976 unconditional life from blocks to chains
of blocks and counts 1-vital regions as healthy; Fuego's
GoSafetySolver::FindTestSets and GoStaticSafetySolver::TestAlive run it on
each group of chains.  Here it is one casting-out over all chains.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from passalive.definitions.direct import RegionGraph, cast_out
from passalive.definitions.static_safety.chains import Chain
from passalive.definitions.static_safety.geometry import Geo
from passalive.definitions.static_safety.regions import Side


def test_alive(
    geo: Geo, side: Side, chains: Sequence[Chain], around: Mapping[int, list[int]]
) -> list[tuple[frozenset[int], int]]:
    """Step 3: Benson's test on chains with healthy and 1-vital regions.

    A region counts for a chain when it is healthy for it (all its empty
    points are liberties of the chain, or it is 1-vital) and every chain next
    to it is still in; chains with fewer than two counting regions are cast
    out until none is.  Chains are grouped by "a healthy region of one
    touches the other" (Fuego tests each group on its own; no healthy region
    spans two groups, so one casting-out over all chains gives the same).
    Returns, for each group with a safe subset (by its first chain), the
    safe blocks and the points of its safe regions.

    One-point regions (most eyes) are healthy for every chain next to them
    (an empty point is a liberty of each, an opponent stone has no empty
    point), so they are handled together as one bitset of points
    (`side.single`): a chain's are the points of it next to the chain, and
    those next to a chain cast out stop counting.  Only the few larger
    regions (`side.multi`) are visited one by one.
    """
    n = len(chains)
    single = side.single
    nbr = geo.nbr
    near = [nbr(ch.stones) & single for ch in chains]
    count = [p.bit_count() for p in near]
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    def union(ids: Sequence[int]) -> None:
        first = root(ids[0])
        for j in ids[1:]:
            other = root(j)
            if other != first:
                parent[other] = first

    # larger regions, one by one: the chains each is healthy for
    multi = side.multi
    healthy_for: list[list[int]] = []
    chain_regions: list[list[int]] = [[] for _ in chains]
    for k, r in enumerate(multi):
        ids = around[r.index]
        if r.vital1 or not r.empty:
            who = ids
        else:
            empty = r.empty
            who = [i for i in ids if not empty & ~chains[i].liberties]
        healthy_for.append(who)
        for i in ids:
            chain_regions[i].append(k)
        if who:
            for i in who:
                count[i] += 1
            if len(ids) > 1:
                union(ids)
    # one-point regions next to two or more chains join them
    seen = shared = 0
    for p in near:
        shared |= seen & p
        seen |= p
    if shared:
        touching = [i for i in range(n) if near[i] & shared]
        for a, i in enumerate(touching):
            for j in touching[a + 1 :]:
                if near[i] & near[j]:
                    union([i, j])

    left = cast_out(RegionGraph(single, near, chain_regions, healthy_for, count))
    alive, counting, usable = left.alive, left.counting, left.usable
    if not any(alive):
        return []
    group = [root(i) for i in range(n)]
    order = dict.fromkeys(group)  # the groups in the order of their first chains, dead or alive
    blocks: dict[int, set[int]] = {}
    points: dict[int, int] = {}
    for i in range(n):
        if alive[i]:
            g = group[i]
            blocks.setdefault(g, set()).update(chains[i].blocks)
            points[g] = points.get(g, 0) | (near[i] & usable)
    for k, r in enumerate(multi):
        if counting[k] and any(alive[i] for i in healthy_for[k]):
            g = group[around[r.index][0]]
            points[g] = points.get(g, 0) | r.points
    return [(frozenset(blocks[g]), points[g]) for g in order if g in blocks]
