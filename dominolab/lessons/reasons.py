"""German words for readers: attachment points, moves and the engine's reasons for refusing a move.

The engine states in English why a move is illegal (:meth:`Layout.problem`,
:meth:`Round.apply`). A lesson shows the *same* reason in German: :func:`reason_de`
translates the engine's sentence pattern by pattern, so the rule that is broken is
decided by the engine and only the wording is added here. A reason without a
pattern is an error (a test feeds every refusal the lessons produce through it).

Moves are written for readers in one form, as on the drawing:
``[1|4] an [4|4], Linienseite B``.
"""

from __future__ import annotations

import re
from typing import Callable

from dominolab.core.errors import DominoError
from dominolab.core.layout import AttachmentPoint, Placement
from dominolab.text.steptext import SIDE_LABELS

__all__ = ["move_de", "point_de", "reason_de", "UnknownReason"]


class UnknownReason(DominoError):
    """An engine reason without a German wording (a gap in :data:`PATTERNS`)."""


def point_de(point: AttachmentPoint | str) -> str:
    """``[4|4], Linienseite B``: the tile and the point as the drawing labels them."""
    p = AttachmentPoint.parse(point) if isinstance(point, str) else point
    return f"{p.tile}, {SIDE_LABELS['de'][p.side]}"


def move_de(move: Placement | str) -> str:
    """``[1|4] an [4|4], Linienseite B`` (the opening tile: ``[1|4] als Eröffnung``)."""
    m = Placement.parse(move) if isinstance(move, str) else move
    if m.at is None:
        return f"{m.tile} als Eröffnung"
    return f"{m.tile} an {point_de(m.at)}"


_POINT = r"(\[\d\|\d\]\.\w+)"
_TILE = r"(\[\d\|\d\])"

PATTERNS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(rf"pips do not match \({_POINT} shows (\d), {_TILE} has no \d\)"),
     lambda m: f"Die Augen passen nicht: {point_de(m[1])} zeigt {m[2]}, aber {m[3]} hat keine {m[2]}."),
    (re.compile(rf"{_POINT} is already occupied"),
     lambda m: f"{point_de(m[1])} ist schon belegt; dort kann nichts mehr angelegt werden."),
    (re.compile(rf"a side arm opens only after both line sides of {_TILE} are occupied"),
     lambda m: f"Ein Seitenarm von {m[1]} öffnet sich erst, wenn beide Linienseiten belegt sind."),
    (re.compile(r"doubles are not spinners in this game, so there are no side arms"),
     lambda m: "Doppelsteine sind in diesem Spiel keine Spinner, es gibt also keine Seitenarme."),
    (re.compile(rf"{_TILE} is already on the table"),
     lambda m: f"{m[1]} liegt schon auf dem Tisch; jeder Stein kommt nur einmal vor."),
    (re.compile(rf"{_TILE} is not on the table"),
     lambda m: f"{m[1]} liegt nicht auf dem Tisch; man kann nur an liegende Steine anlegen."),
    (re.compile(rf"seat (\d) \(to move\) does not hold {_TILE}"),
     lambda m: f"{m[2]} ist nicht in der Hand von Sitz {m[1]}."),
    (re.compile(rf"seat (\d) drew {_TILE} and must play it at once"),
     lambda m: f"Sitz {m[1]} hat {m[2]} gezogen und muss genau diesen Stein sofort anlegen."),
    (re.compile(r"seat (\d) can play and must not (draw|pass)"),
     lambda m: f"Sitz {m[1]} kann anlegen und muss deshalb anlegen, statt zu "
               f"{'ziehen' if m[2] == 'draw' else 'passen'}."),
    (re.compile(r"the stock is empty"), lambda m: "Der Talon ist leer; es kann nichts gezogen werden."),
    (re.compile(r"seat (\d) must draw first"),
     lambda m: f"Sitz {m[1]} muss zuerst ziehen; passen darf nur, wer nicht ziehen kann."),
    (re.compile(r"(.+) has no drawing \(undealt tiles stay out of play\)"),
     lambda m: f"In {m[1]} wird nie gezogen; nicht ausgeteilte Steine bleiben aus dem Spiel."),
)


def reason_de(reason: str) -> str:
    """The engine's English reason in German (raises :class:`UnknownReason` for an unknown one)."""
    text = reason.split(": ", 1)[1] if re.match(r"^(\[\d\|\d\](@\S+)?|draw|pass): ", reason) else reason
    for pattern, words in PATTERNS:
        m = pattern.fullmatch(text.strip())
        if m:
            return words(m)
    raise UnknownReason(f"no German wording for the engine's reason {text!r}")
