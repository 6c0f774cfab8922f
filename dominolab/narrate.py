"""German sentences about seats, sides and the events of a round (standard library only).

These are the words the book's steppers and the in-browser play page print
after every event.  They live here rather than in :mod:`dominolab.book`
(which needs Matplotlib and ipywidgets) so that the page can use them inside
Pyodide; :mod:`dominolab.book` re-exports them.

>>> from dominolab.engine import Match
>>> r = Match('horse-race', players=2, seed=7).new_round()
>>> event_text(r.push(r.legal_moves()[0])[0], r).startswith(f'Sitz {r.opener} eröffnet mit [')
True
"""

from __future__ import annotations

from typing import Any

from .engine import DrawEvent, PassEvent, PlayEvent, Round, SettleEvent
from .rules import GameRules, Seating
from .words_de import move_text, point_text

__all__ = ["event_text", "pass_words", "point_label", "points_text", "round_end_text",
           "seat_name", "side_name"]


def seat_name(seat: int) -> str:
    return f"Sitz {seat}"


def side_name(side: int, seating: Seating) -> str:
    if seating.partnerships:
        a, b = seating.seats_of(side)
        return f"Partnerschaft {side} (Sitze {a} und {b})"
    return seat_name(side)


def points_text(n: int, rules: GameRules) -> str:
    """``1 Anzeigepunkt``, ``8 Spielpunkte``: a number with the game's own point word."""
    one, many = rules.point_words["de"]
    return f"{n} {one if n == 1 else many}"


def pass_words(rules: GameRules) -> tuple[str, str]:
    """Verb and noun for a turn without a play: passing after the stock (drawing games) or knocking."""
    return ("passt", "Passen") if rules.drawing else ("klopft", "Klopfen")


def point_label(point: Any) -> str:
    """An attachment point as readers see it: ``[1|4], Ende mit der 4`` (see :mod:`dominolab.words_de`)."""
    return point_text(point)


def event_text(event: Any, rnd: Round) -> str:
    """A German sentence for one event of a round."""
    rules, seating = rnd.rules, rnd.seating
    if isinstance(event, PlayEvent):
        drawn = " den gerade gezogenen Stein" if event.source == "drawn" else ""
        if event.at is None:
            text = f"{seat_name(event.seat)} eröffnet mit {event.tile}: Endsumme {event.sum}, "
        else:
            text = f"{seat_name(event.seat)} legt{drawn} {move_text((event.tile, event.at))}: Endsumme {event.sum}, "
        text += f"Gutschrift {points_text(event.credit, rules)}"
        if event.bonus:
            text += f", Ausspielpunkt {event.bonus}"
        if event.scored != event.credit + event.bonus:
            text += f" – über {rules.target} hinaus, daher verworfen"
        return text + f". Punktestand: {_scores(event.scores)}."
    if isinstance(event, DrawEvent):
        return f"{seat_name(event.seat)} zieht {event.tile}."
    if isinstance(event, PassEvent):
        return f"{seat_name(event.seat)} {pass_words(rules)[0]}."
    if isinstance(event, SettleEvent):
        reason = "Ausspielen" if event.reason == "domino" else "Sperre"
        winners = " und ".join(side_name(w, seating) for w in event.winners)
        pips = ", ".join(f"{seat_name(seat)}: {p}" for seat, p in enumerate(event.pips))
        credits = ", ".join(f"{side_name(side, seating)}: {c}" for side, c in enumerate(event.credits))
        return (f"Abrechnung nach {reason}: Augen in der Hand – {pips}. Rundensieger: {winners}. "
                f"Gutschriften – {credits}. Punktestand: {_scores(event.scores)}.")
    raise TypeError(event)


def _scores(scores: Any) -> str:
    """Scores of the sides for readers, ``0 : 2`` (not a Python list)."""
    return " : ".join(str(s) for s in scores)


def round_end_text(rnd: Round) -> str:
    if rnd.end is None:
        return ""
    if rnd.match_winners:
        return "Die Partie ist entschieden: " + " und ".join(side_name(w, rnd.seating) for w in rnd.match_winners) + "."
    return {"domino": "Die Runde ist ausgespielt.", "blocked": "Die Runde ist gesperrt.",
            "target": "Das Ziel ist erreicht."}[rnd.end]
