"""What static safety proves: the safe points of both colours and the steps that proved them.

The result of `passalive.definitions.static_safety.static_safety`; the
steps are named by the rule that fired (Müller 1997, as Fuego's
GoSafetySolver applies them; see the package's docstring).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field

from passalive.go.board import Board, Colour


@dataclass(frozen=True)
class Step:
    """One reason some points became safe.

    `rule` is one of `alive` (step 3), `2-vital` (step 4), `surrounded` and
    `surrounded pair` (step 5); `regions` are the points of the safe regions
    it adds, `chains` the indices into `board.chains` of the blocks it makes
    safe.
    """

    colour: Colour
    rule: str
    regions: frozenset[int]
    chains: frozenset[int]
    note: str
    inner: frozenset[int] = frozenset()
    """Blocks inside a surrounded area whose points are safe but which may be captured and retaken."""


@dataclass(frozen=True)
class StaticSafety:
    """The safe points of both colours of a board, and the steps that proved them."""

    board: Board
    safe: Mapping[Colour, frozenset[int]]
    steps: tuple[Step, ...]
    sound: bool
    """Computed in the sound mode (Fuego's refuted rules left out)."""
    regions: Mapping[Colour, frozenset[int]] = field(compare=False, repr=False)
    """The safe points that are not stones of safe blocks (`territory`)."""

    def safe_chains(self, colour: Colour) -> frozenset[int]:
        """Indices into `board.chains` of the safe blocks of `colour`: blocks that are never captured.

        A block inside a surrounded area (step 5) is not among them: the
        area is safe, so its points end up the owner's, but the attacker may
        capture the block first (Fuego counts its points as safe all the same).
        """
        return frozenset(i for s in self.steps if s.colour is colour for i in s.chains)

    def territory(self, colour: Colour) -> frozenset[int]:
        """The safe points of `colour` that are not stones of its safe blocks: its safe regions."""
        return self.regions[colour]

    def steps_for(self, chain_index: int) -> tuple[Step, ...]:
        """The steps that made one block safe (empty if it is not safe)."""
        return tuple(s for s in self.steps if chain_index in s.chains)


class Points(Mapping[Colour, frozenset[int]]):
    """Point sets per colour kept as bitsets and turned into point ids when first read.

    A caller that wants only the safe blocks (the variant's `direct`) never
    pays for the conversion; one that reads the points pays it once.
    """

    def __init__(self, masks: Mapping[Colour, int], ids: Callable[[int], frozenset[int]]) -> None:
        self._masks = dict(masks)
        self._ids = ids
        self._made: dict[Colour, frozenset[int]] = {}

    def __getitem__(self, colour: Colour) -> frozenset[int]:
        made = self._made.get(colour)
        if made is None:
            made = self._made[colour] = self._ids(self._masks[colour])
        return made

    def __iter__(self) -> Iterator[Colour]:
        return iter(self._masks)

    def __len__(self) -> int:
        return len(self._masks)

    def __repr__(self) -> str:
        return repr(dict(self))
