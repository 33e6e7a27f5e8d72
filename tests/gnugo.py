"""A small GTP client for GNU Go, for comparing passalive's statuses with GNU Go's own.

    with GnuGo.start() as gnugo:             # None when gnugo is not installed
        gnugo.load(board)                    # the position as SGF setup stones (loadsgf)
        gnugo.unconditional_status("C3")     # 'alive', 'dead', ..., as GNU Go answers

`GnuGo.start()` returns None (and `missing_reason()` says why) when no GNU Go
binary is found; tests skip then, saying so.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from types import TracebackType

from passalive.go.board import Board, Colour

CANDIDATES = ("gnugo", "/usr/games/gnugo")
SGF_LETTERS = "abcdefghijklmnopqrs"


def find_gnugo() -> str | None:
    """The path of a GNU Go binary, or None."""
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


def missing_reason() -> str:
    return "GNU Go is not installed (no `gnugo` on PATH or in /usr/games); install it with `apt-get install -y gnugo`"


def board_sgf(board: Board) -> str:
    """The board as an SGF record with setup stones only (how GNU Go's own test positions are stored)."""
    assert board.size is not None, "a grid board"
    width, height = board.size
    if width != height or width > 19:
        raise ValueError("GNU Go plays on square boards up to 19x19")
    setup: dict[Colour, list[str]] = {Colour.BLACK: [], Colour.WHITE: []}
    for p in board.points:
        if p.colour is not Colour.EMPTY:
            x, y = board.coord_of(p.id)
            setup[p.colour].append(f"[{SGF_LETTERS[x]}{SGF_LETTERS[y]}]")
    body = f"(;GM[1]FF[4]SZ[{width}]"
    if setup[Colour.BLACK]:
        body += "AB" + "".join(setup[Colour.BLACK])
    if setup[Colour.WHITE]:
        body += "AW" + "".join(setup[Colour.WHITE])
    return body + ")\n"


class GnuGo:
    """A running `gnugo --mode gtp`."""

    def __init__(self, path: str) -> None:
        self.process = subprocess.Popen(
            [path, "--mode", "gtp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        self.folder = tempfile.mkdtemp(prefix="passalive-gnugo-")

    @classmethod
    def start(cls) -> GnuGo | None:
        path = find_gnugo()
        return cls(path) if path else None

    def command(self, text: str) -> str:
        """Send one GTP command; its answer without the '=' (RuntimeError on '?')."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(text + "\n")
        self.process.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError(f"GNU Go stopped while answering {text!r}")
            if line.strip() == "":
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if answer.startswith("?"):
            raise RuntimeError(f"GNU Go refused {text!r}: {answer}")
        return answer[1:].strip()

    def load(self, board: Board) -> None:
        """Set up the position (loadsgf of a setup-only record)."""
        path = Path(self.folder) / "position.sgf"
        path.write_text(board_sgf(board), encoding="utf-8")
        self.command(f"loadsgf {path}")

    def unconditional_status(self, vertex: str) -> str:
        return self.command(f"unconditional_status {vertex}")

    def close(self) -> None:
        if self.process.poll() is None:
            try:
                self.command("quit")
            except (RuntimeError, BrokenPipeError):
                pass
            self.process.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> GnuGo:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


__all__ = ["GnuGo", "board_sgf", "find_gnugo", "missing_reason"]
