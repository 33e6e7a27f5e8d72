"""`passalive check PATH...`: run the expected verdicts of a diagram corpus.

Every `{EXPECT ...}` line (per variant and suicide rule, which chains are
pass-alive), every `{CAPTURE ...}` line (a capturing sequence, replayed) and
every `{EYES ...}`, `{PATH ...}` and `{SCORE ...}` line (the eye tester's and
the scorer's claims) of every diagram in the files and folders given is
checked; see `passalive.tools.check`.  Output: a table (file, diagram, variant, suicide rule,
expected, got, ok), then every failing diagram in full with the reasons,
then a summary.  Exit status 1 when any check fails, 0 otherwise (rows the
solver cannot settle in time are *unknown* and do not fail).

`--json` prints

    {"summary": {"checks", "ok", "failed", "unknown", "diagrams", "files", "errors"},
     "results": [{"file", "diagram", "title", "line", "kind", "variant",
                  "suicide", "expected", "got", "status", "message", "seconds"}],
     "errors": ["file:line:col: error: message", ...]}

`errors` lists the files `--keep-going` left out (a file that cannot be read or
holds a malformed claim); without it the first such file stops the run.

`--junit-xml FILE` writes the same results as JUnit XML (one test suite per
file, one test case per row; unknown rows are skipped), for a wiki's CI.
`kind` is `expect`, `capture`, `verify`, `eyes`, `path` or `score`; the eye
and score rows have no suicide rule (`-` in the table, null in JSON).
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from typing import Any

import click

from passalive.cli.collection import SKIPPED, first_line
from passalive.cli.options import Seconds
from passalive.output.terminal_text import terminal_safe
from passalive.output.xmltext import xml_text
from passalive.tools.check import DEFAULT_TIMEOUT, DiagramResult, FileError, Report, Row, Status, check_paths


def _cut(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


_COLUMNS = (("file", 28), ("diagram", 34), ("variant", 22), ("suicide", 7), ("expected", 40), ("got", 40), ("ok", 7))


def _suicide(row: Row) -> str:
    """The suicide column: the rule's word, or `-` for a row without one."""
    return row.suicide.value if row.suicide is not None else "-"


def _what(row: Row) -> str:
    """What a failing row checked, for the failure report and JUnit names."""
    if row.kind == "capture":
        return "CAPTURE"
    if row.suicide is None:
        return f"{row.kind.upper()} {row.variant}"
    return f"{row.variant}, suicide={row.suicide.value}"


def _cells(row: Row) -> tuple[str, ...]:
    return (
        f"{row.path}:{row.line}",
        row.diagram,
        row.variant,
        _suicide(row),
        row.expected,
        row.got,
        row.status.value,
    )


def table(rows: list[Row]) -> str:
    """The rows as an aligned text table (long cells cut with an ellipsis)."""
    cells = [_cells(r) for r in rows]
    widths = []
    for i, (name, limit) in enumerate(_COLUMNS):
        widest = max([len(name)] + [len(c[i]) for c in cells])
        widths.append(min(widest, limit))
    lines = ["  ".join(name.ljust(w) for (name, _), w in zip(_COLUMNS, widths)).rstrip()]
    lines.append("  ".join("-" * w for w in widths))
    for c in cells:
        lines.append("  ".join(_cut(text, w).ljust(w) for text, w in zip(c, widths)).rstrip())
    return "\n".join(lines)


def failure_report(result: DiagramResult) -> str:
    """One failing diagram in full: where, what failed and why, and the diagram."""
    from passalive.output.render import render_sensei

    title = result.diagram.title or "(untitled)"
    line = result.diagram.location.line if result.diagram.location is not None else 0
    out = [f"FAIL {result.path}:{line} #{result.number} {title}"]
    for row in result.rows:
        if row.status is Status.FAIL:
            out.append(f"  line {row.line}: {_what(row)}: {row.message or f'expected {row.expected}, got {row.got}'}")
    try:
        out.append("\n".join("  " + text for text in render_sensei(result.diagram).rstrip("\n").splitlines()))
    except ValueError:
        out.append("  (the board is not a grid and cannot be drawn)")
    for note in result.notes:
        out.append("\n".join("  " + text for text in note.splitlines()))
    return "\n".join(out)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def summary(report: Report) -> str:
    """One line: how many checks passed, failed and are unknown (and files left out, with --keep-going)."""
    rows = report.rows
    left_out = f"; {len(report.errors)} file(s) not checked (see the errors above)" if report.errors else ""
    return (
        f"{len(rows)} checks: {report.count(Status.OK)} ok, {report.count(Status.FAIL)} failed, "
        f"{report.count(Status.UNKNOWN)} unknown ({_plural(len(report.diagrams), 'diagram')} in {_plural(len(report.files), 'file')})"
        f"{left_out}"
    )


def _row_json(row: Row) -> dict[str, Any]:
    return {
        "file": row.path,
        "diagram": row.number,
        "title": row.title,
        "line": row.line,
        "kind": row.kind,
        "variant": row.variant,
        "suicide": row.suicide.value if row.suicide is not None else None,
        "expected": row.expected,
        "got": row.got,
        "status": row.status.value.lower(),
        "message": row.message,
        "seconds": round(row.seconds, 4),
    }


def report_json(report: Report) -> dict[str, Any]:
    """The report as the JSON object `--json` prints."""
    return {
        "summary": {
            "checks": len(report.rows),
            "ok": report.count(Status.OK),
            "failed": report.count(Status.FAIL),
            "unknown": report.count(Status.UNKNOWN),
            "diagrams": len(report.diagrams),
            "files": len(report.files),
            "errors": len(report.errors),
        },
        "results": [_row_json(r) for r in report.rows],
        "errors": [first_line(error.error.format()) for error in report.errors],
    }


def _suicide_suffix(row: Row) -> str:
    return f", suicide={row.suicide.value}" if row.suicide is not None else ""


def junit_xml(report: Report) -> str:
    """The report as JUnit XML: a suite per file, a case per row."""
    root = ET.Element(
        "testsuites",
        name="passalive check",
        tests=str(len(report.rows)),
        failures=str(report.count(Status.FAIL)),
        skipped=str(report.count(Status.UNKNOWN)),
    )
    for path in report.files:
        rows = [r for r in report.rows if r.path == path]
        suite = ET.SubElement(
            root,
            "testsuite",
            name=path,
            tests=str(len(rows)),
            failures=str(sum(1 for r in rows if r.status is Status.FAIL)),
            errors="0",
            skipped=str(sum(1 for r in rows if r.status is Status.UNKNOWN)),
            time=f"{sum(r.seconds for r in rows):.3f}",
        )
        for row in rows:
            case = ET.SubElement(
                suite,
                "testcase",
                classname=path,
                name=f"{row.diagram} [{row.kind} {row.variant}{_suicide_suffix(row)}, line {row.line}]",
                time=f"{row.seconds:.3f}",
            )
            if row.status is Status.FAIL:
                failure = ET.SubElement(case, "failure", message=row.message or "expectation not met")
                failure.text = f"{row.path}:{row.line}\nexpected: {row.expected}\ngot: {row.got}\n"
            elif row.status is Status.UNKNOWN:
                ET.SubElement(case, "skipped", message=row.message or "unknown")
    for left_out in report.errors:  # a file --keep-going left out: an error, so that the CI fails on it
        name = left_out.path
        suite = ET.SubElement(root, "testsuite", name=name, tests="1", failures="0", errors="1", skipped="0", time="0.000")
        case = ET.SubElement(suite, "testcase", classname=name, name="reading the file", time="0.000")
        ET.SubElement(case, "error", message=left_out.error.message).text = left_out.error.format() + "\n"
    if report.errors:
        root.set("errors", str(len(report.errors)))
    ET.indent(root)
    text = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + xml_text(text) + "\n"  # no control character of a title or a name


def _nothing_checked(report: Report, paths: tuple[str, ...], variants: tuple[str, ...]) -> Exception:
    """The error for a run that checked nothing, saying why."""
    from passalive.errors import UsageError

    if not report.files:
        why = f"no diagram file (.txt with $$ markup) found in {', '.join(paths)}"
    elif variants:
        why = (
            f"{len(report.diagrams)} diagram(s) in {len(report.files)} file(s), but no line for "
            f"--variant {', '.join(variants)}"
        )
    else:
        why = (
            f"{len(report.diagrams)} diagram(s) in {len(report.files)} file(s), none with an "
            "EXPECT, CAPTURE, EYES, PATH or SCORE line"
        )
    return UsageError(f"checked nothing: {why}; pass --allow-empty if that is expected")


@click.command("check")
@click.argument("paths", nargs=-1, required=True)
@click.option(
    "--variant",
    "variants",
    multiple=True,
    metavar="NAME",
    help=(
        "Check only these variants (repeatable; `truth` is the game, `capture` the CAPTURE lines, "
        "`eyes` or `eyes:VARIANT` the EYES/PATH lines, `score` the SCORE lines). Default: all."
    ),
)
@click.option("--verify", is_flag=True, help="Also compare every EXPECT line with the game (the oracle of the game's truth).")
@click.option(
    "--timeout",
    type=Seconds(0.1, open_low=False),
    metavar="S",
    default=DEFAULT_TIMEOUT,
    show_default=True,
    help="Seconds the oracle may spend per diagram, colour and suicide rule.",
)
@click.option(
    "--engine",
    type=click.Choice(["direct", "rules"]),
    default="direct",
    show_default=True,
    help="Run the variants directly or as rule programs on the rule engine (variants without a program run directly).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the results as JSON.")
@click.option("--junit-xml", "junit", type=click.Path(dir_okay=False), metavar="FILE", help="Also write JUnit XML here.")
@click.option("--failures-only", "-q", is_flag=True, help="Leave out the rows that passed from the table.")
@click.option("--allow-empty", is_flag=True,
              help="Exit 0 when nothing was checked (by default that is an error, exit 2: a CI must not pass silently).")
@click.option("--html", "html_path", type=click.Path(dir_okay=False), metavar="FILE",
              help="Also write a self-contained HTML report: every diagram pictured, failures first.")
@click.option("--keep-going", is_flag=True,
              help="Report a file that cannot be read or holds a bad claim on stderr, leave it out and check the "
              "others (exit 2 at the end).")
@click.option("--source-url", metavar="URL", default=None,
              help="With --html: link diagrams to URL/PATH#LLINE (e.g. a repository's blob URL) instead of the local file.")
def command(
    paths: tuple[str, ...],
    variants: tuple[str, ...],
    verify: bool,
    timeout: float,
    engine: str,
    as_json: bool,
    junit: str | None,
    failures_only: bool,
    allow_empty: bool,
    html_path: str | None,
    source_url: str | None,
    keep_going: bool,
) -> None:
    """Check the expected verdicts (EXPECT), capturing sequences (CAPTURE), eye
    verdicts (EYES, PATH) and scores (SCORE) of every diagram in PATH...
    (files, or folders searched for .txt files)."""
    if source_url is not None and html_path is None:
        from passalive.errors import UsageError

        raise UsageError("--source-url links the diagrams of the --html report: give --html FILE too")
    report = check_paths(paths, variants=variants or None, verify=verify, timeout=timeout, engine=engine, keep_going=keep_going)
    for left_out in report.errors:
        click.echo(left_out.error.format() + SKIPPED, err=True)
    for result in report.diagrams:
        for message, location in result.diagram.warnings:
            click.echo(terminal_safe(f"{location}: warning: {message}"), err=True)
    if not report.rows and not allow_empty:
        raise _nothing_checked(report, paths, variants)
    if junit and report.holds(junit):
        from passalive.errors import UsageError

        raise UsageError(f"{junit}: this is one of the files checked; the JUnit XML would overwrite it")
    if as_json:
        click.echo(json.dumps(report_json(report), indent=2))
    else:
        rows = [r for r in report.rows if not failures_only or r.status is not Status.OK]
        if rows:
            click.echo(terminal_safe(table(rows)))
        failed = [d for d in report.diagrams if d.failed]
        for result in failed:
            click.echo("")
            click.echo(terminal_safe(failure_report(result)))
        click.echo("")
        click.echo(summary(report))
    if junit:
        from passalive.output.files import write_file

        write_file(junit, junit_xml(report), "the JUnit XML")
    if html_path:
        from passalive.tools.html_report import write_report

        write_report(report, html_path, source_url, paths)
    if report.errors:
        sys.exit(2)
    if not report.ok:
        sys.exit(1)
