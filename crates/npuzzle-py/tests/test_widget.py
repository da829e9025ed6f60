"""The notebook widget (npuzzle.widget): the recording it hands the page's tree player, its
step synced with Python, and the searches it refuses. A browser test (e2e/widget.test.mjs)
opens it in JupyterLab and steps the player."""

import json
from pathlib import Path

import pytest
import traitlets

import npuzzle
from npuzzle._player import Player

NILSSON = "2 8 3/1 6 4/7 0 5"
NILSSON_GOAL = "1 2 3/8 0 4/7 6 5"
NILSSON_OPTS = dict(goal=NILSSON_GOAL, algorithm="astar", heuristic="misplaced", order="LURD")
NILSSON_ARGS = ["--goal", NILSSON_GOAL, "-a", "astar", "-H", "misplaced", "--order", "LURD"]


def test_the_recording_is_the_clis_tree_and_trace_with_the_players_annotations(cli):
    w = npuzzle.widget(NILSSON, **NILSSON_OPTS)
    rec = w.to_dict()
    assert set(rec) == {"tree", "trace", "report", "info", "legend", "pseudocode"}
    assert rec["pseudocode"] is None  # the algorithm's own rules: its own pseudocode
    tree = json.loads(cli("solve", NILSSON, *NILSSON_ARGS, "--tree", "json"))
    fields = ("id", "parent", "label", "move", "g", "h", "f", "board", "state")
    assert [{k: n[k] for k in fields} for n in rec["tree"]["nodes"]] == [{k: n[k] for k in fields} for n in tree["nodes"]]
    events = [json.loads(line) for line in cli("solve", NILSSON, *NILSSON_ARGS, "--trace", "--format", "json").splitlines()
              if line.startswith("{") and '"event"' in line]
    kinds = [e["event"] for e in rec["trace"]["events"]]
    assert [e["event"] for e in events if e["event"] in set(kinds)] == kinds
    assert w.events == len(kinds) == 29
    # Six expansions, then the goal selected and recognised (A* tests the goal on selection).
    assert kinds.count("selected") == rec["report"]["stats"]["expanded"] + 1 == 7 and kinds[-1] == "goal"
    assert w.solution.moves == "UULDR" and w.solution.cost == 5
    assert rec["info"]["name"] == "astar" and rec["info"]["pseudocode"]
    assert {e["state"] for e in rec["legend"]} == {"current", "explored", "frontier", "goal", "unexplored"}
    # Every event carries the words the player says and the node states it changes.
    assert all(e["said"] for e in rec["trace"]["events"])
    assert rec["trace"]["events"][0]["states"] == [[0, "frontier"]]


def test_true_distances_come_from_the_exact_table_and_bound_the_admissible_h():
    rec = npuzzle.widget(NILSSON, **NILSSON_OPTS).to_dict()
    for node in rec["tree"]["nodes"]:
        board = "/".join(" ".join(str(t) for t in node["board"][r * 3:r * 3 + 3]) for r in range(3))
        truth = npuzzle.solve(board, goal=NILSSON_GOAL, algorithm="bfs").cost
        assert node["h_star"] == truth, node["label"]
        assert node["h"] <= truth


def test_step_is_synced_checked_and_said_in_the_players_words():
    w = npuzzle.widget(NILSSON, **NILSSON_OPTS)
    assert w.step == 0 and w.said() == "before the search starts"
    w.step = 5
    assert w.said() == "generated S2 by U: g 1 + h 3 = f 4, added to the frontier"
    w.step = w.events
    assert w.said() == "goal reached at S22111"
    for bad in (-1, w.events + 1):
        with pytest.raises(traitlets.TraitError, match="must be an event from 0 to 29"):
            w.step = bad
    assert w.step == w.events
    assert npuzzle.widget(NILSSON, step=3, **NILSSON_OPTS).step == 3
    assert npuzzle.widget(NILSSON, step=10_000, **NILSSON_OPTS).step == 29  # past the end: the end
    # Both synced with the front end; the front end is the bundled page module beside the package.
    assert {"doc", "step"} <= set(w.keys)
    text = Path(npuzzle.__file__).with_name("widget.js").read_text(encoding="utf-8")
    assert str(Player._esm) == text
    assert "<!--RECORDING-->" in text and "npuzzle:goto" in text and "tree-svg" in text


def test_iterative_searches_and_capped_trees_replay_too():
    w = npuzzle.widget(NILSSON, **dict(NILSSON_OPTS, algorithm="idastar"))
    kinds = [e["event"] for e in w.to_dict()["trace"]["events"]]
    assert kinds.count("iteration") == 2 and w.solution.cost == 5
    capped = npuzzle.widget("8 1 3 4 0 2 7 6 5", algorithm="bfs", limit=50)
    rec = capped.to_dict()
    assert rec["tree"]["capped"] and len(rec["tree"]["nodes"]) == 50 and rec["trace"]["truncated"]


@pytest.mark.parametrize("algorithm", ["hill", "reduce"])
def test_searches_that_grow_no_tree_are_refused(algorithm):
    with pytest.raises(ValueError, match="grows no search tree"):
        npuzzle.widget(NILSSON, goal=NILSSON_GOAL, algorithm=algorithm)


def test_bad_arguments_get_clear_errors():
    with pytest.raises(ValueError, match="step -1 must be an event number"):
        npuzzle.widget(NILSSON, step=-1, **NILSSON_OPTS)
    with pytest.raises(ValueError, match="limit 0 must be a number of nodes"):
        npuzzle.widget(NILSSON, limit=0, **NILSSON_OPTS)
    with pytest.raises(npuzzle.UnsolvableError):
        npuzzle.widget("1 2 3/4 5 6/8 7 0", algorithm="astar")


def test_the_docstrings_example_holds():
    import doctest

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    for t in finder.find(npuzzle.widget, "npuzzle.widget", globs={"npuzzle": npuzzle}):
        runner.run(t)
    assert runner.tries >= 4 and runner.failures == 0


def test_a_courses_rules_travel_to_the_player_with_their_pseudocode():
    w = npuzzle.widget(NILSSON, rules="princeton", goal_test="generation", **NILSSON_OPTS)
    rec = w.to_dict()
    texts = rec["pseudocode"]
    assert len(texts) == len(rec["info"]["pseudocode"])
    assert any(t.startswith("if s = node.PARENT.STATE then skip child") for t in texts)
    assert any(t.startswith("if problem.IS-GOAL(s) then return child; add child to frontier") for t in texts)
    assert w.solution.moves == "UULDR"
