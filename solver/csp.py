"""The set definition of pass-alive as a constraint problem (python-constraint2).

The definition on the Sensei's Library page, in passalive's terms: a set S of
c-chains such that every chain in S touches at least two c-regions that are
*healthy* for it (every empty point of the region is a liberty of the chain;
a region reaching an open side of a cut-out is never healthy) and whose
adjacent c-chains all belong to S.  The pass-alive chains are those of the
largest such set.

Here the definition is stated as it is, not as an algorithm: one 0/1
variable per c-chain (is it in S?), and for each chain one constraint "if I
am in S, at least two of my healthy regions have all their chains in S".  A
constraint solver then answers, per chain, "is there any solution S that
contains this chain?"  The union of the chains for which the answer is yes
is checked to be a solution itself (the union of two solutions always is
one, so this is a check of the solver, not an assumption), and that union is
the largest solution.  The number of solutions can be exponential; they are
never enumerated.

With `all_points=True` healthy means every point of the region, stones too,
is adjacent to the chain: the adaptation for rules where suicide is legal.
"""

from __future__ import annotations

import time
from collections.abc import Mapping

from constraint import FunctionConstraint, InSetConstraint, Problem

from passalive.errors import BudgetError
from passalive.go.board import Board, Colour
from passalive.go.limits import DEFAULT_CSP_SECONDS


class _OutOfTime(Exception):
    """The search's deadline passed (raised inside a constraint, caught by `alive_chains`)."""


def _healthy_regions(board: Board, colour: Colour, all_points: bool) -> dict[int, list[frozenset[int]]]:
    """For each c-chain: the chain sets of the regions healthy for it."""
    result: dict[int, list[frozenset[int]]] = {c.index: [] for c in board.chains_of(colour)}
    chains = board.chains
    for region in board.regions(colour):
        if region.open:
            continue
        for b in region.chains:
            chain = chains[b]
            near = chain.liberties if not all_points else frozenset(
                q for p in chain.points for q in board.adjacency[p]
            )
            points = region.points if all_points else region.empty
            if points <= near:
                result[b].append(region.chains)
    return result


def _satisfied(healthy: Mapping[int, list[frozenset[int]]], members: frozenset[int]) -> bool:
    """Whether `members` satisfies the definition (every member has two good regions)."""
    return all(sum(1 for chains in healthy[b] if chains <= members) >= 2 for b in members)


def _problem(healthy: Mapping[int, list[frozenset[int]]], deadline: float | None = None) -> Problem:
    """The problem; each constraint looks at the clock, so the solver stops past `deadline` (`_OutOfTime`)."""
    problem = Problem()
    for b in healthy:
        # 1 first: the solver then looks for large sets before small ones
        problem.addVariable(b, [1, 0] if len(healthy[b]) >= 2 else [0])
    for b, regions in healthy.items():
        if len(regions) < 2:
            continue
        others = sorted({c for chains in regions for c in chains} - {b})
        variables = [b, *others]

        def two_good_regions(*values: int, _b: int = b, _vars: list[int] = variables, _regions: list[frozenset[int]] = regions) -> bool:
            if deadline is not None and time.monotonic() > deadline:
                raise _OutOfTime
            if not values[0]:
                return True
            inside = {v for v, x in zip(_vars, values) if x}
            return sum(1 for chains in _regions if chains <= inside) >= 2

        problem.addConstraint(FunctionConstraint(two_good_regions), variables)
    return problem


def alive_chains(
    board: Board, colour: Colour, all_points: bool = False, seconds: float | None = DEFAULT_CSP_SECONDS
) -> frozenset[int]:
    """The chains (indices into `board.chains`) of the largest set S, found per chain.

    The search stops after `seconds` (None: no bound) with a BudgetError: the
    answer is then unknown.  Raises AssertionError if the union of the
    per-chain answers is not itself a solution (it always is; a failure would
    be a bug in the solver).
    """
    deadline = None if seconds is None else time.monotonic() + seconds
    healthy = _healthy_regions(board, colour, all_points)
    members: set[int] = set()
    for b in healthy:
        if b in members or len(healthy[b]) < 2:
            continue
        problem = _problem(healthy, deadline)
        problem.addConstraint(InSetConstraint({1}), [b])
        try:
            if deadline is not None and time.monotonic() > deadline:
                raise _OutOfTime
            solution = problem.getSolution()
        except _OutOfTime:
            raise BudgetError(
                f"unknown: the constraint search of the variant 'definition' ran out of its budget of {seconds:g} s "
                f"before it decided every {colour.value} chain (see docs/limits.md)"
            ) from None
        if solution:
            members.update(c for c, x in solution.items() if x)
    result = frozenset(members)
    if not _satisfied(healthy, result):
        raise AssertionError("the union of the per-chain solutions is not a solution")
    return result


def is_solution(board: Board, colour: Colour, chains: frozenset[int], all_points: bool = False) -> bool:
    """Whether a set of c-chains satisfies the definition."""
    return _satisfied(_healthy_regions(board, colour, all_points), chains)


def closed_subset(board: Board, colour: Colour, chains: frozenset[int], all_points: bool = False) -> frozenset[int]:
    """The largest subset of `chains` that satisfies the definition.

    Chains without two good regions inside the subset are dropped until none
    is left to drop; the result is a solution, so by the invariant argument in
    `docs/solver.md` every chain in it is pass-alive (with `all_points=True`:
    even when suicide is legal).  The verifier uses it as a proof certificate.
    """
    healthy = _healthy_regions(board, colour, all_points)
    members = set(chains) & set(healthy)
    while True:
        drop = {b for b in members if sum(1 for group in healthy[b] if group <= members) < 2}
        if not drop:
            return frozenset(members)
        members -= drop

