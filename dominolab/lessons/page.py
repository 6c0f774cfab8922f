"""The page data of a lesson: what lessons.js turns into exercises, for the book and the play page.

Everything a lesson needs on a page is in its data: each exercise's drawing (SVG from
:mod:`dominolab.pictures.svg`, the free attachment points marked with ``data-point``), the hand as
tile buttons (``data-tile``), the question and every choice with whether it is right and the
feedback the engine's reasons give (:func:`dominolab.lessons.model.solve`). The book writes it into
its lesson pages and pool scripts (:mod:`dominolab.book.lessons`); the play page's API answers a
review's practice with it (:mod:`dominolab.webapi.review`). Its words are made in the language of
the moment (:func:`dominolab.text.language.current`), which each face sets.

Why here, below both faces and above :mod:`dominolab.pictures`: the data *is* drawings and words,
and both faces would pass in the very same picture functions; the lessons draw with pictures as
``verify`` does, and pictures never read lessons, so the arrow adds no circle
(``tests/core/test_layers.py``).
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import zlib
from typing import Any, Iterable

from dominolab.core.layout import AttachmentPoint, Layout
from dominolab.core.rules import get_game
from dominolab.lessons.kinds import ExerciseKind
from dominolab.lessons.model import Exercise, lesson_words, number_rule, puzzle_feedback, question_of, solve, token_words
from dominolab.lessons.statements import by_id
from dominolab.pictures.svg import layout_svg, min_width_svg, tile_svg
from dominolab.text.language import current
from dominolab.text.words import WORDS, capital, count, point_text, seat_name, team_name

__all__ = ["exercise_data", "feedback_words", "lesson_data", "pack", "shared_tables", "unpack"]


def pack(data: Any) -> str:
    """JSON, zlib-compressed, in base64: the page data (drawings repeat a lot; lessons.js inflates it
    with the browser's DecompressionStream("deflate"))."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def unpack(text: str) -> Any:
    """The inverse of :func:`pack` (for tests and tools)."""
    return json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))


def shared_tables(exercises: list[dict[str, Any]]) -> dict[str, Any]:
    """Move what exercises repeat into shared tables (lessons.js puts it back): the hand tiles'
    pictures, the rule statements, the token words, the German names of the points' sides; the
    storage key and the point labels are rebuilt from the id, the version and the notation."""
    rules: dict[str, str] = {}
    games = {ex["game"] for ex in exercises if ex["tokens"]}
    tokens = [{"value": t, "label": w} for t, w in token_words(get_game(games.pop()) if len(games) == 1 else None)]
    for ex in exercises:
        for t in ex["hand"]:
            del t["svg"]                  # every tile's picture is in _static/lessons/tiles.<lang>.js
        for r in ex["rules"]:
            rules.setdefault(r["id"], r["text"])
        ex["rules"] = [r["id"] for r in ex["rules"]]
        ex.pop("key", None)
        ex.pop("points", None)
        if ex["tokens"] and ex["tokens"] == tokens:
            ex["tokens"] = True
    # points named as readers read them (text.words.point_text): "Längsseite A", "Ende mit der 4"
    reader = WORDS[current()].reader
    sides = {**reader.points, "end": reader.end}
    return {"rules": rules, "sides": sides, "tokens": tokens, "words": feedback_words()}


def feedback_words() -> dict[str, str]:
    """The sentences lessons.js builds its feedback from (a wrong number names the field and whether
    it is too high or too low and the rule to apply, never the right value; after a wrong answer the page says
    how to go on)."""
    return {"tooHigh": lesson_words().too_high, "tooLow": lesson_words().too_low, "wrongNumbers": lesson_words().wrong_numbers,
            "ruleIs": lesson_words().rule_is, "retry": lesson_words().retry,
            "revealed": lesson_words().revealed, "solvedAfterReveal": lesson_words().solved_after_reveal, "starsRule": lesson_words().stars_rule}


def _side_words(ex: Exercise) -> list[str]:
    rules = ex.rules_obj
    seating = rules.seating(ex.players, ex.partnerships)
    return [team_name(s, seating, ex.to_move, current()) for s in range(seating.n_sides)]


def _info(ex: Exercise) -> str:
    rules = ex.rules_obj
    page = WORDS[current()].page
    parts = [f"{rules.title}, " + page.players.format(n=ex.players) + (page.in_partnerships if ex.partnerships else ""),
             lesson_words().to_move.format(seat=seat_name(ex.to_move, ex.to_move, ex.players, current()))]
    if any(ex.scores):
        parts.append(lesson_words().score.format(scores=" : ".join(str(s) for s in ex.scores)))
    if rules.drawing:
        parts.append(lesson_words().stock.format(tiles=count(len(ex.stock), WORDS[current()].tile)))
    return "; ".join(parts) + "."


def exercise_data(ex: Exercise) -> dict[str, Any]:
    """Everything the page script needs for one exercise (answers and explanations included)."""
    s = solve(ex)
    rnd = ex.round()
    layout = rnd.layout
    open_points = layout.open_points()
    mover = list(rnd.hands[rnd.to_move])
    picks_tile = ex.kind in (ExerciseKind.PLACE_TO_GOAL, ExerciseKind.BEST_MOVE)
    highlight: list[AttachmentPoint] = open_points if layout.placements else []
    if ex.kind == ExerciseKind.WHAT_DOES_IT_SCORE and ex.move and "@" in ex.move:
        highlight = [AttachmentPoint.parse(ex.move.split("@")[1])]
    svg = _task_desc(min_width_svg(layout_svg(layout, highlight=highlight, style=False, xmlns=False, legend=False,
                                              title=None, lang=current())), layout) if layout.placements else ""
    show_all = ex.kind in (ExerciseKind.WHAT_HAPPENS_NEXT, ExerciseKind.SETTLE_THE_ROUND)
    others = [] if not show_all else [
        {"seat": seat, "name": capital(seat_name(seat, rnd.to_move, rnd.seating.players, current())), "tiles": [str(t) for t in hand]}
        for seat, hand in enumerate(rnd.hands) if seat != rnd.to_move]
    data: dict[str, Any] = {
        "id": ex.id, "version": ex.version, "key": f"{ex.id}@{ex.version}", "kind": ex.kind,
        "kindWords": lesson_words().kinds[ex.kind], "game": ex.game, "question": question_of(ex), "info": _info(ex),
        "rules": [{"id": r, "de": by_id()[r].de, "text": by_id()[r].text(current())} for r in ex.rules],
        "svg": svg, "seat": ex.to_move,
        "hand": [{"tile": str(t), "svg": tile_svg(t, style=False, xmlns=False, lang=current())} for t in mover],
        "others": others,
        "pickTile": picks_tile, "tile": ex.tile,
        "points": {str(p): point_text(p, current()) for p in open_points},
        "answers": list(s.answers),
        "choices": [{"value": c.value, "correct": c.correct, "feedback": c.feedback, "tile": c.tile,
                     "point": c.point} for c in s.choices],
        # a wrong number names the rule to apply (from the game's description, never the value)
        "inputs": [{"name": name, "value": value, "label": _input_label(ex, name),
                    "rule": number_rule(ex.rules_obj, name)} for name, value in s.inputs],
        "tokens": ([{"value": t, "label": w} for t, w in token_words(ex.rules_obj)]
                   if ex.kind == ExerciseKind.WHAT_HAPPENS_NEXT else []),
        "explanation": s.explanation, "hint": s.hint,
    }
    if ex.puzzle:
        data["puzzle"] = {"bot": ex.puzzle["bot"], "think_ms": ex.puzzle["think_ms"], "margin": ex.puzzle["margin"]}
        if "reasons" in ex.puzzle:       # "Wie gerechnet?": level, budget, deals (folded under the feedback)
            said = puzzle_feedback(ex, current())
            data["puzzle"] |= {"how": said["how"], "howLabel": said["how_label"]}
    return data


_DESC = re.compile(r"<desc>.*?</desc>", re.S)


def _task_desc(svg: str, layout: Layout) -> str:
    """The drawing's description in words, cut to what an exercise asks about: the free points and the
    scored ends (the question names the rest). Keeps the pages small; screen readers read it."""
    free = "; ".join(f"{point_text(p, current())} ({p.pips})" for p in layout.open_points()) or lesson_words().none
    scored = "; ".join(f"{point_text(p, current())}: {v}" for p, v in layout.contributions()) or lesson_words().none
    text = lesson_words().board.format(tiles=count(len(layout.placements), WORDS[current()].tile), free=free, scored=scored)
    return _DESC.sub(lambda _: f"<desc>{html.escape(text, quote=False)}</desc>", svg, count=1)


def _input_label(ex: Exercise, name: str) -> str:
    if name == "sum":
        return lesson_words().sum_label
    if name == "points":
        return lesson_words().points_label
    side = int(name.split("-")[1])
    return lesson_words().side_label.format(side=_side_words(ex)[side])


def _lesson_version(exercises: Iterable[Exercise]) -> str:
    return hashlib.sha256(" ".join(ex.version for ex in exercises).encode()).hexdigest()[:8]


def lesson_data(lesson_id: str, title: str, game: str, exercises: list[Exercise],
                pool_kinds: Iterable[str] = (), pictures: bool = False) -> dict[str, Any]:
    """A lesson's page data as lessons.js reads it (the book's lessons; the play page's puzzles made of a
    learner's own decisions, there with ``pictures``: the hand tiles keep their pictures, as that page
    loads no tile table)."""
    items = [exercise_data(ex) for ex in exercises]
    drawn = [[t["svg"] for t in item["hand"]] for item in items]
    shared = shared_tables(items)
    if pictures:
        for item, svgs in zip(items, drawn):
            for t, svg in zip(item["hand"], svgs):
                t["svg"] = svg
    return {"lesson": lesson_id, "title": title, "game": game, "version": _lesson_version(exercises),
            "poolKinds": list(pool_kinds), "exercises": items, "shared": shared}
