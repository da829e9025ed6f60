"""A heuristic of your own as a Python callable: it runs in the library's searches like a
built-in (same cost, expansions and generations for a callable that computes Manhattan
distance), sees the board as a tuple with its size and goal, and its faults come back as
exceptions naming the board. Optimality is never assumed for a callable."""

import math

import pytest

import npuzzle

TIES = ["fifo", "lifo", "low-h", "high-g"]


def manhattan(board):
    w = board.width
    goal_cell = {t: c for c, t in enumerate(board.goal)}
    total = 0
    for cell, tile in enumerate(board):
        if tile:
            g = goal_cell[tile]
            total += abs(cell // w - g // w) + abs(cell % w - g % w)
    return total


def counts(sol):
    return (sol.cost, sol.stats["expanded"], sol.stats["generated"])


@pytest.mark.parametrize("size,goal,walk", [("3x3", "blank-last", 18), ("3x3", "snail", 18), ("4x4", "blank-first", 22),
                                            ("4x3", "blank-last", 20)])
def test_a_manhattan_callable_searches_as_the_built_in(size, goal, walk):
    for seed in (1, 2):
        (start,) = npuzzle.generate(size, 1, seed=seed, walk=walk, goal=goal)
        for ties in TIES:
            opts = npuzzle.Options(goal=goal, algorithm="astar", ties=ties)
            built_in = npuzzle.solve(start, opts, heuristic="manhattan")
            own = npuzzle.solve(start, opts, heuristic=manhattan)
            assert counts(own) == counts(built_in), (size, goal, start, ties)
            assert own.heuristic == "manhattan"
            assert built_in.optimal
            # A callable is never assumed admissible: its answer is optimal only where a bound
            # the library proves meets its cost.
            bound = npuzzle.heuristics(start, goal)["linear-conflict"]
            assert own.optimal == (bound == own.cost), (start, goal, bound)
            claimed = npuzzle.solve(start, opts, heuristic=manhattan, admissible=True)
            assert claimed.optimal and counts(claimed) == counts(built_in)


def test_the_board_has_its_size_and_goal():
    seen = []

    def look(board):
        seen.append((tuple(board), board.width, board.height, tuple(board.goal), isinstance(board, tuple)))
        return 0

    goal = "1 2 3 4/5 6 7 8/9 10 11 0"
    goal_tiles = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0)
    npuzzle.solve("1 2 3 4/5 6 7 8/9 10 0 11", goal=goal, algorithm="astar", heuristic=look)
    assert seen
    board, w, h, g, is_tuple = seen[0]
    assert (board, w, h, g, is_tuple) == ((1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11), 4, 3, goal_tiles, True)


class Broken(Exception):
    pass


def raising(board):
    raise Broken("no estimate here")


@pytest.mark.parametrize("h,error,words", [
    (raising, Broken, "no estimate here"),
    (lambda b: -1, ValueError, "-1"),
    (lambda b: math.nan, ValueError, "NaN"),
    (lambda b: "four", TypeError, "str"),
    (lambda b: None, TypeError, "NoneType"),
])
def test_a_faulty_callable_raises_naming_the_board(h, error, words):
    with pytest.raises(error) as caught:
        npuzzle.solve("8 1 3/4 0 2/7 6 5", algorithm="astar", heuristic=h)
    text = str(caught.value) + " ".join(getattr(caught.value, "__notes__", []))
    assert words in text
    if error is not Broken:
        assert "8 1 3/4 0 2/7 6 5" in text
    else:
        assert "8 1 3/4 0 2/7 6 5" in " ".join(getattr(caught.value, "__notes__", ["8 1 3/4 0 2/7 6 5"]))


def test_a_callable_runs_in_the_trace_and_the_tree():
    text = npuzzle.trace_text("1 2 3/4 0 6/7 5 8", algorithm="astar", heuristic=manhattan)
    assert "h" in text
    tree = npuzzle.tree("1 2 3/4 0 6/7 5 8", algorithm="astar", heuristic=manhattan)
    assert tree is not None


def test_ctrl_c_stops_a_callable_search():
    # Korf's first board with a Manhattan callable would run for hours.
    import os
    import signal
    import threading

    hard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        t = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
        t.start()
        with pytest.raises(KeyboardInterrupt):
            npuzzle.solve(hard, goal="blank-first", algorithm="idastar", heuristic=manhattan)
        t.join()
    finally:
        signal.signal(signal.SIGINT, before)
    assert npuzzle.solve("1 2 3 4 5 6 0 7 8", algorithm="astar", heuristic=manhattan).cost == 2


def test_limits_end_a_callable_search_with_its_statistics():
    s = npuzzle.solve("8 6 7 2 5 4 3 0 1", algorithm="astar", heuristic=manhattan, max_nodes=500)
    assert s.status == "limit" and s.limit == "nodes" and s.stats["generated"] >= 500


def test_compare_runs_a_callable_as_a_pair_named_by_its_name():
    rows = npuzzle.compare(["8 1 3 4 0 2 7 6 5", "4 1 3 7 2 6 0 5 8"], "astar", ["h2", manhattan], frame=False)
    assert len(rows) == 4
    for i in (1, 2):
        built_in, own = [r for r in rows if r["instance"] == i]
        assert own["pair"] == "astar/manhattan"
        assert (own["cost"], own["expanded"], own["generated"]) == (built_in["cost"], built_in["expanded"],
                                                                   built_in["generated"])
        assert built_in["optimal"]


def test_bench_depth_takes_a_callable_pair():
    rows = npuzzle.bench_depth([4, 8], count=5, pairs=["astar/h2", ("astar", manhattan)], frame=False)
    assert len(rows) == 4
    for d in (4, 8):
        built_in, own = [r for r in rows if r["depth"] == d]
        assert own["label"] == "astar/manhattan" or own["heuristic"] == "manhattan"
        for key in ("generated", "expanded", "cost"):
            assert own[key] == built_in[key], (d, key)


def test_solve_many_runs_a_callable_one_board_at_a_time():
    boards = ["8 1 3 4 0 2 7 6 5", "1 2 3 4 5 6 8 7 0", "not a board"]
    sols = npuzzle.solve_many(boards, algorithm="astar", heuristic=manhattan, progress=False)
    assert [s.status for s in sols] == ["solved", "unsolvable", "invalid"]
    assert sols[0].cost == npuzzle.solve(boards[0], algorithm="astar", heuristic="manhattan").cost
    with pytest.raises(Broken):
        npuzzle.solve_many(boards[:1], algorithm="astar", heuristic=raising, progress=False)


def test_admissible_is_a_claim_about_a_callable_only():
    with pytest.raises(ValueError, match="your own"):
        npuzzle.solve("8 1 3 4 0 2 7 6 5", algorithm="astar", heuristic="manhattan", admissible=True)
    claimed = npuzzle.solve("8 1 3 4 0 2 7 6 5", algorithm="astar", heuristic=manhattan, admissible=True)
    assert claimed.optimal
    assert "claimed admissible" in claimed.to_dict()["claim_note"]
    assert "claim_note" not in npuzzle.solve("8 1 3 4 0 2 7 6 5", algorithm="astar", heuristic="h2").to_dict()


def misplaced(board):
    return sum(1 for t, g in zip(board, board.goal) if t and t != g)


def test_check_and_exercise_take_a_callable_as_the_named_heuristic():
    nilsson, goal = "2 8 3/1 6 4/7 0 5", "1 2 3/8 0 4/7 6 5"
    ex = npuzzle.exercise(nilsson, goal=goal, algorithm="astar", heuristic=misplaced, order="LURD", progress=False)
    named = npuzzle.exercise(nilsson, goal=goal, algorithm="astar", heuristic="misplaced", order="LURD", progress=False)
    assert [a["text"] for a in ex.data["answers"]] == [a["text"] for a in named.data["answers"]]
    work = "S0, S2, S21, S22, S221, S2211, S22111"
    for h in (misplaced, "misplaced"):
        r = npuzzle.check(nilsson, goal=goal, expansions=work, algorithm="astar", heuristic=h, order="LURD",
                          progress=False)
        assert r["right"] is True, h
    wrong = npuzzle.check(nilsson, goal=goal, expansions="S0 S1 S11", algorithm="astar", heuristic=misplaced,
                          order="LURD", progress=False)
    assert wrong["right"] is False
