"""Levels of play, the one registry of player names: named, numbered opponents from beginner to expert.

A level is a bot (:data:`BOT_KINDS`: :mod:`dominolab.play.bots`, :mod:`dominolab.play.expert`)
with a thinking budget. :data:`LEVELS` is the table, weakest first; the book page
*Spielstärke* shows it with the German names and the ladder's ratings (``python -m tools ladder``).

Wherever bots are named (:func:`make_bot`, :func:`policy`, ``dominolab simulate --policy``,
``dominolab tournament --bots``, ``dominolab play --bots``) the same names are accepted
(:func:`resolve`): a level by

* its number (``4``), its name (``strong-5``, ``expert``) or its German name
  (``umsichtig``, ``Expertin``; any case);
* any of these followed by ``@MS``, a thinking budget of ``MS`` milliseconds of
  fixed work instead of the level's own (``expert@200``, ``4@100``).

A bot name is also a level name (``expert`` is level 4); ``strong`` (``stark``) names the strong
bot at the page's budget, which is no rated level (:data:`UNRATED`, number 0).
``--think MS`` overrides the budget of every level that thinks (random and
greedy never do). Where bots rather than levels are played (:func:`make_bot`,
:func:`policy`, ``simulate --policy``), a search bot named by its bot name alone
thinks :data:`BOT_THINK_MS` (the bots' budget from before the levels). A record
file name holds a level's :func:`file_label` (``strong-25ms``, never an ``@``).

>>> [(lv.number, lv.name, lv.german) for lv in LEVELS][:2]
[(1, 'random', 'zufällig'), (2, 'greedy', 'gierig')]
>>> resolve('4').name, resolve('Expertin').name, resolve("expert@100").label, resolve('4', think_ms=5).label
('expert', 'expert', 'expert@100', 'expert@5')
>>> resolve('stark').label, resolve('stark').number, resolve('strong@50').label
('strong', 0, 'strong@50')
"""

from __future__ import annotations

import random
from typing import Callable, Mapping, NamedTuple

from dominolab.core.engine import Policy, greedy_policy, random_policy
from dominolab.core.errors import DominoError, InvalidArgument, shorten
from dominolab.core.view import SeatView, view_of
from dominolab.play.bots import Bot, GreedyBot, RandomBot, StrongBot, check_think
from dominolab.play.expert import ExpertBot
from dominolab.play.search import Hint, MoveValue, SearchBot
from dominolab.text.words import WORDS


class BotKind(NamedTuple):
    """One bot: what it does, how it is built, and the engine policy with its choices (if any)."""

    about: str
    simple: Callable[[], Bot] | None = None            #: a bot that does not think
    search: Callable[[float], SearchBot] | None = None  #: a search bot, from its budget in ms
    policy: Policy | None = None    #: the engine's policy making the same choices for the same rng

    def make(self, think_ms: float) -> Bot:
        """The bot (``think_ms`` is ignored by a bot that does not think)."""
        if self.search is not None:
            return self.search(think_ms)
        assert self.simple is not None
        return self.simple()


#: The bots by name, each built here and nowhere else.
BOT_KINDS: Mapping[str, BotKind] = {
    "random": BotKind("a uniformly random legal move", simple=RandomBot, policy=random_policy),
    "greedy": BotKind("the play that scores most now", simple=GreedyBot, policy=greedy_policy),
    "strong": BotKind("Monte-Carlo search over deals consistent with what the seat has seen", search=StrongBot),
    "expert": BotKind("racing search with turn-aware play-outs and exact endgames (dominolab.play.expert)",
                      search=ExpertBot),
}

BOTS: Mapping[str, str] = {name: kind.about for name, kind in BOT_KINDS.items()}
"""The bot names and what each does."""

POLICIES: Mapping[str, Policy] = {name: kind.policy for name, kind in BOT_KINDS.items() if kind.policy}
"""Bots that also exist as engine policies (``policy(round, rng) -> move``, seeing the whole
round): the same choices as the bot of that name for the same rng, without building a view.
Golden matches, ``simulate`` and benchmarks play with them."""

#: The budget (ms) of a search bot named by its bot name alone where bots rather than levels are
#: played (:func:`make_bot`, :func:`policy`, ``simulate --policy strong``).
BOT_THINK_MS = 50.0


class Level(NamedTuple):
    """One level: number, name (for the command line), German name (for the book), bot and budget."""

    number: int
    name: str
    bot: str
    think_ms: float        #: budget of fixed work in ms (0 for bots that do not think)
    about: str
    own_ms: float | None = None     #: the budget this name means without @MS (None: the table's)

    @property
    def german(self) -> str:
        """The level's German name (the book's and the page's; from :mod:`dominolab.text.words`)."""
        return WORDS["de"].bots[self.name]

    @property
    def label(self) -> str:
        """The level's name, or ``NAME@MS`` when its budget differs from the table's."""
        base = LEVEL_BY_NUMBER.get(self.number) if self.number else _BY_NAME.get(self.name)
        own = self.own_ms if self.own_ms is not None else base.think_ms if base is not None else None
        if own == self.think_ms:
            return self.name
        return f"{base.name if base else self.name}@{self.think_ms:g}"

    @property
    def searches(self) -> bool:
        """True for a level whose bot values moves by search (it can advise: :class:`Advisor`)."""
        return BOT_KINDS[self.bot].search is not None


def file_label(label: str) -> str:
    """A level's label as part of a file name: ``strong``, ``expert@200`` -> ``expert-200ms``."""
    name, at, ms = label.partition("@")
    return f"{name}-{ms}ms" if at else name


#: The rated levels, weakest first. Issue 30 reshaped the ladder from six levels to four: on the ratings of
#: the six, stark (strong at 25 ms), Expertin (expert at 25 ms) and Meisterin (expert at 100 ms) were not
#: measurably apart in either game (each one's interval reached below the rating of the one under it), so
#: the top keeps one of them - the expert at the page's budget (interpretation ``zj-stufenleiter``).
LEVELS: tuple[Level, ...] = (
    Level(1, "random", "random", 0.0, BOT_KINDS["random"].about),
    Level(2, "greedy", "greedy", 0.0, BOT_KINDS["greedy"].about),
    Level(3, "strong-5", "strong", 5.0, "Monte-Carlo search at a fifth of the play page's budget"),
    Level(4, "expert", "expert", 25.0, "racing search with turn-aware play-outs at the play page's budget"),
)

#: Names of bots that are no rated level (number 0) but are played by name: the strong bot at the page's
#: budget, the expert's reference opponent in the confirming duels (``python -m tools ladder``).
UNRATED: tuple[Level, ...] = (
    Level(0, "strong", "strong", 25.0, "Monte-Carlo search at the play page's budget (not a rated level)"),
)

LEVEL_BY_NUMBER: dict[int, Level] = {lv.number: lv for lv in LEVELS}
_BY_NAME: dict[str, Level] = {}
for _lv in LEVELS + UNRATED:
    _BY_NAME[_lv.name] = _lv
    _BY_NAME[_lv.german.lower()] = _lv
    if _lv.number:
        _BY_NAME[str(_lv.number)] = _lv


def level_choices() -> str:
    """The levels for help texts: ``1 random, 2 greedy, ...`` and the named bots that are no level."""
    return (", ".join(f"{lv.number} {lv.name}" for lv in LEVELS)
            + "".join(f", {lv.name} (no rated level)" for lv in UNRATED))


def resolve(spec: str, think_ms: float | None = None, *, bots: bool = False) -> Level:
    """The level named by ``spec`` (number, name, German name, optionally ``@MS``); ``think_ms`` overrides.

    With ``bots`` (where bots rather than levels are played) a search bot's bare bot name
    (``strong``, ``expert``) thinks :data:`BOT_THINK_MS`. An unknown name is a one-line
    :class:`DominoError`, a bad budget a one-line :class:`InvalidArgument`.
    """
    if not isinstance(spec, str):
        raise DominoError(f"a level is a name or number, not {type(spec).__name__}")
    text = spec.strip()
    name, at, budget = text.partition("@")
    key = name.strip().lower()
    level = _BY_NAME.get(key)
    if level is None:
        raise DominoError(f"unknown bot {shorten(text)}; choose a level: {level_choices()} "
                          f"(or its German name; NAME@MS sets a budget)")
    if bots and key == level.bot and level.think_ms:
        level = Level(level.number, level.name, level.bot, BOT_THINK_MS, level.about, BOT_THINK_MS)
    ms: float | None = None
    if at:
        try:
            ms = float(budget)
        except ValueError:
            raise InvalidArgument(f"{shorten(text)}: the budget after @ must be milliseconds, "
                                  f"not {shorten(budget)!r}") from None
    if think_ms is not None:
        ms = think_ms
    if ms is not None:
        try:
            ms = check_think(ms)
        except DominoError as error:
            raise InvalidArgument(f"{shorten(text)}: {error}") from None
        if level.think_ms:              # random and greedy do not think: their budget stays 0
            level = Level(level.number, level.name, level.bot, float(ms), level.about, level.own_ms)
    return level


def make_level_bot(spec: str | Level, think_ms: float | None = None) -> Bot:
    """The bot of a level (see :func:`resolve`)."""
    level = spec if isinstance(spec, Level) else resolve(spec, think_ms)
    return BOT_KINDS[level.bot].make(level.think_ms)


def make_search_bot(level: Level) -> SearchBot:
    """The search bot of a level that searches (else a one-line :class:`DominoError`)."""
    search = BOT_KINDS[level.bot].search
    if search is None:
        raise DominoError(f"level {level.name} does not search")
    return search(level.think_ms)


_OWN = object()


def make_bot(name: str, *, think_ms: object = _OWN) -> Bot:
    """A bot by any name of :func:`resolve` (a bot's bare name thinks :data:`BOT_THINK_MS`);
    ``think_ms`` (above 0, at most :data:`~dominolab.play.bots.MAX_THINK_MS`) overrides the budget
    of a bot that thinks. A bad name or budget is a one-line :class:`DominoError`."""
    ms = None if think_ms is _OWN else check_think(think_ms)
    return make_level_bot(resolve(name, ms, bots=True))


def policy(name: str, *, think_ms: float | None = None) -> Policy:
    """A policy ``(round, rng) -> move`` for a name of :func:`resolve` (as :func:`make_bot` reads it).

    The engine's own policy where one exists (:data:`POLICIES`), else the bot
    deciding from the view of the seat to move.
    """
    level = resolve(name, think_ms, bots=True)
    engine = BOT_KINDS[level.bot].policy
    if engine is not None:
        return engine
    bot = make_level_bot(level)
    return lambda rnd, rng: bot.choose(view_of(rnd, rnd.to_move), rng)


# -- the advisor: hints and the review of a game -------------------------------------

#: The level that advises: its search gives the hints (``dominolab play``, the play page) and
#: rates the decisions of a review (``dominolab review``, the page's *Partie analysieren*).
#: The one place that names it; faces name it in their output (:attr:`Advisor.level`). It is the
#: strongest rated level, at its own budget (interpretation ``zg-beratende-stufe``).
ADVISOR = "expert"
#: The advisor's budget for a hint (ms of fixed work) when no ``--think`` is given: the level's own.
ADVISOR_HINT_MS = 25.0
#: The advisor's budget per decision of a review: the level's own, so that a whole Horse Race match of one
#: seat (about 60 decisions) is reviewed in the browser within 15 s (``tools/bench/review.py``
#: measures the native time; Pyodide is about half as fast).
ADVISOR_REVIEW_MS = 25.0


class Advisor:
    """The advising level's search bot: :meth:`evaluate` values every legal move on the same sampled
    deals, best first (the expert races: a move dropped early as clearly worse keeps the value of the
    deals it was played on, the first of the same sequence); :meth:`hint` is the bot's own advice
    (:class:`~dominolab.play.search.Hint`)."""

    def __init__(self, level: Level):
        if not level.searches:
            raise DominoError(f"the advisor must be a level that searches, not {level.name}")
        self.level = level
        self.bot: SearchBot = make_search_bot(level)

    def __repr__(self) -> str:
        return f"Advisor({self.level.label!r})"

    def evaluate(self, view: SeatView, rng: random.Random) -> list[MoveValue]:
        """Every legal move of the view's seat with its value, best first (one move: value 0, no deals)."""
        return self.bot.evaluate(view, rng)

    def hint(self, view: SeatView, rng: random.Random) -> Hint:
        """The advice for the view's seat: a move, its value and a short reason."""
        return self.bot.hint(view, rng)


def advisor_level(think_ms: float | None = None, review: bool = False) -> Level:
    """The advising level (:data:`ADVISOR`) with its hint budget, or its review budget if ``review``;
    ``think_ms`` overrides either. No bot is built."""
    default = ADVISOR_REVIEW_MS if review else ADVISOR_HINT_MS
    return resolve(ADVISOR, default if think_ms is None else think_ms)


def advisor(think_ms: float | None = None, review: bool = False) -> Advisor:
    """The advisor: :func:`advisor_level` with its bot."""
    return Advisor(advisor_level(think_ms, review))
