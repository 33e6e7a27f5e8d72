"""The alternating-play truth: the attacker moves first, the owner answers; can she keep her claim?"""

from __future__ import annotations

import time

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
    assert verdict.holds is None and verdict.broken == "the state budget ran out: more than 1000 positions"


def test_the_deadline_makes_it_unknown_never_holds() -> None:
    grid = Grid(4, 4)
    position = grid.parse_text(["....", "XXXX", "....", "...."])
    verdict = defend(grid, position, Colour.BLACK, position.black, deadline=time.monotonic() - 1)
    assert verdict.holds is None and verdict.broken.startswith("the time ran out")


# ------------------------------------------- the capture rule on masks is the one rule

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from passalive.go.board import grid_adjacency  # noqa: E402
from passalive.go.play import play, play_mask  # noqa: E402
from passalive.go.suicide import Suicide  # noqa: E402


@settings(max_examples=300, deadline=None)
@given(
    st.integers(2, 5), st.integers(2, 5), st.data(), st.sampled_from(list(Suicide)),
)
def test_play_on_masks_is_play(width: int, height: int, data: st.DataObject, suicide: Suicide) -> None:
    # Any position (legal or not) and any point: the masks version gives the
    # same stones afterwards as the one capture rule, or refuses the same moves.
    grid = Grid(width, height)
    n = width * height
    states = bytearray(data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n)))
    point = data.draw(st.integers(0, n - 1))
    mine = sum(1 << p for p in range(n) if states[p] == 1)
    theirs = sum(1 << p for p in range(n) if states[p] == 2)
    played = play(states, grid_adjacency(width, height), point, 1, 0, suicide)
    result = play_mask(grid.neighbours, mine, theirs, point, suicide)
    if played is None:
        assert result is None
        return
    assert result is not None
    assert result[0] == sum(1 << p for p in range(n) if states[p] == 1)
    assert result[1] == sum(1 << p for p in range(n) if states[p] == 2)
    assert result[2] == sum(1 << p for p in played.captured)

