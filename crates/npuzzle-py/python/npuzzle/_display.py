"""Rich display in Jupyter: a solution as HTML (its start board as SVG, a small playback of its
moves, its statistics), drawn here with no external assets: inline SVG and one inline script.

Without JavaScript (a static export, a notebook that is not trusted) the start board, the moves
and the statistics still show; the script only adds the playback.
"""

from __future__ import annotations

import html
import json
import uuid
from typing import Any, Dict, List, Optional, Sequence, Tuple

# Boards drawn as SVG up to this many cells (the CLI prints boards along a path up to 400 too).
MAX_DRAWN_CELLS = 400
# Moves listed in full up to this many; longer lists are shortened (the playback has them all).
MAX_LISTED_MOVES = 300
# Longest solution the playback carries (the moves go into the page as one string).
MAX_PLAYBACK_MOVES = 100_000

_TILE = "#f4efe3"
_TILE_EDGE = "#8c7f66"
_HOLE = "#d8d2c4"
_INK = "#2b2b2b"


def _cell_size(width: int, height: int) -> int:
    return max(12, min(40, 240 // max(width, height)))


def board_svg(rows: Sequence[Sequence[int]], dom_id: Optional[str] = None, cell: Optional[int] = None,
              title: Optional[str] = None) -> str:
    """A board as an SVG picture: a tile a square, the blank (0) left empty.

    Each tile is a group ``<g data-tile="N" transform="translate(x,y)">`` so a script can slide
    it; ``dom_id`` names the ``<svg>`` element.
    """
    height, width = len(rows), len(rows[0])
    c = cell or _cell_size(width, height)
    pad = 2
    w, h = width * c + 2 * pad, height * c + 2 * pad
    font = max(7, int(c * (0.45 if width * height <= 100 else 0.38)))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}"'
           + (f' id="{dom_id}"' if dom_id else "") + ' role="img"'
           + (f' aria-label="{html.escape(title)}"' if title else "") + ">"]
    if title:
        out.append(f"<title>{html.escape(title)}</title>")
    out.append(f'<rect x="0" y="0" width="{w}" height="{h}" rx="4" fill="{_HOLE}"/>')
    for r, row in enumerate(rows):
        for col, t in enumerate(row):
            if t == 0:
                continue
            x, y = pad + col * c, pad + r * c
            out.append(
                f'<g data-tile="{t}" transform="translate({x},{y})" style="transition: transform 0.15s">'
                f'<rect x="1" y="1" width="{c - 2}" height="{c - 2}" rx="{max(2, c // 8)}" fill="{_TILE}" '
                f'stroke="{_TILE_EDGE}"/>'
                f'<text x="{c / 2:g}" y="{c / 2:g}" dy="0.35em" text-anchor="middle" font-family="sans-serif" '
                f'font-size="{font}" fill="{_INK}">{t}</text></g>')
    out.append("</svg>")
    return "".join(out)


def _moves_text(moves: str) -> str:
    if len(moves) <= MAX_LISTED_MOVES:
        return html.escape(moves) or "(none)"
    return f"{html.escape(moves[:MAX_LISTED_MOVES])}… ({len(moves) - MAX_LISTED_MOVES:,} more)"


def _stat_rows(d: Dict[str, Any]) -> List[Tuple[str, Any]]:
    st = d.get("stats") or {}
    rows = [
        ("status", d.get("status")),
        ("algorithm", d.get("algorithm")),
        ("heuristic", d.get("heuristic")),
        ("cost", d.get("cost")),
        ("optimal", d.get("optimal")),
        ("nodes expanded", st.get("expanded")),
        ("nodes generated", st.get("generated")),
        ("max frontier", st.get("max_frontier")),
        ("search depth", st.get("search_depth")),
        ("max depth", st.get("max_depth")),
        ("time (ms)", st.get("time_ms")),
    ]
    if d.get("limit"):
        rows.insert(1, ("limit", d.get("limit")))
    if d.get("tables_ms") is not None:
        rows.append(("tables (ms)", d.get("tables_ms")))
    return [(k, v) for k, v in rows if v is not None]


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, int):
        return f"{v:,}"
    return html.escape(str(v))


# The playback: slides the tiles of the start board's SVG along the moves. `moves` are the blank's
# moves; each one slides the tile the blank moves onto into the blank's cell.
_SCRIPT = """
(function () {
  var root = document.getElementById(%(root)s);
  if (!root || root.dataset.ready) return;
  root.dataset.ready = "1";
  var W = %(width)d, H = %(height)d, C = %(cell)d, P = 2, moves = %(moves)s, start = %(start)s;
  var svg = root.querySelector("svg"), tiles = {};
  svg.querySelectorAll("g[data-tile]").forEach(function (g) { tiles[g.getAttribute("data-tile")] = g; });
  var D = {U: [-1, 0], D: [1, 0], L: [0, -1], R: [0, 1]};
  var board = start.slice(), at = 0, timer = null;
  var label = root.querySelector(".npz-step"), slider = root.querySelector("input[type=range]");
  function blank() { return board.indexOf(0); }
  function place(t, i) {
    tiles[t].setAttribute("transform", "translate(" + (P + (i %% W) * C) + "," + (P + Math.floor(i / W) * C) + ")");
  }
  function apply(m, back) {
    var d = D[m], b = blank(), r = Math.floor(b / W) + (back ? -d[0] : d[0]), c = b %% W + (back ? -d[1] : d[1]);
    var j = r * W + c, t = board[j];
    board[b] = t; board[j] = 0; place(t, b);
  }
  function go(n) {
    n = Math.max(0, Math.min(moves.length, n));
    while (at < n) { apply(moves[at], false); at++; }
    while (at > n) { at--; apply(moves[at], true); }
    label.textContent = "move " + at + " of " + moves.length + (at > 0 ? " (" + moves[at - 1] + ")" : "");
    slider.value = at;
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; } play.textContent = "\\u25b6 play"; }
  var play = root.querySelector(".npz-play");
  play.onclick = function () {
    if (timer) { stop(); return; }
    if (at >= moves.length) go(0);
    play.textContent = "\\u25a0 pause";
    timer = setInterval(function () { if (at >= moves.length) stop(); else go(at + 1); }, %(delay)d);
  };
  root.querySelector(".npz-first").onclick = function () { stop(); go(0); };
  root.querySelector(".npz-prev").onclick = function () { stop(); go(at - 1); };
  root.querySelector(".npz-next").onclick = function () { stop(); go(at + 1); };
  root.querySelector(".npz-last").onclick = function () { stop(); go(moves.length); };
  slider.oninput = function () { stop(); go(parseInt(slider.value, 10)); };
  root.querySelector(".npz-controls").style.display = "";
  go(0);
})();
"""


def solution_html(d: Dict[str, Any]) -> str:
    """The HTML of a solution (``Solution.to_dict()``): see the module's docstring."""
    # Unique across kernels too: a notebook keeps the outputs of earlier sessions on the page.
    uid = f"npuzzle-solution-{uuid.uuid4().hex}"
    parts = [f'<div id="{uid}" class="npuzzle-solution" style="font-family: sans-serif; font-size: 13px; '
             f'line-height: 1.4">']
    status = d.get("status")
    if status == "invalid":
        parts.append(f"<b>invalid board</b>: {html.escape(str(d.get('error')))}</div>")
        return "".join(parts)
    parts.append(f"<div><b>{html.escape(str(d.get('message') or status))}</b></div>")
    start: List[List[int]] = d.get("start") or []
    goal = d.get("goal")
    moves = d.get("moves") or ""
    drawn = bool(start) and len(start) * len(start[0]) <= MAX_DRAWN_CELLS
    parts.append('<div style="display: flex; flex-wrap: wrap; gap: 18px; align-items: flex-start; margin-top: 4px">')
    if drawn:
        width, height = len(start[0]), len(start)
        cell = _cell_size(width, height)
        playback = status == "solved" and 0 < len(moves) <= MAX_PLAYBACK_MOVES
        parts.append("<div>")
        parts.append('<div style="color: #555">start</div>')
        parts.append(board_svg(start, cell=cell, title="start board"))
        if playback:
            def button(cls: str, title: str, label: str) -> str:
                return (f'<button type="button" class="npz-{cls}" title="{title}" aria-label="{title}" '
                        f'style="font-size: 12px; padding: 1px 6px; margin-right: 2px">{label}</button>')

            parts.append('<div class="npz-controls" style="display: none; margin-top: 4px">'
                         + button("first", "first", "|\u25c0") + button("prev", "back one move", "\u25c0")
                         + button("play", "play", "\u25b6 play") + button("next", "one move on", "\u25b6")
                         + button("last", "last", "\u25b6|")
                         + f'<br><input type="range" min="0" max="{len(moves)}" value="0" '
                           f'style="width: {max(120, width * cell)}px" aria-label="move">'
                         + '<div class="npz-step" style="color: #555"></div></div>')
        parts.append("</div>")
        if goal:
            parts.append('<div><div style="color: #555">goal</div>'
                         + board_svg(goal, cell=max(10, cell * 2 // 3), title="goal board") + "</div>")
    elif start:
        parts.append(f"<div>a {len(start[0])}×{len(start)} board (not drawn: over {MAX_DRAWN_CELLS} cells)</div>")
    parts.append('<table style="border-collapse: collapse">')
    for k, v in _stat_rows(d):
        parts.append(f'<tr><td style="padding: 0 10px 0 0; color: #555; text-align: left">{html.escape(k)}</td>'
                     f'<td style="text-align: right">{_fmt(v)}</td></tr>')
    parts.append("</table></div>")
    if status == "solved":
        parts.append(f'<div style="margin-top: 4px">moves ({len(moves):,}): '
                     f'<code style="word-break: break-all">{_moves_text(moves)}</code></div>')
    if drawn and status == "solved" and 0 < len(moves) <= MAX_PLAYBACK_MOVES:
        width, height = len(start[0]), len(start)
        flat = [t for row in start for t in row]
        delay = 400 if len(moves) <= 60 else max(20, 24000 // len(moves))
        parts.append("<script>" + _SCRIPT % {
            "root": json.dumps(uid), "width": width, "height": height, "cell": _cell_size(width, height),
            "moves": json.dumps(moves), "start": json.dumps(flat), "delay": delay,
        } + "</script>")
    parts.append("</div>")
    return "".join(parts)

