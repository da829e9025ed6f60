"""The measurements in docs/benchmarks.md's Python section: `python measure.py 3x3|korf|dask`.

Each prints its figures with the load average at the time, and checks that the Python and CLI
answers agree. Uses the release CLI (`$NPUZZLE_BIN`, default target/release/npuzzle) and a
scratch directory for boards and tables (`$MEASURE_DIR`, default /tmp/npuzzle-measure).
"""
import json, os, subprocess, sys, time
import itertools
from pathlib import Path

import npuzzle

REPO = Path(__file__).resolve().parents[3]
BIN = os.environ.get("NPUZZLE_BIN", str(REPO / "target" / "release" / "npuzzle"))
WORK = Path(os.environ.get("MEASURE_DIR", "/tmp/npuzzle-measure"))
CACHE = str(WORK / "cache")
os.makedirs(CACHE, exist_ok=True)
if not (WORK / "all3x3.txt").exists():
    boards = (" ".join(map(str, p)) for p in itertools.permutations(range(9)))
    (WORK / "all3x3.txt").write_text("\n".join(b for b in boards if npuzzle.is_solvable(b)) + "\n")
if not (WORK / "korf100.txt").exists():
    rows = [l.split() for l in open(REPO / "crates" / "npuzzle-cli" / "data" / "korf100.txt") if not l.startswith("#")]
    (WORK / "korf100.txt").write_text("".join(" ".join(r[1:17]) + "\n" for r in rows))
env = dict(os.environ, NPUZZLE_CACHE_DIR=CACHE)

def load():
    return open("/proc/loadavg").read().split()[:3]

def cli(args, path):
    t = time.perf_counter()
    with open(path) as f:
        p = subprocess.run([BIN, *args], stdin=f, stdout=subprocess.PIPE, env=env, check=True)
    return time.perf_counter() - t, p.stdout.decode().splitlines()

def main():
    what = sys.argv[1]
    if what == "3x3":
        boards = open(str(WORK / "all3x3.txt")).read().splitlines()

        print("load before", load())
        wall, lines = cli(["batch", "-"], str(WORK / "all3x3.txt"))
        print(f"npuzzle batch (2 jobs): {wall:.2f} s, {len(lines)} lines, load {load()}")
        t = time.perf_counter(); sols = npuzzle.solve_many(boards); py = time.perf_counter() - t
        print(f"solve_many (2 jobs): {py:.2f} s, {len(sols)} solutions, load {load()}")
        cli_costs = [json.loads(l)["cost"] for l in lines]
        assert cli_costs == [s.cost for s in sols]
        from collections import Counter
        print("max cost", max(cli_costs), "count at 31:", Counter(cli_costs)[31])
        print("expanded", sum(s.stats["expanded"] for s in sols), "generated", sum(s.stats["generated"] for s in sols))
    elif what == "korf":
        rows = [l.split() for l in open(REPO / "crates" / "npuzzle-cli" / "data" / "korf100.txt") if not l.startswith("#")]
        boards = [" ".join(r[1:17]) for r in rows]; optima = [int(r[17]) for r in rows]
        npuzzle.tables.build(4, "6-6-3", cache_dir=CACHE, progress=False)  # make sure it is cached
        print("load before", load())
        wall, lines = cli(["batch", "-", "--goal", "blank-first"], str(WORK / "korf100.txt"))
        print(f"npuzzle batch korf100 (2 jobs, 6-6-3, incl. loading): {wall:.2f} s, load {load()}")
        assert [json.loads(l)["cost"] for l in lines] == optima
        t = time.perf_counter(); ts = npuzzle.tables.load(4, "6-6-3", cache_dir=CACHE, progress=False); ld = time.perf_counter() - t
        t = time.perf_counter(); sols = npuzzle.solve_many(boards, goal="blank-first", cache_dir=CACHE); py = time.perf_counter() - t
        assert [s.cost for s in sols] == optima and all(s.optimal for s in sols)
        print(f"tables.load 6-6-3: {ld:.2f} s; solve_many korf100 (2 jobs): {py:.2f} s; all 100 optimal; load {load()}")
        print("expanded", sum(s.stats["expanded"] for s in sols), "generated", sum(s.stats["generated"] for s in sols))
    elif what == "dask":
        from dask.distributed import Client, LocalCluster
        import npuzzle.dask
        text = lambda rows: "/".join(" ".join(map(str, r)) for r in rows)
        boards = [text(b) for b in npuzzle.generate(3, 5000, seed=2024)] + [text(b) for b in npuzzle.generate(4, 200, seed=2025)]
        with open(str(WORK / "boards.jsonl"), "w") as f:
            for b in boards:
                f.write(json.dumps({"board": b}) + "\n")
        with open(str(WORK / "boards.txt"), "w") as f:
            f.write("\n".join(boards) + "\n")
        npuzzle.tables.build(4, "6-6-3", cache_dir=CACHE, progress=False)
        import shutil
        shutil.rmtree(WORK / "solved.parquet", ignore_errors=True)
        print("load before", load())
        t = time.perf_counter()
        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, Client(cluster):
            up = time.perf_counter() - t
            t2 = time.perf_counter()
            n = npuzzle.dask.solve_partitioned(str(WORK / "boards.jsonl"), str(WORK / "solved.parquet"), tables=[("4x4", "6-6-3")], cache_dir=CACHE, blocksize="64KiB")
            run = time.perf_counter() - t2
        print(f"LocalCluster start {up:.2f} s; solve_partitioned {n} rows: {run:.2f} s; load {load()}")
        wall, lines = cli(["batch", "-", "-j", "1"], str(WORK / "boards.txt"))
        print(f"npuzzle batch -j 1 on the same boards: {wall:.2f} s; load {load()}")
        wall, lines = cli(["batch", "-"], str(WORK / "boards.txt"))
        print(f"npuzzle batch (2 jobs) on the same boards: {wall:.2f} s; load {load()}")

if __name__ == "__main__":
    main()
