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

FILE = Path(__file__).parents[1] / "rules_coverage.toml"

#: Section of a rule document -> the book chapter (and lesson) that teaches it.
CHAPTER_OF_SECTION = {
    "Spieler, Steine und Punkte": "hr-grundlagen", "Die Runde beginnen": "hr-grundlagen",
    "Anlegen und am Zug bleiben": "hr-grundlagen",
    "Jeder Doppelstein kann verzweigen": "hr-spinner", "Doppelsteine am Ende und im Inneren der Auslage": "hr-spinner",
    "Seitenarme des Spinners öffnen": "hr-spinner",
    "Nach jedem Anlegen werten": "hr-wertung", "Von der Endsumme zu Punkten": "hr-wertung",
    "Ziehen oder passen": "hr-wertung",
    "Die Runde abrechnen": "hr-abrechnung", "Gleich kleinste Summen": "hr-abrechnung",
    "Die Partie gewinnen und Punkte notieren": "hr-abrechnung",
    "Ausrüstung und Ziel": "ft-grundlagen", "Austeilen und die Runde beginnen": "ft-grundlagen",
    "Gleiche Augenzahlen anlegen": "ft-grundlagen", "Doppelsteine und die Linie": "ft-grundlagen",
    "Punkte für das Anlegen": "ft-wertung", "Eine Runde beenden": "ft-wertung",
    "Das exakte 61-Punkte-Ziel anwenden": "ft-wertung",
}


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
