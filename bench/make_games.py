"""Make a collection of real games: GNU Go self-play at low level, written as SGF.

    python bench/make_games.py OUT_DIR --size 9 --games 100 [--level 1] [--first-seed 1]

Each game is one GNU Go process in GTP mode (`gnugo --mode gtp`, started by
tests/gnugo.py's `self_play`) playing both sides from an empty board with
komi 6.5 (7.5 on 19x19 and Chinese rules on every fifth game) until two
passes or a resignation, with a fixed `--seed` per game so that a collection
can be made again exactly (tests/data/games/gnugo/ was made so); the result
is GNU Go's own `final_score`.  Existing files are kept (a cache).  Without
GNU Go it says so and exits 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gnugo import find_gnugo, missing_reason, self_play, sgf_record  # noqa: E402


def play_game(program: str, size: int, level: int, seed: int, max_moves: int) -> str:
    """One game of the collection as its SGF text (GNU Go's result in RE, when the game had one)."""
    chinese = seed % 5 == 0
    komi = 7.5 if size == 19 or chinese else 6.5
    record = self_play(size, level, seed, komi, ["--chinese-rules"] if chinese else [], max_moves, program)
    properties = [
        ("CA", "UTF-8"), ("SZ", str(size)), ("KM", str(komi)), ("RU", "Chinese" if chinese else "Japanese"),
        ("PB", f"GNU Go level {level}"), ("PW", f"GNU Go level {level}"), ("GN", f"gnugo seed {seed}"),
    ]
    return sgf_record(record, properties + ([("RE", record.result)] if record.result else []))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=0, help="default: 3 x the points of the board")
    args = parser.parse_args(argv)
    program = find_gnugo()
    if program is None:
        print(f"{missing_reason()}; no games made", file=sys.stderr)
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
