"""The fans' side in Python: the counted notation in both readings and a solve analysed, the same
as the command line's (``npuzzle analyse --format json``)."""

import json

import pytest

import npuzzle

BOARD = "8 1 3/4 0 2/7 6 5"
WITH_DETOURS = "R D L U D L U2 R L R D L D R U R D"


def test_the_analysis_is_the_clis(cli, cache_dir):
    mine = npuzzle.analyse(BOARD, WITH_DETOURS, cache_dir=cache_dir, progress=False)
    theirs = json.loads(cli("analyse", BOARD, WITH_DETOURS, "--format", "json"))
    assert mine == theirs
    assert (mine["stm"], mine["mtm"], mine["wasted_stm"]) == (18, 17, 4)
    assert [(d["from"], d["to"]) for d in mine["detours"]] == [(4, 5), (10, 11)]
    assert mine["optimum"]["mtm"] == 12


def test_the_tiles_reading_and_a_goal():
    blank = npuzzle.analyse(BOARD, "RDLLUURDLDRURD", progress=False)
    tiles = npuzzle.analyse(BOARD, "LUR2D2LURULDLU", reading="tiles", progress=False)
    assert blank["distances"] == tiles["distances"] and blank["wasted_stm"] == 0
    # Nilsson's goal: the five-move answer.
    a = npuzzle.analyse("2 8 3/1 6 4/7 0 5", "U2LDR", goal="1 2 3/8 0 4/7 6 5", progress=False)
    assert a["reaches_goal"] and a["optimum"]["stm"] == 5


def test_the_notation_round_trips_and_bad_notation_is_a_value_error():
    assert npuzzle.read_moves("R2U2LDLD") == "RRUULDLD"
    assert npuzzle.write_moves("RRUULDLD") == "R2U2LDLD"
    assert npuzzle.write_moves("RRUULDLD", reading="tiles") == "L2D2RURU"
    assert npuzzle.read_moves("L2D2RURU", reading="tiles") == "RRUULDLD"
    s = npuzzle.solve(BOARD)
    assert npuzzle.read_moves(npuzzle.write_moves(s.moves)) == s.moves
    for bad, says in [("R2X", "is not a move"), ("2R", "no move before it"), ("R0", "a count of 0")]:
        with pytest.raises(ValueError, match=says):
            npuzzle.read_moves(bad)
    with pytest.raises(ValueError, match="unknown reading"):
        npuzzle.write_moves("R", reading="sideways")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="leaves the board"):
        npuzzle.analyse(BOARD, "UUU", progress=False)
    with pytest.raises(npuzzle.UnsolvableError):
        npuzzle.analyse("1 2 3/4 5 6/8 7 0", "R", progress=False)


def test_a_search_in_the_multi_tile_metric_is_the_clis(cli):
    mine = npuzzle.solve(BOARD, metric="mtm")
    theirs = json.loads(cli("solve", BOARD, "--metric", "mtm", "--format", "json"))
    assert (mine.cost, mine.length, mine.moves, mine.metric) == (theirs["cost"], theirs["length"], theirs["moves"], "mtm")
    # The analysis's optimum in slides, with its single-tile length.
    assert (mine.cost, mine.length, mine.optimal) == (12, 14, True)
    with pytest.raises(ValueError, match="single-tile moves only"):
        npuzzle.solve(BOARD, metric="mtm", algorithm="annealing")
    with pytest.raises(ValueError, match="unknown metric"):
        npuzzle.solve(BOARD, metric="xtm")
