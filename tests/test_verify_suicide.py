"""With suicide legal: the certificate, the capturing strategy and the exhaustive search agree.

docs/solver.md proves that when suicide is legal a chain can never be
captured exactly when it belongs to the largest set of chains each having two
regions all of whose points are its neighbours and all of whose chains are
in the set (`csp.closed_subset(..., all_points=True)`), and that every other
chain is captured by the strategy of `verify.suicide_capture`.  These tests
check both halves against the explicit search, which visits every reachable
position.
"""

from __future__ import annotations

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from passalive.go.board import Board, Colour, Side
from passalive.go.suicide import Suicide
from passalive.solver.csp import closed_subset
from passalive.solver.explicit import search
from passalive.solver.simulator import Game, check_witness
from passalive.solver.strategies import suicide_capture
from passalive.tools.verify import verify
from passalive.solver.truth import Status

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY


@st.composite
def boards(draw: st.DrawFn) -> Board:
    width = draw(st.integers(2, 5))
    height = draw(st.integers(2, 5))
    cell = st.sampled_from([B, B, B, W, W, E, E])
    rows = [[draw(cell) for _ in range(width)] for _ in range(height)]
    sides = draw(st.sampled_from([(), (), (), (Side.TOP,), (Side.RIGHT, Side.BOTTOM)]))
    board = Board.grid(rows, open_sides=sides)
    while board.dead_chains:
        board = board.with_colours({p: E for c in board.dead_chains for p in c.points})
    return board


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(board=boards(), owner=st.sampled_from([B, W]), rule=st.sampled_from([Suicide.MULTI, Suicide.ALL]))
def test_certificate_strategy_and_exhaustive_search_agree(board: Board, owner: Colour, rule: Suicide) -> None:
    chains = [c.index for c in board.chains_of(owner)]
    certified = closed_subset(board, owner, frozenset(chains), all_points=True)
    for c in chains:
        exhaustive = search(board, owner, [c], rule, max_states=20_000)
        assume(exhaustive.captured is not None)
        moves = suicide_capture(board, owner, c, rule)
        assert (c in certified) == (not exhaustive.captured) == (moves is None)
        if moves is not None:
            _, hit = check_witness(Game.of(board, owner), moves, rule, [c])
            assert c in hit


def test_example_5_with_suicide_is_settled_by_certificate_and_strategy() -> None:
    rows = [[E, B, W, E, B], [B, B, B, B, E], [E, B, E, B, B]]
    board = Board.grid(rows)
    result = verify(board, "suicide", Suicide.MULTI, complete=True)
    by_stones = {tuple(board.names(board.chains[v.chain].points)): v for v in result.chains}
    assert by_stones[("E3",)].result is Status.CAPTURED
    assert by_stones[("B3", "A2", "B2", "C2", "D2", "B1", "D1", "E1")].result is Status.PROVEN
    assert not result.contradictions
