"""Reasons in words (issue 28, points 2-4): each reason kind's sentence, German and English, made from the
words table with facts read from the engine; a hint's sentence; the review's text output and summary.

The positions are :mod:`test_reasons`' hand-built ones (one per kind), evaluated with the same fixed rngs.
"""

from __future__ import annotations

import io
import json
import random
import re
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from test_expert import seed_8001_round_8
from test_reasons import CASES, built
from dominolab.core.engine import parse_move
from dominolab.core.view import view_of
from dominolab.play.bots import StrongBot
from dominolab.play.expert import ExpertBot
from dominolab.play.reasons import KINDS, hint_sentence, hint_why, reasons, sentence, summary_text
from dominolab.play.review import REASONS_FROM
from dominolab.text.words import REASON_WORDS

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
TILE = re.compile(r"\[\d\|\d\]")


def found_reasons(spec, better, other, seed):
    rnd = built(spec)
    view = view_of(rnd, rnd.to_move)
    scored = StrongBot(20).evaluate(view, random.Random(seed))
    return rnd, view, {r.kind: r for r in reasons(view, scored, parse_move(better), parse_move(other))}


#: per kind: (German, English) words the sentence must carry in that position (facts from the engine)
FACTS = {
    "settlement": (["Mit [0|2] an [2|2], Längsseite B fällt die Abrechnung am Rundenende", "besser aus als mit [0|2] an "
                    "[0|1], Ende mit der 0"], ["the settlement at the round's end comes out", "better on average"]),
    "this_turn": (["[0|2] bringt in diesem Zug 1 Anzeigepunkt, du bleibst am Zug und legst danach [0|0] für "
                   "1 Anzeigepunkt", "mehr als [0|0]"], ["[0|2] scores 1 display point this turn, you play again"]),
    "double_kept": (["[1|1] zuerst: Doppelstein, du bleibst am Zug", "Mit [3|4] hältst du ihn zu lange"],
                    ["[1|1] first: a double, you play again", "Playing [3|4] keeps it too long"]),
    "heavy_kept": (["[1|3] jetzt: wenn die Runde endet, zählen sonst 4 Augen in deiner Hand für die Gegner"],
                   ["[1|3] now: when the round ends, 4 pips in your hand"]),
    "later_own": (["Mit [4|6] holt deine Partei später im Mittel", "mehr als mit [4|4]"], ["your team scores"]),
    "later_other": (["Nach [2|2] holen die Gegner später im Mittel", "weniger als nach [2|6]"], ["the others score"]),
    "past_exact_target": (["[2|6] ginge über das Ziel (61 Spielpunkte) hinaus und zählt deshalb nichts; [3|4] bringt "
                           "2 Spielpunkte."], ["[2|6] would pass the target (61 game points)"]),
}


@pytest.mark.parametrize("kind, spec, better, other, seed", CASES, ids=[c[0] for c in CASES])
def test_a_sentence_per_kind(kind, spec, better, other, seed):
    rnd, view, found = found_reasons(spec, better, other, seed)
    r = found[kind]
    de, en = sentence(view, r, "de"), sentence(view, r, "en")
    german, english = FACTS[kind]
    for words in german:
        assert words in de, de
    for words in english:
        assert words in en, en
    # the points the reason carries, with a unit, the German way and the English way
    if "{points}" in REASON_WORDS["de"].better[kind]:
        assert f"{r.points:.1f}".replace(".", ",") + " Punkte" in de and f"{r.points:.1f} points" in en
    # the sentence against the other move never names the better move's tile (a puzzle's wrong answer)
    against = sentence(view, r, "de", against=True)
    best_tile = str(parse_move(better).tile)
    assert best_tile not in TILE.findall(against) or best_tile in str(parse_move(other)), against


def test_the_double_keeps_the_turn_as_the_engine_says():
    """The sentence's "du bleibst am Zug" is the engine's preview; a double in Fives and Threes does not keep it."""
    spec = dict(game="fives-and-threes", players=2, layout="[2|3]", hands=[["[3|3]", "[2|6]", "[1|4]"], ["[0|0]"]],
                scores=[0, 0])
    rnd = built(spec)
    view = view_of(rnd, 0)
    assert not rnd.preview("[3|3]@[2|3].high").stays
    from dominolab.play.reasons import Reason

    r = Reason("double_kept", KINDS[1].parts, 2.0, 0.1, parse_move("[3|3]@[2|3].high"), parse_move("[2|6]@[2|3].low"))
    text = sentence(view, r, "de")
    assert text.startswith("[3|3] zuerst: Doppelstein, später findet er oft kein passendes Ende mehr.")
    assert "am Zug" not in text


def test_the_opened_end_and_the_match_bonus_of_issue_19():
    view = view_of(seed_8001_round_8(), 0)
    four_five, double = parse_move("[4|5]@[1|4].high"), parse_move("[4|4]@[1|4].high")
    strong = StrongBot(100).evaluate(view, random.Random(1))
    first = reasons(view, strong, four_five, double)[0]
    assert sentence(view, first, "de").startswith(
        "[4|4] öffnet dem nächsten Zug ein Ende zum Punkten: die Gegner holen danach im Mittel")
    assert sentence(view, first, "en").startswith("[4|4] opens a scoring end for the next player")
    expert = ExpertBot(100).evaluate(view, random.Random(1))
    (bonus,) = reasons(view, expert, four_five, double)
    assert sentence(view, bonus, "de").startswith("Mit [4|5] gewinnst du die Partie öfter als mit [4|4]")


def test_summary_texts():
    assert summary_text("double_kept", 3, "de") == "3-mal einen Doppelstein zu lange gehalten"
    assert summary_text("double_kept", 3, "en") == "kept a double too long 3 times"
    assert summary_text("heavy_kept", 1, "en") == "kept heavy tiles too long once"
    assert set(REASON_WORDS["de"].better) == set(REASON_WORDS["en"].summary) == {k.name for k in KINDS}


def test_a_hint_names_the_move_and_its_reason():
    kind, spec, better, other, seed = next(c for c in CASES if c[0] == "double_kept")
    rnd = built(spec)
    view = view_of(rnd, rnd.to_move)
    scored = StrongBot(20).evaluate(view, random.Random(seed))
    text, why = hint_sentence(view, scored, "de")
    assert scored[0].move == parse_move(better) and why is not None
    assert text.startswith("Tipp: [1|1] an [1|5], Ende mit der 1 – ")
    assert text.endswith(sentence(view, why, "de")[1:]) and why.kind in {k.name for k in KINDS}
    en, _ = hint_sentence(view, scored, "en")
    assert en.startswith("Hint: [1|1] at [1|5], end showing 1: ")
    # a single legal move: named as such
    assert hint_why(view, scored[:1], "de") == ("es ist der einzige erlaubte Zug.", None)


def test_the_page_hint_has_its_sentence_and_how_it_was_computed():
    from dominolab.webapi import PlaySession

    s = PlaySession("horse-race", 2, False, 0, ["strong"], 3)
    while s.state()["to_move"] != 0:
        s.bot()
    h = s.hint()
    assert h["text"].startswith(f"Tipp: {h['move_text']} – ") and h["text"].endswith(".")
    assert "Stufe" not in h["text"] and "ms" not in h["text"]
    assert re.fullmatch(r"Stufe „Expertin“ mit \d+ ms Denkzeit über \d+ zufällige Verteilungen der Steine, die du nicht "
                        r"siehst\.", h["how"]) and h["how_label"] == "Wie gerechnet?"
    if h["reason_kind"] is not None:
        assert h["reason_kind"] in {k.name for k in KINDS}


def _review(*extra: str) -> str:
    from dominolab.cli import main

    out = io.StringIO()
    with redirect_stdout(out):
        main(["review", str(GOLDEN / "horse-race-2i-random-seed1.record.json"), "--seat", "0", "--think", "5",
              "--quiet", *extra])
    return out.getvalue()


def test_the_review_shows_each_reason_under_its_row_and_counts_the_kinds():
    data = json.loads(_review("--json"))
    rows = [d for d in data["decisions"] if d["reasons"]]
    assert rows
    for d in rows:
        for r in d["reasons"]:
            assert r["sentence"] and r["sentence_en"] and r["sentence"] != r["sentence_en"]
    text = _review().splitlines()
    german = _review("--lang", "de")
    for d in rows:
        k = next(i for i, line in enumerate(text) if line.split()[:3] == [str(d["decision"]), str(d["round"]),
                                                                           str(d["event"])])
        below = " ".join(line.strip() for line in text[k + 1:k + 8])
        assert below.startswith(" ".join(d["reasons"][0]["sentence_en"].split()[:4]))
        assert " ".join(d["reasons"][0]["sentence"].split()[:3]) in german
    # the summary counts each kind once per row, most frequent first
    counted = {}
    for d in data["decisions"]:
        if not d["forced"]:
            for kind in {r["kind"] for r in d["reasons"]}:
                counted[kind] = counted.get(kind, 0) + 1
    summary = data["summary"]["reasons"]
    assert {r["kind"]: r["count"] for r in summary} == counted
    assert [r["count"] for r in summary] == sorted((r["count"] for r in summary), reverse=True)
    assert summary[0]["text"] == summary_text(summary[0]["kind"], summary[0]["count"], "de")
    assert summary[0]["text_en"] in "\n".join(text) and "most frequent reasons:" in text


def test_the_reason_words_use_the_glossarys_words():
    """No retired word and no act word of one game only (the sentences serve both games)."""
    from dataclasses import fields

    from dominolab.text.glossary import game_only_hits, retired_hits

    w = REASON_WORDS["de"]
    texts = []
    for f in fields(w):
        value = getattr(w, f.name)
        texts += list(value.values()) if hasattr(value, "values") else list(value) if isinstance(value, tuple) else [value]
    assert len(texts) > 30
    for text in texts:
        assert not retired_hits(text, generated=True), text
        assert not game_only_hits(text, "horse-race") and not game_only_hits(text, "fives-and-threes"), text


def test_a_costly_row_without_a_reason_says_so_in_one_sentence():
    data = json.loads(_review("--json"))
    costly = [d for d in data["decisions"] if d["loss"] >= REASONS_FROM and not d["forced"]]
    assert costly
    for d in data["decisions"]:
        # exactly the costly rows without a reason that holds carry the "no single reason" sentence
        assert ("no_reason" in d) == (d in costly and not d["reasons"]), d
    spread = [d for d in costly if "no_reason" in d]
    assert spread, "this record has no costly row without a reason: pick one that has (the test checks nothing)"
    text = _review()
    for d in spread:
        german, english = d["no_reason"]["sentence"], d["no_reason"]["sentence_en"]
        assert "kein einzelner Grund" in german and "no single reason" in english
        assert f"{d['loss']:.1f}".replace(".", ",") in german       # by how much, with its unit
        assert " ".join(english.split()[:4]) in " ".join(text.split())
