"""What a user who installs passalive gets: metadata, version, help and the README's first page.

The installed wheel itself is tested in test_wheel.py (slow); these read the
metadata of the installed project and run the commands in-process.
"""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import metadata
from pathlib import Path

import pytest

import passalive
from passalive.cli import COMMANDS, main

ROOT = Path(__file__).resolve().parent.parent


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int | str, str]:
    with pytest.raises(SystemExit) as done:
        main(argv)
        raise SystemExit(0)
    return done.value.code or 0, capsys.readouterr().out


def test_the_metadata_names_the_licence_and_the_classifiers():
    meta = metadata("passalive")
    assert meta["License-Expression"] == "MIT"
    classifiers = meta.get_all("Classifier") or []
    assert "Typing :: Typed" in classifiers
    assert "Topic :: Games/Entertainment :: Board Games" in classifiers
    assert meta["Keywords"] and "pass-alive" in meta["Keywords"]
    assert (ROOT / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")
    assert (ROOT / "passalive" / "py.typed").is_file()


def test_the_version_is_the_projects_and_the_changelog_has_it(capsys):
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert passalive.__version__ == version
    code, out = run(["--version"], capsys)
    assert code == 0 and out.splitlines()[0] == f"passalive, version {version}"
    assert f"## {version}" in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("command", [None, *sorted(COMMANDS)])
def test_help_points_to_no_file_of_the_source_tree(command, capsys):
    code, out = run(([command] if command else []) + ["--help"], capsys)
    assert code == 0
    assert not re.search(r"\b(docs|examples|tests|bench)/", out), out


def test_rules_path_prints_only_the_folder(capsys):
    code, out = run(["rules", "--path"], capsys)
    folder = Path(out.strip())
    assert code == 0 and out.count("\n") == 1
    assert (folder / "casting-out.dl").is_file() and (folder / "board.dl").is_file()


def test_the_readme_starts_as_a_users_page():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    top = readme[: readme.index("\n## ")]
    assert "pip install passalive" in top
    assert re.search(r"^passalive analyse ", top, flags=re.M)  # a first command
    assert "![" in top  # the picture
    assert "z3-solver" in top and "passalive[verify]" in top  # the heavy dependencies, and why no extra
    assert readme.index("pip install passalive") < readme.index("pip install -e '.[test]'")
    developer = readme.index("## Developing")
    assert developer < readme.index("## How it fits together")


def test_the_readmes_top_links_nothing_the_index_cannot_show():
    # No public URL of the project exists yet ([project.urls] is empty): the part of the README
    # that the index shows first links no file of the repository, except the picture, which
    # becomes absolute once the repository's URL is known.
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    top = readme[: readme.index("## Developing")]
    targets = re.findall(r"\]\(([^)]+)\)", top)
    relative = [t for t in targets if not t.startswith(("https://", "http://"))]
    assert relative == ["docs/example-game.svg"]
    assert (ROOT / relative[0]).is_file()
