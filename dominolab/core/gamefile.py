"""Game descriptions from files (house rules): a Fives-family game written as TOML.

The keys of a description file are the fields of :class:`~dominolab.core.rules.GameRules`
(``dominolab rules horse-race`` prints a built-in game in this form as a starting point)::

    name = "horse-race-121"           # its own name: never horse-race or fives-and-threes
    title = "Horse Race to 121"
    drawing = true
    spinners = "every-double"         # none, first-double or every-double
    divisors = [5]
    ...
    [[hand_sizes]]                    # one table per allowed seating
    players = 4
    partnerships = true               # optional, default false
    hand = 5

    [point_words]
    de = ["Anzeigepunkt", "Anzeigepunkte"]
    en = ["display point", "display points"]

Two keys may be left out: ``sections`` and ``max_rounds`` (the round limit of a match,
default 1000; a record's ``rules`` names it only when it differs from the default).

A file is read with the same care as an example file: bounded in size
(:mod:`dominolab.core.userfiles`), and every problem - unknown key (with a "did
you mean"), wrong type, impossible value or seating, a built-in game's name - is
one :class:`~dominolab.core.errors.RulesError` line naming the file and the key.

The same keys, as a JSON object, are the ``rules`` of a record of a house-rules
game (:func:`rules_to_data` writes them, :func:`rules_from_data` reads them back).
The package ships sample descriptions (:func:`sample_files`); a name such as
``muggins.toml`` that is not an existing file names the shipped sample.

>>> rules = loads_rules(rules_to_toml(get_game("horse-race"), name="my-race"), "<text>")
>>> rules.name, rules.target, rules.spinners.value
('my-race', 61, 'every-double')
"""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path
from types import MappingProxyType
from functools import lru_cache
from typing import Any, Mapping

from dominolab.core import userfiles
from dominolab.core.userfiles import suggest
from dominolab.core._check import TOML_WORDS, value_kind
from dominolab.core.errors import DominoError, RulesError, control_character, shorten
from dominolab.core.rules import DEFAULT_MAX_ROUNDS, GAMES, GameRules, OpenerRule, SpinnerRule, get_game
from dominolab.core.seating import Seating
from dominolab.core.tiles import ALL_TILES

__all__ = ["KEYS", "OPTIONAL", "REQUIRED", "LANGUAGES", "MAX_BYTES", "SAMPLES_DIR", "rules_from_data", "rules_to_data",
           "rules_to_toml", "loads_rules", "load_rules", "sample_files", "sample_games", "find_rules_file",
           "game_or_file", "equal_apart_from_name", "registered_games"]

#: Every key of a description, in the order files are printed (the GameRules fields).
KEYS: tuple[str, ...] = tuple(f.name for f in fields(GameRules))
#: Keys a description may leave out: ``sections`` (headings of a rule document) and ``max_rounds``
#: (the round limit, :data:`~dominolab.core.rules.DEFAULT_MAX_ROUNDS` when not given).
OPTIONAL: tuple[str, ...] = ("sections", "max_rounds")
#: Keys a description must give.
REQUIRED: tuple[str, ...] = tuple(k for k in KEYS if k not in OPTIONAL)
#: Languages whose point words a description must give (the languages of the texts).
LANGUAGES = ("de", "en")
#: Largest description file read (a real one is about 2 KiB).
MAX_BYTES = 256 * 1024
#: Where the package's sample descriptions live.
SAMPLES_DIR = Path(__file__).resolve().parent.parent / "games"

_NAME = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_HAND_KEYS = ("players", "partnerships", "hand")
_BOOL_KEYS = ("drawing", "stay_on_turn", "partners_play_out", "pip_settlement", "target_exact")
#: The ranges GameRules validates (a description that GameRules accepts must be writable and readable).
_RANGES = {"raw_per_point": (1, 12), "domino_bonus": (0, 1000), "target": (1, 10_000)}


class _Reader:
    """Reads one description; every problem is one line ``SOURCE: key KEY: WHAT``."""

    def __init__(self, source: str):
        self.source = source

    def fail(self, key: str, what: str) -> RulesError:
        return RulesError(f"{self.source}: key {key}: {what}" if key else f"{self.source}: {what}")

    def want(self, key: str, value: object, ok: bool, word: str) -> None:
        if not ok:
            raise self.fail(key, f"must be {word}, not {value_kind(value, TOML_WORDS)}")

    def boolean(self, key: str, value: object) -> bool:
        self.want(key, value, isinstance(value, bool), "true or false")
        return bool(value)

    def integer(self, key: str, value: object, low: int, high: int) -> int:
        self.want(key, value, type(value) is int, f"a whole number from {low} to {high:,}")
        assert isinstance(value, int)
        if not low <= value <= high:
            raise self.fail(key, f"must be a whole number from {low} to {high:,}, not {value:,}")
        return value

    def text(self, key: str, value: object, limit: int = 80) -> str:
        self.want(key, value, isinstance(value, str), "a text")
        assert isinstance(value, str)
        bad = control_character(value)
        if bad is not None:             # an escape sequence would reach the terminal of whoever prints it
            raise self.fail(key, f"control character {bad} not allowed")
        if not value.strip() or len(value) > limit:
            raise self.fail(key, f"must be one line of 1 to {limit} characters, not {shorten(value, 40)}")
        return value

    def word(self, key: str, value: object, allowed: list[str]) -> str:
        self.want(key, value, isinstance(value, str), "one of " + ", ".join(allowed))
        assert isinstance(value, str)
        if value not in allowed:
            raise self.fail(key, f"unknown value {shorten(value, 30)}{suggest(value, allowed, ordered=True)}")
        return value

    def array(self, key: str, value: object, limit: int) -> list[Any]:
        self.want(key, value, isinstance(value, list), "an array")
        assert isinstance(value, list)
        if len(value) > limit:
            raise self.fail(key, f"has {len(value):,} entries, at most {limit} make sense")
        return value

    def table(self, key: str, value: object, allowed: tuple[str, ...], required: tuple[str, ...]) -> dict[str, Any]:
        self.want(key, value, isinstance(value, dict), "a table")
        assert isinstance(value, dict)
        prefix = f"{key}." if key else ""
        for k in value:
            if k not in allowed:
                raise self.fail(prefix + str(k), f"unknown key{suggest(str(k), allowed, ordered=True)}")
        for k in required:
            if k not in value:
                raise self.fail(prefix + k, "missing (required)")
        return value


def _hand_sizes(r: _Reader, value: object) -> dict[Seating, int]:
    items = r.array("hand_sizes", value, 10)
    if not items:
        raise r.fail("hand_sizes", "needs at least one seating ([[hand_sizes]] with players and hand)")
    out: dict[Seating, int] = {}
    for i, item in enumerate(items):
        key = f"hand_sizes[{i + 1}]"
        entry = r.table(key, item, _HAND_KEYS, ("players", "hand"))
        players = r.integer(f"{key}.players", entry["players"], 2, 6)
        partnerships = r.boolean(f"{key}.partnerships", entry.get("partnerships", False))
        if partnerships and players != 4:
            raise r.fail(f"{key}.partnerships", f"partnerships are two pairs of partners (4 players), "
                                                f"not {players} players")
        hand = r.integer(f"{key}.hand", entry["hand"], 1, len(ALL_TILES))
        if players * hand > len(ALL_TILES):
            raise r.fail(f"{key}.hand", f"{players} players cannot be dealt {hand} tiles each from "
                                        f"{len(ALL_TILES)} tiles")
        seating = Seating(players, partnerships)
        if seating in out:
            raise r.fail(key, f"the seating {seating} is described twice")
        out[seating] = hand
    return out


def _point_words(r: _Reader, value: object) -> dict[str, tuple[str, str]]:
    table = r.table("point_words", value, LANGUAGES, LANGUAGES)
    out: dict[str, tuple[str, str]] = {}
    for lang in LANGUAGES:
        key = f"point_words.{lang}"
        forms = r.array(key, table[lang], 2)
        if len(forms) != 2:
            raise r.fail(key, f"needs two words, singular and plural, e.g. [\"point\", \"points\"]; has {len(forms)}")
        out[lang] = (r.text(key, forms[0], 40), r.text(key, forms[1], 40))
    return out


def rules_from_data(data: object, source: str) -> GameRules:
    """A :class:`GameRules` from a description's keys (a TOML table or a record's ``rules`` object).

    ``source`` names the file (or ``rules`` inside a record) in the messages. The
    description must have a name of its own: a built-in game's name is refused.
    """
    r = _Reader(source)
    table = r.table("", data, KEYS, REQUIRED)
    name = table["name"]
    r.want("name", name, isinstance(name, str), "a text")
    if not _NAME.fullmatch(name):
        raise r.fail("name", f"must be 1 to 40 lowercase letters, digits and '-' (e.g. 'horse-race-121'), "
                             f"not {shorten(name, 40)}")
    if name in GAMES:
        raise r.fail("name", f"{name} is a built-in game: a description read from a file needs a name of "
                             f"its own, e.g. {name}-house")
    values: dict[str, Any] = {"name": name, "title": r.text("title", table["title"])}
    values["hand_sizes"] = MappingProxyType(_hand_sizes(r, table["hand_sizes"]))
    for key in _BOOL_KEYS:
        values[key] = r.boolean(key, table[key])
    values["spinners"] = SpinnerRule(r.word("spinners", table["spinners"], [s.value for s in SpinnerRule]))
    divisors = r.array("divisors", table["divisors"], 5)
    if not divisors:
        raise r.fail("divisors", "needs at least one divisor, e.g. [5]")
    values["divisors"] = tuple(r.integer(f"divisors[{i + 1}]", d, 2, 12) for i, d in enumerate(divisors))
    if len(set(values["divisors"])) != len(divisors):
        raise r.fail("divisors", f"names a divisor twice ({divisors})")
    for key, (low, high) in _RANGES.items():
        values[key] = r.integer(key, table[key], low, high)
    for key in ("opener_after_domino", "opener_after_block"):
        values[key] = OpenerRule(r.word(key, table[key], [o.value for o in OpenerRule]))
    values["point_words"] = MappingProxyType(_point_words(r, table["point_words"]))
    sections = r.array("sections", table.get("sections", []), 50)
    values["sections"] = tuple(r.text(f"sections[{i + 1}]", s) for i, s in enumerate(sections))
    values["max_rounds"] = r.integer("max_rounds", table.get("max_rounds", DEFAULT_MAX_ROUNDS), 1, 100_000)
    try:
        return GameRules(**values)
    except DominoError as exc:          # pragma: no cover - every field is checked above
        raise r.fail("", str(exc)) from None


def rules_to_data(rules: GameRules) -> dict[str, Any]:
    """The description as JSON-ready values with the file's keys (a record's ``rules``).

    ``max_rounds`` is written only when it differs from its default, so that records of
    descriptions that do not set it stay as they were before the key existed.
    """
    rules = get_game(rules)
    out: dict[str, Any] = {}
    for key in KEYS:
        value = getattr(rules, key)
        if key == "max_rounds" and value == DEFAULT_MAX_ROUNDS:
            continue
        if key == "hand_sizes":
            value = [{"players": s.players, "partnerships": s.partnerships, "hand": n} for s, n in value.items()]
        elif key == "point_words":
            value = {lang: list(words) for lang, words in value.items()}
        elif isinstance(value, (SpinnerRule, OpenerRule)):
            value = value.value
        elif isinstance(value, tuple):
            value = list(value)
        out[key] = value
    return out


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")  # pragma: no cover


_COMMENTS = {
    "name": "its own name (lowercase, digits, '-'); never horse-race or fives-and-threes",
    "title": "the name shown to people",
    "drawing": "undealt tiles form a stock to draw from (false: they stay out of play)",
    "spinners": "which doubles open side arms: none, first-double or every-double",
    "divisors": "an end sum scores sum/d for each divisor d that divides it",
    "raw_per_point": "raw points per game point (5: the game counts fives)",
    "stay_on_turn": "a double or a scoring tile from the hand lets the player go on",
    "partners_play_out": "partnership rounds go on until both partners are out",
    "domino_bonus": "points for the side that plays out",
    "pip_settlement": "the round's winners get the opponents' remaining pips (rounded to fives)",
    "target": "points that win the match",
    "target_exact": "the target must be hit exactly (scoring events beyond it are void)",
    "opener_after_domino": "who opens after a domino: last-player, next-seat or lot",
    "opener_after_block": "who opens after a block: last-player, next-seat or lot",
    "sections": "headings of the rule document (may be left out)",
    "max_rounds": "a match still without a winner after this many rounds is won by the highest score",
}


def rules_to_toml(rules: GameRules, name: str | None = None) -> str:
    """The description as a TOML file that :func:`loads_rules` reads back (``name`` replaces its name)."""
    data = rules_to_data(rules)
    data["max_rounds"] = rules.max_rounds        # the file names every key, the default included
    if name is not None:
        data["name"] = name
    lines = [f"# dominolab game description (house rules), based on {rules.title}.",
             "# Change what your table plays differently, then: dominolab simulate --rules THIS-FILE ...",
             ""]
    for key in KEYS:
        if key in ("hand_sizes", "point_words"):
            continue
        if key == "sections" and data[key]:
            lines += [f"# {_COMMENTS[key]}", "sections = ["] + [f"    {_toml(t)}," for t in data[key]] + ["]"]
            continue
        lines.append(f"{key} = {_toml(data[key])}  # {_COMMENTS[key]}")
    lines += ["", "# one table per allowed seating: players, partnerships (default false), tiles per hand"]
    for entry in data["hand_sizes"]:
        lines += ["[[hand_sizes]]", f"players = {entry['players']}"]
        if entry["partnerships"]:
            lines.append("partnerships = true")
        lines += [f"hand = {entry['hand']}", ""]
    lines += ["# what one game point is called, singular and plural, per language", "[point_words]"]
    lines += [f"{lang} = {_toml(words)}" for lang, words in data["point_words"].items()]
    return "\n".join(lines) + "\n"


def loads_rules(text: str | bytes, source: str = "<rules>") -> GameRules:
    """A description from TOML text (see :func:`rules_from_data`)."""
    data = userfiles.loads_toml(text, source, what="a game description", error=RulesError, limit=MAX_BYTES,
                                syntax="not TOML")
    return rules_from_data(data, source)


@lru_cache(maxsize=1)
def registered_games() -> Mapping[str, GameRules]:
    """Every game dominolab ships, by name: the built-in games, then the sample descriptions."""
    games = dict(GAMES)
    for rules in sample_games():
        games[rules.name] = rules
    return MappingProxyType(games)


def sample_files() -> list[Path]:
    """The shipped sample descriptions, sorted by name."""
    return sorted(SAMPLES_DIR.glob("*.toml"))


def sample_games() -> list[GameRules]:
    """The shipped sample descriptions, read."""
    return [load_rules(p) for p in sample_files()]


def find_rules_file(path: str | Path) -> Path:
    """``path`` itself, or - when no such file exists and it is a bare name such as
    ``muggins.toml`` or ``muggins`` - the shipped sample of that name."""
    given = Path(path)
    if given.exists() or given.name != str(path):
        return given
    stem = given.name.removesuffix(".toml")
    sample = SAMPLES_DIR / f"{stem}.toml"
    return sample if stem and sample.is_file() else given


def load_rules(path: str | Path) -> GameRules:
    """Read a description file (bounded; every problem one :class:`RulesError` line naming the file)."""
    if isinstance(path, str) and not path.strip():      # Path("") is ".", the current folder
        raise RulesError(f"the name of the game description file is empty ({shorten(path)}); name a TOML file "
                         f"or a shipped sample: {', '.join(p.name for p in sample_files())}")
    found = find_rules_file(path)
    shown = userfiles.shown_name(path)
    data = userfiles.read_bytes(found, what="a game description file", error=RulesError, limit=MAX_BYTES)
    return loads_rules(data, shown)


def game_or_file(game: str | None, rules_file: str | None, *, needed: bool = True) -> GameRules | None:
    """The game named by ``--game`` or described by ``--rules`` (exactly one of them)."""
    if game is not None and rules_file is not None:
        raise RulesError("give either --game or --rules, not both (--rules FILE describes the whole game)")
    if rules_file is not None:
        if not rules_file.strip():
            raise RulesError(f"--rules: the value is empty or blank ({shorten(rules_file)}); name a game description file "
                             f"(TOML) or a shipped sample: {', '.join(p.name for p in sample_files())}")
        return load_rules(rules_file)
    if game is not None:
        return get_game(game)
    if needed:
        raise RulesError(f"name the game: --game {' or --game '.join(GAMES)}, or --rules FILE for house rules")
    return None


def equal_apart_from_name(a: GameRules, b: GameRules) -> bool:
    """Whether two descriptions agree in every field but the name."""
    return all(getattr(a, k) == getattr(b, k) for k in KEYS if k != "name")
