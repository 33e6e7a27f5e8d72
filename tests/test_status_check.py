"""`passalive check` with status maps: EXPECT lines with `territory=` and status lists."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run
from passalive.errors import InputError
from passalive.grammar.read import parse_diagrams
from passalive.tools.check import Status, check_diagram, check_paths

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

DEAD_STONE = """$$c A dead black stone inside white's eyes
$$ +---------------+
$$ | . O . O X . X |
$$ | O O X O X X X |
$$ | . O O O X . X |
$$ | O O X X X X X |
$$ +---------------+
"""


def rows_of(text: str):
    (diagram,) = parse_diagrams(text)
    return check_diagram(diagram).rows


def test_a_true_status_line_is_ok() -> None:
    (row,) = rows_of(DEAD_STONE + "$$ {EXPECT territory=unconditional dead=C3 white_territory=A4,C4,A2 black_territory=F4,F2}\n")
    assert row.kind == "status" and row.status is Status.OK
    assert row.got == "dead C3; black_territory F4 F2; white_territory A4 C4 A2"


def test_a_wrong_status_line_fails_and_says_what_differs() -> None:
    (row,) = rows_of(DEAD_STONE + "$$ {EXPECT territory=unconditional dead=none undecided=none alive=none}\n")
    assert row.status is Status.FAIL
    assert "dead: expected none, got C3" in row.message
    assert "alive: expected none, got B4 D4" in row.message and "undecided" not in row.message


def test_katago_area_lines_with_flags() -> None:
    text = DEAD_STONE + (
        "$$ {EXPECT territory=katago-strict area_black=E4,G4,E3,F3,G3,E2,G2,C1,D1,E1,F1,G1,F4,F2 "
        "area_white=B4,D4,A3,B3,D3,B2,C2,D2,A1,B1,A4,C4,C3,A2}\n"
        "$$ {EXPECT territory=independent-life,keep-stones area_white=B4,D4,A3,B3,D3,B2,C2,D2,A1,B1,A4,C4,C3,A2}\n"
    )
    rows = rows_of(text)
    assert [r.status for r in rows] == [Status.OK, Status.OK], [r.message for r in rows]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("territory=gnugo dead=C3", "territory= must be one of"),
        ("territory=katago,keep-stones area_black=none", "takes no flag 'keep-stones'"),
        ("dead=C3", "dead= needs territory=NAME"),
        ("territory=katago dead=C3", "has no dead="),
        ("territory=unconditional area_black=none", "has no area_black="),
        ("territory=unconditional dead=Z9", "no point named"),
    ],
)
def test_bad_status_lines_are_located_errors(line: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        rows_of(DEAD_STONE + "$$ {EXPECT " + line + "}\n")
    assert message in error.value.message and error.value.location is not None


def test_suicide_with_unconditional_status_is_a_located_error() -> None:
    with pytest.raises(InputError) as error:
        rows_of(DEAD_STONE + "$$ {EXPECT territory=unconditional suicide=multi dead=C3}\n")
    assert "suicide" in error.value.message and error.value.location is not None


def test_the_status_corpus_holds() -> None:
    report = check_paths([str(EXAMPLES / "statuses.txt")])
    rows = [r for r in report.rows if r.kind == "status"]
    assert len(rows) >= 10 and all(r.status is Status.OK for r in rows), [r.message for r in rows if r.status is not Status.OK]
    assert {r.variant.split(",")[0] for r in rows} == {
        "territory=katago", "territory=katago-strict", "territory=independent-life", "territory=unconditional"
    }


def test_check_selects_status_rows(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["check", str(EXAMPLES / "statuses.txt"), "--variant", "status"], capsys)
    assert code == 0 and "10 checks: 10 ok" in out
