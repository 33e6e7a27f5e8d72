"""passalive's best judgement of which chains of a finished position are dead.

A heuristic, never a proof: the scorer uses it only for the chains that no
proof settles (pass-alive, pass-dead, search, record or user marks), and
labels it a judgement.  The method reads the final position's regions and
eye space, as a player counting a finished game would:

1. **Regions of a colour.**  For a colour c, a *c-region* is a maximal
   connected set of points without c stones (Benson's word): the empty
   points and opponent (o) stones that c's stones fence off.
2. **Groups and their eyes.**  o's chains are joined into *groups* when
   they border one empty region that only o stones border (a shared eye or
   territory), or share two liberties (miai: no cut).  An empty region that
   only o stones border is an *eye* of o: one eye when it has one to three
   points (or is a 2x2 square: one shape, one eye), two when it is larger;
   a one-point eye with opponent stones on two of its diagonals (one on the
   edge) is false and counts nothing.
3. **Enclosed.**  A c-region is *enclosed* by c when no o group inside it
   has two eyes: nothing inside can live on its own, and nothing inside can
   run out, since c's stones fence the whole region.  When a living o group
   is inside too, the weak o groups that cannot reach it through points at
   least as near o's stones as c's (the distance counted in steps through
   empty points) are enclosed on their own, in the part they reach, when
   that part has at most `ROOM` empty points nearer o, or lies in a larger
   zone of points nearer c (a territory whose wall has a gap: the part and
   the zone are enclosed together).  c's chains that border the enclosed
   part form its *wall*.
4. **Room.**  An enclosed part where more empty points lie nearer o's
   stones than c's (and more than `ROOM`) is o's open area, not c's: the
   groups in it live.  A wall without two eyes yet that reaches more than
   `WALL_ROOM` empty points nearer its own stones (through such points and
   its own stones) has room for two eyes and counts as having them.
5. **The race.**  An o group with fewer than two eyes inside a region that
   c encloses is dead when c's wall wins the race to capture: the wall has
   two eyes, or at least as many eyes as the group and more liberties (the
   union of the liberties of the wall's groups).  A neighbour of the group
   whose every liberty is one of the group's, and which does not win on its
   own, shares the group's fate: a seki, both alive.
6. **Innermost first.**  The groups judged dead in the smallest enclosed
   region (then with the fewest liberties) are removed first and everything
   is read again; groups in other regions go in the same round unless one
   is part of the other's wall (two of one rank, each in the other's wall,
   both wait: no tie is broken by where the stones stand).  A dead stone removed from a territory makes
   that territory an eye of its owner, which settles the next group.  A
   round removes at least one group, so the rounds end.

Chains the caller already knows (`known`: proofs, marks) keep their status:
a known dead chain is removed before the first round, a known alive one is
never judged dead.  Pass-alive chains (Benson) are known alive, and stones
standing in the opponent's pass-alive territory known dead, whatever
`known` says of other chains.  The result does not depend on where a shape
stands on the board or on which colour plays it: every step is defined on
the board graph and treats the colours alike (tested by rotations,
reflections and the colour swap).

Over 600 lines: the reading (regions, groups, eyes, room, the race) is one pass over one
position, repeated innermost first; its helpers share that reading's structures.
"""

from __future__ import annotations


from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from passalive.definitions.analysis import analyse
from passalive.go.board import STONE_COLOURS, Board, Colour, label_chains
from passalive.go.suicide import Suicide
from passalive.go.union_find import UnionFind

__all__ = ["Source", "WALL_ROOM", "ROOM", "DEFAULT_ROUNDS", "Judgement", "judge", "dead_stones"]

Source = Literal["known", "theorem", "heuristic"]
"""How a verdict is known: the caller said so, Benson's theorem (pass-alive, pass-dead), or this module's reading."""

HEURISTIC: Source = "heuristic"

ROOM = 5
"""The most empty points nearer a group than the opponent's stones for which a group inside a region
that holds a living group of its colour, but apart from it, is still read as enclosed (too little room
for two eyes)."""

WALL_ROOM = 8
"""A wall without two eyes yet that has more empty points nearer it than the opponent's stones (reached
through such points) can make two eyes there: it counts as two eyes in the race."""

DEFAULT_ROUNDS = 200
"""How many rounds of removal `judge` reads at most (each round removes at least one group)."""


@dataclass(frozen=True)
class Judgement:
    """passalive's judgement of one chain of a finished position.

    `stones` are the chain's points (Board point ids); `dead` the verdict;
    `reason` says why in a few words (`known` when the caller settled it,
    `pass-alive`, or the eye and liberty counts the race was read from);
    `source` how it is known: `known`, `theorem` (Benson's pass-alive and
    pass-dead) or `heuristic` (this module's reading, never a proof); `seki`
    whether it lives in a seki (it shares its liberties with an opponent
    chain that cannot take them first either), as a judgement too.
    """

    stones: frozenset[int]
    colour: Colour
    dead: bool
    reason: str
    source: Source = "heuristic"
    seki: bool = False


def judge(
    board: Board,
    *,
    suicide: Suicide = Suicide.ILLEGAL,
    known: Mapping[int, bool] | None = None,
    rounds: int = DEFAULT_ROUNDS,
) -> tuple[Judgement, ...]:
    """One `Judgement` per chain of `board`, in the order of `board.chains`.

    `known` maps a stone (any point of a chain) to dead=True/False for
    chains already settled; `suicide` is the rule of the pass-alive analysis
    that settles chains by theorem; `rounds` bounds the rounds of removal
    (the chains still undecided when it runs out are judged alive, with a
    reason that says so).  Deterministic and pure.
    """
    chains = board.chains
    known_dead: set[int] = set()
    known_alive: set[int] = set()
    for p, dead in (known or {}).items():
        index = board.chain_of(p)
        (known_dead if dead else known_alive).add(index)
    analysis = analyse(board, suicide=suicide)
    benson_alive = {i for c in STONE_COLOURS for i in analysis.alive(c)}
    colours = board.colours
    benson_dead = _pass_dead(board, benson_alive, suicide)
    fixed_alive = (known_alive | benson_alive) - known_dead
    fixed_dead = (known_dead | benson_dead) - known_alive
    reasons: dict[int, tuple[bool, str, Source]] = {}
    for i in fixed_dead:
        if i in known_dead:
            reasons[i] = (True, "known dead", "known")
        else:
            reasons[i] = (True, "pass-dead: in the opponent's pass-alive territory", "theorem")
    for i in fixed_alive:
        reasons[i] = (False, "known alive", "known") if i in known_alive else (False, "pass-alive", "theorem")

    protected = frozenset(p for i in fixed_alive for p in chains[i].points)
    removed = {p for i in fixed_dead for p in chains[i].points}
    position = list(colours)
    for p in removed:
        position[p] = Colour.EMPTY
    adjacency = board.adjacency
    reading = _read(adjacency, position, protected, board.open_points, board.name)
    for _ in range(rounds):
        if not reading.dead:
            break
        for stones, why in reading.dead:
            for p in stones:
                position[p] = Colour.EMPTY
            for i in {board.chain_of(p) for p in stones}:
                reasons[i] = (True, why, HEURISTIC)
        reading = _read(adjacency, position, protected, board.open_points, board.name)
    lives: dict[int, str] = {}
    for p, why in reading.alive.items():
        lives[board.chain_of(p)] = why
    in_seki = {board.chain_of(p) for p in reading.seki}
    result = []
    for chain in chains:
        if chain.index in reasons:
            dead, why, source = reasons[chain.index]
        else:
            dead, source = False, HEURISTIC
            why = lives.get(chain.index, "not judged dead")
            if reading.dead:
                why = f"out of rounds ({rounds}): not read to the end"
        seki = not dead and source == HEURISTIC and chain.index in in_seki and not reading.dead
        result.append(Judgement(chain.points, chain.colour, dead, why, source, seki))
    return tuple(result)


def _pass_dead(board: Board, alive: set[int], suicide: Suicide) -> set[int]:
    """The chains standing in the opponent's pass-alive territory (the `healthy` convention of
    `passalive.definitions.territory`): a closed c-region bordered only by pass-alive c chains,
    every empty point of which (every point, with suicide legal) is next to one of them."""
    if not alive:
        return set()
    adjacency = board.adjacency
    colours = board.colours
    open_points = board.open_points
    every_point = suicide is not Suicide.ILLEGAL
    dead: set[int] = set()
    for c in STONE_COLOURS:
        regions = _components(adjacency, [col is not c for col in colours])
        for points in regions:
            inner = {board.chain_of(p) for p in points if colours[p] is not Colour.EMPTY}
            if not inner or any(p in open_points for p in points):
                continue
            walls = {board.chain_of(q) for p in points for q in adjacency[p] if colours[q] is c}
            if not walls or not walls <= alive:
                continue
            needed = points if every_point else [p for p in points if colours[p] is Colour.EMPTY]
            if any(all(any(q in board.chains[w].points for q in adjacency[p]) for p in needed) for w in walls):
                dead |= inner
    return dead


def dead_stones(
    board: Board, *, suicide: Suicide = Suicide.ILLEGAL, known: Mapping[int, bool] | None = None
) -> frozenset[int]:
    """Every stone `judge` finds dead."""
    judgements = judge(board, suicide=suicide, known=known)
    return frozenset(p for j in judgements if j.dead for p in j.stones)


# ------------------------------------------------------------------ reading


@dataclass
class _Chain:
    colour: Colour
    points: list[int]
    liberties: set[int]


def _components(adjacency: Sequence[Sequence[int]], members: Sequence[bool]) -> list[list[int]]:
    """Connected components of the points where `members` is true."""
    label = [-1] * len(members)
    parts: list[list[int]] = []
    for start, inside in enumerate(members):
        if not inside or label[start] >= 0:
            continue
        label[start] = len(parts)
        part = [start]
        for p in part:
            for q in adjacency[p]:
                if members[q] and label[q] < 0:
                    label[q] = len(parts)
                    part.append(q)
        parts.append(part)
    return parts


def _chains(adjacency: Sequence[Sequence[int]], position: Sequence[Colour]) -> tuple[list[int], list[_Chain]]:
    label, members, liberties = label_chains(adjacency, position)
    return label, [_Chain(position[points[0]], points, libs) for points, libs in zip(members, liberties)]


def _diagonals(adjacency: Sequence[Sequence[int]], p: int) -> list[int]:
    """Points two steps from p through two different neighbours (the diagonal points of a grid)."""
    around = set(adjacency[p])
    counts: dict[int, int] = {}
    for q in adjacency[p]:
        for r in adjacency[q]:
            if r != p and r not in around:
                counts[r] = counts.get(r, 0) + 1
    return [r for r, k in counts.items() if k >= 2]


def _is_square(adjacency: Sequence[Sequence[int]], points: Sequence[int]) -> bool:
    """Four points each next to exactly two of the others: the 2x2 square."""
    members = set(points)
    return len(points) == 4 and all(sum(1 for q in adjacency[p] if q in members) == 2 for p in points)


def _eye_value(
    adjacency: Sequence[Sequence[int]], position: Sequence[Colour], points: Sequence[int], owner: Colour
) -> int:
    """Eyes an empty region that only `owner` borders gives: 0 (false), 1 or 2."""
    if len(points) == 1:
        p = points[0]
        diagonals = _diagonals(adjacency, p)
        opponents = sum(1 for d in diagonals if position[d] is owner.opponent)
        edge = len(adjacency[p]) < 4
        return 0 if opponents >= (1 if edge else 2) else 1
    if len(points) <= 3 or _is_square(adjacency, points):
        return 1
    return 2


@dataclass(frozen=True)
class _Reading:
    """One round's reading: the groups to remove now (stones, reason), and why each other group lives."""

    dead: list[tuple[list[int], str]]
    alive: dict[int, str]
    """A stone of each chain not removed -> why it lives (for the chains left at the end)."""
    seki: frozenset[int]
    """A stone of each chain read as living in seki."""


Found = tuple[tuple[int, int], list[int], str, list[int]]
"""A group judged dead: (rank: region size and liberties, its stones, the reason, its enclosed region)."""


@dataclass(frozen=True)
class _Groups:
    """The chains of a position, joined into groups, and each group's eyes."""

    chain_at: list[int]
    chains: list[_Chain]
    root: list[int]
    """Each chain's group (the index of its first chain)."""
    members: dict[int, list[int]]
    eyes: dict[int, int]

    def stones(self, g: int) -> list[int]:
        return [p for i in self.members[g] for p in self.chains[i].points]

    def liberties(self, g: int) -> set[int]:
        return set().union(*(self.chains[i].liberties for i in self.members[g]))

    def at(self, p: int) -> int:
        """The group of the stone on p."""
        return self.root[self.chain_at[p]]


def _groups(adjacency: Sequence[Sequence[int]], position: Sequence[Colour]) -> _Groups:
    """Chains joined by an empty region only they border, or by two shared liberties; eyes per group."""
    chain_at, chains = _chains(adjacency, position)
    regions = _components(adjacency, [c is Colour.EMPTY for c in position])
    union = UnionFind(len(chains))
    owned: list[tuple[list[int], set[int], Colour]] = []
    for points in regions:
        around = {chain_at[q] for p in points for q in adjacency[p] if chain_at[q] >= 0}
        colours_around = {chains[i].colour for i in around}
        if len(colours_around) == 1:
            owned.append((points, around, colours_around.pop()))
            first = min(around)
            for i in around:
                union.union(first, i)
    _join_by_liberties(chains, chain_at, adjacency, union)
    root = [union.find(i) for i in range(len(chains))]
    eyes: dict[int, int] = {}
    for points, around, colour in owned:
        g = root[min(around)]
        eyes[g] = eyes.get(g, 0) + _eye_value(adjacency, position, points, colour)
    members: dict[int, list[int]] = {}
    for i, g in enumerate(root):
        members.setdefault(g, []).append(i)
    return _Groups(chain_at, chains, root, members, eyes)


def _read(
    adjacency: Sequence[Sequence[int]],
    position: Sequence[Colour],
    protected: frozenset[int],
    open_points: frozenset[int],
    name: Callable[[int], str],
) -> _Reading:
    """One round: the innermost groups judged dead (those of the smallest enclosed region, fewest liberties first)."""
    groups = _groups(adjacency, position)
    alive: dict[int, str] = {}
    seki: set[int] = set()

    def note(g: int, why: str) -> None:
        for i in groups.members[g]:
            alive.setdefault(groups.chains[i].points[0], why)

    for g in groups.members:
        if groups.eyes.get(g, 0) >= 2:
            note(g, f"{groups.eyes[g]} eyes")
    nearest = {c: _distances(adjacency, position, c) for c in STONE_COLOURS}
    found: list[Found] = []
    for c in STONE_COLOURS:
        for points, inner in _enclosures(adjacency, position, groups, c, open_points, nearest, note):
            found += _race(adjacency, position, groups, c, points, inner, protected, nearest, note, name, seki)
    return _Reading(_innermost(adjacency, found), alive, frozenset(seki))


def _enclosures(
    adjacency: Sequence[Sequence[int]],
    position: Sequence[Colour],
    groups: _Groups,
    c: Colour,
    open_points: frozenset[int],
    nearest: Mapping[Colour, Sequence[int]],
    note: Callable[[int, str], None],
) -> list[tuple[list[int], set[int]]]:
    """The parts of c's regions that c encloses, each with the o groups inside (notes why the others live)."""
    o = c.opponent
    near_o, near_c = nearest[o], nearest[c]
    living = {g for g, eyes in groups.eyes.items() if eyes >= 2}
    c_regions = _components(adjacency, [col is not c for col in position])
    enclosures: list[tuple[list[int], set[int]]] = []
    for points in c_regions:
        inner = {groups.at(p) for p in points if position[p] is o}
        if not inner:
            continue
        if open_points and any(p in open_points for p in points):
            for g in inner:
                note(g, "its region runs off the diagram's open side: not enclosed")
            continue
        if not any(g in living for g in inner):
            enclosures.append((points, inner))
            continue
        # a region with a living o group: a weak one lives when it reaches it through
        # points at least as near o as c; the parts that do not are enclosed on their own
        region = set(points)
        inside = [False] * len(position)
        for p in points:
            inside[p] = position[p] is o or near_o[p] <= near_c[p]
        parts = _components(adjacency, inside)
        for part in parts:
            part_inner = {groups.at(p) for p in part if position[p] is o}
            if not part_inner:
                continue
            room = sum(1 for p in part if position[p] is Colour.EMPTY and near_o[p] < near_c[p])
            if any(g in living for g in part_inner):
                for g in part_inner:
                    note(g, f"joined through open space to a {o.value} group with two eyes")
            elif room <= ROOM:
                enclosures.append((part, part_inner))
            else:
                # room enough, unless the part is a pocket in a larger zone nearer c (a territory
                # whose wall has a gap): then it is enclosed with that zone
                zone = _zone(adjacency, position, part, region, near_c, near_o)
                if len(zone) > room:
                    enclosures.append((sorted(set(part) | zone), part_inner))
                else:
                    for g in part_inner:
                        note(g, f"room to live: {room} empty points nearer it than {c.value}'s stones")
    return enclosures


def _race(
    adjacency: Sequence[Sequence[int]],
    position: Sequence[Colour],
    groups: _Groups,
    c: Colour,
    points: Sequence[int],
    inner: set[int],
    protected: frozenset[int],
    nearest: Mapping[Colour, Sequence[int]],
    note: Callable[[int, str], None],
    name: Callable[[int], str],
    seki: set[int],
) -> list[Found]:
    """The o groups of one enclosed part that c's wall captures (notes why the others live, and
    adds a stone of each chain of a seki to `seki`)."""
    o = c.opponent
    chains, chain_at = groups.chains, groups.chain_at
    wall_chains = {chain_at[q] for p in points for q in adjacency[p] if position[q] is c}
    if not wall_chains:
        for g in inner:
            note(g, f"no {c.value} stones enclose it")
        return []
    o_room = sum(1 for p in points if position[p] is Colour.EMPTY and nearest[o][p] < nearest[c][p])
    c_room = sum(1 for p in points if position[p] is Colour.EMPTY and nearest[c][p] < nearest[o][p])
    if o_room > max(ROOM, c_room):
        for g in inner:
            note(g, f"room to live: {o_room} empty points nearer {o.value} than {c.value} ({c_room}) around it")
        return []
    wall_groups = {groups.root[i] for i in wall_chains}
    wall_liberties = set().union(*(groups.liberties(g) for g in wall_groups))
    wall_eyes = min(2, sum(groups.eyes.get(g, 0) for g in wall_groups))
    wall_room = 0
    if wall_eyes < 2:
        wall_room = _room(adjacency, position, wall_chains, chains, nearest[c], nearest[o])
        if wall_room > WALL_ROOM:
            wall_eyes = 2
    wall_has = _plural(wall_eyes, "eye") if wall_room <= WALL_ROOM else f"room for two eyes ({wall_room} points)"
    wall_counts = f"{wall_has}, {_plural(len(wall_liberties), 'liberty', 'liberties')}"
    found: list[Found] = []
    for g in sorted(inner):
        stones = groups.stones(g)
        if any(p in protected for p in stones):
            continue
        liberties = groups.liberties(g)
        own = groups.eyes.get(g, 0)
        counts = f"{_plural(own, 'eye')}, {_plural(len(liberties), 'liberty', 'liberties')}"
        if not (wall_eyes >= 2 or (wall_eyes >= own and len(wall_liberties) > len(liberties))):
            note(g, f"{counts}; the {c.value} wall around it ({wall_counts}) does not win the race")
            continue
        trapped = _trapped_neighbour(groups, adjacency, stones, liberties, own)
        if trapped is not None:
            neighbour = name(chains[trapped].points[0])
            note(g, f"seki: {counts}, and a {c.value} neighbour {neighbour} has only liberties it shares")
            for h in (g, groups.root[trapped]):
                seki.update(chains[i].points[0] for i in groups.members[h])
            continue
        why = f"{counts} inside an area {c.value} encloses, whose wall has {wall_counts.replace(', ', ' and ')}"
        found.append(((len(points), len(liberties)), stones, why, list(points)))
    return found


def _room(
    adjacency: Sequence[Sequence[int]],
    position: Sequence[Colour],
    wall: set[int],
    chains: Sequence[_Chain],
    near_own: Sequence[int],
    near_other: Sequence[int],
) -> int:
    """The empty points nearer the wall's colour than the other, reached from the wall's chains
    through such points and stones of its colour: the space where it can still make eyes."""
    colour = chains[next(iter(wall))].colour
    seen = {p for i in wall for p in chains[i].points}
    frontier = list(seen)
    room = 0
    for p in frontier:
        for q in adjacency[p]:
            if q in seen:
                continue
            if position[q] is colour or (position[q] is Colour.EMPTY and near_own[q] < near_other[q]):
                seen.add(q)
                frontier.append(q)
                room += position[q] is Colour.EMPTY
    return room


def _zone(
    adjacency: Sequence[Sequence[int]],
    position: Sequence[Colour],
    part: Sequence[int],
    region: set[int],
    near_c: Sequence[int],
    near_o: Sequence[int],
) -> set[int]:
    """The empty points of `region` nearer c than o that connect to `part` through such points."""
    members = set(part)
    zone: set[int] = set()
    frontier = list(part)
    for p in frontier:
        for q in adjacency[p]:
            if q in zone or q in members or q not in region:
                continue
            if position[q] is Colour.EMPTY and near_c[q] < near_o[q]:
                zone.add(q)
                frontier.append(q)
    return zone


def _distances(adjacency: Sequence[Sequence[int]], position: Sequence[Colour], colour: Colour) -> list[int]:
    """For each point, the number of steps through empty points to the nearest `colour` stone (0 on one)."""
    far = len(position) + 1
    distance = [far] * len(position)
    frontier = [p for p, col in enumerate(position) if col is colour]
    for p in frontier:
        distance[p] = 0
    step = 0
    while frontier:
        step += 1
        following = []
        for p in frontier:
            for q in adjacency[p]:
                if distance[q] == far and position[q] is Colour.EMPTY:
                    distance[q] = step
                    following.append(q)
        frontier = following
    return distance


def _innermost(adjacency: Sequence[Sequence[int]], found: Sequence[Found]) -> list[tuple[list[int], str]]:
    """The groups to remove this round: innermost first.

    Each found group lies in a region its opponent encloses; the smallest
    region (then the fewest liberties) goes first.  A later group is removed
    in the same round only when it does not touch the region of an earlier
    one and its own region does not touch an earlier group: a group that is
    part of another's wall waits until that one is settled.
    """
    taken: list[tuple[list[int], str]] = []
    earlier_stones: set[int] = set()
    earlier_walls: set[int] = set()
    keys = sorted({key for key, _, _, _ in found})
    for key in keys:
        same = [(set(stones), {q for p in region for q in adjacency[p]} - set(region), stones, why)
                for k, stones, why, region in found if k == key]
        for i, (stones, wall, listed, why) in enumerate(same):
            clear = not (wall & earlier_stones) and not (stones & earlier_walls)
            # two groups of one rank, each in the other's wall: neither goes (no tie broken by place)
            rivals = any(
                j != i and (wall & other or stones & other_wall) for j, (other, other_wall, _, _) in enumerate(same)
            )
            if clear and not rivals:
                taken.append((listed, why))
        for stones, wall, _, _ in same:
            earlier_stones |= stones
            earlier_walls |= wall
    return taken


def _trapped_neighbour(
    groups: _Groups, adjacency: Sequence[Sequence[int]], stones: Sequence[int], liberties: set[int], own: int
) -> int | None:
    """A chain next to the group that the wall's race does not cover, or None.

    A neighbour counts as part of the winning wall when its own group has two
    eyes, or at least the group's eyes and more liberties, or a liberty the
    group does not share (a way to join the rest of the wall).  A neighbour
    whose every liberty is one of the group's is caught with it: the two share
    their liberties and whoever fills one first is captured (a seki).
    """
    chain_at = groups.chain_at
    around = {chain_at[q] for p in stones for q in adjacency[p] if chain_at[q] >= 0} - {chain_at[p] for p in stones}
    for i in sorted(around):
        g = groups.root[i]
        eyes = groups.eyes.get(g, 0)
        group_liberties = groups.liberties(g)
        if eyes >= 2 or (eyes >= own and len(group_liberties) > len(liberties)) or group_liberties - liberties:
            continue
        return i
    return None


def _join_by_liberties(
    chains: Sequence[_Chain], chain_at: Sequence[int], adjacency: Sequence[Sequence[int]], groups: UnionFind
) -> None:
    """Join chains of one colour that share two liberties (miai: the opponent cannot cut them)."""
    shared: dict[tuple[int, int], int] = {}
    liberties = set().union(*(chain.liberties for chain in chains)) if chains else set()
    for p in liberties:
        near = sorted({chain_at[q] for q in adjacency[p]} - {-1})
        if len(near) < 2:
            continue
        for a in range(len(near)):
            for b in range(a + 1, len(near)):
                i, j = near[a], near[b]
                if chains[i].colour is chains[j].colour:
                    shared[(i, j)] = shared.get((i, j), 0) + 1
    for (i, j), count in shared.items():
        if count >= 2:
            groups.union(i, j)


def _plural(count: int, word: str, plural: str | None = None) -> str:
    return f"{count} {word if count == 1 else (plural or word + 's')}"


def judge_chains(board: Board, suicide: Suicide, known: Mapping[int, bool]) -> dict[int, tuple[bool, str]]:
    """`judge` as the scorer's settlement asks it (`passalive.tools.settle.Judge`): `known` and the answer
    keyed by index into `board.chains`; the answer holds the chains `known` leaves open."""
    chains = board.chains
    stones = {min(chains[i].points): dead for i, dead in known.items()}
    return {
        i: (judgement.dead, judgement.reason)
        for i, judgement in enumerate(judge(board, suicide=suicide, known=stones))
        if i not in known
    }
