"""Exercises that say why (issue 41, point 5).

* Every wrong choice of every "Was passiert jetzt?" exercise (the lessons' files and the pools, both
  languages) says, after "Nein, nicht …", one sentence of the rule its outcome breaks - never the
  generic lead alone, never a number.
* Each reason is true: the claim behind every reason key is checked here against the engine, by replaying
  the exercise's event with the engine's own round (not with the lessons' replay).
* A wrong number names the rule to apply, in words from the game's description alone: the same for every
  exercise of a game and field, so it cannot carry an exercise's value, and with no digit at all.
"""

from __future__ import annotations

import re
from typing import Callable

import pytest

from dominolab.core.engine import DRAW, PASS, Round
from dominolab.core.moves import parse_move
from dominolab.core.layout import Placement
from dominolab.core.rules import GameRules, get_game
from dominolab.core.scoring import EndReason
from dominolab.core.tiles import Tile
from dominolab.lessons.catalogue import CHAPTERS, lesson
from dominolab.lessons.kinds import ExerciseKind
from dominolab.lessons.model import Exercise, TOKENS, number_rule, solve, token_words, why_not
from dominolab.lessons.page import exercise_data
from dominolab.lessons.pools import POOL_KINDS, pool
from dominolab.text.language import speaking
from dominolab.text.words import WORDS, act, seat_name

TILE = re.compile(r"\[\d\|\d\]")
DIGIT = re.compile(r"\d")


def _all() -> list[Exercise]:
    out = [ex for chapter in CHAPTERS for ex in lesson(chapter)[1]]
    out += [ex for game in sorted(set(CHAPTERS.values())) for kind in POOL_KINDS for ex in pool(game, kind)]
    return out


ALL = _all()
NEXT = [ex for ex in ALL if ex.kind == ExerciseKind.WHAT_HAPPENS_NEXT]
NUMBERS = [ex for ex in ALL if ex.kind in (ExerciseKind.WHAT_DOES_IT_SCORE, ExerciseKind.SETTLE_THE_ROUND)]
FILES = [ex for ex in NEXT if not ex.lesson.startswith("pool:")]


def test_there_is_something_to_check() -> None:
    # the sixteen exercises of the files (eighty wrong choices) and the pools' of both games
    assert len(FILES) == 16 and len(NEXT) > len(FILES)
    assert {ex.game for ex in NEXT} == {"horse-race", "fives-and-threes"}
    assert {ex.kind for ex in NUMBERS} == {ExerciseKind.WHAT_DOES_IT_SCORE, ExerciseKind.SETTLE_THE_ROUND}


@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_wrong_choice_says_why(lang: str) -> None:
    seen = 0
    with speaking(lang):
        for ex in NEXT:
            shown = dict(token_words(ex.rules_obj))
            generic = WORDS[lang].lessons.not_token
            for choice in solve(ex).choices:
                if choice.correct:
                    continue
                seen += 1
                lead = generic.format(token=shown[choice.value])
                assert choice.feedback.startswith(lead + " "), (ex.id, choice.value, choice.feedback)
                reason = choice.feedback[len(lead):].strip()
                assert len(reason) > 20 and reason.endswith("."), (ex.id, choice.value, reason)
                assert not DIGIT.search(TILE.sub(" ", reason)), (ex.id, choice.value, reason)
                assert "{" not in reason and "_" not in reason, (ex.id, reason)     # no field left, no identifier
    assert seen == 5 * len(NEXT)


# -- every reason is true: the claim of each key, checked against the engine ----------------------------

class Event:
    """The exercise's event replayed with the engine alone."""

    def __init__(self, ex: Exercise) -> None:
        self.ex = ex
        self.rules: GameRules = get_game(ex.game)
        self.rnd: Round = ex.round()
        self.before: Round = self.rnd.copy()
        moves = ex.move.split()
        for text in moves[:-1]:
            self.rnd.apply(text)
        self.seat = self.rnd.to_move
        self.last = parse_move(moves[-1]) if moves else None
        self.drew_first = len(moves) == 2 and moves[0] == "draw"     # "draw [1|6]@…": the drawn tile played
        self.score_before = list(self.rnd.scores)
        self.hand_before = list(self.rnd.hands[self.seat])
        self.stock_before = self.rnd.stock_left
        if self.last is not None:
            self.rnd.apply(self.last)
        self.laid: Tile | None = self.last.tile if isinstance(self.last, Placement) else None
        self.drawn: Tile | None = self.rnd.hands[self.seat][-1] if self.last is DRAW else None

    def fits(self, tile: Tile) -> bool:
        return bool(self.rnd.layout.points_for(tile))

    def scored(self) -> bool:
        side = self.rnd.seating.side_of(self.seat)
        if self.rnd.scores[side] > self.score_before[side]:
            return True
        assert self.laid is not None and isinstance(self.last, Placement)
        after = self.before.copy()
        for text in self.ex.move.split()[:-1]:
            after.apply(text)
        return after.gain(self.last) > 0


def _stays(e: Event) -> bool:
    return not e.rnd.over and e.rnd.to_move == e.seat


CHECKS: dict[str, Callable[[Event, dict[str, str]], bool]] = {
    "over": lambda e, f: e.rnd.over or e.rnd.is_blocked(),
    "nothing-laid": lambda e, f: e.laid is None and e.rules.stay_on_turn,
    "never-stays-nothing-laid": lambda e, f: e.laid is None and not e.rules.stay_on_turn,
    "never-stays": lambda e, f: not e.rules.stay_on_turn and e.laid is not None and not _stays(e),
    "drawn-ends-turn": lambda e, f: e.drew_first and str(e.laid) == f["tile"] and not _stays(e),
    "no-stay": lambda e, f: (e.laid is not None and str(e.laid) == f["tile"] and not e.laid.is_double
                             and not e.scored() and not _stays(e)),
    "over-target": lambda e, f: e.rnd.end is EndReason.TARGET,
    "over-out": lambda e, f: e.rnd.end is EndReason.DOMINO and not e.rnd.hands[e.seat],
    "over-partners": lambda e, f: (e.rnd.end is EndReason.DOMINO and e.rnd.seating.partnerships and not any(
        e.rnd.hands[s] for s in range(e.rnd.seating.players)
        if e.rnd.seating.side_of(s) == e.rnd.seating.side_of(e.seat))),
    "over-blocked": lambda e, f: ((e.rnd.over and e.rnd.end not in (EndReason.TARGET, EndReason.DOMINO))
                                  or (not e.rnd.over and e.rnd.is_blocked())),
    "stays-double": lambda e, f: e.laid is not None and e.laid.is_double and str(e.laid) == f["tile"] and _stays(e),
    "stays-scored": lambda e, f: e.laid is not None and e.scored() and str(e.laid) == f["tile"] and _stays(e),
    "draw-first": lambda e, f: e.last is None and e.rnd.legal_moves() == [DRAW],
    "drawn-must-be-laid": lambda e, f: e.drawn is not None and str(e.drawn) == f["tile"] and e.fits(e.drawn),
    "draw-again": lambda e, f: (e.drawn is not None and str(e.drawn) == f["tile"] and not e.fits(e.drawn)
                                and e.rnd.stock_left > 0 and e.rnd.legal_moves() == [DRAW]),
    # the seat, still to move, can neither play nor draw (from the start, or after a drawn tile that fits nowhere)
    "pass-first": lambda e, f: (e.laid is None and e.rnd.to_move == e.seat and e.rnd.legal_moves() == [PASS]
                                and not e.rnd.is_blocked() and act(e.rules) == "pass"),
    "knock-first": lambda e, f: (e.laid is None and e.rnd.to_move == e.seat and e.rnd.legal_moves() == [PASS]
                                 and not e.rnd.is_blocked() and act(e.rules) == "knock"),
    "never-draws": lambda e, f: (not e.rules.drawing and DRAW not in e.rnd.legal_moves()
                                 and DRAW not in e.before.legal_moves()),
    "laid-no-draw": lambda e, f: e.laid is not None,
    "drawn-fits-no-draw": lambda e, f: e.drawn is not None and str(e.drawn) == f["tile"] and e.fits(e.drawn),
    "stock-empty": lambda e, f: e.rules.drawing and e.rnd.stock_left == 0 and DRAW not in e.rnd.legal_moves(),
    "drawn-already-laid": lambda e, f: e.drew_first and str(e.laid) == f["tile"],
    "nothing-drawn": lambda e, f: e.rules.drawing and e.last is not DRAW and not e.drew_first,
    "drawn-does-not-fit": lambda e, f: e.drawn is not None and str(e.drawn) == f["tile"] and not e.fits(e.drawn),
    "laid-no-pass": lambda e, f: e.laid is not None and act(e.rules) == "pass",
    "laid-no-knock": lambda e, f: e.laid is not None and act(e.rules) == "knock",
    "drawn-fits-no-pass": lambda e, f: e.drawn is not None and str(e.drawn) == f["tile"] and e.fits(e.drawn),
    "stock-left-no-pass": lambda e, f: e.rules.drawing and e.rnd.stock_left > 0 and PASS not in e.rnd.legal_moves(),
    "blocked-no-pass": lambda e, f: (e.rnd.is_blocked() or e.rnd.end is EndReason.BLOCKED) and act(e.rules) == "pass",
    "blocked-no-knock": lambda e, f: (e.rnd.is_blocked() or e.rnd.end is EndReason.BLOCKED) and act(e.rules) == "knock",
    "goes-on-stock": lambda e, f: (not e.rnd.over and not e.rnd.is_blocked() and bool(e.rnd.hands[e.seat])
                                   and e.rules.drawing and e.rnd.stock_left > 0),
    "goes-on-can": lambda e, f: (not e.rnd.over and bool(e.rnd.hands[e.seat]) and any(
        f["seat"] == seat_name(s, e.ex.to_move, e.rnd.seating.players) and e.rnd.can_play(s)
        for s in range(e.rnd.seating.players) if e.rnd.hands[s])),
    "goes-on-you": lambda e, f: not e.rnd.over and e.rnd.can_play(e.ex.to_move),
    "goes-on-partner": lambda e, f: (not e.rnd.over and not e.rnd.hands[e.seat] and any(
        f["seat"] == seat_name(s, e.ex.to_move, e.rnd.seating.players) and e.rnd.can_play(s)
        and e.rnd.seating.side_of(s) == e.rnd.seating.side_of(e.seat) for s in range(e.rnd.seating.players))),
}


def test_every_reason_has_a_check_and_both_languages_have_every_reason() -> None:
    assert set(CHECKS) == set(WORDS["de"].lessons.why_not) == set(WORDS["en"].lessons.why_not)


@pytest.mark.parametrize("ex", NEXT, ids=[ex.id for ex in NEXT])
def test_every_reason_is_true(ex: Exercise) -> None:
    reasons = why_not(ex)
    right = solve(ex).answers[0]
    assert set(reasons) == set(TOKENS) - {right}
    event = Event(ex)
    for token, (key, fields) in reasons.items():
        assert CHECKS[key](event, fields), f"{ex.id}: '{token}' is said wrong because of '{key}' {fields}, which is false"


def test_the_reasons_are_not_one_sentence_for_all() -> None:
    """The reasons follow the situation: the eighty of the files use many different rules."""
    keys = {key for ex in FILES for key, _ in why_not(ex).values()}
    assert len(keys) >= 20, keys


# -- a wrong number names the rule, never the value ------------------------------------------------------

@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_wrong_number_names_the_rule_not_the_value(lang: str) -> None:
    words = WORDS[lang].lessons
    rules_of: dict[tuple[str, str], set[str]] = {}
    with speaking(lang):
        for ex in NUMBERS:
            data = exercise_data(ex)
            for field in data["inputs"]:
                rule = field["rule"]
                name = field["name"].split("-")[0]
                rules_of.setdefault((ex.game, name), set()).add(rule)
                assert rule and not DIGIT.search(rule), (ex.id, rule)
                said = words.rule_is.format(label=field["label"], rule=rule)
                assert str(field["value"]) not in re.findall(r"\d+", said), (ex.id, said)
    # one rule per game and field: it depends on the game's description alone, so it carries no value
    assert all(len(r) == 1 for r in rules_of.values()), rules_of
    for (game, name), (rule,) in rules_of.items():
        rules = get_game(game)
        if name == "points":                 # every divisor of the game, as a word
            assert all(WORDS[lang].lessons.numerals[d] in rule for d in rules.divisors), rule
        if name == "side" and rules.pip_settlement:
            assert WORDS[lang].lessons.numerals[rules.raw_per_point] in rule, rule


def test_the_points_rule_follows_the_description() -> None:
    """Fives and Threes credits a third and a fifth, Horse Race a fifth: "Endsumme geteilt durch …"."""
    with speaking("de"):
        assert number_rule(get_game("horse-race"), "points") == (
            "Endsumme geteilt durch fünf, wenn sie ein Vielfaches von fünf ist")
        ft = number_rule(get_game("fives-and-threes"), "points")
        assert "geteilt durch drei" in ft and "geteilt durch fünf" in ft
        assert "Ziel" in number_rule(get_game("fives-and-threes"), "side-0")       # exact target: void past it
        assert "Ziel" not in number_rule(get_game("horse-race"), "side-0")
    with speaking("en"):
        assert number_rule(get_game("horse-race"), "points") == "end total divided by five when it is a multiple of five"


# -- the reasons no exercise of the files or pools needs yet, on positions made for them -------------------

def _made(game: str, players: int, partnerships: bool, layout: str, hands: list[list[str]], move: str) -> Exercise:
    return Exercise(id="made", kind=ExerciseKind.WHAT_HAPPENS_NEXT, game=game, players=players,
                    partnerships=partnerships, layout=layout, hands=tuple(tuple(h) for h in hands), stock=(),
                    to_move=0, scores=(0,) * (2 if partnerships else players), rules=(), move=move)


MADE = {
    # nobody can play in a game without drawing: the round is blocked, there is nothing to knock
    "blocked-no-knock": _made("fives-and-threes", 2, False, "[1|4]", [["[2|2]"], ["[3|3]"]], ""),
    # the second partner plays out: the partnership round ends
    "over-partners": _made("fives-and-threes", 4, True, "[1|4]", [["[1|2]"], ["[3|5]"], [], ["[0|0]"]],
                           "[1|2]@[1|4].low"),
    # a double keeps the turn, the stock is empty, and the mover still holds a tile that fits
    "goes-on-you": _made("horse-race", 2, False, "[1|4]", [["[4|4]", "[4|6]"], ["[0|0]"]], "[4|4]@[1|4].high"),
}


@pytest.mark.parametrize("key", list(MADE))
def test_the_other_reasons_are_true_where_they_are_given(key: str) -> None:
    ex = MADE[key]
    reasons = why_not(ex)
    assert key in {k for k, _ in reasons.values()}, reasons
    event = Event(ex)
    for token, (k, fields) in reasons.items():
        assert CHECKS[k](event, fields), (key, token, k)


def test_every_reason_is_given_somewhere() -> None:
    given = {k for ex in [*NEXT, *MADE.values()] for k, _ in why_not(ex).values()}
    assert given == set(CHECKS)
