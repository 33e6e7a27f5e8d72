"""Real games: the final positions of GNU Go self-play are settled chain by chain.

`tests/data/games/finals/` holds 19x19 games GNU Go played against itself to two
passes (bench/gnugo_games.py makes them again from their seeds).  Every
chain of both colours must be settled by search -- proven by the Z3
complete check or the suicide certificate, or captured by a replayed
sequence -- never left unknown, and never by taking a static theorem's
word for it.  (How fast: bench/bench_verify.py --games.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from passalive.go.suicide import Suicide
from passalive.grammar.read import read_diagrams
from passalive.solver.simulator import Game, check_witness
from passalive.solver.truth import Method, Status
from passalive.tools.verify import verify

GAMES = sorted((Path(__file__).parent / "data" / "games" / "finals").glob("*.sgf"))


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_gnugo_final_position_is_settled_by_search(path: Path) -> None:
    board = read_diagrams(str(path))[0].board
    assert board.size == (19, 19)
    result = verify(board, "casting-out", Suicide.ILLEGAL, complete=True)
    assert not result.contradictions
    if "japanese" in path.stem:  # the game stopped with dead stones on the board
        assert any(v.result is Status.CAPTURED for v in result.chains)
    else:  # every dead stone was captured: what is left lives
        assert all(v.result is Status.PROVEN for v in result.chains if v.claim_alive)
    for v in result.chains:
        assert v.result in (Status.PROVEN, Status.CAPTURED), board.names(board.chains[v.chain].points)
        assert v.truth.by_search and v.truth.method is not None and not v.truth.method.theorem
        if v.result is Status.CAPTURED:
            _, hit = check_witness(Game.of(board, v.colour), v.sequence, Suicide.ILLEGAL, [v.chain])
            assert v.chain in hit


def test_with_suicide_legal_the_certificate_settles_a_game() -> None:
    board = read_diagrams(str(next(p for p in GAMES if "japanese" not in p.stem)))[0].board
    result = verify(board, "suicide", Suicide.MULTI, complete=True)
    assert not result.contradictions
    assert {v.truth.method for v in result.chains if v.result is Status.PROVEN} == {Method.CERTIFICATE}
    assert all(v.truth.settled for v in result.chains)
