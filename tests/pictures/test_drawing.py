"""Tests of the layout geometry (dominolab.pictures.picture) and of the Matplotlib writer (dominolab.pictures.drawing).

The light SVG writer has its own tests in test_svg.py; the comparison of both
writers on the same description lives here (it needs Matplotlib)."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest

from hypothesis import HealthCheck, given, settings, strategies as st

from dominolab.pictures import picture, placing, svg
from dominolab.core.engine import Match, random_policy
from dominolab.core.layout import AttachmentPoint, Layout, Side
from dominolab.core.tiles import ALL_TILES, Tile

EPS = 1e-6
HALF = picture.GAP / 2

WORKED = ("[1|4] [1|1]@[1|4].low [4|4]@[1|4].high [3|4]@[4|4].B [1|2]@[1|1].B [1|5]@[1|1].armA "
          "[5|5]@[1|5].high [0|5]@[5|5].B [1|3]@[1|1].armB")

SEATINGS = [
    ("horse-race", 2, False), ("horse-race", 3, False), ("horse-race", 4, False), ("horse-race", 4, True),
    ("fives-and-threes", 2, False), ("fives-and-threes", 3, False), ("fives-and-threes", 4, True),
]


# -- helpers ----------------------------------------------------------------------

def play_round(game, players, partnerships, seed):
    match = Match(game, players, partnerships, seed=seed)
    rnd = match.new_round()
    rng = random.Random(seed)
    while rnd.end is None:
        rnd.push(random_policy(rnd, rng))
    return rnd


def grid_rect(box):
    """The box without its gap: the cell the tile owns on the table."""
    return (box.x0 - HALF, box.y0 - HALF, box.x1 + HALF, box.y1 + HALF)


def long_axis(box, tile):
    d = (box.dx, box.dy)
    return (-d[1], d[0]) if tile.is_double else d


def halves(box, tile):
    """The two half squares of a tile (grid rectangles): (towards -long axis, towards +long axis)."""
    x0, y0, x1, y1 = grid_rect(box)
    ux, uy = long_axis(box, tile)
    if ux:
        mid = (x0 + x1) / 2
        lo, hi = (x0, y0, mid, y1), (mid, y0, x1, y1)
    else:
        mid = (y0 + y1) / 2
        lo, hi = (x0, y0, x1, mid), (x0, mid, x1, y1)
    return (lo, hi) if ux + uy > 0 else (hi, lo)


def edge_midpoints(rect):
    x0, y0, x1, y1 = rect
    return [((x0 + x1) / 2, y0, (0, -1)), ((x0 + x1) / 2, y1, (0, 1)),
            (x0, (y0 + y1) / 2, (-1, 0)), (x1, (y0 + y1) / 2, (1, 0))]


def expected_point(box, point: AttachmentPoint):
    """Where an attachment point must lie, worked out from the box alone:
    (x, y, outward normal) on the tile's own edge."""
    tile, side = point.tile, point.side
    cx = (box.x0 + box.x1) / 2
    cy = (box.y0 + box.y1) / 2
    d = (box.dx, box.dy)
    x0, y0, x1, y1 = grid_rect(box)
    if tile.is_double:
        if side in (Side.A, Side.B):
            n = d if side is Side.B else (-d[0], -d[1])
        else:
            up_or_left = (0, 1) if d[1] == 0 else (-1, 0)
            n = up_or_left if side is Side.ARM_A else (-up_or_left[0], -up_or_left[1])
        return (cx + n[0] * (x1 - x0) / 2, cy + n[1] * (y1 - y0) / 2, n)
    # a non-double: the point of a free end is the middle of that end's short edge
    back_half, front_half = halves(box, tile)
    pips = point.pips
    assert {box.back, box.front} == {tile.low, tile.high}
    n = (-d[0], -d[1]) if box.back == pips else d
    return (cx + n[0] * (x1 - x0) / 2, cy + n[1] * (y1 - y0) / 2, n)


def check_geometry(layout: Layout):
    positions = picture.layout_positions(layout)
    tiles = layout.tiles
    assert set(positions) == set(tiles)
    boxes = [positions[t] for t in tiles]
    # shapes: a tile is 2 x 1 (minus the gap); non-doubles along the line, doubles across it
    for tile, box in zip(tiles, boxes):
        ux, uy = long_axis(box, tile)
        length, width = (box.width, box.height) if ux else (box.height, box.width)
        assert abs(length - (2 - picture.GAP)) < EPS and abs(width - (1 - picture.GAP)) < EPS, (tile, box)
        if tile.is_double:
            assert box.back == box.front == tile.low
    # no overlaps, and every pair keeps at least the gap
    for i in range(len(boxes)):
        a = boxes[i]
        for j in range(i):
            b = boxes[j]
            sep = max(b.x0 - a.x1, a.x0 - b.x1, b.y0 - a.y1, a.y0 - b.y1)
            assert sep >= picture.GAP - EPS, (tiles[i], tiles[j], a, b)
    # every connection: the joined tile's joining half sits right across the gap from
    # the anchor point, meeting it with the middle of one of its edges
    for anchor, joined in layout.connections:
        abox, jbox = positions[anchor.tile], positions[joined.tile]
        px, py, n = expected_point(abox, anchor)
        assert abox.point(anchor.side) == pytest.approx((px, py)) and abox.normal(anchor.side) == n
        if joined.tile.is_double:
            assert joined.side is Side.A
            target = grid_rect(jbox)
        else:
            back_half, _ = halves(jbox, joined.tile)
            assert jbox.back == joined.pips  # the joining half is the back half
            target = back_half
        hits = [(mx, my) for mx, my, m in edge_midpoints(target)
                if abs(mx - px) < EPS and abs(my - py) < EPS and m == (-n[0], -n[1])]
        assert hits, (str(anchor), str(joined), abox, jbox)
        if joined.tile.is_double:  # a double meets its line side A with a long side
            assert (jbox.dx, jbox.dy) == n
        # the joined tile lies on the outward side of the anchor point
        jx, jy = jbox.center
        assert (jx - px) * n[0] + (jy - py) * n[1] > 0
    return positions




# -- layout geometry ----------------------------------------------------------------

@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), seating=st.sampled_from(SEATINGS))
def test_random_rounds_lay_out_without_overlaps(seed, seating):
    rnd = play_round(*seating, seed)
    layout = rnd.layout
    before = (str(layout), list(layout.open_points()), layout.contributions(), layout.end_sum)
    # every intermediate layout (prefixes of the placements), then the final one
    for k in range(1, len(layout) + 1):
        check_geometry(Layout.from_placements(layout.placements[:k], layout.spinners))
    picture.layout_picture(layout)
    after = (str(layout), list(layout.open_points()), layout.contributions(), layout.end_sum)
    assert before == after  # describing a picture never changes the model


def random_full_layout(seed: int, spinners: bool, size: int) -> Layout:
    """A legal layout of ``size`` tiles grown by random legal placements."""
    rng = random.Random(seed)
    while True:
        layout = Layout(spinners)
        rest = list(ALL_TILES)
        rng.shuffle(rest)
        layout.place_unchecked(rest.pop(), None)
        while rest and len(layout) < size:
            moves = [(t, p) for t in rest for p in layout.points_for(t)]
            if not moves:
                break
            tile, point = rng.choice(moves)
            layout.place_unchecked(tile, point)
            rest.remove(tile)
        if len(layout) == size:
            return layout


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_dense_horse_race_layouts_of_all_28_tiles(seed):
    layout = random_full_layout(seed, spinners=True, size=28)
    assert len(layout.spinner_tiles()) == 7
    check_geometry(layout)
    assert placing.last_level < len(placing._LEVELS)  # never the overlapping fallback


@pytest.mark.parametrize("seed", [1396, 1873, 584, 171])
def test_hard_dense_layouts(seed):
    # found by stress runs: the strict rules fail for these, the relaxed ones must not
    check_geometry(random_full_layout(seed, spinners=True, size=28))
    assert placing.last_level < len(placing._LEVELS)


def test_worked_example_geometry():
    layout = Layout.from_notation(WORKED, spinners=True)
    positions = check_geometry(layout)
    t = Tile.parse
    # opening tile horizontal at the origin, doubles crosswise, arms of [1|1] up and down
    assert positions[t("[1|4]")].center == pytest.approx((0, 0))
    assert positions[t("[1|4]")].width > positions[t("[1|4]")].height
    for double in ("[1|1]", "[4|4]"):
        assert positions[t(double)].height > positions[t(double)].width
    assert positions[t("[1|5]")].center[1] > 0 > positions[t("[1|3]")].center[1]


def test_picture_tiles_follow_the_boxes():
    """The description puts every tile where the solver put it, with the pips of each half."""
    layout = Layout.from_notation(WORKED, spinners=True)
    positions = picture.layout_positions(layout)
    pic = picture.layout_picture(layout)
    assert [t.name for t in pic.tiles] == [str(p.tile) for p in layout.placements]
    for shape, placement in zip(pic.tiles, layout.placements):
        box = positions[placement.tile]
        assert (shape.x, shape.y) == pytest.approx(box.center)
        w, h = shape.size
        assert (w, h) == pytest.approx((box.width, box.height))
        assert sorted((shape.first, shape.second)) == sorted((placement.tile.low, placement.tile.high))
        assert len(shape.pips()) == placement.tile.pips
        # every pip lies inside its tile
        for px, py in shape.pips():
            assert box.x0 < px < box.x1 and box.y0 < py < box.y1
    assert [t.spinner for t in pic.tiles] == [p.tile.is_double for p in layout.placements]
    assert [t.last for t in pic.tiles] == [k == len(layout) - 1 for k in range(len(layout))]


def test_empty_layout_and_determinism():
    empty = Layout(spinners=True)
    assert picture.layout_positions(empty) == {}
    layout = Layout.from_notation(WORKED, spinners=True)
    assert picture.layout_positions(layout) == picture.layout_positions(layout.copy())
    assert picture.layout_picture(layout) == picture.layout_picture(layout.copy())


# -- the Matplotlib writer draws the same picture as the light writer -------------------------

def svg_texts(markup: str) -> list[str]:
    root = ET.fromstring(markup.encode())
    return ["".join(el.itertext()) for el in root.iter() if el.tag.endswith("}text") or el.tag == "text"]


def light_counts(markup: str) -> dict[str, int]:
    return {"tiles": len(re.findall(r'<use href="#dl-[hv]"', markup)),
            "scored": len(re.findall(r'<circle [^>]*class="m', markup)),
            "open": len(re.findall(r'<circle [^>]*class="o', markup)),
            "last": markup.count('class="lt"'),
            "bands": len(re.findall(r'<rect [^>]*class="[bw]"', markup)),
            "pegs": len(re.findall(r'class="g g\d"', markup)),
            "ends": markup.count('class="ke"')}


def mpl_counts(markup: str) -> dict[str, int]:
    return {"tiles": len(re.findall(r'id="tile-\d+"', markup)),
            "scored": len(re.findall(r'id="scored-\d+"', markup)),
            "open": len(re.findall(r'id="open-\d+"', markup)),
            "last": markup.count('id="last-tile"'),
            "bands": len(re.findall(r'id="band-\d+"', markup)),
            "pegs": len(re.findall(r'id="peg-\d+"', markup)),
            "ends": len(re.findall(r'id="end-\d+"', markup))}


def writers_agree(pic: picture.Picture) -> None:
    pytest.importorskip("matplotlib")
    from dominolab.pictures import drawing

    light = svg.write(pic)
    heavy = drawing.figure_svg(drawing.figure(pic))
    assert light_counts(light) == mpl_counts(heavy)
    marker_numbers = [str(m.value) for m in pic.marks if m.value is not None]
    assert sorted(svg_texts(light)) == sorted([t.text for t in pic.texts] + marker_numbers)
    heavy_texts = [t for t in svg_texts(heavy) if t]
    assert sorted(heavy_texts) == sorted([t.text for t in pic.texts] + marker_numbers)


def test_both_writers_draw_the_same_layout():
    layout = Layout.from_notation(WORKED, spinners=True)
    pic = picture.layout_picture(layout, title="Beispiel", highlight=["[4|4].armA"])
    counts = light_counts(svg.write(pic))
    assert counts["tiles"] == len(layout) and counts["last"] == 1
    writers_agree(pic)


@pytest.mark.parametrize("seating", SEATINGS[:5])
def test_both_writers_draw_the_same_round(seating):
    rnd = play_round(*seating, 5)
    writers_agree(picture.round_picture(rnd, hands=True, track=True, title="Runde"))


def test_both_writers_draw_the_same_track_and_settlement():
    writers_agree(picture.score_track_picture([0, 23, 61, 70], labels=["A", "B", "C", "D"], title="Stand"))
    from dominolab.core.rules import HORSE_RACE
    from dominolab.core.scoring import settle_round

    settlement = settle_round([0, 12, 5], HORSE_RACE.seating(3), domino_seat=0)
    hands = [[], [Tile(6, 6)], [Tile(1, 4)]]
    writers_agree(picture.settlement_picture(settlement, hands, HORSE_RACE.seating(3), scores=(3, 0, 0)))


def test_png_export_and_lazy_matplotlib(tmp_path):
    pytest.importorskip("matplotlib")
    from dominolab.pictures import drawing

    pic = picture.layout_picture(Layout.from_notation(WORKED, spinners=True))
    data = drawing.figure_png(drawing.figure(pic))
    assert data.startswith(b"\x89PNG")
    drawing.save(pic, tmp_path / "a.pdf")
    assert (tmp_path / "a.pdf").read_bytes().startswith(b"%PDF")


def test_score_chart_follows_the_match():
    pytest.importorskip("matplotlib")
    from dominolab.pictures import drawing
    from dominolab.book import example_match

    match = example_match("fives-and-threes", 2, seed=196)
    fig = drawing.score_chart_figure(match)
    lines = [ln for ln in fig.axes[0].get_lines() if ln.get_label() in ("Spieler 1", "Spieler 2")]
    assert len(lines) == 2
    scoring = sum(1 for r in match.rounds for e in r.events if hasattr(e, "scores"))
    for side, line in enumerate(lines):
        ys = list(line.get_ydata())
        assert len(ys) == scoring + 2 and ys[0] == 0 and ys[-1] == match.scores[side]
        assert ys == sorted(ys)  # scores never go down
    assert drawing.figure_png(fig).startswith(b"\x89PNG")


def test_book_charts_are_small_palette_pngs_on_white() -> None:
    """The book's charts travel as palette PNGs (the site has a size budget), still readable: white ground, dark ink."""
    import io
    import json
    from importlib import resources

    from PIL import Image

    from dominolab.pictures import charts

    data = json.loads(resources.files("dominolab").joinpath("data/ladder.json").read_text(encoding="utf-8"))
    png = charts.ladder_png(data)
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG" and image.mode == "P"
    rgb = image.convert("RGB")
    colours = rgb.getcolors(maxcolors=256)
    assert colours is not None and len(colours) <= 64
    assert max(colours)[1] == (255, 255, 255)          # the ground is white, not a transparent black
    assert min(sum(c) for _, c in colours) < 200        # and there is dark ink on it
    assert len(png) < 25_000, len(png)
