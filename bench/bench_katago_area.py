"""Compare passalive's KataGo area maps with KataGo's own compiled `Board::calculateArea`.

    .venv/bin/python bench/bench_katago_area.py --katago SRC [--positions 300] [--seed 1]

SRC is KataGo's source: a checkout (the folder holding `cpp/`) or a git
directory of the repository (read with `git show HEAD:...`); the environment
variable KATAGO_SRC may give it instead.  The script copies `cpp/game/board.cpp`
and the few files it includes (found by following `#include "..."`) into a
temporary folder outside this repository, compiles them with `g++` together
with a small driver of ours (reads a board and a mode, prints KataGo's map),
and compares, on random positions (tests/strategies.py; 9x9, 13x13, 19x19 and
rectangles, some with multi-stone suicide legal during play), every one of
the 8 modes of `calculateArea` and the 8 of `calculateIndependentLifeArea`
with `passalive.definitions.area`.  Prints the counts and each disagreement;
exits 1 on any disagreement.  Without g++ or without the source it prints why
and exits 0 (nothing compared).
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from strategies import random_position  # noqa: E402

from passalive.definitions.area import AreaMode, area_map, independent_life_area  # noqa: E402
from passalive.go.board import Board, Colour  # noqa: E402
from passalive.go.suicide import Suicide  # noqa: E402

SOURCES = ("game/board.cpp", "core/global.cpp", "core/hash.cpp", "core/rand.cpp", "core/rand_helpers.cpp",
           "core/md5.cpp", "core/sha2.cpp", "core/timer.cpp", "core/bsearch.cpp")
"""board.cpp and the .cpp files whose functions it (through its headers) links against."""

DRIVER = r"""
#include "game/board.h"
#include <iostream>
#include <string>
using namespace std;
// Reads: W H, H rows of x/o/., then "area" S U N M or "life" T K 0 M; prints the count and the map.
int main() {
  Board::initHash();
  int w, h;
  while(cin >> w >> h) {
    string rows, line;
    for(int y = 0; y < h; y++) { cin >> line; rows += line + "\n"; }
    string kind; int a, b, c, d;
    cin >> kind >> a >> b >> c >> d;
    Board board = Board::parseBoard(w, h, rows);
    Color result[Board::MAX_ARR_SIZE];
    int count = 0;
    if(kind == "area") board.calculateArea(result, c, a, b, d);
    else board.calculateIndependentLifeArea(result, count, a, b, d);
    cout << count << "\n";
    for(int y = 0; y < h; y++) {
      for(int x = 0; x < w; x++) {
        Loc loc = Location::getLoc(x, y, w);
        cout << (result[loc] == C_BLACK ? 'X' : result[loc] == C_WHITE ? 'O' : '.');
      }
      cout << "\n";
    }
    cout.flush();
  }
}
"""


class Source:
    """Read files of KataGo's `cpp/` folder from a checkout or a git directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.git = (root / "HEAD").is_file() and not (root / "cpp").is_dir()

    def read(self, relative: str) -> str | None:
        if self.git:
            done = subprocess.run(["git", "-C", str(self.root), "show", f"HEAD:cpp/{relative}"], capture_output=True, text=True)
            return done.stdout if done.returncode == 0 else None
        path = self.root / "cpp" / relative
        return path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None


def copy_closure(source: Source, target: Path) -> list[str]:
    """Copy SOURCES and every file they include (quoted includes, followed recursively); the files copied."""
    todo = list(SOURCES)
    done: list[str] = []
    while todo:
        relative = os.path.normpath(todo.pop())
        if relative in done:
            continue
        text = source.read(relative)
        if text is None:
            if relative.endswith(".cpp"):
                raise FileNotFoundError(relative)
            continue  # a header included only on some platforms
        done.append(relative)
        (target / relative).parent.mkdir(parents=True, exist_ok=True)
        (target / relative).write_text(text, encoding="utf-8")
        for include in re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M):
            todo.append(os.path.join(os.path.dirname(relative), include))
    return done


def build(source: Source, folder: Path, driver: str = DRIVER, name: str = "katago-area") -> Path:
    """Compile KataGo's board with a driver of ours (by default the map printer above) in `folder`; the executable."""
    copy_closure(source, folder)
    (folder / "driver.cpp").write_text(driver, encoding="utf-8")
    executable = folder / name
    command = ["g++", "-O2", "-std=c++17", "-I", str(folder), "-o", str(executable), str(folder / "driver.cpp")]
    command += [str(folder / s) for s in SOURCES]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError("g++ failed:\n" + done.stderr[-3000:])
    return executable


def size_of(board: Board) -> tuple[int, int]:
    """Width and height of a board built as a grid."""
    assert board.size is not None, "a grid board"
    return board.size


def board_rows(board: Board) -> list[str]:
    width, height = size_of(board)
    symbol = {Colour.BLACK: "x", Colour.WHITE: "o", Colour.EMPTY: "."}
    colour = {board.coord_of(p.id): p.colour for p in board.points}
    return ["".join(symbol[colour[(x, y)]] for x in range(width)) for y in range(height)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--katago", default=os.environ.get("KATAGO_SRC"), help="KataGo's source (checkout or git dir)")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if shutil.which("g++") is None:
        print("skipped: no g++ to compile KataGo's board.cpp")
        return 0
    if not args.katago or not Path(args.katago).exists():
        print("skipped: KataGo's source not given (--katago SRC or KATAGO_SRC: a checkout or git directory of lightvector/KataGo)")
        return 0
    rng = random.Random(args.seed)
    cases: list[tuple[str, Board, tuple[int, int, int, int], str]] = []
    for i in range(args.positions):
        width, height = [(9, 9), (13, 13), (19, 19), (rng.randint(2, 19), rng.randint(2, 19))][i % 4]
        suicide = rng.random() < 0.3
        board = random_position(rng, width, height, suicide=suicide, move_factor=rng.choice([2.5, 2.5, 1.5, 0.6]))
        for mode in range(8):
            multi = mode % 2
            safe, unsafe, stones = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (1, 1, 1)][mode // 2]
            cases.append(("area", board, (safe, unsafe, stones, multi), ""))
            territories, keep_stones = [(0, 0), (1, 0), (0, 1), (1, 1)][mode // 2]
            cases.append(("life", board, (territories, keep_stones, 0, multi), ""))
    with tempfile.TemporaryDirectory(prefix="passalive-katago-") as folder:
        try:
            executable = build(Source(Path(args.katago)), Path(folder))
        except (FileNotFoundError, RuntimeError) as problem:
            print(f"skipped: KataGo's board.cpp could not be built: {problem}")
            return 0
        text = "".join(
            f"{size_of(b)[0]} {size_of(b)[1]}\n" + "\n".join(board_rows(b)) + f"\n{kind} {' '.join(map(str, flags))}\n"
            for kind, b, flags, _ in cases
        )
        start = time.perf_counter()
        output = subprocess.run([str(executable)], input=text, capture_output=True, text=True, check=True).stdout.split("\n")
        katago_time = time.perf_counter() - start
    agree = 0
    ours_time = 0.0
    line = 0
    for kind, board, flags, _ in cases:
        height = size_of(board)[1]
        count = int(output[line])
        theirs = output[line + 1 : line + 1 + height]
        line += 1 + height
        rule = Suicide.MULTI if flags[3] else Suicide.ILLEGAL
        start = time.process_time()
        if kind == "area":
            ours = area_map(board, AreaMode(bool(flags[0]), bool(flags[1]), bool(flags[2])), rule).rows()
            ours_count = 0
        else:
            life = independent_life_area(board, AreaMode(keep_territories=bool(flags[0]), keep_stones=bool(flags[1])), rule)
            ours, ours_count = life.area.rows(), life.white_minus_black
        ours_time += time.process_time() - start
        if ours == theirs and ours_count == count:
            agree += 1
        else:
            print(f"{kind} {flags} differs on\n" + "\n".join(board_rows(board)))
            print("passalive:\n" + "\n".join(ours) + f"\nKataGo:\n" + "\n".join(theirs))
    print(f"positions: {args.positions}; maps compared: {len(cases)} (8 area modes + 8 independent-life modes each)")
    print(f"maps agreeing with KataGo's compiled board.cpp: {agree}/{len(cases)}")
    print(f"time: passalive {ours_time / len(cases) * 1e6:.0f} µs per map (CPU); KataGo {katago_time:.2f} s for all (wall, with I/O)")
    return 0 if agree == len(cases) else 1


if __name__ == "__main__":
    sys.exit(main())
