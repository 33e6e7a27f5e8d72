"""The status rows of `passalive check`: an EXPECT line with `territory=` and status lists.

    $$ {EXPECT territory=unconditional dead=C3 white_territory=A4,C4,A2}
    $$ {EXPECT territory=katago,unsafe-big-territories suicide=multi area_black=... area_white=none}

Each status key lists exactly the points that must have that status (`none`:
no point); keys left out are not checked.  `territory=unconditional` takes
GNU Go's words (`alive`, `dead`, `black_territory`, `white_territory`,
`undecided`); `katago`, `katago-strict` (with `unsafe-big-territories`,
`non-pass-alive-stones`) and `independent-life` (with `keep-territories`,
`keep-stones`) take `area_black` / `area_white`, the points of KataGo's map.
"""

from __future__ import annotations

import time
from passalive.errors import InputError, UsageError
from passalive.go.board import Board
from passalive.go.diagram import Diagram
from passalive.go.markup import Expectation
from passalive.tools.rows import Row, Status

STATUS = "status"
"""The variant name of the status rows (`check --variant status` selects them)."""


def status_map(board: Board, exp: Expectation, engine: str) -> dict[str, frozenset[int]]:
    """The points of each status key under the EXPECT line's territory choice."""
    assert exp.territory is not None
    name, *flags = exp.territory
    if name == "unconditional":
        from passalive.definitions.unconditional import unconditional_by_rules, unconditional_status

        statuses = (unconditional_by_rules if engine == "rules" else unconditional_status)(board, exp.suicide)
        result: dict[str, set[int]] = {}
        for p, s in enumerate(statuses):
            result.setdefault(s.value, set()).add(p)
        return {k: frozenset(v) for k, v in result.items()}
    from passalive.definitions.area import (
        AreaMode,
        area_by_rules,
        area_map,
        independent_life_area,
        independent_life_by_rules,
    )
    from passalive.go.board import Colour

    # the line's flags (`passalive.go.markup.STATUS_TERRITORIES`) are the switches' names with dashes
    mode = AreaMode(**{flag.replace("-", "_"): True for flag in flags}).under(name)
    if name == "independent-life":
        compute = independent_life_by_rules if engine == "rules" else independent_life_area
        area = compute(board, mode, exp.suicide).area
    else:
        area = (area_by_rules if engine == "rules" else area_map)(board, mode, exp.suicide)
    return {"area_black": area.of(Colour.BLACK), "area_white": area.of(Colour.WHITE)}


def _listing(board: Board, items: list[tuple[str, frozenset[int]]]) -> str:
    return "; ".join(f"{key} {' '.join(board.names(points)) or 'none'}" for key, points in items)


def check_statuses(diagram: Diagram, path: str, number: int, exp: Expectation, engine: str = "direct") -> Row:
    """One row: does every listed status hold exactly on the listed points?"""
    board = diagram.board
    started = time.monotonic()
    try:
        got = status_map(board, exp, engine)
    except UsageError as error:
        raise InputError(f"EXPECT: {error.message}", exp.location) from None
    actual = [(key, got.get(key, frozenset())) for key, _ in exp.statuses]
    wrong = [
        f"{key}: expected {' '.join(board.names(want)) or 'none'}, got {' '.join(board.names(have)) or 'none'}"
        for (key, want), (_, have) in zip(exp.statuses, actual)
        if want != have
    ]
    return Row(
        path,
        number,
        diagram.title,
        exp.location.line,
        STATUS,
        "territory=" + ",".join(exp.territory or ()),
        exp.suicide,
        _listing(board, list(exp.statuses)),
        _listing(board, actual),
        Status.FAIL if wrong else Status.OK,
        "; ".join(wrong),
        time.monotonic() - started,
    )
