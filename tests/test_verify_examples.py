"""Every bundled variant's verdicts on the hand-made diagrams, checked by `verify --complete`.

Where a variant is right, every claim is confirmed: alive chains proven,
not-alive chains captured.  Where it is wrong (knechtel on some shapes, the
suicide adaptation under rules without suicide), the contradiction is a
capture whose sequence replays, or a proof.  Casting-out and the definition
(under either rule) and the suicide variant (multi-stone suicide legal) are
exact, so they are never contradicted.
"""

from __future__ import annotations

import glob
from functools import lru_cache
from pathlib import Path

import pytest

from passalive.definitions.analysis import analyse
from passalive.go.board import STONE_COLOURS, Colour
from passalive.grammar.read import read_diagrams
from passalive.go.suicide import Suicide
from passalive.solver.simulator import Game, check_witness
from passalive.tools.verify import Verification, verify
from passalive.solver.truth import Status
from passalive.definitions.variants import VARIANTS

EXAMPLES = sorted(glob.glob(str(Path(__file__).parent.parent / "examples" / "*.txt")))
EXACT = {("casting-out", Suicide.ILLEGAL), ("definition", Suicide.ILLEGAL), ("definition", Suicide.MULTI), ("suicide", Suicide.MULTI)}


@lru_cache(maxsize=None)
def _diagrams(path: str) -> tuple:
    return tuple(read_diagrams(path))


@lru_cache(maxsize=None)
def _verified(path: str, index: int, suicide: Suicide, claims: tuple[frozenset[int], frozenset[int]]) -> Verification:
    board = _diagrams(path)[index].board
    given = dict(zip(STONE_COLOURS, claims))
    return verify(board, suicide=suicide, complete=True, timeout=60, claims=given)


def _cases() -> list[tuple[str, str, Suicide]]:
    return [
        (path, name, rule)
        for path in EXAMPLES
        for name, variant in VARIANTS.items()
        for rule in (Suicide.ILLEGAL, Suicide.MULTI)
        if rule in variant.suicide
    ]


@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{Path(c[0]).stem}-{c[1]}-{c[2].value}")
def test_variant_verdicts_are_confirmed_or_refuted_by_the_game(case: tuple[str, str, Suicide]) -> None:
    path, name, rule = case
    for index, diagram in enumerate(_diagrams(path)):
        board = diagram.board
        analysis = analyse(board, name, rule)
        claims = (analysis.alive(Colour.BLACK), analysis.alive(Colour.WHITE))
        result = _verified(path, index, rule, claims)
        where = f"{Path(path).name} #{index + 1} {name} suicide={rule.value}"
        for v in result.chains:
            assert v.result in (Status.PROVEN, Status.CAPTURED), where
            if v.result is Status.CAPTURED:
                _, hit = check_witness(Game.of(board, v.colour), v.sequence, rule, [v.chain])
                assert v.chain in hit, where
        if (name, rule) in EXACT:
            assert not result.contradictions, where
