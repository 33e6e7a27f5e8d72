"""The rough edges a new user met (issue #22): each is a command in, a plain fact about its output out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from passalive.cli import main

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "data" / "games"


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | str, str, str]:
    with pytest.raises(SystemExit) as done:
        main(argv)
        raise SystemExit(0)
    out, err = capsys.readouterr()
    return done.value.code or 0, out, err


def test_every_jsonl_line_has_warnings_an_empty_list_when_none(capsys):
    code, out, _ = run(["analyse", str(ROOT / "examples" / "basic.txt"), str(GAMES / "handicap.sgf"), "--jsonl"], capsys)
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(lines) >= 3
    assert all(line["warnings"] == [] for line in lines)


def test_explore_without_progress_writes_no_bar_into_a_redirected_stderr(capsys):
    code, out, err = run(["explore", "--compare", "casting-out", "benson", "--board", "2x2", "--exhaustive"], capsys)
    assert code == 0 and "no disagreement found" in out
    assert err == ""
    code, _, err = run(["explore", "--compare", "casting-out", "benson", "--board", "2x2", "--exhaustive", "--progress"], capsys)
    assert code == 0 and err != ""  # asked for, it is drawn


def test_a_txt_file_of_prose_says_no_diagram_found(tmp_path, capsys):
    page = tmp_path / "page.txt"
    page.write_text("\nA page about hane at the head of two stones.\nNo diagram here.\n", encoding="utf-8")
    code, _, err = run(["show", str(page)], capsys)
    assert code == 2
    assert err.startswith(f"{page}:2:1: error: no diagram found")
    assert "unknown character" not in err


def test_a_txt_plain_board_is_still_read(tmp_path, capsys):
    board = tmp_path / "board.txt"
    board.write_text("  A B C\n3 X X O 3\n2 . O . 2\n1 . . . 1\n  A B C\n", encoding="utf-8")
    code, out, _ = run(["show", str(board), "--format", "plain"], capsys)
    assert code == 0 and "3 X X O 3" in out


PROTECTED_CUT = "$$ protected cuts\n$$ +-------+\n$$ | . O . |\n$$ | X . O |\n$$ | O . . |\n$$ | . O . |\n$$ +-------+\n"


def test_verify_alternating_honours_the_timeout_and_says_so(tmp_path, capsys):
    path = tmp_path / "cut.txt"
    path.write_text(PROTECTED_CUT, encoding="utf-8")
    # a millionth of a second is over before the first search starts: every chain is unknown
    code, out, _ = run(["verify", "--alternating", "--variant", "static-safety", "--timeout", "0.000001", str(path)], capsys)
    assert code == 0, out  # nothing refuted: nothing settled
    assert "white A2: claim safe; unknown (the time ran out after 1 positions)" in out
    assert "refuted" not in out


def test_verify_alternating_says_when_its_state_budget_ran_out(tmp_path, capsys):
    path = tmp_path / "cut.txt"
    path.write_text(PROTECTED_CUT, encoding="utf-8")
    code, out, _ = run(["verify", "--alternating", "--variant", "static-safety", "--budget", "5", str(path)], capsys)
    assert "white A2: claim safe; unknown (the state budget ran out: more than 5 positions)" in out
    code, out, _ = run(["verify", "--alternating", "--variant", "static-safety", "--budget", "5", "--json", str(path)], capsys)
    chains = json.loads(out)["diagrams"][0]["chains"]
    assert {c["why"] for c in chains if c["result"] == "unknown"} == {"the state budget ran out: more than 5 positions"}


def test_all_nodes_sgf_has_a_short_comment_per_node_unless_asked_for_full(tmp_path, capsys):
    game = str(ROOT / "docs" / "example-game.sgf")
    code, short, _ = run(["analyse", game, "--all-nodes", "--format", "sgf"], capsys)
    assert code == 0
    code, full, _ = run(["analyse", game, "--all-nodes", "--format", "sgf", "--comments", "full"], capsys)
    assert code == 0
    assert "cast out in round" not in short and "black pass-alive: C9" in short  # the verdicts, no explanations
    assert "cast out in round" in full
    assert len(short) * 5 < len(full)


def test_sgf_of_one_game_position_keeps_the_moves_and_the_records_facts(capsys):
    from sgfmill import sgf

    code, out, _ = run(["analyse", str(GAMES / "handicap.sgf"), "--node", "12", "--format", "sgf"], capsys)
    assert code == 0
    game = sgf.Sgf_game.from_bytes(out.encode())
    root = game.get_root()
    assert (root.get("KM"), root.get("PB"), root.get("PW"), root.get("RE")) == (0.5, "weaker", "stronger", "B+R")
    assert root.get("AP") == ("passalive", passalive_version())
    moves = [node.get_move() for node in game.get_main_sequence()[1:]]
    assert len(moves) == 12 and moves[0] == ("w", (2, 6))  # W G3 first, as the record has it
    last = game.get_main_sequence()[-1]
    assert last.has_property("C") and "pass-alive" in last.get("C")


def test_all_nodes_pictures_are_named_by_game_and_node(tmp_path, capsys):
    code, _, _ = run(["analyse", str(GAMES / "two-games.sgf"), "--all-nodes", "--format", "svg", "--out", str(tmp_path)], capsys)
    assert code == 0
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names[:2] == ["two-games-1-node000-casting-out.svg", "two-games-1-node001-casting-out.svg"]
    assert "two-games-2-node001-casting-out.svg" in names


def passalive_version() -> str:
    import passalive

    return passalive.__version__
