"""The game-level truth on small grids: an exhaustive, memoised attacker search on bit masks.

A chain is pass-alive when no sequence of moves by the attacker -- who plays
as often as it likes while the owner passes every turn -- captures it.  This
module decides that by exploring every position the attacker can reach,
with positions held as bit masks (see `passalive.tools.explore.enumerate`) so that the
millions of positions of an exhaustive 4×4 run can each be searched.  It is
an explicit-state search like the solver's, specialised to plain grids for
speed; the tests check that both agree.

The reachable positions: the owner's stones never change except by capture
(the owner only passes), so a position is the attacker's stones plus the set
of owner chains captured so far.  An attacker move on an empty point removes
the owner chains it leaves without liberties; if it captures nothing and its
own chain has no liberty, it is suicide:

* `Suicide.ILLEGAL`: the move is not allowed;
* `Suicide.MULTI`: a suicide of two or more stones removes the attacker's
  chain; a single-stone suicide is illegal;
* `Suicide.ALL`: a single-stone suicide is allowed too, but it removes the
  stone it placed and changes nothing, so it is the same as a pass.

Two reductions keep the search small, both exact:

* owner chains and owner regions (c-regions) form a graph by adjacency; the
  attacker's stones in one connected component never touch another (its
  chains lie inside one c-region, and a captured chain's points join regions
  of the same component), so each component is searched on its own, with
  moves only on its points;
* the search of a component stops as soon as every chain asked about has
  been captured.

Chains that the search could not decide within its budget of positions are
reported as unknown, never as alive.
"""

from __future__ import annotations

from dataclasses import dataclass

from passalive.go.board import Colour
from passalive.go.bitboard import Grid, Position, bits
from passalive.go.suicide import Suicide


@dataclass(frozen=True)
class AttackResult:
    """The attacker search's answer for the chains of one colour.

    `captured` maps each chain (its mask) shown capturable to the attacker's
    moves (point indices) that capture it; `alive` holds the chains no
    sequence captures; `unknown` those left undecided when the budget ran
    out.  `states` counts the positions visited.
    """

    captured: dict[int, tuple[int, ...]]
    alive: frozenset[int]
    unknown: frozenset[int]
    states: int


def _components(grid: Grid, own: int, chains: list[int]) -> list[tuple[int, list[int]]]:
    """The components of the chain–region graph: (points, chain indices) each."""
    regions = grid.components(grid.full & ~own)
    parent = list(range(len(chains) + len(regions)))

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for ri, region in enumerate(regions):
        near = grid.dilate(region)
        for ci, chain in enumerate(chains):
            if near & chain:
                parent[find(ci)] = find(len(chains) + ri)
    groups: dict[int, tuple[int, list[int]]] = {}
    for ci, chain in enumerate(chains):
        root = find(ci)
        points, members = groups.get(root, (0, []))
        groups[root] = (points | chain, members + [ci])
    for ri, region in enumerate(regions):
        root = find(len(chains) + ri)
        if root in groups:
            points, members = groups[root]
            groups[root] = (points | region, members)
    return list(groups.values())


def attack(
    grid: Grid,
    position: Position,
    colour: Colour,
    suicide: Suicide,
    targets: frozenset[int] | None = None,
    budget: int = 2_000_000,
) -> AttackResult:
    """Which chains of `colour` can the attacker capture?

    `targets` (chain masks) limits the question to those chains (default:
    all of them); `budget` bounds the positions visited per component.
    """
    own = position.stones(colour)
    opp = position.stones(colour.opponent)
    chains = grid.components(own)
    wanted = set(chains) if targets is None else set(targets) & set(chains)
    captured: dict[int, tuple[int, ...]] = {}
    alive: set[int] = set()
    unknown: set[int] = set()
    states = 0
    for points, members in _components(grid, own, chains):
        local = [chains[i] for i in members]
        goal = [i for i, c in enumerate(local) if c in wanted]
        if not goal:
            continue
        found, visited, complete = _search(grid, points, local, opp & points, goal, suicide, budget)
        states += visited
        for i in goal:
            if i in found:
                captured[local[i]] = found[i]
            elif complete:
                alive.add(local[i])
            else:
                unknown.add(local[i])
    return AttackResult(captured, frozenset(alive), frozenset(unknown), states)


def _search(
    grid: Grid,
    points: int,
    chains: list[int],
    attacker: int,
    goal: list[int],
    suicide: Suicide,
    budget: int,
) -> tuple[dict[int, tuple[int, ...]], int, bool]:
    """Explore the positions reachable in one component.

    Returns the witness of each goal chain captured, the number of positions
    visited, and whether the exploration was complete (every reachable
    position seen, or every goal chain captured).
    """
    n = grid.n
    full = grid.full
    dilate = grid.dilate
    flood = grid.flood
    neighbours = grid.neighbours
    outer = [dilate(c) & ~c for c in chains]
    # for each point, the chains it is a liberty (or attacker-held neighbour) of
    touching: list[list[int]] = [[] for _ in range(n)]
    for i, o in enumerate(outer):
        for p in bits(o):
            touching[p].append(i)
    pending = set(goal)
    found: dict[int, tuple[int, ...]] = {}
    own_all = sum(chains)

    start = attacker  # captured set 0
    parent: dict[int, tuple[int, int]] = {start: (-1, -1)}
    stack = [start]

    def witness(key: int) -> tuple[int, ...]:
        moves: list[int] = []
        while True:
            prev, move = parent[key]
            if prev < 0:
                return tuple(reversed(moves))
            moves.append(move)
            key = prev

    while stack:
        if len(parent) > budget:
            return found, len(parent), False
        key = stack.pop()
        a = key & full
        cap = key >> n
        own = own_all
        for i in bits(cap):
            own &= ~chains[i]
        empty = points & ~a & ~own
        # liberties of goal chains still on the board first: they are explored first
        urgent = 0
        for i in pending:
            if not cap >> i & 1:
                urgent |= outer[i]
        order = bits(empty & ~urgent) + bits(empty & urgent)
        for p in order:
            bit = 1 << p
            a2 = a | bit
            newly = 0
            for i in touching[p]:
                if not cap >> i & 1 and not outer[i] & ~a2:
                    newly |= 1 << i
            if newly:
                child = a2 | (cap | newly) << n
            elif neighbours[p] & empty:
                child = a2 | cap << n  # the new stone has a liberty of its own
            else:
                chain = flood(bit, a2)
                if dilate(chain) & empty & ~bit:
                    child = a2 | cap << n
                elif suicide is Suicide.ILLEGAL or chain == bit:
                    continue  # illegal, or (suicide=all) a single-stone suicide: a pass
                else:
                    child = (a2 & ~chain) | cap << n
            if child in parent:
                continue
            parent[child] = (key, p)
            stack.append(child)
            if newly:
                for i in bits(newly):
                    if i in pending:
                        pending.discard(i)
                        found[i] = witness(child)
                if not pending:
                    return found, len(parent), True
    return found, len(parent), True
