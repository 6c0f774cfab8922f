"""Find the widest final layouts of the play page's rounds (issue 32, test data for the board).

For every game and seating of the play page's catalogue and every seed 1-200 this plays the
page's first round exactly as tests/browser/test_browser_board.py plays it in the browser: the person
sits at seat 0 and always plays the first legal move the page offers (the first move button),
every other seat is the default bot. It keeps the seed whose final layout drawing is widest
(the viewBox width of the page's drawing, in tile widths) and writes them to
tests/data/widest-layouts.json:

    python -m tools bench widest-layouts [--seeds 200] [--out tests/data/widest-layouts.json]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path

from dominolab import webapi

from tools import ROOT, Parser
VIEWBOX = re.compile(r'viewBox="([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+)"')


def play_round(game: str, players: int, partnerships: bool, seed: int) -> dict[str, object]:
    """The first round as the browser test plays it; the size of its final drawing."""
    bots = ",".join([webapi.catalog()["default_bot"]] * (players - 1))
    session = webapi.PlaySession.from_params({"game": game, "players": str(players),
                                              "partnerships": "1" if partnerships else "0",
                                              "seat": "0", "bots": bots, "seed": str(seed)})
    state = session.state()
    while state["state"] not in ("round-over", "match-over"):
        state = session.play(state["moves"][0]["move"]) if state["state"] == "your-turn" else session.bot()
    m = VIEWBOX.search(state["layout_svg"])
    assert m, "no drawing at the end of a round"
    w, h = float(m.group(3)), float(m.group(4))
    return {"seed": seed, "width": round(w / 20, 2), "height": round(h / 20, 2),
            "tiles": len(state["layout"].split()), "layout": state["layout"]}


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=200)
    ap.add_argument("--out", type=Path, default=ROOT / "tests" / "data" / "widest-layouts.json")
    args = ap.parse_args(argv)
    out: list[dict[str, object]] = []
    for g in webapi.catalog()["games"]:
        for s in g["seatings"]:
            t0 = time.monotonic()
            best: dict[str, object] | None = None
            for seed in range(1, args.seeds + 1):
                r = play_round(g["name"], s["players"], s["partnerships"], seed)
                if best is None or (r["width"], r["height"]) > (best["width"], best["height"]):
                    best = r
            assert best is not None
            entry = {"game": g["name"], "players": s["players"], "partnerships": int(s["partnerships"]), **best}
            out.append(entry)
            print(f"{g['name']} {s['players']}{'p' if s['partnerships'] else ''}: seed {best['seed']} "
                  f"{best['width']} x {best['height']} tile widths ({time.monotonic() - t0:.1f} s)", file=sys.stderr)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"about": "widest final layout of seeds 1-%d per game and seating: person at seat 0 "
                                    "plays the first legal move, the other seats the default bot "
                                    "(tools/bench/widest_layouts.py)" % args.seeds, "rounds": out},
                                   ensure_ascii=False, indent=1) + "\n")
    return 0
