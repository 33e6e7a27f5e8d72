"""Static safety checked against alternating play, on plain full grids.

`check_claim` asks `passalive.solver.alternating` whether the owner can keep
everything static safety claims for her (its safe blocks uncaptured, its safe
regions free of a living attacker chain) when the attacker moves first;
`alternating_alive` gives the per-chain truth (each chain defended on its
own) that `explore --compare static-safety truth@alternating` and
`verify --alternating` use.
"""

from __future__ import annotations

from passalive.definitions.static_safety import StaticSafety
from passalive.go.bitboard import Grid, Position
from passalive.go.board import Board, Colour
from passalive.solver.alternating import DEFAULT_BUDGET, Verdict, defend


def _mask(points: frozenset[int]) -> int:
    return sum(1 << p for p in points)


def check_claim(grid: Grid, position: Position, result: StaticSafety, colour: Colour, budget: int = DEFAULT_BUDGET) -> Verdict:
    """Whether the owner can keep the whole static-safety claim of `colour` under alternating play."""
    board = result.board
    stones = _mask(frozenset(p for i in result.safe_chains(colour) for p in board.chains[i].points))
    return defend(grid, position, colour, stones, _mask(result.territory(colour)), budget)


def alternating_alive(
    grid: Grid, position: Position, board: Board, colour: Colour, budget: int = DEFAULT_BUDGET
) -> tuple[frozenset[int], frozenset[int], dict[int, Verdict]]:
    """Per chain of `colour` (as chain masks): safe under alternating play, unknown, and every verdict."""
    alive, unknown = set(), set()
    verdicts: dict[int, Verdict] = {}
    for chain in board.chains_of(colour):
        mask = _mask(chain.points)
        verdict = defend(grid, position, colour, mask, 0, budget)
        verdicts[mask] = verdict
        if verdict.holds is True:
            alive.add(mask)
        elif verdict.holds is None:
            unknown.add(mask)
    return frozenset(alive), frozenset(unknown), verdicts


def line_text(board: Board, verdict: Verdict) -> str:
    """The witness line as `B C3, W pass, ...`."""
    return ", ".join(
        f"{m.colour.value[0].upper()} {board.name(m.point) if m.point is not None else 'pass'}" for m in verdict.line
    )


def describe_refutation(grid: Grid, position: Position, colour: Colour, verdict: Verdict) -> str:
    """A refuted claim: the position, whose claim, the attacker's line and what it broke."""
    board = grid.board(position)
    rows = grid.text(position)
    return f"REFUTED {colour.value} claim on\n{rows}\n  line: {line_text(board, verdict)}\n  {verdict.broken}"
