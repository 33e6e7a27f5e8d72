"""Real 19x19 final positions: GNU Go plays itself to the end, reproducibly.

    python bench/gnugo_games.py --seeds 1 2 3 --out tests/data/games/finals
    python bench/gnugo_games.py --rules japanese --level 6 --seeds 1 --out tests/data/games/finals
    python bench/gnugo_games.py --rules japanese --level 10 --seeds 8 --out tests/data/games/finals

For each seed, GNU Go (`gnugo --mode gtp --seed N`, started by
tests/gnugo.py's `self_play`) plays both colours, `genmove black`, `genmove
white`, ... until two passes in a row; the game is written as an SGF
record (`gnugo-19-seedN.sgf`) whose last node is the final position: with
`--rules chinese` (the default) every dead stone has been captured, with
`--rules japanese` the dead stones are still on the board.  The same seed and
level give the same game, so the files can be made again.

These positions are what `passalive verify --complete` must settle chain by
chain (bench/bench_verify.py --games times it).  Needs GNU Go; the script
says so and exits 2 when it is missing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gnugo import Record, find_gnugo, missing_reason, self_play, sgf_record  # noqa: E402

RULES = {
    "chinese": ("--never-resign", "--chinese-rules", "--capture-all-dead"),
    "japanese": ("--never-resign",),
}
"""GNU Go's options per way of ending.  `chinese`: area scoring (filling the
dame and one's own territory costs nothing) and every dead stone captured
before the passes.  `japanese`: the game stops when nothing is left to gain,
dead stones still on the board."""


def final_sgf(record: Record) -> str:
    """The game as an SGF record, one move per node, the command that made it in the root's comment."""
    command = f"gnugo --mode gtp {' '.join(record.options)} --seed {record.seed} --level {record.level}"
    return sgf_record(record, [
        ("SZ", str(record.size)), ("KM", "7.5"), ("PB", "GNU Go"), ("PW", "GNU Go"),
        ("GN", f"GNU Go self-play, seed {record.seed}, level {record.level}"),
        ("C", f"made by bench/gnugo_games.py: {command}"),
    ])


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
        print(missing_reason(), file=sys.stderr)
        return 2
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        record = self_play(args.size, args.level, seed, 7.5, RULES[args.rules], max_moves=600, program=gnugo)
        suffix = "" if args.rules == "chinese" else f"-{args.rules}-level{args.level}"
        path = args.out / f"gnugo-{args.size}-seed{seed}{suffix}.sgf"
        path.write_text(final_sgf(record))
        print(f"{path}: {len(record.moves)} moves")
    return 0


if __name__ == "__main__":
    sys.exit(main())
