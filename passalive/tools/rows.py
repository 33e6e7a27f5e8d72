"""The rows of `passalive check`: one checked claim and its outcome.

Its own module so that the checker (`check`) and the status rows
(`status_check`), which the checker calls, both build rows without
importing each other.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from passalive.go.suicide import Suicide


class Status(enum.Enum):
    """The outcome of one row of a check."""

    OK = "ok"
    FAIL = "FAIL"
    UNKNOWN = "unknown"


@dataclass(frozen=True)
class Row:
    """One checked claim: a variant's verdict on one EXPECT line, a CAPTURE line,
    the verification of an EXPECT line against the game, or an EYES, PATH or
    SCORE claim.

    `kind` is `expect`, `capture`, `verify`, `eyes`, `path` or `score`;
    `variant` the variant name (for `capture`, the word `capture`; for
    `verify`, the line's variants; `eyes:paths` for the eye tester's variant
    `paths`; `score`); `suicide` the suicide rule, None for the eye and score
    rows, which have none; `expected` and `got` are what the table shows, e.g.
    `black A6 A3; white none`; `message` says why a row failed or is unknown.
    """

    path: str
    number: int
    title: str
    line: int
    kind: str
    variant: str
    suicide: Suicide | None
    expected: str
    got: str
    status: Status
    message: str = ""
    seconds: float = 0.0

    @property
    def diagram(self) -> str:
        """The diagram as the table names it: `#N title`."""
        return f"#{self.number} {self.title}".rstrip()
