"""The sound mode of static safety (`--variant static-safety-sound`): Fuego's refuted rules left out.

Fuego's `go_safe static` (the variant `static-safety`) makes claims the game
refutes: the protected-cuts rule (docs/findings.md, finding 2) and the
vital-point count of the nakade test, which gives the owner a seki.  The
sound mode leaves both out; the alternating-play search with `settle`
(the owner must make her stones pass-alive and every claimed point hers)
is its truth.
"""

from __future__ import annotations

import random

import pytest

from passalive.definitions.analysis import analyse
from passalive.definitions.facts import bundled_path, load, run
from passalive.definitions.static_safety import static_safety
from passalive.go.bitboard import Grid
from passalive.go.board import Board, Colour
from passalive.tools.safety import check_claim
from test_static_safety import board, fuego_cases, nakade_lab, _grid
from strategies import random_position

CUT_3X4 = """
    .O.
    X.O
    O..
    .O.
"""
"""Diagram 3 of examples/static-safety.txt: black B2, white A4, black A1 captures A2."""

CUT_4X4 = """
    .OX.
    O.XO
    .XOO
    .OO.
"""
"""White B4 is claimed safe by the protected cuts of the corridor D4-C4-C3-B3-B2-A2-A1; black B3 then A4 captures it."""

SEKI_3X4 = """
    OX.O
    O..O
    OOO.
"""
"""White's region B3-C2 is a protected corridor for Fuego; black C2 makes a seki in it."""

SEKI_CORNER = """
    .X.X.X
    XXXXXX
    OOXX.X
    .OOXX.
    X.OOXX
    XXXOX.
"""
"""docs/findings.md: Fuego's vital-point count gives black all 36 points; white's group and black's inner block are in seki."""


def whole_grid(b: Board) -> Grid:
    assert b.size is not None
    return Grid(*b.size)


def whole_claim(b: Board, colour: Colour, sound: bool) -> frozenset[int]:
    return static_safety(b, sound).safe[colour]


@pytest.mark.parametrize("text", [CUT_3X4, CUT_4X4, SEKI_3X4])
def test_fuego_claims_what_the_sound_mode_does_not(text: str) -> None:
    b = board(text)
    assert whole_claim(b, Colour.WHITE, sound=False)
    assert not whole_claim(b, Colour.WHITE, sound=True)
    assert analyse(b, variant="static-safety-sound").alive(Colour.WHITE) == frozenset()


@pytest.mark.parametrize("text", [CUT_3X4, CUT_4X4])
def test_the_game_refutes_the_protected_cuts(text: str) -> None:
    b = board(text)
    grid = whole_grid(b)
    verdict = check_claim(grid, grid.position(b), static_safety(b), Colour.WHITE, budget=200_000)
    assert verdict.holds is False and verdict.broken == "a claimed stone was captured"


def test_a_seki_in_a_claimed_region_holds_only_if_the_claim_need_not_be_settled() -> None:
    b = board(SEKI_3X4)
    grid = whole_grid(b)
    position, claim = grid.position(b), static_safety(b)
    assert check_claim(grid, position, claim, Colour.WHITE, budget=100_000).holds is True
    settled = check_claim(grid, position, claim, Colour.WHITE, budget=100_000, settle=True)
    assert settled.holds is False and "never settle" in settled.broken
    assert [m.point for m in settled.line][:1] == [b.at(2, 1)]  # black C2


def test_settling_a_true_claim_holds() -> None:
    """A surrounded area (diagram 2 of examples/static-safety.txt): white captures C4 and owns A4-C3."""
    b = board("""
        .XO
        O..
        OOO
        .O.
    """)
    grid = whole_grid(b)
    for sound in (False, True):
        claim = static_safety(b, sound)
        assert {"A4", "B4", "B3", "C3"} <= set(b.names(claim.safe[Colour.WHITE]))
        assert check_claim(grid, grid.position(b), claim, Colour.WHITE, budget=100_000, settle=True).holds is True


def test_the_vital_point_count_is_left_out() -> None:
    b = board(SEKI_CORNER)
    fuego, sound = static_safety(b), static_safety(b, sound=True)
    assert len(fuego.safe[Colour.BLACK]) == 36
    assert len(sound.safe[Colour.BLACK]) < 36
    assert not {"A4", "B4", "B3"} & set(b.names(sound.safe[Colour.BLACK]))  # white's stones are not black's


def test_the_fuego_mode_stays_the_default() -> None:
    b = board(CUT_3X4)
    assert analyse(b, variant="static-safety").alive(Colour.WHITE) == static_safety(b).safe_chains(Colour.WHITE)
    assert not static_safety(b).sound and static_safety(b, True).sound


# ------------------------------------- the rule program agrees with the direct code


def assert_sound_rules_agree(b: Board) -> None:
    alive, model = run(b, load(bundled_path("static-safety-sound.dl")))
    direct = static_safety(b, sound=True)
    for colour in (Colour.BLACK, Colour.WHITE):
        points = frozenset(p for name, p in model.relation("final_safe") if name == colour.value)
        assert alive[colour] == direct.safe_chains(colour), f"safe blocks of {colour.value} differ:\n{b}"
        assert points == direct.safe[colour], f"safe points of {colour.value} differ:\n{b}"


@pytest.mark.parametrize("text", [CUT_3X4, CUT_4X4, SEKI_3X4, SEKI_CORNER])
def test_the_sound_rule_program_agrees_on_the_counterexamples(text: str) -> None:
    assert_sound_rules_agree(board(text))
    assert analyse(board(text), variant="static-safety-sound", engine="rules").alive(Colour.WHITE) == frozenset()


@pytest.mark.slow
def test_the_sound_rule_program_agrees_on_random_and_nakade_positions() -> None:
    rng = random.Random(25)
    for _ in range(15):
        width, height = rng.choice([(5, 5), (6, 4), (7, 6)])
        assert_sound_rules_agree(random_position(rng, width, height, move_factor=rng.choice([0.8, 1.5, 2.5])))
    for _ in range(15):
        assert_sound_rules_agree(_grid(nakade_lab(rng)))
    names = sorted({name for name, *_ in fuego_cases()})
    rows = {name: r for name, _id, _c, _n, r in fuego_cases()}
    for name in names[:10]:
        assert_sound_rules_agree(_grid(rows[name]))
