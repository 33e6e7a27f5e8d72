"""Writing files so that a full or read-only disk loses nothing: whole files or whole records.

A report, a picture or a JUnit file is written to a temporary file beside it
and renamed over the target only once it is complete and on disk
(`write_file`): a full disk leaves the old file as it was, never a
half-written one.  A run record (`explore --out`) and JSON Lines on standard
output grow a line at a time (`append_line`, `write_output`): each line is
written whole and synced, and a line the disk could not take whole is cut
off again, so the records before it stay readable and a resumed run starts
from them.  Every failure is an `OutputError` naming the file and the
system's reason (exit status 2).
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from typing import IO

from passalive.errors import OutputError


def write_file(path: str, data: str | bytes, what: str) -> None:
    """Write `data` to `path` whole or not at all (a temporary file, synced, then renamed);
    `what` names the file in the error ("the HTML report")."""
    folder = os.path.dirname(os.path.abspath(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
    temporary: str | None = None
    try:
        fd, temporary = tempfile.mkstemp(dir=folder, prefix=".passalive-", suffix=".tmp")
        with os.fdopen(fd, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        mode = os.stat(path).st_mode & 0o777 if os.path.exists(path) else 0o666 & ~_umask()
        os.chmod(temporary, mode)
        os.replace(temporary, path)
        temporary = None
    except OSError as error:
        raise OutputError(f"{path}: cannot write {what}: {error.strerror or error}; nothing was written") from None
    finally:
        if temporary is not None:
            try:
                os.unlink(temporary)
            except OSError:
                pass


def _umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o22)
    os.umask(mask)
    return mask


def append_line(handle: IO[str], line: str, name: str, what: str) -> None:
    """Append one whole line (`line` ends with a newline) to the file of `handle`
    (opened for appending) and sync it; a line the disk cannot take whole is cut
    off again, so the file keeps its earlier lines and nothing else."""
    handle.flush()
    fd = handle.fileno()
    before = os.fstat(fd).st_size
    try:
        _write_all(fd, line.encode("utf-8"))
        os.fsync(fd)
    except OSError as error:
        try:
            os.ftruncate(fd, before)
        except OSError:
            pass
        raise OutputError(
            f"{name}: cannot write {what}: {error.strerror or error}; the records written before are kept whole"
        ) from None


def write_output(text: str | bytes) -> None:
    """Write records (whole lines) to standard output and flush them.

    Bytes (ASCII or UTF-8 text, as the compiled kernel writes a game's
    lines) go to the stream's binary buffer as they are, after what the text
    layer holds, with no encoding on the way.

    When standard output is a regular file, a write the disk cannot take
    whole is cut off again at the end of the last whole record (`text` may
    hold many lines: a whole game's with `analyse --all-nodes --jsonl`, of
    which the lines that fitted are kept); an `OutputError` then says why.
    (A pipe or a terminal is written as usual.)
    """
    stream = sys.stdout
    fd = _regular_file_descriptor(stream)
    if fd is None:
        buffer = getattr(stream, "buffer", None)
        if isinstance(text, bytes) and buffer is not None:
            stream.flush()
            buffer.write(text)
            buffer.flush()
        else:
            stream.write(text if isinstance(text, str) else text.decode("utf-8"))
            stream.flush()
        return
    stream.flush()
    before = os.lseek(fd, 0, os.SEEK_CUR)
    data = text if isinstance(text, bytes) else text.encode(stream.encoding or "utf-8", errors="replace")
    view, written = memoryview(data), 0
    try:
        while written < len(data):
            written += os.write(fd, view[written:])
    except OSError as error:
        kept = before + data.rfind(b"\n", 0, written) + 1  # the end of the last whole line written (or before)
        try:
            os.ftruncate(fd, kept)
            os.lseek(fd, kept, os.SEEK_SET)
        except OSError:
            pass
        raise OutputError(
            f"<stdout>: cannot write the output: {error.strerror or error}; the lines written before are kept whole"
        ) from None


def _regular_file_descriptor(stream: IO[str]) -> int | None:
    """The descriptor of a stream writing to a regular file, else None."""
    try:
        fd = stream.fileno()
        return fd if stat.S_ISREG(os.fstat(fd).st_mode) else None
    except (OSError, ValueError, AttributeError):  # a captured or closed stream
        return None


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte (os.write may write fewer)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
