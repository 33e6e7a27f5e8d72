"""Each variant on hand-made diagrams built from the reference pages' descriptions.

The pages -- Sensei's Library, "Benson's Definition of Unconditional Life"
(https://senseis.xmp.net/?BensonsDefinitionOfUnconditionalLife) and Wikipedia,
"Benson's algorithm (Go)" (https://en.wikipedia.org/wiki/Benson%27s_algorithm_(Go))
-- are cited for their prose; the positions below are our own, built to show
what the captions and the prose describe.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from conftest import board_of
from passalive.definitions.analysis import VARIANTS, analyse
from passalive.go.board import Board, Colour
from passalive.cli.analyse import command as analyse_command
from passalive.cli.rules_list import command as rules_command
from passalive.errors import PassaliveError, UsageError
from passalive.grammar.read import parse_diagrams
from passalive.go.suicide import Suicide

BLACK, WHITE = Colour.BLACK, Colour.WHITE
PLAIN_VARIANTS = ["casting-out", "benson", "wikipedia"]




def alive_names(board: Board, variant: str, colour: Colour, suicide: Suicide = Suicide.ILLEGAL) -> set[str]:
    """Point names of the pass-alive stones of `colour`."""
    return set(board.names(analyse(board, variant=variant, suicide=suicide).alive_points(colour)))


def chain_at(board: Board, name: str) -> int:
    index = board.chain_at[board.point(name)]
    assert index is not None
    return index


# Every point is a one-point eye shared by up to four single-stone chains.
CHECKERBOARD = """
$$
$$ +-----------+
$$ | . X . X . |
$$ | X . X . X |
$$ | . X . X . |
$$ | X . X . X |
$$ | . X . X . |
$$ +-----------+
"""


@pytest.mark.parametrize("variant", PLAIN_VARIANTS + ["suicide", "knechtel"])
def test_chains_sharing_one_point_eyes_are_all_alive(variant: str) -> None:
    board = board_of(CHECKERBOARD)
    result = analyse(board, variant=variant)
    assert result.alive(BLACK) == frozenset(ch.index for ch in board.chains_of(BLACK))
    assert len(board.chains_of(BLACK)) == 12
    assert result.territory(BLACK) == board.stones(Colour.EMPTY)


# A false eye: B3 is a one-stone chain with a single liberty (C3), and C3 is
# also an eye of the big chain.  B3 is cast out first, then C3 no longer
# counts for the big chain, which keeps only A3.
FALSE_EYE = """
$$
$$ +------------
$$ | . X . X O .
$$ | X X X O O .
$$ | O O O O . .
"""


@pytest.mark.parametrize("variant", PLAIN_VARIANTS)
def test_false_eye_does_not_count(variant: str) -> None:
    board = board_of(FALSE_EYE)
    assert alive_names(board, variant, BLACK) == set()
    result = analyse(board, variant=variant)
    if variant != "wikipedia":
        assert "round 2" in result.explain(chain_at(board, "B18"))
        assert "round 1" in result.explain(chain_at(board, "D19"))


def test_knechtel_counts_the_false_eye() -> None:
    board = board_of(FALSE_EYE)
    assert alive_names(board, "knechtel", BLACK) == {"B19", "A18", "B18", "C18"}


# A big eye that is not all liberties: A19 and B19 touch no black stone.
BIG_EYE = """
$$
$$ +-----------------
$$ | . . . X . X O .
$$ | . . . X X X O .
$$ | X X X X O O O .
$$ | O O O O O . . .
"""


@pytest.mark.parametrize("variant", PLAIN_VARIANTS + ["suicide"])
def test_big_eye_with_non_liberties_is_not_healthy(variant: str) -> None:
    board = board_of(BIG_EYE)
    assert alive_names(board, variant, BLACK) == set()
    explanation = analyse(board, variant=variant).explain(chain_at(board, "D19"))
    assert "A19" in explanation and ("not adjacent" in explanation or "not liberties" in explanation)


def test_knechtel_takes_the_big_eye_for_an_eye() -> None:
    board = board_of(BIG_EYE)
    assert "D19" in alive_names(board, "knechtel", BLACK)


# The same big eye with a white stone on A19, the one point that touches no
# black stone: every empty point is now a liberty.  Alive without suicide;
# with multi-stone suicide legal the stone is not adjacent to the chain, so
# the region is not healthy (Examples 3, 5 and 6 of the reference page).
BIG_EYE_FILLED = """
$$
$$ +---------------
$$ | O . X . X O .
$$ | . . X X X O .
$$ | X X X O O O .
$$ | O O O O . . .
"""


def test_opponent_stone_not_adjacent_alive_without_suicide_only() -> None:
    board = board_of(BIG_EYE_FILLED)
    chain = {"C19", "C18", "D18", "E18", "E19", "A17", "B17", "C17"}
    for variant in PLAIN_VARIANTS:
        assert alive_names(board, variant, BLACK) == chain
    assert alive_names(board, "suicide", BLACK, Suicide.MULTI) == set()
    assert alive_names(board, "suicide", BLACK, Suicide.ALL) == set()
    result = analyse(board, variant="suicide", suicide=Suicide.MULTI)
    assert "A19" in result.explain(chain_at(board, "C19"))
    assert result.territory(BLACK) == frozenset()
    assert set(board.names(analyse(board).territory(BLACK))) == {"A19", "B19", "A18", "B18", "D19"}


def test_variants_defined_without_suicide_refuse_it() -> None:
    board = board_of(BIG_EYE_FILLED)
    for name in ("casting-out", "benson", "wikipedia", "knechtel"):
        with pytest.raises(UsageError, match="suicide"):
            analyse(board, variant=name, suicide=Suicide.MULTI)
    assert analyse(board, variant=None, suicide=Suicide.MULTI).variant == "suicide"
    assert analyse(board, variant=None).variant == "casting-out"
    with pytest.raises(UsageError, match="unknown variant"):
        analyse(board, variant="nope")
    with pytest.raises(UsageError, match="engine"):
        analyse(board, engine="fast")


# A cut-out: the top side is open, so the eyes on the top row may continue
# beyond the diagram and are not healthy.  With the top edge drawn they are.
CUT_OUT = """
$$
$$ | . X . X O .
$$ | X X X X O .
$$ +------------
"""
CLOSED = """
$$
$$ +------------
$$ | . X . X O .
$$ | X X X X O .
$$ +------------
"""


@pytest.mark.parametrize("variant", PLAIN_VARIANTS + ["suicide", "knechtel"])
def test_cut_out_eye_running_off_the_diagram(variant: str) -> None:
    assert alive_names(board_of(CUT_OUT), variant, BLACK) == set()
    assert len(alive_names(board_of(CLOSED), variant, BLACK)) == 6
    result = analyse(board_of(CUT_OUT), variant=variant)
    assert result.territory(BLACK) == frozenset()


# Unusual goban (Example 4): a point that does not exist, and changed adjacency.
HOLE = """
$$
$$ +-------+
$$ | . O . |
$$ | O _ O |
$$ | . O . |
$$ +-------+
"""


@pytest.mark.parametrize("variant", PLAIN_VARIANTS + ["suicide", "knechtel"])
def test_hole_in_the_board(variant: str) -> None:
    board = board_of(HOLE)
    assert len(board.points) == 8
    assert len(alive_names(board, variant, WHITE)) == 4


ROW = """
$$
$$ +-----------+
$$ | . O . O . |
$$ +-----------+
"""


@pytest.mark.parametrize("variant", PLAIN_VARIANTS + ["suicide"])
def test_unlink_and_link(variant: str) -> None:
    assert alive_names(board_of(ROW), variant, WHITE) == {"B1", "D1"}
    # without the C1-D1 adjacency, D1 has one region left (E1)
    unlinked = board_of(ROW + "$$ {UNLINK C1 D1}\n")
    assert alive_names(unlinked, variant, WHITE) == {"B1"}
    # a wormhole B1-D1 makes the two stones one chain
    linked = board_of(ROW + "$$ {UNLINK C1 D1}\n$$ {LINK B1 D1}\n")
    result = analyse(linked, variant=variant)
    assert len(result.alive(WHITE)) == 1
    assert set(linked.names(result.alive_points(WHITE))) == {"B1", "D1"}


def test_explain_alive_names_its_regions() -> None:
    board = board_of(CLOSED)
    text = analyse(board).explain(chain_at(board, "B2"))
    assert "pass-alive" in text and "{A2}" in text and "{C2}" in text


def test_territory_conventions() -> None:
    # one big black-surrounded area with no white stone: only KataGo's
    # "safe big territories" counts it
    board = board_of("""
$$
$$ +-----------+
$$ | . . . X . |
$$ | . . . X X |
$$ | X X X X . |
$$ | . X . X X |
$$ | X X X X . |
$$ +-----------+
""")
    result = analyse(board)
    assert len(result.alive(BLACK)) == 1
    healthy = set(board.names(result.territory(BLACK)))
    katago = set(board.names(result.territory(BLACK, "katago")))
    strict = set(board.names(result.territory(BLACK, "katago-strict")))
    assert "A5" not in healthy and "A5" in katago and "A5" not in strict
    assert {"E5", "E3", "E1", "A2", "C2"} <= healthy
    assert healthy <= katago


def test_every_variant_is_registered_with_a_program_or_a_solver() -> None:
    assert set(VARIANTS) == {"benson", "casting-out", "wikipedia", "suicide", "knechtel", "definition", "static-safety",
                             "static-safety-sound"}
    for variant in VARIANTS.values():
        assert variant.program or variant.name in ("definition", "static-safety")
        assert Suicide.ILLEGAL in variant.suicide
    assert VARIANTS["suicide"].suicide == VARIANTS["definition"].suicide == frozenset(Suicide)


# ---------------------------------------------------------------- the CLI


def test_cli_json(tmp_path) -> None:
    path = tmp_path / "false.txt"
    path.write_text("False eye\n\n" + FALSE_EYE.strip() + "\n")
    result = CliRunner().invoke(analyse_command, [str(path), "--variant", "casting-out", "--variant", "knechtel", "--json", "--explain"])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert [d["variant"] for d in doc["diagrams"]] == ["casting-out", "knechtel"]
    assert doc["diagrams"][0]["alive"]["black"] == []
    assert doc["diagrams"][1]["alive"]["black"] == ["B19", "A18", "B18", "C18"]
    assert all("explanation" in c for c in doc["diagrams"][0]["chains"])


def test_cli_text_shows_disagreement_and_refuses_suicide(tmp_path) -> None:
    path = tmp_path / "big.txt"
    path.write_text(BIG_EYE_FILLED.strip() + "\n")
    runner = CliRunner()
    out = runner.invoke(analyse_command, [str(path), "--variant", "casting-out", "--variant", "suicide"])
    assert out.exit_code == 0, out.output
    assert "variants disagree on:" in out.output
    assert "19 o b # b # O . 19" in out.output  # pass-alive stones #, territory b, the dead white stone o
    assert "# pass-alive black  b black territory" in out.output  # the legend
    sl = runner.invoke(analyse_command, [str(path), "--variant", "casting-out", "--format", "sl"])
    assert "$$ | P S B S B O ." in sl.output  # Sensei's markup: pass-alive stones circled, territory squared, dead stones crossed
    refused = runner.invoke(analyse_command, [str(path), "--variant", "benson", "--suicide"])
    assert isinstance(refused.exception, UsageError)
    plain = runner.invoke(analyse_command, [str(path), "--suicide"])
    assert plain.exit_code == 0 and "-- suicide (suicide=multi" in plain.output


def test_rules_lists_the_bundled_programs() -> None:
    out = CliRunner().invoke(rules_command, [])
    assert out.exit_code == 0
    for name in ("board.dl", "casting-out.dl", "benson.dl", "wikipedia.dl", "suicide.dl", "knechtel.dl"):
        assert name in out.output


# ------------------------------------------------------------ user programs

TWO_LIBERTIES = """
// A toy variant: a chain with at least two liberties "lives".
.include "board.dl"
.output alive
.decl alive(b: number)
alive(B) :- chain(B, _), count : { liberty(B, P) } >= 2.
"""


def test_user_program_runs_on_the_engine(tmp_path) -> None:
    program = tmp_path / "toy.dl"
    program.write_text(TWO_LIBERTIES)
    board = board_of(FALSE_EYE)
    result = analyse(board, program=str(program))
    assert result.engine == "rules"
    # D19 has one liberty (C19); the big chain has two (A19, C19)
    assert set(board.names(result.alive_points(BLACK))) == {"B19", "A18", "B18", "C18"}
    assert "alive(" in result.explain(chain_at(board, "B18"))


def test_user_program_errors_carry_their_location(tmp_path) -> None:
    program = tmp_path / "bad.dl"
    program.write_text('.include "board.dl"\n.decl alive(b: number)\nalive(B) :- chian(B, _).\n')
    diagram = tmp_path / "d.txt"
    diagram.write_text(FALSE_EYE.strip() + "\n")
    out = CliRunner().invoke(analyse_command, [str(diagram), "--program", str(program)])
    assert isinstance(out.exception, PassaliveError)
    message = out.exception.format()
    assert "bad.dl:3:" in message and "chian" in message


def test_rules_engine_from_the_cli_with_explanations(tmp_path) -> None:
    path = tmp_path / "false.txt"
    path.write_text(FALSE_EYE.strip() + "\n")
    out = CliRunner().invoke(analyse_command, [str(path), "--engine", "rules", "--explain", "--json"])
    assert out.exit_code == 0, out.output
    (entry,) = json.loads(out.output)["diagrams"]
    assert entry["engine"] == "rules" and entry["alive"]["black"] == []
    assert any("cast out in round 2" in c["explanation"] for c in entry["chains"])


# Where `wikipedia` differs: read literally, a region with no empty point is
# vital to every chain, even one it does not touch.  B4 is a white stone
# without liberties (an illegal position), so the region {B4} is vital to
# the bottom chain B1-D1 as well, which then has two vital regions.
WIKIPEDIA_EDGE_CASE = """
$$
$$ +-----------+
$$ | X O X . X |
$$ | X X X X X |
$$ | O O O O O |
$$ | . X X X O |
$$ +-----------+
"""


@pytest.mark.parametrize("engine", ["direct", "rules"])
def test_wikipedia_literal_vital_on_an_illegal_position(engine: str) -> None:
    (diagram,) = parse_diagrams(WIKIPEDIA_EDGE_CASE, allow_illegal=True)
    board = diagram.board
    top = {"A4", "C4", "E4", "A3", "B3", "C3", "D3", "E3"}
    for variant in ("casting-out", "benson"):
        assert set(board.names(analyse(board, variant=variant, engine=engine).alive_points(BLACK))) == top
    wiki = analyse(board, variant="wikipedia", engine=engine)
    assert set(board.names(wiki.alive_points(BLACK))) == top | {"B1", "C1", "D1"}


# ------------------------------------------- readable proofs from the rule engine

TWO_EYES = """
$$ Two eyes
$$ +-----------+
$$ | . . . . . |
$$ | . . . . . |
$$ | X X X X X |
$$ | . X . X X |
$$ | X X X X X |
$$ +-----------+
"""


def test_rule_engine_explanation_names_points_as_on_the_board(tmp_path) -> None:
    path = tmp_path / "two-eyes.txt"
    path.write_text(TWO_EYES.strip() + "\n")
    out = CliRunner().invoke(analyse_command, [str(path), "--engine", "rules", "--explain"])
    assert out.exit_code == 0, out.output
    # the chain is named by its smallest point, A3 (id 10); its eyes are the regions A2 and C2
    assert "alive(A3)" in out.output and "alive(10)" not in out.output
    assert 'healthy("black", A2, A3)' in out.output and 'healthy("black", C2, A3)' in out.output
    # the engine's notes name points too: the counted regions, the chain's class representative
    assert "counted: R = A2" in out.output and "counted: R = C2" in out.output
    assert "A3 is the smallest member of the class of A3" in out.output
    assert "point ids in the engine's notes" not in out.output and "R = 12" not in out.output
    assert any(line.strip() == "..." for line in out.output.splitlines())  # levels below the depth limit elided


def test_point_labels_name_point_ids_but_not_counts() -> None:
    from passalive.definitions.facts import point_labels
    from passalive.rules import parse_program

    board = board_of(TWO_EYES)
    program = parse_program('.include "board.dl"\n.decl libs(b: number, n: number)\nlibs(B, N) :- chain(B, _), N = count : liberty(B, _).\n')
    label = point_labels(board, program)
    assert label("libs", 0, 12) == "C3"
    assert label("libs", 1, 12) is None  # a count stays a number
    assert label("stone", 1, "black") is None and label("libs", 0, 999) is None


def test_engine_notes_name_points_but_keep_counts() -> None:
    from passalive.definitions.facts import board_facts, point_labels
    from passalive.rules import parse_program

    board = board_of(TWO_EYES)
    program = parse_program(
        '.include "board.dl"\n'
        ".decl libs(b: number, n: number)\n"
        "libs(B, N) :- chain(B, _), N = count : liberty(B, _).\n"
        ".decl short(b: number)\n"
        "short(B) :- libs(B, N), N < 3.\n"
        ".decl touched(b: number)\n"
        "touched(B) :- chain(B, _), count : { liberty(B, P), P > 11 } >= 1.\n"
    )
    model = program.run(board_facts(board))
    label = point_labels(board, program)
    a3 = board.point("A3")
    # B stands in point columns (a chain), N in a count column: B is named, N stays a number
    refuted = model.why("short", (a3,)).render(label=label)
    assert "with B = A3, N = 7" in refuted, refuted
    assert f"B = {a3}" in model.why("short", (a3,)).render()  # without a label, the ids as before
    # an aggregate's counted assignment names the point it counted (C2 is id 12, a liberty)
    proof = model.why("touched", (a3,)).render(label=label)
    assert "counted: P = C2" in proof and "counted: P = 12" not in proof, proof
    assert "(count = " in proof  # the aggregate's own value stays a number
