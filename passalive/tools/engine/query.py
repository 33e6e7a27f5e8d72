"""One query of `passalive engine`: a JSON object checked field by field into a `Query`.

The fields follow KataGo's analysis engine (docs/Analysis_Engine.md of
lightvector/KataGo): `id`, `moves` ([["B","Q16"],["W","pass"],...]),
`initialStones`, `initialPlayer`, `rules`, `komi`, `boardXSize`,
`boardYSize`, `analyzeTurns`; and passalive's own: `variant`, `suicide` (the
rule the moves are replayed under), `passAliveSuicide` (the rule of the
pass-alive computation and every status map, apart from the replay's, as
KataGo's `alwaysComputePassAliveUnderSuicideRules`), `statuses`, `areaMode`,
`independentLife`, `verify`.  KataGo's search settings (`maxVisits`,
`includeOwnership`, ...) mean nothing here: they are accepted with a warning.
Anything else is refused: a `QueryError` names the field and says what was
expected, and the engine answers it as `{"id", "error", "field"}`.

Why a checked dataclass: every answer of a query is computed from the
`Query` alone, so a query that passes `parse_query` cannot fail half-way
for a reason its text already showed (an unknown coordinate, a turn out of
range, an illegal move are found before the first answer is written).
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from passalive.definitions.analysis import resolve_variant
from passalive.definitions.area import AreaMode
from passalive.go.conventions import KATAGO_CONVENTIONS
from passalive.errors import PassaliveError
from passalive.go.board import Colour
from passalive.go.coords import GTP_LETTERS
from passalive.go.limits import MAX_ENGINE_KOMI, MAX_ENGINE_MOVES, MAX_ENGINE_VERIFY_SECONDS, MAX_SIDE, board_size_problem
from passalive.go.suicide import Suicide
from passalive.grammar.sgf import rule_suicide
from passalive.tools.result import handicap_bonus
from passalive.tools.score import handicap_bonus_rule, rules_of

STATUSES = (
    "pass-alive", "katago-area", "independent-life", "unconditional", "static-safety", "static-safety-sound", "score",
)
"""The maps a query may ask for in `statuses` (docs/engine.md says what each answers)."""

SUICIDE_ILLEGAL_ONLY = ("unconditional", "static-safety", "static-safety-sound")
"""The statuses defined with suicide illegal only (GNU Go's procedure, Müller's rules)."""

KATAGO_SEARCH_FIELDS = frozenset({
    "maxVisits", "rootPolicyTemperature", "rootFpuReductionMax", "analysisPVLen", "includeOwnership",
    "includeOwnershipStdev", "includeMovesOwnership", "includeMovesOwnershipStdev", "includePolicy",
    "includePVVisits", "includeNoResultValue", "avoidMoves", "allowMoves", "overrideSettings",
    "reportDuringSearchEvery", "priority", "priorities",
})
"""KataGo's fields for its search: accepted, with a warning that they change nothing here."""

FIELDS = frozenset({
    "id", "moves", "initialStones", "initialPlayer", "rules", "komi", "boardXSize", "boardYSize", "analyzeTurns",
    "variant", "suicide", "passAliveSuicide", "statuses", "areaMode", "independentLife", "verify", "action",
    "whiteHandicapBonus",
})
"""Every field passalive reads."""

_RULE_KEYS = frozenset({"ko", "scoring", "tax", "suicide", "hasButton", "whiteHandicapBonus", "friendlyPassOk"})
"""The keys of KataGo's rules given as a JSON object."""


class QueryError(PassaliveError):
    """A query passalive cannot answer: the message and the field it is about."""

    def __init__(self, message: str, field: str | None) -> None:
        super().__init__(message)
        self.field = field

    def format(self) -> str:
        return self.message


@dataclass(frozen=True)
class Query:
    """A checked query (see the module docstring).

    Points are ids `y * width + x`, row 0 at the top (KataGo's row order);
    `moves` are (colour, point) with None for a pass; `turns` the analysed
    turns in increasing order (0: before the first move).
    """

    id: str
    width: int
    height: int
    initial: tuple[tuple[Colour, int], ...]
    moves: tuple[tuple[Colour, int | None], ...]
    turns: tuple[int, ...]
    suicide: Suicide
    pass_alive_suicide: Suicide
    variant: str | None
    statuses: tuple[str, ...]
    area: AreaMode
    """The switches of KataGo's `calculateArea` (`areaMode`) and its independent life (`independentLife`)."""
    komi: float
    counting: str
    verify_seconds: float | None
    warnings: tuple[tuple[str, str], ...] = ()
    """(field, message) of what was accepted but changes nothing."""
    white_handicap_bonus: str = "0"
    """KataGo's `whiteHandicapBonus` rule: the points white receives for black's handicap stones N (`0`, `N`,
    `N-1`), from the field, the rules object, or the rule set (Chinese N, AGA N-1, others 0)."""

    def handicap_stones(self, turn: int) -> int:
        """Black's handicap stones at `turn`, as KataGo's analysis engine counts them
        (`BoardHistory::computeNumHandicapStones` with `assumeMultipleStartingBlackMovesAreHandicap`, its
        default): none when a white stone is among the initial stones; else black's initial stones and the
        black moves (passes not counted) that open the game before white's first move, cancelled when white's
        first move is followed by another white move; fewer than two is no handicap."""
        if any(colour is Colour.WHITE for colour, _ in self.initial):
            return 0
        opening = 0
        played = self.moves[:turn]
        for i, (colour, point) in enumerate(played):
            if colour is not Colour.BLACK:
                if i + 1 < len(played) and played[i + 1][0] is not Colour.BLACK:
                    opening = 0
                break
            if point is not None:
                opening += 1
        stones = len(self.initial) + opening
        return stones if stones >= 2 else 0

    def white_handicap_points(self, turn: int) -> int:
        """The points white receives for the handicap at `turn` (KataGo's `computeWhiteHandicapBonus`)."""
        return handicap_bonus(self.handicap_stones(turn), self.white_handicap_bonus)


def query_id(data: object) -> str | None:
    """The query's `id` when it has a usable one (for the error answer of a bad query)."""
    if isinstance(data, dict):
        value = data.get("id")
        if isinstance(value, str):
            return value
    return None


def parse_query(data: object) -> Query:
    """Check a decoded JSON value as a query (QueryError: what is wrong, and the field)."""
    if not isinstance(data, dict):
        raise QueryError(f"a query is a JSON object, not {_kind(data)}", None)
    warnings: list[tuple[str, str]] = []
    for name in data:
        if name in KATAGO_SEARCH_FIELDS:
            warnings.append((name, f"KataGo's search setting {name!r} changes nothing in passalive's analysis"))
        elif name not in FIELDS:
            raise QueryError(f"unknown field {_shown(name)}; known: {', '.join(sorted(FIELDS))}", name)
    if not isinstance(data.get("id"), str):
        raise QueryError("`id` is required: a string", "id")
    width = _size(data, "boardXSize")
    height = _size(data, "boardYSize")
    problem = board_size_problem(width, height)
    if problem:
        raise QueryError(problem, "boardXSize" if width > height else "boardYSize")
    suicide, counting = _rules(data.get("rules"))
    bonus = _handicap_bonus(data["whiteHandicapBonus"], "whiteHandicapBonus") if "whiteHandicapBonus" in data \
        else _rules_handicap_bonus(data.get("rules"))
    if "suicide" in data:
        suicide = _suicide(data["suicide"], "suicide")
    pass_alive = _suicide(data["passAliveSuicide"], "passAliveSuicide") if "passAliveSuicide" in data else suicide
    statuses = _statuses(data.get("statuses", ["pass-alive"]))
    variant = data.get("variant")
    if variant is not None:
        if not isinstance(variant, str):
            raise QueryError(f"`variant` is a string, not {_kind(variant)}", "variant")
    try:
        resolve_variant(variant, pass_alive)
    except PassaliveError as refused:
        raise QueryError(refused.message, "variant") from None
    if pass_alive is not Suicide.ILLEGAL:
        for name in statuses:
            if name in SUICIDE_ILLEGAL_ONLY:
                raise QueryError(f"the status {name!r} is defined with suicide illegal only; "
                                 f"passAliveSuicide is {pass_alive.value!r}", "passAliveSuicide")
    if "initialPlayer" in data:
        _colour(data["initialPlayer"], "initialPlayer")
    initial = _initial(data.get("initialStones", []), width, height)
    moves = _moves(data.get("moves"), width, height)
    turns = _turns(data.get("analyzeTurns"), len(moves))
    return Query(
        id=data["id"],
        width=width,
        height=height,
        initial=initial,
        moves=moves,
        turns=turns,
        suicide=suicide,
        pass_alive_suicide=pass_alive,
        variant=variant,
        statuses=statuses,
        area=_area(data, statuses),
        komi=_komi(data.get("komi"), counting),
        counting=counting,
        verify_seconds=_verify(data["verify"]) if "verify" in data else None,
        warnings=tuple(warnings),
        white_handicap_bonus=bonus,
    )


# ------------------------------------------------------------------ fields


def _kind(value: object) -> str:
    """A JSON value's kind in words, for messages."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return "an object"


def _shown(value: object) -> str:
    """A value as a message quotes it: at most 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _size(data: Mapping[str, Any], name: str) -> int:
    value = data.get(name)
    if value is None:
        raise QueryError(f"`{name}` is required: the board's {'width' if name == 'boardXSize' else 'height'}", name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise QueryError(f"`{name}` is an integer, not {_kind(value)}", name)
    if value < 1:
        raise QueryError(f"`{name}` is at least 1, not {value}", name)
    if value > 10_000:
        raise QueryError(f"a board of {name} {value if value < 10**9 else 'beyond 10^9'} is larger than passalive "
                         f"reads (at most {MAX_SIDE} points a side)", name)
    return value


def _rules(value: object) -> tuple[Suicide, str]:
    """The replay's suicide rule and the counting (`japanese`, `area`, `tromp-taylor`) of `rules`."""
    if value is None:
        return Suicide.ILLEGAL, "japanese"
    if isinstance(value, str):
        rule = rule_suicide(value)
        counting = rules_of(value)
        if rule is None and counting is None or len(value) > 200:
            raise QueryError(f"unknown rules {_shown(value)}: use KataGo's names (tromp-taylor, chinese, japanese, "
                             "korean, aga, new-zealand, ...) or its JSON object", "rules")
        return rule if rule is not None else Suicide.ILLEGAL, counting or "area"
    if isinstance(value, dict):
        for key in value:
            if key not in _RULE_KEYS:
                raise QueryError(f"unknown key {_shown(key)} of `rules`; known: {', '.join(sorted(_RULE_KEYS))}", "rules")
        suicide = value.get("suicide", False)
        if not isinstance(suicide, bool):
            raise QueryError(f"`rules`' `suicide` is a boolean, not {_kind(suicide)}", "rules")
        scoring = value.get("scoring", "AREA")
        if scoring not in ("AREA", "TERRITORY"):
            raise QueryError(f"`rules`' `scoring` is AREA or TERRITORY, not {_shown(scoring)}", "rules")
        return (Suicide.MULTI if suicide else Suicide.ILLEGAL), ("area" if scoring == "AREA" else "japanese")
    raise QueryError(f"`rules` is a string or an object, not {_kind(value)}", "rules")


_HANDICAP_BONUS = ("0", "N", "N-1")
"""KataGo's `whiteHandicapBonus` rules."""

def _handicap_bonus(value: object, field: str, said: str = "`whiteHandicapBonus`") -> str:
    """A checked `whiteHandicapBonus` rule (`said`: how the message names it; `field`: the query's field)."""
    if value not in _HANDICAP_BONUS:
        raise QueryError(f"{said} is \"0\", \"N\" or \"N-1\", not {_shown(value)}", field)
    return str(value)


def _rules_handicap_bonus(value: object) -> str:
    """The white handicap bonus rule of a checked `rules` value (`passalive.tools.score.HANDICAP_BONUS_OF_RULE_SET`, else 0)."""
    if isinstance(value, dict):
        return _handicap_bonus(value.get("whiteHandicapBonus", "0"), "rules", "`rules`' `whiteHandicapBonus`")
    if isinstance(value, str):
        text = value.strip().lower()
        found = re.search(r"whb(n-1|n|0)", text)
        if found:
            return found.group(1).upper()
        return handicap_bonus_rule(text) or "0"
    return "0"


def _suicide(value: object, name: str) -> Suicide:
    """A suicide rule: true (multi-stone suicide legal, as KataGo's `suicide`), false, or `no`/`multi`/`all`."""
    if isinstance(value, bool):
        return Suicide.MULTI if value else Suicide.ILLEGAL
    if isinstance(value, str):
        for rule in Suicide:
            if value == rule.value:
                return rule
    raise QueryError(f"`{name}` is true, false, \"no\", \"multi\" or \"all\", not {_shown(value)}", name)


def _statuses(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise QueryError(f"`statuses` is a non-empty list of names ({', '.join(STATUSES)})", "statuses")
    chosen: list[str] = []
    for name in value:
        if not isinstance(name, str) or name not in STATUSES:
            raise QueryError(f"unknown status {_shown(name)}; known: {', '.join(STATUSES)}", "statuses")
        if name not in chosen:
            chosen.append(name)
    return tuple(chosen)


def _colour(value: object, name: str) -> Colour:
    if isinstance(value, str):
        text = value.lower()
        if text in ("b", "black"):
            return Colour.BLACK
        if text in ("w", "white"):
            return Colour.WHITE
    raise QueryError(f"a player is \"B\" or \"W\", not {_shown(value)}", name)


_GTP = re.compile(r"([A-HJ-Za-hj-z]{1,2})([0-9]{1,3})")
_XY = re.compile(r"\(\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s*\)")
_GRID = re.compile(r"([0-9]{1,3}):([0-9]{1,3})")


@functools.lru_cache(maxsize=16)
def _gtp_points(width: int, height: int) -> dict[str, int]:
    """Every upper-case GTP name of a board of up to 25 columns and its point id: a
    query's moves are looked up, not parsed (KataGo's extended names go through `point_of`)."""
    if width > len(GTP_LETTERS):
        return {}
    return {f"{GTP_LETTERS[x]}{height - y}": y * width + x for y in range(height) for x in range(width)}


def point_of(name: str, width: int, height: int) -> int | None:
    """The point id a location names, None for a pass; ValueError when it names no point of the board.

    As KataGo reads locations: GTP names (`Q16`; columns A-Z without I,
    then `AA`, `AB`, ... on wider boards), `(x,y)` from the top-left corner
    counting from 0, and `pass`; and passalive's `col:row` from 1:1 at the
    top left, the names its answers use on boards wider than 25 columns.
    """
    found_at = _gtp_points(width, height).get(name)
    if found_at is not None:
        return found_at
    text = name.strip()
    if text.lower() in ("pass", "pss"):
        return None
    found = _GTP.fullmatch(text)
    if found:
        letters = found.group(1).upper()
        x = GTP_LETTERS.index(letters[-1])
        if len(letters) == 2:
            x += (GTP_LETTERS.index(letters[0]) + 1) * len(GTP_LETTERS)
        y = height - int(found.group(2))
    else:
        found = _XY.fullmatch(text) or _GRID.fullmatch(text)
        if not found:
            raise ValueError(name)
        x, y = int(found.group(1)), int(found.group(2))
        if found.re is _GRID:
            x, y = x - 1, y - 1
    if not (0 <= x < width and 0 <= y < height):
        raise ValueError(name)
    return y * width + x


def _pair(value: object, name: str, index: int) -> tuple[Colour, str]:
    if not isinstance(value, list) or len(value) != 2 or not isinstance(value[1], str):
        raise QueryError(f"`{name}`[{index}] is [player, location], e.g. [\"B\", \"Q16\"], not {_shown(value)}", name)
    return _colour(value[0], name), value[1]


def _location(text: str, name: str, index: int, width: int, height: int) -> int | None:
    try:
        return point_of(text, width, height)
    except ValueError:
        raise QueryError(f"`{name}`[{index}]: {_shown(text)} is no point of a {width}x{height} board", name) from None


def _initial(value: object, width: int, height: int) -> tuple[tuple[Colour, int], ...]:
    if not isinstance(value, list):
        raise QueryError(f"`initialStones` is a list of [player, location], not {_kind(value)}", "initialStones")
    if len(value) > width * height:
        raise QueryError(f"`initialStones` has {len(value)} stones, more than the board's {width * height} points",
                         "initialStones")
    stones: list[tuple[Colour, int]] = []
    seen: set[int] = set()
    for index, item in enumerate(value):
        colour, text = _pair(item, "initialStones", index)
        point = _location(text, "initialStones", index, width, height)
        if point is None:
            raise QueryError(f"`initialStones`[{index}] is a pass; initial stones are on points", "initialStones")
        if point in seen:
            raise QueryError(f"`initialStones`[{index}] puts a second stone on {text}", "initialStones")
        seen.add(point)
        stones.append((colour, point))
    return tuple(stones)


def _moves(value: object, width: int, height: int) -> tuple[tuple[Colour, int | None], ...]:
    if value is None:
        raise QueryError("`moves` is required: a list of [player, location] (empty for a position without moves)", "moves")
    if not isinstance(value, list):
        raise QueryError(f"`moves` is a list of [player, location], not {_kind(value)}", "moves")
    if len(value) > MAX_ENGINE_MOVES:
        raise QueryError(f"`moves` has {len(value):,} moves; a query has at most {MAX_ENGINE_MOVES:,}", "moves")
    return tuple(
        (colour, _location(text, "moves", index, width, height))
        for index, (colour, text) in ((i, _pair(item, "moves", i)) for i, item in enumerate(value))
    )


def _turns(value: object, moves: int) -> tuple[int, ...]:
    if value is None:
        return (moves,)
    if not isinstance(value, list):
        raise QueryError(f"`analyzeTurns` is a list of turn numbers, not {_kind(value)}", "analyzeTurns")
    turns: set[int] = set()
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int):
            raise QueryError(f"`analyzeTurns` holds integers, not {_shown(item)}", "analyzeTurns")
        if not 0 <= item <= moves:
            raise QueryError(f"turn {item if abs(item) < 10**9 else 'beyond 10^9'} is out of range: "
                             f"this query has turns 0 to {moves}", "analyzeTurns")
        turns.add(item)
    return tuple(sorted(turns))


def _flags(value: object, name: str, keys: Mapping[str, str]) -> dict[str, bool]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise QueryError(f"`{name}` is an object of booleans ({', '.join(keys)}), not {_kind(value)}", name)
    flags: dict[str, bool] = {}
    for key, flag in value.items():
        if key not in keys or not isinstance(flag, bool):
            raise QueryError(f"`{name}` takes the booleans {', '.join(keys)}, not {_shown(key)}: {_shown(flag)}", name)
        flags[keys[key]] = flag
    return flags


_SWITCH_FIELDS: Mapping[str, Mapping[str, str]] = {
    "areaMode": {"safeBigTerritories": "safe_big_territories", "unsafeBigTerritories": "unsafe_big_territories",
                 "nonPassAliveStones": "non_pass_alive_stones"},
    "independentLife": {"keepTerritories": "keep_territories", "keepStones": "keep_stones"},
}
"""The query's objects of `AreaMode` switches: each field's keys and the switch (field name) each sets."""

_STATUS_CONVENTIONS: Mapping[str, tuple[str, ...]] = {
    "katago-area": KATAGO_CONVENTIONS,
    "independent-life": ("independent-life",),
}
"""The territory conventions whose switches a status uses (`katago-area` sets `safeBigTerritories` itself)."""


def _area(data: Mapping[str, Any], statuses: tuple[str, ...]) -> AreaMode:
    """The switches of `areaMode` and `independentLife`; refused where no status in `statuses` uses one that is on
    (the rule is `AreaMode.unused`'s; the words are the query's fields)."""
    flags: dict[str, bool] = {}
    for name, keys in _SWITCH_FIELDS.items():
        flags.update(_flags(data.get(name), name, keys))
    mode = AreaMode(**flags)
    unused = mode.unused([convention for status in statuses for convention in _STATUS_CONVENTIONS.get(status, ())])
    if unused is not None:
        field, keys = next((name, keys) for name, keys in _SWITCH_FIELDS.items() if unused.switches[0] in keys.values())
        named = " and ".join(key for key, switch in keys.items() if switch in unused.switches)
        users = " or ".join(f'"{status}"' for status, conventions in _STATUS_CONVENTIONS.items()
                            if set(conventions) & set(unused.conventions))
        raise QueryError(f"`{field}`'s {named} need {users} in `statuses`", field)
    return mode


def _komi(value: object, counting: str) -> float:
    """The komi; KataGo's default when absent: 7.5 under area counting, 6.5 under territory counting."""
    if value is None:
        return 6.5 if counting == "japanese" else 7.5
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise QueryError(f"`komi` is a number, not {_kind(value)}", "komi")
    if not math.isfinite(value) or abs(value) > MAX_ENGINE_KOMI:
        raise QueryError(f"`komi` is at most {MAX_ENGINE_KOMI:g} points either way, not {_shown(value)}", "komi")
    return float(value)


def _verify(value: object) -> float:
    """The oracle's seconds per analysed turn (`verify`: true, or {"seconds": S})."""
    seconds: object = 5.0
    if isinstance(value, dict):
        for key in value:
            if key != "seconds":
                raise QueryError(f"`verify` takes {{\"seconds\": S}}, not the key {_shown(key)}", "verify")
        seconds = value.get("seconds", 5.0)
    elif value is not True:
        raise QueryError(f"`verify` is true or {{\"seconds\": S}}, not {_shown(value)}", "verify")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not math.isfinite(seconds) \
            or not 0 < seconds <= MAX_ENGINE_VERIFY_SECONDS:
        raise QueryError(f"`verify`'s seconds are a number above 0 and at most {MAX_ENGINE_VERIFY_SECONDS:g}, "
                         f"not {_shown(seconds)}", "verify")
    return float(seconds)
