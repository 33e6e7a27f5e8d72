"""The input of `passalive gtp`: bounded lines of bytes, from a stream or a file descriptor.

A line is given with whether it was longer than the limit (then only its
start is kept, and the rest is read and thrown away as it comes), so a line
without end never fills the memory (docs/limits.md).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import BinaryIO

from passalive.go.limits import MAX_GTP_LINE_BYTES


def read_lines(stream: BinaryIO, limit: int = MAX_GTP_LINE_BYTES) -> Iterator[tuple[bytes, bool]]:
    """Input lines as bytes, the line ending dropped, each with whether it was
    longer than `limit` (then only its start is kept, and the rest is read
    and thrown away), so a line without end never fills the memory."""
    while line := stream.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            while (rest := stream.readline(limit + 1)) and not rest.endswith(b"\n"):
                pass
            yield line[:limit], True
            continue
        yield line.rstrip(b"\r\n"), False


def read_fd_lines(fd: int, limit: int = MAX_GTP_LINE_BYTES) -> Iterator[tuple[bytes, bool]]:
    """Input lines from a file descriptor, as `read_lines` gives them, read with `os.read`.

    `passalive gtp` reads its standard input this way, on a thread of its
    own (`GtpEngine.run`): a thread blocked in Python's buffered `readline`
    holds the buffer's lock, and the interpreter aborts at exit when it
    finds it held; `os.read` holds no lock.  At most `limit` bytes of a line
    are kept; the rest of a longer line is thrown away as it comes.
    """
    pending = bytearray()
    skipping = False  # inside a line already reported as too long
    while True:
        try:
            chunk = os.read(fd, _CHUNK_BYTES)
        except OSError:  # a closed or unreadable input ends it, as an end of file does
            chunk = b""
        if not chunk:
            break
        pending += chunk
        while (end := pending.find(b"\n")) >= 0:
            line = bytes(pending[:end])
            del pending[: end + 1]
            if skipping:
                skipping = False
            elif len(line) > limit:
                yield line[:limit], True
            else:
                yield line.rstrip(b"\r"), False
        if len(pending) > limit:
            if not skipping:
                yield bytes(pending[:limit]), True
                skipping = True
            pending.clear()
    if pending and not skipping:
        yield bytes(pending).rstrip(b"\r"), False


_CHUNK_BYTES = 1 << 16


__all__ = ["read_fd_lines", "read_lines"]
