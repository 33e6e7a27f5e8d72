"""The territory conventions that come with a whole map of statuses, not only pass-alive chains.

* `independent-life`: KataGo's independent-life area (`passalive.definitions.area`);
  a colour's territory is the points of its independent-life regions that
  are not its own stones.
* `unconditional`: GNU Go's unconditional status (`passalive.definitions.unconditional`);
  a colour's territory is the points GNU Go calls `black_territory` /
  `white_territory`, and the opponent stones it calls dead.

`analyse(..., territory=NAME)` dispatches here for these names; the maps
themselves (`"area"`, `"status"` in `analyse --json`) come from the modules.
"""

from __future__ import annotations

from collections.abc import Mapping

from passalive.errors import UsageError
from passalive.go.board import Board, Colour
from passalive.go.suicide import Suicide

STATUS_TERRITORIES: Mapping[str, str] = {
    "independent-life": "KataGo's independent-life area: its full area map without the pieces that touch dame "
    "or hold a stone in atari (seki)",
    "unconditional": "GNU Go's unconditional territory: where the opponent can never build an invincible chain, "
    "with the opponent stones GNU Go calls dead",
}


def status_territory(board: Board, colour: Colour, convention: str, suicide: Suicide, engine: str) -> frozenset[int]:
    """`colour`'s territory under one of `STATUS_TERRITORIES` (empty points and dead opponent stones)."""
    if convention == "independent-life":
        from passalive.definitions.area import independent_life_area, independent_life_by_rules

        life = (independent_life_by_rules if engine == "rules" else independent_life_area)(board, suicide=suicide)
        own = board.stones(colour)
        return frozenset(p for p in life.area.of(colour) if p not in own)
    if convention == "unconditional":
        from passalive.definitions.unconditional import Status, unconditional_status

        statuses = unconditional_status(board, suicide)
        mine = Status.BLACK_TERRITORY if colour is Colour.BLACK else Status.WHITE_TERRITORY
        opponent = board.stones(colour.opponent)
        return frozenset(
            p for p, s in enumerate(statuses) if s is mine or (s is Status.DEAD and p in opponent)
        )
    raise UsageError(f"unknown status convention {convention!r}")  # pragma: no cover - callers check the name
