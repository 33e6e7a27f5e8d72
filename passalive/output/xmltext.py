"""Text that XML (and HTML) may hold: the characters XML 1.0 forbids replaced.

XML 1.0 allows no C0 control character but tab, newline and carriage
return, no lone surrogate (Python's stand-in for a file name's bytes that
are not UTF-8) and neither U+FFFE nor U+FFFF; HTML also counts DEL and the
C1 controls as errors.  A diagram's title or a file's name may hold any of
them, and `xml.etree` writes them as they are, so the JUnit XML, the SVG
pictures and the HTML page would not be well-formed.  Each writer passes its
finished document through `xml_text`, which puts U+FFFD (the replacement
character, shown as `�`) where such a character was: the reader sees that
something was there, and the document stays well-formed.
"""

from __future__ import annotations

import re

_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")

REPLACEMENT = "\ufffd"


def xml_text(text: str) -> str:
    """`text` with every character XML 1.0 or HTML forbids replaced by U+FFFD."""
    return _FORBIDDEN.sub(REPLACEMENT, text)


__all__ = ["REPLACEMENT", "xml_text"]
