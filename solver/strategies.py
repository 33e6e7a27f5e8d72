"""Quick ways to settle a chain without a full search, each exact where it answers.

* `greedy_capture`: fill the chain's liberties, outside ones first -- finds
  the capture of most dead stones at once; failing proves nothing.
* `certificate` and `suicide_capture`: with suicide legal, docs/solver.md
  (section 4) proves that a chain is never captured exactly when it is in the
  largest set of chains each with two regions all of whose points are its
  neighbours and all of whose chains are in the set, and gives a strategy
  that captures every other chain.
* `open_fills`: without suicide, the liberties that lie in a region with a
  point next to no owner stone can all be filled first (docs/solver.md,
  "Filling the open regions first"): a capture exists after them exactly
  when one exists before.

Every sequence returned here is replayed by the move simulator.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide
from passalive.solver.csp import closed_subset
from passalive.solver.simulator import EMPTY, OWNER, Game, Move, Outcome, WitnessError, check_witness, play
from passalive.solver.simulator import name as move_name


def greedy_capture(
    board: Board,
    owner: Colour,
    chain: int,
    suicide: Suicide,
    limit: int | None = None,
    game: Game | None = None,
    deadline: float | None = None,
) -> tuple[Move, ...] | None:
    """A quick try at capturing one chain: fill its liberties, outside ones first.

    Returns a replayed capturing sequence, or None if this simple order does
    not capture it, or not before `deadline` (a `time.monotonic()` value),
    which proves nothing.  `game`: `Game.of(board, owner)`, made once by a
    caller that tries many chains of one board.
    """
    game = game if game is not None else Game.of(board, owner)
    points = board.chains[chain].points
    position = game.start
    moves: list[int] = []
    limit = limit if limit is not None else len(board.points)
    for _ in range(limit):
        if deadline is not None and time.monotonic() >= deadline:
            return None
        liberties = sorted(
            {q for p in points for q in game.adjacency[p] if position[q] == EMPTY and game.playable(q)},
            key=lambda q: (-sum(1 for r in game.adjacency[q] if position[r] == EMPTY), q),
        )
        for q in liberties:
            outcome = play(game, position, q, suicide)
            if outcome is None or outcome.suicided:
                continue
            moves.append(q)
            position = outcome.position
            break
        else:
            return None
        if any(position[p] != OWNER for p in points):
            check_witness(game, moves, suicide, [chain])
            return tuple(moves)
    return None


def certificate(board: Board, owner: Colour) -> frozenset[int]:
    """The chains the suicide certificate proves never captured when suicide is legal:
    the largest set whose chains each have two regions of neighbours (stones
    included) bordered only by chains of the set (docs/solver.md, section 4)."""
    every = frozenset(c.index for c in board.chains_of(owner))
    return closed_subset(board, owner, every, all_points=True)


def benson_set(board: Board, owner: Colour) -> frozenset[int]:
    """The chains Benson's theorem proves pass-alive when suicide is illegal: the
    largest set whose chains each have two regions all of whose empty points
    are its liberties, bordered only by chains of the set."""
    every = frozenset(c.index for c in board.chains_of(owner))
    return closed_subset(board, owner, every, all_points=False)


# ------------------------------------------------------------- suicide legal


@dataclass
class _Attack:
    """An attack in progress: the position reached and the moves played."""

    game: Game
    suicide: Suicide
    position: bytes
    moves: list[int] = field(default_factory=list)

    def move(self, p: int) -> Outcome:
        """Play p (it must be legal: the strategy only plays legal moves)."""
        outcome = play(self.game, self.position, p, self.suicide)
        if outcome is None:
            raise WitnessError(f"the suicide strategy made an illegal move at {move_name(self.game, p)}")
        self.moves.append(p)
        self.position = outcome.position
        return outcome

    def live_chains(self, board: Board, owner: Colour) -> list[int]:
        """The owner chains not yet captured."""
        return [c.index for c in board.chains_of(owner) if all(self.position[p] == OWNER for p in c.points)]

    def components(self) -> list[frozenset[int]]:
        """The maximal connected sets of non-owner points of the current position."""
        game, position = self.game, self.position
        seen: set[int] = set()
        result = []
        for s in range(game.size):
            if position[s] == OWNER or s in seen:
                continue
            comp = {s}
            stack = [s]
            while stack:
                q = stack.pop()
                for r in game.adjacency[q]:
                    if position[r] != OWNER and r not in comp:
                        comp.add(r)
                        stack.append(r)
            seen |= comp
            result.append(frozenset(comp))
        return result


def _plan(attack: _Attack, board: Board, order: list[int], comps: list[frozenset[int]]) -> tuple[frozenset[int], int] | None:
    """The first chain of `order` with at most one component made only of its
    neighbours: its non-owner neighbours and the point to fill last."""
    game, position = attack.game, attack.position
    for c in order:
        near = frozenset(q for p in board.chains[c].points for q in game.adjacency[p] if position[q] != OWNER)
        inside = [k for k in comps if k <= near]
        if near and len(inside) <= 1:
            pool = inside[0] if inside else near
            empty = [q for q in pool if position[q] == EMPTY and game.playable(q)]
            return near, (min(empty) if empty else min(pool))
    return None


def _empty_blocked_components(attack: _Attack, comps: list[frozenset[int]], fill: frozenset[int]) -> bool:
    """Empty, by a suicide, every component that filling `fill` would leave
    without an empty point; True when a move on the way captured."""
    for k in comps:
        if not k & fill:
            continue
        if any(attack.position[q] == EMPTY for q in k - fill):
            continue
        for q in sorted(k):
            if attack.position[q] == EMPTY:
                outcome = attack.move(q)
                if outcome.captured:
                    return True
                if outcome.suicided:
                    break
    return False


def _fill_all_but_last(attack: _Attack, fill: frozenset[int]) -> bool:
    """Fill the chain's neighbours but the last one; True when a move captured."""
    for q in sorted(fill):
        if attack.position[q] == EMPTY and attack.move(q).captured:
            return True
    return False


def suicide_capture(board: Board, owner: Colour, chain: int, suicide: Suicide) -> tuple[Move, ...] | None:
    """A capturing sequence for one chain when suicide is legal, built by the
    strategy of the proof in docs/solver.md; None when the strategy finds the
    chain uncapturable (it then has two regions no attacker stone can fill).

    Repeatedly: pick the target if it has at most one region all of whose
    points are its neighbours (else any other owner chain that has), empty by
    a suicide every region whose only free points would be filled, fill the
    chain's neighbours but one, and fill that one to capture.  A capture on
    the way changes the regions, and the plan is made again.
    """
    if suicide is Suicide.ILLEGAL:
        raise ValueError("the strategy needs suicide to be legal")
    game = Game.of(board, owner)
    attack = _Attack(game, suicide, game.start)
    for _ in range(4 * len(board.chains) + 4):
        live = attack.live_chains(board, owner)
        if chain not in live:
            check_witness(game, attack.moves, suicide, [chain])
            return tuple(attack.moves)
        comps = attack.components()
        plan = _plan(attack, board, [chain] + [c for c in live if c != chain], comps)
        if plan is None:
            return None
        near, last = plan
        fill = near - {last}
        if _empty_blocked_components(attack, comps, fill) or _fill_all_but_last(attack, fill):
            continue  # a capture changed the regions: plan again
        attack.move(last)
    return None


# ------------------------------------------------------------- suicide illegal


def open_fills(board: Board, owner: Colour) -> tuple[int, ...]:
    """The owner chains' liberties in *open* regions: regions with an empty point
    next to no owner stone, which no useful attacker move ever fills, so every
    move in them stays legal.  Without suicide they can all be filled first
    (docs/solver.md, "Filling the open regions first"), in point order."""
    colours = board.colours
    fills: list[int] = []
    for region in board.regions(owner):
        if region.open:
            opened = True
        else:
            opened = any(all(colours[q] is not owner for q in board.adjacency[p]) for p in region.empty)
        if not opened:
            continue
        fills += [p for p in region.empty if any(colours[q] is owner for q in board.adjacency[p])]
    return tuple(sorted(fills))
