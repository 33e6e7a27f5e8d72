"""Cost of static safety against pass-alive on the 19x19 benchmark positions.

    .venv/bin/python bench/bench_static_safety.py [--positions 300] [--seed 1] [--rules 30]

The same 300 positions as bench/bench_analyse.py (random play to the end of
the game, seed 1).  Times, per position and for both colours, the median of
`analyse()` with the direct engine: casting-out (today's direct pass-alive)
and static-safety (`passalive.definitions.static_safety`), each on a fresh
Board so that chains and regions are paid for each time, as process CPU
time.  Target: static-safety <= 5x casting-out.  Also prints the share of
points each proves safe (stones and territory) on these positions, and the
median time of `rules/static-safety.dl` on the rule engine for the first
`--rules` positions (checking that it finds the same safe points).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bench_analyse import fresh, median_us  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.definitions.static_safety import clear_cache  # noqa: E402
from passalive.go.board import STONE_COLOURS, Board  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", type=int, default=30, help="positions timed on the rule engine (0: none)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    boards = [random_position(rng, 19, 19, suicide=False) for _ in range(args.positions)]
    print(f"{len(boards)} positions 19x19 by random play in {time.perf_counter() - start:.1f} s")

    def casting_out(b: Board) -> None:
        r = analyse(b)
        r.alive_points(STONE_COLOURS[0]), r.alive_points(STONE_COLOURS[1])

    def safety(b: Board) -> None:
        clear_cache()
        r = analyse(b, variant="static-safety")
        r.alive(STONE_COLOURS[0]), r.alive(STONE_COLOURS[1])

    base = median_us(boards, casting_out)
    cost = median_us(boards, safety)
    ratio = cost / base
    print(f"direct casting-out (pass-alive), both colours: {base:8.0f} µs median")
    print(f"direct static-safety, both colours:            {cost:8.0f} µs median  = {ratio:.1f}x (target <= 5x {'ok' if ratio <= 5 else 'MISSED'})")

    proved = {"casting-out": 0, "static-safety": 0}
    total = 0
    for board in boards:
        b = fresh(board)
        total += len(b.points)
        for variant in proved:
            r = analyse(b, variant=variant)
            proved[variant] += sum(len(r.alive_points(c)) + len(r.territory(c)) for c in STONE_COLOURS)
    for variant, n in proved.items():
        print(f"points proved safe by {variant:14}: {n / total:6.1%}")

    if args.rules:
        from passalive.definitions.facts import bundled_path, load, run
        from passalive.definitions.static_safety import static_safety

        program = load(bundled_path("static-safety.dl"))
        times = []
        for board in boards[: args.rules]:
            b = fresh(board)
            start = time.process_time()
            _, model = run(b, program)
            times.append(time.process_time() - start)
            found = {c: frozenset(p for name, p in model.relation("final_safe") if name == c.value) for c in STONE_COLOURS}
            if found != dict(static_safety(b).safe):
                raise SystemExit("the rule program and the direct code disagree: a bug")
        times.sort()
        median = times[len(times) // 2] * 1e6
        print(f"rules/static-safety.dl on the rule engine:     {median:8.0f} µs median over {len(times)} positions "
              f"= {median / base:.0f}x casting-out (same safe points)")


if __name__ == "__main__":
    main()
