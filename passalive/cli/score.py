"""`passalive score FILE... [--dead C3,D4,...] [--rules japanese|area] [--strict-seki] [--json]`.

Seki-aware territory scoring of finished positions (`passalive.tools.score`).
Prints every diagram as a territory map (`b`/`w` territory, `s` seki, `f`
obvious false eye, `.` dame, `?` a dead stone on a point that is nobody's
territory), the dead stones, the seki regions and the score.  `--dead`
names dead stones (one per chain is enough) for every diagram; a diagram's
own `{SCORE dead=...}` line is used when `--dead` is not given.  `--check`
compares with the diagrams' `{SCORE}` lines (under their own options) and
exits with status 1 on a mismatch.
"""

from __future__ import annotations

import json
import sys
from typing import Any

import click

from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.output.render import render_plain
from passalive.go.limits import MAX_SCORE_VALUE
from passalive.go.numbers import read_number, shown
from passalive.cli.options import PICTURES, output_options, write_pictures
from passalive.output.render import SCORE_GLYPHS, fancy_output, terminal_board
from passalive.tools.figures import score_pictures, score_sensei
from passalive.errors import InputError
from passalive.grammar.read import read_diagrams
from passalive.tools.score import MAP_SYMBOLS, RULES, Score, check_diagram, read_score_claim, score


def score_json(title: str, result: Score) -> dict[str, Any]:
    """One diagram's score as a JSON-able dict (the issue's shape plus details)."""
    board = result.board
    return {
        "title": title,
        "rules": result.rules,
        "strict_seki": result.strict_seki,
        "territory": {c.value: len(result.territory[c]) for c in STONE_COLOURS},
        "seki": [{"colour": r.colour.value, "points": board.names(r.points)} for r in result.seki],
        "score": {c.value: result.points[c] for c in STONE_COLOURS},
        "map": result.map(),
        "dead": {c.value: board.names(p for p in result.dead if board.colours[p] is c) for c in STONE_COLOURS},
        "territory_points": {c.value: board.names(result.territory[c]) for c in STONE_COLOURS},
        "false_eyes": board.names(result.false_eyes),
        "neutral": board.names(result.neutral),
        "guarded": board.names(result.guarded),
    }


def _dead_points(board: Board, names: str, where: str) -> list[int]:
    points = []
    for name in names.split(","):
        name = name.strip()
        if not name:
            continue
        try:
            p = board.point(name)
        except InputError:
            raise InputError(f"--dead {name}: no point of that name on the diagram {where}") from None
        if board.colours[p] is Colour.EMPTY:
            raise InputError(f"--dead {name}: that point is empty on the diagram {where}; only stones can be marked dead")
        points.append(p)
    return points


def _text(location: str, title: str, result: Score, fmt: str = "plain", fancy: bool = False) -> str:
    board = result.board
    marks = {p: result.symbol(p) for p in range(len(board.points)) if result.symbol(p) not in ("X", "O", ".")}
    if fmt == "sl":
        drawn = score_sensei(result, title)
    else:
        drawn = terminal_board(board, marks, SCORE_GLYPHS, fancy=fancy)
    lines = [f"{location}: {title or '(untitled)'}", drawn.rstrip("\n")]
    dead = board.names(result.dead)
    if dead:
        lines.append("dead: " + " ".join(dead))
    for region in result.seki:
        lines.append(f"seki ({region.colour.value} eyes not counted): {' '.join(board.names(region.points))}")
    if result.false_eyes:
        lines.append("obvious false eyes (filled, not counted): " + " ".join(board.names(result.false_eyes)))
    if result.guarded:
        lines.append("kept by Benson's analysis: " + " ".join(board.names(result.guarded)))
    rule = result.rules + (", strict seki (1989)" if result.strict_seki else "")
    lines.append(
        f"territory: black {len(result.territory[Colour.BLACK])}, white {len(result.territory[Colour.WHITE])}; "
        f"score ({rule}): black {result.points[Colour.BLACK]}, white {result.points[Colour.WHITE]}"
    )
    return "\n".join(lines) + "\n"


@click.command("score")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--dead", default=None, help="Dead stones, e.g. C3,D4 (one stone per chain suffices).")
@click.option("--rules", type=click.Choice(RULES), default="japanese", show_default=True, help="Counting rules.")
@click.option("--strict-seki", is_flag=True, help="The 1989 Japanese rule: stones next to a neutral point are in seki.")
@click.option("--captures", default=None, help="Stones captured during the game, BLACK/WHITE, e.g. 3/1 (Japanese counting).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--check", is_flag=True, help="Compare with the diagrams' {SCORE} lines; exit 1 on a mismatch.")
@click.option("--allow-illegal", is_flag=True, help="Accept positions with a chain that has no liberties.")
@output_options(("plain", "sl", "svg", "sgf", "png"))
def command(
    files: tuple[str, ...],
    dead: str | None,
    rules: str,
    strict_seki: bool,
    captures: str | None,
    as_json: bool,
    check: bool,
    allow_illegal: bool,
    fmt: str,
    out: str | None,
    no_color: bool,
) -> None:
    """Score finished positions with seki detection (territory, seki, prisoners)."""
    captured = {c: 0 for c in STONE_COLOURS}
    if captures is not None:
        parts = captures.split("/")
        if len(parts) != 2:
            raise InputError(f"--captures expects BLACK/WHITE, e.g. 3/1; got {shown(captures)!r}")
        black, white = (read_number(part.strip(), "--captures", maximum=MAX_SCORE_VALUE) for part in parts)
        captured = {Colour.BLACK: black, Colour.WHITE: white}
    documents: list[dict[str, Any]] = []
    chunks: list[str] = []
    problems: list[str] = []
    pictures: list[tuple[str, str, str]] = []
    for path in files:
        for number, diagram in enumerate(read_diagrams(path, allow_illegal=allow_illegal), 1):
            board = diagram.board
            if dead is not None:
                dead_points = _dead_points(board, dead, f"{diagram.title!r} ({diagram.location or path})")
            else:
                claims = [read_score_claim(a, board) for a in diagram.annotations_named("SCORE")]
                dead_points = sorted(claims[0].dead) if claims else []
            result = score(board, dead_points, rules=rules, strict_seki=strict_seki, captures=captured)
            if check:
                problems += check_diagram(diagram)
            if as_json:
                documents.append(score_json(diagram.title, result))
            elif fmt in PICTURES:
                pictures.extend(score_pictures(fmt, path, number, diagram, result))
            else:
                chunks.append(_text(str(diagram.location or path), diagram.title, result, fmt, fancy_output(no_color)))
    if as_json:
        click.echo(json.dumps({"diagrams": documents}, indent=2))
    elif fmt in PICTURES:
        write_pictures(pictures, out, fmt)
    else:
        click.echo("\n".join(chunks), nl=False)
    if check:
        for problem in problems:
            click.echo(f"mismatch: {problem}", err=True)
        if problems:
            sys.exit(1)
        click.echo("all expected results agree", err=True)
