"""The answers of one query: a JSON line for every analysed turn, with the maps the query asked for.

Each line is written as text straight from bitsets where it can be: the
pass-alive map (`ownership`, KataGo's name and format: one number per point,
row-major from the top-left corner, +1 black, -1 white, 0 neither) and the
chains come from `passalive.tools.summary` on the replay's bitsets, as
`analyse --jsonl` writes them, without a `Board`; a query asking for the
pass-alive map only is answered whole by the compiled kernel
(`kernel_answers`: the replay and every turn in one call).  Every other map is asked
of the module that defines it, on a `Board` made from the same bitsets once
per turn: KataGo's `calculateArea` and independent life
(`passalive.definitions.area`), GNU Go's unconditional status
(`definitions.unconditional`), Müller's static safety
(`definitions.static_safety`), the scorer (`tools.result.score_game`) and
the oracle (`tools.verify.verify`), with the query's `passAliveSuicide` as
their suicide rule.  Fields of an answer, by status:

* `pass-alive`: `ownership` (pass-alive stones and pass-alive territory)
  and `passAlive` (the pass-alive chains of each colour, as GTP names);
* `katago-area`: `katagoArea`; `independent-life`: `independentLife` and
  `independentLifeRegions` (white's count minus black's);
* `unconditional`: `unconditional`, GNU Go's word for every point;
* `static-safety`, `static-safety-sound`: `staticSafety`, `staticSafetySound`;
* `score`: `score` (result, margin, `margin_range`, `result_proven`, ...),
  `scoreChains` (every chain's status and evidence), `scoreStatus` (the
  chain's status on every stone, "" on an empty point);
* `verify`: `verify`, the oracle's answer for every chain within the budget.
"""

from __future__ import annotations

import functools
import json
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from passalive.definitions.analysis import analyse
from passalive.definitions.area import area_map, independent_life_area
from passalive.definitions.kernel import RULE_CODES, move_codes, native
from passalive.go.bitboard import from_padded, mask_of, to_padded
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.go.suicide import Suicide
from passalive.tools.engine.query import Query
from passalive.tools.engine.replay import Turn, turns
from passalive.tools.summary import FAST_VARIANTS, alive_bits, chain_names, fast_variant, quoted_names


def signed_map(black: int, white: int, width: int, height: int) -> str:
    """Two disjoint padded bitsets as KataGo's per-point JSON array: +1, -1 or 0 for
    each point, row-major from the top-left corner (made by bytes operations, not per point)."""
    # one byte per bit of the padded layout, lowest first: 1 where black, 2 where white, 3 on padding
    data = (_spread(black) + 2 * _spread(white) + _padding(width, height)).to_bytes((width + 1) * height, "little")
    digits = data.translate(_DIGITS, b"\x03").decode("ascii")
    return "[" + ",".join(digits).replace("2", "-1") + "]"


@functools.lru_cache(maxsize=64)
def _padding(width: int, height: int) -> int:
    """Byte value 3 at every padding bit of the padded layout (see `signed_map`)."""
    stride = width + 1
    return sum(3 << (8 * (y * stride + width)) for y in range(height))


_DIGITS = bytes.maketrans(b"\x00\x01\x02", b"012")


def _spread(bits: int) -> int:
    """A bitset with each bit moved to the low bit of its own byte (bit k to bit 8k)."""
    if not bits:
        return 0
    text = bin(bits)[2:]
    return int.from_bytes(text.encode("ascii")[::-1].translate(_ZERO_ONE), "little")


_ZERO_ONE = bytes.maketrans(b"01", b"\x00\x01")


def _ids_to_padded(points: Iterable[int], width: int, height: int) -> int:
    return to_padded(mask_of(points), width, height)


class _Turn:
    """One analysed turn: its bitsets, and its `Board` made when a map needs one."""

    def __init__(self, query: Query, turn: Turn, names: Callable[[int], str]) -> None:
        self.query = query
        self.turn = turn
        self.names = names
        """A padded bitset's point names as a JSON list (made once per query)."""
        self._board: Board | None = None

    @property
    def board(self) -> Board:
        if self._board is None:
            q, t = self.query, self.turn
            self._board = Board.from_masks(from_padded(t.black, q.width, q.height), from_padded(t.white, q.width, q.height),
                                           q.width, q.height)
        return self._board

    def signed_ids(self, black: Iterable[int], white: Iterable[int]) -> str:
        q = self.query
        return signed_map(_ids_to_padded(black, q.width, q.height), _ids_to_padded(white, q.width, q.height),
                          q.width, q.height)


def answers(query: Query, positions: Iterable[Turn] | None = None) -> Iterator[str]:
    """The answer lines (without their line break) of a checked query whose moves are legal
    (`replay.check_moves`): warnings first, then one line per analysed turn, in turn order.
    `positions` are the analysed turns when the caller has them (else the moves are replayed)."""
    yield from _warning_lines(query)
    head = _head(query)
    wanted = set(query.turns)
    last = query.turns[-1]
    clock = time.perf_counter
    before: tuple[Turn, str] | None = None  # the last analysed position and its answer's body
    names = chain_names(query.width, query.height)
    for turn in turns(query) if positions is None else positions:
        if turn.number not in wanted:
            continue
        started = clock()
        if before is not None and _same(before[0], turn):
            body = before[1]  # a pass (or passes) since: the same position, the same maps
        else:
            here = _Turn(query, turn, names)
            parts = [_FIELDS[status](here) for status in query.statuses]
            if query.verify_seconds is not None:
                parts.append(_verify(here, query.verify_seconds))
            body = "".join(parts)
        before = (turn, body)
        yield f'{head}{turn.number}{body},"timeMs":{(clock() - started) * 1000:.3f}}}'
        if turn.number == last:
            return


def kernel_answers(query: Query) -> list[str] | None:
    """The answer lines of a pass-alive-only query from the compiled kernel's `query_answers` (the replay
    and every analysed turn's `ownership` and `passAlive` in one call), or None for the general path
    (`check_moves`, then `answers`): no kernel, another map or `verify` asked for, a variant the kernel
    does not answer, or a move it leaves to the replay to word (then `check_moves` raises the QueryError).

    The lines are `answers`' bytes but for `timeMs`: the turns are computed together, and each answer's
    `timeMs` is its share of the call (tests/test_query_engine.py compares the rest)."""
    compiled = native()
    if compiled is None or query.statuses != ("pass-alive",) or query.verify_seconds is not None:
        return None
    chosen = fast_variant(query.variant, query.pass_alive_suicide)
    if chosen is None or chosen.name not in FAST_VARIANTS:
        return None
    width, height = query.width, query.height
    black = _ids_to_padded((spot for colour, spot in query.initial if colour is Colour.BLACK), width, height)
    white = _ids_to_padded((spot for colour, spot in query.initial if colour is Colour.WHITE), width, height)
    wanted = bytearray(len(query.moves) + 1)
    for turn in query.turns:
        wanted[turn] = 1
    started = time.perf_counter()
    bodies = compiled.query_answers(
        width, height, black, white, move_codes(query.moves), RULE_CODES[query.suicide], chosen.all_points,
        query.pass_alive_suicide is not Suicide.ILLEGAL, quoted_names(width, height), bytes(wanted),
    )
    if bodies is None:
        return None
    share = (time.perf_counter() - started) * 1000 / max(1, len(bodies))
    lines = _warning_lines(query)
    head = _head(query)
    lines.extend(f'{head}{turn}{body.decode("ascii")},"timeMs":{share:.3f}}}' for turn, body in zip(query.turns, bodies))
    return lines


def _warning_lines(query: Query) -> list[str]:
    """The query's warning lines, `{"id", "warning", "field"}`, which come before its answers."""
    name = json.dumps(query.id)
    return [f'{{"id":{name},"warning":{json.dumps(message)},"field":{json.dumps(field)}}}' for field, message in query.warnings]


def _head(query: Query) -> str:
    """The start of every answer line of the query, up to its turn number."""
    return f'{{"id":{json.dumps(query.id)},"isDuringSearch":false,"turnNumber":'


def _same(a: Turn, b: Turn) -> bool:
    """Whether two turns hold the same position and the same prisoners."""
    return (a.black == b.black and a.white == b.white and a.captured_by_black == b.captured_by_black
            and a.captured_by_white == b.captured_by_white)


# ------------------------------------------------------------------ the maps


def _pass_alive(here: _Turn) -> str:
    q, t = here.query, here.turn
    found = alive_bits(t.black, t.white, q.width, q.height, q.pass_alive_suicide, q.variant)
    if found is not None:
        (ab, aw), (tb, tw) = found.alive, found.territory
        names = here.names
        black, white = (",".join([names(chain) for chain in chains]) for chains in found.chains)
        return (f',"ownership":{signed_map(ab | tb, aw | tw, q.width, q.height)},'
                f'"passAlive":{{"black":[{black}],"white":[{white}]}}')
    board = here.board
    result = analyse(board, q.variant, q.pass_alive_suicide)
    own = {c: result.alive_points(c) | result.territory(c) for c in STONE_COLOURS}
    chains = {c.value: [board.names(sorted(board.chains[i].points)) for i in sorted(result.alive(c))] for c in STONE_COLOURS}
    return f',"ownership":{here.signed_ids(own[Colour.BLACK], own[Colour.WHITE])},"passAlive":{_compact(chains)}'


def _katago_area(here: _Turn) -> str:
    area = area_map(here.board, here.query.area, here.query.pass_alive_suicide)
    return f',"katagoArea":{here.signed_ids(area.black, area.white)}'


def _independent_life(here: _Turn) -> str:
    life = independent_life_area(here.board, here.query.area, here.query.pass_alive_suicide)
    return (f',"independentLife":{here.signed_ids(life.area.black, life.area.white)},'
            f'"independentLifeRegions":{life.white_minus_black}')


def _unconditional(here: _Turn) -> str:
    from passalive.definitions.unconditional import unconditional_status

    statuses = unconditional_status(here.board)
    return ',"unconditional":[' + ",".join(f'"{s.value}"' for s in statuses) + "]"


def _static_safety(here: _Turn, sound: bool) -> str:
    from passalive.definitions.static_safety.solve import static_safety

    safe = static_safety(here.board, sound=sound).safe
    key = "staticSafetySound" if sound else "staticSafety"
    return f',"{key}":{here.signed_ids(safe[Colour.BLACK], safe[Colour.WHITE])}'


def _score(here: _Turn) -> str:
    from passalive.tools.result import score_game

    q, t, board = here.query, here.turn, here.board
    game = score_game(board, komi=q.komi, handicap=q.handicap_stones(t.number),
                      handicap_bonus=q.white_handicap_points(t.number), rules=q.counting, suicide=q.pass_alive_suicide,
                      captures={Colour.BLACK: t.captured_by_black, Colour.WHITE: t.captured_by_white})
    status = [""] * (q.width * q.height)
    chains: list[dict[str, Any]] = []
    for chain in game.settlement.chains:
        for p in chain.stones:
            status[p] = chain.status.value
        chains.append({
            "colour": chain.colour.value, "stones": board.names(sorted(chain.stones)), "status": chain.status.value,
            "evidence": chain.evidence.value, "known_by": chain.evidence.kind,
            "judged": chain.judged.value if chain.judged is not None else None,
        })
    score = {
        "result": game.result, "margin": game.margin, "margin_range": list(game.margin_range),
        "margin_range_exact": game.exact_range, "result_proven": game.result_proven, "finished": game.finished,
        "rules": game.rules, "komi": game.komi, "handicap": game.handicap, "handicap_bonus": game.handicap_bonus,
        "prisoners": {"black": t.captured_by_black, "white": t.captured_by_white},
        "warnings": [*game.warnings, *game.notes],
    }
    return (f',"score":{_compact(score)},"scoreChains":{_compact(chains)},'
            f'"scoreStatus":{_compact(status)}')


def _verify(here: _Turn, seconds: float) -> str:
    from passalive.tools.verify import verify

    board = here.board
    checked = verify(board, here.query.variant, here.query.pass_alive_suicide, timeout=seconds)
    chains = []
    for verdict in checked.chains:
        truth = verdict.truth
        chains.append({
            "colour": verdict.colour.value, "stones": board.names(sorted(board.chains[verdict.chain].points)),
            "claim": verdict.claim, "result": verdict.result.value,
            "method": truth.method.value if truth.method is not None else None,
            "theorem": truth.theorem.value if truth.theorem is not None else None,
            "depth": verdict.depth, "sequence": _moves(board, verdict.sequence), "reason": truth.reason,
        })
    found = {"seconds": seconds, "variant": checked.variant, "contradicted": len(checked.contradictions), "chains": chains}
    return f',"verify":{_compact(found)}'


def _moves(board: Board, moves: Sequence[int | None]) -> list[str]:
    return [board.name(m) if m is not None else "pass" for m in moves]


def _compact(value: object) -> str:
    return json.dumps(value, separators=(",", ":"))


_FIELDS = {
    "pass-alive": _pass_alive,
    "katago-area": _katago_area,
    "independent-life": _independent_life,
    "unconditional": _unconditional,
    "static-safety": lambda here: _static_safety(here, False),
    "static-safety-sound": lambda here: _static_safety(here, True),
    "score": _score,
}
