"""GoGui's own channels in `passalive gtp`: the `param` settings dialog and `gogui-setup`.

GoGui (https://github.com/Remi-Coulom/gogui) shows an analyze command of
type `param` as a dialog: the engine answers the bare command with one line
per setting, `[list/a/b/c] key value` (or `[bool]`, `[string]`), and GoGui
sends `command key value` for each setting the user changed
(`net.sf.gogui.gtp.AnalyzeUtil`).  passalive's one such command,
`passalive-param`, chooses what every analysis command uses (`SETTINGS`),
instead of one analyze entry per variant and suicide rule.

When a position is set up in GoGui (stones placed, not played), GoGui sends
`gogui-setup B A1 W B2 ...` and `gogui-setup_player b|w` to an engine that
lists them (`net.sf.gogui.gtp.GtpSynchronizer`); `read_setup` reads the
first.

The settings are a frozen `Settings`; `changed` gives the settings after
one `key value`, checked as a whole (a variant must be defined for the
pass-alive suicide rule), so the engine never holds a choice that cannot run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from passalive.definitions.analysis import TERRITORY_CONVENTIONS, resolve_variant
from passalive.definitions.variants import VARIANTS
from passalive.errors import PassaliveError
from passalive.go.board import Colour
from passalive.go.suicide import Suicide
from passalive.tools.gtp_analyze import OWNERSHIP_SOURCES, PERSPECTIVES

DEFAULT = "default"
"""The `variant` value that lets the pass-alive suicide rule choose (casting-out, or suicide when suicide is legal)."""
SAME = "same"
"""The `pass_alive_suicide` value that takes the rule of play (`suicide`)."""
RULES = tuple(rule.value for rule in Suicide)


class SettingError(ValueError):
    """A setting that does not exist or a value it cannot take; the message is the `?` response."""


@dataclass(frozen=True)
class Settings:
    """What the analyses of `passalive gtp` use.

    `suicide` is the rule of play (which moves `play` accepts);
    `pass_alive_suicide` the rule the pass-alive analysis assumes (None: the
    same), as KataGo's `alwaysComputePassAliveUnderSuicideRules` separates
    them; `variant` None is the default for that rule; `ownership` which
    statuses `kata-analyze` reports, `perspective` whose points are +1.
    """

    suicide: Suicide = Suicide.ILLEGAL
    pass_alive_suicide: Suicide | None = None
    variant: str | None = None
    territory: str = "healthy"
    ownership: str = "pass-alive"
    perspective: str = "to-move"

    @property
    def analysis_suicide(self) -> Suicide:
        """The suicide rule of the pass-alive analysis."""
        return self.pass_alive_suicide or self.suicide

    def values(self) -> dict[str, str]:
        """Every setting as GoGui shows it."""
        return {
            "variant": self.variant or DEFAULT,
            "suicide": self.suicide.value,
            "pass_alive_suicide": self.pass_alive_suicide.value if self.pass_alive_suicide else SAME,
            "territory": self.territory,
            "ownership": self.ownership,
            "ownership_perspective": self.perspective,
        }

    def check(self) -> Settings:
        """These settings, or a SettingError when the variant is not defined for the pass-alive suicide rule."""
        try:
            resolve_variant(self.variant, self.analysis_suicide)
        except PassaliveError as error:
            raise SettingError(f"{error.message} (pass-alive suicide rule {self.analysis_suicide.value})") from None
        return self


SETTINGS: dict[str, tuple[str, ...]] = {
    "variant": (DEFAULT, *VARIANTS),
    "suicide": RULES,
    "pass_alive_suicide": (SAME, *RULES),
    "territory": tuple(TERRITORY_CONVENTIONS),
    "ownership": OWNERSHIP_SOURCES,
    "ownership_perspective": PERSPECTIVES,
}
"""Each setting and the values it takes, in the order GoGui's dialog lists them."""


def param_lines(settings: Settings) -> str:
    """The answer to the bare `param` command: `[list/a/b] key value` per setting."""
    values = settings.values()
    return "\n".join(f"[list/{'/'.join(choices)}] {key} {values[key]}" for key, choices in SETTINGS.items())


def changed(settings: Settings, key: str, value: str) -> Settings:
    """The settings after `key value` (GoGui's `param` reply), checked; SettingError if not possible."""
    if key not in SETTINGS:
        raise SettingError(f"unknown setting {key[:40]!r}; known: {', '.join(SETTINGS)}")
    if value not in SETTINGS[key]:
        raise SettingError(f"{key}: {value[:40]!r} is not one of {', '.join(SETTINGS[key])}")
    if key == "variant":
        new = replace(settings, variant=None if value == DEFAULT else value)
    elif key == "suicide":
        new = replace(settings, suicide=Suicide.parse(value))
    elif key == "pass_alive_suicide":
        new = replace(settings, pass_alive_suicide=None if value == SAME else Suicide.parse(value))
    elif key == "territory":
        new = replace(settings, territory=value)
    elif key == "ownership":
        new = replace(settings, ownership=value)
    else:
        new = replace(settings, perspective=value)
    return new.check()


def read_setup(args: Sequence[str]) -> list[tuple[Colour, str]]:
    """`gogui-setup`'s arguments, `B A1 W B2 ...`, as (colour, vertex word) pairs; SettingError when malformed.

    The caller reads the vertices, as `play` reads them.
    """
    if len(args) % 2:
        raise SettingError("expected colour and point pairs such as B A1 W B2")
    colours = {"b": Colour.BLACK, "black": Colour.BLACK, "w": Colour.WHITE, "white": Colour.WHITE}
    pairs = []
    for word, point in zip(args[::2], args[1::2], strict=True):
        colour = colours.get(word.lower())
        if colour is None:
            raise SettingError(f"invalid color {word[:40]!r}")
        pairs.append((colour, point))
    return pairs


__all__ = ["DEFAULT", "SAME", "SETTINGS", "SettingError", "Settings", "changed", "param_lines", "read_setup"]
