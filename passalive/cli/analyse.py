"""`passalive analyse FILE...`: which stones are pass-alive, under which variant, and why.

Every diagram of the files is printed as a plain board with GTP coordinates
(`#`/`@` pass-alive black/white stones, `b`/`w` pass-alive territory, `x`/`o`
dead stones in it, a one-line legend; Unicode and colour on a terminal), or
with `--format sl` as Sensei's markup with the pass-alive stones circled
(`B`/`W`) and the territory marked (black's with squares, white's with
triangles), then one line per chain with its stones in GTP coordinates.
`--format svg`/`sgf` write pictures or SGF instead (`passalive.tools.figures`);
with `--all-nodes --format sgf` each game becomes one SGF whose every node
carries its analysis (marks and comment), for stepping through in a viewer.  With several `--variant`s each is shown and the chains on
which they disagree are listed.  `--json` prints one document:

    {"diagrams": [{"file", "title", "size", "variant", "suicide", "engine",
                   "alive": {"black": [...], "white": [...]},
                   "territory": {"black": [...], "white": [...]},
                   "chains": [{"colour", "stones", "alive", "explanation"?}],
                   "area"?, "area_mode"?, "independent_life_regions"?, "status"?}]}

with one entry per diagram and variant, in that order (indented on a
terminal, compact otherwise).  `--jsonl` prints the same entries one per line
as each is done.  A position of an SGF game adds `game`, `variation`, `node`,
`move`, `komi`, `handicap`, `rules`, `rules_suicide` (the rule the record is
replayed under) and `rules_suicide_source`, `players`, `result`, `prisoners`,
`passes` and `warnings`; the game's suicide rule (from `RU`) is the rule of
the analysis unless `--suicide` is given.  The shared options for files,
folders, games and nodes are described in `passalive.cli.collection`.  The last fields come
with `--territory katago|katago-strict|independent-life|unconditional`:
KataGo's area map and GNU Go's unconditional status of every point
(`passalive.cli.statuses`, docs/statuses.md).
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import click

from passalive.cli.collection import (
    Inputs, Item, Sink, analysis_suicide, collection_options, finish, json_line, refuse_repeated, run,
)
from passalive.definitions.analysis import ENGINES, TERRITORY_CONVENTIONS, Analysis, analyse
from passalive.definitions.area import AreaMode
from passalive.go.board import STONE_COLOURS, Board, Colour, Mark, MarkKind
from passalive.go.diagram import Diagram
from passalive.cli.options import Seconds, option_given
from passalive.errors import BudgetError, UsageError
from passalive.go.limits import DEFAULT_MAX_FACTS, DEFAULT_RULE_SECONDS
from passalive.cli.statuses import (
    UNCONDITIONAL_LEGEND, StatusOptions, map_fields, status_fields, status_lines, unconditional_glyphs, unconditional_marks,
)
from passalive.cli.options import PICTURES, output_options, pass_alive_suicide_option
from passalive.output.render import ANALYSIS_GLYPHS, STATUS_GLYPHS, fancy_output, render_sensei, terminal_board
from passalive.tools.board_marks import analysis_marks
from passalive.tools.summary import FAST_VARIANTS, StatusRequest, Summary, fast_variant, game_name_table, summarise, summarise_position
from passalive.go.suicide import Suicide
from passalive.definitions.variants import VARIANTS, verdict_word

if TYPE_CHECKING:  # the SGF writer, the pictures and the rule engine load when an output or engine needs them
    from passalive.go.game import Game, GameInfo
    from passalive.output.sgf import SgfNode

COMMENTS = ("short", "full")
"""`--comments`: the kinds of `passalive.tools.sgf_marks.COMMENTS` (named here so that the option
does not import the SGF marks, which bring the eye tester and the scorer)."""


MARKS_LEGEND = "(marks: B/W circled stones are pass-alive; S black territory, T white territory; Z/P crossed stones are dead)"
"""What the symbols of `marked_board`'s diagram mean, printed under it."""


def marked_board(result: Analysis) -> Board:
    """The board with pass-alive stones circled, territory marked (black: square, white: triangle)
    and the dead stones in it crossed (as the SVG fades them)."""
    board = result.board.without_marks()
    points = list(board.points)
    for colour, shape in ((Colour.BLACK, MarkKind.SQUARE), (Colour.WHITE, MarkKind.TRIANGLE)):
        for p in result.territory(colour):
            if points[p].colour is Colour.EMPTY:
                points[p] = replace(points[p], mark=Mark(shape))
            elif points[p].colour is colour.opponent:
                points[p] = replace(points[p], mark=Mark(MarkKind.CROSS))
        for p in result.alive_points(colour):
            points[p] = replace(points[p], mark=Mark(MarkKind.CIRCLE))
    return replace(board, points=tuple(points))


def _stones(board: Board, points: frozenset[int]) -> list[str]:
    return board.names(points)


def _chain_line(result: Analysis, index: int) -> str:
    board = result.board
    chain = board.chains[index]
    word = verdict_word(result.variant)
    verdict = word if index in result.alive(chain.colour) else f"not {word}"
    return f"{chain.colour.value} {' '.join(board.names(chain.points))}: {verdict}"


def _entry(path: str, diagram: Diagram, result: Analysis, explain: bool, statuses: StatusOptions = StatusOptions()) -> dict[str, Any]:
    board = result.board
    chains = []
    for chain in board.chains:
        item: dict[str, Any] = {
            "colour": chain.colour.value,
            "stones": board.names(chain.points),
            "alive": chain.index in result.alive(chain.colour),
        }
        if explain:
            item["explanation"] = result.explain(chain.index)
        chains.append(item)
    return {
        "file": path,
        "title": diagram.title,
        "size": list(board.size) if board.size else None,
        "variant": result.variant,
        "suicide": result.suicide.value,
        "pass_alive_suicide": result.suicide.value,
        "engine": result.engine,
        "territory_convention": result.territory_convention,
        "alive": {c.value: _stones(board, result.alive_points(c)) for c in STONE_COLOURS},
        "territory": {c.value: _stones(board, result.territory(c)) for c in STONE_COLOURS},
        "chains": chains,
        **status_fields(board, result.territory_convention, result.suicide, result.engine, statuses),
    }


def _text(
    item: Item, results: list[Analysis], explain: bool,
    statuses: StatusOptions = StatusOptions(), fmt: str = "sl", fancy: bool = False,
) -> str:
    diagram = item.diagram
    board = diagram.board
    title = diagram.title or "(untitled)"
    out = [f"== {item.heading()}"]
    for result in results:
        out.append(f"-- {result.variant} (suicide={result.suicide.value}, engine={result.engine}, territory={result.territory_convention})")
        if fmt == "plain":
            picture = terminal_board(board, analysis_marks(result), ANALYSIS_GLYPHS, fancy=fancy).rstrip("\n")
            out.append(picture.replace("pass-alive", verdict_word(result.variant)))
        else:
            try:
                out.append(render_sensei(marked_board(result), title=f"{title} — {result.variant}").rstrip("\n"))
                out.append(MARKS_LEGEND.replace("pass-alive", verdict_word(result.variant)))
            except ValueError:
                out.append("(not a grid: no diagram)")
        for colour in STONE_COLOURS:
            names = _stones(board, result.alive_points(colour))
            out.append(f"{colour.value} {verdict_word(result.variant)}: {' '.join(names) if names else 'none'}")
        for colour in STONE_COLOURS:
            names = _stones(board, result.territory(colour))
            out.append(f"{colour.value} territory: {' '.join(names) if names else 'none'}")
        fields = status_fields(board, result.territory_convention, result.suicide, result.engine, statuses)
        if "status" in fields and fmt == "plain":
            out.append("unconditional status:")
            out.append(terminal_board(board, unconditional_glyphs(board, fields["status"]), STATUS_GLYPHS, fancy=fancy).rstrip("\n"))
        elif "status" in fields:
            try:
                out.append(render_sensei(unconditional_marks(board, fields["status"]), title=f"{title} — unconditional status").rstrip("\n"))
                out.append(UNCONDITIONAL_LEGEND)
            except ValueError:
                pass
        out.extend(status_lines(board, fields))
        for chain in board.chains:
            if explain:
                out.append(result.explain(chain.index))
            else:
                out.append("  " + _chain_line(result, chain.index))
    if len(results) > 1:
        differ = [
            chain for chain in board.chains
            if len({chain.index in r.alive(chain.colour) for r in results}) > 1
        ]
        if differ:
            out.append("variants disagree on:")
            for chain in differ:
                yes = [r.variant for r in results if chain.index in r.alive(chain.colour)]
                no = [r.variant for r in results if chain.index not in r.alive(chain.colour)]
                words = {verdict_word(r.variant) for r in results}
                word = words.pop() if len(words) == 1 else "alive"
                out.append(
                    f"  {chain.colour.value} {' '.join(board.names(chain.points))}: "
                    f"{word} under {', '.join(yes)}; not under {', '.join(no)}"
                )
        else:
            out.append("the variants agree on every chain")
    return "\n".join(out)


@dataclass(frozen=True)
class _Settings:
    """What `_work` needs besides the item (picklable, for --jobs)."""

    names: tuple[str | None, ...]
    suicide: bool
    engine: str
    program: str | None
    territory: str
    explain: bool
    output: str
    """`text`, `json`, `jsonl` or a picture format (`svg`, `png`, `sgf`)."""
    statuses: StatusOptions = StatusOptions()
    fmt: str = "sl"
    """The text form: `plain` (a terminal board) or `sl` (Sensei's markup)."""
    fancy: bool = False
    max_facts: int = DEFAULT_MAX_FACTS
    max_rule_seconds: float = DEFAULT_RULE_SECONDS
    include_anywhere: bool = False
    game_sgf: bool = False
    """`--all-nodes --format sgf`: each game written as one SGF with every node marked."""
    comments: str = "short"
    """`--all-nodes --format sgf`: each node's comment, `short` or `full` (`sgf_marks.COMMENTS`)."""
    pass_alive_suicide: Suicide | None = None
    """`--pass-alive-suicide`: the analysis's suicide rule, apart from the rule of play (None: the same)."""


@dataclass(frozen=True)
class _GameNode:
    """One analysed node of a game, for `--all-nodes --format sgf` (picklable for --jobs)."""

    game: tuple[str, int, int]
    """(file, game number, variation): the nodes of one game are consecutive."""
    node: SgfNode
    info: tuple[tuple[str, object], ...] = ()
    """The game's root facts as SGF properties (on the game's first node)."""


def _game_node(item: Item, results: list[Analysis], comments: str) -> _GameNode:
    from passalive.tools.sgf_marks import analysed_node

    position = item.position
    assert position is not None
    step = position.step
    move = (step.colour, step.point) if step.colour is not None else None
    title = position.title if position.node == 0 else ""
    game = position.game
    return _GameNode((item.file, game.number, game.variation),
                     analysed_node(position.board, move, results, title, comments), _root_facts(game.info))


def _line_sgf(item: Item, results: list[Analysis]) -> list[tuple[str, str, str]]:
    """A game position's `--format sgf`: the game's nodes up to it, the record's root facts, the marks at the end."""
    from passalive.tools.figures import figure_name
    from passalive.tools.sgf_marks import analysis_line_sgf

    position = item.position
    assert position is not None
    game = position.game
    line: list[tuple[Board, tuple[Colour, int | None] | None]] = []
    for before in game.positions(position.suicide):
        step = before.step
        line.append((before.board, (step.colour, step.point) if step.colour is not None else None))
        if before.node == position.node:
            break
    sgf = analysis_line_sgf(line, results, position.title, dict(_root_facts(game.info)))
    return [(figure_name(item.file, item.picture_number), "sgf", sgf)]


def _root_facts(info: GameInfo) -> tuple[tuple[str, object], ...]:
    """What the record's root says of the game, as SGF properties for the marked copy."""
    facts: list[tuple[str, object]] = [
        ("KM", info.komi), ("HA", info.handicap), ("RU", info.rules),
        ("PB", info.black), ("PW", info.white), ("RE", info.result), ("GN", info.name),
    ]
    return tuple((name, value) for name, value in facts if value not in (None, 0))


class _GameSgf:
    """Gathers the analysed nodes of each game into one SGF document, a game at a time."""

    def __init__(self, pictures: list[tuple[str, str, str]]) -> None:
        self.pictures = pictures
        self.game: tuple[str, int, int] | None = None
        self.nodes: list[SgfNode] = []
        self.info: tuple[tuple[str, object], ...] = ()

    def add(self, node: _GameNode) -> None:
        if node.game != self.game:
            self.flush()
            self.game, self.info = node.game, node.info
        self.nodes.append(node.node)

    def flush(self) -> None:
        if self.game is not None and self.nodes:
            from passalive.output.sgf import game_sgf
            from passalive.tools.figures import figure_name

            path, number, variation = self.game
            line = f"line-{variation}" if variation != 1 else ""
            sgf = game_sgf(self.nodes, game_info=dict(self.info))
            self.pictures.append((figure_name(path, number, line), "sgf", sgf))
        self.game, self.nodes = None, []


def _work(item: Item, settings: _Settings) -> Any:
    """One item's analyses: JSON entries (one per variant) or the text block,
    rule programs run within the command's budget (in a worker too, with --jobs)."""
    try:
        if settings.engine != "rules" and settings.program is None:  # no rule program runs: no engine to load
            return _analyse_item(item, settings)
        from passalive.rules.engine import budget
        from passalive.rules.parse import include_anywhere as allow_includes

        with budget(max_facts=settings.max_facts, seconds=settings.max_rule_seconds), \
                allow_includes(settings.include_anywhere):
            return _analyse_item(item, settings)
    except BudgetError as unknown:  # a search ran out of its budget: located at the diagram it could not decide
        if unknown.location is not None:
            raise
        raise BudgetError(unknown.message, item.diagram.location) from None


def _analyse_item(item: Item, settings: _Settings) -> Any:
    rule = item.suicide(settings.suicide, settings.pass_alive_suicide)
    if settings.output in ("json", "jsonl") and _fast_path(settings):
        fast = [_fast_entry(item, rule, name, True, settings) for name in settings.names]
        lines = [entry for entry in fast if isinstance(entry, str)]
        if len(lines) == len(fast):  # JSON text: --jsonl lines, or the --json document's entries
            return "".join(lines) if settings.output == "jsonl" else [line[:-1] for line in lines]
    results = [
        analyse(item.diagram.board, variant=name, suicide=rule, engine=settings.engine, program=settings.program,
                territory=settings.territory)
        for name in settings.names
    ]
    if settings.output == "sgf" and settings.game_sgf and item.position is not None:
        return _game_node(item, results, settings.comments)
    if settings.output == "sgf" and item.position is not None:
        return _line_sgf(item, results)
    if settings.output in PICTURES:
        from passalive.tools.figures import analysis_pictures

        return analysis_pictures(settings.output, item.file, item.picture_number, item.diagram, results)
    if settings.output == "text":
        return _text(item, results, settings.explain, settings.statuses, settings.fmt, settings.fancy)
    entries = [{**item.fields(), **_entry(item.file, item.diagram, r, settings.explain, settings.statuses)} for r in results]
    return "".join(map(json_line, entries)) if settings.output == "jsonl" else entries


def _fast_path(settings: _Settings) -> bool:
    """Whether the bitset summary (`passalive.tools.summary`) can give the JSON entries: on the
    direct engine, for every territory convention and status map but GNU Go's with `--prove`
    (whose proofs replay moves on the board), without explanations."""
    return (
        settings.engine == "direct" and settings.program is None and not settings.statuses.prove
        and not settings.explain
    )


def whole_game(settings: _Settings, file: str, game: Game) -> tuple[Any, int] | None:
    """Every node of a game's line at once (`--all-nodes --jsonl` or `--json`), or None for the node
    by node path: the compiled kernel replays the line and writes each node's line as `summary_entry`
    does, the head's constant fields made here once per game.

    Only the plain summary (the direct engine's casting-out or suicide variant, `healthy` territory,
    no status map, no explanation) of a line whose nodes after the root set up no stones; the kernel
    gives None where the slow path would word a warning or an error (a chain without liberties in the
    root's setup, a move on an occupied point, a suicide the rules forbid, a ko retaken at once).  The
    same bytes come out either way (tests/test_whole_game.py)."""
    from passalive.definitions.kernel import RULE_CODES, move_codes, native
    from passalive.go.bitboard import padded_bits

    compiled = native()
    if (
        compiled is None or settings.output not in ("json", "jsonl") or not _fast_path(settings)
        or len(settings.names) != 1 or settings.territory != "healthy" or settings.statuses != StatusOptions()
    ):
        return None
    info = game.info
    rule = analysis_suicide(settings.suicide, settings.pass_alive_suicide, info.suicide)
    try:
        chosen = fast_variant(settings.names[0], rule)
    except UsageError:
        return None  # the node by node path says it
    if chosen is None or chosen.name not in FAST_VARIANTS:
        return None
    if any(step.node and (step.black or step.white or step.empty) for step in game.steps):
        return None  # setup in mid-game: checked and replayed node by node
    size = info.size
    padded = padded_bits(size, size)
    root = game.steps[0]
    head = json_line({"file": file, "game": game.number, "variation": game.variation})[:-2] + ',"node":'
    middle = "," + json_line({
        "komi": info.komi, "handicap": info.handicap, "recorded_rules": info.rules, "rules_suicide": info.suicide.value,
        "rules_suicide_source": info.suicide_source, "players": {"black": info.black, "white": info.white},
        "recorded_result": info.result,
    })[1:-2]
    title = json.dumps(f"{info.name} game {game.number} node " if info.name else f"game {game.number} node ")[:-1]
    tail = "," + json_line({
        "size": [size, size], "variant": chosen.name, "suicide": rule.value, "pass_alive_suicide": rule.value,
        "engine": "direct", "territory_convention": settings.territory,
    })[1:-2] + ","
    text = compiled.game_lines(
        size, sum(padded[p] for p in root.black), sum(padded[p] for p in root.white),
        move_codes(None if step.colour is None else (step.colour, step.point) for step in game.steps),
        RULE_CODES[info.suicide], chosen.all_points, rule is not Suicide.ILLEGAL, game_name_table(size).quoted,
        head, middle, title, tail,
    )
    if text is None:
        return None
    # --jsonl: the lines as the kernel's ASCII bytes, for the output (and a worker's pipe) as they are
    return (text if settings.output == "jsonl" else text.decode("ascii").split("\n")[:-1]), len(game.steps)


def _fast_entry(
    item: Item, rule: Suicide, name: str | None, line: bool = False, settings: _Settings | None = None,
) -> dict[str, Any] | str | None:
    """The JSON entry of `_entry` from bitsets (as a --jsonl line when `line`), or None
    when the general path is needed."""
    territory, statuses = (settings.territory, settings.statuses) if settings is not None else ("healthy", StatusOptions())
    summary = fast_summary(item, rule, name, territory, statuses)
    if summary is None:
        return None
    return summary_entry(item, summary, rule, line, territory, statuses)


def fast_summary(
    item: Item, rule: Suicide, name: str | None, territory: str = "healthy", statuses: StatusOptions = StatusOptions(),
) -> Summary | None:
    """The bitset summary of an item (`passalive.tools.summary`), or None when the general path is needed."""
    request = StatusRequest(territory, statuses.area)
    if item.position is not None:
        return summarise_position(item.position, rule, name, request)
    return summarise(item.diagram.board, rule, name, request)


def summary_entry(
    item: Item, summary: Summary, rule: Suicide, line: bool = False, territory: str = "healthy",
    statuses: StatusOptions = StatusOptions(),
) -> dict[str, Any] | str:
    """The JSON entry of `_entry` made from a summary (as a --jsonl line when `line`)."""
    if item.position is not None:
        size: list[int] | None = [item.position.game.size] * 2
    else:
        board_size = item.diagram.board.size
        size = list(board_size) if board_size else None
    head = {
        **item.fields(),
        "file": item.file,
        "title": item.title,
        "size": size,
        "variant": summary.variant,
        "suicide": rule.value,
        "pass_alive_suicide": rule.value,
        "engine": "direct",
        "territory_convention": territory,
    }
    maps = map_fields(territory, rule, statuses, area=summary.area_names(), life_regions=summary.maps.life_regions,
                      status=summary.status_names())
    if line:  # the names' JSON straight from the bitsets; the chains' remembered per chain (a game keeps most)
        tail = "," + json_line(maps)[1:-2] if maps else ""
        return json_line(head)[:-2] + "," + summary.sets_json() + ',"chains":' + summary.chains_json() + tail + "}\n"
    return {**head, "alive": summary.alive, "territory": summary.territory, "chains": summary.chains, **maps}


@click.command("analyse")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "--variant", "variants", multiple=True, metavar="NAME",
    help=f"Variant to apply (repeatable): {', '.join(VARIANTS)}. Default: casting-out (suicide with --suicide).",
)
@click.option("--program", type=click.Path(dir_okay=False, exists=True), default=None,
              help="Your own rule program (.dl) defining alive(b); runs on the rule engine.")
@click.option("--suicide", is_flag=True,
              help="Multi-stone suicide is legal (selects the variant 'suicide' by default); overrides an SGF game's RU.")
@pass_alive_suicide_option
@click.option("--engine", type=click.Choice(ENGINES), default="direct", show_default=True,
              help="Direct Python implementation or the rule engine on the variant's program.")
@click.option("--territory", type=click.Choice(list(TERRITORY_CONVENTIONS)), default="healthy", show_default=True,
              help="Territory convention: healthy (regions healthy for pass-alive chains), katago (KataGo's pass-alive area), "
                   "katago-strict (without its safe big territories), independent-life (KataGo's), unconditional (GNU Go's).")
@click.option("--unsafe-big-territories", is_flag=True,
              help="KataGo's area (--territory katago|katago-strict): also empty regions bordered by one colour whose chains may die.")
@click.option("--non-pass-alive-stones", is_flag=True,
              help="KataGo's area (--territory katago|katago-strict): every stone nobody owns counts for its colour.")
@click.option("--keep-territories", is_flag=True, help="--territory independent-life: keep the territory of seki-touching areas.")
@click.option("--keep-stones", is_flag=True, help="--territory independent-life: keep the stones of seki-touching areas.")
@click.option("--prove", is_flag=True,
              help="--territory unconditional: replay a capture of every dead chain; explore small territory regions.")
@click.option("--explain", is_flag=True, help="Say why each chain is pass-alive, or when and why it was cast out.")
@click.option("--comments", type=click.Choice(COMMENTS), default="short", show_default=True,
              help="With --all-nodes --format sgf, each node's comment: short (the pass-alive stones) "
                   "or full (every chain's explanation too, megabytes for a long game).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--allow-illegal", is_flag=True, help="Accept positions with a chain without liberties.")
@click.option("--max-facts", type=click.IntRange(1, 10**9), default=DEFAULT_MAX_FACTS, show_default=True,
              help="Rule engine: refuse a run that derives more tuples than this.")
@click.option("--max-rule-seconds", type=Seconds(), default=DEFAULT_RULE_SECONDS, show_default=True,
              help="Rule engine: refuse a run that takes longer than this.")
@click.option("--include-anywhere", is_flag=True,
              help="Let --program's .include read files outside its folder and the bundled rules.")
@output_options(("plain", "sl", "svg", "sgf", "png"))
@collection_options
def command(
    files: tuple[str, ...],
    variants: tuple[str, ...],
    program: str | None,
    suicide: bool,
    pass_alive_suicide: Suicide | None,
    engine: str,
    territory: str,
    unsafe_big_territories: bool,
    non_pass_alive_stones: bool,
    keep_territories: bool,
    keep_stones: bool,
    prove: bool,
    explain: bool,
    comments: str,
    as_json: bool,
    allow_illegal: bool,
    max_facts: int,
    max_rule_seconds: float,
    include_anywhere: bool,
    fmt: str,
    out: str | None,
    no_color: bool,
    inputs: Inputs,
) -> None:
    """Decide which stones of each diagram (or game position) are pass-alive.

    FILES are diagram files, SGF files or folders (searched recursively).
    Boards are read up to 52 points a side and files up to 64 MiB; rule
    programs run within --max-facts tuples and --max-rule-seconds.
    Results are printed as each position is done.
    """
    area = AreaMode(unsafe_big_territories=unsafe_big_territories, non_pass_alive_stones=non_pass_alive_stones,
                    keep_territories=keep_territories, keep_stones=keep_stones)
    statuses = StatusOptions(area, prove)
    statuses.check(territory)
    refuse_repeated("--variant", variants)
    names: tuple[str | None, ...] = tuple(variants) if variants else (None,)
    if program is not None and variants:
        raise UsageError(
            "--program runs your program instead of a variant; do not combine it with --variant "
            "(its verdicts would be shown under the variant's name)"
        )
    if program is not None and engine == "direct" and option_given("engine"):
        # --program alone runs on the rule engine (a .dl program has no direct implementation);
        # only the contradiction written out is refused, so that --program needs no --engine rules.
        raise UsageError(
            "--program runs your rule program on the rule engine; --engine direct has no program to run: "
            "leave out --engine direct (or give --engine rules)"
        )
    selection = inputs.selection(allow_illegal=allow_illegal, suicide=Suicide.MULTI if suicide else None)
    output = inputs.output(as_json, fmt)
    game_sgf = output == "sgf" and inputs.all_nodes
    if not game_sgf and option_given("comments"):
        raise UsageError("--comments sets the comment of each node of --all-nodes --format sgf: give both, or leave it out")
    settings = _Settings(
        names, suicide, engine, program, territory, explain, output, statuses, fmt, fancy_output(no_color),
        max_facts, max_rule_seconds, include_anywhere, game_sgf=game_sgf, comments=comments,
        pass_alive_suicide=pass_alive_suicide,
    )
    sink = Sink(output, out, colour=settings.fancy)
    games = _GameSgf(sink.pictures)

    def emit(result: Any) -> None:
        if isinstance(result, _GameNode):
            games.add(result)
        else:
            sink.add(result)

    failed = run(files, selection, inputs.runner, _work, settings, emit, functools.partial(whole_game, settings))
    games.flush()
    sink.close(failed)
    finish(failed)
