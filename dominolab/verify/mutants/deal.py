"""Mutants of the match, the deal, the opener, the seats and the sides."""

from __future__ import annotations

from typing import Any

from dominolab.verify.mutants.registry import patch, replace_everywhere, replace_game, wrap


@patch("seat-0-opens-after-block", "dominolab.core.engine:Match._opener")
def _seat0_after_block() -> None:
    """After a blocked round seat 0 always opens instead of a new lot."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def opener(self: Any) -> int:
            if self.rounds and self.rounds[-1].end == "blocked" and self.next_opener() is None:
                return 0
            return int(orig(self))
        return opener
    wrap(Match, "_opener", make)


@patch("first-opener-seat-0", "dominolab.core.engine:Match._opener")
def _first_opener_seat0() -> None:
    """The first round of a match is always opened by seat 0 (no lot)."""
    from dominolab.core.engine import Match
    wrap(Match, "_opener", lambda orig: lambda self: 0 if not self.rounds else orig(self))


@patch("lot-after-block-skips-previous-opener", "dominolab.core.engine:Match._opener")
def _lot_skips_previous() -> None:
    """The new lot after a block never gives the previous opener the lead again (drawn among the others)."""
    from dominolab.core.engine import Match, lot

    def make(orig: Any) -> Any:
        def opener(self: Any) -> int:
            if self.rounds and self.rounds[-1].end == "blocked" and self.next_opener() is None:
                previous = self.rounds[-1].opener
                return lot(self.rng, [s for s in range(self.seating.players) if s != previous])
            return int(orig(self))
        return opener
    wrap(Match, "_opener", make)


@patch("partnership-lot-among-two-seats", "dominolab.core.engine:Match._opener")
def _lot_two_seats() -> None:
    """With four players in partnerships the first lot is drawn among seats 0 and 1 only."""
    from dominolab.core.engine import Match, lot
    wrap(Match, "_opener", lambda orig: lambda self: lot(self.rng, [0, 1])
          if not self.rounds and self.seating.partnerships else orig(self))


@patch("lot-ties-to-lowest-seat", "dominolab.core.engine:lot")
def _lot_ties() -> None:
    """The lot is not repeated among tied candidates: the lowest tied seat wins."""
    from dominolab.core import engine

    def lot(rng: Any, candidates: Any) -> int:
        candidates = list(candidates)
        throws = [rng.randint(1, 6) for _ in candidates]
        return int(candidates[throws.index(max(throws))])
    replace_everywhere(engine, "lot", lot)


@patch("opener-holds-highest-double", "dominolab.core.engine:Match.new_round")
def _opener_by_double() -> None:
    """The first opener is the seat dealt the highest double (as in other domino games), not the lot."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def new_round(self: Any, *args: Any, **kw: Any) -> Any:
            rnd = orig(self, *args, **kw)
            if rnd.number == 1 and not args and not kw:
                doubles = [(t.pips, seat) for seat, hand in enumerate(rnd.hands) for t in hand if t.is_double]
                if doubles:
                    rnd.opener = rnd.to_move = max(doubles)[1]
            return rnd
        return new_round
    wrap(Match, "new_round", make)


@patch("one-shuffle-per-match", "dominolab.core.engine:Match._shuffled")
def _one_shuffle() -> None:
    """Every round of a match reuses the first shuffle."""
    from dominolab.core.engine import Match
    first: dict[int, list[Any]] = {}

    def make(orig: Any) -> Any:
        def shuffled(self: Any) -> list[Any]:
            if id(self) not in first:
                first[id(self)] = orig(self)
            return list(first[id(self)])
        return shuffled
    wrap(Match, "_shuffled", make)


@patch("deal-repeats-a-tile", "dominolab.core.engine:Match._shuffled")
def _deal_repeats() -> None:
    """The shuffled set loses its last tile and holds its first tile twice."""
    from dominolab.core.engine import Match
    wrap(Match, "_shuffled", lambda orig: lambda self: (lambda t: t[:-1] + t[:1])(orig(self)))


@patch("stock-loses-a-tile", "dominolab.core.engine:Match._shuffled")
def _stock_loses() -> None:
    """The deal puts one tile fewer into the stock."""
    from dominolab.core.engine import Match
    wrap(Match, "_shuffled", lambda orig: lambda self: orig(self)[:-1])     # hands come first; the stock is the rest


def _hand_sizes(game: str, **changes: int | None) -> None:
    from dominolab.core.rules import GAMES
    from dominolab.core.seating import Seating
    sizes = dict(GAMES[game].hand_sizes)
    for key, size in changes.items():
        seating = {"two": Seating(2), "three": Seating(3), "four": Seating(4),
                   "partners": Seating(4, True)}[key]
        if size is None:
            sizes.pop(seating, None)
        else:
            sizes[seating] = size
    replace_game(game, hand_sizes=sizes)


@patch("horse-race-without-three-players", "dominolab.core.rules:HORSE_RACE.hand_sizes")
def _hr_no_three() -> None:
    """Horse Race no longer allows three players."""
    _hand_sizes("horse-race", three=None)


@patch("fives-and-threes-four-individuals", "dominolab.core.rules:FIVES_AND_THREES.hand_sizes")
def _ft_four_individuals() -> None:
    """Fives and Threes also allows four individual players."""
    _hand_sizes("fives-and-threes", four=5)


@patch("horse-race-three-players-get-seven", "dominolab.core.rules:HORSE_RACE.hand_sizes")
def _hr_three_seven() -> None:
    """Horse Race deals 7 tiles each to three players (instead of 6)."""
    _hand_sizes("horse-race", three=7)


@patch("fives-and-threes-three-players-get-six", "dominolab.core.rules:FIVES_AND_THREES.hand_sizes")
def _ft_three_six() -> None:
    """Fives and Threes deals 6 tiles each to three players (instead of 5)."""
    _hand_sizes("fives-and-threes", three=6)


# -- patches: seats and sides ---------------------------------------------------------------

def _seat_tables_changed() -> None:
    """Forget the engine's side tables per seating (computed from ``Seating.side_of``)."""
    from dominolab.core import engine
    engine._seat_tables.cache_clear()
    engine._MATCH_SETUPS.clear()


@patch("partners-sit-side-by-side", "dominolab.core.seating:Seating.side_of")
def _partners_adjacent() -> None:
    """Partners are neighbours (seats 0+1 against 2+3) instead of sitting opposite."""
    from dominolab.core.seating import Seating
    wrap(Seating, "side_of", lambda orig: lambda self, seat: seat // 2 if self.partnerships else orig(self, seat))
    _seat_tables_changed()


@patch("partners-score-apart", "dominolab.core.seating:Seating.side_of")
def _partners_apart() -> None:
    """Partners keep four separate scores instead of one per partnership."""
    from dominolab.core.seating import Seating
    Seating.n_sides = property(lambda self: self.players)  # type: ignore[method-assign,assignment]
    Seating.side_of = lambda self, seat: seat  # type: ignore[method-assign]
    _seat_tables_changed()


@patch("individuals-share-scores", "dominolab.core.seating:Seating.side_of")
def _individuals_share() -> None:
    """With three or four individual players, seats 0 and 2 add to one score."""
    from dominolab.core.seating import Seating
    wrap(Seating, "side_of", lambda orig: lambda self, seat: orig(self, seat) if self.partnerships or self.players < 3
          else (0 if seat == 2 else seat))
    _seat_tables_changed()


@patch("partners-change-every-round", "dominolab.core.engine:Match.new_round")
def _partners_change() -> None:
    """In every second round the partnerships are re-formed as seats 0+1 against 2+3."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def new_round(self: Any, *args: Any, **kw: Any) -> Any:
            rnd = orig(self, *args, **kw)
            if rnd.seating.partnerships and rnd.number % 2 == 0:
                rnd._side = (0, 0, 1, 1)
                rnd._seats_of_side = ((0, 1), (2, 3))
            return rnd
        return new_round
    wrap(Match, "new_round", make)


# -- patches written for the audit of issue 27 (once benchmarks/rule_gaps.py) -----------------

@patch("opener-holds-most-pips", "dominolab.core.engine:Match.new_round")
def _opener_most_pips() -> None:
    """The first opener is the seat dealt the most pips (the lowest such seat), not the lot."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def new_round(self: Any, *args: Any, **kw: Any) -> Any:
            rnd = orig(self, *args, **kw)
            if rnd.number == 1 and not args and not kw:
                pips = rnd.pips_left()
                rnd.opener = rnd.to_move = pips.index(max(pips))
            return rnd
        return new_round
    wrap(Match, "new_round", make)


@patch("seat-after-last-player-opens", "dominolab.core.engine:Match.next_opener")
def _after_last_player() -> None:
    """After a domino the seat after the player of the last tile opens (instead of that player)."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def next_opener(self: Any) -> Any:
            seat = orig(self)
            last = self.rounds[-1] if self.rounds else None
            if seat is not None and last is not None and last.end == "domino" \
                    and self.rules.opener_after_domino == "last-player":
                return (seat + 1) % self.seating.players
            return seat
        return next_opener
    wrap(Match, "next_opener", make)


@patch("previous-seat-opens", "dominolab.core.engine:Match.next_opener")
def _previous_seat() -> None:
    """The next round is opened by the seat before the previous opener (counter-clockwise)."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def next_opener(self: Any) -> Any:
            seat = orig(self)
            if seat is not None and self.rounds and seat == (self.rounds[-1].opener + 1) % self.seating.players:
                return (self.rounds[-1].opener - 1) % self.seating.players
            return seat
        return next_opener
    wrap(Match, "next_opener", make)


@patch("lot-ties-rethrow-all", "dominolab.core.engine:lot")
def _rethrow_all() -> None:
    """A tie in the lot is thrown again by every candidate, not only by the tied ones."""
    from dominolab.core import engine

    def lot(rng: Any, candidates: Any) -> int:
        candidates = list(candidates)
        while True:
            throws = [rng.randint(1, 6) for _ in candidates]
            if throws.count(max(throws)) == 1:
                return int(candidates[throws.index(max(throws))])
    replace_everywhere(engine, "lot", lot)


@patch("later-deals-rotated", "dominolab.core.engine:Match._shuffled")
def _rotated() -> None:
    """Rounds after the first are not shuffled again: the previous deal moves on by one hand."""
    from dominolab.core.engine import Match
    last: dict[int, list[Any]] = {}

    def make(orig: Any) -> Any:
        def shuffled(self: Any) -> list[Any]:
            size = self.rules.hand_sizes[self.seating]
            tiles = orig(self) if id(self) not in last else last[id(self)][size:] + last[id(self)][:size]
            last[id(self)] = list(tiles)
            return tiles
        return shuffled
    wrap(Match, "_shuffled", make)


@patch("four-individuals-get-six", "dominolab.core.rules:HORSE_RACE.hand_sizes")
def _four_six() -> None:
    """Horse Race deals 6 tiles each to four individual players (instead of 5)."""
    _hand_sizes("horse-race", four=6)


@patch("ft-two-players-get-six", "dominolab.core.rules:FIVES_AND_THREES.hand_sizes")
def _ft_two_six() -> None:
    """Fives and Threes deals 6 tiles each to two players (instead of 7)."""
    _hand_sizes("fives-and-threes", two=6)


@patch("ft-without-two-players", "dominolab.core.rules:FIVES_AND_THREES.hand_sizes")
def _ft_no_two() -> None:
    """Fives and Threes no longer allows two players."""
    _hand_sizes("fives-and-threes", two=None)


# -- patches written for the chance audit of issue 42 (the survivors of the rule-marked tests) ---------

@patch("lot-after-block-among-winners", "dominolab.core.engine:Match._opener")
def _lot_among_winners() -> None:
    """The new lot after a blocked round is drawn among the seats that won the blocked round only."""
    from dominolab.core.engine import Match, lot

    def make(orig: Any) -> Any:
        def opener(self: Any) -> int:
            last = self.rounds[-1] if self.rounds else None
            if last is not None and last.end == "blocked" and last.outcome is not None and self.next_opener() is None:
                won = [s for s in range(self.seating.players) if self.seating.side_of(s) in last.outcome.winners]
                if won:
                    return lot(self.rng, won)
            return int(orig(self))
        return opener
    wrap(Match, "_opener", make)


@patch("first-lot-among-double-holders", "dominolab.core.engine:Match.new_round")
def _first_lot_doubles() -> None:
    """The first opener is drawn again by lot among the seats dealt a double (when any seat holds one)."""
    from dominolab.core.engine import Match, lot

    def make(orig: Any) -> Any:
        def new_round(self: Any, *args: Any, **kw: Any) -> Any:
            rnd = orig(self, *args, **kw)
            if rnd.number == 1 and not args and not kw:
                holders = [seat for seat, hand in enumerate(rnd.hands) if any(t.is_double for t in hand)]
                if holders:
                    rnd.opener = rnd.to_move = lot(self.rng, holders)
            return rnd
        return new_round
    wrap(Match, "new_round", make)


@patch("every-lot-repeats-the-first", "dominolab.core.engine:Match._opener")
def _lots_repeat() -> None:
    """Every lot of a match draws from the random state of its first lot again (one stream reused),
    so every lot after a block repeats the first lot."""
    import random
    import weakref

    from dominolab.core.engine import Match, lot
    first: weakref.WeakKeyDictionary[Any, Any] = weakref.WeakKeyDictionary()

    def make(orig: Any) -> Any:
        def opener(self: Any) -> int:
            if self.next_opener() is not None:
                return int(orig(self))
            if self not in first:
                first[self] = self.rng.getstate()
                return int(orig(self))
            stream = random.Random()
            stream.setstate(first[self])
            return lot(stream, range(self.seating.players))
        return opener
    wrap(Match, "_opener", make)


@patch("double-six-never-dealt", "dominolab.core.engine:Match._shuffled")
def _no_double_six() -> None:
    """The shuffle never deals [6|6]: dealt to a hand, it changes places with the last tile of the stock."""
    from dominolab.core.engine import Match
    from dominolab.core.tiles import Tile

    def make(orig: Any) -> Any:
        def shuffled(self: Any) -> list[Any]:
            tiles = list(orig(self))
            dealt = self.rules.hand_sizes[self.seating] * self.seating.players
            at = tiles.index(Tile(6, 6))
            if at < dealt:
                tiles[at], tiles[-1] = tiles[-1], tiles[at]
            return tiles
        return shuffled
    wrap(Match, "_shuffled", make)
