"""Sentences about seats, sides and the events of a round (standard library only).

These are the sentences the book's steppers and the in-browser play page print
after every event; their words come from :data:`dominolab.text.words.WORDS`.
They live here rather than in :mod:`dominolab.book` (which needs Matplotlib and
ipywidgets) so that the page can use them inside Pyodide; :mod:`dominolab.book`
re-exports them. German is the default; ``lang="en"`` gives the same sentences in English.

>>> from dominolab.core.engine import Match
>>> r = Match('horse-race', players=2, seed=7).new_round()
>>> event_text(r.push(r.legal_moves()[0])[0], r).startswith(f'Spieler {r.opener + 1} eröffnet mit [')
True
>>> r.opener == 0 and event_text(r.events[0], r, me=0).startswith('Du eröffnest mit [')
True
"""

from __future__ import annotations

from typing import Any

from dominolab.core.engine import DrawEvent, PassEvent, PlayEvent, PlaySource, Round, SettleEvent
from dominolab.core.rules import GameRules, Seating
from dominolab.text.words import (NarrationWords, and_list, capital, move_text, pass_words as _pass_words, person,
                                  player_name, point_text, points, team_name, words)

__all__ = ["event_text", "pass_words", "point_label", "points_text", "round_end_text",
           "seat_name", "side_name"]

def _n(lang: str) -> NarrationWords:
    return words(lang).narration


def seat_name(seat: int, lang: str = "de") -> str:
    """A seat seen from outside, as the book's steppers and tables show it: ``Spieler 1`` (players
    numbered from 1; records keep the 0-based seat). Seen from one player, use
    :func:`dominolab.text.words.seat_name` (``du``, ``links``, ``gegenüber``, ``rechts``)."""
    return player_name(seat, max(seat + 1, 1) if isinstance(seat, int) else 1, lang)


def side_name(side: int, seating: Seating, lang: str = "de", me: int | None = None) -> str:
    """A side of the score: ``Spieler 2`` or, in partnerships, ``Spieler 1 und 3``; seen from
    ``me`` (when given) ``du``, ``links und rechts`` (:func:`dominolab.text.words.team_name`)."""
    return team_name(side, seating, me, lang)


def points_text(n: int, rules: GameRules, lang: str = "de") -> str:
    """``1 Anzeigepunkt``, ``8 Spielpunkte``: a number with the game's own point word."""
    return points(n, rules, lang)


def pass_words(rules: GameRules, lang: str = "de") -> tuple[str, str]:
    """Verb and noun for a turn without a play: passing after the stock (drawing games) or knocking
    (:func:`dominolab.text.words.pass_words`)."""
    found = _pass_words(rules, lang)
    return found.verb, found.noun


def point_label(point: Any, lang: str = "de") -> str:
    """An attachment point as readers see it: ``[1|4], Ende mit der 4`` (:func:`~dominolab.text.words.point_text`)."""
    return point_text(point, lang)


def scores_text(scores: Any) -> str:
    """Scores of the sides for readers, ``0 : 2`` (not a Python list)."""
    return " : ".join(str(s) for s in scores)


def event_text(event: Any, rnd: Round, lang: str = "de", me: int | None = None) -> str:
    """A sentence for one event of a round (German unless ``lang`` says otherwise).

    Without ``me`` the players are seen from outside (``Spieler 1 legt …``); with ``me`` (the seat
    of the person reading, as on the play page) they are people at the table: ``Du legst …``,
    ``Links zieht [2|3].`` (:func:`dominolab.text.words.seat_name`).
    """
    rules, seating = rnd.rules, rnd.seating
    n = _n(lang)

    def who(seat: int) -> str:
        return capital(person(seat, seating.players, me, lang))

    if isinstance(event, PlayEvent):
        you = me is not None and event.seat == me
        opens, plays = (n.you_open_with, n.you_play) if you else (n.opens_with, n.plays)
        text = n.play.format(
            who=who(event.seat), what=opens if event.at is None else plays,
            drawn=n.just_drawn if event.source is PlaySource.DRAWN else "",
            move=str(event.tile) if event.at is None else move_text(f"{event.tile}@{event.at}", lang),
            sum=event.sum, credit=points_text(event.credit, rules, lang))
        if event.bonus:
            text += n.bonus.format(bonus=event.bonus)
        if event.scored != event.credit + event.bonus:
            text += n.void.format(target=rules.target)
        return text + n.scores.format(scores=scores_text(event.scores))
    if isinstance(event, DrawEvent):
        template = n.you_draw if me is not None and event.seat == me else n.draws
        return template.format(who=who(event.seat), tile=event.tile)
    if isinstance(event, PassEvent):
        verbs = _pass_words(rules, lang)
        verb = verbs.you if me is not None and event.seat == me else verbs.verb
        return n.passes.format(who=who(event.seat), verb=verb)
    if isinstance(event, SettleEvent):
        winners = and_list([side_name(w, seating, lang, me) for w in event.winners], lang)
        pips = ", ".join(f"{person(seat, seating.players, me, lang)}: {p}" for seat, p in enumerate(event.pips))
        credits = ", ".join(f"{side_name(side, seating, lang, me)}: {c}" for side, c in enumerate(event.credits))
        return n.settle.format(reason=n.end_reason[str(event.reason)], pips=pips, winners=winners,
                               credits=credits, scores=scores_text(event.scores))
    raise TypeError(event)


def round_end_text(rnd: Round, lang: str = "de", me: int | None = None) -> str:
    if rnd.end is None:
        return ""
    n = _n(lang)
    if rnd.match_winners:
        return n.match_won.format(winners=and_list([side_name(w, rnd.seating, lang, me) for w in rnd.match_winners],
                                                   lang))
    return n.round_end[str(rnd.end)]
