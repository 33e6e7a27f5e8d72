"""The greatest-fixpoint construct against its definition, by brute force.

On random chain/region graphs, the engine's `alive` must be the union of all
sets S of chains with S ⊆ F(S) — the greatest fixpoint by Knaster–Tarski —
where F(S) keeps a chain with two healthy regions touched only by chains of S.
"""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from passalive.rules import parse_program

from test_engine import BENSON

PROGRAM = parse_program(BENSON)


def admitted(S: frozenset, chains, healthy, touches) -> frozenset:
    spoiled = {r for r, b in touches if b not in S}
    return frozenset(
        b for b in chains if len({r for bb, r in healthy if bb == b and r not in spoiled}) >= 2
    )


def greatest_by_definition(chains, healthy, touches) -> frozenset:
    result: frozenset = frozenset()
    for k in range(len(chains) + 1):
        for subset in combinations(sorted(chains), k):
            S = frozenset(subset)
            if S <= admitted(S, chains, healthy, touches):
                result |= S
    return result


graphs = st.integers(1, 7).flatmap(
    lambda n: st.tuples(
        st.just(list(range(n))),
        st.lists(st.tuples(st.integers(0, n - 1), st.integers(10, 17)), max_size=14),
        st.lists(st.tuples(st.integers(10, 17), st.integers(0, n - 1)), max_size=14),
    )
)


@settings(max_examples=200, deadline=None)
@given(graphs)
def test_alive_is_the_greatest_post_fixpoint(graph):
    chains, healthy, touches = graph
    # a region healthy for a chain touches it
    touches = sorted(set(touches) | {(r, b) for b, r in healthy})
    model = PROGRAM.run({"chain": [(b,) for b in chains], "healthy": healthy, "touches": touches})
    expected = greatest_by_definition(chains, healthy, touches)
    assert {b for (b,) in model.relation("alive")} == expected
    # every cast-out chain was admitted in round 1 and left in a later round
    assert all(r >= 2 for r in model.cast_out("alive").values())
