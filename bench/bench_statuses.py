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

Then the command line (issue 21): `passalive analyse FILE --jsonl` with
`--territory katago`, `independent-life`, `unconditional` and
`--variant static-safety` on the same positions written as plain boards, one
process per run: CPU per position above start-up (the command's CPU after
its imports on all positions less that on one, divided by N-1, the least of
`ROUNDS` runs, as bench/bench_analyse.py measures the front door), next to
the in-process cost of the same status computation (`area_map`,
`independent_life_area`, `unconditional_status`, `static_safety`: median per
position on a fresh Board), and their ratio.  Target: at most 2x.
`--command-line-only` skips the first table.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_analyse import ROUNDS, _process_cpu, median_us  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.definitions.area import AreaMode, area_map, independent_life_area  # noqa: E402
from passalive.definitions.unconditional import unconditional_status  # noqa: E402
from passalive.definitions.static_safety.solve import static_safety  # noqa: E402
from passalive.go.board import STONE_COLOURS, Board  # noqa: E402
from passalive.output.render import render_plain  # noqa: E402


def pass_alive(b: Board) -> None:
    r = analyse(b)
    for c in STONE_COLOURS:
        r.alive_points(c), r.territory(c)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--command-line-only", action="store_true", help="only the command line against in-process")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    boards = [random_position(rng, 19, 19, suicide=False) for _ in range(args.positions)]
    if not args.command_line_only:
        maps(boards, args.seed)
    command_line(boards)


def maps(boards: list[Board], seed: int) -> None:
    """The status maps in this process against the pass-alive analysis (issue 13)."""
    reference = median_us(boards, pass_alive)
    rows = [
        ("KataGo area, pass-alive only", median_us(boards, lambda b: area_map(b, AreaMode(False, False, False)))),
        ("KataGo area, every switch on", median_us(boards, lambda b: area_map(b, AreaMode(True, True, True)))),
        ("KataGo independent-life area", median_us(boards, independent_life_area)),
        ("GNU Go unconditional status", median_us(boards, unconditional_status)),
    ]
    print(f"{len(boards)} positions 19x19 (seed {seed}); median CPU time per position, both colours")
    print(f"{'pass-alive analysis + territory (reference)':46} {reference:10.0f} µs")
    stones_only = median_us(boards, lambda b: [analyse(b).alive_points(c) for c in STONE_COLOURS])
    print(f"{'  (pass-alive stones alone, for comparison)':46} {stones_only:10.0f} µs")
    for name, us in rows:
        verdict = "ok" if us <= 2 * reference else "MISSED"
        print(f"{name:46} {us:10.0f} µs {us / reference:7.2f}x  (target <= 2x: {verdict})")


COMMAND_LINE_RATIO = 2.0
"""Target: the command costs at most this many times the status computation in-process, per position."""


def _static_safety(b: Board) -> None:
    static_safety(b)


def command_line(boards: list[Board]) -> None:
    """`passalive analyse FILE --jsonl` with each status option against the same computation in-process."""
    cases: list[tuple[str, list[str], Callable[[Board], object]]] = [
        ("--territory katago", ["--territory", "katago"], lambda b: area_map(b, AreaMode())),
        ("--territory independent-life", ["--territory", "independent-life"], independent_life_area),
        ("--territory unconditional", ["--territory", "unconditional"], unconditional_status),
        ("--variant static-safety", ["--variant", "static-safety"], _static_safety),
    ]
    inside = {name: median_us(boards, compute) for name, _, compute in cases}
    runs: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]] = {name: [] for name, _, _ in cases}
    with tempfile.TemporaryDirectory() as tmp:
        many, one = Path(tmp) / "positions.txt", Path(tmp) / "one.txt"
        many.write_text("\n".join(render_plain(b, coordinates=False) for b in boards))
        one.write_text(render_plain(boards[0], coordinates=False))
        for _ in range(ROUNDS):  # round by round over every case: a burst of other work spoils one round of each
            for name, flags, _ in cases:
                runs[name].append((_process_cpu(["analyse", str(many), "--jsonl", *flags]),
                                   _process_cpu(["analyse", str(one), "--jsonl", *flags])))
    print(f"command line: `passalive analyse FILE --jsonl` on the same {len(boards)} positions as plain boards, "
          f"CPU per position above start-up (least of {ROUNDS} runs), against the same status computation in this "
          f"process (median per position, a fresh Board each)")
    print(f"  {'option':32} {'command':>9} {'in-process':>11} {'ratio':>7}  target <= {COMMAND_LINE_RATIO:g}x")
    for name, _, _ in cases:
        measured = runs[name]
        per = (min(r[0][1] for r in measured) - min(r[1][1] for r in measured)) / (len(boards) - 1) * 1e6
        ratio = per / inside[name]
        print(f"  {name:32} {per:7.0f} µs {inside[name]:8.0f} µs {ratio:6.2f}x  "
              f"{'ok' if ratio <= COMMAND_LINE_RATIO else 'MISSED'}")


if __name__ == "__main__":
    main()
