"""goscorer's golden boards as passalive diagrams, with goscorer's expected totals beside them.

    git clone https://github.com/lightvector/goscorer /tmp/goscorer
    python bench/import_goscorer.py /tmp/goscorer [--out tests/data/scoring/goscorer]

lightvector's goscorer (MIT) keeps its test expectations as data: each
`python/expected_test_output/NAME.txt` holds a board (`x`/`o` stones, `b`/`w`
stones marked dead, `.` empty; top row first) and the maps goscorer's
territory scoring gives it (TERRITORY: `z` black's, `a` white's; SEKI; FALSE
EYES; UNSCORABLE FALSE EYES; DAME).  Its `python/test.py` asserts three more
boards' totals under both rules (`test_final_scoring`).  Only that data is
read here, never goscorer's code:

* **territory** totals, as goscorer's `final_territory_score` documents them
  (komi 0, no captures): a colour's territory points (`z`/`a` on the
  TERRITORY map, the points under dead stones included) plus the opponent's
  stones marked dead;
* **area** totals, as goscorer's `final_area_score` documents them: a point
  is a colour's when a path from it reaches a living stone of that colour and
  no path reaches a living stone of the other (dead stones removed), i.e.
  Tromp-Taylor's reach after removing the marked stones; for the three boards
  of `test_final_scoring` the asserted totals are used (and equal this).

Written: `boards.txt`, every board as a Sensei diagram titled with goscorer's
test name, its marked stones as the diagram's `{SCORE dead=...}` line (the
stones given as dead: goscorer's input, as `--dead` is passalive's; `dead=none`
when nothing is marked, so that every board says its marks are complete and
`passalive score` judges no unmarked chain dead, as goscorer never does), and
`expected.json`, one entry per board: size, the dead stones (GTP names), both
totals, and goscorer's seki, false-eye and dame points for reference.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "scoring" / "goscorer"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"
"""GTP's column letters (no I): passalive names the points of a whole board up to 25 columns so;
wider boards' points are `col:row` from the top-left point `1:1`."""

FINAL_SCORING = {
    "test_final_scoring_1": ((4, 4), (21, 22)),
    "test_final_scoring_2": ((6, 5), (21, 22)),
    "test_final_scoring_3": ((5, 8), (19, 24)),
}
"""goscorer's test.py, test_final_scoring: (territory, area) totals at komi 0 and no captures, as
asserted there (the area totals of the first board are asserted with komi 3.5: 21 and 25.5)."""


def sections(text: str) -> dict[str, list[str]]:
    """The maps of one expected-output file by heading (`BOARD`, `TERRITORY`, ...)."""
    found: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        line = line.strip()
        if re.fullmatch(r"[A-Z ]+:", line):
            current = line[:-1]
            found[current] = []
        elif line and current is not None:
            found[current].append(line)
    return found


def name(x: int, y: int, width: int, height: int) -> str:
    """The point's name on the diagram, as passalive names it."""
    if width <= len(LETTERS):
        return f"{LETTERS[x]}{height - y}"
    return f"{x + 1}:{y + 1}"


def points(rows: list[str], chars: str, height: int) -> list[str]:
    return [name(x, y, len(row), height) for y, row in enumerate(rows) for x, c in enumerate(row) if c in chars]


def area(rows: list[str]) -> tuple[int, int]:
    """Area totals by goscorer's documented rule: reach of living stones, marked stones removed."""
    height, width = len(rows), len(rows[0])
    totals = []
    for colour, other in (("x", "o"), ("o", "x")):
        reached = {(x, y) for y in range(height) for x in range(width) if rows[y][x] == colour}
        frontier = list(reached)
        while frontier:
            x, y = frontier.pop()
            for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if 0 <= nx < width and 0 <= ny < height and (nx, ny) not in reached and rows[ny][nx] != other:
                    reached.add((nx, ny))
                    frontier.append((nx, ny))
        totals.append(reached)
    black, white = totals
    return len(black - white), len(white - black)


def diagram(title: str, rows: list[str]) -> str:
    """The board as a Sensei diagram with every edge drawn, marked stones as plain stones."""
    height = len(rows)
    stones = {"x": "X", "b": "X", "o": "O", "w": "O", ".": "."}
    edge = "$$ +" + "-" * (2 * len(rows[0]) + 1) + "+"
    body = [f"$$ | {' '.join(stones[c] for c in row)} |" for row in rows]
    dead = points(rows, "bw", height)
    lines = [f"$$ {title}", edge, *body, edge]
    # always a SCORE line, `dead=none` when goscorer's test marks nothing: the line says the marks are
    # complete (every chain no proof settles is given alive, as goscorer takes every unmarked stone)
    lines.append(f"$$ {{SCORE dead={','.join(dead) or 'none'}}}")
    return "\n".join(lines) + "\n"


def entry(title: str, rows: list[str], territory: tuple[int, int], area_totals: tuple[int, int],
          maps: dict[str, list[str]]) -> dict[str, object]:
    height = len(rows)
    item: dict[str, object] = {
        "title": title,
        "size": [len(rows[0]), height],
        "dead": points(rows, "bw", height),
        "territory": {"black": territory[0], "white": territory[1]},
        "area": {"black": area_totals[0], "white": area_totals[1]},
    }
    if maps:
        item["goscorer_seki"] = points(maps["SEKI"], "xoza", height) if "SEKI" in maps else []
        item["goscorer_false_eyes"] = points(maps.get("FALSE EYES", []), "F", height)
        item["goscorer_unscorable_false_eyes"] = points(maps.get("UNSCORABLE FALSE EYES", []), "F", height)
        item["goscorer_dame"] = points(maps.get("DAME", []), "1", height)
    return item


def final_scoring_boards(test_py: str) -> list[list[str]]:
    """The three boards of test_final_scoring, in order."""
    body = test_py.split("def test_final_scoring", 1)[1].split("\ndef ", 1)[0]
    boards = re.findall(r'stonestr = """(.*?)"""', body, re.S)
    return [[r.strip() for r in b.splitlines() if r.strip()] for b in boards]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("goscorer", type=Path, help="a checkout of github.com/lightvector/goscorer")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    python = args.goscorer / "python"
    test_py = (python / "test.py").read_text(encoding="utf-8")
    order = re.findall(r"cat expected_test_output/(\w+)\.txt", (python / "print_all_test_output.sh").read_text())
    texts, items = [], []
    for (title, (territory, asserted)), rows in zip(FINAL_SCORING.items(), final_scoring_boards(test_py)):
        if area(rows) != asserted:
            print(f"{title}: the area rule gives {area(rows)}, goscorer's test asserts {asserted}", file=sys.stderr)
            return 1
        texts.append(diagram(title, rows))
        items.append(entry(title, rows, territory, asserted, {}))
    files = sorted(p.stem for p in (python / "expected_test_output").glob("*.txt"))
    for title in order + [f for f in files if f not in order]:
        maps = sections((python / "expected_test_output" / f"{title}.txt").read_text(encoding="utf-8"))
        rows = maps["BOARD"]
        terr = maps["TERRITORY"]
        black = sum(r.count("z") for r in terr) + sum(r.count("w") for r in rows)
        white = sum(r.count("a") for r in terr) + sum(r.count("b") for r in rows)
        texts.append(diagram(title, rows))
        items.append(entry(title, rows, (black, white), area(rows), maps))
    args.out.mkdir(parents=True, exist_ok=True)
    header = (
        "lightvector's goscorer (https://github.com/lightvector/goscorer, MIT licence: see LICENSE.txt here):\n"
        "the boards of its Python tests, made by bench/import_goscorer.py.  Marked-dead stones are the\n"
        "{SCORE dead=...} lines (given, as goscorer's tests give them); goscorer's totals are in expected.json.\n\n"
    )
    (args.out / "boards.txt").write_text(header + "\n".join(texts), encoding="utf-8")
    (args.out / "expected.json").write_text(json.dumps({
        "source": "https://github.com/lightvector/goscorer, python/expected_test_output/*.txt and "
                  "python/test.py test_final_scoring (MIT licence)",
        "komi": 0,
        "captures": {"black": 0, "white": 0},
        "fields": {
            "territory": "goscorer's territory total: territory points (TERRITORY map) + the opponent's marked-dead stones",
            "area": "goscorer's area total: points that reach only that colour's living stones, marked stones removed",
            "dead": "the stones goscorer's test marks dead (b/w), GTP names of the diagram",
            "goscorer_seki": "points goscorer puts in a seki group (stones and the spaces they surround)",
            "goscorer_false_eyes": "goscorer's false eyes",
            "goscorer_unscorable_false_eyes": "false eyes goscorer does not count as territory",
            "goscorer_dame": "points goscorer treats as dame",
        },
        "boards": items,
    }, indent=1) + "\n", encoding="utf-8")
    print(f"{len(items)} boards written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
