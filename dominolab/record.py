"""Game records (``dominolab.record/1``): writing them and replaying them.

A record holds the deal and every event of every round; positions are derived
by replaying it. :func:`replay` re-plays a record through the engine and checks
every field, raising :class:`RecordError` that names the first wrong event
(round, event index, field, expected, found).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .engine import (DRAW, PASS, DrawEvent, Match, PassEvent, PlayEvent, Round, SettleEvent)
from .errors import DominoError, RecordError
from .layout import AttachmentPoint, Placement
from .rules import get_game
from .tiles import ALL_TILES, Tile

FORMAT = "dominolab.record/1"


# -- writing -------------------------------------------------------------------

def event_to_json(event) -> dict[str, Any]:
    if isinstance(event, PlayEvent):
        return {"type": "play", "seat": event.seat, "tile": str(event.tile),
                "at": None if event.at is None else str(event.at), "source": event.source,
                "sum": event.sum, "credit": event.credit, "bonus": event.bonus,
                "scored": event.scored, "scores": list(event.scores)}
    if isinstance(event, DrawEvent):
        return {"type": "draw", "seat": event.seat, "tile": str(event.tile)}
    if isinstance(event, PassEvent):
        return {"type": "pass", "seat": event.seat}
    if isinstance(event, SettleEvent):
        return {"type": "settle", "reason": event.reason, "winners": list(event.winners),
                "pips": list(event.pips), "credits": list(event.credits), "scores": list(event.scores)}
    raise TypeError(f"not an event: {event!r}")


def round_to_json(rnd: Round) -> dict[str, Any]:
    return {
        "number": rnd.number,
        "opener": rnd.opener,
        "hands": [[str(t) for t in hand] for hand in rnd.dealt],
        "stock": [str(t) for t in rnd.initial_stock],
        "events": [event_to_json(e) for e in rnd.events],
        "end": rnd.end,
    }


def match_to_record(match: Match) -> dict[str, Any]:
    """The ``dominolab.record/1`` object of a match (finished or in progress)."""
    return {
        "format": FORMAT,
        "game": match.rules.name,
        "players": match.seating.players,
        "partnerships": match.seating.partnerships,
        "target": match.rules.target,
        "rounds": [round_to_json(r) for r in match.rounds],
        "scores": list(match.scores),
        "winners": list(match.winners),
    }


def write_record(match: Match, path: str | Path) -> None:
    Path(path).write_text(json.dumps(match_to_record(match), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def load_record(path: str | Path) -> dict[str, Any]:
    """Read a record file; unreadable files raise :class:`RecordError`."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RecordError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{path}: cannot read: {exc}") from None
    except json.JSONDecodeError as exc:
        raise RecordError(f"{path}: not JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
    if not isinstance(data, dict):
        raise RecordError(f"{path}: a record is a JSON object")
    return data


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

    def error(self, message: str) -> RecordError:
        return RecordError(self.prefix() + message)

    def mismatch(self, field: str, expected, found) -> RecordError:
        return RecordError(f"{self.prefix()}field '{field}': expected {json.dumps(expected, ensure_ascii=False)}, "
                           f"found {json.dumps(found, ensure_ascii=False)}")


def _tile(text, where: _Where, field: str) -> Tile:
    try:
        return Tile.parse(text)
    except DominoError as exc:
        raise where.error(f"field '{field}': {exc}") from None


def _compare(expected: dict, found: dict, where: _Where) -> None:
    for key, value in expected.items():
        if found.get(key, _MISSING) != value:
            raise where.mismatch(key, value, found.get(key))


_MISSING = object()


def _require(record: dict, key: str, kind, where: _Where):
    if key not in record:
        raise where.error(f"missing field '{key}'")
    value = record[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise where.error(f"field '{key}' has the wrong type ({type(value).__name__})")
    return value


def replay(record: dict[str, Any]) -> Match:
    """Re-play a record through the engine, checking every field; return the match.

    Raises :class:`RecordError` naming the first wrong event. A record of a match
    in progress (``"winners": []`` and a last round without ``end``) is accepted.
    """
    top = _Where()
    if record.get("format") != FORMAT:
        raise top.mismatch("format", FORMAT, record.get("format"))
    try:
        rules = get_game(_require(record, "game", str, top))
        match = Match(rules, _require(record, "players", int, top), _require(record, "partnerships", bool, top))
    except RecordError:
        raise
    except DominoError as exc:
        raise RecordError(str(exc)) from None
    if record.get("target") != rules.target:
        raise top.mismatch("target", rules.target, record.get("target"))
    rounds = _require(record, "rounds", list, top)
    for i, rrec in enumerate(rounds):
        if match.over:
            raise _Where(i + 1).error("the match was already won; no further round is played")
        if not isinstance(rrec, dict):
            raise _Where(i + 1).error("a round is a JSON object")
        _replay_round(match, rrec, i + 1, is_last=(i == len(rounds) - 1))
    final = {"scores": list(match.scores), "winners": list(match.winners)}
    _compare(final, record, _Where())
    return match


def _replay_round(match: Match, rrec: dict, number: int, is_last: bool) -> None:
    where = _Where(number)
    if rrec.get("number") != number:
        raise where.mismatch("number", number, rrec.get("number"))
    seating, rules = match.seating, match.rules
    n = seating.players
    hands_rec = _require(rrec, "hands", list, where)
    if len(hands_rec) != n or not all(isinstance(h, list) for h in hands_rec):
        raise where.error(f"field 'hands': expected {n} hands (one list per seat)")
    hands = [[_tile(t, where, "hands") for t in hand] for hand in hands_rec]
    stock = [_tile(t, where, "stock") for t in _require(rrec, "stock", list, where)]
    size = rules.hand_sizes[seating]
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise where.error(f"field 'hands': seat {seat} holds {len(hand)} tiles, {rules.title} deals {size}")
    every = [t for hand in hands for t in hand] + stock
    if len(every) != 28 or set(every) != set(ALL_TILES):
        seen, dup = set(), None
        for t in every:
            if t in seen:
                dup = t
            seen.add(t)
        detail = f"{dup} appears twice" if dup else f"{len(every)} tiles instead of 28"
        raise where.error(f"fields 'hands' and 'stock' must hold the 28 tiles once each: {detail}")
    opener = _require(rrec, "opener", int, where)
    fixed = match.next_opener()
    if fixed is not None and opener != fixed:
        raise where.mismatch("opener", fixed, opener)
    if not 0 <= opener < n:
        raise where.error(f"field 'opener': no seat {opener} with {n} players")
    rnd = match.new_round(hands, stock, opener)
    events = _require(rrec, "events", list, where)
    for index, erec in enumerate(events):
        ew = _Where(number, index, erec.get("type") if isinstance(erec, dict) else None)
        if not isinstance(erec, dict):
            raise ew.error("an event is a JSON object")
        if index < len(rnd.events):           # produced by the engine itself (a settlement)
            _compare(event_to_json(rnd.events[index]), erec, ew)
            continue
        if rnd.over:
            raise ew.error(f"the round already ended ({rnd.end}); no further event")
        move = _move_of(erec, rnd, ew)
        legal = rnd.legal_moves()
        if move not in legal:
            raise ew.error(f"illegal {erec.get('type')}: " + rnd._why_illegal(move, legal))
        rnd.push(move)
        _compare(event_to_json(rnd.events[index]), erec, ew)
    if len(rnd.events) > len(events):
        missing = event_to_json(rnd.events[len(events)])
        raise _Where(number, len(events), missing["type"]).error(
            f"missing event: expected {json.dumps(missing, ensure_ascii=False)}")
    if not rnd.over:
        if is_last and rrec.get("end") is None and not match.winners:
            return
        raise where.error(f"the round is not over after its {len(events)} events "
                          f"(seat {rnd.to_move} to move)")
    if rrec.get("end") != rnd.end:
        raise where.mismatch("end", rnd.end, rrec.get("end"))
    match.end_round()


def _move_of(erec: dict, rnd: Round, where: _Where):
    kind = erec.get("type")
    seat = erec.get("seat")
    if kind not in ("play", "draw", "pass"):
        if kind == "settle":
            raise where.error(f"no settlement is due here (seat {rnd.to_move} to move)")
        raise where.error(f"unknown event type {kind!r}")
    if seat != rnd.to_move:
        raise where.mismatch("seat", rnd.to_move, seat)
    if kind == "draw":
        return DRAW
    if kind == "pass":
        return PASS
    tile = _tile(erec.get("tile"), where, "tile")
    at = erec.get("at")
    if at is None:
        return Placement(tile, None)
    try:
        return Placement(tile, AttachmentPoint.parse(at))
    except DominoError as exc:
        raise where.error(f"field 'at': {exc}") from None
