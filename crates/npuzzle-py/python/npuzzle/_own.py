"""A heuristic of your own as a Python callable: what it receives, and how it travels to the
library (which calls it at each node of the search, holding the GIL only while it runs)."""

from typing import Any, Callable, Optional, Tuple


class Tiles(tuple):  # type: ignore[type-arg]
    """A board as a heuristic callable receives it: the tiles row by row, 0 the blank (a tuple,
    so code written for aima-python's tuple states works), with ``width``, ``height`` and
    ``goal`` (the goal's tiles, the same kind of tuple; ``None`` on the goal itself)."""

    width: int
    height: int
    goal: Optional["Tiles"]

    def __new__(cls, tiles: Tuple[int, ...], width: int, height: int, goal: Optional["Tiles"]) -> "Tiles":
        t = super().__new__(cls, tiles)
        t.width = width
        t.height = height
        t.goal = goal if goal is not None else t
        return t

    def __repr__(self) -> str:
        return f"Tiles({tuple(self)!r}, width={self.width}, height={self.height})"


class Heuristic:
    """A callable with its name and the user's own claim of admissibility."""

    __slots__ = ("func", "name", "admissible")

    def __init__(self, func: Callable[[Tiles], float], admissible: bool = False) -> None:
        self.func = func
        self.name = str(getattr(func, "__name__", None) or type(func).__name__)
        self.admissible = bool(admissible)


def own(heuristic: Any, admissible: Any = None) -> Optional[Heuristic]:
    """The callable among the options, wrapped; ``None`` for a name or a formula."""
    if heuristic is None or isinstance(heuristic, str) or not callable(heuristic):
        return None
    return Heuristic(heuristic, bool(admissible))
