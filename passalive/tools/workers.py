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
  an error or a signal, the pool is ended at once (its workers killed, see
  `_ForkPool._abandon`) rather than waited for.  `process_executor(jobs, ...)`: the standard library's
  `ProcessPoolExecutor` (explore's `--jobs`), as before the interface.
  A worker killed from outside (SIGKILL, the kernel's out-of-memory killer)
  takes its piece of work with it: `multiprocessing.Pool` would start
  another worker and wait for that piece for ever, so `processes` watches
  its workers (`WATCH_SECONDS`) and fails every pending piece with
  `WorkerLost`, and `process_executor` turns the executor's
  `BrokenProcessPool` into the same error: one line, exit status 2.
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
import signal
import threading
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

WATCH_SECONDS = 0.2
"""How often `processes` looks for a worker that died (a lost piece of work is found within this)."""


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


class WorkerLost(PassaliveError):
    """A `--jobs` worker process died before its piece of work was done (killed from outside, by a
    signal or the out-of-memory killer): the run cannot be finished and stops."""


def _lost(exitcode: int | None) -> str:
    """How a worker ended, in words: `killed by SIGKILL`, or its exit status."""
    if exitcode is not None and exitcode < 0:
        try:
            return f"was killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"was killed by signal {-exitcode}"
    return f"ended with exit status {exitcode}"


class _ForkPool(Executor):
    """`multiprocessing.Pool` (forked workers) as an Executor: `shutdown(wait=False)` ends the workers at once,
    and a worker that dies fails every pending future with `WorkerLost` (see the module docstring).

    The pool's worker processes are its `_pool` list (CPython's attribute since multiprocessing began):
    the watcher keeps every worker it has seen there, since the pool drops a dead one from the list as it
    starts its replacement; a worker ends with status 0 only when the pool ends it."""

    def __init__(self, jobs: int, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
        import multiprocessing

        self._pool = multiprocessing.get_context("fork").Pool(jobs, initializer=initializer, initargs=initargs)
        self._pending: set[Future[Any]] = set()
        self._lock = threading.Lock()
        self._lost: WorkerLost | None = None
        self._seen: list[Any] = list(self._pool._pool)  # type: ignore[attr-defined]  # see the docstring
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="passalive-worker-watch", daemon=True)
        self._watcher.start()

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_running_or_notify_cancel()
        with self._lock:
            if self._lost is not None:
                future.set_exception(self._lost)
                return future
            self._pending.add(future)
        future.add_done_callback(self._forget)
        self._pool.apply_async(fn, args, kwargs, callback=_settle(future.set_result),
                               error_callback=_settle(future.set_exception))
        return future

    def _forget(self, future: Future[Any]) -> None:
        with self._lock:
            self._pending.discard(future)

    def _watch(self) -> None:
        """Every WATCH_SECONDS: a worker seen that has died fails the pending futures, once."""
        while not self._stop.wait(WATCH_SECONDS):
            for worker in list(self._pool._pool):  # type: ignore[attr-defined]  # see the class docstring
                if worker not in self._seen:
                    self._seen.append(worker)
            dead = next((w for w in self._seen if w.exitcode not in (None, 0)), None)
            if dead is not None and not self._stop.is_set():
                self._fail(WorkerLost(f"a --jobs worker process (pid {dead.pid}) {_lost(dead.exitcode)} before "
                                      "its work was done; the run stops (run it again, with fewer --jobs if memory "
                                      "ran out)"))
                return

    def _fail(self, lost: WorkerLost) -> None:
        with self._lock:
            self._lost = lost
            pending = list(self._pending)
        for future in pending:
            _settle(future.set_exception)(lost)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._stop.set()
        if self._lost is not None or not wait or cancel_futures:
            self._abandon()
            return
        self._pool.close()
        self._pool.join()
        self._watcher.join()

    def _abandon(self) -> None:
        """End the pool at once (a worker killed from outside, or the run stopped by an exception or a
        signal): every worker killed, the pool's own threads (daemons) left to the process's end.
        `Pool.terminate` cannot be used: a worker that died or was killed while writing its answer may
        hold the lock of the answers' queue or leave half an answer in the pipe, and terminate then waits
        for ever (CPython's pool does not recover from that; a game's whole-line answer of hundreds of
        kilobytes made it likely on Ctrl-C)."""
        import multiprocessing.pool

        pool = self._pool
        pool._worker_handler._state = multiprocessing.pool.TERMINATE  # type: ignore[attr-defined]  # no replacements
        pool._worker_handler.join(timeout=1)  # type: ignore[attr-defined]
        pool._terminate.cancel()  # type: ignore[attr-defined]  # nor a terminate at the interpreter's exit
        workers = {*self._seen, *pool._pool}  # type: ignore[attr-defined]
        for worker in workers:
            if worker.exitcode is None:
                worker.kill()
        for worker in workers:
            worker.join(timeout=5)
        self._watcher.join()


def _settle(setter: Callable[[Any], None]) -> Callable[[Any], None]:
    """A future's `set_result`/`set_exception` that does nothing when the future is already done
    (a piece of work answered after the watcher failed it, or the reverse)."""
    from concurrent.futures import InvalidStateError

    def settle(value: Any) -> None:
        with contextlib.suppress(InvalidStateError):
            setter(value)

    return settle


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
    a worker killed from outside breaks the pool (BrokenProcessPool), raised as `WorkerLost`,
    and the block's end waits for the work submitted."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    try:
        with ProcessPoolExecutor(max_workers=jobs, initializer=initializer, initargs=initargs) as pool:
            yield Lanes(pool, lambda: jobs)
    except BrokenProcessPool:
        raise WorkerLost("a --jobs worker process died before its work was done (killed from outside, or out of "
                         "memory); the run stops") from None


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


__all__ = ["ClusterError", "Lanes", "WorkerLost", "cluster", "ordered", "passalive_version", "process_executor",
           "processes"]
