"""The `--jobs` process pool (`passalive.tools.workers.processes`): what a piece of work gives back.

Each test hands small module-level functions to a pool of two forked
workers and checks what comes back where `ordered` yields it: results in
input order, a worker's exception with its type (a PassaliveError with its
location), a result that cannot be pickled as a clear error, answers of
megabytes without a deadlock, and no worker process left once the pool's
block ends, however it ends.  A hang would be the failure, so every test
runs under `faulthandler.dump_traceback_later` (the test process dies with
its stacks printed after a minute rather than waiting for ever).
Killing a worker from outside: tests/test_signals.py.
"""

from __future__ import annotations

import faulthandler
import os
import pickle
import signal
import sys
import threading
import time
from collections.abc import Iterator

import pytest
from processes import children, running

from passalive.cli.signals import worker_init
from passalive.errors import InputError, Location
from passalive.tools import workers

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="forks, and reads /proc for the workers")


@pytest.fixture(autouse=True)
def _bounded() -> Iterator[None]:
    """A hung pool ends the test process (with every thread's stack) after 60 s instead of never."""
    faulthandler.dump_traceback_later(60, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def _twice_slowly(number: int) -> int:
    time.sleep(0.001 * (number % 7))  # answers arrive out of order
    return 2 * number


def _pid(_: int) -> int:
    time.sleep(0.01)
    return os.getpid()


def _bad_file(number: int) -> int:
    if number == 3:
        raise InputError("a stone off the board", Location("game3.sgf", 4, 7, ";B[zz]"))
    if number == 5:
        raise ValueError(f"bad number {number}")
    return number


def _lambda_or_number(number: int) -> object:
    return (lambda: None) if number == 1 else number


class _Carrying(Exception):
    """An exception that carries something no pickle can take."""

    def __init__(self, thing: object) -> None:
        super().__init__("carrying")
        self.thing = thing


def _raise_with_lambda(_: int) -> int:
    raise _Carrying(lambda: None)


def _raise_a_class_of_the_worker_only(_: int) -> int:
    """Raise an exception of a class that exists in this worker only (made here, at module level for pickle)."""
    only_here = type("_OnlyHere", (Exception,), {"__module__": __name__})
    globals()["_OnlyHere"] = only_here
    raise only_here("made in the worker")


def _megabytes(number: int) -> bytes:
    return bytes([number]) * (4 << 20)


def _echo_length(data: bytes) -> tuple[int, bytes]:
    return len(data), data[:3] * (2 << 20)


def _killed_at_three(number: int) -> int:
    if number == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return number


def _sigint_ignored(_: int) -> bool:
    return signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_many_small_pieces_come_back_in_input_order() -> None:
    with workers.processes(2) as lanes:
        assert list(workers.ordered(lanes, _twice_slowly, range(500))) == [2 * n for n in range(500)]


def test_an_exception_in_a_worker_is_raised_where_its_result_would_be() -> None:
    with workers.processes(2) as lanes:
        results = workers.ordered(lanes, _bad_file, range(8))
        assert [next(results) for _ in range(3)] == [0, 1, 2]
        with pytest.raises(InputError) as error:
            next(results)
    assert error.value.format() == "game3.sgf:4:7: error: a stone off the board\n    ;B[zz]\n          ^"


def test_the_pool_goes_on_after_a_piece_of_work_fails() -> None:
    with workers.processes(2) as lanes:
        futures = [lanes.executor.submit(_bad_file, n) for n in range(8)]
        assert isinstance(futures[5].exception(), ValueError)
        assert str(futures[5].exception()) == "bad number 5"
        assert [f.result() for f in futures if f.exception() is None] == [0, 1, 2, 4, 6, 7]


def test_a_result_that_cannot_be_pickled_is_a_clear_error_not_a_hang() -> None:
    with workers.processes(2) as lanes:
        futures = [lanes.executor.submit(_lambda_or_number, n) for n in range(4)]
        with pytest.raises(pickle.PicklingError, match=r"the result of _lambda_or_number in a --jobs worker cannot be sent back"):
            futures[1].result()
        assert [futures[n].result() for n in (0, 2, 3)] == [0, 2, 3]


def test_an_exception_that_cannot_be_pickled_is_a_clear_error_too() -> None:
    with workers.processes(2) as lanes:
        with pytest.raises(pickle.PicklingError, match=r"the exception \(_Carrying: carrying\) of _raise_with_lambda in a --jobs worker cannot be sent back"):
            lanes.executor.submit(_raise_with_lambda, 0).result()


def test_an_answer_that_cannot_be_read_back_is_a_clear_error() -> None:
    with workers.processes(2) as lanes:
        with pytest.raises(pickle.UnpicklingError, match=r"the answer of a --jobs worker cannot be read back: AttributeError"):
            lanes.executor.submit(_raise_a_class_of_the_worker_only, 0).result()
        assert "_OnlyHere" not in globals()  # it was the worker's
        assert lanes.executor.submit(_pid, 0).result() > 0  # and the pool goes on


def test_answers_of_megabytes_come_back_whole() -> None:
    with workers.processes(2) as lanes:
        for number, answer in enumerate(workers.ordered(lanes, _megabytes, range(6))):
            assert answer == bytes([number]) * (4 << 20)


def test_large_pieces_of_work_and_large_answers_do_not_deadlock() -> None:
    # each piece is far above QUEUED_BYTES and a pipe's buffer: written to idle workers only
    pieces = [bytes([n]) * (1 << 20) for n in range(6)]
    with workers.processes(2) as lanes:
        futures = [lanes.executor.submit(_echo_length, piece) for piece in pieces]
        answers = [future.result(timeout=30) for future in futures]  # a deadlock: TimeoutError, the workers killed
    assert answers == [(1 << 20, bytes([n]) * (6 << 20)) for n in range(6)]


def test_each_worker_runs_the_initializer_and_ignores_sigint_with_worker_init() -> None:
    with workers.processes(2, worker_init) as lanes:
        assert all(workers.ordered(lanes, _sigint_ignored, range(10)))


def test_the_workers_are_forked_before_the_pool_starts_its_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    # a fork while another thread runs copies that thread's locks as it holds them, never to be released
    fork = os.fork
    threads_at_fork: list[int] = []

    def counting_fork() -> int:
        threads_at_fork.append(threading.active_count())
        return fork()

    before = threading.active_count()
    monkeypatch.setattr(os, "fork", counting_fork)
    with workers.processes(2) as lanes:
        assert list(workers.ordered(lanes, _twice_slowly, range(4))) == [0, 2, 4, 6]
        assert threading.active_count() == before + 1  # the collector
    assert threads_at_fork == [before, before]


def test_the_pool_ends_with_no_worker_left() -> None:
    before = set(children(os.getpid()))
    with workers.processes(2) as lanes:
        pids = set(workers.ordered(lanes, _pid, range(20)))
    assert len(pids) == 2
    assert not [pid for pid in pids if running(pid)]
    assert set(children(os.getpid())) <= before


def test_a_pool_left_by_an_exception_ends_with_no_worker_left() -> None:
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="stop here"):
        with workers.processes(2) as lanes:
            pids = set(workers.ordered(lanes, _pid, range(20)))
            lanes.executor.submit(time.sleep, 30)  # still running when the block is left
            lanes.executor.submit(time.sleep, 30)
            raise RuntimeError("stop here")
    assert time.monotonic() - started < 10
    assert not [pid for pid in pids if running(pid)]


def test_work_submitted_after_a_lost_worker_fails_at_once() -> None:
    with workers.processes(2) as lanes:
        pids = sorted(set(workers.ordered(lanes, _pid, range(20))))
        os.kill(pids[0], signal.SIGKILL)
        with pytest.raises(workers.WorkerLost, match=rf"pid {pids[0]}\) was killed by SIGKILL"):
            list(workers.ordered(lanes, _pid, range(20)))
        with pytest.raises(workers.WorkerLost):
            lanes.executor.submit(_pid, 0).result()
    assert not [pid for pid in pids if running(pid)]


def test_a_lost_worker_names_the_piece_of_work_it_held() -> None:
    with pytest.raises(workers.WorkerLost, match=r"was killed by SIGKILL before its work was done") as lost:
        with workers.processes(2) as lanes:
            list(workers.ordered(lanes, _killed_at_three, range(8)))
    assert lost.value.work == (3,)


def test_how_a_worker_ended_is_said_in_words() -> None:
    from passalive.tools.workers import how_ended

    assert how_ended(-9) == "was killed by SIGKILL"
    assert how_ended(3) == "ended with exit status 3"
    assert how_ended(None) == "closed its pipe"  # not reaped yet: the pipe's end is what is known
