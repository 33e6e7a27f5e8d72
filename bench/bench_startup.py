"""Start-up: `passalive analyse` of one plain 19x19 position against `python -c pass` plus the analysis.

    .venv/bin/python bench/bench_startup.py [--rounds 20] [--seed 1] [--install editable,wheel] [--baseline main]

One position from random play to the end of the game (the first of
bench/bench_analyse.py's), written as a plain board and as an SGF setup
position.  Measured under two installs of the same sources, in the same run,
round by round (so that a burst of other work on the machine spoils one round
of each, not one case):

* `editable`: this checkout as the README installs it (`pip install -e`), run
  by this interpreter.  setuptools' editable install puts a finder module on
  `sys.meta_path` from a `.pth` file, so every process of this environment
  (`python -c pass` included) imports it, with pathlib, re and urllib.parse;
* `wheel`: the wheel built from a copy of the sources and installed into a
  fresh virtual environment in a temporary folder, as `pip install passalive`
  gives a user (built and installed offline as tests/test_wheel.py does: no
  build isolation, `--no-deps --no-index`, the dependencies reached through a
  `.pth` file that lists this environment's site-packages after the venv's own).

With `--baseline REVISION` (a git revision of this checkout: `main`, a commit) the same installs of
that revision's sources are measured too, in temporary venvs, round by round with this checkout's:
before and after under the same load (its editable install is made like the wheel's venv, its
dependencies through the `.pth` file; its ratio uses this checkout's in-process cost).

For each install:

* `python -c pass`: the interpreter's own start-up, the floor;
* the whole command, `passalive analyse FILE` (text, `--json`), as the console
  script runs it: a fresh process each time;
* processes that only import: click; click with the standard modules every
  plain analysis needs (dataclasses, pathlib, json: the floor of the chosen
  design); `passalive.cli`; `passalive.cli.analyse`: where the start-up goes.

And once, in this process: the same command run again after it has run once
(every import done): what the position itself costs, reading, analysing and
writing (the same code under both installs).

Each figure is the least of the rounds, in wall-clock time and in CPU time
(of the child processes, `getrusage`); on a shared machine only the CPU
figures mean anything.  Target (issue 21): the whole command within 2x of
`python -c pass` plus the in-process cost; the ratio printed is
whole / (pass + in-process).  The children run with bytecode caching on (as
an installed package has its .pyc files), whatever PYTHONDONTWRITEBYTECODE
says here; a first run of each writes the cache.  Last, which of Lark, Z3,
python-constraint and the rule engine each command imported (none should).

With `--instructions` (valgrind installed), one run of each command is also counted in instructions
executed (cachegrind's `I refs`, about 50x slower): whole process, `python -c pass`, and the
position's own cost as the instructions of the command run twice in one process less once.  On a
shared machine this is the figure that tells a before from an after; CPU time there moves by ±10%.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

from bench_analyse import _sgf  # noqa: E402
from cpu import children_cpu  # noqa: E402
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


SOURCES = ("passalive", "grammar", "rules", "solver", "pyproject.toml", "setup.py", "README.md", "LICENSE", "CHANGELOG.md")
"""What the wheel's build reads (as tests/test_wheel.py copies it)."""


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def _venv(work: Path) -> str:
    """A fresh venv under `work` whose dependencies (click, ...) are this environment's; its python.

    As tests/test_wheel.py makes it, offline: no pip in it, and one `.pth` file that lists this
    environment's site-packages after the venv's own (a `.pth` file in a folder so listed is not
    read, so this environment's editable finder is not installed there)."""
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    here = sysconfig.get_paths()
    Path(site, "test-dependencies.pth").write_text(f"{here['purelib']}\n{here['platlib']}\n", encoding="utf-8")
    return python


def _sources(work: Path, revision: str | None) -> Path:
    """What the build reads, copied under `work`: from this checkout, or from a git revision of it."""
    source = work / "source"
    if revision is not None:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, *SOURCES], capture_output=True, check=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(source, filter="data")
        return source
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"))
        else:
            shutil.copy(ROOT / name, source / name)
    return source


_PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]


def _installed(work: Path, kind: str, revision: str | None = None) -> str:
    """The python of a fresh venv under `work` holding passalive (this checkout's or `revision`'s sources).

    `wheel`: the wheel is built (no build isolation, offline) and installed with `--no-deps --no-index`;
    `editable`: `pip install -e` of the copied sources, setuptools' default editable mode, as the README
    installs a checkout."""
    work.mkdir(parents=True)
    source = _sources(work, revision)
    python = _venv(work)
    if kind == "wheel":
        subprocess.run([*_PIP, "wheel", "--no-deps", "--no-build-isolation", "--no-index", "--wheel-dir",
                        str(work / "dist"), str(source)], check=True, stdout=subprocess.DEVNULL)
        (wheel,) = (work / "dist").glob("passalive-*.whl")
        subprocess.run([*_PIP, "--python", python, "install", "--no-deps", "--no-index", str(wheel)], check=True)
    else:
        subprocess.run([*_PIP, "--python", python, "install", "--no-deps", "--no-index", "--no-build-isolation",
                        "-e", str(source)], check=True, stdout=subprocess.DEVNULL)
    where = subprocess.run([python, "-c", "import passalive; print(passalive.__file__)"], cwd=work,
                           capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(work)), where  # passalive from this install, not this checkout
    return python


def _child(python: str, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of one process (its output thrown away).

    Run in the temporary folder: `python -c` puts its working folder first on sys.path, and in the
    checkout that would import passalive from the sources, not from the install being measured."""
    before = children_cpu()
    start = time.perf_counter()
    subprocess.run([python, *args], stdout=subprocess.DEVNULL, check=True, env=_env(), cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    return wall, children_cpu() - before


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


_TWICE = "from passalive.cli import main\nfor _ in range(2):\n    try:\n        main()\n    except SystemExit:\n        pass"
"""The command run twice in one process: its instructions less the command's once are the second run's, the
position's own cost (every import done)."""


def _instructions(python: str, args: list[str]) -> int:
    """Instructions executed by one process (valgrind's cachegrind, `I refs`), load or no load."""
    done = subprocess.run(["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
                           python, *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
                          env=_env(), cwd=tempfile.gettempdir())
    line = next(line for line in done.stderr.splitlines() if "I" in line and "refs:" in line)
    return int(line.rsplit(":", 1)[1].replace(",", ""))


def _counted(python: str, cases: dict[str, list[str]]) -> tuple[int, dict[str, tuple[int, int]]]:
    """`python -c pass`'s instructions, and each command's: run once, and twice in one process."""
    return _instructions(python, ["-c", "pass"]), {
        name: (_instructions(python, ["-c", _COMMAND, *argv]), _instructions(python, ["-c", _TWICE, *argv]))
        for name, argv in cases.items()
    }


Runs = list[tuple[float, float]]


def _least(runs: Runs, k: int) -> float:
    return min(r[k] for r in runs) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--install", default="editable,wheel", help="which installs to measure: editable, wheel or both")
    parser.add_argument("--baseline", metavar="REVISION",
                        help="also measure a git revision of this checkout (e.g. main), installed the same ways in "
                             "temporary venvs, round by round with this one")
    parser.add_argument("--instructions", action="store_true",
                        help="also count the instructions of one run of each command under valgrind (cachegrind): "
                             "a measure the machine's load does not move")
    args = parser.parse_args()
    installs = [name.strip() for name in args.install.split(",")]
    assert set(installs) <= {"editable", "wheel"}, installs
    board = random_position(random.Random(args.seed), 19, 19, suicide=False)
    with tempfile.TemporaryDirectory() as tmp:
        plain, sgf = Path(tmp) / "position.txt", Path(tmp) / "position.sgf"
        plain.write_text(render_plain(board, coordinates=False), encoding="utf-8")
        sgf.write_text(_sgf(board), encoding="utf-8")
        pythons = {name: sys.executable if name == "editable" else _installed(Path(tmp) / name, name) for name in installs}
        if args.baseline:
            pythons |= {f"{name} {args.baseline}": _installed(Path(tmp) / f"{name}-baseline", name, args.baseline)
                        for name in installs}
        cases = {
            "plain board, text": ["analyse", str(plain)],
            "plain board, --json": ["analyse", str(plain), "--json"],
            "SGF setup, text": ["analyse", str(sgf)],
            "SGF setup, --json": ["analyse", str(sgf), "--json"],
        }
        floor = ["-c", "pass"]
        parts = {  # where the start-up goes: processes that only import
            "click": ["-c", "import click"],
            "click+stdlib": ["-c", "import click, dataclasses, pathlib, json"],
            "passalive.cli": ["-c", "import passalive.cli"],
            "passalive.cli.analyse": ["-c", "import passalive.cli.analyse"],
        }
        for python in pythons.values():  # bytecode cached, every lazy import of the command done once here
            for argv in cases.values():
                _child(python, ["-c", _COMMAND, *argv])
                _in_process(argv)
        inside: dict[str, Runs] = {name: [] for name in cases}
        whole: dict[tuple[str, str], Runs] = {(i, name): [] for i in pythons for name in cases}
        passes: dict[str, Runs] = {i: [] for i in pythons}
        imports: dict[tuple[str, str], Runs] = {(i, name): [] for i in pythons for name in parts}
        for _ in range(args.rounds):
            for install, python in pythons.items():
                passes[install].append(_child(python, floor))
                for name, argv in parts.items():
                    imports[install, name].append(_child(python, argv))
                for name, argv in cases.items():
                    whole[install, name].append(_child(python, ["-c", _COMMAND, *argv]))
            for name, argv in cases.items():
                inside[name].append(_in_process(argv))
        counted = {install: _counted(python, cases) for install, python in pythons.items()} if args.instructions else {}
        imported = {
            f"{install}, {name}": subprocess.run([python, "-c", _PROBE, *argv], capture_output=True, text=True,
                                                 env=_env(), cwd=tmp).stderr.rsplit("imported ", 1)[-1].split()
            for install, python in pythons.items() for name, argv in cases.items()
        }

    print(f"one 19x19 position (seed {args.seed}), least of {args.rounds} rounds; Python {sys.version.split()[0]}")
    for k, clock in ((1, "CPU"), (0, "wall")):
        for install in pythons:
            base = _least(passes[install], k)
            print(f"{clock} time, ms, {install} install: python -c pass {base:.1f}")
            print(f"  {'command':22} {'whole':>7} {'in-process':>11} {'ratio':>7}  target <= {TARGET:g}x")
            for name in cases:
                total, work = _least(whole[install, name], k), _least(inside[name], k)
                ratio = total / (base + work)
                print(f"  {name:22} {total:7.1f} {work:11.2f} {ratio:6.2f}x  {'ok' if ratio <= TARGET else 'MISSED'}")
            print("  imports alone (the process less python -c pass): "
                  + ", ".join(f"{name} {_least(imports[install, name], k) - base:.1f}" for name in parts))
    for install, (floor_count, counts) in counted.items():
        print(f"instructions (millions, one run under valgrind), {install} install: python -c pass {floor_count / 1e6:.1f}")
        print(f"  {'command':22} {'whole':>7} {'in-process':>11} {'ratio':>7}")
        for name, (once, twice) in counts.items():
            work = twice - once
            print(f"  {name:22} {once / 1e6:7.1f} {work / 1e6:11.2f} {once / (floor_count + work):6.2f}x")
    for name, modules in imported.items():
        heavy = sorted({next(h for h in HEAVY if m == h or m.startswith(h + ".")) for m in modules
                        if any(m == h or m.startswith(h + ".") for h in HEAVY)})
        print(f"{name}: imported {', '.join(heavy) if heavy else 'none of ' + ', '.join(HEAVY)}")


if __name__ == "__main__":
    main()
