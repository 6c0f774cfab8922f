"""The rule statements (``dominolab/rules_coverage.toml``) as far as lessons need them.

The lessons layer sits beside ``verify`` and does not import it; it reads the same
file (one source of truth) for the ids, the games, the section of the rule document
and the ``practicable`` flag: a statement an exercise can express. Every
practicable statement must be practised by the lesson of its chapter (a test
checks it). :data:`CHAPTER_OF_SECTION` says which book chapter holds a section.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

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

    @property
    def chapter(self) -> str:
        return CHAPTER_OF_SECTION[self.section]


@lru_cache(maxsize=1)
def _all() -> tuple[StatementInfo, ...]:
    data = tomllib.loads(FILE.read_text(encoding="utf-8"))
    return tuple(StatementInfo(s["id"], tuple(s["games"]), s["section"], s["de"], bool(s.get("practicable", False)))
                 for s in data["statement"])


def by_id() -> dict[str, StatementInfo]:
    return {s.id: s for s in _all()}


def practicable(chapter: str | None = None) -> list[StatementInfo]:
    """The statements an exercise can express (of one chapter)."""
    return [s for s in _all() if s.practicable and (chapter is None or s.chapter == chapter)]
