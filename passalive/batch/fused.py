"""The fused kernel of `passalive.batch`: each position and colour decided from start to end by one thread.

The array program (`kernel.py`) runs on every array library, but each of its
operations is a pass over whole arrays in memory, and those passes bound it
(389,000 19x19 positions/s on an H200, docs/batch.md; on a CPU slower than
the direct code).  `fused.cu` decides each colour of each position in one
thread, from the stones to the answer, as the compiled CPU kernel does, and
runs where the batch is:

* on an NVIDIA GPU, through CuPy: compiled at first use for the board's
  shape (NVRTC, cached by CuPy on disk), one GPU thread per problem; the
  batch goes to CuPy and the answers come back through DLPack without a
  copy, whichever library holds them (CuPy, PyTorch, JAX);
* on the CPU, through `_host` (the same source built as a C extension at
  install): the problems shared among the process's CPUs, each thread
  running its range without the GIL; arrays cross to numpy through DLPack.

This module imports CuPy and numpy only when it runs the kernel: CuPy is the
user's own, built for their CUDA, like the other GPU libraries.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path
from typing import Any

from passalive.batch.flood import Array, Namespace
from passalive.go.limits import board_size_problem

SOURCE = Path(__file__).with_name("fused.cu")
"""The kernel's CUDA source; tests compile the same file for the CPU."""

ENTRY = "pa_cast_out_batch"
"""The kernel's name in `fused.cu`."""

THREADS = 128
"""CUDA threads per block: each holds its own problem's working memory (4.7 KB at 19x19)."""

CUDA = 2
"""DLPack's device type of an NVIDIA GPU (`kDLCUDA`)."""

CPU = 1
"""DLPack's device type of the CPU (`kDLCPU`)."""

CHUNK = 2048
"""The most problems per call of the CPU build (15 ms of work at 19x19): the unit shared among threads,
and the most a Ctrl-C waits for (the C code sees no signal; the interrupt is raised when a chunk ends)."""


class NotCompiled(Exception):
    """CuPy could not compile the kernel (its message: the compiler's log, shortened)."""


def unusable(x: Array) -> str | None:
    """Why the fused kernel cannot take the batch `x` (`[N, H, W]`), or None when it can."""
    try:
        device_type, _ = x.__dlpack_device__()
    except (AttributeError, TypeError, RuntimeError, BufferError):
        return "the arrays do not say their device (no __dlpack_device__)"
    too_large = board_size_problem(int(x.shape[2]), int(x.shape[1]))
    if too_large is not None:
        return too_large
    if int(device_type) == CPU:
        return _unusable_on_cpu()
    if int(device_type) != CUDA:
        return "the arrays are neither on the CPU nor on an NVIDIA GPU"
    try:
        import cupy  # noqa: F401 - only whether it is there
    except ImportError:
        return "CuPy is not installed (pip install cupy-cuda12x or cupy-cuda13x, for your CUDA)"
    return None


def _unusable_on_cpu() -> str | None:
    """Why the CPU build cannot run here (not compiled at install, or no numpy), or None."""
    try:
        import numpy  # noqa: F401 - only whether it is there
    except ImportError:
        return "numpy is not installed (pip install 'passalive[batch]')"
    try:
        from passalive.batch import _host  # noqa: F401 - only whether it was built
    except ImportError:
        return "the fused kernel's CPU build (passalive.batch._host) was not compiled when passalive was installed"
    return None


def cast_out(xp: Namespace, black: Array, white: Array, all_points: bool) -> tuple[Array, Array]:
    """Pass-alive stones and territory of the 2N problems: black's N positions, then white's.

    `black` and `white` are boolean `[N, H, W]` arrays on the CPU or on one
    NVIDIA GPU (`unusable` says None), N > 0; the answers are boolean
    `[2N, H, W]` arrays of the same library and device, as
    `kernel.cast_out` gives them.  Raises NotCompiled when CuPy cannot
    compile the kernel.
    """
    device_type, device = black.__dlpack_device__()
    if int(device_type) == CPU:
        alive, territory = _on_cpu(xp.astype(black, xp.uint8), xp.astype(white, xp.uint8), all_points)
    else:
        alive, territory = _on_gpu(xp.astype(black, xp.uint8), xp.astype(white, xp.uint8), int(device), all_points)
    return xp.astype(xp.from_dlpack(alive), xp.bool), xp.astype(xp.from_dlpack(territory), xp.bool)


def _on_cpu(black: Array, white: Array, all_points: bool) -> tuple[Any, Any]:
    """The answers as numpy `uint8` arrays, from the CPU build, the problems in chunks shared among the CPUs."""
    from concurrent.futures import ThreadPoolExecutor

    import numpy as np

    from passalive.batch import _host

    own = np.ascontiguousarray(np.from_dlpack(black))
    other = np.ascontiguousarray(np.from_dlpack(white))
    n, height, width = own.shape
    alive = np.empty((2 * n, height, width), dtype=np.uint8)
    territory = np.empty_like(alive)
    size = min(CHUNK, max(CHUNK // 8, -(-2 * n // _cpus())))  # a small batch shared among the CPUs too, not too thin
    chunks = [(first, min(first + size, 2 * n)) for first in range(0, 2 * n, size)]
    threads = min(_cpus(), len(chunks))
    if threads == 1:
        for first, last in chunks:
            _host.cast_out(own, other, n, height, width, all_points, alive, territory, first, last)
        return alive, territory
    pool = ThreadPoolExecutor(threads)
    try:
        done = [pool.submit(_host.cast_out, own, other, n, height, width, all_points, alive, territory, first, last)
                for first, last in chunks]  # fmt: skip
        for future in done:
            future.result()
    finally:
        pool.shutdown(cancel_futures=True)  # on an interrupt, only the chunks under way are finished
    return alive, territory


def _cpus() -> int:
    """The CPUs this process may run on (its affinity where the system says it)."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


def _on_gpu(black: Array, white: Array, device: int, all_points: bool) -> tuple[Any, Any]:
    """The answers as CuPy `uint8` arrays on GPU `device`, from the CUDA kernel (NotCompiled if CuPy cannot build it)."""
    import cupy

    with cupy.cuda.Device(device):
        own = cupy.ascontiguousarray(cupy.from_dlpack(black))
        other = cupy.ascontiguousarray(cupy.from_dlpack(white))
        n, height, width = own.shape
        alive = cupy.empty((2 * n, height, width), dtype=cupy.uint8)
        territory = cupy.empty((2 * n, height, width), dtype=cupy.uint8)
        blocks = -(-2 * n // THREADS)
        try:  # the first launch on a device compiles (NVRTC)
            _kernel(height, width)((blocks,), (THREADS,), (own, other, cupy.int64(n), cupy.int32(all_points), alive, territory))
        except cupy.cuda.compiler.CompileException as error:
            raise NotCompiled(f"CuPy could not compile the fused kernel: {str(error).strip()[:300]}") from error
    return alive, territory


@functools.lru_cache(maxsize=32)
def _kernel(height: int, width: int) -> Any:
    """The kernel for one board shape, a `cupy.RawKernel` (compiled at its first launch on each device).

    A memo of a pure function of the shape, so that a batch does not pay for
    reading the source and loading the compiled module again; it holds no
    answer and never changes one.
    """
    import cupy

    return cupy.RawKernel(SOURCE.read_text(encoding="utf-8"), ENTRY, options=(f"-DPA_H={height}", f"-DPA_W={width}"))
