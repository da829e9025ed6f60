"""Shared fixtures: a scratch cache directory for every table the tests build (never the user's
cache), and the `npuzzle` binary the package is compared with."""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

# Before the package first looks at it: tables built without an explicit cache_dir go here.
_SCRATCH = tempfile.mkdtemp(prefix="npuzzle-pytest-")
os.environ["NPUZZLE_CACHE_DIR"] = _SCRATCH

REPO = Path(__file__).resolve().parents[3]


def pytest_sessionfinish(session, exitstatus):
    shutil.rmtree(_SCRATCH, ignore_errors=True)


@pytest.fixture(scope="session")
def cache_dir():
    return _SCRATCH


@pytest.fixture(scope="session")
def cli():
    """Runs the CLI (`$NPUZZLE_BIN`, else the workspace's debug build) and returns stdout."""
    candidates = [os.environ.get("NPUZZLE_BIN")]
    target = os.environ.get("CARGO_TARGET_DIR") or str(REPO / "target")
    candidates.append(os.path.join(target, "debug", "npuzzle"))
    binary = next((c for c in candidates if c and os.access(c, os.X_OK)), None)
    if binary is None:
        raise RuntimeError("no npuzzle binary: build it with `cargo build -p npuzzle-cli` or set NPUZZLE_BIN")

    def run(*args, input=None, ok=(0,)):
        env = dict(os.environ, NPUZZLE_CACHE_DIR=_SCRATCH)
        p = subprocess.run([binary, *args], input=input, capture_output=True, text=True, env=env, timeout=1200)
        assert p.returncode in ok, f"npuzzle {' '.join(args)} exited {p.returncode}: {p.stderr}"
        return p.stdout

    return run


@pytest.fixture(scope="session")
def tables_663(cache_dir):
    """The 6-6-3 pattern databases for 4×4, built once into the scratch cache."""
    import npuzzle

    return npuzzle.tables.build(4, "6-6-3", cache_dir=cache_dir, progress=False)
