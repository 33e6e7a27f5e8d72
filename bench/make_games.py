"""Make a collection of real games: GNU Go self-play at low level, written as SGF.

    python bench/make_games.py OUT_DIR --size 9 --games 100 [--level 1] [--first-seed 1]

Each game is one GNU Go process in GTP mode (`/usr/games/gnugo --mode gtp`)
playing both sides from an empty board with komi 6.5 (7.5 on 19x19 and
Chinese rules on every fifth game) until two passes or a resignation, with a
fixed `--seed` per game so that a collection can be made again exactly; the
result is GNU Go's own `final_score`.  Existing files are kept (a cache).
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

GNUGO = "/usr/games/gnugo"
LETTERS = "abcdefghijklmnopqrstuvwxyz"
GTP_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def gnugo() -> str | None:
    """The GNU Go program, or None when it is not installed."""
    return shutil.which("gnugo") or (GNUGO if Path(GNUGO).exists() else None)


class Engine:
    def __init__(self, program: str, level: int, seed: int, chinese: bool) -> None:
        self.process = subprocess.Popen(
            [program, "--mode", "gtp", "--level", str(level), "--seed", str(seed)] + (["--chinese-rules"] if chinese else []),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        )

    def ask(self, command: str) -> str:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(command + "\n")
        self.process.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise RuntimeError(f"GNU Go stopped on {command!r}")
            if line == "\n" and lines:
                break
            if line != "\n":
                lines.append(line.strip())
        answer = " ".join(lines)
        if not answer.startswith("="):
            raise RuntimeError(f"GNU Go refused {command!r}: {answer}")
        return answer[1:].strip()

    def close(self) -> None:
        try:
            self.ask("quit")
        except RuntimeError:
            pass
        self.process.wait(timeout=10)


def sgf_point(vertex: str, size: int) -> str:
    column = GTP_LETTERS.index(vertex[0].upper())
    row = int(vertex[1:])
    return LETTERS[column] + LETTERS[size - row]


def play_game(program: str, size: int, level: int, seed: int, max_moves: int) -> str:
    chinese = seed % 5 == 0
    komi = 7.5 if size == 19 or chinese else 6.5
    engine = Engine(program, level, seed, chinese)
    try:
        engine.ask(f"boardsize {size}")
        engine.ask("clear_board")
        engine.ask(f"komi {komi}")
        nodes: list[str] = []
        passes = 0
        result = ""
        colour = "B"
        for _ in range(max_moves):
            vertex = engine.ask(f"genmove {'black' if colour == 'B' else 'white'}")
            if vertex.lower() == "resign":
                result = f"{'W' if colour == 'B' else 'B'}+R"
                break
            if vertex.lower() == "pass":
                nodes.append(f";{colour}[]")
                passes += 1
                if passes == 2:
                    break
            else:
                nodes.append(f";{colour}[{sgf_point(vertex, size)}]")
                passes = 0
            colour = "W" if colour == "B" else "B"
        if not result and passes == 2:
            result = engine.ask("final_score")
    finally:
        engine.close()
    rules = "Chinese" if chinese else "Japanese"
    head = (
        f"(;GM[1]FF[4]CA[UTF-8]SZ[{size}]KM[{komi}]RU[{rules}]PB[GNU Go level {level}]"
        f"PW[GNU Go level {level}]GN[gnugo seed {seed}]" + (f"RE[{result}]" if result else "")
    )
    body = "".join(nodes[i] + ("\n" if i % 10 == 9 else "") for i in range(len(nodes)))
    return head + "\n" + body + ")\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=0, help="default: 3 x the points of the board")
    args = parser.parse_args(argv)
    program = gnugo()
    if program is None:
        print("GNU Go is not installed (apt-get install gnugo); no games made", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in range(args.first_seed, args.first_seed + args.games):
        path = args.out / f"gnugo-{args.size}x{args.size}-level{args.level}-seed{seed}.sgf"
        if path.exists():
            continue
        text = play_game(program, args.size, args.level, seed, args.max_moves or 3 * args.size * args.size)
        path.write_text(text)
        print(path, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
