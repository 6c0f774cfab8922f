"""One session of a person against bots: the state both faces drive.

``dominolab play`` (:mod:`dominolab.play.terminal`) and the book's play page
(:mod:`dominolab.webapi`) are thin fronts on :class:`Session`; the rules of a
session live here once:

* the match is made only of moves: every move (the person's and the bots') is
  kept in :attr:`Session.moves`, and *undo* re-creates the match from its seed
  and the moves before the person's last move (:meth:`Match.follow
  <dominolab.core.engine.Match.follow>`) - nothing is written into a match from
  outside, its scores and winners are what its rounds booked;
* bots decide from their seat's view with an rng derived from the position
  (seed, round number, event index, seat: :func:`position_rng`), so the same
  seed and the same moves meet the same replies, also after an undo;
* what a move would score comes from the engine's one computation
  (:meth:`Round.preview <dominolab.core.engine.Round.preview>`): the play's
  own points, and separately what a settlement that follows adds;
* a hint (the advice of the advising level, :func:`~dominolab.play.levels.advisor`) holds until
  the next move of anyone.

>>> s = Session('fives-and-threes', 2, seat=0, bots=['greedy'], seed=3, think_ms=2)
>>> s.advance() >= 0 and s.status() in ('your-turn', 'round-over', 'match-over')
True
>>> moves = s.legal_moves()
>>> s.play(moves[0]) and s.undo() == moves[0]
True
"""

from __future__ import annotations

import random
from typing import Sequence

from dominolab.core.engine import Event, Match, MovePreview, Round, SettleEvent
from dominolab.core.errors import DominoError, IllegalMove, InvalidArgument
from dominolab.core.moves import Move, format_move, parse_move
from dominolab.core.rules import GameRules, get_game
from dominolab.core.seating import Seating
from dominolab.core.view import view_of
from dominolab.play.bots import Bot
from dominolab.play.search import Hint
from dominolab.play.levels import Advisor, Level, advisor, make_level_bot, resolve

__all__ = ["Session", "position_rng"]


def position_rng(seed: int | None, rnd: Round, seat: int, purpose: str = "move") -> random.Random:
    """The randomness of a bot deciding for ``seat`` now: derived from the match seed and the
    position (round number, events so far), never from earlier draws of a shared stream."""
    return random.Random(f"dominolab.play:{purpose}:{seed}:{rnd.number}:{len(rnd.events)}:{seat}")


class Session:
    """A match of one person (``seat``) against bots.

    ``bots`` names the bots of the other seats in seat order after the person,
    cycled (one name: every opponent; more names than other seats are refused); a name is a level of :mod:`dominolab.play.levels`
    (``strong``, ``4``, ``expert@200``, ``stark``). ``think_ms`` overrides the budget of
    every level that thinks and of hints (``None``: each level's own, hints
    :data:`~dominolab.play.levels.ADVISOR_HINT_MS`).
    """

    def __init__(self, game: str | GameRules, players: int, partnerships: bool = False, *, seat: int = 0,
                 bots: Sequence[str] = ("strong",), seed: int | None = 0, think_ms: float | None = None):
        self.rules = get_game(game)
        self.seating: Seating = self.rules.seating(players, partnerships)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise InvalidArgument(f"--seat must be a seat from 0 to {players - 1}, not {seat!r}")
        names = list(bots)
        if not names:
            raise InvalidArgument("name at least one bot")
        try:
            levels = {name: resolve(name, think_ms) for name in names}   # names, numbers, NAME@MS
        except DominoError as error:
            raise InvalidArgument(str(error)) from None
        if len(names) > players - 1:
            raise InvalidArgument(f"--bots names {len(names)} bots for {players - 1} other "
                                  f"seat{'s' if players > 2 else ''}: name at most one per seat")
        self.person = seat
        self.seed = seed
        self.think_ms = think_ms
        #: who gives the hints (its level names it: ``advisor.level``)
        self.advisor: Advisor = advisor(think_ms)
        made = {name: make_level_bot(level) for name, level in levels.items()}
        others = [(seat + k) % players for k in range(1, players)]
        #: the level and the bot of every other seat
        self.levels: dict[int, Level] = {s: levels[names[i % len(names)]] for i, s in enumerate(others)}
        self.bots: dict[int, Bot] = {s: made[names[i % len(names)]] for i, s in enumerate(others)}
        #: every move of the match so far, in order (the session's whole state beside the seed)
        self.moves: list[Move] = []
        self._hint: Hint | None = None
        self.match = self._fresh()
        self.match.new_round()

    # -- the match from its moves ------------------------------------------------------
    def _fresh(self) -> Match:
        return Match(self.rules, self.seating.players, self.seating.partnerships, seed=self.seed)

    def rebuild(self, moves: Sequence[Move], rounds: int | None = None) -> None:
        """Re-create the match from its seed with ``moves``; deal up to ``rounds`` rounds."""
        match = self._fresh()
        match.follow(moves)
        want = max(1, len(match.rounds) if rounds is None else rounds)
        while len(match.rounds) < want:
            rnd = match.current
            if rnd is not None:
                match.end_round()
            match.new_round()
        if match.current is not None and match.current.over:
            match.end_round()
        self.match = match
        self.moves = list(moves)
        self._hint = None

    def _moves_by_round(self) -> list[tuple[int, int]]:
        """(round index, seat) of every move of :attr:`moves`, read from the rounds' events."""
        out = []
        for index, rnd in enumerate(self.match.rounds):
            out += [(index, e.seat) for e in rnd.events if not isinstance(e, SettleEvent)]
        return out

    def person_moves(self, this_round: bool = False) -> list[int]:
        """Indices in :attr:`moves` of the person's moves (only the current round's if asked)."""
        current = len(self.match.rounds) - 1
        return [i for i, (r, seat) in enumerate(self._moves_by_round())
                if seat == self.person and (r == current or not this_round)]

    def undo(self, this_round: bool = False) -> Move | None:
        """Take back the person's last move and every move after it; return that move (or ``None``).

        The match is re-created from the seed and the moves before it, so the bots'
        replies to the same move afterwards are the same as before.
        """
        mine = self.person_moves(this_round)
        if not mine:
            return None
        last = mine[-1]
        move = self.moves[last]
        # the rebuilt match has the round of the taken-back move dealt, and nothing later
        self.rebuild(self.moves[:last], rounds=self._moves_by_round()[last][0] + 1)
        return move

    # -- queries ------------------------------------------------------------------------
    @property
    def round(self) -> Round:
        rnd = self.match.current
        assert rnd is not None          # a session always has a round dealt
        return rnd

    def status(self) -> str:
        """``your-turn``, ``waiting`` (a bot is to move), ``round-over`` or ``match-over``."""
        rnd = self.round
        if rnd.over:
            return "match-over" if rnd.match_winners or self.match.over else "round-over"
        return "your-turn" if rnd.to_move == self.person else "waiting"

    def legal_moves(self) -> list[Move]:
        """The person's legal moves (empty when it is not their turn)."""
        rnd = self.round
        return rnd.legal_moves() if not rnd.over and rnd.to_move == self.person else []

    def previews(self) -> list[MovePreview]:
        """What each of the person's legal moves would score (the engine's one computation)."""
        rnd = self.round
        return [rnd.preview(move) for move in self.legal_moves()]

    @property
    def hint_now(self) -> Hint | None:
        """The last hint, until anyone moves."""
        return self._hint

    # -- moves ----------------------------------------------------------------------------
    def _push(self, move: Move, judged: bool = False) -> list[Event]:
        """Play ``move`` on the round: ``judged`` through the engine's check (:meth:`Round.apply`: an
        illegal move is an :class:`IllegalMove` with the engine's reason code, nothing changed),
        else on its trusted path (a bot's choice among the legal moves)."""
        rnd = self.round
        events = rnd.apply(move) if judged else rnd.push(move)
        self.moves.append(move)
        self._hint = None
        if rnd.over:
            self.match.end_round()
        return events

    def play(self, move: Move | str) -> list[Event]:
        """The person's move (a move value, or its notation, read once); returns the new events.

        It must be the person's turn; the move goes to the engine once (:meth:`Round.apply`), the one
        judge of legality: an illegal move is a one-line :class:`IllegalMove` carrying the engine's
        reason code and details (:attr:`DominoError.code`) and changes nothing.
        """
        if isinstance(move, str):
            move = parse_move(move)
        rnd = self.round
        if rnd.over:
            raise IllegalMove(f"{format_move(move)}: round {rnd.number} is over", code="round-over",
                              details={"move": format_move(move), "number": rnd.number})
        if rnd.to_move != self.person:
            raise IllegalMove(f"{format_move(move)}: it is seat {rnd.to_move}'s turn, not yours", code="not-your-turn",
                              details={"move": format_move(move), "seat": rnd.to_move})
        return self._push(move, judged=True)

    def bot_move(self) -> tuple[int, Move, list[Event]] | None:
        """One move of the bot to move: (seat, move, events); ``None`` when no bot is to move."""
        rnd = self.round
        if rnd.over or rnd.to_move == self.person:
            return None
        seat = rnd.to_move
        move = self.bots[seat].choose(view_of(rnd, seat), position_rng(self.seed, rnd, seat))
        return seat, move, self._push(move)

    def advance(self) -> int:
        """Let the bots move until the person is to move or the round is over; count their moves."""
        count = 0
        while self.bot_move() is not None:
            count += 1
        return count

    def hint(self) -> Hint:
        """The advisor's advice for the person now (kept until the next move)."""
        rnd = self.round
        if rnd.over or rnd.to_move != self.person:
            raise IllegalMove("a hint is only given when it is your turn")
        self._hint = self.advisor.hint(view_of(rnd, self.person), position_rng(self.seed, rnd, self.person, "hint"))
        return self._hint

    def next_round(self) -> Round:
        """Deal the next round once the current one is over."""
        rnd = self.round
        if not rnd.over:
            raise IllegalMove(f"round {rnd.number} is still being played")
        if self.match.over or rnd.match_winners:
            raise IllegalMove("the match is over; start a new one")
        self._hint = None
        return self.match.new_round()
