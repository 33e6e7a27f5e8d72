"""Regression checks of wiki diagrams: every `{EXPECT ...}` and `{CAPTURE ...}` line.

A Go wiki page claims verdicts under its diagrams ("the white chain is
unconditionally alive", "not safe if suicide allowed").  The corpus in
`examples/` keeps each claim next to its diagram in passalive's extension
lines, and `check` runs them all, the way a test suite does:

* `{EXPECT variant=V,... [suicide=R] black=P,...|none white=...}`: under each
  variant V and suicide rule R, the pass-alive chains of each listed colour
  must be exactly the chains through the listed points.  The variant `truth`
  is the game itself: the chains no attacker sequence captures while their
  owner passes, settled by the oracle of the game's truth
  (`passalive.solver.oracle`: searches, the Z3 complete check and, with
  suicide legal, the two-region certificate); a chain it cannot settle in
  time makes the row *unknown*, never ok or failed.
* `{CAPTURE by=C [suicide=R] moves=P,Q,pass,...}`: the attacker C plays these
  moves (the owner passes throughout) by the rules of the solver's move
  simulator, every move must be legal, and at least one stone of the other
  colour must be captured along the way.
* `{EYES ...}`, `{PATH ...}` (the instant eye tester, `passalive.tools.eyes`) and
  `{SCORE ...}` (seki-aware scoring, `passalive.tools.score`): each module checks
  its own lines (`claim_results`); a row per EYES variant (named
  `eyes:VARIANT`), PATH line (`eyes:VARIANT` of its paths) and SCORE line
  (`score`).  These rows have no suicide rule.
* With `verify`, every EXPECT line of a variant other than `truth` is also
  compared with the game: the listed chains must be the ones the oracle
  proves alive.  A variant known to err (say `knechtel` on a big eye) is no
  failure when the same diagram records the game's answer in a `truth` line
  for the same suicide rule and colour: the corpus then documents the
  disagreement instead of hiding it, and the truth line itself is checked.

Everything is a pure function of the diagrams and the options, except the
memo of the oracle's answers (`truth_oracle`), which lives as long as one run.

Over 600 lines: every kind of extension line is checked here against the one row format
(`passalive.tools.rows`), so that `check` reports them all alike.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.tools.claims import ClaimResult
from passalive.go.diagram import Diagram
from passalive.go.markup import CaptureClaim, Expectation
from passalive.errors import BudgetError, InputError, PassaliveError, UsageError
from passalive.go.suicide import Suicide
from passalive.grammar.files import STDIN_NAME
from passalive.solver.oracle import Answer, Budget, Oracle
from passalive.tools.rows import Row as Row, Status as Status  # re-exported: the check's API

if TYPE_CHECKING:
    from passalive.definitions.analysis import Analysis

TRUTH = "truth"
"""The variant name that means the game-level verdict from the solver."""

EYES = "eyes"
"""Selects every eye-tester row (`eyes:VARIANT` selects one variant's)."""

SCORE = "score"
"""The variant name of the SCORE rows."""

CAPTURE = "capture"
"""The variant name of the CAPTURE rows."""

DEFAULT_TIMEOUT = 20.0
"""Seconds the oracle may spend on one diagram, colour and suicide rule."""


@dataclass(frozen=True)
class DiagramResult:
    """The rows of one diagram, with the diagram itself (for the failure report)."""

    path: str
    number: int
    diagram: Diagram
    rows: tuple[Row, ...]
    notes: tuple[str, ...] = ()
    """Explanations for failed rows (why the variant decided as it did)."""

    @property
    def failed(self) -> bool:
        """Whether any row of the diagram failed."""
        return any(r.status is Status.FAIL for r in self.rows)


@dataclass(frozen=True)
class FileError:
    """A file `check_paths(..., keep_going=True)` left out, and why."""

    path: str
    error: PassaliveError


@dataclass(frozen=True)
class Report:
    """Every diagram's rows, in the order of the files and diagrams."""

    diagrams: tuple[DiagramResult, ...]
    files: tuple[str, ...]
    """The files checked, as `shown_name` names them (standard input: `<stdin>`)."""
    errors: tuple[FileError, ...] = ()
    """The files that could not be read or checked (`check_paths(..., keep_going=True)`); those
    files have no rows."""

    def holds(self, path: str) -> bool:
        """Whether `path` is one of the files checked (an output there would overwrite it)."""
        return os.path.realpath(path) in {os.path.realpath(f) for f in self.files if f != STDIN_NAME}

    @property
    def rows(self) -> tuple[Row, ...]:
        """All rows in order."""
        return tuple(r for d in self.diagrams for r in d.rows)

    def count(self, status: Status) -> int:
        """How many rows have this status."""
        return sum(1 for r in self.rows if r.status is status)

    @property
    def ok(self) -> bool:
        """No row failed (unknown rows do not fail)."""
        return self.count(Status.FAIL) == 0


# ------------------------------------------------------------------ the game


def truth_oracle(timeout: float | None = DEFAULT_TIMEOUT) -> Oracle:
    """The oracle of the game's truth for a run of checks: every strategy of
    `passalive.solver.oracle`, `timeout` seconds per diagram, colour and
    suicide rule, each answer remembered for the run."""
    return Oracle(Budget(seconds=timeout))


def _within(oracle: Oracle) -> str:
    """`within 20 s`: the time limit an unsettled row ran out of."""
    seconds = oracle.budget.seconds
    return "without a time limit" if seconds is None else f"within {seconds:g} s"


# ---------------------------------------------------------------- the check


def known_variants() -> tuple[str, ...]:
    """The names an EXPECT line may use: the analysis variants and `truth`."""
    from passalive.definitions.analysis import VARIANTS

    return (*VARIANTS, TRUTH)


def collect_files(paths: Sequence[str]) -> list[str]:
    """The diagram files to check: files as given, folders searched recursively.

    In a folder, every `.txt` file holding Sensei's `$$` markup is taken (in
    sorted order); other files are skipped, so a folder may hold prose and
    data besides the corpus.  A path that does not exist is an InputError.
    """
    from passalive.grammar.files import UTF16_MARKS
    from passalive.grammar.read import detect_format

    files: list[str] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            for candidate in sorted(path.rglob("*.txt")):
                try:
                    data = candidate.read_bytes()
                except OSError:
                    continue
                try:
                    text = data.decode("utf-8")
                except UnicodeDecodeError:
                    # Not UTF-8: prose in another encoding is passed over, but a page of diagrams saved
                    # as UTF-16 (Notepad's "Unicode") is taken, so that its error says so, not nothing.
                    text = data.decode("utf-16", errors="replace") if data.startswith(UTF16_MARKS) else ""
                if detect_format(text, str(candidate)) == "sensei":
                    files.append(str(candidate))
        elif path.exists() or name == "-":
            files.append(name)
        else:
            raise InputError(f"{name}: no such file or folder")
    return files


def check_paths(
    paths: Sequence[str],
    *,
    variants: Iterable[str] | None = None,
    verify: bool = False,
    timeout: float = DEFAULT_TIMEOUT,
    engine: str = "direct",
    progress: Callable[[str], None] | None = None,
    keep_going: bool = False,
) -> Report:
    """Check every diagram of the files and folders given (see `check_diagram`).

    With `keep_going`, a file that cannot be read or holds a bad claim is left
    out whole (none of its rows) and its error kept in the report's `errors`,
    so that one typo in a corpus of pages does not hide the others' results;
    without it the first such error is raised."""
    from passalive.grammar.read import read_diagrams

    selected = _selection(variants)
    oracle = truth_oracle(timeout)
    files = collect_files(paths)
    results: list[DiagramResult] = []
    errors: list[FileError] = []
    for path in files:
        name = shown_name(path)
        done: list[DiagramResult] = []
        try:
            for number, diagram in enumerate(read_diagrams(path), start=1):
                if progress is not None:
                    progress(f"{name} #{number} {diagram.title}")
                done.append(
                    check_diagram(diagram, name, number, variants=selected, verify=verify, oracle=oracle, engine=engine)
                )
        except PassaliveError as error:  # unreadable, an illegal position, a bad claim
            if not keep_going:
                raise
            errors.append(FileError(name, error))
            continue
        results.extend(done)
    return Report(tuple(results), tuple(shown_name(path) for path in files), tuple(errors))


def shown_name(path: str) -> str:
    """A checked file's name in the report: standard input (`-`) is `<stdin>`, as the reading
    commands and every error call it, and a file really named `<stdin>` is `./<stdin>`, so that
    `STDIN_NAME` in a report always means standard input (no link, not a file to overwrite)."""
    return STDIN_NAME if path == "-" else f"./{path}" if path == STDIN_NAME else path


def check_diagram(
    diagram: Diagram,
    path: str = "<string>",
    number: int = 1,
    *,
    variants: Iterable[str] | None = None,
    verify: bool = False,
    oracle: Oracle | None = None,
    engine: str = "direct",
) -> DiagramResult:
    """Check one diagram's EXPECT, CAPTURE, EYES, PATH and SCORE lines.

    `variants` limits the checks to those names (default: all; see
    `selectable_names`); `verify` adds a comparison of each EXPECT line with the
    game; `oracle` answers (and remembers) the game questions; `engine` is
    `direct` or `rules` (the rule programs of `rules/`, for the variants that
    have one; the others run directly).
    Raises InputError, located at the line, for an EXPECT line naming an
    unknown variant, a variant used with a suicide rule it is not defined
    for, or a point that is not a stone of the colour it is listed under.
    """
    selected = _selection(variants)
    oracle = oracle if oracle is not None else truth_oracle()
    board = diagram.board
    rows: list[Row] = []
    notes: list[str] = []
    names = _known_names()
    for exp in diagram.expectations:
        expected = _expected_chains(board, exp)
        for variant in exp.variants:
            if variant not in names:
                raise InputError(
                    f"EXPECT: unknown variant {variant!r}; known: {', '.join(names)}", exp.location
                )
            if selected is not None and variant not in selected:
                continue
            row, note = _check_expectation(diagram, path, number, exp, variant, expected, oracle, engine)
            rows.append(row)
            if note:
                notes.append(note)
        # a claim of safety under alternating play (static-safety) is not a pass-alive claim:
        # `verify --alternating` checks those
        if verify and any(
            v != TRUTH and verdict_word(v) == "pass-alive" and (selected is None or v in selected) for v in exp.variants
        ):
            rows.append(_verify_expectation(diagram, path, number, exp, expected, oracle))
        if exp.territory is not None and (selected is None or "status" in selected):
            from passalive.tools.status_check import check_statuses

            rows.append(check_statuses(diagram, path, number, exp, engine))
    if selected is None or CAPTURE in selected:
        for claim in diagram.captures:
            rows.append(_check_capture(diagram, path, number, claim))
    rows += _claim_rows(diagram, path, number, selected)
    return DiagramResult(path, number, diagram, tuple(rows), tuple(notes))


def _selection(variants: Iterable[str] | None) -> frozenset[str] | None:
    """The variant names asked for (None: all), each checked to exist."""
    if variants is None:
        return None
    chosen = frozenset(variants)
    if not chosen:
        return None
    names = selectable_names()
    for name in sorted(chosen):
        if name not in names:
            raise UsageError(f"unknown variant {name!r}; known: {', '.join(names)}")
    return chosen


def _known_names() -> tuple[str, ...]:
    return known_variants()


def selectable_names() -> tuple[str, ...]:
    """What `variants` may select: the EXPECT variants, `capture`, `eyes` (all
    eye-tester rows), `eyes:VARIANT` for each eye-tester variant, and `score`."""
    from passalive.tools.eyes import VARIANTS as EYE_VARIANTS

    return (*known_variants(), CAPTURE, EYES, *(f"{EYES}:{v}" for v in EYE_VARIANTS), SCORE, "status")


def _selects(selected: frozenset[str] | None, variant: str) -> bool:
    """Whether a claim row of this variant name is selected (`eyes` takes every `eyes:...`)."""
    if selected is None or variant in selected:
        return True
    return variant.startswith(EYES + ":") and EYES in selected


def _claim_rows(diagram: Diagram, path: str, number: int, selected: frozenset[str] | None) -> list[Row]:
    """The rows of the diagram's EYES, PATH and SCORE lines, in line order.

    The comparison is the modules' own (`passalive.tools.eyes.check_annotation`,
    `passalive.tools.score.check_annotation`); a module is not run when nothing of
    it is selected.  A line naming several eye variants gives one row each;
    the time of the line is shared among them.
    """
    from passalive.tools import eyes, score

    want_eyes = selected is None or any(n == EYES or n.startswith(EYES + ":") for n in selected)
    want_score = _selects(selected, SCORE)
    rows: list[Row] = []
    for annotation in diagram.annotations:
        started = time.monotonic()
        results: tuple[ClaimResult, ...]
        if annotation.word in eyes.CLAIM_WORDS and want_eyes:
            results = eyes.check_annotation(annotation, diagram.board)
        elif annotation.word == "SCORE" and want_score:
            results = (score.check_annotation(annotation, diagram.board),)
        else:
            continue
        seconds = (time.monotonic() - started) / max(len(results), 1)
        for result in results:
            if _selects(selected, result.variant):
                rows.append(
                    Row(
                        path,
                        number,
                        diagram.title,
                        result.location.line,
                        result.kind,
                        result.variant,
                        None,
                        result.expected,
                        result.got,
                        Status.OK if result.ok else Status.FAIL,
                        "; ".join(result.problems),
                        seconds,
                    )
                )
    return rows


def _expected_chains(board: Board, exp: Expectation) -> dict[Colour, tuple[tuple[int, int], ...]]:
    """For each checked colour, the listed (point, chain index) pairs, in the line's order."""
    result: dict[Colour, tuple[tuple[int, int], ...]] = {}
    for colour in STONE_COLOURS:
        points = exp.points(colour)
        if points is None:
            continue
        pairs: list[tuple[int, int]] = []
        for p in sorted(points, key=lambda q: _reading(board, q)):
            chain = board.chain_at[p]
            if chain is None or board.chains[chain].colour is not colour:
                what = "an empty point" if chain is None else f"a {board.chains[chain].colour.value} stone"
                raise InputError(
                    f"EXPECT: {board.name(p)} is listed under {colour.value}= but is {what}", exp.location
                )
            pairs.append((p, chain))
        result[colour] = tuple(pairs)
    return result


def _reading(board: Board, p: int) -> tuple[int, int, int]:
    coord = board.points[p].coord
    return (coord[1], coord[0], p) if coord is not None else (1 << 30, 0, p)


def _label(board: Board, chain: int, listed: Sequence[tuple[int, int]]) -> str:
    """A chain's name: the point the EXPECT line lists for it, else its first stone."""
    for p, c in listed:
        if c == chain:
            return board.name(p)
    return board.names(board.chains[chain].points)[0]


def _describe(board: Board, chains: Iterable[int], listed: Sequence[tuple[int, int]]) -> str:
    ordered = sorted(set(chains), key=lambda c: min(_reading(board, p) for p in board.chains[c].points))
    return " ".join(_label(board, c, listed) for c in ordered) or "none"


def _sides(
    board: Board,
    sets: dict[Colour, Iterable[int]],
    expected: dict[Colour, tuple[tuple[int, int], ...]],
    unknown: dict[Colour, frozenset[int]] | None = None,
) -> str:
    """`black A6 A3; white none`: the chains of each checked colour; chains
    the solver left unsettled follow with a question mark (`A6?`)."""
    parts = []
    for colour in STONE_COLOURS:
        if colour in expected:
            text = _describe(board, sets.get(colour, ()), expected[colour])
            open_chains = (unknown or {}).get(colour, frozenset())
            if open_chains:
                undecided = _describe(board, open_chains, expected[colour]).replace(" ", "? ") + "?"
                text = undecided if text == "none" else f"{text} {undecided}"
            parts.append(f"{colour.value} {text}")
    return "; ".join(parts)


def _check_expectation(
    diagram: Diagram,
    path: str,
    number: int,
    exp: Expectation,
    variant: str,
    expected: dict[Colour, tuple[tuple[int, int], ...]],
    oracle: Oracle,
    engine: str = "direct",
) -> tuple[Row, str]:
    """One variant's verdict on one EXPECT line, and an explanation if it fails."""
    board = diagram.board
    started = time.monotonic()
    want = {c: frozenset(chain for _, chain in pairs) for c, pairs in expected.items()}
    got: dict[Colour, Iterable[int]] = {}
    unsettled: dict[Colour, frozenset[int]] = {}
    message = ""
    status = Status.OK
    note = ""
    if variant == TRUTH:
        unknown_parts = []
        for colour in expected:
            truth = oracle.decide(board, colour, exp.suicide)
            decided_wrong = (truth.alive - want[colour]) | (frozenset(truth.captured) & want[colour])
            if decided_wrong:
                status = Status.FAIL
                message = _truth_message(board, colour, decided_wrong, truth, expected[colour])
            elif truth.unknown and status is Status.OK:
                status = Status.UNKNOWN
                unknown_parts.append(
                    f"{colour.value} {_describe(board, truth.unknown, expected[colour])} not settled "
                    f"{_within(oracle)}"
                )
            got[colour] = truth.alive
            unsettled[colour] = truth.unknown
        if status is Status.UNKNOWN:
            message = "; ".join(unknown_parts)
    else:
        from passalive.definitions.analysis import VARIANTS, analyse

        use = engine if VARIANTS[variant].program is not None else "direct"
        try:
            analysis: Analysis | None = analyse(board, variant, exp.suicide, engine=use)
        except BudgetError as unknown:  # a search stopped at its budget: this verdict is unknown, never a guess
            analysis, status, message = None, Status.UNKNOWN, unknown.message
        except UsageError as error:
            raise InputError(f"EXPECT: {error.message}", exp.location) from None
        for colour in expected if analysis is not None else ():
            assert analysis is not None  # (the loop runs only then)
            alive = analysis.alive(colour)
            got[colour] = alive
            if alive != want[colour]:
                status = Status.FAIL
                wrong = alive ^ want[colour]
                message = f"{colour.value}: expected {_describe(board, want[colour], expected[colour])}, got {_describe(board, alive, expected[colour])}"
                explained = []
                for chain in sorted(wrong):
                    try:
                        explained.append(analysis.explain(chain))
                    except Exception:  # pragma: no cover - an explanation must never hide the failure
                        break
                if explained:
                    note = f"{variant}, suicide={exp.suicide.value}:\n" + "\n".join(explained)
    row = Row(
        path,
        number,
        diagram.title,
        exp.location.line,
        "expect",
        variant,
        exp.suicide,
        _sides(board, dict(want), expected),
        _sides(board, got, expected, unsettled),
        status,
        message,
        time.monotonic() - started,
    )
    return row, note


def _truth_message(
    board: Board, colour: Colour, wrong: frozenset[int], truth: Answer, listed: Sequence[tuple[int, int]]
) -> str:
    """Why the game disagrees with an expected set: proofs and replayed captures."""
    parts = []
    for chain in sorted(wrong):
        label = _label(board, chain, listed)
        if chain in truth.alive:
            parts.append(f"{colour.value} {label} is proven pass-alive")
        else:
            moves = " ".join(_move_name(board, m) for m in truth.captured[chain])
            parts.append(f"{colour.value} {label} is captured by {colour.opponent.value}: {moves}")
    return "; ".join(parts)


def _move_name(board: Board, move: int | None) -> str:
    """A witness move's name; the solver's virtual points beyond an open side
    of a cut-out have none on the board."""
    if move is None:
        return "pass"
    if 0 <= move < len(board.points):
        return board.name(move)
    return "(beyond the cut)"


def verdict_word(variant: str) -> str:
    """`pass-alive`, or what a variant that makes another kind of claim calls it (`safe`)."""
    from passalive.definitions.variants import verdict_word as word

    return word(variant)


def _verify_expectation(
    diagram: Diagram,
    path: str,
    number: int,
    exp: Expectation,
    expected: dict[Colour, tuple[tuple[int, int], ...]],
    oracle: Oracle,
) -> Row:
    """Compare an EXPECT line with the game: confirmed, recorded disagreement, or failure."""
    board = diagram.board
    started = time.monotonic()
    want = {c: frozenset(chain for _, chain in pairs) for c, pairs in expected.items()}
    got: dict[Colour, Iterable[int]] = {}
    unsettled: dict[Colour, frozenset[int]] = {}
    status = Status.OK
    messages: list[str] = []
    for colour in expected:
        truth = oracle.decide(board, colour, exp.suicide)
        wrong = (truth.alive - want[colour]) | (frozenset(truth.captured) & want[colour])
        got[colour] = truth.alive
        unsettled[colour] = truth.unknown
        if wrong:
            detail = _truth_message(board, colour, wrong, truth, expected[colour])
            if _truth_recorded(diagram, exp.suicide, colour):
                messages.append(f"differs from the game, as the diagram's truth line records ({detail})")
            else:
                status = Status.FAIL
                messages.append(f"refuted by the game: {detail}")
        elif truth.unknown:
            if status is Status.OK:
                status = Status.UNKNOWN
            messages.append(
                f"{colour.value} {_describe(board, truth.unknown, expected[colour])} not settled {_within(oracle)}"
            )
    variants = ",".join(v for v in exp.variants if v != TRUTH)
    return Row(
        path,
        number,
        diagram.title,
        exp.location.line,
        "verify",
        f"{variants} (game)",
        exp.suicide,
        _sides(board, dict(want), expected),
        _sides(board, got, expected, unsettled),
        status,
        "; ".join(messages),
        time.monotonic() - started,
    )


def _truth_recorded(diagram: Diagram, suicide: Suicide, colour: Colour) -> bool:
    """Whether the diagram states the game's verdict for this suicide rule and
    colour (`all` and `multi` count as one rule: they give the same game)."""
    rule = _game_rule(suicide)
    return any(
        TRUTH in e.variants and _game_rule(e.suicide) is rule and e.points(colour) is not None
        for e in diagram.expectations
    )


def _game_rule(suicide: Suicide) -> Suicide:
    return Suicide.MULTI if suicide is Suicide.ALL else suicide


def _check_capture(diagram: Diagram, path: str, number: int, claim: CaptureClaim) -> Row:
    """Replay a CAPTURE line with the solver's simulator."""
    from passalive.solver.simulator import Game, WitnessError, check_witness

    board = diagram.board
    started = time.monotonic()
    owner = claim.by.opponent
    moves = " ".join("pass" if m is None else board.name(m) for m in claim.moves)
    expected = f"{claim.by.value} captures: {moves}"
    targets = [ch.index for ch in board.chains_of(owner)]
    status = Status.OK
    message = ""
    if not targets:
        got = f"no {owner.value} stone on the board"
        status = Status.FAIL
        message = got
    else:
        game = Game.of(board, owner)
        try:
            replayed, hit = check_witness(game, claim.moves, claim.suicide, targets)
        except WitnessError as error:
            got = str(error)
            status = Status.FAIL
            message = str(error)
        else:
            stones_hit = _stones(board, hit)
            first = next(
                (i for i, captured in enumerate(replayed.captured, start=1) if captured & stones_hit),
                len(claim.moves),
            )
            stones = sorted((p for chain in hit for p in board.chains[chain].points), key=lambda q: _reading(board, q))
            got = f"captures {' '.join(board.name(p) for p in stones)} (move {first})"
    return Row(
        path,
        number,
        diagram.title,
        claim.location.line,
        "capture",
        "capture",
        claim.suicide,
        expected,
        got,
        status,
        message,
        time.monotonic() - started,
    )


def _stones(board: Board, chains: Iterable[int]) -> frozenset[int]:
    return frozenset(p for c in chains for p in board.chains[c].points)
