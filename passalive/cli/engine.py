"""`passalive engine [--jobs N]`: KataGo-style JSON queries on stdin, one JSON answer per analysed turn on stdout.

Every line of standard input is one query (docs/engine.md); its answers are
written as they are made, one line each, until the end of the input.  A
line is read within `MAX_ENGINE_LINE_BYTES`: a longer one is answered with
an error and skipped to its end, never held whole.

With `--jobs N` (N > 1) the lines go to N worker processes, each answering a
whole query at a time and writing its lines under one lock, so the answers
of one query stay in turn order while those of different queries may
interleave.  At most N x `ENGINE_QUERIES_PER_JOB` lines wait for a worker:
the reader stops reading until one is done, so memory stays bounded however
fast queries arrive.  A worker killed from outside (SIGKILL, the out-of-memory
killer) stops the engine with one error line and exit status 2: the answers
of the queries it held are lost.  With one job (the default) the command answers each
line before it reads the next, with no process or pipe in between (as
with any N when standard output has no file descriptor the workers could
share: a stream captured by a test runner).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator
from typing import IO, Any

import click

from passalive.cli.signals import handled, worker_init
from passalive.go.limits import ENGINE_QUERIES_PER_JOB, MAX_ENGINE_JOBS, MAX_ENGINE_LINE_BYTES
from passalive.tools.engine.protocol import respond, too_long_line

_CHUNK = 1 << 16
"""A worker writes its answers in pieces of about this many bytes (whole lines)."""

_OUTPUT_CLOSED = 3
"""A `--jobs` worker's exit status when it cannot write its answers (the reader went away): not 1, which
Python gives a process that ended by an exception."""


def read_lines(stream: IO[bytes], limit: int = MAX_ENGINE_LINE_BYTES) -> Iterator[bytes | None]:
    """The lines of a stream (None for a line longer than `limit`, which is read to its end and dropped)."""
    while True:
        line = stream.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            while True:
                rest = stream.readline(_CHUNK)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        yield line


def _answers(line: bytes | None) -> Iterator[str]:
    if line is None:
        yield too_long_line()
    else:
        yield from respond(line)


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """Answer every line of `stdin` on `stdout`, one query after the other."""
    for line in read_lines(stdin):
        for answer in _answers(line):
            stdout.write(answer.encode("utf-8") + b"\n")
        stdout.flush()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _worker(queue: Any, lock: Any, slots: Any, fd: int) -> None:
    """A `--jobs` worker: answer each line it is given, writing whole lines under the lock."""
    worker_init()
    try:
        while True:
            line = queue.get()
            if line is False:
                return
            pending: list[bytes] = []
            size = 0
            for answer in _answers(line):
                data = answer.encode("utf-8") + b"\n"
                pending.append(data)
                size += len(data)
                if size >= _CHUNK:
                    with lock:
                        _write_all(fd, b"".join(pending))
                    pending, size = [], 0
            if pending:
                with lock:
                    _write_all(fd, b"".join(pending))
            slots.release()
    except (BrokenPipeError, OSError):
        os._exit(_OUTPUT_CLOSED)


def serve_parallel(stdin: IO[bytes], stdout: IO[bytes], jobs: int) -> None:
    """Answer every line of `stdin` with `jobs` worker processes writing to `stdout` (see the module docstring)."""
    from multiprocessing.connection import wait

    stdout.flush()
    context = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else multiprocessing.get_context("spawn")
    queue = context.Queue()
    lock = context.Lock()
    slots = context.BoundedSemaphore(jobs * ENGINE_QUERIES_PER_JOB)
    workers = [context.Process(target=_worker, args=(queue, lock, slots, stdout.fileno()), daemon=True)
               for _ in range(jobs)]
    for worker in workers:
        worker.start()
    try:
        for line in read_lines(stdin):
            if line is not None and not line.strip():
                continue
            while not slots.acquire(timeout=0.5):
                _check(workers)
            queue.put(line)
        for _ in workers:
            queue.put(False)
        running = list(workers)
        while running:  # not join(): a worker killed holding the output's lock would leave the others waiting on it
            wait([worker.sentinel for worker in running], timeout=0.5)
            _check(workers)
            running = [worker for worker in running if worker.is_alive()]
    finally:
        for worker in workers:
            if worker.is_alive():
                worker.terminate()


def _check(workers: list[Any]) -> None:
    """Raise for a worker that has ended badly: BrokenPipeError for one that could not write its answers
    (the output was closed: a silent end, as for any command whose reader went away), WorkerLost for
    one killed from outside or ended otherwise (one error line, exit status 2)."""
    for worker in workers:
        code = worker.exitcode
        if code is None or code == 0:
            continue
        if code == _OUTPUT_CLOSED:
            raise BrokenPipeError("a worker of passalive engine could not write its answers")
        from passalive.tools.workers import WorkerLost, how_ended

        raise WorkerLost(f"a --jobs worker process (pid {worker.pid}) {how_ended(code)} while answering; the "
                         "answers of the queries it held are lost and the engine stops (run it again, with fewer "
                         "--jobs if memory ran out)")


def _has_descriptor(stream: IO[bytes]) -> bool:
    """Whether the workers can write to the stream's file descriptor (not so for a captured
    stream, e.g. under a test runner: then the queries are answered in this process)."""
    try:
        stream.fileno()
    except (OSError, ValueError, AttributeError):  # io.UnsupportedOperation is an OSError
        return False
    return True


@click.command(name="engine")
@click.option("--jobs", type=click.IntRange(1, MAX_ENGINE_JOBS), default=1, show_default=True,
              help=f"Worker processes (at most {MAX_ENGINE_JOBS}); answers of different queries may then interleave, "
                   "those of one query stay in turn order.")
def command(jobs: int) -> None:
    """Answer KataGo-style JSON queries, one per line on stdin, with one JSON line per analysed turn.

    A query names the board, the moves and the turns to analyse, and which
    maps to compute (pass-alive, KataGo's area and independent life, GNU Go's
    unconditional status, static safety, the scorer's statuses and result,
    the oracle's verdicts).  The protocol is described in the documentation, engine.md.
    """
    with handled():
        stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
        if jobs == 1 or not _has_descriptor(stdout):
            serve(stdin, stdout)
        else:
            serve_parallel(stdin, stdout, jobs)
