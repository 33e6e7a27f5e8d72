"""Deciders: the answers `passalive explore` compares, behind one small interface.

A decider says, for a position of a plain grid, a colour and a suicide rule,
which chains of that colour are pass-alive.  Three kinds:

* a **variant** of `passalive.definitions.analysis.VARIANTS` (casting-out, benson,
  wikipedia, suicide, knechtel, ...), run with the direct engine;
* a **rule program** (`--program FILE.dl`), run on the rule engine;
* **truth**: the game itself -- the chains no attacker sequence captures --
  from the oracle of the game's truth (`passalive.solver.oracle`) with the
  exhaustive bit-mask search as its main strategy; chains it cannot settle
  within its budget are, on request, handed to the Z3 complete check, and
  are otherwise left *unknown* (never counted as agreeing or disagreeing).

A side of a comparison is a decider with its suicide rule, written
`NAME` or `NAME@RULE` (`truth@multi`, `casting-out@no`).  A variant defined
only for one suicide rule (casting-out, benson, ...) is evaluated under that
rule whatever `--suicide` says, and the label says so.

Chains are named by their masks (see `passalive.tools.explore.enumerate`), which stay
meaningful when the board is rebuilt, unlike chain indices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from passalive.solver.oracle import Budget, GridView, Oracle
from passalive.go.board import Board, Colour
from passalive.go.bitboard import Grid, Position
from passalive.errors import UsageError
from passalive.go.suicide import Suicide

if TYPE_CHECKING:
    from passalive.definitions.analysis import Analysis
    from passalive.definitions.direct import Geometry
    from passalive.definitions.variants import Variant


@dataclass(frozen=True)
class Verdict:
    """One decider's answer for the chains of one colour.

    `alive` and `unknown` are chain masks; `witnesses` maps chains shown
    capturable to the attacker's moves (point ids) that capture them;
    `states` is the search effort (0 for static variants).
    """

    alive: frozenset[int]
    unknown: frozenset[int] = frozenset()
    witnesses: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    states: int = 0
    known_by: str = "search"
    """How the verdict is known: `search` (a decider's computation or the game search) or
    `theorem` (truth@no from Benson's theorem and its converse, `TruthOptions.benson_complete`)."""


@dataclass(frozen=True)
class SideSpec:
    """A decider name with the suicide rule it is evaluated under."""

    name: str
    suicide: Suicide

    @property
    def label(self) -> str:
        """`name@rule`, e.g. `truth@multi`."""
        return f"{self.name}@{self.suicide.value}"


def chain_masks(board: Board, indices: frozenset[int]) -> frozenset[int]:
    """Chain indices of a full-grid board as masks of their point ids."""
    chains = board.chains
    return frozenset(sum(1 << p for p in chains[i].points) for i in indices)


def _variants() -> Mapping[str, Variant]:
    from passalive.definitions.analysis import VARIANTS

    return VARIANTS


def resolve_side(text: str, suicide: Suicide, programs: Mapping[str, str]) -> SideSpec:
    """A side from `NAME` or `NAME@RULE`; the rule defaults to `suicide`, or to
    the one rule a variant is defined for.  UsageError for an unknown name."""
    name, _, rule_text = text.partition("@")
    if name == "truth" and rule_text == ALTERNATING:
        return SideSpec(ALTERNATING_TRUTH, Suicide.ILLEGAL)
    rule = Suicide.parse(rule_text) if rule_text else None
    if name.endswith(".dl"):
        if not Path(name).is_file():
            raise UsageError(f"no rule program {name!r}")
        return SideSpec(name, rule or suicide)
    if name == "truth" or name in programs:
        return SideSpec(name, rule or suicide)
    variants = _variants()
    if name not in variants:
        known = ", ".join([*variants, "truth", *programs])
        raise UsageError(f"unknown decider {name!r}; known: {known} (or a rule program FILE.dl)")
    allowed = variants[name].suicide
    if rule is None:
        rule = suicide if suicide in allowed else sorted(allowed, key=lambda s: list(Suicide).index(s))[0]
    if rule not in allowed:
        variants[name].check_suicide(rule)
    return SideSpec(name, rule)


ALTERNATING = "alternating"
ALTERNATING_TRUTH = "truth-alternating"
"""`truth@alternating`: the chains the owner keeps if she answers every attack
(`passalive.solver.alternating`, exhaustive up to the truth budget; suicide illegal)."""

@dataclass(frozen=True)
class TruthOptions:
    """How `truth` is computed: the attacker search's budget of positions per
    component, the time the Z3 complete check may spend per colour on chains
    the search left unknown (0: no Z3), and whether to take proofs of life
    from the two soundness theorems (`lemmas`).

    With `lemmas`, the chains casting-out calls pass-alive (suicide illegal:
    Benson's theorem) or the suicide adaptation calls pass-alive (suicide
    legal: the lemma proven in docs/findings.md) count as proven alive, and
    the search only tries to capture the others.  Fast on big boards, but it
    can then no longer find a chain those variants wrongly call alive: use it
    only where that direction is settled (see docs/findings.md).

    With `benson_complete`, `truth@no` is Benson's answer and is not searched at
    all: the casting-out's pass-alive chains are exactly the chains no attacker
    sequence captures (suicide illegal, the whole board given) -- soundness is
    Benson's theorem, completeness its converse (Benson 1976; docs/findings.md
    states both and the exhaustive records that check them).  Its verdicts are
    known by *theorem*; the truth under the other suicide rules is still searched.
    """

    budget: int = 200_000
    z3_seconds: float = 0.0
    lemmas: bool = False
    benson_complete: bool = False

    def budget_of_oracle(self) -> Budget:
        """The oracle's budget: the bit-mask search, Z3 only when given time,
        no shortcuts (the truth side must not lean on the theorems it tests),
        the theorems only with `lemmas`; witnesses replayed when shown."""
        return Budget(
            seconds=self.z3_seconds if self.z3_seconds > 0 else None,
            states=self.budget,
            z3=self.z3_seconds > 0,
            shortcuts=False,
            theorems=self.lemmas,
            replay=False,
        )


class Evaluator:
    """Evaluates sides on one position, each (side, colour) once; `truth`
    is the oracle's (`passalive.solver.oracle`), one oracle per position."""

    def __init__(self, grid: Grid, position: Position, programs: Mapping[str, str], truth: TruthOptions) -> None:
        self.grid = grid
        self.position = position
        self.programs = programs
        self.truth = truth
        self._board: Board | None = None
        self._memo: dict[tuple[str, str, str], Verdict] = {}
        self.oracle = Oracle(truth.budget_of_oracle())
        self._view: GridView | None = None
        self._analyses: dict[tuple[str, Suicide], Analysis] = {}
        self._geometry: Geometry | None = None

    @property
    def board(self) -> Board:
        """The position as a Board, built on first use."""
        if self._board is None:
            self._board = self.grid.board(self.position)
        return self._board

    @property
    def states(self) -> int:
        """Positions the truth searches of this evaluator visited so far."""
        return self.oracle.states

    def verdict(self, side: SideSpec, colour: Colour) -> Verdict:
        """The side's answer for one colour."""
        key = (side.name, side.suicide._value_, colour._value_)
        if key not in self._memo:
            if side.name == "truth":
                self._memo[key] = self._truth(side.suicide, colour)
            elif side.name == ALTERNATING_TRUTH:
                self._memo[key] = self._alternating(colour)
            elif (variant := _variants().get(side.name)) is not None and variant.fast:  # casting-out, suicide
                self._memo[key] = Verdict(self._direct(variant.all_points, colour))
            else:
                self._memo[key] = Verdict(chain_masks(self.board, self._analysis(side).alive(colour)))
        return self._memo[key]

    def _direct(self, all_points: bool, colour: Colour) -> frozenset[int]:
        """casting-out / suicide by their fast path, the code `analyse` uses,
        called without building an Analysis (the bulk of an exhaustive run)."""
        from passalive.definitions.direct import Geometry
        from passalive.definitions.variants import DEFAULT_VARIANT, SUICIDE_VARIANT, VARIANTS

        if self._geometry is None:
            self._geometry = Geometry.of(self.board)
        variant = VARIANTS[SUICIDE_VARIANT if all_points else DEFAULT_VARIANT]
        return variant.fast_alive(self._geometry, colour).masks()

    def _analysis(self, side: SideSpec) -> Analysis:
        key = (side.name, side.suicide)
        if key not in self._analyses:
            from passalive.definitions.analysis import analyse

            if side.name.endswith(".dl") or side.name in self.programs:
                path = self.programs.get(side.name, side.name)
                self._analyses[key] = analyse(self.board, variant=side.name, suicide=side.suicide, program=path)
            else:
                self._analyses[key] = analyse(self.board, variant=side.name, suicide=side.suicide, engine="direct")
        return self._analyses[key]

    def _truth(self, suicide: Suicide, colour: Colour) -> Verdict:
        """The game's answer, from the oracle of the game's truth (which also
        carries captures over from the stricter suicide rule)."""
        if not self.position.stones(colour):
            return Verdict(frozenset())
        if self.truth.benson_complete and suicide is Suicide.ILLEGAL:
            return Verdict(self._direct(False, colour), known_by="theorem")
        if self._view is None:
            self._view = GridView.of(self.grid, self.position)
        answer = self.oracle.decide(None, colour, suicide, view=self._view)
        masks = self._view.masks
        return Verdict(
            alive=frozenset(masks[c] for c in answer.alive),
            unknown=frozenset(masks[c] for c in answer.unknown),
            witnesses={masks[c]: tuple(m for m in moves if m is not None) for c, moves in answer.captured.items()},
            states=answer.states,
        )

    def _alternating(self, colour: Colour) -> Verdict:
        """Each chain defended on its own under alternating play; budget runs out: unknown."""
        from passalive.tools.safety import alternating_alive

        alive, unknown, verdicts = alternating_alive(self.grid, self.position, self.board, colour, self.truth.budget)
        witnesses = {
            m: tuple(move.point for move in v.line if move.point is not None) for m, v in verdicts.items() if v.holds is False
        }
        return Verdict(alive, unknown, witnesses, sum(v.states for v in verdicts.values()))
