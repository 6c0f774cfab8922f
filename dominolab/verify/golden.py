"""Golden matches: seeded matches of every seating, kept as records in the repository.

Like the playthrough files game engines keep, they pin the engine's behaviour:
``tests/verify/test_golden.py`` replays every stored record (it must be consistent
with the rules) and plays each match again from its seed (it must come out
identical). When the engine changes on purpose, regenerate them::

    python -m dominolab.verify.golden regen            # rewrite tests/golden/*.record.json
    python -m dominolab.verify.golden check            # compare without writing (exit 1 on a difference)

and commit the new files with the change. A difference is reported as the
first differing place: round, event, field, stored against now.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dominolab.core.engine import Match
from dominolab.core.record import match_to_record
from dominolab.play.levels import POLICIES
from dominolab.core.rules import GAMES

_REPO_TESTS = Path(__file__).resolve().parents[2] / "tests"
#: tests/golden of the repository this package lives in (a source checkout), else of the current directory
DEFAULT_DIR = (_REPO_TESTS if _REPO_TESTS.is_dir() else Path("tests")) / "golden"


@dataclass(frozen=True)
class Golden:
    game: str
    players: int
    partnerships: bool
    policy: str
    seed: int

    @property
    def filename(self) -> str:
        seating = f"{self.players}{'p' if self.partnerships else 'i'}"
        return f"{self.game}-{seating}-{self.policy}-seed{self.seed}.record.json"

    def play(self) -> dict[str, Any]:
        match = Match(self.game, self.players, self.partnerships, seed=self.seed).play(POLICIES[self.policy])
        return match_to_record(match)


#: Every seating every game allows, read from the game descriptions.
_SEATINGS = tuple((game.name, seating.players, seating.partnerships)
                  for game in GAMES.values() for seating in game.hand_sizes)
#: Two matches per seating: one random, one greedy.
GOLDEN: tuple[Golden, ...] = tuple(Golden(g, n, p, policy, seed)
                                   for g, n, p in _SEATINGS for policy, seed in (("random", 1), ("greedy", 2)))


def dumps(record: dict[str, Any]) -> str:
    """The stored form: stable key order, UTF-8, one event per line (small, readable diffs)."""
    def one(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    head = {k: v for k, v in record.items() if k != "rounds"}
    lines = ["{"] + [f" {one(k)}: {one(v)}," for k, v in head.items()] + [' "rounds": [']
    for i, rnd in enumerate(record.get("rounds", [])):
        lines.append("  {")
        fields = [(k, v) for k, v in rnd.items() if k != "events"]
        lines += [f"   {one(k)}: {one(v)}," for k, v in fields]
        events = rnd.get("events", [])
        lines.append('   "events": [')
        lines += [f"    {one(e)}{',' if j < len(events) - 1 else ''}" for j, e in enumerate(events)]
        lines.append("   ]")
        lines.append("  }" + ("," if i < len(record["rounds"]) - 1 else ""))
    lines += [" ]", "}"]
    text = "\n".join(lines) + "\n"
    assert json.loads(text) == record
    return text


def first_difference(old: Any, new: Any, path: tuple[str, ...] = ()) -> str | None:
    """The first place where two records differ, readably (``None`` when equal)."""
    where = ", ".join(path) or "record"
    if isinstance(old, dict) and isinstance(new, dict):
        for key in list(old) + [k for k in new if k not in old]:
            if key not in new:
                return f"{where}: field {key} is gone (stored {_short(old[key])})"
            if key not in old:
                return f"{where}: new field {key} = {_short(new[key])}"
            if key in ("rounds", "events"):
                diff = first_difference(old[key], new[key], path + (key[:-1],))
            else:
                diff = first_difference(old[key], new[key], path + (f"field {key}",))
            if diff:
                return diff
        return None
    if isinstance(old, list) and isinstance(new, list):
        numbered = bool(path) and path[-1] in ("round", "event")
        for i, (a, b) in enumerate(zip(old, new)):
            step = path[:-1] + (f"{path[-1]} {i + 1}",) if numbered else path + (f"[{i}]",)
            diff = first_difference(a, b, step)
            if diff:
                return diff
        if len(old) != len(new):
            what = f"{path[-1]}s" if numbered else "entries"
            return f"{', '.join(path[:-1]) if numbered else where}: {len(old)} {what} stored, {len(new)} now".lstrip(": ")
        return None
    if old != new:
        return f"{where}: stored {_short(old)}, now {_short(new)}"
    return None


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:59] + "…"


def compare(directory: Path = DEFAULT_DIR) -> list[str]:
    """One line per golden match whose stored record differs from a fresh play (or is missing)."""
    problems = []
    for golden in GOLDEN:
        path = directory / golden.filename
        if not path.exists():
            problems.append(f"{path.name}: missing (run: python -m dominolab.verify.golden regen)")
            continue
        stored = json.loads(path.read_text(encoding="utf-8"))
        diff = first_difference(stored, golden.play())
        if diff:
            problems.append(f"{path.name}: {diff}")
    return problems


def regen(directory: Path = DEFAULT_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for golden in GOLDEN:
        path = directory / golden.filename
        path.write_text(dumps(golden.play()), encoding="utf-8")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dominolab.verify.golden", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["regen", "check"])
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help=f"default: {DEFAULT_DIR}")
    args = parser.parse_args(argv)
    if args.action == "regen":
        for path in regen(args.dir):
            print(f"wrote {path}")
        return 0
    problems = compare(args.dir)
    for line in problems:
        print(line)
    print(f"{len(GOLDEN) - len(problems)} golden matches unchanged, {len(problems)} differ")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
