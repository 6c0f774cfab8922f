"""The book's helpers speak the build's language (issue 31, point 2).

With ``DOMINOLAB_BOOK_LANG=en`` (here :func:`dominolab.text.language.speaking`) every table, step text,
picture label and note a page's cells produce is English; German appears only inside ``lang="de"``
(the documents' own step texts and section headings, quoted as the specification). The German
outputs are unchanged (the other tests of the book keep passing byte for byte).
"""

from __future__ import annotations

import contextvars
import dataclasses
import html
import json
import os
import re
import subprocess
import sys

import pytest

from dominolab import book
from dominolab.text import language
from dominolab.text.language import speaking
from dominolab.core.errors import InvalidArgument
from dominolab.text.glossary import retired_hits
from dominolab.verify.examples import catalogue
from dominolab.verify.interpretations import interpretations

#: Frequent German function words and game words that never occur in English text ("die" does: a die).
GERMAN = re.compile(r"[äöüÄÖÜß]|\b(?:und|oder|der|das|dem|den|des|ist|sind|nicht|mit|für|auf|wird|werden|"
                    r"kein\w*|ein|eine|einen|Spieler|Runde\w*|Stein\w*|Augen|Punkte|Auslage|Gutschrift|Endsumme|"
                    r"Abrechnung|Talon|Partie|Zug|Hand\s+des|Passen|Klopfen|Ziehen|Anlegen|bringt|gerundet|Gegner|Partei|"
                    r"Beispiel|Abschnitt|Dokument|Übung|Lösung|Tipp|Ziel)\b")


def outside_german_quotes(markup: str) -> str:
    """The visible text of ``markup`` without elements marked ``lang="de"``, code and ids."""
    markup = re.sub(r"<(script|style|code)\b.*?</\1>", " ", markup, flags=re.S)
    previous = None
    while previous != markup:          # nested elements: strip the innermost lang="de" first
        previous = markup
        markup = re.sub(r'<(\w+)\b[^>]*\blang="de"[^>]*>(?:(?!<\1\b).)*?</\1>', " ", markup, flags=re.S)
    markup = re.sub(r"<[^>]+>", " ", markup)
    return html.unescape(markup)


def german_words(markup: str) -> list[str]:
    return GERMAN.findall(outside_german_quotes(markup))


def _shown(value: object) -> str:
    return str(getattr(value, "text_list", "") or value)


def test_the_book_sets_the_language_context_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """``DOMINOLAB_BOOK_LANG`` sets the one language context (:mod:`dominolab.text.language`); anything else
    is a one-line error naming the variable. Run in a copied context, so this test's language stays."""
    def run() -> tuple[str, str, str]:
        return book.language_from_environment(), language.current(), book.book_lang()

    monkeypatch.setenv("DOMINOLAB_BOOK_LANG", "en")
    assert contextvars.copy_context().run(run) == ("en", "en", "en")
    assert language.current() == "de"
    monkeypatch.setenv("DOMINOLAB_BOOK_LANG", "fr")
    with pytest.raises(InvalidArgument) as err:
        contextvars.copy_context().run(run)
    assert "\n" not in str(err.value) and "DOMINOLAB_BOOK_LANG" in str(err.value)
    monkeypatch.setenv("DOMINOLAB_BOOK_LANG", " ")
    assert contextvars.copy_context().run(run) == ("de", "de", "de")
    with speaking("en"):
        assert book.book_lang() == "en"
    assert book.book_lang() == "de"


def test_a_page_that_imports_the_book_speaks_the_builds_language() -> None:
    """A page's cells import the package first; from then on (later cells too) words are in the build's
    language - here a fresh interpreter, as a page's kernel is."""
    code = ("from dominolab.book.lessons import format_table_html\n"
            "from dominolab.text.language import current\nfrom dominolab.text.words import seat_name\n"
            "print(current(), seat_name(0))")
    env = dict(os.environ, DOMINOLAB_BOOK_LANG="en")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["en", "Player", "1"]


def test_the_detector_finds_german_outside_quotes() -> None:
    assert german_words("<p>Spieler 1 legt [1|4].</p>")
    assert not german_words('<p>Player 1 plays. <q lang="de">Gewertete Beiträge: 2 + 8 = 10.</q></p>')
    assert german_words('<p>Played. <span lang="en">x</span> Endsumme 5</p>')


STEPPING = [ex.id for ex in catalogue() if ex.kind in ("layout", "settlement", "move")]


@pytest.mark.parametrize("example_id", STEPPING)
def test_every_catalogue_stepper_and_note_is_english(example_id: str) -> None:
    with speaking("en"):
        shown = _shown(book.example_stepper(example_id)) + str(book.example_note(example_id))
    assert not german_words(shown), (german_words(shown), outside_german_quotes(shown)[:2000])
    assert not retired_hits(outside_german_quotes(shown), True, lang="en")


def test_worked_steps_quote_the_document_beside_the_english_step() -> None:
    layout_id = next(ex.id for ex in catalogue() if ex.kind == "layout")
    with speaking("en"):
        shown = _shown(book.example_stepper(layout_id))
    assert "End values:" in shown and 'lang="de"' in shown and "Gewertete Beiträge:" in shown
    german = _shown(book.example_stepper(layout_id))
    assert 'lang="de"' not in german and "End values" not in german and "Gewertete Beiträge:" in german


def test_tables_pictures_and_matches_are_english() -> None:
    with speaking("en"):
        match = book.example_match("fives-and-threes", 3, seed=2)
        rnd = book.position("horse-race", 2, layout="[1|4]", hands=[["[4|4]", "[1|2]"], ["[0|0]"]], stock=[],
                            to_move=0)
        parts = [book.credit_table("horse-race"), book.credit_table("fives-and-threes"), book.rounding_table(),
                 book.scoring_sums_table("fives-and-threes"), book.differences_table(), book.deal_table("horse-race"),
                 book.same_layout_table("[1|4] [4|4]@[1|4].high"), book.catalogue_table(), book.rounds_table(match),
                 _shown(book.match_stepper(match)), _shown(book.play_stepper(rnd, ["[4|4]@[1|4].high"])),
                 book.layout_figure(rnd.layout, "A layout"), book.live_only_note() if hasattr(book, "live_only_note")
                 else ""]
        shown = "\n".join(str(p) for p in parts)
        assert book.words().field_labels["target"] == "Target"
    found = german_words(shown)
    assert not found, found
    assert not retired_hits(outside_german_quotes(shown), True, lang="en")


def test_refusals_and_widgets_are_english() -> None:
    from dominolab.book import widgets
    from dominolab.core.layout import Layout

    with speaking("en"):
        refused = str(book.refused(Layout.from_notation("[1|4]", True), "[2|3]@[1|4].low"))
        note = str(widgets.live_only_note())
        summary = widgets.steps_list(["x"])
    assert not german_words(refused + note + summary), refused + note
    assert "Alle Schritte als Text" in widgets.steps_list(["x"]) and "Alle Schritte" not in summary


def test_the_interpretations_page_is_english() -> None:
    """The English Auslegungen page shows the English fields; a field left empty fails the page instead of
    showing German (the loader requires the fields: tests/verify/test_interpretations_en.py)."""
    with speaking("en"):
        shown = str(book.interpretations_html())
    assert not german_words(shown), german_words(shown)
    first = interpretations()[0]
    assert first.decision_en in shown and first.decision not in shown
    empty = dataclasses.replace(first, decision_en="")
    with pytest.raises(ValueError, match="decision_en is missing"):
        empty.text("decision", "en")


def test_every_catalogue_example_has_its_english_texts() -> None:
    for ex in catalogue():
        for key in ("title", "reconstructed"):
            assert bool(ex.data.get(key)) == bool(ex.data.get(f"{key}_en")), (ex.id, key)


# -- lessons and puzzles (issue 31, point 2.3) ------------------------------------------------------

def _lesson_files() -> list[tuple[str, dict[str, object]]]:
    import tomllib
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "dominolab" / "lessons" / "data"
    return [(p.name, tomllib.loads(p.read_text(encoding="utf-8"))) for p in sorted(folder.glob("*.toml"))]


#: The free-text fields of lesson and puzzle files that readers see (each needs its ``_en`` twin).
TEXT_FIELDS = ("title", "question")


def test_every_lesson_text_field_has_its_english_twin_and_vice_versa() -> None:
    problems = []
    files = _lesson_files()
    assert len(files) >= 7
    for name, data in files:
        tables: list[dict[str, object]] = [data] + list(data.get("exercise", []))  # type: ignore[arg-type]
        for table in tables:
            for key in TEXT_FIELDS:
                if bool(table.get(key)) != bool(table.get(f"{key}_en")):
                    problems.append(f"{name}: {table.get('id', '(head)')}: {key} without {key}_en or the reverse")
    assert not problems, "\n".join(problems)


def test_every_exercise_is_english_in_the_english_edition() -> None:
    import json

    from dominolab.book.lessons import exercise_data
    from dominolab.lessons.catalogue import all_exercises

    found = []
    with speaking("en"):
        for ex in all_exercises():
            data = exercise_data(ex)
            text = json.dumps({k: v for k, v in data.items() if k != "rules"}, ensure_ascii=False)
            text += " " + " ".join(r["text"] for r in data["rules"])
            hits = german_words(text) + [h for h, _ in retired_hits(text, True, lang="en")]
            if hits:
                found.append(f"{ex.lesson}:{ex.id}: {hits[:5]}")
    assert not found, "\n".join(found[:20])


def test_exercise_versions_and_answers_are_the_same_in_both_languages() -> None:
    from dominolab.book.lessons import exercise_data
    from dominolab.lessons.catalogue import lesson_exercises, puzzles

    for ex in lesson_exercises()[:40] + list(puzzles())[:5]:
        german = exercise_data(ex)
        with speaking("en"):
            english = exercise_data(ex)
        assert german["version"] == english["version"] and german["answers"] == english["answers"], ex.id
        assert [c["value"] for c in german["choices"]] == [c["value"] for c in english["choices"]]
        assert german["question"] != english["question"], ex.id


def test_lesson_pages_and_pools_in_english() -> None:
    from dominolab.book import lessons

    with speaking("en"):
        pages = [str(lessons.lesson_html("hr-wertung")), str(lessons.teaches_html("ft-wertung")),
                 str(lessons.puzzles_html()), str(lessons.lesson_map_html()), json.dumps(lessons.feedback_words())]
        assert "Exercises: scoring, drawing and passing" in pages[0]
    assert "Übung: Werten, Ziehen und Passen" in str(lessons.lesson_html("hr-wertung"))
    for page in pages:
        data = re.findall(r'class="dl-lesson-data"[^>]*>([^<]*)<', page)
        text = page + " ".join(json.dumps(lessons.unpack(d), ensure_ascii=False) for d in data)
        assert not german_words(re.sub(r'"(?:de)":"[^"]*"', "", text)), german_words(text)[:10]
    english, german = lessons.pool_script("fives-and-threes", "en"), lessons.pool_script("fives-and-threes", "de")
    assert english != german
    payload = lessons.unpack(json.loads(english.splitlines()[1].split(" = ", 1)[1].rstrip(";")))
    assert payload["game"] == "fives-and-threes" and payload["shared"]["words"]["retry"].startswith("Try again")


def test_the_playing_strength_figures_are_english() -> None:
    from dominolab.pictures import charts

    ladder, ratings = charts.load_ladder(), charts.load_ratings()
    shown = charts.ladder_table_html(ladder, lang="en")
    if ratings is not None:
        shown += charts.ratings_table_html(ratings, lang="en") + charts.timing_table_html(ratings, lang="en")
        shown += charts.confirm_table_html(ratings, lang="en") + charts.neighbours_html(ratings, lang="en")
        shown += " ".join(r["sentence"] for r in charts.confirm_rows(ratings, lang="en"))
    assert not german_words(shown), german_words(shown)
    assert "against" in shown and "," not in re.sub(r"Fives and Threes, |Horse Race, ", "", shown).replace(", ", "")
    assert charts.ladder_table_html(ladder) == charts.ladder_table_html(ladder, lang="de")


def test_captions_glue_and_numbers_follow_the_build_language() -> None:
    assert book.caption("stay-on-turn") == "Am Zug bleiben" and book.percent(0.123) == "12,3 %"
    with speaking("en"):
        assert book.caption("stay-on-turn") == "Playing again" and book.percent(0.123) == "12.3 %"
        assert book.decimal(1.55, 1) == "1.6" or book.decimal(1.55, 1) == "1.5"
        assert not german_words(" ".join(book.words().captions.values()) + " ".join(book.words().ratings_state.values()))


def test_reference_tables_in_english() -> None:
    from dominolab.verify.examples.schema import format_table_html
    from dominolab.verify.rules_coverage import coverage_table_html

    english = format_table_html("", lang="en")
    assert "<th>Key</th>" in english and not german_words(english), german_words(english)
    assert format_table_html("") == format_table_html("", lang="de")
    result = {"statements": {}, "caught": 0}
    table = coverage_table_html(result, "horse-race", lang="en")
    assert not german_words(table), german_words(table)[:10]
    assert coverage_table_html(result, "horse-race") != table
