"""Evaluation of checked, compiled rule programs: `Program.run(facts) -> Model`.

Strata are evaluated in dependency order:

* a *base* stratum runs each rule once;
* a *recursive* stratum (positive recursion) runs semi-naively: every rule
  once on the full relations, then, while some relation of the component grew,
  each semi-naive variant of a rule reads the new tuples of one recursive atom;
* a *staged* stratum runs step by step: the step to compute next is the
  smallest step after the last one that some rule of the component derives
  from the steps finished so far; in it, the component's strata within a step
  run with every rule restricted to heads of that step (the synthetic
  relation `#now` holds it);
* a *greatest* stratum casts out: its greatest relations start as "everything"
  (`Top`); each round evaluates the component's plain relations afresh from
  the current greatest relations (by their own inner strata), re-evaluates the
  greatest relations' rules, keeps the tuples still admitted, and stops when a
  round removes nothing.  The round in which each tuple left is recorded.

A `Program` is immutable after loading; `run` builds all state locally, so a
program may be run any number of times, also concurrently.

Over 600 lines: `Program` is one class: the evaluation of every kind of stratum (base, recursive,
staged, greatest) over one layout of the state, whose helpers each kind shares.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from operator import itemgetter
from types import MappingProxyType
from typing import Any

from passalive.errors import InputError, Location
from passalive.go.limits import DEFAULT_MAX_FACTS, DEFAULT_RULE_SECONDS, MAX_RULE_CONSTANT
from passalive.rules import ast
from passalive.rules.check import REP, Analysis, Stratum, analyse, rep_base
from passalive.rules.compile import CompiledRule, compile_rule
from passalive.rules.provenance import Explainer, Proof, Record
from passalive.rules.storage import EqRel, Rel, RepView, Top


NOW = "#now"
"""The synthetic relation holding the step a staged component is computing."""

MAX_ROUNDS = 1_000_000
"""Semi-naive rounds a recursive component may take.  Over a board's facts a
program without arithmetic ends long before (a round adds at least one
tuple); a program that counts upwards without a bound would never end."""


@dataclass(frozen=True)
class Budget:
    """What one run of a rule program may use: `max_facts` tuples derived
    (facts given included) and `seconds` of time (None: no limit)."""

    max_facts: int = DEFAULT_MAX_FACTS
    seconds: float | None = DEFAULT_RULE_SECONDS


_BUDGET: ContextVar[Budget] = ContextVar("passalive_rule_budget", default=Budget())


@contextmanager
def budget(max_facts: int | None = None, seconds: float | None = None) -> Iterator[Budget]:
    """Run the rule programs inside the `with` block under these bounds (the
    CLI's `--max-facts`); unset bounds keep their defaults."""
    current = _BUDGET.get()
    chosen = Budget(
        current.max_facts if max_facts is None else max_facts,
        current.seconds if seconds is None else seconds,
    )
    token = _BUDGET.set(chosen)
    try:
        yield chosen
    finally:
        _BUDGET.reset(token)


class LimitError(InputError):
    """A rule program went beyond its budget of tuples or time (a located error)."""


_TICK = 0.05
"""Seconds between the watchdog's looks at a running evaluation."""


class _Guard:
    """Keeps one evaluation within its Budget.

    Derived tuples are counted as they are stored; a single rule can also
    build millions of tuples before it returns (a cartesian product), so in
    the main thread a timer interrupts the evaluation every _TICK seconds and
    counts the tuples the running rule has built so far (its `out` list) and
    the time spent.  Beyond a bound it raises a LimitError at the rule whose
    relation grew.
    """

    def __init__(self, program: "Program", chosen: Budget) -> None:
        self.program = program
        self.budget = chosen
        self.stored = 0
        self.started = time.monotonic()
        self.previous: Any = None
        self.armed = False

    def __enter__(self) -> "_Guard":
        if threading.current_thread() is threading.main_thread() and hasattr(signal, "setitimer"):
            if signal.getitimer(signal.ITIMER_REAL)[0] == 0:  # nobody else is timing this process
                self.previous = signal.signal(signal.SIGALRM, self._tick)
                signal.setitimer(signal.ITIMER_REAL, _TICK, _TICK)
                self.armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        if self.armed:
            signal.setitimer(signal.ITIMER_REAL, 0, 0)
            signal.signal(signal.SIGALRM, self.previous)
            self.armed = False

    def stored_tuples(self, name: str, count: int) -> None:
        """`count` new tuples of relation `name` were stored."""
        self.stored += count
        if self.stored > self.budget.max_facts:
            decl = self.program._decls.get(name)
            self._refuse(name, self.stored, decl.loc if decl is not None else None)

    def _tick(self, signum: int, frame: Any) -> None:
        rule_frame = frame
        while rule_frame is not None and not rule_frame.f_code.co_name.startswith("rule_"):
            rule_frame = rule_frame.f_back
        building = 0
        if rule_frame is not None:
            out = rule_frame.f_locals.get("out")
            building = len(out) if isinstance(out, list) else 0
        if self.stored + building > self.budget.max_facts and rule_frame is not None:
            name, loc = self._rule_of(rule_frame)
            self._refuse(name, self.stored + building, loc)
        seconds = self.budget.seconds
        if seconds is not None and time.monotonic() - self.started > seconds:
            name, loc = self._rule_of(rule_frame) if rule_frame is not None else ("?", None)
            self.__exit__()
            raise LimitError(
                f"the rule program ran out of time ({seconds:g} s) while deriving {name}; "
                "a rule that joins many atoms or computes new numbers can run without end",
                loc,
            )

    def _rule_of(self, frame: Any) -> tuple[str, Location | None]:
        """The relation and location of the compiled rule running in `frame`."""
        filename = frame.f_code.co_filename  # "<rule path:line:col>"
        code_name = frame.f_code.co_name
        for rule in self.program.rules:
            if filename == f"<rule {rule.loc}>":
                return rule.head.relation, rule.loc
        return code_name[len("rule_") :].rsplit("_", 1)[0], None

    def _refuse(self, name: str, count: int, loc: Location | None) -> None:
        self.__exit__()
        raise LimitError(
            f"the rule program derived more than {self.budget.max_facts:,} tuples (at {count:,}, "
            f"while deriving {name}); bound the rules of {name} or raise --max-facts (see docs/limits.md)",
            loc,
        )


def _computes_numbers(rule: ast.Rule) -> bool:
    """Whether a rule computes new numbers (arithmetic or a sum), which can
    grow without bound (`big(M) :- big(N), M = N * N.`)."""
    pending: list[object] = [rule]
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.BinOp, ast.Neg)) or (isinstance(node, ast.Aggregate) and node.op == "sum"):
            return True
        if isinstance(node, (list, tuple)):
            pending.extend(node)
        elif hasattr(node, "__dataclass_fields__"):
            pending.extend(getattr(node, f) for f in node.__dataclass_fields__ if f != "loc")
    return False


def _check_magnitudes(name: str, tuples: list[tuple], decl: ast.Declaration) -> None:
    """A LimitError when a computed number of `tuples` is beyond MAX_RULE_CONSTANT."""
    for t in tuples:
        for value in t:
            if type(value) is int and not -MAX_RULE_CONSTANT <= value <= MAX_RULE_CONSTANT:
                raise LimitError(
                    f"the rule program computed a number of {value.bit_length()} bits in {name}, beyond "
                    f"the limit {MAX_RULE_CONSTANT:,} of a rule program's numbers; bound the rules that compute it "
                    "(see docs/limits.md)",
                    decl.loc,
                )


_ACTIVE: ContextVar[_Guard | None] = ContextVar("passalive_rule_guard", default=None)
"""The guard of the evaluation running in this context (None outside `run`)."""


@dataclass
class _Plan:
    """One stratum, ready to run."""

    kind: str
    relations: tuple[str, ...]
    rules: list[CompiledRule] = field(default_factory=list)  # every rule with its head here (full version)
    variants: list[tuple[CompiledRule, str]] = field(default_factory=list)  # (variant, delta relation)
    greatest: tuple[str, ...] = ()
    greatest_rules: list[CompiledRule] = field(default_factory=list)
    inner: list["_Plan"] = field(default_factory=list)
    plain: tuple[str, ...] = ()  # relations recomputed every round (incl. nested)
    offsets: frozenset[int] = frozenset()  # staged: the n of every head step `B + n`


class Program:
    """A loaded, checked and compiled rule program (immutable)."""

    def __init__(self, source: ast.Source) -> None:
        self._source = source
        self._analysis: Analysis = analyse(source)
        decls = self._analysis.declarations
        self._decls = decls
        self.relations: Mapping[str, ast.Declaration] = MappingProxyType(
            {name: d for name, d in decls.items()}
        )
        self.inputs: tuple[str, ...] = tuple(dict.fromkeys(n for n, _ in source.inputs))
        self.outputs: tuple[str, ...] = tuple(dict.fromkeys(n for n, _ in source.outputs))
        self.files: tuple[str, ...] = source.files
        self.rules: tuple[ast.Rule, ...] = source.rules
        self._slots: dict[str, int] = {name: i for i, name in enumerate(decls)}
        self._slots[NOW] = len(self._slots)
        self._types: dict[str, tuple[str, ...]] = {name: d.types for name, d in decls.items()}
        self._types[NOW] = ("number",)
        self._computing: frozenset[str] = frozenset(
            rule.head.relation for rule in source.rules if _computes_numbers(rule)
        )
        self._rules_by_head: dict[str, list[ast.Rule]] = {}
        for rule in source.rules:
            self._rules_by_head.setdefault(rule.head.relation, []).append(rule)
        self._plans = [self._plan(s) for s in self._analysis.strata]
        self._proof_cache: dict[int, CompiledRule] = {}
        self._stratum_of: dict[str, _Plan] = {}

        def register(plans: list[_Plan]) -> None:
            for plan in plans:
                for rel in plan.relations:
                    self._stratum_of.setdefault(rel, plan)
                register(plan.inner)

        register(self._plans)

    # ------------------------------------------------------------------ compile
    def _compile(self, rule: ast.Rule, delta_index: int | None = None) -> CompiledRule:
        filters = self._analysis.filter_only.get(rule.head.relation, frozenset())
        return compile_rule(rule, self._slots, filters, delta_index, col_types=self._types)

    def _plan(self, stratum: Stratum, at_step: bool = False) -> _Plan:
        rels = stratum.relations
        plan = _Plan(stratum.kind, rels)
        if stratum.kind == "staged":
            plan.rules = [self._compile(r) for rel in rels for r in self._rules_by_head.get(rel, ())]
            plan.offsets = frozenset(_offset(r) for rel in rels for r in self._rules_by_head.get(rel, ()) if _offset(r))
            plan.inner = [self._plan(s, at_step=True) for s in stratum.inner]
            return plan
        if stratum.kind == "greatest":
            plan.greatest = stratum.greatest
            for g in stratum.greatest:
                plan.greatest_rules += [self._compile(r) for r in self._rules_by_head.get(g, ())]
            plan.inner = [self._plan(s) for s in stratum.inner]
            plan.plain = tuple(r for r in rels if r not in stratum.greatest)
            return plan
        comp = set(rels)
        for rel in rels:
            for rule in self._rules_by_head.get(rel, ()):
                if at_step:
                    rule = _at_step(rule)
                plan.rules.append(self._compile(rule))
                if stratum.kind == "recursive":
                    for i, lit in enumerate(rule.body):
                        if isinstance(lit, ast.Atom) and rep_base(lit.relation) in comp and not lit.relation.endswith(".rep"):
                            plan.variants.append((self._compile(rule, i), lit.relation))
        return plan

    def proof_rule(self, rule: ast.Rule) -> CompiledRule:
        """The proof-mode compilation of a rule (cached; used by `why`)."""
        key = id(rule)
        compiled = self._proof_cache.get(key)
        if compiled is None:
            filters = self._analysis.filter_only.get(rule.head.relation, frozenset())
            compiled = compile_rule(rule, self._slots, filters, None, proof=True, col_types=self._types)
            self._proof_cache[key] = compiled
        return compiled

    def rules_for(self, relation: str) -> list[ast.Rule]:
        return list(self._rules_by_head.get(relation, ()))

    def stratum_of(self, relation: str) -> _Plan:
        return self._stratum_of[relation]

    # ------------------------------------------------------------------ run
    def _check_facts(self, facts: Mapping[str, Iterable[tuple]]) -> dict[str, list[tuple]]:
        checked: dict[str, list[tuple]] = {}
        for name, tuples in facts.items():
            decl = self._decls.get(name)
            if decl is None or decl.kind == REP:
                raise InputError(f"facts given for {name}, which the program does not declare")
            rows = list(map(tuple, tuples))
            if not _fast_check(rows, decl.types):
                rows = [_check_row(name, decl, t) for t in rows]
            checked[name] = rows
        return checked

    def _fresh(self, name: str, state: list, facts: Mapping[str, list[tuple]]) -> None:
        decl = self._decls[name]
        slot = self._slots[name]
        store: Rel | EqRel
        if decl.kind == ast.EQREL:
            store = EqRel(decl.arity)
            state[slot] = store
            state[self._slots[name + ".rep"]] = RepView(store)
        else:
            store = Rel()
            state[slot] = store
        if name in facts:
            store.add(facts[name])

    def run(self, facts: Mapping[str, Iterable[tuple]] | None = None) -> "Model":
        """Evaluate the program on the given facts (relation name -> tuples)."""
        checked = self._check_facts(facts or {})
        with _Guard(self, _BUDGET.get()) as guard:
            token = _ACTIVE.set(guard)
            try:
                state, rounds = self._evaluate(checked, None)
            finally:
                _ACTIVE.reset(token)
        return Model(self, state, checked, rounds)

    def _evaluate(self, facts: dict[str, list[tuple]], record: Record | None) -> tuple[list, dict]:
        state: list[Any] = [None] * len(self._slots)
        for name, decl in self._decls.items():
            if decl.kind != REP:
                self._fresh(name, state, facts)
        if record is not None:
            for name, decl in self._decls.items():
                if decl.kind == ast.EQREL:
                    record.pairs[name] = list(facts.get(name, ()))
        state[self._slots[NOW]] = Rel()
        rounds: dict[str, dict[tuple, int]] = {}
        for plan in self._plans:
            self._run_plan(plan, state, facts, record, rounds)
        return state, rounds

    def _add(self, name: str, state: list, out: list, record: Record | None, rank: int, want_delta: bool) -> list:
        store = state[self._slots[name]]
        if record is not None and name in record.pairs:
            record.pairs[name].extend(out)
        new = store.add(out, want_delta)
        guard = _ACTIVE.get()
        if guard is not None and new:
            guard.stored_tuples(name, len(new))
        if new and name in self._computing:
            _check_magnitudes(name, new, self._decls[name])
        if record is not None and new and not isinstance(store, EqRel):
            ranks = record.ranks.setdefault(name, {})
            for t in new:
                ranks[t] = rank
        return new

    def _run_plan(self, plan: _Plan, state: list, facts: dict[str, list[tuple]], record: Record | None, rounds: dict) -> None:
        if plan.kind == "base":
            for compiled in plan.rules:
                out = compiled.fn(state, None, None, None)
                if out:
                    self._add(compiled.rule.head.relation, state, out, record, 0, False)
        elif plan.kind == "recursive":
            self._run_recursive(plan, state, record)
        elif plan.kind == "staged":
            self._run_staged(plan, state, facts, record, rounds)
        else:
            self._run_greatest(plan, state, facts, record, rounds)

    def _run_recursive(self, plan: _Plan, state: list, record: Record | None) -> None:
        eq = {name for name in plan.relations if self._decls[name].kind == ast.EQREL}
        outs: dict[str, list] = {}
        for compiled in plan.rules:
            out = compiled.fn(state, None, None, None)
            if out:
                outs.setdefault(compiled.rule.head.relation, []).extend(out)
        iteration = 1
        while True:
            delta: dict[str, Rel] = {}
            for name, out in outs.items():
                new = self._add(name, state, out, record, iteration, name in eq)
                if new:
                    delta[name] = Rel(new)
            if not delta:
                return
            iteration += 1
            if iteration > MAX_ROUNDS:
                rule = next((c.rule for c in plan.rules if c.rule.body), plan.rules[0].rule)
                raise InputError(
                    f"the recursion of {', '.join(plan.relations)} still derives new tuples after {MAX_ROUNDS:,} "
                    "rounds: a rule that computes a new number (`X = Y + 1`) can derive tuples without end; "
                    "bound it with a comparison",
                    rule.loc,
                )
            outs = {}
            for compiled, rel in plan.variants:
                d = delta.get(rel)
                if d is None:
                    continue
                out = compiled.fn(state, d, None, None)
                if out:
                    outs.setdefault(compiled.rule.head.relation, []).extend(out)

    def _run_staged(self, plan: _Plan, state: list, facts: dict[str, list[tuple]], record: Record | None, rounds: dict) -> None:
        """Step by step: find the next step, then compute it with the rules restricted to it.

        The steps to compute are found without guessing: the first tuple a
        step gets comes from a rule whose positive atoms of the component all
        read an earlier step B (so the step is B + n for one of the rules'
        offsets n, and B is a step that has tuples), or from a rule with no
        positive atom of the component, which derives that tuple already when
        the component is empty: the rules are run once on the empty component
        for those.  A step found that way may turn out empty.
        """
        now = self._slots[NOW]
        slots = [self._slots[r] for r in plan.relations]
        given: set[int] = set()
        for slot in slots:
            given.update(t[0] for t in state[slot].tuples)
        candidates = set(given)
        for compiled in plan.rules:
            candidates.update(t[0] for t in compiled.fn(state, None, None, None))
        offsets = plan.offsets
        steps = 0
        while candidates:
            step = min(candidates)
            candidates.discard(step)
            steps += 1
            if steps > MAX_ROUNDS:
                rule = next((c.rule for c in plan.rules if c.rule.body), plan.rules[0].rule)
                raise InputError(
                    f"the staged relations {', '.join(plan.relations)} still reach new steps after {MAX_ROUNDS:,} steps: "
                    "bound the step with a comparison",
                    rule.loc,
                )
            before = sum(len(state[slot]) for slot in slots)
            state[now] = Rel([(step,)])
            for inner in plan.inner:
                self._run_plan(inner, state, facts, record, rounds)
            if sum(len(state[slot]) for slot in slots) > before or step in given:
                candidates.update(step + n for n in offsets)
        state[now] = Rel()

    def _greatest_round(self, plan: _Plan, state: list, facts: dict[str, list[tuple]], current: dict[str, Any], record: Record | None,
                        rounds: dict) -> dict[str, set]:
        """One round: plain relations afresh from `current` greatest values; returns F(current)."""
        for g in plan.greatest:
            value = current[g]
            state[self._slots[g]] = value if isinstance(value, Top) else Rel(value)
        for name in plan.plain:
            self._fresh(name, state, facts)
            if record is not None:
                record.ranks.pop(name, None)
                if name in record.pairs:
                    record.pairs[name] = list(facts.get(name, ()))
        for inner in plan.inner:
            self._run_plan(inner, state, facts, record, rounds)
        admitted: dict[str, set] = {g: set(facts.get(g, ())) for g in plan.greatest}
        for compiled in plan.greatest_rules:
            admitted[compiled.rule.head.relation].update(compiled.fn(state, None, None, None))
        return admitted

    def _run_greatest(self, plan: _Plan, state: list, facts: dict[str, list[tuple]], record: Record | None, rounds: dict) -> None:
        current: dict[str, Any] = {g: Top() for g in plan.greatest}
        for g in plan.greatest:
            rounds[g] = {}
        number = 1
        while True:
            admitted = self._greatest_round(plan, state, facts, current, record, rounds)
            changed = False
            for g in plan.greatest:
                value = current[g]
                if isinstance(value, Top):
                    new = admitted[g]
                    changed = True
                else:
                    new = admitted[g] & value
                    removed = value - new
                    if removed:
                        changed = True
                        log = rounds[g]
                        for t in removed:
                            log[t] = number
                current[g] = new
            if not changed:
                break
            number += 1
        for g in plan.greatest:
            state[self._slots[g]] = Rel(current[g])
        if record is not None:
            for g in plan.greatest:
                record.ranks[g] = {t: 0 for t in current[g]}

    def greatest_state(self, relation: str, facts: dict[str, list[tuple]], base_state: list,
                       cast_rounds: dict[str, dict[tuple, int]], before_round: int) -> tuple[list, Record]:
        """The state in which round `before_round` of `relation`'s component was evaluated.

        Round 1 evaluates with the greatest relations as everything; round k >= 2
        with their values after round k-1 (the final values plus what rounds >= k
        cast out).  Returns a copy of `base_state` with the component recomputed
        (recording ranks), for explaining why a tuple was cast out in that round.
        """
        plan = self._stratum_of[relation]
        state = list(base_state)
        record = Record()
        for name, decl in self._decls.items():
            if decl.kind == ast.EQREL and name in plan.plain:
                record.pairs[name] = []
        current: dict[str, Any] = {}
        rounds: dict = {}
        for g in plan.greatest:
            if before_round <= 1:
                current[g] = Top()
            else:
                final = set(base_state[self._slots[g]].tuples)
                current[g] = final | {t for t, r in cast_rounds.get(g, {}).items() if r >= before_round}
        self._greatest_round(plan, state, facts, current, record, rounds)
        return state, record


def _offset(rule: ast.Rule) -> int:
    """n when the rule's head step is `B + n` (n a positive constant), else 0."""
    head_step = rule.head.args[0]
    if (
        isinstance(head_step, ast.BinOp) and head_step.op == "+" and isinstance(head_step.right, ast.Const)
        and isinstance(head_step.right.value, int) and head_step.right.value > 0
    ):
        return head_step.right.value
    return 0


def _at_step(rule: ast.Rule) -> ast.Rule:
    """The rule restricted to heads of the step being computed: `#now(S)` bound,
    and the head's step equal to it (`B = S - n` for a head step `B + n`, which
    lets the planner read the earlier step by its index)."""
    head_step = rule.head.args[0]
    loc = rule.loc
    now = ast.Var("#step", loc)
    extra: list[ast.Literal] = [ast.Atom(NOW, (now,), loc)]
    if isinstance(head_step, ast.Var):
        extra.append(ast.Comparison("=", head_step, now, loc))
    elif (
        isinstance(head_step, ast.BinOp) and head_step.op == "+" and isinstance(head_step.left, ast.Var)
        and isinstance(head_step.right, ast.Const)
    ):
        extra.append(ast.Comparison("=", head_step.left, ast.BinOp("-", now, head_step.right, loc), loc))
    else:
        extra.append(ast.Comparison("=", now, head_step, loc))
    return ast.Rule(rule.head, rule.body + tuple(extra), rule.loc)


def _fast_check(rows: list[tuple], types: tuple[str, ...]) -> bool:
    """True when every row has the right length and exactly int / str values (C-speed loops)."""
    if not rows:
        return True
    if set(map(len, rows)) != {len(types)}:
        return False
    for j, typ in enumerate(types):
        expected = {str} if typ == "symbol" else {int}
        if not set(map(type, map(itemgetter(j), rows))) <= expected:
            return False
    return True


def _check_row(name: str, decl: ast.Declaration, t: tuple) -> tuple:
    """One fact checked value by value (subclasses of int / str are converted)."""
    if len(t) != decl.arity:
        raise InputError(f"fact {name}{t!r}: {name} has {decl.arity} arguments, got {len(t)}")
    out: list[int | str] = []
    for value, typ in zip(t, decl.types):
        if typ == "symbol" and isinstance(value, str):
            out.append(str(value))
        elif typ == "number" and isinstance(value, int) and not isinstance(value, bool):
            out.append(int(value))
        else:
            raise InputError(f"fact {name}{t!r}: {value!r} is not a {typ}")
    return tuple(out)


class Model:
    """The result of running a program: relations, cast-out rounds, explanations."""

    def __init__(self, program: Program, state: list, facts: dict[str, list[tuple]], rounds: dict) -> None:
        self.program = program
        self._state = state
        self._facts = facts
        self._rounds = rounds
        self._provenance: Any = None

    def relation(self, name: str) -> frozenset[tuple]:
        """All tuples of a relation (an eqrel is expanded into its pairs)."""
        slot = self.program._slots.get(name)
        if slot is None:
            raise InputError(f"unknown relation {name}")
        return self._state[slot].all()

    def contains(self, name: str, values: tuple) -> bool:
        slot = self.program._slots.get(name)
        if slot is None:
            raise InputError(f"unknown relation {name}")
        return tuple(values) in self._state[slot].container()

    def cast_out(self, name: str) -> dict[tuple, int]:
        """For a greatest relation: each tuple cast out, with the round (>= 2) that removed it."""
        decl = self.program.relations.get(name)
        if decl is None or decl.kind != ast.GREATEST:
            raise InputError(f"{name} is not a greatest relation")
        return dict(self._rounds.get(name, {}))

    def why(self, name: str, values: tuple) -> "Proof":
        """The proof tree of a tuple, or the explanation of its absence."""
        if self._provenance is None:
            self._provenance = Explainer(self)
        return self._provenance.why(name, tuple(values))

