"""`passalive.go.union_find`: the one union-find of the eye tester, the judgement and the scorer."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from passalive.go.union_find import UnionFind


def test_a_set_is_named_by_its_smallest_member_whatever_the_order_of_the_unions() -> None:
    joined = UnionFind(6)
    joined.union(4, 5)
    joined.union(5, 2)  # {2, 4, 5}
    joined.union(3, 1)  # {1, 3}
    assert [joined.find(i) for i in range(6)] == [0, 1, 2, 1, 2, 2]
    assert joined.same(4, 2) and not joined.same(0, 1)
    joined.union(3, 4)
    assert [joined.find(i) for i in range(6)] == [0, 1, 1, 1, 1, 1]


@given(st.lists(st.tuples(st.integers(0, 19), st.integers(0, 19)), max_size=40))
def test_the_sets_are_the_connected_pieces_of_the_pairs(pairs: list[tuple[int, int]]) -> None:
    joined = UnionFind(20)
    for a, b in pairs:
        joined.union(a, b)
    # the same sets by flooding the pairs as the edges of a graph
    piece = list(range(20))
    changed = True
    while changed:
        changed = False
        for a, b in pairs:
            low = min(piece[a], piece[b])
            if piece[a] != low or piece[b] != low:
                piece[a] = piece[b] = low
                changed = True
    assert [joined.find(i) for i in range(20)] == piece
