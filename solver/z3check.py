"""The Z3 bounded check: can the attacker capture a claimed chain within k moves?

The attacker plays up to k moves in a row, the owner passes every turn.  The
question "is a stone of one of the target chains captured?" is encoded as a
Boolean satisfiability problem over the time steps 1..k and handed to Z3's
finite-domain (SAT) solver.  UNSAT at every depth up to k: no capture within
k moves.  SAT: the model is a capturing sequence, which the move simulator
replays before it is reported (a model that does not replay is a bug and
raises `WitnessError`).  With `complete=True` the depth goes up to a bound
past which "no capture" means "never" -- see `docs/solver.md` for the
derivation; in short:

* suicide illegal: attacker stones are never removed, and a move that fills
  no liberty of an owner chain never helps (it captures nothing and only
  takes an empty point from its own region), so only the empty points next
  to owner stones (the *candidates*) need moves, and each can be filled once:
  the bound is the number of candidates.  The search also stops as soon as
  no legal sequence of the current length exists.
* suicide legal: between two captures, each region of the attacker is filled
  and emptied by suicide at most once usefully, so a phase is at most twice
  the number of playable points; with D owner chains that may be captured on
  the way, the bound is (D + 1) * 2 * P.

How the rules become clauses (exact, no approximation):

* Owner chains never grow (the owner passes) and are removed whole, so an
  owner chain is one variable per step: alive or captured.  It is captured
  at step t when every point next to it holds an attacker stone.
* An attacker chain lies in one owner-region (a maximal connected set of
  non-owner points, merged with the points of captured owner chains).  Such
  a *component* holds only attacker stones and empty points, so the chain
  through a new stone has a liberty exactly when its component still has an
  empty point: connectivity of stones is never encoded, only "is this
  component full", over the small graph of regions and capturable chains.
  A suicide empties the whole component.
* Moves are one-hot per step (a ladder encoding that also gives "the move's
  index is at least i").  Two consecutive moves that neither capture nor
  suicide can be swapped without changing anything (proof in the docs), so
  they are forced into increasing point order: each set of quiet moves is
  tried once, not in every order.
* Depths are added one at a time to one incremental solver; the goal "a
  target chain is first captured at step s" and "all targets alive until
  s - 1" are assumption literals, one per target chain, so no clause is ever
  retracted.  When a chain is captured it is reported and the rest are
  searched again with that chain allowed to die (a fresh encoding, starting
  at the same depth: shallower captures were already excluded).

Time-outs give *unknown* with the depth reached, never *proven*.

Over 600 lines: `_Encoding` is one SAT encoding (stones, moves, captures, liberties and the suicide
rule at each step) whose clauses refer to one another's variables.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TypeAlias

import z3

from passalive.go.board import Board, Colour
from passalive.errors import UsageError
from passalive.go.suicide import Suicide
from passalive.solver.simulator import ATTACKER, EMPTY, OWNER, Game, check_witness
from passalive.solver.truth import Method, Status, Truth

Lit: TypeAlias = "z3.BoolRef | bool"


@dataclass(frozen=True)
class CheckResult:
    """The verdicts on all target chains, and what the search cost."""

    chains: dict[int, Truth]
    bound: int
    complete: bool
    seconds: float
    solver_calls: int = 0
    stats: dict[str, int] = field(default_factory=dict)


# ---------------------------------------------------------------- helpers


def _or(items: Iterable[Lit]) -> Lit:
    rest: list[z3.BoolRef] = []
    for x in items:
        if x is True:
            return True
        if x is not False:
            rest.append(x)
    if not rest:
        return False
    return rest[0] if len(rest) == 1 else z3.Or(rest)


def _and(items: Iterable[Lit]) -> Lit:
    rest: list[z3.BoolRef] = []
    for x in items:
        if x is False:
            return False
        if x is not True:
            rest.append(x)
    if not rest:
        return True
    return rest[0] if len(rest) == 1 else z3.And(rest)


def _not(x: Lit) -> Lit:
    if x is True:
        return False
    if x is False:
        return True
    return z3.Not(x)


# ------------------------------------------------------------- the model


@dataclass(frozen=True)
class _Structure:
    """The static graph the encoding works on, for one owner and target set.

    Nodes are owner-regions (non-owner components of the game graph) and the
    owner chains that may be captured on the way (`maydie`); a captured chain
    joins its neighbouring regions into one component.
    """

    game: Game
    targets: tuple[int, ...]
    maydie: tuple[int, ...]
    chain_points: dict[int, tuple[int, ...]]
    chain_neighbours: dict[int, tuple[int, ...]]
    regions: tuple[tuple[int, ...], ...]
    region_chains: tuple[tuple[int, ...], ...]
    node_of: dict[int, tuple[str, int]]
    candidates: tuple[int, ...]
    clearable: frozenset[tuple[str, int]]
    relevant: frozenset[int]


def _owner_regions(game: Game) -> tuple[list[tuple[int, ...]], dict[int, int]]:
    """The owner-regions of the game graph (the wall of a cut-out included),
    each as its sorted points, and the region of each non-owner point."""
    start = game.start
    region_of: dict[int, int] = {}
    regions: list[tuple[int, ...]] = []
    for s in range(game.size):
        if start[s] == OWNER or s in region_of:
            continue
        comp = [s]
        region_of[s] = len(regions)
        i = 0
        while i < len(comp):
            for q in game.adjacency[comp[i]]:
                if start[q] != OWNER and q not in region_of:
                    region_of[q] = len(regions)
                    comp.append(q)
            i += 1
        regions.append(tuple(sorted(comp)))
    return regions, region_of


def _relevant_without_suicide(
    game: Game,
    targets: Sequence[int],
    chain_neighbours: dict[int, tuple[int, ...]],
    regions: Sequence[tuple[int, ...]],
    region_chains: Sequence[tuple[int, ...]],
) -> tuple[set[int], set[int]]:
    """Suicide illegal: the relevant chains and their liberties.

    Relevant: the targets, and every chain next to a region all of whose
    empty points are liberties of relevant chains (a region that can fill
    up, where a capture next to it is what makes a move legal); see
    docs/solver.md.
    """
    start = game.start
    relevant = set(targets)
    while True:
        liberties = {q for c in relevant for q in chain_neighbours[c] if start[q] == EMPTY}
        grown = set(relevant)
        for r, pts in enumerate(regions):
            empties = [p for p in pts if start[p] == EMPTY]
            if empties and all(p in liberties for p in empties):
                grown.update(region_chains[r])
        if grown == relevant:
            return relevant, liberties
        relevant = grown


def _relevant_with_suicide(
    game: Game,
    targets: Sequence[int],
    maydie: Sequence[int],
    chain_neighbours: dict[int, tuple[int, ...]],
    regions: Sequence[tuple[int, ...]],
    region_chains: Sequence[tuple[int, ...]],
    budget: int,
) -> tuple[set[int], set[int], set[tuple[str, int]]]:
    """Suicide legal: the relevant chains, their neighbours, and the clearable nodes.

    A region is *small* when it can be filled within the budget; relevant
    chains are the targets and every chain next to a small region next to
    a relevant chain; moves elsewhere never matter (docs/solver.md).  The
    clearable nodes are the small regions next to relevant chains and the
    relevant may-die chains all of whose regions are clearable.
    """
    start = game.start
    small = set()
    for r, pts in enumerate(regions):
        if any(p >= game.board_points for p in pts):
            continue  # the wall's region always has the wall's liberty
        if sum(1 for p in pts if start[p] == EMPTY) <= budget:
            small.add(r)
    relevant = set(targets)
    while True:
        grown = set(relevant)
        for r in small:
            if relevant.intersection(region_chains[r]):
                grown.update(region_chains[r])
        if grown == relevant:
            break
        relevant = grown
    owner_adjacent = {q for c in relevant for q in chain_neighbours[c]}
    clearable: set[tuple[str, int]] = set()
    for r in small:
        if relevant.intersection(region_chains[r]):
            clearable.add(("r", r))
    for c in maydie:
        if c not in relevant:
            continue
        if all(("r", r) in clearable for r in range(len(regions)) if c in region_chains[r]):
            clearable.add(("c", c))
    return relevant, owner_adjacent, clearable


def _candidates(
    game: Game, node_of: dict[int, tuple[str, int]], owner_adjacent: set[int], clearable: set[tuple[str, int]]
) -> tuple[int, ...]:
    """The points that get move variables, ordered by node so that quiet
    moves in one region come together."""
    start = game.start
    candidates = []
    for p in game.moves:
        node = node_of[p]
        if start[p] == EMPTY and (p in owner_adjacent or node in clearable):
            candidates.append(p)
        elif node in clearable:  # an owner stone once captured, an attacker stone once suicided
            candidates.append(p)
    candidates.sort(key=lambda p: (node_of[p], p))
    return tuple(candidates)


def _structure(game: Game, targets: Sequence[int], suicide: Suicide, budget: int) -> _Structure:
    """The graph of regions and may-die chains, and the restricted moves, for one target set."""
    board = game.board
    start = game.start
    owner_chains = [c.index for c in board.chains_of(game.owner)]
    target_set = set(targets)
    maydie = tuple(c for c in owner_chains if c not in target_set)
    chain_points = {c: tuple(sorted(board.chains[c].points)) for c in owner_chains}
    chain_neighbours = {
        c: tuple(sorted({q for p in pts for q in game.adjacency[p] if start[q] != OWNER}))
        for c, pts in chain_points.items()
    }
    regions, region_of = _owner_regions(game)
    chain_at = board.chain_at
    region_chains = []
    for pts in regions:
        adj = {chain_at[q] for p in pts for q in game.adjacency[p] if start[q] == OWNER}
        region_chains.append(tuple(sorted(c for c in adj if c is not None)))
    node_of: dict[int, tuple[str, int]] = {p: ("r", r) for p, r in region_of.items()}
    for c, pts in chain_points.items():
        for p in pts:
            node_of[p] = ("c", c)
    clearable: set[tuple[str, int]] = set()
    if suicide is Suicide.ILLEGAL:
        relevant, owner_adjacent = _relevant_without_suicide(game, targets, chain_neighbours, regions, region_chains)
    else:
        relevant, owner_adjacent, clearable = _relevant_with_suicide(
            game, targets, maydie, chain_neighbours, regions, region_chains, budget
        )
    return _Structure(
        game=game,
        targets=tuple(targets),
        maydie=maydie,
        chain_points=chain_points,
        chain_neighbours=chain_neighbours,
        regions=tuple(regions),
        region_chains=tuple(region_chains),
        node_of=node_of,
        candidates=_candidates(game, node_of, owner_adjacent, clearable),
        clearable=frozenset(clearable),
        relevant=frozenset(relevant),
    )


class _Encoding:
    """One incremental solver holding steps 1..depth of the attack."""

    def __init__(self, st: _Structure, suicide: Suicide) -> None:
        self.st = st
        self.suicide = suicide
        self.solver = z3.SolverFor("QF_FD")
        game = st.game
        self.cand = st.candidates
        self.cand_index = {p: i for i, p in enumerate(self.cand)}
        # state at step 0
        self.a: list[dict[int, Lit]] = [
            {p: (game.start[p] == ATTACKER) for p in range(game.size)}
        ]
        self.alive: list[dict[int, Lit]] = [{c: True for c in st.chain_points}]
        self.moves: list[dict[int, z3.BoolRef]] = [{}]
        self.ge: list[list[Lit]] = [[]]
        self.quiet: list[Lit] = [True]
        self.goal: list[Lit] = [False]
        self.liberties = {
            c: sum(1 for q in nbrs if game.start[q] == EMPTY) for c, nbrs in st.chain_neighbours.items()
        }
        # points whose attacker state can change
        self.variable = set(self.cand)
        for p in range(game.size):
            if st.node_of[p] in st.clearable and game.start[p] == ATTACKER:
                self.variable.add(p)
        # node graph: regions + may-die chains
        self.nodes: list[tuple[str, int]] = [("r", r) for r in range(len(st.regions))]
        self.nodes += [("c", c) for c in st.maydie]
        self.edges: dict[tuple[str, int], list[tuple[str, int]]] = {n: [] for n in self.nodes}
        maydie = set(st.maydie)
        for r, chains in enumerate(st.region_chains):
            for c in chains:
                if c in maydie:
                    self.edges[("r", r)].append(("c", c))
                    self.edges[("c", c)].append(("r", r))
        self._plan_components()
        self.node_points: dict[tuple[str, int], tuple[int, ...]] = {
            ("r", r): pts for r, pts in enumerate(st.regions)
        }
        for c in st.maydie:
            self.node_points[("c", c)] = st.chain_points[c]
        self.node_cands: dict[tuple[str, int], list[int]] = {}
        for p in self.cand:
            self.node_cands.setdefault(st.node_of[p], []).append(p)

    # -- the component graph: a forest is solved in two passes, else by levels
    def _plan_components(self) -> None:
        seen: set[tuple[str, int]] = set()
        self.order: list[tuple[str, int]] = []  # BFS order, parents first
        self.parent: dict[tuple[str, int], tuple[str, int] | None] = {}
        forest = True
        self.largest = 1
        for root in self.nodes:
            if root in seen:
                continue
            seen.add(root)
            self.parent[root] = None
            queue = [root]
            i = 0
            while i < len(queue):
                n = queue[i]
                for m in self.edges[n]:
                    if m == self.parent[n]:
                        continue
                    if m in seen:
                        forest = False
                        continue
                    seen.add(m)
                    self.parent[m] = n
                    queue.append(m)
                i += 1
            self.order += queue
            self.largest = max(self.largest, len(queue))
        self.forest = forest

    def _spread(self, local: dict[tuple[str, int], Lit], link: dict[tuple[str, int], Lit], tag: str, t: int) -> dict[tuple[str, int], Lit]:
        """For each node: does its current component contain a node where `local` holds?

        `link[c-node]` says the chain is captured, joining it to its regions.
        """
        if self.forest:
            up: dict[tuple[str, int], Lit] = {}
            for n in reversed(self.order):
                children = [m for m in self.edges[n] if self.parent.get(m) == n]
                parts = [local[n]]
                for m in children:
                    chain_node = m if m[0] == "c" else n
                    parts.append(_and([link[chain_node], up[m]]))
                up[n] = self._define(_or(parts), f"{tag}u{t}_{n[0]}{n[1]}")
            down: dict[tuple[str, int], Lit] = {}
            for n in self.order:
                par = self.parent[n]
                if par is None:
                    down[n] = up[n]
                else:
                    chain_node = n if n[0] == "c" else par
                    down[n] = self._define(_or([up[n], _and([link[chain_node], down[par]])]), f"{tag}d{t}_{n[0]}{n[1]}")
            return down
        level = dict(local)
        for i in range(self.largest - 1):
            nxt = {}
            changed = False
            for n in self.nodes:
                parts = [level[n]]
                for m in self.edges[n]:
                    chain_node = m if m[0] == "c" else n
                    parts.append(_and([link[chain_node], level[m]]))
                nxt[n] = self._define(_or(parts), f"{tag}l{t}_{i}_{n[0]}{n[1]}")
                changed = changed or nxt[n] is not level[n]
            level = nxt
            if not changed:
                break
        return level

    def _define(self, expr: Lit, name: str) -> Lit:
        if expr is True or expr is False or z3.is_const(expr):
            return expr
        v = z3.Bool(name)
        self.solver.add(v == expr)
        return v

    @property
    def depth(self) -> int:
        return len(self.moves) - 1

    def add_step(self) -> None:
        """Encode one more attacker move (step t = depth + 1)."""
        st = self.st
        t = self.depth + 1
        prev_a, prev_alive = self.a[-1], self.alive[-1]
        m, ge = self._one_move(t)
        self._on_empty_points(m, prev_a, prev_alive)
        place: dict[int, Lit] = {}
        for p in range(st.game.size):
            place[p] = _or([prev_a[p], m[p]]) if p in m else prev_a[p]
        cap, alive = self._captures(t, place, prev_alive)
        anycap = self._define(_or(cap.values()), f"anycap{t}")
        link = {("c", c): _not(alive[c]) for c in st.maydie}
        has_empty = self._has_empty(t, place, link)
        mv_node = {n: _or([m[p] for p in self.node_cands.get(n, [])]) for n in self.nodes}
        e_move = self._define(_or([_and([mv_node[n], has_empty[n]]) for n in self.nodes]), f"emove{t}")
        sui = self._suicide(t, m, link, anycap, e_move)
        a = self._attacker_stones(t, place, link, mv_node, sui)
        quiet = _and([_not(anycap), _not(sui)])
        if t >= 2:
            self._quiet_moves_in_order(m, quiet)
        goal = _or([cap[c] for c in st.targets])
        self.a.append(a)
        self.alive.append(alive)
        self.moves.append(m)
        self.ge.append(ge)
        self.quiet.append(quiet)
        self.goal.append(self._define(goal, f"goal{t}"))

    def _one_move(self, t: int) -> tuple[dict[int, z3.BoolRef], list[Lit]]:
        """The move variables of step t, exactly one true, by a ladder:
        ge[i] = some move with index >= i."""
        s = self.solver
        m = {p: z3.Bool(f"m{t}_{p}") for p in self.cand}
        ge: list[Lit] = [False] * (len(self.cand) + 1)
        for i in range(len(self.cand) - 1, -1, -1):
            ge[i] = self._define(_or([m[self.cand[i]], ge[i + 1]]), f"ge{t}_{i}")
            if ge[i + 1] is not False:
                s.add(z3.Or(z3.Not(m[self.cand[i]]), z3.Not(ge[i + 1])))
        s.add(ge[0] if self.cand else False)
        return m, ge

    def _on_empty_points(self, m: dict[int, z3.BoolRef], prev_a: dict[int, Lit], prev_alive: dict[int, Lit]) -> None:
        """The point must be empty before the move (a captured chain's point, or no attacker stone)."""
        for p in self.cand:
            node = self.st.node_of[p]
            if node[0] == "c":
                self.solver.add(z3.Implies(m[p], _and([_not(prev_alive[node[1]]), _not(prev_a[p])])))
            elif prev_a[p] is not False:
                self.solver.add(z3.Implies(m[p], _not(prev_a[p])))

    def _captures(self, t: int, place: dict[int, Lit], prev_alive: dict[int, Lit]) -> tuple[dict[int, Lit], dict[int, Lit]]:
        """Which owner chains step t captures, and which are alive after it."""
        cap: dict[int, Lit] = {}
        alive: dict[int, Lit] = {}
        for c in self.st.chain_points:
            cap[c] = _and([prev_alive[c]] + [place[q] for q in self.st.chain_neighbours[c]])
            if t < self.liberties[c]:
                cap[c] = False  # each move fills at most one of its empty neighbours
            cap[c] = self._define(cap[c], f"cap{t}_{c}")
            alive[c] = self._define(_and([prev_alive[c], _not(cap[c])]), f"alive{t}_{c}")
        return cap, alive

    def _has_empty(self, t: int, place: dict[int, Lit], link: dict[tuple[str, int], Lit]) -> dict[tuple[str, int], Lit]:
        """For each node: does its component still have an empty point after the stone is placed?"""
        st = self.st
        local_empty: dict[tuple[str, int], Lit] = {}
        for n in self.nodes:
            pts = self.node_points[n]
            free = _or([_not(place[q]) for q in pts])
            local_empty[n] = free if n[0] == "r" else _and([link[n], free])
        if self.suicide is not Suicide.ILLEGAL:
            return self._spread(local_empty, link, "e", t)
        # without suicide a captured chain's points stay empty (no move there
        # is a candidate), so a region joined to any captured chain is never
        # full again: legality is local to the region
        has_empty: dict[tuple[str, int], Lit] = {}
        for r, chains in enumerate(st.region_chains):
            n = ("r", r)
            dead = [link[("c", c)] for c in chains if ("c", c) in link]
            has_empty[n] = _or([local_empty[n], *dead])
        for c in st.maydie:
            has_empty[("c", c)] = False  # no move is ever played on a captured chain's point
        return has_empty

    def _suicide(self, t: int, m: dict[int, z3.BoolRef], link: dict[tuple[str, int], Lit], anycap: Lit, e_move: Lit) -> Lit:
        """Whether step t is a suicide (it captures nothing and its component is full);
        without suicide the move must capture or leave an empty point."""
        s, st = self.solver, self.st
        if self.suicide is Suicide.ILLEGAL:
            s.add(z3.Or(anycap, e_move) if not isinstance(anycap, bool) else _or([anycap, e_move]))
            return False
        sui = self._define(_and([_not(anycap), _not(e_move)]), f"sui{t}")
        # a single stone's suicide: illegal (multi) or a pass (all) -- never useful
        for r, pts in enumerate(st.regions):
            if len(pts) == 1 and pts[0] in m:
                dead_next = [link[("c", c)] for c in st.region_chains[r] if ("c", c) in link]
                s.add(z3.Implies(_and([m[pts[0]], sui]), _or(dead_next)))
        return sui

    def _attacker_stones(
        self, t: int, place: dict[int, Lit], link: dict[tuple[str, int], Lit], mv_node: dict[tuple[str, int], Lit], sui: Lit
    ) -> dict[int, Lit]:
        """The attacker's stones after step t (a suicide clears the move's component)."""
        st = self.st
        holds: dict[tuple[str, int], Lit] = {}
        if sui is not False and st.clearable:
            holds = self._spread(mv_node, link, "s", t)
        a: dict[int, Lit] = {}
        for p in range(st.game.size):
            node = st.node_of[p]
            if p in self.variable and node in st.clearable and sui is not False:
                a[p] = self._define(_and([place[p], _not(_and([sui, holds[node]]))]), f"a{t}_{p}")
            elif p in self.variable:
                a[p] = self._define(place[p], f"a{t}_{p}")
            else:
                a[p] = place[p]
        return a

    def _quiet_moves_in_order(self, m: dict[int, z3.BoolRef], quiet: Lit) -> None:
        """Symmetry breaking: two quiet moves in a row are played in increasing index order."""
        both = _and([self.quiet[-1], quiet])
        prev_ge = self.ge[-1]
        if both is False:
            return
        for i, p in enumerate(self.cand):
            if prev_ge[i] is not False:
                self.solver.add(z3.Implies(_and([m[p], both]), _not(prev_ge[i])))

    def assumptions(self, t: int, goal: bool) -> list[z3.BoolRef]:
        """All targets alive through step t - 1 (one literal per chain), and the goal at t."""
        lits = [self.alive[t - 1][c] for c in self.st.targets]
        if goal:
            lits.append(self.goal[t])
        else:
            lits += [self.alive[t][c] for c in self.st.targets]
        return [x for x in lits if not isinstance(x, bool)] + (
            [z3.BoolVal(False)] if any(x is False for x in lits) else []
        )

    def sequence(self, model: z3.ModelRef, t: int) -> tuple[int, ...]:
        result = []
        for step in range(1, t + 1):
            played = [p for p, v in self.moves[step].items() if z3.is_true(model.eval(v, model_completion=True))]
            if len(played) != 1:
                raise AssertionError(f"model has {len(played)} moves at step {step}")
            result.append(played[0])
        return tuple(result)


_STOP_BUDGET = 0.2
"""Seconds spent at each depth trying to show that no longer attack exists."""


_Z3_NO_LIMIT = 4294967295
"""Z3's largest time limit in milliseconds (an unsigned 32-bit number): no limit."""


def _millis(seconds: float) -> int:
    """Seconds as Z3's time limit: at least 1 ms, at most `_Z3_NO_LIMIT` (a huge
    `--timeout` such as 1e308 or inf would otherwise overflow or be refused)."""
    if seconds >= _Z3_NO_LIMIT / 1000:
        return _Z3_NO_LIMIT
    return max(1, int(seconds * 1000))


def complete_bound(board: Board, owner: Colour, targets: Sequence[int], suicide: Suicide) -> int:
    """The depth after which no capture within it means no capture ever (see the docs)."""
    game = Game.of(board, owner)
    st = _structure(game, targets, suicide, budget=len(board.points))
    if suicide is Suicide.ILLEGAL:
        # every move before the capture fills a candidate for good; a region
        # bordered only by target chains cannot be filled completely (that
        # would be a suicide, or a capture of a target), so it gives one less
        targets_set = set(targets)
        cand = set(st.candidates)
        fills = 0
        for r, pts in enumerate(st.regions):
            empties = [p for p in pts if game.start[p] == EMPTY]
            n = sum(1 for p in empties if p in cand)
            if n and len(empties) == n and set(st.region_chains[r]) <= targets_set:
                n -= 1
            fills += n
        return fills + 1
    playable = sum(
        1 for p in game.moves if not (st.node_of[p][0] == "c" and st.node_of[p][1] in set(targets))
    )
    return (len(st.maydie) + 1) * 2 * playable


def check(
    board: Board,
    owner: Colour,
    targets: Iterable[int],
    suicide: Suicide = Suicide.ILLEGAL,
    depth: int | None = None,
    complete: bool = False,
    timeout: float | None = None,
    progress: Callable[[int], object] | None = None,
) -> CheckResult:
    """Can the attacker capture a stone of each target chain (indices into `board.chains`)?

    Exactly one of `depth` (bounded check, up to that many moves) and
    `complete=True` (up to the completeness bound) should be given.
    `progress`, if given, is called with the depth reached after each depth.

    Targets whose relevant parts of the board (the chains and points that can
    matter for capturing them, see `_structure`) do not overlap are checked
    separately: "can this chain be captured" is a question per chain, so any
    grouping gives the same answers, and small groups give small problems.
    The time is shared out among the groups, unused time passing on.
    """
    if timeout is not None and not timeout >= 0:  # NaN too: it passes every range check
        raise UsageError(f"the time limit must be a number of seconds, not {timeout!r}")
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    game = Game.of(board, owner)
    groups = _groups(game, sorted(set(targets)), suicide, depth, complete, deadline)
    results: dict[int, Truth] = {}
    calls = 0
    bound = 0
    for i, group in enumerate(groups):
        if _past(deadline):  # no encoding is built once the time is spent: each target unknown
            results.update((c, Truth(c, owner, Status.UNKNOWN, None, 0, reason="the time ran out")) for c in group)
            continue
        share = None
        if deadline is not None:
            share = time.monotonic() + max(0.0, deadline - time.monotonic()) / (len(groups) - i)
        found, group_bound, group_calls = _check_group(game, group, suicide, depth, complete, share, progress)
        results.update(found)
        calls += group_calls
        bound = max(bound, group_bound)
    return CheckResult(results, bound, complete, time.monotonic() - started, calls, {"groups": len(groups)})


def _past(deadline: float | None) -> bool:
    """Whether the deadline (a `time.monotonic()` value; None: none) has passed."""
    return deadline is not None and time.monotonic() >= deadline


def _groups(
    game: Game, targets: list[int], suicide: Suicide, depth: int | None, complete: bool, deadline: float | None = None
) -> list[list[int]]:
    """The targets split into groups whose relevant chains and candidate points do not overlap.

    The clock is looked at before each target's structure: once `deadline`
    has passed, the targets not yet looked at are groups of their own (which
    `check` then leaves unknown without encoding them)."""
    if len(targets) <= 1:
        return [targets] if targets else []
    budget = len(game.board.points) if complete else int(depth or 0)
    reach = {}
    late: list[list[int]] = []
    for c in targets:
        if _past(deadline):
            late.append([c])
            continue
        st = _structure(game, [c], suicide, budget)
        reach[c] = {("c", x) for x in st.relevant} | {("p", p) for p in st.candidates}
    parent = {c: c for c in targets}

    def root(c: int) -> int:
        while parent[c] != c:
            parent[c] = parent[parent[c]]
            c = parent[c]
        return c

    owner_of: dict[tuple[str, int], int] = {}
    for c in reach:
        for item in reach[c]:
            if item in owner_of:
                parent[root(c)] = root(owner_of[item])
            else:
                owner_of[item] = c
    grouped: dict[int, list[int]] = {}
    for c in reach:
        grouped.setdefault(root(c), []).append(c)
    return sorted(grouped.values()) + late


def _check_group(
    game: Game,
    targets: list[int],
    suicide: Suicide,
    depth: int | None,
    complete: bool,
    deadline: float | None,
    progress: Callable[[int], object] | None,
) -> tuple[dict[int, Truth], int, int]:
    """Deepen one incremental encoding for a group of targets (see the module docstring)."""
    board, owner = game.board, game.owner
    open_targets = list(targets)
    results: dict[int, Truth] = {}
    calls = 0
    bound = complete_bound(board, owner, open_targets, suicide) if complete else int(depth or 0)
    start_depth = 1
    while open_targets:
        reached = start_depth - 1
        if _past(deadline):  # the clock is looked at before each part of the set-up too
            for c in open_targets:
                results[c] = Truth(c, owner, Status.UNKNOWN, None, max(reached, 0), reason="the time ran out")
            break
        if complete:
            bound = complete_bound(board, owner, open_targets, suicide)
        st = _structure(game, open_targets, suicide, budget=bound)
        enc = _Encoding(st, suicide)
        captured_now: frozenset[int] = frozenset()
        for _ in range(start_depth - 1):
            if _past(deadline):
                break
            enc.add_step()
        t = start_depth
        finished = False
        while t <= bound:
            if _past(deadline):
                break
            enc.add_step()
            remaining = None if deadline is None else deadline - time.monotonic()
            if remaining is not None and remaining <= 0:
                break
            if remaining is not None:
                enc.solver.set("timeout", _millis(remaining))
            answer = enc.solver.check(enc.assumptions(t, goal=True))
            calls += 1
            if answer == z3.sat:
                moves = enc.sequence(enc.solver.model(), t)
                _, hit = check_witness(game, moves, suicide, open_targets)
                captured_now = hit
                for c in hit:
                    results[c] = Truth(c, owner, Status.CAPTURED, Method.Z3, t, moves)
                start_depth = t
                break
            if answer != z3.unsat:
                break
            reached = t
            if progress is not None:
                progress(t)
            if complete and suicide is Suicide.ILLEGAL and t < bound:
                # can the attack go on at all?  if not, no longer sequence
                # exists.  A cheap try: proving it can be a pigeonhole problem,
                # so it gets a small time budget, and "unknown" just goes on.
                budget = _STOP_BUDGET if remaining is None else min(_STOP_BUDGET, remaining)
                enc.solver.set("timeout", _millis(budget))
                answer = enc.solver.check(enc.assumptions(t, goal=False))
                calls += 1
                if answer == z3.unsat:
                    finished = True
                    break
                enc.solver.set("timeout", _Z3_NO_LIMIT if remaining is None else _millis(remaining))
            t += 1
        else:
            finished = True
        if captured_now:
            open_targets = [c for c in open_targets if c not in captured_now]
            continue
        if finished:
            status = Status.PROVEN if complete else Status.ALIVE_TO_DEPTH
            for c in open_targets:
                results[c] = Truth(c, owner, status, Method.Z3, bound if status is Status.PROVEN else reached)
        else:
            for c in open_targets:
                results[c] = Truth(c, owner, Status.UNKNOWN, None, reached, reason="the time ran out")
        break
    return results, bound, calls
