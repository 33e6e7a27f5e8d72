"""Pictures of results: analyses, eye verdicts, scores and capturing sequences as SVG `Layers`.

`passalive.output.svg` draws a board and point sets; this module (a layer
above the analyses) says which points of a result go into which layer, so
every command and the HTML report draw the same result the same way:

    from passalive.tools.figures import analysis_svg
    svg = analysis_svg(analyse(board))            # pass-alive stones, territory, healthy regions

`write_figures` writes a list of (name, svg) to one file each in a folder, or
one picture to standard output.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from passalive.definitions.analysis import Analysis
from passalive.errors import UsageError
from passalive.go.board import Board, Colour, Mark, MarkKind
from passalive.go.diagram import Diagram
from passalive.go.suicide import Suicide
from passalive.output.render import render_sensei
from passalive.output.svg import Layers, NumberedMove, board_svg, numbered
from passalive.output.files import write_file
from passalive.tools.eyes import EyeReport, disagreements
from passalive.tools.board_marks import analysis_marks
from passalive.tools.layers import analysis_layers
from passalive.tools.score import Score

if TYPE_CHECKING:
    from passalive.tools.explore.search import Finding
    from passalive.tools.verify import Verification

def analysis_svg(result: Analysis, title: str | None = None) -> str:
    """One analysis as an SVG picture (title: the variant and rule unless given)."""
    if title is None:
        title = f"{result.variant}, suicide={result.suicide.value}"
    return board_svg(result.board.without_marks(), analysis_layers(result), title=title)


def eyes_layers(reports: Mapping[str, EyeReport]) -> Layers:
    """Eye points real under every variant (green ring), false under every one (red cross).

    Where the variants disagree the point is drawn as both and a note names it.
    """
    if not reports:
        return Layers()
    differ = disagreements(reports)
    first = next(iter(reports.values()))
    real = frozenset(v.eye.point for v in first.verdicts if v.real and v.eye.point not in differ)
    false = frozenset(v.eye.point for v in first.verdicts if not v.real and v.eye.point not in differ)
    return Layers(real_eyes=real | differ, false_eyes=false | differ)


def eyes_svg(board: Board, reports: Mapping[str, EyeReport], title: str | None = None) -> str:
    """The eye tester's verdicts as an SVG picture."""
    layers = eyes_layers(reports)
    differ = disagreements(reports)
    if differ:
        layers = replace(layers, notes=("variants disagree on " + " ".join(board.names(differ)),))
    return board_svg(board, layers, title=title)


def score_layers(result: Score) -> Layers:
    """Territory, dead stones, seki regions and dame of a scored position."""
    return Layers(
        territory=dict(result.territory),
        dead=result.dead,
        seki=result.seki_points | result.false_eyes,
        dame=result.neutral - result.seki_points - result.false_eyes,
        notes=(
            f"score ({result.rules}): black {result.points[Colour.BLACK]}, white {result.points[Colour.WHITE]}",
        ),
    )


def score_svg(result: Score, title: str | None = None) -> str:
    """A scored position as an SVG picture."""
    return board_svg(result.board, score_layers(result), title=title)


def sequence_layers(board: Board, attacker: Colour, moves: Sequence[int | None], highlight: frozenset[int] = frozenset()) -> tuple[Board, Layers]:
    """A capturing sequence (the attacker's moves, the owner passing) as numbered stones.

    The attacker's moves take the odd numbers 1, 3, 5, ... and the owner's
    passes the even ones, as `passalive verify` writes them; a move beyond
    the board (an id past the last point: played beyond a cut-out) gets no
    stone.  Collisions are listed as `N at M`.
    """
    sequence = [
        NumberedMove(2 * i + 1, attacker, p if p is not None and p < len(board.points) else None)
        for i, p in enumerate(moves)
    ]
    drawn, layers = numbered(board.without_marks(), sequence)
    notes = [", ".join(layers.notes)] if layers.notes else []
    passes = [str(2 * i + 1) for i, p in enumerate(moves) if p is None]
    if passes:
        notes.append(f"{attacker.value} passes at {', '.join(passes)}")
    if len(moves) > 1:
        notes.append(f"{attacker.opponent.value} passes at every even number")
    return drawn, replace(layers, notes=tuple(notes), highlight=highlight, highlight_word="attacked")


def sequence_svg(board: Board, attacker: Colour, moves: Sequence[int | None], title: str | None = None,
                 target: frozenset[int] = frozenset()) -> str:
    """A capturing sequence as an SVG picture (`target`: the attacked stones, ringed red)."""
    drawn, layers = sequence_layers(board, attacker, moves, target)
    return board_svg(drawn, layers, title=title)


def diagram_svg(diagram: Diagram, title: str | None = None) -> str:
    """A diagram as drawn: its marks, and numbered stones with its own `N at M` collisions."""
    notes = tuple(
        f"{m.number} at {m.at}" for m in diagram.moves if m.at is not None
    )
    return board_svg(diagram.board, Layers(notes=notes), title=diagram.title if title is None else title)


def capture_svg(diagram: Diagram, by: Colour, moves: Sequence[int | None], suicide: Suicide) -> str:
    """A CAPTURE claim of a diagram as numbered stones."""
    return sequence_svg(diagram.board, by, moves, title=f"{by.value} captures (suicide={suicide.value})")


# --------------------------------------------------------------------- files


def slug(text: str) -> str:
    """A file-name-safe form of a title or path."""
    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-").lower()[:60] or "diagram"


def write_figures(figures: Sequence[tuple[str, str, str | bytes]], out: str | None, echo: Callable[[str], object] = print) -> list[str]:
    """Write each (name, extension, text) to `out/NAME.EXT`, or print to standard output.

    Without a folder, SGF game trees are printed one after another (an SGF
    collection); more than one SVG picture is a usage error, since SVG
    documents cannot be concatenated.  Returns the paths written.
    """
    if out is None:
        if not figures:
            return []
        if len(figures) != 1 and any(ext == "svg" for _, ext, _ in figures):
            raise UsageError(
                f"{len(figures)} pictures: give --out DIR to write one SVG file per picture "
                "(standard output takes exactly one)"
            )
        echo("".join(text for _, _, text in figures if isinstance(text, str)).rstrip("\n"))
        return []
    try:
        os.makedirs(out, exist_ok=True)
    except OSError as error:
        raise UsageError(f"{out}: cannot create the folder: {error.strerror}") from None
    written: list[str] = []
    used: set[str] = set()
    for name, ext, text in figures:
        base = name
        n = 2
        while base in used:
            base = f"{name}-{n}"
            n += 1
        used.add(base)
        path = os.path.join(out, f"{base}.{ext}")
        write_file(path, text, f"the {ext.upper()} file")  # whole or not at all; the ones before stay
        written.append(path)
    return written


def as_png(figures: Sequence[tuple[str, str, str | bytes]]) -> list[tuple[str, str, str | bytes]]:
    """The SVG pictures rendered to PNG (twice their size, for sharp text); others unchanged."""
    from passalive.output.svg import svg_to_png

    return [
        (name, "png", svg_to_png(text, 2.0)) if ext == "svg" and isinstance(text, str) else (name, ext, text)
        for name, ext, text in figures
    ]


def figure_name(path: str, number: int | str, *parts: str) -> str:
    """`FILE-N[-PART...]`: the name of one picture of diagram N of a file (N may be a game
    position's `Item.picture_number`, such as `1-node012`)."""
    stem = os.path.splitext(os.path.basename(path))[0] if path != "-" else "stdin"
    return "-".join([slug(stem), str(number), *(slug(p) for p in parts if p)])


__all__ = [
    "analysis_layers", "analysis_marks", "analysis_svg", "capture_svg", "diagram_svg", "eyes_layers", "eyes_svg", "figure_name",
    "score_layers", "score_svg", "sequence_layers", "sequence_svg", "slug", "verification_svgs", "write_figures",
]


def verification_svgs(verification: Verification, title: str | None = None) -> list[tuple[str, str]]:
    """A verified board (claimed pass-alive stones ringed green, contradicted chains red)
    and one picture per capturing sequence found, as (suffix, svg) pairs."""
    from passalive.solver.truth import Status

    board = verification.board
    chains = board.chains
    alive = frozenset(p for v in verification.chains if v.claim_alive for p in chains[v.chain].points)
    bad = frozenset(p for v in verification.contradictions for p in chains[v.chain].points)
    notes = tuple(
        f"{v.colour.value} {board.names(chains[v.chain].points)[0]}: claim {v.claim}, {v.result.value}"
        for v in verification.chains
    )
    head = title or f"{verification.variant}, suicide={verification.suicide.value}"
    pictures = [("", board_svg(board.without_marks(), Layers(alive=alive, highlight=bad, notes=notes), title=head))]
    for v in verification.chains:
        if v.result is Status.CAPTURED and v.sequence:
            stones = chains[v.chain].points
            name = board.names(stones)[0]
            pictures.append((
                f"capture-{name}",
                sequence_svg(board, v.colour.opponent, list(v.sequence),
                             title=f"{v.colour.opponent.value} captures {name}", target=stones),
            ))
    return pictures


def analysis_pictures(fmt: str, path: str, number: int | str, diagram: Diagram, results: Sequence[Analysis]) -> list[tuple[str, str, str]]:
    """The analyse command's documents: one SVG per variant, or one SGF per diagram."""
    if fmt == "sgf":
        from passalive.tools.sgf_marks import analysis_sgf

        return [(figure_name(path, number), "sgf", analysis_sgf(diagram, results))]
    title = diagram.title or "(untitled)"
    return [
        (figure_name(path, number, r.variant), "svg", analysis_svg(r, f"{title} — {r.variant}"))
        for r in results
    ]


def diagram_pictures(fmt: str, path: str, number: int | str, diagram: Diagram) -> list[tuple[str, str, str]]:
    """The show command's documents: the diagram as drawn, as SVG or SGF."""
    if fmt == "sgf":
        from passalive.tools.sgf_marks import diagram_sgf

        return [(figure_name(path, number), "sgf", diagram_sgf(diagram))]
    return [(figure_name(path, number), "svg", diagram_svg(diagram))]


def with_marks(board: Board, marks: Mapping[int, MarkKind]) -> Board:
    """The board with its own marks replaced by these (for Sensei's markup of a result)."""
    plain = board.without_marks()
    points = list(plain.points)
    for p, kind in marks.items():
        points[p] = replace(points[p], mark=Mark(kind))
    return replace(plain, points=tuple(points))


EYES_SL_LEGEND = "(marks: C circle a real eye, M cross a false eye, T triangle where the variants disagree)"
SCORE_SL_LEGEND = "(marks: S square black territory, T triangle white territory, C circle seki; on a stone: dead)"


def eyes_sensei(board: Board, reports: Mapping[str, EyeReport], title: str = "") -> str:
    """The eye verdicts as Sensei's markup: real eyes circled, false ones crossed."""
    differ = disagreements(reports)
    first = next(iter(reports.values()))
    marks = {
        v.eye.point: MarkKind.TRIANGLE if v.eye.point in differ else (MarkKind.CIRCLE if v.real else MarkKind.CROSS)
        for v in first.verdicts
    }
    return render_sensei(with_marks(board, marks), title=title) + EYES_SL_LEGEND + "\n"


def score_sensei(result: Score, title: str = "") -> str:
    """A scored position as Sensei's markup: territory squared/triangled, seki circled."""
    marks: dict[int, MarkKind] = {}
    for p in result.seki_points:
        marks[p] = MarkKind.CIRCLE
    for colour, kind in ((Colour.BLACK, MarkKind.SQUARE), (Colour.WHITE, MarkKind.TRIANGLE)):
        for p in result.territory[colour]:
            marks[p] = kind
    return render_sensei(with_marks(result.board, marks), title=title) + SCORE_SL_LEGEND + "\n"


def eyes_pictures(fmt: str, path: str, number: int | str, diagram: Diagram, reports: Mapping[str, EyeReport]) -> list[tuple[str, str, str]]:
    """The eyes command's documents."""
    if fmt == "sgf":
        from passalive.tools.sgf_marks import eyes_sgf

        return [(figure_name(path, number), "sgf", eyes_sgf(diagram, reports))]
    return [(figure_name(path, number, "eyes"), "svg", eyes_svg(diagram.board, reports, diagram.title or None))]


def score_pictures(fmt: str, path: str, number: int | str, diagram: Diagram, result: Score) -> list[tuple[str, str, str]]:
    """The score command's documents."""
    if fmt == "sgf":
        from passalive.tools.sgf_marks import score_sgf

        return [(figure_name(path, number), "sgf", score_sgf(diagram, result))]
    return [(figure_name(path, number, "score"), "svg", score_svg(result, diagram.title or None))]


def verification_pictures(fmt: str, path: str, number: int | str, diagram: Diagram, verification: Verification) -> list[tuple[str, str, str]]:
    """The verify command's documents: the claims, and every capturing sequence found."""
    if fmt == "sgf":
        from passalive.tools.sgf_marks import verification_sgf

        return [(figure_name(path, number), "sgf", verification_sgf(diagram, verification))]
    return [
        (figure_name(path, number, suffix), "svg", svg)
        for suffix, svg in verification_svgs(verification, diagram.title or None)
    ]


def verification_marks(verification: Verification) -> dict[int, str]:
    """The verify command's terminal board: the stones the variant claims pass-alive as `#`/`@`."""
    chains = verification.board.chains
    return {
        p: "#" if v.colour is Colour.BLACK else "@"
        for v in verification.chains if v.claim_alive for p in chains[v.chain].points
    }


def _register() -> None:
    """Let Board, Analysis and Verification draw themselves in notebooks (`_repr_svg_`)."""
    from passalive.go.display import register_svg

    register_svg(Board, lambda board: board_svg(board))
    register_svg(Analysis, lambda result: analysis_svg(result))

    def verification(item: Verification) -> str:
        return verification_svgs(item)[0][1]

    register_svg("passalive.tools.verify.Verification", verification)  # by name: Z3 loads only when verifying


_register()


def finding_pictures(finding: Finding, number: int) -> list[tuple[str, str, str]]:
    """An explore finding as pictures: the board with side A's pass-alive chains ringed
    green and the chains on which the sides disagree ringed red, and each witness as
    numbered stones."""
    from passalive.grammar.read import parse_diagrams

    diagram = parse_diagrams(finding.diagram, "finding")[0]
    board = diagram.board

    def stones(names: Mapping[str, Sequence[str]]) -> frozenset[int]:
        chain_at = board.chain_at
        chains = {chain_at[board.point(n)] for colour in names.values() for n in colour}
        return frozenset(p for i in chains if i is not None for p in board.chains[i].points)

    a_alive, b_alive = stones(finding.a_alive), stones(finding.b_alive)
    comparison = finding.comparison
    side_a = comparison.split(" vs ")[0]
    layers = Layers(alive=a_alive, highlight=a_alive ^ b_alive, highlight_word="the sides disagree",
                    notes=(comparison, f"green: pass-alive under {side_a}"))
    base = f"finding-{number}-{slug(comparison)}"
    pictures = [(base, "svg", board_svg(board, layers, title=diagram.title))]
    for i, claim in enumerate(diagram.captures, 1):
        pictures.append((f"{base}-witness-{i}", "svg", sequence_svg(board, claim.by, claim.moves,
                         title=f"{claim.by.value} captures (suicide={claim.suicide.value})")))
    return pictures
