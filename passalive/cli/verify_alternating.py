"""`passalive verify --alternating`: each chain's safety under alternating play.

For every chain: the variant's claim (safe or not) and whether the owner,
answering every attacking move, keeps it uncaptured (`holds`), the attacker's
winning line (`refuted`), or `unknown` when the search budget ran out.  For
static safety also the whole claim of each colour, safe regions included.
Exit status 1 when a chain claimed safe is refuted.  The inputs are read like
every other reading command's (files, folders, SGF nodes; `Inputs`).
`--json` prints

    {"diagrams": [{"file", "title", "variant", "chains": [{"colour", "stones", "claim",
                   "result", "line", "states", "contradicted", "why"}], "claims": [...]}]}

`--budget` bounds each search's positions and `--timeout` all the searches
of one position; a chain left open is `unknown`, with what ran out.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from passalive.cli.collection import Inputs, Item, Sink, finish, run
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
    deadline = time.monotonic() + settings.timeout
    records, notes = alternating_report(diagram.board, settings.variant, settings.budget, deadline)
    refuted = sum(1 for r in records if r.contradicted) + sum(1 for n in notes if ": refuted" in n)
    if settings.output != "text":
        entry = {"file": item.file, "title": diagram.title, "variant": settings.variant, "chains": [r.to_json() for r in records], "claims": notes}
        return ({**item.fields(), **entry} if item.position is not None else entry), refuted
    out = [f"== {item.heading()}", f"-- variant {settings.variant}, alternating play"]
    out.append(render_plain(diagram.board).rstrip("\n"))
    for r in records:
        mark = "CONTRADICTED " if r.contradicted else ""
        line = f" by {r.line}" if r.line else ""
        why = f" ({r.why})" if r.why else ""
        out.append(f"{mark}{r.colour} {' '.join(r.stones)}: claim {r.claim}; {r.result}{why}{line}")
    out += notes
    return "\n".join(out), refuted


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
    sink.close()
    finish(failed)
    return refuted
