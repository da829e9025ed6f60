"""Progress of table loads and builds: a bar per table (tqdm's when it is installed) in a
terminal or notebook, plain lines otherwise, as the CLI does."""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Optional


def _in_notebook() -> bool:
    try:
        shell: str = get_ipython().__class__.__name__  # type: ignore[name-defined]  # noqa: F821
    except NameError:
        return False
    return shell == "ZMQInteractiveShell"


class _Reporter:
    """Turns the library's table events ``(kind, what, done, total)`` into a bar or lines."""

    def __init__(self) -> None:
        self.interactive = _in_notebook() or (hasattr(sys.stderr, "isatty") and sys.stderr.isatty())
        self.bar: Any = None
        self.started = 0.0
        self.what = ""

    def __call__(self, kind: str, what: str, done: int, total: int) -> None:
        if kind == "build" and what:
            self.what, self.started = what, time.monotonic()
            if self.interactive:
                self.bar = _bar(total, f"building pattern {what}")
            else:
                print(f"building pattern {what} ({total} entries)", file=sys.stderr, flush=True)
        elif kind == "level" and self.bar is not None:
            self.bar.update(done - self.bar.n)
        elif kind == "built" and what:
            if self.bar is not None:
                self.bar.close()
                self.bar = None
            print(f"built pattern {what} in {time.monotonic() - self.started:.1f} s", file=sys.stderr, flush=True)
        elif kind == "saved":
            print(f"saved {what}", file=sys.stderr, flush=True)
        elif kind == "save_failed":
            print(f"warning: could not save the table ({what}); it is used from memory", file=sys.stderr, flush=True)
        elif kind == "corrupt":
            print(f"warning: cached table {what} is corrupt; rebuilding it", file=sys.stderr, flush=True)
        elif kind == "note":
            print(what, file=sys.stderr, flush=True)


class _TextBar:
    """A one-line bar on stderr for when tqdm is not installed."""

    def __init__(self, total: int, desc: str) -> None:
        self.total, self.desc, self.n = max(total, 1), desc, 0
        self._draw()

    def update(self, k: int) -> None:
        self.n += k
        self._draw()

    def _draw(self) -> None:
        frac = min(self.n / self.total, 1.0)
        filled = int(frac * 30)
        sys.stderr.write(f"\r{self.desc:32} [{'#' * filled}{'.' * (30 - filled)}] {frac * 100:3.0f}%")
        sys.stderr.flush()

    def close(self) -> None:
        sys.stderr.write("\r" + " " * 72 + "\r")
        sys.stderr.flush()


def _bar(total: int, desc: str) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return _TextBar(total, desc)
    return tqdm(total=total, desc=desc, unit=" entries", unit_scale=True, leave=False)


def make_progress(progress: Any) -> Optional[Callable[[str, str, int, int], Any]]:
    """``True``: the default reporter; ``False``/``None``: none; a callable: itself."""
    if progress is True:
        return _Reporter()
    if progress is False or progress is None:
        return None
    if callable(progress):
        reporter: Callable[[str, str, int, int], Any] = progress
        return reporter
    raise TypeError(f"progress must be True, False or a callable, not {progress!r}")
