"""The rule choices that change what pass-alive means: whether suicide is legal.

With suicide illegal (Japanese, Chinese, AGA rules) Benson's theorem holds.
Some rule sets (New Zealand, Tromp–Taylor, KataGo's default) let a player
remove their own chain of two or more stones by playing on its last liberty;
single-stone suicide is then usually still illegal, and where it is legal it
removes the stone it places, which changes no position, i.e. it is a pass.
"""

from __future__ import annotations

import enum


class Suicide(enum.Enum):
    """Which suicides are legal moves."""

    ILLEGAL = "no"
    """No suicide: a move that leaves its own chain without liberties is illegal."""

    MULTI = "multi"
    """Multi-stone suicide is legal: the mover's chain of two or more stones is removed."""

    ALL = "all"
    """Every suicide is legal, a single stone's too (it then acts as a pass)."""

    @classmethod
    def parse(cls, text: Suicide | str) -> Suicide:
        """A rule from its name (`no`, `multi` or `all`) or a rule itself."""
        if isinstance(text, Suicide):
            return text
        for rule in cls:
            if rule.value == text.strip().lower():
                return rule
        from passalive.errors import InputError

        raise InputError(f"expected a suicide rule (no, multi or all), got {text!r}")
