"""Casting-out and healthy territory for a batch of positions, as one array program.

The same definition as `passalive.definitions.direct` (casting-out; with
`all_points`, the suicide-legal adaptation), for plain rectangular boards
without open sides, computed for every position of the batch and both
colours at once: the two colours are stacked as 2N problems "own stones,
opponent stones" and the rest of the program does not know which is which.

1. Chains and regions (`label`): one flood of point numbers over
   "same class" (stone of the colour, or not): each point gets the least
   point of its chain or region.  Every later question about a chain or a
   region is a minimum over it (`flood.Components`: one sort, then scans).
2. Healthy regions, by counting what fails.  A region is healthy for a
   chain when each of its *needed* points (its empty points; with suicide
   legal, all its points) is adjacent to the chain.  A region without
   needed points (opponent stones only) is healthy for every chain next to
   it.  Otherwise the chains it may be healthy for are among the (at most
   four) chains next to its least needed point, its *candidates*; a
   candidate passes when no needed point of the region fails to touch it.
3. Casting-out, in rounds until nothing changes: a region counts for a
   chain when it is healthy for it and no chain next to it has been cast
   out; a chain stays when at least two distinct regions count for it: the
   least and the greatest counting region next to it differ.
4. Territory (`healthy` convention of `passalive.definitions.territory`): a
   region healthy for at least one of its chains, all of them pass-alive.

The rounds end because a round that changes something casts out at least
one chain; the one host synchronisation per round is that test.
"""

from __future__ import annotations

from dataclasses import dataclass

from passalive.batch.flood import DIRECTIONS, Array, Components, Namespace, device_of, gather, label, merge, neighbour


@dataclass(frozen=True)
class Verdicts:
    """The kernel's answer for M problems, arrays shaped `[M, H, W]`."""

    alive: Array
    """Each own stone: its chain is pass-alive."""
    territory: Array
    """Each point: in pass-alive territory of the own colour."""


def cast_out(xp: Namespace, own: Array, opponent: Array, all_points: bool) -> Verdicts:
    """Pass-alive stones and territory of `own`'s colour in each board of a `[M, H, W]` batch."""
    shape = tuple(own.shape)
    height, width = shape[-2], shape[-1]
    size = height * width
    device = device_of(own)
    point = xp.reshape(xp.arange(size, dtype=xp.int32, device=device), (1, height, width))
    point = point + xp.zeros(shape, dtype=xp.int32, device=device)
    small = xp.int16 if size < 2**15 - 1 else xp.int32  # the values minimised over components
    other = ~own
    needed = other if all_points else other & ~opponent
    same = [neighbour(xp, own, d) == own for d in range(DIRECTIONS)]
    labels = label(xp, same)
    components = Components.of(xp, xp.reshape(labels, (shape[0], size)))

    # the chains next to each point that is not an own stone (`size`: none in that direction)
    next_chain = [xp.where(neighbour(xp, own, d) & other, neighbour(xp, labels, d), size) for d in range(DIRECTIONS)]

    # each region's least needed point, the chains next to it (the candidates), and which pass
    first_needed = _least(xp, components, xp.where(needed, xp.astype(point, small), size))
    has_needed = first_needed < size
    first_needed = xp.where(has_needed, first_needed, point)
    candidates = [gather(xp, next_chain[k], first_needed) for k in range(DIRECTIONS)]
    ok = []
    for k in range(DIRECTIONS):
        beside = next_chain[0] == candidates[k]
        for d in range(1, DIRECTIONS):
            beside = beside | (next_chain[d] == candidates[k])
        ok.append(xp.astype(~needed | beside, small))
    passes = _least(xp, components, xp.stack(ok)) == 1
    healthy_for = [
        xp.where(has_needed & passes[k, ...] & (candidates[k] < size), candidates[k], size) for k in range(DIRECTIONS)
    ]

    # for each own stone and direction: the region there, if it is healthy for the stone's chain
    least_region = []
    greatest_region = []
    for d in range(DIRECTIONS):
        healthy = neighbour(xp, ~has_needed, d)
        for k in range(DIRECTIONS):
            healthy = healthy | (neighbour(xp, healthy_for[k], d) == labels)
        healthy = neighbour(xp, other, d) & own & healthy
        region = xp.astype(neighbour(xp, labels, d), small)
        least_region.append(xp.where(healthy, region, size))
        greatest_region.append(xp.where(healthy, size - 1 - region, size))

    stacked = xp.stack(least_region + greatest_region, axis=1)  # [M, 8, H, W]
    alive, counts = _cast_out(xp, own, stacked, labels, components, small, own)

    # territory: regions healthy for a chain next to them, every chain next to them pass-alive
    healthy_any = ~has_needed
    for k in range(DIRECTIONS):
        healthy_any = healthy_any | (healthy_for[k] < size)
    has_stones = xp.any(xp.reshape(own, (shape[0], size)), axis=1)
    territory = other & counts & healthy_any & xp.reshape(has_stones, (-1, 1, 1))
    return Verdicts(alive, territory)


COMPACT_AFTER = 2
"""Rounds on the whole batch before the rest go on with only the boards still changing."""


def _cast_out(
    xp: Namespace, own: Array, regions: Array, labels: Array, components: Components, small: object, alive: Array
) -> tuple[Array, Array]:
    """The casting-out rounds from `alive` (the own stones not cast out yet):
    each own stone's chain pass-alive, and each point in a region no
    cast-out chain touches (`alive`, `counts`).

    `regions[:, d]` holds, at each own stone, the region in direction d if it
    is healthy for the stone's chain (else P), and `regions[:, 4 + d]` the
    same as P - 1 - region.  After `COMPACT_AFTER` rounds the boards that
    still change are taken out (one host synchronisation) and go on alone,
    so that a rare long cascade costs rounds on its own boards only.
    """
    shape = tuple(own.shape)
    boards, size = shape[0], shape[1] * shape[2]
    other = ~own
    rounds = 0
    while True:
        dead = own & ~alive
        next_dead = neighbour(xp, dead, 0)
        for d in range(1, DIRECTIONS):
            next_dead = next_dead | neighbour(xp, dead, d)
        counts = _least(xp, components, xp.astype(~(other & next_dead), small)) == 1
        low = xp.full(shape, size, dtype=small, device=device_of(own))
        high = low
        for d in range(DIRECTIONS):
            counting = neighbour(xp, counts, d)
            low = xp.minimum(low, xp.where(counting, regions[:, d, ...], size))
            high = xp.minimum(high, xp.where(counting, regions[:, DIRECTIONS + d, ...], size))
        ends = _least(xp, components, xp.stack([low, high]))
        first, last = ends[0, ...], size - 1 - ends[1, ...]
        still = alive & (first < size) & (first != last)
        changed = xp.any(xp.reshape(still != alive, (boards, size)), axis=1)
        if not bool(xp.any(changed)):
            return alive, counts
        alive = still
        rounds += 1
        if rounds >= COMPACT_AFTER:
            break
    # the boards still changing, on their own
    (index,) = xp.nonzero(changed)
    index = xp.astype(index, xp.int32)
    part_labels = xp.take(labels, index, axis=0)
    part_components = Components.of(xp, xp.reshape(part_labels, (index.shape[0], size)))
    part_own = xp.take(own, index, axis=0)
    part_regions = xp.take(regions, index, axis=0)
    part_alive, part_counts = _cast_out(
        xp, part_own, part_regions, part_labels, part_components, small, xp.take(alive, index, axis=0)
    )
    return merge(xp, changed, part_alive, alive), merge(xp, changed, part_counts, counts)


def _least(xp: Namespace, components: Components, values: Array) -> Array:
    """The least of `values` (`[..., M, H, W]`) over each point's chain or region."""
    shape = tuple(values.shape)
    flat = xp.reshape(values, shape[:-2] + (shape[-2] * shape[-1],))
    return xp.reshape(components.minimum(flat), shape)
