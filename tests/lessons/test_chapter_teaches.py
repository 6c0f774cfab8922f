"""Each chapter lists the rule statements it teaches; no exercise runs ahead of the book (issue 32, point 3).

The list is data (``rules_coverage.toml``, table ``teaches``), the chapter page shows it in German
(the statements' ``de`` text), and an exercise of a lesson, of a pool a lesson offers („Neue Aufgabe“)
or a puzzle may practise only statements taught in its chapter or an earlier one, in the order of
``_toc.yml``. What an exercise practises is its ``rules`` and what its question asks for
(:func:`dominolab.lessons.statements.practised`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dominolab.book.lessons import lesson_pool_kinds, teaches_html
from dominolab.lessons.catalogue import CHAPTERS, lesson, puzzles
from dominolab.lessons.model import Exercise
from dominolab.lessons.pools import POOL_KINDS, pool
from dominolab.lessons.statements import by_id, known_by, practised, taught_by, teaches

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "_build" / "html" / "book"


def book_order() -> tuple[str, ...]:
    """Every chapter of the book in reading order (``_toc.yml``)."""
    return tuple(re.findall(r"^\s*(?:root|- file):\s*book/(\S+)\s*$", (ROOT / "_toc.yml").read_text(encoding="utf-8"),
                            re.M))


def too_early(exercise: Exercise, chapter: str, order: tuple[str, ...]) -> set[str]:
    """The statements ``exercise`` practises that no chapter up to ``chapter`` teaches."""
    return practised(exercise) - known_by(chapter, order)


def test_every_statement_is_taught_by_exactly_one_chapter() -> None:
    listed = [sid for ids in teaches().values() for sid in ids]
    assert len(listed) == len(set(listed)), "a statement listed twice"
    assert set(listed) == set(by_id())
    assert set(teaches()) == set(CHAPTERS)
    order = book_order()
    assert [c for c in order if c in CHAPTERS] == list(CHAPTERS)   # lessons in book order


@pytest.mark.parametrize("chapter", list(CHAPTERS))
def test_lesson_and_its_pools_practise_only_what_is_taught_so_far(chapter: str) -> None:
    order = book_order()
    late = {ex.id: sorted(too_early(ex, chapter, order)) for ex in lesson(chapter)[1]}
    assert not {k: v for k, v in late.items() if v}
    for kind in lesson_pool_kinds(chapter):
        late_pool = {ex.id: sorted(too_early(ex, chapter, order)) for ex in pool(CHAPTERS[chapter], kind)}
        assert not {k: v for k, v in late_pool.items() if v}, (chapter, kind)


def test_puzzles_and_the_practice_page_come_after_every_rule_chapter() -> None:
    order = book_order()
    for ex in puzzles():
        assert not too_early(ex, "aufgaben-puzzles", order), ex.id
    for game in set(CHAPTERS.values()):
        for kind in POOL_KINDS:
            for ex in pool(game, kind):
                assert not too_early(ex, "uebungen", order), ex.id


def test_self_check_an_exercise_ahead_of_its_chapter_is_found() -> None:
    """The check can fail: chapter 5's old exercise asking for points (taught in chapter 6) is caught,
    and so is the Fives and Threes points pool in chapter 5 – which is why it is not offered there."""
    order = book_order()
    ex = lesson("ft-grundlagen")[1][0]
    asks_points = Exercise(**{**ex.__dict__, "kind": "what-does-it-score", "move": "[6|6]@[3|6].high",
                              "rules": ("ft.double.end-counts-both",)})
    assert too_early(asks_points, "ft-grundlagen", order) == {"ft.score.threes-and-fives", "ft.score.two-outer-ends"}
    assert not too_early(asks_points, "ft-wertung", order)
    assert any(too_early(p, "ft-grundlagen", order) for p in pool("fives-and-threes", "what-does-it-score"))
    assert "what-does-it-score" not in lesson_pool_kinds("ft-grundlagen")
    assert "what-does-it-score" in lesson_pool_kinds("ft-wertung")


@pytest.mark.parametrize("chapter", list(CHAPTERS))
def test_chapter_page_lists_its_statements_in_german(chapter: str) -> None:
    html = str(teaches_html(chapter))
    for s in taught_by(chapter):
        assert f"<li>{s.de.replace('&', '&amp;').replace('<', '&lt;').replace('>', '&gt;')}</li>" in html
        assert s.id not in html
    assert f"teaches_html(\"{chapter}\")" in (ROOT / "book" / f"{chapter}.md").read_text(encoding="utf-8")
    built = BUILD / f"{chapter}.html"
    if built.exists():
        page = built.read_text(encoding="utf-8")
        assert 'class="dl-teaches"' in page and taught_by(chapter)[0].de.split(" ")[0] in page
