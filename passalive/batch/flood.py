"""The array primitives of the batched kernel: neighbours, gathers and floods.

Every function takes the array namespace `xp` (the array API of the arrays'
own library, as `array_api_compat.array_namespace` gives it) and arrays whose
last two axes are the board's rows and columns (or, for `along` and
`Components`, whose last axis is a board's points in reading order); the
leading axes are positions (and channels).  Only functions of the array API standard are used
(`concat`, `where`, `minimum`, `take`, `reshape`, `any`), so the same code runs
on numpy, CuPy, PyTorch and JAX arrays, on whatever device they are.

`label` names each point's chain or region by its least point (a flood of
labels with pointer jumping); `Components` then answers every question
about a chain or a region ("which is its least needed point?", "does any
point of it fail?") as a minimum over it, by one sort of the points by
label and a segmented scan, without a data-dependent loop.
"""

from __future__ import annotations

from typing import Any

Array = Any
"""An array of any array-API library; the standard has no common static type."""

Namespace = Any
"""An array-API namespace, as `array_api_compat.array_namespace` returns it."""

DIRECTIONS = 4
"""Up, down, left, right: direction d of `neighbour`."""


def neighbour(xp: Namespace, x: Array, d: int) -> Array:
    """At each point, the value of `x` at its neighbour in direction `d`.

    At the edge of the board the point's own value stands in for the missing
    neighbour: every question the kernel asks of a neighbour is about the
    other class (a chain's neighbour that is not a stone of its colour, a
    region's neighbour that is), which a point is never to itself, or is a
    minimum over the point's own class, which its own value does not change.
    """
    if d == 0:
        return xp.concat([x[..., :1, :], x[..., :-1, :]], axis=-2)
    if d == 1:
        return xp.concat([x[..., 1:, :], x[..., -1:, :]], axis=-2)
    if d == 2:
        return xp.concat([x[..., :1], x[..., :-1]], axis=-1)
    return xp.concat([x[..., 1:], x[..., -1:]], axis=-1)


def gather(xp: Namespace, values: Array, points: Array) -> Array:
    """At each point, the value of `values` at the point `points` names, in
    the same board (same leading indices).  Both arrays have one shape."""
    shape = tuple(values.shape)
    height, width = shape[-2], shape[-1]
    size = height * width
    boards = 1
    for n in shape[:-2]:
        boards *= n
    dtype = xp.int64 if boards * size >= 2**31 else xp.int32
    base = xp.reshape(xp.arange(boards, dtype=dtype, device=device_of(values)) * size, shape[:-2] + (1, 1))
    index = xp.reshape(xp.astype(points, dtype) + base, (-1,))
    return xp.reshape(xp.take(xp.reshape(values, (-1,)), index, axis=0), shape)


STAGE = 8
"""Label steps on the whole batch before only the boards still changing go on (and so on)."""


def label(xp: Namespace, same: list[Array]) -> Array:
    """Each point's component, named by its least point (`[M, H, W]`, int32).

    `same[d]` (`[M, H, W]` booleans) says where the neighbour in direction d
    belongs to the point's own component class.  Each step lowers a point's
    label to the least of its own and its same-class neighbours' (min-label
    propagation), then to the label of the point its label names (pointer
    jumping), until a step changes nothing: at most as many steps as the
    longest path in a component, fewer where labels point along the paths.
    Labels are kept in the narrowest integer type that holds them (int16 up
    to 181x181 points): each step is bound by memory traffic.
    """
    shape = tuple(same[0].shape)
    height, width = shape[1], shape[2]
    size = height * width
    device = device_of(same[0])
    small = xp.int16 if size < 2**15 else xp.int32
    key = xp.reshape(xp.arange(size, dtype=small, device=device), (1, height, width)) + xp.zeros(shape, dtype=small, device=device)
    return xp.astype(_lower(xp, key, same), xp.int32)


def _lower(xp: Namespace, key: Array, same: list[Array]) -> Array:
    """The label steps of `label` from `key`, by stages of `STAGE` steps: after
    each stage only the boards whose labels still change go on, apart (on
    real 19x19 positions half the boards are done after 9 steps, the last
    after 55: a stage costs one host synchronisation and saves the rest the
    steps of the slowest board)."""
    shape = tuple(key.shape)
    boards, size = shape[0], shape[1] * shape[2]
    index = xp.int64 if boards * size >= 2**31 else xp.int32
    base = xp.reshape(xp.arange(boards, dtype=index, device=device_of(key)) * size, (boards, 1, 1))
    changed = xp.ones(shape, dtype=xp.bool, device=device_of(key))  # read after the loop; STAGE >= 1 overwrites it
    for _ in range(STAGE):
        lowered = key
        for d in range(DIRECTIONS):
            lowered = xp.minimum(lowered, xp.where(same[d], neighbour(xp, key, d), key))
        pointed = xp.reshape(xp.astype(lowered, index) + base, (-1,))
        lowered = xp.minimum(lowered, xp.reshape(xp.take(xp.reshape(lowered, (-1,)), pointed, axis=0), shape))
        changed = lowered != key
        key = lowered
        if not bool(xp.any(changed)):
            return key
    going = xp.any(xp.reshape(changed, (boards, size)), axis=1)
    (part,) = xp.nonzero(going)
    lowered = _lower(xp, xp.take(key, part, axis=0), [xp.take(s, part, axis=0) for s in same])
    return merge(xp, going, lowered, key)


def merge(xp: Namespace, chosen: Array, part: Array, whole: Array) -> Array:
    """`whole` with its boards where `chosen` (`[M]` booleans) replaced by
    those of `part`, in order (the standard has no scatter: a gather)."""
    place = xp.astype(xp.cumulative_sum(xp.astype(chosen, xp.int32)), xp.int32) - 1
    place = xp.where(chosen, place, 0)
    mask = xp.reshape(chosen, (chosen.shape[0],) + (1,) * (len(whole.shape) - 1))
    return xp.where(mask, xp.take(part, place, axis=0), whole)


def along(xp: Namespace, values: Array, index: Array) -> Array:
    """At each place of the last axis, the value of `values` at place `index`
    of the same row (the standard's `take_along_axis` on the last axis, by a
    flat `take`); `index` has `values`' shape or broadcasts to it."""
    shape = tuple(values.shape)
    size = shape[-1]
    rows = 1
    for n in shape[:-1]:
        rows *= n
    dtype = xp.int64 if rows * size >= 2**31 else xp.int32
    base = xp.reshape(xp.arange(rows, dtype=dtype, device=device_of(values)) * size, shape[:-1] + (1,))
    flat = xp.reshape(xp.astype(xp.broadcast_to(index, shape), dtype) + base, (-1,))
    return xp.reshape(xp.take(xp.reshape(values, (-1,)), flat, axis=0), shape)


def _shift_right(xp: Namespace, x: Array, s: int) -> Array:
    """`x` moved s places up the last axis; the first s places keep their own
    values, which every caller masks."""
    return xp.concat([x[..., :s], x[..., :-s]], axis=-1)


def _scan_masks(xp: Namespace, starts: Array) -> list[tuple[int, Array]]:
    """The steps of a segmented inclusive scan along the last axis whose
    segments begin where `starts` is True: at step (s, m), a place where m
    holds takes in the place s before it (Hillis and Steele's doubling)."""
    size = starts.shape[-1]
    steps = []
    seen = starts
    s = 1
    while s < size:
        steps.append((s, ~seen))
        seen = seen | xp.concat([xp.ones_like(seen[..., :s]), seen[..., :-s]], axis=-1)
        s *= 2
    return steps


def _scan_min(xp: Namespace, values: Array, steps: list[tuple[int, Array]]) -> Array:
    """The segmented running minimum of `values` along the last axis."""
    for s, take_in in steps:
        values = xp.where(take_in, xp.minimum(values, _shift_right(xp, values, s)), values)
    return values


class Components:
    """Minimum over each component of a labelled batch, by one sort and a scan.

    Made once from the labels (`of`): the points of each board are sorted by
    their component's label, so that every component is one run of the
    sorted order; a minimum over components is then a segmented scan along
    that order (log2 P steps of shifts, no host synchronisation) read at
    each run's last place.  Works on `[M, P]` labels and `[..., M, P]`
    values (channels in front); the two reorderings are flat indices made
    once, each one `take`.
    """

    def __init__(self, xp: Namespace, order: Array, steps: list[tuple[int, Array]], last: Array) -> None:
        self.xp = xp
        self.order = order
        """Flat index of the point at each place of the sorted order."""
        self.steps = steps
        self.last = last
        """Flat index (in the sorted order) of the last place of each point's run."""

    @staticmethod
    def of(xp: Namespace, labels: Array) -> Components:
        """The components of `[M, P]` labels (each point's label: the least point of its component)."""
        boards, size = labels.shape[0], labels.shape[-1]
        device = device_of(labels)
        point = xp.reshape(xp.arange(size, dtype=labels.dtype, device=device), (1, size))
        order = xp.argsort(labels * size + point, axis=-1)
        ordered = along(xp, labels, order)
        different = ordered[..., 1:] != ordered[..., :-1]
        starts = xp.concat([xp.ones_like(different[..., :1]), different], axis=-1)
        ends = xp.concat([different, xp.ones_like(different[..., :1])], axis=-1)
        steps = _scan_masks(xp, starts)
        # the last place of each run: a running minimum of (size - 1 - place) from the end
        back = _scan_masks(xp, xp.flip(ends, axis=-1))
        places = xp.reshape(xp.arange(size, dtype=xp.int32, device=device), (1, size))
        places = xp.broadcast_to(places, tuple(labels.shape))
        last_in_order = xp.flip(size - 1 - _scan_min(xp, places, back), axis=-1)
        rank = xp.argsort(order, axis=-1)
        last = along(xp, last_in_order, rank)
        dtype = xp.int64 if boards * size >= 2**31 else xp.int32
        base = xp.reshape(xp.arange(boards, dtype=dtype, device=device) * size, (boards, 1))
        flat_order = xp.reshape(xp.astype(order, dtype) + base, (-1,))
        flat_last = xp.reshape(xp.astype(last, dtype) + base, (-1,))
        return Components(xp, flat_order, steps, flat_last)

    def minimum(self, values: Array) -> Array:
        """At each point, the least value of `values` (`[..., M, P]`) over the point's component."""
        xp = self.xp
        shape = tuple(values.shape)
        flat = xp.reshape(values, (-1, self.order.shape[0]))
        channels = flat.shape[0]
        ordered = xp.reshape(xp.take(flat, self.order, axis=1), shape)
        scanned = xp.reshape(_scan_min(xp, ordered, self.steps), (channels, -1))
        return xp.reshape(xp.take(scanned, self.last, axis=1), shape)


def device_of(x: Array) -> Any:
    """The device an array lives on (the standard's `x.device`; numpy before 2.0 has none)."""
    from array_api_compat import device

    return device(x)
