"""The heuristic audit's report: the library's (``npuzzle::audit::Audit``, as ``npuzzle audit
--format json`` writes it), with its text and what holds of it, both computed by the library."""

from __future__ import annotations

import copy
import json
from typing import Dict, List, Literal, Optional, TypedDict

from . import _npuzzle

Rows = List[List[int]]
"""A board as rows of tiles, 0 the blank."""

Claim = Literal["yes", "no", "unknown", "claimed"]
"""Whether a property holds: proven, disproven, not known, or on its author's word."""


class Claims(TypedDict):
    """What the estimate claims about itself."""

    admissible: Claim
    consistent: Claim


class Sample(TypedDict):
    """What a sample held (an audit that is not exhaustive)."""

    uniform: int
    """Uniform boards drawn."""
    walks: int
    """Boards on random walks from the goal."""
    longest_walk: int
    """The longest walk, in moves (walks run from 1 move to this, in turn)."""
    seed: int
    """The seed they were drawn with."""
    h_star: Literal["solved", "walk bound"]
    """Where h* comes from: each board solved optimally, or the walk's cost (an upper bound)."""
    unsolved: int
    """Boards the solver did not finish (left out of the counts)."""


class Counterexample(TypedDict):
    """The board where h exceeds h* the most."""

    board: Rows
    h: float
    """Its estimate."""
    h_star: int
    """Its true cost to the goal; with ``h_star_bound``, an upper bound (a walk's cost)."""
    h_star_bound: bool


# The move along which h falls the most beyond the move's cost: the board it leaves (``from``, a
# keyword, hence the functional form) and reaches, h of each, and what the move costs.
InconsistentMove = TypedDict("InconsistentMove", {"from": Rows, "to": Rows, "h_from": float, "h_to": float, "cost": int})


class Consequence(TypedDict):
    """A board where A* with the inadmissible estimate returns a costlier answer than the optimum."""

    board: Rows
    found: int
    """The cost of A*'s answer with the estimate (its length under unit costs)."""
    optimal: int
    """The optimal cost; with ``optimal_bound``, an upper bound on it (a walk's cost)."""
    optimal_bound: bool
    found_moves: str
    """A*'s answer, as moves of the blank."""
    optimal_moves: str
    """An optimal answer (the walk back, with ``optimal_bound``), as moves of the blank."""


class ConsequenceSearch(TypedDict):
    """How the consequence search went (for an inadmissible estimate)."""

    tried: int
    candidates: int
    """Boards it could try: those where h > h*."""
    max_boards: int
    max_nodes: int


class Dominance(TypedDict):
    """The estimate against one built-in computed from the board alone."""

    name: str
    at_least: float
    """Share of the boards where the estimate is at least the built-in's."""
    greater: float
    """Share of the boards where it is greater."""
    dominates: bool


class Prediction(TypedDict):
    """IDA*'s expansions at one threshold: predicted from the heuristic's distribution (Korf,
    Reid and Edelkamp 2001) and measured over the start boards."""

    threshold: int
    """The iteration's threshold d, in moves."""
    predicted: float
    """The predicted mean expansions of one complete iteration."""
    measured: float
    """The mean expansions measured over the starts."""
    starts: int
    """Start boards measured."""
    interval: List[float]
    """The 95 % confidence interval of the measured mean (width 0 over every board)."""


class AuditReport(TypedDict):
    """The library's report of an audit, field for field (``npuzzle audit --format json``)."""

    heuristic: str
    size: str
    goal: Rows
    cost: Literal["unit", "tile"]
    coverage: Literal["exhaustive", "solved", "walks"]
    exhaustive: bool
    boards: int
    moves: int
    sample: Optional[Sample]
    admissible: Optional[bool]
    consistent: Optional[bool]
    goal_h: float
    overestimated: int
    inconsistent_moves: int
    counterexample: Optional[Counterexample]
    inconsistent_move: Optional[InconsistentMove]
    consequence: Optional[Consequence]
    consequence_search: Optional[ConsequenceSearch]
    dominates: Dict[str, float]
    against: List[Dominance]
    mean_h: Optional[float]
    mean_ratio: Optional[float]
    table: Optional[List[List[int]]]
    claims: Claims
    notes: List[str]
    prediction: Optional[List[Prediction]]
    prediction_refused: Optional[str]


class Audit:
    """A heuristic's audit (what :func:`npuzzle.audit` returns): is it admissible (h ≤ h* on
    every board), consistent (h(n) ≤ c(n, n') + h(n') on every move), and what does an
    overestimate cost A*?

    ``str()`` gives the report in words, as ``npuzzle audit`` prints it (``repr()`` too, without
    the last line's end);
    :attr:`report` is the whole report as a dict, as ``npuzzle audit --format json`` writes it.
    On boards of up to 10 cells every board and move is checked and the answers are proofs;
    beyond, a sample: ``admissible``/``consistent`` is then ``False`` with a counterexample, or
    ``None`` (no counterexample in the boards checked), never ``True``.
    """

    __slots__ = ("_report", "_text", "_holds")

    def __init__(self, report: AuditReport, text: str, holds: Dict[str, bool]) -> None:
        self._report = report
        self._text = text
        self._holds = holds

    @property
    def report(self) -> AuditReport:
        """The whole report (a copy), as ``npuzzle audit --format json`` writes it."""
        return copy.deepcopy(self._report)

    @property
    def heuristic(self) -> str:
        """The estimate's name: a built-in's, a formula's text, a callable's ``__name__``."""
        return self._report["heuristic"]

    @property
    def admissible(self) -> Optional[bool]:
        """``True``: h ≤ h* on every board (proved); ``False``: a counterexample; ``None``: none in
        a sample."""
        return self._report["admissible"]

    @property
    def consistent(self) -> Optional[bool]:
        """``True``: h(n) ≤ c(n, n') + h(n') on every move (proved); ``False``: an inconsistent
        move; ``None``: none in a sample."""
        return self._report["consistent"]

    @property
    def exhaustive(self) -> bool:
        """Whether every board and every move was checked (then the answers are proofs)."""
        return self._report["exhaustive"]

    @property
    def boards(self) -> int:
        """Boards checked (every reachable board when exhaustive: 181,440 on 3×3)."""
        return self._report["boards"]

    @property
    def counterexample(self) -> Optional[Counterexample]:
        """The board where h exceeds h* the most, with ``h`` and ``h_star``; ``None`` when there is
        none."""
        return copy.deepcopy(self._report["counterexample"])

    @property
    def inconsistent_move(self) -> Optional[InconsistentMove]:
        """The move (``from``, ``to``, ``h_from``, ``h_to``, ``cost``) along which h falls the most
        beyond the move's cost; ``None`` when there is none."""
        return copy.deepcopy(self._report["inconsistent_move"])

    @property
    def consequence(self) -> Optional[Consequence]:
        """A board where A* with this estimate returns a costlier answer (``found``,
        ``found_moves``) than the optimum (``optimal``, ``optimal_moves``); ``None`` for an
        admissible estimate, or when the search's budget found none."""
        return copy.deepcopy(self._report["consequence"])

    @property
    def dominates(self) -> Dict[str, float]:
        """Each built-in the estimate dominates (h ≥ it on every board counted), with the share of
        boards where it is strictly greater."""
        return dict(self._report["dominates"])

    @property
    def mean_ratio(self) -> Optional[float]:
        """Mean h/h* over every board counted but the goal (``None`` where h* is only bounded)."""
        return self._report["mean_ratio"]

    @property
    def table(self) -> Optional[List[List[int]]]:
        """``table[s][v]``: boards with h* = s and ⌊h⌋ = v (``None`` where h* is only bounded)."""
        t = self._report["table"]
        return None if t is None else [list(row) for row in t]

    @property
    def notes(self) -> List[str]:
        """Findings in words: a claim the audit contradicts, what a sample leaves open."""
        return list(self._report["notes"])

    @property
    def prediction(self) -> Optional[List[Prediction]]:
        """IDA*'s expansions predicted and measured at each threshold asked for (``predict=``);
        ``None`` when none was asked for or the prediction was refused."""
        return copy.deepcopy(self._report["prediction"])

    @property
    def prediction_refused(self) -> Optional[str]:
        """Why the prediction was refused (a heuristic found inconsistent, step costs)."""
        return self._report["prediction_refused"]

    def picture(self, beside: Optional[Audit] = None) -> Optional[str]:
        """h against h* as a heat map, SVG text (the library's, as ``npuzzle audit --plot``
        draws it), with ``beside``'s drawn next to it; ``None`` where h* is only bounded by
        random walks. Jupyter shows an audit by it."""
        reports = [self._report] + ([beside._report] if beside is not None else [])
        return _npuzzle.audit_svg([json.dumps(r) for r in reports])

    def _repr_svg_(self) -> Optional[str]:
        """The heat map Jupyter shows (:meth:`picture`)."""
        return self.picture()

    def holds(self, require: str = "both") -> bool:
        """Whether the audit found no counterexample to what ``require`` asks: ``"admissible"``,
        ``"consistent"`` or ``"both"`` (as ``npuzzle audit --require``; on a sample, none in the
        boards checked). The library decides, here as in the CLI's exit status."""
        return self._holds[_npuzzle.audit_requirement(require)]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text.rstrip("\n")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Audit) and self._report == other._report

    __hash__ = None  # type: ignore[assignment]
