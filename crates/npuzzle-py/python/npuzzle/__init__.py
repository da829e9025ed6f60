"""npuzzle: a sliding-tile puzzle (N-puzzle) solver.

The search runs in Rust (the ``npuzzle`` library that the command-line tool and the web server
use too); this package gives it a Python face::

    >>> import npuzzle
    >>> s = npuzzle.solve("1 2 3 4 5 6 0 7 8")
    >>> s.moves, s.cost, s.optimal
    ('RR', 2, True)

Boards are accepted as text in any format the CLI reads (``"1 2 3/4 5 6/7 8 0"``,
``"123456780"``, rows on separate lines, ...), as flat or nested lists, or as NumPy arrays; the
blank is 0 (or -1 in arrays).

- :func:`solve` solves one board; :func:`solve_many` solves many in parallel, with the GIL
  released, and gives one :class:`Solution` per board, in input order.
- :func:`trace` yields the events of a recorded search, the same as
  ``npuzzle solve --trace --format json``.
- :func:`generate`, :func:`is_solvable`, :func:`heuristics`.
- :mod:`npuzzle.tables` builds and loads pattern databases into a cache directory of the
  caller's choosing; a process loads a set once and reuses it.
- :mod:`npuzzle.dask` solves boards from JSONL or Parquet on a Dask cluster.

Bad input raises :class:`BoardError` (a ``ValueError``); a start and goal of different parity
raise :class:`UnsolvableError` from :func:`solve`. A node, time or memory limit is not an
error: the solution's ``status`` is ``"limit"``. Ctrl-C (KeyboardInterrupt) stops a running
search, batch or table build.
"""

from __future__ import annotations

import gc
import json
import random as _random
import re
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Union

from . import _npuzzle
from ._npuzzle import BoardError, TablesError, UnsolvableError
from ._progress import make_progress

__all__ = [
    "BoardError",
    "UnsolvableError",
    "TablesError",
    "Solution",
    "solve",
    "solve_many",
    "trace",
    "generate",
    "is_solvable",
    "heuristics",
    "algorithms",
    "tables",
]

Board = Any
"""A board: text, a flat or nested list of ints, or a NumPy array."""

Progress = Union[bool, Callable[[str, str, int, int], Any], None]


def _board_value(board: Board) -> Any:
    if isinstance(board, str):
        return board
    if hasattr(board, "tolist"):  # NumPy arrays (and scalars' containers)
        board = board.tolist()
    if isinstance(board, (list, tuple)):
        out = []
        for x in board:
            if isinstance(x, (list, tuple)) or hasattr(x, "tolist"):
                out.append([_int(v) for v in (x.tolist() if hasattr(x, "tolist") else x)])
            else:
                out.append(_int(x))
        return out
    raise BoardError(f"a board must be text, a list of tiles, rows of tiles or a NumPy array, not {type(board).__name__}")


def _int(v: Any) -> int:
    if isinstance(v, bool) or not hasattr(v, "__index__"):
        raise BoardError(f"tile {v!r} is not an integer")
    return int(v)


def _board_json(board: Board) -> str:
    return json.dumps(_board_value(board))


_UNITS = {"": 1, "b": 1, "k": 1 << 10, "kb": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20,
          "g": 1 << 30, "gb": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tb": 1 << 40, "tib": 1 << 40}


def _bytes(v: Union[int, str, None]) -> Optional[int]:
    if v is None or isinstance(v, int):
        if isinstance(v, int) and v < 0:
            raise ValueError(f"max_memory {v} must not be negative")
        return v
    m = re.fullmatch(r"\s*([0-9.]+)\s*([a-zA-Z]*)\s*", str(v))
    if not m or m.group(2).lower() not in _UNITS:
        raise ValueError(f'bad size "{v}" (use e.g. 1G, 512M, or a number of bytes)')
    return int(float(m.group(1)) * _UNITS[m.group(2).lower()])


def _local(seed: Optional[int], sideways: Optional[int], restarts: Optional[int], temperature: Optional[float],
           cooling: Optional[float], beam_width: Optional[int], stochastic: bool,
           max_steps: Optional[int]) -> Dict[str, Any]:
    """The local searches' options, as the library's request specification names them. Without a
    seed, one is drawn here (as :func:`generate` does) and reported in ``Solution.seed``."""
    if seed is None:
        seed = _random.getrandbits(63)
    options = {"seed": seed, "sideways": sideways, "restarts": restarts, "temperature": temperature,
               "cooling": cooling, "beam_width": beam_width, "stochastic": bool(stochastic) or None,
               "max_steps": max_steps}
    return {k: v for k, v in options.items() if v is not None}


def _spec(goal: Board, algorithm: Optional[str], heuristic: Optional[str], order: str, weight: float,
          max_nodes: Optional[int], timeout: Optional[float], max_memory: Union[int, str, None],
          max_depth: Optional[int], size: Optional[str], local: Optional[Dict[str, Any]] = None) -> str:
    if timeout is not None and not isinstance(timeout, (int, float)):
        raise ValueError(f"timeout must be a number of seconds, not {timeout!r}")
    spec: Dict[str, Any] = {
        "goal": _board_value(goal),
        "order": order,
        "weight": weight,
        "limits": {
            "nodes": max_nodes,
            "time_ms": None if timeout is None else float(timeout) * 1000.0,
            "memory": _bytes(max_memory),
        },
    }
    for key, value in (("algorithm", algorithm), ("heuristic", heuristic), ("max_depth", max_depth), ("size", size)):
        if value is not None:
            spec[key] = value
    spec.update(local or {})
    return json.dumps(spec)


class Solution:
    """The result of one search.

    Attributes:
        status: ``"solved"``, ``"unsolvable"``, ``"limit"``, ``"not_found"``, or (in
            :func:`solve_many` only) ``"invalid"`` for a board that could not be searched.
        limit: which limit stopped the search (``"nodes"``, ``"time"``, ``"memory"``,
            ``"cancelled"``, ``"steps"``, ...), for status ``"limit"``.
        stuck: why a local search stopped without the goal, for status ``"not_found"``: a dict
            with ``kind`` (``"local_minimum"``, ``"plateau"``, ``"restarts_exhausted"``,
            ``"temperature_floor"``) and its figures.
        seed: the seed of a local search's random choices.
        moves: the blank's moves as letters (``U``, ``D``, ``L``, ``R``), start to goal.
        cost: the number of moves, when solved.
        optimal: whether the answer is a solution proven optimal.
        path: the boards along the path (lists of rows), start first; ``None`` when
            :func:`solve_many` was not asked for paths.
        stats: the counters: ``expanded``, ``generated``, ``max_frontier``, ``search_depth``,
            ``max_depth``, ``time_ms``, ``iterations``.
        start, goal: the boards, as lists of rows.
        algorithm, heuristic: what searched.
        message: a one-line summary, e.g. ``"solved in 2 moves"``.
        error: for status ``"invalid"``, what was wrong.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Dict[str, Any]):
        self._data = data

    @classmethod
    def _from_json(cls, text: str) -> "Solution":
        return cls(json.loads(text))

    def to_dict(self) -> Dict[str, Any]:
        """The solution as the CLI prints it (``npuzzle solve --format json``), as a new dict."""
        return json.loads(json.dumps(self._data))

    def __getattr__(self, name: str) -> Any:
        if name in ("status", "moves", "cost", "optimal", "stats", "start", "goal", "algorithm", "heuristic",
                    "weight", "order", "message", "limit", "path", "error", "input", "stuck", "seed"):
            return self._data.get(name)
        raise AttributeError(name)

    @property
    def solved(self) -> bool:
        """Whether a solution was found."""
        return self._data.get("status") == "solved"

    def __repr__(self) -> str:
        d = self._data
        if d.get("status") == "invalid":
            return f"Solution(status='invalid', error={d.get('error')!r})"
        return (f"Solution(status={d.get('status')!r}, cost={d.get('cost')!r}, moves={d.get('moves')!r}, "
                f"optimal={d.get('optimal')!r}, expanded={d['stats']['expanded']}, generated={d['stats']['generated']})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and self._data == other._data


def solve(start: Board, goal: Board = "blank-last", algorithm: Optional[str] = None, heuristic: Optional[str] = None,
          order: str = "UDLR", weight: float = 1.0, max_nodes: Optional[int] = None, timeout: Optional[float] = None,
          max_memory: Union[int, str, None] = None, *, max_depth: Optional[int] = None, size: Optional[str] = None,
          cache_dir: Optional[str] = None, progress: Progress = True,
          seed: Optional[int] = None, sideways: Optional[int] = None, restarts: Optional[int] = None,
          temperature: Optional[float] = None, cooling: Optional[float] = None, beam_width: Optional[int] = None,
          stochastic: bool = False, max_steps: Optional[int] = None) -> Solution:
    """Solves one board.

    Args:
        start: the start board (text in any accepted format, a flat or nested list, or a NumPy
            array).
        goal: ``"blank-last"`` (the default), ``"blank-first"``, ``"snail"``, or a board.
        algorithm: e.g. ``"astar"``, ``"idastar"``, ``"bfs"`` (see :func:`algorithms`). With
            neither algorithm nor heuristic, the default solver for the board's size: the
            exact table up to 10 cells, IDA* with pattern databases up to 25, A* with
            Manhattan distance beyond.
        heuristic: e.g. ``"manhattan"``, ``"linear-conflict"``, ``"pdb"``, ``"exact"``.
        order: the order in which the blank's moves are tried, e.g. ``"LURD"``.
        weight: the weight W on h for weighted A* (f = g + W·h).
        max_nodes, timeout, max_memory: limits: nodes generated, seconds, bytes (or ``"1G"``).
            A search they stop has status ``"limit"``.
        max_depth: a depth bound for depth-first search.
        size: ``"WxH"`` for text that does not say its size.
        seed, sideways, restarts, temperature, cooling, beam_width, stochastic, max_steps: the
            local searches' options (``"hill-climbing"``, ``"first-choice"``,
            ``"random-restart"``, ``"annealing"``, ``"local-beam"``), as ``npuzzle solve
            --seed`` etc. take them. Without a seed one is drawn (``Solution.seed``). A local
            search that gets stuck has status ``"not_found"`` and ``Solution.stuck`` says why.
        cache_dir: where pattern databases are cached (default: the set chosen by
            :func:`npuzzle.tables.load` or :func:`~npuzzle.tables.build` for this size, else
            ``$NPUZZLE_CACHE_DIR`` or the user's cache directory).
        progress: show table builds (a bar in a terminal or notebook); ``False`` for silence,
            or a callable ``(kind, what, done, total)``.

    Raises:
        BoardError: a malformed board or goal, or a size mismatch.
        UnsolvableError: start and goal have different parity.
        ValueError: an unknown algorithm, heuristic or order, or a bad option.
        KeyboardInterrupt: Ctrl-C stopped the search.
    """
    local = _local(seed, sideways, restarts, temperature, cooling, beam_width, stochastic, max_steps)
    spec = _spec(goal, algorithm, heuristic, order, weight, max_nodes, timeout, max_memory, max_depth, size, local)
    text = _npuzzle.solve_one(_board_json(start), spec, _dir(cache_dir), make_progress(progress))
    sol = Solution._from_json(text)
    if sol.status == "unsolvable":
        raise UnsolvableError(sol.message)
    return sol


def solve_many(boards: Sequence[Board], goal: Board = "blank-last", algorithm: Optional[str] = None,
               heuristic: Optional[str] = None, order: str = "UDLR", weight: float = 1.0,
               max_nodes: Optional[int] = None, timeout: Optional[float] = None,
               max_memory: Union[int, str, None] = None, *, max_depth: Optional[int] = None,
               size: Optional[str] = None, jobs: Optional[int] = None, paths: bool = False,
               cache_dir: Optional[str] = None, progress: Progress = True,
               seed: Optional[int] = None, sideways: Optional[int] = None, restarts: Optional[int] = None,
               temperature: Optional[float] = None, cooling: Optional[float] = None, beam_width: Optional[int] = None,
               stochastic: bool = False, max_steps: Optional[int] = None) -> List[Solution]:
    """Solves many boards in parallel (the GIL released), one :class:`Solution` per board, in
    input order.

    Takes the options of :func:`solve` (the limits apply to each board), and:

    Args:
        jobs: boards solved at once (default: every core).
        paths: also return the boards along each path (``Solution.path``).

    A board that is malformed gets status ``"invalid"`` (with ``error``); an unsolvable one
    gets status ``"unsolvable"``: neither raises. Options that are wrong for every board
    (an unknown algorithm, say) raise ``ValueError``. Ctrl-C stops the whole batch and raises
    KeyboardInterrupt.
    """
    local = _local(seed, sideways, restarts, temperature, cooling, beam_width, stochastic, max_steps)
    spec = _spec(goal, algorithm, heuristic, order, weight, max_nodes, timeout, max_memory, max_depth, size, local)
    results: List[Optional[Solution]] = [None] * len(boards)
    encoded, where = [], []
    for i, b in enumerate(boards):
        try:
            encoded.append(_board_json(b))
            where.append(i)
        except BoardError as e:
            results[i] = Solution({"status": "invalid", "input": repr(b), "error": str(e)})
    texts = _npuzzle.solve_many(encoded, spec, jobs, paths, _dir(cache_dir), make_progress(progress))
    # Hundreds of thousands of new dicts would set off the cyclic garbage collector again and
    # again (none of them can form a cycle); parsing with it paused is three times as fast.
    paused = gc.isenabled()
    gc.disable()
    try:
        for i, t in zip(where, texts):
            results[i] = Solution._from_json(t)
    finally:
        if paused:
            gc.enable()
    return results  # type: ignore[return-value]


def trace(start: Board, goal: Board = "blank-last", algorithm: Optional[str] = None, heuristic: Optional[str] = None,
          order: str = "UDLR", weight: float = 1.0, max_nodes: Optional[int] = None, timeout: Optional[float] = None,
          max_memory: Union[int, str, None] = None, *, max_depth: Optional[int] = None, size: Optional[str] = None,
          limit: int = 200, cache_dir: Optional[str] = None, progress: Progress = True,
          seed: Optional[int] = None, sideways: Optional[int] = None, restarts: Optional[int] = None,
          temperature: Optional[float] = None, cooling: Optional[float] = None, beam_width: Optional[int] = None,
          stochastic: bool = False, max_steps: Optional[int] = None) -> Iterator[Dict[str, Any]]:
    """Yields the events of a recorded search as dicts: the same events, in the same order, as
    ``npuzzle solve --trace --format json`` prints.

    The first event is ``{"event": "start", ...}``; then one event per node generated, selected,
    pruned, bound raised or goal found, for the first ``limit`` steps (selections); the last is
    ``{"event": "end", ..., "report": {...}}`` with the solution. Takes the options of
    :func:`solve`; the search itself runs when iteration starts.
    """
    local = _local(seed, sideways, restarts, temperature, cooling, beam_width, stochastic, max_steps)
    spec = _spec(goal, algorithm, heuristic, order, weight, max_nodes, timeout, max_memory, max_depth, size, local)
    start_json = _board_json(start)
    if not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit {limit!r} must be a number of steps ≥ 0")

    def events() -> Iterator[Dict[str, Any]]:
        for line in _npuzzle.trace_events(start_json, spec, limit, _dir(cache_dir), make_progress(progress)):
            yield json.loads(line)

    return events()


def generate(size: Union[int, str] = "3x3", count: int = 1, *, seed: Optional[int] = None, depth: Optional[int] = None,
             walk: Optional[int] = None, goal: str = "blank-last") -> List[List[List[int]]]:
    """Random solvable boards, as lists of rows.

    Args:
        size: ``3``, ``"4x4"``, ``"3x2"``...
        count: how many.
        seed: for reproducible boards (the same seed gives the same boards as
            ``npuzzle generate --seed``).
        depth: boards exactly this many moves from the goal (boards of at most 9 cells).
        walk: random walks of this many moves from the goal instead of uniform boards.
        goal: the goal preset or board text.
    """
    if seed is None:
        seed = _random.getrandbits(63)
    if count < 0:
        raise ValueError(f"count {count} must not be negative")
    return _npuzzle.generate(str(size), count, seed, goal, depth, walk)


def is_solvable(start: Board, goal: Board = "blank-last") -> bool:
    """Whether ``start`` can reach ``goal`` (their permutation parities agree).

    Raises:
        BoardError: a malformed board, or boards of different sizes.
    """
    return _npuzzle.is_solvable(_board_json(start), json.dumps(_board_value(goal)))


def heuristics(start: Board, goal: Board = "blank-last", *, cache_dir: Optional[str] = None) -> Dict[str, float]:
    """Every heuristic's estimate of the moves from ``start`` to ``goal``, by name.

    The exact table is included on boards of up to 10 cells; pattern databases once
    :func:`npuzzle.tables.load` or :func:`~npuzzle.tables.build` prepared a set for the size.
    Estimates are whole numbers except Euclidean distance's.
    """
    pairs = _npuzzle.heuristics(_board_json(start), json.dumps(_board_value(goal)), _dir(cache_dir))
    return {name: (int(v) if float(v).is_integer() else v) for name, v in pairs}


def algorithms() -> List[Dict[str, Any]]:
    """The search algorithms, each described by the library: name, summary, whether it is
    optimal and whether it uses a heuristic."""
    return [{"name": n, "summary": s, "optimal": o, "uses_heuristic": u} for n, s, o, u in _npuzzle.algorithms()]


def _dir(cache_dir: Optional[Any]) -> Optional[str]:
    return None if cache_dir is None else str(cache_dir)


from . import tables  # noqa: E402  (tables uses the helpers above)
