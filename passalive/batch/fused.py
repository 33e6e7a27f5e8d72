"""The fused CUDA kernel of `passalive.batch`: one GPU thread per position and colour.

The array program (`kernel.py`) runs on every array library, but on a GPU
each of its operations is a pass over whole arrays in GPU memory, and those
passes bound it (389,000 19x19 positions/s on an H200, docs/batch.md).
`fused.cu` decides each colour of each position in one thread, from the
stones to the answer, as the compiled CPU kernel does.  CuPy compiles it at
first use for the board's shape (NVRTC, cached by CuPy on disk) and launches
it; the batch goes to CuPy and the answers come back through DLPack without
a copy, whichever library holds them (CuPy, PyTorch, JAX).

This module imports CuPy only when it runs the kernel: CuPy is the user's
own, built for their CUDA, like the other GPU libraries.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from passalive.batch.flood import Array, Namespace
from passalive.go.limits import MAX_POINTS

SOURCE = Path(__file__).with_name("fused.cu")
"""The kernel's CUDA source; tests compile the same file for the CPU."""

ENTRY = "pa_cast_out_batch"
"""The kernel's name in `fused.cu`."""

THREADS = 128
"""Threads per block: each holds its own position's working memory (about 8 KB at 19x19)."""

CUDA = 2
"""DLPack's device type of an NVIDIA GPU (`kDLCUDA`)."""


class NotCompiled(Exception):
    """CuPy could not compile the kernel (its message: the compiler's log, shortened)."""


def unusable(x: Array) -> str | None:
    """Why the fused kernel cannot take the batch `x` (`[N, H, W]`), or None when it can."""
    try:
        device_type, _ = x.__dlpack_device__()
    except (AttributeError, TypeError, RuntimeError, BufferError):
        return "the arrays do not say their device (no __dlpack_device__)"
    if int(device_type) != CUDA:
        return "the arrays are not on an NVIDIA GPU"
    height, width = int(x.shape[1]), int(x.shape[2])
    if height * width > MAX_POINTS:
        return f"a {height}x{width} board has more than {MAX_POINTS} points"
    try:
        import cupy  # noqa: F401 - only whether it is there
    except ImportError:
        return "CuPy is not installed (pip install cupy-cuda12x or cupy-cuda13x, for your CUDA)"
    return None


def cast_out(xp: Namespace, black: Array, white: Array, all_points: bool) -> tuple[Array, Array]:
    """Pass-alive stones and territory of the 2N problems: black's N positions, then white's.

    `black` and `white` are boolean `[N, H, W]` arrays on one NVIDIA GPU
    (`unusable` says None), N > 0; the answers are boolean `[2N, H, W]`
    arrays of the same library and device, as `kernel.cast_out` gives them.
    Raises NotCompiled when CuPy cannot compile the kernel.
    """
    import cupy

    n, height, width = (int(s) for s in black.shape)
    _, device = black.__dlpack_device__()
    with cupy.cuda.Device(int(device)):
        own = cupy.ascontiguousarray(cupy.from_dlpack(xp.astype(black, xp.uint8)))
        other = cupy.ascontiguousarray(cupy.from_dlpack(xp.astype(white, xp.uint8)))
        alive = cupy.empty((2 * n, height, width), dtype=cupy.uint8)
        territory = cupy.empty((2 * n, height, width), dtype=cupy.uint8)
        blocks = -(-2 * n // THREADS)
        try:  # the first launch on a device compiles (NVRTC)
            _kernel(height, width)((blocks,), (THREADS,), (own, other, cupy.int64(n), cupy.int32(all_points), alive, territory))
        except cupy.cuda.compiler.CompileException as error:
            raise NotCompiled(f"CuPy could not compile the fused kernel: {str(error).strip()[:300]}") from error
    return xp.astype(xp.from_dlpack(alive), xp.bool), xp.astype(xp.from_dlpack(territory), xp.bool)


@functools.lru_cache(maxsize=32)
def _kernel(height: int, width: int) -> Any:
    """The kernel for one board shape, a `cupy.RawKernel` (compiled at its first launch on each device).

    A memo of a pure function of the shape, so that a batch does not pay for
    reading the source and loading the compiled module again; it holds no
    answer and never changes one.
    """
    import cupy

    return cupy.RawKernel(SOURCE.read_text(encoding="utf-8"), ENTRY, options=(f"-DPA_H={height}", f"-DPA_W={width}"))
