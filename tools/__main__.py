"""``python -m tools NAME [...]``: every tool of the project behind one command.

``python -m tools`` lists the tools, ``python -m tools NAME --help`` explains one. Every tool ends bad
input in one line on stderr and exit 2, Ctrl-C in exit 130 without a traceback, and writes what it
makes beside its target first, so a failed run leaves committed data and a built site as they were.
"""

from __future__ import annotations

import errno
import importlib
import inspect
import os
import signal
import sys
from typing import Callable, NamedTuple

from tools import ToolError, shown, stderr_line


class Tool(NamedTuple):
    module: str         #: the module whose ``main(argv)`` runs the tool
    summary: str        #: one line for the list


#: The tools of ``python -m tools NAME``: the book, its parts, the translations, the ladder.
TOOLS: dict[str, Tool] = {
    "build": Tool("tools.book.build", "build the book into _build/html (editions, live notebooks; make book)"),
    "publish": Tool("tools.book.publish", "the built book as a folder ready to upload (make publish DEST=...)"),
    "translations": Tool("tools.translations", "the English catalogues in step with the German pages (update|check)"),
    "editions": Tool("tools.book.editions", "the English edition: build, place into the site, share _static/"),
    "lite": Tool("tools.book.build_lite", "every chapter a notebook: downloads and live notebooks (JupyterLite)"),
    "prune": Tool("tools.book.prune_site", "leave out of a built site what readers never load"),
    "offline": Tool("tools.book.offline_site", "the service worker that keeps a built site offline (sw.js)"),
    "wheel": Tool("tools.book.build_wheel", "the dominolab wheel for the page's Pyodide"),
    "fetch-js": Tool("tools.book.fetch_widget_js", "fetch the widget JavaScript from npm (cached)"),
    "fetch-pyodide": Tool("tools.book.fetch_pyodide", "fetch the Pyodide core from npm (cached)"),
    "lesson-pools": Tool("tools.book.build_lesson_pools", "the lessons' pools of further exercises"),
    "puzzles": Tool("tools.book.make_puzzles", "search and write the practice puzzles"),
    "icons": Tool("tools.book.make_icons", "the site's icons"),
    "typecheck": Tool("tools.typecheck", "mypy --strict over dominolab and tools (config in pyproject.toml)"),
    "ladder": Tool("tools.ladder.cli", "the bots' ladder, the rated levels and the confirming protocol"),
    "bench": Tool("tools.bench", "a measurement: python -m tools bench NAME (python -m tools bench lists them)"),
}


def listing() -> str:
    width = max(map(len, TOOLS))
    lines = ["usage: python -m tools NAME [options]   (python -m tools NAME --help explains one)", "", "tools:"]
    lines += [f"  {name:<{width}}  {tool.summary}" for name, tool in TOOLS.items()]
    return "\n".join(lines)


def run(prog: str, main: Callable[..., int | None], argv: list[str]) -> int:
    """Run one tool's ``main`` with the discipline every tool keeps: ToolError and OSError are one line and
    exit 2, Ctrl-C is exit 130 without a traceback, an output that cannot be written is one line too."""
    signal.signal(signal.SIGINT, signal.default_int_handler)   # the tool's own clean-up runs on Ctrl-C
    try:
        if sys.stdout is None:           # started with >&-: the tool's results (and --help) would be lost
            raise OSError(errno.EBADF, "standard output is closed")
        status = int((main(argv) if inspect.signature(main).parameters else main()) or 0)
        sys.stdout.flush()
        return status
    except ToolError as err:
        stderr_line(prog, str(err))
        return 2
    except KeyboardInterrupt:
        print(f"\n{prog}: interrupted; nothing was replaced", file=sys.stderr)
        return 130
    except BrokenPipeError:              # the reader went away (| head): stop quietly
        _silence_stdout()
        return 0
    except OSError as err:
        if err.filename is None:         # standard output itself (closed, full)
            _silence_stdout()
            stderr_line(prog, f"cannot write the output: {err.strerror or err}")
            return 2
        stderr_line(prog, f"{err.strerror or err} ({shown(err.filename)})")
        return 2


def _silence_stdout() -> None:
    if sys.stdout is None:
        return
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _list() -> int:
    print(listing())
    return 0


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        return run("tools", _list, [])
    name, rest = args[0], args[1:]
    tool = TOOLS.get(name)
    if tool is None:
        from dominolab.core.errors import shorten

        if name.startswith("-"):
            stderr_line("tools", f"unknown option {shorten(name, 40)}: name a tool first (python -m tools lists them)")
        else:
            stderr_line("tools", f"unknown tool {shorten(name, 40)}; python -m tools lists them")
        return 2
    prog = f"tools {name}"
    sys.argv = [prog, *rest]                     # argparse's prog and the tools that read sys.argv
    try:
        module = importlib.import_module(tool.module)
    except KeyboardInterrupt:                    # Ctrl-C while the tool's modules load
        print(f"\n{prog}: interrupted; nothing was replaced", file=sys.stderr)
        return 130
    return run(prog, module.main, rest)


if __name__ == "__main__":
    sys.exit(main())
