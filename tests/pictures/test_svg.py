"""Tests of the light SVG writer (dominolab.pictures.svg) and the picture descriptions it writes."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from dominolab.pictures import picture, svg
from dominolab.core.engine import Match, SettleEvent, random_policy
from dominolab.core.errors import DominoError, WrongType
from dominolab.core.layout import AttachmentPoint, Layout, Side
from dominolab.core.rules import HORSE_RACE
from dominolab.core.seating import Seating
from dominolab.core.scoring import round_to_five, settle_round
from dominolab.text.steptext import description
from dominolab.text.words import point_text
from dominolab.core.tiles import Tile

NS = "{http://www.w3.org/2000/svg}"
WORKED = ("[1|4] [1|1]@[1|4].low [4|4]@[1|4].high [3|4]@[4|4].B [1|2]@[1|1].B [1|5]@[1|1].armA "
          "[5|5]@[1|5].high [0|5]@[5|5].B [1|3]@[1|1].armB")


def play_round(game, players, partnerships, seed, moves=None):
    rnd = Match(game, players, partnerships, seed=seed).new_round()
    rng = random.Random(seed)
    k = 0
    while rnd.end is None and (moves is None or k < moves):
        rnd.push(random_policy(rnd, rng))
        k += 1
    return rnd


def parse(markup: str) -> ET.Element:
    root = ET.fromstring(markup.encode())
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    kids = list(root)
    assert kids[0].tag == f"{NS}title" and kids[0].text
    assert kids[1].tag == f"{NS}desc" and kids[1].text
    # every <use> points at a definition of the same picture
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    for use in root.iter(f"{NS}use"):
        assert use.get("href")[1:] in ids
    return root


def texts(markup: str) -> list[str]:
    return ["".join(el.itertext()) for el in parse(markup).iter(f"{NS}text")]


def marks(markup: str, cls: str) -> list[ET.Element]:
    return [el for el in parse(markup).iter(f"{NS}circle") if el.get("class", "").split()[0] == cls]


def expected_hollow(layout: Layout):
    scored = set()
    for point, _ in layout.contributions():
        scored.add(point)
        if point.tile.is_double:
            scored |= {AttachmentPoint(point.tile, Side.A), AttachmentPoint(point.tile, Side.B)}
    return [p for p in layout.open_points() if p not in scored]


def check_layout(layout: Layout, rules=None) -> str:
    markup = svg.layout_svg(layout, legend=False, rules=rules)
    root = parse(markup)
    assert len([u for u in root.iter(f"{NS}use") if u.get("href") in ("#dl-h", "#dl-v")]) == len(layout)
    contributions = layout.contributions()
    assert len(marks(markup, "m")) == len(contributions)
    assert len(marks(markup, "o")) == len(expected_hollow(layout))
    numbers = texts(markup)
    assert sorted(numbers) == sorted(str(v) for _, v in contributions)
    # drawn pips: one stroke per pip in the face definitions, used once per half
    faces = {el.get("id"): el.get("d").count("h0") for el in root.iter(f"{NS}path") if el.get("id")}
    drawn = sum(faces[u.get("href")[1:]] for u in root.iter(f"{NS}use") if u.get("href") not in ("#dl-h", "#dl-v"))
    assert drawn == sum(t.pips for t in layout.tiles)
    return markup


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("seating", [("horse-race", 2, False), ("horse-race", 4, True), ("fives-and-threes", 3, False)])
def test_layouts_of_real_rounds(seating, seed):
    rnd = play_round(*seating, seed)
    before = str(rnd.layout)
    markup = check_layout(rnd.layout, rnd.rules)
    assert str(rnd.layout) == before
    # the description is in the reader's words (issue 32: the names of the text beside the drawing,
    # "Längsseite" not the documents' "Linienseite"), and says no credit: nothing need have been laid
    desc = parse(markup).find(f"{NS}desc").text
    bare = parse(check_layout(rnd.layout)).find(f"{NS}desc").text
    assert desc == bare and "Gutschrift" not in desc and "Linienseite" not in desc
    for word in ("Steine:", "Verbindungen:", "Freie Anlegestellen:", "Gewertete Enden:"):
        assert word in desc
    for p in rnd.layout.open_points():
        assert f"{point_text(p)} ({p.pips})" in desc
    if rnd.layout.contributions():
        assert f"Endsumme: {' + '.join(str(v) for _, v in rnd.layout.contributions())} = {rnd.layout.end_sum}." in desc


def test_worked_example_markers_legend_and_languages():
    layout = Layout.from_notation(WORKED, spinners=True)
    markup = check_layout(layout)
    assert len(marks(markup, "o")) == 4  # the arms of [4|4] and [5|5]
    with_legend = svg.layout_svg(layout, title="Seitenarme")
    found = texts(with_legend)
    for line in picture.LEGEND_TEXTS["de"]:
        assert line in found
    assert "Seitenarme" in found and parse(with_legend).find(f"{NS}title").text == "Seitenarme"
    english = svg.layout_svg(layout, lang="en")
    assert "Filled number: end value" in texts(english)
    assert "Free attachment points:" in parse(english).find(f"{NS}desc").text
    assert 'class="lt"' in markup
    assert 'class="lt"' not in svg.layout_svg(layout, highlight_last=False)


def test_highlighted_points_carry_their_names():
    layout = Layout.from_notation("[1|4] [4|4]@[1|4].high", spinners=True)
    markup = svg.layout_svg(layout, highlight=["[1|4].low", AttachmentPoint.parse("[4|4].B")])
    points = sorted(el.get("data-point") for el in parse(markup).iter() if el.get("data-point"))
    assert points == ["[1|4].low", "[4|4].B"]
    for el in parse(markup).iter():
        if el.get("data-point"):
            assert "hl" in el.get("class").split()
    with pytest.raises(DominoError, match=r"\[4\|4\]\.armA"):
        svg.layout_svg(layout, highlight=["[4|4].armA"])  # arms open only after both line sides
    assert svg.layout_svg(layout) == svg.layout_svg(layout.copy())


def test_fixed_positions_keep_the_frame():
    layout = Layout.from_notation(WORKED, spinners=True)
    positions = picture.layout_positions(layout)
    prefix = Layout.from_placements(layout.placements[:4], spinners=True)
    box = re.compile(r'viewBox="([^"]+)"')
    a = svg.layout_svg(prefix, positions=positions, legend=False)
    b = svg.layout_svg(layout, positions=positions, legend=False)
    assert box.search(a).group(1) == box.search(b).group(1)


def test_empty_layout_tile_and_hands():
    assert "(leere Auslage)" in texts(svg.layout_svg(Layout(spinners=True)))
    assert svg.tile_svg(Tile(2, 5)) == svg.tile_svg(Tile(5, 2))
    hand = svg.hand_svg([Tile(0, 0), Tile(1, 2), Tile(3, 6)], label="Sitz 1")
    assert "Sitz 1" in texts(hand) and "[3|6]" in parse(hand).find(f"{NS}desc").text
    assert "(keine Steine)" in texts(svg.hand_svg([]))


def test_round_with_hands_and_track():
    rnd = play_round("horse-race", 2, False, 3, moves=6)
    markup = svg.round_svg(rnd, hands=True, track=True)
    root = parse(markup)
    tiles = [u for u in root.iter(f"{NS}use") if u.get("href") in ("#dl-h", "#dl-v")]
    assert len(tiles) == len(rnd.layout) + sum(len(h) for h in rnd.hands)
    desc = root.find(f"{NS}desc").text
    for seat, hand in enumerate(rnd.hands):
        assert f"Spieler {seat + 1}" in desc and all(str(t) in desc for t in hand)
    assert f"Talon: {rnd.stock_left} Steine" in desc
    assert any(t.startswith("Stand: Spieler 1: ") for t in texts(svg.round_svg(rnd)))
    partner = play_round("fives-and-threes", 4, True, 11)
    assert any("Players 2 and 4" in t for t in texts(svg.round_svg(partner, lang="en")))


def test_score_track():
    markup = svg.score_track_svg([0, 23], title="Stand")
    found = texts(markup)
    assert "Partei 1: 0" in found and "Partei 2: 23" in found and "Stand" in found
    assert "61" in found and "5" in found and "60" in found
    root = parse(markup)
    assert len([c for c in root.iter(f"{NS}circle") if "g" in c.get("class", "").split()]) == 4
    # holes: 60 per lane, drawn as dashes of a path
    pic = picture.score_track_picture([70, 61, 12, 5], labels=["Anna", "Ben", "Cem", "Dora"])
    assert sum(d.role == "hole" for d in pic.dots) == 4 * 60
    pegs = [d for d in pic.dots if d.role == "peg"][::2]  # board pegs (every second is the legend's)
    assert pegs[0].x == pegs[1].x  # 70 stays in the last hole ...
    assert "70" in [t.text for t in pic.texts]  # ... and is printed beside it
    assert {"Anna: 70", "Ben: 61", "Cem: 12", "Dora: 5"} <= {t.text for t in pic.texts}
    with pytest.raises(DominoError):
        svg.score_track_svg([1, 2], labels=["only one"])


def first_settlement(players, partnerships):
    for seed in range(200):
        rnd = play_round("horse-race", players, partnerships, seed)
        events = [e for e in rnd.events if isinstance(e, SettleEvent)]
        if events:
            return rnd, events[-1]
    raise AssertionError("no settlement found")


@pytest.mark.parametrize("players,partnerships", [(2, False), (3, False), (4, True)])
def test_settlement_of_real_rounds(players, partnerships):
    rnd, event = first_settlement(players, partnerships)
    markup = svg.settlement_svg(rnd.settlement, rnd.hands, rnd.seating, scores=event.scores)
    joined = "\n".join(texts(markup))
    seating = rnd.seating
    side_pips = [0] * seating.n_sides
    for seat, pips in enumerate(event.pips):
        side_pips[seating.side_of(seat)] += pips
        assert f"{pips} Augen" in joined
    for side in event.winners:
        opponents = sum(side_pips) - side_pips[side]
        credit = event.credits[side]
        word = "Punkt" if credit == 1 else "Punkte"
        assert f"{opponents} Augen → {round_to_five(opponents)} → {credit} {word}" in joined
    bands = [r for r in parse(markup).iter(f"{NS}rect") if r.get("class") == "w"]
    assert len(bands) == sum(1 for s in range(seating.players) if seating.side_of(s) in event.winners)
    # only the engine's Settlement (the one computation) is drawn; an event is refused
    assert rnd.settlement is not None and rnd.settlement.credits == event.credits
    with pytest.raises(WrongType):
        svg.settlement_svg(event, rnd.hands, seating)


def test_settlement_example_numbers():
    event = settle_round([0, 12, 5], HORSE_RACE.seating(3), domino_seat=0)
    hands = [[], [Tile(6, 6)], [Tile(1, 4)]]
    found = "\n".join(texts(svg.settlement_svg(event, hands, HORSE_RACE.seating(3), scores=(3, 0, 0))))
    assert "17 Augen → 15 → 3 Punkte" in found and "Abrechnung nach Ausspielen" in found
    assert "Punktestand" in found or "Stand" in found
    english = "\n".join(texts(svg.settlement_svg(event, hands, Seating(3), lang="en")))
    assert "17 pips → 15 → 3 points" in english


def test_compact_and_styleable():
    layout = Layout.from_notation(WORKED, spinners=True)
    markup = svg.layout_svg(layout, style=False, legend=False)
    assert "<style>" not in markup and "<style>" in svg.layout_svg(layout)
    assert len(markup.encode()) < 5000, len(markup.encode())  # 9 tiles and a 1.5 KB description
    assert not re.search(r"\d\.\d\d", markup)  # short numbers
    assert "font-face" not in markup and "fill:#" not in markup  # colours come from classes
    with pytest.raises(DominoError):
        svg.layout_svg(layout, lang="fr")


def test_light_writer_needs_no_third_party_package():
    code = ("import sys\n"
            "class Block:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] in ('matplotlib', 'numpy', 'ipywidgets', 'IPython', 'tqdm'):\n"
            "            raise ImportError('blocked ' + name)\n"
            "sys.meta_path.insert(0, Block())\n"
            "from dominolab.pictures import svg\nfrom dominolab.core import engine\n"
            "from dominolab.core.layout import Layout\n"
            "rnd = engine.Match('horse-race', 2, seed=1).new_round()\n"
            "svg.round_svg(rnd, hands=True, track=True)\n"
            "svg.layout_svg(Layout.from_notation('[1|4] [4|4]@[1|4].high', spinners=True))\n"
            "from dominolab.pictures import drawing\n"  # the Matplotlib writer imports Matplotlib lazily
            "drawing.layout_svg(Layout.from_notation('[1|4]', spinners=True))\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_book_stylesheet_carries_the_writer_style():
    """Book frames are written without <style>: the book's CSS must hold every rule."""
    from pathlib import Path

    css = (Path(__file__).resolve().parents[2] / "book" / "_widgetjs" / "dominolab-widgets.css").read_text()
    for rule in svg.STYLE.replace("}", "}\n").splitlines():
        assert rule in css, rule
    assert 'html[data-theme="dark"] .dl .m' in css


# -- export from the command line ---------------------------------------------------------

def test_cli_layout_writes_svg_and_png(tmp_path, capsys):
    from dominolab.cli import main

    out_svg, out_png = tmp_path / "a.svg", tmp_path / "a.png"
    code = main(["layout", "--game", "horse-race", "[1|4]", "[1|1]@[1|4].low", "[4|4]@[1|4].high",
                 "--svg", str(out_svg), "--png", str(out_png)])
    assert code == 0
    root = parse(out_svg.read_text(encoding="utf-8"))
    assert "<style>" in out_svg.read_text(encoding="utf-8")  # a standalone file carries its colours
    assert "[4|4], Längsseite B (4)" in root.find(f"{NS}desc").text
    if pytest.importorskip("matplotlib"):
        assert out_png.read_bytes().startswith(b"\x89PNG")
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]  # no temporary files left


def test_cli_export_errors_are_one_line_and_write_nothing(tmp_path, capsys):
    from dominolab.cli import main

    (tmp_path / "keep.svg").write_text("old", encoding="utf-8")
    code = main(["layout", "--game", "horse-race", "[1|4]", "--svg", str(tmp_path / "keep.svg"),
                 "--png", str(tmp_path / "missing" / "a.png")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("dominolab: error: --")
    assert "does not exist" in err
    assert (tmp_path / "keep.svg").read_text(encoding="utf-8") == "old"  # nothing half written
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.svg"]


def test_cli_replay_writes_one_picture_per_round(tmp_path, capsys):
    from pathlib import Path

    from dominolab.cli import main

    golden = sorted((Path(__file__).parents[1] / "golden").glob("horse-race-2*.record.json"))
    if not golden:
        pytest.skip("no golden records")
    target = tmp_path / "pictures" / "deep"
    assert main(["replay", str(golden[0]), "--svg", str(target)]) == 0
    files = sorted(target.iterdir())
    from dominolab.core.record import load_record, replay

    match = replay(load_record(str(golden[0])))
    assert [f.name for f in files] == [f"round-{k:02d}.svg" for k in range(1, len(match.rounds) + 1)]
    last = parse(files[-1].read_text(encoding="utf-8"))
    assert f"Runde {len(match.rounds)}: Ende" == last.find(f"{NS}title").text
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    capsys.readouterr()
    assert main(["replay", str(golden[0]), "--svg", str(blocker / "sub")]) == 2
    assert capsys.readouterr().err.startswith("dominolab: error: --svg")


def test_cli_png_without_matplotlib_is_one_line_and_writes_nothing(tmp_path):
    code = ("import sys\n"
            "class Block:\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] == 'matplotlib':\n"
            "            raise ImportError('blocked ' + name)\n"
            "sys.meta_path.insert(0, Block())\n"
            "from dominolab.cli import main\n"
            f"sys.exit(main(['layout', '--game', 'horse-race', '[1|4]', '--svg', {str(tmp_path / 'a.svg')!r}, "
            f"'--png', {str(tmp_path / 'a.png')!r}]))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1 and "--png needs Matplotlib" in result.stderr
    assert list(tmp_path.iterdir()) == []  # not even the SVG: nothing is written when one file fails


# -- book building blocks: steppers of light frames ------------------------------------------

def test_steppers_single_frame_has_no_slider_and_steps_are_page_text():
    pytest.importorskip("ipywidgets")
    from dominolab.book.widgets import StepList, Stepper, stepper

    one = stepper(["<svg></svg>"], texts=["nur ein Schritt"], title="Eins")
    assert isinstance(one, StepList) and "nur ein Schritt" in one._repr_html_()  # plain HTML: no widget, no slider
    many = stepper(["<svg>a</svg>", "<svg>b</svg>", "<svg>c</svg>"], texts=["A & B", "zwei", "drei"])
    assert isinstance(many, Stepper)
    stack = next(c for c in many.widget.children if "dominolab-frames" in c._dom_classes)
    frames = stack.children
    assert len(frames) == 3 and len({id(f.layout) for f in frames}) == 1  # one shared layout model
    assert all(f'data-frame="{i}"' in f.value for i, f in enumerate(frames))
    # the texts share one widget under the frames (one height for the whole stepper)
    texts = many.widget.children[-1].value
    assert all(f'data-text="{i}"' in texts for i in range(3)) and "A & B" in texts
    assert "<summary>Alle Schritte als Text</summary>" in many.text_list
    assert all(f"<li>{t}</li>" in many.text_list for t in ("A & B", "zwei", "drei"))


def test_match_stepper_goes_move_by_move():
    pytest.importorskip("ipywidgets")
    from dominolab import book

    match = book.example_match("fives-and-threes", 2, seed=196)
    shown = book.match_stepper(match)
    stack = next(c for c in shown.widget.children if "dominolab-frames" in c._dom_classes)
    frames = [w.value for w in stack.children]
    assert len(frames) == sum(len(r.events) + 1 for r in match.rounds)  # the deal and every event
    svgs = [f.split('<div class="dominolab-text"')[0] for f in frames]
    assert all("<style>" not in f and 'role="img"' in f for f in svgs)  # styled by the book's CSS
    sizes = sorted(len(f.encode()) for f in svgs)
    assert sizes[len(sizes) // 2] < 6000  # median frame
    # every frame shows every hand face up: the tiles on the table and in the hands are all dealt tiles
    first = match.rounds[0]
    dealt = sum(len(h) for h in first.dealt)
    assert svgs[0].count('href="#dl-h"') + svgs[0].count('href="#dl-v"') == dealt


def test_a_standalone_file_names_the_language_of_its_words():
    from dominolab.core.layout import Layout
    from dominolab.core.rules import HORSE_RACE
    from dominolab.pictures.export import layout_files

    layout = Layout.from_notation("[1|4] [1|1]@[1|4].low", True)
    for lang in ("de", "en"):
        (data,) = layout_files(layout, HORSE_RACE, svg_path="x.svg", lang=lang).values()
        assert data.decode().startswith(f'<svg xmlns="http://www.w3.org/2000/svg" lang="{lang}" ')
    assert ' lang="' not in svg.write(svg.layout_picture(layout, rules=HORSE_RACE), xmlns=False)
