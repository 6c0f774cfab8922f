"""German sentences about seats, sides and the events of a round (standard library only).

These are the sentences the book's steppers and the in-browser play page print
after every event; their words come from :data:`dominolab.text.words.WORDS`.
They live here rather than in :mod:`dominolab.book` (which needs Matplotlib and
ipywidgets) so that the page can use them inside Pyodide; :mod:`dominolab.book`
re-exports them.

>>> from dominolab.engine import Match
>>> r = Match('horse-race', players=2, seed=7).new_round()
>>> event_text(r.push(r.legal_moves()[0])[0], r).startswith(f'Sitz {r.opener} eröffnet mit [')
True
"""

from __future__ import annotations

from typing import Any

from dominolab.core.engine import DrawEvent, PassEvent, PlayEvent, Round, SettleEvent
from dominolab.core.rules import GameRules, Seating
from dominolab.text.words import WORDS, and_list, pass_words as _pass_words, points

__all__ = ["event_text", "pass_words", "point_label", "points_text", "round_end_text",
           "seat_name", "side_name"]

_N = WORDS["de"].narration


def seat_name(seat: int) -> str:
    return _N.seat.format(seat=seat)


def side_name(side: int, seating: Seating) -> str:
    if seating.partnerships:
        a, b = seating.seats_of(side)
        return _N.partnership.format(side=side, a=a, b=b)
    return seat_name(side)


def points_text(n: int, rules: GameRules) -> str:
    """``1 Anzeigepunkt``, ``8 Spielpunkte``: a number with the game's own point word."""
    return points(n, rules, "de")


def pass_words(rules: GameRules) -> tuple[str, str]:
    """Verb and noun for a turn without a play: passing after the stock (drawing games) or knocking
    (:func:`dominolab.text.words.pass_words`)."""
    words = _pass_words(rules, "de")
    return words.verb, words.noun


def point_label(point: Any) -> str:
    return f"{point.tile} ({WORDS['de'].sides[point.side]})"


def event_text(event: Any, rnd: Round) -> str:
    """A German sentence for one event of a round."""
    rules, seating = rnd.rules, rnd.seating
    if isinstance(event, PlayEvent):
        text = _N.play.format(
            who=seat_name(event.seat), what=_N.opens_with if event.at is None else _N.plays, tile=event.tile,
            drawn=_N.just_drawn if event.source == "drawn" else "",
            target="" if event.at is None else _N.at.format(point=point_label(event.at)),
            sum=event.sum, credit=points_text(event.credit, rules))
        if event.bonus:
            text += _N.bonus.format(bonus=event.bonus)
        if event.scored != event.credit + event.bonus:
            text += _N.void.format(target=rules.target)
        return text + _N.scores.format(scores=list(event.scores))
    if isinstance(event, DrawEvent):
        return _N.draws.format(who=seat_name(event.seat), tile=event.tile)
    if isinstance(event, PassEvent):
        return _N.passes.format(who=seat_name(event.seat), verb=_pass_words(rules, "de").verb)
    if isinstance(event, SettleEvent):
        winners = and_list([side_name(w, seating) for w in event.winners])
        credits = ", ".join(str(c) for c in event.credits)
        return _N.settle.format(reason=_N.end_reason[str(event.reason)], pips=list(event.pips), winners=winners,
                                credits=credits, scores=list(event.scores))
    raise TypeError(event)


def round_end_text(rnd: Round) -> str:
    if rnd.end is None:
        return ""
    if rnd.match_winners:
        return _N.match_won.format(winners=and_list([side_name(w, rnd.seating) for w in rnd.match_winners]))
    return _N.round_end[str(rnd.end)]
