"""bench/fuego_safety.py: Fuego's solver is built from the files its driver needs, or skipped with a reason.

The benchmark itself (`bench/bench_static_safety.py --fuego SRC`) needs Fuego's
source, g++ and Boost's headers; these tests need none of them.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

from fuego_safety import Source, Unavailable, build, copy_closure  # noqa: E402


def test_without_the_source_the_bench_is_told_why(tmp_path: Path) -> None:
    with pytest.raises(Unavailable, match="no Fuego source"):
        build(tmp_path / "absent", tmp_path / "build")


def test_a_folder_that_is_not_fuegos_source_is_named(tmp_path: Path) -> None:
    (tmp_path / "go").mkdir()
    with pytest.raises(Unavailable, match="not Fuego's source"):
        build(tmp_path, tmp_path / "build")


def test_the_files_compiled_are_the_sources_of_the_headers_the_driver_reaches(tmp_path: Path) -> None:
    # a miniature source tree: the driver includes GoBoard.h, which includes SgPoint.h;
    # each header brings its .cpp, system headers and unreached files are left out
    files = {
        "go/GoBoard.h": '#include "SgPoint.h"\n#include <vector>\n',
        "go/GoBoard.cpp": '#include "GoBoard.h"\n',
        "go/GoUnused.cpp": "int unused;\n",
        "smartgame/SgPoint.h": "typedef int SgPoint;\n",
        "smartgame/SgPoint.cpp": '#include "SgPoint.h"\n',
    }
    src = tmp_path / "fuego"
    for name, text in files.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text)
    compiled = copy_closure(Source(src), tmp_path / "build")
    assert sorted(compiled) == ["go/GoBoard.cpp", "smartgame/SgPoint.cpp"]
    assert (tmp_path / "build" / "smartgame" / "SgPoint.h").is_file()
