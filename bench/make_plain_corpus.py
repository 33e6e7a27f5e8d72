"""Write a large plain-board file for the memory check of docs/limits.md.

    python bench/make_plain_corpus.py OUT.txt [BOARDS]

BOARDS (default 26,000) legal 19x19 positions from random play, unspaced rows
of X/O/. separated by blank lines: about 10 MB.  `analyse` over it must run in
bounded memory (the figure is in docs/limits.md).
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from strategies import random_position  # noqa: E402

from passalive.go.board import Board, Colour  # noqa: E402

SYMBOL = {Colour.BLACK: "X", Colour.WHITE: "O", Colour.EMPTY: "."}


def rows(board: Board) -> str:
    """The board as unspaced rows of X, O and ., without coordinates."""
    assert board.size is not None, "a grid board"
    width, height = board.size

    def symbol(x: int, y: int) -> str:
        p = board.at(x, y)
        assert p is not None
        return SYMBOL[board.points[p].colour]

    return "\n".join("".join(symbol(x, y) for x in range(width)) for y in range(height))


def main() -> None:
    out = Path(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 26_000
    rng = random.Random(15)
    distinct = [rows(random_position(rng, 19, 19)) for _ in range(50)]
    with out.open("w", encoding="utf-8") as handle:
        for i in range(count):
            handle.write(distinct[i % len(distinct)] + "\n\n")


if __name__ == "__main__":
    main()
