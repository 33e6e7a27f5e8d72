"""GNU Go self-play games to two passes, with GNU Go's own dead list and score: the development set of
`passalive.tools.judgement` (read by bench/bench_judgement.py).

    .venv/bin/python bench/judgement_games.py OUT.jsonl --size 9 --seeds 1000 1039 --level 3 [--capture-all-dead] [--chinese]

One JSON line per game that ends with two passes (`--never-resign`; a game that reaches 4 x size^2
moves is dropped): `size`, `seed`, `level`, `capture_all_dead`, `chinese`, `komi`, `moves`, and what
GNU Go says at the end: `final_score`, `dead` and `seki` (`final_status_list`), the stones left on
the board (`black`, `white`, `list_stones`) and the prisoners (`captures_black`, `captures_white`).
The same arguments give the same games.  Appends to OUT.  Needs GNU Go (`apt-get install gnugo`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gnugo import find_gnugo, missing_reason, start_gnugo  # noqa: E402


def game(program: str, size: int, seed: int, level: int, capture_all_dead: bool, chinese: bool) -> dict[str, object] | None:
    """One self-play game to two passes with GNU Go's verdicts on its end, or None if it ran too long."""
    options = ["--never-resign"] + (["--capture-all-dead"] if capture_all_dead else []) + (["--chinese-rules"] if chinese else [])
    komi = 6.5 if size >= 9 else 5.5
    moves: list[tuple[str, str]] = []
    with start_gnugo(program, [*options, "--seed", str(seed), "--level", str(level)]) as engine:
        engine.send(f"boardsize {size}")
        engine.send("clear_board")
        engine.send(f"komi {komi}")
        passes = 0
        colour = "B"
        while passes < 2 and len(moves) < 4 * size * size:
            vertex = engine.send(f"genmove {'black' if colour == 'B' else 'white'}")
            moves.append((colour, vertex))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            colour = "W" if colour == "B" else "B"
        if passes < 2:
            return None
        return {
            "size": size, "seed": seed, "level": level, "capture_all_dead": capture_all_dead, "chinese": chinese,
            "komi": komi, "moves": moves,
            "final_score": engine.send("final_score"),
            "dead": engine.send("final_status_list dead").split(),
            "seki": engine.send("final_status_list seki").split(),
            "black": engine.send("list_stones black").split(),
            "white": engine.send("list_stones white").split(),
            "captures_black": int(engine.send("captures black")),
            "captures_white": int(engine.send("captures white")),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--seeds", type=int, nargs=2, default=(1000, 1009), metavar=("FIRST", "LAST"))
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--capture-all-dead", action="store_true")
    parser.add_argument("--chinese", action="store_true")
    args = parser.parse_args()
    program = find_gnugo()
    if program is None:
        sys.exit(missing_reason())
    with args.out.open("a", encoding="utf-8") as out:
        for seed in range(args.seeds[0], args.seeds[1] + 1):
            start = time.perf_counter()
            record = game(program, args.size, seed, args.level, args.capture_all_dead, args.chinese)
            if record is not None:
                out.write(json.dumps(record) + "\n")
                out.flush()
            print(f"{args.size}x{args.size} seed {seed}: {time.perf_counter() - start:.1f} s", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
