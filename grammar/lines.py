"""What a line of a diagram file is, for the front door's format detection.

Kept apart from the reader of Sensei's markup (`passalive.grammar.sensei`),
which builds a Lark parser: deciding that a file holds plain boards must not
import Lark (`passalive analyse board.txt` on a plain board never needs it).
"""

from __future__ import annotations


def is_diagram_line(line: str) -> bool:
    """Whether a line belongs to a `$$` diagram block of Sensei's markup."""
    return line.lstrip(" \t").startswith("$$")


__all__ = ["is_diagram_line"]
