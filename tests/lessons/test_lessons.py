"""Lessons: exercises as data, answers from the engine (dominolab.lessons, dominolab exercises, the book's page data)."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from dominolab.cli import main
from dominolab.core.engine import DRAW, PASS
from dominolab.core.errors import DominoError
from dominolab.core.layout import Placement
from dominolab.core.moves import format_move, parse_move
from dominolab.core.rules import get_game
from dominolab.core.scoring import settle_round
from dominolab.core.tiles import Tile
from dominolab.lessons.catalogue import CHAPTERS, lesson, puzzles
from dominolab.lessons.files import load_file, parse_text
from dominolab.lessons.model import TOKENS, Exercise, ExerciseError, solve
from dominolab.lessons.pools import POOL_KINDS, POOL_SIZE, pool
from dominolab.lessons.puzzles import MARGIN, verify
from dominolab.lessons.statements import practicable
from dominolab.lessons.statements import practised as statement_practised
from dominolab.text.words import UnknownReason, error_sentence

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "_build" / "html" / "book"


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


# -- the listing ------------------------------------------------------------------------

def test_exercises_json_lists_lessons_and_puzzles() -> None:
    code, out, _ = run_cli("exercises", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["format"] == "dominolab.exercises/1"
    entries = data["exercises"]
    lessons = [e for e in entries if e["lesson"] in CHAPTERS]
    puzzles_ = [e for e in entries if e["kind"] == "best-move"]
    assert len(lessons) >= 36
    assert len(puzzles_) >= 30 and {p["game"] for p in puzzles_} == {"horse-race", "fives-and-threes"}
    for e in entries:
        assert {"id", "kind", "game", "layout", "hands", "question", "rules", "answers"} <= set(e)
        if e["kind"] in ("what-does-it-score", "settle-the-round"):
            assert all(isinstance(v, int) for v in e["answers"].values())
        elif e["kind"] == "what-happens-next":
            assert len(e["answers"]) == 1 and e["answers"][0] in TOKENS
        else:
            for a in e["answers"]:
                assert format_move(parse_move(a)) == a          # the contract's notation
        if e["kind"] == "best-move":
            assert all(isinstance(v, float) for v in e["expected_points"].values())
    horse = json.loads(run_cli("exercises", "--json", "--game", "horse-race")[1])["exercises"]
    assert horse and all(e["game"] == "horse-race" for e in horse)


def test_every_lesson_practises_its_practicable_statements() -> None:
    for chapter in CHAPTERS:
        _, exercises = lesson(chapter)
        assert len(exercises) >= 6, chapter
        practised = {r for ex in exercises for r in statement_practised(ex)}   # its rules and what it asks
        missing = {s.id for s in practicable(chapter)} - practised
        assert not missing, f"{chapter}: no exercise practises {sorted(missing)}"
        assert len({ex.kind for ex in exercises}) >= 3, chapter


@pytest.mark.parametrize("game", ["horse-race", "fives-and-threes"])
@pytest.mark.parametrize("kind", POOL_KINDS)
def test_pools_have_twenty_solvable_exercises(game: str, kind: str) -> None:
    exercises = pool(game, kind)
    assert len(exercises) >= POOL_SIZE >= 20
    assert len({ex.id for ex in exercises}) == len(exercises)
    assert len({(ex.layout, ex.move, ex.tile, ex.goal) for ex in exercises}) == len(exercises)
    for ex in exercises:
        assert ex.kind == kind and ex.game == game and solve(ex).answers


def test_what_happens_next_pools_cover_every_token_the_game_has() -> None:
    hr = {solve(ex).answers[0] for ex in pool("horse-race", "what-happens-next")}
    ft = {solve(ex).answers[0] for ex in pool("fives-and-threes", "what-happens-next")}
    assert hr == set(TOKENS)
    assert ft == {"turn-passes", "pass", "round-ends"}


# -- answers recomputed through the engine ------------------------------------------------

def _oracle(data: dict) -> tuple[set[str], dict[str, int]]:
    """The right answers of one exercise of the page data, recomputed with the engine's public API."""
    keys = {k: data[k] for k in ("id", "kind", "game", "players", "partnerships", "layout", "hands", "stock",
                                 "to_move", "scores", "rules") if k in data}
    ex = Exercise(keys["id"], keys["kind"], keys["game"], keys["players"], keys["partnerships"], keys["layout"],
                  tuple(tuple(h) for h in keys["hands"]), tuple(keys["stock"]), keys["to_move"],
                  tuple(keys["scores"]), tuple(keys["rules"]), move=data.get("move", ""), tile=data.get("tile", ""),
                  goal=data.get("goal", ""), puzzle=data.get("puzzle", {}))
    rnd = ex.round()
    rules = rnd.rules
    kind = ex.kind
    plays = [m for m in rnd.legal_moves() if isinstance(m, Placement)]
    if kind == "where-may-it-go":
        return {f"{ex.tile}@{p}" for p in rnd.layout.points_for(Tile.parse(ex.tile))}, {}
    if kind == "place-to-goal":
        name, _, n = ex.goal.partition(":")
        right = set()
        best = max(rnd.gain(m) for m in plays)
        for m in plays:
            trial = ex.round()
            seat = trial.to_move
            trial.apply(m)
            ok = {"points": rnd.gain(m) == int(n or 0), "sum": rnd.layout.end_sum_after(m.tile, m.at) == int(n or 0),
                  "most": rnd.gain(m) == best, "keep-turn": not trial.over and trial.to_move == seat}[name]
            if ok:
                right.add(str(m))
        return right, {}
    if kind == "what-does-it-score":
        m = Placement.parse(ex.move)
        total = rnd.layout.end_sum_after(m.tile, m.at)
        return {str(total), str(rules.credit(total))}, {"sum": total, "points": rules.credit(total)}
    if kind == "what-happens-next":
        moves = ex.move.split()
        for text in moves[:-1]:
            rnd.apply(text)
        if not moves:
            token = "round-ends" if rnd.is_blocked() else "draw" if rnd.legal_moves()[0] is DRAW else "pass"
            return {token}, {}
        seat, drawn = rnd.to_move, rnd.pending is not None
        move = parse_move(moves[-1])
        rnd.apply(move)
        if rnd.over:
            return {"round-ends"}, {}
        if move is DRAW:
            return {"play-drawn" if rnd.pending is not None else "draw" if rnd.legal_moves()[0] is DRAW else "pass"}, {}
        assert not drawn or rnd.to_move != seat
        return {"continue" if rnd.to_move == seat else "turn-passes"}, {}
    if kind == "settle-the-round":
        before = list(rnd.scores)
        for text in ex.move.split():
            rnd.apply(text)
        if rules.pip_settlement:
            s = rnd.settlement or settle_round(rnd.pips_left(), rnd.seating, None, rules.raw_per_point)
            values = list(s.credits)
        else:
            values = [a - b for a, b in zip(rnd.scores, before)]
        return {str(v) for v in values}, {f"side-{i}": v for i, v in enumerate(values)}
    assert kind == "best-move"
    values = ex.puzzle["values"]
    assert set(values) == {str(m) for m in rnd.legal_moves()}
    return {max(values, key=values.__getitem__)}, {}


def _check_page_exercise(data: dict) -> None:
    right, numbers = _oracle(data)
    if numbers:
        assert {i["name"]: i["value"] for i in data["inputs"]} == numbers, data["id"]
        return
    offered = {c["value"] for c in data["choices"] if c["correct"]} or set(data["answers"])
    assert offered == right, data["id"]
    assert set(data["answers"]) == right, data["id"]
    for c in data["choices"]:
        assert c["feedback"] and not re.search(r"\b(pips do not match|is already|side arm opens|not on the table)\b",
                                               c["feedback"]), c          # German, never the English reason


def _page_data_of(text: str) -> list[dict]:
    """The exercises a built page (or a pool script) carries, decoded as lessons.js decodes them."""
    from dominolab.book.lessons import unpack

    out = []
    for block in re.findall(r'<script type="application/octet-stream" class="dl-lesson-data" '
                            r'data-encoding="deflate-base64">(.*?)</script>', text, re.S):
        out += unpack(block)["exercises"]
    for block in re.findall(r'window\.DominolabPools\[".*?"\] = (".*?");', text):
        out += [ex for items in unpack(json.loads(block))["kinds"].values() for ex in items]
    return out


@pytest.fixture(scope="module")
def listing_by_id() -> dict[str, dict]:
    return {e["id"]: e for e in json.loads(run_cli("exercises", "--json")[1])["exercises"]}


def _merge(page: dict, listing_by_id: dict[str, dict]) -> dict:
    entry = dict(listing_by_id[page["id"]])
    assert entry["version"] == page["version"], page["id"]   # the page shows the exercise the listing has
    entry.update({k: page[k] for k in ("choices", "inputs", "answers")})
    return entry


def test_page_data_offers_the_engines_answers(listing_by_id: dict[str, dict]) -> None:
    """What dominolab.book.lessons writes into the pages, for every lesson, pool and puzzle."""
    from dominolab.book.lessons import lesson_html, pool_script, puzzles_html

    pages = ([lesson_html(c).text for c in CHAPTERS] + [puzzles_html().text] +
             [pool_script(g) for g in ("horse-race", "fives-and-threes")])
    seen = 0
    for text in pages:
        for page in _page_data_of(text):
            _check_page_exercise(_merge(page, listing_by_id))
            seen += 1
    assert seen >= 36 + 30 + 20


@pytest.mark.skipif(not (BUILD / "uebungen.html").exists(), reason="book not built (python -m tools build)")
def test_built_pages_offer_the_engines_answers(listing_by_id: dict[str, dict]) -> None:
    seen = 0
    files = [BUILD / f"{name}.html" for name in list(CHAPTERS) + ["aufgaben-puzzles"]]
    files += sorted((BUILD.parent / "_static" / "lessons").glob("pool-*.de.js"))   # the German pages and pools
    for path in files:
        for page in _page_data_of(path.read_text(encoding="utf-8")):
            _check_page_exercise(_merge(page, listing_by_id))
            seen += 1
    assert seen >= 36 + 30 + 2 * len(POOL_KINDS) * POOL_SIZE


# -- exercise files: one-line errors ----------------------------------------------------------

GOOD = '''lesson = "x"
title = "T"
game = "horse-race"

[[exercise]]
id = "a"
kind = "what-does-it-score"
rules = ["hr.score.sum-of-scored-ends"]
layout = "[1|4]"
hand = ["[4|4]"]
move = "[4|4]@[1|4].high"
'''

BAD = [
    ("unknown key", GOOD.replace('move =', 'mvoe ='), "key mvoe: unknown key; did you mean 'move'?"),
    ("unknown file key", GOOD.replace('title =', 'titel ='), "key titel: unknown key; did you mean 'title'?"),
    ("unknown kind", GOOD.replace('"what-does-it-score"', '"what-does-it-scores"'), "key kind: unknown kind"),
    ("unknown rule id", GOOD.replace("hr.score.sum-of-scored-ends", "hr.score.sum"), "key rules[0]: unknown statement"),
    ("rule of the other game", GOOD.replace("hr.score.sum-of-scored-ends", "ft.score.two-outer-ends"),
     "is not a rule of horse-race"),
    ("bad tile", GOOD.replace('hand = ["[4|4]"]', 'hand = ["[4|7]"]'), "key hand[0]"),
    ("tile twice", GOOD.replace('hand = ["[4|4]"]', 'hand = ["[1|4]", "[4|4]"]'), "[1|4]"),
    ("illegal layout", GOOD.replace('layout = "[1|4]"', 'layout = "[1|4] [2|2]@[1|4].low"'), "key layout: "),
    ("illegal move", GOOD.replace("[4|4]@[1|4].high", "[4|4]@[1|4].low"), "pips do not match"),
    ("missing move", GOOD.replace('move = "[4|4]@[1|4].high"\n', ""), "key move: missing (required for"),
    ("wrong type", GOOD.replace('layout = "[1|4]"', "layout = 14"), "key layout: must be placement notation"),
    ("empty answer set", GOOD.replace('kind = "what-does-it-score"', 'kind = "place-to-goal"')
     .replace('move = "[4|4]@[1|4].high"', 'goal = "points:5"'), "empty answer set"),
    ("bad goal", GOOD.replace('kind = "what-does-it-score"', 'kind = "place-to-goal"')
     .replace('move = "[4|4]@[1|4].high"', 'goal = "point:2"'), "did you mean 'points'?"),
    ("seat out of range", GOOD.replace('hand =', 'to_move = 5\nhand ='), "key to_move: seat 5 out of range"),
    ("impossible seating", GOOD.replace('hand =', 'players = 5\nhand ='), "key players:"),
    ("no exercises", 'lesson = "x"\ntitle = "T"\nexercise = []\n', "the file has no exercises"),
    ("not toml", "lesson = \n", "not valid TOML"),
    ("position over", GOOD.replace('hand = ["[4|4]"]', 'hands = [["[4|4]"], []]'), "impossible position"),
    ("next with a playable tile", GOOD.replace('kind = "what-does-it-score"', 'kind = "what-happens-next"')
     .replace('move = "[4|4]@[1|4].high"\n', ""), "can play; what-happens-next needs an event"),
    ("duplicate id", GOOD + GOOD[GOOD.index("[[exercise]]"):], "key id: used twice"),
]


@pytest.mark.parametrize("name,text,message", BAD, ids=[b[0] for b in BAD])
def test_bad_exercise_files_are_one_line_errors(tmp_path: Path, name: str, text: str, message: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExerciseError) as info:
        load_file(path)
    text_ = str(info.value)
    assert "\n" not in text_ and text_.startswith(str(path)) and message in text_, text_
    code, out, err = run_cli("check", str(path))
    assert code == 2 and err.count("\n") == 1 and message in err, err


def test_good_exercise_file_is_checked_with_the_engines_answers(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(GOOD, encoding="utf-8")
    head, exercises = load_file(path)
    assert head["lesson"] == "x" and solve(exercises[0]).inputs == (("sum", 9), ("points", 0))
    code, out, _ = run_cli("check", str(path))
    assert code == 0 and "sum=9, points=0" in out and "1 passed, 0 failed" in out
    code, out, _ = run_cli("exercises", "--json", str(path))
    assert json.loads(out)["exercises"][0]["answers"] == {"sum": 9, "points": 0}


def test_a_changed_exercise_gets_a_new_version() -> None:
    _, (a,) = parse_text(GOOD)
    _, (b,) = parse_text(GOOD.replace('hand = ["[4|4]"]', 'hand = ["[4|4]", "[0|0]"]'))
    assert a.version != b.version and a.id == b.id


# -- German reasons --------------------------------------------------------------------------

@pytest.mark.parametrize("layout,move,german", [
    ("[1|4]", "[2|2]@[1|4].low", "Die Augen passen nicht"),
    ("[1|4] [1|1]@[1|4].low", "[1|6]@[1|4].low", "ist schon belegt"),
    ("[1|4] [4|4]@[1|4].high", "[4|6]@[4|4].armA", "Ein Seitenarm von [4|4] öffnet sich erst"),
    ("[1|4]", "[1|4]@[1|4].low", "liegt schon in der Auslage"),
    ("[1|4]", "[2|3]@[3|3].A", "liegt nicht in der Auslage"),
])
def test_engine_reasons_in_german(layout: str, move: str, german: str) -> None:
    from dominolab.core.layout import Layout

    lay = Layout.from_notation(layout, spinners=True)
    reason = lay.reason(move)                 # the engine's reason code; the sentence comes from the words table
    assert reason is not None and german in error_sentence(reason, move="none", otherwise="raise")
    with pytest.raises(UnknownReason):
        error_sentence(DominoError("a reason nobody wrote"), move="none", otherwise="raise")


def test_no_side_arms_in_fives_and_threes_reason() -> None:
    from dominolab.core.layout import Layout

    lay = Layout.from_notation("[3|5] [5|5]@[3|5].high [5|6]@[5|5].B", spinners=False)
    reason = lay.reason("[0|5]@[5|5].armA")
    assert reason is not None and "keine Spinner" in error_sentence(reason, move="none", otherwise="raise")


# -- puzzles ----------------------------------------------------------------------------------

def test_puzzles_record_a_clear_best_move_of_a_legal_position() -> None:
    found = puzzles()
    assert len(found) >= 30
    for ex in found:
        p = ex.puzzle
        assert p["bot"] == "strong" and p["think_ms"] >= 40 * 25    # far above the play page's 25 ms
        ranked = sorted(p["values"].values(), reverse=True)
        assert ranked[0] - ranked[1] >= MARGIN and abs(ranked[0] - ranked[1] - p["margin"]) < 1e-6
        assert set(p["values"]) == {str(m) for m in ex.round().legal_moves()}


@pytest.mark.slow
@pytest.mark.parametrize("game", ["horse-race", "fives-and-threes"])
def test_a_sample_puzzle_is_reproduced_by_the_bot(game: str) -> None:
    """Repeats the recorded evaluation of one puzzle per game (the seed makes it exact)."""
    sample = min((ex for ex in puzzles() if ex.game == game), key=lambda ex: len(ex.puzzle["values"]))
    verify(sample)
    tampered = Exercise(**{**sample.__dict__, "puzzle": {**sample.puzzle, "seed": sample.puzzle["seed"] + 1}})
    with pytest.raises(ExerciseError):
        verify(tampered)


def test_solution_explains_why_in_german() -> None:
    _, exercises = lesson("hr-spinner")
    where = next(ex for ex in exercises if ex.kind == "where-may-it-go")
    wrong = [c for c in solve(where).choices if not c.correct]
    assert wrong and all("Seitenarm" in c.feedback or "Augen passen nicht" in c.feedback for c in wrong)
    score = next(ex for ex in exercises if ex.kind == "what-does-it-score")
    text = solve(score).explanation
    assert "Gewertete Enden" in text and "Endsumme" in text and "Das Anlegen bringt" in text


def test_illegal_exercise_in_python_is_a_domino_error() -> None:
    ex = Exercise("x", "what-does-it-score", "horse-race", 2, False, "[1|4]", (("[2|2]",), ("[0|0]",)), (), 0,
                  (0, 0), ("hr.score.sum-of-scored-ends",), move="[2|2]@[1|4].low")
    with pytest.raises(DominoError, match="pips do not match"):
        solve(ex)
    assert get_game("horse-race").credit(10) == 2 and PASS is parse_move("pass")


def test_exercise_files_that_cannot_be_read_are_one_line_errors(tmp_path: Path) -> None:
    endless = tmp_path / "endless.toml"
    endless.symlink_to("/dev/zero")
    for path, message in ((endless, "larger than the limit"), (tmp_path / "missing.toml", "no such file"),
                          (tmp_path, "is a directory")):
        code, _, err = run_cli("exercises", str(path))
        assert code == 2 and err.count("\n") == 1 and message in err, err


# -- words from the table -------------------------------------------------------------------

def test_lesson_counts_use_the_right_number_form() -> None:
    """'1 Stelle' / '2 Stellen', '1 Stein' / '3 Steine': counts come from the words table's count()."""
    from dominolab.book.lessons import exercise_data

    seen_places: set[str] = set()
    seen_tiles: set[str] = set()
    for game in ("horse-race", "fives-and-threes"):
        chapters = [c for c, g in CHAPTERS.items() if g == game]
        lessons = [ex for c in chapters for ex in lesson(c)[1]]
        for ex in [*pool(game, "where-may-it-go"), *(e for e in lessons if e.kind == "where-may-it-go")]:
            s = solve(ex)
            n = len(s.answers)
            assert f"passt an {n} Stelle{'' if n == 1 else 'n'}: " in s.explanation, s.explanation
            assert s.hint == f"Es gibt {n} richtige Anlegestelle{'' if n == 1 else 'n'}.", s.hint
            seen_places.add("one" if n == 1 else "many")
        for ex in [*pool(game, "what-does-it-score")[:8], *lessons]:
            placed = len(ex.round().layout.placements)
            data = exercise_data(ex)
            if data["svg"]:
                form = "Stein" if placed == 1 else "Steine"
                assert f"<desc>{placed} {form} auf dem Tisch." in data["svg"]
                seen_tiles.add("one" if placed == 1 else "many")
    assert seen_places == {"one", "many"} and seen_tiles == {"one", "many"}


def test_every_section_of_the_rule_documents_has_its_chapter() -> None:
    """The section headings are the games' data (GameRules.sections); each belongs to a lesson chapter of its game."""
    from dominolab.lessons.statements import CHAPTER_OF_SECTION

    for game in ("horse-race", "fives-and-threes"):
        sections = get_game(game).sections
        assert set(sections) <= set(CHAPTER_OF_SECTION)
        chapters = [CHAPTER_OF_SECTION[s] for s in sections]
        assert {CHAPTERS[c] for c in chapters} == {game}
        assert set(chapters) == {c for c, g in CHAPTERS.items() if g == game}
        assert chapters == sorted(chapters, key=chapters.index)   # a chapter's sections stand together


def test_the_lesson_words_are_the_tables() -> None:
    """The lessons print the table's words: a question, a token and a page label read WORDS['de'].lessons."""
    from dominolab.book.lessons import KIND_WORDS, format_table_html
    from dominolab.lessons.model import TOKEN_WORDS, question_of
    from dominolab.text.words import WORDS

    w = WORDS["de"].lessons
    assert TOKEN_WORDS is w.tokens and KIND_WORDS is w.kinds
    # every token, and the turn without a play also as *klopfen* (games without a stock, issue 32)
    assert set(w.tokens) == set(TOKENS) | {"knock"} and set(w.hints) == set(TOKENS) | {"knock"}
    ex = next(e for e in lesson("hr-wertung")[1] if e.kind == "what-does-it-score" and not e.question)
    assert question_of(ex).endswith("Wie groß ist danach die Endsumme, und wie viele Punkte bringt das?")
    assert f"<th>{w.key}</th>" in str(format_table_html())


def test_exercise_kinds_are_one_str_valued_vocabulary() -> None:
    """ExerciseKind names every kind once; its values are what files and pages write (data unchanged)."""
    import json

    from dominolab.lessons.kinds import ExerciseKind
    from dominolab.lessons.model import KINDS
    from dominolab.lessons.pools import POOL_KINDS

    assert KINDS == ("place-to-goal", "where-may-it-go", "what-does-it-score", "what-happens-next",
                     "settle-the-round", "best-move") and set(POOL_KINDS) == set(KINDS) - {"best-move"}
    _, exercises = parse_text(GOOD, "x.toml")
    (ex,) = exercises
    assert ex.kind is ExerciseKind.WHAT_DOES_IT_SCORE
    assert json.dumps(ex.data(), sort_keys=True).count('"kind": "what-does-it-score"') == 1


def test_every_key_of_an_exercise_file_has_its_meaning_in_both_languages() -> None:
    from dominolab.lessons.files import EXERCISE_KEYS, FILE_KEYS
    from dominolab.text.words import WORDS

    keys = set(FILE_KEYS) | set(EXERCISE_KEYS)
    for lang, w in WORDS.items():
        assert set(w.lessons.key_meanings) == keys, lang
        assert all(w.lessons.key_meanings[k].strip() for k in keys), lang
