"""Hypothesis strategies for hostile input: diagrams, plain boards, SGF and
rule programs, valid and mutated.

Each reader gets a generator of *valid-looking* texts (so the fuzzing reaches
past the first line) and `mutated(...)`, which inserts, deletes or replaces
pieces with hostile ones: numbers of thousands of digits, Unicode digits
(`²`, `٣`, `５`), control characters, deep nesting, very long lines.  Used by
tests/test_fuzz.py.
"""

from __future__ import annotations

from hypothesis import strategies as st

HUGE_NUMBERS = ("9" * 5000, "1" + "0" * 4400, "99999999999999999999", "0" * 300 + "1")
UNICODE_DIGITS = ("²", "٣", "５", "߃", "𝟗", "Ⅻ", "½")
HOSTILE = (
    *HUGE_NUMBERS,
    *UNICODE_DIGITS,
    "\x00",
    "\u200b",
    "\ufeff",
    "\t",
    "\r",
    "é",
    "{",
    "}",
    "[",
    "]",
    "|",
    "$$",
    "-" * 300,
    "(" * 200,
    ")" * 200,
    "\n",
    "\n\n",
    "X" * 400,
    ". " * 300,
)

pieces = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=8), st.integers(-(10**30), 10**30).map(str))


@st.composite
def mutated(draw: st.DrawFn, base: st.SearchStrategy[str], max_edits: int = 4) -> str:
    """A text of `base` with up to `max_edits` random insertions, deletions and
    replacements of hostile pieces."""
    text = draw(base)
    for _ in range(draw(st.integers(0, max_edits))):
        where = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(("insert", "delete", "replace")))
        if kind == "insert":
            text = text[:where] + draw(pieces) + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + draw(st.integers(1, 5)) :]
        else:
            text = text[:where] + draw(pieces) + text[where + draw(st.integers(1, 5)) :]
    return text


# ---------------------------------------------------------------- Sensei's Library diagrams

_SYMBOLS = ".XO,BW#@YQZPCSTMabc123_"
number = st.one_of(st.integers(0, 60).map(str), st.sampled_from(HUGE_NUMBERS + UNICODE_DIGITS))
point_name = st.one_of(
    st.builds(lambda a, b: f"{a}:{b}", number, number),
    st.builds(lambda c, r: f"{c}{r}", st.sampled_from("ABCDEFGHJa"), number),
    st.just("pass"),
)


@st.composite
def sensei_diagrams(draw: st.DrawFn) -> str:
    """A `$$` diagram: header options, edges, rows of symbols, extension lines."""
    width = draw(st.integers(1, 7))
    height = draw(st.integers(1, 7))
    options = draw(st.lists(st.sampled_from(("B", "W", "c", "m")), max_size=3))
    header = "$$" + "".join(o + draw(number) if o == "m" else o for o in options)
    if draw(st.booleans()):
        header += draw(number)
    title = draw(st.one_of(st.just(""), st.builds(lambda a, b: f" {a} at {b}", number, number), st.text(max_size=10)))
    left, right, top, bottom = (draw(st.booleans()) for _ in range(4))
    edge = "$$ " + ("+" if left else "") + "-" * (2 * width + 1) + ("+" if right else "")
    lines = [header + title]
    if top:
        lines.append(edge)
    for _ in range(height):
        row = " ".join(draw(st.sampled_from(_SYMBOLS)) for _ in range(width))
        lines.append("$$ " + ("| " if left else "") + row + (" |" if right else ""))
    if bottom:
        lines.append(edge)
    names = lambda: ",".join(draw(st.lists(point_name, min_size=1, max_size=3)))  # noqa: E731
    extras = [
        f"{{EXPECT variant={draw(st.sampled_from(('casting-out', 'benson', 'nope')))} black={names()}}}",
        f"{{CAPTURE by=white moves={names()}}}",
        f"{{LINK {draw(point_name)} {draw(point_name)}}}",
        f"{{SCORE black={draw(number)} captures={draw(number)}/{draw(number)}}}",
        f"{{EYES variant=paths real={names()}}}",
        f"{{AR {draw(point_name)} {draw(point_name)}}}",
    ]
    for extra in draw(st.lists(st.sampled_from(extras), max_size=2)):
        lines.append("$$ " + extra)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- plain boards


@st.composite
def plain_boards(draw: st.DrawFn) -> str:
    """Rows of X/O/./+, with GTP coordinates around them or not."""
    width = draw(st.integers(1, 8))
    height = draw(st.integers(1, 8))
    top_row = draw(st.integers(1, 25))
    numbered = draw(st.booleans())
    lines = []
    if draw(st.booleans()):
        start = draw(st.integers(0, 5))
        lines.append("   " + " ".join("ABCDEFGHJKLMNOPQRST"[start : start + width]))
    for y in range(height):
        row = " ".join(draw(st.sampled_from("XO.+xo")) for _ in range(width))
        lines.append(f"{top_row - y:2} {row} {top_row - y}" if numbered else row)
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------- SGF

_SGF_POINT = st.one_of(
    st.builds(lambda a, b: a + b, st.sampled_from("abcdefghis"), st.sampled_from("abcdefghis")),
    st.sampled_from(("", "tt", "aa:cc", "zz", "²a")),
)


@st.composite
def sgf_games(draw: st.DrawFn) -> str:
    """A game record: root with SZ and setup stones, then moves."""
    size = draw(st.one_of(st.integers(1, 19).map(str), st.sampled_from(("0", "53", "9:9", *HUGE_NUMBERS[:2], "²"))))
    root = f"(;GM[1]FF[4]SZ[{size}]"
    for key in draw(st.lists(st.sampled_from(("AB", "AW", "AE")), max_size=2)):
        root += key + "".join(f"[{draw(_SGF_POINT)}]" for _ in range(draw(st.integers(1, 3))))
    moves = ""
    colour = "B"
    for _ in range(draw(st.integers(0, 8))):
        moves += f";{colour}[{draw(_SGF_POINT)}]"
        colour = "W" if colour == "B" else "B"
    return root + moves + ")\n"


# ---------------------------------------------------------------- rule programs

_TERMS = ("A", "B", "1", "0", *HUGE_NUMBERS[:2], "-A", "A + 1", "A * A", "-" * 150 + "1", " + ".join(["A"] * 150))


@st.composite
def rule_programs(draw: st.DrawFn) -> str:
    """A program over the board's facts defining alive(b: number)."""
    lines = ['.include "board.dl"', ".decl alive(b: number)", ".output alive"]
    if draw(st.booleans()):
        lines.append(f".decl {draw(st.sampled_from(('helper', 'count', 'sum', 'x²')))}(a: number)")
    body = [draw(st.sampled_from(("stone(A, \"black\")", "point(A)", "chain(A, _)")))]
    for _ in range(draw(st.integers(0, 3))):
        body.append(
            draw(
                st.one_of(
                    st.builds(lambda t: f"A != {t}", st.sampled_from(_TERMS)),
                    st.builds(lambda t: f"B = {t}", st.sampled_from(_TERMS)),
                    st.sampled_from(("point(B)", "!point(A)", "B < A")),
                )
            )
        )
    lines.append(f"alive(A) :- {', '.join(body)}.")
    if draw(st.booleans()):
        lines.append(f"alive({draw(st.sampled_from(_TERMS[:6]))}).")
    return "\n".join(lines) + "\n"
