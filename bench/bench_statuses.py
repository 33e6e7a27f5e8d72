"""The cost of the status maps against today's pass-alive analysis, on 19x19 end-of-game positions.

    .venv/bin/python bench/bench_statuses.py [--positions 300] [--seed 1]

The same 300 positions as bench/bench_analyse.py (random play to the end of
the game, seed 1).  The reference is today's pass-alive analysis with its
territory: `analyse(board)` (casting-out, direct engine), the alive stones
and the territory of both colours.  Against it, per position (median of
process CPU time, a fresh Board each time):

* KataGo's area map (`area_map`) in its plainest and its fullest mode;
* KataGo's independent-life area (`independent_life_area`);
* GNU Go's unconditional status (`unconditional_status`).

Target (issue 13): each at most 2x the reference.  Prints the medians, the
ratios and whether each target is met.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_analyse import median_us  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.definitions.area import AreaMode, area_map, independent_life_area  # noqa: E402
from passalive.definitions.unconditional import unconditional_status  # noqa: E402
from passalive.go.board import STONE_COLOURS, Board  # noqa: E402


def pass_alive(b: Board) -> None:
    r = analyse(b)
    for c in STONE_COLOURS:
        r.alive_points(c), r.territory(c)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    boards = [random_position(rng, 19, 19, suicide=False) for _ in range(args.positions)]
    reference = median_us(boards, pass_alive)
    rows = [
        ("KataGo area, pass-alive only", median_us(boards, lambda b: area_map(b, AreaMode(False, False, False)))),
        ("KataGo area, every switch on", median_us(boards, lambda b: area_map(b, AreaMode(True, True, True)))),
        ("KataGo independent-life area", median_us(boards, independent_life_area)),
        ("GNU Go unconditional status", median_us(boards, unconditional_status)),
    ]
    print(f"{len(boards)} positions 19x19 (seed {args.seed}); median CPU time per position, both colours")
    print(f"{'pass-alive analysis + territory (reference)':46} {reference:10.0f} µs")
    stones_only = median_us(boards, lambda b: [analyse(b).alive_points(c) for c in STONE_COLOURS])
    print(f"{'  (pass-alive stones alone, for comparison)':46} {stones_only:10.0f} µs")
    for name, us in rows:
        verdict = "ok" if us <= 2 * reference else "MISSED"
        print(f"{name:46} {us:10.0f} µs {us / reference:7.2f}x  (target <= 2x: {verdict})")


if __name__ == "__main__":
    main()
