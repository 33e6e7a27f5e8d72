"""Parse rule programs (grammar `passalive.grammar/rulelang.lark`) into `ast.Source`.

`.include` is resolved here: relative to the including file's directory, then in
the bundled rule directory (this package's directory); each file is read once
per program.  Syntax errors become `InputError`s with file:line:col and the
terminals the parser expected.
"""

from __future__ import annotations

import codecs
import functools
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from importlib import resources
from itertools import count

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from passalive.errors import LINE_BREAK, InputError, Location, split_lines
from passalive.go.limits import MAX_INCLUDE_DEPTH, MAX_RULE_CONSTANT, MAX_RULE_NESTING

from passalive.go.numbers import read_number
from passalive.rules import ast

BUNDLED_DIR = os.path.dirname(os.path.abspath(__file__))

MAX_PROGRAM_BYTES = 128 * 1024
"""The largest rule program file read (the bundled ones are under 5 KiB each):
a program of tens of thousands of tokens takes seconds to parse."""

RESERVED = frozenset({"count", "min", "max", "sum", "number", "symbol", "eqrel", "greatest", "staged"})
"""Words of the rule language that cannot name a relation."""

MAX_RULE_LITERALS = 500
"""The most literals (atoms, negations, comparisons) of one rule: a longer
rule would take gigabytes to compile; split it into smaller rules."""

_INCLUDE_ANYWHERE: ContextVar[bool] = ContextVar("passalive_include_anywhere", default=False)


@contextmanager
def include_anywhere(allowed: bool = True) -> Iterator[None]:
    """Let `.include` read files outside the program's folder and the bundled
    rules inside the `with` block (the CLI's `--include-anywhere`)."""
    token = _INCLUDE_ANYWHERE.set(allowed)
    try:
        yield
    finally:
        _INCLUDE_ANYWHERE.reset(token)

_FRIENDLY = {
    "RELNAME": "a relation name",
    "VAR": "a variable",
    "NUMBER": "a number",
    "STRING": "a string",
    "CMP": "a comparison (=, !=, <, <=, >, >=)",
    "$END": "the end of the file",
    "MULOP": "*, / or %",
}


@functools.lru_cache(maxsize=1)
def _parser() -> Lark:
    text = resources.files("passalive.grammar").joinpath("rulelang.lark").read_text()
    return Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=False)


def _describe(name: str) -> str:
    if name in _FRIENDLY:
        return _FRIENDLY[name]
    for term in _parser().terminals:
        if term.name == name:
            if term.pattern.type == "str":
                return f'"{term.pattern.value}"'
            return name.lower()
    return name


class _Builder(Transformer):
    """Lark tree -> AST nodes, with locations in `path`."""

    def __init__(self, path: str, lines: list[str]) -> None:
        super().__init__()
        self.path = path
        self.lines = lines
        self.fresh = count()

    def loc(self, line: int, column: int) -> Location:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        return Location(self.path, line, column, source)

    def tok_loc(self, tok: Token) -> Location:
        return self.loc(tok.line or 1, tok.column or 1)

    # ----- terms
    def number(self, items: list[Token]) -> ast.Const:
        return ast.Const(
            read_number(str(items[0]), "constant", maximum=MAX_RULE_CONSTANT, location=self.tok_loc(items[0])),
            self.tok_loc(items[0]),
        )

    def string(self, items: list[Token]) -> ast.Const:
        raw = str(items[0])[1:-1]
        value = []
        i = 0
        while i < len(raw):
            if raw[i] == "\\" and i + 1 < len(raw):
                nxt = raw[i + 1]
                value.append({"n": "\n", "t": "\t"}.get(nxt, nxt))
                i += 2
            else:
                value.append(raw[i])
                i += 1
        return ast.Const("".join(value), self.tok_loc(items[0]))

    def var(self, items: list[Token]) -> ast.Var:
        tok = items[0]
        if str(tok) == "_":
            return ast.Var(f"_#{next(self.fresh)}", self.tok_loc(tok), anonymous=True)
        return ast.Var(str(tok), self.tok_loc(tok))

    def binop(self, items: list) -> ast.Term:
        left, op, right = items
        if isinstance(left, ast.Const) and isinstance(right, ast.Const):
            folded = _fold(str(op), left.value, right.value)
            if folded is not None:
                if abs(folded) > MAX_RULE_CONSTANT:
                    raise InputError(
                        f"this constant expression is {'larger' if folded > 0 else 'smaller'} than "
                        f"{'' if folded > 0 else '-'}{MAX_RULE_CONSTANT}, the limit of a rule program's numbers",
                        left.loc,
                    )
                return ast.Const(folded, left.loc)
        return ast.BinOp(str(op), left, right, left.loc)

    def neg(self, items: list) -> ast.Term:
        minus, operand = items
        if isinstance(operand, ast.Const) and isinstance(operand.value, int):
            return ast.Const(-operand.value, self.tok_loc(minus))
        return ast.Neg(operand, self.tok_loc(minus))

    def agg_body(self, items: list) -> tuple:
        return items[0]

    def single_atom_body(self, items: list) -> tuple:
        return (items[0],)

    def count_agg(self, items: list) -> ast.Aggregate:
        tok, body = items
        return ast.Aggregate("count", None, body, self.tok_loc(tok))

    def aggop(self, items: list[Token]) -> Token:
        return items[0]

    def value_agg(self, items: list) -> ast.Aggregate:
        tok, target, body = items
        return ast.Aggregate(str(tok), target, body, self.tok_loc(tok))

    # ----- literals
    def atom(self, items: list) -> ast.Atom:
        name = items[0]
        return ast.Atom(str(name), tuple(items[1:]), self.tok_loc(name))

    def negation(self, items: list) -> ast.Negation:
        bang, atom = items
        return ast.Negation(atom, self.tok_loc(bang))

    def comparison(self, items: list) -> ast.Comparison:
        left, op, right = items
        return ast.Comparison(str(op), left, right, _term_loc(left, self.tok_loc(op)))

    def body(self, items: list) -> tuple:
        return tuple(items)

    def fact(self, items: list) -> ast.Rule:
        head = items[0]
        return ast.Rule(head, (), head.loc)

    def rule(self, items: list) -> ast.Rule:
        head, body = items
        if len(body) > MAX_RULE_LITERALS:
            raise InputError(
                f"this rule has {len(body):,} literals, more than {MAX_RULE_LITERALS} (see docs/limits.md); "
                "split it into smaller rules",
                head.loc,
            )
        return ast.Rule(head, body, head.loc)

    # ----- directives
    def type(self, items: list[Token]) -> str:
        return str(items[0])

    def kind(self, items: list[Token]) -> str:
        return str(items[0])

    def param(self, items: list) -> tuple[str, str]:
        return (str(items[0]), items[1])

    def decl(self, items: list) -> ast.Declaration:
        tok, name, *rest = items
        if str(name) in RESERVED:
            raise InputError(
                f"{name} is a reserved word of the rule language ({', '.join(sorted(RESERVED))}); "
                "choose another relation name",
                self.tok_loc(name),
            )
        kind = ast.PLAIN
        if rest and isinstance(rest[-1], str):
            kind = rest.pop()
        params = [p for p in rest if isinstance(p, tuple)]
        return ast.Declaration(
            str(name),
            tuple(p[0] for p in params),
            tuple(p[1] for p in params),
            kind,
            _doc_comment(self.lines, tok.line),
            self.tok_loc(name),
        )

    def include(self, items: list[Token]) -> tuple:
        tok, target = items
        return ("include", str(target)[1:-1], self.tok_loc(target))

    def input_directive(self, items: list[Token]) -> tuple:
        return ("input", [(str(t), self.tok_loc(t)) for t in items[1:]])

    def output_directive(self, items: list[Token]) -> tuple:
        return ("output", [(str(t), self.tok_loc(t)) for t in items[1:]])

    def start(self, items: list) -> list:
        return items


def _term_loc(term: ast.Term, default: Location) -> Location:
    return getattr(term, "loc", default)


def _fold(op: str, a: object, b: object) -> int | None:
    if not (isinstance(a, int) and isinstance(b, int)):
        return None
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if b == 0:
        return None
    q = abs(a) // abs(b)
    q = q if (a >= 0) == (b >= 0) else -q
    if op == "/":
        return q
    return a - b * q


def _doc_comment(lines: list[str], line: int) -> str:
    """The `//` lines right above line `line` (1-based), or its trailing `//` comment."""
    docs: list[str] = []
    i = line - 2
    while i >= 0 and lines[i].strip().startswith("//"):
        docs.append(lines[i].strip()[2:].strip())
        i -= 1
    docs.reverse()
    if not docs and 0 < line <= len(lines):
        current = lines[line - 1]
        if "//" in current:
            docs = [current.split("//", 1)[1].strip()]
    return " ".join(d for d in docs if d)


def _syntax_error(exc: UnexpectedInput, path: str, lines: list[str]) -> InputError:
    line = getattr(exc, "line", 0) or 0
    column = getattr(exc, "column", 0) or 0
    if isinstance(exc, UnexpectedEOF) or line <= 0:
        line = max(len(lines), 1)
        column = len(lines[-1]) + 1 if lines else 1
    source = lines[line - 1] if 0 < line <= len(lines) else ""
    loc = Location(path, line, column, source)
    if isinstance(exc, UnexpectedToken):
        expected = sorted({_describe(name) for name in exc.expected})
        got = "end of file" if exc.token.type == "$END" else repr(str(exc.token))
        return InputError(f"syntax error: unexpected {got}; expected {_join(expected)}", loc)
    if isinstance(exc, UnexpectedCharacters):
        allowed = sorted({_describe(name) for name in (exc.allowed or ())})
        char = source[column - 1] if 0 < column <= len(source) else "?"
        msg = f"syntax error: unexpected character {char!r}"
        if allowed:
            msg += f"; expected {_join(allowed)}"
        return InputError(msg, loc)
    expected = sorted({_describe(name) for name in getattr(exc, "expected", ()) or ()})
    msg = "syntax error: unexpected end of file"
    if expected:
        msg += f"; expected {_join(expected)}"
    return InputError(msg, loc)


def _join(items: list[str]) -> str:
    if len(items) == 1:
        return items[0]
    return "one of: " + ", ".join(items)


@dataclass
class _Collector:
    declarations: list[ast.Declaration] = field(default_factory=list)
    rules: list[ast.Rule] = field(default_factory=list)
    inputs: list[tuple[str, Location]] = field(default_factory=list)
    outputs: list[tuple[str, Location]] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    seen: set[str] = field(default_factory=set)
    root: str | None = None  # the main program's folder: .include stays inside it (or the bundled rules)


def _check_nesting(tree: Tree, path: str, lines: list[str]) -> None:
    """An InputError where terms nest deeper than MAX_RULE_NESTING (500 unary
    minuses, a sum of 500 terms): the reader works by recursion."""
    stack: list[tuple[Tree, int]] = [(tree, 0)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_RULE_NESTING:
            line = getattr(node.meta, "line", 1)
            column = getattr(node.meta, "column", 1)
            source = lines[line - 1] if 0 < line <= len(lines) else ""
            raise InputError(
                f"terms nest more than {MAX_RULE_NESTING} deep here (see docs/limits.md); "
                "split the expression with intermediate variables or relations",
                Location(path, line, column, source),
            )
        for child in node.children:
            if isinstance(child, Tree):
                stack.append((child, depth + 1))


def _parse_text(text: str, path: str, directory: str | None, out: _Collector, depth: int = 0) -> None:
    text = LINE_BREAK.sub("\n", text)  # the parser counts lines by \n: \r\n and \r end a line too, nothing else
    lines = split_lines(text)
    try:
        tree = _parser().parse(text)
    except UnexpectedInput as exc:
        raise _syntax_error(exc, path, lines) from None
    except RecursionError:  # pragma: no cover - the LALR parser is not recursive
        raise InputError("this rule program nests too deeply to read", Location(path, 1, 1, lines[0] if lines else "")) from None
    _check_nesting(tree, path, lines)
    try:
        items = _Builder(path, lines).transform(tree)
    except VisitError as exc:  # lark wraps what a transformer method raises
        if isinstance(exc.orig_exc, InputError):
            raise exc.orig_exc from None
        raise
    for item in items:
        if isinstance(item, ast.Declaration):
            out.declarations.append(item)
        elif isinstance(item, ast.Rule):
            out.rules.append(item)
        elif item[0] == "include":
            if depth >= MAX_INCLUDE_DEPTH:
                raise InputError(
                    f".include nested more than {MAX_INCLUDE_DEPTH} files deep (see docs/limits.md)", item[2]
                )
            _include(item[1], item[2], directory, out, depth + 1)
        elif item[0] == "input":
            out.inputs.extend(item[1])
        elif item[0] == "output":
            out.outputs.extend(item[1])


def _include(target: str, loc: Location, directory: str | None, out: _Collector, depth: int) -> None:
    candidates = []
    if os.path.isabs(target):
        candidates.append(target)
    else:
        candidates.append(os.path.join(directory or os.getcwd(), target))
        candidates.append(os.path.join(BUNDLED_DIR, target))
    for candidate in candidates:
        if os.path.isfile(candidate):
            _check_confined(candidate, target, loc, out)
            _parse_file(candidate, out, loc, depth)
            return
    raise InputError(
        f"cannot find included file {target!r} (looked in {', '.join(os.path.dirname(c) or '.' for c in candidates)})",
        loc,
    )


def _inside(path: str, folder: str) -> bool:
    return os.path.commonpath([path, folder]) == folder


def _check_confined(candidate: str, target: str, loc: Location, out: _Collector) -> None:
    """An InputError unless `candidate` lies in the main program's folder (or
    below it) or among the bundled rules: a program must not read any file of
    the machine and echo it in an error (unless `include_anywhere`)."""
    if _INCLUDE_ANYWHERE.get():
        return
    real = os.path.realpath(candidate)
    roots = [os.path.realpath(BUNDLED_DIR)] + ([out.root] if out.root else [])
    if not any(_inside(real, root) for root in roots):
        raise InputError(
            f"{target!r} lies outside the program's folder and the bundled rules; "
            ".include reads only those unless --include-anywhere is given",
            loc,
        )


def _parse_file(path: str, out: _Collector, included_at: Location | None = None, depth: int = 0) -> None:
    real = os.path.realpath(path)
    if real in out.seen:
        return
    out.seen.add(real)
    if out.root is None:
        out.root = os.path.dirname(real)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_PROGRAM_BYTES + 1)
    except OSError as exc:
        raise InputError(f"cannot read rule program {path}: {exc.strerror}", included_at) from None
    if len(data) > MAX_PROGRAM_BYTES:
        raise InputError(
            f"rule program {path} is larger than {MAX_PROGRAM_BYTES // 1024} KiB (see docs/limits.md)", included_at
        )
    if data.startswith(codecs.BOM_UTF8):  # a byte order mark is no syntax error
        data = data[len(codecs.BOM_UTF8) :]
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        line_start = data.rfind(b"\n", 0, exc.start) + 1
        column = len(data[line_start : exc.start].decode("utf-8", errors="replace")) + 1
        raise InputError(
            f"rule program {path} is not UTF-8 text (byte {exc.start + 1})", Location(path, line, column)
        ) from None
    out.files.append(path)
    _parse_text(text, path, os.path.dirname(os.path.abspath(path)), out, depth)


def _finish(out: _Collector) -> ast.Source:
    return ast.Source(
        tuple(out.declarations), tuple(out.rules), tuple(out.inputs), tuple(out.outputs), tuple(out.files)
    )


def parse_source(text: str, path: str = "<string>") -> ast.Source:
    """Parse program text; includes are resolved relative to `path`'s directory."""
    if len(text) > MAX_PROGRAM_BYTES:
        raise InputError(f"rule program {path} is larger than {MAX_PROGRAM_BYTES // 1024} KiB (see docs/limits.md)")
    out = _Collector()
    directory = None
    if not path.startswith("<"):
        out.seen.add(os.path.realpath(path))
        directory = os.path.dirname(os.path.abspath(path))
        out.root = os.path.dirname(os.path.realpath(path))
    else:
        out.root = os.path.realpath(os.getcwd())
    out.files.append(path)
    _parse_text(text, path, directory, out)
    return _finish(out)


def parse_file(path: str) -> ast.Source:
    """Parse a program file and everything it includes."""
    out = _Collector()
    _parse_file(path, out)
    return _finish(out)


def resolve_bundled(name: str) -> str:
    """The path of a bundled program (`casting-out` or `casting-out.dl`)."""
    filename = name if name.endswith(".dl") else name + ".dl"
    return os.path.join(BUNDLED_DIR, filename)


__all__ = ["parse_source", "parse_file", "resolve_bundled", "BUNDLED_DIR"]
