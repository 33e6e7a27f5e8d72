"""Processes as Linux's /proc shows them, for the tests of `--jobs` workers (tests/test_signals.py,
tests/test_process_pool.py): a process's children, and whether a process still runs."""

from __future__ import annotations

from pathlib import Path


def children(pid: int) -> list[int]:
    """The process ids of `pid`'s children (of its main thread: those it forked itself)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def running(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return False
    return fields[0] not in ("Z", "X")
