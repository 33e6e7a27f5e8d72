"""SGF read as the format says: its structure is ASCII bytes, `CA` decodes text
values only and only when it names a character set; any tree shape is read in
time linear in its size, and a large collection in memory proportional to the
file (issue 24 items 1 and 3, issue 26 item 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run

import passalive
from passalive.grammar.sgf import _simple_text, read_games, text_encoding

POINTS = "abcdefghijklmnopqrs"


def point(i: int) -> str:
    return POINTS[i % 19] + POINTS[(i // 19) % 19]


# ------------------------------------------------------------------ CA


@pytest.mark.parametrize("charset", [b"idna", b"undefined", b"utf\x00", b"UTF-16", b"UTF-32", b"no-such-set", b"rot13", b"base64", b"cp037"])
def test_a_ca_that_is_no_usable_character_set_is_a_located_warning_and_text_is_utf8(tmp_path, capsys, charset):
    path = tmp_path / "ca.sgf"
    path.write_bytes(b"(;GM[1]FF[4]CA[" + charset + b"]SZ[9]PB[Jos\xc3\xa9]PW[Ren\xe9];B[cc])")
    code, out, err = run(["analyse", "--json", str(path)], capsys)
    assert code == 0
    assert f"{path}:1:13: warning: CA[" in err and "no character set passalive can read" in err
    (entry,) = json.loads(out)["diagrams"]
    assert entry["players"] == {"black": "José", "white": "Ren\ufffd"}  # UTF-8, the bad byte replaced
    assert entry["move"] == 1


def test_ca_decodes_text_values_only_never_the_numbers_or_the_structure():
    # GM, SZ and the points are ASCII whatever CA says: UTF-16 would misread them all
    (game,) = read_games(b"(;GM[1]CA[ISO-8859-1]SZ[9]PB[Jos\xe9]GN[caf\xe9];B[cc])", "g.sgf")
    assert (game.info.size, game.info.black, game.info.name) == (9, "José", "café")
    (game,) = read_games("(;GM[1]CA[Shift_JIS]SZ[9]PB[本因坊];B[cc])".encode("shift_jis"), "g.sgf")
    assert game.info.black == "本因坊" and not game.warnings


@pytest.mark.parametrize(
    "name, codec",
    [("UTF-8", "utf-8"), ("latin1", "iso8859-1"), ("GB2312", "gb2312"), ("Big5", "big5"), ("windows-1252", "cp1252"),
     ("idna", None), ("punycode", None), ("unicode_escape", None), ("undefined", None), ("UTF-16", None),
     ("utf-7", None), ("cp500", None), ("iso2022_jp", None), ("utf\x00", None), ("", None), ("x" * 1000, None)],
)
def test_only_ascii_compatible_character_sets_are_codecs_of_ca(name, codec):
    assert text_encoding(name) == codec


def test_simple_text_resolves_escapes_and_soft_line_breaks():
    assert _simple_text(b"a\\]b\\\\c") == b"a]b\\c"
    assert _simple_text(b"one\\\ntwo\\\r\nthree") == b"onetwothree"
    assert _simple_text(b"tab\there\r\nnew\nline") == b"tab here new line"


def test_a_latin1_record_is_located_in_its_own_line_and_column(tmp_path, capsys):
    path = tmp_path / "l.sgf"
    path.write_bytes(b"(;GM[1]CA[latin1]SZ[9]\r;C[caf\xe9] B[zz])")  # an old Mac line end; zz is off the board
    code, _, err = run(["show", str(path)], capsys)
    assert code == 2
    assert f"{path}:2:11: error: bad SGF: B[zz] is off the 9x9 board" in err


# ------------------------------------------------------------- tree shapes


def _comb(pairs: int) -> str:
    """Every node a leaf variation beside the variation that goes on: `pairs` lines, 2 x pairs nodes."""
    return "(;GM[1]SZ[19]" + "".join(f"(;B[{point(i)}])(;W[{point(i + 1)}]" for i in range(pairs)) + ")" * pairs + ")"


SHAPES = {
    # before: 38 s for 10,000 pairs (a node's siblings were counted again at every level), hours for this one
    "comb of 60,000 nodes": (_comb(30000), 30001, 30001),  # the last line goes down every fork
    "100,000 siblings": ("(;GM[1]SZ[19]" + "".join(f"(;B[{point(i)}])" for i in range(100000)) + ")", 100000, 100000),
    "10,000 nested variations": (
        "(;GM[1]SZ[19]" + "".join(f"(;W[{point(i)}]" for i in range(10000)) + ")" * 10000 + ")", 1, 1,
    ),
}


@pytest.mark.parametrize("shape", SHAPES)
def test_any_tree_shape_is_read_in_time_linear_in_its_size(tmp_path, shape):
    text, lines, variation = SHAPES[shape]
    path = tmp_path / "tree.sgf"
    path.write_text(text)
    done = subprocess.run(
        [sys.executable, "-c", "from passalive.cli import main; main()", "analyse", "--jsonl", "--allow-illegal", "--variation", str(variation), str(path)],
        capture_output=True, text=True, timeout=240,  # bounded: linear reading takes seconds on a loaded machine
    )
    assert done.returncode == 0, done.stderr[-2000:]
    (entry,) = [json.loads(line) for line in done.stdout.splitlines()]
    assert entry["variation"] == variation
    (game,) = passalive.read_games(path, variation=variation)
    assert game.variations == lines


# ----------------------------------------------------------- big collections

MEMORY = """
import sys
import passalive

def status(key):
    with open("/proc/self/status") as lines:
        return next(int(line.split()[1]) for line in lines if line.startswith(key + ":"))  # KiB

with open("/proc/self/clear_refs", "w") as peak:  # the peak so far (the imports') forgotten: VmHWM = VmRSS
    peak.write("5")
before = status("VmRSS")
games = sum(1 for game in passalive.read_games(sys.argv[1]) if game.steps)
print(games, before, status("VmHWM"))
"""

FACTOR = 4
"""The memory a collection is read in, at most, as a multiple of its size (docs/limits.md; measured: 2.2)."""


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/clear_refs").exists(), reason="measures the peak RSS as Linux shows it")
def test_a_16_mib_collection_is_read_in_memory_proportional_to_it(tmp_path):
    games = []
    size = 0
    number = 0
    while size < 16 << 20:  # commented games: about 40 bytes a node
        number += 1
        moves = "".join(f";{'BW'[i % 2]}[{point(i * 7 + number)}]C[move {i} of game {number}, a comment]" for i in range(200))
        game = f"(;GM[1]FF[4]SZ[19]KM[6.5]PB[black {number}]PW[white {number}]{moves})\n"
        games.append(game)
        size += len(game)
    path = tmp_path / "big.sgf"
    path.write_text("".join(games))
    done = subprocess.run([sys.executable, "-c", MEMORY, str(path)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    count, before, after = map(int, done.stdout.split())
    assert count == number
    grown = (after - before) * 1024
    assert grown < FACTOR * size, f"{grown / 2**20:.0f} MiB for a {size / 2**20:.0f} MiB file"
