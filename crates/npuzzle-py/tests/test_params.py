"""The package's keywords are the library's parameters: ``python/npuzzle/_params.py`` is
written from ``npuzzle::search::params`` (through ``_npuzzle.params()``), and this test keeps it
in step. ``NPUZZLE_WRITE_PARAMS=1 pytest tests/test_params.py`` writes it again."""

import json
import os
import textwrap
from pathlib import Path

import pytest

import npuzzle
from npuzzle import _npuzzle

PARAMS_PY = Path(npuzzle.__file__).resolve().parent / "_params.py"
SOURCE = Path(__file__).resolve().parent.parent / "python" / "npuzzle" / "_params.py"

GROUPS = [
    ("search", "SearchParams", "The classic searches' parameters."),
    ("local", "LocalParams", "The local searches' parameters."),
]
TYPES = {"integer": "Optional[int]", "number": "Optional[float]", "flag": "bool"}


def py_type(p):
    """A parameter's keyword type: a choice's names as a ``Literal``."""
    if p["kind"] == "choice":
        return "Optional[Literal[" + ", ".join(f'"{c}"' for c in p["choices"]) + "]]"
    return TYPES[p["kind"]]


def render(params):
    """The text of ``_params.py`` for the library's parameters."""
    out = [
        '"""The algorithms\' parameters as keyword arguments, each described once by the library',
        "(``npuzzle::search::params``): written by ``tests/test_params.py`` from ``_npuzzle.params()``",
        '(``NPUZZLE_WRITE_PARAMS=1 pytest tests/test_params.py``); do not edit."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Literal, Optional, TypedDict",
    ]
    for group, name, doc in GROUPS:
        out += ["", "", f"class {name}(TypedDict, total=False):", f'    """{doc}"""', ""]
        for p in params:
            if p["group"] != group:
                continue
            default = p["default_note"] or (None if p["default"] is None or p["kind"] == "flag" else f"{p['default']:g}")
            text = p["help"] + (f" Default: {default}." if default else "")
            lines = textwrap.wrap(text, 96)
            out.append(f"    {p['key']}: {py_type(p)}")
            out.append('    """' + "\n    ".join(lines) + '"""')
    out += [
        "",
        "",
        "class Params(SearchParams, LocalParams, total=False):",
        '    """Every parameter of the algorithms."""',
        "",
        "",
        "KEYS = (",
        *textwrap.wrap(" ".join(f'"{p["key"]}",' for p in params), 96, initial_indent="    ", subsequent_indent="    "),
        ")",
        '"""Every parameter\'s keyword, in the library\'s order."""',
        "",
    ]
    return "\n".join(out)


def test_the_keywords_file_is_the_librarys_parameters():
    want = render(json.loads(_npuzzle.params()))
    if os.environ.get("NPUZZLE_WRITE_PARAMS"):
        SOURCE.write_text(want, encoding="utf-8")
        return
    stale = "_params.py is out of date: NPUZZLE_WRITE_PARAMS=1 pytest tests/test_params.py"
    assert PARAMS_PY.read_text(encoding="utf-8") == want, stale


def test_every_parameter_is_a_keyword_of_solve_and_an_option():
    keys = [p["key"] for p in npuzzle.params()]
    assert keys and list(npuzzle._params.KEYS) == keys
    for key in keys:
        npuzzle.Options(**{key: None})
    assert "beam_width" in keys and "weight" in keys


def test_options_are_one_value_and_keywords_override_it():
    opts = npuzzle.Options(algorithm="astar", heuristic="misplaced", order="LURD")
    a = npuzzle.solve("2 8 3/1 6 4/7 0 5", opts, goal="1 2 3/8 0 4/7 6 5")
    assert (a.algorithm, a.heuristic, a.order, a.cost) == ("astar", "misplaced", "LURD", 5)
    b = npuzzle.solve("2 8 3/1 6 4/7 0 5", opts, goal="1 2 3/8 0 4/7 6 5", heuristic="manhattan")
    assert b.heuristic == "manhattan"
    assert opts.replace(order=None).to_dict() == {"algorithm": "astar", "heuristic": "misplaced"}
    assert opts == npuzzle.Options(order="LURD", heuristic="misplaced", algorithm="astar")


def test_unknown_options_and_a_goal_in_the_options_place_are_type_errors():
    with pytest.raises(TypeError, match="unknown option 'beamwidth'"):
        npuzzle.Options(beamwidth=3)
    with pytest.raises(TypeError, match="unknown option"):
        npuzzle.solve("1 2 3 4 5 6 7 0 8", beamwidth=3)
    with pytest.raises(TypeError, match="give a goal as goal="):
        npuzzle.solve("1 2 3 4 5 6 7 0 8", "blank-first")
    with pytest.raises(TypeError, match="takes no seed"):
        npuzzle.tree("1 2 3 4 5 6 7 0 8", seed=3)


def test_memory_limits_are_read_by_the_library():
    s = npuzzle.solve("8 6 7 2 5 4 3 0 1", algorithm="astar", max_memory="1K")
    assert (s.status, s.limit) == ("limit", "memory")
    with pytest.raises(ValueError, match='bad size "lots"'):
        npuzzle.solve("8 6 7 2 5 4 3 0 1", max_memory="lots")
    with pytest.raises(ValueError, match="must not be negative"):
        npuzzle.solve("8 6 7 2 5 4 3 0 1", max_memory=-1)


def test_solution_fields_are_typed_properties():
    s = npuzzle.solve("1 2 3 4 5 6 0 7 8")
    assert isinstance(s.cost, int) and isinstance(s.moves, str) and isinstance(s.stats["expanded"], int)
    assert s.to_dict()["cost"] == s.cost
    assert all(isinstance(getattr(type(s), name), property) for name in ("status", "cost", "moves", "stats", "seed", "stuck"))
    with pytest.raises(AttributeError):
        s.colour  # noqa: B018


def test_a_courses_rules_are_keywords_with_the_clis_counts(cli):
    nilsson = dict(goal="1 2 3/8 0 4/7 6 5", algorithm="bfs", order="LURD")
    for rules in ("npuzzle", "cs188", "tree-search"):
        s = npuzzle.solve("2 8 3/1 6 4/7 0 5", rules=rules, **nilsson)
        report = json.loads(cli("solve", "2 8 3/1 6 4/7 0 5", "--goal", nilsson["goal"], "-a", "bfs", "--order", "LURD",
                                "--rules", rules, "-f", "json"))
        assert (s.stats["expanded"], s.stats["generated"]) == (report["stats"]["expanded"], report["stats"]["generated"])
    lifo = npuzzle.solve("2 8 3/1 6 4/7 0 5", ties="lifo", heuristic="misplaced", **dict(nilsson, algorithm="astar"))
    assert (lifo.moves, lifo.stats["expanded"]) == ("UULDR", 5)
    text = npuzzle.trace_text("2 8 3/1 6 4/7 0 5", goal_test="generation", heuristic="misplaced",
                              **dict(nilsson, algorithm="astar"), limit=1)
    assert text.splitlines()[0].endswith(", rules: goal test at generation")
    with pytest.raises(ValueError, match="expected one of none, parent, path, explored, reached$"):
        npuzzle.solve("2 8 3/1 6 4/7 0 5", duplicates="sometimes", **nilsson)
