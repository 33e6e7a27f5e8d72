"""The verdict layer: a variant's claims, checked at the level of the game.

For every chain of a board, a variant (`passalive.definitions.analysis.analyse`) claims
*alive* (pass-alive) or *not alive*.  `verify` asks the oracle of the game's
truth (`passalive.solver.oracle`) about every chain and sets its answer next
to the claim:

* *proven* (no sequence captures it; how: the exhaustive search, the Z3
  complete check or, with suicide legal, the two-region certificate),
* *alive-to-depth* (a bounded check: no capture within the depth asked),
* *captured* (a replayed sequence), or
* *unknown* (time); what the static theorems -- Benson's theorem, the
  suicide lemma -- say about it is reported beside, as a theorem.

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

from passalive.definitions.analysis import analyse
from passalive.go.board import STONE_COLOURS, Board, Colour, Mark, MarkKind
from passalive.go.suicide import Suicide
from passalive.output.render import render_sensei
from passalive.solver.oracle import Budget, Oracle
from passalive.solver.simulator import ATTACKER, EMPTY, OWNER, Game, Move, check_witness
from passalive.solver.truth import Status, Truth


@dataclass(frozen=True)
class ChainVerdict:
    """One chain: what the variant claims and what the game says."""

    claim_alive: bool
    truth: Truth

    @property
    def chain(self) -> int:
        """The chain's index in `Board.chains`."""
        return self.truth.chain

    @property
    def colour(self) -> Colour:
        """The chain's colour."""
        return self.truth.colour

    @property
    def result(self) -> Status:
        """What the game establishes."""
        return self.truth.status

    @property
    def depth(self) -> int:
        """The depth reached (bounded checks, unknown), or of the capture."""
        return self.truth.depth

    @property
    def sequence(self) -> tuple[Move, ...]:
        """The capturing sequence, if captured."""
        return self.truth.sequence

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


def verify(
    board: Board,
    variant: str | None = None,
    suicide: Suicide | str = Suicide.ILLEGAL,
    depth: int | None = None,
    complete: bool = False,
    timeout: float | None = None,
    progress: Callable[[str], None] | None = None,
    claims: dict[Colour, frozenset[int]] | None = None,
) -> Verification:
    """Check a variant's claims on every chain of the board.

    `claims` overrides the variant (the alive chain indices per colour).
    Without `depth` (or with `complete`), the check is complete.  `timeout`
    is shared by all the searches on this board.  `suicide` is a rule or its
    name ("no", "multi", "all").
    """
    suicide = Suicide.parse(suicide)
    started = time.monotonic()
    deadline = None if timeout is None else started + timeout
    complete = complete or depth is None
    if claims is None:
        analysis = analyse(board, variant, suicide)
        variant_name = analysis.variant
        claims = {c: analysis.alive(c) for c in STONE_COLOURS}
    else:
        variant_name = variant or "given"
    oracle = Oracle(Budget(depth=None if complete else depth))
    verdicts: dict[int, ChainVerdict] = {}
    for colour in STONE_COLOURS:
        if progress and board.chains_of(colour):
            progress(f"{colour.value}: {len(board.chains_of(colour))} chain(s)")
        for truth in oracle.decide(board, colour, suicide, deadline).truths:
            verdicts[truth.chain] = ChainVerdict(truth.chain in claims[colour], truth)
    ordered = tuple(verdicts[c.index] for c in board.chains)
    return Verification(board, variant_name, suicide, complete, None if complete else depth, ordered, time.monotonic() - started)


# ------------------------------------------------------------ showing a sequence


def sequence_diagrams(board: Board, owner: Colour, moves: Sequence[Move], suicide: Suicide) -> list[str]:
    """Sensei's Library diagrams (markup) showing an attacker sequence with numbered moves.

    The attacker's moves are numbered 1, 3, 5, ... and the owner's passes take
    the even numbers in between; a diagram holds at most five attacker moves
    and ends after a capture or a suicide.  As Go diagrams do, a diagram
    keeps the stones its last move captures (or, with suicide legal, removes)
    and lists them on a line under it; the next diagram starts from the
    position after they are gone.
    """
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
        # the stones as they stand when the chunk's last stone is played, before
        # its captures (only the last move of a chunk captures or is a suicide)
        shown = _with_stone(replayed.positions[last], moves[last])
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
        under = ""
        if replayed.captured[last]:
            under += f"captured by {numbers[-1]}: {' '.join(board.names(replayed.captured[last]))}\n"
        if replayed.suicided[last]:
            under += f"removed by the suicide {numbers[-1]}: {' '.join(board.names(replayed.suicided[last]))}\n"
        diagrams.append(render_sensei(drawn, title=title) + under)
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
