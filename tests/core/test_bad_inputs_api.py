"""Bad input to the newer parts of the Python API (issue 18): only DominoError, state unchanged.

Surface: ``Match.follow`` (``dominolab/core/engine.py``), ``view_of``
(``dominolab/core/view.py``), the bots and ``make_bot`` (``dominolab/play/bots.py``), the
tournament functions (``dominolab/play/tournament.py``), and a Hypothesis sweep of the public
entry points (``Layout.place``, ``Round.apply``, ``parse_move``, ``view_of``, ``make_bot``,
``Match.follow``, ``loads_record``, ``parse_record``) with arbitrary values.

Every refusal is a :class:`~dominolab.core.errors.DominoError` subclass with a one-line message of
at most 300 characters, and the object it was asked of is exactly as before: for a match a
deep snapshot (its record JSON, every round's events, hands, layout and the random state);
a failed ``Match.follow`` deals no round, advances no random state and applies no move.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any, Callable, Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dominolab.core.engine import DRAW, PASS, Match, Round
from dominolab.core.errors import DominoError, IllegalMove, InvalidArgument, NotationError, WrongType
from dominolab.core.layout import Layout
from dominolab.core.moves import format_move, parse_move
from dominolab.core.rules import get_game
from dominolab.core.record import loads_record, match_to_record, parse_record
from dominolab.core.view import SeatView, view_of
from dominolab.play.levels import BOTS, make_bot
from dominolab.play.session import Session
from dominolab.play.tournament import iter_matches, run_tournament

HR, FT = "horse-race", "fives-and-threes"


def _fresh_layout() -> Layout:
    return Layout(get_game(HR).spinners)


def one_line(exc: BaseException) -> None:
    text = str(exc)
    assert "\n" not in text and 0 < len(text) <= 300, text


def snapshot(match: Match) -> Any:
    """Everything a match is: its record, every round in full, the random state, the winners."""
    rounds = [(r.number, r.opener, r.to_move, [list(map(str, h)) for h in r.hands], list(map(str, r.stock)),
               r.stock_pos, str(r.layout), [repr(e) for e in r.events], list(r.scores), r.end, r.pending)
              for r in match.rounds]
    record = json.dumps(match_to_record(match), sort_keys=True) if match.rounds else None
    return record, rounds, match.rng.getstate(), match.winners, len(match.rounds)


def _moves_of_session(seed: int = 4, steps: int = 6) -> list[Any]:
    s = Session(HR, 2, seed=seed, bots=["random"], think_ms=1)
    s.advance()
    for _ in range(steps):
        if s.status() != "your-turn":
            break
        s.play(s.legal_moves()[0])
        s.advance()
    return list(s.moves)


MOVES = _moves_of_session()


def _match(state: str) -> Match:
    """A fresh match, one with a round in play, or one whose round just ended."""
    match = Match(HR, 2, seed=4)
    if state == "in-play":
        match.follow(MOVES[:3])
    elif state == "after-moves":
        match.follow(MOVES)
    return match


class Endless:
    """An iterator that never ends (``itertools.repeat`` is another)."""

    def __iter__(self) -> Iterator[str]:
        while True:
            yield "draw"


FOLLOW: list[tuple[str, Callable[[], Any], type[DominoError]]] = [
    ("int", lambda: 5, WrongType),
    ("none", lambda: None, WrongType),
    ("string", lambda: "draw", WrongType),
    ("bytes", lambda: b"draw", WrongType),
    ("dict-of-ints", lambda: {1: 2}, WrongType),
    ("list-of-none", lambda: [None], WrongType),
    ("list-of-ints", lambda: [1, 2], WrongType),
    ("list-of-tiles-as-tuples", lambda: [(1, 4)], WrongType),
    ("huge-int", lambda: 10**5000, WrongType),
    ("bad-notation", lambda: ["[9|9]"], NotationError),
    ("bad-notation-after-good", lambda: MOVES[:2] + ["[1|1]@@"], NotationError),
    ("junk-string", lambda: ["banana"], NotationError),
    ("superscript", lambda: ["²"], NotationError),
    ("long-notation", lambda: ["[1|1]@" * 20_000], NotationError),
    ("illegal-first", lambda: ["pass", "pass"], IllegalMove),
    ("illegal-after-good", lambda: MOVES + ["[6|6]@[6|6].low"], DominoError),
    ("good-then-object", lambda: MOVES[:2] + [object()], WrongType),
    ("endless-repeat", lambda: itertools.repeat("draw"), InvalidArgument),
    ("endless-class", lambda: Endless(), InvalidArgument),
    ("endless-count", lambda: (str(i) for i in itertools.count()), DominoError),
    ("generator-bad-late", lambda: (m for m in MOVES + [7]), WrongType),
]


@pytest.mark.parametrize("state", ["fresh", "in-play", "after-moves"])
@pytest.mark.parametrize("make,error", [c[1:] for c in FOLLOW], ids=[c[0] for c in FOLLOW])
def test_a_failed_follow_leaves_the_match_exactly_as_it_was(make: Callable[[], Any], error: type[DominoError],
                                                            state: str) -> None:
    match = _match(state)
    current = match.current
    before = snapshot(match)
    with pytest.raises(error) as info:
        match.follow(make())
    one_line(info.value)
    assert snapshot(match) == before
    assert match.current is current                      # the same round object, unchanged


def test_follow_after_a_failure_is_the_match_of_the_moves() -> None:
    match = Match(HR, 2, seed=4)
    with pytest.raises(DominoError):
        match.follow(MOVES + ["pass", "pass", "pass"])
    match.follow(MOVES)
    again = Match(HR, 2, seed=4)
    again.follow(MOVES)
    assert snapshot(match) == snapshot(again)


def test_follow_in_two_steps_is_follow_in_one() -> None:
    one, two = Match(HR, 2, seed=4), Match(HR, 2, seed=4)
    one.follow(MOVES)
    two.follow(MOVES[:3])
    two.follow(MOVES[3:])
    assert snapshot(one) == snapshot(two)


# -- view_of ---------------------------------------------------------------------------------------

ROUND = Match(HR, 2, seed=1).new_round()
VIEW: list[tuple[str, Any, Any, type[DominoError]]] = [
    ("true-is-not-seat-1", ROUND, True, WrongType),
    ("false-is-not-seat-0", ROUND, False, WrongType),
    ("seat-too-big", ROUND, 2, InvalidArgument),
    ("seat-negative", ROUND, -1, InvalidArgument),
    ("seat-huge", ROUND, 10**5000, InvalidArgument),
    ("seat-string", ROUND, "0", WrongType),
    ("seat-float", ROUND, 1.0, WrongType),
    ("seat-none", ROUND, None, WrongType),
    ("round-none", None, 0, WrongType),
    ("round-string", "round", 0, WrongType),
    ("round-match", Match(HR, 2, seed=1), 0, WrongType),
    ("round-layout", _fresh_layout(), 0, WrongType),
]


@pytest.mark.parametrize("rnd,seat,error", [c[1:] for c in VIEW], ids=[c[0] for c in VIEW])
def test_view_of_refuses_with_domino_errors(rnd: Any, seat: Any, error: type[DominoError]) -> None:
    with pytest.raises(error) as info:
        view_of(rnd, seat)
    one_line(info.value)


# -- bots ------------------------------------------------------------------------------------------

def _finished_round() -> Round:
    match = Match(FT, 2, seed=3)
    rnd = match.new_round()
    while rnd.end is None:
        rnd.push(rnd.legal_moves()[0])
    return rnd


FINISHED = _finished_round()
NOT_TO_MOVE = view_of(ROUND, 1 - ROUND.to_move)
TO_MOVE = view_of(ROUND, ROUND.to_move)
BOT_CASES: list[tuple[str, Callable[[], tuple[Any, Any]], type[DominoError]]] = [
    ("seat-not-to-move", lambda: (NOT_TO_MOVE, random.Random(0)), IllegalMove),
    ("after-the-round-ended", lambda: (view_of(FINISHED, 0), random.Random(0)), IllegalMove),
    ("after-the-round-ended-other-seat", lambda: (view_of(FINISHED, 1), random.Random(0)), IllegalMove),
    ("rng-none", lambda: (TO_MOVE, None), WrongType),
    ("rng-int", lambda: (TO_MOVE, 7), WrongType),
    ("view-round", lambda: (ROUND, random.Random(0)), WrongType),
    ("view-none", lambda: (None, random.Random(0)), WrongType),
    ("view-dict", lambda: ({}, random.Random(0)), WrongType),
]


@pytest.mark.parametrize("name", list(BOTS))
@pytest.mark.parametrize("make,error", [c[1:] for c in BOT_CASES], ids=[c[0] for c in BOT_CASES])
def test_bots_refuse_with_domino_errors(name: str, make: Callable[[], tuple[Any, Any]],
                                       error: type[DominoError]) -> None:
    view, rng = make()
    state = rng.getstate() if isinstance(rng, random.Random) else None
    with pytest.raises(error) as info:
        make_bot(name, think_ms=1).choose(view, rng)
    one_line(info.value)
    if state is not None:
        assert rng.getstate() == state


@pytest.mark.parametrize("name", ["strong", "expert"])
def test_a_hint_for_a_seat_not_to_move_is_refused(name: str) -> None:
    with pytest.raises(IllegalMove) as info:
        make_bot(name, think_ms=1).hint(NOT_TO_MOVE, random.Random(0))   # type: ignore[union-attr]
    one_line(info.value)


@pytest.mark.parametrize("think", [1e300, 1e12, 60_001, 60_000.5, float("inf"), float("nan"), 0, -1, True,
                                   "50", None, [50], 10**5000],
                         ids=lambda v: type(v).__name__ + ":" + (repr(v)[:12] if not isinstance(v, int) or
                                                                  v < 10**20 else "huge"))
def test_make_bot_refuses_thinking_times_beyond_the_bound(think: Any) -> None:
    with pytest.raises(InvalidArgument) as info:
        make_bot("strong", think_ms=think)
    one_line(info.value)
    if isinstance(think, (int, float)) and not isinstance(think, bool) and think > 0:
        assert "60,000" in str(info.value)          # the same bound as --think


@pytest.mark.parametrize("name", [None, 5, "", "STRONGER", "x" * 5000, ["strong"]],
                         ids=["none", "int", "empty", "upper", "long", "list"])
def test_make_bot_refuses_unknown_names(name: Any) -> None:
    with pytest.raises(DominoError) as info:
        make_bot(name)
    one_line(info.value)


def test_the_bound_itself_is_accepted() -> None:
    assert make_bot("strong", think_ms=60_000).think_ms == 60_000


# -- tournaments -----------------------------------------------------------------------------------

TOURNAMENT: list[tuple[str, dict[str, Any]]] = [
    ("matches-zero", {"matches": 0}),
    ("matches-above-bound", {"matches": 100_000_001}),
    ("matches-float", {"matches": 2.0}),
    ("matches-bool", {"matches": True}),
    ("matches-huge", {"matches": 10**5000}),
    ("jobs-zero", {"jobs": 0}),
    ("jobs-above-bound", {"jobs": 257}),
    ("jobs-string", {"jobs": "2"}),
    ("seed-negative", {"seed": -1}),
    ("seed-2-to-63", {"seed": 2**63}),
    ("seed-none", {"seed": None}),
    ("think-1e300", {"think_ms": 1e300}),
    ("think-zero", {"think_ms": 0}),
    ("bots-string", {"bots": "greedy"}),
    ("bots-unknown", {"bots": ["clever"]}),
    ("bots-not-strings", {"bots": [1, 2]}),
    ("bots-empty", {"bots": []}),
    ("keep-records-string", {"keep_records": "yes"}),
]


@pytest.mark.parametrize("api", [run_tournament, iter_matches], ids=["run_tournament", "iter_matches"])
@pytest.mark.parametrize("change", [c[1] for c in TOURNAMENT], ids=[c[0] for c in TOURNAMENT])
def test_tournament_functions_refuse_before_playing(api: Callable[..., Any], change: dict[str, Any]) -> None:
    kwargs: dict[str, Any] = {"bots": ["greedy", "random"], "matches": 2, "seed": 1} | change
    bots = kwargs.pop("bots")
    with pytest.raises(DominoError) as info:
        api(FT, 2, False, bots, **kwargs)          # iter_matches checks at the call, not at the first match
    one_line(info.value)


def test_iter_matches_streams_a_hundred_million() -> None:
    stream = iter_matches(FT, 2, False, ["greedy", "random"], matches=100_000_000, seed=1)
    first = [next(stream) for _ in range(3)]
    stream.close()
    assert [m.index for m in first] == [0, 1, 2]


# -- a Hypothesis sweep of the public entry points -------------------------------------------------

ANY = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=30)
    | st.sampled_from(["draw", "pass", "[1|4]", "[1|1]@[1|4].low", "[4|4]@[1|4].high", "²", "strong", "random",
                       "[6|6]", "{}", "[]", '{"format": "dominolab.record/1"}']),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8)


def _fresh_round() -> Round:
    return Match(HR, 2, seed=9).new_round()


ENTRY_POINTS: dict[str, Callable[[Any], Any]] = {
    "Layout.place": lambda v: _fresh_layout().place(v),
    "Round.apply": lambda v: _fresh_round().apply(v),
    "parse_move": parse_move,
    "view_of-seat": lambda v: view_of(_fresh_round(), v),
    "view_of-round": lambda v: view_of(v, 0),
    "make_bot-name": lambda v: make_bot(v),
    "make_bot-think": lambda v: make_bot("strong", think_ms=v),
    "Match.follow": lambda v: Match(HR, 2, seed=9).follow(v),
    "loads_record": lambda v: loads_record(v),
    "parse_record": parse_record,
    "bot.choose": lambda v: make_bot("greedy").choose(v, random.Random(0)),
    "bot.choose-rng": lambda v: make_bot("random").choose(view_of(_fresh_round(), 0), v),
}


@pytest.mark.parametrize("name", list(ENTRY_POINTS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(value=ANY)
def test_public_entry_points_raise_only_domino_errors(name: str, value: Any) -> None:
    try:
        ENTRY_POINTS[name](value)
    except DominoError as exc:
        one_line(exc)


@settings(max_examples=60, deadline=None)
@given(moves=st.lists(ANY | st.sampled_from(MOVES), max_size=12))
def test_follow_sweep_all_or_nothing(moves: list[Any]) -> None:
    match = _match("in-play")
    before = snapshot(match)
    try:
        match.follow(moves)
    except DominoError as exc:
        one_line(exc)
        assert snapshot(match) == before


@settings(max_examples=40, deadline=None)
@given(value=ANY)
def test_layout_place_sweep_leaves_the_layout_unchanged(value: Any) -> None:
    layout = Layout.from_notation("[1|4] [4|4]@[1|4].high", get_game(HR).spinners)
    before = (str(layout), layout.end_sum, sorted(map(str, layout.open_points())))
    try:
        layout.place(value)
    except DominoError as exc:
        one_line(exc)
        assert (str(layout), layout.end_sum, sorted(map(str, layout.open_points()))) == before


def test_snapshot_sees_a_change() -> None:
    """The snapshot is not blind: one move, or one draw of the random state, changes it."""
    match = _match("in-play")
    before = snapshot(match)
    match.current.apply(match.current.legal_moves()[0])   # type: ignore[union-attr]
    assert snapshot(match) != before
    other = _match("in-play")
    before = snapshot(other)
    other.rng.random()
    assert snapshot(other) != before
    assert format_move(DRAW) == "draw" and format_move(PASS) == "pass"
    assert isinstance(TO_MOVE, SeatView)


# -- one notation, every front: the page, the session and the engine read [6|0] as [0|6] -----------------

def _reversed(notation: str) -> str:
    """The same move with the pips of each tile written high first: ``[0|6]@[6|6].A`` -> ``[6|0]@[6|6].A``."""
    return "@".join(f"[{t[3]}|{t[1]}]{t[5:]}" for t in notation.split("@"))


def _page_turn_with(tile: str, opening: bool) -> tuple[dict[str, Any], str]:
    """A page session (its parameters) at the person's turn with a legal move of ``tile`` (the opening,
    or a play at a point), and that move."""
    from dominolab import webapi
    for seed in range(300):
        out = json.loads(webapi.call("new", json.dumps({"id": "rev", "params": {"game": HR, "players": "2",
                                                                             "seed": str(seed)}})))["result"]
        while out["state"] == "waiting":
            out = json.loads(webapi.call("bot", '{"id": "rev"}'))["result"]
        moves = [m["move"] for m in out["moves"] if m.get("tile") == tile and ("@" not in m["move"]) == opening]
        if out["state"] == "your-turn" and moves:
            return out["params"], moves[0]
    raise AssertionError(f"no seed gives the person a move of {tile}")


@pytest.mark.parametrize("opening", [True, False])
def test_the_page_accepts_every_notation_the_engine_accepts(opening: bool) -> None:
    """`[6|0]` is the tile `[0|6]`: the page plays it as the session and the engine do (issue 27)."""
    from dominolab import webapi
    params, move = _page_turn_with("[0|6]", opening)
    written = _reversed(move)
    assert written != move and written.startswith("[6|0]") and parse_move(written) == parse_move(move)
    states = []
    for text in (move, written, f"  {written} "):
        json.loads(webapi.call("new", json.dumps({"id": "rev", "params": params})))
        out = json.loads(webapi.call("state", '{"id": "rev"}'))["result"]
        while out["state"] == "waiting":
            out = json.loads(webapi.call("bot", '{"id": "rev"}'))["result"]
        played = json.loads(webapi.call("play", json.dumps({"id": "rev", "move": text})))
        assert played["ok"], played
        states.append(played["result"])
    assert states[0] == states[1] == states[2]
    # the session (and so `dominolab play`) reads it the same way
    session = Session(HR, 2, seed=int(params["seed"]), bots=["greedy"])
    session.advance()
    assert session.play(written) and format_move(session.moves[-1]) == move


def test_the_page_refuses_a_reversed_tile_it_does_not_hold_in_its_normal_form() -> None:
    """A refusal names the tile as the engine reads it (`[0|6]`), in one German sentence: the engine's
    reason (issue 40: it used to be the general "Dieser Zug ist jetzt nicht erlaubt.")."""
    from dominolab import webapi
    params, move = _page_turn_with("[0|6]", opening=False)
    json.loads(webapi.call("new", json.dumps({"id": "rev", "params": params})))
    out = json.loads(webapi.call("state", '{"id": "rev"}'))["result"]
    while out["state"] == "waiting":
        out = json.loads(webapi.call("bot", '{"id": "rev"}'))["result"]
    absent = next(f"[{b}|{a}]" for a in range(7) for b in range(a + 1, 7)
                  if f"[{a}|{b}]" not in out["hand"])
    refused = json.loads(webapi.call("play", json.dumps({"id": "rev", "move": absent + "@[9|9].low"})))
    assert not refused["ok"] and refused["error_de"] == "Das ist kein Zug."
    anchor = move.split("@")[1]
    refused = json.loads(webapi.call("play", json.dumps({"id": "rev", "move": f"{absent}@{anchor}"})))
    low, high = absent[3], absent[1]
    assert not refused["ok"] and "not legal now" in refused["error"] and "does not hold" in refused["error"]
    assert refused["error_de"] == f"Du hast [{low}|{high}] nicht auf der Hand.", refused
    assert json.loads(webapi.call("state", '{"id": "rev"}'))["result"] == out
