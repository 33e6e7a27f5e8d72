"""`passalive explore`: enumeration, the truth search, comparisons, shrinking, the command.

The boards here are tiny on purpose: a 3×3 board has 12,675 legal positions,
924 up to symmetry, and every kind of disagreement the search reports on big
boards shrinks to a few stones.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive.solver.attack import attack
from passalive.go.board import Board, Colour
from passalive.cli import main
from passalive.tools.explore.deciders import Evaluator, SideSpec, TruthOptions, resolve_side
from passalive.go.bitboard import Grid, Position, bits
from passalive.tools.explore.enumerate import Exhaustive, random_fill, random_play
from passalive.errors import UsageError
from passalive.tools.explore.search import SUITE, Comparison, Search, Witness, compare, minimal_finding, run
from passalive.grammar.read import parse_diagrams
from passalive.go.suicide import Suicide
from passalive.tools.explore.shrink import normal_form
from passalive.solver.explicit import search as explicit_search
from passalive.solver.simulator import Game, check_witness

BLACK, WHITE = Colour.BLACK, Colour.WHITE


def pos(grid: Grid, *rows: str) -> Position:
    return grid.parse_text(rows)


# ------------------------------------------------------------ enumeration


@pytest.mark.parametrize("size, legal", [("1x1", 1), ("2x2", 57), ("2x3", 489), ("3x3", 12675)])
def test_the_classes_cover_every_legal_position_once(size, legal):
    # Tromp's counts of legal Go positions: 57 on 2x2, 12,675 on 3x3.
    grid = Grid.parse(size)
    ex = Exhaustive(grid)
    found = [p for black in ex.chunks() for p in ex.positions(black)]
    assert all(grid.legal(p) and grid.canonical(p) == p for p in found)
    assert sum(grid.class_size(p) for p in found) == legal
    brute = {
        grid.canonical(Position(b, w))
        for b in range(1 << grid.n)
        for w in range(1 << grid.n)
        if not b & w and grid.legal(Position(b, w))
    }
    assert brute == set(found)


def test_a_square_board_has_eight_symmetries_a_rectangle_four():
    assert len(Grid(3, 3).symmetries) == 8
    assert len(Grid(3, 4).symmetries) == 4
    grid = Grid(3, 3)
    corner = pos(grid, "X..", "...", "...")
    images = {grid.images(corner.black)[i] for i in range(8)}
    assert images == {1 << 0, 1 << 2, 1 << 6, 1 << 8}


def test_samplers_give_legal_positions_and_repeat_with_the_seed():
    grid = Grid(7, 7)
    first = [random_play(grid, random.Random(5)), random_fill(grid, random.Random(5))]
    again = [random_play(grid, random.Random(5)), random_fill(grid, random.Random(5))]
    assert first == again
    rng = random.Random(1)
    for _ in range(40):
        assert grid.legal(random_play(grid, rng))
        assert grid.legal(random_fill(grid, rng))


def test_board_conversion_keeps_point_ids_as_bits():
    grid = Grid(4, 3)
    position = pos(grid, "X.O.", ".XO.", "....")
    board = grid.board(position)
    assert grid.position(board) == position
    assert board.name(0) == "A3" and board.colours[0] is BLACK
    rows = [[{"X": BLACK, "O": WHITE, ".": Colour.EMPTY}[c] for c in row] for row in grid.text(position).split("\n")]
    assert board == Board.grid(rows)


# ---------------------------------------------------------------- truth


def test_two_one_point_eyes_live_and_a_stone_in_the_eye_space_dies_with_suicide():
    grid = Grid(4, 1)
    # white C1 has two eyes as Benson counts them: {A1 black, B1} and {D1}
    position = pos(grid, "X.O.")
    no = attack(grid, position, WHITE, Suicide.ILLEGAL)
    assert no.alive == {1 << 2} and not no.captured
    multi = attack(grid, position, WHITE, Suicide.MULTI)
    assert not multi.alive
    moves = multi.captured[1 << 2]
    board = grid.board(position)
    check_witness(Game.of(board, WHITE), moves, Suicide.MULTI, [board.chain_of(2)])


def test_a_budget_too_small_gives_unknown_never_alive():
    grid = Grid(4, 4)
    position = pos(grid, ".X.X", "XXXX", "....", "....")
    small = attack(grid, position, BLACK, Suicide.ILLEGAL, budget=3)
    assert small.unknown and not small.alive
    full = attack(grid, position, BLACK, Suicide.ILLEGAL)
    assert not full.unknown


@st.composite
def small_positions(draw):
    width = draw(st.integers(1, 4))
    height = draw(st.integers(1, 3))
    grid = Grid(width, height)
    cells = draw(st.lists(st.sampled_from(".XO"), min_size=grid.n, max_size=grid.n))
    position = Position(
        sum(1 << i for i, c in enumerate(cells) if c == "X"), sum(1 << i for i, c in enumerate(cells) if c == "O")
    )
    return grid, grid.without_dead(position)


@settings(max_examples=120, deadline=None)
@given(small_positions(), st.sampled_from(list(Suicide)), st.sampled_from([BLACK, WHITE]))
def test_the_bit_mask_search_equals_the_solver_explicit_search(case, suicide, colour):
    grid, position = case
    board = grid.board(position)
    result = attack(grid, position, colour, suicide)
    assert not result.unknown
    game = Game.of(board, colour)
    for chain in board.chains_of(colour):
        mask = sum(1 << p for p in chain.points)
        reference = explicit_search(board, colour, [chain.index], suicide)
        assert reference.captured is not None
        assert (mask in result.alive) == (not reference.captured)
        if mask in result.captured:
            _, hit = check_witness(game, result.captured[mask], suicide, [chain.index])
            assert hit == {chain.index}


@settings(max_examples=60, deadline=None)
@given(small_positions(), st.integers(0, 7), st.booleans())
def test_verdicts_follow_symmetries_and_colour_swap(case, which, swap):
    grid, position = case
    perm = grid.symmetries[which % len(grid.symmetries)]

    def image(mask: int) -> int:
        return sum(1 << perm[p] for p in bits(mask))

    moved = Position(image(position.black), image(position.white))
    if swap:
        moved = moved.swapped()
    for side in (SideSpec("truth", Suicide.MULTI), SideSpec("casting-out", Suicide.ILLEGAL), SideSpec("knechtel", Suicide.ILLEGAL)):
        for colour in (BLACK, WHITE):
            here = Evaluator(grid, position, {}, TruthOptions()).verdict(side, colour).alive
            there = Evaluator(grid, moved, {}, TruthOptions()).verdict(side, colour.opponent if swap else colour).alive
            assert {image(m) for m in here} == set(there)


# ------------------------------------------------------------ comparisons


def test_sides_take_the_rule_they_are_defined_for():
    assert resolve_side("casting-out", Suicide.MULTI, {}) == SideSpec("casting-out", Suicide.ILLEGAL)
    assert resolve_side("truth", Suicide.MULTI, {}) == SideSpec("truth", Suicide.MULTI)
    assert resolve_side("suicide@all", Suicide.ILLEGAL, {}) == SideSpec("suicide", Suicide.ALL)
    with pytest.raises(UsageError, match="unknown decider"):
        resolve_side("bogus", Suicide.ILLEGAL, {})


def test_a_random_disagreement_shrinks_to_a_few_stones_with_a_replayed_witness():
    # found by `explore --compare casting-out truth --suicide multi --board 5x5 --random ... --seed 2`
    grid = Grid(5, 5)
    position = pos(grid, ".XXO.", "X.X.X", "XXX.X", "X.XX.", ".X.XO")
    comparison = Comparison(SideSpec("casting-out", Suicide.ILLEGAL), SideSpec("truth", Suicide.MULTI))
    outcome, _ = compare(Evaluator(grid, position, {}, TruthOptions()), comparison)
    assert outcome == "disagree"
    finding = minimal_finding(comparison, "a", grid, position, {}, TruthOptions())
    assert finding.stones <= 4
    small = Grid.parse(finding.size)
    assert small.n <= 6
    [diagram] = parse_diagrams(finding.diagram)
    assert diagram.captures and all(c.suicide is Suicide.MULTI for c in diagram.captures)
    for capture in diagram.captures:
        game = Game.of(diagram.board, capture.by.opponent)
        check_witness(game, capture.moves, Suicide.MULTI, [c.index for c in diagram.board.chains_of(capture.by.opponent)])
    expectations = {(e.variants, e.suicide) for e in diagram.expectations}
    assert expectations == {(("casting-out",), Suicide.ILLEGAL), (("truth",), Suicide.MULTI)}


def test_the_smallest_case_is_a_row_of_four():
    grid = Grid(4, 1)
    comparison = Comparison(SideSpec("casting-out", Suicide.ILLEGAL), SideSpec("truth", Suicide.MULTI))
    finding = minimal_finding(comparison, "a", grid, pos(grid, "X.O."), {}, TruthOptions())
    assert (finding.size, finding.stones) == ("4x1", 2)
    assert finding.witnesses == [Witness(by="black", suicide="multi", chain="C1", moves=["B1", "B1", "D1"])]


def test_normal_form_is_wide_and_canonical():
    grid, position = normal_form(Grid(1, 3), Position(0b001, 0b100))
    assert (grid.width, grid.height) == (3, 1)
    assert grid.canonical(position) == position


# ----------------------------------------------------------- the command


def test_the_suite_on_3x3(tmp_path: Path, capsys):
    out = tmp_path / "run.jsonl"
    main(["explore", "--suite", "--board", "3x3", "--exhaustive", "--no-progress", "--out", str(out), "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["positions"] == {"3x3": 924}
    counts = summary["counts"]
    for comparison in SUITE[:3]:
        assert counts[comparison.label] == {"agree": 924, "disagree": 0, "undecided": 0}
    assert counts["knechtel@no vs truth@no"]["disagree"] > 0
    findings = summary["findings"]
    assert {f["comparison"] for f in findings} == {"knechtel@no vs truth@no"}
    for finding in findings:
        [diagram] = parse_diagrams(finding["diagram"])
        assert diagram.expectations


def test_a_run_resumes_where_it_stopped(tmp_path: Path, capsys):
    out = tmp_path / "run.jsonl"
    comparisons = (Comparison(SideSpec("benson", Suicide.ILLEGAL), SideSpec("casting-out", Suicide.ILLEGAL)),)
    search = Search(comparisons, ("2x3",), exhaustive=True)
    partial = run(search, out=out, progress=False, time_limit=0.0)
    assert partial.units_done == 1 and not partial.complete
    with out.open("a") as handle:
        handle.write('{"type": "unit", "torn')  # a run killed while writing
    final = run(search, out=out, progress=False)
    assert final.complete and final.positions == {"2x3": 78}
    units = [json.loads(line) for line in out.read_text().splitlines() if '"unit"' in line and "torn" not in line]
    units = [u for u in units if u["type"] == "unit"]
    assert len(units) == len({u["unit"] for u in units}) == final.units_total


def test_a_rule_program_is_a_side(tmp_path: Path, capsys):
    program = Path(__file__).resolve().parent.parent / "rules" / "casting-out.dl"
    mine = tmp_path / "mine.dl"
    mine.write_text(program.read_text())
    main(["explore", "--program", str(mine), "--compare", "mine", "casting-out", "--board", "2x3", "--exhaustive", "--no-progress", "--json"])
    summary = json.loads(capsys.readouterr().out)
    assert summary["counts"] == {"mine@no vs casting-out@no": {"agree": 78, "disagree": 0, "undecided": 0}}


def test_random_runs_are_seeded(tmp_path: Path):
    comparisons = (Comparison(SideSpec("casting-out", Suicide.ILLEGAL), SideSpec("truth", Suicide.MULTI)),)
    search = Search(comparisons, ("4x4", "5x5"), exhaustive=False, count=60, seed=3, unit_size=20, truth=TruthOptions(budget=2000))
    first = run(search, progress=False, jobs=1)
    second = run(search, progress=False, jobs=2)
    assert first.counts == second.counts and first.positions == second.positions == {"4x4": 40, "5x5": 20}


@pytest.mark.parametrize(
    "args, message",
    [
        (["--compare", "casting-out", "bogus", "--board", "3x3", "--exhaustive"], "unknown decider"),
        (["--suite", "--board", "3x3"], "choose one mode"),
        (["--suite", "--board", "9x9", "--exhaustive"], "at most 20 points"),
        (["--suite", "--exhaustive"], "give the board"),
        (["--board", "3x3", "--exhaustive"], "nothing to compare"),
        (["--suite", "--board", "3y3", "--exhaustive"], "board size"),
        (["--program", "rules/casting-out.dl", "--suite", "--board", "3x3", "--exhaustive"], "variant's name"),
    ],
)
def test_usage_errors_are_one_line_messages(args, message, capsys):
    with pytest.raises(SystemExit) as exit:
        main(["explore", *args, "--no-progress"])
    assert exit.value.code == 2
    assert message in capsys.readouterr().err


@settings(max_examples=12, deadline=None)
@given(small_positions(), st.sampled_from([Suicide.ILLEGAL, Suicide.MULTI]), st.sampled_from([BLACK, WHITE]))
def test_chains_the_search_leaves_unknown_are_settled_by_z3_the_same_way(case, suicide, colour):
    grid, position = case
    side = SideSpec("truth", suicide)
    exact = Evaluator(grid, position, {}, TruthOptions()).verdict(side, colour)
    by_z3 = Evaluator(grid, position, {}, TruthOptions(budget=1, z3_seconds=20)).verdict(side, colour)
    assert by_z3.alive == exact.alive and not by_z3.unknown
    board = grid.board(position)
    for mask in set(by_z3.witnesses) - set(exact.alive):
        index = board.chain_at[mask.bit_length() - 1]
        check_witness(Game.of(board, colour), by_z3.witnesses[mask], suicide, [index])


@settings(max_examples=40, deadline=None)
@given(small_positions(), st.sampled_from(list(Suicide)), st.sampled_from([BLACK, WHITE]))
def test_the_lemmas_give_the_same_truth_on_small_boards(case, suicide, colour):
    # Benson's theorem (no suicide) and the suicide lemma of docs/findings.md:
    # taking their alive sets as proven changes no verdict.
    grid, position = case
    side = SideSpec("truth", suicide)
    searched = Evaluator(grid, position, {}, TruthOptions()).verdict(side, colour)
    with_lemmas = Evaluator(grid, position, {}, TruthOptions(lemmas=True)).verdict(side, colour)
    assert with_lemmas.alive == searched.alive and not with_lemmas.unknown


def test_boards_beyond_16_points_are_cut_into_finer_units_named_in_the_key() -> None:
    from passalive.tools.explore.search import group_count

    assert [group_count(size) for size in ("4x4", "3x3", "3x6", "4x5")] == [256, 256, 1024, 4096]
    small = Search(SUITE[:1], ("4x4",), True)
    big = Search(SUITE[:1], ("4x4", "4x5"), True)
    assert "units" not in json.loads(small.key)  # the records of earlier runs still belong to their search
    assert json.loads(big.key)["units"] == {"4x5": 4096}
