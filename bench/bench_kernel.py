"""The compiled kernel against KataGo's `calculateArea`, and the whole `analyse --all-nodes --jsonl` on real games.

    .venv/bin/python bench/bench_kernel.py --katago SRC [--positions 300] [--rounds 5] [--seed 1]

SRC is KataGo's source, a checkout or a git directory (KATAGO_SRC may give
it), built as bench/bench_katago_area.py builds it (its board.cpp and what it
includes, `g++ -O2`) with a timing driver of ours.  Without g++ or the source,
part 1 measures passalive alone.

1. Per position, on the same positions: random 19x19 end-of-game positions
   (tests/strategies.py) and every node of the 19x19 games of tests/data/games
   (GNU Go self-play).  KataGo: `Board::calculateArea(result, false, false,
   false, false)` (pass-alive stones and territory, both colours) on boards
   built beforehand, timed inside its process (CPU).  passalive, from Python,
   on the stones' bitsets: the kernel's `area` (alive stones and territory of
   both colours), its `summary` (the same and every chain, what `analyse
   --json` needs; "+JSON": with the JSON text of the sets and chains, as
   `analyse --jsonl` asks for it), and the Python reference (`reference_casting_out` for both
   colours; `reference_summary`), all in the same run.  Rounds interleave the
   four and the median round counts.  The pass-alive stones of every position
   are compared with KataGo's map.  Target: the kernel <= 1.5x KataGo.
2. The whole command, `passalive analyse DIR --all-nodes --jsonl --jobs 1`, on
   those 19x19 game files (`--copies` copies of each, so that the work outweighs
   the start-up), on three paths in interleaved rounds: whole games (the
   kernel's `game_lines`, the default), node by node with the kernel (the path
   before, `whole_game` taken away in the benchmark's process) and the Python
   reference (PASSALIVE_KERNEL=python): CPU per position without the start-up
   (an empty run measured beside it), least of the rounds, positions per second
   per core; then each path in one process, stage by stage (the node by node
   stages and the command's run: bench/analyse_stages.py, shared with
   bench/bench_games.py).  Target: >= 30,000 positions/s per core.

    .venv/bin/python bench/bench_kernel.py --whole-command-only [--rounds 5] [--copies 20]   # part 2 alone
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests"))

from analyse_stages import node_stages, run_analyse  # noqa: E402
from bench_katago_area import Source, build  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.definitions import kernel  # noqa: E402
from passalive.definitions.direct import reference_casting_out  # noqa: E402
from passalive.go.bitboard import to_padded  # noqa: E402
from passalive.go.board import Colour  # noqa: E402
from passalive.go.coords import Frame  # noqa: E402
from passalive.go.suicide import Suicide  # noqa: E402
from passalive.grammar.sgf import iter_games, read_games  # noqa: E402
from passalive.tools.summary import _BitsGeometry, _name_table, reference_summary  # noqa: E402

DRIVER = r"""
#include "game/board.h"
#include <ctime>
#include <iostream>
#include <string>
#include <vector>
using namespace std;
// Reads: N, then N boards (W H and H rows of x/o/.), then R.  Prints R lines of CPU seconds (one round:
// calculateArea on every board), then each board's map (X/O/.) as rows.
static double cpu() { timespec t; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main() {
  Board::initHash();
  int n; cin >> n;
  vector<Board> boards;
  for(int i = 0; i < n; i++) {
    int w, h; cin >> w >> h;
    string rows, line;
    for(int y = 0; y < h; y++) { cin >> line; rows += line + "\n"; }
    boards.push_back(Board::parseBoard(w, h, rows));
  }
  int rounds; cin >> rounds;
  Color result[Board::MAX_ARR_SIZE];
  long sink = 0;
  for(int r = 0; r < rounds; r++) {
    double start = cpu();
    for(const Board& board: boards) {
      board.calculateArea(result, false, false, false, false);
      sink += result[Location::getLoc(0, 0, board.x_size)];
    }
    cout << cpu() - start << "\n";
  }
  for(const Board& board: boards) {
    board.calculateArea(result, false, false, false, false);
    for(int y = 0; y < board.y_size; y++) {
      for(int x = 0; x < board.x_size; x++) {
        Color c = result[Location::getLoc(x, y, board.x_size)];
        cout << (c == C_BLACK ? 'X' : c == C_WHITE ? 'O' : '.');
      }
      cout << "\n";
    }
  }
  cerr << sink << "\n";
}
"""

Case = tuple[int, int, int, int]
"""black and white stones in the padded layout, width, height."""


def real_game_cases() -> tuple[list[Case], list[Path]]:
    """Every node of the 19x19 games of tests/data/games, and their files."""
    files = sorted(p for p in (ROOT / "tests" / "data" / "games").rglob("*.sgf") if "19" in p.name)
    cases = []
    for path in files:
        for game in read_games(path.read_bytes(), str(path)):
            if game.size == 19:
                cases += [(*position.bits, 19, 19) for position in game.positions()]
    return cases, files


def random_cases(count: int, seed: int) -> list[Case]:
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        board = random_position(rng, 19, 19, move_factor=rng.choice([2.5, 2.5, 1.5, 0.6]))
        black, white = board.masks
        cases.append((to_padded(black, 19, 19), to_padded(white, 19, 19), 19, 19))
    return cases


def rows_of(case: Case) -> list[str]:
    black, white, width, height = case
    stride = width + 1
    return ["".join("x" if black >> (y * stride + x) & 1 else "o" if white >> (y * stride + x) & 1 else "."
                    for x in range(width)) for y in range(height)]


def katago(executable: Path, cases: list[Case], rounds: int) -> tuple[list[float], list[list[str]]]:
    """KataGo's CPU seconds per round, and its map of each case."""
    text = f"{len(cases)}\n" + "".join(f"{w} {h}\n" + "\n".join(rows_of((b, wh, w, h))) + "\n" for b, wh, w, h in cases)
    out = subprocess.run([str(executable)], input=text + f"{rounds}\n", capture_output=True, text=True, check=True).stdout.split()
    times = [float(t) for t in out[:rounds]]
    maps, at = [], rounds
    for _, _, _, height in cases:
        maps.append(out[at : at + height])
        at += height
    return times, maps


def stones_agree(case: Case, theirs: list[str], alive_black: int, alive_white: int) -> bool:
    """Every stone pass-alive for passalive exactly when KataGo's map gives it its own colour."""
    black, white, width, height = case
    stride = width + 1
    for y in range(height):
        for x in range(width):
            bit = 1 << (y * stride + x)
            mark = theirs[y][x]
            if black & bit and (mark == "X") != bool(alive_black & bit):
                return False
            if white & bit and (mark == "O") != bool(alive_white & bit):
                return False
    return True


def passalive_rounds(cases: list[Case], rounds: int) -> dict[str, list[float]]:
    """CPU seconds per round of the kernel's area and summary and the Python reference's, interleaved."""
    compiled = kernel.native()
    geometries = [_BitsGeometry(b, w, width, height) for b, w, width, height in cases]
    table = _name_table(19, 19, Frame.full_board(19))
    clock = time.process_time
    times: dict[str, list[float]] = {
        "kernel area": [], "kernel summary": [], "kernel summary+JSON": [], "Python casting-out": [], "Python summary": []
    }
    for _ in range(rounds):
        if compiled is not None:
            area, summary = compiled.area, compiled.summary
            t = clock()
            for b, w, width, height in cases:
                area(b, w, width, height, 0, False, False)
            times["kernel area"].append(clock() - t)
            t = clock()
            for b, w, width, height in cases:
                summary(b, w, width, height, 0, False, False)
            times["kernel summary"].append(clock() - t)
            t = clock()
            for b, w, width, height in cases:
                summary(b, w, width, height, 0, False, False, table.quoted)
            times["kernel summary+JSON"].append(clock() - t)
        t = clock()
        for g in geometries:
            reference_casting_out(g, Colour.BLACK)
            reference_casting_out(g, Colour.WHITE)
        times["Python casting-out"].append(clock() - t)
        t = clock()
        for g in geometries:
            reference_summary(g, table, Suicide.ILLEGAL, "casting-out", False)
        times["Python summary"].append(clock() - t)
    return {name: t for name, t in times.items() if t}


def per_position(cases: list[Case], katago_src: str | None, rounds: int, label: str) -> None:
    print(f"== {label}: {len(cases)} positions, {rounds} rounds, median round")
    ours = passalive_rounds(cases, rounds)
    katago_us = None
    if katago_src and shutil.which("g++") and Path(katago_src).exists():
        with tempfile.TemporaryDirectory(prefix="passalive-katago-") as folder:
            executable = build(Source(Path(katago_src)), Path(folder), DRIVER, "katago-timing")
            times, maps = katago(executable, cases, rounds)
        katago_us = statistics.median(times) / len(cases) * 1e6
        compiled = kernel.native()
        if compiled is not None:
            agree = sum(
                stones_agree(case, theirs, *compiled.area(*case, 0, False, False)[:2]) for case, theirs in zip(cases, maps)
            )
            print(f"  pass-alive stones agreeing with KataGo's map: {agree}/{len(cases)}")
        print(f"  {'KataGo calculateArea':22s} {katago_us:8.2f} µs per position (C++, in its process)")
    else:
        print("  KataGo: not measured (needs g++ and --katago SRC or KATAGO_SRC)")
    for name, t in ours.items():
        us = statistics.median(t) / len(cases) * 1e6
        ratio = f" = {us / katago_us:.2f}x KataGo" if katago_us else ""
        print(f"  {name:22s} {us:8.2f} µs per position{ratio}")
    if "kernel area" in ours and katago_us:
        us = statistics.median(ours["kernel area"]) / len(cases) * 1e6
        print(f"  target kernel <= 1.5x KataGo: {'met' if us <= 1.5 * katago_us else 'not met'} ({us / katago_us:.2f}x)")


PATHS = {
    "whole games": ("c", ""),
    "node by node": ("c", "import passalive.cli.analyse as a; a.whole_game = lambda *given: None; "),
    "Python reference": ("python", ""),
}
"""The three paths of `analyse --all-nodes --jsonl`: (PASSALIVE_KERNEL, code run before the command).
`node by node` is the path before whole games (the kernel per position), switched on by taking
`whole_game` away in the benchmark's own process (passalive has no option for it: the output is the same)."""


def command_cpu(folder: Path, path: str) -> tuple[int, float]:
    """(positions, CPU seconds) of `passalive analyse folder --all-nodes --jsonl --jobs 1` on one path (PATHS)."""
    kernel_name, before_command = PATHS[path]
    positions, _, cpu = run_analyse(folder, 1, {**os.environ, kernel.ENV: kernel_name}, before_command)
    return positions, cpu


def whole_command(files: list[Path], rounds: int, copies: int) -> None:
    print(f"== the whole command: passalive analyse DIR --all-nodes --jsonl --jobs 1, {len(files)} 19x19 game files "
          f"x {copies} copies; CPU, least of {rounds} interleaved rounds")
    with tempfile.TemporaryDirectory() as tmp:
        folder, empty = Path(tmp) / "games", Path(tmp) / "empty"
        folder.mkdir()
        empty.mkdir()
        (empty / "one.sgf").write_text("(;SZ[19])")
        for copy in range(copies):
            for path in files:
                shutil.copy(path, folder / f"{copy:03d}-{path.name}")
        names = list(PATHS) if kernel.native() is not None else ["Python reference"]
        cpu: dict[str, list[float]] = {name: [] for name in names}
        startup: list[float] = []
        count = 0
        for _ in range(rounds):
            startup.append(command_cpu(empty, names[0])[1])
            for name in names:
                count, seconds = command_cpu(folder, name)
                cpu[name].append(seconds)
    start = min(startup)
    base = None
    for name in names:
        total = min(cpu[name])
        us = (total - start) / count * 1e6
        base = base or us
        print(f"  {name:16s}: {count} positions, CPU {total:.2f} s with start-up ({start:.2f} s), "
              f"{us:.1f} µs per position without = {1e6 / us:,.0f} positions/s per core ({us / base:.2f}x whole games')")
    print(f"  target >= 30,000 positions/s per core: {'met' if base and 1e6 / base >= 30000 else 'not met'}")
    if kernel.native() is not None:
        whole_stages(files, rounds)
    stages(files, rounds)


def whole_stages(files: list[Path], rounds: int) -> None:
    """The whole-games path in one process, stage by stage (least of rounds): reading the SGF
    (passalive's scanner and the steps of the line), the kernel's `game_lines` (replay, analysis and
    JSON text of every node), the Python around it (`whole_game`: the moves' codes, the head's
    constant fields), writing the lines."""
    from passalive.cli.analyse import _Settings, whole_game
    from passalive.definitions import _kernel

    clock = time.process_time
    settings = _Settings((None,), False, "direct", None, "healthy", False, "jsonl")
    data = [(str(path), path.read_bytes()) for path in files]
    best: dict[str, float] = {}
    count = 0
    original = _kernel.game_lines
    in_kernel = [0.0]

    def timed(*args: object) -> bytes | None:
        t = clock()
        done = original(*args)  # type: ignore[arg-type]
        in_kernel[0] += clock() - t
        return done

    sink = open(os.devnull, "wb")  # the kernel's lines are ASCII bytes
    _kernel.game_lines = timed
    try:
        for _ in range(rounds):
            totals = dict.fromkeys(("read", "kernel", "around", "write"), 0.0)
            in_kernel[0] = 0.0
            count = 0
            for name, content in data:
                t = clock()
                games = list(iter_games(content, name))
                totals["read"] += clock() - t
                for game in games:
                    t = clock()
                    done = whole_game(settings, name, game)
                    totals["around"] += clock() - t
                    assert done is not None
                    t = clock()
                    sink.write(done[0])
                    sink.flush()
                    totals["write"] += clock() - t
                    count += done[1]
            totals["around"] -= in_kernel[0]
            totals["kernel"] = in_kernel[0]
            for stage, seconds in totals.items():
                best[stage] = min(best.get(stage, seconds), seconds)
    finally:
        _kernel.game_lines = original
    whole = sum(best.values())
    print(f"  whole games in one process, CPU per position (least of {rounds}): " + ", ".join(
        f"{stage} {seconds / count * 1e6:.1f} µs ({seconds / whole:.0%})" for stage, seconds in best.items()
    ) + f"; all {whole / count * 1e6:.1f} µs = {count / whole:,.0f} positions/s")


def stages(files: list[Path], rounds: int) -> None:
    """The node by node path in one process, stage by stage (least of rounds), with the kernel in use."""
    best, count = node_stages(files, rounds)
    whole = sum(best.values())
    print(f"  node by node in one process ({kernel.name()} kernel), CPU per position (least of {rounds}): " + ", ".join(
        f"{name} {seconds / count * 1e6:.1f} µs ({seconds / whole:.0%})" for name, seconds in best.items()
    ) + f"; all {whole / count * 1e6:.1f} µs = {count / whole:,.0f} positions/s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--katago", default=os.environ.get("KATAGO_SRC"), help="KataGo's source (checkout or git dir)")
    parser.add_argument("--positions", type=int, default=300, help="random 19x19 positions")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--copies", type=int, default=20, help="copies of the game files for the whole command")
    parser.add_argument("--whole-command-only", action="store_true", help="only part 2 (no KataGo, no per-position part)")
    args = parser.parse_args()
    print(f"kernel in use: {kernel.name()}")
    games, files = real_game_cases()
    if args.whole_command_only:
        whole_command(files, args.rounds, args.copies)
        return 0
    per_position(random_cases(args.positions, args.seed), args.katago, args.rounds, "random 19x19 positions")
    per_position(games, args.katago, args.rounds, "every node of the 19x19 games of tests/data/games")
    whole_command(files, args.rounds, args.copies)
    return 0


if __name__ == "__main__":
    sys.exit(main())
