"""The verdict layer: a variant's claims, checked at the level of the game.

For every chain of a board, a variant (`passalive.definitions.analysis.analyse`) claims
*alive* (pass-alive) or *not alive*.  `verify` checks each claim:

* claimed alive: the Z3 check (`z3check.check`) searches for an attacker
  sequence that captures it.  *proven* (complete bound reached, no capture:
  pass-alive outright), *alive-to-depth* (no capture within the depth asked),
  *captured* (a replayed sequence: the claim is wrong) or *unknown* (time).
* claimed not alive: a refutation of the claim "it can be captured" is
  looked for the same way, after a quick greedy attempt with the simulator
  (fill the chain's liberties, the ones with most empty neighbours first),
  which finds the capture of most dead stones at once.  *captured* confirms
  the claim; *proven* contradicts it.

A claim is *contradicted* by a capture of a chain claimed alive or a proof
for a chain claimed not alive; everything else either confirms the claim or
leaves it open (alive-to-depth for a not-alive claim, unknown).

Capturing sequences are shown as the wiki shows a sequence: Sensei's Library
diagrams with numbered moves.  The attacker's moves take the odd numbers and
the owner's passes the even ones, at most five attacker moves to a diagram,
and a diagram ends with the move that captures (or, with suicide legal,
removes the attacker's own stones).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from passalive.go.board import STONE_COLOURS, Board, Colour, Mark, MarkKind
from passalive.go.suicide import Suicide
from passalive.solver.csp import closed_subset
from passalive.solver.simulator import ATTACKER, EMPTY, OWNER, Game, Move, Outcome, WitnessError, check_witness, play
from passalive.solver.simulator import name as move_name
from passalive.solver.z3check import ChainResult, Status, check


@dataclass(frozen=True)
class ChainVerdict:
    """One chain: what the variant claims and what the game says."""

    chain: int
    colour: Colour
    claim_alive: bool
    result: Status
    depth: int
    sequence: tuple[Move, ...] = ()

    @property
    def contradicted(self) -> bool:
        """The game-level result contradicts the claim."""
        if self.claim_alive:
            return self.result is Status.CAPTURED
        return self.result is Status.PROVEN

    @property
    def claim(self) -> str:
        """`alive` or `not-alive`."""
        return "alive" if self.claim_alive else "not-alive"


@dataclass(frozen=True)
class Verification:
    """Every chain's verdict on one board."""

    board: Board
    variant: str
    suicide: Suicide
    complete: bool
    depth: int | None
    chains: tuple[ChainVerdict, ...]
    seconds: float

    def __repr__(self) -> str:
        """Short: the variant, the rule, how many chains and contradictions."""
        return (
            f"<Verification {self.variant}, suicide={self.suicide.value}: {len(self.chains)} chains, "
            f"{len(self.contradictions)} contradicted; {self.board!r}>"
        )

    def _repr_svg_(self) -> str | None:
        """The claims as an SVG picture in Jupyter (see `passalive.go.display`)."""
        from passalive.go.display import svg_of

        return svg_of(self)

    @property
    def contradictions(self) -> tuple[ChainVerdict, ...]:
        """The verdicts that contradict the variant's claim."""
        return tuple(v for v in self.chains if v.contradicted)


def greedy_capture(board: Board, owner: Colour, chain: int, suicide: Suicide, limit: int | None = None) -> tuple[Move, ...] | None:
    """A quick try at capturing one chain: fill its liberties, outside ones first.

    Returns a replayed capturing sequence, or None if this simple order does
    not capture it (which proves nothing).
    """
    game = Game.of(board, owner)
    points = board.chains[chain].points
    position = game.start
    moves: list[int] = []
    limit = limit if limit is not None else len(board.points)
    for _ in range(limit):
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
    chains = board.chains
    position = game.start
    moves: list[int] = []

    def alive_chains() -> list[int]:
        return [c.index for c in board.chains_of(owner) if all(position[p] == OWNER for p in c.points)]

    def components() -> list[frozenset[int]]:
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

    for _ in range(4 * len(chains) + 4):
        live = alive_chains()
        if chain not in live:
            check_witness(game, moves, suicide, [chain])
            return tuple(moves)
        comps = components()
        plan = None
        for c in [chain] + [c for c in live if c != chain]:
            near = frozenset(q for p in chains[c].points for q in game.adjacency[p] if position[q] != OWNER)
            inside = [k for k in comps if k <= near]
            if near and len(inside) <= 1:
                pool = inside[0] if inside else near
                empty = [q for q in pool if position[q] == EMPTY and game.playable(q)]
                last = min(empty) if empty else min(pool)
                plan = (near, last)
                break
        if plan is None:
            return None
        near, last = plan
        fill = near - {last}
        captured = False

        def move(p: int) -> Outcome:
            nonlocal position
            outcome = play(game, position, p, suicide)
            if outcome is None:
                raise WitnessError(f"the suicide strategy made an illegal move at {move_name(game, p)}")
            moves.append(p)
            position = outcome.position
            return outcome

        for k in comps:
            if not k & fill:
                continue
            free = k - fill
            if all(position[q] != EMPTY for q in free):
                # empty the region: fill it, the last stone is a suicide
                for q in sorted(k):
                    if position[q] == EMPTY:
                        outcome = move(q)
                        if outcome.captured:
                            captured = True
                        if outcome.captured or outcome.suicided:
                            break
            if captured:
                break
        if captured:
            continue
        for q in sorted(fill):
            if position[q] == EMPTY and move(q).captured:
                captured = True
                break
        if captured:
            continue
        move(last)
    return None


def verify(
    board: Board,
    variant: str | None = None,
    suicide: Suicide = Suicide.ILLEGAL,
    depth: int | None = None,
    complete: bool = False,
    timeout: float | None = None,
    progress: Callable[[str], None] | None = None,
    claims: dict[Colour, frozenset[int]] | None = None,
) -> Verification:
    """Check a variant's claims on every chain of the board.

    `claims` overrides the variant (the alive chain indices per colour).
    Without `depth`, the check is complete.  `timeout` is shared by all the
    searches on this board.
    """
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    if depth is None:
        complete = True
    if claims is None:
        from passalive.definitions.analysis import analyse

        analysis = analyse(board, variant, suicide)
        variant_name = analysis.variant
        claims = {c: analysis.alive(c) for c in STONE_COLOURS}
    else:
        variant_name = variant or "given"

    def remaining() -> float | None:
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    verdicts: dict[int, ChainVerdict] = {}
    for colour in STONE_COLOURS:
        chains = [c.index for c in board.chains_of(colour)]
        alive = sorted(c for c in chains if c in claims[colour])
        dead = [c for c in chains if c not in claims[colour]]
        if alive:
            if progress:
                progress(f"{colour.value}: proving {len(alive)} chain(s)")
            for c, r in _settle(board, colour, alive, suicide, depth, complete, remaining).items():
                verdicts[c] = _verdict(r, colour, True)
        still: list[int] = []
        for c in dead:
            moves = greedy_capture(board, colour, c, suicide, limit=depth)
            if moves is not None:
                verdicts[c] = ChainVerdict(c, colour, False, Status.CAPTURED, len(moves), moves)
            else:
                still.append(c)
        if still:
            if progress:
                progress(f"{colour.value}: refuting {len(still)} chain(s)")
            for c, r in _settle(board, colour, still, suicide, depth, complete, remaining).items():
                verdicts[c] = _verdict(r, colour, False)
    ordered = tuple(verdicts[c.index] for c in board.chains)
    return Verification(board, variant_name, suicide, complete, depth, ordered, time.monotonic() - started)


def _settle(
    board: Board,
    colour: Colour,
    targets: list[int],
    suicide: Suicide,
    depth: int | None,
    complete: bool,
    remaining: Callable[[], float | None],
) -> dict[int, ChainResult]:
    """The game-level result for each target chain.

    With suicide legal the completeness bound of the Z3 check grows with the
    number of capturable chains times the board, so a complete check proves
    pass-alive with a certificate instead: the largest set of chains each
    with two regions all of whose points are its neighbours and all of whose
    chains are in the set (docs/solver.md proves that no chain of such a set
    is ever captured, and that every other chain can be).  The Z3 check then
    finds the capture of every other chain.
    """
    results: dict[int, ChainResult] = {}
    open_targets = list(targets)
    if complete and suicide is not Suicide.ILLEGAL:
        # a certificate first: a set of chains each with two regions whose
        # points are all its neighbours and whose chains are all in the set
        # can never lose a chain (docs/solver.md, "Suicide legal")
        every = frozenset(c.index for c in board.chains_of(colour))
        certified = closed_subset(board, colour, every, all_points=True)
        for c in open_targets:
            if c in certified:
                results[c] = ChainResult(c, Status.PROVEN, 0)
        open_targets = [c for c in open_targets if c not in certified]
        for c in list(open_targets):
            moves = suicide_capture(board, colour, c, suicide)
            if moves is not None:
                results[c] = ChainResult(c, Status.CAPTURED, len(moves), moves)
                open_targets.remove(c)
    if open_targets:
        result = check(board, colour, open_targets, suicide, depth=depth, complete=complete, timeout=remaining())
        results.update(result.chains)
    return results


def _verdict(result: ChainResult, colour: Colour, claim_alive: bool) -> ChainVerdict:
    return ChainVerdict(result.chain, colour, claim_alive, result.status, result.depth, result.sequence)


# ------------------------------------------------------------ showing a sequence


def sequence_diagrams(board: Board, owner: Colour, moves: Sequence[Move], suicide: Suicide) -> list[str]:
    """Sensei's Library diagrams (markup) showing an attacker sequence with numbered moves.

    The attacker's moves are numbered 1, 3, 5, ... and the owner's passes take
    the even numbers in between; a diagram holds at most five attacker moves
    and ends after a capture or a suicide.  Each diagram starts from the
    position the previous one ends with.
    """
    from passalive.output.render import render_sensei

    game = Game.of(board, owner)
    attacker = owner.opponent
    replayed = check_witness(game, moves, suicide, [c.index for c in board.chains_of(owner)])[0] if moves else None
    if replayed is None:
        return []
    diagrams: list[str] = []
    i = 0
    while i < len(moves):
        chunk: list[int] = []
        while i + len(chunk) < len(moves) and len(chunk) < 5:
            j = i + len(chunk)
            chunk.append(j)
            if replayed.captured[j] or replayed.suicided[j]:
                break
        last = chunk[-1]
        # the stones as they stand after the chunk; a suicided chain is shown
        # as it stood when its last stone was played
        shown = replayed.positions[last + 1] if not replayed.suicided[last] else _with_stone(replayed.positions[last], moves[last])
        colours = {p: _colour(shown[p], owner) for p in range(len(board.points))}
        drawn = board.without_marks().with_colours(colours)
        points = list(drawn.points)
        for j in chunk:
            p = moves[j]
            if p is not None and p < len(points) and shown[p] != EMPTY:
                points[p] = replace(points[p], mark=Mark(MarkKind.MOVE, str(2 * j + 1)))
        drawn = replace(drawn, points=tuple(points))
        numbers = [2 * j + 1 for j in chunk]
        title = f"{attacker.value.capitalize()} {', '.join(map(str, numbers))}"
        if len(numbers) > 1:
            title += f"; {owner.value} passes at {', '.join(str(n + 1) for n in numbers[:-1])}"
        if replayed.captured[last]:
            title += f"; {numbers[-1]} captures {' '.join(board.names(replayed.captured[last]))}"
        if replayed.suicided[last]:
            title += f"; {numbers[-1]} is a suicide that removes {' '.join(board.names(replayed.suicided[last]))}"
        for j in chunk:
            if moves[j] == game.outside:
                title += f"; {2 * j + 1} is played beyond the cut"
        diagrams.append(render_sensei(drawn, title=title))
        i = last + 1
    return diagrams


def _with_stone(position: bytes, p: Move) -> bytes:
    """The position with an attacker stone put on p (no rules applied)."""
    board = bytearray(position)
    if p is not None:
        board[p] = ATTACKER
    return bytes(board)


def _colour(state: int, owner: Colour) -> Colour:
    if state == EMPTY:
        return Colour.EMPTY
    return owner if state == OWNER else owner.opponent
