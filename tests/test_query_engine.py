"""`passalive engine`: KataGo-style JSON queries in, one JSON answer per analysed turn out (docs/engine.md).

The examples put a position in (initial stones, moves) and read the verdict
out of the answer; the session at the end drives the command as a separate
process, as a program in another language would.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import threading
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive.cli.engine import read_lines, serve
from passalive.go.board import Colour, grid_adjacency
from passalive.go.play import play
from passalive.go.suicide import Suicide
from passalive.tools.engine.protocol import respond
from passalive.tools.engine.query import FIELDS, QueryError, parse_query
from passalive.tools.engine.replay import turns

ENGINE = [sys.executable, "-c", "from passalive.cli import main; main()", "engine"]

KATAGO_SUICIDE_TEST = [  # KataGo's cpp/tests/testpassalivesuicide.cpp, a 4x5 board
    "...x",
    "xx..",
    "oxxx",
    "oox.",
    ".x.x",
]


def stones(rows: list[str]) -> list[list[str]]:
    """A diagram's stones as KataGo's `initialStones` (top row first)."""
    height = len(rows)
    letters = "ABCDEFGHJKLMNOPQRST"
    return [["B" if c == "x" else "W", f"{letters[x]}{height - y}"]
            for y, row in enumerate(rows) for x, c in enumerate(row) if c in "xo"]


def ask(query: dict[str, Any]) -> list[dict[str, Any]]:
    """The answers of one query, decoded."""
    return [json.loads(line) for line in respond(json.dumps(query).encode())]


def test_pass_alive_suicide_gives_katagos_two_answers() -> None:
    # KataGo: under suicide-illegal computation the three white stones are pass-dead in black's
    # pass-alive territory; computed as if multi-stone suicide were legal, no black chain is pass-alive
    query = {"id": "k", "boardXSize": 4, "boardYSize": 5, "rules": "chinese", "moves": [],
             "initialStones": stones(KATAGO_SUICIDE_TEST), "statuses": ["pass-alive", "katago-area"]}
    a3 = 2 * 4 + 0  # row 3 from the top (0-based 2), column A
    (off,) = ask(query)
    (on,) = ask({**query, "passAliveSuicide": True})
    assert off["katagoArea"][a3] == 1 and off["ownership"][a3] == 1
    assert on["katagoArea"][a3] == 0 and on["passAlive"] == {"black": [], "white": []}
    assert ["B1"] in off["passAlive"]["black"]


def test_ownership_is_in_katagos_row_order() -> None:
    # a black group with two eyes in the top-left corner of a 5x5 board: A5 is the first entry
    rows = [".x.x.", "xxxx.", ".....", ".....", "....."]
    (answer,) = ask({"id": "o", "boardXSize": 5, "boardYSize": 5, "moves": [], "initialStones": stones(rows)})
    assert answer["ownership"][:10] == [1, 1, 1, 1, 0, 1, 1, 1, 1, 0]
    assert answer["ownership"][10:] == [0] * 15
    assert answer["passAlive"]["black"] == [["B5", "D5", "A4", "B4", "C4", "D4"]]


def test_every_turn_is_answered_in_turn_order() -> None:
    query = {"id": "t", "boardXSize": 9, "boardYSize": 9, "moves": [["B", "E5"], ["W", "C3"], ["B", "pass"]],
             "analyzeTurns": [3, 0, 1, 1]}
    assert [a["turnNumber"] for a in ask(query)] == [0, 1, 3]
    del query["analyzeTurns"]
    assert [a["turnNumber"] for a in ask(query)] == [3]  # as KataGo: the last turn by default


@pytest.mark.parametrize(("change", "field", "words"), [
    ({"boardXSize": 53}, "boardXSize", "larger than passalive reads"),
    ({"boardYSize": 10**400}, "boardYSize", "larger than passalive reads"),
    ({"boardXSize": "19"}, "boardXSize", "an integer"),
    ({"moves": [["B", "Z9"]]}, "moves", "no point of a 9x9 board"),
    ({"moves": [["B", "E5"], ["W", "E5"]]}, "moves", "occupied point"),
    ({"moves": [["X", "E5"]]}, "moves", "a player is"),
    ({"analyzeTurns": [2]}, "analyzeTurns", "out of range"),
    ({"komi": "7.5"}, "komi", "a number"),
    ({"rules": "calvinball"}, "rules", "unknown rules"),
    ({"statuses": ["pass-alive", "seki"]}, "statuses", "unknown status"),
    ({"statuses": ["unconditional"], "passAliveSuicide": True}, "passAliveSuicide", "suicide illegal only"),
    ({"verify": {"seconds": 1e9}}, "verify", "at most"),
    ({"foo": 1}, "foo", "unknown field"),
    ({"areaMode": {"unsafeBigTerritories": True}}, "areaMode",
     "`areaMode`'s unsafeBigTerritories and nonPassAliveStones need \"katago-area\" in `statuses`"),
    ({"independentLife": {"keepStones": True}, "statuses": ["katago-area"]}, "independentLife",
     "`independentLife`'s keepTerritories and keepStones need \"independent-life\" in `statuses`"),
])
def test_a_bad_query_is_answered_with_the_field(change: dict[str, Any], field: str, words: str) -> None:
    query = {"id": "bad", "boardXSize": 9, "boardYSize": 9, "moves": [["B", "E5"]], **change}
    (answer,) = ask(query)
    assert answer["id"] == "bad" and answer["field"] == field and words in answer["error"]


def test_a_suicide_is_refused_or_played_by_the_replays_rule() -> None:
    # white's two stones in the corner, black around them: white filling its last liberty is a suicide
    rows = ["oo.x", "xxxx", "....", "...."]
    query = {"id": "s", "boardXSize": 4, "boardYSize": 4, "initialStones": stones(rows), "moves": [["W", "C4"]]}
    (refused,) = ask(query)
    assert refused["field"] == "moves" and "suicide" in refused["error"]
    (played,) = ask({**query, "suicide": "multi", "statuses": ["score"]})
    assert played["score"]["prisoners"] == {"black": 3, "white": 0}  # white's own three stones, black's prisoners


def test_a_ko_taken_back_at_once_is_illegal() -> None:
    rows = [".xo.", "xo.o", ".xo.", "...."]
    moves = [["B", "C3"], ["W", "B3"]]  # black takes the ko at C3, white takes back at once
    (answer,) = ask({"id": "ko", "boardXSize": 4, "boardYSize": 4, "initialStones": stones(rows), "moves": moves})
    assert answer["field"] == "moves" and "ko" in answer["error"]


def test_the_replay_plays_as_passalives_one_capture_rule() -> None:
    rng = random.Random(21)
    size = 6
    adjacency = grid_adjacency(size, size)
    letters = "ABCDEF"
    compared = 0
    for game in range(20):
        states = [Colour.EMPTY] * (size * size)
        moves: list[list[str]] = []
        expected = []
        colour = Colour.BLACK
        for _ in range(80):
            point = rng.randrange(size * size)
            trial = list(states)
            if play(trial, adjacency, point, colour, Colour.EMPTY, Suicide.MULTI) is None:
                continue
            states = trial
            moves.append(["B" if colour is Colour.BLACK else "W", f"{letters[point % size]}{size - point // size}"])
            expected.append(tuple(states))
            colour = colour.opponent
        query = parse_query({"id": "r", "boardXSize": size, "boardYSize": size, "moves": moves, "suicide": "multi"})
        try:
            got = [t for t in turns(query)][1:]
        except QueryError as refused:  # a ko retaken at once: the replay refuses, passalive's play allows
            assert "takes a ko back at once" in refused.message
            continue
        for turn, states_after in zip(got, expected, strict=True):
            for colour, bits in ((Colour.BLACK, turn.black), (Colour.WHITE, turn.white)):
                padded = {p + p // size for p, c in enumerate(states_after) if c is colour}
                assert {b for b in range((size + 1) * size) if bits >> b & 1} == padded, (game, turn.number, colour)
        compared += 1
    assert compared >= 10  # most games have no ko retaken at once: the comparison is not vacuous


def test_a_line_too_long_is_answered_and_skipped() -> None:
    data = BytesIO(b'{"id":"x"' + b" " * 100 + b"}\n" + b'"short"\n')
    assert list(read_lines(data, limit=50)) == [None, b'"short"\n']
    out = BytesIO()
    serve(BytesIO(b"[1,2\n\xff\xfe\n" + b"[" * 100_000 + b"\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["id"] for a in answers] == [None, None, None]
    assert "not JSON" in answers[0]["error"] and "UTF-8" in answers[1]["error"] and "nested" in answers[2]["error"]


def test_a_scripted_session_with_two_workers() -> None:
    good = {"id": "good", "boardXSize": 9, "boardYSize": 9, "moves": [["B", "E5"], ["W", "C3"]],
            "analyzeTurns": [0, 1, 2], "statuses": ["pass-alive", "katago-area", "independent-life", "unconditional",
                                                     "static-safety", "score"]}
    long_game = {"id": "long", "boardXSize": 5, "boardYSize": 5, "rules": "tromp-taylor", "includeOwnership": True,
                 "moves": [["B" if i % 2 == 0 else "W", "pass"] for i in range(10_001)],
                 "analyzeTurns": list(range(0, 10_002, 1))}
    session = [
        json.dumps(good),
        json.dumps({**good, "id": "second", "analyzeTurns": [2]}),
        "this is not JSON",
        json.dumps({**good, "id": "unknown-field", "colour": "black"}),
        json.dumps({**good, "id": "absurd", "boardXSize": 10**9, "boardYSize": -3}),
        json.dumps({**good, "id": "turns", "analyzeTurns": [99]}),
        json.dumps(long_game),
        json.dumps({"id": "v", "action": "query_version"}),
        json.dumps({**good, "id": "last", "analyzeTurns": [2]}),
    ]
    done = subprocess.run([*ENGINE, "--jobs", "2"], input="\n".join(session) + "\n", capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    by_id: dict[str | None, list[dict[str, Any]]] = {}
    for answer in answers:
        assert set(answer) & {"turnNumber", "error", "warning", "version"}
        by_id.setdefault(answer["id"], []).append(answer)
    assert [a["turnNumber"] for a in by_id["good"]] == [0, 1, 2]
    assert {"katagoArea", "independentLife", "unconditional", "staticSafety", "score"} <= set(by_id["good"][2])
    assert by_id["second"][0]["turnNumber"] == 2
    assert by_id[None][0]["error"].startswith("not JSON")
    assert by_id["unknown-field"][0]["field"] == "colour"
    assert by_id["absurd"][0]["field"] == "boardXSize"
    assert by_id["turns"][0]["field"] == "analyzeTurns"
    warning, *turned = by_id["long"]
    assert warning["field"] == "includeOwnership"
    assert [a["turnNumber"] for a in turned] == list(range(10_002))
    assert by_id["v"][0]["version"]
    assert by_id["last"][0]["turnNumber"] == 2  # the engine answered after everything above


DOCS = Path(__file__).resolve().parent.parent / "docs" / "engine.md"


def block(marker: str) -> str:
    """The code block after `<!-- marker -->` in docs/engine.md."""
    text = DOCS.read_text(encoding="utf-8")
    after = text[text.index(f"<!-- {marker} -->"):]
    start = after.index("```")
    body = after[after.index("\n", start) + 1:]
    return body[:body.index("```")]


def without_time(line: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(line)
    answer.pop("timeMs", None)
    return answer


def with_passalive_on_path() -> dict[str, str]:
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}


def test_the_documented_session_is_real_output() -> None:
    assert block("session: in") == (DOCS.parent / "engine-session.jsonl").read_text(encoding="utf-8")
    done = subprocess.run(ENGINE, input=block("session: in"), capture_output=True, text=True, timeout=60, check=True)
    assert [without_time(line) for line in done.stdout.splitlines()] == \
        [without_time(line) for line in block("session: out").splitlines()]


def test_the_documented_python_client_runs() -> None:
    done = subprocess.run([sys.executable, "-c", block("client: python")], capture_output=True, text=True,
                          timeout=60, check=True, env=with_passalive_on_path())
    assert done.stdout == block("client: python output")


@pytest.mark.skipif(shutil.which("jq") is None, reason="jq is not installed (apt-get install jq; .ci/run does)")
def test_the_documented_jq_client_runs() -> None:
    done = subprocess.run(["sh", "-c", block("client: sh")], capture_output=True, text=True, timeout=60, check=True,
                          env=with_passalive_on_path())
    assert done.stdout == block("client: sh output")


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
GOOD = {"id": "f", "boardXSize": 5, "boardYSize": 5, "moves": [["B", "C3"], ["W", "pass"]], "analyzeTurns": [0, 2],
        "statuses": ["pass-alive", "katago-area"]}


@settings(max_examples=300, deadline=None)
@given(field=st.sampled_from(sorted(FIELDS | {"other"})), value=JSON_VALUES)
def test_any_value_of_any_field_is_answered(field: str, value: object) -> None:
    lines = list(respond(json.dumps({**GOOD, field: value}).encode()))
    assert lines
    for line in lines:
        answer = json.loads(line)
        assert answer["id"] == "f" or (field == "id" and answer["id"] in (None, value))
        assert {"turnNumber", "error", "warning"} & set(answer)


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=200))
def test_any_bytes_are_answered(data: bytes) -> None:
    for line in respond(data.replace(b"\n", b" ")):
        assert {"error", "turnNumber", "warning", "version"} & set(json.loads(line))


def test_a_rectangular_map_runs_row_by_row_from_the_top_left() -> None:
    from passalive.go.bitboard import to_padded
    from passalive.tools.engine.answers import signed_map

    # 3 wide, 2 high: black at the top right (C2), white at the bottom left (A1)
    black, white = to_padded(1 << 2, 3, 2), to_padded(1 << 3, 3, 2)
    assert json.loads(signed_map(black, white, 3, 2)) == [0, 0, 1, -1, 0, 0]


@pytest.mark.parametrize(("rules", "suicide", "counting", "komi"), [
    ("tromp-taylor", Suicide.MULTI, "tromp-taylor", 7.5),
    ("japanese", Suicide.ILLEGAL, "japanese", 6.5),
    ("chinese", Suicide.ILLEGAL, "area", 7.5),
    ("new-zealand", Suicide.MULTI, "area", 7.5),
    ({"scoring": "TERRITORY", "suicide": True, "ko": "SIMPLE"}, Suicide.MULTI, "japanese", 6.5),
])
def test_katagos_rules_set_the_replay_and_the_count(rules: object, suicide: Suicide, counting: str, komi: float) -> None:
    query = parse_query({"id": "r", "boardXSize": 9, "boardYSize": 9, "moves": [], "rules": rules})
    assert (query.suicide, query.pass_alive_suicide, query.counting, query.komi) == (suicide, suicide, counting, komi)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")
def test_an_engine_worker_killed_from_outside_stops_the_engine_with_one_error_line() -> None:
    # a worker killed while it holds the output's lock used to leave the other waiting on it, and the
    # engine ended with exit status 1 and nothing said
    from processes import children, running
    from test_engine_kernel import game_query

    query = game_query(Path(__file__).parent / "data" / "games" / "gnugo" / "gnugo-19x19-level1-seed1.sgf")
    assert query is not None
    data = b"".join((json.dumps({**query, "id": f"q{i}"}) + "\n").encode() for i in range(300))
    process = subprocess.Popen([sys.executable, "-c", "from passalive.cli import main; main()", "engine", "--jobs", "2"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None

    def feed() -> None:
        with contextlib.suppress(BrokenPipeError):
            process.stdin.write(data)
            process.stdin.close()

    threading.Thread(target=feed, daemon=True).start()
    assert process.stdout.readline()  # answering
    workers = children(process.pid)
    assert len(workers) == 2
    os.kill(workers[0], signal.SIGKILL)
    try:
        _, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        raise AssertionError("the engine did not stop within 60 s") from None
    assert process.returncode == 2
    assert err.decode().splitlines() == [
        f"error: a --jobs worker process (pid {workers[0]}) was killed by SIGKILL while answering; the answers of the "
        "queries it held are lost and the engine stops (run it again, with fewer --jobs if memory ran out)"
    ]
    assert not any(running(worker) for worker in workers)
