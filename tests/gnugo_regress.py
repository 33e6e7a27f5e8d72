"""GNU Go's regression files (`.tst`) run against any GTP engine, judged as GNU Go's own scripts judge them.

    python tests/gnugo_regress.py tests/data/gnugo-regression/unconditional.tst -- passalive gtp
    python tests/gnugo_regress.py tests/data/gnugo-regression/unconditional.tst -- gnugo --quiet --mode gtp

GNU Go's `regression/regress.sh` changes into the folder of the `.tst` file
(its `loadsgf` lines name games relative to it), feeds the whole file to the
engine's standard input, and `regress.awk` reads the answers.  This module
does the same, with the matching rules of `regress.awk` (read to learn them,
not copied):

* an answer counts when its first line is `=N text` or `?N text` (a number,
  then a space): the result of test N is `text`, so a failure `?N message`
  is a result like any other;
* in the `.tst` file, each `#? [pattern]` line is the expectation of the
  test whose number begins the last line before it that is not a `#?` line;
* the pattern is the text between `[` and the `]` that ends the line, which
  may be followed by `*` (a known failure: passing is "unexpected") or `&`
  (not judged); a leading `!` negates it; the rest is an extended regular
  expression that must match the whole result (`^pattern$`);
* fewer answers than expectations is a "possible crash".
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

_ANSWER = re.compile(r"^[=?]([0-9]+) (.*)$")


@dataclass(frozen=True)
class Expectation:
    """One `#? [...]` line: the pattern, and its flags."""

    pattern: str
    negate: bool = False
    known_failure: bool = False
    ignored: bool = False

    def matches(self, result: str) -> bool:
        """Whether `result` passes (the regular expression anchored at both ends, negated by `!`)."""
        found = re.search(f"^{self.pattern}$", result) is not None
        return found != self.negate


@dataclass(frozen=True)
class Outcome:
    """The result of one numbered test."""

    number: str
    expected: Expectation
    """Its `#?` line's; a test without one is expected to answer nothing (as in `regress.awk`)."""
    result: str

    @property
    def passed(self) -> bool:
        return self.expected.matches(self.result)

    @property
    def unexpected(self) -> bool:
        """A failure not marked `*`, or a pass of a test marked `*` (ignored tests are never unexpected)."""
        if self.expected.ignored:
            return False
        return self.passed == self.expected.known_failure


def expectation(text: str) -> Expectation:
    """A `#?` line's expectation, e.g. `#? [alive]`, `#? [!dead]*`, `#? [A1|B2]&`."""
    body = re.sub(r"^#\? *", "", text.rstrip("\r\n"))
    ignored, known_failure = body.endswith("&"), body.endswith("*")
    pattern = re.sub(r"\][&*]*$", "", re.sub(r"^\[", "", body))
    negate = pattern.startswith("!")
    return Expectation(pattern[1:] if negate else pattern, negate, known_failure, ignored)


def expectations(tst: str) -> dict[str, Expectation]:
    """Every test number of a `.tst` text with its expectation (a later `#?` for the same number wins)."""
    found: dict[str, Expectation] = {}
    number = ""
    for line in tst.splitlines():
        if line.startswith("#?"):
            found[number] = expectation(line)
        else:
            fields = line.split()
            number = fields[0] if fields else ""
    return found


def answers(output: str) -> list[tuple[str, str]]:
    """(test number, result) of every answer whose first line is `=N text` or `?N text`, in order."""
    found = []
    for line in output.splitlines():
        match = _ANSWER.match(line.replace("\r", "", 1))
        if match:
            found.append((match.group(1), match.group(2)))
    return found


@dataclass(frozen=True)
class Run:
    """A whole `.tst` file against an engine."""

    outcomes: tuple[Outcome, ...]
    expected: int
    """How many `#?` lines the file has (more than `outcomes`: the engine stopped early)."""
    stderr: str

    @property
    def crashed(self) -> bool:
        return len(self.outcomes) != self.expected

    @property
    def unexpected(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.unexpected]

    def summary(self) -> str:
        """GNU Go's summary line, e.g. `673/673 passes. 0 unexpected passes, 0 unexpected failures`."""
        judged = [o for o in self.outcomes if not o.expected.ignored]
        passes = sum(1 for o in judged if o.passed)
        unexpected_passes = sum(1 for o in judged if o.passed and o.unexpected)
        unexpected_failures = sum(1 for o in judged if not o.passed and o.unexpected)
        crash = f"possible crash: expected {self.expected} results, got {len(self.outcomes)}. " if self.crashed else ""
        return (
            f"{crash}{passes}/{len(judged)} passes. {unexpected_passes} unexpected passes, "
            f"{unexpected_failures} unexpected failures"
        )


def run(tst: Path, engine: Sequence[str], timeout: float = 600) -> Run:
    """Feed the whole `.tst` file to `engine` from the file's folder and judge every answer."""
    text = tst.read_text(encoding="utf-8")
    done = subprocess.run(
        list(engine), input=text, capture_output=True, text=True, cwd=tst.parent, timeout=timeout
    )
    expected = expectations(text)
    outcomes = tuple(Outcome(number, expected.get(number, Expectation("")), result) for number, result in answers(done.stdout))
    return Run(outcomes, sum(1 for line in text.splitlines() if line.startswith("#?")), done.stderr)


def main(argv: Sequence[str]) -> int:
    """`gnugo_regress.py FILE.tst -- ENGINE ARGS...`: every unexpected result, then the summary; exit 1 on any."""
    if "--" not in argv or argv.index("--") != 1 or len(argv) < 3:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    outcome = run(Path(argv[0]).resolve(), argv[2:])
    for o in outcome.unexpected:
        want = ("!" if o.expected.negate else "") + o.expected.pattern
        state = "unexpected PASS" if o.passed else "unexpected FAIL"
        print(f"{o.number} {state}: correct '{want}', got '{o.result}'")
    print(outcome.summary())
    return 1 if outcome.unexpected or outcome.crashed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
