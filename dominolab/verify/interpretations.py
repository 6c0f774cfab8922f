"""The interpretations: every decision on a point the rule documents leave open.

They are data (``interpretations.toml``: German, with the English edition's ``topic_en``,
``decision_en`` and ``reason_en`` beside); the book's Auslegungen page renders them, and each names where the engine implements it.
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

    def text(self, key: str, lang: str = "de") -> str:
        """``topic``, ``decision`` or ``reason`` in ``lang``; an English field that is missing is an
        error (never a silent German text on an English page)."""
        if key not in ("topic", "decision", "reason"):
            raise KeyError(key)
        if lang == "de":
            return str(getattr(self, key))
        value = str(getattr(self, f"{key}_{lang}", "") or "")
        if not value:
            raise ValueError(f"interpretation {self.id}: {key}_{lang} is missing in interpretations.toml")
        return value


@lru_cache(maxsize=1)
def interpretations() -> tuple[Interpretation, ...]:
    data = tomllib.loads((Path(__file__).parents[1] / "interpretations.toml").read_text(encoding="utf-8"))
    return tuple(Interpretation(**{**item, "games": tuple(item["games"])}) for item in data["interpretation"])
