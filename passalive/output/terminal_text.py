"""Text from the input made safe to print on a terminal.

A game record downloaded from a server or a wiki page is untrusted text, and its titles, names and
lines reach the terminal in passalive's reports and error messages.  A control character there is
an instruction to the terminal, not text: an escape sequence may clear the screen, move the cursor
over earlier output, set the window's title or write the clipboard (OSC 52); NUL and BEL are noise.
`terminal_safe` shows each such character as U+FFFD and keeps what passalive writes itself: line
breaks and tabs, and, when its boards are in colour, the colour sequences (SGR, `ESC [ … m`), which
there at worst colour a title until passalive's next reset.
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
"""A control character but line feed and tab."""

_CONTROL_BUT_COLOUR = re.compile(r"\x1b(?!\[[0-9;]*m)|[\x00-\x08\x0b-\x1a\x1c-\x1f\x7f-\x9f]")
"""The same, but an escape that starts a colour sequence (SGR, `ESC [ ... m`)."""

SHOWN = "\ufffd"
"""What a control character of the input is shown as: the replacement character, one column wide."""


def terminal_safe(text: str, colour: bool = False) -> str:
    """`text` with every control character but newline and tab shown as U+FFFD; with `colour` (passalive's
    fancy boards, on a terminal), colour sequences are kept, since passalive's own reset each one it writes."""
    return (_CONTROL_BUT_COLOUR if colour else _CONTROL).sub(SHOWN, text)
