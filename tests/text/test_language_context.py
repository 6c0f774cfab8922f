"""One language context (issue 40): the faces set it once, everything in dominolab.text speaks it, an
explicit ``lang`` still wins, and a play event carries the void the engine judged."""

from __future__ import annotations

import random

import pytest

from dominolab.cli import main
from dominolab.core.errors import InvalidArgument
from dominolab.core.engine import Match, PlayEvent, Round, random_policy
from dominolab.core.moves import Move
from dominolab.core.record import event_to_json
from dominolab.core.rules import FIVES_AND_THREES
from dominolab.play.terminal import Session
from dominolab.text import language, narrate, reasons, steptext, words
from dominolab.text.language import speaking


def test_text_speaks_the_context_and_an_explicit_lang_wins() -> None:
    rnd = Match("horse-race", players=2, seed=3).new_round()
    event = rnd.push(rnd.legal_moves()[0])[0]
    with speaking("en"):
        assert words.seat_name(0) == "Player 1" and words.seat_name(1, 0, 2) == "across"
        assert words.seat_name(0, lang="de") == "Spieler 1"
        assert narrate.event_text(event, rnd).startswith("Player ")
        assert narrate.event_text(event, rnd, "de").startswith("Spieler ")
        assert steptext.step_text(rnd.layout, rnd.rules) == steptext.step_text(rnd.layout, rnd.rules, "en")
        assert reasons.summary_text("bonus", 2) == "put the match win at risk 2 times"
    assert words.seat_name(0) == "Spieler 1" and language.current() == "de"
    with pytest.raises(InvalidArgument):
        words.seat_name(0, lang="fr")


def test_one_seat_name_seen_from_a_player_or_from_outside() -> None:
    assert [words.seat_name(s, 0, 4) for s in range(4)] == ["du", "links", "gegenüber", "rechts"]
    assert [words.seat_name(s) for s in range(3)] == ["Spieler 1", "Spieler 2", "Spieler 3"]
    assert narrate.seat_name is words.seat_name          # the narrator's is the same function
    bad: list[tuple[object, object, object]] = [(-1, None, None), (True, None, None), (3, None, 3), (0, 0, None)]
    for seat, me, players in bad:
        with pytest.raises(InvalidArgument):
            words.seat_name(seat, me, players)  # type: ignore[arg-type]


def test_the_command_line_sets_the_context_for_one_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["layout", "--game", "horse-race", "--lang", "en", "[1|4]"]) == 0
    english = capsys.readouterr().out
    assert main(["layout", "--game", "horse-race", "[1|4]"]) == 0
    german = capsys.readouterr().out
    assert "Played: [1|4]" in english and "Angelegt: [1|4]" in german
    assert language.current() == "de"                     # the command's language ended with it


def test_the_terminal_session_speaks_the_language_it_starts_in() -> None:
    lines: list[str] = []
    with speaking("en"):
        session = Session("horse-race", 2, seed=1, write=lines.append)
    assert session.lang == "en" and session.who(0) == "Seat 0 (you)"
    german = Session("horse-race", 2, seed=1, lang="de", write=lines.append)
    assert german.who(0) == "Sitz 0 (du)"


def test_a_play_event_carries_the_void_the_engine_judged() -> None:
    """Over random matches of a game with an exact target, every play's ``void`` is what the engine's
    preview said before the play (and some plays are void); records do not carry it."""
    assert FIVES_AND_THREES.target_exact
    voids = plays = 0
    for seed in range(40):
        said: dict[tuple[int, int], bool] = {}

        def policy(rnd: Round, rng: random.Random) -> Move:
            move = random_policy(rnd, rng)
            said[rnd.number, len(rnd.events)] = rnd.preview(move).void     # the play's event comes next
            return move

        match = Match("fives-and-threes", players=2, seed=seed).play(policy)
        for rnd in match.rounds:
            for k, event in enumerate(rnd.events):
                if isinstance(event, PlayEvent):
                    plays += 1
                    voids += event.void
                    assert event.void == said[rnd.number, k]
                    assert event.void == (event.scored == 0 and event.credit + event.bonus > 0)
                    assert "void" not in event_to_json(event)
        if voids >= 3:
            break
    assert plays and voids >= 3
