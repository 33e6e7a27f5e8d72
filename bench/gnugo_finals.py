"""GNU Go self-play final positions, and the share of points each variant proves safe on them.

    .venv/bin/python bench/gnugo_finals.py [--games 200] [--size 9] [--level 1] [--seed 1] [--out FILE]

Plays `--games` games of GNU Go against itself over GTP (`gnugo --mode gtp
--seed S+i --level L`, one process per game, tests/gnugo.py's `self_play`:
genmove black, genmove white, ... until two passes in a row, a resignation
or 400 moves), so the same arguments give the same games.  The final
positions (GNU Go's `list_stones`) are written as plain diagrams to `--out`
(default bench/runs/gnugo-finals-<size>.txt, with the seed of each game in
its title) and then analysed by casting-out and static-safety: the share of
all points each proves safe (safe stones plus territory), and the positions
where static safety proves more.  An existing `--out` file is analysed as it
is; to play the games GNU Go must be installed (`apt-get install gnugo`),
and without it the script stops with a message.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gnugo import find_gnugo, missing_reason, self_play  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.go.board import STONE_COLOURS, Board  # noqa: E402
from passalive.grammar.read import read_diagrams  # noqa: E402


def final_diagram(program: str, size: int, level: int, seed: int) -> str:
    """One self-play game's final position as a plain diagram titled with its seed."""
    rows = self_play(size, level, seed, komi=None, max_moves=400, program=program).rows()
    edge = "$$ " + "-" * (2 * size + 3)
    body = "\n".join("$$ | " + " ".join(row) + " |" for row in rows)
    return f"$$ GNU Go {size}x{size} self-play, level {level}, seed {seed}: final position\n{edge}\n{body}\n{edge}\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    out = args.out or Path(__file__).parent / "runs" / f"gnugo-finals-{args.size}.txt"
    if not out.exists():
        program = find_gnugo()
        if program is None:
            sys.exit(f"{missing_reason()}: no games to play")
        texts = []
        for i in range(args.games):
            texts.append(final_diagram(program, args.size, args.level, args.seed + i))
            print(f"game {i + 1}/{args.games}", file=sys.stderr, flush=True)
        out.write_text("\n".join(texts))
    diagrams = read_diagrams(str(out))
    totals = {"casting-out": 0, "static-safety": 0}
    points = 0
    more = 0
    for diagram in diagrams:
        board: Board = diagram.board
        points += len(board.points)
        counts = {}
        for variant in totals:
            r = analyse(board, variant=variant)
            counts[variant] = sum(len(r.alive_points(c)) + len(r.territory(c)) for c in STONE_COLOURS)
            totals[variant] += counts[variant]
        more += counts["static-safety"] > counts["casting-out"]
    print(f"{len(diagrams)} GNU Go self-play final positions ({args.size}x{args.size}, level {args.level}) from {out}")
    for variant, n in totals.items():
        print(f"points proved safe by {variant:14}: {n / points:6.1%}")
    print(f"positions where static-safety proves more: {more}")


if __name__ == "__main__":
    main()
