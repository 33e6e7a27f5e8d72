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
    python bench/bench_static_safety_truth.py 3x4 --modes fuego,fuego+settle,sound,sound+settle

With `--random N`, N positions of random play (`random_play`, seeded) per size
instead of every position; with `--sample K`, every K-th position of the
exhaustive enumeration (a sample spread over the whole board size).
`--modes` names the claims and the truth: `fuego` or `sound` (the claims of
`static-safety` or `static-safety-sound`), `+settle` for the stronger truth
where the owner must also be able to settle the claim (pass-alive stones,
every claimed point hers -- a seki or an endless ko in a claimed region
refutes it).  A claim is searched once per position and truth, and a
verdict of one truth is reused where it decides the other.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from passalive.definitions.static_safety import StaticSafety, static_safety
from passalive.go.bitboard import Grid
from passalive.go.board import STONE_COLOURS, Colour
from passalive.go.bitboard import Position
from passalive.tools.explore.enumerate import Exhaustive, random_play
from passalive.solver.alternating import Verdict
from passalive.tools.safety import check_claim, describe_refutation


MODES = {"fuego": (False, False), "fuego+settle": (False, True), "sound": (True, False), "sound+settle": (True, True)}
"""Each mode: (the claims of the sound mode?, must the owner settle the claim?)."""


@dataclass
class Counts:
    """One mode's counts on one board size."""

    positions: int = 0
    claims: int = 0
    blocks: int = 0
    holds: int = 0
    refuted: int = 0
    unknown: int = 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="+", help="WxH, e.g. 3x3 3x4 4x4")
    parser.add_argument("--budget", type=int, default=200_000, help="positions per search before 'unknown'")
    parser.add_argument("--limit", type=int, default=0, help="stop after this many positions per size (0: all)")
    parser.add_argument("--random", type=int, default=0, help="this many random-play positions instead of all")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=int, default=1, help="every K-th position of the enumeration (1: all)")
    parser.add_argument("--modes", default="fuego", help=f"comma-separated, of: {', '.join(MODES)}")
    args = parser.parse_args()
    modes = args.modes.split(",")
    for size in args.sizes:
        width, height = (int(v) for v in size.split("x"))
        grid = Grid(width, height)
        started = time.time()
        counts = {m: Counts() for m in modes}
        searches = states = seen = 0
        for chunk in _chunks(grid, args.random, args.seed):
            for position in chunk:
                seen += 1
                if (seen - 1) % args.sample:
                    continue
                board = grid.board(position)
                results = {sound: static_safety(board, sound) for sound in {MODES[m][0] for m in modes}}
                known: dict[tuple[Colour, int, int, bool], Verdict] = {}
                for mode in modes:
                    sound, settle = MODES[mode]
                    result = results[sound]
                    count = counts[mode]
                    count.positions += 1
                    for colour in STONE_COLOURS:
                        if not result.safe[colour]:
                            continue
                        count.claims += 1
                        count.blocks += len(result.safe_chains(colour))
                        claim = _claim(result, colour)
                        verdict = _inferred(known, colour, claim, settle)
                        if verdict is None:
                            verdict = check_claim(grid, position, result, colour, budget=args.budget, settle=settle)
                            known[(colour, *claim, settle)] = verdict
                            searches += 1
                            states += verdict.states
                        if verdict.holds is True:
                            count.holds += 1
                        elif verdict.holds is False:
                            count.refuted += 1
                            print(f"[{mode}] " + describe_refutation(grid, position, colour, verdict), flush=True)
                        else:
                            count.unknown += 1
                if args.limit and seen >= args.limit:
                    break
            if args.limit and seen >= args.limit:
                break
        for mode, c in counts.items():
            print(
                f"{size} ({mode}): {c.positions} positions, {c.claims} claims ({c.blocks} safe blocks): "
                f"{c.holds} hold, {c.refuted} refuted, {c.unknown} unknown",
                flush=True,
            )
        print(f"{size}: {searches} searches, {states} search states, {time.time() - started:.0f} s", flush=True)


def _claim(result: StaticSafety, colour: Colour) -> tuple[int, int]:
    """A claim as masks of point ids: its safe blocks' stones and its safe regions."""
    chains = result.board.chains
    stones = sum(1 << p for i in result.safe_chains(colour) for p in chains[i].points)
    return stones, sum(1 << p for p in result.territory(colour))


def _inferred(
    known: dict[tuple[Colour, int, int, bool], Verdict], colour: Colour, claim: tuple[int, int], settle: bool
) -> Verdict | None:
    """A verdict already known for the same claim: searched with the same truth, or implied by the other one
    (settled implies kept; not kept implies not settled)."""
    same = known.get((colour, *claim, settle))
    if same is not None:
        return same
    other = known.get((colour, *claim, not settle))
    if other is not None and other.holds is (not settle):
        return other
    return None


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
