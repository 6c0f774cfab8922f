"""The page API in the page's language (issue 31, point 2): every call takes ``lang`` (``de``, ``en``;
default German); every text and picture it returns is in that language, and a refused request carries
the reader's sentence in it (``error_text``) beside the German one (``error_de``) and the English line."""

from __future__ import annotations

import json
import re

import pytest

from dominolab import webapi

GERMAN = re.compile(r"[äöüÄÖÜß„]|\b(der|die|das|und|nicht|ist|Stein|Steine|Runde|Spieler|Zug|Auslage|Anlegestelle|"
                    r"Gutschrift|Augen|Rohpunkte|Spielpunkte?|Anzeigepunkte?|gegenüber|links|rechts|du|Du)\b")


def call(method: str, **args):
    return json.loads(webapi.call(method, json.dumps(args)))


def texts(value) -> list[str]:
    """Every string in a JSON value, SVG pictures included (their labels and descriptions)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() if k not in ("params", "german") and not k.endswith("_de")
                for t in texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in texts(v)]
    return []


def assert_no_german(value, where: str) -> None:
    found = sorted({m.group(0) for t in texts(value) for m in GERMAN.finditer(t)})
    assert not found, f"German in the English {where}: {found}"


@pytest.mark.parametrize("lang", [None, "de"])
def test_german_stays_the_default(lang):
    args = {"id": "de", "params": {"game": "fives-and-threes", "players": "2", "seed": "7"}}
    if lang:
        args["lang"] = lang
    state = call("new", **args)["result"]
    assert state["lang"] == "de" and state["side_labels"][0] == "Du"
    assert "Eröffnung" in state["moves"][0]["label"] or " an " in state["moves"][0]["label"]


def test_a_match_in_english_from_start_to_round_end():
    out = call("new", id="en", lang="en", params={"game": "horse-race", "players": "2", "seed": "7",
                                                  "bots": "greedy"})
    assert out["ok"]
    state = out["result"]
    assert state["lang"] == "en" and state["side_labels"] == ["You", "Across"]
    catalog = call("catalog", lang="en")["result"]
    assert_no_german({k: v for k, v in catalog.items() if k != "levels"} | {
        "levels": [{k: v for k, v in lv.items() if k != "german"} for lv in catalog["levels"]]}, "catalogue")
    hinted = False
    for _ in range(60):
        if state["state"] == "your-turn":
            assert_no_german(state, "state")
            if not hinted:
                hint = call("hint", id="en", lang="en")["result"]
                assert hint["text"].startswith("Hint: ") and hint["how_label"] == "How was it computed?"
                assert_no_german(hint, "hint")
                hinted = True
            state = call("play", id="en", lang="en", move=state["moves"][0]["move"])["result"]
        elif state["state"] == "waiting":
            state = call("bot", id="en", lang="en")["result"]
        else:
            break
    assert state["state"] in ("round-over", "match-over")
    assert state["end_text"]
    assert_no_german(state, "round end")
    assert "<svg" in state["layout_svg"] and (state["settlement"] is None or "<svg" in state["settlement"]["svg"])


def test_the_review_in_english():
    call("new", id="rv", lang="en", params={"game": "horse-race", "players": "2", "seed": "4", "bots": "greedy"})
    state = call("state", id="rv", lang="en")["result"]
    for _ in range(80):
        if state["state"] == "your-turn":
            state = call("play", id="rv", lang="en", move=state["moves"][-1]["move"])["result"]
        elif state["state"] == "waiting":
            state = call("bot", id="rv", lang="en")["result"]
        else:
            break
    plan = call("review_plan", sid="rv", lang="en", think_ms=5)["result"]
    assert_no_german(plan["words"], "review words")
    rows = [call("review_rate", sid="rv", lang="en", think_ms=5, decision=k)["result"] for k in range(plan["count"])]
    for row in rows:
        for reason in row["reasons"]:
            assert reason["sentence"] == reason["sentence_en"] and reason["sentence_de"] != reason["sentence"]
        assert_no_german([row["played_text"], row["best_text"]] + [r["sentence"] for r in row["reasons"]]
                         + ([row["no_reason"]["sentence"]] if row.get("no_reason") else []), "review row")
    out = call("review_summary", sid="rv", lang="en", think_ms=5)["result"]
    summary = out.get("summary", out)                 # the match's tally (as the page reads it)
    assert summary["reasons"], "no reason tallied: pick a deal with costly decisions"
    assert_no_german([r["text"] for r in summary["reasons"]], "review summary")
    german = call("review_summary", sid="rv", think_ms=5)["result"]
    german = german.get("summary", german)
    assert [r["kind"] for r in german["reasons"]] == [r["kind"] for r in summary["reasons"]]
    assert [r["text"] for r in german["reasons"]] != [r["text"] for r in summary["reasons"]]


def test_try_it_and_records_in_english():
    box = call("tryit_new", id="t", lang="en", game="horse-race", layout="[1|4] [1|1]@[1|4].low")["result"]
    assert_no_german({k: v for k, v in box.items() if k != "options"}, "try-it box")
    refused = [m for o in box["options"] for m in o["moves"] if not m["legal"]]
    assert refused and all(m["why"] and not GERMAN.search(m["why"]) for m in refused[:20])
    opened = call("open_record", id="r", lang="en", text="{}", name="x.json")
    assert not opened["ok"] and opened["error_text"] and not GERMAN.search(opened["error_text"])


def test_a_refusal_in_each_language_and_a_bad_language():
    call("new", id="ref", params={"game": "horse-race", "players": "2", "seed": "7"})
    de = call("play", id="ref", move="[9|9]")
    en = call("play", id="ref", lang="en", move="[9|9]")
    assert not de["ok"] and not en["ok"] and de["error"] == en["error"] and de["error_de"] == en["error_de"]
    assert de["error_text"] == de["error_de"] and not GERMAN.search(en["error_text"])
    for bad in ("fr", "EN", 1, ["en"], ""):
        out = call("catalog", lang=bad)
        assert not out["ok"] and out["error"].startswith("'lang' must be one of de, en"), out
        assert "\n" not in out["error"]


def _your_turn(sid: str, seed: int = 7) -> dict:
    state = call("new", id=sid, params={"game": "horse-race", "players": "2", "seed": str(seed), "bots": "greedy"})["result"]
    while state["state"] == "waiting":
        state = call("bot", id=sid)["result"]
    assert state["state"] == "your-turn", state["state"]
    return state


@pytest.mark.parametrize("lang, sentence", [("de", "Du hast {tile} nicht auf der Hand."),
                                            ("en", "You do not hold {tile}.")])
def test_a_tile_not_in_the_hand_is_refused_with_the_engines_reason(lang, sentence):
    """Issue 40: the page hands the move to the session, the session to the engine, and the engine's
    reason (not-in-hand) reaches the reader in the call's language - not the general refusal."""
    state = _your_turn("hand")
    tile = next(f"[{a}|{b}]" for a in range(7) for b in range(a, 7)
                if f"[{a}|{b}]" not in state["hand"] and f"[{a}|{b}]" not in state["layout"])
    point = next((m["point"] for m in state["moves"] if m.get("point")), None)
    move = tile if point is None else f"{tile}@{point}"
    out = call("play", id="hand", lang=lang, move=move)
    assert not out["ok"], out
    assert out["error_text"] == sentence.format(tile=tile), out
    assert out["error_de"] == f"Du hast {tile} nicht auf der Hand.", out
    assert "does not hold" in out["error"] and "not legal now" in out["error"], out   # the engine's own line kept
    general = {"Dieser Zug ist jetzt nicht erlaubt.", "This move is not allowed now.",
               "Das ging nicht: Die Regelmaschine lehnt diese Anfrage ab."}
    assert out["error_text"] not in general and out["error_de"] not in general
    assert call("state", id="hand")["result"] == state            # nothing changed


def test_every_reason_the_engine_gives_a_mover_has_the_pages_words():
    """The engine's reasons for a refused move of the person (dominolab.core.engine.Round._why_illegal's
    codes that a mover causes) are said to the person in both languages; a code without them would fall
    back to the third person ("Spieler 1 ist am Zug ...")."""
    from dominolab.text.words import WORDS
    mover = ("not-in-hand", "must-play-drawn", "must-play-not-draw", "must-play-not-pass", "must-draw-first")
    for lang in ("de", "en"):
        page = WORDS[lang].page.errors
        missing = [code for code in mover if code not in page]
        assert not missing, (lang, missing)
        assert all(code in WORDS[lang].errors for code in mover)    # the engine's own table has them too


def test_a_refused_draw_and_a_move_out_of_turn_keep_their_reasons():
    """The session's and the engine's reasons also for a draw that is not allowed and for a move while a
    bot is to move (checked by the session, not the page)."""
    state = _your_turn("draw")
    assert any(m["kind"] == "play" for m in state["moves"])          # seed 7: the person can play
    out = call("play", id="draw", move="draw")
    assert not out["ok"] and out["error_de"] == "Du kannst anlegen und darfst deshalb nicht ziehen.", out
    en = call("play", id="draw", lang="en", move="draw")
    assert en["error_text"] == "You can play a tile, so you may not draw.", en
    played = call("play", id="draw", move=state["moves"][0]["move"])["result"]
    assert played["state"] == "waiting"                               # the bot is to move now
    out = call("play", id="draw", move="draw")
    assert not out["ok"] and out["error_de"] == "Du bist gerade nicht am Zug.", out
    assert call("play", id="draw", lang="en", move="draw")["error_text"] == "It is not your turn."
