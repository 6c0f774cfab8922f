"""The review of a game: every decision of a seat rated by the advising level's search.

A *decision* is every event of the record where the reviewed seat chose a move:
a play, a draw, a pass or knock (settlements are booked by the engine, nobody
chooses them). For each decision the review rebuilds the seat's view at that
moment (the round re-played from its deal up to the event, then
:func:`~dominolab.core.view.view_of`: own hand, layout, every public event -
passes, knocks and draws keep telling what a hand lacks), and evaluates EVERY
legal move with the advisor (:func:`dominolab.play.levels.advisor`, the level
:data:`~dominolab.play.levels.ADVISOR` at :data:`REVIEW_THINK_MS`; its
:meth:`~dominolab.play.levels.Advisor.evaluate`): the same sampled deals of the
unseen tiles for all moves (the expert races: a move clearly worse than the best stops early and is
valued on the deals it was played on, the first of the same sequence). The output names the level.
A value is the expected outcome of the round for the seat's side in points:
its gain minus the best gain of any other side, plus the bot's match bonus
(:data:`~dominolab.play.search.WIN_BONUS`) for winning or losing the match in it.

The *loss* of a decision is ``value of the best move - value of the move
played`` (never negative, rounded to two decimals); its *label* follows
:data:`THRESHOLDS` on the rounded loss:

=============  ==========================
loss           label
=============  ==========================
below 1        ``none``
1 to below 3   ``inaccuracy`` (*ungenau*)
3 to below 6   ``mistake`` (*Fehler*)
6 and more     ``blunder`` (*grober Fehler*)
=============  ==========================

A *forced* decision (one legal move: a draw or pass with nothing playable, a
single fitting placement) is listed with loss 0, label ``none`` and
``"forced": true``, but is not counted: averages and label counts are over the
decisions with a choice; summaries say how many were forced.

Deterministic: the search of a decision draws from
:func:`~dominolab.play.session.position_rng` with purpose ``"review"`` and no
seed (records carry none), i.e. from the round number, the event index and the
seat; so the same record, seat and budget give the same figures everywhere
(terminal, page, Pyodide). When the played move ties the best value, it is
named as the best move.

Every move of a row carries its value in parts (the advisor's
:attr:`~dominolab.play.search.MoveValue.parts`, rounded by :func:`rounded_parts`
so that they sum exactly to the rounded value), and a row with a loss of at
least :data:`REASONS_FROM` carries up to two reasons why the best move beats
the one played (:func:`dominolab.play.reasons.reasons`: kind, parts, points), each
in one sentence (:func:`dominolab.play.reasons.sentence`: ``sentence`` German,
``sentence_en`` English). Every tally (per round, per seat, the match) counts the
reason kinds of its rows (``reasons``: :func:`reason_counts`, most frequent first).

The output (:meth:`Review.to_json`, format :data:`FORMAT`) is documented in
the book's reference part (*Notation und Spielprotokolle*).

*Practice from one's own mistakes* (:func:`dominolab.lessons.puzzles.practice`): the costliest
decisions of a review become best-move puzzles like the book's; :func:`round_at` gives their positions.

>>> from dominolab.core.engine import Match, greedy_policy
>>> m = Match('horse-race', players=2, seed=4).play(greedy_policy, max_rounds=1)
>>> r = Review(m, seats=[0], think_ms=2)
>>> row = r.rate(0)
>>> row['loss'] >= 0 and row['played'] in [x['move'] for x in row['moves']]
True
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from dominolab.core.engine import DRAW, PASS, DrawEvent, Match, PassEvent, PlayEvent, Round, SettleEvent
from dominolab.core.errors import DominoError, InvalidArgument, RecordError, RecordFormatError
from dominolab.core.layout import Placement
from dominolab.core.moves import Move
from dominolab.core.record import replay
from dominolab.core.view import SeatView, view_of
from dominolab.play.levels import ADVISOR_REVIEW_MS, Advisor, advisor
from dominolab.play.reasons import reasons, sentences, spread_sentence, summary_text
from dominolab.play.search import PARTS
from dominolab.play.session import Session, position_rng

__all__ = ["FORMAT", "LABELS", "REASONS_FROM", "REVIEW_THINK_MS", "THRESHOLDS", "Decision", "Review", "continue_from",
           "label_of", "match_of_record", "moves_before", "reason_counts", "rounded_parts"]

JSON = dict[str, Any]

#: The ``format`` key of a review's JSON.
FORMAT = "dominolab.review/1"
#: The labels, mildest first (``none``: no label).
LABELS: tuple[str, ...] = ("none", "inaccuracy", "mistake", "blunder")
#: (label, smallest loss in points that earns it), harshest first.
THRESHOLDS: tuple[tuple[str, float], ...] = (("blunder", 6.0), ("mistake", 3.0), ("inaccuracy", 1.0))
#: Default budget per decision (work calibrated to milliseconds, see :mod:`dominolab.play.bots`):
#: the advisor's review budget (:data:`dominolab.play.levels.ADVISOR_REVIEW_MS`).
REVIEW_THINK_MS = ADVISOR_REVIEW_MS
#: Rows with at least this loss get their reasons (:func:`dominolab.play.reasons.reasons`: why the best
#: move beats the one played); the smallest loss that earns a label.
REASONS_FROM = THRESHOLDS[-1][1]
#: Largest budget accepted (one minute of work per decision).
MAX_THINK_MS = 60_000.0


def label_of(loss: float) -> str:
    """The label of a (rounded) loss by :data:`THRESHOLDS`."""
    for label, low in THRESHOLDS:
        if loss >= low:
            return label
    return "none"


def check_think(think_ms: object, what: str = "think_ms") -> float:
    """A budget: a number above 0 and at most :data:`MAX_THINK_MS` (one-line error otherwise)."""
    if (isinstance(think_ms, bool) or not isinstance(think_ms, (int, float)) or not math.isfinite(think_ms)
            or not 0 < think_ms <= MAX_THINK_MS):
        raise InvalidArgument(f"{what} must be a number of milliseconds above 0 and at most {MAX_THINK_MS:,.0f}, "
                              f"not {_shown(think_ms)}")
    return float(think_ms)


def match_of_record(data: Mapping[str, Any], shown: str) -> Match:
    """Re-play a record's JSON object; refuse it in the words of ``dominolab replay`` (``shown``: the file's name)."""
    try:
        return replay(data)
    except RecordFormatError as exc:        # wrong types or shapes: bad input
        raise RecordFormatError(f"{shown}: {exc}", code="record-format", details={"name": shown}) from None
    except DominoError as exc:              # against the rules (details: where, for a reader's sentence)
        raise RecordError(f"{shown}: not consistent: {exc}", code="record-inconsistent",
                          details={**exc.details, "name": shown}) from None


def _move_of(event: PlayEvent | DrawEvent | PassEvent) -> Move:
    if isinstance(event, PlayEvent):
        return Placement(event.tile, event.at)
    return DRAW if isinstance(event, DrawEvent) else PASS


@dataclass(frozen=True)
class Decision:
    """One decision to rate: where it is, who chose what, and the seat's view just before it."""

    ordinal: int        #: 0-based index in the review (record order)
    round: int          #: 0-based round index
    event: int          #: index of the event in its round
    seat: int
    move: Move          #: the move played
    view: SeatView      #: what the seat knew when it chose
    rng_state: tuple[Any, ...]  #: the state of the search's rng (position_rng, purpose "review")


def _decisions(match: Match, seats: Sequence[int]) -> list[Decision]:
    """Every decision of ``seats`` in record order, each with the view before it."""
    out: list[Decision] = []
    wanted = set(seats)
    for r, played in enumerate(match.rounds):
        live = Round.trusted(played.rules, played.seating, [list(h) for h in played.dealt],
                             list(played.initial_stock), played.opener, played.start_scores, played.number,
                             opener=played.opener)
        for index, event in enumerate(played.events):
            if isinstance(event, SettleEvent):
                continue                                 # booked by the engine after the move before it
            move = _move_of(event)
            if event.seat in wanted:
                assert live.to_move == event.seat and len(live.events) == index
                state = position_rng(None, live, event.seat, "review").getstate()
                out.append(Decision(len(out), r, index, event.seat, move, view_of(live, event.seat), state))
            live.push(move)
    return out


class Review:
    """The review of ``seats`` (default: every seat) of a played match (complete or in progress).

    :attr:`decisions` is the plan (cheap); :meth:`rate` rates one decision (cached),
    :meth:`summary` and :meth:`to_json` rate whatever is missing.
    """

    def __init__(self, match: Match, seats: Sequence[int] | None = None, think_ms: float = REVIEW_THINK_MS):
        players = match.seating.players
        if seats is None:
            seats = range(players)
        chosen = []
        for seat in seats:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise InvalidArgument(f"seat must be a seat from 0 to {players - 1}, not {_shown(seat)}")
            if seat not in chosen:
                chosen.append(seat)
        self.match = match
        self.seats: list[int] = sorted(chosen)
        self.think_ms = check_think(think_ms)
        #: whose search rates the decisions (``advisor.level`` is named in every output)
        self.advisor: Advisor = advisor(self.think_ms, review=True)
        self.decisions: list[Decision] = _decisions(match, self.seats)
        self.n_rounds = len(match.rounds)       # a match in progress may go on; the review stays as planned
        self._rows: dict[int, JSON] = {}
        #: what other layers derive from this review and keep with it (:func:`dominolab.lessons.puzzles.practice`)
        self.kept: dict[Any, Any] = {}

    # -- the plan --------------------------------------------------------------------
    def head(self) -> JSON:
        """The keys every review output starts with."""
        level = self.advisor.level
        return {"format": FORMAT, "level": level.name, "level_number": level.number, "level_label": level.label,
                "think_ms": self.think_ms, "game": self.match.rules.name, "seats": list(self.seats)}

    # -- rating ------------------------------------------------------------------------
    def rate_check(self, k: object) -> int:
        """``k`` if it numbers a decision of this review (one-line error otherwise)."""
        if isinstance(k, bool) or not isinstance(k, int) or not 0 <= k < len(self.decisions):
            raise InvalidArgument(f"decision must be a number from 0 to {len(self.decisions) - 1}, "
                                  f"not {_shown(k)}" if self.decisions else
                                  "there is no decision: the reviewed seats made no move")
        return k

    def rate(self, k: int) -> JSON:
        """The row of decision ``k`` (0-based index into :attr:`decisions`)."""
        self.rate_check(k)
        row = self._rows.get(k)
        if row is None:
            row = self._rows[k] = self._rate(self.decisions[k])
        return row

    def _rate(self, d: Decision) -> JSON:
        rng = random.Random()
        rng.setstate(d.rng_state)
        scored = self.advisor.evaluate(d.view, rng)          # best first, ties in legal order
        moves = [x.move for x in scored]
        if d.move not in moves:     # pragma: no cover - a re-played record only holds legal moves
            raise AssertionError(f"{d.move} is not among the legal moves of decision {d.ordinal}")
        played = scored[moves.index(d.move)]
        best = played if played.value >= scored[0].value else scored[0]
        loss = max(0.0, round(best.value - played.value, 2)) + 0.0
        why = reasons(d.view, scored, best.move, played.move) if loss >= REASONS_FROM else []
        spread = ({"sentence": spread_sentence(d.view, best.move, played.move, loss, "de"),
                   "sentence_en": spread_sentence(d.view, best.move, played.move, loss, "en")}
                  if loss >= REASONS_FROM and not why else None)
        return {"decision": d.ordinal, "round": d.round, "event": d.event, "seat": d.seat, "forced": len(moves) == 1,
                "played": str(played.move), "best": str(best.move),
                "value_played": _r2(played.value), "value_best": _r2(best.value),
                "loss": loss, "label": label_of(loss), "deals": max(x.deals for x in scored),
                "moves": [{"move": str(x.move), "value": _r2(x.value), "parts": rounded_parts(x.parts, x.value)}
                          for x in scored],
                "reasons": [{"kind": r.kind, "parts": list(r.parts), "points": _r2(r.points),
                             **dict(zip(("sentence", "sentence_en"), sentences(d.view, r)))} for r in why],
                **({"no_reason": spread} if spread else {})}

    def rows(self, progress: Callable[[int, int], None] | None = None) -> list[JSON]:
        """Every row, rated in order; ``progress(done, total)`` after each."""
        out = []
        total = len(self.decisions)
        for k in range(total):
            out.append(self.rate(k))
            if progress is not None:
                progress(k + 1, total)
        return out

    # -- summaries ---------------------------------------------------------------------
    def summary(self) -> JSON:
        """``{"rounds": [...], "summary": {...}}``: per round and seat, and for the match (per seat and all)."""
        rows = self.rows()
        rounds = [{"round": r, "seat": seat, **_tally([x for x in rows if x["round"] == r and x["seat"] == seat])}
                  for r in range(self.n_rounds) for seat in self.seats]
        total = _tally(rows)
        total["seats"] = [{"seat": seat, **_tally([x for x in rows if x["seat"] == seat])} for seat in self.seats]
        return {"rounds": rounds, "summary": total}

    def to_json(self, progress: Callable[[int, int], None] | None = None) -> JSON:
        """The whole review (format :data:`FORMAT`)."""
        rows = self.rows(progress)
        return self.head() | {"decisions": rows} | self.summary()


def _shown(value: object) -> str:
    """A value in an error line (cut at 40 characters)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _r2(value: float) -> float:
    return round(value, 2) + 0.0        # no -0.0


def rounded_parts(parts: Mapping[str, float], value: float) -> dict[str, float]:
    """``parts`` (every name of :data:`~dominolab.play.search.PARTS`, missing ones 0) in hundredths that
    sum exactly to ``value`` rounded to hundredths (largest-remainder rounding: every part is cut down to
    whole hundredths, and the hundredths still missing go to the parts with the largest remainders; ties
    in the order of the names).

    >>> rounded_parts({"now": 1 / 3, "turn": 1 / 3, "replies": 1 / 3}, 1.0)      # each alone: 0.33
    {'now': 0.34, 'turn': 0.33, 'replies': 0.33, 'later_own': 0.0, 'later_other': 0.0, 'settlement': 0.0, 'bonus': 0.0}
    """
    raw = [parts.get(name, 0.0) * 100 for name in PARTS]
    cents = [math.floor(x) for x in raw]
    missing = round(_r2(value) * 100) - sum(cents)
    order = sorted(range(len(raw)), key=lambda j: -(raw[j] - cents[j]))      # stable: ties in name order
    step = 1 if missing > 0 else -1
    if step < 0:
        order.reverse()
    k = 0
    while missing:                   # at most len(PARTS) steps when the parts sum to the value
        cents[order[k % len(order)]] += step
        missing -= step
        k += 1
    return {name: c / 100 + 0.0 for name, c in zip(PARTS, cents)}


def _tally(rows: Sequence[JSON]) -> JSON:
    """Decisions with a choice, forced ones, average and total loss, and how often each label came."""
    counted = [x for x in rows if not x["forced"]]
    total = sum(x["loss"] for x in counted)
    labels = {label: sum(1 for x in counted if x["label"] == label) for label in LABELS}
    return {"decisions": len(counted), "forced": len(rows) - len(counted),
            "average_loss": _r2(total / len(counted)) if counted else 0.0, "total_loss": _r2(total),
            "labels": labels, "reasons": reason_counts(counted)}


def reason_counts(rows: Sequence[JSON]) -> list[JSON]:
    """How often each reason kind was given in ``rows`` (a kind counts once per row), most frequent first
    (ties in the order of :data:`~dominolab.play.reasons.KINDS`): ``kind``, ``count``, ``text`` (German:
    ``3-mal einen Doppelstein zu lange gehalten``) and ``text_en``."""
    from dominolab.play.reasons import KINDS

    order = [k.name for k in KINDS]
    counts: dict[str, int] = {}
    for row in rows:
        for kind in dict.fromkeys(r["kind"] for r in row.get("reasons", ())):
            counts[kind] = counts.get(kind, 0) + 1
    ranked = sorted(counts, key=lambda k: (-counts[k], order.index(k)))
    return [{"kind": k, "count": counts[k], "text": summary_text(k, counts[k], "de"),
             "text_en": summary_text(k, counts[k], "en")} for k in ranked]


# -- playing on from a decision ------------------------------------------------------

def moves_before(match: Match, round_index: int, event: int) -> list[Move]:
    """Every move of ``match`` before event ``event`` of round ``round_index`` (settlements are no moves)."""
    out: list[Move] = []
    for r, rnd in enumerate(match.rounds[:round_index + 1]):
        events = rnd.events if r < round_index else rnd.events[:event]
        out += [_move_of(e) for e in events if not isinstance(e, SettleEvent)]
    return out


class _RecordedDeals(Match):
    """A match whose first rounds are dealt as a played match dealt them (then by its seed)."""

    def __init__(self, rules: Any, players: int, partnerships: bool, seed: int | None,
                 deals: Sequence[tuple[list[list[Any]], list[Any], int]]):
        super().__init__(rules, players, partnerships, seed=seed)
        self.deals = list(deals)

    def new_round(self, hands: Sequence[Sequence[Any]] | None = None, stock: Sequence[Any] | None = None,
                  opener: int | None = None) -> Round:
        if hands is None and len(self.rounds) < len(self.deals):
            hands, stock, opener = self.deals[len(self.rounds)]
        return super().new_round(hands, stock, opener)


class _ContinuedSession(Session):
    """A :class:`Session` whose match starts with the deals of a played match (undo keeps working:
    every rebuild deals the same rounds again)."""

    def __init__(self, source: Match, rounds: int, seat: int, bots: Sequence[str], seed: int | None,
                 think_ms: float | None):
        self._deals = [([list(h) for h in r.dealt], list(r.initial_stock), r.opener) for r in source.rounds[:rounds]]
        super().__init__(source.rules, source.seating.players, source.seating.partnerships, seat=seat, bots=bots,
                         seed=seed, think_ms=think_ms)

    def _fresh(self) -> Match:
        return _RecordedDeals(self.rules, self.seating.players, self.seating.partnerships, self.seed, self._deals)


def continue_from(review: Review, k: int, bots: Sequence[str], seed: int | None = 0,
                  think_ms: float | None = None) -> Session:
    """A new session at the position just before decision ``k`` of ``review``, the person at the decision's
    seat and ``bots`` (levels, in seat order after the person) at the others; rounds after the played ones are
    dealt from ``seed``. ``think_ms`` overrides the levels' budgets (``None``: each level's own)."""
    review.rate_check(k)
    d = review.decisions[k]
    session = _ContinuedSession(review.match, d.round + 1, d.seat, bots, seed, think_ms)
    session.rebuild(moves_before(review.match, d.round, d.event), rounds=d.round + 1)
    return session


# -- practice from one's own mistakes -------------------------------------------------

__all__ += ["round_at"]


def round_at(match: Match, round_index: int, event: int) -> Round:
    """Round ``round_index`` of ``match`` re-played from its deal up to (not including) event ``event``."""
    played = match.rounds[round_index]
    live = Round.trusted(played.rules, played.seating, [list(h) for h in played.dealt], list(played.initial_stock),
                         played.opener, played.start_scores, played.number, opener=played.opener)
    for e in played.events[:event]:
        if not isinstance(e, SettleEvent):
            live.push(_move_of(e))
    return live
