"""Every reader counts lines as editors and `file:line` tools do: a line ends at
`\\n`, `\\r\\n` or `\\r`, never at a form feed, a vertical tab, U+0085 or
U+2028/U+2029, which Python's `str.splitlines` also takes for line breaks
(issue 24 item 4)."""

from __future__ import annotations

import pytest
from conftest import run

from passalive.errors import line_starts, split_lines

ODD = ["\x0c", "\x0b", "\x1c", "\x85", "\u2028", "\u2029"]
"""Characters `str.splitlines` breaks at and editors do not."""


@pytest.mark.parametrize("odd", ODD)
def test_an_odd_character_in_a_sensei_page_prose_does_not_shift_the_line(tmp_path, capsys, odd):
    page = tmp_path / "page.txt"
    page.write_text(f"Some prose{odd} with it\nand more{odd}{odd} prose\n$$\n$$ | . X ! |\n", encoding="utf-8")
    code, _, err = run(["show", str(page)], capsys)
    assert code == 2
    assert err.startswith(f"{page}:4:10: error: unknown character '!'")


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_every_line_end_counts_once(tmp_path, capsys, end):
    page = tmp_path / "page.txt"
    page.write_text(end.join(["prose", "", "$$", "$$ | . X ! |", ""]), encoding="utf-8", newline="")
    code, _, err = run(["show", str(page)], capsys)
    assert code == 2 and err.startswith(f"{page}:4:10: error:")


def test_an_odd_character_in_a_plain_board_file_does_not_shift_the_line(tmp_path, capsys):
    board = tmp_path / "b.plain"
    board.write_text("X O .\x0c\nO X .\n. . !\n", encoding="utf-8")
    code, _, err = run(["show", str(board)], capsys)
    assert code == 2 and err.startswith(f"{board}:1:6: error: unknown character '\\x0c'"), err  # not a line break: a character


def test_an_odd_character_in_a_rule_program_comment_does_not_shift_the_line(tmp_path, capsys):
    program = tmp_path / "r.dl"
    program.write_text("// a comment\x0c with a form feed \u2028 and a line separator\nfoo(X) :- bar(X, .\n", encoding="utf-8")
    board = tmp_path / "b.plain"
    board.write_text("X .\n. .\n")
    code, _, err = run(["analyse", "--program", str(program), str(board)], capsys)
    assert code == 2
    assert err.startswith(f"{program}:2:18: error: syntax error")
    assert "\n    foo(X) :- bar(X, .\n" in err  # the line the column is in


def test_an_sgf_record_with_old_mac_line_ends_is_located_by_them(tmp_path, capsys):
    record = tmp_path / "g.sgf"
    record.write_bytes(b"(;GM[1]SZ[9]\r;B[aa]\x0c\r;W[zz])")
    code, _, err = run(["show", str(record)], capsys)
    assert code == 2 and err.startswith(f"{record}:3:3: error: bad SGF: W[zz] is off the 9x9 board"), err


def test_split_lines_and_line_starts_break_where_editors_do():
    assert split_lines("a\r\nb\rc\nd\x0ce\u2028f\n") == ["a", "b", "c", "d\x0ce\u2028f"]
    assert split_lines("") == [] and split_lines("\n") == [""]
    assert line_starts("a\r\nb\rc") == [0, 3, 5]
