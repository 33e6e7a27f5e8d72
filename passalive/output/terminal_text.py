"""Text from the input made safe to print on a terminal.

A game record downloaded from a server or a wiki page is untrusted text, and its titles, names and
lines reach the terminal in passalive's reports and error messages.  A control character there is
an instruction to the terminal, not text: an escape sequence may clear the screen, move the cursor
over earlier output, set the window's title or write the clipboard (OSC 52); NUL and BEL are noise.
`terminal_safe` shows each such character as U+FFFD and keeps the two passalive writes itself:
line breaks and tabs, and the colour sequences (SGR, `ESC [ … m`) of its fancy boards, which at
worst colour a title.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(r"\x1b\[[0-9;]*m|([\x00-\x08\x0b-\x1f\x7f-\x9f])")
"""A colour sequence (kept), or one control character but line feed and tab (group 1: replaced)."""

SHOWN = "\ufffd"
"""What a control character of the input is shown as: the replacement character, one column wide."""


def terminal_safe(text: str) -> str:
    """`text` with every control character but newline, tab and colour sequences shown as U+FFFD."""
    if text.isprintable() or not _UNSAFE.search(text):
        return text
    return _UNSAFE.sub(lambda m: SHOWN if m.group(1) else m.group(0), text)
