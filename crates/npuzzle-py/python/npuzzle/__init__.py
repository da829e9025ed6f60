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
  ``npuzzle solve --trace --format json``; :func:`trace_text` gives the numbered trace of
  ``npuzzle solve --trace``.
- :func:`tree` records the search tree: in Jupyter it shows as the SVG of
  ``npuzzle solve --tree svg``, and ``to_dict()`` is ``--tree json``.
- :func:`exercise` writes a hand-execution exercise and its answer key, as ``npuzzle exercise``
  does: in Jupyter it shows as the problem sheet.
- :func:`compare` runs algorithm/heuristic pairs on the same boards, as ``npuzzle compare``
  does (a pandas DataFrame when pandas is installed); :func:`plot_compare` draws the rows.
- :func:`audit` proves a heuristic admissible and consistent over every 3×3 board (or finds
  the counterexample, and what it costs A*), as ``npuzzle audit`` does; a sample on larger boards.
- :func:`generate`, :func:`is_solvable`, :func:`heuristics`.
- :mod:`npuzzle.tables` builds and loads pattern databases into a cache directory of the
  caller's choosing; a process loads a set once and reuses it.
- :mod:`npuzzle.dask` solves boards from JSONL or Parquet on a Dask cluster.

In Jupyter a :class:`Solution` shows its start board, a playback of its moves and its
statistics; a :class:`Tree` shows its drawing.

Bad input raises :class:`BoardError` (a ``ValueError``); a start and goal of different parity
raise :class:`UnsolvableError` from :func:`solve`. A node, time or memory limit is not an
error: the solution's ``status`` is ``"limit"``. Ctrl-C (KeyboardInterrupt) stops a running
search, batch or table build.
"""

from __future__ import annotations

import gc as _gc
import json as _json
import typing as _typing

from . import _npuzzle, _own
from ._audit import Audit
from ._display import solution_html as _solution_html
from ._npuzzle import BoardError, TablesError, UnsolvableError
from ._own import Tiles
from ._params import KEYS as _PARAM_KEYS
from ._params import LocalParams, Params, SearchParams
from ._progress import make_progress as _make_progress
from ._types import Report, ReportFields, Stats

if _typing.TYPE_CHECKING:
    from typing import Any, Callable, Dict, Iterator, List, Literal, Optional, Sequence, Tuple, Union

    from typing_extensions import Unpack

    from ._player import Player

__all__ = [
    "BoardError",
    "UnsolvableError",
    "TablesError",
    "Tiles",
    "Options",
    "Solution",
    "Report",
    "Stats",
    "solve",
    "solve_many",
    "trace",
    "trace_text",
    "Tree",
    "tree",
    "widget",
    "Exercise",
    "exercise",
    "compare",
    "plot_compare",
    "bench_depth",
    "Audit",
    "audit",
    "generate",
    "is_solvable",
    "analyse",
    "check",
    "check_answers",
    "read_moves",
    "write_moves",
    "heuristics",
    "algorithms",
    "heuristic_info",
    "params",
    "tables",
]

Board = _typing.Any
"""A board: text, a flat or nested list of ints, or a NumPy array."""

Progress = _typing.Union[bool, _typing.Callable[[str, str, int, int], _typing.Any], None]


def _board_value(board: Board) -> Any:
    if isinstance(board, str):
        return board
    if hasattr(board, "tolist"):  # NumPy arrays (and scalars' containers)
        board = board.tolist()
    if isinstance(board, (list, tuple)):
        out: List[Any] = []
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
    return _json.dumps(_board_value(board))


def _bytes(v: Union[int, str, None]) -> Optional[int]:
    """A memory limit: a number of bytes, or text the library reads (``"1G"``, ``"512M"``)."""
    if v is None:
        return None
    if isinstance(v, bool) or not isinstance(v, (int, str)):
        raise ValueError(f"max_memory must be a number of bytes or a size such as \"1G\", not {v!r}")
    if isinstance(v, int):
        if v < 0:
            raise ValueError(f"max_memory {v} must not be negative")
        return v
    return _npuzzle.parse_bytes(v)


class SearchOptions(_typing.TypedDict, total=False):
    """What every search takes besides the algorithms' parameters."""

    goal: Board
    """``"blank-last"`` (the default), ``"blank-first"``, ``"snail"``, or a board."""
    algorithm: Optional[str]
    """e.g. ``"astar"``, ``"idastar"``, ``"bfs"`` (see :func:`algorithms`). With neither algorithm nor
    heuristic, the default solver for the board's size."""
    heuristic: Union[str, Callable[[Tiles], float], None]
    """A built-in by name or alias (e.g. ``"h1"``; ``npuzzle solve --help`` lists them), a
    formula such as ``"max(manhattan, misplaced)"``, or a callable ``h(board)`` of your own: it
    receives a :class:`Tiles` (a tuple of the tiles row by row, 0 the blank, with ``width``,
    ``height`` and ``goal``) and returns a number. A callable is never assumed admissible."""
    admissible: Optional[bool]
    """``True`` claims that your callable heuristic never overestimates; the answer is then
    reported optimal where an admissible heuristic makes it so, on your word."""
    order: str
    """The order in which the blank's moves are tried, e.g. ``"LURD"`` (default ``"UDLR"``)."""
    cost: Literal["unit", "tile"]
    """What a move costs: ``"unit"`` (every move 1, the default) or ``"tile"`` (moving tile t costs
    t, "heavy tiles"): costs, g, h and f are then in these units, the heuristics weigh each tile by
    its cost, and breadth-first search and iterative deepening are no longer optimal."""
    metric: Literal["stm", "mtm"]
    """How moves are counted: ``"stm"`` (single-tile moves, the default) or ``"mtm"`` (multi-tile
    moves: the tiles between the blank and a cell of its row or column slide together, once). In
    ``"mtm"`` the cost and the lower bound count slides, ``length`` single-tile moves, and
    ``notation`` holds the answer with counts (``"R2U2LD"``)."""
    size: Optional[str]
    """``"WxH"`` for text that does not say its size."""
    max_nodes: Optional[int]
    """Most nodes generated; a search it stops has status ``"limit"``."""
    timeout: Optional[float]
    """Most seconds."""
    max_memory: Union[int, str, None]
    """Most bytes of frontier and explored set, or text: ``"1G"``, ``"512M"``."""


class TreeKeywords(SearchOptions, SearchParams, total=False):
    """The options of a tree search: a search's own and the classic searches' parameters."""


class Keywords(SearchOptions, Params, total=False):
    """Every option of a search: a search's own and every parameter of the algorithms."""


_OWN = tuple(SearchOptions.__annotations__)
_LOCAL_KEYS = tuple(LocalParams.__annotations__)


class Options:
    """The options of a search in one value: the goal, the algorithm and heuristic, the move
    order, the size, the limits and the algorithms' parameters (their keys are the library's:
    :func:`params` describes each). Every function that searches takes one, and the same names
    as keywords, which override it::

        >>> fast = npuzzle.Options(algorithm="idastar", heuristic="linear-conflict", timeout=2)
        >>> npuzzle.solve("8 1 3 4 0 2 7 6 5", fast).cost
        14
        >>> npuzzle.solve("8 1 3 4 0 2 7 6 5", fast, heuristic="manhattan").heuristic
        'manhattan'

    A name the library does not know raises ``TypeError`` at once; a bad value raises
    ``ValueError`` (or :class:`BoardError`) when the search is asked for.
    """

    __slots__ = ("_values",)

    def __init__(self, **options: Unpack[Keywords]) -> None:
        unknown = [k for k in options if k not in _OWN and k not in _PARAM_KEYS]
        if unknown:
            raise TypeError(f"unknown option {unknown[0]!r}: the options are {', '.join(_OWN + _PARAM_KEYS)}")
        self._values: Dict[str, Any] = {k: v for k, v in options.items() if v is not None}

    def replace(self, **options: Unpack[Keywords]) -> "Options":
        """A copy with these options changed (``None`` removes one)."""
        merged: Dict[str, Any] = {**self._values, **options}
        return Options(**merged)

    def to_dict(self) -> Dict[str, Any]:
        """The options given, by name."""
        return dict(self._values)

    def get(self, name: str, default: Any = None) -> Any:
        """One option's value, or ``default`` when it was not given."""
        return self._values.get(name, default)

    def __repr__(self) -> str:
        return "Options(" + ", ".join(f"{k}={v!r}" for k, v in self._values.items()) + ")"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Options) and self._values == other._values

    __hash__ = None  # type: ignore[assignment]

    def _spec(self) -> str:
        """The library's request specification (JSON). A local search given no seed gets one
        drawn by the library, reported in ``Solution.seed``."""
        v = self._values
        timeout = v.get("timeout")
        if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))):
            raise ValueError(f"timeout must be a number of seconds, not {timeout!r}")
        spec: Dict[str, Any] = {
            "goal": _board_value(v.get("goal", "blank-last")),
            "limits": {
                "nodes": v.get("max_nodes"),
                "time_ms": None if timeout is None else float(timeout) * 1000.0,
                "memory": _bytes(v.get("max_memory")),
            },
        }
        for key in ("algorithm", "heuristic", "order", "cost", "metric", "size"):
            if key in v and not (key == "heuristic" and _own.own(v[key]) is not None):
                spec[key] = v[key]
        for key in _PARAM_KEYS:
            value = v.get(key)
            if value is not None and value is not False:
                spec[key] = value
        return _json.dumps(spec)


def _spec_own(options: Options) -> Tuple[str, Optional[_own.Heuristic]]:
    """The specification, and the heuristic when it is a callable (which JSON cannot carry)."""
    own = _own.own(options.get("heuristic"), options.get("admissible"))
    if own is None and options.get("admissible") is not None:
        raise ValueError("admissible= is your claim about a heuristic of your own (a callable); the claims of a "
                         "built-in or a formula are the library's (npuzzle.heuristic_info())")
    return options._spec(), own


def _options(options: Optional[Options], keywords: Dict[str, Any], allowed: Optional[Tuple[str, ...]] = None) -> Options:
    """The options of a call: ``options`` with the keywords over it."""
    if options is not None and not isinstance(options, Options):
        raise TypeError(f"the second argument is an npuzzle.Options, not {type(options).__name__}: give a goal as goal=...")
    if allowed is not None:
        for k in keywords:
            if k not in allowed and (k in _OWN or k in _PARAM_KEYS):
                raise TypeError(f"this function takes no {k}")
    return (options or Options()).replace(**keywords)


class Solution(ReportFields):
    """The result of one search: the fields of ``npuzzle solve --format json`` (the library's
    report, :class:`npuzzle._types.Report`).

    Every field is a property, typed and described by the library (``ReportFields``, written
    from the report's schema); :meth:`to_dict` gives them all as a dict. A :func:`solve_many`
    board that could not be searched has status ``"invalid"``, ``error`` and ``input`` only:
    its other properties are ``None``.
    """

    __slots__ = ("_data",)

    def __init__(self, data: Dict[str, Any]):
        self._data = data

    @classmethod
    def _from_json(cls, text: str) -> "Solution":
        return cls(_json.loads(text))

    def to_dict(self) -> Dict[str, Any]:
        """The solution as the CLI prints it (``npuzzle solve --format json``), as a new dict."""
        result: Dict[str, Any] = _json.loads(_json.dumps(self._data))
        return result

    @property
    def solved(self) -> bool:
        """Whether a solution was found."""
        return self._data.get("status") == "solved"

    @property
    def error(self) -> Optional[str]:
        """For status ``"invalid"``, what was wrong."""
        return self._data.get("error")

    @property
    def input(self) -> Optional[str]:
        """For status ``"invalid"``, the board as given."""
        return self._data.get("input")

    def __repr__(self) -> str:
        d = self._data
        if d.get("status") == "invalid":
            return f"Solution(status='invalid', error={d.get('error')!r})"
        return (f"Solution(status={d.get('status')!r}, cost={d.get('cost')!r}, moves={d.get('moves')!r}, "
                f"optimal={d.get('optimal')!r}, expanded={d['stats']['expanded']}, generated={d['stats']['generated']})")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Solution) and self._data == other._data

    __hash__ = None  # type: ignore[assignment]

    def _repr_html_(self) -> str:
        """Jupyter's view: the start board as SVG with a playback of the moves (inline SVG and
        script, no external assets), the goal, the statistics and the moves."""
        return _solution_html(self._data)


def solve(start: Board, options: Optional[Options] = None, *, cache_dir: Optional[str] = None, progress: Progress = True,
          **keywords: Unpack[Keywords]) -> Solution:
    """Solves one board.

    Args:
        start: the start board (text in any accepted format, a flat or nested list, or a NumPy
            array).
        options: an :class:`Options`; the keywords override it. They are the search's own
            (:class:`SearchOptions`: ``goal``, ``algorithm``, ``heuristic``, ``order``,
            ``size``, ``max_nodes``, ``timeout``, ``max_memory``) and the algorithms'
            parameters (:func:`params`: ``weight``, ``max_depth``, and the local searches'
            ``seed``, ``sideways``, ``restarts``, ``temperature``, ``cooling``, ``beam_width``,
            ``stochastic``, ``max_steps``, as ``npuzzle solve --seed`` etc. take them). Without a
            seed one is drawn (``Solution.seed``). A local search that gets stuck has status
            ``"not_found"`` and ``Solution.stuck`` says why. With neither algorithm nor heuristic,
            the default solver for the board's size: the exact table up to 10 cells, IDA* with
            pattern databases up to 25, reduction beyond.
        cache_dir: where pattern databases are cached (default: the set chosen by
            :func:`npuzzle.tables.load` or :func:`~npuzzle.tables.build` for this size, else
            ``$NPUZZLE_CACHE_DIR`` or the user's cache directory).
        progress: show table builds (a bar in a terminal or notebook); ``False`` for silence,
            or a callable ``(kind, what, done, total)``.

    A node, time, memory or step limit is not an error: the solution's ``status`` is ``"limit"``.

    Raises:
        BoardError: a malformed board or goal, or a size mismatch.
        UnsolvableError: start and goal have different parity.
        ValueError: an unknown algorithm, heuristic or order, or a bad option.
        TypeError: an option the library does not know.
        KeyboardInterrupt: Ctrl-C stopped the search.
    """
    spec, own = _spec_own(_options(options, dict(keywords)))
    text = _npuzzle.solve_one(_board_json(start), spec, _dir(cache_dir), _make_progress(progress), heuristic=own)
    sol = Solution._from_json(text)
    if sol.status == "unsolvable":
        raise UnsolvableError(sol.message)
    return sol


def solve_many(boards: Sequence[Board], options: Optional[Options] = None, *, jobs: Optional[int] = None,
               paths: bool = False, cache_dir: Optional[str] = None, progress: Progress = True,
               **keywords: Unpack[Keywords]) -> List[Solution]:
    """Solves many boards in parallel (the GIL released), one :class:`Solution` per board, in
    input order.

    Takes the options of :func:`solve` (the limits apply to each board), and:

    Args:
        jobs: boards solved at once (default: every core).
        paths: also return the boards along each path (``Solution.path``).

    Each board gets the solver and tables :func:`solve` would give it with the same options
    (the library settles and prepares every board as it does one; boards that read the same
    tables share them): on a fresh cache every 6x6 board is answered by ``reduce-plus``, with
    one note naming the build of ``pdb-beam``'s tables. A ``max_memory`` bounds each board's
    search, as it does :func:`solve`'s, so a beam search narrows its beam alike in both.

    A board that is malformed gets status ``"invalid"`` (with ``error``); an unsolvable one
    gets status ``"unsolvable"``: neither raises. Options that are wrong for every board
    (an unknown algorithm, say) raise ``ValueError``. Ctrl-C stops the whole batch and raises
    KeyboardInterrupt.

    A heuristic of your own given as a callable runs one search at a time, in input order
    (Python calls it holding the GIL, so boards in parallel would only take turns); an
    exception it raises stops the batch and is raised here. Names and formulas run in parallel.
    """
    opts = _options(options, dict(keywords))
    spec, own = _spec_own(opts)
    if own is not None:
        return _solve_each(boards, spec, own, paths, cache_dir, progress)
    results: List[Optional[Solution]] = [None] * len(boards)
    encoded, where = [], []
    for i, b in enumerate(boards):
        try:
            encoded.append(_board_json(b))
            where.append(i)
        except BoardError as e:
            results[i] = Solution({"status": "invalid", "input": repr(b), "error": str(e)})
    texts = _npuzzle.solve_many(encoded, spec, jobs, paths, _dir(cache_dir), _make_progress(progress))
    # Hundreds of thousands of new dicts would set off the cyclic garbage collector again and
    # again (none of them can form a cycle); parsing with it paused is three times as fast.
    paused = _gc.isenabled()
    _gc.disable()
    try:
        for i, t in zip(where, texts):
            results[i] = Solution._from_json(t)
    finally:
        if paused:
            _gc.enable()
    return [r for r in results if r is not None]


def _solve_each(boards: Sequence[Board], spec: str, own: _own.Heuristic, paths: bool, cache_dir: Optional[str],
                progress: Progress) -> List[Solution]:
    """:func:`solve_many` for a callable heuristic: one board after another."""
    results: List[Solution] = []
    for b in boards:
        try:
            start = _board_json(b)
        except BoardError as e:
            results.append(Solution({"status": "invalid", "input": repr(b), "error": str(e)}))
            continue
        try:
            text = _npuzzle.solve_one(start, spec, _dir(cache_dir), _make_progress(progress), heuristic=own)
        except BoardError as e:
            results.append(Solution({"status": "invalid", "input": repr(b), "error": str(e)}))
            continue
        data = _json.loads(text)
        if not paths:
            data.pop("path", None)
        results.append(Solution(data))
    return results


def trace(start: Board, options: Optional[Options] = None, *, limit: int = 200, cache_dir: Optional[str] = None,
          progress: Progress = True, **keywords: Unpack[Keywords]) -> Iterator[Dict[str, Any]]:
    """Yields the events of a recorded search as dicts: the same events, in the same order, as
    ``npuzzle solve --trace --format json`` prints.

    The first event is ``{"event": "start", ...}``; then one event per node generated, selected,
    pruned, bound raised or goal found, for the first ``limit`` steps (selections); the last is
    ``{"event": "end", ..., "report": {...}}`` with the solution. Takes the options of
    :func:`solve`; the search itself runs when iteration starts.
    """
    spec, own = _spec_own(_options(options, dict(keywords)))
    start_json = _board_json(start)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit {limit!r} must be a number of steps ≥ 0")

    def events() -> Iterator[Dict[str, Any]]:
        for line in _npuzzle.trace_events(start_json, spec, limit, _dir(cache_dir), _make_progress(progress), heuristic=own):
            event: Dict[str, Any] = _json.loads(line)
            yield event

    return events()


_TREE_KEYS = _OWN + tuple(SearchParams.__annotations__)


def trace_text(start: Board, options: Optional[Options] = None, *, limit: int = 200, cache_dir: Optional[str] = None,
               progress: Progress = True, **keywords: Unpack[TreeKeywords]) -> str:
    """The numbered step-by-step trace of a search, as ``npuzzle solve --trace`` prints it
    before its summary: a ``Trace:`` line, then each step (the node selected, its board, each
    child generated with ``g + h = f`` and what became of it, the frontier), for the first
    ``limit`` steps.

    Takes the options of a tree search (:class:`TreeKeywords`). ``print()`` it to read it::

        >>> print(npuzzle.trace_text("2 8 3/1 6 4/7 0 5", goal="1 2 3/8 0 4/7 6 5",
        ...                          algorithm="astar", heuristic="misplaced", order="LURD", limit=2))
    """
    spec, own = _spec_own(_options(options, dict(keywords), _TREE_KEYS))
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise ValueError(f"limit {limit!r} must be a number of steps ≥ 0")
    text, _report = _npuzzle.trace_text(_board_json(start), spec, limit, _dir(cache_dir), _make_progress(progress), heuristic=own)
    return text


class Tree:
    """The search tree of one recorded search, as :func:`tree` returns it.

    In Jupyter it shows as a picture: exactly the SVG of ``npuzzle solve … --tree svg`` (the
    library draws it; each node with its label, board and ``g + h = f``, coloured by its state
    when the search ended, the path to the goal in bold).

    Attributes:
        svg: the SVG document (``npuzzle solve --tree svg``).
        dot: the Graphviz DOT document (``npuzzle solve --tree dot``).
        solution: the search's :class:`Solution`.
        nodes, total_nodes: the nodes drawn, and all the search generated.
        capped: whether the node limit cut the tree.
        note: for a capped tree, the note the CLI prints about it; else ``None``.
    """

    __slots__ = ("svg", "dot", "_json", "solution", "note", "nodes", "total_nodes", "capped")

    def __init__(self, svg: str, json_text: str, dot: str, solution: "Solution", note: Optional[str]):
        self.svg = svg
        self.dot = dot
        self._json = json_text
        self.solution = solution
        self.note = note
        d = _json.loads(json_text)
        self.nodes: int = len(d["nodes"])
        self.total_nodes: int = int(d["total_nodes"])
        self.capped: bool = bool(d["capped"])

    def _repr_svg_(self) -> str:
        """Jupyter's view: the SVG of ``npuzzle solve --tree svg``, byte for byte."""
        return self.svg

    def to_dict(self) -> Dict[str, Any]:
        """The tree as ``npuzzle solve --tree json`` writes it, as a new dict: ``width``,
        ``height``, ``total_nodes``, ``capped``, ``limit``, ``legend``, ``iterations`` and
        ``nodes`` (each with ``id``, ``parent``, ``label``, ``move``, ``g``, ``h``, ``f``,
        ``fate``, ``board``, ``state``, ``expanded`` and ``on_path``)."""
        doc: Dict[str, Any] = _json.loads(self._json)
        return doc

    def to_json(self) -> str:
        """The JSON document of ``npuzzle solve --tree json``, as text."""
        return self._json

    def save(self, path: Any) -> None:
        """Writes the tree to ``path``: SVG, JSON or DOT, by the file's extension (``.svg``,
        ``.json``, ``.dot`` or ``.gv``)."""
        import os

        name = os.fspath(path)
        ext = os.path.splitext(name)[1].lower()
        docs = {".svg": self.svg, ".json": self._json, ".dot": self.dot, ".gv": self.dot}
        if ext not in docs:
            raise ValueError(f"{name}: give a .svg, .json or .dot file")
        with open(name, "w", encoding="utf-8") as f:
            f.write(docs[ext])

    def __repr__(self) -> str:
        s = self.solution
        return (f"Tree(nodes={self.nodes}, total_nodes={self.total_nodes}, capped={self.capped}, "
                f"algorithm={s.algorithm!r}, heuristic={s.heuristic!r}, status={s.status!r}, cost={s.cost!r})")


def tree(start: Board, options: Optional[Options] = None, *, limit: int = 2000, cache_dir: Optional[str] = None,
         progress: Progress = True, **keywords: Unpack[TreeKeywords]) -> Tree:
    """Solves one board while recording its search tree, as ``npuzzle solve --tree svg|json|dot``
    does, and returns it as a :class:`Tree`.

    In Jupyter the tree shows as the CLI's SVG drawing; ``to_dict()`` is the ``--tree json``
    document; ``solution`` is the search's :class:`Solution`. Takes the options of a tree search
    (:class:`TreeKeywords`), and:

    Args:
        limit: the most nodes the tree keeps (``--tree-limit``, default 2,000); a capped tree
            says so in its title and shows the search as it stood when the cap was reached.

    Each iteration of IDA* or iterative deepening is its own tree, captioned with its bound;
    bidirectional search's two trees are captioned as the forward and backward searches. Keep
    trees small: every node is drawn with its board (Nilsson's example below has 14)::

        >>> t = npuzzle.tree("2 8 3/1 6 4/7 0 5", goal="1 2 3/8 0 4/7 6 5",
        ...                  algorithm="astar", heuristic="misplaced", order="LURD")
        >>> t.solution.moves, t.nodes
        ('UULDR', 14)

    Raises:
        BoardError, UnsolvableError, ValueError: as :func:`solve` does.
    """
    spec, own = _spec_own(_options(options, dict(keywords), _TREE_KEYS))
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit {limit!r} must be a number of nodes ≥ 1")
    svg, json_text, dot, report, note = _npuzzle.tree_docs(_board_json(start), spec, limit, _dir(cache_dir),
                                                           _make_progress(progress), heuristic=own)
    sol = Solution._from_json(report)
    if sol.status == "unsolvable":
        raise UnsolvableError(sol.message)
    return Tree(svg, json_text, dot, sol, note)


def widget(start: Board, options: Optional[Options] = None, *, step: int = 0, limit: int = 2000,
           cache_dir: Optional[str] = None, progress: Progress = True,
           **keywords: Unpack[TreeKeywords]) -> "Player":
    """Solves one board while recording it, and shows the search in the web page's own tree
    player: a notebook widget (anywidget) for JupyterLab, Notebook 7, VS Code and Colab.

    The player is the page's Search tree tab: the tree growing event by event, the player's
    buttons and keys (Space plays, ← → step, N goes to the next expansion, Home and End jump),
    the frontier list with each entry's g + h = f, the pseudocode with the current line lit,
    the predict quiz, and each step said in words in a live region. Takes the options of a tree
    search (:class:`TreeKeywords`), and:

    Args:
        step: the event the player opens at (0, the default: before the search starts).
        limit: the most nodes the recording keeps (default 2,000), as :func:`tree`'s.

    The returned :class:`npuzzle._player.Player` has ``step`` (the event shown, synced both
    ways), ``events``, ``solution`` and ``said()``::

        >>> w = npuzzle.widget("2 8 3/1 6 4/7 0 5", goal="1 2 3/8 0 4/7 6 5",
        ...                    algorithm="astar", heuristic="misplaced", order="LURD")
        >>> w.events, w.solution.moves
        (29, 'UULDR')
        >>> w.step = 5
        >>> w.said()
        'generated S2 by U: g 1 + h 3 = f 4, added to the frontier'

    Needs the ``widget`` extra (``pip install "npuzzle[widget]"``: anywidget).

    Raises:
        BoardError, UnsolvableError, ValueError: as :func:`solve` does; ValueError also for a
            search that grows no tree (local searches, ``reduce``).
        ImportError: anywidget is not installed.
    """
    try:
        from ._player import Player
    except ImportError as e:  # pragma: no cover - shown when the extra is missing
        raise ImportError('npuzzle.widget needs anywidget: pip install "npuzzle[widget]"') from e
    spec, own = _spec_own(_options(options, dict(keywords), _TREE_KEYS))
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"limit {limit!r} must be a number of nodes ≥ 1")
    if isinstance(step, bool) or not isinstance(step, int) or step < 0:
        raise ValueError(f"step {step!r} must be an event number ≥ 0")
    doc = _npuzzle.replay_doc(_board_json(start), spec, limit, _dir(cache_dir), _make_progress(progress), heuristic=own)
    sol = Solution._from_json(_json.dumps(_json.loads(doc)["report"]))
    if sol.status == "unsolvable":
        raise UnsolvableError(sol.message)
    return Player(doc, step, sol)


class Exercise:
    """A hand-execution exercise and its answer key, as :func:`exercise` returns it.

    In Jupyter it shows as the problem sheet (Markdown); ``print(ex.key)`` shows the key.

    Attributes:
        sheet, key: the problem sheet and the answer key as Markdown (``npuzzle exercise`` and
            its ``--answers`` file).
        sheet_html, key_html: the same as standalone, printable HTML pages (``--format html``).
        data: the whole exercise as a dict (``--format json``): ``start``, ``goal``,
            ``algorithm``, ``heuristic``, ``order``, ``questions``, ``answers``, ``expansions``
            (the labels of the selected nodes, as the trace's ``selected`` events), ``moves``,
            ``cost``, ``cut``, ….
    """

    __slots__ = ("sheet", "key", "sheet_html", "key_html", "data")

    def __init__(self, sheet: str, key: str, sheet_html: str, key_html: str, data: Dict[str, Any]):
        self.sheet, self.key, self.sheet_html, self.key_html, self.data = sheet, key, sheet_html, key_html, data

    def _repr_markdown_(self) -> str:
        """The problem sheet, as Jupyter shows it."""
        return self.sheet

    def __repr__(self) -> str:
        d = self.data
        return f"<Exercise {d['algorithm']} heuristic={d['heuristic']} order={d['order']}: {len(d['questions'])} questions>"


def exercise(start: Board, options: Optional[Options] = None, *, max_steps: int = 12, cache_dir: Optional[str] = None,
             progress: Progress = True, **keywords: Unpack[TreeKeywords]) -> Exercise:
    """A hand-execution exercise and its answer key, as ``npuzzle exercise`` writes them: the
    order of expansion, the open list after chosen steps, g, h and f of chosen nodes, the bounds
    (IDA*) or incumbents (DFBnB), and the solution, every answer read from the recorded search.

    Takes the options of a tree search (:class:`TreeKeywords`; without ``algorithm`` and
    ``heuristic``: A* with misplaced tiles), and:

    Args:
        max_steps: the most steps (selections) the sheet asks about (``--max-steps``, default
            12); a longer search is cut, and the sheet says so.

    ::

        >>> ex = npuzzle.exercise("2 8 3/1 6 4/7 0 5", goal="1 2 3/8 0 4/7 6 5", order="LURD")
        >>> ex.data["expansions"][:3]
        ['S0', 'S2', 'S21']

    Raises:
        BoardError, UnsolvableError: as :func:`solve` does.
        ValueError: a bad option, ``max_steps`` below 1, or ``reduce`` (it grows no search tree).
    """
    opts = _options(options, dict(keywords), _TREE_KEYS)
    spec, own = _spec_own(opts)
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise ValueError(f"max_steps {max_steps!r} must be a number of steps ≥ 1")
    sheet, key, sheet_html, key_html, doc = _npuzzle.exercise_docs(_board_json(start), spec, max_steps, _dir(cache_dir),
                                                                   _make_progress(progress), heuristic=own)
    data: Dict[str, Any] = _json.loads(doc)
    if data["status"] == "unsolvable":
        raise UnsolvableError("unsolvable: start and goal have different parity")
    return Exercise(sheet, key, sheet_html, key_html, data)


# The columns of `npuzzle compare --format json`, in its order (`limit` only on rows a limit
# stopped).
COMPARE_COLUMNS = ["instance", "board", "pair", "algorithm", "heuristic", "status", "limit", "time_ms", "cost",
                   "length", "effective_branching_factor", "expanded", "generated", "max_depth", "max_frontier",
                   "optimal"]


def compare(boards: Union[Board, Sequence[Board]], algorithms: Union[str, Sequence[str], None] = None,
            heuristics: Union[str, Callable[[Tiles], float], Sequence[Union[str, Callable[[Tiles], float]]], None] = None,
            *, goal: Board = "blank-last", order: str = "UDLR",
            cost: Literal["unit", "tile"] = "unit", size: Optional[str] = None, timeout: Optional[float] = 10.0,
            max_nodes: Optional[int] = 5_000_000,
            max_memory: Union[int, str, None] = None, cache_dir: Optional[str] = None, progress: Progress = True,
            frame: Optional[bool] = None) -> Any:
    """Runs algorithm/heuristic pairs on the same boards, as ``npuzzle compare`` does, and
    returns one row per board and pair: the rows of ``npuzzle compare --format json``.

    Each board is solved by every pair, one run after another; an algorithm that uses no
    heuristic runs once. With neither ``algorithms`` nor ``heuristics``, the library's default
    set (the CLI's and the page's): ``bfs``, ``astar/misplaced``, ``astar/manhattan``,
    ``astar/linear-conflict``, ``idastar/manhattan``, ``greedy/manhattan``; ``heuristics``
    alone pairs them with ``astar`` and ``idastar``. Heuristics may be named ``h1``
    (misplaced) and ``h2`` (manhattan), as in Russell and Norvig.

    Args:
        boards: a list of boards, each in any form :func:`solve` takes (one board given as
            text alone is fine too).
        algorithms, heuristics: names, as a list or one comma-separated string
            (``"astar,idastar"``); a heuristic may also be a formula or a callable of your own
            (as :func:`solve` takes it), named in the rows by its ``__name__``.
        goal, order, cost, size: as for :func:`solve`.
        timeout, max_nodes, max_memory: limits for each run, as the CLI's defaults: 10 s,
            5,000,000 nodes generated, half the memory the system reports available. A run a
            limit stops has status ``"limit"``, ``limit`` says which, and the rest go on.
        frame: return a pandas DataFrame (``True``), a list of dicts (``False``); by default a
            DataFrame when pandas is installed.

    Each row has ``instance`` (1-based), ``board``, ``pair`` (``"astar/manhattan"``, or
    ``"bfs"``), ``algorithm``, ``heuristic``, ``status``, ``limit`` (only on a row a limit
    stopped), ``time_ms``, ``cost``, ``length`` (moves), ``expanded``, ``generated``,
    ``effective_branching_factor`` (b*), ``max_depth``, ``max_frontier`` and ``optimal``.
    :func:`plot_compare` draws them.

    Raises:
        BoardError: a malformed board (``"board 2: ..."``).
        ValueError: an unknown algorithm or heuristic, or a bad option.
    """
    if isinstance(boards, str):
        boards = [boards]
    names = [_names(algorithms), _heuristic_list(heuristics)]
    spec = Options(goal=goal, order=order, cost=cost, size=size, timeout=timeout, max_nodes=max_nodes,
                   max_memory=max_memory)._spec()
    text = _npuzzle.compare([_board_json(b) for b in boards], spec, names[0], names[1], _dir(cache_dir),
                            _make_progress(progress))
    rows = [{k: r[k] for k in COMPARE_COLUMNS if k in r} for r in _json.loads(text)]
    if frame is False:
        return rows
    try:
        import pandas as pd
    except ImportError:
        if frame:
            raise
        return rows
    df = pd.DataFrame(rows)
    if "limit" not in df.columns:
        df.insert(COMPARE_COLUMNS.index("limit"), "limit", None)
    return df[COMPARE_COLUMNS]


# The columns of `npuzzle bench depth --format json`, in its order.
DEPTH_COLUMNS = ["depth", "algorithm", "heuristic", "label", "boards", "cut", "generated", "expanded",
                 "effective_branching_factor", "effective_branching_factor_of_mean", "cost", "dearer", "time_ms"]


def bench_depth(depths: Optional[Sequence[int]] = None, *, count: int = 100, seed: int = 1,
                pairs: Union[str, Sequence[Union[str, Tuple[str, Any]]], None] = None, max_nodes: int = 5_000_000,
                size: str = "3x3",
                goal: Board = "blank-last", cost: Literal["unit", "tile"] = "unit", order: str = "UDLR",
                cache_dir: Optional[str] = None, progress: Progress = True, frame: Optional[bool] = None) -> Any:
    """The textbook's table (Russell and Norvig, *AIMA* 3rd edition Figure 3.29, 4th edition Figure
    3.26), as ``npuzzle bench depth`` makes it: for each solution depth d, ``count`` boards exactly
    d moves from the goal, each algorithm/heuristic pair on every one, and the means of nodes
    generated and expanded, the effective branching factor b*, the answers' cost and the time.

    Args:
        depths: the depths (default 2, 4, ..., 24).
        count: boards per depth (default 100, as in the book), drawn with ``seed``.
        pairs: ``"bfs,ids,astar/h1,astar/h2"`` (the default: h1 is misplaced tiles, h2 Manhattan
            distance), as a list or one comma-separated string; an item of the list may be a
            tuple ``(algorithm, heuristic)`` whose heuristic is a name, a formula or a callable
            of your own (``("astar", my_h)``, labelled ``astar/my_h``).
        max_nodes: a pair whose runs generate more at a depth gets no figures there (the book's
            dash, ``cut`` true) and is not run deeper.
        size, goal, cost, order: the board (at most 9 cells), its goal, what a move costs, the
            move order.
        frame: return a pandas DataFrame (``True``), a list of dicts (``False``); by default a
            DataFrame when pandas is installed.

    One row per depth and pair, with the columns of :data:`DEPTH_COLUMNS`: ``depth``,
    ``algorithm``, ``heuristic``, ``label`` (``"BFS"``, ``"IDS"``, ``"A*(h1)"``, ``"A*(h2)"``...),
    ``boards``, ``cut``, ``generated``, ``expanded``, ``effective_branching_factor`` (the mean of
    each run's b*), ``effective_branching_factor_of_mean``, ``cost`` (the mean answer's cost),
    ``dearer`` (answers dearer than the cheapest any pair found) and ``time_ms``.

        >>> df = npuzzle.bench_depth([4, 8], count=10, progress=False)
        >>> df.pivot(index="depth", columns="label", values="generated")  # doctest: +SKIP
    """
    spec = Options(goal=goal, size=size, cost=cost, order=order)._spec()
    text = _npuzzle.bench_depth(spec, [int(d) for d in depths or []], int(count), int(seed), _pair_list(pairs),
                                int(max_nodes), _dir(cache_dir), _make_progress(progress))
    rows = [{k: r[k] for k in DEPTH_COLUMNS} for r in _json.loads(text)]
    if frame is False:
        return rows
    try:
        import pandas as pd
    except ImportError:
        if frame:
            raise
        return rows
    return pd.DataFrame(rows, columns=DEPTH_COLUMNS)


def _heuristic_list(v: Any) -> List[Any]:
    """The heuristics of :func:`compare`: text passes whole (the library splits it), a callable
    goes wrapped (:class:`npuzzle._own.Heuristic`)."""
    if v is None:
        return []
    if isinstance(v, str) or callable(v):
        v = [v]
    out: List[Any] = []
    for h in v:
        own = _own.own(h)
        out.append(own if own is not None else str(h))
    return [h for h in out if not (isinstance(h, str) and not h.strip())]


def _pair_list(v: Any) -> List[Any]:
    """The pairs of :func:`bench_depth`: text, or ``(algorithm, heuristic)`` with a callable
    wrapped."""
    if v is None:
        return []
    if isinstance(v, str):
        return [v] if v.strip() else []
    out: List[Any] = []
    for p in v:
        if isinstance(p, tuple):
            if len(p) != 2:
                raise ValueError(f"a pair is (algorithm, heuristic), not {p!r}")
            own = _own.own(p[1])
            out.append((str(p[0]), own if own is not None else str(p[1])))
        else:
            out.append(str(p))
    return out


def _names(v: Union[str, Sequence[str], None]) -> List[str]:
    if v is None:
        return []
    if isinstance(v, str):
        # The library splits a comma-separated list, keeping a formula's commas.
        return [v] if v.strip() else []
    return [str(n) for n in v]


def plot_compare(rows: Any, axes: Any = None) -> Any:
    """Draws the rows of :func:`compare` with matplotlib, as ``npuzzle compare --plot`` draws
    them: nodes expanded by each pair on each board (log scale), and time against the board's
    solution depth (the cost an optimal pair found; log scale). Runs that a limit stopped are
    left out.

    Args:
        rows: what :func:`compare` returned (a DataFrame or a list of dicts).
        axes: two matplotlib Axes to draw on; by default a new figure with two side by side.

    Returns the two Axes. Needs matplotlib (``pip install matplotlib``).
    """
    import matplotlib.pyplot as plt

    if hasattr(rows, "to_dict"):
        rows = rows.to_dict("records")
    rows = list(rows)
    own = axes is None
    if own:
        fig, axes = plt.subplots(1, 2, figsize=(11, 4.4), layout="constrained")
    ax_nodes, ax_time = axes[0], axes[1]
    pairs = list(dict.fromkeys(r["pair"] for r in rows))
    instances = sorted({int(r["instance"]) for r in rows})
    depth: Dict[int, int] = {}
    for r in rows:
        if r["optimal"] and r["status"] == "solved":
            depth[int(r["instance"])] = int(r.get("length") or r["cost"])
    width = 0.8 / max(1, len(pairs))
    for k, p in enumerate(pairs):
        mine = {int(r["instance"]): r for r in rows if r["pair"] == p and r["status"] == "solved"}
        xs = [i + (k - (len(pairs) - 1) / 2) * width for i in instances if i in mine]
        ys = [max(1, int(mine[i]["expanded"])) for i in instances if i in mine]
        ax_nodes.bar(xs, ys, width=width, label=p)
        pts = sorted((depth[i], float(mine[i]["time_ms"])) for i in instances if i in mine and i in depth)
        if pts:
            ax_time.plot([d for d, _ in pts], [max(t, 1e-3) for _, t in pts], marker="o", label=p)
    ax_nodes.set_yscale("log")
    ax_nodes.set_xticks(instances)
    ax_nodes.set_xlabel("board")
    ax_nodes.set_ylabel("nodes expanded")
    ax_nodes.set_title("nodes expanded per pair")
    ax_time.set_yscale("log")
    ax_time.set_xlabel("solution depth (moves)")
    ax_time.set_ylabel("time (ms)")
    ax_time.set_title("time against depth")
    if own:
        # One legend for both charts, under them.
        fig.legend(*ax_nodes.get_legend_handles_labels(), loc="outside lower center", ncol=min(len(pairs), 5),
                   fontsize="small", frameon=False)
    else:
        ax_nodes.legend(fontsize="small")
        if ax_time.lines:
            ax_time.legend(fontsize="small")
    return axes


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
    if count < 0:
        raise ValueError(f"count {count} must not be negative")
    return _npuzzle.generate(str(size), count, seed, goal, depth, walk)


def analyse(start: Board, solution: str, *, goal: Board = "blank-last", reading: Literal["blank", "tiles"] = "blank",
            size: Optional[str] = None, timeout: Optional[float] = None, cache_dir: Optional[str] = None,
            progress: Progress = True) -> Dict[str, Any]:
    """Analyses a solution of a scramble, as ``npuzzle analyse --format json`` does: its length in
    single-tile (``stm``) and multi-tile (``mtm``) moves, the optimum in both (``optimum``; the
    multi-tile optimum for boards of at most 12 cells whose sides are at most 4, and for 4×4
    where ``npuzzle pdb build --size 4x4 --metric mtm`` has cached the slide pattern database),
    the distance to the goal after each move (``distances``), and the ``detours`` that took the
    board no closer, which add up to ``wasted_stm``. Each board along the solution is solved optimally: boards of up to 25 cells.

    Args:
        start: the scramble.
        solution: moves with counts (``"R2U2LDLD"``); spaces, commas and dots are ignored.
        goal: the goal (a preset's name or a board).
        reading: ``"blank"`` when the letters are the blank's moves (npuzzle's own), ``"tiles"``
            when they are the tiles' (each letter the way a tile slides).
        size: the board's size (``"3x2"``) when the text does not say.
        timeout: seconds each board's optimal search may take.
        cache_dir, progress: as for :func:`solve`.

    Raises:
        BoardError: a malformed board or goal.
        ValueError: bad notation, a move that leaves the board, or a board over 25 cells.
        UnsolvableError: the scramble cannot reach the goal.
    """
    spec = Options(goal=goal, size=size, timeout=timeout)._spec()
    text = _npuzzle.analyse(_board_json(start), solution, reading, spec, _dir(cache_dir), _make_progress(progress))
    result: Dict[str, Any] = _json.loads(text)
    return result


def check(start: Board, *, solution: Optional[str] = None, expansions: Optional[str] = None,
          trace: Optional[str] = None, optimal: bool = False,
          steps: Optional[int] = None, goal: Board = "blank-last", algorithm: Optional[str] = None,
          heuristic: Union[str, Callable[[Tiles], float], None] = None, order: str = "UDLR",
          cost: Literal["unit", "tile"] = "unit",
          metric: Literal["stm", "mtm"] = "stm", size: Optional[str] = None,
          reading: Literal["blank", "tiles"] = "blank", gradescope: bool = False,
          cache_dir: Optional[str] = None, progress: Progress = True, **rules: Any) -> Dict[str, Any]:
    """Grades a student's own work against the reference search, as ``npuzzle check --format
    json`` does: ``right``, the ``findings`` (each with ``name``, ``passed`` and ``says``), the
    first ``difference`` (``at``, ``expected``, ``got``) and, for a wrong order of expansion or
    hand trace, the ``diagnoses``: the nearby variants (another rule, another algorithm such as
    greedy best-first search, another heuristic, another move order) that reproduce the work,
    followed as far as the work goes; ``diagnosis_limit``, when present, names the limit (the
    work's length or the time budget) that stopped the diagnosis short.

    Args:
        start: the start board.
        solution: a solution to grade: moves (``"UULDR"``, with counts ``"U2LDR"``, any
            separators) or the boards along the way.
        expansions: an order of expansion to grade: the labels of the nodes selected
            (``"S0, S2, S21"``) or their boards.
        trace: a hand trace to grade: at each step the node selected and the open list with
            g + h = f (``"1. expand S0  open: S2 1+3=4, S1 1+5=6"``, or the layout
            ``npuzzle solve --trace`` prints).
        optimal: with ``solution``, the question asks for the optimum (any optimal answer is
            accepted); the reference algorithm must be optimal (the default is).
        metric: how moves are counted, as for :func:`solve`: under ``"mtm"`` a solution costs
            its slides (each run of one direction, ``"R2U2"`` is 2) and ``optimal`` compares
            them with the fewest slides.
        steps: with ``expansions`` or ``trace``, grade the first ``steps`` selections only.
        goal, algorithm, heuristic, order, cost, size: the question's settings; without an
            algorithm and heuristic, an order of expansion or a trace is graded against A* with
            misplaced tiles (the exercise sheets' default), a solution against the default
            solver. The heuristic may be a callable of your own, as :func:`solve` takes it.
        rules: a course's rules for the reference search, by the keys of :func:`params`
            (``rules="cs188"``, ``goal_test="generation"``, ``duplicates``, ``ties``), and any
            other parameter of the algorithm.
        reading: what a solution's letters name: the blank's moves or the tiles'.
        gradescope: return Gradescope's ``results.json`` instead (``score``, ``max_score``,
            ``output`` and one test per finding).
        cache_dir, progress: as for :func:`solve`.

    Raises:
        BoardError: a malformed board or goal.
        ValueError: work that cannot be read (no board, a board that is not one, a jump of more
            than one slide), more than one kind of work or none, or an optimum asked of an algorithm
            that does not guarantee one.
        UnsolvableError: start and goal have different parity.
    """
    spec, own = _spec_own(Options(goal=goal, algorithm=algorithm, heuristic=heuristic, order=order, cost=cost, metric=metric,
                   size=size, **rules))
    text = _npuzzle.check(_board_json(start), spec, solution, expansions, optimal, steps, reading, gradescope,
                          _dir(cache_dir), _make_progress(progress), trace, heuristic=own)
    result: Dict[str, Any] = _json.loads(text)
    return result


def check_answers(answers: str, key: Union["Exercise", Dict[str, Any]], *, gradescope: bool = False) -> Dict[str, Any]:
    """Grades a sheet's answers against its key, as ``npuzzle check --answers --key`` does: one
    numbered answer a question (``"1. S0, S2, S21"``), each graded against the key's (labels for
    the order of expansion, open lists and incumbents; numbers for g, h and f and the bounds; the
    moves and the cost for the solution); a wrong order of expansion gets its ``diagnoses``.

    Args:
        answers: the student's answers, one numbered answer a question.
        key: the :class:`Exercise` the sheet came from, or its ``data`` (the JSON ``npuzzle
            exercise --format json`` writes).
        gradescope: return Gradescope's ``results.json`` instead.

    Raises:
        ValueError: no numbered answer, or a key that is not an exercise's.
    """
    data = key.data if isinstance(key, Exercise) else key
    text = _npuzzle.check_answers(_json.dumps(data), answers, gradescope)
    result: Dict[str, Any] = _json.loads(text)
    return result


def audit(heuristic: Union[str, Callable[[Tiles], float]], *, size: Union[int, str] = "3x3", goal: Board = "blank-last",
          cost: Literal["unit", "tile"] = "unit", uniform: int = _npuzzle.AUDIT_UNIFORM, walks: int = _npuzzle.AUDIT_WALKS,
          seed: int = _npuzzle.AUDIT_SEED, consequence_boards: int = _npuzzle.AUDIT_CONSEQUENCE_BOARDS,
          consequence_nodes: int = _npuzzle.AUDIT_CONSEQUENCE_NODES, predict: Sequence[int] = (),
          starts: Optional[int] = None, cache_dir: Optional[str] = None, progress: Progress = True) -> Audit:
    """Audits a heuristic, as ``npuzzle audit`` does: is it admissible (h ≤ h* on every board),
    consistent (h(n) ≤ c(n, n') + h(n') on every move), zero at the goal, and at least the
    built-ins? For an inadmissible one, a board where A* with it returns a costlier answer than
    the optimum.

    On boards of up to 10 cells (3×3, 2×5, ...) every board and every move is checked against the
    exact distances (all 181,440 boards of 3×3), so the answers are proofs. On 11 to 16 cells a
    sample (``uniform`` uniform boards, ``walks`` boards on random walks from the goal, drawn
    with ``seed``) is solved optimally; beyond, the walks' costs bound h*. On a sample
    ``admissible`` is ``False`` with a counterexample, else ``None``, never ``True``.

        >>> a = npuzzle.audit("2*misplaced", progress=False)
        >>> a.admissible, a.counterexample["h"] > a.counterexample["h_star"]
        (False, True)

    Args:
        heuristic: a built-in by name or alias (as ``npuzzle audit -H`` takes it), a formula
            (``"2*misplaced"``, ``"max(h1, h2)"``), or a callable ``h(board)`` of your own, as
            :func:`solve` takes it (it receives a :class:`Tiles`).
        size: the board, ``"3x3"``, ``"4x3"``, ``4``...
        goal: the goal preset or board.
        cost: what a move costs, as for :func:`solve`.
        uniform, walks, seed: the sample, on boards of more than 10 cells.
        consequence_boards, consequence_nodes: the consequence search's budget: boards tried
            (in decreasing excess h - h*), and expansions of each A* run.
        predict: thresholds d at which to predict the expansions of one complete IDA* iteration
            from the heuristic's distribution (Korf, Reid and Edelkamp 2001), beside the mean
            measured (:attr:`Audit.prediction`); a consistent heuristic and unit costs only.
        starts: with ``predict``, measure from this many uniform start boards (by default every
            board up to 10 cells, else 1000).
        cache_dir, progress: as for :func:`solve` (the exact table and the solver's tables).

    Returns an :class:`Audit`.

    Raises:
        ValueError: an unknown heuristic or a bad formula, a size or goal the audit cannot take
            (:class:`BoardError` for a malformed goal), with the library's message.
        KeyboardInterrupt: Ctrl-C stops the audit.

    An exception your callable raises stops the audit and is raised here, with the board in
    its notes; Python is called once a board (a callable takes a few seconds on 3×3).
    """
    own = _own.own(heuristic)
    if own is None and not isinstance(heuristic, str):
        raise TypeError(f"the heuristic must be a name, a formula or a callable, not {heuristic!r}")
    spec = Options(goal=goal, size=str(size), cost=cost)._spec()
    report, text, holds = _npuzzle.audit(own if own is not None else heuristic, spec, int(uniform), int(walks), int(seed),
                                         int(consequence_boards), int(consequence_nodes), [int(d) for d in predict],
                                         None if starts is None else int(starts), _dir(cache_dir), _make_progress(progress))
    return Audit(_json.loads(report), text, dict(holds))


def read_moves(text: str, reading: Literal["blank", "tiles"] = "blank") -> str:
    """Moves with counts (``"R2U2LDLD"``; ``reading="tiles"`` when the letters are the tiles'
    moves) as the blank's letters, one a move (``"RRUULDLD"``), the form every
    :class:`Solution` gives.

    Raises:
        ValueError: a character that is not a move, a count with no letter or a count of 0.
    """
    return _npuzzle.notation_read(text, reading)


def write_moves(moves: str, reading: Literal["blank", "tiles"] = "blank") -> str:
    """The blank's letters (``Solution.moves``) with counts: ``"RRUULDLD"`` is ``"R2U2LDLD"``,
    and with ``reading="tiles"`` the same moves as the tiles slide (``"L2D2RURU"``). Its letters
    are the multi-tile length, its letters with their counts the single-tile length."""
    return _npuzzle.notation_write(moves, reading)


def is_solvable(start: Board, goal: Board = "blank-last") -> bool:
    """Whether ``start`` can reach ``goal`` (their permutation parities agree).

    Raises:
        BoardError: a malformed board, or boards of different sizes.
    """
    return _npuzzle.is_solvable(_board_json(start), _json.dumps(_board_value(goal)))


def heuristics(start: Board, goal: Board = "blank-last", *, cache_dir: Optional[str] = None) -> Dict[str, float]:
    """Every heuristic's estimate of the moves from ``start`` to ``goal``, by name.

    The exact table is included on boards of up to 10 cells; pattern databases once
    :func:`npuzzle.tables.load` or :func:`~npuzzle.tables.build` prepared a set for the size.
    Estimates are whole numbers except Euclidean distance's.
    """
    pairs = _npuzzle.heuristics(_board_json(start), _json.dumps(_board_value(goal)), _dir(cache_dir))
    return {name: (int(v) if float(v).is_integer() else v) for name, v in pairs}


def algorithms() -> List[Dict[str, Any]]:
    """The search algorithms, each described by the library: name, summary, whether it is
    optimal and whether it uses a heuristic."""
    return [{"name": n, "summary": s, "optimal": o, "uses_heuristic": u} for n, s, o, u in _npuzzle.algorithms()]


def heuristic_info() -> List[Dict[str, Any]]:
    """The registered heuristics, each described by the library: ``name``, ``aliases`` (``h1``,
    ``h2``, …), ``title``, ``summary``, whether it is ``admissible`` and ``consistent`` with the
    ``source`` of both claims, its prepared ``table`` (``None`` when computed from the board),
    ``max_cells``, and whether it serves the multi-tile metric (``mtm``), weighs tiles by their
    cost (``tile_costs``) and gives whole numbers (``integral``). Any of the names or aliases, or
    a formula over them, is a ``heuristic=``."""
    described: List[Dict[str, Any]] = _json.loads(_npuzzle.heuristic_info())
    return described


def params() -> List[Dict[str, Any]]:
    """The algorithms' parameters, each described by the library: ``key`` (the keyword), ``name``,
    ``help``, ``group`` (``"search"`` or ``"local"``), ``kind`` (``"integer"``, ``"number"``,
    ``"flag"`` or ``"choice"``, whose names are ``choices``: the conventions ``goal_test``,
    ``duplicates`` and ``ties``), its range (``min``, ``max``, whether each is excluded),
    ``default`` and ``default_note``. The same list gives the command line its flags and the web
    page its inputs."""
    described: List[Dict[str, Any]] = _json.loads(_npuzzle.params())
    return described


def _dir(cache_dir: Optional[Any]) -> Optional[str]:
    return None if cache_dir is None else str(cache_dir)


from . import tables  # noqa: E402  (tables uses the helpers above)
