"""The engine equals clingo on generated stratified programs (skipped without clingo).

Programs are drawn over two input relations, e/2 and f/1, on the numbers 0..4,
and up to six derived relations on three levels: a rule may use relations of
its own level or lower positively (so there is positive and mutual recursion),
relations of lower levels under negation and inside `count`/`sum` aggregates,
comparisons, and `V = X + k` in non-recursive rules.  Such programs are
stratified, so clingo's unique stable model is the least model the engine
must compute.  The same program is printed in both syntaxes.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from passalive.rules import parse_program

clingo = pytest.importorskip("clingo")

DOMAIN = range(5)
VARS = ("X", "Y", "Z")
EDB = {"e": 2, "f": 1}


@dataclass(frozen=True)
class Rel:
    name: str
    arity: int
    level: int  # -1 for the inputs


@st.composite
def programs(draw):
    rels = [Rel(n, a, -1) for n, a in EDB.items()]
    idb: list[Rel] = []
    for level in range(3):
        for k in range(draw(st.integers(1, 2))):
            idb.append(Rel(f"r{level}{'ab'[k]}", draw(st.integers(1, 2)), level))
    ours: list[str] = [".decl e(a: number, b: number)", ".decl f(a: number)"]
    asp: list[str] = []
    for r in idb:
        params = ", ".join(f"a{i}: number" for i in range(r.arity))
        ours.append(f".decl {r.name}({params})")
    for head in idb:
        for _ in range(draw(st.integers(1, 3))):
            o, a = draw(rule(head, rels + idb))
            ours.append(o)
            asp.append(a)
    return "\n".join(ours) + "\n", "\n".join(asp) + "\n", [r.name for r in idb]


def term(draw, bound: list[str], allow_const: bool = True) -> str:
    if bound and (not allow_const or draw(st.booleans()) or draw(st.booleans())):
        return draw(st.sampled_from(bound))
    return str(draw(st.sampled_from(list(DOMAIN))))


@st.composite
def rule(draw, head: Rel, rels: list[Rel]):
    positives = [r for r in rels if r.level <= head.level]
    lower = [r for r in rels if r.level < head.level]
    body_o: list[str] = []
    body_a: list[str] = []
    bound: list[str] = []
    recursive = False
    for _ in range(draw(st.integers(1, 3))):
        r = draw(st.sampled_from(positives))
        recursive |= r.level == head.level
        args = []
        for _ in range(r.arity):
            if draw(st.integers(0, 6)) == 0:
                args.append(str(draw(st.sampled_from(list(DOMAIN)))))
            else:
                v = draw(st.sampled_from(VARS))
                args.append(v)
                if v not in bound:
                    bound.append(v)
        atom = f"{r.name}({', '.join(args)})"
        body_o.append(atom)
        body_a.append(atom)
    if bound and lower and draw(st.booleans()):
        r = draw(st.sampled_from(lower))
        args = ", ".join(term(draw, bound) for _ in range(r.arity))
        body_o.append(f"!{r.name}({args})")
        body_a.append(f"not {r.name}({args})")
    if bound and draw(st.booleans()):
        op = draw(st.sampled_from(["<", "<=", ">", ">=", "!=", "="]))
        left = draw(st.sampled_from(bound))
        right = term(draw, bound)
        body_o.append(f"{left} {op} {right}")
        body_a.append(f"{left} {op} {right}")
    if bound and not recursive and draw(st.integers(0, 3)) == 0:
        k = draw(st.integers(-2, 2))
        source = draw(st.sampled_from(bound))
        body_o.append(f"V = {source} + {k}")
        body_a.append(f"V = {source} + {k}")
        bound.append("V")
    if bound and lower and draw(st.integers(0, 3)) == 0:
        r = draw(st.sampled_from(lower))
        outer = draw(st.sampled_from(bound))
        args = [outer if draw(st.booleans()) else f"L{i}" for i in range(r.arity)]
        local = [x for x in args if x.startswith("L")]
        atom = f"{r.name}({', '.join(args)})"
        if draw(st.booleans()) or not local:
            body_o.append(f"N = count : {{ {atom} }}")
            body_a.append(f"N = #count {{ {', '.join(local) or '0'} : {atom} }}")
        else:
            body_o.append(f"N = sum {local[0]} : {{ {atom} }}")
            body_a.append(f"N = #sum {{ {', '.join(local)} : {atom} }}")
        bound.append("N")
    if not bound:
        head_args = [str(draw(st.sampled_from(list(DOMAIN)))) for _ in range(head.arity)]
    else:
        head_args = [term(draw, bound, allow_const=False) for _ in range(head.arity)]
    head_atom = f"{head.name}({', '.join(head_args)})"
    return f"{head_atom} :- {', '.join(body_o)}.", f"{head_atom} :- {', '.join(body_a)}."


def clingo_model(asp: str, facts: dict, shown: list[str]) -> dict[str, set]:
    ctl = clingo.Control(["--warn=none"])
    text = asp + "".join(f"e({a},{b}).\n" for a, b in facts["e"]) + "".join(f"f({a}).\n" for (a,) in facts["f"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    out: dict[str, set] = {name: set() for name in shown}
    models = []
    ctl.solve(on_model=lambda m: models.append([s for s in m.symbols(atoms=True)]))
    assert len(models) == 1
    for sym in models[0]:
        if sym.name in out:
            out[sym.name].add(tuple(arg.number for arg in sym.arguments))
    return out


facts_strategy = st.fixed_dictionaries(
    {
        "e": st.lists(st.tuples(st.sampled_from(list(DOMAIN)), st.sampled_from(list(DOMAIN))), min_size=4, max_size=12),
        "f": st.lists(st.tuples(st.sampled_from(list(DOMAIN))), min_size=1, max_size=4),
    }
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), facts_strategy)
def test_engine_equals_clingo_on_stratified_programs(program, facts):
    ours, asp, idb = program
    model = parse_program(ours).run(facts)
    expected = clingo_model(asp, facts, idb)
    for name in idb:
        assert model.relation(name) == expected[name], f"{name}\n{ours}"
