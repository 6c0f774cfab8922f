"""A match in the terminal: a person takes a seat against bots (``dominolab play``).

The session reads one command per line (so it can be scripted and tested):

* a number from the list of legal moves, or a move in notation
  (``[1|4]@[4|4].A``, ``draw``, ``pass``);
* ``h`` - a hint from the strong bot, with its reason;
* ``u`` - take back the person's last move (and the bot moves after it); the
  match is re-created from its moves, never changed backwards;
* ``q`` - quit (end of input and Ctrl-C quit the same way).

Bad input prints one line and the same prompt again. When the match ends (or
the person quits) the record is written if ``--record`` was given; a record of
an unfinished match is a valid record of a match in progress.

Bots decide from their seat's view with an rng derived from the match seed and
the position, so a session with the same seed and the same input plays the
same match, and a move taken back and played again meets the same answers.
"""

from __future__ import annotations

import random
import sys
from typing import Any, Callable, Iterator, Sequence, TextIO

from dominolab.play.bots import Bot, StrongBot, immediate_score
from dominolab.play.levels import make_level_bot, resolve
from dominolab.core.engine import DrawEvent, Event, Match, PassEvent, PlayEvent, Round, SettleEvent
from dominolab.core.errors import DominoError, shorten
from dominolab.core.layout import Placement
from dominolab.core.moves import Move, format_move, parse_move
from dominolab.core.rules import GameRules, get_game
from dominolab.text.steptext import credit_phrase, description, placed_line, step_text
from dominolab.text.textdraw import text_drawing
from dominolab.core.view import view_of

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "round": "Round {n}: seat {seat} opens.",
        "you": "you", "seat": "Seat {seat}", "side": "side {side}",
        "scores": "Scores", "target": "target {target}", "hand": "Your hand", "stock": "stock",
        "tiles": "{n} tiles", "layout": "Layout", "moves": "Legal moves", "free": "free",
        "empty": "(empty layout)", "draws": "{who} draws a tile.", "draws_tile": "{who} draw {tile}.",
        "passes": "{who} passes.", "knocks": "{who} knocks.", "prompt": "Your move (number or notation; h hint, u undo, q quit): ",
        "settle": "Settlement ({reason}): pips left per seat {pips}; round won by {winners}; credits {credits}.",
        "domino": "domino", "blocked": "blocked", "target_reached": "target reached",
        "round_over": "Round {n} is over ({reason}). Scores {scores}.",
        "match_won": "The match is won by {winners}. Final scores {scores}.",
        "void": " (beyond the target, so it does not count)",
        "settle_now": "scores", "no_score": "scores nothing",
    },
    "de": {
        "round": "Runde {n}: Sitz {seat} eröffnet.",
        "you": "du", "seat": "Sitz {seat}", "side": "Seite {side}",
        "scores": "Punktestand", "target": "Ziel {target}", "hand": "Deine Hand", "stock": "Talon",
        "tiles": "{n} Steine", "layout": "Auslage", "moves": "Erlaubte Züge", "free": "frei",
        "empty": "(leere Auslage)", "draws": "{who} zieht einen Stein.", "draws_tile": "{who} ziehst {tile}.",
        "passes": "{who} passt.", "knocks": "{who} klopft.", "prompt": "Dein Zug (Nummer oder Notation; h Tipp, u zurück, q Ende): ",
        "settle": "Abrechnung ({reason}): Augen je Sitz {pips}; Rundensieger {winners}; Gutschriften {credits}.",
        "domino": "Ausspielen", "blocked": "Sperre", "target_reached": "Ziel erreicht",
        "round_over": "Runde {n} ist vorbei ({reason}). Punktestand {scores}.",
        "match_won": "Die Partie gewinnt {winners}. Endstand {scores}.",
        "void": " (über das Ziel hinaus, zählt nicht)",
        "settle_now": "bringt", "no_score": "bringt nichts",
    },
}


class QuitSession(Exception):
    """The person quit (``q``, end of input or Ctrl-C)."""


def _bot_rng(seed: int | None, rnd: Round, seat: int, purpose: str = "move") -> random.Random:
    return random.Random(f"dominolab.play:{purpose}:{seed}:{rnd.number}:{len(rnd.events)}:{seat}")


class Session:
    """One terminal match; :meth:`run` plays it from an iterator of input lines."""

    def __init__(self, game: str | GameRules, players: int, partnerships: bool = False, *, seat: int = 0,
                 bots: Sequence[str] = ("strong",), seed: int | None = 0, think_ms: float | None = None,
                 lang: str = "de", write: Callable[[str], None] = print):
        self.rules = get_game(game)
        self.seating = self.rules.seating(players, partnerships)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise DominoError(f"--seat must be a seat from 0 to {players - 1}, not {seat!r}")
        names = list(bots)
        if not names:
            raise DominoError("name at least one bot")
        levels = {name: resolve(name, think_ms) for name in names}     # unknown levels: one-line errors
        if lang not in WORDS:
            raise DominoError(f"unknown language {shorten(lang)}; choose one of: {', '.join(WORDS)}")
        self.person = seat
        self.seed = seed
        self.lang = lang
        self.words = WORDS[lang]
        self.write = write
        self.advisor = StrongBot(think_ms if think_ms is not None else 50)
        made = {name: make_level_bot(level) for name, level in levels.items()}
        others = [(seat + k) % players for k in range(1, players)]
        self.bots: dict[int, Bot] = {s: made[names[i % len(names)]] for i, s in enumerate(others)}
        self.history: list[Move] = []
        self.match = Match(self.rules, players, partnerships, seed=seed)

    # -- the match from its moves --------------------------------------------
    def rebuild(self, moves: Sequence[Move]) -> None:
        """Re-create the match from the start and play ``moves`` on it."""
        match = Match(self.rules, self.seating.players, self.seating.partnerships, seed=self.seed)
        match.follow(moves)
        self.match = match
        self.history = list(moves)

    def undo(self) -> Move | None:
        """Take back the person's last move and everything after it; return that move."""
        mine = self._person_move_indices()
        if not mine:
            return None
        last = mine[-1]
        move = self.history[last]
        self.rebuild(self.history[:last])
        return move

    def _person_move_indices(self) -> list[int]:
        match = Match(self.rules, self.seating.players, self.seating.partnerships, seed=self.seed)
        return [i for i, seat in enumerate(match.follow(self.history)) if seat == self.person]

    # -- words ----------------------------------------------------------------
    def who(self, seat: int) -> str:
        name = self.words["seat"].format(seat=seat)
        if seat == self.person:
            return f"{name} ({self.words['you']})"
        return f"{name} ({self.bots[seat].name})"

    def _scores(self, scores: Sequence[int]) -> str:
        w = self.words
        return ", ".join(f"{w['side'].format(side=s)}: {v}" for s, v in enumerate(scores))

    def _move_line(self, rnd: Round, move: Move) -> str:
        w = self.words
        if not isinstance(move, Placement):
            return format_move(move)
        points = immediate_score(rnd, move)
        if points == 0:
            return f"{format_move(move)}  {w['no_score']}"
        return f"{format_move(move)}  {w['settle_now']} {credit_phrase(points, self.rules, self.lang)}"

    def show_turn(self, rnd: Round) -> list[Move]:
        w, rules = self.words, self.rules
        out = [f"--- {w['scores']}: {self._scores(rnd.scores)} ({w['target'].format(target=rules.target)})"]
        if rnd.layout.placements:
            out.append(f"{w['layout']}: {description(rnd.layout, rules, self.lang)}")
        out.append(text_drawing(rnd.layout, free_word=w["free"], empty=w["empty"]))
        sizes = ", ".join(f"{w['seat'].format(seat=s)}: {w['tiles'].format(n=len(h))}"
                          for s, h in enumerate(rnd.hands) if s != self.person)
        stock = f"; {w['stock']}: {w['tiles'].format(n=rnd.stock_left)}" if rules.drawing else ""
        out.append(f"{sizes}{stock}")
        out.append(f"{w['hand']}: {' '.join(str(t) for t in rnd.hands[self.person])}")
        moves = rnd.legal_moves()
        out.append(f"{w['moves']}:")
        out.extend(f"  {i}  {self._move_line(rnd, m)}" for i, m in enumerate(moves, 1))
        self.write("\n".join(out))
        return moves

    def report(self, rnd: Round, events: Sequence[Event]) -> None:
        """Print what happened: the step text of every play, draws, passes, the settlement."""
        w, rules, lang = self.words, self.rules, self.lang
        for event in events:
            if isinstance(event, PlayEvent):
                placement = Placement(event.tile, event.at)
                line = f"{self.who(event.seat)}: {placed_line(placement, lang)}. {step_text(rnd.layout, rules, lang)}"
                if event.scored != event.credit + event.bonus:
                    line += w["void"]
                self.write(line)
            elif isinstance(event, DrawEvent):
                if event.seat == self.person:
                    self.write(w["draws_tile"].format(who=w["you"].capitalize(), tile=event.tile))
                else:
                    self.write(w["draws"].format(who=self.who(event.seat)))
            elif isinstance(event, PassEvent):
                self.write(w["passes" if rules.drawing else "knocks"].format(who=self.who(event.seat)))
            elif isinstance(event, SettleEvent):
                winners = ", ".join(w["side"].format(side=s) for s in event.winners) or "-"
                self.write(w["settle"].format(reason=w[str(event.reason)], pips=list(event.pips),
                                              winners=winners, credits=list(event.credits)))
        if rnd.end is not None:
            reason = w["target_reached" if rnd.end == "target" else str(rnd.end)]
            self.write(w["round_over"].format(n=rnd.number, reason=reason, scores=list(rnd.scores)))

    # -- the loop ---------------------------------------------------------------
    def run(self, lines: Iterator[str], prompt: Callable[[str], None] | None = None) -> Match:
        """Play until the match is won; raise :class:`QuitSession` when the person quits."""
        while True:
            match = self.match
            rnd = match.current
            if rnd is None or rnd.over:
                if rnd is not None:
                    match.end_round()
                if match.over:
                    winners = " & ".join(self.words["side"].format(side=s) for s in match.winners)
                    self.write(self.words["match_won"].format(winners=winners, scores=list(match.scores)))
                    return match
                rnd = match.new_round()
                self.write(self.words["round"].format(n=rnd.number, seat=rnd.opener))
                continue
            seat = rnd.to_move
            if seat != self.person:
                bot = self.bots[seat]
                move = bot.choose(view_of(rnd, seat), _bot_rng(self.seed, rnd, seat))
                self.history.append(move)
                self.report(rnd, rnd.push(move))
                continue
            self._person_turn(rnd, lines, prompt)

    def _person_turn(self, rnd: Round, lines: Iterator[str], prompt: Callable[[str], None] | None) -> None:
        moves = self.show_turn(rnd)
        while True:
            if prompt is not None:
                prompt(self.words["prompt"])
            try:
                text = next(lines)
            except StopIteration:
                raise QuitSession("end of input") from None
            command = text.strip()
            if command == "q":
                raise QuitSession("quit")
            if command == "h":
                hint = self.advisor.hint(view_of(rnd, self.person), _bot_rng(self.seed, rnd, self.person, "hint"))
                number = moves.index(hint.move) + 1
                self.write(f"hint: {number}  {format_move(hint.move)} - {hint.reason}")
                continue
            if command == "u":
                taken = self.undo()
                if taken is None:
                    self.write("nothing to take back: you have not moved yet")
                    continue
                self.write(f"taken back: {format_move(taken)}")
                return
            move = self._parse(command, moves)
            if move is None:
                continue
            self.history.append(move)
            self.report(rnd, rnd.push(move))
            return

    def _parse(self, command: str, moves: list[Move]) -> Move | None:
        if not command:
            self.write(f"enter a move number from 1 to {len(moves)}, a move in notation, h, u or q")
            return None
        if command.isdigit():
            number = int(command)
            if 1 <= number <= len(moves):
                return moves[number - 1]
            self.write(f"no move {shorten(command)}: choose a number from 1 to {len(moves)}")
            return None
        try:
            move = parse_move(command)
        except DominoError as exc:
            self.write(str(exc))
            return None
        if move not in moves:
            self.write(f"{format_move(move)} is not legal now; legal: " + ", ".join(format_move(m) for m in moves[:8])
                       + (" ..." if len(moves) > 8 else ""))
            return None
        return move
