"""How objects show themselves in Jupyter: a registry of SVG painters.

The picture code lives in a higher layer (`passalive.output.svg`, with
`passalive.tools.figures` choosing what to draw), and a layer may not import
the ones above it.  So `Board`, `Analysis` and `Verification` ask this
registry in their `_repr_svg_`, and `passalive.tools.figures` registers its
painters when it is imported.  `import passalive` does not import it (the
command line would pay for the SVG code on every run): it registers a loader
instead, called the first time a picture is asked for.  Without a painter,
`_repr_svg_` returns None and Jupyter shows the short `repr`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_PAINTERS: dict[str, Callable[[Any], str]] = {}
_LOADERS: list[Callable[[], object]] = []


def _name(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def register_svg(kind: type | str, painter: Callable[[Any], str]) -> None:
    """Draw objects of `kind` (a class, or its dotted name so that registering
    imports nothing heavy) and its subclasses with `painter` in notebooks."""
    _PAINTERS[kind if isinstance(kind, str) else _name(kind)] = painter


def register_loader(loader: Callable[[], object]) -> None:
    """Call `loader` (which registers painters) the first time a picture is asked for."""
    _LOADERS.append(loader)


def svg_of(item: object) -> str | None:
    """The SVG picture of `item`, or None when no painter is registered or it cannot be drawn."""
    while _LOADERS:
        _LOADERS.pop()()
    for kind in type(item).__mro__:
        painter = _PAINTERS.get(_name(kind))
        if painter is not None:
            try:
                return painter(item)
            except ValueError:  # e.g. a bare graph, which has no grid to draw
                return None
    return None


__all__ = ["register_loader", "register_svg", "svg_of"]
