"""`passalive check --html`: one self-contained page, failures first, seen in a real browser."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from passalive.cli.check import command as check_command

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
from report_screenshot import WRONG, browser, screenshot  # noqa: E402

GOOD = """$$ Two eyes
$$ +-----------
$$ | . X . X O
$$ | X X X X O
$$ | O O O O O
$$ | . . . . .
$$ {EXPECT variant=casting-out black=B19}
"""


def make_report(tmp_path: Path) -> tuple[Path, str, int]:
    (tmp_path / "good.txt").write_text(GOOD)
    (tmp_path / "wrong.txt").write_text(WRONG)
    report = tmp_path / "report.html"
    result = CliRunner().invoke(check_command, [str(tmp_path / "good.txt"), str(tmp_path / "wrong.txt"), "--html", str(report)])
    return report, report.read_text(), result.exit_code


def test_page_is_self_contained_with_failures_first(tmp_path: Path) -> None:
    report, page, code = make_report(tmp_path)
    assert code == 1  # the wrong page fails the check
    # no network: the only URL is the SVG namespace
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) == {"http://www.w3.org/2000/svg"}
    assert "<script" not in page and "<link" not in page
    sections = re.findall(r'<section id="[^"]+" class="(\w+)">', page)
    assert sections == ["fail", "ok"]  # failures first
    assert page.count("<svg") >= 4  # each diagram drawn, and the capture witness
    assert "CAPTURE by white" in page  # the witness is pictured
    assert 'href="wrong.txt"' in page and "wrong.txt:3" in page  # link to the source file and its line
    assert "FAIL: black: expected none, got B19" in page


def test_source_url_links_to_the_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "wrong.txt").write_text(WRONG)
    monkeypatch.chdir(tmp_path)
    CliRunner().invoke(check_command, ["wrong.txt", "--html", "r.html", "--source-url", "https://example.org/w/blob/main"])
    assert 'href="https://example.org/w/blob/main/wrong.txt#L3"' in (tmp_path / "r.html").read_text()


def test_chromium_renders_the_report(tmp_path: Path) -> None:
    if browser() is None:
        print("SKIPPED: no Chromium installed (apt-get install chromium)")
        pytest.skip("no Chromium installed (apt-get install chromium)")
    Image = pytest.importorskip("PIL.Image", reason="Pillow reads the screenshot")
    report, _, _ = make_report(tmp_path)
    png = tmp_path / "shot.png"
    screenshot(report, png, 1000, 900)
    image = Image.open(png).convert("RGB")
    assert image.size == (1000, 900)
    # the header is dark, and the failing section's red outline is on screen
    assert sum(image.getpixel((500, 20))) < 200
    red = sum(1 for x in range(0, 1000, 4) for y in range(120, 500, 4) if _is_red(image.getpixel((x, y))))
    assert red > 20
    # and stones are drawn: some pixels as dark as a black stone inside the first section
    dark = sum(1 for x in range(0, 700, 3) for y in range(250, 500, 3) if sum(image.getpixel((x, y))) < 120)
    assert dark > 30


def _is_red(rgb: tuple[int, int, int]) -> bool:
    r, g, b = rgb
    return r > 180 and g < 80 and b < 80


def test_bench_script_runs(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "report_screenshot.py"), str(out)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert out.exists() or "no Chromium" in done.stdout


def test_explore_findings_page(tmp_path: Path) -> None:
    from passalive.cli.explore import command as explore_command

    page_path = tmp_path / "explore.html"
    result = CliRunner().invoke(
        explore_command,
        ["--compare", "casting-out", "truth@multi", "--board", "3x3", "--exhaustive", "--shrink", "1",
         "--no-progress", "--html", str(page_path)],
    )
    assert result.exit_code == 0, result.output
    page = page_path.read_text()
    assert set(re.findall(r"https?://[^\s\"'<>]+", page)) == {"http://www.w3.org/2000/svg"}
    assert re.findall(r'<section id="finding-(\d+)"', page) == ["1"]
    assert "casting-out@no says pass-alive, truth@multi does not" in page
    assert "witness 1" in page and page.count("<svg") == 2  # the finding and its witness
