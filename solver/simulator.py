"""The move simulator: the rules of Go for one-sided attacks, on any board graph.

passalive's solvers (`explicit`, `z3check`) answer one question: can the
attacker, playing move after move while the owner of some stones passes every
turn, capture any of those stones?  Whatever they answer with a capturing
sequence (a *witness*) is replayed here, by a small implementation of the
rules that shares nothing with the encodings, before anybody sees it.

The rules of one attacker move at an empty point p are passalive's one
capture rule, `passalive.go.play.play`, played on the game graph:

1. put an attacker stone on p;
2. remove every owner chain that now has no liberty (a capture);
3. if nothing was captured and the attacker chain through p has no liberty,
   the move is a suicide:

   * `Suicide.ILLEGAL` -- the move is not allowed;
   * `Suicide.MULTI`   -- a chain of two or more stones is removed; a single
     stone's suicide is not allowed;
   * `Suicide.ALL`     -- the chain is removed whatever its size.  A
     single-stone suicide then puts a stone and takes it away again: the
     position is exactly the one before the move, so it is a pass.  The
     attacker may pass anyway, so this move never gives it anything, which is
     why it cannot matter whether a rule set allows it.

The owner never moves, so owner stones are never added and attacker stones
are never captured (only removed by the attacker's own suicide).  Ko and
superko forbid *repeating* a position; in a one-sided sequence a position can
only come back through a suicide, and a sequence that returns to an earlier
position can be shortened by cutting out the loop, so a capturing sequence
that repeats no position exists whenever any does: the ko rules forbid
nothing the attacker needs.

Cut-out diagrams.  A diagram with an open side shows only part of a board.
The solvers play on a *game graph*: the board's points plus, when a side is
open, three virtual points that stand for the unseen continuation:

* the *wall*, an attacker stone adjacent to every point along the open
  sides, with
* a liberty of its own that nobody may fill, so attacker stones along the
  cut are never captured and never commit suicide, and
* the *outside* point, empty, adjacent to the wall and to every point along
  the cut: the owner's liberty beyond the cut, which the attacker may fill
  (a move named `out`).

Owner chains along the cut thus have one shared liberty beyond it, which the
attacker can take at any time: the most hostile continuation this model
knows (a chain drawn without a visible liberty is captured by `out`).
Virtual points never appear on a diagram.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from passalive.go.board import Board, Colour
from passalive.go.play import play as play_stone
from passalive.go.suicide import Suicide

EMPTY, ATTACKER, OWNER = 0, 1, 2
"""The three states of a point in a simulator position (a `bytes` of them)."""

PASS = None
"""A pass in a move sequence."""

Move = int | None


class WitnessError(AssertionError):
    """A solver's witness failed to replay: a bug in passalive, never a result."""


@dataclass(frozen=True)
class Game:
    """The graph an attack is played on, and who plays it.

    `adjacency` covers the board's points (ids 0..n-1, `n = board_points`)
    and, for a cut-out, the wall (id n), the wall's liberty (id n+1) and the
    outside point (id n+2).
    `start` is the initial position, one state per point.
    """

    board: Board
    owner: Colour
    adjacency: tuple[tuple[int, ...], ...]
    board_points: int
    start: bytes

    @classmethod
    def of(cls, board: Board, owner: Colour) -> Game:
        """The game in which `owner`'s stones are attacked by the other colour."""
        attacker = owner.opponent
        n = len(board.points)
        adjacency = [list(a) for a in board.adjacency]
        states = [
            OWNER if p.colour is owner else ATTACKER if p.colour is attacker else EMPTY
            for p in board.points
        ]
        open_points = sorted(board.open_points)
        if open_points:
            wall, liberty, outside = n, n + 1, n + 2
            adjacency.append(open_points + [liberty, outside])
            adjacency.append([wall])
            adjacency.append(open_points + [wall])
            for p in open_points:
                adjacency[p] += [wall, outside]
            states += [ATTACKER, EMPTY, EMPTY]
        return cls(
            board=board,
            owner=owner,
            adjacency=tuple(tuple(a) for a in adjacency),
            board_points=n,
            start=bytes(states),
        )

    @property
    def size(self) -> int:
        """The number of points of the game graph, virtual ones included."""
        return len(self.adjacency)

    @property
    def outside(self) -> int | None:
        """The virtual outside point of a cut-out (playable by the attacker), else None."""
        return self.board_points + 2 if self.size > self.board_points else None

    @property
    def moves(self) -> range | list[int]:
        """The points an attacker may play: the board's, and the outside point of a cut-out."""
        if self.outside is None:
            return range(self.board_points)
        return [*range(self.board_points), self.outside]

    def playable(self, p: int) -> bool:
        """Whether the attacker may play at p (a board point or the outside point)."""
        return 0 <= p < self.board_points or p == self.outside


@dataclass(frozen=True)
class Outcome:
    """A legal move's result: the new position, owner stones captured, attacker stones lost."""

    position: bytes
    captured: frozenset[int]
    suicided: frozenset[int]


def play(game: Game, position: bytes, p: int, suicide: Suicide) -> Outcome | None:
    """Play an attacker stone at p; None when the move is illegal.

    Illegal: p is not an empty point of the board, or the move is a suicide
    the rule set does not allow (see the module docstring).
    """
    if not game.playable(p) or position[p] != EMPTY:
        return None
    board = bytearray(position)
    played = play_stone(board, game.adjacency, p, ATTACKER, EMPTY, suicide)
    if played is None:
        return None
    return Outcome(bytes(board), played.captured, played.suicided)


def legal_moves(game: Game, position: bytes, suicide: Suicide) -> list[tuple[int, Outcome]]:
    """Every legal attacker move with its outcome, in point order."""
    result = []
    for p in game.moves:
        if position[p] == EMPTY:
            outcome = play(game, position, p, suicide)
            if outcome is not None:
                result.append((p, outcome))
    return result


@dataclass(frozen=True)
class Replay:
    """A replayed sequence: the positions after each move and what each captured."""

    moves: tuple[Move, ...]
    positions: tuple[bytes, ...]
    captured: tuple[frozenset[int], ...]
    suicided: tuple[frozenset[int], ...]

    @property
    def final(self) -> bytes:
        """The position after the last move."""
        return self.positions[-1]


def replay(game: Game, moves: Sequence[Move], suicide: Suicide) -> Replay:
    """Play a sequence of attacker moves (None = pass); WitnessError if one is illegal."""
    position = game.start
    positions = [position]
    captured: list[frozenset[int]] = []
    suicided: list[frozenset[int]] = []
    for i, move in enumerate(moves):
        if move is PASS:
            captured.append(frozenset())
            suicided.append(frozenset())
        else:
            outcome = play(game, position, move, suicide)
            if outcome is None:
                where = name(game, move)
                raise WitnessError(f"move {i + 1} at {where} is illegal ({suicide.value} suicide)")
            position = outcome.position
            captured.append(outcome.captured)
            suicided.append(outcome.suicided)
        positions.append(position)
    return Replay(tuple(moves), tuple(positions), tuple(captured), tuple(suicided))


def captured_targets(game: Game, position: bytes, targets: Iterable[int]) -> frozenset[int]:
    """The chains (board chain indices) among `targets` with a stone no longer on the board."""
    chains = game.board.chains
    return frozenset(c for c in targets if any(position[p] != OWNER for p in chains[c].points))


def check_witness(
    game: Game, moves: Sequence[Move], suicide: Suicide, targets: Iterable[int]
) -> tuple[Replay, frozenset[int]]:
    """Replay a claimed capturing sequence and return it with the target chains it captures.

    Raises WitnessError when a move is illegal or no target stone is captured:
    a solver that produces such a witness is wrong, and its answer must not be
    shown.
    """
    result = replay(game, moves, suicide)
    targets = tuple(targets)
    hit: set[int] = set()
    for position in result.positions:
        hit |= captured_targets(game, position, targets)
    if not hit:
        raise WitnessError(
            f"the sequence {' '.join(name(game, m) for m in moves)} captures none of the chains"
        )
    return result, frozenset(hit)


def name(game: Game, move: Move) -> str:
    """A move's name: `pass`, `out` (beyond the cut) or the point's GTP (or `col:row`) name."""
    if move is PASS:
        return "pass"
    if move == game.outside:
        return "out"
    if 0 <= move < game.board_points:
        return game.board.name(move)
    return f"#{move}"
