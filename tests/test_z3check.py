"""The Z3 bounded check agrees with the explicit-state search, and proves what it should."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import grid
from passalive.go.board import Board, Colour, Side
from passalive.go.suicide import Suicide
from passalive.solver.explicit import search
from passalive.solver.simulator import Game, check_witness
from passalive.solver.truth import Status
from passalive.solver.z3check import check

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY




def legalised(rows: list[list[Colour]], open_sides: tuple[Side, ...] = ()) -> Board:
    """The position with every chain that has no liberty taken off."""
    board = Board.grid(rows, open_sides=open_sides)
    while board.dead_chains:
        board = board.with_colours({p: E for c in board.dead_chains for p in c.points})
    return board


@st.composite
def small_boards(draw: st.DrawFn) -> Board:
    width = draw(st.integers(2, 5))
    height = draw(st.integers(2, 5))
    cell = st.sampled_from([B, B, B, W, W, E, E])
    rows = [[draw(cell) for _ in range(width)] for _ in range(height)]
    # now and then a cut-out: the solvers then play on the game graph with its outside point
    sides = draw(st.sampled_from([(), (), (), (), (Side.TOP,), (Side.LEFT, Side.BOTTOM)]))
    return legalised(rows, sides)


# --- the suicide-dependent example (Benson page, Examples 5 and 6) ----------

EXAMPLE_5 = """
. X O . X
X X X X .
. X . X X
"""
"""The white stone on C3 and the empty D3 form one black-region; D3 touches the
lone black stone on E3 and the big chain, C3 touches only the big chain.
Without suicide D3 is an eye of E3; with suicide White plays D3 (removing C3
and D3), plays D3 again, and captures E3 with E2."""

EXAMPLE_6 = """
. X X . X
X X X X .
. X . X X
"""
"""The same with a black stone on C3: D3 is an eye of E3 under every rule."""


def test_example_5_is_pass_alive_without_suicide() -> None:
    board = grid(EXAMPLE_5)
    chains = [c.index for c in board.chains_of(B)]
    result = check(board, B, chains, Suicide.ILLEGAL, complete=True)
    assert {r.status for r in result.chains.values()} == {Status.PROVEN}


def test_example_5_is_refuted_with_suicide_by_a_replayed_sequence() -> None:
    board = grid(EXAMPLE_5)
    lone = board.chain_of(board.point("E3"))
    big = board.chain_of(board.point("B3"))
    for rule in (Suicide.MULTI, Suicide.ALL):
        result = check(board, B, [lone, big], rule, complete=True)
        verdict = result.chains[lone]
        assert verdict.status is Status.CAPTURED
        assert verdict.sequence[:1] == (board.point("D3"),)
        replay, hit = check_witness(Game.of(board, B), verdict.sequence, rule, [lone])
        assert hit == {lone}
        assert result.chains[big].status is Status.PROVEN


def test_example_6_is_pass_alive_in_any_case() -> None:
    board = grid(EXAMPLE_6)
    chains = [c.index for c in board.chains_of(B)]
    for rule in Suicide:
        result = check(board, B, chains, rule, complete=True)
        assert {r.status for r in result.chains.values()} == {Status.PROVEN}, rule


def test_outside_liberties_first_then_inside() -> None:
    """A false eye: White fills the outside liberty, then the inside one captures."""
    board = grid(
        """
        . X O .
        X O . .
        X X O .
        . . . .
        """
    )
    chain = board.chain_of(board.point("B4"))
    result = check(board, B, [chain], Suicide.ILLEGAL, complete=True)
    assert result.chains[chain].status is Status.CAPTURED
    explicit = search(board, B, [chain])
    assert explicit.captured and len(explicit.sequence) == result.chains[chain].depth


# --- agreement with the explicit search -------------------------------------

RULES = [Suicide.ILLEGAL, Suicide.MULTI, Suicide.ALL]


@settings(max_examples=520, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    board=small_boards(),
    owner=st.sampled_from([B, W]),
    rule=st.sampled_from(RULES),
    depth=st.sampled_from([1, 2, 3, 5, 8]),
)
def test_z3_equals_explicit_search(board: Board, owner: Colour, rule: Suicide, depth: int) -> None:
    chains = [c.index for c in board.chains_of(owner)]
    result = check(board, owner, chains, rule, depth=depth)
    for c in chains:
        explicit = search(board, owner, [c], rule, depth=depth)
        verdict = result.chains[c]
        assert (verdict.status is Status.CAPTURED) == explicit.captured, (c, verdict, explicit)
        if explicit.captured:
            assert verdict.depth <= depth


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(board=small_boards(), owner=st.sampled_from([B, W]))
def test_complete_proof_equals_exhaustive_search(board: Board, owner: Colour) -> None:
    chains = [c.index for c in board.chains_of(owner)]
    result = check(board, owner, chains, Suicide.ILLEGAL, complete=True)
    for c in chains:
        explicit = search(board, owner, [c], Suicide.ILLEGAL)
        assert explicit.captured is not None
        assert (result.chains[c].status is Status.CAPTURED) == explicit.captured
        assert result.chains[c].status in (Status.CAPTURED, Status.PROVEN)


def test_a_time_out_is_unknown_never_proven() -> None:
    import random

    from strategies import random_position

    from passalive.definitions.analysis import analyse

    board = random_position(random.Random(7), 19, 19, move_factor=1.2)
    claims = sorted(analyse(board).alive(B))
    result = check(board, B, claims, Suicide.ILLEGAL, complete=True, timeout=1e-6)
    assert {r.status for r in result.chains.values()} == {Status.UNKNOWN}
    assert all(r.depth == 0 for r in result.chains.values())
    done = check(board, B, claims, Suicide.ILLEGAL, complete=True, timeout=60)
    assert {r.status for r in done.chains.values()} == {Status.PROVEN}
