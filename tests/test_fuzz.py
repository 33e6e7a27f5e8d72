"""Fuzzing the readers through the command line, in-process.

Generated and mutated Sensei diagrams, plain boards, SGF files and rule
programs (tests/fuzz_strategies.py) go through `passalive.cli.main` with the
commands that read them.  Whatever the input, the command must

* exit with 0, 1 or 2 (never 70, "internal error", nor a traceback);
* on exit 2, say where: `file:line:col`, a byte offset, or — for a problem
  of the file as a whole (empty, no diagram) — the file's name;
* end in bounded time (hypothesis' deadline per example).

The budget is small by default (the whole file in about 20 s);
PASSALIVE_FUZZ_EXAMPLES=N runs N examples per reader (docs/limits.md).
"""

from __future__ import annotations

import contextlib
import io
import os
import re
from collections import Counter
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz_strategies import mutated, plain_boards, rule_programs, sensei_diagrams, sgf_games
from passalive.cli import main

EXAMPLES = int(os.environ.get("PASSALIVE_FUZZ_EXAMPLES", "100"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=20),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=not os.environ.get("PASSALIVE_FUZZ_EXAMPLES"),
)

TRIED: Counter[str] = Counter()
"""Inputs tried per reader in this run (printed at the end with -s)."""

LOCATED = re.compile(r"^\S.*:\d+:\d+: error: |\(byte \d+\)")


@pytest.fixture(scope="module", autouse=True)
def report_counts():
    yield
    print("\nfuzz inputs tried per reader:", dict(TRIED))


def cli(argv: list[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of `passalive ARGV`, in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(argv)
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    return code, out.getvalue(), err.getvalue()


def assert_well_behaved(argv: list[str], path: Path) -> None:
    code, _, err = cli(argv)
    assert code in (0, 1, 2), f"exit {code} for {argv}: {err[-3000:]}"
    assert "Traceback" not in err and "internal error" not in err, err[-3000:]
    if code == 2:
        first = next((line for line in err.splitlines() if ": warning: " not in line), "")  # warnings may come first
        assert LOCATED.search(first) or first.startswith(f"error: {path}: "), f"unlocated error: {err[:500]}"


def write(path: Path, text: str) -> Path:
    path.write_bytes(text.encode("utf-8", errors="surrogatepass"))
    return path


COMMANDS = st.sampled_from(
    (
        ["show"],
        ["show", "--format", "plain"],
        ["analyse"],
        ["analyse", "--json", "--variant", "benson"],
        ["check", "--allow-empty"],
        ["score"],
        ["eyes", "--check"],
    )
)


@FUZZ
@given(text=st.one_of(sensei_diagrams(), mutated(sensei_diagrams())), command=COMMANDS)
def test_sensei_diagrams(tmp_path, text, command):
    TRIED["sensei"] += 1
    path = write(tmp_path / "d.txt", text)
    assert_well_behaved([*command, str(path)], path)


@FUZZ
@given(text=st.one_of(plain_boards(), mutated(plain_boards())), command=COMMANDS)
def test_plain_boards(tmp_path, text, command):
    TRIED["plain"] += 1
    path = write(tmp_path / "p.txt", text)
    assert_well_behaved([*command, str(path)], path)


@FUZZ
@given(text=st.one_of(sgf_games(), mutated(sgf_games())), command=COMMANDS)
def test_sgf_files(tmp_path, text, command):
    TRIED["sgf"] += 1
    path = write(tmp_path / "g.sgf", text)
    assert_well_behaved([*command, str(path)], path)


BOARD = "$$\n$$ +-----------+\n$$ | . X O . . |\n$$ | X X O O . |\n$$ | . X O . O |\n$$ +-----------+\n"


@FUZZ
@given(text=st.one_of(rule_programs(), mutated(rule_programs())))
def test_rule_programs(tmp_path, text):
    TRIED["rules"] += 1
    board = write(tmp_path / "b.txt", BOARD)
    program = write(tmp_path / "p.dl", text)
    assert_well_behaved(["analyse", str(board), "--program", str(program), "--max-rule-seconds", "2"], program)


@FUZZ
@given(data=st.binary(max_size=300), command=COMMANDS)
def test_arbitrary_bytes(tmp_path, data, command):
    TRIED["bytes"] += 1
    path = tmp_path / "x.txt"
    path.write_bytes(data)
    assert_well_behaved([*command, str(path)], path)
