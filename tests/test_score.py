"""Seki-aware scoring: every example of the blog post as a diagram with its
expected result, the post's definitions, the strict rule, Benson's guard,
and symmetry under rotation, reflection and colour swap."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import labelled_grid, labels, relabel
from passalive.definitions.analysis import analyse
from passalive.go.board import STONE_COLOURS, Board, Colour, MarkKind
from passalive.cli.score import command as score_command
from passalive.errors import InputError
from passalive.grammar.read import parse_diagrams, read_diagrams
from passalive.tools.score import (
    check_diagram,
    controlled_regions,
    eye_value,
    expansions,
    false_ish_points,
    read_score_claim,
    score,
)

EXAMPLES = Path(__file__).resolve().parent.parent / "examples" / "scoring-seki.txt"
DIAGRAMS = read_diagrams(EXAMPLES)
B, W = Colour.BLACK, Colour.WHITE


def by_title(title: str) -> Board:
    return next(d.board for d in DIAGRAMS if d.title.startswith(title))


def names(board: Board, points) -> set[str]:
    return set(board.names(points))


def labelled(board: Board, letter: str) -> list[int]:
    return [p.id for p in board.points if p.mark is not None and p.mark.kind is MarkKind.LABEL and p.mark.text == letter]


def label(board: Board, letter: str) -> int:
    return labelled(board, letter)[0]


# ------------------------------------------------------------ the post's examples


@pytest.mark.parametrize("d", DIAGRAMS, ids=[d.title for d in DIAGRAMS])
def test_post_example_agrees_with_its_expected_lines(d):
    assert d.annotations_named("SCORE"), "every example states its result"
    assert check_diagram(d) == []


@pytest.mark.parametrize("d", DIAGRAMS, ids=[d.title for d in DIAGRAMS])
def test_post_example_scores_alike_turned_mirrored_and_colour_swapped(d):
    def summary(result, swap):
        order = (W, B) if swap else (B, W)
        return [len(result.territory[c]) for c in order], sorted((len(r.points), r.colour is order[0]) for r in result.seki)

    expected = summary(score(d.board), False)
    for rotations in range(4):
        for reflect in (False, True):
            for swap in (False, True):
                moved = d.board.transformed(rotations, reflect)
                moved = moved.colours_swapped() if swap else moved
                assert summary(score(moved), swap) == expected, (rotations, reflect, swap)


def test_corner_seki_discounts_both_eyes_and_keeps_outside_territory():
    board = by_title("A corner seki")
    result = score(board)
    assert {(r.colour, tuple(board.names(r.points))) for r in result.seki} == {(B, ("A6",)), (W, ("D6",))}
    assert result.neutral == {board.point("A4")}
    assert result.points == {B: 11, W: 0}


def test_two_one_eyed_groups_sharing_a_neutral_point():
    board = by_title("Seki with two 1-eyed groups")
    result = score(board)
    assert names(board, result.seki_points) == {"D6", "H6"}
    assert names(board, result.neutral) == {"F6"}


def test_strict_rule_discounts_a_three_eyed_group():
    board = by_title("Example showing the problem with strict seki")
    assert analyse(board).alive(W), "the white group is pass-alive"
    relaxed, strict = score(board), score(board, strict_seki=True)
    assert len(relaxed.territory[W]) == 3
    assert len(strict.territory[W]) == 0 and len(strict.territory[B]) == 0
    assert names(board, strict.seki_points) >= {"C4", "E4", "G4"}


def first_capture(board: Board, local: frozenset[int], attacker: Colour, to_move: Colour) -> bool:
    """Whether `attacker` can force the first capture on the board, both
    sides playing only on the `local` empty points (no suicide) or passing,
    the game over after two passes in a row.  Exhaustive: no point is freed
    before the first capture, so every line is finite."""
    adjacency = board.adjacency

    def free(colours: tuple[Colour, ...], p: int) -> bool:
        seen, stack = {p}, [p]
        while stack:
            for r in adjacency[stack.pop()]:
                if colours[r] is Colour.EMPTY:
                    return True
                if colours[r] is colours[p] and r not in seen:
                    seen.add(r)
                    stack.append(r)
        return False

    @cache
    def wins(colours: tuple[Colour, ...], mover: Colour, passed: bool) -> bool:
        values = [wins(colours, mover.opponent, True) if not passed else False]
        for p in local:
            if colours[p] is not Colour.EMPTY:
                continue
            after = colours[:p] + (mover,) + colours[p + 1 :]
            if any(after[q] is mover.opponent and not free(after, q) for q in adjacency[p]):
                values.append(mover is attacker)
            elif free(after, p):
                values.append(wins(after, mover.opponent, False))
        return any(values) if mover is attacker else all(values)

    return wins(tuple(board.colours), to_move, False)


def is_local_seki(board: Board, local: set[str]) -> bool:
    """Neither side, moving first or second, can force a capture on `local`."""
    points = frozenset(board.point(n) for n in local)
    return not any(first_capture(board, points, attacker, first) for attacker in STONE_COLOURS for first in STONE_COLOURS)


def test_the_false_eyes_example_is_a_seki_in_which_black_can_never_fill_them():
    board = by_title("Seki with 2 false eyes")
    a, b = label(board, "a"), label(board, "b")
    assert is_local_seki(board, {"A7", "C7", "A5", "C5"})
    for p in (a, b):  # a black stone on a false eye has no liberty and captures nothing
        filled = board.with_colours({p: B})
        assert not any(c.liberties for c in filled.chains if p in c.points)
        assert all(c.liberties for c in filled.chains if c.colour is W)


def test_the_search_finds_a_kill_in_a_dead_corner():
    """The earlier rebuild of the false-eyes example: the same fills, but
    Black kills the white corner, so the search is not always "seki"."""
    board = parse_diagrams(
        """$$ Dead
$$ +-------------+
$$ | a O b O X . |
$$ | O X O O X . |
$$ | . X . O X . |
$$ | . X . O X . |
$$ +-------------+
"""
    )[0].board
    local = frozenset(board.point(n) for n in ("A4", "C4", "A2", "A1", "C2", "C1"))
    assert first_capture(board, local, B, B)
    assert not is_local_seki(board, {"A4", "C4", "A2", "A1", "C2", "C1"})


def test_false_eyes_that_can_never_be_filled_are_filled_by_the_scorer():
    board = by_title("Seki with 2 false eyes")
    a, b = label(board, "a"), label(board, "b")
    assert {a, b} <= false_ish_points(board)
    # counted as they stand, the two false eyes share a block: two eyes
    (expansion,) = [e for e in expansions(board) if a in e]
    assert expansion == {a, b}
    assert sum(r.eyes for r in controlled_regions(board) if r.owner is W) == 2
    for phases in ((0,), (1,), (0, 1)):
        result = score(board, phases=phases)
        assert result.false_eyes == {a, b}, phases
        assert not result.territory[W] and not result.seki, phases
    assert names(board, score(board).neutral) == {"A7", "C7"}


def test_false_ish_is_not_false_while_no_block_can_be_captured():
    board = by_title("2 false-ish eyes that aren't false")
    a, b = label(board, "a"), label(board, "b")
    assert {a, b} <= false_ish_points(board)
    assert {a, b} <= score(board).territory[W]


def test_worked_example_fills_b_then_a_and_leaves_one_eye_in_seki():
    board = by_title("False-ish eyes that become false")
    a, b = label(board, "a"), label(board, "b")
    result = score(board)
    assert result.false_eyes == {a, b}
    assert names(board, result.seki_points) == {"A5"}
    # b alone qualifies at first: only the block beside b is in atari
    assert b in false_ish_points(board) and a in false_ish_points(board)


def test_simple_false_ish_corner_point_stays_territory_when_nothing_is_capturable():
    board = by_title("Simple false-ish eye in the corner")
    a9 = board.point("A9")
    assert a9 in false_ish_points(board)
    assert a9 in score(board).territory[W]


def test_obvious_capture_point_is_filled_whatever_the_colour_of_the_neutral_corner():
    board = by_title("Marked false eye point due to an obvious capture")
    a5 = board.point("A5")
    for phases in ((0,), (1,), (0, 1)):
        result = score(board, phases=phases)
        assert result.false_eyes == {a5}, phases


def test_snapback_is_not_read():
    board = by_title("Snapback example")
    a, b = label(board, "a"), label(board, "b")
    assert b in false_ish_points(board)
    assert {a, b} <= score(board).territory[W]


@pytest.mark.parametrize(
    "title, joined",
    [
        ("Two 1-eyed white groups that can always connect", True),
        ("Two 1-eyed groups separated by a bamboo joint", True),
        ("Two 1-eyed groups separated by a 1-by-2 region", False),
        ("Two 1-eyed groups separated by a 2-by-2 region", False),
        ("A region of 3 intersections separating", False),
        ("Another region of 3 intersections", False),
    ],
)
def test_checkered_fill_joins_gaps_of_one_and_never_gaps_of_two(title, joined):
    board = by_title(title)
    for phase in (0, 1):
        result = score(board, phases=(phase,))
        assert bool(result.territory[W]) is joined, phase


@pytest.mark.parametrize(
    "title, black_first, white_first",
    [
        ("Two 1-eyed groups separated by a 1-by-2 region", True, True),
        ("Two 1-eyed groups separated by a 2-by-2 region", False, False),
        ("A region of 3 intersections separating", True, False),
        ("Another region of 3 intersections", True, True),
    ],
)
def test_gap_examples_in_play(title, black_first, white_first):
    """What the gap examples are in play: whether Black can force a capture
    when Black moves first, and when White does (the scorer discounts all)."""
    board = by_title(title)
    local = frozenset(p.id for p in board.points if p.colour is Colour.EMPTY and board.coord_of(p.id)[1] < 2)
    assert first_capture(board, local, B, B) is black_first
    assert first_capture(board, local, B, W) is white_first
    assert not score(board).territory[W]


def test_a_single_point_gap_depends_on_the_phase_and_both_phases_connect():
    board = by_title("Two 1-eyed groups with 1 empty intersection")
    one_phase = [len(score(board, phases=(phase,)).territory[W]) for phase in (0, 1)]
    assert sorted(one_phase) == [0, 2]
    assert len(score(board).territory[W]) == 2


def test_bamboo_joint_seki_is_a_seki():
    board = by_title("Seki where both sides could connect out")
    local = {"A2", "C2", "E2", "B5", "B4", "G2", "H2"}
    assert is_local_seki(board, local)
    # whoever plays the shared point C2 is captured at once
    for colour in STONE_COLOURS:
        played = board.with_colours({board.point("C2"): colour})
        assert first_capture(played, frozenset(played.point(n) for n in local), colour.opponent, colour.opponent)
    # without Black's bamboo joint (G1-H1), White connects out and kills
    open_joint = board.with_colours({board.point(n): Colour.EMPTY for n in ("G1", "H1")})
    assert first_capture(open_joint, frozenset(open_joint.point(n) for n in local | {"G1", "H1"}), W, B)
    # a black stone on an a point is answered on the other; so for b
    for mine, other, colour in (("B5", "B4", B), ("B4", "B5", B), ("G2", "H2", W), ("H2", "G2", W)):
        cut = board.with_colours({board.point(mine): colour, board.point(other): colour.opponent})
        assert names(cut, score(cut).seki_points) == {"A2", "E2"}, mine


def test_grey_stones_would_lose_the_seki_but_checkered_fills_keep_it():
    board = by_title("Seki where both sides could connect out")
    a, b = labelled(board, "a"), labelled(board, "b")
    assert names(board, a) == {"B5", "B4"} and names(board, b) == {"G2", "H2"}
    # grey stones act as black for Black and as white for White: with the a
    # points joined to Black's outside group (or the b points to White's), the
    # inner group's eye counts
    black_joined = board.with_colours({p: B for p in a})
    white_joined = board.with_colours({p: W for p in b})
    assert board.point("A2") in score(black_joined).territory[B]
    assert board.point("E2") in score(white_joined).territory[W]
    for phase in (0, 1):
        result = score(board, phases=(phase,))
        assert names(board, result.seki_points) == {"A2", "E2"}, phase
        assert names(board, result.neutral) == {"B5", "B4", "C2", "G2", "H2"}


# ---------------------------------------------------------------- definitions


def test_blocks_and_regions_of_the_5x5_board():
    board = by_title("Board position to show blocks")
    assert sorted(len(board.chains_of(c)) for c in STONE_COLOURS) == [1, 3]
    owners = sorted(r.owner.value for r in controlled_regions(board))
    assert owners == ["black", "white"]


def test_expansion_joins_regions_that_share_no_block():
    board = by_title("Board position to show expansion")
    a, b, c, d = (label(board, x) for x in "abcd")
    (expansion,) = [e for e in expansions(board) if a in e]
    assert {a, b, c, d} <= expansion
    blocks = {p: {board.chain_at[q] for q in board.adjacency[p]} for p in (a, c)}
    assert not blocks[a] & blocks[c]


def test_two_regions_sharing_the_centre_block_are_one_expansion():
    board = by_title("Two white regions that are adjacent")
    (expansion,) = expansions(board)
    assert len(expansion) == 12
    assert len([r for r in controlled_regions(board)]) == 2


def test_a_fixed_fill_colour_cuts_or_joins_where_the_checkered_fill_always_joins():
    board = by_title("Two 1-eyed white groups that can always connect")
    neutral = score(board).neutral
    assert len(neutral) == 3
    black = board.with_colours({p: B for p in neutral})
    white = board.with_colours({p: W for p in neutral})
    assert len(score(black).territory[W]) == 0 and names(black, score(black).seki_points) == {"A5", "J5"}
    assert len(score(white).territory[W]) == 2


def test_three_regions_sharing_a_block_are_one_expansion():
    board = by_title("Marked A, B, C white regions")
    assert {label(board, x) for x in "abc"} in [set(e) for e in expansions(board)]


def test_boundary_lengths_and_eye_values_of_the_posts_shapes():
    square = next(r for r in controlled_regions(by_title("A square-four region in the corner")) if r.owner is W)
    assert (square.boundary_length, square.square_four, square.eyes) == (8, True, 1.0)
    three = next(r for r in controlled_regions(by_title("A straight-three region on the side")) if r.owner is W)
    assert (three.boundary_length, three.square_four, three.curved_four, three.eyes) == (8, False, False, 1.5)


def test_eye_value_table():
    assert [eye_value(n, False, False) for n in (2, 6, 7, 8, 9, 10, 14)] == [1, 1, 1.5, 1.5, 2, 2, 2]
    assert eye_value(8, True, False) == 1 and eye_value(8, False, True) == 2 and eye_value(9, True, False) == 1.5


def test_every_corner_and_edge_counts_alike():
    """A one-point eye in each corner and on each edge has the same boundary
    length as one in the middle: 4."""
    board = parse_diagrams(
        """$$ Eyes everywhere
$$ +-----------+
$$ | . O . O . |
$$ | O O O O O |
$$ | . O . O . |
$$ | O O O O O |
$$ | . O . O . |
$$ +-----------+
"""
    )[0].board
    lengths = {tuple(board.names(r.points)): r.boundary_length for r in controlled_regions(board)}
    assert len(lengths) == 9 and set(lengths.values()) == {4}


def test_curved_four_in_every_orientation():
    for rotations in range(4):
        for reflect in (False, True):
            board = Board.grid(
                [[W if c == "O" else None if c == "_" else Colour.EMPTY for c in row] for row in ("OOOOO", "O.OOO", "O.OOO", "O..OO", "OOOOO")]
            ).transformed(rotations, reflect)
            (region,) = controlled_regions(board)
            assert region.curved_four and not region.square_four


# ------------------------------------------------------------------ the guard


def test_benson_guard_keeps_pass_alive_territory():
    board = by_title("Benson's guard")
    e4 = board.point("E4")
    assert e4 in score(board).territory[W]
    assert e4 in score(board).guarded
    assert e4 not in score(board, guard=False).territory[W]


# ---------------------------------------------------------------- inputs


def test_dead_stone_points_count_as_territory_and_prisoners():
    board = by_title("A square-four region in the corner")
    result = score(board, [board.point("C5")])
    assert len(result.dead) == 5
    assert result.points[B] == len(result.territory[B]) + 5 == 23
    area = score(board, [board.point("C5")], rules="area")
    assert area.points[B] == len(area.territory[B]) + len(board.stones(B))


def test_captures_are_added_under_japanese_counting():
    board = by_title("A corner seki")
    assert score(board, captures={B: 3, W: 2}).points == {B: 14, W: 2}


def test_bad_inputs_are_input_errors():
    board = by_title("A corner seki")
    with pytest.raises(InputError):
        score(board, [board.point("A6")])
    with pytest.raises(InputError):
        score(board, rules="chinese")
    with pytest.raises(InputError):
        score(board, phases=())


def test_bad_score_line_points_at_the_item():
    text = """$$ Bad
$$ +-------+
$$ | . X . |
$$ | X . X |
$$ | . X . |
$$ +-------+
$$ {SCORE black=x}
"""
    d = parse_diagrams(text, "bad.txt")[0]
    with pytest.raises(InputError) as error:
        read_score_claim(d.annotations_named("SCORE")[0], d.board)
    assert error.value.location is not None and error.value.location.column == 17


# ---------------------------------------------------------------- symmetry


CELL = st.sampled_from([B, B, W, W, Colour.EMPTY, Colour.EMPTY, Colour.EMPTY])


@st.composite
def finished(draw):
    """A random legal board (chains without liberties removed) with labels,
    and some stones marked dead."""
    width, height = draw(st.integers(2, 8)), draw(st.integers(2, 8))
    rows = [[draw(CELL) for _ in range(width)] for _ in range(height)]
    board = labelled_grid(rows)
    board = board.with_colours({p: Colour.EMPTY for c in board.dead_chains for p in c.points})
    stones = sorted(p for p in range(len(board.points)) if board.colours[p] is not Colour.EMPTY)
    dead = draw(st.lists(st.sampled_from(stones), max_size=2)) if stones else []
    return board, dead


@settings(max_examples=120, deadline=None)
@given(finished(), st.integers(0, 3), st.booleans(), st.booleans(), st.booleans())
def test_score_moves_with_rotation_reflection_and_colour_swap(case, rotations, reflect, swap, strict):
    board, dead = case
    moved = board.transformed(rotations, reflect)
    if swap:
        moved = moved.colours_swapped()
    before = score(board, dead, strict_seki=strict)
    after = score(moved, relabel(board, moved, dead), strict_seki=strict)
    for c in STONE_COLOURS:
        c2 = c.opponent if swap else c
        assert labels(board, before.territory[c]) == labels(moved, after.territory[c2])
        assert before.points[c] == after.points[c2]
    assert labels(board, before.seki_points) == labels(moved, after.seki_points)
    assert labels(board, before.false_eyes) == labels(moved, after.false_eyes)


@settings(max_examples=80, deadline=None)
@given(finished(), st.integers(-3, 3), st.integers(-3, 3))
def test_a_shape_scores_the_same_wherever_it_lies(case, dx, dy):
    """Place the board at another offset inside a larger grid of holes: every
    point keeps its neighbourhood, only the parity of its coordinates (the
    checkered pattern) changes."""
    board, dead = case
    width, height = board.size
    ox, oy = 3 + dx, 3 + dy
    rows: list[list[Colour | None]] = [[None] * (width + 7) for _ in range(height + 7)]
    marks = {}
    for p in board.points:
        x, y = p.coord
        rows[y + oy][x + ox] = p.colour
        marks[(x + ox, y + oy)] = p.mark
    moved = Board.grid(rows, marks=marks)
    before, after = score(board, dead), score(moved, relabel(board, moved, dead))
    for c in STONE_COLOURS:
        assert labels(board, before.territory[c]) == labels(moved, after.territory[c])
    assert labels(board, before.seki_points) == labels(moved, after.seki_points)


@settings(max_examples=80, deadline=None)
@given(finished())
def test_benson_guard_only_matters_with_unmarked_dead_stones_in_eyes(case):
    """Every controlled region bordered only by pass-alive chains is territory
    (with the guard, by construction); without the guard, it still is unless a
    neutral point lies in a region of the pass-alive chains' colour that holds
    opponent stones (an unmarked dead stone, as in the guard example)."""
    board, dead = case
    live = board.with_colours({p: Colour.EMPTY for d in dead for p in board.chains[board.chain_at[d]].points})
    analysis = analyse(live)
    with_guard, without = score(board, dead), score(board, dead, guard=False)
    for r in controlled_regions(live):
        bordering = {c for p in r.points for q in live.adjacency[p] if (c := live.chain_at[q]) is not None}
        if bordering <= analysis.alive(r.owner):
            assert r.points <= with_guard.territory[r.owner]
            invaded = any(
                region.points - region.empty
                for region in live.regions(r.owner)
                if region.chains & bordering and region.empty & without.neutral
            )
            if not invaded:
                assert r.points <= without.territory[r.owner]


# --------------------------------------------------------------------- CLI


def test_cli_prints_map_and_checks_expected_lines():
    result = CliRunner().invoke(score_command, [str(EXAMPLES), "--check"])
    assert result.exit_code == 0, result.output
    assert "seki (white eyes not counted): D6" in result.output


def test_cli_json_shape():
    result = CliRunner().invoke(score_command, [str(EXAMPLES), "--json", "--rules", "area"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    corner = next(d for d in document["diagrams"] if d["title"] == "A corner seki")
    assert set(corner) >= {"title", "territory", "seki_regions", "seki", "score", "map", "chains"}
    assert corner["territory"] == {"black": 11, "white": 0}
    assert corner["seki_regions"] == [{"colour": "black", "points": ["A6"]}, {"colour": "white", "points": ["D6"]}]
    assert corner["map"][0] == "sXOsOX"
    # area counting counts the seki group's eye A6 for black: it is surrounded by black stones
    assert corner["score"]["black"] == 11 + 1 + sum(row.count("X") for row in corner["map"])
    # the chains next to the seki eyes are in seki (whole chains, GTP names): no proof reaches them (the area is too
    # big to search), and the diagram's {SCORE} line names every dead stone, so they are given alive, in seki
    in_seki = [chain for chain in corner["chains"] if chain["stones"] in corner["seki"]]
    assert len(in_seki) == 2 and all((c["status"], c["evidence"]) == ("seki", "given") for c in in_seki)


def test_cli_dead_option_and_bad_dead_point(tmp_path):
    path = tmp_path / "one.txt"
    path.write_text(
        """$$ One
$$ +-----------+
$$ | . . O X . |
$$ | . . O X . |
$$ | O O O X . |
$$ | X X X X . |
$$ | . . . . . |
$$ +-----------+
"""
    )
    result = CliRunner().invoke(score_command, [str(path), "--dead", "C5", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["diagrams"][0]["score"] == {"black": 23, "white": 0}
    bad = CliRunner().invoke(score_command, [str(path), "--dead", "A5"])
    assert bad.exit_code != 0
