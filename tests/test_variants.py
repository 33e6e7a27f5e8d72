"""Properties of the variants on positions from random play.

The rule engine running each bundled program must give exactly the chains
the direct Python implementation gives (2000+ positions in all, sizes 5–19,
both suicide settings); the fast bitset casting-out must equal the plain
round-by-round version on every geometry; and the variants relate as
docs/variants.md says.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from conftest import colour_rows
from strategies import end_of_game_positions, random_position

from passalive.definitions.analysis import analyse
from passalive.go.board import STONE_COLOURS, Board, Colour, Side
from passalive.definitions.direct import Geometry, casting_out
from passalive.go.suicide import Suicide
from passalive.definitions.variants import trace_casting_out, trace_knechtel



def fast(examples: int) -> settings:
    """Settings for a property test: `examples` examples, no deadline (boards vary in size)."""
    return settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def same_on_engines(board: Board, variant: str, suicide: Suicide = Suicide.ILLEGAL, territory: bool = False) -> None:
    rules = analyse(board, variant=variant, suicide=suicide, engine="rules")
    direct = analyse(board, variant=variant, suicide=suicide, engine="direct")
    for colour in STONE_COLOURS:
        assert rules.alive(colour) == direct.alive(colour), (variant, colour)
        assert rules.alive_points(colour) == direct.alive_points(colour)
        if territory:
            for convention in ("healthy", "katago", "katago-strict"):
                assert rules.territory(colour, convention) == direct.territory(colour, convention), convention


@st.composite
def cut_outs(draw: st.DrawFn) -> Board:
    """A random position with some sides declared open (a cut-out)."""
    board = draw(end_of_game_positions(max_size=11))
    sides = draw(st.sets(st.sampled_from(list(Side)), min_size=1))
    rows = colour_rows(board)
    return Board.grid(rows, open_sides=sides)


@st.composite
def unusual_boards(draw: st.DrawFn) -> Board:
    """A random position with a few adjacencies removed and a few added."""
    board = draw(end_of_game_positions(max_size=9))
    rows = colour_rows(board)
    width, height = len(rows[0]), len(rows)
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    pairs = [((x, y), (x + 1, y)) for y in range(height) for x in range(width - 1)]
    unlink = rng.sample(pairs, 3)
    link = [((rng.randrange(width), rng.randrange(height)), (rng.randrange(width), rng.randrange(height))) for _ in range(2)]
    return Board.grid(rows, unlink=unlink, link=link)


# ------------------------------------------------- rule engine = direct (2000+)


@pytest.mark.slow
@fast(700)
@given(end_of_game_positions(suicide=False))
def test_engine_equals_direct_casting_out(board: Board) -> None:
    same_on_engines(board, "casting-out")


@pytest.mark.slow
@fast(600)
@given(end_of_game_positions(suicide=True))
def test_engine_equals_direct_suicide(board: Board) -> None:
    same_on_engines(board, "suicide", Suicide.MULTI)


@pytest.mark.slow
@fast(600)
@given(end_of_game_positions(suicide=None), st.sampled_from(["benson", "wikipedia", "knechtel"]))
def test_engine_equals_direct_other_variants(board: Board, variant: str) -> None:
    same_on_engines(board, variant)


@fast(200)
@given(st.one_of(cut_outs(), unusual_boards()), st.sampled_from(["casting-out", "suicide", "benson", "wikipedia", "knechtel"]))
def test_engine_equals_direct_on_cut_outs_and_unusual_boards(board: Board, variant: str) -> None:
    same_on_engines(board, variant, Suicide.MULTI if variant == "suicide" else Suicide.ILLEGAL, territory=True)


@fast(150)
@given(end_of_game_positions(suicide=None), st.booleans())
def test_territory_programs_equal_the_python_conventions(board: Board, legal: bool) -> None:
    same_on_engines(board, "suicide" if legal else "casting-out", Suicide.MULTI if legal else Suicide.ILLEGAL, territory=True)


def test_engine_equals_direct_on_full_size_boards() -> None:
    rng = random.Random(19)
    for i in range(6):
        board = random_position(rng, 19, 19, suicide=bool(i % 2))
        same_on_engines(board, "casting-out")
        same_on_engines(board, "suicide", Suicide.MULTI)


# --------------------------------------------- fast direct = plain, any geometry


@fast(300)
@given(st.one_of(end_of_game_positions(suicide=None), cut_outs(), unusual_boards()), st.booleans())
def test_bitset_casting_out_equals_the_plain_rounds(board: Board, all_points: bool) -> None:
    for colour in STONE_COLOURS:
        plain = trace_casting_out(board, colour, all_points=all_points).alive
        for force_graph in (False, True):
            g = Geometry.of(board, force_graph=force_graph)
            result = casting_out(g, colour, all_points)
            assert result.chain_indices() == plain
            chains = [board.chains[i].points for i in plain]
            assert set(result.chain_points()) == set(chains)
            assert result.points() == frozenset().union(*chains)
            assert result.masks() == {sum(1 << p for p in points) for points in chains}


# ------------------------------------------------------- how variants relate


@fast(100)
@given(end_of_game_positions(suicide=None))
def test_benson_and_wikipedia_equal_casting_out_on_legal_positions(board: Board) -> None:
    default = analyse(board)
    for variant in ("benson", "wikipedia"):
        other = analyse(board, variant=variant)
        for colour in STONE_COLOURS:
            assert other.alive(colour) == default.alive(colour)


@fast(100)
@given(end_of_game_positions(suicide=None))
def test_suicide_is_stricter_and_territory_is_consistent(board: Board) -> None:
    plain = analyse(board)
    strict = analyse(board, variant="suicide", suicide=Suicide.MULTI)
    for colour in STONE_COLOURS:
        assert strict.alive(colour) <= plain.alive(colour)
        stones = board.stones(colour)
        for result in (plain, strict):
            for convention in ("healthy", "katago", "katago-strict"):
                territory = result.territory(colour, convention)
                assert not territory & stones
            assert result.territory(colour, "katago-strict") <= result.territory(colour, "katago")
        assert strict.territory(colour) <= plain.territory(colour)


@fast(150)
@given(end_of_game_positions(suicide=None, max_size=11), st.integers(0, 3), st.booleans())
def test_verdicts_do_not_depend_on_symmetry_or_colour_names(board: Board, turns: int, reflect: bool) -> None:
    base = analyse(board)
    moved = board.transformed(turns, reflect)
    swapped = board.colours_swapped()
    moved_result = analyse(moved)
    swapped_result = analyse(swapped)
    for colour in STONE_COLOURS:
        assert len(moved_result.alive_points(colour)) == len(base.alive_points(colour))
        assert swapped_result.alive_points(colour.opponent) == base.alive_points(colour)


@fast(150)
@given(end_of_game_positions(suicide=None))
def test_knechtel_loop_ends_after_its_first_round(board: Board) -> None:
    # knechtel.dl states only the first round; the literal loop must agree
    for colour in STONE_COLOURS:
        trace = trace_knechtel(board, colour)
        assert all(f.round in (None, 1) for f in trace.fates.values())


@fast(100)
@given(end_of_game_positions(suicide=False, max_size=9))
def test_explanations_match_verdicts(board: Board) -> None:
    for variant in ("casting-out", "benson", "wikipedia", "suicide", "knechtel"):
        result = analyse(board, variant=variant)
        for chain in board.chains:
            text = result.explain(chain.index)
            alive = chain.index in result.alive(chain.colour)
            assert (": pass-alive" in text) == alive


def test_no_stones_no_alive_chains() -> None:
    board = Board.grid([[Colour.EMPTY] * 5 for _ in range(5)])
    for variant in ("casting-out", "suicide", "benson", "wikipedia", "knechtel"):
        for engine in ("direct", "rules"):
            result = analyse(board, variant=variant, engine=engine, suicide=Suicide.ILLEGAL)
            assert result.alive(Colour.BLACK) == frozenset() and result.territory(Colour.WHITE) == frozenset()


@fast(40)
@given(end_of_game_positions(suicide=None, max_size=7), st.booleans())
def test_set_definition_solved_as_csp_equals_casting_out(board: Board, legal: bool) -> None:
    suicide = Suicide.MULTI if legal else Suicide.ILLEGAL
    by_csp = analyse(board, variant="definition", suicide=suicide)
    by_casting_out = analyse(board, variant=None, suicide=suicide)
    for colour in STONE_COLOURS:
        assert by_csp.alive(colour) == by_casting_out.alive(colour)


@fast(60)
@given(end_of_game_positions(suicide=None))
def test_the_strategy_draws_legal_positions_of_the_asked_sizes(board: Board) -> None:
    board.check_legal()
    assert board.size is not None
    width, height = board.size
    assert 5 <= width <= 19 and 5 <= height <= 19
    assert board.is_plain_grid
