"""Oversized and unusual input: one test per defect class of the reliability
review (D1-D10 and the smaller ones).  Each feeds the command line what a
hostile or careless user would and expects exit 2 with a located message
(file:line:col, or a byte offset), or a correct result — never a traceback,
an "internal error" or a machine out of memory.  The limits are in
docs/limits.md.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from passalive.cli import main

HUGE = "9" * 5000
"""A number beyond Python's int-digit limit (4,300 digits)."""

LOCATED = re.compile(r"^\S+:\d+:\d+: error: ", re.M)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    """Exit status, stdout and stderr of `passalive ARGV`, run in-process."""
    with pytest.raises(SystemExit) as done:
        main(argv)
        raise SystemExit(0)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "internal error" not in err
    return done.value.code or 0, out, err


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
