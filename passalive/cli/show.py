"""`passalive show FILE...`: print every diagram of the files.

As Sensei's markup (default; it reads back to the same boards), as plain
boards with GTP coordinates, or as one JSON document.  Files are Sensei's
markup, plain boards or SGF (by extension or content); `-` is standard input.
"""

from __future__ import annotations

import json

import click

from passalive.cli.options import PICTURES, board_size_option, write_pictures
from passalive.go.diagram import Diagram
from passalive.tools.figures import diagram_pictures
from passalive.grammar.read import FORMATS, read_diagrams
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
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option(
    "--format",
    "output",
    type=click.Choice(["sl", "plain", "json", "svg", "sgf", "png"]),
    default="sl",
    show_default=True,
    help="Output: Sensei's markup, plain board with GTP coordinates, JSON, SVG pictures or SGF.",
)
@click.option("--out", type=click.Path(file_okay=False), default=None, metavar="DIR",
              help="With --format svg/sgf: write one file per diagram into DIR (default: standard output).")
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
@click.option(
    "--node",
    type=click.IntRange(min=0),
    default=None,
    help="SGF: the position after this many nodes of the main line (0 = root). Default: the last.",
)
@click.option("--no-coordinates", is_flag=True, help="Plain format: omit the coordinates around the board.")
@click.option("--no-marks", is_flag=True, help="Drop marks, labels and move numbers from the boards.")
@board_size_option
def command(
    files: tuple[str, ...],
    output: str,
    as_json: bool,
    as_drawn: bool,
    allow_illegal: bool,
    input_format: str | None,
    node: int | None,
    no_coordinates: bool,
    no_marks: bool,
    board_size: int | None,
    out: str | None,
) -> None:
    """Print every diagram of FILE... (Sensei's $$ markup, plain boards, SGF)."""
    if as_json:
        output = "json"
    documents: list[dict] = []
    chunks: list[str] = []
    pictures: list[tuple[str, str, str]] = []
    for path in files:
        diagrams = read_diagrams(
            path, replay=not as_drawn, allow_illegal=allow_illegal, format=input_format, node=node,
            board_size=board_size,
        )
        if no_marks:
            from dataclasses import replace

            diagrams = [replace(d, board=d.board.without_marks()) for d in diagrams]
        for number, diagram in enumerate(diagrams, 1):
            if output in PICTURES:
                pictures.extend(diagram_pictures(output, path, number, diagram))
            elif output == "json":
                documents.append(diagram_json(diagram))
            elif output == "plain":
                chunks.append(_plain(diagram, coordinates=not no_coordinates))
            else:
                where = f"{diagram.location}" if diagram.location else path
                chunks.append(f"{where}\n" + render_sensei(diagram))
    if output in PICTURES:
        write_pictures(pictures, out, output)
    elif output == "json":
        click.echo(json.dumps({"diagrams": documents}, indent=2))
    else:
        click.echo("\n".join(chunks), nl=False)
