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

Over 600 lines: `Explainer` is one class that rebuilds proofs for every kind of literal and relation
(atoms, negation, comparisons, aggregates, eqrel, staged and greatest relations) over one view of
the recorded state.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, Callable, Protocol

from passalive.errors import InputError, Location
from passalive.rules import ast
from passalive.rules.check import REP, rep_base
from passalive.rules.storage import EqRel

if TYPE_CHECKING:
    from passalive.rules.compile import CompiledRule


class _Model(Protocol):
    """What an explainer reads of an evaluated model (`passalive.rules.engine.Model`).

    A protocol rather than an import of the engine, which imports this module:
    the engine makes the explainer, the explainer only reads the model.
    """

    program: Any
    _facts: dict[str, list[tuple]]
    _rounds: dict


@dataclass
class Record:
    """What a provenance run remembers: derivation ranks, eqrel generators, rounds."""

    ranks: dict[str, dict[tuple, int]] = field(default_factory=dict)
    pairs: dict[str, list[tuple]] = field(default_factory=dict)




def format_fact(relation: str, values: tuple, label: Callable[[str, int, Any], str | None] | None = None) -> str:
    """`rel(1, "black")`; `label(relation, position, value)` may name a value its own way."""
    parts = []
    for i, v in enumerate(values):
        named = label(relation, i, v) if label is not None and v is not None else None
        if named is not None:
            parts.append(named)
        elif v is None:
            parts.append("_")
        elif isinstance(v, str):
            parts.append('"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"')
        else:
            parts.append(str(v))
    return f"{relation}({', '.join(parts)})"


Columns = tuple[tuple[str, int], ...]
"""The (relation, position) columns a value of a note stands in."""


@dataclass(frozen=True)
class NoteValue:
    """A value shown in a node's `text` or `detail` (a note of the engine, such as
    `counted: R = 16`), at `start:end`, with the columns it stands in.

    `Proof.render(label=...)` names it when `label` names it alike in every one of
    its columns; a value whose columns are unknown (empty) keeps its plain form.
    """

    field: str  # "text" or "detail"
    start: int
    end: int
    value: Any
    columns: Columns


def _columns(name: str, literals: Iterable[ast.Literal]) -> Columns:
    """The columns of the atoms among `literals` (and inside their negations and
    aggregates) in which the variable `name` stands as an argument of its own."""
    out: list[tuple[str, int]] = []

    def visit(lit: ast.Literal) -> None:
        if isinstance(lit, ast.Atom):
            for j, a in enumerate(lit.args):
                if isinstance(a, ast.Var) and not a.anonymous and a.name == name:
                    out.append((lit.relation, j))
        elif isinstance(lit, ast.Negation):
            visit(lit.atom)
        elif isinstance(lit, ast.Comparison):
            for side in (lit.left, lit.right):
                for agg in ast.term_aggregates(side):
                    for inner in agg.body:
                        visit(inner)

    for lit in literals:
        visit(lit)
    return tuple(dict.fromkeys(out))


def _note(field: str, parts: list) -> tuple[str, tuple[NoteValue, ...]]:
    """Joins `parts` (strings, and `(value, columns)` pairs shown with `_show`)
    into a note and the positions of its values."""
    text = ""
    marks: list[NoteValue] = []
    for part in parts:
        if isinstance(part, str):
            text += part
            continue
        value, columns = part
        shown = _show(value)
        if columns:
            marks.append(NoteValue(field, len(text), len(text) + len(shown), value, tuple(columns)))
        text += shown
    return text, tuple(marks)


def _bindings_parts(items: Iterable[tuple[str, Any]], literals: Iterable[ast.Literal]) -> list:
    """`X = 1, Y = 2` as note parts, each value with the columns of its variable."""
    parts: list = []
    for k, v in items:
        if parts:
            parts.append(", ")
        parts += [f"{k} = ", (v, _columns(k, literals))]
    return parts


def _labelled(text: str, marks: Iterable[NoteValue], label: Callable[[str, int, Any], str | None]) -> str:
    """`text` with each marked value named by `label`, when it names it alike in all its columns."""
    for mark in sorted(marks, key=lambda m: m.start, reverse=True):
        if mark.value is None or isinstance(mark.value, (str, bool)):
            continue
        names = {label(rel, pos, mark.value) for rel, pos in mark.columns}
        name = names.pop() if len(names) == 1 else None
        if name is not None:
            text = text[:mark.start] + name + text[mark.end:]
    return text


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
    notes: tuple[NoteValue, ...] = field(default=())

    def render(
        self,
        indent: str = "",
        max_depth: int | None = None,
        label: Callable[[str, int, Any], str | None] | None = None,
    ) -> str:
        """The tree, two spaces per level; below `max_depth` levels, children are elided.

        `label(relation, position, value)`, when given, names the values of facts
        (e.g. a point id as "C3"), and the values in the engine's notes by the
        columns they stand in (`notes`); returning None keeps the number.
        """
        head = self.text
        detail = self.detail
        if label is not None:
            head = _labelled(head, [m for m in self.notes if m.field == "text"], label)
            detail = _labelled(detail, [m for m in self.notes if m.field == "detail"], label)
        if label is not None and self.relation is not None and self.values is not None:
            plain = format_fact(self.relation, self.values)
            head = head.replace(plain, format_fact(self.relation, self.values, label), 1)
        if detail:
            head += f"  [{detail}]"
        lines = [indent + head]
        if self.children and max_depth is not None and max_depth <= 0:
            lines.append(indent + "  ...")
            return "\n".join(lines)
        for child in self.children:
            lines.append(child.render(indent + "  ", None if max_depth is None else max_depth - 1, label))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.render()

    def walk(self) -> Iterator[Proof]:
        """Every node, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()


def _witness_key(witnesses: dict[int, tuple[Any, ...]]) -> tuple[Any, ...]:
    """An order on derivations that does not depend on hashing: the witness
    tuples by body position, each value ordered by its type's name first
    (numbers and strings never meet in one comparison)."""
    return tuple(
        (i, tuple((type(v).__name__, v) for v in witnesses[i])) for i in sorted(witnesses) if witnesses[i] is not None
    )


def _env_key(env: dict[str, Any]) -> tuple[Any, ...]:
    """An order on variable assignments that does not depend on hashing (see `_witness_key`)."""
    return tuple((k, type(v).__name__, v) for k, v in sorted(env.items()) if v is not None)


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

    MAX_NODES = 4000  # a bigger proof is cut ("proof truncated")
    MAX_DEPTH = 200  # and so is a deeper one (Python's recursion limit)

    def __init__(self, model: _Model) -> None:
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
        for value, typ in zip(values, decl.types):
            ok = isinstance(value, str) if typ == "symbol" else isinstance(value, int) and not isinstance(value, bool)
            if not ok:
                raise InputError(f"{format_fact(name, values)}: {value!r} is not a {typ}")
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
            return Proof(text, "ref", True, "being shown above: the proof returns here through a greatest relation",
                         name, values)
        if key in shown:
            return Proof(text, "ref", self._holds(view, name, values), "shown above", name, values)
        self.nodes += 1
        if self.nodes > self.MAX_NODES or len(path) > self.MAX_DEPTH:
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
        # Of a rule's derivations the one with the least witnesses is shown, so
        # that a proof does not depend on the order of the engine's sets (which
        # varies with Python's string hashing from run to run).
        fallback = None
        for rule in self.program.rules_for(name):
            compiled = self.program.proof_rule(rule)
            best = None
            for match in compiled.fn(view.state, None, values, None):
                _head, witnesses, aggs, bindings = match
                ok = True
                for i, lit in enumerate(rule.body):
                    if isinstance(lit, ast.Atom) and lit.relation in same:
                        r = view.ranks.get(lit.relation, {}).get(witnesses.get(i), 0)
                        if r >= my_rank:
                            ok = False
                            break
                key = _witness_key(witnesses)
                if ok and (best is None or key < best[0]):
                    best = (key, match)
                if fallback is None or (fallback[0] is rule and key < fallback[3]):
                    fallback = (rule, compiled, match, key)
            if best is not None:
                return self._rule_proof(text, name, values, rule, compiled, best[1], view, path, shown)
        if fallback is not None:
            rule, compiled, match, _ = fallback
            return self._rule_proof(text, name, values, rule, compiled, match, view, path, shown)
        return Proof(text, "ref", True, "holds (no derivation found)", name, values)

    def _rule_proof(self, text: str, name: str, values: tuple, rule: ast.Rule, compiled: CompiledRule,
                    match: tuple, view: _View, path: set, shown: set) -> Proof:
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
                sub = self._aggregate_children(lit, bindings, view, path, shown, failing=False)
                ctext, cnotes = self._comparison_text(lit, i, compiled, bindings, aggs, rule)
                children.append(Proof(ctext, "test", True, children=sub, notes=cnotes))
        kind = "fact" if not rule.body else "rule"
        return Proof(text, kind, True, _where(rule), name, values, rule, rule.loc, None, tuple(children))

    def _aggregate_children(self, lit: ast.Comparison, bindings: dict, view: _View, path: set, shown: set,
                            failing: bool) -> tuple[Proof, ...]:
        """For each aggregate of a comparison: the assignments it counted (and, when
        explaining a failure, those it did not count and why)."""
        out: list[Proof] = []
        for side in (lit.left, lit.right):
            for agg in ast.term_aggregates(side):
                inputs = {k: v for k, v in bindings.items() if not k.startswith("#")}
                results = body_assignments(agg.body, inputs, view.state, self.program._slots)
                # counted ones first, each group in an order that does not depend on hashing
                results.sort(key=lambda r: (r[1] is not None, _env_key(r[0])))
                for env, bad in results:
                    if bad is not None and not failing:
                        continue
                    local = {k: v for k, v in env.items() if k not in inputs and not k.startswith("_#")}
                    env_parts = _bindings_parts(local.items(), agg.body) or ["(no variables)"]
                    children = []
                    for inner in agg.body:
                        if isinstance(inner, ast.Atom):
                            values = _ground(inner, env)
                            if values is not None and None not in values:
                                children.append(self._prove(inner.relation, values, view, path, shown))
                        elif isinstance(inner, ast.Negation) and inner is not bad:
                            values = _ground(inner.atom, env)
                            if values is not None:
                                children.append(Proof("!" + format_fact(inner.atom.relation, values), "absent", True,
                                                      self._absent_note(inner.atom.relation, values),
                                                      inner.atom.relation, values))
                    if bad is None:
                        ctext, cnotes = _note("text", ["counted: ", *env_parts])
                        out.append(Proof(ctext, "test", True, children=tuple(children), notes=cnotes))
                        continue
                    reason, rnotes = _note("text", ["not counted: ", *env_parts, f": {bad} is false"])
                    if isinstance(bad, ast.Negation):
                        values = _ground(bad.atom, env)
                        if values is not None and None not in values:
                            children.append(self._prove(bad.atom.relation, values, view, set(), shown))
                    out.append(Proof(reason, "test", False, children=tuple(children), notes=rnotes))
        return tuple(out)

    def _comparison_text(self, lit: ast.Comparison, index: int, compiled: CompiledRule, bindings: dict, aggs: dict,
                         rule: ast.Rule) -> tuple[str, tuple[NoteValue, ...]]:
        """The comparison with its aggregate values and variable values, and the
        columns of those variables in the rule (aggregate values keep their form)."""
        notes: list[list] = []
        said: list[str] = []
        for step in compiled.steps:
            if step.agg is not None and step.index == index and step.agg.result in aggs:
                value = aggs[step.agg.result][0]
                notes.append([f"{step.agg.agg.op} = {value}"])
                said.append(f"{step.agg.agg.op} = {value}")
        literals = (rule.head, *rule.body)
        for v in ast.term_vars(lit.left) + ast.term_vars(lit.right):
            if v.name in bindings and f"{v.name} = " not in " ".join(said):
                notes.append([f"{v.name} = ", (bindings[v.name], _columns(v.name, literals))])
                said.append(f"{v.name} = {_show(bindings[v.name])}")
        parts: list = [str(lit)]
        if notes:
            parts.append("  (")
            for i, note in enumerate(notes):
                if i:
                    parts.append(", ")
                parts += note
            parts.append(")")
        return _note("text", parts)

    def _prove_rep(self, name: str, values: tuple, view: _View, path: set, shown: set) -> Proof:
        base = rep_base(name)
        nkey = len(values) - 2
        member = values[:nkey] + (values[nkey], values[nkey + 1])
        child = self._prove(base, member, view, path, shown)
        n = len(values)
        detail, notes = _note("detail", [(values[-1], ((name, n - 1),)), " is the smallest member of the class of ",
                                         (values[-2], ((name, n - 2),)), f" in {base}"])
        return Proof(format_fact(name, values), "eqrel", True, detail, name, values, children=(child,), notes=notes)

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
            detail, notes = _note("detail", ["reflexive: ", (x, ((name, nkey), (name, nkey + 1))), f" occurs in {name}"])
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
            parts: list = ["equivalence closure: "]
            for i, c in enumerate(chain):
                parts += [" ~ "] * (i > 0) + [(c, ((name, nkey), (name, nkey + 1)))]
            detail, notes = _note("detail", parts)
        if len(pairs) == 1 and pairs[0] in (values, prefix + (y, x)):
            # one generating pair: its own derivation is the proof
            return self._prove_pair(name, pairs[0], view, path, shown, values)
        children = tuple(self._prove_pair(name, pair, view, path, shown) for pair in pairs)
        return Proof(text, "eqrel", True, detail, name, values, children=children, notes=notes)

    def _prove_pair(self, name: str, pair: tuple, view: _View, path: set, shown: set,
                    shown_as: tuple | None = None) -> Proof:
        text = format_fact(name, shown_as or pair)
        if shown_as is not None and shown_as != pair:
            text += f" (by symmetry from {format_fact(name, pair)})"
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
        if kind == ast.GREATEST and view is self.main and self.program.stratum_of(name).kind == "greatest":
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
            cols = ((name, nkey), (name, nkey + 1))
            parts: list = ["does not hold: "]
            for i, v in enumerate(values[nkey:]):
                c = store.cls.get(v if nkey == 0 else values[:nkey] + (v,))
                parts += [", "] * (i > 0) + [(v, cols), " is "]
                parts += ["not in the relation"] if c is None else ["class of ", (c[0], cols)]
            detail, notes = _note("detail", parts)
            return Proof(text, "not-derivable", False, detail, name, values, notes=notes)
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
            var_parts = _bindings_parts(
                [(k, v) for k, v in bindings.items() if not k.startswith("#") and not k.startswith("_#")],
                (rule.head, *rule.body))
            parts: list = [f"{_where(rule)}: fails at {lit}"]
            if var_parts:
                parts += [" with ", *var_parts]
            if view.label:
                parts.append(f" ({view.label})")
            detail, detail_notes = _note("detail", parts)
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
                sub = self._aggregate_children(lit, bindings, view, set(), shown, failing=True)
                ctext, cnotes = self._comparison_text(lit, step.index, compiled, bindings, aggs, rule)
                children.append(Proof(ctext + " is false", "test", False, children=sub, notes=cnotes))
            out.append(Proof(str(rule), "failed-rule", False, detail, rule=rule, location=rule.loc,
                             children=tuple(children), notes=detail_notes))
        if not out:
            out.append(Proof("no rule defines this relation", "failed-rule", False))
        return tuple(out)


def _value(term: ast.Term, bindings: dict) -> Any:
    """The value of an aggregate-free term under `bindings` (KeyError if a variable is unbound)."""
    from passalive.rules.compile import _tdiv, _tmod

    if isinstance(term, ast.Const):
        return term.value
    if isinstance(term, ast.Var):
        return bindings[term.name]
    if isinstance(term, ast.Neg):
        return -_value(term.operand, bindings)
    if isinstance(term, ast.BinOp):
        a, b = _value(term.left, bindings), _value(term.right, bindings)
        if term.op == "+":
            return a + b
        if term.op == "-":
            return a - b
        if term.op == "*":
            return a * b
        return _tdiv(a, b) if term.op == "/" else _tmod(a, b)
    raise KeyError(str(term))


_OPS = {
    "=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
}


def body_assignments(
    body: tuple, bindings: dict, state: list, slots: dict, limit: int = 64
) -> list[tuple[dict, ast.Literal | None]]:
    """Explain-time evaluation of an aggregate body (not used by `run`).

    Yields `(assignment, failing)` for every assignment of the variables that
    satisfies the positive atoms: `failing` is the first other literal that is
    false under it (None when the whole body holds).  At most `limit` results.
    """
    atoms = [lit for lit in body if isinstance(lit, ast.Atom)]
    rest = [lit for lit in body if not isinstance(lit, ast.Atom)]
    out: list[tuple[dict, ast.Literal | None]] = []

    def known(arg: ast.Term, env: dict) -> bool:
        try:
            _value(arg, env)
            return True
        except (KeyError, ZeroDivisionError):
            return False

    def search(todo: list, env: dict) -> None:
        if len(out) >= limit:
            return
        if not todo:
            env = dict(env)
            failing = None
            for lit in rest:
                if isinstance(lit, ast.Comparison):
                    if lit.op == "=" and isinstance(lit.left, ast.Var) and lit.left.name not in env and known(lit.right, env):
                        env[lit.left.name] = _value(lit.right, env)
                        continue
                    try:
                        ok = _OPS[lit.op](_value(lit.left, env), _value(lit.right, env))
                    except (KeyError, ZeroDivisionError, TypeError):
                        ok = False
                else:
                    store = state[slots[lit.atom.relation]]
                    cols = tuple(j for j, a in enumerate(lit.atom.args) if not (isinstance(a, ast.Var) and a.anonymous))
                    try:
                        values = [_value(lit.atom.args[j], env) for j in cols]
                    except (KeyError, ZeroDivisionError):
                        ok = False
                    else:
                        if len(cols) == len(lit.atom.args):
                            ok = tuple(values) not in store.container()
                        elif cols:
                            key = values[0] if len(values) == 1 else tuple(values)
                            ok = not store.getter(tuple(cols))(key, ())
                        else:
                            ok = not store.scan()
                if not ok:
                    failing = lit
                    break
            out.append((env, failing))
            return
        best = max(todo, key=lambda a: sum(1 for x in a.args if known(x, env)))
        remaining = [a for a in todo if a is not best]
        store = state[slots[best.relation]]
        cols = tuple(j for j, a in enumerate(best.args) if known(a, env))
        if cols:
            bound = [_value(best.args[j], env) for j in cols]
            key = bound[0] if len(bound) == 1 else tuple(bound)
            rows = store.getter(cols)(key, ())
        else:
            rows = store.scan()
        for row in rows:
            new = dict(env)
            ok = True
            for j, a in enumerate(best.args):
                if j in cols:
                    continue
                if isinstance(a, ast.Var):
                    if a.name in new and new[a.name] != row[j]:
                        ok = False
                        break
                    new[a.name] = row[j]
            if ok:
                search(remaining, new)

    search(atoms, dict(bindings))
    return out


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
            operations: dict[str, Callable[[], Any]] = {
                "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                "/": lambda: _tdiv(a, b), "%": lambda: _tmod(a, b),
            }
            return operations[term.op]()
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
