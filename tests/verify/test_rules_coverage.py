"""One focused test (or more) per normative statement of the rule documents.

Every test names the statements it exercises with ``@pytest.mark.rule(...)``
(ids from ``dominolab/rules_coverage.toml``); ``test_coverage.py`` checks that
no statement is left without a test.
"""

from __future__ import annotations

import random

import pytest

from dominolab.core.engine import DRAW, PASS, Match, Round, greedy_policy, lot, random_policy
from dominolab.core.errors import DominoError, IllegalMove, IllegalPlacement, SeatingError
from dominolab.core.layout import Layout, Placement
from dominolab.core.rules import FIVES_AND_THREES as FT, HORSE_RACE as HR
from dominolab.core.seating import Seating
from dominolab.core.scoring import round_to_five, settle_round
from dominolab.core.tiles import ALL_TILES, Tile
from dominolab.text.steptext import step_text
from dominolab.verify.examples import build_position, get, run

rule = pytest.mark.rule


def P(text: str) -> Placement:
    return Placement.parse(text)


def lay(rules, text: str) -> Layout:
    return Layout.from_notation(text, rules.spinners)


def scored(layout: Layout) -> dict[str, int]:
    return {f"{p.tile}.{p.side.notation}": v for p, v in layout.contributions()}


# -- the catalogue examples are the documents' own worked and numeric examples -------------

CATALOGUE_RULES = {
    "hr-eroeffnung-10": ["hr.spinner.double-counts-while-side-free", "hr.spinner.line-sides-first"],
    "hr-doppel-ende": ["hr.double.end-counts-both-halves", "hr.spinner.closed-double-zero"],
    "hr-doppel-eroeffnung": ["hr.spinner.every-double"],
    "hr-seitenarme": ["hr.spinner.arms-free-choice", "hr.spinner.unused-arms-zero",
                      "hr.spinner.outer-ends-of-begun-lines", "hr.spinner.free-point-is-not-scored-end"],
    "hr-endsumme": ["hr.score.sum-of-scored-ends"],
    "hr-endsumme-0": ["hr.score.otherwise-nothing"],
    "hr-gutschrift-15": ["hr.score.positive-multiple-of-five"],
    "hr-abrechnung-17": ["hr.settle.rounding", "hr.settle.domino-wins"],
    "hr-abrechnung-partner": ["hr.settle.partner-ignored"],
    "hr-abrechnung-sperre": ["hr.settle.block-partnership-combined", "hr.settle.opponents-summed-then-rounded"],
    "hr-gleichstand-einzel": ["hr.settle.tie-full-credit", "hr.settle.block-lowest-wins"],
    "hr-gleichstand-partner": ["hr.settle.tie-per-partnership"],
    "hr-ziel-62": ["hr.target.immediate", "hr.target.at-least-61"],
    "hr-ziel-geteilt": ["hr.target.shared-in-settlement", "hr.target.no-seat-tiebreak"],
    "ft-summe-15": ["ft.score.threes-and-fives"],
    "ft-doppel-ende": ["ft.double.end-counts-both"],
    "ft-ziel-ueberschritten": ["ft.target.credit-and-bonus-combined", "ft.target.event-void-beyond-61"],
    "ft-ziel-genau": ["ft.target.immediate-win", "ft.target.exactly-61"],
}


@pytest.mark.parametrize("example_id", [pytest.param(k, marks=rule(*v), id=k) for k, v in CATALOGUE_RULES.items()])
def test_document_example(example_id):
    results = run(get(example_id))
    assert results and all(r.ok for r in results), [r.detail for r in results if not r.ok]


# -- players, tiles, deal ---------------------------------------------------------------------

@rule("hr.players.seatings", "ft.players.seatings")
def test_seatings():
    assert set(HR.hand_sizes) == {Seating(2), Seating(3), Seating(4), Seating(4, True)}
    assert set(FT.hand_sizes) == {Seating(2), Seating(3), Seating(4, True)}
    for players, partnerships in ((1, False), (5, False), (2, True), (3, True)):
        with pytest.raises(SeatingError):
            HR.seating(players, partnerships)
    with pytest.raises(SeatingError):
        FT.seating(4, False)


@rule("hr.players.partners-opposite", "ft.players.partners-opposite", "hr.players.partners-share-score",
      "ft.players.partners-share-score")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_partners_sit_opposite_and_share_a_score(rules):
    seating = rules.seating(4, True)
    assert [seating.side_of(s) for s in range(4)] == [0, 1, 0, 1] and seating.n_sides == 2
    assert rules.seating(2).n_sides == 2 and rules.seating(3).n_sides == 3      # individuals score alone
    # a scoring play by seat 2 goes to the score it shares with its partner, seat 0
    rnd = build_position(rules, 4, True, layout="[1|4]", hands=[["[6|6]"], ["[3|5]"], ["[1|6]", "[2|2]"], ["[0|3]"]],
                         to_move=2, scores=[4, 7])
    event = rnd.apply(P("[1|6]@[1|4].low"))[0]      # ends 6 + 4 = 10
    assert event.credit == 2 and list(rnd.scores) == [6, 7]


@rule("hr.tiles.double-six", "ft.tiles.double-six")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_double_six_set(rules):
    assert len(ALL_TILES) == 28 == len(set(ALL_TILES))
    assert {(t.low, t.high) for t in ALL_TILES} == {(a, b) for a in range(7) for b in range(a, 7)}
    for seating in rules.hand_sizes:
        hands, stock = Match(rules, seating.players, seating.partnerships, seed=3).deal()
        every = [t for h in hands for t in h] + list(stock)
        assert sorted(every) == sorted(ALL_TILES)


@rule("hr.deal.hand-sizes", "hr.deal.stock", "ft.deal.hand-sizes", "hr.deal.none-protected")
def test_hand_sizes_and_stock():
    for rules, sizes in ((HR, {Seating(2): 7, Seating(3): 6, Seating(4): 5, Seating(4, True): 5}),
                         (FT, {Seating(2): 7, Seating(3): 5, Seating(4, True): 5})):
        for seating, size in sizes.items():
            hands, stock = Match(rules, seating.players, seating.partnerships, seed=11).deal()
            assert [len(h) for h in hands] == [size] * seating.players
            assert len(stock) == 28 - size * seating.players
            # the rounds a match deals: the hands, and every other tile in the stock
            rnd = Match(rules, seating.players, seating.partnerships, seed=11).new_round()
            assert [len(h) for h in rnd.hands] == [size] * seating.players
            assert len(rnd.stock) == len(rnd.initial_stock) == 28 - size * seating.players
            assert sorted(map(str, [t for h in rnd.hands for t in h] + rnd.stock)) == sorted(map(str, ALL_TILES))
    assert HR.drawing
    # every stock tile can be drawn: a seat that cannot play draws the whole stock, in order
    rnd = build_position(HR, 2, layout="[6|6]", hands=[["[0|1]"], ["[0|2]"]],
                         stock=["[0|3]", "[1|2]", "[2|3]", "[0|4]"])
    drawn = []
    while rnd.legal_moves() == [DRAW]:
        drawn.append(rnd.apply(DRAW)[0].tile)
    assert [str(t) for t in drawn] == ["[0|3]", "[1|2]", "[2|3]", "[0|4]"]


@rule("ft.deal.undealt-out-of-play", "ft.pass.never-draws", "ft.pass.knock-passes-turn")
def test_fives_and_threes_never_draws():
    assert not FT.drawing
    rnd = build_position(FT, 2, layout="[6|6]", hands=[["[0|1]", "[1|2]"], ["[3|6]"]])
    assert rnd.legal_moves() == [PASS]
    with pytest.raises(IllegalMove):
        rnd.apply(DRAW)
    rnd.apply(PASS)
    assert len(rnd.hands[0]) == 2 and rnd.to_move == 1


@rule("hr.deal.hidden", "ft.deal.hidden")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_a_seat_sees_only_its_own_hand(rules):
    from dominolab.core.view import view_of

    match = Match(rules, 3, seed=8)
    rnd = match.new_round()
    for seat in range(3):
        view = view_of(rnd, seat)
        assert view.hand == tuple(rnd.hands[seat])
        others = {t for s in range(3) if s != seat for t in rnd.hands[s]} | set(rnd.stock)
        assert not others & set(view.hand)
        assert set(view.unseen()) == others          # the rest is unknown to it, not told apart
        assert view.hand_sizes == tuple(len(h) for h in rnd.hands)


@rule("hr.points.raw-per-point", "hr.score.credit-per-placement")
def test_five_raw_points_make_one_display_point():
    assert HR.raw_per_point == 5
    for end_sum in (5, 10, 15, 20):
        assert HR.credit(end_sum) == end_sum // 5
    layout = lay(HR, "[3|6] [6|6]@[3|6].high")
    assert step_text(layout, HR).endswith("Gutschrift für das Anlegen: 15 Rohpunkte (3 Anzeigepunkte).")
    rnd = build_position(HR, 2, layout="[3|6]", hands=[["[6|6]", "[0|0]"], ["[3|4]"]], scores=[10, 0])
    event = rnd.apply(P("[6|6]@[3|6].high"))[0]
    assert (event.sum, event.credit, event.scored, rnd.scores) == (15, 3, 3, [13, 0])


# -- opening and turns --------------------------------------------------------------------------

@rule("hr.opening.lot", "ft.opening.lot", "hr.opening.lot-ties-repeat")
def test_lot_is_fair_and_repeats_among_ties():
    counts = [0, 0, 0, 0]
    for seed in range(800):
        counts[lot(random.Random(seed), range(4))] += 1
    assert all(150 < c < 250 for c in counts), counts
    assert all(lot(random.Random(s), [2]) == 2 for s in range(5))

    class Dice:                                  # scripted throws: a tie first, then a decision
        def __init__(self, throws):
            self.throws = iter(throws)

        def randint(self, a, b):
            return next(self.throws)

    assert lot(Dice([6, 6, 3, 2, 5]), [0, 1, 2]) == 1   # seats 0 and 1 tie on 6 and throw again
    assert lot(Dice([4, 4, 4, 1, 1, 3]), [0, 1, 2]) == 2
    # the first opener of a match is drawn by lot: over many seeds every seat opens sometimes
    for rules in (HR, FT):
        assert {Match(rules, 3, seed=s).new_round().opener for s in range(40)} == {0, 1, 2}


@rule("hr.opening.any-tile", "ft.opening.any-tile", "hr.opening.scored-normally", "hr.score.opening-tile",
      "ft.score.opening-tile")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_any_tile_may_open_and_scores(rules):
    hand = ["[0|5]", "[1|2]", "[3|3]", "[2|6]"]
    rnd = build_position(rules, 2, hands=[hand, ["[5|6]"]])
    assert sorted(str(m) for m in rnd.legal_moves()) == sorted(hand)
    event = rnd.apply(P("[0|5]"))[0]
    assert event.sum == 5 and event.credit == rules.credit(5) > 0 and event.scored == event.credit


@rule("hr.turns.clockwise", "ft.turns.clockwise", "hr.stay.ordinary-tile-ends-turn")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_turns_pass_clockwise(rules):
    rnd = build_position(rules, 3, layout="[1|2]", hands=[["[1|5]", "[0|0]"], ["[3|4]", "[4|4]"], ["[2|6]", "[5|5]"]],
                         to_move=2)
    assert rnd.apply(P("[2|6]@[1|2].high"))[0].credit == 0     # ends 1 + 6 = 7: no score, not a double
    assert rnd.to_move == 0
    assert rnd.apply(P("[1|5]@[1|2].low"))[0].credit == 0      # ends 5 + 6 = 11
    assert rnd.to_move == 1
    assert rnd.legal_moves() == [PASS]                          # nothing fits, no stock
    rnd.apply(PASS)
    assert rnd.to_move == 2


@rule("hr.opening.last-player-opens-next", "hr.opening.lot-after-block", "ft.opening.next-seat")
def test_opener_of_the_next_round():
    seen = {"hr-domino": 0, "hr-block": 0, "ft": 0}
    for seed in range(30):
        for rules, n, p in ((HR, 3, False), (HR, 4, True), (FT, 3, False), (FT, 4, True)):
            match = Match(rules, n, p, seed=seed).play(random_policy)
            for prev, nxt in zip(match.rounds, match.rounds[1:]):
                if rules is FT:
                    assert nxt.opener == (prev.opener + 1) % n
                    seen["ft"] += 1
                elif prev.end == "domino":
                    assert nxt.opener == prev.last_player
                    seen["hr-domino"] += 1
                else:
                    seen["hr-block"] += 1
    assert all(seen.values()), seen
    # after a block the rules fix nobody: the match draws the opener by lot
    blocks = 0
    for seed in range(40):
        match = Match(HR, 2, seed=seed)
        while not match.over and len(match.rounds) < 30:
            rnd = match.new_round()
            policy_rng = random.Random(seed)
            while rnd.end is None:
                rnd.apply(random_policy(rnd, policy_rng))
            match.end_round()
            if rnd.end == "blocked" and not match.over:
                assert match.next_opener() is None
                blocks += 1
            elif rnd.end == "domino" and not match.over:
                assert match.next_opener() == rnd.last_player
    assert blocks > 0


# -- placing ------------------------------------------------------------------------------------

@rule("hr.play.matching-half", "ft.play.two-line-ends")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_a_matching_half_joins_and_the_other_half_is_the_new_end(rules):
    layout = lay(rules, "[1|4]")
    with pytest.raises(IllegalPlacement):
        layout.place(P("[2|5]@[1|4].low"))
    layout.place(P("[1|6]@[1|4].low"))
    assert sorted((str(p.tile), p.pips) for p in layout.open_points()) == [("[1|4]", 4), ("[1|6]", 6)]
    layout.place(P("[3|6]@[1|6].high"))
    assert sorted(p.pips for p in layout.open_points()) == [3, 4]


@rule("hr.play.matching-half", "ft.play.two-line-ends")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_the_engine_offers_and_accepts_only_matching_halves(rules):
    rnd = build_position(rules, 2, layout="[1|4]", hands=[["[2|5]", "[1|6]", "[3|4]"], ["[0|0]"]])
    assert sorted(map(str, rnd.legal_moves())) == ["[1|6]@[1|4].low", "[3|4]@[1|4].high"]
    with pytest.raises(IllegalMove):
        rnd.apply("[2|5]@[1|4].low")                  # no 1 on [2|5]
    assert len(rnd.layout) == 1 and len(rnd.hands[0]) == 3
    rnd.apply("[1|6]@[1|4].low")                      # the 1 joins; the 6 is the new end
    assert sorted(p.pips for p in rnd.layout.open_points()) == [4, 6]


@rule("hr.stay.double-from-hand", "hr.stay.scoring-from-hand")
def test_a_double_or_a_scoring_tile_from_the_hand_lets_the_player_continue():
    hands = [["[1|1]", "[2|3]", "[1|6]", "[0|0]"], ["[6|6]"]]
    rnd = build_position(HR, 2, layout="[1|2]", hands=hands)
    assert rnd.apply(P("[1|1]@[1|2].low"))[0].credit == 0     # a double (ends 2 + 2 = 4): continue
    assert rnd.to_move == 0
    assert rnd.apply(P("[2|3]@[1|2].high"))[0].credit == 1    # ends 2 + 3 = 5 scores: continue
    assert rnd.to_move == 0
    assert rnd.apply(P("[1|6]@[1|1].B"))[0].credit == 0       # ends 6 + 3 = 9, not a double: turn over
    assert rnd.to_move == 1


@rule("hr.stay.one-continuation")
def test_a_scoring_double_gives_one_continuation():
    rnd = build_position(HR, 2, layout="[0|5]", hands=[["[5|5]", "[0|6]", "[2|4]"], ["[6|6]"]])
    event = rnd.apply(P("[5|5]@[0|5].high"))[0]    # 0 + 10 = 10: a double that scores
    assert event.credit == 2 and rnd.to_move == 0
    event = rnd.apply(P("[0|6]@[0|5].low"))[0]     # 6 + 10 = 16: no score, not a double
    assert event.credit == 0 and rnd.to_move == 1  # one continuation only, none saved


@rule("hr.stay.end-takes-precedence")
def test_nothing_is_laid_after_the_round_or_match_ends():
    rnd = build_position(HR, 2, layout="[1|5]", hands=[["[5|5]"], ["[2|3]"]])
    events = rnd.apply(P("[5|5]@[1|5].high"))      # last tile, a double: the round ends anyway
    assert rnd.end == "domino" and rnd.legal_moves() == [] and events[-1].__class__.__name__ == "SettleEvent"
    rnd = build_position(HR, 2, layout="[0|5]", hands=[["[5|5]", "[0|1]"], ["[2|3]"]], scores=[59, 0])
    rnd.apply(P("[5|5]@[0|5].high"))               # scores 2: 61, the match is over at once
    assert rnd.end == "target" and rnd.legal_moves() == []
    with pytest.raises(IllegalMove):
        rnd.apply(P("[0|1]@[0|5].low"))


@rule("hr.stay.compulsory", "hr.stay.without-tile-draws")
def test_continuing_is_compulsory_and_without_a_tile_means_drawing():
    rnd = build_position(HR, 2, layout="[1|2]", hands=[["[2|4]", "[6|6]"], ["[4|4]"]], stock=["[0|6]", "[1|1]"])
    rnd.apply(P("[2|4]@[1|2].high"))               # ends 1 + 4 = 5: scores, seat 0 continues
    assert rnd.to_move == 0
    assert rnd.legal_moves() == [DRAW]             # [6|6] does not fit: draw; there is no move to stop
    rnd.apply(DRAW)                                # [0|6] does not fit either
    rnd.apply(DRAW)                                # [1|1] fits and must be played
    assert [str(m) for m in rnd.legal_moves()] == ["[1|1]@[1|2].low"]


@rule("hr.drawn.ends-turn", "hr.draw.until-playable", "hr.draw.first-playable-must-be-played")
def test_a_drawn_playable_tile_is_played_at_once_and_ends_the_turn():
    rnd = build_position(HR, 2, layout="[1|4]", hands=[["[0|2]", "[2|3]"], ["[5|6]"]],
                         stock=["[2|5]", "[4|4]", "[0|1]"])
    assert rnd.legal_moves() == [DRAW]
    draw = rnd.apply(DRAW)[0]
    assert str(draw.tile) == "[2|5]" and rnd.legal_moves() == [DRAW]     # one at a time, until one fits
    rnd.apply(DRAW)
    moves = rnd.legal_moves()
    assert moves and {str(m.tile) for m in moves} == {"[4|4]"}             # only the drawn tile, at once
    event = rnd.apply(P("[4|4]@[1|4].high"))[0]                             # a double that ...
    assert event.source == "drawn" and rnd.to_move == 1                    # ... still ends the turn
    # a drawn tile that scores also ends the turn, and it scores
    rnd = build_position(HR, 2, layout="[1|4]", hands=[["[0|2]"], ["[5|6]"]], stock=["[1|6]"])
    rnd.apply(DRAW)
    event = rnd.apply(P("[1|6]@[1|4].low"))[0]                              # ends 6 + 4 = 10
    assert event.credit == 2 and event.source == "drawn" and rnd.to_move == 1


@rule("hr.draw.must-play-if-able", "ft.play.must-play")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_who_can_play_must_play(rules):
    stock = ["[5|5]"] if rules.drawing else []
    rnd = build_position(rules, 2, layout="[1|4]", hands=[["[4|6]", "[0|2]"], ["[2|3]"]], stock=stock)
    assert DRAW not in rnd.legal_moves() and PASS not in rnd.legal_moves()
    for move in (DRAW, PASS):
        with pytest.raises(IllegalMove):
            rnd.apply(move)


@rule("hr.pass.only-without-play-and-stock", "hr.block.definition")
def test_pass_only_when_stuck_with_an_empty_stock_and_the_block():
    rnd = build_position(HR, 3, layout="[1|4]", hands=[["[0|2]"], ["[4|6]", "[2|2]"], ["[3|3]"]], stock=[])
    assert rnd.legal_moves() == [PASS]
    rnd.apply(PASS)
    assert rnd.to_move == 1 and rnd.end is None
    rnd.apply(P("[4|6]@[1|4].high"))               # ends 1 + 6 = 7: nobody holds a 1 or a 6 any more
    assert rnd.end == "blocked"
    # with tiles in the stock there is no pass
    rnd = build_position(HR, 2, layout="[1|4]", hands=[["[0|2]"], ["[2|3]"]], stock=["[5|5]"])
    assert rnd.legal_moves() == [DRAW]


@rule("ft.block.definition", "ft.block.no-winner")
def test_fives_and_threes_block_has_no_winner_and_no_bonus():
    for players, partnerships, hands, seat in (
            (2, False, [["[1|2]", "[6|6]"], ["[3|4]"]], 0),
            (4, True, [[], [], ["[1|2]", "[6|6]"], ["[3|4]"]], 2)):   # one player per team holds tiles
        rnd = build_position(FT, players, partnerships, layout="[5|5] [5|6]@[5|5].A", hands=hands, to_move=seat)
        event = rnd.apply(P("[6|6]@[5|6].high"))[0]    # ends 5 + 12 = 17; nobody holds a 5 or a 6
        assert rnd.end == "blocked" and event.bonus == 0
        assert rnd.outcome is not None and rnd.outcome.winners == ()
        assert rnd.settlement is None and list(rnd.scores) == [event.scored, 0]


# -- spinners and doubles -----------------------------------------------------------------------

@rule("hr.spinner.every-double", "hr.spinner.line-sides-first", "hr.spinner.arms-free-choice")
def test_every_double_is_a_spinner_sides_first_then_any_arm():
    layout = lay(HR, "[4|4]")
    assert layout.spinner_tiles() == [Tile(4, 4)]
    with pytest.raises(IllegalPlacement):
        layout.place(P("[4|5]@[4|4].armA"))
    layout.place(P("[2|4]@[4|4].A"))
    with pytest.raises(IllegalPlacement):
        layout.place(P("[4|5]@[4|4].armB"))
    layout.place(P("[4|6]@[4|4].B"))
    assert {str(p) for p in layout.open_points()} >= {"[4|4].armA", "[4|4].armB"}
    layout.place(P("[4|5]@[4|4].armB"))            # free choice: arm B first
    layout.place(P("[5|5]@[4|5].high"))            # a double on a side arm is a spinner too
    assert Tile(5, 5) in layout.spinner_tiles()
    assert "[5|5].B" in {str(p) for p in layout.open_points()}


@rule("hr.spinner.double-counts-while-side-free", "hr.spinner.closed-double-zero",
      "hr.spinner.unused-arms-zero", "hr.spinner.outer-ends-of-begun-lines",
      "hr.spinner.free-point-is-not-scored-end", "hr.score.sum-of-scored-ends")
def test_what_a_spinner_counts():
    layout = lay(HR, "[1|4] [4|4]@[1|4].high")
    assert scored(layout) == {"[1|4].low": 1, "[4|4].B": 8}
    layout.place(P("[3|4]@[4|4].B"))
    assert scored(layout) == {"[1|4].low": 1, "[3|4].low": 3}          # closed double: zero
    free = {str(p) for p in layout.open_points()}
    assert {"[4|4].armA", "[4|4].armB"} <= free                        # free, but unused arms count zero
    assert layout.end_sum == 4 != sum(p.pips for p in layout.open_points())
    layout.place(P("[4|6]@[4|4].armA"))
    assert scored(layout) == {"[1|4].low": 1, "[3|4].low": 3, "[4|6].high": 6}   # a begun arm counts its end


@rule("hr.double.end-counts-both-halves", "ft.double.end-counts-both")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_a_double_at_an_end_counts_both_halves(rules):
    layout = lay(rules, "[3|6] [6|6]@[3|6].high")
    assert scored(layout)[[k for k in scored(layout) if k.startswith("[6|6]")][0]] == 12
    assert layout.end_sum == 15


@rule("ft.double.no-spinner")
def test_fives_and_threes_doubles_never_branch():
    assert not FT.spinners
    layout = lay(FT, "[6|6]")
    assert layout.spinner_tiles() == [] and len(layout.open_points()) == 2
    for text in ("[2|6]@[6|6].A", "[3|6]@[6|6].B", "[3|3]@[3|6].low"):
        layout.place(P(text))
        assert len(layout.open_points()) == 2
    assert not any(p.side.is_arm for p in layout.open_points())
    with pytest.raises(DominoError):
        layout.place(P("[1|6]@[6|6].armA"))
    # inside the line the double counts nothing
    assert all(not k.startswith("[6|6]") for k in scored(layout))


# -- scoring ---------------------------------------------------------------------------------------

@rule("hr.score.positive-multiple-of-five", "hr.score.otherwise-nothing")
def test_horse_race_credit_table():
    for end_sum in range(0, 80):
        assert HR.credit(end_sum) == (end_sum // 5 if end_sum > 0 and end_sum % 5 == 0 else 0)
    assert [HR.credit(s) for s in (5, 10, 15, 0, 4, 12)] == [1, 2, 3, 0, 0, 0]


@rule("hr.score.zero-ends-listed")
def test_scored_ends_of_value_zero_are_counted():
    layout = lay(HR, "[0|5]")
    assert scored(layout) == {"[0|5].high": 5, "[0|5].low": 0}
    assert step_text(layout, HR).startswith("Gewertete Beiträge: 5 + 0 = 5.")


@rule("hr.score.last-tile")
def test_the_last_tile_scores_before_the_settlement():
    rnd = build_position(HR, 2, layout="[1|2]", hands=[["[2|4]"], ["[6|6]"]])
    events = rnd.apply(P("[2|4]@[1|2].high"))      # ends 1 + 4 = 5, last tile
    assert events[0].credit == 1 and rnd.end == "domino"
    assert rnd.scores == [1 + rnd.settlement.credits[0], 0]


@rule("ft.score.two-outer-ends", "ft.score.other-sums-nothing", "ft.score.threes-and-fives", "ft.score.both-added",
      "ft.score.pips-are-not-the-score")
def test_fives_and_threes_credit():
    for end_sum in range(0, 40):
        expected = (end_sum // 3 if end_sum % 3 == 0 else 0) + (end_sum // 5 if end_sum % 5 == 0 else 0)
        assert FT.credit(end_sum) == expected
    assert [FT.credit(s) for s in (15, 6, 10, 9, 7, 8)] == [8, 2, 2, 3, 0, 0]
    rnd = build_position(FT, 2, hands=[["[3|6]", "[0|0]"], ["[1|1]"]])
    (event,) = rnd.apply(P("[3|6]"))               # the opening: 3 + 6 = 9
    assert (event.sum, event.credit) == (9, 3)


@rule("ft.score.recorded-at-once", "hr.score.recorded-at-once")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_every_accepted_point_is_recorded_at_once(rules):
    from dominolab.core.engine import PlayEvent, SettleEvent

    match = Match(rules, 2, seed=4).play(greedy_policy)
    running = [0, 0]
    for rnd in match.rounds:
        for event in rnd.events:
            if isinstance(event, PlayEvent):
                running[rnd.seating.side_of(event.seat)] += event.scored
            elif isinstance(event, SettleEvent):
                running = [r + c for r, c in zip(running, event.credits)]
            else:
                continue
            assert list(event.scores) == running       # the score after every scoring event
    assert running == list(match.scores) and any(running)


# -- settlement ----------------------------------------------------------------------------------

@rule("hr.settle.no-losses", "hr.settle.opponents-summed-then-rounded", "hr.settle.rounding")
def test_settlement_never_takes_points_and_rounds_one_sum():
    assert [round_to_five(p) for p in range(0, 12)] == [0, 0, 0, 5, 5, 5, 5, 5, 10, 10, 10, 10]
    assert round_to_five(17) == 15 and round_to_five(18) == 20
    rng = random.Random(5)
    for _ in range(300):
        seating = rng.choice([Seating(2), Seating(3), Seating(4), Seating(4, True)])
        pips = [rng.randint(0, 40) for _ in range(seating.players)]
        domino = rng.choice([None, rng.randrange(seating.players)])
        if domino is not None:
            pips[domino] = 0
        s = settle_round(pips, seating, domino)
        assert all(c >= 0 for c in s.credits)
        for side in range(seating.n_sides):
            if side not in s.winners:
                assert s.credits[side] == 0
            else:
                others = sum(p for seat, p in enumerate(pips) if seating.side_of(seat) != side)
                assert s.credits[side] == round_to_five(others) // 5      # summed first, then rounded
    # 3 + 4 pips of two opponents: 7 rounds to 5 (1 point), not 5 + 5 (2 points)
    assert settle_round([0, 3, 4], Seating(3), 0).credits[0] == 1


@rule("hr.settle.domino-wins")
def test_the_last_tile_wins_the_round_for_the_partnership():
    rnd = build_position(HR, 4, True, layout="[1|2]", hands=[["[6|6]"], ["[0|1]"], ["[2|4]"], ["[3|3]"]], to_move=2)
    rnd.apply(P("[2|4]@[1|2].high"))
    assert rnd.end == "domino" and rnd.settlement.winners == (0,)
    assert rnd.settlement.credits == (round_to_five(1 + 6) // 5, 0)


# -- ending a Fives and Threes round -------------------------------------------------------------

@rule("ft.end.domino-bonus", "ft.remaining-tiles-never-score")
@pytest.mark.parametrize("players", [2, 3])
def test_the_last_tile_ends_the_round_with_one_extra_point(players):
    hands = [["[2|6]"], ["[5|5]", "[6|6]"], ["[0|0]", "[4|4]"]][:players]
    rnd = build_position(FT, players, layout="[1|2]", hands=hands, scores=[10] * players)
    events = rnd.apply(P("[2|6]@[1|2].high"))      # ends 1 + 6 = 7: no credit, but the bonus
    assert len(events) == 1 and (events[0].credit, events[0].bonus, events[0].scored) == (0, 1, 1)
    assert rnd.end == "domino" and rnd.outcome.winners == (0,)
    assert rnd.scores == [11] + [10] * (players - 1)   # remaining pips give nothing to anyone
    assert rnd.settlement is None


@rule("ft.end.partners-play-out", "ft.end.empty-seat-skipped")
def test_partnership_round_goes_on_until_both_partners_are_out():
    rnd = build_position(FT, 4, True, layout="[1|2]",
                         hands=[["[2|6]"], ["[1|3]", "[4|5]"], ["[3|5]", "[0|6]"], ["[0|5]", "[4|4]"]])
    event = rnd.apply(P("[2|6]@[1|2].high"))[0]    # seat 0 is out (ends 1 + 6 = 7) but its partner is not
    assert event.bonus == 0 and rnd.end is None and rnd.to_move == 1
    rnd.apply(P("[1|3]@[1|2].low"))                # seat 1: ends 3 + 6 = 9, 3 points
    rnd.apply(P("[3|5]@[1|3].high"))               # seat 2: ends 5 + 6 = 11
    rnd.apply(P("[0|5]@[3|5].high"))               # seat 3: ends 0 + 6 = 6, 2 points
    assert rnd.to_move == 1                        # seat 0 holds nothing and is skipped
    rnd.apply(PASS)                                # seat 1: [4|5] does not fit
    event = rnd.apply(P("[0|6]@[0|5].low"))[0]     # seat 2, the second partner, is out: ends 6 + 6 = 12
    assert (event.credit, event.bonus, event.scored) == (4, 1, 5)
    assert rnd.end == "domino" and rnd.scores == [5, 5] and rnd.outcome.winners == (0,)


# -- rules the examples above leave untried (each catches a mutant of dominolab/mutants.py) ----

@rule("hr.deal.fresh-shuffle", "ft.deal.shuffled")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_every_round_is_dealt_from_a_fresh_shuffle(rules):
    for seed in range(4):
        match = Match(rules, 2, seed=seed).play(greedy_policy, max_rounds=3)
        deals = [(r.dealt, r.initial_stock) for r in match.rounds]
        assert len(deals) >= 2 and len(set(deals)) == len(deals), seed


@rule("hr.opening.no-right-from-deal")
def test_dealt_tiles_give_no_right_to_open():
    # the first opener is drawn by lot: the seat dealt the highest double opens about half the time, not always
    holds_top = 0
    for seed in range(60):
        rnd = Match(HR, 2, seed=seed).new_round()
        doubles = [(t.pips, seat) for seat, hand in enumerate(rnd.hands) for t in hand if t.is_double]
        holds_top += bool(doubles) and max(doubles)[1] == rnd.opener
    assert 12 <= holds_top <= 48, holds_top


@rule("hr.opening.lot-after-block")
def test_after_a_block_the_next_opener_is_drawn_by_lot():
    openers = []
    for seed in range(300):
        match = Match(HR, 3, seed=seed)
        rng = random.Random(seed)
        while not match.over and len(match.rounds) < 12:
            rnd = match.new_round()
            while rnd.end is None:
                rnd.push(random_policy(rnd, rng))
            match.end_round()
            if rnd.end == "blocked" and not match.over:
                openers.append(match.new_round().opener)     # dealt by the match: the lot decides
                break
        if len(openers) >= 24:
            break
    assert len(openers) >= 24 and set(openers) == {0, 1, 2}, openers


@rule("hr.target.at-least-61")
def test_61_display_points_reach_the_horse_race_target():
    assert HR.target == 61 and HR.target * HR.raw_per_point == 305
    for start, end in ((59, "target"), (58, None)):
        rnd = build_position(HR, 2, layout="[0|5]", hands=[["[5|5]", "[0|1]"], ["[2|3]"]], scores=[start, 0])
        event = rnd.apply(P("[5|5]@[0|5].high"))[0]           # ends 0 + 10 = 10: 2 points
        assert event.scored == 2 and rnd.scores == [start + 2, 0] and rnd.end == end
        assert rnd.match_winners == ((0,) if end else ())


def _shared_settlement(scores):
    """Horse Race, three players: seat 2 blocks the round; seats 0 and 1 tie on 5 pips and get 5 each."""
    rnd = Round(HR, HR.seating(3), [["[0|5]"], ["[2|3]"], ["[4|6]", "[5|5]", "[3|5]"]], [], 2, scores,
                layout=lay(HR, "[1|4]"))
    events = rnd.apply(P("[4|6]@[1|4].high"))                # ends 1 + 6 = 7; nobody holds a 1 or a 6
    return rnd, events[-1]


@rule("hr.target.shared-in-settlement", "hr.target.credits-applied-together", "hr.result.names-all-winners")
def test_sides_reaching_the_target_in_one_settlement_share_the_win_with_different_scores():
    match = Match(HR, 3, seed=1)
    rnd, settle = _shared_settlement([57, 59, 0])
    match.rounds.append(rnd)                       # the match's scores are its last round's
    assert rnd.end == "blocked" and settle.winners == (0, 1) and settle.credits == (5, 5, 0)
    assert list(settle.scores) == [62, 64, 0]      # different final scores ...
    assert rnd.match_winners == (0, 1)             # ... and both win
    match.end_round()
    assert match.over and match.winners == (0, 1) and match.scores == [62, 64, 0]


@rule("hr.result.no-tournament-credit", "hr.result.names-all-winners")
def test_the_result_is_the_winners_and_no_extra_credit():
    for seed in range(4):
        match = Match(HR, 2, seed=seed).play(greedy_policy)
        last = [e for e in match.rounds[-1].events if hasattr(e, "scores")][-1]
        assert match.scores == list(last.scores)                   # no credit after the last event
        assert match.winners == HR.sides_at_target(match.scores) != ()


@rule("hr.players.individuals-score-alone")
@pytest.mark.parametrize("players", [3, 4])
def test_individual_players_score_alone(players):
    hands = [["[4|5]"], ["[3|3]"], ["[1|6]", "[2|2]"], ["[5|5]"]][:players]
    rnd = build_position(HR, players, layout="[1|4]", hands=hands, to_move=2, scores=[1] * players)
    rnd.apply(P("[1|6]@[1|4].low"))                # ends 6 + 4 = 10: 2 points for seat 2 alone
    assert rnd.scores == [1, 1, 3] + [1] * (players - 3)


@rule("hr.players.partners-stay-together", "ft.players.fixed-partnerships")
@pytest.mark.parametrize("rules", [HR, FT], ids=["hr", "ft"])
def test_partnerships_stay_the_same_in_every_round(rules):
    from dominolab.core.engine import PlayEvent

    checked_rounds = set()
    for seed in range(4):
        match = Match(rules, 4, True, seed=seed).play(greedy_policy, max_rounds=4)
        for rnd in match.rounds:
            before = None
            for event in rnd.events:
                if isinstance(event, PlayEvent):
                    if before is not None and event.scored:
                        gained = [a - b for a, b in zip(event.scores, before)]
                        assert gained[event.seat % 2] == event.scored and gained[1 - event.seat % 2] == 0
                        checked_rounds.add(rnd.number)
                    before = event.scores
                elif hasattr(event, "scores"):
                    before = event.scores
    assert {1, 2} <= checked_rounds


@rule("ft.score.last-tile")
def test_fives_and_threes_last_tile_scores_with_its_bonus():
    rnd = build_position(FT, 2, layout="[1|2]", hands=[["[2|5]"], ["[0|0]"]], scores=[10, 0])
    event = rnd.apply(P("[2|5]@[1|2].high"))[0]    # ends 1 + 5 = 6: 2 points, and the play-out point
    assert (event.sum, event.credit, event.bonus, event.scored) == (6, 2, 1, 3) and rnd.scores == [13, 0]


@rule("ft.double.end-counts-both", "ft.double.inside-counts-nothing")
def test_fives_and_threes_double_at_the_end_and_inside():
    layout = lay(FT, "[6|6]")
    assert layout.end_sum == 12
    layout.place(P("[3|6]@[6|6].A"))               # one side joined: the opening double is still an end
    assert layout.end_sum == 15 and scored(layout) == {"[3|6].low": 3, "[6|6].B": 12}
    layout.place(P("[2|6]@[6|6].B"))               # both sides joined: inside, it counts nothing
    assert layout.end_sum == 5 and scored(layout) == {"[3|6].low": 3, "[2|6].low": 2}
    rnd = build_position(FT, 2, layout="[6|6] [3|6]@[6|6].A", hands=[["[2|6]", "[0|0]"], ["[1|1]"]])
    event = rnd.apply(P("[2|6]@[6|6].B"))[0]       # through the engine: 3 + 2 = 5
    assert (event.sum, event.credit) == (5, 1)


@rule("ft.target.exactly-61", "ft.target.immediate-win", "ft.target.event-void-beyond-61")
def test_fives_and_threes_needs_exactly_61_and_then_wins_at_once():
    def position(start):
        return build_position(FT, 3, layout="[1|5]", hands=[["[1|4]", "[0|0]"], ["[3|4]", "[6|6]"], ["[2|2]"]],
                              scores=[start, 0, 0])
    rnd = position(59)
    event = rnd.apply(P("[1|4]@[1|5].low"))[0]     # ends 4 + 5 = 9: 3 points, 62 would pass 61
    assert (event.credit, event.scored) == (3, 0) and rnd.scores == [59, 0, 0]
    assert rnd.end is None and rnd.to_move == 1
    rnd = position(58)
    event = rnd.apply(P("[1|4]@[1|5].low"))[0]     # 58 + 3 = 61: the match is won at once
    assert event.scored == 3 and rnd.scores == [61, 0, 0]
    assert rnd.end == "target" and rnd.match_winners == (0,) and rnd.hands[1]


@rule("hr.drawing.legend")
def test_the_picture_marks_what_its_legend_says():
    from dominolab.pictures.picture import LEGEND_TEXTS, layout_picture

    layout = lay(HR, "[1|4] [1|1]@[1|4].low [4|4]@[1|4].high [3|4]@[4|4].B")
    picture = layout_picture(layout, legend=True)
    marks = [m for m in picture.marks if m.point]
    filled = {m.point: m.value for m in marks if m.scored}
    hollow = {m.point for m in marks if not m.scored}
    assert filled == {str(p): v for p, v in layout.contributions()} == {"[1|1].B": 2, "[3|4].low": 3}
    assert hollow == {"[4|4].armA", "[4|4].armB"}              # legal points, not scored here
    assert {t.name for t in picture.tiles if t.spinner} == {"[1|1]", "[4|4]"}   # the outline: spinners
    texts = {t.text for t in picture.texts}
    assert set(LEGEND_TEXTS["de"]) <= texts


@rule("hr.drawing.legend")
def test_the_legend_is_the_documents_legend():
    from reference import HR_DOC, require_document
    from dominolab.pictures.picture import LEGEND_TEXTS

    text = require_document(HR_DOC).read_text(encoding="utf-8")
    assert "".join(LEGEND_TEXTS["de"]) in text
    assert "Der orange Umriss kennzeichnet einen Spinner, kein automatisch gewertetes Ende." in text
