"""One session of a person against bots (dominolab.play.session), driven by the terminal and the page."""

from __future__ import annotations

import json
import random

import pytest

from reference import SEATINGS, seating_id
from dominolab import webapi
from dominolab.core.errors import DominoError, IllegalMove
from dominolab.core.record import match_to_record, replay
from dominolab.core.view import view_of
from dominolab.play import levels, terminal
from dominolab.play.session import Session, position_rng


def _to_person(s: Session) -> None:
    s.advance()
    while s.status() == "round-over":
        s.next_round()
        s.advance()


@pytest.mark.parametrize("spec", SEATINGS, ids=[seating_id(s) for s in SEATINGS])
def test_undo_and_the_same_move_meet_the_same_replies(spec):
    game, players, partnerships = spec
    for seed in range(3):
        s = Session(game, players, partnerships, seat=seed % players, bots=["greedy", "random"][:players - 1], seed=seed,
                    think_ms=1)
        rng = random.Random(seed)
        for _ in range(rng.randint(0, 12)):        # somewhere into the match
            _to_person(s)
            if s.status() != "your-turn":
                break
            s.play(rng.choice(s.legal_moves()))
        _to_person(s)
        if s.status() != "your-turn":
            continue
        move = s.legal_moves()[-1]
        before = list(s.moves)
        s.play(move)
        _to_person(s)
        first = list(s.moves)
        record = match_to_record(s.match)
        assert s.undo() == move
        assert s.moves == before
        # play forward again to the same point: the same replies, the same record
        _to_person(s)
        assert s.moves == before
        s.play(move)
        _to_person(s)
        assert s.moves == first
        assert match_to_record(s.match) == record


def test_a_hint_holds_until_the_next_move():
    s = Session("horse-race", 2, seat=0, bots=["greedy"], seed=5, think_ms=1)
    _to_person(s)
    hint = s.hint()
    assert s.hint_now == hint and hint.move in s.legal_moves()
    s.play(s.legal_moves()[0])
    assert s.hint_now is None
    s.advance()
    if s.status() != "your-turn":
        with pytest.raises(IllegalMove):
            s.hint()


def test_previews_are_the_engines():
    s = Session("horse-race", 3, seat=1, bots=["random"], seed=8, think_ms=1)
    _to_person(s)
    assert [p.move for p in s.previews()] == s.legal_moves()
    assert s.previews() == [s.round.preview(m) for m in s.legal_moves()]


def test_scores_are_read_from_the_rounds_not_written_from_outside():
    s = Session("fives-and-threes", 2, seat=0, bots=["greedy"], seed=2, think_ms=1)
    rng = random.Random(0)
    while s.status() != "match-over":
        _to_person(s)
        if s.status() == "your-turn":
            s.play(rng.choice(s.legal_moves()))
        assert s.match.scores == s.round.scores
        s.match.scores.append(99)          # a copy: writing into it changes nothing
        assert len(s.match.scores) == 2
    assert replay(json.loads(json.dumps(match_to_record(s.match)))).scores == s.match.scores


def test_bad_moves_and_turns_are_one_line_errors():
    s = Session("horse-race", 2, seat=0, bots=["greedy"], seed=1, think_ms=1)
    _to_person(s)
    with pytest.raises(DominoError):
        s.play("[9|9]")
    with pytest.raises(IllegalMove):
        s.play("[6|6]@[0|0].A")
    assert s.undo() is None
    with pytest.raises(DominoError):
        Session("horse-race", 2, seat=2)
    with pytest.raises(DominoError):
        Session("horse-race", 2, bots=["clever"])


def test_a_refused_move_carries_the_engines_reason_and_changes_nothing():
    """The session hands the move to the engine once (issue 40): a tile not held is the engine's
    ``not-in-hand`` refusal, a move out of turn the session's ``not-your-turn``; nothing is recorded."""
    from dominolab.core.moves import parse_move

    s = Session("horse-race", 2, seat=0, bots=["greedy"], seed=1, think_ms=1)
    _to_person(s)
    hand = {str(t) for t in s.round.hands[0]}
    absent = next(f"[{a}|{b}]" for a in range(7) for b in range(a, 7) if f"[{a}|{b}]" not in hand
                  and f"[{a}|{b}]" not in str(s.round.layout))
    legal = s.legal_moves()
    point = next((m.at for m in legal if getattr(m, "at", None) is not None), None)
    before = (list(s.moves), len(s.round.events))
    with pytest.raises(IllegalMove) as refused:
        s.play(parse_move(absent if point is None else f"{absent}@{point}"))
    assert refused.value.code == "not-in-hand" and refused.value.details["tile"] == absent
    assert (s.moves, len(s.round.events)) == before
    for _ in range(30):                   # a double or a score keeps the person on turn
        if s.status() != "your-turn":
            break
        s.play(s.legal_moves()[0])
    assert s.status() == "waiting"
    moves = list(s.moves)
    with pytest.raises(IllegalMove) as out_of_turn:
        s.play(parse_move("draw"))
    assert out_of_turn.value.code == "not-your-turn" and s.moves == moves


def test_terminal_and_page_drive_the_same_session():
    page = webapi.PlaySession("horse-race", 2, False, 0, ["greedy"], 4)
    face = terminal.Session("horse-race", 2, seat=0, bots=["greedy"], seed=4,
                            write=lambda line: None)
    assert isinstance(page.session, Session) and isinstance(face.core, Session)
    # the same seed and moves: the same match in both faces
    rng = random.Random(3)
    for _ in range(20):
        page.session.advance()
        face.core.advance()
        if page.status() != "your-turn":
            break
        move = rng.choice(page.session.legal_moves())
        page.play(str(move))
        face.core.play(move)
    assert match_to_record(page.match) == match_to_record(face.match)


def test_page_move_buttons_show_the_play_and_the_settlement_apart():
    for seed in range(40):
        page = webapi.PlaySession("horse-race", 2, False, 0, ["random"], seed)
        while page.status() != "round-over" and page.status() != "match-over":
            page.session.advance()
            if page.status() != "your-turn":
                continue
            state = page.state()
            side = state["my_side"]
            for item in state["moves"]:
                if item["kind"] != "play":
                    continue
                trial = webapi.PlaySession("horse-race", 2, False, 0, ["random"], seed)
                trial.session.rebuild(page.session.moves, len(page.match.rounds))
                before = trial.round.scores[side]
                after = trial.play(item["move"])["scores"][side]
                assert after - before == item["points"] + (item.get("settlement") or 0), item
                if item.get("settlement"):
                    assert "Abrechnung" in item["label"]
                    return
            page.play(state["moves"][0]["move"])
    raise AssertionError("no move with a settlement found in 40 seeds")


# -- the advisor (issue 19): one level gives every hint ---------------------------------------------

def test_hints_come_from_the_advisor_level():
    s = Session("horse-race", 2, seat=0, bots=["Expertin"], seed=5)
    assert s.advisor.level == levels.advisor().level and s.advisor.level.think_ms == levels.ADVISOR_HINT_MS
    assert s.levels[1].name == "expert" and s.bots[1].think_ms == s.levels[1].think_ms   # the level's own budget
    assert Session("horse-race", 2, bots=["greedy"], think_ms=7).advisor.level.label == f"{levels.ADVISOR}@7"
    _to_person(s)
    rnd = s.round
    hint = s.hint()
    # the same advice as the advisor's bot itself gives from the person's view and the position's rng
    direct = levels.advisor().bot.hint(view_of(rnd, 0), position_rng(5, rnd, 0, "hint"))
    assert tuple(hint) == tuple(direct)


@pytest.mark.parametrize("name", ["strong", "expert"])
def test_the_advisor_evaluates_every_move_best_first(name, monkeypatch):
    monkeypatch.setattr(levels, "ADVISOR", name)
    s = Session("fives-and-threes", 2, seat=0, bots=["greedy"], seed=11, think_ms=3)
    _to_person(s)
    assert s.advisor.bot.name == name
    view = view_of(s.round, s.person)
    scored = s.advisor.evaluate(view, random.Random(1))
    assert sorted(map(str, (x.move for x in scored))) == sorted(map(str, s.legal_moves()))
    assert [x.value for x in scored] == sorted((x.value for x in scored), reverse=True)
    assert all(x.deals >= 1 for x in scored) or len(scored) == 1
    hint = s.hint()
    assert hint.move in s.legal_moves() and hint.reason
    with pytest.raises(DominoError):
        levels.Advisor(levels.resolve("greedy"))         # a level that does not search cannot advise
