"""Disagreements of an exhaustive search on its own board, not shrunk, with the game's witnesses.

    .venv/bin/python bench/census_examples.py exhaustive-4x5-knechtel --per-kind 2

`bench/findings.py` shrinks each kind of disagreement to a minimal board, which may be smaller
than the board searched (the 4x5 search's findings shrink to 4x1 and 3x2).  This prints, from the
recorded examples of `bench/runs/NAME.jsonl`, the positions with fewest stones of each kind (the
first in the record among equals) as they are on the searched board: a Sensei's Library diagram
with both sides' verdicts and, for every chain the game captures, the attacker's moves replayed
by the move simulator.  The truth here is always the game search (no theorem), so each example
also checks the theorem the search's counts relied on.  docs/findings.md shows its output.
"""

from __future__ import annotations

import argparse
from dataclasses import replace

from findings import RUNS, SEARCHES

from passalive.go.bitboard import Grid
from passalive.tools.explore.search import UnitRecord, describe, read_records


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", choices=sorted(SEARCHES))
    parser.add_argument("--per-kind", type=int, default=2)
    args = parser.parse_args()
    search = SEARCHES[args.name]
    truth = replace(search.truth, benson_complete=False)
    records = [UnitRecord.from_json(r) for r in read_records(RUNS / f"{args.name}.jsonl") if search.owns(r) and r["type"] == "unit"]
    for comparison in search.comparisons:
        for kind in ("a", "b"):
            pool = sorted(
                ((t.count("X") + t.count("O"), r.unit), r.size, t)
                for r in records
                for t in r.examples[comparison.label][kind]
            )
            for _, size, text in pool[: args.per_kind]:
                grid = Grid.parse(size)
                finding = describe(comparison, kind, grid, grid.parse_text(text.split("/")), {}, truth, size)
                print("```")
                print(finding.diagram.rstrip("\n"))
                print("```")
                print()
                for w in finding.witnesses:
                    print(f"- {w.by} captures {w.chain} ({w.suicide} suicide): {' '.join(w.moves)} -- replayed by the move simulator")
                if finding.proof:
                    print(f"- {finding.proof}")
                print()


if __name__ == "__main__":
    main()
