"""The interpretations in both languages (issue 31): every German text field has its English twin.

``interpretations.toml`` holds ``topic``, ``decision`` and ``reason`` in German (the book's language) and
``topic_en``, ``decision_en``, ``reason_en`` for the English edition. The English text keeps the facts: every
number, tile and code name of the German text appears in its twin, and no German is left in it.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from dominolab.verify.interpretations import interpretations

TOML = Path(__file__).parents[2] / "dominolab" / "interpretations.toml"
FIELDS = ("topic", "decision", "reason")

#: German function words that never belong in an English sentence (whole words, case-sensitive where
#: a capital would be an English word too)
GERMAN_WORDS = re.compile(r"\b(und|oder|der|das|ein|eine|nicht|wird|werden|ist|sind|mit|auf|für|nach|"
                          r"Stein|Steine|Runde|Partie|Talon|Regelmaschine|Auslegung)\b")
#: English words the glossary retired (issue 31): one word per thing
RETIRED = re.compile(r"\b(line sides?|side arms?|stock)\b", re.IGNORECASE)


def _items() -> list[dict[str, object]]:
    return list(tomllib.loads(TOML.read_text(encoding="utf-8"))["interpretation"])


def _facts(text: str) -> list[str]:
    """Numbers (a German decimal comma read as a point), tiles and code-like names (with _ or a dot inside)."""
    tiles = re.findall(r"\[\d\|\d\]", text)
    numbers = [n.replace(",", ".") for n in re.findall(r"(?<![\w.|\[])\d+(?:[.,]\d+)?(?![\w|\]])", text)]
    code = re.findall(r"\b[a-z]+(?:[._][A-Za-z_]+)+\b", text)
    return sorted(tiles + numbers + code)


def test_every_text_field_has_its_english_twin_and_nothing_else() -> None:
    for item in _items():
        text_fields = {k for k in item if k in FIELDS or k.removesuffix("_en") in FIELDS}
        assert text_fields == {*FIELDS, *(f + "_en" for f in FIELDS)}, item["id"]
        for field in FIELDS:
            assert isinstance(item[field + "_en"], str) and item[field + "_en"].strip(), (item["id"], field)
            assert item[field + "_en"] != item[field], (item["id"], field)


def test_the_loader_carries_both_languages() -> None:
    loaded = interpretations()
    assert len(loaded) == len(_items())
    for it in loaded:
        assert it.topic_en and it.decision_en and it.reason_en, it.id


@pytest.mark.parametrize("item", _items(), ids=lambda item: str(item["id"]))
def test_the_english_text_is_english_and_keeps_the_facts(item: dict[str, object]) -> None:
    for field in FIELDS:
        german, english = str(item[field]), str(item[field + "_en"])
        assert not re.search(r"[äöüÄÖÜß]", english), (field, english)
        assert not GERMAN_WORDS.search(english), (field, GERMAN_WORDS.search(english))
        assert not RETIRED.search(english), (field, RETIRED.search(english))
        assert _facts(german) == _facts(english), field


def test_the_advising_level_is_stated_in_english_too() -> None:
    """As the German text (tests/verify/test_coverage.py), the English one follows play/levels.py and play/expert.py."""
    from dominolab.play.expert import STEPS_PER_MS
    from dominolab.play.levels import ADVISOR, ADVISOR_HINT_MS, ADVISOR_REVIEW_MS

    by_id = {it.id: it for it in interpretations()}
    advising = by_id["zg-beratende-stufe"].decision_en
    assert f"{ADVISOR_HINT_MS:g} ms of work per hint" in advising
    assert f"{ADVISOR_REVIEW_MS:g} ms per decision in a review" in advising
    assert {"strong": "the strong bot", "expert": "the expert"}[ADVISOR] in advising
    assert f"expert.STEPS_PER_MS ({STEPS_PER_MS:g})" in by_id["zf-expertin-und-stufen"].decision_en
