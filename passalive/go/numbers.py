"""One reader of integers for every place a number is written in the input.

A number in a diagram, a rule program or a command-line option is a run of
ASCII digits `0`-`9`: Unicode digits such as `²` or `٣` are not numbers here
(Python's `int()` would accept some and crash on others), and every field has
a sane maximum, so a number of thousands of digits is a located error rather
than a crash on Python's int-digit limit or a board with a billion points.
"""

from __future__ import annotations

from passalive.errors import InputError, Location

SHOWN_DIGITS = 20
"""The most characters of a number an error message quotes."""


def is_ascii_digit(ch: str) -> bool:
    """Whether `ch` is one of the ASCII digits 0-9 (not `²`, not `٣`)."""
    return len(ch) == 1 and "0" <= ch <= "9"


def is_number(text: str) -> bool:
    """Whether `text` is a non-empty run of ASCII digits."""
    return bool(text) and all("0" <= ch <= "9" for ch in text)


def digits_end(text: str, start: int) -> int:
    """The index after the run of ASCII digits that starts at `start`."""
    end = start
    while end < len(text) and "0" <= text[end] <= "9":
        end += 1
    return end


def shown(text: str) -> str:
    """A number as an error quotes it: whole when short, else its start and its length."""
    if len(text) <= SHOWN_DIGITS:
        return text
    return f"{text[:SHOWN_DIGITS]}… ({len(text)} characters)"


def read_number(
    text: str,
    what: str,
    *,
    maximum: int,
    minimum: int = 0,
    signed: bool = False,
    location: Location | None = None,
) -> int:
    """The integer `text` stands for, between `minimum` and `maximum`.

    `what` names the field in the error ("board size", "move number").  Only
    ASCII digits are read (a leading `-` too when `signed`); anything else, and
    any value beyond the bounds, is an InputError at `location`.  The digit
    count is checked before converting, so no text is ever too long to read.
    """
    digits = text[1:] if signed and text.startswith("-") else text
    for ch in digits:
        if not "0" <= ch <= "9":
            raise InputError(f"{what}: {ch!r} is not a digit 0-9 in {shown(text)!r}", location)
    if not digits:
        raise InputError(f"{what}: expected a number, got {shown(text)!r}", location)
    stripped = digits.lstrip("0") or "0"
    if len(stripped) > len(str(max(abs(maximum), abs(minimum)))):
        value = None
    else:
        value = int(stripped) * (-1 if digits is not text else 1)
    if value is None or value > maximum:
        if value is None and digits is not text:
            raise InputError(f"{what} {shown(text)} is too small (at least {minimum})", location)
        raise InputError(f"{what} {shown(text)} is too large (at most {maximum})", location)
    if value < minimum:
        raise InputError(f"{what} {shown(text)} is too small (at least {minimum})", location)
    return value
