"""What a notebook shows: a solution's HTML, the search tree (the CLI's drawing, byte for byte),
the text trace, compare's rows (the CLI's JSON) and their plot, and the docstrings help() shows."""

import inspect
import json
import re
import xml.etree.ElementTree as ET

import pytest

import npuzzle

NILSSON = "2 8 3/1 6 4/7 0 5"
NILSSON_GOAL = "1 2 3/8 0 4/7 6 5"
NILSSON_OPTS = dict(goal=NILSSON_GOAL, algorithm="astar", heuristic="misplaced", order="LURD")
NILSSON_ARGS = ["--goal", NILSSON_GOAL, "-a", "astar", "-H", "misplaced", "--order", "LURD"]


def svg_parts(html):
    return re.findall(r"<svg.*?</svg>", html, flags=re.S)


def test_solution_html_shows_the_board_moves_stats_and_a_self_contained_playback():
    s = npuzzle.solve(NILSSON, **NILSSON_OPTS)
    page = s._repr_html_()
    boards = svg_parts(page)
    assert len(boards) == 2  # the start, and the goal
    start = ET.fromstring(boards[0])
    tiles = {g.get("data-tile"): g.find("{http://www.w3.org/2000/svg}text").text
             for g in start.iter("{http://www.w3.org/2000/svg}g")}
    assert sorted(tiles) == [str(t) for t in range(1, 9)] and all(k == v for k, v in tiles.items())
    assert "UULDR" in page and "solved in 5 moves" in page
    assert ">6<" in page and ">14<" in page  # expanded, generated
    assert page.count("<script>") == 1 and '"UULDR"' in page
    # No external assets: nothing is fetched.
    assert not re.search(r"\b(src|href)\s*=", page) and "http://" not in page.replace(
        'xmlns="http://www.w3.org/2000/svg"', "")
    # Each display has its own element id, so two outputs in one notebook do not clash.
    ids = re.findall(r'id="(npuzzle-solution-[0-9a-f]+)"', page + s._repr_html_())
    assert len(ids) == 2 and ids[0] != ids[1]


def test_solution_html_for_unsolved_and_invalid_results():
    s = npuzzle.solve("8 6 7 2 5 4 3 0 1", algorithm="bfs", max_nodes=50)
    page = s._repr_html_()
    assert s.status == "limit" and "limit" in page and "<script>" not in page and len(svg_parts(page)) == 2
    bad = npuzzle.solve_many(["1 2 3"])[0]
    assert bad.status == "invalid" and "invalid board" in bad._repr_html_()
    big = npuzzle.solve(npuzzle.generate("21x20", 1, seed=3)[0], progress=False, max_nodes=10)
    assert "not drawn" in big._repr_html_() and not svg_parts(big._repr_html_())


@pytest.mark.parametrize("board,opts,args", [
    (NILSSON, NILSSON_OPTS, NILSSON_ARGS),
    ("8 1 3 4 0 2 7 6 5", dict(algorithm="idastar", heuristic="manhattan"), ["-a", "idastar", "-H", "manhattan"]),
    ("1 2 3 4 0 5 7 8 6", dict(algorithm="bidirectional"), ["-a", "bidirectional"]),
    ("8 1 3 4 0 2 7 6 5", dict(algorithm="bfs", limit=50), ["-a", "bfs", "--tree-limit", "50"]),
])
def test_tree_svg_and_json_are_the_clis_byte_for_byte(cli, board, opts, args):
    t = npuzzle.tree(board, **opts)
    assert t._repr_svg_() == cli("solve", board, *args, "--tree", "svg")
    assert t.to_json() == cli("solve", board, *args, "--tree", "json")
    assert t.to_dict() == json.loads(cli("solve", board, *args, "--tree", "json"))
    assert t.dot == cli("solve", board, *args, "--tree", "dot")
    ET.fromstring(t.svg)


def test_tree_of_nilssons_example_and_its_cap(tmp_path):
    t = npuzzle.tree(NILSSON, **NILSSON_OPTS)
    assert (t.solution.moves, t.nodes, t.total_nodes, t.capped, t.note) == ("UULDR", 14, 14, False, None)
    assert "Tree(nodes=14" in repr(t)
    capped = npuzzle.tree("8 1 3 4 0 2 7 6 5", algorithm="bfs", limit=30)
    assert capped.capped and capped.nodes == 30 and capped.total_nodes > 30 and "showing 30 of" in capped.note
    for ext in ("svg", "json", "dot"):
        t.save(tmp_path / f"tree.{ext}")
    assert (tmp_path / "tree.svg").read_text() == t.svg
    with pytest.raises(ValueError):
        t.save(tmp_path / "tree.png")
    with pytest.raises(ValueError):
        npuzzle.tree(NILSSON, limit=0)
    with pytest.raises(npuzzle.UnsolvableError):
        npuzzle.tree("1 2 3 4 5 6 8 7 0")


def test_trace_text_is_the_clis_trace(cli):
    text = npuzzle.trace_text(NILSSON, **NILSSON_OPTS, limit=3)
    out = cli("solve", NILSSON, *NILSSON_ARGS, "--trace", "--trace-limit", "3")
    assert out.startswith(text) and text.startswith("Trace: astar, heuristic misplaced, order LURD")
    assert "Step 3:" in text and "Step 4:" not in text and "… 4 more steps not shown (--trace-limit 3)" in text


def without_times(rows):
    return [{k: v for k, v in r.items() if k != "time_ms"} for r in rows]


def test_compare_rows_are_the_clis_json(cli):
    boards = ["8 1 3 4 0 2 7 6 5", "1 2 3 4 0 5 7 8 6", "1 2 3 4 5 6 8 7 0"]
    rows = npuzzle.compare(boards, frame=False)
    want = json.loads(cli("compare", *boards, "--format", "json"))
    assert without_times(rows) == without_times(want)
    assert [list(r) for r in rows] == [list(r) for r in want]  # the same keys in the same order
    assert len(rows) == 18 and {r["status"] for r in rows[12:]} == {"unsolvable"}
    # The default pairs are the library's, the CLI's and the page's.
    pairs = [r["pair"] for r in rows[:6]]
    assert pairs == ["bfs", "astar/misplaced", "astar/manhattan", "astar/linear-conflict", "idastar/manhattan",
                     "greedy/manhattan"]
    assert pairs == [r["pair"] for r in want[:6]]

    picked = npuzzle.compare(boards[:2], "astar,bfs", ["manhattan", "misplaced"], max_nodes=100, frame=False)
    want = json.loads(cli("compare", *boards[:2], "--algorithms", "astar,bfs", "--heuristics", "manhattan,misplaced",
                          "--max-nodes", "100", "--format", "json"))
    assert without_times(picked) == without_times(want)
    assert [r["pair"] for r in picked[:3]] == ["astar/manhattan", "astar/misplaced", "bfs"]
    assert any(r.get("limit") == "node limit" for r in picked)


def test_compare_gives_a_dataframe_and_a_plot():
    pd = pytest.importorskip("pandas")
    df = npuzzle.compare(["8 1 3 4 0 2 7 6 5", "1 2 3 4 0 5 7 8 6"], algorithms=["astar", "bfs"])
    assert isinstance(df, pd.DataFrame) and list(df.columns) == npuzzle.COMPARE_COLUMNS and len(df) == 4
    assert list(df.cost) == [14, 14, 2, 2] and df.optimal.all() and df["limit"].isna().all()
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    ax_nodes, ax_time = npuzzle.plot_compare(df)
    assert len(ax_nodes.patches) == 4 and len(ax_time.lines) == 2
    assert ax_nodes.get_yscale() == "log" and ax_time.get_xlabel() == "solution depth (moves)"
    assert [t.get_text() for t in ax_nodes.figure.legends[0].get_texts()] == ["astar/manhattan", "bfs"]
    import matplotlib.pyplot as plt
    _fig, axes = plt.subplots(1, 2)
    assert list(npuzzle.plot_compare(df.to_dict("records"), axes)) == list(axes)
    assert axes[0].get_legend() is not None and len(axes[0].patches) == 4
    plt.close("all")


def test_compare_refuses_bad_input():
    with pytest.raises(npuzzle.BoardError, match="board 2"):
        npuzzle.compare(["1 2 3 4 0 5 7 8 6", "1 2 3"])
    with pytest.raises(ValueError):
        npuzzle.compare(["1 2 3 4 0 5 7 8 6"], algorithms="nosuch")
    with pytest.raises(ValueError):
        npuzzle.compare([])


def test_every_public_function_and_class_has_a_docstring():
    for name in npuzzle.__all__:
        obj = getattr(npuzzle, name)
        if inspect.ismodule(obj):
            continue
        doc = inspect.getdoc(obj)
        assert doc and len(doc) > 40, f"npuzzle.{name} has no docstring help() can show"
        if inspect.isclass(obj) and not issubclass(obj, BaseException):
            for attr, member in vars(obj).items():
                if callable(member) and not attr.startswith("__") and attr != "_from_json":
                    assert inspect.getdoc(member), f"npuzzle.{name}.{attr} has no docstring"
    for mod in (npuzzle.tables, npuzzle):
        assert inspect.getdoc(mod)


def test_the_public_namespace_holds_npuzzle_names_only():
    # What `dir(npuzzle)` and completion in a notebook offer: npuzzle's own functions, classes,
    # types and constants, none of the modules and typing names it uses (json, gc, Optional, …).
    own_types = {"Board", "Progress", "SearchOptions", "Keywords", "TreeKeywords", "ReportFields"}
    own_types |= {"Params", "SearchParams", "LocalParams", "COMPARE_COLUMNS", "DEPTH_COLUMNS"}
    for mod, allowed in ((npuzzle, set(npuzzle.__all__) | own_types), (npuzzle.tables, set(npuzzle.tables.__all__))):
        public = {n for n in dir(mod) if not n.startswith("_")}
        # npuzzle's own submodules (npuzzle.dask once imported) are its names too.
        public -= {n for n in public if inspect.ismodule(getattr(mod, n)) and getattr(mod, n).__name__.startswith("npuzzle.")}
        # `from __future__ import annotations` binds this name; it is the language's, not an import.
        public.discard("annotations")
        assert public <= allowed, f"{mod.__name__} offers {sorted(public - allowed)}"
        # Board and Progress are npuzzle's names for typing's (Any, a Union).
        for name in public - {"Board", "Progress"}:
            obj = getattr(mod, name)
            origin = getattr(obj, "__module__", None) or getattr(obj, "__name__", "")
            if inspect.ismodule(obj) or inspect.isclass(obj) or inspect.isfunction(obj):
                assert origin.startswith("npuzzle"), f"{mod.__name__}.{name} comes from {origin}"


# A DOM just large enough for the playback script: the root, its board's tile groups, buttons,
# slider and step label. The script runs as in a page; the test then presses buttons.
_DOM = r"""
const data = JSON.parse(require("fs").readFileSync(0, "utf8"));
const el = (extra) => Object.assign({dataset: {}, style: {}, attrs: {}, textContent: "", value: 0,
  setAttribute(k, v) { this.attrs[k] = String(v); }, getAttribute(k) { return this.attrs[k]; }}, extra);
const tiles = data.tiles.map(([t, tr]) => { const g = el(); g.attrs["data-tile"] = t; g.attrs.transform = tr; return g; });
const svg = el({querySelectorAll: () => tiles});
const parts = {svg, ".npz-step": el(), "input[type=range]": el(), ".npz-controls": el({style: {display: "none"}})};
for (const b of ["first", "prev", "play", "next", "last"]) parts[".npz-" + b] = el();
const root = el({querySelector: (s) => parts[s]});
global.document = {getElementById: (id) => (id === data.id ? root : null)};
global.setInterval = () => 1; global.clearInterval = () => {};
eval(data.script);
const where = () => Object.fromEntries(tiles.map((g) => [g.attrs["data-tile"], g.attrs.transform]));
const out = {shown: parts[".npz-controls"].style.display, at0: where(), label0: parts[".npz-step"].textContent};
for (const press of data.presses) {
  if (press === "slider") { parts["input[type=range]"].value = "3"; parts["input[type=range]"].oninput(); }
  else parts[".npz-" + press].onclick();
}
out.end = where(); out.label = parts[".npz-step"].textContent;
console.log(JSON.stringify(out));
"""


def _playback(page, presses):
    import shutil
    import subprocess

    node = shutil.which("node")
    if node is None:
        pytest.fail("the playback test needs Node.js (scripts/test-all installs it for the browser tests)")
    root = re.search(r'<div id="(npuzzle-solution-[0-9a-f]+)"', page).group(1)
    script = re.search(r"<script>(.*)</script>", page, flags=re.S).group(1)
    start = svg_parts(page)[0]
    tiles = re.findall(r'<g data-tile="(\d+)" transform="([^"]+)"', start)
    data = {"id": root, "script": script, "tiles": tiles, "presses": presses}
    p = subprocess.run([node, "-e", _DOM], input=json.dumps(data), capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)


def _cells(transforms, width, cell):
    """Tile → cell index, from the tiles' `translate(x,y)`."""
    out = {}
    for t, tr in transforms.items():
        x, y = (float(v) for v in re.match(r"translate\(([-\d.]+),([-\d.]+)\)", tr).groups())
        out[int(t)] = round((y - 2) / cell) * width + round((x - 2) / cell)
    return out


def test_the_playback_slides_the_tiles_to_the_goal_and_back():
    s = npuzzle.solve("8 1 3 4 0 2 7 6 5")
    page = s._repr_html_()
    goal = {t: i for i, t in enumerate(v for row in s.goal for v in row) if t}
    start = {t: i for i, t in enumerate(v for row in s.start for v in row) if t}
    cell = 40  # a 3×3 board's squares

    out = _playback(page, ["last"])
    assert out["shown"] == "" and out["label0"] == "move 0 of 14"
    assert _cells(out["at0"], 3, cell) == start
    assert _cells(out["end"], 3, cell) == goal and out["label"] == "move 14 of 14 (D)"

    out = _playback(page, ["last", "first", "next", "next", "prev"])
    assert out["label"] == "move 1 of 14 (R)"
    after_r = {**start, 2: 4}  # R: the blank (centre) swaps with tile 2 on its right
    assert _cells(out["end"], 3, cell) == after_r

    out = _playback(page, ["slider", "prev"])
    assert out["label"] == "move 2 of 14 (D)"


def test_exercise_is_the_clis_sheet_and_key(cli, tmp_path):
    ex = npuzzle.exercise(NILSSON, **NILSSON_OPTS)
    key = tmp_path / "key.md"
    assert ex.sheet == cli("exercise", NILSSON, *NILSSON_ARGS, "--answers", str(key))
    assert ex.key == key.read_text()
    assert ex._repr_markdown_() == ex.sheet and "Answer" not in ex.sheet and "**Answer:** S0, S2," in ex.key
    assert ex.data == json.loads(cli("exercise", NILSSON, *NILSSON_ARGS, "--format", "json"))
    assert ex.data["expansions"][:2] == ["S0", "S2"] and ex.data["moves"] == "UULDR"
    assert ex.sheet_html.startswith("<!DOCTYPE html>") and 'class="answer"' in ex.key_html
    # Without algorithm and heuristic: A* with misplaced tiles, as the CLI.
    assert npuzzle.exercise(NILSSON, goal=NILSSON_GOAL, order="LURD").data["heuristic"] == "misplaced"
    short = npuzzle.exercise(NILSSON, **NILSSON_OPTS, max_steps=2)
    assert short.data["cut"] and len(short.data["expansions"]) == 2
    with pytest.raises(ValueError, match="grows no search tree"):
        npuzzle.exercise(NILSSON, algorithm="reduce")
    with pytest.raises(ValueError, match="is a local search"):
        npuzzle.exercise(NILSSON, algorithm="hill-climbing")
    with pytest.raises(ValueError, match="max_steps"):
        npuzzle.exercise(NILSSON, max_steps=0)
    with pytest.raises(npuzzle.UnsolvableError):
        npuzzle.exercise("1 2 3 4 5 6 8 7 0")
