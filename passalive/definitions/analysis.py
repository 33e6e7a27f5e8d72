"""`analyse()`: which chains of a position are pass-alive, their territory, and why.

    from passalive.definitions.analysis import analyse, VARIANTS, Analysis
    result = analyse(board, variant="casting-out", suicide=Suicide.ILLEGAL, engine="direct")
    result.alive_chains(Colour.BLACK)  # indices into board.chains of the pass-alive black chains
    result.alive_points(Colour.BLACK)  # their stones (point ids)
    result.alive_names("black")        # their stones' GTP names, in reading order
    result.territory(Colour.BLACK)     # pass-alive territory (see `passalive.definitions.territory`)
    result.explain(chain_index)        # why alive, or in which round and why cast out

The variants are listed in `passalive.definitions.variants.VARIANTS` (re-exported here)
and described in `docs/variants.md`.  `engine="direct"` computes the alive set
in Python (fast for casting-out and suicide); `engine="rules"` runs the
variant's rule program from `rules/` on the Datalog-style engine.  Both give
the same sets; the tests check it.

An `Analysis` is an immutable value: the alive sets of both colours are
computed when it is made (for casting-out and suicide as the bitsets of the
fast path, which give chain indices and stones when asked).  What is costly
and only some callers want -- the explanations and the territory -- sits
behind one small lazy object, `Details`, computed on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Protocol

from passalive.definitions.direct import Geometry
from passalive.definitions.territory import TERRITORY_CONVENTIONS, check_convention, territory, territory_points
from passalive.definitions.trace import Trace
from passalive.definitions.variants import DEFAULT_VARIANT, SUICIDE_VARIANT, VARIANTS, Variant
from passalive.errors import BudgetError, UsageError
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.suicide import Suicide

__all__ = [
    "Analysis",
    "analyse",
    "VARIANTS",
    "Variant",
    "TERRITORY_CONVENTIONS",
    "ENGINES",
    "territory_points",
    "AliveSet",
    "ChainSet",
    "Details",
]

ENGINES = ("direct", "rules")


class AliveSet(Protocol):
    """The pass-alive chains of one colour, in the two forms callers use.

    `ChainSet` (chain indices) and `passalive.definitions.direct.DirectResult`
    (bitsets of the fast path) are the two kinds.
    """

    def chain_indices(self) -> frozenset[int]:
        """Indices into `Board.chains` of the pass-alive chains."""
        ...  # pragma: no cover - protocol

    def points(self) -> frozenset[int]:
        """The stones of the pass-alive chains."""
        ...  # pragma: no cover - protocol


@dataclass(frozen=True)
class ChainSet:
    """Pass-alive chains given by their indices into `board.chains`."""

    board: Board
    indices: frozenset[int]

    def chain_indices(self) -> frozenset[int]:
        """The indices, as given."""
        return self.indices

    def points(self) -> frozenset[int]:
        """The stones of the chains."""
        chains = self.board.chains
        return frozenset(p for i in self.indices for p in chains[i].points)


class Details:
    """The lazy part of an analysis: explanations and territory, computed on first use.

    `tracer(colour)` gives a variant's trace (None: the variant cannot
    explain); `proof(chain_index)` the rule engine's proof of a chain's
    verdict (rule engine only).  Each trace and each territory is computed
    once and remembered.
    """

    def __init__(
        self,
        tracer: Callable[[Colour], Trace] | None = None,
        proof: Callable[[int], str] | None = None,
        own_territory: Callable[[Colour], frozenset[int]] | None = None,
    ) -> None:
        self._tracer = tracer
        self.proof = proof
        self.own_territory = own_territory
        """The variant's own territory (static safety's safe regions), if it has one: as the rule program
        derives it (static-safety.dl), or the direct engine's call for this analysis (`Variant.on`)."""
        self._traces: dict[Colour, Trace | None] = {}
        self._territory: dict[tuple[Colour, str], frozenset[int]] = {}

    def trace(self, colour: Colour) -> Trace | None:
        """Every chain's fate for one colour, or None if the variant cannot explain."""
        if colour not in self._traces:
            self._traces[colour] = self._tracer(colour) if self._tracer else None
        return self._traces[colour]

    def territory(self, analysis: Analysis, colour: Colour, convention: str) -> frozenset[int]:
        """`colour`'s territory under `convention` (see `passalive.definitions.territory`)."""
        key = (colour, convention)
        if key not in self._territory:
            board, suicide = analysis.board, analysis.suicide
            if analysis.engine == "rules":
                alive = {c: analysis.alive(c) for c in STONE_COLOURS}
                for c, points in territory(board, alive, convention, suicide, "rules").items():
                    self._territory[(c, convention)] = points
            else:
                self._territory[key] = territory_points(board, colour, analysis.alive(colour), convention, suicide)
        return self._territory[key]


@dataclass(frozen=True)
class Analysis:
    """The pass-alive chains of both colours of one board under one variant.

    Built by `analyse()`.  `alive_sets` holds both colours' pass-alive chains,
    computed when the analysis is made; `details` the explanations and the
    territory, computed when first asked for.
    """

    board: Board
    variant: str
    suicide: Suicide
    engine: str
    territory_convention: str
    alive_sets: Mapping[Colour, AliveSet] = field(repr=False)
    details: Details = field(default_factory=Details, repr=False, compare=False)

    def __repr__(self) -> str:
        """Short: the variant, the rule and how many stones of each colour are pass-alive."""
        counts = ", ".join(f"{len(self.alive_points(c))} {c.value}" for c in STONE_COLOURS)
        return f"<Analysis {self.variant}, suicide={self.suicide.value}: pass-alive stones {counts}; {self.board!r}>"

    def _repr_svg_(self) -> str | None:
        """The analysis as an SVG picture in Jupyter (see `passalive.go.display`)."""
        from passalive.go.display import svg_of

        return svg_of(self)

    def alive_chains(self, colour: Colour | str) -> frozenset[int]:
        """Indices into `board.chains` of the pass-alive chains of `colour` (a Colour or "black"/"white")."""
        return self.alive_sets[Colour.stone(colour)].chain_indices()

    def alive(self, colour: Colour | str) -> frozenset[int]:
        """Deprecated name of `alive_chains` (chain indices, not stones), kept for one release."""
        return self.alive_chains(colour)

    def alive_points(self, colour: Colour | str) -> frozenset[int]:
        """The stones of the pass-alive chains of `colour` (point ids; `alive_names` gives GTP names)."""
        return self.alive_sets[Colour.stone(colour)].points()

    def alive_names(self, colour: Colour | str) -> list[str]:
        """The names of the pass-alive stones of `colour` (GTP coordinates), in reading order."""
        return self.board.names(self.alive_points(colour))

    def territory(self, colour: Colour | str, convention: str | None = None) -> frozenset[int]:
        """The pass-alive territory of `colour` (empty points and dead stones).

        `convention` defaults to the one `analyse()` was given; see
        `passalive.definitions.territory`.  With the rule engine it is
        computed by `rules/territory.dl` or `rules/katago-area.dl`.
        """
        colour = Colour.stone(colour)
        own = VARIANTS[self.variant].territory if self.variant in VARIANTS else None
        if own is not None:  # the variant's own territory (static safety's safe regions)
            if self.details.own_territory is not None:  # as the rule program derives it, or the analysis's own
                return self.details.own_territory(colour)  # call (`Variant.on`: its cache)
            return own(self.board, colour)
        return self.details.territory(self, colour, convention or self.territory_convention)

    def territory_names(self, colour: Colour | str, convention: str | None = None) -> list[str]:
        """The names of the points of `territory(colour, convention)` (GTP coordinates), in reading order."""
        return self.board.names(self.territory(colour, convention))

    def trace(self, colour: Colour) -> Trace | None:
        """Every chain's fate for one colour, or None if the variant cannot explain."""
        return self.details.trace(colour)

    def explain(self, chain_index: int) -> str:
        """Why the chain is pass-alive, or in which round and why it was cast out."""
        chain = self.board.chains[chain_index]
        alive = chain_index in self.alive(chain.colour)
        head = f"{chain.colour.value} chain {' '.join(self.board.names(chain.points))}"
        word = VARIANTS[self.variant].word if self.variant in VARIANTS else "pass-alive"
        verdict = word if alive else f"not {word}"
        if self.details.proof is not None:
            proof = self.details.proof(chain_index).rstrip()
            return f"{head}: {verdict} ({self.variant}, rule engine)\n" + "\n".join("  " + line for line in proof.splitlines())
        trace = self.trace(chain.colour)
        if trace is None or chain_index not in trace.fates:
            return f"{head}: {verdict} under {self.variant} (this variant gives no reasons)"
        fate = trace.fates[chain_index]
        if fate.alive != alive:  # pragma: no cover - would be a bug; the tests check agreement
            raise AssertionError(f"explanation and verdict disagree for chain {chain_index}")
        if alive:
            lines = [f"{head}: {word} ({self.variant})"]
        elif fate.round is not None:
            lines = [f"{head}: not {word} ({self.variant}), {trace.stage} {fate.round}"]
        else:
            lines = [f"{head}: not {word} ({self.variant})"]
        lines += [f"  - {note}" for note in fate.notes] or ["  - it borders no region"]
        return "\n".join(lines)


def resolve_variant(variant: str | None, suicide: Suicide) -> Variant:
    """The Variant for a name (None: the default for the suicide rule), checked against the rule.

    Without a name, suicide-legal rules select `suicide`, else `casting-out`.
    """
    if variant is None:
        variant = DEFAULT_VARIANT if suicide is Suicide.ILLEGAL else SUICIDE_VARIANT
    if variant not in VARIANTS:
        raise UsageError(f"unknown variant {variant!r}; known variants: {', '.join(VARIANTS)}")
    chosen = VARIANTS[variant]
    chosen.check_suicide(suicide)
    return chosen


def analyse(
    board: Board,
    variant: str | None = None,
    suicide: Suicide | str = Suicide.ILLEGAL,
    engine: str = "direct",
    *,
    program: str | None = None,
    territory: str = "healthy",
) -> Analysis:
    """Decide which chains of both colours are pass-alive.

    `variant` names an entry of VARIANTS (None, the default: `casting-out`,
    or `suicide` when suicide is legal); `engine` is `direct` or `rules`; `program` is the
    path of a user's rule program (run on the rule engine; it must define
    `alive/1` over chain points, see docs/variants.md); `territory` the
    territory convention.  Raises UsageError for an unknown name or a suicide
    rule the variant is not defined for.
    """
    if isinstance(suicide, str):  # "no", "multi", "all"
        suicide = Suicide.parse(suicide)
    if engine not in ENGINES:
        raise UsageError(f"unknown engine {engine!r}; use one of: {', '.join(ENGINES)}")
    check_convention(territory)
    if program is not None:
        from passalive.definitions.facts import run_program_file

        name = variant if variant is not None else program
        alive, proof = run_program_file(board, program, suicide)
        return Analysis(board, name, suicide, "rules", territory, _chain_sets(board, alive), Details(None, proof))
    chosen = resolve_variant(variant, suicide)
    calls = chosen.on(board)  # this analysis's functions, sharing what the variant computes for both colours
    tracer = calls.trace
    if engine == "rules":
        if chosen.program is None:
            raise UsageError(f"the variant {chosen.name!r} has no rule program; use --engine direct")
        _check_rule_board(board, chosen.name)
        from passalive.definitions.facts import run_bundled

        alive, proof, own_territory = run_bundled(board, chosen, suicide)
        details = Details(tracer, proof, own_territory)
        return Analysis(board, chosen.name, suicide, "rules", territory, _chain_sets(board, alive), details)
    alive_sets: Mapping[Colour, AliveSet]
    if chosen.fast:
        geometry = Geometry.of(board)
        alive_sets = {c: chosen.fast_alive(geometry, c) for c in STONE_COLOURS}
    elif calls.alive is not None:
        alive_of = calls.alive
        alive_sets = _chain_sets(board, {c: alive_of(c, suicide) for c in STONE_COLOURS})
    else:  # pragma: no cover - every bundled variant has one
        raise UsageError(f"the variant {chosen.name!r} has no direct implementation; use --engine rules")
    return Analysis(board, chosen.name, suicide, "direct", territory, alive_sets, Details(tracer, None, calls.territory))


def _check_rule_board(board: Board, variant: str) -> None:
    """A BudgetError, before any work, when the variant's bundled rule program is
    known not to answer within the default budgets on a board this large
    (`passalive.go.limits.RULE_PROGRAM_MAX_POINTS`)."""
    from passalive.go.limits import RULE_PROGRAM_MAX_POINTS

    most = RULE_PROGRAM_MAX_POINTS.get(variant)
    if most is not None and len(board.points) > most:
        raise BudgetError(
            f"the variant {variant!r} on the rule engine answers on boards of at most {most} points within the "
            f"default budgets, and this one has {len(board.points)}; refused before it runs (see docs/limits.md): "
            "use --engine direct, the same definition in Python"
        )


def _chain_sets(board: Board, alive: Mapping[Colour, frozenset[int]]) -> dict[Colour, AliveSet]:
    return {c: ChainSet(board, alive[c]) for c in STONE_COLOURS}

