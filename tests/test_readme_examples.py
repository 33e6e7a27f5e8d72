"""Every `passalive ...` example of the README, run as written.

The shell examples are taken from the README's ```sh blocks, so an example
that stops working (or a new one) fails here, not in a reader's terminal.  They
run in a scratch folder holding the repository's `examples/` and `docs/`, and the two files
the README assumes the reader has: `game.sgf` (a game of 152 moves, so
`--node 120` exists and C3 and Q16 are stones) and `my-variant.dl` (a copy of a
bundled program), plus the test games of `tests/data/games/` the README uses.  Each must exit with status 0 and no internal error.

Four examples take minutes on a loaded 2-core machine (the whole corpus
twice, 2,000 random 9x9 positions, every 3x4 board); by default they run on a
smaller input (QUICK: the same options, one file, 20 positions or 3x3 boards), and as written when
PASSALIVE_README_ALL=1 is set (a release run).
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
from pathlib import Path

import pytest

from passalive.cli import main
from passalive.rules.parse import resolve_bundled

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

QUICK = {
    "check examples/ ": ("examples/", "examples/basic.txt"),
    "--random 2000 ": ("2000", "20"),
    "--exhaustive --board 3x4": ("3x4", "3x3"),
    "--exhaustive --benson-complete": ("4x4", "3x3"),  # minutes in Python where the C census is not built
}
"""For the long examples (by a piece of their line): the argument replaced,
and by what, unless PASSALIVE_README_ALL is set."""

EXIT_STATUS = {
    "verify examples/static-safety.txt --alternating": 1,
    "analyse tests/data/games --all-nodes --jsonl --keep-going": 2,
}
"""Examples whose documented exit status is not 0 (by a piece of their line): the static-safety
corpus holds claims of Fuego's protected-cuts rule that alternating play refutes, and verify
exits 1 when a claim is refuted.  The folder of test games holds a broken file on purpose:
`--keep-going` analyses the others and exits 2 at the end."""


def readme_commands() -> list[str]:
    """The `passalive` command lines of the README's shell blocks, comments cut."""
    commands: list[str] = []
    inside = False
    for line in README.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = line.strip() in ("```sh", "```bash", "```shell", "```console")
            continue
        if inside and line.startswith("passalive "):
            commands.append(line)
    return commands


def test_the_readme_has_examples():
    assert len(readme_commands()) >= 20


def _game_sgf() -> str:
    """A 19x19 game of 152 moves: black fills rows 3, 7, 9 and 11, white rows
    1, 13, 16 and 19, one point each in turn (no chain ever loses its last
    liberty: an empty row lies between any two filled ones)."""
    letters = "abcdefghijklmnopqrs"

    def row(gtp_row: int) -> list[str]:
        return [f"{letters[x]}{letters[19 - gtp_row]}" for x in range(19)]

    black = [p for r in (3, 7, 9, 11) for p in row(r)]
    white = [p for r in (1, 13, 16, 19) for p in row(r)]
    moves = "".join(f";B[{b}];W[{w}]" for b, w in zip(black, white))
    return f"(;GM[1]FF[4]SZ[19]KM[6.5]{moves})\n"


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("readme")
    shutil.copytree(ROOT / "examples", folder / "examples")
    shutil.copytree(ROOT / "docs", folder / "docs")
    shutil.copytree(ROOT / "tests" / "data" / "games", folder / "tests" / "data" / "games")
    (folder / "game.sgf").write_text(_game_sgf(), encoding="ascii")
    shutil.copy(resolve_bundled("casting-out"), folder / "my-variant.dl")
    return folder


@pytest.fixture(scope="module")
def dask_scheduler():
    """The address of a Dask cluster in this process (a scheduler and one worker thread, over TCP),
    which the `--cluster` examples are run on instead of the address they show."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=1, processes=False, protocol="tcp://",
                      dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize("line", readme_commands())
def test_readme_example_runs_as_written(line, scratch, capsys, monkeypatch, request):
    monkeypatch.chdir(scratch)
    command = re.sub(r"\s+#.*$", "", line)
    argv = shlex.split(command)[1:]
    if ">" in argv:  # `> FILE`: the output is captured here instead
        argv = argv[: argv.index(">")]
    if "<" in argv:  # `< FILE`: the file on standard input (`passalive engine`)
        import io

        source = (scratch / argv[argv.index("<") + 1]).read_bytes()
        argv = argv[: argv.index("<")]
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(source)))
    if argv[:1] == ["gtp"]:  # an engine on standard input: ask it something, then quit
        import io

        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"boardsize 9\nlist_commands\nquit\n")))
    if not os.environ.get("PASSALIVE_README_ALL"):
        for piece, (was, becomes) in QUICK.items():
            if piece in line and "-q" not in argv:
                argv = [becomes if arg == was else arg for arg in argv]
    if "explore" in argv:
        argv.append("--no-progress")
    if "--cluster" in argv:
        at = argv.index("--cluster") + 1
        argv[at] = request.getfixturevalue("dask_scheduler")
    with pytest.raises(SystemExit) as done:
        main(argv)
        raise SystemExit(0)
    out, err = capsys.readouterr()
    expected = next((status for piece, status in EXIT_STATUS.items() if piece in line), 0)
    assert (done.value.code or 0) == expected, f"{line}\n{err[-2000:]}"
    assert "internal error" not in err and "Traceback" not in err
    assert out or os.listdir(scratch)
