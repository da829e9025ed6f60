"""``npuzzle.check``: a student's work graded by the library's one implementation, the report
``npuzzle check --format json`` prints, on right work and on work with known mistakes."""

import json

import pytest

import npuzzle

NILSSON = "2 8 3/1 6 4/7 0 5"
GOAL = "1 2 3/8 0 4/7 6 5"


def test_right_work_passes_and_is_not_diagnosed() -> None:
    r = npuzzle.check(NILSSON, goal=GOAL, solution="U2LDR", optimal=True, progress=False)
    assert r["right"] is True
    assert [f["name"] for f in r["findings"]] == ["valid", "reaches the goal", "optimal"]
    r = npuzzle.check(NILSSON, goal=GOAL, expansions="S0, S2, S21, S22, S221, S2211, S22111",
                      order="LURD", progress=False)
    assert r["right"] is True
    assert "diagnoses" not in r


def test_mistakes_are_found_and_diagnosed() -> None:
    # Children generated U, D, L, R although the question says LURD.
    r = npuzzle.check(NILSSON, goal=GOAL, expansions="S0 S1 S11 S12 S111 S1111 S11112", order="LURD",
                      algorithm="astar", heuristic="misplaced", progress=False)
    assert r["right"] is False
    assert r["difference"] == {"at": 2, "expected": "S2", "got": "S1"}
    assert any("in the order UDLR, not LURD" in d for d in r["diagnoses"])
    # A detour: only the optimality fails, and Gradescope gets 2 of 3.
    g = npuzzle.check(NILSSON, goal=GOAL, solution="U U L R L D R", optimal=True, gradescope=True, progress=False)
    assert (g["score"], g["max_score"]) == (2.0, 3.0)
    assert [t["status"] for t in g["tests"]] == ["passed", "passed", "failed"]


def test_bad_work_raises() -> None:
    with pytest.raises(ValueError, match="not one slide"):
        npuzzle.check(NILSSON, goal=GOAL, solution="2 8 3/1 6 4/7 0 5\n1 2 3/8 0 4/7 6 5", progress=False)
    with pytest.raises(ValueError, match="one of a solution, an order of expansions or a trace"):
        npuzzle.check(NILSSON, goal=GOAL, solution="U", expansions="S0", progress=False)
    with pytest.raises(ValueError, match="does not guarantee"):
        npuzzle.check(NILSSON, goal=GOAL, solution="UULDR", optimal=True, algorithm="greedy", heuristic="manhattan",
                      progress=False)
    with pytest.raises(npuzzle.UnsolvableError):
        npuzzle.check("1 2 3/4 5 6/8 7 0", solution="U", progress=False)


def test_a_hand_trace_is_graded_and_diagnosed() -> None:
    trace = """Start: open S0 0+4=4
1. expand S0   open: S2 1+3=4, S1 1+5=6, S3 1+5=6
2. expand S2   open: S21 2+3=5, S22 2+3=5, S1 1+5=6, S3 1+5=6, S23 2+4=6
"""
    r = npuzzle.check(NILSSON, goal=GOAL, trace=trace, steps=2, order="LURD", progress=False)
    assert r["right"] is True, r
    assert r["work"] == "trace"
    # The same steps under CS188's rules are the same; with ties last in, first out they differ,
    # and the diagnosis names the rule that reproduces the work.
    assert npuzzle.check(NILSSON, goal=GOAL, trace=trace, steps=2, order="LURD", rules="cs188", progress=False)["right"]
    r = npuzzle.check(NILSSON, goal=GOAL, trace=trace, steps=2, order="LURD", ties="lifo", progress=False)
    assert r["right"] is False
    assert any("first in, first out" in d for d in r["diagnoses"]), r
    with pytest.raises(TypeError, match="unknown option 'colour'"):
        npuzzle.check(NILSSON, trace=trace, colour="red", progress=False)


def test_the_report_is_the_clis(cli, cache_dir) -> None:  # type: ignore[no-untyped-def]
    work = "S0 S1 S11 S12 S111 S1111 S11112"
    mine = npuzzle.check(NILSSON, goal=GOAL, expansions=work, order="LURD", cache_dir=cache_dir, progress=False)
    theirs = json.loads(cli("check", NILSSON, "--goal", GOAL, "--order", "LURD", "--expansions", "-", "--format", "json",
                            input=work, ok=(6,)))
    assert mine == theirs


def test_a_sheets_answers_are_graded_against_its_exercise() -> None:
    ex = npuzzle.exercise(NILSSON, goal=GOAL, algorithm="astar", heuristic="misplaced", order="LURD", progress=False)
    right = "".join(f"{a['number']}. {a['text']}\n" for a in ex.data["answers"])
    r = npuzzle.check_answers(right, ex)
    assert r["right"] is True and len(r["findings"]) == len(ex.data["questions"])
    r = npuzzle.check_answers("1. S0, S1, S11, S12, S111, S1111, S11112", ex.data)
    assert r["right"] is False
    assert any("in the order UDLR, not LURD" in d for d in r["diagnoses"])
    g = npuzzle.check_answers(right, ex, gradescope=True)
    assert g["score"] == g["max_score"]
    with pytest.raises(ValueError, match="no numbered answer"):
        npuzzle.check_answers("S0 S2", ex)


def test_a_solution_is_graded_in_slides_under_multi_tile_moves(cli) -> None:  # type: ignore[no-untyped-def]
    board = "2 6 4/1 3 8/7 5 0"
    best = npuzzle.solve(board, metric="mtm", progress=False)
    r = npuzzle.check(board, solution=best.moves, metric="mtm", optimal=True, progress=False)
    assert r["right"] is True, r
    assert r["findings"][2]["says"] == f"{best.cost} slides, the optimum"
    # The blank up and back down first: two slides more, not optimal.
    r = npuzzle.check(board, solution="U D " + best.moves, metric="mtm", optimal=True, progress=False)
    assert r["right"] is False
    assert [f["passed"] for f in r["findings"]] == [True, True, False]
    assert r["findings"][2]["says"].startswith(f"{best.cost + 2} slides; the optimum is {best.cost}")
    # The same report as the CLI's.
    theirs = json.loads(cli("check", board, "--metric", "mtm", "--solution", "-", "--optimal", "--format", "json",
                            input="U D " + best.moves, ok=(6,)))
    assert r == theirs


def test_a_complete_order_of_expansion_is_diagnosed() -> None:
    # Greedy best-first search's whole order (443 expansions), handed in for A*.
    board = "2 6 4/1 3 8/7 5 0"
    work = npuzzle.exercise(board, algorithm="greedy", heuristic="misplaced", order="LURD", max_steps=1000,
                            progress=False).data["expansions"]
    assert len(work) == 443
    r = npuzzle.check(board, expansions=", ".join(work), algorithm="astar", heuristic="misplaced", order="LURD",
                      progress=False)
    assert r["right"] is False and "diagnosis_limit" not in r
    assert r["diagnoses"][0] == "matches greedy best-first search (f = h) with h = misplaced, not A* (f = g + h)"
