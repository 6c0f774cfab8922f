"""Tiles, attachment points, placements and layouts (notation and counting).

Expectations come from the interchange contract (notation-and-records.md) and
from the reference model in reference.py, which recomputes everything from the
list of placements.
"""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from reference import (ALL_REF_TILES, MAX_MOVES_PER_ROUND, SEATINGS, SIDE_ORDER, RefLayout, move_parse, p_parse,
                      p_str, point_key, t_parse, t_str, valid_sides)
from dominolab.core.engine import Match, random_policy
from dominolab.core.errors import DominoError, IllegalPlacement, NotationError
from dominolab.core.layout import (AttachmentPoint, Layout, Placement, Side, format_placements,
                              parse_placements)
from dominolab.core.tiles import ALL_TILES, Tile

# -- tiles -------------------------------------------------------------------------


def test_the_set_has_28_distinct_tiles_in_canonical_order():
    assert [(t.low, t.high) for t in ALL_TILES] == ALL_REF_TILES
    assert len(set(ALL_TILES)) == 28


@pytest.mark.parametrize("a,b", [(a, b) for a in range(7) for b in range(7)])
def test_tile_round_trip_both_orders(a, b):
    tile = Tile.parse(f"[{a}|{b}]")
    assert str(tile) == f"[{min(a, b)}|{max(a, b)}]"
    assert Tile.parse(str(tile)) == tile
    assert Tile.parse(str(tile)) is tile
    assert tile.pips == a + b
    assert tile.is_double == (a == b)


def test_reversed_tile_is_normalised():
    assert str(Tile.parse("[4|1]")) == "[1|4]"
    assert Tile.parse("[4|1]") == Tile.parse("[1|4]")


@pytest.mark.parametrize("text", ["[7|1]", "[1|]", "1-4", "", "[1|7]", "[-1|2]", "[1,4]", "1|4", "[1|4", "[a|b]",
                                  "[10|1]", "[1|4][2|3]"])
def test_bad_tile_notation_names_the_text(text):
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert repr(text) in str(info.value) or (text and text in str(info.value))


# -- attachment points and placements -------------------------------------------------

ALL_POINTS = [(t, s) for t in ALL_REF_TILES for s in valid_sides(t)]


@pytest.mark.parametrize("tile,side", ALL_POINTS, ids=[p_str(p) for p in ALL_POINTS])
def test_attachment_point_round_trip(tile, side):
    text = p_str((tile, side))
    point = AttachmentPoint.parse(text)
    assert str(point) == text
    assert AttachmentPoint.parse(str(point)) == point
    assert point.side.notation == side
    # pips shown at the point (contract table: low/high for non-doubles, any side of a double)
    assert point.pips == (tile[1] if side == "high" else tile[0])


def test_attachment_point_accepts_reversed_tile():
    assert str(AttachmentPoint.parse("[4|1].low")) == "[1|4].low"
    assert str(AttachmentPoint.parse("[4|1].high")) == "[1|4].high"


@pytest.mark.parametrize("text", ["[1|4].A", "[1|4].armA", "[4|4].low", "[4|4].high", "[1|4].left", "[1|4]",
                                  "[1|4].", ".low", "[7|1].low", "[1|4]low"])
def test_bad_attachment_points_are_rejected(text):
    with pytest.raises(NotationError) as info:
        AttachmentPoint.parse(text)
    assert str(info.value)


@pytest.mark.parametrize("text,canonical", [
    ("[1|4]", "[1|4]"),
    ("[4|1]", "[1|4]"),
    ("[1|1]@[1|4].low", "[1|1]@[1|4].low"),
    ("[1|1]@[4|1].low", "[1|1]@[1|4].low"),
    ("[4|3]@[4|4].B", "[3|4]@[4|4].B"),
    ("[5|1]@[1|1].armA", "[1|5]@[1|1].armA"),
    ("[0|5]@[5|5].armB", "[0|5]@[5|5].armB"),
])
def test_placement_round_trip(text, canonical):
    placement = Placement.parse(text)
    assert str(placement) == canonical
    assert Placement.parse(str(placement)) == placement


@pytest.mark.parametrize("text", ["", "   ", "[7|1]", "[1|]", "1-4", "[1|1]@", "[1|1]@[1|4]", "[1|1]@[1|4].up",
                                  "[1|1]@@[1|4].low", "@[1|4].low"])
def test_bad_placement_notation(text):
    with pytest.raises(NotationError) as info:
        Placement.parse(text)
    assert str(info.value)


@pytest.mark.parametrize("text", ["[1|4] [7|1]@[1|4].low", "[1|4] [1|]", "[1|4] 1-4"])
def test_bad_layout_notation_names_the_bad_item(text):
    bad = text.split()[-1]
    bad_tile = bad.split("@")[0]
    with pytest.raises(NotationError) as info:
        parse_placements(text)
    assert bad_tile in str(info.value)


def test_empty_layout_notation_is_rejected():
    for text in ("", "  \n "):
        with pytest.raises(NotationError):
            parse_placements(text)


DOC_LAYOUT = "[1|4] [1|1]@[1|4].low [4|4]@[1|4].high [3|4]@[4|4].B"


def test_layout_sequence_round_trip_including_newlines_and_reversed_tiles():
    text = "[4|1]\n[1|1]@[4|1].low   [4|4]@[1|4].high\t[4|3]@[4|4].B"
    placements = parse_placements(text)
    assert format_placements(placements) == DOC_LAYOUT
    assert parse_placements(format_placements(placements)) == placements
    layout = Layout.from_notation(text, spinners=True)
    assert str(layout) == DOC_LAYOUT
    assert Layout.from_notation(str(layout), spinners=True) == layout


# -- illegal placements leave the layout unchanged ------------------------------------


def layout_state(layout: Layout) -> dict:
    return {
        "placements": [str(p) for p in layout.placements],
        "open": [str(p) for p in layout.open_points()],
        "end_sum": layout.end_sum,
        "contributions": [(str(p), v) for p, v in layout.contributions()],
        "connections": [(str(a), str(b)) for a, b in layout.connections],
        "spinners": [str(t) for t in layout.spinner_tiles()],
        "len": len(layout),
    }


HR_BASE = "[1|4] [1|1]@[1|4].low [4|4]@[1|4].high"     # both [1|1] and [4|4] with one free line side
ILLEGAL = [
    # (spinners, layout, placement, reason keyword)
    (True, HR_BASE, "[2|3]@[1|1].B", "match"),                   # pips mismatch
    (True, HR_BASE, "[5|6]@[4|4].B", "match"),
    (True, "[1|4]", "[2|6]@[1|4].low", "match"),
    (True, HR_BASE, "[1|2]@[1|4].low", "occupied"),              # occupied point
    (True, HR_BASE, "[4|5]@[1|1].A", "occupied"),
    (True, HR_BASE, "[1|5]@[1|1].armA", "side arm"),             # arm before both line sides
    (True, "[2|2]", "[2|5]@[2|2].armB", "side arm"),
    (True, "[2|2] [2|5]@[2|2].A", "[2|3]@[2|2].armA", "side arm"),
    (False, "[1|4] [1|1]@[1|4].low [1|2]@[1|1].B", "[1|5]@[1|1].armA", "spinner"),   # arm in F&T
    (False, "[3|3]", "[3|5]@[3|3].armA", "spinner"),
    (True, HR_BASE, "[1|4]@[1|1].B", "already on the table"),     # tile already on table
    (True, HR_BASE, "[4|4]@[1|1].B", "already on the table"),
    (True, HR_BASE, "[1|2]@[1|2].low", "not on the table"),       # unknown anchor
    (True, HR_BASE, "[5|6]@[5|5].A", "not on the table"),
    (True, HR_BASE, "[2|5]", "where"),                            # no point on a non-empty layout
]


@pytest.mark.parametrize("spinners,setup,text,keyword", ILLEGAL, ids=[f"{i[2]} on {i[1]}" for i in ILLEGAL])
def test_illegal_placement_raises_and_changes_nothing(spinners, setup, text, keyword):
    layout = Layout.from_notation(setup, spinners=spinners)
    before = layout_state(layout)
    placement = Placement.parse(text)
    with pytest.raises(IllegalPlacement) as info:
        layout.place(placement)
    assert str(placement.tile) in str(info.value)
    assert keyword in str(info.value), f"message should say which rule is broken: {info.value}"
    assert layout_state(layout) == before
    # the reference model agrees that it is illegal
    _, tile, at = move_parse(text)
    assert RefLayout.from_text(setup, spinners).why_illegal(tile, at) is not None
    # and the layout still takes a legal tile afterwards exactly as a fresh one would
    fresh = Layout.from_notation(setup, spinners=spinners)
    assert layout == fresh


def test_first_tile_must_be_placed_alone():
    layout = Layout(spinners=True)
    with pytest.raises(IllegalPlacement):
        layout.place(Placement.parse("[1|1]@[1|4].low"))
    assert len(layout) == 0 and layout.end_sum == 0 and layout.open_points() == []


def test_from_notation_rejects_illegal_sequence():
    with pytest.raises(IllegalPlacement):
        Layout.from_notation("[1|4] [2|3]@[1|4].low", spinners=True)


# -- examples of the contract -----------------------------------------------------------


def test_contract_example_layout():
    layout = Layout.from_notation("[1|4] [1|1]@[1|4].low [4|4]@[1|4].high", spinners=True)
    assert layout.end_sum == 10
    assert [(str(p), v) for p, v in layout.contributions()] == [("[1|1].B", 2), ("[4|4].B", 8)]
    assert [str(p) for p in layout.open_points()] == ["[1|1].B", "[4|4].B"]


def test_opening_double_counts_once_under_A():
    layout = Layout.from_notation("[5|5]", spinners=True)
    assert [(str(p), v) for p, v in layout.contributions()] == [("[5|5].A", 10)]
    assert layout.end_sum == 10
    layout.place(Placement.parse("[2|5]@[5|5].A"))      # document: 10 -> 12
    assert layout.end_sum == 12
    assert [(str(p), v) for p, v in layout.contributions()] == [("[2|5].low", 2), ("[5|5].B", 10)]
    layout.place(Placement.parse("[3|5]@[5|5].B"))      # -> 5 and the arms open
    assert layout.end_sum == 5
    assert {"[5|5].armA", "[5|5].armB"} <= {str(p) for p in layout.open_points()}
    layout.place(Placement.parse("[4|5]@[5|5].armA"))   # -> 9
    assert layout.end_sum == 9


def test_fives_and_threes_line_has_exactly_two_ends():
    layout = Layout.from_notation("[3|6] [6|6]@[3|6].high [2|6]@[6|6].B [2|2]@[2|6].low", spinners=False)
    assert len(layout.open_points()) == 2
    assert layout.spinner_tiles() == []
    assert layout.end_sum == 3 + 4


# -- random layouts against the reference scorer -----------------------------------------


@st.composite
def random_layouts(draw, spinners=None):
    """A layout built by attaching random tiles at random legal points (any of the 28 tiles)."""
    if spinners is None:
        spinners = draw(st.booleans())
    ref = RefLayout(spinners)
    first = draw(st.sampled_from(ALL_REF_TILES))
    ref.place(first, None)
    n = draw(st.integers(0, 27))
    for _ in range(n):
        choices = [(t, p) for t in ALL_REF_TILES if t not in ref.tiles() for p in ref.fits(t)]
        if not choices:
            break
        tile, at = draw(st.sampled_from(choices))
        ref.place(tile, at)
    return spinners, ref


def check_against_reference(layout: Layout, ref: RefLayout) -> None:
    assert [(str(p), v) for p, v in layout.contributions()] == [(p_str(p), v) for p, v in ref.contributions()]
    assert layout.end_sum == ref.end_sum() == sum(v for _, v in layout.contributions())
    assert [str(p) for p in layout.open_points()] == [p_str(p) for p in ref.open_points()]
    for tile in ALL_TILES:
        if tile not in layout:
            got = sorted(str(p) for p in layout.points_for(tile))
            want = sorted(p_str(p) for p in ref.fits((tile.low, tile.high)))
            assert got == want, tile


@given(random_layouts())
def test_end_sum_and_contributions_match_reference(built):
    spinners, ref = built
    layout = Layout(spinners)
    prefix = RefLayout(spinners)
    for tile, at in ref.placements:
        layout.place(Placement.parse(f"{t_str(tile)}" + (f"@{p_str(at)}" if at else "")))
        prefix.place(tile, at)
        check_against_reference(layout, prefix)
    # the notation of the whole layout round-trips
    assert Layout.from_notation(str(layout), spinners) == layout
    copied = layout.copy()
    assert copied == layout and copied.end_sum == layout.end_sum
    assert [str(p) for p in copied.open_points()] == [str(p) for p in layout.open_points()]


@given(random_layouts(), st.data())
def test_random_placement_is_accepted_exactly_when_reference_says_legal(built, data):
    spinners, ref = built
    layout = Layout.from_notation(" ".join(
        t_str(t) + (f"@{p_str(a)}" if a else "") for t, a in ref.placements), spinners)
    for _ in range(5):
        tile = data.draw(st.sampled_from(ALL_REF_TILES))
        anchor = data.draw(st.sampled_from(ALL_REF_TILES))
        side = data.draw(st.sampled_from(valid_sides(anchor)))
        text = f"{t_str(tile)}@{p_str((anchor, side))}"
        why = ref.why_illegal(tile, (anchor, side))
        before = layout_state(layout)
        if why is None:
            layout.place(Placement.parse(text))
            ref.place(tile, (anchor, side))
            check_against_reference(layout, ref)
        else:
            with pytest.raises(IllegalPlacement):
                layout.place(Placement.parse(text))
            assert layout_state(layout) == before, why


def test_open_points_are_sorted_by_tile_then_point():
    layout = Layout.from_notation("[1|4] [1|1]@[1|4].low [4|4]@[1|4].high [3|4]@[4|4].B [1|2]@[1|1].B",
                                  spinners=True)
    keys = [(p.tile.low, p.tile.high, SIDE_ORDER[p.side.notation]) for p in layout.open_points()]
    assert keys == sorted(keys)
    assert keys == [point_key((( p.tile.low, p.tile.high), p.side.notation)) for p in layout.open_points()]


def test_side_enum_notation_round_trip():
    for side in Side:
        assert Side.parse(side.notation) is side
    with pytest.raises(DominoError):
        Side.parse("left")


@given(st.sampled_from(SEATINGS), st.integers(0, 2**32 - 1), st.randoms(use_true_random=False))
def test_layouts_of_random_rounds_match_reference(spec, seed, rng):
    """Play a seeded round with random legal moves; after every play recount the layout from scratch."""
    rnd = Match(*spec, seed=seed).new_round()
    ref = RefLayout(rnd.rules.spinners)
    for _ in range(MAX_MOVES_PER_ROUND):
        if rnd.over:
            break
        move = random_policy(rnd, rng)
        events = rnd.push(move)
        if isinstance(move, Placement):
            ref.place(t_parse(str(move.tile)), None if move.at is None else p_parse(str(move.at)))
            check_against_reference(rnd.layout, ref)
            assert events[0].sum == ref.end_sum()
    assert rnd.over
