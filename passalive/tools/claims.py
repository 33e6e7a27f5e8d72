"""The outcome of checking one claim of an extension line, shared by the checkers.

The eye tester (`{EYES}`, `{PATH}` lines, `passalive.tools.eyes`) and the scorer
(`{SCORE}` lines, `passalive.tools.score`) each compare a diagram's claims with
their own results.  Two front ends read those comparisons: the modules' own
`--check` options (`passalive eyes --check`, `passalive score --check`), which
print the problems, and `passalive check`, which shows one table row per
claim next to the EXPECT and CAPTURE rows.  `ClaimResult` is what both read,
so the comparison itself is written once, in the module that owns the claim.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from passalive.errors import Location


@dataclass(frozen=True)
class ClaimResult:
    """One claim compared with what passalive computes.

    `kind` is the claim's word in lower case (`eyes`, `path`, `score`);
    `variant` names what was run, as `passalive check --variant` selects it
    (`eyes:paths`, `score`); `expected` and `got` are short texts for a table
    (`real D4; false none`); `problems` say what differs, each a sentence
    (empty: the claim holds).
    """

    location: Location
    kind: str
    variant: str
    expected: str
    got: str
    problems: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """Whether the claim holds."""
        return not self.problems

    def messages(self) -> list[str]:
        """The problems, each prefixed with the claim's `file:line:col`."""
        return [f"{self.location}: {p}" for p in self.problems]


def problem_messages(results: Iterable[ClaimResult]) -> list[str]:
    """Every problem of the results, located (what the `--check` options print)."""
    return [m for r in results for m in r.messages()]
