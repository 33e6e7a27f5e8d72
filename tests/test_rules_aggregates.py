"""Comparing an aggregate with `=`: a test of its value, never a binding of it."""

from __future__ import annotations

from passalive.rules import parse_program

PROGRAM = """
.decl edge(p: number, q: number)
.decl node(p: number)
.decl degree(p: number, n: number)
// p has no neighbour / exactly one / as many as n says.
.decl isolated(p: number)
.decl leaf(p: number)
.decl matches(p: number)
isolated(P) :- node(P), count : { edge(P, _) } = 0.
leaf(P) :- node(P), 1 = count : { edge(P, _) }.
matches(P) :- degree(P, N), count : { edge(P, _) } = N.
"""


def test_count_equal_to_a_constant_is_a_test() -> None:
    # 1 - 2, 2 - 3: node 4 is isolated, 1 and 3 are leaves, 2 has two neighbours.
    edges = [(1, 2), (2, 1), (2, 3), (3, 2)]
    model = parse_program(PROGRAM, path="degrees.dl").run(
        {"edge": edges, "node": [(1,), (2,), (3,), (4,)], "degree": [(1, 1), (2, 1), (3, 1), (4, 0)]}
    )
    assert model.relation("isolated") == {(4,)}
    assert model.relation("leaf") == {(1,), (3,)}
    assert model.relation("matches") == {(1,), (3,), (4,)}
