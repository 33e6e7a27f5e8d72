"""Fuzzing that stays: texts generated from the grammars themselves
(hypothesis' `from_lark` over grammar/diagram.lark and grammar/rulelang.lark)
and SGF records mutated byte by byte from the real games in tests/data/games,
through the command line in-process, with the checks of tests/test_fuzz.py:
exit 0, 1 or 2, a location on every exit 2, no traceback, bounded time
(issue 24 item 6).

Small by default (CI runs it on every push); PASSALIVE_FUZZ_EXAMPLES=N runs N
examples per test, as tests/test_fuzz.py does.
"""

from __future__ import annotations

import os
from datetime import timedelta
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark
from test_fuzz import assert_well_behaved, write

EXAMPLES = int(os.environ.get("PASSALIVE_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=timedelta(seconds=20),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=not os.environ.get("PASSALIVE_FUZZ_EXAMPLES"),
)

GAMES = sorted((Path(__file__).parent / "data" / "games").rglob("*.sgf"))


def grammar(name: str) -> Lark:
    return Lark(resources.files("passalive.grammar").joinpath(name).read_text(), parser="lalr")


PRINTABLE = st.characters(min_codepoint=32, max_codepoint=126)
"""What the grammar's free terminals (a title, a link, a brace line) are filled with."""


@FUZZ
@given(
    text=from_lark(grammar("diagram.lark"), alphabet=PRINTABLE),
    command=st.sampled_from((["show"], ["analyse", "--json"], ["check", "--allow-empty"], ["eyes", "--check"])),
)
def test_diagrams_generated_from_the_grammar(tmp_path, text, command):
    path = write(tmp_path / "d.txt", text + "\n")
    assert_well_behaved([*command, str(path)], path)


BOARD = "X X X .\nX . X .\nX X X .\n. . . .\n"


@FUZZ
@given(text=from_lark(grammar("rulelang.lark"), alphabet=PRINTABLE))
def test_rule_programs_generated_from_the_grammar(tmp_path, text):
    program = write(tmp_path / "p.dl", text + "\n")
    board = write(tmp_path / "b.plain", BOARD)
    assert_well_behaved(["analyse", "--program", str(program), "--max-rule-seconds", "5", str(board)], program)


@st.composite
def mutated_games(draw: st.DrawFn) -> bytes:
    """A real game record with a few byte-level mutations: a span deleted,
    repeated or moved, bytes replaced by SGF's own punctuation or by any byte."""
    data = bytearray(draw(st.sampled_from(GAMES)).read_bytes())
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        start = draw(st.integers(0, len(data) - 1))
        end = min(len(data), start + draw(st.integers(1, 40)))
        kind = draw(st.sampled_from(("delete", "repeat", "move", "punctuation", "byte")))
        if kind == "delete":
            del data[start:end]
        elif kind == "repeat":
            data[end:end] = data[start:end] * draw(st.integers(1, 50))
        elif kind == "move":
            span = data[start:end]
            del data[start:end]
            at = draw(st.integers(0, len(data)))
            data[at:at] = span
        elif kind == "punctuation":
            data[start:start] = draw(st.sampled_from((b"(", b")", b";", b"[", b"]", b"\\", b"(;", b"CA[UTF-16]", b"SZ[52]", b"AB[aa:zz]")))
        else:
            data[start] = draw(st.integers(0, 255))
    return bytes(data)


@pytest.mark.skipif(not GAMES, reason="no game records in tests/data/games")
@FUZZ
@given(data=mutated_games(), command=st.sampled_from((["show"], ["analyse", "--jsonl"], ["score"], ["show", "--variation", "2"])))
def test_mutated_real_games(tmp_path, data, command):
    path = tmp_path / "g.sgf"
    path.write_bytes(data)
    assert_well_behaved([*command, str(path)], path)
