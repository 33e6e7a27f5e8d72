"""SIGINT and SIGTERM stop a `--jobs 2` run quietly (issue 26, item 5).

A real `passalive analyse --all-nodes --jsonl --jobs 2` over a generated
collection runs in a subprocess; once it has printed its first line (the
workers are busy), it gets a signal.  It must end within seconds with one
line on stderr (`interrupted (SIGTERM)`), exit 143 (SIGTERM) or 130
(SIGINT, also when Ctrl-C reaches the whole process group as a terminal
sends it), and leave no worker running and no spill file of the workers'
(`passalive.cli.collection._spill`) in the temporary folder; a parent
killed by SIGKILL leaves no worker behind and no traceback either (its
spill folder, which nothing can remove then, stays in $TMPDIR).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from processes import children, running

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")

GAME = Path(__file__).parent / "data" / "games" / "gnugo" / "gnugo-19x19-level1-seed1.sgf"
ENGINE = [sys.executable, "-c", "from passalive.cli import main; main()"]


def _start(tmp_path: Path) -> tuple[subprocess.Popen[bytes], list[int]]:
    """The run, started and busy (its first line printed), and its workers; its games in tmp_path/games,
    its temporary folder (TMPDIR) tmp_path/tmp."""
    (tmp_path / "games").mkdir()
    (tmp_path / "tmp").mkdir()
    for i in range(40):  # enough work for a minute: every node of forty 19x19 games
        shutil.copy(GAME, tmp_path / "games" / f"game{i:02}.sgf")
    process = subprocess.Popen(
        [*ENGINE, "analyse", str(tmp_path / "games"), "--all-nodes", "--jsonl", "--jobs", "2"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        env={**os.environ, "TMPDIR": str(tmp_path / "tmp")},
    )
    assert process.stdout is not None
    assert process.stdout.readline(), "the run printed nothing"
    workers = children(process.pid)
    assert len(workers) == 2, workers
    return process, workers


def _finish(process: subprocess.Popen[bytes], workers: list[int]) -> tuple[int, str]:
    """Exit status and stderr of the stopped run, once it and its workers have ended (bounded wait)."""
    assert process.stdout is not None and process.stderr is not None
    try:
        _, err = process.communicate(timeout=30)  # stderr's end: the workers, which share it, are gone too
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError("the run did not stop within 30 s") from None
    deadline = time.monotonic() + 10
    while any(running(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if running(w)], "a worker is still running"
    return process.returncode, err.decode("utf-8", errors="replace")


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_a_signal_to_the_run_stops_it_in_one_line(tmp_path: Path, signum: signal.Signals, code: int) -> None:
    process, workers = _start(tmp_path)
    os.kill(process.pid, signum)
    assert _finish(process, workers) == (code, f"interrupted ({signum.name})\n")
    assert not list((tmp_path / "tmp").iterdir()), "a spill file or folder is left"


def test_ctrl_c_to_the_process_group_stops_it_in_one_line(tmp_path: Path) -> None:
    process, workers = _start(tmp_path)
    os.killpg(process.pid, signal.SIGINT)  # what a terminal does: the parent and its workers all get it
    assert _finish(process, workers) == (130, "interrupted (SIGINT)\n")
    assert not list((tmp_path / "tmp").iterdir()), "a spill file or folder is left"


def test_sigkill_to_the_parent_leaves_no_worker_and_no_traceback(tmp_path: Path) -> None:
    process, workers = _start(tmp_path)
    os.kill(process.pid, signal.SIGKILL)
    assert _finish(process, workers) == (-signal.SIGKILL, "")


def test_a_worker_killed_from_outside_stops_the_run_with_one_error_line(tmp_path: Path) -> None:
    # multiprocessing.Pool would start another worker and wait for the lost file for ever
    process, workers = _start(tmp_path)
    os.kill(workers[0], signal.SIGKILL)
    code, err = _finish(process, workers)
    assert code == 2, err
    (line,) = err.splitlines()
    assert line.startswith(f"error: {tmp_path}{os.sep}games{os.sep}game") and ".sgf: not done, and the output stops before it" in line
    assert f"a --jobs worker process (pid {workers[0]}) was killed by SIGKILL before its work was done" in line
    # the file it was reading, unless it was between two (waiting for the parent to take the answers in)
    held = re.search(r"stops before it \(the worker lost was reading (it|\S+)\): a --jobs", line)
    assert not held or held[1] == "it" or re.fullmatch(rf"{re.escape(str(tmp_path))}/games/game\d\d\.sgf", held[1]), line
    assert not list((tmp_path / "tmp").iterdir()), "a spill file or folder is left"


def _die(number: int) -> int:
    """A piece of work whose process is killed from outside while it runs (the second piece)."""
    if number == 1:
        os.kill(os.getpid(), signal.SIGKILL)
    time.sleep(0.05)
    return number


@pytest.mark.parametrize("pool", ["processes", "process_executor"])
def test_both_process_pools_turn_a_lost_worker_into_an_error(pool: str) -> None:
    from passalive.tools import workers

    started = time.monotonic()
    with pytest.raises(workers.WorkerLost, match="worker process .*before its work was done"):
        with getattr(workers, pool)(2) as lanes:
            list(workers.ordered(lanes, _die, range(6)))
    assert time.monotonic() - started < 20
