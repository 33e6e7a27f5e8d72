"""The wheel, built and installed outside the checkout, works as a user gets it.

A file left out of the wheel (a grammar, a rule program, `py.typed`, the
licence) passes every other test, which runs from the checkout.  Here the
wheel is built from a copy of the sources, installed into a fresh virtual
environment in a temporary folder, and the commands run from another folder
with only a diagram and a game record in it: `--version`, `show`,
`analyse` (direct and on the rule engine), `check`, `verify`, `rules`, `gtp`,
the README's Python snippets, and a user's mypy on `reveal_type`.

Offline and quick: the wheel is built without build isolation (setuptools
comes with the test extra), and the fresh environment gets passalive alone
(`pip --python VENV install --no-deps --no-index`); its dependencies (lark,
sgfmill, z3, ...) are the test environment's, reached through one `.pth`
file that lists this interpreter's site-packages after the venv's own, so
passalive itself can only come from the wheel (the test asserts where it was
imported from).  About 30-60 s on a loaded machine, mostly mypy: `slow`.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("passalive", "grammar", "rules", "solver", "pyproject.toml", "setup.py", "README.md", "LICENSE", "CHANGELOG.md")
"""What the build reads: the packages, the project table, the compiled kernel's build (setup.py), the README (the
long description), the licence."""

pytestmark = pytest.mark.slow


@dataclass(frozen=True)
class Installed:
    """A fresh virtual environment holding the built wheel, and a folder outside the checkout to run in."""

    wheel: Path
    venv: Path
    cwd: Path

    @property
    def python(self) -> Path:
        return self.venv / "bin" / "python"

    def run(self, *args: str, stdin: str = "", code: int = 0) -> str:
        """Run a command of the venv (`passalive`, `python`) in `cwd`; its standard output."""
        done = subprocess.run(
            [str(self.venv / "bin" / args[0]), *args[1:]],
            cwd=self.cwd,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == code, f"{args}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr, done.stderr
        return done.stdout


def _pip(*args: str | Path) -> None:
    subprocess.run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *map(str, args)], check=True, timeout=300)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    work = tmp_path_factory.mktemp("wheel")
    source = work / "source"
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"))
        else:
            shutil.copy(ROOT / name, source / name)
    _pip("wheel", "--no-deps", "--no-build-isolation", "--no-index", "--wheel-dir", work / "dist", source)
    (wheel,) = (work / "dist").glob("passalive-*.whl")
    venv = work / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    site = subprocess.run(
        [str(venv / "bin" / "python"), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()
    here = sysconfig.get_paths()
    Path(site, "test-dependencies.pth").write_text(f"{here['purelib']}\n{here['platlib']}\n", encoding="utf-8")
    _pip("--python", venv / "bin" / "python", "install", "--no-deps", "--no-index", wheel)
    cwd = work / "user"
    (cwd / "games").mkdir(parents=True)
    shutil.copy(ROOT / "examples" / "basic.txt", cwd / "basic.txt")
    shutil.copytree(ROOT / "tests" / "data" / "games", cwd / "tests" / "data" / "games")
    return Installed(wheel, venv, cwd)


def test_the_wheel_carries_the_licence_the_types_and_the_data(installed):
    names = zipfile.ZipFile(installed.wheel).namelist()
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    assert "passalive/py.typed" in names
    assert {"passalive/grammar/diagram.lark", "passalive/grammar/rulelang.lark", "passalive/rules/casting-out.dl", "passalive/batch/fused.cu"} <= set(names)
    assert {"passalive/definitions/_kernel.pyi", "passalive/batch/_host.pyi"} <= set(names)  # the C extensions' types
    if shutil.which("cc") or shutil.which("gcc"):  # and the extensions themselves, wherever the build had a C compiler
        assert {n.split(".")[0] for n in names if n.endswith(".so")} >= {"passalive/definitions/_kernel", "passalive/batch/_host"}
    metadata = zipfile.ZipFile(installed.wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Typing :: Typed" in metadata
    assert "pip install passalive" in metadata  # the README, as the index shows it


def test_passalive_is_imported_from_the_wheel_not_the_checkout(installed):
    where = installed.run("python", "-c", "import passalive; print(passalive.__file__, passalive.__version__)")
    assert where.startswith(str(installed.venv)), where
    assert str(ROOT) not in where


def test_the_commands_run_from_the_installed_wheel(installed):
    version = installed.run("passalive", "--version").splitlines()
    assert version[0].endswith(installed.wheel.name.split("-")[1])
    # the kernel is compiled into the wheel wherever the build had a C compiler, as here
    assert version[1] == ("kernel: c" if shutil.which("cc") or shutil.which("gcc") else "kernel: python (not built)")
    assert "$$" in installed.run("passalive", "show", "basic.txt")
    direct = json.loads(installed.run("passalive", "analyse", "basic.txt", "--json"))
    rules = json.loads(installed.run("passalive", "analyse", "basic.txt", "--json", "--engine", "rules"))  # the *.dl programs
    assert [d["alive"] for d in direct["diagrams"]] == [d["alive"] for d in rules["diagrams"]]
    assert "ok" in installed.run("passalive", "check", "basic.txt")
    assert "proven" in installed.run("passalive", "verify", "basic.txt", "--complete")
    listed = installed.run("passalive", "rules")
    assert "casting-out.dl" in listed
    folder = Path(installed.run("passalive", "rules", "--path").strip())
    assert folder.is_dir() and (folder / "casting-out.dl").is_file() and str(folder).startswith(str(installed.venv))
    answers = installed.run("passalive", "gtp", stdin="boardsize 9\nplay b A1\nfinal_status_list alive\nname\nquit\n")
    assert "= passalive" in answers


def test_the_readme_python_snippets_run_from_the_installed_wheel(installed):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    snippets = re.findall(r"^```python\n(.*?)^```", readme, flags=re.M | re.S)
    assert snippets
    for snippet in snippets:
        installed.run("python", "-c", snippet)


def test_a_users_mypy_sees_the_real_types(installed):
    user = installed.cwd / "user_code.py"
    user.write_text(
        "import passalive\n"
        "board = passalive.Board.grid([['empty'] * 9 for _ in range(9)])\n"
        "reveal_type(passalive.analyse(board))\n"
        "reveal_type(passalive.verify(board).chains)\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--python-executable", str(installed.python), "--no-incremental",
         "--follow-imports=silent", "--config-file", "/dev/null", str(user)],
        cwd=installed.cwd, capture_output=True, text=True, timeout=300,
    )
    assert 'Revealed type is "passalive.definitions.analysis.Analysis"' in done.stdout, done.stdout + done.stderr
    assert "passalive.tools.verify.ChainVerdict" in done.stdout, done.stdout
    assert "error:" not in done.stdout, done.stdout
