"""The public Python API never fails with a stray exception (issue 9, API part).

Every row of ``CASES`` calls one public entry point of the core with a bad
argument and states the DominoError subclass it must raise and words the
message must contain. Each case checks that the message is one line of at most
300 characters and that nothing changed: the object the call was made on (a
layout, a round, a match) is observed before and after, and constructors must
not leave interned values behind.
"""

from __future__ import annotations

import copy
import time
from dataclasses import dataclass
from typing import Any, Callable

import pytest

from dominolab import (DRAW, PASS, AttachmentPoint, Layout, Match, Placement, Round, Side, Tile, get_game,
                       parse_move, position)
from dominolab.core.errors import (DominoError, IllegalMove, IllegalPlacement, InvalidArgument, NotationError,
                              RulesError, SeatingError, UnknownGame, WrongType)
from dominolab.core.engine import lot
from dominolab.core.layout import parse_placements
from dominolab.core.rules import FIVES_AND_THREES, HORSE_RACE
from dominolab.core.seating import Seating
from dominolab.core.scoring import credit_for_sum, pip_credit, round_to_five, settle_round
from dominolab.text.steptext import step_text

HR, FT = "horse-race", "fives-and-threes"
HUGE = "[1|1]@" * 20_000          # 120 000 characters
T14 = Tile(1, 4)


# -- what "unchanged" means for each kind of target --------------------------------------


def observe(target: Any) -> Any:
    """Everything observable about a target, as plain values."""
    interned = (len(Tile._interned), len(AttachmentPoint._interned))
    if target is None:
        return interned
    if isinstance(target, Layout):
        return (interned, [str(p) for p in target.placements], [str(p) for p in target.open_points()],
                target.end_sum, target.open_counts, [(str(a), str(b)) for a, b in target.connections])
    if isinstance(target, Round):
        return (interned, observe(target.layout), [[str(t) for t in h] for h in target.hands],
                target.stock_pos, target.to_move, target.pending, [repr(e) for e in target.events],
                list(target.scores), target.end, target.outcome, [str(m) for m in target.legal_moves()])
    if isinstance(target, Match):
        return (interned, len(target.rounds), list(target.scores), target.winners, target.rng.getstate(),
                [observe(r) for r in target.rounds])
    raise AssertionError(f"no observer for {target!r}")


@dataclass
class Case:
    id: str
    call: Callable[[Any], object]     # called with the target
    error: type[DominoError]
    words: str
    target: Callable[[], Any] = lambda: None


def hr_round() -> Round:
    return position(HR, 2, layout="[1|4]", hands=[["[2|4]", "[5|6]"], ["[3|3]"]], stock=["[0|0]"])


def ft_round() -> Round:
    return position(FT, 2, layout="[1|4]", hands=[["[5|6]"], ["[3|3]"]])


def hr_layout() -> Layout:
    return Layout.from_notation("[4|4] [1|4]@[4|4].A", spinners=True)


def fresh_match() -> Match:
    return Match(HR, 2, seed=3)


def match_with_round() -> Match:
    m = Match(HR, 2, seed=3)
    m.new_round()
    return m


def won_match_without_end_round() -> Match:
    m = Match(HR, 2, seed=2)
    rng = m.rng
    while True:
        rnd = m.new_round()
        while not rnd.over:
            moves = rnd.legal_moves()
            rnd.push(moves[int(rng.random() * len(moves))])
        if rnd.match_winners:
            return m
        m.end_round()


def _deal_for(players: int, size: int) -> tuple[list[list[str]], list[str]]:
    tiles = [str(Tile(a, b)) for a in range(7) for b in range(a, 7)]
    return [tiles[i * size:(i + 1) * size] for i in range(players)], tiles[players * size:]


HANDS2, STOCK2 = _deal_for(2, 7)


CASES = [
    # -- tiles ------------------------------------------------------------------------------
    Case("tile-bool-pips", lambda _: Tile(True, 1), WrongType, "bool"),
    Case("tile-float-pips", lambda _: Tile(1.0, 2), WrongType, "float"),
    Case("tile-str-pips", lambda _: Tile("1", 2), WrongType, "str"),
    Case("tile-out-of-range", lambda _: Tile(7, 1), InvalidArgument, "[7|1]"),
    Case("tile-negative", lambda _: Tile(-1, 1), InvalidArgument, "double-six"),
    Case("tile-parse-not-text", lambda _: Tile.parse(14), WrongType, "int"),
    Case("tile-parse-garbage", lambda _: Tile.parse("[1-4]"), NotationError, "[1-4]"),
    Case("tile-parse-pips-9", lambda _: Tile.parse("[1|9]"), NotationError, "0 to 6"),
    Case("tile-parse-huge", lambda _: Tile.parse(HUGE), NotationError, "120,000 characters"),
    # -- attachment points ----------------------------------------------------------------------
    Case("point-no-tile", lambda _: AttachmentPoint("[1|4]", Side.LOW), WrongType, "Tile"),
    Case("point-int-side", lambda _: AttachmentPoint(T14, 9), WrongType, "Side"),
    Case("point-line-side-of-non-double", lambda _: AttachmentPoint(T14, Side.A), NotationError, "non-double"),
    Case("point-end-of-double", lambda _: AttachmentPoint(Tile(4, 4), "low"), NotationError, "double"),
    Case("point-parse-unknown-side", lambda _: AttachmentPoint.parse("[1|4].left"), NotationError, "'left'"),
    Case("point-parse-no-dot", lambda _: AttachmentPoint.parse("[1|4]low"), NotationError, "TILE.POINT"),
    Case("point-parse-not-text", lambda _: AttachmentPoint.parse(None), WrongType, "NoneType"),
    # -- placements and layouts -------------------------------------------------------------------
    Case("placement-parse-not-text", lambda _: Placement.parse(3), WrongType, "int"),
    Case("placement-parse-empty", lambda _: Placement.parse("   "), NotationError, "not a placement"),
    Case("placement-parse-double-at", lambda _: Placement.parse("[1|4]@@"), NotationError, "[1|4]@@"),
    Case("placement-parse-huge", lambda _: Placement.parse(HUGE), NotationError, "characters"),
    Case("placements-not-text", lambda _: parse_placements(42), WrongType, "int"),
    Case("placements-empty", lambda _: parse_placements(""), NotationError, "empty layout"),
    Case("placements-too-many", lambda _: parse_placements(["[1|1]"] * 40), InvalidArgument, "28 tiles"),
    Case("layout-spinners-int", lambda _: Layout(1), WrongType, "spinners"),
    Case("from-notation-not-text", lambda _: Layout.from_notation(None, True), WrongType, "text"),
    Case("from-notation-huge", lambda _: Layout.from_notation(HUGE, True), NotationError, "characters"),
    Case("from-notation-repeat", lambda _: Layout.from_notation("[1|4] [1|4]", True), IllegalPlacement, "[1|4]"),
    Case("place-text-not-free", lambda lay: lay.place("[2|4]@[4|4].A"), IllegalPlacement, "occupied", hr_layout),
    Case("place-text-bad-notation", lambda lay: lay.place("[2|4]@[4|4].C"), NotationError, "'C'", hr_layout),
    Case("place-int", lambda lay: lay.place(5), WrongType, "int", hr_layout),
    Case("place-placement-of-junk", lambda lay: lay.place(Placement("x", None)), WrongType,  # type: ignore[arg-type]
         "Placement", hr_layout),
    Case("place-arm-too-early", lambda lay: lay.place("[4|5]@[4|4].armA"), IllegalPlacement, "side arm", hr_layout),
    Case("check-mismatch", lambda lay: lay.check("[2|5]@[1|4].low"), IllegalPlacement, "pips do not match",
         hr_layout),
    # -- games and seatings -----------------------------------------------------------------------
    Case("game-unknown", lambda _: get_game("muggins"), UnknownGame, "muggins"),
    Case("game-not-text", lambda _: get_game(None), WrongType, "NoneType"),  # type: ignore[arg-type]
    Case("seating-five", lambda _: HORSE_RACE.seating(5), SeatingError, "5 players"),
    Case("seating-one-singular", lambda _: HORSE_RACE.seating(1), SeatingError, "1 player;"),
    Case("seating-ft-four-alone", lambda _: FIVES_AND_THREES.seating(4), SeatingError, "4 players"),
    Case("seating-partnerships-text", lambda _: HORSE_RACE.seating(4, "yes"), WrongType, "True or False"),
    Case("seating-players-float", lambda _: HORSE_RACE.seating(2.0), WrongType, "float"),
    Case("seating-odd-partners", lambda _: Seating(3, True), SeatingError, "even"),
    # -- matches ----------------------------------------------------------------------------------
    Case("match-players-bool", lambda _: Match(HR, True), WrongType, "bool"),
    Case("match-game-int", lambda _: Match(3, 2), WrongType, "int"),  # type: ignore[arg-type]
    Case("match-seed-float", lambda _: Match(HR, 2, seed=1.5), WrongType, "seed"),  # type: ignore[arg-type]
    Case("new-round-one-hand", lambda m: m.new_round(hands=[HANDS2[0]], stock=STOCK2), InvalidArgument,
         "1 hand for 2 players", fresh_match),
    Case("new-round-short-hand", lambda m: m.new_round(hands=[HANDS2[0][:6], HANDS2[1]], stock=STOCK2),
         InvalidArgument, "6 tiles", fresh_match),
    Case("new-round-repeated-tile", lambda m: m.new_round(hands=[HANDS2[0], HANDS2[0]], stock=STOCK2),
         InvalidArgument, "appears", fresh_match),
    Case("new-round-no-stock", lambda m: m.new_round(hands=HANDS2), InvalidArgument, "stock", fresh_match),
    Case("new-round-short-stock", lambda m: m.new_round(hands=HANDS2, stock=STOCK2[:5]), InvalidArgument,
         "28 tiles", fresh_match),
    Case("new-round-opener-9", lambda m: m.new_round(opener=9), InvalidArgument, "from 0 to 1", fresh_match),
    Case("new-round-opener-bool", lambda m: m.new_round(opener=True), WrongType, "bool", fresh_match),
    Case("new-round-not-a-tile", lambda m: m.new_round(hands=[[1] * 7, HANDS2[1]], stock=STOCK2), WrongType,
         "hand of seat 0", fresh_match),
    Case("new-round-huge-hand", lambda m: m.new_round(hands=[["[1|1]"] * 100_000, HANDS2[1]], stock=STOCK2),
         InvalidArgument, "too long", fresh_match),
    Case("new-round-while-playing", lambda m: m.new_round(), IllegalMove, "still being played", match_with_round),
    Case("new-round-after-target", lambda m: m.new_round(), IllegalMove, "target", won_match_without_end_round),
    Case("end-round-before-any", lambda m: m.end_round(), IllegalMove, "no round", fresh_match),
    Case("play-policy-not-callable", lambda m: m.play("random"), WrongType, "policy", fresh_match),
    # -- rounds and positions ---------------------------------------------------------------------
    Case("round-seating-text", lambda _: Round(HORSE_RACE, "2 players", [[], []], [], 0, [0, 0]),  # type: ignore
         WrongType, "Seating"),
    Case("round-one-hand", lambda _: Round(HORSE_RACE, Seating(2), [["[1|2]"]], [], 0, [0, 0]), InvalidArgument,
         "1 hand"),
    Case("round-scores-short", lambda _: Round(HORSE_RACE, Seating(2), [["[1|2]"], ["[3|4]"]], [], 0, [0]),
         InvalidArgument, "1 value for 2 sides"),
    Case("round-scores-tuple-of-floats", lambda _: Round(HORSE_RACE, Seating(2), [["[1|2]"], ["[3|4]"]], [], 0,
                                                          [0.0, 0]), WrongType, "score of side 0"),
    Case("round-layout-wrong-game", lambda _: Round(HORSE_RACE, Seating(2), [["[1|2]"], ["[3|4]"]], [], 0, [0, 0],
                                                     layout=Layout(False)), InvalidArgument, "spinners"),
    Case("round-opener-empty-hand", lambda _: Round(HORSE_RACE, Seating(2), [[], ["[3|4]"]], [], 0, [0, 0]),
         InvalidArgument, "holds no tile"),
    Case("position-repeat-in-stock", lambda _: position(HR, 2, layout="[1|4]", hands=[["[2|4]"], ["[3|3]"]],
                                                        stock=["[2|4]"]), InvalidArgument, "stock"),
    Case("position-repeat-in-layout", lambda _: position(HR, 2, layout="[1|4]", hands=[["[1|4]"], ["[3|3]"]]),
         InvalidArgument, "layout"),
    Case("position-to-move-out-of-range", lambda _: position(HR, 2, hands=[["[1|2]"], ["[3|4]"]], to_move=5),
         InvalidArgument, "from 0 to 1"),
    Case("position-at-target", lambda _: position(HR, 2, hands=[["[1|2]"], ["[3|4]"]], scores=[61, 0]),
         InvalidArgument, "target"),
    Case("position-already-over", lambda _: position(HR, 2, layout="[1|4]", hands=[[], ["[3|4]"]], to_move=1),
         InvalidArgument, "already over"),
    Case("position-layout-not-text", lambda _: position(HR, 2, layout=["[1|4]"], hands=[["[1|2]"], ["[3|3]"]]),
         WrongType, "layout"),  # type: ignore[arg-type]
    Case("apply-pass-when-playable", lambda r: r.apply("pass"), IllegalMove, "pass: seat 0 can play", hr_round),
    Case("apply-draw-when-playable", lambda r: r.apply(DRAW), IllegalMove, "must not draw", hr_round),
    Case("apply-foreign-tile", lambda r: r.apply("[3|3]@[1|4].low"), IllegalMove, "does not hold", hr_round),
    Case("apply-bad-point", lambda r: r.apply("[5|6]@[1|4].low"), IllegalMove, "pips do not match", hr_round),
    Case("apply-int", lambda r: r.apply(5), WrongType, "not a move", hr_round),
    Case("apply-garbage-text", lambda r: r.apply("fold"), NotationError, "'fold'", hr_round),
    Case("apply-huge-text", lambda r: r.apply(HUGE), NotationError, "characters", hr_round),
    Case("apply-draw-without-drawing", lambda r: r.apply("draw"), IllegalMove, "no drawing", ft_round),
    Case("can-play-bad-seat", lambda r: r.can_play(7), InvalidArgument, "seat", hr_round),
    Case("parse-move-not-text", lambda _: parse_move(PASS), WrongType, "text"),  # type: ignore[arg-type]
    Case("points-for-text", lambda lay: lay.points_for("[2|4]"), WrongType, "not a tile", hr_layout),
    Case("is-open-text", lambda lay: lay.is_open("[4|4].B"), WrongType, "attachment point", hr_layout),
    Case("lot-without-rng", lambda _: lot(7, range(4)), WrongType, "random.Random"),
    Case("sides-at-target-text", lambda _: HORSE_RACE.sides_at_target("61"), WrongType, "scores"),
    Case("sides-at-target-float", lambda _: HORSE_RACE.sides_at_target([61.0, 2]), WrongType, "float"),
    Case("reaches-target-none", lambda _: FIVES_AND_THREES.reaches_target(None), WrongType, "score"),
    # -- scoring and step texts -----------------------------------------------------------------------
    Case("credit-negative", lambda _: HORSE_RACE.credit(-1), InvalidArgument, "end sum"),
    Case("credit-bool", lambda _: credit_for_sum(True, (5,)), WrongType, "bool"),
    Case("credit-no-divisors", lambda _: credit_for_sum(10, ()), InvalidArgument, "divisor"),
    Case("round-to-five-float", lambda _: round_to_five(17.0), WrongType, "float"),
    Case("pip-credit-unit-zero", lambda _: pip_credit(17, 0), InvalidArgument, "unit"),
    Case("settle-wrong-count", lambda _: settle_round([3, 4], Seating(3), None), InvalidArgument, "2 values"),
    Case("settle-domino-seat-holds", lambda _: settle_round([3, 4], Seating(2), 0), InvalidArgument, "still holds"),
    Case("step-text-language", lambda lay: step_text(lay, HORSE_RACE, lang="fr"), InvalidArgument, "'fr'",
         hr_layout),
    Case("step-text-rules-name", lambda lay: step_text(lay, HR), WrongType, "GameRules",  # type: ignore[arg-type]
         hr_layout),
]


def test_enough_cases_and_unique_ids() -> None:
    assert len(CASES) >= 40
    assert len({c.id for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_public_api_rejects_bad_arguments_with_one_line(case: Case) -> None:
    target = case.target()
    before = copy.deepcopy(observe(target))
    started = time.perf_counter()
    with pytest.raises(DominoError) as info:
        case.call(target)
    elapsed = time.perf_counter() - started
    error = info.value
    message = str(error)
    assert type(error) is case.error, f"{type(error).__name__}: {message}"
    assert isinstance(error, ValueError)
    assert "\n" not in message and 0 < len(message) <= 300, message
    assert case.words in message, message
    assert observe(target) == before, "the failed call changed the state"
    assert elapsed < 2.0, "bad input must be rejected quickly"


def test_rejected_calls_leave_the_target_usable() -> None:
    # after every kind of failure the object still works exactly like a fresh one
    rnd = hr_round()
    for bad in ("pass", "draw", "[3|3]@[1|4].low", 5, "fold"):
        with pytest.raises(DominoError):
            rnd.apply(bad)  # type: ignore[arg-type]
    fresh = hr_round()
    assert [str(m) for m in rnd.legal_moves()] == [str(m) for m in fresh.legal_moves()]
    assert [repr(e) for e in rnd.apply("[2|4]@[1|4].high")] == [repr(e) for e in fresh.apply("[2|4]@[1|4].high")]
    m = fresh_match()
    with pytest.raises(DominoError):
        m.new_round(hands=[HANDS2[0], HANDS2[0]], stock=STOCK2)
    assert [str(t) for t in m.new_round().dealt[0]] == [str(t) for t in fresh_match().new_round().dealt[0]]


def test_notation_is_accepted_where_it_is_the_obvious_intent() -> None:
    lay = Layout.from_notation("[4|4]", spinners=True)
    lay.place("[2|4]@[4|4].B")                            # used to fail with "too many values to unpack"
    assert str(lay) == "[4|4] [2|4]@[4|4].B"
    rnd = hr_round()
    assert rnd.apply("[2|4]@[1|4].high")[0].tile is Tile(2, 4)
    rnd = Round("horse-race", Seating(2), [["[1|2]"], [Tile(3, 4)]], ["[0|0]"], 0, [0, 0], layout="[1|4]")
    assert [str(m) for m in rnd.legal_moves()] == ["[1|2]@[1|4].low"]


def test_new_round_with_a_full_given_deal_is_accepted() -> None:
    m = fresh_match()
    rnd = m.new_round(hands=HANDS2, stock=STOCK2, opener=1)
    assert [str(t) for t in rnd.dealt[1]] == HANDS2[1] and rnd.to_move == 1
    assert [str(t) for t in rnd.initial_stock] == STOCK2


def test_messages_use_the_singular() -> None:
    with pytest.raises(SeatingError) as info:
        HORSE_RACE.seating(1)
    assert "1 player;" in str(info.value) and "1 players" not in str(info.value)
    with pytest.raises(InvalidArgument) as info2:
        Round(HORSE_RACE, Seating(2), [["[1|2]"], ["[3|4]"]], [], 0, [0])
    assert "1 value for" in str(info2.value)
    assert "1 round," in repr(fresh_match().play(lambda r, g: r.legal_moves()[0], max_rounds=1))


def test_rules_errors_are_domino_errors() -> None:
    from dataclasses import replace

    with pytest.raises(RulesError) as info:
        replace(HORSE_RACE, opener_after_domino="winner")
    assert isinstance(info.value, DominoError) and "winner" in str(info.value)
