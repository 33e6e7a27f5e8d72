"""What a command imports: the plain analysis never loads Lark, Z3, python-constraint or the rule engine.

A process that analyses one position pays for every module it imports
(bench/bench_startup.py measures it); these tests say which ones it must not
import, by looking at `sys.modules` in a fresh interpreter.  A behaviour,
not a timing: the heavy libraries come only with the options that need them,
and the lighter things a plain analysis once paid for and has no use for
(the package metadata and the compiled kernel for `--version`, the other
commands' modules, the markup classes of Sensei's diagrams) stay out.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("lark", "z3", "constraint", "passalive.rules", "passalive.solver", "sgfmill")
"""Libraries (and passalive's own heavy packages) a plain analysis has no use for."""

UNUSED = (
    "importlib.metadata",  # the installed version: `--version`, GTP's `version`, the SGF writer
    "passalive.version",
    "passalive.go.markup",  # a Sensei diagram's moves, extension lines, EXPECT/CAPTURE claims
    "passalive.go.play",  # the capture rule: a position set up, not played, needs none
    "passalive.go.game",  # game records
    "passalive.output.sgf",
    "passalive.tools.figures",  # the pictures
    "passalive.tools.score",
    "passalive.tools.eyes",
    "passalive.cli.check",  # the other commands
    "passalive.cli.show",
    "passalive.cli.verify",
    "passalive.cli.gtp",
    "passalive.cli.engine",
)
"""Lighter modules a plain board's analysis once imported or could, and does not use: kept out so that
its start-up does not creep back up (bench/bench_startup.py, docs/limits.md)."""

_PROBE = """
import sys
from passalive.cli import main
try:
    main(sys.argv[1:])
except SystemExit as done:
    assert not done.code, done.code
sys.stderr.write("\\nMODULES " + " ".join(sorted(sys.modules)) + "\\n")
"""

PLAIN = "X X X X X\nX . X . X\nX X X X X\n. . . . .\nO O O O O\n. O . O .\n"
SGF = "(;GM[1]SZ[5]AB[aa][ba][ca][da][ea][ab][cb][eb][ac][bc][cc][dc][ec]AW[ad][bd][cd][dd][ed])\n"


def _imported(*argv: str) -> set[str]:
    done = subprocess.run([sys.executable, "-c", _PROBE, *argv], capture_output=True, text=True, check=True)
    return set(done.stderr.rsplit("MODULES ", 1)[1].split())


def _heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_import_passalive_imports_only_its_errors() -> None:
    code = "import sys, passalive; print(' '.join(sorted(m for m in sys.modules if m.startswith('passalive'))))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["passalive", "passalive.errors", "passalive.go", "passalive.go.display"]


def test_the_command_line_reads_the_version_and_loads_the_kernel_only_for_version() -> None:
    code = "import sys, passalive.cli; print(' '.join(sorted(sys.modules)))"
    modules = set(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split())
    assert "passalive.cli" in modules
    assert not modules & {"importlib.metadata", "passalive.version", "passalive.definitions.kernel", "passalive.definitions._kernel"}


def test_a_public_name_is_imported_on_first_use() -> None:
    code = "import sys, passalive; passalive.Board; print('passalive.go.board' in sys.modules, 'lark' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "False"]


@pytest.mark.parametrize("args", [[], ["--json"], ["--jsonl"], ["--territory", "katago", "--jsonl"]], ids=" ".join)
def test_analysing_a_plain_board_imports_nothing_heavy(tmp_path: Path, args: list[str]) -> None:
    board = tmp_path / "board.txt"
    board.write_text(PLAIN, encoding="utf-8")
    assert _heavy(_imported("analyse", str(board), *args)) == []


@pytest.mark.parametrize("args", [[], ["--json"]], ids=" ".join)
def test_analysing_a_plain_board_imports_nothing_it_does_not_use(tmp_path: Path, args: list[str]) -> None:
    board = tmp_path / "board.txt"
    board.write_text(PLAIN, encoding="utf-8")
    modules = _imported("analyse", str(board), *args)
    assert "passalive.go.diagram" in modules  # the probe sees what it should
    assert sorted(modules & set(UNUSED)) == []


@pytest.mark.parametrize("args", [[], ["--json"]], ids=" ".join)
def test_analysing_an_sgf_position_imports_nothing_heavy(tmp_path: Path, args: list[str]) -> None:
    game = tmp_path / "game.sgf"
    game.write_text(SGF, encoding="utf-8")
    assert _heavy(_imported("analyse", str(game), *args)) == []


def test_analysing_an_sgf_position_imports_nothing_it_does_not_use(tmp_path: Path) -> None:
    game = tmp_path / "game.sgf"
    game.write_text(SGF, encoding="utf-8")
    modules = _imported("analyse", str(game), "--json")
    assert "passalive.grammar.sgf" in modules and "passalive.go.game" in modules  # the probe sees what it should
    assert sorted(modules & (set(UNUSED) - {"passalive.go.game", "passalive.go.play"})) == []  # a record is replayed


def test_the_rule_engine_and_lark_come_with_the_options_that_need_them(tmp_path: Path) -> None:
    board = tmp_path / "board.txt"
    board.write_text(PLAIN, encoding="utf-8")
    modules = _imported("analyse", str(board), "--engine", "rules", "--json")
    assert "passalive.rules.engine" in modules and "lark" in modules  # the probe sees what it should
    assert "z3" not in modules


def test_version_says_the_release_and_the_kernel() -> None:
    out = subprocess.run([sys.executable, "-c", "from passalive.cli import main; main(['--version'])"],
                         capture_output=True, text=True, check=True).stdout.splitlines()
    assert out[0].startswith("passalive, version ") and out[1].startswith("kernel: ")


def test_sensei_markup_needs_lark(tmp_path: Path) -> None:
    diagram = tmp_path / "diagram.txt"
    diagram.write_text("$$ +-------\n$$ | X X X\n$$ | X . X\n$$ | X X X\n", encoding="utf-8")
    assert "lark" in _imported("analyse", str(diagram), "--json")
