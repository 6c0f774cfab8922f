"""The engine, one rule at a time, on positions built by hand.

Every expectation is derived from the rule documents (quoted next to the test)
or the interpretations file; positions are built with
``Round(rules, seating, hands, stock, opener, scores, layout=Layout.from_notation(...))``.
"""

from __future__ import annotations

import random

import pytest

from reference import (FT, HR, MAX_MOVES_PER_ROUND, MAX_ROUNDS, REF_RULES, SEATINGS, RefLayout, RefRound, move_parse,
                      play_match, ref_credit, round_snapshot, seating_id, t_parse)
from dominolab.core.engine import (DRAW, PASS, DrawEvent, Match, PassEvent, PlayEvent, Round, SettleEvent,
                              greedy_policy, lot, random_policy)
from dominolab.core.errors import IllegalMove, NotationError, SeatingError, UnknownGame, WrongType
from dominolab.core.layout import Layout, Placement
from dominolab.core.record import event_to_json
from dominolab.core.rules import FIVES_AND_THREES, HORSE_RACE, get_game
from dominolab.core.tiles import Tile

RULES = {HR: HORSE_RACE, FT: FIVES_AND_THREES}


def T(text: str) -> Tile:
    return Tile.parse(text)


def P(text: str) -> Placement:
    return Placement.parse(text)


def position(game, players, hands, *, layout=None, stock=(), to_move=0, scores=None, partnerships=False):
    rules = RULES[game]
    seating = rules.seating(players, partnerships)
    if scores is None:
        scores = [0] * seating.n_sides
    lay = Layout.from_notation(layout, rules.spinners) if layout else None
    return Round(rules, seating, [[T(t) for t in h] for h in hands], [T(t) for t in stock], to_move,
                 list(scores), layout=lay)


def moves(rnd) -> set[str]:
    return {str(m) for m in rnd.legal_moves()}


def play(rnd, text):
    return rnd.apply(P(text) if text not in ("draw", "pass") else (DRAW if text == "draw" else PASS))


# -- staying on turn ------------------------------------------------------------------


@pytest.mark.rule("hr.stay.double-from-hand")
def test_hr_double_from_hand_keeps_the_turn():
    # "Ein aus den Handsteinen gespielter Stein lässt euch weiterspielen, wenn er doppelt ist oder punktet."
    rnd = position(HR, 2, [["[1|1]", "[2|6]"], ["[3|5]"]], layout="[1|4]", stock=["[0|0]"])
    (ev,) = play(rnd, "[1|1]@[1|4].low")
    assert ev.sum == 2 + 4 and ev.credit == 0
    assert rnd.to_move == 0
    assert rnd.end is None


@pytest.mark.rule("hr.stay.scoring-from-hand", "hr.players.individuals-score-alone")
def test_hr_scoring_tile_from_hand_keeps_the_turn():
    rnd = position(HR, 2, [["[1|6]", "[2|3]"], ["[3|5]"]], layout="[1|4]", stock=["[0|0]"])
    (ev,) = play(rnd, "[1|6]@[1|4].low")
    assert (ev.sum, ev.credit, ev.scored) == (10, 2, 2)
    assert rnd.to_move == 0
    assert list(rnd.scores) == [2, 0]


@pytest.mark.rule("hr.stay.ordinary-tile-ends-turn")
def test_hr_ordinary_tile_ends_the_turn():
    rnd = position(HR, 2, [["[1|2]", "[2|3]"], ["[3|5]"]], layout="[1|4]", stock=["[0|0]"])
    (ev,) = play(rnd, "[1|2]@[1|4].low")
    assert ev.sum == 6 and ev.credit == 0
    assert rnd.to_move == 1


@pytest.mark.rule("hr.stay.one-continuation")
def test_hr_scoring_double_gives_one_continuation_not_two():
    # "Ein punktender Doppelstein gibt dieselbe Fortsetzung, nicht zwei angesparte Züge."
    # [3|6] then [6|6] at its high end: 3 + 12 = 15 (the document's example)
    rnd = position(HR, 2, [["[6|6]", "[0|3]", "[2|2]"], ["[4|5]"]], layout="[3|6]", stock=["[1|1]"])
    (ev,) = play(rnd, "[6|6]@[3|6].high")
    assert (ev.sum, ev.credit) == (15, 3)
    assert rnd.to_move == 0
    (ev,) = play(rnd, "[0|3]@[3|6].low")          # 0 + 12 = 12, not a double, no credit
    assert (ev.sum, ev.credit) == (12, 0)
    assert rnd.to_move == 1


@pytest.mark.rule("hr.opening.scored-normally", "hr.score.opening-tile")
def test_hr_opening_tile_counts_as_from_hand():
    # interpretation a: the opening tile scores and lets the opener continue
    rnd = position(HR, 2, [["[1|4]", "[2|3]"], ["[3|5]"]], stock=["[0|0]"])
    (ev,) = play(rnd, "[1|4]")
    assert (ev.at, ev.sum, ev.credit, ev.source) == (None, 5, 1, "hand")
    assert rnd.to_move == 0


@pytest.mark.parametrize("setup,move,expected_sum", [
    ("[1|4]", "[1|1]@[1|4].low", 2 + 4),          # a double (end double counts both halves)
    ("[1|4]", "[1|5]@[1|4].low", 5 + 4),          # 9 -> 3 game points (threes)
    ("[3|6]", "[6|6]@[3|6].high", 3 + 12),        # a scoring double: 15 -> 8
])
def test_ft_never_stays_on_turn(setup, move, expected_sum):
    rnd = position(FT, 2, [[move.split("@")[0], "[0|0]"], ["[1|3]", "[4|6]"]], layout=setup)
    (ev,) = play(rnd, move)
    assert ev.sum == expected_sum
    assert ev.credit == ref_credit(FT, expected_sum) and ev.scored == ev.credit
    assert rnd.end is None
    assert rnd.to_move == 1


# -- drawing ----------------------------------------------------------------------------


@pytest.mark.rule("hr.drawn.ends-turn", "hr.draw.until-playable", "hr.draw.first-playable-must-be-played")
@pytest.mark.parametrize("setup,drawn,point,credit", [
    ("[1|4]", "[1|6]", "[1|4].low", 2),         # scoring: 6 + 4 = 10
    ("[3|6]", "[6|6]", "[3|6].high", 3),        # a scoring double: 3 + 12 = 15
    ("[1|4]", "[1|1]", "[1|4].low", 0),         # a double: 2 + 4 = 6
])
def test_drawn_playable_tile_must_be_played_at_once_and_ends_the_turn(setup, drawn, point, credit):
    # "Ein neu gezogener spielbarer Stein muss sofort angelegt werden und beendet immer den Zug,
    #  auch wenn er doppelt ist oder punktet."
    rnd = position(HR, 2, [["[0|2]", "[2|5]"], ["[0|0]"]], layout=setup, stock=["[0|5]", drawn, "[2|2]"])
    assert moves(rnd) == {"draw"}
    (ev,) = play(rnd, "draw")                        # [0|5] does not fit: draw again
    assert isinstance(ev, DrawEvent) and str(ev.tile) == "[0|5]" and ev.seat == 0
    assert rnd.to_move == 0 and moves(rnd) == {"draw"}
    (ev,) = play(rnd, "draw")
    assert str(ev.tile) == drawn
    assert moves(rnd) == {f"{drawn}@{point}"}        # only the drawn tile
    for other in (DRAW, PASS):
        _reject(rnd, other)
    events = play(rnd, f"{drawn}@{point}")
    ev = events[0]
    assert isinstance(ev, PlayEvent) and ev.source == "drawn" and ev.seat == 0
    assert ev.credit == credit and ev.scored == credit
    assert rnd.end is None
    assert rnd.to_move == 1


def test_drawn_tile_that_fits_two_points_offers_both_and_nothing_else():
    rnd = position(HR, 2, [["[2|3]", "[0|6]"], ["[2|2]"]], layout="[1|1]", stock=["[1|5]", "[0|0]"])
    assert moves(rnd) == {"draw"}
    play(rnd, "draw")
    assert moves(rnd) == {"[1|5]@[1|1].A", "[1|5]@[1|1].B"}


@pytest.mark.rule("hr.draw.must-play-if-able", "ft.play.must-play")
def test_must_play_if_able_no_draw_or_pass():
    # "Wer legal anlegen kann, muss spielen und darf nicht stattdessen ziehen."
    rnd = position(HR, 2, [["[1|2]", "[5|6]"], ["[0|0]"]], layout="[1|4]", stock=["[3|3]"])
    assert moves(rnd) == {"[1|2]@[1|4].low"}
    snap = round_snapshot(rnd)
    for m in (DRAW, PASS):
        with pytest.raises(IllegalMove):
            rnd.apply(m)
        assert round_snapshot(rnd) == snap
    ft = position(FT, 2, [["[1|2]", "[5|6]"], ["[0|0]"]], layout="[1|4]")
    assert moves(ft) == {"[1|2]@[1|4].low"}
    with pytest.raises(IllegalMove):
        ft.apply(PASS)


@pytest.mark.rule("hr.pass.only-without-play-and-stock")
def test_pass_only_with_empty_stock():
    # "Passen ist nur ohne legale Anlegemöglichkeit und bei leerem Talon erlaubt."
    rnd = position(HR, 2, [["[2|3]"], ["[1|2]", "[0|0]"]], layout="[1|4]", stock=["[5|5]"])
    assert moves(rnd) == {"draw"}
    with pytest.raises(IllegalMove):
        rnd.apply(PASS)
    play(rnd, "draw")                       # [5|5] unplayable, stock now empty, seat 1 can play
    assert rnd.end is None
    assert moves(rnd) == {"pass"}
    (ev,) = play(rnd, "pass")
    assert isinstance(ev, PassEvent) and ev.seat == 0
    assert rnd.to_move == 1


@pytest.mark.rule("ft.pass.knock-passes-turn", "ft.pass.never-draws")
def test_ft_knocks_and_never_draws():
    # "Wer keinen legalen Stein hat, klopft und gibt den Zug weiter."
    rnd = position(FT, 2, [["[2|3]", "[5|5]"], ["[1|2]", "[0|0]"]], layout="[1|4]", stock=["[4|6]", "[1|6]"])
    assert moves(rnd) == {"pass"}
    snap = round_snapshot(rnd)
    with pytest.raises(IllegalMove):
        rnd.apply(DRAW)
    assert round_snapshot(rnd) == snap
    play(rnd, "pass")
    assert rnd.to_move == 1


# -- blocks -------------------------------------------------------------------------------


@pytest.mark.rule("hr.block.definition", "hr.settle.block-lowest-wins")
def test_hr_block_after_a_draw_that_empties_the_stock():
    rnd = position(HR, 2, [["[2|3]", "[5|5]"], ["[2|5]", "[3|3]"]], layout="[1|4]", stock=["[2|6]"])
    events = play(rnd, "draw")
    assert [type(e) for e in events] == [DrawEvent, SettleEvent]
    assert rnd.end == "blocked"
    settle = events[1]
    # pips: seat 0 holds [2|3] [5|5] [2|6] = 23, seat 1 holds [2|5] [3|3] = 13: seat 1 lowest,
    # receives 23 rounded (remainder 3 rounds up) to 25 -> 5
    assert settle.reason == "blocked"
    assert list(settle.pips) == [23, 13]
    assert list(settle.winners) == [1]
    assert list(settle.credits) == [0, 5]
    assert list(rnd.scores) == [0, 5]
    assert rnd.legal_moves() == []
    with pytest.raises(IllegalMove):
        rnd.apply(PASS)


@pytest.mark.rule("hr.block.definition")
def test_hr_block_right_after_a_play_no_pass_events():
    rnd = position(HR, 2, [["[4|5]", "[2|2]"], ["[2|3]", "[6|6]"]], layout="[1|4]")
    events = play(rnd, "[4|5]@[1|4].high")
    assert [type(e) for e in events] == [PlayEvent, SettleEvent]
    assert rnd.end == "blocked"
    # seat 0 has 4 pips left, seat 1 has 17: seat 0 wins 17 -> 15 -> 3
    assert list(events[1].winners) == [0] and list(events[1].credits) == [3, 0]
    assert not any(isinstance(e, PassEvent) for e in rnd.events)


def test_hr_block_after_a_stay_on_turn_play():
    # the double would keep the turn, but nobody (the player included) can go on: blocked at once
    rnd = position(HR, 2, [["[4|4]", "[0|0]"], ["[2|3]", "[6|6]"]], layout="[1|4]")
    events = play(rnd, "[4|4]@[1|4].high")             # 1 + 8 = 9
    assert [type(e) for e in events] == [PlayEvent, SettleEvent]
    assert rnd.end == "blocked"
    assert list(events[1].pips) == [0, 17]
    assert list(events[1].winners) == [0] and list(events[1].credits) == [3, 0]


@pytest.mark.rule("ft.block.definition", "ft.block.no-winner", "ft.remaining-tiles-never-score")
def test_ft_block_after_a_play_no_knocks_and_no_settlement():
    # "Eine gesperrte Runde hat keinen Sieger und bringt keinen Ausspielpunkt."
    rnd = position(FT, 2, [["[4|5]", "[2|2]"], ["[2|3]", "[6|6]"]], layout="[1|4]",
                   stock=["[1|6]", "[1|5]"])           # out of play: never drawn, never counted
    events = play(rnd, "[4|5]@[1|4].high")
    assert [type(e) for e in events] == [PlayEvent]
    assert rnd.end == "blocked"
    assert events[0].sum == 6 and events[0].scored == 2
    assert list(rnd.scores) == [2, 0]
    assert rnd.match_winners == ()


@pytest.mark.rule("ft.block.definition", "ft.block.no-winner")
def test_ft_partnership_block_with_one_tile_holder_per_team():
    # seat 0 goes out first (partner seat 2 still holds a tile), then no one can play
    rnd = position(FT, 4, [["[1|2]"], ["[5|5]"], ["[0|0]"], ["[6|6]"]], layout="[1|4]", partnerships=True)
    play(rnd, "[1|2]@[1|4].low")                       # ends 2 and 4: nobody holds 2 or 4
    assert rnd.end == "blocked"
    assert rnd.events[-1].bonus == 0


# -- settlement -------------------------------------------------------------------------


@pytest.mark.rule("hr.settle.partner-ignored", "hr.settle.domino-wins", "hr.settle.losers-no-credit",
                   "hr.settle.no-losses")
def test_hr_domino_partner_pips_not_counted():
    # "Hat dieser 7 Augen übrig und die Gegner 9 und 8, bleibt die gemeinsame Gutschrift 3."
    rnd = position(HR, 4, [["[1|2]"], ["[3|6]"], ["[1|6]"], ["[2|6]"]], layout="[1|4]", partnerships=True,
                   stock=["[0|0]"])
    events = play(rnd, "[1|2]@[1|4].low")
    play_ev, settle = events
    assert play_ev.sum == 6 and play_ev.credit == 0
    assert settle.reason == "domino" and rnd.end == "domino"
    assert list(settle.pips) == [0, 9, 7, 8]
    assert list(settle.winners) == [0]
    assert list(settle.credits) == [3, 0]
    assert list(rnd.scores) == [3, 0]
    assert rnd.last_player == 0


@pytest.mark.rule("hr.settle.opponents-summed-then-rounded")
def test_hr_domino_individual_all_other_hands_summed_before_rounding():
    # interpretation h; 3 + 4 = 7 -> rounds to 5 -> 1 (rounding each would give 5 + 5 -> 2)
    rnd = position(HR, 3, [["[1|2]"], ["[0|3]"], ["[0|4]"]], layout="[1|4]")
    events = play(rnd, "[1|2]@[1|4].low")
    assert list(events[-1].credits) == [1, 0, 0]


@pytest.mark.rule("hr.settle.tie-full-credit", "hr.settle.tie-not-split", "hr.settle.block-lowest-wins")
def test_hr_block_tie_in_individual_play_each_gets_full_credit():
    # "Bei vier Einzelhandsummen 4, 4, 4 und 14 erhält jeder der drei niedrigsten Spieler 4 Punkte"
    rnd = position(HR, 4, [["[1|6]", "[0|4]"], ["[1|3]"], ["[2|2]"], ["[4|4]", "[2|4]"]], layout="[1|5]")
    events = play(rnd, "[1|6]@[1|5].low")              # ends 6 and 5: nobody holds 5 or 6
    settle = events[-1]
    assert rnd.end == "blocked"
    assert list(settle.pips) == [4, 4, 4, 14]
    assert list(settle.winners) == [0, 1, 2]
    assert list(settle.credits) == [4, 4, 4, 0]


@pytest.mark.rule("hr.settle.block-partnership-combined", "hr.settle.own-rest-not-deducted")
def test_hr_block_partnerships_second_team_wins_4():
    # "Bei einer Sperre mit Partnerschaftssummen 1 + 17 = 18 und 5 + 6 = 11 gewinnt die zweite
    #  Partnerschaft und erhält aus den auf 20 gerundeten 18 Gegneraugen 4 Punkte."
    # the open ends show 5 and 6 after the last play; nobody holds a 5 or a 6
    rnd = position(HR, 4, [["[1|6]", "[0|1]"], ["[1|4]"], ["[4|4]", "[0|3]", "[3|3]"], ["[0|2]", "[0|4]"]],
                   layout="[1|5]", partnerships=True)
    # seat 2: [4|4] [0|3] [3|3] = 8 + 3 + 6 = 17; seat 1: 5; seat 3: 2 + 4 = 6
    events = play(rnd, "[1|6]@[1|5].low")
    settle = events[-1]
    assert rnd.end == "blocked"
    assert list(settle.pips) == [1, 5, 17, 6]
    assert list(settle.winners) == [1]
    assert list(settle.credits) == [0, 4]


@pytest.mark.rule("hr.target.no-seat-tiebreak", "hr.target.shared-in-settlement", "hr.settle.tie-per-partnership")
def test_hr_shared_match_win_in_a_settlement():
    # "Zwei gleichstehende Partnerschaften mit 59, die je 2 bekommen, gewinnen somit gemeinsam mit 61."
    rnd = position(HR, 4, [["[1|6]", "[2|4]"], ["[4|4]"], ["[3|3]"], ["[0|4]"]], layout="[1|5]",
                   partnerships=True, scores=[59, 59])
    events = play(rnd, "[1|6]@[1|5].low")
    settle = events[-1]
    assert rnd.end == "blocked"
    assert list(settle.winners) == [0, 1]
    assert list(settle.credits) == [2, 2]
    assert list(settle.scores) == [61, 61]
    assert sorted(rnd.match_winners) == [0, 1]


@pytest.mark.rule("hr.target.credits-applied-together")
def test_hr_settlement_that_passes_61_by_one_side_only():
    rnd = position(HR, 2, [["[1|2]"], ["[6|6]", "[5|6]"]], layout="[1|4]", scores=[58, 60])
    events = play(rnd, "[1|2]@[1|4].low")
    assert rnd.end == "domino"
    assert list(events[-1].credits) == [5, 0]           # 23 -> 25 -> 5
    assert list(rnd.scores) == [63, 60]
    assert tuple(rnd.match_winners) == (0,)


# -- the target ---------------------------------------------------------------------------


@pytest.mark.rule("hr.target.immediate", "hr.settle.not-after-match-end", "hr.target.overshoot-allowed")
def test_hr_reaching_61_ends_the_match_at_once_without_settlement():
    # "Ein Anlegen, das ... auf mindestens 61 bringt, beendet die Partie sofort vor einem weiteren
    #  Anlegen oder der Rundenabrechnung. Zum Beispiel gewinnt 60 + 2 = 62"
    rnd = position(HR, 2, [["[1|6]"], ["[2|3]", "[5|5]"]], layout="[1|4]", scores=[60, 0], stock=["[0|0]"])
    events = play(rnd, "[1|6]@[1|4].low")              # last tile AND 10 -> 2 points
    assert [type(e) for e in events] == [PlayEvent]
    assert events[0].scored == 2 and list(events[0].scores) == [62, 0]
    assert rnd.end == "target"
    assert tuple(rnd.match_winners) == (0,)
    assert rnd.legal_moves() == []


@pytest.mark.rule("hr.stay.end-takes-precedence", "hr.target.immediate")
def test_hr_reaching_61_with_a_double_stops_the_continuation():
    rnd = position(HR, 2, [["[6|6]", "[0|3]"], ["[2|5]"]], layout="[3|6]", scores=[59, 0], stock=["[1|1]"])
    play(rnd, "[6|6]@[3|6].high")                      # 15 -> 3: 62
    assert rnd.end == "target"
    with pytest.raises(IllegalMove):
        rnd.apply(P("[0|3]@[3|6].low"))


@pytest.mark.rule("ft.target.credit-and-bonus-combined", "ft.target.event-void-beyond-61")
def test_ft_exact_61_discards_credit_and_bonus_together():
    # "Ein Spieler hat 59 Punkte und legt seinen letzten Stein bei Endsumme 6 an ... beide Teile verworfen."
    rnd = position(FT, 2, [["[2|5]"], ["[0|0]"]], layout="[1|2]", scores=[59, 0])
    (ev,) = play(rnd, "[2|5]@[1|2].high")
    assert (ev.sum, ev.credit, ev.bonus, ev.scored) == (6, 2, 1, 0)
    assert list(ev.scores) == [59, 0]
    assert rnd.end == "domino" and rnd.match_winners == ()


@pytest.mark.rule("ft.target.exactly-61", "ft.target.credit-and-bonus-combined")
def test_ft_exact_61_credit_plus_bonus_hits_it():
    rnd = position(FT, 2, [["[2|5]"], ["[0|0]"]], layout="[1|2]", scores=[58, 0])
    (ev,) = play(rnd, "[2|5]@[1|2].high")
    assert (ev.credit, ev.bonus, ev.scored) == (2, 1, 3)
    assert rnd.end == "target" and tuple(rnd.match_winners) == (0,)


@pytest.mark.rule("ft.target.event-void-beyond-61")
def test_ft_over_61_mid_round_is_void_and_play_goes_on():
    rnd = position(FT, 2, [["[3|6]", "[0|0]"], ["[1|1]", "[0|5]"]], layout="[0|6]", scores=[55, 0])
    # [0|6] ends 0 and 6; [3|6] at high: 0 + 3 = 3 -> 1 point (56)
    (ev,) = play(rnd, "[3|6]@[0|6].high")
    assert ev.scored == 1 and list(rnd.scores) == [56, 0] and rnd.to_move == 1
    rnd = position(FT, 2, [["[6|6]", "[0|0]"], ["[1|1]", "[3|4]"]], layout="[3|6]", scores=[55, 0])
    (ev,) = play(rnd, "[6|6]@[3|6].high")              # 15 -> 8 would be 63: void
    assert (ev.credit, ev.scored) == (8, 0)
    assert list(rnd.scores) == [55, 0]
    assert rnd.end is None and rnd.to_move == 1


@pytest.mark.rule("ft.end.partners-play-out", "ft.end.empty-seat-skipped")
def test_ft_partnership_first_partner_out_then_second():
    # "Im Partnerschaftsspiel ... geht es nach der ersten leeren Partnerhand weiter. Überspringt diesen
    #  Sitz ... Erst wenn auch der zweite Partner den letzten Handstein anlegt ... 1 zusätzlichen Punkt."
    rnd = position(FT, 4, [["[1|2]"], ["[4|6]", "[3|5]", "[0|0]"], ["[2|3]", "[5|6]"], ["[6|6]", "[0|1]"]],
                   layout="[1|4]", partnerships=True)
    (ev,) = play(rnd, "[1|2]@[1|4].low")               # 2 + 4 = 6 -> 2, seat 0 out, no bonus
    assert (ev.sum, ev.credit, ev.bonus, ev.scored) == (6, 2, 0, 2)
    assert rnd.end is None and rnd.to_move == 1
    play(rnd, "[4|6]@[1|4].high")                      # 2 + 6 = 8
    (ev,) = play(rnd, "[2|3]@[1|2].high")              # 3 + 6 = 9 -> 3
    assert ev.scored == 3
    (ev,) = play(rnd, "[6|6]@[4|6].high")              # 3 + 12 = 15 -> 8
    assert ev.scored == 8 and list(ev.scores) == [5, 8]
    assert rnd.to_move == 1                            # seat 0 is skipped
    play(rnd, "[3|5]@[2|3].high")                      # 5 + 12 = 17
    assert rnd.to_move == 2
    (ev,) = play(rnd, "[5|6]@[3|5].high")              # 6 + 12 = 18 -> 6, plus the bonus
    assert (ev.sum, ev.credit, ev.bonus, ev.scored) == (18, 6, 1, 7)
    assert list(rnd.scores) == [12, 8]
    assert rnd.end == "domino"
    assert not any(isinstance(e, SettleEvent) for e in rnd.events)


# -- openers ------------------------------------------------------------------------------


def _rounds_of(game, players, partnerships, seeds):
    for seed in seeds:
        yield play_match((game, players, partnerships), seed)


@pytest.mark.rule("hr.opening.last-player-opens-next")
@pytest.mark.parametrize("spec", [s for s in SEATINGS if REF_RULES[s[0]]["opener_after_domino"] == "last-player"],
                         ids=seating_id)
def test_hr_next_opener_is_last_player_after_domino(spec):
    seen_domino = 0
    for m in _rounds_of(*spec, seeds=range(12)):
        for prev, nxt in zip(m.rounds, m.rounds[1:]):
            if prev.end == "domino":
                last_play = [e for e in prev.events if isinstance(e, PlayEvent)][-1]
                assert nxt.opener == last_play.seat
                seen_domino += 1
            else:
                assert prev.end == "blocked"
                assert 0 <= nxt.opener < spec[1]
    assert seen_domino > 0


@pytest.mark.rule("hr.opening.last-player-opens-next", "hr.opening.lot-after-block")
def test_hr_next_opener_fixed_after_domino_and_open_to_lot_after_block():
    # "Wer den letzten Handstein spielt, eröffnet die nächste Runde. Nach einer Sperre wird der
    #  nächste Eröffner neu fair ausgelost."
    seen = set()
    for seed in range(40):
        m = Match(HR, 3, seed=seed)
        rng = random.Random(seed)
        while not m.over:
            assert len(m.rounds) < MAX_ROUNDS
            rnd = m.new_round()
            for _ in range(MAX_MOVES_PER_ROUND):
                if rnd.over:
                    break
                rnd.push(random_policy(rnd, rng))
            assert rnd.over
            m.end_round()
            if m.over:
                break
            if rnd.end == "blocked":
                assert m.next_opener() is None
            else:
                last_play = [e for e in rnd.events if isinstance(e, PlayEvent)][-1]
                assert m.next_opener() == last_play.seat
            seen.add(rnd.end)
        if seen == {"blocked", "domino"}:
            break
    assert seen == {"blocked", "domino"}


@pytest.mark.rule("hr.opening.lot", "ft.opening.lot")
def test_lot_is_fair():
    # "Bestimmt den ersten Eröffner durch faires Los" (interpretation e: dice, ties re-throw)
    rng = random.Random(2024)
    counts = [0] * 4
    for _ in range(4000):
        counts[lot(rng, range(4))] += 1
    assert all(880 <= c <= 1120 for c in counts), counts
    assert lot(rng, [2]) == 2


@pytest.mark.rule("ft.opening.next-seat")
@pytest.mark.parametrize("spec", [s for s in SEATINGS if REF_RULES[s[0]]["opener_after_block"] == "next-seat"],
                         ids=seating_id)
def test_ft_next_opener_is_previous_opener_plus_one(spec):
    n = 0
    for m in _rounds_of(*spec, seeds=range(6)):
        for prev, nxt in zip(m.rounds, m.rounds[1:]):
            assert nxt.opener == (prev.opener + 1) % spec[1]
            n += 1
    assert n > 0


# -- seatings ---------------------------------------------------------------------------


@pytest.mark.parametrize("game,players,partnerships", [
    (FT, 4, False), (FT, 5, False), (FT, 1, False), (HR, 5, False), (HR, 1, False), (HR, 2, True),
    (HR, 3, True), (FT, 2, True), (FT, 3, True), (HR, 0, False), (FT, 6, True),
])
def test_invalid_seatings_raise(game, players, partnerships):
    with pytest.raises(SeatingError):
        Match(game, players, partnerships, seed=1)
    with pytest.raises(SeatingError):
        get_game(game).seating(players, partnerships)


def test_valid_seatings_deal_the_documented_hand_sizes(seating_spec):
    game, players, partnerships = seating_spec
    sizes = {(HR, 2): 7, (HR, 3): 6, (HR, 4): 5, (FT, 2): 7, (FT, 3): 5, (FT, 4): 5}
    m = Match(game, players, partnerships, seed=11)
    rnd = m.new_round()
    assert [len(h) for h in rnd.hands] == [sizes[game, players]] * players
    assert len(rnd.stock) == 28 - players * sizes[game, players]
    assert sorted([*[t for h in rnd.hands for t in h], *rnd.stock]) == sorted(
        Tile(a, b) for a in range(7) for b in range(a, 7))


def test_unknown_game():
    with pytest.raises(UnknownGame):
        Match("muggins", 2)


# -- rejected moves change nothing ----------------------------------------------------------


def _reject(rnd, move):
    snap = round_snapshot(rnd)
    with pytest.raises(IllegalMove):
        rnd.apply(move)
    assert round_snapshot(rnd) == snap


def test_rejected_moves_leave_the_round_unchanged():
    rnd = position(HR, 3, [["[1|2]", "[2|3]"], ["[4|6]", "[0|0]"], ["[5|5]"]], layout="[1|4] [1|1]@[1|4].low",
                   stock=["[0|1]", "[3|3]"], scores=[4, 2, 7])
    for move in [
        P("[4|6]@[1|4].high"),            # a tile of another seat
        P("[2|3]@[1|1].B"),               # pips do not match
        P("[1|2]@[1|4].low"),             # occupied
        P("[1|2]@[1|1].armA"),            # arm before both line sides
        P("[1|4]@[1|1].B"),               # already on the table (and not in hand)
        P("[1|2]@[2|2].A"),               # unknown anchor
        P("[1|2]"),                       # no point given
        DRAW,                             # can play
        PASS,
    ]:
        _reject(rnd, move)
    # after a draw with a pending tile
    rnd = position(HR, 2, [["[2|3]", "[0|5]"], ["[6|6]"]], layout="[1|4]", stock=["[1|6]", "[0|0]"])
    play(rnd, "draw")
    for move in [P("[0|5]@[1|4].low"), DRAW, PASS, P("[2|3]@[1|4].low")]:
        _reject(rnd, move)
    # a finished round
    rnd = position(HR, 2, [["[1|2]"], ["[6|6]"]], layout="[1|4]")
    play(rnd, "[1|2]@[1|4].low")
    for move in [P("[6|6]@[1|2].high"), DRAW, PASS]:
        _reject(rnd, move)
    # Fives and Threes: no drawing, no arms
    rnd = position(FT, 2, [["[1|5]", "[4|4]"], ["[2|2]"]], layout="[1|4] [1|1]@[1|4].low [1|2]@[1|1].B",
                   stock=["[0|0]"])
    for move in [DRAW, PASS, P("[1|5]@[1|1].armA"), P("[4|4]@[1|4].low")]:
        _reject(rnd, move)


def test_rejected_move_message_names_the_move():
    rnd = position(HR, 2, [["[1|2]"], ["[6|6]"]], layout="[1|4]", stock=["[0|0]"])
    with pytest.raises(IllegalMove) as info:
        rnd.apply(DRAW)
    assert "draw" in str(info.value)
    with pytest.raises(IllegalMove) as info:
        rnd.apply(P("[6|6]@[1|4].high"))
    assert "[6|6]" in str(info.value)


# -- policies and whole matches ----------------------------------------------------------------


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_policies_pick_legal_moves_and_greedy_maximises_credit(spec):
    game = spec[0]
    m = Match(*spec, seed=5)
    rnd = m.new_round()
    rng = random.Random(1)
    steps = 0
    while not rnd.over and steps < 60:
        legal = rnd.legal_moves()
        g = greedy_policy(rnd, rng)
        r = random_policy(rnd, rng)
        assert g in legal and r in legal
        if isinstance(legal[0], Placement) and len(legal) > 1:
            def credit(move):
                trial = rnd.layout.copy()
                trial.place(move)
                return ref_credit(game, sum(v for _, v in trial.contributions()))
            assert credit(g) == max(credit(x) for x in legal)
        rnd.push(g if steps % 2 else r)
        steps += 1


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_whole_matches_end_with_a_winner_at_the_target(spec, time_limit):
    game = spec[0]
    for seed in range(4):
        with time_limit(20):
            m = Match(*spec, seed=seed).play(random_policy)
        assert m.over and m.winners
        exact = REF_RULES[game]["exact"]
        for w in m.winners:
            assert m.scores[w] == 61 if exact else m.scores[w] >= 61
        for s, v in enumerate(m.scores):
            if s not in m.winners:
                assert v < 61
        last = m.rounds[-1]
        if not REF_RULES[game]["settle"]:       # no settlement can carry a side to the target
            assert last.end == "target"
        assert all(r.over for r in m.rounds)
        with pytest.raises(IllegalMove):
            m.new_round()


def test_match_refuses_a_new_round_while_one_is_played():
    m = Match(HR, 2, seed=1)
    m.new_round()
    with pytest.raises(IllegalMove):
        m.new_round()


def test_same_seed_same_match(time_limit):
    with time_limit(20):
        a = Match(HR, 4, True, seed=99).play(random_policy)
        b = Match(HR, 4, True, seed=99).play(random_policy)
    assert [[event_to_json(e) for e in r.events] for r in a.rounds] == \
        [[event_to_json(e) for e in r.events] for r in b.rounds]


def test_reference_model_agrees_on_a_hand_built_round():
    """The hand-built partnership position again, through the independent model."""
    ref = RefRound(FT, 4, True, [[t_parse(t) for t in h] for h in
                                 [["[1|2]"], ["[4|6]", "[3|5]", "[0|0]"], ["[2|3]", "[5|6]"], ["[6|6]", "[0|1]"]]],
                   [], 0, [0, 0], layout=RefLayout.from_text("[1|4]", False))
    for m in ["[1|2]@[1|4].low", "[4|6]@[1|4].high", "[2|3]@[1|2].high", "[6|6]@[4|6].high", "[3|5]@[2|3].high",
              "[5|6]@[3|5].high"]:
        assert move_parse(m)[0] == "play"
        ref.apply(m)
    assert ref.scores == [12, 8] and ref.end == "domino"


# -- values: end reasons, outcomes, settlements, moves ------------------------------------------

import copy as _copy  # noqa: E402
import pickle as _pickle  # noqa: E402
from dataclasses import replace as _replace  # noqa: E402

from dominolab.core.engine import EndReason, Outcome, PlaySource, position as engine_position  # noqa: E402
from dominolab.core.errors import DominoError, InvalidArgument, RulesError  # noqa: E402
from dominolab.core.moves import format_move, parse_move  # noqa: E402
from dominolab.core.rules import OpenerRule  # noqa: E402
from dominolab.core.seating import Seating  # noqa: E402
from dominolab.core.scoring import Settlement, settle_round  # noqa: E402


def test_enum_values_are_the_record_strings():
    assert [e.value for e in EndReason] == ["domino", "blocked", "target"]
    assert [s.value for s in PlaySource] == ["hand", "drawn"]
    assert {r.value for r in OpenerRule} == {"last-player", "next-seat", "lot"}
    assert EndReason.DOMINO == "domino" and f"{EndReason.BLOCKED}" == "blocked"
    assert HORSE_RACE.opener_after_block is OpenerRule.LOT
    assert FIVES_AND_THREES.opener_after_domino is OpenerRule.NEXT_SEAT


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_outcome_and_settlement_agree_with_the_events(spec):
    m = play_match(spec, seed=11)
    rules = m.rules
    for rnd in m.rounds:
        out = rnd.outcome
        assert isinstance(out, Outcome) and out.reason == rnd.end
        assert out.match_winners == rnd.match_winners
        last = rnd.events[-1]
        if rnd.end == EndReason.TARGET:
            assert out.winners == out.match_winners and len(out.winners) == 1 and out.settlement is None
            assert isinstance(last, PlayEvent) and rnd.scores[out.winners[0]] >= 0
            continue
        if rules.pip_settlement:
            s = rnd.settlement
            assert isinstance(s, Settlement) and out.settlement is s
            assert isinstance(last, SettleEvent)
            assert (last.reason, last.winners, last.pips, last.credits) == (s.reason, s.winners, s.pips, s.credits)
            assert list(s.pips) == rnd.pips_left() and s.unit == rules.raw_per_point
            total = sum(s.pips)
            for side in range(m.seating.n_sides):
                assert s.side_pips[side] == sum(s.pips[x] for x in m.seating.seats_of(side))
                if side in s.winners:
                    assert s.collected[side] == total - s.side_pips[side]
                    assert s.rounded[side] % s.unit == 0 and abs(s.rounded[side] - s.collected[side]) * 2 <= s.unit
                    assert s.credits[side] == s.rounded[side] // s.unit
                else:
                    assert (s.collected[side], s.rounded[side], s.credits[side]) == (0, 0, 0)
            assert out.winners == s.winners
        else:
            assert rnd.settlement is None and out.settlement is None and not isinstance(last, SettleEvent)
            if rnd.end == EndReason.BLOCKED:
                assert out.winners == ()          # "Eine gesperrte Runde hat keinen Sieger"
            else:
                assert out.winners == (m.seating.side_of(last.seat),)


def test_outcome_is_none_while_the_round_runs():
    rnd = Match(HR, 2, seed=3).new_round()
    assert rnd.outcome is None and rnd.settlement is None
    rnd.push(rnd.legal_moves()[0])
    assert rnd.outcome is None or rnd.over


def test_settle_round_block_with_tied_lowest_sides():
    s = settle_round([4, 4, 4, 14], Seating(4), None, 5)
    assert s.reason == EndReason.BLOCKED and s.winners == (0, 1, 2)
    assert s.collected == (22, 22, 22, 0) and s.rounded == (20, 20, 20, 0) and s.credits == (4, 4, 4, 0)


@pytest.mark.parametrize("args,words", [
    (([1, 2], Seating(3), None), "2 values"),
    (([1, 2], "2 players", None), "Seating"),
    (([0, 2], Seating(2), 2), "domino_seat"),
    (([3, 2], Seating(2), 0), "still holds"),
    (([1.0, 2], Seating(2), None), "integer"),
    (([True, 2], Seating(2), None), "integer"),
])
def test_settle_round_rejects_bad_arguments(args, words):
    with pytest.raises(DominoError) as info:
        settle_round(*args)
    assert words in str(info.value) and "\n" not in str(info.value)


def test_match_refuses_a_round_after_the_target_even_without_end_round():
    rules = HORSE_RACE
    m = Match(rules, 2, seed=2)
    while True:
        rnd = m.new_round()
        while not rnd.over:
            rnd.push(random_policy(rnd, m.rng))
        if rnd.match_winners:
            break                              # end_round deliberately not called
        m.end_round()
    assert not m.over
    with pytest.raises(IllegalMove) as info:
        m.new_round()
    assert "target" in str(info.value)
    assert len(m.rounds) == rnd.number


def test_draw_and_pass_keep_their_identity():
    for move in (DRAW, PASS):
        assert _copy.copy(move) is move
        assert _copy.deepcopy(move) is move
        assert _copy.deepcopy([move])[0] is move
        assert _pickle.loads(_pickle.dumps(move)) is move
        assert type(move)() is move


@pytest.mark.parametrize("text", ["draw", "pass", "[1|4]", "[1|1]@[1|4].low", "[2|6]@[6|6].armB", " draw "])
def test_move_notation_round_trips(text):
    move = parse_move(text)
    assert format_move(move) == text.strip()
    assert parse_move(format_move(move)) == move


@pytest.mark.parametrize("field,value,words", [
    ("opener_after_block", "lots", "unknown opener_after_block"),
    ("opener_after_domino", "", "unknown opener_after_domino"),
    ("divisors", (0,), "divisors"),
    ("divisors", (5, 5), "divisors"),
    ("divisors", [5], "divisors"),
    ("target", 0, "target"),
    ("target", 61.0, "target"),
    ("raw_per_point", True, "raw_per_point"),
    ("hand_sizes", {Seating(2): 15}, "cannot be dealt"),
    ("hand_sizes", {}, "hand_sizes"),
    ("drawing", "yes", "drawing"),
    ("domino_bonus", -1, "domino_bonus"),
])
def test_game_rules_reject_insane_descriptions(field, value, words):
    with pytest.raises(RulesError) as info:
        _replace(HORSE_RACE, **{field: value})
    assert words in str(info.value) and "\n" not in str(info.value)


def test_game_rules_accept_rule_words_and_make_them_enums():
    rules = _replace(FIVES_AND_THREES, name="house", opener_after_block="lot")
    assert rules.opener_after_block is OpenerRule.LOT


def test_engine_position_builds_from_notation_and_rejects_repeats():
    rnd = engine_position(HR, 2, layout="[1|4]", hands=[["[1|1]"], ["[3|5]"]], stock=["[0|0]"], scores=[3, 4])
    assert [str(m) for m in rnd.legal_moves()] == ["[1|1]@[1|4].low"]
    assert rnd.scores == [3, 4]
    with pytest.raises(InvalidArgument) as info:
        engine_position(HR, 2, layout="[1|4]", hands=[["[1|1]"], ["[1|4]"]])
    assert "[1|4]" in str(info.value) and "layout" in str(info.value)


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_rounds_copy_and_pickle_and_play_on_identically(spec):
    m = Match(*spec, seed=21)
    rnd = m.new_round()
    rng = random.Random(4)
    for _ in range(6):
        if rnd.over:
            break
        rnd.push(random_policy(rnd, rng))
    twins = [_copy.deepcopy(rnd), _pickle.loads(_pickle.dumps(rnd))]
    for twin in twins:
        assert twin.dealt == rnd.dealt and twin.initial_stock == rnd.initial_stock
        assert [str(x) for x in twin.legal_moves()] == [str(x) for x in rnd.legal_moves()]
    state = rng.getstate()
    for r in [rnd] + twins:
        rng.setstate(state)
        for _ in range(MAX_MOVES_PER_ROUND):
            if r.over:
                break
            r.push(random_policy(r, rng))
    assert all([event_to_json(e) for e in t.events] == [event_to_json(e) for e in rnd.events] for t in twins)
    assert all(t.outcome == rnd.outcome for t in twins)


@pytest.mark.parametrize("spec", SEATINGS, ids=seating_id)
def test_every_legal_move_round_trips_through_its_notation(spec):
    m = play_match(spec, seed=8)
    for rnd in m.rounds[:3]:
        replayed = Round(m.rules, m.seating, rnd.dealt, rnd.initial_stock, rnd.opener,
                         [0] * m.seating.n_sides, rnd.number)
        for event in rnd.events:
            if replayed.over:
                break
            for move in replayed.legal_moves():
                assert parse_move(format_move(move)) == move
            if isinstance(event, PlayEvent):
                replayed.apply(format_move(Placement(event.tile, event.at)))
            elif isinstance(event, DrawEvent):
                replayed.apply("draw")
            elif isinstance(event, PassEvent):
                replayed.apply("pass")
        assert replayed.end == rnd.end


def test_game_rules_are_values_under_copy_and_pickle():
    assert _copy.deepcopy(HORSE_RACE) is HORSE_RACE
    assert _pickle.loads(_pickle.dumps(FIVES_AND_THREES)) is FIVES_AND_THREES
    house = _replace(HORSE_RACE, name="house", target=31)
    again = _pickle.loads(_pickle.dumps(house))
    assert again == house and again is not house and again.target == 31


# -- Match.follow: a match rebuilt from its moves --------------------------------

def test_follow_rebuilds_the_match_that_made_the_moves():
    from dominolab.core.engine import greedy_policy

    original = Match("horse-race", 2, seed=5).play(greedy_policy)
    moves, seats = [], []
    for rnd in original.rounds:
        replayed = Round(rnd.rules, rnd.seating, rnd.dealt, rnd.initial_stock, rnd.opener,
                         [0] * rnd.seating.n_sides)
        for move in _moves_of(rnd):
            seats.append(replayed.to_move)
            replayed.push(move)
            moves.append(move)
    rebuilt = Match("horse-race", 2, seed=5)
    assert rebuilt.follow(moves) == seats
    rebuilt.end_round()
    assert rebuilt.scores == original.scores and rebuilt.winners == original.winners
    assert [r.layout.placements for r in rebuilt.rounds] == [r.layout.placements for r in original.rounds]


def _moves_of(rnd):
    """The moves of a finished round, read back from its events."""
    from dominolab.core.engine import DrawEvent, PassEvent, PlayEvent
    from dominolab.core.layout import Placement

    for event in rnd.events:
        if isinstance(event, PlayEvent):
            yield Placement(event.tile, event.at)
        elif isinstance(event, DrawEvent):
            yield DRAW
        elif isinstance(event, PassEvent):
            yield PASS


@pytest.mark.parametrize("moves,error", [
    (5, WrongType), ("[1|4]", WrongType), (None, WrongType), ([None], WrongType), (["draw", "pass"], IllegalMove),
])
def test_follow_refuses_bad_moves_in_one_line(moves, error):
    match = Match("horse-race", 2, seed=5)
    with pytest.raises(error) as info:
        match.follow(moves)
    assert "\n" not in str(info.value) and len(str(info.value)) <= 300


@pytest.mark.parametrize("game,players,partnerships", SEATINGS)
def test_gain_is_what_the_engine_books(game, players, partnerships):
    """Round.gain(move) predicts the 'scored' of the play event for every legal play of whole matches."""
    import copy

    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        match = Match(game, players, partnerships, seed=seed)
        while not match.over and len(match.rounds) < MAX_ROUNDS:
            rnd = match.new_round()
            while not rnd.over:
                moves = rnd.legal_moves()
                for move in moves:
                    if isinstance(move, Placement):
                        trial = copy.deepcopy(rnd)
                        play = next(e for e in trial.push(move) if isinstance(e, PlayEvent))
                        assert rnd.gain(move) == play.scored, (move, rnd)
                        checked += 1
                rnd.push(moves[int(rng.random() * len(moves))])
            match.end_round()
    assert checked > 100


@pytest.mark.parametrize("move,error", [
    (5, WrongType), (None, WrongType), ("[9|9]", NotationError), ("draw", IllegalMove), ("[6|6]@[1|4].low", IllegalMove),
])
def test_gain_refuses_what_is_not_a_legal_move(move, error):
    rnd = Match("horse-race", 2, seed=5).new_round()
    before = (list(rnd.hands[0]), len(rnd.events))
    with pytest.raises(error) as info:
        rnd.gain(move)
    assert "\n" not in str(info.value) and len(str(info.value)) <= 300
    assert (list(rnd.hands[0]), len(rnd.events)) == before


def test_gain_takes_notation():
    rnd = Match("horse-race", 2, seed=7).new_round()
    assert rnd.gain("[5|5]") == 2 and rnd.gain("[1|4]") == 1 and rnd.gain("[1|2]") == 0
