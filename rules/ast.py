"""The abstract syntax of the rule language (see docs/rule-language.md).

Every node is a frozen dataclass carrying the `Location` of its first token, so
each check can point at the offending place.  Wildcards `_` are parsed as
`Var` with a unique name (`_#3`) and `anonymous=True`: each occurrence is a
fresh variable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from passalive.errors import Location

Value = Union[int, str]

PLAIN = "plain"
EQREL = "eqrel"
GREATEST = "greatest"
STAGED = "staged"


@dataclass(frozen=True)
class Var:
    """A variable occurrence; `anonymous` for a wildcard `_`."""

    name: str
    loc: Location = field(compare=False)
    anonymous: bool = False

    def __str__(self) -> str:
        return "_" if self.anonymous else self.name


@dataclass(frozen=True)
class Const:
    """A number (int) or symbol (str) constant."""

    value: Value
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        if isinstance(self.value, str):
            escaped = self.value.replace("\\", "\\\\").replace('"', '\\"')
            return f'"{escaped}"'
        return str(self.value)


@dataclass(frozen=True)
class BinOp:
    """Integer arithmetic: + - * / % (division truncates toward zero)."""

    op: str
    left: "Term"
    right: "Term"
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        return f"({self.left} {self.op} {self.right})"


@dataclass(frozen=True)
class Neg:
    """Unary minus."""

    operand: "Term"
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        return f"-{self.operand}"


@dataclass(frozen=True)
class Aggregate:
    """`count : {body}` or `min|max|sum target : {body}`."""

    op: str
    target: "Term | None"
    body: tuple["Literal", ...]
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        inner = ", ".join(str(lit) for lit in self.body)
        head = self.op if self.target is None else f"{self.op} {self.target}"
        return f"{head} : {{ {inner} }}"


Term = Union[Var, Const, BinOp, Neg, Aggregate]


@dataclass(frozen=True)
class Atom:
    """`rel(t1, ..., tn)`."""

    relation: str
    args: tuple[Term, ...]
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        return f"{self.relation}({', '.join(str(a) for a in self.args)})"


@dataclass(frozen=True)
class Negation:
    """`!rel(...)`."""

    atom: Atom
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        return f"!{self.atom}"


@dataclass(frozen=True)
class Comparison:
    """`t1 op t2`, op in = != < <= > >=; `X = expr` may bind X."""

    op: str
    left: Term
    right: Term
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        return f"{self.left} {self.op} {self.right}"


Literal = Union[Atom, Negation, Comparison]


@dataclass(frozen=True)
class Rule:
    """`head :- body.`; a fact is a rule with an empty body."""

    head: Atom
    body: tuple[Literal, ...]
    loc: Location = field(compare=False)

    def __str__(self) -> str:
        if not self.body:
            return f"{self.head}."
        return f"{self.head} :- {', '.join(str(lit) for lit in self.body)}."


@dataclass(frozen=True)
class Declaration:
    """`.decl name(attr: type, ...) [eqrel|greatest|staged]` with its doc comment."""

    name: str
    attributes: tuple[str, ...]
    types: tuple[str, ...]
    kind: str
    doc: str
    loc: Location = field(compare=False)

    @property
    def arity(self) -> int:
        return len(self.types)

    def __str__(self) -> str:
        params = ", ".join(f"{a}: {t}" for a, t in zip(self.attributes, self.types))
        suffix = "" if self.kind == PLAIN else f" {self.kind}"
        return f".decl {self.name}({params}){suffix}"


@dataclass(frozen=True)
class Source:
    """A whole program after includes: declarations, rules, input/output markers."""

    declarations: tuple[Declaration, ...]
    rules: tuple[Rule, ...]
    inputs: tuple[tuple[str, Location], ...]
    outputs: tuple[tuple[str, Location], ...]
    files: tuple[str, ...]


def term_vars(term: Term) -> list[Var]:
    """The variables of a term, outside aggregates (in order of occurrence)."""
    if isinstance(term, Var):
        return [term]
    if isinstance(term, BinOp):
        return term_vars(term.left) + term_vars(term.right)
    if isinstance(term, Neg):
        return term_vars(term.operand)
    return []


def term_aggregates(term: Term) -> list[Aggregate]:
    """The aggregates occurring in a term."""
    if isinstance(term, Aggregate):
        return [term]
    if isinstance(term, BinOp):
        return term_aggregates(term.left) + term_aggregates(term.right)
    if isinstance(term, Neg):
        return term_aggregates(term.operand)
    return []


def literal_terms(lit: Literal) -> tuple[Term, ...]:
    """The top-level terms of a literal."""
    if isinstance(lit, Atom):
        return lit.args
    if isinstance(lit, Negation):
        return lit.atom.args
    return (lit.left, lit.right)


def aggregate_vars(agg: Aggregate) -> list[Var]:
    """Every variable occurring inside an aggregate (target and body)."""
    out: list[Var] = []
    if agg.target is not None:
        out += term_vars(agg.target)
    for lit in agg.body:
        for t in literal_terms(lit):
            out += term_vars(t)
    return out
