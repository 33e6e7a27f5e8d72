"""The one loop every reading command runs over its inputs: files, folders, games, nodes.

A command names its inputs (files, folders searched recursively, `-` for
standard input); `expand` turns them into files, `read_items` turns a file
into `Item`s -- every diagram of a diagram file, or the chosen positions of
every game tree of an SGF file (`--node N`, `--move N`, `--all-nodes`,
`--variation K`; default: the last node of the main line) -- and `run` hands
each item to the command's `work` function and its result to `emit`, in input
order.  The options every reading command shares come from
`collection_options`:

* `--keep-going`: a file that cannot be read is reported on stderr with its
  location and skipped; the command ends with exit status 2 afterwards;
* `--jsonl`: one JSON object per position, printed as soon as it is done;
* `--progress`: a progress bar on stderr (files, positions, positions/s),
  shown anyway when stderr is a terminal;
* `--jobs N`: files are shared among N processes; output stays in input order;
* `--cluster ADDRESS`: files are shared among the workers of a running Dask
  scheduler instead (`passalive.tools.workers`); this process reads each
  file and sends its bytes, so the workers need not see the files; output
  stays in input order, and a worker lost mid-run only costs time;
* `--board-size N`: plain boards with coordinates are cut from an NxN board;
* `--pretty`: the `--json` document indented (it is anyway on a terminal;
  compact otherwise, as a pipeline wants it).

An option no input takes is a UsageError, not a run it leaves unchanged:
`--node`/`--move`/`--all-nodes`/`--variation` with no SGF input, `--board-size` with no plain board,
`--pretty` without `--json` (`refuse_unused_selection`, `Inputs.output`).

Warnings of the readers (a suicide in a game record, a property given twice)
are printed on stderr as `file:line:col: warning: ...`.

Over 600 lines: the shared options, the expansion of inputs into `Item`s, the ordered (and parallel)
run and the sinks all work on one `Item` stream in input order; kept together, the one loop every
reading command runs reads top to bottom.
"""

from __future__ import annotations

import codecs
import functools
import json
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import click

from passalive.cli.options import PICTURES, board_size_option, option_given, write_pictures
from passalive.cli.signals import handled, worker_init
from passalive.errors import IllegalPositionError, InputError, PassaliveError, UsageError
from passalive.go.diagram import Diagram
from passalive.output.terminal_text import terminal_safe
from passalive.go.suicide import Suicide

if TYPE_CHECKING:  # game records load with the first SGF file (a plain board never needs them)
    from tqdm import tqdm

    from passalive.go.game import Game, Position
    from passalive.tools.workers import WorkerLost

T = TypeVar("T")
S = TypeVar("S")

FOLDER_PATTERNS = ("*.sgf", "*.txt", "*.plain")
"""What a folder contributes: SGF files, `.txt` files holding Sensei's `$$` markup, `.plain` boards."""


# ------------------------------------------------------------------ options


@dataclass(frozen=True)
class Selection:
    """Which positions of the inputs a command reads, and how."""

    node: int | None = None
    move: int | None = None
    all_nodes: bool = False
    variation: int = 1
    allow_illegal: bool = False
    replay: bool = True
    input_format: str | None = None
    suicide: Suicide | None = None
    """The suicide rule games are replayed under (None: each game's own, from RU)."""
    board_size: int | None = None
    """The board a plain board's coordinates place it on (`--board-size`)."""


@dataclass(frozen=True)
class Runner:
    """How the collection is run: the shared options besides the selection."""

    keep_going: bool = False
    jsonl: bool = False
    progress: bool = False
    jobs: int = 1
    cluster: str | None = None
    """The address of a Dask scheduler to share the files out on (`--cluster`)."""


def _remember_pretty(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    ctx.meta["passalive.pretty"] = value


def _pretty_asked() -> bool:
    """Whether the running command was given --pretty."""
    context = click.get_current_context(silent=True)
    return bool(context is not None and context.meta.get("passalive.pretty"))


def _pretty() -> bool:
    """Whether a --json document is indented: when asked (--pretty) or on a terminal."""
    return _pretty_asked() or sys.stdout.isatty()


def echo_document(data: dict[str, Any]) -> None:
    """A --json document: indented when asked (--pretty) or on a terminal, else compact."""
    click.echo(json.dumps(data, indent=2 if _pretty() else None))


class JsonDocument:
    """A --json document `{"<key>": [entry, ...]}` written entry by entry as each
    is done, so that a long run holds one entry at a time (indented as
    `echo_document` would be).  Nothing is written before the first entry or
    `close`; a document left unclosed by an error is not valid JSON, so it is
    never taken for a result."""

    def __init__(self, key: str) -> None:
        self._key = key
        self._pretty = _pretty()
        self._count = 0

    def add(self, entry: dict[str, Any] | str) -> None:
        """Write one entry of the list: a dict, or one already written as compact
        JSON text (the fast front door makes its entries so)."""
        if self._count == 0:
            sys.stdout.write(f'{{\n  "{self._key}": [' if self._pretty else f'{{"{self._key}":[')
        if self._pretty:
            import textwrap  # for a reader's terminal or --pretty only: a plain run does not import it

            data = json.loads(entry) if isinstance(entry, str) else entry
            text = "\n" + textwrap.indent(json.dumps(data, indent=2), "    ")
        else:
            text = entry if isinstance(entry, str) else _COMPACT.encode(entry)
        sys.stdout.write(("," if self._count else "") + text)
        self._count += 1

    def close(self, skipped: Sequence[str] = ()) -> None:
        """End the list and the document; with `skipped` (the files --keep-going left out, one line of
        error each) an `errors` list after it, so that the document says it is not the whole input."""
        if self._count == 0:
            echo_document({self._key: [], **({"errors": list(skipped)} if skipped else {})})
            return
        if skipped:
            errors = json.dumps(list(skipped), indent=2) if self._pretty else _COMPACT.encode(list(skipped))
            end = "\n  ],\n  \"errors\": " + errors.replace("\n", "\n  ") + "\n}\n" if self._pretty else f'],"errors":{errors}}}\n'
        else:
            end = "\n  ]\n}\n" if self._pretty else "]}\n"
        sys.stdout.write(end)
        sys.stdout.flush()


class Sink:
    """Where a reading command's results go, by its output form (`Inputs.output`):
    a streamed --json document, --jsonl lines, text blocks separated by a blank
    line (each printed as it comes), or pictures and SGF documents written at
    the end (`--format svg|png|sgf`, to `out` or standard output)."""

    def __init__(self, output: str, out: str | None = None, key: str = "diagrams", colour: bool = False) -> None:
        if out is not None and output not in PICTURES:
            # Text and JSON go to standard output: a folder given for them would stay empty without a word.
            raise UsageError(f"--out {out}: only pictures and SGF are written to a folder; give --format svg, sgf or png")
        self.output = output
        self.out = out
        self.colour = colour  # text blocks in colour (`fancy_output`): their colour sequences are kept
        self.pictures: list[tuple[str, str, str]] = []
        self._document = JsonDocument(key) if output == "json" else None
        self._first = True

    def add(self, result: Any) -> None:
        """One item's result: pictures, a JSON entry (or a list of them), JSON lines or a text block."""
        if self.output in PICTURES:
            self.pictures.extend(result)
        elif self._document is not None:
            for entry in result if isinstance(result, list) else [result]:
                self._document.add(entry)
        elif self.output == "jsonl":
            echo_json_line(result)  # the lines, made where the work was done (a worker with --jobs)
        else:
            click.echo(terminal_safe(("" if self._first else "\n") + result.rstrip("\n"), self.colour))
            self._first = False

    def close(self, skipped: Sequence[str] = ()) -> None:
        """Write the pictures, or end the JSON document (with the files `skipped`, see `JsonDocument.close`)."""
        if self.output in PICTURES:
            write_pictures(self.pictures, self.out, self.output)
        elif self._document is not None:
            self._document.close(skipped)


def collection_options(function: Callable[..., Any]) -> Callable[..., Any]:
    """The options every reading command shares (see the module docstring),
    handed to the command as one `inputs: Inputs` argument."""
    options = [
        click.option("--node", type=click.IntRange(min=0), default=None, metavar="N",
                     help="SGF: the position after node N of the line (0 = root). Default: the last node."),
        click.option("--move", type=click.IntRange(min=0), default=None, metavar="N",
                     help="SGF: the position after move N (counting moves and passes, not nodes)."),
        click.option("--all-nodes", is_flag=True, help="SGF: every position of the line, root first."),
        click.option("--variation", type=click.IntRange(min=1), default=1, show_default=True, metavar="K",
                     help="SGF: follow line K of each game tree (lines counted by their last node in file order; 1 = main line)."),
        click.option("--keep-going", is_flag=True,
                     help="Report a file that cannot be read on stderr and go on with the others (exit 2 at the end)."),
        click.option("--jsonl", is_flag=True, help="Print one JSON object per position, as each is done."),
        click.option("--progress", is_flag=True, help="Show a progress bar on stderr (shown anyway on a terminal)."),
        click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True, metavar="N",
                     help="Share the files among N processes (output in input order)."),
        click.option("--cluster", default=None, metavar="ADDRESS",
                     help="Share the files among the workers of a running Dask scheduler, e.g. tcp://host:8786 "
                          "(needs passalive[cluster])."),
        click.option("--pretty", is_flag=True, expose_value=False, callback=_remember_pretty,
                     help="Indent the --json document (default: indented on a terminal, compact otherwise)."),
    ]
    names = [field.name for field in fields(Inputs)]

    @functools.wraps(function)
    def with_inputs(**given: Any) -> Any:
        inputs = Inputs(**{name: given.pop(name) for name in names})
        return function(inputs=inputs, **given)

    command: Callable[..., Any] = board_size_option(with_inputs)
    for option in reversed(options):
        command = option(command)
    return command


@dataclass(frozen=True)
class Inputs:
    """What the shared options of a reading command asked for (`collection_options`)."""

    node: int | None = None
    move: int | None = None
    all_nodes: bool = False
    variation: int = 1
    board_size: int | None = None
    keep_going: bool = False
    jsonl: bool = False
    progress: bool = False
    jobs: int = 1
    cluster: str | None = None

    def selection(self, **more: Any) -> Selection:
        """Which positions to read (`more`: the command's own reading options); a
        UsageError when --node, --move and --all-nodes are combined."""
        given = (("--node", self.node is not None), ("--move", self.move is not None), ("--all-nodes", self.all_nodes))
        chosen = [name for name, on in given if on]
        if len(chosen) > 1:
            raise UsageError(f"give one of --node, --move and --all-nodes, not {' and '.join(chosen)}")
        return Selection(
            node=self.node, move=self.move, all_nodes=self.all_nodes, variation=self.variation,
            board_size=self.board_size, **more,
        )

    @property
    def runner(self) -> Runner:
        """How to run over the inputs; a UsageError for --jobs with --cluster (the cluster decides how many)."""
        if self.cluster is not None and self.jobs > 1:
            raise UsageError("give --jobs N (processes on this machine) or --cluster ADDRESS (a Dask cluster's workers), not both")
        return Runner(self.keep_going, self.jsonl, self.progress, self.jobs, self.cluster)

    def output(self, as_json: bool, fmt: str, format_param: str = "fmt") -> str:
        """The command's output: `json`, `jsonl`, a picture format or `text`; a
        UsageError when --json and --jsonl are both given, or either with a
        `--format` written on the command line (`format_param`: its parameter's
        name), which would be ignored: SVG asked for, JSON printed; --pretty without a --json document."""
        if as_json and self.jsonl:
            raise UsageError("give either --json (one document) or --jsonl (one object per line), not both")
        if (as_json or self.jsonl) and option_given(format_param) and not (as_json and fmt == "json"):
            raise UsageError(f"give either --format {fmt} or {'--json' if as_json else '--jsonl'}, not both")
        output = "json" if as_json else "jsonl" if self.jsonl else fmt if fmt in PICTURES else "text"
        if output != "json" and _pretty_asked():
            raise UsageError("--pretty indents the --json document: give it with --json, or leave it out")
        return output


# ------------------------------------------------------------------- inputs


def expand(paths: Sequence[str], skip: Callable[[InputError], None] | None = None) -> list[str]:
    """The files of the inputs: files as given, folders searched recursively.

    In a folder: every `*.sgf` and `*.plain` file, and every `*.txt` file
    holding Sensei's `$$` markup (so a folder may hold notes beside its
    diagrams), in sorted order.  A path that does not exist, or a folder
    with no such file, is an InputError: raised, or handed to `skip` and
    left out (--keep-going).
    """
    files: list[str] = []
    for name in paths:
        try:
            files.extend(_expand_one(name))
        except InputError as error:
            if skip is None:
                raise
            skip(error)
    return files


def _expand_one(name: str) -> list[str]:
    """The files of one input (see `expand`)."""
    from passalive.grammar.read import detect_format

    path = Path(name)
    if name == "-" or (path.exists() and not path.is_dir()):
        return [name]
    if not path.is_dir():
        raise InputError(f"{name}: no such file or folder")
    found: list[Path] = []
    for pattern in FOLDER_PATTERNS:
        found.extend(path.rglob(pattern))
    files: list[str] = []
    for candidate in sorted(set(found)):
        if not candidate.is_file():
            continue
        if candidate.suffix == ".txt":
            try:
                head = candidate.read_bytes()[:1 << 20].decode("utf-8", errors="replace")
            except OSError:
                head = ""
            if detect_format(head, str(candidate)) != "sensei":
                continue
        files.append(str(candidate))
    if not files:
        raise InputError(f"{name}: no *.sgf, *.plain or Sensei *.txt file in this folder")
    return files


@dataclass(frozen=True)
class Item:
    """One position to work on: a diagram of a file, or a game's position after a node."""

    file: str
    number: int
    """Counts the items of the file from 1."""
    given: Diagram | None = None
    """The diagram, for a diagram file (a game's position makes its own when asked)."""
    position: Position | None = field(default=None, repr=False)
    done: Any = field(default=None, repr=False)
    """A whole game's result made at once by the command's `whole_game` (then the item stands for
    `positions` positions and is not handed to `work`); None for a single position."""
    positions: int = 1

    @cached_property
    def diagram(self) -> Diagram:
        """The diagram to work on (for a game's position, made on first use)."""
        if self.given is not None:
            return self.given
        assert self.position is not None
        return self.position.diagram()

    @property
    def title(self) -> str:
        """The diagram's title, or the game position's (without making its board)."""
        return self.position.title if self.given is None and self.position is not None else self.diagram.title

    @property
    def picture_number(self) -> str:
        """What names this item's pictures: the diagram's number, or a game position's game and
        node (`2-node012`, zero-padded so that a folder lists the nodes in order; `-line3` for a variation)."""
        if self.position is None:
            return str(self.number)
        game = self.position.game
        line = f"-line{game.variation}" if game.variation != 1 else ""
        return f"{game.number}{line}-node{self.position.node:03d}"

    @property
    def game(self) -> Game | None:
        """The game the position comes from (None for a diagram file)."""
        return self.position.game if self.position is not None else None

    def suicide(self, given: bool, pass_alive: Suicide | None = None) -> Suicide:
        """The suicide rule to analyse this item under (see `analysis_suicide`)."""
        return analysis_suicide(given, pass_alive, self.position.suicide if self.position is not None else None)

    def fields(self) -> dict[str, Any]:
        """`file`, `game`, `node`, `move`, `warnings` (always, [] when none) and, for a game, what its record says (for JSON)."""
        data: dict[str, Any] = {"file": self.file}
        if self.position is None:
            warnings = [message for message, _ in self.given.warnings] if self.given is not None else []
            data.update({"game": None, "node": None, "move": None, "warnings": warnings})
            return data
        position = self.position
        game = position.game
        info = game.info
        data.update(
            {
                "game": game.number,
                "variation": game.variation,
                "node": position.node,
                "move": position.move,
                "komi": info.komi,
                "handicap": info.handicap,
                "recorded_rules": info.rules,
                "rules_suicide": position.suicide.value,
                "rules_suicide_source": info.suicide_source,
                "players": {"black": info.black, "white": info.white},
                "recorded_result": info.result,
                "prisoners": {"black": position.prisoners[0], "white": position.prisoners[1]},
                "passes": position.passes,
            }
        )
        data["warnings"] = list(position.warnings)
        return data

    def heading(self) -> str:
        """A line naming the item: `file #n: title` plus, for a game, its facts."""
        title = self.title or "(untitled)"
        text = f"{self.file} #{self.number}: {title}"
        if self.position is not None:
            info = self.position.game.info
            facts = []
            if info.komi is not None:
                facts.append(f"komi {info.komi:g}")
            if info.handicap:
                facts.append(f"handicap {info.handicap}")
            facts.append(f"suicide {self.position.suicide.value} ({info.suicide_source})")
            black, white = self.position.prisoners
            facts.append(f"prisoners taken: black {black}, white {white}")
            text += "  [" + "; ".join(facts) + "]"
        return text


WholeGame = Callable[[str, "Game"], "tuple[Any, int] | None"]
"""A command's work on all the nodes of a game at once (`--all-nodes`): given the file's name and
the game, its result and how many positions it covers, or None to take the game node by node."""


def read_items(
    path: str, selection: Selection, warn: Callable[[str], None], given: tuple[str, bytes, int] | None = None,
    whole_game: WholeGame | None = None,
) -> Iterator[Item]:
    """The items of one file, in order; reader warnings go to `warn`.

    The file is read whole (up to MAX_FILE_BYTES), but the diagrams of a
    diagram file are parsed one at a time as they are asked for, so a file of
    thousands of boards is worked through in the memory of one.  `given`: the
    file as `read_input` read it elsewhere (by the client of a cluster).
    With `--all-nodes`, `whole_game` is tried on each game first: what it makes
    is one item standing for the game's every position (`Item.done`).
    """
    from passalive.grammar.files import read_input

    name, data, bom = given if given is not None else read_input(path)
    if not _is_sgf(name, data, selection.input_format):
        for number, diagram in enumerate(_diagrams(data, name, selection, bom), 1):
            for message, location in diagram.warnings:
                warn(f"{location}: warning: {message}")
            yield Item(name, number, diagram)
        return
    from passalive.grammar.sgf import iter_games

    number = 0
    games = 0
    skipped = 0
    pending: _TooShort | None = None  # the first game's, warned once a second game makes the file a collection

    def skip(error: _TooShort) -> None:
        warn(f"{error.location or name}: warning: {error.message}; this game skipped")

    records = iter_games(data, name, variation=selection.variation, suicide=selection.suicide)
    del data  # the reader keeps the file's text, not a second copy
    for game in records:
        games += 1
        if games == 2 and pending is not None:
            skip(pending)
        for message, location in game.warnings:
            warn(f"{location}: warning: {message}")
        fast = whole_game(name, game) if whole_game is not None and selection.all_nodes else None
        if fast is not None:
            yield Item(name, number + 1, done=fast[0], positions=fast[1])
            number += fast[1]
            continue
        try:
            for position in _chosen(game, selection, warn):
                number += 1
                yield Item(name, number, None, position)
        except _TooShort as error:  # a collection: the games that reach the node or move are enough
            skipped += 1
            if games == 1:
                pending = error
            else:
                skip(error)
    if games == 1 and pending is not None:
        raise InputError(pending.message, pending.location) from None
    if skipped and skipped == games:
        raise InputError(f"{name}: no game of the file reaches that node or move (see the warnings)")


def _diagrams(data: bytes, name: str, selection: Selection, skipped: int = 0) -> Iterator[Diagram]:
    """The diagrams of a diagram file's bytes (after `skipped` bytes of a byte order
    mark), one at a time; a file without any is an InputError (raised at its end)."""
    from passalive.grammar.read import decode_text, iter_text

    text = decode_text(data, name, skipped)
    del data
    count = 0
    for diagram in iter_text(
        text, name, replay=selection.replay, allow_illegal=selection.allow_illegal,
        format=selection.input_format, node=None, board_size=selection.board_size,
    ):
        count += 1
        yield diagram
    if not count:
        raise InputError(
            f"{name}: no diagram in this file; expected Sensei's $$ markup, a plain board of X/O/. rows or SGF"
        )


class _TooShort(InputError):
    """A game's line does not reach the node or move asked for."""


def analysis_suicide(given: bool, pass_alive: Suicide | None, played: Suicide | None) -> Suicide:
    """The suicide rule to analyse under: `pass_alive` when given (--pass-alive-suicide), else the
    rule of play: multi when `given` (--suicide), else the game's (`played`), else illegal."""
    if pass_alive is not None:
        return pass_alive
    if given:
        return Suicide.MULTI
    return played if played is not None else Suicide.ILLEGAL


def _chosen(game: Game, selection: Selection, warn: Callable[[str], None]) -> Iterator[Position]:
    """The selected positions of a game's line, each node's legality checked where it can break.

    A move leaves no chain without liberties (the replay removes what it
    captures, and a suicide's chain), so only a node with setup stones can
    make an illegal position: those nodes are checked (unless
    `allow_illegal`), selected or not, and the others need no check.  What
    was wrong with a move (a suicide, an occupied point, a ko taken back at
    once) goes to `warn` for every node replayed on the way to the selected
    positions, selected or not: the position analysed comes from them.
    """
    last: Position | None = None
    for position in game.positions():
        step = position.step
        for message in position.warnings:
            warn(f"{game.location(step.move_offset)}: warning: {message}")
        if not selection.allow_illegal and (step.black or step.white or step.empty) and not _surely_legal(position):
            try:
                position.board.check_legal()
            except IllegalPositionError as error:
                raise IllegalPositionError(error.message, position.location) from None
        if selection.all_nodes:
            yield position
        elif selection.node is not None and position.node == selection.node:
            yield position
            return
        elif selection.move is not None and position.move == selection.move and step.is_move:
            yield position
            return
        last = position
    if selection.node is not None or selection.move is not None:
        try:
            game.position(node=selection.node, move=selection.move)  # raises: no such node or move
        except InputError as error:
            raise _TooShort(error.message, error.location) from None
    elif not selection.all_nodes and last is not None:
        yield last


def _surely_legal(position: Position) -> bool:
    """Whether every chain of the position has a liberty, by bitsets (False: ask `Board.check_legal`)."""
    from passalive.tools.summary import position_geometry

    g = position_geometry(position)
    near_empty = g.dilate(g.empty)
    for own in (g.black, g.white):
        if own & ~g.fill(near_empty & own, own):
            return False
    return True


# ---------------------------------------------------------------------- run


@dataclass
class FileResult(Generic[T]):
    """What one file gave: the work's results, warnings, and the error that stopped it.

    `spilled`: the file a `--jobs` worker wrote its bytes results to (see
    `_spill`), each of them then a `Spilled` in `results`; None if none."""

    results: list[T | Spilled] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    error: str | None = None
    positions: int = 0
    spilled: str | None = None


@dataclass(frozen=True)
class Spilled:
    """A bytes result (a whole game's JSON lines) that a `--jobs` worker wrote to its file's spill file,
    `size` bytes after the results before it."""

    size: int


def _do_read(
    selection: Selection, work: Callable[[Item, S], T], settings: S, whole_game: WholeGame | None,
    spill: str | None, file: tuple[str, tuple[str, bytes, int] | str | None],
) -> FileResult[T]:
    """Every item of one file through `work` (whole games through `whole_game`): the file as (path,
    what reading it gave -- its name and bytes, or the error -- or None to read it here).  On a
    cluster's worker, the file came as bytes.  `spill`: a folder of this machine for the bytes
    results (`_spill`), None to send them back with the rest."""
    path, given = file
    done: FileResult[T] = FileResult()
    if isinstance(given, str):
        done.error = given
        return done
    try:
        for item in read_items(path, selection, done.warnings.append, given, whole_game):
            done.results.append(item.done if item.done is not None else work(item, settings))
            done.positions += item.positions
    except PassaliveError as error:
        done.error = error.format()
    if spill is not None:
        _spill(done, spill)
    return done


def _spill(done: FileResult[T], folder: str) -> None:
    """Write the bytes results of a file (whole games' `--jsonl` lines, a third of a megabyte a game) to one
    file in `folder` and leave a `Spilled` for each: the parent reads them back with one read each,
    where a pipe of `multiprocessing` would pickle, chunk and copy them (the parent's time, measured by
    bench/bench_engine.py, was two thirds of the workers' for `analyse --jobs 2`)."""
    import os
    import tempfile

    if not any(isinstance(result, bytes) for result in done.results):
        return
    handle, name = tempfile.mkstemp(prefix="spill-", dir=folder)
    with os.fdopen(handle, "wb") as out:
        for i, result in enumerate(done.results):
            if isinstance(result, bytes):
                out.write(result)
                done.results[i] = Spilled(len(result))
    done.spilled = name


def _unspilled(done: FileResult[T]) -> Iterator[T]:
    """A file's results in order, the spilled ones read back (and their file removed)."""
    if done.spilled is None:
        yield from done.results  # type: ignore[misc]  # no Spilled without a spill file
        return
    import os

    try:
        with open(done.spilled, "rb") as spilled:
            for result in done.results:
                yield spilled.read(result.size) if isinstance(result, Spilled) else result  # type: ignore[misc]
    finally:
        os.unlink(done.spilled)


def _held(lost: WorkerLost, path: str) -> str:
    """Which file the lost `--jobs` worker was reading (`WorkerLost.work`, `_do_read`'s last argument), in words."""
    work = lost.work
    if not (isinstance(work, tuple) and len(work) == 1 and isinstance(work[0], tuple) and isinstance(work[0][0], str)):
        return ""
    held = work[0][0]
    return " (the worker lost was reading it)" if held == path else f" (the worker lost was reading {held})"


def _read_here(path: str) -> tuple[str, tuple[str, bytes, int] | str]:
    """A file read by this process for a cluster's worker: (path, its name and bytes), or (path, the error)."""
    from passalive.grammar.files import read_input

    try:
        return path, read_input(path)
    except InputError as error:
        return path, error.format()


@handled()  # SIGINT/SIGTERM: one line and exit 130/143 (passalive.cli.signals), the workers ended
def run(
    paths: Sequence[str],
    selection: Selection,
    runner: Runner,
    work: Callable[[Item, S], T],
    settings: S,
    emit: Callable[[T], None],
    whole_game: WholeGame | None = None,
) -> list[str]:
    """Run `work(item, settings)` on every item of the inputs and `emit` each result in input order.

    Returns the files that could not be read, each as the first line of its
    error, `file:line:col: error: ...` (only with `--keep-going`; without it
    the first such error is raised).  With more
    than one job, `work` must be a module-level function and `settings`
    picklable (and `whole_game`, which does a game's every node at once
    with `--all-nodes` where it can, see `read_items`).
    """
    unread: list[InputError] = []
    files = expand(paths, unread.append if runner.keep_going else None)
    for error in unread:
        click.echo(error.format() + SKIPPED, err=True)
    if unread and not files:
        raise InputError("no input could be read (see above)")
    refuse_unused_selection(files, selection)
    bar = _bar(runner, len(files))
    skipped = [first_line(error.format()) for error in unread]
    positions = 0
    started = time.perf_counter()

    def report(path: str, done: FileResult[T]) -> None:
        nonlocal positions
        for text in done.warnings:
            click.echo(terminal_safe(text), err=True)
        positions += done.positions
        if bar is not None:
            bar.update(1)
            rate = positions / max(time.perf_counter() - started, 1e-9)
            bar.set_postfix_str(f"{positions} positions, {rate:,.0f}/s")
        if done.error is not None:
            skipped.append(first_line(done.error))
            if bar is not None:
                bar.clear()
            click.echo(done.error + (SKIPPED if runner.keep_going else ""), err=True)

    try:
        parallel = runner.jobs > 1 and len(files) > 1 and "-" not in files  # standard input is read by this process
        if runner.cluster is not None or parallel:
            import contextlib
            import tempfile

            from passalive.tools import workers

            # on SIGINT/SIGTERM the parent raises Interrupted and leaving this block ends the workers
            # (a cluster's pending tasks are cancelled)
            spill = contextlib.nullcontext(None) if runner.cluster is not None else tempfile.TemporaryDirectory(prefix="passalive-")
            if runner.cluster is not None:
                lanes = workers.cluster(runner.cluster)
                tasks: Iterator[Any] = (_read_here(path) for path in files)  # read as room is made
            else:
                lanes = workers.processes(min(runner.jobs, len(files)), worker_init)
                tasks = ((path, None) for path in files)  # each worker reads its file
            with spill as folder, lanes as pool:
                job: Callable[[Any], FileResult[T]] = functools.partial(_do_read, selection, work, settings, whole_game, folder)
                results = workers.ordered(pool, job, tasks)
                for path in files:
                    try:
                        done = next(results)
                    except workers.WorkerLost as lost:  # the output so far is every file before this one
                        raise workers.WorkerLost(f"{path}: not done, and the output stops before it{_held(lost, path)}: "
                                                 f"{lost.message}") from None
                    for result in _unspilled(done):
                        emit(result)
                    report(path, done)
                    if done.error is not None and not runner.keep_going:
                        sys.exit(2)
        else:
            for path in files:
                done = FileResult[T]()
                try:
                    for item in read_items(path, selection, lambda text: click.echo(terminal_safe(text), err=True), None, whole_game):
                        emit(item.done if item.done is not None else work(item, settings))
                        done.positions += item.positions
                except PassaliveError as error:
                    if not runner.keep_going:
                        raise
                    done.error = error.format()
                report(path, done)
    finally:
        if bar is not None:
            bar.close()
    return skipped


def refuse_unused_selection(files: Sequence[str], selection: Selection) -> None:
    """A UsageError for a reading option that no input takes, rather than a run it leaves unchanged:
    `--node`/`--move`/`--all-nodes`/`--variation` with no SGF input (a diagram file has one position
    per diagram), `--board-size` with no plain board (an SGF file's SZ and a Sensei diagram's edges
    give the board).

    Each file's format is guessed as `read_items` guesses it, from its first MiB; standard input
    (`-`), which cannot be read twice, and a file that cannot be read count as either format."""
    asks = [f"--{name} {value} picks a position" for name, value in (("node", selection.node), ("move", selection.move)) if value is not None]
    if selection.all_nodes:
        asks.append("--all-nodes analyses every position")
    if selection.variation != 1:
        asks.append(f"--variation {selection.variation} follows a line")
    if not asks and selection.board_size is None:
        return
    found: set[str] = set()
    for name in files:
        found |= _formats(name, selection.input_format)
        if (not asks or "sgf" in found) and (selection.board_size is None or "plain" in found):
            return
    if asks and "sgf" not in found:
        raise UsageError(
            f"{asks[0]} of an SGF game record; no input is SGF "
            "(a diagram file gives one position per diagram): leave it out"
        )
    raise UsageError(
        f"--board-size {selection.board_size} places plain boards of X/O/. rows; no input is one "
        "(an SGF file's SZ and a Sensei diagram's edges give its board): leave it out"
    )


def _is_sgf(name: str, data: bytes, input_format: str | None) -> bool:
    """Whether a file is read as SGF: `--input-format sgf`, else a `.sgf` name or SGF's first bytes."""
    from passalive.grammar.read import looks_like_sgf

    if input_format is not None:
        return input_format == "sgf"
    return name.lower().endswith(".sgf") or looks_like_sgf(data)


def _formats(name: str, given: str | None) -> set[str]:
    """The formats a file may be read as (see `refuse_unused_selection`): `given` (--input-format), or
    the guess from the file's head; every format for standard input or a file that cannot be read."""
    from passalive.grammar.read import detect_format

    if given is not None:
        return {given}
    try:
        if name == "-":
            raise OSError
        with open(name, "rb") as handle:
            head = handle.read(1 << 20).removeprefix(codecs.BOM_UTF8)
    except OSError:  # standard input, or reported when it is read
        return {"sgf", "sensei", "plain"}
    if _is_sgf(name, head, None):
        return {"sgf"}
    return {detect_format(head.decode("utf-8", errors="replace"), name)}


def first_line(error: str) -> str:
    """An error's first line, `file:line:col: error: ...` (without the quoted line and its caret): how the
    files --keep-going left out are listed (`--json`'s `errors`, check's reports)."""
    return error.split("\n", 1)[0]


SKIPPED = "\n(skipped; going on with the other files)"
"""What follows the error of a file --keep-going leaves out, on standard error."""


def _bar(runner: Runner, files: int) -> tqdm[Any] | None:
    if not (runner.progress or sys.stderr.isatty()) or files == 0:
        return None
    from tqdm import tqdm

    return tqdm(total=files, unit="file", file=sys.stderr, leave=False, dynamic_ncols=True)


def refuse_repeated(option: str, values: Sequence[str]) -> None:
    """A UsageError when a repeatable option names one value twice (its report would be printed twice)."""
    seen: set[str] = set()
    for value in values:
        if value in seen:
            raise UsageError(f"{option} {value} is given twice")
        seen.add(value)


def report_expectations(problems: Sequence[str], compared: int, positions: int, lines: str) -> None:
    """`--check`: every expected result the positions do not meet, on stderr; exit 1 if any.

    `compared` claims were read from `positions` diagrams or positions; when none
    was (no diagram has a `lines` line), that is a UsageError (exit 2), not agreement:
    a check that compared nothing must not pass silently, as `passalive check` says too.
    """
    for problem in problems:
        click.echo(terminal_safe(f"mismatch: {problem}"), err=True)
    if problems:
        sys.exit(1)
    if not compared:
        raise UsageError(f"--check compared nothing: no {lines} line in {positions} diagram(s)")
    click.echo(f"all expected results agree ({compared} claim(s) compared)", err=True)


def finish(skipped: Sequence[str]) -> None:
    """End the command: exit status 2 when some file could not be read (--keep-going; `run`'s list)."""
    if skipped:
        click.echo(f"{len(skipped)} file(s) could not be read (see above)", err=True)
        sys.exit(2)


_COMPACT = json.JSONEncoder(separators=(",", ":"))
"""The compact encoder, made once (`json.dumps` with separators makes one per call)."""


def json_line(data: dict[str, Any]) -> str:
    """One compact JSON object and a newline (a line of --jsonl)."""
    return _COMPACT.encode(data) + "\n"


def echo_json_line(data: dict[str, Any] | str | bytes) -> None:
    """One JSON object on its own line (or lines already made: `json_line`'s text, the kernel's ASCII
    bytes), flushed at once."""
    from passalive.output.files import write_output

    write_output(data if isinstance(data, (str, bytes)) else json_line(data))  # whole lines, even on a full disk
