"""The compiled kernel (passalive/definitions/_kernel.c) gives the Python reference's answers.

Both are asked the same question on generated positions of every size from
1x1 to 52x52, square and rectangular, legal game positions and arbitrary
colourings, with and without open sides, under both suicide conventions; and
on every position of the game records and every plain diagram of the corpus.
Without the kernel these tests are skipped with the reason printed, except in
CI (CI=true), where a kernel that did not build is a failure.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import passalive
from passalive.definitions import kernel
from passalive.definitions.direct import GridGeometry, reference_casting_out
from passalive.go.board import Colour
from passalive.go.bitboard import padded_full, to_padded
from passalive.go.suicide import Suicide
from passalive.tools.summary import _BitsGeometry, _name_table, board_geometry, position_geometry, reference_summary
from passalive.go.coords import Frame
from strategies import random_position

ROOT = Path(__file__).resolve().parent.parent
compiled = kernel.native()
needs_kernel = pytest.mark.skipif(
    compiled is None,
    reason="the compiled kernel is not built (no C compiler at install time, or PASSALIVE_KERNEL=python): "
    "only the Python reference is tested",
)


def test_ci_builds_the_kernel():
    """In CI the kernel must have been built: a failed build would otherwise only skip tests."""
    if os.environ.get("CI", "").lower() not in ("1", "true", "yes") or os.environ.get(kernel.ENV) == "python":
        pytest.skip("not in CI (CI=true): a missing kernel only skips the comparisons")
    assert compiled is not None, "CI: passalive.definitions._kernel did not build (see pip's output) or does not import"


def answers(g: GridGeometry, all_points: bool, every_point: bool):
    """The reference's and the kernel's summary and chains of both colours, as comparable tuples."""
    suicide = Suicide.MULTI if every_point else Suicide.ILLEGAL
    table = _name_table(g.width, g.height, Frame.full_board(max(g.width, g.height)))
    ref = reference_summary(g, table, suicide, "x", all_points)
    expected = (*ref.alive_bits, *ref.territory_bits, ref.raw_chains)
    assert compiled is not None
    got = compiled.summary(g.black, g.white, g.width, g.height, g.open, all_points, every_point)
    # with the names of the bits, the same and the JSON text of the --jsonl line's sets and chains
    named = compiled.summary(g.black, g.white, g.width, g.height, g.open, all_points, every_point, table.quoted)
    assert named == (*got, ref.sets_json(), ref.chains_json())
    return expected, got


def check(g: GridGeometry) -> None:
    assert compiled is not None
    for all_points in (False, True):
        for every_point in (False, True):
            expected, got = answers(g, all_points, every_point)
            assert got == expected, (all_points, every_point)
            assert compiled.area(g.black, g.white, g.width, g.height, g.open, all_points, every_point) == got[:4]
        for colour, own, other in ((Colour.BLACK, g.black, g.white), (Colour.WHITE, g.white, g.black)):
            ref = reference_casting_out(g, colour, all_points)
            # the kernel lists chains by lowest bit; the reference in the order it finds them
            assert compiled.casting_out(own, other, g.width, g.height, g.open, all_points) == tuple(sorted(ref.chains, key=lambda chain: chain & -chain))


def geometry(black: int, white: int, width: int, height: int, open_points: int = 0) -> _BitsGeometry:
    """A grid geometry from masks of point ids (bit y*W+x)."""
    return _BitsGeometry(
        to_padded(black, width, height), to_padded(white, width, height), width, height, to_padded(open_points, width, height)
    )


@needs_kernel
@settings(max_examples=120, deadline=None)
@given(st.data())
def test_the_kernel_is_the_reference_on_game_positions(data):
    rng = data.draw(st.randoms(use_true_random=False))
    width, height = data.draw(st.integers(1, 19)), data.draw(st.integers(1, 19))
    board = random_position(rng, width, height, suicide=data.draw(st.booleans()), move_factor=data.draw(st.sampled_from([2.5, 1.5, 0.6])))
    black, white = board.masks
    open_points = data.draw(st.integers(0, (1 << (width * height)) - 1)) if data.draw(st.booleans()) else 0
    check(geometry(black, white, width, height, open_points))


@needs_kernel
@settings(max_examples=120, deadline=None)
@given(st.data())
def test_the_kernel_is_the_reference_on_any_colouring(data):
    """Arbitrary colourings of boards up to 52x52 (chains without liberties too): both sides take any bitsets."""
    width, height = data.draw(st.integers(1, 52)), data.draw(st.integers(1, 52))
    rng = data.draw(st.randoms(use_true_random=False))
    stones, black_share = data.draw(st.floats(0, 1)), data.draw(st.floats(0, 1))
    black = white = open_points = 0
    for p in range(width * height):
        if rng.random() < stones:
            if rng.random() < black_share:
                black |= 1 << p
            else:
                white |= 1 << p
        if rng.random() < 0.02:
            open_points |= 1 << p
    check(geometry(black, white, width, height, open_points if data.draw(st.booleans()) else 0))


@needs_kernel
@pytest.mark.parametrize("width, height", [(1, 1), (1, 2), (2, 1), (1, 52), (52, 1), (52, 52), (19, 19)])
def test_the_kernel_at_the_limits(width, height):
    rng = random.Random(width * 100 + height)
    full = (1 << (width * height)) - 1
    for black, white in [(0, 0), (full, 0), (0, full), (rng.getrandbits(width * height) & full, 0)]:
        check(geometry(black, white, width, height))
        check(geometry(black, white, width, height, full))
    for _ in range(5):
        black = rng.getrandbits(width * height)
        check(geometry(black, full & ~black & rng.getrandbits(width * height), width, height))


@needs_kernel
def test_the_kernel_on_the_game_records():
    """Every position of every game of tests/data/games (19x19 GNU Go games, finals, kos, suicide rules)."""
    seen = 0
    for path in sorted((ROOT / "tests/data/games").rglob("*.sgf")):
        if path.name == "broken.sgf":
            continue
        for game in passalive.read_games(str(path)):
            for position in game.positions():
                check(position_geometry(position))
                seen += 1
    assert seen > 1000


@needs_kernel
def test_the_kernel_on_the_plain_diagrams_of_the_corpus():
    """Every diagram of examples/ on a plain grid, open sides of cut-outs included."""
    seen = 0
    for path in sorted((ROOT / "examples").glob("*.txt")):
        for diagram in passalive.read_diagrams(str(path)):
            g = board_geometry(diagram.board)
            if g is not None:
                check(g)
                seen += 1
    assert seen > 50


@needs_kernel
@pytest.mark.parametrize(
    "args, error",
    [
        ((-1, 0, 3, 3, 0, False), ValueError),  # negative
        ((1 << 3, 0, 3, 3, 0, False), ValueError),  # a padding bit (stride 4)
        ((1 << 12, 0, 3, 3, 0, False), ValueError),  # beyond the last row
        ((1, 1, 3, 3, 0, False), ValueError),  # black and white on one point
        ((0, 0, 0, 3, 0, False), ValueError),
        ((0, 0, 53, 3, 0, False), ValueError),
        ((0, 0, 3, 3, 1 << 3, False), ValueError),  # an open padding bit
        (("1", 0, 3, 3, 0, False), TypeError),
        ((0, 0, 3, 3, 0), TypeError),
    ],
)
def test_the_kernel_refuses_what_is_not_a_board(args, error):
    assert compiled is not None
    with pytest.raises(error):
        compiled.casting_out(*args)


@needs_kernel
@pytest.mark.parametrize(
    "function, args, error, words",
    [
        ("game_lines", (), TypeError, "game_lines takes 12 arguments (0 given)"),
        ("game_lines", (53, 0, 0, b"", 0, False, False, (), "", "", "", ""), ValueError,
         "game_lines: a size from 1 to 52 and a rule 0, 1 or 2"),
        ("game_lines", (5, 0, 0, b"", 3, False, False, (), "", "", "", ""), ValueError,
         "game_lines: a size from 1 to 52 and a rule 0, 1 or 2"),
        ("query_answers", (5,), TypeError, "query_answers takes 10 arguments (1 given)"),
        ("query_answers", (5, 0, 0, 0, b"", 0, False, False, (), b"\1"), ValueError,
         "query_answers: sides from 1 to 52 and a rule 0, 1 or 2"),
        ("query_answers", (5, 5, 0, 0, b"", -1, False, False, (), b"\1"), ValueError,
         "query_answers: sides from 1 to 52 and a rule 0, 1 or 2"),
    ],
)
def test_the_whole_line_calls_refuse_their_arguments_in_their_own_words(function, args, error, words):
    with pytest.raises(error) as refused:
        getattr(compiled, function)(*args)
    assert str(refused.value) == words


@needs_kernel
def test_the_kernel_refuses_names_that_are_not_a_tuple_of_str():
    assert compiled is not None
    black = 1  # A3 of a 3x3 board, named by the tuple
    with pytest.raises(TypeError):
        compiled.summary(black, 0, 3, 3, 0, False, False, ('"A3"',) * 3)  # too short
    with pytest.raises(TypeError):
        compiled.summary(black, 0, 3, 3, 0, False, False, (1,) * 12)  # type: ignore[arg-type]  # the wrong type is the point
    *_, sets, chains = compiled.summary(black, 0, 3, 3, 0, False, False, ('"A3"',) * 12)
    assert chains == '[{"colour":"black","stones":["A3"],"alive":false}]'


@needs_kernel
def test_a_two_eyed_group_by_the_kernel():
    """A diagram in, the verdict out: the black group with two eyes lives, its eyes are its territory."""
    rows = ["X X X X .", "X . X . X", "X X X X X", ". . . . .", "O O O O O"]
    board = passalive.Board.grid([["black" if c == "X" else "white" if c == "O" else "empty" for c in r.split()] for r in rows])
    g = board_geometry(board)
    assert g is not None and compiled is not None
    alive_black, alive_white, territory_black, territory_white, chains = compiled.summary(
        g.black, g.white, 5, 5, 0, False, False
    )
    assert alive_black == g.black and alive_white == 0 and territory_white == 0
    assert set(board.names(g.points(territory_black))) == {"E5", "B4", "D4"} | {f"{c}{r}" for c in "ABCDE" for r in (1, 2)}
    assert [(colour, alive) for colour, _, alive in chains] == [("black", True), ("white", False)]
    assert padded_full(5, 5) & alive_black == alive_black


def run_cli(*args: str, kernel_name: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop(kernel.ENV, None)
    if kernel_name is not None:
        env[kernel.ENV] = kernel_name
    command = [sys.executable, "-c", "from passalive.cli import main; main()", *args]
    return subprocess.run(command, capture_output=True, text=True, env=env, cwd=ROOT)


@needs_kernel
def test_analyse_jsonl_is_the_same_with_either_kernel():
    args = ("analyse", "tests/data/games/gnugo", "--all-nodes", "--jsonl")
    with_c = run_cli(*args, kernel_name="c")
    with_python = run_cli(*args, kernel_name="python")
    assert with_c.returncode == with_python.returncode == 0, with_c.stderr + with_python.stderr
    assert with_c.stdout == with_python.stdout
    assert len(with_c.stdout.splitlines()) > 800
    json.loads(with_c.stdout.splitlines()[-1])


def test_version_says_which_kernel_answers():
    forced = run_cli("--version", kernel_name="python")
    assert forced.returncode == 0 and "kernel: python" in forced.stdout
    default = run_cli("--version")
    assert f"kernel: {'python' if compiled is None else 'c'}" in default.stdout
