"""Step 3 of static safety: Benson's test on chains with healthy and 1-vital regions.

Müller 1997 extends Benson's 1976 unconditional life from blocks to chains
of blocks and counts 1-vital regions as healthy; Fuego's
GoSafetySolver::FindTestSets and GoStaticSafetySolver::TestAlive run it on
each group of chains.  Here it is one casting-out over all chains.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from passalive.definitions.static_safety.chains import Chain
from passalive.definitions.static_safety.regions import Region


def test_alive(
    regions: Sequence[Region], chains: Sequence[Chain], around: Mapping[int, list[int]]
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
    """
    n = len(chains)
    healthy_for: dict[int, list[int]] = {}
    count = [0] * n
    chain_regions: list[list[int]] = [[] for _ in chains]
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for r in regions:
        ids = around[r.index]
        who = ids if r.vital1 else [i for i in ids if not r.empty & ~chains[i].liberties]
        for i in ids:
            chain_regions[i].append(r.index)
        if who:
            healthy_for[r.index] = who
            for i in who:
                count[i] += 1
            first = root(ids[0])
            for j in ids[1:]:
                other = root(j)
                if other != first:
                    parent[other] = first
    alive = [k >= 2 for k in count]
    stack = [i for i in range(n) if not alive[i]]
    counting = dict.fromkeys(healthy_for, True)
    while stack:
        i = stack.pop()
        for ri in chain_regions[i]:
            if counting.get(ri):
                counting[ri] = False
                for j in healthy_for[ri]:
                    count[j] -= 1
                    if alive[j] and count[j] < 2:
                        alive[j] = False
                        stack.append(j)
    groups: dict[int, tuple[set[int], int]] = {}
    for i in range(n):
        if alive[i]:
            blocks, _ = groups.setdefault(root(i), (set(), 0))
            blocks.update(chains[i].blocks)
    if not groups:
        return []
    points = dict.fromkeys(groups, 0)
    for r in regions:
        if counting.get(r.index) and any(alive[i] for i in healthy_for[r.index]):
            g = root(around[r.index][0])
            points[g] |= r.points
    first_chain: dict[int, int] = {}
    for i in range(n):
        first_chain.setdefault(root(i), i)
    order = sorted(groups, key=first_chain.__getitem__)
    return [(frozenset(groups[g][0]), points[g]) for g in order]
