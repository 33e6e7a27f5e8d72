"""The rule engine on small readable programs: recursion, negation, aggregates,
eqrel, greatest fixpoints, includes and fact checking."""

from __future__ import annotations

import pytest

from passalive.errors import InputError
from passalive.rules import load_program, parse_program

EDGES = """
.decl edge(a: number, b: number)
.decl path(a: number, b: number)
path(X, Y) :- edge(X, Y).
path(X, Z) :- path(X, Y), edge(Y, Z).
"""


def test_transitive_closure():
    model = parse_program(EDGES).run({"edge": [(1, 2), (2, 3), (3, 4), (5, 6)]})
    assert model.relation("path") == {(1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4), (5, 6)}


def test_transitive_closure_of_a_cycle_terminates():
    model = parse_program(EDGES).run({"edge": [(1, 2), (2, 3), (3, 1)]})
    assert model.relation("path") == {(a, b) for a in (1, 2, 3) for b in (1, 2, 3)}


def test_right_recursive_and_doubly_recursive_rules_agree():
    left = parse_program(EDGES)
    double = parse_program(EDGES.replace("path(X, Z) :- path(X, Y), edge(Y, Z).", "path(X, Z) :- path(X, Y), path(Y, Z)."))
    edges = {"edge": [(i, i + 1) for i in range(30)] + [(30, 0)]}
    assert left.run(edges).relation("path") == double.run(edges).relation("path")


def test_same_generation():
    program = parse_program(
        """
        .decl parent(child: symbol, parent: symbol)
        .decl person(p: symbol)
        .decl sg(a: symbol, b: symbol)
        person(X) :- parent(X, _).
        person(Y) :- parent(_, Y).
        sg(X, X) :- person(X).
        sg(X, Y) :- parent(X, P), sg(P, Q), parent(Y, Q).
        """
    )
    model = program.run({"parent": [("ann", "eve"), ("bob", "eve"), ("cid", "ann"), ("dan", "bob"), ("eve", "zed")]})
    sg = model.relation("sg")
    assert ("ann", "bob") in sg and ("cid", "dan") in sg
    assert ("ann", "dan") not in sg and ("eve", "ann") not in sg


def test_stratified_negation():
    program = parse_program(
        EDGES
        + """
        .decl node(a: number)
        .decl unreachable(a: number, b: number)
        node(X) :- edge(X, _).
        node(Y) :- edge(_, Y).
        unreachable(X, Y) :- node(X), node(Y), !path(X, Y).
        .decl sink(a: number)
        sink(X) :- node(X), !edge(X, _).
        """
    )
    model = program.run({"edge": [(1, 2), (2, 3)]})
    assert model.relation("unreachable") == {(1, 1), (2, 1), (2, 2), (3, 1), (3, 2), (3, 3)}
    assert model.relation("sink") == {(3,)}


def test_aggregates():
    program = parse_program(
        """
        .decl w(item: symbol, weight: number)
        .decl box(b: number, item: symbol)
        .decl stats(b: number, n: number, lo: number, hi: number, total: number)
        .decl boxes(b: number)
        .decl heavy(b: number)
        .decl empty_count(b: number, n: number)
        boxes(B) :- box(B, _).
        stats(B, N, Lo, Hi, S) :- boxes(B),
            N = count : { box(B, I) },
            Lo = min W : { box(B, I), w(I, W) },
            Hi = max W : { box(B, I), w(I, W) },
            S = sum W : { box(B, I), w(I, W) }.
        heavy(B) :- boxes(B), sum W : { box(B, I), w(I, W) } > 10.
        empty_count(B, N) :- boxes(B), N = count : { box(B, I), w(I, W), W > 100 }.
        """
    )
    model = program.run(
        {
            "w": [("a", 5), ("b", 5), ("c", 7)],
            "box": [(1, "a"), (1, "b"), (1, "c"), (2, "a")],
        }
    )
    # sum over distinct assignments: a and b both weigh 5 and both count
    assert model.relation("stats") == {(1, 3, 5, 7, 17), (2, 1, 5, 5, 5)}
    assert model.relation("heavy") == {(1,)}
    assert model.relation("empty_count") == {(1, 0), (2, 0)}


def test_min_of_nothing_fails_the_rule():
    program = parse_program(
        """
        .decl p(x: number)
        .decl q(x: number, y: number)
        .decl least(x: number, m: number)
        least(X, M) :- p(X), M = min Y : q(X, Y).
        """
    )
    assert program.run({"p": [(1,), (2,)], "q": [(1, 4), (1, 3)]}).relation("least") == {(1, 3)}


def test_arithmetic_and_truncating_division():
    program = parse_program(
        """
        .decl n(x: number)
        .decl r(x: number, q: number, m: number, s: number)
        r(X, Q, M, S) :- n(X), Q = X / 2, M = X % 2, S = -X * 3 + 1.
        .decl safe(x: number)
        safe(X) :- n(X), 10 / X > 0.
        """
    )
    model = program.run({"n": [(7,), (-7,), (0,)]})
    assert model.relation("r") == {(7, 3, 1, -20), (-7, -3, -1, 22), (0, 0, 0, 1)}
    assert model.relation("safe") == {(7,)}  # 10 / 0 makes the literal false


def test_facts_in_the_program_and_symbols():
    program = parse_program(
        """
        .decl colour(c: symbol)
        colour("black"). colour("white").
        .decl other(c: symbol, d: symbol)
        other(C, D) :- colour(C), colour(D), C != D.
        """
    )
    assert program.run().relation("other") == {("black", "white"), ("white", "black")}


# --------------------------------------------------------------------------- eqrel
COMPONENTS = """
.decl edge(a: number, b: number)
.decl node(a: number)
.decl same(a: number, b: number) eqrel
same(X, Y) :- edge(X, Y).
same(X, X) :- node(X).
.decl component(rep: number)
component(R) :- same.rep(_, R).
.decl member(rep: number, x: number)
member(R, X) :- same.rep(X, R).
.decl size(rep: number, n: number)
size(R, N) :- component(R), N = count : { member(R, _) }.
"""


def test_eqrel_components_of_a_path_graph():
    program = parse_program(COMPONENTS)
    facts: dict[str, list[tuple]] = {"edge": [(1, 2), (3, 2), (3, 4), (10, 11)], "node": [(i,) for i in (1, 2, 3, 4, 10, 11, 20)]}
    model = program.run(facts)
    assert model.relation("component") == {(1,), (10,), (20,)}
    assert model.relation("size") == {(1, 4), (10, 2), (20, 1)}
    assert model.contains("same", (4, 1)) and not model.contains("same", (4, 10))
    assert (2, 4) in model.relation("same")  # queries enumerate class members


def test_eqrel_queries_with_one_side_bound():
    program = parse_program(
        COMPONENTS
        + """
        .decl with_one(x: number)
        with_one(X) :- same(1, X).
        .decl apart(x: number, y: number)
        apart(X, Y) :- node(X), node(Y), X < Y, !same(X, Y).
        """
    )
    model = program.run({"edge": [(1, 2), (2, 3)], "node": [(1,), (2,), (3,), (4,)]})
    assert model.relation("with_one") == {(1,), (2,), (3,)}
    assert model.relation("apart") == {(1, 4), (2, 4), (3, 4)}


def test_keyed_eqrel_partitions_per_key():
    program = parse_program(
        """
        .decl adj(a: number, b: number)
        .decl colour(p: number, c: symbol)
        .decl chain(c: symbol, p: number, q: number) eqrel
        chain(C, P, P) :- colour(P, C).
        chain(C, P, Q) :- adj(P, Q), colour(P, C), colour(Q, C).
        .decl chain_id(c: symbol, p: number, r: number)
        chain_id(C, P, R) :- chain.rep(C, P, R).
        """
    )
    # a row of points 1-2-3-4-5 coloured b b w b b
    colours = {1: "b", 2: "b", 3: "w", 4: "b", 5: "b"}
    adj = [(i, i + 1) for i in range(1, 5)]
    model = program.run({"adj": adj, "colour": list(colours.items())})
    assert model.relation("chain_id") == {("b", 1, 1), ("b", 2, 1), ("w", 3, 3), ("b", 4, 4), ("b", 5, 4)}


def test_recursive_eqrel():
    program = parse_program(
        """
        .decl link(a: number, b: number)
        .decl seed(a: number)
        .decl reach(a: number)
        .decl same(a: number, b: number) eqrel
        reach(X) :- seed(X).
        reach(Y) :- same(X, Y), reach(X).
        same(X, Y) :- reach(X), link(X, Y).
        """
    )
    model = program.run({"seed": [(1,)], "link": [(1, 2), (2, 3), (5, 6)]})
    assert model.relation("reach") == {(1,), (2,), (3,)}


# --------------------------------------------------------------------------- greatest
# A Benson-like position abstracted to chains and regions.  Chain 1 has two
# healthy regions of its own; chain 3 has only one healthy region (12), which
# it shares with chain 2; chain 2's second region (13) is shared with chain 4,
# whose other region (14) it owns.  Chain 3 is never a candidate; so region 12
# is spoiled, chain 2 is cast out in round 2, region 13 is spoiled and chain 4
# follows in round 3.
BENSON = """
.decl chain(b: number)
.decl healthy(b: number, r: number)     // r is healthy for b
.decl touches(r: number, b: number)     // b is adjacent to r
.decl spoiled(r: number)
.decl alive(b: number) greatest
spoiled(R) :- touches(R, B), !alive(B).
alive(B) :- chain(B), count : { healthy(B, R), !spoiled(R) } >= 2.
"""

BENSON_FACTS: dict[str, list[tuple]] = {
    "chain": [(1,), (2,), (3,), (4,)],
    "healthy": [(1, 10), (1, 11), (2, 12), (2, 13), (3, 12), (4, 13), (4, 14)],
    "touches": [(10, 1), (11, 1), (12, 2), (12, 3), (13, 2), (13, 4), (14, 4)],
}


def test_greatest_fixpoint_casts_out_round_by_round():
    model = parse_program(BENSON).run(BENSON_FACTS)
    assert model.relation("alive") == {(1,)}
    assert model.cast_out("alive") == {(2,): 2, (4,): 3}
    assert model.relation("spoiled") == {(12,), (13,), (14,)}


def test_greatest_fixpoint_keeps_mutually_supporting_chains():
    # chains 1 and 2 share both their eyes: each needs the other in S
    facts: dict[str, list[tuple]] = {
        "chain": [(1,), (2,)],
        "healthy": [(1, 10), (1, 11), (2, 10), (2, 11)],
        "touches": [(10, 1), (10, 2), (11, 1), (11, 2)],
    }
    model = parse_program(BENSON).run(facts)
    assert model.relation("alive") == {(1,), (2,)}


def test_greatest_written_with_a_join_instead_of_count():
    program = parse_program(
        BENSON.replace(
            "alive(B) :- chain(B), count : { healthy(B, R), !spoiled(R) } >= 2.",
            """.decl ok(b: number, r: number)
            ok(B, R) :- healthy(B, R), !spoiled(R).
            alive(B) :- chain(B), ok(B, R1), ok(B, R2), R1 < R2.""",
        )
    )
    model = program.run(BENSON_FACTS)
    assert model.relation("alive") == {(1,)}
    assert model.cast_out("alive") == {(2,): 2, (4,): 3}


def test_two_stable_models_trap_is_rejected_naming_the_cycle():
    naive = BENSON.replace(" greatest", "")
    with pytest.raises(InputError) as err:
        parse_program(naive, path="naive.dl")
    message = err.value.format()
    assert "negation through recursion" in message
    assert "spoiled -> !alive -> count:!spoiled" in message
    assert err.value.location.line == 7 and err.value.location.column == 30
    assert "greatest" in message  # the hint


def test_greatest_through_an_odd_number_of_negations_is_rejected():
    odd = BENSON.replace("!alive(B)", "alive(B)")
    with pytest.raises(InputError, match=r"odd number of negations.*alive -> count:!spoiled -> alive"):
        parse_program(odd)


def test_greatest_with_a_non_monotone_aggregate_is_rejected():
    bad = BENSON.replace(">= 2", "= 2")
    with pytest.raises(InputError, match="not monotone") as err:
        parse_program(bad)
    assert err.value.location.line == 8


def test_greatest_atom_must_be_a_filter():
    with pytest.raises(InputError, match="only tests membership"):
        parse_program(".decl a(x: number) greatest\n.decl e(x: number)\na(X) :- a(X).\n")


def test_greatest_component_with_two_greatest_relations():
    # the two-step removal loop: chains and regions both shrink
    program = parse_program(
        """
        .decl chain(b: number)
        .decl region(r: number)
        .decl healthy(b: number, r: number)
        .decl touches(r: number, b: number)
        .decl live_chain(b: number) greatest
        .decl live_region(r: number) greatest
        .decl bad_region(r: number)
        bad_region(R) :- touches(R, B), !live_chain(B).
        live_region(R) :- region(R), !bad_region(R).
        live_chain(B) :- chain(B), count : { healthy(B, R), live_region(R) } >= 2.
        """
    )
    facts = dict(BENSON_FACTS, region=[(r,) for r in (10, 11, 12, 13, 14)])
    model = program.run(facts)
    assert model.relation("live_chain") == {(1,)}
    assert model.relation("live_region") == {(10,), (11,)}


def test_greatest_relation_used_by_a_later_stratum():
    program = parse_program(BENSON + ".decl dead(b: number)\ndead(B) :- chain(B), !alive(B).\n")
    assert program.run(BENSON_FACTS).relation("dead") == {(2,), (3,), (4,)}


# --------------------------------------------------------------------------- programs, files, facts
def test_include_relative_then_bundled(tmp_path):
    (tmp_path / "graph.dl").write_text(EDGES)
    main = tmp_path / "main.dl"
    main.write_text('.include "graph.dl"\n.include "graph.dl"\n.decl loop(a: number)\nloop(X) :- path(X, X).\n')
    model = load_program(str(main)).run({"edge": [(1, 2), (2, 1), (3, 4)]})
    assert model.relation("loop") == {(1,), (2,)}


def test_declarations_are_described():
    program = parse_program(BENSON)
    decl = program.relations["healthy"]
    assert (decl.arity, decl.types, decl.kind) == (2, ("number", "number"), "plain")
    assert decl.doc == "r is healthy for b"
    assert program.relations["alive"].kind == "greatest"
    assert parse_program(COMPONENTS).relations["same"].kind == "eqrel"


def test_run_checks_the_facts():
    program = parse_program(EDGES)
    with pytest.raises(InputError, match="does not declare"):
        program.run({"edges": [(1, 2)]})
    with pytest.raises(InputError, match="2 arguments"):
        program.run({"edge": [(1, 2, 3)]})
    with pytest.raises(InputError, match="not a number"):
        program.run({"edge": [(1, "x")]})


def test_a_program_runs_many_times_independently():
    program = parse_program(EDGES)
    first = program.run({"edge": [(1, 2)]})
    second = program.run({"edge": [(2, 3)]})
    assert first.relation("path") == {(1, 2)}
    assert second.relation("path") == {(2, 3)}


def test_greatest_wildcard_negation_is_rejected():
    with pytest.raises(InputError, match="wildcard cannot occur in !alive"):
        parse_program(BENSON.replace("spoiled(R) :- touches(R, B), !alive(B).", "spoiled(R) :- touches(R, _), !alive(_)."))


def test_plain_recursion_inside_a_greatest_component():
    # reach is recomputed every round from the current greatest set `on`;
    # a node is blocked when it links to a node outside `on`: 3 links to 4,
    # which is no node, so 3 goes in round 2, then 2, then 1
    program = parse_program(
        """
        .decl link(a: number, b: number)
        .decl root(a: number)
        .decl node(a: number)
        .decl reach(a: number)
        .decl blocked(a: number)
        .decl on(a: number) greatest
        reach(X) :- root(X), on(X).
        reach(Y) :- reach(X), link(X, Y), on(Y).
        blocked(X) :- link(X, Y), !on(Y).
        on(X) :- node(X), reach(X), !blocked(X).
        """
    )
    facts: dict[str, list[tuple]] = {"root": [(1,)], "node": [(1,), (2,), (3,)], "link": [(1, 2), (2, 3), (3, 4)]}
    model = program.run(facts)
    assert model.relation("on") == set()
    assert model.cast_out("on") == {(3,): 2, (2,): 3, (1,): 4}
    without_4 = program.run({**facts, "link": [(1, 2), (2, 3)]})
    assert without_4.relation("on") == {(1,), (2,), (3,)}
    proof = without_4.why("reach", (3,))
    # reach is well-founded (3 from 2 from 1); `on` closes the coinductive loop
    assert "reach(2)  [rule at <string>:9:9]" in str(proof) and "reach(1)  [rule at <string>:8:9]" in str(proof)
