"""The fast front door's summary agrees with the general analysis on every position."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive import Suicide, analyse, parse_diagrams
from dataclasses import replace

from passalive.go.board import STONE_COLOURS, Side
from passalive.tools.summary import summarise
from strategies import random_position


def slow(board, suicide, variant=None):
    result = analyse(board, variant=variant, suicide=suicide)
    return (
        result.variant,
        {c.value: board.names(result.alive_points(c)) for c in STONE_COLOURS},
        {c.value: board.names(result.territory(c)) for c in STONE_COLOURS},
        [
            {"colour": ch.colour.value, "stones": board.names(ch.points), "alive": ch.index in result.alive(ch.colour)}
            for ch in board.chains
        ],
    )


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_the_summary_is_the_analysis(data):
    rng = data.draw(st.randoms(use_true_random=False))
    width, height = data.draw(st.integers(1, 9)), data.draw(st.integers(1, 9))
    board = random_position(rng, width, height, suicide=data.draw(st.booleans()))
    sides = data.draw(st.sets(st.sampled_from(list(Side))))
    board = replace(board, open_sides=frozenset(sides))
    suicide = data.draw(st.sampled_from(list(Suicide)))
    variant = data.draw(st.sampled_from([None, "casting-out", "suicide"]))
    try:
        expected = slow(board, suicide, variant)
    except Exception:  # a variant not defined for this suicide rule
        return
    summary = summarise(board, suicide, variant)
    if summary is None:
        return
    assert (summary.variant, summary.alive, summary.territory, summary.chains) == expected
    assert summary.chains_json() == json.dumps(expected[3], separators=(",", ":"))
    assert summary.sets_json() == json.dumps({"alive": expected[1], "territory": expected[2]}, separators=(",", ":"))[1:-1]


def test_a_board_with_two_eyes_and_territory():
    (d,) = parse_diagrams("X X X X .\nX . X . X\nX X X X X\n. . . . .\nO O O O O\n", format="plain")
    summary = summarise(d.board)
    assert summary is not None
    assert summary.alive["black"][:3] == ["A5", "B5", "C5"]
    # the white line has no eye: the region below the black wall (its empty row all liberties) is black's
    assert summary.territory["black"] == ["E5", "B4", "D4", "A2", "B2", "C2", "D2", "E2", "A1", "B1", "C1", "D1", "E1"]
    assert summary.chains[0]["alive"] and summary.territory["white"] == []
    assert (summary.variant, summary.alive, summary.territory, summary.chains) == slow(d.board, Suicide.ILLEGAL)


def test_cut_outs_and_other_variants_take_the_general_path():
    (d,) = parse_diagrams("$$\n$$ | X X .\n$$ | . X .\n$$ +------\n", format="sensei")
    assert summarise(d.board) is None or d.board.is_plain_grid
    assert summarise(d.board, variant="benson") is None


@pytest.mark.parametrize("rule", list(Suicide))
def test_an_empty_board(rule):
    (d,) = parse_diagrams(". . .\n. . .\n", format="plain")
    summary = summarise(d.board, rule, "suicide" if rule is not Suicide.ILLEGAL else None)
    assert summary is not None and summary.chains == [] and summary.alive == {"black": [], "white": []}


def test_a_game_position_summarised_from_its_replayed_bitsets_is_its_board_summarised():
    from pathlib import Path

    from passalive import read_games
    from passalive.tools.summary import summarise_position

    for path in sorted((Path(__file__).parent / "data" / "games").rglob("*.sgf")):
        if path.name == "broken.sgf":
            continue
        for game in read_games(path):
            for position in game.positions():
                for rule in (Suicide.ILLEGAL, Suicide.MULTI):
                    assert summarise_position(position, rule) == summarise(position.board, rule)
