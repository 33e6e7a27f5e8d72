"""How big an exhaustive `explore` search is before it is run: classes and CPU, from a sample of its units.

    .venv/bin/python bench/size_exhaustive.py 4x5 --units 48 --sample 60 --compare knechtel truth [--benson-complete]

Draws `--units` of the board's units at random (seeded), enumerates each whole (the number of
classes it holds), decides `--sample` of its positions with the comparison (CPU per position),
and prints the mean and spread of the units' sizes, the board's estimated number of classes (with
a 95 % interval) and the CPU hours of the whole search at the measured cost.  docs/findings.md
sizes the 4×5 search this way.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from passalive.go.bitboard import Grid
from passalive.go.suicide import Suicide
from passalive.tools.explore.deciders import TruthOptions, Evaluator, resolve_side
from passalive.tools.explore.search import Comparison, compare, exhaustive_groups, _exhaustive


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("board")
    parser.add_argument("--units", type=int, default=48)
    parser.add_argument("--sample", type=int, default=60, help="positions decided per unit")
    parser.add_argument("--compare", nargs=2, default=("knechtel", "truth"), metavar=("A", "B"))
    parser.add_argument("--budget", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--benson-complete", action="store_true",
                        help="truth without suicide by Benson's theorem and its converse, as explore --benson-complete")
    args = parser.parse_args()
    groups = exhaustive_groups(args.board)
    every = _exhaustive(args.board)
    grid = Grid.parse(args.board)
    comparison = Comparison(*(resolve_side(side, Suicide.ILLEGAL, {}) for side in args.compare))
    rng = random.Random(args.seed)
    counts: list[int] = []
    costs: list[float] = []
    for unit in rng.sample(range(len(groups)), min(args.units, len(groups))):
        positions = [p for black in groups[unit] for p in every.positions(black)]
        counts.append(len(positions))
        sample = rng.sample(positions, min(args.sample, len(positions)))
        started = time.process_time()
        for position in sample:
            compare(Evaluator(grid, position, {}, TruthOptions(args.budget, benson_complete=args.benson_complete)), comparison)
        costs.append((time.process_time() - started) / max(len(sample), 1))
    mean, spread = statistics.mean(counts), statistics.stdev(counts)
    half = 1.96 * spread / len(counts) ** 0.5 * len(groups)
    cost = sum(n * c for n, c in zip(counts, costs)) / sum(counts)
    print(f"{args.board}: {len(groups)} units; {len(counts)} sampled: {mean:,.0f} positions per unit "
          f"(sd {spread:,.0f}, {min(counts):,} to {max(counts):,})")
    print(f"classes: about {mean * len(groups):,.0f} (+-{half:,.0f} at 95 %)")
    print(f"{comparison.label}: {cost * 1e6:,.0f} us of CPU per position; the whole search "
          f"about {cost * mean * len(groups) / 3600:,.0f} CPU hours")


if __name__ == "__main__":
    main()
