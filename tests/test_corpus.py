"""The example corpus: every expected verdict in `examples/` holds.

`check` runs over the whole corpus -- every variant its lines name, both
suicide rules -- with `verify`, so each variant's verdict is also compared
with the game (the oracle of the game's truth, a few seconds per diagram at
most); a row it could not settle in that time would be *unknown*, and the
oracle settles every row (with suicide legal by the two-region certificate
and its capturing strategy).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from passalive.tools.check import TRUTH, Report, Status, check_paths
from passalive.cli import main
from passalive.cli.check import failure_report
from passalive.grammar.read import read_diagrams
from passalive.go.suicide import Suicide

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
PAGE_FILES = ("benson-definition.txt", "benson-discussion.txt", "unusual-goban.txt", "suicide.txt", "wikipedia.txt")
"""The corpus files rebuilt from the reference pages (this test's own subject)."""

VARIANTS = ("casting-out", "benson", "wikipedia", "definition", "knechtel", "suicide", TRUTH)


@pytest.fixture(scope="module")
def report() -> Report:
    """The whole corpus checked with the game-level verification (the slow part:
    every test that uses it is marked slow)."""
    return check_paths([str(EXAMPLES)], verify=True, timeout=8.0)


def page_diagrams():
    for name in PAGE_FILES:
        for diagram in read_diagrams(EXAMPLES / name):
            yield name, diagram


@pytest.mark.slow
def test_every_expected_verdict_of_the_corpus_holds(report: Report):
    failed = [d for d in report.diagrams if d.failed]
    assert not failed, "\n\n".join(failure_report(d) for d in failed)


def test_the_oracle_settles_every_row_suicide_multi_included(report: Report):
    unknown = [r for r in report.rows if r.status is Status.UNKNOWN]
    # without suicide every proof takes well under the 8 s given here; with
    # suicide legal the certificate and its strategy need no search at all
    where = [(r.path, r.line, r.variant, r.suicide.value, r.message) for r in unknown]
    assert not unknown, where
    multi = [r for r in report.rows if r.suicide is Suicide.MULTI and (r.kind == "verify" or r.variant == TRUTH)]
    assert multi and all(r.status is Status.OK for r in multi)


@pytest.mark.slow
def test_the_run_covers_all_variants_both_suicide_rules_and_captures(report: Report):
    seen = {(r.variant, r.suicide) for r in report.rows if r.kind == "expect"}
    for variant in ("casting-out", "benson", "wikipedia", "definition", "knechtel", TRUTH):
        assert (variant, Suicide.ILLEGAL) in seen
    for variant in ("suicide", "definition", TRUTH):
        assert (variant, Suicide.MULTI) in seen
    assert ("suicide", Suicide.ALL) in seen
    assert sum(1 for r in report.rows if r.kind == "capture") >= 20
    assert sum(1 for r in report.rows if r.kind == "verify") >= 60


def test_at_least_thirty_page_diagrams_carry_expected_verdicts():
    with_expectations = [d for _, d in page_diagrams() if d.expectations]
    assert len(with_expectations) >= 30


def test_every_named_example_is_in_the_corpus():
    titles = {d.title for _, d in page_diagrams()}
    for wanted in (
        "Example 1: six black regions a-f",
        "White alive, the single black stone is necessary",
        "None of the chains is pass-alive",
        "Unconditionally alive?",
        "Not unconditionally alive (continued 1)",
        "Not unconditionally alive (continued 2)",
        "Unconditionally alive? No.",
        "Big eye not unconditionally alive",
        "Big eye is unconditionally alive (white stone at A1)",
        "All white chains alive, the two black stones are necessary",
        "Single white stones joined by a wormhole",
        "Two white groups alive, the middle point does not exist",
        "Not unconditionally alive",
        "Unconditionally alive",
        'Not "safe" if suicide allowed',
        '"Safe" in any case',
        "Should be unconditionally alive, right?",
        "All black chains are unconditionally alive",
        "All black chains are unconditionally alive (a more complex example)",
        "b not alive",
        "Should be unconditionally alive?",
        "White kills",
        "Which strings to mark first?",
        "Is b unconditionally alive?",
        "Wikipedia's two-step loop, worked example",
    ):
        assert wanted in titles, wanted


def test_each_variant_is_expected_on_many_diagrams():
    for variant in VARIANTS:
        count = sum(1 for _, d in page_diagrams() if any(variant in e.variants for e in d.expectations))
        assert count >= 15, (variant, count)


def test_the_unusual_boards_use_link_unlink_and_holes():
    boards = {d.title: d.board for _, d in page_diagrams()}
    assert not boards["All white chains alive, the two black stones are necessary"].is_plain_grid
    wormhole = boards["Single white stones joined by a wormhole"]
    assert len(wormhole.chains_of(wormhole.chains[wormhole.chain_at[wormhole.point("B1")]].colour)) == 3
    assert wormhole.chain_at[wormhole.point("B1")] == wormhole.chain_at[wormhole.point("D1")]
    hole = boards["Two white groups alive, the middle point does not exist"]
    assert len(hole.points) == 7 * 3 - 1


def test_every_page_diagram_follows_a_comment_saying_where_it_comes_from():
    for name in PAGE_FILES:
        lines = (EXAMPLES / name).read_text(encoding="utf-8").splitlines()
        for diagram in read_diagrams(EXAMPLES / name):
            assert diagram.location is not None
            before = lines[diagram.location.line - 2].strip()
            assert before and not before.startswith("$$"), (name, diagram.title)


def test_where_knechtel_parts_from_the_game_the_comment_says_so():
    for name in PAGE_FILES:
        text = (EXAMPLES / name).read_text(encoding="utf-8")
        lines = text.splitlines()
        for diagram in read_diagrams(EXAMPLES / name):
            knechtel = [e for e in diagram.expectations if "knechtel" in e.variants]
            truth = [e for e in diagram.expectations if TRUTH in e.variants and e.suicide is Suicide.ILLEGAL]
            if not knechtel or not truth:
                continue
            differs = any(k.black != t.black and k.black is not None and t.black is not None for k in knechtel for t in truth) or any(
                k.white != t.white and k.white is not None and t.white is not None for k in knechtel for t in truth
            )
            if differs:
                start = diagram.location.line - 2
                comment = []
                while start >= 0 and lines[start].strip() and not lines[start].lstrip().startswith("$$"):
                    comment.append(lines[start])
                    start -= 1
                assert "knechtel" in " ".join(comment), (name, diagram.title)


def test_a_deliberately_wrong_expectation_fails_with_exit_1(capsys, tmp_path):
    text = (EXAMPLES / "benson-definition.txt").read_text(encoding="utf-8")
    right = "$$ {EXPECT variant=casting-out,benson,wikipedia,definition,truth black=A6,A3 white=none}"
    assert text.count(right) == 1
    line = text[: text.index(right)].count("\n") + 1
    broken = tmp_path / "broken.txt"
    broken.write_text(text.replace(right, right.replace("black=A6,A3", "black=A6")), encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["check", str(broken), "--variant", "casting-out", "--failures-only"])
    out, _ = capsys.readouterr()
    assert done.value.code == 1
    assert f"FAIL {broken}:" in out and "#1 Example 1: six black regions a-f" in out
    assert f"line {line}: casting-out, suicide=no: black: expected A6, got A6 A4" in out  # the unlisted chain by its first stone
    assert "1 failed" in out


def test_where_knechtel_keeps_a_chain_the_game_captures_a_capture_line_shows_it():
    from passalive.solver.simulator import Game, WitnessError, check_witness

    shown = 0
    for name, diagram in page_diagrams():
        board = diagram.board
        for colour_key in ("black", "white"):
            kept: set[int] = set()
            for k in diagram.expectations:
                if "knechtel" not in k.variants or getattr(k, colour_key) is None:
                    continue
                for t in diagram.expectations:
                    if TRUTH in t.variants and t.suicide is Suicide.ILLEGAL and getattr(t, colour_key) is not None:
                        alive = {board.chain_at[p] for p in getattr(t, colour_key)}
                        kept |= {board.chain_at[p] for p in getattr(k, colour_key)} - alive
            if not kept:
                continue
            witnessed = False
            for claim in diagram.captures:
                if claim.suicide is not Suicide.ILLEGAL:
                    continue
                try:
                    check_witness(Game.of(board, claim.by.opponent), claim.moves, claim.suicide, sorted(kept))
                except WitnessError:
                    continue
                witnessed = True
            assert witnessed, (name, diagram.title, colour_key)
            shown += 1
    assert shown >= 8


@pytest.mark.slow
def test_the_run_covers_the_eye_tester_and_scoring_lines(report: Report):
    kinds = {r.kind for r in report.rows}
    assert {"eyes", "path", "score"} <= kinds
    eye_variants = {r.variant for r in report.rows if r.kind == "eyes"}
    assert {"eyes:paths", "eyes:paths-first-step", "eyes:stones-and-eyes", "eyes:unsettled", "eyes:solid"} <= eye_variants
    assert sum(1 for r in report.rows if r.kind == "score") >= 25
