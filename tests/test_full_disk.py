"""Writers on a full or read-only disk: a message naming the file and the
reason, exit status 2, and nothing written before lost or left half-written
(issue 24 item 5).

The disk is a real 12 KiB tmpfs where the tests may mount one (as root, on
Linux); elsewhere those tests are skipped, and the simulated ones -- a write
that takes half a record and then fails with ENOSPC -- run everywhere.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from passalive.errors import OutputError
from passalive.output import files

ROOT = Path(__file__).resolve().parent.parent
PASSALIVE = [sys.executable, "-c", "from passalive.cli import main; main()"]
GAME = ROOT / "tests" / "data" / "games" / "gnugo" / "gnugo-19x19-level1-seed1.sgf"


def mount(folder: Path, options: str) -> bool:
    return subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(folder)], capture_output=True).returncode == 0


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A 12 KiB tmpfs, mounted for the test and unmounted after it."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.name != "posix" or os.geteuid() != 0 or not mount(disk, "size=12k"):
        pytest.skip("mounting a small tmpfs needs root on Linux")
    try:
        yield disk
    finally:
        subprocess.run(["umount", str(disk)], capture_output=True)


def passalive(*args: str, cwd: Path, stdout: int | None = subprocess.PIPE, out_file: Path | None = None) -> subprocess.CompletedProcess[str]:
    if out_file is not None:
        with open(out_file, "w") as handle:
            return subprocess.run([*PASSALIVE, *args], cwd=cwd, stdout=handle, stderr=subprocess.PIPE, text=True, timeout=300)
    return subprocess.run([*PASSALIVE, *args], cwd=cwd, stdout=stdout, stderr=subprocess.PIPE, text=True, timeout=300)


def records(path: Path) -> list[dict]:
    """Every line of a JSON Lines file, each read whole (a torn line fails here)."""
    return [json.loads(line) for line in path.read_text().splitlines()]


EXPLORE = ("explore", "--compare", "casting-out", "benson", "--board", "5x5", "--random", "1000", "--unit", "10",
           "--out", "run.jsonl", "--no-progress")


def test_explore_out_on_a_full_disk_keeps_whole_records_and_resumes_exactly(tiny_disk: Path):
    done = passalive(*EXPLORE, cwd=tiny_disk)
    assert done.returncode == 2
    assert "error: run.jsonl: cannot write the run record: No space left on device" in done.stderr
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    kept = records(tiny_disk / "run.jsonl")
    units = [r for r in kept if r["type"] == "unit"]
    assert units and len(units) < 100
    subprocess.run(["mount", "-o", "remount,size=1m", str(tiny_disk)], check=True)
    done = passalive(*EXPLORE, cwd=tiny_disk)
    assert done.returncode == 0, done.stderr
    every = [r for r in records(tiny_disk / "run.jsonl") if r["type"] == "unit"]
    assert len(every) == 100 and every[: len(units)] == units  # resumed: the units kept, the rest run once


def test_json_lines_to_a_file_on_a_full_disk_stay_whole_lines(tiny_disk: Path):
    done = passalive("analyse", "--all-nodes", "--jsonl", str(GAME), cwd=tiny_disk, out_file=tiny_disk / "out.jsonl")
    assert done.returncode == 2
    assert "error: <stdout>: cannot write the output: No space left on device" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr
    lines = records(tiny_disk / "out.jsonl")
    assert lines and [line["node"] for line in lines] == list(range(len(lines)))


def test_reports_on_a_full_disk_leave_the_old_files_and_no_temporary_ones(tiny_disk: Path):
    (tiny_disk / "report.html").write_text("the old report\n")
    (tiny_disk / "fill").write_bytes(bytes(8 * 1024))
    done = passalive("check", "--html", "report.html", "--junit-xml", "junit.xml", str(ROOT / "examples"), cwd=tiny_disk)
    assert done.returncode == 2
    assert "error: junit.xml: cannot write the JUnit XML: No space left on device; nothing was written" in done.stderr
    assert (tiny_disk / "report.html").read_text() == "the old report\n"
    assert sorted(p.name for p in tiny_disk.iterdir()) == ["fill", "report.html"]


def test_pictures_on_a_read_only_disk_are_a_message_and_exit_2(tiny_disk: Path):
    (tiny_disk / "pictures").mkdir()
    subprocess.run(["mount", "-o", "remount,ro", str(tiny_disk)], check=True)
    done = passalive("analyse", "--format", "svg", "--out", str(tiny_disk / "pictures"), str(ROOT / "examples" / "basic.txt"),
                     cwd=ROOT)
    assert done.returncode == 2
    assert "cannot write the SVG file: Read-only file system; nothing was written" in done.stderr
    assert list((tiny_disk / "pictures").iterdir()) == []


# ------------------------------------------------------------- simulated


def half_then_full(monkeypatch: pytest.MonkeyPatch, after: int) -> None:
    """os.write as the writers see it: the first `after` calls write, then one writes half and the disk is full."""
    real = os.write
    calls = 0

    def write(fd: int, data: bytes | memoryview) -> int:
        nonlocal calls
        calls += 1
        if calls <= after:
            return real(fd, data)
        if calls == after + 1:
            return real(fd, bytes(data[: len(data) // 2]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", write)  # the module calls os.write


def test_a_record_the_disk_cannot_take_whole_is_cut_off_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "run.jsonl"
    with open(path, "a") as handle:
        files.append_line(handle, '{"one": 1}\n', str(path), "the run record")
        half_then_full(monkeypatch, after=0)
        with pytest.raises(OutputError, match=r"run.jsonl: cannot write the run record: No space left on device"):
            files.append_line(handle, '{"two": 2, "a long record": "' + "x" * 100 + '"}\n', str(path), "the run record")
    assert path.read_text() == '{"one": 1}\n'


def test_a_file_written_whole_or_not_at_all(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    path = tmp_path / "report.html"
    path.write_text("old")

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputError, match=r"report.html: cannot write the HTML report: No space left on device; nothing was written"):
        files.write_file(str(path), "<html>new</html>", "the HTML report")
    assert path.read_text() == "old" and [p.name for p in tmp_path.iterdir()] == ["report.html"]
