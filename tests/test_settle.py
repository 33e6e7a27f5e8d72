"""Every chain's status and its evidence, and the game result built on them: a board in, statuses and a result out.

Each evidence kind on a small board (pass-alive, pass-dead, search, seki by
search, given, record, judgement), a search out of budget, area against
territory counting of seki eyes and false eyes, Tromp-Taylor, Fox's komi, the
record compared.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pytest

from conftest import grid, run
from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide
from passalive.tools.result import read_komi, recorded_margin, score_game
from passalive.tools.settle import Evidence, SearchBudget, Settlement, Status, settle

DATA = Path(__file__).resolve().parent / "data" / "games"


def no_judgement(board: Board, suicide: Suicide, known: Mapping[int, bool]) -> Mapping[int, tuple[bool, str]]:
    """Leave every unsettled chain alive, so that the tests see the proofs alone."""
    return {}


def status_of(settlement: Settlement, name: str) -> tuple[str, str]:
    """(status, evidence) of the chain with a stone on the named point."""
    board = settlement.board
    p = board.point(name)
    (chain,) = [c for c in settlement.chains if p in c.stones]
    return chain.status.value, chain.evidence.value


# Black's pass-alive wall (eyes B7, D7, A1...) holds a small area with white stones; white's wall on the right.
ENCLOSED = """
. X . X O . O
X X X X O O O
X . O . X O .
X O . O X O O
X . O . X O .
X X X X X O O
. X . X O . O
"""


def test_theorems_pass_alive_and_pass_dead():
    board = grid("""
. X . X O . O
X X X X O O O
X . . . X O .
X . O . X O O
X . . . X O .
X X X X X O O
. X . X O . O
""")
    settlement = settle(board, judge=no_judgement)
    assert status_of(settlement, "B7") == ("alive", "pass-alive")
    assert status_of(settlement, "E7") == ("alive", "pass-alive")
    # C4 stands in a region every empty point of which is a liberty of black's wall: pass-dead
    assert status_of(settlement, "C4") == ("dead", "pass-dead")
    assert Evidence.PASS_DEAD.kind == "theorem" and Evidence.PASS_DEAD.proof


def test_search_proves_stones_dead_in_a_small_area_that_is_not_territory():
    settlement = settle(grid(ENCLOSED), judge=no_judgement)
    # C4 is no liberty of black's wall, so the region is no pass-alive territory; searched, the four stones die
    for name in ("C5", "B4", "D4", "C3"):
        assert status_of(settlement, name) == ("dead", "search")
    chain = next(c for c in settlement.chains if settlement.board.point("C5") in c.stones)
    assert "white cannot keep it" in chain.detail and chain.proven


def test_search_proves_life_and_seki():
    # B2 A1 B1 has one eye (A2) and shares C2 with the white stones D2 and C1: neither side can fill C2 or its eye
    settlement = settle(grid("""
. X . O
X X O .
"""), judge=no_judgement)
    assert status_of(settlement, "B2") == ("seki", "search")
    assert status_of(settlement, "D2") == ("seki", "search")
    assert status_of(settlement, "C1") == ("seki", "search")
    assert "shares C2" in settlement.chains[0].detail


def test_search_that_runs_out_of_budget_leaves_the_chain_unsettled_and_the_result_unproven():
    board = grid(ENCLOSED)
    tight = SearchBudget(states=5)
    settlement = settle(board, judge=no_judgement, budget=tight)
    assert status_of(settlement, "C5") == ("unsettled", "judgement")
    chain = next(c for c in settlement.chains if board.point("C5") in c.stones)
    assert "ran out of its budget of 5 positions: unknown" in chain.detail
    # the four white stones decide the game: dead, black wins by 7.5; alive (as judged here), white wins by 6.5
    game = score_game(board, komi=7.5, judge=no_judgement, budget=tight)
    assert not game.result_proven and not game.finished
    assert game.margin_range[0] < 0 < game.margin_range[1]
    searched = score_game(board, komi=7.5, judge=no_judgement)
    assert searched.result_proven and searched.margin_range[0] > 0


def test_given_and_recorded_statuses_are_used_but_are_not_proofs():
    board = grid(ENCLOSED)
    # E1 lives or dies by a ko (the search says whoever moves first wins it); the user calls it dead
    settlement = settle(board, judge=no_judgement, dead=[board.point("E1")], marked=[board.point("E7")])
    assert status_of(settlement, "E1") == ("dead", "given")
    # the record marks a pass-alive chain dead: the proof stands, and a note says so
    assert status_of(settlement, "E7") == ("alive", "pass-alive")
    assert any("the record marks" in note and "the proof stands" in note for note in settlement.notes)
    given = next(c for c in settlement.chains if board.point("E1") in c.stones)
    assert given.evidence.kind == "user" and not given.proven


def test_judgement_decides_what_nothing_proves_and_says_so():
    board = grid("""
. . . . .
. X X X .
. X . X .
. X X X .
. . . O .
""")

    def white_is_dead(board: Board, suicide: Suicide, known: Mapping[int, bool]) -> Mapping[int, tuple[bool, str]]:
        return {c.index: (c.colour is Colour.WHITE, "a test's judgement") for c in board.chains if c.index not in known}

    settlement = settle(board, judge=white_is_dead)
    white = next(c for c in settlement.chains if c.colour is Colour.WHITE)
    assert (white.status, white.judged, white.evidence.kind) == (Status.UNSETTLED, Status.DEAD, "heuristic")
    assert white.ends_dead and not settlement.finished
    game = score_game(board, judge=white_is_dead)
    assert [board.names(c.stones) for c in game.dead] == [["D1"]]
    # judged: black's 16 empty points and D1 as territory, D1 a prisoner; nothing proves either chain, so the
    # range runs to black dead and white alive (white's 24 points and 8 prisoners) at the other end
    assert game.margin == 16 + 1 + 1
    assert game.exact_range
    assert game.margin_range == (-(24 + 8), 18)


def test_the_scorers_seki_heuristic_does_not_relabel_a_proven_status():
    # the search proves black's A2 B2 B1 alive (white moving first cannot capture it); the scorer's eye count
    # finds its eye A1 in seki with C2: a heuristic, so black stays alive (search), the seki said in its detail
    board = grid("""
O O .
X X O
. X .
""")
    game = score_game(board, judge=no_judgement)
    assert game.score.seki_points == {board.point("A1")}
    black = next(c for c in game.settlement.chains if c.colour is Colour.BLACK)
    assert (black.status, black.evidence, black.proven) == (Status.ALIVE, Evidence.SEARCH, True)
    assert "in seki by the scorer's eye count (heuristic)" in black.detail and "stays as proved" in black.detail
    assert black not in game.seki


def test_area_counts_seki_eyes_and_filled_false_eyes_territory_does_not():
    # the corner seki of tests/test_score.py: black's eye A2 and white's eye D2 are surrounded by their owners
    board = grid("""
. X . O
X X O .
""")
    japanese = score_game(board, rules="japanese", judge=no_judgement).score
    area = score_game(board, rules="area", judge=no_judgement).score
    assert japanese.seki_points >= {board.point("A2")}
    assert japanese.points[Colour.BLACK] == 0  # no territory: the eye of a seki group is not counted
    assert area.points[Colour.BLACK] == 3 + 1  # three stones and the seki eye A2


def test_false_eye_counts_under_area_rules(capsys):
    # finished-komi.sgf: white's D1 is an obvious false eye (filled)
    code, out, _ = run(["score", str(DATA / "finished-komi.sgf"), "--rules", "japanese"], capsys)
    assert "obvious false eyes (filled, not counted): D1" in out
    code, out, _ = run(["score", str(DATA / "finished-komi.sgf"), "--rules", "area"], capsys)
    assert "obvious false eyes (filled, counted for their owner): D1" in out


def test_tromp_taylor_counts_the_position_as_it_stands():
    board = grid("""
. X . O .
X X . O O
. X . O .
""")
    game = score_game(board, rules="tromp-taylor", komi=0.0, judge=no_judgement)
    # black: 4 stones + A3 A1 (reach black only); white: 4 stones + E3 E1; the C column reaches both
    assert game.score.points == {Colour.BLACK: 6, Colour.WHITE: 6}
    assert game.result == "0" and game.result_proven


@pytest.mark.parametrize(
    "written, points, warned",
    [(6.5, 6.5, False), (None, 0.0, False), (550, 5.5, True), (650, 6.5, True), (375, 7.5, True), (-300, -3.0, True)],
)
def test_komi_written_by_fox_and_tygem(written, points, warned):
    komi = read_komi(written)
    assert komi.points == points and (komi.warning is not None) == warned and komi.plausible


def test_an_implausible_komi_or_a_one_coloured_board_gives_no_result():
    board = grid("""
. . . . .
. . X . .
. . . . .
""")
    lone = score_game(board, komi=7.5, judge=no_judgement)
    assert lone.result is None and any("no white stone" in w for w in lone.warnings)
    board = grid("""
. X O .
. X O .
""")
    wild = score_game(board, komi=read_komi(5501), judge=no_judgement)
    assert wild.result is None and any("not a plausible komi" in w for w in wild.warnings)


@pytest.mark.parametrize("text, margin", [("B+3.5", 3.5), ("W+12", -12.0), ("0", 0.0), ("Jigo", 0.0), ("B+R", None),
                                          ("W+T", None), ("?", None)])
def test_recorded_margin(text, margin):
    assert recorded_margin(text) == margin


def test_the_record_compared_names_the_chains_that_account_for_a_difference():
    board = grid("""
. . . . .
. X X X .
. X . X .
. X X X .
. . . O .
""")
    # judged alive, D1 makes white's count one stone bigger than a record that counts it dead
    alive = score_game(board, komi=0.5, judge=no_judgement)
    dead_margin = score_game(board, komi=0.5, judge=no_judgement, dead=[board.point("D1")]).margin
    assert dead_margin is not None and alive.margin != dead_margin
    recorded = f"{'B' if dead_margin > 0 else 'W'}+{abs(dead_margin):g}"
    game = score_game(board, komi=0.5, judge=no_judgement, recorded=recorded)
    assert game.record is not None and game.record.agrees is False and game.record.inside_range
    assert "the record counts D1 as dead" in game.record.explanation


def test_a_game_whose_record_marks_its_dead_stones_scores_as_recorded(capsys, tmp_path):
    # white's C5 stands in black's area and the record marks it with TB (KGS, OGS and GoGui write it so); no proof
    # reaches it (black's wall is not pass-alive), so the record's mark decides, labelled as the record's
    path = tmp_path / "marked.sgf"
    path.write_text(
        "(;GM[1]SZ[6]KM[0.5]RU[Japanese]RE[B+12.5]AB[ad][bd][cd][dd][ed][fd]AW[ae][be][ce][de][ee][fe]"
        ";W[cb];B[];W[]TB[aa:fc]TW[af:ff])"
    )
    code, out, err = run(["score", str(path), "--json"], capsys)
    (data,) = json.loads(out)["diagrams"]
    c5 = next(c for c in data["chains"] if c["stones"] == ["C5"])
    assert (c5["status"], c5["evidence"], c5["known_by"]) == ("dead", "record", "record")
    assert data["result"] == "B+12.5" and data["record"]["agrees"] is True
    assert not data["result_proven"] and not data["finished"]  # the walls themselves are not proved
    # the walls' other endings: white's dead (black 30 points, C5 and 6 prisoners), or black's dead with C5 alive
    # (white 29 points and 6 prisoners); komi 0.5
    assert data["margin_range"] == [-(29 + 6) - 0.5, 30 + 7 - 0.5] and data["margin_range_exact"]


@pytest.mark.parametrize("name", ["605291", "615430"])
def test_real_games_that_mark_their_dead_stones_and_territory_score_as_their_record(name, capsys):
    # two OGS games (tests/data/scoring/human) whose last node marks the agreed dead stones and territory (TB/TW);
    # in 615430 the players count P1, which the false-eye heuristic would fill, as black territory
    path = Path(__file__).resolve().parent / "data" / "scoring" / "human" / "ogs-19x19" / f"{name}.sgf"
    code, out, err = run(["score", str(path), "--json"], capsys)
    (data,) = json.loads(out)["diagrams"]
    assert data["record"]["agrees"] is True, data["record"]
    assert any(chain["evidence"] == "record" for chain in data["chains"])


def test_a_board_won_by_capturing_everything_is_scored_when_its_stones_are_proven_alive():
    # GNU Go's --capture-all-dead games end so: only black stones left, and they are pass-alive.
    board = grid("""
. X . X .
X X X X X
. . . . .
""")
    won = score_game(board, komi=7.5, rules="area", judge=no_judgement)
    assert won.result == "B+7.5" and won.result_proven and not won.warnings
