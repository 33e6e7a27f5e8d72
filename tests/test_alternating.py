"""The alternating-play truth: the attacker moves first, the owner answers; can she keep her claim?"""

from __future__ import annotations

from passalive.go.bitboard import Grid
from passalive.go.board import Colour
from passalive.solver.alternating import defend, pass_alive_mask


def test_a_chain_in_atari_is_captured_at_once_and_the_line_says_so() -> None:
    grid = Grid(3, 4)
    position = grid.parse_text([".XO", "O..", "OOO", ".O."])
    c4 = 1 << 2
    verdict = defend(grid, position, Colour.WHITE, c4)
    assert verdict.holds is False
    assert [(m.colour, m.point) for m in verdict.line] == [(Colour.BLACK, 5)]  # C3 captures C4
    assert verdict.broken == "a claimed stone was captured"


def test_a_wall_with_a_two_vital_row_holds_only_with_answers() -> None:
    # Not pass-alive (one region on each side), but white can never capture
    # the wall if black answers: the top row always keeps two eyes.
    grid = Grid(4, 4)
    position = grid.parse_text([".X.X", "XXXX", "....", "...."])
    assert defend(grid, position, Colour.BLACK, position.black).holds is True


def test_a_stone_in_atari_falls_even_with_answers() -> None:
    grid = Grid(3, 3)
    position = grid.parse_text(["X.O", "O..", "..."])
    verdict = defend(grid, position, Colour.BLACK, position.black)
    assert verdict.holds is False
    assert [(m.colour, m.point) for m in verdict.line] == [(Colour.WHITE, 1)]


def test_pass_alive_mask_is_benson() -> None:
    grid = Grid(3, 3)
    position = grid.parse_text([".X.", "XXX", "X.X"])
    assert pass_alive_mask(grid, position.black, position.white) == position.black


def test_the_budget_makes_it_unknown_never_holds() -> None:
    grid = Grid(4, 4)
    position = grid.parse_text(["....", "XXXX", "....", "...."])
    verdict = defend(grid, position, Colour.BLACK, position.black, budget=1_000)
    assert verdict.holds is None and "unknown" in verdict.broken
