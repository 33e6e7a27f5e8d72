"""Random GTP sessions against a model: the engine answers every command, and its board is a replay
of the moves it accepted (issue 24, item 6).

A hypothesis `RuleBasedStateMachine` sends `passalive gtp`'s engine (in this
process, through `handle_bytes`, the same entry as its standard input)
random sessions: board sizes, moves, passes, undos, `loadsgf` of real, of
refused and of generated records (setup in any node, moves on occupied
points, suicides, passes), komi, analyses, and junk (bytes that are not
UTF-8, unknown commands, bad numbers).  After every command:

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
import shutil
import tempfile
from pathlib import Path
from typing import NamedTuple

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


class Node(NamedTuple):
    """The model of one node of a record: the board after its setup, after its move, the ko it leaves."""

    setup: boards.Board
    board: boards.Board
    ko: Ko
    is_move: bool
    has_setup: bool


def _record(data: bytes) -> tuple[int, list[Node]]:
    """A record's board size and its main line node by node, as sgfmill plays it (setup, then the move)."""
    game = sgf.Sgf_game.from_bytes(data)
    size = game.get_size()
    board = boards.Board(size)
    nodes = []
    for node in game.get_main_sequence():
        black, white, empty = node.get_setup_stones()
        for colour, points in (("b", black), ("w", white), (None, empty)):
            for row, col in points:
                board.board[row][col] = colour
        setup = board.copy()
        colour, move = node.get_move()
        ko: Ko = None
        if colour is not None and move is not None and board.get(*move) is None:  # an occupied point: not played
            point = board.play(move[0], move[1], colour)
            ko = (point, "w" if colour == "b" else "b") if point is not None else None
        nodes.append(Node(setup, board.copy(), ko, colour is not None, node.has_setup_stones()))
    return size, nodes


def _loaded(size: int, nodes: list[Node], before: int | None) -> list[Node]:
    """The nodes `loadsgf FILE [before]` keeps: all, or those before move `before`'s node and that
    node's setup (the empty board when move 1 stands alone in the root)."""
    moves = [index for index, node in enumerate(nodes) if node.is_move]
    if before is None or before > len(moves):
        return nodes
    cut = moves[before - 1]
    kept = nodes[:cut]
    if nodes[cut].has_setup or not kept:
        kept = kept + [Node(nodes[cut].setup, nodes[cut].setup, None, False, True)]
    return kept


def _without_liberties(board: boards.Board) -> bool:
    """Whether some chain of the board has no liberty (the engine then refuses the record)."""
    size = board.side
    seen: set[tuple[int, int]] = set()
    for row, col in ((r, c) for r in range(size) for c in range(size)):
        colour = board.get(row, col)
        if colour is None or (row, col) in seen:
            continue
        chain, stack, free = {(row, col)}, [(row, col)], False
        while stack:
            r, c = stack.pop()
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= q[0] < size and 0 <= q[1] < size:
                    there = board.get(*q)
                    if there is None:
                        free = True
                    elif there == colour and q not in chain:
                        chain.add(q)
                        stack.append(q)
        seen |= chain
        if not free:
            return True
    return False


@st.composite
def records(draw: st.DrawFn) -> bytes:
    """A small random record: setup in any node (AB, AW, AE), moves on any point (occupied,
    suicide, a ko taken back: played as recorded) and passes."""
    size = draw(st.integers(2, 6))
    points = [f"{chr(97 + x)}{chr(97 + y)}" for x in range(size) for y in range(size)]
    nodes = []
    for _ in range(draw(st.integers(1, 10))):
        text = ""
        if draw(st.integers(0, 3)) == 0:
            chosen = draw(st.lists(st.sampled_from(points), unique=True, max_size=6))
            kinds = draw(st.lists(st.sampled_from(["AB", "AW", "AE"]), min_size=len(chosen), max_size=len(chosen)))
            for kind in ("AB", "AW", "AE"):
                mine = [p for p, k in zip(chosen, kinds) if k == kind]
                if mine:
                    text += kind + "".join(f"[{p}]" for p in mine)
        if not text or draw(st.booleans()):
            colour = draw(st.sampled_from("BW"))
            text += f"{colour}[{draw(st.sampled_from(points + ['']))}]"
        nodes.append(text)
    return f"(;GM[1]FF[4]SZ[{size}]{nodes[0]}{''.join(';' + n for n in nodes[1:])})".encode()


class GtpSession(RuleBasedStateMachine):
    """One engine, one model: `snapshots` is the board after each accepted step, `kos` the ko point each left."""

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="gtp-session-"))
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

    def teardown(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)

    def load(self, path: Path, before: int | None) -> None:
        """`loadsgf` of a record: the model's nodes, or the model unchanged when the engine must refuse."""
        size, nodes = _record(path.read_bytes())
        nodes = _loaded(size, nodes, before)
        answer = self.send(f"loadsgf {path}".encode() + (f" {before}".encode() if before else b""))
        if _without_liberties(nodes[-1].board):
            assert "has no liberties" in answer, answer
            return
        assert answer.startswith("="), answer
        self.size = size
        self.snapshots = [node.board for node in nodes]
        self.kos = [node.ko for node in nodes]

    @rule(name=st.sampled_from(RECORDS), before=st.none() | st.integers(1, 30))
    def loadsgf(self, name: str, before: int | None) -> None:
        self.load(GAMES / name, before)

    @rule(record=records(), before=st.none() | st.integers(1, 6))
    def loadsgf_generated(self, record: bytes, before: int | None) -> None:
        path = self.folder / "record.sgf"
        path.write_bytes(record)
        self.load(path, before)

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
        answer = self.send(command.encode())
        # final_score refuses a board that holds no stone of one colour (nothing to score), as `passalive score` does
        assert answer.startswith("=") or command == "final_score" and "cannot score" in answer.split("\n")[0], answer

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
