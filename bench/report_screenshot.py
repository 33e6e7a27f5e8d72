"""Render `passalive check --html` in headless Chromium and save a screenshot.

    .venv/bin/python bench/report_screenshot.py [OUT.png] [--corpus DIR]

Writes a small corpus (one diagram from examples/basic.txt, and a page that
claims a wrong verdict and a wrong capturing sequence) to a temporary
folder, checks it with `passalive check --html`, and photographs the page
with `chromium --headless --screenshot`.  docs/check-report.png was made so.
With --corpus DIR the report of that folder is photographed instead.  Exits
with status 0 and a message when no Chromium is installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

WRONG = """A page that claims too much.

$$ The black corner (the page says: not pass-alive; it is)
$$ +-------------
$$ | . X . X O .
$$ | X X X X O .
$$ | O O O O O .
$$ | . . . . . .
$$ {EXPECT variant=casting-out black=none}
$$ {CAPTURE by=white moves=C19,A19}
"""

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def browser() -> str | None:
    """The first headless-capable browser found, or None."""
    for name in BROWSERS:
        found = shutil.which(name) or (f"/usr/bin/{name}" if os.path.exists(f"/usr/bin/{name}") else None)
        if found:
            return found
    return None


def screenshot(html: Path, png: Path, width: int = 1100, height: int = 1400) -> None:
    """Photograph a local HTML file with headless Chromium (no network needed)."""
    exe = browser()
    if exe is None:
        raise FileNotFoundError("no Chromium found (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run(
            [exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", f"--user-data-dir={profile}",
             f"--screenshot={png}", f"--window-size={width},{height}", html.resolve().as_uri()],
            check=True, capture_output=True, timeout=120,
        )


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv and not argv[0].startswith("--") else ROOT / "docs" / "check-report.png"
    if browser() is None:
        print("no Chromium installed (apt-get install chromium): nothing to photograph")
        return 0
    with tempfile.TemporaryDirectory() as folder:
        corpus = Path(folder) / "corpus"
        if "--corpus" in argv:
            corpus = Path(argv[argv.index("--corpus") + 1])
        else:
            corpus.mkdir()
            text = (ROOT / "examples" / "basic.txt").read_text()
            (corpus / "basic.txt").write_text(text)
            (corpus / "wrong.txt").write_text(WRONG)
        report = Path(folder) / "report.html"
        start = time.perf_counter()
        target = "corpus" if "--corpus" not in argv else str(corpus.resolve())
        subprocess.run(
            [sys.executable, "-c", "from passalive.cli import main; main()", "check", target, "--html", str(report), "-q"],
            capture_output=True, text=True, cwd=folder,
        )
        middle = time.perf_counter()
        screenshot(report, out.resolve())
        end = time.perf_counter()
        size = report.stat().st_size
    print(f"report {middle - start:.1f} s ({size} bytes), screenshot {end - middle:.1f} s -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
