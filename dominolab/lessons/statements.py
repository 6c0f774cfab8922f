"""The rule statements (``dominolab/rules_coverage.toml``) as far as lessons need them.

The lessons layer sits beside ``verify`` and does not import it; it reads the same
file (one source of truth) for the ids, the games, the section of the rule document
and the ``practicable`` flag: a statement an exercise can express. Every
practicable statement must be practised by the lesson of its chapter (a test
checks it). :data:`CHAPTER_OF_SECTION` says which book chapter holds a section;
the file's table ``teaches`` says which chapter teaches each statement (by default
the chapter of its section), and an exercise may practise only statements taught
in its chapter or an earlier one (:func:`taught_by`).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from dominolab.core.rules import get_game

FILE = Path(__file__).parents[1] / "rules_coverage.toml"

#: The book chapters (and lessons) of each game, one per section of its rule document, in the
#: document's order: the section headings themselves are the game's data (:attr:`GameRules.sections`).
_CHAPTERS_OF_GAME = {
    "horse-race": ("hr-grundlagen",) * 3 + ("hr-spinner",) * 3 + ("hr-wertung",) * 3 + ("hr-abrechnung",) * 3,
    "fives-and-threes": ("ft-grundlagen",) * 4 + ("ft-wertung",) * 3,
}

#: Section of a rule document -> the book chapter (and lesson) that teaches it.
CHAPTER_OF_SECTION = {section: chapter for game, chapters in _CHAPTERS_OF_GAME.items()
                      for section, chapter in zip(get_game(game).sections, chapters, strict=True)}


@dataclass(frozen=True)
class StatementInfo:
    id: str
    games: tuple[str, ...]
    section: str
    de: str
    practicable: bool
    en: str = ""         #: the statement in English (the file's ``statement``)

    def text(self, lang: str = "de") -> str:
        """The statement in ``lang`` (German ``de``, English ``statement``)."""
        return self.de if lang == "de" else self.en

    @property
    def chapter(self) -> str:
        """The book chapter that teaches the statement (table ``teaches``)."""
        return _chapter_of()[self.id]


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return tomllib.loads(FILE.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def teaches() -> dict[str, tuple[str, ...]]:
    """Chapter -> the ids of the statements it teaches, in the order the chapter page lists them."""
    return {chapter: tuple(ids) for chapter, ids in _data().get("teaches", {}).items()}


@lru_cache(maxsize=1)
def _chapter_of() -> dict[str, str]:
    return {sid: chapter for chapter, ids in teaches().items() for sid in ids}


def taught_by(chapter: str) -> list[StatementInfo]:
    """The statements ``chapter`` teaches, as listed in ``teaches``."""
    known = by_id()
    return [known[sid] for sid in teaches().get(chapter, ())]


@lru_cache(maxsize=1)
def _all() -> tuple[StatementInfo, ...]:
    data = _data()
    return tuple(StatementInfo(s["id"], tuple(s["games"]), s["section"], s["de"], bool(s.get("practicable", False)),
                               str(s.get("statement", "")))
                 for s in data["statement"])


def by_id() -> dict[str, StatementInfo]:
    return {s.id: s for s in _all()}


def practicable(chapter: str | None = None) -> list[StatementInfo]:
    """The statements an exercise can express (of one chapter)."""
    return [s for s in _all() if s.practicable and (chapter is None or s.chapter == chapter)]


#: The statements a question asks for beyond an exercise's own ``rules``: whoever is asked for the
#: points of a placement must know how an end sum scores in the game.
SCORING = {"horse-race": ("hr.score.sum-of-scored-ends", "hr.score.positive-multiple-of-five"),
           "fives-and-threes": ("ft.score.two-outer-ends", "ft.score.threes-and-fives")}


def practised(exercise: object) -> set[str]:
    """The statements an exercise practises: its ``rules`` and what its question asks for (the points
    of a placement need the game's scoring statements, :data:`SCORING`)."""
    ids = set(getattr(exercise, "rules"))
    kind, goal = getattr(exercise, "kind"), getattr(exercise, "goal", "")
    if kind == "what-does-it-score" or (kind == "place-to-goal" and goal.split(":")[0] in ("points", "most")):
        ids |= set(SCORING.get(getattr(exercise, "game"), ()))
    return ids


def known_by(chapter: str, order: tuple[str, ...]) -> set[str]:
    """The statements taught in ``chapter`` or a chapter before it (``order``: the chapters in book order)."""
    upto = order[:order.index(chapter) + 1]
    return {sid for ch in upto for sid in teaches().get(ch, ())}
