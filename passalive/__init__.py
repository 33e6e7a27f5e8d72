"""passalive: decide which stones of a Go position are pass-alive, and prove it.

The public API: read diagrams (Sensei's Library markup, plain boards, SGF)
into `Diagram`s holding `Board`s, write them back, and `analyse` a board
under one of the variants of Benson's definition.  Game records (SGF):

    for game in passalive.read_games("games.sgf"):
        for position in game.positions():      # replayed node by node, no re-reading
            result = passalive.analyse(position.board, suicide=position.suicide)
            result.alive_names("black")          # GTP names of the pass-alive black stones

Beside `analyse`: `verify` (each chain's claim put to the game: proven,
captured with a sequence, or unknown), `score` (a finished position counted
with seki detection), `score_game` (a finished game: every chain's status with
its evidence, the result and whether it is proven) and `eyes` (the instant eye tester).  Every
public name is listed in docs/api.md of the source.
"""

from importlib.metadata import PackageNotFoundError, version as _version
from typing import TYPE_CHECKING, Any

from passalive.definitions.analysis import VARIANTS, Analysis, analyse
from passalive.go.board import Board, Chain, Colour, Mark, MarkKind, Point, Region, Side
from passalive.go.diagram import Annotation, CaptureClaim, Diagram, Expectation, Move
from passalive.errors import (
    BudgetError,
    IllegalMoveError,
    IllegalPositionError,
    InputError,
    Location,
    OutputError,
    PassaliveError,
    UsageError,
)
from passalive.go.game import Game, GameInfo, Position, Step
from passalive.grammar.read import parse_diagrams, read_diagrams
from passalive.grammar.sgf import read_game_file as read_games
from passalive.output.render import board_json, diagram_json, diagrams_json, render_plain, render_sensei
from passalive.go.suicide import Suicide
from passalive.tools.eyes import EyeReport, classify as eyes
from passalive.tools.result import GameResult, score_game
from passalive.tools.score import Score, score
from passalive.tools.settle import SearchBudget, Settlement, settle
import passalive.tools.figures  # noqa: F401,E402 - registers the notebook pictures (`_repr_svg_`)

if TYPE_CHECKING:
    from passalive.tools.verify import ChainVerdict, Verification, verify

try:
    __version__ = _version("passalive")
except PackageNotFoundError:  # pragma: no cover - a source tree on sys.path, not installed
    __version__ = "unknown"

_LAZY = {"verify", "Verification", "ChainVerdict"}
"""Names imported on first use: `passalive.tools.verify` brings Z3 in, about 0.5 s, which
`import passalive` (and every command that does not verify) should not pay."""


def __getattr__(name: str) -> Any:
    """`verify`, `Verification`, `ChainVerdict`: imported from `passalive.tools.verify` when first asked for."""
    if name in _LAZY:
        from passalive.tools import verify as module

        return getattr(module, name)
    raise AttributeError(f"module 'passalive' has no attribute {name!r}")


__all__ = [
    "__version__",
    "VARIANTS",
    "Analysis",
    "analyse",
    "verify",
    "Verification",
    "ChainVerdict",
    "score",
    "Score",
    "score_game",
    "GameResult",
    "settle",
    "Settlement",
    "SearchBudget",
    "eyes",
    "EyeReport",
    "Annotation",
    "Board",
    "BudgetError",
    "CaptureClaim",
    "Chain",
    "Colour",
    "Diagram",
    "Expectation",
    "Game",
    "GameInfo",
    "IllegalMoveError",
    "IllegalPositionError",
    "InputError",
    "Location",
    "Mark",
    "MarkKind",
    "Move",
    "OutputError",
    "PassaliveError",
    "Position",
    "Step",
    "Point",
    "Region",
    "Side",
    "Suicide",
    "UsageError",
    "board_json",
    "diagram_json",
    "diagrams_json",
    "parse_diagrams",
    "read_diagrams",
    "read_games",
    "render_plain",
    "render_sensei",
]
