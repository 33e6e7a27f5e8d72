"""The `passalive` command line: one sub-command per module, loaded on demand.

Each command lives in its own module of this package and is looked up in
`COMMANDS` only when it is invoked, so `passalive show` does not pay for
importing Z3.  Every `PassaliveError` a command raises is printed as a
one-paragraph message (file:line:col, the line, a caret, what was expected)
with exit status 2; a bug still shows its traceback when PASSALIVE_DEBUG is set.
"""

from __future__ import annotations

import errno
import importlib
import os
import sys

import click

from passalive.errors import PassaliveError

COMMANDS: dict[str, tuple[str, str]] = {
    # name: (module, one-line help shown by `passalive --help`)
    "check": ("passalive.cli.check", "Check the expected verdicts (EXPECT) and capturing sequences (CAPTURE) of a diagram corpus; JUnit XML for CI."),
    "engine": ("passalive.cli.engine", "Answer KataGo-style JSON queries on stdin (one per line) with one JSON line per analysed turn: pass-alive and status maps for programs."),
    "explore": ("passalive.cli.explore", "Search small or random boards for positions where two variants (or a variant and the game truth) disagree; shrink and show them."),
    "eyes": ("passalive.cli.eyes", "Classify one-point eyes as real or false (the instant eye tester), by variant."),
    "analyse": ("passalive.cli.analyse", "Mark the pass-alive stones of each diagram under one or more variants, and say why."),
    "gtp": ("passalive.cli.gtp", "Speak GTP v2 on stdin/stdout: a position set up by a GUI or a game, analysed (pass-alive stones, territory, eyes, seki score) through GoGui analyze commands."),
    "rules": ("passalive.cli.rules_list", "List the bundled rule programs with one-line descriptions."),
    "verify": ("passalive.cli.verify", "Prove or refute each chain's verdict by asking the oracle of the game's truth (searches, Z3, certificates), with or without suicide."),
    "score": ("passalive.cli.score", "Score finished positions with seki detection: territory, seki regions, prisoners."),
    "show": ("passalive.cli.show", "Print the diagrams of files as Sensei's markup, a plain board or JSON."),
}


class LazyGroup(click.Group):
    """A click group whose sub-commands are imported when first used."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        module = importlib.import_module(COMMANDS[cmd_name][0])
        command: click.Command = getattr(module, "command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, COMMANDS[name][1]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


def _print_version(ctx: click.Context, _param: click.Parameter, asked: bool) -> None:
    """`--version`: the release and which kernel answers (`passalive, version 0.2.0` / `kernel: c`).

    The package metadata and the compiled kernel are read here, when `--version` is given, not when
    this module is imported: every other command would pay for them at start-up."""
    if not asked or ctx.resilient_parsing:
        return
    from passalive.definitions.kernel import kernel_line
    from passalive.version import installed_version

    click.echo(f"{ctx.find_root().info_name}, version {installed_version()}\n{kernel_line()}")
    ctx.exit()


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option(
    "--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version, help="Show the version and exit."
)
def cli() -> None:
    """Decide which stones of a Go position are pass-alive, and prove it.

    Input is bounded: boards up to 52x52 points, files up to 64 MiB, rule
    programs within --max-facts tuples and --max-rule-seconds.  Each command's
    --help lists its options; `passalive rules --path` prints where the bundled
    rule programs are installed.
    """


_FULL = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EFBIG, errno.EIO}
"""The errors of a disk that takes no more output."""


def _discard_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush writes nothing."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # a captured stream: nothing to flush at exit
        pass


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `passalive` console script."""
    from passalive.cli.signals import Interrupted

    try:
        cli.main(args=argv, prog_name="passalive", standalone_mode=False)
    except Interrupted as stop:  # SIGINT or SIGTERM: one line, no traceback (passalive.cli.signals)
        click.echo(f"interrupted ({stop.name})", err=True)
        sys.exit(stop.exit_code)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)
    except click.ClickException as usage:
        usage.show()
        sys.exit(usage.exit_code)
    except click.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except PassaliveError as error:
        click.echo(error.format(), err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.stderr.close()
        sys.exit(1)
    except OSError as error:
        if error.errno not in _FULL:
            raise
        # the output could not be written (a full or read-only disk): said once; what is
        # left in the buffer goes nowhere, so no second error at exit
        click.echo(f"error: cannot write the output: {error.strerror}", err=True)
        _discard_stdout()
        sys.exit(2)
    except Exception as bug:  # pragma: no cover - a bug, not bad input
        if os.environ.get("PASSALIVE_DEBUG"):
            raise
        click.echo(
            f"internal error: {type(bug).__name__}: {bug}\n"
            "This is a bug in passalive; run again with PASSALIVE_DEBUG=1 for the traceback.",
            err=True,
        )
        sys.exit(70)
