"""The fast path of casting-out (`passalive.definitions.direct`) as its callers see it:
a diagram in, the pass-alive chains out in every form, the same on every geometry."""

from __future__ import annotations

import pytest

from passalive.definitions.analysis import ChainSet, analyse
from passalive.definitions.direct import Geometry, GraphGeometry, GridGeometry
from passalive.definitions.variants import VARIANTS
from passalive.go.bitboard import Grid, from_padded, to_padded
from passalive.go.board import Board, Colour
from passalive.grammar.read import parse_diagrams

TWO_EYES = """
$$ two eyes for black; white has none
$$ ---------------
$$ | . X . X O . |
$$ | X X X X O . |
$$ | O O O O O . |
$$ | . . . . . . |
$$ ---------------
"""


def board() -> Board:
    return parse_diagrams(TWO_EYES)[0].board


@pytest.mark.parametrize("force_graph", [False, True])
def test_the_result_speaks_chain_indices_points_and_masks(force_graph: bool) -> None:
    b = board()
    geometry = Geometry.of(b, force_graph=force_graph)
    assert isinstance(geometry, GraphGeometry if force_graph else GridGeometry)
    result = VARIANTS["casting-out"].fast_alive(geometry, Colour.BLACK)
    black = b.chain_of(b.point("A3"))
    assert result.chain_indices() == {black}
    assert b.names(result.points()) == ["B4", "D4", "A3", "B3", "C3", "D3"]
    assert result.chain_points() == (b.chains[black].points,)
    # masks use the bitboard numbering: bit p for point p of the plain grid
    assert result.masks() == {sum(1 << p for p in b.chains[black].points)}
    assert Grid(6, 4).position(b).black == next(iter(result.masks()))
    assert VARIANTS["casting-out"].fast_alive(geometry, Colour.WHITE).chain_indices() == frozenset()


def test_only_casting_out_and_suicide_have_the_fast_path() -> None:
    assert {name for name, v in VARIANTS.items() if v.fast} == {"casting-out", "suicide"}
    with pytest.raises(ValueError, match="no fast path"):
        VARIANTS["benson"].fast_alive(Geometry.of(board()), Colour.BLACK)


def test_the_padded_layout_has_one_conversion() -> None:
    # 3 columns: point (x, y) = bit 3y+x in the numbering, bit 4y+x padded
    assert to_padded(0b100_001, 3, 2) == 0b0100_0001
    assert from_padded(0b0100_0001, 3, 2) == 0b100_001


def test_an_analysis_is_a_value_with_its_alive_sets_made_up_front() -> None:
    b = board()
    fast = analyse(b)
    plain = analyse(b, variant="benson")
    assert not isinstance(fast.alive_sets[Colour.BLACK], ChainSet)  # the fast path's bitsets
    assert isinstance(plain.alive_sets[Colour.BLACK], ChainSet)
    assert fast.alive(Colour.BLACK) == plain.alive(Colour.BLACK)
    assert fast.alive_points(Colour.BLACK) == plain.alive_points(Colour.BLACK)
    with pytest.raises(AttributeError):
        fast.variant = "benson"  # type: ignore[misc]  # the assignment a frozen dataclass refuses is the point
    # territory and explanations come from the lazy part, computed once
    assert b.names(fast.territory(Colour.BLACK)) == ["A4", "C4"]
    assert fast.territory(Colour.BLACK) is fast.territory(Colour.BLACK)
    assert "pass-alive" in fast.explain(b.chain_of(b.point("A3")))
