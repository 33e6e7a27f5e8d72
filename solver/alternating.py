"""The truth under alternating play: can the owner keep a claim if she answers every attack?

Pass-alive is a one-player question (the owner only passes).  Safety in the
sense of Müller's static rules is a two-player one: the attacker moves first,
then the players alternate, each may pass, and the owner wins if she can go
on forever without the claim ever breaking.  A *claim* of the owner c is

* a set of her stones (whole chains) that must never be captured, and
* a set of points (her safe regions) where the attacker must never have a
  *living* chain: an attacker chain with a stone in those points that is
  pass-alive (Benson: it cannot be captured even if the attacker passes from
  then on).  A seki inside the region is therefore not counted as living;
  that is the one way this truth is weaker than "the region is territory".

The game is the ordinary one on a full rectangular board: captures,
suicide illegal, and the basic ko rule (a single stone that just captured a
single stone cannot be taken back at once).  A position repeated is not a
loss for anyone; the owner wins every infinite play (her claim never broke).

The search is exhaustive: every position reachable from the start (with the
player to move and the ko ban) is built, up to a budget of states, and the
attacker's winning positions are computed as a least fixed point (an
attractor): a position where the claim is broken is won; the attacker wins
where one of her moves reaches a won position, and where every answer of the
owner (passing included) does.  When the budget runs out the answer is
*unknown*, never *holds*.  When the claim does not hold, the attacker's
fastest winning line against the owner's longest defence is the witness.
"""

from __future__ import annotations

from dataclasses import dataclass

from passalive.go.bitboard import Grid, Position, bits
from passalive.go.board import grid_adjacency
from passalive.go.suicide import Suicide
from passalive.go.play import play as play_move
from passalive.go.board import Colour

DEFAULT_BUDGET = 300_000
"""States explored before the answer is *unknown*."""


@dataclass(frozen=True)
class Move:
    """One move of a witness line: the colour and the point (None: a pass)."""

    colour: Colour
    point: int | None


@dataclass(frozen=True)
class Verdict:
    """Whether the owner can keep a claim under alternating play, the attacker moving first.

    `holds` is True (the owner has a strategy that never breaks the claim),
    False (the attacker has a winning line, `line`, which ends in the
    position where `broken` says what broke) or None (the budget of states
    ran out: unknown).  `states` counts the positions built.
    """

    holds: bool | None
    line: tuple[Move, ...]
    broken: str
    states: int



def play(grid: Grid, position: Position, colour: Colour, p: int) -> Position | None:
    """The position after `colour` plays at the empty point p, by the one capture
    rule (`passalive.go.play`); None when the move is a suicide (illegal here)."""
    states = bytearray(grid.n)
    for q in bits(position.black):
        states[q] = 1
    for q in bits(position.white):
        states[q] = 2
    stone = 1 if colour is Colour.BLACK else 2
    if play_move(states, grid_adjacency(grid.width, grid.height), p, stone, 0, Suicide.ILLEGAL) is None:
        return None
    black = sum(1 << q for q, s in enumerate(states) if s == 1)
    white = sum(1 << q for q, s in enumerate(states) if s == 2)
    return Position(black, white)

def pass_alive_mask(grid: Grid, mine: int, theirs: int) -> int:
    """The stones of `mine` that are pass-alive by Benson's casting-out on a full grid."""
    full = grid.full
    empty = full & ~(mine | theirs)
    chains = grid.components(mine)
    regions = grid.components(full & ~mine)
    near = [grid.dilate(ch) for ch in chains]
    # healthy[r] = chains for which region r is healthy; touching[r] = chains next to it
    healthy: list[list[int]] = []
    touching: list[list[int]] = []
    for region in regions:
        reach = grid.dilate(region)
        touching.append([i for i, ch in enumerate(chains) if ch & reach])
        healthy.append([i for i in touching[-1] if not (region & empty) & ~near[i]])
    alive = set(range(len(chains)))
    while True:
        counting = [all(i in alive for i in touching[r]) for r in range(len(regions))]
        gone = {i for i in alive if sum(1 for r in range(len(regions)) if counting[r] and i in healthy[r]) < 2}
        if not gone:
            break
        alive -= gone
    result = 0
    for i in alive:
        result |= chains[i]
    return result


def _ko_point(grid: Grid, before: Position, after: Position, colour: Colour, p: int) -> int:
    """The point the opponent may not play at once: a single stone taking back a single stone."""
    opp = colour.opponent
    taken = before.stones(opp) & ~after.stones(opp)
    if taken.bit_count() != 1:
        return -1
    own = after.stones(colour)
    if grid.neighbours[p] & own:
        return -1
    liberties = grid.neighbours[p] & grid.full & ~(own | after.stones(opp))
    if liberties != taken:
        return -1
    return taken.bit_length() - 1


def defend(
    grid: Grid,
    position: Position,
    owner: Colour,
    stones: int,
    territory: int = 0,
    budget: int = DEFAULT_BUDGET,
) -> Verdict:
    """Can `owner` keep `stones` uncaptured and `territory` free of a living attacker chain?

    `stones` and `territory` are masks of points of `grid`; the attacker (the
    other colour) moves first.  See the module's docstring for the rules.
    """
    attacker = owner.opponent
    if stones & ~position.stones(owner):
        raise ValueError("the claimed stones must be stones of the owner")

    def broken(black: int, white: int) -> str:
        own = black if owner is Colour.BLACK else white
        opp = white if owner is Colour.BLACK else black
        if stones & ~own:
            return "a claimed stone was captured"
        if territory and opp & territory:
            living = pass_alive_mask(grid, opp, own)
            if living & territory:
                return "the attacker has a pass-alive chain in the claimed territory"
        return ""

    start = (position.black, position.white, True, -1)
    index = {start: 0}
    states = [start]
    succ: list[list[tuple[int, Move]]] = []
    bad: list[str] = []
    i = 0
    while i < len(states):
        black, white, attacker_moves, ko = states[i]
        why = broken(black, white)
        bad.append(why)
        moves: list[tuple[int, Move]] = []
        if not why:
            colour = attacker if attacker_moves else owner
            here = Position(black, white)
            empty = grid.full & ~(black | white)
            targets: list[tuple[tuple[int, int, bool, int], Move]] = [((black, white, not attacker_moves, -1), Move(colour, None))]
            for p in bits(empty):
                if p == ko:
                    continue
                after = play(grid, here, colour, p)
                if after is None:
                    continue
                targets.append(((after.black, after.white, not attacker_moves, _ko_point(grid, here, after, colour, p)), Move(colour, p)))
            for state, move in targets:
                j = index.get(state)
                if j is None:
                    if len(states) >= budget:
                        return Verdict(None, (), f"more than {budget} positions: unknown", len(states))
                    j = index[state] = len(states)
                    states.append(state)
                moves.append((j, move))
        succ.append(moves)
        i += 1

    n = len(states)
    preds: list[list[int]] = [[] for _ in range(n)]
    for u, moves in enumerate(succ):
        for v, _ in moves:
            preds[v].append(u)
    remaining = [len(moves) for moves in succ]
    rank = [-1] * n
    queue = [u for u in range(n) if bad[u]]
    for u in queue:
        rank[u] = 0
    k = 0
    while k < len(queue):
        u = queue[k]
        k += 1
        for p in preds[u]:
            if rank[p] >= 0:
                continue
            if states[p][2]:
                rank[p] = rank[u] + 1
                queue.append(p)
            else:
                remaining[p] -= 1
                if remaining[p] == 0:
                    rank[p] = rank[u] + 1
                    queue.append(p)
    if rank[0] < 0:
        return Verdict(True, (), "", n)
    line: list[Move] = []
    u = 0
    while not bad[u]:
        won = [(rank[v], v, move) for v, move in succ[u] if rank[v] >= 0]
        if states[u][2]:
            _, u, move = min(won, key=lambda t: (t[0], t[2].point is None))
        else:
            _, u, move = max(won, key=lambda t: (t[0], t[2].point is not None))
        line.append(move)
    return Verdict(False, tuple(line), bad[u], n)
