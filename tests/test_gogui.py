"""passalive in a real GUI: GoGui, under Xvfb, mirrors a game into `passalive gtp` and draws its pass-alive overlay.

Needs GoGui built from its source (GOGUI_JAR, see tests/gogui.py) and Xvfb,
xdotool, ImageMagick; skipped, saying which is missing, when they are not
there.  About 25 seconds.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gogui import PASS_ALIVE_SUICIDE_MULTI, ROOT, find_gogui, missing_reason, run_gogui
from passalive.go.board import Colour
from passalive.tools.gtp import GtpEngine

RECORD = ROOT / "docs" / "example-game.sgf"


@pytest.mark.slow
def test_gogui_mirrors_the_game_into_passalive_and_shows_its_pass_alive_overlay(tmp_path: Path) -> None:
    jar = find_gogui()
    if jar is None:
        print(f"SKIPPED: {missing_reason()}")
        pytest.skip(missing_reason())
    run = run_gogui(jar, RECORD, tmp_path / "shot.png", last_move=86, work=tmp_path)
    # GoGui read passalive's menu and sent the game as moves
    assert "gogui-analyze_commands" in run.commands
    assert sum(command.startswith("play ") for command in run.commands) == 86
    # the position GoGui set up in the engine is the record's last position
    mirrored = GtpEngine()
    for command in run.commands:
        if command.split()[0] in ("boardsize", "clear_board", "komi", "play"):
            assert mirrored.handle(command) == "=\n\n", command
    loaded = GtpEngine()
    assert loaded.handle(f"loadsgf {RECORD}") is not None
    assert mirrored.board().colours == loaded.board().colours
    # the analysis it asked for from the menu, answered with the pass-alive stones it drew
    assert run.commands[-1] == "passalive-pass-alive"
    expected = loaded.analysis()
    circle = next(line for line in run.answers.splitlines() if line.startswith("= CIRCLE "))
    assert set(circle.split()[2:]) == set(expected.alive_names(Colour.BLACK) + expected.alive_names(Colour.WHITE))
    assert "TEXT casting-out suicide=no: pass-alive black 32 stones, white 0 stones" in run.answers
    assert run.screenshot.stat().st_size > 20_000  # a picture, not an empty screen


@pytest.mark.slow
def test_a_position_set_up_in_gogui_reaches_passalive_by_gogui_setup(tmp_path: Path) -> None:
    jar = find_gogui()
    if jar is None:
        print(f"SKIPPED: {missing_reason()}")
        pytest.skip(missing_reason())
    record = tmp_path / "setup.sgf"  # stones placed, not played: a black corner group, white to move
    record.write_text("(;GM[1]FF[4]SZ[7]KM[0.5]AB[af][bf][cf][df][ef][eg][bg]AW[dg][fd]PL[W])\n")
    run = run_gogui(jar, record, tmp_path / "shot.png", last_move=0, work=tmp_path)
    assert "gogui-setup B A2 B B2 B C2 B D2 B E2 B E1 B B1 W D1 W F4" in run.commands
    assert "gogui-setup_player W" in run.commands
    assert not any(command.startswith("play ") for command in run.commands)
    assert "= CIRCLE A2 B2 C2 D2 E2 B1 E1\nBLACK A1 C1 D1\n" in run.answers


@pytest.mark.slow
def test_gogui_settings_dialog_sets_the_pass_alive_suicide_rule(tmp_path: Path) -> None:
    jar = find_gogui()
    if jar is None:
        print(f"SKIPPED: {missing_reason()}")
        pytest.skip(missing_reason())
    run = run_gogui(jar, RECORD, tmp_path / "shot.png", last_move=86, work=tmp_path,
                    settings=PASS_ALIVE_SUICIDE_MULTI)
    assert "passalive-param" in run.commands  # GoGui asked for the settings to show them
    assert "passalive-param pass_alive_suicide multi" in run.commands  # and sent the one the user changed
    assert run.commands[-1] == "passalive-pass-alive"
    # with multi-stone suicide assumed, no chain of this game is pass-alive (the suicide variant)
    assert "TEXT suicide suicide=multi: pass-alive black 0 stones, white 0 stones" in run.answers
