"""Game records (``dominolab.record/1``): writing, strict reading and replaying.

A record holds the deal and every event of every round; positions are derived
by replaying it. Reading happens in two separate passes:

1. :func:`load_record` / :func:`loads_record` turn bytes into JSON values with
   hard limits (size, nesting depth, integer digits), so any input - any
   bytes, any size, any depth - ends in one clear :class:`RecordFormatError`.
2. :func:`parse_record` turns those values into typed, immutable
   :class:`Record` values: exact types (``true`` is not ``1``, ``10.0`` is not
   ``10``), exact shapes, every problem named by its JSON path such as
   ``rounds[2].events[14].seat``.

Only then does :func:`replay` re-play the typed values through the engine and
check every field, raising :class:`RecordError` that names the first wrong
event (round, event index, field, expected, found).

>>> from dominolab.core.engine import Match, random_policy
>>> match = Match('horse-race', players=2, seed=1).play(random_policy)
>>> replay(match_to_record(match)).scores == match.scores
True
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from dataclasses import dataclass, fields
from itertools import accumulate
from pathlib import Path
from typing import IO, Any, Mapping, Sequence

from dominolab.core import userfiles
from dominolab.core._check import value_kind
from dominolab.core.engine import DRAW, PASS, DrawEvent, Match, PassEvent, PlayEvent, Round, SettleEvent
from dominolab.core.errors import (DominoError, IllegalMove, RecordError, RecordFormatError, WrongType,
                                   control_character, shorten)
from dominolab.core.layout import AttachmentPoint, Placement
from dominolab.core.gamefile import rules_from_data, rules_to_data
from dominolab.core.rules import GAMES, GameRules, get_game
from dominolab.core.scoring import EndReason
from dominolab.core.tiles import ALL_TILES, Tile

__all__ = [
    "FORMAT", "MAX_BYTES", "MAX_DEPTH", "MAX_INT_DIGITS",
    "Record", "RoundRecord", "PlayRecord", "DrawRecord", "PassRecord", "SettleRecord",
    "match_to_record", "write_record", "write_record_atomic", "load_record", "loads_record",
    "read_limited", "parse_record", "replay",
]

FORMAT = "dominolab.record/1"
#: Largest record file read (a long match is far below 1 MiB).
MAX_BYTES = userfiles.MAX_BYTES
#: Deepest nesting of arrays and objects accepted (a record needs 6).
MAX_DEPTH = 32
#: Most digits of a JSON integer (record numbers are small).
MAX_INT_DIGITS = 20

#: Why a round ended, as records write it (the values of EndReason; a settlement only the first two).
END_REASONS: tuple[str, ...] = tuple(reason.value for reason in EndReason)
PLAY_SOURCES = ("hand", "drawn")


# -- writing -------------------------------------------------------------------

def event_to_json(event: object) -> dict[str, Any]:
    """The record object of one engine event."""
    if isinstance(event, PlayEvent):
        return {"type": "play", "seat": event.seat, "tile": str(event.tile),
                "at": None if event.at is None else str(event.at), "source": str(event.source),
                "sum": event.sum, "credit": event.credit, "bonus": event.bonus,
                "scored": event.scored, "scores": list(event.scores)}
    if isinstance(event, DrawEvent):
        return {"type": "draw", "seat": event.seat, "tile": str(event.tile)}
    if isinstance(event, PassEvent):
        return {"type": "pass", "seat": event.seat}
    if isinstance(event, SettleEvent):
        return {"type": "settle", "reason": str(event.reason), "winners": list(event.winners),
                "pips": list(event.pips), "credits": list(event.credits), "scores": list(event.scores)}
    raise TypeError(f"not an event: {event!r}")


def round_to_json(rnd: Round) -> dict[str, Any]:
    """The record object of one round (finished or in progress)."""
    return {
        "number": rnd.number,
        "opener": rnd.opener,
        "hands": [[str(t) for t in hand] for hand in rnd.dealt],
        "stock": [str(t) for t in rnd.initial_stock],
        "events": [event_to_json(e) for e in rnd.events],
        "end": None if rnd.end is None else str(rnd.end),
    }


def match_to_record(match: Match) -> dict[str, Any]:
    """The ``dominolab.record/1`` object of a match (finished or in progress).

    A match under a description read from a file (house rules) carries the whole
    description as ``rules`` after its own ``game`` name, so that it replays
    without the file; records of the built-in games have no ``rules`` key. A match
    that ended at its description's round limit (``max_rounds``) without a side at
    the target carries ``round_limit``, that number, after ``winners`` (the sides
    with the highest score); no other record has the key.
    """
    rules = match.rules
    head: dict[str, Any] = {"format": FORMAT, "game": rules.name}
    if rules.name not in GAMES:
        head["rules"] = rules_to_data(rules)
    elif GAMES[rules.name] != rules:
        raise RecordError(f"a changed {rules.title} cannot be recorded as {rules.name!r}: give the "
                          f"description a name of its own (house rules)")
    record = {
        **head,
        "players": match.seating.players,
        "partnerships": match.seating.partnerships,
        "target": match.rules.target,
        "rounds": [round_to_json(r) for r in match.rounds],
        "scores": list(match.scores),
        "winners": list(match.winners),
    }
    if match.round_limit_reached:
        # the extension key of a match ended by its round limit (interpretation zi-rundengrenze)
        record["round_limit"] = match.rules.max_rounds
    return record


def write_record(match: Match | Mapping[str, Any], path: str | Path) -> None:
    """Write a record file atomically: a temporary file beside it, then a rename.

    ``match`` is a :class:`Match` or an already built record object. Whatever
    happens (disk full, Ctrl-C), ``path`` holds either its old content or the
    whole new record, never a part; no temporary file is left behind. A path that
    is not a regular file (a device, a folder, a FIFO) is refused, never replaced.
    """
    if isinstance(match, Match):
        record: Mapping[str, Any] = match_to_record(match)
    elif isinstance(match, Mapping):
        record = match
    else:
        raise WrongType(f"write_record: expected a Match or a record object, not {type(match).__name__}")
    text = json.dumps(record, ensure_ascii=False, indent=1) + "\n"
    userfiles.write_atomic(path, text.encode("utf-8"))


def is_record_text(head: bytes) -> bool:
    """Whether the first bytes of a file are those of a record this program wrote (its format key)."""
    return head.lstrip()[:1] == b"{" and FORMAT.encode() in head


write_record_atomic = write_record


# -- reading bytes into JSON values ---------------------------------------------

def read_limited(stream: IO[bytes], source: str, limit: int = MAX_BYTES) -> bytes:
    """Read at most ``limit`` bytes; a longer stream raises :class:`RecordFormatError`.

    Reading stops at ``limit + 1`` bytes, so ``/dev/zero`` fails at once.
    """
    return userfiles.read_limited(stream, source, limit, RecordFormatError)


_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _max_depth(brackets: str) -> int:
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets))) if brackets else 0


def _check_nesting(text: str, source: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` before the JSON parser recurses.

    Strings are cut out; the depth is the running count of the remaining
    brackets, computed without recursion. Up to the first syntax error, where
    the parser stops, the strings cut out are exactly the parser's strings, so
    the count bounds the parser's recursion. To keep long inputs fast,
    innermost pairs ``[]``/``{}`` are peeled off first: that leaves the depth
    of every other bracket unchanged and lowers the maximum by at most one
    per pass.
    """
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    if "[" * (MAX_DEPTH + 1) in brackets or "{" * (MAX_DEPTH + 1) in brackets:
        depth = MAX_DEPTH + 1                    # the common attack, found at once
    else:
        depth = _nesting_depth(brackets)
    if depth > MAX_DEPTH:
        raise RecordFormatError(f"{source}: not a record: arrays and objects nest deeper than {MAX_DEPTH} levels")


def _nesting_depth(brackets: str) -> int:
    peeled, passes = brackets, 0
    while passes < 3 and len(peeled) > 10_000:
        peeled, passes = peeled.replace("[]", "").replace("{}", ""), passes + 1
    depth = _max_depth(peeled)
    if depth <= MAX_DEPTH < depth + passes:      # near the limit: count exactly
        depth = _max_depth(brackets)
    return depth


class _JSONValueError(Exception):
    """Raised inside the JSON parser hooks; turned into a RecordFormatError."""


def _parse_int(text: str) -> int:
    digits = len(text.lstrip("-"))
    if digits > MAX_INT_DIGITS:
        raise _JSONValueError(f"an integer of {digits:,} digits (at most {MAX_INT_DIGITS})")
    return int(text)


def _parse_constant(text: str) -> Any:
    raise _JSONValueError(f"{text} is not a JSON number")


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _JSONValueError(f"key {shorten(key, 40)} appears twice in one object")
        out[key] = value
    return out


def loads_record(data: bytes | str, source: str = "<record>") -> dict[str, Any]:
    """Parse record text (bytes or str) into a JSON object, with hard limits.

    Raises :class:`RecordFormatError` naming ``source`` for text that is too
    large, not UTF-8, not JSON, nested too deeply, holds an over-long integer,
    ``NaN``/``Infinity``, a duplicate key, or is not a JSON object.
    """
    text = userfiles.text_of(data, source, what="a record", error=RecordFormatError, limit=MAX_BYTES)
    if not text.strip():
        raise RecordFormatError(f"{source}: {'empty input' if source == '<stdin>' else 'empty file'}, not a record")
    _check_nesting(text, source)
    try:
        value = json.loads(text, parse_int=_parse_int, parse_constant=_parse_constant, object_pairs_hook=_pairs)
    except _JSONValueError as exc:
        raise RecordFormatError(f"{source}: not a record: {exc}") from None
    except json.JSONDecodeError as exc:
        msg = exc.msg.removesuffix(" at")
        raise RecordFormatError(f"{source}: not JSON ({msg} at line {exc.lineno:,}, column {exc.colno:,})") from None
    except (ValueError, RecursionError) as exc:  # pragma: no cover - guarded by the checks above
        raise RecordFormatError(f"{source}: not JSON ({shorten(str(exc), 80)})") from None
    if not isinstance(value, dict):
        raise RecordFormatError(f"{source}: a record is a JSON object, found {value_kind(value)}")
    return value


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file (``-`` is standard input) into its JSON object.

    Only JSON-level checks happen here (see :func:`loads_record`); unreadable
    files raise :class:`RecordFormatError`, a :class:`RecordError`.
    """
    source = str(path)
    if source == "-":
        return loads_record(_read_stdin(), "<stdin>")
    shown = userfiles.shown_name(source)
    data = userfiles.read_bytes(path, what="a record file", error=RecordFormatError, limit=MAX_BYTES)
    return loads_record(data, shown)


def _read_stdin() -> bytes:
    """The bytes of standard input, bounded; closed (``<&-``) or unreadable input is one line, not a crash."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:                  # started with standard input closed: Python's sys.stdin is None
        raise RecordFormatError("<stdin>: standard input is closed; name a record file instead of '-', "
                                "or pipe one in")
    try:
        return read_limited(stream, "<stdin>")
    except (OSError, ValueError) as exc:  # e.g. a descriptor opened for writing only (0>file)
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RecordFormatError(f"<stdin>: cannot read standard input: {reason}") from None


# -- typed values ----------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayRecord:
    seat: int
    tile: Tile
    at: AttachmentPoint | None
    source: str
    sum: int
    credit: int
    bonus: int
    scored: int
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "play", "seat": self.seat, "tile": str(self.tile),
                "at": None if self.at is None else str(self.at), "source": self.source, "sum": self.sum,
                "credit": self.credit, "bonus": self.bonus, "scored": self.scored, "scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class DrawRecord:
    seat: int
    tile: Tile

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "seat": self.seat, "tile": str(self.tile)}


@dataclass(frozen=True, slots=True)
class PassRecord:
    seat: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class SettleRecord:
    reason: str
    winners: tuple[int, ...]
    pips: tuple[int, ...]
    credits: tuple[int, ...]
    scores: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "settle", "reason": self.reason, "winners": list(self.winners), "pips": list(self.pips),
                "credits": list(self.credits), "scores": list(self.scores)}


EventRecord = PlayRecord | DrawRecord | PassRecord | SettleRecord


@dataclass(frozen=True, slots=True)
class RoundRecord:
    number: int
    opener: int
    hands: tuple[tuple[Tile, ...], ...]
    stock: tuple[Tile, ...]
    events: tuple[EventRecord, ...]
    end: str | None


@dataclass(frozen=True, slots=True)
class Record:
    """A record read into typed values (see :func:`parse_record`)."""

    format: str
    game: str
    players: int
    partnerships: bool
    target: int
    rounds: tuple[RoundRecord, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    #: the description of a house-rules game (the record's ``rules``); ``None`` for a built-in game
    rules: GameRules | None = None
    #: the round limit that ended the match (the record's ``round_limit``); ``None`` when it did not
    round_limit: int | None = None


def _fail(path: str, expected: str, value: object) -> RecordFormatError:
    return RecordFormatError(f"{path}: expected {expected}, found {value_kind(value)}")


def _int(value: object, path: str) -> int:
    if type(value) is not int:
        raise _fail(path, "an integer", value)
    return value


def _ints(value: object, path: str) -> tuple[int, ...]:
    if type(value) is not list:
        raise _fail(path, "an array of integers", value)
    return tuple(_int(v, f"{path}[{i}]") for i, v in enumerate(value))


def _str(value: object, path: str, allowed: Sequence[str] | None = None) -> str:
    if type(value) is not str:
        raise _fail(path, "a string" if allowed is None else "one of " + ", ".join(map(repr, allowed)), value)
    if allowed is not None and value not in allowed:
        raise RecordFormatError(f"{path}: expected one of {', '.join(map(repr, allowed))}, found {shorten(value, 40)}")
    return value


def _tile(value: object, path: str) -> Tile:
    if type(value) is not str:
        raise _fail(path, "a tile such as '[1|4]'", value)
    if len(value) > 12:
        raise RecordFormatError(f"{path}: not a tile: {shorten(value, 40)}")
    try:
        return Tile.parse(value)
    except DominoError as exc:
        raise RecordFormatError(f"{path}: {exc}") from None


def _tiles(value: object, path: str) -> tuple[Tile, ...]:
    if type(value) is not list:
        raise _fail(path, "an array of tiles", value)
    return tuple(_tile(v, f"{path}[{i}]") for i, v in enumerate(value))


def _point(value: object, path: str) -> AttachmentPoint | None:
    if value is None:
        return None
    if type(value) is not str:
        raise _fail(path, "an attachment point such as '[1|4].low', or null", value)
    if len(value) > 24:
        raise RecordFormatError(f"{path}: not an attachment point: {shorten(value, 40)}")
    try:
        return AttachmentPoint.parse(value)
    except DominoError as exc:
        raise RecordFormatError(f"{path}: {exc}") from None


def _object(value: object, path: str, required: Sequence[str], optional: Sequence[str] = ()) -> dict[str, Any]:
    if type(value) is not dict:
        raise _fail(path or "the record", "an object", value)
    for key in required:
        if key not in value:
            raise RecordFormatError(f"{path or 'the record'}: missing key '{key}'")
    for key in value:
        if key not in required and key not in optional:
            where = f"{path}.{key}" if path else key
            known = ", ".join(list(required) + list(optional))
            raise RecordFormatError(f"{shorten(where, 80)}: unknown key (known keys: {known})")
    return value


_EVENT_KEYS = {
    "play": ("type", "seat", "tile", "at", "source", "sum", "credit", "bonus", "scored", "scores"),
    "draw": ("type", "seat", "tile"),
    "pass": ("type", "seat"),
    "settle": ("type", "reason", "winners", "pips", "credits", "scores"),
}


def _event(value: object, path: str) -> EventRecord:
    if type(value) is not dict:
        raise _fail(path, "an event object", value)
    if "type" not in value:
        raise RecordFormatError(f"{path}: missing key 'type'")
    kind = _str(value["type"], f"{path}.type", tuple(_EVENT_KEYS))
    obj = _object(value, path, _EVENT_KEYS[kind])
    if kind == "play":
        return PlayRecord(_int(obj["seat"], f"{path}.seat"), _tile(obj["tile"], f"{path}.tile"),
                          _point(obj["at"], f"{path}.at"), _str(obj["source"], f"{path}.source", PLAY_SOURCES),
                          _int(obj["sum"], f"{path}.sum"), _int(obj["credit"], f"{path}.credit"),
                          _int(obj["bonus"], f"{path}.bonus"), _int(obj["scored"], f"{path}.scored"),
                          _ints(obj["scores"], f"{path}.scores"))
    if kind == "draw":
        return DrawRecord(_int(obj["seat"], f"{path}.seat"), _tile(obj["tile"], f"{path}.tile"))
    if kind == "pass":
        return PassRecord(_int(obj["seat"], f"{path}.seat"))
    return SettleRecord(_str(obj["reason"], f"{path}.reason", END_REASONS[:2]),
                        _ints(obj["winners"], f"{path}.winners"), _ints(obj["pips"], f"{path}.pips"),
                        _ints(obj["credits"], f"{path}.credits"), _ints(obj["scores"], f"{path}.scores"))


def _round(value: object, path: str) -> RoundRecord:
    obj = _object(value, path, ("number", "opener", "hands", "stock", "events"), ("end",))
    hands = obj["hands"]
    if type(hands) is not list:
        raise _fail(f"{path}.hands", "an array of hands (one array of tiles per seat)", hands)
    events = obj["events"]
    if type(events) is not list:
        raise _fail(f"{path}.events", "an array of events", events)
    end = obj.get("end")
    return RoundRecord(
        number=_int(obj["number"], f"{path}.number"),
        opener=_int(obj["opener"], f"{path}.opener"),
        hands=tuple(_tiles(h, f"{path}.hands[{i}]") for i, h in enumerate(hands)),
        stock=_tiles(obj["stock"], f"{path}.stock"),
        events=tuple(_event(e, f"{path}.events[{i}]") for i, e in enumerate(events)),
        end=None if end is None else _str(end, f"{path}.end", END_REASONS),
    )


_TOP_KEYS = ("format", "game", "players", "partnerships", "target", "rounds", "scores", "winners")


def parse_record(data: object) -> Record:
    """Read a record's JSON object into typed values, checking types and shapes only.

    Every problem raises :class:`RecordFormatError` naming its JSON path, e.g.
    ``rounds[0].events[3].at: expected an attachment point such as '[1|4].low',
    or null, found an integer (42)``. Rules are not checked here (see :func:`replay`).
    """
    if isinstance(data, Record):
        return data
    obj = _object(data, "", _TOP_KEYS, ("rules", "round_limit"))
    fmt = _str(obj["format"], "format")
    if fmt != FORMAT:
        raise RecordFormatError(f"format: expected {FORMAT!r}, found {shorten(fmt, 40)}")
    partnerships = obj["partnerships"]
    if type(partnerships) is not bool:
        raise _fail("partnerships", "true or false", partnerships)
    rounds = obj["rounds"]
    if type(rounds) is not list:
        raise _fail("rounds", "an array of rounds", rounds)
    game = _str(obj["game"], "game")
    bad = control_character(game)
    if bad is not None:                 # the game's name is printed; an escape sequence must not reach a terminal
        raise RecordFormatError(f"game: control character {bad} not allowed")
    rules = None
    if "rules" in obj:
        if game in GAMES:
            raise RecordFormatError(f"rules: {game!r} is a built-in game; its records have no 'rules' key")
        try:
            rules = rules_from_data(obj["rules"], "rules")
        except DominoError as exc:
            raise RecordFormatError(str(exc)) from None
        if rules.name != game:
            raise RecordFormatError(f"rules: key name: the description is called {shorten(rules.name, 40)}, "
                                    f"but the record's game is {shorten(game, 40)}")
    return Record(
        format=fmt,
        game=game,
        rules=rules,
        players=_int(obj["players"], "players"),
        partnerships=partnerships,
        target=_int(obj["target"], "target"),
        rounds=tuple(_round(r, f"rounds[{i}]") for i, r in enumerate(rounds)),
        scores=_ints(obj["scores"], "scores"),
        winners=_ints(obj["winners"], "winners"),
        round_limit=_int(obj["round_limit"], "round_limit") if "round_limit" in obj else None,
    )


# -- replaying -----------------------------------------------------------------

class _Where:
    """Builds error messages that say where in the record the problem is."""

    def __init__(self, round_no: int | None = None, index: int | None = None, kind: str | None = None):
        self.round_no, self.index, self.kind = round_no, index, kind

    def prefix(self) -> str:
        parts = []
        if self.round_no is not None:
            parts.append(f"round {self.round_no}")
        if self.index is not None:
            parts.append(f"event {self.index}" + (f" ({self.kind})" if self.kind else ""))
        return ", ".join(parts) + ": " if parts else ""

    def details(self) -> dict[str, str | int]:
        """Where the problem is, for a reader's sentence in another language (round number, event index)."""
        out: dict[str, str | int] = {}
        if self.round_no is not None:
            out["round"] = self.round_no
        if self.index is not None:
            out["event"] = self.index
        return out

    def error(self, message: str) -> RecordError:
        return RecordError(self.prefix() + message, details=self.details())

    def mismatch(self, field: str, expected: object, found: object) -> RecordError:
        return RecordError(f"{self.prefix()}field '{field}': expected {_json(expected)}, found {_json(found)}",
                           details=self.details())


def _json(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 120 else text[:100] + "…"


def _compare(expected: Mapping[str, Any], found: Mapping[str, Any], where: _Where) -> None:
    for key, value in expected.items():
        if key not in found:
            raise where.mismatch(key, value, None)
        if found[key] != value:
            raise where.mismatch(key, value, found[key])


def replay(record: Mapping[str, Any] | Record, game: GameRules | str | None = None) -> Match:
    """Re-play a record through the engine, checking every field; return the match.

    ``record`` is a record's JSON object (as :func:`load_record` returns it) or
    a typed :class:`Record`. Wrong types and shapes raise
    :class:`RecordFormatError`; anything against the rules raises
    :class:`RecordError` naming the first wrong event. A record of a match in
    progress (``"winners": []`` and a last round without ``end``) is accepted.

    The game is the record's own: a built-in game by its name, house rules by the
    description the record carries (``rules``). ``game`` (a name or a description)
    additionally demands that the record be of exactly that game.
    """
    rec = parse_record(record)
    top = _Where()
    try:
        rules = rec.rules if rec.rules is not None else get_game(rec.game)
    except DominoError as exc:
        raise RecordFormatError(f"game: {exc} (a record of house rules carries its whole "
                                f"description as rules)") from None
    if game is not None:
        expected = get_game(game)
        if expected.name != rules.name:
            raise top.mismatch("game", expected.name, rules.name)
        if expected != rules:
            differ = [f.name for f in fields(GameRules) if getattr(expected, f.name) != getattr(rules, f.name)]
            raise top.error(f"field 'rules': the record's description of {rules.name!r} differs from the "
                            f"expected one in {', '.join(differ)}")
    try:
        match = Match(rules, rec.players, rec.partnerships)
    except DominoError as exc:
        raise RecordError(f"players/partnerships: {exc}") from None
    if rec.target != rules.target:
        raise top.mismatch("target", rules.target, rec.target)
    for i, rround in enumerate(rec.rounds):
        if match.over:
            raise _Where(i + 1).error("the match was already won; no further round is played")
        _replay_round(match, rround, i + 1, is_last=(i == len(rec.rounds) - 1))
    _compare({"scores": list(match.scores), "winners": list(match.winners)},
             {"scores": list(rec.scores), "winners": list(rec.winners)}, top)
    limit = rules.max_rounds if match.round_limit_reached else None
    if rec.round_limit != limit:
        raise top.mismatch("round_limit", limit, rec.round_limit)
    return match


def _replay_round(match: Match, rround: RoundRecord, number: int, is_last: bool) -> None:
    where = _Where(number)
    if rround.number != number:
        raise where.mismatch("number", number, rround.number)
    seating, rules = match.seating, match.rules
    n = seating.players
    if len(rround.hands) != n:
        raise where.error(f"field 'hands': expected {n} hands (one list per seat), found {len(rround.hands)}")
    size = rules.hand_sizes[seating]
    for seat, hand in enumerate(rround.hands):
        if len(hand) != size:
            raise where.error(f"field 'hands': seat {seat} holds {len(hand)} tile{'' if len(hand) == 1 else 's'}, "
                              f"{rules.title} deals {size}")
    every = [t for hand in rround.hands for t in hand] + list(rround.stock)
    if len(every) != 28 or set(every) != set(ALL_TILES):
        seen: set[Tile] = set()
        dup = None
        for t in every:
            if t in seen and dup is None:
                dup = t
            seen.add(t)
        detail = f"{dup} appears twice" if dup else f"{len(every)} tiles instead of 28"
        raise where.error(f"fields 'hands' and 'stock' must hold the 28 tiles once each: {detail}")
    opener = rround.opener
    fixed = match.next_opener()
    if fixed is not None and opener != fixed:
        raise where.mismatch("opener", fixed, opener)
    if not 0 <= opener < n:
        raise where.error(f"field 'opener': no seat {opener} with {n} players")
    rnd = match.new_round([list(h) for h in rround.hands], list(rround.stock), opener)
    events = rround.events
    for index, erec in enumerate(events):
        found = erec.to_json()
        ew = _Where(number, index, found["type"])
        if index < len(rnd.events):           # produced by the engine itself (a settlement)
            _compare(event_to_json(rnd.events[index]), found, ew)
            continue
        if rnd.over:
            raise ew.error(f"the round already ended ({rnd.end}); no further event")
        move = _move_of(erec, rnd, ew)
        try:
            rnd.apply(move)
        except IllegalMove as exc:
            why = str(exc)
            kind = found["type"]
            if why.startswith(f"{kind}: "):
                why = why[len(kind) + 2:]
            raise ew.error(f"illegal {kind}: {why}") from None
        _compare(event_to_json(rnd.events[index]), found, ew)
    if len(rnd.events) > len(events):
        missing = event_to_json(rnd.events[len(events)])
        raise _Where(number, len(events), missing["type"]).error(f"missing event: expected {_json(missing)}")
    if not rnd.over:
        if is_last and rround.end is None and not match.winners:
            return
        raise where.error(f"the round is not over after its {len(events)} event{'' if len(events) == 1 else 's'} "
                          f"(seat {rnd.to_move} to move)")
    if rround.end != rnd.end:
        raise where.mismatch("end", None if rnd.end is None else str(rnd.end), rround.end)
    match.end_round()


def _move_of(erec: EventRecord, rnd: Round, where: _Where) -> Any:
    if isinstance(erec, SettleRecord):
        raise where.error(f"no settlement is due here (seat {rnd.to_move} to move)")
    if erec.seat != rnd.to_move:
        raise where.mismatch("seat", rnd.to_move, erec.seat)
    if isinstance(erec, DrawRecord):
        return DRAW
    if isinstance(erec, PassRecord):
        return PASS
    return Placement(erec.tile, erec.at)
