"""Where independent pieces of work run: local processes (`--jobs N`) or a Dask cluster (`--cluster ADDRESS`).

The commands that share their work out -- the files of `analyse`, `score`
and the other reading commands, the units of `explore` -- see both kinds of
pool through one small interface, `Lanes`: a `concurrent.futures.Executor`
to submit module-level functions to, and `width()`, how many pieces can run
at once.  A caller keeps about twice that many in flight and no more, so
results stream back while the rest runs and memory stays bounded however
long the input; `ordered` does that and yields the results in input order.

* `processes(jobs, ...)`: forked processes on this machine (the standard
  library's `multiprocessing.Pool`, the reading commands' `--jobs`); left by
  an error or a signal, the pool is ended at once (`terminate`) rather than
  waited for.  `process_executor(jobs, ...)`: the standard library's
  `ProcessPoolExecutor` (explore's `--jobs`), as before the interface.
* `cluster(address)`: a Dask client of a running `dask scheduler`
  (`tcp://host:port`), its executor and its workers' threads as the width
  (asked again at most once a second, so workers that join later are used).
  `distributed` is imported only here, and every failure to start is a
  `UsageError` (exit status 2, one line): the package missing, the
  scheduler out of reach, a worker that cannot run this version of
  passalive.  A worker lost mid-run costs only time: the scheduler gives its
  tasks to the others (every task is a pure function of its arguments), and
  the results come back as if nothing had happened.

Why `--jobs` keeps its process pool rather than starting a local Dask
cluster in-process: docs/cluster.md (measured by bench/bench_cluster.py).
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from typing import Any, TypeVar

from passalive.errors import PassaliveError, UsageError

A = TypeVar("A")
T = TypeVar("T")

IN_FLIGHT = 2
"""Pieces of work kept submitted per lane: one running, one waiting, so no lane idles between two."""

WIDTH_SECONDS = 1.0
"""How long a cluster's width (its workers' threads) is taken as known before it is asked again."""


@dataclass(frozen=True)
class Lanes:
    """A pool of workers: where to submit work, and how many pieces run at once."""

    executor: Executor
    width: Callable[[], int]


def ordered(lanes: Lanes, function: Callable[[A], T], arguments: Iterable[A]) -> Iterator[T]:
    """`function(a)` for every argument, run on the lanes, yielded in input order.

    At most `IN_FLIGHT` x width calls are submitted at a time, and the
    arguments are drawn from their iterable only as room is made, so a
    long input is never held whole (the cluster's files are read here, one
    window at a time).  An exception of a call is raised where its result
    would have been yielded.
    """
    pending: deque[Future[T]] = deque()
    source = iter(arguments)
    exhausted = False
    while True:
        while not exhausted and len(pending) < IN_FLIGHT * max(1, lanes.width()):
            try:
                argument = next(source)
            except StopIteration:
                exhausted = True
                break
            pending.append(lanes.executor.submit(function, argument))
        if not pending:
            return
        yield pending.popleft().result()


# ----------------------------------------------------------- local processes


class _ForkPool(Executor):
    """`multiprocessing.Pool` (forked workers) as an Executor: `shutdown(wait=False)` ends the workers at once."""

    def __init__(self, jobs: int, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
        import multiprocessing

        self._pool = multiprocessing.get_context("fork").Pool(jobs, initializer=initializer, initargs=initargs)

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_running_or_notify_cancel()
        self._pool.apply_async(fn, args, kwargs, callback=future.set_result, error_callback=future.set_exception)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if wait and not cancel_futures:
            self._pool.close()
        else:
            self._pool.terminate()
        self._pool.join()


@contextlib.contextmanager
def processes(
    jobs: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
) -> Iterator[Lanes]:
    """`jobs` forked worker processes on this machine, each started by `initializer(*initargs)`;
    waited for when the block ends normally, ended at once when it ends by an exception (a signal's too)."""
    pool = _ForkPool(jobs, initializer, initargs)
    try:
        yield Lanes(pool, lambda: jobs)
    except BaseException:
        pool.shutdown(wait=False)
        raise
    pool.shutdown(wait=True)


@contextlib.contextmanager
def process_executor(
    jobs: int, initializer: Callable[..., object] | None = None, initargs: tuple[Any, ...] = ()
) -> Iterator[Lanes]:
    """`jobs` worker processes of the standard library's ProcessPoolExecutor (explore's pool):
    a worker killed from outside breaks the pool (BrokenProcessPool) rather than losing its task,
    and the block's end waits for the work submitted."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs, initializer=initializer, initargs=initargs) as pool:
        yield Lanes(pool, lambda: jobs)


# ------------------------------------------------------------------ Dask


def passalive_version() -> str:
    """This installation's version (run on each worker of a cluster, to compare with the client's)."""
    from passalive.version import installed_version

    return installed_version()


@contextlib.contextmanager
def cluster(address: str) -> Iterator[Lanes]:
    """The workers of the Dask scheduler at `address`, through a client of it.

    UsageError when `distributed` is not installed, the scheduler cannot be
    reached within Dask's connect timeout (`distributed.comm.timeouts.connect`,
    30 s unless configured), or a worker cannot run passalive or runs
    another version (workers that join later are not checked).  The client
    is closed at the end; work still pending (an error, a signal) is
    cancelled on the cluster.
    """
    try:
        from distributed import Client
    except ImportError:
        raise UsageError(
            "--cluster needs Dask's `distributed` package, which is not installed: pip install 'passalive[cluster]'"
        ) from None
    with _quiet_dask():
        try:
            client = Client(address, set_as_default=False)
        except (OSError, TimeoutError, ValueError, TypeError) as error:
            raise UsageError(f"--cluster {address}: cannot reach a Dask scheduler there ({error})") from None
        with contextlib.closing(client):
            yield from _work_on(client, address)


@contextlib.contextmanager
def _quiet_dask() -> Iterator[None]:
    """Dask's own log records go nowhere while the command is a client: a lost worker is the
    scheduler's business, and what ends the command is said in one line (`ClusterError`).
    The loggers' levels are put back at the end."""
    import logging

    tops = ("distributed", "dask", "tornado", "asyncio")
    names = [*tops, *(name for name in logging.root.manager.loggerDict if name.split(".")[0] in tops)]
    loggers = [logging.getLogger(name) for name in dict.fromkeys(names)]  # those Dask gave levels of their own too
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _work_on(client: Any, address: str) -> Iterator[Lanes]:
    """The lanes of a connected client (the body of `cluster`)."""
    _check_workers(client, address)
    executor = client.get_executor(pure=False)
    known = [0.0, 1]  # when the width was asked, and its answer

    def width() -> int:
        now = time.monotonic()
        if now - known[0] > WIDTH_SECONDS:
            known[:] = [now, sum(client.nthreads().values())]
        return int(known[1])

    try:
        yield Lanes(executor, width)
    except BaseException as error:
        executor.shutdown(wait=False)  # cancels what is still pending on the cluster
        if isinstance(error, Exception) and _from_dask(error):
            raise ClusterError(f"--cluster {address}: {_why(error)}") from None
        raise


class ClusterError(PassaliveError):
    """The cluster could not finish the work: a task whose workers died too often (Dask's
    `distributed.scheduler.allowed-failures`, 3 by default), or the scheduler lost.  `explore --out`
    resumes from the units recorded; other commands are run again."""


def _why(error: Exception) -> str:
    """What went wrong on the cluster, in a line."""
    if type(error).__name__ == "KilledWorker" and len(error.args) == 3:
        task, worker, failures = error.args
        where = getattr(worker, "address", worker)
        return (f"the workers running the task {task} died {failures} times, the last {where} "
                "(Dask's distributed.scheduler.allowed-failures); is a worker running out of memory?")
    from concurrent.futures import CancelledError

    if isinstance(error, CancelledError):
        return "the work was cancelled on the cluster: the scheduler was lost, or another client cancelled it"
    return f"the cluster failed: {type(error).__name__}: {error}"


def _from_dask(error: Exception) -> bool:
    """Whether an error is the cluster's (Dask's own, or a task cancelled under us) rather than the work's."""
    from concurrent.futures import CancelledError

    return isinstance(error, CancelledError) or type(error).__module__.split(".")[0] in ("distributed", "dask")


def _check_workers(client: Any, address: str) -> None:
    """UsageError naming the workers that cannot run passalive or run another version of it."""
    mine = passalive_version()
    try:
        theirs: dict[str, str] = client.run(passalive_version)
    except Exception as error:  # a worker without passalive cannot even unpickle the function
        raise UsageError(
            f"--cluster {address}: a worker cannot run passalive ({type(error).__name__}: {error}); "
            f"install passalive {mine} on every worker"
        ) from None
    other = sorted(f"{worker} has {version}" for worker, version in theirs.items() if version != mine)
    if other:
        raise UsageError(f"--cluster {address}: workers run another version of passalive than {mine}: {'; '.join(other)}")


__all__ = ["ClusterError", "Lanes", "cluster", "ordered", "passalive_version", "process_executor", "processes"]
