"""Provenance: proof trees for derived tuples, and why a tuple does not hold."""

from __future__ import annotations

import pytest

from passalive.errors import InputError
from passalive.rules import parse_program

from test_engine import BENSON, BENSON_FACTS, COMPONENTS, EDGES


def test_proof_of_a_recursive_tuple_is_well_founded():
    model = parse_program(EDGES, path="tc.dl").run({"edge": [(1, 2), (2, 3), (3, 1)]})
    proof = model.why("path", (1, 1))
    assert proof.holds and proof.kind == "rule"
    assert str(proof).splitlines()[0] == "path(1, 1)  [rule at tc.dl:5:1]"
    # every node is a real derivation: no path(...) proves itself
    facts = [node.text for node in proof.walk() if node.relation == "path"]
    assert len(facts) == len(set(facts)) == 3
    leaves = {node.text for node in proof.walk() if node.kind == "input"}
    assert leaves == {"edge(1, 2)", "edge(2, 3)", "edge(3, 1)"}


def test_proof_shows_negation_and_comparison():
    program = parse_program(
        """
        .decl n(x: number)
        .decl big(x: number)
        .decl odd(x: number)
        big(X) :- n(X), X > 5.
        odd(X) :- n(X), !big(X), X % 2 = 1.
        """
    )
    proof = program.run({"n": [(3,), (7,)]}).why("odd", (3,))
    assert str(proof) == (
        "odd(3)  [rule at <string>:6:9]\n"
        "  n(3)  [input fact]\n"
        "  !big(3)  [absent]\n"
        "  (X % 2) = 1  (X = 3)"
    )


def test_why_not_names_the_failing_literal():
    program = parse_program(EDGES, path="tc.dl")
    proof = program.run({"edge": [(1, 2)]}).why("path", (2, 1))
    assert not proof.holds and proof.kind == "not-derivable"
    text = str(proof)
    assert "fails at edge(X, Y) with X = 2, Y = 1" in text
    assert "edge(2, 1)  [absent]" in text


def test_eqrel_proof_is_the_chain_of_generating_pairs():
    model = parse_program(COMPONENTS).run({"edge": [(1, 2), (3, 2), (3, 4)], "node": []})
    proof = model.why("same", (1, 4))
    assert proof.kind == "eqrel"
    assert proof.detail == "equivalence closure: 1 ~ 2 ~ 3 ~ 4"
    assert [child.text for child in proof.children] == ["same(1, 2)", "same(3, 2)", "same(3, 4)"]
    rep = model.why("same.rep", (4, 1))
    assert "1 is the smallest member of the class of 4 in same" in rep.detail
    apart = model.why("same", (1, 9))
    assert not apart.holds and "9 is not in the relation" in apart.detail


def test_greatest_member_proof_stops_at_the_coinductive_cycle():
    facts: dict[str, list[tuple]] = {
        "chain": [(1,), (2,)],
        "healthy": [(1, 10), (1, 11), (2, 10), (2, 11)],
        "touches": [(10, 1), (10, 2), (11, 1), (11, 2)],
    }
    program = parse_program(
        BENSON.replace(
            "alive(B) :- chain(B), count : { healthy(B, R), !spoiled(R) } >= 2.",
            ".decl safe(r: number)\nsafe(R) :- touches(R, _), !spoiled(R).\n"
            "alive(B) :- chain(B), healthy(B, R1), healthy(B, R2), R1 < R2, safe(R1), safe(R2).",
        )
    )
    proof = program.run(facts).why("alive", (1,))
    assert proof.holds
    assert "(R1 < R2)" not in str(proof) and "R1 < R2  (R1 = 10, R2 = 11)" in str(proof)
    assert "!spoiled(10)  [absent]" in str(proof)


def test_positive_self_reference_is_coinductive():
    # the least fixpoint would be empty; the greatest keeps the 1-2 cycle, not 3 -> 4
    program = parse_program(
        """
        .decl partner(a: number, b: number)
        .decl keep(a: number) greatest
        keep(A) :- partner(A, B), keep(B).
        """
    )
    model = program.run({"partner": [(1, 2), (2, 1), (3, 4)]})
    assert model.relation("keep") == {(1,), (2,)}
    text = str(model.why("keep", (1,)))
    assert "keep(2)  [rule at" in text
    assert "keep(1)  [holds by the greatest fixpoint (being shown above)]" in text


def test_cast_out_explanation_gives_the_round_and_the_failed_condition():
    model = parse_program(BENSON, path="benson.dl").run(BENSON_FACTS)
    proof = model.why("alive", (4,))
    assert (proof.kind, proof.round, proof.holds) == ("cast-out", 3, False)
    text = str(proof)
    assert "cast out in round 3" in text
    assert "fails at count : { healthy(B, R), !spoiled(R) } >= 2 with B = 4 (in round 3)" in text
    assert "(count = 1) is false" in text
    assert "counted: R = 14" in text
    # region 13 no longer counts: chain 2, which touches it, left in round 2
    assert "not counted: R = 13: !spoiled(R) is false" in text
    assert "!alive(2)  [absent: cast out in round 2]" in text


def test_never_a_candidate():
    model = parse_program(BENSON).run(BENSON_FACTS)
    proof = model.why("alive", (3,))
    assert proof.kind == "not-candidate" and proof.round == 1
    assert "with every greatest relation taken as everything" in str(proof)


def test_aggregate_in_a_proof_lists_what_it_counted():
    model = parse_program(BENSON).run(BENSON_FACTS)
    text = str(model.why("alive", (1,)))
    assert "(count = 2)" in text
    assert "counted: R = 10" in text and "counted: R = 11" in text


def test_render_depth_limit():
    model = parse_program(EDGES).run({"edge": [(1, 2), (2, 3), (3, 4)]})
    text = model.why("path", (1, 4)).render(max_depth=1)
    assert text.splitlines() == ["path(1, 4)  [rule at <string>:5:1]", "  path(1, 3)  [rule at <string>:5:1]",
                                 "    ...", "  edge(3, 4)  [input fact]"]


def test_why_checks_its_arguments():
    model = parse_program(EDGES).run({"edge": [(1, 2)]})
    with pytest.raises(InputError, match="unknown relation"):
        model.why("nope", (1,))
    with pytest.raises(InputError, match="2 arguments"):
        model.why("path", (1,))
    with pytest.raises(InputError, match="is not a number"):
        model.why("path", (1, "x"))


def test_render_can_name_values():
    model = parse_program(EDGES).run({"edge": [(1, 2), (2, 3)]})
    names = {1: "A1", 2: "B1", 3: "C1"}
    text = model.why("path", (1, 3)).render(label=lambda rel, pos, value: names.get(value))
    assert text.splitlines()[0] == "path(A1, C1)  [rule at <string>:5:1]"
    assert "edge(B1, C1)  [input fact]" in text


def test_a_proof_does_not_depend_on_python_string_hashing():
    """`analyse --engine rules --explain` prints the same proofs whatever PYTHONHASHSEED is:
    of several derivations (and of an aggregate's members) the least by value is shown."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).resolve().parent.parent / "examples" / "basic.txt"
    script = Path(sys.executable).parent / "passalive"  # the installed command, beside this Python
    command = [str(script), "analyse", str(example), "--engine", "rules", "--explain"]
    outputs = {
        subprocess.run(command, capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "3", "7")
    }
    assert len(outputs) == 1
    assert "counted:" in outputs.pop()
