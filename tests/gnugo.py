"""GNU Go over GTP: the one place the project starts it, to ask its statuses and to make its games.

    with GnuGo.start() as gnugo:             # None when gnugo is not installed
        gnugo.load(board)                    # the position as SGF setup stones (loadsgf)
        gnugo.unconditional_status("C3")     # 'alive', 'dead', ..., as GNU Go answers

    record = self_play(size=9, level=1, seed=1, komi=6.5)   # one reproducible game
    record.moves[:2], record.result          # (('B', 'E5'), ('W', 'C4')), 'W+31.5'
    record.dead, record.seki                 # GNU Go's final_status_list dead / seki after two passes
    sgf_record(record, [("SZ", "9"), ("KM", "6.5")])        # the game as an SGF file

Both talk through tests/gtp_client.py.  `find_gnugo()` returns None (and
`missing_reason()` says why) when no GNU Go binary is found; tests skip then,
saying so, and the bench scripts print the reason.  The same size, level,
seed, komi and options give the same game, so the committed games
(tests/data/games/gnugo/, tests/data/games/finals/, bench/runs/gnugo-finals-*)
can be made again by bench/make_games.py, bench/gnugo_games.py and
bench/gnugo_finals.py.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType

from sgfmill import common, sgf_grammar, sgf_properties

from gtp_client import GtpClient
from passalive.go.board import Board, Colour

CANDIDATES = ("gnugo", "/usr/games/gnugo")
"""Where GNU Go is looked for: on PATH, then where Debian installs it."""


def find_gnugo() -> str | None:
    """The path of a GNU Go binary, or None."""
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def missing_reason() -> str:
    """Why nothing GNU Go does can run here (for skips and the bench scripts' messages)."""
    return "GNU Go is not installed (no `gnugo` on PATH or in /usr/games); install it with `apt-get install -y gnugo`"


def start_gnugo(program: str, options: Sequence[str] = ()) -> GtpClient:
    """`program --mode gtp OPTIONS...` as a GTP engine."""
    return GtpClient.start([program, "--mode", "gtp", *options])


# ---- statuses: a position in, GNU Go's answers out


def board_sgf(board: Board) -> str:
    """The board as an SGF record with setup stones only (how GNU Go's own test positions are stored)."""
    assert board.size is not None, "a grid board"
    width, height = board.size
    if width != height or width > 19:
        raise ValueError("GNU Go plays on square boards up to 19x19")
    setup: dict[Colour, list[str]] = {Colour.BLACK: [], Colour.WHITE: []}
    for p in board.points:
        if p.colour is not Colour.EMPTY:
            x, y = board.coord_of(p.id)
            point = sgf_properties.serialise_go_point((width - 1 - y, x), width).decode("ascii")
            setup[p.colour].append(f"[{point}]")
    body = f"(;GM[1]FF[4]SZ[{width}]"
    if setup[Colour.BLACK]:
        body += "AB" + "".join(setup[Colour.BLACK])
    if setup[Colour.WHITE]:
        body += "AW" + "".join(setup[Colour.WHITE])
    return body + ")\n"


@dataclass
class GnuGo:
    """A running `gnugo --mode gtp`, asked about positions loaded from setup stones."""

    engine: GtpClient
    folder: Path

    @classmethod
    def start(cls) -> GnuGo | None:
        """GNU Go started, or None when it is not installed (see `missing_reason`)."""
        path = find_gnugo()
        if path is None:
            return None
        return cls(start_gnugo(path), Path(tempfile.mkdtemp(prefix="passalive-gnugo-")))

    def command(self, text: str) -> str:
        """Send one GTP command; its answer (GtpFailure when GNU Go refuses it)."""
        return self.engine.send(text)

    def load(self, board: Board) -> None:
        """Set up the position (loadsgf of a setup-only record)."""
        path = self.folder / "position.sgf"
        path.write_text(board_sgf(board), encoding="utf-8")
        self.command(f"loadsgf {path}")

    def unconditional_status(self, vertex: str) -> str:
        return self.command(f"unconditional_status {vertex}")

    def close(self) -> None:
        self.engine.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> GnuGo:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


# ---- self-play: GNU Go plays both colours from the empty board


@dataclass(frozen=True)
class Record:
    """One self-play game as GNU Go played it.

    `moves` are (colour letter `B`/`W`, GTP vertex or `pass`) in order;
    `result` is `W+R`/`B+R` after a resignation, GNU Go's `final_score` after
    two passes in a row, and empty when the game stopped at the move limit;
    `black`/`white` are the stones on the board at the end (GNU Go's
    `list_stones`), dead stones included; after two passes `dead` and
    `seki` are GNU Go's `final_status_list dead` and `final_status_list
    seki` (the stones it counted as dead, and those it left alive in seki),
    empty otherwise.
    """

    size: int
    level: int
    seed: int
    options: tuple[str, ...]
    moves: tuple[tuple[str, str], ...]
    result: str
    black: frozenset[str]
    white: frozenset[str]
    dead: frozenset[str] = frozenset()
    seki: frozenset[str] = frozenset()

    def rows(self) -> list[str]:
        """The final position as rows of `X` (black), `O` (white) and `.`, top row first."""
        grid = [["."] * self.size for _ in range(self.size)]
        for mark, stones in (("X", self.black), ("O", self.white)):
            for vertex in stones:
                row, col = _point(vertex, self.size)
                grid[self.size - 1 - row][col] = mark
        return ["".join(row) for row in grid]


def _point(vertex: str, size: int) -> tuple[int, int]:
    """sgfmill's (row, column) of a GTP vertex on the board (row 0 at the bottom)."""
    move = common.move_from_vertex(vertex, size)
    if move is None:
        raise ValueError(f"{vertex!r} is a pass, not a point")
    return move


def self_play(
    size: int,
    level: int,
    seed: int,
    komi: float | None,
    options: Sequence[str] = (),
    max_moves: int = 600,
    program: str | None = None,
    opening: Sequence[str] = (),
) -> Record:
    """GNU Go (`gnugo --mode gtp OPTIONS --seed S --level L`) plays both colours from the empty board.

    `genmove black`, `genmove white`, ... until two passes in a row, a
    resignation or `max_moves` answers; `komi` None leaves GNU Go's own.
    `options` are GNU Go's (`--chinese-rules`, `--never-resign`, ...);
    `program` defaults to `find_gnugo()` (RuntimeError when it is missing).
    `opening` are vertices played first (`play`, black first, alternating)
    and kept as the game's first moves: on small boards GNU Go's seed alone
    changes little, and a given opening makes the games differ.
    """
    program = program or find_gnugo()
    if program is None:
        raise RuntimeError(missing_reason())
    moves: list[tuple[str, str]] = []
    result = ""
    with start_gnugo(program, [*options, "--seed", str(seed), "--level", str(level)]) as engine:
        engine.send(f"boardsize {size}")
        engine.send("clear_board")
        if komi is not None:
            engine.send(f"komi {komi}")
        passes = 0
        colour = "B"
        for vertex in opening:
            engine.send(f"play {'black' if colour == 'B' else 'white'} {vertex}")
            moves.append((colour, vertex))
            colour = "W" if colour == "B" else "B"
        while passes < 2 and len(moves) < max_moves:
            vertex = engine.send(f"genmove {'black' if colour == 'B' else 'white'}")
            if vertex.lower() == "resign":
                result = f"{'W' if colour == 'B' else 'B'}+R"
                break
            moves.append((colour, vertex))
            passes = passes + 1 if vertex.lower() == "pass" else 0
            colour = "W" if colour == "B" else "B"
        dead: frozenset[str] = frozenset()
        seki: frozenset[str] = frozenset()
        if passes == 2:
            result = engine.send("final_score")
            dead = frozenset(engine.send("final_status_list dead").split())
            seki = frozenset(engine.send("final_status_list seki").split())
        black = frozenset(engine.send("list_stones black").split())
        white = frozenset(engine.send("list_stones white").split())
    return Record(size, level, seed, tuple(options), tuple(moves), result, black, white, dead, seki)


def sgf_record(record: Record, properties: Sequence[tuple[str, str]]) -> str:
    """The game as an SGF file: `GM[1]FF[4]`, then `properties` in their order, then one node per move.

    sgfmill encodes the points and escapes the text; the layout (properties in
    the order given, ten moves to a line, a pass as `B[]`) is kept as the
    committed games have it, which sgfmill's own serialiser (properties sorted,
    lines wrapped at 79 columns, a pass as `tt`) would change.
    """
    head = "(;GM[1]FF[4]" + "".join(f"{ident}[{_text(value)}]" for ident, value in properties)
    nodes = [f";{colour}[{_move(vertex, record.size)}]" for colour, vertex in record.moves]
    body = "".join(node + ("\n" if i % 10 == 9 else "") for i, node in enumerate(nodes))
    return head + "\n" + body + ")\n"


def _text(value: str) -> str:
    return sgf_grammar.escape_text(value.encode("utf-8")).decode("utf-8")


def _move(vertex: str, size: int) -> str:
    """The SGF point of a GTP vertex; empty for a pass (FF[4])."""
    if vertex.lower() == "pass":
        return ""
    return sgf_properties.serialise_go_point(_point(vertex, size), size).decode("ascii")


__all__ = [
    "GnuGo", "Record", "board_sgf", "find_gnugo", "missing_reason", "self_play", "sgf_record", "start_gnugo",
]
