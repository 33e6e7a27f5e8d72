"""The batched kernel `passalive.batch` gives the direct code's answers, on every array library at hand.

Each test puts boards in as `[N, H, W]` boolean arrays and compares, board
by board, the pass-alive stones and the (healthy) territory of both colours
with `passalive.analyse` (casting-out, or the suicide variant).  The array
program (`method="array"`) is compared here, on numpy, on
`array_api_strict` (which refuses anything outside the array API standard:
the proof that the kernel is written against the standard only) and on
PyTorch's CPU tensors where torch is installed.  The fused kernel (`method="fused"`,
the default on the CPU where its C build is installed) is compared in
test_batch_fused.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import board_from_text, end_of_game_positions, random_position

from passalive import analyse, batch
from passalive.errors import UsageError
from passalive.go.board import Board, Colour
from passalive.grammar.read import read_diagrams

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

Convert = Callable[[np.ndarray[Any, Any]], Any]


def _libraries() -> list[Any]:
    """numpy, the strict standard, and torch on the CPU (skipped, with the reason, where absent)."""
    params: list[Any] = [pytest.param(lambda a: a, id="numpy")]
    try:
        import array_api_strict

        params.append(pytest.param(array_api_strict.asarray, id="array-api-strict"))
    except ImportError:
        params.append(pytest.param(None, id="array-api-strict", marks=pytest.mark.skip(reason="array_api_strict is not installed")))
    try:
        import torch

        params.append(pytest.param(torch.from_numpy, id="torch-cpu"))
    except ImportError:
        params.append(pytest.param(None, id="torch-cpu", marks=pytest.mark.skip(reason="torch is not installed (pip install torch)")))
    return params


LIBRARIES = _libraries()


def arrays(boards: Sequence[Board]) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """The boards (one size) as black and white `[N, H, W]` arrays."""
    width, height = boards[0].size or (0, 0)
    black = np.zeros((len(boards), height, width), dtype=bool)
    white = np.zeros_like(black)
    for i, board in enumerate(boards):
        colours = np.array([c.value for c in board.colours]).reshape(height, width)
        black[i] = colours == Colour.BLACK.value
        white[i] = colours == Colour.WHITE.value
    return black, white


def answers(result: batch.BatchAnalysis, i: int) -> list[frozenset[int]]:
    """Board i's alive stones and territory of both colours, as point ids."""
    parts = (result.alive_black, result.alive_white, result.territory_black, result.territory_white)
    return [frozenset(int(p) for p in np.flatnonzero(np.asarray(part)[i])) for part in parts]


def direct_answers(board: Board, suicide: str) -> list[frozenset[int]]:
    """The same from the direct code, through `analyse`."""
    result = analyse(board, suicide=suicide)
    return [result.alive_points("black"), result.alive_points("white"), result.territory("black"), result.territory("white")]


def assert_equal_to_direct(boards: Sequence[Board], suicide: str, convert: Convert = lambda a: a) -> None:
    black, white = arrays(boards)
    result = batch.analyse(convert(black), convert(white), suicide, method="array")
    for i, board in enumerate(boards):
        assert answers(result, i) == direct_answers(board, suicide), f"board {i} (suicide {suicide}):\n{board}"


TWO_EYES = """
. X . X . . .
X X X X X . .
. . . . . . .
. . . . . . .
O O O O . . .
. O . O . . .
O O O O . . .
"""


def test_groups_with_two_eyes_are_alive_and_own_them():
    board = board_from_text(TWO_EYES)
    black, white = arrays([board])
    alive_black, alive_white = batch.pass_alive(black, white)
    territory_black, territory_white = batch.territory(black, white)
    assert alive_black[0].sum() == 7 and alive_black[0, 1, :5].all()  # the wall and the stones between the eyes
    assert territory_black[0, 0].tolist() == [True, False, True, False, False, False, False]
    assert alive_white[0].sum() == 10
    assert territory_white[0, 5].tolist() == [True, False, True, False, False, False, False]
    assert territory_black[0].sum() == 2 and territory_white[0].sum() == 2  # the open middle is nobody's


@pytest.mark.parametrize("convert", LIBRARIES)
@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_batches_of_random_play_equal_the_direct_code_at_every_size(convert: Convert, suicide: str):
    rng = random.Random(23)
    for size in (2, 5, 9, 13, 19):
        boards = [
            random_position(rng, size, size, suicide=suicide != "no", move_factor=rng.choice([2.5, 1.5, 0.6])) for _ in range(12)
        ]
        assert_equal_to_direct(boards, suicide, convert)


@pytest.mark.parametrize("convert", LIBRARIES)
def test_rectangular_boards_equal_the_direct_code(convert: Convert):
    rng = random.Random(7)
    for width, height in ((7, 4), (3, 11), (1, 6)):
        boards = [random_position(rng, width, height) for _ in range(8)]
        assert_equal_to_direct(boards, "no", convert)
        assert_equal_to_direct(boards, "multi", convert)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(end_of_game_positions(min_size=2, max_size=13, suicide=None), st.sampled_from(["no", "multi"]))
def test_any_position_of_random_play_equals_the_direct_code(board: Board, suicide: str):
    assert_equal_to_direct([board], suicide)


def _corpus_boards() -> list[Board]:
    """The corpus' diagrams that are whole rectangular boards (no holes, links or open sides)."""
    boards = []
    for path in sorted(EXAMPLES.glob("*.txt")):
        for diagram in read_diagrams(path):
            board = diagram.board
            if board.size is not None and board.is_plain_grid and not board.open_points:
                boards.append(board)
    return boards


@pytest.mark.parametrize("suicide", ["no", "multi"])
def test_the_corpus_boards_equal_the_direct_code(suicide: str):
    boards = _corpus_boards()
    assert len(boards) >= 20
    by_size: dict[tuple[int, int], list[Board]] = {}
    for board in boards:
        by_size.setdefault(board.size or (0, 0), []).append(board)
    for group in by_size.values():
        assert_equal_to_direct(group, suicide)


@pytest.mark.parametrize(("stage", "compact_after"), [(1, 1), (8, 2), (1000, 1000)])
def test_the_boards_that_need_more_steps_end_the_same_when_taken_apart(monkeypatch: pytest.MonkeyPatch, stage: int, compact_after: int):
    # after `STAGE` label steps and after `COMPACT_AFTER` rounds of casting-out the boards still
    # changing go on alone (random play on 19x19 has boards that need 3 to 9 rounds, and up to
    # 50 label steps); the answers do not depend on when that happens
    import passalive.batch.flood
    import passalive.batch.kernel

    monkeypatch.setattr(passalive.batch.flood, "STAGE", stage)
    monkeypatch.setattr(passalive.batch.kernel, "COMPACT_AFTER", compact_after)
    rng = random.Random(3)
    boards = [random_position(rng, 19, 19) for _ in range(15)]
    assert_equal_to_direct(boards, "no")
    assert_equal_to_direct(boards, "multi")


def test_an_empty_batch_and_an_empty_board_give_nothing():
    empty = np.zeros((0, 9, 9), dtype=bool)
    assert batch.analyse(empty, empty).alive_black.shape == (0, 9, 9)
    nothing = np.zeros((3, 1, 1), dtype=bool)
    result = batch.analyse(nothing, nothing)
    assert not result.alive_black.any() and not result.territory_white.any()


@pytest.mark.parametrize(
    ("black", "white", "suicide", "message"),
    [
        (np.zeros((9, 9), bool), np.zeros((9, 9), bool), "no", r"shaped \[N, H, W\]"),
        (np.zeros((1, 9, 9), int), np.zeros((1, 9, 9), int), "no", "boolean"),
        (np.zeros((1, 9, 9), bool), np.zeros((1, 9, 8), bool), "no", "differ in shape"),
        (np.ones((1, 3, 3), bool), np.ones((1, 3, 3), bool), "no", "both black and white"),
        (np.zeros((1, 3, 3), bool), np.zeros((1, 3, 3), bool), "sometimes", "unknown suicide rule"),
    ],
)
def test_wrong_input_is_a_usage_error(black: Any, white: Any, suicide: str, message: str):
    with pytest.raises(UsageError, match=message):
        batch.analyse(black, white, suicide)
