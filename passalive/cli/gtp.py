"""`passalive gtp`: a GTP v2 engine on standard input/output that shows passalive's analyses.

Attach it to GoGui (`gogui -program "passalive gtp"`) or Sabaki as an engine
and use its analysis commands (`gogui-analyze_commands`), or drive it from a
script; see `passalive.tools.gtp`.
"""

from __future__ import annotations

import sys

import click

from passalive.definitions.analysis import TERRITORY_CONVENTIONS
from passalive.definitions.variants import VARIANTS
from passalive.go.suicide import Suicide
from passalive.tools.gtp_analyze import OWNERSHIP_SOURCES


@click.command("gtp")
@click.option("--size", type=click.IntRange(1, 25), default=19, show_default=True, help="Board size at start.")
@click.option("--komi", default="7.5", show_default=True, help="Komi at start, read as the `komi` command reads it.")
@click.option("--suicide", "suicide_rule", type=click.Choice([r.value for r in Suicide]), default="no", show_default=True,
              help="Which suicides `play` accepts and the analyses assume.")
@click.option("--variant", type=click.Choice(list(VARIANTS)), default=None,
              help="Variant for final_status_list/final_score. Default: casting-out (suicide with --suicide multi/all).")
@click.option("--territory", type=click.Choice(list(TERRITORY_CONVENTIONS)), default="healthy", show_default=True,
              help="Territory convention.")
@click.option("--pass-alive-suicide", "pass_alive_suicide", type=click.Choice(["same", *(r.value for r in Suicide)]),
              default="same", show_default=True,
              help="Suicide rule of the pass-alive analysis, apart from the rule of play (--suicide), as KataGo's "
                   "alwaysComputePassAliveUnderSuicideRules.")
@click.option("--ownership", "ownership_source", type=click.Choice(list(OWNERSHIP_SOURCES)), default="pass-alive",
              show_default=True, help="Statuses the ownership of kata-analyze/lz-analyze shows.")
@click.option("--name", "name", default="passalive", show_default=True,
              help="The answer to `name` (Lizzie sends kata-analyze only to an engine named KataGo...).")
def command(size: int, komi: str, suicide_rule: str, variant: str | None, territory: str,
            pass_alive_suicide: str, ownership_source: str, name: str) -> None:
    """Speak GTP on standard input and output (no genmove: passalive analyses, it does not play)."""
    from passalive.output.terminal_text import terminal_safe
    from passalive.tools.gtp import GtpEngine, GtpError, komi_argument, read_fd_lines, read_lines

    try:
        engine = GtpEngine(
            size=size, komi=komi_argument(komi, "--komi"), suicide_rule=Suicide.parse(suicide_rule), variant=variant, territory=territory,
            pass_alive_suicide=None if pass_alive_suicide == "same" else Suicide.parse(pass_alive_suicide),
            ownership_source=ownership_source, name=name.strip() or "passalive",
            log=lambda text: click.echo(terminal_safe(text), err=True),  # loadsgf's warnings quote the record
        )
    except GtpError as error:
        raise click.UsageError(str(error)) from None
    # bytes in and out: the locale's encoding (strict UTF-8, ASCII under LANG=C) never decides
    # whether a line can be read or an answer written
    out = sys.stdout.buffer
    try:  # a real standard input is read with os.read (see read_fd_lines); a stand-in (a test's) as a stream
        lines = read_fd_lines(sys.stdin.fileno())
    except (AttributeError, OSError, ValueError):
        lines = read_lines(sys.stdin.buffer)
    engine.run(lines, lambda text: out.write(text.encode("utf-8", errors="replace")), out.flush)
