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
* `gogui-analyze_commands` and the analysis commands it lists, as `gfx`,
  `sboard` and `string` commands: pass-alive stones and territory for every
  variant and suicide rule, eyes, the seki score, and a capture witness for
  the chain at a point.

A command that is unknown or malformed gets `? message`, and the engine
keeps running; moves are checked by the rules (occupied points, suicide
unless the rule allows it, simple ko).  The position is a passalive `Board`
played by passalive's one capture rule and its simple-ko rule
(`passalive.go.play`), under `suicide_rule`; sgfmill reads the files of
`loadsgf`.

Responses follow the protocol: `=[id] result` or `?[id] message`, then an
empty line.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from sgfmill import sgf, sgf_moves

from passalive.definitions.analysis import Analysis, analyse
from passalive.definitions.variants import VARIANTS
from passalive.errors import IllegalMoveError
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.coords import GTP_LETTERS
from passalive.go.game import empty_board
from passalive.go.play import simple_ko
from passalive.go.suicide import Suicide
from passalive.tools.result import GameResult, result_text
from passalive.tools.settle import ChainStatus, Status

PROTOCOL_VERSION = "2"
MAX_SIZE = len(GTP_LETTERS)
"""GTP names columns A–Z without I: at most 25."""


class GtpError(Exception):
    """A command that cannot be carried out; its message is the `?` response."""


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
    if len(text) < 2 or text[0] not in GTP_LETTERS or not text[1:].isdigit():
        raise GtpError("invalid coordinate")
    column = GTP_LETTERS.index(text[0])
    row = int(text[1:]) - 1
    if not (0 <= column < size and 0 <= row < size):
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


@dataclass
class GtpEngine:
    """The engine's state and its command table; `handle(line)` answers one line."""

    size: int = 19
    komi: float = 7.5
    suicide_rule: Suicide = Suicide.ILLEGAL
    variant: str | None = None
    territory: str = "healthy"
    rules: str = "japanese"
    """The counting rules of `final_score` (a loaded record's `RU` sets them)."""
    handicap: int = 0
    history: list[_State] = field(default_factory=list)
    done: bool = False

    def __post_init__(self) -> None:
        self.history = [_State(empty_board(self.size))]
        self.commands: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": lambda args: PROTOCOL_VERSION,
            "name": lambda args: "passalive",
            "version": lambda args: _version(),
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
            "final_score": self._final_score,
            "gogui-analyze_commands": self._analyze_commands,
            "passalive-pass-alive": self._gfx_pass_alive,
            "passalive-sboard": self._sboard,
            "passalive-eyes": self._gfx_eyes,
            "passalive-score": self._string_score,
            "passalive-capture": self._gfx_capture,
            "passalive-explain": self._string_explain,
        }

    # ------------------------------------------------------------- protocol

    def handle(self, line: str) -> str | None:
        """The response to one input line (None for an empty or comment line)."""
        text = "".join(c for c in line.split("#", 1)[0] if c == "\t" or c == "\n" or ord(c) >= 32 and ord(c) != 127)
        text = text.replace("\t", " ").strip()
        if not text:
            return None
        words = text.split()
        ident = ""
        if words[0].isdigit():
            ident = words.pop(0)
            if not words:
                return f"?{ident} missing command\n\n"
        name, args = words[0], words[1:]
        handler = self.commands.get(name)
        if handler is None:
            return f"?{ident} unknown command\n\n"
        try:
            result = handler(args)
        except GtpError as error:
            return f"?{ident} {error}\n\n"
        except Exception as bug:  # a bug must not end a GUI's session
            return f"?{ident} internal error: {type(bug).__name__}: {bug}\n\n"
        return f"={ident} {result}".rstrip(" ") + "\n\n" if result else f"={ident}\n\n"

    def run(self, lines: Iterable[str], write: Callable[[str], object], flush: Callable[[], object] = lambda: None) -> None:
        """Answer lines until `quit` or the end of the input."""
        for line in lines:
            response = self.handle(line)
            if response is not None:
                write(response)
                flush()
            if self.done:
                break

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
        if len(args) != 1 or not args[0].isdigit():
            raise GtpError("syntax error")
        size = int(args[0])
        if not 1 <= size <= MAX_SIZE:
            raise GtpError("unacceptable size")
        self.size = size
        self.history = [_State(empty_board(size))]
        return ""

    def _clear_board(self, args: list[str]) -> str:
        self.history = [_State(empty_board(self.size))]
        return ""

    def _komi(self, args: list[str]) -> str:
        try:
            value = float(args[0])
        except (IndexError, ValueError):
            raise GtpError("syntax error") from None
        if value != value or value in (float("inf"), float("-inf")):
            raise GtpError("syntax error")
        self.komi = value
        return ""

    def play(self, colour: Colour, point: tuple[int, int] | None) -> None:
        """Play a move by the rules (GtpError `illegal move` otherwise)."""
        state = self.state
        captures = dict(state.captures)
        if point is None:
            self.history.append(_State(state.board, None, captures))
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
        self.history.append(_State(board, (ko, opponent) if ko is not None else None, captures))

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
        if not args:
            raise GtpError("syntax error")
        try:
            with open(args[0], "rb") as handle:
                game = sgf.Sgf_game.from_bytes(handle.read())
        except OSError:
            raise GtpError("cannot load file") from None
        except ValueError as error:
            raise GtpError(f"cannot load file: {error}") from None
        limit = None
        if len(args) > 1:
            if not args[1].isdigit():
                raise GtpError("syntax error")
            limit = int(args[1]) - 1  # the position before that move
        size = game.get_size()
        if not 1 <= size <= MAX_SIZE:
            raise GtpError("unacceptable size")
        try:
            setup, moves = sgf_moves.get_setup_and_moves(game)
        except ValueError as error:
            raise GtpError(f"cannot load file: {error}") from None
        self.size = size
        stones = {self._id(point): Colour.BLACK if mover == "b" else Colour.WHITE for mover, point in setup.list_occupied_points()}
        self.history = [_State(empty_board(size).with_colours(stones))]
        try:
            self.komi = float(game.get_komi())
        except (KeyError, ValueError):
            pass
        last = None
        for number, (mover, point) in enumerate(moves, 1):
            if limit is not None and number > limit:
                break
            if mover is None:
                continue
            colour = Colour.BLACK if mover == "b" else Colour.WHITE
            try:
                self.play(colour, point)
            except GtpError:
                raise GtpError(f"illegal move {number} in the file") from None
            last = colour
        return (last.opponent if last is not None else Colour.BLACK).value

    def _showboard(self, args: list[str]) -> str:
        from passalive.output.render import render_plain

        captures = self.state.captures
        text = render_plain(self.board()).rstrip("\n")
        return f"\n{text}\ncaptured: black {captures[Colour.BLACK]}, white {captures[Colour.WHITE]}; komi {self.komi:g}"

    # -------------------------------------------------------------- analyses

    def analysis(self, variant: str | None = None, suicide: Suicide | None = None) -> Analysis:
        """The current position analysed (defaults: the engine's variant and suicide rule)."""
        rule = suicide or self.suicide_rule
        return analyse(self.board(), variant=variant or self.variant, suicide=rule, territory=self.territory)

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
        """The position scored as `passalive score` scores it: every chain's status and evidence, the result."""
        from passalive.tools.result import score_game

        return score_game(self.board(), komi=self.komi, handicap=self.handicap, captures=dict(self.state.captures),
                          rules=self.rules, suicide=self.suicide_rule)

    def _final_status_list(self, args: list[str]) -> str:
        if len(args) != 1 or args[0] not in ("alive", "dead", "seki"):
            raise GtpError("syntax error")
        game = self.game_result()

        def ending(chain: ChainStatus) -> str:
            return "dead" if chain.ends_dead else "seki" if chain.ends_in_seki else "alive"

        board = game.board
        return "\n".join(self._vertices(board, c.stones) for c in game.settlement.chains if ending(c) == args[0])

    def _final_score(self, args: list[str]) -> str:
        game = self.game_result()
        if game.result is None:
            raise GtpError("cannot score: " + "; ".join(game.warnings))
        return game.result

    def _analyze_commands(self, args: list[str]) -> str:
        lines = []
        for name, variant in VARIANTS.items():
            for rule in sorted(variant.suicide, key=lambda r: list(Suicide).index(r)):
                lines.append(f"gfx/Pass-alive {name} (suicide {rule.value})/passalive-pass-alive {name} {rule.value}")
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
                f"seki: {seki}; unsettled: {len(game.chains_with(Status.UNSETTLED))} chain(s)")

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


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("passalive")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree
        return "0"


def lines_of(stream: Iterable[str]) -> Iterator[str]:
    """Input lines, with the line ending dropped."""
    for line in stream:
        yield line.rstrip("\r\n")


__all__ = ["GtpEngine", "GtpError", "parse_vertex", "vertex"]
