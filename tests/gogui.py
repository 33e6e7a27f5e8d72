"""GoGui, a real GUI, running `passalive gtp` under a virtual X display (Xvfb): the project's one GoGui driver.

GoGui (https://github.com/Remi-Coulom/gogui) is a Java program; it is not
committed here, nor built by the tests.  Build it once from its public
source (docs/gtp.md says how: `ant` with a JDK, about a minute) and point
`GOGUI_JAR` at its `lib/gogui.jar`.  The driver also needs `Xvfb`,
`xdotool` (mouse clicks: without a window manager the keyboard does not
reach Java's windows) and ImageMagick's `import`/`convert` (screenshots).

`run_gogui(jar, record, out)` opens a game record in GoGui with passalive
as its engine, goes to its last position (GoGui sends the moves to the
engine), opens *Tools → Analyze Commands*, runs passalive's *Pass-alive
stones and territory*, and takes a screenshot; the engine's input and
output are recorded (`GoguiRun.commands`, `.answers`), so a test can check
what the GUI sent and what passalive drew.

    GOGUI_JAR=/path/to/gogui/lib/gogui.jar python tests/gogui.py docs/gogui-pass-alive.png

makes the screenshot of docs/gtp.md again.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOLS = ("java", "Xvfb", "xdotool", "import", "convert")
SCREEN = "1400x900x24"
MAIN_WINDOW = (1000, 800)
"""The size the GoGui window is given, so that its menus and board are where the clicks expect them."""
TOOLS_MENU = (395, 10)
ANALYZE_ITEM = (446, 50)
"""Where *Tools* and its *Analyze Commands* are in GoGui 1.6's main window (DejaVu fonts, Metal look)."""


def find_gogui() -> Path | None:
    """GoGui's jar from GOGUI_JAR, when it and every tool the driver needs are there."""
    jar = os.environ.get("GOGUI_JAR")
    if not jar or not Path(jar).is_file() or any(shutil.which(tool) is None for tool in TOOLS):
        return None
    return Path(jar)


def missing_reason() -> str:
    """Why `find_gogui` found nothing, in words a skipped test can print."""
    jar = os.environ.get("GOGUI_JAR")
    if not jar:
        return "GoGui not found: set GOGUI_JAR to a gogui.jar built from https://github.com/Remi-Coulom/gogui (docs/gtp.md)"
    if not Path(jar).is_file():
        return f"GOGUI_JAR={jar} is not a file"
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    return f"GoGui needs {', '.join(missing)} (apt-get install xvfb xdotool imagemagick, and a JDK)"


@dataclass(frozen=True)
class GoguiRun:
    """What one GoGui session left: the commands GoGui sent, passalive's answers, the screenshot."""

    commands: list[str]
    answers: str
    screenshot: Path


def _xdotool(display: str, *args: str) -> str:
    done = subprocess.run(["xdotool", *args], env={**os.environ, "DISPLAY": display}, capture_output=True,
                          text=True, timeout=60)
    return done.stdout.strip()


def _window(display: str, name: str, timeout: float = 60) -> str:
    """The id of the first visible window whose name matches (waiting for it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = _xdotool(display, "search", "--onlyvisible", "--name", name)
        if found:
            return found.splitlines()[0]
        time.sleep(0.5)
    raise TimeoutError(f"no window named {name!r} appeared in {timeout:.0f} s")


def _click(display: str, x: int, y: int, window: str | None = None) -> None:
    where = ["--window", window] if window else []
    _xdotool(display, "mousemove", *where, str(x), str(y), "click", "1")
    time.sleep(1.0)


PASS_ALIVE_SUICIDE_MULTI = ((237, 75), (195, 131), (140, 187))
"""Clicks in passalive's settings dialog: the *Pass alive suicide* list, its *Multi*, then *OK*."""


def run_gogui(jar: Path, record: Path, out: Path, *, last_move: int, work: Path,
              settings: tuple[tuple[int, int], ...] = ()) -> GoguiRun:
    """GoGui with `passalive gtp` on `record` at move `last_move`; passalive's pass-alive overlay shot to `out`.

    `settings`: clicks in passalive's settings dialog (GoGui's `param`
    dialog, opened first when there are any), such as PASS_ALIVE_SUICIDE_MULTI.
    """
    commands, answers = work / "commands.gtp", work / "answers.gtp"
    engine = work / "engine.sh"
    passalive = [sys.executable, "-c", "from passalive.cli import main; main()", "gtp"]
    engine.write_text(f"#!/bin/sh\ntee {shlex.quote(str(commands))} | {shlex.join(passalive)} "
                      f"| tee {shlex.quote(str(answers))}\n")
    engine.chmod(0o755)
    xvfb = subprocess.Popen(["Xvfb", "-displayfd", "1", "-screen", "0", SCREEN, "-nolisten", "tcp"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    gogui = None
    try:
        assert xvfb.stdout is not None
        display = ":" + xvfb.stdout.readline().strip()
        prefs = work / "prefs"  # GoGui keeps window places in Java's preferences: a fresh set each run
        gogui = subprocess.Popen(
            ["java", f"-Djava.util.prefs.userRoot={prefs}", "-jar", str(jar), "-program", str(engine),
             "-computer-none", "-move", str(last_move), str(record)],
            env={**os.environ, "DISPLAY": display}, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        main = _window(display, record.name)
        _xdotool(display, "windowmove", main, "0", "0")
        _xdotool(display, "windowsize", main, str(MAIN_WINDOW[0]), str(MAIN_WINDOW[1]))
        time.sleep(3)
        _click(display, *TOOLS_MENU)
        _click(display, *ANALYZE_ITEM)
        dialog = _window(display, "^Analyze$")
        _xdotool(display, "windowmove", dialog, str(MAIN_WINDOW[0]), "0")
        time.sleep(1)
        geometry = _xdotool(display, "getwindowgeometry", dialog)
        height = int(geometry.rsplit("x", 1)[1])
        if settings:
            _click(display, 60, 9, dialog)  # the first entry: Settings
            _click(display, 150, height - 23, dialog)  # Run
            window = _window(display, "^Settings")
            for x, y in settings:
                _click(display, x, y, window)
        _click(display, 60, 26, dialog)  # the second entry: Pass-alive stones and territory
        _click(display, 150, height - 23, dialog)  # Run
        time.sleep(4)
        shot = work / "screen.png"
        subprocess.run(["import", "-display", display, "-window", "root", str(shot)], check=True, timeout=60)
        width, tall = MAIN_WINDOW
        subprocess.run(["convert", str(shot), "-crop", f"{width}x{tall}+0+0", "+repage", "-resize", "640x",
                        "-colors", "64", str(out)], check=True, timeout=60)
    finally:
        if gogui is not None:
            gogui.terminate()
            gogui.wait(timeout=30)
        xvfb.terminate()
        xvfb.wait(timeout=30)
    time.sleep(1)  # the engine sees the end of its input and leaves
    return GoguiRun(commands.read_text().splitlines(), answers.read_text(), out)


def main() -> None:
    jar = find_gogui()
    if jar is None:
        sys.exit(missing_reason())
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "gogui-pass-alive.png"
    with tempfile.TemporaryDirectory() as work:
        run = run_gogui(jar, ROOT / "docs" / "example-game.sgf", out.resolve(), last_move=86, work=Path(work))
    print(f"{out}: {out.stat().st_size} bytes; GoGui sent {len(run.commands)} commands")


if __name__ == "__main__":
    main()
