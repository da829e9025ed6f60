"""The Python API: answers checked against known optima and by replaying the moves, errors,
limits, and equality with the CLI's JSON."""

import json
import os
import signal
import threading

import numpy as np
import pytest

import npuzzle

DELTA = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}


def rows_of(text, width):
    tiles = [int(t) for t in text.replace("/", " ").split()]
    return [tiles[i:i + width] for i in range(0, len(tiles), width)]


def replay(start, moves):
    """Applies the blank's moves to `start` (rows), checking each is legal; returns the end."""
    b = [list(r) for r in start]
    h, w = len(b), len(b[0])
    (r, c), = [(i, j) for i in range(h) for j in range(w) if b[i][j] == 0]
    for m in moves:
        dr, dc = DELTA[m]
        nr, nc = r + dr, c + dc
        assert 0 <= nr < h and 0 <= nc < w, f"move {m} leaves the board"
        b[r][c], b[nr][nc] = b[nr][nc], 0
        r, c = nr, nc
    return b


GOAL3 = [[1, 2, 3], [4, 5, 6], [7, 8, 0]]


def test_the_two_hardest_eight_puzzles_take_31_moves():
    for board in ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"):
        s = npuzzle.solve(board)
        assert s.status == "solved" and s.optimal
        assert s.cost == 31 == len(s.moves)
        assert replay(rows_of(board, 3), s.moves) == GOAL3
        assert s.path[0] == rows_of(board, 3) and s.path[-1] == GOAL3 and len(s.path) == 32


@pytest.mark.parametrize("algorithm,heuristic", [
    ("astar", "manhattan"), ("idastar", "linear-conflict"), ("bfs", None), ("bidirectional", None),
    ("rbfs", "misplaced"), ("astar", "pdb"), ("idastar", "exact"),
])
def test_optimal_algorithms_find_boards_at_known_depths(algorithm, heuristic):
    # generate(depth=d) draws boards exactly d moves from the goal (from the library's
    # breadth-first depth table): an oracle independent of the searches under test.
    for d in (0, 5, 14, 22):
        for board in npuzzle.generate(3, 3, seed=d + 11, depth=d):
            s = npuzzle.solve(board, algorithm=algorithm, heuristic=heuristic)
            assert s.optimal and s.cost == d, (board, s)
            assert replay(board, s.moves) == GOAL3


def test_every_board_form_gives_the_same_answer():
    forms = [
        "1 2 3 4 5 6 0 7 8", "1,2,3,4,5,6,0,7,8", "123456078", "1 2 3/4 5 6/0 7 8", "1 2 3\n4 5 6\n0 7 8",
        [1, 2, 3, 4, 5, 6, 0, 7, 8], [[1, 2, 3], [4, 5, 6], [0, 7, 8]], ((1, 2, 3), (4, 5, 6), (-1, 7, 8)),
        np.array([[1, 2, 3], [4, 5, 6], [0, 7, 8]]), np.array([1, 2, 3, 4, 5, 6, 0, 7, 8], dtype=np.int8),
    ]
    for f in forms:
        s = npuzzle.solve(f)
        assert (s.moves, s.cost, s.start) == ("RR", 2, [[1, 2, 3], [4, 5, 6], [0, 7, 8]]), f


def test_goals_as_presets_and_boards():
    s = npuzzle.solve("1 2 3 4 5 6 7 8 0", goal="blank-first")
    assert s.goal == [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
    assert replay([[1, 2, 3], [4, 5, 6], [7, 8, 0]], s.moves) == s.goal
    g = np.array([[1, 2], [3, 0]])
    assert npuzzle.solve([[1, 2], [0, 3]], goal=g).moves == "R"
    assert npuzzle.solve("2x3: 1 2 3 4 0 5".split(":")[1], size="3x2", goal="blank-last").cost == 1


def test_bad_boards_raise_board_error_with_the_librarys_message():
    for bad in ("1 2 3 4 5 6 7 8 8", "1 2 3", "a b c d", [[1, 2, 3], [4, 0]], [1, 2, 3.5, 0]):
        with pytest.raises(npuzzle.BoardError) as e:
            npuzzle.solve(bad)
        assert isinstance(e.value, ValueError) and str(e.value)
    with pytest.raises(npuzzle.BoardError, match="no blank"):
        npuzzle.solve("1 2 3 4 5 6 7 8 8")
    with pytest.raises(npuzzle.BoardError, match="goal"):
        npuzzle.solve("1 2 3 4 5 6 7 8 0", goal="1 2 3 4")
    with pytest.raises(npuzzle.BoardError):
        npuzzle.solve("1 2 3 0", goal="blank-last", size="5x5")


def test_unsolvable_pairs_raise_and_bad_options_are_value_errors():
    with pytest.raises(npuzzle.UnsolvableError, match="parity"):
        npuzzle.solve("1 2 3 4 5 6 8 7 0")
    assert not npuzzle.is_solvable("1 2 3 4 5 6 8 7 0") and npuzzle.is_solvable("8 6 7 2 5 4 3 0 1")
    with pytest.raises(ValueError, match="frobnicate"):
        npuzzle.solve("1 2 3 4 5 6 0 7 8", algorithm="frobnicate")
    with pytest.raises(ValueError, match="order"):
        npuzzle.solve("1 2 3 4 5 6 0 7 8", order="UUDL")
    with pytest.raises(ValueError, match="weight"):
        npuzzle.solve("1 2 3 4 5 6 0 7 8", weight=0.5)
    with pytest.raises(npuzzle.BoardError):
        npuzzle.is_solvable("1 2 3 0", "1 2 3 4 5 6 7 8 0")


def test_limits_are_a_status_not_an_exception():
    hard = "8 6 7 2 5 4 3 0 1"
    s = npuzzle.solve(hard, algorithm="bfs", max_nodes=50)
    assert (s.status, s.limit, s.cost, s.moves, s.optimal) == ("limit", "nodes", None, "", False)
    assert s.stats["generated"] <= 50 + 4
    s = npuzzle.solve(hard, algorithm="bfs", timeout=0)
    assert (s.status, s.limit) == ("limit", "time")
    s = npuzzle.solve(hard, algorithm="astar", max_memory="1K")
    assert (s.status, s.limit) == ("limit", "memory")
    s = npuzzle.solve(hard, algorithm="dfs", max_depth=3)
    assert s.status == "not_found"


def test_solve_many_keeps_order_and_gives_each_board_its_status():
    boards = npuzzle.generate(3, 40, seed=5)
    boards[7] = "1 2 3 4 5 6 8 7 0"      # unsolvable
    boards[9] = "1 2 3 4 5 6 7 8 8"      # malformed
    boards[11] = object()                # not a board at all
    many = npuzzle.solve_many(boards, jobs=2)
    assert len(many) == 40
    assert many[7].status == "unsolvable"
    assert many[9].status == "invalid" and "no blank" in many[9].error
    assert many[11].status == "invalid"
    for i, (b, s) in enumerate(zip(boards, many)):
        if i in (7, 9, 11):
            continue
        one = npuzzle.solve(b)
        assert (s.moves, s.cost, s.stats["expanded"], s.stats["generated"]) == (one.moves, one.cost, one.stats["expanded"],
                                                                                one.stats["generated"])
        assert s.path is None
    with_paths = npuzzle.solve_many(boards[:3], paths=True)
    assert [len(s.path) for s in with_paths] == [s.cost + 1 for s in with_paths]
    with pytest.raises(ValueError, match="frobnicate"):
        npuzzle.solve_many(boards, algorithm="frobnicate")
    limited = npuzzle.solve_many(["8 6 7 2 5 4 3 0 1"] * 3, algorithm="bfs", max_nodes=20)
    assert [s.status for s in limited] == ["limit"] * 3


def test_solve_many_on_a_cold_cache_answers_each_board_as_solve_does(tmp_path):
    """On a fresh cache every 6x6 board gets the default that answers at once (reduce-plus),
    as :func:`npuzzle.solve` gives each, not only the first; the note comes once."""
    boards = npuzzle.generate(6, 3, seed=64)
    notes = []
    many = npuzzle.solve_many(boards, jobs=2, cache_dir=tmp_path, max_memory="2G",
                              progress=lambda kind, *rest: notes.append(rest[0]) if kind == "note" else None)
    for b, s in zip(boards, many):
        one = npuzzle.solve(b, cache_dir=tmp_path, max_memory="2G")
        assert s.status == "solved" and s.algorithm == "reduce-plus" == one.algorithm
        assert (s.moves, s.cost) == (one.moves, one.cost)
    assert sum("npuzzle pdb build --size 6x6" in n for n in notes) == 1, notes
    assert list(tmp_path.iterdir()) == []


def without_time(d):
    d = json.loads(json.dumps(d))
    d.pop("tables_ms", None)
    for stats in (d.get("stats"), (d.get("report") or {}).get("stats")):
        if stats is not None:
            stats.pop("time_ms")
    return d


@pytest.mark.parametrize("board,options", [
    ("8 6 7 2 5 4 3 0 1", []), ("1 2 3 4 5 6 0 7 8", ["--algorithm", "bfs"]),
    ("4 1 3 7 2 6 0 5 8", ["--algorithm", "astar", "--heuristic", "misplaced", "--order", "LURD"]),
    ("4 1 3 7 2 6 0 5 8", ["--algorithm", "astar", "--weight", "2"]),
    ("8 6 7 2 5 4 3 0 1", ["--algorithm", "bfs", "--max-nodes", "100"]),
    ("1 2 3 4 5 6 8 7 0", []), ("2 1 3 0", ["--goal", "blank-first", "--algorithm", "dfs", "--max-depth", "4"]),
])
def test_to_dict_is_the_clis_json(cli, board, options):
    out = cli("solve", board, "--format", "json", *options, ok=(0, 3, 4, 5))
    kw = {}
    opts = dict(zip(options[::2], options[1::2]))
    names = {"--algorithm": "algorithm", "--heuristic": "heuristic", "--order": "order", "--goal": "goal",
             "--max-depth": "max_depth", "--max-nodes": "max_nodes", "--weight": "weight"}
    for k, v in opts.items():
        kw[names[k]] = int(v) if k in ("--max-depth", "--max-nodes") else float(v) if k == "--weight" else v
    many = npuzzle.solve_many([board], paths=True, **kw)[0].to_dict()
    assert without_time(many) == without_time(json.loads(out))
    if "unsolvable" not in out:
        one = npuzzle.solve(board, **kw).to_dict()
        assert without_time(one) == without_time(json.loads(out))
        assert ("tables_ms" in one) == ("tables_ms" in json.loads(out))


def test_solve_many_equals_batch(cli):
    boards = [" ".join(str(t) for r in b for t in r) for b in npuzzle.generate(3, 60, seed=3)]
    boards.append("1 2 3 4 5 6 8 7 0")
    out = cli("batch", "-", "--algorithm", "astar", "--heuristic", "linear-conflict", input="\n".join(boards) + "\n")
    lines = [json.loads(line) for line in out.splitlines()]
    many = npuzzle.solve_many(boards, algorithm="astar", heuristic="linear-conflict")
    assert len(lines) == len(many)
    for line, s in zip(lines, many):
        line.pop("line")
        assert without_time(line) == without_time(s.to_dict())


@pytest.mark.parametrize("board,options", [
    ("4 1 3 7 2 6 0 5 8", ["--algorithm", "astar"]), ("1 2 3 4 0 6 7 5 8", ["--algorithm", "bfs"]),
    ("4 1 3 7 2 6 0 5 8", ["--algorithm", "idastar", "--heuristic", "misplaced"]),
])
def test_trace_yields_the_clis_json_events(cli, board, options):
    out = cli("solve", board, "--trace", "--format", "json", *options)
    cli_events = [json.loads(line) for line in out.splitlines()]
    opts = dict(zip(options[::2], options[1::2]))
    events = list(npuzzle.trace(board, algorithm=opts.get("--algorithm"), heuristic=opts.get("--heuristic")))
    assert events[0]["event"] == "start" and events[-1]["event"] == "end"
    assert len(events) > 3
    assert [without_time(e) for e in events] == [without_time(e) for e in cli_events]
    short = list(npuzzle.trace(board, algorithm="bfs", limit=2))
    assert short[-1]["steps_shown"] == 2 and short[-1]["report"]["status"] == "solved"


def test_heuristics_are_every_estimate():
    board = "8 6 7 2 5 4 3 0 1"
    h = npuzzle.heuristics(board)
    tiles = [int(t) for t in board.split()]
    manhattan = sum(abs(i // 3 - (t - 1) // 3) + abs(i % 3 - (t - 1) % 3) for i, t in enumerate(tiles) if t)
    misplaced = sum(1 for i, t in enumerate(tiles) if t and t != i + 1)
    assert h["zero"] == 0 and h["manhattan"] == manhattan and h["misplaced"] == misplaced
    assert h["manhattan"] <= h["linear-conflict"] <= h["exact"] == 31
    assert 0 < h["euclidean"] <= h["manhattan"]


def test_generate_matches_the_cli_and_gives_solvable_boards(cli):
    boards = npuzzle.generate("3x3", 5, seed=42)
    out = cli("generate", "--size", "3x3", "-n", "5", "--seed", "42")
    assert [rows_of(line, 3) for line in out.split("\n") if line] == boards
    assert all(npuzzle.is_solvable(b) for b in boards)
    assert npuzzle.generate(4, 3, seed=1, walk=10) == npuzzle.generate(4, 3, seed=1, walk=10)
    assert len(npuzzle.generate("3x2", 7)) == 7
    with pytest.raises(ValueError):
        npuzzle.generate(3, 1, depth=40)


def test_tables_build_load_and_reuse(cache_dir, tmp_path, tables_663):
    assert npuzzle.tables.sets(4) == ["7-8", "6-6-3", "5-5-5"]
    assert tables_663.name == "6-6-3" and all(os.path.isfile(f) for f in tables_663.files)
    again = npuzzle.tables.load(4, "6-6-3", cache_dir=cache_dir)
    assert again.files == tables_663.files
    with pytest.raises(npuzzle.TablesError, match="not cached"):
        npuzzle.tables.load(4, "5-5-5", cache_dir=str(tmp_path / "empty"))
    # A 4×4 board a short walk from the goal: IDA* with the loaded tables against A* with
    # linear conflict (an independent optimal search).
    for board in npuzzle.generate(4, 5, seed=9, walk=40):
        s = npuzzle.solve(board)
        assert s.heuristic == "pdb" and s.optimal
        assert s.cost == npuzzle.solve(board, algorithm="astar", heuristic="linear-conflict").cost
        assert replay(board, s.moves) == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 0]]
    assert "pdb" in npuzzle.heuristics(npuzzle.generate(4, 1, seed=2)[0])


def test_progress_reports_a_build(tmp_path):
    seen = []
    npuzzle.tables.build("3x3", cache_dir=tmp_path, progress=lambda *a: seen.append(a))
    kinds = [k for k, *_ in seen]
    assert "build" in kinds and "built" in kinds and "saved" in kinds
    assert all(len(a) == 4 for a in seen)


def interrupt_after(seconds):
    t = threading.Timer(seconds, lambda: os.kill(os.getpid(), signal.SIGINT))
    t.start()
    return t


def test_ctrl_c_stops_a_long_search():
    # Korf's first board (goal: blank first) with Manhattan distance would run for many minutes.
    hard = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    # Python's own Ctrl-C handler, as in a terminal: a process started in the background by a
    # shell inherits Ctrl-C ignored, and Python then leaves it ignored.
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        t = interrupt_after(0.5)
        with pytest.raises(KeyboardInterrupt):
            npuzzle.solve(hard, goal="blank-first", algorithm="idastar", heuristic="manhattan")
        t.join()
        t = interrupt_after(0.5)
        with pytest.raises(KeyboardInterrupt):
            npuzzle.solve_many([hard] * 4, goal="blank-first", algorithm="idastar", heuristic="manhattan", jobs=2)
        t.join()
    finally:
        signal.signal(signal.SIGINT, before)
    # The package still works afterwards.
    assert npuzzle.solve("1 2 3 4 5 6 0 7 8").cost == 2


def test_algorithms_describe_themselves():
    names = {a["name"]: a for a in npuzzle.algorithms()}
    assert names["astar"]["optimal"] and not names["greedy"]["optimal"]
    assert not names["bfs"]["uses_heuristic"]


def test_tile_costs_make_bfs_dearer_than_ucs_and_say_so():
    # The worked example of docs/teaching.md: 12 moves costing 60, against 14 costing 46.
    board = "5 1 0 4 2 3 7 8 6"
    bfs = npuzzle.solve(board, algorithm="bfs", cost="tile")
    ucs = npuzzle.solve(board, algorithm="ucs", cost="tile")
    assert (bfs.length, bfs.cost, bfs.optimal, bfs.cost_model) == (12, 60, False, "tile")
    assert (ucs.length, ucs.cost, ucs.optimal) == (14, 46, True)
    assert bfs.stats["effective_branching_factor"] > 1
    # Unit costs: the same search is optimal, and its cost is its length.
    unit = npuzzle.solve(board, algorithm="bfs")
    assert unit.optimal and unit.cost == unit.length == 12
    with pytest.raises(ValueError, match="unknown cost model"):
        npuzzle.solve(board, cost="gold")


def test_bench_depth_gives_a_row_per_depth_and_pair():
    rows = npuzzle.bench_depth([2, 6], count=5, max_nodes=100, progress=False, frame=False)
    assert [(r["depth"], r["label"]) for r in rows] == [
        (d, label) for d in (2, 6) for label in ("BFS", "IDS", "A*(h1)", "A*(h2)")]
    h2 = [r for r in rows if r["label"] == "A*(h2)" and r["depth"] == 6][0]
    h1 = [r for r in rows if r["label"] == "A*(h1)" and r["depth"] == 6][0]
    assert h2["generated"] <= h1["generated"] and h2["effective_branching_factor"] > 1
    ids = [r for r in rows if r["label"] == "IDS" and r["depth"] == 6][0]
    assert ids["cut"] and ids["generated"] is None
    pd = pytest.importorskip("pandas")
    df = npuzzle.bench_depth([4], count=3, pairs="astar/h1,astar/h2", progress=False)
    assert isinstance(df, pd.DataFrame) and list(df["label"]) == ["A*(h1)", "A*(h2)"]


@pytest.mark.parametrize("size,walk,seed", [(6, None, 5), (7, None, 6), (7, 14, 7), (6, 18, 8)])
def test_the_default_solve_beyond_25_cells_is_the_clis(cli, size, walk, seed):
    """A random 6×6 or 7×7 board, and one a short walk from its goal: the default solver gives
    the CLI's moves, with the same cold cache (no pattern database is built)."""
    extra = ["--walk", str(walk)] if walk else []
    text = cli("generate", "--size", f"{size}x{size}", "--count", "1", "--seed", str(seed), *extra).strip()
    want = json.loads(cli("solve", text, "--size", f"{size}x{size}", "--format", "json"))
    got = npuzzle.solve(text, size=f"{size}x{size}", progress=False)
    assert got.to_dict()["moves"] == want["moves"]
    assert got.to_dict()["algorithm"] == want["algorithm"] == "reduce-plus"
    assert got.to_dict()["optimal"] == want["optimal"]
    goal = [[(r * size + c + 1) % (size * size) for c in range(size)] for r in range(size)]
    assert replay(rows_of(text, size), want["moves"]) == goal
    if walk:
        assert want["optimal"] and want["length"] <= walk
