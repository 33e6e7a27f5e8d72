"""The fast front door gives what the general path gives.

`passalive analyse FILE --jsonl` on plain boards and SGF setup positions
takes shortcuts: plain boards read by string methods (`grammar.plain._fast_board`)
into a board whose point objects are made on first use (`Board.from_masks`),
the dead-chain test by bitsets, SGF setup lists read from the scanner's spans
(sgfmill sees one empty value), and the JSON made from bitsets
(`passalive.tools.summary`).  Each shortcut is compared here with the general
path on generated boards, including boards the shortcut must refuse.
"""

from __future__ import annotations

import json
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive.cli.analyse import _entry, _fast_entry
from passalive.cli.collection import Item, json_line
from passalive.definitions.analysis import analyse
from passalive.errors import IllegalPositionError, InputError, PassaliveError
from passalive.go.board import Board, Colour, Mark, MarkKind, Side, _every_chain_breathes
from passalive.go.coords import GTP_LETTERS, Frame
from passalive.go.suicide import Suicide
from passalive.grammar.plain import _fast_board, _read_board_general, read_plain
from passalive.grammar.sgf import read_games
from strategies import random_position

SYMBOL = {Colour.BLACK: "X", Colour.WHITE: "O", Colour.EMPTY: "."}


def random_colours(rng: random.Random, width: int, height: int) -> list[list[Colour]]:
    """Any colours, legal or not (chains without liberties included)."""
    return [[rng.choice(list(Colour)) for _ in range(width)] for _ in range(height)]


@st.composite
def drawn_boards(draw: st.DrawFn) -> tuple[str, int | None, bool]:
    """A plain board as text, in the forms people write: cells with or without
    spaces, `+` star points, lower case, GTP letters above/below, row numbers
    left/right, placed anywhere on a board of `--board-size` (sometimes one too
    small), legal or not."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 9))
    if draw(st.booleans()):
        board = random_position(rng, width, height)
        rows = [[board.colours[y * width + x] for x in range(width)] for y in range(height)]
    else:
        rows = random_colours(rng, width, height)
    column0 = draw(st.integers(0, len(GTP_LETTERS) - width))
    row0 = draw(st.integers(height, 30))
    letters = draw(st.sampled_from(["", "above", "below", "both"]))
    numbers = draw(st.sampled_from(["", "left", "right", "both"]))
    gap = draw(st.sampled_from([" ", "", "\t", "  "]))
    star, lower = draw(st.booleans()), draw(st.booleans())

    def cell(colour: Colour) -> str:
        text = SYMBOL[colour]
        if colour is Colour.EMPTY and star and rng.random() < 0.2:
            return "+"
        return text.lower() if lower and rng.random() < 0.5 else text

    lines = []
    letter_line = "   " + " ".join(GTP_LETTERS[column0 : column0 + width])
    if letters in ("above", "both"):
        lines.append(letter_line)
    for y, row in enumerate(rows):
        line = gap.join(cell(c) for c in row)
        if numbers in ("left", "both"):
            line = f"{row0 - y:2} " + line
        if numbers in ("right", "both"):
            line += f" {row0 - y}"
        lines.append(line)
    if letters in ("below", "both"):
        lines.append(letter_line)
    size = draw(st.sampled_from([None, None, 19, 25, max(width, height), column0 + width, row0]))
    return "\n".join(lines), size, draw(st.booleans())


@settings(max_examples=400, deadline=None)
@given(drawn_boards())
def test_the_fast_plain_reader_reads_what_the_general_reader_reads(drawn):
    text, size, allow_illegal = drawn
    lines = text.splitlines()
    fast = _fast_board(lines, 0, len(lines), "board.txt", allow_illegal, size)
    try:
        general = _read_board_general(lines, 0, len(lines), "board.txt", allow_illegal, size)
    except PassaliveError:  # an illegal position, or a placement past --board-size: refused by both
        assert fast is None
        return
    # every board drawn here is an ordinary one: the fast reader takes it
    assert fast is not None
    assert fast == general
    assert fast.location == general.location
    assert fast.board.colours == general.board.colours and fast.board.masks == general.board.masks
    assert fast.board.dead_chains == general.board.dead_chains


@pytest.mark.parametrize(
    "text",
    [
        "X O\nX O O",  # ragged rows
        "X O\n A B\nO X",  # letters between rows
        "07 X O\n06 O X",  # a leading zero: the general reader reads it
        "3 X O\n1 O X",  # numbers that do not count down
        "   H J\n2 X O\n1 O X",  # fine, but
        "   H I\n2 X O\n1 O X",  # I is no GTP letter
        "X\u00a0O\nO X",  # a space the general reader does not take
        "X\x1fO\nO X",
        "X O\nO X 1 2",
        "X O X\nO X .",  # black X at A2 has no liberty: illegal
        "X\u2009O",
    ],
)
def test_what_the_fast_reader_refuses_the_general_reader_decides(text):
    lines = text.splitlines()
    fast = _fast_board(lines, 0, len(lines), "board.txt", False, None)
    try:
        general = _read_board_general(lines, 0, len(lines), "board.txt", False, None)
    except PassaliveError:
        general = None
    if text.startswith("   H J"):
        assert fast is not None and fast == general
    else:
        assert fast is None
    # and read_plain, fast path first, gives the general reader's answer or its located error
    if general is None:
        with pytest.raises(PassaliveError) as raised:
            read_plain(text, "board.txt")
        assert raised.value.location is not None and raised.value.location.path == "board.txt"
    else:
        assert read_plain(text, "board.txt") == [general]


def test_an_illegal_board_is_located_as_before():
    with pytest.raises(IllegalPositionError) as raised:
        read_plain(". X O X\n. . X .\n", "b.txt")  # the white stone at C2 has no liberty
    assert (raised.value.location.line, raised.value.location.column) == (1, 5)
    (diagram,) = read_plain(". X O X\n. . X .\n", "b.txt", allow_illegal=True)
    assert [chain.points for chain in diagram.board.dead_chains] == [frozenset({2})]


def test_a_cut_out_past_the_board_size_is_located_as_before():
    with pytest.raises(InputError, match="right edge of a 9x9 board") as raised:
        read_plain("   H J K\n3 X O .\n2 . . .\n1 . . .\n", "b.txt", board_size=9)
    assert (raised.value.location.line, raised.value.location.column) == (1, 4)


def test_a_plain_board_with_coordinates_names_its_points_and_open_sides():
    (diagram,) = read_plain("   F G H\n12 X O .\n11 . X .\n10 . . .\n", board_size=19)
    board = diagram.board
    assert board.open_sides == {Side.LEFT, Side.RIGHT, Side.TOP, Side.BOTTOM}
    assert board.name(0) == "F12" and board.names(board.stones(Colour.BLACK)) == ["F12", "G11"]
    assert "points" not in vars(board) or board.points  # made only when asked for
    assert board.points[1].colour is Colour.WHITE


# ------------------------------------------------------------------ Board


@st.composite
def grids(draw: st.DrawFn) -> tuple[list[list[Colour]], dict[tuple[int, int], Mark], Frame, frozenset[Side]]:
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    rows = random_colours(rng, width, height)
    marks = {(x, y): Mark(MarkKind.HOSHI) for x in range(width) for y in range(height) if rng.random() < 0.1}
    frame = draw(st.sampled_from([Frame.full_board(height), Frame(3, 17), Frame()]))
    return rows, marks, frame, frozenset(draw(st.sets(st.sampled_from(list(Side)))))


@settings(max_examples=300, deadline=None)
@given(grids())
def test_a_board_from_masks_is_the_board_from_rows(grid):
    rows, marks, frame, sides = grid
    expected = Board.grid(rows, marks=marks, frame=frame, open_sides=sides)
    width, height = len(rows[0]), len(rows)
    black, white = expected.masks
    board = Board.from_masks(
        black, white, width, height, marks={y * width + x: m for (x, y), m in marks.items()}, frame=frame, open_sides=sides
    )
    # the dead-chain test by bitsets, before any point object exists
    assert board.dead_chains == expected.dead_chains
    assert bool(expected.dead_chains) != _every_chain_breathes(black, white, width, height, sides)
    assert board.colours == expected.colours
    assert board == expected and board.points == expected.points and hash(board) == hash(expected)
    assert pickle.loads(pickle.dumps(Board.from_masks(black, white, width, height, frame=frame))) == Board.grid(rows, frame=frame)


def test_masks_that_are_no_position_are_refused():
    with pytest.raises(ValueError):
        Board.from_masks(1, 1, 2, 2)
    with pytest.raises(ValueError):
        Board.from_masks(1 << 4, 0, 2, 2)


def test_a_board_from_masks_has_no_other_made_up_attribute():
    board = Board.from_masks(0b01, 0b10, 2, 1)
    with pytest.raises(AttributeError):
        getattr(board, "no_such_thing")  # noqa: B009


# -------------------------------------------------------------------- SGF


@st.composite
def setup_records(draw: st.DrawFn) -> str:
    """An SGF setup position, written with the spacing and list forms SGF allows."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    size = draw(st.integers(2, 19))
    board = random_position(rng, size, size)
    letters = "abcdefghijklmnopqrs"
    space = draw(st.sampled_from(["", "", " ", "\n", " \n  "]))

    def values(colour: Colour) -> str:
        points = sorted(board.stones(colour))
        return space.join(f"[{letters[p % size]}{letters[p // size]}]" for p in points)

    black, white = values(Colour.BLACK), values(Colour.WHITE)
    parts = [f"GM[1]SZ[{size}]"]
    if black:
        parts.append("AB" + space + black)
    if white:
        parts.append("AW" + space + white)
    if draw(st.booleans()):
        parts.append(draw(st.sampled_from(["AE[aa]", "C[a comment \\] with a bracket]", "AB[ba:bb]"])))  # may clash: an error
    rng.shuffle(parts)
    tail = draw(st.sampled_from(["", ";B[]", ";W[tt]"]))
    return "(;" + space.join(parts) + tail + ")\n"


def steps(text: str) -> tuple:
    """The first game's steps and warnings, or the error."""
    try:
        (game, *_) = read_games(text.encode("utf-8"), "g.sgf")
    except InputError as error:
        return error.message, str(error.location)
    return game.steps, game.warnings


@settings(max_examples=200, deadline=None)
@given(setup_records())
def test_setup_lists_read_from_the_scanner_are_what_sgfmill_reads(text):
    # a non-ASCII comment anywhere makes read_games hand sgfmill every value
    assert steps(text) == steps(text + "(;C[é])")


@pytest.mark.parametrize(
    "text, where",
    [
        ("(;SZ[9]AB[aa][jj])", "1:14"),  # off the board
        ("(;SZ[9]AB[aa]AW[bb][aa])", "1:14"),  # a point in both lists
        ("(;SZ[9]AB[aa]\n[b])", "2:1"),  # not two letters
        ("(;SZ[9]AB[aa:cc][dd]\n AB[ee])", None),  # a rectangle, and AB twice (a warning)
        ("(;SZ[9]AB[cc:aa])", "1:10"),
        ("(;SZ[9]AB[ a a ])", "1:10"),
    ],
)
def test_setup_lists_keep_their_errors_and_warnings(text, where):
    outcomes: list[tuple[str, Any, Any]] = []  # ("read", steps, warnings) or ("error", message, location)
    for record in (text, text + "(;C[é])"):
        try:
            game = read_games(record.encode("utf-8"), "g.sgf")[0]
            outcomes.append(("read", game.steps, [message for message, _ in game.warnings]))
        except InputError as error:
            outcomes.append(("error", error.message, str(error.location)))
    assert outcomes[0] == outcomes[1]
    if where is None:
        assert outcomes[0][0] == "read" and len(outcomes[0][1][0].black) == 11 and outcomes[0][2]
    else:
        assert outcomes[0][0] == "error" and outcomes[0][2] == "g.sgf:" + where


# ------------------------------------------------------------------- JSON


@settings(max_examples=60, deadline=None)
@given(drawn_boards(), st.sampled_from(list(Suicide)))
def test_a_fast_json_line_is_the_general_entry(drawn, rule):
    text, size, _ = drawn
    try:
        (diagram,) = read_plain(text, "b.txt", board_size=size, allow_illegal=True)
    except PassaliveError:
        return
    item = Item("b.txt", 1, diagram)
    line = _fast_entry(item, rule, None, True)
    assert line is not None
    general = {**item.fields(), **_entry("b.txt", diagram, analyse(diagram.board, suicide=rule), False)}
    assert line == json_line(general)
    assert _fast_entry(item, rule, None, False) == general
    assert json.loads(line)["chains"] == general["chains"]


def test_a_game_position_as_a_json_line_is_the_general_entry():
    text = "(;GM[1]SZ[5]KM[6.5]AB[aa][ba][ca][ab][cb][ac][bc][cc]AW[ea][eb]\n;B[ee];W[];B[])"
    (game,) = read_games(text.encode(), "g.sgf")
    for position in game.positions():
        item = Item("g.sgf", position.node + 1, None, position)
        general = {**item.fields(), **_entry("g.sgf", item.diagram, analyse(position.board), False)}
        assert _fast_entry(item, Suicide.ILLEGAL, None, True) == json_line(general)


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    from passalive.cli import main

    main(args)
    return capsys.readouterr().out


def test_the_json_document_and_lines_of_the_command_are_the_general_entries(tmp_path, capsys):
    text = "   A B C D E\n5 X X X X .\n4 X . X . X\n3 X X X X X\n2 . . . . .\n1 O O O O O\n\nX O .\n. X O\n"
    path = tmp_path / "boards.txt"
    path.write_text(text)
    general = []
    for number, diagram in enumerate(read_plain(text, str(path)), 1):
        item = Item(str(path), number, diagram)
        general.append({**item.fields(), **_entry(str(path), diagram, analyse(diagram.board), False)})
    assert run(["analyse", str(path), "--json"], capsys) == json.dumps({"diagrams": general}, separators=(",", ":")) + "\n"
    pretty = run(["analyse", str(path), "--json", "--pretty"], capsys)
    assert json.loads(pretty) == {"diagrams": general} and pretty.startswith('{\n  "diagrams": [\n    {\n      "file"')
    assert run(["analyse", str(path), "--jsonl"], capsys) == "".join(map(json_line, general))
