"""`analyse --json/--jsonl` with a status map takes the bitset summary: the same entry as the general path.

Every territory convention (`--territory katago|katago-strict|independent-life|unconditional`)
with its switches, and the variants `static-safety` and `static-safety-sound`, are
written by `passalive.tools.summary` from the direct algorithm's bitsets; the
general path (`analyse()` on the Board's own chains and regions, and the status
maps of `passalive.cli.statuses.status_fields`) must give the same JSON entry,
field for field and in the same order.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from passalive import Suicide, analyse
from passalive.cli.analyse import _entry, fast_summary, summary_entry
from passalive.cli.collection import Item
from passalive.cli.statuses import StatusOptions
from passalive.definitions.area import AreaMode
from passalive.errors import UsageError
from passalive.go.board import Side
from passalive.go.diagram import Diagram
from strategies import random_position

from conftest import run

CONVENTIONS = ["healthy", "katago", "katago-strict", "independent-life", "unconditional"]
VARIANTS = [None, "casting-out", "suicide", "static-safety", "static-safety-sound"]


def _options(convention: str, a: bool, b: bool) -> StatusOptions:
    if convention in ("katago", "katago-strict"):
        return StatusOptions(AreaMode(unsafe_big_territories=a, non_pass_alive_stones=b))
    if convention == "independent-life":
        return StatusOptions(AreaMode(keep_territories=a, keep_stones=b))
    return StatusOptions()


def _general(item: Item, suicide: Suicide, variant: str | None, convention: str, options: StatusOptions) -> dict | None:
    try:
        result = analyse(item.diagram.board, variant=variant, suicide=suicide, territory=convention)
        return {**item.fields(), **_entry(item.file, item.diagram, result, False, options)}
    except UsageError:  # a variant or a map not defined for this rule or board
        return None


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_the_fast_entry_is_the_general_entry(data):
    rng = data.draw(st.randoms(use_true_random=False))
    width, height = data.draw(st.integers(1, 8)), data.draw(st.integers(1, 8))
    board = random_position(rng, width, height, suicide=data.draw(st.booleans()))
    board = replace(board, open_sides=frozenset(data.draw(st.sets(st.sampled_from(list(Side)), max_size=1))))
    suicide = data.draw(st.sampled_from(list(Suicide)))
    variant = data.draw(st.sampled_from(VARIANTS))
    convention = data.draw(st.sampled_from(CONVENTIONS))
    options = _options(convention, data.draw(st.booleans()), data.draw(st.booleans()))
    item = Item("board.txt", 1, Diagram(board))
    expected = _general(item, suicide, variant, convention, options)
    if expected is None:  # the general path refuses the variant or the map under this rule: so must the fast path,
        try:               # by refusing too or by handing the item to the general path (None), which says why
            assert fast_summary(item, suicide, variant, convention, options) is None
        except UsageError:
            pass
        return
    # every board here is a plain grid and every variant one the fast path knows: it must answer, never hand back
    summary = fast_summary(item, suicide, variant, convention, options)
    assert summary is not None
    entry = summary_entry(item, summary, suicide, False, convention, options)
    assert entry == expected
    assert list(entry) == list(expected)  # the same fields in the same order
    line = summary_entry(item, summary, suicide, True, convention, options)
    assert isinstance(line, str) and json.loads(line) == expected


def test_every_status_of_real_19x19_games_through_the_command(capsys):
    from passalive import read_games

    game = Path(__file__).parent / "data" / "games" / "finals"
    path = sorted(game.glob("*19*.sgf"))[0]
    positions = [list(g.positions())[-1] for g in read_games(path)]
    for convention in CONVENTIONS:
        for variant in ([None, "static-safety"] if convention == "healthy" else [None]):
            code, out, _ = run(["analyse", str(path), "--territory", convention, "--jsonl",
                                *(["--variant", variant] if variant else [])], capsys)
            assert code == 0
            assert len(out.splitlines()) == len(positions) > 0  # one line per game: zip below must not truncate
            for line, position in zip(out.splitlines(), positions, strict=True):
                item = Item(str(path), 1, None, position)
                expected = _general(item, position.suicide, variant, convention, StatusOptions())
                assert json.loads(line) == expected


def test_the_katago_map_of_a_plain_board_through_the_command(tmp_path, capsys):
    board = tmp_path / "b.txt"
    board.write_text("X X X X X\nX . X . X\nX X X X X\n. . . . .\n", encoding="utf-8")
    code, out, _ = run(["analyse", str(board), "--territory", "katago", "--jsonl"], capsys)
    assert code == 0
    entry = json.loads(out)
    assert entry["territory_convention"] == "katago"
    assert len(entry["area"]["black"]) == 20 and entry["area"]["white"] == []  # two eyes and a safe big territory
    assert entry["territory"]["black"] == ["B3", "D3", "A1", "B1", "C1", "D1", "E1"]
