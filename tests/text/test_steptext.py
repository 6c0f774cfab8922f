"""Step texts: German byte for byte as the document, English with the same content,
Fives and Threes in its own points."""

from __future__ import annotations

import re

import pytest

from reference import FT, HR, HR_DOC, RefLayout, move_parse, ref_credit, require_document
from dominolab.verify.examples import catalogue, steps
from dominolab.core.layout import Layout, Placement
from dominolab.core.rules import FIVES_AND_THREES, HORSE_RACE
from dominolab.text.steptext import description, step_lines, step_text

STEPS = [(ex, s) for ex in catalogue(kind="layout") for s in steps(ex)[1]]
TEXT_STEPS = [(ex, s) for ex, s in STEPS if "text" in s.expect or "description" in s.expect]
TEXT_IDS = [f"{ex.id}#{s.index + 1}" for ex, s in TEXT_STEPS]


@pytest.mark.parametrize("ex,step", TEXT_STEPS, ids=TEXT_IDS)
def test_german_texts_byte_exact_as_catalogue(ex, step):
    rules = ex.game
    lines = step_lines(step.layout, step.placement, rules)          # German is the default
    assert lines[0] == f"Angelegt: {step.placement.tile}"
    if "text" in step.expect:
        assert step_text(step.layout, rules, "de") == step.expect["text"]
        assert lines[1].encode("utf-8") == step.expect["text"].encode("utf-8")
    if "description" in step.expect:
        assert description(step.layout, rules, "de") == step.expect["description"]
        assert lines[2].encode("utf-8") == step.expect["description"].encode("utf-8")


def test_german_texts_byte_exact_as_document():
    lines = require_document(HR_DOC).read_text(encoding="utf-8").splitlines()
    by_tile_and_text = {}
    for ex, s in STEPS:
        if ex.game.name == HR:
            produced = step_lines(s.layout, s.placement, HORSE_RACE, "de")
            by_tile_and_text.setdefault(produced[0], []).append(produced)
    n = 0
    for i, line in enumerate(lines):
        if line.startswith("Angelegt: "):
            assert lines[i:i + 3] in by_tile_and_text.get(line, []), line
            n += 1
    assert n >= 10


NUMBERS_AND_TILES = re.compile(r"\[\d\|\d\]|\d+")
GERMAN = re.compile(r"[äöüÄÖÜß]|Angelegt|Gewertete|Gutschrift|Steine|Verbindungen|Anlegestellen|Linienseite|"
                    r"Seitenarm|Ende mit|Rohpunkt|Anzeigepunkt|keine")


@pytest.mark.parametrize("ex,step", STEPS, ids=[f"{ex.id}#{s.index + 1}" for ex, s in STEPS])
def test_english_text_structure(ex, step):
    rules = ex.game
    de = step_lines(step.layout, step.placement, rules, "de")
    en = step_lines(step.layout, step.placement, rules, "en")
    assert len(en) == 3
    for line in en:
        assert not GERMAN.search(line), line
    assert en[0].endswith(f": {step.placement.tile}") and en[0] != de[0]
    # same tiles and numbers, in the same order, as the German text
    for d, e in zip(de, en):
        assert NUMBERS_AND_TILES.findall(d) == NUMBERS_AND_TILES.findall(e)
    # the second line is the step text, the third starts with it
    assert en[2].startswith(en[1] + " ")
    total = step.layout.end_sum
    points = rules.credit(total)
    one, many = rules.point_words["en"]
    shown = one if points == 1 else many
    unit = rules.raw_per_point
    if unit != 1:                            # the game counts raw points (Horse Race: fives)
        raw = "raw point" if points * unit == 1 else "raw points"
        assert en[1].endswith(f": {points * unit} {raw} ({points} {shown}).")
    else:
        assert en[1].endswith(f": {points} {shown}.")
    assert "raw" not in en[1] or unit != 1


def ft_lines(text):
    layout = Layout(False)
    out = []
    for item in text.split():
        placement = Placement.parse(item)
        layout.place(placement)
        out.append(step_lines(layout, placement, FIVES_AND_THREES, "de"))
    return out


def test_fives_and_threes_texts_use_spielpunkte():
    steps_ = ft_lines("[3|6] [6|6]@[3|6].high [2|6]@[6|6].B [2|2]@[2|6].low")
    texts = [s[1] for s in steps_]
    # summands sorted by tile (smaller pips first), then high end before low end (interpretation s)
    # sums: 9 -> 3; 15 -> 5 + 3 = 8; 5 -> 1; 7 -> 0
    assert texts == [
        "Gewertete Beiträge: 6 + 3 = 9. Gutschrift für das Anlegen: 3 Spielpunkte.",
        "Gewertete Beiträge: 3 + 12 = 15. Gutschrift für das Anlegen: 8 Spielpunkte.",
        "Gewertete Beiträge: 2 + 3 = 5. Gutschrift für das Anlegen: 1 Spielpunkt.",
        "Gewertete Beiträge: 4 + 3 = 7. Gutschrift für das Anlegen: 0 Spielpunkte.",
    ]
    for lines in steps_:
        joined = "\n".join(lines)
        assert "Rohpunkt" not in joined and "Anzeigepunkt" not in joined
        assert "Spinner: keine." in lines[2]            # doubles are no spinners
        assert "Seitenarm" not in lines[2]
        assert lines[2].startswith(lines[1] + " Steine: ")


def test_fives_and_threes_texts_agree_with_reference():
    text = "[3|6] [6|6]@[3|6].high [2|6]@[6|6].B [2|2]@[2|6].low [0|3]@[3|6].low [0|0]@[0|3].low"
    ref = RefLayout(False)
    for item, lines in zip(text.split(), ft_lines(text)):
        _, tile, at = move_parse(item)
        ref.place(tile, at)
        values = " + ".join(str(v) for _, v in ref.contributions())
        pts = ref_credit(FT, ref.end_sum())
        word = "Spielpunkt" if pts == 1 else "Spielpunkte"
        assert lines[1] == (f"Gewertete Beiträge: {values} = {ref.end_sum()}. "
                            f"Gutschrift für das Anlegen: {pts} {word}.")


def test_horse_race_singular_forms():
    layout = Layout.from_notation("[1|4]", True)
    assert step_text(layout, HORSE_RACE) == \
        "Gewertete Beiträge: 4 + 1 = 5. Gutschrift für das Anlegen: 5 Rohpunkte (1 Anzeigepunkt)."


def test_unknown_language_is_rejected():
    layout = Layout.from_notation("[1|4]", True)
    with pytest.raises(ValueError):
        step_text(layout, HORSE_RACE, "fr")
