"""What the page API's modules share: the page's words in the call's language, the page's
errors, the sessions the page keeps by id, and the JSON of an event or a move in readers' words."""

from __future__ import annotations

from typing import Any

from dominolab.core.engine import PlayEvent, Round
from dominolab.core.errors import DominoError, shorten
from dominolab.core.gamefile import rules_from_data, rules_to_data
from dominolab.core.layout import Layout, Placement
from dominolab.core.rules import GAMES, GameRules
from dominolab.core.seating import Seating
from dominolab.play.levels import Level
from dominolab.text.language import current
from dominolab.text.narrate import event_text
from dominolab.text.steptext import step_lines
from dominolab.text.words import WORDS, PageWords, move_text, pass_words

__all__ = ["DEFAULT_BOT", "JSON", "MAX_SESSIONS", "SESSIONS", "WebError", "event_json", "house_rules", "json_type",
           "level_label", "level_name", "move_words", "page_words", "rules_json", "seating_label", "session_of", "store",
           "url_params"]

JSON = dict[str, Any]

#: The opponent when the URL names none (a level of :data:`dominolab.play.levels.LEVELS`; the page
#: offers every level, each with its own budget; hints and the review ask the advisor,
#: :func:`dominolab.play.levels.advisor`).
DEFAULT_BOT = "greedy"
#: The languages a call may ask for (``lang``; default German, the book's first language).


def page_words() -> PageWords:
    """The page's words (dominolab.text.words) in the language of the call being served."""
    return WORDS[current()].page


def level_name(level: Level) -> str:
    """A level's name in the call's language (``stark``, ``strong``)."""
    return WORDS[current()].bots[level.name]


class WebError(DominoError):
    """A request of the page that cannot be served (bad parameter, unknown session...)."""


# -- small helpers ------------------------------------------------------------------

def seating_label(seating: Seating) -> str:
    return page_words().players.format(n=seating.players) + (page_words().in_partnerships if seating.partnerships else "")


def level_label(level: Level) -> str:
    """A level as the page names it: ``4 – stark``; ``4 – stark (100 ms)`` with a budget of its own."""
    # a rated level with its number; a named bot that is no level (number 0: strong) by its name alone
    label = (page_words().level_label.format(number=level.number, name=level_name(level)) if level.number
             else level_name(level))
    if level.label != level.name:
        ms = f"{level.think_ms:g}"
        label = page_words().level_budget.format(label=label, ms=ms.replace(".", ",") if current() == "de" else ms)
    return label


def house_rules(data: object) -> GameRules:
    """A game description given as a JSON object with the description file's keys."""
    return rules_from_data(data, "rules")        # a DominoError names the key


def rules_json(rules: GameRules) -> JSON:
    """``{"rules": {...}}`` for house rules, nothing for a built-in game."""
    return {} if rules.name in GAMES else {"rules": rules_to_data(rules)}


def event_json(event: Any, rnd: Round, layout: Layout, index: int, me: int | None = None) -> JSON:
    """An event with its sentence (seen from seat ``me`` when given) and, for a play, its step texts."""
    item: JSON = {"index": index, "type": type(event).__name__.removesuffix("Event").lower(),
                  "seat": getattr(event, "seat", None), "text": event_text(event, rnd, current(), me=me)}
    if isinstance(event, PlayEvent):
        placement = Placement(event.tile, event.at)
        item["move"] = str(placement)
        item["lines"] = step_lines(layout, placement, rnd.rules, current())
        item["lines_en"] = step_lines(layout, placement, rnd.rules, "en")
    return item


def move_words(move: Any, rules: GameRules) -> str:
    """A move as readers see it everywhere on the page (:func:`~dominolab.text.words.move_text`:
    ``[5|6] an [5|5], Seitenarm A``, ``[1|4] als Eröffnung``, ``ziehen``); a pass is named as the
    game names it (*passen*; *klopfen* in a game without a stock). Records and ``data-move`` keep
    the notation."""
    if str(move) == "pass":
        return pass_words(rules, current()).noun.lower()
    return move_text(move, current(), rules)


SESSIONS: dict[str, Any] = {}
MAX_SESSIONS = 32


def session_of(args: JSON, kind: type[Any]) -> Any:
    sid = str(args.get("id", ""))
    session = SESSIONS.get(sid)
    if not isinstance(session, kind):
        raise WebError(f"no {getattr(kind, 'kind', 'such')} session {shorten(sid)}; start one first",
                       code="no-session")
    return session


def store(sid: str, session: Any) -> None:
    if sid not in SESSIONS and len(SESSIONS) >= MAX_SESSIONS:
        SESSIONS.pop(next(iter(SESSIONS)))
    SESSIONS[sid] = session


def url_params(args: JSON) -> JSON:
    """``params``: a JSON object of URL parameters (missing or null: none)."""
    params = args.get("params")
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise WebError(f"'params' must be a JSON object of URL parameters, not {json_type(params)}")
    return params


def json_type(value: object) -> str:
    if isinstance(value, float):
        return f"the number {value!r}"
    names = {dict: "an object", list: "an array", str: "a string", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)
