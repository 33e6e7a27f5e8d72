"""Step 2 of static safety: blocks joined into chains by miai connections.

Müller 1997's "chains of blocks", as Fuego's GoSafetySolver merges them
(GoSafetySolver::FindSafePoints, Merge, GoRegion::Find2Mergable): two
chains are joined through a region where they have two common free
liberties -- a 1-vital and connected region touching only these two chains,
or a 1-vital corridor.  The two liberties become a miai for the connection
and are not free for another one.
"""

from __future__ import annotations

from dataclasses import dataclass

from passalive.definitions.static_safety.geometry import Geo
from passalive.definitions.static_safety.regions import Region, Side


@dataclass
class Chain:
    """Blocks joined by miai connections (mutable while chains are merged)."""

    blocks: frozenset[int]
    stones: int
    liberties: int
    free: int


def merge_chains(geo: Geo, side: Side) -> tuple[list[Chain], dict[int, list[int]]]:
    """Join blocks through regions with two common free liberties (step 2).

    Returns the chains and, per index of a region of two or more points
    (`side.multi`), the chain ids next to it.
    """
    chains: list[Chain | None] = []
    chain_of: dict[int, int] = {}
    for block in side.blocks:
        chain_of[block.index] = len(chains)
        chains.append(Chain(frozenset({block.index}), block.stones, block.liberties, block.liberties))
    # a region's chains in Fuego's order, the order the chains were made in: its blocks are in that order
    # (only for the regions of two or more points: step 3 takes the one-point regions as a bitset)
    around: dict[int, list[int]] = {r.index: [chain_of[b.index] for b in r.blocks] for r in side.multi}
    # a one-point region never has two common liberties: only larger ones can join chains
    candidates = [
        r for r in side.multi if len(r.blocks) >= 2 and (r.vital1_connected or (r.vital1 and r.corridor))
    ]
    if not candidates:
        return [c for c in chains if c is not None], around

    def common(r: Region, a: int, b: int) -> int:
        ca, cb = chains[a], chains[b]
        assert ca is not None and cb is not None
        return r.points & ca.free & cb.free

    changed = True
    while changed:
        changed = False
        for r in candidates:
            ids = around[r.index]
            if len(ids) < 2:
                continue
            pair: tuple[int, int] | None = None
            if r.vital1_connected and len(ids) == 2 and common(r, ids[0], ids[1]).bit_count() >= 2:
                pair = (ids[0], ids[1])
            elif r.vital1 and r.corridor:
                pair = next(
                    ((a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if common(r, a, b).bit_count() >= 2),
                    None,
                )
            if pair is None:
                continue
            a, b = pair
            lib1, lib2 = geo.ordered(common(r, a, b))[:2]
            ca, cb = chains[a], chains[b]
            assert ca is not None and cb is not None
            merged = Chain(
                ca.blocks | cb.blocks, ca.stones | cb.stones, ca.liberties | cb.liberties,
                (ca.free | cb.free) & ~(1 << lib1) & ~(1 << lib2),
            )
            new = len(chains)
            chains.append(merged)
            chains[a] = chains[b] = None
            for ids2 in around.values():
                if a in ids2 or b in ids2:
                    ids2[:] = [i for i in ids2 if i not in (a, b)] + [new]
            changed = True
            break
    alive_ids = [i for i, ch in enumerate(chains) if ch is not None]
    position = {i: k for k, i in enumerate(alive_ids)}
    final = [ch for ch in chains if ch is not None]
    return final, {r: [position[i] for i in ids] for r, ids in around.items()}
