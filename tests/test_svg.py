"""SVG pictures: rendered to pixels (cairosvg) and looked at where the analysis says.

Each test draws a diagram, renders it, and checks the pixel at the centre of
a named point: a black stone's centre is dark, a white stone's light, a
territory square is present where the analysis puts territory, and the
coordinates stand where GTP names the columns and rows.
"""

from __future__ import annotations

from pathlib import Path
import io
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from conftest import board_of
from passalive.cli.analyse import command as analyse_command
from passalive.cli.show import command as show_command
from passalive.definitions.analysis import analyse
from passalive.go.board import Board, Colour
from passalive.output.svg import BACKGROUND, Layers, NumberedMove, board_svg, numbered, point_centre
from passalive.tools.figures import analysis_layers, analysis_svg, sequence_svg

try:  # cairosvg needs the system's libcairo2: without it the import raises OSError
    import cairosvg
    from PIL import Image
except (ImportError, OSError) as missing:  # pragma: no cover - depends on the machine
    print(f"SKIPPED: cannot render SVG to pixels: {missing} (pip install '.[test]'; apt-get install libcairo2)")
    pytest.skip(f"cannot render SVG to pixels: {missing}", allow_module_level=True)

SCALE = 2.0

CORNER = """
$$ A black corner with two eyes and a dead white stone
$$ +---------------
$$ | O . X . X O .
$$ | . . X X X O .
$$ | X X X O O O .
$$ | O O O O . . .
"""


def render(svg: str) -> Image.Image:
    png = cairosvg.svg2png(bytestring=svg.encode(), scale=SCALE)
    return Image.open(io.BytesIO(png)).convert("RGB")


def rgb(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    """The colour of the pixel at SVG coordinates (x, y)."""
    pixel = image.getpixel((round(x * SCALE), round(y * SCALE)))
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def brightness(image: Image.Image, xy: tuple[float, float], dx: float = 0.0, dy: float = 0.0) -> float:
    return sum(rgb(image, xy[0] + dx, xy[1] + dy)) / 3


def hex_brightness(colour: str) -> float:
    return sum(int(colour[i : i + 2], 16) for i in (1, 3, 5)) / 3


def test_black_stone_dark_white_stone_light_empty_point_background() -> None:
    board = board_of("$$\n$$ +-------+\n$$ | X O . |\n$$ | . . . |\n$$ +-------+\n")
    svg = board_svg(board)
    image = render(svg)
    assert brightness(image, point_centre(board, board.point("A2"))) < 60
    assert brightness(image, point_centre(board, board.point("B2"))) > 235
    # an empty point: the background, a little away from the grid lines through it
    assert abs(brightness(image, point_centre(board, board.point("C1")), 5, 5) - hex_brightness(BACKGROUND)) < 12


def test_territory_marks_where_the_analysis_says() -> None:
    board = board_of(CORNER)
    result = analyse(board)
    assert board.names(result.territory(Colour.BLACK)) == ["A19", "B19", "D19", "A18", "B18"]
    title = "corner"
    image = render(analysis_svg(result, title))
    for name in ("B19", "D19", "A18", "B18"):  # black territory: a small black square on an empty point
        assert brightness(image, point_centre(board, board.point(name), title=title)) < 60, name
    # not territory: the empty points of the open side stay background
    g17 = point_centre(board, board.point("G17"), title=title)
    assert brightness(image, g17, 5, 5) > 200
    # the pass-alive black stone C19: dark centre, green ring around it
    c19 = point_centre(board, board.point("C19"), title=title)
    assert brightness(image, c19) < 60
    r, g, b = rgb(image, c19[0] + 12.4, c19[1])
    assert g > r + 40 and g > b + 40, (r, g, b)
    # the dead white stone A19 in black territory: faded, with the black square on it
    assert brightness(image, point_centre(board, board.point("A19"), title=title)) < 60
    assert brightness(image, point_centre(board, board.point("A19"), title=title), 8, 0) < 235


def test_coordinates_stand_where_gtp_names_the_points() -> None:
    # top and right edges with board size 9: columns end at J, the top row is 9
    board = board_of("$$9\n$$ ------+\n$$ . X O |\n$$ . X O |\n")
    assert board.name(board.point("J9")) == "J9" and board.at(2, 0) == board.point("J9")
    svg = board_svg(board)
    texts = {
        element.text: (float(element.get("x", 0)), float(element.get("y", 0)))
        for element in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")
    }
    assert {"G", "H", "J", "9", "8"} <= set(texts)
    assert "A" not in texts and "1" not in texts
    # the letter J stands above the column of J9, the number 8 left of the row of H8
    jx, _ = point_centre(board, board.point("J9"))
    hx, hy = point_centre(board, board.point("H8"))
    group_offset = jx - (2 * 24.0 + 26.0)  # centre translation of a narrow board
    assert abs(texts["J"][0] + group_offset - jx) < 0.01
    assert abs(texts["8"][1] - hy) < 0.01
    image = render(svg)
    ink = min(brightness(image, (jx, texts["J"][1]), dx, dy) for dx in (-3, 0, 3) for dy in (-3, 0, 3))
    assert ink < 120  # the letter is drawn there


def test_cut_out_without_named_edges_has_no_coordinates() -> None:
    board = board_of("$$\n$$ . X O\n$$ . X O\n")
    texts = [e.text for e in ET.fromstring(board_svg(board)).iter("{http://www.w3.org/2000/svg}text")]
    assert not any(t in ("A", "B", "1", "2") for t in texts)
    assert any(t and t.startswith("open side") for t in texts)


def test_every_mark_of_the_markup_is_drawn() -> None:
    board = board_of(
        "$$ marks\n$$ +---------------+\n$$ | B W # @ Y Q Z |\n$$ | . . . . . . . |\n"
        "$$ | P C S T M a , |\n$$ +---------------+\n"
    )
    root = ET.fromstring(board_svg(board))
    ns = "{http://www.w3.org/2000/svg}"
    shapes = [e.tag.removeprefix(ns) for e in root.iter() if e.get("stroke-width") == "1.6"]
    assert shapes.count("circle") == 3 and shapes.count("rect") == 3
    assert shapes.count("polygon") == 3 and shapes.count("path") == 3
    assert "a" in [e.text for e in root.iter(ns + "text")]
    assert len([e for e in root.iter(ns + "circle") if e.get("class") == "star"]) == 1


def test_numbered_sequence_with_collision() -> None:
    board = board_of("$$\n$$ +-------+\n$$ | . X O |\n$$ | X O . |\n$$ +-------+\n")
    a2, c1 = board.point("A2"), board.point("C1")
    drawn, layers = numbered(
        board,
        [NumberedMove(1, Colour.WHITE, a2), NumberedMove(3, Colour.WHITE, c1), NumberedMove(5, Colour.WHITE, a2)],
    )
    assert layers.numbers == {a2: 1, c1: 3} and layers.notes == ("5 at 1",)
    assert drawn.colours[a2] is Colour.WHITE
    svg = sequence_svg(board, Colour.WHITE, [a2, c1, a2], title="w")
    texts = [e.text for e in ET.fromstring(svg).iter("{http://www.w3.org/2000/svg}text")]
    assert "1" in texts and "3" in texts and any(t and "5 at 1" in t for t in texts)
    image = render(svg)
    # the white numbered stone is light around its number
    assert brightness(image, point_centre(board, a2, title="w"), 0, 8) > 235


def test_healthy_regions_come_from_the_explanation() -> None:
    board = board_of(CORNER)
    layers = analysis_layers(analyse(board))
    assert board.names(layers.healthy) == ["B19", "D19", "A18", "B18"]
    assert board.names(layers.alive) == ["C19", "E19", "C18", "D18", "E18", "A17", "B17", "C17"]


def test_layers_out_of_the_board_are_refused_for_a_bare_graph() -> None:
    graph = Board.from_graph(board_of("$$\n$$ . X\n").points, [(0, 1)])
    with pytest.raises(ValueError):
        board_svg(graph, Layers())


def test_cli_writes_one_svg_per_diagram(tmp_path: Path) -> None:
    path = tmp_path / "two.txt"
    path.write_text(CORNER + "\n" + CORNER)
    out = tmp_path / "pictures"
    result = CliRunner().invoke(analyse_command, [str(path), "--format", "svg", "--out", str(out)])
    assert result.exit_code == 0, result.output
    files = sorted(p.name for p in out.iterdir())
    assert files == ["two-1-casting-out.svg", "two-2-casting-out.svg"]
    assert ET.parse(out / files[0]).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    # two pictures cannot go to standard output
    refused = CliRunner().invoke(show_command, [str(path), "--format", "svg"])
    assert refused.exit_code != 0
    one = tmp_path / "one.txt"
    one.write_text(CORNER)
    shown = CliRunner().invoke(show_command, [str(one), "--format", "svg"])
    assert shown.exit_code == 0 and shown.output.startswith("<svg")


def test_explore_finding_is_pictured_with_its_witness() -> None:
    from passalive.tools.explore.search import Finding
    from passalive.tools.figures import finding_pictures

    finding = Finding(
        comparison="casting-out@no vs truth@multi",
        kind="a",
        size="3x3",
        position="X../.OO/.O.",
        stones=4,
        a_alive={"black": [], "white": ["B2"]},
        b_alive={"black": [], "white": []},
        diagram=(
            "$$ casting-out@no says pass-alive, truth@multi does not\n$$ +-------+\n$$ | X . . |\n$$ | . O O |\n"
            "$$ | . O . |\n$$ +-------+\n$$ {CAPTURE by=black suicide=multi moves=A1,A2,C3,B3,A1,A2,C3,B3,C1}\n"
        ),
        witnesses=[],
        proof="",
        found_on="3x3",
    )
    pictures = finding_pictures(finding, 1)
    assert [name for name, _, _ in pictures] == [
        "finding-1-casting-out-no-vs-truth-multi", "finding-1-casting-out-no-vs-truth-multi-witness-1",
    ]
    board = board_of(finding.diagram)
    main = ET.fromstring(pictures[0][2])
    ringed = [e for e in main.iter("{http://www.w3.org/2000/svg}circle") if e.get("class") == "highlight"]
    assert len(ringed) == 3  # the white chain B2 C2 B1, on which the sides disagree
    witness = [e.text for e in ET.fromstring(pictures[1][2]).iter("{http://www.w3.org/2000/svg}text")]
    assert "9 at 1, 11 at 3, 13 at 5, 15 at 7" in witness and "17" in witness
    assert board.point("C1") is not None


def test_grid_lines_follow_the_adjacency_holes_unlinks_and_links() -> None:
    text = (
        "$$ odd board\n$$ +-----------+\n$$ | O O . O O |\n$$ | O _ X X O |\n$$ | . O X O . |\n$$ +-----------+\n"
        "$$ {UNLINK A3 A2}\n$$ {LINK B1 D1}\n"
    )
    board = board_of(text)
    root = ET.fromstring(board_svg(board))
    ns = "{http://www.w3.org/2000/svg}"
    segments = {
        (round(float(e.attrib["x1"])), round(float(e.attrib["y1"])), round(float(e.attrib["x2"])), round(float(e.attrib["y2"])))
        for e in root.iter(ns + "line")
    }
    offset = point_centre(board, board.point("A3"))[0] - 26.0

    def seg(a: str, b: str) -> tuple[int, int, int, int]:
        (x1, y1), (x2, y2) = point_centre(board, board.point(a)), point_centre(board, board.point(b))
        return round(x1 - offset), round(y1), round(x2 - offset), round(y2)

    assert seg("B3", "C3") in segments  # an ordinary adjacency
    assert seg("A3", "A2") not in segments  # UNLINK
    assert seg("A2", "C2") not in segments and seg("B3", "B1") not in segments  # no line through the hole B2
    arcs = [p for g in root.iter(ns + "g") if g.get("class") == "link" for p in g.iter(ns + "path")]
    assert len(arcs) == 1  # the LINK's dashed arc
    assert any(e.text == "added adjacency (LINK)" for e in root.iter(ns + "text"))


def test_cli_png_through_cairosvg(tmp_path: Path) -> None:
    path = tmp_path / "corner.txt"
    path.write_text(CORNER)
    out = tmp_path / "png"
    result = CliRunner().invoke(analyse_command, [str(path), "--format", "png", "--out", str(out)])
    assert result.exit_code == 0, result.output
    image = Image.open(out / "corner-1-casting-out.png")
    assert image.format == "PNG" and image.width > 300
    refused = CliRunner().invoke(analyse_command, [str(path), "--format", "png"])
    assert refused.exit_code != 0  # PNG needs a folder
