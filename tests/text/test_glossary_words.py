"""One word per thing on the learner's path (issue 32, point 3).

The glossary's terms, the retired synonyms and the act word of each game are data
(:mod:`dominolab.text.glossary`). These tests read it and fail on a learner page (the
source and, when the book is built, its HTML), an exercise of a lesson, pool or puzzle
(question, feedback, explanation, hint, answers and drawing descriptions as the page gets
them), a narration of seeded rounds or an entry of the words table that uses a retired
word, or the other game's act word (*passen* only in Horse Race, *klopfen* only in Fives
and Threes). The documents' step texts and the contract's structured layout description
(folded under "Die ganze Auslage genau beschrieben") are not the learner's own sentences
and stay as the interchange contract requires.
"""

from __future__ import annotations

import dataclasses
import html
import re
from pathlib import Path
from typing import Any, Iterator, Mapping

import pytest

from dominolab.book.lessons import exercise_data
from dominolab.core.engine import Match, greedy_policy
from dominolab.lessons.catalogue import all_exercises
from dominolab.text import narrate
from dominolab.text.glossary import (GAME_ONLY, RETIRED, RETIRED_EN, TERM_PAIRS, TERMS, TERMS_EN, game_only_hits,
                                     retired_hits)
from dominolab.text.words import WORDS

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"
BUILD = ROOT / "_build" / "html" / "book"
#: The learner's path (issue 32): start page, quick start, glossary, rule chapters, practice, comparison, play.
PAGES = ("intro", "schnellstart", "begriffe", "hr-grundlagen", "hr-spinner", "hr-wertung", "hr-abrechnung",
         "ft-grundlagen", "ft-wertung", "uebungen", "aufgaben-puzzles", "vergleich", "spielen")
GAME_OF_PAGE = {p: "horse-race" for p in PAGES if p.startswith("hr-")} | {
    p: "fives-and-threes" for p in PAGES if p.startswith("ft-")}
#: Where a retired word is named on purpose: the glossary says which word of the documents' long layout
#: description (folded under each worked step) its own term replaces.
ALLOWED = {("begriffe", "Linienseite")}


def glossary_terms(text: str) -> list[str]:
    """The terms of the ``{glossary}`` block of a MyST page (lines without indentation)."""
    block = re.search(r"```\{glossary\}\n(.*?)\n```", text, re.S)
    assert block, "no glossary block"
    return [line.strip() for line in block.group(1).splitlines()
            if line.strip() and not line.startswith((" ", ":"))]


def source_text(page: str) -> str:
    """A page's Markdown without code cells, front matter and label lines (what the reader reads)."""
    text = (BOOK / f"{page}.md").read_text(encoding="utf-8")
    text = re.sub(r"\A---\n.*?\n---\n", "", text, flags=re.S)
    text = re.sub(r"```\{code-cell\}.*?```", "", text, flags=re.S)
    text = re.sub(r"^\(.*\)=$", "", text, flags=re.M)
    return re.sub(r"\{(?:ref|doc)\}`[^`]*`", "", text)       # link targets are names, not words


def html_text(markup: str) -> str:
    """The visible words of a built page: no scripts, no styles, no folded contract description."""
    markup = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S | re.I)
    markup = re.sub(r'<details class="dominolab-detail">.*?</details>', " ", markup, flags=re.S)
    article = re.search(r"<article\b.*?</article>", markup, flags=re.S)   # the navigation repeats other pages' titles
    markup = article.group(0) if article else markup
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


def problems(text: str, game: str | None, where: str, generated: bool = False) -> list[str]:
    found = [f"{where}: „{hit}“ (statt dessen: {instead})" for hit, instead in retired_hits(text, generated)
             if (where.split(":")[0], re.sub(r"n$", "", hit)) not in ALLOWED]
    if game is not None:
        found += [f"{where}: „{hit}“ ist ein Wort des anderen Spiels ({term})" for hit, term in game_only_hits(text, game)]
    return found


def strings(value: Any) -> Iterator[str]:
    """Every string inside a value of the words table or of an exercise's page data."""
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from strings(getattr(value, f.name))
    elif isinstance(value, Mapping):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


# -- the data ---------------------------------------------------------------------------------

def test_the_glossary_defines_exactly_the_terms_of_the_table() -> None:
    assert sorted(glossary_terms((BOOK / "begriffe.md").read_text(encoding="utf-8"))) == sorted(TERMS)
    for r in RETIRED:
        assert r.instead in TERMS, r
    for term, (game, _) in GAME_ONLY.items():
        assert term in TERMS and game in ("horse-race", "fives-and-threes")


def test_self_check_retired_and_foreign_words_are_found() -> None:
    """The check can fail: each finding of issue 32 is caught, ordinary sentences are not."""
    assert problems("Dann setzt Spieler 2 aus.", None, "x")
    assert problems("[4|4] (Linienseite B, 4)", None, "x")
    assert problems("Die Rohgutschrift geteilt durch 5.", None, "x")
    assert problems("Rundensieger: deine Seite.", None, "x")
    assert problems("bis eine Seite das Ziel erreicht", None, "x")
    assert problems("Partei 1 gegen Seite 2", None, "x", generated=True)
    assert not problems("Partei 1 gegen Partei 2", None, "x", generated=True)
    assert problems("Du passt.", "fives-and-threes", "x") and problems("Links passt.", "fives-and-threes", "x")
    assert problems("Du musst passen", "fives-and-threes", "x")
    assert problems("Gegenüber klopft.", "horse-race", "x")
    assert not problems("Der gezogene Stein passt: Er muss sofort angelegt werden.", "fives-and-threes", "x")
    assert not problems("Liegt [1|4] auf dem Tisch, passt an das Ende [4|6].", "fives-and-threes", "x")
    assert not problems("Mehr dazu auf der Seite {doc}`spielen`; auf dieser Seite steht es.", None, "x")
    assert not problems("Du klopfst.", "fives-and-threes", "x") and not problems("Du passt.", "horse-race", "x")


# -- the learner's pages ---------------------------------------------------------------------------

@pytest.mark.parametrize("page", PAGES)
def test_learner_page_source_uses_one_word_per_thing(page: str) -> None:
    assert not problems(source_text(page), GAME_OF_PAGE.get(page), page)


@pytest.mark.parametrize("page", PAGES)
def test_built_learner_page_uses_one_word_per_thing(page: str) -> None:
    built = BUILD / f"{page}.html"
    if not built.exists():
        pytest.skip("book not built (python -m tools build)")
    assert not problems(html_text(built.read_text(encoding="utf-8")), GAME_OF_PAGE.get(page), page)


# -- exercises, narration, the words table ----------------------------------------------------------

def test_every_exercise_uses_one_word_per_thing() -> None:
    found: list[str] = []
    exercises = all_exercises()
    assert len(exercises) > 250          # lessons, puzzles and every pool
    for ex in exercises:
        text = " | ".join(strings(exercise_data(ex)))
        found += problems(text, ex.game, f"{ex.lesson}:{ex.id}", generated=True)
    assert not found, "\n".join(found[:20])


def _narration(game: str, players: int, partnerships: bool, seed: int) -> Iterator[str]:
    match = Match(game, players, partnerships, seed=seed).play(greedy_policy)
    for rnd in match.rounds:
        for me in (None, 0, players - 1):
            for k, event in enumerate(rnd.events):
                yield narrate.event_text(event, rnd, me=me)
                yield narrate.why_again(rnd, k)
            yield narrate.round_end_text(rnd, me=me)
            yield from narrate.round_summary(rnd, me=me)
            yield narrate.settlement_text(rnd, me=me)
            yield from narrate.hand_rows(rnd, me=me)


SEATINGS = [("horse-race", 2, False), ("horse-race", 3, False), ("horse-race", 4, False), ("horse-race", 4, True),
            ("fives-and-threes", 2, False), ("fives-and-threes", 3, False), ("fives-and-threes", 4, True)]


@pytest.mark.parametrize("game,players,partnerships", SEATINGS)
def test_narration_of_seeded_rounds_uses_the_games_own_words(game: str, players: int, partnerships: bool) -> None:
    found: list[str] = []
    for seed in range(1, 5):
        for line in _narration(game, players, partnerships, seed):
            found += problems(line, game, f"{game} {players} seed {seed}", generated=True)
    assert not found, "\n".join(found[:20])


def test_the_words_table_uses_no_retired_word() -> None:
    """Every German entry, except the documents' own step words (the contract: ``step``, ``sides``)."""
    w = WORDS["de"]
    found = []
    for f in dataclasses.fields(w):
        if f.name in ("step", "sides"):
            continue
        for text in strings(getattr(w, f.name)):
            found += problems(text, None, f"words.{f.name}", generated=True)
    assert not found, "\n".join(found)
    # each act word sits in the entry of its own game
    assert (w.passing.noun, w.knocking.noun) == ("Passen", "Klopfen")
    assert not game_only_hits(" ".join(strings(w.passing)), "horse-race")
    assert not game_only_hits(" ".join(strings(w.knocking)), "fives-and-threes")


# -- the English words (issue 31) ------------------------------------------------------------------

def english_problems(text: str, where: str) -> list[str]:
    return [f"{where}: {hit!r} (use instead: {instead})" for hit, instead in retired_hits(text, True, lang="en")]


def test_the_english_glossary_pairs_every_term() -> None:
    assert len(TERMS_EN) == len(TERMS) == len(set(TERMS_EN))
    assert TERM_PAIRS["Längsseite"] == "Long side" and TERM_PAIRS["Talon"] == "Boneyard"
    assert TERM_PAIRS["Seitenarm"] == "Arm" and TERM_PAIRS["Gewertete Beiträge"] == "End values"
    for r in RETIRED_EN:
        assert r.instead in TERMS_EN, r


def test_self_check_retired_english_words_are_found() -> None:
    for text in ("[4|4] (line side B, 4)", "a side arm opens", "the stock is empty", "Scored contributions: 2",
                 "You stay on turn.", "the domino point", "End sum 10"):
        assert english_problems(text, "x"), text
    for text in ("[4|4] (long side B, 4)", "an arm opens", "the boneyard is empty", "End values: 2",
                 "You play again.", "the going-out point", "End total 10"):
        assert not english_problems(text, "x"), text


def test_the_english_words_table_uses_the_glossary_words() -> None:
    """Every English entry of the words table (the English step texts are ours, so they are checked too)."""
    w = WORDS["en"]
    found = []
    for f in dataclasses.fields(w):
        for text in strings(getattr(w, f.name)):
            found += english_problems(text, f"words.{f.name}")
    assert not found, "\n".join(found)
    assert (w.passing.noun, w.knocking.noun) == ("Pass", "Knock")
    assert w.sides[next(iter(w.sides))] and "long side A" in w.sides.values() and "arm A" in w.sides.values()


@pytest.mark.parametrize("game,players,partnerships", SEATINGS[::3])
def test_english_narration_uses_the_glossary_words(game: str, players: int, partnerships: bool) -> None:
    match = Match(game, players, partnerships, seed=2).play(greedy_policy)
    found: list[str] = []
    for rnd in match.rounds:
        for me in (None, 0):
            for k, event in enumerate(rnd.events):
                found += english_problems(narrate.event_text(event, rnd, "en", me=me), game)
                found += english_problems(narrate.why_again(rnd, k, "en"), game)
            found += english_problems(narrate.settlement_text(rnd, "en", me=me), game)
            found += english_problems(" ".join(narrate.round_summary(rnd, "en", me=me)), game)
    assert not found, "\n".join(found[:20])
