"""Results as SGF markup (`--format sgf`): which marks stand for what, with a legend in C[].

* analyse: `CR` pass-alive stones, `SQ` the empty points of the healthy
  (vital) regions they count, `TB`/`TW` territory, `MA` dead stones in it;
  each variant on its own node (the first on the main line, the others as
  variations), every chain's explanation in the comment, and the diagram's
  `{CAPTURE}` lines as variations of moves (the owner passing);
* verify: `CR` the stones the variant claims pass-alive, `MA` contradicted
  chains, and every capturing sequence found as a variation;
* eyes: `CR` real eyes, `MA` false eyes, `TR` where the variants disagree;
* score: `TB`/`TW` territory, `TR` seki, `MA` dead stones;
* show: the diagram's own marks and labels (move numbers as labels).

`marked_nodes` puts an analysis on every position of a sequence (a game's
nodes), so a viewer stepping through it sees when each chain became pass-alive.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from passalive.definitions.analysis import Analysis, analyse
from passalive.errors import UsageError
from passalive.go.board import STONE_COLOURS, Board, Colour, MarkKind
from passalive.go.diagram import Diagram
from passalive.output.sgf import SgfMarks, SgfNode, game_sgf
from passalive.tools.eyes import EyeReport, disagreements
from passalive.tools.layers import analysis_layers
from passalive.tools.score import Score

if TYPE_CHECKING:
    from passalive.tools.verify import Verification

ANALYSIS_LEGEND = (
    "passalive marks: CR circle = pass-alive stone; SQ square = empty point of a {word} region "
    "a pass-alive chain counts; TB/TW = black/white pass-alive territory; MA cross = dead stone in it."
)
VERIFY_LEGEND = "passalive marks: CR circle = claimed pass-alive; MA cross = claim contradicted by the game."
EYES_LEGEND = "passalive marks: CR circle = real eye; MA cross = false eye; TR triangle = the variants disagree."
SCORE_LEGEND = "passalive marks: TB/TW = black/white territory; TR triangle = seki; MA cross = dead stone."


def analysis_marks(result: Analysis) -> SgfMarks:
    """One analysis as SGF marks."""
    layers = analysis_layers(result)
    board = result.board
    territory = {c: result.territory(c) for c in STONE_COLOURS}
    dead = frozenset(p for c in STONE_COLOURS for p in territory[c] if board.colours[p] is not Colour.EMPTY)
    return SgfMarks(
        circle=layers.alive,
        square=layers.healthy - territory[Colour.BLACK] - territory[Colour.WHITE],
        cross=dead,
        territory=territory,
    )


COMMENTS = ("short", "full")
"""How much each node of a game analysed node by node says: `short`, the verdicts (the
pass-alive stones of each colour); `full`, every chain's explanation as well."""


def analysis_comment(result: Analysis, title: str = "", *, full: bool = True) -> str:
    """The legend, the verdict per colour, and (when `full`) every chain's explanation."""
    board = result.board
    word = "vital" if result.variant in ("benson", "wikipedia") else "healthy"
    lines = [title] if title else []
    lines.append(f"{result.variant}, suicide={result.suicide.value}")
    lines.append(ANALYSIS_LEGEND.format(word=word))
    for colour in STONE_COLOURS:
        names = board.names(result.alive_points(colour))
        lines.append(f"{colour.value} pass-alive: {' '.join(names) if names else 'none'}")
    if full:
        lines += [result.explain(chain.index) for chain in board.chains]
    return "\n".join(lines)


def _capture_line(board: Board, by: Colour, moves: Sequence[int | None]) -> list[SgfNode]:
    """A capturing sequence as move nodes: the attacker's moves, the owner passing between them."""
    nodes: list[SgfNode] = []
    for i, p in enumerate(moves):
        if i > 0:
            nodes.append(SgfNode(board, move=(by.opponent, None)))
        inside = p if p is not None and p < len(board.points) else None
        note = "" if p is None or inside is not None else "played beyond the cut-out"
        nodes.append(SgfNode(board, move=(by, inside), comment=note))
    return nodes


def analysis_sgf(diagram: Diagram, results: Sequence[Analysis]) -> str:
    """A diagram's analyses as one SGF game tree (see the module docstring)."""
    board = diagram.board
    title = diagram.title or ""
    nodes = [SgfNode(board, analysis_marks(results[0]), analysis_comment(results[0], title), results[0].variant)]
    variations: list[tuple[int, Sequence[SgfNode]]] = [
        (0, [SgfNode(board, analysis_marks(r), analysis_comment(r, title), r.variant)]) for r in results[1:]
    ]
    for claim in diagram.captures:
        line = _capture_line(board, claim.by, claim.moves)
        if line:
            head = line[0]
            line[0] = SgfNode(head.board, head.marks, f"CAPTURE by {claim.by.value} (suicide={claim.suicide.value})",
                              move=head.move)
            variations.append((0, line))
    return game_sgf(nodes, variations)


def analysis_line_sgf(
    line: Sequence[tuple[Board, tuple[Colour, int | None] | None]],
    results: Sequence[Analysis],
    title: str = "",
    game_info: Mapping[str, object] | None = None,
) -> str:
    """A game's position analysed, as SGF that keeps the game: every node of `line` (its board and
    the move that led to it, None for setup; the root first) up to the position analysed, which
    is the last and carries the marks and comment of `results[0]`; the other analyses branch
    off as variations playing the same move.  `game_info`: the record's KM, PB, PW, RE, ...
    """
    *before, (board, move) = line
    nodes = [SgfNode(b, move=m if i > 0 else None) for i, (b, m) in enumerate(before)]
    last_move = move if before else None
    nodes.append(SgfNode(board, analysis_marks(results[0]), analysis_comment(results[0], title), results[0].variant, last_move))
    branch = max(len(nodes) - 2, 0)
    variations: list[tuple[int, Sequence[SgfNode]]] = [
        (branch, [SgfNode(board, analysis_marks(r), analysis_comment(r, title), r.variant, last_move)]) for r in results[1:]
    ]
    return game_sgf(nodes, variations, game_info=game_info)


def analysed_node(
    board: Board,
    move: tuple[Colour, int | None] | None,
    results: Sequence[Analysis],
    title: str = "",
    comments: str = "short",
) -> SgfNode:
    """One position of a game as an SGF node: the first analysis' marks, every analysis' comment.

    `move` is the move that led to the position (None: it is reached by setup);
    `comments` one of COMMENTS (a game of 300 nodes with every chain explained
    at every node runs to megabytes).
    """
    full = _full(comments)
    comment = "\n\n".join(analysis_comment(r, title if i == 0 else "", full=full) for i, r in enumerate(results))
    return SgfNode(board, analysis_marks(results[0]), comment, move=move)


def _full(comments: str) -> bool:
    if comments not in COMMENTS:
        raise UsageError(f"unknown comments {comments!r}; use one of: {', '.join(COMMENTS)}")
    return comments == "full"


def analysed_game_sgf(
    positions: Sequence[tuple[Board, tuple[Colour, int | None] | None, Analysis]], title: str = "", comments: str = "short"
) -> str:
    """A game whose every node carries its analysis' marks and comment (`comments`: see COMMENTS).

    Each position is (board, the move that led to it or None for setup, its
    analysis); the first is the root.  This is what an `--all-nodes` analysis
    of a game writes as SGF, so a viewer stepping through the game sees when
    each chain became pass-alive.
    """
    return game_sgf([
        analysed_node(board, move, [result], title if i == 0 else "", comments)
        for i, (board, move, result) in enumerate(positions)
    ])


def marked_nodes(boards: Sequence[Board], moves: Sequence[tuple[Colour, int | None] | None], **options: Any) -> str:
    """Every position of a sequence analysed and marked (`moves[i]` led to `boards[i]`; None: setup).

    `options` are passed to `analyse` (variant, suicide, territory).
    """
    return analysed_game_sgf(
        [(board, move, analyse(board, **options)) for board, move in zip(boards, moves)]
    )


def verification_sgf(diagram: Diagram, verification: Verification) -> str:
    """A verification: claims marked, contradictions crossed, capturing sequences as variations."""
    from passalive.solver.truth import Status

    board = verification.board
    chains = board.chains
    claimed = frozenset(p for v in verification.chains if v.claim_alive for p in chains[v.chain].points)
    bad = frozenset(p for v in verification.contradictions for p in chains[v.chain].points)
    lines = [diagram.title or "", f"verify {verification.variant}, suicide={verification.suicide.value}", VERIFY_LEGEND]
    for v in verification.chains:
        lines.append(f"{v.colour.value} {' '.join(board.names(chains[v.chain].points))}: claim {v.claim}; {v.result.value}")
    root = SgfNode(board, SgfMarks(circle=claimed, cross=bad), "\n".join(x for x in lines if x))
    variations: list[tuple[int, Sequence[SgfNode]]] = []
    for v in verification.chains:
        if v.result is Status.CAPTURED and v.sequence:
            line = _capture_line(board, v.colour.opponent, list(v.sequence))
            name = board.names(chains[v.chain].points)[0]
            line[0] = SgfNode(board, SgfMarks(), f"{v.colour.opponent.value} captures {name}", move=line[0].move)
            variations.append((0, line))
    return game_sgf([root], variations)


def eyes_sgf(diagram: Diagram, reports: Mapping[str, EyeReport]) -> str:
    """Eye verdicts as marks."""
    board = diagram.board
    differ = disagreements(reports)
    first = next(iter(reports.values()))
    real = frozenset(v.eye.point for v in first.verdicts if v.real) - differ
    false = frozenset(v.eye.point for v in first.verdicts if not v.real) - differ
    lines = [diagram.title or "", f"eyes: {', '.join(reports)}", EYES_LEGEND]
    return game_sgf([SgfNode(board, SgfMarks(circle=real, cross=false, triangle=differ), "\n".join(x for x in lines if x))])


def score_sgf(diagram: Diagram, result: Score) -> str:
    """A scored position as marks, the score in the comment."""
    lines = [
        diagram.title or "",
        SCORE_LEGEND,
        f"score ({result.rules}): black {result.points[Colour.BLACK]}, white {result.points[Colour.WHITE]}",
    ]
    marks = SgfMarks(territory=dict(result.territory), triangle=result.seki_points, cross=result.dead)
    return game_sgf([SgfNode(result.board, marks, "\n".join(x for x in lines if x))])


_SHAPES = {MarkKind.CIRCLE: "circle", MarkKind.SQUARE: "square", MarkKind.TRIANGLE: "triangle", MarkKind.CROSS: "cross"}


def diagram_sgf(diagram: Diagram) -> str:
    """A diagram with its own marks; labels and move numbers as `LB`."""
    board = diagram.board
    shapes: dict[str, set[int]] = {name: set() for name in _SHAPES.values()}
    labels: dict[int, str] = {}
    for point in board.points:
        mark = point.mark
        if mark is None:
            continue
        if mark.kind in _SHAPES:
            shapes[_SHAPES[mark.kind]].add(point.id)
        elif mark.kind in (MarkKind.LABEL, MarkKind.MOVE) and mark.text:
            labels[point.id] = mark.text
    marks = SgfMarks(
        circle=frozenset(shapes["circle"]),
        square=frozenset(shapes["square"]),
        triangle=frozenset(shapes["triangle"]),
        cross=frozenset(shapes["cross"]),
        labels=labels,
    )
    return game_sgf([SgfNode(board, marks, diagram.title or "")])


__all__ = [
    "analysed_game_sgf", "analysis_comment", "analysis_line_sgf", "analysis_marks", "analysis_sgf", "COMMENTS", "diagram_sgf", "eyes_sgf", "marked_nodes",
    "score_sgf", "verification_sgf",
]
