"""Game-level proofs of GNU Go's unconditional statuses where the game can refute them.

* A **dead** chain comes with a capturing sequence: moves by the other colour
  while the chain's owner passes, replayed move by move by the solver's
  simulator (`passalive.solver.simulator.check_witness`), which refuses an
  illegal move or a sequence that captures nothing.
* An **unconditional territory** claim of colour c is checked by exploring
  every position the opponent can reach by playing as many moves as it likes
  (c passing) on the empty and opponent points of the c-region around the
  claimed points (and on points its captures free there): the claim holds
  when in none of them a chain of the opponent with a stone in that region
  is pass-alive (casting-out).  The exploration is exhaustive, so it is only
  made for small regions; larger ones are *unknown*, never *verified*.

`capturing_sequence` is the one place that asks the solver for a capture, so
that it can be switched to another oracle.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from passalive.definitions.direct import Geometry, casting_out
from passalive.definitions.unconditional import Status, unconditional_status
from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide
from passalive.solver.simulator import ATTACKER, EMPTY, OWNER, Game, WitnessError, check_witness, play

MAX_REGION = 12
"""The largest region (points) whose territory claim is explored exhaustively."""


@dataclass(frozen=True)
class DeadProof:
    """A dead chain and a replayed capture of it (`moves` by the other colour, the owner passing)."""

    chain: int
    moves: tuple[int, ...] | None
    replayed: bool


@dataclass(frozen=True)
class TerritoryCheck:
    """A territory claim on one region: True (holds), False (refuted, with the opponent's stones), None (too big)."""

    colour: Colour
    points: frozenset[int]
    holds: bool | None
    refutation: frozenset[int] = frozenset()


def _chain_at(game: Game, position: bytes, start: int) -> set[int]:
    """The owner's stones connected to `start` in `position`."""
    stones, frontier = {start}, [start]
    while frontier:
        for q in game.adjacency[frontier.pop()]:
            if position[q] == OWNER and q not in stones:
                stones.add(q)
                frontier.append(q)
    return stones


def _greedy_capture(game: Game, target: Sequence[int]) -> tuple[int, ...] | None:
    """Fill the target's liberties, first legal one first, until it is captured (or no liberty can be filled)."""
    position = game.start
    moves: list[int] = []
    for _ in range(game.board_points):
        if any(position[p] != OWNER for p in target):
            return tuple(moves)
        stones = _chain_at(game, position, target[0])
        liberties = sorted({q for p in stones for q in game.adjacency[p] if position[q] == EMPTY})
        for q in liberties:
            outcome = play(game, position, q, Suicide.ILLEGAL)
            if outcome is not None:
                position = outcome.position
                moves.append(q)
                break
        else:
            return None
    return None


def capturing_sequence(board: Board, chain: int, budget: int = 200_000) -> tuple[int, ...] | None:
    """Moves by the other colour, the owner passing, that capture the chain; None if none was found.

    Fills liberties greedily first; if that gets stuck, asks the solver's
    attacker search (`passalive.solver.attack`) on a plain grid.
    """
    target = board.chains[chain]
    game = Game.of(board, target.colour)
    moves = _greedy_capture(game, sorted(target.points))
    if moves is not None:
        return moves
    if not board.is_plain_grid:
        return None
    from passalive.go.bitboard import Grid, Position
    from passalive.solver.attack import attack

    assert board.size is not None, "a grid board"
    width, height = board.size
    black = sum(1 << p for p in board.stones(Colour.BLACK))
    white = sum(1 << p for p in board.stones(Colour.WHITE))
    mask = sum(1 << p for p in target.points)
    result = attack(Grid(width, height), Position(black, white), target.colour, Suicide.ILLEGAL, frozenset({mask}), budget)
    return result.captured.get(mask)


def prove_dead(board: Board, statuses: Sequence[Status] | None = None) -> list[DeadProof]:
    """For every chain GNU Go calls dead, a capture replayed by the simulator."""
    statuses = statuses if statuses is not None else unconditional_status(board)
    proofs = []
    for chain in board.chains:
        if statuses[min(chain.points)] is not Status.DEAD:
            continue
        moves = capturing_sequence(board, chain.index)
        replayed = False
        if moves is not None:
            try:
                check_witness(Game.of(board, chain.colour), moves, Suicide.ILLEGAL, [chain.index])
                replayed = True
            except WitnessError:
                replayed = False
        proofs.append(DeadProof(chain.index, moves, replayed))
    return proofs


def _c_region(board: Board, colour: Colour, start: int) -> frozenset[int]:
    """The connected points around `start` that are not `colour`."""
    colours = board.colours
    seen = {start}
    todo = [start]
    while todo:
        p = todo.pop()
        for q in board.adjacency[p]:
            if q not in seen and colours[q] is not colour:
                seen.add(q)
                todo.append(q)
    return frozenset(seen)


def territory_holds(board: Board, colour: Colour, region: frozenset[int], max_states: int = 50_000) -> tuple[bool | None, frozenset[int]]:
    """Whether the opponent can never get a pass-alive chain in `region` (c passing); None when too big.

    Returns the verdict and, when refuted, the opponent's stones of the position that refutes it.
    """
    if len(region) > MAX_REGION:
        return None, frozenset()
    game = Game.of(board, colour)  # colour owns, the opponent attacks
    opponent = colour.opponent
    seen = {game.start}
    todo = [game.start]
    while todo:
        position = todo.pop()
        colours = {p: (opponent if v == ATTACKER else colour if v == OWNER else Colour.EMPTY) for p, v in enumerate(position[: game.board_points])}
        current = board.with_colours(colours)
        alive = casting_out(Geometry.of(current), opponent).stones
        geometry = Geometry.of(current)
        if any(p in region for p in geometry.points(alive)):
            return False, frozenset(p for p in region if position[p] == ATTACKER)
        playable = {p for p in region if position[p] == EMPTY}
        playable |= {q for p in region for q in game.adjacency[p] if q < game.board_points and position[q] == EMPTY and board.colours[q] is colour}
        for p in sorted(playable):
            outcome = play(game, position, p, Suicide.ILLEGAL)
            if outcome is not None and outcome.position not in seen:
                if len(seen) >= max_states:
                    return None, frozenset()
                seen.add(outcome.position)
                todo.append(outcome.position)
    return True, frozenset()


def check_territories(board: Board, statuses: Sequence[Status] | None = None) -> list[TerritoryCheck]:
    """Each region holding GNU Go's territory claims of one colour, explored where small enough."""
    statuses = statuses if statuses is not None else unconditional_status(board)
    checks = []
    for colour, word in ((Colour.BLACK, Status.BLACK_TERRITORY), (Colour.WHITE, Status.WHITE_TERRITORY)):
        done: set[int] = set()
        for p, status in enumerate(statuses):
            if status is not word or p in done:
                continue
            region = _c_region(board, colour, p)
            done |= region
            holds, refutation = territory_holds(board, colour, region)
            checks.append(TerritoryCheck(colour, frozenset(q for q in region if statuses[q] is word), holds, refutation))
    return checks
