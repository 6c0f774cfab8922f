"""Sentences about seats, sides and the events of a round (standard library only).

These are the sentences the book's steppers and the in-browser play page print
after every event, at a round's end and at its settlement - the one narrator of the
package; their words come from :data:`dominolab.text.words.WORDS`. Seen from outside
(``me=None``, the book) the players are numbered; seen from a player (``me``, the play
page) they are people at the table, and the tiles others draw stay hidden.
They live here rather than in :mod:`dominolab.book` (which needs Matplotlib and
ipywidgets) so that the page can use them inside Pyodide; :mod:`dominolab.book`
re-exports them. German is the default; ``lang="en"`` gives the same sentences in English.

>>> from dominolab.core.engine import Match
>>> r = Match('horse-race', players=2, seed=7).new_round()
>>> event_text(r.push(r.legal_moves()[0])[0], r).startswith(f'Spieler {r.opener + 1} eröffnet mit [')
True
>>> r.opener == 0 and event_text(r.events[0], r, me=0).startswith('Du eröffnest mit [')
True
>>> from dominolab.core.engine import DrawEvent
>>> from dominolab.core.tiles import Tile
>>> event_text(DrawEvent(1, Tile.parse('[2|3]')), r, me=0), event_text(DrawEvent(1, Tile.parse('[2|3]')), r)
('Gegenüber zieht einen Stein.', 'Spieler 2 zieht [2|3].')
"""

from __future__ import annotations

from typing import Any

from dominolab.core.engine import DrawEvent, PassEvent, PlayEvent, PlaySource, Round, SettleEvent
from dominolab.core.rules import GameRules
from dominolab.core.seating import Seating
from dominolab.core.scoring import EndReason
from dominolab.text import language
from dominolab.text.words import (NarrationWords, and_list, capital, count, move_text, pass_words as _pass_words,
                                  point_text, points, seat_name, team_name, words)

__all__ = ["event_text", "hand_rows", "pass_words", "point_label", "points_text", "round_end_text",
           "round_summary", "seat_name", "settlement_text", "short_text", "side_in_text", "side_name", "why_again"]

def _n(lang: str) -> NarrationWords:
    return words(lang).narration


def side_name(side: int, seating: Seating, lang: str | None = None, me: int | None = None) -> str:
    """A side of the score: ``Spieler 2`` or, in partnerships, ``Spieler 1 und 3``; seen from
    ``me`` (when given) ``du``, ``links und rechts`` (:func:`dominolab.text.words.team_name`)."""
    lang = language.resolved(lang)
    return team_name(side, seating, me, lang)


def side_in_text(side: int, seating: Seating, lang: str | None = None, me: int | None = None) -> str:
    """A side (a *Partei*) inside a sentence: seen from ``me`` the reader's own partnership is *deine
    Partnerschaft* (no verb agrees with *du und gegenüber*); a single player's side is the player
    (``du``), like any other side, :func:`side_name`."""
    lang = language.resolved(lang)
    if me is not None and seating.partnerships and side == seating.side_of(me):
        return _n(lang).your_side
    return side_name(side, seating, lang, me)


def points_text(n: int, rules: GameRules, lang: str | None = None) -> str:
    """``1 Anzeigepunkt``, ``8 Spielpunkte``: a number with the game's own point word."""
    lang = language.resolved(lang)
    return points(n, rules, lang)


def pass_words(rules: GameRules, lang: str | None = None) -> tuple[str, str]:
    """Verb and noun for a turn without a play: passing after the stock (drawing games) or knocking
    (:func:`dominolab.text.words.pass_words`)."""
    lang = language.resolved(lang)
    found = _pass_words(rules, lang)
    return found.verb, found.noun


def point_label(point: Any, lang: str | None = None) -> str:
    """An attachment point as readers see it: ``[1|4], Ende mit der 4`` (:func:`~dominolab.text.words.point_text`)."""
    lang = language.resolved(lang)
    return point_text(point, lang)


def scores_text(scores: Any) -> str:
    """Scores of the sides for readers, ``0 : 2`` (not a Python list)."""
    return " : ".join(str(s) for s in scores)


def event_text(event: Any, rnd: Round, lang: str | None = None, me: int | None = None) -> str:
    """A sentence for one event of a round (German unless ``lang`` says otherwise).

    Without ``me`` the players are seen from outside (``Spieler 1 legt …``); with ``me`` (the seat
    of the person reading, as on the play page) they are people at the table: ``Du legst …``,
    ``Links zieht [2|3].`` (:func:`dominolab.text.words.seat_name`).
    """
    lang = language.resolved(lang)
    rules, seating = rnd.rules, rnd.seating
    n = _n(lang)

    def who(seat: int) -> str:
        return capital(seat_name(seat, me, seating.players, lang))

    if isinstance(event, PlayEvent):
        you = me is not None and event.seat == me
        opens, plays = (n.you_open_with, n.you_play) if you else (n.opens_with, n.plays)
        fields = dict(who=who(event.seat), what=opens if event.at is None else plays,
                      drawn=n.just_drawn if event.source is PlaySource.DRAWN else "",
                      move=str(event.tile) if event.at is None else move_text(f"{event.tile}@{event.at}", lang),
                      sum=event.sum)
        if not (event.credit or event.bonus):
            return n.play_nothing.format(**fields)
        text = n.play.format(**fields, credit=points_text(event.credit, rules, lang))
        if event.bonus:
            text += n.bonus.format(bonus=event.bonus)
        if event.void:
            text += n.void.format(target=rules.target)
        return text + n.scores.format(scores=scores_text(event.scores))
    if isinstance(event, DrawEvent):
        if me is None:
            template = n.draws
        else:           # a player sees only the tiles they draw themselves
            template = n.you_draw if event.seat == me else n.draws_hidden
        return template.format(who=who(event.seat), tile=event.tile)
    if isinstance(event, PassEvent):
        verbs = _pass_words(rules, lang)
        verb = verbs.you if me is not None and event.seat == me else verbs.verb
        return n.passes.format(who=who(event.seat), verb=verb)
    if isinstance(event, SettleEvent):
        # names standing as labels (after a colon, in a list) are capitalised: "Rundensieger: Gegenüber."
        winners = capital(and_list([side_in_text(w, seating, lang, me) for w in event.winners], lang))
        pips = ", ".join(f"{capital(seat_name(seat, me, seating.players, lang))}: {p}" for seat, p in enumerate(event.pips))
        credits = ", ".join(f"{capital(side_in_text(side, seating, lang, me))}: {c}"
                            for side, c in enumerate(event.credits))
        return n.settle.format(reason=n.end_reason[str(event.reason)], pips=pips, winners=winners,
                               credits=credits, scores=scores_text(event.scores))
    raise TypeError(event)


def short_text(event: Any, number: int, rules: GameRules | None = None, lang: str | None = None) -> str:
    """The short line of one event of round ``number``, seen from outside (the title of a picture in
    the book's match steppers): ``Runde 1: Spieler 2 legt [1|4]`` (the book's ``short_*`` words);
    a turn without a play in ``rules``' word (passing when no game is given)."""
    lang = language.resolved(lang)
    w = words(lang)
    b = w.book
    if isinstance(event, PlayEvent):
        what = (b.short_open if event.at is None else b.short_plays).format(tile=event.tile)
        return b.short_play.format(n=number, who=seat_name(event.seat, lang=lang), what=what)
    if isinstance(event, DrawEvent):
        return b.short_draw.format(n=number, who=seat_name(event.seat, lang=lang), tile=event.tile)
    if isinstance(event, PassEvent):
        verb = _pass_words(rules, lang).verb if rules is not None else w.passing.verb
        return b.short_pass.format(n=number, who=seat_name(event.seat, lang=lang), verb=verb)
    return b.short_settle.format(n=number)


def round_end_text(rnd: Round, lang: str | None = None, me: int | None = None) -> str:
    """How the round ended (``Die Runde ist gesperrt.``), or who won the match with it; ``""`` in play."""
    lang = language.resolved(lang)
    if rnd.end is None:
        return ""
    n = _n(lang)
    if rnd.match_winners:
        return n.match_won.format(winners=capital(and_list([side_in_text(w, rnd.seating, lang, me)
                                                            for w in rnd.match_winners], lang)))
    return n.round_end[str(rnd.end)]


def why_again(rnd: Round, index: int, lang: str | None = None) -> str:
    """Why the seat of event ``index`` moves again (a double or a scoring tile from the hand keeps
    the turn, the drawn tile must be played, another draw...), or ``""`` when the turn passes."""
    lang = language.resolved(lang)
    event = rnd.events[index]
    seat = getattr(event, "seat", None)
    if index + 1 < len(rnd.events):
        nxt = rnd.events[index + 1]
        nxt_seat = getattr(nxt, "seat", None)
    else:
        nxt, nxt_seat = None, (None if rnd.over else rnd.to_move)
    if seat is None or nxt_seat != seat:
        return ""
    why = _n(lang).stays_why
    if isinstance(event, PlayEvent):
        return why["double"] if event.tile.is_double else why["scored"]
    if isinstance(event, DrawEvent):
        if nxt is None:
            return why["drawn-fits"] if rnd.pending is not None else why["draw-again"]
        if isinstance(nxt, PlayEvent):
            return why["drawn-fits"]
        return why["draw-again"] if isinstance(nxt, DrawEvent) else why["drawn-pass"]
    return ""


def round_summary(rnd: Round, lang: str | None = None, me: int | None = None) -> list[str]:
    """What a round's end means when no settlement explains it (games without pip settlement):
    who went out and the bonus, or that nobody did; that the pips left count nothing."""
    lang = language.resolved(lang)
    if rnd.end is None or rnd.rules.pip_settlement:
        return []
    n, seating = _n(lang), rnd.seating
    out = []
    last = next((e for e in reversed(rnd.events) if isinstance(e, PlayEvent)), None)
    if rnd.end is EndReason.DOMINO and last is not None:
        bonus = points_text(last.bonus, rnd.rules, lang)
        if me is not None and last.seat == me:
            out.append(n.summary_out["you-team" if seating.partnerships else "you"].format(bonus=bonus))
        else:
            out.append(n.summary_out["other"].format(
                who=capital(seat_name(last.seat, me, seating.players, lang)),
                side=side_in_text(seating.side_of(last.seat), seating, lang, me), bonus=bonus))
    elif rnd.end is EndReason.BLOCKED:
        out.append(n.summary_blocked)
    out.append(n.summary_no_pips.format(title=rnd.rules.title))
    return out


def hand_rows(rnd: Round, lang: str | None = None, me: int | None = None) -> list[str]:
    """Each seat's hand at the round's settlement with its pips (none without a settlement): ``Links (links und rechts): [1|2] – 3 Augen``."""
    lang = language.resolved(lang)
    w, seating, settlement = words(lang), rnd.seating, rnd.settlement
    if settlement is None:
        return []
    return [w.narration.hand_row.format(
                seat=capital(seat_name(s, me, seating.players, lang)),
                side=f" ({side_in_text(seating.side_of(s), seating, lang, me)})" if seating.partnerships else "",
                tiles=" ".join(str(t) for t in rnd.hands[s]) or w.picture.no_tiles,
                pips=count(settlement.pips[s], w.pip))
            for s in range(seating.players)]


def settlement_text(rnd: Round, lang: str | None = None, me: int | None = None) -> str:
    """The round's settlement (:attr:`Round.settlement`) explained step by step, or ``""`` without one:
    the reason, the winners, what each winner collects, rounds and divides, the scores after it."""
    lang = language.resolved(lang)
    settlement = rnd.settlement
    if settlement is None:
        return ""
    n, seating, rules = _n(lang), rnd.seating, rnd.rules
    steps = "; ".join(
        n.settlement_step.format(side=capital(side_in_text(w, seating, lang, me)), collected=settlement.collected[w],
                                 rounded=settlement.rounded[w], unit=settlement.unit,
                                 points=points_text(settlement.credits[w], rules, lang))
        for w in settlement.winners)
    reason = EndReason.DOMINO if settlement.reason is EndReason.DOMINO else EndReason.BLOCKED
    return n.settlement.format(reason=n.end_reason[str(reason)],
                               winners=capital(and_list([side_in_text(w, seating, lang, me)
                                                         for w in settlement.winners], lang)),
                               steps=steps, scores=scores_text(rnd.scores))
