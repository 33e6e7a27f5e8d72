"""The suicide rule of the pass-alive analysis set apart from the rule of play (`--pass-alive-suicide`).

KataGo (1.17 on) can compute pass-alive areas as if multi-stone suicide were
legal whatever the game's rules (`alwaysComputePassAliveUnderSuicideRules`).
Its test position, `tests/data/katago_pass_alive_suicide.json`, is a 4x5
board where the two computations differ: without suicide the white stones lie
in black's pass-alive area, with suicide no black chain is pass-alive.  The
record of a game keeps being replayed under its own rule (`rules_suicide`);
only the analysis (`suicide`, `pass_alive_suicide`) follows the switch.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run

DATA = Path(__file__).parent / "data"
KATAGO = json.loads((DATA / "katago_pass_alive_suicide.json").read_text(encoding="utf-8"))


def _owner(entry: dict, name: str) -> str:
    return next((colour for colour in ("black", "white") if name in entry["area"][colour]), "nobody")


@pytest.mark.parametrize("answer", KATAGO["answers"], ids=lambda a: f"pass-alive-suicide={a['pass_alive_suicide']}")
def test_katago_s_position_gives_katago_s_answer_with_the_switch_on_and_off(
    answer: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "katago-pass-alive-suicide.txt"
    board.write_text("\n".join(KATAGO["board"]).upper() + "\n", encoding="utf-8")
    # KataGo's calculateArea with every switch off: our katago-strict convention
    code, out, _ = run(["analyse", str(board), "--territory", "katago-strict", "--json",
                        "--pass-alive-suicide", answer["pass_alive_suicide"]], capsys)
    assert code == 0
    (entry,) = json.loads(out)["diagrams"]
    assert entry["pass_alive_suicide"] == entry["suicide"] == answer["pass_alive_suicide"]
    assert entry["area_mode"]["multi_stone_suicide_legal"] is (answer["pass_alive_suicide"] != "no")
    for point, owner in answer["asserted"].items():
        assert _owner(entry, point) == owner
    white_in_black = [p for p in ("A3", "A2", "B2") if _owner(entry, p) == "black"]
    assert white_in_black == answer["comment"]["white stones in black's area"]
    assert bool(entry["alive"]["black"]) is answer["comment"]["black chains pass-alive"]


def test_without_the_switch_the_analysis_follows_the_rule_of_play(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "katago-pass-alive-suicide.txt"
    board.write_text("\n".join(KATAGO["board"]).upper() + "\n", encoding="utf-8")
    answers = {}
    for flags in ([], ["--suicide"]):
        code, out, _ = run(["analyse", str(board), "--territory", "katago-strict", "--json", *flags], capsys)
        assert code == 0
        (entry,) = json.loads(out)["diagrams"]
        answers[entry["pass_alive_suicide"]] = _owner(entry, "A3")
    assert answers == {"no": "black", "multi": "nobody"}


def test_a_japanese_record_is_replayed_without_suicide_and_analysed_with_it(capsys: pytest.CaptureFixture[str]) -> None:
    game = str(DATA / "games" / "suicide-japanese.sgf")
    code, out, err = run(["analyse", game, "--jsonl", "--pass-alive-suicide", "multi"], capsys)
    assert code == 0
    entry = json.loads(out)
    # the record's suicide at move 7 is still illegal under its rules: replayed as it is, with a warning
    assert "move 7 (black B1) is a suicide, illegal under this game's rules" in err
    assert (entry["rules_suicide"], entry["rules_suicide_source"]) == ("no", "RU[Japanese]")
    assert (entry["pass_alive_suicide"], entry["variant"]) == ("multi", "suicide")


def test_suicide_for_the_play_and_none_for_the_analysis(capsys: pytest.CaptureFixture[str]) -> None:
    game = str(DATA / "games" / "suicide-japanese.sgf")
    code, out, err = run(["analyse", game, "--jsonl", "--suicide", "--pass-alive-suicide", "no"], capsys)
    assert code == 0
    entry = json.loads(out)
    assert "is a suicide" not in err  # legal under the rule of play
    assert entry["rules_suicide"] == "multi"
    assert (entry["pass_alive_suicide"], entry["variant"]) == ("no", "casting-out")


def test_verify_puts_the_claims_to_the_game_under_the_analysis_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "katago-pass-alive-suicide.txt"
    board.write_text("\n".join(KATAGO["board"]).upper() + "\n", encoding="utf-8")
    code, out, _ = run(["verify", str(board), "--json", "--pass-alive-suicide", "multi"], capsys)
    assert code == 0
    (entry,) = json.loads(out)["diagrams"]
    assert (entry["pass_alive_suicide"], entry["variant"]) == ("multi", "suicide")
    big = next(c for c in entry["chains"] if "C3" in c["stones"])
    assert (big["claim"], big["result"]) == ("not-alive", "captured")  # the game agrees: with suicide it can be captured


def test_an_unknown_rule_is_a_usage_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "b.txt"
    board.write_text("X.\n.O\n", encoding="utf-8")
    code, _, err = run(["analyse", str(board), "--pass-alive-suicide", "sometimes"], capsys)
    assert code == 2 and "--pass-alive-suicide" in err and "Traceback" not in err
