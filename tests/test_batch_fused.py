"""The fused kernel (`passalive/batch/fused.cu`) gives the direct code's answers.

The kernel's one source is built here three ways:

* as the GPU builds it, its shape fixed at compile time, but by g++ for the
  CPU (its host entry point runs the GPU threads' work one after another);
* as `passalive.batch._host`, the C extension that `method="fused"` runs on
  CPU arrays (the shape given at run time), through `batch.analyse`;
* by nvcc for an NVIDIA GPU (sm_90, an H100/H200), which only shows that it
  compiles there: no GPU runs it in this suite.  Where a GPU and CuPy are
  present, `batch.analyse(..., method="fused")` is compared on the GPU too.

The first two are compared, position by position, with `passalive.analyse`
at every size and under both suicide rules.

`fused.py`'s launch (DLPack in and out, the kernel's arguments, the grid)
runs here through a stand-in for CuPy that calls the CPU build.

Each test that needs a compiler or a GPU is skipped, with the reason, where
there is none.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import random
import re
import shutil
import subprocess
import sys
import time
import types
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from array_api_compat import array_namespace
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import board_from_text, end_of_game_positions, random_position
from test_batch import LIBRARIES, Convert, _corpus_boards, arrays, direct_answers

from passalive import batch
from passalive.batch import fused
from passalive.errors import UsageError
from passalive.go.board import Board

Host = Callable[[np.ndarray[Any, Any], np.ndarray[Any, Any], bool], tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.fixture(scope="module")
def gpu_shape(tmp_path_factory: pytest.TempPathFactory) -> Callable[[int, int], Host]:
    """The GPU's build (the shape fixed at compile time) compiled for the CPU, one library per board shape:
    `gpu_shape(H, W)(black, white, all_points)` gives alive and territory of the 2N problems (black's N,
    then white's) as boolean arrays."""
    compiler = shutil.which("g++") or shutil.which("c++")
    if compiler is None:
        if _in_ci():
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


def _cpu_build() -> str | None:
    """Why `passalive.batch._host` (the CPU build) cannot run here, or None."""
    return fused.unusable(np.zeros((1, 1, 1), dtype=bool))


def cpu_build(black: np.ndarray[Any, Any], white: np.ndarray[Any, Any], all_points: bool) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The 2N problems' answers from the CPU build, as `fused.cast_out` gives them to `batch.analyse`."""
    return fused.cast_out(array_namespace(black), black, white, all_points)


@pytest.fixture(scope="module")
def builds(gpu_shape: Callable[[int, int], Host]) -> Callable[[int, int], list[tuple[str, Host]]]:
    """Both CPU builds of the kernel for one board shape, by name: the GPU's (fixed shape) and the C extension's
    (where it was built: `test_ci_builds_the_cpu_build` fails in CI without it, and skips, saying so, elsewhere)."""
    return lambda height, width: [("gpu-shape", gpu_shape(height, width))] + ([("cpu-build", cpu_build)] if _cpu_build() is None else [])


def test_ci_builds_the_cpu_build():
    """In CI the C extension must have been built: a failed build would otherwise only leave it out."""
    if _cpu_build() is not None and not _in_ci():
        pytest.skip(f"{_cpu_build()}: only the GPU's build is compared on the CPU")
    assert _cpu_build() is None, f"CI: {_cpu_build()}"
    from passalive.batch import _host
    from passalive.go.limits import MAX_SIDE

    assert _host.MAX_SIDE == MAX_SIDE  # its working memory holds the largest board passalive reads


def assert_fused_equal_to_direct(builds: Callable[[int, int], list[tuple[str, Host]]], boards: Sequence[Board], suicide: str) -> None:
    """Each build's answers for `boards` (one size) equal `analyse`'s, board by board."""
    black, white = arrays(boards)
    n, height, width = black.shape
    expected = [direct_answers(board, suicide) for board in boards]
    for name, run in builds(height, width):
        alive, territory = run(black, white, suicide != "no")
        for i, board in enumerate(boards):
            got = [frozenset(int(p) for p in np.flatnonzero(part)) for part in (alive[i], alive[n + i], territory[i], territory[n + i])]
            assert got == expected[i], f"{name}, board {i} ({suicide}):\n{board}"


def test_a_group_with_two_eyes_is_alive_and_owns_them(builds: Callable[[int, int], list[tuple[str, Host]]]):
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
    for name, run in builds(5, 5):
        alive, territory = run(black, white, False)
        assert alive[0, 1].all() and not alive[0, 2:].any(), name  # the black wall is pass-alive
        assert territory[0, 0].tolist() == [True, False, True, False, True], name  # its three eyes are its territory
        assert not alive[1].any() and not territory[1].any(), name  # white has nothing


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_random_play_equals_the_direct_code_at_every_size(builds: Callable[[int, int], list[tuple[str, Host]]], suicide: str):
    rng = random.Random(23)
    for size in (1, 2, 3, 4, 5, 7, 9, 13, 19):
        boards = [random_position(rng, size, size, move_factor=rng.choice([0.6, 1.5, 2.5])) for _ in range(12)]
        assert_fused_equal_to_direct(builds, boards, suicide)


def test_rectangles_equal_the_direct_code(builds: Callable[[int, int], list[tuple[str, Host]]]):
    rng = random.Random(5)
    for width, height in ((1, 7), (7, 1), (2, 9), (9, 4), (19, 5), (6, 13)):
        boards = [random_position(rng, width, height, move_factor=2.5) for _ in range(10)]
        assert_fused_equal_to_direct(builds, boards, rng.choice(["no", "multi"]))


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(end_of_game_positions(min_size=2, max_size=13, suicide=None), st.sampled_from(["no", "multi"]))
def test_any_position_of_random_play_equals_the_direct_code(builds: Callable[[int, int], list[tuple[str, Host]]], board: Board, suicide: str):
    assert_fused_equal_to_direct(builds, [board], suicide)


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_the_corpus_boards_equal_the_direct_code(builds: Callable[[int, int], list[tuple[str, Host]]], suicide: str):
    by_size: dict[tuple[int, int], list[Board]] = {}
    for board in _corpus_boards():
        by_size.setdefault(board.size or (0, 0), []).append(board)
    assert sum(len(group) for group in by_size.values()) >= 20
    for group in by_size.values():
        assert_fused_equal_to_direct(builds, group, suicide)


BENCH = Path(__file__).resolve().parent.parent / "bench"


@pytest.mark.parametrize(("size", "step"), [(9, 3), (13, 2), (19, 5)])
def test_the_benchmarks_positions_equal_the_direct_code(builds: Callable[[int, int], list[tuple[str, Host]]], size: int, step: int):
    """The positions the benchmark times (bench/positions/batch.npz: real games of tests/data
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
        for name, run in builds(size, size):
            alive, territory = run(black, white, suicide is not Suicide.ILLEGAL)
            assert alive.any() and territory.any()
            for i in range(n):
                got = (_mask(alive[i]), _mask(alive[n + i]), _mask(territory[i]), _mask(territory[n + i]))
                assert got == expected[i], f"{name}: position {i} of {size}x{size}, suicide {suicide.value}"


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_the_largest_board_equals_the_direct_code(builds: Callable[[int, int], list[tuple[str, Host]]], suicide: str):
    """52x52: the largest board, for which the CPU build's working memory is sized."""
    rng = random.Random(52)
    boards = [random_position(rng, 52, 52, move_factor=2.5)]
    assert_fused_equal_to_direct(builds, boards, suicide)
    black, white = arrays(boards)
    for name, run in builds(52, 52):
        alive, territory = run(black, white, suicide != "no")
        assert alive.any() and territory.any(), name  # not a board of nothing


@pytest.mark.parametrize(("height", "width"), [(22, 22), (13, 39), (16, 32), (23, 23)])
def test_the_most_chains_and_regions_a_board_holds(builds: Callable[[int, int], list[tuple[str, Host]]], height: int, width: int):
    """Checkerboards: (P + 1) / 2 one-stone chains and as many one-point regions, the most a board of P
    points holds, on both sides of the byte that holds a chain or region in the GPU's build: 242 at
    22x22 and 254 at 13x39 (bytes), 256 at 16x32 (a byte's would meet PA_NONE, 255) and 265 at 23x23.
    With some stones taken out, their neighbours make regions healthy for no chain, and some chains die."""
    rng = random.Random(height * width)
    cells = [["X" if (x + y) % 2 == 0 else "." for x in range(width)] for y in range(height)]
    holed = [["." if cell == "X" and rng.random() < 0.03 else cell for cell in row] for row in cells]
    texts = ["\n".join(" ".join(row) for row in rows) for rows in (cells, holed)]
    boards = [board_from_text(text) for text in texts] + [board_from_text(text.replace(".", "O")) for text in texts]
    assert_fused_equal_to_direct(builds, boards, "no")
    assert_fused_equal_to_direct(builds, boards, "multi")
    alive = [direct_answers(board, "no")[0] for board in boards]
    assert len(alive[0]) == (height * width + 1) // 2 and 0 < len(alive[1]) < len(alive[0])  # the holes kill some


@pytest.mark.skipif(_cpu_build() is not None, reason=f"{_cpu_build()}")
def test_the_cpu_build_shares_a_batch_among_threads_with_the_same_answers(monkeypatch: pytest.MonkeyPatch):
    """`method="fused"` on CPU arrays: the problems in chunks (here of 7) on one thread or shared among
    three give the answers of one call and of the array program."""
    from passalive.batch import _host

    rng = random.Random(11)
    boards = [random_position(rng, 9, 9, move_factor=rng.choice([0.6, 2.5])) for _ in range(40)]
    black, white = arrays(boards)
    whole = batch.analyse(black, white, method="fused")
    program = batch.analyse(black, white, method="array")
    calls: list[tuple[int, int]] = []

    def cast_out(*arguments: Any) -> None:
        calls.append(arguments[-2:])
        _host.cast_out(*arguments)

    monkeypatch.setattr(fused, "CHUNK", 7)
    monkeypatch.setitem(sys.modules, "passalive.batch._host", types.SimpleNamespace(cast_out=cast_out))
    monkeypatch.delattr(sys.modules["passalive.batch"], "_host")
    for cpus in (1, 3):
        calls.clear()
        monkeypatch.setattr(fused, "_cpus", lambda: cpus)
        chunked = batch.analyse(black, white, method="fused")
        assert sorted(calls) == [(first, min(first + 7, 80)) for first in range(0, 80, 7)]  # every problem once
        for name in ("alive_black", "alive_white", "territory_black", "territory_white"):
            assert (getattr(chunked, name) == getattr(whole, name)).all() and (getattr(chunked, name) == getattr(program, name)).all(), name
    assert whole.alive_black.any() and whole.territory_white.any()


@pytest.mark.skipif(_cpu_build() is not None, reason=f"{_cpu_build()}")
def test_an_interrupt_stops_the_cpu_build_after_the_chunks_under_way(monkeypatch: pytest.MonkeyPatch):
    """Ctrl-C during a batch (here raised by the first chunk): the chunks not yet begun are dropped."""
    calls: list[int] = []

    def cast_out(*arguments: Any) -> None:
        calls.append(arguments[-2])
        if arguments[-2] == 0:
            raise KeyboardInterrupt
        time.sleep(0.3)  # holds the chunk under way while the main thread cancels the rest

    monkeypatch.setattr(fused, "CHUNK", 7)
    monkeypatch.setattr(fused, "_cpus", lambda: 2)
    monkeypatch.setitem(sys.modules, "passalive.batch._host", types.SimpleNamespace(cast_out=cast_out))
    monkeypatch.delattr(sys.modules["passalive.batch"], "_host")
    black, white = _wall_with_three_eyes(40)
    with pytest.raises(KeyboardInterrupt):
        batch.analyse(black, white, method="fused")
    assert 0 in calls and len(calls) <= 3  # the first chunk and at most the two then under way, of 12


@pytest.mark.skipif(_cpu_build() is not None, reason=f"{_cpu_build()}")
@pytest.mark.parametrize("convert", LIBRARIES)
def test_the_cpu_build_answers_in_the_callers_library(convert: Convert):
    """numpy, the strict array API and torch's CPU tensors cross to the C build and back through DLPack:
    `auto` takes the fused kernel on the CPU, with the array program's answers, in the caller's library."""
    rng = random.Random(9)
    boards = [random_position(rng, 7, 7, move_factor=2.5) for _ in range(30)]
    black, white = (convert(a) for a in arrays(boards))
    assert fused.unusable(black) is None
    got = batch.analyse(black, white, "multi")
    expected = batch.analyse(black, white, "multi", method="array")
    for name in ("alive_black", "alive_white", "territory_black", "territory_white"):
        value = getattr(got, name)
        assert type(value) is type(black) and tuple(value.shape) == (30, 7, 7), name
        assert bool(array_namespace(value).all(value == getattr(expected, name))), name


@pytest.mark.skipif(_cpu_build() is not None, reason=f"{_cpu_build()}")
@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((1, 53, 1, 2, 106, 0, 2), "height and width must be 1 to 52"),
        ((2, 3, 3, 17, 36, 0, 4), "black and white must be n x height x width bytes"),
        ((1, 3, 3, 9, 9, 0, 2), "alive and territory must be 2n x height x width bytes"),
        ((1, 3, 3, 9, 18, 1, 3), "the problems must be a range of 0 to 2n"),
    ],
)
def test_the_cpu_build_refuses_buffers_of_the_wrong_size(arguments: tuple[int, ...], message: str):
    from passalive.batch import _host

    n, height, width, stones, answers, first, last = arguments
    black, white = bytes(stones), bytes(stones)
    alive, territory = bytearray(answers), bytearray(answers)
    with pytest.raises(ValueError, match=message):
        _host.cast_out(black, white, n, height, width, False, alive, territory, first, last)


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
    frame = int(re.search(r"(\d+) bytes stack frame", out.stderr).group(1))
    assert frame <= {9: 1200, 19: 4800}[size]  # a thread's working memory: (P + 1) / 2 chains and regions, each a byte


def _nvrtc() -> ctypes.CDLL | str:
    """NVRTC, the compiler CuPy runs on the kernel's source, where it is installed (the CUDA toolkit, or
    the wheel `nvidia-cuda-nvrtc`, 218 MB: not a test dependency), else why not."""
    import importlib.util

    candidates = [ctypes.util.find_library("nvrtc")]
    if importlib.util.find_spec("nvidia") is not None:  # the wheels' namespace package: CUDA 13's, CUDA 12's
        for package in ("nvidia.cu13", "nvidia.cuda_nvrtc"):
            spec = importlib.util.find_spec(package)
            folders = list(spec.submodule_search_locations or []) if spec is not None else []
            candidates += [str(path) for folder in folders for path in sorted(Path(folder).glob("lib/libnvrtc.so.*")) if ".alt." not in path.name]
    for candidate in filter(None, candidates):
        try:
            for builtins in sorted(Path(candidate).parent.glob("libnvrtc-builtins.so.*")):  # a wheel's: loaded
                if ".alt." not in builtins.name:  # first, as the library finds it by name only on the loader's path
                    ctypes.CDLL(str(builtins), mode=ctypes.RTLD_GLOBAL)
            return ctypes.CDLL(candidate)
        except OSError:
            continue
    return "NVRTC is not installed (the CUDA toolkit's libnvrtc, or pip install nvidia-cuda-nvrtc): CuPy's compiler is not tried"


@pytest.mark.parametrize("size", [9, 19, 52])
def test_nvrtc_compiles_the_kernel_as_cupy_does(size: int):
    """The source as `fused._kernel` hands it to CuPy's RawKernel (NVRTC, no C library), for an H100/H200."""
    nvrtc = _nvrtc()
    if isinstance(nvrtc, str):
        pytest.skip(nvrtc)
    program = ctypes.c_void_p()
    assert nvrtc.nvrtcCreateProgram(ctypes.byref(program), fused.SOURCE.read_bytes(), b"fused.cu", 0, None, None) == 0
    options = [f"-DPA_H={size}".encode(), f"-DPA_W={size}".encode(), b"--gpu-architecture=compute_90"]
    status = nvrtc.nvrtcCompileProgram(program, len(options), (ctypes.c_char_p * len(options))(*options))
    size_of = ctypes.c_size_t()
    nvrtc.nvrtcGetProgramLogSize(program, ctypes.byref(size_of))
    log = ctypes.create_string_buffer(size_of.value)
    nvrtc.nvrtcGetProgramLog(program, log)
    assert status == 0, log.value.decode()
    nvrtc.nvrtcGetPTXSize(program, ctypes.byref(size_of))
    ptx = ctypes.create_string_buffer(size_of.value)
    nvrtc.nvrtcGetPTX(program, ptx)
    nvrtc.nvrtcDestroyProgram(ctypes.byref(program))
    assert f".entry {fused.ENTRY}(".encode() in ptx.value


def _wall_with_three_eyes(n: int, height: int = 5, width: int = 5) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """n boards with a black wall on row 1 and eyes on row 0 (A5, C5, E5 on 5x5); white has nothing."""
    black = np.zeros((n, height, width), dtype=bool)
    black[:, 1, :] = True
    black[:, 0, 1:width:2] = True
    return black, np.zeros_like(black)


def test_without_the_cpu_build_auto_runs_the_array_program_and_fused_says_why(monkeypatch: pytest.MonkeyPatch):
    import passalive.batch

    monkeypatch.setitem(sys.modules, "passalive.batch._host", None)  # as if no C compiler had been there at install
    monkeypatch.delattr(passalive.batch, "_host", raising=False)
    black, white = _wall_with_three_eyes(2)
    assert fused.unusable(black) == "the fused kernel's CPU build (passalive.batch._host) was not compiled when passalive was installed"
    auto = batch.analyse(black, white)
    assert bool(auto.alive_black[:, 1].all()) and auto.territory_black[0, 0].tolist() == [True, False, True, False, True]
    with pytest.raises(UsageError, match=r"the fused kernel cannot take this batch: the fused kernel's CPU build \(passalive.batch._host\) was not compiled"):
        batch.analyse(black, white, method="fused")
    with pytest.raises(UsageError, match="unknown method 'gpu'; use one of: auto, array, fused"):
        batch.analyse(black, white, method="gpu")


def test_a_board_of_more_than_52_points_a_side_goes_to_the_array_program():
    black, white = _wall_with_three_eyes(1, height=2, width=53)
    assert fused.unusable(black) == "a 53x2 board is larger than passalive reads (at most 52 points a side)"
    auto = batch.analyse(black, white)
    assert bool(auto.alive_black[0, 1].all()) and int(auto.territory_black[0].sum()) == 27
    with pytest.raises(UsageError, match=r"the fused kernel cannot take this batch: a 53x2 board is larger than passalive reads \(at most 52 points a side\)"):
        batch.analyse(black, white, method="fused")


class _OnDevice:
    """An array that says it is on DLPack's device `kind` (8: Apple's Metal)."""

    shape = (1, 9, 9)

    def __init__(self, kind: int) -> None:
        self.kind = kind

    def __dlpack_device__(self) -> tuple[int, int]:
        return self.kind, 0


def test_the_fused_kernel_says_which_devices_it_cannot_run_on():
    assert fused.unusable(_OnDevice(8)) == "the arrays are neither on the CPU nor on an NVIDIA GPU"
    assert fused.unusable(object()) == "the arrays do not say their device (no __dlpack_device__)"


class _FakeCompileError(Exception):
    """Stands for `cupy.cuda.compiler.CompileException`."""


class _FakeCupy(types.ModuleType):
    """Just enough of CuPy's API, on numpy and the CPU build of the kernel, for `fused.cast_out` to run
    here: its DLPack round trip, the kernel's arguments and launch shape, the answers' assembly."""

    uint8 = np.uint8
    int64 = np.int64
    int32 = np.int32

    def __init__(self, gpu_shape: Callable[[int, int], Host]) -> None:
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
                got_alive, got_territory = gpu_shape(self.height, self.width)(black.astype(bool), white.astype(bool), bool(all_points))
                alive[...] = got_alive
                territory[...] = got_territory

        self.RawKernel = RawKernel


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_the_launch_through_cupy_gives_the_array_programs_answers(
    gpu_shape: Callable[[int, int], Host], monkeypatch: pytest.MonkeyPatch, suicide: str
):
    """`method="fused"` end to end through a stand-in for CuPy (numpy's CPU arrays taken as the GPU's):
    what `fused.py` hands the kernel and what it makes of the answers."""
    cupy = _FakeCupy(gpu_shape)
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    monkeypatch.setattr(fused, "CUDA", 1)  # DLPack's kDLCPU: numpy's arrays count as on the GPU ...
    monkeypatch.setattr(fused, "CPU", -1)  # ... and not as on the CPU
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
    gpu_shape: Callable[[int, int], Host], monkeypatch: pytest.MonkeyPatch
):
    cupy = _FakeCupy(gpu_shape)
    cupy.compiles = False
    monkeypatch.setitem(sys.modules, "cupy", cupy)
    monkeypatch.setattr(fused, "CUDA", 1)
    monkeypatch.setattr(fused, "CPU", -1)
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
