"""The limits passalive puts on its input, in one place (see docs/limits.md).

Every reader and command checks its input against these before it starts
work, so an oversized input is refused at once with a located message instead
of exhausting memory or running for minutes.
"""

from __future__ import annotations

MAX_SIDE = 52
"""The most points a board has along either side, in every input form (Sensei's
header allows board sizes 1 to 52; SGF's `SZ` allows 52 too)."""

MAX_POINTS = MAX_SIDE * MAX_SIDE
"""The most points of one board (a full 52x52 board)."""

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The most bytes read from one input file or from standard input (64 MiB)."""

MAX_BLOCK_LINES = 2_000
"""The most lines of one `$$` diagram (rows, links and extension lines); a wiki
diagram has a few dozen.  Checked before the block is parsed."""

MAX_MOVE_NUMBER = 1_000_000
"""The largest move number (`m<N>` in a Sensei header, a move in a title)."""

MAX_RULE_CONSTANT = 10**18
"""The largest integer constant of a rule program (about 2**60)."""

MAX_SCORE_VALUE = 10**6
"""The largest value of a SCORE line or of `score --captures`."""

MAX_RULE_NESTING = 100
"""The deepest nesting of terms in a rule program (unary minus, sums, parentheses)."""

MAX_INCLUDE_DEPTH = 32
"""The deepest chain of `.include`s in a rule program."""

MAX_GTP_LINE_BYTES = 64 * 1024
"""The longest command line `passalive gtp` reads (64 KiB); a longer line is
answered with an error and skipped to its end, never held in memory whole.
GTP commands are a few dozen bytes."""

MAX_GTP_KOMI = 10_000
"""The largest komi `passalive gtp` takes (in points, either sign): more than
a 52x52 board has points, so any real komi fits."""

DEFAULT_MAX_FACTS = 3_000_000
"""Default bound on the tuples a rule program may derive (`--max-facts`); a
19x19 casting-out derives about 57,000, a 52x52 one about 1,500,000."""

DEFAULT_RULE_SECONDS = 8.0
"""Default bound on the time of one run of a rule program (`--max-rule-seconds`);
a dense 52x52 board takes about 3 s on the bundled programs."""

DEFAULT_CSP_SECONDS = 10.0
"""Default bound on the time of the constraint search of the variant `definition`
(per colour of a diagram); past it the answer is unknown (`BudgetError`).  The
search is exponential in the worst case: lattice-like 11x11-19x19 positions ran
past 30 s without a bound."""

RULE_PROGRAM_MAX_POINTS = {"static-safety": 31 * 31}
"""The largest boards (in points) on which a bundled rule program answers within
the default budgets (`--max-facts`, `--max-rule-seconds`) on every board
measured; on a larger one the rule engine refuses that variant at once, with
the reason (the direct engine answers everywhere).  `static-safety.dl` builds,
for every chain and pair of its regions, the points of their area: a 37x37
lattice of walls and one-point eyes takes 9 s, a 52x52 one more than 3,000,000
tuples."""


def board_size_problem(width: int, height: int) -> str | None:
    """Why a width x height board is beyond the limits, or None when it is not."""
    if width > MAX_SIDE or height > MAX_SIDE:
        return f"a {width}x{height} board is larger than passalive reads (at most {MAX_SIDE} points a side)"
    return None


MAX_ENGINE_LINE_BYTES = 8 * 1024 * 1024
"""The longest query line `passalive engine` reads (8 MiB); a longer line is
answered with an error and skipped to its end, never held in memory whole.  A
query of 100,000 moves is about 1.3 MB."""

MAX_ENGINE_MOVES = 100_000
"""The most moves (passes included) of one `passalive engine` query; the answers
of a query are written turn by turn as they are made, so only the query itself
is held."""

MAX_ENGINE_JOBS = 64
"""The most worker processes of `passalive engine --jobs`."""

ENGINE_QUERIES_PER_JOB = 2
"""Queries handed to each `passalive engine` worker before the reader waits:
at most jobs x this many lines are held in memory at once."""

MAX_ENGINE_VERIFY_SECONDS = 60.0
"""The most seconds one analysed turn of an engine query may give the oracle
(`verify`: {"seconds": ...}); past them a chain is *unknown*."""

MAX_ENGINE_KOMI = 1_000.0
"""The largest komi (either sign) an engine query takes."""
