"""Every word a reader or player sees, one table per language (standard library only).

The book, the in-browser play page and the terminal game print German (and
English) text that the program makes: step texts, the narration of events,
seat and side names, pass and knock, bot names, round ends and settlements,
the labels and descriptions of pictures, and the engine's errors as German
sentences. All of those words live here, in one :class:`Words` value per
language (:data:`WORDS`), so that a change of wording happens in one place
and a learner meets the same word on every page. Modules that print words
look them up here; a test (``tests/text/test_words.py``) checks that no module
outside :mod:`dominolab.text` carries German text of its own beyond a short,
justified allow-list.

The package: :mod:`~dominolab.text.words.schema` gives the tables' shape (the
dataclasses), :mod:`~dominolab.text.words.de` and :mod:`~dominolab.text.words.en`
the tables of each language, and this module puts them together and makes the words
that need a computation (counts, seats, moves, error sentences). Every function
speaks the language context (:func:`dominolab.text.language.current`) unless ``lang``
is given.

Two kinds of words are not in this table on purpose:

* the point word of a game (``Anzeigepunkt``, ``Spielpunkt``) belongs to the
  game's description, :attr:`GameRules.point_words`, so that a house-rules
  game brings its own; :func:`points` reads it from there;
* the command line's English messages and the engine's English errors are the
  program's interface contract and stay where they are raised; the German
  sentence for an engine error is made from the error's reason code
  (:attr:`DominoError.code`) by :func:`error_sentence`, never by reading the
  English text.

Texts with fields are :meth:`str.format` templates; the field names are given
beside each entry.

>>> count(1, WORDS["de"].tile), count(2, WORDS["de"].tile), count(1, WORDS["de"].pip), count(0, WORDS["de"].pip)
('1 Stein', '2 Steine', '1 Auge', '0 Augen')
>>> from dominolab.core.rules import FIVES_AND_THREES, HORSE_RACE
>>> pass_words(HORSE_RACE).verb, pass_words(FIVES_AND_THREES).verb, pass_words(FIVES_AND_THREES, "en").noun
('passt', 'klopft', 'Knock')
>>> points(1, FIVES_AND_THREES), points(8, HORSE_RACE, "en")
('1 Spielpunkt', '8 display points')
"""

from __future__ import annotations

import re

from types import MappingProxyType
from typing import Literal, Mapping, overload

from dominolab.core._check import describe
from dominolab.core.errors import DominoError, InvalidArgument, Reason
from dominolab.core.rules import GameRules
from dominolab.core.seating import Seating
from dominolab.text import language
from dominolab.text.words import de as _de, en as _en
from dominolab.text.words.schema import (BookWords, Forms, LessonWords, NarrationWords, PageWords, PassWords,
                                         PictureWords, ReaderWords, ReasonWords, ScriptWords, StepWords,
                                         TerminalWords, Words, count)

__all__ = ["LANGUAGES", "WORDS", "BookWords", "Forms", "LessonWords", "NarrationWords", "PageWords", "PassWords",
           "PictureWords", "SCRIPT_WORDS", "ScriptWords", "StepWords", "TerminalWords", "Words", "and_list", "act", "capital", "count", "error_sentence",
           "pass_words", "person", "player_name", "points", "seat_name", "team_name", "UnknownReason", "words",
           "REASON_WORDS", "ReaderWords", "ReasonWords", "avg_points", "move_text", "point_text", "times"]

#: The words of each language.
WORDS: Mapping[str, Words] = MappingProxyType({"de": _de.WORDS, "en": _en.WORDS})
#: The languages the words exist in (the one tuple, :data:`dominolab.text.language.LANGUAGES`).
LANGUAGES: tuple[str, ...] = language.LANGUAGES


def words(lang: str | None = None) -> Words:
    """The words of ``lang`` (``"de"`` or ``"en"``; by default the language context's,
    :func:`dominolab.text.language.current`); one-line :class:`InvalidArgument` otherwise."""
    return WORDS[language.resolved(lang)]


def pass_words(rules: GameRules, lang: str | None = None) -> PassWords:
    """What a turn without a play is called in ``rules``: passing after the stock (games that
    draw) or knocking (games without a stock). The one place that reads ``rules.drawing`` for words."""
    lang = language.resolved(lang)
    w = words(lang)
    return w.passing if act(rules) == "pass" else w.knocking


def act(rules: GameRules | None) -> str:
    """``"pass"`` or ``"knock"``: the key of the game's word for a turn without a play in the tables
    that have both (lesson tokens, hints, sentences). Read from the game's description - a game
    that draws passes once the stock is empty, a game without a stock knocks - never from its name.
    Without a game (``None``): ``"pass"``, the word of the move's notation."""
    return "knock" if rules is not None and not rules.drawing else "pass"


def points(n: int, rules: GameRules, lang: str | None = None) -> str:
    """``1 Anzeigepunkt``, ``8 Spielpunkte``: a number with the game's own point word
    (:attr:`GameRules.point_words`, so a house-rules game brings its own)."""
    lang = language.resolved(lang)
    words(lang)
    forms = rules.point_words.get(lang)
    if forms is None:
        raise InvalidArgument(f"{rules.title} has no point word in {describe(lang)}")
    return count(n, forms)


def and_list(names: list[str] | tuple[str, ...], lang: str | None = None) -> str:
    """``links und rechts``; ``[1|4], [1|1] und [4|4]`` for three or more."""
    lang = language.resolved(lang)
    items = list(names)
    if len(items) < 3:
        return words(lang).narration.and_.join(items)
    return ", ".join(items[:-1]) + words(lang).narration.and_ + items[-1]


# -- seats as people ------------------------------------------------------------------------

#: Where each seat sits, seen from "me", by the number of players. Seats are numbered clockwise
#: and the turn passes to the next higher seat (interpretation f-sitze), so the next seat in play
#: sits on my left and the one before me on my right.
_AROUND: Mapping[int, tuple[str, ...]] = MappingProxyType({
    2: ("you", "across"), 3: ("you", "left", "right"), 4: ("you", "left", "across", "right")})


def _check_seat(seat: object, players: object, what: str = "seat", around: bool = True) -> None:
    if players is None and not around:          # a player seen from outside, the table's size unknown
        if isinstance(seat, bool) or not isinstance(seat, int) or seat < 0:
            raise InvalidArgument(f"{what} must be a seat number 0 or more, not {describe(seat)}")
        return
    if isinstance(players, bool) or not isinstance(players, int) or players < 1 or (around and players not in _AROUND):
        raise InvalidArgument(f"players must be {'2, 3 or 4' if around else 'a positive count'}, not {describe(players)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidArgument(f"{what} must be a seat number 0 … {players - 1}, not {describe(seat)}")


def seat_name(seat: int, me: int | None = None, players: int | None = None, lang: str | None = None) -> str:
    """A seat for readers - the one name of a seat (records, CLI, URL parameters: 0-based).

    Seen from seat ``me`` (of ``players``) it is a person at the table: ``du``, ``links``,
    ``gegenüber``, ``rechts`` (two players sit face to face; three sit ``du``, ``links``,
    ``rechts``). Without ``me`` (seen from outside, as in an example match) it is a numbered
    player, :func:`player_name` (``Spieler 1``; ``players``, when given, checks the seat).

    >>> [seat_name(s, 0, 4) for s in range(4)]
    ['du', 'links', 'gegenüber', 'rechts']
    >>> seat_name(0, 1, 2), seat_name(2, 0, 3), seat_name(0, 3, 4, "en")
    ('gegenüber', 'rechts', 'left')
    >>> seat_name(0), seat_name(3, players=4, lang="en")
    ('Spieler 1', 'Player 4')
    """
    lang = language.resolved(lang)
    if me is None:
        return player_name(seat, players, lang)
    _check_seat(seat, players)
    _check_seat(me, players, "me")
    assert isinstance(players, int)     # checked
    return words(lang).reader.seats[_AROUND[players][(seat - me) % players]]


def player_name(seat: int, players: int | None = None, lang: str | None = None) -> str:
    """A seat seen from outside (no "me", as in an example match): players numbered from 1.

    >>> player_name(0, 2), player_name(3, 4, "en"), player_name(5)
    ('Spieler 1', 'Player 4', 'Spieler 6')
    """
    lang = language.resolved(lang)
    _check_seat(seat, players, around=False)
    return words(lang).reader.player.format(n=seat + 1)


def person(seat: int, players: int, me: int | None = None, lang: str | None = None) -> str:
    """:func:`seat_name` with the pictures' argument order (``players`` before ``me``)."""
    return seat_name(seat, me, players, lang)


def team_name(side: int, seating: Seating, me: int | None = None, lang: str | None = None) -> str:
    """A side of the score: the person for single players, both partners for a partnership.

    >>> from dominolab.core.seating import Seating
    >>> team_name(1, Seating(4, True)), team_name(0, Seating(4, True), me=1), team_name(1, Seating(3, False))
    ('Spieler 2 und 4', 'links und rechts', 'Spieler 2')
    """
    lang = language.resolved(lang)
    if not seating.partnerships:
        return seat_name(side, me, seating.players, lang)
    a, b = seating.seats_of(side)
    if me is None:
        return words(lang).reader.players_pair.format(a=a + 1, b=b + 1)
    n = seating.players
    return and_list([seat_name(s, me, n, lang) for s in sorted((a, b), key=lambda s: (s - me) % n)], lang)


def capital(text: str) -> str:
    """``du`` -> ``Du`` at the head of a sentence or a label."""
    return text[:1].upper() + text[1:]


def _point_text(notation: object, lang: str) -> str:
    """An attachment point inside a sentence, in the reader rendering: ``[4|4] (Längsseite A)``,
    ``[1|4] (Ende mit der 4)``."""
    m = _POINT.fullmatch(str(notation))
    if m is None:
        return str(notation)
    r = words(lang).reader
    low, high, side = int(m[1]), int(m[2]), m[3]
    where = r.end.format(pips=low if side == "low" else high) if side in ("low", "high") else r.points[side]
    return f"[{low}|{high}] ({where})"


# -- moves for readers -----------------------------------------------------------------------

_POINT = re.compile(r"\[(\d)\|(\d)\]\.(low|high|A|B|armA|armB)")
_PLACEMENT = re.compile(r"(\[\d\|\d\])(?:@(\[\d\|\d\]\.\w+))?")


def point_text(point: object, lang: str | None = None) -> str:
    """An attachment point for readers: ``[1|4], Ende mit der 4`` / ``[5|5], Längsseite A``
    (a :class:`~dominolab.core.layout.AttachmentPoint` or its notation)."""
    lang = language.resolved(lang)
    r = words(lang).reader
    m = _POINT.fullmatch(str(point))
    if m is None:
        return str(point)
    low, high, side = int(m[1]), int(m[2]), m[3]
    tile = f"[{low}|{high}]"
    where = r.end.format(pips=low if side == "low" else high) if side in ("low", "high") else r.points[side]
    return r.point.format(tile=tile, where=where)


def move_text(move: object, lang: str | None = None, rules: GameRules | None = None) -> str:
    """A move for readers: ``[4|4] an [1|4], Ende mit der 4``, ``[1|4] als Eröffnung``, ``ziehen``
    (a move value - Placement, DRAW, PASS - or its notation). A turn without a play is ``passen`` in a
    game that draws and ``klopfen`` in one without a stock (``rules``, as :func:`pass_words` reads it)."""
    lang = language.resolved(lang)
    r = words(lang).reader
    text = str(move)
    if text == "draw":
        return r.draw
    if text == "pass":
        return r.knock if act(rules) == "knock" else r.pass_
    m = _PLACEMENT.fullmatch(text)
    if m is None:
        return text
    if m[2] is None:
        return r.opening.format(tile=m[1])
    return r.at.format(tile=m[1], point=point_text(m[2], lang))


class UnknownReason(DominoError):
    """A refusal without a reason code, or without a sentence for its code (``otherwise="raise"``)."""


#: What :func:`error_sentence` gives when the error's code has no sentence (``otherwise``).
_OTHERWISE = ("general", "message", "none", "raise")


def _filled(template: str | None, fields: Mapping[str, object]) -> str | None:
    if template is None:
        return None
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):
        return None


@overload
def error_sentence(error: BaseException | Reason, lang: str | None = None, *, move: str = "reader",
                   otherwise: Literal["general", "message", "raise"] = "general", page: bool = False,
                   rules: GameRules | None = None) -> str: ...


@overload
def error_sentence(error: BaseException | Reason, lang: str | None = None, *, move: str = "reader",
                   otherwise: Literal["none"], page: bool = False,
                   rules: GameRules | None = None) -> str | None: ...


def error_sentence(error: BaseException | Reason, lang: str | None = None, *, move: str = "reader",
                   otherwise: str = "general", page: bool = False,
                   rules: GameRules | None = None) -> str | None:
    """The one sentence a reader sees for a refusal: an engine error or a :class:`Reason`.

    The sentence comes from the error's reason code and details (:attr:`DominoError.code`,
    :attr:`Words.errors`), never from its English message, so the message may change without
    breaking the sentence. The move or placement the error names heads it: ``move="reader"``
    as readers write it (``[1|2] an [1|4], Ende mit der 1: …``; a refused draw ``Ziehen: …``),
    ``"notation"`` as the error's notation (``[1|2]@[1|4].low: …``), ``"none"`` not at all.
    Without a sentence for the code: ``otherwise="general"`` the general refusal (headed by the
    move), ``"message"`` the error's own one-line message, ``"none"`` ``None``, ``"raise"``
    :class:`UnknownReason`. ``page=True`` reads the play page's own codes first
    (:attr:`PageWords.errors`: a record's round and event where the replay stopped) and falls
    back to the page's general sentence. ``rules`` (the game, when the caller knows it) names a
    refused turn without a play by the game's act word (``Passen``/``Klopfen``).

    >>> from dominolab.core.layout import Layout
    >>> try:
    ...     Layout.from_notation("[4|4]", True).place("[1|3]@[4|4].A")
    ... except DominoError as exc:
    ...     print(error_sentence(exc, move="notation"))
    [1|3]@[4|4].A: Die Augen passen nicht: [4|4] (Längsseite A) zeigt 4 Augen, [1|3] hat keine Hälfte mit 4 Augen.
    >>> error_sentence(DominoError("[1|2]@[1|4].low: new", details={"placement": "[1|2]@[1|4].low"}))
    '[1|2] an [1|4], Ende mit der 1: Die Regelmaschine lässt diesen Zug nicht zu.'
    """
    lang = language.resolved(lang)
    w = words(lang)
    if move not in ("reader", "notation", "none") or otherwise not in _OTHERWISE:
        raise InvalidArgument(f"move must be reader, notation or none and otherwise one of {', '.join(_OTHERWISE)}, "
                              f"not {describe(move)} and {describe(otherwise)}")
    code = getattr(error, "code", None)
    details = dict(getattr(error, "details", {}) or {})
    if page and isinstance(code, str):
        key = "record-at" if code == "record-inconsistent" and "round" in details and "event" in details else code
        if key == "record-at" and isinstance(details["event"], int):
            details["step"] = details["event"] + 1       # readers count the steps of a round from 1
        found = _filled(w.page.errors.get(key), details)
        if found is not None:
            return found
    fields: dict[str, object] = dict(details)
    if "point" in details:
        fields["point"] = _point_text(details["point"], lang)
    seat = details.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
        fields["player"] = w.reader.player.format(n=seat + 1)   # players numbered from 1 for readers
    if isinstance(details.get("pips"), int):
        fields["pips"] = count(int(details["pips"]), w.pip)
    sentence = _filled(w.errors.get(code) if isinstance(code, str) else None, fields)
    if sentence is None:
        if otherwise == "none":
            return None
        if otherwise == "raise":
            raise UnknownReason(f"no {lang} sentence for the reason {describe(getattr(error, 'text', error))}")
        if otherwise == "message":
            return " ".join(str(error.text if isinstance(error, Reason) else error).split())
        if page:
            return w.page.errors["general"]
        sentence = w.reader.general
    subject = str(details.get("move") or details.get("placement") or "")
    if not subject or move == "none":
        return sentence
    head = subject if move == "notation" else (
        {"draw": w.reader.draw_head,
         "pass": w.reader.knock_head if act(rules) == "knock" else w.reader.pass_head}.get(subject)
        or move_text(subject, lang, rules))
    return w.reader.refused.format(move=head, reason=sentence)



#: The reason sentences per language.
REASON_WORDS: Mapping[str, ReasonWords] = MappingProxyType({"de": _de.REASONS, "en": _en.REASONS})


def times(n: int, lang: str | None = None) -> str:
    """``3-mal`` / ``3 times``: how often (the reason summary)."""
    lang = language.resolved(lang)
    one, many = REASON_WORDS[lang].times
    return one if n == 1 else many.format(n=n)


def avg_points(x: float, lang: str | None = None) -> str:
    """Points on average with one decimal: ``1,6 Punkte`` / ``1.6 points``."""
    lang = language.resolved(lang)
    text = f"{x:.1f}"
    return REASON_WORDS[lang].avg_points.format(x=text.replace(".", words(lang).lessons.decimal_point))



#: The browser scripts' words of each language.
SCRIPT_WORDS: Mapping[str, ScriptWords] = MappingProxyType({"de": _de.SCRIPT, "en": _en.SCRIPT})
