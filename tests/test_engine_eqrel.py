"""eqrel against connected components computed by breadth-first search."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from passalive.rules import parse_program

from test_engine import COMPONENTS

PROGRAM = parse_program(
    COMPONENTS
    + """
    .decl keyed(k: symbol, a: number, b: number) eqrel
    keyed("even", X, Y) :- edge(X, Y), X % 2 = 0, Y % 2 = 0.
    keyed("all", X, Y) :- edge(X, Y).
    keyed(K, X, X) :- node(X), K = "all".
    .decl keyed_rep(k: symbol, x: number, r: number)
    keyed_rep(K, X, R) :- keyed.rep(K, X, R).
    """
)


def components(nodes: set[int], edges: list[tuple[int, int]]) -> dict[int, frozenset[int]]:
    neighbours: dict[int, set[int]] = {n: set() for n in nodes}
    for a, b in edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    out: dict[int, frozenset[int]] = {}
    for start in sorted(nodes):
        if start in out:
            continue
        seen = {start}
        todo = [start]
        while todo:
            for m in neighbours[todo.pop()]:
                if m not in seen:
                    seen.add(m)
                    todo.append(m)
        for m in seen:
            out[m] = frozenset(seen)
    return out


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), max_size=20),
    st.sets(st.integers(0, 14), max_size=6),
)
def test_eqrel_is_the_partition_into_connected_components(edges, extra_nodes):
    nodes = {x for e in edges for x in e} | extra_nodes
    model = PROGRAM.run({"edge": edges, "node": [(n,) for n in nodes]})
    comp = components(nodes, edges)
    assert model.relation("same") == {(a, b) for a in nodes for b in comp[a]}
    assert model.relation("same.rep") == {(a, min(comp[a])) for a in nodes}
    assert model.relation("size") == {(min(c), len(c)) for c in comp.values()}
    even_edges = [(a, b) for a, b in edges if a % 2 == 0 and b % 2 == 0]
    even_nodes = {x for e in even_edges for x in e}
    even = components(even_nodes, even_edges)
    expected = {("all", a, min(comp[a])) for a in nodes} | {("even", a, min(even[a])) for a in even_nodes}
    assert model.relation("keyed_rep") == expected
