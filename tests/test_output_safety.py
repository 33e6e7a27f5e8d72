"""Output that stays valid and safe, whatever the names and titles of the input (issue 26, item 4).

* A link of the HTML report built from a file's path is relative (or under
  the given `--source-url`), never a scheme taken from the file's name: a
  checked file named `javascript:alert(1).txt` must not become a script link.
* `--source-url` keeps the path as given (`.wiki/basic.txt` keeps its dot).
* Control characters in a diagram's title or a file's name leave the JUnit
  XML, the SVG pictures and the HTML page well-formed.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner

from passalive.cli.analyse import command as analyse_command
from passalive.cli.check import command as check_command
from passalive.output.xmltext import xml_text

DIAGRAM = """$$ {title}
$$ +-----------
$$ | . X . X O
$$ | X X X X O
$$ | O O O O O
$$ | . . . . .
$$ {{EXPECT variant=casting-out black=B19}}
"""


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.links.extend(value for name, value in attrs if name in ("href", "src", "xlink:href") and value)


def links(page: str) -> list[str]:
    parser = _Links()
    parser.feed(page)
    return parser.links


def check(tmp_path: Path, names: list[str], *options: str) -> str:
    """The HTML report of `check` over files of these names (in tmp_path, the report there too)."""
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(DIAGRAM.format(title="Two eyes"))
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(check_command, [*names, "--html", "report.html", *options])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    return (tmp_path / "report.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", ["javascript:alert(1).txt", "data:text,html;x.txt", "JavaScript:x.txt", "vbscript:y.txt"])
def test_a_file_named_like_a_url_is_a_relative_link(tmp_path: Path, name: str) -> None:
    page = check(tmp_path, [name])
    files = [link for link in links(page) if not link.startswith("#")]
    assert files, "the report links to the checked file"
    for link in files:
        assert urlsplit(link).scheme == "", link  # relative: no javascript:, no data:
        assert unquote(link) == name  # and it still names the file


def test_with_source_url_every_file_link_is_under_it(tmp_path: Path) -> None:
    page = check(tmp_path, ["javascript:alert(1).txt"], "--source-url", "https://example.org/w/blob/main")
    files = [link for link in links(page) if not link.startswith("#")]
    assert files == ["https://example.org/w/blob/main/javascript%3Aalert%281%29.txt#L1"]


def test_source_url_keeps_a_leading_dot(tmp_path: Path) -> None:
    page = check(tmp_path, [".wiki/basic.txt", "./plain.txt"], "--source-url", "https://example.org/w/")
    files = sorted(link for link in links(page) if not link.startswith("#"))
    assert files == ["https://example.org/w/.wiki/basic.txt#L1", "https://example.org/w/plain.txt#L1"]


CONTROL = "bad\x01\x08title\x1b[31m\x7f"


def test_control_characters_in_titles_and_names_leave_junit_xml_well_formed(tmp_path: Path) -> None:
    name = "ctl\x02name.txt"
    (tmp_path / name).write_text(DIAGRAM.format(title=CONTROL))
    old = os.getcwd()
    os.chdir(tmp_path)
    try:
        result = CliRunner().invoke(check_command, [name, "--junit-xml", "junit.xml", "--html", "report.html"])
    finally:
        os.chdir(old)
    assert result.exit_code == 0, result.output
    junit = (tmp_path / "junit.xml").read_text(encoding="utf-8")
    root = ET.fromstring(junit)  # raised "not well-formed (invalid token)" before
    (case,) = root.iter("testcase")
    assert case.get("classname") == "ctl\ufffdname.txt" and "bad\ufffd\ufffdtitle\ufffd[31m\ufffd" in (case.get("name") or "")
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert xml_text(page) == page  # no control character left in the page or its inline SVG
    assert "bad\ufffd\ufffdtitle" in page


def test_control_characters_in_a_title_leave_the_svg_well_formed(tmp_path: Path) -> None:
    (tmp_path / "d.txt").write_text(DIAGRAM.format(title=CONTROL))
    out = tmp_path / "svg"
    result = CliRunner().invoke(analyse_command, [str(tmp_path / "d.txt"), "--format", "svg", "--out", str(out)])
    assert result.exit_code == 0, result.output
    (picture,) = sorted(out.iterdir())
    svg = ET.parse(picture).getroot()  # raised "not well-formed" before
    assert svg.tag.endswith("svg")


def test_xml_text_replaces_exactly_what_xml_forbids() -> None:
    assert xml_text("a\tb\nc\rd é ☃ \U0001f600") == "a\tb\nc\rd é ☃ \U0001f600"
    assert xml_text("\x00\x1f\x7f\x85\ud800\ufffe\uffff") == "\ufffd" * 7
