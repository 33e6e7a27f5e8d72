"""`passalive score FILE... [--dead C3,D4] [--alive Q16] [--rules japanese|area|tromp-taylor] [--json]`.

Scores finished positions and games (`passalive.tools.result`): every chain
gets a status (alive, dead, seki, or unsettled with passalive's judgement)
and the evidence for it (`passalive.tools.settle`: pass-alive, pass-dead,
search, given, record, judgement); the result comes with the range of
margins over the unproved chains' endings, whether that proves the winner,
and, for a game, the record's `RE` compared.  Prints every position as a
territory map (`b`/`w` territory, `s` seki, `f` obvious false eye, `.` dame,
`?` a dead stone on a point that is nobody's territory).  `--dead`/`--alive`
name chains (one stone per chain is enough) for every position; a diagram's
own `{SCORE dead=...}` line is used when `--dead` is not given, and a game's
`TB`/`TW` marks over stones are the record's dead stones.  `--check`
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
from passalive.go.suicide import Suicide
from passalive.go.numbers import read_number, shown
from passalive.cli.options import PICTURES, output_options, pass_alive_suicide_option_for
from passalive.output.render import SCORE_GLYPHS, fancy_output, terminal_board
from passalive.tools.figures import score_pictures, score_sensei
from passalive.errors import InputError
from passalive.tools.result import GameResult, handicap_bonus, read_komi, result_text, score_game
from passalive.output.terminal_text import terminal_safe
from passalive.tools.claims import problem_messages
from passalive.tools.score import RULES, Score, claim_results, handicap_bonus_rule, read_score_claim, rules_of
from passalive.tools.settle import ChainStatus, SearchBudget, Status


def score_json(title: str, result: Score) -> dict[str, Any]:
    """One diagram's count as a JSON-able dict: territory, seki regions, score and map."""
    board = result.board
    return {
        "title": title,
        "rules": result.rules,
        "strict_seki": result.strict_seki,
        "territory": {c.value: len(result.territory[c]) for c in STONE_COLOURS},
        "seki_regions": [{"colour": r.colour.value, "points": board.names(r.points)} for r in result.seki],
        "score": {c.value: result.points[c] for c in STONE_COLOURS},
        "map": result.map(),
        "dead_stones": {c.value: board.names(p for p in result.dead if board.colours[p] is c) for c in STONE_COLOURS},
        "territory_points": {c.value: board.names(result.territory[c]) for c in STONE_COLOURS},
        "false_eyes": board.names(result.false_eyes),
        "neutral": board.names(result.neutral),
        "guarded": board.names(result.guarded),
        "recorded_territory": board.names(result.recorded),
    }


def chain_json(board: Board, chain: ChainStatus) -> dict[str, Any]:
    """One chain's status as JSON: its stones (GTP names), status, evidence and its kind, detail, judgement."""
    return {
        "colour": chain.colour.value,
        "stones": board.names(chain.stones),
        "status": chain.status.value,
        "evidence": chain.evidence.value,
        "known_by": chain.evidence.kind,
        "judged": chain.judged.value if chain.judged is not None else None,
        "detail": chain.detail,
    }


def game_json(game: GameResult) -> dict[str, Any]:
    """The game-level fields of a score: result, range, proof, chains, the record compared."""
    board = game.board
    record = game.record
    return {
        "komi": game.komi,
        "handicap": game.handicap,
        "handicap_bonus": game.handicap_bonus,
        "margin": game.margin,
        "result": game.result,
        "margin_range": list(game.margin_range),
        "margin_range_exact": game.exact_range,
        "result_proven": game.result_proven,
        "finished": game.finished,
        "chains": [chain_json(board, chain) for chain in game.settlement.chains],
        "dead": [board.names(chain.stones) for chain in game.dead],
        "seki": [board.names(chain.stones) for chain in game.seki],
        "unsettled": [board.names(chain.stones) for chain in game.chains_with(Status.UNSETTLED)],
        "searches": game.settlement.searches,
        "search_budget": game.settlement.budget.describe(),
        "warnings": [*game.warnings, *game.notes],
        "record": None if record is None else {
            "recorded_result": record.recorded,
            "margin": record.margin,
            "agrees": record.agrees,
            "inside_range": record.inside_range,
            "explanation": record.explanation,
        },
    }


def _named_points(board: Board, names: str, where: str, option: str = "--dead") -> list[int]:
    points = []
    for name in names.split(","):
        name = name.strip()
        if not name:
            continue
        try:
            p = board.point(name)
        except InputError:
            raise InputError(f"{option} {name}: no point of that name on the diagram {where}") from None
        if board.colours[p] is Colour.EMPTY:
            raise InputError(f"{option} {name}: that point is empty on the diagram {where}; only stones can be named")
        points.append(p)
    return points


def _statuses_text(game: GameResult) -> list[str]:
    """The chains grouped by status and evidence, one line per group."""
    board = game.board
    groups: dict[tuple[str, str], list[str]] = {}
    for chain in game.settlement.chains:
        if chain.status is Status.UNSETTLED:
            key = (f"unsettled, judged {chain.judged.value if chain.judged else 'alive'}", "heuristic")
        else:
            how = chain.evidence.value
            key = (chain.status.value, how if how == chain.evidence.kind else f"{how}: {chain.evidence.kind}")
        groups.setdefault(key, []).append(" ".join(board.names(chain.stones)))
    return [f"{status} ({how}): " + ", ".join(names) for (status, how), names in sorted(groups.items())]


def _result_text(game: GameResult, show_result: bool) -> list[str]:
    lines = _statuses_text(game)
    low, high = game.margin_range
    if show_result and game.result is not None:
        handicap = f", handicap {game.handicap}" if game.handicap else ""
        if game.result_proven:
            proof = "proven: every ending of the unproved chains gives the same winner" if low != high else "proven"
        else:
            proof = f"not proven: the unproved chains may end anywhere from {result_text(low)} to {result_text(high)}"
        lines.append(f"komi {game.komi:g}{handicap}: result {game.result} ({proof})")
        lines.append("finished: every chain is settled" if game.finished
                     else f"not finished: {len(game.chains_with(Status.UNSETTLED))} chain(s) unsettled")
    record = game.record
    if record is not None:
        if record.agrees:
            lines.append(f"the record says RE[{record.recorded}]: agrees")
        else:
            lines.append(f"the record says RE[{record.recorded}]: {record.explanation}")
    return lines


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
        counted = "counted for their owner" if result.rules != "japanese" else "not counted"
        lines.append(f"obvious false eyes (filled, {counted}): " + " ".join(board.names(result.false_eyes)))
    if result.guarded:
        lines.append("kept by Benson's analysis: " + " ".join(board.names(result.guarded)))
    if result.recorded:
        lines.append("kept as territory by the record's marks: " + " ".join(board.names(result.recorded)))
    rule = result.rules + (", strict seki (1989)" if result.strict_seki else "")
    lines.append(
        f"territory: black {len(result.territory[Colour.BLACK])}, white {len(result.territory[Colour.WHITE])}; "
        f"score ({rule}): black {result.points[Colour.BLACK]}, white {result.points[Colour.WHITE]}"
    )
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class _Settings:
    dead: str | None
    alive: str | None
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
    budget: SearchBudget = SearchBudget()
    pass_alive_suicide: Suicide | None = None
    """`--pass-alive-suicide`: the suicide rule of the statuses' proofs, apart from the rule of play (None: the same)."""


def _game_notes(item: Item) -> list[str]:
    """Warnings about scoring a game's position: not finished by two passes, resigned."""
    assert item.position is not None
    notes = []
    info = item.position.game.info
    if item.position.passes < 2:
        notes.append(f"the line does not end with two passes here (node {item.position.node}): the game may not be finished")
    if info.result and "+" in info.result and info.result.split("+", 1)[1][:1].upper() in ("R", "T", "F"):
        notes.append(f"the game was decided by RE[{info.result}], not by counting")
    return notes


def _record_handicap_bonus(handicap: int, record_rules: str | None) -> int | None:
    """White's points for the handicap by the record's rule set (AGA's N-1 rather than area counting's N),
    or None where the rule set does not say (`score_game`'s default by the counting)."""
    rule = handicap_bonus_rule(record_rules)
    return None if rule is None else handicap_bonus(handicap, rule)


def _work(item: Item, settings: _Settings) -> tuple[Any, list[str], list[str], int]:
    """One item's score (JSON dict or text), its --check mismatches, its warnings and how many claims were compared."""
    diagram = item.diagram
    board = diagram.board
    where = f"{diagram.location or item.file}"
    named = f"{diagram.title!r} ({where})"
    complete = None
    if settings.dead is not None:
        dead_points = _named_points(board, settings.dead, named)
    else:
        claims = [read_score_claim(a, board) for a in diagram.annotations_named("SCORE")]
        dead_points = sorted(claims[0].dead) if claims else []
        complete = "the diagram's {SCORE} line" if claims else None
    alive_points = _named_points(board, settings.alive, named, "--alive") if settings.alive is not None else []
    captured = {c: 0 for c in STONE_COLOURS}
    if settings.captures is not None:
        captured = {Colour.BLACK: settings.captures[0], Colour.WHITE: settings.captures[1]}
    claims_compared = claim_results(diagram) if settings.check else ()
    problems = problem_messages(claims_compared)
    position = item.position
    rule = item.suicide(False, settings.pass_alive_suicide)
    if position is None:
        game = score_game(board, komi=settings.komi, captures=captured, rules=settings.rules or "japanese",
                          strict_seki=settings.strict_seki, dead=dead_points, alive=alive_points, suicide=rule,
                          budget=settings.budget, complete=complete)
        show_result = settings.komi is not None
        notes: list[str] = []
    else:
        info = position.game.info
        if settings.captures is None:
            captured = {Colour.BLACK: position.prisoners[0], Colour.WHITE: position.prisoners[1]}
        game = score_game(
            board,
            komi=settings.komi if settings.komi is not None else read_komi(info.komi),
            handicap=info.handicap or 0,
            handicap_bonus=_record_handicap_bonus(info.handicap or 0, info.rules) if settings.rules is None else None,
            captures=captured,
            rules=settings.rules or rules_of(info.rules) or "japanese",
            strict_seki=settings.strict_seki,
            dead=dead_points,
            alive=alive_points,
            marked=position.marked_dead(),
            territory_marks=position.territory_marks(),
            suicide=rule,
            recorded=info.result,
            budget=settings.budget,
        )
        show_result = True
        notes = [f"{where}: warning: {note}" for note in _game_notes(item)]
    said = [*game.warnings, *game.notes] if show_result else list(game.notes)
    notes += [f"{where}: warning: {warning}" for warning in said]
    result = game.score
    if settings.output in PICTURES:
        return score_pictures(settings.output, item.file, item.picture_number, diagram, result), problems, notes, len(claims_compared)
    if settings.output != "text":
        data = {**score_json(diagram.title, result), **game_json(game), "pass_alive_suicide": rule.value}
        if not show_result:
            data.update({"margin": None, "result": None, "result_proven": False})
        if settings.output == "jsonl" or position is not None:
            # `rules` and `result` are the scoring's own; the record's RU and RE are `recorded_rules`, `recorded_result`
            data = {**item.fields(), **data, "result": data.get("result")}
        return data, problems, notes, len(claims_compared)
    text = _text(where, diagram.title, result, settings.fmt, settings.fancy)
    text += "".join(line + "\n" for line in _result_text(game, show_result))
    return text, problems, notes, len(claims_compared)


@click.command("score")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--dead", default=None, help="Dead stones, e.g. C3,D4 (one stone per chain suffices).")
@click.option("--alive", default=None, help="Stones to count as alive, e.g. Q16 (one stone per chain suffices).")
@click.option("--rules", type=click.Choice(RULES), default=None,
              help="Counting rules. Default: an SGF game's RU (Chinese, AGA, New Zealand... count by area), else japanese.")
@click.option("--strict-seki", is_flag=True, help="The 1989 Japanese rule: stones next to a neutral point are in seki.")
@click.option("--captures", default=None,
              help="Stones captured during the game, BLACK/WHITE, e.g. 3/1 (Japanese counting). Default: an SGF game's replay.")
@click.option("--komi", type=float, default=None,
              help="Komi (white's compensation). Default: an SGF game's KM; a diagram's result is printed only with --komi.")
@click.option("--search-area", type=click.IntRange(0, 40), default=SearchBudget().area, show_default=True,
              help="The status search's largest area (empty points enclosed by pass-alive chains).")
@click.option("--search-states", type=click.IntRange(1, 10_000_000), default=SearchBudget().states, show_default=True,
              help="Positions one status search may build before its answer is unknown.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--check", is_flag=True, help="Compare with the diagrams' {SCORE} lines; exit 1 on a mismatch.")
@click.option("--allow-illegal", is_flag=True, help="Accept positions with a chain that has no liberties.")
@pass_alive_suicide_option_for("the game's RU (suicide illegal for a diagram)")
@output_options(("plain", "sl", "svg", "sgf", "png"))
@collection_options
def command(
    files: tuple[str, ...],
    dead: str | None,
    alive: str | None,
    rules: str | None,
    strict_seki: bool,
    captures: str | None,
    komi: float | None,
    search_area: int,
    search_states: int,
    as_json: bool,
    check: bool,
    allow_illegal: bool,
    pass_alive_suicide: Suicide | None,
    fmt: str,
    out: str | None,
    no_color: bool,
    inputs: Inputs,
) -> None:
    """Score finished games and positions: every chain's status and evidence, the result and whether it is proven."""
    captured: tuple[int, int] | None = None
    if captures is not None:
        parts = captures.split("/")
        if len(parts) != 2:
            raise InputError(f"--captures expects BLACK/WHITE, e.g. 3/1; got {shown(captures)!r}")
        black, white = (read_number(part.strip(), "--captures", maximum=MAX_SCORE_VALUE) for part in parts)
        captured = (black, white)
    if komi is not None and not (math.isfinite(komi) and abs(komi) <= MAX_SCORE_VALUE):
        raise InputError(f"--komi expects a finite number of at most {MAX_SCORE_VALUE:,} points either way, got {komi:g}")
    output = inputs.output(as_json, fmt)
    budget = SearchBudget(area=search_area, states=search_states)
    settings = _Settings(dead, alive, rules, strict_seki, captured, komi, output, check, fmt, fancy_output(no_color),
                         budget, pass_alive_suicide)
    selection = inputs.selection(allow_illegal=allow_illegal)
    sink = Sink(output, out, colour=settings.fancy)
    problems: list[str] = []
    compared = positions = 0

    def emit(result: tuple[Any, list[str], list[str], int]) -> None:
        nonlocal compared, positions
        done, found, notes, claims = result
        problems.extend(found)
        compared += claims
        positions += 1
        for note in notes:
            click.echo(terminal_safe(note), err=True)
        sink.add(done)

    failed = run(files, selection, inputs.runner, _work, settings, emit)
    sink.close(failed)
    if check:
        report_expectations(problems, compared, positions, "{SCORE}")
    finish(failed)
