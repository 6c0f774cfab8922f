"""Levels of play: named, numbered opponents from beginner to expert.

A level is a bot (:mod:`dominolab.bots`) with a thinking budget. :data:`LEVELS`
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

from typing import NamedTuple

from dominolab.core.errors import DominoError, shorten
from dominolab.play.bots import Bot, check_think, make_bot
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
    Level(4, "strong", "strong", 25.0, "Monte-Carlo search, the play page's default opponent"),
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
