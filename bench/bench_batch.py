"""Benchmark the batched kernel `passalive.batch` against the direct code, per array library.

    # here (passalive installed): write the positions, then measure on numpy
    .venv/bin/python bench/bench_batch.py --save-positions bench/positions/batch.npz
    .venv/bin/python bench/bench_batch.py --positions bench/positions/batch.npz --backend numpy
    # a GPU machine (numpy, torch/cupy/jax and array_api_compat; no other dependency of passalive needed)
    PYTHONPATH=. python3 bench/bench_batch.py --positions bench/positions/batch.npz --backend torch --device cuda

For each board size in the positions (9, 13, 19: positions of the real
games of tests/data replayed node by node, and positions of random play to
the end of the game), prints

* the direct code's positions/s (`passalive.definitions.direct.casting_out`,
  both colours, one position at a time, the board built from its masks);
* the batched kernel's positions/s for each backend and method asked for
  (`--method`: the array program, and the fused kernel: its C build for
  arrays on the CPU, its CUDA build where the backend's arrays are on an
  NVIDIA GPU and CuPy is installed), on `--n`
  positions (the distinct ones repeated; default two batches on the CPU,
  1,000,000 on a GPU) in batches of `--batch-size` (default 1,024 on the
  CPU, 8,192 for the fused kernel there, 131,072 on a GPU: by the device
  each backend runs on, CuPy's always a GPU), already on the device: the time from the first batch handed in
  to the last answer synchronised (after one warm-up batch), with its ratio
  to the direct code;
* the check: the batched answers (pass-alive stones and territory, both
  colours) equal to the direct code's (`casting_out` and the `healthy`
  territory of `passalive.definitions.territory`) on every distinct position.

Imports: numpy, `array_api_compat`, the backend's library (CuPy too for the
fused kernel), and of passalive
only `passalive.batch`, `passalive.go.*` and `passalive.definitions.direct`
/ `.territory`, which import no other package; `import passalive` itself
loads only its error types (its public names are imported on first use), so
the script runs from the source tree (`PYTHONPATH=.`) on a machine where
passalive's own dependencies (lark, z3, click, ...) are not installed.
Writing the positions (`--save-positions`) reads SGF and needs the
installed package.  Exit status 1 when an answer differs.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from passalive import batch
from passalive.batch import fused
from passalive.definitions.direct import Geometry, casting_out
from passalive.definitions.territory import territory_points
from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide

ROOT = Path(__file__).resolve().parent.parent

SIZES = (9, 13, 19)
KEEP = {9: 4000, 13: 2500, 19: 12000}
"""Real-game positions kept per size in the positions file (sampled evenly over the games)."""
RANDOM = {9: 600, 13: 400, 19: 600}
"""Positions of random play added per size."""
BATCH = {"cpu": 1024, "cpu/fused": 8192, "gpu": 131072}
"""The default `--batch-size` by the device each backend runs on (`--backend torch --device cpu` took
the GPU's batch before): a GPU batch of 19x19 positions peaks at 15.5 GiB on torch's GPU
(docs/batch.md), more than a CPU run should hold for a measurement that two small batches make; the
fused kernel on the CPU takes 8,192 (two batches of it, 0.4 s at 19x19 on 2 cores)."""


# ------------------------------------------------------------ positions


def save_positions(path: Path, seed: int) -> None:
    """Write the benchmark's positions to `path` (.npz): per size, the stones packed as bits."""
    import random

    sys.path.insert(0, str(ROOT / "tests"))
    from strategies import random_position

    from passalive.grammar.sgf import read_game_file

    found: dict[int, dict[tuple[int, int], None]] = {size: {} for size in SIZES}
    for file in sorted((ROOT / "tests" / "data").rglob("*.sgf")):
        try:
            for game in read_game_file(file):
                size = game.info.size
                if size in found:
                    for position in game.positions():
                        found[size].setdefault(position.board.masks)
        except Exception as error:  # noqa: BLE001 - a broken test file (broken.sgf) is left out
            print(f"left out {file.relative_to(ROOT)}: {type(error).__name__}", file=sys.stderr)
    rng = random.Random(seed)
    arrays: dict[str, np.ndarray[Any, Any]] = {}
    for size in SIZES:
        real = list(found[size])
        step = max(1, len(real) // KEEP[size])
        kept = real[::step][: KEEP[size]]
        made = [random_position(rng, size, size, move_factor=rng.choice([2.5, 2.5, 1.5, 0.6])).masks for _ in range(RANDOM[size])]
        black, white = _unpack([m for m in kept + made], size)
        arrays[f"black{size}"] = np.packbits(black.reshape(len(black), -1), axis=1)
        arrays[f"white{size}"] = np.packbits(white.reshape(len(white), -1), axis=1)
        arrays[f"real{size}"] = np.array([len(kept)])
        print(f"{size}x{size}: {len(kept)} of {len(real)} distinct real-game positions, {len(made)} random")
    path.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]  # numpy's stub types **kwds loosely
    print(f"wrote {path} ({path.stat().st_size} bytes)")


def _unpack(masks: list[tuple[int, int]], size: int) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Masks of point ids (bit p: point p, reading order) as boolean `[N, size, size]` arrays."""
    points = size * size
    nbytes = (points + 7) // 8

    def bits(mask: int) -> np.ndarray[Any, Any]:
        raw = np.frombuffer(mask.to_bytes(nbytes, "little"), dtype=np.uint8)
        return np.unpackbits(raw, bitorder="little")[:points].astype(bool)

    black = np.stack([bits(b) for b, _ in masks]).reshape(-1, size, size)
    white = np.stack([bits(w) for _, w in masks]).reshape(-1, size, size)
    return black, white


def load_positions(path: Path) -> dict[int, tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], int]]:
    """Per size: black and white `[N, size, size]`, and how many of them are real-game positions."""
    data = np.load(path)
    result = {}
    for size in SIZES:
        if f"black{size}" in data:
            n = data[f"black{size}"].shape[0]
            black = np.unpackbits(data[f"black{size}"], axis=1)[:, : size * size].astype(bool).reshape(n, size, size)
            white = np.unpackbits(data[f"white{size}"], axis=1)[:, : size * size].astype(bool).reshape(n, size, size)
            result[size] = (black, white, int(data[f"real{size}"][0]))
    return result


# ------------------------------------------------------------ the direct code


def _mask(stones: np.ndarray[Any, Any]) -> int:
    """A boolean board as a mask of point ids."""
    return int.from_bytes(np.packbits(stones.reshape(-1), bitorder="little").tobytes(), "little")


def direct(black: np.ndarray[Any, Any], white: np.ndarray[Any, Any], suicide: Suicide) -> tuple[float, list[tuple[int, ...]]]:
    """The direct code's positions/s (casting-out of both colours) and its answers as masks
    (alive black, alive white, territory black, territory white) per position."""
    size = black.shape[1]
    masks = [(_mask(b), _mask(w)) for b, w in zip(black, white)]
    all_points = suicide is not Suicide.ILLEGAL
    start = time.perf_counter()
    alive = []
    for b, w in masks:
        geometry = Geometry.of(Board.from_masks(b, w, size, size))
        alive.append((casting_out(geometry, Colour.BLACK, all_points), casting_out(geometry, Colour.WHITE, all_points)))
    rate = len(masks) / (time.perf_counter() - start)
    answers: list[tuple[int, ...]] = []
    for (b, w), (ab, aw) in zip(masks, alive):
        board = Board.from_masks(b, w, size, size)
        tb = territory_points(board, Colour.BLACK, ab.chain_indices(), "healthy", suicide)
        tw = territory_points(board, Colour.WHITE, aw.chain_indices(), "healthy", suicide)
        answers.append((ab.geometry.id_mask(ab.stones), aw.geometry.id_mask(aw.stones), _ids(tb), _ids(tw)))
    return rate, answers


def _ids(points: frozenset[int]) -> int:
    return sum(1 << p for p in points)


# ------------------------------------------------------------ the backends


def backend(name: str, device: str) -> tuple[Callable[[np.ndarray[Any, Any]], Any], Callable[[Any], np.ndarray[Any, Any]], Callable[[], None]]:
    """For one library: host array to device array, device array to host, and a synchronisation."""
    if name == "numpy":
        return (lambda a: a), (lambda a: np.asarray(a)), (lambda: None)
    if name == "torch":
        import torch

        dev = torch.device(device)
        sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)
        return (lambda a: torch.from_numpy(a).to(dev)), (lambda a: a.cpu().numpy()), sync
    if name == "cupy":
        import cupy

        return cupy.asarray, cupy.asnumpy, (lambda: cupy.cuda.Device().synchronize())
    if name == "jax":
        import jax

        placed = jax.devices("cpu")[0] if device == "cpu" else jax.devices()[0]  # else its default: the GPU
        state: dict[str, Any] = {}

        def put(a: np.ndarray[Any, Any]) -> Any:
            state["last"] = jax.device_put(a, placed)
            return state["last"]

        def jax_sync() -> None:
            if "last" in state:
                state["last"].block_until_ready()

        return put, (lambda a: np.asarray(a)), jax_sync
    raise SystemExit(f"unknown backend {name!r}: numpy, torch, cupy or jax")


def check(
    black: np.ndarray[Any, Any], white: np.ndarray[Any, Any], expected: list[tuple[int, ...]], suicide: Suicide, name: str, device: str,
    batch_size: int, method: str,
) -> int:
    """The number of positions whose batched answer differs from the direct code's."""
    put, get, _ = backend(name, device)
    wrong = 0
    for start in range(0, len(black), batch_size):
        result = batch.analyse(put(black[start : start + batch_size]), put(white[start : start + batch_size]), suicide, method)
        parts = [get(x) for x in (result.alive_black, result.alive_white, result.territory_black, result.territory_white)]
        for i in range(parts[0].shape[0]):
            got = tuple(_mask(part[i]) for part in parts)
            if got != expected[start + i]:
                wrong += 1
                if wrong <= 3:
                    print(f"  DIFFERS: position {start + i}: batched {got}, direct {expected[start + i]}")
    return wrong


def timed(
    black: np.ndarray[Any, Any], white: np.ndarray[Any, Any], suicide: Suicide, name: str, device: str, n: int, batch_size: int, method: str
) -> float:
    """Positions/s of the batched kernel on n positions (the given ones repeated), on the device."""
    put, _, sync = backend(name, device)
    reps = -(-min(n, batch_size) // len(black))
    tile_b = np.concatenate([black] * reps)[:batch_size]
    tile_w = np.concatenate([white] * reps)[:batch_size]
    b, w = put(tile_b), put(tile_w)
    batch.analyse(b, w, suicide, method)  # warm-up: allocator, kernels' first compilation
    sync()
    batches = max(1, n // len(tile_b))
    start = time.perf_counter()
    for _ in range(batches):
        batch.analyse(b, w, suicide, method)
    sync()
    return batches * len(tile_b) / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--positions", type=Path, help="the positions file (.npz) written by --save-positions")
    parser.add_argument("--save-positions", type=Path, metavar="FILE", help="write the positions file and stop")
    parser.add_argument("--backend", default="numpy", help="numpy, torch, cupy, jax, comma-separated, or all (those installed)")
    parser.add_argument("--device", default="cpu", help="cpu or cuda (torch, jax); cupy is always on its GPU")
    parser.add_argument("--n", type=int, default=0, help="positions timed per size and backend (default: 2 batches on cpu, 1,000,000 on a GPU)")
    parser.add_argument("--batch-size", type=int, default=0,
                        help="positions per call (default: 1024 for a backend on the cpu, 8192 for the fused kernel there, 131072 on a GPU)")
    parser.add_argument("--method", default="array,fused",
                        help="array (the array program), fused (the fused kernel: its C build on the CPU, "
                        "CUDA on a GPU with CuPy), comma-separated")
    parser.add_argument("--threads-per-block", default=str(fused.THREADS),
                        help=f"the fused kernel's CUDA block sizes to time, comma-separated (default {fused.THREADS})")
    parser.add_argument("--sizes", default="9,13,19", help="board sizes, comma-separated")
    parser.add_argument("--suicide", default="no", choices=["no", "multi"], help="the suicide rule")
    parser.add_argument("--seed", type=int, default=1, help="random positions' seed (--save-positions)")
    args = parser.parse_args(argv)
    sys.stdout.reconfigure(line_buffering=True)
    if args.save_positions:
        save_positions(args.save_positions, args.seed)
        return 0
    if args.positions is None:
        parser.error("--positions FILE is needed (write one with --save-positions)")
    names = ["numpy", "torch", "cupy", "jax"] if args.backend == "all" else args.backend.split(",")
    names = [name for name in names if args.backend != "all" or _installed(name)]
    suicide = Suicide.parse(args.suicide)
    positions = load_positions(args.positions)
    failures = 0
    for size in [int(s) for s in args.sizes.split(",")]:
        if size not in positions:
            continue
        black, white, real = positions[size]
        rate, expected = direct(black, white, suicide)
        print(f"{size}x{size}: {len(black)} positions ({real} from real games, {len(black) - real} random), suicide {suicide.value}")
        print(f"  direct (one at a time, CPU): {rate:12,.0f} positions/s")
        for name in names:
            dev = "gpu" if name == "cupy" else args.device
            for method, block in _variants(args.method, args.threads_per_block, dev):
                batch_size = args.batch_size or BATCH["gpu" if dev != "cpu" else "cpu/fused" if method == "fused" else "cpu"]
                label = f"{name}/{method}" + (f"/{block}" if block else "")
                why_not = fused.unusable(backend(name, args.device)[0](black[:1])) if method == "fused" else None
                if why_not is not None:
                    print(f"  batch {label:12} on {dev:4}: not run: {why_not}")
                    continue
                fused.THREADS = block or fused.THREADS  # the CUDA block size, a module constant the bench sets
                wrong = check(black, white, expected, suicide, name, args.device, batch_size, method)
                failures += wrong
                n = args.n or (1_000_000 if dev != "cpu" else 2 * batch_size)  # on the CPU: 2 batches
                speed = timed(black, white, suicide, name, args.device, n, batch_size, method)
                verdict = "equal on all" if not wrong else f"DIFFERENT on {wrong} of"
                memory = _peak_memory(name, args.device)
                print(
                    f"  batch {label:12} on {dev:4}: {speed:12,.0f} positions/s ({speed / rate:6.2f}x direct; "
                    f"batch {batch_size}, {max(1, n // batch_size) * batch_size} positions{memory}); {verdict} {len(black)} positions"
                )
    return 1 if failures else 0


def _variants(methods: str, blocks: str, device: str) -> list[tuple[str, int]]:
    """(method, CUDA block size) pairs to time: the block size only for the fused kernel on a GPU, else 0."""
    return [(method, block) for method in methods.split(",")
            for block in ([int(b) for b in blocks.split(",")] if method == "fused" and device != "cpu" else [0])]  # fmt: skip


def _peak_memory(name: str, device: str) -> str:
    """", peak N GiB" of a torch CUDA device since the last call (reset), else ""."""
    if name != "torch" or device == "cpu":
        return ""
    import torch

    peak = torch.cuda.max_memory_allocated() / 2**30
    torch.cuda.reset_peak_memory_stats()
    return f", peak {peak:.1f} GiB"


def _installed(name: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(name) is not None


if __name__ == "__main__":
    sys.exit(main())
