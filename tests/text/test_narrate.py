"""The one narrator (dominolab.text.narrate): the book's steppers and the play page tell events,
round ends and settlements with the same functions; seen from a player the tiles others draw stay
hidden."""

from __future__ import annotations

import json
import random

import pytest

from dominolab import webapi
from dominolab.core.engine import DrawEvent, Match, PlayEvent, SettleEvent
from dominolab.core.errors import DominoError, IllegalMove, InvalidArgument, RecordError
from dominolab.core.rules import FIVES_AND_THREES, HORSE_RACE
from dominolab.text import narrate
from dominolab.text.words import WORDS, error_sentence


def _played(game, players: int, partnerships: bool, seed: int) -> Match:
    """A match of random legal moves until one round has ended."""
    match = Match(game, players, partnerships, seed=seed)
    rnd = match.new_round()
    rng = random.Random(seed)
    while not rnd.over:
        rnd.push(rng.choice(rnd.legal_moves()))
    return match


def test_a_player_sees_only_the_tiles_they_draw():
    seen = 0
    for seed in range(10):
        rnd = _played(HORSE_RACE, 3, False, seed).rounds[0]
        for event in rnd.events:
            if not isinstance(event, DrawEvent):
                continue
            seen += 1
            for me in range(3):
                text = narrate.event_text(event, rnd, me=me)
                assert (str(event.tile) in text) == (event.seat == me), text
            assert str(event.tile) in narrate.event_text(event, rnd)      # the book shows every hand
    assert seen > 5


def test_a_play_that_books_nothing_says_so_without_a_zero():
    rnd = _played(FIVES_AND_THREES, 2, False, 1).rounds[0]
    nothing = [e for e in rnd.events if isinstance(e, PlayEvent) and not (e.credit or e.bonus)]
    assert nothing
    for event in nothing:
        for me in (None, 0, 1):
            text = narrate.event_text(event, rnd, me=me)
            assert text.endswith(", keine Punkte.") and "Gutschrift 0" not in text, text
    scoring = [e for e in rnd.events if isinstance(e, PlayEvent) and e.credit]
    assert all("Gutschrift" in narrate.event_text(e, rnd) for e in scoring)


def test_the_readers_side_is_deine_partnerschaft_in_a_sentence():
    """Seen from a partner the own side is *deine Partnerschaft* (issue 32: *Seite* meant a tile's side
    and a team); in a two-player game the own side is the player, *Du*, capitalised as a label."""
    for seed in range(20):
        match = _played(HORSE_RACE, 4, True, seed)
        rnd = match.rounds[0]
        if rnd.settlement is None:
            continue
        winner = rnd.settlement.winners[0]
        me = rnd.seating.seats_of(winner)[0]
        assert "Rundensieger: Deine Partnerschaft" in narrate.settlement_text(rnd, me=me)
        assert narrate.settlement_text(rnd).startswith("Abrechnung nach ")
        assert "deine Partnerschaft" not in narrate.settlement_text(rnd).lower()
        settle = next(e for e in rnd.events if isinstance(e, SettleEvent))
        assert "Rundensieger: Deine Partnerschaft" in narrate.event_text(settle, rnd, me=me)
        rows = narrate.hand_rows(rnd, me=me)
        assert len(rows) == 4 and rows[me].startswith("Du (deine Partnerschaft): ")
        break
    else:
        pytest.fail("no settlement in 20 seeds")
    for seed in range(20):
        rnd = _played(HORSE_RACE, 2, False, seed).rounds[0]
        if rnd.settlement is None:
            continue
        winner = rnd.settlement.winners[0]
        text = narrate.settlement_text(rnd, me=winner)
        assert "Rundensieger: Du." in text and "Seite" not in text and "Partnerschaft" not in text
        assert "Rundensieger: Gegenüber." in narrate.settlement_text(rnd, me=1 - winner)
        return
    pytest.fail("no settlement in 20 seeds")


def test_round_summary_without_settlement():
    for seed in range(30):
        rnd = _played(FIVES_AND_THREES, 2, False, seed).rounds[0]
        summary = narrate.round_summary(rnd, me=0)
        assert summary[-1] == WORDS["de"].narration.summary_no_pips.format(title=rnd.rules.title)
        if str(rnd.end) == "blocked":
            assert summary[0] == WORDS["de"].narration.summary_blocked
    assert narrate.round_summary(_played(HORSE_RACE, 2, False, 1).rounds[0]) == []    # the settlement tells it


@pytest.mark.parametrize("game, players, partnerships", [("horse-race", 4, True), ("fives-and-threes", 3, False),
                                                         ("horse-race", 2, False)])
def test_the_page_narrates_through_text(game, players, partnerships):
    """Every sentence of the page's state is the narrator's, seen from the person's seat."""
    sid = f"narrate-{game}-{players}"
    params = {"game": game, "players": str(players), "partnerships": str(int(partnerships)), "seed": "5",
              "seat": "1", "bots": "greedy"}
    state = json.loads(webapi.call("new", json.dumps({"id": sid, "params": params})))["result"]
    rng = random.Random(5)
    for _ in range(400):
        if state["state"] == "waiting":
            state = json.loads(webapi.call("bot", json.dumps({"id": sid})))["result"]
        elif state["state"] == "your-turn":
            move = rng.choice(state["moves"])["move"]
            state = json.loads(webapi.call("play", json.dumps({"id": sid, "move": move})))["result"]
        else:
            break
    assert state["state"] in ("round-over", "match-over")
    rnd = webapi.SESSIONS[sid].round
    me = 1
    assert [e["text"] for e in state["events"]] == [narrate.event_text(e, rnd, me=me) for e in rnd.events]
    assert [e["why"] for e in state["events"]] == [narrate.why_again(rnd, i) for i in range(len(rnd.events))]
    assert state["summary"] == narrate.round_summary(rnd, me=me)
    assert state["end_text"] == narrate.round_end_text(rnd, me=me)
    if rnd.settlement is not None:
        assert state["settlement"]["text"] == narrate.settlement_text(rnd, me=me)
        assert state["settlement"]["hands"] == narrate.hand_rows(rnd, me=me)


# -- one function from an error to a sentence -------------------------------------------------------

def test_error_sentence_reads_the_pages_codes_first():
    record = RecordError("x: not consistent", code="record-inconsistent",
                         details={"name": "x.json", "round": 2, "event": 5})
    assert error_sentence(record, page=True) == WORDS["de"].page.errors["record-at"].format(
        name="x.json", round=2, step=6)
    assert "der 6. Schritt" in error_sentence(record, page=True)       # readers count from 1; the record from 0
    turn = IllegalMove("it is seat 1's turn", code="not-your-turn", details={"seat": 1})
    assert error_sentence(turn) == "Spieler 2 ist gerade nicht am Zug."
    assert error_sentence(webapi.WebError("not yours", code="not-your-turn"), page=True) == "Du bist gerade nicht am Zug."
    assert error_sentence(DominoError("new"), page=True) == WORDS["de"].page.errors["general"]
    assert error_sentence(DominoError("new"), "en", page=True) == WORDS["en"].page.errors["general"]
    assert error_sentence(DominoError("new  one"), otherwise="message") == "new one"
    assert error_sentence(DominoError("new"), otherwise="none") is None
    with pytest.raises(InvalidArgument):
        error_sentence(turn, move="loud")
    with pytest.raises(InvalidArgument):
        error_sentence(turn, "fr")


def test_error_sentence_heads_a_refused_move_three_ways():
    rnd = Match("fives-and-threes", 2, seed=1).new_round()
    with pytest.raises(IllegalMove) as info:
        rnd.apply("draw")
    exc = info.value
    body = "In Fives and Threes wird nicht gezogen: Die übrigen Steine bleiben aus dem Spiel."
    assert error_sentence(exc) == f"Ziehen: {body}"
    assert error_sentence(exc, move="notation") == f"draw: {body}"
    assert error_sentence(exc, move="none") == body
