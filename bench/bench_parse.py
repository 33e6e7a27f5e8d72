"""How fast passalive reads diagrams: 50 full 19x19 positions in one file.

Generates positions by random play (with captures, so they are legal and look
like late-game boards), writes them as Sensei's markup, and times
`parse_diagrams` on the whole file: Lark parse, rows, board, chains and the
legality check.  Two baselines measured in the same run put the number in
proportion:

* sgfmill reading the same positions as SGF setup (AB/AW) and listing the
  setup stones: a mature Go library's parser on equivalent input;
* a naive reader: split lines, map characters to colours, no board at all;
* the naive reader followed by `Board.grid(...).check_legal()`: the same
  boards without the grammar, edges, marks or error locations.

Target: <= 2 ms per diagram.  Run: `.venv/bin/python bench/bench_parse.py`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from sgfmill import sgf

from passalive import Board, Colour, parse_diagrams, render_sensei
from passalive.go.play import play
from passalive.go.suicide import Suicide
from passalive.grammar.sensei import blocks, parser

SIZE = 19
COUNT = 50
REPEATS = 7


def random_position(rng: random.Random, moves: int) -> Board:
    """A position after `moves` random legal-ish moves (suicides undone)."""
    empty = Board.grid([[Colour.EMPTY] * SIZE for _ in range(SIZE)])
    colours = list(empty.colours)
    colour = Colour.BLACK
    for _ in range(moves):
        free = [p for p, c in enumerate(colours) if c is Colour.EMPTY]
        p = rng.choice(free)
        play(colours, empty.adjacency, p, colour, Colour.EMPTY, Suicide.ALL)
        colour = colour.opponent
    return empty.with_colours({p: c for p, c in enumerate(colours) if c is not Colour.EMPTY})


def to_sgf(board: Board) -> str:
    def props(colour: Colour) -> str:
        return "".join(
            "[" + "abcdefghijklmnopqrs"[board.coord_of(p)[0]] + "abcdefghijklmnopqrs"[board.coord_of(p)[1]] + "]"
            for p in sorted(board.stones(colour))
        )

    return f"(;GM[1]FF[4]SZ[{SIZE}]AB{props(Colour.BLACK)}AW{props(Colour.WHITE)})"


def naive(text: str) -> list[list[list[Colour]]]:
    table = {"X": Colour.BLACK, "O": Colour.WHITE, ".": Colour.EMPTY, ",": Colour.EMPTY}
    boards: list[list[list[Colour]]] = []
    current: list[list[Colour]] | None = None
    for line in text.splitlines():
        if line.startswith("$$"):
            row = [table[ch] for ch in line[2:] if ch in table]
            if current is None:
                current = []
                boards.append(current)
            elif row:
                current.append(row)
        else:
            current = None
    return boards


def sgfmill_read(games: list[bytes]) -> int:
    total = 0
    for data in games:
        game = sgf.Sgf_game.from_bytes(data)
        black, white, _ = game.get_root().get_setup_stones()
        total += len(black) + len(white)
    return total


def best(run: Callable[[], object]) -> float:
    """The best of REPEATS runs, in CPU seconds of this process: on a shared
    machine, wall-clock time also counts the time other processes hold the CPU."""
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    rng = random.Random(2024)
    positions = [random_position(rng, rng.randint(150, 260)) for _ in range(COUNT)]
    text = "\n".join(f"Position {i + 1}\n" + render_sensei(b, title=f"random play {i + 1}") for i, b in enumerate(positions))
    games = [to_sgf(b).encode() for b in positions]

    start = time.perf_counter()
    parser()  # built once per process; reported apart
    build = time.perf_counter() - start

    diagrams = parse_diagrams(text, "bench.txt")
    assert [d.board.colours for d in diagrams] == [b.colours for b in positions], "read back wrong"
    ours = best(lambda: parse_diagrams(text, "bench.txt"))
    lines = text.splitlines()
    block_texts = ["\n".join(lines[first:end]) for first, end in blocks(lines)]
    lark_only = best(lambda: [parser().parse(block) for block in block_texts])
    mill = best(lambda: sgfmill_read(games))
    plain = best(lambda: naive(text))
    naive_boards = best(lambda: [Board.grid(g).check_legal() for g in naive(text)])

    per = lambda seconds: seconds / COUNT * 1000  # noqa: E731
    print(f"{COUNT} diagrams of {SIZE}x{SIZE}, {len(text.splitlines())} lines; best of {REPEATS} runs, CPU time")
    print(f"  building the LALR parser (once per process): {build * 1000:.1f} ms")
    print(f"  passalive parse_diagrams:       {per(ours):.3f} ms per diagram  (target <= 2 ms)")
    print(f"    of which Lark lexing+parsing: {per(lark_only):.3f} ms per diagram")
    print(f"  baseline sgfmill (same, as SGF): {per(mill):.3f} ms per diagram  -> passalive/sgfmill = {ours / mill:.2f}")
    print(f"  baseline naive char reader:      {per(plain):.3f} ms per diagram  -> passalive/naive = {ours / plain:.2f}")
    print(f"  baseline naive reader + Board.grid: {per(naive_boards):.3f} ms per diagram  -> passalive/that = {ours / naive_boards:.2f}")
    print("  within target" if per(ours) <= 2 else "  ABOVE TARGET")


if __name__ == "__main__":
    main()
