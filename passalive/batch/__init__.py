"""Pass-alive stones and territory of many positions at once, on any array library.

    import numpy as np
    from passalive import batch
    black = np.zeros((1000, 19, 19), dtype=bool)   # N positions, rows, columns
    white = np.zeros((1000, 19, 19), dtype=bool)
    alive_black, alive_white = batch.pass_alive(black, white)              # suicide illegal
    territory_black, territory_white = batch.territory(black, white, suicide="multi")

The answers are the direct implementation's (`passalive.analyse`, variant
`casting-out`, or `suicide` when suicide is legal, territory by the
`healthy` convention) for each position of the batch, as boolean arrays of
the inputs' shape, library and device: numpy, CuPy, PyTorch or JAX arrays
are taken as given (through `array_api_compat.array_namespace`), so a batch on
a GPU is computed there.  The kernel is in `kernel.py`, its array primitives
in `flood.py`; docs/batch.md of the source gives the semantics and figures.
The same answers come from one fused kernel instead (`fused.py`,
`fused.cu`) on an NVIDIA GPU with CuPy installed, and on the CPU where its C
build was compiled at install: `method` chooses.

This package imports `passalive.go` and `passalive.errors` only, and
`array_api_compat` when called (the extra `passalive[batch]`, with numpy):
the GPU libraries are the user's own.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass

from passalive.batch import fused
from passalive.batch.flood import Array
from passalive.batch.kernel import cast_out
from passalive.errors import InputError, UsageError
from passalive.go.suicide import Suicide

__all__ = ["METHODS", "BatchAnalysis", "analyse", "pass_alive", "territory"]

METHODS = ("auto", "array", "fused")
"""How a batch is computed: `array`, the array program on any library; `fused`, the fused kernel (its C
build for arrays on the CPU, its CUDA build on an NVIDIA GPU with CuPy); `auto`, the fused kernel where it
can run, else the array program."""


@dataclass(frozen=True)
class BatchAnalysis:
    """Pass-alive stones and territory of each colour, boolean arrays shaped like the input."""

    alive_black: Array
    alive_white: Array
    territory_black: Array
    territory_white: Array


def analyse(black: Array, white: Array, suicide: Suicide | str = "no", method: str = "auto") -> BatchAnalysis:
    """Pass-alive stones and territory of both colours in each position of a batch.

    `black` and `white` are boolean arrays shaped `[N, H, W]` (N positions
    of H rows and W columns, no point of both colours), of one array library
    and device.  `suicide`: `no` (casting-out) or `multi`/`all` (multi-stone
    suicide legal: a region is healthy only when every point of it touches
    the chain).  `method` (one of METHODS) chooses the array program or the
    fused kernel; both give the same answers.  Raises UsageError for
    arrays of another shape or type, an unknown rule or method, or `fused`
    for a batch it cannot take (with the reason).  Under `auto`, a kernel
    that CuPy cannot compile (its NVRTC, say) gives a RuntimeWarning with
    the compiler's reason, and the array program answers.
    """
    from array_api_compat import array_namespace

    rule = _rule(suicide)
    if method not in METHODS:
        raise UsageError(f"unknown method {method!r}; use one of: {', '.join(METHODS)}")
    xp = array_namespace(black, white)
    _check(xp, black, white)
    n = black.shape[0]
    if n == 0:
        return BatchAnalysis(black, white, black, white)  # no position: empty answers of the right shape
    all_points = rule is not Suicide.ILLEGAL
    answers = None if method == "array" else _fused(xp, black, white, all_points, method)
    if answers is None:
        own = xp.concat([black, white], axis=0)
        opponent = xp.concat([white, black], axis=0)
        verdicts = cast_out(xp, own, opponent, all_points=all_points)
        answers = verdicts.alive, verdicts.territory
    alive, territory = answers
    return BatchAnalysis(alive[:n, ...], alive[n:, ...], territory[:n, ...], territory[n:, ...])


def _fused(xp: object, black: Array, white: Array, all_points: bool, method: str) -> tuple[Array, Array] | None:
    """The fused kernel's answers (`fused.cast_out`), or None where the array program answers instead
    (`auto`: the kernel cannot take the batch, or CuPy cannot compile it, which is warned); `fused` where
    the kernel cannot answer is a UsageError that says why."""
    why_not = fused.unusable(black)
    if why_not is None:
        try:
            return fused.cast_out(xp, black, white, all_points)
        except fused.NotCompiled as error:
            if method == "fused":
                raise UsageError(f"the fused kernel cannot take this batch: {error}") from error
            warnings.warn(f"passalive.batch: {error}; the array program runs instead", RuntimeWarning, stacklevel=3)
            return None
    if method == "fused":
        raise UsageError(f"the fused kernel cannot take this batch: {why_not}")
    return None


def pass_alive(black: Array, white: Array, suicide: Suicide | str = "no", method: str = "auto") -> tuple[Array, Array]:
    """The pass-alive stones of each colour, `(alive_black, alive_white)`: see `analyse`."""
    result = analyse(black, white, suicide, method)
    return result.alive_black, result.alive_white


def territory(black: Array, white: Array, suicide: Suicide | str = "no", method: str = "auto") -> tuple[Array, Array]:
    """The pass-alive territory of each colour, `(territory_black, territory_white)`
    (empty points and dead opponent stones): see `analyse`."""
    result = analyse(black, white, suicide, method)
    return result.territory_black, result.territory_white


def _rule(suicide: Suicide | str) -> Suicide:
    """The suicide rule (read as `analyse()` reads it), a UsageError for an unknown name."""
    try:
        return Suicide.parse(suicide)
    except InputError as error:
        raise UsageError(f"unknown suicide rule {suicide!r}; use one of: no, multi, all") from error


def _check(xp: object, black: Array, white: Array) -> None:
    """A UsageError unless both are boolean `[N, H, W]` arrays of one shape with no point of both colours."""
    for name, stones in (("black", black), ("white", white)):
        if len(stones.shape) != 3:
            raise UsageError(f"{name} must be shaped [N, H, W] (positions, rows, columns), got {tuple(stones.shape)}")
        if stones.dtype != xp.bool:  # type: ignore[attr-defined]  # an array-API namespace, typed as object
            raise UsageError(f"{name} must be a boolean array, got {stones.dtype}")
    if tuple(black.shape) != tuple(white.shape):
        raise UsageError(f"black and white differ in shape: {tuple(black.shape)} and {tuple(white.shape)}")
    if black.shape[1] == 0 or black.shape[2] == 0:
        raise UsageError(f"a board needs at least one point, got {tuple(black.shape)}")
    if bool(xp.any(black & white)):  # type: ignore[attr-defined]
        raise UsageError("a point is both black and white")
