"""SGF out: what passalive finds, as marks any SGF viewer shows, read back with sgfmill."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner
from sgfmill import sgf

from passalive.cli.analyse import command as analyse_command
from passalive.definitions.analysis import analyse
from passalive.go.board import Colour
from passalive.go.coords import GTP_LETTERS
from passalive.grammar.read import parse_diagrams
from passalive.tools.sgf_marks import analysis_sgf, marked_nodes

CORNER = """
$$ A black corner with two eyes and a dead white stone
$$ +---------------
$$ | O . X . X O .
$$ | . . X X X O .
$$ | X X X O O O .
$$ | O O O O . . .
$$ {CAPTURE by=black moves=B19}
"""


def gtp(point: tuple[int, int]) -> str:
    row, column = point
    return f"{GTP_LETTERS[column]}{row + 1}"


def test_analysis_round_trips_through_sgfmill() -> None:
    diagram = parse_diagrams(CORNER)[0]
    result = analyse(diagram.board)
    game = sgf.Sgf_game.from_string(analysis_sgf(diagram, [result]))
    assert game.get_size() == 19  # the top-left corner of a 19x19 board
    root = game.get_root()
    black, white, _ = root.get_setup_stones()
    assert sorted(map(gtp, black)) == sorted(diagram.board.names(diagram.board.stones(Colour.BLACK)))
    assert "A19" in {gtp(p) for p in white}
    assert sorted(map(gtp, root.get("TB"))) == sorted(["A19", "B19", "D19", "A18", "B18"])
    assert sorted(map(gtp, root.get("CR"))) == sorted(diagram.board.names(result.alive_points(Colour.BLACK)))
    assert {gtp(p) for p in root.get("MA")} == {"A19"}  # the dead white stone
    assert "CR circle = pass-alive stone" in root.get("C")
    # the CAPTURE line is a variation: black plays B19
    variation = root[0]
    assert variation.get_move() == ("b", (18, 1))


def test_every_node_of_a_sequence_is_marked() -> None:
    before = parse_diagrams("$$\n$$ +-----------+\n$$ | . X . X . |\n$$ | X X X X X |\n$$ | . . . . . |\n$$ +-----------+\n")[0].board
    after = before.with_colours({before.point("A1"): Colour.WHITE})
    text = marked_nodes([before, after], [None, (Colour.WHITE, before.point("A1"))])
    game = sgf.Sgf_game.from_string(text)
    nodes = game.get_main_sequence()
    assert len(nodes) == 2
    assert all(node.has_property("CR") and node.has_property("TB") for node in nodes)
    assert nodes[1].get_move() == ("w", (0, 0))


def test_cli_sgf_to_standard_output(tmp_path: Path) -> None:
    path = tmp_path / "corner.txt"
    path.write_text(CORNER + "\n" + CORNER)
    result = CliRunner().invoke(analyse_command, [str(path), "--format", "sgf", "--variant", "casting-out", "--variant", "benson"])
    assert result.exit_code == 0, result.output
    games = sgf.Sgf_game.from_string(result.output.split("\n(;")[0]), result.output.count("(;FF[4]")
    assert games[1] == 2  # one game tree per diagram
    root = games[0].get_root()
    assert root.get("N") == "casting-out"
    names = [child.get("N") for child in root if child.has_property("N")]
    assert names == ["benson"]  # the second variant as a variation


def test_a_real_game_marked_on_every_node() -> None:
    """The README's 9x9 game replayed move by move: every node carries its marks, and the
    pass-alive stones appear only once the groups are finished."""
    from pathlib import Path

    from passalive.definitions.analysis import Analysis
    from passalive.go.board import Board
    from passalive.tools.gtp import GtpEngine, vertex
    from passalive.tools.sgf_marks import analysed_game_sgf

    record = sgf.Sgf_game.from_bytes((Path(__file__).parent.parent / "docs" / "example-game.sgf").read_bytes())
    engine = GtpEngine(size=record.get_size())
    positions: list[tuple[Board, tuple[Colour, int | None] | None, Analysis]] = [(engine.board(), None, analyse(engine.board()))]
    for node in record.get_main_sequence()[1:]:
        colour, point = node.get_move()
        engine.handle(f"play {colour} {vertex(point)}")
        board = engine.board()
        move = (Colour.BLACK if colour == "b" else Colour.WHITE, None if point is None else board.point(vertex(point)))
        positions.append((board, move, analyse(board)))
    marked = sgf.Sgf_game.from_string(analysed_game_sgf(positions, "example game"))
    nodes = marked.get_main_sequence()
    assert len(nodes) == len(record.get_main_sequence())
    circled = [len(node.get("CR")) if node.has_property("CR") else 0 for node in nodes]
    assert circled[0] == 0 and circled[10] == 0  # nothing is pass-alive early on
    assert circled[-1] == 32  # the finished black groups (the README picture)
    first = next(i for i, n in enumerate(circled) if n)
    assert all(n for n in circled[first:])  # once pass-alive, always pass-alive
    assert all(node.has_property("C") for node in nodes)


def test_analyse_all_nodes_writes_one_marked_game_per_game_tree() -> None:
    """`passalive analyse GAME.sgf --all-nodes --format sgf`: one SGF game per game tree of the
    input, every node marked with the analysis of its own position, the moves kept as moves."""
    from pathlib import Path

    from passalive.go.board import Colour as C
    from passalive.grammar.sgf import read_game_file

    path = Path(__file__).parent.parent / "docs" / "example-game.sgf"
    result = CliRunner().invoke(analyse_command, [str(path), "--all-nodes", "--format", "sgf"])
    assert result.exit_code == 0, result.output
    assert result.output.count("(;") == 1
    marked = sgf.Sgf_game.from_string(result.output).get_main_sequence()
    (game,) = read_game_file(path)
    positions = list(game.positions())
    assert len(marked) == len(positions)
    for node, position in zip(marked, positions):
        alive = analyse(position.board)
        circled = sorted(map(gtp, node.get("CR"))) if node.has_property("CR") else []
        assert circled == sorted(position.board.names(alive.alive_points(C.BLACK) | alive.alive_points(C.WHITE)))
        step = position.step
        if step.colour is not None:
            colour, point = node.get_move()
            assert colour == ("b" if step.colour is C.BLACK else "w")
            assert (point is None) == (step.point is None)


def test_analyse_all_nodes_sgf_of_a_collection_keeps_its_games_apart(tmp_path: Path) -> None:
    from pathlib import Path

    two = Path(__file__).parent / "data" / "games" / "two-games.sgf"
    result = CliRunner().invoke(analyse_command, [str(two), "--all-nodes", "--format", "sgf", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    written = sorted(p.name for p in tmp_path.glob("*.sgf"))
    assert written == ["two-games-1.sgf", "two-games-2.sgf"]
    for name in written:
        assert sgf.Sgf_game.from_bytes((tmp_path / name).read_bytes()).get_root().has_property("C")


def test_analyse_all_nodes_sgf_keeps_the_records_own_facts() -> None:
    from pathlib import Path

    game = Path(__file__).parent / "data" / "games" / "handicap.sgf"
    result = CliRunner().invoke(analyse_command, [str(game), "--all-nodes", "--format", "sgf"])
    assert result.exit_code == 0, result.output
    root = sgf.Sgf_game.from_string(result.output).get_root()
    assert (root.get("KM"), root.get("HA"), root.get("RU"), root.get("PB"), root.get("RE")) == (0.5, 2, "Chinese", "weaker", "B+R")
