"""Pattern databases: build or load a set into a cache directory of the caller's choosing.

A process loads a set once and keeps it: later calls, and every search of that board size
(:func:`npuzzle.solve`, :func:`npuzzle.solve_many`, :func:`npuzzle.trace`), reuse it::

    import npuzzle
    npuzzle.tables.build(4, "6-6-3", cache_dir="/data/npuzzle-cache")   # once per machine
    npuzzle.tables.load(4, "6-6-3", cache_dir="/data/npuzzle-cache")    # once per process
    npuzzle.solve("15 14 8 12 10 11 9 13 2 6 5 1 3 7 4 0")

Sets: ``7-8`` (strongest), ``6-6-3`` and ``5-5-5`` on 4×4; ``6-6-6-6x7z1`` (strongest: a
catalogue of seven partitions, one bit an entry, 4.2 GB), ``6-6-6-6z``, ``6-6-6-6z1``,
``6-6-6-6`` and ``5-5-5-5-4`` on 5×5; row-major groups on other
sizes of up to 25 cells. Tables are files written atomically
and verified (size, goal, pattern, checksum) when read.
"""

from __future__ import annotations

import typing as _typing
from dataclasses import dataclass as _dataclass

from . import _npuzzle
from ._progress import make_progress as _make_progress

if _typing.TYPE_CHECKING:
    from typing import Any, List, Optional, Union

__all__ = ["TableSet", "build", "load", "sets", "default_cache_dir"]


@_dataclass(frozen=True)
class TableSet:
    """A prepared pattern-database set."""

    size: str
    """The board size, e.g. ``"4x4"``."""
    name: str
    """The set's name, e.g. ``"6-6-3"``."""
    files: List[str]
    """Its tables' cache files."""


def _size(size: Union[int, str]) -> str:
    return f"{size}x{size}" if isinstance(size, int) else str(size)


def build(size: Union[int, str], set: Optional[str] = None, cache_dir: Optional[Any] = None, progress: Any = True, *,
          goal: str = "blank-first", force: bool = False) -> TableSet:
    """Loads a set from the cache, building (and saving) the tables that are missing.

    Args:
        size: ``4``, ``"4x4"``, ``5``, ``"3x4"``...
        set: the set's name (default: the strongest for the size).
        cache_dir: the cache directory (default: ``$NPUZZLE_CACHE_DIR``, else the user's cache
            directory).
        progress: a bar per table in a terminal or notebook (tqdm's when installed), lines
            otherwise; ``False`` for silence, or a callable ``(kind, what, done, total)``.
        goal: any goal with its blank in a corner shares the tables of ``blank-first``.
        force: build anew even when cached.

    Raises:
        MemoryError: the build would need more memory than the system has available (nothing
            was allocated).
        KeyboardInterrupt: Ctrl-C stopped the build.
    """
    name, files = _npuzzle.tables_prepare(_size(size), set, goal, _dir(cache_dir), True, force, _make_progress(progress))
    return TableSet(_size(size), name, files)


def load(size: Union[int, str], set: Optional[str] = None, cache_dir: Optional[Any] = None, progress: Any = True, *,
         goal: str = "blank-first") -> TableSet:
    """Loads a set from memory or the cache, never building; without ``set``, the strongest set
    cached (else the small default, which must then be cached).

    Raises:
        npuzzle.TablesError: a table of the set is not cached.
        OSError: a cached table failed verification.
    """
    name, files = _npuzzle.tables_prepare(_size(size), set, goal, _dir(cache_dir), False, False, _make_progress(progress))
    return TableSet(_size(size), name, files)


def sets(size: Union[int, str]) -> List[str]:
    """The sets offered for a board size, strongest first."""
    return _npuzzle.table_sets(_size(size))


def default_cache_dir() -> str:
    """``$NPUZZLE_CACHE_DIR``, else the user's cache directory."""
    return str(_npuzzle.default_cache_dir())


def _dir(cache_dir: Optional[Any]) -> Optional[str]:
    return None if cache_dir is None else str(cache_dir)
