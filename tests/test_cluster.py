"""`--cluster ADDRESS`: the work of `analyse` and `explore` shared out on a real Dask cluster (issue 23, item 3).

A `dask scheduler` and two `dask worker`s run as subprocesses on localhost
(ports chosen by the system, one thread each).  `analyse --cluster` over a
folder of games gives, byte for byte, the lines a local run gives, although
one worker is killed (SIGKILL) while the scheduler has a task of the run on
it; an `explore --cluster --out` search whose own process is killed
mid-run is resumed by the same command and gives the counts and findings of
a local run.  Every process started is killed at the end, whatever happens
(each in its own session; the scheduler also ends by itself once idle for
two minutes, the workers when it is gone).

`score --cluster` on a cluster inside the test process gives the lines of a local run.

Without a cluster: `--cluster` without `distributed` installed, a scheduler
that cannot be reached, `--jobs` with `--cluster`, and a worker running
another version of passalive are each one line and exit status 2.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import run

from passalive.errors import UsageError
from passalive.tools import workers

GAMES = Path(__file__).parent / "data" / "games" / "gnugo"
ENGINE = [sys.executable, "-c", "from passalive.cli import main; main()"]
SCHEDULER = [  # `dask scheduler` and `dask worker`, from the Python that runs the tests
sys.executable, "-c", "from distributed.cli.dask_scheduler import main; main()"]
WORKER = [sys.executable, "-c", "from distributed.cli.dask_worker import main; main()"]
EXPLORE = ["explore", "--compare", "knechtel", "truth", "--board", "3x3", "--board", "4x2", "--exhaustive", "--json"]
"""An exhaustive search of 178 units, a few seconds of work."""


def _start(command: list[str], log: Path) -> subprocess.Popen[bytes]:
    """A process in its own session (so that it and anything it starts can be killed together), its output to `log`."""
    with log.open("wb") as handle:
        return subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True)


def _kill(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(timeout=30)


@contextlib.contextmanager
def _cluster(folder: Path, count: int) -> Iterator[tuple[str, Any, list[subprocess.Popen[bytes]]]]:
    """A scheduler and `count` workers on localhost: its address, a client of it, the worker processes."""
    from distributed import Client

    processes: list[subprocess.Popen[bytes]] = []
    client = None
    try:
        spec = folder / "scheduler.json"
        processes.append(_start([*SCHEDULER, "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                                 "--scheduler-file", str(spec), "--idle-timeout", "120s"], folder / "scheduler.log"))
        started: list[subprocess.Popen[bytes]] = []
        for i in range(count):
            started.append(_start([*WORKER, "--scheduler-file", str(spec), "--nthreads", "1", "--no-nanny",
                                   "--no-dashboard", "--death-timeout", "30s", "--name", f"w{i}"], folder / f"worker{i}.log"))
        processes += started
        deadline = time.monotonic() + 60
        while not spec.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        address = json.loads(spec.read_text())["address"]
        client = Client(address, set_as_default=False, timeout=60)
        client.wait_for_workers(count, timeout=90)
        yield address, client, started
    finally:
        if client is not None:
            client.close()
        for process in reversed(processes):
            _kill(process)


def _passalive(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*ENGINE, *args], capture_output=True, text=True, timeout=300)


def _without_times(summary: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(summary)
    data.pop("seconds")
    return data


@pytest.mark.slow
def test_a_cluster_gives_what_a_local_run_gives_though_a_worker_and_the_client_are_killed(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    for game in sorted(GAMES.glob("*.sgf")):  # 12 games, and copies: enough work to kill a worker in the middle of
        for copy in range(3):
            shutil.copy(game, folder / f"{game.stem}-{copy}.sgf")
    local = _passalive("analyse", str(folder), "--all-nodes", "--jsonl")
    assert local.returncode == 0, local.stderr
    local_search = _passalive(*EXPLORE)
    assert local_search.returncode == 0, local_search.stderr

    with _cluster(tmp_path, 2) as (address, client, started):
        pids = client.run(os.getpid)
        run = subprocess.Popen([*ENGINE, "analyse", str(folder), "--all-nodes", "--jsonl", "--cluster", address],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        try:
            victim = None
            deadline = time.monotonic() + 120
            while victim is None and run.poll() is None and time.monotonic() < deadline:
                busy = [worker for worker, keys in client.processing().items() if keys]
                victim = busy[0] if busy else None
                time.sleep(0.01)
            assert victim is not None and run.poll() is None, "the run ended before a worker could be killed"
            os.kill(pids[victim], signal.SIGKILL)  # with the scheduler's task on it: the scheduler runs it again
            out, err = run.communicate(timeout=300)
        finally:
            _kill(run)
        assert run.returncode == 0, err
        assert out.decode() == local.stdout

        record = tmp_path / "search.jsonl"
        search = subprocess.Popen([*ENGINE, *EXPLORE, "--cluster", address, "--out", str(record)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        try:
            deadline = time.monotonic() + 120
            while search.poll() is None and _units(record) < 2 and time.monotonic() < deadline:
                time.sleep(0.01)
        finally:
            _kill(search)  # the client killed mid-run: the record keeps the units done
        units = _units(record)
        resumed = _passalive(*EXPLORE, "--cluster", address, "--out", str(record))
        assert resumed.returncode == 0, resumed.stderr
        assert _without_times(resumed.stdout) == _without_times(local_search.stdout)
        assert 0 < units < 178 and _units(record) == 178


def _units(record: Path) -> int:
    """The units an explore run record holds so far."""
    return record.read_text().count('"type": "unit"') if record.exists() else 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_without_distributed_the_option_says_what_to_install(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if not installed: importing it fails
    for args in (["analyse", "examples/basic.txt"], EXPLORE):
        code, out, err = run([*args, "--cluster", "tcp://127.0.0.1:1"], capsys)
        assert (code, out) == (2, "")
        assert err == "error: --cluster needs Dask's `distributed` package, which is not installed: pip install 'passalive[cluster]'\n"


def test_a_scheduler_out_of_reach_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import dask
    import distributed  # noqa: F401  # its defaults in dask's config first: leaving the block below puts back what was there before

    address = f"tcp://127.0.0.1:{_free_port()}"
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        code, out, err = run(["analyse", "examples/basic.txt", "--cluster", address], capsys)
    assert (code, out) == (2, "")
    assert err.startswith(f"error: --cluster {address}: cannot reach a Dask scheduler there (") and err.count("\n") == 1


@pytest.mark.parametrize("args", [["score", "examples/basic.txt"], EXPLORE])
def test_jobs_and_cluster_are_not_given_together(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, out, err = run([*args, "--jobs", "2", "--cluster", "tcp://127.0.0.1:1"], capsys)
    assert (code, out) == (2, "")
    assert err == "error: give --jobs N (processes on this machine) or --cluster ADDRESS (a Dask cluster's workers), not both\n"


class _Client:
    """A client whose workers answer `run` as given."""

    def __init__(self, answers: dict[str, str] | Exception) -> None:
        self.answers = answers

    def run(self, function: Any) -> dict[str, str]:
        if isinstance(self.answers, Exception):
            raise self.answers
        return self.answers


def test_workers_that_run_another_version_or_none_are_named() -> None:
    mine = workers.passalive_version()
    workers._check_workers(_Client({"tcp://a:1": mine}), "tcp://s:8786")
    with pytest.raises(UsageError, match=r"workers run another version of passalive than .*: tcp://b:2 has 0\.0\.1"):
        workers._check_workers(_Client({"tcp://a:1": mine, "tcp://b:2": "0.0.1"}), "tcp://s:8786")
    with pytest.raises(UsageError, match=r"a worker cannot run passalive \(ModuleNotFoundError: No module named 'passalive'\)"):
        workers._check_workers(_Client(ModuleNotFoundError("No module named 'passalive'")), "tcp://s:8786")


def test_the_clusters_own_errors_are_told_apart_and_said_in_a_line() -> None:
    from distributed.scheduler import KilledWorker

    killed = KilledWorker("run_unit-1", "tcp://127.0.0.1:9", 3)
    assert workers._from_dask(killed) and not workers._from_dask(ValueError("the work's own"))
    assert workers._why(killed) == (
        "the workers running the task run_unit-1 died 3 times, the last tcp://127.0.0.1:9 "
        "(Dask's distributed.scheduler.allowed-failures); is a worker running out of memory?"
    )


def test_score_on_a_cluster_in_this_process_gives_the_local_lines(capsys: pytest.CaptureFixture[str]) -> None:
    from distributed import LocalCluster

    args = ["score", str(GAMES), "--jsonl"]
    code, local, _ = run(args, capsys)
    assert code == 0
    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://", dashboard_address=":0") as cluster:
        code, shared, err = run([*args, "--cluster", cluster.scheduler_address], capsys)
    assert (code, shared) == (0, local), err
