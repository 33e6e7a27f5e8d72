"""The territory conventions that come with a whole status map, and the switches each takes: one list.

An EXPECT line names them (`territory=katago,unsafe-big-territories`,
`passalive.go.markup`) and the definitions compute them (`AreaMode`'s switches
in `passalive.definitions.area`).  The reader of EXPECT lines may not import the
definitions (the layers of docs/architecture.md), so the names both need live
here, beneath both: no more than names, no Go and no computation.
"""

from __future__ import annotations

from collections.abc import Mapping

__all__ = ["KATAGO_CONVENTIONS", "STATUS_SWITCHES", "switch_flag"]

KATAGO_CONVENTIONS = ("katago", "katago-strict")
"""The territory conventions whose status map is KataGo's `calculateArea` (`analyse --territory`)."""

STATUS_SWITCHES: Mapping[str, tuple[str, ...]] = {
    "katago": ("unsafe_big_territories", "non_pass_alive_stones"),
    "katago-strict": ("unsafe_big_territories", "non_pass_alive_stones"),
    "independent-life": ("keep_territories", "keep_stones"),
    "unconditional": (),
}
"""The conventions with a whole status map, and the switches each has a use for, by the names of
`AreaMode`'s fields (`safe_big_territories` is the convention's own choice, never a switch of it)."""


def switch_flag(switch: str) -> str:
    """A switch as a flag is written (`unsafe_big_territories`: `unsafe-big-territories`, as in an
    EXPECT line's `territory=` and, after `--`, on the command line)."""
    return switch.replace("_", "-")
