"""SIGINT and SIGTERM end a run over files quietly: one line on stderr, exit 130 or 143, workers ended.

Python's default turns SIGINT into a KeyboardInterrupt wherever the program
happens to be (a traceback in each `--jobs` worker, since a terminal sends
Ctrl-C to the whole process group), and SIGTERM kills the parent alone,
leaving its workers to find a broken pipe and print theirs.  So:

* while `collection.run` works through the files of `show`, `analyse`,
  `verify`, `score` or `eyes` (`handled`, a decorator there), the command's
  process turns both signals into `Interrupted`, a BaseException that no
  `except Exception` swallows; `passalive.cli.main` prints
  `interrupted (SIGTERM)` and exits with 128 + the signal's number; on the
  way out, the worker pool's `with` block ends the workers (SIGTERM).
  Only there: `explore --jobs` ends its own workers its own way, and its
  executor would wait for their work on the way out;
* each worker (`worker_init`, the pool's initializer) ignores SIGINT (the
  parent decides), dies silently on SIGTERM, and on Linux asks the kernel
  for a SIGTERM when its parent dies, so a parent killed by SIGKILL leaves
  no worker running or writing tracebacks.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from types import FrameType

STOPPING = (signal.SIGINT, signal.SIGTERM)


class Interrupted(BaseException):
    """The command was asked to stop by a signal (`signum`)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def name(self) -> str:
        return signal.Signals(self.signum).name

    @property
    def exit_code(self) -> int:
        """128 + the signal's number, as a shell reports a process ended by it (130, 143)."""
        return 128 + self.signum


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Interrupted(signum)


@contextlib.contextmanager
def handled() -> Iterator[None]:
    """Within the block, SIGINT and SIGTERM raise `Interrupted` (in the main thread only; the
    handlers before are put back at the end, so a test calling `main` keeps its own)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {s: signal.signal(s, _raise) for s in STOPPING}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


_PR_SET_PDEATHSIG = 1


def worker_init() -> None:
    """The initializer of a `--jobs` worker: SIGINT ignored, SIGTERM the default (a silent end),
    and on Linux a SIGTERM when the parent dies."""
    parent = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - no prctl: the pool's own ending still applies
            return
        if os.getppid() != parent:  # the parent died before the request was made
            os.kill(os.getpid(), signal.SIGTERM)


__all__ = ["Interrupted", "handled", "worker_init"]
