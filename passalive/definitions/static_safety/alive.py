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
    # per region (regions are numbered by their place in `regions`): the chains it is healthy for, or None
    healthy_for: list[list[int] | None] = [None] * len(regions)
    count = [0] * n
    chain_regions: list[list[int]] = [[] for _ in chains]
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for k, r in enumerate(regions):
        ids = around[r.index]
        if r.vital1 or not r.empty:
            who = ids
        else:
            empty = r.empty
            who = [i for i in ids if not empty & ~chains[i].liberties]
        for i in ids:
            chain_regions[i].append(k)
        if who:
            healthy_for[k] = who
            for i in who:
                count[i] += 1
            if len(ids) > 1:
                first = root(ids[0])
                for j in ids[1:]:
                    other = root(j)
                    if other != first:
                        parent[other] = first
    alive = [k >= 2 for k in count]
    stack = [i for i in range(n) if not alive[i]]
    counting = [who is not None for who in healthy_for]
    while stack:
        i = stack.pop()
        for k in chain_regions[i]:
            if counting[k]:
                counting[k] = False
                for j in healthy_for[k] or ():
                    count[j] -= 1
                    if alive[j] and count[j] < 2:
                        alive[j] = False
                        stack.append(j)
    if not any(alive):
        return []
    group = [root(i) for i in range(n)]
    order = dict.fromkeys(group)  # the groups in the order of their first chains, dead or alive
    blocks: dict[int, set[int]] = {}
    for i in range(n):
        if alive[i]:
            blocks.setdefault(group[i], set()).update(chains[i].blocks)
    blocks = {g: blocks[g] for g in order if g in blocks}
    points = dict.fromkeys(blocks, 0)
    for k, r in enumerate(regions):
        healthy = healthy_for[k]
        if counting[k] and healthy is not None and any(alive[i] for i in healthy):
            points[group[around[r.index][0]]] |= r.points
    return [(frozenset(b), points[g]) for g, b in blocks.items()]
