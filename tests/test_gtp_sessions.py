"""Random GTP sessions against a model: the engine answers every command, and its board is a replay
of the moves it accepted (issue 24, item 6).

A hypothesis `RuleBasedStateMachine` sends `passalive gtp`'s engine (in this
process, through `handle_bytes`, the same entry as its standard input)
random sessions: board sizes, moves, passes, undos, `loadsgf` of real and
of refused files, komi, analyses, and junk (bytes that are not UTF-8,
unknown commands, bad numbers).  After every command:

* the engine answered (`=` or `?`, the command's id echoed, an empty line
  at the end, never `internal error`);
* its board equals the model's: a replay of the accepted moves (and of the
  loaded records' setup and moves) by sgfmill's board, an implementation
  of the capture rule independent of passalive's;
* a refused move had a reason the model sees (an occupied point, a
  suicide, the simple ko), and an accepted one was none of these.

The default is 200 sessions (a few seconds); PASSALIVE_GTP_SESSIONS=N runs N.
"""

from __future__ import annotations

import os
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from sgfmill import boards, sgf

from passalive.go.board import Colour
from passalive.tools.gtp import GtpEngine

SESSIONS = int(os.environ.get("PASSALIVE_GTP_SESSIONS", "200"))
GAMES = Path(__file__).parent / "data" / "games"
RECORDS = ["ko.sgf", "ko-threat.sgf", "suicide-sui1.sgf", "handicap.sgf", "variations.sgf", "two-games.sgf"]
"""Small real records `loadsgf` must read (sgfmill reads their main lines independently)."""
REFUSED = ["/dev/zero", "/nonexistent.sgf", str(GAMES / "broken.sgf"), str(GAMES)]
"""Files `loadsgf` must refuse, leaving the position as it was."""
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
SYMBOL = {"b": Colour.BLACK, "w": Colour.WHITE, None: Colour.EMPTY}


Ko = tuple[tuple[int, int], str] | None
"""The point the next move may not take back by the simple ko rule, and who may not."""


def _record(name: str) -> tuple[int, list[tuple[boards.Board, Ko, bool]]]:
    """A record's board size, and after every node of its main line, as sgfmill plays it (setup,
    then the move): the board, its ko, and whether the node holds a move."""
    game = sgf.Sgf_game.from_bytes((GAMES / name).read_bytes())
    size = game.get_size()
    board = boards.Board(size)
    nodes = []
    for node in game.get_main_sequence():
        black, white, empty = node.get_setup_stones()
        for colour, points in (("b", black), ("w", white), (None, empty)):
            for row, col in points:
                board.board[row][col] = colour
        colour, move = node.get_move()
        ko: Ko = None
        if colour is not None and move is not None and board.get(*move) is None:  # an occupied point: not played
            point = board.play(move[0], move[1], colour)
            ko = (point, "w" if colour == "b" else "b") if point is not None else None
        nodes.append((board.copy(), ko, colour is not None))
    return size, nodes


class GtpSession(RuleBasedStateMachine):
    """One engine, one model: `snapshots` is the board after each accepted step, `kos` the ko point each left."""

    def __init__(self) -> None:
        super().__init__()
        self.engine = GtpEngine(size=5)
        self.size = 5
        self.snapshots = [boards.Board(5)]
        self.kos: list[Ko] = [None]
        self.next_id = 1

    # ------------------------------------------------------------ helpers

    def send(self, command: bytes) -> str:
        """The engine's answer to `command` (with an id), checked to be a well-formed GTP response."""
        ident = self.next_id
        self.next_id += 1
        answer = self.engine.handle_bytes(f"{ident} ".encode() + command)
        assert answer is not None, command
        assert answer[:1] in "=?" and answer.endswith("\n\n") and "\n\n" not in answer[:-2], (command, answer)
        assert answer[1:].startswith(str(ident)), (command, answer)
        assert "internal error" not in answer, (command, answer)
        return answer

    def reset(self, size: int) -> None:
        self.size = size
        self.snapshots = [boards.Board(size)]
        self.kos = [None]

    def vertex(self, row: int, col: int) -> str:
        return f"{LETTERS[col]}{row + 1}"

    # ------------------------------------------------------------- rules

    @rule(size=st.sampled_from([2, 3, 3, 4, 4, 4, 5, 5, 7, 9]))  # small boards: captures, kos; sgfmill has no 1x1
    def boardsize(self, size: int) -> None:
        assert self.send(f"boardsize {size}".encode()).startswith("=")
        self.reset(size)

    @rule(text=st.sampled_from(["0", "26", "-1", "x", "\u0663", "9" * 400, "9 9", ""]))
    def bad_boardsize(self, text: str) -> None:
        assert self.send(f"boardsize {text}".encode()).startswith("?")

    @rule()
    def clear_board(self) -> None:
        assert self.send(b"clear_board").startswith("=")
        self.reset(self.size)

    @rule(colour=st.sampled_from("bw"), data=st.data())
    def play(self, colour: str, data: st.DataObject) -> None:
        row = data.draw(st.integers(0, self.size - 1), label="row")
        col = data.draw(st.integers(0, self.size - 1), label="col")
        board = self.snapshots[-1]
        answer = self.send(f"play {colour} {self.vertex(row, col)}".encode())
        after = board.copy()
        occupied = board.get(row, col) is not None
        ko = None if occupied else after.play(row, col, colour)
        suicide = not occupied and after.get(row, col) is None
        retakes = self.kos[-1] == ((row, col), colour)
        if answer.startswith("="):
            assert not (occupied or suicide or retakes), (colour, row, col)
            self.snapshots.append(after)
            opponent = "w" if colour == "b" else "b"
            self.kos.append((ko, opponent) if ko is not None else None)
        else:
            assert answer.endswith("illegal move\n\n") and (occupied or suicide or retakes), (colour, row, col, answer)

    @rule()
    def ko_shape(self) -> None:
        """A ko just taken on a fresh 5x5 board (black C3 takes white B3), for the moves that follow."""
        self.boardsize(5)
        for colour, vertex in (("b", "B4"), ("b", "A3"), ("b", "B2"), ("w", "C4"), ("w", "D3"), ("w", "C2"), ("w", "B3"),
                               ("b", "C3")):
            answer = self.send(f"play {colour} {vertex}".encode())
            assert answer.startswith("="), answer
            after = self.snapshots[-1].copy()
            ko = after.play(int(vertex[1:]) - 1, LETTERS.index(vertex[0]), colour)
            self.snapshots.append(after)
            self.kos.append((ko, "w" if colour == "b" else "b") if ko is not None else None)
        assert self.kos[-1] == ((2, 1), "w")

    @precondition(lambda self: self.kos[-1] is not None)
    @rule()
    def retake_ko(self) -> None:
        """Take the ko back at once: refused by the simple ko rule."""
        ko = self.kos[-1]
        assert ko is not None
        (row, col), colour = ko
        assert self.send(f"play {colour} {self.vertex(row, col)}".encode()).endswith("illegal move\n\n")

    @rule(colour=st.sampled_from("bw"))
    def pass_move(self, colour: str) -> None:
        assert self.send(f"play {colour} pass".encode()).startswith("=")
        self.snapshots.append(self.snapshots[-1].copy())
        self.kos.append(None)

    @rule(vertex=st.sampled_from(["Z1", "A0", "I1", "A\u00b2", "A" + "9" * 50, "", "b", "A1 A2"]))
    def bad_play(self, vertex: str) -> None:
        assert self.send(f"play b {vertex}".encode()).startswith("?")

    @rule()
    def undo(self) -> None:
        answer = self.send(b"undo")
        if len(self.snapshots) > 1:
            assert answer.startswith("=")
            self.snapshots.pop()
            self.kos.pop()
        else:
            assert answer.endswith("cannot undo\n\n")

    @rule(name=st.sampled_from(RECORDS), before=st.none() | st.integers(1, 30))
    def loadsgf(self, name: str, before: int | None) -> None:
        size, nodes = _record(name)
        if before is not None:  # the position before move `before`: the nodes before that move's node
            moves = [index for index, (_, _, is_move) in enumerate(nodes) if is_move]
            if before <= len(moves):
                nodes = nodes[: moves[before - 1]]
        answer = self.send(f"loadsgf {GAMES / name}".encode() + (f" {before}".encode() if before else b""))
        assert answer.startswith("="), answer
        self.size = size
        self.snapshots = [board for board, _, _ in nodes]
        self.kos = [ko for _, ko, _ in nodes]

    @rule(path=st.sampled_from(REFUSED))
    def refused_loadsgf(self, path: str) -> None:
        assert self.send(f"loadsgf {path}".encode()).startswith("?")

    @rule(komi=st.sampled_from(["6.5", "-0.5", "0", "7", "nan", "1e3", "\u0663", "1" * 300]))
    def komi(self, komi: str) -> None:
        self.send(f"komi {komi}".encode())

    @rule(command=st.sampled_from([
        "final_status_list alive", "final_status_list dead", "final_score", "showboard",
        "passalive-pass-alive", "passalive-eyes", "passalive-sboard", "list_commands", "name",
    ]))
    def query(self, command: str) -> None:
        assert self.send(command.encode()).startswith("=")

    @rule(data=st.data(), command=st.sampled_from(["unconditional_status", "passalive-explain", "passalive-capture"]))
    def point_query(self, data: st.DataObject, command: str) -> None:
        row = data.draw(st.integers(0, self.size - 1), label="row")
        col = data.draw(st.integers(0, self.size - 1), label="col")
        answer = self.send(f"{command} {self.vertex(row, col)}".encode())
        if command == "unconditional_status" and self.size <= 25:
            assert answer.startswith("=") and answer.split()[1] in (
                "alive", "dead", "black_territory", "white_territory", "undecided"
            )

    @rule(junk=st.binary(max_size=40))
    def junk_bytes(self, junk: bytes) -> None:
        assert self.send(b"\xff" + junk.replace(b"\n", b"")).startswith("?")  # never UTF-8: an error

    @rule(word=st.text(alphabet="abcxyz_-\u0663\u00e9", min_size=1, max_size=12))
    def unknown_command(self, word: str) -> None:
        assert self.send(f"zz{word}".encode()).endswith("unknown command\n\n")

    # --------------------------------------------------------- invariants

    @invariant()
    def board_is_the_replay(self) -> None:
        engine = self.engine.board()
        model = self.snapshots[-1]
        assert self.engine.size == self.size
        expected = [
            SYMBOL[model.get(self.size - 1 - y, x)] for y in range(self.size) for x in range(self.size)
        ]
        assert list(engine.colours) == expected

    @invariant()
    def history_is_as_long_as_the_model(self) -> None:
        assert len(self.engine.history) == len(self.snapshots)


GtpSession.TestCase.settings = settings(
    max_examples=SESSIONS,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=not os.environ.get("PASSALIVE_GTP_SESSIONS"),
)
TestGtpSessions = GtpSession.TestCase
