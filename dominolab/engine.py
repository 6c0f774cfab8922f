"""The engine: rounds and matches of any game described by :class:`GameRules`.

A :class:`Round` is the mutable owner of one deal: hands, stock, layout, whose
turn it is, and the events so far. Moves are values - :class:`Placement`,
:data:`DRAW`, :data:`PASS` - and :meth:`Round.legal_moves` is the single source
of legality. :meth:`Round.apply` checks a move and leaves the state untouched
when it is illegal; :meth:`Round.push` is the trusted path for moves taken
from :meth:`Round.legal_moves`.

A :class:`Match` deals rounds with seeded randomness, picks openers by the
game's rules (or by lot) and keeps the score per side until a side reaches the
target.

>>> m = Match('horse-race', players=2, seed=7)
>>> r = m.new_round()
>>> len(r.hands[0]), len(r.stock)
(7, 14)
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import NamedTuple, Sequence

from .errors import IllegalMove, IllegalPlacement
from .layout import AttachmentPoint, Layout, Placement
from .rules import GameRules, Seating, get_game
from .scoring import settle
from .tiles import ALL_TILES, Tile


class DrawMove:
    """Take the front tile of the stock (only when no tile in hand can be played)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "DRAW"

    def __str__(self) -> str:
        return "draw"


class PassMove:
    """Pass (Horse Race, stock empty) or knock (Fives and Threes) - no legal play."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "PASS"

    def __str__(self) -> str:
        return "pass"


DRAW = DrawMove()
PASS = PassMove()
Move = Placement | DrawMove | PassMove


class PlayEvent(NamedTuple):
    seat: int
    tile: Tile
    at: AttachmentPoint | None
    source: str        # "hand" or "drawn"
    sum: int           # end sum after the play
    credit: int        # what that sum scores
    bonus: int         # domino bonus when this play finishes the round for its side
    scored: int        # what was actually added to the side's score
    scores: tuple[int, ...]


class DrawEvent(NamedTuple):
    seat: int
    tile: Tile


class PassEvent(NamedTuple):
    seat: int


class SettleEvent(NamedTuple):
    reason: str                 # "domino" or "blocked"
    winners: tuple[int, ...]    # winning sides of the round
    pips: tuple[int, ...]       # remaining pips per seat
    credits: tuple[int, ...]    # points per side
    scores: tuple[int, ...]


Event = PlayEvent | DrawEvent | PassEvent | SettleEvent

# End reasons of a round.
DOMINO = "domino"
BLOCKED = "blocked"
TARGET = "target"

_CREDIT_CACHE: dict[tuple[int, ...], list[int]] = {}


def _credit_table(rules: GameRules) -> list[int]:
    table = _CREDIT_CACHE.get(rules.divisors)
    if table is None:
        # 28 tiles can never expose more than 28 * 12 pips at their ends.
        table = _CREDIT_CACHE[rules.divisors] = [rules.credit(s) for s in range(28 * 12 + 1)]
    return table


@lru_cache(maxsize=None)
def _seat_tables(seating: Seating) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Side of every seat, and the seats of every side."""
    return (tuple(seating.side_of(s) for s in range(seating.players)),
            tuple(seating.seats_of(side) for side in range(seating.n_sides)))


class Round:
    """One deal, from the opening tile to a domino, a block or the match target.

    ``scores`` is the list of side scores this round adds to (the match's own
    list while a match is played); it is changed in place.
    """

    def __init__(self, rules: GameRules, seating: Seating, hands: Sequence[Sequence[Tile]],
                 stock: Sequence[Tile], opener: int, scores: list[int], number: int = 1,
                 layout: Layout | None = None):
        self.rules = rules
        self.seating = seating
        self.number = number
        self.opener = opener
        self.dealt = tuple(tuple(h) for h in hands)
        self.initial_stock = tuple(stock)
        self.hands: list[list[Tile]] = [list(h) for h in hands]
        self.stock: list[Tile] = list(stock)
        self.stock_pos = 0
        self.layout = layout if layout is not None else Layout(rules.spinners)
        self.to_move = opener
        self.pending: Tile | None = None
        self.events: list[Event] = []
        self.scores = scores
        self.end: str | None = None
        self.last_player: int | None = None
        self.match_winners: tuple[int, ...] = ()
        # trusted lookups for the hot path
        self._n = seating.players
        self._side, self._seats_of_side = _seat_tables(seating)
        self._credit = _credit_table(rules)

    # -- queries ------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.end is not None

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self.stock_pos

    def pips_left(self) -> list[int]:
        return [sum(t.pips for t in hand) for hand in self.hands]

    def can_play(self, seat: int) -> bool:
        if not self.layout.placements:
            return bool(self.hands[seat])
        mask = self.layout.open_mask
        return any(t.mask & mask for t in self.hands[seat])

    def legal_moves(self) -> list[Move]:
        """Every legal move of the seat to move: plays, else a draw, else a pass."""
        if self.end is not None:
            return []
        layout = self.layout
        if self.pending is not None:
            tile = self.pending
            return [Placement(tile, p) for p in layout.points_for(tile)]
        hand = self.hands[self.to_move]
        if not layout.placements:
            return [Placement(t, None) for t in hand]
        mask = layout.open_mask
        moves = []
        open_points = layout.open
        for tile in hand:
            if tile.mask & mask:
                low, high = tile.low, tile.high
                for point in open_points:
                    pips = point.pips
                    if pips == low or pips == high:
                        cache = point.placement_of
                        move = cache.get(tile)
                        if move is None:
                            move = cache[tile] = Placement(tile, point)
                        moves.append(move)
        if moves:
            return moves
        if self.rules.drawing and self.stock_pos < len(self.stock):
            return [DRAW]
        return [PASS]

    def is_blocked(self) -> bool:
        """True when nobody who still holds tiles can play and no tile can be drawn."""
        if self.rules.drawing and self.stock_pos < len(self.stock):
            return False
        if not self.layout.placements:
            return False
        mask = self.layout.open_mask
        for hand in self.hands:
            for tile in hand:
                if tile.mask & mask:
                    return False
        return True

    # -- moves --------------------------------------------------------------
    def apply(self, move: Move) -> list[Event]:
        """Checked move: raise :class:`IllegalMove` (state unchanged) or play it."""
        if self.end is not None:
            raise IllegalMove(f"{move}: round {self.number} is over ({self.end})")
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMove(self._why_illegal(move, legal))
        return self.push(move)

    def _why_illegal(self, move, legal: list) -> str:
        seat = self.to_move
        if isinstance(move, Placement):
            if self.pending is not None and move.tile is not self.pending:
                return f"{move}: seat {seat} drew {self.pending} and must play it at once"
            if move.tile not in self.hands[seat]:
                return f"{move}: seat {seat} (to move) does not hold {move.tile}"
            try:
                self.layout.check(move)
            except IllegalPlacement as exc:  # names the broken rule
                return str(exc)
            return f"{move}: not legal now"
        if isinstance(move, DrawMove):
            if not self.rules.drawing:
                return f"draw: {self.rules.title} has no drawing (undealt tiles stay out of play)"
            if legal and isinstance(legal[0], Placement):
                return f"draw: seat {seat} can play and must not draw"
            return "draw: the stock is empty"
        if isinstance(move, PassMove):
            if legal and isinstance(legal[0], Placement):
                return f"pass: seat {seat} can play and must not pass"
            return f"pass: seat {seat} must draw first"
        return f"not a move: {move!r}"

    def push(self, move: Move) -> list[Event]:
        """Trusted path: play a move known to be legal; return the new events."""
        start = len(self.events)
        if move is DRAW:
            self._draw()
        elif move is PASS:
            seat = self.to_move
            self.events.append(PassEvent(seat))
            self.to_move = self._next_seat(seat)
        else:
            tile, at = move
            self._play(tile, at)
        return self.events[start:]

    def _draw(self) -> None:
        seat = self.to_move
        tile = self.stock[self.stock_pos]
        self.stock_pos += 1
        self.hands[seat].append(tile)
        self.events.append(DrawEvent(seat, tile))
        if tile.mask & self.layout.open_mask:
            self.pending = tile          # must be played at once; ends the turn
        elif self.is_blocked():
            self._finish(BLOCKED, None)

    def _play(self, tile: Tile, at: AttachmentPoint | None) -> None:
        rules = self.rules
        seat = self.to_move
        source = "hand"
        if self.pending is not None:
            source = "drawn"
            self.pending = None
        hand = self.hands[seat]
        hand.remove(tile)
        self.layout.place_unchecked(tile, at)
        end_sum = self.layout.end_sum
        credit = self._credit[end_sum]
        side = self._side[seat]
        finished = not hand
        if finished and rules.partners_play_out:
            hands = self.hands
            finished = all(not hands[s] for s in self._seats_of_side[side])
        bonus = rules.domino_bonus if finished else 0
        total = credit + bonus
        scores = self.scores
        if total and rules.target_exact and scores[side] + total > rules.target:
            total = 0                    # the whole scoring event is void
        scores[side] += total
        self.events.append(PlayEvent(seat, tile, at, source, end_sum, credit, bonus, total, tuple(scores)))
        if total and rules.reaches_target(scores[side]):
            self.last_player = seat
            self.end = TARGET
            self.match_winners = (side,)
            return
        if finished:
            self.last_player = seat
            self._finish(DOMINO, seat)
            return
        if not (rules.stay_on_turn and source == "hand" and (tile.is_double or credit)):
            self.to_move = self._next_seat(seat)
        if self.stock_pos >= len(self.stock) or not rules.drawing:
            if self.is_blocked():
                self._finish(BLOCKED, None)

    def _next_seat(self, seat: int) -> int:
        """The next seat clockwise that still holds tiles."""
        hands = self.hands
        n = self._n
        nxt = (seat + 1) % n
        while not hands[nxt] and nxt != seat:
            nxt = (nxt + 1) % n
        return nxt

    def _finish(self, reason: str, domino_seat: int | None) -> None:
        self.end = reason
        if not self.rules.pip_settlement:
            return
        pips = self.pips_left()
        winners, credits = settle(pips, self._side, self.seating.n_sides, domino_seat, self.rules.raw_per_point)
        scores = self.scores
        for side, credit in enumerate(credits):
            scores[side] += credit
        self.events.append(SettleEvent(reason, tuple(winners), tuple(pips), tuple(credits), tuple(scores)))
        self.match_winners = self.rules.sides_at_target(scores)

    def __repr__(self) -> str:
        return (f"<Round {self.number} of {self.rules.title}: {len(self.layout)} tiles on the table, "
                f"seat {self.to_move} to move{', ' + self.end if self.end else ''}>")

    def _repr_svg_(self) -> str:  # pragma: no cover - exercised in the book
        from .drawing import round_svg

        return round_svg(self)


def lot(rng: random.Random, candidates: Sequence[int]) -> int:
    """Draw lots: every candidate throws a die; the highest wins, ties throw again."""
    candidates = list(candidates)
    while len(candidates) > 1:
        throws = [rng.randint(1, 6) for _ in candidates]
        best = max(throws)
        candidates = [c for c, t in zip(candidates, throws) if t == best]
    return candidates[0]


class Match:
    """A whole match: rounds until a side reaches the game's target."""

    def __init__(self, game: str | GameRules, players: int, partnerships: bool = False,
                 seed: int | None = None):
        self.rules = get_game(game)
        self.seating = self.rules.seating(players, partnerships)
        self.seed = seed
        self.rng = random.Random(seed)
        self.scores = [0] * self.seating.n_sides
        self.rounds: list[Round] = []
        self.winners: tuple[int, ...] = ()

    @property
    def over(self) -> bool:
        return bool(self.winners)

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def deal(self) -> tuple[list[list[Tile]], list[Tile]]:
        """Shuffle the 28 tiles and deal them (seeded); return hands and stock."""
        rng_random = self.rng.random
        tiles = sorted(ALL_TILES, key=lambda _: rng_random())  # uniform: 28 independent random keys
        size = self.rules.hand_sizes[self.seating]
        n = self.seating.players
        hands = [tiles[i * size:(i + 1) * size] for i in range(n)]
        return hands, tiles[n * size:]

    def next_opener(self) -> int | None:
        """The opener the rules fix for the next round, or ``None`` when it is drawn by lot."""
        if not self.rounds:
            return None
        last = self.rounds[-1]
        rule = self.rules.opener_after_domino if last.end == DOMINO else self.rules.opener_after_block
        if rule == "last-player":
            return last.last_player
        if rule == "next-seat":
            return (last.opener + 1) % self.seating.players
        return None  # "lot"

    def new_round(self, hands=None, stock=None, opener: int | None = None) -> Round:
        """Start the next round (dealt by the match's rng unless hands and stock are given)."""
        if self.over:
            raise IllegalMove("the match is over")
        if self.rounds and not self.rounds[-1].over:
            raise IllegalMove(f"round {self.rounds[-1].number} is still being played")
        if hands is None:
            hands, stock = self.deal()
        if opener is None:
            opener = self.next_opener()
            if opener is None:
                opener = lot(self.rng, range(self.seating.players))
        rnd = Round(self.rules, self.seating, hands, stock, opener, self.scores, len(self.rounds) + 1)
        self.rounds.append(rnd)
        return rnd

    def end_round(self) -> None:
        """Take the finished round's outcome into the match."""
        rnd = self.rounds[-1]
        if rnd.match_winners:
            self.winners = rnd.match_winners

    def play(self, policy, max_rounds: int | None = None) -> "Match":
        """Play rounds with ``policy(round, rng) -> move`` until the match is won."""
        rng = random.Random(None if self.seed is None else self.seed + 1_000_003)
        while not self.over and (max_rounds is None or len(self.rounds) < max_rounds):
            rnd = self.new_round()
            push = rnd.push
            while rnd.end is None:
                push(policy(rnd, rng))
            self.end_round()
        return self

    def __repr__(self) -> str:
        return (f"<Match of {self.rules.title}, {self.seating}: {len(self.rounds)} rounds, "
                f"scores {self.scores}{', won by ' + str(list(self.winners)) if self.winners else ''}>")


# -- policies -----------------------------------------------------------------

def random_policy(rnd: Round, rng: random.Random) -> Move:
    """Pick uniformly among the legal moves."""
    moves = rnd.legal_moves()
    return moves[0] if len(moves) == 1 else moves[int(rng.random() * len(moves))]


def greedy_policy(rnd: Round, rng: random.Random) -> Move:
    """Pick the play that scores most now (ties: at random); draw or pass otherwise."""
    moves = rnd.legal_moves()
    if len(moves) == 1 or not isinstance(moves[0], Placement):
        return moves[0]
    layout = rnd.layout
    best, best_credit = [], -1
    for move in moves:
        trial = layout.copy()
        trial.place_unchecked(move.tile, move.at)
        credit = rnd.rules.credit(trial.end_sum)
        if credit > best_credit:
            best, best_credit = [move], credit
        elif credit == best_credit:
            best.append(move)
    return best[int(rng.random() * len(best))]


POLICIES = {"random": random_policy, "greedy": greedy_policy}
