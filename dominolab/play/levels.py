"""Levels of play: named, numbered opponents from beginner to expert.

A level is a bot (:mod:`dominolab.play.bots`) with a thinking budget. :data:`LEVELS`
is the table, weakest first; the book page *Spielstärke* shows it with the
German names and the ladder's ratings (``benchmarks/ladder.py``).

Wherever bots are named (``dominolab tournament --bots``, ``dominolab play
--bots``) a level may be given by

* its number (``4``), its name (``strong``, ``expert-100``) or its German name
  (``stark``, ``Meisterin``; any case);
* any of these followed by ``@MS``, a thinking budget of ``MS`` milliseconds of
  fixed work instead of the level's own (``expert@200``, ``5@25``).

A bot name is also a level name (``strong`` is level 4, ``expert`` level 5).
``--think MS`` overrides the budget of every level that thinks (random and
greedy never do).

>>> [(lv.number, lv.name, lv.german) for lv in LEVELS][:2]
[(1, 'random', 'zufällig'), (2, 'greedy', 'gierig')]
>>> resolve('4').name, resolve('Meisterin').name, resolve("expert@100").label, resolve('6', think_ms=25).label
('strong', 'expert-100', 'expert@100', 'expert-100@25')
"""

from __future__ import annotations

import random
from typing import NamedTuple

from dominolab.core.errors import DominoError, shorten
from dominolab.core.moves import Move
from dominolab.core.view import SeatView
from dominolab.play.bots import Bot, Hint, StrongBot, check_think, make_bot
from dominolab.play.expert import ExpertBot
from dominolab.text.words import WORDS


class Level(NamedTuple):
    """One level: number, name (for the command line), German name (for the book), bot and budget."""

    number: int
    name: str
    bot: str
    think_ms: float        #: budget of fixed work in ms (0 for bots that do not think)
    about: str

    @property
    def german(self) -> str:
        """The level's German name (the book's and the page's; from :mod:`dominolab.text.words`)."""
        return WORDS["de"].bots[self.name]

    @property
    def label(self) -> str:
        """The level's name, or ``NAME@MS`` when its budget differs from the table's."""
        base = LEVEL_BY_NUMBER.get(self.number)
        if base is not None and base.think_ms == self.think_ms:
            return self.name
        return f"{base.name if base else self.name}@{self.think_ms:g}"


#: The levels, weakest first.
LEVELS: tuple[Level, ...] = (
    Level(1, "random", "random", 0.0, "a uniformly random legal move"),
    Level(2, "greedy", "greedy", 0.0, "the play that scores most now"),
    Level(3, "strong-5", "strong", 5.0, "Monte-Carlo search with a fifth of the budget"),
    Level(4, "strong", "strong", 25.0, "Monte-Carlo search at the play page's budget"),
    Level(5, "expert", "expert", 25.0, "racing search with turn-aware play-outs"),
    Level(6, "expert-100", "expert", 100.0, "the expert with four times the budget"),
)

LEVEL_BY_NUMBER: dict[int, Level] = {lv.number: lv for lv in LEVELS}
_BY_NAME: dict[str, Level] = {}
for _lv in LEVELS:
    _BY_NAME[_lv.name] = _lv
    _BY_NAME[_lv.german.lower()] = _lv
    _BY_NAME[str(_lv.number)] = _lv


def level_choices() -> str:
    """The levels for help texts: ``1 random, 2 greedy, ...``."""
    return ", ".join(f"{lv.number} {lv.name}" for lv in LEVELS)


def resolve(spec: str, think_ms: float | None = None) -> Level:
    """The level named by ``spec`` (number, name, German name, optionally ``@MS``); ``think_ms`` overrides.

    An unknown name or a bad budget is a one-line :class:`DominoError`.
    """
    if not isinstance(spec, str):
        raise DominoError(f"a level is a name or number, not {type(spec).__name__}")
    text = spec.strip()
    name, at, budget = text.partition("@")
    level = _BY_NAME.get(name.strip().lower())
    if level is None:
        raise DominoError(f"unknown bot {shorten(text)}; choose a level: {level_choices()} "
                          f"(or its German name; NAME@MS sets a budget)")
    ms: float | None = None
    if at:
        try:
            ms = float(budget)
        except ValueError:
            raise DominoError(f"{shorten(text)}: the budget after @ must be milliseconds, "
                              f"not {shorten(budget)!r}") from None
    if think_ms is not None:
        ms = think_ms
    if ms is not None:
        try:
            ms = check_think(ms)
        except DominoError as error:
            raise DominoError(f"{shorten(text)}: {error}") from None
        if level.think_ms:              # random and greedy do not think: their budget stays 0
            level = Level(level.number, level.name, level.bot, float(ms), level.about)
    return level


def make_level_bot(spec: str | Level, think_ms: float | None = None) -> Bot:
    """The bot of a level (see :func:`resolve`)."""
    level = spec if isinstance(spec, Level) else resolve(spec, think_ms)
    return make_bot(level.bot, think_ms=level.think_ms or 50)


# -- the advisor: hints and the review of a game -------------------------------------

#: The level that advises: its search gives the hints (``dominolab play``, the play page) and
#: rates the decisions of a review (``dominolab review``, the page's *Partie analysieren*).
#: The one place that names it; faces name it in their output (:attr:`Advisor.level`).
ADVISOR = "strong"
#: The advisor's budget for a hint (ms of fixed work) when no ``--think`` is given.
ADVISOR_HINT_MS = 50.0
#: The advisor's budget per decision of a review: so much that a whole Horse Race match of one
#: seat (about 60 decisions) is reviewed in the browser within 15 s (``benchmarks/review.py``
#: measures the native time; Pyodide is about half as fast).
ADVISOR_REVIEW_MS = 100.0


class Valued(NamedTuple):
    """One legal move as the advisor values it: expected points of the round and deals sampled."""

    move: Move
    value: float
    deals: int


class Advisor:
    """The advising level's bot behind one interface, whichever bot the level plays.

    :meth:`evaluate` values every legal move on the same sampled deals (none dropped
    early), best first - ties in the order of the legal moves; :meth:`hint` is the bot's
    own advice (:class:`~dominolab.play.bots.Hint`). The strong bot returns its values in
    the order of the legal moves, the expert best first; this class is the one place that
    knows.
    """

    def __init__(self, level: Level):
        bot = make_bot(level.bot, think_ms=level.think_ms or 50)
        if not isinstance(bot, (StrongBot, ExpertBot)):
            raise DominoError(f"the advisor must be a level that searches, not {level.name}")
        self.level = level
        self.bot = bot

    def __repr__(self) -> str:
        return f"Advisor({self.level.label!r})"

    def evaluate(self, view: SeatView, rng: random.Random) -> list[Valued]:
        """Every legal move of the view's seat with its value, best first (one move: value 0, no deals)."""
        if isinstance(self.bot, StrongBot):
            moves, values, deals = self.bot.evaluate(view, rng)
            scored = [Valued(m, v, deals) for m, v in zip(moves, values)]
            return sorted(scored, key=lambda x: -x.value)      # stable: ties keep the legal order
        return [Valued(x.move, x.value, x.deals) for x in self.bot.evaluate(view, rng)]

    def hint(self, view: SeatView, rng: random.Random) -> Hint:
        """The advice for the view's seat: a move, its value and a short reason."""
        return Hint(*self.bot.hint(view, rng))


def advisor_level(think_ms: float | None = None, review: bool = False) -> Level:
    """The advising level (:data:`ADVISOR`) with its hint budget, or its review budget if ``review``;
    ``think_ms`` overrides either. No bot is built."""
    default = ADVISOR_REVIEW_MS if review else ADVISOR_HINT_MS
    return resolve(ADVISOR, default if think_ms is None else think_ms)


def advisor(think_ms: float | None = None, review: bool = False) -> Advisor:
    """The advisor: :func:`advisor_level` with its bot."""
    return Advisor(advisor_level(think_ms, review))
