"""What a Dask cluster costs against the `--jobs` process pool, on one machine.

    .venv/bin/python bench/bench_cluster.py [--copies 3] [--workers 2]

Measured in the same run, on the committed GNU Go games (tests/data/games/gnugo, each copied
`--copies` times into a temporary folder):

* start-up, in CPU seconds: `import distributed` in a fresh interpreter (beyond the
  interpreter's own start), and a `distributed.LocalCluster` of `--workers` processes (one
  thread each) made and closed, its workers included -- what `--jobs N` would pay on every run
  if it started a local Dask cluster;
* `passalive analyse DIR --all-nodes --jsonl` as a separate process with `--jobs 1`,
  `--jobs N`, and `--cluster` on a `dask scheduler` with N `dask worker`s started beforehand
  (their start is not counted: a cluster is started once for many runs): positions per second
  of wall time, CPU seconds of the command, its pool and the cluster's workers, and the
  outputs compared (they must be identical).

Wall-clock figures depend on the machine's load; run it on a quiet machine to compare.
The outcome decides docs/cluster.md's choice of keeping the process pool for `--jobs`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cpu import children_cpu

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "games" / "gnugo"
PYTHON = sys.executable


def _cpu(code: str) -> float:
    """CPU seconds of a fresh interpreter running `code` (and of the processes it waited for)."""
    before = children_cpu()
    subprocess.run([PYTHON, "-c", code], check=True)
    return children_cpu() - before


def import_cost() -> float:
    """CPU seconds `import distributed` adds to a fresh interpreter (best of 3)."""
    return min(_cpu("import distributed") - _cpu("pass") for _ in range(3))


def local_cluster_cost(workers: int) -> float:
    """CPU seconds to make and close a LocalCluster of `workers` processes, its workers included (import excluded)."""
    code = (
        "import distributed\n"
        f"with distributed.LocalCluster(n_workers={workers}, threads_per_worker=1, dashboard_address=\":0\") as c, "
        "distributed.Client(c) as client:\n"
        f"    client.wait_for_workers({workers})\n"
    )
    return _cpu(code) - _cpu("import distributed")


def analyse(folder: Path, *options: str, cluster: list[int] = []) -> tuple[float, float, str]:
    """Wall seconds, CPU seconds (the command, its --jobs workers, the `cluster` worker processes) and
    output of `passalive analyse FOLDER --all-nodes --jsonl OPTIONS`."""
    import psutil  # type: ignore[import-untyped]  # comes with distributed, ships no types

    def cluster_cpu() -> float:
        return sum(sum(psutil.Process(pid).cpu_times()[:2]) for pid in cluster)

    before, before_cluster = children_cpu(), cluster_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [PYTHON, "-c", "from passalive.cli import main; main()", "analyse", str(folder), "--all-nodes", "--jsonl", *options],
        check=True, capture_output=True, text=True,
    )
    wall = time.perf_counter() - started
    return wall, children_cpu() - before + cluster_cpu() - before_cluster, done.stdout


def start_cluster(folder: Path, workers: int) -> tuple[str, list[subprocess.Popen[bytes]]]:
    """A scheduler and `workers` one-thread workers on localhost, ready; their address and processes."""
    spec = folder / "scheduler.json"
    processes = [subprocess.Popen(
        [PYTHON, "-c", "from distributed.cli.dask_scheduler import main; main()", "--host", "127.0.0.1", "--port", "0",
         "--no-dashboard", "--scheduler-file", str(spec), "--idle-timeout", "300s"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )]
    for _ in range(workers):
        processes.append(subprocess.Popen(
            [PYTHON, "-c", "from distributed.cli.dask_worker import main; main()", "--scheduler-file", str(spec),
             "--nthreads", "1", "--no-dashboard", "--death-timeout", "60s"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
        ))
    while not spec.exists():
        time.sleep(0.1)
    address = json.loads(spec.read_text())["address"]
    from distributed import Client

    with Client(address, set_as_default=False) as client:
        client.wait_for_workers(workers, timeout=120)
    return address, processes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--copies", type=int, default=3, help="copies of each committed game")
    parser.add_argument("--workers", type=int, default=2, help="processes of the pool and of the cluster")
    args = parser.parse_args()
    n = args.workers
    print(f"CPU: import distributed {import_cost():.2f} s; a LocalCluster of {n} processes made and closed {local_cluster_cost(n):.2f} s")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary) / "games"
        folder.mkdir()
        for game in sorted(GAMES.glob("*.sgf")):
            for copy in range(args.copies):
                shutil.copy(game, folder / f"{game.stem}-{copy}.sgf")
        address, processes = start_cluster(Path(temporary), n)
        try:
            runs = {
                "--jobs 1": analyse(folder),
                f"--jobs {n}": analyse(folder, "--jobs", str(n)),
                f"--cluster ({n} workers)": analyse(folder, "--cluster", address, cluster=[p.pid for p in processes[1:]]),
            }
        finally:
            for process in processes:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
    reference = runs["--jobs 1"][2]
    positions = reference.count("\n")
    print(f"analyse --all-nodes --jsonl over {len(list(GAMES.glob('*.sgf'))) * args.copies} files, {positions} positions:")
    for name, (wall, cpu, output) in runs.items():
        same = "same output" if output == reference else "OUTPUT DIFFERS"
        print(f"  {name:<22} {wall:6.2f} s wall {positions / wall:8,.0f} positions/s   CPU {cpu:6.2f} s "
              f"({cpu / positions * 1e6:,.0f} us per position, start-up included)  {same}")


if __name__ == "__main__":
    main()
