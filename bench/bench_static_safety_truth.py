"""Acceptance: every block static-safety calls safe is safe under alternating play.

Runs over every position of small grids (one per class of symmetry and
colour swap, `passalive.tools.explore.enumerate.Exhaustive`), computes the
static-safety claim of each colour (its safe blocks and safe regions) and
asks the alternating-play search (`passalive.solver.alternating`) whether
the owner can keep the whole claim, the attacker moving first.  Prints one
line per size with the counts; every refuted claim is printed with the
attacker's winning line.  Claims the search could not settle within its
budget are counted as unknown.

    python bench/bench_static_safety_truth.py 3x3 3x4 [--budget N] [--limit N]
    python bench/bench_static_safety_truth.py 5x5 --random 300 [--seed 1]
    python bench/bench_static_safety_truth.py 3x4 --sound --settle

With `--random N`, N positions of random play (`random_play`, seeded) per size
instead of every position; with `--sample K`, every K-th position of the
exhaustive enumeration (a sample spread over the whole board size).
`--sound` checks the claims of the sound mode (`static-safety-sound`)
instead of Fuego's; `--settle` asks the stronger truth: the owner must also
be able to settle the claim (pass-alive stones, every claimed point hers --
a seki or an endless ko in a claimed region refutes it).
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator

from passalive.definitions.static_safety import static_safety
from passalive.go.bitboard import Grid
from passalive.go.board import STONE_COLOURS
from passalive.go.bitboard import Position
from passalive.tools.explore.enumerate import Exhaustive, random_play
from passalive.tools.safety import check_claim, describe_refutation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", help="WxH, e.g. 3x3 3x4 4x4")
    parser.add_argument("--budget", type=int, default=200_000, help="positions per search before 'unknown'")
    parser.add_argument("--limit", type=int, default=0, help="stop after this many claims per size (0: all)")
    parser.add_argument("--random", type=int, default=0, help="this many random-play positions instead of all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=int, default=1, help="every K-th position of the enumeration (1: all)")
    parser.add_argument("--sound", action="store_true", help="the claims of the sound mode")
    parser.add_argument("--settle", action="store_true", help="the owner must also settle the claim (no seki)")
    args = parser.parse_args()
    for size in args.sizes:
        width, height = (int(v) for v in size.split("x"))
        grid = Grid(width, height)
        started = time.time()
        positions = claims = holds = refuted = unknown = blocks = states = 0
        seen = 0
        for chunk in _chunks(grid, args.random, args.seed):
            for position in chunk:
                seen += 1
                if (seen - 1) % args.sample:
                    continue
                positions += 1
                board = grid.board(position)
                result = static_safety(board, args.sound)
                for colour in STONE_COLOURS:
                    if not result.safe[colour]:
                        continue
                    claims += 1
                    blocks += len(result.safe_chains(colour))
                    verdict = check_claim(grid, position, result, colour, budget=args.budget, settle=args.settle)
                    states += verdict.states
                    if verdict.holds is True:
                        holds += 1
                    elif verdict.holds is False:
                        refuted += 1
                        print(describe_refutation(grid, position, colour, verdict))
                    else:
                        unknown += 1
                if args.limit and claims >= args.limit:
                    break
            if args.limit and claims >= args.limit:
                break
        mode = ("sound" if args.sound else "fuego") + (", settle" if args.settle else "")
        print(
            f"{size} ({mode}): {positions} positions, {claims} claims ({blocks} safe blocks): "
            f"{holds} hold, {refuted} refuted, {unknown} unknown; {states} search states, {time.time() - started:.0f} s",
            flush=True,
        )


def _chunks(grid: Grid, count: int, seed: int) -> Iterator[Iterator[Position]]:
    """Every position in chunks (exhaustive), or one chunk of `count` random-play positions."""
    if count:
        rng = random.Random(seed)
        yield iter([random_play(grid, rng) for _ in range(count)])
        return
    ex = Exhaustive(grid)
    for black in ex.chunks():
        yield ex.positions(black)


if __name__ == "__main__":
    main()
