"""GNU Go self-play final positions, and the share of points each variant proves safe on them.

    .venv/bin/python bench/gnugo_finals.py [--games 200] [--size 9] [--level 1] [--seed 1] [--out FILE]

Plays `--games` games of GNU Go against itself over GTP (`gnugo --mode gtp
--level L --seed S+i`, one process per game: genmove black, genmove white,
... until two passes in a row or 400 moves), so the same arguments give the
same games.  The final positions are written as plain diagrams to `--out`
(default bench/runs/gnugo-finals-<size>.txt, with the seed of each game in
its title) and then analysed by casting-out and static-safety: the share of
all points each proves safe (safe stones plus territory), and the positions
where static safety proves more.  GNU Go must be installed
(`apt-get install gnugo`); without it the script stops with a message.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from passalive.definitions.analysis import analyse
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.grammar.read import read_diagrams

GNUGO = shutil.which("gnugo") or "/usr/games/gnugo"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def gtp(proc: subprocess.Popen[str], command: str) -> str:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(command + "\n")
    proc.stdin.flush()
    lines: list[str] = []
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"gnugo stopped after {command!r}")
        if line.strip() == "" and lines:
            break
        if line.strip():
            lines.append(line.strip())
    reply = "\n".join(lines)
    if reply.startswith("?"):
        raise RuntimeError(f"gnugo refused {command!r}: {reply}")
    return reply[1:].strip() if reply.startswith("=") else reply


def play_game(size: int, level: int, seed: int) -> list[str]:
    """One self-play game; the final position as rows of X, O and `.` (top row first)."""
    proc = subprocess.Popen(
        [GNUGO, "--mode", "gtp", "--level", str(level), "--seed", str(seed)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        gtp(proc, f"boardsize {size}")
        gtp(proc, "clear_board")
        passes, moves = 0, 0
        colour = "black"
        while passes < 2 and moves < 400:
            move = gtp(proc, f"genmove {colour}").lower()
            passes = passes + 1 if move == "pass" else 0
            moves += 1
            colour = "white" if colour == "black" else "black"
        board = gtp(proc, "showboard")
        gtp(proc, "quit")
    finally:
        proc.kill()
    rows = []
    for line in board.splitlines():
        parts = line.split()
        if parts and parts[0].isdigit() and len(parts) >= size + 1:
            rows.append("".join({"X": "X", "O": "O"}.get(ch, ".") for ch in parts[1 : size + 1]))
    return rows[:size]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    if not Path(GNUGO).exists():
        sys.exit("GNU Go is not installed (apt-get install gnugo): no games to play")
    out = args.out or Path(__file__).parent / "runs" / f"gnugo-finals-{args.size}.txt"
    if not out.exists():
        texts = []
        for i in range(args.games):
            seed = args.seed + i
            rows = play_game(args.size, args.level, seed)
            edge = "$$ " + "-" * (2 * args.size + 3)
            body = "\n".join("$$ | " + " ".join(row) + " |" for row in rows)
            texts.append(f"$$ GNU Go {args.size}x{args.size} self-play, level {args.level}, seed {seed}: final position\n{edge}\n{body}\n{edge}\n")
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
