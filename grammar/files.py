"""Reading one input file (or standard input) within its size limit, as bytes.

The one place a file's bytes come in: `read.py` (the front door) and the
SGF reader (`sgf.py`) both read through `read_input`, so it sits below them
both rather than in either.
"""

from __future__ import annotations

import codecs
import os
from typing import BinaryIO

from passalive.errors import InputError
from passalive.go.limits import MAX_FILE_BYTES

STDIN_NAME = "<stdin>"
"""What standard input (`-` on the command line) is called in messages, tables and reports."""

_CHUNK = 1 << 20
"""Bytes read at a time, so that the size limit is checked while reading."""

UTF16_MARKS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
"""The byte-order marks a UTF-16 file begins with (Windows Notepad's "Unicode"): such a file is named
as UTF-16 in the readers' errors, with what to do (save it as UTF-8)."""


def read_input(path: str | os.PathLike[str]) -> tuple[str, bytes, int]:
    """The name and bytes of a file (`-`: standard input, named `<stdin>`),
    without a UTF-8 byte order mark, and the number of bytes skipped for it;
    InputError when it cannot be read or is
    larger than MAX_FILE_BYTES (checked while reading, so a device such as
    /dev/zero or an endless pipe is refused in bounded memory)."""
    name = os.fspath(path)
    try:
        if name == "-":
            import sys

            name = STDIN_NAME
            data = _read_bounded(sys.stdin.buffer, name)
        else:
            if os.path.isdir(name):
                raise IsADirectoryError
            with open(name, "rb") as handle:
                data = _read_bounded(handle, name)
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{name}: is a directory, not a diagram file") from None
    except OSError as error:
        raise InputError(f"{name}: cannot read: {error.strerror}") from None
    if data.startswith(codecs.BOM_UTF8):  # Windows editors write one
        return name, data[len(codecs.BOM_UTF8) :], len(codecs.BOM_UTF8)
    return name, data, 0


def _read_bounded(handle: BinaryIO, name: str) -> bytes:
    """All bytes of `handle`, or an InputError once more than MAX_FILE_BYTES came."""
    chunks: list[bytes] = []
    size = 0
    while True:
        chunk = handle.read(_CHUNK)
        if not chunk:
            return b"".join(chunks)
        size += len(chunk)
        if size > MAX_FILE_BYTES:
            raise InputError(
                f"{name}: more than {MAX_FILE_BYTES // (1 << 20)} MiB (byte {MAX_FILE_BYTES + 1}); "
                "passalive reads at most that much from one file or from standard input (see docs/limits.md)"
            )
        chunks.append(chunk)
