"""The project's one GTP controller: one engine process, one command at a time.

    with GtpClient.start(["gnugo", "--mode", "gtp"]) as engine:
        engine.send("boardsize 9")           # '' (the answer after `=id`)
        engine.send("genmove black")         # 'E5'
        engine.send("play black Z99")        # raises GtpFailure('invalid coordinate')

gomill's controller is the usual library for this, but gomill 0.8.3 is
Python 2 only; so, as GNU Go's regression scripts do, the engine runs as a
subprocess and each command is written with an id and answered by reading
lines up to the empty line that ends a response (GTP 2, section 3.3).  Used by
tests/test_gtp.py (`passalive gtp` and GNU Go) and by tests/gnugo.py, the one
GNU Go driver.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from dataclasses import dataclass
from types import TracebackType


class GtpFailure(Exception):
    """The engine answered `?id message`; the exception's text is the message."""


@dataclass
class GtpClient:
    """A running GTP engine; `close()` (or leaving a `with` block) says quit and waits for it."""

    process: subprocess.Popen[str]
    next_id: int = 1

    @classmethod
    def start(cls, argv: Sequence[str]) -> GtpClient:
        """Start the engine `argv` (its stderr is dropped: GTP answers come on stdout only)."""
        process = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        return cls(process)

    def send(self, command: str) -> str:
        """The response to one command (without `=id `); GtpFailure for `?`, EOFError if the engine stopped."""
        assert self.process.stdin is not None and self.process.stdout is not None
        ident = self.next_id
        self.next_id += 1
        self.process.stdin.write(f"{ident} {command}\n")
        self.process.stdin.flush()
        head, body = self._response(command)
        status, _, first = head.partition(" ")
        if status not in (f"={ident}", f"?{ident}"):
            raise AssertionError(f"response {head!r} does not answer command {ident} {command!r}")
        text = "\n".join([first, *body]).strip("\n") if body else first
        if status.startswith("?"):
            raise GtpFailure(text)
        return text

    def _response(self, command: str) -> tuple[str, list[str]]:
        """The lines of one response: its first line and the rest, up to the empty line that ends it."""
        assert self.process.stdout is not None
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise EOFError(f"the engine closed its output after {command!r}")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                return lines[0], lines[1:]
            if line or lines:
                lines.append(line)

    def close(self) -> None:
        """Say quit (if the engine still listens) and wait for the process to end."""
        if self.process.poll() is None:
            try:
                self.send("quit")
            except (EOFError, BrokenPipeError, GtpFailure):
                pass
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()
        self.process.wait(timeout=30)

    def __enter__(self) -> GtpClient:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


__all__ = ["GtpClient", "GtpFailure"]
