"""Static checks of a rule program and its stratification.

`analyse(source)` resolves relation names, checks arities, types and safety,
builds the dependency graph and splits it into strata (strongly connected
components in dependency order).  A component with negation or aggregation on
a cycle is rejected naming the cycle, unless it contains `greatest` relations
and satisfies the monotonicity conditions of docs/rule-language.md, in which
case its plain relations are stratified again on their own (`Stratum.inner`).

Over 600 lines: the name, arity, type and safety checks and the stratification read one table of
declarations and one graph of dependencies and report in one style; split, each part would walk the
program again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from passalive.errors import InputError, Location
from passalive.rules import ast

NUMBER = "number"
SYMBOL = "symbol"
REP = "rep"  # kind of the synthesised `E.rep` relations

MONOTONE_COUNT = "count>="


@dataclass(frozen=True)
class Edge:
    """`head` depends on `body`: sign +1/-1; `agg` None, MONOTONE_COUNT, an op, or REP."""

    head: str
    body: str
    sign: int
    agg: str | None
    loc: Location
    step: str = "other"
    """How the atom's first argument compares with the head's: "current" (the same
    term), "earlier" (the head's is this term plus a positive constant) or "other"."""


@dataclass(frozen=True)
class Stratum:
    """Relations evaluated together.

    kind: "base" (no rules depend on each other), "recursive" (positive recursion,
    semi-naive), "greatest" (a component with greatest relations; `inner` are
    the strata of its plain relations, evaluated afresh in every round) or
    "staged" (a component of staged relations; `inner` are its strata within
    one step, evaluated once per step in increasing order).
    """

    relations: tuple[str, ...]
    kind: str
    greatest: tuple[str, ...] = ()
    inner: tuple["Stratum", ...] = ()


@dataclass(frozen=True)
class Analysis:
    declarations: dict[str, ast.Declaration]
    rules: tuple[ast.Rule, ...]
    strata: tuple[Stratum, ...]
    component: dict[str, int]  # relation -> index of its top-level stratum
    filter_only: dict[str, frozenset[str]]  # head relation -> greatest relations used as filters only


def rep_base(name: str) -> str:
    return name[: -len(".rep")] if name.endswith(".rep") else name


# --------------------------------------------------------------------------- names, arities
def _declarations(source: ast.Source) -> dict[str, ast.Declaration]:
    decls: dict[str, ast.Declaration] = {}
    for decl in source.declarations:
        if decl.name.endswith(".rep"):
            raise InputError(f"relation names ending in '.rep' are reserved for eqrel representatives: {decl.name}", decl.loc)
        if decl.name in decls:
            first = decls[decl.name].loc
            raise InputError(f"relation {decl.name} is declared twice (first at {first})", decl.loc)
        if decl.kind == ast.STAGED and (decl.arity < 1 or decl.types[0] != NUMBER):
            raise InputError(
                f"the first argument of staged relation {decl.name} is its step and must be a number", decl.loc
            )
        if decl.kind == ast.EQREL:
            if decl.arity < 2:
                raise InputError(f"eqrel relation {decl.name} needs at least two arguments", decl.loc)
            if decl.types[-1] != decl.types[-2]:
                raise InputError(f"the last two arguments of eqrel relation {decl.name} must have the same type", decl.loc)
        decls[decl.name] = decl
    for decl in list(decls.values()):
        if decl.kind == ast.EQREL:
            rep = decl.name + ".rep"
            decls[rep] = ast.Declaration(
                rep,
                decl.attributes[:-1] + ("representative",),
                decl.types,
                REP,
                f"the smallest member of the class of {decl.attributes[-2]} in {decl.name}",
                decl.loc,
            )
    return decls


def _check_atom(atom: ast.Atom, decls: dict[str, ast.Declaration]) -> ast.Declaration:
    decl = decls.get(atom.relation)
    if decl is None:
        hint = ""
        if atom.relation.endswith(".rep"):
            hint = f" ({rep_base(atom.relation)} is not an eqrel relation)"
        raise InputError(f"unknown relation {atom.relation}{hint}", atom.loc)
    if len(atom.args) != decl.arity:
        raise InputError(
            f"relation {atom.relation} has {decl.arity} argument{'s' if decl.arity != 1 else ''} "
            f"(declared at {decl.loc}), used here with {len(atom.args)}",
            atom.loc,
        )
    return decl


def _walk_atoms(lits: tuple[ast.Literal, ...]) -> Iterator[tuple[ast.Atom, bool, ast.Aggregate | None]]:
    """Every atom in a body, including inside aggregates: (atom, negated, aggregate-or-None)."""
    for lit in lits:
        if isinstance(lit, ast.Atom):
            yield lit, False, None
        elif isinstance(lit, ast.Negation):
            yield lit.atom, True, None
        for term in ast.literal_terms(lit):
            for agg in ast.term_aggregates(term):
                for inner in agg.body:
                    if isinstance(inner, ast.Atom):
                        yield inner, False, agg
                    elif isinstance(inner, ast.Negation):
                        yield inner.atom, True, agg
                    for t in ast.literal_terms(inner):
                        if ast.term_aggregates(t):
                            raise InputError("aggregates do not nest", ast.term_aggregates(t)[0].loc)


# --------------------------------------------------------------------------- types
def _term_type(term: ast.Term, env: dict[str, str]) -> str | None:
    if isinstance(term, ast.Const):
        return SYMBOL if isinstance(term.value, str) else NUMBER
    if isinstance(term, ast.Var):
        return env.get(term.name)
    if isinstance(term, (ast.BinOp, ast.Neg)):
        return NUMBER
    if isinstance(term, ast.Aggregate):
        if term.op in ("count", "sum"):
            return NUMBER
        return _term_type(term.target, env) if term.target is not None else None


def _check_types(rule: ast.Rule, decls: dict[str, ast.Declaration]) -> None:
    env: dict[str, str] = {}
    atoms = [(rule.head, False, None)] + list(_walk_atoms(rule.body))
    # variable types from plain variable arguments of atoms
    for atom, _neg, _agg in atoms:
        decl = decls[atom.relation]
        for arg, typ in zip(atom.args, decl.types):
            if isinstance(arg, ast.Var) and not arg.anonymous:
                seen = env.get(arg.name)
                if seen is not None and seen != typ:
                    raise InputError(f"variable {arg.name} is used as a {seen} and as a {typ}", arg.loc)
                env[arg.name] = typ
    for _ in range(2):  # bindings X = expr propagate types
        for lit in _all_comparisons(rule.body):
            if lit.op == "=":
                for a, b in ((lit.left, lit.right), (lit.right, lit.left)):
                    if isinstance(a, ast.Var) and a.name not in env:
                        t = _term_type(b, env)
                        if t is not None:
                            env[a.name] = t
    for atom, _neg, _agg in atoms:
        decl = decls[atom.relation]
        for position, (arg, typ) in enumerate(zip(atom.args, decl.types)):
            t = _term_type(arg, env)
            if t is not None and t != typ:
                raise InputError(
                    f"argument {decl.attributes[position]} of {atom.relation} is a {typ}, got a {t}: {arg}",
                    getattr(arg, "loc", atom.loc),
                )
            _check_arith(arg, env)
    for lit in _all_comparisons(rule.body):
        _check_arith(lit.left, env)
        _check_arith(lit.right, env)
        lt, rt = _term_type(lit.left, env), _term_type(lit.right, env)
        if lt is not None and rt is not None and lt != rt:
            raise InputError(f"comparison of a {lt} with a {rt}: {lit}", lit.loc)


def _all_comparisons(body: tuple[ast.Literal, ...]) -> Iterator[ast.Comparison]:
    for lit in body:
        if isinstance(lit, ast.Comparison):
            yield lit
        for term in ast.literal_terms(lit):
            for agg in ast.term_aggregates(term):
                yield from _all_comparisons(agg.body)


def _check_arith(term: ast.Term, env: dict[str, str]) -> None:
    if isinstance(term, ast.BinOp):
        for side in (term.left, term.right):
            if _term_type(side, env) == SYMBOL:
                raise InputError(f"arithmetic on a symbol: {side}", getattr(side, "loc", term.loc))
            _check_arith(side, env)
    elif isinstance(term, ast.Neg):
        if _term_type(term.operand, env) == SYMBOL:
            raise InputError(f"arithmetic on a symbol: {term.operand}", term.loc)
        _check_arith(term.operand, env)
    elif isinstance(term, ast.Aggregate):
        if term.op == "sum" and term.target is not None and _term_type(term.target, env) == SYMBOL:
            raise InputError(f"sum of a symbol: {term.target}", term.loc)


# --------------------------------------------------------------------------- safety
def outer_vars(rule_head: ast.Atom | None, body: tuple[ast.Literal, ...]) -> set[str]:
    """Variables occurring outside every aggregate (head and body)."""
    names: set[str] = set()
    if rule_head is not None:
        for t in rule_head.args:
            names.update(v.name for v in ast.term_vars(t))
    for lit in body:
        for t in ast.literal_terms(lit):
            names.update(v.name for v in ast.term_vars(t))
    return names


def aggregate_inputs(agg: ast.Aggregate, outside: set[str]) -> list[str]:
    """The variables of an aggregate bound from outside it (ordered, unique)."""
    seen: list[str] = []
    for v in ast.aggregate_vars(agg):
        if v.name in outside and v.name not in seen:
            seen.append(v.name)
    return seen


def binding_closure(
    body: tuple[ast.Literal, ...], bound: set[str], outside: set[str], nonbinding: frozenset[str]
) -> set[str]:
    """The variables a body binds, given `bound`: positive atoms, then `X = expr` chains."""
    bound = set(bound)
    for lit in body:
        if isinstance(lit, ast.Atom) and lit.relation not in nonbinding:
            for arg in lit.args:
                if isinstance(arg, ast.Var):
                    bound.add(arg.name)
    changed = True
    while changed:
        changed = False
        for lit in body:
            if isinstance(lit, ast.Comparison) and lit.op == "=":
                for a, b in ((lit.left, lit.right), (lit.right, lit.left)):
                    if isinstance(a, ast.Var) and a.name not in bound and _term_ready(b, bound, outside):
                        bound.add(a.name)
                        changed = True
    return bound


def _term_ready(term: ast.Term, bound: set[str], outside: set[str]) -> bool:
    if not all(v.name in bound for v in ast.term_vars(term)):
        return False
    return all(all(name in bound for name in aggregate_inputs(agg, outside)) for agg in ast.term_aggregates(term))


def _unsafe(var: ast.Var, where: str) -> InputError:
    return InputError(
        f"unsafe variable {var}: it occurs in {where} but is not bound by a positive atom or `{var} = ...`",
        var.loc,
    )


def check_safety(rule: ast.Rule, nonbinding: frozenset[str]) -> None:
    outside = outer_vars(rule.head, rule.body)
    bound = binding_closure(rule.body, set(), outside, nonbinding)
    loose = binding_closure(rule.body, set(), outside, frozenset()) if nonbinding else bound
    for arg in rule.head.args:
        for v in ast.term_vars(arg):
            if v.anonymous:
                raise InputError("a wildcard _ cannot occur in a rule head", v.loc)
            if v.name not in bound:
                if v.name in loose:
                    raise InputError(
                        f"variable {v} is bound only by an atom of a greatest relation of this recursion "
                        f"({', '.join(sorted(nonbinding))}), which only tests membership: bind it by another literal",
                        v.loc,
                    )
                raise _unsafe(v, "the head")
    _check_body_safety(rule.body, bound, outside, nonbinding)


def _check_body_safety(body: tuple[ast.Literal, ...], bound: set[str], outside: set[str], nonbinding: frozenset[str]) -> None:
    for lit in body:
        if isinstance(lit, ast.Atom):
            for arg in lit.args:
                if isinstance(arg, ast.Var):
                    if lit.relation in nonbinding and arg.name not in bound:
                        raise InputError(
                            f"variable {arg} of {lit.relation}(...) must be bound by another literal: "
                            f"{lit.relation} is a greatest relation of this recursion and only tests membership",
                            arg.loc,
                        )
                    continue
                for v in ast.term_vars(arg):
                    if v.name not in bound:
                        raise _unsafe(v, f"an expression in {lit.relation}(...)")
        elif isinstance(lit, ast.Negation):
            for arg in lit.atom.args:
                if lit.atom.relation in nonbinding and isinstance(arg, ast.Var) and arg.anonymous:
                    raise InputError(
                        f"a wildcard cannot occur in !{lit.atom.relation}(...): {lit.atom.relation} is a greatest "
                        "relation of this recursion and only tests membership",
                        arg.loc,
                    )
                for v in ast.term_vars(arg):
                    if not v.anonymous and v.name not in bound:
                        raise _unsafe(v, f"the negation !{lit.atom.relation}(...)")
                    if v.anonymous and not isinstance(arg, ast.Var):
                        raise InputError("a wildcard _ cannot occur in an expression", v.loc)
        else:
            for side in (lit.left, lit.right):
                for v in ast.term_vars(side):
                    if v.anonymous:
                        raise InputError("a wildcard _ cannot occur in a comparison", v.loc)
                    if v.name not in bound:
                        raise _unsafe(v, f"the comparison {lit}")
        for term in ast.literal_terms(lit):
            for agg in ast.term_aggregates(term):
                inputs = set(aggregate_inputs(agg, outside))
                for name in inputs:
                    if name not in bound:
                        var = next(v for v in ast.aggregate_vars(agg) if v.name == name)
                        raise _unsafe(var, "an aggregate and outside it")
                inner_outside = outer_vars(None, agg.body) | inputs
                if agg.target is not None:
                    inner_outside |= {v.name for v in ast.term_vars(agg.target)}
                inner_bound = binding_closure(agg.body, inputs, inner_outside, nonbinding)
                if agg.target is not None:
                    for v in ast.term_vars(agg.target):
                        if v.name not in inner_bound:
                            raise _unsafe(v, f"the target of {agg.op}")
                _check_body_safety(agg.body, inner_bound, inner_outside, nonbinding)


# --------------------------------------------------------------------------- dependencies
def _monotone_count(lit: ast.Comparison, agg: ast.Aggregate) -> bool:
    if agg.op != "count":
        return False
    if lit.left is agg and lit.op in (">=", ">"):
        return not ast.term_aggregates(lit.right)
    if lit.right is agg and lit.op in ("<=", "<"):
        return not ast.term_aggregates(lit.left)
    return False


def dependency_edges(rule: ast.Rule) -> list[Edge]:
    head = rule.head.relation
    first = rule.head.args[0] if rule.head.args else None
    edges: list[Edge] = []
    for lit in rule.body:
        if isinstance(lit, ast.Atom):
            edges.append(_edge(head, lit, +1, None, None, first))
        elif isinstance(lit, ast.Negation):
            edges.append(_edge(head, lit.atom, -1, None, lit.loc, first))
        for term in ast.literal_terms(lit):
            for agg in ast.term_aggregates(term):
                kind = MONOTONE_COUNT if isinstance(lit, ast.Comparison) and _monotone_count(lit, agg) else agg.op
                for inner in agg.body:
                    if isinstance(inner, ast.Atom):
                        edges.append(_edge(head, inner, +1, kind, None, first))
                    elif isinstance(inner, ast.Negation):
                        edges.append(_edge(head, inner.atom, -1, kind, inner.loc, first))
    return edges


def step_relation(head_step: ast.Term | None, atom: ast.Atom) -> str:
    """"current" when the atom's first argument is the head's, "earlier" when the
    head's is `that + n` for a positive integer n, else "other" (see `staged`)."""
    if head_step is None or not atom.args:
        return "other"
    step = atom.args[0]
    if step == head_step:
        return "current"
    if (
        isinstance(head_step, ast.BinOp)
        and head_step.op == "+"
        and head_step.left == step
        and isinstance(head_step.right, ast.Const)
        and isinstance(head_step.right.value, int)
        and head_step.right.value > 0
    ):
        return "earlier"
    return "other"


def _edge(
    head: str, atom: ast.Atom, sign: int, agg: str | None, loc: Location | None = None, head_step: ast.Term | None = None
) -> Edge:
    if atom.relation.endswith(".rep"):
        return Edge(head, rep_base(atom.relation), sign, agg or REP, loc or atom.loc)
    return Edge(head, atom.relation, sign, agg, loc or atom.loc, step_relation(head_step, atom))


def _sccs(nodes: list[str], succ: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's algorithm (iterative); components come out dependencies first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = 0
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(succ.get(root, ())))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(succ.get(nxt, ()))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                out.append(sorted(comp, key=nodes.index))
    return out


def _path(edges: list[Edge], start: str, goal: str, within: set[str]) -> list[Edge]:
    """A shortest dependency path start -> ... -> goal inside `within` (empty if start == goal)."""
    if start == goal:
        return []
    prev: dict[str, Edge] = {}
    queue = deque([start])
    seen = {start}
    by_head: dict[str, list[Edge]] = {}
    for e in edges:
        if e.head in within and e.body in within:
            by_head.setdefault(e.head, []).append(e)
    while queue:
        node = queue.popleft()
        for e in by_head.get(node, ()):
            if e.body not in seen:
                seen.add(e.body)
                prev[e.body] = e
                if e.body == goal:
                    path = []
                    cur = goal
                    while cur != start:
                        path.append(prev[cur])
                        cur = prev[cur].head
                    return list(reversed(path))
                queue.append(e.body)
    return []


def _label(e: Edge) -> str:
    prefix = "!" if e.sign < 0 else ""
    if e.agg == REP:
        return f"{e.body}.rep"
    if e.agg is not None:
        op = "count" if e.agg == MONOTONE_COUNT else e.agg
        return f"{op}:{prefix}{e.body}"
    return prefix + e.body


def describe_cycle(cycle: list[Edge]) -> str:
    """`a -> b -> !c -> a` for a cycle of edges starting at cycle[0].head."""
    return " -> ".join([cycle[0].head] + [_label(e) for e in cycle])


def _cycle_through(edge: Edge, edges: list[Edge], within: set[str]) -> list[Edge]:
    return [edge] + _path(edges, edge.body, edge.head, within)


def stratify(
    nodes: list[str], edges: list[Edge], decls: dict[str, ast.Declaration], defined: set[str], within_step: bool = False
) -> tuple[Stratum, ...]:
    """Strata of `nodes` (dependencies first) under `edges` restricted to `nodes`
    (`within_step`: the strata inside one step of a staged component)."""
    node_set = set(nodes)
    succ: dict[str, list[str]] = {n: [] for n in nodes}
    local = [e for e in edges if e.head in node_set and e.body in node_set]
    for e in local:
        if e.body not in succ[e.head]:
            succ[e.head].append(e.body)
    strata: list[Stratum] = []
    for comp in _sccs(nodes, succ):
        comp_set = set(comp)
        internal = [e for e in local if e.head in comp_set and e.body in comp_set]
        greatest = tuple(n for n in comp if decls[n].kind == ast.GREATEST and n in defined)
        if not internal:
            strata.append(Stratum(tuple(comp), "base", greatest))
            continue
        staged = [n for n in comp if decls[n].kind == ast.STAGED]
        if staged and not within_step:
            strata.append(_staged_stratum(comp, comp_set, internal, staged, edges, decls, defined))
            continue
        if not greatest:
            for e in internal:
                if e.sign < 0 or e.agg is not None:
                    what = "negation" if e.agg is None else ("an eqrel representative" if e.agg == REP else "aggregation")
                    cycle = describe_cycle(_cycle_through(e, internal, comp_set))
                    hint = ""
                    if within_step:
                        hint = (
                            "; within one step a staged relation may use itself (and its recursion) only positively: "
                            "read the previous step instead, `rel(S, ...)` in a rule for `head(S + 1, ...)`"
                        )
                    elif e.agg != REP:
                        hint = (
                            "; if you mean the largest set satisfying these rules, declare one of these "
                            "relations `greatest` (see docs/rule-language.md)"
                        )
                    raise InputError(f"{what} through recursion: {cycle}{hint}", e.loc)
            strata.append(Stratum(tuple(comp), "recursive"))
            continue
        strata.append(_greatest_stratum(comp, comp_set, internal, greatest, edges, decls, defined))
    return tuple(strata)


def _greatest_stratum(
    comp: list[str],
    comp_set: set[str],
    internal: list[Edge],
    greatest: tuple[str, ...],
    edges: list[Edge],
    decls: dict[str, ast.Declaration],
    defined: set[str],
) -> Stratum:
    for e in internal:
        if e.agg is not None and e.agg != MONOTONE_COUNT:
            cycle = describe_cycle(_cycle_through(e, internal, comp_set))
            what = "an eqrel representative (.rep)" if e.agg == REP else f"the aggregate {e.agg}"
            raise InputError(
                f"{what} is not monotone and cannot be used in the recursion of greatest relation "
                f"{greatest[0]}: {cycle} (only `count : {{...}} >= k` / `> k` is allowed there)",
                e.loc,
            )
    # parity: every relation of the component gets a polarity relative to the greatest relations
    parity: dict[str, int] = {greatest[0]: +1}
    via: dict[str, list[Edge]] = {greatest[0]: []}
    queue = deque([greatest[0]])
    by_head: dict[str, list[Edge]] = {}
    for e in internal:
        by_head.setdefault(e.head, []).append(e)
    while queue:
        node = queue.popleft()
        for e in by_head.get(node, ()):
            p = parity[node] * e.sign
            if e.body not in parity:
                parity[e.body] = p
                via[e.body] = via[node] + [e]
                queue.append(e.body)
            elif parity[e.body] != p:
                loop = via[node] + [e] + _path(internal, e.body, greatest[0], comp_set)
                raise InputError(
                    f"greatest relation {greatest[0]} depends on itself through an odd number of negations, "
                    f"so it is not monotone: {describe_cycle(loop)}",
                    e.loc,
                )
    for g in greatest:
        if parity.get(g, +1) < 0:
            loop = via[g] + _path(internal, g, greatest[0], comp_set)
            raise InputError(
                f"greatest relation {g} occurs negatively in the recursion of greatest relation {greatest[0]}: "
                f"{describe_cycle(loop)}",
                decls[g].loc,
            )
    plain = [n for n in comp if n not in greatest]
    inner = stratify(plain, edges, decls, defined) if plain else ()
    return Stratum(tuple(comp), "greatest", greatest, inner)


def _staged_stratum(
    comp: list[str],
    comp_set: set[str],
    internal: list[Edge],
    staged: list[str],
    edges: list[Edge],
    decls: dict[str, ast.Declaration],
    defined: set[str],
) -> Stratum:
    """A recursive component with staged relations: check it and split one step into strata.

    Every relation of the component must be staged, and every atom of the
    component in a rule of it must name the head's step (a *current* atom) or
    an earlier one (the head's step is `that + n`).  Edges through earlier
    atoms read finished steps; the current edges alone must be stratifiable.
    """
    for n in comp:
        kind = decls[n].kind
        if kind != ast.STAGED:
            cycle = describe_cycle(_cycle_through(next(e for e in internal if e.head == n), internal, comp_set))
            raise InputError(
                f"relation {n} is recursive with the staged relation {staged[0]} ({cycle}) but is not staged: "
                f"declare it `staged`, with its step as first argument",
                decls[n].loc,
            )
    for e in internal:
        if e.step == "other":
            raise InputError(
                f"in a rule for the staged relation {e.head}, the step of {e.body} (its first argument) must be the "
                f"head's step S, or an earlier step B when the head's step is written `B + n` (n a positive number)",
                e.loc,
            )
    current = [e for e in edges if not (e.head in comp_set and e.body in comp_set and e.step == "earlier")]
    inner = stratify(list(comp), current, decls, defined, within_step=True)
    return Stratum(tuple(comp), "staged", (), inner)


# --------------------------------------------------------------------------- entry point
def analyse(source: ast.Source) -> Analysis:
    decls = _declarations(source)
    for name, loc in list(source.inputs) + list(source.outputs):
        if name not in decls:
            raise InputError(f"unknown relation {name}", loc)
    for rule in source.rules:
        head_decl = _check_atom(rule.head, decls)
        if head_decl.kind == REP:
            raise InputError(f"{rule.head.relation} is computed from {rep_base(rule.head.relation)} and cannot be defined by rules", rule.head.loc)
        for atom, _neg, _agg in _walk_atoms(rule.body):
            _check_atom(atom, decls)
        _check_types(rule, decls)
    edges: list[Edge] = []
    for rule in source.rules:
        edges.extend(dependency_edges(rule))
    defined = {rule.head.relation for rule in source.rules}
    nodes = [d for d in decls if decls[d].kind != REP]
    # `.rep` atoms depend on their eqrel: they are mapped onto it in the edges
    strata = stratify(nodes, edges, decls, defined)
    component: dict[str, int] = {}
    filter_only: dict[str, frozenset[str]] = {}
    for i, stratum in enumerate(strata):
        for rel in stratum.relations:
            component[rel] = i
            filter_only[rel] = frozenset(stratum.greatest)
    for rule in source.rules:
        check_safety(rule, filter_only.get(rule.head.relation, frozenset()))
    return Analysis(decls, tuple(source.rules), strata, component, filter_only)
