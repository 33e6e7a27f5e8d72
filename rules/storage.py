"""Relation storage for the engine: plain sets with hash indexes, union-find classes.

Every storage offers the same small protocol the compiled rules use:

* `scan()` — all tuples (an iterable that is not changed while it is read);
* `getter(cols)` — a function `(key, default)` giving the tuples whose columns
  `cols` equal `key` (a single value for one column, else a tuple), like
  `dict.get`;
* `container()` — an object supporting `tuple in container`.

`Rel` keeps a set of tuples and one dict index per bound-column pattern, built
on first use and kept up to date by `add`.  `EqRel` keeps equivalence classes
(union by size; a class is the list of its members, smallest first) and never
stores the closure as pairs; `RepView` presents `E.rep`.  `Top` is the "everything"
relation a greatest relation starts from: membership always succeeds.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import groupby
from operator import itemgetter
from typing import Any



class Rel:
    """A set of tuples with lazily built hash indexes per bound-column pattern."""

    __slots__ = ("tuples", "indexes")

    def __init__(self, tuples: Iterable[tuple] = ()) -> None:
        self.tuples: set[tuple] = set(tuples)
        self.indexes: dict[tuple[int, ...], tuple[Callable, dict]] = {}

    def scan(self) -> set[tuple]:
        return self.tuples

    def container(self) -> set[tuple]:
        return self.tuples

    def getter(self, cols: tuple[int, ...]) -> Callable[[Any, Any], Any]:
        entry = self.indexes.get(cols)
        if entry is None:
            keyf = itemgetter(*cols)
            try:
                ordered = sorted(self.tuples, key=keyf)
            except TypeError:  # incomparable keys: build the index the slow way
                index: dict = {}
                for t in self.tuples:
                    index.setdefault(keyf(t), []).append(t)
            else:
                index = {k: list(g) for k, g in groupby(ordered, keyf)}
            entry = (keyf, index)
            self.indexes[cols] = entry
        return entry[1].get

    def add(self, tuples: Iterable[tuple], want_delta: bool = True) -> list[tuple]:
        """Add tuples; return those that were new."""
        have = self.tuples
        if not have:
            have.update(tuples)
            new = list(have)
        else:
            new = [t for t in set(tuples) if t not in have]
        if new:
            have.update(new)
            for keyf, index in self.indexes.values():
                for t in new:
                    k = keyf(t)
                    bucket = index.get(k)
                    if bucket is None:
                        index[k] = [t]
                    else:
                        bucket.append(t)
        return new

    def __len__(self) -> int:
        return len(self.tuples)

    def all(self) -> frozenset[tuple]:
        return frozenset(self.tuples)


class EqRel:
    """An equivalence relation on the last two columns, per value of the others (the key)."""

    __slots__ = ("nkey", "cls", "_contains")

    def __init__(self, arity: int) -> None:
        self.nkey = arity - 2
        # element key -> class; the element key is the value itself when there is no key
        self.cls: dict[Any, list] = {}

    # -- building
    def _key(self, t: tuple, col: int) -> Any:
        if self.nkey == 0:
            return t[col]
        return t[: self.nkey] + (t[col],)

    def _elem_key(self, prefix: tuple, value: Any) -> Any:
        return value if self.nkey == 0 else prefix + (value,)

    def add(self, tuples: Iterable[tuple], want_delta: bool = False) -> list[tuple]:
        """Union the pairs; return the newly related pairs (all of them if want_delta, else a marker)."""
        delta: list | None = [] if want_delta else None
        changed = False
        nkey = self.nkey
        cls = self.cls
        for t in tuples:
            prefix = t[:nkey]
            x, y = t[nkey], t[nkey + 1]
            kx = x if nkey == 0 else prefix + (x,)
            ky = y if nkey == 0 else prefix + (y,)
            cx = cls.get(kx)
            if cx is None:
                cx = cls[kx] = [x]
                changed = True
                if delta is not None:
                    delta.append(prefix + (x, x))
            if x == y:
                continue
            cy = cls.get(ky)
            if cy is None:
                cy = cls[ky] = [y]
                changed = True
                if delta is not None:
                    delta.append(prefix + (y, y))
            if cx is cy:
                continue
            changed = True
            if len(cx) < len(cy):
                cx, cy = cy, cx
            if delta is not None:
                for a in cx:
                    for b in cy:
                        delta.append(prefix + (a, b))
                        delta.append(prefix + (b, a))
            if nkey == 0:
                for m in cy:
                    cls[m] = cx
            else:
                for m in cy:
                    cls[prefix + (m,)] = cx
            size = len(cx)
            cx.extend(cy)
            if cy[0] < cx[0]:  # keep the smallest member first
                cx[0], cx[size] = cx[size], cx[0]
        if delta is not None:
            return delta
        return [()] if changed else []

    # -- reading
    def __contains__(self, t: tuple) -> bool:
        nkey = self.nkey
        if nkey == 0:
            c = self.cls.get(t[0])
            return c is not None and self.cls.get(t[1]) is c
        prefix = t[:nkey]
        c = self.cls.get(prefix + (t[nkey],))
        return c is not None and self.cls.get(prefix + (t[nkey + 1],)) is c

    def container(self) -> "EqRel":
        return self

    def classes(self) -> Iterable[tuple[tuple, list]]:
        """(key prefix, class) for each distinct class."""
        seen: set[int] = set()
        for k, c in self.cls.items():
            if id(c) in seen:
                continue
            seen.add(id(c))
            yield (() if self.nkey == 0 else k[:-1]), c

    def scan(self) -> list[tuple]:
        out = []
        for prefix, c in self.classes():
            for a in c:
                for b in c:
                    out.append(prefix + (a, b))
        return out

    def getter(self, cols: tuple[int, ...]) -> Callable[[Any, Any], Any]:
        nkey = self.nkey
        x_col, y_col = nkey, nkey + 1
        key_cols = tuple(range(nkey))
        cls = self.cls
        if set(key_cols) <= set(cols) and (x_col in cols) != (y_col in cols):
            bound_col = x_col if x_col in cols else y_col
            pos = cols.index(bound_col)
            single = len(cols) == 1

            def get(key: Any, default: Any) -> Any:
                if single:
                    v = key
                    c = cls.get(v)
                    prefix: tuple = ()
                else:
                    v = key[pos]
                    prefix = tuple(key[cols.index(i)] for i in key_cols)
                    c = cls.get(v if nkey == 0 else prefix + (v,))
                if c is None:
                    return default
                if bound_col == x_col:
                    return [prefix + (v, m) for m in c]
                return [prefix + (m, v) for m in c]

            return get
        return _filter_getter(self.scan, cols)

    def all(self) -> frozenset[tuple]:
        return frozenset(self.scan())

    def __len__(self) -> int:
        return sum(len(c) ** 2 for _, c in self.classes())


class RepView:
    """`E.rep(k..., x, r)`: r is the smallest member of x's class in the eqrel E."""

    __slots__ = ("eq",)

    def __init__(self, eq: EqRel) -> None:
        self.eq = eq

    def __contains__(self, t: tuple) -> bool:
        nkey = self.eq.nkey
        key = t[nkey] if nkey == 0 else t[:nkey] + (t[nkey],)
        c = self.eq.cls.get(key)
        return c is not None and c[0] == t[nkey + 1]

    def container(self) -> "RepView":
        return self

    def scan(self) -> list[tuple]:
        nkey = self.eq.nkey
        if nkey == 0:
            return [(x, c[0]) for x, c in self.eq.cls.items()]
        return [k + (c[0],) for k, c in self.eq.cls.items()]

    def getter(self, cols: tuple[int, ...]) -> Callable[[Any, Any], Any]:
        nkey = self.eq.nkey
        cls = self.eq.cls
        x_col, r_col = nkey, nkey + 1
        key_cols = tuple(range(nkey))
        if set(key_cols) <= set(cols) and x_col in cols:
            pos = cols.index(x_col)
            single = len(cols) == 1
            has_r = r_col in cols

            def get(key: Any, default: Any) -> Any:
                if single:
                    c = cls.get(key)
                    return default if c is None else [(key, c[0])]
                prefix = tuple(key[cols.index(i)] for i in key_cols)
                x = key[pos]
                c = cls.get(x if nkey == 0 else prefix + (x,))
                if c is None or (has_r and key[cols.index(r_col)] != c[0]):
                    return default
                return [prefix + (x, c[0])]

            return get
        if set(key_cols) <= set(cols) and r_col in cols:
            pos = cols.index(r_col)
            single = len(cols) == 1

            def get_by_rep(key: Any, default: Any) -> Any:
                if single:
                    r, prefix = key, ()
                else:
                    r = key[pos]
                    prefix = tuple(key[cols.index(i)] for i in key_cols)
                c = cls.get(r if nkey == 0 else prefix + (r,))
                if c is None or c[0] != r:
                    return default
                return [prefix + (m, r) for m in c]

            return get_by_rep
        return _filter_getter(self.scan, cols)

    def all(self) -> frozenset[tuple]:
        return frozenset(self.scan())

    def __len__(self) -> int:
        return len(self.eq.cls)


class _Everything:
    __slots__ = ()

    def __contains__(self, t: object) -> bool:
        return True


class Top:
    """The relation containing every tuple: where a greatest relation starts."""

    __slots__ = ()

    def container(self) -> _Everything:
        return _Everything()

    def scan(self) -> Any:
        raise RuntimeError("a greatest relation cannot be enumerated in its own recursion")

    def getter(self, cols: tuple[int, ...]) -> Any:
        raise RuntimeError("a greatest relation cannot be enumerated in its own recursion")


def _filter_getter(scan: Callable[[], Iterable[tuple]], cols: tuple[int, ...]) -> Callable[[Any, Any], Any]:
    keyf = itemgetter(*cols)

    def get(key: Any, default: Any) -> Any:
        out = [t for t in scan() if keyf(t) == key]
        return out or default

    return get
