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

from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:  # the names below are imported on first use (`__getattr__`)
    from passalive.definitions.analysis import VARIANTS, Analysis, analyse
    from passalive.go.board import Board, Chain, Colour, Mark, MarkKind, Point, Region, Side
    from passalive.go.diagram import Diagram
    from passalive.go.markup import Annotation, CaptureClaim, Expectation, Move
    from passalive.go.game import Game, GameInfo, Position, Step
    from passalive.grammar.read import parse_diagrams, read_diagrams
    from passalive.grammar.sgf import read_game_file as read_games
    from passalive.output.render import board_json, diagram_json, diagrams_json, render_plain, render_sensei
    from passalive.go.suicide import Suicide
    from passalive.tools.eyes import EyeReport, classify as eyes
    from passalive.tools.result import GameResult, score_game
    from passalive.tools.score import Score, score
    from passalive.tools.settle import SearchBudget, Settlement, settle
    from passalive.tools.verify import ChainVerdict, Verification, verify

    __version__: str

_LAZY: dict[str, tuple[str, str]] = {
    # public name: (module, its name there)
    **{name: ("passalive.definitions.analysis", name) for name in ("VARIANTS", "Analysis", "analyse")},
    **{name: ("passalive.go.board", name) for name in ("Board", "Chain", "Colour", "Mark", "MarkKind", "Point", "Region", "Side")},
    "Diagram": ("passalive.go.diagram", "Diagram"),
    **{name: ("passalive.go.markup", name) for name in ("Annotation", "CaptureClaim", "Expectation", "Move")},
    **{name: ("passalive.go.game", name) for name in ("Game", "GameInfo", "Position", "Step")},
    **{name: ("passalive.grammar.read", name) for name in ("parse_diagrams", "read_diagrams")},
    "read_games": ("passalive.grammar.sgf", "read_game_file"),
    **{name: ("passalive.output.render", name)
       for name in ("board_json", "diagram_json", "diagrams_json", "render_plain", "render_sensei")},
    "Suicide": ("passalive.go.suicide", "Suicide"),
    "EyeReport": ("passalive.tools.eyes", "EyeReport"),
    "eyes": ("passalive.tools.eyes", "classify"),
    **{name: ("passalive.tools.result", name) for name in ("GameResult", "score_game")},
    **{name: ("passalive.tools.score", name) for name in ("Score", "score")},
    **{name: ("passalive.tools.settle", name) for name in ("SearchBudget", "Settlement", "settle")},
    **{name: ("passalive.tools.verify", name) for name in ("verify", "Verification", "ChainVerdict")},
}
"""Every public name but the errors, imported from its module when first asked for: `import passalive`
(and with it every command, since `passalive.cli` lives in this package) pays only for what it uses.
`passalive.tools.verify` brings Z3 in (about 0.5 s); the rule engine and Lark come with the
modules that need them."""


def _load_pictures() -> None:
    """Register the notebook pictures (`_repr_svg_` of Board, Analysis, Verification), which
    `passalive.tools.figures` provides: imported when a notebook first asks for a picture."""
    import passalive.tools.figures  # noqa: F401 - registers its painters


def _register_pictures() -> None:
    from passalive.go.display import register_loader

    register_loader(_load_pictures)


_register_pictures()


def __getattr__(name: str) -> Any:
    """A public name, imported from its module on first use and then kept in the package."""
    if name == "__version__":
        from passalive.version import installed_version

        value: Any = installed_version()
    elif name in _LAZY:
        from importlib import import_module

        module, attribute = _LAZY[name]
        value = getattr(import_module(module), attribute)
    else:
        raise AttributeError(f"module 'passalive' has no attribute {name!r}")
    globals()[name] = value
    return value


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
