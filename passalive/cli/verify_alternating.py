"""`passalive verify --alternating`: each chain's safety under alternating play.

For every chain: the variant's claim (safe or not) and whether the owner,
answering every attacking move, keeps it uncaptured (`holds`), the attacker's
winning line (`refuted`), or `unknown` when the search budget ran out.  For
static safety also the whole claim of each colour, safe regions included.
Exit status 1 when a chain claimed safe is refuted.  The inputs are read like
every other reading command's (files, folders, SGF nodes; `Inputs`).
`--json` prints

    {"diagrams": [{"file", "title", "variant", "suicide", "chains": [{"colour", "stones", "claim",
                   "result", "line", "states", "contradicted", "why"}], "claims": [...]}]}

The search is with suicide illegal (`suicide` is always `no`): a game whose `RU` makes suicide
legal is an error, not an answer under other rules, and the options that would change the rule,
bound the search otherwise or draw pictures are refused (`refuse_ignored`).

`--budget` bounds each search's positions and `--timeout` all the searches
of one position; a chain left open is `unknown`, with what ran out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from passalive.cli.collection import Inputs, Item, Sink, finish, run
from passalive.cli.options import option_given
from passalive.errors import InputError, UsageError
from passalive.go.suicide import Suicide
from passalive.output.render import render_plain
from passalive.tools.safety import alternating_report


@dataclass(frozen=True)
class _Settings:
    variant: str
    budget: int
    timeout: float
    """Seconds for all the searches of one position."""
    output: str
    """`text`, `json` or `jsonl`."""


def _work(item: Item, settings: _Settings) -> tuple[Any, int]:
    """One item's report (JSON entry or text) and how many claims alternating play refutes."""
    diagram = item.diagram
    rule = item.suicide(False)
    if rule is not Suicide.ILLEGAL:
        source = f" ({item.position.game.info.suicide_source})" if item.position is not None else ""
        raise InputError(f"verify --alternating searches only with suicide illegal, not suicide={rule.value}{source}", diagram.location)
    deadline = time.monotonic() + settings.timeout
    records, notes = alternating_report(diagram.board, settings.variant, settings.budget, deadline)
    refuted = sum(1 for r in records if r.contradicted) + sum(1 for n in notes if ": refuted" in n)
    if settings.output != "text":
        entry = {"file": item.file, "title": diagram.title, "variant": settings.variant, "suicide": rule.value, "chains": [r.to_json() for r in records], "claims": notes}
        return ({**item.fields(), **entry} if item.position is not None else entry), refuted
    out = [f"== {item.heading()}", f"-- variant {settings.variant}, alternating play, suicide=no"]
    out.append(render_plain(diagram.board).rstrip("\n"))
    for r in records:
        mark = "CONTRADICTED " if r.contradicted else ""
        line = f" by {r.line}" if r.line else ""
        why = f" ({r.why})" if r.why else ""
        out.append(f"{mark}{r.colour} {' '.join(r.stones)}: claim {r.claim}; {r.result}{why}{line}")
    out += notes
    return "\n".join(out), refuted


IGNORED = (("suicide", "--suicide"), ("pass_alive_suicide", "--pass-alive-suicide"), ("depth", "--depth"),
           ("complete", "--complete"), ("witness", "--witness"), ("fmt", "--format"), ("out", "--out"))  # (parameter, flag)
"""The options of `verify` that the alternating-play search has no use for: it searches with suicide illegal,
to the end of the game, and prints text or JSON (its refutations are lines of moves, not drawn)."""


def refuse_ignored() -> None:
    """A UsageError for an option written on the command line that --alternating would ignore,
    rather than an answer to another question."""
    for parameter, option in IGNORED:
        if option_given(parameter):
            raise UsageError(
                f"verify --alternating does not take {option}: it searches alternating play with suicide "
                "illegal, to the end, and prints text or JSON (--json)"
            )


def run_alternating(files: tuple[str, ...], variant: str, as_json: bool, budget: int, timeout: float, inputs: Inputs) -> int:
    """Check every position of the inputs; the number of refuted claims (the caller exits 1 then)."""
    output = inputs.output(as_json, "plain")  # text, json or jsonl: no pictures here
    sink = Sink(output)
    refuted = 0

    def emit(result: tuple[Any, int]) -> None:
        nonlocal refuted
        done, bad = result
        refuted += bad
        sink.add(done)

    failed = run(files, inputs.selection(), inputs.runner, _work, _Settings(variant, budget, timeout, output), emit)
    sink.close(failed)
    finish(failed)
    return refuted
