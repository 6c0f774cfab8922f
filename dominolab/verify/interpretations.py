"""The interpretations: every decision on a point the rule documents leave open.

They are data (``interpretations.toml``, German like the book); the book's
Auslegungen page renders them, and each names where the engine implements it.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path


@dataclass(frozen=True)
class Interpretation:
    id: str
    games: tuple[str, ...]
    topic: str
    decision: str
    reason: str
    where: str
    summary: str
    topic_en: str       #: the English twins of topic, decision, reason (the English edition)
    decision_en: str
    reason_en: str


@lru_cache(maxsize=1)
def interpretations() -> tuple[Interpretation, ...]:
    data = tomllib.loads((Path(__file__).parents[1] / "interpretations.toml").read_text(encoding="utf-8"))
    return tuple(Interpretation(**{**item, "games": tuple(item["games"])}) for item in data["interpretation"])
