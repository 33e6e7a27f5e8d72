"""Which points of an analysis go into which layer of a picture or which SGF mark.

Shared by the pictures (`figures`), the SGF marks (`sgf_marks`) and the
check report (`html_report`), in its own module so that none of them
imports another for it.
"""

from __future__ import annotations

from passalive.definitions.analysis import Analysis
from passalive.go.board import STONE_COLOURS
from passalive.output.svg import Layers

VITAL_VARIANTS = frozenset({"benson", "wikipedia"})
"""Variants whose definition counts *vital* rather than *healthy* regions."""


def analysis_layers(result: Analysis) -> Layers:
    """Pass-alive stones, territory per colour, and the regions the pass-alive chains count.

    The counted regions come from the variant's explanation (`Analysis.trace`);
    a variant that gives none shows no regions.  Only the regions' empty
    points are washed, so a dead stone inside stays visible.
    """
    board = result.board
    alive = frozenset().union(*(result.alive_points(c) for c in STONE_COLOURS))
    territory = {c: result.territory(c) for c in STONE_COLOURS}
    healthy: set[int] = set()
    for colour in STONE_COLOURS:
        trace = result.trace(colour)
        if trace is None:
            continue
        regions = board.regions(colour)
        for fate in trace.fates.values():
            if fate.alive:
                for i in fate.regions:
                    if 0 <= i < len(regions):
                        healthy |= regions[i].empty
    word = "vital" if result.variant in VITAL_VARIANTS else "healthy"
    return Layers(alive=alive, territory=territory, healthy=frozenset(healthy), healthy_word=word)
