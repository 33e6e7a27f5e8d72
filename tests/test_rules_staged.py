"""`staged` relations: greedy, order-dependent choices written as rules, step by step.

A staged relation's first argument is its step.  A rule for step S may read
step S itself (only positively within a cycle, stratified otherwise) and any
earlier step B when the head's step is written `B + n`; the engine computes
the steps in increasing order, each finished before the next reads it.  That
is what a greedy choice needs: "the first two liberties not taken by an
earlier point" negates what earlier steps took.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from passalive.errors import InputError
from passalive.rules import parse_program

GREEDY_MIAI = """
// The i-th point (in order) that needs two liberties as a miai.
.decl needs(i: number, p: number)
// q is the k-th neighbour of p (in order).
.decl neighbour(p: number, q: number, k: number)
.input needs, neighbour

// Liberties taken before step s.
.decl taken(s: number, q: number) staged
// At step s, q is a neighbour of the s-th point not yet taken.
.decl free(s: number, q: number, k: number) staged
// At step s, the s-th point takes q: one of its first two free neighbours.
.decl pick(s: number, q: number) staged

taken(S + 1, Q) :- taken(S, Q), needs(S, _).
taken(S + 1, Q) :- pick(S, Q).
free(S, Q, K) :- needs(S, P), neighbour(P, Q, K), !taken(S, Q).
pick(S, Q) :- free(S, Q, K), count : { free(S, _, K2), K2 < K } < 2.

// A point that found fewer than two.
.decl short(p: number)
short(P) :- needs(S, P), count : { pick(S, _) } < 2.
"""


def greedy(needs: list[int], neighbours: dict[int, list[int]]) -> tuple[set[tuple[int, int]], set[int]]:
    """The same choice as a Python loop: each point in turn takes its first two untaken neighbours."""
    taken: set[int] = set()
    picks, short = set(), set()
    for step, p in enumerate(needs):
        two = [q for q in neighbours[p] if q not in taken][:2]
        picks |= {(step, q) for q in two}
        taken |= set(two)
        if len(two) < 2:
            short.add(p)
    return picks, short


def run(needs: list[int], neighbours: dict[int, list[int]]):
    facts: dict[str, list[tuple[int, ...]]] = {
        "needs": list(enumerate(needs)),
        "neighbour": [(p, q, k) for p, qs in neighbours.items() for k, q in enumerate(qs)],
    }
    return parse_program(GREEDY_MIAI, path="greedy.dl").run(facts)


def test_the_second_point_gets_what_the_first_left() -> None:
    # 10 takes 1 and 2; 11 wanted 2 and 3 but 2 is gone, so it takes 3 and 4;
    # 12 wanted 1 and 4, both gone, and finds only 5.
    model = run([10, 11, 12], {10: [1, 2, 3], 11: [2, 3, 4], 12: [1, 4, 5]})
    assert sorted(model.relation("pick")) == [(0, 1), (0, 2), (1, 3), (1, 4), (2, 5)]
    assert model.relation("short") == {(12,)}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.integers(0, 7), max_size=4, unique=True), min_size=1, max_size=6))
def test_staged_rules_make_the_greedy_choice_of_the_loop(wants: list[list[int]]) -> None:
    needs = [100 + i for i in range(len(wants))]
    neighbours = dict(zip(needs, wants))
    picks, short = greedy(needs, neighbours)
    model = run(needs, neighbours)
    assert model.relation("pick") == picks
    assert model.relation("short") == {(p,) for p in short}


def test_a_step_may_be_skipped() -> None:
    # Steps go 0, 2, 4 (the head is B + 2): step 1 is never reached, and the
    # next step is found from the finished ones, not by counting.
    program = parse_program(
        """
        .decl start(x: number)
        .decl walk(s: number, x: number) staged
        walk(0, X) :- start(X).
        walk(S + 2, X + 1) :- walk(S, X), S < 4, !walk(S, 99).
        """,
        path="skip.dl",
    )
    assert program.run({"start": [(7,)]}).relation("walk") == {(0, 7), (2, 8), (4, 9)}


def test_why_explains_a_step_by_the_earlier_one() -> None:
    model = run([10, 11], {10: [1, 2], 11: [2, 3, 4]})
    proof = str(model.why("pick", (1, 3)))
    assert "free(1, 3, 1)" in proof and "!taken(1, 3)" in proof


@pytest.mark.parametrize(
    ("text", "where", "message"),
    [
        (
            ".decl a(s: symbol) staged\n",
            "bad.dl:1:7",
            "the first argument of staged relation a is its step and must be a number",
        ),
        (
            ".decl a(s: number, x: number) staged\n.decl b(s: number, x: number)\n"
            "a(S, X) :- b(S, X).\nb(S + 1, X) :- a(S, X).\n",
            "bad.dl:2:7",
            "relation b is recursive with the staged relation a (b -> a -> b) but is not staged",
        ),
        (
            ".decl a(s: number, x: number) staged\n.decl e(x: number)\n"
            "a(0, X) :- e(X).\na(S, X) :- a(T, X), S = T + 1, S < 5.\n",
            "bad.dl:4:12",
            "in a rule for the staged relation a, the step of a (its first argument) must be the head's step S",
        ),
        (
            ".decl a(s: number, x: number) staged\n.decl e(s: number, x: number)\na(S, X) :- e(S, X), !a(S, X).\n",
            "bad.dl:3:21",
            "negation through recursion: a -> !a; within one step a staged relation may use itself",
        ),
    ],
)
def test_errors_are_located(text: str, where: str, message: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_program(text, path="bad.dl")
    assert str(caught.value).startswith(f"{where}: error: {message}")


def test_staged_is_a_reserved_word() -> None:
    with pytest.raises(InputError, match="staged is a reserved word"):
        parse_program(".decl staged(x: number)\n", path="bad.dl")
