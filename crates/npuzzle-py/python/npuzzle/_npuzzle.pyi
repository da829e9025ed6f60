"""Type stubs of the native module (the Rust half of the package). Use the functions of
:mod:`npuzzle`, which wrap these."""

from os import PathLike
from typing import Any, Callable, List, Optional, Sequence, Tuple, Union

__all__ = [
    "BoardError",
    "UnsolvableError",
    "TablesError",
    "solve_one",
    "solve_many",
    "trace_events",
    "trace_text",
    "tree_docs",
    "replay_doc",
    "exercise_docs",
    "compare",
    "bench_depth",
    "audit",
    "audit_requirement",
    "audit_svg",
    "AUDIT_UNIFORM",
    "AUDIT_WALKS",
    "AUDIT_SEED",
    "AUDIT_CONSEQUENCE_BOARDS",
    "AUDIT_CONSEQUENCE_NODES",
    "generate",
    "is_solvable",
    "heuristics",
    "tables_prepare",
    "table_sets",
    "algorithms",
    "heuristic_info",
    "params",
    "report_schema",
    "analyse",
    "check",
    "check_answers",
    "notation_read",
    "notation_write",
    "parse_bytes",
    "default_cache_dir",
]

_Progress = Optional[Callable[[str, str, int, int], Any]]
_Dir = Optional[Union[str, PathLike[str]]]

AUDIT_UNIFORM: int
AUDIT_WALKS: int
AUDIT_SEED: int
AUDIT_CONSEQUENCE_BOARDS: int
AUDIT_CONSEQUENCE_NODES: int

class BoardError(ValueError):
    """A malformed or inconsistent board."""

class UnsolvableError(Exception):
    """Start and goal have different parity: no sequence of moves joins them."""

class TablesError(RuntimeError):
    """Tables a heuristic needs are missing or could not be read."""

def solve_one(start: str, spec: str, cache_dir: _Dir = None, progress: _Progress = None,
              heuristic: Optional[Any] = None) -> str: ...
def solve_many(boards: Sequence[str], spec: str, jobs: Optional[int] = None, paths: bool = False,
               cache_dir: _Dir = None, progress: _Progress = None) -> List[str]: ...
def trace_events(start: str, spec: str, limit: int, cache_dir: _Dir = None,
                 progress: _Progress = None, heuristic: Optional[Any] = None) -> List[str]: ...
def trace_text(start: str, spec: str, limit: int, cache_dir: _Dir = None,
               progress: _Progress = None, heuristic: Optional[Any] = None) -> Tuple[str, str]: ...
def replay_doc(start: str, spec: str, limit: int, cache_dir: _Dir = None, progress: _Progress = None,
               heuristic: Optional[Any] = None) -> str: ...
def exercise_docs(start: str, spec: str, max_steps: int, cache_dir: _Dir = None,
                  progress: _Progress = None, heuristic: Optional[Any] = None) -> Tuple[str, str, str, str, str]: ...
def tree_docs(start: str, spec: str, limit: int, cache_dir: _Dir = None,
              progress: _Progress = None, heuristic: Optional[Any] = None) -> Tuple[str, str, str, str, Optional[str]]: ...
def compare(boards: Sequence[str], spec: str, algorithms: Sequence[str], heuristics: Sequence[Any],
            cache_dir: _Dir = None, progress: _Progress = None) -> str: ...
def bench_depth(spec: str, depths: Sequence[int], count: int, seed: int, pairs: Sequence[Any], max_nodes: int,
                cache_dir: _Dir = None, progress: _Progress = None) -> str: ...
def audit(heuristic: Any, spec: str, uniform: int = ..., walks: int = ..., seed: int = ..., consequence_boards: int = ...,
          consequence_nodes: int = ..., predict: Sequence[int] = ..., starts: Optional[int] = None, cache_dir: _Dir = None,
          progress: _Progress = None) -> Tuple[str, str, List[Tuple[str, bool]]]: ...
def audit_svg(reports: Sequence[str]) -> Optional[str]: ...
def audit_requirement(text: str) -> str: ...
def generate(size: str, count: int, seed: Optional[int], goal: str, depth: Optional[int] = None,
             walk: Optional[int] = None) -> List[List[List[int]]]: ...
def is_solvable(start: str, goal: str) -> bool: ...
def heuristics(start: str, goal: str, cache_dir: _Dir = None) -> List[Tuple[str, float]]: ...
def tables_prepare(size: str, set: Optional[str], goal: str, cache_dir: _Dir, build: bool, force: bool,
                   progress: _Progress = None) -> Tuple[str, List[str]]: ...
def table_sets(size: str) -> List[str]: ...
def algorithms() -> List[Tuple[str, str, bool, bool]]: ...
def heuristic_info() -> str: ...
def params() -> str: ...
def report_schema() -> str: ...
def analyse(start: str, solution: str, reading: str, spec: str, cache_dir: _Dir = None, progress: _Progress = None) -> str: ...
def check(
    start: str,
    spec: str,
    solution: Optional[str] = None,
    expansions: Optional[str] = None,
    optimal: bool = False,
    steps: Optional[int] = None,
    reading: str = "blank",
    gradescope: bool = False,
    cache_dir: _Dir = None,
    progress: _Progress = None,
    trace: Optional[str] = None,
 heuristic: Optional[Any] = None) -> str: ...
def check_answers(key: str, answers: str, gradescope: bool = False) -> str: ...
def notation_read(text: str, reading: str) -> str: ...
def notation_write(moves: str, reading: str) -> str: ...
def parse_bytes(text: str) -> int: ...
def default_cache_dir() -> str: ...
