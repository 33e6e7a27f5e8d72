"""Terminal boards: GTP coordinates on every size, distinct symbols, a legend; ASCII when piped."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from passalive.cli.analyse import command as analyse_command
from passalive.cli.eyes import command as eyes_command
from passalive.cli.score import command as score_command
from passalive.definitions.analysis import analyse
from passalive.grammar.read import parse_diagrams
from passalive.output.render import ANALYSIS_GLYPHS, fancy_output, terminal_board
from passalive.tools.figures import analysis_marks

CORNER = """$$ corner
$$ +-----------
$$ | . X . X O
$$ | X X X X O
$$ | O O O O O
$$ | . . . . .
"""


def test_piped_output_is_plain_ascii_with_coordinates_and_legend(tmp_path: Path) -> None:
    path = tmp_path / "corner.txt"
    path.write_text(CORNER)
    out = CliRunner().invoke(analyse_command, [str(path)]).output
    assert "\x1b[" not in out and out.isascii()
    assert "   A B C D E\n19 b # b # O 19\n18 # # # # O 18\n" in out
    assert "O white stone  # pass-alive black  b black territory  cut-out, open bottom, right" in out


def test_a_terminal_gets_unicode_and_colour_unless_no_color() -> None:
    board = parse_diagrams(CORNER)[0].board
    marks = analysis_marks(analyse(board))
    fancy = terminal_board(board, marks, ANALYSIS_GLYPHS, fancy=True)
    assert "\x1b[1;32m◉\x1b[0m" in fancy and "▪" in fancy
    assert "19 " in fancy and " A B C D E" in fancy  # the coordinates stay plain

    class Tty:
        def isatty(self) -> bool:
            return True

    assert fancy_output(False, Tty()) is True
    assert fancy_output(True, Tty()) is False  # --no-color


def test_nineteen_by_nineteen_has_every_coordinate(tmp_path: Path) -> None:
    rows = ["$$ +" + "-" * 39 + "+"] + ["$$ | " + " ".join("." * 19) + " |"] * 19 + ["$$ +" + "-" * 39 + "+"]
    rows[10] = "$$ | " + " ".join("X" + "." * 18) + " |"
    path = tmp_path / "big.txt"
    path.write_text("$$ empty\n" + "\n".join(rows) + "\n")
    out = CliRunner().invoke(analyse_command, [str(path), "--no-color"]).output
    assert "   A B C D E F G H J K L M N O P Q R S T" in out
    assert "10 X . . " in out and " 1 . . " in out


def test_eyes_and_score_boards_have_their_legends(tmp_path: Path) -> None:
    path = tmp_path / "eyes.txt"
    path.write_text("$$ eyes\n$$ +-------+\n$$ | . X . |\n$$ | X X X |\n$$ | . . . |\n$$ +-------+\n")
    eyes = CliRunner().invoke(eyes_command, [str(path)]).output
    assert "3 r X r 3" in eyes and "r real eye" in eyes
    score = CliRunner().invoke(score_command, [str(path)]).output
    assert "b black territory" in score
    sl = CliRunner().invoke(score_command, [str(path), "--format", "sl"]).output
    assert "$$ | S X S |" in sl
