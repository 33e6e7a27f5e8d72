"""Join planning and code generation: each rule becomes one Python function.

A rule (or one semi-naive variant of it, reading the new tuples of one
recursive atom) is planned once at load time — greedily: every filter as soon
as its variables are bound, then `X = expr` bindings, then the positive atom
with the most bound arguments (the delta atom first in a semi-naive variant) —
and emitted as Python source with nested loops over hash-index look-ups, which
is compiled with `compile()`.  No part of the AST is interpreted per tuple.

The generated function has the signature `fn(state, delta, target, best)` and
returns a list of head tuples.  In *proof mode* (used only by `why`), the head
variables are pre-bound from `target`, each match is returned as
`(head, witnesses, bindings)`, and `best` records the deepest step reached and
the variable values there, which is how a failed rule is explained.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from passalive.errors import InputError
from passalive.rules import ast
from passalive.rules.check import aggregate_inputs, outer_vars

FAIL = object()


def _tdiv(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b >= 0) else -q


def _tmod(a: int, b: int) -> int:
    return a - b * _tdiv(a, b)


@dataclass
class AggStep:
    """An aggregate lifted out of its literal: computed into variable `result`."""

    index: int  # index of the containing literal in the body
    agg: ast.Aggregate
    inputs: list[str]
    result: str


@dataclass
class Step:
    kind: str  # scan | member | neg | test | bind | agg
    index: int  # literal index in the body (for witnesses)
    literal: Any = None  # Atom / Comparison
    var: str | None = None  # bind: variable name
    term: Any = None  # bind: expression
    agg: AggStep | None = None
    delta: bool = False
    inner: list["Step"] = field(default_factory=list)  # agg: the plan of its body


def _replace_aggs(term: ast.Term, mapping: dict[int, ast.Var]) -> ast.Term:
    if isinstance(term, ast.Aggregate):
        return mapping[id(term)]
    if isinstance(term, ast.BinOp):
        return ast.BinOp(term.op, _replace_aggs(term.left, mapping), _replace_aggs(term.right, mapping), term.loc)
    if isinstance(term, ast.Neg):
        return ast.Neg(_replace_aggs(term.operand, mapping), term.loc)
    return term


def _vars_of(term: ast.Term) -> set[str]:
    return {v.name for v in ast.term_vars(term)}


def _arg_bound(arg: ast.Term, bound: set[str]) -> bool:
    if isinstance(arg, ast.Var):
        return not arg.anonymous and arg.name in bound
    return _vars_of(arg) <= bound


def plan_body(
    body: tuple[ast.Literal, ...],
    bound: set[str],
    filter_only: frozenset[str],
    outside: set[str],
    delta_index: int | None = None,
    counter: list[int] | None = None,
    col_types: dict[str, tuple[str, ...]] | None = None,
) -> list[Step]:
    """Order the literals of a body for evaluation, given the already bound variables.

    Greedily, one step at a time: an aggregate whose inputs are bound, else
    a filter, else an `X = expr` binding (neither before the delta atom of a
    semi-naive variant), else the best generator (`_best_generator`).
    """
    counter = counter if counter is not None else [0]
    items, aggs = _lift_aggregates(body, outside, counter)
    bound = set(bound)
    steps: list[Step] = []
    remaining = list(items)
    pending_aggs = list(aggs)
    first = True
    while remaining or pending_aggs:
        agg = next((a for a in pending_aggs if set(a.inputs) <= bound), None)
        if agg is not None:
            steps.append(_aggregate_step(agg, filter_only, counter, col_types))
            bound.add(agg.result)
            pending_aggs.remove(agg)
            continue
        if not (first and delta_index is not None):
            found = _next_filter(remaining, bound, delta_index) or _next_binding(remaining, bound)
            if found is not None:
                entry, step = found
                steps.append(step)
                if step.var is not None:  # a binding
                    bound.add(step.var)
                remaining.remove(entry)
                continue
        entry = _best_generator(remaining, bound, filter_only, delta_index, col_types)
        i, lit = entry
        steps.append(Step("scan", i, literal=lit, delta=(i == delta_index)))
        for a in lit.args:
            if isinstance(a, ast.Var) and not a.anonymous:
                bound.add(a.name)
        remaining.remove(entry)
        first = False
    return steps


def _lift_aggregates(
    body: tuple[ast.Literal, ...], outside: set[str], counter: list[int]
) -> tuple[list[tuple[int, Any]], list[AggStep]]:
    """The body's literals (with their index), each aggregate in a comparison
    replaced by a fresh variable `#aN`, and the aggregates that compute them."""
    items: list[tuple[int, Any]] = []
    aggs: list[AggStep] = []
    for i, lit in enumerate(body):
        if isinstance(lit, ast.Comparison):
            mapping: dict[int, ast.Var] = {}
            for side in (lit.left, lit.right):
                for agg in ast.term_aggregates(side):
                    name = f"#a{counter[0]}"
                    counter[0] += 1
                    mapping[id(agg)] = ast.Var(name, agg.loc)
                    aggs.append(AggStep(i, agg, aggregate_inputs(agg, outside), name))
            if mapping:
                lit = ast.Comparison(lit.op, _replace_aggs(lit.left, mapping), _replace_aggs(lit.right, mapping), lit.loc)
        items.append((i, lit))
    return items, aggs


def _aggregate_step(
    a: AggStep, filter_only: frozenset[str], counter: list[int], col_types: dict[str, tuple[str, ...]] | None
) -> Step:
    """The step computing an aggregate, with the plan of its own body."""
    inner_outside = outer_vars(None, a.agg.body) | set(a.inputs)
    if a.agg.target is not None:
        inner_outside |= _vars_of(a.agg.target)
    inner = plan_body(a.agg.body, set(a.inputs), filter_only, inner_outside, None, counter, col_types)
    return Step("agg", a.index, agg=a, inner=inner)


def _next_filter(
    remaining: list[tuple[int, Any]], bound: set[str], delta_index: int | None
) -> tuple[tuple[int, Any], Step] | None:
    """The first literal that only tests bound variables: a comparison, a
    negation, or an atom with every argument bound (a membership test)."""
    for entry in remaining:
        i, lit = entry
        if isinstance(lit, ast.Comparison):
            if _vars_of(lit.left) <= bound and _vars_of(lit.right) <= bound:
                return entry, Step("test", i, literal=lit)
        elif isinstance(lit, ast.Negation):
            if all(v.anonymous or v.name in bound for a in lit.atom.args for v in ast.term_vars(a)):
                return entry, Step("neg", i, literal=lit.atom)
        elif all(_arg_bound(a, bound) for a in lit.args):
            return entry, Step("member", i, literal=lit, delta=(i == delta_index))
    return None


def _next_binding(remaining: list[tuple[int, Any]], bound: set[str]) -> tuple[tuple[int, Any], Step] | None:
    """The first `X = expr` (either way round) with X unbound and expr bound.

    X is never an aggregate's value (`#aN`): `count : {...} = 2` compares the
    count with 2 once it is computed, it does not bind it to 2."""
    for entry in remaining:
        i, lit = entry
        if isinstance(lit, ast.Comparison) and lit.op == "=":
            for a, b in ((lit.left, lit.right), (lit.right, lit.left)):
                if (
                    isinstance(a, ast.Var) and a.name not in bound and not a.name.startswith("#a")
                    and _vars_of(b) <= bound
                ):
                    return entry, Step("bind", i, literal=lit, var=a.name, term=b)
    return None


def _best_generator(
    remaining: list[tuple[int, Any]],
    bound: set[str],
    filter_only: frozenset[str],
    delta_index: int | None,
    col_types: dict[str, tuple[str, ...]] | None,
) -> tuple[int, Any]:
    """The positive atom to loop over next: the delta atom first, else the one
    with the most bound arguments, where a bound symbol column counts half as
    much as a bound number column (symbols tend to take few values, such as
    colours; ids many), ties to the earlier literal."""
    best_entry = None
    best_score = None
    for entry in remaining:
        i, lit = entry
        if not isinstance(lit, ast.Atom) or lit.relation in filter_only:
            continue
        if any(not isinstance(a, (ast.Var, ast.Const)) and not _vars_of(a) <= bound for a in lit.args):
            continue
        types = col_types.get(lit.relation, ()) if col_types else ()
        nb = sum(
            (0.5 if j < len(types) and types[j] == "symbol" else 1.0)
            for j, a in enumerate(lit.args)
            if _arg_bound(a, bound)
        )
        score = (i == delta_index, nb, -i)
        if best_score is None or score > best_score:
            best_entry, best_score = entry, score
    if best_entry is None:
        raise AssertionError(f"cannot plan body {[str(l) for _, l in remaining]} with {sorted(bound)}")
    return best_entry


# --------------------------------------------------------------------------- code generation
def pyname(name: str) -> str:
    if name.startswith("#"):
        return "i_" + name[1:]
    if name.startswith("_#"):
        return "w_" + name[2:]
    return "u_" + name


_CMP = {"=": "==", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _has_div(term: ast.Term) -> bool:
    if isinstance(term, ast.BinOp):
        return term.op in ("/", "%") or _has_div(term.left) or _has_div(term.right)
    if isinstance(term, ast.Neg):
        return _has_div(term.operand)
    return False


def expr_code(term: ast.Term) -> str:
    if isinstance(term, ast.Var):
        return pyname(term.name)
    if isinstance(term, ast.Const):
        return repr(term.value)
    if isinstance(term, ast.Neg):
        return f"(-{expr_code(term.operand)})"
    if isinstance(term, ast.BinOp):
        left, right = expr_code(term.left), expr_code(term.right)
        if term.op == "/":
            return f"_tdiv({left}, {right})"
        if term.op == "%":
            return f"_tmod({left}, {right})"
        return f"({left} {term.op} {right})"
    raise AssertionError(f"unexpected term {term!r}")


class _Gen:
    def __init__(self, slots: dict[str, int], proof: bool) -> None:
        self.slots = slots
        self.proof = proof
        self.prelude: list[str] = []
        self.lines: list[str] = []
        self.n = 0
        self.cache: dict[tuple, str] = {}
        self.in_agg = False

    def fresh(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def emit(self, indent: int, line: str) -> None:
        self.lines.append("    " * indent + line)

    def source_of(self, relation: str, delta: bool) -> str:
        return "delta" if delta else f"state[{self.slots[relation]}]"

    def accessor(self, relation: str, delta: bool, what: str, cols: tuple[int, ...] = ()) -> str:
        key = (relation, delta, what, cols)
        name = self.cache.get(key)
        if name is None:
            name = self.fresh({"scan": "T", "getter": "G", "container": "C"}[what])
            src = self.source_of(relation, delta)
            if what == "getter":
                self.prelude.append(f"{name} = {src}.getter({cols!r})")
            else:
                self.prelude.append(f"{name} = {src}.{what}()")
            self.cache[key] = name
        return name

    def guarded(self, indent: int, term: ast.Term) -> tuple[str, int]:
        """Code for a term's value; wraps it in a zero-division guard when needed."""
        code = expr_code(term)
        if not _has_div(term):
            return code, indent
        tmp = self.fresh("e")
        self.emit(indent, "try:")
        self.emit(indent + 1, f"{tmp} = {code}")
        self.emit(indent, "except ZeroDivisionError:")
        self.emit(indent + 1, f"{tmp} = FAIL")
        self.emit(indent, f"if {tmp} is not FAIL:")
        return tmp, indent + 1

    def key_code(self, indent: int, args: list[ast.Term]) -> tuple[str, int]:
        parts = []
        for a in args:
            code, indent = self.guarded(indent, a)
            parts.append(code)
        if len(parts) == 1:
            return parts[0], indent
        return "(" + ", ".join(parts) + ")", indent

    def tuple_code(self, indent: int, args: list[ast.Term]) -> tuple[str, int]:
        parts = []
        for a in args:
            code, indent = self.guarded(indent, a)
            parts.append(code)
        return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")", indent


def _snapshot(bound: list[str]) -> str:
    items = ", ".join(f"{name!r}: {pyname(name)}" for name in bound)
    return "{" + items + "}"


def emit_steps(
    gen: _Gen, steps: list[Step], indent: int, bound: list[str], final: Callable[[int, list[str]], None],
    depth: bool = False, start: int = 0,
) -> None:
    """Emit the nested loops/filters of `steps`, then `final(indent, bound)` in the innermost block.

    With `depth` (proof mode), each step first records in `best` how deep
    the match got and the variable values there.
    """
    bound = list(bound)
    for number, step in enumerate(steps, start):
        if depth:
            _emit_depth(gen, indent, number, bound)
        if step.kind == "scan":
            indent = _emit_scan(gen, step, indent, bound)
        elif step.kind == "member":
            indent = _emit_member(gen, step, indent)
        elif step.kind == "neg":
            indent = _emit_negation(gen, step, indent)
        elif step.kind == "test":
            lit = step.literal
            left, indent = gen.guarded(indent, lit.left)
            right, indent = gen.guarded(indent, lit.right)
            gen.emit(indent, f"if {left} {_CMP[lit.op]} {right}:")
            indent += 1
        elif step.kind == "bind":
            assert step.var is not None, "a bind step names its variable"
            value, indent = gen.guarded(indent, step.term)
            gen.emit(indent, f"{pyname(step.var)} = {value}")
            bound.append(step.var)
        elif step.kind == "agg":
            assert step.agg is not None, "an agg step carries its aggregate"
            indent = _emit_agg(gen, step, indent, bound)
            bound.append(step.agg.result)
        else:
            raise AssertionError(step.kind)
    if depth:
        _emit_depth(gen, indent, start + len(steps), bound)
    final(indent, bound)


def _emit_depth(gen: _Gen, indent: int, number: int, bound: list[str]) -> None:
    """Proof mode: remember that a match reached step `number`, and the values bound there."""
    gen.emit(indent, f"if best is not None and {number} > best[0]:")
    gen.emit(indent + 1, f"best[0] = {number}; best[1] = {_snapshot(bound)}; best[2] = dict(A)")


def _emit_scan(gen: _Gen, step: Step, indent: int, bound: list[str]) -> int:
    """A loop over the tuples of an atom (by an index on its bound columns),
    binding its new variables; `bound` is extended with them."""
    atom = step.literal
    cols = [j for j, a in enumerate(atom.args) if _arg_bound(a, set(bound))]
    t = gen.fresh("t")
    checks = []
    assigns = []
    newly: list[str] = []
    targets: list[str] = []
    for j, a in enumerate(atom.args):
        if j in cols or not isinstance(a, ast.Var) or (a.anonymous and not gen.in_agg):
            targets.append("_")
            continue
        if a.name in newly:  # a variable repeated in the atom: equal columns
            checks.append(f"{t}[{j}] == {pyname(a.name)}")
            targets.append("_")
        else:
            assigns.append(f"{pyname(a.name)} = {t}[{j}]")
            targets.append(pyname(a.name))
            newly.append(a.name)
    if not gen.proof and not checks:
        # unpack in the loop header: no tuple indexing per row
        loop_var = "(" + ", ".join(targets) + ("," if len(targets) == 1 else "") + ")"
        assigns = []
    else:
        loop_var = t
    if cols:
        getter = gen.accessor(atom.relation, step.delta, "getter", tuple(cols))
        key, indent = gen.key_code(indent, [atom.args[j] for j in cols])
        gen.emit(indent, f"for {loop_var} in {getter}({key}, ()):")
    else:
        scan = gen.accessor(atom.relation, step.delta, "scan")
        gen.emit(indent, f"for {loop_var} in {scan}:")
    indent += 1
    for line in assigns:
        gen.emit(indent, line)
    if checks:
        gen.emit(indent, "if " + " and ".join(checks) + ":")
        indent += 1
    bound += newly
    if gen.proof:
        gen.emit(indent, f"W[{step.index}] = {t}")
    return indent


def _emit_member(gen: _Gen, step: Step, indent: int) -> int:
    """A membership test of an atom whose arguments are all bound."""
    atom = step.literal
    cont = gen.accessor(atom.relation, step.delta, "container")
    tup, indent = gen.tuple_code(indent, list(atom.args))
    gen.emit(indent, f"if {tup} in {cont}:")
    indent += 1
    if gen.proof:
        gen.emit(indent, f"W[{step.index}] = {tup}")
    return indent


def _emit_negation(gen: _Gen, step: Step, indent: int) -> int:
    """A negated atom: no such tuple (with anonymous arguments: none matching
    the other columns, by an index on them)."""
    atom = step.literal
    anon = [j for j, a in enumerate(atom.args) if isinstance(a, ast.Var) and a.anonymous]
    if not anon:
        cont = gen.accessor(atom.relation, False, "container")
        tup, indent = gen.tuple_code(indent, list(atom.args))
        gen.emit(indent, f"if {tup} not in {cont}:")
        shown = tup
    else:
        cols = [j for j in range(len(atom.args)) if j not in anon]
        if cols:
            getter = gen.accessor(atom.relation, False, "getter", tuple(cols))
            key, indent = gen.key_code(indent, [atom.args[j] for j in cols])
            gen.emit(indent, f"if not {getter}({key}, ()):")
        else:
            scan = gen.accessor(atom.relation, False, "scan")
            gen.emit(indent, f"if not {scan}:")
        shown = "(" + "".join(
            ("None" if j in anon else expr_code(a)) + ", " for j, a in enumerate(atom.args)
        ) + ")"
    indent += 1
    if gen.proof:
        gen.emit(indent, f"W[{step.index}] = {shown}")
    return indent


def _emit_agg(gen: _Gen, step: Step, indent: int, bound: list[str]) -> int:
    a = step.agg
    assert a is not None, "an agg step carries its aggregate"
    result = pyname(a.result)
    acc = gen.fresh("acc")
    inner_bound_before = set(bound)
    locals_: list[str] = []
    for s in step.inner:
        names: list[str] = []
        if s.kind == "scan":
            names = [v.name for v in s.literal.args if isinstance(v, ast.Var)]
        elif s.kind == "bind" and s.var is not None:
            names = [s.var]
        for n in names:
            if n not in inner_bound_before and n not in locals_:
                locals_.append(n)
    key = "(" + "".join(f"{pyname(n)}, " for n in locals_) + ")"
    op = a.agg.op
    saved_proof = gen.proof
    gen.proof = False  # witnesses are not recorded inside aggregates
    gen.in_agg = True
    if op == "count":
        gen.emit(indent, f"{acc} = set()")

        def final(ind: int, _b: list[str]) -> None:
            gen.emit(ind, f"{acc}.add({key})")

        emit_steps(gen, step.inner, indent, bound, final)
        gen.emit(indent, f"{result} = len({acc})")
    elif op == "sum":
        gen.emit(indent, f"{acc} = {{}}")

        def final(ind: int, _b: list[str]) -> None:
            assert a.agg.target is not None, f"{op} aggregates a term"
            value, ind = gen.guarded(ind, a.agg.target)
            gen.emit(ind, f"{acc}[{key}] = {value}")

        emit_steps(gen, step.inner, indent, bound, final)
        gen.emit(indent, f"{result} = sum({acc}.values())")
    else:
        gen.emit(indent, f"{acc} = FAIL")
        cmp = "<" if op == "min" else ">"

        def final(ind: int, _b: list[str]) -> None:
            assert a.agg.target is not None, f"{op} aggregates a term"
            value, ind = gen.guarded(ind, a.agg.target)
            v = gen.fresh("m")
            gen.emit(ind, f"{v} = {value}")
            gen.emit(ind, f"if {acc} is FAIL or {v} {cmp} {acc}:")
            gen.emit(ind + 1, f"{acc} = {v}")

        emit_steps(gen, step.inner, indent, bound, final)
        gen.emit(indent, f"if {acc} is not FAIL:")
        indent += 1
        gen.emit(indent, f"{result} = {acc}")
    gen.proof = saved_proof
    gen.in_agg = False
    if gen.proof:
        gen.emit(indent, f"A[{a.result!r}] = ({result}, {acc})")
    return indent


@dataclass
class CompiledRule:
    """A compiled rule (or semi-naive variant): `fn(state, delta, target, best)`."""

    rule: ast.Rule
    fn: Callable
    source: str
    delta_index: int | None
    steps: list[Step]


def compile_rule(
    rule: ast.Rule,
    slots: dict[str, int],
    filter_only: frozenset[str],
    delta_index: int | None = None,
    proof: bool = False,
    col_types: dict[str, tuple[str, ...]] | None = None,
) -> CompiledRule:
    """Plan and compile one rule; `proof` makes the variant `why` uses."""
    outside = outer_vars(rule.head, rule.body)
    pre: list[str] = []
    if proof:
        for a in rule.head.args:
            if isinstance(a, ast.Var) and a.name not in pre:
                pre.append(a.name)
    steps = plan_body(rule.body, set(pre), filter_only, outside, delta_index, None, col_types)
    gen = _Gen(slots, proof)
    indent = 1
    if proof:
        gen.emit(indent, "W = {}; A = {}")
        for j, a in enumerate(rule.head.args):
            if isinstance(a, ast.Var) and a.name in pre:
                gen.emit(indent, f"{pyname(a.name)} = target[{j}]")

    def final(ind: int, bound: list[str]) -> None:
        head, ind = gen.tuple_code(ind, list(rule.head.args))
        if proof:
            gen.emit(ind, f"if {head} == target:")
            gen.emit(ind + 1, f"append(({head}, dict(W), dict(A), {_snapshot(bound)}))")
        else:
            gen.emit(ind, f"append({head})")

    emit_steps(gen, steps, indent, pre, final, depth=proof)
    name = f"rule_{rule.head.relation.replace('.', '_')}_{rule.loc.line}"
    src = [f"def {name}(state, delta, target, best):"]
    src += ["    " + line for line in gen.prelude]
    src += ["    out = []", "    append = out.append"]
    src += gen.lines
    src += ["    return out"]
    source = "\n".join(src) + "\n"
    namespace: dict[str, Any] = {"_tdiv": _tdiv, "_tmod": _tmod, "FAIL": FAIL}
    try:
        code = compile(source, f"<rule {rule.loc}>", "exec")
    except (SyntaxError, RecursionError, MemoryError):
        raise InputError("this rule has too many literals to compile; split it into smaller rules", rule.loc) from None
    exec(code, namespace)  # noqa: S102 - our own generated code
    return CompiledRule(rule, namespace[name], source, delta_index, steps)
