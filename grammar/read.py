"""Reading diagrams: from text or files, in any of the three input formats.

* Sensei's Library `$$` markup (`passalive.grammar.sensei`), the main format;
* plain boards of X/O/. (`passalive.grammar.plain`);
* SGF files (`passalive.grammar.sgf`).

`read_diagrams` picks the format by the file's extension (`.sgf`), else by its
content: any `$$` line means Sensei's markup, otherwise a plain board.
`iter_diagrams` yields them one at a time, so a command can print each
result before the next diagram is read.  A file is read up to
MAX_FILE_BYTES (docs/limits.md); beyond that it is refused, so `/dev/zero`
or gigabytes on standard input end in a message, not in exhausted memory.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator

from passalive.errors import InputError, Location, split_lines
from passalive.go.diagram import Diagram
from passalive.grammar.files import UTF16_MARKS
from passalive.grammar.files import read_input as read_input  # re-exported: the readers' front door reads through it

FORMATS = ("sensei", "plain", "sgf")
"""The input formats, as named by the `format` arguments."""


def detect_format(text: str, path: str = "<string>") -> str:
    """The format of a text: `sgf` by extension or a leading `(;`, `sensei`
    when any line starts with `$$`, else `plain`."""
    if path.lower().endswith(".sgf") or text.lstrip().startswith("(;"):
        return "sgf"
    return _detect_lines(split_lines(text))


def _detect_lines(lines: list[str]) -> str:
    from passalive.grammar.lines import is_diagram_line

    return "sensei" if any(is_diagram_line(line) for line in lines) else "plain"


def _prose_line(lines: list[str]) -> int | None:
    """The index of the first line of running text, if any: a word of three or more letters
    with a lower-case letter other than x and o (a plain board's rows are X/O/x/o/./+ and
    its coordinates capital letters)."""
    for index, line in enumerate(lines[:200]):
        for word in line.split():
            letters = word.strip(".,;:!?()'\"")
            if len(letters) >= 3 and letters.isalpha() and any(c.islower() and c not in "xo" for c in letters):
                return index
    return None


def parse_diagrams(
    text: str,
    path: str = "<string>",
    *,
    replay: bool = True,
    allow_illegal: bool = False,
    format: str | None = None,
    node: int | None = None,
    board_size: int | None = None,
) -> list[Diagram]:
    """Every diagram of a text, in order.

    `replay` plays the numbered moves onto the position without them (with
    captures); with False the board is the position as drawn.  A position
    with a chain without liberties raises IllegalPositionError unless
    `allow_illegal`.  `format` forces one of FORMATS (default: detected);
    `node` chooses the SGF node (default: the end of the main line).
    `board_size` places plain boards with coordinates on a board of that size
    (their sides are edges only where they reach it); `path` only names the
    text in error messages.
    """
    return list(
        iter_text(
            text, path, replay=replay, allow_illegal=allow_illegal, format=format, node=node, board_size=board_size
        )
    )


def iter_text(
    text: str,
    path: str,
    *,
    replay: bool,
    allow_illegal: bool,
    format: str | None,
    node: int | None,
    board_size: int | None = None,
) -> Iterator[Diagram]:
    """The diagrams of a text, one at a time, parsed as they are asked for (see `parse_diagrams`)."""
    if format is None and (path.lower().endswith(".sgf") or text.lstrip().startswith("(;")):
        format = "sgf"
    if format == "sgf":
        from passalive.grammar.sgf import read_sgf

        yield read_sgf(text.encode("utf-8"), path, node=node, allow_illegal=allow_illegal)
        return
    if format not in (None, "sensei", "plain"):
        raise InputError(f"unknown input format {format!r}; expected one of {', '.join(FORMATS)}")
    lines = split_lines(text)
    del text
    fmt = format or _detect_lines(lines)
    prose = _prose_line(lines) if format is None and fmt == "plain" else None
    if prose is not None:
        raise InputError(
            "no diagram found: no line starts with Sensei's $$ markup, and this is prose, not a plain board of X/O/. rows",
            Location(path, prose + 1, 1, lines[prose]),
        )
    if fmt == "sensei":
        from passalive.grammar.sensei import iter_sensei

        yield from iter_sensei(lines, path, replay=replay, allow_illegal=allow_illegal)
    else:
        from passalive.grammar.plain import iter_plain

        yield from iter_plain(lines, path, allow_illegal=allow_illegal, board_size=board_size)


def read_diagrams(
    path: str | os.PathLike[str],
    *,
    replay: bool = True,
    allow_illegal: bool = False,
    format: str | None = None,
    node: int | None = None,
    board_size: int | None = None,
) -> list[Diagram]:
    """Every diagram of a file (see `parse_diagrams`); `-` reads standard input.
    A file without any diagram is an InputError."""
    return list(
        iter_diagrams(
            path, replay=replay, allow_illegal=allow_illegal, format=format, node=node, board_size=board_size
        )
    )


def iter_diagrams(
    path: str | os.PathLike[str],
    *,
    replay: bool = True,
    allow_illegal: bool = False,
    format: str | None = None,
    node: int | None = None,
    board_size: int | None = None,
) -> Iterator[Diagram]:
    """The diagrams of a file one at a time, read as they are asked for (see
    `read_diagrams`): a command streams its output, and a file of thousands of
    diagrams never holds more than one of them.  A file without any diagram
    is an InputError (raised when the end is reached)."""
    name, data, skipped = read_input(path)
    fmt = format or ("sgf" if name.lower().endswith(".sgf") else None)
    if fmt == "sgf" or (fmt is None and looks_like_sgf(data)):
        from passalive.grammar.sgf import read_sgf

        yield read_sgf(data, name, node=node, allow_illegal=allow_illegal)
        return
    text = decode_text(data, name, skipped)
    del data
    count = 0
    for diagram in iter_text(
        text, name, replay=replay, allow_illegal=allow_illegal, format=fmt, node=node, board_size=board_size
    ):
        count += 1
        yield diagram
    if not count:
        raise InputError(
            f"{name}: no diagram in this file; expected Sensei's $$ markup, a plain board of X/O/. rows or SGF"
        )


_SGF_START = re.compile(rb"[ \t\n\r\f\v]*\(;")


def looks_like_sgf(data: bytes) -> bool:
    """Whether a file's bytes start (after white space) with `(;`, without a copy of them."""
    return _SGF_START.match(data) is not None


def decode_text(data: bytes, name: str, skipped: int = 0) -> str:
    """`data` as UTF-8 text; an InputError at the line and column (and byte,
    counted in the file, `skipped` bytes before `data`) of the first byte
    that is not UTF-8."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        start = error.start
        line_start = data.rfind(b"\n", 0, start) + 1
        line_end = data.find(b"\n", start)
        line = data.count(b"\n", 0, start) + 1
        prefix = data[line_start:start].decode("utf-8", errors="replace")
        source = data[line_start : line_end if line_end >= 0 else len(data)][:1000].decode("utf-8", errors="replace")
        utf16 = skipped == 0 and data.startswith(UTF16_MARKS)
        hint = " (this file is UTF-16, from its byte-order mark: save it as UTF-8)" if utf16 else ""
        raise InputError(
            f"not UTF-8 text (byte {skipped + start + 1}); expected a diagram file{hint}",
            Location(name, line, len(prefix) + 1, source),
        ) from None
