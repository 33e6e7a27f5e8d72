"""`passalive engine` answers a pass-alive-only query through the compiled kernel: the same bytes as Python.

`passalive.tools.engine.answers.kernel_answers` hands a query's initial stones and moves to the kernel's
`query_answers` (the replay and every analysed turn's `ownership` and `passAlive` in one call).  It is an
optimisation only: each answer must be the general path's (`check_moves`, then `answers`, with the
kernel's per-position casting-out or the Python reference), `timeMs` aside, on every real game of
tests/data and on generated queries of every shape and rule; a query it cannot do goes the general way.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import passalive.tools.summary as summary_module
from passalive.definitions import kernel
from passalive.errors import PassaliveError
from passalive.go.board import Colour, grid_adjacency
from passalive.go.coords import Frame
from passalive.go.play import play
from passalive.go.suicide import Suicide
from passalive.grammar.sgf import read_game_file
from passalive.tools.engine import answers as answers_module
from passalive.tools.engine.protocol import respond

pytestmark = pytest.mark.skipif(
    kernel.native() is None,
    reason="the compiled kernel is not built (or PASSALIVE_KERNEL=python): there is no kernel path to compare",
)

ROOT = Path(__file__).resolve().parent.parent
TIME = re.compile(r',"timeMs":[0-9.]+\}$')


def general(line: bytes, reference: bool = False) -> list[str]:
    """The answers without the kernel path (and with the Python reference for the casting-out too)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("passalive.tools.engine.protocol.kernel_answers", lambda query: None)
        if reference:
            patch.setattr(kernel, "native", lambda: None)
            patch.setattr(summary_module, "native", lambda: None)
            patch.setattr("passalive.definitions.direct.native", lambda: None)
        return [TIME.sub("}", answer) for answer in respond(line)]


def both(query: dict[str, Any]) -> tuple[list[str], list[str], bool]:
    """(the answers, the general path's answers, whether the kernel path gave the first), `timeMs` taken out."""
    line = json.dumps(query).encode()
    taken: list[bool] = []
    original = answers_module.kernel_answers

    def counting(parsed: Any) -> list[str] | None:
        done = original(parsed)
        taken.append(done is not None)
        return done

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("passalive.tools.engine.protocol.kernel_answers", counting)
        fast = [TIME.sub("}", answer) for answer in respond(line)]
    assert len(taken) == 1
    return fast, general(line), taken[0]


def name(point: int, width: int, height: int) -> str:
    """A point's name, as the engine reads it (passalive's own names of a full board: GTP up to 25 columns)."""
    return Frame.full_board(height).name(point % width, point // width, width)


def game_query(path: Path) -> dict[str, Any] | None:
    """A game's main line as a query analysing every turn (None for a record that does not read, or one
    with setup after the root)."""
    try:
        game = next(iter(read_game_file(path)))
    except PassaliveError:
        return None
    size = game.info.size
    if any(step.node and (step.black or step.white or step.empty) for step in game.steps):
        return None
    root = game.steps[0]
    initial = [["B", name(p, size, size)] for p in sorted(root.black)]
    initial += [["W", name(p, size, size)] for p in sorted(root.white)]
    moves = [["B" if step.colour is Colour.BLACK else "W", "pass" if step.point is None else name(step.point, size, size)]
             for step in game.steps if step.colour is not None]
    return {"id": path.name, "boardXSize": size, "boardYSize": size, "rules": "chinese", "initialStones": initial,
            "moves": moves, "analyzeTurns": list(range(len(moves) + 1))}


GAMES = sorted((ROOT / "tests" / "data" / "games").rglob("*.sgf")) + sorted((ROOT / "tests" / "data").rglob("*.sgf"))[::12]
"""The test games (kos, suicides, handicaps, GNU Go's finals) and every twelfth record of tests/data (real
19x19 games of the scoring corpora among them): about 90 records."""


def test_every_game_of_tests_data_gives_the_general_paths_bytes() -> None:
    done = turns = 0
    for path in GAMES:
        query = game_query(path)
        if query is None:
            continue
        fast, slow, taken = both(query)
        turns += len(fast)
        assert fast == slow, path
        if taken:
            done += 1
        else:  # a move the replay refuses (ko.sgf, the suicide games under "chinese"): the general path's error
            (answer,) = fast
            assert '"error"' in answer and '"field":"moves"' in answer, path
    assert done >= 60 and turns >= 10_000


def test_the_python_reference_agrees_on_a_real_game() -> None:
    query = next(q for q in map(game_query, GAMES) if q is not None and q["boardXSize"] == 19 and len(q["moves"]) > 150)
    line = json.dumps(query).encode()
    fast, _, taken = both(query)
    assert taken and fast == general(line, reference=True)


def random_query(rng: random.Random) -> dict[str, Any]:
    """Random legal play (captures, passes, suicides where the rule allows them) on a random rectangle."""
    width, height = rng.randint(1, 11), rng.randint(1, 11)
    rules, rule = rng.choice([("chinese", Suicide.ILLEGAL), ("tromp-taylor", Suicide.MULTI), ("new-zealand", Suicide.MULTI)])
    adjacency = grid_adjacency(width, height)
    colours = [Colour.EMPTY] * (width * height)
    moves: list[list[str]] = []
    colour = Colour.BLACK
    for _ in range(rng.randint(0, 3 * width * height)):
        empty = [p for p in range(width * height) if colours[p] is Colour.EMPTY]
        if rng.random() < 0.08 or not empty:
            moves.append([colour.value[0].upper(), "pass"])
        else:
            point = rng.choice(empty)
            if play(colours, adjacency, point, colour, Colour.EMPTY, rule) is None:  # a suicide the rule forbids
                moves.append([colour.value[0].upper(), "pass"])
            else:
                moves.append([colour.value[0].upper(), name(point, width, height)])
        colour = colour.opponent
    turns = sorted(rng.sample(range(len(moves) + 1), k=min(len(moves) + 1, rng.randint(1, 12))))
    query: dict[str, Any] = {"id": f"r{rng.random():.6f}", "boardXSize": width, "boardYSize": height, "rules": rules,
                             "moves": moves, "analyzeTurns": turns}
    if rng.random() < 0.3:
        query["passAliveSuicide"] = rng.choice(["no", "multi", "all"])
    return query


def test_generated_queries_give_the_general_paths_bytes() -> None:
    rng = random.Random(2311)
    taken = alive = 0
    for _ in range(150):
        query = random_query(rng)
        line = json.dumps(query).encode()
        fast = [TIME.sub("}", answer) for answer in respond(line)]
        assert fast == general(line), query
        taken += '"ownership"' in "".join(fast)
        alive += sum('"passAlive":{"black":[]' not in answer or '"white":[]}' not in answer for answer in fast)
    assert taken >= 140 and alive >= 100  # answered, and with pass-alive chains in many answers


def test_a_query_the_kernel_cannot_do_goes_the_general_way() -> None:
    base = {"id": "q", "boardXSize": 5, "boardYSize": 5, "rules": "chinese", "moves": [["B", "C3"]], "analyzeTurns": [0, 1]}
    from passalive.tools.engine.query import parse_query

    assert answers_module.kernel_answers(parse_query(base)) is not None
    assert answers_module.kernel_answers(parse_query({**base, "statuses": ["pass-alive", "katago-area"]})) is None
    assert answers_module.kernel_answers(parse_query({**base, "moves": [["B", "C3"], ["W", "C3"]]})) is None
    # ... and that move's error is the replay's, with its field
    (error,) = [json.loads(answer) for answer in respond(json.dumps({**base, "moves": [["B", "C3"], ["W", "C3"]]}).encode())]
    assert error["error"].endswith("is on an occupied point") and error["field"] == "moves"


def test_warnings_come_first_as_on_the_general_path() -> None:
    query = {"id": "w", "boardXSize": 5, "boardYSize": 5, "rules": "chinese", "moves": [], "maxVisits": 100}
    fast, slow, taken = both(query)
    assert taken and fast == slow and '"warning"' in fast[0]
