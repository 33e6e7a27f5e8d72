"""A GTP (Go Text Protocol, version 2) engine that shows what passalive finds, for GoGui, Sabaki and friends.

`passalive gtp` speaks GTP on standard input and output.  It does not play
(no `genmove`); it keeps a position that a GUI sets up or a game mirrors into
it, and answers:

* the GTP v2 administrative and setup commands: protocol_version, name,
  version, known_command, list_commands, quit, boardsize, clear_board, komi,
  play, undo, loadsgf, showboard;
* `final_status_list alive|dead|seki` and `final_score` as `passalive score`
  gives them (`passalive.tools.result`): whole chains, one per line, by the
  status each chain ends with (settled by proof, record or judgement), and
  the result (`B+3.5`, `W+0.5`, `0`) under the rules of a loaded record's
  `RU` (Japanese by default), with komi and the captures of the game;
* `unconditional_status VERTEX`, as GNU Go answers it: `alive`, `dead`,
  `black_territory`, `white_territory` or `undecided` (GNU Go's
  unconditional status of the point, `passalive.definitions.unconditional`,
  which reproduces GNU Go's point for point; suicide illegal, as GNU Go
  defines it), so that GNU Go's regression file `unconditional.tst` runs
  against `passalive gtp` unchanged;
* `gogui-analyze_commands` and the analysis commands it lists, as `param`,
  `gfx`, `sboard` and `string` commands: one settings dialog
  (`passalive-param`: variant, suicide rule of play, pass-alive suicide
  rule, territory convention, ownership; `passalive.tools.gtp_gogui`), then
  pass-alive stones and territory, ownership, eyes, the seki score, a
  capture witness for the chain at a point and its explanation;
  `gogui-setup` and `gogui-setup_player` for positions set up in GoGui;
* `kata-analyze`, `lz-analyze` and `analyze` as Lizzie and Sabaki send them:
  an `info` line with an `ownership` field (`passalive.tools.gtp_analyze`),
  repeated every interval until the next input line (`run`).

A command that is unknown or malformed gets `? message`, and the engine
keeps running; moves are checked by the rules (occupied points, suicide
unless the rule allows it, simple ko).  The position is a passalive `Board`
played by passalive's one capture rule and its simple-ko rule
(`passalive.go.play`), under `suicide_rule`; `loadsgf` reads a file as the
command line does (`passalive.grammar.sgf`).

The input is bounded and read as bytes: a line that is not UTF-8, or longer
than MAX_GTP_LINE_BYTES, is answered with an error, and every number in an
argument is read by the one bounded integer reader (`passalive.go.numbers`),
so no input line can end the engine or fill its memory (docs/limits.md).

Responses follow the protocol: `=[id] result` or `?[id] message`, then an
empty line.

Over 600 lines: the command table and its handlers share the engine's state (position,
history, komi, rules); what they compute lives in the modules they call.
"""

from __future__ import annotations

import math
import os
import queue
import re
import stat
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from passalive.definitions.analysis import Analysis, analyse
from passalive.definitions.unconditional import Status, unconditional_status
from passalive.definitions.variants import VARIANTS
from passalive.errors import IllegalMoveError, IllegalPositionError, InputError, PassaliveError
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.coords import GTP_LETTERS
from passalive.go.game import Game, empty_board
from passalive.go.limits import MAX_FILE_BYTES, MAX_GTP_KOMI, MAX_GTP_LINE_BYTES, MAX_MOVE_NUMBER
from passalive.go.numbers import is_number, read_number, shown
from passalive.go.play import simple_ko
from passalive.go.suicide import Suicide
from passalive.tools.gtp_analyze import (
    ANALYZE_COMMANDS,
    AnalyzeArgumentError,
    AnalyzeRequest,
    info_line,
    owners,
    ownership,
    parse_request,
    unconditional_owners,
)
from passalive.tools.gtp_gogui import SETTINGS, SettingError, Settings, changed, param_lines, read_setup
from passalive.tools.gtp_input import read_fd_lines, read_lines
from passalive.tools.result import GameResult, Komi, read_komi, result_text, score_game
from passalive.tools.score import rules_of
from passalive.tools.settle import ChainStatus
from passalive.tools.settle import Status as ChainState
from passalive.version import installed_version

PROTOCOL_VERSION = "2"
MAX_SIZE = len(GTP_LETTERS)
"""GTP names columns A–Z without I: at most 25."""


class GtpError(Exception):
    """A command that cannot be carried out; its message is the `?` response."""


def number(text: str, what: str, *, minimum: int, maximum: int) -> int:
    """An integer argument, read by passalive's one bounded integer reader
    (`passalive.go.numbers`): ASCII digits only, within the bounds; anything
    else is a GtpError naming the field, never an exception of `int()`."""
    try:
        return read_number(text, what, minimum=minimum, maximum=maximum)
    except InputError as error:
        raise GtpError(error.message) from None


_REAL = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?")
_FRACTION_DIGITS = 6
"""The most digits after the point of a komi (7.5, 0.25...)."""


def real(text: str, what: str, *, bound: int) -> float:
    """A decimal argument such as `6.5` or `-0.5`: its whole part read by the
    bounded integer reader (at most `bound`), at most a few digits after the
    point, ASCII only (no `1e9`, `nan`, `٣` or `1_000`)."""
    found = _REAL.fullmatch(text)
    if found is None or not (found.group(2) or found.group(3)):
        raise GtpError(f"{what}: expected a number such as 6.5, got {shown(text)!r}")
    sign, whole, fraction = found.group(1), found.group(2) or "0", found.group(3) or ""
    number(whole, what, minimum=0, maximum=bound)
    if len(fraction) > _FRACTION_DIGITS:
        raise GtpError(f"{what}: at most {_FRACTION_DIGITS} digits after the point, got {shown(text)!r}")
    return float(f"{sign}{whole}.{fraction or '0'}")


def komi_argument(text: str, what: str = "komi") -> float:
    """A komi as the `komi` command and `passalive gtp --komi` read it: `real`, at most MAX_GTP_KOMI either way."""
    return real(text, what, bound=MAX_GTP_KOMI)


def _colour(word: str) -> Colour:
    key = word.strip().lower()
    if key in ("b", "black"):
        return Colour.BLACK
    if key in ("w", "white"):
        return Colour.WHITE
    raise GtpError("invalid color")


def parse_vertex(word: str, size: int) -> tuple[int, int] | None:
    """A GTP vertex as sgfmill's (row, column), row 0 at the bottom; None for `pass`."""
    text = word.strip().upper()
    if text == "PASS":
        return None
    if len(text) < 2 or text[0] not in GTP_LETTERS or not is_number(text[1:]):
        raise GtpError("invalid coordinate")
    column = GTP_LETTERS.index(text[0])
    try:
        row = read_number(text[1:], "row", minimum=1, maximum=size) - 1
    except InputError:
        raise GtpError("invalid coordinate") from None
    if not 0 <= column < size:
        raise GtpError("invalid coordinate")
    return row, column


def vertex(point: tuple[int, int] | None) -> str:
    """sgfmill's (row, column) as a GTP vertex."""
    if point is None:
        return "pass"
    row, column = point
    return f"{GTP_LETTERS[column]}{row + 1}"


@dataclass
class _State:
    """One position and how it was reached (for undo): `ko` is the point the
    next move may not take back by the simple ko rule, and who may not."""

    board: Board
    ko: tuple[int, Colour] | None = None
    captures: dict[Colour, int] = field(default_factory=lambda: {Colour.BLACK: 0, Colour.WHITE: 0})
    unconditional: tuple[Status, ...] | None = None
    """GNU Go's unconditional status of every point, once asked for (a regression file asks hundreds of points)."""
    to_move: Colour = Colour.BLACK
    """Who plays next: the opponent of the last mover, or as `loadsgf` or `gogui-setup_player` say."""


@dataclass(frozen=True)
class _Stream:
    """An analysis answer still open: its line, repeated every `interval` seconds (0: not repeated)."""

    line: str
    interval: float


@dataclass
class GtpEngine:
    """The engine's state and its command table; `handle(line)` answers one line."""

    size: int = 19
    komi: float = 7.5
    record_komi: Komi | None = None
    """A loaded record's `KM` as `read_komi` reads it (Fox's x100, its warning), while `komi` is that record's;
    None once the `komi` command (or the engine's option) gave the komi."""
    suicide_rule: Suicide = Suicide.ILLEGAL
    variant: str | None = None
    territory: str = "healthy"
    rules: str = "japanese"
    """The counting rules of `final_score` (a loaded record's `RU` sets them)."""
    handicap: int = 0
    pass_alive_suicide: Suicide | None = None
    """The suicide rule of the pass-alive analysis, apart from the rule of play (None: the same)."""
    ownership_source: str = "pass-alive"
    """Which statuses `kata-analyze`'s ownership shows (`passalive.tools.gtp_analyze.OWNERSHIP_SOURCES`)."""
    perspective: str = "to-move"
    """Whose points the ownership counts +1: the player of the analysis (KataGo's way) or black."""
    name: str = "passalive"
    """The answer to `name` (Lizzie asks `kata-analyze` only of an engine whose name starts with `KataGo`)."""
    history: list[_State] = field(default_factory=list)
    stream: _Stream | None = None
    """An analysis answer not yet ended: the next input line (a command or an empty line) ends it."""
    done: bool = False
    log: Callable[[str], object] = field(default=lambda text: None, repr=False)
    """Where notes go that are not a response (a loaded record's warnings): stderr in `passalive gtp`."""

    def __post_init__(self) -> None:
        if not math.isfinite(self.komi) or abs(self.komi) > MAX_GTP_KOMI:  # a komi given from Python, as `komi_argument` bounds it
            raise GtpError(f"komi: expected a finite number of at most {MAX_GTP_KOMI} points either way, got {self.komi}")
        self.history = [_State(empty_board(self.size))]
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda args: PROTOCOL_VERSION,
            "name": lambda args: self.name,
            "version": lambda args: installed_version(),
            "known_command": lambda args: "true" if args and args[0] in self.commands else "false",
            "list_commands": lambda args: "\n".join(sorted(self.commands)),
            "quit": self._quit,
            "boardsize": self._boardsize,
            "clear_board": self._clear_board,
            "komi": self._komi,
            "play": self._play,
            "undo": self._undo,
            "loadsgf": self._loadsgf,
            "showboard": self._showboard,
            "final_status_list": self._final_status_list,
            "unconditional_status": self._unconditional_status,
            "final_score": self._final_score,
            "gogui-analyze_commands": self._analyze_commands,
            "passalive-pass-alive": self._gfx_pass_alive,
            "passalive-sboard": self._sboard,
            "passalive-eyes": self._gfx_eyes,
            "passalive-score": self._string_score,
            "passalive-capture": self._gfx_capture,
            "passalive-explain": self._string_explain,
            "passalive-param": self._param,
            "passalive-pass-alive-suicide": self._pass_alive_suicide,
            "passalive-ownership": self._gfx_ownership,
            "gogui-setup": self._setup,
            "gogui-setup_player": self._setup_player,
            **{command: self._not_streamed for command in ANALYZE_COMMANDS},
        }
        self.check_settings()

    # ------------------------------------------------------------- protocol

    def handle_bytes(self, raw: bytes, too_long: bool = False) -> str | None:
        """The response to one input line as read (None for an empty or comment line).

        GTP is ASCII; other text must be UTF-8.  A line that is not (or is
        longer than MAX_GTP_LINE_BYTES, `too_long`) is answered with an error
        that names the problem, and the engine goes on with the next line.
        Any line ends an analysis stream first (its empty line comes before the response).
        """
        return _joined(self._end_stream(), self._handle_bytes(raw, too_long))

    def _end_stream(self) -> str | None:
        """The empty line that ends an open analysis answer (None when none is open)."""
        if self.stream is None:
            return None
        self.stream = None
        return "\n"

    def _handle_bytes(self, raw: bytes, too_long: bool) -> str | None:
        command = raw.split(b"#", 1)[0]  # '#' is never inside a UTF-8 sequence
        try:
            text = command.decode("utf-8")
        except UnicodeDecodeError as error:
            bad = command[error.start]
            return self._refuse(
                command.decode("utf-8", errors="replace"),
                f"not UTF-8 text: byte {error.start + 1} of the line (0x{bad:02x}); GTP commands are ASCII",
            )
        if too_long:
            return self._refuse(text, f"line longer than {MAX_GTP_LINE_BYTES} bytes; skipped")
        return self._handle(text)

    def _refuse(self, text: str, message: str) -> str | None:
        """An error response to a line that cannot be read as a command (with its id when it has one)."""
        words = _words(text)
        if not words:
            return None
        ident = words[0] if is_number(words[0]) and len(words[0]) <= _ID_DIGITS else ""
        return f"?{ident} {message}\n\n"

    def handle(self, line: str) -> str | None:
        """The response to one input line (None for an empty or comment line).

        An analysis command (`kata-analyze`, ...) answers its first line
        without the empty line that ends a response: `stream` holds the
        line, and the next input line ends the answer.
        """
        return _joined(self._end_stream(), self._handle(line))

    def _handle(self, line: str) -> str | None:
        words = _words(line.split("#", 1)[0])
        if not words:
            return None
        ident = ""
        if is_number(words[0]):
            ident = words.pop(0)
            if len(ident) > _ID_DIGITS:
                return f"? id {shown(ident)} is too large (at most {_ID_DIGITS} digits)\n\n"
            if not words:
                return f"?{ident} missing command\n\n"
        name, args = words[0], words[1:]
        handler = self.commands.get(name)
        if handler is None:
            return f"?{ident} unknown command\n\n"
        try:
            if name in ANALYZE_COMMANDS:
                return self._analyze(ident, name, args)
            result = handler(args)
        except GtpError as error:
            return f"?{ident} {error}\n\n"
        except Exception as bug:  # a bug must not end a GUI's session
            return f"?{ident} internal error: {type(bug).__name__}: {bug}\n\n"
        return f"={ident} {result}".rstrip(" ") + "\n\n" if result else f"={ident}\n\n"

    def run(
        self,
        lines: Iterable[tuple[bytes, bool]],
        write: Callable[[str], object],
        flush: Callable[[], object] = lambda: None,
    ) -> None:
        """Answer lines (as `read_lines` gives them) until `quit` or the end of the input.

        The lines are read by a thread of their own into a small queue, so
        that an open analysis answer repeats its line every interval while
        no input comes, and ends as soon as a line arrives, as KataGo's
        `kata-analyze` does; the queue's bound keeps a fast writer from
        filling the memory.
        """
        inbox: queue.Queue[tuple[bytes, bool] | None] = queue.Queue(maxsize=_INBOX_LINES)

        def pump() -> None:
            try:
                for item in lines:
                    inbox.put(item)
            finally:
                inbox.put(None)

        threading.Thread(target=pump, name="gtp-input", daemon=True).start()
        while not self.done:
            stream = self.stream
            try:
                item = inbox.get(timeout=stream.interval) if stream is not None and stream.interval else inbox.get()
            except queue.Empty:
                if stream is not None:
                    write(stream.line + "\n")
                    flush()
                continue
            if item is None:  # the end of the input ends an open answer too
                closing = self._end_stream()
                if closing:
                    write(closing)
                    flush()
                break
            response = self.handle_bytes(*item)
            if response is not None:
                write(response)
                flush()

    # -------------------------------------------------------------- position

    @property
    def state(self) -> _State:
        return self.history[-1]

    def board(self) -> Board:
        """The current position (a whole board with GTP names)."""
        return self.state.board

    def _id(self, point: tuple[int, int]) -> int:
        row, column = point
        return (self.size - 1 - row) * self.size + column

    def _vertices(self, board: Board, points: Iterable[int]) -> str:
        return " ".join(board.names(points))

    def _quit(self, args: list[str]) -> str:
        self.done = True
        return ""

    def _boardsize(self, args: list[str]) -> str:
        if len(args) != 1 or not is_number(args[0]):
            raise GtpError("syntax error")
        try:
            size = read_number(args[0], "board size", minimum=1, maximum=MAX_SIZE)
        except InputError:
            raise GtpError("unacceptable size") from None  # the words GTP asks for
        self.size = size
        self.history = [_State(empty_board(size))]
        return ""

    def _clear_board(self, args: list[str]) -> str:
        self.history = [_State(empty_board(self.size))]
        return ""

    def _komi(self, args: list[str]) -> str:
        if len(args) != 1:
            raise GtpError("syntax error")
        self.komi = komi_argument(args[0])
        self.record_komi = None
        return ""

    def play(self, colour: Colour, point: tuple[int, int] | None) -> None:
        """Play a move by the rules (GtpError `illegal move` otherwise)."""
        state = self.state
        captures = dict(state.captures)
        if point is None:
            self.history.append(_State(state.board, None, captures, to_move=colour.opponent))
            return
        p = self._id(point)
        if state.ko == (p, colour):
            raise GtpError("illegal move")
        try:
            board = state.board.play(p, colour, suicide=self.suicide_rule)
        except IllegalMoveError:
            raise GtpError("illegal move") from None
        opponent = colour.opponent
        taken = state.board.stones(opponent) - board.stones(opponent)
        captures[colour] += len(taken)
        ko = simple_ko(board.colours, board.adjacency, p, colour, Colour.EMPTY, taken)
        self.history.append(_State(board, (ko, opponent) if ko is not None else None, captures, to_move=opponent))

    def _play(self, args: list[str]) -> str:
        if len(args) != 2:
            raise GtpError("syntax error")
        self.play(_colour(args[0]), parse_vertex(args[1], self.size))
        return ""

    def _undo(self, args: list[str]) -> str:
        if len(self.history) < 2:
            raise GtpError("cannot undo")
        self.history.pop()
        return ""

    def _loadsgf(self, args: list[str]) -> str:
        """`loadsgf FILE [N]`: the first game of FILE, its main line up to the position before move N.

        The file is read as the command line reads it (`passalive.grammar.sgf`:
        setup in any node, handicap stones, a record's own suicide rule, a move
        the rules forbid played as recorded and noted on the log); only a
        regular file within MAX_FILE_BYTES is read, so a device or a FIFO is
        refused at once.  Nothing changes unless the whole load succeeds.
        """
        if not 1 <= len(args) <= 2:
            raise GtpError("syntax error")
        before = number(args[1], "move number", minimum=1, maximum=MAX_MOVE_NUMBER) if len(args) > 1 else None
        from passalive.grammar.sgf import read_games

        data = read_regular_file(args[0])
        try:
            game = read_games(data, args[0])[0]
        except PassaliveError as error:
            raise GtpError(f"cannot load file: {_one_line(error)}") from None
        if game.size > MAX_SIZE:
            raise GtpError("unacceptable size")
        history, to_play, notes = _replay(game, before)
        try:  # as the command line: a chain without liberties cannot arise in a game
            history[-1].board.check_legal()
        except IllegalPositionError as error:
            where = game.location(game.steps[min(len(history), len(game.steps)) - 1].offset)  # its node
            raise GtpError(f"cannot load file: {where or args[0]}: {error.message}") from None
        self.size = game.size
        self.history = history
        if game.info.komi is not None:
            self.record_komi = read_komi(game.info.komi)
            self.komi = self.record_komi.points
            if self.record_komi.warning:
                self.log(f"{args[0]}: warning: {self.record_komi.warning}")
        self.rules = rules_of(game.info.rules) or "japanese"
        self.handicap = game.info.handicap or 0
        for message, where in game.warnings:
            self.log(f"{where}: warning: {message}")
        for note in notes:
            self.log(note)
        if to_play is None:  # no move yet: white after handicap stones
            to_play = Colour.WHITE if (game.info.handicap or 0) >= 2 else Colour.BLACK
        self.state.to_move = to_play
        return str(to_play.value)

    def _showboard(self, args: list[str]) -> str:
        from passalive.output.render import render_plain

        captures = self.state.captures
        text = render_plain(self.board()).rstrip("\n")
        return f"\n{text}\ncaptured: black {captures[Colour.BLACK]}, white {captures[Colour.WHITE]}; komi {self.komi:g}"

    # -------------------------------------------------------------- analyses

    def analysis(self, variant: str | None = None, suicide: Suicide | None = None) -> Analysis:
        """The current position analysed (defaults: the engine's variant and pass-alive suicide rule).

        The pass-alive suicide rule (`pass_alive_suicide`, else the rule of
        play) is the analysis's `suicide`; the rule of play only decides
        which moves `play` accepts.
        """
        rule = suicide or self.settings.analysis_suicide
        return analyse(self.board(), variant=variant or self.variant, suicide=rule, territory=self.territory)

    # -------------------------------------------------------------- settings

    @property
    def settings(self) -> Settings:
        """The engine's settings as GoGui's `param` dialog shows them."""
        return Settings(self.suicide_rule, self.pass_alive_suicide, self.variant, self.territory,
                        self.ownership_source, self.perspective)

    def check_settings(self) -> None:
        """A GtpError when the variant is not defined for the pass-alive suicide rule."""
        try:
            self.settings.check()
        except SettingError as error:
            raise GtpError(str(error)) from None

    def _apply(self, settings: Settings) -> None:
        self.suicide_rule, self.pass_alive_suicide = settings.suicide, settings.pass_alive_suicide
        self.variant, self.territory = settings.variant, settings.territory
        self.ownership_source, self.perspective = settings.ownership, settings.perspective

    def _param(self, args: list[str]) -> str:
        """GoGui's `param` command: bare, every setting as `[list/...] key value`; with `key value`, one set."""
        if not args:
            return param_lines(self.settings)
        if len(args) != 2:
            raise GtpError(f"expected a setting and its value: {', '.join(SETTINGS)}")
        try:
            self._apply(changed(self.settings, args[0], args[1]))
        except SettingError as error:
            raise GtpError(str(error)) from None
        return ""

    def _pass_alive_suicide(self, args: list[str]) -> str:
        """`passalive-pass-alive-suicide [same|no|multi|all]`: the rule of the pass-alive analysis, shown or set."""
        if not args:
            return self.settings.values()["pass_alive_suicide"]
        if len(args) != 1:
            raise GtpError("syntax error")
        return self._param(["pass_alive_suicide", args[0]])

    def _setup(self, args: list[str]) -> str:
        """GoGui's `gogui-setup B A1 W B2 ...`: stones placed on the current position (not moves).

        The result must be a legal position (every chain with a liberty);
        it becomes a new position of the history, so `undo` takes it back.
        """
        try:
            pairs = read_setup(args)
        except SettingError as error:
            raise GtpError(str(error)) from None
        colours = {}
        for colour, word in pairs:
            point = parse_vertex(word, self.size)
            if point is None:
                raise GtpError("invalid coordinate")
            colours[self._id(point)] = colour
        state = self.state
        board = state.board.with_colours(colours)
        try:
            board.check_legal()
        except IllegalPositionError as error:
            raise GtpError(f"setup: {error.message}") from None
        self.history.append(_State(board, None, dict(state.captures), to_move=state.to_move))
        return ""

    def _setup_player(self, args: list[str]) -> str:
        """GoGui's `gogui-setup_player b|w`: who plays next in a set-up position."""
        if len(args) != 1:
            raise GtpError("syntax error")
        self.state.to_move = _colour(args[0])
        return ""

    # --------------------------------------------------- the GUIs' analysis

    def owner(self) -> Callable[[int], Colour | None]:
        """Who owns each point by the statuses chosen (`ownership_source`), for `kata-analyze` and GoGui."""
        board = self.board()
        if self.ownership_source == "unconditional":
            state = self.state
            if state.unconditional is None:
                state.unconditional = unconditional_status(board)
            return unconditional_owners(board.colours, state.unconditional)
        if self.ownership_source == "score":
            game = self.game_result()
            scored = game.score
            return owners({c: (board.stones(c) - scored.dead) | scored.territory[c] for c in STONE_COLOURS})
        result = self._checked(None, None)
        return owners({c: result.alive_points(c) | result.territory(c) for c in STONE_COLOURS})

    def ownership(self, perspective: Colour) -> list[int]:
        """+1/-1/0 per point in KataGo's order (A19 first), +1 for `perspective`'s points."""
        return ownership(self.board(), self.owner(), perspective)

    def _analyze(self, ident: str, name: str, args: list[str]) -> str:
        """`kata-analyze`/`lz-analyze`/`analyze`: `=id`, then the info line, left open (see `run`)."""
        try:
            request = parse_request(name, args)
            values = self._request_ownership(request)
        except (AnalyzeArgumentError, GtpError) as error:
            return f"?{ident} {error}\n\n"
        line = info_line(request, values)
        self.stream = _Stream(line, request.interval)
        return f"={ident}\n{line}\n"

    def _request_ownership(self, request: AnalyzeRequest) -> list[int]:
        if not (request.ownership or request.ownership_stdev):
            return []
        player = request.player or self.state.to_move
        return self.ownership(Colour.BLACK if self.perspective == "black" else player)

    def _not_streamed(self, args: list[str]) -> str:  # pragma: no cover - `_handle` answers these itself
        raise GtpError("an analysis command is answered by handle()")

    def _gfx_ownership(self, args: list[str]) -> str:
        """GoGui's picture of the ownership: `INFLUENCE` (+1 black, -1 white) and a line saying what it shows."""
        values = self.ownership(Colour.BLACK)
        board = self.board()
        size = self.size
        marked = [(board.at(i % size, i // size), v) for i, v in enumerate(values) if v]
        parts = [f"{board.name(p)} {v}" for p, v in marked if p is not None]
        lines = ["INFLUENCE " + " ".join(parts)] if parts else []
        black, white = sum(v > 0 for v in values), sum(v < 0 for v in values)
        lines.append(f"TEXT ownership ({self.ownership_source}): black {black} points, white {white}")
        return "\n".join(lines)

    def _options(self, args: list[str]) -> tuple[str | None, Suicide | None]:
        variant = args[0] if args else None
        if variant is not None and variant not in VARIANTS:
            raise GtpError(f"unknown variant {variant}; known: {', '.join(VARIANTS)}")
        rule = None
        if len(args) > 1:
            try:
                rule = Suicide.parse(args[1])
            except Exception:
                raise GtpError("suicide rule must be no, multi or all") from None
            if variant is not None and rule not in VARIANTS[variant].suicide:
                raise GtpError(f"{variant} is not defined with suicide={rule.value}")
        return variant, rule

    def _checked(self, variant: str | None, rule: Suicide | None) -> Analysis:
        try:
            return self.analysis(variant, rule)
        except Exception as error:  # UsageError: variant and rule do not fit
            raise GtpError(str(getattr(error, "message", error))) from None

    def game_result(self) -> GameResult:
        """The position scored as `passalive score` scores it: every chain's status and evidence, the result.

        The statuses' proofs follow the pass-alive suicide rule (`pass_alive_suicide`, else the rule of
        play), as the analyses do and as `passalive score --pass-alive-suicide` and the query engine do."""
        komi = self.record_komi if self.record_komi is not None else self.komi
        return score_game(self.board(), komi=komi, handicap=self.handicap, captures=dict(self.state.captures),
                          rules=self.rules, suicide=self.settings.analysis_suicide)

    def _final_status_list(self, args: list[str]) -> str:
        if len(args) != 1 or args[0] not in ("alive", "dead", "seki"):
            raise GtpError("syntax error")
        game = self.game_result()

        def ending(chain: ChainStatus) -> str:
            return "dead" if chain.ends_dead else "seki" if chain.ends_in_seki else "alive"

        board = game.board
        return "\n".join(self._vertices(board, c.stones) for c in game.settlement.chains if ending(c) == args[0])

    def _unconditional_status(self, args: list[str]) -> str:
        # as GNU Go: no vertex, pass or a point off the board is an invalid coordinate; more words are ignored
        point = parse_vertex(args[0], self.size) if args else None
        if point is None:
            raise GtpError("invalid coordinate")
        state = self.state
        if state.unconditional is None:
            state.unconditional = unconditional_status(state.board)
        return state.unconditional[self._id(point)].value

    def _final_score(self, args: list[str]) -> str:
        game = self.game_result()
        if game.result is None:
            raise GtpError("cannot score: " + "; ".join(game.warnings))
        return game.result

    def _analyze_commands(self, args: list[str]) -> str:
        """GoGui's menu: the settings dialog, then the analyses, each under the settings chosen there."""
        lines = [
            "param/Settings (variant, suicide rules, territory, ownership)/passalive-param",
            "gfx/Pass-alive stones and territory/passalive-pass-alive",
            "gfx/Ownership/passalive-ownership",
        ]
        lines.append("sboard/Pass-alive board/passalive-sboard")
        lines.append("gfx/Eyes (real, false)/passalive-eyes")
        lines.append("string/Seki score/passalive-score")
        lines.append("gfx/Capture witness/passalive-capture %p")
        lines.append("string/Explain chain/passalive-explain %p")
        return "\n".join(lines)

    def _gfx_pass_alive(self, args: list[str]) -> str:
        result = self._checked(*self._options(args))
        board = result.board
        alive = result.alive_points(Colour.BLACK) | result.alive_points(Colour.WHITE)
        lines = []
        if alive:
            lines.append("CIRCLE " + self._vertices(board, alive))
        for c, word in ((Colour.BLACK, "BLACK"), (Colour.WHITE, "WHITE")):
            if result.territory(c):
                lines.append(f"{word} " + self._vertices(board, result.territory(c)))
        counts = ", ".join(f"{c.value} {len(result.alive_points(c))} stones" for c in STONE_COLOURS)
        lines.append(f"TEXT {result.variant} suicide={result.suicide.value}: pass-alive {counts}")
        return "\n".join(lines)

    def _sboard(self, args: list[str]) -> str:
        result = self._checked(*self._options(args))
        board = result.board
        from passalive.tools.figures import analysis_marks

        marks = analysis_marks(result)
        rows = []
        for y in range(self.size):
            rows.append(
                " ".join(marks.get(p, '""') if (p := board.at(x, y)) is not None else '""' for x in range(self.size))
            )
        return "\n" + "\n".join(rows)

    def _gfx_eyes(self, args: list[str]) -> str:
        from passalive.tools.eyes import classify

        board = self.board()
        report = classify(board)
        lines = []
        if report.real:
            lines.append("CIRCLE " + self._vertices(board, report.real))
        if report.false:
            lines.append("MARK " + self._vertices(board, report.false))
        lines.append(f"TEXT eyes: {len(report.real)} real, {len(report.false)} false ({report.variant})")
        return "\n".join(lines)

    def _string_score(self, args: list[str]) -> str:
        game = self.game_result()
        scored = game.score
        b, w = scored.points[Colour.BLACK], scored.points[Colour.WHITE]
        board = game.board
        seki = "; ".join(" ".join(board.names(chain.stones)) for chain in game.seki) or "none"
        low, high = game.margin_range
        proof = "proven" if game.result_proven else f"not proven: {result_text(low)} to {result_text(high)}"
        return (f"{game.rules} score: black {b}, white {w}, komi {self.komi:g}: {game.result or 'no result'} ({proof}); "
                f"seki: {seki}; unsettled: {len(game.chains_with(ChainState.UNSETTLED))} chain(s)")

    def _chain_at(self, args: list[str]) -> tuple[Board, int]:
        if len(args) != 1:
            raise GtpError("syntax error")
        point = parse_vertex(args[0], self.size)
        if point is None:
            raise GtpError("invalid coordinate")
        board = self.board()
        p = self._id(point)
        chain = board.chain_at[p]
        if chain is None:
            raise GtpError("no stone at " + args[0].upper())
        return board, chain

    def _gfx_capture(self, args: list[str]) -> str:
        from passalive.solver.strategies import greedy_capture

        board, chain = self._chain_at(args)
        owner = board.chains[chain].colour
        moves = greedy_capture(board, owner, chain, self.suicide_rule)
        if moves is None:
            result = self.analysis()
            verdict = "pass-alive" if chain in result.alive(owner) else "no quick capture found"
            return f"TEXT {verdict}"
        attacker = owner.opponent
        parts = []
        for i, p in enumerate(moves):
            if i:
                parts.append(f"{owner.value[0]} pass")
            parts.append(f"{attacker.value[0]} {'pass' if p is None or p >= len(board.points) else board.name(p)}")
        count = f"{len(moves)} move{'s' if len(moves) != 1 else ''}"
        return "VAR " + " ".join(parts) + f"\nTEXT {attacker.value} captures in {count}, {owner.value} passing"

    def _string_explain(self, args: list[str]) -> str:
        board, chain = self._chain_at(args)
        return self.analysis().explain(chain)


def _replay(game: Game, before: int | None) -> tuple[list[_State], Colour | None, list[str]]:
    """The engine's history for a game's main line up to the position before
    move `before` (all of it when None): a state per node, each with its ko
    and prisoners; who moves next (the mover of move `before`, else the
    opponent of the last mover; None before any move); the record's notes on
    forbidden moves (`file:line:col: warning: ...`)."""
    adjacency = game.empty_board.adjacency
    history: list[_State] = []
    notes: list[str] = []
    last: Colour | None = None
    previous: tuple[Colour, ...] | None = None
    for position in game.positions():
        step = position.step
        if before is not None and step.colour is not None and position.move >= before:
            if step.black or step.white or step.empty:  # the node's setup comes before its move
                recoloured = {p: colour for name, colour in _SETUP for p in getattr(step, name)}
                base = history[-1] if history else _State(game.empty_board)
                history.append(_State(base.board.with_colours(recoloured), None, dict(base.captures)))
            last = step.colour.opponent  # so that the next mover is move `before`'s
            break
        ko = None
        if step.colour is not None and step.point is not None and previous is not None:
            opponent = step.colour.opponent
            taken = [p for p, c in enumerate(previous) if c is opponent and position.colours[p] is Colour.EMPTY]
            point = simple_ko(position.colours, adjacency, step.point, step.colour, Colour.EMPTY, taken)
            ko = (point, opponent) if point is not None else None
        if step.colour is not None:
            last = step.colour
        captures = {Colour.BLACK: position.prisoners[0], Colour.WHITE: position.prisoners[1]}
        history.append(_State(position.board, ko, captures, to_move=last.opponent if last else Colour.BLACK))
        where = position.location or game.path
        notes.extend(f"{where}: warning: {warning}" for warning in position.warnings)
        previous = position.colours
    if not history:  # move 1 is in the root node: before it, the empty board
        history.append(_State(game.empty_board))
    return history, last.opponent if last is not None else None, notes


_SETUP = (("black", Colour.BLACK), ("white", Colour.WHITE), ("empty", Colour.EMPTY))
"""A step's setup lists and the colour each sets."""


def read_regular_file(path: str) -> bytes:
    """The bytes of a regular file of at most MAX_FILE_BYTES, or a GtpError.

    The file is opened without blocking and checked before anything is read,
    so a FIFO, a device such as /dev/zero, or a directory is refused at once,
    and at most MAX_FILE_BYTES + 1 bytes are ever read.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise GtpError(f"cannot load file: {path}: no such file") from None
    except (OSError, ValueError) as error:  # ValueError: a NUL in the name
        raise GtpError(f"cannot load file: {path}: {getattr(error, 'strerror', None) or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise GtpError(f"cannot load file: {path}: not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise GtpError(f"cannot load file: {path}: larger than {MAX_FILE_BYTES // (1 << 20)} MiB (docs/limits.md)")
        chunks: list[bytes] = []
        size = 0
        while chunk := os.read(fd, min(1 << 20, MAX_FILE_BYTES + 1 - size)):
            chunks.append(chunk)
            size += len(chunk)
            if size > MAX_FILE_BYTES:
                raise GtpError(f"cannot load file: {path}: larger than {MAX_FILE_BYTES // (1 << 20)} MiB (docs/limits.md)")
        return b"".join(chunks)
    except OSError as error:
        raise GtpError(f"cannot load file: {path}: {error.strerror}") from None
    finally:
        os.close(fd)


def _joined(first: str | None, second: str | None) -> str | None:
    """Two pieces of output, either of which may be None."""
    if first is None:
        return second
    return first if second is None else first + second


_INBOX_LINES = 16
"""Input lines read ahead while a command runs (each at most MAX_GTP_LINE_BYTES)."""


def _one_line(error: PassaliveError) -> str:
    """An error as one line of a GTP response: `file:line:col: message`."""
    return f"{error.location}: {error.message}" if error.location is not None else error.message


_ID_DIGITS = 18
"""The most digits of a command id (GTP's ids are integers; 18 digits fit in 64 bits)."""


def _words(text: str) -> list[str]:
    """A command's words: control characters dropped and tabs made spaces (GTP 2, section 3.1)."""
    kept = "".join(c for c in text if c == "\t" or c == "\n" or ord(c) >= 32 and ord(c) != 127)
    return kept.replace("\t", " ").split()


__all__ = [
    "GtpEngine", "GtpError", "number", "parse_vertex", "read_fd_lines", "read_lines", "read_regular_file", "real",
    "vertex",
]
