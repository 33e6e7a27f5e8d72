"""The HTML report of `passalive check --html FILE`: every diagram pictured with its verdicts.

Failing diagrams come first and are drawn in red; each diagram shows the
analysis of the first variant its EXPECT lines name (pass-alive stones ringed
green, territory squared, the healthy regions washed green), with the chains
on which that variant and the page disagree ringed red, and every CAPTURE
line drawn as numbered stones.  Under the pictures, the table of its checks
(expected, got, status) and, for failures, the variant's explanation.  The
summary sits at the top; each diagram links to its source file and line.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import replace
from urllib.parse import quote

from passalive.definitions.analysis import analyse
from passalive.definitions.variants import VARIANTS
from passalive.go.board import STONE_COLOURS, Board
from passalive.go.diagram import Diagram
from passalive.go.markup import Expectation
from passalive.grammar.files import STDIN_NAME
from passalive.output.html import Picture, Section, page
from passalive.output.svg import board_svg
from passalive.tools.check import DiagramResult, Report, shown_name
from passalive.tools.rows import Status
from passalive.tools.explore.search import Summary
from passalive.tools.figures import diagram_svg, sequence_svg, slug
from passalive.tools.layers import analysis_layers

HEADER = ("line", "check", "variant", "suicide", "expected", "got", "status")


def _status(result: DiagramResult) -> str:
    if result.failed:
        return "fail"
    if any(r.status is Status.UNKNOWN for r in result.rows):
        return "unknown"
    return "ok"


def _expected_chains(board: Board, exp: Expectation) -> dict[object, frozenset[int] | None]:
    result: dict[object, frozenset[int] | None] = {}
    for colour in STONE_COLOURS:
        listed = exp.points(colour)
        result[colour] = None if listed is None else frozenset(board.chain_of(p) for p in listed)
    return result


def _listed_text(board: Board, points: frozenset[int] | None) -> str:
    """The points an expectation lists, by name ("not checked": it lists none of that colour)."""
    if points is None:
        return "not checked"
    return " ".join(board.names(points)) or "none"


def _analysis_picture(diagram: Diagram, exp: Expectation, variant: str) -> Picture | None:
    """The variant's analysis, the chains where it and the page disagree ringed red."""
    if variant not in VARIANTS or exp.suicide not in VARIANTS[variant].suicide:
        return None
    board = diagram.board
    try:
        result = analyse(board, variant=variant, suicide=exp.suicide)
        layers = analysis_layers(result)
    except Exception:  # a variant that cannot run here is simply not pictured
        return None
    expected = _expected_chains(board, exp)
    wrong: set[int] = set()
    for colour in STONE_COLOURS:
        chains = expected[colour]
        if chains is None:
            continue
        got = result.alive(colour)
        for i in chains ^ got:
            wrong |= board.chains[i].points
    layers = replace(layers, highlight=frozenset(wrong), highlight_word="page and variant disagree")
    svg = board_svg(board.without_marks(), layers, title=f"{variant}, suicide={exp.suicide.value}")
    expected_text = "; ".join(
        f"{c.value} {_listed_text(board, exp.points(c))}"
        for c in STONE_COLOURS
    )
    caption = f"computed by {variant}; the page expects pass-alive chains through: {expected_text}"
    return Picture(svg, caption)


def _pictures(result: DiagramResult) -> list[Picture]:
    diagram = result.diagram
    pictures: list[Picture] = []
    try:
        pictures.append(Picture(diagram_svg(diagram, title="as drawn"), "the diagram as drawn"))
    except ValueError:
        return pictures  # not a grid: nothing to draw
    for exp in diagram.expectations:
        variants = [v for v in exp.variants if v in VARIANTS]
        if not variants:
            continue
        picture = _analysis_picture(diagram, exp, variants[0])
        if picture is not None:
            pictures.append(picture)
    for claim in diagram.captures:
        svg = sequence_svg(diagram.board, claim.by, claim.moves, title=f"CAPTURE by {claim.by.value}")
        pictures.append(Picture(svg, f"the capturing sequence of line {claim.location.line} (suicide={claim.suicide.value})"))
    return pictures


def _href(path: str, line: int, report_dir: str, source_url: str | None) -> str | None:
    """The link to a checked file's line: `--source-url` and the path as given, or the path
    relative to the report; the path always percent-encoded, so a file named
    `javascript:alert(1).txt` is a relative link (`javascript%3Aalert%281%29.txt`), never a
    scheme of its own."""
    if path == STDIN_NAME:  # standard input: no file to link to
        return None
    if source_url:
        given = path.replace(os.sep, "/")
        while given.startswith("./"):  # only a leading ./ goes: .wiki/basic.txt keeps its dot
            given = given[2:]
        return f"{source_url.rstrip('/')}/{_url_path(given.lstrip('/'))}#L{line}"
    return _url_path(os.path.relpath(os.path.abspath(path), report_dir).replace(os.sep, "/"))


def _url_path(path: str) -> str:
    """A file path as a URL path: every byte but letters, digits, `/`, `-`, `_`, `.` and `~`
    percent-encoded (`:` included, so no scheme; the file system's bytes, so any name)."""
    return quote(os.fsencode(path), safe="/")


def sections(report: Report, report_dir: str = ".", source_url: str | None = None) -> list[Section]:
    """One section per diagram, failures first, then unknown, then ok (each in file order)."""
    order = {"fail": 0, "unknown": 1, "ok": 2}
    results = sorted(report.diagrams, key=lambda d: order[_status(d)])
    out = []
    for result in results:
        diagram = result.diagram
        line = diagram.location.line if diagram.location is not None else 0
        rows = tuple(
            (
                (str(r.line), r.kind, r.variant, r.suicide.value if r.suicide is not None else "-", r.expected, r.got,
                 r.status.value + (f": {r.message}" if r.message and r.status is not Status.OK else "")),
                r.status.value.lower(),
            )
            for r in result.rows
        )
        out.append(
            Section(
                anchor=f"{slug(result.path)}-{result.number}",
                title=f"{result.path} #{result.number} {diagram.title}".rstrip(),
                status=_status(result),
                source_text=f"{result.path}:{line}",
                source_href=_href(result.path, line, report_dir, source_url),
                pictures=tuple(_pictures(result)),
                header=HEADER,
                rows=rows,
                notes=result.notes if result.failed else (),
            )
        )
    return out


def error_sections(report: Report, report_dir: str = ".", source_url: str | None = None) -> list[Section]:
    """One section per file `--keep-going` left out (a typo, a bad claim, UTF-16): its error in full,
    with the line and caret, as the terminal showed it; the summary, JSON and JUnit list them too."""
    out = []
    for number, left_out in enumerate(report.errors, 1):
        location = left_out.error.location
        line = location.line if location is not None else 1
        out.append(
            Section(
                anchor=f"{slug(left_out.path)}-error-{number}",
                title=f"{left_out.path}: not checked",
                status="error",
                source_text=f"{left_out.path}:{line}",
                source_href=_href(left_out.path, line, report_dir, source_url),
                pictures=(),
                header=HEADER,
                rows=(),
                notes=(left_out.error.format(),),
            )
        )
    return out


def report_html(report: Report, report_path: str = "report.html", source_url: str | None = None,
                paths: Iterable[str] = ()) -> str:
    """The whole page for a check report (`report_path`: where it will be written, for relative links)."""
    ok, failed, unknown = report.count(Status.OK), report.count(Status.FAIL), report.count(Status.UNKNOWN)
    counts = [
        ("fail" if failed else "ok", f"{failed} failed"),
        ("ok", f"{ok} ok"),
        ("unknown", f"{unknown} unknown"),
        ("neutral", f"{len(report.diagrams)} diagrams in {len(report.files)} files"),
        *([("error", f"{len(report.errors)} not checked")] if report.errors else []),
    ]
    where = " ".join(shown_name(path) for path in paths) or " ".join(report.files)
    summary = (
        f"{len(report.rows)} checks of the EXPECT, CAPTURE, EYES, PATH and SCORE lines in {where}. "
        + ("Every check passed." if not failed else "Failing diagrams come first, outlined in red.")
        + (f" {len(report.errors)} file(s) could not be checked and were left out (--keep-going): "
           "their errors come first." if report.errors else "")
    )
    report_dir = os.path.dirname(os.path.abspath(report_path))
    found = error_sections(report, report_dir, source_url) + sections(report, report_dir, source_url)
    return page("passalive check", counts, summary, found)


def findings_html(summary: Summary) -> str:
    """The page of an explore run: the counts per comparison, then every finding drawn with its witnesses."""
    from passalive.tools.figures import finding_pictures

    total = {k: sum(c[k] for c in summary.counts.values()) for k in ("agree", "disagree", "undecided")}
    counts = [
        ("fail" if total["disagree"] else "ok", f"{total['disagree']} disagree"),
        ("ok", f"{total['agree']} agree"),
        ("unknown", f"{total['undecided']} undecided"),
        ("neutral", f"{len(summary.findings)} findings"),
    ]
    lines = "; ".join(
        f"{name}: {c['agree']} agree, {c['disagree']} disagree, {c['undecided']} undecided"
        for name, c in summary.counts.items()
    )
    out: list[Section] = []
    for number, finding in enumerate(summary.findings, 1):
        pictures = tuple(
            Picture(svg, "the finding" if i == 0 else f"witness {i}")
            for i, (_, _, svg) in enumerate(finding_pictures(finding, number))
        )
        rows = tuple(
            (
                (w.by, w.chain, w.suicide, " ".join(w.moves)),
                "fail",
            )
            for w in finding.witnesses
        )
        out.append(
            Section(
                anchor=f"finding-{number}",
                title=f"#{number} {finding.comparison} ({finding.kind}) on {finding.size}",
                status="fail",
                source_text=f"position {finding.position}, {finding.stones} stones, found on {finding.found_on}",
                source_href=None,
                pictures=pictures,
                header=("witness by", "chain", "suicide", "moves"),
                rows=rows,
                notes=(finding.diagram,) + ((finding.proof,) if finding.proof else ()),
            )
        )
    return page("passalive explore", counts, lines or "no comparison ran", out)


def write_page(text: str, path: str) -> None:
    """Write a page whole or not at all (OutputError if it cannot be written)."""
    from passalive.output.files import write_file

    write_file(path, text, "the HTML report")


def write_report(report: Report, path: str, source_url: str | None = None, paths: Iterable[str] = ()) -> None:
    """Write the page to `path` (UsageError if it is one of the checked files or cannot be written)."""
    from passalive.errors import UsageError

    if report.holds(path):
        raise UsageError(f"{path}: this is one of the files checked; the HTML report would overwrite it")
    write_page(report_html(report, path, source_url, paths), path)


__all__ = ["error_sections", "findings_html", "report_html", "sections", "write_page", "write_report"]
