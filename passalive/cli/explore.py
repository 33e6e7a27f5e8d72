"""`passalive explore`: find the smallest boards where two deciders disagree.

    passalive explore --compare casting-out truth --suicide multi --board 9x9 --random 2000 --seed 1
    passalive explore --suite --board 4x4 --exhaustive --jobs 2 --out runs/4x4.jsonl
    passalive explore --suite --board 4x4 --exhaustive --cluster tcp://127.0.0.1:8786 --out runs/4x4.jsonl

Exit status: 0 when the search is complete, or when `--until-found` stopped
it at a disagreement; 3 when `--time-limit` stopped it first (the counts
cover only the units run; with `--out` the same command resumes, without it
the work is lost); 2 for bad input.  Every `--program` is loaded and checked
before the search starts, used as a side or not.

A side is a variant (`passalive rules` lists them), a rule program
(`--program FILE.dl`, or a path ending in `.dl`), or `truth` (the game: an
exhaustive search over attacker sequences); `NAME@RULE` fixes its suicide
rule (`no`, `multi`, `all`), otherwise `--suicide` applies where the variant
is defined for it.  `truth@alternating` is the game with answers: the chains
their owner keeps if she answers every attack (for `static-safety`).  `--suite` runs the comparisons of docs/findings.md.

Prints the counts per comparison (agree / disagree / undecided), and for
each kind of disagreement a minimal board as a Sensei's Library diagram with
both verdicts and the truth's replayed capturing sequence.  `--out FILE`
keeps a JSON-lines record of every finished unit of work; running the same
command again resumes where it stopped.  `--json` prints the summary as JSON:

    {"search": {...}, "positions": {"4x4": n}, "units_done", "units_total", "seconds",
     "counts": {"A vs B": {"agree", "disagree", "undecided"}},
     "findings": [{"comparison", "kind", "size", "position", "stones", "diagram",
                   "a_alive", "b_alive", "witnesses", "proof", "found_on"}]}
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from passalive.cli.options import Seconds, option_given
from passalive.tools.explore.deciders import SideSpec, TruthOptions, resolve_side
from passalive.errors import UsageError
from passalive.tools.explore.search import SUITE, Comparison, Search, Summary, default_jobs, parse_sizes, run, summary_json
from passalive.go.suicide import Suicide


INCOMPLETE = 3
"""Exit status of a search that `--time-limit` stopped before its last unit."""


def stopped_early(summary: Summary, until_found: bool) -> bool:
    """Whether the search stopped on `--time-limit` (not at a finding `--until-found` asked for)."""
    found = any(c["disagree"] for c in summary.counts.values())
    return not summary.complete and not (until_found and found)


def incomplete_note(summary: Summary, until_found: bool, out: Path | None) -> str:
    """Why a search is incomplete and whether it can be resumed ('' when complete)."""
    if summary.complete:
        return ""
    if not stopped_early(summary, until_found):
        why = "stopped at the first disagreement (--until-found)"
    else:
        why = "incomplete: stopped by --time-limit"
    if out is None:
        return f"{why}; use --out FILE to make a run resumable"
    return f"{why}; run the same command again to resume from {out}"


def summary_text(summary: Summary, elapsed: float, note: str = "") -> str:
    """The summary as the command prints it; `note` says why it is incomplete."""
    s = summary.search
    mode = "every legal position up to symmetry" if s.exhaustive else f"{s.count} random positions (seed {s.seed})"
    total = sum(summary.positions.values())
    lines = [
        f"searched {mode} on {', '.join(s.sizes)}: {total} positions "
        f"({', '.join(f'{k}: {v}' for k, v in summary.positions.items())}), "
        f"units {summary.units_done}/{summary.units_total}"
        + (f" -- {note}" if note else ""),
        f"time: {summary.seconds:.1f} s of work ({total / summary.seconds:.0f} positions/s per process)"
        if summary.seconds
        else "time: 0 s",
        f"wall clock this run: {elapsed:.1f} s",
        "",
    ]
    width = max(len(label) for label in summary.counts)
    lines.append(f"{'comparison':<{width}}  {'agree':>9} {'disagree':>9} {'undecided':>9}")
    for label, counts in summary.counts.items():
        lines.append(f"{label:<{width}}  {counts['agree']:>9} {counts['disagree']:>9} {counts['undecided']:>9}")
    for label, by_kind in summary.kinds.items():
        a, _, b = label.partition(" vs ")
        lines.append(f"  {label}: {by_kind['a']} positions where {a} calls a chain pass-alive that {b} does not,"
                     f" {by_kind['b']} the other way round")
    if s.truth.benson_complete:
        lines.append("truth@no: by theorem (Benson's theorem and its converse: the casting-out's chains), not searched;"
                     " the findings below are shown with the game search")
    for finding in summary.findings:
        a, _, b = finding.comparison.partition(" vs ")
        claims = a if finding.kind == "a" else b
        lines += [
            "",
            f"== {finding.comparison}: {claims} calls a chain pass-alive that the other does not "
            f"({finding.stones} stones on {finding.size}, shrunk from a {finding.found_on} position)",
            finding.diagram.rstrip("\n"),
        ]
        for w in finding.witnesses:
            lines.append(
                f"   {w.by} captures {w.chain} with suicide={w.suicide}: {' '.join(w.moves)} (replayed)"
            )
        if finding.proof:
            lines.append(f"   {finding.proof}")
    if not summary.findings:
        lines += ["", "no disagreement found" if summary.complete else "no disagreement found in the units run (the search is incomplete)"]
    return "\n".join(lines)


def _side(text: str, suicide: Suicide, programs: dict[str, str]) -> SideSpec:
    """A side of `--compare`; `NAME@` without a rule is refused (it fell back to --suicide)."""
    if text.endswith("@"):
        raise UsageError(f"the side {text!r} names no suicide rule after '@'; expected {text}no, {text}multi or {text}all, or {text[:-1]!r} alone")
    return resolve_side(text, suicide, programs)


def _check_program(path: str, suicide: Suicide) -> None:
    """Load a rule program and run it on a one-point board, so that a syntax error
    or a wrong `alive` relation is reported before the search, used as a side or not."""
    from passalive.go.board import Board
    from passalive.definitions.facts import run_program_file

    run_program_file(Board.grid([[None]]), path, suicide)


def _program_map(programs: tuple[str, ...]) -> dict[str, str]:
    """The `--program` files by the side name they give (their stem); UsageError
    for a missing file or a stem that is a variant's name."""
    from passalive.definitions.analysis import VARIANTS

    program_map: dict[str, str] = {}
    for path in programs:
        if not Path(path).is_file():
            raise UsageError(f"no rule program {path!r}")
        stem = Path(path).stem
        if stem in VARIANTS or stem == "truth":
            raise UsageError(f"the rule program {path!r} would be named {stem!r}, which is a variant's name; give its path ending in .dl as a side instead")
        program_map[stem] = path
    return program_map


def _board_sizes(boards: tuple[str, ...], sizes: tuple[str, ...], exhaustive: bool, count: int) -> tuple[str, ...]:
    """The board sizes asked for, checked against the mode (one of --exhaustive,
    --random N; exhaustive boards of at most MAX_EXHAUSTIVE_POINTS points)."""
    all_sizes = parse_sizes([*boards, *sizes])
    if not all_sizes:
        raise UsageError("give the board: --board WxH or --sizes 5x5-9x9")
    if exhaustive == bool(count):
        raise UsageError("choose one mode: --exhaustive or --random N")
    if exhaustive:
        from passalive.go.bitboard import Grid
        from passalive.tools.explore.enumerate import MAX_EXHAUSTIVE_POINTS

        for size in all_sizes:
            if Grid.parse(size).n > MAX_EXHAUSTIVE_POINTS:
                raise UsageError(f"--exhaustive is for boards of at most {MAX_EXHAUSTIVE_POINTS} points, not {size}")
    return all_sizes


def _refuse_random_options() -> None:
    """A UsageError for --seed or --unit written beside --exhaustive: they shape the random
    samples, and an exhaustive search has none (its record's key leaves them out), so the
    run would be the same without them."""
    for param, option in (("seed", "--seed"), ("unit_size", "--unit")):
        if option_given(param):
            raise UsageError(
                f"{option} is for --random N (it shapes the random samples); "
                "an --exhaustive search takes every position and has none"
            )


def _two_sides(ctx: click.Context, param: click.Parameter, pairs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    """--compare's pairs, each two sides; a UsageError for a pair that took an option as a side.

    click gives --compare the next two words whatever they are, so `--compare casting-out --board
    3x3` took `--board` as the second side and then called `3x3` an unexpected extra argument."""
    for a, b in pairs:
        option = next((side for side in (a, b) if side.startswith("-")), None)
        if option is not None:
            given = a if option == b else None
            raise UsageError(
                "--compare takes two sides, A B (variants, rule programs or truth: --compare casting-out truth); "
                + (f"after {given!r} came the option {option}" if given else f"got the option {option} as its first side")
            )
    return pairs


@click.command()
@click.option("--compare", "compare", nargs=2, multiple=True, metavar="A B", callback=_two_sides,
              help="Two sides to compare (repeatable).")
@click.option("--suite", is_flag=True, help="The comparisons of passalive's published findings: the variants against each other and the game's truth.")
@click.option("--suicide", "suicide_text", default="no", show_default=True, metavar="no|multi|all", help="Suicide rule of sides without @RULE.")
@click.option("--program", "programs", multiple=True, metavar="FILE.dl", help="A rule program, usable as a side under its file name's stem.")
@click.option("--board", "boards", multiple=True, metavar="WxH", help="Board size (repeatable).")
@click.option("--sizes", "sizes", multiple=True, metavar="5x5-9x9", help="Board sizes: a list or a range of squares.")
@click.option("--exhaustive", is_flag=True, help="Every legal position up to symmetry (boards up to 20 points).")
@click.option("--random", "count", type=int, default=0, metavar="N", help="N random positions (random play and random fills).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the random samples (with --random N).")
@click.option("--unit", "unit_size", type=int, default=500, show_default=True, help="Random positions per unit of work.")
@click.option("--jobs", type=click.IntRange(min=0), default=1, show_default=True, help="Processes (0: one per core, at most 2).")
@click.option("--cluster", default=None, metavar="ADDRESS",
              help="Run the units on the workers of a running Dask scheduler, e.g. tcp://host:8786 "
                   "(needs passalive[cluster]).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="JSON-lines record; resumes a run.")
@click.option("--budget", type=int, default=None, help="Truth search: positions per component before 'unknown' [default: 1000000 exhaustive, 3000 random].")
@click.option("--z3", "z3_seconds", type=Seconds(0.0, open_low=False), metavar="S", default=0.0, show_default=True, help="Seconds of Z3 per colour for chains the search left unknown.")
@click.option("--lemmas", is_flag=True, help="Truth takes proofs of life from Benson's theorem and the suicide lemma; only captures are searched.")
@click.option("--benson-complete", is_flag=True,
              help="Truth without suicide is Benson's casting-out, by his theorem and its converse (no search); "
                   "exhaustive Knechtel-vs-truth searches then run in the C census.")
@click.option("--time-limit", type=Seconds(0.0, open_low=False), default=None, metavar="S", help="Start no new unit after S seconds (exit status 3; resume later with --out).")
@click.option("--until-found", is_flag=True, help="Stop after the first unit that finds a disagreement.")
@click.option("--shrink", "shrink_examples", type=click.IntRange(min=1), default=3, show_default=True, help="Examples shrunk per kind of disagreement.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr  [default: when stderr is a terminal].")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--pictures", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="Also draw every finding and its witnesses as SVG files in DIR.")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), default=None, metavar="FILE",
              help="Also write a self-contained HTML page: the counts, every finding drawn with its witnesses.")
def command(
    compare: tuple[tuple[str, str], ...],
    suite: bool,
    suicide_text: str,
    programs: tuple[str, ...],
    boards: tuple[str, ...],
    sizes: tuple[str, ...],
    exhaustive: bool,
    count: int,
    seed: int,
    unit_size: int,
    jobs: int,
    cluster: str | None,
    out: Path | None,
    budget: int | None,
    z3_seconds: float,
    lemmas: bool,
    benson_complete: bool,
    time_limit: float | None,
    until_found: bool,
    shrink_examples: int,
    progress: bool | None,
    as_json: bool,
    pictures: str | None,
    html_path: str | None,
) -> None:
    """Search boards for positions where two deciders disagree; shrink and show them.

    A side is a variant (`passalive rules`), a rule program (--program, or a
    path ending in .dl) or `truth` (the game: no attacker sequence captures
    the chain); NAME@RULE fixes its suicide rule.  Each kind of disagreement
    is shrunk to a minimal board and printed as a Sensei's Library diagram
    with both verdicts ({EXPECT}) and the truth's replayed capture ({CAPTURE}).

    Exit status: 0 when the search is complete, or stopped by --until-found at
    a disagreement; 3 when --time-limit stopped it first (the counts cover only
    the units run; with --out the same command resumes, without it nothing is
    kept); 2 for bad input.

    \b
    Examples:
      passalive explore --compare casting-out truth --suicide multi --board 9x9 --random 100000 --seed 1 --until-found
      passalive explore --suite --board 4x4 --exhaustive --jobs 2 --out 4x4.jsonl
      passalive explore --suite --board 4x4 --exhaustive --cluster tcp://127.0.0.1:8786 --out 4x4.jsonl
    """
    import time

    suicide = Suicide.parse(suicide_text)
    program_map = _program_map(programs)
    comparisons = [Comparison(_side(a, suicide, program_map), _side(b, suicide, program_map)) for a, b in compare]
    for path in dict.fromkeys([*programs, *(s.name for c in comparisons for s in (c.a, c.b) if s.name.endswith(".dl"))]):
        _check_program(path, suicide)
    if suite:
        comparisons += [c for c in SUITE if c not in comparisons]
    if not comparisons:
        raise UsageError("nothing to compare: give --compare A B (repeatable) or --suite")
    all_sizes = _board_sizes(boards, sizes, exhaustive, count)
    if exhaustive:
        _refuse_random_options()
    if budget is None:
        budget = 1_000_000 if exhaustive else 3000
    if count < 0 or unit_size < 1 or budget < 1:
        raise UsageError("--random, --unit and --budget must be positive")
    if cluster is not None and jobs != 1:
        raise UsageError("give --jobs N (processes on this machine) or --cluster ADDRESS (a Dask cluster's workers), not both")
    search = Search(
        tuple(comparisons),
        all_sizes,
        exhaustive,
        count,
        seed,
        unit_size,
        TruthOptions(budget, z3_seconds, lemmas, benson_complete),
        tuple(sorted(program_map.items())),
    )
    started = time.monotonic()
    summary = run(
        search,
        out=out,
        jobs=jobs if jobs > 0 else default_jobs(),
        progress=progress if progress is not None else sys.stderr.isatty(),
        time_limit=time_limit,
        shrink_examples=shrink_examples,
        until_found=until_found,
        cluster=cluster,
    )
    elapsed = time.monotonic() - started
    note = incomplete_note(summary, until_found, out)
    if as_json:
        click.echo(json.dumps({"search": json.loads(search.key), **summary_json(summary)}, indent=2))
        if note:
            click.echo(note, err=True)
    else:
        click.echo(summary_text(summary, elapsed, note))
    if pictures is not None:
        from passalive.cli.options import write_pictures
        from passalive.tools.figures import finding_pictures

        write_pictures([p for i, f in enumerate(summary.findings, 1) for p in finding_pictures(f, i)], pictures)
    if html_path is not None:
        from passalive.tools.html_report import findings_html, write_page

        write_page(findings_html(summary), html_path)
    if stopped_early(summary, until_found):
        sys.exit(INCOMPLETE)
