"""Benchmark every node of a collection of real games: read, replay, analyse, write JSON Lines.

    .venv/bin/python bench/bench_games.py [--games9 200] [--games19 40] [--jobs 2] [--data bench/data/games]

The collection is GNU Go self-play (bench/make_games.py, cached in
bench/data/games/, which git ignores; made on the first run when GNU Go is
installed, else the committed tests/data/games/gnugo/ games are used).  For
each board size it prints:

* the whole command, `passalive analyse DIR --all-nodes --jsonl --jobs N`,
  as a separate process (start-up included): positions per second of wall
  time, and CPU time per position (the process and its workers);
* the same with `--jobs 1`;
* per stage in one process (CPU time per position, bench/analyse_stages.py,
  on the product's own functions): reading the SGF (`read_games`), replaying
  the moves (`Game.positions`, which keeps the stones as bitsets), the
  analysis (casting-out: alive stones, territory and chains of both colours
  from those bitsets, `fast_summary`, as `analyse --jsonl` does) and the JSON
  line (`summary_entry`); beside them, not in the pipeline, making the
  `Board` and the general path (`analyse()` with the Board's own chains and
  regions);
* a plain baseline measured in the same run: the direct algorithm alone
  (`passalive.definitions.direct.casting_out` on the board's bitsets, both
  colours), and the ratio of the whole pipeline to it.

Target (issue 11): at least 5,000 19x19 positions per second with --jobs 2
on two cores, everything included.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from analyse_stages import PIPELINE, Extra, node_stages, run_analyse  # noqa: E402
from gnugo import find_gnugo  # noqa: E402
from make_games import play_game  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.definitions.direct import Geometry, casting_out  # noqa: E402
from passalive.go.board import STONE_COLOURS  # noqa: E402
from passalive.go.game import Position  # noqa: E402


def collection(data: Path, size: int, games: int) -> list[Path]:
    """`games` GNU Go games of one size from the cache, made when missing (if GNU Go is there)."""
    program = find_gnugo()
    paths = []
    for seed in range(1, games + 1):
        path = data / f"gnugo-{size}x{size}-level1-seed{seed}.sgf"
        if not path.exists() and program is not None:
            data.mkdir(parents=True, exist_ok=True)
            path.write_text(play_game(program, size, 1, seed, 3 * size * size))
        if path.exists():
            paths.append(path)
    if not paths:
        paths = sorted((ROOT / "tests" / "data" / "games" / "gnugo").glob(f"*{size}x{size}*.sgf"))
    return paths


def general(position: Position) -> Callable[[], object]:
    """The general path beside the pipeline: `analyse()` on the node's Board, its chains and regions."""
    board = position.board

    def run() -> None:
        result = analyse(board, suicide=position.suicide)
        for colour in STONE_COLOURS:
            result.alive_points(colour)
            result.territory(colour)
        [chain.points for chain in board.chains]

    return run


def baseline(position: Position) -> Callable[[], object]:
    """The plain baseline: the direct algorithm alone on a fresh Board's bitsets, both colours."""
    board = position.board
    fresh = type(board)(board.points, board.adjacency, board.size, board.frame, board.open_sides)

    def run() -> None:
        geometry = Geometry.of(fresh)
        for colour in STONE_COLOURS:
            casting_out(geometry, colour)

    return run


EXTRA: dict[str, Extra] = {"board": lambda position: lambda: position.board, "general": general, "baseline": baseline}
"""The stages beside the pipeline, in this order: making the node's Board (kept for `general`), the general
path, the baseline."""


def report(size: int, paths: list[Path], jobs: int) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for path in paths:
            shutil.copy(path, folder / path.name)
        print(f"== {len(paths)} GNU Go games, {size}x{size}")
        n, wall, cpu = run_analyse(folder, jobs)
        print(f"whole command --jobs {jobs}: {n} positions in {wall:.2f} s wall = {n / wall:,.0f} positions/s; "
              f"CPU {cpu / n * 1e6:,.0f} µs per position (start-up included)")
        n1, wall1, cpu1 = run_analyse(folder, 1)
        print(f"whole command --jobs 1: {n1 / wall1:,.0f} positions/s; CPU {cpu1 / n1 * 1e6:,.0f} µs per position")
    totals, count = node_stages(paths, extra=EXTRA)
    plain = totals["baseline"] / count
    pipeline = sum(totals[stage] for stage in PIPELINE) / count
    for name, seconds in totals.items():
        print(f"  {name:9s} {seconds / count * 1e6:9,.0f} µs per position")
    print(f"  pipeline  {pipeline * 1e6:9,.0f} µs per position = {pipeline / plain:.1f} x the direct algorithm alone "
          f"({plain * 1e6:,.0f} µs, the plain baseline)")
    if size == 19:
        verdict = "met" if n / wall >= 5000 else "not met"
        print(f"target >= 5,000 19x19 positions/s with --jobs {jobs}: {verdict} ({n / wall:,.0f}/s on {os.cpu_count()} CPUs)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games9", type=int, default=200)
    parser.add_argument("--games19", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--data", type=Path, default=ROOT / "bench" / "data" / "games")
    args = parser.parse_args(argv)
    if find_gnugo() is None:
        print("GNU Go is not installed (apt-get install gnugo): using the committed test games only", file=sys.stderr)
    for size, games in ((9, args.games9), (19, args.games19)):
        paths = collection(args.data, size, games)
        if paths:
            report(size, paths, args.jobs)
        else:
            print(f"== no {size}x{size} games (install GNU Go to make them)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
