"""Müller's static safety: blocks and regions safe if the owner answers every attack.

Pass-alive (Benson) asks for safety when the owner never plays.  Martin
Müller's static rules ("Playing it safe: recognizing secure territories in
computer Go by using static rules and search", 1997), as the Fuego program
implements them (`go_safe static`, its GoSafetySolver), prove more: stones
and territory that stay safe as long as the owner answers each attacking
move locally.  This package computes the same steps, in the same order, for
each colour c, one module per step:

1. **Regions and their properties.**  A *region* is a c-region (a maximal
   connected set of points without c stones).  A region that reaches an open
   side of a cut-out is never used.  A region is

   * *small* when each of its empty points touches a c stone;
   * a *corridor* when each point has at most two neighbours that are empty
     or opponent stones, and at least one c stone next to it;
   * *1-vital and connected* when it is small and either touches one block,
     or touches at most four blocks and has two empty points each adjacent
     to all of them (whatever the attacker plays, the owner connects on the
     other and keeps a liberty here);
   * *1-vital* (it gives each block next to it one sure liberty) when it is
     1-vital and connected, or every block next to it has a liberty in it and
     either its cuts are protected (a corridor whose points adjacent to two of
     its blocks are all empty; with two blocks, no opponent stone touches
     both) or it touches one block and each of its empty points away from the
     block can be given two liberties of the block, each pair used once (the
     miai: the attacker takes one, the owner the other);
   * *2-vital* (it alone gives its blocks two sure liberties) when it has two
     *intersection points* -- liberties of every block next to it whose
     occupation splits the region in two -- that are not needed as miai to
     protect the region's inner empty points.  Playing either intersection
     point connects all blocks and leaves two separate parts.  The miai are
     found from the outside in; once every inner point has its pair, an
     inner point that is itself next to a connected point lets that point
     stand in for an intersection point of its pair (Fuego's last pass of
     Find2ConnForAllInterior).

2. **Chains of blocks.**  Two chains (sets of blocks, at first one block
   each) are joined through a region when they have two common free
   liberties in it -- the region is 1-vital and connected and touches only
   these two chains, or it is a 1-vital corridor.  The two liberties are a
   miai for the connection and are no longer free for another one.

3. **Healthy regions and Benson's test on chains.**  A region is healthy for
   a chain when each of its empty points is a liberty of the chain, or when
   it is 1-vital.  Chains are grouped by the closure "a healthy region of one
   touches the other"; in each group the chains with fewer than two healthy
   regions surrounded by the group are removed, repeatedly.  The chains that
   remain are safe, with every surrounded region healthy for one of them.

4. **2-vital regions.**  Every region not yet touched by a safe point that is
   2-vital is safe, with all the blocks next to it.

5. **Surrounded areas**, first for black and then for white: a region next
   to a safe block, with no safe point in it or in its inner blocks, is safe
   with its blocks when the opponent cannot live in it (every boundary point
   safe, and no two places where an eye could form), or when every block of
   it can be connected to the safe stones by two liberties and every inner
   empty point, but one, has two liberties as miai.  An opponent region
   lying inside the area with its blocks gives the opponent at most one eye
   when it is a nakade by Fuego's TestNakade (`_test_nakade`: special rules
   for the 2x2 square, the bulky five and the 2x3 rectangle, a region almost
   filled by a nakade-shaped block, then a count of vital points); then the
   opponent lives only if another point of the area can become an eye.  Two
   regions sharing a block not yet safe are tried together the same way
   (without the nakade test, as Fuego does).

Safe blocks and safe points of one colour never overlap those of the other.
Where Fuego's answer depends on more than the position, this module decides
as follows: points are visited in Fuego's order (a graph board without
coordinates uses point ids, and the nakade shapes are made only on a grid);
when a block is connected in step 5 it uses the first two of its liberties
in point order, where Fuego uses the order of its board's liberty list (for
a position set up from a diagram, the order of a depth-first walk over the
block) -- the one cause of the rare differences from Fuego on random
positions found so far (docs/findings.md).

**The sound mode** (`static_safety(board, sound=True)`, the variant
`static-safety-sound`) runs the same steps without the two of Fuego's rules
that the game refutes: the protected cuts of step 1 (a corridor is 1-vital
only when 1-vital and connected or when its inner points get their miai)
and the vital-point count of the nakade test in step 5 (its region may give
two eyes).  Its truth is the alternating-play search with `settle`: the
owner must be able to make her claimed blocks pass-alive and every claimed
point hers, so a seki in a claimed region refutes a claim
(docs/findings.md has the counts on small boards).

Where each step lives (every module's docstring names its step and the
part of Fuego it follows):

    geometry.py    the board as bitsets, Fuego's point order and neighbour tables
    regions.py     step 1: blocks, regions, small, corridor, 1-vital (protected cuts, miai)
    two_vital.py   the 2-vital test (intersection points, the interior miai search)
    chains.py      step 2: blocks joined into chains by miai connections
    alive.py       step 3: Benson's test on chains with healthy and 1-vital regions
    nakade.py      Fuego's TestNakade and the 2x3 special cases (used by step 5)
    surrounded.py  step 5: surrounded areas the opponent cannot live in
    solve.py       the steps in order for both colours: `static_safety(board)`
    result.py      `StaticSafety` and its `Step`s
    variant.py     the variant's functions: safe blocks, territory, trace

`rules/static-safety.dl` states the same five steps as rules (the variant's
`--engine rules`; `passalive.definitions.facts.order_facts` gives it Fuego's
point order), and the tests check that both find the same safe blocks and
safe points.

`static_safety(board)` computes everything for both colours at once, since
steps 4 and 5 depend on what the other colour has proved; a caller that
asks one board several questions (an analysis: both colours, territory,
traces) passes a `SafetyCache` it owns, so that they share one computation.

Why it is fast enough to run wherever pass-alive runs (bench/bench_static_safety.py,
about 2x Fuego's own solver on the same positions): every set of points is
a Python int used as a bitset in the layout of
`passalive.definitions.direct.Geometry` (on a plain grid the padded layout
of `passalive.go.bitboard`), blocks and regions come from its flood fill
rather than from `Board.chains` and `Board.regions`, and one-point regions
(most eyes of a finished position) are one bitset per colour (`Side.single`):
step 3 counts them per chain with a mask, no later step visits them one by
one, and a `Region` is made for one only when step 5 asks.  Only the greedy
miai choices walk point by point, over the few points they concern, and
the safe points become point ids only when read (`result.Points`).
"""

from __future__ import annotations

from passalive.definitions.static_safety.result import StaticSafety, Step
from passalive.definitions.static_safety.solve import SafetyCache, static_safety
from passalive.definitions.static_safety.variant import safe_chains, safe_territory, trace_static_safety

__all__ = [
    "SafetyCache",
    "StaticSafety",
    "Step",
    "safe_chains",
    "safe_territory",
    "static_safety",
    "trace_static_safety",
]
