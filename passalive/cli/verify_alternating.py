"""`passalive verify --alternating`: each chain's safety under alternating play.

For every chain: the variant's claim (safe or not) and whether the owner,
answering every attacking move, keeps it uncaptured (`holds`), the attacker's
winning line (`refuted`), or `unknown` when the search budget ran out.  For
static safety also the whole claim of each colour, safe regions included.
Exit status 1 when a chain claimed safe is refuted.  `--json` prints

    {"diagrams": [{"file", "title", "variant", "chains": [{"colour", "stones", "claim",
                   "result", "line", "states", "contradicted"}], "claims": [...]}]}
"""

from __future__ import annotations

import json

import click

from passalive.grammar.read import read_diagrams
from passalive.output.render import render_plain
from passalive.tools.safety import alternating_report


def run_alternating(files: tuple[str, ...], variant: str, as_json: bool, budget: int) -> None:
    """Check every diagram of the files; exit 1 when a claim is refuted."""
    entries = []
    texts = []
    contradicted = 0
    for path in files:
        for number, diagram in enumerate(read_diagrams(path), 1):
            records, notes = alternating_report(diagram.board, variant, budget)
            contradicted += sum(1 for r in records if r.contradicted)
            contradicted += sum(1 for n in notes if ": refuted" in n)
            if as_json:
                entries.append({"file": path, "title": diagram.title, "variant": variant, "chains": [r.to_json() for r in records], "claims": notes})
                continue
            out = [f"== {path} #{number}: {diagram.title or '(untitled)'}", f"-- variant {variant}, alternating play"]
            out.append(render_plain(diagram.board).rstrip("\n"))
            for r in records:
                mark = "CONTRADICTED " if r.contradicted else ""
                line = f" by {r.line}" if r.line else ""
                out.append(f"{mark}{r.colour} {' '.join(r.stones)}: claim {r.claim}; {r.result}{line}")
            out += notes
            texts.append("\n".join(out))
    if as_json:
        click.echo(json.dumps({"diagrams": entries}, indent=2))
    else:
        click.echo("\n\n".join(texts))
    if contradicted:
        raise SystemExit(1)
