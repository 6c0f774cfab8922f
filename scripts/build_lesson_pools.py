"""Write the lessons' pools ("Neue Aufgabe") as one classic script per game into
book/_widgetjs/lessons/ (served as _static/lessons/pool-<game>.js; gitignored).

Each pool holds POOL_SIZE exercises per kind from seeded games, with the engine's answers and
German feedback, compressed (see dominolab.book.lessons.pack). One file per game is shared by
all lesson pages of that game and loaded only when a reader asks for a new exercise.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from dominolab.book.lessons import write_pool_scripts  # noqa: E402


def main() -> int:
    for path in write_pool_scripts(ROOT / "book" / "_widgetjs" / "lessons"):
        print(f"{path.relative_to(ROOT)}: {path.stat().st_size / 1024:.0f} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
