"""Deciders: the answers `passalive explore` compares, behind one small interface.

A decider says, for a position of a plain grid, a colour and a suicide rule,
which chains of that colour are pass-alive.  Three kinds:

* a **variant** of `passalive.definitions.analysis.VARIANTS` (casting-out, benson,
  wikipedia, suicide, knechtel, ...), run with the direct engine;
* a **rule program** (`--program FILE.dl`), run on the rule engine;
* **truth**: the game itself -- the chains no attacker sequence captures --
  found by the exhaustive bit-mask search of `passalive.solver.attack`; chains it
  cannot settle within its budget are, on request, handed to the solver's
  complete Z3 check (`passalive.solver.z3check`), and are otherwise left
  *unknown* (never counted as agreeing or disagreeing).

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

from passalive.solver.attack import attack
from passalive.go.board import Board, Colour
from passalive.go.bitboard import Grid, Position
from passalive.errors import UsageError
from passalive.go.suicide import Suicide


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


def _variants() -> Mapping[str, object]:
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
    allowed = variants[name].suicide  # type: ignore[attr-defined]
    if rule is None:
        rule = suicide if suicide in allowed else sorted(allowed, key=lambda s: list(Suicide).index(s))[0]
    if rule not in allowed:
        variants[name].check_suicide(rule)  # type: ignore[attr-defined]
    return SideSpec(name, rule)


ALTERNATING = "alternating"
ALTERNATING_TRUTH = "truth-alternating"
"""`truth@alternating`: the chains the owner keeps if she answers every attack
(`passalive.solver.alternating`, exhaustive up to the truth budget; suicide illegal)."""

_DIRECT = ("casting-out", "suicide")
"""Variants evaluated by `passalive.definitions.direct.casting_out` directly (same code as `analyse`)."""


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
    """

    budget: int = 200_000
    z3_seconds: float = 0.0
    lemmas: bool = False


class Evaluator:
    """Evaluates sides on one position, each (side, colour) once.

    `truth` under multi-stone or all suicide starts from truth without
    suicide: every attacker move legal without suicide is legal, with the same
    result, when suicide is allowed, so a chain captured without suicide is
    captured with it by the same sequence (likewise from multi to all).
    """

    def __init__(self, grid: Grid, position: Position, programs: Mapping[str, str], truth: TruthOptions) -> None:
        self.grid = grid
        self.position = position
        self.programs = programs
        self.truth = truth
        self._board: Board | None = None
        self._memo: dict[tuple[str, str, str], Verdict] = {}
        self._analyses: dict[tuple[str, Suicide], object] = {}
        self._geometry: object | None = None

    @property
    def board(self) -> Board:
        """The position as a Board, built on first use."""
        if self._board is None:
            self._board = self.grid.board(self.position)
        return self._board

    @property
    def states(self) -> int:
        """Positions the truth searches of this evaluator visited so far."""
        return sum(v.states for v in self._memo.values())

    def verdict(self, side: SideSpec, colour: Colour) -> Verdict:
        """The side's answer for one colour."""
        key = (side.name, side.suicide._value_, colour._value_)
        if key not in self._memo:
            if side.name == "truth":
                self._memo[key] = self._truth(side.suicide, colour)
            elif side.name == ALTERNATING_TRUTH:
                self._memo[key] = self._alternating(colour)
            elif side.name in _DIRECT:
                self._memo[key] = Verdict(self._direct(side.name == "suicide", colour))
            else:
                self._memo[key] = Verdict(chain_masks(self.board, self._analysis(side).alive(colour)))  # type: ignore[attr-defined]
        return self._memo[key]

    def _direct(self, all_points: bool, colour: Colour) -> frozenset[int]:
        """casting-out / suicide by the direct implementation `analyse` uses,
        called without building an Analysis (the bulk of an exhaustive run)."""
        from passalive.definitions.direct import Geometry, casting_out

        if self._geometry is None:
            self._geometry = Geometry.of(self.board)
        g = self._geometry
        result = casting_out(g, colour, all_points)
        return frozenset(sum(1 << p for p in g.points(chain)) for chain in result.chains)

    def _analysis(self, side: SideSpec) -> object:
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
        own = self.position.stones(colour)
        if not own:
            return Verdict(frozenset())
        weaker = {Suicide.MULTI: Suicide.ILLEGAL, Suicide.ALL: Suicide.MULTI}.get(suicide)
        witnesses: dict[int, tuple[int, ...]] = {}
        targets = None
        states = 0
        if weaker is not None:
            base = self._truth_memo(weaker, colour)
            witnesses.update(base.witnesses)
            targets = base.alive | base.unknown
            if not targets:
                return Verdict(frozenset(), frozenset(), witnesses, 0)
        proven: frozenset[int] = frozenset()
        if self.truth.lemmas:
            proven = self._direct(suicide is not Suicide.ILLEGAL, colour)
            if targets is None:
                targets = frozenset(sum(1 << p for p in c.points) for c in self.board.chains_of(colour))
            targets = targets - proven
        result = attack(self.grid, self.position, colour, suicide, targets, self.truth.budget)
        witnesses.update(result.captured)
        alive = set(result.alive) | proven
        unknown = set(result.unknown)
        states += result.states
        if unknown and self.truth.z3_seconds > 0:
            settled_alive, captured = self._z3(suicide, colour, frozenset(unknown))
            alive |= settled_alive
            witnesses.update(captured)
            unknown -= settled_alive | set(captured)
        return Verdict(frozenset(alive), frozenset(unknown), witnesses, states)

    def _alternating(self, colour: Colour) -> Verdict:
        """Each chain defended on its own under alternating play; budget runs out: unknown."""
        from passalive.tools.safety import alternating_alive

        alive, unknown, verdicts = alternating_alive(self.grid, self.position, self.board, colour, self.truth.budget)
        witnesses = {
            m: tuple(move.point for move in v.line if move.point is not None) for m, v in verdicts.items() if v.holds is False
        }
        return Verdict(alive, unknown, witnesses, sum(v.states for v in verdicts.values()))

    def _truth_memo(self, suicide: Suicide, colour: Colour) -> Verdict:
        key = ("truth", suicide._value_, colour._value_)
        if key not in self._memo:
            self._memo[key] = self._truth(suicide, colour)
        return self._memo[key]

    def _z3(self, suicide: Suicide, colour: Colour, masks: frozenset[int]) -> tuple[set[int], dict[int, tuple[int, ...]]]:
        """Settle chains with the solver's complete Z3 check (proven / captured)."""
        from passalive.solver.z3check import Status, check

        board = self.board
        index_of = {sum(1 << p for p in c.points): c.index for c in board.chains}
        targets = [index_of[m] for m in masks]
        result = check(board, colour, targets, suicide, complete=True, timeout=self.truth.z3_seconds)
        alive: set[int] = set()
        captured: dict[int, tuple[int, ...]] = {}
        mask_of = {i: m for m, i in index_of.items()}
        for i, chain_result in result.chains.items():
            if chain_result.status is Status.PROVEN:
                alive.add(mask_of[i])
            elif chain_result.status is Status.CAPTURED:
                captured[mask_of[i]] = tuple(m for m in chain_result.sequence if m is not None)
        return alive, captured
