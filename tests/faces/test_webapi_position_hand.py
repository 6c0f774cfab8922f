"""The page API's record_position gives the hand a reviewed decision was taken with (issue 28, point 3)."""

from __future__ import annotations

import json
from pathlib import Path

from dominolab import webapi
from dominolab.core.history import positions
from dominolab.play.review import match_of_record

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "horse-race-4p-greedy-seed2.record.json"


def _call(method: str, **args) -> dict:
    return json.loads(webapi.call(method, json.dumps(args)))


def test_the_position_carries_the_seats_hand_at_every_event():
    text = GOLDEN.read_text(encoding="utf-8")
    match = match_of_record(json.loads(text), GOLDEN.name)
    steps = positions(match.rounds[0])
    for event in (0, 3, 7, len(steps) - 1):
        for seat in range(match.seating.players):
            out = _call("record_position", text=text, round=0, event=event, seat=seat)
            assert out["ok"], out
            got = out["result"]
            assert got["hand"] == [str(t) for t in steps[event].hands[seat]]
            assert bool(got["hand_svg"]) == bool(got["hand"])
            if got["hand"]:                      # the picture names its tiles in its description
                assert f"<desc>{' '.join(got['hand'])}.</desc>" in got["hand_svg"]


def test_without_a_seat_no_hand_and_a_wrong_seat_is_refused_in_german():
    text = GOLDEN.read_text(encoding="utf-8")
    out = _call("record_position", text=text, round=0, event=2)
    assert out["ok"] and "hand" not in out["result"]
    for seat in (4, -1, True, "1"):
        bad = _call("record_position", text=text, round=0, event=2, seat=seat)
        assert not bad["ok"] and bad["error_de"] == "Diesen Sitz gibt es in der Partie nicht.", bad
