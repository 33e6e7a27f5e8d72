"""Static safety's steps in Fuego's order, for both colours: `static_safety(board)`.

GoSafetySolver::FindSafePoints (Müller 1997's static rules): step 1 and 2
per colour (`regions`, `chains`), step 3 (`alive`), step 4 (`two_vital`)
for each colour, then step 5 (`surrounded`) for black and then white,
since steps 4 and 5 depend on what the other colour has proved.
"""

from __future__ import annotations

from passalive.definitions.static_safety.alive import test_alive
from passalive.definitions.static_safety.chains import merge_chains
from passalive.definitions.static_safety.geometry import Geo
from passalive.definitions.static_safety.regions import add_safe, find_blocks, find_side
from passalive.definitions.static_safety.result import Points, StaticSafety, Step
from passalive.definitions.static_safety.surrounded import surrounded_areas
from passalive.definitions.static_safety.two_vital import is_2vital
from passalive.go.board import STONE_COLOURS, Board, Colour


class SafetyCache:
    """The static-safety results of one board, owned by whoever asks it several questions.

    An analysis asks for both colours' safe blocks, then their territory and
    traces, and every answer comes from one computation of both colours
    (steps 4 and 5 need the other colour's), so `analyse` keeps one of these
    per analysis (`passalive.definitions.variants.Variant.on`).  It is the
    one mutable object here, and no module holds one: a result lives as long
    as its owner, and a caller that passes none computes afresh.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self._results: dict[bool, StaticSafety] = {}

    def result(self, sound: bool) -> StaticSafety:
        """The result for this board in the mode asked, computed on the first question."""
        found = self._results.get(sound)
        if found is None:
            found = self._results[sound] = compute(self.board, sound=sound)
        return found


def static_safety(board: Board, sound: bool = False, cache: SafetyCache | None = None) -> StaticSafety:
    """The statically safe points of both colours (see the package's docstring).

    `sound` leaves out Fuego's rules that the game refutes (the protected
    cuts of step 1, the vital-point count of the nakade test): the variant
    `static-safety-sound`.  `cache`, when it is this board's, keeps the
    result for the next question; without one the result is computed.
    """
    if cache is not None and cache.board is board:
        return cache.result(sound)
    return compute(board, sound=sound)


def compute(board: Board, sound: bool = False) -> StaticSafety:
    """Every step for both colours, uncached."""
    geo = Geo(board)
    blocks = find_blocks(geo)
    safe: dict[Colour, int] = {c: 0 for c in STONE_COLOURS}
    steps: list[tuple[Colour, str, int, frozenset[int], str, frozenset[int]]] = []
    sides = {c: find_side(geo, c, blocks[c], sound) for c in STONE_COLOURS}
    for c in STONE_COLOURS:
        side = sides[c]
        chains, around = merge_chains(geo, side)
        for chain_blocks, pts in test_alive(geo, side, chains, around):
            stones = 0
            for b in side.blocks:
                if b.index in chain_blocks:
                    stones |= b.stones
            safe[c] |= stones | pts
            steps.append((c, "alive", pts, chain_blocks, "two healthy or 1-vital regions for each chain of its group", frozenset()))
    for c in STONE_COLOURS:
        side = sides[c]
        any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
        for r in side.multi:  # a one-point region has no two liberties to share: never 2-vital
            if r.points & any_safe:
                continue
            if is_2vital(geo, r, side.near):
                made = add_safe(geo, side, safe, c, r.points)
                steps.append((c, "2-vital", r.points, made, "a 2-vital region: two intersection points", frozenset()))
                any_safe = safe[Colour.BLACK] | safe[Colour.WHITE]
    for c in STONE_COLOURS:
        surrounded_areas(geo, sides[c], sides[c.opponent], c, safe, steps)
    ids = geo.ids
    block_stones: dict[Colour, int] = dict.fromkeys(STONE_COLOURS, 0)  # of the safe blocks
    for c, rule, pts, made, note, inner in steps:
        for b in sides[c].blocks:
            if b.index in made and b.index not in inner:
                block_stones[c] |= b.stones
    return StaticSafety(
        board,
        Points(safe, ids),
        tuple(Step(c, rule, ids(pts), made, note, inner) for c, rule, pts, made, note, inner in steps),
        sound,
        Points({c: safe[c] & ~block_stones[c] for c in STONE_COLOURS}, ids),
    )
