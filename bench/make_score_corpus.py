"""The GNU Go self-play corpus of finished games for the scoring acceptance (issue 20).

    python bench/make_score_corpus.py [--games N] [--sizes 7,9,13,19] [--out tests/data/scoring/gnugo]

GNU Go plays itself (tests/gnugo.py's `self_play`: `gnugo --mode gtp
--never-resign [--chinese-rules] [--capture-all-dead] --seed S --level L`,
one process per game) until two passes in a row, at 7x7, 9x9, 13x13 and
19x19.  The plan (`plan()`: `COUNTS`, `LEVELS`, `OPENING`) varies the seed, the level (low levels are fast),
the rules (Japanese: dead stones stay on the board; Chinese: area counting),
`--capture-all-dead` (GNU Go removes every dead stone before it passes) and
a short random opening (`OPENING`: a few moves off the first line drawn from
the seed, played before GNU Go takes over; on 7x7 GNU Go plays the same game
whatever its seed).  A game that repeats one already made is left out.
After the passes GNU Go is asked `final_score`, `final_status_list dead` and
`final_status_list seki`; the result goes into the record's `RE`, the lists
into its root comment and, with the size, rules, komi, moves and options,
into one `index.json` beside the games.  The records carry no dead-stone
marks (`TB`/`TW`): the corpus is for scoring without being told.

Each game is fixed by its entry of the plan, so the corpus can be made
again; a game already in the index (and its file present) is kept, so an
interrupted run goes on where it stopped.  A game that reaches the move
limit (3 x the points) without two passes is left out and reported.
`--games N` makes only the first N games of the plan, spread over the sizes
in the plan's proportions (the committed corpus is the whole plan).  Without
GNU Go the script says so and exits 1.  bench/score_acceptance.py measures
passalive's scorer against the corpus.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from gnugo import Record, find_gnugo, missing_reason, self_play, sgf_record  # noqa: E402

from passalive import read_games  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "scoring" / "gnugo"

COUNTS = {7: 100, 9: 140, 13: 40, 19: 24}
"""Games per board size: weighted toward small boards, where a game costs about a second of CPU
(a 19x19 game at level 0 took 25-125 s of wall clock on a loaded 2-core machine)."""

LEVELS = {7: (0, 1, 2, 3, 5), 9: (0, 1, 2, 3, 5), 13: (0, 1, 0, 2), 19: (0,)}
"""GNU Go levels per size, used in turn."""

OPENING = {7: (2, 3, 4), 9: (0, 1, 2, 3), 13: (0, 1, 2), 19: (0, 1)}
"""How many opening moves are drawn from the seed, per size, used in turn."""


@dataclass(frozen=True)
class Spec:
    """One game of the plan: everything GNU Go is told."""

    size: int
    seed: int
    level: int
    chinese: bool
    capture_all_dead: bool
    opening: tuple[str, ...] = ()

    @property
    def komi(self) -> float:
        return 7.5 if self.chinese else 6.5

    @property
    def rules(self) -> str:
        return "Chinese" if self.chinese else "Japanese"

    @property
    def options(self) -> tuple[str, ...]:
        return ("--never-resign",) + ("--chinese-rules",) * self.chinese + ("--capture-all-dead",) * self.capture_all_dead

    @property
    def name(self) -> str:
        ending = "-cad" if self.capture_all_dead else ""
        return f"gnugo-{self.size}x{self.size}-{self.rules.lower()}{ending}-level{self.level}-seed{self.seed}"


def plan(counts: dict[int, int]) -> list[Spec]:
    """The games of each size: seed i, the i-th level and opening length in turn, Chinese rules on
    every other game and `--capture-all-dead` on every third (so each combination of rules and
    ending occurs)."""
    specs = []
    for size, count in counts.items():
        levels, openings = LEVELS[size], OPENING[size]
        for i in range(count):
            seed = 1 + i
            moves = opening(size, seed, openings[i % len(openings)])
            specs.append(Spec(size, seed, levels[i % len(levels)], i % 2 == 1, i % 3 == 2, moves))
    return specs


def opening(size: int, seed: int, moves: int) -> tuple[str, ...]:
    """`moves` distinct GTP vertices off the first line, drawn by a PRNG seeded with the size and seed."""
    letters = "ABCDEFGHJKLMNOPQRST"[:size]
    inner = [f"{letters[x]}{y}" for x in range(1, size - 1) for y in range(2, size)]
    return tuple(random.Random(f"{size}x{size} seed {seed}").sample(inner, moves))


def first(specs: list[Spec], games: int) -> list[Spec]:
    """The first `games` games of the plan, spread over its sizes in its proportions (each size at least one)."""
    total = len(specs)
    if games >= total:
        return specs
    chosen = []
    for size in dict.fromkeys(s.size for s in specs):
        of_size = [s for s in specs if s.size == size]
        chosen.extend(of_size[: max(1, round(games * len(of_size) / total))])
    return chosen


def entry(spec: Spec, record: Record, seconds: float) -> dict[str, object]:
    """The index entry of one finished game."""
    return {
        "file": f"{spec.name}.sgf",
        "size": spec.size,
        "rules": spec.rules,
        "komi": spec.komi,
        "level": spec.level,
        "seed": spec.seed,
        "capture_all_dead": spec.capture_all_dead,
        "opening": list(spec.opening),
        "command": _command(spec),
        "moves": len(record.moves),
        "two_passes": len(record.moves) >= 2 and all(v.lower() == "pass" for _, v in record.moves[-2:]),
        "result": record.result,
        "dead": sorted(record.dead, key=_vertex_order),
        "seki": sorted(record.seki, key=_vertex_order),
        "seconds": round(seconds, 1),
    }


def _command(spec: Spec) -> str:
    command = f"gnugo --mode gtp {' '.join(spec.options)} --seed {spec.seed} --level {spec.level}"
    return command + (f", after the opening {' '.join(spec.opening)}" if spec.opening else "")


def _vertex_order(vertex: str) -> tuple[int, str]:
    return (-int(vertex[1:]), vertex[0])


def game_sgf(spec: Spec, record: Record) -> str:
    """The record: GNU Go's result in RE, how it was made and GNU Go's dead and seki lists in the root comment."""
    dead = " ".join(sorted(record.dead, key=_vertex_order)) or "(none)"
    seki = " ".join(sorted(record.seki, key=_vertex_order)) or "(none)"
    comment = (
        f"GNU Go self-play made by bench/make_score_corpus.py: {_command(spec)}\n"
        f"final_score: {record.result}\nfinal_status_list dead: {dead}\nfinal_status_list seki: {seki}"
    )
    return sgf_record(record, [
        ("CA", "UTF-8"), ("SZ", str(spec.size)), ("KM", f"{spec.komi:g}"), ("RU", spec.rules),
        ("PB", f"GNU Go level {spec.level}"), ("PW", f"GNU Go level {spec.level}"),
        ("GN", spec.name), ("RE", record.result), ("GC", comment),
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--games", type=int, default=None, help="only the first N games of the plan (default: all)")
    parser.add_argument("--sizes", default=",".join(map(str, COUNTS)), help="board sizes, e.g. 7,9")
    args = parser.parse_args(argv)
    program = find_gnugo()
    if program is None:
        print(f"{missing_reason()}; no games made", file=sys.stderr)
        return 1
    sizes = {int(s) for s in args.sizes.split(",")}
    specs = [s for s in plan(COUNTS) if s.size in sizes]
    if args.games is not None:
        specs = first(specs, args.games)
    args.out.mkdir(parents=True, exist_ok=True)
    index_path = args.out / "index.json"
    index: dict[str, dict[str, object]] = {}
    if index_path.exists():
        index = {str(g["file"]): g for g in json.loads(index_path.read_text())["games"]}
    seen = {(int(str(g["size"])), _moves(args.out / file)): file for file, g in index.items() if (args.out / file).exists()}
    skipped = []
    started = time.monotonic()
    for n, spec in enumerate(specs, 1):
        file = f"{spec.name}.sgf"
        if file in index and (args.out / file).exists():
            continue
        t0 = time.monotonic()
        record = self_play(spec.size, spec.level, spec.seed, spec.komi, spec.options, 3 * spec.size**2, program,
                           spec.opening)
        seconds = time.monotonic() - t0
        twin = seen.get((spec.size, record.moves))
        if twin is not None:
            skipped.append(file)
            print(f"[{n}/{len(specs)}] {file}: the same game as {twin}; left out", file=sys.stderr, flush=True)
            continue
        if not record.result:
            skipped.append(file)
            print(f"[{n}/{len(specs)}] {file}: no two passes within {3 * spec.size**2} moves; left out",
                  file=sys.stderr, flush=True)
            continue
        item = entry(spec, record, seconds)
        (args.out / file).write_text(game_sgf(spec, record), encoding="utf-8")
        index[file] = item
        seen[(spec.size, record.moves)] = file
        _write_index(index_path, index)
        print(f"[{n}/{len(specs)}] {file}: {len(record.moves)} moves, {record.result}, "
              f"{len(record.dead)} dead, {seconds:.1f} s (total {time.monotonic() - started:.0f} s)",
              file=sys.stderr, flush=True)
    _write_index(index_path, index)
    print(f"{len(index)} games in {index_path}" + (f"; left out: {', '.join(skipped)}" if skipped else ""),
          file=sys.stderr)
    return 0


def _moves(path: Path) -> tuple[tuple[str, str], ...]:
    """The moves of a committed game, as `Record.moves` has them (to find repeated games)."""
    game = next(iter(read_games(path)))
    moves = []
    for step in game.steps:
        if step.colour is not None:
            vertex = "PASS" if step.point is None else game.empty_board.name(step.point)
            moves.append((step.colour.value[0].upper(), vertex))
    return tuple(moves)


def _write_index(path: Path, index: dict[str, dict[str, object]]) -> None:
    order = {s.name + ".sgf": i for i, s in enumerate(plan(COUNTS))}
    games = sorted(index.values(), key=lambda g: (order.get(str(g["file"]), len(order)), str(g["file"])))
    text = json.dumps({
        "source": "GNU Go 3.8 self-play, made by bench/make_score_corpus.py",
        "fields": {
            "result": "GNU Go's final_score after two passes (also the record's RE)",
            "dead": "GNU Go's final_status_list dead (GTP vertices), stones on the final board",
            "seki": "GNU Go's final_status_list seki",
            "two_passes": "the record ends with two passes",
            "seconds": "wall time GNU Go took for the game (informative only)",
        },
        "games": games,
    }, indent=1)
    path.write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
