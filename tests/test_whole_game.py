"""`analyse --all-nodes --jsonl` a game at a time: the compiled kernel's whole line, byte for byte the node by node path.

`passalive.cli.analyse.whole_game` hands a game's line to the kernel's `game_lines` (replay, summary and
JSON line of every node in one call).  It is an optimisation only: the lines must be the same bytes as the
node by node path with the kernel (`whole_game` switched off) and as the Python reference
(PASSALIVE_KERNEL=python), on every game of tests/data and on generated games (random legal moves with
captures, passes and suicides where the rules allow them); a game it cannot do whole falls back.
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import passalive.cli.analyse as analyse_module
import passalive.cli.collection as collection
import passalive.tools.summary as summary_module
from passalive.cli.analyse import command as analyse_command
from passalive.definitions import kernel
from passalive.go.board import Colour
from passalive.go.game import empty_board
from passalive.go.play import play
from passalive.go.suicide import Suicide

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(str(path.relative_to(ROOT)) for path in (ROOT / "tests" / "data" / "games").rglob("*.sgf"))

needs_kernel = pytest.mark.skipif(
    kernel.native() is None,
    reason="the compiled kernel is not built (or PASSALIVE_KERNEL=python): there is no whole-game path to compare",
)
pytestmark = needs_kernel


def run(args: list[str], path: str = "whole") -> tuple[int, str, str]:
    """(exit status, stdout, stderr) of `analyse ARGS` in this process: `whole` the game at a time path,
    `nodes` the node by node path with the kernel, `python` the node by node path on the Python reference."""
    with pytest.MonkeyPatch.context() as patch:
        if path != "whole":
            patch.setattr(analyse_module, "whole_game", lambda *given: None)
        if path == "python":  # what PASSALIVE_KERNEL=python does, in this process
            patch.setattr(kernel, "native", lambda: None)
            patch.setattr(summary_module, "native", lambda: None)
        result = CliRunner().invoke(analyse_command, args, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def taken(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Records, game by game, whether `whole_game` did the game whole (True) or fell back (False)."""
    games: list[bool] = []
    original = analyse_module.whole_game

    def counting(*given):
        done = original(*given)
        games.append(done is not None)
        return done

    monkeypatch.setattr(analyse_module, "whole_game", counting)
    return games


OPTIONS = [["--jsonl"], ["--json"], ["--jsonl", "--suicide"], ["--jsonl", "--variation", "2"],
           ["--jsonl", "--pass-alive-suicide", "all"], ["--jsonl", "--variant", "casting-out"]]


@pytest.mark.parametrize("options", OPTIONS, ids=" ".join)
def test_every_game_of_tests_data_gives_the_same_bytes_whole_and_node_by_node(options: list[str]) -> None:
    for game in GAMES:
        args = [game, "--all-nodes", "--keep-going", *options]
        whole = run(args)
        assert whole == run(args, "nodes"), game
        assert whole == run(args, "python"), game


def test_the_corpus_is_mostly_done_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    games = taken(monkeypatch)
    assert run(["tests/data/games/gnugo", "--all-nodes", "--jsonl"])[0] == 0
    assert games and all(games)  # GNU Go's self-play: no warning, no setup, every game whole


def write_game(tmp_path: Path, text: str) -> str:
    path = tmp_path / "game.sgf"
    path.write_text(text)
    return str(path)


@pytest.mark.parametrize(
    "record, warning",
    [
        ("(;SZ[5];B[cc];W[dd]AB[aa];B[bb])", None),  # setup in mid-game
        ("(;SZ[5];B[cc];W[cc];B[bb])", "occupied point"),
        ("(;SZ[5]RU[Japanese];B[ee];W[ba];B[ed];W[ab];B[aa])", "is a suicide"),  # black's a5 has no liberty
        ("(;SZ[5]RU[NZ];B[ee];W[ba];B[ed];W[ab];B[aa])", "single-stone suicide"),
        ("(;SZ[5];B[ba];W[ca];B[ab];W[db];B[bc];W[cc];B[ee];W[bb];B[cb];W[bb])", "retakes a ko"),
        ("(;SZ[3]AB[ab][ba][bb][bc][cb]AW[aa])", None),  # the root's setup leaves a chain without liberties
    ],
)
def test_a_game_the_kernel_cannot_do_whole_takes_the_node_by_node_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: str, warning: str | None
) -> None:
    path = write_game(tmp_path, record)
    games = taken(monkeypatch)
    args = [path, "--all-nodes", "--jsonl", "--allow-illegal"]
    whole = run(args)
    assert games == [False]
    assert whole == run(args, "nodes") == run(args, "python")
    if warning is not None:
        assert warning in whole[2]


def test_captures_prisoners_and_passes_are_counted_in_the_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # white's C2 (node 8) takes black's C3, a prisoner for white; black passes at node 9
    record = "(;SZ[5]RU[NZ];B[cc];W[bc];B[ee];W[cb];B[ed];W[dc];B[ec];W[cd];B[];W[ab];B[];W[ba])"
    path = write_game(tmp_path, record)
    games = taken(monkeypatch)
    args = [path, "--all-nodes", "--jsonl"]
    whole = run(args)
    assert games == [True]
    assert whole == run(args, "python")
    lines = whole[1].splitlines()
    assert '"node":8,"move":8,' in lines[8] and '"prisoners":{"black":0,"white":1},"passes":0,' in lines[8]
    assert '"node":9,"move":9,' in lines[9] and '"prisoners":{"black":0,"white":1},"passes":1,' in lines[9]


SIZES = st.sampled_from([2, 3, 4, 5, 7, 9, 19])
RULES = st.sampled_from([("", Suicide.ILLEGAL), ("RU[Japanese]", Suicide.ILLEGAL), ("RU[NZ]", Suicide.MULTI),
                         ("RU[koSIMPLEscoreAREAsui1]", Suicide.MULTI)])


@st.composite
def games(draw: st.DrawFn) -> str:
    """An SGF game of random moves that its rules allow (captures, suicides where legal), passes, a komi
    and maybe a name, a handicap's setup stones at the root, and a move now and then in a node of its own
    (a comment node)."""
    size = draw(SIZES)
    ru, rule = draw(RULES)
    board = empty_board(size)
    colours = [Colour.EMPTY] * (size * size)
    letters = "abcdefghijklmnopqrstuvwxyz"
    root = f"SZ[{size}]{ru}KM[{draw(st.sampled_from(['6.5', '0', '-3']))}]"
    if draw(st.booleans()):
        root += 'GN[a "quoted" n\\]ame é]'
    handicap = draw(st.lists(st.integers(0, size * size - 1), max_size=3, unique=True)) if size >= 5 else []
    if handicap:
        root += "AB" + "".join(f"[{letters[p % size]}{letters[p // size]}]" for p in handicap)
        for p in handicap:
            colours[p] = Colour.BLACK
    nodes = []
    colour = Colour.WHITE if handicap else Colour.BLACK
    for _ in range(draw(st.integers(0, 3 * size * size))):
        empty = [p for p, c in enumerate(colours) if c is Colour.EMPTY]
        choice = draw(st.integers(-1, len(empty) - 1)) if empty else -1
        name = "B" if colour is Colour.BLACK else "W"
        if choice >= 0 and play(colours, board.adjacency, empty[choice], colour, Colour.EMPTY, rule) is not None:
            p = empty[choice]
            nodes.append(f";{name}[{letters[p % size]}{letters[p // size]}]")
        else:
            nodes.append(f";{name}[]")  # a pass (also for a move the rules forbid)
        if draw(st.integers(0, 9)) == 0:
            nodes.append(";C[a comment]")
        colour = colour.opponent
    return f"(;{root}{''.join(nodes)})"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(record=games())
def test_generated_games_give_the_same_bytes_whole_and_node_by_node(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, record: str
) -> None:
    path = write_game(tmp_path, record)
    args = [path, "--all-nodes", "--jsonl"]
    games = taken(monkeypatch)
    whole = run(args)
    monkeypatch.undo()
    assert games == [True] or "retakes a ko" in whole[2]  # the moves are legal but for the ko rule
    assert whole == run(args, "nodes")
    assert whole == run(args, "python")


def test_with_jobs_the_lines_come_back_through_spill_files_and_none_is_left(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # a --jobs worker writes a file's whole-game lines to a spill file that the parent reads back (one read, no
    # pickling); the bytes must be the one-process run's, and every spill file and folder gone at the end
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where TemporaryDirectory makes the spill folder
    args = [*GAMES[:6], "--all-nodes", "--jsonl", "--keep-going"]
    one = run(args)
    assert one[1].count("\n") > 100  # (a broken file among them: exit status 2, the same with --jobs)
    assert run([*args, "--jobs", "2"]) == one
    assert not list(tmp_path.iterdir())


def test_a_spilled_file_result_reads_back_in_order(tmp_path: Path) -> None:
    done: collection.FileResult[object] = collection.FileResult(results=[b"line 1\nline 2\n", {"an": "entry"}, b"", b"line 3\n"])
    collection._spill(done, str(tmp_path))
    assert done.results == [collection.Spilled(14), {"an": "entry"}, collection.Spilled(0), collection.Spilled(7)]
    assert done.spilled is not None and Path(done.spilled).read_bytes() == b"line 1\nline 2\nline 3\n"
    assert list(collection._unspilled(done)) == [b"line 1\nline 2\n", {"an": "entry"}, b"", b"line 3\n"]
    assert not Path(done.spilled).exists()
    nothing: collection.FileResult[object] = collection.FileResult(results=["text"])
    collection._spill(nothing, str(tmp_path))  # no bytes: no spill file
    assert nothing.spilled is None and list(collection._unspilled(nothing)) == ["text"]
