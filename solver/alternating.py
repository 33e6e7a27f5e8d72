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

With `settle=True` the truth is that stronger one, the truth of the sound
mode of static safety: the owner must also be able to *settle* the claim --
force a position where every claimed stone is pass-alive, no attacker stone
stands on a claimed point, and every empty claimed point is a liberty of a
pass-alive stone of hers (area scoring then counts every claimed point
hers, whatever the attacker plays later).  A seki in a claimed region, or a
ko the owner can never finish, then refutes the claim.  This is a
reachability game for the owner (her attractor of the settled positions,
avoiding the broken ones) on the same graph of positions.

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

**Local fights** (`Arena`).  The scorer (`passalive.tools.settle`) asks the
same question of one area of a big board: the points that are not in any
pass-alive chain, enclosed by pass-alive chains (its *walls*).  The arena
restricts the moves to the area, lets either side move first, forbids a
side the points it must not play (the scorer forbids the prover its own walls' vital regions: a side that
never plays there keeps its pass-alive chains pass-alive, whatever the other
side does), never plays a move that captures a wall stone (the play outside
the area would change), and may exempt one side from the ko ban (as if it
had a ko threat for every ko: the strongest help the rest of the board can
give it).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from passalive.go.bitboard import Grid, Position, bits
from passalive.go.suicide import Suicide
from passalive.go.play import play_mask
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



@dataclass(frozen=True)
class Arena:
    """A local fight: where the moves are played and under which restrictions.

    `within` is the mask of points where either side may play (passes are
    always allowed); `avoid[colour]` the points that colour may not play;
    `walls` stones that no move may capture (a move that would is not
    played); `ko_exempt` the side the ko ban does not bind (None: both are
    bound); `first` the side that moves first (None: the attacker).
    """

    within: int
    avoid: tuple[tuple[Colour, int], ...] = ()
    walls: int = 0
    ko_exempt: Colour | None = None
    first: Colour | None = None

    def forbidden(self, colour: Colour) -> int:
        """The points `colour` may not play."""
        forbidden = 0
        for c, mask in self.avoid:
            if c is colour:
                forbidden |= mask
        return forbidden


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


def _ko_point(neighbours: tuple[int, ...], mine: int, theirs: int, captured: int, p: int) -> int:
    """The point the opponent may not play at once: a single stone (at p, with
    no stone of its own next to it) that just took a single stone, whose
    only liberty is that stone's point.  `mine`/`theirs` are after the move."""
    if captured & (captured - 1) or not captured:
        return -1
    near = neighbours[p]
    if near & mine or near & ~(mine | theirs) != captured:
        return -1
    return captured.bit_length() - 1


_CLOCK_EVERY = 1024
"""Positions expanded between two looks at the clock (a look costs about as much as one expansion)."""


def defend(
    grid: Grid,
    position: Position,
    owner: Colour,
    stones: int,
    territory: int = 0,
    budget: int = DEFAULT_BUDGET,
    arena: Arena | None = None,
    *,
    deadline: float | None = None,  # time.monotonic() past it: unknown, as past `budget` ("broken" says which)
    settle: bool = False,
) -> Verdict:
    """Can `owner` keep `stones` uncaptured and `territory` free of a living attacker chain?

    `stones` and `territory` are masks of points of `grid`; the attacker (the
    other colour) moves first unless `arena` says otherwise, and plays
    anywhere on the board unless `arena` restricts the fight to an area.
    With `settle`, she must also be able to settle the claim (pass-alive
    stones, the claimed points hers).  See the module's docstring for the
    rules.
    """
    attacker = owner.opponent
    region = arena.within if arena is not None else grid.full
    walls = arena.walls if arena is not None else 0
    exempt = arena.ko_exempt if arena is not None else None
    first = arena.first if arena is not None and arena.first is not None else attacker
    forbidden = {c: arena.forbidden(c) if arena is not None else 0 for c in (Colour.BLACK, Colour.WHITE)}
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

    def settled(black: int, white: int) -> bool:
        own = black if owner is Colour.BLACK else white
        opp = white if owner is Colour.BLACK else black
        if territory & opp:
            return False
        living = pass_alive_mask(grid, own, opp)
        if stones & ~living:
            return False
        loose = territory & ~(black | white) & ~grid.dilate(living)
        return not loose

    neighbours = grid.neighbours
    start = (position.black, position.white, first is attacker, -1)
    index = {start: 0}
    states = [start]
    # succ[u]: (v, p) for every move from state u: p the point played, -1 a pass
    succ: list[list[tuple[int, int]]] = []
    bad: list[str] = []
    done: list[bool] = []
    attacker_is_black = attacker is Colour.BLACK
    illegal = Suicide.ILLEGAL
    i = 0
    while i < len(states):
        if deadline is not None and i % _CLOCK_EVERY == 0 and time.monotonic() > deadline:
            return Verdict(None, (), f"the time ran out after {len(states)} positions", len(states))
        black, white, attacker_moves, ko = states[i]
        why = broken(black, white)
        bad.append(why)
        done.append(settle and not why and settled(black, white))
        moves: list[tuple[int, int]] = []
        if not why and not done[-1]:
            black_moves = attacker_moves is attacker_is_black
            mine, theirs = (black, white) if black_moves else (white, black)
            nxt = not attacker_moves
            mover = Colour.BLACK if black_moves else Colour.WHITE
            targets = [((black, white, nxt, -1), -1)]
            for p in bits(region & ~(black | white) & ~forbidden[mover]):
                if p == ko and mover is not exempt:
                    continue
                after = play_mask(neighbours, mine, theirs, p, illegal)
                if after is None:
                    continue
                mine2, theirs2, captured = after
                if captured & walls:
                    continue
                ban = _ko_point(neighbours, mine2, theirs2, captured, p) if captured else -1
                targets.append(((mine2, theirs2, nxt, ban) if black_moves else (theirs2, mine2, nxt, ban), p))
            for state, p in targets:
                j = index.get(state)
                if j is None:
                    if len(states) >= budget:
                        return Verdict(None, (), f"the state budget ran out: more than {budget} positions", len(states))
                    j = index[state] = len(states)
                    states.append(state)
                moves.append((j, p))
        succ.append(moves)
        i += 1

    n = len(states)
    preds: list[list[int]] = [[] for _ in range(n)]
    for u, moves in enumerate(succ):
        for v, _ in moves:
            preds[v].append(u)
    rank = _attractor(n, [u for u in range(n) if bad[u]], preds, succ, lambda u: states[u][2])
    if rank[0] >= 0:
        return _witness(0, rank, succ, states, bad, owner, attacker, n)
    if not settle:
        return Verdict(True, (), "", n)
    # the owner's attractor of the settled positions: she moves into it, every attacker move stays in it
    wins = _attractor(n, [u for u in range(n) if done[u]], preds, succ, lambda u: not states[u][2], rank)
    if wins[0] >= 0:
        return Verdict(True, (), "", n)
    line: list[Move] = []
    u, seen = 0, {0}
    while True:
        out = [(v, p) for v, p in succ[u] if wins[v] < 0]
        if not out:
            break
        v, p = out[0]  # passing first: the attacker keeps the claim unsettled, the owner cannot settle it
        line.append(Move(attacker if states[u][2] else owner, None if p < 0 else p))
        if v in seen:
            break
        seen.add(v)
        u = v
    return Verdict(False, tuple(line), "the owner can never settle the claim (a seki or an endless ko in it)", n)


def _attractor(
    n: int, targets: list[int], preds: list[list[int]], succ: list[list[tuple[int, int]]],
    chooses: Callable[[int], bool], excluded: list[int] | None = None,
) -> list[int]:
    """The attractor of `targets` for the player who `chooses` at a position: rank (moves to a target) or -1.

    At a position where she chooses, one successor in the attractor is
    enough; elsewhere every successor must be in it.  Positions `excluded`
    (a rank >= 0 there) never join.
    """
    remaining = [len(moves) for moves in succ]
    rank = [-1] * n
    queue = [u for u in targets if excluded is None or excluded[u] < 0]
    for u in queue:
        rank[u] = 0
    k = 0
    while k < len(queue):
        u = queue[k]
        k += 1
        for p in preds[u]:
            if rank[p] >= 0 or (excluded is not None and excluded[p] >= 0):
                continue
            if chooses(p):
                rank[p] = rank[u] + 1
                queue.append(p)
            else:
                remaining[p] -= 1
                if remaining[p] == 0:
                    rank[p] = rank[u] + 1
                    queue.append(p)
    return rank


def _witness(
    u: int, rank: list[int], succ: list[list[tuple[int, int]]], states: list[tuple[int, int, bool, int]],
    bad: list[str], owner: Colour, attacker: Colour, n: int,
) -> Verdict:
    """The attacker's fastest winning line against the owner's longest defence, from position `u`."""
    line: list[Move] = []
    while not bad[u]:
        won = [(rank[v], v, p) for v, p in succ[u] if rank[v] >= 0]
        if states[u][2]:
            _, u, p = min(won, key=lambda t: (t[0], t[2] < 0))
            line.append(Move(attacker, None if p < 0 else p))
        else:
            _, u, p = max(won, key=lambda t: (t[0], t[2] >= 0))
            line.append(Move(owner, None if p < 0 else p))
    return Verdict(False, tuple(line), bad[u], n)
