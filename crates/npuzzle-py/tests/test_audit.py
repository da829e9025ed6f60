"""npuzzle.audit: a heuristic proved admissible and consistent over every board of a small size
(or the counterexample, the inconsistent move, and a board where A* with it returns a costlier
answer), sampled beyond; names, formulas and Python callables alike. The library's answers are
checked here against a brute force written in the test: breadth-first search from the goal
for h* of every 3×2 board, and an applier of moves of its own."""

import itertools
import json
import os
import signal
import threading
from collections import deque

import pytest

import npuzzle
from npuzzle import _audit

STEP = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def flat(rows):
    return [t for row in rows for t in row]


def apply_moves(rows, moves):
    """The tiles after the blank makes ``moves`` (letters U, D, L, R) on ``rows``; a move off the
    board fails the test."""
    h, w = len(rows), len(rows[0])
    tiles = flat(rows)
    b = tiles.index(0)
    for m in moves:
        dr, dc = STEP[m]
        r, c = divmod(b, w)
        assert 0 <= r + dr < h and 0 <= c + dc < w, f"{m} leaves the board at cell {b}"
        q = (r + dr) * w + c + dc
        tiles[b], tiles[q] = tiles[q], tiles[b]
        b = q
    return tiles


def neighbours(tiles, w, h):
    b = tiles.index(0)
    r, c = divmod(b, w)
    for dr, dc in STEP.values():
        if 0 <= r + dr < h and 0 <= c + dc < w:
            q = (r + dr) * w + c + dc
            t = list(tiles)
            t[b], t[q] = t[q], t[b]
            yield tuple(t)


def distances(goal, w, h):
    """h* of every board that reaches ``goal``: breadth-first search from it."""
    dist = {goal: 0}
    todo = deque([goal])
    while todo:
        s = todo.popleft()
        for n in neighbours(s, w, h):
            if n not in dist:
                dist[n] = dist[s] + 1
                todo.append(n)
    return dist


def home(board):
    return {t: c for c, t in enumerate(board.goal)}


def out_of_row(board):
    """Tiles out of their goal row."""
    w, at = board.width, home(board)
    return sum(1 for c, t in enumerate(board) if t and c // w != at[t] // w)


def manhattan(board):
    w, at = board.width, home(board)
    return sum(abs(c // w - at[t] // w) + abs(c % w - at[t] % w) for c, t in enumerate(board) if t)


def thrice_manhattan(board):
    return 3 * manhattan(board)


def patchy(board):
    """Manhattan distance with the blank in the top-left corner, else 0: admissible, not consistent."""
    return manhattan(board) if board[0] == 0 else 0


def misplaced(tiles, goal):
    return sum(1 for t, g in zip(tiles, goal) if t and t != g)


# --- 3×3: every board -------------------------------------------------------------------------


def test_manhattan_is_proved_admissible_and_consistent_on_every_3x3_board():
    a = npuzzle.audit("manhattan", progress=False)
    assert isinstance(a, npuzzle.Audit)
    assert a.admissible is True and a.consistent is True and a.exhaustive is True
    assert a.boards == 181440 == 9 * 8 * 7 * 6 * 5 * 4 * 3 * 2 // 2
    assert a.counterexample is None and a.inconsistent_move is None and a.consequence is None
    assert a.holds() and a.holds("admissible") and a.holds("consistent") and a.holds("both")
    # Manhattan distance is at least the misplaced tiles on every board, and at most h*.
    assert "misplaced" in a.dominates
    assert 0 < a.mean_ratio <= 1
    # The table counts every board once, by h* and ⌊h⌋, and h ≤ h* on each.
    assert sum(map(sum, a.table)) == a.boards
    assert all(n == 0 for s, row in enumerate(a.table) for v, n in enumerate(row) if v > s)
    # The library's text, as `npuzzle audit` prints it.
    assert str(a) == repr(a) + "\n"
    assert str(a).startswith("audit of manhattan on 3x3")
    assert "admissible: yes (proved on every board)" in str(a)
    assert a.report["coverage"] == "exhaustive" and a.report["heuristic"] == "manhattan"


def test_twice_misplaced_overestimates_and_costs_astar_moves():
    a = npuzzle.audit("2*misplaced", progress=False)
    assert a.admissible is False and a.exhaustive
    assert not a.holds() and not a.holds("admissible")
    c = a.counterexample
    assert c is not None and c["h"] > c["h_star"] and not c["h_star_bound"]
    goal = list(range(1, 9)) + [0]
    # h is what the formula says of the board, and h* what an optimal search finds.
    assert c["h"] == 2 * misplaced(flat(c["board"]), goal)
    assert npuzzle.solve(c["board"], progress=False).cost == c["h_star"]
    # The consequence: both answers, replayed here, reach the goal from its board, and A*'s is
    # the longer.
    q = a.consequence
    assert q is not None and not q["optimal_bound"]
    assert apply_moves(q["board"], q["found_moves"]) == goal
    assert apply_moves(q["board"], q["optimal_moves"]) == goal
    assert len(q["found_moves"]) == q["found"] > q["optimal"] == len(q["optimal_moves"])
    assert npuzzle.solve(q["board"], progress=False).cost == q["optimal"]
    assert f"h = {c['h']:g} > h* = {c['h_star']}" in str(a)
    assert "consequence: on" in str(a)


def test_a_manhattan_callable_is_audited_as_the_built_in():
    built_in = npuzzle.audit("manhattan", progress=False).report
    own = npuzzle.audit(manhattan, progress=False).report
    assert own["heuristic"] == "manhattan"  # the callable's __name__
    for key in ("admissible", "consistent", "exhaustive", "boards", "moves", "goal_h", "mean_h", "mean_ratio", "table"):
        assert own[key] == built_in[key], key
    # A callable claims nothing; the built-in is proved.
    assert own["claims"] == {"admissible": "unknown", "consistent": "unknown"}
    assert built_in["claims"] == {"admissible": "yes", "consistent": "yes"}


# --- 3×2 (3 wide, 2 high): a callable against a brute force ----------------------------------------------------

W, H = 3, 2
GOAL_3x2 = (1, 2, 3, 4, 5, 0)


class _Board(tuple):
    """A board as the callables receive it, for the brute force."""

    def __new__(cls, tiles):
        t = super().__new__(cls, tiles)
        t.width, t.height, t.goal = W, H, GOAL_3x2
        return t


def brute_force(h):
    """What an audit of ``h`` on 3×2 toward blank-last must find, computed here."""
    dist = distances(GOAL_3x2, W, H)
    est = {s: h(_Board(s)) for s in dist}
    moves = [(s, n) for s in dist for n in neighbours(s, W, H)]
    table = {}
    for s, d in dist.items():
        table[(d, int(est[s]))] = table.get((d, int(est[s])), 0) + 1
    return {
        "boards": len(dist),
        "moves": len(moves),
        "overestimated": sum(1 for s in dist if est[s] > dist[s]),
        "inconsistent_moves": sum(1 for s, n in moves if est[s] > 1 + est[n]),
        "admissible": all(est[s] <= dist[s] for s in dist),
        "consistent": all(est[s] <= 1 + est[n] for s, n in moves),
        "excess": max(est[s] - dist[s] for s in dist),
        "table": table,
    }


@pytest.mark.parametrize("h", [out_of_row, manhattan, thrice_manhattan, patchy])
def test_a_callable_on_3x2_agrees_with_a_brute_force(h):
    want = brute_force(h)
    assert want["boards"] == 360
    a = npuzzle.audit(h, size="3x2", progress=False)
    r = a.report
    assert r["size"] == "3x2" and r["goal"] == [[1, 2, 3], [4, 5, 0]]
    assert a.exhaustive and a.boards == want["boards"] and r["moves"] == want["moves"]
    assert a.admissible is want["admissible"] and a.consistent is want["consistent"]
    assert r["overestimated"] == want["overestimated"] and r["inconsistent_moves"] == want["inconsistent_moves"]
    got = {(s, v): n for s, row in enumerate(a.table) for v, n in enumerate(row) if n}
    assert got == want["table"]
    if want["admissible"]:
        assert a.counterexample is None and a.holds("admissible")
    else:
        c = a.counterexample
        assert c["h"] - c["h_star"] == want["excess"]
        assert c["h"] == h(_Board(tuple(flat(c["board"]))))
    if not want["consistent"]:
        m = a.inconsistent_move
        assert m["h_from"] > m["cost"] + m["h_to"]
        assert m["h_from"] == h(_Board(tuple(flat(m["from"])))) and m["h_to"] == h(_Board(tuple(flat(m["to"]))))
        assert tuple(flat(m["to"])) in set(neighbours(tuple(flat(m["from"])), W, H))


def test_what_holds_is_the_librarys_answer_to_each_requirement():
    # What the brute force above establishes, said plainly.
    assert brute_force(out_of_row)["admissible"] and brute_force(out_of_row)["consistent"]
    a = npuzzle.audit(out_of_row, size="3x2", progress=False)
    assert a.admissible is True and a.consistent is True and a.holds()
    b = npuzzle.audit(thrice_manhattan, size="3x2", progress=False)
    assert b.admissible is False and b.consistent is False and not b.holds()
    assert not b.holds("admissible") and not b.holds("consistent")
    assert not brute_force(patchy)["consistent"] and brute_force(patchy)["admissible"]
    c = npuzzle.audit(patchy, size="3x2", progress=False)
    assert c.admissible is True and c.consistent is False
    assert c.holds("admissible") and not c.holds("consistent") and not c.holds() and not c.holds("both")
    assert c.holds("consistent,admissible") is False  # the library's reader takes the CLI's spellings


def test_an_inadmissible_callable_on_3x3_is_caught():
    a = npuzzle.audit(thrice_manhattan, progress=False, consequence_boards=50)
    assert a.admissible is False and a.exhaustive and a.boards == 181440
    assert a.counterexample["h"] > a.counterexample["h_star"]


# --- faults and bad input ---------------------------------------------------------------------


class Broken(Exception):
    pass


def test_an_exception_the_callable_raises_comes_back():
    def raising(board):
        raise Broken("no estimate here")

    with pytest.raises(Broken, match="no estimate here") as e:
        npuzzle.audit(raising, progress=False)
    notes = getattr(e.value, "__notes__", None)
    if notes is not None:  # Python 3.11 and later
        assert any("raised by the heuristic raising at the board" in n for n in notes)

    calls = itertools.count()

    def later(board):
        if next(calls) == 5000:
            raise Broken("the 5001st board")
        return 0

    with pytest.raises(Broken, match="5001st"):
        npuzzle.audit(later, progress=False)
    with pytest.raises(TypeError, match="not a number"):
        npuzzle.audit(lambda b: "four", size="3x2", progress=False)
    # The package still works afterwards.
    assert npuzzle.audit("misplaced", size="3x2", progress=False).admissible is True


def test_bad_input_is_a_value_error_with_the_librarys_message():
    with pytest.raises(ValueError, match="1×1 board is not supported"):
        npuzzle.audit("manhattan", size="1x1", progress=False)
    with pytest.raises(ValueError, match="nosuch"):
        npuzzle.audit("nosuch", progress=False)
    with pytest.raises(ValueError):
        npuzzle.audit("2*", progress=False)
    with pytest.raises(ValueError):
        npuzzle.audit("manhattan", goal="sideways", progress=False)
    with pytest.raises(npuzzle.BoardError):
        npuzzle.audit("manhattan", goal="1 2 3/4 5 6/7 8 8", progress=False)
    with pytest.raises(ValueError):
        npuzzle.audit("manhattan", cost="gold", progress=False)
    with pytest.raises(TypeError, match="a name, a formula or a callable"):
        npuzzle.audit(5, progress=False)
    a = npuzzle.audit("manhattan", size="3x2", progress=False)
    with pytest.raises(ValueError, match="admissible, consistent or both"):
        a.holds("sometimes")


# --- larger boards: a sample ------------------------------------------------------------------


def test_a_sample_proves_nothing_but_finds_an_overestimate():
    a = npuzzle.audit("manhattan", size="3x4", uniform=4, walks=30, progress=False)
    assert a.admissible is None and a.consistent is None and not a.exhaustive
    assert a.holds()  # no counterexample in the sample
    r = a.report
    assert r["coverage"] == "solved" and r["sample"]["uniform"] == 4 and r["sample"]["walks"] == 30
    assert a.boards == 34
    assert "a sample proves no admissibility" in str(a)
    b = npuzzle.audit("2*manhattan", size="3x4", uniform=4, walks=30, progress=False)
    assert b.admissible is False and not b.holds("admissible")
    assert b.counterexample["h"] > b.counterexample["h_star"]
    # Beyond 16 cells, the walks' costs bound h*.
    c = npuzzle.audit("2*manhattan", size="5x4", walks=30, progress=False, consequence_boards=3)
    assert c.admissible is False and c.report["coverage"] == "walks" and c.counterexample["h_star_bound"]


# --- the report, its types, the CLI -----------------------------------------------------------


def test_the_report_keys_are_the_typed_dicts():
    a = npuzzle.audit("2*misplaced", progress=False).report
    assert set(a) == set(_audit.AuditReport.__annotations__)
    assert set(a["counterexample"]) == set(_audit.Counterexample.__annotations__)
    assert set(a["inconsistent_move"]) == set(_audit.InconsistentMove.__annotations__)
    assert set(a["consequence"]) == set(_audit.Consequence.__annotations__)
    assert set(a["consequence_search"]) == set(_audit.ConsequenceSearch.__annotations__)
    assert set(a["claims"]) == set(_audit.Claims.__annotations__)
    assert set(a["against"][0]) == set(_audit.Dominance.__annotations__)
    s = npuzzle.audit("manhattan", size="3x4", uniform=0, walks=5, progress=False).report
    assert set(s["sample"]) == set(_audit.Sample.__annotations__)
    # The report is a copy: changing it leaves the audit alone.
    b = npuzzle.audit("manhattan", size="3x2", progress=False)
    b.report["admissible"] = False
    assert b.admissible is True and b == npuzzle.audit("manhattan", size="3x2", progress=False)


def test_the_signature_shows_the_librarys_defaults():
    import inspect

    p = inspect.signature(npuzzle.audit).parameters
    assert p["uniform"].default == p["walks"].default == 1000 and p["seed"].default == 1
    assert p["consequence_boards"].default == 1000 and p["consequence_nodes"].default == 1_000_000


@pytest.mark.parametrize("heuristic,keywords,flags", [
    ("manhattan", {}, []),
    ("2*misplaced", {}, []),
    ("max(h1, h2)", {"size": "2x4", "goal": "snail"}, ["--size", "2x4", "--goal", "snail"]),
    ("2*manhattan", {"size": "3x4", "uniform": 3, "walks": 10, "seed": 7},
     ["--size", "3x4", "--uniform", "3", "--walks", "10", "--seed", "7"]),
])
def test_the_report_and_text_are_the_clis(cli, heuristic, keywords, flags):
    a = npuzzle.audit(heuristic, progress=False, **keywords)
    args = ["audit", "-H", heuristic, *flags]
    # Exit 6: a counterexample to what --require asks.
    assert a.report == json.loads(cli(*args, "--format", "json", ok=(0, 6)))
    assert str(a) == cli(*args, ok=(0, 6))


def test_the_docstrings_example_holds():
    import doctest

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for t in finder.find(npuzzle.audit, "npuzzle.audit", globs={"npuzzle": npuzzle}):
        runner.run(t)
    assert runner.tries >= 2 and runner.failures == 0


def test_ctrl_c_stops_an_audit():
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        for h in ("manhattan", manhattan):
            # 4×4 walks solved optimally one after another: far longer than the half second.
            t = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
            t.start()
            with pytest.raises(KeyboardInterrupt):
                npuzzle.audit(h, size="4x4", uniform=200, walks=200, progress=False)
            t.join()
    finally:
        signal.signal(signal.SIGINT, before)
    assert npuzzle.audit("manhattan", size="3x2", progress=False).admissible is True


# --- the picture and the prediction -------------------------------------------------------------


def _cells(svg, heuristic):
    """The (h*, h, count) of each cell of a panel of the heat map, read back from its SVG."""
    import re

    start = svg.index(f'<g class="cells" data-heuristic="{heuristic}">')
    group = svg[start:svg.index("</g>", start)]
    return [tuple(int(x) for x in m) for m in re.findall(r'data-h-star="(\d+)" data-h="(\d+)" data-count="(\d+)"', group)]


def test_the_picture_draws_the_audits_table_and_a_second_heuristic_beside():
    a = npuzzle.audit("h1 + h2", progress=False)
    b = npuzzle.audit("manhattan", progress=False)
    svg = a.picture(beside=b)
    assert svg is not None and svg.startswith("<svg")
    for audit in (a, b):
        table = audit.table
        cells = _cells(svg, audit.heuristic)
        assert sorted(cells) == sorted((s, v, c) for s, row in enumerate(table) for v, c in enumerate(row) if c > 0)
        assert sum(c for _, _, c in cells) == 181_440
    assert a._repr_svg_() == a.picture()
    walks = npuzzle.audit("manhattan", size="5x5", walks=5, consequence_boards=0, progress=False)
    assert walks.picture() is None


def test_kre_prediction_over_every_3x3_start():
    a = npuzzle.audit("manhattan", predict=[10, 14], progress=False)
    rows = a.prediction
    assert rows is not None and [r["threshold"] for r in rows] == [10, 14]
    for r in rows:
        assert r["starts"] == 181_440
        assert abs(r["predicted"] - r["measured"]) <= 0.01 * r["measured"]
    refused = npuzzle.audit("lc-corner", predict=[10], progress=False)
    assert refused.prediction is None and "not consistent" in (refused.prediction_refused or "")
    assert npuzzle.audit("manhattan", progress=False).prediction is None
