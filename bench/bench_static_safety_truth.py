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
"""

from __future__ import annotations

import argparse
import time

from passalive.definitions.static_safety import static_safety
from passalive.go.bitboard import Grid
from passalive.go.board import STONE_COLOURS
from passalive.tools.explore.enumerate import Exhaustive
from passalive.tools.safety import check_claim, describe_refutation


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", help="WxH, e.g. 3x3 3x4 4x4")
    parser.add_argument("--budget", type=int, default=200_000, help="positions per search before 'unknown'")
    parser.add_argument("--limit", type=int, default=0, help="stop after this many claims per size (0: all)")
    args = parser.parse_args()
    for size in args.sizes:
        width, height = (int(v) for v in size.split("x"))
        grid = Grid(width, height)
        ex = Exhaustive(grid)
        started = time.time()
        positions = claims = holds = refuted = unknown = blocks = states = 0
        for black in ex.chunks():
            for position in ex.positions(black):
                positions += 1
                board = grid.board(position)
                result = static_safety(board)
                for colour in STONE_COLOURS:
                    if not result.safe[colour]:
                        continue
                    claims += 1
                    blocks += len(result.safe_chains(colour))
                    verdict = check_claim(grid, position, result, colour, budget=args.budget)
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
        print(
            f"{size}: {positions} positions, {claims} claims ({blocks} safe blocks): "
            f"{holds} hold, {refuted} refuted, {unknown} unknown; {states} search states, {time.time() - started:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
