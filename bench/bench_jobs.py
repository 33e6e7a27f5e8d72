"""Benchmark the `--jobs` process pool: `passalive analyse DIR --all-nodes --jsonl --jobs 2` against `--jobs 1`.

    .venv/bin/python bench/bench_jobs.py [--runs 3] [--jobs 2] [--baseline DIR]

The folder holds every 19x19 file of tests/data that bench/bench_engine.py
takes (its `collect`: 388 files, about 70,000 positions), copied to a
temporary folder.  Each run is a separate process, start-up included, its
output written to /dev/null; the runs of `--jobs N` and `--jobs 1` take turns
(a busy shared machine then weighs on both alike).  Each process reports at
its exit its wall time, its own CPU (the parent: reading the answers,
writing the lines) and its workers' CPU (RUSAGE_CHILDREN, the workers having
been waited for); the medians are printed.  `--baseline DIR` also runs the
passalive package found in DIR (a copy of an older checkout's `passalive/`
folder's parent, its compiled kernel built), each of its runs right after
the same run of this one, to compare two pools on a machine whose load
changes.

Then the pool alone (`passalive.tools.workers.processes(N)` and `ordered`,
in a fresh process each, start-up of the pool included): 20,000 tiny pieces
(`abs`), where the pool's own cost per piece is all there is, and 200
answers of a megabyte each (`bytes(2**20)`); wall and CPU (the parent's,
the workers'), medians of the runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import collect  # noqa: E402  # bench/ is put on the path above

T = TypeVar("T")

RUNNER = """
import atexit, resource, sys, time
started = time.perf_counter()
def report():
    me, them = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    print(time.perf_counter() - started, me.ru_utime + me.ru_stime, them.ru_utime + them.ru_stime, file=sys.stderr)
atexit.register(report)
from passalive.cli import main
main(sys.argv[1:])
"""


POOL = """
import resource, sys, time
from passalive.tools import workers
function, argument, count, jobs = {"tiny": (abs, 1, 20000), "megabyte": (bytes, 2**20, 200)}[sys.argv[1]] + (int(sys.argv[2]),)
started = time.perf_counter()
with workers.processes(jobs) as lanes:
    for _ in workers.ordered(lanes, function, [argument] * count):
        pass
me, them = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
print(time.perf_counter() - started, me.ru_utime + me.ru_stime, them.ru_utime + them.ru_stime)
"""


def pool_alone(kind: str, jobs: int, python_path: str) -> tuple[float, float, float]:
    """Wall seconds, the parent's CPU seconds (start-up included) and the workers' of the pool alone."""
    done = subprocess.run([sys.executable, "-c", POOL, kind, str(jobs)], capture_output=True, text=True, check=True,
                          env={**os.environ, "PYTHONPATH": python_path})
    wall, parent, workers = (float(x) for x in done.stdout.split())
    return wall, parent, workers


def run(folder: Path, jobs: int, python_path: str) -> tuple[float, float, float]:
    """Wall seconds, the parent's CPU seconds and the workers' of one `analyse --jobs N` process."""
    env = {**os.environ, "PYTHONPATH": python_path}
    done = subprocess.run(
        [sys.executable, "-c", RUNNER, "analyse", str(folder), "--all-nodes", "--jsonl", "--jobs", str(jobs)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, check=True,
    )
    wall, parent, workers = (float(x) for x in done.stderr.split()[-3:])
    return wall, parent, workers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline", default=None, help="a folder holding another passalive package to run too")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parent.parent)
    versions = {"this": here} | ({"baseline": args.baseline} if args.baseline else {})
    files, _ = collect(None)
    times: dict[tuple[str, int], list[tuple[float, float, float]]] = {
        (name, jobs): [] for jobs in (args.jobs, 1) for name in versions}
    with tempfile.TemporaryDirectory(prefix="bench-jobs-") as tmp:
        folder = Path(tmp)
        for i, path in enumerate(files):
            shutil.copy(path, folder / f"{i:03}_{path.name}")
        for turn in range(args.runs):
            for (name, jobs), rows in _turned(list(times.items()), turn):
                rows.append(run(folder, jobs, versions[name]))
                print(f"{name} --jobs {jobs}: {_shown(rows[-1])}", flush=True)
    print(f"{len(files)} files, load average {os.getloadavg()[0]:.2f} at the end, medians of {args.runs} runs:")
    for (name, jobs), rows in times.items():
        print(f"  {name} --jobs {jobs}: {_shown(tuple(statistics.median(column) for column in zip(*rows)))}")
    alone: dict[tuple[str, str], list[tuple[float, float, float]]] = {
        (kind, name): [] for kind in ("tiny", "megabyte") for name in versions}
    for turn in range(args.runs):
        for (kind, name), rows in _turned(list(alone.items()), turn):
            rows.append(pool_alone(kind, args.jobs, versions[name]))
            print(f"{name}, the pool alone, {kind}: {_shown(rows[-1])}", flush=True)
    print(f"the pool alone, {args.jobs} workers, medians of {args.runs} runs:")
    for (kind, name), rows in alone.items():
        what = "20,000 tiny pieces" if kind == "tiny" else "200 answers of 1 MiB"
        print(f"  {name}, {what}: {_shown(tuple(statistics.median(column) for column in zip(*rows)))}")


def _turned(items: list[T], turn: int) -> list[T]:
    """The runs of a turn: in order on even turns, backwards on odd ones (so neither version always goes first)."""
    return items if turn % 2 == 0 else items[::-1]


def _shown(row: tuple[float, ...]) -> str:
    wall, parent, workers = row
    return f"wall {wall:.2f} s, parent CPU {parent:.2f} s, workers' CPU {workers:.2f} s"


if __name__ == "__main__":
    main()
