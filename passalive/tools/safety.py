"""Static safety checked against alternating play, on plain full grids.

`check_claim` asks `passalive.solver.alternating` whether the owner can keep
everything static safety claims for her (its safe blocks uncaptured, its safe
regions free of a living attacker chain) when the attacker moves first;
`alternating_alive` gives the per-chain truth (each chain defended on its
own) that `explore --compare static-safety truth@alternating` and
`verify --alternating` use.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from passalive.definitions.static_safety import StaticSafety
from passalive.go.bitboard import Grid, Position, mask_of
from passalive.go.board import Board, Colour
from passalive.solver.alternating import DEFAULT_BUDGET, Verdict, defend


def check_claim(
    grid: Grid,
    position: Position,
    result: StaticSafety,
    colour: Colour,
    budget: int = DEFAULT_BUDGET,
    *,
    deadline: float | None = None,
    settle: bool = False,
) -> Verdict:
    """Whether the owner can keep the whole static-safety claim of `colour` under alternating play
    (unknown when `budget` positions or the time to `deadline` run out).

    With `settle`, also whether she can settle it (pass-alive stones, every
    claimed point hers: no seki, no endless ko; `passalive.solver.alternating`).
    """
    board = result.board
    stones = mask_of(frozenset(p for i in result.safe_chains(colour) for p in board.chains[i].points))
    return defend(grid, position, colour, stones, mask_of(result.territory(colour)), budget, deadline=deadline,
                  settle=settle)


def alternating_alive(
    grid: Grid, position: Position, board: Board, colour: Colour, budget: int = DEFAULT_BUDGET
) -> tuple[frozenset[int], frozenset[int], dict[int, Verdict]]:
    """Per chain of `colour` (as chain masks): safe under alternating play, unknown, and every verdict.

    A pass-alive chain holds without a search: the owner can always pass, and
    then no attacker sequence captures it (Benson's theorem).
    """
    from passalive.solver.alternating import pass_alive_mask

    alive, unknown = set(), set()
    verdicts: dict[int, Verdict] = {}
    benson = pass_alive_mask(grid, position.stones(colour), position.stones(colour.opponent))
    for chain in board.chains_of(colour):
        mask = mask_of(chain.points)
        if mask & benson:
            alive.add(mask)
            continue
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


def _plain_grid(board: Board) -> Grid:
    """The grid of a plain full board, or UsageError: the alternating search needs real edges everywhere."""
    from passalive.errors import UsageError

    if not board.is_plain_grid or board.open_sides or board.size is None:
        raise UsageError("the alternating-play search needs a whole rectangular board (no cut-out, holes or links)")
    return Grid(*board.size)


@dataclass(frozen=True)
class ChainClaim:
    """One chain's claim under a variant and the alternating-play truth for it
    (a record of `verify --alternating`, its JSON in this order)."""

    colour: str
    stones: list[str]
    claim: str
    """Either "safe" or "not safe"."""
    result: str
    """One of "holds", "refuted" or "unknown" (the search budget ran out)."""
    line: str
    """The attacker's winning line when refuted, else ""."""
    states: int
    contradicted: bool
    """The variant calls the chain safe and the attacker has a winning line."""
    why: str = ""
    """When unknown, what ran out: the state budget (`--budget`) or the time (`--timeout`)."""

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def alternating_report(
    board: Board, variant: str, budget: int = DEFAULT_BUDGET, deadline: float | None = None
) -> tuple[list[ChainClaim], list[str]]:
    """Every chain's claim under `variant` and the alternating-play truth for it, for `verify --alternating`.

    Returns one record per chain and one note per colour for static safety's
    whole claim (its safe blocks and safe regions together).  Each search
    stops at `budget` positions and every search at `deadline` (the clock of
    `time.monotonic()`): what is left is unknown, and says which ran out.
    """
    from passalive.definitions.analysis import analyse
    from passalive.definitions.static_safety import static_safety
    from passalive.go.board import STONE_COLOURS

    grid = _plain_grid(board)
    position = grid.position(board)
    result = analyse(board, variant=variant)
    records: list[ChainClaim] = []
    notes: list[str] = []
    for colour in STONE_COLOURS:
        claimed = result.alive(colour)
        for chain in board.chains_of(colour):
            verdict = defend(grid, position, colour, mask_of(chain.points), 0, budget, deadline=deadline)
            status = {True: "holds", False: "refuted", None: "unknown"}[verdict.holds]
            records.append(
                ChainClaim(
                    colour=colour.value,
                    stones=board.names(chain.points),
                    claim="safe" if chain.index in claimed else "not safe",
                    result=status,
                    line=line_text(board, verdict) if verdict.holds is False else "",
                    states=verdict.states,
                    contradicted=chain.index in claimed and verdict.holds is False,
                    why=verdict.broken if verdict.holds is None else "",
                )
            )
        if variant in ("static-safety", "static-safety-sound"):
            whole = static_safety(board, sound=variant == "static-safety-sound")
            if whole.safe[colour]:
                verdict = check_claim(grid, position, whole, colour, budget, deadline=deadline, settle=whole.sound)
                status = {True: "holds", False: "refuted", None: f"unknown ({verdict.broken})"}[verdict.holds]
                text = f"whole {colour.value} claim (safe blocks and safe regions): {status}"
                if verdict.holds is False:
                    text += f" -- {line_text(board, verdict)}: {verdict.broken}"
                notes.append(text)
    return records, notes
