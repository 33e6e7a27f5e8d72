"""The exhaustive census in C (passalive/tools/explore/_census.c) against the Python code, and
truth@no by Benson's theorem and its converse (`--benson-complete`) against the game search.

The census is a second implementation of three things, each checked here against the first:
the enumerator (`Exhaustive`: the same canonical positions in the same order), Knechtel's
marking (`trace_knechtel`) and Benson's casting-out (the direct engine).  Without the compiled
census these tests are skipped with the reason printed, except in CI (CI=true).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive.definitions import kernel
from passalive.go.bitboard import Grid, Position
from passalive.go.board import Colour
from passalive.go.suicide import Suicide
from passalive.tools.explore import census
from passalive.tools.explore.deciders import Evaluator, SideSpec, TruthOptions
from passalive.tools.explore.enumerate import Exhaustive
from passalive.tools.explore.search import Comparison, Search, UnitRecord, read_records, run

compiled = census.native()
needs_census = pytest.mark.skipif(
    compiled is None,
    reason="the compiled census is not built (no C compiler at install time, or PASSALIVE_KERNEL=python)",
)
KNECHTEL = SideSpec("knechtel", Suicide.ILLEGAL)
CASTING_OUT = SideSpec("casting-out", Suicide.ILLEGAL)
TRUTH = SideSpec("truth", Suicide.ILLEGAL)


def test_ci_builds_the_census():
    """In CI the census must have been built: a failed build would otherwise only skip tests."""
    if os.environ.get("CI", "").lower() not in ("1", "true", "yes") or os.environ.get(kernel.ENV) == "python":
        pytest.skip("not in CI (CI=true): a missing census only skips the comparisons")
    assert compiled is not None


def python_answers(grid: Grid, position: Position) -> tuple[int, int, int, int]:
    """(Knechtel black, Knechtel white, Benson black, Benson white) as masks, from the Python code."""
    evaluator = Evaluator(grid, position, {}, TruthOptions())
    out = []
    for side in (KNECHTEL, CASTING_OUT):
        for colour in (Colour.BLACK, Colour.WHITE):
            out.append(sum(evaluator.verdict(side, colour).alive) if position.stones(colour) else 0)
    return out[0], out[1], out[2], out[3]


def c_answers(grid: Grid, position: Position) -> tuple[int, int, int, int]:
    assert compiled is not None
    args = (position.black, position.white, grid.width, grid.height)
    return (*compiled.knechtel(*args), *compiled.benson(*args))


SMALL = ("2x1", "5x1", "2x2", "3x2", "4x2", "3x3", "5x2", "4x3")


@needs_census
@pytest.mark.parametrize("size", SMALL)
def test_the_census_enumerates_the_same_positions_in_the_same_order(size: str):
    grid = Grid.parse(size)
    every = Exhaustive(grid)
    assert compiled is not None
    assert compiled.chunks(grid.width, grid.height) == every.chunks()
    for black in every.chunks():
        assert compiled.positions(black, grid.width, grid.height) == [p.white for p in every.positions(black)]


@needs_census
def test_every_class_of_4x4_is_counted_once():
    """1,524,805 classes, the count of the exhaustive-4x4 record of docs/findings.md."""
    assert compiled is not None
    assert compiled.census(compiled.chunks(4, 4), 4, 4, 0)[0] == 1_524_805


@needs_census
@pytest.mark.slow
def test_the_census_enumerates_4x4_as_exhaustive_does():
    grid = Grid.parse("4x4")
    every = Exhaustive(grid)
    assert compiled is not None
    for black in every.chunks():
        assert compiled.positions(black, 4, 4) == [p.white for p in every.positions(black)]


@needs_census
@pytest.mark.parametrize("board", ["3x3", pytest.param("3x4", marks=pytest.mark.slow)])
def test_knechtel_and_benson_in_c_on_every_class(board: str):
    grid = Grid.parse(board)
    every = Exhaustive(grid)
    for black in every.chunks():
        for position in every.positions(black):
            assert c_answers(grid, position) == python_answers(grid, position), grid.text(position)


@st.composite
def positions(draw: st.DrawFn) -> tuple[Grid, Position]:
    """A legal position of a board of up to 30 points: random colours, chains without a liberty removed."""
    width = draw(st.integers(1, 6))
    height = draw(st.integers(1, min(25, 30 // width)))
    grid = Grid(width, height)
    cells = draw(st.lists(st.sampled_from(".XO"), min_size=grid.n, max_size=grid.n))
    black = sum(1 << p for p, c in enumerate(cells) if c == "X")
    white = sum(1 << p for p, c in enumerate(cells) if c == "O")
    return grid, grid.without_dead(Position(black, white))


@needs_census
@settings(max_examples=300, deadline=None)
@given(positions())
def test_knechtel_and_benson_in_c_on_generated_positions(case: tuple[Grid, Position]):
    grid, position = case
    assert c_answers(grid, position) == python_answers(grid, position), grid.text(position)


def test_a_marked_pair_of_eyes():
    """A diagram in, a verdict out: white's two-eyed group on 4x3 is pass-alive by both rules, and
    black's lone stone by neither (the census reads the same answers as the Python code)."""
    grid = Grid.parse("4x3")
    position = grid.parse_text([".O.O", "OOOO", "X..."])
    assert python_answers(grid, position) == (0, 0b000011111010, 0, 0b000011111010)
    if compiled is not None:
        assert c_answers(grid, position) == python_answers(grid, position)


@pytest.mark.parametrize("size", ("3x2", "4x2", "3x3"))
def test_benson_complete_truth_is_the_game_search(size: str):
    """Benson's converse on small boards: the casting-out's chains are exactly those the game search
    cannot capture (the exhaustive records of docs/findings.md check the same on 3x4 and 4x4)."""
    grid = Grid.parse(size)
    every = Exhaustive(grid)
    for black in every.chunks():
        for position in every.positions(black):
            searched = Evaluator(grid, position, {}, TruthOptions(1_000_000))
            theorem = Evaluator(grid, position, {}, TruthOptions(1_000_000, benson_complete=True))
            for colour in (Colour.BLACK, Colour.WHITE):
                if not position.stones(colour):
                    continue
                by_theorem = theorem.verdict(TRUTH, colour)
                by_search = searched.verdict(TRUTH, colour)
                assert by_theorem.known_by == "theorem" and by_search.known_by == "search"
                assert by_theorem.alive == by_search.alive and not by_search.unknown, grid.text(position)


def test_benson_complete_leaves_the_suicide_rules_to_the_search():
    grid = Grid.parse("3x2")
    position = grid.parse_text(["XX.", ".X."])
    evaluator = Evaluator(grid, position, {}, TruthOptions(1000, benson_complete=True))
    assert evaluator.verdict(SideSpec("truth", Suicide.MULTI), Colour.BLACK).known_by == "search"


def knechtel_search(size: str, complete: bool) -> Search:
    return Search((Comparison(KNECHTEL, TRUTH),), (size,), True, truth=TruthOptions(1_000_000, benson_complete=complete))


@pytest.mark.parametrize("size", ("3x2", "3x3"))
def test_the_census_counts_as_the_game_search_does(size: str, monkeypatch: pytest.MonkeyPatch):
    """knechtel@no vs truth@no: the census (truth by theorem, in C) and the position-by-position
    search without the census (truth by the attacker search) give the same counts and kinds."""
    by_census = run(knechtel_search(size, True), shrink_examples=1)
    monkeypatch.setattr(census, "native", lambda: None)
    by_search = run(knechtel_search(size, False), shrink_examples=1)
    assert by_census.counts == by_search.counts
    assert by_census.kinds == by_search.kinds
    assert [(f.kind, f.position) for f in by_census.findings] == [(f.kind, f.position) for f in by_search.findings]


@needs_census
def test_census_units_are_recorded_and_read_back(tmp_path: Path):
    out = tmp_path / "3x3.jsonl"
    summary = run(knechtel_search("3x3", True), out=out, shrink_examples=1)
    units = [UnitRecord.from_json(r) for r in read_records(out) if r["type"] == "unit"]
    assert {u.method for u in units} == {"census"}
    assert sum(u.positions for u in units) == 924 == summary.positions["3x3"]
    assert summary.kinds["knechtel@no vs truth@no"]["a"] + summary.kinds["knechtel@no vs truth@no"]["b"] >= (
        summary.counts["knechtel@no vs truth@no"]["disagree"]
    )


def test_a_record_without_kinds_still_reads():
    """Unit records written before kinds and method were recorded."""
    old = {
        "type": "unit", "search": "x", "size": "3x3", "unit": 0, "positions": 2, "counts": {}, "examples": {},
        "truth_states": 0, "seconds": 0.1,
    }
    record = UnitRecord.from_json(json.loads(json.dumps(old)))
    assert record.kinds == {} and record.method == "python"
