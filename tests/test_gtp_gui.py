"""The GUIs' own channels in `passalive gtp` (issue 21, item 4), driven as the GUIs drive it: a subprocess.

* `kata-analyze`/`lz-analyze`/`analyze`, as Lizzie sends them
  (`N kata-analyze 10 ownership true`, then `N+1 name` to stop): `=N`, then
  an `info` line every interval until the next command, which gets its own
  answer after the empty line that ends the stream; the `ownership` field
  is passalive's verdict, checked against `analyse` on a diagram;
* GoGui's `param` command and `gogui-setup`/`gogui-setup_player`;
* the pass-alive suicide rule apart from the rule of play, on KataGo's
  suicide test position (cpp/tests/testpassalivesuicide.cpp, a 4x5 board,
  here with a fifth column of black stones to make it square).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import threading
import time
from collections.abc import Sequence

import pytest

import passalive
from passalive.go.board import Board, Colour
from passalive.tools.gtp import read_fd_lines, read_lines

ENGINE = [sys.executable, "-c", "from passalive.cli import main; main()", "gtp"]

CORNER = """
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . O .
. . . . . . .
X X X X X . .
. X . O X . .
"""
"""A black group with two eyes, one holding a dead white stone; a white stone in the air."""

KATAGO_SUICIDE = """
. . . X X
X X . . X
O X X X X
O O X . X
. X . X X
"""
"""KataGo's pass-alive suicide test position with a column of black stones added on the right."""


def _board(diagram: str) -> Board:
    symbols = {".": "empty", "X": "black", "O": "white"}
    return Board.grid([[symbols[c] for c in row.split()] for row in diagram.strip().splitlines()])


def _setup(board: Board) -> str:
    """`gogui-setup` for every stone of the board, as GoGui sends it."""
    stones = [f"{'B' if board.colours[p] is Colour.BLACK else 'W'} {board.name(p)}"
              for p in range(len(board.points)) if board.colours[p] is not Colour.EMPTY]
    return "gogui-setup " + " ".join(stones)


def _expected(board: Board, suicide: str = "no") -> list[int]:
    """+1/-1/0 in KataGo's order from `analyse`: pass-alive stones and territory of each colour."""
    result = passalive.analyse(board, suicide=suicide)
    black = result.alive_points("black") | result.territory("black")
    white = result.alive_points("white") | result.territory("white")
    assert board.size is not None
    width, height = board.size
    order = [board.at(x, y) for y in range(height) for x in range(width)]
    return [1 if p in black else -1 if p in white else 0 for p in order]


def _order(board: Board) -> list[int]:
    """The points in KataGo's order (row by row from the top left), as `kata-analyze` and GoGui list them."""
    assert board.size is not None
    width, height = board.size
    return [p for y in range(height) for x in range(width) if (p := board.at(x, y)) is not None]


def _ownership(line: str) -> list[int]:
    """The numbers after `ownership` in an info line, as Lizzie reads them (up to the next field, if any)."""
    words = line.split()
    values = []
    for word in words[words.index("ownership") + 1:]:
        try:
            values.append(float(word))
        except ValueError:
            break
    return [int(v) for v in values]


class Session:
    """A `passalive gtp` process, its answers read line by line (an analysis answer has no end of its own)."""

    def __init__(self, argv: Sequence[str] = ()) -> None:
        self.process = subprocess.Popen([*ENGINE, *argv], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True, bufsize=1)
        self.next_id = 1

    def write(self, line: str) -> int:
        """Send a command with the next id (an empty line is sent as it is); its id."""
        assert self.process.stdin is not None
        ident = self.next_id
        self.next_id += 1
        self.process.stdin.write(f"{ident} {line}\n" if line else "\n")
        self.process.stdin.flush()
        return ident

    def line(self) -> str:
        assert self.process.stdout is not None
        text = self.process.stdout.readline()
        if text == "":
            raise EOFError("the engine closed its output")
        return text.rstrip("\n")

    def answer(self) -> str:
        """The lines of one whole response, up to the empty line that ends it."""
        lines: list[str] = []
        while (text := self.line()) != "" or not lines:
            if text:
                lines.append(text)
        return "\n".join(lines)

    def send(self, line: str) -> str:
        ident = self.write(line)
        text = self.answer()
        assert text.startswith(f"={ident}"), (line, text)
        return text[len(f"={ident}"):].strip()

    def close(self) -> None:
        if self.process.poll() is None:
            self.write("quit")
        out, err = self.process.communicate(timeout=60)
        assert self.process.returncode == 0, err
        assert "Traceback" not in err and "Fatal" not in err, err

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _set_up(session: Session, board: Board, to_move: str = "b") -> None:
    assert board.size is not None
    assert session.send(f"boardsize {board.size[0]}") == ""
    assert session.send(_setup(board)) == ""
    assert session.send(f"gogui-setup_player {to_move}") == ""


def test_kata_analyze_streams_the_ownership_of_the_pass_alive_verdict_until_the_next_command() -> None:
    board = _board(CORNER)
    expected = _expected(board)
    assert expected.count(1) == 10 and expected.count(-1) == 0  # 7 pass-alive stones, 3 points of territory
    with Session() as session:
        _set_up(session, board)
        ident = session.write("kata-analyze 5 ownership true")  # what Lizzie sends, every 5 centiseconds
        assert session.line() == f"={ident}"
        first = session.line()
        assert first.startswith("info move pass visits 1 ")
        assert _ownership(first) == expected
        time.sleep(1.0)
        stop = session.write("name")  # Lizzie's way to stop an analysis
        repeated = []
        while (text := session.line()) != "":
            repeated.append(text)
        assert len(repeated) >= 2 and set(repeated) == {first}  # the same verdict, again every interval
        assert session.answer() == f"={stop} passalive"
        assert session.send("protocol_version") == "2"  # the engine listens as before


def test_the_ownership_is_for_the_player_of_the_analysis_as_katago_gives_it() -> None:
    board = _board(CORNER)
    expected = _expected(board)
    with Session() as session:
        _set_up(session, board, to_move="w")
        for command, sign in (("kata-analyze ownership true", -1), ("kata-analyze b ownership true", 1),
                              ("kata-analyze white 0 ownership true", -1)):
            ident = session.write(command)
            assert session.line() == f"={ident}"
            assert _ownership(session.line()) == [sign * v for v in expected], command
            session.write("")  # an empty line stops it too
            assert session.line() == ""
        assert session.send("passalive-param ownership_perspective black") == ""
        session.write("kata-analyze w ownership true")
        session.line()
        assert _ownership(session.line()) == expected  # +1 black, whoever is to move
        session.write("")
        assert session.line() == ""


def test_lz_analyze_and_sabakis_analyze_have_their_formats() -> None:
    board = _board(CORNER)
    with Session() as session:
        _set_up(session, board)
        ident = session.write("lz-analyze 100")
        assert session.line() == f"={ident}"
        assert session.line() == "info move pass visits 1 winrate 5000 prior 10000 lcb 5000 order 0 pv pass"
        ident = session.write("analyze b 100 ownership true rootInfo true")
        assert session.line() == ""  # the end of the first answer, then the second
        assert session.line() == f"={ident}"
        line = session.line()
        assert " rootInfo visits 1 " in line and " winrate 0.5 " in line
        numbers = line.split("ownership ")[1].split()
        assert len(numbers) == 49 and all("." in n for n in numbers)  # Sabaki's format: always a point
        session.write("")
        assert session.line() == ""
        for bad in ("kata-analyze ownership maybe", "kata-analyze nonsense true", "kata-analyze interval",
                    "kata-analyze interval 1e99", "lz-analyze avoid b"):
            ident = session.write(bad)
            assert session.answer().startswith(f"?{ident} "), bad


def test_the_end_of_the_input_ends_an_open_analysis_answer() -> None:
    done = subprocess.run(ENGINE, input="boardsize 3\n1 kata-analyze 1000 ownership true\n", capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("=1\ninfo move pass visits 1 " + done.stdout.split("visits 1 ", 1)[1].split("\n")[0]
                                + "\n\n")
    assert "ownership 0 0 0 0 0 0 0 0 0\n\n" in done.stdout


def test_gogui_param_lists_every_setting_and_sets_one_at_a_time() -> None:
    with Session() as session:
        listed = session.send("passalive-param").splitlines()
        keys = [line.split("] ")[1].split()[0] for line in listed]
        assert keys == ["variant", "suicide", "pass_alive_suicide", "territory", "ownership", "ownership_perspective"]
        assert all(line.startswith("[list/") for line in listed)
        assert "[list/same/no/multi/all] pass_alive_suicide same" in listed
        assert session.send("passalive-param territory katago") == ""
        assert "] territory katago" in session.send("passalive-param")
        for bad in ("passalive-param colour red", "passalive-param suicide sometimes", "passalive-param variant"):
            ident = session.write(bad)
            assert session.answer().startswith(f"?{ident} "), bad
        assert session.send("passalive-param variant benson") == ""
        ident = session.write("passalive-param pass_alive_suicide multi")  # benson is defined without suicide only
        assert "benson" in session.answer()
        assert session.send("passalive-pass-alive-suicide") == "same"  # and nothing changed
        menu = session.send("gogui-analyze_commands").splitlines()
        assert menu[0].startswith("param/") and menu[0].endswith("/passalive-param")
        assert len(menu) == 8


def test_the_pass_alive_suicide_rule_apart_from_the_rule_of_play_gives_katagos_two_answers() -> None:
    board = _board(KATAGO_SUICIDE)
    no, multi = _expected(board, "no"), _expected(board, "multi")
    white = next(p for p in range(len(board.points)) if board.colours[p] is Colour.WHITE)
    index = [board.at(x, y) for y in range(5) for x in range(5)].index(white)
    assert (no[index], multi[index]) == (1, 0)  # KataGo: a white stone in black's area only when suicide is illegal
    with Session() as session:
        _set_up(session, board)
        for rule, expected in (("same", no), ("multi", multi), ("no", no)):
            assert session.send(f"passalive-pass-alive-suicide {rule}") == ""
            session.write("kata-analyze ownership true")
            session.line()
            assert _ownership(session.line()) == expected, rule
            session.write("")
            session.line()
        # the rule of play is still "no": a black suicide stays illegal
        assert session.send("passalive-pass-alive-suicide multi") == ""
        ident = session.write("play w A1")
        assert session.answer() == f"?{ident} illegal move"
    with Session(["--pass-alive-suicide", "multi"]) as session:  # the same from the command line
        _set_up(session, board)
        session.write("kata-analyze ownership true")
        session.line()
        assert _ownership(session.line()) == multi
        session.write("")
        session.line()


def test_gogui_setup_places_stones_and_refuses_what_is_not_a_position() -> None:
    with Session() as session:
        assert session.send("boardsize 5") == ""
        assert session.send("gogui-setup B A1 W B1 b C3") == ""
        board = session.send("showboard")
        assert "1 X O . . . 1" in board and "3 . . X . . 3" in board
        for bad in ("gogui-setup B", "gogui-setup R A1", "gogui-setup B Z9", "gogui-setup W A2",
                    "gogui-setup_player red", "gogui-setup_player"):
            ident = session.write(bad)
            assert session.answer().startswith(f"?{ident} "), bad  # W A2 would leave A1 without liberties
        assert session.send("undo") == ""  # the setup is one step of the history
        assert "1 . . . . . 1" in session.send("showboard")


def test_ownership_from_the_unconditional_and_the_scorer_statuses() -> None:
    board = _board(CORNER)
    with Session(["--ownership", "unconditional"]) as session:
        _set_up(session, board)
        gfx = session.send("passalive-ownership")
        assert gfx.startswith("INFLUENCE ") and "TEXT ownership (unconditional): black 10 points, white 0" in gfx
        assert session.send("passalive-param ownership score") == ""
        # the scorer's statuses: D1 pass-dead in black's eye, F4 alone in black's area judged dead, so that
        # every point of the board is black's (the unconditional statuses leave F4 and the open area to nobody)
        game = passalive.score_game(board)
        assert sorted(board.names(p for chain in game.dead for p in chain.stones)) == ["D1", "F4"]
        gfx = session.send("passalive-ownership")
        influence, text = gfx.split("\n")
        assert influence == "INFLUENCE " + " ".join(f"{board.name(p)} 1" for p in _order(board))
        assert text == "TEXT ownership (score): black 49 points, white 0"
        session.write("kata-analyze w ownership true")  # white to analyse: KataGo's sign, -1 on black's points
        session.line()
        assert _ownership(session.line()) == [-1] * 49


@pytest.mark.parametrize("data", [
    b"", b"name\n", b"name", b"a\r\nb\n\nc", b"x" * 70_000 + b"\nname\n", b"y" * 200_000, b"z" * 65_536 + b"\n",
])
def test_the_descriptor_reader_reads_lines_as_the_stream_reader_does(data: bytes) -> None:
    read, write = os.pipe()

    def writer() -> None:
        view = memoryview(data)
        while view:
            view = view[os.write(write, view):]
        os.close(write)

    thread = threading.Thread(target=writer)
    thread.start()
    got = list(read_fd_lines(read))
    thread.join()
    os.close(read)
    assert got == list(read_lines(io.BytesIO(data)))
