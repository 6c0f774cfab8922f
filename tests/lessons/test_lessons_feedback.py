"""Stars that mean something (issue 32, point 4): the feedback a lesson page shows on a wrong answer
never gives the right answer away.

The page data is what dominolab.book.lessons writes into every lesson page and pool script; lessons.js
builds its wrong-answer feedback from it alone:

* a placement or a token: the chosen choice's own ``feedback`` and the ``retry`` sentence;
* "where may it go": the reasons of the wrongly chosen points (their choices' ``feedback``), a count of
  missing places and ``retry``;
* numbers: ``wrongNumbers`` around one ``tooHigh``/``tooLow`` per wrong field (its label), then per wrong
  field ``ruleIs`` with the field's ``rule`` (how it is computed, from the game's description), and ``retry``.

This test rebuilds exactly those texts for every exercise of every lesson, pool and the puzzles and
checks that none contains a right value as a number (tile notation such as ``[4|1]`` aside) nor the
explanation the solution shows.
"""

from __future__ import annotations

import itertools
import re
from typing import Any, Iterator

import pytest

from dominolab.book.lessons import exercise_data, feedback_words, lesson_html, pool_script, unpack
from dominolab.lessons.catalogue import CHAPTERS, lesson, puzzles
from dominolab.lessons.model import Exercise
from dominolab.lessons.pools import POOL_KINDS, pool

TILE = re.compile(r"\[\d\|\d\]")
NUMBER = re.compile(r"\d+(?:,\d+)?")


def numbers(text: str) -> set[str]:
    """The numbers a reader sees in ``text`` outside tile notation (``+1,5`` counts as ``1,5``)."""
    return set(NUMBER.findall(TILE.sub(" ", text)))


def all_exercises() -> Iterator[Exercise]:
    for chapter in CHAPTERS:
        yield from lesson(chapter)[1]
    for game in sorted(set(CHAPTERS.values())):
        for kind in POOL_KINDS:
            yield from pool(game, kind)
    yield from puzzles()


EXERCISES = list(all_exercises())
WORDS = feedback_words()


def wrong_feedback(data: dict[str, Any]) -> list[str]:
    """Every wrong-answer feedback lessons.js can show for this exercise (see the module docstring)."""
    retry = WORDS["retry"]
    if data["inputs"]:
        fields = data["inputs"]
        out = []
        for n in range(1, len(fields) + 1):
            for bad in itertools.combinations(fields, n):
                for ways in itertools.product(("tooHigh", "tooLow"), repeat=n):
                    which = "; ".join(WORDS[w].replace("{label}", f["label"]) for f, w in zip(bad, ways))
                    rules = [WORDS["ruleIs"].replace("{label}", f["label"]).replace("{rule}", f["rule"]) for f in bad]
                    out.append(" ".join([WORDS["wrongNumbers"].replace("{which}", which), *rules]) + " " + retry)
        return out
    wrong = [c["feedback"] for c in data["choices"] if not c["correct"]]
    if data["kind"] == "where-may-it-go":
        return ["Nicht jede gewählte Stelle passt: " + f + " " + retry for f in wrong] + [
            "Die gewählten Stellen passen, aber nicht alle. Es fehlt noch eine passende Stelle. " + retry]
    return [f + " " + retry for f in wrong]


def right_values(ex: Exercise, data: dict[str, Any]) -> set[str]:
    """The right answer's values as numbers, where the answer has any."""
    if data["inputs"]:
        return {str(i["value"]) for i in data["inputs"]}
    if data["kind"] == "what-happens-next":
        return numbers(data["explanation"])          # what the solution tells: points, sums, scores
    if data["kind"] == "best-move":
        best = max(ex.puzzle["values"].values())
        return {f"{float(best):.1f}".replace(".", ",").lstrip("+-")}
    return set()


@pytest.mark.parametrize("ex", EXERCISES, ids=[f"{ex.lesson}:{ex.id}" for ex in EXERCISES])
def test_wrong_answer_feedback_gives_no_right_value(ex: Exercise) -> None:
    data = exercise_data(ex)
    right = right_values(ex, data)
    texts = wrong_feedback(data)
    assert texts or data["kind"] == "what-happens-next", ex.id
    for text in texts:
        leaked = numbers(text) & right
        assert not leaked, f"{ex.id} ({data['kind']}): wrong-answer feedback names the right value {leaked}: {text}"
        assert data["explanation"] not in text, f"{ex.id}: wrong-answer feedback shows the solution: {text}"
        if data["kind"] in ("what-does-it-score", "settle-the-round", "what-happens-next"):
            assert not numbers(text), f"{ex.id} ({data['kind']}): a number in wrong-answer feedback: {text}"


def test_feedback_words_carry_no_numbers_and_the_star_rule() -> None:
    for key, text in WORDS.items():
        assert not numbers(text.replace("3 für", "")), (key, text)   # the star rule may say "3"
    assert "Lösung zeigen" in WORDS["retry"] and "keinen" in WORDS["starsRule"]


@pytest.mark.parametrize("chapter", list(CHAPTERS)[:1])
def test_page_data_carries_the_words(chapter: str) -> None:
    page = lesson_html(chapter).text
    blob = re.search(r'data-encoding="deflate-base64">([^<]+)</script>', page)
    assert blob
    data = unpack(blob.group(1))
    assert data["shared"]["words"] == WORDS
    game = CHAPTERS[chapter]
    script = pool_script(game)
    payload = re.search(r'= "([^"]+)";\n$', script)
    assert payload and unpack(payload.group(1))["shared"]["words"] == WORDS


# -- puzzles: feedback in the words of the reasons (issue 28, point 4) --------------------------------------

PUZZLES = list(puzzles())


def _tiles_of(move: str) -> set[str]:
    """The tiles a move's notation names: the tile played and the tile it is attached to."""
    return set(TILE.findall(move))


@pytest.mark.parametrize("ex", PUZZLES, ids=[ex.id for ex in PUZZLES])
def test_puzzle_feedback_explains_by_parts_and_reasons(ex: Exercise) -> None:
    """Right answer and "Lösung zeigen": the best move, its reasons against the next best and its value in
    parts; how it was computed only in the folded line. Wrong answer: what the chosen move loses, in the
    reasons' words, naming no tile of the best move that the chosen one lacks."""
    from dominolab.play.reasons import sentence  # noqa: F401  (the sentences come from there)
    from dominolab.text.words import REASON_WORDS

    data = exercise_data(ex)
    best = data["answers"][0]
    explanation = data["explanation"]
    assert explanation.startswith("Bester Zug: ") and "setzt sich so zusammen: " in explanation
    assert "ms" not in explanation.replace("Ergebnis", "") and "Stichproben" not in explanation
    how = data["puzzle"]["how"]
    assert data["puzzle"]["howLabel"] == "Wie gerechnet?"
    assert f"{ex.puzzle['think_ms']:g} ms Denkzeit" in how and f"{ex.puzzle['deals']} zufällige" in how
    right = next(c for c in data["choices"] if c["correct"])["feedback"]
    assert explanation in right
    # the best move's reasons, in the sentences of the words table (their fixed words are there)
    kinds = [r["kind"] for r in ex.puzzle["reasons"][best]]
    for kind in kinds:
        head = REASON_WORDS["de"].better[kind].split("{")[0].strip() or "Mit"
        assert head in explanation
    for choice in data["choices"]:
        move, text = choice["value"], choice["feedback"]
        if choice["correct"] or move not in ex.puzzle["values"]:     # an illegal placement: the rule says why
            continue
        assert text.startswith("Erlaubt, aber schwächer: ")
        assert set(TILE.findall(text)) <= _tiles_of(move), (ex.id, move, text)
        for r in ex.puzzle["reasons"].get(move, ()):
            fixed = [w for w in re.split(r"\{\w+\}", REASON_WORDS["de"].against[r["kind"]]) if len(w.strip()) > 3]
            assert all(w.strip() in text for w in fixed), (r["kind"], text)


def test_every_puzzle_move_carries_parts_that_sum_to_its_value() -> None:
    for ex in PUZZLES:
        p = ex.puzzle
        assert set(p["parts"]) == set(p["values"]) == set(p["reasons"])
        for move, parts in p["parts"].items():
            assert abs(sum(parts.values()) - p["values"][move]) <= 0.0051, (ex.id, move)   # values: 3 decimals
