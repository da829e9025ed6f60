"""The package's result types are the library's report: ``python/npuzzle/_types.py`` is written
from the JSON Schema of ``npuzzle::solve::Report`` (through ``_npuzzle.report_schema()``), and
this test keeps it in step. ``NPUZZLE_WRITE_TYPES=1 pytest tests/test_types.py`` writes it again."""

import json
import os
import re
import textwrap
import typing
from pathlib import Path

import pytest

import npuzzle
from npuzzle import _npuzzle, _types

TYPES_PY = Path(npuzzle.__file__).resolve().parent / "_types.py"
SOURCE = Path(__file__).resolve().parent.parent / "python" / "npuzzle" / "_types.py"
SCALARS = {"integer": "int", "number": "float", "string": "str", "boolean": "bool"}


def docstring(text, indent):
    """``text`` (Rust documentation: paragraphs, ``- `` items, ``[`links`]``) as a docstring at
    ``indent`` spaces."""
    pad = " " * indent
    text = re.sub(r"\[(`[^`]+`)\](\([^)]*\))?", r"\1", text or "")
    lines = []
    for para in [p for p in text.strip().split("\n\n") if p.strip()]:
        if lines:
            lines.append("")
        # A paragraph, or a list whose items start with "- ".
        items = re.split(r"\n(?=- )", para.strip())
        for item in items:
            first = item.startswith("- ")
            width = 100 - indent - 6
            lines += textwrap.wrap(" ".join(item.split()), width, subsequent_indent="  " if first else "", break_on_hyphens=False)
    if not lines:
        return []
    lines[0] = '"""' + lines[0]
    lines[-1] += '"""'
    return [pad + line if line else "" for line in lines]


def listing(head, items, tail):
    """``head`` + the items, comma-separated, + ``tail``: on one line when it fits, else one
    indented block."""
    one = head + ", ".join(items) + tail
    if len(one) <= 100:
        return [one]
    return [head] + ["    " + line for line in textwrap.wrap(", ".join(items) + ",", 96, break_on_hyphens=False)] + [tail]


def literal_values(d):
    """The strings of a string enum (``enum``, or ``oneOf`` consts), else None."""
    if d.get("type") == "string" and "enum" in d:
        return d["enum"]
    one = d.get("oneOf")
    if one and all("const" in v for v in one):
        return [v["const"] for v in one]
    return None


def py_type(s, defs, prop=False):
    """The Python type of a schema; ``prop`` names string enums ``str`` (a property's type)."""
    if "$ref" in s:
        name = s["$ref"].rsplit("/", 1)[1]
        return "str" if prop and literal_values(defs[name]) is not None else name
    if "anyOf" in s:
        kinds = [v for v in s["anyOf"] if v.get("type") != "null"]
        inner = py_type(kinds[0], defs, prop)
        return f"Optional[{inner}]" if len(kinds) < len(s["anyOf"]) else inner
    t = s.get("type")
    if isinstance(t, list):
        rest = [x for x in t if x != "null"]
        inner = py_type({**s, "type": rest[0]}, defs, prop)
        return f"Optional[{inner}]" if "null" in t else inner
    if t == "array":
        return f"List[{py_type(s['items'], defs, prop)}]"
    return SCALARS[t]


def variant_name(base, kind):
    return base + "".join(w.capitalize() for w in kind.split("_"))


def render(schema):
    """The text of ``_types.py`` for the report's schema."""
    defs = schema["$defs"]
    out = [
        '"""The run\'s report and what it holds as Python types, each field described once by the',
        "library (``npuzzle::solve::Report``): written by ``tests/test_types.py`` from",
        "``_npuzzle.report_schema()`` (``NPUZZLE_WRITE_TYPES=1 pytest tests/test_types.py``); do not",
        'edit."""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Any, Dict, List, Literal, Optional, TypedDict, Union, cast",
    ]
    names = []
    for name in sorted(defs):
        d = defs[name]
        values = literal_values(d)
        out += ["", ""]
        if values is not None:
            out += listing(f"{name} = Literal[", [json.dumps(v) for v in values], "]")
            out += docstring(d.get("description"), 0)
        elif d.get("type") in ("array", "number", "integer", "string"):
            out.append(f"{name} = {py_type(d, defs)}")
            out += docstring(d.get("description"), 0)
        elif "oneOf" in d:
            variants = []
            for v in d["oneOf"]:
                kind = v["properties"]["kind"]["const"]
                vname = variant_name(name, kind)
                variants.append(vname)
                out += [f"class {vname}(TypedDict):"]
                out += docstring(v.get("description"), 4)
                out += [""]
                for key, p in v["properties"].items():
                    t = f'Literal["{kind}"]' if key == "kind" else py_type(p, defs)
                    out.append(f"    {key}: {t}")
                    out += docstring(p.get("description"), 4)
                out += ["", ""]
            out.append(f"{name} = Union[{', '.join(variants)}]")
            out += docstring(d.get("description"), 0)
            names += variants
        else:
            out += typed_dict(name, d, defs)
        names.append(name)
    out += ["", ""] + typed_dict("Report", schema, defs)
    out += ["", ""] + fields_class(schema, defs)
    names += ["Report", "ReportFields"]
    out += ["", ""] + listing("__all__ = [", [f'"{n}"' for n in names], "]") + [""]
    text = "\n".join(out)
    # One blank line between the imports and a first line that is no class (isort's rule).
    return re.sub(r"(import [^\n]*\n)\n\n(?!class )", r"\1\n", text, count=1)


def typed_dict(name, d, defs):
    """A TypedDict of an object schema; fields the schema does not require are not required."""
    required = [k for k in d["properties"] if k in d.get("required", [])]
    optional = [k for k in d["properties"] if k not in required]
    out = []
    base = "TypedDict"
    if optional and required:
        base = f"_{name}Required"
        out += [f"class {base}(TypedDict):", f'    """The fields every {name} has."""', ""]
        for key in required:
            out.append(f"    {key}: {py_type(d['properties'][key], defs)}")
            out += docstring(d["properties"][key].get("description"), 4)
        out += ["", ""]
        keys, total = optional, ", total=False"
    else:
        keys, total = required + optional, ", total=False" if optional else ""
    out.append(f"class {name}({base}{total}):")
    out += docstring(d.get("description"), 4)
    out.append("")
    for key in keys:
        out.append(f"    {key}: {py_type(d['properties'][key], defs)}")
        out += docstring(d["properties"][key].get("description"), 4)
    return out


def fields_class(schema, defs):
    """The report's fields as read-only properties over a dict (``Solution``'s base)."""
    out = [
        "class ReportFields:",
        '    """The report\'s fields as properties: :class:`npuzzle.Solution` reads them from its',
        '    ``_data``, the report as the library serialised it."""',
        "",
        "    __slots__ = ()",
        "    _data: Dict[str, Any]",
    ]
    for key, p in schema["properties"].items():
        t = py_type(p, defs, prop=True)
        if key not in schema.get("required", []) and not t.startswith("Optional["):
            t = f"Optional[{t}]"
        out += ["", "    @property", f"    def {key}(self) -> {t}:"]
        out += docstring(p.get("description"), 8)
        out.append(f'        return cast({json.dumps(t)}, self._data.get("{key}"))')
    return out


def test_the_types_file_is_the_librarys_report():
    want = render(json.loads(_npuzzle.report_schema()))
    if os.environ.get("NPUZZLE_WRITE_TYPES"):
        SOURCE.write_text(want, encoding="utf-8")
        return
    stale = "_types.py is out of date: NPUZZLE_WRITE_TYPES=1 pytest tests/test_types.py"
    assert TYPES_PY.read_text(encoding="utf-8") == want, stale


def test_a_report_has_every_field_its_type_requires_and_no_other():
    hints = typing.get_type_hints(_types.Report)
    required = _types.Report.__required_keys__
    for s in [
        npuzzle.solve("1 2 3 4 5 6 0 7 8"),
        npuzzle.solve("8 6 7 2 5 4 3 0 1", algorithm="astar", max_nodes=10),
        npuzzle.solve("1 2 3 4 5 6 7 0 8", algorithm="hill-climbing", seed=1),
    ]:
        d = s.to_dict()
        assert required <= set(d), sorted(required - set(d))
        assert set(d) <= set(hints), sorted(set(d) - set(hints))
        assert set(d["stats"]) == set(typing.get_type_hints(_types.Stats))
        for key in d:
            assert getattr(s, key) == d[key], key


def test_a_heuristic_is_a_name_or_a_formula():
    # The registry is open (a formula is a heuristic too), so the type is text, and every
    # registered name and alias reads back as the heuristic a report names.
    assert _types.Estimator is str
    registered = npuzzle.heuristic_info()
    assert {"misplaced", "manhattan", "gaschnig"} <= {h["name"] for h in registered}
    assert "h1" in next(h for h in registered if h["name"] == "misplaced")["aliases"]
    for h in registered:
        if h["table"] is not None and h["name"] != "exact" or h["name"] == "learnt":
            continue  # pattern databases and learnt weights need preparing; exact is built here
        for name in [h["name"], *h["aliases"]]:
            s = npuzzle.solve("1 2 3 4 5 6 0 7 8", algorithm="astar", heuristic=name)
            assert s.heuristic == h["name"], name


@pytest.mark.parametrize("name", ["Status", "LimitKind", "AlgorithmName", "CostModel", "BoundSource"])
def test_the_names_are_the_librarys(name):
    values = typing.get_args(getattr(_types, name))
    assert values and all(isinstance(v, str) for v in values)
    if name == "AlgorithmName":
        assert set(values) == {a["name"] for a in npuzzle.algorithms()}
    if name == "Status":
        assert set(values) == {"solved", "unsolvable", "limit", "not_found"}
