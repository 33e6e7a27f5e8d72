"""Bad input on the command line, as a hostile user gives it.

Every case: exit status 2 for bad input, 1 for a contradicted claim, 0
otherwise; a located message; never a traceback or an "internal error".
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run

EXAMPLE = str(Path(__file__).resolve().parent.parent / "examples" / "basic.txt")




def program(tmp_path: Path, text: str) -> str:
    path = tmp_path / "p.dl"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    ("decl", "rule"),
    [("alive(b: symbol)", "alive(C) :- chain(_, C)."), ("alive(b: number, c: number)", "alive(B, B) :- chain(B, _).")],
)
def test_program_with_alive_of_the_wrong_shape_is_located(capsys, tmp_path, decl, rule):
    path = program(tmp_path, f'.include "board.dl"\n.output alive\n.decl {decl}\n{rule}\n')
    code, out, err = run(["analyse", EXAMPLE, "--program", path], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:3:7: error: the relation alive must have one number attribute")


@pytest.mark.parametrize("command", ["show", "analyse", "verify", "eyes", "score", "check"])
@pytest.mark.parametrize("text", ["", "\n  \n\n"])
def test_a_file_without_diagrams_is_an_error_not_an_empty_result(capsys, tmp_path, command, text):
    path = tmp_path / "empty.txt"
    path.write_text(text)
    code, out, err = run([command, str(path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {path}: no diagram in this file")


def test_score_dead_on_an_empty_point_names_the_diagram(capsys):
    code, out, err = run(["score", EXAMPLE, "--dead", "C2"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: --dead C2: that point is empty on the diagram '1: the white chain")
    assert f"({EXAMPLE}:16:1)" in err


DIAGRAM = "$$c t\n$$ | . . . . . . .\n$$ | O O O O O O .\n$$ | . O . . . O .\n$$ | O O . X . O .\n$$ +---------------\n"


@pytest.mark.parametrize(
    ("line", "meant"),
    [("{expect variant=benson white=none}", "EXPECT"), ("{EXPECTED variant=benson white=none}", "EXPECT"),
     ("{link A1 G1}", "LINK"), ("{EYE C1}", "EYES")],
)
@pytest.mark.parametrize("command", ["check", "analyse"])
def test_a_misspelt_extension_word_is_an_error_not_a_silent_no_op(capsys, tmp_path, line, meant, command):
    path = tmp_path / "typo.txt"
    path.write_text(DIAGRAM + f"$$ {line}\n")
    code, out, err = run([command, str(path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:7:5: error: unknown extension word {line[1:].split()[0]!r}; did you mean {meant}?")


def test_an_unrelated_extension_word_is_kept_for_other_tools(capsys, tmp_path):
    path = tmp_path / "other.txt"
    path.write_text(DIAGRAM + "$$ {NOTE made by hand}\n")
    code, _, _ = run(["show", str(path)], capsys)
    assert code == 0


@pytest.mark.parametrize(
    ("sgf", "column", "message"),
    [("(;GM[1]SZ[5:3];B[aa])", 8, "bad SGF: SZ[5:3]: expected a square board size from 1 to 26"),
     ("(;GM[1]SZ[30])", 8, "bad SGF: SZ[30]: expected a square board size from 1 to 26"),
     ("(;GM[2]SZ[5])", 3, "bad SGF: GM[2] is not a game of Go; expected GM[1]")],
)
def test_sgf_size_and_game_errors_point_at_the_property(capsys, tmp_path, sgf, column, message):
    path = tmp_path / "g.sgf"
    path.write_text(sgf)
    code, out, err = run(["show", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:1:{column}: error: {message}")


def test_binary_garbage_on_stdin_is_reported_as_not_utf8(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"\x87\xc1\xd0 garbage")))
    code, out, err = run(["analyse", "-"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("<stdin>:1:1: error: not UTF-8 text (byte 1)")


def test_sgf_on_stdin_is_read_as_sgf(capsys, monkeypatch):
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"(;GM[1]SZ[5];B[aa];W[bb])")))
    code, out, _ = run(["show", "-", "--format", "plain"], capsys)
    assert code == 0 and "5 X . . . . 5\n4 . O . . . 4" in out


@pytest.mark.parametrize(
    ("name", "data"),
    [("bom.txt", b"\xef\xbb\xbf$$\n$$ | . X\n$$ +----\n"), ("bom.sgf", b"\xef\xbb\xbf(;GM[1]SZ[5];B[aa])")],
)
def test_a_byte_order_mark_is_not_part_of_the_diagram(capsys, tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    code, out, err = run(["show", str(path)], capsys)
    assert code == 0 and err == "" and "X" in out


def test_a_byte_order_mark_is_not_part_of_the_rule_program(capsys, tmp_path):
    path = tmp_path / "bom.dl"
    path.write_bytes(b'\xef\xbb\xbf.include "board.dl"\n.output alive\n.decl alive(b: number)\nalive(B) :- chain(B, _).\n')
    code, _, err = run(["analyse", EXAMPLE, "--program", str(path)], capsys)
    assert code == 0 and err == ""


def test_invalid_utf8_after_a_byte_order_mark_counts_bytes_from_the_start(capsys, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_bytes(b"\xef\xbb\xbf$$\n\x87")
    code, _, err = run(["show", str(path)], capsys)
    assert code == 2 and err.startswith(f"{path}:2:1: error: not UTF-8 text (byte 7)")


def test_program_and_variant_together_are_refused(capsys):
    program = str(Path(EXAMPLE).parent.parent / "rules" / "benson.dl")
    code, out, err = run(["analyse", EXAMPLE, "--program", program, "--variant", "knechtel"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: --program runs your program instead of a variant")


@pytest.mark.parametrize(
    ("line", "column", "message"),
    [("{EYES variant=paths real=Z9}", 24, "EYES: no point named 'Z9' on this diagram"),
     ("{EYES variant=paths real=A2 false=A2}", 32, "EYES: A2 listed both as real and as false"),
     ("{PATH A3,F1 joined=maybe}", 16, "PATH: expected joined=yes or joined=no"),
     ("{PATH A3,F1 joined=yes variant=nosuch}", 27, "PATH: unknown variant 'nosuch'; expected one of paths")],
)
def test_eye_claims_are_checked_and_located(capsys, tmp_path, line, column, message):
    path = tmp_path / "eyes.txt"
    path.write_text(DIAGRAM + f"$$ {line}\n")
    code, out, err = run(["check", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:7:{column}: error: {message}")


def test_a_program_that_counts_without_end_is_stopped_with_a_located_error(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr("passalive.rules.engine.MAX_ROUNDS", 1000)  # 1,000,000 in use; the same code path
    path = program(
        tmp_path,
        '.include "board.dl"\n.output alive\n.decl alive(b: number)\n.decl n(x: number)\n'
        "n(0).\nn(X) :- n(Y), X = Y + 1.\nalive(B) :- chain(B, _), n(B).\n",
    )
    code, out, err = run(["analyse", EXAMPLE, "--program", path], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:6:1: error: the recursion of n still derives new tuples after 1,000 rounds")


@pytest.mark.parametrize("seconds", ["nan", "inf", "1e308"])
def test_check_timeout_must_be_a_finite_number(capsys, seconds):
    code, out, err = run(["check", EXAMPLE, "--verify", "--timeout", seconds], capsys)
    assert code == 2 and out == ""
    assert "Invalid value for '--timeout'" in err


def test_a_variant_listed_twice_in_expect_is_an_error_not_two_rows(capsys, tmp_path):
    path = tmp_path / "twice.txt"
    path.write_text(DIAGRAM + "$$ {EXPECT variant=benson,benson white=B3}\n")
    code, out, err = run(["check", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:7:27: error: EXPECT: variant benson is listed twice")


def test_an_error_in_a_very_long_line_shows_a_window_with_the_caret_under_the_column(capsys, tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("$$\n$$ | " + ". " * 3000 + "K" + " ." * 3000 + "\n")
    code, _, err = run(["show", str(path)], capsys)
    assert code == 2
    message, line, caret = err.splitlines()
    assert message.startswith(f"{path}:2:6006: error: unknown character 'K'")
    assert len(line) < 140 and line.startswith("    …") and line.endswith("…")
    assert line[len(caret) - 1] == "K" and caret.strip() == "^"


def test_check_refuses_to_write_junit_xml_over_a_checked_file(capsys, tmp_path):
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    page = corpus / "page.txt"
    page.write_text(Path(EXAMPLE).read_text())
    for target in (str(page), str(corpus)):
        code, out, err = run(["check", target, "--junit-xml", str(page)], capsys)
        assert code == 2 and out == ""
        assert err.startswith(f"error: {page}: this is one of the files checked")
    assert page.read_text() == Path(EXAMPLE).read_text()


@pytest.mark.parametrize("seconds", ["nan", "inf", "1e308", "0", "-1"])
def test_verify_timeout_must_be_a_finite_positive_number(capsys, seconds):
    code, out, err = run(["verify", EXAMPLE, "--timeout", seconds], capsys)
    assert code == 2 and out == ""
    assert "Invalid value for '--timeout'" in err


def test_the_z3_check_takes_a_huge_time_limit_and_refuses_nan():
    from passalive.errors import UsageError
    from passalive.grammar.read import read_diagrams
    from passalive.solver.truth import Status
    from passalive.solver.z3check import check

    board = read_diagrams(EXAMPLE)[0].board
    colour = board.chains[0].colour
    for seconds in (float("inf"), 1e308):  # was OverflowError turning the time into milliseconds
        result = check(board, colour, [0], complete=True, timeout=seconds)
        assert result.chains[0].status is not Status.UNKNOWN
    with pytest.raises(UsageError, match="the time limit must be a number of seconds, not nan"):
        check(board, colour, [0], complete=True, timeout=float("nan"))


EXPLORE = ["explore", "--no-progress", "--compare", "casting-out", "truth", "--board", "2x2", "--exhaustive"]


def test_explore_out_in_a_missing_folder_is_an_error(capsys, tmp_path):
    target = tmp_path / "nonexistent" / "x.jsonl"
    code, out, err = run([*EXPLORE, "--out", str(target)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {target}: cannot write the run record: No such file or directory")


def test_explore_out_refuses_a_binary_file_and_leaves_it_alone(capsys, tmp_path):
    target = tmp_path / "garbage.bin"
    target.write_bytes(b'{"type": "unit"}\n\x87\xc1\xd0 garbage')
    code, out, err = run([*EXPLORE, "--out", str(target)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{target}:2:1: error: not UTF-8 text (byte 18): not a run record of passalive explore")
    assert target.read_bytes() == b'{"type": "unit"}\n\x87\xc1\xd0 garbage'


@pytest.mark.parametrize(("text", "line"), [(DIAGRAM, 1), ("[1, 2]\n", 1), ('{"type": "search", "search": "x"}\n\nnot a record\n', 3)])
def test_explore_out_refuses_a_file_that_is_not_a_run_record(capsys, tmp_path, text, line):
    target = tmp_path / "page.txt"
    target.write_text(text)
    code, out, err = run([*EXPLORE, "--out", str(target)], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{target}:{line}:1: error: not a run record of passalive explore")
    assert target.read_text() == text


def test_explore_loads_every_program_even_one_not_compared(capsys, tmp_path):
    path = program(tmp_path, '.include "board.dl"\n.output alive\n.decl alive(b: number)\nalive(B) :- chain(B _).\n')
    code, out, err = run([*EXPLORE, "--program", path], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:4:21: error: syntax error")


@pytest.mark.parametrize(
    ("option", "value"),
    [("--jobs", "-1"), ("--z3", "-1"), ("--z3", "nan"), ("--z3", "inf"), ("--time-limit", "-1"),
     ("--time-limit", "nan"), ("--shrink", "-1")],
)
def test_explore_numbers_out_of_range_are_refused(capsys, option, value):
    code, out, err = run([*EXPLORE, option, value], capsys)
    assert code == 2 and out == ""
    assert f"Invalid value for '{option}'" in err


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [("--sizes", "3x3,,4x4", "got an empty item in '3x3,,4x4'"),
     ("--sizes", "9x9-5x5", "the range '9x9-5x5' is reversed: write the smaller size first, 5x5-9x9"),
     ("--board", "-1x3", "expected a board size such as 4x4, a list 5x5,7x7 or a range of squares 5x5-9x9, got '-1x3'")],
)
def test_explore_bad_sizes_say_what_was_given(capsys, option, value, message):
    code, out, err = run(["explore", "--no-progress", "--compare", "casting-out", "truth", option, value, "--exhaustive"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: ") and message in err


def test_explore_side_with_an_empty_suicide_rule_is_refused(capsys):
    code, out, err = run(["explore", "--no-progress", "--compare", "casting-out", "truth@", "--board", "2x2", "--exhaustive"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: the side 'truth@' names no suicide rule after '@'")


def test_explore_stopped_by_the_time_limit_says_so_and_exits_3(capsys, tmp_path):
    code, out, err = run([*EXPLORE[:-2], "3x3", "--exhaustive", "--time-limit", "0"], capsys)
    assert code == 3
    assert "incomplete: stopped by --time-limit; use --out FILE to make a run resumable" in out
    assert "no disagreement found in the units run (the search is incomplete)" in out
    target = tmp_path / "run.jsonl"
    code, out, err = run([*EXPLORE[:-2], "3x3", "--exhaustive", "--time-limit", "0", "--out", str(target), "--json"], capsys)
    assert code == 3 and f"run the same command again to resume from {target}" in err
    code, _, _ = run([*EXPLORE[:-2], "3x3", "--exhaustive", "--out", str(target), "--json"], capsys)
    assert code == 0
