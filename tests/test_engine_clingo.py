"""The engine on generated stratified programs: equal to a brute-force evaluator
written from the definitions, and equal to clingo (when clingo is installed).

Programs are drawn over two input relations, e/2 and f/1, on the numbers 0..4,
and up to six derived relations on three levels: a rule may use relations of
its own level or lower positively (so there is positive and mutual recursion),
relations of lower levels under negation and inside `count`/`sum` aggregates,
comparisons, and `V = X + k` in non-recursive rules.  Such programs are
stratified, so their meaning is the least model level by level, which is also
clingo's unique stable model.  Each program is kept as data and printed in
both syntaxes.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from passalive.rules import parse_program

DOMAIN = range(5)
VARS = ("X", "Y", "Z")
EDB = {"e": 2, "f": 1}
OPS = {"<": int.__lt__, "<=": int.__le__, ">": int.__gt__, ">=": int.__ge__, "!=": int.__ne__, "=": int.__eq__}


@dataclass(frozen=True)
class Rel:
    name: str
    arity: int
    level: int  # -1 for the inputs


@dataclass(frozen=True)
class Rule:
    head: Rel
    head_args: tuple[str, ...]
    positives: tuple[tuple[str, tuple[str, ...]], ...]
    negation: tuple[str, tuple[str, ...]] | None
    comparison: tuple[str, str, str] | None
    arith: tuple[str, int] | None  # V = source + k
    agg: tuple[str, str, tuple[str, ...]] | None  # (count|sum, relation, args with locals L0, L1)

    def ours(self) -> str:
        body = [f"{r}({', '.join(a)})" for r, a in self.positives]
        if self.negation:
            body.append(f"!{self.negation[0]}({', '.join(self.negation[1])})")
        if self.comparison:
            body.append(" ".join(self.comparison))
        if self.arith:
            body.append(f"V = {self.arith[0]} + {self.arith[1]}")
        if self.agg:
            kind, rel, args = self.agg
            atom = f"{rel}({', '.join(args)})"
            local = [a for a in args if a.startswith("L")]
            body.append(f"N = count : {{ {atom} }}" if kind == "count" else f"N = sum {local[0]} : {{ {atom} }}")
        return f"{self.head.name}({', '.join(self.head_args)}) :- {', '.join(body)}."

    def asp(self) -> str:
        body = [f"{r}({', '.join(a)})" for r, a in self.positives]
        if self.negation:
            body.append(f"not {self.negation[0]}({', '.join(self.negation[1])})")
        if self.comparison:
            body.append(" ".join(self.comparison))
        if self.arith:
            body.append(f"V = {self.arith[0]} + {self.arith[1]}")
        if self.agg:
            kind, rel, args = self.agg
            local = [a for a in args if a.startswith("L")]
            atom = f"{rel}({', '.join(args)})"
            body.append(f"N = #{kind} {{ {', '.join(local) or '0'} : {atom} }}")
        return f"{self.head.name}({', '.join(self.head_args)}) :- {', '.join(body)}."


@dataclass(frozen=True)
class Generated:
    relations: tuple[Rel, ...]
    rules: tuple[Rule, ...]

    def ours(self) -> str:
        decls = [".decl e(a: number, b: number)", ".decl f(a: number)"]
        for r in self.relations:
            decls.append(f".decl {r.name}({', '.join(f'a{i}: number' for i in range(r.arity))})")
        return "\n".join(decls + [rule.ours() for rule in self.rules]) + "\n"

    def asp(self) -> str:
        return "\n".join(rule.asp() for rule in self.rules) + "\n"


def _term(draw, bound: list[str], allow_const: bool = True) -> str:
    if bound and (not allow_const or draw(st.booleans()) or draw(st.booleans())):
        return draw(st.sampled_from(bound))
    return str(draw(st.sampled_from(list(DOMAIN))))


@st.composite
def rules(draw, head: Rel, rels: list[Rel]) -> Rule:
    same_or_lower = [r for r in rels if r.level <= head.level]
    lower = [r for r in rels if r.level < head.level]
    positives = []
    bound: list[str] = []
    recursive = False
    for _ in range(draw(st.integers(1, 3))):
        r = draw(st.sampled_from(same_or_lower))
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
        positives.append((r.name, tuple(args)))
    negation = comparison = arith = agg = None
    if bound and lower and draw(st.booleans()):
        r = draw(st.sampled_from(lower))
        negation = (r.name, tuple(_term(draw, bound) for _ in range(r.arity)))
    if bound and draw(st.booleans()):
        comparison = (draw(st.sampled_from(bound)), draw(st.sampled_from(sorted(OPS))), _term(draw, bound))
    if bound and not recursive and draw(st.integers(0, 3)) == 0:
        arith = (draw(st.sampled_from(bound)), draw(st.integers(-2, 2)))
        bound.append("V")
    if bound and lower and draw(st.integers(0, 3)) == 0:
        r = draw(st.sampled_from(lower))
        outer = draw(st.sampled_from([b for b in bound if b != "V"] or bound))
        agg_args = tuple(outer if draw(st.booleans()) else f"L{i}" for i in range(r.arity))
        local = [a for a in agg_args if a.startswith("L")]
        kind = "sum" if local and draw(st.booleans()) else "count"
        agg = (kind, r.name, agg_args)
        bound.append("N")
    if bound:
        head_args = tuple(_term(draw, bound, allow_const=False) for _ in range(head.arity))
    else:
        head_args = tuple(str(draw(st.sampled_from(list(DOMAIN)))) for _ in range(head.arity))
    return Rule(head, head_args, tuple(positives), negation, comparison, arith, agg)


@st.composite
def programs(draw) -> Generated:
    rels = [Rel(n, a, -1) for n, a in EDB.items()]
    idb: list[Rel] = []
    for level in range(3):
        for k in range(draw(st.integers(1, 2))):
            idb.append(Rel(f"r{level}{'ab'[k]}", draw(st.integers(1, 2)), level))
    drawn = []
    for head in idb:
        for _ in range(draw(st.integers(1, 3))):
            drawn.append(draw(rules(head, rels + idb)))
    return Generated(tuple(idb), tuple(drawn))


facts_strategy = st.fixed_dictionaries(
    {
        "e": st.lists(st.tuples(st.sampled_from(list(DOMAIN)), st.sampled_from(list(DOMAIN))), min_size=4, max_size=12),
        "f": st.lists(st.tuples(st.sampled_from(list(DOMAIN))), min_size=1, max_size=4),
    }
)


# --------------------------------------------------------------------------- brute force
def brute_force(program: Generated, facts: dict) -> dict[str, set]:
    """The least model level by level: every rule applied to every assignment of
    its variables over the active domain, until nothing changes."""
    db: dict[str, set] = {"e": set(facts["e"]), "f": set(facts["f"])}
    for r in program.relations:
        db[r.name] = set()

    def val(term: str, env: dict) -> int:
        return env[term] if term in env else int(term)

    for level in range(3):
        level_rules = [rule for rule in program.rules if rule.head.level == level]
        changed = True
        while changed:
            changed = False
            domain = set(DOMAIN)
            for rows in db.values():
                for row in rows:
                    domain.update(row)
            for rule in level_rules:
                names = sorted({a for _, args in rule.positives for a in args if a in VARS})
                for values in product(sorted(domain), repeat=len(names)):
                    env = dict(zip(names, values))
                    if not all(tuple(val(a, env) for a in args) in db[rel] for rel, args in rule.positives):
                        continue
                    if rule.negation and tuple(val(a, env) for a in rule.negation[1]) in db[rule.negation[0]]:
                        continue
                    if rule.comparison:
                        left, op, right = rule.comparison
                        if not OPS[op](val(left, env), val(right, env)):
                            continue
                    if rule.arith:
                        env["V"] = env[rule.arith[0]] + rule.arith[1]
                    if rule.agg:
                        kind, rel, args = rule.agg
                        matching = [row for row in db[rel]
                                    if all(a.startswith("L") or row[i] == val(a, env) for i, a in enumerate(args))]
                        first_local = next((i for i, a in enumerate(args) if a.startswith("L")), None)
                        env["N"] = len(matching) if kind == "count" else sum(row[first_local] for row in matching)
                    head = tuple(val(a, env) for a in rule.head_args)
                    if head not in db[rule.head.name]:
                        db[rule.head.name].add(head)
                        changed = True
    return db


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), facts_strategy)
def test_engine_equals_brute_force_on_stratified_programs(program, facts):
    text = program.ours()
    model = parse_program(text).run(facts)
    expected = brute_force(program, facts)
    for r in program.relations:
        assert model.relation(r.name) == expected[r.name], f"{r.name}\n{text}"


# --------------------------------------------------------------------------- clingo
def clingo_model(asp: str, facts: dict, shown: list[str]) -> dict[str, set]:
    import clingo

    ctl = clingo.Control(["--warn=none"])
    text = asp + "".join(f"e({a},{b}).\n" for a, b in facts["e"]) + "".join(f"f({a}).\n" for (a,) in facts["f"])
    ctl.add("base", [], text)
    ctl.ground([("base", [])])
    out: dict[str, set] = {name: set() for name in shown}
    models = []
    ctl.solve(on_model=lambda m: models.append(list(m.symbols(atoms=True))))
    assert len(models) == 1
    for sym in models[0]:
        if sym.name in out:
            out[sym.name].add(tuple(arg.number for arg in sym.arguments))
    return out


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("clingo") is None, reason="clingo is not installed")
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(programs(), facts_strategy)
def test_engine_equals_clingo_on_stratified_programs(program, facts):
    text = program.ours()
    model = parse_program(text).run(facts)
    names = [r.name for r in program.relations]
    expected = clingo_model(program.asp(), facts, names)
    for name in names:
        assert model.relation(name) == expected[name], f"{name}\n{text}"


@pytest.mark.skipif(importlib.util.find_spec("clingo") is None, reason="clingo is not installed")
def test_the_naive_casting_out_program_has_two_stable_models_and_greatest_picks_the_largest():
    import clingo

    from test_engine import BENSON

    # chains 1 and 2 share both their regions: each is alive only if the other is
    facts: dict[str, list[tuple]] = {
        "chain": [(1,), (2,)],
        "healthy": [(1, 10), (1, 11), (2, 10), (2, 11)],
        "touches": [(10, 1), (10, 2), (11, 1), (11, 2)],
    }
    naive = (
        "spoiled(R) :- touches(R, B), not alive(B).\n"
        "alive(B) :- chain(B), #count { R : healthy(B, R), not spoiled(R) } >= 2.\n"
        + "".join(f"{rel}({','.join(map(str, row))}).\n" for rel, rows in facts.items() for row in rows)
    )
    ctl = clingo.Control(["0", "--warn=none"])
    ctl.add("base", [], naive)
    ctl.ground([("base", [])])
    models: list[set] = []
    ctl.solve(on_model=lambda m: models.append({s.arguments[0].number for s in m.symbols(atoms=True) if s.name == "alive"}))
    assert sorted(map(sorted, models)) == [[], [1, 2]]
    engine = parse_program(BENSON).run(facts)
    assert {b for (b,) in engine.relation("alive")} == max(models, key=len)
