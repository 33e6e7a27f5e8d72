"""Benchmark: seki-aware scoring of finished 19x19 positions.

Plays random games to the end (both sides play random legal moves that do not
fill a one-point eye of their own, until both pass), then times
`passalive.tools.score.score` on each final position, with and without Benson's
guard, and a baseline measured in the same run: a plain flood-fill area count
(each empty region to the colour that alone borders it).  Target (issue 6):
<= 10 ms median per position; a JavaScript implementation of the post's
algorithm takes about 45 ms on such boards.

    .venv/bin/python bench/bench_score.py [--positions 50] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from passalive.go.board import Board, Colour
from passalive.tools.score import score

EMPTY, BLACK, WHITE = Colour.EMPTY, Colour.BLACK, Colour.WHITE


def _neighbours(size: int) -> list[list[int]]:
    result = []
    for y in range(size):
        for x in range(size):
            result.append(
                [(y + dy) * size + x + dx for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1)) if 0 <= x + dx < size and 0 <= y + dy < size]
            )
    return result


def _group(colours: list[Colour], neighbours: list[list[int]], p: int) -> tuple[list[int], bool]:
    colour = colours[p]
    seen = {p}
    stack = [p]
    free = False
    while stack:
        q = stack.pop()
        for r in neighbours[q]:
            if colours[r] is EMPTY:
                free = True
            elif colours[r] is colour and r not in seen:
                seen.add(r)
                stack.append(r)
    return list(seen), free


def _dame(colours: list[Colour], neighbours: list[list[int]]) -> int:
    """The number of empty points in regions bordered by both colours."""
    seen = [False] * len(colours)
    count = 0
    for start, colour in enumerate(colours):
        if colour is not EMPTY or seen[start]:
            continue
        seen[start] = True
        region, around = [start], set()
        for p in region:
            for q in neighbours[p]:
                if colours[q] is EMPTY:
                    if not seen[q]:
                        seen[q] = True
                        region.append(q)
                else:
                    around.add(colours[q])
        if len(around) == 2:
            count += len(region)
    return count


def finished_game(rng: random.Random, size: int = 19, dame: int = 0) -> Board:
    """The final position of a random game played until both sides pass, or
    (for `dame` > 0) the first position of that game with at most `dame`
    neutral points left (and at least one), as players leave them at the end."""
    neighbours = _neighbours(size)
    colours = [EMPTY] * (size * size)
    to_move, passes, ko = BLACK, 0, -1
    history: list[list[Colour]] = []
    for _ in range(6 * size * size):
        empties = [p for p, c in enumerate(colours) if c is EMPTY and not all(colours[q] is to_move for q in neighbours[p])]
        rng.shuffle(empties)
        moved = False
        for p in empties:
            if p == ko:
                continue
            colours[p] = to_move
            captured = []
            for q in neighbours[p]:
                if colours[q] is to_move.opponent:
                    chain, free = _group(colours, neighbours, q)
                    if not free:
                        captured += chain
            for q in captured:
                colours[q] = EMPTY
            if not _group(colours, neighbours, p)[1]:
                colours[p] = EMPTY
                continue
            ko = captured[0] if len(captured) == 1 else -1
            history.append(list(colours))
            moved = True
            break
        passes = 0 if moved else passes + 1
        if passes == 2:
            break
        to_move = to_move.opponent
    if dame:
        for snapshot in history[::5]:
            if 0 < _dame(snapshot, neighbours) <= dame:
                colours = snapshot
                break
    rows = [[colours[y * size + x] for x in range(size)] for y in range(size)]
    return Board.grid(rows)


def area_baseline(board: Board) -> tuple[int, int]:
    """Plain area count: stones plus empty regions bordered by one colour only."""
    colours = board.colours
    adjacency = board.adjacency
    seen = [False] * len(colours)
    black = sum(1 for c in colours if c is BLACK)
    white = sum(1 for c in colours if c is WHITE)
    for start, colour in enumerate(colours):
        if colour is not EMPTY or seen[start]:
            continue
        seen[start] = True
        region = [start]
        around = set()
        for p in region:
            for q in adjacency[p]:
                if colours[q] is EMPTY:
                    if not seen[q]:
                        seen[q] = True
                        region.append(q)
                else:
                    around.add(colours[q])
        if around == {BLACK}:
            black += len(region)
        elif around == {WHITE}:
            white += len(region)
    return black, white


def timed(function, boards: list[Board], repeat: int) -> list[float]:
    """Per-position seconds: the best of `repeat` runs on each board (fresh board objects, no caches)."""
    times = []
    for board in boards:
        best = float("inf")
        for _ in range(repeat):
            fresh = Board(board.points, board.adjacency, board.size, board.frame, board.open_sides)
            start = time.perf_counter()
            function(fresh)
            best = min(best, time.perf_counter() - start)
        times.append(best)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--dame", type=int, default=20, help="the second set: the first position with at most this many neutral points")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for label, dame in (("at the end of", 0), (f"with at most {args.dame} dame left in", args.dame)):
        rng = random.Random(args.seed)
        boards = [finished_game(rng, dame=dame) for _ in range(args.positions)]
        neutral = statistics.median(len(score(b).neutral) for b in boards)
        base = statistics.median(timed(area_baseline, boards, args.repeat))
        guarded = statistics.median(timed(score, boards, args.repeat))
        plain = statistics.median(timed(lambda b: score(b, guard=False), boards, args.repeat))
        strict = statistics.median(timed(lambda b: score(b, strict_seki=True), boards, args.repeat))
        print(f"{args.positions} positions {label} random 19x19 games (median {neutral} neutral points), median per position:")
        print(f"  baseline flood-fill area count    {base * 1e3:7.3f} ms")
        print(f"  score (both phases, Benson guard) {guarded * 1e3:7.3f} ms  ({guarded / base:5.1f}x baseline)  target <= 10 ms")
        print(f"  score without the guard           {plain * 1e3:7.3f} ms  ({plain / base:5.1f}x baseline)")
        print(f"  score --strict-seki               {strict * 1e3:7.3f} ms  ({strict / base:5.1f}x baseline)")


if __name__ == "__main__":
    main()
