"""The result of a finished game: the score from the chains' statuses, how far it is proved, and the record compared.

`passalive.tools.settle` gives every chain a status with its evidence;
`passalive.tools.score` counts a position once the dead stones are known.
This module puts them together for a game:

* **the result** counts the position with every chain that is dead, or
  unsettled and judged dead, removed (the judgement is labelled as such);
* **the margin range** is the least and the greatest margin over the ways the
  chains that are not proved can end (each alive or dead).  With at most
  `EXACT_RANGE` such chains every combination is counted; with more, the two
  extremes (every unproved black chain dead and every white one alive, and
  the reverse), which bound every combination when a chain's death never
  raises its owner's count (docs/eyes-and-scoring.md says when that holds;
  `GameResult.exact_range` says which was done);
* **result proven** when every ending in the range has the same winner (or
  all are the same draw); **finished** when no chain is unsettled;
* **the record compared**: a numeric `RE` agrees or not, and when not, the
  chains whose other ending gives the record's margin are named.

A record's komi as Fox and Tygem write it (×100: `KM[650]` for 6.5, and
`KM[375]` for 3.75 stones, Chinese counting's 7.5 points) is read with a
warning by `read_komi`, which only a record's `KM` goes through (a komi the
user gives is taken as it is); a record's komi that is still implausible, or a board with the stones of one colour only
that are not all proven alive, is a warning and no result.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.suicide import Suicide
from passalive.tools.score import Score, score
from passalive.tools.settle import ChainStatus, Judge, SearchBudget, Settlement, Status, settle

EXACT_RANGE = 4
"""Up to this many unproved chains, the margin range counts every way they can end."""

EXPLAIN_LIMIT = 40
"""To explain a record's result that differs: the most chains whose other ending is counted
(the smallest first), and the most pairs of them checked."""

PLAUSIBLE_KOMI = 100.0
"""A komi beyond this many points (either way) is not a komi of a real game."""

_MarginOf = Callable[[frozenset[int]], float]


@dataclass(frozen=True)
class Komi:
    """The komi the scorer uses, and what was wrong with the value written."""

    points: float
    warning: str | None = None
    plausible: bool = True


def read_komi(written: float | None) -> Komi:
    """The komi from a record's `KM` (None: not written, no komi).

    Fox and Tygem write komi times 100: a multiple of 25 from 100 up is read
    so (a quarter or three quarters then being stones of Chinese counting,
    twice as many points)."""
    if written is None:
        return Komi(0.0)
    if abs(written) >= 100 and (written * 4) % 100 == 0:
        stones = written / 100
        if (stones * 4) % 2:  # .25 or .75: half a point in stones, Chinese counting's komi
            points = stones * 2
            return Komi(points, f"KM[{written:g}] read as {stones:g} stones written x100 (Fox, Tygem), "
                                f"{points:g} points")
        return Komi(stones, f"KM[{written:g}] read as {stones:g} written x100 (Fox, Tygem)")
    if abs(written) > PLAUSIBLE_KOMI:
        return Komi(written, f"KM[{written:g}] is not a plausible komi: no result is given", plausible=False)
    return Komi(written)


_RESULT = re.compile(r"^\s*([BW])\s*\+\s*([0-9]+(?:\.[0-9]+)?)\s*$", re.IGNORECASE)


def recorded_margin(result: str | None) -> float | None:
    """Black's margin a record's `RE` states (`B+3.5` is 3.5, `W+2` is -2, `0`/`Draw`/`Jigo` 0),
    or None when it is not a count (resignation, time, forfeit, unknown)."""
    if result is None:
        return None
    text = result.strip()
    if text.lower() in ("0", "draw", "jigo", "b+0", "w+0"):
        return 0.0
    found = _RESULT.match(text)
    if found is None:
        return None
    value = float(found.group(2))
    return value if found.group(1).upper() == "B" else -value


def result_text(margin: float) -> str:
    """A margin as SGF's RE writes it: `B+3.5`, `W+35.5`, or `0` for a draw."""
    if margin == 0:
        return "0"
    return f"{'B' if margin > 0 else 'W'}+{abs(margin):g}"


@dataclass(frozen=True)
class RecordCheck:
    """The record's result beside passalive's.

    `margin` is the record's numeric margin (None when `RE` is not a count);
    `agrees` whether passalive's result equals it; `inside_range` whether some
    ending of the unproved chains gives it; `explanation` what accounts for a
    difference."""

    recorded: str
    margin: float | None
    agrees: bool | None
    inside_range: bool | None
    explanation: str


@dataclass(frozen=True)
class GameResult:
    """A finished game's score with its proof (see the module docstring).

    `score` counts the judged ending; `margin` is black's points minus white's
    (komi and handicap included), None when no result can be given (see
    `warnings`); `margin_range` the least and greatest margin over the
    endings of the unproved chains.
    """

    settlement: Settlement
    score: Score
    rules: str
    komi: float
    handicap: int
    handicap_bonus: int
    """The points white received for the handicap stones (in `margin`)."""
    margin: float | None
    margin_range: tuple[float, float]
    exact_range: bool
    result_proven: bool
    warnings: tuple[str, ...] = ()
    record: RecordCheck | None = None

    @property
    def result(self) -> str | None:
        """The result as SGF's RE writes it, or None when none can be given."""
        return None if self.margin is None else result_text(self.margin)

    @property
    def finished(self) -> bool:
        """Whether no chain is unsettled."""
        return self.settlement.finished

    @property
    def notes(self) -> tuple[str, ...]:
        """What the settlement noted: marks or words that contradict a proof."""
        return self.settlement.notes

    @property
    def board(self) -> Board:
        """The position scored."""
        return self.settlement.board

    def chains_with(self, status: Status) -> tuple[ChainStatus, ...]:
        """The chains whose status is `status`."""
        return tuple(c for c in self.settlement.chains if c.status is status)

    @property
    def seki(self) -> tuple[ChainStatus, ...]:
        """The chains the result counts in seki: settled so, or unsettled and judged so."""
        return tuple(c for c in self.settlement.chains if c.ends_in_seki)

    @property
    def dead(self) -> tuple[ChainStatus, ...]:
        """The chains the result removes: settled dead, or unsettled and judged dead."""
        return tuple(c for c in self.settlement.chains if c.ends_dead)


def handicap_points(handicap: int, rules: str) -> int:
    """The points white receives for black's handicap stones when nothing else says: one per stone from two
    up under area counting (as Chinese rules give them), none under territory counting or Tromp-Taylor."""
    return handicap_bonus(handicap, "N" if rules == "area" else "0")


def handicap_bonus(stones: int, rule: str) -> int:
    """The points white receives for `stones` handicap stones under a white handicap bonus rule (`N`, `N-1`
    or `0`, KataGo's `whiteHandicapBonus`); fewer than two stones is no handicap."""
    if stones < 2:
        return 0
    return stones if rule == "N" else stones - 1 if rule == "N-1" else 0


def _margin(points: Mapping[Colour, int], komi: float, bonus: int) -> float:
    return points[Colour.BLACK] - points[Colour.WHITE] - komi - bonus


def score_game(
    board: Board,
    *,
    komi: float | Komi | None = 0.0,
    handicap: int = 0,
    handicap_bonus: int | None = None,
    captures: Mapping[Colour, int] | None = None,
    rules: str = "japanese",
    strict_seki: bool = False,
    dead: Iterable[int] = (),
    alive: Iterable[int] = (),
    marked: Iterable[int] = (),
    territory_marks: Mapping[Colour, Iterable[int]] | None = None,
    suicide: Suicide | None = None,
    recorded: str | None = None,
    budget: SearchBudget = SearchBudget(),
    judge: Judge | None = None,
    complete: str | None = None,
) -> GameResult:
    """Score a game's final position: every chain's status, the result, its range and proof, the record compared.

    `komi` is white's compensation in points, taken as given (a user's
    option, GTP's `komi`, an engine query's field; None: no komi); a record's `KM` is read
    first with `read_komi` (Fox's and Tygem's komi x100, an implausible
    value) and its `Komi` passed here, so that only a record's komi gets that
    reading and its warnings.  `handicap` is black's handicap stones and
    `handicap_bonus` the points white receives for them (None: one per stone
    from two up under area counting, as Chinese rules give them, see
    `handicap_points`; the query engine passes KataGo's `whiteHandicapBonus`
    of the query); `captures` the stones each side took (territory
    counting adds them); `dead`/`alive` the user's word, `marked` the
    record's dead-stone marks and `territory_marks` its territory marks
    (`TB`/`TW`: what the players agreed is territory, kept even where the
    seki or false-eye heuristics would discount it); `recorded` the
    record's `RE`; `complete` who
    named every dead stone (`passalive.tools.settle.settle`).  Under
    Tromp-Taylor rules nothing is removed: the position counts as it stands.
    """
    rule = suicide if suicide is not None else Suicide.ILLEGAL
    settlement = settle(board, suicide=rule, dead=dead, alive=alive, marked=marked, budget=budget, judge=judge,
                        complete=complete)
    read = komi if isinstance(komi, Komi) else Komi(float(komi or 0.0))
    warnings = [read.warning] if read.warning else []
    stones = {c: sum(1 for colour in board.colours if colour is c) for c in STONE_COLOURS}

    recorded_territory = {c: frozenset(points) for c, points in (territory_marks or {}).items()}

    def count(removed: Iterable[int]) -> Score:
        return score(board, sorted(removed) if rules != "tromp-taylor" else [], rules=rules,
                     strict_seki=strict_seki, captures=captures, recorded=recorded_territory)

    bonus = handicap_points(handicap, rules) if handicap_bonus is None else handicap_bonus

    def margin_of(removed: frozenset[int]) -> float:
        return _margin(count(removed).points, read.points, bonus)

    judged = count(settlement.dead_points())
    settlement = _with_seki(settlement, judged)
    margin = _margin(judged.points, read.points, bonus)
    unproved = [c for c in settlement.chains if not c.proven] if rules != "tromp-taylor" else []
    proved_dead = frozenset(p for c in settlement.chains if c.proven and c.status is Status.DEAD for p in c.stones)
    margins = [margin, *(margin_of(proved_dead | ending) for ending in _endings(unproved))]
    low, high = min(margins), max(margins)
    proven = low > 0 or high < 0 or low == high == 0
    if rules == "tromp-taylor" and settlement.dead_points():
        warnings.append("Tromp-Taylor counts the position as it stands: the chains called dead here stay in the count")
    settled_alone = _alone_and_alive(stones, settlement)
    if not all(stones.values()) and not settled_alone:
        missing = [c.value for c in STONE_COLOURS if not stones[c]]
        warnings.append(f"no {' or '.join(missing)} stone on the board, and not every stone proven alive: "
                        "nothing to score, no result is given")
    given = bool(read.plausible and (all(stones.values()) or settled_alone))
    record = None
    if recorded is not None:
        record = _compare(recorded, margin if given else None, (low, high), unproved, proved_dead, board, margin_of)
    return GameResult(
        settlement=settlement,
        score=judged,
        rules=rules,
        komi=read.points,
        handicap=handicap,
        handicap_bonus=bonus,
        margin=margin if given else None,
        margin_range=(low, high),
        exact_range=len(unproved) <= EXACT_RANGE,
        result_proven=proven and given,
        warnings=tuple(warnings),
        record=record,
    )


def _alone_and_alive(stones: Mapping[Colour, int], settlement: Settlement) -> bool:
    """Whether a board with the stones of one colour only still has a result to give: when every chain on it
    is proven alive (a game won by capturing everything, as GNU Go's `--capture-all-dead` plays), the count
    is settled; a lone stone on an empty board, or unproven stones, are not a finished game."""
    if not any(stones.values()):
        return False
    return all(c.proven and c.status is Status.ALIVE for c in settlement.chains)


def _endings(unproved: Sequence[ChainStatus]) -> list[frozenset[int]]:
    """The sets of unproved stones removed in the endings the range counts (see the module docstring)."""
    if len(unproved) <= EXACT_RANGE:
        return [
            frozenset(p for chain, gone in zip(unproved, choice) if gone for p in chain.stones)
            for choice in itertools.product((False, True), repeat=len(unproved))
        ]
    extremes = []
    for loser in STONE_COLOURS:
        extremes.append(frozenset(p for chain in unproved if chain.colour is loser for p in chain.stones))
    return extremes


def _with_seki(settlement: Settlement, counted: Score) -> Settlement:
    """Living chains next to the seki regions the scorer's eye count finds get the status seki
    (their judgement, if unsettled; a proved status stays, see `Settlement.in_seki`)."""
    board = settlement.board
    seki_points = counted.seki_points
    if not seki_points:
        return settlement
    for i, chain in enumerate(settlement.chains):
        if chain.ends_dead or chain.ends_in_seki:
            continue
        if any(q in seki_points for p in chain.stones for q in board.adjacency[p]):
            settlement = settlement.in_seki(i, "in seki by the scorer's eye count (heuristic): its eyes are not territory")
    return settlement


def _compare(
    recorded: str,
    margin: float | None,
    bounds: tuple[float, float],
    unproved: Sequence[ChainStatus],
    proved_dead: frozenset[int],
    board: Board,
    margin_of: _MarginOf,
) -> RecordCheck:
    """The record's result against passalive's, with the chains that account for a difference."""
    theirs = recorded_margin(recorded)
    if theirs is None:
        return RecordCheck(recorded, None, None, None, f"RE[{recorded}] is not a count")
    if margin is None:
        return RecordCheck(recorded, theirs, None, None, "passalive gives no result for this position")
    if theirs == margin:
        return RecordCheck(recorded, theirs, True, True, f"passalive's result equals RE[{recorded}]")
    inside = bounds[0] <= theirs <= bounds[1]
    found = _accounting(unproved, proved_dead, margin, theirs, margin_of)
    if found:
        parts = []
        for chain in found:
            says = "alive" if chain.ends_dead else "dead"
            if chain.status is Status.UNSETTLED:
                ours = f"finds unsettled and judged {'dead' if chain.ends_dead else 'alive'}"
            else:
                ours = f"has as {chain.status.value} ({chain.evidence.value})"
            parts.append(f"the record counts {' '.join(board.names(chain.stones))} as {says}; passalive {ours}")
        return RecordCheck(recorded, theirs, False, inside, "; ".join(parts))
    if not inside:
        why = (f"RE[{recorded}] lies outside every ending passalive allows ({result_text(bounds[0])} to "
               f"{result_text(bounds[1])}): the counting differs (rules, komi, prisoners) or the record "
               "contradicts a proof")
    else:
        why = f"RE[{recorded}] lies within the range, but no other ending of one or two chains gives it"
    return RecordCheck(recorded, theirs, False, inside, why)


def _accounting(
    unproved: Sequence[ChainStatus], proved_dead: frozenset[int], margin: float, theirs: float, margin_of: _MarginOf
) -> list[ChainStatus] | None:
    """One unproved chain, or two, whose other ending gives the record's margin `theirs` (None if none is found).

    Each of the `EXPLAIN_LIMIT` smallest chains is counted with its other
    ending; then the pairs whose two changes add up to the difference are
    counted together (at most `EXPLAIN_LIMIT` of them)."""
    judged_dead = frozenset(p for c in unproved if c.ends_dead for p in c.stones)

    def flipped_margin(flipped: Sequence[ChainStatus]) -> float:
        removed = set(judged_dead)
        for chain in flipped:
            removed ^= chain.stones
        return margin_of(proved_dead | removed)

    candidates = sorted(unproved, key=lambda c: len(c.stones))[:EXPLAIN_LIMIT]
    moves = [flipped_margin([chain]) - margin for chain in candidates]
    for chain, move in zip(candidates, moves):
        if margin + move == theirs:
            return [chain]
    by_move: dict[float, list[int]] = {}
    for i, move in enumerate(moves):
        by_move.setdefault(move, []).append(i)
    pairs = [(i, j) for i, move in enumerate(moves) for j in by_move.get(theirs - margin - move, []) if j > i]
    for i, j in pairs[:EXPLAIN_LIMIT]:
        if flipped_margin([candidates[i], candidates[j]]) == theirs:
            return [candidates[i], candidates[j]]
    return None
