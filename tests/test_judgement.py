"""passalive's best judgement of dead chains in a finished position: small
boards with the verdict each chain should get, what the caller already knows
kept, and the same judgement after a rotation, a reflection or a colour swap."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import grid
from strategies import end_of_game_positions
from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide
from passalive.tools.judgement import Judgement, dead_stones, judge

B, W = Colour.BLACK, Colour.WHITE

# Black holds the left (columns A-E), white the right (F-J); each test puts
# something into one of the two areas.  The walls alone are alive but not
# pass-alive (one region each), so the heuristic, not Benson, decides.
WHITE_STONE_IN_ATARI = """
. . . . X O . . .
. . X . X O . . .
. X O X X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
"""

BLACK_THREE_WITHOUT_EYES = """
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O . X .
. . . . X O X X .
. . . . X O . . .
"""

BLACK_SQUARE_FOUR = """
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O O O O
. . . . X O X X X
. . . . X O X . .
. . . . X O X . .
. . . . X O X X X
. . . . X O O O O
"""

BLACK_LIVES_IN_THE_CORNER = """
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O O O O
. . . . X O O X X
. . . . X O X . .
. . . . X O X . .
. . . . X O X . .
. . . . X O X . .
"""

BLACK_TWO_EYES = """
. . . . X O . . .
. . . . X O . . .
. . . . X O . . .
. . . . X O O O O
. . . . X O X X X
. . . . X O X . X
. . . . X O X X X
. . . . X O X X .
. . . . X O X . X
"""

# White's ring and black's inner block share their two liberties (E7, E6):
# whoever plays there first is captured.
SEKI = """
X X X X X X X . .
X O O O O O X . .
X O X X . O X . .
X O X X . O X . .
X O O O O O X . .
X X X X X X X . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""


def verdicts(board: Board, **options: object) -> dict[str, tuple[bool, str]]:
    """Each chain's first stone (GTP name) -> (dead, source)."""
    return {board.names(sorted(j.stones))[0]: (j.dead, j.source) for j in judge(board, **options)}  # type: ignore[arg-type]


def chain(board: Board, name: str) -> Judgement:
    p = board.point(name)
    return next(j for j in judge(board) if p in j.stones)


def test_a_stone_in_atari_inside_the_opponents_area_is_dead():
    board = grid(WHITE_STONE_IN_ATARI)
    judgement = chain(board, "C7")
    assert judgement.dead and judgement.source == "heuristic"
    assert judgement.colour is W and board.names(judgement.stones) == ["C7"]
    assert "1 liberty" in judgement.reason and "black encloses" in judgement.reason
    assert dead_stones(board) == {board.point("C7")}


def test_a_group_of_three_without_eyes_is_dead():
    board = grid(BLACK_THREE_WITHOUT_EYES)
    judgement = chain(board, "H3")
    assert judgement.dead and sorted(board.names(judgement.stones)) == ["G2", "H2", "H3"]
    assert judgement.reason.startswith("0 eyes")
    assert dead_stones(board) == judgement.stones


def test_a_square_four_is_one_eye_and_dead():
    board = grid(BLACK_SQUARE_FOUR)
    assert chain(board, "G5").dead
    assert "1 eye" in chain(board, "G5").reason


def test_a_large_eye_space_lives():
    board = grid(BLACK_LIVES_IN_THE_CORNER)
    assert dead_stones(board) == frozenset()


def test_two_eyes_live_by_theorem():
    board = grid(BLACK_TWO_EYES)
    judgement = chain(board, "G5")
    assert not judgement.dead and judgement.source == "theorem" and judgement.reason == "pass-alive"
    assert dead_stones(board) == frozenset()


def test_a_seki_leaves_both_sides_alive():
    board = grid(SEKI)
    assert dead_stones(board) == frozenset()
    assert not chain(board, "C7").dead and not chain(board, "B8").dead
    assert chain(board, "B8").reason.startswith("seki")
    assert chain(board, "B8").seki and chain(board, "C7").seki and not chain(board, "A9").seki
    assert not any(j.seki for j in judge(grid(WHITE_STONE_IN_ATARI)))


def test_stones_in_pass_alive_territory_are_dead_by_theorem():
    board = grid("""
        . X . X O .
        X X X X O .
        . X O X O .
        X X X X O .
        . . . X O .
        . . . X O .
    """)
    assert chain(board, "C4") == Judgement(frozenset({board.point("C4")}), W, True, chain(board, "C4").reason, "theorem")
    assert chain(board, "C4").reason.startswith("pass-dead")


def test_what_the_caller_knows_is_kept():
    board = grid(WHITE_STONE_IN_ATARI)
    c7, h6 = board.point("C7"), board.point("E5")
    kept = verdicts(board, known={c7: False, h6: True})
    assert kept["C7"] == (False, "known") and kept["E9"] == (True, "known")


def test_a_chain_known_alive_is_never_judged_dead():
    board = grid(BLACK_THREE_WITHOUT_EYES)
    assert verdicts(board, known={board.point("H2"): False})["H3"] == (False, "known")


def test_the_result_covers_every_chain_in_board_order():
    board = grid(SEKI)
    assert [j.stones for j in judge(board)] == [c.points for c in board.chains]


def test_a_wall_without_eyes_but_with_room_lives_and_the_stone_inside_dies():
    # Black has no eye yet: the left area touches white's wall, the right one holds a white
    # stone; white's corner has two.  Black's areas are black's by room, not white's.
    board = grid("""
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . . .
        . . . . X . . O .
        . . . . X . . . .
        . . . . X X . . .
        O O O O O X . . .
        . . . . O X . . .
        . . . . O X . . .
    """)
    assert dead_stones(board) == {board.point("H6")}
    assert "room for two eyes" in chain(board, "H6").reason


def test_a_dead_stone_in_a_territory_whose_wall_has_a_gap():
    # E5 opens black's area onto the neutral points of column F, next to white's living wall:
    # C7 still stands in a zone nearer black than white, larger than its own.
    board = grid("""
        . . . . X . O . .
        . . . . X . O . .
        . . O . X . O . .
        . . . . X . O . .
        . . . . . . O . .
        . . . . X . O . .
        . . . . X . O . .
        . . . . X . O . .
        . . . . X . O . .
    """)
    assert dead_stones(board) == {board.point("C7")}


def test_a_lopsided_board_is_judged_whole():
    board = grid("""
        . X . X .
        X X X X X
        . . . . .
        . O . . .
        . . . . .
    """)
    assert dead_stones(board) == {board.point("B2")}


def test_suicide_rule_reaches_the_theorem():
    board = grid(BLACK_TWO_EYES)
    assert dead_stones(board, suicide=Suicide.MULTI) == frozenset()


# ------------------------------------------------------------------ symmetry

BOARDS = [WHITE_STONE_IN_ATARI, BLACK_THREE_WITHOUT_EYES, BLACK_SQUARE_FOUR, BLACK_LIVES_IN_THE_CORNER, SEKI]


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(BOARDS), st.integers(0, 3), st.booleans(), st.booleans())
def test_rotation_reflection_and_colour_swap_change_nothing(text, turns, mirror, swap):
    board = grid(text)
    moved = board.transformed(turns, mirror)
    if swap:
        moved = moved.colours_swapped()
    # a point's image: the same transformation applied to a board with one stone there
    def image(p: int) -> int:
        marker = board.with_colours({q: Colour.EMPTY for q in range(len(board.points))} | {p: B})
        turned = marker.transformed(turns, mirror)
        return next(q for q in range(len(turned.points)) if turned.colours[q] is B)

    before = {frozenset(image(p) for p in j.stones): (j.dead, j.colour) for j in judge(board)}
    after = {j.stones: (j.dead, j.colour.opponent if swap else j.colour) for j in judge(moved)}
    assert after == before


@pytest.mark.parametrize("text", BOARDS)
def test_judging_twice_gives_the_same(text):
    board = grid(text)
    assert judge(board) == judge(board)


@pytest.mark.parametrize("suicide", [Suicide.ILLEGAL, Suicide.MULTI])
def test_pass_dead_chains_are_the_stones_in_pass_alive_territory(suicide):
    from passalive.definitions.analysis import analyse
    from passalive.go.board import STONE_COLOURS
    from passalive.tools.judgement import _pass_dead

    for text in [*BOARDS, BLACK_TWO_EYES, """
        . X . X O .
        X X X X O .
        . X O X O .
        X X X X O .
        . . . X O .
        . . . X O .
    """, """
        X . X O . O
        . X X O O .
        X X O . O O
        O O O O X X
        . O . O X .
        O . O O X .
    """]:
        board = grid(text)
        analysis = analyse(board, suicide=suicide)
        alive = {i for c in STONE_COLOURS for i in analysis.alive(c)}
        expected = {
            board.chain_of(p) for c in STONE_COLOURS for p in analysis.territory(c) if board.colours[p] is c.opponent
        }
        assert _pass_dead(board, alive, suicide) == expected


def test_a_region_running_off_an_open_side_encloses_nothing():
    from passalive.go.board import Side

    text = """
        . . . . X O . . .
        . . X . X O . . .
        . X O X X O . . .
        . . . . X O . . .
    """
    closed, cut = grid(text), grid(text, open_sides=(Side.BOTTOM,))
    assert dead_stones(closed) == {closed.point("C2")}
    assert dead_stones(cut) == frozenset()
    assert "open side" in chain(cut, "C2").reason


@settings(max_examples=60, deadline=None)
@given(end_of_game_positions(max_size=11, suicide=None), st.integers(0, 3), st.booleans(), st.booleans())
def test_random_positions_keep_the_theorems_and_the_symmetries(board, turns, mirror, swap):
    from passalive.definitions.analysis import analyse

    judgements = judge(board)
    assert [j.stones for j in judgements] == [c.points for c in board.chains]
    alive = {p for c in (B, W) for p in analyse(board).alive_points(c)}
    assert not any(j.dead for j in judgements if j.stones & alive)
    assert all(j.source == "theorem" for j in judgements if j.stones & alive)
    moved = board.transformed(turns, mirror)
    moved = moved.colours_swapped() if swap else moved
    coords = {frozenset(board.coord_of(p) for p in j.stones): j.dead for j in judgements}
    image = {}
    for j in judge(moved):
        image[frozenset(_original(board, moved, turns, mirror, q) for q in j.stones)] = j.dead
    assert image == coords


def _original(board: Board, moved: Board, turns: int, mirror: bool, q: int) -> tuple[int, int]:
    """The coordinate on `board` of point `q` of `board.transformed(turns, mirror)`."""
    width, height = board.size or (0, 0)
    table = {}
    for x in range(width):
        for y in range(height):
            tx, ty, w, h = x, y, width, height
            if mirror:
                tx = w - 1 - tx
            for _ in range(turns % 4):
                tx, ty = h - 1 - ty, tx
                w, h = h, w
            table[(tx, ty)] = (x, y)
    return table[moved.coord_of(q)]


def test_an_empty_board_has_nothing_to_judge():
    assert judge(grid(". . .\n. . .\n. . .")) == ()


def test_rounds_that_run_out_leave_the_rest_alive_and_say_so():
    board = grid(WHITE_STONE_IN_ATARI)
    (c7,) = [j for j in judge(board, rounds=0) if board.point("C7") in j.stones]
    assert not c7.dead and "out of rounds" in c7.reason
