"""Every search has a default budget, listed in docs/limits.md, and stops at it
with *unknown* -- the budget named, never a silent wait and never a proof
(issue 24 item 2, issue 26 item 3)."""

from __future__ import annotations

import pytest
from conftest import run

from passalive.errors import BudgetError
from passalive.go import limits
from passalive.go.board import Colour
from passalive.grammar.read import parse_diagrams
from passalive.solver.csp import alive_chains

TWO_EYES = """\
X X X X X
X . X . X
X X X X X
. . . . .
"""


def test_the_definition_s_constraint_search_has_a_default_budget():
    assert limits.DEFAULT_CSP_SECONDS == 10.0  # docs/limits.md says so


def test_the_constraint_search_stops_at_its_budget_with_unknown():
    (diagram,) = parse_diagrams(TWO_EYES)
    assert alive_chains(diagram.board, Colour.BLACK, seconds=None)  # decided without a bound
    with pytest.raises(BudgetError, match=r"unknown: .*budget of 0 s"):
        alive_chains(diagram.board, Colour.BLACK, seconds=0)


def test_analyse_variant_definition_past_its_budget_is_a_located_unknown(tmp_path, capsys, monkeypatch):
    board = tmp_path / "b.plain"
    board.write_text(TWO_EYES)
    monkeypatch.setattr(limits, "DEFAULT_CSP_SECONDS", 0.0)
    code, out, err = run(["analyse", "--variant", "definition", str(board)], capsys)
    assert code == 2
    assert err.startswith(f"{board}:1:1: error: unknown: the constraint search of the variant 'definition' ran out of its budget of 0 s")
    assert "pass-alive" not in out


def test_the_alternating_search_stops_at_its_budget_of_positions_with_unknown():
    from passalive.go.bitboard import Grid
    from passalive.solver.alternating import DEFAULT_BUDGET, defend

    assert DEFAULT_BUDGET == 300_000  # docs/limits.md says so
    grid = Grid(4, 4)
    position = grid.parse_text([".X.X", "XXXX", "....", "...."])
    assert defend(grid, position, Colour.BLACK, position.black).holds is True  # within the default
    verdict = defend(grid, position, Colour.BLACK, position.black, budget=10)
    assert verdict.holds is None and verdict.broken == "the state budget ran out: more than 10 positions"


def test_the_bit_mask_search_stops_at_its_budget_of_positions_with_unknown():
    from passalive.solver.oracle import Budget, Oracle
    from passalive.solver.truth import Status

    assert Budget().states == 5_000  # docs/limits.md says so
    (diagram,) = parse_diagrams(". . . .\n. X X .\n. . . .\n")
    answer = Oracle(Budget(states=3, shortcuts=False, z3=False)).decide(diagram.board, Colour.BLACK, diagram_suicide())
    (truth,) = answer.truths
    assert truth.status is Status.UNKNOWN and truth.reason == "the search's budget of 3 positions ran out"


def diagram_suicide():
    from passalive.go.suicide import Suicide

    return Suicide.ILLEGAL


def test_the_z3_check_builds_nothing_once_its_time_is_spent_and_says_unknown():
    from passalive.solver.truth import Status
    from passalive.solver.z3check import check

    (diagram,) = parse_diagrams(". . . .\n. X X .\n. . . .\n")
    result = check(diagram.board, Colour.BLACK, [0], complete=True, timeout=0)
    (truth,) = result.chains.values()
    assert truth.status is Status.UNKNOWN and truth.reason == "the time ran out"


def lattice(size: int) -> str:
    """A dense size x size board of black walls every third line, with one-point eyes and gaps."""
    return "\n".join(
        "".join("X" if (x % 3 == 0 or y % 3 == 0) and not (x % 6 == 3 and y % 6 == 3) else "." for x in range(size))
        for y in range(size)
    ) + "\n"


def test_verify_timeout_1_on_a_dense_52x52_board_ends_within_seconds(tmp_path):
    """Before: the greedy capture of a chain of 900 stones, Z3's structures and the
    replay of every fill ran before the clock was looked at (40-46 s on a 52x52 board)."""
    import subprocess
    import sys

    board = tmp_path / "dense.plain"
    board.write_text(lattice(52))
    done = subprocess.run(
        [sys.executable, "-c", "from passalive.cli import main; main()", "verify", "--timeout", "1", str(board)],
        capture_output=True, text=True, timeout=60,  # generous on a loaded machine; the work itself is bounded by 1 s
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "unknown (the time ran out" in done.stdout
    assert "no claim contradicted" in done.stderr + done.stdout


def test_past_its_deadline_the_oracle_sets_up_no_search(monkeypatch):
    """The deadline is looked at before each strategy and inside the greedy capture
    and Z3's set-up: once it has passed nothing more is built (before, every
    chain's greedy capture and Z3's structures ran first, 40 s on a 52x52 board)."""
    import time

    import passalive.solver.oracle as oracle_module
    import passalive.solver.z3check as z3check
    from passalive.solver.oracle import Budget, Oracle
    from passalive.solver.truth import Status

    def built(*args, **kwargs):
        raise AssertionError("set up after the deadline")

    monkeypatch.setattr(oracle_module, "_fill_open_regions", built)
    monkeypatch.setattr(z3check, "_structure", built)
    from passalive.solver.strategies import greedy_capture as original

    def greedy(*args, **kwargs):
        assert kwargs.get("deadline") is not None, "the greedy capture is given the deadline"
        return original(*args, **kwargs)

    monkeypatch.setattr(oracle_module, "greedy_capture", greedy)
    (diagram,) = parse_diagrams(lattice(13))
    answer = Oracle(Budget(states=0)).decide(diagram.board, Colour.BLACK, diagram_suicide(), deadline=time.monotonic())
    assert answer.truths and all(t.status is Status.UNKNOWN and t.reason == "the time ran out" for t in answer.truths)


def test_static_safety_on_the_rule_engine_refuses_a_52x52_board_at_once_with_the_reason(tmp_path, capsys, monkeypatch):
    import passalive.definitions.facts as facts

    def ran(*args, **kwargs):
        raise AssertionError("the rule program ran")

    monkeypatch.setattr(facts, "run_bundled", ran)  # refused before any work
    board = tmp_path / "dense.plain"
    board.write_text(lattice(52))
    code, _, err = run(["analyse", "--variant", "static-safety", "--engine", "rules", str(board)], capsys)
    assert code == 2
    assert err.startswith(f"{board}:1:1: error: the variant 'static-safety' on the rule engine answers on boards of at most 961 points")
    assert "use --engine direct" in err


def test_static_safety_on_the_rule_engine_answers_up_to_its_limit(tmp_path, capsys):
    board = tmp_path / "lattice.plain"
    board.write_text(lattice(19))
    code, out, _ = run(["analyse", "--variant", "static-safety", "--engine", "rules", "--max-rule-seconds", "120", str(board)], capsys)
    assert code == 0 and "black" in out


def test_check_reports_a_variant_past_its_budget_as_unknown(tmp_path, capsys, monkeypatch):
    page = tmp_path / "page.txt"
    page.write_text("$$ two eyes\n$$ | X X X X X\n$$ | X . X . X\n$$ | X X X X X\n$$ | . . . . .\n"
                    "$$ {EXPECT variant=definition black=1:1}\n")
    monkeypatch.setattr(limits, "DEFAULT_CSP_SECONDS", 0.0)
    code, out, err = run(["check", "--json", "--variant", "definition", str(page)], capsys)
    assert code == 0, err
    assert '"unknown"' in out and "ran out of its budget of 0 s" in out
