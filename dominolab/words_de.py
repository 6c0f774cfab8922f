"""German words for readers: moves and the engine's refusals (standard library only).

The engine's messages are English one-liners for developers and the CLI
(``"[4|5]@[5|5].armA: a side arm opens only after both line sides of [5|5]
are occupied"``).  The book's rule chapters speak to learners in German, so
this module gives

* one reader rendering of a move - ``[4|4] an [1|4], Ende mit der 4``,
  ``[2|5] an [5|5], Längsseite A``, ``[1|4] als Eröffnung``, ``ziehen`` - used
  wherever a reader sees a move (the compact notation ``[4|4]@[1|4].high``
  stays for records and the command line), and
* :func:`refusal`, which turns an engine error (or its reason) into a German
  sentence.  Every reason that ``Layout.problem`` and ``Round._why_illegal``
  can give has a pattern here; an unknown one comes back as a general
  sentence, never in English.

Place in the new layout: ``dominolab/text/words_de.py`` (beside narrate and
steptext); the lead folds it into the words table later.

>>> from dominolab.layout import Placement
>>> move_text(Placement.parse('[4|4]@[1|4].high'))
'[4|4] an [1|4], Ende mit der 4'
>>> move_text(Placement.parse('[2|5]@[5|5].A'))
'[2|5] an [5|5], Längsseite A'
>>> refusal('[4|5]@[5|5].armA: a side arm opens only after both line sides of [5|5] are occupied')
'[4|5] an [5|5], Seitenarm A: Ein Seitenarm öffnet sich erst, wenn an beiden Längsseiten von [5|5] Steine liegen.'
>>> count(1, 'Stein', 'Steine'), count(2, 'Auge', 'Augen')
('1 Stein', '2 Augen')
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["POINT_WORDS", "count", "move_text", "point_text", "reason_text", "refusal", "seat_word"]

#: How a reader reads each attachment point (by its notation).  Ends of an
#: ordinary tile are named by the number they show, so no "high"/"low" is needed.
POINT_WORDS = {"A": "Längsseite A", "B": "Längsseite B", "armA": "Seitenarm A", "armB": "Seitenarm B"}


def count(n: int, one: str, many: str) -> str:
    """``1 Stein``, ``3 Steine``: German number grammar for generated texts."""
    return f"{n} {one if n == 1 else many}"


def point_text(point: Any) -> str:
    """``[1|4], Ende mit der 4`` / ``[5|5], Längsseite A`` for an attachment point."""
    side = point.side.notation
    if side in ("low", "high"):
        return f"{point.tile}, Ende mit der {point.pips}"
    return f"{point.tile}, {POINT_WORDS[side]}"


def move_text(move: Any) -> str:
    """The reader rendering of a move (a Placement, DRAW, PASS or move notation)."""
    if isinstance(move, str):
        from .moves import parse_move

        move = parse_move(move)
    from .moves import DrawMove, PassMove

    if isinstance(move, DrawMove):
        return "ziehen"
    if isinstance(move, PassMove):
        return "passen"
    tile, at = move
    if at is None:
        return f"{tile} als Eröffnung"
    return f"{tile} an {point_text(at)}"


def seat_word(seat: int) -> str:
    """A seat as the book's other sentences name it (:func:`dominolab.narrate.seat_name`)."""
    from .narrate import seat_name

    return seat_name(seat)


_T = r"(\[\d\|\d\])"          # a tile in notation
_P = r"(\[\d\|\d\]\.\w+)"     # an attachment point in notation


def _point(text: str) -> str:
    from .layout import AttachmentPoint

    try:
        return point_text(AttachmentPoint.parse(text))
    except Exception:  # noqa: BLE001 - a reader sentence must never fail
        return text


def _seat(text: str) -> str:
    return seat_word(int(text))


# (pattern of the engine's reason, German sentence); groups are filled in by position
_REASONS: list[tuple[re.Pattern[str], Any]] = [
    (re.compile(r"the layout is empty, so the first tile is placed alone \(write just " + _T + r"\)"),
     lambda m: "Die Auslage ist leer; der erste Stein wird allein hingelegt."),
    (re.compile(r"the layout already has tiles; say where it goes.*"),
     lambda m: "Auf dem Tisch liegen schon Steine; es fehlt, wo der Stein angelegt wird."),
    (re.compile(_T + r" is already on the table"),
     lambda m: f"{m[1]} liegt schon auf dem Tisch."),
    (re.compile(_T + r" is not on the table"),
     lambda m: f"{m[1]} liegt nicht auf dem Tisch."),
    (re.compile(_P + r" is already occupied"),
     lambda m: f"Dort ({_point(m[1])}) liegt schon ein Stein."),
    (re.compile(r"doubles are not spinners in this game, so there are no side arms"),
     lambda m: "In diesem Spiel sind Doppelsteine keine Spinner; Seitenarme gibt es nicht."),
    (re.compile(r"a side arm opens only after both line sides of " + _T + r" are occupied"),
     lambda m: f"Ein Seitenarm öffnet sich erst, wenn an beiden Längsseiten von {m[1]} Steine liegen."),
    (re.compile(r"pips do not match \(" + _P + r" shows (\d), " + _T + r" has no \d\)"),
     lambda m: f"Die Augen passen nicht: Dort ist eine {m[2]} frei, und {m[3]} hat keine {m[2]}."),
    (re.compile(_P + r" is not a free attachment point"),
     lambda m: f"{_point(m[1])} ist keine freie Anlegestelle."),
    (re.compile(r"seat (\d+) drew " + _T + r" and must play it at once"),
     lambda m: f"{_seat(m[1])} hat {m[2]} gezogen und muss ihn sofort anlegen."),
    (re.compile(r"seat (\d+) \(to move\) does not hold " + _T),
     lambda m: f"{_seat(m[1])} ist am Zug und hat {m[2]} nicht in der Hand."),
    (re.compile(r"not legal now"),
     lambda m: "Dieser Zug ist jetzt nicht erlaubt."),
    (re.compile(r"(.+) has no drawing \(undealt tiles stay out of play\)"),
     lambda m: f"In {m[1]} wird nicht gezogen; die übrigen Steine bleiben aus dem Spiel."),
    (re.compile(r"seat (\d+) can play and must not draw"),
     lambda m: f"{_seat(m[1])} kann anlegen und darf deshalb nicht ziehen."),
    (re.compile(r"the stock is empty"),
     lambda m: "Der Talon ist leer; es gibt nichts mehr zu ziehen."),
    (re.compile(r"seat (\d+) can play and must not pass"),
     lambda m: f"{_seat(m[1])} kann anlegen und darf deshalb nicht aussetzen."),
    (re.compile(r"seat (\d+) must draw first"),
     lambda m: f"{_seat(m[1])} muss zuerst ziehen."),
    (re.compile(r"round (\d+) is over \((\w+)\)"),
     lambda m: f"Runde {m[1]} ist schon zu Ende."),
]

_GENERAL = "Die Regelmaschine lässt diesen Zug nicht zu."


def reason_text(reason: str) -> str:
    """The German sentence for one reason of the engine (without the move)."""
    reason = reason.strip()
    for pattern, words in _REASONS:
        m = pattern.fullmatch(reason)
        if m:
            return str(words(m))
    return _GENERAL


_MOVE_HEAD = re.compile(r"(\[\d\|\d\](?:@\[\d\|\d\]\.\w+)?|draw|pass): (.*)", re.DOTALL)


def refusal(error: BaseException | str) -> str:
    """``<move for readers>: <German reason>`` for an engine error or its message."""
    text = str(error)
    m = _MOVE_HEAD.fullmatch(text.strip())
    if m is None:
        return reason_text(text)
    try:
        move = move_text(m[1])
    except Exception:  # noqa: BLE001 - a reader sentence must never fail
        move = m[1]
    move = {"ziehen": "Ziehen", "passen": "Aussetzen"}.get(move, move)
    return f"{move}: {reason_text(m[2])}"
