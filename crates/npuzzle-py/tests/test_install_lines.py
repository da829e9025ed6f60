"""Every `pip install` line that the README, the docs, the package's README, the example
notebooks and the package's docstrings and messages give is checked as written (install_lines.py
reads them from the files): each extra it names is one of pyproject.toml's optional
dependencies, each path it names is this package in the checkout, a wheel's name is this
version's abi3 wheel, each other package is one the project depends on, and brackets are quoted
for the shell. A comment that lists the extras lists all of them.

That what a notebook's line installs is enough to run the notebook is tested by installing it
into a fresh virtual environment and running the notebook there (test_notebooks.py).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import install_lines
import pytest
from install_lines import PACKAGE, REPO, InstallLine, is_path, split_extras
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

LINES = install_lines.every_line()
PROJECT = install_lines.pyproject()["project"]
NAME = canonicalize_name(PROJECT["name"])
EXTRAS = PROJECT["optional-dependencies"]


def version() -> str:
    """The package's version: the workspace's (pyproject.toml takes it from Cargo.toml)."""
    m = re.search(r'^version = "([^"]+)"', (REPO / "Cargo.toml").read_text(), re.M)
    assert m, "no version in Cargo.toml"
    return m.group(1)


def known_packages() -> set[str]:
    """The packages the project names: its extras' requirements and its test packages."""
    reqs = [r for deps in EXTRAS.values() for r in deps]
    for line in (PACKAGE / "requirements-test.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            reqs.append(line)
    return {canonicalize_name(Requirement(r).name) for r in reqs}


def test_every_pip_install_in_those_files_is_read():
    # The reader finds what a plain search finds, so no line goes unchecked.
    for path in install_lines.sources():
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(REPO).as_posix()
        assert len(re.findall(r"pip3? install", text)) == len(install_lines.read(path)), \
            f"{rel} says `pip install` in a place install_lines.py does not read: {install_lines.read(path)}"
    assert LINES, "no install lines found"
    # The ones the tests below lean on.
    wheres = {line.where.split(":")[0].split(",")[0] for line in LINES}
    assert {"README.md", "docs/python.md", "crates/npuzzle-py/README.md"} <= wheres
    for nb in sorted(install_lines.EXAMPLES.glob("*.ipynb")):
        install_lines.notebook_line(nb)


@pytest.mark.parametrize("line", LINES, ids=lambda line: line.where)
def test_install_line(line: InstallLine):
    assert line.args, f"{line.where}: `{line.text}` installs nothing"
    known = known_packages()
    for arg in line.args:
        what = f"{line.where}: `{line.text}`: {arg}"
        assert not arg.startswith("-"), f"{what}: an option this test does not know how to check (teach it)"
        if "[" in arg:
            assert f'"{arg}"' in line.text or f"'{arg}'" in line.text, \
                f"{what}: brackets must be quoted, or zsh (macOS's shell) takes them for a pattern"
        base, extras = split_extras(arg)
        if base.endswith(".whl"):
            name, ver, _, tags = parse_wheel_filename(Path(base).name)
            assert name == NAME and str(ver) == version(), f"{what}: not this version's wheel ({NAME} {version()})"
            floor = re.fullmatch(r">=\s*3\.(\d+)", PROJECT["requires-python"])
            assert floor, PROJECT["requires-python"]
            assert {(t.interpreter, t.abi) for t in tags} == {(f"cp3{floor.group(1)}", "abi3")}, \
                f"{what}: the package is one abi3 wheel for CPython {PROJECT['requires-python']}"
            built = os.environ.get("NPUZZLE_WHEEL")
            if built and {t.platform for t in parse_wheel_filename(Path(built).name)[3]} == {t.platform for t in tags}:
                assert Path(base).name == Path(built).name, f"{what}: the wheel scripts/build-wheels makes is {Path(built).name}"
        elif is_path(arg):
            where = (REPO / base).resolve()
            assert where.is_dir() and (where / "pyproject.toml").is_file(), \
                f"{what}: {base} is no package directory at the checkout's root"
            assert where == PACKAGE.resolve(), f"{what}: {base} is not {PACKAGE.relative_to(REPO)}"
        else:
            req = Requirement(arg)
            assert req.url is None and not req.marker, f"{what}: a URL or marker this test does not know how to check"
            name = canonicalize_name(req.name)
            extras = sorted(req.extras)
            if name != NAME:
                assert name in known, f"{what}: {req.name} is none of the project's dependencies or test packages"
                continue
        unknown = [e for e in extras if e not in EXTRAS]
        assert not unknown, f"{what}: no extra {unknown} in pyproject.toml (it has {sorted(EXTRAS)})"


@pytest.mark.parametrize("line", [line for line in LINES if re.search(r"\[\w+\]", line.comment)], ids=lambda line: line.where)
def test_a_comment_that_lists_extras_lists_every_one(line: InstallLine):
    named = re.findall(r"\[([\w-]+)\]", line.comment)
    assert sorted(named) == sorted(EXTRAS), \
        f"{line.where}: the comment names the extras {sorted(named)}, pyproject.toml has {sorted(EXTRAS)}"

