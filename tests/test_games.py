"""Game records: every game tree of a file, every node of a line, replayed once.

The files read here are in tests/data/games/: hand-made edge cases (a
handicap game, a finished game with komi, a suicide under KataGo's `sui1`
and under Japanese rules, two game trees, variations, a broken file) and a
few GNU Go self-play games (bench/make_games.py made them).
"""

from __future__ import annotations

import json
import shutil
import subprocess
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from conftest import run
from hypothesis import strategies as st

import passalive
from passalive import Colour, InputError, Suicide, analyse, parse_diagrams, read_games
from passalive.grammar.sgf import read_games as read_game_bytes
from passalive.grammar.sgf import read_sgf
from passalive.output.render import render_plain

DATA = Path(__file__).parent / "data" / "games"
GNUGO_GAMES = sorted((DATA / "gnugo").glob("*.sgf"))


def lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


# ------------------------------------------------------------- one game


def test_a_line_is_replayed_node_by_node_with_prisoners():
    (game,) = read_games(DATA / "suicide-sui1.sgf")
    assert game.info.suicide is Suicide.MULTI and game.info.suicide_source.startswith("RU[")
    positions = list(game.positions())
    assert [p.node for p in positions] == list(range(10))
    seventh = positions[7]
    board = seventh.board
    # B1 joined A1 and left the chain A1 B1 without a liberty: both removed, legal under sui1
    assert board.names(board.stones(Colour.BLACK)) == ["C3", "D2"]
    assert seventh.warnings == ()
    # a suicide's stones are prisoners of the opponent
    assert seventh.captured_by("white") == 2 and seventh.captured_by(Colour.BLACK) == 0
    assert positions[-1].passes == 2


def test_a_suicide_the_rules_forbid_is_a_warning_with_its_node(capsys):
    code, out, err = run(["show", str(DATA / "suicide-japanese.sgf"), "--all-nodes", "--jsonl"], capsys)
    assert code == 0
    assert "suicide-japanese.sgf:3:38: warning: move 7 (black B1) is a suicide, illegal under this game's rules" in err
    (seventh,) = [d for d in lines(out) if d["node"] == 7]
    assert seventh["rules_suicide"] == "no" and seventh["warnings"]
    assert seventh["stones"]["black"] == ["C3", "D2"]


def test_an_illegal_move_before_the_position_analysed_is_warned_too(capsys):
    # the last node is analysed, and it was reached through the suicide of move 7
    code, out, err = run(["analyse", str(DATA / "suicide-japanese.sgf"), "--jsonl"], capsys)
    assert code == 0
    assert "suicide-japanese.sgf:3:38: warning: move 7 (black B1) is a suicide" in err
    # a node before the suicide: nothing to say
    code, out, err = run(["analyse", str(DATA / "suicide-japanese.sgf"), "--node", "6", "--jsonl"], capsys)
    assert code == 0 and "warning" not in err


def test_a_ko_taken_back_at_once_is_a_warning_with_its_node(capsys):
    (game,) = read_games(DATA / "ko.sgf")
    notes = {p.node: p.warnings for p in game.positions() if p.warnings}
    assert list(notes) == [10]
    assert notes[10] == ("move 10 (white B4) retakes a ko at once, illegal under the ko rule (played as the record has it)",)
    code, _, err = run(["score", str(DATA / "ko.sgf")], capsys)
    assert code == 0 and "ko.sgf:3:56: warning: move 10 (white B4) retakes a ko" in err
    # the record is replayed as it is: B4 white again, C4 captured
    board = game.position().board
    assert board.colours[board.point("B4")] is Colour.WHITE and board.colours[board.point("C4")] is Colour.EMPTY


def test_a_ko_taken_back_after_a_threat_is_no_warning():
    (game,) = read_games(DATA / "ko-threat.sgf")
    positions = list(game.positions())
    assert [p.warnings for p in positions if p.warnings] == []
    board = positions[12].board  # white B4 took the ko back: C4 captured again
    assert board.colours[board.point("B4")] is Colour.WHITE and board.colours[board.point("C4")] is Colour.EMPTY


def test_every_game_tree_of_a_file_is_read_and_numbered(capsys):
    games = list(read_games(DATA / "two-games.sgf"))
    assert [(g.number, g.info.name) for g in games] == [(1, "first"), (2, "second")]
    code, out, _ = run(["analyse", str(DATA / "two-games.sgf"), "--jsonl"], capsys)
    assert code == 0
    assert [(d["game"], d["node"], d["move"]) for d in lines(out)] == [(1, 14, 14), (2, 2, 2)]


def test_variations_are_lines_in_file_order(capsys):
    (main_line,) = read_games(DATA / "variations.sgf")
    assert main_line.variations == 3
    code, out, _ = run(["show", str(DATA / "variations.sgf"), "--variation", "3", "--jsonl"], capsys)
    (last,) = lines(out)
    assert code == 0 and last["variation"] == 3 and last["node"] == 5
    assert last["stones"] == {"black": ["D4", "C3", "C2"], "white": ["D3", "D2"]}
    code, _, err = run(["show", str(DATA / "variations.sgf"), "--variation", "4"], capsys)
    assert code == 2 and err.startswith(f"{DATA / 'variations.sgf'}:1:2: error: game 1 has 3 line(s) (variations), not line 4\n")


def test_node_and_move_choose_a_position(capsys):
    (game,) = read_games(DATA / "handicap.sgf")
    assert game.position(node=1).move == 1 and game.position(move=3).node == 3
    code, out, _ = run(["show", str(DATA / "handicap.sgf"), "--move", "2", "--jsonl"], capsys)
    (data,) = lines(out)
    assert code == 0 and (data["node"], data["move"]) == (2, 2)
    assert data["stones"]["black"] == ["C7", "G7", "C3"] and data["stones"]["white"] == ["G3"]
    code, _, err = run(["show", str(DATA / "handicap.sgf"), "--node", "3", "--move", "3"], capsys)
    assert code == 2 and "give one of --node, --move and --all-nodes" in err


def test_ru_km_ha_players_result_and_prisoners_are_carried_into_json(capsys):
    code, out, _ = run(["analyse", str(DATA / "handicap.sgf"), "--json"], capsys)
    assert code == 0
    (entry,) = json.loads(out)["diagrams"]
    assert (entry["komi"], entry["handicap"], entry["recorded_rules"], entry["recorded_result"]) == (0.5, 2, "Chinese", "B+R")
    assert entry["players"] == {"black": "weaker", "white": "stronger"}
    assert entry["prisoners"] == {"black": 1, "white": 0}  # black A8 takes A9
    assert "alive" in entry and "territory" in entry and "chains" in entry


def test_the_rule_set_chooses_the_analysis_suicide_rule_and_suicide_overrides_it(capsys):
    _, out, _ = run(["analyse", str(DATA / "suicide-sui1.sgf"), "--jsonl"], capsys)
    (entry,) = lines(out)
    assert (entry["suicide"], entry["variant"], entry["rules_suicide_source"]) == ("multi", "suicide", "RU[koPOSITIONALscoreAREAtaxNONEsui1button0]")
    _, out, _ = run(["analyse", str(DATA / "suicide-japanese.sgf"), "--jsonl"], capsys)
    assert lines(out)[0]["suicide"] == "no"
    _, out, _ = run(["analyse", str(DATA / "suicide-japanese.sgf"), "--jsonl", "--suicide"], capsys)
    assert lines(out)[0]["suicide"] == "multi"


# ------------------------------------------------------------ collections


def test_a_folder_with_a_broken_file_is_analysed_with_keep_going(capsys, tmp_path):
    folder = tmp_path / "games"
    shutil.copytree(DATA, folder, ignore=shutil.ignore_patterns("gnugo", "finals"))
    code, out, err = run(["analyse", str(folder), "--all-nodes", "--jsonl", "--keep-going"], capsys)
    assert code == 2
    assert f"{folder / 'broken.sgf'}:3:3: error: bad SGF" in err and "1 file(s) could not be read" in err
    files = {Path(d["file"]).name for d in lines(out)}
    assert files == {p.name for p in DATA.glob("*.sgf")} - {"broken.sgf"}
    expected = sum(len(g.steps) for p in folder.glob("*.sgf") if p.name != "broken.sgf" for g in read_games(p))
    assert len(lines(out)) == expected
    code, out, err = run(["analyse", str(folder), "--all-nodes", "--jsonl"], capsys)
    assert code == 2 and "broken.sgf:3:3" in err


def test_jobs_keep_the_output_in_input_order(capsys):
    args = ["analyse", str(DATA), "--all-nodes", "--jsonl", "--keep-going"]
    _, one, _ = run(args, capsys)
    _, two, err = run(args + ["--jobs", "2"], capsys)
    assert one == two and one and "broken.sgf:3:3" in err


def test_progress_bar_on_request(capsys):
    code, out, err = run(["analyse", str(DATA / "handicap.sgf"), "--all-nodes", "--jsonl", "--progress"], capsys)
    assert code == 0 and "positions" in err and len(lines(out)) == 21


@pytest.mark.parametrize("command", ["show", "analyse", "eyes", "score", "verify"])
def test_every_reading_command_takes_games_and_nodes(capsys, command):
    args = [command, str(DATA / "two-games.sgf"), "--node", "1", "--jsonl"]
    if command == "verify":
        args += ["--depth", "1"]
    code, out, err = run(args, capsys)
    assert code == 0, err
    assert [(d["file"], d["game"], d["node"]) for d in lines(out)] == [(str(DATA / "two-games.sgf"), 1, 1), (str(DATA / "two-games.sgf"), 2, 1)]


# ------------------------------------------------------------------ score


def test_score_prints_the_result_as_sgf_does(capsys):
    code, out, err = run(["score", str(DATA / "finished-komi.sgf")], capsys)
    assert code == 0 and err == ""
    assert "territory: black 17, white 45" in out
    assert "komi 7.5: result W+35.5 (not proven" in out
    assert "the record says RE[W+35.5]: agrees" in out


def test_score_removes_stones_in_pass_alive_territory_and_warns_on_unfinished_games(capsys, tmp_path):
    # white's A5 stands in black's pass-alive territory: dead, whatever the players marked.
    # Black: territory A5 B5 D5 E5 and the prisoner A5 = 5; white: A1 B1 D1 E1 = 4; komi 0.5
    path = tmp_path / "g.sgf"
    path.write_text("(;GM[1]SZ[5]KM[0.5]RU[Japanese]AB[ab][bb][cb][db][eb][ca]AW[ad][bd][cd][dd][ed][ce]\n;W[aa];B[];W[])")
    code, out, err = run(["score", str(path), "--jsonl"], capsys)
    (data,) = lines(out)
    assert code == 0 and err == ""
    assert data["dead"] == [["A5"]] and data["result"] == "B+0.5"
    (a5,) = [chain for chain in data["chains"] if chain["stones"] == ["A5"]]
    assert (a5["status"], a5["evidence"], a5["known_by"]) == ("dead", "pass-dead", "theorem")
    # the scoring's rules and result; the record's RU (and its RE, absent here) beside them
    assert (data["rules"], data["recorded_rules"], data["recorded_result"]) == ("japanese", "Japanese", None)
    code, out, err = run(["score", str(DATA / "handicap.sgf")], capsys)
    assert "does not end with two passes" in err and "decided by RE[B+R]" in err


# -------------------------------------------------------------- SGF rules


@pytest.mark.parametrize(
    ("sgf", "column", "words"),
    [
        ("(;SZ[5];B[aa]W[bb])", 14, "two moves in one node (B and W)"),
        ("(;SZ[5];B[aa]B[bb])", 14, "two moves in one node (B and B)"),
        ("(;SZ[5];B[aa:cc])", 10, "B[aa:cc]: expected a point of two letters such as dd"),
        ("(;SZ[5]SZ[9];B[aa])", 10, "SZ has 2 values"),
        ("(;SZ[5]AB[aa]AW[aa])", 14, "AW[aa]: the point is also in AB of this node"),
        ("(;SZ[5];B[a1])", 10, "B[a1]: expected a point"),
        ("(;SZ[5];B[aa](;W[bb]);B[cc])", 22, "a node ; after a variation"),
        ("(;SZ[5]KM[six])", 8, "KM[six]: expected a number"),
        ("(;SZ[5]HA[1" + "0" * 5000 + "])", 8, "HA["),
    ],
)
def test_malformed_sgf_is_a_located_error_in_plain_words(sgf, column, words):
    with pytest.raises(InputError) as problem:
        read_game_bytes(sgf.encode(), "g.sgf")
    assert problem.value.location is not None and problem.value.location.column == column
    assert words in problem.value.message
    assert len(problem.value.message) < 200 and "unpack" not in problem.value.message


def test_repeated_list_properties_are_a_warning_and_both_lists_are_used():
    (game,) = read_game_bytes(b"(;SZ[5]AB[aa]AB[bb]SZ[5])", "g.sgf")
    messages = [message for message, _ in game.warnings]
    assert any("AB is given 2 times" in m for m in messages) and any("SZ[5] is given 2 times" in m for m in messages)
    board = next(iter(game.positions())).board
    assert board.names(board.stones(Colour.BLACK)) == ["A5", "B4"]


def test_a_rectangle_of_setup_points_is_read():
    (game,) = read_game_bytes(b"(;SZ[5]AB[aa:bb])", "g.sgf")
    board = next(iter(game.positions())).board
    assert board.names(board.stones(Colour.BLACK)) == ["A5", "B5", "A4", "B4"]


@settings(max_examples=200, deadline=None)
@given(
    st.integers(min_value=2, max_value=19).flatmap(
        lambda size: st.tuples(
            st.just(size),
            st.lists(st.tuples(st.integers(0, size - 1), st.integers(0, size - 1)), max_size=40),
            st.lists(st.sampled_from(["", " ", "\n", "  \t"]), min_size=40, max_size=40),
        )
    )
)
def test_a_setup_list_reads_the_same_however_it_is_spaced(case):
    # setup lists written [xy][xy]... are read four bytes at a time; spaced ones value by value
    size, points, gaps = case
    letters = "abcdefghijklmnopqrs"
    values = [f"[{letters[x]}{letters[y]}]" for x, y in points]
    tight = "".join(values)
    spaced = "".join(v + g for v, g in zip(values, gaps))
    read = []
    for text in (tight, spaced):
        setup = f"AB{text}" if values else ""
        (game,) = read_game_bytes(f"(;GM[1]SZ[{size}]{setup})".encode(), "g.sgf")
        read.append(game.steps[0].black)
    assert read[0] == read[1] == tuple(y * size + x for x, y in points)


def test_a_one_line_game_of_20000_moves_reads_in_little_memory():
    moves = []
    for i in range(10000):
        moves.append(f";B[{'abcdefghijklmnopqrs'[i % 19]}{'abcdefghijklmnopqrs'[(i // 19) % 19]}];W[]")
    data = ("(;GM[1]SZ[19]" + "".join(moves) + ")").encode()
    tracemalloc.start()
    try:
        read_sgf(data, "long.sgf", allow_illegal=True)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 300 * 2**20, f"peak {peak / 2**20:.0f} MiB"


# ------------------------------------------------- every node, two ways


@st.composite
def games(draw: st.DrawFn) -> bytes:
    """A random game on a small board: moves (legal or not), passes, a setup."""
    size = draw(st.integers(3, 7))
    letters = "abcdefg"[:size]
    point = st.tuples(st.sampled_from(letters), st.sampled_from(letters)).map("".join)
    setup = draw(st.lists(point, max_size=3, unique=True))
    moves = draw(st.lists(st.one_of(point, st.just("")), min_size=1, max_size=40))
    rules = draw(st.sampled_from(["Japanese", "NZ"]))
    head = f"(;GM[1]SZ[{size}]RU[{rules}]" + (f"AB{''.join(f'[{p}]' for p in setup)}" if setup else "")
    body = "".join(f";{'BW'[i % 2]}[{m}]" for i, m in enumerate(moves))
    return (head + body + ")").encode()


@settings(max_examples=60, deadline=None)
@given(games())
def test_every_node_agrees_with_its_position_analysed_alone(data):
    (game,) = read_game_bytes(data, "random.sgf")
    for position in game.positions():
        alone = read_sgf(data, "random.sgf", node=position.node, allow_illegal=True).board
        assert alone.colours == position.board.colours
        drawn = render_plain(position.board, coordinates=False)
        if len(position.board.dead_chains):
            continue
        (diagram,) = parse_diagrams(drawn, format="plain")
        for rule in ("no", "multi"):
            replayed = analyse(position.board, suicide=rule)
            fresh = analyse(diagram.board, suicide=rule)
            for colour in ("black", "white"):
                assert position.board.names(replayed.alive_points(colour)) == diagram.board.names(fresh.alive_points(colour))
                assert position.board.names(replayed.territory(colour)) == diagram.board.names(fresh.territory(colour))


# --------------------------------------------------------- real games


def test_gnugo_games_are_there():
    assert len(GNUGO_GAMES) >= 10, "tests/data/games/gnugo/ should hold the committed GNU Go games"


@pytest.mark.parametrize("path", GNUGO_GAMES[:6], ids=lambda p: p.name)
def test_the_replay_ends_where_gnu_go_ends(path):
    """Our replay of a GNU Go game against GNU Go's own board after loading the record."""
    program = shutil.which("gnugo") or ("/usr/games/gnugo" if Path("/usr/games/gnugo").exists() else None)
    if program is None:
        pytest.skip("GNU Go is not installed (apt-get install gnugo): cannot compare with its board")
    answer = subprocess.run(
        [program, "--mode", "gtp"], input=f"loadsgf {path}\nlist_stones black\nlist_stones white\nquit\n",
        capture_output=True, text=True, timeout=60, check=True,
    ).stdout
    replies = [block.strip("= \n") for block in answer.split("\n\n") if block.strip()]
    black, white = (sorted(r.split()) for r in replies[1:3])
    (game,) = read_games(path)
    board = game.position().board
    assert sorted(board.names(board.stones(Colour.BLACK))) == black
    assert sorted(board.names(board.stones(Colour.WHITE))) == white


def test_every_node_of_real_games_agrees_with_the_position_read_alone():
    for path in GNUGO_GAMES[:3]:
        data = path.read_bytes()
        (game,) = passalive.read_games(path)
        for position in list(game.positions())[::7]:
            alone = read_sgf(data, str(path), node=position.node).board
            assert alone.colours == position.board.colours
            a, b = analyse(position.board), analyse(alone)
            assert a.alive_points("black") == b.alive_points("black") and a.territory("white") == b.territory("white")


def test_an_illegal_setup_is_found_at_its_node_whichever_node_is_asked_for(capsys, tmp_path):
    path = tmp_path / "setup.sgf"
    path.write_text("(;GM[1]SZ[5]\n;B[cc]\n;AB[aa]AW[ab][ba]\n;W[ee];B[dd])")
    code, _, err = run(["analyse", str(path), "--node", "4", "--jsonl"], capsys)
    assert code == 2 and f"{path}:3:1: error: the black chain at A5 has no liberties" in err
    code, out, _ = run(["analyse", str(path), "--node", "4", "--jsonl", "--allow-illegal"], capsys)
    assert code == 0 and lines(out)[0]["node"] == 4


def test_json_is_compact_in_a_pipeline_and_indented_when_asked(capsys):
    _, compact, _ = run(["show", str(DATA / "finished-komi.sgf"), "--json"], capsys)
    _, pretty, _ = run(["show", str(DATA / "finished-komi.sgf"), "--json", "--pretty"], capsys)
    assert compact.count("\n") == 1 and pretty.count("\n") > 20
    assert json.loads(compact) == json.loads(pretty)


def test_in_a_collection_the_games_that_reach_the_node_are_shown_the_others_skipped(capsys):
    code, out, err = run(["show", str(DATA / "two-games.sgf"), "--node", "5", "--jsonl"], capsys)
    assert code == 0 and [d["game"] for d in lines(out)] == [1]
    assert "two-games.sgf:3:2: warning: game 2 (line 1) has only nodes 0 to 2, not node 5; this game skipped" in err
    code, _, err = run(["show", str(DATA / "two-games.sgf"), "--node", "50"], capsys)
    assert code == 2 and "no game of the file reaches that node or move" in err
