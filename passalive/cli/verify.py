"""`passalive verify FILE...`: check a variant's verdicts at the level of the game.

For every chain of every diagram: the variant's claim (alive / not alive)
and what the solver establishes -- *proven* (no attacker sequence of any
length captures it), *alive for K moves*, *captured* by a sequence (shown as
Sensei's Library diagrams with numbered moves and in GTP coordinates) or
*unknown* (time-out; what Benson's theorem or the suicide lemma says about
the chain follows, labelled as a theorem).  Exit status 1 when a claim is
contradicted.

`--json` prints

    {"diagrams": [{"file", "title", "variant", "suicide", "complete", "seconds",
                   "chains": [{"colour", "stones", "claim", "result", "method",
                               "depth", "sequence", "theorem"}]}]}

`method` says how a result was obtained (`exhaustive search`, `Z3 complete
check`, `two-region certificate`, `liberty filling`, ...; null when unknown),
`theorem` what a static theorem says of an unknown chain (`Benson's theorem`
or `the suicide lemma`: pass-alive; null: nothing).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any

import click

from passalive.cli.collection import Inputs, Item, Sink, collection_options, finish, run
from passalive.cli.options import PICTURES, Seconds, option_given, output_options, pass_alive_suicide_option
from passalive.go.diagram import Diagram
from passalive.errors import UsageError
from passalive.output.render import ANALYSIS_GLYPHS, fancy_output, render_sensei, terminal_board
from passalive.tools.figures import verification_marks, verification_pictures
from passalive.go.suicide import Suicide
from passalive.go.board import Colour
from passalive.solver.simulator import Game
from passalive.solver.simulator import name as move_name
from passalive.solver.truth import Method, Status
from passalive.tools.verify import ChainVerdict, Verification, sequence_diagrams, verify


def _sequence(v: Verification, verdict: ChainVerdict, games: dict[Colour, Game] | None = None) -> list[str]:
    """The names of a verdict's moves; `games` keeps each colour's game of the board, made once."""
    games = {} if games is None else games
    if verdict.colour not in games:
        games[verdict.colour] = Game.of(v.board, verdict.colour)
    return [move_name(games[verdict.colour], m) for m in verdict.sequence]


SHOWN_MOVES = 20
"""Moves of a capturing sequence `--witness short` names; the rest are counted."""

SHOWN_WITNESSES = 5
"""Captured chains per diagram whose sequences `--witness short` draws as diagrams."""


def _names(moves: list[str], witness: str) -> str:
    """A sequence's move names: all with `--witness full`, else the first SHOWN_MOVES."""
    if witness == "full" or len(moves) <= SHOWN_MOVES:
        return " ".join(moves)
    return " ".join(moves[:SHOWN_MOVES]) + f" … ({len(moves) - SHOWN_MOVES} more; --witness full names them all)"


def _result_text(
    v: Verification, verdict: ChainVerdict, witness: str = "full", games: dict[Colour, Game] | None = None
) -> str:
    truth = verdict.truth
    if verdict.result is Status.PROVEN:
        return f"proven (no capture by any sequence; {_how(truth.method, verdict.depth, truth.reason)})"
    if verdict.result is Status.ALIVE_TO_DEPTH:
        return f"alive for {verdict.depth} moves (no capture within {verdict.depth} attacker moves)"
    if verdict.result is Status.UNKNOWN:
        text = f"unknown ({truth.reason or 'time ran out'}; no capture within {verdict.depth} moves)"
        if truth.theorem is not None:
            return f"{text}; by {truth.theorem.value}, not by search: pass-alive"
        return f"{text}; no static theorem settles it"
    attacker = verdict.colour.opponent.value
    n = len(verdict.sequence)
    return f"captured by {attacker} in {n} move{'s' if n != 1 else ''}: {_names(_sequence(v, verdict, games), witness)}"


def _how(method: Method | None, depth: int, note: str = "") -> str:
    """How a proof was obtained, in words."""
    if method is Method.Z3:
        moves = f"{depth} move{'s' if depth != 1 else ''}"
        return f"Z3 searched to the complete bound, {moves}" + (f" {note}" if note else "")
    if method is Method.SEARCH:
        return "exhaustive search of every reachable position"
    return method.value if method is not None else "?"


def _text(
    path: str,
    number: int,
    diagram: Diagram,
    v: Verification,
    fmt: str = "plain",
    fancy: bool = False,
    witness: str = "full",
    deadline: float | None = None,
) -> str:
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
    drawn = left_out = 0
    games: dict[Colour, Game] = {}
    for verdict in v.chains:
        chain = board.chains[verdict.chain]
        mark = "CONTRADICTED " if verdict.contradicted else ""
        out.append(
            f"{mark}{verdict.colour.value} {' '.join(board.names(chain.points))}: "
            f"claim {verdict.claim}; {_result_text(v, verdict, witness, games)}"
        )
        if verdict.result is Status.CAPTURED and board.size is not None:
            # Drawing is the costly part of a report: bounded unless --witness full
            # (a contradicted claim's witness is always drawn).
            short = witness != "full" and not verdict.contradicted
            if short and (
                drawn >= SHOWN_WITNESSES
                or len(verdict.sequence) > SHOWN_MOVES
                or (deadline is not None and time.monotonic() > deadline)
            ):
                left_out += 1
                continue
            drawn += 1
            for text in sequence_diagrams(board, verdict.colour, verdict.sequence, v.suicide):
                out.append(text.rstrip("\n"))
    if left_out:
        out.append(f"({left_out} more capturing sequence(s) not drawn; --witness full draws them all)")
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
                "method": verdict.truth.method.value if verdict.truth.method else None,
                "depth": verdict.depth,
                "sequence": _sequence(v, verdict),
                "theorem": verdict.truth.theorem.value if verdict.truth.theorem else None,
            }
        )
    return {
        "file": path,
        "title": diagram.title,
        "variant": v.variant,
        "suicide": v.suicide.value,
        "pass_alive_suicide": v.suicide.value,
        "complete": v.complete,
        "seconds": round(v.seconds, 3),
        "chains": chains,
    }


@click.command("verify")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--variant", metavar="NAME", default=None,
              help="The variant whose claims are checked. Default: casting-out (suicide with --suicide).")
@click.option("--suicide", is_flag=True, help="Multi-stone suicide is legal (overrides an SGF game's RU).")
@pass_alive_suicide_option
@click.option("--depth", type=click.IntRange(min=1), default=None, metavar="K",
              help="Bounded check: attacker sequences of up to K moves.")
@click.option("--complete", is_flag=True, help="Complete check up to the proven bound (the default).")
@click.option("--timeout", type=Seconds(), default=120.0, show_default=True,
              metavar="S", help="Seconds per diagram; what is not settled by then is reported unknown.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--witness", type=click.Choice(["short", "full"]), default="short", show_default=True,
              help="short: name at most 20 moves of a capturing sequence and draw at most 5 per diagram "
                   "(and none once the time is up); full: everything.")
@click.option("--alternating", is_flag=True,
              help="Check safety under alternating play (the attacker moves first, the owner answers) "
              "by exhaustive search on small whole boards; for --variant static-safety.")
@click.option("--budget", type=click.IntRange(min=1), default=300_000, show_default=True, metavar="N",
              help="With --alternating: positions per search before the answer is 'unknown'.")
@output_options(("plain", "sl", "svg", "sgf", "png"))
@collection_options
def command(
    files: tuple[str, ...],
    variant: str | None,
    suicide: bool,
    pass_alive_suicide: Suicide | None,
    depth: int | None,
    complete: bool,
    timeout: float,
    as_json: bool,
    witness: str,
    alternating: bool,
    budget: int,
    fmt: str,
    out: str | None,
    no_color: bool,
    inputs: Inputs,
) -> None:
    """Prove or refute each chain's verdict by searching attacker sequences.

    --timeout bounds each diagram's search and, with --witness short, the
    drawing of its capturing sequences too.
    """
    if alternating:
        from passalive.cli.verify_alternating import refuse_ignored, run_alternating

        refuse_ignored()
        if run_alternating(files, variant or "static-safety", as_json, budget, timeout, inputs):
            sys.exit(1)
        return
    if option_given("budget"):
        raise UsageError("--budget bounds the alternating-play search: give it with --alternating")
    if depth is not None and complete:
        raise UsageError("give either --depth K or --complete, not both")
    selection = inputs.selection(suicide=Suicide.MULTI if suicide else None)
    output = inputs.output(as_json, fmt)
    settings = _Settings(variant, suicide, depth, timeout, output, fmt, fancy_output(no_color), witness, pass_alive_suicide)
    sink = Sink(output, out, colour=settings.fancy)
    contradicted = 0

    def emit(result: tuple[Any, int]) -> None:
        nonlocal contradicted
        done, bad = result
        contradicted += bad
        sink.add(done)

    failed = run(files, selection, inputs.runner, _work, settings, emit)
    sink.close(failed)
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
    witness: str = "short"
    pass_alive_suicide: Suicide | None = None
    """`--pass-alive-suicide`: the rule the claims are made and put to the game under, apart from the rule of play."""


def _work(item: Item, settings: _Settings) -> tuple[Any, int]:
    """One item's verification (JSON dict or text) and how many claims it contradicts.

    The time limit covers the item's whole report: with `--witness short` no
    capturing sequence is drawn once it has passed."""
    deadline = time.monotonic() + settings.timeout
    v = verify(
        item.diagram.board, settings.variant, item.suicide(settings.suicide, settings.pass_alive_suicide), depth=settings.depth,
        complete=settings.depth is None, timeout=settings.timeout,
    )
    if settings.output in PICTURES:
        return verification_pictures(settings.output, item.file, item.picture_number, item.diagram, v), len(v.contradictions)
    if settings.output == "text":
        return _text(
            item.file, item.number, item.diagram, v, settings.fmt, settings.fancy, settings.witness, deadline
        ), len(v.contradictions)
    entry = _entry(item.file, item.diagram, v)
    if settings.output == "jsonl" or item.position is not None:
        entry = {**item.fields(), **entry}
    return entry, len(v.contradictions)
