"""Reason kinds (issue 28, point 2, the data): from the parts that separate two moves of one evaluation.

One hand-built position per kind; each test names the parts that carry the kind. The positions are
fixed, and so are the rngs, so the evaluations (and with them the reasons) are the same on every run.
"""

from __future__ import annotations

import random

import pytest

from test_expert import seed_8001_round_8
from dominolab.core.engine import parse_move, position
from dominolab.core.view import view_of
from dominolab.play.bots import StrongBot
from dominolab.play.expert import ExpertBot
from dominolab.play.reasons import KINDS, MOST, SHARE, Z, reasons
from dominolab.play.search import PARTS

#: Horse Race, four players, late in a round (stock of six): the same tile at two ends, or another tile.
HR4_LATE = dict(game="horse-race", players=4, layout=(
    "[3|6] [3|5]@[3|6].low [0|6]@[3|6].high [4|5]@[3|5].high [0|4]@[0|6].low [4|4]@[0|4].high "
    "[3|4]@[4|5].low [4|6]@[4|4].B [1|3]@[3|4].low [1|4]@[4|4].armA [0|1]@[1|4].low [1|2]@[1|3].low "
    "[5|6]@[4|6].high [2|2]@[1|2].high"),
    hands=[["[1|5]", "[2|5]"], ["[5|5]"], ["[0|0]", "[0|2]"], ["[0|3]", "[1|1]", "[0|5]"]],
    stock=["[1|6]", "[6|6]", "[2|3]", "[3|3]", "[2|6]", "[2|4]"], to_move=2, scores=[0, 1, 0, 0])

CASES = [
    # kind, position, better move, other move, seed
    ("settlement", HR4_LATE, "[0|2]@[2|2].B", "[0|2]@[0|1].low", 16),
    ("this_turn", HR4_LATE, "[0|2]@[2|2].B", "[0|0]@[0|1].low", 16),
    ("double_kept", dict(game="horse-race", players=4, layout="[1|5] [4|5]@[1|5].high",
                         hands=[["[3|6]", "[3|5]", "[0|2]", "[0|3]"], ["[3|4]", "[1|1]", "[4|6]", "[2|2]"],
                                ["[1|6]", "[3|3]", "[4|4]", "[5|6]", "[2|6]"],
                                ["[6|6]", "[1|4]", "[1|2]", "[1|3]", "[0|6]"]],
                         stock=["[2|3]", "[0|5]", "[0|4]", "[5|5]", "[0|1]", "[2|5]", "[0|0]", "[2|4]"],
                         to_move=1, scores=[0, 1, 0, 0]),
     "[1|1]@[1|5].low", "[3|4]@[4|5].low", 2),
    ("heavy_kept", dict(game="horse-race", players=4, layout=(
        "[1|4] [4|6]@[1|4].high [0|1]@[1|4].low [0|5]@[0|1].low [0|6]@[4|6].high [2|5]@[0|5].high "
        "[0|3]@[0|6].low [2|2]@[2|5].low"),
        hands=[["[2|6]", "[1|2]", "[5|6]", "[3|4]"], ["[1|6]", "[2|4]", "[3|3]"],
               ["[4|4]", "[5|5]", "[0|0]", "[4|5]", "[0|4]"], ["[3|5]", "[0|2]", "[1|1]", "[1|3]"]],
        stock=["[1|5]", "[6|6]", "[2|3]", "[3|6]"], to_move=3, scores=[0, 1, 2, 0]),
     "[1|3]@[0|3].high", "[0|2]@[2|2].B", 135),
    ("later_own", dict(game="horse-race", players=4, layout=(
        "[2|5] [5|5]@[2|5].high [1|2]@[2|5].low [1|5]@[5|5].B [5|6]@[5|5].armB [3|5]@[5|5].armA "
        "[0|1]@[1|2].low [3|6]@[3|5].low [0|5]@[0|1].low [2|6]@[5|6].high [4|5]@[0|5].high"),
        hands=[["[0|4]", "[2|2]"], ["[4|4]", "[1|1]", "[0|6]", "[6|6]", "[1|4]", "[4|6]", "[1|6]"],
               ["[3|4]", "[3|3]", "[2|4]"], ["[2|3]", "[0|0]", "[0|2]"]],
        stock=["[0|3]", "[1|3]"], to_move=1, scores=[0, 2, 0, 0]),
     "[4|6]@[4|5].low", "[4|4]@[4|5].low", 58),
    ("later_other", dict(game="horse-race", players=4, partnerships=True, layout="[2|3]",
                         hands=[["[0|0]", "[4|5]", "[0|6]", "[1|4]", "[1|1]"], ["[1|6]", "[3|4]", "[2|4]", "[0|1]", "[4|4]"],
                                ["[3|6]", "[2|5]", "[6|6]", "[1|2]", "[3|3]"], ["[1|3]", "[5|6]", "[2|2]", "[2|6]"]],
                         stock=["[5|5]", "[0|2]", "[1|5]", "[0|3]", "[0|4]", "[3|5]", "[4|6]", "[0|5]"],
                         to_move=3, scores=[0, 1]),
     "[2|2]@[2|3].low", "[2|6]@[2|3].low", 206),
    ("past_exact_target", dict(game="fives-and-threes", players=2, layout="[2|3]",
                               hands=[["[3|4]", "[2|6]", "[1|1]"], ["[0|0]", "[0|5]"]], scores=[59, 40]),
     "[3|4]@[2|3].high", "[2|6]@[2|3].low", 1),
]


def built(spec: dict):
    spec = dict(spec)
    return position(spec.pop("game"), spec.pop("players"), spec.pop("partnerships", False), **spec)


def check(view, scored, better, other) -> list:
    """The reasons, each checked against the rule that gives it."""
    out = reasons(view, scored, better, other)
    assert len(out) <= MOST
    by_move = {mv.move: mv for mv in scored}
    loss = by_move[better].value - by_move[other].value
    for r in out:
        assert r.points >= SHARE * loss and r.points > Z * r.stderr
        parts = [PARTS.index(p) for p in r.parts]
        # on the deals both were played on (a move a racing evaluation dropped early has the first of them)
        shared = min(by_move[better].deals, by_move[other].deals)
        mean = sum(sum(b[j] - o[j] for j in parts)
                   for b, o in zip(by_move[better].deal_parts, by_move[other].deal_parts)) / shared
        assert abs(mean - r.points) <= 1e-9
    return out


@pytest.mark.parametrize("kind, spec, better, other, seed", CASES, ids=[c[0] for c in CASES])
def test_a_position_per_kind(kind, spec, better, other, seed):
    rnd = built(spec)
    view = view_of(rnd, rnd.to_move)
    scored = StrongBot(20).evaluate(view, random.Random(seed))
    better, other = parse_move(better), parse_move(other)
    assert scored[0].move == better
    found = {r.kind: r for r in check(view, scored, better, other)}
    expected = next(k for k in KINDS if k.name == kind)
    assert kind in found and found[kind].parts == expected.parts


def test_past_the_exact_target_is_read_from_the_preview():
    """The void play books nothing: the kind rests on ``now`` and ``bonus`` (2 points now, the match won)."""
    rnd = built(CASES[-1][1])
    assert rnd.preview("[2|6]@[2|3].low").void and not rnd.preview("[3|4]@[2|3].high").void
    view = view_of(rnd, 0)
    scored = StrongBot(20).evaluate(view, random.Random(1))
    (first, *_), = [check(view, scored, parse_move("[3|4]@[2|3].high"), parse_move("[2|6]@[2|3].low"))]
    assert first.kind == "past_exact_target" and first.parts == ("now", "bonus")
    assert first.points == pytest.approx(2 + 20 - sum(mv.parts["bonus"] for mv in scored
                                                       if str(mv.move) == "[2|6]@[2|3].low"))


def test_seed_8001_round_8():
    """Issue 19's position: the strong bot plays [4|5] over the double [4|4] because [4|4] opens more for
    the reply (``replies``); the expert prefers [4|5] for the match bonus it wins more often (``bonus``)."""
    view = view_of(seed_8001_round_8(), 0)
    four_five, double = parse_move("[4|5]@[1|4].high"), parse_move("[4|4]@[1|4].high")
    strong = StrongBot(100).evaluate(view, random.Random(1))
    assert strong[0].move == four_five
    assert [r.kind for r in check(view, strong, four_five, double)][0] == "opened_for_next"
    expert = ExpertBot(100).evaluate(view, random.Random(1))
    assert expert[0].move == four_five
    assert [r.kind for r in check(view, expert, four_five, double)] == ["bonus"]


def test_no_reason_for_the_best_move_itself_or_a_better_one():
    rnd = built(HR4_LATE)
    view = view_of(rnd, rnd.to_move)
    scored = StrongBot(20).evaluate(view, random.Random(16))
    best, worst = scored[0].move, scored[-1].move
    assert reasons(view, scored, best, best) == []
    assert reasons(view, scored, worst, best) == []
    assert check(view, scored, best, worst)


def test_the_reference_part_gives_every_kind_with_its_parts():
    """book/notation.md's table of the reason kinds lists :data:`KINDS` in order, each with its parts."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "book" / "notation.md").read_text()
    section = text[text.index("#### Gründe: `reasons`"):]
    section = section[section.index("| Art |"):]
    section = section[:section.index("\n\n")]
    rows = [line.split("|")[1:3] for line in section.splitlines() if line.startswith("| `")]
    shown = [(kind.strip().strip("`"), tuple(p.strip().strip("`") for p in parts.split(","))) for kind, parts in rows]
    assert shown == [(k.name, k.parts) for k in KINDS]


def test_review_rows_with_a_loss_carry_their_reasons():
    from pathlib import Path

    from dominolab.core.record import load_record
    from dominolab.play.review import REASONS_FROM, Review, match_of_record

    path = Path(__file__).resolve().parents[1] / "golden" / "horse-race-2i-random-seed1.record.json"
    review = Review(match_of_record(load_record(path), path.name), [0], think_ms=5)
    rows = review.rows()
    assert any(row["reasons"] for row in rows)
    kinds = {k.name: k.parts for k in KINDS}
    for row in rows:
        if row["loss"] < REASONS_FROM:
            assert row["reasons"] == []
        for r in row["reasons"]:
            assert tuple(r["parts"]) == kinds[r["kind"]] and r["points"] >= SHARE * row["loss"] - 0.01
