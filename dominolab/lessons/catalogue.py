"""The built-in lessons, puzzles and pools, and their listing as JSON (``dominolab.exercises/1``).

One lesson per rule chapter (``data/<chapter>.toml``), the best-move puzzles
(``data/puzzles.toml``) and the seeded pools (:mod:`dominolab.lessons.pools`).
:func:`exercise_json` writes one exercise with the engine's answers: placements in
the contract's notation, counts and points as integers, expected points as
decimals, *what happens next* as one of the fixed tokens.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Sequence

from dominolab.core.rules import GAMES
from dominolab.lessons.files import load_file, load_files
from dominolab.lessons.model import Exercise, question_of, solve
from dominolab.lessons.pools import POOL_KINDS, pool

DATA = Path(__file__).resolve().parent / "data"
FORMAT = "dominolab.exercises/1"
#: The rule chapters that end with a lesson, in book order, and their game.
CHAPTERS = {"hr-grundlagen": "horse-race", "hr-spinner": "horse-race", "hr-wertung": "horse-race",
            "hr-abrechnung": "horse-race", "ft-grundlagen": "fives-and-threes", "ft-wertung": "fives-and-threes"}
PUZZLES = DATA / "puzzles.toml"


@lru_cache(maxsize=None)
def lesson(chapter: str) -> tuple[dict[str, str], tuple[Exercise, ...]]:
    """The head (lesson, title, game) and the exercises of a chapter's lesson."""
    head, exercises = load_file(DATA / f"{chapter}.toml")
    return head, tuple(exercises)


@lru_cache(maxsize=1)
def puzzles() -> tuple[Exercise, ...]:
    if not PUZZLES.exists():
        return ()
    return tuple(load_file(PUZZLES)[1])


def lesson_exercises(game: str | None = None) -> list[Exercise]:
    return [ex for chapter in CHAPTERS for ex in lesson(chapter)[1] if game in (None, ex.game)]


def pools(game: str | None = None) -> list[Exercise]:
    return [ex for g in GAMES if game in (None, g) for kind in POOL_KINDS for ex in pool(g, kind)]


def all_exercises(game: str | None = None, files: Sequence[str] = ()) -> list[Exercise]:
    """Lessons, puzzles and pools (of one game); or only the exercises of ``files``."""
    if files:
        return [ex for ex in load_files(files) if game in (None, ex.game)]
    return lesson_exercises(game) + [p for p in puzzles() if game in (None, p.game)] + pools(game)


def exercise_json(ex: Exercise) -> dict[str, Any]:
    """One exercise with the engine's answers (the listing's entry)."""
    s = solve(ex)
    out = ex.data()
    out["lesson"] = ex.lesson
    out["version"] = ex.version
    out["question"] = question_of(ex)
    if s.inputs:
        out["answers"] = {name: value for name, value in s.inputs}
    else:
        out["answers"] = list(s.answers)
    if s.values:
        out["expected_points"] = {move: round(value, 3) for move, value in s.values}
    out["explanation"] = s.explanation
    return out


def listing(game: str | None = None, files: Sequence[str] = ()) -> dict[str, Any]:
    exercises = all_exercises(game, files)
    return {"format": FORMAT, "exercises": [exercise_json(ex) for ex in exercises]}
