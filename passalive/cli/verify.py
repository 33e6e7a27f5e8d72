"""`passalive verify FILE...`: check a variant's verdicts at the level of the game.

For every chain of every diagram: the variant's claim (alive / not alive)
and what the solver establishes -- *proven* (no attacker sequence of any
length captures it), *alive for K moves*, *captured* by a sequence (shown as
Sensei's Library diagrams with numbered moves and in GTP coordinates) or
*unknown* (time-out).  Exit status 1 when a claim is contradicted.

`--json` prints

    {"diagrams": [{"file", "title", "variant", "suicide", "complete", "seconds",
                   "chains": [{"colour", "stones", "claim", "result", "depth",
                               "sequence"}]}]}
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import click

from passalive.cli.collection import Item, Runner, collection_options, echo_document, echo_json_line, finish, run, selection_of
from passalive.cli.options import PICTURES, Seconds, output_options, write_pictures
from passalive.go.diagram import Diagram
from passalive.errors import UsageError
from passalive.output.render import ANALYSIS_GLYPHS, fancy_output, render_sensei, terminal_board
from passalive.tools.figures import verification_marks, verification_pictures
from passalive.go.suicide import Suicide
from passalive.solver.simulator import name as move_name
from passalive.solver.verify import ChainVerdict, Verification, sequence_diagrams, verify
from passalive.solver.z3check import Status


def _sequence(v: Verification, verdict: ChainVerdict) -> list[str]:
    from passalive.solver.simulator import Game

    game = Game.of(v.board, verdict.colour)
    return [move_name(game, m) for m in verdict.sequence]


def _result_text(v: Verification, verdict: ChainVerdict) -> str:
    if verdict.result is Status.PROVEN:
        how = "two-region certificate" if verdict.depth == 0 else f"searched to the complete bound, {verdict.depth}"
        return f"proven (no capture by any sequence; {how})"
    if verdict.result is Status.ALIVE_TO_DEPTH:
        return f"alive for {verdict.depth} moves (no capture within {verdict.depth} attacker moves)"
    if verdict.result is Status.UNKNOWN:
        return f"unknown (time ran out; no capture within {verdict.depth} moves)"
    attacker = verdict.colour.opponent.value
    n = len(verdict.sequence)
    return f"captured by {attacker} in {n} move{'s' if n != 1 else ''}: {' '.join(_sequence(v, verdict))}"


def _text(path: str, number: int, diagram: Diagram, v: Verification, fmt: str = "plain", fancy: bool = False) -> str:
    board = v.board
    title = diagram.title or "(untitled)"
    mode = "complete" if v.complete else f"depth {v.depth}"
    out = [f"== {path} #{number}: {title}", f"-- variant {v.variant}, suicide={v.suicide.value}, {mode}, {v.seconds:.2f} s"]
    try:
        if fmt == "sl":
            out.append(render_sensei(board).rstrip("\n"))
        else:
            out.append(terminal_board(board, verification_marks(v), ANALYSIS_GLYPHS, fancy=fancy).rstrip("\n"))
    except ValueError:
        out.append("(not a grid)")
    for verdict in v.chains:
        chain = board.chains[verdict.chain]
        mark = "CONTRADICTED " if verdict.contradicted else ""
        out.append(
            f"{mark}{verdict.colour.value} {' '.join(board.names(chain.points))}: "
            f"claim {verdict.claim}; {_result_text(v, verdict)}"
        )
        if verdict.result is Status.CAPTURED and board.size is not None:
            for text in sequence_diagrams(board, verdict.colour, verdict.sequence, v.suicide):
                out.append(text.rstrip("\n"))
    bad = v.contradictions
    out.append(f"{len(bad)} claim(s) contradicted" if bad else "no claim contradicted")
    return "\n".join(out)


def _entry(path: str, diagram: Diagram, v: Verification) -> dict[str, Any]:
    chains = []
    for verdict in v.chains:
        chain = v.board.chains[verdict.chain]
        chains.append(
            {
                "colour": verdict.colour.value,
                "stones": v.board.names(chain.points),
                "claim": verdict.claim,
                "result": verdict.result.value,
                "depth": verdict.depth,
                "sequence": _sequence(v, verdict),
            }
        )
    return {
        "file": path,
        "title": diagram.title,
        "variant": v.variant,
        "suicide": v.suicide.value,
        "complete": v.complete,
        "seconds": round(v.seconds, 3),
        "chains": chains,
    }


@click.command("verify")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--variant", metavar="NAME", default=None,
              help="The variant whose claims are checked. Default: casting-out (suicide with --suicide).")
@click.option("--suicide", is_flag=True, help="Multi-stone suicide is legal (overrides an SGF game's RU).")
@click.option("--depth", type=click.IntRange(min=1), default=None, metavar="K",
              help="Bounded check: attacker sequences of up to K moves.")
@click.option("--complete", is_flag=True, help="Complete check up to the proven bound (the default).")
@click.option("--timeout", type=Seconds(), default=120.0, show_default=True,
              metavar="S", help="Seconds per diagram; what is not settled by then is reported unknown.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@output_options(("plain", "sl", "svg", "sgf", "png"))
@collection_options
def command(
    files: tuple[str, ...],
    variant: str | None,
    suicide: bool,
    depth: int | None,
    complete: bool,
    timeout: float,
    as_json: bool,
    fmt: str,
    out: str | None,
    no_color: bool,
    node: int | None,
    move: int | None,
    all_nodes: bool,
    variation: int,
    keep_going: bool,
    jsonl: bool,
    progress: bool,
    jobs: int,
) -> None:
    """Prove or refute each chain's verdict by searching attacker sequences."""
    if depth is not None and complete:
        raise UsageError("give either --depth K or --complete, not both")
    selection = selection_of(node, move, all_nodes, variation, suicide=Suicide.MULTI if suicide else None)
    output = "json" if as_json else "jsonl" if jsonl else fmt if fmt in PICTURES else "text"
    settings = _Settings(variant, suicide, depth, timeout, output, fmt, fancy_output(no_color))
    entries: list[dict[str, Any]] = []
    pictures: list[tuple[str, str, str]] = []
    contradicted = 0
    first = True

    def emit(result: tuple[Any, int]) -> None:
        nonlocal contradicted, first
        output, bad = result
        contradicted += bad
        if settings.output in PICTURES:
            pictures.extend(output)
        elif settings.output == "json":
            entries.append(output)
        elif settings.output == "jsonl":
            echo_json_line(output)
        else:
            click.echo(("" if first else "\n") + output)
            first = False

    failed = run(files, selection, Runner(keep_going, jsonl, progress, jobs), _work, settings, emit)
    if settings.output in PICTURES:
        write_pictures(pictures, out, settings.output)
    elif settings.output == "json":
        echo_document({"diagrams": entries})
    finish(failed)
    if contradicted:
        sys.exit(1)


@dataclass(frozen=True)
class _Settings:
    variant: str | None
    suicide: bool
    depth: int | None
    timeout: float
    output: str
    """`text`, `json`, `jsonl` or a picture format."""
    fmt: str = "plain"
    fancy: bool = False


def _work(item: Item, settings: _Settings) -> tuple[Any, int]:
    """One item's verification (JSON dict or text) and how many claims it contradicts."""
    v = verify(
        item.diagram.board, settings.variant, item.suicide(settings.suicide), depth=settings.depth,
        complete=settings.depth is None, timeout=settings.timeout,
    )
    if settings.output in PICTURES:
        return verification_pictures(settings.output, item.file, item.number, item.diagram, v), len(v.contradictions)
    if settings.output == "text":
        return _text(item.file, item.number, item.diagram, v, settings.fmt, settings.fancy), len(v.contradictions)
    entry = _entry(item.file, item.diagram, v)
    if settings.output == "jsonl" or item.position is not None:
        entry = {**item.fields(), **entry}
    return entry, len(v.contradictions)
