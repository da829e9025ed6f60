"""The run's report and what it holds as Python types, each field described once by the
library (``npuzzle::solve::Report``): written by ``tests/test_types.py`` from
``_npuzzle.report_schema()`` (``NPUZZLE_WRITE_TYPES=1 pytest tests/test_types.py``); do not
edit."""

from __future__ import annotations

from typing import Any, Dict, List, Literal, Optional, TypedDict, Union, cast

AlgorithmName = Literal[
    "bfs", "dfs", "iddfs", "ucs", "greedy", "astar", "lc", "dfbnb", "idastar", "rbfs",
    "bidirectional", "reduce", "reduce-plus", "pdb-beam", "hill-climbing", "first-choice",
    "random-restart", "annealing", "local-beam",
]
"""An algorithm's name, as `--algorithm` and the JSON fields take it."""


Board = List[List[int]]
"""A board as rows of tiles, 0 the blank."""


BoundSource = Literal["optimal", "linear_conflict", "pattern_databases", "iterations", "slides"]
"""Where a lower bound comes from."""


Cost = float
"""A cost: a whole number of moves, or a real number for the Euclidean heuristic."""


CostModel = Literal["unit", "tile"]
"""What a move costs: the step-cost model of a search.

- `CostModel::Unit`: every move costs 1, so a solution's cost is its number of moves (the
  classic puzzle, and the default).
- `CostModel::Tile`: moving tile t costs t ("heavy tiles", a standard benchmark for search
  with non-uniform costs: Thayer and Ruml; Wilt and Ruml). The fewest moves then need not be
  the cheapest answer, so breadth-first search and iterative deepening stop being optimal, and
  uniform-cost search orders by the cost so far rather than by depth.

Costs stay integers: g, h and f are counted in units of one `Cost::ONE`, and under the tile
model one unit is what moving tile 1 costs."""


Estimator = str
"""A heuristic: a built-in's name or alias (manhattan, h1, …), or a formula such as
max(manhattan, misplaced)."""


LimitKind = Literal["nodes", "time", "memory", "cancelled", "depth", "steps"]
"""Which limit ended a search."""


Metric = Literal["stm", "mtm"]
"""How moves are counted."""


class _StatsRequired(TypedDict):
    """The fields every Stats has."""

    expanded: int
    """Nodes whose successors were generated."""
    generated: int
    """Nodes created, the start included."""
    iterations: int
    """Iterations of an iterative-deepening search (1 for the others)."""
    max_depth: int
    """Deepest node generated."""
    max_frontier: int
    """Largest size of the open list (queue, stack, heap, or the depth-first path)."""
    peak_memory: int
    """Peak bytes of the search's own frontier and explored-set accounting."""
    search_depth: int
    """Depth of the solution found (0 when none)."""
    time_ms: float
    """Wall time."""


class Stats(_StatsRequired, total=False):
    """Counters a search keeps as it runs, reported by every run whether it solved, failed or hit
    a limit: nodes expanded and generated, the largest frontier, depths, iterations, memory,
    time."""

    effective_branching_factor: Optional[float]
    """The effective branching factor b* of a solved run (Russell and Norvig): the branching
    factor a uniform tree as deep as the solution would need to hold the nodes generated
    (`effective_branching_factor`); `None` until a solution of at least one move is found."""


Status = Literal["solved", "unsolvable", "limit", "not_found"]
"""How a run ended."""


class StuckLocalMinimum(TypedDict):
    """Every neighbour has a larger h than the current state."""

    h: Cost
    """The current state's h."""
    kind: Literal["local_minimum"]


class StuckPlateau(TypedDict):
    """The best neighbour's h equals the current h, and the sideways moves allowed in a row are
    used up (local beam: its best h has not fallen for that many steps)."""

    h: Cost
    """The current (best) h."""
    kind: Literal["plateau"]
    sideways: int
    """Sideways moves made in a row before stopping (the limit)."""


class StuckRestartsExhausted(TypedDict):
    """Random-restart hill climbing made every restart it was allowed without the goal."""

    best_h: Cost
    """The lowest h any climb reached."""
    kind: Literal["restarts_exhausted"]
    restarts: int
    """Restarts made."""


class StuckTemperatureFloor(TypedDict):
    """Simulated annealing's temperature fell below `TEMPERATURE_FLOOR`."""

    h: Cost
    """The h where it stopped."""
    kind: Literal["temperature_floor"]
    steps: int
    """Steps taken."""


Stuck = Union[StuckLocalMinimum, StuckPlateau, StuckRestartsExhausted, StuckTemperatureFloor]
"""Why a local search stopped without reaching the goal."""


class _ReportRequired(TypedDict):
    """The fields every Report has."""

    algorithm: AlgorithmName
    """The algorithm that searched."""
    cost_model: CostModel
    """What a move costs: `unit` (every move 1) or `tile` (moving tile t costs t)."""
    goal: Board
    """The goal, as rows."""
    heuristic: Estimator
    """The heuristic it used (`zero` for an algorithm that uses none)."""
    message: str
    """A one-line summary, e.g. `solved in 2 moves`."""
    moves: str
    """The blank's moves as letters (`U`, `D`, `L`, `R`), start to goal."""
    optimal: bool
    """Whether the answer is a solution proven optimal (false when none was found)."""
    order: str
    """The move order: the blank's moves tried in this order."""
    start: Board
    """The start, as rows."""
    stats: Stats
    """The search's counters."""
    status: Status
    """How the run ended: `solved`, `unsolvable`, `limit` or `not_found`."""
    uses_heuristic: bool
    """Whether the algorithm uses a heuristic, so that a report names one only where it guided
    the search."""
    weight: float
    """The weight W on h (weighted A*: f = g + W·h; 1 otherwise)."""


class Report(_ReportRequired, total=False):
    """The JSON shape of a run, shared by the CLI and the web API."""

    claim_note: Optional[str]
    """When `optimal` rests on a heuristic its author claimed admissible (or consistent) rather
    than one proven so: whose word it is."""
    cost: Optional[int]
    """The solution's cost, when solved: its number of moves under unit costs, the sum of the
    tiles moved under tile costs."""
    cost_note: Optional[str]
    """Why the algorithm, optimal under unit costs, is not under this cost model (breadth-first
    search and iterative deepening find the fewest moves, not the cheapest)."""
    length: Optional[int]
    """The solution's number of moves, when solved."""
    limit: Optional[LimitKind]
    """Which limit stopped the search, for status `limit`; for status `solved`, the limit that
    stopped an improving solver (`pdb-beam`, `reduce-plus`) while it was still shortening its
    answer (the moves are the best it had)."""
    lower_bound: Optional[int]
    """When solved, no solution costs less: the cost itself when proven optimal, else Manhattan
    distance plus linear conflicts (scaled by the tiles' costs under tile costs)."""
    lower_bound_from: Optional[BoundSource]
    """Where `lower_bound` comes from."""
    metric: Optional[Metric]
    """How moves are counted, when not single-tile moves: `mtm` (a slide of the tiles between the
    blank and a cell of its row or column is one move). `cost` and `lower_bound` then count
    slides, and `length` single-tile moves."""
    path: Optional[List[Board]]
    """The boards along the path (left out of batch output unless asked for)."""
    seed: Optional[int]
    """The seed of the run's random choices, for algorithms that make any."""
    stuck: Optional[Stuck]
    """Why a local search stopped without the goal (`kind`: `local_minimum`, `plateau`,
    `restarts_exhausted` or `temperature_floor`, with its figures)."""
    tables_ms: Optional[float]
    """Time spent loading or building the heuristic's tables before the search, when a front end
    prepared them for this run (`tables_ms` in JSON; not part of `stats.time_ms`)."""


class ReportFields:
    """The report's fields as properties: :class:`npuzzle.Solution` reads them from its
    ``_data``, the report as the library serialised it."""

    __slots__ = ()
    _data: Dict[str, Any]

    @property
    def algorithm(self) -> str:
        """The algorithm that searched."""
        return cast("str", self._data.get("algorithm"))

    @property
    def claim_note(self) -> Optional[str]:
        """When `optimal` rests on a heuristic its author claimed admissible (or consistent)
        rather than one proven so: whose word it is."""
        return cast("Optional[str]", self._data.get("claim_note"))

    @property
    def cost(self) -> Optional[int]:
        """The solution's cost, when solved: its number of moves under unit costs, the sum of the
        tiles moved under tile costs."""
        return cast("Optional[int]", self._data.get("cost"))

    @property
    def cost_model(self) -> str:
        """What a move costs: `unit` (every move 1) or `tile` (moving tile t costs t)."""
        return cast("str", self._data.get("cost_model"))

    @property
    def cost_note(self) -> Optional[str]:
        """Why the algorithm, optimal under unit costs, is not under this cost model
        (breadth-first search and iterative deepening find the fewest moves, not the
        cheapest)."""
        return cast("Optional[str]", self._data.get("cost_note"))

    @property
    def goal(self) -> Board:
        """The goal, as rows."""
        return cast("Board", self._data.get("goal"))

    @property
    def heuristic(self) -> Estimator:
        """The heuristic it used (`zero` for an algorithm that uses none)."""
        return cast("Estimator", self._data.get("heuristic"))

    @property
    def length(self) -> Optional[int]:
        """The solution's number of moves, when solved."""
        return cast("Optional[int]", self._data.get("length"))

    @property
    def limit(self) -> Optional[str]:
        """Which limit stopped the search, for status `limit`; for status `solved`, the limit
        that stopped an improving solver (`pdb-beam`, `reduce-plus`) while it was still
        shortening its answer (the moves are the best it had)."""
        return cast("Optional[str]", self._data.get("limit"))

    @property
    def lower_bound(self) -> Optional[int]:
        """When solved, no solution costs less: the cost itself when proven optimal, else
        Manhattan distance plus linear conflicts (scaled by the tiles' costs under tile
        costs)."""
        return cast("Optional[int]", self._data.get("lower_bound"))

    @property
    def lower_bound_from(self) -> Optional[str]:
        """Where `lower_bound` comes from."""
        return cast("Optional[str]", self._data.get("lower_bound_from"))

    @property
    def message(self) -> str:
        """A one-line summary, e.g. `solved in 2 moves`."""
        return cast("str", self._data.get("message"))

    @property
    def metric(self) -> Optional[str]:
        """How moves are counted, when not single-tile moves: `mtm` (a slide of the tiles between
        the blank and a cell of its row or column is one move). `cost` and `lower_bound` then
        count slides, and `length` single-tile moves."""
        return cast("Optional[str]", self._data.get("metric"))

    @property
    def moves(self) -> str:
        """The blank's moves as letters (`U`, `D`, `L`, `R`), start to goal."""
        return cast("str", self._data.get("moves"))

    @property
    def optimal(self) -> bool:
        """Whether the answer is a solution proven optimal (false when none was found)."""
        return cast("bool", self._data.get("optimal"))

    @property
    def order(self) -> str:
        """The move order: the blank's moves tried in this order."""
        return cast("str", self._data.get("order"))

    @property
    def path(self) -> Optional[List[Board]]:
        """The boards along the path (left out of batch output unless asked for)."""
        return cast("Optional[List[Board]]", self._data.get("path"))

    @property
    def seed(self) -> Optional[int]:
        """The seed of the run's random choices, for algorithms that make any."""
        return cast("Optional[int]", self._data.get("seed"))

    @property
    def start(self) -> Board:
        """The start, as rows."""
        return cast("Board", self._data.get("start"))

    @property
    def stats(self) -> Stats:
        """The search's counters."""
        return cast("Stats", self._data.get("stats"))

    @property
    def status(self) -> str:
        """How the run ended: `solved`, `unsolvable`, `limit` or `not_found`."""
        return cast("str", self._data.get("status"))

    @property
    def stuck(self) -> Optional[Stuck]:
        """Why a local search stopped without the goal (`kind`: `local_minimum`, `plateau`,
        `restarts_exhausted` or `temperature_floor`, with its figures)."""
        return cast("Optional[Stuck]", self._data.get("stuck"))

    @property
    def tables_ms(self) -> Optional[float]:
        """Time spent loading or building the heuristic's tables before the search, when a front
        end prepared them for this run (`tables_ms` in JSON; not part of `stats.time_ms`)."""
        return cast("Optional[float]", self._data.get("tables_ms"))

    @property
    def uses_heuristic(self) -> bool:
        """Whether the algorithm uses a heuristic, so that a report names one only where it
        guided the search."""
        return cast("bool", self._data.get("uses_heuristic"))

    @property
    def weight(self) -> float:
        """The weight W on h (weighted A*: f = g + W·h; 1 otherwise)."""
        return cast("float", self._data.get("weight"))


__all__ = [
    "AlgorithmName", "Board", "BoundSource", "Cost", "CostModel", "Estimator", "LimitKind",
    "Metric", "Stats", "Status", "StuckLocalMinimum", "StuckPlateau", "StuckRestartsExhausted",
    "StuckTemperatureFloor", "Stuck", "Report", "ReportFields",
]
