"""Benchmark `analyse()` on 19x19 positions from random play to the end of the game.

    .venv/bin/python bench/bench_analyse.py [--positions 300] [--seed 1]

Prints, per position and for both colours:

* the direct implementation (`engine="direct"`, casting-out and suicide):
  the alive stones, and with the chain indices too;
* the rule engine on `rules/casting-out.dl`;
* a plain baseline measured in the same run: a straightforward set-based
  casting-out on the board's own chains and regions;

each as a median with its ratio to the baseline, and the rule engine's peak
memory (tracemalloc) on one position.  Every timing uses a fresh Board, so the
derived structure (chains, regions) is paid for each time.  Times are process
CPU time (`time.process_time`), so that other work on a shared machine does
not inflate them.  Targets: direct
<= 300 µs, engine <= 20 ms, memory <= 200 MiB.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from strategies import random_position  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.go.board import STONE_COLOURS, Board, Colour  # noqa: E402
from passalive.go.suicide import Suicide  # noqa: E402


def fresh(board: Board) -> Board:
    """The same position with no cached structure (and its own adjacency tuples)."""
    adjacency = tuple(tuple(list(adj)) for adj in board.adjacency)
    return Board(board.points, adjacency, board.size, board.frame, board.open_sides)


def plain_casting_out(board: Board) -> dict[Colour, frozenset[int]]:
    """The baseline: casting-out with Python sets on `board.chains` and `board.regions`."""
    result = {}
    for colour in STONE_COLOURS:
        chains = {ch.index: ch for ch in board.chains_of(colour)}
        regions = board.regions(colour)
        alive = set(chains)
        while True:
            removed = set()
            for i in alive:
                chain = chains[i]
                good = 0
                for region in regions:
                    if (
                        i in region.chains
                        and not region.open
                        and region.empty <= chain.liberties
                        and region.chains <= alive
                    ):
                        good += 1
                if good < 2:
                    removed.add(i)
            if not removed:
                break
            alive -= removed
        result[colour] = frozenset(alive)
    return result


def median_us(boards: list[Board], run: Callable[[Board], object]) -> float:
    times = []
    for board in boards:
        b = fresh(board)
        start = time.process_time()
        run(b)
        times.append(time.process_time() - start)
    return statistics.median(times) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    start = time.perf_counter()
    boards = [random_position(rng, 19, 19, suicide=False) for _ in range(args.positions)]
    print(f"{len(boards)} positions 19x19 by random play in {time.perf_counter() - start:.1f} s")

    # the answers agree before anything is timed
    for board in boards[:20]:
        base = plain_casting_out(fresh(board))
        direct = analyse(fresh(board))
        rules = analyse(fresh(board), engine="rules")
        for c in STONE_COLOURS:
            assert base[c] == direct.alive(c) == rules.alive(c)

    def direct_points(b: Board) -> None:
        r = analyse(b)
        r.alive_points(Colour.BLACK), r.alive_points(Colour.WHITE)

    def direct_chains(b: Board) -> None:
        r = analyse(b)
        r.alive(Colour.BLACK), r.alive(Colour.WHITE)

    def direct_suicide(b: Board) -> None:
        r = analyse(b, variant="suicide", suicide=Suicide.MULTI)
        r.alive_points(Colour.BLACK), r.alive_points(Colour.WHITE)

    def engine(b: Board) -> None:
        r = analyse(b, engine="rules")
        r.alive(Colour.BLACK), r.alive(Colour.WHITE)

    baseline = median_us(boards, plain_casting_out)
    rows = [
        ("plain set-based casting-out (baseline)", baseline, None),
        ("direct casting-out: alive stones", median_us(boards, direct_points), 300.0),
        ("direct casting-out: + chain indices", median_us(boards, direct_chains), None),
        ("direct suicide: alive stones", median_us(boards, direct_suicide), 300.0),
        ("rule engine, casting-out.dl", median_us(boards, engine), 20000.0),
    ]
    print(f"{'median per position, both colours':42} {'µs':>10} {'x baseline':>11}  target")
    for name, us, target in rows:
        goal = f"<= {target:.0f} µs {'ok' if us <= target else 'MISSED'}" if target else ""
        print(f"{name:42} {us:10.0f} {baseline / us:10.2f}x  {goal}")

    peak = 0
    for board in boards[:5]:
        tracemalloc.start()
        analyse(fresh(board), engine="rules").alive(Colour.BLACK)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    mib = peak / 2**20
    print(f"rule engine peak memory (tracemalloc, max of 5 positions): {mib:.1f} MiB (target <= 200 MiB {'ok' if mib <= 200 else 'MISSED'})")
    from passalive.definitions import facts

    facts._load.cache_clear()
    tracemalloc.start()
    analyse(fresh(boards[0]), engine="rules").alive(Colour.BLACK)
    cold = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    print(f"  the same with loading and checking casting-out.dl first: {cold:.1f} MiB")

    front_door(boards, median_us(boards, direct_points))


def _sgf(board: Board) -> str:
    """One position as an SGF game tree of setup stones."""
    assert board.size is not None, "a grid board"
    width = board.size[0]
    letters = "abcdefghijklmnopqrs"

    def points(colour: Colour) -> str:
        return "".join(f"[{letters[p % width]}{letters[p // width]}]" for p in sorted(board.stones(colour)))

    black, white = points(Colour.BLACK), points(Colour.WHITE)
    return f"(;GM[1]SZ[{width}]" + (f"AB{black}" if black else "") + (f"AW{white}" if white else "") + ")\n"


def _process_cpu(args: list[str]) -> float:
    """CPU seconds of one `passalive` process (its output thrown away)."""
    import resource
    import subprocess

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "from passalive.cli import main; main()", *args],
                   stdout=subprocess.DEVNULL, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def front_door(boards: list[Board], direct_us: float) -> None:
    """The whole command on the same positions: CPU per position above start-up, and per stage."""
    import json
    import tempfile

    from passalive.cli.collection import Item
    from passalive.grammar.sgf import read_games
    from passalive.output.render import render_plain
    from passalive.tools.summary import summarise_position

    with tempfile.TemporaryDirectory() as tmp:
        many, one = Path(tmp) / "positions.sgf", Path(tmp) / "one.sgf"
        many.write_text("".join(_sgf(b) for b in boards))
        one.write_text(_sgf(boards[0]))
        plain, plain_one = Path(tmp) / "positions.txt", Path(tmp) / "one.txt"
        plain.write_text("\n".join(render_plain(b, coordinates=False) for b in boards))
        plain_one.write_text(render_plain(boards[0], coordinates=False))
        print(f"front door, whole process (CPU above start-up per position; x the direct algorithm's {direct_us:.0f} µs):")
        for label, path, single, fmt in (("SGF collection", many, one, "--jsonl"), ("SGF collection", many, one, "--json"),
                                         ("plain boards", plain, plain_one, "--jsonl")):
            runs = [(_process_cpu(["analyse", str(path), fmt]), _process_cpu(["analyse", str(single), fmt])) for _ in range(3)]
            total, start = min(r[0] for r in runs), min(r[1] for r in runs)
            per = (total - start) / (len(boards) - 1) * 1e6
            print(f"  analyse {label} {fmt:7}: {per:6.0f} µs per position above start-up ({start * 1e3:.0f} ms) = "
                  f"{per / direct_us:.1f}x; all-in {total / len(boards) * 1e6:.0f} µs per position "
                  f"(targets <= 2x and <= 300 µs: {'ok' if per <= 2 * direct_us and per <= 300 else 'MISSED'})")
        data = many.read_bytes()
    clock = time.process_time
    stage = dict.fromkeys(("read SGF", "replay", "summary (bitsets)", "JSON line"), 0.0)
    t = clock()
    games = read_games(data, "positions.sgf")
    stage["read SGF"] += clock() - t
    for number, game in enumerate(games, 1):
        t = clock()
        (position,) = game.positions()
        stage["replay"] += clock() - t
        t = clock()
        summary = summarise_position(position)
        stage["summary (bitsets)"] += clock() - t
        t = clock()
        item = Item("positions.sgf", number, None, position)
        head = {**item.fields(), "alive": summary.alive, "territory": summary.territory}
        json.dumps(head, separators=(",", ":"))[:-1] + ',"chains":' + summary.chains_json() + "}"
        stage["JSON line"] += clock() - t
    for name, seconds in stage.items():
        print(f"  stage {name:18}: {seconds / len(boards) * 1e6:6.0f} µs per position")


if __name__ == "__main__":
    main()
