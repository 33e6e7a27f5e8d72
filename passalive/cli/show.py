"""`passalive show FILE...`: print every diagram of the files.

As Sensei's markup (default; it reads back to the same boards), as plain
boards with GTP coordinates, or as one JSON document.  Files are Sensei's
markup, plain boards or SGF (by extension or content); `-` is standard input.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import click

from passalive.cli.options import PICTURES
from passalive.cli.collection import Inputs, Item, Sink, collection_options, finish, run
from passalive.go.diagram import Diagram
from passalive.grammar.read import FORMATS
from passalive.tools.figures import diagram_pictures
from passalive.output.render import board_json, diagram_json, render_plain, render_sensei


def _plain(diagram: Diagram, coordinates: bool) -> str:
    board = diagram.board
    heading = diagram.title or "(untitled)"
    notes = []
    if board.open_sides:
        notes.append("cut-out, open " + ", ".join(sorted(s.value for s in board.open_sides)))
    if board.size is not None and not board.frame.knows_gtp(board.size[0]):
        notes.append("points named col:row from the top-left")
    if notes:
        heading += f"  ({'; '.join(notes)})"
    text = heading + "\n" + render_plain(board, coordinates=coordinates)
    if board.size is not None and all(p.coord is not None for p in board.points):
        data = board_json(board)
        for key, word in (("links", "linked"), ("unlinks", "not adjacent")):
            if data[key]:
                text += f"{word}: " + ", ".join(f"{a}-{b}" for a, b in data[key]) + "\n"
    return text


@click.command("show")
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option(
    "--format",
    "output",
    type=click.Choice(["sl", "plain", "json", "svg", "sgf", "png"]),
    default="sl",
    show_default=True,
    help="Output: Sensei's markup, plain board with GTP coordinates, JSON, SVG pictures, SGF, "
    "or PNG (the SVG rendered by cairosvg: pip install 'passalive[png]'; needs --out).",
)
@click.option("--out", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="With --format svg/sgf/png: write one file per diagram into DIR (default: standard output).")
@click.option("--json", "as_json", is_flag=True, help="Same as --format json.")
@click.option(
    "--as-drawn",
    is_flag=True,
    help="Show the position as drawn, numbered stones in place; default: replay the moves with captures.",
)
@click.option(
    "--allow-illegal",
    is_flag=True,
    help="Accept positions with a chain that has no liberties instead of reporting an error.",
)
@click.option(
    "--input-format",
    type=click.Choice(FORMATS),
    default=None,
    help="Read the files as this format instead of guessing from extension and content.",
)
@click.option("--no-coordinates", is_flag=True, help="Plain format: omit the coordinates around the board.")
@click.option("--no-marks", is_flag=True, help="Drop marks, labels and move numbers from the boards.")
@collection_options
def command(
    files: tuple[str, ...],
    output: str,
    as_json: bool,
    as_drawn: bool,
    allow_illegal: bool,
    input_format: str | None,
    no_coordinates: bool,
    no_marks: bool,
    out: str | None,
    inputs: Inputs,
) -> None:
    """Print every diagram of FILE... (Sensei's $$ markup, plain boards, SGF; folders searched recursively)."""
    kind = inputs.output(as_json or (output == "json" and not inputs.jsonl), output, "output")  # --format json is --json
    output = output if kind == "text" else kind  # text: Sensei's markup or a plain board
    selection = inputs.selection(replay=not as_drawn, allow_illegal=allow_illegal, input_format=input_format)
    sink = Sink(output, out)
    settings = _Settings(output, not no_coordinates, no_marks)
    failed = run(files, selection, inputs.runner, _work, settings, sink.add)
    sink.close(failed)
    finish(failed)


@dataclass(frozen=True)
class _Settings:
    output: str
    coordinates: bool
    no_marks: bool


def _work(item: Item, settings: _Settings) -> Any:
    """One item as a JSON dict or its text."""
    diagram = item.diagram
    if settings.no_marks:
        diagram = replace(diagram, board=diagram.board.without_marks())
    if settings.output in PICTURES:
        return diagram_pictures(settings.output, item.file, item.picture_number, diagram)
    if settings.output in ("json", "jsonl"):
        data = diagram_json(diagram)
        if item.position is not None:
            data = {**item.fields(), **data}
        elif settings.output == "jsonl":
            data = {"file": item.file, **data}
        return data
    if settings.output == "plain":
        return _plain(diagram, coordinates=settings.coordinates)
    where = f"{diagram.location}" if diagram.location else item.file
    return f"{where}\n" + render_sensei(diagram)
