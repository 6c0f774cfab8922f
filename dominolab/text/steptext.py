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

Texts exist in German (byte for byte as the document) and English.
"""

from __future__ import annotations

from typing import Any

from dominolab.core._check import describe
from dominolab.core.errors import InvalidArgument, WrongType
from dominolab.core.layout import Layout, Placement, Side
from dominolab.core.rules import GameRules

LANGUAGES = ("de", "en")

_WORDS: dict[str, dict[str, Any]] = {
    "de": {
        "placed": "Angelegt", "contributions": "Gewertete Beiträge", "credit": "Gutschrift für das Anlegen",
        "raw": ("Rohpunkt", "Rohpunkte"), "tiles": "Steine", "spinners": "Spinner",
        "connections": "Verbindungen", "open": "Freie Anlegestellen", "none": "keine",
    },
    "en": {
        "placed": "Placed", "contributions": "Scored contributions", "credit": "Credit for the placement",
        "raw": ("raw point", "raw points"), "tiles": "Tiles", "spinners": "Spinners",
        "connections": "Connections", "open": "Open points", "none": "none",
    },
}

SIDE_LABELS = {
    "de": {
        Side.HIGH: "Ende mit größerer Augenzahl", Side.LOW: "Ende mit kleinerer Augenzahl",
        Side.A: "Linienseite A", Side.B: "Linienseite B",
        Side.ARM_A: "Seitenarm A", Side.ARM_B: "Seitenarm B",
    },
    "en": {
        Side.HIGH: "high end", Side.LOW: "low end",
        Side.A: "line side A", Side.B: "line side B",
        Side.ARM_A: "side arm A", Side.ARM_B: "side arm B",
    },
}


def _words(lang: str) -> dict[str, Any]:
    words = _WORDS.get(lang) if isinstance(lang, str) else None
    if words is None:
        raise InvalidArgument(f"unknown language {describe(lang)}; choose one of: {', '.join(LANGUAGES)}")
    return words


def _check(layout: object, rules: object) -> None:
    if not isinstance(layout, Layout):
        raise WrongType(f"layout must be a Layout, not {type(layout).__name__} {describe(layout)}")
    if not isinstance(rules, GameRules):
        raise WrongType(f"rules must be a GameRules (see dominolab.get_game), not {type(rules).__name__} {describe(rules)}")


def _count(n: int, forms: tuple[str, str]) -> str:
    return f"{n} {forms[0] if n == 1 else forms[1]}"


def credit_phrase(points: int, rules: GameRules, lang: str = "de") -> str:
    """``10 Rohpunkte (2 Anzeigepunkte)`` or ``8 Spielpunkte``."""
    w = _words(lang)
    own = _count(points, rules.point_words[lang])
    if rules.raw_per_point == 1:
        return own
    return f"{_count(points * rules.raw_per_point, w['raw'])} ({own})"


def step_text(layout: Layout, rules: GameRules, lang: str = "de") -> str:
    """The one-sentence account of the scored ends and the credit after a placement."""
    _check(layout, rules)
    w = _words(lang)
    values = [value for _, value in layout.contributions()]
    total = sum(values)
    summands = " + ".join(str(v) for v in values) or "0"
    return (f"{w['contributions']}: {summands} = {total}. "
            f"{w['credit']}: {credit_phrase(rules.credit(total), rules, lang)}.")


def _list(items: list[str], lang: str) -> str:
    return "; ".join(items) if items else _words(lang)["none"]


def description(layout: Layout, rules: GameRules, lang: str = "de") -> str:
    """The step text followed by the structured description of the whole layout."""
    _check(layout, rules)
    return f"{step_text(layout, rules, lang)} {layout_structure(layout, lang)}"


def layout_structure(layout: Layout, lang: str = "de") -> str:
    """The structured description of a layout alone (tiles, spinners, connections, open points,
    contributions): what needs no game, for a layout drawn without its game's rules."""
    if not isinstance(layout, Layout):
        raise WrongType(f"layout must be a Layout, not {type(layout).__name__} {describe(layout)}")
    w = _words(lang)
    labels = SIDE_LABELS[lang]
    tiles = ", ".join(str(t) for t in layout.tiles) or w["none"]
    spinners = ", ".join(str(t) for t in layout.spinner_tiles()) or w["none"]
    connections = [f"{a.tile} ({labels[a.side]}) – {b.tile} ({labels[b.side]})" for a, b in layout.connections]
    open_points = [f"{p.tile} ({labels[p.side]}, {p.pips})" for p in layout.open_points()]
    scored = [f"{p.tile}: {v}" for p, v in layout.contributions()]
    return (f"{w['tiles']}: {tiles}. {w['spinners']}: {spinners}. "
            f"{w['connections']}: {_list(connections, lang)}. {w['open']}: {_list(open_points, lang)}. "
            f"{w['contributions']}: {_list(scored, lang)}.")


def placed_line(placement: Placement, lang: str = "de") -> str:
    if not isinstance(placement, Placement):
        raise WrongType(f"placement must be a Placement, not {type(placement).__name__} {describe(placement)}")
    return f"{_words(lang)['placed']}: {placement.tile}"


def step_lines(layout: Layout, placement: Placement, rules: GameRules, lang: str = "de") -> list[str]:
    """The three lines of a worked step, for the layout just after ``placement``."""
    return [placed_line(placement, lang), step_text(layout, rules, lang), description(layout, rules, lang)]
