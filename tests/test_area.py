"""KataGo's area maps (`--territory katago|katago-strict|independent-life`).

The acceptance data is KataGo's own test: `tests/data/katago_area.json`
re-encodes the boards of KataGo's `cpp/tests/testboardarea.cpp` and the maps
KataGo prints for them, 11 boards in 8 modes of `calculateArea` and 11 boards
in 8 modes of `calculateIndependentLifeArea`.  Every map is checked through
`passalive analyse --json` (field `"area"`) and on both engines; random
positions check that the direct implementation and the rule programs agree.
"""

from __future__ import annotations

import json
from dataclasses import fields
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from passalive.cli import main
from passalive.cli.analyse import command as analyse_command
from passalive.definitions.area import (
    AreaMode,
    SwitchUse,
    area_by_rules,
    area_map,
    independent_life_area,
    independent_life_by_rules,
)
from passalive.definitions.territory import TERRITORY_CONVENTIONS
from passalive.go.board import Board
from passalive.go.conventions import KATAGO_CONVENTIONS, STATUS_SWITCHES
from passalive.go.suicide import Suicide
from strategies import board_from_text, end_of_game_positions

DATA = json.loads((Path(__file__).parent / "data" / "katago_area.json").read_text(encoding="utf-8"))
AREA_CASES = [(t["name"], t["board"], m) for t in DATA["area"] for m in t["modes"]]
LIFE_CASES = [(t["name"], t["board"], m) for t in DATA["independent_life"] for m in t["modes"]]


def _mode_id(case: tuple[str, list[str], dict]) -> str:
    name, _, m = case
    flags = [k for k in ("safe_big_territories", "unsafe_big_territories", "non_pass_alive_stones",
                         "keep_territories", "keep_stones", "suicide") if m.get(k)]
    return f"{name}: {'+'.join(flags) or 'plain'}"


def _map_rows(board: Board, area: dict[str, list[str]]) -> list[str]:
    """The `"area"` field of analyse's JSON drawn as KataGo prints its maps."""
    assert board.size is not None, "a grid board"
    width, height = board.size
    black = {board.point(n) for n in area["black"]}
    white = {board.point(n) for n in area["white"]}
    rows = []
    for y in range(height):
        row = ""
        for x in range(width):
            p = board.at(x, y)
            row += "X" if p in black else "O" if p in white else "."
        rows.append(row)
    return rows


def _analyse_json(tmp_path: Path, rows: list[str], *args: str) -> dict:
    path = tmp_path / "board.txt"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    out = CliRunner().invoke(analyse_command, [str(path), "--json", *args])
    assert out.exit_code == 0, out.output
    (entry,) = json.loads(out.output)["diagrams"]
    return entry


def test_the_data_has_katago_s_eleven_boards_in_eight_modes() -> None:
    assert len(DATA["area"]) == 11 and all(len(t["modes"]) == 8 for t in DATA["area"])
    assert len(DATA["independent_life"]) == 11 and all(len(t["modes"]) == 8 for t in DATA["independent_life"])


@pytest.mark.parametrize("case", AREA_CASES, ids=_mode_id)
def test_katago_area_boards_through_analyse_json(case: tuple[str, list[str], dict], tmp_path: Path) -> None:
    _, rows, mode = case
    args = ["--territory", "katago" if mode["safe_big_territories"] else "katago-strict"]
    args += ["--unsafe-big-territories"] * mode["unsafe_big_territories"]
    args += ["--non-pass-alive-stones"] * mode["non_pass_alive_stones"]
    args += ["--suicide"] * mode["suicide"]
    entry = _analyse_json(tmp_path, rows, *args)
    assert _map_rows(board_from_text("\n".join(rows).upper()), entry["area"]) == mode["map"]


@pytest.mark.parametrize("case", AREA_CASES, ids=_mode_id)
def test_katago_area_boards_by_rules(case: tuple[str, list[str], dict]) -> None:
    _, rows, m = case
    mode = AreaMode(m["safe_big_territories"], m["unsafe_big_territories"], m["non_pass_alive_stones"])
    board = board_from_text("\n".join(rows).upper())
    assert area_by_rules(board, mode, Suicide.MULTI if m["suicide"] else Suicide.ILLEGAL).rows() == m["map"]


@pytest.mark.parametrize("case", LIFE_CASES, ids=_mode_id)
def test_katago_independent_life_boards_through_analyse_json(case: tuple[str, list[str], dict], tmp_path: Path) -> None:
    _, rows, mode = case
    args = ["--territory", "independent-life"]
    args += ["--keep-territories"] * mode["keep_territories"]
    args += ["--keep-stones"] * mode["keep_stones"]
    args += ["--suicide"] * mode["suicide"]
    entry = _analyse_json(tmp_path, rows, *args)
    assert _map_rows(board_from_text("\n".join(rows).upper()), entry["area"]) == mode["map"]
    assert entry["independent_life_regions"]["white_minus_black"] == mode["white_minus_black_regions"]


@pytest.mark.parametrize("case", LIFE_CASES, ids=_mode_id)
def test_katago_independent_life_boards_by_rules(case: tuple[str, list[str], dict]) -> None:
    _, rows, m = case
    board = board_from_text("\n".join(rows).upper())
    mode = AreaMode(keep_territories=m["keep_territories"], keep_stones=m["keep_stones"])
    life = independent_life_by_rules(board, mode, Suicide.MULTI if m["suicide"] else Suicide.ILLEGAL)
    assert life.area.rows() == m["map"]
    assert life.white_minus_black == m["white_minus_black_regions"]


def test_unsafe_big_territory_never_overwrites_the_opponent_s_pass_alive_territory() -> None:
    # KataGo's own comment: the top-left corner is black's pass-alive territory,
    # and also an empty region bordered by white only; it stays black's.
    board = board_from_text(
        """
        . O X . X . X
        O X X X X X X
        X X . . . . .
        """
    )
    area = area_map(board, AreaMode(True, True, False))
    corner = board.at(0, 0)
    assert corner is not None and board.name(corner) in board.names(area.black)
    assert area.rows() == ["XXXXXXX", "XXXXXXX", "XXXXXXX"]


def test_a_mode_flag_without_its_convention_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.txt"
    path.write_text("X.\n.O\n", encoding="utf-8")
    for args, needed in (
        (["--unsafe-big-territories"], "--unsafe-big-territories and --non-pass-alive-stones need --territory katago or katago-strict"),
        (["--territory", "katago", "--keep-stones"], "--keep-territories and --keep-stones need --territory independent-life"),
    ):
        with pytest.raises(SystemExit) as done:
            main(["analyse", str(path), *args])
        err = capsys.readouterr().err
        assert done.value.code == 2 and f"error: {needed}\n" in err and "Traceback" not in err


def test_the_convention_chooses_safe_big_territories_and_finds_the_switches_it_has_no_use_for() -> None:
    # one dataclass holds KataGo's five switches; `analyse --territory` and EXPECT lines set the first by the convention
    assert AreaMode(unsafe_big_territories=True).under("katago-strict") == AreaMode(False, True, False)
    assert AreaMode(safe_big_territories=False).under("katago") == AreaMode()
    assert AreaMode(keep_territories=True, keep_stones=True).unused(["independent-life"]) is None
    assert AreaMode(non_pass_alive_stones=True).unused(["katago-strict"]) is None
    assert AreaMode(keep_stones=True).unused(["katago"]) == SwitchUse(("keep_territories", "keep_stones"), ("independent-life",))
    katago = SwitchUse(("unsafe_big_territories", "non_pass_alive_stones"), ("katago", "katago-strict"))
    assert AreaMode(unsafe_big_territories=True).unused(["healthy"]) == katago
    assert AreaMode(unsafe_big_territories=True, keep_stones=True).unused(["independent-life"]) == katago
    assert AreaMode(unsafe_big_territories=True, keep_stones=True).unused(["katago", "independent-life"]) is None


def test_the_switches_an_expect_line_names_are_the_area_modes() -> None:
    # passalive.go.conventions holds the names for EXPECT lines (which may not import the definitions): they are AreaMode's
    assert set().union(*STATUS_SWITCHES.values()) | {"safe_big_territories"} == {f.name for f in fields(AreaMode)}
    assert set(STATUS_SWITCHES) <= set(TERRITORY_CONVENTIONS) and set(KATAGO_CONVENTIONS) <= set(STATUS_SWITCHES)


SUICIDES = st.sampled_from(list(Suicide))
MODES = st.builds(AreaMode, st.booleans(), st.booleans(), st.booleans())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(end_of_game_positions(max_size=9, suicide=None), MODES, SUICIDES)
def test_direct_and_rules_agree_on_the_area(board: Board, mode: AreaMode, suicide: Suicide) -> None:
    assert area_map(board, mode, suicide) == area_by_rules(board, mode, suicide)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(end_of_game_positions(max_size=9, suicide=None), st.booleans(), st.booleans(), SUICIDES)
def test_direct_and_rules_agree_on_independent_life(board: Board, territories: bool, stones: bool, suicide: Suicide) -> None:
    mode = AreaMode(keep_territories=territories, keep_stones=stones)
    assert independent_life_area(board, mode, suicide) == independent_life_by_rules(board, mode, suicide)


def test_independent_life_territory_convention(tmp_path: Path) -> None:
    # Two groups with two eyes each and no dame: each group's eyes are its territory.
    rows = [".o.ox.x", "ooooxxx", "xxxxx.x"]
    entry = _analyse_json(tmp_path, rows, "--territory", "independent-life")
    assert sorted(entry["territory"]["white"]) == ["A3", "C3"]
    assert sorted(entry["territory"]["black"]) == ["F1", "F3"]
    assert entry["independent_life_regions"]["white_minus_black"] == 0
    # With a dame point between them neither group counts: the shape is read as seki.
    entry = _analyse_json(tmp_path, [".o.o.x.x", "ooooxxxx", "xxxxx.xx"], "--territory", "independent-life")
    assert entry["territory"] == {"black": [], "white": []}


def test_a_board_in_pieces_gives_a_piece_without_stones_to_nobody() -> None:
    # A hole column splits the board: the right piece has no stone at all.
    from passalive.go.board import Colour as C

    x, o, e = C.BLACK, C.WHITE, C.EMPTY
    rows = [[e, x, o, None, e], [x, x, o, None, e], [o, o, o, None, e]]
    board = Board.grid(rows)
    for mode in (AreaMode(True, False, False), AreaMode(True, True, True)):
        direct = area_map(board, mode)
        assert direct == area_by_rules(board, mode)
        right = {board.at(4, y) for y in range(3)}
        assert not (direct.black | direct.white) & right
