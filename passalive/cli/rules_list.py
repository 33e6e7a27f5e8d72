"""`passalive rules`: the bundled rule programs, with one-line descriptions.

The description is the first line of each program's header comment; the
variant (if a registered variant uses the program) and whether it accepts
`--suicide` are shown too.
"""

from __future__ import annotations

import json

import click

from passalive.facts import bundled_programs
from passalive.variants import VARIANTS


def _summary(text: str) -> str:
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("//"):
            body = stripped.lstrip("/").strip()
            if "—" in body:
                body = body.split("—", 1)[1].strip()
            return body
    return ""


@click.command("rules")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--path", "show_path", is_flag=True, help="Also print where each program is installed.")
def command(as_json: bool, show_path: bool) -> None:
    """List the bundled rule programs."""
    by_program = {v.program: v for v in VARIANTS.values() if v.program}
    rows = []
    for path in bundled_programs():
        variant = by_program.get(path.name)
        rows.append(
            {
                "program": path.name,
                "description": _summary(path.read_text(encoding="utf-8")),
                "variant": variant.name if variant else None,
                "suicide": sorted(s.value for s in variant.suicide) if variant else None,
                "path": str(path),
            }
        )
    if as_json:
        click.echo(json.dumps({"programs": rows}, indent=2))
        return
    width = max(len(r["program"]) for r in rows) if rows else 0
    for r in rows:
        extra = f"  [variant {r['variant']}; suicide={','.join(r['suicide'])}]" if r["variant"] else "  [included by the variants]"
        click.echo(f"{r['program']:<{width}}  {r['description']}{extra}")
        if show_path:
            click.echo(f"{'':<{width}}  {r['path']}")
