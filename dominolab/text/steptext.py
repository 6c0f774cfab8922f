"""Step texts: what the rule documents print after every placement.

For each placement the Horse Race document prints three lines::

    Angelegt: [4|4]
    Gewertete Beiträge: 2 + 8 = 10. Gutschrift für das Anlegen: 10 Rohpunkte (2 Anzeigepunkte).
    Gewertete Beiträge: 2 + 8 = 10. ... Steine: ... Spinner: ... Verbindungen: ...
        Freie Anlegestellen: ... Gewertete Beiträge: ...

The ordering rules, inferred from the document's examples:

* *Steine*, *Spinner* and *Verbindungen* follow the order of play; a connection
  names the anchor point first and the new tile's joining point second.
* *Freie Anlegestellen* and *Gewertete Beiträge* (and the summands of the step
  text) are sorted by tile (smaller pips first) and then by point in the order
  high end, low end, line side A, line side B, side arm A, side arm B.
* Raw points are shown only where the game counts in raw points
  (``GameRules.raw_per_point``); other games name their own point word.

Texts exist in German (byte for byte as the document) and English; the words
come from the one table per language, :mod:`dominolab.text.words`.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from dominolab.core._check import describe
from dominolab.core.errors import WrongType
from dominolab.core.layout import Layout, Placement, Side
from dominolab.core.rules import GameRules
from dominolab.text import language
from dominolab.text.words import LANGUAGES as _LANGUAGES, WORDS, StepWords, count, points as points_text, words

# The words themselves live in the one table per language (dominolab.text.words).
LANGUAGES = _LANGUAGES

#: Reader's names of the six attachment points, per language (from :data:`dominolab.text.words.WORDS`).
SIDE_LABELS: Mapping[str, Mapping[Side, str]] = MappingProxyType({lang: w.sides for lang, w in WORDS.items()})


def _words(lang: str) -> StepWords:
    return words(lang).step


def _check(layout: object, rules: object) -> None:
    if not isinstance(layout, Layout):
        raise WrongType(f"layout must be a Layout, not {type(layout).__name__} {describe(layout)}")
    if not isinstance(rules, GameRules):
        raise WrongType(f"rules must be a GameRules (see dominolab.get_game), not {type(rules).__name__} {describe(rules)}")


def credit_phrase(n: int, rules: GameRules, lang: str | None = None) -> str:
    """``10 Rohpunkte (2 Anzeigepunkte)`` or ``8 Spielpunkte``."""
    lang = language.resolved(lang)
    w = _words(lang)
    own = points_text(n, rules, lang)
    if rules.raw_per_point == 1:
        return own
    return f"{count(n * rules.raw_per_point, w.raw_point)} ({own})"


def step_text(layout: Layout, rules: GameRules, lang: str | None = None) -> str:
    """The one-sentence account of the scored ends and the credit after a placement."""
    lang = language.resolved(lang)
    _check(layout, rules)
    w = _words(lang)
    values = [value for _, value in layout.contributions()]
    total = sum(values)
    summands = " + ".join(str(v) for v in values) or "0"
    return (f"{w.contributions}: {summands} = {total}. "
            f"{w.credit}: {credit_phrase(rules.credit(total), rules, lang)}.")


def _list(items: list[str], lang: str) -> str:
    return "; ".join(items) if items else _words(lang).none


def description(layout: Layout, rules: GameRules, lang: str | None = None) -> str:
    """The step text followed by the structured description of the whole layout."""
    lang = language.resolved(lang)
    _check(layout, rules)
    return f"{step_text(layout, rules, lang)} {layout_structure(layout, lang)}"


def layout_structure(layout: Layout, lang: str | None = None) -> str:
    """The structured description of a layout alone (tiles, spinners, connections, open points,
    contributions): what needs no game, for a layout drawn without its game's rules."""
    lang = language.resolved(lang)
    if not isinstance(layout, Layout):
        raise WrongType(f"layout must be a Layout, not {type(layout).__name__} {describe(layout)}")
    w = _words(lang)
    labels = words(lang).sides
    tiles = ", ".join(str(t) for t in layout.tiles) or w.none
    spinners = ", ".join(str(t) for t in layout.spinner_tiles()) or w.none
    connections = [f"{a.tile} ({labels[a.side]}) – {b.tile} ({labels[b.side]})" for a, b in layout.connections]
    open_points = [f"{p.tile} ({labels[p.side]}, {p.pips})" for p in layout.open_points()]
    scored = [f"{p.tile}: {v}" for p, v in layout.contributions()]
    return (f"{w.tiles}: {tiles}. {w.spinners}: {spinners}. "
            f"{w.connections}: {_list(connections, lang)}. {w.open}: {_list(open_points, lang)}. "
            f"{w.contributions}: {_list(scored, lang)}.")


def placed_line(placement: Placement, lang: str | None = None) -> str:
    lang = language.resolved(lang)
    if not isinstance(placement, Placement):
        raise WrongType(f"placement must be a Placement, not {type(placement).__name__} {describe(placement)}")
    return f"{_words(lang).placed}: {placement.tile}"


def step_lines(layout: Layout, placement: Placement, rules: GameRules, lang: str | None = None) -> list[str]:
    """The three lines of a worked step, for the layout just after ``placement``."""
    lang = language.resolved(lang)
    return [placed_line(placement, lang), step_text(layout, rules, lang), description(layout, rules, lang)]
