"""How `passalive score` fares on the scoring acceptance corpora of issue 20.

    .venv/bin/python bench/score_acceptance.py [--corpus gnugo,human,goscorer] [--limit N] [--jobs N]
                                               [--given-dead] [--json] [--details] [--passalive PATH]

Drives the command line as a user would, `passalive score FILES... --jsonl
--keep-going` (one JSON line per game: the final position of its main line),
and reads the keys the issue names for `score --json`: `result`,
`margin`, `margin_range` [lo, hi], `result_proven`, `finished`, `dead`,
`seki` (and per chain `status`/`evidence`).  A key the scorer does not
write yet is counted as absent and its rows print `n/a`, so the same script
measures the scorer before and after the change.  Nothing here is tuned to
the scorer: the expected results are the corpora's own.

The corpora (tests/data/scoring/, each with a README):

* `gnugo`: GNU Go self-play to two passes (bench/make_score_corpus.py);
  expected: GNU Go's `final_score`, and its `final_status_list dead`.
* `human`: counted OGS games between people; expected: the agreed `RE`.
  The games whose record marks dead stones (`TB`/`TW`) are counted apart.
* `goscorer`: lightvector's golden boards, scored with their marked dead
  stones under `--rules japanese` and `--rules area`; expected: goscorer's
  territory and area totals (komi 0, no captures).

`--given-dead` adds, for the GNU Go games, the counting alone: each game
scored with GNU Go's own dead stones given (`--dead`), against its
`final_score`.

Rows (shares of the games scored; `n/a` where the scorer gives no such key):
result equal (winner and margin), winner equal, expected result inside
`margin_range`, `result_proven`, proven but different (must be 0),
`finished`, dead stones equal GNU Go's list; and for goscorer the boards
whose totals equal, per rule.  `--details` lists the games that differ.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "scoring"
CORPORA = ("gnugo", "human", "goscorer")
NAMED = "the record counts"
"""How `passalive score` begins naming the chains that account for a difference from the record's
`RE` (`record.explanation` in its JSON); other explanations (the record's margin lies outside every
ending, or no ending of one or two chains gives it) do not count as named."""
CHUNK = 200
"""Files per `passalive score` run (a command line stays short)."""


# ---- results as numbers


def margin_of(result: object) -> float | None:
    """Black's margin of a result text (`B+3.5` -> 3.5, `W+0.5` -> -0.5, `0`/`Draw`/`Jigo` -> 0);
    None for anything else (a resignation, no result)."""
    if not isinstance(result, str):
        return None
    text = result.strip()
    if text.upper() in ("0", "DRAW", "JIGO", "B+0", "W+0"):
        return 0.0
    match = re.fullmatch(r"([BW])\+([0-9]+(?:\.[0-9]+)?)", text, re.I)
    if not match:
        return None
    value = float(match.group(2))
    return value if match.group(1).upper() == "B" else -value


def winner(margin: float) -> str:
    return "B" if margin > 0 else "W" if margin < 0 else "0"


def stones(value: object) -> set[str]:
    """Every point name in a `dead`/`seki` value, however it is nested (a list of names, lists of
    chains, a dict by colour, dicts with `stones`/`points`)."""
    found: set[str] = set()
    if isinstance(value, str):
        found.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in ("black", "white", "stones", "points", "chains", "dead", "seki"):
                found |= stones(item)
    elif isinstance(value, list):
        for item in value:
            found |= stones(item)
    return found


# ---- running the command


@dataclass
class Runner:
    """How `passalive score` is run: the program, extra options, the seconds it took in all."""

    program: str
    jobs: int = 1
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)

    def score(self, files: Sequence[Path], options: Sequence[str] = ()) -> Iterator[dict[str, Any]]:
        """One JSON object per scored position of `files` (`--jsonl --keep-going`), chunk by chunk."""
        for start in range(0, len(files), CHUNK):
            chunk = [str(f) for f in files[start:start + CHUNK]]
            argv = [self.program, "score", *chunk, "--jsonl", "--keep-going", *options]
            if self.jobs > 1:
                argv += ["--jobs", str(self.jobs)]
            t0 = time.monotonic()
            done = subprocess.run(argv, capture_output=True, text=True)
            self.seconds += time.monotonic() - t0
            self.errors += [line for line in done.stderr.splitlines() if "error" in line]
            for line in done.stdout.splitlines():
                if line.strip():
                    yield json.loads(line)
            if len(files) > 1:
                print(f"  scored {min(start + CHUNK, len(files))}/{len(files)}", file=sys.stderr, flush=True)


def by_file(rows: Iterable[dict[str, Any]], base: Path) -> dict[str, dict[str, Any]]:
    """The scored rows keyed by their file relative to `base` (the index's names)."""
    keyed = {}
    for row in rows:
        path = Path(str(row.get("file", "")))
        try:
            name = str(path.resolve().relative_to(base.resolve()))
        except ValueError:
            name = str(path)
        keyed[name] = row
    return keyed


# ---- the measures


@dataclass
class Tally:
    """Counts of one row of the table: `hits` of `total` (total 0 with `absent`: the key is missing)."""

    hits: int = 0
    total: int = 0
    absent: int = 0

    def add(self, ok: bool | None) -> None:
        """Count one game: True/False, or None when the scorer did not say."""
        if ok is None:
            self.absent += 1
        else:
            self.total += 1
            self.hits += ok

    def text(self) -> str:
        if self.total == 0:
            return "n/a"
        return f"{self.hits}/{self.total} ({100 * self.hits / self.total:.1f} %)"

    def data(self) -> dict[str, int | float | None]:
        return {"hits": self.hits, "total": self.total, "absent": self.absent,
                "share": self.hits / self.total if self.total else None}


@dataclass
class GameMeasures:
    """The acceptance rows of one group of games."""

    name: str
    games: int = 0
    missing: int = 0
    result_equal: Tally = field(default_factory=Tally)
    winner_equal: Tally = field(default_factory=Tally)
    inside_range: Tally = field(default_factory=Tally)
    proven: Tally = field(default_factory=Tally)
    proven_wrong: Tally = field(default_factory=Tally)
    finished: Tally = field(default_factory=Tally)
    dead_equal: Tally = field(default_factory=Tally)
    named: Tally = field(default_factory=Tally)
    differ: list[str] = field(default_factory=list)

    def add(self, name: str, expected: float, row: dict[str, Any] | None, dead: set[str] | None) -> None:
        """One game: its expected margin, its scored row (None: not scored), GNU Go's dead list."""
        self.games += 1
        if row is None:
            self.missing += 1
            self.differ.append(f"{name}: not scored")
            for tally in (self.result_equal, self.winner_equal):
                tally.add(False)
            return
        got = margin_of(row.get("result"))
        if got is None and isinstance(row.get("margin"), (int, float)):
            got = float(row["margin"])
        equal = got is not None and math.isclose(got, expected, abs_tol=1e-9)
        self.result_equal.add(equal)
        self.winner_equal.add(got is not None and winner(got) == winner(expected))
        span = row.get("margin_range")
        if isinstance(span, list) and len(span) == 2 and all(isinstance(v, (int, float)) for v in span):
            self.inside_range.add(span[0] - 1e-9 <= expected <= span[1] + 1e-9)
        else:
            self.inside_range.add(None)
        proven = row.get("result_proven")
        self.proven.add(bool(proven) if isinstance(proven, bool) else None)
        self.proven_wrong.add((proven is True and not equal) if isinstance(proven, bool) else None)
        done = row.get("finished")
        self.finished.add(bool(done) if isinstance(done, bool) else None)
        if dead is not None:
            self.dead_equal.add(stones(row.get("dead")) == dead if "dead" in row else None)
        if not equal:
            record = row.get("record")
            self.named.add(NAMED in str(record.get("explanation", "")) if isinstance(record, dict) else None)
            flag = " PROVEN" if proven is True else ""
            self.differ.append(f"{name}: expected {_result(expected)}, passalive {row.get('result')}{flag}")

    def rows(self) -> list[tuple[str, str]]:
        out = [
            ("games scored", f"{self.games - self.missing}/{self.games}"),
            ("result equal (winner and margin)", self.result_equal.text()),
            ("winner equal", self.winner_equal.text()),
            ("expected result inside margin_range", self.inside_range.text()),
            ("result_proven", self.proven.text()),
            ("proven but different (must be 0)", str(self.proven_wrong.hits) if self.proven_wrong.total else "n/a"),
            ("finished", self.finished.text()),
            ("results that differ with the chains named", self.named.text()),
        ]
        if self.dead_equal.total or self.dead_equal.absent:
            out.append(("dead stones equal GNU Go's list", self.dead_equal.text()))
        return out

    def data(self) -> dict[str, Any]:
        return {
            "games": self.games, "missing": self.missing,
            **{key: getattr(self, key).data() for key in (
                "result_equal", "winner_equal", "inside_range", "proven", "proven_wrong", "finished", "dead_equal", "named")},
            "differ": self.differ,
        }


def _result(margin: float) -> str:
    return "0" if margin == 0 else f"{winner(margin)}+{abs(margin):g}"


def _index(folder: Path, limit: int | None) -> list[dict[str, Any]]:
    games: list[dict[str, Any]] = json.loads((folder / "index.json").read_text(encoding="utf-8"))["games"]
    return games[:limit] if limit else games


def _groups(games: list[dict[str, Any]], prefix: str) -> dict[str, list[dict[str, Any]]]:
    """All games, then the games of each size."""
    groups = {f"{prefix}, all": games}
    for size in sorted({int(g["size"]) for g in games}):
        groups[f"{prefix}, {size}x{size}"] = [g for g in games if int(g["size"]) == size]
    return groups


def measure_gnugo(runner: Runner, limit: int | None) -> list[GameMeasures]:
    folder = DATA / "gnugo"
    games = _index(folder, limit)
    scored = by_file(runner.score([folder / g["file"] for g in games]), folder)
    groups = _groups(games, "GNU Go self-play")
    groups["GNU Go self-play, Japanese rules"] = [g for g in games if g["rules"] == "Japanese"]
    groups["GNU Go self-play, Chinese rules"] = [g for g in games if g["rules"] == "Chinese"]
    groups["GNU Go self-play, --capture-all-dead"] = [g for g in games if g["capture_all_dead"]]
    out = []
    for label, group in groups.items():
        m = GameMeasures(label)
        for g in group:
            expected = margin_of(g["result"])
            assert expected is not None, g
            m.add(g["file"], expected, scored.get(g["file"]), set(g["dead"]))
        out.append(m)
    return out


def measure_given_dead(runner: Runner, limit: int | None) -> GameMeasures:
    """The counting alone: each GNU Go game with dead stones scored with `--dead` GNU Go's list (one
    run per game), the others as scored untold; expected: GNU Go's final_score."""
    folder = DATA / "gnugo"
    games = _index(folder, limit)
    untold = by_file(runner.score([folder / g["file"] for g in games if not g["dead"]]), folder)
    m = GameMeasures("GNU Go self-play, GNU Go's dead stones given (--dead)")
    for g in games:
        if g["dead"]:
            rows = list(runner.score([folder / g["file"]], ["--dead", ",".join(g["dead"])]))
            row = rows[0] if rows else None
        else:
            row = untold.get(g["file"])
        expected = margin_of(g["result"])
        assert expected is not None, g
        m.add(g["file"], expected, row, None)
    return m


def measure_human(runner: Runner, limit: int | None) -> list[GameMeasures]:
    folder = DATA / "human"
    games = _index(folder, limit)
    scored = by_file(runner.score([folder / g["file"] for g in games]), folder)
    groups = _groups(games, "OGS games")
    groups["OGS games marked TB/TW"] = [g for g in games if g.get("marked_dead")]
    out = []
    for label, group in groups.items():
        m = GameMeasures(label)
        for g in group:
            expected = margin_of(g["result"])
            assert expected is not None, g
            m.add(g["file"], expected, scored.get(g["file"]), None)
        out.append(m)
    return out


@dataclass
class BoardMeasures:
    """goscorer's boards: totals equal per rule."""

    boards: int = 0
    equal: dict[str, Tally] = field(default_factory=lambda: {"territory": Tally(), "area": Tally(), "both": Tally()})
    differ: list[str] = field(default_factory=list)

    def rows(self) -> list[tuple[str, str]]:
        return [
            ("boards", str(self.boards)),
            ("totals equal, territory (--rules japanese)", self.equal["territory"].text()),
            ("totals equal, area (--rules area)", self.equal["area"].text()),
            ("totals equal under both", self.equal["both"].text()),
        ]

    def data(self) -> dict[str, Any]:
        return {"boards": self.boards, **{k: t.data() for k, t in self.equal.items()}, "differ": self.differ}


def measure_goscorer(runner: Runner, limit: int | None) -> BoardMeasures:
    folder = DATA / "goscorer"
    boards: list[dict[str, Any]] = json.loads((folder / "expected.json").read_text(encoding="utf-8"))["boards"]
    boards = boards[:limit] if limit else boards
    got = {}
    for rule, option in (("territory", "japanese"), ("area", "area")):
        rows = list(runner.score([folder / "boards.txt"], ["--rules", option]))
        got[rule] = {str(r.get("title")): r for r in rows}
    m = BoardMeasures(len(boards))
    for board in boards:
        title = board["title"]
        verdicts = []
        for rule in ("territory", "area"):
            row = got[rule].get(title)
            score = row.get("score") if row else None
            expected = board[rule]
            ok = isinstance(score, dict) and score.get("black") == expected["black"] and score.get("white") == expected["white"]
            m.equal[rule].add(ok)
            verdicts.append(ok)
            if not ok:
                shown = f"{score.get('black')}/{score.get('white')}" if isinstance(score, dict) else "not scored"
                m.differ.append(f"{title} ({rule}): goscorer {expected['black']}/{expected['white']}, passalive {shown}")
        m.equal["both"].add(all(verdicts))
    return m


# ---- the report


def table(sections: list[tuple[str, list[tuple[str, str]]]]) -> str:
    width = max(len(label) for _, rows in sections for label, _ in rows)
    lines = []
    for title, rows in sections:
        lines.append(title)
        lines += [f"  {label:<{width}}  {value}" for label, value in rows]
    return "\n".join(lines)


def default_program() -> str:
    beside = Path(sys.executable).parent / "passalive"
    return str(beside) if beside.exists() else (shutil.which("passalive") or "passalive")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default=",".join(CORPORA), help="which corpora, e.g. gnugo,goscorer")
    parser.add_argument("--limit", type=int, default=None, help="only the first N games or boards of each corpus")
    parser.add_argument("--jobs", type=int, default=1, help="passed to passalive score --jobs")
    parser.add_argument("--json", action="store_true", help="print the measures as one JSON document")
    parser.add_argument("--details", action="store_true", help="list every game or board that differs")
    parser.add_argument("--given-dead", action="store_true",
                        help="also score the GNU Go games with GNU Go's dead stones given (--dead): the counting alone")
    parser.add_argument("--passalive", default=default_program(), help="the passalive program to run")
    args = parser.parse_args(argv)
    chosen = [c.strip() for c in args.corpus.split(",") if c.strip()]
    unknown = [c for c in chosen if c not in CORPORA]
    if unknown:
        parser.error(f"unknown corpus {', '.join(unknown)}; choose from {', '.join(CORPORA)}")
    runner = Runner(args.passalive, args.jobs)
    sections: list[tuple[str, list[tuple[str, str]]]] = []
    data: dict[str, Any] = {}
    details: list[str] = []
    for corpus in chosen:
        print(f"{corpus}:", file=sys.stderr, flush=True)
        if corpus == "goscorer":
            board_measures = measure_goscorer(runner, args.limit)
            sections.append(("goscorer's golden boards (komi 0, marked dead stones given)", board_measures.rows()))
            data[corpus] = board_measures.data()
            details += [f"goscorer: {line}" for line in board_measures.differ]
            continue
        measures = measure_gnugo(runner, args.limit) if corpus == "gnugo" else measure_human(runner, args.limit)
        if corpus == "gnugo" and args.given_dead:
            measures.append(measure_given_dead(runner, args.limit))
        data[corpus] = {m.name: m.data() for m in measures}
        for m in measures:
            sections.append((m.name, m.rows()))
        details += [f"{corpus}: {line}" for line in measures[0].differ]
        if corpus == "gnugo" and args.given_dead:
            details += [f"gnugo, dead given: {line}" for line in measures[-1].differ]
    data["passalive_seconds"] = round(runner.seconds, 1)
    data["errors"] = runner.errors
    if args.json:
        print(json.dumps(data, indent=1))
        return 0
    print(table(sections))
    print(f"passalive score ran {runner.seconds:.0f} s ({args.passalive})")
    if runner.errors:
        print(f"{len(runner.errors)} inputs not scored, e.g. {runner.errors[0]}")
    if args.details:
        print("\n".join(["", "differences:", *details]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
