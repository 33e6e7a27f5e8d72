"""`passalive eyes FILE... [--variant NAME ...] [--json] [--check]`: the instant eye tester.

Prints every diagram with its eye points marked — `r` real under every variant
shown, `f` false under every one, `?` where the variants disagree — and a line
per eye point with each variant's verdict and, for a false eye, the chains no
path joins.  `--check` compares with the diagram's `{EYES}`/`{PATH}` lines
and exits with status 1 on a mismatch; `--engine rules` computes with the
rule program, and `--explain` prints its proof of every false verdict (points
named as on the board; see `passalive.definitions.facts.explain_fact`).  The variants are described in
`passalive.tools.eyes` and `docs/eyes-and-scoring.md`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import click

from passalive.cli.collection import Inputs, Item, Sink, collection_options, finish, refuse_repeated, report_expectations, run
from passalive.go.board import Board
from passalive.tools.claims import problem_messages
from passalive.tools.eyes import ENGINES, VARIANTS, EyeReport, claim_results, classify_all, disagreements, explain_eye
from passalive.cli.options import PICTURES, output_options
from passalive.output.render import EYE_GLYPHS, fancy_output, terminal_board
from passalive.tools.figures import eyes_pictures, eyes_sensei


def _chain_name(board: Board, chain: int) -> str:
    return board.names(board.chains[chain].points)[0]


def _verdict_text(board: Board, report: EyeReport, point: int) -> str:
    verdict = report.verdict_at(point)
    assert verdict is not None
    if verdict.real:
        return "real"
    if not verdict.unjoined:  # the rule engine gives the verdict without the pairs (see --explain)
        return "false"
    pairs = ", ".join(f"{_chain_name(board, a)}/{_chain_name(board, b)}" for a, b in verdict.unjoined)
    return f"false ({pairs} not joined)"


def eyes_json(board: Board, title: str, reports: Mapping[str, EyeReport], engine: str = "direct") -> dict[str, Any]:
    """One diagram's results as a JSON-able dict."""
    first = next(iter(reports.values()))
    eyes = []
    for verdict in sorted(first.verdicts, key=lambda v: board.names([v.eye.point])):
        p = verdict.eye.point
        eyes.append(
            {
                "point": board.name(p),
                "colour": verdict.eye.colour.value,
                "verdicts": {name: ("real" if p in r.real else "false") for name, r in reports.items()},
            }
        )
    return {
        "title": title,
        "engine": engine,
        "variants": list(reports),
        "eyes": eyes,
        "real": {name: board.names(r.real) for name, r in reports.items()},
        "false": {name: board.names(r.false) for name, r in reports.items()},
        "disagree": board.names(disagreements(reports)),
    }


@click.command("eyes")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "--variant",
    "variants",
    multiple=True,
    type=click.Choice(list(VARIANTS)),
    help="Variant(s) to run (repeatable); default: all of them.",
)
@click.option(
    "--engine",
    type=click.Choice(ENGINES),
    default="direct",
    show_default=True,
    help="Compute with the union-find code or the rule program on the rule engine.",
)
@click.option("--explain", is_flag=True, help="Print the rule engine's proof of every false verdict.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--check", is_flag=True, help="Compare with the diagrams' {EYES}/{PATH} lines; exit 1 on a mismatch.")
@click.option("--allow-illegal", is_flag=True, help="Accept positions with a chain that has no liberties.")
@output_options(("plain", "sl", "svg", "sgf", "png"))
@collection_options
def command(
    files: tuple[str, ...],
    variants: tuple[str, ...],
    engine: str,
    explain: bool,
    as_json: bool,
    check: bool,
    allow_illegal: bool,
    fmt: str,
    out: str | None,
    no_color: bool,
    inputs: Inputs,
) -> None:
    """Classify every one-point eye of FILE... as real or false (the instant eye tester)."""
    refuse_repeated("--variant", variants)
    output = inputs.output(as_json, fmt)
    settings = _Settings(variants or tuple(VARIANTS), engine, explain, output, check, fmt, fancy_output(no_color))
    selection = inputs.selection(allow_illegal=allow_illegal)
    sink = Sink(output, out, colour=settings.fancy)
    problems: list[str] = []
    compared = positions = 0

    def emit(result: tuple[Any, list[str], int]) -> None:
        nonlocal compared, positions
        done, found, claims = result
        problems.extend(found)
        compared += claims
        positions += 1
        sink.add(done)

    failed = run(files, selection, inputs.runner, _work, settings, emit)
    sink.close(failed)
    if check:
        report_expectations(problems, compared, positions, "{EYES} or {PATH}")
    finish(failed)


@dataclass(frozen=True)
class _Settings:
    variants: tuple[str, ...]
    engine: str
    explain: bool
    output: str
    """`text`, `json`, `jsonl` or a picture format."""
    check: bool
    fmt: str = "plain"
    fancy: bool = False


def _work(item: Item, settings: _Settings) -> tuple[Any, list[str], int]:
    """One item's eye verdicts (a JSON dict or text), its --check mismatches and how many claims were compared."""
    diagram = item.diagram
    board = diagram.board
    reports = classify_all(board, settings.variants, settings.engine)
    claims = claim_results(diagram) if settings.check else ()
    problems = problem_messages(claims)
    if settings.output in PICTURES:
        return eyes_pictures(settings.output, item.file, item.picture_number, diagram, reports), problems, len(claims)
    if settings.output != "text":
        data = eyes_json(board, diagram.title, reports, settings.engine)
        entry = {**item.fields(), **data} if settings.output == "jsonl" or item.position is not None else data
        return entry, problems, len(claims)
    differ = disagreements(reports)
    first = next(iter(reports.values()))
    marks = {}
    for verdict in first.verdicts:
        p = verdict.eye.point
        marks[p] = "?" if p in differ else ("r" if verdict.real else "f")
    if settings.fmt == "sl":
        drawn = eyes_sensei(board, reports, diagram.title).rstrip("\n")
    else:
        drawn = terminal_board(board, marks, EYE_GLYPHS, fancy=settings.fancy).rstrip("\n")
    lines = [f"{diagram.location or item.file}: {diagram.title or '(untitled)'}", drawn]
    if not first.verdicts:
        lines.append("no eye points")
    for verdict in sorted(first.verdicts, key=lambda v: board.names([v.eye.point])):
        p = verdict.eye.point
        texts = "; ".join(f"{name}: {_verdict_text(board, r, p)}" for name, r in reports.items())
        lines.append(f"  {board.name(p)} {verdict.eye.colour.value}{'  (variants disagree)' if p in differ else ''}: {texts}")
        if settings.explain:
            for name, report in reports.items():
                if p not in report.real:
                    proof = explain_eye(board, p, name).rstrip("\n").replace("\n", "\n      ")
                    lines.append(f"    why {board.name(p)} is false under {name}:\n      {proof}")
    return "\n".join(lines) + "\n", problems, len(claims)
