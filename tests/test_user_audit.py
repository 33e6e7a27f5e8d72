"""What a new user met following the README off its happy path, each as an example.

A Go programmer scoring games, an engine author, a rules researcher and a
Go-wiki editor each tried the commands the way people do: a check on a file
with nothing to check, options that do not go together.  The bar: a located
error and exit status 2 rather than an answer to a question nobody asked, and
never a success that checked nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run

ROOT = Path(__file__).resolve().parent.parent

TWO_EYES = """\
$$c Two eyes
$$ | . . . . . . .
$$ | O O O O O O .
$$ | . O . O . O .
$$ | O O O O O O .
$$ +---------------
"""
"""A white group with two real eyes, and no {EYES}, {PATH} or {SCORE} line."""


@pytest.mark.parametrize(("command", "lines"), [("eyes", "{EYES} or {PATH}"), ("score", "{SCORE}")])
def test_check_with_no_claim_to_compare_is_an_error_not_agreement(capsys, tmp_path, command, lines):
    path = tmp_path / "two-eyes.txt"
    path.write_text(TWO_EYES)
    code, out, err = run([command, str(path), "--check"], capsys)
    assert code == 2
    assert "all expected results agree" not in err
    assert f"error: --check compared nothing: no {lines} line in 1 diagram" in err


@pytest.mark.parametrize("command", ["eyes", "score"])
def test_check_says_how_many_claims_agree(capsys, command):
    example = {"eyes": "instant-eye-tester.txt", "score": "scoring-seki.txt"}[command]
    code, _, err = run([command, str(ROOT / "examples" / example), "--check"], capsys)
    assert code == 0
    assert "all expected results agree" in err
    assert "claim(s) compared" in err
