"""Every notebook under examples/ runs top to bottom in a fresh kernel (nbclient, ipykernel), so
the notebooks never rot.

A notebook is committed without outputs. A code cell tagged ``expect-html``, ``expect-svg``,
``expect-png`` or ``expect-widget`` must show that kind of output (a rich display or a widget,
not just text); any error fails the test. The kernel runs in a scratch directory, with Jupyter's,
IPython's, matplotlib's and Dask's files there too, and the pattern-database cache of conftest.py.
"""

from pathlib import Path

import nbclient
import nbformat
import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))
EXPECT = {"expect-html": "text/html", "expect-svg": "image/svg+xml", "expect-png": "image/png",
          "expect-widget": "application/vnd.jupyter.widget-view+json"}


def test_the_examples_hold_notebooks():
    assert NOTEBOOKS, f"no notebooks in {EXAMPLES}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs_top_to_bottom(path, tmp_path, monkeypatch):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    for i, cell in enumerate(code):
        assert not cell.outputs and cell.execution_count is None, \
            f"{path.name}: code cell {i + 1} was committed with outputs (clear them: they go stale)"
    # (An empty user data directory also keeps a user's own `python3` kernel, which may run
    # another Python, from standing in for this environment's.)
    for var, sub in (("JUPYTER_RUNTIME_DIR", "runtime"), ("JUPYTER_DATA_DIR", "data"), ("IPYTHONDIR", "ipython"),
                     ("MPLCONFIGDIR", "matplotlib"), ("DASK_TEMPORARY_DIRECTORY", "dask"), ("TMPDIR", "tmp")):
        (tmp_path / sub).mkdir()
        monkeypatch.setenv(var, str(tmp_path / sub))
    work = tmp_path / "work"
    work.mkdir()
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(work)}})
    client.execute()

    for i, cell in enumerate(code):
        errors = [o for o in cell.outputs if o.output_type == "error"]
        assert not errors, f"{path.name}: code cell {i + 1} raised {errors[0].ename}: {errors[0].evalue}"
        shown = {mime for o in cell.outputs if o.output_type in ("execute_result", "display_data") for mime in o.data}
        for tag in cell.metadata.get("tags", []):
            if tag in EXPECT:
                assert EXPECT[tag] in shown, \
                    f"{path.name}: code cell {i + 1} ({tag}) showed {sorted(shown) or 'nothing'}:\n{cell.source}"
    assert sum(1 for c in code if set(c.metadata.get("tags", [])) & set(EXPECT)) >= 1
