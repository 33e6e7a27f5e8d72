"""GNU Go's unconditional status of every point: alive, dead, black/white territory, undecided.

GNU Go (its `engine/unconditional.c`, `engine/worm.c` and the documentation
of the GTP command `unconditional_status`) answers, for each point:

* **alive**: a stone of an *invincible* string, one the opponent can never
  capture even with as many moves in a row as it likes; or a stone that can
  be captured but stands on its own colour's unconditional territory;
* **dead**: a stone that cannot be made invincible even if its owner may
  play any number of moves in a row: it stands on the opponent's
  unconditional territory;
* **black_territory** / **white_territory**: an empty point where the
  opponent can never build an invincible string;
* **undecided**: everything else.

GNU Go decides this by playing, for each colour c (white first, then black,
whose answers overwrite white's on the same point), a fixed sequence of
moves on a scratch board and undoing them afterwards.  In our words:

1. Two-stone strings of c that stand alone in the middle of the board (no
   other c string and no edge among the eight neighbours of either stone)
   may be the core of a seki; they are set aside as *possible sekis*.
2. *Capture what can be captured*: over and over, for each other string of
   c in board order, the opponent plays on all its liberties where that is
   legal; if the string is captured, or left with one liberty that the
   opponent then takes (a ko capture allowed), the moves stay, else they are
   taken back.  When no string is left, nothing is settled: every point is
   undecided for c.  The strings that remain are invincible.
3. The opponent plays on every liberty of the invincible strings where it
   can, and extends its strings in atari as long as it can.
4. A possible seki is broken where GNU Go recognises its shape (the
   opponent's two stones around the eye would join into one string): c
   adds a third stone to its two-stone string.  Then the opponent plays on
   all liberties of the possible-seki strings.
5. An opponent string with two adjacent liberties fills one of them
   (the one that leaves more room, GNU Go's choice).
6. Now c's stones that remain (other than possible sekis) are invincible
   and their liberties are c's territory; an opponent string in atari and
   its liberty are c's territory too.  On the original board, a c stone on
   such a point is alive, an empty point is c's territory, an opponent
   stone is dead.

A string takes the status of its first stone in board order (GNU Go's
"origin").  Moves follow GNU Go's rules for its scratch board: no suicide,
no immediate retaking of a ko (except where step 2 allows it), and at most
359 moves on the scratch board at once (GNU Go's stack).  GNU Go asserts that
step 2's capture of a string left in atari is always played; on a board
larger than its 19x19 the stack can be full, and then that capture counts as
none: every round of step 2 that goes on has left a move on the stack, so
step 2 ends after at most 360 rounds on any board.  Where GNU Go
walks a string's liberties we walk them in board order; GNU Go keeps them in
the order its board update found them, which may differ in rare cases.

This is a procedure of moves, not a fixed point over the board: the rule
program `rules/unconditional.dl` states how the outcome of the moves is read
as statuses (step 6, black over white, a string's status from its origin),
and `unconditional_by_rules` runs it on the outcome the moves leave.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from passalive.go.board import grid_adjacency
from passalive.errors import UsageError
from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide

__all__ = ["EMPTY", "BLACK", "WHITE", "Status", "grid_status", "unconditional_status", "unconditional_by_rules", "UnconditionalLife", "unconditional_life"]

EMPTY, BLACK, WHITE, BORDER = 0, 1, 2, 3
MAXSTACK = 19 * 19
"""GNU Go's move stack (MAX_BOARD squared); a move is refused when 359 are on it."""


class Status(enum.Enum):
    """GNU Go's words for the unconditional status of a point."""

    ALIVE = "alive"
    DEAD = "dead"
    BLACK_TERRITORY = "black_territory"
    WHITE_TERRITORY = "white_territory"
    UNDECIDED = "undecided"


class _Board:
    """A padded board with GNU Go's move rules and take-back (only what the procedure needs).

    Point (x, y) of a w-by-h grid (y = 0 the top row) is index (y + 1) * (w + 1) + x;
    index order is GNU Go's board order.  Column w and the first and last
    rows are the border.
    """

    def __init__(self, width: int, height: int, cells: Sequence[int]) -> None:
        self.width, self.height = width, height
        ns = width + 1
        self.ns = ns
        self.board = [BORDER] * ((height + 2) * ns + 1)
        for y in range(height):
            for x in range(width):
                self.board[(y + 1) * ns + x] = cells[y * width + x]
        self.delta = (ns, -1, -ns, 1, ns - 1, -ns - 1, -ns + 1, ns + 1)
        self.points = [(y + 1) * ns + x for y in range(height) for x in range(width)]
        self.ko = -1
        Entry = dict[int, tuple[tuple[int, ...], tuple[int, ...]]]
        self.cache: Entry = {}  # stone -> (its string's stones, liberties)
        # per move: its point, the stones it captured, their colour, the ko point and the cache before it
        self.stack: list[tuple[int, list[int], int, int, Entry]] = []

    # --------------------------------------------------------------- strings
    #
    # Strings and their liberties are computed on demand and kept in `cache`
    # (every stone of a string maps to the same entry) until a move changes
    # them: a move drops the entries of the strings next to it and next to
    # what it captures, and taking a move back restores the cache as it was.

    def _entry(self, pos: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        entry = self.cache.get(pos)
        if entry is None:
            b = self.board
            colour = b[pos]
            seen = {pos}
            todo = [pos]
            libs: set[int] = set()
            steps = self.delta[:4]
            while todo:
                p = todo.pop()
                for d in steps:
                    q = p + d
                    v = b[q]
                    if v == EMPTY:
                        libs.add(q)
                    elif v == colour and q not in seen:
                        seen.add(q)
                        todo.append(q)
            entry = (tuple(sorted(seen)), tuple(sorted(libs)))
            cache = self.cache
            for q in seen:
                cache[q] = entry
        return entry

    def string(self, pos: int) -> tuple[int, ...]:
        """The stones of the string at pos, in board order."""
        return self._entry(pos)[0]

    def liberties(self, pos: int) -> tuple[int, ...]:
        """The liberties of the string at pos, in board order."""
        return self._entry(pos)[1]

    def origin(self, pos: int) -> int:
        """The first stone of the string at pos in board order (GNU Go's origin)."""
        return self._entry(pos)[0][0]

    # ----------------------------------------------------------------- moves

    def is_suicide(self, pos: int, colour: int) -> bool:
        """GNU Go's test: no empty neighbour, no opponent neighbour in atari, no own neighbour with two liberties."""
        b = self.board
        for d in self.delta[:4]:
            q = pos + d
            v = b[q]
            if v == EMPTY:
                return False
            if v == BORDER:
                continue
            one = len(self._entry(q)[1]) == 1
            if (v == colour) != one:
                return False
        return True

    def trymove(self, pos: int, colour: int, ignore_ko: bool = False) -> bool:
        """Play if legal (empty, not a ko retake unless allowed, not suicide, stack not full); True if played."""
        b = self.board
        if b[pos] != EMPTY:
            return False
        other = 3 - colour
        if not ignore_ko and pos == self.ko and (b[pos - 1] == other or b[pos + 1] == other):
            return False
        if self.is_suicide(pos, colour):
            return False
        if len(self.stack) >= MAXSTACK - 2:
            return False
        steps = self.delta[:4]
        old = self.cache
        captured: list[int] = []
        touched = [pos + d for d in steps]
        for q in touched:
            if b[q] == other and q not in captured and self._entry(q)[1] == (pos,):
                captured.extend(self._entry(q)[0])
        b[pos] = colour
        for q in captured:
            b[q] = EMPTY
        cache = dict(old)
        for q in touched + [c + d for c in captured for d in steps]:
            entry = cache.get(q)
            if entry is not None:
                for stone in entry[0]:
                    del cache[stone]
        self.cache = cache
        previous = self.ko
        self.ko = -1
        if len(captured) == 1 and not any(b[pos + d] == colour for d in steps):
            libs = [pos + d for d in steps if b[pos + d] == EMPTY]
            if len(libs) == 1:
                self.ko = libs[0]
        self.stack.append((pos, captured, other, previous, old))
        return True

    def popgo(self) -> None:
        """Take back the last move."""
        pos, captured, other, previous, old = self.stack.pop()
        self.board[pos] = EMPTY
        for s in captured:
            self.board[s] = other
        self.ko = previous
        self.cache = old

    def approxlib(self, pos: int, colour: int) -> int:
        """Liberties a colour stone at the empty pos would have, captures ignored.

        GNU Go counts exactly when at most two of its own strings are next
        to pos, else stops counting at four.
        """
        b = self.board
        allies = {self.origin(pos + d) for d in self.delta[:4] if b[pos + d] == colour}
        libs: set[int] = {pos + d for d in self.delta[:4] if b[pos + d] == EMPTY}
        for a in allies:
            libs.update(self.liberties(a))
        libs.discard(pos)
        return len(libs) if len(allies) <= 2 else min(len(libs), 4)


def _capture_non_invincible(bd: _Board, colour: int, exceptions: set[int]) -> tuple[int, bool]:
    """Step 2: capture every string of `colour` the opponent can; the moves played and whether none is left."""
    other = 3 - colour
    b = bd.board
    played = 0
    something_captured = True
    string_found = False
    while something_captured:
        something_captured = False
        string_found = False
        for pos in bd.points:
            if b[pos] != colour or (bd.cache.get(pos) or bd._entry(pos))[0][0] != pos or pos in exceptions:
                continue
            string_found = True
            save = played
            for lib in bd.liberties(pos):
                if bd.trymove(lib, other):
                    played += 1
            if b[pos] == EMPTY:
                something_captured = True
            else:
                libs = bd.liberties(pos)
                if len(libs) == 1:
                    # GNU Go asserts this capture is played (its board is at most 19x19); on a larger
                    # board the stack can be full: then nothing is captured, which keeps the loop finite
                    if bd.trymove(libs[0], other, ignore_ko=True):
                        played += 1
                        something_captured = True
                else:
                    while played > save:
                        bd.popgo()
                        played -= 1
    return played, not string_found


def _possible_sekis(bd: _Board, colour: int) -> set[int]:
    """Step 1: the stones of two-stone strings of `colour` with no edge and no other own string among their 8 neighbours."""
    b = bd.board
    result: set[int] = set()
    for pos in bd.points:
        if b[pos] != colour:
            continue
        stones = bd.string(pos)
        if stones[0] != pos or len(stones) != 2:
            continue
        isolated = all(
            b[s + d] != BORDER and not (b[s + d] == colour and s + d not in stones) for s in stones for d in bd.delta
        )
        if isolated:
            result.update(stones)
    return result


@dataclass(frozen=True)
class UnconditionalLife:
    """One colour's outcome of GNU Go's procedure, as sets of board indices of the padded board.

    `invincible`: c's stones left standing at the end (alive, code 1);
    `territory`: the points GNU Go marks 2 (liberties of those stones,
    opponent strings in atari and their liberty).
    """

    invincible: frozenset[int]
    territory: frozenset[int]


def unconditional_life(bd: _Board, colour: int) -> UnconditionalLife:
    """GNU Go's `unconditional_life` for one colour (the board is left as it was)."""
    other = 3 - colour
    b = bd.board
    sekis = _possible_sekis(bd, colour)
    played, none_invincible = _capture_non_invincible(bd, colour, sekis)
    try:
        if none_invincible:
            return UnconditionalLife(frozenset(), frozenset())
        # 3. the opponent on every liberty of the invincible strings, then extends its strings in atari
        for pos in bd.points:
            if b[pos] != colour or pos in sekis or (bd.cache.get(pos) or bd._entry(pos))[0][0] != pos:
                continue
            for lib in bd.liberties(pos):
                if bd.trymove(lib, other):
                    played += 1
        found = True
        while found:
            found = False
            for pos in bd.points:
                if b[pos] != other:
                    continue
                libs = (bd.cache.get(pos) or bd._entry(pos))[1]
                if len(libs) > 1:
                    continue
                if bd.trymove(libs[0], other):
                    played += 1
                    found = True
        # 4. break the sekis GNU Go recognises, then take the possible-seki strings
        for pos in bd.points:
            if pos not in sekis or b[pos] == EMPTY or bd.origin(pos) != pos:
                continue
            for r in range(4):
                up = bd.delta[r]
                right = bd.delta[(r + 1) % 4]
                local = 0
                if b[pos + up] != colour or b[pos + up + up] != EMPTY or b[pos - up] != EMPTY:
                    continue
                for k in range(2):
                    if k == 1:
                        right = -right
                    if b[pos + right] != EMPTY or b[pos + up - right] != EMPTY:
                        continue
                    if b[pos - right] == EMPTY and bd.trymove(pos - right, other):
                        local += 1
                    if b[pos + up + right] == EMPTY and bd.trymove(pos + up + right, other):
                        local += 1
                    critical = (
                        b[pos - right] == other
                        and b[pos + up + right] == other
                        and bd.origin(pos - right) == bd.origin(pos + up + right)
                    )
                    while local > 0:
                        bd.popgo()
                        local -= 1
                    if critical:
                        if bd.trymove(pos - up, colour):
                            played += 1
                        break
                if len(bd.string(pos)) > 2:
                    break
        for pos in bd.points:
            if pos not in sekis or b[pos] == EMPTY:
                continue
            for lib in bd.liberties(pos):
                if bd.trymove(lib, other):
                    played += 1
        # 5. an opponent string with two adjacent liberties fills the better one
        for pos in bd.points:
            if b[pos] != other:
                continue
            libs = (bd.cache.get(pos) or bd._entry(pos))[1]
            if len(libs) != 2:
                continue
            a, c = libs
            if abs(a - c) not in (1, bd.ns):
                continue
            a_open, c_open = bd.approxlib(a, colour), bd.approxlib(c, colour)
            a_lib, c_lib = bd.approxlib(a, other), bd.approxlib(c, other)
            choice = a if a_open > c_open or (a_open == c_open and a_lib >= c_lib) else c
            if bd.trymove(choice, other):
                played += 1
        # 6. read the outcome
        invincible: set[int] = set()
        territory: set[int] = set()
        for pos in bd.points:
            if b[pos] == colour and pos not in sekis:
                invincible.add(pos)
                if bd.origin(pos) == pos:
                    territory.update(bd.liberties(pos))
            elif b[pos] == other:
                libs = bd.liberties(pos)
                if len(libs) == 1:
                    territory.add(pos)
                    territory.add(libs[0])
        return UnconditionalLife(frozenset(invincible), frozenset(territory - invincible))
    finally:
        while played > 0:
            bd.popgo()
            played -= 1


def _grid_cells(board: Board) -> tuple[int, int, list[int]]:
    """Width, height and colour codes of a full rectangular board; UsageError for any other board."""
    size = board.size
    if size is None or board.adjacency != grid_adjacency(size[0], size[1]) or board.open_points:
        raise UsageError("GNU Go's unconditional status is defined on a whole rectangular board only (no holes, links or open sides)")
    width, height = size
    code = {Colour.EMPTY: EMPTY, Colour.BLACK: BLACK, Colour.WHITE: WHITE}
    return width, height, [code[c] for c in board.colours]


def _check_rule(suicide: Suicide) -> None:
    if suicide is not Suicide.ILLEGAL:
        raise UsageError("GNU Go's unconditional status is defined with suicide illegal only (drop --suicide)")


def outcomes(board: Board) -> tuple[_Board, dict[Colour, UnconditionalLife]]:
    """The scratch board and each colour's outcome of GNU Go's procedure."""
    width, height, cells = _grid_cells(board)
    bd = _Board(width, height, cells)
    return bd, {Colour.WHITE: unconditional_life(bd, WHITE), Colour.BLACK: unconditional_life(bd, BLACK)}


def unconditional_status(board: Board, suicide: Suicide = Suicide.ILLEGAL) -> tuple[Status, ...]:
    """GNU Go's unconditional status of every point of the board, by point id."""
    _check_rule(suicide)
    return grid_status(*_grid_cells(board))


def grid_status(width: int, height: int, cells: Sequence[int]) -> tuple[Status, ...]:
    """`unconditional_status` of a whole rectangular board given as its colour codes (`EMPTY`,
    `BLACK`, `WHITE`), row by row from the top: for callers that hold a position as bitsets
    and never make its `Board`."""
    bd = _Board(width, height, cells)
    lives = {Colour.WHITE: unconditional_life(bd, WHITE), Colour.BLACK: unconditional_life(bd, BLACK)}
    per_index: dict[int, Status] = {}
    for colour in (Colour.WHITE, Colour.BLACK):  # GNU Go's order: black's answers overwrite white's
        life = lives[colour]
        code = BLACK if colour is Colour.BLACK else WHITE
        territory = Status.BLACK_TERRITORY if colour is Colour.BLACK else Status.WHITE_TERRITORY
        for pos in life.invincible | life.territory:
            v = bd.board[pos]
            per_index[pos] = Status.ALIVE if v == code else territory if v == EMPTY else Status.DEAD
    result = []
    for pos in bd.points:
        if bd.board[pos] != EMPTY:
            pos = bd.origin(pos)  # a string takes its origin's status
        result.append(per_index.get(pos, Status.UNDECIDED))
    return tuple(result)


def unconditional_by_rules(board: Board, suicide: Suicide = Suicide.ILLEGAL) -> tuple[Status, ...]:
    """The same statuses with the reading of step 6 (and step 1) done by `rules/unconditional.dl`."""
    from passalive.definitions.facts import board_facts, bundled_path, load

    _check_rule(suicide)
    bd, lives = outcomes(board)
    index_to_id = {pos: i for i, pos in enumerate(bd.points)}
    facts = dict(board_facts(board))
    facts["unconditional"] = [
        (colour.value, index_to_id[pos], kind)
        for colour, life in lives.items()
        for kind, points in (("invincible", life.invincible), ("territory", life.territory))
        for pos in points
    ]
    model = load(bundled_path("unconditional.dl")).run(facts)
    statuses = {p: Status(s) for p, s in model.relation("status")}
    return tuple(statuses.get(p, Status.UNDECIDED) for p in range(len(board.points)))
