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

import math
from dataclasses import dataclass
from typing import Any

import click

from passalive.cli.collection import Inputs, Item, Sink, collection_options, finish, report_expectations, run
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.limits import MAX_SCORE_VALUE
from passalive.go.numbers import read_number, shown
from passalive.cli.options import PICTURES, output_options
from passalive.output.render import SCORE_GLYPHS, fancy_output, terminal_board
from passalive.tools.figures import score_pictures, score_sensei
from passalive.errors import InputError
from passalive.tools.score import RULES, GameScore, Score, check_diagram, read_score_claim, rules_of, score, score_game


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


@dataclass(frozen=True)
class _Settings:
    dead: str | None
    rules: str | None
    strict_seki: bool
    captures: tuple[int, int] | None
    komi: float | None
    output: str
    """`text`, `json`, `jsonl` or a picture format."""
    check: bool
    fmt: str = "plain"
    """The text form: `plain` (a terminal board) or `sl` (Sensei's markup)."""
    fancy: bool = False


def _game_notes(item: Item, game_score: GameScore) -> list[str]:
    """Warnings about scoring a game's position: not finished by two passes, resigned."""
    assert item.position is not None
    notes = []
    info = item.position.game.info
    if item.position.passes < 2:
        notes.append(f"the line does not end with two passes here (node {item.position.node}): the game may not be finished")
    if info.result and "+" in info.result and info.result.split("+", 1)[1][:1].upper() in ("R", "T", "F"):
        notes.append(f"the game was decided by RE[{info.result}], not by counting")
    return notes


def _work(item: Item, settings: _Settings) -> tuple[Any, list[str], list[str]]:
    """One item's score (JSON dict or text), its --check mismatches and its warnings."""
    diagram = item.diagram
    board = diagram.board
    where = f"{diagram.location or item.file}"
    if settings.dead is not None:
        dead_points = _dead_points(board, settings.dead, f"{diagram.title!r} ({where})")
    else:
        claims = [read_score_claim(a, board) for a in diagram.annotations_named("SCORE")]
        dead_points = sorted(claims[0].dead) if claims else []
    captured = {c: 0 for c in STONE_COLOURS}
    if settings.captures is not None:
        captured = {Colour.BLACK: settings.captures[0], Colour.WHITE: settings.captures[1]}
    problems = check_diagram(diagram) if settings.check else []
    position = item.position
    if position is None:
        result = score(board, dead_points, rules=settings.rules or "japanese", strict_seki=settings.strict_seki,
                       captures=captured)
        game_score = None
        if settings.komi is not None:
            game_score = GameScore(result, settings.komi, 0,
                                   result.points[Colour.BLACK] - result.points[Colour.WHITE] - settings.komi, frozenset())
        notes: list[str] = []
    else:
        info = position.game.info
        if settings.captures is None:
            captured = {Colour.BLACK: position.prisoners[0], Colour.WHITE: position.prisoners[1]}
        game_score = score_game(
            board,
            komi=settings.komi if settings.komi is not None else (info.komi or 0.0),
            handicap=info.handicap or 0,
            captures=captured,
            rules=settings.rules or rules_of(info.rules) or "japanese",
            strict_seki=settings.strict_seki,
            dead=dead_points,
            suicide=position.suicide,
        )
        result = game_score.score
        notes = [f"{where}: warning: {note}" for note in _game_notes(item, game_score)]
    if settings.output in PICTURES:
        return score_pictures(settings.output, item.file, item.number, diagram, result), problems, notes
    if settings.output != "text":
        data = score_json(diagram.title, result)
        if game_score is not None:
            data.update({"komi": game_score.komi, "handicap": game_score.handicap, "margin": game_score.margin,
                         "result": game_score.result,
                         "dead_in_territory": board.names(game_score.auto_dead)})
        if settings.output == "jsonl" or position is not None:
            # `rules` and `result` are the scoring's own; the record's RU and RE are `recorded_rules`, `recorded_result`
            data = {**item.fields(), **data, "result": data.get("result")}
        return data, problems, notes
    text = _text(where, diagram.title, result, settings.fmt, settings.fancy)
    if game_score is not None:
        if game_score.auto_dead:
            text += "dead in the opponent's pass-alive territory: " + " ".join(board.names(game_score.auto_dead)) + "\n"
        recorded = ""
        if position is not None and position.game.info.result:
            recorded = f" (the record says RE[{position.game.info.result}])"
        text += (
            f"komi {game_score.komi:g}" + (f", handicap {game_score.handicap}" if game_score.handicap else "")
            + f": result {game_score.result}{recorded}\n"
        )
    return text, problems, notes


@click.command("score")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--dead", default=None, help="Dead stones, e.g. C3,D4 (one stone per chain suffices).")
@click.option("--rules", type=click.Choice(RULES), default=None,
              help="Counting rules. Default: an SGF game's RU (Chinese, AGA, New Zealand... count by area), else japanese.")
@click.option("--strict-seki", is_flag=True, help="The 1989 Japanese rule: stones next to a neutral point are in seki.")
@click.option("--captures", default=None,
              help="Stones captured during the game, BLACK/WHITE, e.g. 3/1 (Japanese counting). Default: an SGF game's replay.")
@click.option("--komi", type=float, default=None,
              help="Komi (white's compensation). Default: an SGF game's KM; a diagram's result is printed only with --komi.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--check", is_flag=True, help="Compare with the diagrams' {SCORE} lines; exit 1 on a mismatch.")
@click.option("--allow-illegal", is_flag=True, help="Accept positions with a chain that has no liberties.")
@output_options(("plain", "sl", "svg", "sgf", "png"))
@collection_options
def command(
    files: tuple[str, ...],
    dead: str | None,
    rules: str | None,
    strict_seki: bool,
    captures: str | None,
    komi: float | None,
    as_json: bool,
    check: bool,
    allow_illegal: bool,
    fmt: str,
    out: str | None,
    no_color: bool,
    inputs: Inputs,
) -> None:
    """Score finished positions with seki detection (territory, seki, prisoners); SGF games with komi and result."""
    captured: tuple[int, int] | None = None
    if captures is not None:
        parts = captures.split("/")
        if len(parts) != 2:
            raise InputError(f"--captures expects BLACK/WHITE, e.g. 3/1; got {shown(captures)!r}")
        black, white = (read_number(part.strip(), "--captures", maximum=MAX_SCORE_VALUE) for part in parts)
        captured = (black, white)
    if komi is not None and not math.isfinite(komi):
        raise InputError(f"--komi expects a finite number, got {komi}")
    output = inputs.output(as_json, fmt)
    settings = _Settings(dead, rules, strict_seki, captured, komi, output, check, fmt, fancy_output(no_color))
    selection = inputs.selection(allow_illegal=allow_illegal)
    sink = Sink(output, out)
    problems: list[str] = []

    def emit(result: tuple[Any, list[str], list[str]]) -> None:
        done, found, notes = result
        problems.extend(found)
        for note in notes:
            click.echo(note, err=True)
        sink.add(done)

    failed = run(files, selection, inputs.runner, _work, settings, emit)
    sink.close()
    if check:
        report_expectations(problems)
    finish(failed)
