"""`passalive gtp`: a scripted session, a live session through a GTP client, and a game against GNU Go;
and GNU Go's self-play driver (tests/gnugo.py) making a committed game again."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest
from sgfmill import common, sgf

from gnugo import find_gnugo, missing_reason, self_play, sgf_record, start_gnugo
from gtp_client import GtpClient, GtpFailure
from passalive.tools.gtp import GtpEngine

HERE = Path(__file__).parent
ENGINE = [sys.executable, "-c", "from passalive.cli import main; main()", "gtp"]


def _gnugo() -> str:
    """GNU Go's path; the test is skipped, saying why, when it is not installed."""
    program = find_gnugo()
    if program is None:
        print(f"SKIPPED: {missing_reason()}")
        pytest.skip(missing_reason())
    return program


def test_scripted_session_file_in_responses_out() -> None:
    script = (HERE / "gtp" / "session.gtp").read_text()
    expected = (HERE / "gtp" / "session.out").read_text()
    done = subprocess.run(ENGINE, input=script, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected


def test_bad_commands_get_a_question_mark_and_the_engine_keeps_running() -> None:
    engine = GtpEngine(size=9)
    for line in (
        "play", "play b", "play b K10", "play b J10", "play black", "boardsize x", "boardsize 0", "komi nan",
        "komi", "loadsgf /nonexistent.sgf", "final_status_list maybe", "passalive-pass-alive nonsense",
        "passalive-pass-alive benson all", "passalive-capture A1", "passalive-explain pass", "undo", "7",
        "\x00pl\x01ay", "play w A1 extra",
    ):
        response = engine.handle(line)
        assert response is not None and response.startswith("?") and response.endswith("\n\n"), (line, response)
    assert engine.handle("") is None and engine.handle("# a comment") is None
    assert engine.handle("\x00\x01") is None  # control characters are dropped (GTP 2, section 3.1)
    assert engine.handle("3 name") == "=3 passalive\n\n"


def test_ko_and_suicide_are_refused_by_the_rules() -> None:
    engine = GtpEngine(size=5)
    # a ko: black captures at B3... and white may not retake at once
    for colour, point in (("b", "B4"), ("b", "A3"), ("b", "B2"), ("w", "C4"), ("w", "D3"), ("w", "C2"), ("w", "B3")):
        assert engine.handle(f"play {colour} {point}") == "=\n\n"
    assert engine.handle("play b C3") == "=\n\n"  # captures B3
    assert engine.handle("play w B3") == "? illegal move\n\n"  # the ko
    assert engine.handle("play w E5") == "=\n\n"
    assert engine.handle("play b E1") == "=\n\n"
    assert engine.handle("play w B3") == "=\n\n"  # after a threat and its answer: taken back
    assert engine.handle("play b C3") == "? illegal move\n\n"  # and now black must wait
    # suicide: a single white stone inside black's one-point eye
    engine = GtpEngine(size=5)
    for point in ("A2", "B1"):
        engine.handle(f"play b {point}")
    assert engine.handle("play w A1") == "? illegal move\n\n"


def test_analyze_commands_list_every_analysis_and_each_runs() -> None:
    engine = GtpEngine(size=7)
    for point in ("A2", "B2", "C2", "D2", "E2", "E1", "B1"):
        engine.handle(f"play b {point}")
    listed = engine.handle("gogui-analyze_commands")
    assert listed is not None
    entries = [line for line in listed[2:].strip().splitlines()]
    kinds = {e.split("/")[0] for e in entries}
    assert kinds == {"param", "gfx", "sboard", "string"}
    for entry in entries:
        command = entry.split("/", 2)[2].replace("%p", "B2")
        response = engine.handle(command)
        assert response is not None and response.startswith("="), (command, response)
    gfx = engine.handle("passalive-pass-alive benson no")  # the old form, variant and rule named, still works
    assert gfx is not None and "CIRCLE A2 B2 C2 D2 E2 B1 E1" in gfx and "BLACK A1 C1 D1" in gfx


def test_every_variant_is_reached_through_the_one_param_command() -> None:
    from passalive.definitions.variants import VARIANTS

    engine = GtpEngine(size=7)
    for point in ("A2", "B2", "C2", "D2", "E2", "E1", "B1"):
        engine.handle(f"play b {point}")
    for name, variant in VARIANTS.items():
        for rule in sorted(r.value for r in variant.suicide):
            assert engine.handle(f"passalive-param pass_alive_suicide {rule}") == "=\n\n"
            assert engine.handle(f"passalive-param variant {name}") == "=\n\n", (name, rule)
            assert f"] variant {name}\n" in (engine.handle("passalive-param") or "")
            gfx = engine.handle("passalive-pass-alive")
            assert gfx is not None and gfx.startswith("=") and f"TEXT {name} suicide={rule}" in gfx, (name, rule, gfx)
            engine.handle("passalive-param variant default")


def test_live_session_through_a_gtp_client(tmp_path: Path) -> None:
    sgf = tmp_path / "game.sgf"
    sgf.write_text("(;GM[1]FF[4]SZ[7]KM[6.5];B[ag];W[bg];B[af];W[cg];B[be])")
    with GtpClient.start(ENGINE) as client:
        assert client.send("protocol_version") == "2"
        assert "final_status_list" in client.send("list_commands").split("\n")
        assert client.send(f"loadsgf {sgf}") == "white"
        board = client.send("showboard")
        assert "1 X O O . . . . 1" in board and "3 . X . . . . . 3" in board  # SGF rows count from the top
        assert client.send(f"loadsgf {sgf} 3") == "black"  # the position before move 3
        assert "2 . . . . . . . 2" in client.send("showboard")
        with pytest.raises(GtpFailure, match="unknown command"):
            client.send("genmove b")
        assert client.send("name") == "passalive"  # still running


def _scripted_white(rng: random.Random, size: int) -> list[str]:
    letters = "ABCDEFGHJKLMNOPQRST"[:size]
    points = [f"{letter}{n}" for letter in letters for n in range(1, size + 1)]
    rng.shuffle(points)
    return points


@pytest.mark.parametrize("seed", [1, 2])
def test_against_gnu_go_unconditional_status(seed: int) -> None:
    """GNU Go (black) plays a scripted random opponent; the moves are mirrored into
    passalive; at the end passalive's `unconditional_status` calls alive exactly the stones GNU Go's
    own unconditional analysis calls alive, and every one of them is alive in `final_status_list alive`
    (a pass-alive chain is alive whatever else the scorer judges)."""
    size = 9
    rng = random.Random(seed)
    with start_gnugo(_gnugo(), ["--level", "0", "--seed", str(seed)]) as gnugo, GtpClient.start(ENGINE) as ours:
        for client in (gnugo, ours):
            client.send(f"boardsize {size}")
            client.send("clear_board")
        for _ in range(400):
            move = gnugo.send("genmove b")
            ours.send(f"play b {move}")
            played = "pass"
            for point in _scripted_white(rng, size):  # the first move both engines accept
                try:
                    ours.send(f"play w {point}")
                except GtpFailure:
                    continue
                try:
                    gnugo.send(f"play w {point}")
                except GtpFailure:
                    ours.send("undo")
                    continue
                played = point
                break
            if played == "pass":
                gnugo.send("play w pass")
                ours.send("play w pass")
                if move.lower() == "pass":
                    break
        letters = "ABCDEFGHJ"[:size]
        stones = [f"{c}{n}" for c in letters for n in range(1, size + 1) if gnugo.send(f"color {c}{n}") != "empty"]
        invincible = {v for v in stones if gnugo.send(f"unconditional_status {v}") == "alive"}
        ours_alive = {v for v in stones if ours.send(f"unconditional_status {v}") == "alive"}
        assert invincible, "the game should end with some unconditionally alive stones"
        assert ours_alive == invincible
        assert invincible <= set(ours.send("final_status_list alive").split())


def test_gnu_go_self_play_makes_a_committed_game_again(tmp_path: Path) -> None:
    """The same seed, level and komi give the same game: GNU Go 3.8 made
    tests/data/games/gnugo/gnugo-9x9-level1-seed1.sgf (bench/make_games.py), and
    `self_play` plays it again, move for move, to the same final score; its SGF
    record reads back through sgfmill as those moves."""
    program = _gnugo()
    with start_gnugo(program) as gnugo:
        version = gnugo.send("version")
    if version != "3.8":
        print(f"SKIPPED: the committed games were made by GNU Go 3.8, this is {version}")
        pytest.skip(f"the committed games were made by GNU Go 3.8, this is {version}")
    committed = sgf.Sgf_game.from_bytes((HERE / "data" / "games" / "gnugo" / "gnugo-9x9-level1-seed1.sgf").read_bytes())
    record = self_play(size=9, level=1, seed=1, komi=6.5, max_moves=243, program=program)

    def moves(game: sgf.Sgf_game) -> list[tuple[str, str]]:
        played = (node.get_move() for node in game.get_main_sequence()[1:])
        return [(colour.upper(), common.format_vertex(move)) for colour, move in played]

    assert [(c, common.format_vertex(common.move_from_vertex(v, 9))) for c, v in record.moves] == moves(committed)
    assert record.result == committed.get_root().get("RE") == "W+31.5"
    again = sgf.Sgf_game.from_string(sgf_record(record, [("SZ", "9"), ("KM", "6.5")]))
    assert moves(again) == moves(committed) and again.get_komi() == 6.5
