"""Make the README's example game: GNU Go (black) against a scripted random player (white), 9x9.

    .venv/bin/python bench/example_game.py docs/example-game.sgf [SEED]

GNU Go plays every black move (`genmove b`, level 0); white plays the first
point of a seeded shuffle that passalive's GTP engine accepts as legal, until
white has no legal move left and GNU Go passes.  White ends up filling its
own eyes, so the final position has large pass-alive black groups with
dead white stones inside their territory: the picture at the top of the
README (`passalive analyse docs/example-game.sgf --format svg`).  The game is
written as SGF with sgfmill.  Needs /usr/games/gnugo (apt-get install gnugo).
"""

from __future__ import annotations

import random
import shutil
import subprocess
import sys

from sgfmill import sgf

from passalive.tools.gtp import GtpEngine, GtpError, parse_vertex

SIZE = 9


def gnugo_session(seed: int) -> subprocess.Popen[str]:
    exe = shutil.which("gnugo") or "/usr/games/gnugo"
    return subprocess.Popen([exe, "--mode", "gtp", "--level", "0", "--seed", str(seed)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)


def ask(process: subprocess.Popen[str], command: str) -> str:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(command + "\n")
    process.stdin.flush()
    lines: list[str] = []
    while True:
        line = process.stdout.readline()
        if not line.strip():
            if lines:
                break
            continue
        lines.append(line.strip())
    head = " ".join(lines)
    if head.startswith("?"):
        raise GtpError(head)
    return head[1:].strip()


def play_game(seed: int) -> list[tuple[str, tuple[int, int] | None]]:
    gnugo = gnugo_session(seed)
    ours = GtpEngine(size=SIZE)
    ask(gnugo, f"boardsize {SIZE}")
    rng = random.Random(seed)
    moves: list[tuple[str, tuple[int, int] | None]] = []
    letters = "ABCDEFGHJ"
    for _ in range(400):
        black = ask(gnugo, "genmove b")
        ours.handle(f"play b {black}")
        moves.append(("b", parse_vertex(black, SIZE)))
        points = [f"{c}{n}" for c in letters for n in range(1, SIZE + 1)]
        rng.shuffle(points)
        white = "pass"
        for point in points:
            if ours.handle(f"play w {point}") != "=\n\n":
                continue
            try:
                ask(gnugo, f"play w {point}")
            except GtpError:
                ours.handle("undo")
                continue
            white = point
            break
        if white == "pass":
            ask(gnugo, "play w pass")
            ours.handle("play w pass")
        moves.append(("w", parse_vertex(white, SIZE)))
        if black.lower() == "pass" and white == "pass":
            break
    ask(gnugo, "quit")
    return moves


def main(argv: list[str]) -> int:
    out = argv[0] if argv else "docs/example-game.sgf"
    seed = int(argv[1]) if len(argv) > 1 else 1
    game = sgf.Sgf_game(size=SIZE)
    root = game.get_root()
    root.set("PB", "GNU Go 3.8 (level 0)")
    root.set("PW", f"random legal moves (seed {seed})")
    root.set("KM", 7.5)
    root.set("GC", "made by bench/example_game.py")
    node = root
    for colour, point in play_game(seed):
        node = node.new_child()
        node.set_move(colour, point)
    with open(out, "wb") as handle:
        handle.write(game.serialise())
    print(f"{len(game.get_main_sequence()) - 1} moves -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
