"""Real 19x19 final positions: GNU Go plays itself to the end, reproducibly.

    python bench/gnugo_games.py --seeds 1 2 3 --out tests/data/games/finals
    python bench/gnugo_games.py --rules japanese --level 6 --seeds 1 --out tests/data/games/finals
    python bench/gnugo_games.py --rules japanese --level 10 --seeds 8 --out tests/data/games/finals

For each seed, GNU Go (`gnugo --mode gtp --seed N`) plays both colours,
`genmove black`, `genmove white`, ... until two passes in a row; the game is
written as an SGF record (`gnugo-19-seedN.sgf`) whose last node is the final
position: with `--rules chinese` (the default) every dead stone has been
captured, with `--rules japanese` the dead stones are still on the board.  The
same seed and level give the same game, so the files can be made again.

These positions are what `passalive verify --complete` must settle chain by
chain (bench/bench_verify.py --games times it).  Needs GNU Go; the script
says so and exits 2 when it is missing.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

GNUGO = "gnugo"
"""The program's name; Debian installs it as /usr/games/gnugo."""

RULES = {
    "chinese": ("--never-resign", "--chinese-rules", "--capture-all-dead"),
    "japanese": ("--never-resign",),
}
"""GNU Go's options per way of ending.  `chinese`: area scoring (filling the
dame and one's own territory costs nothing) and every dead stone captured
before the passes.  `japanese`: the game stops when nothing is left to gain,
dead stones still on the board."""

LETTERS = "ABCDEFGHJKLMNOPQRST"
"""GTP's column letters (no I)."""


def find_gnugo() -> str | None:
    """The path of the GNU Go program, or None when it is not installed."""
    return shutil.which(GNUGO) or shutil.which(f"/usr/games/{GNUGO}")


class Gtp:
    """A GTP conversation with one engine process."""

    def __init__(self, argv: list[str]) -> None:
        self.process = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, command: str) -> str:
        """Send one command; the answer without its `= ` (RuntimeError on `? `)."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"the engine stopped while answering {command!r}")
            if line == "\n" and lines:
                break
            if line != "\n":
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise RuntimeError(f"{command!r}: {answer[1:].strip()}")
        return answer[1:].strip()

    def close(self) -> None:
        """Say quit and wait for the process."""
        try:
            self.ask("quit")
        finally:
            self.process.wait(timeout=10)


def sgf_point(vertex: str, size: int) -> str:
    """A GTP vertex (`Q16`, `pass`) as an SGF point (`pd`, empty for a pass)."""
    if vertex.lower() == "pass":
        return ""
    col = LETTERS.index(vertex[0].upper())
    row = size - int(vertex[1:])
    return "abcdefghijklmnopqrs"[col] + "abcdefghijklmnopqrs"[row]


def self_play(gnugo: str, options: tuple[str, ...], seed: int, size: int = 19, level: int = 1, max_moves: int = 600) -> list[tuple[str, str]]:
    """The moves (colour letter, GTP vertex) of one GNU Go self-play game to two passes."""
    engine = Gtp([gnugo, "--mode", "gtp", *options, "--seed", str(seed), "--level", str(level)])
    moves: list[tuple[str, str]] = []
    try:
        engine.ask(f"boardsize {size}")
        engine.ask("clear_board")
        engine.ask("komi 7.5")
        passes = 0
        colour = "B"
        while passes < 2 and len(moves) < max_moves:
            vertex = engine.ask(f"genmove {'black' if colour == 'B' else 'white'}")
            moves.append((colour, vertex))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            colour = "W" if colour == "B" else "B"
    finally:
        engine.close()
    return moves


def sgf_record(moves: list[tuple[str, str]], options: tuple[str, ...], seed: int, size: int, level: int) -> str:
    """The game as an SGF record, one move per node."""
    header = (
        f"(;GM[1]FF[4]SZ[{size}]KM[7.5]PB[GNU Go]PW[GNU Go]"
        f"GN[GNU Go self-play, seed {seed}, level {level}]"
        f"C[made by bench/gnugo_games.py: gnugo --mode gtp {' '.join(options)} --seed {seed} --level {level}]"
    )
    body = "".join(f";{c}[{sgf_point(v, size)}]" + ("\n" if i % 10 == 9 else "") for i, (c, v) in enumerate(moves))
    return header + "\n" + body + ")\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--level", type=int, default=1, help="GNU Go's strength (1: fast)")
    parser.add_argument("--rules", choices=sorted(RULES), default="chinese", help="how the game ends (see RULES)")
    parser.add_argument("--out", type=Path, default=Path("tests/data/games/finals"))
    args = parser.parse_args(argv)
    gnugo = find_gnugo()
    if gnugo is None:
        print("GNU Go is not installed (apt-get install gnugo)", file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        options = RULES[args.rules]
        moves = self_play(gnugo, options, seed, args.size, args.level)
        suffix = "" if args.rules == "chinese" else f"-{args.rules}-level{args.level}"
        path = args.out / f"gnugo-{args.size}-seed{seed}{suffix}.sgf"
        path.write_text(sgf_record(moves, options, seed, args.size, args.level))
        print(f"{path}: {len(moves)} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
