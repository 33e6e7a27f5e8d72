"""Pass-alive territory: the regions a colour's pass-alive chains own for good.

Given the pass-alive chains of a colour, its territory is made of whole
c-regions (their empty points and the opponent stones in them, which are
dead).  A region that reaches an open side of a cut-out, or borders a c-chain
that is not pass-alive, is never territory.  Which of the other regions count
is a convention (`TERRITORY_CONVENTIONS`); `territory_points` computes each in
Python, and the rule programs `rules/territory.dl` and `rules/katago-area.dl`
state the same (`passalive.definitions.facts.territory_by_rules`); the tests
check that both agree.
"""

from __future__ import annotations

from collections.abc import Mapping

from passalive.definitions.statuses import STATUS_TERRITORIES, status_territory
from passalive.definitions.variants import unhealthy_points
from passalive.errors import UsageError
from passalive.go.board import STONE_COLOURS, Board, Chain, Colour, Region
from passalive.go.suicide import Suicide

TERRITORY_CONVENTIONS: Mapping[str, str] = {
    "healthy": "c-regions healthy for a pass-alive chain and enclosed only by pass-alive chains (default)",
    "katago": "KataGo's pass-alive area: at most one point touching no c stone, or no opponent stone at all, "
    "with every bordering chain pass-alive",
    **STATUS_TERRITORIES,
    "katago-strict": "KataGo's pass-alive territory without its 'safe big territories': at most one point "
    "touching no c stone, every bordering chain pass-alive",
}


def check_convention(convention: str) -> None:
    """Refuse an unknown territory convention with a UsageError."""
    if convention not in TERRITORY_CONVENTIONS:
        raise UsageError(f"unknown territory convention {convention!r}; known: {', '.join(TERRITORY_CONVENTIONS)}")


def territory_points(
    board: Board, colour: Colour, alive_chains: frozenset[int], convention: str, suicide: Suicide
) -> frozenset[int]:
    """The points of `colour`'s pass-alive territory, given its pass-alive chains.

    * `healthy` (ours): the region is healthy for at least one of its
      pass-alive chains (every empty point adjacent to it; with suicide legal,
      every point).  Each empty point is then a liberty of a chain that can
      never be captured, so the opponent can never fill the region, and any
      opponent stone in it can always be captured by filling the empty points.
    * `katago`: the region has an empty point, borders c, and either at most
      one of its points touches no c stone or it holds no opponent stone.
    * `katago-strict`: as `katago` without the second alternative.
    """
    check_convention(convention)
    if convention in STATUS_TERRITORIES:
        return status_territory(board, colour, convention, suicide, "direct")
    chains = board.chains
    colours = board.colours
    result: set[int] = set()
    for region in board.regions(colour):
        if region.open or not region.chains or not region.chains <= alive_chains:
            continue
        if _territory_region(board, region, convention, suicide, chains, colours):
            result.update(region.points)
    return frozenset(result)


def _territory_region(
    board: Board,
    region: Region,
    convention: str,
    suicide: Suicide,
    chains: tuple[Chain, ...],
    colours: tuple[Colour, ...],
) -> bool:
    """Whether one closed c-region, bordered only by pass-alive chains, is territory."""
    c = region.colour
    if convention == "healthy":
        all_points = suicide is not Suicide.ILLEGAL
        return any(not unhealthy_points(board, region, chains[i], all_points) for i in region.chains)
    if not region.empty:
        return False
    internal = sum(1 for p in region.points if not any(colours[q] is c for q in board.adjacency[p]))
    if internal <= 1:
        return True
    return convention == "katago" and all(colours[p] is Colour.EMPTY for p in region.points)


def territory(
    board: Board, alive: Mapping[Colour, frozenset[int]], convention: str, suicide: Suicide, engine: str = "direct"
) -> dict[Colour, frozenset[int]]:
    """Both colours' territory given their pass-alive chains: by `territory_points`
    (`engine="direct"`) or by the convention's rule program (`engine="rules"`)."""
    check_convention(convention)
    if convention in STATUS_TERRITORIES:
        return {c: status_territory(board, c, convention, suicide, engine) for c in STONE_COLOURS}
    if engine == "rules":
        from passalive.definitions.facts import territory_by_rules

        return territory_by_rules(board, alive, convention, suicide)
    return {c: territory_points(board, c, alive[c], convention, suicide) for c in STONE_COLOURS}
