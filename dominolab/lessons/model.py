"""Exercises as data, and their answers as the engine computes them.

An :class:`Exercise` is a position (game, seating, layout in notation, hands,
stock, seat to move, scores), a kind, a question and the ids of the rule
statements it practises. Nobody types an answer: :func:`solve` builds the
position through the engine and computes every offered choice with whether it
is right and a German explanation of why (the engine's reason for an illegal
placement, the step-by-step computation for a number).

Kinds (:data:`KINDS`):

``place-to-goal``
    choose a hand tile and a point that reaches ``goal``: ``points:N`` (the
    placement scores N), ``sum:S`` (the end sum becomes S), ``keep-turn`` (the
    player stays on turn) or ``most`` (scores the most now);
``where-may-it-go``
    select every free point where ``tile`` may be placed;
``what-does-it-score``
    ``move`` is played: enter the end sum and the points;
``what-happens-next``
    after ``move`` (or, without it, for the seat to move): one of :data:`TOKENS`;
``settle-the-round``
    ``move`` ends the round (or the position is blocked): enter what each side gets;
``best-move``
    a puzzle: the move the strong bot found clearly best (``puzzle`` holds its evaluation).
"""

from __future__ import annotations

import contextvars
import hashlib
import json
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Callable, Iterator, cast

from dominolab.core.engine import DRAW, PASS, Round, position
from dominolab.core.errors import DominoError
from dominolab.core.layout import AttachmentPoint, Layout, Placement, Side
from dominolab.core.moves import format_move, parse_move
from dominolab.core.rules import GameRules, get_game
from dominolab.core.scoring import round_to_five, settle_round
from dominolab.core.scoring import EndReason
from dominolab.core.tiles import ALL_TILES, Tile
from dominolab.lessons.kinds import ExerciseKind
from dominolab.text.words import (WORDS, LessonWords, act, and_list as _and_list, capital, count, error_sentence,
                                  move_text, point_text, points as points_of, seat_name as _seat_name,
                                  team_name as _team_name, words as _words_of)

__all__ = ["Choice", "Exercise", "ExerciseError", "KINDS", "Solution", "TOKENS", "TOKEN_WORDS", "language", "lesson_lang",
           "solve"]

#: The kinds of exercise (their members compare equal to the words exercise files write).
KINDS = tuple(ExerciseKind)
TOKENS = ("continue", "turn-passes", "draw", "play-drawn", "pass", "round-ends")
#: The language of the questions, feedback and explanations (German unless :func:`language` says otherwise).
_LANG: contextvars.ContextVar[str] = contextvars.ContextVar("dominolab_lesson_lang", default="de")


def lesson_lang() -> str:
    """The language the lessons speak now (``"de"`` unless inside :func:`language`)."""
    return _LANG.get()


@contextmanager
def language(lang: str) -> Iterator[str]:
    """Within the block, questions, feedback, explanations and hints are in ``lang`` (``de``, ``en``)."""
    token = _LANG.set(_words_of(lang).lang)
    try:
        yield lang
    finally:
        _LANG.reset(token)


class _CurrentWords:
    """The lessons' words (:mod:`dominolab.text.words`) in the current language."""

    def __getattr__(self, name: str) -> Any:
        return getattr(WORDS[_LANG.get()].lessons, name)


#: The words of the lessons in the current language (:func:`language`).
W = cast(LessonWords, _CurrentWords())
#: The tokens as the German lesson shows them.
TOKEN_WORDS = WORDS["de"].lessons.tokens


def point_de(point: AttachmentPoint | str) -> str:
    """A point as readers read it, in the current language (``[4|4], Längsseite B``)."""
    return point_text(point, _LANG.get())


def move_de(move: Placement | str) -> str:
    """A move as readers read it, in the current language (``[1|4] an [4|4], Längsseite B``)."""
    return move_text(move, _LANG.get())


def seat_name(seat: int, me: int, players: int) -> str:
    return _seat_name(seat, me, players, _LANG.get())


def team_name(side: int, seating: Any, me: int | None = None) -> str:
    return _team_name(side, seating, me, _LANG.get())


def and_list(names: list[str] | tuple[str, ...]) -> str:
    return _and_list(names, _LANG.get())


def token_words(rules: GameRules | None = None) -> list[tuple[str, str]]:
    """Every token with the answer as shown: the turn without a play is *passen* in a game that
    draws and *klopfen* in one without a stock (:func:`dominolab.text.words.act`, read from the
    game's description); without a game, the tokens' own words."""
    return [(t, W.tokens[act(rules) if t == "pass" else t]) for t in TOKENS]
#: Goals of ``place-to-goal``: the name and whether it takes a number.
GOALS = {"points": True, "sum": True, "keep-turn": False, "most": False}


class ExerciseError(DominoError):
    """An exercise (or exercise file) that cannot be used: one line naming the file and the key."""


@dataclass(frozen=True)
class Exercise:
    """One exercise; answers are not part of it (see :func:`solve`)."""

    id: str
    kind: str
    game: str
    players: int
    partnerships: bool
    layout: str
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    to_move: int
    scores: tuple[int, ...]
    rules: tuple[str, ...]
    question: str = ""
    move: str = ""
    tile: str = ""
    goal: str = ""
    lesson: str = ""           #: chapter of the lesson, "pool:<kind>" or "puzzles"
    puzzle: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    source: str = ""           #: file (or generator) it came from
    question_en: str = ""      #: the English twin of ``question`` (the English edition)

    @property
    def rules_obj(self) -> GameRules:
        return get_game(self.game)

    def round(self) -> Round:
        """A fresh engine round of the position (the move not yet played)."""
        return position(self.game, self.players, self.partnerships, layout=self.layout,
                        hands=[list(h) for h in self.hands], stock=list(self.stock), to_move=self.to_move,
                        scores=list(self.scores))

    def data(self) -> dict[str, Any]:
        """The exercise as plain data (what its version is computed from)."""
        out: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "game": self.game, "players": self.players,
            "partnerships": self.partnerships, "layout": self.layout, "hands": [list(h) for h in self.hands],
            "stock": list(self.stock), "to_move": self.to_move, "scores": list(self.scores),
            "rules": list(self.rules), "question": self.question or _german_question(self)}
        for key in ("move", "tile", "goal"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.puzzle:       # what the feedback explains (parts, reasons) is no part of the exercise
            out["puzzle"] = {k: v for k, v in self.puzzle.items() if k not in ("parts", "reasons")}
        return out

    @property
    def version(self) -> str:
        """A short hash of everything that defines the exercise: changed exercises get new stars."""
        text = json.dumps(self.data(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:8]


@dataclass(frozen=True)
class Choice:
    """One answer the reader can give; ``value`` is the ``data-answer`` of the page."""

    value: str
    correct: bool
    feedback: str
    tile: str = ""
    point: str = ""


@dataclass(frozen=True)
class Solution:
    answers: tuple[str, ...]                  #: the right choices (placements, points, tokens)
    inputs: tuple[tuple[str, int], ...]       #: number fields and their right values
    choices: tuple[Choice, ...]
    explanation: str                          #: German: why the right answer is right, step by step
    hint: str                                 #: German: a nudge (costs a star)
    values: tuple[tuple[str, float], ...] = ()  #: best-move: the bot's expected points per move


# -- German building blocks --------------------------------------------------------------

def _points(n: int, rules: GameRules) -> str:
    return points_of(n, rules, _LANG.get())


def _num(x: float) -> str:
    return f"{x:+.1f}".replace(".", W.decimal_point)


def credit_steps(total: int, rules: GameRules) -> str:
    """How an end sum becomes points, step by step (German)."""
    parts = []
    got = 0
    for d in rules.divisors:
        if total > 0 and total % d == 0:
            parts.append(W.divisible.format(total=total, divisor=d, quotient=total // d))
            got += total // d
    divs = W.nor.join(str(d) for d in rules.divisors)
    if not parts:
        why = W.zero if total == 0 else W.neither.format(total=total, divisors=divs) if len(
            rules.divisors) > 1 else W.not_multiple.format(total=total, divisor=rules.divisors[0])
        return W.credit.format(steps=why, points=_points(0, rules), raw="")
    text = "; ".join(parts)
    if len(parts) > 1:
        text += W.together.format(points=got)
    raw = W.raw.format(total=total) if rules.raw_per_point > 1 else ""
    return W.credit.format(steps=text, points=_points(got, rules), raw=raw)


def ends_steps(layout: Layout, rules: GameRules) -> str:
    """Which ends count after a placement and what they add up to (German)."""
    contributions = layout.contributions()
    listed = "; ".join(f"{point_de(p)}: {v}" for p, v in contributions) or W.none
    summands = " + ".join(str(v) for _, v in contributions) or "0"
    total = sum(v for _, v in contributions)
    notes = []
    closed = [p.tile for p in layout.placements if p.tile.is_double
              and AttachmentPoint(p.tile, Side.A) in layout.occupied and AttachmentPoint(p.tile, Side.B) in layout.occupied]
    if closed:
        notes.append((W.closed_one if len(closed) == 1 else W.closed_many).format(
            tiles=and_list([str(t) for t in closed])))
    if any(p.side.is_arm for p in layout.open):
        notes.append(W.free_arms)
    doubles = [p for p, _ in contributions if p.tile.is_double]
    if doubles:
        notes.append(W.double_end)
    note = (" " + " ".join(notes)) if notes else ""
    return W.ends.format(listed=listed, notes=note, summands=summands, total=total)


def _after(layout: Layout, move: Placement) -> Layout:
    new = layout.copy()
    new.place(move)
    return new


def moves_de(moves: str, rules: GameRules | None = None) -> str:
    """``ziehst einen Stein und legst [1|6] an …`` for a sequence of moves by the learner's seat ("du")."""
    words = []
    for text in moves.split():
        words.append(W.moves_draw if text == "draw" else {"pass": W.moves_pass, "knock": W.moves_knock}[act(rules)]
                     if text == "pass"
                     else W.moves_play.format(move=move_de(text)))
    return W.moves_then.join(words)


def _german_question(ex: Exercise) -> str:
    # the version of an exercise is the same in both languages (stars follow it across editions)
    with language("de"):
        return question_of(ex)


def question_of(ex: Exercise) -> str:
    """The question in the current language, from the kind (an exercise may give its own, and then its
    English twin ``question_en``; an English lesson without it shows the German question)."""
    if ex.question:
        if _LANG.get() == "en" and ex.question_en:
            return ex.question_en
        return ex.question
    if ex.kind == ExerciseKind.PLACE_TO_GOAL:
        name, _, n = ex.goal.partition(":")
        return W.ask_place.format(goal=W.goals[name].format(n=n))
    if ex.kind == ExerciseKind.WHERE_MAY_IT_GO:
        return W.ask_where.format(tile=ex.tile)
    if ex.kind == ExerciseKind.WHAT_DOES_IT_SCORE:
        return W.ask_score.format(move=move_de(ex.move))
    if ex.kind == ExerciseKind.WHAT_HAPPENS_NEXT:
        if not ex.move:
            return W.ask_now
        return W.ask_next.format(moves=moves_de(ex.move, ex.rules_obj))
    if ex.kind == ExerciseKind.SETTLE_THE_ROUND:
        what = W.settle_pips if ex.rules_obj.pip_settlement else W.settle_last
        if ex.move:
            return W.ask_settle_after.format(moves=moves_de(ex.move, ex.rules_obj), what=what)
        return W.ask_settle_blocked.format(what=what)
    return W.ask_best


# -- solving -------------------------------------------------------------------------------

def _placement_choices(ex: Exercise, rnd: Round, correct: set[str],
                       right_words: dict[str, str], wrong_words: dict[str, str]) -> list[Choice]:
    """Every hand tile at every free point: right, a legal but wrong move, or illegal (the engine's reason)."""
    out = []
    legal = {format_move(m) for m in rnd.legal_moves()}
    for tile in rnd.hands[rnd.to_move]:
        for point in rnd.layout.open_points():
            value = f"{tile}@{point}"
            if value in correct:
                out.append(Choice(value, True, right_words[value], str(tile), str(point)))
            elif value in legal:
                out.append(Choice(value, False, wrong_words[value], str(tile), str(point)))
            else:
                try:
                    rnd.layout.check(value)
                    why = W.not_allowed_plain
                except DominoError as exc:
                    why = error_sentence(exc, _LANG.get(), move="none", otherwise="raise")
                out.append(Choice(value, False, W.not_allowed.format(reason=why), str(tile), str(point)))
    return out


def _play_words(ex: Exercise, rnd: Round, move: Placement, points: bool = True) -> tuple[int, int, str]:
    """End sum, points and the explanation of a placement; without ``points`` the explanation stops at the
    end sum (a goal that asks only for it need not teach how it scores, which may be a later chapter's)."""
    rules = rnd.rules
    after = _after(rnd.layout, move)
    gain = rnd.gain(move)
    credit = f" {credit_steps(after.end_sum, rules)}" if points else ""
    return after.end_sum, gain, f"{move_de(move)}: {ends_steps(after, rules)}{credit}"


def _solve_place(ex: Exercise, rnd: Round) -> Solution:
    name, _, n = ex.goal.partition(":")
    plays = [m for m in rnd.legal_moves() if isinstance(m, Placement)]
    info = {format_move(m): _play_words(ex, rnd, m, points=name != "sum") for m in plays}
    stay = {format_move(m): rnd.preview(m).stays for m in plays}      # the mover moves again
    if name == "points":
        correct = {k for k, (_, g, _) in info.items() if g == int(n)}
    elif name == "sum":
        correct = {k for k, (s, _, _) in info.items() if s == int(n)}
    elif name == "most":
        best = max((g for _, g, _ in info.values()), default=0)
        correct = {k for k, (_, g, _) in info.items() if g == best}
    else:                               # keep-turn
        correct = {k for k, stays in stay.items() if stays}
    def words(k: str) -> str:
        base = info[k][2]
        if name == "keep-turn":
            base += " " + (W.keeps_turn if stay[k] else W.turn_goes_on)
        return base
    def short(k: str) -> str:
        total, gain, _ = info[k]
        text = (W.gives_sum.format(move=move_de(k), total=total) if name == "sum"
                else W.gives.format(move=move_de(k), total=total, points=_points(gain, rnd.rules)))
        if name == "keep-turn":
            text += " " + (W.then_you if stay[k] else W.then_next)
        return text

    right = {k: W.right.format(text=words(k)) for k in correct}
    wrong = {k: W.not_the_goal.format(text=short(k)) for k in info if k not in correct}
    choices = _placement_choices(ex, rnd, correct, right, wrong)
    ordered = sorted(correct)
    explanation = " ".join(words(k) for k in ordered)
    tiles = sorted({k.split("@")[0] for k in ordered})
    hint = W.goes_with.format(tiles=W.or_.join(tiles)) if tiles else ""
    return Solution(tuple(ordered), (), tuple(choices), explanation, hint)


def _solve_where(ex: Exercise, rnd: Round) -> Solution:
    tile = Tile.parse(ex.tile)
    layout = rnd.layout
    choices = []
    correct = []
    for point in layout.open_points():
        value = f"{tile}@{point}"
        reason = layout.reason(value)
        if reason is None:
            correct.append(value)
            choices.append(Choice(value, True, W.fits_here.format(point=point_de(point), pips=point.pips, tile=tile),
                                  str(tile), str(point)))
        else:
            choices.append(Choice(value, False, error_sentence(reason, _LANG.get(), move="none", otherwise="raise"), str(tile), str(point)))
    names = "; ".join(point_de(c.point) for c in choices if c.correct)
    explanation = W.fits_at.format(tile=tile, places=count(len(correct), W.place), names=names)
    if any(p.tile.is_double and AttachmentPoint(p.tile, Side.A) in layout.occupied and
           AttachmentPoint(p.tile, Side.B) not in layout.occupied for p in layout.placements) and rnd.rules.spinners:
        explanation += " " + W.arm_opens
    if not rnd.rules.spinners:
        explanation += " " + W.no_spinners
    hint = W.there_are.format(places=count(len(correct), W.right_place))
    return Solution(tuple(correct), (), tuple(choices), explanation, hint)


def _solve_score(ex: Exercise, rnd: Round) -> Solution:
    move = Placement.parse(ex.move)
    rnd.gain(move)                      # the mover must hold the tile and the placement be legal
    after = _after(rnd.layout, move)
    points = rnd.rules.credit(after.end_sum)
    explanation = (f"{move_de(move)}: {ends_steps(after, rnd.rules)} {credit_steps(after.end_sum, rnd.rules)}")
    hint = W.count_ends.format(n=len(after.contributions()))
    return Solution((str(after.end_sum), str(points)), (("sum", after.end_sum), ("points", points)), (),
                    explanation, hint)


def next_token(ex: Exercise) -> tuple[str, str]:
    """The token of ``what-happens-next`` and why (German), from a fresh round."""
    rnd = ex.round()
    rules = rnd.rules
    seat = rnd.to_move
    if not ex.move:
        moves = rnd.legal_moves()
        if rnd.is_blocked():
            return "round-ends", W.blocked_now
        if moves and moves[0] is DRAW:
            return "draw", W.must_draw.format(tiles=count(rnd.stock_left, WORDS[_LANG.get()].tile))
        if moves and moves[0] is PASS:
            why = W.stock_empty if rules.drawing else W.never_draws.format(title=rules.title)
            return "pass", {"pass": W.must_pass, "knock": W.must_knock}[act(rules)].format(why=why)
        raise ExerciseError(f"exercise {ex.id}: key move: seat {seat} can play; what-happens-next needs an event "
                            "(give a move) or a seat that cannot play")
    *before, last = ex.move.split()
    for text in before:
        rnd.apply(text)
    seat = rnd.to_move
    move = parse_move(last)
    if move is DRAW:
        rnd.apply(DRAW)
        drawn = rnd.hands[seat][-1]
        if rnd.pending is not None:
            return "play-drawn", W.drawn_fits.format(tile=drawn)
        if rnd.over:
            return "round-ends", W.drawn_blocked.format(tile=drawn)
        nxt = rnd.legal_moves()[0]
        if nxt is DRAW:
            return "draw", W.drawn_draw_again.format(tile=drawn)
        return "pass", W.drawn_pass.format(tile=drawn)
    assert isinstance(move, Placement)
    source_drawn = rnd.pending is not None
    rnd.apply(move)
    event = next(e for e in reversed(rnd.events) if hasattr(e, "tile") and hasattr(e, "credit"))
    tile = move.tile
    if rnd.over:
        if rnd.end is EndReason.TARGET:
            side = rnd.seating.side_of(seat)
            return "round-ends", W.target_reached.format(score=rnd.scores[side], target=rules.target)
        if rnd.end is EndReason.DOMINO:
            return "round-ends", (W.partners_out if rules.partners_play_out and rnd.seating.partnerships
                                  else W.seat_out)
        return "round-ends", W.blocked_after
    credit = getattr(event, "credit")
    if rnd.to_move == seat:
        parts = ([W.is_double] if tile.is_double else []) + (
            [W.brings.format(points=_points(credit, rules))] if credit else [])
        return "continue", W.stays.format(tile=tile, what=and_list(parts), title=rules.title)
    next_seat = rnd.to_move
    skipped = [s for s in range(rnd.seating.players) if not rnd.hands[s]]
    me, players = ex.to_move, rnd.seating.players
    skip = " " + W.skipped.format(seat=seat_name(skipped[0], me, players)) if skipped else ""
    if source_drawn:
        why = W.drawn_ends_turn
    elif not rules.stay_on_turn:
        why = W.never_stays.format(title=rules.title)
    else:
        why = W.no_stay.format(tile=tile, sum=rnd.layout.end_sum)
    return "turn-passes", W.turn_passes.format(why=why, skip=skip, seat=seat_name(next_seat, me, players))


def _solve_next(ex: Exercise, rnd: Round) -> Solution:
    token, why = next_token(ex)
    shown = dict(token_words(rnd.rules))
    choices = []
    for t in TOKENS:
        if t == token:
            choices.append(Choice(t, True, W.right.format(text=why)))
        else:
            choices.append(Choice(t, False, W.not_token.format(token=shown[t])))
    hint = W.hints[act(rnd.rules) if token == "pass" else token]
    if token in ("continue", "turn-passes") and not rnd.rules.stay_on_turn:
        hint = W.hint_never_stays.format(title=rnd.rules.title)
    return Solution((token,), (), tuple(choices), why, hint)


def settle_answer(ex: Exercise) -> tuple[list[int], str, str]:
    """What the round's end gives each side, the step-by-step explanation and a hint (German)."""
    rnd = ex.round()
    rules = rnd.rules
    seating = rnd.seating
    start = list(rnd.scores)
    for text in ex.move.split():
        rnd.apply(text)
    if rnd.end is EndReason.TARGET:
        raise ExerciseError(f"exercise {ex.id}: key move: the move ends the match at the target; nothing is settled")
    if not rnd.over and not rnd.is_blocked():
        raise ExerciseError(f"exercise {ex.id}: key move: the round is not over after it (no domino, no block)")
    sides = range(seating.n_sides)
    if rules.pip_settlement:
        domino = rnd.last_player if rnd.end is EndReason.DOMINO else None
        s = rnd.settlement if rnd.settlement is not None else settle_round(rnd.pips_left(), seating, domino,
                                                                          rules.raw_per_point)
        me = ex.to_move                 # the learner's seat: "du"

        def team(side: int) -> str:
            return team_name(side, seating, me)
        # names standing as labels (after a colon, in a list) are capitalised: "Rundensieger: Gegenüber."
        pips = ", ".join(W.seat_pips.format(seat=capital(seat_name(seat, me, seating.players)), pips=p)
                         for seat, p in enumerate(s.pips))
        if seating.partnerships:
            pips += W.partnership_pips.format(
                sides=", ".join(W.side_pips.format(side=capital(team(i)), pips=v) for i, v in enumerate(s.side_pips)))
        if s.domino_seat is not None:
            who = W.domino_winner.format(seat=capital(seat_name(s.domino_seat, me, seating.players)),
                                         side=capital(team(seating.side_of(s.domino_seat))))
        else:
            lows = capital(and_list([team(w) for w in s.winners]))
            who = (W.blocked_tied if len(s.winners) > 1 else W.blocked_lowest).format(sides=lows)
        steps = []
        for w in s.winners:
            steps.append(W.settle_step.format(side=capital(team(w)), collected=s.collected[w], unit=s.unit, rounded=s.rounded[w],
                                              points=_points(s.credits[w], rules)))
        explanation = W.pips_explained.format(pips=pips, who=who, steps=" ".join(steps))
        if seating.partnerships:
            explanation += W.pips_partner
        return list(s.credits), explanation, W.pips_hint
    gained = [rnd.scores[i] - start[i] for i in sides]
    if rnd.end is EndReason.DOMINO:
        event = next(e for e in reversed(rnd.events) if hasattr(e, "bonus"))
        seat = getattr(event, "seat")
        side = seating.side_of(seat)
        credit, bonus, scored = getattr(event, "credit"), getattr(event, "bonus"), getattr(event, "scored")
        total = credit + bonus
        end_sum = getattr(event, "sum")
        text = W.domino_sum.format(sum=end_sum, steps=credit_steps(end_sum, rules), credit=credit, bonus=bonus,
                                   total=total)
        if rules.target_exact and scored == 0 and total:
            text += " " + W.overshoot.format(start=start[side], total=total, after=start[side] + total,
                                             target=rules.target)
        else:
            text += " " + W.side_gets.format(side=capital(team_name(side, seating, ex.to_move)), start=start[side], scored=scored, after=start[side] + scored)
        text += " " + W.others_nothing
        return gained, text, W.domino_hint.format(target=rules.target)
    return gained, W.blocked_settle, W.blocked_hint


def _solve_settle(ex: Exercise, rnd: Round) -> Solution:
    values, explanation, hint = settle_answer(ex)
    inputs = tuple((f"side-{i}", v) for i, v in enumerate(values))
    return Solution(tuple(str(v) for v in values), inputs, (), explanation, hint)


def _solve_best(ex: Exercise, rnd: Round) -> Solution:
    values = {k: float(v) for k, v in ex.puzzle["values"].items()}
    legal = {format_move(m) for m in rnd.legal_moves()}
    if set(values) != legal:
        raise ExerciseError(f"puzzle {ex.id}: key values: the moves evaluated are not the legal moves of the position")
    order = sorted(values, key=lambda k: -values[k])
    best = order[0]
    margin = values[best] - values[order[1]]
    table = "; ".join(f"{move_de(k)}: {_num(values[k])}" for k in order)
    bot = WORDS[_LANG.get()].bots.get(ex.puzzle["bot"], ex.puzzle["bot"])    # the bot's name ("stark", "strong")
    explanation = W.best.format(move=move_de(best), bot=W.quoted.format(bot), ms=f"{ex.puzzle['think_ms']:g}",
                                deals=ex.puzzle["deals"], table=table, margin=_num(margin))
    wrong = {k: W.weaker.format(move=move_de(k), value=_num(values[k])) for k in order[1:]}
    if "reasons" in ex.puzzle:       # explained: parts and reasons in words, how it was computed apart
        from dominolab.lessons.puzzles import feedback

        said = feedback(ex, _LANG.get())
        explanation = said["best"]
        wrong |= said["weaker"]
    right = {best: W.right.format(text=explanation)}
    choices = _placement_choices(ex, rnd, {best}, right, wrong)
    hint = W.best_hint.format(tile=best.split("@")[0])
    return Solution((best,), (), tuple(choices), explanation, hint, tuple((k, values[k]) for k in order))


_SOLVERS: dict[str, Callable[[Exercise, Round], Solution]] = {
    ExerciseKind.PLACE_TO_GOAL: _solve_place, ExerciseKind.WHERE_MAY_IT_GO: _solve_where,
    ExerciseKind.WHAT_DOES_IT_SCORE: _solve_score, ExerciseKind.WHAT_HAPPENS_NEXT: _solve_next,
    ExerciseKind.SETTLE_THE_ROUND: _solve_settle, ExerciseKind.BEST_MOVE: _solve_best}


def solve(ex: Exercise) -> Solution:
    """Every answer of ``ex`` and its explanation, computed by the engine (one-line error when impossible)."""
    try:
        rnd = ex.round()
    except DominoError as exc:
        raise ExerciseError(f"exercise {ex.id}: impossible position: {exc}") from None
    try:
        solution = _SOLVERS[ex.kind](ex, rnd)
    except ExerciseError:
        raise
    except DominoError as exc:
        raise ExerciseError(f"exercise {ex.id}: {exc}") from None
    if not solution.answers:
        raise ExerciseError(f"exercise {ex.id}: empty answer set: no choice reaches the goal")
    return solution


def fill_hands(game: str, players: int, partnerships: bool, layout: str, hand: list[str], to_move: int,
               taken: set[str]) -> tuple[list[list[str]], list[str]]:
    """Hands for a position that names only the mover's hand: every other seat gets one unused tile
    (and the tiles still unused, for a stock when the file gives none)."""
    used = set(taken) | set(hand)
    rules = get_game(game)
    lay = Layout.from_notation(layout, rules.spinners) if layout.strip() else Layout(rules.spinners)
    used |= {str(t) for t in lay.tiles}
    free = [str(t) for t in ALL_TILES if str(t) not in used]
    hands = []
    for seat in range(players):
        hands.append(list(hand) if seat == to_move else [free.pop()])
    return hands, free
