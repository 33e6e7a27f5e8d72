"""The scoring acceptance corpora (tests/data/scoring/) are well formed.

Each corpus is read as passalive reads it and checked against its own index:
every game readable, every entry with a result, the games that promise two
passes end with two, GNU Go's dead stones are stones of the final board, and
goscorer's boards match their expected totals' sizes and marks.  How well
the scorer agrees with the corpora is not tested here: that is
bench/score_acceptance.py's measure, and no test tunes the scorer to these
games.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from passalive import read_diagrams, read_games
from passalive.go.board import Colour
from passalive.go.game import Game

DATA = Path(__file__).parent / "data" / "scoring"
RESULT = re.compile(r"[BW]\+[0-9]+(\.[0-9]+)?")


def _index(folder: str, key: str = "games") -> list[dict[str, Any]]:
    entries: list[dict[str, Any]] = json.loads((DATA / folder / "index.json").read_text(encoding="utf-8"))[key]
    return entries


def _game(path: Path) -> Game:
    games = list(read_games(path))
    assert len(games) == 1, f"{path}: one game per file"
    return games[0]


def _ends_with_two_passes(game: Game) -> bool:
    moves = [s for s in game.steps if s.is_move]
    return len(moves) >= 2 and all(s.point is None for s in moves[-2:])


# ---- GNU Go self-play


GNUGO = _index("gnugo") if (DATA / "gnugo" / "index.json").exists() else []


def test_gnugo_corpus_covers_the_sizes_rules_and_endings() -> None:
    assert len(GNUGO) >= 200
    assert {g["size"] for g in GNUGO} == {7, 9, 13, 19}
    assert {g["rules"] for g in GNUGO} == {"Japanese", "Chinese"}
    assert {g["capture_all_dead"] for g in GNUGO} == {True, False}
    assert len({g["file"] for g in GNUGO}) == len(GNUGO)
    on_disk = {p.name for p in (DATA / "gnugo").glob("*.sgf")}
    assert on_disk == {g["file"] for g in GNUGO}, "every game is in the index and every entry has its game"


def _gnugo_problems(entry: dict[str, Any]) -> list[str]:
    """What is wrong with one GNU Go game and its index entry (nothing, for a good one)."""
    path = DATA / "gnugo" / entry["file"]
    game = _game(path)
    problems = []
    if not RESULT.fullmatch(entry["result"]) or game.info.result != entry["result"]:
        problems.append(f"RE[{game.info.result}] and the index's {entry['result']!r}: not GNU Go's final_score")
    if (game.size, game.info.komi, game.info.rules) != (entry["size"], entry["komi"], entry["rules"]):
        problems.append("size, komi or rules differ from the index")
    if not (entry["two_passes"] and _ends_with_two_passes(game)) or game.moves != entry["moves"]:
        problems.append("does not end with two passes after the index's number of moves")
    if re.search(r"(^|[;\s\]])T[BW]\[", path.read_text(encoding="utf-8")):
        problems.append("marks dead stones (TB/TW): the corpus is for scoring untold")
    if entry["dead"] or entry["seki"]:
        board = list(game.positions())[-1].board
        problems += [f"{v} is not a stone at the end" for v in entry["dead"] + entry["seki"]
                     if board.colours[board.point(v)] is Colour.EMPTY]
    return [f"{entry['file']}: {problem}" for problem in problems]


def test_every_gnugo_game_reads_and_matches_its_entry() -> None:
    """RE is GNU Go's final_score, two passes end the game, GNU Go's dead and seki lists are stones."""
    assert [problem for entry in GNUGO for problem in _gnugo_problems(entry)] == []


# ---- people's games


HUMAN = _index("human")


def test_human_corpus_is_counted_games_at_9x9_and_19x19() -> None:
    assert len(HUMAN) == 729
    assert {g["size"] for g in HUMAN} == {9, 19}
    assert sum(g["marked_dead"] for g in HUMAN) == 2
    assert all(RESULT.fullmatch(g["result"]) for g in HUMAN), "counted, not resigned"
    on_disk = {f"{p.parent.name}/{p.name}" for p in (DATA / "human").glob("*/*.sgf")}
    assert on_disk == {g["file"] for g in HUMAN}


def _human_problems(entry: dict[str, Any]) -> list[str]:
    path = DATA / "human" / entry["file"]
    game = _game(path)
    problems = []
    if game.info.result != entry["result"]:
        problems.append(f"RE[{game.info.result}] is not the index's {entry['result']}")
    if (game.size, game.info.komi, game.info.handicap or 0) != (entry["size"], entry["komi"], entry["handicap"]):
        problems.append("size, komi or handicap differ from the index")
    if _ends_with_two_passes(game) != entry["two_passes"]:
        problems.append("two passes or not, unlike the index")
    if bool(re.search(r"\bT[BW]\[", path.read_text(encoding="utf-8"))) != entry["marked_dead"]:
        problems.append("TB/TW marks unlike the index")
    return [f"{entry['file']}: {problem}" for problem in problems]


def test_every_human_game_reads_and_matches_its_entry() -> None:
    assert [problem for entry in HUMAN for problem in _human_problems(entry)] == []


# ---- goscorer's golden boards


def test_goscorer_boards_match_their_expected_totals() -> None:
    expected = json.loads((DATA / "goscorer" / "expected.json").read_text(encoding="utf-8"))["boards"]
    diagrams = read_diagrams(str(DATA / "goscorer" / "boards.txt"))
    assert len(diagrams) == len(expected) == 94
    for diagram, board in zip(diagrams, expected):
        assert diagram.title == board["title"]
        width, height = board["size"]
        assert diagram.board.size == (width, height)
        items = [item for a in diagram.annotations_named("SCORE") for item in a.items]
        given = [name for item in items if item.startswith("dead=") for name in item[5:].split(",") if name != "none"]
        assert given == board["dead"], "the marked stones are the SCORE line's dead stones"
        for name in given:
            assert diagram.board.colours[diagram.board.point(name)] is not Colour.EMPTY, (board["title"], name)
        for rule in ("territory", "area"):
            assert 0 <= board[rule]["black"] + board[rule]["white"] <= width * height + len(given)
    assert "MIT" in (DATA / "goscorer" / "LICENSE.txt").read_text(encoding="utf-8")
