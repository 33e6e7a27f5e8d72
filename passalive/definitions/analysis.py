"""`analyse()`: which chains of a position are pass-alive, their territory, and why.

    from passalive.definitions.analysis import analyse, VARIANTS, Analysis
    result = analyse(board, variant="casting-out", suicide=Suicide.ILLEGAL, engine="direct")
    result.alive(Colour.BLACK)         # indices into board.chains of the pass-alive black chains
    result.alive_points(Colour.BLACK)  # their stones
    result.territory(Colour.BLACK)     # pass-alive territory (see `TERRITORY_CONVENTIONS`)
    result.explain(chain_index)        # why alive, or in which round and why cast out

The variants are listed in `passalive.definitions.variants.VARIANTS` (re-exported here)
and described in `docs/variants.md`.  `engine="direct"` computes the alive set
in Python (fast for casting-out and suicide); `engine="rules"` runs the
variant's rule program from `rules/` on the Datalog-style engine.  Both give
the same sets; the tests check it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from passalive.go.board import STONE_COLOURS, Board, Chain, Colour, Region
from passalive.errors import UsageError
from passalive.go.suicide import Suicide
from passalive.definitions.variants import DEFAULT_VARIANT, SUICIDE_VARIANT, VARIANTS, Trace, Variant
from passalive.definitions.statuses import STATUS_TERRITORIES, status_territory

__all__ = ["Analysis", "analyse", "VARIANTS", "Variant", "TERRITORY_CONVENTIONS", "ENGINES", "territory_points"]

ENGINES = ("direct", "rules")

TERRITORY_CONVENTIONS: Mapping[str, str] = {
    "healthy": "c-regions healthy for a pass-alive chain and enclosed only by pass-alive chains (default)",
    "katago": "KataGo's pass-alive area: at most one point touching no c stone, or no opponent stone at all, "
    "with every bordering chain pass-alive",
    **STATUS_TERRITORIES,
    "katago-strict": "KataGo's pass-alive territory without its 'safe big territories': at most one point "
    "touching no c stone, every bordering chain pass-alive",
}


def territory_points(
    board: Board, colour: Colour, alive_chains: frozenset[int], convention: str, suicide: Suicide
) -> frozenset[int]:
    """The points of `colour`'s pass-alive territory, given its pass-alive chains.

    Territory is made of whole c-regions (their empty points and the opponent
    stones in them, which are dead); a region that reaches an open side of a
    cut-out, or borders a c-chain that is not pass-alive, is never territory.

    * `healthy` (ours): the region is healthy for at least one of its
      pass-alive chains (every empty point adjacent to it; with suicide legal,
      every point).  Each empty point is then a liberty of a chain that can
      never be captured, so the opponent can never fill the region, and any
      opponent stone in it can always be captured by filling the empty points.
    * `katago`: the region has an empty point, borders c, and either at most
      one of its points touches no c stone or it holds no opponent stone.
    * `katago-strict`: as `katago` without the second alternative.
    """
    if convention not in TERRITORY_CONVENTIONS:
        raise UsageError(f"unknown territory convention {convention!r}; known: {', '.join(TERRITORY_CONVENTIONS)}")
    if convention in STATUS_TERRITORIES:
        return status_territory(board, colour, convention, suicide, "direct")
    chains = board.chains
    colours = board.colours
    result: set[int] = set()
    for region in board.regions(colour):
        if region.open or not region.chains or not region.chains <= alive_chains:
            continue
        if _territory_region(board, region, convention, suicide, chains, colours):
            result.update(region.points)
    return frozenset(result)


def _territory_region(
    board: Board,
    region: Region,
    convention: str,
    suicide: Suicide,
    chains: tuple[Chain, ...],
    colours: tuple[Colour, ...],
) -> bool:
    """Whether one closed c-region, bordered only by pass-alive chains, is territory."""
    c = region.colour
    if convention == "healthy":
        for i in region.chains:
            chain = chains[i]
            if suicide is Suicide.ILLEGAL:
                if region.empty <= chain.liberties:
                    return True
            else:
                near = {q for p in chain.points for q in board.adjacency[p]}
                if region.points <= near:
                    return True
        return False
    if not region.empty:
        return False
    internal = sum(1 for p in region.points if not any(colours[q] is c for q in board.adjacency[p]))
    if internal <= 1:
        return True
    return convention == "katago" and all(colours[p] is Colour.EMPTY for p in region.points)


@dataclass(frozen=True)
class Analysis:
    """The pass-alive chains of both colours of one board under one variant.

    Built by `analyse()`.  The alive sets are computed when the analysis is
    made; chain indices, point sets, territory and explanations on demand.
    """

    board: Board
    variant: str
    suicide: Suicide
    engine: str
    territory_convention: str = "healthy"
    _sources: Mapping[Colour, Callable[[], frozenset[int]] | frozenset[int]] = field(default_factory=dict, repr=False)
    _points: Mapping[Colour, Callable[[], frozenset[int]]] = field(default_factory=dict, repr=False)
    _explainer: Callable[[Colour], Trace] | None = field(default=None, repr=False)
    _why: Callable[[int], str] | None = field(default=None, repr=False)
    _cache: dict[object, object] = field(default_factory=dict, repr=False, compare=False)

    def __repr__(self) -> str:
        """Short: the variant, the rule and how many stones of each colour are pass-alive."""
        counts = ", ".join(f"{len(self.alive_points(c))} {c.value}" for c in STONE_COLOURS)
        return f"<Analysis {self.variant}, suicide={self.suicide.value}: pass-alive stones {counts}; {self.board!r}>"

    def _repr_svg_(self) -> str | None:
        """The analysis as an SVG picture in Jupyter (see `passalive.go.display`)."""
        from passalive.go.display import svg_of

        return svg_of(self)

    def alive(self, colour: Colour | str) -> frozenset[int]:
        """Indices into `board.chains` of the pass-alive chains of `colour` (a Colour or "black"/"white")."""
        colour = Colour.stone(colour) if isinstance(colour, str) else colour
        key = ("alive", colour)
        if key not in self._cache:
            source = self._sources[colour]
            self._cache[key] = source if isinstance(source, frozenset) else source()
        return self._cache[key]  # type: ignore[return-value]

    def alive_points(self, colour: Colour | str) -> frozenset[int]:
        """The stones of the pass-alive chains of `colour` (point ids; `board.names` gives GTP names)."""
        colour = Colour.stone(colour) if isinstance(colour, str) else colour
        key = ("points", colour)
        if key not in self._cache:
            if colour in self._points:
                self._cache[key] = self._points[colour]()
            else:
                chains = self.board.chains
                self._cache[key] = frozenset(p for i in self.alive(colour) for p in chains[i].points)
        return self._cache[key]  # type: ignore[return-value]

    def territory(self, colour: Colour | str, convention: str | None = None) -> frozenset[int]:
        """The pass-alive territory of `colour` (empty points and dead stones).

        `convention` defaults to the one `analyse()` was given; see
        `territory_points` and `TERRITORY_CONVENTIONS`.  With the rule
        engine it is computed by `rules/territory.dl` or `rules/katago-area.dl`.
        """
        colour = Colour.stone(colour) if isinstance(colour, str) else colour
        convention = convention or self.territory_convention
        key = ("territory", colour, convention)
        if key not in self._cache:
            if convention in STATUS_TERRITORIES:
                self._cache[key] = status_territory(self.board, colour, convention, self.suicide, self.engine)
            elif self.engine == "rules":
                from passalive.definitions.facts import territory_by_rules

                alive = {c: self.alive(c) for c in STONE_COLOURS}
                for c, points in territory_by_rules(self.board, alive, convention, self.suicide).items():
                    self._cache[("territory", c, convention)] = points
            else:
                self._cache[key] = territory_points(self.board, colour, self.alive(colour), convention, self.suicide)
        return self._cache[key]  # type: ignore[return-value]

    def trace(self, colour: Colour) -> Trace | None:
        """Every chain's fate for one colour, or None if the variant cannot explain."""
        key = ("trace", colour)
        if key not in self._cache:
            self._cache[key] = self._explainer(colour) if self._explainer else None
        return self._cache[key]  # type: ignore[return-value]

    def explain(self, chain_index: int) -> str:
        """Why the chain is pass-alive, or in which round and why it was cast out."""
        chain = self.board.chains[chain_index]
        alive = chain_index in self.alive(chain.colour)
        head = f"{chain.colour.value} chain {' '.join(self.board.names(chain.points))}"
        if self._why is not None:
            verdict = "pass-alive" if alive else "not pass-alive"
            proof = self._why(chain_index).rstrip()
            return f"{head}: {verdict} ({self.variant}, rule engine)\n" + "\n".join("  " + line for line in proof.splitlines())
        trace = self.trace(chain.colour)
        if trace is None or chain_index not in trace.fates:
            verdict = "pass-alive" if alive else "not pass-alive"
            return f"{head}: {verdict} under {self.variant} (this variant gives no reasons)"
        fate = trace.fates[chain_index]
        if fate.alive != alive:  # pragma: no cover - would be a bug; the tests check agreement
            raise AssertionError(f"explanation and verdict disagree for chain {chain_index}")
        if alive:
            lines = [f"{head}: pass-alive ({self.variant})"]
        elif fate.round is not None:
            lines = [f"{head}: not pass-alive ({self.variant}), {trace.stage} {fate.round}"]
        else:
            lines = [f"{head}: not pass-alive ({self.variant})"]
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
    if territory not in TERRITORY_CONVENTIONS:
        raise UsageError(f"unknown territory convention {territory!r}; known: {', '.join(TERRITORY_CONVENTIONS)}")
    if program is not None:
        from passalive.definitions.facts import run_program_file

        name = variant if variant is not None else program
        sources, why = run_program_file(board, program, suicide)
        return Analysis(board, name, suicide, "rules", territory, sources, {}, None, why)
    chosen = resolve_variant(variant, suicide)
    trace = chosen.trace
    explainer = (lambda colour: trace(board, colour)) if trace is not None else None
    if engine == "rules":
        if chosen.program is None:
            raise UsageError(f"the variant {chosen.name!r} has no rule program; use --engine direct")
        from passalive.definitions.facts import run_bundled

        sources, why = run_bundled(board, chosen, suicide)
        return Analysis(board, chosen.name, suicide, "rules", territory, sources, {}, explainer, why)
    if chosen.direct is None:  # pragma: no cover - every bundled variant has one
        raise UsageError(f"the variant {chosen.name!r} has no direct implementation; use --engine rules")
    if chosen.name in ("casting-out", "suicide"):
        return _fast_analysis(board, chosen, suicide, territory, explainer)
    direct = chosen.direct
    sources = {c: direct(board, c, suicide) for c in STONE_COLOURS}
    return Analysis(board, chosen.name, suicide, "direct", territory, sources, {}, explainer)


def _fast_analysis(
    board: Board,
    chosen: Variant,
    suicide: Suicide,
    territory: str,
    explainer: Callable[[Colour], Trace] | None,
) -> Analysis:
    """casting-out or suicide by `passalive.definitions.direct`, chain indices and stones computed on demand."""
    from passalive.definitions.direct import Geometry, casting_out

    g = Geometry.of(board)
    results = {c: casting_out(g, c, chosen.all_points) for c in STONE_COLOURS}

    index: dict[int, int] = {}

    def chains_of(c: Colour) -> Callable[[], frozenset[int]]:
        def compute() -> frozenset[int]:
            if not index:
                index.update(g.chain_indices())
            return frozenset(index[ch & -ch] for ch in results[c].chains)

        return compute

    def points_of(c: Colour) -> Callable[[], frozenset[int]]:
        return lambda: g.points(results[c].stones)

    return Analysis(
        board,
        chosen.name,
        suicide,
        "direct",
        territory,
        {c: chains_of(c) for c in STONE_COLOURS},
        {c: points_of(c) for c in STONE_COLOURS},
        explainer,
    )
