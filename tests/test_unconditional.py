"""GNU Go's unconditional status (`analyse --territory unconditional`, JSON `"status"`).

The acceptance data is GNU Go's own regression test: `tests/data/gnugo_unconditional.json`
re-encodes the positions of GNU Go's `regression/unconditional.tst` (its SGFs
read as GNU Go reads them) with the 673 queries and answers.  Every answer is
checked through `passalive analyse --json`; the rule program's reading of the
outcome is checked against the direct one; and where GNU Go is installed it is
asked itself, point by point, on random positions.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings

from gnugo import GnuGo, missing_reason
from passalive.cli import main
from passalive.cli.analyse import command as analyse_command
from passalive.definitions.analysis import analyse
from passalive.definitions.unconditional import Status, unconditional_by_rules, unconditional_status
from passalive.go.board import Board, Colour
from strategies import board_from_text, end_of_game_positions, random_position

DATA = json.loads((Path(__file__).parent / "data" / "gnugo_unconditional.json").read_text(encoding="utf-8"))


def _board(rows: list[str]) -> Board:
    return board_from_text("\n".join(rows).upper())


def test_the_data_has_gnu_go_s_673_queries() -> None:
    assert sum(len(p["queries"]) for p in DATA["positions"]) == 673


@pytest.mark.parametrize("position", DATA["positions"], ids=lambda p: p["setup"])
def test_gnu_go_regression_through_analyse_json(position: dict, tmp_path: Path) -> None:
    path = tmp_path / "position.txt"
    path.write_text("\n".join(position["board"]) + "\n", encoding="utf-8")
    out = CliRunner().invoke(analyse_command, [str(path), "--territory", "unconditional", "--json"])
    assert out.exit_code == 0, out.output
    (entry,) = json.loads(out.output)["diagrams"]
    status = entry["status"]
    assert len(status) == len(position["board"]) ** 2
    wrong = [(v, want, status[v]) for v, want in position["queries"] if status[v] != want]
    assert wrong == []


@pytest.mark.parametrize("position", DATA["positions"], ids=lambda p: p["setup"])
def test_gnu_go_regression_by_rules(position: dict) -> None:
    board = _board(position["board"])
    statuses = unconditional_by_rules(board)
    assert [(v, statuses[board.point(v)].value) for v, _ in position["queries"]] == [tuple(q) for q in position["queries"]]


def test_a_dead_stone_in_pass_alive_territory() -> None:
    board = board_from_text(
        """
        . O . O X . X
        O O X O X X X
        . O O O X . X
        O O X X X X X
        """
    )
    status = unconditional_status(board)
    named = {board.name(p): s for p, s in enumerate(status)}
    assert named["C3"] is Status.DEAD  # the black stone inside white's eyes
    assert named["A4"] is Status.WHITE_TERRITORY and named["A2"] is Status.WHITE_TERRITORY
    assert named["F4"] is Status.BLACK_TERRITORY and named["F2"] is Status.BLACK_TERRITORY
    assert named["B3"] is Status.ALIVE and named["G1"] is Status.ALIVE
    # the territory convention: the dead stone is white's territory
    assert board.point("C3") in analyse(board, territory="unconditional").territory(Colour.WHITE)


def test_nothing_is_settled_on_an_open_board() -> None:
    board = board_from_text(
        """
        . . . . .
        . X . O .
        . . . . .
        """
    )
    assert set(unconditional_status(board)) == {Status.UNDECIDED}


def test_text_output_marks_dead_stones_and_territory(tmp_path: Path) -> None:
    path = tmp_path / "b.txt"
    path.write_text(".O.OX.X\nOOXOXXX\n.OOOX.X\nOOXXXXX\n", encoding="utf-8")
    out = CliRunner().invoke(analyse_command, [str(path), "--territory", "unconditional"])
    assert out.exit_code == 0, out.output
    assert "dead: C3" in out.output
    assert "white_territory: A4 C4 A2" in out.output
    # a plain board in, the status drawn as a plain board: territory w/b, alive #/@, dead x
    assert "unconditional status:\n  A B C D E F G\n4 w @ w @ # b # 4\n3 @ @ x @ # # # 3\n" in out.output
    sensei = CliRunner().invoke(analyse_command, [str(path), "--territory", "unconditional", "--format", "sl"])
    assert "| T W T W B S B |" in sensei.output  # territory squares and triangles, alive stones circled


@pytest.mark.parametrize("args", [["--suicide"], ["--engine", "rules", "--suicide"]])
def test_suicide_is_refused_with_a_reason(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "b.txt"
    path.write_text("X.\n.O\n", encoding="utf-8")
    with pytest.raises(SystemExit) as done:
        main(["analyse", str(path), "--territory", "unconditional", *args])
    err = capsys.readouterr().err
    assert done.value.code == 2 and "suicide" in err and "Traceback" not in err


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(end_of_game_positions(max_size=9))
def test_direct_and_rules_agree(board: Board) -> None:
    assert unconditional_status(board) == unconditional_by_rules(board)


def test_gnu_go_itself_agrees_on_random_positions() -> None:
    gnugo = GnuGo.start()
    if gnugo is None:
        print(f"skipped: {missing_reason()}")
        pytest.skip(missing_reason())
    rng = random.Random(13)
    with gnugo:
        for i in range(12):
            size = (9, 13, 19)[i % 3]
            board = random_position(rng, size, size, move_factor=rng.choice([2.5, 1.5]))
            gnugo.load(board)
            ours = unconditional_status(board)
            theirs = [gnugo.unconditional_status(board.name(p)) for p in range(len(board.points))]
            assert [s.value for s in ours] == theirs


# ---- proofs at the level of the game (passalive.tools.status_proofs)

from passalive.tools.status_proofs import check_territories, prove_dead  # noqa: E402


def test_every_dead_chain_of_gnu_go_s_regression_is_captured_in_a_replayed_sequence() -> None:
    dead = replayed = 0
    for position in DATA["positions"]:
        board = _board(position["board"])
        proofs = prove_dead(board)
        dead += len(proofs)
        replayed += sum(p.replayed for p in proofs)
    assert dead >= 90 and replayed == dead


def test_territory_claims_hold_on_small_boards() -> None:
    rng = random.Random(5)
    verdicts = {True: 0, False: 0, None: 0}
    for _ in range(80):
        n = rng.choice([5, 6, 7])
        board = random_position(rng, n, n, move_factor=rng.choice([2.5, 1.5]))
        for check in check_territories(board):
            verdicts[check.holds] += 1
    assert verdicts[False] == 0 and verdicts[True] >= 300 and verdicts[None] <= verdicts[True] // 20


def test_a_false_claim_would_be_refuted() -> None:
    # White's corner has one big eye only: black can live inside, so calling
    # it white's territory is refuted by the exploration.
    board = board_from_text(
        """
        . . . O X
        . . . O X
        O O O O X
        X X X X X
        """
    )
    from passalive.go.board import Colour as C
    from passalive.tools.status_proofs import territory_holds

    region = frozenset(board.point(n) for n in ("A4", "B4", "C4", "A3", "B3", "C3"))
    holds, refutation = territory_holds(board, C.WHITE, region)
    assert holds is False and refutation


def test_prove_in_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "b.txt"
    path.write_text(".O.OX.X\nOOXOXXX\n.OOOX.X\nOOXXXXX\n", encoding="utf-8")
    out = CliRunner().invoke(analyse_command, [str(path), "--territory", "unconditional", "--prove", "--json"])
    assert out.exit_code == 0, out.output
    proofs = json.loads(out.output)["diagrams"][0]["proofs"]
    # the black stone's last liberty is C4: white fills it and captures
    assert proofs["dead"] == [{"stones": ["C3"], "capture": ["C4"], "replayed": True}]
    assert all(t["holds"] is True for t in proofs["territory"])



@pytest.mark.parametrize("size", [37, 52])
def test_a_lattice_larger_than_gnu_go_s_board_ends(tmp_path: Path, size: int) -> None:
    """Black columns every fourth point, white rows between them: GNU Go's procedure
    fills its move stack (359 moves) while capturing, and the capture of a string
    left in atari cannot be played -- counted as a capture anyway, the loop ran
    forever (issue 24: `analyse --territory unconditional` on a 37x37 board)."""
    import subprocess
    import sys

    board = tmp_path / "lattice.plain"
    board.write_text("\n".join(
        "".join("X" if x % 4 == 0 else "O" if y % 4 == 0 else "." for x in range(size)) for y in range(size)
    ) + "\n")
    done = subprocess.run(
        [sys.executable, "-c", "from passalive.cli import main; main()", "analyse", "--territory", "unconditional",
         "--json", str(board)],
        capture_output=True, text=True, timeout=120,  # bounded: seconds, not forever
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (entry,) = json.loads(done.stdout)["diagrams"]
    assert entry["file"] == str(board)
