"""The verdict layer and `passalive verify`: claims confirmed, refuted, contradicted."""

from __future__ import annotations

import glob
import json
from pathlib import Path

import pytest

from conftest import board_of
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.markup import CaptureClaim
from passalive.cli import main
from passalive.grammar.read import parse_diagrams, read_diagrams
from passalive.go.suicide import Suicide
from passalive.solver.simulator import Game, check_witness, replay
from passalive.tools.verify import sequence_diagrams, verify
from passalive.solver.truth import Status

B, W, E = Colour.BLACK, Colour.WHITE, Colour.EMPTY

EXAMPLE_5 = """$$ Not safe if suicide is allowed
$$ +-----------+
$$ | . X O . X |
$$ | X X X X . |
$$ | . X . X X |
$$ +-----------+
"""

KNECHTEL_WRONG = """$$ Knechtel's marking keeps the black stones
$$ +-----------+
$$ | O O . O O |
$$ | O . O . O |
$$ | X O . O O |
$$ | . X O O . |
$$ | X . X O O |
$$ +-----------+
"""




def test_casting_out_claims_are_proven_without_suicide() -> None:
    board = board_of(EXAMPLE_5)
    result = verify(board, "casting-out", Suicide.ILLEGAL, complete=True)
    assert not result.contradictions
    alive = [v for v in result.chains if v.claim_alive]
    assert len(alive) == 2 and all(v.result is Status.PROVEN for v in alive)


def test_the_same_claims_are_contradicted_when_suicide_is_legal() -> None:
    board = board_of(EXAMPLE_5)
    from passalive.definitions.analysis import analyse

    no_suicide = analyse(board, "casting-out")
    claims = {c: no_suicide.alive(c) for c in STONE_COLOURS}
    result = verify(board, suicide=Suicide.MULTI, complete=True, claims=claims)
    (wrong,) = result.contradictions
    assert board.names(board.chains[wrong.chain].points) == ["E3"]
    assert wrong.result is Status.CAPTURED
    _, hit = check_witness(Game.of(board, B), wrong.sequence, Suicide.MULTI, [wrong.chain])
    assert hit == {wrong.chain}
    # the suicide variant gets it right
    assert not verify(board, "suicide", Suicide.MULTI, complete=True).contradictions


def test_a_sequence_is_shown_as_numbered_diagrams_that_read_back() -> None:
    board = board_of(EXAMPLE_5)
    lone = board.chain_at[board.point("E3")]
    moves = (board.point("D3"), board.point("D3"), board.point("E2"))
    texts = sequence_diagrams(board, B, moves, Suicide.MULTI)
    assert len(texts) == 2  # the suicide ends the first diagram
    # the suicide is drawn with its stones still standing: illegal as drawn
    first, second = (parse_diagrams(t, replay=False, allow_illegal=True)[0] for t in texts)
    assert first.first_colour is W and "suicide" in first.title
    assert [m.number for m in second.moves] == [3, 5]
    assert board.names([m.point for m in second.moves]) == ["D3", "E2"]
    # the second diagram shows the final position with the stone 5 captures still standing
    # (as Go diagrams do), and lists the capture under the diagram
    final = replay(Game.of(board, B), moves, Suicide.MULTI).final
    drawn = second.board
    for p in range(len(board.points)):
        state = {0: E, 1: W, 2: B}[final[p]] if board.name(p) != "E3" else B
        assert drawn.colours[p] is state, board.name(p)
    assert final[board.point("E3")] == 0 and lone is not None
    assert texts[1].rstrip().endswith("captured by 5: E3")


def test_the_text_witness_keeps_the_captured_stones_and_lists_them(capsys: pytest.CaptureFixture[str]) -> None:
    main(["verify", str(Path(__file__).parent.parent / "examples" / "basic.txt"), "--complete"])
    out = capsys.readouterr().out
    witness = out[out.index("$$W White 1, 3, 5"):].splitlines()
    assert witness[:7] == [
        "$$W White 1, 3, 5; black passes at 2, 4; 5 captures D1",
        "$$ | . . . . . . .",
        "$$ | O O O O O O .",
        "$$ | . O . 1 . O .",
        "$$ | O O 3 X 5 O .",  # D1, captured by 5, still drawn
        "$$ +--------------",
        "captured by 5: D1",
    ]


def test_bounded_check_reports_the_depth() -> None:
    board = board_of(KNECHTEL_WRONG)
    result = verify(board, "casting-out", depth=1)
    assert {v.result for v in result.chains} <= {Status.ALIVE_TO_DEPTH, Status.CAPTURED}
    assert all(v.depth <= 1 for v in result.chains)


def _expectations() -> list[tuple[str, int, Board, Suicide, dict[Colour, frozenset[int]]]]:
    cases = []
    for path in sorted(glob.glob(str(Path(__file__).parent.parent / "examples" / "*.txt"))):
        for number, diagram in enumerate(read_diagrams(path), 1):
            for expect in diagram.expectations:
                if "truth" not in expect.variants:
                    continue
                board = diagram.board
                claims = {}
                for colour in STONE_COLOURS:
                    listed = expect.points(colour)
                    if listed is None:
                        break
                    claims[colour] = frozenset(board.chain_of(p) for p in listed)
                else:
                    cases.append((Path(path).name, number, board, expect.suicide, claims))
    return cases


@pytest.mark.parametrize("case", _expectations(), ids=lambda c: f"{c[0]}#{c[1]}-{c[3].value}")
def test_the_pages_game_level_verdicts(case: tuple[str, int, Board, Suicide, dict[Colour, frozenset[int]]]) -> None:
    """EXPECT variant=truth: the chains listed are proven, every other chain is captured."""
    _, _, board, suicide, claims = case
    # with suicide legal the complete bound is long; a proof may time out (unknown)
    timeout = 30 if suicide is Suicide.ILLEGAL else 5
    result = verify(board, suicide=suicide, complete=True, claims=claims, timeout=timeout)
    assert not result.contradictions
    for v in result.chains:
        expected = Status.PROVEN if v.claim_alive else Status.CAPTURED
        assert v.result in (expected, Status.UNKNOWN)


def _captures() -> list[tuple[str, int, Board, CaptureClaim]]:
    cases = []
    for path in sorted(glob.glob(str(Path(__file__).parent.parent / "examples" / "*.txt"))):
        for number, diagram in enumerate(read_diagrams(path), 1):
            for claim in diagram.captures:
                cases.append((Path(path).name, number, diagram.board, claim))
    return cases


@pytest.mark.parametrize("case", _captures(), ids=lambda c: f"{c[0]}#{c[1]}")
def test_the_pages_capturing_sequences_replay(case: tuple[str, int, Board, CaptureClaim]) -> None:
    _, _, board, claim = case
    owner = claim.by.opponent
    targets = [c.index for c in board.chains_of(owner)]
    _, hit = check_witness(Game.of(board, owner), claim.moves, claim.suicide, targets)
    assert hit


def test_cli_exit_status_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    wrong = tmp_path / "knechtel.txt"
    wrong.write_text(KNECHTEL_WRONG)
    with pytest.raises(SystemExit) as done:
        main(["verify", "--variant", "knechtel", "--json", str(wrong)])
    assert done.value.code == 1
    document = json.loads(capsys.readouterr().out)
    (diagram,) = document["diagrams"]
    captured = [c for c in diagram["chains"] if c["claim"] == "alive" and c["result"] == "captured"]
    assert {tuple(c["stones"]) for c in captured} == {("B2",), ("A1",)}
    assert all(sorted(c["sequence"]) == ["A2", "B1"] for c in captured)  # either order captures
    assert set(diagram["chains"][0]) == {"colour", "stones", "claim", "result", "method", "depth", "sequence", "theorem"}


def test_cli_text_output_passes_when_claims_hold(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "example5.txt"
    good.write_text(EXAMPLE_5)
    main(["verify", str(good)])
    out = capsys.readouterr().out
    assert "black E3: claim alive; proven" in out
    assert "no claim contradicted" in out
    with pytest.raises(SystemExit) as done:
        main(["verify", "--suicide", "--variant", "casting-out", str(good)])
    assert done.value.code == 2  # casting-out is defined for suicide=no only


def test_a_chain_the_search_cannot_settle_is_unknown_and_the_theorem_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    """Out of time, verify says what Benson's theorem says -- as a theorem, never as a proof by search."""
    game = Path(__file__).parent / "data" / "games" / "finals" / "gnugo-19-seed1.sgf"
    main(["verify", "--timeout", "1e-9", str(game)])
    out = capsys.readouterr().out
    assert "claim alive; unknown (the time ran out; no capture within 0 moves); by Benson's theorem, not by search: pass-alive" in out
    assert "proven" not in out and "no claim contradicted" in out
    board = read_diagrams(str(game))[0].board
    result = verify(board, "casting-out", timeout=0)
    assert {v.truth.theorem.value for v in result.chains if v.truth.theorem} == {"Benson's theorem"}
    assert not any(v.truth.settled for v in result.chains if v.claim_alive)
