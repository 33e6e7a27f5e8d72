"""Run (or resume) the searches of docs/findings.md and regenerate it.

    .venv/bin/python bench/findings.py                      # resume every search, 10 minutes each, then write
    .venv/bin/python bench/findings.py --only exhaustive-4x4 --time-limit 600 --jobs 2
    .venv/bin/python bench/findings.py --write-only          # just regenerate the document
    .venv/bin/python bench/findings.py --only exhaustive-4x5-knechtel --cluster tcp://127.0.0.1:8786   # on a Dask cluster

Each search keeps its JSON-lines record in `bench/runs/NAME.jsonl`, so runs
stop and resume across sessions; the document is written from those records
(counts, positions, work time) and the minimal counterexamples are shrunk
again from the recorded examples.  Every counterexample also goes into the
regression corpus as `examples/findings-<comparison>.txt`, a Sensei's
Library diagram with its `{EXPECT}` and `{CAPTURE}` lines.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from passalive.tools.explore.deciders import SideSpec, TruthOptions
from passalive.tools.explore.search import SUITE, Comparison, Search, Summary, UnitRecord, read_records, run, summarise
from passalive.go.suicide import Suicide

ROOT = Path(__file__).resolve().parent.parent
RUNS = ROOT / "bench" / "runs"
DOC = ROOT / "docs" / "findings.md"
KEPT = "<!-- kept by bench/findings.py -->"
"""Everything from this line on in docs/findings.md is kept when the page is regenerated."""
EXAMPLES = ROOT / "examples"

RANDOM_COUNT = 1_000_000
"""Positions per random search, the issue's target (5x5 to 9x9 in turn)."""

SMALL_BOARDS = tuple(f"{w}x{h}" for h in (1, 2, 3) for w in range(max(h, 2), 10) if w * h <= 9)
"""Every board shape of at most 9 points (width >= height): 2x1 ... 9x1, 2x2 ... 4x2, 3x3."""

SEARCHES: dict[str, Search] = {
    "exhaustive-small": Search(SUITE, SMALL_BOARDS, True, truth=TruthOptions(1_000_000)),
    "suicide-rules-small": Search(
        (
            Comparison(SideSpec("truth", Suicide.ILLEGAL), SideSpec("truth", Suicide.MULTI)),
            Comparison(SideSpec("truth", Suicide.MULTI), SideSpec("truth", Suicide.ALL)),
        ),
        (*SMALL_BOARDS, "3x4"),
        True,
        truth=TruthOptions(1_000_000),
    ),
    "exhaustive-3x3": Search(SUITE, ("3x3",), True, truth=TruthOptions(1_000_000)),
    "exhaustive-3x4": Search(SUITE, ("3x4",), True, truth=TruthOptions(1_000_000)),
    "exhaustive-4x4": Search(SUITE, ("4x4",), True, truth=TruthOptions(1_000_000)),
    "random-5x5-9x9": Search(
        SUITE,
        ("5x5", "6x6", "7x7", "8x8", "9x9"),
        False,
        count=RANDOM_COUNT,
        seed=2026,
        unit_size=200,
        truth=TruthOptions(3000),
    ),
    "random-9x9-casting-out-vs-truth-multi": Search(
        (Comparison(SideSpec("casting-out", Suicide.ILLEGAL), SideSpec("truth", Suicide.MULTI)),),
        ("9x9",),
        False,
        count=1000,
        seed=1,
        unit_size=50,
        truth=TruthOptions(3000),
    ),
    "random-5x5-9x9-lemmas": Search(
        SUITE,
        ("5x5", "6x6", "7x7", "8x8", "9x9"),
        False,
        count=RANDOM_COUNT,
        seed=2027,
        unit_size=200,
        truth=TruthOptions(3000, lemmas=True),
    ),
    # Beyond 4x4 (issue 23): Knechtel's marking against the game on every class of 4x5, 4,096 units
    # of about 56,000 positions.  Searched position by position (truth@no by the attacker search)
    # it is about 54 CPU hours; with truth@no from Benson's theorem and its converse
    # (--benson-complete) the C census runs it in minutes, on a cluster (docs/cluster.md) or not.
    "exhaustive-4x5-knechtel": Search(
        (Comparison(SideSpec("knechtel", Suicide.ILLEGAL), SideSpec("truth", Suicide.ILLEGAL)),),
        ("4x5",),
        True,
        truth=TruthOptions(1_000_000, benson_complete=True),
    ),
}


def summary_of(name: str, search: Search) -> Summary:
    """The summary of a search from its record (nothing is run)."""
    records = [UnitRecord.from_json(r) for r in read_records(RUNS / f"{name}.jsonl") if search.owns(r) and r.get("type") == "unit"]
    return summarise(search, records, len(search.units()))


def cli_command(name: str, search: Search) -> str:
    """The `passalive explore` command that runs (and resumes) the same search."""
    parts = ["passalive explore"]
    if search.comparisons == SUITE:
        parts.append("--suite")
    else:
        parts += [f"--compare {c.a.label} {c.b.label}" for c in search.comparisons]
    parts.append(" ".join(f"--board {size}" for size in search.sizes))
    if search.exhaustive:
        parts.append("--exhaustive")
    else:
        parts.append(f"--random {search.count} --seed {search.seed} --unit {search.unit_size}")
    parts.append(
        f"--budget {search.truth.budget}"
        + (" --lemmas" if search.truth.lemmas else "")
        + (" --benson-complete" if search.truth.benson_complete else "")
    )
    parts.append(f"--out bench/runs/{name}.jsonl")
    return " ".join(parts)


def slug(label: str) -> str:
    """`knechtel@no vs truth@no` -> `knechtel-no-vs-truth-no`."""
    return re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")


def write(summaries: dict[str, Summary]) -> str:
    """docs/findings.md from the summaries; also writes examples/findings-*.txt."""
    lines = [
        "# Findings: where the variants and the game part",
        "",
        "Generated by `.venv/bin/python bench/findings.py` from the run records in `bench/runs/`",
        "(do not edit by hand; run it again to resume the searches and regenerate this page).",
        "",
        "Each search runs the comparisons below over a stream of positions with `passalive explore`",
        "(see `passalive explore --help`). *truth* is the game itself: a chain is pass-alive when no",
        "sequence of attacker moves captures it while its owner passes, decided by an exhaustive",
        "search over every position the attacker can reach (`passalive/attack.py`, checked against",
        "the solver's explicit search in `tests/test_explore.py`). On big boards that search has a",
        "budget of positions per chain-region component; a chain it cannot settle within it is",
        "*undecided* and not counted either way. A position *agrees* when both sides name the same",
        "pass-alive chains of both colours. Exhaustive searches visit every legal position once per",
        "class under the board's rotations, reflections and the exchange of colours.",
        "",
        "Suicide rules: `no` (suicide illegal), `multi` (multi-stone suicide legal), `all` (every",
        "suicide legal; a single-stone suicide then changes nothing, so for the attacker it is a pass",
        "and `all` gives the same truth as `multi`).",
        "",
        "Random searches on big boards cannot always prove a chain alive by searching (the",
        "positions reachable around a living group with a large open area are too many). The",
        "searches marked *lemmas* take proofs of life from two theorems instead, and search only",
        "for captures:",
        "",
        "- suicide illegal: Benson's theorem -- every chain casting-out calls pass-alive is",
        "  pass-alive (Benson 1976; the reference pages sketch the proof);",
        "- suicide legal (multi or all): every chain the suicide adaptation calls pass-alive is",
        "  pass-alive. Proof: let S be its set, each chain B of S having two c-regions every point",
        "  of which is adjacent to B and whose bordering c-chains are all in S. Suppose some",
        "  sequence captures a chain of S, and let m be the first move that does, capturing B.",
        "  Until m no chain of S is captured, so each region of B keeps its points and its border",
        "  (it could only grow through a captured chain next to it, and those are in S). After m,",
        "  B has no liberty, so every point of both its regions holds an attacker stone (an empty",
        "  point there would be a liberty); m lies in at most one of them, so the other, R, was",
        "  full before m. Look at the move m' that last made R full. The attacker chain through",
        "  m' is then all of R (R is connected), surrounded by chains of S only: no liberty. m'",
        "  captured nothing (only chains of S border R, and none is captured before m), so it was",
        "  a suicide: the chain R is removed (two or more stones), or the single-stone suicide is",
        "  illegal (multi) or takes the stone away again (all). Either way R is not full after m',",
        "  a contradiction. So no chain of S is ever captured.",
        "",
        "These lemmas settle the direction *variant says alive, truth does not* for the first",
        "three comparisons, so a lemmas search only looks for the other direction there (the",
        "exhaustive searches, which use no lemma, check both). `tests/test_explore.py` checks on",
        "small boards that the lemmas change no verdict of the full search.",
        "",
        "Benson's theorem is an *if and only if*: the chains the casting-out keeps are exactly the",
        "unconditionally alive ones, so every chain it casts out can be captured by attacker moves",
        "alone, suicide illegal, on the whole board (Benson 1976; \"The final set X is the set of all",
        "unconditionally alive Black chains\", Wikipedia, [Benson's algorithm",
        "(Go)](https://en.wikipedia.org/wiki/Benson%27s_algorithm_(Go)); Sensei's Library, [Benson's",
        "Definition of Unconditional Life](https://senseis.xmp.net/?BensonsDefinitionOfUnconditionalLife)).",
        "The lemmas above use only the first half. Searches marked *benson-complete*",
        "(`passalive explore --benson-complete`) use both: there truth@no *is* the casting-out's answer,",
        "known by *theorem*, and is not searched (truth under the suicide rules still is). The findings such a",
        "search shows are still shrunk and described with the game search, so each one carries the",
        "attacker's capture, replayed, or the search's and Z3's proof of life. Both halves are checked",
        "by the searches here that use no lemma: casting-out@no vs truth@no agrees on every class of",
        "exhaustive-small (4,263), 3x3 (924), 3x4 (40,997) and 4x4 (1,524,805), with 0 disagreements",
        "either way (`tests/test_census.py` repeats this on every class of 3x2, 4x2 and 3x3).",
        "",
        "Disagreements are shrunk to a *minimal* board: no stone can be removed and no edge line",
        "cut off without losing the disagreement (a local minimum). The search `exhaustive-small`",
        "covers every board of at most 9 points, so a counterexample it reports with k stones means",
        "no board of at most 9 points shows that kind of disagreement with fewer stones.",
        "",
    ]
    corpus: dict[str, list[str]] = {}
    for name, summary in summaries.items():
        s = summary.search
        total = sum(summary.positions.values())
        mode = "every legal position up to symmetry" if s.exhaustive else f"random positions (half random play, half random fills), seed {s.seed}"
        lines += [
            f"## {name}",
            "",
            f"- boards: {', '.join(s.sizes)}; {mode}",
            f"- the same search from the command line: `{cli_command(name, s)}`",
            f"- positions searched: {total:,} ({', '.join(f'{k}: {v:,}' for k, v in summary.positions.items())})"
            + (f" of {s.count:,} planned" if not s.exhaustive else ""),
            f"- units of work done: {summary.units_done} of {summary.units_total}"
            + (
                " (complete)"
                if summary.complete
                else f" (**incomplete**: about {(summary.units_total - summary.units_done) * summary.seconds / max(summary.units_done, 1) / 3600:,.1f} h"
                " of work remain in one process at this rate; resume with `bench/findings.py`)"
            ),
            f"- work time: {summary.seconds:,.0f} s in one process"
            + (f" ({total / summary.seconds:,.0f} positions/s for all comparisons together)" if summary.seconds else ""),
            (
                "- truth without suicide: Benson's theorem and its converse (*theorem*), no game search"
                if s.truth.benson_complete and summary.truth_states == 0
                else f"- truth search budget: {s.truth.budget:,} positions per component; positions visited in all: {summary.truth_states:,}"
            ),
            "",
            "| comparison | agree | disagree | undecided |",
            "|---|---:|---:|---:|",
        ]
        for label, counts in summary.counts.items():
            lines.append(f"| {label} | {counts['agree']:,} | {counts['disagree']:,} | {counts['undecided']:,} |")
        lines.append("")
        if s.truth.benson_complete:
            lines += [
                "truth@no here is Benson's casting-out, known by *theorem* (Benson's theorem and its converse,",
                "above), not searched; the findings below are shown with the game search's own witnesses.",
                "",
            ]
        for label, by_kind in summary.kinds.items():  # records written before kinds were counted lack them
            a, _, b = label.partition(" vs ")
            lines += [
                f"Disagreements of {label} by kind: {by_kind['a']:,} positions where {a} calls a chain pass-alive that"
                f" {b} does not, {by_kind['b']:,} the other way round"
                f" ({by_kind['a'] + by_kind['b'] - summary.counts[label]['disagree']:,} show both).",
                "",
            ]
        if not summary.findings:
            lines += ["No disagreement found.", ""]
        for finding in summary.findings:
            a, _, b = finding.comparison.partition(" vs ")
            claims, other = (a, b) if finding.kind == "a" else (b, a)
            lines += [
                f"### {finding.comparison}: {claims} says pass-alive, {other} does not",
                "",
                f"Minimal board: {finding.stones} stone{'s' if finding.stones != 1 else ''} on {finding.size}"
                f" (shrunk from a {finding.found_on} position).",
                "",
                "```",
                finding.diagram.rstrip("\n"),
                "```",
                "",
            ]
            for w in finding.witnesses:
                lines.append(
                    f"- {w.by} captures {w.chain} ({w.suicide} suicide): {' '.join(w.moves)} -- replayed by the move simulator"
                )
            if finding.proof:
                lines.append(f"- {finding.proof}")
            lines.append("")
            key = slug(finding.comparison)
            corpus.setdefault(key, [])
            block = finding.diagram.rstrip("\n")
            if block not in corpus[key]:
                corpus[key].append(block)
    lines += [
        "## What remains",
        "",
        "Searches marked incomplete above resume where they stopped: `.venv/bin/python bench/findings.py",
        "--time-limit SECONDS --jobs 2` (or the command line given for each search). Without the",
        "lemmas, the random search's budget leaves positions with living groups next to large open",
        "areas undecided; `passalive explore --z3 SECONDS` hands those chains to the Z3 complete",
        "check at a much higher cost per position, and `--lemmas` settles them by the theorems above.",
        "",
    ]
    for key, blocks in corpus.items():
        header = (
            f"Counterexamples found by `passalive explore` ({key.replace('-', ' ')}); generated by\n"
            "bench/findings.py -- the diagrams are minimal boards where the two sides disagree, with\n"
            "both verdicts and the capturing sequence the game truth found.\n\n"
        )
        (EXAMPLES / f"findings-{key}.txt").write_text(header + "\n\n".join(blocks) + "\n")
    text = "\n".join(lines)
    old = DOC.read_text() if DOC.exists() else ""
    if KEPT in old:  # sections written by other benchmarks stay (static safety)
        text = text.rstrip("\n") + "\n\n" + old[old.index(KEPT):]
    DOC.write_text(text)
    return text


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", choices=sorted(SEARCHES), help="run only these searches")
    parser.add_argument("--time-limit", type=float, default=600.0, help="seconds per search before it stops (resumable)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--cluster", metavar="ADDRESS", help="run the units on this Dask scheduler's workers (docs/cluster.md)")
    parser.add_argument("--write-only", action="store_true", help="regenerate the document from the records")
    args = parser.parse_args(argv)
    RUNS.mkdir(parents=True, exist_ok=True)
    if not args.write_only:
        for name in args.only or list(SEARCHES):
            started = time.monotonic()
            print(f"== {name}", file=sys.stderr)
            run(SEARCHES[name], out=RUNS / f"{name}.jsonl", jobs=args.jobs, time_limit=args.time_limit, shrink_examples=0,
                cluster=args.cluster)
            print(f"   {time.monotonic() - started:.0f} s", file=sys.stderr)
    summaries = {name: summary_of(name, search) for name, search in SEARCHES.items() if (RUNS / f"{name}.jsonl").exists()}
    write(summaries)
    print(f"wrote {DOC.relative_to(ROOT)}", file=sys.stderr)


if __name__ == "__main__":
    main()
