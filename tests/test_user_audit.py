"""What a new user met following the README off its happy path, each as an example.

A Go programmer scoring games, an engine author, a rules researcher and a
Go-wiki editor each tried the commands the way people do: a check on a file
with nothing to check, options that do not go together.  The bar: a located
error and exit status 2 rather than an answer to a question nobody asked, and
never a success that checked nothing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import run

ROOT = Path(__file__).resolve().parent.parent

TWO_EYES = """\
$$c Two eyes
$$ | . . . . . . .
$$ | O O O O O O .
$$ | . O . O . O .
$$ | O O O O O O .
$$ +---------------
"""
"""A white group with two real eyes, and no {EYES}, {PATH} or {SCORE} line."""


@pytest.mark.parametrize(("command", "lines"), [("eyes", "{EYES} or {PATH}"), ("score", "{SCORE}")])
def test_check_with_no_claim_to_compare_is_an_error_not_agreement(capsys, tmp_path, command, lines):
    path = tmp_path / "two-eyes.txt"
    path.write_text(TWO_EYES)
    code, out, err = run([command, str(path), "--check"], capsys)
    assert code == 2
    assert "all expected results agree" not in err
    assert f"error: --check compared nothing: no {lines} line in 1 diagram" in err


@pytest.mark.parametrize("command", ["eyes", "score"])
def test_check_says_how_many_claims_agree(capsys, command):
    example = {"eyes": "instant-eye-tester.txt", "score": "scoring-seki.txt"}[command]
    code, _, err = run([command, str(ROOT / "examples" / example), "--check"], capsys)
    assert code == 0
    assert "all expected results agree" in err
    assert "claim(s) compared" in err


SAFETY = str(ROOT / "examples" / "static-safety.txt")


@pytest.mark.parametrize(
    "options",
    [["--suicide"], ["--pass-alive-suicide", "multi"], ["--depth", "3"], ["--complete"], ["--witness", "full"],
     ["--format", "svg"], ["--out", "pictures"]],
)
def test_verify_alternating_refuses_the_options_it_would_ignore(capsys, options):
    code, out, err = run(["verify", SAFETY, "--alternating", *options], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: verify --alternating does not take {options[0]}")


def test_verify_budget_without_alternating_is_refused(capsys):
    code, out, err = run(["verify", SAFETY, "--budget", "5"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: --budget bounds the alternating-play search: give it with --alternating")


def test_verify_alternating_on_a_game_where_suicide_is_legal_is_refused(capsys, tmp_path):
    """Alternating play is searched with suicide illegal: a New Zealand game is not answered under other rules."""
    path = tmp_path / "nz.sgf"
    path.write_text("(;GM[1]FF[4]SZ[5]RU[NZ]AB[aa][ba][ca]AW[ab][bb][cb])\n")
    code, out, err = run(["verify", str(path), "--alternating", "--budget", "10"], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:1:2: error: verify --alternating searches only with suicide illegal, not suicide=multi (RU[NZ])")


def test_verify_alternating_says_its_suicide_rule(capsys):
    code, out, _ = run(["verify", SAFETY, "--alternating", "--budget", "50"], capsys)
    assert "-- variant static-safety, alternating play, suicide=no" in out


def _commands() -> list[str]:
    import click

    from passalive.cli import cli

    return cli.list_commands(click.Context(cli))


@pytest.mark.parametrize("name", _commands())
def test_every_option_a_help_text_names_is_an_option_of_that_command(name):
    """`passalive score --help` once told the user to play under `--suicide`, which score has not."""
    import re

    import click

    from passalive.cli import cli

    root = click.Context(cli)
    command = cli.get_command(root, name)
    assert command is not None
    text = command.get_help(click.Context(command, info_name=name, parent=root))
    options = {"--help"} | {o for p in command.params for o in [*p.opts, *p.secondary_opts]}
    named = set(re.findall(r"(?<![\w-])--[a-z][a-z0-9-]*", text))
    assert named <= options, f"passalive {name} --help names {sorted(named - options)}"


BASIC = str(ROOT / "examples" / "basic.txt")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyse", BASIC, "--format", "svg", "--json"], "give either --format svg or --json, not both"),
        (["analyse", BASIC, "--format", "sl", "--jsonl"], "give either --format sl or --jsonl, not both"),
        (["score", BASIC, "--format", "sgf", "--json"], "give either --format sgf or --json, not both"),
        (["verify", BASIC, "--format", "svg", "--jsonl"], "give either --format svg or --jsonl, not both"),
        (["eyes", BASIC, "--format", "png", "--json"], "give either --format png or --json, not both"),
        (["show", BASIC, "--format", "svg", "--json"], "give either --format svg or --json, not both"),
        (["show", BASIC, "--format", "plain", "--jsonl"], "give either --format plain or --jsonl, not both"),
        (["show", BASIC, "--json", "--jsonl"], "give either --json (one document) or --jsonl"),
    ],
)
def test_a_format_and_json_together_are_refused_not_one_silently_dropped(capsys, argv, message):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {message}")


@pytest.mark.parametrize("argv", [["show", BASIC, "--format", "json", "--json"], ["analyse", BASIC, "--json"]])
def test_json_alone_or_said_twice_is_json(capsys, argv):
    code, out, _ = run(argv, capsys)
    assert code == 0 and out.startswith('{"diagrams"')


@pytest.mark.parametrize("command", ["show", "analyse", "verify", "score", "eyes"])
@pytest.mark.parametrize("more", [[], ["--json"]])
def test_out_without_a_picture_format_is_refused_not_an_empty_folder(capsys, tmp_path, command, more):
    folder = tmp_path / "pictures"
    code, out, err = run([command, BASIC, "--out", str(folder), *more], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: --out {folder}: only pictures and SGF are written to a folder")
    assert not folder.exists()


# A downloaded record or a wiki page is untrusted text: its control characters (a terminal's
# escape sequences that clear the screen or set the window's title, NUL, BEL) are shown as
# U+FFFD, never sent to the user's terminal.
HOSTILE = "\x1b]0;pwned\x07\x1b[2J\x1b[8m\x00"  # a window title, clear the screen, conceal what follows, NUL


def test_in_colour_the_terminal_keeps_colour_sequences_only():
    """Where passalive's boards are in colour, an SGR sequence passes (passalive's own resets end it);
    every other control character is shown as U+FFFD."""
    from passalive.output.terminal_text import terminal_safe

    assert terminal_safe(HOSTILE, colour=True) == "\ufffd]0;pwned\ufffd\ufffd[2J\x1b[8m\ufffd"
    assert terminal_safe(HOSTILE) == "\ufffd]0;pwned\ufffd\ufffd[2J\ufffd[8m\ufffd"


def test_an_error_shows_the_offending_line_without_its_control_characters(capsys, tmp_path):
    path = tmp_path / "typo.txt"
    path.write_text(f"$$\n$$ | X . {HOSTILE}K |\n")
    code, out, err = run(["analyse", str(path)], capsys)
    assert code == 2
    assert err.startswith(f"{path}:2:10: error: unknown character '\\x1b' in a diagram line")
    assert "$$ | X . \ufffd]0;pwned\ufffd\ufffd[2J\ufffd[8m\ufffd" in err
    assert not any(c in err for c in "\x1b\x07\x00")


def test_a_utf16_file_is_reported_without_its_nul_bytes(capsys, tmp_path):
    path = tmp_path / "notepad.txt"
    path.write_bytes((ROOT / "examples" / "basic.txt").read_text().encode("utf-16"))
    code, _, err = run(["analyse", str(path)], capsys)
    assert code == 2 and "not UTF-8 text" in err
    assert "\x00" not in err


@pytest.mark.parametrize("command", ["analyse", "score", "verify", "eyes", "show"])
def test_a_game_name_with_escape_sequences_reaches_the_terminal_inert(tmp_path, command):
    from click.testing import CliRunner

    from passalive.cli import cli

    path = tmp_path / "hostile.sgf"
    hostile = HOSTILE.replace("]", "\\]")  # SGF escapes a ] in a value
    path.write_text(f"(;GM[1]FF[4]SZ[5]GN[{hostile}game]AB[aa][bb]AW[dd];B[cc])\n")
    result = CliRunner().invoke(cli, [command, str(path), *(["--no-color"] if command != "show" else [])], color=True)
    assert result.exit_code in (0, 1), result.output
    assert "game" in result.output
    assert not any(c in result.output for c in "\x1b\x07\x00"), repr(result.output[:300])


@pytest.mark.parametrize(("name", "text"), [("notepad.txt", None), ("notepad.sgf", "(;GM[1]FF[4]SZ[9];B[ee])\n")])
def test_a_utf16_file_is_named_as_such_with_what_to_do(capsys, tmp_path, name, text):
    path = tmp_path / name
    path.write_bytes((text or (ROOT / "examples" / "basic.txt").read_text()).encode("utf-16"))
    code, _, err = run(["analyse", str(path)], capsys)
    assert code == 2 and err.startswith(f"{path}:1:1: error: ")
    assert "this file is UTF-16, from its byte-order mark" in err and "save it as UTF-8" in err


def _wiki(tmp_path: Path) -> Path:
    """A folder of two wiki pages: one whose claims hold, one with a typo in a diagram."""
    folder = tmp_path / "wiki"
    folder.mkdir()
    (folder / "a-good.txt").write_text((ROOT / "examples" / "basic.txt").read_text())
    (folder / "b-typo.txt").write_text("$$ Typo\n$$ | X . K |\n$$ {EXPECT variant=casting-out black=none}\n")
    return folder


def test_check_stops_at_a_page_with_a_typo_without_keep_going(capsys, tmp_path):
    code, out, err = run(["check", str(_wiki(tmp_path))], capsys)
    assert code == 2 and out == ""
    assert "b-typo.txt:2:10: error: unknown character 'K'" in err


def test_check_keep_going_checks_the_other_pages_and_exits_2(capsys, tmp_path):
    folder = _wiki(tmp_path)
    report = tmp_path / "report.xml"
    code, out, err = run(["check", str(folder), "--keep-going", "--junit-xml", str(report)], capsys)
    assert code == 2
    assert f"{folder}/b-typo.txt:2:10: error: unknown character 'K'" in err and "(skipped; going on" in err
    assert "b-typo.txt" not in out  # its rows are left out, the good page's are there
    assert out.rstrip().endswith("2 checks: 2 ok, 0 failed, 0 unknown (2 diagrams in 2 files); 1 file(s) not checked (see the errors above)")
    xml = report.read_text()
    assert 'errors="1"' in xml and "<error message=\"unknown character 'K'" in xml


def test_check_keep_going_json_lists_the_files_left_out(capsys, tmp_path):
    import json

    folder = _wiki(tmp_path)
    code, out, _ = run(["check", str(folder), "--keep-going", "--json"], capsys)
    assert code == 2
    data = json.loads(out)
    assert data["summary"]["errors"] == 1 and data["summary"]["ok"] == 2
    (error,) = data["errors"]
    assert error.startswith(f"{folder / 'b-typo.txt'}:2:10: error: unknown character 'K'")


def test_check_on_a_folder_reports_a_page_saved_as_utf16_instead_of_passing_it_over(capsys, tmp_path):
    folder = _wiki(tmp_path)
    (folder / "b-typo.txt").unlink()
    (folder / "c-notepad.txt").write_bytes((ROOT / "examples" / "basic.txt").read_text().encode("utf-16"))
    (folder / "d-latin1-notes.txt").write_bytes("Notes de la journ\xe9e, sans diagramme.\n".encode("latin-1"))
    code, out, err = run(["check", str(folder), "--keep-going"], capsys)
    assert code == 2
    assert f"{folder}/c-notepad.txt:1:1: error: not UTF-8 text (byte 1); expected a diagram file (this file is UTF-16" in err
    assert "latin1-notes" not in err  # prose in another encoding is still passed over
    assert "2 checks: 2 ok" in out


@pytest.mark.parametrize(("command", "variant"), [("analyse", "casting-out"), ("eyes", "paths")])
def test_a_variant_given_twice_is_refused_not_reported_twice(capsys, command, variant):
    code, out, err = run([command, BASIC, "--variant", variant, "--variant", variant], capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: --variant {variant} is given twice")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyse", BASIC, "--comments", "full"], "--comments sets the comment of each node of --all-nodes --format sgf"),
        (["analyse", BASIC, "--comments", "full", "--format", "sgf"], "--comments sets the comment"),
        (["check", BASIC, "--source-url", "https://example.org/wiki"], "--source-url links the diagrams of the --html report"),
    ],
)
def test_an_option_without_the_one_it_belongs_to_is_refused(capsys, argv, message):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {message}")


def test_comments_with_all_nodes_sgf_is_taken(capsys):
    argv = ["analyse", str(ROOT / "tests" / "data" / "games" / "two-games.sgf"), "--all-nodes", "--format", "sgf", "--comments", "full"]
    code, out, _ = run(argv, capsys)
    assert code == 0 and out.startswith("(;")


@pytest.mark.parametrize(
    ("komi", "message"),
    [
        ("nan", "--komi: expected a number such as 6.5, got 'nan'"),
        ("-inf", "--komi: expected a number such as 6.5, got '-inf'"),
        ("1e3", "--komi: expected a number such as 6.5, got '1e3'"),
        ("20000", "--komi 20000 is too large (at most 10000)"),
        ("6.1234567", "--komi: at most 6 digits after the point, got '6.1234567'"),
    ],
)
def test_gtp_refuses_a_komi_at_start_that_its_komi_command_refuses(capsys, monkeypatch, komi, message):
    """`passalive gtp --komi nan` answered `final_score` with `W+nan`; the komi at start is read as the
    `komi` command reads it (which refuses 1e3 and 6.123456 too)."""
    import io

    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"final_score\nquit\n")))
    code, out, err = run(["gtp", "--komi", komi], capsys)
    assert code == 2 and out == ""
    assert message in err
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(f"komi {komi}\nquit\n".encode())))
    code, out, _ = run(["gtp"], capsys)
    assert code == 0 and out.startswith("? komi")  # the command refuses the same


@pytest.mark.parametrize("komi", ["1e300", "-2000000", "nan"])
def test_score_komi_is_bounded_as_a_records_km_is(capsys, komi):
    """`score --komi 1e300` gave `result W+1e+300 (proven)`."""
    code, out, err = run(["score", BASIC, "--komi", komi], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: --komi expects a finite number of at most 1,000,000 points either way")


GAMES = ROOT / "tests" / "data" / "games"


@pytest.mark.parametrize("pretty", [[], ["--pretty"]])
@pytest.mark.parametrize("command", ["analyse", "score", "show"])
def test_keep_going_json_names_the_files_it_left_out(capsys, command, pretty):
    """A --json document of a run that skipped a file says so itself, not only on stderr and by the exit status."""
    import json

    argv = [command, str(GAMES / "two-games.sgf"), str(GAMES / "broken.sgf"), "--json", "--keep-going", *pretty]
    code, out, _ = run(argv, capsys)
    assert code == 2
    document = json.loads(out)
    assert len(document["diagrams"]) == 2
    assert document["errors"] == [f"{GAMES / 'broken.sgf'}:3:3: error: bad SGF: B[cc\\n;W[ff]: expected a point of two letters such as dd"]


def test_json_of_a_whole_run_has_no_errors_list(capsys):
    import json

    code, out, _ = run(["analyse", str(GAMES / "two-games.sgf"), "--json", "--keep-going"], capsys)
    assert code == 0 and "errors" not in json.loads(out)


def test_show_format_json_beside_jsonl_names_what_was_given(capsys):
    code, out, err = run(["show", BASIC, "--format", "json", "--jsonl"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: give either --format json or --jsonl, not both")


# Options that were taken and changed nothing: each is refused, with what it is for.

SGF_GAME = str(GAMES / "ko.sgf")
PLAIN = """\
  A B C D
4 . X O .
3 X X O O
2 . X O .
1 X X O O
"""


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["analyse", BASIC, "--board-size", "9"], "--board-size 9 places plain boards of X/O/. rows; no input is one"),
        (["show", SGF_GAME, "--board-size", "9"], "--board-size 9 places plain boards of X/O/. rows; no input is one"),
        (["analyse", BASIC, "--node", "3"], "--node 3 picks a position of an SGF game record; no input is SGF"),
        (["score", BASIC, "--move", "2"], "--move 2 picks a position of an SGF game record; no input is SGF"),
        (["analyse", BASIC, "--all-nodes", "--jsonl"], "--all-nodes analyses every position of an SGF game record; no input is SGF"),
        (["verify", BASIC, "--variation", "2"], "--variation 2 follows a line of an SGF game record; no input is SGF"),
        (["score", BASIC, "--pretty"], "--pretty indents the --json document: give it with --json"),
        (["analyse", BASIC, "--jsonl", "--pretty"], "--pretty indents the --json document: give it with --json"),
        (["analyse", BASIC, "--program", str(ROOT / "rules" / "casting-out.dl"), "--engine", "direct"],
         "--program runs your rule program on the rule engine; --engine direct has no program to run"),
    ],
)
def test_an_option_that_would_change_nothing_is_refused(capsys, argv, message):
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {message}")


@pytest.mark.parametrize("option", [["--seed", "7"], ["--unit", "10"]])
def test_explore_exhaustive_refuses_the_options_of_random_samples(capsys, option):
    """An exhaustive search has no samples: `--seed 7` gave the run (and the record's key) of `--seed 0`."""
    argv = ["explore", "--compare", "casting-out", "truth", "--board", "2x2", "--exhaustive", *option]
    code, out, err = run(argv, capsys)
    assert code == 2 and out == ""
    assert err.startswith(f"error: {option[0]} is for --random N (it shapes the random samples)")


def test_options_are_taken_where_an_input_uses_them(capsys, tmp_path):
    """A folder of a plain board and an SGF game: --board-size is for the one, --node for the other."""
    (tmp_path / "corner.plain").write_text(PLAIN)
    (tmp_path / "ko.sgf").write_text(Path(SGF_GAME).read_text())
    code, out, _ = run(["show", str(tmp_path), "--board-size", "9", "--node", "2"], capsys)
    assert code == 0 and "corner.plain" in out and "ko.sgf" in out
    code, out, _ = run(["analyse", BASIC, "--program", str(ROOT / "rules" / "casting-out.dl")], capsys)
    assert code == 0 and "engine=rules" in out
    code, out, _ = run(["score", BASIC, "--json", "--pretty"], capsys)
    assert code == 0 and out.startswith('{\n  "diagrams"')


def test_check_keep_going_html_lists_the_pages_left_out(capsys, tmp_path):
    """The summary, --json and JUnit said a page was left out; the HTML report showed only the good page."""
    folder = _wiki(tmp_path)
    report = tmp_path / "report.html"
    code, _, _ = run(["check", str(folder), "--keep-going", "--html", str(report)], capsys)
    assert code == 2
    page = report.read_text()
    assert '<span class="error">1 not checked</span>' in page
    assert "1 file(s) could not be checked and were left out (--keep-going)" in page
    assert f'<span class="badge error">ERROR</span>{folder}/b-typo.txt: not checked</h2>' in page
    assert f"{folder}/b-typo.txt:2:10: error: unknown character &#x27;K&#x27;" in page
    assert page.index("b-typo.txt: not checked") < page.index("a-good.txt")  # the errors come first
    assert 'href="wiki/b-typo.txt"' in page


def test_check_html_of_a_whole_run_has_no_error_section(capsys, tmp_path):
    report = tmp_path / "report.html"
    code, _, _ = run(["check", BASIC, "--html", str(report)], capsys)
    assert code == 0 and "badge error" not in report.read_text() and "left out" not in report.read_text()


@pytest.mark.parametrize(
    ("compare", "said"),
    [(["casting-out"], "after 'casting-out' came the option --board"), ([], "got the option --board as its first side")],
)
def test_explore_compare_with_one_side_says_what_it_expects(capsys, compare, said):
    """`--compare casting-out --board 3x3` took --board as the second side: "Got unexpected extra argument (3x3)"."""
    code, out, err = run(["explore", "--compare", *compare, "--board", "3x3", "--exhaustive"], capsys)
    assert code == 2 and out == ""
    assert err.startswith("error: --compare takes two sides, A B (variants, rule programs or truth: --compare casting-out truth)")
    assert said in err and "unexpected extra argument" not in err


def test_check_calls_standard_input_stdin_as_the_other_commands_do(capsys, monkeypatch, tmp_path):
    """`check -` named standard input `-` in its table, JSON, JUnit and HTML; errors and the reading commands say `<stdin>`."""
    import io
    import json

    def stdin() -> None:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(Path(BASIC).read_bytes())))

    stdin()
    junit, page = tmp_path / "report.xml", tmp_path / "report.html"
    code, out, _ = run(["check", "-", "--junit-xml", str(junit), "--html", str(page)], capsys)
    assert code == 0 and "\n<stdin>:22  #1 1: the white chain" in out
    assert '<testsuite name="&lt;stdin&gt;"' in junit.read_text()
    html = page.read_text()
    assert "lines in &lt;stdin&gt;. Every check passed." in html and "<div class=\"source\">&lt;stdin&gt;:16</div>" in html  # no link
    stdin()
    code, out, _ = run(["check", "-", "--json"], capsys)
    assert {row["file"] for row in json.loads(out)["results"]} == {"<stdin>"}
