"""The `pip install` lines that the docs, the notebooks and the package's own docstrings and
messages give, read from those files, so that the tests check and run the lines as they are
written (test_install_lines.py checks each one; test_notebooks.py installs each notebook's own
line into a fresh virtual environment and runs the notebook there).

Where a line is found: in Markdown and in notebook cells, a line of a code block that starts
with the command, or an inline code span (`` `pip install …` ``) holding it; in Python, a
string (a docstring or a message) holding it, up to the end of its ``code span`` or of the line.
"""

from __future__ import annotations

import ast
import json
import re
import shlex
import sys
from dataclasses import dataclass, field
from pathlib import Path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pytest needs tomli before Python 3.11, so it is there
    import tomli as tomllib

REPO = Path(__file__).resolve().parents[3]
PACKAGE = REPO / "crates" / "npuzzle-py"
EXAMPLES = PACKAGE / "examples"

# `pip install`, `pip3 install`, `python -m pip install`, and a notebook's `%pip` / `!pip`.
PIP = re.compile(r"(?:python3? -m |[%!])?pip3? install\b")
# An inline code span: a run of backticks, its text, the same run again.
SPAN = re.compile(r"(?<!`)(`+)(?!`)(.+?)(?<!`)\1(?!`)")


@dataclass(frozen=True)
class InstallLine:
    where: str  # "README.md:185", "crates/npuzzle-py/examples/tour.ipynb, cell 1, line 11"
    file: Path
    text: str  # the command as written, its comment included
    block: bool  # a line of a code block on its own (not a span in prose)
    args: list[str] = field(default_factory=list)  # the words after `pip install`, the shell's quotes removed
    comment: str = ""  # what follows an unquoted `#`

    @property
    def command(self) -> str:
        """The command without its comment."""
        return _split_comment(self.text)[0].strip()


def sources() -> list[Path]:
    """Every file whose install lines the tests read: the README, the docs, the package's README
    (its page on PyPI), the example notebooks, and the package's Python source."""
    return [
        REPO / "README.md",
        *sorted((REPO / "docs").glob("*.md")),
        PACKAGE / "README.md",
        *sorted(EXAMPLES.glob("*.ipynb")),
        *sorted((PACKAGE / "python").rglob("*.py")),
        *sorted((PACKAGE / "python").rglob("*.pyi")),
    ]


def _split_comment(text: str) -> tuple[str, str]:
    """The command and its comment: what follows a `#` outside quotes, after a space."""
    quote = None
    for i, c in enumerate(text):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or text[i - 1].isspace()):
            return text[:i], text[i + 1:].strip()
    return text, ""


def _find(text: str, where: str, file: Path, first_line: int = 1) -> list[InstallLine]:
    found = []
    for n, line in enumerate(text.splitlines(), first_line):
        spans = [(m.start(2), m.end(2)) for m in SPAN.finditer(line)]
        for m in PIP.finditer(line):
            span = next(((a, b) for a, b in spans if a <= m.start() < b), None)
            end = span[1] if span else len(line)
            command = line[m.start():end].strip()
            block = span is None and not line[:m.start()].strip()
            found.append(_parse(InstallLine(f"{where}{n}", file, command, block)))
    return found


def _parse(line: InstallLine) -> InstallLine:
    command, comment = _split_comment(line.text)
    words = shlex.split(command)
    # Up to and including `install`: `pip install`, `python -m pip install`, `%pip install`.
    args = words[words.index("install") + 1:]
    return InstallLine(line.where, line.file, line.text, line.block, args, comment)


def read(path: Path) -> list[InstallLine]:
    """The install lines of one file, in order."""
    rel = path.relative_to(REPO).as_posix()
    if path.suffix == ".ipynb":
        nb = json.loads(path.read_text(encoding="utf-8"))
        found = []
        for i, cell in enumerate(nb["cells"]):
            source = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
            found += _find(source, f"{rel}, cell {i + 1}, line ", path)
        return found
    if path.suffix in (".py", ".pyi"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found += _find(node.value, f"{rel}:", path, node.lineno)
        return sorted(found, key=lambda f: int(f.where.rsplit(":", 1)[1]))
    return _find(path.read_text(encoding="utf-8"), f"{rel}:", path)


def every_line() -> list[InstallLine]:
    return [line for path in sources() for line in read(path)]


def pyproject(path: Path = PACKAGE) -> dict:
    with open(path / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def split_extras(arg: str) -> tuple[str, list[str]]:
    """`./crates/npuzzle-py[dask,notebook]` → (`./crates/npuzzle-py`, [`dask`, `notebook`])."""
    m = re.fullmatch(r"(.*?)\[([^\]]*)\]", arg)
    if not m:
        return arg, []
    return m.group(1), [e.strip() for e in m.group(2).split(",") if e.strip()]


def is_path(arg: str) -> bool:
    """A local directory or file (as opposed to a requirement such as `npuzzle[widget]`)."""
    base, _ = split_extras(arg)
    return base in (".", "..") or base.startswith(("./", "../", "/", "~")) or base.endswith(".whl")


def notebook_line(path: Path) -> InstallLine:
    """A notebook's own install line: the one line of a code block in its cells that installs
    the package from the checkout."""
    lines = [line for line in read(path) if line.block and any(is_path(a) for a in line.args)]
    assert len(lines) == 1, \
        f"{path.name}: {len(lines)} install lines that install the package from the checkout (want one): {lines}"
    return lines[0]
