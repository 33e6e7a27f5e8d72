"""GNU Go's own regression file `regression/unconditional.tst`, run over GTP against `passalive gtp`.

The file and the games it loads are GNU Go's, unchanged (tests/data/gnugo-regression/, GPL: see
the README there).  `tests/gnugo_regress.py` runs it as GNU Go's `regress.sh` does (the whole file
on the engine's standard input, from the file's folder) and judges the answers by the rules of
GNU Go's `regress.awk`; where GNU Go is installed, the same runner gives GNU Go 673/673 too, so
the runner is checked against the program the file was written for.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from gnugo import find_gnugo, missing_reason
from gnugo_regress import Expectation, Outcome, Run, answers, expectation, expectations, run

HERE = Path(__file__).parent
TST = HERE / "data" / "gnugo-regression" / "unconditional.tst"
ENGINE = [sys.executable, "-c", "from passalive.cli import main; main()", "gtp"]


def test_every_query_of_gnu_go_s_unconditional_tst_agrees() -> None:
    outcome = run(TST, ENGINE)
    assert "Traceback" not in outcome.stderr and "internal error" not in outcome.stderr
    assert not outcome.crashed and len(outcome.outcomes) == 673
    assert [(o.number, o.expected.pattern, o.result) for o in outcome.unexpected] == []
    assert outcome.summary() == "673/673 passes. 0 unexpected passes, 0 unexpected failures"


def test_gnu_go_itself_passes_the_file_through_the_same_runner() -> None:
    program = find_gnugo()
    if program is None:
        print(f"SKIPPED: {missing_reason()}")
        pytest.skip(missing_reason())
    outcome = run(TST, [program, "--quiet", "--mode", "gtp"])
    assert outcome.summary() == "673/673 passes. 0 unexpected passes, 0 unexpected failures"


def test_the_file_asks_what_the_json_re_encoding_asks() -> None:
    """tests/data/gnugo_unconditional.json (used by tests/test_unconditional.py) holds the same 673 queries."""
    data = json.loads((HERE / "data" / "gnugo_unconditional.json").read_text(encoding="utf-8"))
    from_json = [tuple(q) for p in data["positions"] for q in p["queries"]]
    text = TST.read_text(encoding="utf-8")
    wanted = expectations(text)
    from_tst = [(line.split()[2], wanted[line.split()[0]].pattern) for line in text.splitlines() if "unconditional_status" in line]
    assert from_tst == from_json


def test_bad_vertices_are_answered_as_gnu_go_answers_them() -> None:
    """GNU Go 3.8's answers, `printf ... | gnugo --mode gtp`."""
    from passalive.tools.gtp import GtpEngine

    engine = GtpEngine(size=5)
    asked = ["pass", "A6", "", "a1", "A1 B2", "Z1"]
    got = [engine.handle(f"{i} unconditional_status {v}") for i, v in enumerate(asked, 1)]
    assert got == [
        "?1 invalid coordinate\n\n", "?2 invalid coordinate\n\n", "?3 invalid coordinate\n\n",
        "=4 undecided\n\n", "=5 undecided\n\n", "?6 invalid coordinate\n\n",
    ]


# ------------------------------------------------------- the runner's rules


def test_an_expectation_line_as_regress_awk_reads_it() -> None:
    assert expectation("#? [alive]") == Expectation("alive")
    assert expectation("#?[!dead]*") == Expectation("dead", negate=True, known_failure=True)
    assert expectation("#? [A1|B2]&") == Expectation("A1|B2", ignored=True)
    assert expectation("#? [1 (C3|D4)]") == Expectation("1 (C3|D4)")


def test_a_pattern_matches_the_whole_result_only() -> None:
    assert Expectation("alive").matches("alive") and not Expectation("alive").matches("alive_in_seki")
    assert Expectation("A1|B2").matches("B2") and not Expectation("dead", negate=True).matches("dead")


def test_answers_count_only_numbered_first_lines_and_failures_are_results() -> None:
    output = "=1 alive\n\n?2 invalid coordinate\n\n=\n\n= 3 x\n\n=4\n\n=5 black\nmore\n\n"
    assert answers(output) == [("1", "alive"), ("2", "invalid coordinate"), ("5", "black")]


def test_an_expectation_belongs_to_the_last_numbered_line_before_it() -> None:
    tst = "loadsgf a.sgf\n1 unconditional_status A1\n#? [alive]\n\n2 color A1\n#? [black]*\n"
    assert expectations(tst) == {"1": Expectation("alive"), "2": Expectation("black", known_failure=True)}


def test_a_known_failure_that_passes_is_unexpected_and_missing_answers_a_crash() -> None:
    known = Expectation("black", known_failure=True)
    outcome = Run((Outcome("1", Expectation("alive"), "alive"), Outcome("2", known, "black")), 3, "")
    assert outcome.crashed and [o.number for o in outcome.unexpected] == ["2"]
    assert outcome.summary() == "possible crash: expected 3 results, got 2. 2/2 passes. 1 unexpected passes, 0 unexpected failures"
