"""Reasons in words: the sentences of the advice - why one move beats another, hints, the review's
summary and how an advice was computed (standard library only).

:mod:`dominolab.play.reasons` decides *which* reason holds (from a search bot's values and the engine's
preview) and hands the facts here; this module only makes the sentences, from the reason tables
(:data:`dominolab.text.words.REASON_WORDS`). Every function speaks the language context
(:mod:`dominolab.text.language`) unless ``lang`` is given.

>>> from dominolab.core.rules import HORSE_RACE
>>> summary_text("double_kept", 3), how_text("stark", 150.0, 40, "en")
('3-mal einen Doppelstein zu lange gehalten', 'Level stark with 150 ms over 40 sampled deals of the tiles you cannot see.')
>>> move_label(parse_move("[4|4]@[1|4].high"), parse_move("[1|2]@[1|4].low"), HORSE_RACE)
'[4|4]'
"""

from __future__ import annotations

from typing import Literal

from dominolab.core.layout import Placement
from dominolab.core.moves import Move, parse_move  # noqa: F401  (parse_move: the examples above)
from dominolab.core.rules import GameRules
from dominolab.core.tiles import Tile
from dominolab.text import language
from dominolab.text.words import REASON_WORDS, avg_points, capital, count, move_text, pass_words, points, times, words

__all__ = ["hint_fallback", "hint_text", "how_text", "move_label", "move_words", "reason_sentence",
           "spread_sentence", "summary_text"]

#: What the engine says of the better move for its sentence (:class:`dominolab.play.reasons.Facts`):
#: what it scores now, whether the mover stays on turn, the hand's best scoring tile next and its points.
FactsTuple = tuple[int, bool, Tile | None, int]


def _tile(move: Move) -> Tile | None:
    return move.tile if isinstance(move, Placement) else None


def move_words(move: Move, rules: GameRules, lang: str | None = None) -> str:
    """A move in words (:func:`~dominolab.text.words.move_text`); a pass named as the game names it
    (*passen*, or *klopfen* in a game without a stock: the description's act word)."""
    lang = language.resolved(lang)
    if str(move) == "pass":
        return pass_words(rules, lang).noun.lower()
    return move_text(move, lang)


def move_label(move: Move, other: Move, rules: GameRules, lang: str | None = None) -> str:
    """A move in a sentence: its tile in notation, or the move in words where both moves play the same
    tile (or one of them is no placement)."""
    lang = language.resolved(lang)
    tile, other_tile = _tile(move), _tile(other)
    if tile is not None and tile != other_tile:
        return str(tile)
    return move_words(move, rules, lang)


def _then(rules: GameRules, facts: FactsTuple, lang: str, double: bool) -> str:
    """The clause on the rest of the turn: the mover stays on turn and plays on with the best scoring tile
    of the hand, or stays with nothing to score; for a double that does not keep the turn, why it is
    better played early."""
    w = REASON_WORDS[lang]
    _, stays, next_tile, next_points = facts
    if not stays:
        return w.double_late if double else ""
    if next_tile is None:
        return w.then_stay
    return w.then_next.format(next=str(next_tile), next_points=points(next_points, rules, lang))


def reason_sentence(kind: str, better: Move, other: Move, carries: float, rules: GameRules,
                    facts: FactsTuple | None = None, lang: str | None = None) -> str:
    """A reason of ``kind`` in one sentence: why ``better`` beats ``other`` by ``carries`` points on average
    (``facts`` of the better move: what it scores now and on the rest of the turn). Without ``facts`` the
    sentence on what the other move loses, naming neither the better move nor its tile (a puzzle's
    feedback to a wrong answer)."""
    lang = language.resolved(lang)
    w = REASON_WORDS[lang]
    tile = _tile(better)
    fields: dict[str, object] = {"other": move_label(other, better, rules, lang), "points": avg_points(carries, lang),
                                 "target": points(rules.target, rules, lang) if rules.target else ""}
    if facts is not None:
        fields |= {"better": move_label(better, other, rules, lang), "tile": str(tile) if tile is not None else "",
                   "pips": count(tile.pips, words(lang).pip) if tile is not None else "",
                   "now": points(facts[0], rules, lang),
                   "then": _then(rules, facts, lang, kind == "double_kept")}
    table = w.better if facts is not None else w.against
    return capital(table[kind].format(**fields))


def summary_text(kind: str, n: int, lang: str | None = None) -> str:
    """How often the learner gave this reason: ``3-mal einen Doppelstein zu lange gehalten``."""
    lang = language.resolved(lang)
    return REASON_WORDS[lang].summary[kind].format(times=times(n, lang))


def hint_fallback(case: Literal["forced", "tie", "lead"], other: str = "", lead: float = 0.0,
                  lang: str | None = None) -> str:
    """Why a hinted move where no reason holds: the only legal move (``forced``), about as good as the
    next best ``other`` (``tie``), or ``lead`` points better on average (``lead``)."""
    w = REASON_WORDS[language.resolved(lang)]
    if case == "forced":
        return w.hint_forced
    if case == "tie":
        return w.hint_tie.format(other=other)
    return w.hint_lead.format(points=avg_points(lead, lang), other=other)


def spread_sentence(better: Move, other: Move, loss: float, rules: GameRules, lang: str | None = None) -> str:
    """Why ``better`` beats ``other`` by ``loss`` points where no reason holds: by how much, and that no
    single part carries the difference reliably."""
    lang = language.resolved(lang)
    return REASON_WORDS[lang].review_spread.format(better=move_label(better, other, rules, lang),
                                                   points=avg_points(loss, lang),
                                                   other=move_label(other, better, rules, lang))


def hint_text(move: Move, why: str, rules: GameRules, lang: str | None = None) -> str:
    """A hint in one sentence: the move in words and why (``Tipp: [4|4] an [1|4], Ende mit der 4 – [4|4]
    zuerst: Doppelstein, ...``); a why that starts a sentence of its own goes on in lower case."""
    lang = language.resolved(lang)
    if why[:4] in ("Mit ", "Nach", "With", "Afte"):       # a clause after the dash starts in lower case
        why = why[0].lower() + why[1:]
    return REASON_WORDS[lang].hint.format(move=move_words(move, rules, lang), why=why)


def how_text(level: str, think_ms: float, deals: int, lang: str | None = None) -> str:
    """How an advice was computed: the level (its name in the language), the budget and the sampled deals."""
    lang = language.resolved(lang)
    ms = f"{think_ms:g}".replace(".", "," if lang == "de" else ".")
    return REASON_WORDS[lang].hint_how.format(level=level, ms=ms, deals=deals)
