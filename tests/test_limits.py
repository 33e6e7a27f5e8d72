"""Oversized and unusual input: one test per defect class of the reliability
review (D1-D10 and the smaller ones).  Each feeds the command line what a
hostile or careless user would and expects exit 2 with a located message
(file:line:col, or a byte offset), or a correct result — never a traceback,
an "internal error" or a machine out of memory.  The limits are in
docs/limits.md.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest
from conftest import run

HUGE = "9" * 5000
"""A number beyond Python's int-digit limit (4,300 digits)."""

LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.M)


def write(tmp_path: Path, text: str, name: str = "d.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


CORNER = "$${header}\n$$ +-----+\n$$ | . X |\n$$ | X X |\n$$ +-----+\n{extra}"


# ---------------------------------------------------------------- D1, D9: numbers


@pytest.mark.parametrize("number", [HUGE, "²", "٣"], ids=["huge", "superscript", "arabic-indic"])
@pytest.mark.parametrize(
    ("command", "text", "where"),
    [
        ("show", CORNER.format(header="Bm{n}", extra=""), ":1:5: error: "),
        ("show", CORNER.format(header="B 1 at {n}", extra="").replace("| . X |", "| 1 . |"), ":1:"),
        ("check", CORNER.format(header="B", extra="$$ {{EXPECT variant=benson black={n}:1}}\n"), ":6:"),
        ("show", CORNER.format(header="B", extra="$$ {{LINK 1:1 {n}:1}}\n"), ":6:"),
        ("check", CORNER.format(header="B", extra="$$ {{CAPTURE by=white moves=1:{n}}}\n"), ":6:"),
        ("score", CORNER.format(header="B", extra="$$ {{SCORE black={n}}}\n"), ":6:17: error: "),
        ("score", CORNER.format(header="B", extra="$$ {{SCORE captures={n}/0}}\n"), ":6:"),
        ("eyes --check", CORNER.format(header="B", extra="$$ {{EYES variant=paths real={n}:1}}\n"), ":6:"),
        ("show", "{n} X X .\n", ":1:1: error: "),
        ("show", "X X . {n}\n", ":1:"),
    ],
)
def test_a_huge_or_unicode_number_is_a_located_error(capsys, tmp_path, command, text, where, number):
    path = write(tmp_path, text.format(n=number))
    code, out, err = run([*command.split(), path], capsys)
    if number != HUGE and "at {n}" in text:  # not a collision: the title is just a title
        assert code == 0, err
        return
    assert code == 2, err
    assert err.startswith(path + where), err
    assert len(err) < 1000, "the number is quoted whole"


def test_a_number_of_the_header_beyond_its_field_names_the_field(capsys, tmp_path):
    path = write(tmp_path, CORNER.format(header="B53", extra=""))
    code, _, err = run(["show", path], capsys)
    assert code == 2
    assert err.startswith(f"{path}:1:4: error: board size 53 is too large (at most 52)")


def test_a_huge_rule_constant_is_located(capsys, tmp_path):
    diagram = write(tmp_path, CORNER.format(header="B", extra=""))
    program = write(tmp_path, f".decl alive(b: number)\n.output alive\nalive({HUGE}).\n", "p.dl")
    code, _, err = run(["analyse", diagram, "--program", program], capsys)
    assert code == 2
    assert err.startswith(f"{program}:3:7: error: constant 99999999999999999999… (5000 characters) is too large")


def test_a_constant_expression_beyond_the_limit_is_located(capsys, tmp_path):
    diagram = write(tmp_path, CORNER.format(header="B", extra=""))
    program = write(tmp_path, ".decl alive(b: number)\n.output alive\nalive(1000000000000 * 1000000000000).\n", "p.dl")
    code, _, err = run(["analyse", diagram, "--program", program], capsys)
    assert code == 2
    assert err.startswith(f"{program}:3:7: error: this constant expression is larger than")


@pytest.mark.parametrize("value", [HUGE + "/0", "²/0", "1/-1"])
def test_score_captures_option_reads_ascii_digits_within_bounds(capsys, tmp_path, value):
    path = write(tmp_path, CORNER.format(header="B", extra=""))
    code, out, err = run(["score", path, "--captures", value], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: --captures"), err


# ---------------------------------------------------------------- helpers for subprocess runs

PASSALIVE = str(Path(sys.executable).with_name("passalive"))

_PEAK = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], stdin=sys.stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)\n"
    "sys.stderr.buffer.write(done.stderr)\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)\n"
    "sys.exit(done.returncode)\n"
)


def peak_run(argv: list[str], stdin: int | IO[bytes] = subprocess.DEVNULL) -> tuple[int, str, int]:
    """Exit status, stderr and peak memory (MiB) of `passalive ARGV` in its own
    process (measured by a parent that starts nothing else)."""
    done = subprocess.run(
        [sys.executable, "-c", _PEAK, PASSALIVE, *argv], stdin=stdin, capture_output=True, text=True, timeout=600
    )
    return done.returncode, done.stderr, int(done.stdout.strip() or 0)


# ---------------------------------------------------------------- D3, D4: rule programs

BOARD19 = ("." * 19 + "\n") * 19


@pytest.mark.parametrize(
    ("rules", "relation", "line"),
    [
        ("triple(A, B, C) :- point(A), point(B), point(C).", "triple", 3),
        ("triple(2, 2, 2).\ntriple(M, M, M) :- triple(N, N, N), M = N * N.", "triple", 2),
    ],
    ids=["cartesian-product", "squaring-recursion"],
)
def test_a_rule_program_that_grows_without_bound_is_stopped_at_its_relation(tmp_path, rules, relation, line):
    board = write(tmp_path, BOARD19)
    program = write(
        tmp_path,
        f'.include "board.dl"\n.decl triple(a: number, b: number, c: number)\n{rules}\n'
        ".decl alive(b: number)\n.output alive\nalive(A) :- triple(A, A, A), stone(A, \"black\").\n",
        "grow.dl",
    )
    # the time limit lifted: the fact limit must stop it, also on a loaded machine
    code, err, peak = peak_run(["analyse", board, "--program", program, "--max-rule-seconds", "600"])
    assert code == 2, err
    assert re.match(rf"{re.escape(program)}:{line}:\d+: error: the rule program (derived more than|computed a number)", err), err
    assert relation in err.splitlines()[0]
    assert peak < 500


def test_a_join_that_runs_without_end_is_stopped_by_the_time_limit(capsys, tmp_path):
    board = write(tmp_path, BOARD19)
    atoms = ", ".join(f"point(P{i})" for i in range(20))
    program = write(
        tmp_path,
        f'.include "board.dl"\n.decl alive(b: number)\n.output alive\nalive(P0) :- {atoms}, P0 + P19 < 0.\n',
        "join.dl",
    )
    code, _, err = run(["analyse", board, "--program", program, "--max-rule-seconds", "0.5"], capsys)
    assert code == 2
    assert err.startswith(f"{program}:4:1: error: the rule program ran out of time (0.5 s) while deriving alive")


def test_max_facts_is_an_option(capsys, tmp_path):
    board = write(tmp_path, BOARD19)
    code, _, err = run(["analyse", board, "--engine", "rules", "--max-facts", "1000"], capsys)
    assert code == 2
    assert re.match(r"\S+board\.dl:\d+:\d+: error: the rule program derived more than 1,000 tuples", err), err


@pytest.mark.parametrize(
    "expression",
    ["-" * 500 + "1", " + ".join(["A"] * 500), "(A + " * 300 + "A" + ")" * 300],
    ids=["unary-minus", "long-sum", "parentheses"],
)
def test_deep_nesting_in_a_rule_is_located(capsys, tmp_path, expression):
    board = write(tmp_path, BOARD19)
    program = write(
        tmp_path, f'.include "board.dl"\n.decl alive(b: number)\n.output alive\nalive(A) :- point(A), A = {expression}.\n',
        "deep.dl",
    )
    code, _, err = run(["analyse", board, "--program", program], capsys)
    assert code == 2
    assert err.startswith(f"{program}:4:") and "nest more than 100 deep" in err


def test_includes_nested_too_deep_are_located(capsys, tmp_path):
    board = write(tmp_path, BOARD19)
    for i in range(500):
        (tmp_path / f"inc{i}.dl").write_text(f'.include "inc{i + 1}.dl"\n')
    (tmp_path / "inc500.dl").write_text(".decl alive(b: number)\n.output alive\n")
    code, _, err = run(["analyse", board, "--program", str(tmp_path / "inc0.dl")], capsys)
    assert code == 2
    assert err.startswith(f"{tmp_path / 'inc32.dl'}:1:10: error: .include nested more than 32 files deep")


def test_a_rule_of_thousands_of_literals_is_refused_before_compiling(capsys, tmp_path):
    board = write(tmp_path, BOARD19)
    tests = ", ".join(f"A != {i}" for i in range(600))
    program = write(tmp_path, f'.include "board.dl"\n.decl alive(b: number)\n.output alive\nalive(A) :- point(A), {tests}.\n', "long.dl")
    code, _, err = run(["analyse", board, "--program", program], capsys)
    assert code == 2
    assert err.startswith(f"{program}:4:1: error: this rule has 601 literals, more than 500")


def test_include_outside_the_program_folder_is_refused_without_reading_it(capsys, tmp_path):
    board = write(tmp_path, BOARD19)
    (tmp_path / "sub").mkdir()
    program = write(tmp_path, '.include "/etc/passwd"\n', "sub/p.dl")
    code, _, err = run(["analyse", board, "--program", program], capsys)
    assert code == 2
    assert err.startswith(f"{program}:1:10: error: '/etc/passwd' lies outside the program's folder")
    assert "root:" not in err  # the file's first line is not echoed
    sibling = write(tmp_path, '.include "board.dl"\n.decl alive(b: number)\n.output alive\n', "sibling.dl")
    program = write(tmp_path, '.include "../sibling.dl"\n', "sub/q.dl")
    code, _, err = run(["analyse", board, "--program", program], capsys)
    assert code == 2 and "lies outside the program's folder" in err
    code, _, err = run(["analyse", board, "--program", program, "--include-anywhere"], capsys)
    assert code == 0, err
    assert sibling


def test_count_cannot_name_a_relation(capsys, tmp_path):
    board = write(tmp_path, BOARD19)
    program = write(tmp_path, ".decl count(a: number)\n.decl alive(b: number)\n.output alive\n", "count.dl")
    code, _, err = run(["analyse", board, "--program", program], capsys)
    assert code == 2
    assert err.startswith(f"{program}:1:7: error: count is a reserved word of the rule language")


# ---------------------------------------------------------------- D5: files too large


def test_an_endless_device_is_refused_in_bounded_memory():
    code, err, peak = peak_run(["show", "/dev/zero"])
    assert code == 2
    assert err.startswith("error: /dev/zero: more than 64 MiB (byte 67108865)")
    assert peak < 250


def test_endless_standard_input_is_refused_in_bounded_memory():
    with open("/dev/zero", "rb") as endless:
        code, err, peak = peak_run(["analyse", "-"], stdin=endless)
    assert code == 2
    assert err.startswith("error: <stdin>: more than 64 MiB")
    assert peak < 250


def test_bad_utf8_is_located_by_line_and_column(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes("$$ +---+\n$$ | é\xff |\n".encode("utf-8", errors="surrogateescape").replace(b"\xc3\xbf", b"\xff"))
    code, _, err = run(["show", str(path)], capsys)
    assert code == 2
    assert err.startswith(f"{path}:2:7: error: not UTF-8 text (byte 17)"), err


# ---------------------------------------------------------------- D6: boards too large


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("$$\n" + ("$$ " + ". " * 200 + "\n") * 3, ":2:108: error: this row has 200 points"),
        ("$$\n" + "$$ . X .\n" * 60, ":54:4: error: this diagram has more than 52 rows"),
        ("." * 25_000 + "\n", ":1:53: error: this row has more than 52 points"),
        (".X.\n" * 200, ":55:1: error: this board has more than 52 rows"),
        ("$$\n" + "$$ . X .\n" * 200_000, ":2001:1: error: this $$ diagram has more than 2,000 lines"),
    ],
    ids=["sensei-wide", "sensei-tall", "plain-row-of-25000", "plain-tall", "sensei-200000-lines"],
)
def test_a_board_beyond_the_limit_is_refused_at_once(capsys, tmp_path, text, where):
    path = write(tmp_path, text)
    code, _, err = run(["analyse", path], capsys)
    assert code == 2
    assert err.startswith(path + where), err


# ---------------------------------------------------------------- D7: streaming


def test_analyse_prints_each_result_before_reading_the_next_board(capsys, tmp_path):
    good = ".X.\nX.X\n.X.\n\n"
    path = write(tmp_path, good * 30 + "?\n")
    code, out, err = run(["analyse", path, "--json"], capsys)
    assert code == 2 and err.startswith(f"{path}:121:1: error: unknown character '?'")
    assert out.count('"variant"') == 30  # printed before the bad board was read


# ---------------------------------------------------------------- D8: verify output


def test_verify_output_is_bounded_on_a_large_board(capsys, tmp_path):
    import random

    rng = random.Random(12)
    rows = ["".join(rng.choices("XO.", weights=(6, 6, 88), k=52)) for _ in range(52)]
    path = write(tmp_path, "\n".join(rows) + "\n")
    code, out, err = run(["verify", path, "--timeout", "5"], capsys)
    assert code == 0, err
    assert len(out) < 200_000
    assert "--witness full draws them all" in out


# ---------------------------------------------------------------- D10: explore's processes


def _children(pid: int) -> list[int]:
    """The processes whose parent is `pid` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the worker processes")
def test_explore_workers_die_with_their_parent_and_out_is_locked(tmp_path):
    out = tmp_path / "run.jsonl"
    argv = [PASSALIVE, "explore", "--suite", "--board", "4x4", "--exhaustive", "--jobs", "2", "--out", str(out), "--no-progress"]
    parent = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline and parent.poll() is None:
            time.sleep(0.2)
            workers = _children(parent.pid)
        assert len(workers) >= 2, "explore --jobs 2 started no workers"
        second = subprocess.run(argv, capture_output=True, text=True, timeout=120)
        assert second.returncode == 2
        assert second.stderr.startswith(f"error: {out}: another explore run is writing this file")
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 5
        while any(_alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(w) for w in workers), "a worker outlived its SIGKILLed parent by 5 s"
    finally:
        if parent.poll() is None:
            parent.kill()
            parent.wait()
        for w in workers:
            if _alive(w):
                os.kill(w, signal.SIGKILL)


# ---------------------------------------------------------------- check that checked nothing


def test_check_of_a_folder_without_claims_fails(capsys, tmp_path):
    write(tmp_path, CORNER.format(header="B", extra=""), "a.txt")
    code, _, err = run(["check", str(tmp_path)], capsys)
    assert code == 2
    assert err.startswith("error: checked nothing: 1 diagram(s) in 1 file(s), none with an EXPECT")
    code, _, _ = run(["check", str(tmp_path), "--allow-empty"], capsys)
    assert code == 0
