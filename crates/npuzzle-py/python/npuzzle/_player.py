"""The notebook widget: one recorded search in the web page's own tree player.

Built on anywidget, so it runs in JupyterLab, Notebook 7, VS Code and Colab. Its front end
(``widget.js``) is the page's Search tree tab, bundled from the page's modules: the tree, the
player and its keys, the frontier list, the pseudocode with the current line lit, and the live
region that says each step. :func:`npuzzle.widget` makes one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict

import anywidget
import traitlets


class Player(anywidget.AnyWidget):
    """One recorded search in the page's tree player, as :func:`npuzzle.widget` returns it.

    ``step`` is the event shown, synced both ways: stepping the player in the notebook sets it,
    and setting it moves the player (``0`` is before the search starts, ``events`` after the
    last event).

    Attributes:
        solution: the search's :class:`npuzzle.Solution`.
        events: how many events the replay has.
        step: the event shown.
    """

    _esm = Path(__file__).with_name("widget.js")
    doc = traitlets.Unicode("").tag(sync=True)
    step = traitlets.Int(0).tag(sync=True)

    def __init__(self, doc: str, step: int, solution: Any) -> None:
        parsed: Dict[str, Any] = json.loads(doc)
        self.events: int = len(parsed["trace"]["events"])
        self.solution = solution
        self._recording = parsed
        super().__init__(doc=doc, step=max(0, min(step, self.events)))

    @traitlets.validate("step")
    def _valid_step(self, proposal: Dict[str, Any]) -> int:
        value = proposal["value"]
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= self.events:
            raise traitlets.TraitError(f"step {value!r} must be an event from 0 to {self.events}")
        return value

    def said(self) -> str:
        """The event shown, in the words the player says it (``before the search starts`` at 0)."""
        if self.step == 0:
            return "before the search starts"
        return str(self._recording["trace"]["events"][self.step - 1]["said"])

    def to_dict(self) -> Dict[str, Any]:
        """The recording as a new dict: ``tree`` (``npuzzle solve --tree json``), ``trace``
        (the events with their pseudocode step, node states and words), ``report``, ``info``
        (the algorithm, with its pseudocode), ``legend``, and ``pseudocode`` (the pseudocode's
        lines under a course's rules other than the algorithm's own, else ``None``)."""
        out: Dict[str, Any] = json.loads(self.doc)
        return out
