"""Compare passalive's unconditional status with GNU Go's own, point by point, over GTP.

    .venv/bin/python bench/bench_gnugo_unconditional.py [--positions 200] [--seed 1]

Random positions (tests/strategies.py: random play towards the end of a
game, half of them 9x9 and half 19x19, some stopped early) are given to
`gnugo --mode gtp` as SGF setup stones; every point is asked with
`unconditional_status` and compared with `passalive analyse --territory
unconditional`'s `"status"`.  Prints the number of positions and points that
agree, each disagreement, and the status counts; exits 1 on any
disagreement, 0 when all agree, and prints why and exits 0 when GNU Go is
not installed (`apt-get install -y gnugo`).
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gnugo import GnuGo, missing_reason  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.definitions.unconditional import unconditional_status  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    gnugo = GnuGo.start()
    if gnugo is None:
        print(f"skipped: {missing_reason()}")
        return 0
    rng = random.Random(args.seed)
    counts: collections.Counter[str] = collections.Counter()
    agree_positions = points = agree_points = 0
    ours = theirs = 0.0
    with gnugo:
        for i in range(args.positions):
            size = 9 if i % 2 == 0 else 19
            board = random_position(rng, size, size, move_factor=rng.choice([2.5, 2.5, 1.5, 0.6]))
            start = time.process_time()
            statuses = unconditional_status(board)
            ours += time.process_time() - start
            start = time.perf_counter()
            gnugo.load(board)
            answers = {board.name(p): gnugo.unconditional_status(board.name(p)) for p in range(len(board.points))}
            theirs += time.perf_counter() - start
            same = True
            for p, status in enumerate(statuses):
                name = board.name(p)
                points += 1
                counts[status.value] += 1
                if answers[name] == status.value:
                    agree_points += 1
                else:
                    same = False
                    print(f"position {i} ({size}x{size}) {name}: passalive {status.value}, GNU Go {answers[name]}")
            agree_positions += same
    print(f"positions agreeing on every point: {agree_positions}/{args.positions}")
    print(f"points agreeing: {agree_points}/{points}")
    print("statuses (passalive): " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"time: passalive {ours / args.positions * 1000:.1f} ms per position (CPU); GNU Go over GTP {theirs:.1f} s in all (wall)")
    return 0 if agree_positions == args.positions else 1


if __name__ == "__main__":
    sys.exit(main())
