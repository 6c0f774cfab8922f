"""Why one move is better than another, as data: reason kinds read from the parts of a search bot's values.

A search bot's :meth:`~dominolab.play.search.SearchBot.evaluate` splits every move's value into the
parts of :data:`~dominolab.play.search.PARTS`, deal by deal (:attr:`MoveValue.deal_parts
<dominolab.play.search.MoveValue.deal_parts>`; deal ``k`` is the same sampled deal for every move).
:func:`reasons` compares two moves of one evaluation - the best and the one played (or the hinted
move and the next best) - on those deals. A *reason kind* rests on some parts; the kind is given
only where

* its condition on the position and the two moves holds (:data:`KINDS`, the tiles and what the
  engine's :meth:`Round.preview <dominolab.core.engine.Round.preview>` says of the moves), and
* the mean paired difference of its parts (best minus other, per deal) carries at least half of
  the loss (:data:`SHARE`) and exceeds :data:`Z` standard errors of that paired difference.

At most :data:`MOST` reasons are given, the specific kinds first, then the generic ones by the
points they carry. A generic kind resting on a part a specific kind already named is not given.

The kinds (name: parts it rests on; condition):

``double_kept``
    ``turn``, ``later_own``, ``settlement``; the better move plays a double from the hand that
    the other move keeps.
``heavy_kept``
    ``settlement``; the game settles the pips left in hand (Horse Race) and the better move plays
    a tile with more pips than the other move plays (a draw or pass plays none).
``opened_for_next``
    ``replies``; the other move is a placement (it changes the ends the others reply to).
``past_exact_target``
    ``now``, ``bonus``; the other move would score but books nothing because it would pass an
    exact target (the preview's ``void``). A void play books nothing, so this kind is read from
    the engine's preview, not from a part of its own.
``this_turn``
    ``now`` and ``turn`` together; no further condition. (A placement that scores now and a double
    that keeps the turn and scores the same points with the next tile differ in ``now`` and
    ``turn`` but not in the points of the turn, so these two parts are one reason.)
``later_own``, ``later_other``, ``settlement``, ``bonus``
    that single part; no further condition. (``replies`` alone is no kind: where the other move
    is a placement it is ``opened_for_next``, and a draw or a pass is only legal when no
    placement is.)

Sentences for the kinds are made in :mod:`dominolab.text.reasons` (words from :mod:`dominolab.text.words`),
not here: this module decides which reason holds and hands the facts over.
"""

from __future__ import annotations

import math
from typing import Callable, NamedTuple, Sequence

from dominolab.core.layout import Placement
from dominolab.core.moves import Move
from dominolab.core.tiles import Tile
from dominolab.core.view import SeatView
from dominolab.play.search import PARTS, MoveValue
from dominolab.text import reasons as _text
from dominolab.text.reasons import how_text, summary_text

__all__ = ["KINDS", "MOST", "SHARE", "Z", "Facts", "Kind", "Reason", "facts", "hint_sentence", "hint_why", "how_text",
           "reasons", "sentence", "sentences", "summary_text"]

#: A reason's parts must carry at least this share of the loss ...
SHARE = 0.5
#: ... and exceed this many standard errors of their paired difference.
Z = 2.0
#: At most this many reasons per comparison.
MOST = 2


class Reason(NamedTuple):
    """One reason why ``better`` beats ``other``: its kind, the parts it rests on, the points those parts
    carry (mean paired difference over the deals) and the standard error of that difference."""

    kind: str
    parts: tuple[str, ...]
    points: float
    stderr: float
    better: Move
    other: Move


class _Pair(NamedTuple):
    """What a kind's condition may read: the view, the two moves and the engine's preview of each."""

    view: SeatView
    better: Move
    other: Move
    preview: Callable[[Move], object]


class Kind(NamedTuple):
    """A reason kind: its name, the parts it rests on and its condition on the position and the moves."""

    name: str
    parts: tuple[str, ...]
    applies: Callable[[_Pair], bool]


def _tile(move: Move) -> Tile | None:
    return move.tile if isinstance(move, Placement) else None


def _double_kept(p: _Pair) -> bool:
    tile = _tile(p.better)
    return tile is not None and tile.is_double and tile != _tile(p.other) and p.view.pending is None


def _heavy_kept(p: _Pair) -> bool:
    tile = _tile(p.better)
    other = _tile(p.other)
    return (p.view.rules.pip_settlement and tile is not None
            and tile.pips > (other.pips if other is not None else 0))


def _opened(p: _Pair) -> bool:
    return isinstance(p.other, Placement)


def _void(p: _Pair) -> bool:
    return isinstance(p.other, Placement) and bool(p.preview(p.other).void)   # type: ignore[attr-defined]


#: The reason kinds, specific ones first (see the module text), then one per part.
KINDS: tuple[Kind, ...] = (
    Kind("past_exact_target", ("now", "bonus"), _void),
    Kind("double_kept", ("turn", "later_own", "settlement"), _double_kept),
    Kind("heavy_kept", ("settlement",), _heavy_kept),
    Kind("opened_for_next", ("replies",), _opened),
    Kind("this_turn", ("now", "turn"), lambda p: True),
    *(Kind(name, (name,), lambda p: True) for name in PARTS if name not in ("now", "turn", "replies")),
)
#: The kinds before this index are the specific ones.
_SPECIFIC = 4


def _paired(better: MoveValue, other: MoveValue, parts: tuple[str, ...]) -> tuple[float, float]:
    """Mean and standard error of the per-deal difference of ``parts`` (better minus other)."""
    idx = [PARTS.index(name) for name in parts]
    diffs = [sum(b[j] - o[j] for j in idx) for b, o in zip(better.deal_parts, other.deal_parts)]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, math.sqrt(var / n)


def reasons(view: SeatView, scored: Sequence[MoveValue], better: Move, other: Move,
            most: int = MOST) -> list[Reason]:
    """The reasons (at most ``most``) why ``better`` beats ``other`` in the evaluation ``scored`` of
    ``view`` (both moves in it, with their per-deal parts); none when ``better`` is not better, or
    there are fewer than two deals. A move a racing evaluation dropped early is compared on the deals
    both were played on (the first deals of the same sequence)."""
    by_move = {mv.move: mv for mv in scored}
    b, o = by_move[better], by_move[other]
    loss = b.value - o.value
    n = min(len(b.deal_parts), len(o.deal_parts))
    if better == other or loss <= 0 or n < 2:
        return []
    world = None

    def preview(move: Move) -> object:
        nonlocal world
        if world is None:       # what a play books depends only on the layout, the hand and the scores
            world = view.world(*view.filler_deal(), checked=False)
        return world.preview(move)

    pair = _Pair(view, better, other, preview)
    specific: list[Reason] = []
    generic: list[Reason] = []
    for k, kind in enumerate(KINDS):
        if not kind.applies(pair):
            continue
        points, stderr = _paired(b, o, kind.parts)
        if points >= SHARE * loss and points > Z * stderr:
            (specific if k < _SPECIFIC else generic).append(Reason(kind.name, kind.parts, points, stderr, better,
                                                                    other))
    named = {part for r in specific for part in r.parts}
    generic = sorted((r for r in generic if not set(r.parts) & named), key=lambda r: -r.points)
    return (specific + generic)[:most]


# -- reasons in words ----------------------------------------------------------------------------

class Facts(NamedTuple):
    """What the engine says of a move for its sentence: what it scores now, whether the mover stays on
    turn (the preview's ``stays``), and then the hand's best scoring tile and its points (or ``None``, 0)."""

    now: int
    stays: bool
    next_tile: Tile | None
    next_points: int


def facts(view: SeatView, move: Move) -> Facts:
    """:class:`Facts` of ``move`` in ``view`` (one world of the view: the layout, the own hand and the scores
    decide them; the hidden hands are filler)."""
    if not isinstance(move, Placement):
        return Facts(0, False, None, 0)
    world = view.world(*view.filler_deal(), checked=False)
    seen = world.preview(move)
    if not seen.stays:
        return Facts(seen.play, False, None, 0)
    world.push(move)
    if world.over or world.to_move != view.seat:      # pragma: no cover - stays means the seat moves again
        return Facts(seen.play, True, None, 0)
    nxt = [(world.gain_trusted(m), k, m) for k, m in enumerate(world.legal_moves()) if isinstance(m, Placement)]
    best = max(nxt, key=lambda x: (x[0], -x[1]), default=None)
    if best is None or best[0] <= 0:
        return Facts(seen.play, True, None, 0)
    return Facts(seen.play, True, best[2].tile, best[0])


def sentence(view: SeatView, reason: Reason, lang: str | None = None, against: bool = False,
             known: Facts | None = None) -> str:
    """The reason in one sentence (:func:`dominolab.text.reasons.reason_sentence`), with the facts the engine
    gives for the position (:func:`facts` of the better move, or ``known``): the double and whether it keeps
    the turn, the pips of the tile, what the move scores now and with the next tile, the target.
    ``against``: the sentence on what the other move loses, naming neither the better move nor its tile (a
    puzzle's feedback to a wrong answer)."""
    f = None if against else (known if known is not None else facts(view, reason.better))
    return _text.reason_sentence(reason.kind, reason.better, reason.other, reason.points, view.rules, f, lang)


def sentences(view: SeatView, reason: Reason) -> tuple[str, str]:
    """:func:`sentence` in German and in English (the engine asked once)."""
    known = facts(view, reason.better)
    return sentence(view, reason, "de", known=known), sentence(view, reason, "en", known=known)


def hint_why(view: SeatView, scored: Sequence[MoveValue], lang: str | None = None) -> tuple[str, Reason | None]:
    """Why the best move of the evaluation ``scored`` (best first) is advised: the first reason why it
    beats the next best (:func:`reasons`, its :func:`sentence`); where no reason holds, by how much it
    leads on average; a single legal move is named as such. Returns the words and the reason (or ``None``)."""
    best = scored[0]
    if len(scored) == 1:
        return _text.hint_fallback("forced", lang=lang), None
    runner = scored[1]
    found = reasons(view, scored, best.move, runner.move, most=1)
    if found:
        return sentence(view, found[0], lang), found[0]
    other = _text.move_label(runner.move, best.move, view.rules, lang)
    lead = best.value - runner.value
    if lead < 0.05:
        return _text.hint_fallback("tie", other, lang=lang), None
    return _text.hint_fallback("lead", other, lead, lang), None


def spread_sentence(view: SeatView, better: Move, other: Move, loss: float, lang: str | None = None) -> str:
    """Why ``better`` beats ``other`` by ``loss`` points where no reason holds (:func:`reasons` found none):
    by how much, and that no single part carries the difference reliably."""
    return _text.spread_sentence(better, other, loss, view.rules, lang)


def hint_sentence(view: SeatView, scored: Sequence[MoveValue], lang: str | None = None) -> tuple[str, Reason | None]:
    """A hint in words: the best move of ``scored`` named and :func:`hint_why` (``Tipp: [4|4] an [1|4], Ende
    mit der 4 – [4|4] zuerst: Doppelstein, ...``). Returns the sentence and the reason it gives (or ``None``)."""
    why, reason = hint_why(view, scored, lang)
    return _text.hint_text(scored[0].move, why, view.rules, lang), reason
