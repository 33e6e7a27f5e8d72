"""The status maps `analyse` adds for some `--territory` conventions: JSON fields and text lines.

* `katago` / `katago-strict`: `"area"`, KataGo's `calculateArea` map in the
  mode the flags choose (`--unsafe-big-territories`, `--non-pass-alive-stones`;
  `katago` has safe big territories, `katago-strict` not; `--suicide` makes
  multi-stone suicide legal).
* `independent-life`: `"area"`, KataGo's independent-life area
  (`--keep-territories`, `--keep-stones`), and `"independent_life_regions"`,
  white's count of such regions minus black's.
* `unconditional`: `"status"`, GNU Go's unconditional status of every point.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from passalive.definitions.area import AreaMode
from passalive.errors import UsageError
from passalive.go.board import STONE_COLOURS, Board, Colour, Mark, MarkKind
from passalive.go.conventions import KATAGO_CONVENTIONS, switch_flag
from passalive.go.suicide import Suicide

if TYPE_CHECKING:  # the definitions load when a convention asks for them
    from passalive.definitions.unconditional import Status


@dataclass(frozen=True)
class StatusOptions:
    """The flags of `analyse` that choose a mode of the status maps: KataGo's area switches
    (the convention chooses `safe_big_territories`) and GNU Go's `--prove`."""

    area: AreaMode = AreaMode()
    prove: bool = False

    def check(self, territory: str) -> None:
        """Refuse a flag the chosen convention has no use for (UsageError, in the words of `analyse`'s flags)."""
        unused = self.area.unused((territory,))
        if unused is not None:
            flags = " and ".join("--" + switch_flag(switch) for switch in unused.switches)
            raise UsageError(f"{flags} need --territory {' or '.join(unused.conventions)}")
        if self.prove and territory != "unconditional":
            raise UsageError("--prove needs --territory unconditional")


def status_fields(board: Board, territory: str, suicide: Suicide, engine: str, options: StatusOptions) -> dict[str, Any]:
    """The JSON fields of one diagram for the convention (none for `healthy`)."""
    if territory in KATAGO_CONVENTIONS:
        from passalive.definitions.area import area_by_rules, area_map

        area = (area_by_rules if engine == "rules" else area_map)(board, options.area.under(territory), suicide)
        return map_fields(territory, suicide, options, area={c.value: board.names(area.of(c)) for c in STONE_COLOURS})
    if territory == "independent-life":
        from passalive.definitions.area import independent_life_area, independent_life_by_rules

        compute = independent_life_by_rules if engine == "rules" else independent_life_area
        life = compute(board, options.area, suicide)
        return map_fields(territory, suicide, options, area={c.value: board.names(life.area.of(c)) for c in STONE_COLOURS},
                          life_regions=life.white_minus_black)
    if territory == "unconditional":
        from passalive.definitions.unconditional import unconditional_status, unconditional_by_rules

        statuses = (unconditional_by_rules if engine == "rules" else unconditional_status)(board, suicide)
        order = board.names(range(len(board.points)))
        by_name = {board.name(p): s.value for p, s in enumerate(statuses)}
        fields = map_fields(territory, suicide, options, status={name: by_name[name] for name in order})
        if options.prove:
            fields["proofs"] = _proofs(board, statuses)
        return fields
    return {}


def map_fields(
    territory: str, suicide: Suicide, options: StatusOptions, *, area: dict[str, list[str]] | None = None,
    life_regions: int | None = None, status: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The JSON fields of a status map already computed and named (by the general path above,
    or by the bitset summary of `passalive.tools.summary`): one writer of their shape."""
    rule = {"multi_stone_suicide_legal": suicide is not Suicide.ILLEGAL}
    if territory in KATAGO_CONVENTIONS and area is not None:
        mode = options.area.under(territory)
        switches = {"safe_big_territories": mode.safe_big_territories,
                    "unsafe_big_territories": mode.unsafe_big_territories,
                    "non_pass_alive_stones": mode.non_pass_alive_stones}
        return {"area_mode": {**switches, **rule}, "area": area}
    if territory == "independent-life" and area is not None:
        return {
            "area_mode": {"keep_territories": options.area.keep_territories, "keep_stones": options.area.keep_stones, **rule},
            "area": area,
            "independent_life_regions": {"white_minus_black": life_regions},
        }
    if territory == "unconditional" and status is not None:
        return {"status": status}
    return {}


def _proofs(board: Board, statuses: Sequence[Status]) -> dict[str, Any]:
    """The game-level checks of `passalive.tools.status_proofs` as JSON."""
    from passalive.tools.status_proofs import check_territories, prove_dead

    return {
        "dead": [
            {
                "stones": board.names(board.chains[p.chain].points),
                "capture": None if p.moves is None else [board.name(m) for m in p.moves],
                "replayed": p.replayed,
            }
            for p in prove_dead(board, statuses)
        ],
        "territory": [
            {"colour": c.colour.value, "points": board.names(c.points), "holds": c.holds,
             "refutation": board.names(c.refutation)}
            for c in check_territories(board, statuses)
        ],
    }


def status_lines(board: Board, fields: dict[str, Any]) -> list[str]:
    """The text lines for the fields of `status_fields`."""
    out: list[str] = []
    if "area" in fields:
        for colour in STONE_COLOURS:
            names = fields["area"][colour.value]
            out.append(f"{colour.value} area: {' '.join(names) if names else 'none'}")
    if "independent_life_regions" in fields:
        out.append(f"independent-life regions, white minus black: {fields['independent_life_regions']['white_minus_black']}")
    if "status" in fields:
        by_status: dict[str, list[str]] = {}
        for name, status in fields["status"].items():
            by_status.setdefault(status, []).append(name)
        for status in ("alive", "dead", "black_territory", "white_territory"):
            names = by_status.get(status, [])
            out.append(f"{status}: {' '.join(names) if names else 'none'}")
    if "proofs" in fields:
        for dead in fields["proofs"]["dead"]:
            how = "captured by " + " ".join(dead["capture"]) + (" (replayed)" if dead["replayed"] else " (NOT replayed)") if dead["capture"] else "no capture found"
            out.append(f"dead {' '.join(dead['stones'])}: {how}")
        for claim in fields["proofs"]["territory"]:
            verdict = {True: "holds: the opponent never gets a pass-alive chain there",
                       False: "REFUTED: the opponent gets a pass-alive chain with " + " ".join(claim["refutation"]),
                       None: "unknown: region too big to explore"}[claim["holds"]]
            out.append(f"{claim['colour']} territory {' '.join(claim['points'])}: {verdict}")
    return out


UNCONDITIONAL_LEGEND = "(marks: B/W circled stones unconditionally alive, crossed dead; S black territory, T white territory)"
"""What `unconditional_marks` draws, printed under its diagram."""


def unconditional_marks(board: Board, status: dict[str, str]) -> Board:
    """The board with GNU Go's statuses drawn: alive circled, dead crossed, territory square/triangle."""
    shapes = {"alive": MarkKind.CIRCLE, "dead": MarkKind.CROSS, "black_territory": MarkKind.SQUARE, "white_territory": MarkKind.TRIANGLE}
    points = list(board.without_marks().points)
    for p, point in enumerate(points):
        shape = shapes.get(status.get(board.name(p), ""))
        if shape is not None:
            points[p] = replace(point, mark=Mark(shape))
    return replace(board, points=tuple(points))


def unconditional_glyphs(board: Board, status: dict[str, str]) -> dict[int, str]:
    """GNU Go's statuses as keys of `STATUS_GLYPHS`, by point (for a plain terminal board)."""
    marks: dict[int, str] = {}
    colours = board.colours
    for p in range(len(colours)):
        kind = status.get(board.name(p))
        if kind in ("alive", "dead"):
            black = colours[p] is Colour.BLACK
            marks[p] = ("#" if black else "@") if kind == "alive" else ("x" if black else "o")
        elif kind == "black_territory":
            marks[p] = "b"
        elif kind == "white_territory":
            marks[p] = "w"
    return marks


__all__ = [
    "StatusOptions", "map_fields", "status_fields", "status_lines", "unconditional_glyphs", "unconditional_marks",
    "UNCONDITIONAL_LEGEND",
]
