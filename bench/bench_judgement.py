"""Benchmark: passalive's judgement of dead chains against GNU Go's, and its time.

    .venv/bin/python bench/bench_judgement.py GAMES.jsonl [MORE.jsonl ...] [--show 3]

GAMES are GNU Go self-play games with GNU Go's own dead list and score (bench/judgement_games.py
makes them).  For each finished position, `passalive.tools.judgement.judge` gives a verdict per
chain; printed by board size and `--capture-all-dead`: the chains whose verdict equals GNU Go's
(`final_status_list dead`), the games where every chain does (and among the games where GNU Go finds dead stones), and the games whose score with the
judged dead stones (`passalive.tools.score.score`, Japanese counting with prisoners or area
counting as the game was played, GNU Go's komi) equals GNU Go's `final_score` -- next to the same
count with GNU Go's own dead list, which shows what the counting alone gets right.  Then the CPU
time of one judgement per position (median and worst, by size) beside the baseline measured in
the same run: `analyse()`, the pass-alive analysis the judgement starts from.  `--show N` prints
the first N games where a chain differs, with the reasons.
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
import time
from pathlib import Path

from passalive.definitions.analysis import analyse
from passalive.go.board import Board, Colour
from passalive.tools.judgement import judge
from passalive.tools.score import score

COLUMNS = "ABCDEFGHJKLMNOPQRST"
WITH_THEIRS = "score right with GNU Go's dead list"


def board_of(game: dict[str, object]) -> Board:
    """The final position (GNU Go's `list_stones`)."""
    size = int(str(game["size"]))
    rows = [["."] * size for _ in range(size)]
    for key, mark in (("black", "X"), ("white", "O")):
        stones = game[key]
        assert isinstance(stones, list)
        for vertex in stones:
            rows[size - int(vertex[1:])][COLUMNS.index(vertex[0])] = mark
    return Board.grid(rows)


def margin(board: Board, dead: set[int], game: dict[str, object]) -> float:
    """Black's points minus white's with these dead stones, under the game's counting and komi."""
    captures = {Colour.BLACK: int(str(game["captures_black"])), Colour.WHITE: int(str(game["captures_white"]))}
    result = score(board, sorted(dead), rules="area" if game.get("chinese") else "japanese", captures=captures)
    return result.points[Colour.BLACK] - result.points[Colour.WHITE] - float(str(game.get("komi") or 0))


def result(value: float) -> str:
    """A margin as GTP's final_score writes it."""
    return "0" if value == 0 else f"{'B' if value > 0 else 'W'}+{abs(value):g}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", type=Path, nargs="+")
    parser.add_argument("--show", type=int, default=0)
    args = parser.parse_args()
    counts: dict[tuple[int, bool], collections.Counter[str]] = collections.defaultdict(collections.Counter)
    times: dict[int, list[float]] = collections.defaultdict(list)
    baseline: dict[int, list[float]] = collections.defaultdict(list)
    shown = 0
    for path in args.games:
        for line in path.read_text(encoding="utf-8").splitlines():
            game = json.loads(line)
            board = board_of(game)
            size = int(game["size"])
            start = time.process_time()
            analyse(board)
            baseline[size].append(time.process_time() - start)
            board = board_of(game)  # nothing cached from the baseline
            start = time.process_time()
            judgements = judge(board)
            times[size].append(time.process_time() - start)
            theirs = {board.point(v) for v in game["dead"]}
            ours = {p for j in judgements if j.dead for p in j.stones}
            wrong = [j for j in judgements if j.dead != bool(j.stones & theirs)]
            tally = counts[(size, bool(game["capture_all_dead"]))]
            tally["games"] += 1
            tally["chains"] += len(judgements)
            tally["chains right"] += len(judgements) - len(wrong)
            tally["games right"] += not wrong
            tally["games with dead"] += bool(theirs)
            tally["games with dead right"] += bool(theirs) and not wrong
            tally["score right"] += result(margin(board, ours, game)) == game["final_score"]
            tally[WITH_THEIRS] += result(margin(board, theirs, game)) == game["final_score"]
            if wrong and shown < args.show:
                shown += 1
                print(f"{path.name} {size}x{size} seed {game['seed']}: GNU Go {game['final_score']}, "
                      f"with the judgement {result(margin(board, ours, game))}")
                for j in wrong:
                    verdict = "dead" if j.dead else "alive"
                    print(f"  {j.colour.value} {' '.join(board.names(sorted(j.stones)))}: judged {verdict} ({j.reason})")
    print("size  capture-all-dead  games  chains right       games right   score = GNU Go's  (with GNU Go's dead list)"
          "  games with dead stones: right")
    for (size, cad), tally in sorted(counts.items()):
        print(f"{size:4}  {'yes' if cad else 'no':16}  {tally['games']:5}  "
              f"{tally['chains right']:5}/{tally['chains']:<5} {100 * tally['chains right'] / tally['chains']:5.1f}%  "
              f"{tally['games right']:4} {100 * tally['games right'] / tally['games']:5.1f}%  "
              f"{tally['score right']:4} {100 * tally['score right'] / tally['games']:5.1f}%      "
              f"({tally[WITH_THEIRS]})                   "
              f"{tally['games with dead right']}/{tally['games with dead']}")
    print("\nCPU time per position: judge() next to analyse() (pass-alive, the baseline)")
    for size in sorted(times):
        spent, base = times[size], baseline[size]
        print(f"{size}x{size}: {len(spent)} positions, judge median {1000 * statistics.median(spent):.1f} ms, "
              f"worst {1000 * max(spent):.1f} ms; analyse median {1000 * statistics.median(base):.1f} ms "
              f"({statistics.median(spent) / statistics.median(base):.1f}x)")


if __name__ == "__main__":
    main()
