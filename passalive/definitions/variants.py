"""The variants of Benson's definition, each computed plainly, with its explanation.

Each variant is a different reading of "pass-alive" from the reference texts
(Sensei's Library's page "Benson's Definition of Unconditional Life",
https://senseis.xmp.net/?BensonsDefinitionOfUnconditionalLife, and Wikipedia's "Benson's
algorithm (Go)", https://en.wikipedia.org/wiki/Benson%27s_algorithm_(Go)); `docs/variants.md` states each one and where they differ.  The
functions here are straightforward set-based Python, written to be read and
to explain a verdict round by round; `passalive.definitions.direct` computes casting-out
and its suicide adaptation fast, and `rules/*.dl` states every variant as a
rule program.  All three must agree, and the tests check that they do.

A `Trace` records, for one colour, every chain's fate: pass-alive and the
regions that make it so, or the round it was cast out in and why each of its
regions did not count then.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from passalive.definitions.direct import DirectResult, Geometry, casting_out
from passalive.definitions.trace import ChainFate, Trace
from passalive.go.board import Board, Chain, Colour, Region
from passalive.errors import UsageError
from passalive.go.suicide import Suicide


# ------------------------------------------------------------------ helpers


def _region_label(board: Board, region: Region) -> str:
    names = board.names(region.points)
    shown = " ".join(names[:4]) + (" …" if len(names) > 4 else "")
    return f"region {{{shown}}}"


def _chain_label(board: Board, chain: Chain) -> str:
    names = board.names(chain.points)
    return f"{chain.colour.value} chain {names[0]}" + (f" ({len(names)} stones)" if len(names) > 1 else "")


def _neighbours(board: Board, points: frozenset[int]) -> frozenset[int]:
    return frozenset(q for p in points for q in board.adjacency[p])


def unhealthy_points(board: Board, region: Region, chain: Chain, all_points: bool) -> frozenset[int]:
    """The points of `region` that stop it being healthy for `chain`.

    Without suicide these are its empty points that are not liberties of the
    chain; with multi-stone suicide legal, every point of the region (stones
    included) not adjacent to the chain.
    """
    if all_points:
        near = _neighbours(board, chain.points)
        return frozenset(p for p in region.points if p not in near)
    return frozenset(p for p in region.empty if p not in chain.liberties)


def interior_empty(board: Board, region: Region) -> frozenset[int]:
    """The empty points of a c-region that touch no c stone (its empty interior)."""
    colours = board.colours
    c = region.colour
    return frozenset(p for p in region.empty if not any(colours[q] is c for q in board.adjacency[p]))


def is_small(board: Board, region: Region) -> bool:
    """Benson's small c-enclosed region: every empty point touches a c-chain around it.

    Equivalently its interior (the points adjacent to none of its c-chains)
    holds no empty point, only opponent stones.
    """
    colours = board.colours
    c = region.colour
    return all(any(colours[q] is c for q in board.adjacency[p]) for p in region.empty)


# ------------------------------------------------------------- casting-out


def trace_casting_out(
    board: Board,
    colour: Colour,
    *,
    all_points: bool = False,
    small: bool = False,
    word: str = "healthy",
) -> Trace:
    """Casting-out by rounds, the Sensei's Library formulation.

    S starts as every c-chain.  In each round, a region *counts* for a chain
    B in S when it is adjacent to B, does not reach an open side, is healthy
    for B (P1; `all_points` for the suicide adaptation, `small` to also ask
    Benson's smallness) and all its c-chains are in S (P2).  Every chain with
    fewer than two counting regions is cast out, all at once; the rounds stop
    when none is.  What is left is the largest set S with the property.
    """
    chains = board.chains_of(colour)
    regions = board.regions(colour)
    by_chain: dict[int, list[Region]] = {ch.index: [] for ch in chains}
    for region in regions:
        for i in region.chains:
            by_chain[i].append(region)
    smallness = {r.index: is_small(board, r) for r in regions} if small else {}
    flaws: dict[tuple[int, int], frozenset[int]] = {}
    for ch in chains:
        for region in by_chain[ch.index]:
            flaws[(ch.index, region.index)] = unhealthy_points(board, region, ch, all_points)

    in_s = {ch.index for ch in chains}
    fates: dict[int, ChainFate] = {}
    round_no = 0
    while True:
        round_no += 1
        removed: list[tuple[int, tuple[int, ...], tuple[str, ...]]] = []
        for ch in chains:
            if ch.index not in in_s:
                continue
            counted, notes = [], []
            for region in by_chain[ch.index]:
                label = _region_label(board, region)
                if region.open:
                    notes.append(f"{label} reaches an open side of the diagram, so it is never {word}")
                elif small and not smallness[region.index]:
                    inner = " ".join(board.names(interior_empty(board, region)))
                    notes.append(f"{label} is not small: its empty points {inner} are not adjacent to any {colour.value} chain")
                elif flaws[(ch.index, region.index)]:
                    what = "points" if all_points else "empty points"
                    bad = " ".join(board.names(flaws[(ch.index, region.index)]))
                    notes.append(f"{label} is not {word}: {what} {bad} not adjacent to the chain")
                else:
                    gone = sorted(i for i in region.chains if i not in in_s)
                    if gone:
                        who = ", ".join(_chain_label(board, board.chains[i]) for i in gone)
                        notes.append(f"{label} is {word} but also encloses {who}, already cast out")
                    else:
                        counted.append(region.index)
                        notes.append(f"{label} is {word} and all its {colour.value} chains remain")
            if len(counted) < 2:
                removed.append((ch.index, tuple(counted), tuple(notes)))
            else:
                fates[ch.index] = ChainFate(ch.index, True, None, tuple(counted), tuple(notes))
        if not removed:
            break
        for index, counted_t, notes_t in removed:
            in_s.discard(index)
            fates[index] = ChainFate(index, False, round_no, counted_t, notes_t)
    return Trace(colour, fates)


def trace_wikipedia(board: Board, colour: Colour) -> Trace:
    """The two-step loop of Wikipedia's article, literally.

    X is every c-chain and R every c-region.  Repeat: (1) remove from X each
    chain with fewer than two regions in R vital to it, where a region is
    vital to a chain when all its empty points are liberties of the chain;
    (2) remove from R each region with a stone of a removed chain on its
    border.  Stop when neither step removes anything.  A region reaching an
    open side is never vital (our rule for cut-outs).  Read literally,
    "vital" does not ask that the region touch the chain: a region with no
    empty point (only possible in an illegal position) is vital to every chain.
    """
    chains = board.chains_of(colour)
    r_set = {r.index: r for r in board.regions(colour) if r.chains}
    x_set = {ch.index for ch in chains}
    fates: dict[int, ChainFate] = {}
    round_no = 0
    while True:
        round_no += 1
        removed = []
        for ch in chains:
            if ch.index not in x_set:
                continue
            vital = [
                r.index
                for r in r_set.values()
                if not r.open and all(p in ch.liberties for p in r.empty)
            ]
            notes_list = [f"{_region_label(board, board.regions(colour)[i])} is vital to it" for i in vital]
            for region in board.chain_regions(ch):
                if region.index in vital:
                    continue
                label = _region_label(board, region)
                if region.index not in r_set:
                    notes_list.append(f"{label} was removed from R: it borders a chain removed from X")
                elif region.open:
                    notes_list.append(f"{label} reaches an open side of the diagram, so it is never vital")
                else:
                    bad = " ".join(board.names(region.empty - ch.liberties))
                    notes_list.append(f"{label} is not vital: empty points {bad} are not liberties of the chain")
            notes = tuple(notes_list)
            if len(vital) < 2:
                removed.append((ch.index, tuple(vital), notes))
            else:
                fates[ch.index] = ChainFate(ch.index, True, None, tuple(vital), notes)
        for index, vital_t, notes_t in removed:
            x_set.discard(index)
            fates[index] = ChainFate(
                index, False, round_no, vital_t, notes_t + (f"fewer than two vital regions in step 1 of round {round_no}",)
            )
        if not removed:
            break
        for i in [i for i, r in r_set.items() if any(c not in x_set for c in r.chains)]:
            del r_set[i]
    return Trace(colour, fates)


# --------------------------------------------------------------- Knechtel


def trace_knechtel(board: Board, colour: Colour) -> Trace:
    """Karl Knechtel's string-graph marking, proposed in the page's discussion.

    Strings are the maximal connected sets of one state (black, white or
    empty); the graph joins adjacent strings.  Stone strings start unmarked.
    Repeat until nothing changes: an empty string is an *eye* when all its
    unmarked neighbouring strings have one colour (an empty string reaching
    an open side is never an eye); then every stone string next to at most
    one eye is marked "not unconditionally alive" for good.  The unmarked
    stone strings are its answer.  Both colours are marked together.
    """
    colours = board.colours
    empty_strings = board.components([c is Colour.EMPTY for c in colours], same_colour=True)
    open_points = board.open_points
    chain_at = board.chain_at
    eye_adj: list[frozenset[int]] = []  # stone strings next to each empty string
    eye_open: list[bool] = []
    for comp in empty_strings:
        eye_adj.append(frozenset(c for p in comp for q in board.adjacency[p] if (c := chain_at[q]) is not None))
        eye_open.append(any(p in open_points for p in comp))
    chain_eyes_adj: dict[int, list[int]] = {ch.index: [] for ch in board.chains}
    for e, adj in enumerate(eye_adj):
        for i in adj:
            chain_eyes_adj[i].append(e)
    marked: dict[int, int] = {}  # chain index -> iteration in which it was marked
    iteration = 0
    eyes: set[int] = set()
    while True:
        iteration += 1
        eyes = {
            e
            for e, adj in enumerate(eye_adj)
            if not eye_open[e] and len({board.chains[i].colour for i in adj if i not in marked}) <= 1
        }
        newly = [ch.index for ch in board.chains if ch.index not in marked and sum(e in eyes for e in chain_eyes_adj[ch.index]) <= 1]
        if not newly:
            break
        for i in newly:
            marked[i] = iteration
    fates: dict[int, ChainFate] = {}
    for ch in board.chains_of(colour):
        own_eyes = [e for e in chain_eyes_adj[ch.index] if e in eyes]
        names = [" ".join(board.names(empty_strings[e])) for e in own_eyes]
        if ch.index in marked:
            fates[ch.index] = ChainFate(
                ch.index, False, marked[ch.index], (),
                (f"marked in iteration {marked[ch.index]}: next to at most one eye",),
            )
        else:
            fates[ch.index] = ChainFate(
                ch.index, True, None, (), tuple(f"next to the eye {{{n}}}" for n in names)
            )
    return Trace(colour, fates, "marked in iteration")


# ---------------------------------------------------------------- registry


@dataclass(frozen=True)
class BoundVariant:
    """A variant's functions for one board, as one analysis calls them: the alive chains of a colour
    under a suicide rule, a colour's trace and the variant's own territory (None: it has none).

    A variant that computes both colours at once (static safety) makes them share what it computed
    (`Variant.bind`), so the cache lives as long as the analysis that owns these."""

    alive: Callable[[Colour, Suicide], frozenset[int]] | None
    trace: Callable[[Colour], Trace] | None
    territory: Callable[[Colour], frozenset[int]] | None


@dataclass(frozen=True)
class Variant:
    """A named reading of pass-alive.

    `suicide` lists the suicide rules the variant is defined for; `program`
    is its rule program in `passalive.rules` (`rules/` in the source tree);
    `direct(board, colour, suicide)` computes the pass-alive chain indices
    of one colour without the rule engine (None: only the rule engine runs it); `trace` explains a
    verdict; `all_points` says healthy means every point, not only every
    empty point, is adjacent (the suicide adaptation); `fast` says the
    variant has the fast path: its alive set is what the bitset casting-out
    of `passalive.definitions.direct` computes with `all_points`
    (`fast_alive`), so callers with many positions can skip building chains.
    """

    name: str
    description: str
    suicide: frozenset[Suicide]
    program: str | None
    direct: Callable[[Board, Colour, Suicide], frozenset[int]] | None
    trace: Callable[[Board, Colour], Trace] | None
    all_points: bool = False
    fast: bool = False

    def fast_alive(self, geometry: Geometry, colour: Colour) -> DirectResult:
        """The pass-alive chains of `colour` by the fast path, on a board's
        bitsets (`Geometry.of(board)`, shareable between variants and colours).

        Raises ValueError for a variant without a fast path (see `fast`).
        """
        if not self.fast:
            raise ValueError(f"the variant {self.name!r} has no fast path")
        return casting_out(geometry, colour, self.all_points)

    word: str = "pass-alive"
    """What a chain the variant accepts is called in text output (`safe` for static safety)."""
    territory: Callable[[Board, Colour], frozenset[int]] | None = None
    """The variant's own territory, used instead of a territory convention (None: the convention decides)."""
    bind: Callable[[Board], BoundVariant] | None = None
    """The variant's functions for one board sharing one computation (None: `direct`, `trace` and
    `territory` as they are); see `on`."""

    def on(self, board: Board) -> BoundVariant:
        """`direct`, `trace` and `territory` for this board, as one analysis calls them."""
        if self.bind is not None:
            return self.bind(board)
        direct, trace, territory = self.direct, self.trace, self.territory
        return BoundVariant(
            functools.partial(direct, board) if direct is not None else None,
            functools.partial(trace, board) if trace is not None else None,
            functools.partial(territory, board) if territory is not None else None,
        )

    def check_suicide(self, suicide: Suicide) -> None:
        """Refuse a suicide rule the variant is not defined for, with a UsageError."""
        if suicide not in self.suicide:
            allowed = ", ".join(sorted(s.value for s in self.suicide))
            hint = " (use the variant `suicide` for rules where multi-stone suicide is legal)" if suicide is not Suicide.ILLEGAL else ""
            raise UsageError(
                f"the variant {self.name!r} is defined only for suicide={allowed}, not suicide={suicide.value}{hint}"
            )


def _casting_out_trace(board: Board, colour: Colour) -> Trace:
    return trace_casting_out(board, colour)


def _suicide_trace(board: Board, colour: Colour) -> Trace:
    return trace_casting_out(board, colour, all_points=True)


def _benson_trace(board: Board, colour: Colour) -> Trace:
    return trace_casting_out(board, colour, small=True, word="vital")


def _fast(all_points: bool) -> Callable[[Board, Colour, Suicide], frozenset[int]]:
    def alive(board: Board, colour: Colour, suicide: Suicide = Suicide.ILLEGAL) -> frozenset[int]:
        return casting_out(Geometry.of(board), colour, all_points).chain_indices()

    alive.__doc__ = "The pass-alive chains of a colour, by `passalive.definitions.direct.casting_out`."
    return alive


def _from_trace(trace: Callable[[Board, Colour], Trace]) -> Callable[[Board, Colour, Suicide], frozenset[int]]:
    def alive(board: Board, colour: Colour, suicide: Suicide = Suicide.ILLEGAL) -> frozenset[int]:
        return trace(board, colour).alive

    return alive


def _definition(board: Board, colour: Colour, suicide: Suicide = Suicide.ILLEGAL) -> frozenset[int]:
    """The set definition solved as a constraint problem (`passalive.solver.csp`),
    within its time budget (`DEFAULT_CSP_SECONDS`; past it a BudgetError: unknown).

    With suicide legal, healthy means every point of a region is adjacent to
    the chain, as in the variant `suicide`.
    """
    try:
        from passalive.solver.csp import alive_chains
    except ImportError as missing:  # pragma: no cover - depends on the solver being installed
        raise UsageError(f"the variant 'definition' needs passalive.solver.csp, which is not available: {missing}") from missing
    from passalive.go import limits

    seconds = limits.DEFAULT_CSP_SECONDS  # read when called: the budget docs/limits.md names
    return frozenset(alive_chains(board, colour, all_points=suicide is not Suicide.ILLEGAL, seconds=seconds))


def _static_safe(board: Board, colour: Colour, suicide: Suicide = Suicide.ILLEGAL) -> frozenset[int]:
    from passalive.definitions.static_safety import safe_chains

    return safe_chains(board, colour)


def _static_territory(board: Board, colour: Colour) -> frozenset[int]:
    from passalive.definitions.static_safety import safe_territory

    return safe_territory(board, colour)


def _static_trace(board: Board, colour: Colour) -> Trace:
    from passalive.definitions.static_safety import trace_static_safety

    return trace_static_safety(board, colour)


def _sound_safe(board: Board, colour: Colour, suicide: Suicide = Suicide.ILLEGAL) -> frozenset[int]:
    from passalive.definitions.static_safety import safe_chains

    return safe_chains(board, colour, sound=True)


def _sound_territory(board: Board, colour: Colour) -> frozenset[int]:
    from passalive.definitions.static_safety import safe_territory

    return safe_territory(board, colour, sound=True)


def _sound_trace(board: Board, colour: Colour) -> Trace:
    from passalive.definitions.static_safety import trace_static_safety

    return trace_static_safety(board, colour, sound=True)


def _static_bound(sound: bool) -> Callable[[Board], BoundVariant]:
    """Static safety's functions for one board, sharing one `SafetyCache` (both colours are computed at once)."""

    def bind(board: Board) -> BoundVariant:
        from passalive.definitions.static_safety import (
            SafetyCache, safe_chains, safe_territory, trace_static_safety,
        )

        cache = SafetyCache(board)
        return BoundVariant(
            lambda colour, suicide: safe_chains(board, colour, sound=sound, cache=cache),
            lambda colour: trace_static_safety(board, colour, sound=sound, cache=cache),
            lambda colour: safe_territory(board, colour, sound=sound, cache=cache),
        )

    return bind


NO_SUICIDE = frozenset({Suicide.ILLEGAL})
ANY_SUICIDE = frozenset(Suicide)

VARIANTS: Mapping[str, Variant] = {
    v.name: v
    for v in (
        Variant(
            "casting-out",
            "Sensei's Library: the largest set of c-chains each with two healthy c-regions enclosed only by the set (default)",
            NO_SUICIDE, "casting-out.dl", _fast(False), _casting_out_trace, fast=True,
        ),
        Variant(
            "benson",
            "Benson 1976: small c-enclosed regions, vital regions, the unconditionally alive set",
            NO_SUICIDE, "benson.dl", _from_trace(_benson_trace), _benson_trace,
        ),
        Variant(
            "wikipedia",
            "Wikipedia: remove chains with fewer than two vital regions, then regions bordering removed chains, repeat",
            NO_SUICIDE, "wikipedia.dl", _from_trace(trace_wikipedia), trace_wikipedia,
        ),
        Variant(
            "suicide",
            "casting-out where healthy means every point of the region, stones too, is adjacent (multi-stone suicide legal)",
            ANY_SUICIDE, "suicide.dl", _fast(True), _suicide_trace, all_points=True, fast=True,
        ),
        Variant(
            "knechtel",
            "Knechtel's string-graph marking from the page's discussion (a heuristic; differs on big eyes)",
            NO_SUICIDE, "knechtel.dl", _from_trace(trace_knechtel), trace_knechtel,
        ),
        Variant(
            "definition",
            "the set-based definition itself, solved as a constraint problem (python-constraint2); any suicide rule",
            ANY_SUICIDE, None, _definition, None,
        ),
        Variant(
            "static-safety",
            "Müller 1997 / Fuego's go_safe static: blocks and regions safe if the owner answers every attack "
            "(1-vital and 2-vital regions, miai connections, surrounded areas)",
            NO_SUICIDE, "static-safety.dl", _static_safe, _static_trace,
            word="safe", territory=_static_territory, bind=_static_bound(False),
        ),
        Variant(
            "static-safety-sound",
            "static safety without Fuego's rules that the game refutes (the protected cuts, the vital-point "
            "count of the nakade test): no claim refuted by the alternating-play search (docs/findings.md)",
            NO_SUICIDE, "static-safety-sound.dl", _sound_safe, _sound_trace,
            word="safe", territory=_sound_territory, bind=_static_bound(True),
        ),
    )
}

def verdict_word(variant: str) -> str:
    """How text output names a chain the variant accepts: `pass-alive`, or `safe` for static safety."""
    chosen = VARIANTS.get(variant)
    return chosen.word if chosen is not None else "pass-alive"


DEFAULT_VARIANT = "casting-out"
SUICIDE_VARIANT = "suicide"
"""What plain `--suicide` (multi-stone suicide legal) selects when no variant is named."""
