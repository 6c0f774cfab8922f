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

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Callable

from dominolab.core.engine import DRAW, PASS, PlayEvent, Round, position
from dominolab.core.errors import DominoError
from dominolab.core.layout import AttachmentPoint, Layout, Placement, Side
from dominolab.core.moves import format_move, parse_move
from dominolab.core.rules import GameRules, get_game
from dominolab.core.scoring import settle_round
from dominolab.core.scoring import EndReason
from dominolab.core.tiles import ALL_TILES, Tile
from dominolab.core.view import view_of
from dominolab.lessons.kinds import ExerciseKind
from dominolab.play.reasons import KINDS as REASON_KINDS, Reason as Why, how_text, sentence
from dominolab.play.search import PARTS
from dominolab.text.language import current, speaking
from dominolab.text.words import (REASON_WORDS, WORDS, LessonWords, act, and_list, capital, count, error_sentence,
                                  move_text, point_text, points as points_of, seat_name, team_name)

__all__ = ["Choice", "Exercise", "ExerciseError", "KINDS", "Solution", "TOKENS", "TOKEN_WORDS", "Turn", "lesson_words",
           "number_rule", "puzzle_feedback", "replay", "solve", "why_not", "why_not_words"]

#: The kinds of exercise (their members compare equal to the words exercise files write).
KINDS = tuple(ExerciseKind)
TOKENS = ("continue", "turn-passes", "draw", "play-drawn", "pass", "round-ends")


def lesson_words() -> LessonWords:
    """The lessons' words (:mod:`dominolab.text.words`) in the language words are made in now
    (:func:`dominolab.text.language.current`): questions, feedback, explanations and hints."""
    return WORDS[current()].lessons


#: The tokens as the German lesson shows them.
TOKEN_WORDS = WORDS["de"].lessons.tokens


def token_words(rules: GameRules | None = None) -> list[tuple[str, str]]:
    """Every token with the answer as shown: the turn without a play is *passen* in a game that
    draws and *klopfen* in one without a stock (:func:`dominolab.text.words.act`, read from the
    game's description); without a game, the tokens' own words."""
    return [(t, lesson_words().tokens[act(rules) if t == "pass" else t]) for t in TOKENS]
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
    #: the description of a house-rules game (named ``game``; a practice puzzle of a house-rules record);
    #: ``None`` for a built-in game
    description: GameRules | None = field(default=None, compare=False, hash=False)

    @property
    def rules_obj(self) -> GameRules:
        return self.description if self.description is not None else get_game(self.game)

    def round(self) -> Round:
        """A fresh engine round of the position (the move not yet played)."""
        return position(self.rules_obj, self.players, self.partnerships, layout=self.layout,
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
    return points_of(n, rules, current())


def _num(x: float) -> str:
    return f"{x:+.1f}".replace(".", lesson_words().decimal_point)


def credit_steps(total: int, rules: GameRules) -> str:
    """How an end sum becomes points, step by step (German)."""
    parts = []
    got = 0
    for d in rules.divisors:
        if total > 0 and total % d == 0:
            parts.append(lesson_words().divisible.format(total=total, divisor=d, quotient=total // d))
            got += total // d
    divs = lesson_words().nor.join(str(d) for d in rules.divisors)
    if not parts:
        why = lesson_words().zero if total == 0 else lesson_words().neither.format(total=total, divisors=divs) if len(
            rules.divisors) > 1 else lesson_words().not_multiple.format(total=total, divisor=rules.divisors[0])
        return lesson_words().credit.format(steps=why, points=_points(0, rules), raw="")
    text = "; ".join(parts)
    if len(parts) > 1:
        text += lesson_words().together.format(points=got)
    raw = lesson_words().raw.format(total=total) if rules.raw_per_point > 1 else ""
    return lesson_words().credit.format(steps=text, points=_points(got, rules), raw=raw)


def ends_steps(layout: Layout, rules: GameRules) -> str:
    """Which ends count after a placement and what they add up to (German)."""
    contributions = layout.contributions()
    listed = "; ".join(f"{point_text(p, current())}: {v}" for p, v in contributions) or lesson_words().none
    summands = " + ".join(str(v) for _, v in contributions) or "0"
    total = sum(v for _, v in contributions)
    notes = []
    closed = [p.tile for p in layout.placements if p.tile.is_double
              and AttachmentPoint(p.tile, Side.A) in layout.occupied and AttachmentPoint(p.tile, Side.B) in layout.occupied]
    if closed:
        notes.append((lesson_words().closed_one if len(closed) == 1 else lesson_words().closed_many).format(
            tiles=and_list([str(t) for t in closed], current())))
    if any(p.side.is_arm for p in layout.open):
        notes.append(lesson_words().free_arms)
    doubles = [p for p, _ in contributions if p.tile.is_double]
    if doubles:
        notes.append(lesson_words().double_end)
    note = (" " + " ".join(notes)) if notes else ""
    return lesson_words().ends.format(listed=listed, notes=note, summands=summands, total=total)


def _after(layout: Layout, move: Placement) -> Layout:
    new = layout.copy()
    new.place(move)
    return new


def moves_de(moves: str, rules: GameRules | None = None) -> str:
    """``ziehst einen Stein und legst [1|6] an …`` for a sequence of moves by the learner's seat ("du")."""
    words = []
    for text in moves.split():
        words.append(lesson_words().moves_draw if text == "draw" else {"pass": lesson_words().moves_pass, "knock": lesson_words().moves_knock}[act(rules)]
                     if text == "pass"
                     else lesson_words().moves_play.format(move=move_text(text, current())))
    return lesson_words().moves_then.join(words)


def _german_question(ex: Exercise) -> str:
    # the version of an exercise is the same in both languages (stars follow it across editions)
    with speaking("de"):
        return question_of(ex)


def question_of(ex: Exercise) -> str:
    """The question in the current language, from the kind (an exercise may give its own, and then its
    English twin ``question_en``; an English lesson without it shows the German question)."""
    if ex.question:
        if current() == "en" and ex.question_en:
            return ex.question_en
        return ex.question
    if ex.kind == ExerciseKind.PLACE_TO_GOAL:
        name, _, n = ex.goal.partition(":")
        return lesson_words().ask_place.format(goal=lesson_words().goals[name].format(n=n))
    if ex.kind == ExerciseKind.WHERE_MAY_IT_GO:
        return lesson_words().ask_where.format(tile=ex.tile)
    if ex.kind == ExerciseKind.WHAT_DOES_IT_SCORE:
        return lesson_words().ask_score.format(move=move_text(ex.move, current()))
    if ex.kind == ExerciseKind.WHAT_HAPPENS_NEXT:
        if not ex.move:
            return lesson_words().ask_now
        return lesson_words().ask_next.format(moves=moves_de(ex.move, ex.rules_obj))
    if ex.kind == ExerciseKind.SETTLE_THE_ROUND:
        what = lesson_words().settle_pips if ex.rules_obj.pip_settlement else lesson_words().settle_last
        if ex.move:
            return lesson_words().ask_settle_after.format(moves=moves_de(ex.move, ex.rules_obj), what=what)
        return lesson_words().ask_settle_blocked.format(what=what)
    return lesson_words().ask_best


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
                    why = lesson_words().not_allowed_plain
                except DominoError as exc:
                    why = error_sentence(exc, current(), move="none", otherwise="raise")
                out.append(Choice(value, False, lesson_words().not_allowed.format(reason=why), str(tile), str(point)))
    return out


def _play_words(ex: Exercise, rnd: Round, move: Placement, points: bool = True) -> tuple[int, int, str]:
    """End sum, points and the explanation of a placement; without ``points`` the explanation stops at the
    end sum (a goal that asks only for it need not teach how it scores, which may be a later chapter's)."""
    rules = rnd.rules
    after = _after(rnd.layout, move)
    gain = rnd.gain(move)
    credit = f" {credit_steps(after.end_sum, rules)}" if points else ""
    return after.end_sum, gain, f"{move_text(move, current())}: {ends_steps(after, rules)}{credit}"


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
            base += " " + (lesson_words().keeps_turn if stay[k] else lesson_words().turn_goes_on)
        return base
    def short(k: str) -> str:
        total, gain, _ = info[k]
        text = (lesson_words().gives_sum.format(move=move_text(k, current()), total=total) if name == "sum"
                else lesson_words().gives.format(move=move_text(k, current()), total=total, points=_points(gain, rnd.rules)))
        if name == "keep-turn":
            text += " " + (lesson_words().then_you if stay[k] else lesson_words().then_next)
        return text

    right = {k: lesson_words().right.format(text=words(k)) for k in correct}
    wrong = {k: lesson_words().not_the_goal.format(text=short(k)) for k in info if k not in correct}
    choices = _placement_choices(ex, rnd, correct, right, wrong)
    ordered = sorted(correct)
    explanation = " ".join(words(k) for k in ordered)
    tiles = sorted({k.split("@")[0] for k in ordered})
    hint = lesson_words().goes_with.format(tiles=lesson_words().or_.join(tiles)) if tiles else ""
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
            choices.append(Choice(value, True, lesson_words().fits_here.format(point=point_text(point, current()), pips=point.pips, tile=tile),
                                  str(tile), str(point)))
        else:
            choices.append(Choice(value, False, error_sentence(reason, current(), move="none", otherwise="raise"), str(tile), str(point)))
    names = "; ".join(point_text(c.point, current()) for c in choices if c.correct)
    explanation = lesson_words().fits_at.format(tile=tile, places=count(len(correct), lesson_words().place), names=names)
    if any(p.tile.is_double and AttachmentPoint(p.tile, Side.A) in layout.occupied and
           AttachmentPoint(p.tile, Side.B) not in layout.occupied for p in layout.placements) and rnd.rules.spinners:
        explanation += " " + lesson_words().arm_opens
    if not rnd.rules.spinners:
        explanation += " " + lesson_words().no_spinners
    hint = lesson_words().there_are.format(places=count(len(correct), lesson_words().right_place))
    return Solution(tuple(correct), (), tuple(choices), explanation, hint)


def _solve_score(ex: Exercise, rnd: Round) -> Solution:
    move = Placement.parse(ex.move)
    rnd.gain(move)                      # the mover must hold the tile and the placement be legal
    after = _after(rnd.layout, move)
    points = rnd.rules.credit(after.end_sum)
    explanation = (f"{move_text(move, current())}: {ends_steps(after, rnd.rules)} {credit_steps(after.end_sum, rnd.rules)}")
    hint = lesson_words().count_ends.format(n=len(after.contributions()))
    return Solution((str(after.end_sum), str(points)), (("sum", after.end_sum), ("points", points)), (),
                    explanation, hint)


@dataclass(frozen=True)
class Turn:
    """What the event of a ``what-happens-next`` exercise did, replayed by the engine: the round after it,
    the learner's seat, the tile the last move laid (and whether it had just been drawn), the tile it drew,
    the credit it brought. The facts :func:`why_not` reasons from."""

    rnd: Round
    seat: int
    laid: Tile | None = None
    from_stock: bool = False
    drawn: Tile | None = None
    credit: int = 0


def replay(ex: Exercise) -> Turn:
    """The round after the exercise's event (or before it, when it names no move)."""
    rnd = ex.round()
    if not ex.move:
        return Turn(rnd, rnd.to_move)
    *before, last = ex.move.split()
    for text in before:
        rnd.apply(text)
    seat = rnd.to_move
    move = parse_move(last)
    if move is DRAW:
        rnd.apply(DRAW)
        return Turn(rnd, seat, drawn=rnd.hands[seat][-1])
    assert isinstance(move, Placement)
    from_stock = rnd.pending is not None
    rnd.apply(move)
    event = next(e for e in reversed(rnd.events) if hasattr(e, "tile") and hasattr(e, "credit"))
    return Turn(rnd, seat, move.tile, from_stock, credit=int(getattr(event, "credit")))


def next_token(ex: Exercise) -> tuple[str, str]:
    """The token of ``what-happens-next`` and why (German), from a fresh round (:func:`replay`)."""
    turn = replay(ex)
    rnd = turn.rnd
    rules = rnd.rules
    seat = turn.seat
    if not ex.move:
        moves = rnd.legal_moves()
        if rnd.is_blocked():
            return "round-ends", lesson_words().blocked_now
        if moves and moves[0] is DRAW:
            return "draw", lesson_words().must_draw.format(tiles=count(rnd.stock_left, WORDS[current()].tile))
        if moves and moves[0] is PASS:
            why = lesson_words().stock_empty if rules.drawing else lesson_words().never_draws.format(title=rules.title)
            return "pass", {"pass": lesson_words().must_pass, "knock": lesson_words().must_knock}[act(rules)].format(why=why)
        raise ExerciseError(f"exercise {ex.id}: key move: seat {seat} can play; what-happens-next needs an event "
                            "(give a move) or a seat that cannot play")
    if turn.drawn is not None:
        drawn = turn.drawn
        if rnd.pending is not None:
            return "play-drawn", lesson_words().drawn_fits.format(tile=drawn)
        if rnd.over:
            return "round-ends", lesson_words().drawn_blocked.format(tile=drawn)
        nxt = rnd.legal_moves()[0]
        if nxt is DRAW:
            return "draw", lesson_words().drawn_draw_again.format(tile=drawn)
        return "pass", lesson_words().drawn_pass.format(tile=drawn)
    assert turn.laid is not None
    source_drawn = turn.from_stock
    tile = turn.laid
    if rnd.over:
        if rnd.end is EndReason.TARGET:
            side = rnd.seating.side_of(seat)
            return "round-ends", lesson_words().target_reached.format(score=rnd.scores[side], target=rules.target)
        if rnd.end is EndReason.DOMINO:
            return "round-ends", (lesson_words().partners_out if rules.partners_play_out and rnd.seating.partnerships
                                  else lesson_words().seat_out)
        return "round-ends", lesson_words().blocked_after
    credit = turn.credit
    if rnd.to_move == seat:
        parts = ([lesson_words().is_double] if tile.is_double else []) + (
            [lesson_words().brings.format(points=_points(credit, rules))] if credit else [])
        return "continue", lesson_words().stays.format(tile=tile, what=and_list(parts, current()), title=rules.title)
    next_seat = rnd.to_move
    skipped = [s for s in range(rnd.seating.players) if not rnd.hands[s]]
    me, players = ex.to_move, rnd.seating.players
    skip = " " + lesson_words().skipped.format(seat=seat_name(skipped[0], me, players, current())) if skipped else ""
    if source_drawn:
        why = lesson_words().drawn_ends_turn
    elif not rules.stay_on_turn:
        why = lesson_words().never_stays.format(title=rules.title)
    else:
        why = lesson_words().no_stay.format(tile=tile, sum=rnd.layout.end_sum)
    return "turn-passes", lesson_words().turn_passes.format(why=why, skip=skip, seat=seat_name(next_seat, me, players, current()))


def _goes_on(turn: Turn, me: int) -> tuple[str, dict[str, str]]:
    """Why the round is not over: the stock still holds tiles, or a seat with tiles can play."""
    rnd = turn.rnd
    players = rnd.seating.players
    if rnd.rules.drawing and rnd.stock_left and rnd.hands[turn.seat]:   # undealt tiles of a game without
        return "goes-on-stock", {}                                      # drawing are out of play, no stock
    # the seats in turn order from the one to move: the first who can play is named
    seat = next(s for s in ((rnd.to_move + k) % players for k in range(players)) if rnd.hands[s] and rnd.can_play(s))
    if seat == me:
        return "goes-on-you", {}
    key = "goes-on-can" if rnd.hands[turn.seat] else "goes-on-partner"
    return key, {"seat": seat_name(seat, me, players, current())}


def why_not(ex: Exercise) -> dict[str, tuple[str, dict[str, str]]]:
    """Why each wrong token of a ``what-happens-next`` exercise is wrong: a key of the words' ``why_not``
    table and its fields, chosen by the rule the token's outcome would break - from the game's description
    (does it draw, does a player stay on turn) and the engine's replay of the event (what was laid or
    drawn, does it fit, is the stock empty, is the round over and why). Never a number."""
    token, _ = next_token(ex)
    turn = replay(ex)
    rnd, rules = turn.rnd, turn.rnd.rules
    me = ex.to_move
    title = {"title": rules.title}
    tile = {"tile": str(turn.laid or turn.drawn or "")}
    over_key = ("over-target" if rnd.end is EndReason.TARGET
                else ("over-partners" if rules.partners_play_out and rnd.seating.partnerships else "over-out")
                if rnd.end is EndReason.DOMINO else "over-blocked")      # read only when the round is over
    drawn_fits = turn.drawn is not None and rnd.pending is not None
    ended = rnd.over or rnd.is_blocked()       # a blocked position before any move ends the round too
    drawable = rnd.stock_left if rules.drawing else 0      # a game without drawing keeps its undealt tiles out
    out: dict[str, tuple[str, dict[str, str]]] = {}
    for t in TOKENS:
        if t == token:
            continue
        why: tuple[str, dict[str, str]]
        if t == "continue":
            why = (("over", {}) if ended
                   else ("nothing-laid", {}) if turn.laid is None and rules.stay_on_turn
                   else ("never-stays-nothing-laid", title) if turn.laid is None
                   else ("drawn-ends-turn", tile) if turn.from_stock
                   else ("never-stays", title) if not rules.stay_on_turn
                   else ("no-stay", tile))
        elif t == "turn-passes":
            why = ((over_key, {}) if ended
                   else ("stays-double" if turn.laid.is_double else "stays-scored", tile) if turn.laid is not None
                   else ("drawn-must-be-laid", tile) if drawn_fits
                   else ("draw-again", tile) if turn.drawn is not None and token == "draw"
                   else ("draw-first", {}) if token == "draw"
                   else (act(rules) + "-first", {}))
        elif t == "draw":
            why = (("never-draws", title) if not rules.drawing
                   else ("laid-no-draw", {}) if turn.laid is not None
                   else ("drawn-fits-no-draw", tile) if drawn_fits
                   else ("stock-empty", {}))
        elif t == "play-drawn":
            why = (("never-draws", title) if not rules.drawing
                   else ("drawn-already-laid", tile) if turn.from_stock
                   else ("nothing-drawn", {}) if turn.drawn is None
                   else ("drawn-does-not-fit", tile))
        elif t == "pass":
            why = ((f"laid-no-{act(rules)}", {}) if turn.laid is not None
                   else ("drawn-fits-no-pass", tile) if drawn_fits
                   else ("stock-left-no-pass", {}) if drawable
                   else (f"blocked-no-{act(rules)}", {}))
        else:                  # "round-ends"
            why = _goes_on(turn, me)
        out[t] = why
    return out


def why_not_words(ex: Exercise) -> dict[str, str]:
    """:func:`why_not` in sentences of the current language."""
    table = lesson_words().why_not
    return {t: table[key].format(**fields) for t, (key, fields) in why_not(ex).items()}


def _solve_next(ex: Exercise, rnd: Round) -> Solution:
    token, why = next_token(ex)
    shown = dict(token_words(rnd.rules))
    reasons = why_not_words(ex)
    choices = []
    for t in TOKENS:
        if t == token:
            choices.append(Choice(t, True, lesson_words().right.format(text=why)))
        else:
            choices.append(Choice(t, False, lesson_words().not_token.format(token=shown[t]) + " " + reasons[t]))
    hint = lesson_words().hints[act(rnd.rules) if token == "pass" else token]
    if token in ("continue", "turn-passes") and not rnd.rules.stay_on_turn:
        hint = lesson_words().hint_never_stays.format(title=rnd.rules.title)
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
            return team_name(side, seating, me, current())
        # names standing as labels (after a colon, in a list) are capitalised: "Rundensieger: Gegenüber."
        pips = ", ".join(lesson_words().seat_pips.format(seat=capital(seat_name(seat, me, seating.players, current())), pips=p)
                         for seat, p in enumerate(s.pips))
        if seating.partnerships:
            pips += lesson_words().partnership_pips.format(
                sides=", ".join(lesson_words().side_pips.format(side=capital(team(i)), pips=v) for i, v in enumerate(s.side_pips)))
        if s.domino_seat is not None:
            who = lesson_words().domino_winner.format(seat=capital(seat_name(s.domino_seat, me, seating.players, current())),
                                         side=capital(team(seating.side_of(s.domino_seat))))
        else:
            lows = capital(and_list([team(w) for w in s.winners], current()))
            who = (lesson_words().blocked_tied if len(s.winners) > 1 else lesson_words().blocked_lowest).format(sides=lows)
        steps = []
        for w in s.winners:
            steps.append(lesson_words().settle_step.format(side=capital(team(w)), collected=s.collected[w], unit=s.unit, rounded=s.rounded[w],
                                              points=_points(s.credits[w], rules)))
        explanation = lesson_words().pips_explained.format(pips=pips, who=who, steps=" ".join(steps))
        if seating.partnerships:
            explanation += lesson_words().pips_partner
        return list(s.credits), explanation, lesson_words().pips_hint
    gained = [rnd.scores[i] - start[i] for i in sides]
    if rnd.end is EndReason.DOMINO:
        event = next(e for e in reversed(rnd.events) if isinstance(e, PlayEvent))
        side = seating.side_of(event.seat)
        credit, bonus, scored = event.credit, event.bonus, event.scored
        total = credit + bonus
        end_sum = event.sum
        text = lesson_words().domino_sum.format(sum=end_sum, steps=credit_steps(end_sum, rules), credit=credit, bonus=bonus,
                                   total=total)
        if event.void:
            text += " " + lesson_words().overshoot.format(start=start[side], total=total, after=start[side] + total,
                                             target=rules.target)
        else:
            text += " " + lesson_words().side_gets.format(side=capital(team_name(side, seating, ex.to_move, current())), start=start[side], scored=scored, after=start[side] + scored)
        text += " " + lesson_words().others_nothing
        return gained, text, lesson_words().domino_hint.format(target=rules.target)
    return gained, lesson_words().blocked_settle, lesson_words().blocked_hint


def number_rule(rules: GameRules, field: str) -> str:
    """The rule a number field asks to apply (``sum``, ``points``, ``side-N``), in words of the current
    language, from the game's description alone - so it names no exercise's value: the end sum of the
    scored ends (of the line's two ends without spinners), each divisor's share of it, the settlement of
    the remaining pips (or the last play and the point for playing out, void past an exact target)."""
    w = lesson_words()
    table = w.number_rules
    if field == "sum":
        return table["sum-spinners" if rules.spinners else "sum-line"]
    if field == "points":
        return table["plus"].join(table["divisor"].format(divisor=w.numerals[d]) for d in rules.divisors)
    if rules.pip_settlement:
        return table["settle-pips"].format(unit=w.numerals[rules.raw_per_point])
    return table["settle-play"] + (table["settle-exact"] if rules.target_exact else "")


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
    table = "; ".join(f"{move_text(k, current())}: {_num(values[k])}" for k in order)
    bot = WORDS[current()].bots.get(ex.puzzle["bot"], ex.puzzle["bot"])    # the bot's name ("stark", "strong")
    explanation = lesson_words().best.format(move=move_text(best, current()), bot=lesson_words().quoted.format(bot), ms=f"{ex.puzzle['think_ms']:g}",
                                deals=ex.puzzle["deals"], table=table, margin=_num(margin))
    wrong = {k: lesson_words().weaker.format(move=move_text(k, current()), value=_num(values[k])) for k in order[1:]}
    if "reasons" in ex.puzzle:       # explained: parts and reasons in words, how it was computed apart
        said = puzzle_feedback(ex, current())
        explanation = said["best"]
        wrong |= said["weaker"]
    right = {best: lesson_words().right.format(text=explanation)}
    choices = _placement_choices(ex, rnd, {best}, right, wrong)
    hint = lesson_words().best_hint.format(tile=best.split("@")[0])
    return Solution((best,), (), tuple(choices), explanation, hint, tuple((k, values[k]) for k in order))


def puzzle_feedback(ex: Exercise, lang: str = "de") -> dict[str, Any]:
    """The puzzle's feedback in words, from its recorded ``values``, ``parts`` and ``reasons``: ``best``
    (the best move, why it beats the next best, its value in parts, every move's value), ``weaker`` per
    other move (what it loses against the best, never naming the best move nor its tiles) and ``how``
    (level, budget, deals: folded under "Wie gerechnet?")."""
    w = REASON_WORDS[lang]
    p = ex.puzzle
    rnd = ex.round()
    view = view_of(rnd, rnd.to_move)
    values = {k: float(v) for k, v in p["values"].items()}
    order = sorted(values, key=lambda k: -values[k])
    best = order[0]
    kinds = {k.name: k.parts for k in REASON_KINDS}
    recorded = p.get("reasons", {})

    def said(move: str, against: bool) -> str:
        other = order[1] if move == best else move
        return " ".join(sentence(view, Why(r["kind"], kinds[r["kind"]], float(r["points"]), 0.0, parse_move(best),
                                              parse_move(other)), lang, against=against)
                        for r in recorded.get(move, ()))

    def num(x: float) -> str:
        return f"{x:+.1f}".replace(".", "," if lang == "de" else ".")

    parts = p.get("parts", {}).get(best, {})
    shown = "; ".join(f"{w.part_names[name]} {num(parts[name])}" for name in PARTS if abs(parts.get(name, 0)) >= 0.05)
    text = w.puzzle_best.format(move=move_text(best, lang), why=said(best, False)).strip()
    if shown:
        text += " " + w.puzzle_parts.format(value=num(values[best]), parts=shown)
    text += " " + w.puzzle_table.format(table="; ".join(f"{move_text(k, lang)}: {num(values[k])}" for k in order))
    weaker = {k: w.puzzle_weaker.format(move=move_text(k, lang), why=said(k, True)).strip()
              for k in order[1:] if recorded.get(k)}
    bot = WORDS[lang].bots.get(p["bot"], p["bot"])
    return {"best": text, "weaker": weaker, "how": how_text(bot, float(p["think_ms"]), int(p["deals"]), lang),
            "how_label": w.how}


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
