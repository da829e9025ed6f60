"""Distributed batches on Dask: boards from JSONL or Parquet in, one Parquet row per board out.

::

    from dask.distributed import Client, LocalCluster
    import npuzzle.dask

    with LocalCluster(n_workers=2, threads_per_worker=1) as cluster, Client(cluster):
        npuzzle.dask.solve_partitioned("boards.jsonl", "solved.parquet",
                                       tables=[("4x4", "6-6-3")], cache_dir="/data/npuzzle-cache")

Each partition is solved on a worker with :func:`npuzzle.solve_many`. The pattern databases
named in ``tables`` are loaded once per worker process (built there first if the cache lacks
them) and reused by every partition the process solves. On a multi-machine cluster the code is
the same: connect a ``Client`` to the scheduler's address, install this package on every worker,
and give a ``cache_dir`` every worker can read (a shared file system, or the same path prepared
on each machine with ``npuzzle pdb build``), and input and output paths every worker can reach
(a shared file system, or any URL Dask's file systems read, such as ``s3://``).

Output columns: ``board`` and ``goal`` (text, rows separated by ``/``), ``status``, ``cost``
(null unless solved), ``moves``, ``optimal``, ``expanded``, ``generated``, ``time_ms``, and
``error`` (null unless the board was invalid).
"""

from __future__ import annotations

import json
import os
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import dask.dataframe as dd
import pandas as pd

import npuzzle

__all__ = ["solve_partitioned", "solve_frame", "COLUMNS"]

COLUMNS: Dict[str, str] = {
    "board": "string",
    "goal": "string",
    "status": "string",
    "cost": "Int64",
    "moves": "string",
    "optimal": "bool",
    "expanded": "int64",
    "generated": "int64",
    "time_ms": "float64",
    "error": "string",
}
"""The output's columns and their pandas dtypes."""

# The table sets this worker process has loaded, by (size, set, cache_dir).
_LOADED: Dict[Tuple[str, Optional[str], Optional[str]], npuzzle.tables.TableSet] = {}


def _ensure_tables(tables: Sequence[Tuple[Union[int, str], Optional[str]]], cache_dir: Optional[str]) -> None:
    for size, name in tables:
        key = (str(size), name, cache_dir)
        if key not in _LOADED:
            _LOADED[key] = npuzzle.tables.build(size, name, cache_dir=cache_dir, progress=False)


def _text(rows: Any) -> Optional[str]:
    if not isinstance(rows, list):
        return None
    return "/".join(" ".join(str(t) for t in row) for row in rows)


def _board_cell(value: Any) -> Any:
    # Parquet and JSON give rows as arrays or lists; text passes through.
    if hasattr(value, "tolist"):
        value = value.tolist()
    if isinstance(value, list):
        return [v.tolist() if hasattr(v, "tolist") else v for v in value]
    return value


def solve_frame(frame: pd.DataFrame, options: Optional[Dict[str, Any]] = None,
                tables: Sequence[Tuple[Union[int, str], Optional[str]]] = (), cache_dir: Optional[str] = None,
                jobs: Optional[int] = 1) -> pd.DataFrame:
    """Solves the boards of one partition (its ``board`` column) and returns the output rows.

    This is what each worker runs; it can also be called on a plain pandas DataFrame.
    """
    _ensure_tables(tables, cache_dir)
    boards = [_board_cell(b) for b in frame["board"].tolist()]
    sols = npuzzle.solve_many(boards, jobs=jobs, cache_dir=cache_dir, progress=False, **(options or {}))
    rows: List[Dict[str, Any]] = []
    for board, s in zip(boards, sols):
        d = s.to_dict()
        if d["status"] == "invalid":
            rows.append({"board": board if isinstance(board, str) else json.dumps(board), "goal": None, "status": "invalid",
                         "cost": None, "moves": "", "optimal": False, "expanded": 0, "generated": 0, "time_ms": 0.0,
                         "error": d.get("error")})
            continue
        st = d["stats"]
        rows.append({"board": _text(d["start"]), "goal": _text(d["goal"]), "status": d["status"], "cost": d["cost"],
                     "moves": d["moves"], "optimal": d["optimal"], "expanded": st["expanded"],
                     "generated": st["generated"], "time_ms": st["time_ms"], "error": None})
    return pd.DataFrame(rows, columns=list(COLUMNS)).astype(COLUMNS)


def _check_pickles(heuristic: Any) -> None:
    """Refuses a callable heuristic that cannot travel to the workers."""
    if heuristic is None or isinstance(heuristic, str) or not callable(heuristic):
        return
    import pickle

    try:
        pickle.dumps(heuristic)
    except Exception as e:  # pickle raises PicklingError, AttributeError or TypeError
        name = getattr(heuristic, "__qualname__", repr(heuristic))
        raise TypeError(f"the heuristic {name} cannot be sent to Dask's workers: it does not pickle ({e}). Define "
                        "it at the top level of a module the workers can import, or give a name or a formula") from e


def _read(source: Union[str, "os.PathLike[str]", dd.DataFrame], blocksize: Union[int, str]) -> dd.DataFrame:
    if isinstance(source, dd.DataFrame):
        return source
    path = os.fspath(source)
    frame: dd.DataFrame
    if path.endswith((".jsonl", ".json", ".ndjson")):
        frame = dd.read_json(path, lines=True, blocksize=blocksize, dtype={"board": object})
    else:
        frame = dd.read_parquet(path)
    return frame


def solve_partitioned(source: Union[str, "os.PathLike[str]", dd.DataFrame], output: Union[str, "os.PathLike[str]"], *,
                      tables: Iterable[Tuple[Union[int, str], Optional[str]]] = (), cache_dir: Optional[str] = None,
                      jobs: Optional[int] = 1, blocksize: Union[int, str] = "1MiB", **options: Any) -> int:
    """Solves every board of ``source`` on the current Dask cluster and writes ``output`` as
    Parquet, one row per board, in input order. Returns the number of rows.

    Args:
        source: a JSONL file (one object a line with a ``board`` field: text or rows), a Parquet
            file or directory with a ``board`` column, or a Dask DataFrame with one.
        output: the Parquet directory to write.
        tables: pattern-database sets to load on each worker process before solving, as
            ``(size, set)`` pairs, e.g. ``[("4x4", "6-6-3")]``; built into ``cache_dir`` when
            missing. Without them, a worker uses what :func:`npuzzle.solve_many` would: the
            strongest set cached, else the small default built on the spot.
        cache_dir: the pattern-database cache every worker reads.
        jobs: threads each partition's :func:`npuzzle.solve_many` uses (default 1: run one
            worker process per core with ``threads_per_worker=1``, the work spread by Dask).
        blocksize: how much JSONL text goes into one partition.
        options: passed to :func:`npuzzle.solve_many`: ``goal``, ``algorithm``, ``heuristic``,
            ``order``, ``weight``, ``max_nodes``, ``timeout``, ``max_memory``...

    A ``heuristic`` is a name or a formula (text, which travels to every worker), or a
    callable of your own where it pickles (a function defined at a module's top level, which
    the workers can import); a lambda or a function defined inside another raises
    ``TypeError`` here, before any work is sent.
    """
    _check_pickles(options.get("heuristic"))
    frame = _read(source, blocksize)
    if "board" not in frame.columns:
        raise ValueError(f"{source}: no 'board' column (columns: {', '.join(map(str, frame.columns))})")
    meta = pd.DataFrame({c: pd.Series(dtype=t) for c, t in COLUMNS.items()})
    table_list = [(str(s), n) for s, n in tables]
    out = frame[["board"]].map_partitions(solve_frame, options, table_list, None if cache_dir is None else str(cache_dir),
                                          jobs, meta=meta)
    out.to_parquet(os.fspath(output), write_index=False)
    return int(dd.read_parquet(os.fspath(output)).shape[0].compute())
