"""The fused CUDA kernel (`passalive/batch/fused.cu`) gives the direct code's answers.

The kernel's one source is compiled here twice:

* as C++ for the CPU (its host entry point runs the GPU threads' work one
  after another), and its answers compared, position by position, with
  `passalive.analyse` and with the array program, at every size and under
  both suicide rules: the same file that CuPy compiles for the GPU;
* by nvcc for an NVIDIA GPU (sm_90, an H100/H200), which only shows that it
  compiles there: no GPU runs it in this suite.  Where a GPU and CuPy are
  present, `batch.analyse(..., method="fused")` is compared on the GPU too.

`fused.py`'s launch (DLPack in and out, the kernel's arguments, the grid)
runs here through a stand-in for CuPy that calls the CPU build.

Each test that needs a compiler or a GPU is skipped, with the reason, where
there is none.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import random
import shutil
import subprocess
import sys
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import board_from_text, end_of_game_positions, random_position
from test_batch import _corpus_boards, arrays, direct_answers

from passalive import batch
from passalive.batch import fused
from passalive.errors import UsageError
from passalive.go.board import Board

Host = Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any], bool], tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int, int], Host]:
    """The kernel compiled for the CPU, one library per board shape: `host(H, W)(black, white, all_points)`
    gives alive and territory of the 2N problems (black's N, then white's) as boolean arrays."""
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("CI: no C++ compiler (g++) to build fused.cu for the CPU, so the fused kernel goes untested")
        pytest.skip("no C++ compiler (g++) to build fused.cu for the CPU")
    folder = tmp_path_factory.mktemp("fused")
    built: dict[tuple[int, int], Host] = {}

    def of(height: int, width: int) -> Host:
        if (height, width) not in built:
            library = folder / f"fused_{height}x{width}.so"
            subprocess.run(
                [compiler, "-O1", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-x", "c++",
                 f"-DPA_H={height}", f"-DPA_W={width}", str(fused.SOURCE), "-o", str(library)],
                check=True, capture_output=True, text=True,
            )  # fmt: skip
            entry = ctypes.CDLL(str(library)).pa_cast_out_batch_host
            entry.restype = None
            entry.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_longlong, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p]

            def run(black: np.ndarray[Any, Any], white: np.ndarray[Any, Any], all_points: bool) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
                n = black.shape[0]
                own = np.ascontiguousarray(black, dtype=np.uint8)
                other = np.ascontiguousarray(white, dtype=np.uint8)
                alive = np.full((2 * n, height, width), 7, dtype=np.uint8)  # 7: a byte the kernel did not write
                territory = np.full_like(alive, 7)
                entry(own.ctypes.data, other.ctypes.data, n, int(all_points), alive.ctypes.data, territory.ctypes.data)
                assert set(np.unique(alive)) | set(np.unique(territory)) <= {0, 1}, "a byte left unwritten"
                return alive.astype(bool), territory.astype(bool)

            built[(height, width)] = run
        return built[(height, width)]

    return of


def assert_fused_equal_to_direct(host: Callable[[int, int], Host], boards: Sequence[Board], suicide: str) -> None:
    """The fused kernel's answers for `boards` (one size) equal `analyse`'s, board by board."""
    black, white = arrays(boards)
    n, height, width = black.shape
    alive, territory = host(height, width)(black, white, suicide != "no")
    for i, board in enumerate(boards):
        got = [frozenset(int(p) for p in np.flatnonzero(part)) for part in (alive[i], alive[n + i], territory[i], territory[n + i])]
        assert got == direct_answers(board, suicide), f"board {i} ({suicide}):\n{board}"


def test_a_group_with_two_eyes_is_alive_and_owns_them(host: Callable[[int, int], Host]):
    board = board_from_text(
        """
        . X . X .
        X X X X X
        . . . . .
        . . . . .
        . . . . .
        """
    )
    black, white = arrays([board])
    alive, territory = host(5, 5)(black, white, False)
    assert alive[0, 1].all() and not alive[0, 2:].any()  # the black wall is pass-alive
    assert territory[0, 0].tolist() == [True, False, True, False, True]  # its three eyes are its territory
    assert not alive[1].any() and not territory[1].any()  # white has nothing


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_random_play_equals_the_direct_code_at_every_size(host: Callable[[int, int], Host], suicide: str):
    rng = random.Random(23)
    for size in (1, 2, 3, 4, 5, 7, 9, 13, 19):
        boards = [random_position(rng, size, size, move_factor=rng.choice([0.6, 1.5, 2.5])) for _ in range(12)]
        assert_fused_equal_to_direct(host, boards, suicide)


def test_rectangles_equal_the_direct_code(host: Callable[[int, int], Host]):
    rng = random.Random(5)
    for width, height in ((1, 7), (7, 1), (2, 9), (9, 4), (19, 5), (6, 13)):
        boards = [random_position(rng, width, height, move_factor=2.5) for _ in range(10)]
        assert_fused_equal_to_direct(host, boards, rng.choice(["no", "multi"]))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(end_of_game_positions(min_size=2, max_size=13, suicide=None), st.sampled_from(["no", "multi"]))
def test_any_position_of_random_play_equals_the_direct_code(host: Callable[[int, int], Host], board: Board, suicide: str):
    assert_fused_equal_to_direct(host, [board], suicide)


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_the_corpus_boards_equal_the_direct_code(host: Callable[[int, int], Host], suicide: str):
    by_size: dict[tuple[int, int], list[Board]] = {}
    for board in _corpus_boards():
        by_size.setdefault(board.size or (0, 0), []).append(board)
    assert sum(len(group) for group in by_size.values()) >= 20
    for group in by_size.values():
        assert_fused_equal_to_direct(host, group, suicide)


BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize(("size", "step"), [(9, 3), (13, 2), (19, 5)])
def test_the_benchmarks_positions_equal_the_direct_code(host: Callable[[int, int], Host], size: int, step: int):
    """The positions the GPU benchmark times (bench/positions/batch.npz: real games of tests/data
    replayed, and random play), every `step`-th of them (the direct code takes 2 ms a 19x19 position
    here), against the direct code as the benchmark checks them."""
    sys.path.insert(0, str(BENCH))
    try:
        from bench_batch import _mask, direct, load_positions
    finally:
        sys.path.remove(str(BENCH))
    from passalive.go.suicide import Suicide

    black, white, _ = load_positions(BENCH / "positions" / "batch.npz")[size]
    black, white = black[::step], white[::step]
    n = len(black)
    assert n >= 1400
    for suicide in (Suicide.ILLEGAL, Suicide.MULTI):
        _, expected = direct(black, white, suicide)
        alive, territory = host(size, size)(black, white, suicide is not Suicide.ILLEGAL)
        assert alive.any() and territory.any()
        for i in range(n):
            got = (_mask(alive[i]), _mask(alive[n + i]), _mask(territory[i]), _mask(territory[n + i]))
            assert got == expected[i], f"position {i} of {size}x{size}, suicide {suicide.value}"


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_the_largest_board_equals_the_direct_code(host: Callable[[int, int], Host], suicide: str):
    """52x52 (the largest board, whose cells no longer fit a 16-bit index)."""
    rng = random.Random(52)
    boards = [random_position(rng, 52, 52, move_factor=2.5)]
    assert_fused_equal_to_direct(host, boards, suicide)
    black, white = arrays(boards)
    alive, territory = host(52, 52)(black, white, suicide != "no")
    assert alive.any() and territory.any()  # not a board of nothing


@pytest.mark.parametrize("size", [9, 19])
def test_nvcc_compiles_the_kernel_for_the_gpu(tmp_path: Path, size: int):
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        pytest.skip("nvcc (the CUDA toolkit) is not installed: the kernel's GPU build is not checked")
    out = subprocess.run(
        [nvcc, "-cubin", "-arch=sm_90", "-Xptxas", "-v", f"-DPA_H={size}", f"-DPA_W={size}", "-x", "cu",
         str(fused.SOURCE), "-o", str(tmp_path / "fused.cubin")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert f"entry function '{fused.ENTRY}'" in out.stderr  # ptxas built the kernel of that name
    assert "0 bytes spill stores" in out.stderr


def test_arrays_off_the_gpu_go_to_the_array_program_and_fused_says_why():
    black = np.zeros((2, 5, 5), dtype=bool)
    white = np.zeros((2, 5, 5), dtype=bool)
    black[:, 1, :] = True
    black[:, 0, [1, 3]] = True
    assert fused.unusable(black) == "the arrays are not on an NVIDIA GPU"
    auto = batch.analyse(black, white)
    assert bool(auto.alive_black[:, 1].all())
    with pytest.raises(UsageError, match="the fused kernel cannot take this batch: the arrays are not on an NVIDIA GPU"):
        batch.analyse(black, white, method="fused")
    with pytest.raises(UsageError, match="unknown method 'gpu'; use one of: auto, array, fused"):
        batch.analyse(black, white, method="gpu")


class _FakeCompileError(Exception):
    """Stands for `cupy.cuda.compiler.CompileException`."""


class _FakeCupy(types.ModuleType):
    """Just enough of CuPy's API, on numpy and the CPU build of the kernel, for `fused.cast_out` to run
    here: its DLPack round trip, the kernel's arguments and launch shape, the answers' assembly."""

    uint8 = np.uint8
    int64 = np.int64
    int32 = np.int32

    def __init__(self, host: Callable[[int, int], Host]) -> None:
        super().__init__("cupy")
        self.launches: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self.cuda = types.SimpleNamespace(
            Device=lambda number: contextlib.nullcontext(),
            compiler=types.SimpleNamespace(CompileException=_FakeCompileError),
        )
        self.compiles = True
        self.from_dlpack = np.from_dlpack
        self.ascontiguousarray = np.ascontiguousarray
        self.empty = np.empty
        fake = self

        class RawKernel:
            def __init__(self, code: str, name: str, options: tuple[str, ...]) -> None:
                assert code == fused.SOURCE.read_text(encoding="utf-8") and name == fused.ENTRY
                shape = dict(option[2:].split("=") for option in options)
                self.height, self.width = int(shape["PA_H"]), int(shape["PA_W"])

            def __call__(self, grid: tuple[int], block: tuple[int], args: tuple[Any, ...]) -> None:
                if not fake.compiles:
                    raise _FakeCompileError("nvrtc: error: failed to load builtins for compute_90.")
                black, white, n, all_points, alive, territory = args
                assert type(n) is np.int64 and type(all_points) is np.int32  # the kernel's long long and int
                assert grid[0] * block[0] >= 2 * n > (grid[0] - 1) * block[0]  # a thread per problem, one block spare at most
                fake.launches.append((grid, block))
                got_alive, got_territory = host(self.height, self.width)(black.astype(bool), white.astype(bool), bool(all_points))
                alive[...] = got_alive
                territory[...] = got_territory

        self.RawKernel = RawKernel


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_the_launch_through_cupy_gives_the_array_programs_answers(
    host: Callable[[int, int], Host], monkeypatch: pytest.MonkeyPatch, suicide: str
):
    """`method="fused"` end to end through a stand-in for CuPy (numpy's CPU arrays taken as the GPU's):
    what `fused.py` hands the kernel and what it makes of the answers."""
    cupy = _FakeCupy(host)
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    monkeypatch.setattr(fused, "CUDA", 1)  # DLPack's kDLCPU: numpy's arrays count as on the device
    fused._kernel.cache_clear()
    try:
        rng = random.Random(3)
        boards = [random_position(rng, 9, 7, move_factor=2.5) for _ in range(300)]
        black, white = arrays(boards)
        got = batch.analyse(black, white, suicide, method="fused")
        assert cupy.launches == [((5,), (fused.THREADS,))]  # 600 problems: 5 blocks of 128
        expected = batch.analyse(black, white, suicide, method="array")
        for name in ("alive_black", "alive_white", "territory_black", "territory_white"):
            value = getattr(got, name)
            assert value.dtype == np.bool_ and value.shape == (300, 7, 9), name
            assert (value == getattr(expected, name)).all(), name
        assert got.alive_black.any() and got.territory_white.any()
    finally:
        fused._kernel.cache_clear()


def test_a_kernel_cupy_cannot_compile_is_a_warning_under_auto_and_an_error_under_fused(
    host: Callable[[int, int], Host], monkeypatch: pytest.MonkeyPatch
):
    cupy = _FakeCupy(host)
    cupy.compiles = False
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    monkeypatch.setattr(fused, "CUDA", 1)
    fused._kernel.cache_clear()
    try:
        black, white = arrays([board_from_text(". X . X .\nX X X X X\n. . . . .")])
        with pytest.warns(RuntimeWarning, match="CuPy could not compile the fused kernel: nvrtc: error: failed to load builtins"):
            auto = batch.analyse(black, white)
        assert bool(auto.alive_black[0, 1].all()) and auto.territory_black[0, 0].tolist() == [True, False, True, False, True]
        with pytest.raises(UsageError, match="the fused kernel cannot take this batch: CuPy could not compile"):
            batch.analyse(black, white, method="fused")
    finally:
        fused._kernel.cache_clear()


def _gpu() -> str | None:
    """Why the fused kernel cannot run on a GPU here, or None."""
    try:
        import cupy
    except ImportError:
        return "CuPy is not installed: the fused kernel is not run on a GPU here"
    try:
        if cupy.cuda.runtime.getDeviceCount() == 0:
            return "no NVIDIA GPU"
    except cupy.cuda.runtime.CUDARuntimeError as error:
        return f"no usable NVIDIA GPU ({error})"
    return None


@pytest.mark.skipif(_gpu() is not None, reason=str(_gpu()))
@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_on_a_gpu_the_fused_kernel_equals_the_array_program(suicide: str):
    import cupy

    rng = random.Random(7)
    for size in (5, 9, 19):
        boards = [random_position(rng, size, size, move_factor=rng.choice([0.6, 2.5])) for _ in range(40)]
        black, white = (cupy.asarray(a) for a in arrays(boards))
        got = batch.analyse(black, white, suicide, method="fused")
        expected = batch.analyse(black, white, suicide, method="array")
        for name in ("alive_black", "alive_white", "territory_black", "territory_white"):
            assert bool((getattr(got, name) == getattr(expected, name)).all()), name
