"""The instant eye tester: is a one-point eye real or false, without search?

Source: Sensei's Library, "Instant Eye Tester" (Matt Noonan's page and its
discussion, https://senseis.xmp.net/?InstantEyeTester).  The idea, in our words: a one-point
eye is real when the stones around it belong together anyway, i.e. every two of
its neighbouring stones are joined by a *path* that does not use the eye.

Terms (see `docs/eyes-and-scoring.md` for the full write-up):

* an **eye point** (an "eye" on the page) of colour c is an empty point, not on
  an open side of a cut-out, with at least one neighbour, all of whose
  neighbours are c stones;
* a **path** of colour c between two c stones is a walk over c stones that may
  *skip* single points as if a c stone stood there: two stones are linked when
  they are adjacent, or both adjacent to one skippable point.  Which points are
  skippable is what the variants disagree about;
* an eye point E is **real** when all its neighbouring stones are pairwise
  joined by paths that never pass through E; otherwise it is **false**.

Since adjacent same-coloured stones are one chain, a path is the same as a
sequence of chains in which each consecutive pair shares a skippable point.
That is how it is computed here: union-find over the chains of colour c, one
union per skippable point (all the c-chains around it).  In rule form (the
full program is the bundled `rules/eyes.dl`)::

    skippable(Q, E)  :- variant-specific, Q != E.
    link(A, B, E)    :- chain_adjacent(A, Q), chain_adjacent(B, Q), skippable(Q, E).
    joined(A, B, E)  :- equivalence closure of link(_, _, E).
    false_eye(E)     :- eye(E), neighbour_chain(E, A), neighbour_chain(E, B),
                        not joined(A, B, E).

Variants (`VARIANTS`):

* `paths` — the page's definition with David Peklak's correction: any empty
  point other than E may be skipped; the path never passes through E.
* `paths-first-step` — the definition as first written: only the *first* step
  of a path may not enter E.  A stone that can walk to another neighbour of E
  without E can then jump across E, so the eye comes out real as soon as every
  neighbouring stone has some partner around E (the flaw the correction fixes).
* `stones-and-eyes` — Bill Spight's proposal: a path may skip only eye points
  of the same colour (any eye point other than E), not arbitrary empty points.
* `unsettled` — Lapin's iterative procedure: start with every eye point of c
  "unsettled", test each one allowing skips only over the other unsettled eye
  points, turn the failures false, and repeat until nothing changes.  Removing
  skippable points can only break links, so the rounds shrink a set
  monotonically: the procedure stops after at most one round more than there
  are eye points, and its result is the *largest* set of eye points that are real
  when only each other may be skipped (the greatest fixpoint of Spight's
  self-referential definition, which jsha's example shows has more than one
  fixpoint).  The order in which eyes are tested within a round does not
  matter.  Round one of `unsettled` is exactly `stones-and-eyes`.
* `solid` — stw's suggestion after "Two 'real' eyes, but dead": paths without
  spaces, so an eye is real only when the stones around it form one chain.

Cut-outs: a point on an open side is never an eye point (its unseen
neighbours are unknown), and paths use only the points the diagram shows.

Two engines give the same verdicts (the tests check it): `direct`, the
union-find code below, and `rules`, the rule program `rules/eyes.dl` run on
passalive's Datalog engine (`passalive.rules`; its keyed `eqrel` gives the
"joined without E" classes, its `greatest` relation Lapin's iteration), which
can also explain a verdict (`explain_eye`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TYPE_CHECKING

from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.tools.claims import ClaimResult, problem_messages
from passalive.go.diagram import Diagram
from passalive.go.markup import Annotation
from passalive.go.union_find import UnionFind
from passalive.errors import InputError, Location

if TYPE_CHECKING:  # the rule engine loads on first use
    from passalive.rules import Model, Program

VARIANTS: dict[str, str] = {
    "paths": "the page's path definition, corrected: a path may skip one empty point at a time and never passes through the eye",
    "paths-first-step": "the definition as first written: only a path's first step may not enter the eye",
    "stones-and-eyes": "Spight: a path may skip only other eye points of the same colour",
    "unsettled": "Lapin: iterate 'stones-and-eyes' over the eyes not yet found false until nothing changes",
    "solid": "stw: a path may skip nothing (the stones around the eye must be one chain)",
}
"""The eye-tester variants, each with a one-line description."""

DEFAULT_VARIANT = "paths"

ENGINES = ("direct", "rules")
"""How to compute: the union-find code of this module, or `RULE_PROGRAM` on the rule engine."""

RULE_PROGRAM = "eyes.dl"
"""The bundled rule program of the eye tester (`rules/eyes.dl`, over the shared
`board.dl`): outputs `eye(e, c)` and `false_eye(variant, e)`."""


@dataclass(frozen=True)
class EyePoint:
    """An empty point all of whose neighbours are stones of `colour`.

    `chains` are the indices of the neighbouring chains (one or more);
    `stones` the neighbouring stone points.
    """

    point: int
    colour: Colour
    stones: frozenset[int]
    chains: frozenset[int]


@dataclass(frozen=True)
class EyeVerdict:
    """The verdict on one eye point under one variant.

    `unjoined` lists the pairs of neighbouring chains (chain indices, smaller
    first) that no admissible path joins — empty exactly when the eye is real.
    For `paths-first-step` the pairs name a chain with no partner and the
    chain it was tested against.
    """

    eye: EyePoint
    real: bool
    unjoined: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True)
class EyeReport:
    """Every eye point of a board classified under one variant."""

    variant: str
    verdicts: tuple[EyeVerdict, ...]
    rounds: int = 1
    """For `unsettled`, the number of rounds the iteration took, counting the
    last one that found nothing (0 when computed by the rule engine)."""

    @property
    def real(self) -> frozenset[int]:
        """The real eye points."""
        return frozenset(v.eye.point for v in self.verdicts if v.real)

    @property
    def false(self) -> frozenset[int]:
        """The false eye points."""
        return frozenset(v.eye.point for v in self.verdicts if not v.real)

    def verdict_at(self, point: int) -> EyeVerdict | None:
        """The verdict on the eye point `point`, or None if it is not one."""
        return next((v for v in self.verdicts if v.eye.point == point), None)


# ------------------------------------------------------------------ eye points


def eye_points(board: Board) -> tuple[EyePoint, ...]:
    """Every eye point of the board, in point-id order.

    An eye point is empty, not on an open side, has a neighbour, and all its
    neighbours are stones of one colour.
    """
    colours = board.colours
    open_points = board.open_points
    eyes: list[EyePoint] = []
    for p, colour in enumerate(colours):
        if colour is not Colour.EMPTY or p in open_points:
            continue
        neighbours = board.adjacency[p]
        if not neighbours:
            continue
        first = colours[neighbours[0]]
        if first is Colour.EMPTY or any(colours[q] is not first for q in neighbours):
            continue
        eyes.append(
            EyePoint(
                point=p,
                colour=first,
                stones=frozenset(neighbours),
                chains=frozenset(board.chain_of(q) for q in neighbours),
            )
        )
    return tuple(eyes)


# ------------------------------------------------------------------ the paths


def _adjacent_chains(board: Board, colour: Colour, point: int) -> list[int]:
    """The indices of the `colour` chains adjacent to `point`."""
    colours = board.colours
    return sorted({board.chain_of(q) for q in board.adjacency[point] if colours[q] is colour})


def joined_chains(board: Board, colour: Colour, skippable: Iterable[int]) -> UnionFind:
    """Which `colour` chains paths join when exactly `skippable` may be skipped.

    Two chains are linked when both touch one skippable point; the result
    holds the equivalence closure of that relation.
    """
    joined = UnionFind(len(board.chains))
    for q in skippable:
        around = _adjacent_chains(board, colour, q)
        for other in around[1:]:
            joined.union(around[0], other)
    return joined


def has_path(board: Board, a: int, b: int, *, avoid: int | None = None, variant: str = DEFAULT_VARIANT) -> bool:
    """Whether a path joins the stones `a` and `b` (of one colour) without `avoid`.

    `variant` chooses the skippable points as in the module docstring
    (`paths-first-step` is a property of eye tests, not of paths, and counts
    as `paths` here).
    """
    colours = board.colours
    colour = colours[a]
    if colour is Colour.EMPTY or colours[b] is not colour:
        raise InputError(f"a path joins two stones of one colour; {board.name(a)} and {board.name(b)} are not")
    skippable = _skippable(board, colour, variant, frozenset(e.point for e in eye_points(board) if e.colour is colour))
    joined = joined_chains(board, colour, (q for q in skippable if q != avoid))
    return joined.same(board.chain_of(a), board.chain_of(b))


def is_string(board: Board, stones: Iterable[int], *, variant: str = DEFAULT_VARIANT) -> bool:
    """Whether every two of `stones` are joined by a path (the page's "string")."""
    points = sorted(set(stones))
    return all(has_path(board, points[0], q, variant=variant) for q in points[1:])


def _skippable(board: Board, colour: Colour, variant: str, eyes_of_colour: frozenset[int]) -> frozenset[int]:
    """The points a `colour` path may skip under `variant` (before removing the eye tested)."""
    if variant in ("paths", "paths-first-step"):
        return board.stones(Colour.EMPTY)
    if variant in ("stones-and-eyes", "unsettled"):
        return eyes_of_colour
    if variant == "solid":
        return frozenset()
    raise InputError(f"unknown eye-tester variant {variant!r}; expected one of {', '.join(VARIANTS)}")


def _unjoined(eye: EyePoint, joined: UnionFind) -> tuple[tuple[int, int], ...]:
    """The pairs of the eye's neighbouring chains that `joined` keeps apart."""
    chains = sorted(eye.chains)
    return tuple(
        (a, b)
        for i, a in enumerate(chains)
        for b in chains[i + 1 :]
        if not joined.same(a, b)
    )


def _test(board: Board, eye: EyePoint, skippable: frozenset[int]) -> EyeVerdict:
    """The corrected path test of one eye point, skipping `skippable` minus the eye."""
    if len(eye.chains) == 1:
        return EyeVerdict(eye, True)
    joined = joined_chains(board, eye.colour, (q for q in skippable if q != eye.point))
    unjoined = _unjoined(eye, joined)
    return EyeVerdict(eye, not unjoined, unjoined)


def _test_first_step(board: Board, eye: EyePoint, skippable: frozenset[int]) -> EyeVerdict:
    """The test as first written: only a path's first step may not enter the eye.

    A path from neighbour stone x to neighbour stone y exists when x reaches,
    without the eye, some *other* neighbour stone z of the eye (possibly of its
    own chain): the path then goes x .. z, jumps across the eye to y.  So the
    eye is real when every neighbouring stone has such a partner.
    """
    if len(eye.chains) == 1:
        return EyeVerdict(eye, True)
    joined = joined_chains(board, eye.colour, (q for q in skippable if q != eye.point))
    chain_of = board.chain_of
    stones = sorted(eye.stones)
    lonely: list[tuple[int, int]] = []
    for x in stones:
        cx = chain_of(x)
        if not any(z != x and joined.same(chain_of(z), cx) for z in stones):
            other = next(chain_of(z) for z in stones if chain_of(z) != cx)
            lonely.append((min(cx, other), max(cx, other)))
    return EyeVerdict(eye, not lonely, tuple(sorted(set(lonely))))


def classify(board: Board, variant: str = DEFAULT_VARIANT, engine: str = "direct") -> EyeReport:
    """Every eye point of the board, real or false under `variant`, computed
    by `engine` (`direct` or `rules`; see ENGINES)."""
    if variant not in VARIANTS:
        raise InputError(f"unknown eye-tester variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    if engine not in ENGINES:
        raise InputError(f"unknown engine {engine!r}; expected one of {', '.join(ENGINES)}")
    if engine == "rules":
        return _classify_rules(board, variant)
    eyes = eye_points(board)
    by_colour = {c: frozenset(e.point for e in eyes if e.colour is c) for c in STONE_COLOURS}
    if variant == "unsettled":
        return _unsettled(board, eyes, by_colour)
    tester = _test_first_step if variant == "paths-first-step" else _test
    skippable = {c: _skippable(board, c, variant, by_colour[c]) for c in STONE_COLOURS}
    return EyeReport(variant, tuple(tester(board, e, skippable[e.colour]) for e in eyes))


def _unsettled(board: Board, eyes: Sequence[EyePoint], by_colour: Mapping[Colour, frozenset[int]]) -> EyeReport:
    """Lapin's procedure: the greatest set of eye points that are real when
    only each other may be skipped, by rounds of casting out failures."""
    unsettled = {c: set(points) for c, points in by_colour.items()}
    verdicts: dict[int, EyeVerdict] = {}
    rounds = 0
    while True:
        rounds += 1
        failed: list[EyeVerdict] = []
        for eye in eyes:
            if eye.point not in unsettled[eye.colour]:
                continue
            verdict = _test(board, eye, frozenset(unsettled[eye.colour]))
            verdicts[eye.point] = verdict
            if not verdict.real:
                failed.append(verdict)
        if not failed:
            break
        for verdict in failed:
            unsettled[verdict.eye.colour].discard(verdict.eye.point)
    return EyeReport("unsettled", tuple(verdicts[e.point] for e in eyes), rounds)


def classify_all(board: Board, variants: Iterable[str] = tuple(VARIANTS), engine: str = "direct") -> dict[str, EyeReport]:
    """The reports of several variants, by variant name."""
    return {v: classify(board, v, engine) for v in variants}


# ------------------------------------------------------------ the rule engine


@lru_cache(maxsize=1)
def rule_program() -> Program:
    """The bundled `eyes.dl` (`RULE_PROGRAM`), loaded and checked once per process.

    Loaded by its installed path, so a file of the same name in the working
    directory cannot stand in for it."""
    from passalive.definitions.facts import bundled_path
    from passalive.rules import load_program

    return load_program(str(bundled_path(RULE_PROGRAM)))


def _model(board: Board) -> Model:
    from passalive.definitions.facts import board_facts

    return rule_program().run(board_facts(board))


def _classify_rules(board: Board, variant: str) -> EyeReport:
    """`classify` on the rule engine.  The verdicts carry no `unjoined`
    pairs and `rounds` is 0 (use `explain_eye` for the reasons)."""
    model = _model(board)
    false = {e for v, e in model.relation("false_eye") if v == variant}
    by_point = {e.point: e for e in eye_points(board)}
    ruled = {e for e, _ in model.relation("eye")}
    if ruled != set(by_point):  # pragma: no cover - the two definitions of an eye point agree
        raise AssertionError("the rule program and eye_points() disagree on the eye points")
    return EyeReport(variant, tuple(EyeVerdict(by_point[p], p not in false) for p in sorted(by_point)), 0)


def explain_eye(board: Board, point: int, variant: str = DEFAULT_VARIANT) -> str:
    """Why the eye point is false (the rule engine's proof tree), or why it
    is not (the engine's account of the missing `false_eye` fact), with the
    points named as on the board (`passalive.definitions.facts.explain_fact`)."""
    from passalive.definitions.facts import explain_fact

    if variant not in VARIANTS:
        raise InputError(f"unknown eye-tester variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    return explain_fact(board, _model(board), "false_eye", (variant, point))


def disagreements(reports: Mapping[str, EyeReport]) -> frozenset[int]:
    """The eye points on which the given reports do not all agree."""
    points: set[int] = set()
    report_list = list(reports.values())
    if not report_list:
        return frozenset()
    for verdict in report_list[0].verdicts:
        answers = {verdict.eye.point in r.real for r in report_list}
        if len(answers) > 1:
            points.add(verdict.eye.point)
    return frozenset(points)


# ------------------------------------------------------- expected results


@dataclass(frozen=True)
class EyesClaim:
    """`$$ {EYES variant=NAME[,NAME...] [real=P,...|none] [false=P,...|none]}`.

    Under each listed variant, the real eye points must be exactly `real`
    and the false ones exactly `false` (None: that side is not checked).
    """

    variants: tuple[str, ...]
    real: frozenset[int] | None
    false: frozenset[int] | None


@dataclass(frozen=True)
class PathClaim:
    """`$$ {PATH P,Q[,R...] joined=yes|no [variant=NAME] [avoid=E]}`.

    The listed stones are (`yes`) or are not (`no`) pairwise joined by paths
    of `variant` (default `paths`) that never pass through `avoid`; with
    three or more stones this is the page's "string" test.
    """

    stones: tuple[int, ...]
    joined: bool
    variant: str
    avoid: int | None


def _point_list(annotation: Annotation, board: Board, value: str, index: int) -> frozenset[int]:
    """Point ids from a comma-separated list of names (or `none`)."""
    if value == "none":
        return frozenset()
    points: set[int] = set()
    for name in value.split(","):
        try:
            points.add(board.point(name))
        except InputError:
            raise annotation.error(f"{annotation.word}: no point named {name!r} on this diagram", index) from None
    return frozenset(points)


def read_eyes_claim(annotation: Annotation, board: Board) -> EyesClaim:
    """Interpret an `{EYES ...}` annotation (passalive.go.markup.Annotation)."""
    options = annotation.options(("variant", "real", "false"))
    variant_text, variant_index = options.get("variant", (DEFAULT_VARIANT, None))
    variants = tuple(variant_text.split(","))
    for v in variants:
        if v not in VARIANTS:
            raise annotation.error(
                f"EYES: unknown variant {v!r}; expected one of {', '.join(VARIANTS)}", variant_index
            )
    real = _point_list(annotation, board, *options["real"]) if "real" in options else None
    false = _point_list(annotation, board, *options["false"]) if "false" in options else None
    if real and false and real & false:
        raise annotation.error(
            f"EYES: {_named(board, real & false)} listed both as real and as false", options["false"][1]
        )
    return EyesClaim(variants, real, false)


def read_path_claim(annotation: Annotation, board: Board) -> PathClaim:
    """Interpret a `{PATH ...}` annotation (passalive.go.markup.Annotation)."""
    items = annotation.items
    if not items or "=" in items[0]:
        raise annotation.error("PATH: expected the stones first, e.g. {PATH C3,E3 joined=yes}")
    stones = tuple(sorted(_point_list(annotation, board, items[0], 0)))
    colours = {board.colours[p] for p in stones}
    if len(stones) < 2 or len(colours) != 1 or Colour.EMPTY in colours:
        raise annotation.error("PATH: expected two or more stones of one colour", 0)
    rest = replace(annotation, items=items[1:], item_columns=annotation.item_columns[1:])
    options = rest.options(("joined", "variant", "avoid"))
    if "joined" not in options or options["joined"][0] not in ("yes", "no"):
        raise rest.error("PATH: expected joined=yes or joined=no", options["joined"][1] if "joined" in options else None)
    variant, variant_index = options.get("variant", (DEFAULT_VARIANT, None))
    if variant not in VARIANTS:
        raise rest.error(f"PATH: unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}", variant_index)
    avoid = None
    if "avoid" in options:
        points = _point_list(rest, board, *options["avoid"])
        if len(points) != 1:
            raise rest.error("PATH: avoid= names one point", options["avoid"][1])
        (avoid,) = points
    return PathClaim(stones, options["joined"][0] == "yes", variant, avoid)


CLAIM_WORDS = ("EYES", "PATH")
"""The extension-line words this module reads and checks."""


def _named(board: Board, points: Iterable[int]) -> str:
    return ",".join(board.names(points)) or "none"


def _sides(board: Board, real: frozenset[int] | None, false: frozenset[int] | None) -> str:
    """`real D4; false none`: the sides given (a side that is None is left out)."""
    parts = [f"{label} {_named(board, points)}" for label, points in (("real", real), ("false", false)) if points is not None]
    return "; ".join(parts)


def check_eyes_claim(board: Board, claim: EyesClaim, location: Location) -> tuple[ClaimResult, ...]:
    """The claim compared with the tester, one result per variant it names."""
    results: list[ClaimResult] = []
    for variant in claim.variants:
        report = classify(board, variant)
        problems = tuple(
            f"{variant}: {label} eyes are {', '.join(board.names(got)) or 'none'}, "
            f"expected {', '.join(board.names(want)) or 'none'}"
            for label, want, got in (("real", claim.real, report.real), ("false", claim.false, report.false))
            if want is not None and want != got
        )
        results.append(
            ClaimResult(
                location,
                "eyes",
                f"eyes:{variant}",
                _sides(board, claim.real, claim.false),
                _sides(board, report.real if claim.real is not None else None, report.false if claim.false is not None else None),
                problems,
            )
        )
    return tuple(results)


def check_path_claim(board: Board, claim: PathClaim, location: Location) -> ClaimResult:
    """A PATH claim compared with the path test."""
    first = claim.stones[0]
    got = all(has_path(board, first, q, avoid=claim.avoid, variant=claim.variant) for q in claim.stones[1:])
    stones = _named(board, claim.stones)
    avoiding = f" avoiding {board.name(claim.avoid)}" if claim.avoid is not None else ""

    def joined(yes: bool) -> str:
        return f"{stones} {'joined' if yes else 'not joined'}{avoiding}"

    problems = () if got == claim.joined else (f"{claim.variant}: stones {', '.join(board.names(claim.stones))} are {'' if got else 'not '}joined",)
    return ClaimResult(location, "path", f"eyes:{claim.variant}", joined(claim.joined), joined(got), problems)


def check_annotation(annotation: Annotation, board: Board) -> tuple[ClaimResult, ...]:
    """Read and check one `{EYES}` or `{PATH}` line (InputError if malformed)."""
    if annotation.word == "EYES":
        return check_eyes_claim(board, read_eyes_claim(annotation, board), annotation.location)
    if annotation.word == "PATH":
        return (check_path_claim(board, read_path_claim(annotation, board), annotation.location),)
    raise ValueError(f"not an eye-tester line: {annotation.word}")


def claim_results(diagram: Diagram) -> tuple[ClaimResult, ...]:
    """Every EYES and PATH line of the diagram, checked, in line order."""
    return tuple(
        r for a in diagram.annotations if a.word in CLAIM_WORDS for r in check_annotation(a, diagram.board)
    )


def check_diagram(diagram: Diagram) -> list[str]:
    """Every disagreement between a diagram's EYES/PATH lines and the tester."""
    return problem_messages(claim_results(diagram))
