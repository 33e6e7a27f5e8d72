"""Provenance: why a tuple holds (a proof tree) or why it does not.

Nothing is recorded while a program runs.  The first `Model.why` re-evaluates
the program once with a `Record` (the semi-naive round in which each tuple was
first derived and the generating pairs of each eqrel), and proofs are then
rebuilt on demand with the proof-mode compilation of the rules: the head is
bound to the tuple asked about and the body is matched, preferring a match whose
same-stratum body facts were derived in earlier rounds (so proofs are finite).

* a tuple derived by a rule: the rule (with its location) and one proof per
  body literal — positive atoms recursively, negated atoms as "absent",
  comparisons with their values, aggregates with their value;
* an eqrel pair: the chain of generating pairs that connects the two elements;
* a tuple of a greatest relation: its rule and body facts; when the proof meets
  a tuple it is already proving, it stops ("holds by the greatest fixpoint");
* an absent tuple of a greatest relation: the round that cast it out (or that it
  was never a candidate) and, for each rule, the literal that failed in the state
  of that round, with the variable values there, the facts that made a negation
  fail and the value of a failing count;
* any other absent tuple: for each rule, the literal that failed.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from passalive.errors import InputError, Location
from passalive.rules import ast
from passalive.rules.check import REP, rep_base
from passalive.rules.storage import EqRel

if TYPE_CHECKING:
    from passalive.rules.engine import Model


def format_fact(relation: str, values: tuple) -> str:
    parts = []
    for v in values:
        if v is None:
            parts.append("_")
        elif isinstance(v, str):
            parts.append('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"')
        else:
            parts.append(str(v))
    return f"{relation}({', '.join(parts)})"


@dataclass(frozen=True)
class Proof:
    """A node of a proof (or refutation) tree.

    kind: "input" (a fact given to run), "fact" (stated in the program), "rule"
    (derived by `rule`), "eqrel" (equivalence closure), "absent" (a negated atom
    that holds because the tuple is absent), "test" (a comparison or aggregate
    with its values), "ref" (already shown above / coinductive), "cast-out" (a
    greatest tuple removed in `round`), "not-candidate", "not-derivable",
    "failed-rule" (why one rule does not derive the tuple).
    """

    text: str
    kind: str
    holds: bool
    detail: str = ""
    relation: str | None = None
    values: tuple | None = None
    rule: ast.Rule | None = None
    location: Location | None = None
    round: int | None = None
    children: tuple["Proof", ...] = field(default=())

    def render(self, indent: str = "") -> str:
        head = self.text
        if self.detail:
            head += f"  [{self.detail}]"
        lines = [indent + head]
        for child in self.children:
            lines.append(child.render(indent + "  "))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()

    def walk(self):
        """Every node, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()


def _where(rule: ast.Rule) -> str:
    what = "fact" if not rule.body else "rule"
    return f"{what} at {rule.loc}"


@dataclass
class _View:
    """A state to explain in: the final model, or the state of a casting-out round."""

    state: list
    ranks: dict[str, dict[tuple, int]]
    pairs: dict[str, list[tuple]]
    label: str = ""


class Explainer:
    """Builds proofs for one model (re-evaluating it once with a record)."""

    MAX_NODES = 4000

    def __init__(self, model: "Model") -> None:
        from passalive.rules.engine import Record

        self.model = model
        self.program = model.program
        record = Record()
        state, _rounds = self.program._evaluate(model._facts, record)
        self.main = _View(state, record.ranks, record.pairs)
        self.facts = {name: set(rows) for name, rows in model._facts.items()}
        self.rounds = model._rounds
        self.nodes = 0

    # ------------------------------------------------------------------ entry
    def why(self, name: str, values: tuple) -> Proof:
        decl = self.program.relations.get(name)
        if decl is None:
            raise InputError(f"unknown relation {name}")
        if len(values) != decl.arity:
            raise InputError(f"{name} has {decl.arity} arguments, got {len(values)}")
        self.nodes = 0
        return self._prove(name, values, self.main, set(), set())

    # ------------------------------------------------------------------ helpers
    def _holds(self, view: _View, name: str, values: tuple) -> bool:
        return values in view.state[self.program._slots[name]].container()

    def _kind(self, name: str) -> str:
        return self.program.relations[name].kind

    def _absent_note(self, name: str, values: tuple) -> str:
        if self._kind(name) == ast.GREATEST and None not in values:
            r = self.rounds.get(name, {}).get(values)
            if r is not None:
                return f"absent: cast out in round {r}"
            return "absent: never a candidate"
        return "absent"

    # ------------------------------------------------------------------ proofs
    def _prove(self, name: str, values: tuple, view: _View, path: set, shown: set) -> Proof:
        key = (name, values, id(view))
        text = format_fact(name, values)
        if key in path:
            if self._kind(name) == ast.GREATEST:
                return Proof(text, "ref", True, "holds by the greatest fixpoint (being shown above)", name, values)
            return Proof(text, "ref", True, "see above", name, values)
        if key in shown:
            return Proof(text, "ref", self._holds(view, name, values), "shown above", name, values)
        self.nodes += 1
        if self.nodes > self.MAX_NODES:
            return Proof(text, "ref", self._holds(view, name, values), "proof truncated", name, values)
        shown.add(key)
        if not self._holds(view, name, values):
            return self._refute(name, values, view, path, shown)
        path = path | {key}
        kind = self._kind(name)
        if kind == REP:
            return self._prove_rep(name, values, view, path, shown)
        if kind == ast.EQREL:
            return self._prove_eqrel(name, values, view, path, shown)
        if values in self.facts.get(name, ()):
            return Proof(text, "input", True, "input fact", name, values)
        return self._derive(name, values, view, path, shown)

    def _derive(self, name: str, values: tuple, view: _View, path: set, shown: set) -> Proof:
        text = format_fact(name, values)
        plan = self.program.stratum_of(name)
        same = set(plan.relations) if plan.kind == "recursive" else set()
        my_rank = view.ranks.get(name, {}).get(values, 0)
        fallback = None
        for rule in self.program.rules_for(name):
            compiled = self.program.proof_rule(rule)
            for match in compiled.fn(view.state, None, values, None):
                _head, witnesses, aggs, bindings = match
                ok = True
                for i, lit in enumerate(rule.body):
                    if isinstance(lit, ast.Atom) and lit.relation in same:
                        r = view.ranks.get(lit.relation, {}).get(witnesses.get(i), 0)
                        if r >= my_rank:
                            ok = False
                            break
                if ok:
                    return self._rule_proof(text, name, values, rule, compiled, match, view, path, shown)
                if fallback is None:
                    fallback = (rule, compiled, match)
        if fallback is not None:
            rule, compiled, match = fallback
            return self._rule_proof(text, name, values, rule, compiled, match, view, path, shown)
        return Proof(text, "ref", True, "holds (no derivation found)", name, values)

    def _rule_proof(self, text, name, values, rule, compiled, match, view, path, shown) -> Proof:
        _head, witnesses, aggs, bindings = match
        children = []
        for i, lit in enumerate(rule.body):
            if isinstance(lit, ast.Atom):
                w = witnesses.get(i)
                children.append(self._prove(lit.relation, w, view, path, shown))
            elif isinstance(lit, ast.Negation):
                w = witnesses.get(i)
                children.append(
                    Proof("!" + format_fact(lit.atom.relation, w), "absent", True,
                          self._absent_note(lit.atom.relation, w), lit.atom.relation, w)
                )
            else:
                children.append(Proof(self._comparison_text(lit, i, compiled, bindings, aggs), "test", True))
        kind = "fact" if not rule.body else "rule"
        return Proof(text, kind, True, _where(rule), name, values, rule, rule.loc, None, tuple(children))

    def _comparison_text(self, lit: ast.Comparison, index: int, compiled, bindings: dict, aggs: dict) -> str:
        text = str(lit)
        notes = []
        for step in compiled.steps:
            if step.kind == "agg" and step.index == index and step.agg.result in aggs:
                value = aggs[step.agg.result][0]
                notes.append(f"{step.agg.agg.op} = {value}")
        for v in ast.term_vars(lit.left) + ast.term_vars(lit.right):
            if v.name in bindings and f"{v.name} = " not in " ".join(notes):
                notes.append(f"{v.name} = {_show(bindings[v.name])}")
        return text + (f"  ({', '.join(notes)})" if notes else "")

    def _prove_rep(self, name: str, values: tuple, view: _View, path: set, shown: set) -> Proof:
        base = rep_base(name)
        nkey = len(values) - 2
        member = values[:nkey] + (values[nkey], values[nkey + 1])
        child = self._prove(base, member, view, path, shown)
        return Proof(format_fact(name, values), "eqrel", True,
                     f"{_show(values[-1])} is the smallest member of the class of {_show(values[-2])} in {base}",
                     name, values, children=(child,))

    def _prove_eqrel(self, name: str, values: tuple, view: _View, path: set, shown: set) -> Proof:
        nkey = len(values) - 2
        prefix = values[:nkey]
        x, y = values[nkey], values[nkey + 1]
        graph: dict[Any, list[tuple]] = {}
        for pair in view.pairs.get(name, ()):
            if pair[:nkey] != prefix:
                continue
            a, b = pair[nkey], pair[nkey + 1]
            graph.setdefault(a, []).append(pair)
            graph.setdefault(b, []).append(pair)
        text = format_fact(name, values)
        if x == y:
            pairs = graph.get(x, [])[:1]
            detail = f"reflexive: {_show(x)} occurs in {name}"
        else:
            prev: dict[Any, tuple] = {}
            queue = deque([x])
            seen = {x}
            while queue:
                node = queue.popleft()
                if node == y:
                    break
                for pair in graph.get(node, ()):
                    a, b = pair[nkey], pair[nkey + 1]
                    other = b if a == node else a
                    if other not in seen:
                        seen.add(other)
                        prev[other] = pair
                        queue.append(other)
            pairs = []
            node = y
            chain = [y]
            while node != x and node in prev:
                pair = prev[node]
                pairs.append(pair)
                a, b = pair[nkey], pair[nkey + 1]
                node = a if b == node else b
                chain.append(node)
            pairs.reverse()
            chain.reverse()
            detail = "equivalence closure: " + " ~ ".join(_show(c) for c in chain)
        children = tuple(self._prove_pair(name, pair, view, path, shown) for pair in pairs)
        return Proof(text, "eqrel", True, detail, name, values, children=children)

    def _prove_pair(self, name: str, pair: tuple, view: _View, path: set, shown: set) -> Proof:
        text = format_fact(name, pair)
        if pair in self.facts.get(name, ()):
            return Proof(text, "input", True, "input fact", name, pair)
        for rule in self.program.rules_for(name):
            compiled = self.program.proof_rule(rule)
            matches = compiled.fn(view.state, None, pair, None)
            if matches:
                return self._rule_proof(text, name, pair, rule, compiled, matches[0], view, path, shown)
        return Proof(text, "ref", True, "generating pair", name, pair)

    # ------------------------------------------------------------------ refutations
    def _refute(self, name: str, values: tuple, view: _View, path: set, shown: set) -> Proof:
        text = format_fact(name, values)
        kind = self._kind(name)
        if kind == ast.GREATEST and view is self.main:
            r = self.rounds.get(name, {}).get(values)
            round_no = r if r is not None else 1
            state, record = self.program.greatest_state(name, self.model._facts, self.main.state, self.rounds, round_no)
            label = "with every greatest relation taken as everything" if round_no == 1 else f"in round {round_no}"
            sub = _View(state, record.ranks, {**self.main.pairs, **record.pairs}, label)
            failures = self._failures(name, values, sub, shown)
            if r is not None:
                return Proof(text, "cast-out", False, f"cast out in round {r}", name, values, round=r, children=failures)
            return Proof(text, "not-candidate", False, "never a candidate: no rule admits it even in round 1",
                         name, values, round=1, children=failures)
        if kind in (ast.EQREL, REP):
            nkey = len(values) - 2
            store = view.state[self.program._slots[rep_base(name)]]
            assert isinstance(store, EqRel)
            reps = []
            for v in values[nkey:]:
                c = store.cls.get(v if nkey == 0 else values[:nkey] + (v,))
                reps.append("not in the relation" if c is None else f"class of {_show(c[0])}")
            detail = f"does not hold: {_show(values[nkey])} is {reps[0]}, {_show(values[nkey + 1])} is {reps[1]}"
            return Proof(text, "not-derivable", False, detail, name, values)
        failures = self._failures(name, values, view, shown)
        where = f" ({view.label})" if view.label else ""
        return Proof(text, "not-derivable", False, f"does not hold{where}", name, values, children=failures)

    def _failures(self, name: str, values: tuple, view: _View, shown: set) -> tuple[Proof, ...]:
        out = []
        for rule in self.program.rules_for(name):
            compiled = self.program.proof_rule(rule)
            best: list[Any] = [-1, {}, {}]
            matches = compiled.fn(view.state, None, values, best)
            where = f" {view.label}" if view.label else ""
            if matches:
                out.append(Proof(str(rule), "failed-rule", True, f"{_where(rule)}: its body holds{where}",
                                 rule=rule, location=rule.loc))
                continue
            step_no, bindings, aggs = best
            if step_no < 0:
                out.append(Proof(str(rule), "failed-rule", False, f"{_where(rule)}: the head does not match",
                                 rule=rule, location=rule.loc))
                continue
            if step_no >= len(compiled.steps):
                out.append(Proof(str(rule), "failed-rule", False, f"{_where(rule)}: the head does not match",
                                 rule=rule, location=rule.loc))
                continue
            step = compiled.steps[step_no]
            while step.kind == "agg" and step_no + 1 < len(compiled.steps):
                step_no += 1
                step = compiled.steps[step_no]
            lit = rule.body[step.index]
            shown_vars = ", ".join(f"{k} = {_show(v)}" for k, v in bindings.items() if not k.startswith("#") and not k.startswith("_#"))
            detail = f"{_where(rule)}: fails at {lit}"
            if shown_vars:
                detail += f" with {shown_vars}"
            if view.label:
                detail += f" ({view.label})"
            children: list[Proof] = []
            if isinstance(lit, ast.Negation):
                atom_values = _ground(lit.atom, bindings)
                if atom_values is not None and None not in atom_values:
                    children.append(self._prove(lit.atom.relation, atom_values, view, set(), shown))
            elif isinstance(lit, ast.Atom):
                atom_values = _ground(lit, bindings)
                if atom_values is not None and None not in atom_values:
                    note = self._absent_note(lit.relation, atom_values)
                    if view.label and self._kind(lit.relation) == ast.GREATEST:
                        note = "absent in this round; " + note.replace("absent: ", "")
                    children.append(Proof(format_fact(lit.relation, atom_values), "absent", False, note,
                                          lit.relation, atom_values))
                else:
                    children.append(Proof(f"no tuple matches {lit}", "absent", False))
            elif isinstance(lit, ast.Comparison):
                children.append(Proof(self._comparison_text(lit, step.index, compiled, bindings, aggs) + " is false",
                                      "test", False))
                for s in compiled.steps:
                    if s.kind == "agg" and s.index == step.index and s.agg.result in aggs:
                        value, acc = aggs[s.agg.result]
                        if isinstance(acc, (set, dict)) and acc:
                            items = sorted(acc, key=repr)[:12]
                            names = [v.name for v in ast.aggregate_vars(s.agg.agg)]
                            counted = ", ".join(_show(i) for i in items)
                            children.append(Proof(f"{s.agg.agg.op} over {counted}", "test", True))
            out.append(Proof(str(rule), "failed-rule", False, detail, rule=rule, location=rule.loc,
                             children=tuple(children)))
        if not out:
            out.append(Proof("no rule defines this relation", "failed-rule", False))
        return tuple(out)


def _ground(atom: ast.Atom, bindings: dict) -> tuple | None:
    from passalive.rules.compile import _tdiv, _tmod

    def value(term: ast.Term) -> Any:
        if isinstance(term, ast.Const):
            return term.value
        if isinstance(term, ast.Var):
            if term.anonymous:
                return None
            if term.name not in bindings:
                raise KeyError(term.name)
            return bindings[term.name]
        if isinstance(term, ast.Neg):
            return -value(term.operand)
        if isinstance(term, ast.BinOp):
            a, b = value(term.left), value(term.right)
            return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                    "/": lambda: _tdiv(a, b), "%": lambda: _tmod(a, b)}[term.op]()
        raise KeyError(str(term))

    try:
        return tuple(value(a) for a in atom.args)
    except (KeyError, ZeroDivisionError):
        return None


def _show(v: Any) -> str:
    if isinstance(v, str):
        return '"' + v + '"'
    if isinstance(v, tuple):
        return "(" + ", ".join(_show(x) for x in v) + ")"
    return str(v)
