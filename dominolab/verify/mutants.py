"""Mutants: deliberate changes of one rule each, to prove that the rule tests can fail.

Every statement of ``rules_coverage.toml`` names at least one mutant. A mutant is
data, one of two forms:

* ``field:GAME.FIELD=VALUE`` - the rule as data changed: the game description
  ``GAME`` (``horse-race`` or ``fives-and-threes``) gets ``FIELD`` replaced
  (:func:`dataclasses.replace`, so the new description is checked like any
  other) and the registered game object takes over the new values in place,
  so every module that holds it plays by the changed rule. ``VALUE`` is a TOML
  value (``false``, ``60``, ``"next-seat"``, ``[10]``; lists become tuples).
* ``patch:NAME`` - a small named change of the function that implements the
  rule; every patch is a function below, registered with :func:`patch`, with
  the function it changes (``target``) and a one-line description (its German
  twin, for the book, is data in ``rules_coverage.toml``, table ``patch_de``).

A patch changes one rule at one place and copies no method body: it replaces a
field of a game description (:func:`replace_game`), wraps one function or method
and changes its arguments or its result (``Round._judge``, the one computation of
a play's outcome; ``scoring.settle_trusted``; ``Layout.contributions``;
``Match._opener``; ...), or replaces one small pure function (``engine.lot``,
``scoring._round``). A function held by name in other modules is replaced
wherever it is held (:func:`replace_everywhere`), so the engine's own calls see
the change. The engine internals a patch may touch are listed, with the reason,
as the hooks of ``tests/test_layers.py``.

:func:`run_coverage` (the command ``dominolab coverage``) first runs every test
marked ``@pytest.mark.rule(...)`` unchanged, then, for each mutant, a fresh
Python process applies it and runs the marked tests of the statements that name
it (pytest in that process; Hypothesis at a small fixed example count, no
shrinking). A mutant is *caught* for a statement when at least one of that
statement's tests fails and, for a patch, the patch was live there: it changed
its ``target`` and the statement's tests called the changed target (:class:`Reach`
counts the calls per test), and not every failure is a crash of the machinery
(:data:`CRASHES`). A patch of a function the engine no longer calls is therefore
reported ``UNREACHED``, never caught. The result is stored as JSON under
``_build/rule-coverage/`` keyed by a hash of the package's and the tests'
sources (:func:`sources_hash`); the book page *Regelabdeckung* reads it with
:func:`load_or_run`, which runs the mutants only when no result for the
current sources exists.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TextIO

from dominolab.core.errors import DominoError
from dominolab.verify.rules_coverage import patch_descriptions

ROOT = Path(__file__).resolve().parents[2]     #: the project (dominolab/verify/mutants.py)
TESTS = ROOT / "tests"
FORMAT = "dominolab.rule-coverage/1"
#: Seconds one mutant's test run may take; a run that takes longer counts as caught (it did not pass).
CHILD_TIMEOUT = 120.0
#: Hypothesis examples per property test in a mutant run (no shrinking; derandomized).
MUTANT_EXAMPLES = 15


class MutantError(DominoError):
    """A mutant that cannot be read or applied (one line)."""


# -- the registry of patches --------------------------------------------------------------

@dataclass(frozen=True)
class Patch:
    name: str
    target: str          #: the function (or value) it changes, ``module:qualname``
    description: str     #: one line
    apply: Callable[[], None]
    de: str = ""         #: the same in German (for the book)


PATCHES: dict[str, Patch] = {}

#: The description of every patch in German (the book's language): data for the book, kept beside the
#: statements' German in rules_coverage.toml (table ``patch_de``).
GERMAN = patch_descriptions()




def patch(name: str, target: str) -> Callable[[Callable[[], None]], Callable[[], None]]:
    """Register ``fn`` as the patch ``name`` changing ``target``; its docstring describes it."""
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        if name in PATCHES:
            raise ValueError(f"patch {name} registered twice")
        PATCHES[name] = Patch(name, target, " ".join((fn.__doc__ or "").split()), fn, GERMAN.get(name, ""))
        return fn
    return register


@dataclass(frozen=True)
class Mutant:
    spec: str            #: as written in rules_coverage.toml
    kind: str            #: "field" or "patch"
    target: str          #: what it changes
    description: str
    de: str = ""         #: the description in German


def _field_parts(spec: str) -> tuple[str, str, object]:
    body = spec.removeprefix("field:")
    left, eq, value_text = body.partition("=")
    game, dot, name = left.partition(".")
    if not eq or not dot or not game or not name:
        raise MutantError(f"mutant {spec!r}: a field mutant is 'field:GAME.FIELD=VALUE'")
    try:
        value = tomllib.loads(f"v = {value_text}")["v"]
    except tomllib.TOMLDecodeError:
        raise MutantError(f"mutant {spec!r}: {value_text!r} is not a TOML value") from None
    if isinstance(value, list):
        value = tuple(value)
    return game, name, value


def parse(spec: str) -> Mutant:
    """The mutant a spec names (checked: the game, the field and the patch exist)."""
    from dominolab.core.rules import GAMES, GameRules

    if not isinstance(spec, str):
        raise MutantError(f"a mutant is a text, not {type(spec).__name__}")
    if spec.startswith("field:"):
        game, name, value = _field_parts(spec)
        if game not in GAMES:
            raise MutantError(f"mutant {spec!r}: no game {game!r}")
        if name not in {f.name for f in dataclasses.fields(GameRules)}:
            raise MutantError(f"mutant {spec!r}: GameRules has no field {name!r}")
        old = getattr(GAMES[game], name)
        if old == value:
            raise MutantError(f"mutant {spec!r}: {game} already has {name} = {value!r}; nothing changes")
        return Mutant(spec, "field", f"GameRules.{name} ({game})",
                      f"{GAMES[game].title}: {name} = {value!r} instead of {old!r}",
                      f"{GAMES[game].title}: Feld {name} = {_shown(value)} statt {_shown(old)}.")
    if spec.startswith("patch:"):
        name = spec.removeprefix("patch:")
        if name not in PATCHES:
            raise MutantError(f"mutant {spec!r}: no patch named {name!r} in dominolab.mutants")
        p = PATCHES[name]
        return Mutant(spec, "patch", p.target, p.description, p.de)
    raise MutantError(f"mutant {spec!r}: write 'field:GAME.FIELD=VALUE' or 'patch:NAME'")


def _shown(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, str):
        return f"„{value}“"
    if isinstance(value, tuple):
        return "(" + ", ".join(map(str, value)) + ")"
    return str(value)


def replace_game(game: str, **changes: object) -> None:
    """Give the registered game object the values of ``dataclasses.replace(game, **changes)``, in place."""
    from dominolab.core import engine
    from dominolab.core.rules import GAMES

    rules = GAMES[game]
    values: dict[str, Any] = dict(changes)
    changed = dataclasses.replace(rules, **values)        # checked by GameRules.__post_init__
    for f in dataclasses.fields(changed):
        object.__setattr__(rules, f.name, getattr(changed, f.name))
    engine._MATCH_SETUPS.clear()
    engine._CREDIT_CACHE.clear()


def apply(spec: str) -> Mutant:
    """Apply a mutant to this process (irreversible: meant for the fresh process of one run)."""
    mutant = parse(spec)
    if mutant.kind == "field":
        game, name, value = _field_parts(spec)
        try:
            replace_game(game, **{name: value})
        except DominoError as exc:
            raise MutantError(f"mutant {spec!r}: {exc}") from None
    else:
        PATCHES[spec.removeprefix("patch:")].apply()
    return mutant


# -- patches: the match, the deal, the opener ----------------------------------------------

def _wrap(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    setattr(owner, name, make(getattr(owner, name)))


def replace_everywhere(module: Any, name: str, new: Any) -> Any:
    """Set ``module.name`` to ``new`` and also in every loaded dominolab module that imported the
    old object by name (``from module import name``); return the old object. Modules imported
    later import the new one."""
    old = getattr(module, name)
    for mod in list(sys.modules.values()):
        if getattr(mod, "__name__", "").startswith("dominolab") and getattr(mod, name, None) is old:
            setattr(mod, name, new)
    setattr(module, name, new)
    return old


def wrap_everywhere(module: Any, name: str, make: Callable[[Any], Any]) -> None:
    """Replace ``module.name`` by ``make(old)`` wherever it is held (:func:`replace_everywhere`)."""
    replace_everywhere(module, name, make(getattr(module, name)))


@patch("first-side-only-at-target", "dominolab.core.rules:GameRules.sides_at_target_trusted")
def _first_side_only() -> None:
    """When several sides reach the target in one settlement, only the first side (by seat) is kept."""
    from dominolab.core.rules import GameRules
    _wrap(GameRules, "sides_at_target_trusted", lambda orig: lambda self, scores: orig(self, scores)[:1])


@patch("highest-score-only-at-target", "dominolab.core.rules:GameRules.sides_at_target_trusted")
def _highest_only() -> None:
    """Of the sides that reach the target together, only those with the highest final score win."""
    from dominolab.core.rules import GameRules

    def make(orig: Any) -> Any:
        def sides(self: Any, scores: Sequence[int]) -> tuple[int, ...]:
            found = orig(self, scores)
            best = max((scores[s] for s in found), default=0)
            return tuple(s for s in found if scores[s] == best)
        return sides
    _wrap(GameRules, "sides_at_target_trusted", make)


@patch("tie-at-target-broken-by-seat", "dominolab.core.rules:GameRules.sides_at_target_trusted")
def _tie_by_seat() -> None:
    """Sides reaching the target with the same score: the lower seat alone wins."""
    from dominolab.core.rules import GameRules

    def make(orig: Any) -> Any:
        def sides(self: Any, scores: Sequence[int]) -> tuple[int, ...]:
            out: list[int] = []
            for s in orig(self, scores):
                if all(scores[o] != scores[s] for o in out):
                    out.append(s)
            return tuple(out)
        return sides
    _wrap(GameRules, "sides_at_target_trusted", make)


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
    _wrap(Match, "_opener", make)


@patch("first-opener-seat-0", "dominolab.core.engine:Match._opener")
def _first_opener_seat0() -> None:
    """The first round of a match is always opened by seat 0 (no lot)."""
    from dominolab.core.engine import Match
    _wrap(Match, "_opener", lambda orig: lambda self: 0 if not self.rounds else orig(self))


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
    _wrap(Match, "_opener", make)


@patch("partnership-lot-among-two-seats", "dominolab.core.engine:Match._opener")
def _lot_two_seats() -> None:
    """With four players in partnerships the first lot is drawn among seats 0 and 1 only."""
    from dominolab.core.engine import Match, lot
    _wrap(Match, "_opener", lambda orig: lambda self: lot(self.rng, [0, 1])
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
    _wrap(Match, "new_round", make)


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
    _wrap(Match, "_shuffled", make)


@patch("deal-repeats-a-tile", "dominolab.core.engine:Match._shuffled")
def _deal_repeats() -> None:
    """The shuffled set loses its last tile and holds its first tile twice."""
    from dominolab.core.engine import Match
    _wrap(Match, "_shuffled", lambda orig: lambda self: (lambda t: t[:-1] + t[:1])(orig(self)))


@patch("stock-loses-a-tile", "dominolab.core.engine:Match._shuffled")
def _stock_loses() -> None:
    """The deal puts one tile fewer into the stock."""
    from dominolab.core.engine import Match
    _wrap(Match, "_shuffled", lambda orig: lambda self: orig(self)[:-1])     # hands come first; the stock is the rest


def _hand_sizes(game: str, **changes: int | None) -> None:
    from dominolab.core.rules import GAMES, Seating
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


@patch("partners-sit-side-by-side", "dominolab.core.rules:Seating.side_of")
def _partners_adjacent() -> None:
    """Partners are neighbours (seats 0+1 against 2+3) instead of sitting opposite."""
    from dominolab.core.rules import Seating
    _wrap(Seating, "side_of", lambda orig: lambda self, seat: seat // 2 if self.partnerships else orig(self, seat))
    _seat_tables_changed()


@patch("partners-score-apart", "dominolab.core.rules:Seating.side_of")
def _partners_apart() -> None:
    """Partners keep four separate scores instead of one per partnership."""
    from dominolab.core.rules import Seating
    Seating.n_sides = property(lambda self: self.players)  # type: ignore[method-assign,assignment]
    Seating.side_of = lambda self, seat: seat  # type: ignore[method-assign]
    _seat_tables_changed()


@patch("individuals-share-scores", "dominolab.core.rules:Seating.side_of")
def _individuals_share() -> None:
    """With three or four individual players, seats 0 and 2 add to one score."""
    from dominolab.core.rules import Seating
    _wrap(Seating, "side_of", lambda orig: lambda self, seat: orig(self, seat) if self.partnerships or self.players < 3
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
    _wrap(Match, "new_round", make)


# -- patches: turns, staying on turn, drawing, passing ----------------------------------------

def _after_play(adjust: Callable[[Any, int, Any], None]) -> None:
    """Wrap Round.push: after a play that leaves the round running, ``adjust(round, seat, event)``."""
    from dominolab.core.engine import PlayEvent, Round
    from dominolab.core.layout import Placement

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            seat = self.to_move
            events = orig(self, move)
            if (isinstance(move, Placement) and events and isinstance(events[0], PlayEvent)
                    and self.end is None):
                adjust(self, seat, events[0])
            return events
        return push
    _wrap(Round, "push", make)


def _side_out(rnd: Any, seat: int, left: int) -> bool:
    """Whether a play that leaves ``left`` tiles in the hand of ``seat`` empties its side (the last tile)."""
    return not left and (not rnd.rules.partners_play_out or not any(
        rnd.hands[s] for s in rnd.seating.seats_of(rnd.seating.side_of(seat)) if s != seat))


def _judge_output(change: Callable[..., Any]) -> None:
    """Wrap ``Round._judge``, the one computation of a play's outcome (``bonus, scored, stays, end``):
    ``change(round, *its arguments, outcome)`` returns the outcome to use instead."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, *args: Any) -> Any:
            return change(self, *args, orig(self, *args))
        return judge
    _wrap(Round, "_judge", make)


def _judge_stays(stays: Callable[..., bool]) -> None:
    """Wrap ``Round._judge`` so that ``stays(round, seat, tile, source, credit, left, stays)`` decides
    whether the mover moves again (while the round goes on)."""
    def change(rnd: Any, seat: int, tile: Any, source: Any, credit: int, left: int, counts: int, held: Any,
               outcome: Any) -> Any:
        bonus, scored, stay, end = outcome
        if end is not None and end != "blocked":
            return outcome
        return bonus, scored, bool(stays(rnd, seat, tile, source, credit, left, stay)), end
    _judge_output(change)


def _judge_input(credit: Callable[..., int]) -> None:
    """Wrap ``Round._judge`` so that it judges the play with the credit ``credit(round, seat, tile, source,
    credit, left, counts, held)`` instead of the end sum's."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, points: int, left: int, counts: int,
                  held: Any) -> Any:
            return orig(self, seat, tile, source, credit(self, seat, tile, source, points, left, counts, held), left,
                        counts, held)
        return judge
    _wrap(Round, "_judge", make)


@patch("counter-clockwise", "dominolab.core.engine:Round._next_seat")
def _counter_clockwise() -> None:
    """The turn passes counter-clockwise (to the previous seat that holds tiles)."""
    from dominolab.core.engine import Round

    def next_seat(self: Any, seat: int) -> int:
        n = self.seating.players
        nxt = (seat - 1) % n
        while not self.hands[nxt] and nxt != seat:
            nxt = (nxt - 1) % n
        return int(nxt)
    Round._next_seat = next_seat  # type: ignore[method-assign]

    def adjust(rnd: Any, seat: int, event: Any) -> None:
        if rnd.to_move == (seat + 1) % rnd.seating.players and rnd.to_move != seat:
            rnd.to_move = rnd._next_seat(seat)
    _after_play(adjust)


@patch("empty-seat-not-skipped", "dominolab.core.engine:Round._next_seat")
def _no_skip() -> None:
    """A seat whose hand is empty still gets the turn (and can only pass)."""
    from dominolab.core.engine import Round
    Round._next_seat = lambda self, seat: (seat + 1) % self.seating.players  # type: ignore[method-assign]


@patch("empty-partner-not-skipped-after-ordinary-play", "dominolab.core.engine:Round.push")
def _empty_partner_not_skipped() -> None:
    """After an ordinary (non-scoring) play the turn goes to the next seat even when its hand is empty (the seat of a partner who played out then has to knock)."""
    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if not ev.credit and rnd.to_move != seat:
            rnd.to_move = (seat + 1) % rnd.seating.players
    _after_play(adjust)


@patch("opening-needs-a-double", "dominolab.core.engine:Round.legal_moves")
def _opening_double() -> None:
    """A round may only be opened with a double when the opener holds one."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if not self.layout.placements and any(m.tile.is_double for m in moves):
                return [m for m in moves if m.tile.is_double]
            return moves
        return legal_moves
    _wrap(Round, "legal_moves", make)


@patch("opening-scores-nothing", "dominolab.core.engine:Round._judge")
def _opening_nothing() -> None:
    """The opening tile is not scored."""
    # the tile judged is the opening one: the layout holds no other (push judges it placed, preview not yet)
    _judge_input(lambda rnd, seat, tile, source, credit, left, counts, held:
                 0 if len(rnd.layout.placements) + (held is not None) == 1 else credit)


@patch("last-tile-scores-nothing", "dominolab.core.engine:Round._judge")
def _last_nothing() -> None:
    """The tile that empties the hand is not scored (only the round ends)."""
    _judge_input(lambda rnd, seat, tile, source, credit, left, counts, held:
                 0 if _side_out(rnd, seat, left) else credit)


@patch("no-stay-after-double", "dominolab.core.engine:Round._judge")
def _no_stay_double() -> None:
    """A double from the hand that scores nothing ends the turn."""
    _judge_stays(lambda rnd, seat, tile, source, credit, left, stays: stays and not (tile.is_double and not credit))


@patch("no-stay-after-scoring-tile", "dominolab.core.engine:Round._judge")
def _no_stay_scoring() -> None:
    """A scoring tile from the hand that is not a double ends the turn."""
    _judge_stays(lambda rnd, seat, tile, source, credit, left, stays: stays and not (credit and not tile.is_double))


@patch("ordinary-tile-keeps-turn", "dominolab.core.engine:Round._judge")
def _ordinary_keeps() -> None:
    """An ordinary tile from the hand that scores nothing lets the player continue."""
    _judge_stays(lambda rnd, seat, tile, source, credit, left, stays:
                 stays or (source == "hand" and not tile.is_double and not credit and left > 0))


@patch("scoring-double-two-continuations", "dominolab.core.engine:Round.push")
def _two_continuations() -> None:
    """A scoring double saves a second continuation: the next turn-ending hand tile does not end the turn."""
    saved: dict[int, int] = {}

    def adjust(rnd: Any, seat: int, ev: Any) -> None:
        if ev.source == "hand" and ev.tile.is_double and ev.credit:
            saved[id(rnd)] = seat
        elif saved.get(id(rnd)) == seat and rnd.to_move != seat and rnd.hands[seat]:
            del saved[id(rnd)]
            rnd.to_move = seat
    _after_play(adjust)


@patch("drawn-tile-counts-as-from-hand", "dominolab.core.engine:Round.push")
def _drawn_as_hand() -> None:
    """A drawn tile played at once counts as played from the hand (a double or a scoring one lets the player continue)."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            if self.pending is not None and move is not None and not isinstance(move, str):
                self.pending = None
            return orig(self, move)
        return push
    _wrap(Round, "push", make)


def _nothing_to_draw(rnd: Any) -> bool:
    return not rnd.rules.drawing or not rnd.stock_left


def _staying(rnd: Any) -> bool:
    from dominolab.core.engine import PlayEvent
    last = rnd.events[-1] if rnd.events else None
    return isinstance(last, PlayEvent) and last.seat == rnd.to_move and rnd.pending is None


@patch("continuing-player-may-stop", "dominolab.core.engine:Round.legal_moves")
def _may_stop() -> None:
    """A player who stays on turn may pass instead of continuing."""
    from dominolab.core.engine import PASS, Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if moves and PASS not in moves and _staying(self):
                return [*moves, PASS]
            return moves
        return legal_moves
    _wrap(Round, "legal_moves", make)


@patch("continuing-player-without-tile-passes", "dominolab.core.engine:Round.legal_moves")
def _continuing_passes() -> None:
    """A player who stays on turn without a playable tile passes instead of drawing."""
    from dominolab.core.engine import DRAW, PASS, Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            return [PASS] if moves == [DRAW] and _staying(self) else moves
        return legal_moves
    _wrap(Round, "legal_moves", make)


@patch("draw-allowed-when-able", "dominolab.core.engine:Round.legal_moves")
def _draw_when_able() -> None:
    """A player who can play may draw instead."""
    from dominolab.core.engine import DRAW, Round
    from dominolab.core.layout import Placement

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if moves and isinstance(moves[0], Placement) and self.layout.placements and not _nothing_to_draw(self) \
                    and self.pending is None:
                return [*moves, DRAW]
            return moves
        return legal_moves
    _wrap(Round, "legal_moves", make)


@patch("draw-stops-after-one-tile", "dominolab.core.engine:Round._draw")
def _one_draw() -> None:
    """A player draws one tile per turn; an unplayable one ends the turn."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def draw(self: Any) -> None:
            seat = self.to_move
            orig(self)
            if self.pending is None and self.end is None:
                self.to_move = self._next_seat(seat)
        return draw
    _wrap(Round, "_draw", make)


@patch("drawn-tile-may-be-kept", "dominolab.core.engine:Round.legal_moves")
def _drawn_kept() -> None:
    """A playable drawn tile need not be played at once: the player may keep it and draw on (or pass)."""
    from dominolab.core.engine import DRAW, PASS, Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if self.pending is not None and self.end is None:
                return [*moves, PASS if _nothing_to_draw(self) else DRAW]
            return moves
        return legal_moves
    _wrap(Round, "legal_moves", make)

    def make_push(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            if move is DRAW or move is PASS:
                self.pending = None
            return orig(self, move)
        return push
    _wrap(Round, "push", make_push)


@patch("drawn-tile-offered-one-point", "dominolab.core.engine:legal_moves_of")
def _drawn_one_point() -> None:
    """A drawn tile that fits two free points is offered at the first of them only."""
    from dominolab.core import engine
    wrap_everywhere(engine, "legal_moves_of", lambda orig: lambda layout, hand, pending, stock_out:
                    orig(layout, hand, pending, stock_out)[:1 if pending is not None else None])


@patch("pass-allowed-when-able", "dominolab.core.engine:Round.legal_moves")
def _pass_when_able() -> None:
    """A player who can play may pass (knock) instead."""
    from dominolab.core.engine import PASS, Round
    from dominolab.core.layout import Placement

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if moves and isinstance(moves[0], Placement) and self.layout.placements and self.pending is None:
                return [*moves, PASS]
            return moves
        return legal_moves
    _wrap(Round, "legal_moves", make)


@patch("last-stock-tile-protected", "dominolab.core.engine:Round.legal_moves")
def _last_protected() -> None:
    """The last tile of the stock is protected: it cannot be drawn (the player passes instead)."""
    from dominolab.core.engine import DRAW, PASS, Round
    _wrap(Round, "legal_moves", lambda orig: lambda self: (
        lambda m: [PASS] if m == [DRAW] and self.stock_left <= 1 else m)(orig(self)))


@patch("pass-with-stock", "dominolab.core.engine:Round.legal_moves")
def _pass_with_stock() -> None:
    """A player who cannot play passes even when the stock still holds tiles."""
    from dominolab.core.engine import DRAW, PASS, Round
    _wrap(Round, "legal_moves", lambda orig: lambda self: (lambda m: [PASS] if m == [DRAW] else m)(orig(self)))


@patch("pass-keeps-turn", "dominolab.core.engine:Round.push")
def _pass_keeps() -> None:
    """Knocking (passing) does not hand the turn on."""
    from dominolab.core.engine import PASS, Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            seat = self.to_move
            events = orig(self, move)
            if move is PASS:
                self.to_move = seat
            return events
        return push
    _wrap(Round, "push", make)


@patch("no-block-detection", "dominolab.core.engine:Round.is_blocked")
def _no_block() -> None:
    """A round is never recognised as blocked."""
    from dominolab.core.engine import Round
    _wrap(Round, "is_blocked", lambda orig: lambda self, counts=None, held=None: False)


@patch("blocked-round-rewards-last-player", "dominolab.core.engine:Round._finish")
def _block_bonus() -> None:
    """A blocked Fives and Threes round gives the side of the last player the domino bonus and the round."""
    from dominolab.core.engine import PlayEvent, Round

    def make(orig: Any) -> Any:
        def finish(self: Any, reason: Any, domino_seat: Any) -> None:
            orig(self, reason, domino_seat)
            if reason == "blocked" and not self.rules.pip_settlement:
                last = next(e for e in reversed(self.events) if isinstance(e, PlayEvent))
                side = self.seating.side_of(last.seat)
                self.scores[side] += self.rules.domino_bonus
                self.outcome = dataclasses.replace(self.outcome, winners=(side,))
        return finish
    _wrap(Round, "_finish", make)


# -- patches: the target -------------------------------------------------------------------

@patch("void-removed-mid-round", "dominolab.core.engine:Round._judge")
def _void_mid_round() -> None:
    """Fives and Threes: a scoring play in mid-round that would pass 61 is booked anyway (the void only applies to the last tile)."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, credit: int, left: int, *rest: Any) -> Any:
            if _side_out(self, seat, left):
                return orig(self, seat, tile, source, credit, left, *rest)
            exact, self._exact = self._exact, False       # what Round.accepted reads
            try:
                return orig(self, seat, tile, source, credit, left, *rest)
            finally:
                self._exact = exact
        return judge
    _wrap(Round, "_judge", make)


@patch("partial-credit-up-to-target", "dominolab.core.engine:Round.accepted")
def _partial_credit() -> None:
    """Fives and Threes: an event that would pass 61 books as much as still fits (no whole-event void)."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def accepted(self: Any, side: int, points: int, score: int | None = None) -> int:
            booked = int(orig(self, side, points, score))
            if points and not booked:                   # the void: book what still fits instead
                return int(self.rules.target - (self.scores[side] if score is None else score))
            return booked
        return accepted
    _wrap(Round, "accepted", make)


@patch("bonus-checked-separately", "dominolab.core.engine:Round._judge")
def _bonus_separately() -> None:
    """Fives and Threes: credit and domino bonus of the last tile are checked against 61 one after the other."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, credit: int, left: int, *rest: Any) -> Any:
            if not (self.rules.target_exact and _side_out(self, seat, left)):
                return orig(self, seat, tile, source, credit, left, *rest)
            accepted = Round.accepted
            side = self.seating.side_of(seat)
            first = accepted(self, side, credit)
            both = first + accepted(self, side, self.rules.domino_bonus, self.scores[side] + first)
            Round.accepted = lambda rnd, side, points, score=None: both  # type: ignore[method-assign,assignment]
            try:
                return orig(self, seat, tile, source, credit, left, *rest)
            finally:
                Round.accepted = accepted  # type: ignore[method-assign]
        return judge
    _wrap(Round, "_judge", make)


@patch("target-ignored-mid-round", "dominolab.core.engine:Round._judge")
def _target_mid_round() -> None:
    """Reaching the target with a play in mid-round does not end the match there (play goes on)."""
    from dominolab.core.engine import TARGET, Round

    def make(orig: Any) -> Any:
        def judge(self: Any, seat: int, tile: Any, source: Any, credit: int, left: int, *rest: Any) -> Any:
            outcome = orig(self, seat, tile, source, credit, left, *rest)
            if outcome[3] is TARGET and not _side_out(self, seat, left):
                # judged again as if the target were out of reach: the same points, the round goes on
                target, self._target = self._target, sys.maxsize
                try:
                    outcome = orig(self, seat, tile, source, credit, left, *rest)
                finally:
                    self._target = target
            return outcome
        return judge
    _wrap(Round, "_judge", make)


@patch("last-tile-at-target-still-settled", "dominolab.core.engine:Round._judge")
def _last_tile_settled() -> None:
    """Horse Race: a last tile that reaches 61 is still followed by the round's settlement."""
    from dominolab.core.engine import DOMINO, TARGET

    def change(rnd: Any, seat: int, tile: Any, source: Any, credit: int, left: int, counts: int, held: Any,
               outcome: Any) -> Any:
        bonus, scored, stays, end = outcome
        if end is TARGET and rnd.rules.pip_settlement and _side_out(rnd, seat, left):
            return bonus, scored, stays, DOMINO        # the domino is settled as if the target were not reached
        return outcome
    _judge_output(change)


@patch("scores-recorded-late", "dominolab.core.engine:Round.push")
def _scores_late() -> None:
    """A scoring play records the score as it was before the play (the record lags behind)."""
    from dominolab.core.engine import PlayEvent, Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            before = tuple(self.scores)
            n = len(self.events)
            events = orig(self, move)
            if events and type(events[0]) is PlayEvent and events[0].scored:
                self.events[n] = events[0] = events[0]._replace(scores=before)
            return events
        return push
    _wrap(Round, "push", make)


@patch("winner-gets-margin-credit", "dominolab.core.engine:Match.end_round")
def _margin_credit() -> None:
    """The match winner gets an extra credit of its lead over the next side (a tournament difference)."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def end_round(self: Any) -> None:
            orig(self)
            scores = self.rounds[-1].scores          # Match.scores is a copy of the last round's
            if self.winners and len(scores) > 1:
                others = [s for i, s in enumerate(scores) if i not in self.winners]
                lead = max(scores) - max(others, default=0)
                for w in self.winners:
                    scores[w] += lead
        return end_round
    _wrap(Match, "end_round", make)


@patch("result-names-first-winner-only", "dominolab.core.engine:Match.end_round")
def _first_winner_only() -> None:
    """The match result names only the first of several simultaneous winners."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def end_round(self: Any) -> None:
            orig(self)
            self.winners = tuple(self.winners[:1])
        return end_round
    _wrap(Match, "end_round", make)


@patch("block-before-target", "dominolab.core.engine:Round._judge")
def _block_before_target() -> None:
    """Horse Race: a play that both reaches 61 and blocks the round is settled as a block first (the settlement's credits are booked and every side at the target then shares the win)."""
    from dominolab.core.engine import BLOCKED, TARGET

    def change(rnd: Any, seat: int, tile: Any, source: Any, credit: int, left: int, counts: int, held: Any,
               outcome: Any) -> Any:
        bonus, scored, stays, end = outcome
        if end is TARGET and rnd.rules.pip_settlement and counts and rnd.is_blocked(counts, held):
            return bonus, scored, False, BLOCKED
        return outcome
    _judge_output(change)


# -- patches: credits ----------------------------------------------------------------------

def _credit_variant(make: Callable[[Any], Callable[[int, Sequence[int]], int]]) -> None:
    """Replace the one credit computation (``scoring.credit_trusted``, which ``GameRules.credit`` calls)."""
    from dominolab.core import engine, scoring
    wrap_everywhere(scoring, "credit_trusted", make)
    engine._CREDIT_CACHE.clear()


@patch("near-multiples-score", "dominolab.core.scoring:credit_trusted")
def _near_multiples() -> None:
    """A sum that no divisor divides still scores sum // (largest divisor)."""
    _credit_variant(lambda orig: lambda s, ds: orig(s, ds) or (s // max(ds) if s > 0 else 0))


@patch("threes-and-fives-not-added", "dominolab.core.scoring:credit_trusted")
def _not_added() -> None:
    """When several divisors divide the sum, only the largest part scores (no adding)."""
    _credit_variant(lambda orig: lambda s, ds: max((s // d for d in ds if s > 0 and s % d == 0), default=0))


@patch("end-sum-booked-as-points", "dominolab.core.scoring:credit_trusted")
def _sum_booked() -> None:
    """A scoring sum books the end sum itself instead of the points it is worth."""
    _credit_variant(lambda orig: lambda s, ds: s if orig(s, ds) else 0)


@patch("credit-phrase-raw-as-display", "dominolab.text.steptext:credit_phrase")
def _phrase_raw() -> None:
    """The step text states the raw points also as display points (no division by five)."""
    from dominolab.core.rules import GameRules
    from dominolab.text import steptext
    from dominolab.text.words import count

    def make(orig: Callable[[int, GameRules, str], str]) -> Callable[[int, GameRules, str], str]:
        def credit_phrase(n: int, rules: GameRules, lang: str = "de") -> str:
            if rules.raw_per_point == 1:
                return orig(n, rules, lang)
            return orig(n, rules, lang).split(" (")[0] + " (" + count(n * rules.raw_per_point,
                                                                    rules.point_words[lang]) + ")"
        return credit_phrase
    wrap_everywhere(steptext, "credit_phrase", make)


# -- patches: the settlement -----------------------------------------------------------------
#
# Each wraps the one settlement computation (``scoring.settle_trusted``, held by the engine under
# that name) and changes what it returns; none restates it. A side's credit as a winner is what the
# original computes for that side when one of its seats played out (:func:`_with_winners`).

_SettleArgs = tuple[Sequence[int], Sequence[int], int, "int | None", int]


def _settle_variant(change: Callable[[Any, _SettleArgs, Any], Any]) -> None:
    """Wrap ``scoring.settle_trusted``: ``change(original, arguments, settlement)`` is the settlement used."""
    from dominolab.core import scoring
    wrap_everywhere(scoring, "settle_trusted", lambda orig: lambda *args: change(orig, args, orig(*args)))


def _with_winners(orig: Any, args: _SettleArgs, s: Any, winners: Sequence[int]) -> Any:
    """``s`` won by ``winners`` instead, each credited as the original credits a winning side."""
    pips, side_of, n_sides, _, unit = args
    one = {w: orig(pips, side_of, n_sides, list(side_of).index(w), unit) for w in winners}

    def per_side(field: str) -> tuple[int, ...]:
        return tuple(getattr(one[side], field)[side] if side in one else 0 for side in range(n_sides))
    return dataclasses.replace(s, winners=tuple(winners), collected=per_side("collected"),
                               rounded=per_side("rounded"), credits=per_side("credits"))


def _lowest(keys: Sequence[int], sign: int = 1) -> tuple[int, ...]:
    best = min(sign * k for k in keys)
    return tuple(side for side, k in enumerate(keys) if sign * k == best)


def _with_collected(s: Any, collected: Sequence[int]) -> Any:
    """``s`` with other raw pips collected per side, rounded and divided as the game does."""
    from dominolab.core.scoring import round_to_five
    rounded = tuple(round_to_five(c, s.unit) for c in collected)
    return dataclasses.replace(s, collected=tuple(collected), rounded=rounded,
                               credits=tuple(r // s.unit for r in rounded))


def _opponents_rounded(args: _SettleArgs, side: int) -> int:
    """The pips of every seat not on ``side``, each rounded to the unit on its own, added."""
    pips, side_of, _, _, unit = args
    return sum(_round_five(p, unit) for seat, p in enumerate(pips) if side_of[seat] != side)


_SETTLE_VARIANTS: tuple[tuple[str, str, Callable[[Any, _SettleArgs, Any], Any]], ...] = (
    ("domino-credit-to-next-side", "After a domino the side after the player's wins the round.",
     lambda orig, a, s: s if a[3] is None else dataclasses.replace(
         orig(a[0], a[1], a[2], (a[3] + 1) % len(a[0]), a[4]), domino_seat=a[3])),
    ("block-highest-wins", "After a block the highest pip total wins instead of the lowest.",
     lambda orig, a, s: s if a[3] is not None else _with_winners(orig, a, s, _lowest(s.side_pips, -1))),
    ("block-lightest-single-hand",
     "After a block partnerships are compared by their lightest single hand, not the two hands together.",
     lambda orig, a, s: s if a[3] is not None else _with_winners(orig, a, s, _lowest(
         [min(p for seat, p in enumerate(a[0]) if a[1][seat] == side) for side in range(a[2])]))),
    ("block-on-rounded-pips",
     "After a block the sides' pip sums are compared rounded to five (11 and 12 pips tie), not raw.",
     lambda orig, a, s: s if a[3] is not None else _with_winners(orig, a, s, _lowest(
         [_round_five(p, a[4]) for p in s.side_pips]))),
    ("round-each-opponent", "Every opponent's pips are rounded on their own before adding.",
     lambda orig, a, s: dataclasses.replace(s, **_rounded_credits(s, [
         _opponents_rounded(a, side) if side in s.winners else 0 for side in range(a[2])]))),
    ("deduct-own-rest", "The winner's own remaining pips are deducted from the credit.",
     lambda orig, a, s: _with_collected(s, [max(0, c - own) for c, own in zip(s.collected, s.side_pips)])),
    ("partner-pips-count", "The pips of the winner's partner count towards the credit.",
     lambda orig, a, s: s if a[3] is None else _with_collected(
         s, [sum(a[0]) - a[0][a[3]] if side in s.winners else 0 for side in range(a[2])])),
    ("losers-get-a-point", "Every side that did not win the round gets 1 point.",
     lambda orig, a, s: dataclasses.replace(s, credits=tuple(c if side in s.winners else 1
                                                             for side, c in enumerate(s.credits)))),
    ("losers-lose-a-point", "Every side that did not win the round loses 1 point.",
     lambda orig, a, s: dataclasses.replace(s, credits=tuple(c if side in s.winners else -1
                                                             for side, c in enumerate(s.credits)))),
    ("tie-credit-split", "Tied lowest sides share (divide) the credit.",
     lambda orig, a, s: dataclasses.replace(s, credits=tuple(c // len(s.winners) for c in s.credits))),
    ("tie-excludes-other-winners", "A tied lowest side is not paid the pips of the other tied winners.",
     lambda orig, a, s: _with_collected(s, [sum(a[0]) - sum(s.side_pips[w] for w in s.winners)
                                            if side in s.winners else 0 for side in range(a[2])])),
    ("partners-credited-separately", "A winning partnership is credited once per partner.",
     lambda orig, a, s: s if len(a[0]) == a[2] else dataclasses.replace(s, credits=tuple(2 * c for c in s.credits))),
)


def _round_five(pips: int, unit: int) -> int:
    from dominolab.core.scoring import round_to_five
    return round_to_five(pips, unit)


def _rounded_credits(s: Any, rounded: Sequence[int]) -> dict[str, tuple[int, ...]]:
    return {"rounded": tuple(rounded), "credits": tuple(r // s.unit for r in rounded)}


def _register_settle_variant(name: str, doc: str, change: Callable[[Any, _SettleArgs, Any], Any]) -> None:
    def apply_variant() -> None:
        _settle_variant(change)
    apply_variant.__doc__ = doc
    patch(name, "dominolab.core.scoring:settle_trusted")(apply_variant)


for _name, _doc, _change in _SETTLE_VARIANTS:
    _register_settle_variant(_name, _doc, _change)


@patch("settlement-rounds-down", "dominolab.core.scoring:_round")
def _round_down() -> None:
    """Opponents' pips are always rounded down to a multiple of five (17 stays 15, 18 becomes 15)."""
    from dominolab.core import scoring
    replace_everywhere(scoring, "_round", lambda pips, unit: pips - pips % unit)


# -- patches: the layout ---------------------------------------------------------------------

def _contributions_variant(change: Callable[[Any, list[tuple[Any, int]]], list[tuple[Any, int]]],
                           sum_follows: bool = True) -> None:
    """Wrap what counts as a scored end: ``Layout.contributions`` returns ``change(layout, original
    list)``; with ``sum_follows`` the end sum the engine books (``Layout.place_trusted``, and
    ``Layout.end_sum_after`` through it) is the sum of the changed list."""
    from dominolab.core.layout import Layout, Placement

    _wrap(Layout, "contributions", lambda orig: lambda self: sorted(change(self, orig(self)),
                                                                   key=lambda pv: pv[0].sort_key))
    if not sum_follows:
        return

    def make_place(orig: Any) -> Any:
        def place_trusted(self: Any, placement: Any) -> int:
            orig(self, placement)
            self.end_sum = sum(v for _, v in self.contributions())
            return int(self.end_sum)
        return place_trusted
    _wrap(Layout, "place_trusted", make_place)
    _wrap(Layout, "end_sum_after", lambda orig: lambda self, tile, at: Layout.place_trusted(self.copy(),
                                                                                            Placement(tile, at)))


def _placement(placement: Any) -> Any:
    from dominolab.core.layout import Placement
    return placement if isinstance(placement, Placement) else Placement.parse(placement)


def _line_sides(tile: Any) -> tuple[Any, Any]:
    from dominolab.core.layout import AttachmentPoint, Side
    return AttachmentPoint(tile, Side.A), AttachmentPoint(tile, Side.B)


def _closed_doubles(layout: Any) -> list[Any]:
    """The doubles of ``layout`` whose two line sides are both taken."""
    return [p.tile for p in layout.placements if p.tile.is_double
            and all(point in layout.occupied for point in _line_sides(p.tile))]


def _free_arms(layout: Any, tile: Any) -> list[Any]:
    from dominolab.core.layout import AttachmentPoint, Side
    return [arm for arm in (AttachmentPoint(tile, Side.ARM_A), AttachmentPoint(tile, Side.ARM_B))
            if arm not in layout.occupied]


_LAYOUT_VARIANTS: tuple[tuple[str, str, Callable[[Any, list[tuple[Any, int]]], list[tuple[Any, int]]]], ...] = (
    ("end-double-counts-once", "A double at an end counts one half instead of both.",
     lambda lay, out: [(p, v // 2 if p.tile.is_double else v) for p, v in out]),
    ("double-stops-counting-after-first-join",
     "A double stops counting as soon as one tile is joined to it (not only when both line sides are taken).",
     lambda lay, out: [(p, v) for p, v in out if not p.tile.is_double
                       or not any(point in lay.occupied for point in _line_sides(p.tile))]),
    ("closed-double-counts", "A double with both line sides taken still counts both halves.",
     lambda lay, out: out + [(_line_sides(t)[0], t.pips) for t in _closed_doubles(lay)]),
    ("unused-arms-count", "The free side arms of a closed spinner count their pips.",
     lambda lay, out: out + ([(arm, t.low) for t in _closed_doubles(lay) for arm in _free_arms(lay, t)]
                             if lay.spinners else [])),
    ("arm-tiles-not-counted", "The outer end of a tile on a side arm does not count.",
     lambda lay, out: [(p, v) for p, v in out if p.tile not in
                       {joined.tile for anchor, joined in lay.connections if anchor.side.is_arm}]),
    ("end-sum-over-free-points", "Every free attachment point counts its pips (not only scored ends).",
     lambda lay, out: [(p, p.pips) for p in lay.open_points()]),
    ("zero-ends-dropped", "Scored ends of value zero are left out of the list of contributions.",
     lambda lay, out: [(p, v) for p, v in out if v]),
    ("only-one-end-counts", "Only the first scored end (by tile) counts.",
     lambda lay, out: out[:1]),
)


def _register_layout_variant(name: str, doc: str,
                             change: Callable[[Any, list[tuple[Any, int]]], list[tuple[Any, int]]]) -> None:
    sum_follows = name != "zero-ends-dropped"        # leaving out zeros changes the list, not the sum

    def apply_variant() -> None:
        _contributions_variant(change, sum_follows)
    apply_variant.__doc__ = doc
    patch(name, "dominolab.core.layout:Layout." + ("place_trusted" if sum_follows else "contributions"))(apply_variant)


for _layout_name, _layout_doc, _layout_change in _LAYOUT_VARIANTS:
    _register_layout_variant(_layout_name, _layout_doc, _layout_change)


@patch("arms-open-with-first-side", "dominolab.core.layout:Layout.place_trusted")
def _arms_early() -> None:
    """A spinner's side arms open as soon as one line side is taken."""
    from dominolab.core.layout import Layout, Side

    def make_place(orig: Any) -> Any:
        def place_trusted(self: Any, placement: Any) -> int:
            total = orig(self, placement)
            at = placement[1]
            if at is not None and at.side in (Side.A, Side.B) and self.spins(at.tile):
                for arm in _free_arms(self, at.tile):
                    if arm not in self.open:
                        self.open[arm] = arm.placement_of
                        self.open_counts += arm.unit
            return int(total)
        return place_trusted

    def make_reason(orig: Any) -> Any:
        def reason(self: Any, placement: Any) -> Any:
            found = orig(self, placement)
            if found is not None and found.code == "arm-before-line-sides":
                at = _placement(placement).at
                if at is not None and any(point in self.occupied for point in _line_sides(at.tile)):
                    return None
            return found
        return reason
    _wrap(Layout, "place_trusted", make_place)
    _wrap(Layout, "reason", make_reason)


@patch("arm-b-needs-arm-a", "dominolab.core.layout:Layout.place_trusted")
def _arm_order() -> None:
    """Side arm B may be used only after side arm A."""
    from dominolab.core.errors import Reason
    from dominolab.core.layout import AttachmentPoint, Layout, Side

    def make_place(orig: Any) -> Any:
        def place_trusted(self: Any, placement: Any) -> int:
            total = orig(self, placement)
            at = placement[1]
            for point in list(self.open):                       # arm B stays closed while arm A is free
                if point.side is Side.ARM_B and AttachmentPoint(point.tile, Side.ARM_A) not in self.occupied:
                    del self.open[point]
                    self.open_counts -= point.unit
            if at is not None and at.side is Side.ARM_A:         # arm A taken: arm B opens
                b = AttachmentPoint(at.tile, Side.ARM_B)
                if b not in self.occupied and b not in self.open:
                    self.open[b] = b.placement_of
                    self.open_counts += b.unit
            return int(total)
        return place_trusted

    def make_reason(orig: Any) -> Any:
        def reason(self: Any, placement: Any) -> Any:
            found = orig(self, placement)
            at = _placement(placement).at
            if found is None and at is not None and at.side is Side.ARM_B \
                    and AttachmentPoint(at.tile, Side.ARM_A) not in self.occupied:
                return Reason("not-free", "arm A first")
            return found
        return reason
    _wrap(Layout, "place_trusted", make_place)
    _wrap(Layout, "reason", make_reason)


@patch("pips-not-checked", "dominolab.core.engine:legal_moves_of")
def _pips_unchecked() -> None:
    """A tile may be joined at a point whose pips it does not show."""
    from dominolab.core import engine
    from dominolab.core.layout import AttachmentPoint, Layout, Placement, Side

    def make_reason(orig: Any) -> Any:                   # the checked path (Layout.place, Round.apply)
        def reason(self: Any, placement: Any) -> Any:
            found = orig(self, placement)
            return None if found is not None and found.code == "wrong-pips" else found
        return reason
    _wrap(Layout, "reason", make_reason)

    def make_legal(orig: Any) -> Any:                    # the engine's one rule of legality
        def legal_moves_of(layout: Any, hand: Any, pending: Any, stock_out: bool) -> list[Any]:
            moves = list(orig(layout, hand, pending, stock_out))
            if not layout.placements:
                return moves
            tiles = [pending] if pending is not None else hand
            extra = [Placement(t, p) for t in tiles for p in layout.open if t not in p.placement_of]
            plays = [m for m in moves if isinstance(m, Placement)]
            return plays + extra if extra else moves
        return legal_moves_of
    wrap_everywhere(engine, "legal_moves_of", make_legal)

    def make_place(orig: Any) -> Any:                    # joining a tile that does not show the pips
        def place_trusted(self: Any, placement: Any) -> int:
            tile, at = placement
            if at is not None and tile not in at.attach_of:
                joined = AttachmentPoint(tile, Side.A if tile.is_double else Side.LOW)
                free = AttachmentPoint(tile, Side.B if tile.is_double else Side.HIGH)
                at.attach_of[tile] = (joined, free, (at, joined))
            return int(orig(self, placement))
        return place_trusted
    _wrap(Layout, "place_trusted", make_place)


# -- patches: what a seat sees, pictures ------------------------------------------------------

@patch("view-shows-next-hand", "dominolab.core.view:view_of")
def _view_next_hand() -> None:
    """A seat's view also holds the tiles of the next seat."""
    from dominolab.core import view

    def make(orig: Any) -> Any:
        def view_of(rnd: Any, seat: int) -> Any:
            v = orig(rnd, seat)
            nxt = (seat + 1) % rnd.seating.players
            return dataclasses.replace(v, hand=v.hand + tuple(rnd.hands[nxt]))
        return view_of
    wrap_everywhere(view, "view_of", make)


@patch("free-points-drawn-filled", "dominolab.pictures.picture:_markers")
def _all_filled() -> None:
    """The layout picture draws every free point as a filled (scored) marker."""
    from dominolab.pictures import picture
    wrap_everywhere(picture, "_markers", lambda orig: lambda layout: (
        lambda filled, hollow: (filled + [(p, p.pips) for p in hollow], []))(*orig(layout)))


@patch("spinners-not-outlined", "dominolab.pictures.picture:layout_picture")
def _no_outline() -> None:
    """The layout picture draws no spinner outline."""
    from dominolab.pictures import picture

    def make(orig: Any) -> Any:
        def layout_picture(layout: Any, **kw: Any) -> Any:
            pic = orig(layout, **kw)
            return dataclasses.replace(pic, tiles=tuple(dataclasses.replace(t, spinner=False) for t in pic.tiles))
        return layout_picture
    wrap_everywhere(picture, "layout_picture", make)


# -- running ---------------------------------------------------------------------------------

def sources_hash(root: Path = ROOT) -> str:
    """A hash of the package's and the tests' sources (Python and TOML): the key of a stored result."""
    h = hashlib.sha256()
    for folder in ("dominolab", "tests"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts and path.is_file():
                h.update(str(path.relative_to(root)).encode())
                h.update(b"\0")
                h.update(path.read_bytes())
    return h.hexdigest()[:20]


def cache_dir(root: Path = ROOT) -> Path:
    env = os.environ.get("DOMINOLAB_COVERAGE_CACHE")
    return Path(env) if env else root / "_build" / "rule-coverage"


def _rule_files(tests: Path) -> list[str]:
    return [str(p) for p in sorted(tests.glob("test_*.py")) if "rule(" in p.read_text(encoding="utf-8")]


def _run_child(spec: str | None, targets: Sequence[str], root: Path, timeout: float) -> dict[str, Any]:
    """Run ``targets`` (test files or node ids) under ``spec`` in a fresh process; outcomes per statement."""
    with tempfile.TemporaryDirectory(prefix="dominolab-mutant-") as tmp:
        report = Path(tmp) / "report.json"
        args_file = Path(tmp) / "targets.json"
        args_file.write_text(json.dumps(list(targets)), encoding="utf-8")
        cmd = [sys.executable, "-m", "dominolab.verify.mutants", "--child", spec or "", str(report), str(args_file)]
        env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   PYTHONDONTWRITEBYTECODE="1")
        env.pop("CI", None)
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=timeout, env=env,
                                  check=False)
        except subprocess.TimeoutExpired:
            return {"timeout": True, "outcomes": {}, "seconds": round(time.monotonic() - start, 1)}
        if not report.exists():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            return {"error": tail[0][:300], "outcomes": {}, "seconds": round(time.monotonic() - start, 1)}
        outcomes = json.loads(report.read_text(encoding="utf-8"))
        return {"outcomes": outcomes, "seconds": round(time.monotonic() - start, 1), **_reach_of(report)}


def _resolve(target: str) -> tuple[Any, str, Any]:
    """``module:Qual.name`` -> (owner, name, the object as stored in the owner)."""
    import importlib

    module_name, _, qualname = target.partition(":")
    owner: Any = importlib.import_module(module_name)
    *path, name = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    stored = owner.__dict__.get(name, getattr(owner, name)) if hasattr(owner, "__dict__") else getattr(owner, name)
    return owner, name, stored


class Reach:
    """Whether a patch changed its target and how often the changed target runs, per test.

    Made before the patch is applied (:meth:`before`), then :meth:`install` wraps the patched
    target with a counter - everywhere the patched object is held, as :func:`_replace` does - so
    a patch whose target the engine never calls shows 0 calls, and a patch that changed something
    other than its target shows ``changed`` false.
    """

    def __init__(self, target: str) -> None:
        self.target = target
        self.before = _resolve(target)[2]
        self.changed = False
        self.callable = False
        self.calls = 0
        self.per_test: dict[str, int] = {}

    def install(self) -> None:
        owner, name, after = _resolve(self.target)
        self.changed = after is not self.before and not (
            not callable(after) and not isinstance(after, (property, classmethod)) and after == self.before)
        reach = self

        def counting(fn: Callable[..., Any]) -> Callable[..., Any]:
            def counted(*args: Any, **kw: Any) -> Any:
                reach.calls += 1
                return fn(*args, **kw)
            return counted

        if isinstance(after, property):
            self.callable = True
            setattr(owner, name, property(counting(after.fget) if after.fget else None, after.fset, after.fdel))
        elif isinstance(after, classmethod):
            self.callable = True
            setattr(owner, name, classmethod(counting(after.__func__)))
        elif callable(after) and not isinstance(after, type):
            self.callable = True
            wrapped = counting(after)
            if isinstance(owner, type):
                setattr(owner, name, wrapped)
            else:
                replace_everywhere(owner, name, wrapped)
        # else: a value (a game's hand sizes): changing it is all a patch can do; it has no calls

    def as_json(self) -> dict[str, Any]:
        return {"target": self.target, "changed": self.changed, "callable": self.callable, "calls": self.calls,
                "per_test": self.per_test}


def _child_main(spec: str, report: str, targets_file: str) -> int:
    """In the fresh process: apply the mutant, then run pytest here with the rule report.

    For a patch, the report's companion ``REPORT.reach.json`` tells whether the patch changed its
    target and how often each test called the changed target (:class:`Reach`)."""
    import pytest
    from hypothesis import HealthCheck, Phase, settings

    errors: dict[str, str] = {}          #: failed test -> the type of the exception it failed with
    reach: Reach | None = None
    if spec.startswith("patch:") and spec.removeprefix("patch:") in PATCHES:
        reach = Reach(PATCHES[spec.removeprefix("patch:")].target)
    if spec:
        apply(spec)
    if reach is not None:
        reach.install()
    settings.register_profile("dominolab-mutants", max_examples=MUTANT_EXAMPLES, deadline=None, derandomize=True,
                              database=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
                              suppress_health_check=list(HealthCheck))

    class Profile:
        @staticmethod
        def pytest_sessionstart() -> None:     # after the tests' conftest chose its own profile
            settings.load_profile("dominolab-mutants")

        @staticmethod
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
            yield
            if call.when == "call" and call.excinfo is not None:
                errors[item.nodeid] = str(call.excinfo.typename)

        @staticmethod
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_call(item: Any) -> Iterator[None]:
            start = reach.calls if reach is not None else 0
            yield
            if reach is not None:
                reach.per_test[item.nodeid] = reach.calls - start

    targets = json.loads(Path(targets_file).read_text(encoding="utf-8"))
    from dominolab.verify.rules_coverage import plugin_args

    code = pytest.main(["-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=", *plugin_args(),
                        f"--dominolab-rule-report={report}", "-W", "ignore", *targets], plugins=[Profile()])
    if reach is not None:
        Path(report + ".reach.json").write_text(json.dumps({**reach.as_json(), "errors": errors}), encoding="utf-8")
    return 0 if code in (0, 1) else int(code)


@dataclass
class Plan:
    statements: list[Any]
    mutants: dict[str, list[str]]     #: spec -> ids of the statements naming it


def make_plan() -> Plan:
    from dominolab.verify.rules_coverage import statements

    plan: dict[str, list[str]] = {}
    for s in statements():
        for spec in s.mutants:
            parse(spec)
            plan.setdefault(spec, []).append(s.id)
    return Plan(list(statements()), plan)


def _can_fork() -> bool:
    """Fork the runs from this process when it is a plain one (no other threads, e.g. not a notebook kernel)."""
    import threading
    return hasattr(os, "fork") and threading.active_count() == 1 and not os.environ.get("DOMINOLAB_MUTANTS_NO_FORK")


def _forked_runs(jobs: list[tuple[str | None, list[str]]], root: Path, timeout: float, workers: int,
                 done: Callable[[int, dict[str, Any]], None]) -> None:
    """Run every (spec, targets) in a forked child of this process, ``workers`` at a time.

    The children share what this process has imported (pytest, Hypothesis, dominolab) and import
    the tests themselves, after the mutant is applied; each writes its rule report to a file.
    """
    import pytest  # noqa: F401  - imported once here, shared by every child
    import hypothesis  # noqa: F401

    from dominolab.core import engine, layout, rules, scoring, view  # noqa: F401
    from dominolab.pictures import picture  # noqa: F401
    from dominolab.text import steptext  # noqa: F401

    waiting = list(enumerate(jobs))
    running: dict[int, tuple[int, Path, float]] = {}
    with tempfile.TemporaryDirectory(prefix="dominolab-mutants-") as tmp:
        while waiting or running:
            while waiting and len(running) < workers:
                index, (spec, targets) = waiting.pop(0)
                report = Path(tmp) / f"{index}.json"
                pid = os.fork()
                if pid == 0:                                     # the child
                    code = 3
                    try:
                        devnull = os.open(os.devnull, os.O_WRONLY)
                        os.dup2(devnull, 1)
                        os.dup2(devnull, 2)
                        os.chdir(root)
                        targets_file = Path(tmp) / f"{index}.targets.json"
                        targets_file.write_text(json.dumps(targets), encoding="utf-8")
                        code = _child_main(spec or "", str(report), str(targets_file))
                    finally:
                        os._exit(code)
                running[pid] = (index, report, time.monotonic())
            pid, _status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                now = time.monotonic()
                for child, (index, report, start) in list(running.items()):
                    if now - start > timeout:
                        os.kill(child, 9)
                        os.waitpid(child, 0)
                        del running[child]
                        done(index, {"timeout": True, "outcomes": {}, "seconds": round(now - start, 1)})
                time.sleep(0.02)
                continue
            if pid not in running:
                continue
            index, report, start = running.pop(pid)
            seconds = round(time.monotonic() - start, 1)
            try:
                done(index, {"outcomes": json.loads(report.read_text(encoding="utf-8")), "seconds": seconds,
                             **_reach_of(report)})
            except (OSError, ValueError):
                done(index, {"error": "the run wrote no rule report", "outcomes": {}, "seconds": seconds})


def _runs(jobs: list[tuple[str | None, list[str]]], root: Path, timeout: float, workers: int,
          done: Callable[[int, dict[str, Any]], None]) -> None:
    if _can_fork():
        _forked_runs(jobs, root, timeout, workers, done)
        return
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = {pool.submit(_run_child, spec, targets, root, timeout): i for i, (spec, targets) in enumerate(jobs)}
        from concurrent.futures import as_completed
        for future in as_completed(futures):
            done(futures[future], future.result())


def run_coverage(*, jobs: int = 2, progress: TextIO | None = None, root: Path = ROOT,
                 only: Sequence[str] = ()) -> dict[str, Any]:
    """Run the marked tests unchanged, then under every mutant; the result (see the module docstring)."""
    started = time.monotonic()
    sources = sources_hash(root)            # the sources as they are when the run starts
    plan = make_plan()
    tests = root / "tests"

    def say(text: str) -> None:
        if progress is not None:
            print(text, file=progress, flush=True)

    say(f"baseline: every test marked @pytest.mark.rule, unchanged ({len(plan.statements)} statements)")
    base: dict[str, Any] = {}
    _runs([(None, ["-m", "rule", *_rule_files(tests)])], root, CHILD_TIMEOUT * 2, 1,
          lambda i, res: base.update(res))
    outcomes: dict[str, dict[str, str]] = base.get("outcomes", {})
    if base.get("error") or base.get("timeout"):
        raise MutantError(f"the unchanged rule tests did not run: {base.get('error', 'timed out')}")
    specs = [s for s in plan.mutants if not only or s in only]
    results: dict[str, dict[str, Any]] = {}
    # Whole test functions, not parametrized node ids: a mutant may change a parameter list that is
    # computed from the rules (an id missing under the mutant would stop pytest before any test ran).
    work = [(spec, sorted({_function_node(node) for i in plan.mutants[spec] for node in outcomes.get(i, {})}))
            for spec in specs]

    def done(index: int, res: dict[str, Any]) -> None:
        spec = specs[index]
        results[spec] = res
        ids = plan.mutants[spec]
        verdict = ("caught" if all(_verdict(res, i) for i in ids)
                   else "SURVIVED" if not all(_caught(res, i)[0] for i in ids)
                   else "UNREACHED" if not all(reached(res, i) for i in ids) else "CRASHED")
        say(f"[{len(results)}/{len(specs)}] {spec}: {verdict} ({res.get('seconds', 0)} s)")

    runnable = [(i, w) for i, w in enumerate(work) if w[1]]
    for i, (spec, nodes) in enumerate(work):
        if not nodes:
            done(i, {"outcomes": {}, "error": "no marked tests to run", "seconds": 0})
    order = [i for i, _ in runnable]
    _runs([w for _, w in runnable], root, CHILD_TIMEOUT, jobs, lambda k, res: done(order[k], res))
    statements_out: dict[str, Any] = {}
    for s in plan.statements:
        tests_of = outcomes.get(s.id, {})
        mutants_of = {}
        for spec in s.mutants:
            if spec not in results:
                continue
            failed = _caught(results[spec], s.id)[1]
            mutant = parse(spec)
            mutants_of[spec] = {"caught": _verdict(results[spec], s.id), "failed": failed, "target": mutant.target,
                                "reached": reached(results[spec], s.id),
                                "crash_only": crash_only(results[spec], s.id),
                                "failed_by": sorted({results[spec].get("reach", {}).get("errors", {}).get(node, "?")
                                                     for node in failed}) if spec.startswith("patch:") else [],
                                "description": mutant.description, "de": mutant.de}
        statements_out[s.id] = {
            "tests": tests_of,
            "passed": bool(tests_of) and all(o == "passed" for o in tests_of.values()),
            "mutants": mutants_of,
        }
    caught_specs = [spec for spec in specs if all(_verdict(results[spec], i) for i in plan.mutants[spec])]
    return {"format": FORMAT, "sources": sources, "seconds": round(time.monotonic() - started, 1),
            "statements": statements_out, "mutants": len(specs), "caught": len(caught_specs),
            "survivors": sorted(set(specs) - set(caught_specs)), "complete": not only}


def _reach_of(report: Path) -> dict[str, Any]:
    path = Path(str(report) + ".reach.json")
    return {"reach": json.loads(path.read_text(encoding="utf-8"))} if path.exists() else {}


def reached(res: dict[str, Any], statement_id: str) -> bool:
    """Whether a patch run shows its patch live for a statement: the patch changed its target and
    (for a function) the statement's tests called the changed target. A field mutant is data the
    game description holds; it is live by construction (``parse`` refuses a value that changes nothing)."""
    reach = res.get("reach")
    if reach is None:
        return True
    if not reach["changed"]:
        return False
    if not reach["callable"]:
        return True
    nodes = res.get("outcomes", {}).get(statement_id, {})
    return any(reach["per_test"].get(node, 0) > 0 for node in nodes)


#: Exceptions that say a patch broke the engine's machinery rather than changed its rule.
CRASHES = frozenset({"AttributeError", "KeyError", "TypeError", "NameError", "IndexError", "UnboundLocalError",
                     "RecursionError", "ZeroDivisionError"})


def crash_only(res: dict[str, Any], statement_id: str) -> bool:
    """True when every failing test of the statement failed by a crash (:data:`CRASHES`), not by a
    checked difference: the mutant was caught for the wrong reason."""
    errors = res.get("reach", {}).get("errors", {})
    failed = _caught(res, statement_id)[1]
    return bool(failed) and all(errors.get(node) in CRASHES for node in failed)


def _verdict(res: dict[str, Any], statement_id: str) -> bool:
    """Caught: a test of the statement failed - not only by crashing - and (for a patch) the patched
    target was live there."""
    return _caught(res, statement_id)[0] and reached(res, statement_id) and not crash_only(res, statement_id)


def _function_node(node: str) -> str:
    """``tests/x.py::test_f[a-b]`` -> ``tests/x.py::test_f``."""
    return node.split("[", 1)[0]


def _caught(res: dict[str, Any], statement_id: str) -> tuple[bool, list[str]]:
    """Whether one run caught the mutant for a statement, and the statement's tests that failed.

    Only a failing test of the statement catches a mutant; a run that timed out or broke down did not
    show that the statement's tests notice the change, so it counts as a survivor (to be looked at).
    """
    if res.get("timeout"):
        return False, ["(timed out)"]
    failed = sorted(node for node, o in res.get("outcomes", {}).get(statement_id, {}).items() if o == "failed")
    if res.get("error") and not failed:
        return False, []
    return bool(failed), failed


def summary_line(result: dict[str, Any]) -> str:
    n = len(result["statements"])
    if result["caught"] == result["mutants"]:
        return f"{n} statements, {result['caught']} mutants caught"
    return (f"{n} statements, {result['caught']} of {result['mutants']} mutants caught; survived: "
            + ", ".join(result["survivors"]))


def result_ok(result: dict[str, Any]) -> bool:
    statements = result["statements"].values()
    return (result["caught"] == result["mutants"] and all(s["passed"] for s in statements)
            and all(s["mutants"] for s in statements)
            and all(m.get("reached", True) and not m.get("crash_only") for s in statements
                    for m in s["mutants"].values()))


def store(result: dict[str, Any], root: Path = ROOT) -> Path:
    """Write the result atomically as ``<cache dir>/<sources hash>.json``; return the path."""
    folder = cache_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{result['sources']}.json"
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(result, out, indent=1, sort_keys=True)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    return path


def load(root: Path = ROOT) -> dict[str, Any] | None:
    """The stored complete result for the current sources, or ``None``."""
    path = cache_dir(root) / f"{sources_hash(root)}.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if data.get("format") == FORMAT and data.get("complete") else None


def load_or_run(root: Path = ROOT, progress: TextIO | None = None, jobs: int | None = None) -> dict[str, Any]:
    """The stored result for the current sources; runs ``dominolab coverage`` (once, in a fresh process,
    which stores it) only when there is none. A notebook kernel or any other caller gets the result
    without running the mutants a second time."""
    found = load(root)
    if found is not None:
        return found
    cmd = [sys.executable, "-m", "dominolab", "coverage"] + ([f"--jobs={jobs}"] if jobs else [])
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=None if progress is not None else subprocess.DEVNULL,
                          text=True, check=False)
    found = load(root)
    if found is None:
        raise MutantError(f"dominolab coverage stored no result (exit {proc.returncode}): "
                          f"{(proc.stdout.strip().splitlines() or ['no output'])[-1]}")
    return found


def default_jobs() -> int:
    try:
        return max(1, min(4, len(os.sched_getaffinity(0))))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, min(4, os.cpu_count() or 1))


def cmd_coverage(jobs: int | None = None, fresh: bool = False, out: TextIO | None = None,
                 only: Sequence[str] = ()) -> int:
    """``dominolab coverage``: progress on stderr, the summary on stdout; exit 1 when a mutant survives."""
    out = out if out is not None else sys.stdout
    for spec in only:
        parse(spec)
    result = None if (fresh or only) else load()
    if result is None:
        result = run_coverage(jobs=jobs or default_jobs(), progress=sys.stderr, only=only)
        if not only:
            path = store(result)
            print(f"result stored in {path}", file=sys.stderr)
    else:
        print(f"stored result for these sources ({cache_dir() / (result['sources'] + '.json')}); "
              "--fresh runs the mutants again", file=sys.stderr)
    for sid, s in result["statements"].items():
        for spec, m in s["mutants"].items():
            if not m["caught"] and not m["failed"]:
                print(f"SURVIVED {sid}: {spec} ({m['description']})", file=out)
            if not m.get("reached", True):
                print(f"UNREACHED {sid}: {spec} changes {m['target']}, which its tests never call "
                      "(or the patch did not change it)", file=out)
            if m.get("crash_only"):
                print(f"CRASHED {sid}: {spec} is caught only by tests that crash ({', '.join(m['failed_by'])}), "
                      "not by a checked difference", file=out)
        if not s["passed"]:
            print(f"FAILED {sid}: its marked tests do not all pass unchanged", file=out)
        if not s["mutants"] and not only:
            print(f"MISSING {sid}: names no mutant", file=out)
    print(summary_line(result), file=out)
    all_reached = all(m.get("reached", True) for s in result["statements"].values() for m in s["mutants"].values())
    return 0 if result_ok(result) or (only and result["caught"] == result["mutants"] and all_reached) else 1


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--child":
        sys.exit(_child_main(sys.argv[2], sys.argv[3], sys.argv[4]))
    sys.exit("usage: dominolab coverage (this module's command line is for its own child processes)")
