"""Reading diagrams: from text or files, in any of the three input formats.

* Sensei's Library `$$` markup (`passalive.grammar.sensei`), the main format;
* plain boards of X/O/. (`passalive.grammar.plain`);
* SGF files (`passalive.grammar.sgf`).

`read_diagrams` picks the format by the file's extension (`.sgf`), else by its
content: any `$$` line means Sensei's markup, otherwise a plain board.
"""

from __future__ import annotations

import codecs
import os
from pathlib import Path

from passalive.go.diagram import Diagram
from passalive.errors import InputError

FORMATS = ("sensei", "plain", "sgf")
"""The input formats, as named by the `format` arguments."""


def detect_format(text: str, path: str = "<string>") -> str:
    """The format of a text: `sgf` by extension or a leading `(;`, `sensei`
    when any line starts with `$$`, else `plain`."""
    if path.lower().endswith(".sgf") or text.lstrip().startswith("(;"):
        return "sgf"
    from passalive.grammar.sensei import is_diagram_line

    if any(is_diagram_line(line) for line in text.splitlines()):
        return "sensei"
    return "plain"


def parse_diagrams(
    text: str,
    path: str = "<string>",
    *,
    replay: bool = True,
    allow_illegal: bool = False,
    format: str | None = None,
    node: int | None = None,
) -> list[Diagram]:
    """Every diagram of a text, in order.

    `replay` plays the numbered moves onto the position without them (with
    captures); with False the board is the position as drawn.  A position
    with a chain without liberties raises IllegalPositionError unless
    `allow_illegal`.  `format` forces one of FORMATS (default: detected);
    `node` chooses the SGF node (default: the end of the main line).
    `path` only names the text in error messages.
    """
    fmt = format or detect_format(text, path)
    if fmt == "sensei":
        from passalive.grammar.sensei import read_sensei

        return read_sensei(text, path, replay=replay, allow_illegal=allow_illegal)
    if fmt == "plain":
        from passalive.grammar.plain import read_plain

        return read_plain(text, path, allow_illegal=allow_illegal)
    if fmt == "sgf":
        from passalive.grammar.sgf import read_sgf

        return [read_sgf(text.encode("utf-8"), path, node=node, allow_illegal=allow_illegal)]
    raise InputError(f"unknown input format {fmt!r}; expected one of {', '.join(FORMATS)}")


def read_diagrams(
    path: str | os.PathLike[str],
    *,
    replay: bool = True,
    allow_illegal: bool = False,
    format: str | None = None,
    node: int | None = None,
) -> list[Diagram]:
    """Every diagram of a file (see `parse_diagrams`); `-` reads standard input.
    A file without any diagram is an InputError."""
    name = os.fspath(path)
    try:
        if name == "-":
            import sys

            name = "<stdin>"
            data = sys.stdin.buffer.read()
        else:
            data = Path(name).read_bytes()
    except FileNotFoundError:
        raise InputError(f"{name}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{name}: is a directory, not a diagram file") from None
    except OSError as error:
        raise InputError(f"{name}: cannot read: {error.strerror}") from None
    bom = codecs.BOM_UTF8 if data.startswith(codecs.BOM_UTF8) else b""  # Windows editors write one
    data = data[len(bom) :]
    fmt = format or ("sgf" if name.lower().endswith(".sgf") else None)
    if fmt == "sgf" or (fmt is None and data.lstrip().startswith(b"(;")):
        from passalive.grammar.sgf import read_sgf

        return [read_sgf(data, name, node=node, allow_illegal=allow_illegal)]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InputError(f"{name}: not UTF-8 text (byte {len(bom) + error.start + 1}); expected a diagram file") from None
    return _some(parse_diagrams(text, name, replay=replay, allow_illegal=allow_illegal, format=fmt, node=node), name)


def _some(diagrams: list[Diagram], name: str) -> list[Diagram]:
    """The diagrams of a file, or an InputError when it holds none: an empty
    file must not pass for a file whose diagrams gave no findings."""
    if not diagrams:
        raise InputError(
            f"{name}: no diagram in this file; expected Sensei's $$ markup, a plain board of X/O/. rows or SGF"
        )
    return diagrams
