"""Start-up: `passalive analyse` of one plain 19x19 position against `python -c pass` plus the analysis.

    .venv/bin/python bench/bench_startup.py [--rounds 20] [--seed 1]

One position from random play to the end of the game (the first of
bench/bench_analyse.py's), written as a plain board and as an SGF setup
position.  Measured in the same run, round by round (so that a burst of other
work on the machine spoils one round of each, not one case):

* `python -c pass`: the interpreter's own start-up, the floor;
* the whole command, `passalive analyse FILE` (text, `--json`), as the console
  script runs it: a fresh process each time;
* the same command in a process that has already run it once (every import
  done): what the position itself costs, reading, analysing and writing;
* processes that only import click, `passalive.cli` and `passalive.cli.analyse`:
  where the start-up goes.

Each figure is the least of the rounds, in wall-clock time and in CPU time
(of the child processes, `getrusage`).  Target (issue 21): the whole command
within 2x of `python -c pass` plus the in-process cost; the ratio printed is
whole / (pass + in-process).  The children run with bytecode caching on (as
an installed package has its .pyc files), whatever PYTHONDONTWRITEBYTECODE
says here; a first run of each writes the cache.  Last, which of Lark, Z3,
python-constraint and the rule engine each command imported (none should).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_analyse import _sgf  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.output.render import render_plain  # noqa: E402

TARGET = 2.0
"""Whole process at most this many times `python -c pass` plus the in-process cost."""

HEAVY = ("lark", "z3", "constraint", "passalive.rules", "passalive.solver")
"""Modules a plain analysis should never import."""

_COMMAND = "from passalive.cli import main; main()"
"""What the `passalive` console script runs."""

_PROBE = """
import sys
from passalive.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
sys.stderr.write("\\nimported " + " ".join(sorted(m for m in sys.modules if m.split('.')[0] in ('lark', 'z3', 'constraint')
                 or m.startswith(('passalive.rules', 'passalive.solver')))) + "\\n")
"""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _child(args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process (its output thrown away)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], stdout=subprocess.DEVNULL, check=True, env=_env())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)


def _in_process(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of the command run again in this process (its imports done)."""
    from passalive.cli import main

    sink = io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    with redirect_stdout(sink):
        try:
            main(argv)
        except SystemExit as done:
            assert not done.code, done.code
    return time.perf_counter() - start, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    board = random_position(random.Random(args.seed), 19, 19, suicide=False)
    with tempfile.TemporaryDirectory() as tmp:
        plain, sgf = Path(tmp) / "position.txt", Path(tmp) / "position.sgf"
        plain.write_text(render_plain(board, coordinates=False), encoding="utf-8")
        sgf.write_text(_sgf(board), encoding="utf-8")
        cases = {
            "plain board, text": ["analyse", str(plain)],
            "plain board, --json": ["analyse", str(plain), "--json"],
            "SGF setup, text": ["analyse", str(sgf)],
            "SGF setup, --json": ["analyse", str(sgf), "--json"],
        }
        floor = ["-c", "pass"]
        parts = {  # where the start-up goes: processes that only import
            "import click": ["-c", "import click"],
            "import passalive.cli": ["-c", "import passalive.cli"],
            "import passalive.cli.analyse": ["-c", "import passalive.cli.analyse"],
        }
        for argv in cases.values():  # bytecode cached, every lazy import of the command done once here
            _child(["-c", _COMMAND, *argv])
            _in_process(argv)
        whole: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        inside: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        passes: list[tuple[float, float]] = []
        imports: dict[str, list[tuple[float, float]]] = {name: [] for name in parts}
        for _ in range(args.rounds):
            passes.append(_child(floor))
            for name, argv in parts.items():
                imports[name].append(_child(argv))
            for name, argv in cases.items():
                whole[name].append(_child(["-c", _COMMAND, *argv]))
                inside[name].append(_in_process(argv))
        imported = {
            name: subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, env=_env())
            .stderr.rsplit("imported ", 1)[-1].split()
            for name, argv in cases.items()
        }

    def least(runs: list[tuple[float, float]], k: int) -> float:
        return min(r[k] for r in runs) * 1e3

    print(f"one 19x19 position (seed {args.seed}), least of {args.rounds} rounds; Python {sys.version.split()[0]}")
    for k, clock in ((0, "wall"), (1, "CPU")):
        base = least(passes, k)
        print(f"{clock} time, ms: python -c pass {base:.1f}")
        print(f"  {'command':22} {'whole':>7} {'in-process':>11} {'ratio':>7}  target <= {TARGET:g}x")
        for name in cases:
            total, work = least(whole[name], k), least(inside[name], k)
            ratio = total / (base + work)
            print(f"  {name:22} {total:7.1f} {work:11.2f} {ratio:6.2f}x  {'ok' if ratio <= TARGET else 'MISSED'}")
        print(f"  imports alone (the process less python -c pass): "
              + ", ".join(f"{name} {least(runs, k) - base:.1f}" for name, runs in imports.items()))
    for name, modules in imported.items():
        heavy = sorted({next(h for h in HEAVY if m == h or m.startswith(h + ".")) for m in modules
                        if any(m == h or m.startswith(h + ".") for h in HEAVY)})
        print(f"{name}: imported {', '.join(heavy) if heavy else 'none of ' + ', '.join(HEAVY)}")


if __name__ == "__main__":
    main()
