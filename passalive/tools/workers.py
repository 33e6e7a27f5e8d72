"""Where independent pieces of work run: local processes (`--jobs N`) or a Dask cluster (`--cluster ADDRESS`).

The commands that share their work out -- the files of `analyse`, `score`
and the other reading commands, the units of `explore` -- see both kinds of
pool through one small interface, `Lanes`: a `concurrent.futures.Executor`
to submit module-level functions to, and `width()`, how many pieces can run
at once.  A caller keeps about twice that many in flight and no more, so
results stream back while the rest runs and memory stays bounded however
long the input; `ordered` does that and yields the results in input order.

* `processes(jobs, ...)`: forked processes on this machine (the reading
  commands' `--jobs`), a small pool of our own (`_ForkPool`): each worker
  has its own pipe, and one collector thread of the parent waits on all
  the pipes and on the workers' sentinels at once, so an answer, and the
  death of a worker, are seen as they happen (no polling).  A worker killed
  from outside (SIGKILL, the kernel's out-of-memory killer) breaks only its
  own pipe: every pending piece fails with `WorkerLost` (one line, exit
  status 2), which names the piece the worker was running.  Left by an
  error or a signal, the pool is ended at once: every worker killed, never
  one started again.  Why not the standard library's `multiprocessing.Pool`:
  it starts another worker and waits for the lost piece for ever, and its
  workers share one pipe for their answers, so a worker killed while it
  writes a long answer (a game's whole-game lines) can leave the pipe's
  lock taken or half an answer in it, and the pool's end can then wait for
  ever; surviving that took three of its private attributes.
  `process_executor(jobs, ...)`: the standard library's
  `ProcessPoolExecutor` (explore's `--jobs`), whose `BrokenProcessPool`
  (a worker killed) is raised as the same `WorkerLost`.
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
import os
import pickle
import select
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import CancelledError, Executor, Future, InvalidStateError
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeVar

from passalive.errors import Location, PassaliveError, UsageError

A = TypeVar("A")
T = TypeVar("T")

IN_FLIGHT = 2
"""Pieces of work kept submitted per lane: one running, one waiting, so no lane idles between two."""

WIDTH_SECONDS = 1.0
"""How long a cluster's width (its workers' threads) is taken as known before it is asked again."""

QUEUED_BYTES = 16 * 1024
"""The largest piece of work (pickled) written to a busy worker as its next: far below a pipe's buffer, so
the write returns at once even while that worker is writing a long answer (no deadlock of two writers)."""

JOIN_SECONDS = 5.0
"""How long the end of a pool waits for a worker process (or the collector thread) to end."""


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
    signal or the out-of-memory killer): the run cannot be finished and stops.  `work`: the arguments
    of the piece the worker was running (`fn(*work)`), None when it was running none or is not known."""

    def __init__(self, message: str, location: Location | None = None, work: tuple[Any, ...] | None = None) -> None:
        super().__init__(message, location)
        self.work = work


def how_ended(exitcode: int | None) -> str:
    """How a worker ended, in words: `killed by SIGKILL`, its exit status, or that its pipe closed (a worker
    not yet reaped: its end is known from its pipe, not from its status)."""
    if exitcode is None:
        return "closed its pipe"
    if exitcode < 0:
        try:
            return f"was killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"was killed by signal {-exitcode}"
    return f"ended with exit status {exitcode}"


@dataclass(frozen=True)
class _Piece:
    """A piece of work submitted: its future, the pickled call, and its positional arguments (to name it)."""

    future: Future[Any]
    task: bytes
    args: tuple[Any, ...]


@dataclass(frozen=True, eq=False)  # a worker is itself, whatever it holds
class _Worker:
    """One worker process, its own pipe, and the pieces of work written to it and not yet answered
    (the first running, a second waiting in the pipe); touched by the collector thread only."""

    process: Any  # multiprocessing's forked Process
    pipe: Connection
    held: deque[_Piece] = field(default_factory=deque)


class _ForkPool(Executor):
    """`jobs` forked worker processes, each with its own duplex pipe, as an Executor (see the module docstring).

    The workers are started first; then one collector thread waits (one `select.poll`, registered once)
    on every pipe, every worker's sentinel (ready when the process ends) and a wake-up pipe that
    `submit` (only while the collector waits) and `shutdown` write to.  The collector alone writes
    work to the workers and reads their answers: a piece is written to an idle worker, or as the
    second of a busy one when it is no bigger than QUEUED_BYTES (so the write cannot block while that
    worker writes a long answer to us); an answer settles its future and frees its place.  A worker
    that ends before it is told to fails every pending future with `WorkerLost`, naming the piece it
    was running; the pool then starts nothing more, and its end kills the workers left."""

    def __init__(self, jobs: int, initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
        import multiprocessing

        context = multiprocessing.get_context("fork")
        self._workers: list[_Worker] = []
        self._queue: deque[_Piece] = deque()
        self._lock = threading.Lock()
        self._lost: WorkerLost | None = None
        self._state = "running"  # then "closing" (shutdown waits for the work) or "abandoned"
        try:
            for _ in range(jobs):  # all forked before the collector thread exists
                ours, theirs = context.Pipe(duplex=True)
                inherited = [*(w.pipe for w in self._workers), ours]  # the child closes its copies
                process = context.Process(target=_serve, args=(theirs, inherited, initializer, initargs),
                                          name="passalive-worker", daemon=True)
                process.start()
                theirs.close()
                self._workers.append(_Worker(process, ours))
        except BaseException:
            self._kill()
            self._close()
            raise
        self._wake_out, self._wake_in = os.pipe()
        os.set_blocking(self._wake_in, False)  # a full wake-up pipe already wakes the collector
        self._waiting = False  # whether the collector waits (or is about to): then new work must wake it
        self._poll = select.poll()  # what the collector waits on, registered once
        self._ready: dict[int, tuple[str, _Worker | None]] = {self._wake_out: ("wake", None)}
        for worker in self._workers:
            self._ready[worker.pipe.fileno()] = ("answer", worker)
            self._ready[worker.process.sentinel] = ("ended", worker)
        for fd in self._ready:
            self._poll.register(fd, select.POLLIN)
        self._collector = threading.Thread(target=self._collect, name="passalive-collector", daemon=True)
        self._collector.start()

    # -- the caller's side

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        future: Future[T] = Future()
        future.set_running_or_notify_cancel()
        try:
            task = pickle.dumps((fn, args, kwargs), pickle.HIGHEST_PROTOCOL)
        except Exception as error:  # a function or an argument that cannot go to a worker
            future.set_exception(error)
            return future
        with self._lock:
            if self._state != "running":
                raise RuntimeError("cannot submit work to a --jobs pool that is shutting down")
            if self._lost is not None:
                future.set_exception(self._lost)
                return future
            self._queue.append(_Piece(future, task, args))
            wake, self._waiting = self._waiting, False  # one byte wakes it; none needed while it works
        if wake:
            self._wake()
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._state == "abandoned":
            return
        if not wait or cancel_futures or self._broken():
            self._abandon()
            return
        with self._lock:
            self._state = "closing"
        self._wake()
        try:
            self._collector.join()  # every piece answered, or a worker lost
            if self._broken():
                self._abandon()
                return
            for worker in self._workers:
                with contextlib.suppress(OSError):
                    worker.pipe.send_bytes(b"")  # the end: the worker returns
            for worker in self._workers:
                worker.process.join(timeout=JOIN_SECONDS)
        except BaseException:  # a signal while waiting
            self._abandon()
            raise
        self._state = "abandoned"
        self._kill()  # none left, unless one did not end in time
        self._close()

    def _abandon(self) -> None:
        """End the pool at once (a worker lost, or the run stopped by an exception or a signal): every worker
        killed, the collector (which then finds every pipe ended) joined, every pipe closed, and the futures
        still pending cancelled.  No worker is ever started again."""
        with self._lock:
            self._state = "abandoned"
        self._kill()
        self._wake()
        self._collector.join(timeout=JOIN_SECONDS)
        if self._collector.is_alive():  # pragma: no cover - it only waits on pipes that have all ended
            return
        self._fail(CancelledError())
        self._close()

    def _broken(self) -> bool:
        """Whether a worker was lost (set by the collector thread)."""
        return self._lost is not None

    def _wake(self) -> None:
        """Make the collector look again (new work, or the pool's end)."""
        with contextlib.suppress(OSError):
            os.write(self._wake_in, b"w")

    def _kill(self) -> None:
        """SIGKILL to every worker still running, and wait for each (bounded)."""
        for worker in self._workers:
            worker.process.kill()  # nothing when it has already been waited for
        for worker in self._workers:
            worker.process.join(timeout=JOIN_SECONDS)

    def _close(self) -> None:
        """Release the pipes and the ended processes' handles (once the collector no longer waits on them)."""
        for worker in self._workers:
            worker.pipe.close()
            if worker.process.exitcode is not None:
                worker.process.close()
        for end in ("_wake_out", "_wake_in"):
            if hasattr(self, end):
                os.close(getattr(self, end))
                delattr(self, end)

    # -- the collector thread

    def _collect(self) -> None:
        """The collector thread's life: steps until the pool ends or loses a worker."""
        try:
            while self._step():
                pass
        except BaseException as error:  # pragma: no cover - a bug here must not leave the caller waiting
            self._fail(error)

    def _step(self) -> bool:
        """Write the work that fits, wait for something to happen, and take it in; False when done."""
        sends: list[tuple[_Worker, bytes]] = []
        with self._lock:
            if self._state == "abandoned" or self._lost is not None:
                return False
            for place in range(IN_FLIGHT):  # every idle worker first, then a next piece for each busy one
                for worker in self._workers:
                    if not self._queue:
                        break
                    fits = place == 0 or len(self._queue[0].task) <= QUEUED_BYTES
                    if len(worker.held) == place and fits:
                        piece = self._queue.popleft()
                        worker.held.append(piece)
                        sends.append((worker, piece.task))
            if self._state == "closing" and not self._queue and not any(w.held for w in self._workers):
                return False
            self._waiting = True
        for worker, task in sends:
            with contextlib.suppress(OSError):  # a worker that died: its sentinel says so below
                worker.pipe.send_bytes(task)
        events = {self._ready[fd] for fd, _ in self._poll.poll()}  # POLLIN, or POLLHUP: a pipe's end
        self._waiting = False
        if ("wake", None) in events:
            os.read(self._wake_out, 4096)
        ended = [w for kind, w in events if kind == "answer" and w is not None and not self._answer(w)]  # answers first
        ended += [w for kind, w in events if kind == "ended" and w is not None and w not in ended]
        if ended:
            self._lose(ended[0])
            return False
        return True

    def _answer(self, worker: _Worker) -> bool:
        """Take in a worker's answer to its first piece of work: the result or the exception it raised.
        False when the pipe has ended instead: the worker died (perhaps in the middle of its answer)."""
        try:
            answer = worker.pipe.recv_bytes()
        except (EOFError, OSError):
            return False
        future = worker.held.popleft().future
        try:
            ok, value = pickle.loads(answer)
        except Exception as error:  # an exception whose class cannot be rebuilt from its arguments, say
            ok, value = False, pickle.UnpicklingError(f"the answer of a --jobs worker cannot be read back: "
                                                      f"{type(error).__name__}: {error}")
        (_settle(future.set_result) if ok else _settle(future.set_exception))(value)
        return True

    def _lose(self, worker: _Worker) -> None:
        """A worker ended that was not told to: every pending piece of work fails with `WorkerLost`."""
        worker.process.join(timeout=JOIN_SECONDS)  # its sentinel is ready a moment before it can be waited for
        code = worker.process.exitcode
        self._fail(WorkerLost(f"a --jobs worker process (pid {worker.process.pid}) {how_ended(code)} before its work was "
                              "done; the run stops (run it again, with fewer --jobs if memory ran out)",
                              work=worker.held[0].args if worker.held else None))

    def _fail(self, error: BaseException) -> None:
        """Settle every pending future with `error` (a `WorkerLost` also fails what is submitted later)."""
        with self._lock:
            if isinstance(error, WorkerLost) and self._lost is None:
                self._lost = error
            pending = [piece.future for piece in self._queue]
            self._queue.clear()
            for worker in self._workers:
                pending.extend(piece.future for piece in worker.held)
                worker.held.clear()
        for future in pending:
            _settle(future.set_exception)(error)


def _serve(pipe: Connection, inherited: list[Connection], initializer: Callable[..., object] | None,
           initargs: tuple[Any, ...]) -> None:
    """A worker's life: `initializer(*initargs)`, then each piece of work read from the pipe is run and
    its answer written back -- `(True, result)` or `(False, the exception)` -- until an empty message or
    the pipe's end.  An answer that cannot be pickled is sent as a `PicklingError` that says so."""
    for other in inherited:
        other.close()
    if initializer is not None:
        initializer(*initargs)
    while True:
        try:
            task = pipe.recv_bytes()
        except (EOFError, OSError):
            return
        if not task:
            return
        fn: object = None
        try:
            fn, args, kwargs = pickle.loads(task)
            answer: tuple[bool, Any] = (True, fn(*args, **kwargs))  # type: ignore[operator]
        except BaseException as error:  # the work's own exception, raised where the caller takes the result
            answer = (False, error)
        try:
            pipe.send_bytes(_pickled(answer, fn))
        except OSError:  # the parent is gone
            return


def _pickled(answer: tuple[bool, Any], fn: object) -> bytes:
    """An answer as bytes; one that cannot be pickled becomes a `PicklingError` naming what failed."""
    try:
        return pickle.dumps(answer, pickle.HIGHEST_PROTOCOL)
    except Exception as error:
        what = "result" if answer[0] else f"exception ({type(answer[1]).__name__}: {answer[1]})"
        name = getattr(fn, "__qualname__", None) or getattr(getattr(fn, "func", None), "__qualname__", repr(fn))
        failure = pickle.PicklingError(f"the {what} of {name} in a --jobs worker cannot be sent back: "
                                       f"{type(error).__name__}: {error}")
        return pickle.dumps((False, failure), pickle.HIGHEST_PROTOCOL)


def _settle(setter: Callable[[Any], None]) -> Callable[[Any], None]:
    """A future's `set_result`/`set_exception` that does nothing when the future is already done."""

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
