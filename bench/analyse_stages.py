"""The stages of `passalive analyse --all-nodes --jsonl`, timed: shared by bench_games.py and bench_kernel.py.

Two measures of the same command, each written once here:

* `run_analyse`: the whole command as a separate process (start-up
  included), its positions, wall time and CPU time (the process and its
  workers);
* `node_stages`: the node by node path in this process, stage by stage,
  on the product's own functions -- reading the SGF (`read_games`),
  replaying the moves (`Game.positions`, the stones kept as bitsets), the
  analysis (`passalive.cli.analyse.fast_summary`, the bitset summary
  `analyse --jsonl` makes of a node) and the JSON line
  (`passalive.cli.analyse.summary_entry`, the line it writes); a benchmark
  may add stages of its own beside the pipeline (`extra`), timed on the same
  positions.

Rebuilding a stage here instead of calling the product would measure code the
product does not run, so every stage is a call of the function the command calls.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from pathlib import Path

from cpu import children_cpu

from passalive.cli.analyse import fast_summary, summary_entry
from passalive.cli.collection import Item
from passalive.go.game import Position
from passalive.grammar.sgf import read_games

PIPELINE = ("read", "replay", "analysis", "json")
"""The stages of the node by node path, in the order a node goes through them."""

Extra = Callable[[Position], Callable[[], object]]
"""A benchmark's own stage: given a node's position, what to time (made untimed from the position)."""


def run_analyse(
    folder: Path, jobs: int = 1, env: Mapping[str, str] | None = None, before: str = ""
) -> tuple[int, float, float]:
    """(positions, wall seconds, CPU seconds) of `passalive analyse folder --all-nodes --jsonl --jobs N`
    in a process of its own (`env`: its environment; `before`: Python run before the command)."""
    code = before + "from passalive.cli import main; main()"
    command = [sys.executable, "-c", code, "analyse", str(folder), "--all-nodes", "--jsonl", "--jobs", str(jobs)]
    cpu = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, check=True, env=None if env is None else dict(env))
    wall = time.perf_counter() - start
    return done.stdout.count("\n"), wall, children_cpu() - cpu


def node_stages(
    paths: list[Path], rounds: int = 1, extra: Mapping[str, Extra] | None = None
) -> tuple[dict[str, float], int]:
    """CPU seconds of each stage over every node of the games (the least of `rounds` per stage:
    `PIPELINE`, then `extra`'s), and the count of positions."""
    extra = extra or {}
    clock = time.process_time
    best: dict[str, float] = {}
    count = 0
    with open(os.devnull, "w", encoding="utf-8") as sink:
        for _ in range(rounds):
            totals = dict.fromkeys((*PIPELINE, *extra), 0.0)
            count = 0
            for path in paths:
                data = path.read_bytes()
                t = clock()
                games = list(read_games(data, str(path)))
                totals["read"] += clock() - t
                for game in games:
                    t = clock()
                    positions = list(game.positions())
                    totals["replay"] += clock() - t
                    for number, position in enumerate(positions, 1):
                        t = clock()
                        item = Item(str(path), number, None, position)
                        summary = fast_summary(item, position.suicide, None)
                        totals["analysis"] += clock() - t
                        assert summary is not None, "a node of a 19x19 or 9x9 game takes the fast path"
                        t = clock()
                        line = summary_entry(item, summary, position.suicide, line=True)
                        assert isinstance(line, str)
                        sink.write(line)
                        totals["json"] += clock() - t
                        for name, stage in extra.items():
                            run = stage(position)
                            t = clock()
                            run()
                            totals[name] += clock() - t
                        count += 1
            for stage_name, seconds in totals.items():
                best[stage_name] = min(best.get(stage_name, seconds), seconds)
    return best, count
