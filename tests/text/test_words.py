"""Words in one place: one table per language (dominolab/text/words/), read by every module that prints.

* no module outside the table carries German text for readers (an allow-list says which may, and why);
* the two languages have the same entries with the same template fields;
* numbers are counted with the right form ("1 Stein", "2 Steine", "1 Auge");
* passing or knocking is one function of the game description;
* the engine's rule errors carry a reason code, and every code has a German sentence made from it.
"""

from __future__ import annotations

import ast
import dataclasses
import pickle
import random
import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

from dominolab.core.engine import DRAW, PASS, Match, PassEvent, SettleEvent
from dominolab.core.errors import DominoError, IllegalMove, IllegalPlacement
from dominolab.core.layout import AttachmentPoint, Layout, Placement, Side
from dominolab.core.rules import FIVES_AND_THREES, HORSE_RACE
from dominolab.core.tiles import ALL_TILES, Tile
from dominolab.text import narrate
from dominolab.text.words import WORDS, Words, count, error_sentence, pass_words, points, words

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "dominolab"
#: The word tables: the schema, one module per language and the functions that make words (one package).
TABLE = PACKAGE / "text" / "words"

#: Modules that may keep German literals of their own, and why.
ALLOWED = {
    # The headings of the rule documents (GameRules.sections), quoted verbatim as data of each game's
    # description: a house-rules description brings its own, and doccheck matches them to the documents.
    "dominolab/core/rules.py",
    # The German meaning of every key of the example-file format stands beside the key's name, type and
    # whether it is required (one definition per key); the book prints that definition as its reference table.
    "dominolab/verify/examples/schema.py",
    # Patterns of the rule documents' own German sentences, matched to read their claims (read, never shown).
    "dominolab/verify/doclaims.py",
    # The glossary's terms and the retired German synonyms as patterns (issue 32): read by the glossary
    # test to find words a reader must not meet, never shown; the words readers see stay in the table.
    "dominolab/text/glossary.py",
}

#: German a reader would see: umlauts and ß, the stems of the game's nouns (also inside compounds such
#: as "Linienseite" or "Anzeigepunkt"), and short words of German sentences.
_GERMAN = re.compile(
    r"[äöüÄÖÜß]|[Ss]tein|[Ss]eite|[Pp]unkt|Runde|\b[Ss]piel|Anleg|anleg|Auslage|Sitz|Auge|Abrechnung|Gutschrift|"
    r"Partnerschaft|Talon|[Ss]chritt|\b(?:Zug|Partie|passt|klopft|zieht|legt|keine|und|nach|Ende|Ziel|Sperre|"
    r"gewinnt|der|die|das|ist|nicht|eine?|mit|noch|oder|wird|als|alle|Alle|auf|dem|den|sich|nur|auch|zum|zur)\b")


def german_literals(source: str) -> list[tuple[int, str]]:
    """String constants (f-string parts included, docstrings left out) that contain German words."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    return [(node.lineno, node.value) for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
            and _GERMAN.search(node.value)]


def test_the_scan_finds_german_literals():
    """The check can fail: German in a literal, an f-string part or a dict is found; docstrings are not."""
    source = ('"""Ein Modul über Steine."""\n'
              'def f(n):\n    """Zählt die Steine."""\n    return f"{n} Steine"\n'
              'LABELS = {"x": "Linienseite A"}\nOK = "open points"\n')
    found = german_literals(source)
    assert sorted(line for line, _ in found) == [4, 5]


def test_no_german_literals_outside_the_table():
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        name = path.relative_to(ROOT).as_posix()
        if path.parent == TABLE or name in ALLOWED:
            continue
        offenders += [f"{name}:{line}: {text[:60]!r}" for line, text in german_literals(path.read_text("utf-8"))]
    assert not offenders, "German text belongs in dominolab/text/words/de.py:\n" + "\n".join(offenders)


def test_allow_list_is_still_needed():
    """Every allowed module really has German literals (a stale entry would hide a future one)."""
    for name in ALLOWED:
        assert german_literals((ROOT / name).read_text("utf-8")), name


# -- the table ------------------------------------------------------------------------

def _template_fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _entries(value: object, path: str):
    """(path, leaf) for every text of a table, walking groups, mappings and tuples."""
    if dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from _entries(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, dict) or hasattr(value, "items"):
        for key, item in value.items():  # type: ignore[union-attr]
            yield from _entries(item, f"{path}[{key!r}]")
    elif isinstance(value, tuple):
        for k, item in enumerate(value):
            yield from _entries(item, f"{path}[{k}]")
    else:
        yield path, value


def test_languages_have_the_same_entries_and_fields():
    de = dict(_entries(WORDS["de"], "w"))
    en = dict(_entries(WORDS["en"], "w"))
    del de["w.lang"], en["w.lang"]
    # both languages have a reader's sentence for every reason code (issue 31: the English edition's
    # lessons explain refusals in the glossary's words, not in the engine's developer English)
    assert set(de) == set(en)
    for key in de:
        assert isinstance(de[key], str) and isinstance(en[key], str) and de[key].strip() and en[key].strip(), key
        assert _template_fields(de[key]) == _template_fields(en[key]), key


def test_table_covers_every_side_bot_and_end():
    from dominolab.play.levels import BOTS
    from dominolab.play.levels import LEVELS, UNRATED

    for w in WORDS.values():
        assert isinstance(w, Words)
        assert set(w.sides) == set(Side)
        # every level and named bot has a name in every language, and every bot is one of them
        assert set(w.bots) == {lv.name for lv in LEVELS + UNRATED} >= set(BOTS)
        # and a few words on how it plays (the play page lists them), each level its own
        assert set(w.level_about) == {lv.number for lv in LEVELS}
        assert len(set(w.level_about.values())) == len(LEVELS)
        assert set(w.narration.round_end) == {"domino", "blocked", "target"} == set(w.terminal.end_reason)
        assert set(w.book.field_labels) <= {f.name for f in dataclasses.fields(HORSE_RACE)}


def test_unknown_language_is_one_line_error():
    with pytest.raises(DominoError, match="unknown language 'fr'; choose one of: de, en"):
        words("fr")


# -- grammar ----------------------------------------------------------------------------

@pytest.mark.parametrize("n,de_tile,de_pip,en_tile", [
    (0, "0 Steine", "0 Augen", "0 tiles"), (1, "1 Stein", "1 Auge", "1 tile"), (2, "2 Steine", "2 Augen", "2 tiles"),
])
def test_counts_use_singular_for_one_only(n, de_tile, de_pip, en_tile):
    assert count(n, WORDS["de"].tile) == de_tile
    assert count(n, WORDS["de"].pip) == de_pip
    assert count(n, WORDS["en"].tile) == en_tile


def test_point_words_come_from_the_game_description():
    assert points(1, HORSE_RACE) == "1 Anzeigepunkt" and points(2, FIVES_AND_THREES) == "2 Spielpunkte"
    house = dataclasses.replace(HORSE_RACE, name="house", point_words={"de": ("Kerbe", "Kerben"),
                                                                       "en": ("notch", "notches")})
    assert points(1, house) == "1 Kerbe" and points(3, house, "en") == "3 notches"


def test_settlement_picture_counts_one_pip_as_one_auge():
    from dominolab.pictures import picture

    from dominolab.core.scoring import settle_round

    settlement = settle_round([0, 1, 5], HORSE_RACE.seating(3), domino_seat=0)
    pic = picture.settlement_picture(settlement, [[], [Tile(0, 1)], [Tile(1, 4)]], HORSE_RACE.seating(3))
    assert "[0|1], 1 Auge." in pic.desc and "1 Augen" not in pic.desc
    assert "Gegner 6 Augen" in pic.desc


def test_terminal_counts_one_tile_as_one_stein():
    """A real position where the other seat holds one tile: "Sitz 1: 1 Stein", never "1 Steine"."""
    from dominolab.play.terminal import Session

    for seed in range(200):
        lines: list[str] = []
        session = Session("horse-race", 2, seed=seed, write=lines.append)
        rnd = session.match.current
        assert rnd is not None
        while not rnd.over and not (rnd.to_move == 0 and len(rnd.hands[1]) == 1):
            rnd.push(rnd.legal_moves()[0])
        if not rnd.over:
            session.show_turn(rnd)
            sizes = next(line for line in lines[-1].splitlines() if line.startswith("Sitz 1: "))
            assert sizes.startswith("Sitz 1: 1 Stein;") and not re.search(r"\b1 Steine", sizes)
            return
    pytest.fail("no position with a one-tile hand found")


# -- pass or knock -----------------------------------------------------------------------

def test_pass_or_knock_is_one_function_of_the_game():
    assert (pass_words(HORSE_RACE).verb, pass_words(HORSE_RACE).noun) == ("passt", "Passen")
    assert (pass_words(FIVES_AND_THREES).verb, pass_words(FIVES_AND_THREES, "en").verb) == ("klopft", "knocks")
    # a house rule without a stock knocks everywhere the words are printed
    knock = dataclasses.replace(HORSE_RACE, name="horse-race-no-stock", drawing=False)
    rnd = Match(knock, 2, seed=3).new_round()
    assert narrate.event_text(PassEvent(1), rnd) == "Spieler 2 klopft."
    assert narrate.event_text(PassEvent(1), rnd, "en") == "Player 2 knocks."

    from dominolab.play.terminal import Session

    lines: list[str] = []
    session = Session(knock, 2, seed=3, write=lines.append)
    rnd = session.match.current
    assert rnd is not None
    session.report(rnd, [PassEvent(1)])
    assert lines == [f"{session.who(1)} klopft."]


def test_pass_words_read_nowhere_else():
    """No module outside the table picks a word by ``rules.drawing`` (the pass/knock choice was in three)."""
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.parent == TABLE or PACKAGE / "verify" / "mutants" in path.parents:
            continue    # the mutants break the turn rules of knocking games on purpose; they pick no words
        for line in path.read_text("utf-8").splitlines():
            if ".drawing" in line and re.search(r"(?i)pass|knock|klopf", line):
                pytest.fail(f"{path.relative_to(ROOT)}: {line.strip()}")


# -- errors with reason codes ---------------------------------------------------------------

def _codes_in_core() -> set[str]:
    found = set()
    for path in (PACKAGE / "core").glob("*.py"):
        text = path.read_text("utf-8")
        found |= set(re.findall(r'Reason\(\s*"([a-z-]+)"', text)) | set(re.findall(r'code="([a-z-]+)"', text))
    return found


def test_every_reason_code_has_a_german_sentence():
    codes = _codes_in_core()
    assert len(codes) >= 20
    assert codes == set(WORDS["de"].errors)


def notation_sentence(exc: BaseException) -> str | None:
    """The German sentence of an engine error, headed by the move in notation; None without one."""
    return error_sentence(exc, move="notation", otherwise="none")


def shown(exc: BaseException, lang: str = "de") -> str:
    """What a notebook cell that fails on purpose shows: the sentence, else the error's own message."""
    return error_sentence(exc, lang, move="notation", otherwise="message")


def _error(call) -> DominoError:
    with pytest.raises(DominoError) as info:
        call()
    return info.value


def test_german_sentences_of_placement_errors():
    four = Layout.from_notation("[4|4]", True)
    cases = {
        "[1|3]@[4|4].A": ("wrong-pips", "[1|3]@[4|4].A: Die Augen passen nicht: [4|4] (Längsseite A) zeigt 4 Augen, "
                                        "[1|3] hat keine Hälfte mit 4 Augen."),
        "[1|4]@[4|4].armA": ("arm-before-line-sides", "[1|4]@[4|4].armA: Ein Seitenarm von [4|4] öffnet sich erst, "
                                                      "wenn beide Längsseiten belegt sind."),
        "[4|4]@[4|4].A": ("tile-on-table", "[4|4]@[4|4].A: [4|4] liegt schon in der Auslage."),
        "[1|4]@[3|3].A": ("unknown-anchor", "[1|4]@[3|3].A: [3|3] liegt nicht in der Auslage."),
        "[1|4]": ("point-needed", "[1|4]: Die Auslage hat schon Steine: Gib an, wo [1|4] angelegt wird "
                                  "(STEIN@STEIN.STELLE)."),
    }
    for placement, (code, german) in cases.items():
        exc = _error(lambda: four.copy().place(placement))
        assert isinstance(exc, IllegalPlacement) and exc.code == code
        assert notation_sentence(exc) == german
        # English readers get the same sentence in the English glossary's words (issue 31), not the engine's
        # developer message
        english = shown(exc, "en")
        assert shown(exc) == german and english.startswith(f"{placement}: ") and english != str(exc)
        assert not re.search(r"[äöüß]|\b(?:Stein|Auslage|Längsseite|nicht)\b", english), english
    exc = _error(lambda: Layout.from_notation("[4|4]", spinners=False).place("[4|5]@[4|4].armA"))
    assert exc.code == "no-side-arms" and "keine Spinner" in notation_sentence(exc)
    exc = _error(lambda: Layout.from_notation("[4|4] [1|4]@[4|4].A", True).place("[4|6]@[4|4].A"))
    assert notation_sentence(exc) == "[4|6]@[4|4].A: [4|4] (Längsseite A) ist schon belegt."


def test_german_sentences_of_move_errors():
    rnd = Match("fives-and-threes", 2, seed=1).new_round()
    exc = _error(lambda: rnd.apply(DRAW))
    assert isinstance(exc, IllegalMove) and exc.code == "no-drawing"
    assert notation_sentence(exc) == ("draw: In Fives and Threes wird nicht gezogen: "
                                  "Die übrigen Steine bleiben aus dem Spiel.")
    exc = _error(lambda: rnd.apply(PASS))
    assert notation_sentence(exc) == f"pass: Spieler {rnd.to_move + 1} kann anlegen und muss das auch tun."
    # readers see the game's own act word (issue 32: no *aussetzen*; *klopfen* only in Fives and Threes)
    assert error_sentence(exc, rules=rnd.rules) == f"Klopfen: Spieler {rnd.to_move + 1} kann anlegen und muss das auch tun."
    assert error_sentence(exc, rules=HORSE_RACE).startswith("Passen: ")
    absent = next(t for t in ALL_TILES if t not in rnd.hands[rnd.to_move])
    exc = _error(lambda: rnd.apply(Placement(absent, None)))
    assert notation_sentence(exc) == f"{absent}: Spieler {rnd.to_move + 1} ist am Zug und hat {absent} nicht in der Hand."
    match = Match("horse-race", 2, seed=1)
    exc = _error(match.end_round)
    assert exc.code == "no-round-yet" and notation_sentence(exc) == "Es wurde noch keine Runde gespielt."
    match.new_round()
    exc = _error(match.new_round)
    assert notation_sentence(exc) == "Runde 1 wird noch gespielt."


def test_errors_without_code_have_no_german_sentence():
    exc = _error(lambda: Tile.parse("[9|9]"))
    assert exc.code is None and notation_sentence(exc) is None and shown(exc) == str(exc)
    assert notation_sentence(ValueError("x")) is None


def test_codes_survive_pickling():
    exc = _error(lambda: Layout.from_notation("[4|4]", True).place("[1|3]@[4|4].A"))
    back = pickle.loads(pickle.dumps(exc))
    assert type(back) is IllegalPlacement and str(back) == str(exc)
    assert back.code == exc.code and back.details == exc.details and notation_sentence(back) == notation_sentence(exc)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from([HORSE_RACE, FIVES_AND_THREES]),
       plays=st.integers(0, 12), pick=st.integers(0, 10_000))
def test_every_illegal_placement_has_a_german_sentence(seed, game, plays, pick):
    """Random layouts and random placements: the error's code is the layout's reason and the German
    sentence is complete (every field filled, the placement named first)."""
    rnd = Match(game, 2, seed=seed).new_round()
    rng = random.Random(pick)
    for _ in range(plays):
        if rnd.over:
            break
        rnd.push(rng.choice(rnd.legal_moves()))
    layout = rnd.layout
    tile = rng.choice(ALL_TILES)
    anchors = list(layout.tiles) + [rng.choice(ALL_TILES)]
    anchor = rng.choice(anchors)
    sides = [Side.A, Side.B, Side.ARM_A, Side.ARM_B] if anchor.is_double else [Side.HIGH, Side.LOW]
    at = None if rng.random() < 0.1 else AttachmentPoint(anchor, rng.choice(sides))
    placement = Placement(tile, at)
    reason = layout.reason(placement)
    if reason is None:
        layout.copy().place(placement)
        return
    exc = _error(lambda: layout.copy().place(placement))
    assert exc.code == reason.code
    german = notation_sentence(exc)
    assert german is not None and german.startswith(f"{placement}: ") and "{" not in german
    assert not re.search(r"\b(?:the|is|not|and)\b", german), german


def test_seats_are_named_from_the_readers_chair():
    from dominolab.text.words import seat_name
    assert [seat_name(s, 0, 4) for s in range(4)] == ["du", "links", "gegenüber", "rechts"]
    assert [seat_name(s, 2, 4) for s in range(4)] == ["gegenüber", "rechts", "du", "links"]
    assert [seat_name(s, 1, 3) for s in range(3)] == ["rechts", "du", "links"]
    assert [seat_name(s, 1, 2) for s in range(2)] == ["gegenüber", "du"]
    assert seat_name(1, 0, 4, lang="en") == "left"
    for players in (2, 3, 4):
        for me in range(players):
            assert len({seat_name(s, me, players) for s in range(players)}) == players
    with pytest.raises(DominoError):
        seat_name(4, 0, 4)


# -- seats as people ----------------------------------------------------------------------------

def test_seat_names_around_the_table():
    from dominolab.text.words import seat_name
    assert [seat_name(s, 0, 2) for s in range(2)] == ["du", "gegenüber"]
    assert [seat_name(s, 0, 3) for s in range(3)] == ["du", "links", "rechts"]
    assert [seat_name(s, 0, 4) for s in range(4)] == ["du", "links", "gegenüber", "rechts"]
    assert [seat_name(s, 2, 4) for s in range(4)] == ["gegenüber", "rechts", "du", "links"]
    assert [seat_name(s, 1, 3, "en") for s in range(3)] == ["right", "you", "left"]
    for bad in [(0, 0, 5), (3, 0, 3), (0, -1, 2), (True, 0, 2), (0, 0, "4"), (0, 0, 1)]:
        with pytest.raises(DominoError):
            seat_name(*bad)


def test_players_seen_from_outside_are_numbered_from_1():
    from dominolab.core.seating import Seating
    from dominolab.text.words import player_name, team_name
    assert [player_name(s, 4) for s in range(4)] == ["Spieler 1", "Spieler 2", "Spieler 3", "Spieler 4"]
    assert player_name(1, 2, "en") == "Player 2"
    assert [team_name(s, Seating(4, True)) for s in range(2)] == ["Spieler 1 und 3", "Spieler 2 und 4"]
    assert [team_name(s, Seating(4, True), me=0) for s in range(2)] == ["du und gegenüber", "links und rechts"]
    assert team_name(2, Seating(3, False), me=0) == "rechts"
    with pytest.raises(DominoError):
        player_name(2, 2)


@pytest.mark.parametrize("players", [3, 4])
def test_the_next_seat_in_play_sits_on_the_left(players):
    """The mapping follows the engine's turn order (interpretation f-sitze: clockwise, so the turn
    passes to the left): whenever the turn passes on from "du", the next to move is "links"."""
    from dominolab.text.words import seat_name
    seen = 0
    for seed in range(6):
        rnd = Match(HORSE_RACE, players, seed=seed).new_round()
        while not rnd.over:
            me = rnd.to_move
            rnd.push(rnd.legal_moves()[0])
            if not rnd.over and rnd.to_move != me and rnd.hands[me] and all(rnd.hands):
                assert seat_name(rnd.to_move, me, players) == "links"
                seen += 1
    assert seen > 10


def test_narration_seen_from_a_player_speaks_to_him():
    rnd = Match(HORSE_RACE, 2, seed=3).new_round()
    texts, outside = [], []
    while not rnd.over:
        for event in rnd.push(rnd.legal_moves()[0]):
            texts.append(narrate.event_text(event, rnd, me=0))
            outside.append(narrate.event_text(event, rnd))
    joined = " ".join(texts)
    assert re.search(r"\bDu (legst|eröffnest mit|ziehst) ", joined) and "Gegenüber " in joined
    assert not re.search(r"\bDu (legt|zieht|eröffnet)\b|Sitz \d|Spieler \d", joined)
    assert "Spieler 1 " in " ".join(outside) and not re.search(r"\b(du|Du|Sitz \d)\b", " ".join(outside))
    knock = dataclasses.replace(HORSE_RACE, name="horse-race-no-stock", drawing=False)
    assert narrate.event_text(PassEvent(1), Match(knock, 2, seed=3).new_round(), me=1) == "Du klopfst."
