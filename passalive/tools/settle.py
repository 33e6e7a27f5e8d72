"""Every chain of a finished position: alive, dead, seki or unsettled, and how that is known.

Scoring a finished game needs the status of every chain, and a user who is
given a score needs to know which parts of it are proved.  Each chain gets one
`ChainStatus`, whose `evidence` says how the status is known, strongest first:

* **pass-alive** (a theorem): Benson's casting-out; no sequence of opponent
  moves can capture the chain, even if its owner always passes.
* **pass-dead** (a theorem): the chain stands in the opponent's pass-alive
  territory (`passalive.definitions.territory`, the default convention): the
  opponent can fill the region's empty points and capture it whatever happens.
* **search** (alternating play, `passalive.solver.alternating` with an
  `Arena`): the chain stands in an *area* — a connected set of points outside
  every pass-alive chain, so enclosed by pass-alive chains (the *walls*) and
  the edge — small enough to search exhaustively.  *Dead* when its owner,
  moving first and exempt from the ko ban, cannot keep it; *alive* when the
  opponent, moving first and exempt from the ko ban, cannot capture it.
  Outside the area nothing can change the fight: the walls stay pass-alive as
  long as their owner never plays in their vital regions (which the prover is
  forbidden), and a move elsewhere is a pass as far as the area goes.  A
  repetition counts for the chain's owner (the search's convention); a budget
  that runs out leaves the chain *unsettled*.
* **given** (the user: `--dead`, `--alive`) and **record** (the game record's
  own dead-stone marks: `TB`/`TW` over stones, as KGS, OGS and GoGui write
  them): what people said, used for the score but never called a proof.
* **judgement** (a heuristic): for a chain nothing above settles, its status
  is *unsettled* and `judged` holds passalive's best judgement (alive or dead,
  `passalive.tools.judgement`), which the scorer uses for its result and
  labels as such.

Müller's static safety is not used as evidence: it is refuted on some small
boards (docs/findings.md).  A given or recorded status that contradicts a
proof is a note, and the proof stands.  Seki (a chain alive without two eyes,
sharing liberties with an opponent chain that is alive too) is decided here
when the search proves both chains alive in the same area; the scorer adds
the seki its eye count finds (`passalive.tools.result`).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from passalive.definitions.analysis import Analysis, analyse
from passalive.go.bitboard import Grid, mask_of
from passalive.go.board import STONE_COLOURS, Board, Chain, Colour
from passalive.go.suicide import Suicide
from passalive.solver.alternating import Arena, Verdict, defend


class Status(enum.Enum):
    """What becomes of a chain when the game is counted."""

    ALIVE = "alive"
    DEAD = "dead"
    SEKI = "seki"
    UNSETTLED = "unsettled"


class Evidence(enum.Enum):
    """How a status is known (see the module docstring)."""

    PASS_ALIVE = "pass-alive"
    PASS_DEAD = "pass-dead"
    SEARCH = "search"
    GIVEN = "given"
    RECORD = "record"
    JUDGEMENT = "judgement"

    @property
    def kind(self) -> str:
        """The kind of knowledge: theorem, search, user, record or heuristic."""
        return _KINDS[self]

    @property
    def proof(self) -> bool:
        """Whether the evidence proves the status (a theorem or an exhaustive search)."""
        return self in (Evidence.PASS_ALIVE, Evidence.PASS_DEAD, Evidence.SEARCH)


_KINDS = {
    Evidence.PASS_ALIVE: "theorem",
    Evidence.PASS_DEAD: "theorem",
    Evidence.SEARCH: "search",
    Evidence.GIVEN: "user",
    Evidence.RECORD: "record",
    Evidence.JUDGEMENT: "heuristic",
}


@dataclass(frozen=True)
class ChainStatus:
    """One chain's status and its evidence.

    `status` is ALIVE, DEAD or SEKI when `evidence` settles it, UNSETTLED
    when nothing does; then `evidence` is JUDGEMENT and `judged` the status
    passalive's heuristic judgement gives it (ALIVE, DEAD or SEKI).  `detail` says
    in words what was shown or tried.
    """

    colour: Colour
    stones: frozenset[int]
    status: Status
    evidence: Evidence
    detail: str
    judged: Status | None = None

    @property
    def ends_dead(self) -> bool:
        """Whether the scorer's result counts the chain as dead (settled so, or judged so)."""
        return self.status is Status.DEAD or self.status is Status.UNSETTLED and self.judged is Status.DEAD

    @property
    def ends_in_seki(self) -> bool:
        """Whether the scorer's result counts the chain in seki (settled so, or judged so)."""
        return self.status is Status.SEKI or self.status is Status.UNSETTLED and self.judged is Status.SEKI

    @property
    def proven(self) -> bool:
        """Whether the status is proved (a theorem or an exhaustive search)."""
        return self.status is not Status.UNSETTLED and self.evidence.proof


@dataclass(frozen=True)
class SearchBudget:
    """The limits of the status search, per position.

    `area` is the most empty points an area may have to be searched at all;
    `states` the positions one search may build before it gives up
    (*unknown*); `searches` the most searches one position may run.
    """

    area: int = 10
    states: int = 4_000
    searches: int = 40

    def describe(self) -> str:
        """The budget in words, for details and docs."""
        return f"areas of at most {self.area} empty points, {self.states:,} positions per search, {self.searches} searches"


Judge = Callable[[Board, Suicide, Mapping[int, bool]], Mapping[int, tuple[bool, str]]]
"""A judgement: given the board, the suicide rule and the settled chains (by
index into `board.chains`: dead or not), for each unsettled chain (by index)
whether it is judged dead, and why."""


@dataclass(frozen=True)
class Settlement:
    """The statuses of every chain of a position (in `board.chains` order)."""

    board: Board
    chains: tuple[ChainStatus, ...]
    notes: tuple[str, ...] = ()
    budget: SearchBudget = SearchBudget()
    searches: int = 0

    @property
    def finished(self) -> bool:
        """Whether no chain is unsettled."""
        return all(chain.status is not Status.UNSETTLED for chain in self.chains)

    def dead_points(self) -> frozenset[int]:
        """The stones the scorer's result removes (settled dead or judged dead)."""
        return frozenset(p for chain in self.chains if chain.ends_dead for p in chain.stones)

    def in_seki(self, index: int, why: str) -> Settlement:
        """The settlement with one living chain in seki: its status if it is
        settled alive by the user's or the record's word (that evidence kept),
        its judgement if it is unsettled.  A status a theorem or a search
        proved stays as proved, `why` added to its detail: a heuristic's seki
        is not a proof's (the proof showed the chain alive, not in seki)."""
        chains = list(self.chains)
        chain = chains[index]
        if chain.proven:
            chains[index] = replace(chain, detail=f"{chain.detail}; {why}, but its status stays as proved")
        elif chain.status is Status.UNSETTLED:
            chains[index] = replace(chain, judged=Status.SEKI, detail=f"{chain.detail}; judged seki: {why}")
        else:
            chains[index] = replace(chain, status=Status.SEKI, detail=f"{chain.detail}; seki: {why}")
        return replace(self, chains=tuple(chains))


def settle(
    board: Board,
    *,
    suicide: Suicide = Suicide.ILLEGAL,
    dead: Iterable[int] = (),
    alive: Iterable[int] = (),
    marked: Iterable[int] = (),
    budget: SearchBudget = SearchBudget(),
    judge: Judge | None = None,
    complete: str | None = None,
) -> Settlement:
    """The status of every chain of `board`, each with its evidence.

    `dead` and `alive` are stones the user names (each stands for its chain);
    `marked` stones the record marks dead; `judge` the heuristic for what
    nothing settles (default: `passalive.tools.judgement.judge_chains`).
    `complete` says who named every dead stone (e.g. a diagram's `{SCORE}`
    line, as the blog post's scorer takes the players' marks): then every
    chain no proof settles and nobody named is given alive, not judged.
    """
    chains = board.chains
    analysis = analyse(board, suicide=suicide)
    statuses = _theorems(board, analysis)
    search = _search(board, suicide, analysis, statuses, budget)
    statuses.update(search.settled)
    statuses.update(_seki_by_search(board, statuses))
    notes: list[str] = []
    statuses.update(_said(board, dead, alive, marked, statuses, notes))
    if complete is not None:
        for chain in chains:
            if chain.index not in statuses:
                statuses[chain.index] = ChainStatus(chain.colour, chain.points, Status.ALIVE, Evidence.GIVEN,
                                                    f"{complete} names every dead stone, and not this one")
    known = {i: status.status is Status.DEAD for i, status in statuses.items()}
    if judge is None:
        from passalive.tools.judgement import judge_chains

        judge = judge_chains
    judged = judge(board, suicide, known) if len(statuses) < len(chains) else {}
    result = []
    for chain in chains:
        status = statuses.get(chain.index)
        if status is None:
            is_dead, why = judged.get(chain.index, (False, "taken as alive"))
            tried = search.tried.get(chain.index, "no proof applies")
            status = ChainStatus(chain.colour, chain.points, Status.UNSETTLED, Evidence.JUDGEMENT,
                                 f"unsettled ({tried}); judged {'dead' if is_dead else 'alive'}: {why}",
                                 Status.DEAD if is_dead else Status.ALIVE)
        result.append(status)
    return Settlement(board, tuple(result), tuple(notes), budget, search.count)


def _theorems(board: Board, analysis: Analysis) -> dict[int, ChainStatus]:
    """The chains Benson's theorem settles: pass-alive, or pass-dead in the opponent's pass-alive territory."""
    chains = board.chains
    statuses: dict[int, ChainStatus] = {}
    for colour in STONE_COLOURS:
        for i in analysis.alive_chains(colour):
            statuses[i] = ChainStatus(colour, chains[i].points, Status.ALIVE, Evidence.PASS_ALIVE,
                                      "pass-alive (Benson): it cannot be captured even if its owner always passes")
        territory = analysis.territory(colour)
        for chain in board.chains_of(colour.opponent):
            if chain.points <= territory:
                statuses[chain.index] = ChainStatus(
                    chain.colour, chain.points, Status.DEAD, Evidence.PASS_DEAD,
                    f"pass-dead: it stands in {colour.value}'s pass-alive territory",
                )
    return statuses


# ------------------------------------------------------------------ search


@dataclass(frozen=True)
class _Search:
    """What the area search settled, what it tried on the rest, and how many searches it ran."""

    settled: dict[int, ChainStatus]
    tried: dict[int, str]
    count: int


def _grid_of(board: Board) -> Grid | None:
    """The bit-mask grid of a plain rectangular board the search can play on (None otherwise)."""
    if board.size is None or board.open_points:
        return None
    width, height = board.size
    if not (1 <= width <= 25 and 1 <= height <= 25):
        return None
    return Grid(width, height) if board.is_plain_grid else None


def _vital(grid: Grid, own: int, empty: int, alive_chains: Sequence[int]) -> int:
    """The points of own-colour regions healthy for one of `alive_chains`: the
    points a side must not play to keep its pass-alive chains pass-alive."""
    result = 0
    near = [grid.dilate(chain) for chain in alive_chains]
    for region in grid.components(grid.full & ~own):
        inside = region & empty
        if any(not inside & ~reach for reach in near):
            result |= region
    return result


def _search(
    board: Board, suicide: Suicide, analysis: Analysis, statuses: Mapping[int, ChainStatus], budget: SearchBudget
) -> _Search:
    """Settle by alternating-play search the chains of small areas enclosed by pass-alive chains."""
    settled: dict[int, ChainStatus] = {}
    tried: dict[int, str] = {}
    open_chains = [chain for chain in board.chains if chain.index not in statuses]
    grid = _grid_of(board)
    if not open_chains:
        return _Search(settled, tried, 0)
    if grid is None or suicide is not Suicide.ILLEGAL:
        why = "the search plays on full rectangular boards with suicide illegal only"
        return _Search(settled, {chain.index: why for chain in open_chains}, 0)
    position = grid.position(board)
    black, white = position.black, position.white
    empty = grid.full & ~(black | white)
    alive = {c: [mask_of(board.chains[i].points) for i in analysis.alive_chains(c)] for c in STONE_COLOURS}
    walls = mask_of(p for c in STONE_COLOURS for p in analysis.alive_points(c))
    vital = {c: _vital(grid, position.stones(c), empty, alive[c]) for c in STONE_COLOURS}
    count = 0
    for area in sorted(grid.components(grid.full & ~walls), key=lambda a: (a & empty).bit_count()):
        inside = [chain for chain in open_chains if mask_of(chain.points) & area]
        if not inside:
            continue
        size = (area & empty).bit_count()
        if size > budget.area:
            for chain in inside:
                tried[chain.index] = f"its area has {size} empty points, more than the search's {budget.area}"
            continue
        for chain in inside:
            if count + 2 > budget.searches:
                tried[chain.index] = f"the position's {budget.searches} searches were spent"
                continue
            owner, opponent = chain.colour, chain.colour.opponent

            def fight(prover: Colour) -> Verdict:
                """The search with `prover` forbidden her walls' vital regions, the other side moving first
                and free of the ko ban: the owner keeps the chain, or the opponent captures it."""
                other = prover.opponent
                arena = Arena(within=area, avoid=((prover, vital[prover]),), walls=walls, ko_exempt=other, first=other)
                return defend(grid, position, owner, mask_of(chain.points), budget=budget.states, arena=arena)

            count += 1
            rescue = fight(opponent)
            if rescue.holds is False:
                settled[chain.index] = ChainStatus(
                    owner, chain.points, Status.DEAD, Evidence.SEARCH,
                    f"search: moving first, and free of the ko ban, {owner.value} cannot keep it "
                    f"({rescue.states:,} positions of its {size}-point area)",
                )
                continue
            count += 1
            attack = fight(owner)
            if attack.holds is True:
                settled[chain.index] = ChainStatus(
                    owner, chain.points, Status.ALIVE, Evidence.SEARCH,
                    f"search: moving first, and free of the ko ban, {opponent.value} cannot capture it "
                    f"({attack.states:,} positions of its {size}-point area)",
                )
            elif rescue.holds is None or attack.holds is None:
                tried[chain.index] = f"the search ran out of its budget of {budget.states:,} positions: unknown"
            else:
                tried[chain.index] = "search: it lives if its owner moves first and dies if the opponent does"
    return _Search(settled, tried, count)


def _seki_by_search(board: Board, statuses: Mapping[int, ChainStatus]) -> dict[int, ChainStatus]:
    """Chains proved alive by search that share a liberty with an opponent chain proved alive by search: seki."""
    by_search = {i for i, s in statuses.items() if s.evidence is Evidence.SEARCH and s.status is Status.ALIVE}
    chains = board.chains
    result: dict[int, ChainStatus] = {}
    for i in by_search:
        partners = [j for j in by_search if chains[j].colour is not chains[i].colour
                    and chains[j].liberties & chains[i].liberties]
        if partners:
            shared = board.names(chains[i].liberties & frozenset().union(*(chains[j].liberties for j in partners)))
            status = statuses[i]
            result[i] = replace(status, status=Status.SEKI,
                                detail=f"{status.detail}; seki: it shares {' '.join(shared)} with an opponent chain that is alive too")
    return result


# ------------------------------------------------------------- what people said


def _said(
    board: Board,
    dead: Iterable[int],
    alive: Iterable[int],
    marked: Iterable[int],
    statuses: Mapping[int, ChainStatus],
    notes: list[str],
) -> dict[int, ChainStatus]:
    """The statuses the user gave and the record marks, for the chains no proof settled.

    A mark that contradicts a proof becomes a note; the user's word outranks
    the record's, and `--dead` outranks `--alive` when both name a chain."""
    chains = board.chains
    result: dict[int, ChainStatus] = {}
    for points, is_dead, evidence, who in (
        (marked, True, Evidence.RECORD, "the record marks"),
        (alive, False, Evidence.GIVEN, "--alive names"),
        (dead, True, Evidence.GIVEN, "--dead names"),
    ):
        for i in sorted({board.chain_of(p) for p in points if board.colours[p] is not Colour.EMPTY}):
            chain: Chain = chains[i]
            word = "dead" if is_dead else "alive"
            proved = statuses.get(i)
            if proved is not None:
                if (proved.status is Status.DEAD) != is_dead:
                    notes.append(f"{who} {' '.join(board.names(chain.points))} {word}, but it is "
                                 f"{proved.status.value} by proof ({proved.evidence.value}); the proof stands")
                continue
            result[i] = ChainStatus(chain.colour, chain.points, Status.DEAD if is_dead else Status.ALIVE, evidence,
                                    f"{who} it {word}")
    return result
