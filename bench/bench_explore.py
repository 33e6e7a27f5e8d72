"""Throughput of the exhaustive 4x4 run of `passalive explore`, on 2 processes.

    .venv/bin/python bench/bench_explore.py [--units 16] [--jobs 2]

Runs a sample of the 256 units of the exhaustive 4x4 search (every legal
position up to symmetry: 1,524,805 classes) for the first three comparisons
of docs/findings.md and for the whole suite, prints positions per second and
the projected time of the whole 4x4 run (target: the whole 4x4 comparison
suite in <= 30 minutes on this machine).  Baseline measured in the same run:
the game truth of a sample of those positions computed with the solver's
explicit-state search (`passalive.solver.explicit`, one search per chain)
instead of the bit-mask attacker search, with the ratio of the two.
"""

from __future__ import annotations

import argparse
import time

from passalive.solver.attack import attack
from passalive.go.board import STONE_COLOURS
from passalive.tools.explore.search import SUITE, Search, exhaustive_groups, run_unit, unit_positions
from passalive.go.bitboard import Grid, Position
from passalive.go.suicide import Suicide

TOTAL_4X4 = 1_524_805
"""Legal 4x4 positions up to rotations, reflections and colour swap."""


def sample_units(count: int) -> list[int]:
    """Units spread over the 256 (they differ in size and difficulty)."""
    step = max(1, 256 // count)
    return list(range(0, 256, step))[:count]


def throughput(search: Search, units: list[int], jobs: int) -> tuple[int, float]:
    """Positions and wall-clock seconds for the units on `jobs` processes."""
    from concurrent.futures import ProcessPoolExecutor

    started = time.perf_counter()
    if jobs <= 1:
        records = [run_unit(search, "4x4", u) for u in units]
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            records = list(pool.map(run_unit, [search] * len(units), ["4x4"] * len(units), units))
    seconds = time.perf_counter() - started
    return sum(r.positions for r in records), seconds


def baseline(count: int) -> tuple[float, float, int]:
    """Seconds for the truth of `count` positions (all three suicide rules, both
    colours) by the bit-mask search and by the solver's explicit search."""
    from passalive.solver.explicit import search as explicit_search

    grid = Grid(4, 4)
    positions: list[Position] = []
    unit = 0
    while len(positions) < count:
        positions += list(unit_positions(Search(SUITE, ("4x4",), True), "4x4", unit))[:count - len(positions)]
        unit += 37
    started = time.perf_counter()
    ours = []
    for p in positions:
        for colour in STONE_COLOURS:
            for rule in Suicide:
                ours.append(attack(grid, p, colour, rule).alive)
    fast = time.perf_counter() - started
    started = time.perf_counter()
    theirs = []
    for p in positions:
        board = grid.board(p)
        for colour in STONE_COLOURS:
            for rule in Suicide:
                alive = set()
                for chain in board.chains_of(colour):
                    if not explicit_search(board, colour, [chain.index], rule).captured:
                        alive.add(sum(1 << q for q in chain.points))
                theirs.append(frozenset(alive))
    slow = time.perf_counter() - started
    mismatches = sum(a != b for a, b in zip(ours, theirs))
    return fast, slow, mismatches


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--units", type=int, default=16, help="sample units of the 256")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--baseline", type=int, default=300, help="positions for the baseline comparison")
    args = parser.parse_args()
    exhaustive_groups("4x4")
    units = sample_units(args.units)
    print(f"exhaustive 4x4, {len(units)} of 256 units, {args.jobs} processes")
    for name, comparisons in (("first three comparisons", SUITE[:3]), ("whole suite (7 comparisons)", SUITE)):
        search = Search(comparisons, ("4x4",), True)
        positions, seconds = throughput(search, units, args.jobs)
        rate = positions / seconds
        projected = TOTAL_4X4 / rate
        print(
            f"  {name:<28} {positions:>7} positions in {seconds:6.1f} s: {rate:7.0f} positions/s;"
            f" whole 4x4 projected {projected / 60:5.1f} min (target <= 30 min)"
        )
    fast, slow, mismatches = baseline(args.baseline)
    print(
        f"truth of {args.baseline} positions x 2 colours x 3 suicide rules: bit-mask search {fast:.2f} s, "
        f"solver explicit search {slow:.2f} s (baseline): {slow / fast:.1f}x faster; mismatches: {mismatches}"
    )


if __name__ == "__main__":
    main()
