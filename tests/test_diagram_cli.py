"""`passalive show`: every diagram of the files, as markup, plain board or JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run

EXAMPLE = str(Path(__file__).resolve().parent.parent / "examples" / "basic.txt")

SNAPBACK = "$$B Snapback: 3 at 1\n$$ +---------+\n$$ | O 2 1 O |\n$$ | O O O O |\n$$ | X X X X |\n$$ | . . . . |\n$$ +---------+\n"




def test_show_prints_markup_that_reads_back(capsys, tmp_path):
    code, out, err = run(["show", EXAMPLE], capsys)
    assert code == 0 and err == ""
    assert "$$c 1: the white chain is pass-alive" in out
    assert "$$ | O O . X . O ." in out
    from passalive import parse_diagrams, read_diagrams

    assert [d.board for d in parse_diagrams(out)] == [d.board for d in read_diagrams(EXAMPLE)]


def test_show_plain_has_gtp_coordinates(capsys):
    code, out, _ = run(["show", EXAMPLE, "--format", "plain"], capsys)
    assert code == 0
    assert "  A B C D E F G\n4 . . . . . . . 4\n3 O O O O O O . 3" in out
    assert "(cut-out, open right, top)" in out


def test_show_json_of_several_files(capsys, tmp_path):
    other = tmp_path / "snap.txt"
    other.write_text(SNAPBACK)
    code, out, _ = run(["show", EXAMPLE, str(other), "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and len(data["diagrams"]) == 3
    assert data["diagrams"][2]["stones"] == {"black": ["C4", "A2", "B2", "C2", "D2"], "white": []}


def test_show_as_drawn_keeps_the_numbers(capsys, tmp_path):
    path = tmp_path / "snap.txt"
    path.write_text(SNAPBACK)
    code, out, err = run(["show", str(path), "--as-drawn"], capsys)
    assert code == 2 and "has no liberties" in err  # as drawn, the captured stones are still there
    code, out, _ = run(["show", str(path), "--as-drawn", "--allow-illegal"], capsys)
    assert code == 0 and "$$ | O 2 1 O |" in out


def test_bad_input_exits_2_with_a_located_message(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("$$ t\n$$ . . X\n$$ . K .\n")
    code, out, err = run(["show", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:3:6: error: unknown character 'K'")
    assert "Traceback" not in err


def test_missing_file_exits_2(capsys, tmp_path):
    code, _, err = run(["show", str(tmp_path / "none.txt")], capsys)
    assert code == 2 and "no such file" in err


@pytest.mark.parametrize("command", ["show", "analyse", "verify", "score", "eyes"])
def test_a_folder_without_any_board_file_exits_2(capsys, tmp_path, command):
    (tmp_path / "notes.txt").write_text("no diagram here\n")
    code, out, err = run([command, str(tmp_path)], capsys)
    assert code == 2 and out == ""
    assert f"{tmp_path}: no *.sgf, *.plain or Sensei *.txt file in this folder" in err
    # with --keep-going the other inputs are still done, and the exit status says one was not
    code, out, err = run([command, str(tmp_path), EXAMPLE, "--keep-going", "--jsonl"], capsys)
    assert code == 2 and out.count("\n") >= 1 and "(skipped; going on with the other files)" in err


@pytest.mark.parametrize("command", ["show", "analyse", "check"])
def test_a_header_drawn_as_the_top_edge_is_a_warning(capsys, tmp_path, command):
    # the first $$ line is the header: "----" there is the title, and the top side stays open
    path = tmp_path / "edge.txt"
    path.write_text("$$ ---------\n$$ | . X O |\n$$ | X X O |\n$$ +-------+\n$$ {EXPECT variant=casting-out black=none}\n")
    code, _, err = run([command, str(path)], capsys)
    assert code == 0
    assert f"{path}:1:4: warning: the first line of a diagram is its header, so '---------' is its title" in err
    path.write_text("$$\n$$ +-------+\n$$ | . X . |\n$$ | X X O |\n$$ +-------+\n$$ {EXPECT variant=casting-out black=B2}\n")
    code, _, err = run([command, str(path)], capsys)
    assert code == 0 and "warning" not in err


def test_the_installed_command_never_shows_a_traceback(tmp_path):
    path = tmp_path / "bad.sgf"
    path.write_text("(;SZ[5]AB[aa")
    done = subprocess.run(
        [sys.executable, "-c", "from passalive.cli import main; main()", "show", str(path)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "bad.sgf:1:10: error: bad SGF: this property value is never closed with ]" in done.stderr
    assert "Traceback" not in done.stderr
