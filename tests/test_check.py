"""`passalive check`: expected verdicts and capturing sequences, checked.

Each test writes a small diagram with its EXPECT/CAPTURE lines, as a corpus
author would, and looks at what `check` makes of it.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from typing import Any

import pytest
from conftest import run

from passalive.solver.oracle import Budget, Oracle
from passalive.tools.check import Status, check_diagram, check_paths
from passalive.errors import InputError, UsageError
from passalive.grammar.read import parse_diagrams

TWO_EYES = """\
$$ Two eyes
$$ +-----------+
$$ | . . . . . |
$$ | . . . . . |
$$ | X X X X X |
$$ | . X . X X |
$$ | X X X X X |
$$ +-----------+
"""

BIG_EYE = """\
$$ Big eye with one real eye
$$ +-----------+
$$ | . . . . . |
$$ | . . . . . |
$$ | X X X X . |
$$ | . . X X X |
$$ | . . X . X |
$$ +-----------+
"""


def one(text: str, **options: Any):
    (diagram,) = parse_diagrams(text, "test.txt")
    return check_diagram(diagram, "test.txt", **options)


def write(tmp_path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text("A test corpus file.\n" + text)
    return str(path)


# ------------------------------------------------------------------ EXPECT


def test_a_true_expectation_passes_for_every_variant_named():
    result = one(TWO_EYES + "$$ {EXPECT variant=casting-out,benson,wikipedia,knechtel,definition black=A1}\n")
    assert [r.variant for r in result.rows] == ["casting-out", "benson", "wikipedia", "knechtel", "definition"]
    assert all(r.status is Status.OK for r in result.rows)
    assert result.rows[0].expected == result.rows[0].got == "black A1"


def test_a_wrong_expectation_fails_and_says_what_was_got():
    result = one(TWO_EYES + "$$ {EXPECT variant=casting-out black=none}\n")
    (row,) = result.rows
    assert row.status is Status.FAIL
    assert row.expected == "black none"
    assert row.got == "black A3"  # the chain named by its first stone
    assert "expected none, got A3" in row.message
    assert result.notes and "region {A2} is healthy" in result.notes[0]


def test_each_listed_point_names_its_whole_chain():
    result = one(TWO_EYES + "$$ {EXPECT variant=casting-out black=E2}\n")
    assert result.rows[0].status is Status.OK
    assert result.rows[0].got == "black E2"


def test_suicide_rule_of_the_line_is_used():
    text = BIG_EYE.replace("| . . X . X |", "| O . X . X |")  # the white stone on A1
    result = one(
        text
        + "$$ {EXPECT variant=casting-out black=C1}\n"
        + "$$ {EXPECT variant=suicide suicide=multi black=none}\n"
        + "$$ {EXPECT variant=suicide suicide=all black=none}\n"
    )
    assert [(r.variant, r.suicide.value, r.status) for r in result.rows] == [
        ("casting-out", "no", Status.OK),
        ("suicide", "multi", Status.OK),
        ("suicide", "all", Status.OK),
    ]


def test_a_colour_not_mentioned_is_not_checked():
    result = one(TWO_EYES + "$$ {EXPECT variant=casting-out white=none}\n")
    assert result.rows[0].status is Status.OK
    assert "black" not in result.rows[0].got


def test_unknown_variant_is_an_input_error_at_the_line():
    with pytest.raises(InputError) as error:
        one(TWO_EYES + "$$ {EXPECT variant=bensen black=A1}\n")
    assert "unknown variant 'bensen'" in error.value.message
    assert error.value.location is not None and error.value.location.line == 9


def test_a_variant_without_suicide_refuses_suicide_multi():
    with pytest.raises(InputError) as error:
        one(TWO_EYES + "$$ {EXPECT variant=casting-out suicide=multi black=A1}\n")
    assert "suicide=no" in error.value.message


def test_a_point_of_the_wrong_colour_is_an_input_error():
    with pytest.raises(InputError) as error:
        one(TWO_EYES + "$$ {EXPECT variant=casting-out black=A2}\n")
    # the reader or the checker rejects it, at the line, naming the point
    assert "A2" in error.value.message and "black" in error.value.message
    assert error.value.location is not None and error.value.location.line == 9


def test_variant_selection_keeps_only_those_rows():
    text = TWO_EYES + "$$ {EXPECT variant=casting-out,benson black=A1}\n$$ {CAPTURE by=white moves=A4}\n"
    result = one(text, variants=["benson"])
    assert [r.variant for r in result.rows] == ["benson"]
    with pytest.raises(UsageError):
        one(text, variants=["nonsense"])


# ------------------------------------------------------------------- truth


def test_truth_proves_and_refutes():
    good = one(BIG_EYE + "$$ {EXPECT variant=truth black=none}\n")
    assert good.rows[0].status is Status.OK
    bad = one(BIG_EYE + "$$ {EXPECT variant=truth black=C1}\n")
    (row,) = bad.rows
    assert row.status is Status.FAIL
    assert "captured by white:" in row.message


def test_truth_that_the_solver_cannot_settle_is_unknown_not_failed():
    oracle = Oracle(Budget(seconds=0.001, states=0, shortcuts=False))  # the Z3 check alone
    text = TWO_EYES + "$$ {EXPECT variant=truth suicide=multi black=A1}\n"
    (diagram,) = parse_diagrams(text, "test.txt")
    row = check_diagram(diagram, "test.txt", oracle=oracle).rows[0]
    assert row.status in (Status.OK, Status.UNKNOWN)  # a fast machine may still prove it
    if row.status is Status.UNKNOWN:
        assert "not settled" in row.message and "?" in row.got


# ------------------------------------------------------------------ verify


def test_verify_refutes_a_wrong_variant_claim():
    result = one(BIG_EYE + "$$ {EXPECT variant=knechtel black=C3}\n", verify=True)
    kinds = {r.kind: r for r in result.rows}
    assert kinds["expect"].status is Status.OK  # knechtel does say so
    assert kinds["verify"].status is Status.FAIL  # but the game disagrees
    assert "refuted by the game" in kinds["verify"].message


def test_verify_accepts_a_disagreement_the_diagram_records():
    text = BIG_EYE + "$$ {EXPECT variant=truth black=none}\n$$ {EXPECT variant=knechtel black=C3}\n"
    result = one(text, verify=True)
    verify_rows = [r for r in result.rows if r.kind == "verify"]
    assert len(verify_rows) == 1 and verify_rows[0].status is Status.OK
    assert "truth line records" in verify_rows[0].message


# ----------------------------------------------------------------- CAPTURE


def test_capture_replays_and_names_the_captured_stones():
    result = one(BIG_EYE + "$$ {CAPTURE by=white moves=A4,B4,C4,D4,E3,A2,B2,B1,D1}\n")
    (row,) = result.rows
    assert row.status is Status.OK
    assert row.got.startswith("captures A3 B3") and row.got.endswith("(move 9)")


def test_capture_with_an_illegal_move_fails():
    result = one(TWO_EYES + "$$ {CAPTURE by=white moves=A2}\n")
    (row,) = result.rows
    assert row.status is Status.FAIL
    assert "move 1 at A2 is illegal" in row.message


def test_capture_that_captures_nothing_fails():
    result = one(TWO_EYES + "$$ {CAPTURE by=white moves=A5,pass,B5}\n")
    (row,) = result.rows
    assert row.status is Status.FAIL
    assert "captures none" in row.message


def test_capture_with_suicide_needs_the_rule():
    text = BIG_EYE.replace("| . . X . X |", "| O . X . X |")
    moves = "A4,B4,C4,D4,E3,A2,B2,B1,A2,B2,B1,D1"
    assert one(text + f"$$ {{CAPTURE by=white suicide=multi moves={moves}}}\n").rows[0].status is Status.OK
    assert one(text + f"$$ {{CAPTURE by=white moves={moves}}}\n").rows[0].status is Status.FAIL


# --------------------------------------------------------------------- CLI


def test_cli_passes_with_exit_0(capsys, tmp_path):
    path = write(tmp_path, "good.txt", TWO_EYES + "$$ {EXPECT variant=casting-out,truth black=A1}\n")
    code, out, _ = run(["check", path], capsys)
    assert code == 0
    assert "file" in out and "expected" in out and "got" in out and "ok" in out
    assert "2 checks: 2 ok, 0 failed, 0 unknown (1 diagram in 1 file)" in out


def test_cli_deliberately_wrong_expectation_exits_1_with_the_diagram(capsys, tmp_path):
    path = write(tmp_path, "bad.txt", TWO_EYES + "$$ {EXPECT variant=casting-out black=none}\n")
    code, out, _ = run(["check", path], capsys)
    assert code == 1
    assert f"FAIL {path}:2 #1 Two eyes" in out
    assert "line 10: casting-out, suicide=no: black: expected none, got A3" in out
    assert "$$ | . X . X X |" in out  # the failing diagram is shown
    assert "1 failed" in out


def test_cli_bad_expectation_line_exits_2(capsys, tmp_path):
    path = write(tmp_path, "typo.txt", TWO_EYES + "$$ {EXPECT variant=bensen black=A1}\n")
    code, _, err = run(["check", path], capsys)
    assert code == 2
    assert f"{path}:10" in err and "unknown variant" in err


def test_cli_folder_skips_files_without_diagrams(capsys, tmp_path):
    write(tmp_path, "good.txt", TWO_EYES + "$$ {EXPECT variant=casting-out black=A1}\n")
    (tmp_path / "notes.txt").write_text("just prose, no diagram\n")
    code, out, _ = run(["check", str(tmp_path)], capsys)
    assert code == 0 and "(1 diagram in 1 file)" in out


def test_cli_json(capsys, tmp_path):
    path = write(tmp_path, "mixed.txt", TWO_EYES + "$$ {EXPECT variant=casting-out,benson black=A1}\n$$ {EXPECT variant=wikipedia black=none}\n")
    code, out, _ = run(["check", path, "--json"], capsys)
    assert code == 1
    data = json.loads(out)
    assert data["summary"] == {"checks": 3, "ok": 2, "failed": 1, "unknown": 0, "diagrams": 1, "files": 1, "errors": 0}
    failed = [r for r in data["results"] if r["status"] == "fail"]
    assert failed[0]["variant"] == "wikipedia" and failed[0]["line"] == 11 and failed[0]["got"] == "black A3"


def test_cli_junit_xml(capsys, tmp_path):
    path = write(tmp_path, "mixed.txt", TWO_EYES + "$$ {EXPECT variant=casting-out black=A1}\n$$ {EXPECT variant=benson black=none}\n")
    xml_path = tmp_path / "report.xml"
    code, _, _ = run(["check", path, "--junit-xml", str(xml_path), "--failures-only"], capsys)
    assert code == 1
    root = ET.parse(xml_path).getroot()
    assert root.tag == "testsuites" and root.get("tests") == "2" and root.get("failures") == "1"
    (suite,) = root.findall("testsuite")
    cases = suite.findall("testcase")
    assert len(cases) == 2
    assert cases[1].find("failure") is not None and cases[0].find("failure") is None


def test_cli_verify_flag(capsys, tmp_path):
    path = write(tmp_path, "v.txt", BIG_EYE + "$$ {EXPECT variant=knechtel black=C3}\n")
    code, out, _ = run(["check", path], capsys)
    assert code == 0
    code, out, _ = run(["check", path, "--verify"], capsys)
    assert code == 1 and "refuted by the game" in out


def test_check_paths_missing_path_is_an_input_error(tmp_path):
    with pytest.raises(InputError):
        check_paths([str(tmp_path / "nowhere")])


def test_rule_engine_gives_the_same_verdicts(capsys, tmp_path):
    text = BIG_EYE + "$$ {EXPECT variant=casting-out,benson,wikipedia,knechtel,definition black=none}\n"
    text = text.replace("variant=casting-out,benson,wikipedia,knechtel,definition black=none", "variant=casting-out,benson,wikipedia,definition black=none")
    text += "$$ {EXPECT variant=knechtel black=C3}\n"
    path = write(tmp_path, "engine.txt", text)
    code, out, _ = run(["check", path, "--engine", "rules"], capsys)
    assert code == 0 and "5 checks: 5 ok" in out


# ------------------------------------------------------------ a property

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from strategies import end_of_game_positions  # noqa: E402

from passalive.definitions.analysis import analyse  # noqa: E402
from passalive.go.board import STONE_COLOURS  # noqa: E402
from passalive.output.render import render_sensei  # noqa: E402


def _expect_line(board, alive, variants: str) -> str:
    items = []
    for colour in STONE_COLOURS:
        names = [board.names(board.chains[i].points)[0] for i in sorted(alive[colour])]
        items.append(f"{colour.value}={','.join(names) or 'none'}")
    return f"$$ {{EXPECT variant={variants} {' '.join(items)}}}\n"


@settings(max_examples=30, deadline=None)
@given(end_of_game_positions(min_size=4, max_size=9), st.data())
def test_a_variant_s_own_verdict_passes_and_any_change_fails(board, data):
    analysis = analyse(board, "casting-out")
    alive = {c: set(analysis.alive(c)) for c in STONE_COLOURS}
    text = render_sensei(board, title="generated") + _expect_line(board, alive, "casting-out,benson,wikipedia")
    result = one(text)
    assert result.rows and all(r.status is Status.OK for r in result.rows)
    chains = [ch for ch in board.chains]
    if chains:
        flipped = data.draw(st.sampled_from(chains))
        alive[flipped.colour] ^= {flipped.index}
        result = one(render_sensei(board, title="generated") + _expect_line(board, alive, "casting-out"))
        assert [r.status for r in result.rows] == [Status.FAIL]


# ------------------------------------------------ eye tester and scoring lines

BLOCKS = """\
$$ Board position to show blocks
$$ +-----------+
$$ | . O X . . |
$$ | . O X X . |
$$ | . . O X . |
$$ | . O X X . |
$$ | . O X . . |
$$ +-----------+
"""


def test_eyes_path_and_score_lines_become_rows():
    eyes = one(TWO_EYES + "$$ {EYES variant=paths,solid real=A2,C2 false=none}\n$$ {PATH A1,E3 joined=yes}\n")
    assert [(r.kind, r.variant, r.suicide, r.status) for r in eyes.rows] == [
        ("eyes", "eyes:paths", None, Status.OK),
        ("eyes", "eyes:solid", None, Status.OK),
        ("path", "eyes:paths", None, Status.OK),
    ]
    assert eyes.rows[0].expected == eyes.rows[0].got == "real A2,C2; false none"
    (row,) = one(BLOCKS + "$$ {SCORE black=7 white=5 seki=none}\n").rows
    assert (row.kind, row.variant, row.status, row.got) == ("score", "score", Status.OK, "black 7; white 5; seki none")


def test_a_wrong_eyes_claim_fails_and_says_what_the_tester_found():
    (row,) = one(TWO_EYES + "$$ {EYES variant=paths false=C2}\n").rows
    assert row.status is Status.FAIL and row.line == 9
    assert (row.expected, row.got) == ("false C2", "false none")
    assert "paths: false eyes are none, expected C2" in row.message


def test_claim_rows_follow_the_variant_selection():
    text = (
        TWO_EYES
        + "$$ {EXPECT variant=casting-out black=A1}\n"
        + "$$ {EYES variant=paths,unsettled real=A2,C2}\n"
        + "$$ {PATH A1,E3 joined=yes variant=solid}\n"
    )
    assert [r.variant for r in one(text, variants=["eyes:unsettled"]).rows] == ["eyes:unsettled"]
    assert [r.variant for r in one(text, variants=["eyes"]).rows] == ["eyes:paths", "eyes:unsettled", "eyes:solid"]
    assert [r.variant for r in one(text, variants=["casting-out"]).rows] == ["casting-out"]
    assert [r.variant for r in one(BLOCKS + "$$ {SCORE black=7}\n", variants=["score"]).rows] == ["score"]
    assert one(BLOCKS + "$$ {SCORE black=7}\n", variants=["eyes"]).rows == ()
    with pytest.raises(UsageError):
        one(text, variants=["eyes:nonsense"])


def test_cli_wrong_eyes_claim_exits_1(capsys, tmp_path):
    path = write(tmp_path, "eyes.txt", TWO_EYES + "$$ {EYES variant=solid real=A2 false=C2}\n")
    code, out, _ = run(["check", path], capsys)
    assert code == 1
    assert "line 10: EYES eyes:solid: solid: real eyes are A2, C2, expected A2" in out
    assert "1 checks: 0 ok, 1 failed" in out


def test_cli_wrong_score_claim_exits_1_and_json_shows_it(capsys, tmp_path):
    path = write(tmp_path, "score.txt", BLOCKS + "$$ {SCORE black=8 white=5}\n")
    code, out, _ = run(["check", path, "--json"], capsys)
    assert code == 1
    (result,) = json.loads(out)["results"]
    assert result["kind"] == "score" and result["variant"] == "score" and result["suicide"] is None
    assert result["status"] == "fail" and result["message"] == "black is 7, expected 8"
    assert (result["expected"], result["got"]) == ("black 8; white 5", "black 7; white 5")
    code, out, err = run(["check", path, "--variant", "casting-out"], capsys)
    assert code == 2 and "checked nothing: 1 diagram(s) in 1 file(s), but no line for --variant casting-out" in err
    code, out, _ = run(["check", path, "--variant", "casting-out", "--allow-empty"], capsys)
    assert code == 0 and "0 checks" in out


def test_cli_junit_names_claim_rows_without_a_suicide_rule(capsys, tmp_path):
    path = write(tmp_path, "score.txt", BLOCKS + "$$ {SCORE black=7 white=5}\n")
    xml_path = tmp_path / "report.xml"
    code, _, _ = run(["check", path, "--junit-xml", str(xml_path)], capsys)
    assert code == 0
    (case,) = ET.parse(xml_path).getroot().iter("testcase")
    assert case.get("name") == "#1 Board position to show blocks [score score, line 10]"


def test_a_malformed_score_line_is_an_input_error_at_the_line():
    with pytest.raises(InputError) as error:
        one(BLOCKS + "$$ {SCORE black=seven}\n")
    assert error.value.location is not None and error.value.location.line == 9
