"""`passalive rules`: the bundled rule programs, with one-line descriptions.

The description is the first line of each program's header comment; the
variant that runs the program and the suicide rules it accepts, the
territory convention it computes, or the command that runs it (the eye
tester's `eyes.dl`) are shown too.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from importlib import resources
from pathlib import Path

import click

from passalive.tools.eyes import RULE_PROGRAM as EYES_PROGRAM
from passalive.definitions.facts import TERRITORY_PROGRAMS, bundled_programs
from passalive.definitions.variants import VARIANTS

COMMANDS = {
    EYES_PROGRAM: "passalive eyes --engine rules",
    "katago-independent-life.dl": "passalive analyse --territory independent-life --engine rules",
    "unconditional.dl": "passalive analyse --territory unconditional --engine rules",
}
"""Programs run by a command of their own rather than as a variant or a territory convention."""


@dataclass(frozen=True)
class _Row:
    """One bundled program as listed (the JSON keys are the field names)."""

    program: str
    description: str
    variant: str | None
    suicide: list[str] | None
    territory: list[str] | None
    command: str | None
    path: str


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
@click.option("--path", "show_path", is_flag=True,
              help='Print only the folder the programs are installed in (cd "$(passalive rules --path)").')
def command(as_json: bool, show_path: bool) -> None:
    """List the bundled rule programs."""
    if show_path:  # the folder alone, for the shell; with --json, {"path": ...}
        folder = str(Path(str(resources.files("passalive.rules"))))
        click.echo(json.dumps({"path": folder}) if as_json else folder)
        return
    by_program = {v.program: v for v in VARIANTS.values() if v.program}
    conventions: dict[str, list[str]] = {}
    for convention, (name, _relation) in TERRITORY_PROGRAMS.items():
        conventions.setdefault(name, []).append(convention)
    rows: list[_Row] = []
    for path in bundled_programs():
        variant = by_program.get(path.name)
        rows.append(
            _Row(
                program=path.name,
                description=_summary(path.read_text(encoding="utf-8")),
                variant=variant.name if variant else None,
                suicide=sorted(s.value for s in variant.suicide) if variant else None,
                territory=conventions.get(path.name),
                command=COMMANDS.get(path.name),
                path=str(path),
            )
        )
    if as_json:
        click.echo(json.dumps({"programs": [asdict(r) for r in rows]}, indent=2))
        return
    width = max(len(r.program) for r in rows) if rows else 0
    for r in rows:
        if r.variant and r.suicide is not None:
            extra = f"  [variant {r.variant}; suicide={','.join(r.suicide)}]"
        elif r.territory:
            extra = f"  [--territory {' / '.join(r.territory)}]"
        elif r.command:
            extra = f"  [{r.command}]"
        else:
            extra = "  [included by the others]"
        click.echo(f"{r.program:<{width}}  {r.description}{extra}")
