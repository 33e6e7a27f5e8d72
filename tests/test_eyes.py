"""The instant eye tester: the page's examples, the variants' differences,
symmetry, and a cross-check with the pass-alive analysis."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import board_of, labelled_grid, labels
from passalive.definitions.analysis import analyse
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.cli.eyes import command as eyes_command
from passalive.errors import InputError
from passalive.tools.eyes import (
    VARIANTS,
    check_diagram,
    classify,
    classify_all,
    disagreements,
    eye_points,
    has_path,
    is_string,
    joined_chains,
)
from passalive.grammar.read import parse_diagrams, read_diagrams

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "instant-eye-tester.txt"
DIAGRAMS = read_diagrams(EXAMPLES)


# ------------------------------------------------------------ the page's examples


@pytest.mark.parametrize("d", DIAGRAMS, ids=[d.title for d in DIAGRAMS])
def test_page_example_agrees_with_its_expected_lines(d):
    assert d.annotations_named("EYES") or d.annotations_named("PATH"), "every example states its result"
    assert check_diagram(d) == []


def test_every_eye_of_every_example_is_claimed_under_every_variant():
    for d in DIAGRAMS:
        eyes = {e.point for e in eye_points(d.board)}
        claimed: dict[str, set[int]] = {v: set() for v in VARIANTS}
        from passalive.tools.eyes import read_eyes_claim

        for annotation in d.annotations_named("EYES"):
            claim = read_eyes_claim(annotation, d.board)
            for v in claim.variants:
                claimed[v] |= set(claim.real or ()) | set(claim.false or ())
        if eyes:
            assert all(claimed[v] == eyes for v in VARIANTS), d.title


def by_title(title: str) -> Board:
    return next(d.board for d in DIAGRAMS if d.title.startswith(title))


def test_peklak_correction_is_what_makes_the_false_eye_false():
    board = by_title("Peklak")
    d4 = board.point("D4")
    assert d4 in classify(board, "paths-first-step").real
    assert d4 in classify(board, "paths").false
    assert disagreements(classify_all(board)) == {d4}


def test_false_verdict_names_the_chains_no_path_joins():
    board = by_title("One real eye")
    verdict = classify(board, "paths").verdict_at(board.point("A7"))
    assert verdict is not None and not verdict.real
    (pair,) = verdict.unjoined
    assert {board.chain_at[board.point("B7")], board.chain_at[board.point("A6")]} == set(pair)


def test_unsettled_takes_the_larger_of_jshas_two_answers():
    """Each eye is real iff the other is: the iteration keeps both."""
    board = by_title("jsha")
    report = classify(board, "unsettled")
    assert report.real == {board.point("C6"), board.point("E6")}
    assert report.rounds == 1


def test_unsettled_casts_out_in_rounds_until_nothing_changes():
    board = by_title("Lapin: Not strictly alive")
    report = classify(board, "unsettled")
    assert report.rounds == 2
    assert report.false == {board.point(n) for n in ("C7", "G7", "G3")}
    assert classify(board, "stones-and-eyes").false == report.false


def test_iteration_goes_further_than_one_round():
    """F is false (its stone B4 is joined to nothing); G is real in round one
    only by skipping F, so the iteration casts it out in round two."""
    board = by_title("Lapin's iteration goes further")
    f, g = board.point("C5"), board.point("D4")
    assert classify(board, "stones-and-eyes").real == {g}
    assert classify(board, "paths").real == {g}
    unsettled = classify(board, "unsettled")
    assert unsettled.false == {f, g}
    assert unsettled.rounds == 3


def test_paths_skip_exactly_one_point():
    board = by_title("Not a path")
    assert not has_path(board, board.point("B2"), board.point("E2"))
    board = by_title("A bendy path")
    assert has_path(board, board.point("B4"), board.point("D2"))
    assert is_string(board, [board.point("B4"), board.point("D2")])


def test_path_between_stones_of_different_colours_is_an_input_error():
    board = by_title("Peklak")
    with pytest.raises(InputError):
        has_path(board, board.point("D5"), board.point("C5"))


def test_unknown_variant_is_an_input_error():
    with pytest.raises(InputError, match="unknown eye-tester variant"):
        classify(by_title("Two real eyes"), "noonan")


def test_bad_eyes_line_points_at_the_item():
    text = """$$ Bad
$$ +-------+
$$ | . X . |
$$ | X . X |
$$ | . X . |
$$ +-------+
$$ {EYES variant=paths real=Z9}
"""
    d = parse_diagrams(text, "bad.txt")[0]
    with pytest.raises(InputError) as error:
        check_diagram(d)
    assert error.value.location is not None
    assert (error.value.location.line, error.value.location.column) == (7, 24)


def test_open_side_points_are_never_eye_points():
    board = board_of(
        """$$ Cut-out: the board goes on below
$$ +-------+
$$ | . X . |
$$ | X . X |
"""
    )
    assert {board.name(e.point) for e in eye_points(board)} == {"A19", "C19"}  # not B18, on the open side


# ------------------------------------------------------------------- symmetry


CELL = st.sampled_from([Colour.BLACK, Colour.BLACK, Colour.WHITE, Colour.EMPTY, Colour.EMPTY])


@st.composite
def boards(draw) -> Board:
    width = draw(st.integers(2, 7))
    height = draw(st.integers(2, 7))
    rows = [[draw(CELL) for _ in range(width)] for _ in range(height)]
    return labelled_grid(rows)


@settings(max_examples=150, deadline=None)
@given(boards(), st.integers(0, 3), st.booleans(), st.booleans())
def test_results_move_with_rotation_reflection_and_colour_swap(board, rotations, reflect, swap):
    moved = board.transformed(rotations, reflect)
    if swap:
        moved = moved.colours_swapped()
    for variant in VARIANTS:
        before, after = classify(board, variant), classify(moved, variant)
        assert labels(board, before.real) == labels(moved, after.real), variant
        assert labels(board, before.false) == labels(moved, after.false), variant
        colour = {labels(board, [v.eye.point]): v.eye.colour for v in before.verdicts}
        for v in after.verdicts:
            expected = colour[labels(moved, [v.eye.point])]
            assert v.eye.colour is (expected.opponent if swap else expected)


@settings(max_examples=150, deadline=None)
@given(boards())
def test_variants_are_ordered_by_what_they_skip(board):
    """Skipping more points can only join more: paths ⊇ stones-and-eyes ⊇ unsettled,
    and the first-step reading accepts whatever the corrected one does."""
    reports = classify_all(board)
    assert reports["solid"].real <= reports["unsettled"].real <= reports["stones-and-eyes"].real <= reports["paths"].real
    assert reports["paths"].real <= reports["paths-first-step"].real
    assert reports["unsettled"].rounds <= len(eye_points(board)) + 1


# ------------------------------------------------- cross-check with Benson

PATH_VARIANTS = tuple(v for v in VARIANTS if v != "solid")


def test_four_group_beast_is_pass_alive_and_all_its_eyes_are_real():
    board = by_title("Result of a rare joseki")
    alive = analyse(board).alive(Colour.BLACK)
    assert len(alive) == 4
    ring = {board.point(n) for n in ("C7", "G7", "C3", "G3")}
    for variant in PATH_VARIANTS:
        assert ring <= classify(board, variant).real
    assert ring <= classify(board, "solid").false, "solid paths do not skip eyes"


def test_pass_alive_chains_can_share_a_false_eye():
    """The statement "a chain proven pass-alive through two one-point regions
    has those as real eyes" does not hold as such: here both chains are
    pass-alive, and the one-point region they share is false under every
    variant, since the chains touch nowhere else."""
    board = by_title("Pass-alive through a false eye")
    alive = analyse(board).alive(Colour.BLACK)
    assert alive == {c.index for c in board.chains_of(Colour.BLACK)}
    e4 = board.point("E4")
    assert all(e4 in classify(board, v).false for v in VARIANTS)


def one_point_vital_regions(board: Board, colour: Colour, alive: frozenset[int]) -> set[int]:
    return {
        next(iter(r.points))
        for r in board.regions(colour)
        if len(r.points) == 1 and r.empty == r.points and not r.open and r.chains <= alive and r.chains
    }


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards())
def test_eyes_of_a_pass_alive_set_joined_through_each_other_are_real(board):
    """The sound form of the cross-check: take the one-point vital regions of
    the pass-alive chains, keep the largest subset in which the chains around
    each region are joined through the *other* regions of the subset; every
    region kept is a real eye under every variant that may skip eye points
    (all but `solid`, which skips nothing)."""
    assume(not board.dead_chains)
    analysis = analyse(board)
    reports = classify_all(board)
    for colour in STONE_COLOURS:
        kept = one_point_vital_regions(board, colour, analysis.alive(colour))
        while True:
            failing = set()
            for e in kept:
                joined = joined_chains(board, colour, kept - {e})
                around = {board.chain_at[q] for q in board.adjacency[e]}
                if len({joined.find(c) for c in around}) > 1:
                    failing.add(e)
            if not failing:
                break
            kept -= failing
        for variant in PATH_VARIANTS:
            assert kept <= reports[variant].real, variant


# ------------------------------------------------------------------------ CLI


def test_cli_marks_eyes_and_checks_expected_lines():
    result = CliRunner().invoke(eyes_command, [str(EXAMPLES), "--check"])
    assert result.exit_code == 0, result.output
    assert "D4 black  (variants disagree)" in result.output
    assert "f X X X X X" not in result.output


def test_cli_json_shape():
    result = CliRunner().invoke(eyes_command, [str(EXAMPLES), "--json", "--variant", "paths", "--variant", "unsettled"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    beast = next(d for d in document["diagrams"] if d["title"].startswith("Lapin: Not strictly"))
    assert beast["variants"] == ["paths", "unsettled"]
    assert beast["disagree"] == ["C7", "G7", "G3"]
    assert beast["false"]["unsettled"] == ["C7", "G7", "G3"]


def test_cli_check_fails_on_a_wrong_claim(tmp_path):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text(
        """$$ Wrong
$$ +-------+
$$ | . X . |
$$ | X . X |
$$ | . X . |
$$ +-------+
$$ {EYES variant=paths false=B2}
"""
    )
    result = CliRunner().invoke(eyes_command, [str(wrong), "--check"])
    assert result.exit_code == 1



# ---------------------------------------------------------- the rule engine


@pytest.mark.parametrize("d", DIAGRAMS, ids=[d.title for d in DIAGRAMS])
def test_rule_program_agrees_with_direct_code_on_the_examples(d):
    for variant in VARIANTS:
        direct, ruled = classify(d.board, variant), classify(d.board, variant, "rules")
        assert (ruled.real, ruled.false) == (direct.real, direct.false), variant


@settings(max_examples=60, deadline=None)
@given(boards())
def test_rule_program_agrees_with_direct_code_on_random_boards(board):
    for variant in VARIANTS:
        direct, ruled = classify(board, variant), classify(board, variant, "rules")
        assert (ruled.real, ruled.false) == (direct.real, direct.false), variant


def test_rule_engine_explains_a_false_eye():
    from passalive.tools.eyes import explain_eye

    board = by_title("Lapin's iteration goes further")
    proof = explain_eye(board, board.point("D4"), "unsettled")
    assert 'false_eye("unsettled", D4)' in proof and "cast out in round 2" in proof


def test_unknown_engine_is_an_input_error():
    with pytest.raises(InputError, match="unknown engine"):
        classify(by_title("Two real eyes"), "paths", "clingo")


def test_cli_rules_engine_checks_expected_lines():
    result = CliRunner().invoke(eyes_command, [str(EXAMPLES), "--check", "--engine", "rules"])
    assert result.exit_code == 0, result.output


def test_rule_program_is_the_bundled_file_and_passalive_rules_lists_it():
    from passalive.cli.rules_list import command as rules_command
    from passalive.tools.eyes import RULE_PROGRAM, rule_program

    bundled = Path(__file__).resolve().parent.parent / "rules" / RULE_PROGRAM
    assert bundled.is_file() and "https://senseis.xmp.net/?InstantEyeTester" in bundled.read_text(encoding="utf-8")
    program = rule_program()
    assert {"eye", "false_eye"} <= set(program.outputs)
    assert program.relations["unsettled"].kind == "greatest"
    listed = CliRunner().invoke(rules_command, ["--json"])
    rows = {r["program"]: r for r in json.loads(listed.output)["programs"]}
    assert rows[RULE_PROGRAM]["command"] == "passalive eyes --engine rules"
    assert rows[RULE_PROGRAM]["description"].startswith("the instant eye tester")
