"""Benchmark the solver: complete proofs of pass-alive claims, and bounded checks with suicide.

    .venv/bin/python bench/bench_verify.py [--n9 20] [--n19 8] [--seed 1] [--budget 10]
    .venv/bin/python bench/bench_verify.py --games tests/data/games/finals   # the GNU Go games only

Positions come from random play towards the end of a game
(`tests/strategies.random_position`): players alternate random legal moves
that do not fill their own one-point eyes.  Two kinds are measured:

* `final`: played to the end (both players out of moves), as a playout
  engine would score it;
* `late`: stopped after 1.2 moves per point, with dame, unfinished borders
  and big territories left, which is harder for the solver.

For each board size and kind, for both colours, the chains that casting-out
claims pass-alive are proven with `z3check.check(complete=True)` (suicide
illegal), and on 19x19 also checked to depth 12 with multi-stone suicide
legal (claims of the `suicide` variant).  The baseline, measured in the same
run on the same question, is the explicit-state search
(`explicit.search`), given `--budget` seconds per question; its time and
the ratio baseline / Z3 are printed where it finishes, "dnf" where it does
not.  Times are process CPU seconds (Z3 runs in this process), so that other
work on a shared machine does not inflate them.

`--games FOLDER` times `verify --complete` (the oracle, `passalive.tools.verify`)
on real 19x19 final positions instead: every SGF in the folder (GNU Go
self-play to two passes, made by bench/gnugo_games.py), both colours, with
and without suicide; every chain must be settled by search (not by a
theorem), none unknown, within 30 s of wall time per position (issue 10).

Targets (issue 4): 9x9 complete median <= 2 s, 19x19 complete median <= 30 s,
19x19 bounded k=12 with suicide <= 10 s (each), peak memory of the process
(which includes every 19x19 proof) <= 2 GiB.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from strategies import random_position  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.go.board import STONE_COLOURS, Board  # noqa: E402
from passalive.go.suicide import Suicide  # noqa: E402
from passalive.solver.explicit import search  # noqa: E402
from passalive.solver.truth import Status  # noqa: E402
from passalive.solver.z3check import check  # noqa: E402

KINDS = {"final": 3.0, "late": 1.2}


def positions(size: int, kind: str, count: int, seed: int) -> list[Board]:
    rng = random.Random(f"{seed}-{size}-{kind}")
    return [random_position(rng, size, size, move_factor=KINDS[kind]) for _ in range(count)]


def timed(fn):
    start = time.process_time()
    value = fn()
    return value, time.process_time() - start


def run(boards: list[Board], label: str, suicide: Suicide, depth: int | None, budget: float, target: float) -> bool:
    """Z3 vs the explicit baseline on every colour of every board; True if the target is met."""
    variant = "casting-out" if suicide is Suicide.ILLEGAL else "suicide"
    z3_times: list[float] = []
    ratios: list[float] = []
    dnf = 0
    not_settled = 0
    worst = 0.0
    for i, board in enumerate(boards):
        claims = analyse(board, variant, suicide)
        for colour in STONE_COLOURS:
            alive = sorted(claims.alive(colour))
            if not alive:
                continue
            result, z3_time = timed(
                lambda: check(board, colour, alive, suicide, depth=depth, complete=depth is None, timeout=120)
            )
            statuses = {r.status for r in result.chains.values()}
            wanted = Status.ALIVE_TO_DEPTH if depth else Status.PROVEN
            if statuses != {wanted}:
                not_settled += 1
            explicit, base_time = timed(
                lambda: search(board, colour, alive, suicide, depth=depth, timeout=budget)
            )
            finished = explicit.captured is not None
            if finished:
                agrees = (not explicit.captured) == (statuses == {wanted})
                ratios.append(base_time / max(z3_time, 1e-6))
                base = f"{base_time:8.3f} s  x{base_time / max(z3_time, 1e-6):7.1f}{'' if agrees else '  DISAGREES'}"
            else:
                dnf += 1
                base = f"     dnf ({explicit.states} states in {budget:.0f} s)"
            z3_times.append(z3_time)
            worst = max(worst, z3_time)
            print(
                f"  {label} #{i:<2} {colour.value:5} {len(alive):3} chains  z3 {z3_time:7.3f} s "
                f"({','.join(sorted(s.value for s in statuses))}, bound {result.bound})  explicit {base}",
                flush=True,
            )
    if not z3_times:
        print(f"{label}: no claims")
        return True
    median = statistics.median(z3_times)
    ratio = f"median baseline/z3 x{statistics.median(ratios):.1f} over {len(ratios)}" if ratios else "baseline never finished"
    measure = worst if depth else median
    ok = measure <= target and not not_settled
    print(
        f"{label}: z3 median {median:.3f} s, max {worst:.3f} s over {len(z3_times)} questions; "
        f"{ratio}; baseline dnf {dnf}; not settled {not_settled}; "
        f"target {'max' if depth else 'median'} <= {target:g} s: {'met' if ok else 'NOT met'}"
    )
    return ok


def games(folder: Path, target: float = 30.0) -> bool:
    """`verify --complete` on each game's final position; True if every chain is
    settled by search within `target` seconds (wall time) per position."""
    from passalive.grammar.read import read_diagrams
    from passalive.tools.verify import verify

    ok = True
    for path in sorted(folder.glob("*.sgf")):
        board = read_diagrams(str(path))[0].board
        for suicide in (Suicide.ILLEGAL, Suicide.MULTI):
            variant = "casting-out" if suicide is Suicide.ILLEGAL else "suicide"
            started = time.monotonic()
            result = verify(board, variant, suicide, complete=True, timeout=120)
            seconds = time.monotonic() - started
            unsettled = [v for v in result.chains if not v.truth.by_search]
            methods = sorted({v.truth.method.value for v in result.chains if v.truth.method})
            good = not unsettled and not result.contradictions and seconds <= target
            ok &= good
            print(
                f"  {path.name} suicide={suicide.value}: {len(result.chains)} chains, "
                f"{len(unsettled)} not settled by search, {len(result.contradictions)} contradicted, "
                f"{seconds:.2f} s ({', '.join(methods)}){'' if good else '  NOT met'}",
                flush=True,
            )
    print(f"games: every chain settled by search within {target:g} s per position: {'met' if ok else 'NOT met'}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n9", type=int, default=20, help="9x9 positions per kind")
    parser.add_argument("--n19", type=int, default=8, help="19x19 positions per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=10.0, help="seconds for the explicit baseline per question")
    parser.add_argument("--games", type=Path, default=None, metavar="FOLDER", help="only time verify on the SGF games in FOLDER")
    args = parser.parse_args()
    if args.games is not None:
        sys.exit(0 if games(args.games) else 1)
    results = []
    for kind in KINDS:
        boards = positions(9, kind, args.n9, args.seed)
        results.append(run(boards, f"9x9 {kind} complete", Suicide.ILLEGAL, None, args.budget, 2.0))
    for kind in KINDS:
        boards = positions(19, kind, args.n19, args.seed)
        results.append(run(boards, f"19x19 {kind} complete", Suicide.ILLEGAL, None, args.budget, 30.0))
        results.append(run(boards, f"19x19 {kind} k=12 suicide", Suicide.MULTI, 12, args.budget, 10.0))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory of the process: {peak:.0f} MiB (target <= 2048 MiB): {'met' if peak <= 2048 else 'NOT met'}")
    print("all targets met" if all(results) and peak <= 2048 else "some targets NOT met")


if __name__ == "__main__":
    main()
