"""Benchmark SGF reading on generated game trees and a large collection.

    .venv/bin/python bench/bench_sgf_reading.py [--nodes 10000 100000] [--collection-mib 16]

For each tree shape and size it prints the CPU time of `read_games` (the
scan, the chosen line and its steps) per node, so a reading that is linear
in the tree shows the same figure at every size:

* comb: every node has a leaf variation beside the variation that goes on
  (as many lines as nodes/2; quadratic before issue 24);
* siblings: one root with every node a variation of its own;
* nested: one line of variations inside variations;
* line: one main line of moves.

Then, in a separate process, a generated collection of commented games of
about `--collection-mib` MiB read game by game (`passalive.read_games`): its
peak memory above the process's memory after the imports, as a multiple of
the file's size (docs/limits.md; issue 26 item 2).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from passalive.grammar.sgf import read_games

POINTS = "abcdefghijklmnopqrs"


def point(i: int) -> str:
    return POINTS[i % 19] + POINTS[(i // 19) % 19]


def shape(kind: str, nodes: int) -> tuple[bytes, int]:
    """An SGF tree of about `nodes` nodes, and the line to read (its last one)."""
    if kind == "comb":
        pairs = nodes // 2
        body = "".join(f"(;B[{point(i)}])(;W[{point(i + 1)}]" for i in range(pairs)) + ")" * pairs
        return f"(;GM[1]SZ[19]{body})".encode(), pairs + 1
    if kind == "siblings":
        return ("(;GM[1]SZ[19]" + "".join(f"(;B[{point(i)}])" for i in range(nodes)) + ")").encode(), nodes
    if kind == "nested":
        body = "".join(f"(;W[{point(i)}]" for i in range(nodes)) + ")" * nodes
        return f"(;GM[1]SZ[19]{body})".encode(), 1
    body = "".join(f";{'BW'[i % 2]}[{point(i)}]" for i in range(nodes))
    return f"(;GM[1]SZ[19]{body})".encode(), 1


MEMORY = """
import sys
import passalive

def status(key):
    with open("/proc/self/status") as lines:
        return next(int(line.split()[1]) for line in lines if line.startswith(key + ":"))

with open("/proc/self/clear_refs", "w") as peak:
    peak.write("5")
before = status("VmRSS")
games = sum(1 for game in passalive.read_games(sys.argv[1]))
print(games, before, status("VmHWM"))
"""


def collection(path: Path, mib: int) -> int:
    """Write a collection of commented 200-move games of about `mib` MiB; its size in bytes."""
    games = []
    size = number = 0
    while size < mib << 20:
        number += 1
        moves = "".join(f";{'BW'[i % 2]}[{point(i * 7 + number)}]C[move {i} of game {number}, a comment]" for i in range(200))
        game = f"(;GM[1]FF[4]SZ[19]KM[6.5]PB[black {number}]PW[white {number}]{moves})\n"
        games.append(game)
        size += len(game)
    path.write_text("".join(games))
    return size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--nodes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--collection-mib", type=int, default=16)
    args = parser.parse_args()
    print(f"{'shape':<10} {'nodes':>8} {'CPU s':>8} {'us/node':>8}")
    for kind in ("comb", "siblings", "nested", "line"):
        for nodes in args.nodes:
            data, variation = shape(kind, nodes)
            started = time.process_time()
            (game,) = read_games(data, f"{kind}.sgf", variation=variation)
            spent = time.process_time() - started
            print(f"{kind:<10} {nodes:>8} {spent:>8.2f} {spent / nodes * 1e6:>8.1f}")
    if Path("/proc/self/clear_refs").exists():
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "collection.sgf"
            size = collection(path, args.collection_mib)
            done = subprocess.run([sys.executable, "-c", MEMORY, str(path)], capture_output=True, text=True, check=True)
            games, before, peak = map(int, done.stdout.split())
            grown = (peak - before) * 1024
            print(f"collection: {size / 2**20:.1f} MiB, {games} games, peak {grown / 2**20:.1f} MiB above the imports "
                  f"({grown / size:.2f}x the file)")


if __name__ == "__main__":
    main()
