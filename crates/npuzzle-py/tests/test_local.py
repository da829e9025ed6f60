"""The local searches from Python: options passed through the library's request specification,
seeds that repeat a run, solutions that replay to the goal, stuck runs, and trace events."""

import pytest

import npuzzle

DELTA = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
GOAL3 = [[1, 2, 3], [4, 5, 6], [7, 8, 0]]
STUCK = "8 1 3 4 0 2 7 6 5"
HARD = "8 6 7 2 5 4 3 0 1"
LOCAL = ["hill-climbing", "first-choice", "random-restart", "annealing", "local-beam"]


def replay(text, moves):
    tiles = [int(t) for t in text.split()]
    b = [tiles[i:i + 3] for i in range(0, 9, 3)]
    (r, c), = [(i, j) for i in range(3) for j in range(3) if b[i][j] == 0]
    for m in moves:
        dr, dc = DELTA[m]
        nr, nc = r + dr, c + dc
        assert 0 <= nr < 3 and 0 <= nc < 3, f"move {m} leaves the board"
        b[r][c], b[nr][nc] = b[nr][nc], 0
        r, c = nr, nc
    return b


def test_annealing_solves_and_its_seed_repeats_the_run():
    a = npuzzle.solve(HARD, algorithm="annealing", seed=7)
    b = npuzzle.solve(HARD, algorithm="annealing", seed=7)
    assert a.solved and a.seed == 7 and a.optimal is False
    same = ("expanded", "generated", "search_depth")
    assert a.moves == b.moves and [a.stats[k] for k in same] == [b.stats[k] for k in same]
    assert replay(HARD, a.moves) == GOAL3
    assert a.cost > 31  # the moves actually made, not an optimal path


def test_without_a_seed_one_is_drawn_and_reported():
    s = npuzzle.solve(HARD, algorithm="annealing")
    assert isinstance(s.seed, int)
    again = npuzzle.solve(HARD, algorithm="annealing", seed=s.seed)
    assert again.moves == s.moves


@pytest.mark.parametrize("algorithm", LOCAL)
def test_every_local_search_runs_and_replays(algorithm):
    s = npuzzle.solve("1 2 3 4 5 6 0 7 8", algorithm=algorithm, seed=1)
    assert s.status == "solved" and s.algorithm == algorithm
    # Not an optimal algorithm, but an answer as long as its lower bound is optimal.
    assert s.optimal == (s.to_dict()["length"] == s.to_dict()["lower_bound"])
    assert replay("1 2 3 4 5 6 0 7 8", s.moves) == GOAL3


def test_stuck_runs_say_why_and_options_pass_through():
    s = npuzzle.solve(STUCK, algorithm="hill-climbing", seed=1)
    assert s.status == "not_found" and s.stuck["kind"] == "local_minimum" and s.stuck["h"] == 7
    s = npuzzle.solve(STUCK, algorithm="random-restart", restarts=2, seed=1)
    assert s.stuck == {"kind": "restarts_exhausted", "restarts": 2, "best_h": s.stuck["best_h"]}
    s = npuzzle.solve(STUCK, algorithm="annealing", temperature=1, cooling=0.5, seed=1)
    assert s.stuck["kind"] == "temperature_floor" and s.stuck["steps"] == 7
    s = npuzzle.solve(HARD, algorithm="annealing", max_steps=10, seed=1)
    assert (s.status, s.limit, s.stats["expanded"]) == ("limit", "steps", 10)
    many = npuzzle.solve_many([STUCK, HARD], algorithm="local-beam", beam_width=50, stochastic=True, seed=3)
    assert [m.seed for m in many] == [3, 3]


def test_bad_options_raise_value_error():
    with pytest.raises(ValueError, match="beam width 0"):
        npuzzle.solve(STUCK, algorithm="local-beam", beam_width=0)
    with pytest.raises(ValueError, match="cooling 1.5"):
        npuzzle.solve(STUCK, algorithm="annealing", cooling=1.5)
    with pytest.raises(ValueError, match="temperature -1"):
        npuzzle.solve(STUCK, algorithm="annealing", temperature=-1)


def test_trace_events_of_a_local_search():
    events = list(npuzzle.trace(STUCK, algorithm="annealing", seed=3, limit=20))
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    current = [e for e in events if e["event"] == "local_current"]
    assert len(current) == 20
    assert len(current[0]["board"]) == 9 and current[0]["h"] == 10 and current[0]["temperature"] == 2.0
    kinds = {e["reason"]["kind"] for e in events if e["event"] == "local_choice"}
    assert kinds <= {"accepted", "rejected"} and "accepted" in kinds


def test_the_local_searches_are_listed():
    names = {a["name"] for a in npuzzle.algorithms()}
    assert set(LOCAL) <= names
