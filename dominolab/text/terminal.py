"""The terminal game's lines (``dominolab play``): the turn, what happened, prompts and answers
(standard library only).

:mod:`dominolab.play.terminal` runs the game (the input loop, the session); every line it prints is
made here, from :attr:`Words.terminal <dominolab.text.words.Words.terminal>`. Every function speaks
the language context (:mod:`dominolab.text.language`) unless ``lang`` is given.

>>> seat_label(0, None), seat_label(1, "stark"), scores_line([0, 12], "en")
('Sitz 0 (du)', 'Sitz 1 (stark)', 'team 0: 0, team 1: 12')
"""

from __future__ import annotations

from typing import Sequence

from dominolab.core.engine import DrawEvent, Event, MovePreview, PassEvent, PlayEvent, Round, SettleEvent
from dominolab.core.layout import Placement
from dominolab.core.moves import Move, format_move
from dominolab.core.errors import DominoError
from dominolab.core.rules import GameRules
from dominolab.text import language
from dominolab.text.steptext import credit_phrase, description, placed_line, step_text
from dominolab.text.textdraw import text_drawing
from dominolab.text.words import TerminalWords, count, error_sentence, pass_words, words

__all__ = ["enter_move_line", "event_lines", "hint_line", "level_name", "match_won_line", "move_line",
           "no_move_line", "refused_line", "nothing_to_undo_line", "prompt", "round_line", "scores_line",
           "seat_label", "taken_back_line", "turn_text"]


def _t(lang: str | None) -> TerminalWords:
    return words(lang).terminal


def level_name(name: str, label: str, lang: str | None = None) -> str:
    """A level in words (``stark``; its label, ``strong@100``, when its budget is its own)."""
    return words(lang).bots[name] if label == name else label


def seat_label(seat: int, level: str | None, lang: str | None = None) -> str:
    """A seat with who sits there: ``Sitz 0 (du)`` for the person (``level`` ``None``), else the bot's level."""
    w = _t(lang)
    name = w.seat.format(seat=seat)
    return f"{name} ({w.you})" if level is None else f"{name} ({level})"


def scores_line(scores: Sequence[int], lang: str | None = None) -> str:
    """The score of every side: ``Partei 0: 3, Partei 1: 12``."""
    w = _t(lang)
    return ", ".join(f"{w.side.format(side=s)}: {v}" for s, v in enumerate(scores))


def move_line(preview: MovePreview, rules: GameRules, lang: str | None = None) -> str:
    """A move with what it scores (the engine's preview) and, separately, the settlement."""
    lang = language.resolved(lang)
    w = _t(lang)
    move = preview.move
    if not isinstance(move, Placement):
        return format_move(move)
    points = preview.play
    line = (f"{format_move(move)}  {w.no_score}" if points == 0 else
            f"{format_move(move)}  {w.scores_now} {credit_phrase(points, rules, lang)}")
    if preview.void:
        line += w.void
    settlement = preview.settlement
    if settlement is not None:
        gains = [(side, c) for side, c in enumerate(settlement.credits) if c]
        if gains:
            line += "".join(w.then_settle.format(who=w.side.format(side=side), points=credit_phrase(c, rules, lang))
                            for side, c in gains)
    return line


def turn_text(rnd: Round, person: int, previews: Sequence[MovePreview], lang: str | None = None) -> str:
    """The person's turn: the scores and the target, the layout in words and drawn, the others' hand
    sizes and the stock, the own hand, and the numbered legal moves with what each scores."""
    lang = language.resolved(lang)
    w, rules, all_words = _t(lang), rnd.rules, words(lang)
    out = [f"--- {w.scores}: {scores_line(rnd.scores, lang)} ({w.target.format(target=rules.target)})"]
    if rnd.layout.placements:
        out.append(f"{w.layout}: {description(rnd.layout, rules, lang)}")
    out.append(text_drawing(rnd.layout, free_word=w.free, empty=all_words.picture.empty))
    tile = all_words.tile
    sizes = ", ".join(f"{w.seat.format(seat=s)}: {count(len(h), tile)}"
                      for s, h in enumerate(rnd.hands) if s != person)
    stock = f"; {w.stock}: {count(rnd.stock_left, tile)}" if rules.drawing else ""
    out.append(f"{sizes}{stock}")
    out.append(f"{w.hand}: {' '.join(str(t) for t in rnd.hands[person])}")
    out.append(f"{w.moves}:")
    out.extend(f"  {i}  {move_line(p, rules, lang)}" for i, p in enumerate(previews, 1))
    return "\n".join(out)


def event_lines(rnd: Round, events: Sequence[Event], names: Sequence[str], person: int,
                lang: str | None = None) -> list[str]:
    """What happened, one line each: the step text of every play (and its void), draws (the person's own
    tile shown), passes, the settlement, and the round's end. ``names``: every seat's :func:`seat_label`."""
    lang = language.resolved(lang)
    w, rules = _t(lang), rnd.rules
    out = []
    for event in events:
        if isinstance(event, PlayEvent):
            placement = Placement(event.tile, event.at)
            line = f"{names[event.seat]}: {placed_line(placement, lang)}. {step_text(rnd.layout, rules, lang)}"
            if event.void:
                line += w.void
            out.append(line)
        elif isinstance(event, DrawEvent):
            if event.seat == person:
                out.append(w.draws_tile.format(who=w.you.capitalize(), tile=event.tile))
            else:
                out.append(w.draws.format(who=names[event.seat]))
        elif isinstance(event, PassEvent):
            out.append(w.passes.format(who=names[event.seat], verb=pass_words(rules, lang).verb))
        elif isinstance(event, SettleEvent):
            winners = ", ".join(w.side.format(side=s) for s in event.winners) or "-"
            out.append(w.settle.format(reason=w.end_reason[str(event.reason)], pips=list(event.pips),
                                       winners=winners, credits=list(event.credits)))
    if rnd.end is not None:
        out.append(w.round_over.format(n=rnd.number, reason=w.end_reason[str(rnd.end)], scores=list(rnd.scores)))
    return out


def round_line(number: int, opener: int, lang: str | None = None) -> str:
    """A round begins: its number and who opens."""
    return _t(lang).round.format(n=number, seat=opener)


def match_won_line(winners: Sequence[int], scores: Sequence[int], lang: str | None = None) -> str:
    """The match is won: the winning sides and the final scores."""
    w = _t(lang)
    return w.match_won.format(winners=" & ".join(w.side.format(side=s) for s in winners), scores=list(scores))


def hint_line(level: str, number: int, move: Move, reason: str, lang: str | None = None) -> str:
    """A hint: the advising level, the move's number in the list and the move, and why."""
    return _t(lang).hint.format(level=level, number=number, move=format_move(move), reason=reason)


def prompt(lang: str | None = None) -> str:
    """The prompt before each input line."""
    return _t(lang).prompt


def nothing_to_undo_line(lang: str | None = None) -> str:
    """``u`` before the person moved."""
    return _t(lang).nothing_to_undo


def taken_back_line(move: Move, lang: str | None = None) -> str:
    """``u``: the person's move taken back."""
    return _t(lang).taken_back.format(move=format_move(move))


def enter_move_line(n: int, lang: str | None = None) -> str:
    """An empty input line: how to choose one of ``n`` moves."""
    return _t(lang).enter_move.format(n=n)


def no_move_line(text: str, n: int, lang: str | None = None) -> str:
    """A number that is not one of the ``n`` moves (``text`` as typed, shortened)."""
    return _t(lang).no_move.format(text=text, n=n)


def refused_line(error: DominoError, legal: Sequence[Move], lang: str | None = None) -> str:
    """The person's move the engine refused: its reason in words (from the error's code, as on the play
    page), then (up to eight of) the legal moves; one line of at most 300 characters."""
    move = (error.details or {}).get("move") or (error.details or {}).get("placement")
    why = error_sentence(error, lang, move="none", page=True, otherwise="general")
    shown = ", ".join(format_move(m) for m in legal[:8]) + (" ..." if len(legal) > 8 else "")
    line = _t(lang).not_legal.format(move=move if isinstance(move, str) else "?", why=why, legal=shown)
    return " ".join(line.split())[:300]
