"""Records in the play page: a record file opened, replayed and checked by the engine
(:func:`dominolab.core.record.replay`), then stepped through; a record's position before a decision."""

from __future__ import annotations

from dominolab.core.errors import DominoError, RecordError, RecordFormatError, shorten
from dominolab.core.history import Position, positions
from dominolab.core.record import loads_record, replay
from dominolab.pictures.svg import hand_svg, layout_svg
from dominolab.text.language import current
from dominolab.text.narrate import side_name
from dominolab.text.words import WORDS, and_list, count
from dominolab.webapi.common import JSON, SESSIONS, WebError, event_json, json_type, page_words, seating_label, store

__all__ = ["MAX_INDEX", "RecordSession", "frame_index", "open_record", "parse_record_text", "record_position"]

#: Largest record frame index asked for (a record has far fewer frames; larger ones show the last).
MAX_INDEX = 10**9


# -- records opened in the page -------------------------------------------------------

def parse_record_text(text: str, name: str = "record") -> JSON:
    """Parse record text exactly as ``dominolab replay`` reads a file (same limits and wording)."""
    try:
        return loads_record(text, name)
    except RecordFormatError as exc:
        raise RecordFormatError(str(exc), code="record-format", details={"name": name}) from None


class RecordSession:
    """A record replayed and checked by the engine, then stepped through event by event."""

    kind = "record"

    def __init__(self, text: str, name: str = "record"):
        data = parse_record_text(text, name)     # its messages name the file
        # The same wording as `dominolab replay NAME` prints after "dominolab: error: ".
        try:
            self.match = replay(data)
        except RecordFormatError as exc:         # wrong types or shapes
            raise RecordFormatError(f"{name}: {exc}", code="record-format", details={"name": name}) from None
        except DominoError as exc:               # against the rules (details: where, for the German sentence)
            raise RecordError(f"{name}: not consistent: {exc}", code="record-inconsistent",
                              details={**exc.details, "name": name}) from None
        self.name = name
        self.frames: list[tuple[int, int]] = [(r, i) for r, rnd in enumerate(self.match.rounds)
                                              for i in range(len(rnd.events))]
        self._positions: dict[int, list[Position]] = {}

    def summary(self) -> JSON:
        m = self.match
        labels = [side_name(s, m.seating, current()) for s in range(m.seating.n_sides)]
        won = and_list([labels[w] for w in m.winners], current())
        return {"ok": True, "name": self.name, "title": m.rules.title, "seating": seating_label(m.seating),
                "rounds": len(m.rounds), "frames": len(self.frames), "scores": list(m.scores),
                "players": m.seating.players,
                "text": page_words().record_ok.format(
                    name=self.name, title=m.rules.title, seating=seating_label(m.seating),
                    rounds=count(len(m.rounds), WORDS[current()].round), scores=" : ".join(map(str, m.scores)),
                    result=page_words().record_won.format(winners=won) if won else page_words().record_open)}

    def frame(self, index: int) -> JSON:
        if not self.frames:
            raise WebError("the record holds no events", code="record-empty")
        index = max(0, min(index, len(self.frames) - 1))
        r, i = self.frames[index]
        rnd = self.match.rounds[r]
        position: Position = self.positions(r)[i + 1]
        layout = position.layout
        event = rnd.events[i]
        item = event_json(event, rnd, layout, i)
        return {"index": index, "frames": len(self.frames), "round": rnd.number, "event": i,
                "text": page_words().frame.format(n=rnd.number, text=item["text"]), "lines": item.get("lines", []),
                "layout": str(layout), "scores": list(position.scores),
                "svg": layout_svg(layout, legend=False, lang=current(), rules=rnd.rules) if layout.placements else ""}

    def positions(self, r: int) -> list[Position]:
        """The positions of round index ``r`` (computed once per round)."""
        if r not in self._positions:
            self._positions[r] = positions(self.match.rounds[r])
        return self._positions[r]


def open_record(args: JSON) -> JSON:
    name = str(args.get("name") or "record")
    try:
        session = RecordSession(str(args.get("text", "")), name)
    except DominoError:
        SESSIONS.pop(str(args.get("id", "")), None)
        raise                     # {"ok": false, "error", "error_de"} from call, never wrapped in ok: true
    store(str(args.get("id", "")), session)
    return session.summary() | {"first": session.frame(0) if session.frames else None}


def record_position(args: JSON) -> JSON:
    """The drawing of a record's position just before event ``event`` of round ``round`` (both
    0-based, as a review's decisions count them): where a reviewed decision was taken. With
    ``seat`` (0-based) also that seat's hand then (``hand``: the tiles, ``hand_svg``: their picture),
    the tiles the decision was taken with."""
    data = parse_record_text(str(args.get("text", "")), "record")
    try:
        match = replay(data)
    except DominoError as exc:
        raise WebError(f"record: not consistent: {exc}", code="record-inconsistent",
                       details={**exc.details, "name": "record"}) from None
    r, index = int(args.get("round", 0)), int(args.get("event", 0))
    if not 0 <= r < len(match.rounds):
        raise WebError(f"no round index {r} in the record (0 to {len(match.rounds) - 1})")
    rnd = match.rounds[r]
    steps = positions(rnd)
    here = steps[max(0, min(index, len(steps) - 1))]
    layout = here.layout
    out = {"round": r, "number": rnd.number, "event": index, "layout": str(layout),
           "svg": layout_svg(layout, legend=False, lang=current(), rules=rnd.rules) if layout.placements else ""}
    seat = args.get("seat")
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.seating.players:
            raise WebError(f"seat: no seat {repr(seat)[:40]} with {match.seating.players} players "
                           f"(seats 0 to {match.seating.players - 1})", code="review-seat")
        hand = here.hands[seat]
        out |= {"seat": seat, "hand": [str(t) for t in hand], "hand_svg": hand_svg(hand, lang=current()) if hand else ""}
    return out


def frame_index(args: JSON) -> int:
    """``index``: a whole number (a digit string is read as one); missing: 0."""
    value = args.get("index", 0)
    if isinstance(value, str) and value.strip().lstrip("-").isascii() and value.strip().lstrip("-").isdigit() \
            and len(value.strip()) <= 12:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        shown = shorten(value, 30) if isinstance(value, str) else json_type(value)
        raise WebError(f"'index' must be a whole number (a frame of the record), not {shown}")
    return max(-MAX_INDEX, min(value, MAX_INDEX))
