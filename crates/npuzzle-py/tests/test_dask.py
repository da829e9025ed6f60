"""Distributed batches: a LocalCluster of two worker processes gives the same rows as
`npuzzle batch` on the same boards."""

import json

import pandas as pd
from dask.distributed import Client, LocalCluster  # noqa: E402

import npuzzle
import npuzzle.dask  # noqa: E402


def text(rows):
    return "/".join(" ".join(str(t) for t in r) for r in rows)


def test_local_cluster_equals_batch_row_for_row(cli, cache_dir, tables_663, tmp_path):
    boards = [text(b) for b in npuzzle.generate(3, 5000, seed=2024)]
    boards += [text(b) for b in npuzzle.generate(4, 200, seed=2025)]
    (tmp_path / "boards.txt").write_text("\n".join(boards) + "\n")
    with open(tmp_path / "boards.jsonl", "w") as f:
        for b in boards:
            f.write(json.dumps({"board": b}) + "\n")
    # One thread each: the fast IDA* then searches each board serially on both sides, so node
    # counts are comparable exactly.
    out = cli("batch", str(tmp_path / "boards.txt"), "-j", "1")
    expected = [json.loads(line) for line in out.splitlines()]
    assert len(expected) == 5200

    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            Client(cluster):
        n = npuzzle.dask.solve_partitioned(tmp_path / "boards.jsonl", tmp_path / "solved.parquet",
                                           tables=[("4x4", "6-6-3")], cache_dir=cache_dir, blocksize="64KiB")
    assert n == 5200
    got = pd.read_parquet(tmp_path / "solved.parquet")
    assert list(got.columns) == list(npuzzle.dask.COLUMNS)
    assert len(got) == 5200
    for i, (row, exp) in enumerate(zip(got.itertuples(index=False), expected)):
        assert row.board == text(exp["start"]) == boards[i]
        assert row.goal == text(exp["goal"])
        assert (row.status, row.moves, bool(row.optimal)) == (exp["status"], exp["moves"], exp["optimal"]), i
        assert (None if pd.isna(row.cost) else int(row.cost)) == exp["cost"], i
        assert (int(row.expanded), int(row.generated)) == (exp["stats"]["expanded"], exp["stats"]["generated"]), i
        assert row.time_ms >= 0 and pd.isna(row.error)
    assert set(got.status) == {"solved"}
    assert (got.cost[5000:] >= 30).all() and got.optimal.all()


def test_solve_frame_marks_invalid_boards():
    frame = pd.DataFrame({"board": ["1 2 3 4 5 6 0 7 8", "1 2 3", "1 2 3 4 5 6 8 7 0"]})
    out = npuzzle.dask.solve_frame(frame)
    assert list(out.status) == ["solved", "invalid", "unsolvable"]
    assert out.cost[0] == 2 and pd.isna(out.cost[1]) and pd.isna(out.cost[2])
    assert "1 2 3" in out.board[1] and not pd.isna(out.error[1])


def out_of_row(board):
    """Tiles out of their goal row: a top-level function, so it pickles."""
    w = board.width
    home = {t: c for c, t in enumerate(board.goal)}
    return sum(1 for c, t in enumerate(board) if t and c // w != home[t] // w)


def test_a_heuristic_travels_as_a_name_a_formula_or_a_callable_that_pickles(tmp_path):
    frame = pd.DataFrame({"board": ["8 1 3 4 0 2 7 6 5"]})
    by_formula = npuzzle.dask.solve_frame(frame, {"algorithm": "astar", "heuristic": "count(row != goal_row)"})
    by_callable = npuzzle.dask.solve_frame(frame, {"algorithm": "astar", "heuristic": out_of_row})
    assert by_formula.cost[0] == by_callable.cost[0]
    assert (by_formula.expanded[0], by_formula.generated[0]) == (by_callable.expanded[0], by_callable.generated[0])
    (tmp_path / "b.jsonl").write_text(json.dumps({"board": "8 1 3 4 0 2 7 6 5"}) + "\n")
    try:
        npuzzle.dask.solve_partitioned(tmp_path / "b.jsonl", tmp_path / "out", heuristic=lambda b: 0)
    except TypeError as e:
        assert "<lambda>" in str(e) and "pickle" in str(e)
    else:
        raise AssertionError("a lambda heuristic was sent to the workers")
