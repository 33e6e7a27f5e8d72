"""A small GTP controller: one engine process, one command at a time.

gomill's controller is the usual library for this, but gomill 0.8.3 is
Python 2 only; so, as GNU Go's regression scripts do, the engine runs as a
subprocess and each command is written with an id and answered by reading
lines up to the empty line that ends a response.
"""

from __future__ import annotations

import subprocess
from collections.abc import Sequence
from dataclasses import dataclass


class GtpFailure(Exception):
    """The engine answered `? message`."""


@dataclass
class GtpClient:
    """A running GTP engine."""

    process: subprocess.Popen[str]
    next_id: int = 1

    @classmethod
    def start(cls, argv: Sequence[str]) -> GtpClient:
        process = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1
        )
        return cls(process)

    def send(self, command: str) -> str:
        """The response to one command (without `=id `); GtpFailure for `?`."""
        assert self.process.stdin is not None and self.process.stdout is not None
        ident = self.next_id
        self.next_id += 1
        self.process.stdin.write(f"{ident} {command}\n")
        self.process.stdin.flush()
        lines: list[str] = []
        while True:
            line = self.process.stdout.readline()
            if line == "":
                raise EOFError(f"the engine closed its output after {command!r}")
            line = line.rstrip("\r\n")
            if line == "" and lines:
                break
            if line or lines:
                lines.append(line)
        head, body = lines[0], lines[1:]
        status, _, first = head.partition(" ")
        if status != f"={ident}" and status != f"?{ident}":
            raise AssertionError(f"response {head!r} does not answer command {ident} {command!r}")
        text = "\n".join([first, *body]).strip("\n") if body else first
        if status.startswith("?"):
            raise GtpFailure(text)
        return text

    def close(self) -> None:
        try:
            self.send("quit")
        except (EOFError, BrokenPipeError, GtpFailure):
            pass
        self.process.wait(timeout=30)
