"""Every kind of error a rule program can contain, with its line and column."""

from __future__ import annotations

import pytest

from passalive.errors import InputError
from passalive.rules import parse_program


def error_of(text: str) -> InputError:
    with pytest.raises(InputError) as err:
        parse_program(text, path="bad.dl")
    return err.value


@pytest.mark.parametrize(
    "text, line, column, message",
    [
        # syntax: what was expected
        (".decl p(x: number)\np(X) :- p(X)\n", 2, 12, 'expected one of: .*"\\."'),
        (".decl p(x: number)\np(X) :- p(X) @ q.\n", 2, 14, "unexpected character '@'"),
        (".decl p(x: number\n", 1, 12, 'expected one of: "\\)", ","'),
        (".decl p(x: integer)\n", 1, 12, "unexpected 'integer'"),
        # unknown relation, arity, duplicates
        (".decl p(x: number)\np(X) :- qq(X).\n", 2, 9, "unknown relation qq"),
        (".decl p(x: number)\np(X) :- p(X), x.rep(X, X).\n", 2, 15, "unknown relation x.rep"),
        (".decl p(x: number)\n.decl q(a: number)\np(X) :- q(X, Y).\n", 3, 9, "q has 1 argument"),
        (".decl p(x: number)\n.decl p(x: number)\n", 2, 7, "declared twice"),
        (".output nothing\n", 1, 9, "unknown relation nothing"),
        # types
        (".decl p(x: number)\n.decl q(a: symbol)\np(X) :- q(X).\n", 3, 11, "used as a number and as a symbol"),
        ('.decl p(x: number)\np("a").\n', 2, 3, "is a number, got a symbol"),
        ('.decl q(a: symbol)\n.decl p(x: number)\np(Y) :- q(X), Y = X + 1.\n', 3, 19, "arithmetic on a symbol"),
        (".decl e(a: number, b: symbol) eqrel\n", 1, 7, "same type"),
        # unsafe variables
        (".decl p(x: number, y: number)\n.decl q(a: number)\np(X, Y) :- q(X).\n", 3, 6, "unsafe variable Y.*head"),
        (".decl p(x: number)\n.decl q(a: number)\np(X) :- q(X), !q(Y).\n", 3, 18, "unsafe variable Y.*negation"),
        (".decl p(x: number)\n.decl q(a: number)\np(X) :- q(X), Y < 3.\n", 3, 15, "unsafe variable Y.*comparison"),
        (".decl p(x: number)\np(X).\n", 2, 3, "unsafe variable X"),
        (".decl p(x: number)\n.decl q(a: number)\np(X) :- q(X), p(X + Y).\n", 3, 21, "unsafe variable Y"),
        (".decl p(x: number)\np(_) :- p(1).\n", 2, 3, "wildcard"),
        # stratification
        (
            ".decl p(x: number)\n.decl q(x: number)\n.decl e(x: number)\np(X) :- e(X), !q(X).\nq(X) :- e(X), !p(X).\n",
            4, 15, "negation through recursion: p -> !q -> !p",
        ),
        (
            ".decl p(x: number, n: number)\n.decl e(x: number)\np(X, N) :- e(X), N = count : { p(X, _) }.\n",
            3, 32, "aggregation through recursion: p -> count:p",
        ),
        (
            ".decl s(x: number, y: number) eqrel\n.decl e(a: number, b: number)\ns(X, Y) :- e(X, Y).\ns(X, R) :- s.rep(X, R).\n",
            4, 12, "representative through recursion: s -> s.rep",
        ),
        ('.include "nope.dl"\n', 1, 10, "cannot find included file"),
    ],
)
def test_error_location_and_message(text, line, column, message):
    err = error_of(text)
    assert err.location is not None
    assert (err.location.path, err.location.line, err.location.column) == ("bad.dl", line, column), err.format()
    assert pytest.importorskip("re").search(message, err.message), err.format()


def test_error_format_shows_the_line_and_a_caret():
    err = error_of(".decl p(x: number)\np(X) :- qq(X).\n")
    assert err.format() == "bad.dl:2:9: error: unknown relation qq\n    p(X) :- qq(X).\n            ^"


def test_errors_in_included_files_name_that_file(tmp_path):
    (tmp_path / "inc.dl").write_text(".decl p(x: number)\np(X) :- nope(X).\n")
    main = tmp_path / "main.dl"
    main.write_text('.include "inc.dl"\n')
    from passalive.rules import load_program

    with pytest.raises(InputError) as err:
        load_program(str(main))
    assert err.value.location.path.endswith("inc.dl") and err.value.location.line == 2
