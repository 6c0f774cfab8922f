"""The measurements (``python -m tools bench NAME``): what each one measures and its figures are in
tools/bench/README.md. ``python -m tools bench`` lists them."""

from __future__ import annotations

import importlib
import sys

from tools import stderr_line

#: bench name -> (module in tools.bench, one line)
BENCHES: dict[str, tuple[str, str]] = {
    "matches": ("matches", "engine throughput with random play, records, memory"),
    "sizes": ("sizes", "sizes of a built site: frames, pages, the whole"),
    "book-build": ("book_build", "time of a book build (cold or warm)"),
    "bad-inputs": ("bad_inputs", "how fast and lean the command line refuses hostile input"),
    "expert-screen": ("expert_screen", "screen a change of the expert's tuning on paired deals"),
    "lessons-timing": ("lessons_timing", "lessons on the static site: usable and feedback times (browser)"),
    "lite-load": ("lite_load", "load time of the live notebooks (browser)"),
    "move-parts": ("move_parts", "where the time of one strong move goes"),
    "page-levels": ("page_levels", "ms per decision of every level in the page's Pyodide (node)"),
    "play-load": ("play_load", "load time of the play page (browser)"),
    "review": ("review", "time of a review of a record"),
    "review-page": ("review_page", "time of the page's review (node)"),
    "widest-layouts": ("widest_layouts", "find the widest final layouts of the play page's rounds"),
}


def listing() -> str:
    width = max(map(len, BENCHES))
    lines = ["usage: python -m tools bench NAME [options]   (python -m tools bench NAME --help explains one)", "",
             "measurements (tools/bench/README.md):"]
    lines += [f"  {name:<{width}}  {summary}" for name, (_, summary) in BENCHES.items()]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    from tools.__main__ import run

    if not argv or argv[0] in ("-h", "--help"):
        print(listing())
        return 0
    name, rest = argv[0], argv[1:]
    if name not in BENCHES:
        stderr_line("tools bench", f"unknown measurement {name!r:.40}; python -m tools bench lists them")
        return 2
    prog = f"tools bench {name}"
    sys.argv = [prog, *rest]
    module = importlib.import_module(f"tools.bench.{BENCHES[name][0]}")
    return run(prog, module.main, rest)
