"""One self-contained HTML page: a summary, then sections with pictures and tables.

The page needs no network: the style sheet is inline and the pictures are
inline SVG, so a wiki's CI can publish the single file as it is.  This module
knows only what to lay out (`Section`, `Table`); `passalive.tools.html_report`
fills it from a check report.  Every text goes through `html.escape`; the SVG
pictures come from `passalive.output.svg`, which escapes its own text; the
whole page goes through `xml_text` (no control characters).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from passalive.output.xmltext import xml_text

STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; background: #fafaf7; color: #222; }
header { padding: 18px 28px; background: #24292f; color: #fff; }
header h1 { margin: 0 0 6px 0; font-size: 22px; }
header .counts span { display: inline-block; margin-right: 14px; padding: 3px 10px; border-radius: 12px; font-weight: 600; }
.counts .ok { background: #2da44e; } .counts .fail { background: #cf222e; } .counts .unknown { background: #9a6700; }
.counts .neutral { background: #57606a; } .counts .error { background: #82071e; }
main { padding: 12px 28px 40px 28px; }
nav ul { columns: 2; font-size: 13px; }
section { background: #fff; border: 1px solid #d0d7de; border-radius: 8px; margin: 16px 0; padding: 12px 16px; }
section.fail { border: 2px solid #cf222e; background: #fff5f5; }
section.unknown { border-color: #bf8700; }
section.error { border: 2px solid #82071e; background: #fff5f5; }
section h2 { font-size: 17px; margin: 2px 0 8px 0; }
section h2 .badge { font-size: 12px; padding: 2px 8px; border-radius: 10px; color: #fff; margin-right: 8px; vertical-align: middle; }
.badge.ok { background: #2da44e; } .badge.fail { background: #cf222e; } .badge.unknown { background: #9a6700; } .badge.error { background: #82071e; }
.source { font-size: 13px; color: #57606a; }
.pictures { display: flex; flex-wrap: wrap; gap: 12px; margin: 8px 0; align-items: flex-start; }
figure { margin: 0; } figcaption { font-size: 12px; color: #57606a; max-width: 320px; }
table { border-collapse: collapse; font-size: 13px; width: 100%; }
th, td { border-bottom: 1px solid #eaeef2; text-align: left; padding: 4px 8px; vertical-align: top; }
tr.fail td { background: #ffebe9; font-weight: 600; } tr.unknown td { background: #fff8c5; }
pre { background: #f6f8fa; padding: 8px; font-size: 12px; overflow-x: auto; white-space: pre-wrap; }
"""


@dataclass(frozen=True)
class Picture:
    """An inline SVG with a caption."""

    svg: str
    caption: str = ""


@dataclass(frozen=True)
class Section:
    """One diagram: a heading, a status (ok, fail, unknown), where it comes from, pictures, a table, notes."""

    anchor: str
    title: str
    status: str
    source_text: str
    source_href: str | None
    pictures: tuple[Picture, ...]
    header: tuple[str, ...]
    rows: tuple[tuple[tuple[str, ...], str], ...]
    """Each row: its cells and its status (the row's class)."""
    notes: tuple[str, ...] = ()


def _svg_inline(svg: str) -> str:
    """An SVG document as an inline element (no XML declaration)."""
    text = svg.strip()
    if text.startswith("<?xml"):
        text = text[text.index("?>") + 2 :].lstrip()
    return text


def page(title: str, counts: Sequence[tuple[str, str]], summary: str, sections: Sequence[Section]) -> str:
    """The whole page (UTF-8 text).  `counts` are (class, text) badges for the header."""
    e = html.escape
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)}</title><style>{STYLE}</style></head><body>",
        f"<header><h1>{e(title)}</h1>",
        '<div class="counts">' + "".join(f'<span class="{e(c)}">{e(t)}</span>' for c, t in counts) + "</div>",
        f"<p>{e(summary)}</p></header><main>",
    ]
    if sections:
        parts.append("<nav><ul>")
        for s in sections:
            parts.append(f'<li><a href="#{e(s.anchor)}">{e(s.status.upper())}</a> {e(s.title)}</li>')
        parts.append("</ul></nav>")
    for s in sections:
        parts.append(f'<section id="{e(s.anchor)}" class="{e(s.status)}">')
        parts.append(f'<h2><span class="badge {e(s.status)}">{e(s.status.upper())}</span>{e(s.title)}</h2>')
        source = e(s.source_text)
        if s.source_href:
            source = f'<a href="{e(s.source_href)}">{source}</a>'
        parts.append(f'<div class="source">{source}</div>')
        if s.pictures:
            parts.append('<div class="pictures">')
            for picture in s.pictures:
                parts.append(f"<figure>{_svg_inline(picture.svg)}<figcaption>{e(picture.caption)}</figcaption></figure>")
            parts.append("</div>")
        if s.rows:
            parts.append("<table><thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in s.header) + "</tr></thead><tbody>")
            for cells, status in s.rows:
                parts.append(f'<tr class="{e(status)}">' + "".join(f"<td>{e(c)}</td>" for c in cells) + "</tr>")
            parts.append("</tbody></table>")
        for note in s.notes:
            parts.append(f"<pre>{e(note)}</pre>")
        parts.append("</section>")
    parts.append("</main></body></html>")
    return xml_text("\n".join(parts)) + "\n"  # no control character from a title or a file name


__all__ = ["Picture", "Section", "page"]
