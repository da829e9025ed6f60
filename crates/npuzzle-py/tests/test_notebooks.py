"""Every notebook under examples/ runs top to bottom in a fresh kernel (nbclient, ipykernel), so
the notebooks never rot: in this test environment, and in a fresh virtual environment made from
the notebook's own install line and nothing else, so the line stays enough to run it.

A notebook is committed without outputs. A code cell tagged ``expect-html``, ``expect-svg``,
``expect-png`` or ``expect-widget`` must show that kind of output (a rich display or a widget,
not just text); any error fails the test. The kernel runs in a scratch directory, with Jupyter's,
IPython's, matplotlib's and Dask's files there too, and the pattern-database cache of conftest.py.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from importlib.metadata import version
from pathlib import Path

import install_lines
import nbclient
import nbformat
import pytest
from install_lines import PACKAGE, REPO, is_path, split_extras
from packaging.utils import canonicalize_name, parse_wheel_filename

EXAMPLES = install_lines.EXAMPLES
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
EXPECT = {"expect-html": "text/html", "expect-svg": "image/svg+xml", "expect-png": "image/png",
          "expect-widget": "application/vnd.jupyter.widget-view+json"}


def test_the_examples_hold_notebooks():
    assert NOTEBOOKS, f"no notebooks in {EXAMPLES}"


def scratch(tmp_path: Path) -> dict[str, str]:
    """Jupyter's, IPython's, matplotlib's and Dask's files, and temporary files, in tmp_path.

    (An empty user data directory also keeps a user's own `python3` kernel, which may run
    another Python, from standing in for the environment's own.)"""
    env = {}
    for var, sub in (("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_DATA_DIR", "data"), ("IPYTHONDIR", "ipython"),
                     ("MPLCONFIGDIR", "matplotlib"), ("DASK_TEMPORARY_DIRECTORY", "dask"), ("TMPDIR", "tmp")):
        (tmp_path / sub).mkdir()
        env[var] = str(tmp_path / sub)
    return env


def read_clean(path: Path) -> nbformat.NotebookNode:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for i, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
        assert not cell.outputs and cell.execution_count is None, \
            f"{path.name}: code cell {i + 1} was committed with outputs (clear them: they go stale)"
    return nb


def check_outputs(path: Path, nb: nbformat.NotebookNode) -> None:
    """No cell raised, every cell ran, and each tagged cell showed its kind of output."""
    code = [c for c in nb.cells if c.cell_type == "code"]
    for i, cell in enumerate(code):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, f"{path.name}: code cell {i + 1} raised {errors[0].ename}: {errors[0].evalue}"
        assert cell.execution_count is not None, f"{path.name}: code cell {i + 1} never ran"
        shown = {mime for o in cell.outputs if o.output_type in ("execute_result", "display_data") for mime in o.data}
        for tag in cell.metadata.get("tags", []):
            if tag in EXPECT:
                assert EXPECT[tag] in shown, \
                    f"{path.name}: code cell {i + 1} ({tag}) showed {sorted(shown) or 'nothing'}:\n{cell.source}"
    assert sum(1 for c in code if set(c.metadata.get("tags", [])) & set(EXPECT)) >= 1


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    nb = read_clean(path)
    for var, value in scratch(tmp_path).items():
        monkeypatch.setenv(var, value)
    work = tmp_path / "work"
    work.mkdir()
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(work)}})
    client.execute()
    check_outputs(path, nb)


# Runs a notebook with the fresh environment's own nbclient and kernel, and writes what it ran,
# outputs and all, even when a cell raised. Its last cell, added here, proves the kernel is the
# fresh environment's Python and npuzzle the wheel installed there.
RUNNER = textwrap.dedent('''
    import sys

    import nbclient
    import nbformat

    source, executed, work, wheel_version = sys.argv[1:]
    nb = nbformat.read(source, as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(
        "import os, sys, npuzzle\\n"
        "from importlib.metadata import version\\n"
        f"assert os.path.realpath(sys.prefix) == os.path.realpath({sys.prefix!r}), sys.prefix\\n"
        "assert os.path.realpath(npuzzle.__file__).startswith(os.path.realpath(sys.prefix)), npuzzle.__file__\\n"
        f"assert version('npuzzle') == {wheel_version!r}, version('npuzzle')"))
    try:
        nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                resources={"metadata": {"path": work}}).execute()
    finally:
        nbformat.write(nb, executed)
''')


def the_wheel() -> Path:
    """The wheel under test: $NPUZZLE_WHEEL, which scripts/test-all sets to the wheel it built and
    installed here. Without it the test fails in CI ($CI set) and is skipped, visibly, elsewhere."""
    wheel = os.environ.get("NPUZZLE_WHEEL")
    if not wheel:
        why = "NPUZZLE_WHEEL is not set to the wheel under test (scripts/test-all sets it)"
        if os.environ.get("CI"):
            pytest.fail(f"{why}; in CI this test must run")
        pytest.skip(f"{why}: the notebook was not run from its install line in a fresh environment")
    path = Path(wheel).resolve()
    assert path.is_file(), f"NPUZZLE_WHEEL={wheel}: no such file"
    name, ver, _, _ = parse_wheel_filename(path.name)
    assert name == "npuzzle" and str(ver) == version("npuzzle"), \
        f"NPUZZLE_WHEEL={wheel} is not the npuzzle {version('npuzzle')} installed in this test environment"
    return path


def run(what: str, args: list[str], env: dict[str, str], timeout: int) -> None:
    p = subprocess.run(args, env=env, capture_output=True, text=True, timeout=timeout)
    assert p.returncode == 0, \
        f"{what} failed (exit {p.returncode}): {' '.join(args)}\n{p.stdout[-6000:]}\n{p.stderr[-6000:]}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_in_a_fresh_environment_from_its_own_install_line(path, tmp_path):
    """The notebook's install line (the one line of a code block in its cells that installs the
    package from the checkout, as install_lines.py reads it) is installed into a fresh virtual
    environment, and the notebook runs there top to bottom: what the line installs is enough.

    One substitution: the line's path to the package in the checkout (``./crates/npuzzle-py``)
    becomes the wheel under test, with the same extras (``npuzzle[extras] @ file:///…whl``). It
    is the same package, built from the same checkout; pip would build that path from source with
    maturin, which needs a Rust toolchain, and the Python tests deliberately run where none is
    reachable (scripts/test-all), against the wheel users install. Every other word of the line
    is installed as written, from PyPI (pip's own cache and settings apply), with the
    dependencies the extras name. Then only what it takes to run a notebook without a browser,
    nbclient and ipykernel, and only where the line did not bring them (JupyterLab brings both).

    A virtual environment that cannot be made, or a line that does not install, fails the test.
    """
    line = install_lines.notebook_line(path)
    nb = read_clean(path)
    wheel = the_wheel()
    args = []
    for arg in line.args:
        base, extras = split_extras(arg)
        if is_path(arg):
            assert (REPO / base).resolve() == PACKAGE.resolve(), \
                f"{line.where}: {arg} is not the package in the checkout, which the wheel stands in for"
            arg = f"npuzzle[{','.join(extras)}] @ {wheel.as_uri()}" if extras else f"npuzzle @ {wheel.as_uri()}"
        else:
            assert canonicalize_name(split_extras(arg)[0]) != "npuzzle", \
                f"{line.where}: {arg} would install npuzzle from PyPI beside the checkout's"
        args.append(arg)

    venv = tmp_path / "venv"
    run("making a virtual environment", [sys.executable, "-m", "venv", str(venv)], dict(os.environ), 300)
    python = str(venv / ("Scripts" if os.name == "nt" else "bin") / "python")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    # This test environment's own bin directory leaves PATH: nothing of it can stand in.
    here = os.path.dirname(sys.executable)
    path_dirs = [d for d in os.environ.get("PATH", "").split(os.pathsep) if d and os.path.realpath(d) != os.path.realpath(here)]
    env.update(VIRTUAL_ENV=str(venv), PYTHONNOUSERSITE="1", PATH=os.pathsep.join([str(Path(python).parent), *path_dirs]))
    pip = [python, "-m", "pip", "--disable-pip-version-check"]
    run(f"{line.where}: `{line.command}`, with the wheel for the checkout", [*pip, "install", *args], env, 1200)
    run("pip check (what the line installed is consistent)", [*pip, "check"], env, 300)
    missing = [m for m in ("nbclient", "ipykernel")
               if subprocess.run([python, "-c", f"import {m}"], env=env, capture_output=True).returncode]
    if missing:
        run("installing the kernel the test runs the notebook with", [*pip, "install", *missing], env, 600)

    env.update(scratch(tmp_path))
    (tmp_path / "work").mkdir()
    executed = tmp_path / "executed.ipynb"
    runner = tmp_path / "run_notebook.py"
    runner.write_text(RUNNER)
    p = subprocess.run([python, str(runner), str(path), str(executed), str(tmp_path / "work"),
                        str(parse_wheel_filename(wheel.name)[1])],
                       env=env, capture_output=True, text=True, timeout=900, cwd=tmp_path / "work")
    assert executed.is_file(), f"{path.name} did not run in the fresh environment:\n{p.stdout[-4000:]}\n{p.stderr[-4000:]}"
    ran = nbformat.read(executed, as_version=4)
    assert len(ran.cells) == len(nb.cells) + 1
    check_outputs(path, ran)
    assert p.returncode == 0, f"{path.name}: the runner exited {p.returncode}:\n{p.stderr[-4000:]}"
