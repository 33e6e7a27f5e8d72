"""Disjoint sets of the integers 0..n-1 (union-find), the one implementation passalive's tools share.

The eye tester joins chains that a path links, the judgement joins chains
around one region and chains that share two liberties, the scorer joins
regions that border one block: each is the equivalence closure of a
relation, built by `union` and read by `find`.  The root of a set is
always its smallest member (`union` hangs the larger root under the
smaller), so a set's name does not depend on the order of the unions, and
code that groups by root sees the groups in the order of their smallest
members.  `find` halves the path it walks, which keeps the trees flat
without the bookkeeping of union by rank; the sets here are a board's
chains or regions, a few hundred members at most.
"""

from __future__ import annotations

__all__ = ["UnionFind"]


class UnionFind:
    """Disjoint sets of 0..size-1, each named by its smallest member; at first every member is alone."""

    __slots__ = ("parent",)

    def __init__(self, size: int) -> None:
        self.parent = list(range(size))
        """Each member's parent; a root is its own parent."""

    def find(self, member: int) -> int:
        """The smallest member of `member`'s set (path halving on the way)."""
        parent = self.parent
        while parent[member] != member:
            parent[member] = parent[parent[member]]
            member = parent[member]
        return member

    def union(self, a: int, b: int) -> None:
        """Join the sets of `a` and `b` (nothing when they are one set already)."""
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[max(ra, rb)] = min(ra, rb)

    def same(self, a: int, b: int) -> bool:
        """Whether `a` and `b` are in one set."""
        return self.find(a) == self.find(b)
