"""Every way into the scorer gives the same count: `passalive score` (a diagram, a game record),
`score_game` from Python, the GTP engine's `final_score` and the query engine's `score` field.

A komi in, the margin out: a komi the user gives (an option, GTP's `komi`, a query's
`komi`) is taken as it is; only a record's `KM` is read as Fox and Tygem write it (x100).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from conftest import grid, run
from passalive.go.board import Board
from passalive.tools.engine.protocol import respond
from passalive.tools.gtp import GtpEngine
from passalive.tools.result import read_komi, score_game

# Both sides pass-alive, three points of territory each: the margin is minus the komi.
EVEN = """
. X . O .
X X . O O
. X . O .
X X . O O
. X . O .
"""


def even() -> Board:
    return grid(EVEN)


def even_sgf(komi: str) -> str:
    """EVEN as a finished 5x5 game record with the given KM."""
    black = "".join(f"[{p}]" for p in ("ba", "ab", "bb", "bc", "ad", "bd", "be"))
    white = "".join(f"[{p}]" for p in ("da", "db", "eb", "dc", "dd", "ed", "de"))
    return f"(;GM[1]FF[4]SZ[5]KM[{komi}]RU[Japanese]AB{black}AW{white};B[];W[])"


def gtp_setup(engine: GtpEngine) -> None:
    for colour, rows in (("b", ("B5", "A4", "B4", "B3", "A2", "B2", "B1")),
                         ("w", ("D5", "D4", "E4", "D3", "D2", "E2", "D1"))):
        for point in rows:
            assert engine.handle(f"play {colour} {point}") == "=\n\n"


def engine_score(query: dict[str, Any]) -> dict[str, Any]:
    """The `score` field of a query's one answer."""
    base = {"id": "s", "boardXSize": 5, "boardYSize": 5, "moves": [], "rules": "japanese", "statuses": ["score"],
            "initialStones": [["B" if c == "X" else "W", f"{'ABCDE'[x]}{5 - y}"]
                              for y, row in enumerate(EVEN.split("\n")[1:-1])
                              for x, c in enumerate(row.split()) if c in "XO"]}
    (line,) = respond(json.dumps({**base, **query}).encode())
    answer = json.loads(line)
    assert "error" not in answer, answer
    score: dict[str, Any] = answer["score"]
    return score


def test_a_komi_given_in_points_is_taken_as_it_is():
    game = score_game(even(), komi=150)
    assert (game.komi, game.result, game.warnings) == (150.0, "W+150", ())


def test_a_records_komi_is_read_as_fox_writes_it_only_through_read_komi():
    game = score_game(even(), komi=read_komi(650))
    assert (game.komi, game.result) == (6.5, "W+6.5")
    assert any("x100" in warning for warning in game.warnings)


def test_score_option_komi_is_points_on_a_diagram_and_on_a_record(capsys, tmp_path: Path):
    plain = tmp_path / "even.plain"
    plain.write_text(EVEN.lstrip())
    code, out, err = run(["score", str(plain), "--komi", "150", "--json"], capsys)
    (data,) = json.loads(out)["diagrams"]
    assert (code, data["komi"], data["result"]) == (0, 150.0, "W+150")
    record = tmp_path / "even.sgf"
    record.write_text(even_sgf("650"))
    code, out, err = run(["score", str(record), "--json"], capsys)
    (data,) = json.loads(out)["diagrams"]
    assert (data["komi"], data["result"]) == (6.5, "W+6.5") and "x100 (Fox, Tygem)" in err
    code, out, err = run(["score", str(record), "--komi", "650", "--json"], capsys)
    (data,) = json.loads(out)["diagrams"]
    assert (data["komi"], data["result"]) == (650.0, "W+650") and "x100" not in err


def test_a_records_rule_set_gives_white_its_handicap_bonus(capsys, tmp_path: Path):
    # HA[3]: Chinese rules give white 3 points, AGA's N-1 gives 2, Japanese counting none;
    # an area rule set the table does not name keeps area counting's one point a stone
    bonus = {"Chinese": 3, "AGA": 2, "Japanese": 0, "NZ": 3}
    for rules, points in bonus.items():
        record = tmp_path / f"{rules}.sgf"
        record.write_text(even_sgf("0.5").replace("RU[Japanese]", f"RU[{rules}]HA[3]"))
        code, out, err = run(["score", str(record), "--json"], capsys)
        (data,) = json.loads(out)["diagrams"]
        assert (code, data["handicap_bonus"]) == (0, points), (rules, err)
    # --rules overrides the record's rule set, and with it the rule set's bonus
    code, out, err = run(["score", str(tmp_path / "AGA.sgf"), "--rules", "area", "--json"], capsys)
    assert json.loads(out)["diagrams"][0]["handicap_bonus"] == 3


def test_gtp_komi_is_points_and_a_loaded_records_km_is_read_as_written(tmp_path: Path):
    engine = GtpEngine(size=5)
    gtp_setup(engine)
    assert engine.handle("komi 150") == "=\n\n"
    assert engine.handle("final_score") == "= W+150\n\n"
    record = tmp_path / "even.sgf"
    record.write_text(even_sgf("650"))
    notes: list[str] = []
    engine = GtpEngine(size=5, log=notes.append)
    assert engine.handle(f"loadsgf {record}") == "= black\n\n"
    assert engine.handle("final_score") == "= W+6.5\n\n"
    assert any("x100" in note for note in notes)
    assert engine.handle("komi 650") == "=\n\n"  # the user's komi from now on: taken as it is
    assert engine.handle("final_score") == "= W+650\n\n"


def test_the_query_engines_komi_is_points():
    score = engine_score({"komi": 150})
    assert (score["komi"], score["result"], score["warnings"]) == (150, "W+150", [])


# The white stones A3 A2 B2 are pass-dead in black's pass-alive area when suicide is illegal; with multi-stone
# suicide legal the chains A3 and B1 have no proof (KataGo's position of tests/test_pass_alive_suicide.py,
# one column wider).
SUICIDE_MATTERS = """
. . . X .
X X . X X
O X X X .
O O X . X
. X . X .
"""


def evidence(chains: list[dict[str, Any]]) -> dict[str, str]:
    """The evidence of each chain, by its first stone."""
    return {chain["stones"][0]: chain["evidence"] for chain in chains}


PROVEN = {"D5": "pass-alive", "A3": "pass-dead", "E2": "pass-alive", "B1": "pass-alive", "D1": "pass-alive"}
UNDER_MULTI = {**PROVEN, "A3": "judgement", "B1": "judgement"}


def test_score_takes_the_pass_alive_suicide_rule(capsys, tmp_path: Path):
    plain = tmp_path / "suicide.plain"
    plain.write_text(SUICIDE_MATTERS.lstrip())
    for rule, expected in ((None, PROVEN), ("no", PROVEN), ("multi", UNDER_MULTI)):
        flags = ["--pass-alive-suicide", rule] if rule else []
        code, out, err = run(["score", str(plain), "--json", *flags], capsys)
        (data,) = json.loads(out)["diagrams"]
        assert (code, data["pass_alive_suicide"], evidence(data["chains"])) == (0, rule or "no", expected)


def test_a_records_own_rule_of_play_is_the_scores_rule_unless_the_switch_says_otherwise(capsys, tmp_path: Path):
    black = "".join(f"[{p}]" for p in ("da", "ab", "bb", "db", "eb", "bc", "cc", "dc", "cd", "ed", "be", "de"))
    record = tmp_path / "suicide.sgf"
    record.write_text(f"(;GM[1]FF[4]SZ[5]KM[0.5]RU[NZ]AB{black}AW[ac][ad][bd];B[];W[])")
    for flags, rule, expected in (([], "multi", UNDER_MULTI), (["--pass-alive-suicide", "no"], "no", PROVEN)):
        code, out, err = run(["score", str(record), "--json", *flags], capsys)
        (data,) = json.loads(out)["diagrams"]
        assert (data["rules_suicide"], data["pass_alive_suicide"]) == ("multi", rule)
        assert evidence(data["chains"]) == expected


def test_gtp_scores_under_the_pass_alive_suicide_rule():
    engine = GtpEngine(size=5)
    stones = [f"{'B' if c == 'X' else 'W'} {'ABCDE'[x]}{5 - y}"
              for y, row in enumerate(SUICIDE_MATTERS.split("\n")[1:-1]) for x, c in enumerate(row.split()) if c in "XO"]
    assert engine.handle("gogui-setup " + " ".join(stones)) == "=\n\n"
    board = engine.board()
    for rule, expected in (("same", PROVEN), ("multi", UNDER_MULTI)):
        assert engine.handle(f"passalive-pass-alive-suicide {rule}") == "=\n\n"
        chains = engine.game_result().settlement.chains
        assert {board.names(c.stones)[0]: c.evidence.value for c in chains} == expected
    assert "unsettled: 2 chain(s)" in str(engine.handle("passalive-score"))


def test_the_query_engine_scores_under_pass_alive_suicide():
    rows = SUICIDE_MATTERS.split("\n")[1:-1]
    initial = [["B" if c == "X" else "W", f"{'ABCDE'[x]}{5 - y}"]
               for y, row in enumerate(rows) for x, c in enumerate(row.split()) if c in "XO"]
    for rule, expected in (("no", PROVEN), ("multi", UNDER_MULTI)):
        (line,) = respond(json.dumps({"id": "s", "boardXSize": 5, "boardYSize": 5, "moves": [], "initialStones": initial,
                                      "rules": "japanese", "passAliveSuicide": rule, "statuses": ["score"]}).encode())
        answer = json.loads(line)
        assert evidence(answer["scoreChains"]) == expected, answer


# Black's seven stones along the top of a 5x5 board, with no white stone: KataGo's analysis engine takes
# them as seven handicap stones (the docs/engine.md session's position, white's stones played as moves).
HANDICAP: dict[str, Any] = {"id": "h", "boardXSize": 5, "boardYSize": 5, "komi": 0.5, "statuses": ["score"], "moves": [],
                             "initialStones": [["B", p] for p in ("B5", "D5", "A4", "B4", "C4", "D4", "E4")]}


def score_of(query: dict[str, Any]) -> dict[str, Any]:
    (line,) = respond(json.dumps(query).encode())
    answer = json.loads(line)
    assert "score" in answer, answer
    score: dict[str, Any] = answer["score"]
    return score


def test_the_query_engine_gives_white_katagos_handicap_bonus():
    # black's initial stones alone (no white stone among them) are handicap stones: seven here; then white plays
    white = [["W", p] for p in ("A3", "B3", "C3", "D3", "E3", "A2", "C2", "E2", "B1", "D1")]
    moves = [white[0], *[m for w in white[1:] for m in (["B", "pass"], w)]]
    base = {**HANDICAP, "moves": moves}
    # both sides pass-alive: black 7 stones + 3 territory, white 10 stones + 5 territory (area)
    bonus = {"chinese": 7, "aga": 6, "japanese": 0, "tromp-taylor": 0, "new-zealand": 0}
    for rules, points in bonus.items():
        score = score_of({**base, "rules": rules})
        assert (score["handicap"], score["handicap_bonus"]) == (7, points), rules
        area = rules != "japanese"
        margin = (10 - 15 if area else 3 - 5) - 0.5 - points
        assert score["margin"] == margin, (rules, score)
    # the field and the rules object say it too
    assert score_of({**base, "rules": "japanese", "whiteHandicapBonus": "N"})["handicap_bonus"] == 7
    assert score_of({**base, "rules": {"scoring": "AREA", "whiteHandicapBonus": "N-1"}})["handicap_bonus"] == 6
    # a white initial stone makes it a set-up position, not a handicap game
    placed = score_of({**HANDICAP, "rules": "chinese", "initialStones": [*HANDICAP["initialStones"], *white]})
    assert (placed["handicap"], placed["handicap_bonus"], placed["margin"]) == (0, 0, -5.5)


def test_black_moves_that_open_the_game_are_handicap_stones_as_katago_counts_them():
    black = [["B", p] for p in ("B5", "D5", "A4")]
    query = {"id": "o", "boardXSize": 5, "boardYSize": 5, "rules": "chinese", "statuses": ["score"],
             "moves": [*black, ["W", "C3"], ["B", "D3"]], "analyzeTurns": [1, 2, 3, 5]}
    answers = [json.loads(line) for line in respond(json.dumps(query).encode())]
    assert [a["score"]["handicap"] for a in answers] == [0, 2, 3, 3]  # one black stone is no handicap
    doubled = {**query, "moves": [*black, ["W", "C3"], ["W", "D3"]], "analyzeTurns": [5]}
    (answer,) = [json.loads(line) for line in respond(json.dumps(doubled).encode())]
    assert answer["score"]["handicap"] == 0  # white moving twice: black's opening moves were a set-up


def test_a_bad_white_handicap_bonus_is_answered_with_the_field():
    (line,) = respond(json.dumps({**HANDICAP, "whiteHandicapBonus": "2"}).encode())
    answer = json.loads(line)
    assert answer == {"id": "h", "error": '`whiteHandicapBonus` is "0", "N" or "N-1", not \'2\'',
                      "field": "whiteHandicapBonus"}
    (line,) = respond(json.dumps({**HANDICAP, "rules": {"whiteHandicapBonus": 1}}).encode())
    answer = json.loads(line)
    assert (answer["field"], answer["error"]) == ("rules", '`rules`\' `whiteHandicapBonus` is "0", "N" or "N-1", not 1')
