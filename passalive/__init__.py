"""passalive: decide which stones of a Go position are pass-alive, and prove it.

The public API: read diagrams (Sensei's Library markup, plain boards, SGF)
into `Diagram`s holding `Board`s, write them back, and `analyse` a board
under one of the variants of Benson's definition.  Game records (SGF):

    for game in passalive.read_games("games.sgf"):
        for position in game.positions():      # replayed node by node, no re-reading
            result = passalive.analyse(position.board, suicide=position.suicide)
            position.board.names(result.alive_points("black"))   # GTP names
"""

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
import passalive.tools.figures  # noqa: F401,E402 - registers the notebook pictures (`_repr_svg_`)

__all__ = [
    "VARIANTS",
    "Analysis",
    "analyse",
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
