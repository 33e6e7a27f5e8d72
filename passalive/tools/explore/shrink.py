"""Shrinking a disagreement to a minimal board that still shows it.

A disagreement found on a random 9×9 position is hard to read; the same
disagreement on five stones of a 3×3 board is a theorem's counterexample.
`shrink` takes a position on which two sides of a comparison disagree and
repeatedly takes the smallest single step that keeps a disagreement of the
same kind (same colour, same side claiming the chain alive):

* cut off an edge row or column (the board gets smaller; chains left
  without a liberty are removed), or
* remove one stone,

choosing among the steps that work the one with the fewest stones, then the
smallest board.  It stops when no single step keeps the disagreement, so the
result is minimal in that sense: no stone can be removed and no edge line
cut off.  Disagreements that are only *unknown* on a smaller board do not
count: every step is decided by both sides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from passalive.go.bitboard import Grid, Position, bits


def crop(grid: Grid, position: Position, side: str) -> tuple[Grid, Position] | None:
    """The board with one edge line (`top`, `bottom`, `left`, `right`) cut off,
    chains left without a liberty removed; None when the board would vanish."""
    w, h = grid.width, grid.height
    if side in ("top", "bottom") and h == 1 or side in ("left", "right") and w == 1:
        return None
    if side in ("top", "bottom"):
        smaller = Grid(w, h - 1)
        keep = [(x, y) for y in range(h) for x in range(w) if (y != 0 if side == "top" else y != h - 1)]
    else:
        smaller = Grid(w - 1, h)
        keep = [(x, y) for y in range(h) for x in range(w) if (x != 0 if side == "left" else x != w - 1)]
    black = white = 0
    for i, (x, y) in enumerate(keep):
        bit = 1 << (y * w + x)
        if position.black & bit:
            black |= 1 << i
        elif position.white & bit:
            white |= 1 << i
    return smaller, smaller.without_dead(Position(black, white))


def steps(grid: Grid, position: Position) -> Iterator[tuple[Grid, Position]]:
    """Every single shrinking step, smallest result first (stones, then area)."""
    candidates: list[tuple[Grid, Position]] = []
    for side in ("top", "bottom", "left", "right"):
        cut = crop(grid, position, side)
        if cut is not None:
            candidates.append(cut)
    for p in bits(position.black | position.white):
        smaller = Position(position.black & ~(1 << p), position.white & ~(1 << p))
        if grid.legal(smaller):
            candidates.append((grid, smaller))
    candidates.sort(key=lambda c: (c[1].count, c[0].n))
    seen = set()
    for g, pos in candidates:
        key = (g.width, g.height, pos.black, pos.white)
        if key not in seen:
            seen.add(key)
            yield g, pos


Shows = Callable[[Grid, Position], bool]
"""Whether a board still shows the disagreement being shrunk."""


def shrink(grid: Grid, position: Position, shows: Shows, limit: int = 10_000) -> tuple[Grid, Position, int]:
    """The minimal board reached from (grid, position), and the number of
    candidate boards tried.  `shows` must hold for the start."""
    tried = 0
    while tried < limit:
        for g, pos in steps(grid, position):
            tried += 1
            if shows(g, pos):
                grid, position = g, pos
                break
        else:
            break
    grid, position = normal_form(grid, position)
    return grid, position, tried


def transposed(grid: Grid, position: Position) -> tuple[Grid, Position]:
    """The board mirrored in its main diagonal (W×H becomes H×W)."""
    other = Grid(grid.height, grid.width)
    black = white = 0
    for p in bits(position.black | position.white):
        x, y = p % grid.width, p // grid.width
        q = x * other.width + y
        if position.black >> p & 1:
            black |= 1 << q
        else:
            white |= 1 << q
    return other, Position(black, white)


def normal_form(grid: Grid, position: Position) -> tuple[Grid, Position]:
    """One representative of the board under symmetries and colour swap:
    at least as wide as high, then `Grid.canonical`.  Verdicts are invariant
    under these maps (with the colours exchanged along with the stones)."""
    if grid.height > grid.width:
        grid, position = transposed(grid, position)
    return grid, grid.canonical(position)
