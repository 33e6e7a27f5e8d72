"""Benchmark: scoring finished 19x19 games, status search included, next to KataGo's independent-life area.

For every finished 19x19 game of the corpus (by default the GNU Go games in
tests/data: the finals, the self-play games, and the scoring corpus
tests/data/scoring/gnugo when present), takes the position after the last
node and times, interleaved in the same run:

* `passalive.tools.result.score_game` — every chain's status with its
  evidence (theorems, the area search within its default budget, the
  judgement), the result, its margin range and proof;
* the baseline: KataGo's independent-life area on the same position
  (`passalive.definitions.area.independent_life_area`, passalive's own
  reproduction of KataGo's `calculateIndependentLifeArea`, checked equal to
  KataGo's C++ by bench/bench_katago_area.py).

Prints the median and worst time of each, their ratio, and the share of the
board's points settled by proof (stones of chains with a proved status, and
the territory those chains alone surround).  Targets (issue 20): median <= 50
ms, worst <= 2 s on the project's 2-core machine.

    .venv/bin/python bench/bench_score.py [--rounds 3] [DIR_OR_SGF ...]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from passalive.definitions.area import independent_life_area
from passalive.errors import InputError
from passalive.go.board import STONE_COLOURS, Board
from passalive.go.game import Position
from passalive.grammar.sgf import read_game_file as read_games
from passalive.go.suicide import Suicide
from passalive.tools.result import GameResult, read_komi, score_game
from passalive.tools.score import rules_of

ROOT = Path(__file__).resolve().parent.parent
DEFAULT = [ROOT / "tests" / "data" / "games", ROOT / "tests" / "data" / "scoring" / "gnugo"]


def finished_positions(paths: list[Path], size: int) -> list[Position]:
    """The last position of every game of the given size under the paths."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(path.rglob("*.sgf")))
        elif path.exists():
            files.append(path)
    result = []
    for file in files:
        try:
            games = list(read_games(str(file)))
        except InputError:  # a deliberately broken test file
            continue
        for game in games:
            if game.size != size:
                continue
            *_, last = game.positions()
            if last.passes >= 2:
                result.append(last)
    return result


def _score(position: Position) -> GameResult:
    info = position.game.info
    return score_game(
        position.board,
        komi=read_komi(info.komi),
        handicap=info.handicap or 0,
        captures={c: position.captured_by(c) for c in STONE_COLOURS},
        rules=rules_of(info.rules) or "japanese",
        marked=position.marked_dead(),
        territory_marks=position.territory_marks(),
        suicide=position.suicide,
        recorded=info.result,
    )


def proved_share(result: GameResult) -> float:
    """The share of the board's points settled by proof: stones of proved chains and points only they surround."""
    board: Board = result.board
    proved = {p for chain in result.settlement.chains if chain.proven for p in chain.stones}
    settled = set(proved)
    territory = result.score.territory
    for colour, points in territory.items():
        for p in points:
            around = {q for q in board.adjacency[p] if board.colours[q] is colour}
            if around and around <= proved:
                settled.add(p)
    return len(settled) / len(board.points)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, default=DEFAULT)
    parser.add_argument("--rounds", type=int, default=3, help="timing rounds per position (the best is kept)")
    parser.add_argument("--size", type=int, default=19)
    args = parser.parse_args()
    positions = finished_positions(args.paths, args.size)
    if not positions:
        raise SystemExit(f"no finished {args.size}x{args.size} game under {', '.join(map(str, args.paths))}")
    ours: list[float] = []
    base: list[float] = []
    shares: list[float] = []
    proven = 0
    for position in positions:
        board = position.board
        best_ours = best_base = float("inf")
        result = None
        for _ in range(args.rounds):
            start = time.process_time()
            result = _score(position)
            best_ours = min(best_ours, time.process_time() - start)
            start = time.process_time()
            independent_life_area(board, suicide=Suicide.ILLEGAL)
            best_base = min(best_base, time.process_time() - start)
        assert result is not None
        ours.append(best_ours)
        base.append(best_base)
        shares.append(proved_share(result))
        proven += result.result_proven
    median, worst = statistics.median(ours), max(ours)
    print(f"{len(positions)} finished {args.size}x{args.size} games, CPU time per position (best of {args.rounds})")
    print(f"  score with statuses   median {median * 1e3:8.2f} ms   worst {worst * 1e3:8.2f} ms")
    print(f"  KataGo indep. life    median {statistics.median(base) * 1e3:8.2f} ms   worst {max(base) * 1e3:8.2f} ms")
    print(f"  ratio (median)        {median / statistics.median(base):.1f}x")
    print(f"  points settled by proof: median {statistics.median(shares):.0%}, mean {statistics.mean(shares):.0%}; "
          f"results proven: {proven}/{len(positions)}")
    print(f"  target median <= 50 ms: {'ok' if median <= 0.05 else 'MISSED'}; "
          f"worst <= 2 s: {'ok' if worst <= 2.0 else 'MISSED'}")


if __name__ == "__main__":
    main()
