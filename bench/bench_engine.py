"""Benchmark `passalive engine` against `passalive analyse --all-nodes --jsonl` on the same real games.

    .venv/bin/python bench/bench_engine.py [--jobs 2] [--limit N]

The games are every 19x19 SGF game record under tests/data (GNU Go
self-play, the scoring corpora's human games from OGS, GNU Go's regression
games), main line only.  Each becomes one engine query (`initialStones` from
the root's setup, `moves`, `analyzeTurns` every turn, the record's suicide
rule); a game with setup stones after the root, or a move the engine refuses
(an occupied point, a ko taken back at once), is left out, and so is its file.
In the same run, as separate processes with start-up included:

* `passalive engine --jobs N`: one process answering one query per game, all
  queries on its standard input; positions/s of wall time and CPU time per
  position (the process and its workers);
* `passalive analyse DIR --all-nodes --jsonl --jobs N` over a folder holding
  the same files: the same;
* both with `--jobs 1`.

The targets (issue 21): the engine at least as fast as analyse, and at least
5,000 19x19 positions/s of pass-alive with --jobs 2 on 2 cores (on an idle
machine: a loaded one shows less for both, the ratio stays).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from cpu import children_cpu  # noqa: E402

from passalive.errors import PassaliveError  # noqa: E402
from passalive.go.board import Colour  # noqa: E402
from passalive.go.game import Game  # noqa: E402
from passalive.grammar.sgf import read_games  # noqa: E402
from passalive.tools.engine.query import QueryError, parse_query  # noqa: E402
from passalive.tools.engine.replay import check_moves  # noqa: E402


def query_of(game: Game, name: str) -> dict[str, object] | None:
    """The engine query of a game's main line (every turn), or None when a query cannot say it."""
    board = game.empty_board
    size = game.size
    if any(step.black or step.white or step.empty for step in game.steps[1:]) or game.steps[0].empty:
        return None
    root = game.steps[0]
    initial = [["B", board.name(p)] for p in root.black] + [["W", board.name(p)] for p in root.white]
    moves = [["B" if step.colour is Colour.BLACK else "W", "pass" if step.point is None else board.name(step.point)]
             for step in game.steps if step.colour is not None]
    return {"id": name, "boardXSize": size, "boardYSize": size, "initialStones": initial, "moves": moves,
            "suicide": game.info.suicide.value, "analyzeTurns": list(range(len(moves) + 1))}


def collect(limit: int | None) -> tuple[list[Path], list[str]]:
    """The 19x19 files whose every game makes a query the engine takes, and those queries as lines."""
    files: list[Path] = []
    lines: list[str] = []
    for path in sorted(ROOT.glob("tests/data/**/*.sgf")):
        try:
            games = read_games(path.read_bytes(), str(path))
        except PassaliveError:
            continue
        if not games or any(game.size != 19 for game in games):
            continue
        queries = []
        for game in games:
            query = query_of(game, f"{path.name}#{game.number}")
            if query is None:
                break
            try:
                check_moves(parse_query(query))
            except QueryError:
                break
            queries.append(json.dumps(query, separators=(",", ":")))
        else:
            files.append(path)
            lines.extend(queries)
            if limit is not None and len(files) >= limit:
                break
    return files, lines


def run(command: list[str], stdin: bytes | None) -> tuple[bytes, float, float]:
    """(standard output, wall seconds, CPU seconds of the process and its children)."""
    before = children_cpu()
    start = time.perf_counter()
    done = subprocess.run(command, input=stdin, capture_output=True, check=False)
    wall = time.perf_counter() - start
    if done.returncode not in (0, 2):
        sys.exit(f"{' '.join(command)} failed ({done.returncode}): {done.stderr.decode()[-2000:]}")
    return done.stdout, wall, children_cpu() - before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--limit", type=int, default=None, help="at most this many files (default: all)")
    args = parser.parse_args(argv)
    files, queries = collect(args.limit)
    stdin = ("\n".join(queries) + "\n").encode()
    passalive = [sys.executable, "-c", "from passalive.cli import main; main()"]
    print(f"{len(files)} files, {len(queries)} games of 19x19 under tests/data; {os.cpu_count()} CPUs")
    results: dict[tuple[str, int], float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for number, path in enumerate(files):
            shutil.copy(path, folder / f"{number:04d}-{path.name}")
        for jobs in dict.fromkeys((args.jobs, 1)):
            out, wall, cpu = run([*passalive, "engine", "--jobs", str(jobs)], stdin)
            answers = out.count(b'"turnNumber"')
            errors = out.count(b'"error"')
            results["engine", jobs] = answers / wall
            results["engine cpu", jobs] = cpu / answers
            print(f"engine  --jobs {jobs}: {answers:,} positions in {wall:.2f} s = {answers / wall:,.0f} positions/s; "
                  f"CPU {cpu / answers * 1e6:,.0f} µs per position; {errors} error answers")
            out, wall, cpu = run([*passalive, "analyse", str(folder), "--all-nodes", "--jsonl", "--jobs", str(jobs)], None)
            lines = out.count(b"\n")
            results["analyse", jobs] = lines / wall
            print(f"analyse --jobs {jobs}: {lines:,} positions in {wall:.2f} s = {lines / wall:,.0f} positions/s; "
                  f"CPU {cpu / lines * 1e6:,.0f} µs per position")
    for jobs in dict.fromkeys((args.jobs, 1)):
        ratio = results["engine", jobs] / results["analyse", jobs]
        print(f"--jobs {jobs}: the engine answers {ratio:.2f} x as many positions per second as analyse "
              f"({'at least as fast' if ratio >= 1 else 'SLOWER'})")
    rate = results["engine", args.jobs]
    print(f"target >= 5,000 19x19 positions/s with --jobs {args.jobs}: {'met' if rate >= 5000 else 'not met'} "
          f"({rate:,.0f}/s)")
    bound = min(args.jobs, os.cpu_count() or 1) / results["engine cpu", args.jobs]
    print(f"the CPU time says at most {bound:,.0f} positions/s with --jobs {args.jobs} on as many idle cores "
          "(a bound from this run's CPU time, not a measurement: on a loaded machine the wall time is longer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
