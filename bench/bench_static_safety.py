"""Cost of static safety against Fuego's own solver and pass-alive on the 19x19 benchmark positions.

    .venv/bin/python bench/bench_static_safety.py [--positions 300] [--seed 1] [--rules 30]
        [--fuego SRC] [--fuego-build DIR] [--reps 20]

The same 300 positions as bench/bench_analyse.py (random play to the end of
the game, seed 1).  Times, per position and for both colours, the median of
`analyse()` with the direct engine: casting-out (today's direct pass-alive)
and static-safety (`passalive.definitions.static_safety`), each on a fresh
Board so that chains and regions are paid for each time, as process CPU
time, the least of `--rounds` tries taken in turns.  Target: static-safety <= 5x casting-out.

Then Fuego (issue 25): with Fuego's source (`--fuego`, or FUEGO_SRC; a
checkout or a git directory of a mirror such as svn2github/fuego),
`bench/fuego_safety.py` compiles Fuego's GoSafetySolver with a small driver
(in `--fuego-build`, reused when already built there) and times, on the same
positions in one Fuego process, what its GTP command `go_safe static` runs
(a GoRegionBoard and FindSafePoints, both colours), `--reps` times per
position before passalive's timings and as many after, the least of them.  Prints Fuego's median, passalive's static safety alone
(`static_safety(board)` on a fresh Board) and through `analyse`, each
ratio to Fuego (target <= 3x), and the positions where the two programs'
safe points differ.  Without the source, g++ or Boost's headers it prints
why and goes on.  Also prints the share of
points each proves safe (stones and territory) on these positions, and the
median time of `rules/static-safety.dl` on the rule engine for the first
`--rules` positions (checking that it finds the same safe points).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from bench_analyse import fresh  # noqa: E402
from fuego_safety import Timing, Unavailable, build_once, run, source_path  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.definitions.static_safety import static_safety  # noqa: E402
from passalive.go.board import STONE_COLOURS, Board  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rules", type=int, default=30, help="positions timed on the rule engine (0: none)")
    parser.add_argument("--fuego", help="Fuego's source, a checkout or a git directory (default $FUEGO_SRC)")
    parser.add_argument("--fuego-build", type=Path, default=Path(tempfile.gettempdir()) / "passalive-fuego-build",
                        help="where Fuego is compiled, and found compiled by a later run")
    parser.add_argument("--reps", type=int, default=20, help="Fuego's runs per position (its time is the least)")
    parser.add_argument("--rounds", type=int, default=3, help="passalive's runs per position (its time is the least)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = time.perf_counter()
    boards = [random_position(rng, 19, 19, suicide=False) for _ in range(args.positions)]
    print(f"{len(boards)} positions 19x19 by random play in {time.perf_counter() - start:.1f} s")

    def casting_out(b: Board) -> None:
        r = analyse(b)
        r.alive_points(STONE_COLOURS[0]), r.alive_points(STONE_COLOURS[1])

    def safety(b: Board) -> None:
        r = analyse(b, variant="static-safety")
        r.alive(STONE_COLOURS[0]), r.alive(STONE_COLOURS[1])

    def core(b: Board) -> None:
        r = static_safety(b)
        r.safe[STONE_COLOURS[0]], r.safe[STONE_COLOURS[1]]  # the point ids, as Fuego's answer holds its points

    fuego = build_fuego(args)
    before = fuego_times(fuego, boards, args.reps)
    base, cost, alone = least_us(boards, [casting_out, safety, core], args.rounds)
    after = fuego_times(fuego, boards, args.reps)
    ratio = cost / base
    print(f"direct casting-out (pass-alive), both colours: {base:8.0f} µs median")
    print(f"direct static-safety, both colours:            {cost:8.0f} µs median  = {ratio:.1f}x (target <= 5x {'ok' if ratio <= 5 else 'MISSED'})")
    print(f"static_safety(board) alone, both colours:      {alone:8.0f} µs median  = {alone / base:.1f}x casting-out")
    against_fuego(fuego, boards, before, after, args.reps,
                  {"static_safety(board) alone": alone, "analyse(variant='static-safety')": cost})

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


def least_us(boards: list[Board], runs: list[Callable[[Board], object]], rounds: int) -> list[float]:
    """For each run, the median over the boards of its least CPU time in `rounds` tries, in µs.

    Each try is on a fresh Board (chains and regions paid for each time);
    the runs take turns on each board, so that a burst of other work on a
    shared machine slows all of them alike, and the least of the tries
    leaves most of such bursts out (as Fuego's time is the least of its runs).
    """
    times: list[list[float]] = [[] for _ in runs]
    for board in boards:
        best = [float("inf")] * len(runs)
        for _ in range(rounds):
            for k, run_one in enumerate(runs):
                b = fresh(board)
                start = time.process_time()
                run_one(b)
                best[k] = min(best[k], time.process_time() - start)
        for k in range(len(runs)):
            times[k].append(best[k])
    return [statistics.median(t) * 1e6 for t in times]


def rows(board: Board) -> list[str]:
    """A square grid board as rows of X/O/. (top row first), as the Fuego driver reads it."""
    assert board.size is not None
    width, height = board.size
    grid = [["."] * width for _ in range(height)]
    for point in board.points:
        assert point.coord is not None
        x, y = point.coord
        grid[y][x] = {STONE_COLOURS[0]: "X", STONE_COLOURS[1]: "O"}.get(point.colour, ".")
    return ["".join(row) for row in grid]


def build_fuego(args: argparse.Namespace) -> Path | str:
    """Fuego's timing driver (`bench/fuego_safety.py`), or why there is none."""
    src = source_path(args.fuego)
    if src is None:
        return "no source: give --fuego SRC or FUEGO_SRC, e.g. a clone of svn2github/fuego"
    try:
        start = time.perf_counter()
        executable = build_once(src, args.fuego_build)
    except Unavailable as e:
        return str(e)
    print(f"Fuego's solver built or found in {time.perf_counter() - start:.0f} s")
    return executable


def fuego_times(fuego: Path | str, boards: list[Board], reps: int) -> list[Timing]:
    """Fuego on the positions (none without Fuego)."""
    return run(fuego, [rows(b) for b in boards], reps) if isinstance(fuego, Path) else []


def against_fuego(
    fuego: Path | str, boards: list[Board], before: list[Timing], after: list[Timing], reps: int,
    ours: dict[str, float],
) -> None:
    """Fuego's `go_safe static` on the same positions: its median time, our ratios, and any difference.

    Fuego ran before and after passalive's timings; a position's time is
    the least of both runs, so that a burst of other work on the machine
    during one of them is left out, as the least of passalive's rounds
    leaves it out of passalive's times.
    """
    if not isinstance(fuego, Path):
        print(f"Fuego: not compared ({fuego})")
        return
    different = 0
    for board, timing in zip(boards, before):
        result = static_safety(fresh(board))
        for colour, theirs in zip(STONE_COLOURS, timing.safe):
            mine = {board.points[p].coord for p in result.safe[colour]}
            different += mine != theirs
    solver = statistics.median(min(a.solver_s, b.solver_s) for a, b in zip(before, after)) * 1e6
    setup = statistics.median(min(a.with_setup_s, b.with_setup_s) for a, b in zip(before, after)) * 1e6
    print(f"Fuego go_safe static (GoSafetySolver), both colours: {solver:8.0f} µs median "
          f"(least of {2 * reps} runs per position; with its GoBoard set up from the stones too: {setup:.0f} µs)")
    for name, us in ours.items():
        ratio = us / solver
        print(f"  passalive {name:34}: {us:8.0f} µs = {ratio:.1f}x Fuego (target <= 3x {'ok' if ratio <= 3 else 'MISSED'})")
    print(f"  safe points differ from Fuego's on {different} of {2 * len(boards)} colours-positions")


if __name__ == "__main__":
    main()
