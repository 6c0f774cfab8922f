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

import re
from typing import Callable, Iterator, Sequence

from dominolab.play.bots import Bot
from dominolab.play.levels import Level
from dominolab.play.session import Session as CoreSession
from dominolab.core.engine import Event, Match, MovePreview, Round
from dominolab.core.errors import DominoError, shorten
from dominolab.core.moves import Move, parse_move
from dominolab.core.rules import GameRules
from dominolab.text import language, terminal as say
from dominolab.core.view import view_of
from dominolab.play.reasons import hint_why, how_text

#: Every line the terminal game prints is made in :mod:`dominolab.text.terminal`; ``dominolab play --lang``
#: sets the language context (:mod:`dominolab.text.language`) the session speaks.


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
                 lang: str | None = None, write: Callable[[str], None] = print):
        if lang is not None and lang not in language.LANGUAGES:
            raise DominoError(f"unknown language {shorten(lang)}; choose one of: {', '.join(language.LANGUAGES)}")
        self.core = CoreSession(game, players, partnerships, seat=seat, bots=bots, seed=seed, think_ms=think_ms)
        self.rules = self.core.rules
        self.seating = self.core.seating
        self.person = seat
        self.seed = seed
        #: the language of the lines: ``lang``, or the language context's where the session starts
        self.lang = language.resolved(lang)
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
        return say.seat_label(seat, None if seat == self.person else self.level_name(self.core.levels[seat]),
                               self.lang)

    def level_name(self, level: Level) -> str:
        """A level in the session's language (``stark``; ``strong@100`` when its budget is its own)."""
        return say.level_name(level.name, level.label, self.lang)

    def _move_line(self, preview: MovePreview) -> str:
        """A move with what it scores (the engine's preview) and, separately, the settlement."""
        return say.move_line(preview, self.rules, self.lang)

    def show_turn(self, rnd: Round) -> list[Move]:
        previews = self.core.previews()
        self.write(say.turn_text(rnd, self.person, previews, self.lang))
        return [p.move for p in previews]

    def report(self, rnd: Round, events: Sequence[Event]) -> None:
        """Print what happened: the step text of every play, draws, passes, the settlement."""
        names = [self.who(s) for s in range(self.seating.players)]
        for line in say.event_lines(rnd, events, names, self.person, self.lang):
            self.write(line)

    # -- the loop ---------------------------------------------------------------
    def run(self, lines: Iterator[str], prompt: Callable[[str], None] | None = None) -> Match:
        """Play until the match is won; raise :class:`QuitSession` when the person quits."""
        core = self.core
        while True:
            rnd = core.round
            if rnd.number != self._announced:
                self._announced = rnd.number
                self.write(say.round_line(rnd.number, rnd.opener, self.lang))
            status = core.status()
            if status == "match-over":
                match = core.match
                self.write(say.match_won_line(match.winners, match.scores, self.lang))
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
                prompt(say.prompt(self.lang))
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
                self.write(say.hint_line(self.level_name(level), number, hint.move, why, self.lang))
                if hint.scored:            # how it was computed, on a line of its own
                    self.write("  " + how_text(self.level_name(level), level.think_ms,
                                               max(x.deals for x in hint.scored), self.lang))
                continue
            if command == "u":
                taken = self.undo()
                if taken is None:
                    self.write(say.nothing_to_undo_line(self.lang))
                    continue
                self.write(say.taken_back_line(taken, self.lang))
                return
            try:
                move = self._parse(command, moves)
                if move is None:
                    continue
                events = self.core.play(move)   # the engine judges it, once
            except DominoError as exc:          # refused: the engine's reason in words, the legal moves, the prompt again
                self.write(say.refused_line(exc, moves, self.lang))
                continue
            self.report(rnd, events)
            return

    def _parse(self, command: str, moves: list[Move]) -> Move | None:
        if not command:
            self.write(say.enter_move_line(len(moves), self.lang))
            return None
        if _looks_numeric(command):    # 2, ², ٣, -1, a 5,000-digit number: only 1..n are moves
            if _MOVE_NUMBER.fullmatch(command) and 1 <= int(command) <= len(moves):
                return moves[int(command) - 1]
            self.write(say.no_move_line(shorten(command), len(moves), self.lang))
            return None
        try:
            return parse_move(command)
        except DominoError as exc:
            self.write(str(exc))
            return None
