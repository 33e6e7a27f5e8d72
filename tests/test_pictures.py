"""Pictures a Go player looks at: row numbers clear of the stones, whole titles, dead stones named.

Positions are read from the SVG itself (the coordinates' text, the stones'
circles); the title is rendered to pixels (cairosvg) to see that no letter
is cut at the picture's edge.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET

import pytest

from conftest import board_of
from passalive.cli import main
from passalive.definitions.analysis import analyse
from passalive.go.board import Board
from passalive.output.svg import board_svg
from passalive.tools.figures import analysis_svg

SVG = "{http://www.w3.org/2000/svg}"
DIGIT_EM = 0.64
"""A digit of DejaVu Sans is 0.636 em wide."""


def _offset(root: ET.Element) -> float:
    """The x translation of the board's group (a narrow board is centred under a wide title)."""
    group = next(g for g in root.iter(f"{SVG}g") if "transform" in g.attrib)
    match = re.match(r"translate\(([-\d.]+)", group.attrib["transform"])
    assert match
    return float(match.group(1))


@pytest.mark.parametrize("size", [19, 13, 10])
def test_two_digit_row_numbers_clear_the_edge_stones(size):
    rows = [["empty"] * size for _ in range(size)]
    for y in range(size):
        rows[y][0] = rows[y][size - 1] = "black"  # a stone on every point of both side edges
    board = Board.grid(rows)
    root = ET.fromstring(board_svg(board))
    offset = _offset(root)
    width = float(root.attrib["viewBox"].split()[2])
    stones = [c for c in root.iter(f"{SVG}circle") if "stone" in c.attrib.get("class", "")]
    leftmost = min(float(c.attrib["cx"]) - float(c.attrib["r"]) for c in stones) + offset
    rightmost = max(float(c.attrib["cx"]) + float(c.attrib["r"]) for c in stones) + offset
    coordinates = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "coordinates")
    numbers = [t for t in coordinates.iter(f"{SVG}text") if t.text and t.text.isdigit()]
    assert {t.text for t in numbers} == {str(n) for n in range(1, size + 1)}
    for text in numbers:
        assert text.text is not None
        x = float(text.attrib["x"]) + offset
        half = DIGIT_EM * float(text.attrib["font-size"]) * len(text.text) / 2
        if x < leftmost:  # the left column of numbers
            assert x + half + 1 <= leftmost, (text.text, x, leftmost)
            assert x - half >= 0
        else:
            assert x - half - 1 >= rightmost, (text.text, x, rightmost)
            assert x + half <= width


TITLE = "A rather long title for a small board, as Sensei's pages have them"


def test_a_long_title_on_a_small_board_is_wrapped_whole_inside_the_picture():
    cairosvg = pytest.importorskip("cairosvg")
    image_module = pytest.importorskip("PIL.Image")
    board = board_of("$$\n$$ +-----------+\n$$ | . X . O . |\n$$ | . X . O . |\n$$ | . X . O . |\n$$ +-----------+\n")
    svg = board_svg(board, title=TITLE[:60])
    root = ET.fromstring(svg)
    lines = [t.text for t in root.iter(f"{SVG}text") if t.attrib.get("class") == "title"]
    assert " ".join(line or "" for line in lines) == TITLE[:60]  # every word is there
    assert len(lines) == 2
    image = image_module.open(io.BytesIO(cairosvg.svg2png(bytestring=svg.encode()))).convert("L")
    band = 13 + 16 * (len(lines) - 1) + 8  # the title's rows
    dark = [x for x in range(image.width) for y in range(band) if image.getpixel((x, y)) < 110]
    assert dark, "the title is drawn"
    assert min(dark) >= 3 and max(dark) <= image.width - 4  # no letter runs off an edge


CORNER = """$$ A black corner with two eyes and a dead white stone
$$ +---------------
$$ | O . X . X O .
$$ | . . X X X O .
$$ | X X X O O O .
$$ | O O O O . . .
"""


def test_dead_stones_are_faded_and_named_in_the_legend():
    board = board_of(CORNER)
    root = ET.fromstring(analysis_svg(analyse(board), "corner"))
    faded = [c for c in root.iter(f"{SVG}circle") if "stone" in c.attrib.get("class", "") and c.attrib.get("opacity")]
    assert len(faded) == 1  # the white stone A19, in black territory
    legend = next(g for g in root.iter(f"{SVG}g") if g.attrib.get("class") == "legend")
    assert "dead (faded)" in [t.text for t in legend.iter(f"{SVG}text")]


def test_a_picture_without_dead_stones_has_no_such_legend_entry():
    board = board_of("$$\n$$ +-------+\n$$ | X . X |\n$$ | X X X |\n$$ +-------+\n")
    root = ET.fromstring(analysis_svg(analyse(board), "two eyes"))
    assert "dead (faded)" not in [t.text for t in root.iter(f"{SVG}text")]


def test_analyse_in_senseis_markup_crosses_the_dead_stones(tmp_path, capsys):
    path = tmp_path / "corner.txt"
    path.write_text(CORNER, encoding="utf-8")
    main(["analyse", str(path), "--format", "sl"])
    out = capsys.readouterr().out
    assert "$$ | P S B S B O ." in out  # A19: a white stone in black territory, crossed
    assert "Z/P crossed stones are dead" in out
