"""A match in the terminal: a person takes a seat against bots (``dominolab play``).

The session reads one command per line (so it can be scripted and tested):

* a number from the list of legal moves, or a move in notation
  (``[1|4]@[4|4].A``, ``draw``, ``pass``);
* ``h`` - a hint from the advising level (named), with its reason;
* ``u`` - take back the person's last move (and the bot moves after it); the
  match is re-created from its moves, never changed backwards;
* ``q`` - quit (end of input and Ctrl-C quit the same way).

Bad input prints one line and the same prompt again. When the match ends (or
the person quits) the record is written if ``--record`` was given; a record of
an unfinished match is a valid record of a match in progress.

The session itself - moves, undo by replaying, bots seeded from the position,
previews of what each move scores - is :class:`dominolab.play.session.Session`,
the same object the book's play page drives; this module is its terminal face
(words, drawing, the input loop). A session with the same seed and the same
input plays the same match, and a move taken back and played again meets the
same answers.
"""

from __future__ import annotations

import random
import re
import sys
from typing import Any, Callable, Iterator, Sequence, TextIO

from dominolab.play.bots import Bot
from dominolab.play.levels import Level
from dominolab.play.session import Session as CoreSession
from dominolab.core.engine import DrawEvent, Event, Match, MovePreview, PassEvent, PlayEvent, Round, SettleEvent
from dominolab.core.errors import DominoError, shorten
from dominolab.core.layout import Placement
from dominolab.core.moves import Move, format_move, parse_move
from dominolab.core.rules import GameRules
from dominolab.core.scoring import EndReason
from dominolab.text.steptext import credit_phrase, description, placed_line, step_text
from dominolab.text.textdraw import text_drawing
from dominolab.text.words import WORDS, count, pass_words
from dominolab.core.view import view_of
from dominolab.play.reasons import hint_why, how_text

#: The terminal game's words are the table's (dominolab.text.words); ``dominolab play --lang`` offers its languages.


#: A move number as it may be typed: ASCII digits, at most :data:`MAX_MOVE_DIGITS` of them.
MAX_MOVE_DIGITS = 4
_MOVE_NUMBER = re.compile(f"[0-9]{{1,{MAX_MOVE_DIGITS}}}")


def _looks_numeric(text: str) -> bool:
    """Meant as a move number: digits of any script, superscripts and the like, maybe signed."""
    body = text[1:] if text[:1] in "+-" else text
    return bool(body) and all(ch.isnumeric() for ch in body)


class QuitSession(Exception):
    """The person quit (``q``, end of input or Ctrl-C)."""


class Session:
    """One terminal match; :meth:`run` plays it from an iterator of input lines.

    A terminal face on :class:`dominolab.play.session.Session` (:attr:`core`).
    """

    def __init__(self, game: str | GameRules, players: int, partnerships: bool = False, *, seat: int = 0,
                 bots: Sequence[str] = ("strong",), seed: int | None = 0, think_ms: float | None = None,
                 lang: str = "de", write: Callable[[str], None] = print):
        if lang not in WORDS:
            raise DominoError(f"unknown language {shorten(lang)}; choose one of: {', '.join(WORDS)}")
        self.core = CoreSession(game, players, partnerships, seat=seat, bots=bots, seed=seed, think_ms=think_ms)
        self.rules = self.core.rules
        self.seating = self.core.seating
        self.person = seat
        self.seed = seed
        self.lang = lang
        self.words = WORDS[lang].terminal
        self.empty = WORDS[lang].picture.empty
        self.write = write
        self._announced = 0           # the last round whose opening was written

    @property
    def match(self) -> Match:
        return self.core.match

    @property
    def bots(self) -> dict[int, Bot]:
        return self.core.bots

    @property
    def history(self) -> list[Move]:
        """Every move of the match so far."""
        return self.core.moves

    # -- the match from its moves --------------------------------------------
    def rebuild(self, moves: Sequence[Move]) -> None:
        """Re-create the match from the start and play ``moves`` on it."""
        self.core.rebuild(moves)

    def undo(self) -> Move | None:
        """Take back the person's last move and everything after it; return that move."""
        return self.core.undo()

    def _person_move_indices(self) -> list[int]:
        return self.core.person_moves()

    # -- words ----------------------------------------------------------------
    def who(self, seat: int) -> str:
        name = self.words.seat.format(seat=seat)
        if seat == self.person:
            return f"{name} ({self.words.you})"
        return f"{name} ({self.level_name(self.core.levels[seat])})"

    def level_name(self, level: Level) -> str:
        """A level in the session's language (``stark``; ``strong@100`` when its budget is its own)."""
        return WORDS[self.lang].bots[level.name] if level.label == level.name else level.label

    def _scores(self, scores: Sequence[int]) -> str:
        w = self.words
        return ", ".join(f"{w.side.format(side=s)}: {v}" for s, v in enumerate(scores))

    def _move_line(self, preview: MovePreview) -> str:
        """A move with what it scores (the engine's preview) and, separately, the settlement."""
        w = self.words
        move = preview.move
        if not isinstance(move, Placement):
            return format_move(move)
        points = preview.play
        line = (f"{format_move(move)}  {w.no_score}" if points == 0 else
                f"{format_move(move)}  {w.scores_now} {credit_phrase(points, self.rules, self.lang)}")
        if preview.void:
            line += w.void
        settlement = preview.settlement
        if settlement is not None:
            gains = [(side, c) for side, c in enumerate(settlement.credits) if c]
            if gains:
                line += "".join(w.then_settle.format(who=w.side.format(side=side),
                                                        points=credit_phrase(c, self.rules, self.lang))
                                for side, c in gains)
        return line

    def show_turn(self, rnd: Round) -> list[Move]:
        w, rules = self.words, self.rules
        out = [f"--- {w.scores}: {self._scores(rnd.scores)} ({w.target.format(target=rules.target)})"]
        if rnd.layout.placements:
            out.append(f"{w.layout}: {description(rnd.layout, rules, self.lang)}")
        out.append(text_drawing(rnd.layout, free_word=w.free, empty=self.empty))
        tile = WORDS[self.lang].tile
        sizes = ", ".join(f"{w.seat.format(seat=s)}: {count(len(h), tile)}"
                          for s, h in enumerate(rnd.hands) if s != self.person)
        stock = f"; {w.stock}: {count(rnd.stock_left, tile)}" if rules.drawing else ""
        out.append(f"{sizes}{stock}")
        out.append(f"{w.hand}: {' '.join(str(t) for t in rnd.hands[self.person])}")
        previews = self.core.previews()
        out.append(f"{w.moves}:")
        out.extend(f"  {i}  {self._move_line(p)}" for i, p in enumerate(previews, 1))
        self.write("\n".join(out))
        return [p.move for p in previews]

    def report(self, rnd: Round, events: Sequence[Event]) -> None:
        """Print what happened: the step text of every play, draws, passes, the settlement."""
        w, rules, lang = self.words, self.rules, self.lang
        for event in events:
            if isinstance(event, PlayEvent):
                placement = Placement(event.tile, event.at)
                line = f"{self.who(event.seat)}: {placed_line(placement, lang)}. {step_text(rnd.layout, rules, lang)}"
                if event.scored != event.credit + event.bonus:
                    line += w.void
                self.write(line)
            elif isinstance(event, DrawEvent):
                if event.seat == self.person:
                    self.write(w.draws_tile.format(who=w.you.capitalize(), tile=event.tile))
                else:
                    self.write(w.draws.format(who=self.who(event.seat)))
            elif isinstance(event, PassEvent):
                self.write(w.passes.format(who=self.who(event.seat), verb=pass_words(rules, lang).verb))
            elif isinstance(event, SettleEvent):
                winners = ", ".join(w.side.format(side=s) for s in event.winners) or "-"
                self.write(w.settle.format(reason=w.end_reason[str(event.reason)], pips=list(event.pips),
                                              winners=winners, credits=list(event.credits)))
        if rnd.end is not None:
            reason = w.end_reason[str(rnd.end)]
            self.write(w.round_over.format(n=rnd.number, reason=reason, scores=list(rnd.scores)))

    # -- the loop ---------------------------------------------------------------
    def run(self, lines: Iterator[str], prompt: Callable[[str], None] | None = None) -> Match:
        """Play until the match is won; raise :class:`QuitSession` when the person quits."""
        core = self.core
        while True:
            rnd = core.round
            if rnd.number != self._announced:
                self._announced = rnd.number
                self.write(self.words.round.format(n=rnd.number, seat=rnd.opener))
            status = core.status()
            if status == "match-over":
                match = core.match
                winners = " & ".join(self.words.side.format(side=s) for s in match.winners)
                self.write(self.words.match_won.format(winners=winners, scores=list(match.scores)))
                return match
            if status == "round-over":
                core.next_round()
                continue
            if status == "waiting":
                moved = core.bot_move()
                assert moved is not None
                self.report(rnd, moved[2])
                continue
            self._person_turn(rnd, lines, prompt)

    def _person_turn(self, rnd: Round, lines: Iterator[str], prompt: Callable[[str], None] | None) -> None:
        moves = self.show_turn(rnd)
        while True:
            if prompt is not None:
                prompt(self.words.prompt)
            try:
                text = next(lines)
            except StopIteration:
                raise QuitSession("end of input") from None
            command = text.strip()
            if command == "q":
                raise QuitSession("quit")
            if command == "h":
                hint = self.core.hint()
                number = moves.index(hint.move) + 1
                level = self.core.advisor.level
                why = (hint_why(view_of(rnd, rnd.to_move), hint.scored, self.lang)[0] if hint.scored
                       else hint.reason)   # the reason in the terminal's words (dominolab.play.reasons)
                self.write(self.words.hint.format(level=self.level_name(level), number=number,
                                                  move=format_move(hint.move), reason=why))
                if hint.scored:            # how it was computed, on a line of its own
                    self.write("  " + how_text(self.level_name(level), level.think_ms,
                                               max(x.deals for x in hint.scored), self.lang))
                continue
            if command == "u":
                taken = self.undo()
                if taken is None:
                    self.write(self.words.nothing_to_undo)
                    continue
                self.write(self.words.taken_back.format(move=format_move(taken)))
                return
            try:
                move = self._parse(command, moves)
                if move is None:
                    continue
                events = self.core.play(move)
            except DominoError as exc:          # a typing mistake: one line and the prompt again
                self.write(" ".join(str(exc).split())[:300])
                continue
            self.report(rnd, events)
            return

    def _parse(self, command: str, moves: list[Move]) -> Move | None:
        if not command:
            self.write(self.words.enter_move.format(n=len(moves)))
            return None
        if _looks_numeric(command):    # 2, ², ٣, -1, a 5,000-digit number: only 1..n are moves
            if _MOVE_NUMBER.fullmatch(command) and 1 <= int(command) <= len(moves):
                return moves[int(command) - 1]
            self.write(self.words.no_move.format(text=shorten(command), n=len(moves)))
            return None
        try:
            move = parse_move(command)
        except DominoError as exc:
            self.write(str(exc))
            return None
        if move not in moves:
            legal = ", ".join(format_move(m) for m in moves[:8]) + (" ..." if len(moves) > 8 else "")
            self.write(self.words.not_legal.format(move=format_move(move), legal=legal))
            return None
        return move
