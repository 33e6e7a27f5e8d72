"""Time every variant and engine on the largest boards passalive reads.

    python bench/bench_limits.py [SIZE]

Writes a dense SIZE x SIZE position (default 52, the limit of docs/limits.md)
from random play to a temporary file and runs `passalive analyse` on it once
per variant and engine, printing the wall time and peak memory of each run:
every one must answer or refuse within 10 s (issue: every variant scales).
"""

from __future__ import annotations

import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_plain_corpus import rows  # noqa: E402
from strategies import random_position  # noqa: E402

from passalive.definitions.variants import VARIANTS  # noqa: E402


def scattered(size: int, share: float, rng: random.Random) -> str:
    """Rows of a size x size board with `share` of the points random stones
    (few large regions: the hard case for region-by-region variants)."""
    symbols = rng.choices("XO.", weights=(share / 2, share / 2, 1 - share), k=size * size)
    return "\n".join("".join(symbols[y * size : (y + 1) * size]) for y in range(size))


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 52
    board = random_position(random.Random(52), size, size)
    stones = sum(1 for p in board.points if p.colour.value != "empty")
    boards = {
        f"random play ({100 * stones // len(board.points)} % stones)": rows(board),
        "scattered 12 % stones": scattered(size, 0.12, random.Random(12)),
        "scattered 40 % stones": scattered(size, 0.40, random.Random(40)),
    }
    passalive = str(Path(sys.executable).with_name("passalive"))
    with tempfile.TemporaryDirectory() as folder:
        for label, text in boards.items():
            path = Path(folder) / "board.txt"
            path.write_text(text + "\n", encoding="utf-8")
            print(f"{size}x{size}, {label}")
            for variant in VARIANTS:
                for engine in ("direct", "rules"):
                    start = time.monotonic()
                    done = subprocess.run(
                        [passalive, "analyse", "--allow-illegal", "--variant", variant, "--engine", engine, str(path)],
                        capture_output=True,
                        text=True,
                    )
                    seconds = time.monotonic() - start
                    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
                    first = (done.stderr.strip().splitlines() or [""])[0]
                    outcome = "ok" if done.returncode == 0 else f"exit {done.returncode}: {first[:90]}"
                    print(f"  {variant:12} {engine:7} {seconds:6.2f} s  (peak so far {peak} MiB)  {outcome}", flush=True)


if __name__ == "__main__":
    main()
