"""`passalive gtp`'s input, read as a hostile controller would write it (issue 26, item 1; issue 20, item 5).

Every test here runs the real engine in a subprocess under a strict UTF-8
locale (`LANG=en_US.UTF-8`, `PYTHONIOENCODING=utf-8:strict`), feeds it bytes
and reads its answers: a bad byte, an endless line, a Unicode digit, a
5,000-digit number, `loadsgf` of a device, a FIFO, a directory, a file over
the size limit or a broken record is an answer `? message`, the engine goes
on, and a failed `loadsgf` leaves the position as it was.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


from passalive.go.limits import MAX_FILE_BYTES, MAX_GTP_LINE_BYTES
from passalive.grammar.sgf import read_games

HERE = Path(__file__).parent
GAMES = HERE / "data" / "games"
ENGINE = [sys.executable, "-c", "from passalive.cli import main; main()", "gtp"]
STRICT = {**os.environ, "LANG": "en_US.UTF-8", "LC_ALL": "en_US.UTF-8", "PYTHONIOENCODING": "utf-8:strict"}


def session(script: bytes, *, cwd: Path | None = None, timeout: float = 60) -> list[str]:
    """The engine's answers to `script` (bytes, as a controller writes them), one string per response."""
    done = subprocess.run(ENGINE, input=script, capture_output=True, env=STRICT, cwd=cwd, timeout=timeout)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    err = done.stderr.decode("utf-8", errors="replace")
    assert "Traceback" not in err and "internal error" not in err, err
    out = done.stdout.decode("utf-8")
    assert out.endswith("\n\n") or not out
    return out[:-2].split("\n\n") if out else []


def test_a_byte_that_is_not_utf8_is_an_error_for_that_command_only() -> None:
    answers = session(b"1 name\n2 play b \xff\xfeA1\n3 play b A1\n\xc3\n4 showboard\n")
    assert answers[0] == "=1 passalive"
    assert answers[1] == "?2 not UTF-8 text: byte 10 of the line (0xff); GTP commands are ASCII"
    assert answers[2] == "=3"
    assert answers[3].startswith("? not UTF-8 text: byte 1 of the line (0xc3)")
    assert "1 X . ." in answers[4]  # the engine went on, with the move of command 3


def test_a_bad_byte_in_a_comment_is_no_error() -> None:
    assert session(b"1 name # caf\xe9\n") == ["=1 passalive"]


def test_a_line_longer_than_the_limit_is_refused_and_skipped_to_its_end() -> None:
    long = b"7 play b " + b"A" * (MAX_GTP_LINE_BYTES * 3)
    answers = session(long + b"\n8 name\n" + b"x" * (MAX_GTP_LINE_BYTES + 5))  # the last one without an end
    assert answers == [
        f"?7 line longer than {MAX_GTP_LINE_BYTES} bytes; skipped",
        "=8 passalive",
        f"? line longer than {MAX_GTP_LINE_BYTES} bytes; skipped",
    ]


HUGE = "9" * 5000


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("boardsize \u0663", "syntax error"),  # ARABIC-INDIC DIGIT THREE: int() reads it as 3
        (f"boardsize {HUGE}", "unacceptable size"),
        ("komi \u0663", "komi: expected a number such as 6.5, got '\u0663'"),
        (f"komi {HUGE}", "komi 99999999999999999999… (5000 characters) is too large (at most 10000)"),
        (f"komi 1.{HUGE}", "komi: at most 6 digits after the point"),
        ("komi 1e9", "komi: expected a number such as 6.5, got '1e9'"),
        ("komi nan", "komi: expected a number such as 6.5, got 'nan'"),
        ("komi 1_0", "komi: expected a number such as 6.5, got '1_0'"),
        ("play b A\u0663", "invalid coordinate"),
        ("play b A\u00b2", "invalid coordinate"),  # SUPERSCRIPT TWO: isdigit() is true, int() fails
        (f"play b A{HUGE}", "invalid coordinate"),
        (f"loadsgf {GAMES / 'ko.sgf'} {HUGE}", "move number 99999999999999999999… (5000 characters) is too large"),
        (f"loadsgf {GAMES / 'ko.sgf'} \u0663", "move number: '\u0663' is not a digit 0-9"),
        (f"passalive-explain A{HUGE}", "invalid coordinate"),
    ],
)
def test_a_number_is_read_by_the_bounded_reader(command: str, expected: str) -> None:
    answers = session(f"5 {command}\n6 name\n".encode())
    assert answers[0].startswith(f"?5 {expected}"), answers[0]
    assert answers[1] == "=6 passalive"


def test_an_id_is_ascii_digits_of_a_bounded_length() -> None:
    answers = session(f"\u0663 name\n{HUGE} name\n12 name\n".encode())
    assert answers == ["? unknown command", "? id 99999999999999999999… (5000 characters) is too large (at most 18 digits)", "=12 passalive"]


def test_komi_takes_the_usual_forms() -> None:
    answers = session(b"komi -6.5\nkomi .5\nkomi 7\nkomi +0.25\nshowboard\n")
    assert answers[:4] == ["="] * 4 and answers[4].endswith("komi 0.25")


# ------------------------------------------------------------------ loadsgf


def _board_of(answer: str) -> str:
    return answer.split("\n", 1)[1]


SETUP = b"1 boardsize 5\n2 play b C3\n3 play w D4\n4 showboard\n"
"""A position every failed loadsgf below must leave as it is."""


def _unchanged_after(command: str, cwd: Path | None = None) -> str:
    """The answer to `command` after SETUP, checking the position is the same after it."""
    answers = session(SETUP + f"5 {command}\n6 showboard\n7 name\n".encode(), cwd=cwd, timeout=20)
    assert answers[6] == "=7 passalive"
    assert _board_of(answers[5]) == _board_of(answers[3]), answers[5]
    return answers[4]


def test_loadsgf_of_dev_zero_is_refused_at_once() -> None:
    assert _unchanged_after("loadsgf /dev/zero") == "?5 cannot load file: /dev/zero: not a regular file"


def test_loadsgf_of_a_fifo_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.sgf"
    os.mkfifo(fifo)  # no writer: opening it to read would wait forever
    assert _unchanged_after(f"loadsgf {fifo}") == f"?5 cannot load file: {fifo}: not a regular file"


def test_loadsgf_of_a_directory_or_a_missing_file(tmp_path: Path) -> None:
    assert _unchanged_after(f"loadsgf {tmp_path}") == f"?5 cannot load file: {tmp_path}: not a regular file"
    assert _unchanged_after("loadsgf nowhere.sgf", cwd=tmp_path) == "?5 cannot load file: nowhere.sgf: no such file"


def test_loadsgf_of_a_file_over_the_limit_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.sgf"
    with open(big, "wb") as handle:  # sparse: no disk used
        handle.truncate(MAX_FILE_BYTES + 1)
    assert _unchanged_after(f"loadsgf {big}").startswith(f"?5 cannot load file: {big}: larger than 64 MiB")


def test_a_broken_record_leaves_the_position_as_it_was() -> None:
    # broken.sgf reads well up to its third node: the old engine set up half the game, then failed
    answer = _unchanged_after(f"loadsgf {GAMES / 'broken.sgf'}")
    assert answer.startswith(f"?5 cannot load file: {GAMES / 'broken.sgf'}:3:3: bad SGF: ")


def test_a_board_larger_than_gtp_names_leaves_the_position_as_it_was(tmp_path: Path) -> None:
    (tmp_path / "big.sgf").write_text("(;GM[1]SZ[26];B[aa])")  # SGF names 26 columns, GTP 25
    assert _unchanged_after("loadsgf big.sgf", cwd=tmp_path) == "?5 unacceptable size"


def test_a_record_whose_position_has_a_chain_without_liberties_is_refused_as_the_command_line_does(tmp_path: Path) -> None:
    (tmp_path / "dead.sgf").write_text("(;GM[1]SZ[5]AB[aa]AW[ba][ab])")  # black A5 has no liberty
    assert _unchanged_after("loadsgf dead.sgf", cwd=tmp_path) == (
        "?5 cannot load file: dead.sgf:1:2: the black chain at A5 has no liberties; such a position cannot arise in a game"
    )


def _cli_board(path: Path) -> list[str]:
    """The position at the end of the record's main line, as the command line reads it: rows of X/O/."""
    board = read_games(path.read_bytes(), str(path))[0].position().board
    symbols = {"black": "X", "white": "O", "empty": "."}
    size = int(len(board.colours) ** 0.5)
    return [" ".join(symbols[board.colours[y * size + x].value] for x in range(size)) for y in range(size)]


@pytest.mark.parametrize("name", ["handicap.sgf", "suicide-sui1.sgf", "ko.sgf", "variations.sgf"])
def test_loadsgf_reads_a_record_as_the_command_line_does(name: str) -> None:
    """handicap.sgf (AB with HA) and suicide-sui1.sgf (a suicide its RU allows) were refused before."""
    answers = session(f"1 loadsgf {GAMES / name}\n2 showboard\n".encode())
    assert answers[0].startswith("=1 "), answers[0]
    rows = [" ".join(line.split()[1:-1]) for line in answers[1].split("\n")[2:-2]]
    assert rows == _cli_board(GAMES / name)


def test_a_forbidden_move_of_a_record_is_played_as_recorded_with_a_located_warning_on_stderr() -> None:
    done = subprocess.run(ENGINE, input=f"1 loadsgf {GAMES / 'ko.sgf'}\n".encode(), capture_output=True, env=STRICT, timeout=60)
    assert done.stdout == b"=1 black\n\n"
    assert done.stderr.decode() == (
        f"{GAMES / 'ko.sgf'}:3:55: warning: move 10 (white B4) retakes a ko at once, illegal under the ko rule "
        "(played as the record has it)\n"
    )


@pytest.mark.parametrize(
    "record",
    [
        "(;GM[1]FF[4]SZ[9]HA[2]KM[0.5];AB[cc][gg];W[ee])",  # the handicap stones in a node of their own
        "(;GM[1]FF[4]SZ[9]HA[2]KM[0.5]AB[cc][gg]W[ee])",  # and white's first move beside them in the root
    ],
)
def test_a_handicap_record_sgfmill_refused(tmp_path: Path, record: str) -> None:
    (tmp_path / "h.sgf").write_text(record)
    answers = session(b"1 loadsgf h.sgf\n2 showboard\n3 loadsgf h.sgf 1\n4 showboard\n", cwd=tmp_path)
    assert answers[0] == "=1 black"  # white played last
    assert "7 . . X . . . . . . 7" in answers[1] and "5 . . . . O . . . . 5" in answers[1]
    assert answers[1].endswith("komi 0.5")
    assert answers[2] == "=3 white"  # before move 1: the handicap stones, white to play
    assert "5 . . . . . . . . . 5" in answers[3] and "3 . . . . . . X . . 3" in answers[3]


def test_the_position_before_a_move_in_the_root_node(tmp_path: Path) -> None:
    (tmp_path / "root.sgf").write_text("(;GM[1]SZ[5]B[cc];W[dd];W[ee])")
    answers = session(b"1 loadsgf root.sgf 1\n2 showboard\n3 loadsgf root.sgf 2\n4 showboard\n", cwd=tmp_path)
    assert answers[0] == "=1 black" and "3 . . . . . 3" in answers[1]  # the empty board: internal error before
    assert answers[2] == "=3 white" and "3 . . X . . 3" in answers[3]
    more = session(b"1 loadsgf root.sgf 3\n2 loadsgf root.sgf\n", cwd=tmp_path)
    assert more == ["=1 white", "=2 black"]  # before move 3: its mover, white (twice in a row)


def test_loadsgf_keeps_the_ko_and_the_prisoners_of_the_record(tmp_path: Path) -> None:
    # black takes the ko at B3 as the record's last move: white may not take back at once
    (tmp_path / "ko.sgf").write_text(
        "(;GM[1]SZ[5];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];W[bc];B[cc])"
    )
    answers = session(b"1 loadsgf ko.sgf\n2 play w B3\n3 play w E5\n4 showboard\n5 undo\n6 undo\n7 showboard\n", cwd=tmp_path)
    assert answers[:3] == ["=1 white", "?2 illegal move", "=3"]
    assert answers[3].endswith("captured: black 1, white 0; komi 7.5")
    assert "3 X O . O . 3" in answers[6]  # undone to before black's capture
