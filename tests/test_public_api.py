"""The public API at the top of the package: a board in, a verdict out, names that say what they return."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from sgfmill import boards

import passalive
from passalive import Board, Colour

ROOT = Path(__file__).resolve().parent.parent

# Black's two-eyed group in the corner; one lone white stone.
CORNER = [
    ". X . X . . .",
    "X X X X . . .",
    ". . . . . O .",
    ". . . . . . .",
    ". . . . . . .",
    ". . . . . . .",
    ". . . . . . .",
]


def corner() -> Board:
    return Board.grid([row.split() for row in CORNER])


def test_analyse_names_chains_points_and_gtp_names():
    board = corner()
    result = passalive.analyse(board)
    (chain,) = result.alive_chains("black")
    assert board.chains[chain].colour is Colour.BLACK
    assert result.alive_points("black") == board.stones("black")
    assert result.alive_names("black") == ["B7", "D7", "A6", "B6", "C6", "D6"]
    assert result.territory_names("black") == ["A7", "C7"]
    assert result.alive("black") == result.alive_chains("black")  # the old name, kept for 0.2
    assert result.alive_names("white") == []


def test_verify_score_and_eyes_are_at_the_top_level():
    board = corner()
    verification = passalive.verify(board, suicide="no")
    assert isinstance(verification, passalive.Verification)
    assert not verification.contradictions
    assert {v.result.value for v in verification.chains} >= {"proven", "captured"}
    counted = passalive.score(board)
    assert isinstance(counted, passalive.Score)
    assert {"A7", "C7"} <= set(board.names(counted.territory[Colour.BLACK]))
    eyes = passalive.eyes(board)
    assert isinstance(eyes, passalive.EyeReport)
    assert set(board.names(eyes.real)) == {"A7", "C7"}


def test_import_passalive_does_not_load_z3():
    code = "import sys, passalive; print('z3' in sys.modules); passalive.verify; print('z3' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    assert out == ["False", "True"]


def test_an_sgfmill_board_keeps_its_gtp_names_both_ways():
    # sgfmill counts rows from the bottom: its (0, 0) is A1, its (8, 1) is B9.
    theirs = boards.Board(9)
    theirs.play(0, 0, "b")
    theirs.play(8, 1, "w")
    ours = Board.from_sgfmill(theirs)
    assert ours.names(ours.stones("black")) == ["A1"]
    assert ours.names(ours.stones("white")) == ["B9"]
    back = ours.to_sgfmill()
    assert back.get(0, 0) == "b" and back.get(8, 1) == "w" and back.get(8, 0) is None
    assert Board.from_sgfmill(back) == ours


def test_only_a_full_square_board_becomes_an_sgfmill_board():
    with pytest.raises(passalive.InputError, match="square"):
        Board.grid([["empty"] * 5 for _ in range(3)]).to_sgfmill()
    with pytest.raises(passalive.IllegalPositionError):
        Board.grid([["black", "white"], ["white", "empty"]]).to_sgfmill()


def test_the_api_page_lists_every_public_name():
    page = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    first_cells = re.findall(r"^\| (.*?) \|", page, flags=re.M)
    listed = {name for cell in first_cells for name in re.findall(r"`(\w+)", cell)}
    missing = set(passalive.__all__) - listed
    assert not missing, f"docs/api.md lacks {sorted(missing)}"
    for name in passalive.__all__:
        assert getattr(passalive, name) is not None
