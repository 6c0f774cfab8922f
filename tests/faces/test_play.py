"""``dominolab play``: scripted sessions from standard input, hints, undo, quitting, bad input."""

from __future__ import annotations

import io
import itertools
import sys

import pytest

from dominolab.play import levels

from dominolab.cli import main
from dominolab.play.terminal import QuitSession, Session
from dominolab.core.record import load_record, replay


def run_cli(args, stdin_text, monkeypatch, capsys):
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin_text))
    code = main(["play", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def session(**kw):
    out: list[str] = []
    defaults = dict(seat=0, bots=["greedy"], seed=3, think_ms=2, lang="en")
    defaults.update(kw)
    game = defaults.pop("game", "fives-and-threes")
    players = defaults.pop("players", 2)
    partnerships = defaults.pop("partnerships", False)
    return Session(game, players, partnerships, write=out.append, **defaults), out


@pytest.mark.parametrize("game,players,partnerships", [
    ("fives-and-threes", 2, False), ("horse-race", 2, False), ("horse-race", 4, True),
])
def test_scripted_session_plays_a_whole_match_and_its_record_replays(game, players, partnerships, tmp_path,
                                                                     monkeypatch, capsys):
    record = tmp_path / "match.json"
    args = ["--game", game, "--players", str(players), "--seed", "5", "--bots",
            "greedy,random" if players > 2 else "greedy", "--think", "2", "--lang", "en", "--record", str(record)]
    if partnerships:
        args.append("--partnerships")
    code, out, err = run_cli(args, "1\n" * 3000, monkeypatch, capsys)
    assert code == 0, err
    assert "The match is won by" in out and f"record written to {record}" in out
    match = replay(load_record(record))
    assert match.over
    # every play of anyone is shown with its step text
    plays = sum(1 for r in match.rounds for e in r.events if type(e).__name__ == "PlayEvent")
    assert out.count("Played: ") == plays
    assert "End values:" in out and "Legal moves:" in out and "Your hand:" in out


def test_same_seed_and_input_play_the_same_match(monkeypatch, capsys, tmp_path):
    outs = []
    for name in ("a.json", "b.json"):
        code, out, _ = run_cli(["--game", "horse-race", "--players", "3", "--seed", "9", "--bots", "strong",
                                "--think", "1", "--record", str(tmp_path / name)], "1\n" * 3000, monkeypatch, capsys)
        assert code == 0
        outs.append(out.replace(name, "X"))
    assert outs[0] == outs[1]
    assert load_record(tmp_path / "a.json") == load_record(tmp_path / "b.json")


def test_german_texts_are_the_default(monkeypatch, capsys):
    code, out, _ = run_cli(["--game", "horse-race", "--players", "2", "--seed", "1", "--bots", "greedy"],
                           "1\n" * 3000, monkeypatch, capsys)
    assert code == 0
    assert "Angelegt: " in out and "Gewertete Beiträge:" in out and "Erlaubte Züge:" in out


def test_turn_shows_layout_hand_moves_and_scores():
    s, out = session(game="horse-race", seed=2)
    with pytest.raises(QuitSession):
        s.run(iter(["1", "q"]))
    text = "\n".join(out)
    assert "Layout: End values:" in text and "Free attachment points:" in text   # structured description
    assert "├─" in text or "└─" in text                                           # the text drawing
    assert "Scores: team 0:" in text and "(target 61)" in text
    assert "  1  " in text                                                        # numbered moves


def test_hint_names_a_legal_move_and_why():
    s, out = session(seed=4)
    rnd_moves = []

    def lines():
        rnd_moves.append(s.match.current.legal_moves())
        yield "h"
        yield "q"

    with pytest.raises(QuitSession):
        s.run(lines())
    hint_lines = [k for k, line in enumerate(out) if line.startswith("hint of the ")]
    assert len(hint_lines) == 1
    line = out[hint_lines[0]]
    # the advising level is named (here with the session's --think budget of 2 ms)
    assert line.startswith(f"hint of the {levels.ADVISOR}@2 level: ")
    number = int(line.split(": ")[1].split()[0])
    assert 1 <= number <= len(s.match.current.legal_moves())
    # why, in words (a reason kind's sentence or the lead over the next best), then how it was computed
    assert line.endswith(".") and ("more" in line or "less" in line or "only" in line or "double" in line)
    assert "sampled deals" in out[hint_lines[0] + 1] and "2 ms" in out[hint_lines[0] + 1]


def test_undo_takes_back_the_persons_last_move():
    s, out = session(seed=6)
    seen = []

    def lines():
        seen.append((len(s.history), [list(h) for h in s.match.current.hands]))
        yield "1"
        yield "1"
        seen.append((len(s.history), [list(h) for h in s.match.current.hands]))
        yield "u"
        seen.append((len(s.history), [list(h) for h in s.match.current.hands]))
        yield "q"

    with pytest.raises(QuitSession):
        s.run(lines())
    assert any(line.startswith("taken back: ") for line in out)
    # after the undo the position is the one before the second move of the person
    before_second = None
    s2, _ = session(seed=6)
    with pytest.raises(QuitSession):
        s2.run(iter(["1", "q"]))
    before_second = [list(h) for h in s2.match.current.hands]
    assert seen[2][1] == before_second
    assert seen[2][0] == len(s2.history)


def test_undo_before_any_move_and_undo_twice():
    s, out = session(seed=8)
    with pytest.raises(QuitSession):
        s.run(iter(["u", "1", "u", "u", "q"]))
    assert out.count("nothing to take back: you have not moved yet") == 2
    assert sum(1 for line in out if line.startswith("taken back: ")) == 1
    assert s.match.current.number == 1 and not [i for i in s._person_move_indices()]


def test_bad_input_is_one_line_and_the_same_prompt_again():
    s, out = session(seed=3)
    with pytest.raises(QuitSession):
        s.run(iter(["99", "banana", "[6|6]@[0|0].low", "", "0", "q"]))
    shown = [i for i, line in enumerate(out) if line.startswith("--- ")]
    assert len(shown) == 1                       # the turn was shown once, not once per bad line
    complaints = out[shown[0] + 1:]
    complaints = [c for c in complaints if "\n" not in c]
    assert len(complaints) == 5
    assert all(len(c) <= 300 for c in complaints)
    assert "no move '99'" in complaints[0]
    assert "not a move" in complaints[1]
    assert s.history == []


def test_illegal_notation_names_the_legal_moves():
    s, out = session(seed=3)
    with pytest.raises(QuitSession):
        s.run(iter(["1", "draw", "q"]))
    # the engine's own reason (Fives and Threes has no stock), then the legal moves
    assert any(line.startswith("draw is not legal now: In Fives and Threes nobody draws") and "Legal: " in line
               for line in out)


@pytest.mark.parametrize("lang,said", [
    ("de", "[6|6] ist jetzt nicht erlaubt: Du hast [6|6] nicht auf der Hand. Erlaubt: [0|6], "),
    ("en", "[6|6] is not legal now: You do not hold [6|6]. Legal: [0|6], "),
])
def test_a_tile_not_in_the_hand_is_refused_with_the_engines_reason(lang, said):
    """The terminal checks nothing itself: the engine refuses the move once, and its coded reason is said."""
    s, out = session(seed=3, lang=lang)
    assert "[6|6]" not in [str(t) for t in s.match.current.hands[0]]
    with pytest.raises(QuitSession):
        s.run(iter(["[6|6]", "q"]))
    refused = [line for line in out if line.startswith("[6|6] ")]
    assert len(refused) == 1 and refused[0].startswith(said), refused
    assert s.history == []


def test_notation_is_accepted_as_a_move():
    s, out = session(seed=3)
    first = {}

    def lines():
        first["moves"] = s.match.current.legal_moves()
        yield str(first["moves"][-1])
        yield "q"

    with pytest.raises(QuitSession):
        s.run(lines())
    assert s.history[0] == first["moves"][-1]


def test_end_of_input_quits_cleanly_and_writes_a_record_in_progress(tmp_path, monkeypatch, capsys):
    record = tmp_path / "partial.json"
    code, out, err = run_cli(["--game", "horse-race", "--players", "2", "--seed", "3", "--bots", "greedy",
                              "--record", str(record)], "1\n1\n", monkeypatch, capsys)
    assert code == 0 and err == ""
    assert "end of input: the match is not finished" in out
    match = replay(load_record(record))
    assert not match.over


def test_q_quits(monkeypatch, capsys):
    code, out, err = run_cli(["--game", "fives-and-threes", "--players", "3", "--seed", "3", "--bots", "random"],
                             "q\n", monkeypatch, capsys)
    assert code == 0 and "quit: the match is not finished" in out and err == ""


@pytest.mark.parametrize("args,message", [
    (["--seat", "2"], "--seat must be a seat from 0 to 1"),
    (["--seat", "-1"], "--seat must be a seat from 0 to 1"),
    (["--bots", "greedy,clever"], "unknown bot 'clever'"),
    (["--bots", "7"], "unknown bot '7'; choose a level: 1 random, 2 greedy"),
    (["--bots", "greedy,random,strong,expert,1"], "--bots names 5 bots for 1 other seat"),
    (["--bots", "Expertin@soon"], "the budget after @ must be milliseconds"),
    (["--think", "0"], "argument --think: expected milliseconds above 0 and at most 60,000"),
    (["--players", "5"], "cannot be played with 5 players"),
    (["--record", "/no/such/dir/x.json"], "does not exist"),
])
def test_bad_arguments_are_one_line_errors(args, message, monkeypatch, capsys):
    base = ["--game", "fives-and-threes", "--players", "2"]
    if "--players" in args:
        base = base[:2]
    code, out, err = run_cli(base + args, "1\n" * 10, monkeypatch, capsys)
    assert code == 2 and out == ""
    assert err.startswith("dominolab: error: ") and message in err and err.count("\n") == 1


def test_bots_fill_the_other_seats_in_order():
    s, _ = session(game="horse-race", players=4, seat=1, bots=["strong", "greedy"])
    assert {seat: bot.name for seat, bot in s.bots.items()} == {2: "strong", 3: "greedy", 0: "strong"}


def test_a_match_ends_with_the_winner(monkeypatch, capsys):
    s, out = session(game="fives-and-threes", seed=12)
    match = s.run(itertools.repeat("1"))
    assert match.over and out[-1].startswith("The match is won by team")
