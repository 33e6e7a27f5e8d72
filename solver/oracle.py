"""The oracle of the game's truth: the one place where passalive decides whether a chain can be captured.

The question is always the same: the attacker plays as many moves in a row
as it likes, the owner passes every turn; can the attacker capture a stone of
this chain?  `Oracle.decide` answers it for every chain of one colour, with
one `Truth` per chain (`passalive.solver.truth`): *proven* (and how),
*captured* (a sequence replayed by the move simulator) or *unknown* (why, and
the depth reached).  `verify`, `check`, `explore` and the tests all ask here.

The strategies, in the order they are tried on the chains still open (each
is exact where it answers; docs/solver.md has the proofs):

1. the static theorems, only when the budget allows them as answers
   (`theorems`): Benson's theorem (suicide illegal) or the suicide lemma
   (suicide legal) -- reported as theorems, never as search;
2. with suicide legal and `shortcuts`: the two-region certificate proves,
   and the strategy of the same theorem captures every other chain;
3. with suicide legal: a chain captured under the stricter rule (no suicide
   for `multi`, `multi` for `all`) is captured by the same sequence, since
   every move legal there is legal here with the same result -- coded here
   once, for every caller;
4. with `shortcuts`: filling the chain's liberties, outside ones first
   (captures most dead chains at once);
5. the bit-mask attacker search on plain grids (`attack.py`), up to `states`
   positions per component: proven or captured outright, else left open;
6. the Z3 check (`z3check.py`): complete, or bounded by `depth`.  Without
   suicide it first fills the liberties in open regions (`strategies.open_fills`),
   which changes no answer and leaves a much smaller problem.

Targets whose relevant parts of the board do not overlap are searched apart
(the Z3 check groups them; the bit-mask search works per component of the
chain-region graph).  Whatever is left is *unknown*, with what the static
theorems say about it in `Truth.theorem`.  A time-out is never *proven*.
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass

from passalive.go.bitboard import Grid, Position
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.suicide import Suicide
from passalive.solver.attack import attack
from passalive.solver.simulator import ATTACKER, EMPTY, OWNER, Game, Move, WitnessError, check_witness, play, replay
from passalive.solver.strategies import benson_set, certificate, greedy_capture, open_fills, suicide_capture
from passalive.solver.truth import Method, Status, Truth, chain_mask, grid_chain_masks
from passalive.solver.z3check import check

SEARCH_POINTS = 100
"""The largest board the bit-mask search is tried on unless the caller hands it
the board's masks: beyond, the positions around an open area are too many
for it, and the Z3 check after the open fills is much faster."""

STRICTER = {Suicide.MULTI: Suicide.ILLEGAL, Suicide.ALL: Suicide.MULTI}
"""For each rule with suicide, the rule whose captures carry over to it unchanged."""


@dataclass(frozen=True)
class Budget:
    """What the oracle may spend and use.

    `seconds`: wall time for one colour's question (None: no limit);
    `depth`: a bounded check of sequences up to that many moves instead of
    a complete one; `states`: positions per component the bit-mask search
    may visit (0: no bit-mask search); `z3`: use the Z3 check;
    `shortcuts`: use liberty filling and, with suicide legal, the
    certificate and its strategy; `theorems`: take Benson's theorem and the
    suicide lemma as answers (for chains they call pass-alive); `replay`:
    replay every capture of the bit-mask search at once (explore replays
    only the ones it shows, which keeps its bulk runs fast).
    """

    seconds: float | None = None
    depth: int | None = None
    states: int = 5_000
    z3: bool = True
    shortcuts: bool = True
    theorems: bool = False
    replay: bool = True

    @property
    def complete(self) -> bool:
        """No depth bound: a settled chain is settled for sequences of any length."""
        return self.depth is None


@dataclass(frozen=True)
class GridView:
    """A plain grid's position as bit masks, with its chains' masks in board
    order (`truth.grid_chain_masks`): what the bit-mask search works on,
    built once by a caller that asks many questions of small grids."""

    grid: Grid
    position: Position
    masks: tuple[int, ...]

    @classmethod
    def of(cls, grid: Grid, position: Position) -> GridView:
        """The view of one position."""
        return cls(grid, position, grid_chain_masks(grid, position))


@dataclass(frozen=True)
class Answer:
    """The truth for the chains of one colour, one `Truth` each in board order."""

    colour: Colour
    suicide: Suicide
    truths: tuple[Truth, ...]
    states: int = 0
    seconds: float = 0.0

    def of(self, chain: int) -> Truth:
        """The truth for one chain (an index into `Board.chains`)."""
        for truth in self.truths:
            if truth.chain == chain:
                return truth
        raise KeyError(chain)

    @property
    def alive(self) -> frozenset[int]:
        """The chains proven never captured."""
        return frozenset(t.chain for t in self.truths if t.status is Status.PROVEN)

    @property
    def captured(self) -> dict[int, tuple[Move, ...]]:
        """The chains captured, each with its capturing sequence."""
        return {t.chain: t.sequence for t in self.truths if t.status is Status.CAPTURED}

    @property
    def unknown(self) -> frozenset[int]:
        """The chains neither proven nor captured."""
        return frozenset(t.chain for t in self.truths if not t.settled)


class Oracle:
    """Decides the truth under one budget, remembering each answer.

    The memo is keyed by the board's identity (the board is kept alive with
    it), the colour and the suicide rule, so one oracle can serve a whole
    run of `check` or one position of `explore`.
    """

    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget if budget is not None else Budget()
        self._memo: dict[tuple[int, str, str], Answer] = {}
        self._boards: dict[int, object] = {}

    @property
    def states(self) -> int:
        """Positions the bit-mask searches of this oracle visited so far."""
        return sum(a.states for a in self._memo.values())

    def capturable(self, view: GridView, colour: Colour, suicide: Suicide, chains: Iterable[int]) -> frozenset[int]:
        """Which of these chains (indices) the bit-mask search captures within the
        budget: a quick one-sided question (it stops once all are captured, and
        proves nothing about the others), for explore's shrinking."""
        masks = {view.masks[c]: c for c in chains}
        result = attack(view.grid, view.position, colour, suicide, frozenset(masks), self.budget.states)
        return frozenset(masks[m] for m in result.captured)

    def decide_all(self, board: Board, suicide: Suicide, deadline: float | None = None) -> tuple[Truth, ...]:
        """The truth for every chain of the board, in board order."""
        truths = {t.chain: t for colour in STONE_COLOURS for t in self.decide(board, colour, suicide, deadline).truths}
        return tuple(truths[c.index] for c in board.chains)

    def decide(
        self,
        board: Board | None,
        colour: Colour,
        suicide: Suicide,
        deadline: float | None = None,
        view: GridView | None = None,
    ) -> Answer:
        """The truth for every chain of `colour` on `board` under `suicide`.

        `deadline` (a `time.monotonic()` value) overrides the budget's
        seconds, to share one time limit among several questions;
        `view` is the board as a plain grid's masks, when the caller has
        them; `board` may then be None (it is built only if a strategy
        needs it).
        """
        if board is None and view is None:
            raise ValueError("the oracle needs the board or its grid view")
        source: object = board if board is not None else view
        key = (id(source), colour._value_, suicide._value_)  # enum members hash slowly
        if key not in self._memo:
            self._boards[id(source)] = source  # keeps the id valid for the memo's life
            self._memo[key] = _Question(self, board, colour, suicide, deadline, view).answer()
        return self._memo[key]


class _Question:
    """One colour's question, worked through the strategies (see the module docstring)."""

    def __init__(
        self,
        oracle: Oracle,
        board: Board | None,
        colour: Colour,
        suicide: Suicide,
        deadline: float | None,
        view: GridView | None,
    ) -> None:
        self.oracle = oracle
        self.budget = oracle.budget
        self.given = board
        self._board = board
        self.colour = colour
        self.suicide = suicide
        self.started = time.monotonic()
        seconds = self.budget.seconds
        self.shared_deadline = deadline
        self.deadline = deadline if deadline is not None else (None if seconds is None else self.started + seconds)
        self.view = view
        self.results: dict[int, Truth] = {}
        self.masks: tuple[int, ...] | None = None
        if view is not None:
            self.masks = view.masks
            own = view.position.stones(colour)
            self.chains = [i for i, m in enumerate(self.masks) if m & own]
        else:
            self.chains = [c.index for c in self.board.chains_of(colour)]
        self.open: list[int] = list(self.chains)
        self.states = 0
        self.depth_reached: dict[int, int] = {}
        self.why = "the time ran out"

    @property
    def board(self) -> Board:
        """The board, built from the grid view on first use when none was given."""
        if self._board is None:
            assert self.view is not None
            self._board = self.view.grid.board(self.view.position)
        return self._board

    def mask(self, chain: int) -> int:
        """A chain's points as a bit mask."""
        return self.masks[chain] if self.masks is not None else chain_mask(self.board, chain)

    def remaining(self) -> float | None:
        """Seconds left before the deadline (None: no limit)."""
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    def settle(
        self, chain: int, status: Status, method: Method, depth: int = 0, sequence: tuple[Move, ...] = (), note: str = ""
    ) -> None:
        """Record a chain's answer and take it off the open list (`note`: see `Truth.reason`)."""
        self.results[chain] = Truth(chain, self.colour, status, method, depth, tuple(sequence), note)
        self.open.remove(chain)

    def answer(self) -> Answer:
        """Try the strategies in order on the chains still open."""
        budget = self.budget
        if budget.theorems:
            self.theorems()
        if self.open and budget.complete and budget.shortcuts and self.suicide is not Suicide.ILLEGAL:
            self.suicide_theorem()
        if self.open and self.suicide in STRICTER:
            self.stricter_rule()
        if self.open and budget.shortcuts:
            self.greedy()
        if self.open and budget.complete and budget.states > 0:
            self.bitmask_search()
        if self.open and budget.z3:
            self.z3()
        if self.open:
            self.leave_unknown()
        truths = tuple(self.results[c] for c in self.chains)
        return Answer(self.colour, self.suicide, truths, self.states, time.monotonic() - self.started)

    # ------------------------------------------------------------ strategies

    def theorems(self) -> None:
        """Benson's theorem / the suicide lemma as answers."""
        chains, method = self.theorem_set()
        for c in [c for c in self.open if c in chains]:
            self.settle(c, Status.PROVEN, method)

    def theorem_set(self) -> tuple[frozenset[int], Method]:
        """The chains the static theorem for this rule calls pass-alive, and its name."""
        if self.suicide is Suicide.ILLEGAL:
            return benson_set(self.board, self.colour), Method.BENSON
        return certificate(self.board, self.colour), Method.SUICIDE_LEMMA

    def suicide_theorem(self) -> None:
        """Suicide legal: the certificate proves, its strategy captures the rest."""
        certified = certificate(self.board, self.colour)
        for c in list(self.open):
            if c in certified:
                self.settle(c, Status.PROVEN, Method.CERTIFICATE)
            else:
                moves = suicide_capture(self.board, self.colour, c, self.suicide)
                if moves is not None:
                    self.settle(c, Status.CAPTURED, Method.STRATEGY, len(moves), moves)

    def stricter_rule(self) -> None:
        """A chain captured under the stricter rule is captured by the same sequence here."""
        stricter = STRICTER[self.suicide]
        # a deadline the caller shares among questions is shared with this one too;
        # otherwise the stricter rule's question has a budget of its own
        base = self.oracle.decide(self.given, self.colour, stricter, self.shared_deadline, self.view)
        for c in list(self.open):
            truth = base.of(c)
            if truth.status is Status.CAPTURED:
                self.settle(c, Status.CAPTURED, Method.WEAKER_RULE, truth.depth, truth.sequence)

    def greedy(self) -> None:
        """Fill each chain's liberties, outside ones first, while the time lasts
        (a 52x52 board has hundreds of chains: the deadline is looked at before each)."""
        game = Game.of(self.board, self.colour)
        for c in list(self.open):
            if self.remaining() == 0.0:
                return
            moves = greedy_capture(
                self.board, self.colour, c, self.suicide, limit=self.budget.depth, game=game, deadline=self.deadline
            )
            if moves is not None:
                self.settle(c, Status.CAPTURED, Method.GREEDY, len(moves), moves)

    def bitmask_search(self) -> None:
        """The exhaustive bit-mask search, on plain grids, within its budget of positions."""
        if self.view is not None:
            grid, position = self.view.grid, self.view.position
        elif len(self.board.points) <= SEARCH_POINTS and self.board.is_plain_grid and self.board.size is not None:
            grid = Grid(*self.board.size)
            position = grid.position(self.board)
        else:
            return
        masks = {self.mask(c): c for c in self.open}
        result = attack(grid, position, self.colour, self.suicide, frozenset(masks), self.budget.states)
        self.states += result.states
        game = Game.of(self.board, self.colour) if self.budget.replay else None
        for mask, moves in result.captured.items():
            if game is not None:
                check_witness(game, moves, self.suicide, [masks[mask]])
            self.settle(masks[mask], Status.CAPTURED, Method.SEARCH, len(moves), moves)
        for mask in result.alive:
            self.settle(masks[mask], Status.PROVEN, Method.SEARCH)
        if result.unknown:
            self.why = f"the search's budget of {self.budget.states} positions ran out"

    def z3(self) -> None:
        """The Z3 check, complete or bounded; without suicide after the open fills.
        Nothing is set up once the time is spent (the chains stay unknown)."""
        self.why = "the time ran out"
        if self.remaining() == 0.0:
            return
        if self.budget.complete and self.suicide is Suicide.ILLEGAL:
            self.z3_after_open_fills()
            return
        result = check(
            self.board, self.colour, self.open, self.suicide,
            depth=self.budget.depth, complete=self.budget.complete, timeout=self.remaining(),
        )
        for c, truth in result.chains.items():
            if truth.settled or truth.status is Status.ALIVE_TO_DEPTH:
                self.results[c] = truth
                self.open.remove(c)
            else:
                self.depth_reached[c] = truth.depth

    def z3_after_open_fills(self) -> None:
        """Fill the open regions' liberties (exact without suicide), then the complete Z3 check
        on what is left; a capture's sequence is the fills and the check's moves,
        shortened to the moves it needs."""
        game = Game.of(self.board, self.colour)
        filled, fills = _fill_open_regions(self.board, self.colour, game)
        taken = [c for c in self.open if any(filled.colours[p] is not self.colour for p in self.board.chains[c].points)]
        for c, moves in _shortest_prefixes(game, fills, taken).items():
            self.settle(c, Status.CAPTURED, Method.Z3, len(moves), moves)
        if not self.open:
            return
        index = {c: filled.chain_at[min(self.board.chains[c].points)] for c in self.open}
        back = {i: c for c, i in index.items() if i is not None}
        result = check(filled, self.colour, sorted(back), self.suicide, complete=True, timeout=self.remaining())
        for i, truth in result.chains.items():
            c = back[i]
            if truth.status is Status.CAPTURED:
                moves = _shorten(game, fills, truth.sequence, c)
                self.settle(c, Status.CAPTURED, Method.Z3, len(moves), moves)
            elif truth.status is Status.PROVEN:
                note = f"after the attacker's {len(fills)} fill(s) of open-region liberties" if fills else ""
                self.settle(c, Status.PROVEN, Method.Z3, truth.depth, (), note)
            else:
                self.depth_reached[c] = truth.depth

    def leave_unknown(self) -> None:
        """The chains no strategy settled: unknown, with what the theorems say."""
        if self.budget.complete:
            chains, method = self.theorem_set()
        else:
            chains, method = frozenset(), Method.BENSON
        for c in list(self.open):
            self.results[c] = Truth(
                c, self.colour, Status.UNKNOWN, None, self.depth_reached.get(c, 0), (),
                self.why, method if c in chains else None,
            )
        self.open.clear()


# ---------------------------------------------------------------- open fills


def _fill_open_regions(board: Board, owner: Colour, game: Game) -> tuple[Board, tuple[int, ...]]:
    """The board after the attacker fills every liberty in an open region
    (again after captures open new ones), and the moves played."""
    position = game.start
    moves: list[int] = []
    current = board
    while True:
        fills = [p for p in open_fills(current, owner) if p not in moves]
        if not fills:
            return current, tuple(moves)
        for p in fills:
            outcome = play(game, position, p, Suicide.ILLEGAL)
            if outcome is None:  # never happens (an open region is never full); skipping stays exact
                continue
            moves.append(p)
            position = outcome.position
        current = _board_of(board, owner, position)


def _board_of(board: Board, owner: Colour, position: bytes) -> Board:
    """A simulator position (owner / attacker / empty per point) as a Board."""
    states = {EMPTY: Colour.EMPTY, ATTACKER: owner.opponent, OWNER: owner}
    return board.with_colours({p: states[position[p]] for p in range(len(board.points))})


def _shortest_prefixes(game: Game, moves: tuple[Move, ...], chains: list[int]) -> dict[int, tuple[Move, ...]]:
    """For each chain, the moves up to the first one that captures it: one replay
    for all of them (a 52x52 board has hundreds of chains and fills)."""
    if not chains:
        return {}
    replayed = replay(game, moves, Suicide.ILLEGAL)
    points = game.board.chains
    pending = {c: min(points[c].points) for c in chains}  # a chain is captured whole: one stone tells
    found: dict[int, tuple[Move, ...]] = {}
    for i, position in enumerate(replayed.positions[1:], start=1):
        for c, p in list(pending.items()):
            if position[p] != OWNER:
                found[c] = moves[:i]
                del pending[c]
        if not pending:
            break
    found.update((c, moves) for c in pending)
    return found


def _shortest_prefix(game: Game, moves: Iterable[Move], chain: int) -> tuple[Move, ...]:
    """The moves up to the first one that captures the chain."""
    played = tuple(moves)
    replayed = replay(game, played, Suicide.ILLEGAL)
    points = game.board.chains[chain].points
    for i, position in enumerate(replayed.positions[1:], start=1):
        if any(position[p] != OWNER for p in points):
            return played[:i]
    return played


def _shorten(game: Game, fills: tuple[int, ...], moves: tuple[Move, ...], chain: int) -> tuple[Move, ...]:
    """A capturing sequence without the fills it does not need: only the fills
    next to a chain captured on the way (the target included) matter, since
    without suicide a fill makes no other move legal; cut after the capture
    and replayed."""
    full = _shortest_prefix(game, (*fills, *moves), chain)
    replayed = replay(game, full, Suicide.ILLEGAL)
    taken = frozenset().union(*replayed.captured) | game.board.chains[chain].points
    near = {q for p in taken for q in game.adjacency[p]}
    fill_set = set(fills)
    kept = tuple(m for m in full if m not in fill_set or m in near)
    result = _shortest_prefix(game, kept, chain)
    try:
        check_witness(game, result, Suicide.ILLEGAL, [chain])
    except WitnessError:  # pragma: no cover - the argument above says it replays; the full sequence does
        return full
    return result
