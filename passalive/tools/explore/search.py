"""`passalive explore`: search boards for positions where two deciders disagree.

A *comparison* pits two sides against each other (see `passalive.tools.explore.deciders`):
variants, rule programs or `truth`, each under a suicide rule.  A *search*
runs a list of comparisons over a stream of positions:

* exhaustive -- every legal position of a small board, one per class under
  the board's symmetries and the exchange of colours (`passalive.tools.explore.enumerate`);
* random -- seeded samples from random games and random fills on one or
  more board sizes.

The stream is cut into *units* (a group of canonical black masks, or a batch
of random positions with its own seed), so the work can be spread over
processes (`jobs`) and a long run can stop and resume: each finished unit is
one JSON line in the output file, and a restart skips the units already
there for the same search.

For each comparison and position the outcome is *agree*, *disagree*, or
*undecided* (some chain the truth search could not settle within its
budget).  Every disagreement is kept with its kind (which side claims a chain
alive that the other does not); the smallest examples of each kind are
shrunk (`passalive.tools.explore.shrink`) to minimal boards and reported as Sensei's
Library diagrams with both verdicts (`{EXPECT}` lines) and, where the truth
captures a chain the other side calls alive, the capturing sequence
(`{CAPTURE}`), replayed by the solver's move simulator before it is shown.

Over 600 lines: running the units of a search, writing and re-reading their records (to resume a
run) and summarising the findings all share the records' format.
"""

from __future__ import annotations

import json
import os
import random
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import asdict, dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from passalive.solver.oracle import GridView
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.tools.explore.deciders import Evaluator, SideSpec, TruthOptions, Verdict
from passalive.go.bitboard import Grid, Position
from passalive.tools.explore.enumerate import Exhaustive, random_fill, random_play
from passalive.errors import InputError, Location, UsageError, split_lines
from passalive.output.files import append_line
from passalive.go.suicide import Suicide
from passalive.tools.explore.shrink import shrink
from passalive.tools.explore import census

AGREE, DISAGREE, UNDECIDED = "agree", "disagree", "undecided"
EXAMPLES_PER_UNIT = 3
"""How many of the smallest disagreements of each kind a unit keeps."""


@dataclass(frozen=True)
class Comparison:
    """Two sides; `a` is the one under test, `b` usually the reference."""

    a: SideSpec
    b: SideSpec

    @property
    def label(self) -> str:
        """`casting-out@no vs truth@multi`."""
        return f"{self.a.label} vs {self.b.label}"


SUITE: tuple[Comparison, ...] = (
    Comparison(SideSpec("casting-out", Suicide.ILLEGAL), SideSpec("truth", Suicide.ILLEGAL)),
    Comparison(SideSpec("suicide", Suicide.MULTI), SideSpec("truth", Suicide.MULTI)),
    Comparison(SideSpec("suicide", Suicide.ALL), SideSpec("truth", Suicide.ALL)),
    Comparison(SideSpec("knechtel", Suicide.ILLEGAL), SideSpec("truth", Suicide.ILLEGAL)),
    Comparison(SideSpec("benson", Suicide.ILLEGAL), SideSpec("wikipedia", Suicide.ILLEGAL)),
    Comparison(SideSpec("benson", Suicide.ILLEGAL), SideSpec("casting-out", Suicide.ILLEGAL)),
    Comparison(SideSpec("wikipedia", Suicide.ILLEGAL), SideSpec("casting-out", Suicide.ILLEGAL)),
)
"""The comparisons of docs/findings.md."""


@dataclass(frozen=True)
class Search:
    """Everything that defines a search; its `key` identifies it in an output file."""

    comparisons: tuple[Comparison, ...]
    sizes: tuple[str, ...]
    exhaustive: bool
    count: int = 0
    seed: int = 0
    unit_size: int = 500
    truth: TruthOptions = field(default_factory=TruthOptions)
    programs: tuple[tuple[str, str], ...] = ()

    @property
    def key(self) -> str:
        """A stable text naming the search (comparisons, boards, mode, seed, budget)."""
        data = {
            "comparisons": [c.label for c in self.comparisons],
            "sizes": list(self.sizes),
            "mode": "exhaustive" if self.exhaustive else f"random {self.count} seed {self.seed} unit {self.unit_size}",
            "truth_budget": self.truth.budget,
            "z3_seconds": self.truth.z3_seconds,
            **({"lemmas": True} if self.truth.lemmas else {}),
            **({"benson_complete": True} if self.truth.benson_complete else {}),
            "programs": [list(p) for p in self.programs],
        }
        finer = {size: group_count(size) for size in self.sizes if self.exhaustive and group_count(size) != EXHAUSTIVE_GROUPS}
        if finer:  # boards beyond 16 points (named so that a record cut into other units is not taken for this one's)
            data["units"] = finer
        return json.dumps(data, sort_keys=True)

    @property
    def id(self) -> str:
        """A short fingerprint of `key`, which tags the records of the search."""
        import hashlib

        return hashlib.sha256(self.key.encode()).hexdigest()[:16]

    def owns(self, record: Mapping[str, object]) -> bool:
        """Whether a record of an output file belongs to this search."""
        return record.get("search") in (self.id, self.key)

    def units(self) -> list[tuple[str, int]]:
        """The units of work: (board size, unit number)."""
        if self.exhaustive:
            return [(size, k) for size in self.sizes for k in range(len(exhaustive_groups(size)))]
        total = -(-self.count // self.unit_size)
        return [(self.sizes[k % len(self.sizes)], k) for k in range(total)]


# ------------------------------------------------------------------ units


EXHAUSTIVE_GROUPS = 256
"""Exhaustive runs split the canonical black masks of a board of up to 16 points into about this
many units, and twice as many for every point beyond (`group_count`)."""


def group_count(size: str) -> int:
    """How many units an exhaustive run of a board is cut into: 256 up to 16 points, twice as
    many for every point beyond (4x5: 4,096 units of about 56,000 positions, a minute of work each
    position by position, 40 ms in the census), so that a unit -- what a lost cluster worker or a stopped run loses -- stays small."""
    return EXHAUSTIVE_GROUPS << max(0, Grid.parse(size).n - 16)


@lru_cache(maxsize=4)
def _exhaustive(size: str) -> Exhaustive:
    return Exhaustive(Grid.parse(size))


@lru_cache(maxsize=4)
def exhaustive_groups(size: str) -> tuple[tuple[int, ...], ...]:
    """The canonical black masks of a board, dealt round-robin into units
    (round-robin evens out the work: small masks have the most positions)."""
    grid = Grid.parse(size)
    module = census.native()
    if module is not None and grid.n <= census.CENSUS_MAX_POINTS:
        chunks = module.chunks(grid.width, grid.height)  # the same list, without Exhaustive's 2**n tables in Python
    else:
        chunks = _exhaustive(size).chunks()
    count = min(group_count(size), len(chunks))
    return tuple(tuple(chunks[i::count]) for i in range(count))


def unit_positions(search: Search, size: str, unit: int) -> Iterator[Position]:
    """The positions of one unit."""
    grid = Grid.parse(size)
    if search.exhaustive:
        ex = _exhaustive(size)
        for black in exhaustive_groups(size)[unit]:
            yield from ex.positions(black)
        return
    rng = random.Random(f"{search.seed}/{size}/{unit}")
    count = min(search.unit_size, search.count - unit * search.unit_size)
    for i in range(count):
        yield random_play(grid, rng) if i % 2 == 0 else random_fill(grid, rng)


# ------------------------------------------------------------- comparing


@dataclass(frozen=True)
class Difference:
    """Chains of one colour that one side calls pass-alive and the other does not."""

    colour: Colour
    a_only: frozenset[int]
    b_only: frozenset[int]


def compare(evaluator: Evaluator, comparison: Comparison) -> tuple[str, list[Difference]]:
    """The outcome of a comparison on the evaluator's position, with the differences.

    Chains either side leaves unknown are not compared; if any remain and
    nothing else differs, the outcome is `undecided`.
    """
    differences = []
    unknown = False
    for colour in STONE_COLOURS:
        if not evaluator.position.stones(colour):
            continue
        va = evaluator.verdict(comparison.a, colour)
        vb = evaluator.verdict(comparison.b, colour)
        skip = va.unknown | vb.unknown
        unknown |= bool(skip)
        a_only = (va.alive - vb.alive) - skip
        b_only = (vb.alive - va.alive) - skip
        if a_only or b_only:
            differences.append(Difference(colour, a_only, b_only))
    if differences:
        return DISAGREE, differences
    return (UNDECIDED if unknown else AGREE), []


def kinds(differences: Iterable[Difference]) -> set[str]:
    """The kinds of a disagreement: `a` (A claims a chain alive that B does not), `b`."""
    result = set()
    for d in differences:
        if d.a_only:
            result.add("a")
        if d.b_only:
            result.add("b")
    return result


@dataclass(frozen=True)
class UnitRecord:
    """What one unit found: the record `run_unit` returns and `run` writes, one
    JSON line of `--out` each (`{"type": "unit", ...}` and the fields in order)."""

    search: str
    size: str
    unit: int
    positions: int
    counts: dict[str, dict[str, int]]
    """Per comparison label: how many positions agree, disagree, stay undecided."""
    examples: dict[str, dict[str, list[str]]]
    """Per comparison label and kind ("a", "b"): the smallest disagreeing positions, as text."""
    truth_states: int
    seconds: float
    kinds: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per comparison label and kind ("a", "b"): how many positions show that kind of
    disagreement (a position may show both); older records lack it."""
    method: str = "python"
    """`python` (position by position) or `census` (passalive.tools.explore.census, in C)."""

    def to_json(self) -> dict[str, object]:
        """The record as written to `--out`."""
        return {"type": "unit", **asdict(self)}

    @classmethod
    def from_json(cls, record: Mapping[str, Any]) -> UnitRecord:
        """A unit record read back from `--out` (older files lack `truth_states`)."""
        return cls(
            search=str(record["search"]),
            size=str(record["size"]),
            unit=int(record["unit"]),
            positions=int(record["positions"]),
            counts=record["counts"],
            examples=record["examples"],
            truth_states=int(record.get("truth_states", 0)),
            seconds=float(record["seconds"]),
            kinds=record.get("kinds", {}),
            method=str(record.get("method", "python")),
        )


def _census_unit(search: Search, size: str, unit: int) -> UnitRecord | None:
    """The unit's record from the C census (`passalive.tools.explore.census`), or None where
    the census does not answer this search or is not built."""
    started = time.monotonic()
    grid = Grid.parse(size)
    labels = [c.label for c in search.comparisons]
    module = census.native()
    if module is None or grid.n > census.CENSUS_MAX_POINTS or not census.applies(
        labels, search.truth.benson_complete, search.exhaustive, bool(search.programs)
    ):
        return None
    found = census.count(module, grid, exhaustive_groups(size)[unit], EXAMPLES_PER_UNIT)
    label = labels[0]
    return UnitRecord(
        search=search.id,
        size=size,
        unit=unit,
        positions=found.positions,
        counts={label: {AGREE: found.agree, DISAGREE: found.positions - found.agree, UNDECIDED: 0}},
        examples={label: {k: [grid.text(p).replace("\n", "/") for p in v] for k, v in found.examples.items()}},
        truth_states=0,
        seconds=round(time.monotonic() - started, 3),
        kinds={label: {"a": found.knechtel_only, "b": found.benson_only}},
        method="census",
    )


def run_unit(search: Search, size: str, unit: int) -> UnitRecord:
    """Run one unit and return its record (by the C census where it applies and is built)."""
    by_census = _census_unit(search, size, unit)
    if by_census is not None:
        return by_census
    started = time.monotonic()
    grid = Grid.parse(size)
    labels = [c.label for c in search.comparisons]
    programs = dict(search.programs)
    counts = {label: {AGREE: 0, DISAGREE: 0, UNDECIDED: 0} for label in labels}
    by_kind = {label: {"a": 0, "b": 0} for label in labels}
    examples: dict[str, dict[str, list[tuple[int, str]]]] = {label: {"a": [], "b": []} for label in labels}
    positions = 0
    states = 0
    for position in unit_positions(search, size, unit):
        positions += 1
        evaluator = Evaluator(grid, position, programs, search.truth)
        for comparison, label in zip(search.comparisons, labels):
            outcome, differences = compare(evaluator, comparison)
            counts[label][outcome] += 1
            if outcome == DISAGREE:
                for kind in kinds(differences):
                    by_kind[label][kind] += 1
                    kept = examples[label][kind]
                    kept.append((position.count, grid.text(position).replace("\n", "/")))
                    kept.sort()
                    del kept[EXAMPLES_PER_UNIT:]
        states += evaluator.states
    return UnitRecord(
        search=search.id,
        size=size,
        unit=unit,
        positions=positions,
        counts=counts,
        examples={label: {k: [text for _, text in v] for k, v in ex.items()} for label, ex in examples.items()},
        truth_states=states,
        seconds=round(time.monotonic() - started, 3),
        kinds=by_kind,
    )


# ------------------------------------------------------------ the run


RECORD_TYPES = ("search", "unit", "summary")
"""The `type` of every record `run` writes."""

_RECORD_START = '{"type": "'
"""How every record `run` writes begins (`json.dumps` of a dict whose first key is `type`)."""


def _torn(line: str) -> bool:
    """Whether a line could be a record cut short by a killed run (a prefix of one)."""
    return line.startswith(_RECORD_START) or _RECORD_START.startswith(line)


def read_records(path: Path) -> list[dict[str, object]]:
    """The JSON lines of an output file (a torn line from a killed run is skipped).

    A file that is not a run record -- not UTF-8, or a line that is neither a
    record (a JSON object with a `type` and a `search`) nor a torn one -- is
    refused with an InputError at that line: `run` appends to the file, so a
    wrong `--out` must not be taken for a record and written into.
    """
    if not path.exists():
        return []
    try:
        data = path.read_bytes()
    except OSError as error:
        raise UsageError(f"{path}: cannot read the run record: {error.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line_start = data.rfind(b"\n", 0, error.start) + 1
        where = Location(str(path), data.count(b"\n", 0, error.start) + 1, error.start - line_start + 1)
        raise InputError(
            f"not UTF-8 text (byte {error.start + 1}): not a run record of passalive explore; give a new file or one explore wrote",
            where,
        ) from None
    records = []
    for number, raw in enumerate(split_lines(text), 1):
        line = raw.strip()
        if not line:
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            if _torn(line):
                continue
            record = None
        if not (isinstance(record, dict) and record.get("type") in RECORD_TYPES and "search" in record):
            raise InputError(
                "not a run record of passalive explore (each line is a JSON record explore wrote, "
                f'beginning {_RECORD_START}...); give a new file or one explore wrote',
                Location(str(path), number, 1, raw),
            )
        records.append(record)
    return records


@dataclass(frozen=True)
class Witness:
    """A capture the truth found, replayed by the move simulator before it is shown."""

    by: str
    suicide: str
    chain: str
    moves: list[str]


@dataclass(frozen=True)
class Finding:
    """A minimal board on which a comparison disagrees, ready to show."""

    comparison: str
    kind: str
    size: str
    position: str
    stones: int
    diagram: str
    a_alive: dict[str, list[str]]
    b_alive: dict[str, list[str]]
    witnesses: list[Witness]
    proof: str
    found_on: str


@dataclass(frozen=True)
class Summary:
    """What a search did: totals per comparison and the findings."""

    search: Search
    positions: dict[str, int]
    units_done: int
    units_total: int
    seconds: float
    counts: dict[str, dict[str, int]]
    findings: list[Finding]
    truth_states: int
    kinds: dict[str, dict[str, int]] = field(default_factory=dict)
    """Per comparison label: positions showing each kind of disagreement ("a", "b"), where
    every unit record counts them (older records do not)."""

    @property
    def complete(self) -> bool:
        """Whether every unit of the search has been run."""
        return self.units_done == self.units_total


def _lock(handle: IO[str], out: Path) -> None:
    """Hold an exclusive lock on the run record for this run (released when the
    process ends, however it ends): a second run on the same `--out` would
    repeat all the work and interleave its lines with the first one's."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not a POSIX system: no lock
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        raise UsageError(
            f"{out}: another explore run is writing this file; wait for it to end, or give another --out"
        ) from None


PARENT_POLL = 0.5
"""Seconds between a worker's looks at whether its parent still lives."""


def die_with_parent(parent: int) -> None:
    """Make this worker process end when the explore process `parent` ends,
    also when that is killed with SIGKILL and cannot stop its workers: on Linux
    the kernel sends the worker SIGKILL (PR_SET_PDEATHSIG); elsewhere a daemon
    thread watches the parent id.  Without it the workers would sleep forever,
    holding the caller's stdout and stderr open."""
    import threading

    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        PR_SET_PDEATHSIG = 1
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(PARENT_POLL)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="passalive-parent-watch", daemon=True).start()


def run(
    search: Search,
    out: Path | None = None,
    jobs: int = 1,
    progress: bool = True,
    time_limit: float | None = None,
    shrink_examples: int = 3,
    until_found: bool = False,
    cluster: str | None = None,
) -> Summary:
    """Run (or resume) a search and summarise it.

    Units already recorded in `out` for the same search are skipped; each
    unit finished is appended to `out` at once.  `time_limit` stops starting
    new units after that many seconds, `until_found` as soon as a unit has
    found a disagreement (the summary then says how many units remain).  `jobs` > 1 runs units in that many processes,
    `cluster` (a Dask scheduler's address) on that cluster's workers instead (`passalive.tools.workers`): a
    worker lost mid-run costs only time, its units run again elsewhere.
    """
    handle: IO[str] | None = None
    if out is not None:
        try:
            handle = out.open("a")
        except OSError as error:
            raise UsageError(f"{out}: cannot write the run record: {error.strerror}") from None
        _lock(handle, out)
    records = [r for r in read_records(out) if search.owns(r)] if out else []
    units_read = [UnitRecord.from_json(r) for r in records if r.get("type") == "unit"]
    done = {(r.size, r.unit): r for r in units_read}
    units = search.units()
    todo = [u for u in units if u not in done]
    started = time.monotonic()
    def append(line: str) -> None:
        assert handle is not None and out is not None
        append_line(handle, line, str(out), "the run record")  # whole and synced, or cut off again

    if handle and out is not None and out.stat().st_size and not out.read_bytes().endswith(b"\n"):
        append("\n")  # a line torn by a killed run stays on its own line
    if handle and not any(r.get("type") == "search" for r in records):
        append(json.dumps({"type": "search", "search": search.id, "key": json.loads(search.key)}) + "\n")
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(units), initial=len(units) - len(todo), unit="unit", desc="explore", dynamic_ncols=True)

    ran: list[str] = []

    def record(rec: UnitRecord) -> None:
        ran.append(str(rec.unit))
        done[(rec.size, rec.unit)] = rec
        if handle:
            append(json.dumps(rec.to_json()) + "\n")
        if bar is not None:
            disagreements = sum(
                c[DISAGREE] for r in done.values() for c in r.counts.values()
            )
            bar.update(1)
            bar.set_postfix(positions=sum(r.positions for r in done.values()), disagree=disagreements)

    def out_of_time() -> bool:
        if until_found and any(
            c[DISAGREE] for r in done.values() for c in r.counts.values()
        ):
            return True
        return time_limit is not None and time.monotonic() - started > time_limit

    try:
        if jobs <= 1 and cluster is None:
            for size, unit in todo:
                record(run_unit(search, size, unit))
                if out_of_time():
                    break
        else:
            from passalive.tools import workers

            if cluster is not None:
                lanes = workers.cluster(cluster)
            else:
                lanes = workers.process_executor(jobs, die_with_parent, (os.getpid(),))
            with lanes as pool:
                pending: set[Future[UnitRecord]] = set()
                queue = list(todo)
                while queue or pending:
                    while queue and len(pending) < workers.IN_FLIGHT * max(1, pool.width()) and not (out_of_time() and ran):
                        size, unit = queue.pop(0)
                        pending.add(pool.executor.submit(run_unit, search, size, unit))
                    if not pending:
                        break
                    finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for future in finished:
                        record(future.result())
                    if out_of_time():
                        queue.clear()
    finally:
        if bar is not None:
            bar.close()
    summary = summarise(search, list(done.values()), len(units), shrink_examples)
    if handle:
        try:
            append(json.dumps({"type": "summary", "search": search.id, **summary_json(summary)}) + "\n")
        finally:
            handle.close()
    return summary


def summarise(search: Search, records: Sequence[UnitRecord], units_total: int, shrink_examples: int = 3) -> Summary:
    """Totals of the unit records, and their smallest disagreements shrunk to findings."""
    labels = [c.label for c in search.comparisons]
    counts = {label: {AGREE: 0, DISAGREE: 0, UNDECIDED: 0} for label in labels}
    positions: dict[str, int] = {}
    pool: dict[tuple[str, str], list[tuple[int, str, str]]] = {}
    seconds = 0.0
    states = 0
    by_kind = {label: {"a": 0, "b": 0} for label in labels if records and all(label in r.kinds for r in records)}
    for rec in records:
        for label, totals in by_kind.items():
            for kind in totals:
                totals[kind] += rec.kinds[label].get(kind, 0)
        size = rec.size
        positions[size] = positions.get(size, 0) + rec.positions
        seconds += rec.seconds
        states += rec.truth_states
        for label in labels:
            for outcome, n in rec.counts[label].items():
                counts[label][outcome] += n
            for kind, texts in rec.examples[label].items():
                for text in texts:
                    pool.setdefault((label, kind), []).append((text.count("X") + text.count("O"), size, text))
    findings: list[Finding] = []
    by_label = {c.label: c for c in search.comparisons}
    programs = dict(search.programs)
    # Findings are shown with the game's own witnesses: the search, also where the counts took
    # truth@no from Benson's theorem and its converse (the witness then checks the theorem).
    truth = replace(search.truth, benson_complete=False)
    for (label, kind), examples in sorted(pool.items()):
        examples.sort()
        results: dict[tuple[int, int, int, int], Finding] = {}
        for _, size, text in examples[:shrink_examples]:
            grid = Grid.parse(size)
            position = grid.parse_text(text.split("/"))
            finding = minimal_finding(by_label[label], kind, grid, position, programs, truth, found_on=size)
            g = Grid.parse(finding.size)
            pos = g.parse_text(finding.position.split("/"))
            results[(pos.count, g.n, pos.black, pos.white)] = finding
        best = sorted(results.items())
        findings.extend(f for _, f in best[:1])
    return Summary(search, positions, len(records), units_total, seconds, counts, findings, states, by_kind)


def summary_json(summary: Summary) -> dict[str, object]:
    """The summary as JSON (the `summary` record of an output file, and `--json`)."""
    return {
        "positions": summary.positions,
        "units_done": summary.units_done,
        "units_total": summary.units_total,
        "seconds": round(summary.seconds, 1),
        "truth_states": summary.truth_states,
        "counts": summary.counts,
        **({"kinds": summary.kinds} if summary.kinds else {}),
        "findings": [asdict(f) for f in summary.findings],
    }


# ------------------------------------------------------------- findings


def shows(comparison: Comparison, kind: str, programs: Mapping[str, str], truth: TruthOptions) -> Callable[[Grid, Position], bool]:
    """The predicate `shrink` keeps: the comparison disagrees with this kind."""

    claimant, judge = (comparison.a, comparison.b) if kind == "a" else (comparison.b, comparison.a)

    def test(grid: Grid, position: Position) -> bool:
        evaluator = Evaluator(grid, position, programs, truth)
        if judge.name == "truth" and claimant.name != "truth":
            # only the claimant's pass-alive chains matter: can the attacker
            # capture one of them?  (a search that stops at the first capture)
            view = GridView.of(grid, position)
            index = {m: i for i, m in enumerate(view.masks)}
            for colour in STONE_COLOURS:
                claimed = evaluator.verdict(claimant, colour).alive
                if claimed and evaluator.oracle.capturable(view, colour, judge.suicide, [index[m] for m in claimed]):
                    return True
        outcome, differences = compare(evaluator, comparison)
        return outcome == DISAGREE and kind in kinds(differences)

    return test


def minimal_finding(
    comparison: Comparison,
    kind: str,
    grid: Grid,
    position: Position,
    programs: Mapping[str, str],
    truth: TruthOptions,
    found_on: str = "",
) -> Finding:
    """Shrink a disagreement and describe the minimal board."""
    predicate = shows(comparison, kind, programs, truth)
    if not predicate(grid, position):
        raise UsageError(f"no {kind}-disagreement of {comparison.label} on this position:\n{grid.text(position)}")
    grid, position, _ = shrink(grid, position, predicate)
    return describe(comparison, kind, grid, position, programs, truth, found_on or str(grid))


def _names(board: Board, masks: Iterable[int]) -> list[str]:
    """One name per chain (its first stone in reading order), sorted."""
    from passalive.go.bitboard import bits

    return sorted((board.names(list(bits(m)))[0] for m in masks), key=lambda n: (len(n), n))


def describe(
    comparison: Comparison,
    kind: str,
    grid: Grid,
    position: Position,
    programs: Mapping[str, str],
    truth: TruthOptions,
    found_on: str,
) -> Finding:
    """The finding for a board: a Sensei's Library diagram with `{EXPECT}` lines
    for both sides and `{CAPTURE}` lines for the truth's witnesses, each replayed."""
    from passalive.output.render import render_sensei
    from passalive.solver.simulator import Game, check_witness

    evaluator = Evaluator(grid, position, programs, truth)
    board = evaluator.board
    claims, other = (comparison.a, comparison.b) if kind == "a" else (comparison.b, comparison.a)
    title = f"{claims.label} says pass-alive, {other.label} does not"
    lines = render_sensei(board, title=title).rstrip("\n").split("\n")
    alive: dict[str, dict[str, list[str]]] = {"a": {}, "b": {}}
    witnesses: list[Witness] = []
    proof_states = 0
    for side_key, side in (("a", comparison.a), ("b", comparison.b)):
        parts = []
        for colour in STONE_COLOURS:
            verdict = evaluator.verdict(side, colour)
            names = _names(board, verdict.alive)
            alive[side_key][colour.value] = names
            parts.append(f"{colour.value}={','.join(names) if names else 'none'}")
        variant = Path(side.name).stem if side.name.endswith(".dl") else side.name
        lines.append(f"$$ {{EXPECT variant={variant} suicide={side.suicide.value} {' '.join(parts)}}}")
    # The truth judges: the truth side(s) of the comparison, or -- between two
    # variants -- the truth under the first side's rule, shown as a third verdict.
    judges = [(s, [o]) for s, o in ((comparison.a, comparison.b), (comparison.b, comparison.a)) if s.name == "truth"]
    if not judges:
        referee = SideSpec("truth", comparison.a.suicide)
        judges = [(referee, [comparison.a, comparison.b])]
        parts = []
        for colour in STONE_COLOURS:
            names = _names(board, evaluator.verdict(referee, colour).alive)
            parts.append(f"{colour.value}={','.join(names) if names else 'none'}")
        lines.append(f"$$ {{EXPECT variant=truth suicide={referee.suicide.value} {' '.join(parts)}}}")
    truth_alive = False
    for judge, others in judges:
        for colour in STONE_COLOURS:
            mine: Verdict = evaluator.verdict(judge, colour)
            truth_alive |= bool(mine.alive)
            proof_states += mine.states
            claimed = frozenset().union(*(evaluator.verdict(o, colour).alive for o in others))
            for mask in sorted(claimed - mine.alive - mine.unknown):
                moves = mine.witnesses[mask]
                game = Game.of(board, colour)
                index = board.chain_of(mask.bit_length() - 1)
                check_witness(game, moves, judge.suicide, [index])  # raises WitnessError if wrong
                names = [board.name(m) for m in moves]
                lines.append(
                    f"$$ {{CAPTURE by={colour.opponent.value} suicide={judge.suicide.value} moves={','.join(names)}}}"
                )
                witnesses.append(
                    Witness(by=colour.opponent.value, suicide=judge.suicide.value, chain=_names(board, [mask])[0], moves=names)
                )
    proof = ""
    if truth_alive:
        proof = (
            f"truth: exhaustive attacker search over every reachable position ({proof_states} visited); "
            "the chains it calls pass-alive are captured by no sequence"
            + "".join(_z3_confirmation(board, evaluator, judge) for judge, _ in judges)
        )
    return Finding(
        comparison.label,
        kind,
        str(grid),
        grid.text(position).replace("\n", "/"),
        position.count,
        "\n".join(lines) + "\n",
        alive["a"],
        alive["b"],
        witnesses,
        proof,
        found_on,
    )


Z3_CONFIRM_SECONDS = 30.0
"""Time the Z3 complete check may take to confirm a finding's pass-alive chains."""


def _z3_confirmation(board: Board, evaluator: Evaluator, judge: SideSpec) -> str:
    """A second proof of the truth's pass-alive chains: the oracle with the Z3
    complete check as its only search; a contradiction between the two is a
    bug and raises."""
    from passalive.solver.oracle import Budget, Oracle
    from passalive.solver.truth import Status

    oracle = Oracle(Budget(seconds=Z3_CONFIRM_SECONDS, states=0, shortcuts=False))
    parts = []
    for colour in STONE_COLOURS:
        alive = evaluator.verdict(judge, colour).alive
        if not alive:
            continue
        answer = oracle.decide(board, colour, judge.suicide)
        statuses = {answer.of(board.chain_of(m.bit_length() - 1)).status for m in alive}
        if Status.CAPTURED in statuses:  # pragma: no cover - the tests check the two searches agree
            raise AssertionError(f"Z3 captures a chain the attacker search proved pass-alive:\n{board}")
        proven = statuses == {Status.PROVEN}
        parts.append(f"{colour.value} " + ("proven" if proven else "not settled in time"))
    return f"; Z3 complete check ({judge.suicide.value} suicide): {', '.join(parts)}" if parts else ""


def parse_sizes(texts: Iterable[str]) -> tuple[str, ...]:
    """Board sizes from `5x5`, `5x5,7x7` or a range `5x5-9x9` (squares).

    UsageError, quoting what was given, for an empty item (`3x3,,4x4`), a
    size that does not parse (`-1x3`) and a range that runs backwards.
    """
    expected = "expected a board size such as 4x4, a list 5x5,7x7 or a range of squares 5x5-9x9"
    sizes: list[str] = []
    for text in texts:
        for part in text.split(","):
            part = part.strip()
            if not part:
                raise UsageError(f"{expected}; got an empty item in {text!r}")
            low_text, dash, high_text = part.partition("-")
            if not dash:
                sizes.append(str(Grid.parse(part)))
                continue
            if not low_text.strip() or not high_text.strip():
                raise UsageError(f"{expected}, got {part!r}")
            try:
                lo, hi = Grid.parse(low_text.strip()), Grid.parse(high_text.strip())
            except UsageError as error:
                raise UsageError(f"in the range {part!r}: {error.message}") from None
            if lo.width != lo.height or hi.width != hi.height:
                raise UsageError(f"a range of sizes runs over square boards, e.g. 5x5-9x9, not {part!r}")
            if lo.width > hi.width:
                raise UsageError(f"the range {part!r} is reversed: write the smaller size first, {hi}-{lo}")
            sizes += [f"{n}x{n}" for n in range(lo.width, hi.width + 1)]
    return tuple(dict.fromkeys(sizes))


def default_jobs() -> int:
    """One process per core, at most."""
    return max(1, min(os.cpu_count() or 1, 2))
