"""The board as facts for the rule programs, and running a program on a board.

One translation, used by every program (`rules/board.dl` declares it):

    point(p)         every point id p of the board
    adjacent(p, q)   p and q are adjacent (both directions are given)
    stone(p, c)      a stone of colour c, "black" or "white", is on p
    empty(p)         p is empty
    open(p)          p lies on an open side of a cut-out (`Board.open_points`)

Point ids are `Board.points` ids.  A program reports pass-alive chains in a
relation `alive(b)` where b is any stone of the chain (the bundled programs use
the chain's smallest point id); `alive` facts on empty points are an error.

`explain_fact` prints the engine's proof of a fact for people: point ids
named as the board names them (`point_labels`), a few levels deep.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from passalive.definitions.direct import Geometry, GridGeometry
from passalive.definitions.static_safety.geometry import graph_tables
from passalive.go.board import STONE_COLOURS, Board, Colour
from passalive.errors import InputError
from passalive.go.suicide import Suicide

if TYPE_CHECKING:  # the rule engine loads on first use; its types are for the checker
    from passalive.definitions.variants import Variant
    from passalive.rules import Model, Program

Facts = dict[str, list[tuple[Any, ...]]]


def board_facts(board: Board) -> Facts:
    """The input facts of `rules/board.dl` for a board."""
    facts: Facts = {"point": [], "adjacent": [], "stone": [], "empty": [], "open": []}
    for p in board.points:
        facts["point"].append((p.id,))
        if p.colour is Colour.EMPTY:
            facts["empty"].append((p.id,))
        else:
            facts["stone"].append((p.id, p.colour.value))
    facts["adjacent"] = [(p, q) for p, adj in enumerate(board.adjacency) for q in adj]
    facts["open"] = [(p,) for p in sorted(board.open_points)]
    return facts


def order_facts(board: Board) -> Facts:
    """The facts `rules/static-safety.dl` needs besides the board's: Fuego's point order.

    `order(p, n)`: p is the n-th point (bottom row first, left to right);
    `toward(p, q, k)`: q is the k-th neighbour of p (up, right, down, left,
    then any others); `diagonal(p, q)`: q is a diagonal neighbour of p;
    `grid(1)` when the board is a full rectangle with grid adjacency (the
    geometry the nakade shapes ask for).  The tables are those the direct
    implementation walks by (`passalive.definitions.static_safety.geometry`).
    """
    tables = graph_tables(board)
    return {
        "grid": [(1,)] if isinstance(Geometry.of(board), GridGeometry) else [],
        "order": [(p, n) for p, n in enumerate(tables.rank)],
        "toward": [(p, q, k) for p, near in enumerate(tables.directed) for k, q in enumerate(near)],
        "diagonal": [(p, q) for p, diag in enumerate(tables.diagonals) for q in diag],
    }


def bundled_path(name: str) -> Path:
    """The file of a bundled rule program (`casting-out.dl`, …)."""
    return Path(str(resources.files("passalive.rules") / name))


def bundled_programs() -> list[Path]:
    """Every bundled `.dl` program, sorted by name."""
    folder = Path(str(resources.files("passalive.rules")))
    return sorted(folder.glob("*.dl"))


@lru_cache(maxsize=32)
def _load(path: str, mtime: float) -> Program:
    from passalive.rules import load_program

    return load_program(path)


def load(path: str | Path) -> Program:
    """A loaded (parsed, checked) program, cached while its file is unchanged."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"no rule program at {p}")
    return _load(str(p.resolve()), p.stat().st_mtime)


def run(board: Board, program: Program) -> tuple[dict[Colour, frozenset[int]], Model]:
    """Run a loaded program on a board: the `alive` chains of each colour, and the model."""
    decl = program.relations.get("alive")
    if decl is None:
        where = f"{program.files[0]}: " if program.files else ""  # the program as a whole: named, no line
        raise InputError(f"{where}a rule program for analyse must declare a relation alive(b: number)")
    if tuple(decl.types) != ("number",):
        raise InputError(
            f"the relation alive must have one number attribute, alive(b: number); this program declares {decl}",
            decl.loc,
        )
    facts = board_facts(board)
    if "toward" in program.relations:  # a program that follows Fuego's point order (static-safety.dl)
        facts.update(order_facts(board))
    model = program.run(facts)
    chain_at = board.chain_at
    alive: dict[Colour, set[int]] = {c: set() for c in STONE_COLOURS}
    for row in model.relation("alive"):
        p = row[0]
        chain_index = chain_at[p] if isinstance(p, int) and 0 <= p < len(board.points) else None
        if chain_index is None:
            raise InputError(f"the program says alive({p!r}), which is not a stone of the board", decl.loc)
        chain = board.chains[chain_index]
        alive[chain.colour].add(chain.index)
    return {c: frozenset(s) for c, s in alive.items()}, model


EXPLAIN_DEPTH = 5
"""How many levels of the rule engine's proof `--explain` shows below the
verdict: enough for the regions a chain lives by (or the count that failed
and the neighbour cast out before it), not the facts of every stone."""


def is_count(attribute: str) -> bool:
    """Whether a number attribute counts something rather than naming a point.

    The convention of the rule programs: counts are called `n` (or `n_...`,
    `..._count`); every other number is a point id — a point, or a chain or
    region named by its smallest point (board.dl).
    """
    return attribute == "n" or attribute.startswith("n_") or attribute.endswith("_count")


def point_labels(board: Board, program: Program) -> Callable[[str, int, object], str | None]:
    """A `label` for `Proof.render` that names the point ids of a program's
    facts as the board does (GTP, e.g. `C3`, or `col:row`).

    A value is named when its relation's attribute is a number that is not a
    count (`is_count`) and it is a point id of the board; symbols, counts and
    anything else keep their plain form.
    """
    size = len(board.points)

    def label(relation: str, position: int, value: object) -> str | None:
        decl = program.relations.get(relation)
        if decl is None or position >= decl.arity or decl.types[position] != "number":
            return None
        if is_count(decl.attributes[position]) or isinstance(value, bool) or not isinstance(value, int):
            return None
        return board.name(value) if 0 <= value < size else None

    return label


def explain_fact(board: Board, model: Model, relation: str, values: tuple[Any, ...], max_depth: int | None = EXPLAIN_DEPTH) -> str:
    """The engine's proof (or refutation) of one fact, with points named as
    on the board and levels below `max_depth` elided (`...`).

    The engine's own notes (variable values such as `counted: R = C2`, the
    members of an equivalence class) are named the same way, by the attribute
    of the column each value stands in.
    """
    proof = model.why(relation, values)
    return proof.render(max_depth=max_depth, label=point_labels(board, model.program))


def _why(board: Board, model: Model) -> Callable[[int], str]:
    def why(chain_index: int) -> str:
        rep = min(board.chains[chain_index].points)
        return explain_fact(board, model, "alive", (rep,))

    return why


def run_bundled(
    board: Board, variant: Variant, suicide: Suicide
) -> tuple[Mapping[Colour, frozenset[int]], Callable[[int], str], Callable[[Colour], frozenset[int]] | None]:
    """Run a registered variant's bundled program on a board (one that has a
    program): the alive chains, their proofs, and for a program that derives
    its own safe points (`final_safe(c, p)`, static-safety.dl) each colour's
    safe regions from them."""
    if variant.program is None:
        raise ValueError(f"the variant {variant.name!r} has no rule program")
    program = load(bundled_path(variant.program))
    sources, model = run(board, program)
    if "final_safe" not in program.relations:
        return sources, _why(board, model), None
    safe: dict[str, set[int]] = {c.value: set() for c in STONE_COLOURS}
    for colour_name, p in model.relation("final_safe"):
        safe[str(colour_name)].add(int(p))
    chains = board.chains

    def regions(colour: Colour) -> frozenset[int]:
        blocks = {p for i in sources[colour] for p in chains[i].points}
        return frozenset(safe[colour.value] - blocks)

    return sources, _why(board, model), regions


def run_program_file(board: Board, path: str, suicide: Suicide) -> tuple[Mapping[Colour, frozenset[int]], Callable[[int], str]]:
    """Run a user's rule program (a path) on a board."""
    sources, model = run(board, load(path))
    return sources, _why(board, model)


TERRITORY_PROGRAMS = {
    "healthy": ("territory.dl", "territory"),
    "katago-strict": ("katago-area.dl", "pass_alive_territory"),
    "katago": ("katago-area.dl", "area"),
}
"""For each territory convention: its bundled program and output relation."""


def territory_by_rules(
    board: Board, alive: Mapping[Colour, frozenset[int]], convention: str, suicide: Suicide
) -> dict[Colour, frozenset[int]]:
    """Both colours' territory by the convention's rule program, given the pass-alive chains."""
    name, relation = TERRITORY_PROGRAMS[convention]
    program = load(bundled_path(name))
    facts = board_facts(board)
    chains = board.chains
    facts["alive"] = [(min(chains[i].points),) for c in STONE_COLOURS for i in alive[c]]
    if "suicide_rule" in program.relations:
        facts["suicide_rule"] = [(suicide.value,)]
    model = program.run(facts)
    result: dict[Colour, set[int]] = {c: set() for c in STONE_COLOURS}
    for colour_name, p in model.relation(relation):
        result[Colour(colour_name)].add(p)
    return {c: frozenset(s) for c, s in result.items()}
