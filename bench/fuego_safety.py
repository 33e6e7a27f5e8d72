"""Build Fuego's static safety solver from its public source and time it on given positions.

    .venv/bin/python bench/fuego_safety.py --fuego SRC      # build, then check one position

Used by bench/bench_static_safety.py.  SRC is Fuego's source: a checkout
(the folder holding `go/` and `smartgame/`) or a git directory of a mirror
of its SourceForge repository (read with `git show HEAD:...`; on GitHub,
for example, svn2github/fuego); the environment variable FUEGO_SRC may give
it instead.  Nothing of Fuego is kept in this repository.

How it is built: a small C++ driver of ours (`DRIVER`) includes Fuego's
`GoBoard.h`, `GoRegionBoard.h` and `GoSafetySolver.h`; the files it needs
are found by following `#include "..."` from the driver through Fuego's
`go/`, `smartgame/` and `gtpengine/` folders, each header `X.h` bringing its
`X.cpp` when there is one.  They are copied into a temporary folder outside
this repository and compiled with `g++ -O2 -DNDEBUG` (the flags of Fuego's
own release build: autoconf's `-O2` and `--disable-assert`) against the
Boost headers (`apt-get install libboost-dev` on Debian); the files the
solver needs link against no Boost library.

How it is timed: the driver reads every position, sets each up once on a
GoBoard, then runs exactly what Fuego's GTP command `go_safe static` runs
(GoSafetyCommands::GetSafe: a fresh GoRegionBoard of the board and
GoSafetySolver::FindSafePoints, both colours) `reps` times, each timed
by the process CPU clock (`CLOCK_PROCESS_CPUTIME_ID`, nanoseconds), and
reports the least: the solver's own cost inside one Fuego process, with no
GTP parsing, no round trip and no board set-up in it, and as little as
possible of what other work on a shared machine adds.  It also reports
the same with the board set-up (a GoBoard made from the stones, which finds
Fuego's blocks) included, and prints the safe points of each colour so that
the caller can check that both programs answer the same.

Without g++, Boost or the source, `build` raises `Unavailable` with the
reason, which the bench prints before going on without Fuego.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

FOLDERS = ("go", "smartgame", "gtpengine")
"""Fuego's folders searched for included files, in this order (its makefiles put all three on the include path)."""

DRIVER = r"""
#include "SgSystem.h"
#include "SgInit.h"
#include "GoInit.h"
#include "GoBoard.h"
#include "GoRegionBoard.h"
#include "GoSafetySolver.h"
#include "GoSetup.h"
#include <ctime>
#include <iostream>
#include <string>
#include <vector>
using namespace std;

static double cpu() {
  timespec t;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

// Reads: REPS, then per position: SIZE and SIZE rows of X/O/. (top row first).
// Prints per position: "time SOLVER_SECONDS SETUP_AND_SOLVER_SECONDS", then
// "black N x y x y ..." and "white N x y ..." (x from the left, y from the top, from 0).
int main() {
  SgInit();
  GoInit();
  int reps;
  cin >> reps;
  int size;
  while (cin >> size) {
    GoSetup setup;
    vector<string> rows(size);
    for (int y = 0; y < size; y++) {
      cin >> rows[y];
      for (int x = 0; x < size; x++) {
        SgPoint p = SgPointUtil::Pt(x + 1, size - y);
        if (rows[y][x] == 'X') setup.AddBlack(p);
        else if (rows[y][x] == 'O') setup.AddWhite(p);
      }
    }
    GoBoard bd(size, setup);
    SgBWSet safe;
    double solver = 1e9, whole = 1e9;
    for (int i = 0; i < reps; i++) {
      double start = cpu();
      {
        GoRegionBoard regions(bd);
        GoSafetySolver s(bd, &regions);
        SgBWSet found;
        s.FindSafePoints(&found);
        if (i == 0) safe = found;
      }
      double middle = cpu();
      {
        GoBoard fresh(size, setup);
        GoRegionBoard regions(fresh);
        GoSafetySolver s(fresh, &regions);
        SgBWSet found;
        s.FindSafePoints(&found);
      }
      double end = cpu();
      solver = min(solver, middle - start);
      whole = min(whole, end - middle);
    }
    cout << "time " << solver << " " << whole << "\n";
    for (int c = 0; c < 2; c++) {
      SgBlackWhite colour = c == 0 ? SG_BLACK : SG_WHITE;
      cout << (c == 0 ? "black " : "white ") << safe[colour].Size();
      for (int y = 0; y < size; y++)
        for (int x = 0; x < size; x++)
          if (safe[colour].Contains(SgPointUtil::Pt(x + 1, size - y)))
            cout << " " << x << " " << y;
      cout << "\n";
    }
    cout.flush();
  }
  GoFini();
  SgFini();
}
"""


class Unavailable(Exception):
    """Fuego cannot be built here; the message says why."""


class Source:
    """Read files of Fuego's source from a checkout or a git directory."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.git = (root / "HEAD").is_file() and not (root / "go").is_dir()

    def read(self, relative: str) -> str | None:
        if self.git:
            done = subprocess.run(["git", "-C", str(self.root), "show", f"HEAD:{relative}"], capture_output=True, text=True)
            return done.stdout if done.returncode == 0 else None
        path = self.root / relative
        return path.read_text(encoding="utf-8", errors="replace") if path.is_file() else None


def find(source: Source, name: str, cache: dict[str, tuple[str, str] | None]) -> tuple[str, str] | None:
    """The path and text of an included file, looked up in Fuego's folders (None: a system header)."""
    if name not in cache:
        cache[name] = None
        for folder in FOLDERS:
            text = source.read(f"{folder}/{name}")
            if text is not None:
                cache[name] = (f"{folder}/{name}", text)
                break
    return cache[name]


def copy_closure(source: Source, target: Path) -> list[str]:
    """Copy every Fuego file the driver needs into `target`; the .cpp files among them."""
    cache: dict[str, tuple[str, str] | None] = {}
    todo = re.findall(r'#include "([^"]+)"', DRIVER)
    seen: set[str] = set()
    compiled: list[str] = []
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        found = find(source, name, cache)
        if found is None:
            continue
        path, text = found
        (target / path).parent.mkdir(parents=True, exist_ok=True)
        (target / path).write_text(text, encoding="utf-8")
        todo += re.findall(r'^\s*#\s*include\s+"([^"]+)"', text, re.M)
        if name.endswith(".cpp"):
            compiled.append(path)
        elif name.endswith(".h"):
            todo.append(name[:-2] + ".cpp")
    return compiled


def build(src: Path, folder: Path) -> Path:
    """Compile Fuego's solver with our driver in `folder`; the executable (raises `Unavailable`)."""
    if not src.exists():
        raise Unavailable(f"no Fuego source at {src}")
    source = Source(src)
    if source.read("go/GoSafetySolver.cpp") is None:
        raise Unavailable(f"{src} holds no go/GoSafetySolver.cpp: not Fuego's source")
    if shutil.which("g++") is None:
        raise Unavailable("no g++ on this machine")
    compiled = copy_closure(source, folder)
    driver = f"driver-{_version()}.cpp"
    (folder / driver).write_text(DRIVER, encoding="utf-8")
    include = [arg for f in FOLDERS for arg in ("-I", str(folder / f))]
    flags = ["-O2", "-DNDEBUG", "-w", "-std=gnu++11"]
    objects = []
    jobs = []
    for path in [driver, *compiled]:
        obj = folder / (path.replace("/", "_") + ".o")
        objects.append(str(obj))
        if obj.is_file():
            continue  # compiled by an earlier build in this folder (Fuego's files do not change)
        jobs.append(subprocess.Popen(["g++", *flags, *include, "-c", str(folder / path), "-o", str(obj)],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True))
        if len(jobs) >= (os.cpu_count() or 1):
            _wait(jobs.pop(0))
    for job in jobs:
        _wait(job)
    executable = folder / f"fuego-safety-{_version()}"
    done = subprocess.run(["g++", "-o", str(executable), *objects, "-pthread"], capture_output=True, text=True)
    if done.returncode != 0:
        raise Unavailable("linking Fuego failed:\n" + done.stderr[-2000:])
    return executable


def build_once(src: Path, folder: Path) -> Path:
    """`build` into `folder`, or the executable an earlier call left there (a build takes minutes)."""
    executable = folder / f"fuego-safety-{_version()}"
    if executable.is_file():
        return executable
    folder.mkdir(parents=True, exist_ok=True)
    return build(src, folder)


def _version() -> str:
    """A short digest of the driver, so that a changed driver is built anew."""
    return hashlib.sha1(DRIVER.encode()).hexdigest()[:10]


def _wait(job: subprocess.Popen[str]) -> None:
    _, err = job.communicate()
    if job.returncode != 0:
        missing = "boost/" in err and "No such file" in err
        raise Unavailable(("Boost's headers are missing (apt-get install libboost-dev)" if missing else
                           "compiling Fuego failed") + ":\n" + err[-2000:])


@dataclass(frozen=True)
class Timing:
    """Fuego's answer and cost on one position."""

    solver_s: float
    """CPU seconds of `go_safe static`'s work: GoRegionBoard and GoSafetySolver::FindSafePoints, both colours
    (the least of `reps` runs)."""
    with_setup_s: float
    """The same with the GoBoard set up from the stones first."""
    safe: tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]
    """Black's and white's safe points as (x, y), y from the top."""


def run(executable: Path, boards: list[list[str]], reps: int) -> list[Timing]:
    """Time Fuego on square boards given as rows of X/O/. (top row first)."""
    text = f"{reps}\n" + "".join(f"{len(rows)}\n" + "\n".join(rows) + "\n" for rows in boards)
    done = subprocess.run([str(executable)], input=text, capture_output=True, text=True, check=True)
    lines = done.stdout.split("\n")
    timings = []
    for k in range(len(boards)):
        _, solver, whole = lines[3 * k].split()
        safe = []
        for line in lines[3 * k + 1 : 3 * k + 3]:
            numbers = [int(v) for v in line.split()[2:]]
            safe.append(frozenset(zip(numbers[::2], numbers[1::2])))
        timings.append(Timing(float(solver), float(whole), (safe[0], safe[1])))
    return timings


def source_path(given: str | None) -> Path | None:
    """The Fuego source named on the command line or by FUEGO_SRC (None: neither)."""
    value = given or os.environ.get("FUEGO_SRC")
    return Path(value) if value else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuego", help="Fuego's source (a checkout or a git directory); default $FUEGO_SRC")
    args = parser.parse_args()
    src = source_path(args.fuego)
    if src is None:
        raise SystemExit("give Fuego's source with --fuego or FUEGO_SRC")
    with tempfile.TemporaryDirectory(prefix="fuego-") as tmp:
        try:
            executable = build(src, Path(tmp))
        except Unavailable as e:
            print(f"Fuego not built: {e}")
            return
        rows = ["XXXXX", "X.X.X", "XXXXX", "OOOOO", "....."]
        (timing,) = run(executable, [rows], 1000)
        print(f"built; a 5x5 test position: black safe {sorted(timing.safe[0])}, {timing.solver_s * 1e6:.1f} µs")


if __name__ == "__main__":
    main()
