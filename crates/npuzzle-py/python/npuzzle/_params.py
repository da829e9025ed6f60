"""The algorithms' parameters as keyword arguments, each described once by the library
(``npuzzle::search::params``): written by ``tests/test_params.py`` from ``_npuzzle.params()``
(``NPUZZLE_WRITE_PARAMS=1 pytest tests/test_params.py``); do not edit."""

from __future__ import annotations

from typing import Literal, Optional, TypedDict


class SearchParams(TypedDict, total=False):
    """The classic searches' parameters."""

    weight: Optional[float]
    """Weight W on h for A* (f = g + W·h); 1 is plain A*, and more trades optimality for speed.
    Default: 1."""
    max_depth: Optional[int]
    """Depth bound for depth-first search: nodes deeper than this are not expanded. Default: none."""
    learnt_key: bool
    """pdb-beam ranks the boards of each beam whose goal the learnt weights fit (6×6 with the blank
    last: the forward views) by the learnt estimate instead of the pattern databases' key; the
    databases still bound the answer and recognise the goal."""
    rules: Optional[Literal["npuzzle", "aima4", "cs188", "princeton", "tree-search"]]
    """A course's or textbook's rules for the goal test, repeated states and ties, together: npuzzle
    (its own), aima4 (AIMA 4th edition), cs188 (Berkeley CS188), princeton (Princeton's 8puzzle),
    tree-search (no repeated state skipped). --goal-test, --duplicates and --ties override one rule
    each. Default: npuzzle."""
    goal_test: Optional[Literal["generation", "selection"]]
    """When the goal is tested: generation (as a node is generated: AIMA's breadth-first search) or
    selection (as it is taken off the frontier: most A* presentations, Berkeley CS188). Default: the
    algorithm's own: generation for bfs, dfs and lc, selection for the others."""
    duplicates: Optional[Literal["none", "parent", "path", "explored", "reached"]]
    """Which repeated states are skipped: none (tree search: even the move back), parent (only the move
    back: Princeton's 8puzzle), path (states on the node's own path), explored (a state already
    expanded is skipped when taken: Berkeley CS188), reached (a state already reached, unless more
    cheaply: AIMA 4th edition). Default: reached."""
    ties: Optional[Literal["fifo", "lifo", "low-h", "high-g"]]
    """How ties among nodes of equal priority (f) are broken: fifo (the first generated first), lifo
    (the last generated first), low-h (the lower h first), high-g (the higher g first). Default:
    fifo."""


class LocalParams(TypedDict, total=False):
    """The local searches' parameters."""

    seed: Optional[int]
    """Seed of a local search's random choices; the same seed repeats a run. Without one, a seed is
    drawn and reported (the command line prints it on stderr). Default: random."""
    sideways: Optional[int]
    """Sideways moves (to a neighbour with the same h) allowed in a row: hill-climbing, first-choice,
    random-restart; local-beam: steps its best h may stall. Default: 0; local-beam 10."""
    restarts: Optional[int]
    """Restarts of random-restart hill climbing, each from a random walk of the start. Default: 10000."""
    temperature: Optional[float]
    """Annealing's starting temperature T0 > 0; T = T0·α^t, and the run stops when T < 0.01. Default:
    2."""
    cooling: Optional[float]
    """Annealing's cooling factor α, 0 < α < 1: the temperature after t steps is T0·α^t. Default:
    0.99995."""
    beam_width: Optional[int]
    """States local-beam keeps at each step. Default: 10."""
    stochastic: bool
    """Stochastic beam search: local-beam draws its next beam at random, weighted towards lower h."""
    max_steps: Optional[int]
    """Stop a local search after this many steps (a limit: exit 4 on the command line). Default: none."""


class Params(SearchParams, LocalParams, total=False):
    """Every parameter of the algorithms."""


KEYS = (
    "weight", "max_depth", "seed", "sideways", "restarts", "temperature", "cooling",
    "beam_width", "stochastic", "learnt_key", "max_steps", "rules", "goal_test", "duplicates",
    "ties",
)
"""Every parameter's keyword, in the library's order."""
