"""From one line of input to its answer lines: decoding, special actions, errors.

`respond(line)` is the whole protocol for one line, and the only thing a
worker of `passalive engine --jobs N` runs: it never raises for anything the
line holds.  A line that is not JSON (or not UTF-8, too deeply nested, with a
number of thousands of digits, NaN) is answered `{"id": null, "error": ...}`;
a query passalive cannot answer gets `{"id": ..., "error": ..., "field": ...}`
before any of its turns is analysed; an action (`query_version`, as KataGo
answers it) is echoed with what it asks.  A failure while a turn is analysed
(a bug) is answered with an error line for that query and the engine goes on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from passalive.errors import PassaliveError
from passalive.go.limits import MAX_ENGINE_LINE_BYTES
from passalive.tools.engine.answers import answers, kernel_answers
from passalive.tools.engine.query import QueryError, parse_query, query_id
from passalive.tools.engine.replay import check_moves
from passalive.version import installed_version


def error_line(message: str, query: str | None, field: str | None = None) -> str:
    """An error answer: `{"id", "error"}`, and `"field"` when the error is about one."""
    head = f'{{"id":{json.dumps(query)},"error":{json.dumps(message)}'
    return head + (f',"field":{json.dumps(field)}}}' if field is not None else "}")


def too_long_line() -> str:
    """The answer to a line longer than `MAX_ENGINE_LINE_BYTES` (read and dropped to its end)."""
    return error_line(f"a query line is at most {MAX_ENGINE_LINE_BYTES:,} bytes; this one is longer", None)


def _reject_constant(name: str) -> float:
    raise ValueError(f"{name} is not a JSON number")


def decode(line: bytes) -> object:
    """A line as a JSON value (ValueError with the reason when it is none)."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as bad:
        raise ValueError(f"the line is not UTF-8 (byte {bad.start + 1})") from None
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except RecursionError:
        raise ValueError("the JSON is nested too deeply") from None
    except ValueError as bad:  # json.JSONDecodeError, and an integer too long to convert
        raise ValueError(f"not JSON: {bad}") from None


def respond(line: bytes) -> Iterator[str]:
    """The answer lines (without line breaks) of one input line (see the module docstring)."""
    if not line.strip():
        return
    try:
        data = decode(line)
    except ValueError as bad:
        yield error_line(str(bad), None)
        return
    name = query_id(data)
    if isinstance(data, dict) and "action" in data:
        yield _action(data, name)
        return
    try:
        query = parse_query(data)
    except QueryError as refused:
        yield error_line(refused.message, name, refused.field)
        return
    try:
        done = kernel_answers(query)  # a pass-alive-only query, replayed and answered in C (None: the general path)
        yield from answers(query, check_moves(query)) if done is None else done
    except QueryError as refused:
        yield error_line(refused.message, name, refused.field)
    except PassaliveError as refused:
        yield error_line(refused.message, name, "statuses")
    except Exception as bug:  # a bug in passalive: said, and the engine goes on with the next query
        yield error_line(f"internal error: {type(bug).__name__}: {bug}; this is a bug in passalive", name)


def _action(data: dict[str, object], name: str | None) -> str:
    """KataGo's special actions: `query_version` is answered; the others mean nothing here."""
    action = data.get("action")
    if name is None:
        return error_line("`id` is required: a string", None, "id")
    if action != "query_version" or set(data) != {"id", "action"}:
        return error_line(f"unknown action {json.dumps(action)[:40]} (passalive answers query_version)", name, "action")
    return json.dumps({"id": name, "action": action, "version": installed_version(), "git_hash": "<omitted>"}, separators=(",", ":"))
