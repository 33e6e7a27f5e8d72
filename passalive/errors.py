"""Errors passalive reports to its users.

Every problem with the user's input is a `PassaliveError`; the CLI prints its
`format()` to stderr and exits with status 2, never with a traceback.  Errors
that point into a text carry a `Location`, so the message can name the file,
line and column and show the offending line with a caret under the column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


SHOWN_WIDTH = 120
"""Characters of the offending line an error shows (around the column)."""

QUOTED_WIDTH = 80
"""The most characters of a value a message quotes; longer ones are cut."""

_LONG_QUOTED = re.compile(r"'[^'\n]{%d,}'|\"[^\"\n]{%d,}\"|[0-9]{%d,}|\S{%d,}" % ((QUOTED_WIDTH + 1,) * 3 + (2 * QUOTED_WIDTH,)))


_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f]")
"""A control character but the line feed: shown as U+FFFD in an error, one column as the caret counts, so that
a file's escape sequences, NUL or BEL never reach the user's terminal (see `passalive.output.terminal_text`)."""


def clip_values(message: str) -> str:
    """`message` with every quoted value (and every number or word) longer than
    QUOTED_WIDTH cut to its start and its length: a 5,000-digit number in the
    input must not fill the terminal."""

    def cut(match: re.Match[str]) -> str:
        text = match.group()
        quote = text[0] if text[0] in "'\"" else ""
        inner = text[1:-1] if quote else text
        return f"{quote}{inner[:QUOTED_WIDTH]}…{quote} ({len(inner)} characters)"

    return _LONG_QUOTED.sub(cut, message)


LINE_BREAK = re.compile(r"\r\n|\r|\n")
"""What ends a line in every reader: `\\n`, `\\r\\n` or `\\r`, as editors and
`file:line` tools count them -- never a form feed, a vertical tab or U+2028,
which `str.splitlines` would also count (and so report a later line)."""


def split_lines(text: str) -> list[str]:
    """The lines of a text, split at `\\n`, `\\r\\n` and `\\r` only (see LINE_BREAK);
    like `str.splitlines`, a break at the very end starts no further line."""
    lines = LINE_BREAK.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def line_starts(text: str) -> list[int]:
    """Where every line of a text starts (the first at 0), lines ended as LINE_BREAK says."""
    return [0, *(m.end() for m in LINE_BREAK.finditer(text))]


@dataclass(frozen=True)
class Location:
    """A place in an input text: 1-based line and column, and the line itself."""

    path: str
    line: int
    column: int
    source_line: str = ""

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


class PassaliveError(Exception):
    """Base class of every error caused by the user's input or request."""

    def __init__(self, message: str, location: Location | None = None) -> None:
        message = clip_values(message)
        super().__init__(message)
        self.message = message
        self.location = location

    def format(self) -> str:
        """The message as the CLI prints it: `file:line:col: message`, the line, a caret."""
        if self.location is None:
            return _CONTROL.sub("\ufffd", f"error: {self.message}")
        loc = self.location
        text = f"{loc}: error: {self.message}"
        if loc.source_line:
            line = loc.source_line.rstrip("\n").expandtabs(1)
            column = max(loc.column - 1, 0)
            if len(line) > SHOWN_WIDTH:  # a window around the column, not a screenful of one line
                start = max(0, min(column - SHOWN_WIDTH // 2, len(line) - SHOWN_WIDTH))
                line = ("…" if start else "") + line[start : start + SHOWN_WIDTH] + ("…" if start + SHOWN_WIDTH < len(line) else "")
                column -= start - (1 if start else 0)
            text += f"\n    {line}\n    {' ' * column}^"
        return _CONTROL.sub("\ufffd", text)

    def __str__(self) -> str:
        return self.format()


class InputError(PassaliveError):
    """Malformed input: a diagram, an SGF file, a rule program, a point name."""


class IllegalPositionError(PassaliveError):
    """A position that cannot arise in a game, e.g. a chain without liberties."""


class IllegalMoveError(PassaliveError):
    """A move the rules do not allow: on an occupied point, or a forbidden suicide."""


class BudgetError(PassaliveError):
    """A search that stopped at its budget (a default one or the user's) before
    it decided: the answer is *unknown*, never a guess (the message names the
    budget; docs/limits.md lists the defaults)."""


class OutputError(PassaliveError):
    """A file passalive writes could not be written (a full or read-only disk):
    the message names the file and the reason; what was written before stays whole."""


class UsageError(PassaliveError):
    """A request that does not make sense, e.g. a variant that refuses `--suicide`."""
