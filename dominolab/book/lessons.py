"""Lessons in the book: the HTML and the page data of a lesson, the puzzle page and the lesson map.

Everything a lesson needs on the static site is in the page: each exercise's
drawing (SVG from :mod:`dominolab.pictures.svg`, the free attachment points marked
with ``data-point``), the hand as tile buttons (``data-tile``), the question and
every choice with whether it is right and the German feedback the engine's
reasons give (:func:`dominolab.lessons.solve`). Plain JavaScript
(``_static/lessons/lessons.js`` with the reusable clickable drawing
``_static/board/board.js``) turns it into exercises: no kernel, no in-browser Python.

DOM contract (tests and other programs rely on it; also on the book page *Üben*):

* ``.dl-lesson[data-lesson]`` - one lesson; ``[data-exercise="<id>"][data-state]`` - one exercise,
  ``data-state`` is ``open``, ``solved`` or ``revealed``, once solved also ``data-stars`` (0-3);
* ``[data-answer="<value>"]`` - a choice: a placement (``[1|4]@[4|4].B``; on the drawing's points once
  a tile is chosen) or a token (``continue``, ``turn-passes``, ``draw``, ``play-drawn``, ``pass``,
  ``round-ends``); ``[data-tile]`` and ``[data-point]`` - hand tiles and attachment points (board.js);
* ``input[data-answer-input]`` - ``sum``, ``points``, ``side-0`` …; ``[data-feedback][aria-live=polite]``;
* buttons ``[data-check]``, ``[data-hint]``, ``[data-reveal]``, ``[data-new]``, ``[data-reset-lesson]``,
  ``[data-reset-all]``.

Stars: 3 for the first try without a hint, a hint or a wrong try costs one (at least 1 when solved),
showing the solution gives 0 (also when the learner then enters the shown answer). Feedback on a wrong
answer never gives the right value away (the choice's own reason; for numbers the field and whether it
is too high or too low); the solution comes only with „Lösung zeigen“. The page states the star rule
next to the progress line. Progress lives in ``localStorage`` under ``dominolab.lessons/1``, per
lesson and per ``id@version`` (a changed exercise has a new version and no stars); blocked storage
works in memory and the page says that progress is not kept.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import zlib
from functools import wraps
from pathlib import Path
from typing import Any, Callable, Iterable, ParamSpec, TypeVar

from dominolab.core.layout import AttachmentPoint, Layout
from dominolab.core.rules import get_game
from dominolab.core.tiles import ALL_TILES, Tile
from dominolab.lessons.kinds import ExerciseKind
from dominolab.lessons.catalogue import CHAPTERS, lesson, puzzles
from dominolab.lessons.files import EXERCISE_KEYS, FILE_KEYS
from dominolab.lessons.model import (KINDS, TOKEN_WORDS, TOKENS, W, Exercise, language, lesson_lang, point_de,  # noqa: F401
                                    question_of, seat_name, solve, team_name, token_words)
from dominolab.lessons.pools import POOL_KINDS, pool
from dominolab.lessons.statements import by_id, known_by, practised, taught_by
from dominolab.text.words import WORDS, capital, count
from dominolab.text import language as _language
from dominolab.book import min_width_svg
from dominolab.pictures.svg import layout_svg, tile_svg

__all__ = ["HTML", "exercise_data", "lesson_data", "lesson_html", "lesson_map_html", "puzzles_html", "format_table_html"]

#: The German names of the exercise kinds (the words of the lesson pages follow the build's language:
#: ``W`` of :mod:`dominolab.lessons.model`, set by :func:`_speaks` to :func:`dominolab.text.language.current`).
KIND_WORDS = WORDS["de"].lessons.kinds

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _speaks(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """Run ``fn`` with the lessons speaking the build's language (:func:`dominolab.text.language.current`)."""
    @wraps(fn)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        with language(_language.current()):
            return fn(*args, **kwargs)
    return run


def _title(head: dict[str, str]) -> str:
    """A lesson file's title in the build's language (``title_en`` in English, where the file has it)."""
    return head.get(f"title_{lesson_lang()}", head["title"]) if lesson_lang() != "de" else head["title"]
#: Lesson titles for the map (the files' own titles).
SCRIPT_VERSION = "1"


class HTML:
    """Raw HTML shown by a notebook cell (``_repr_html_``), without IPython at import time."""

    def __init__(self, text: str):
        self.text = text

    def _repr_html_(self) -> str:
        return self.text

    def __str__(self) -> str:
        return self.text


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def _json(data: Any) -> str:
    """JSON for a ``<script type="application/json">`` block (``</`` cannot close it)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def pack(data: Any) -> str:
    """JSON, zlib-compressed, in base64: the page data (drawings repeat a lot; lessons.js inflates it
    with the browser's DecompressionStream("deflate"))."""
    raw = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    return base64.b64encode(zlib.compress(raw, 9)).decode("ascii")


def unpack(text: str) -> Any:
    """The inverse of :func:`pack` (for tests and tools)."""
    return json.loads(zlib.decompress(base64.b64decode(text)).decode("utf-8"))


def _with_tiles(exercises: list[dict[str, Any]]) -> dict[str, Any]:
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
    reader = WORDS[lesson_lang()].reader
    sides = {**reader.points, "end": reader.end}
    return {"rules": rules, "sides": sides, "tokens": tokens, "words": feedback_words()}


@_speaks
def feedback_words() -> dict[str, str]:
    """The sentences lessons.js builds its feedback from (a wrong number names the field and whether
    it is too high or too low, never the right value; after a wrong answer the page says how to go on)."""
    return {"tooHigh": W.too_high, "tooLow": W.too_low, "wrongNumbers": W.wrong_numbers, "retry": W.retry,
            "revealed": W.revealed, "solvedAfterReveal": W.solved_after_reveal, "starsRule": W.stars_rule}


def _side_words(ex: Exercise) -> list[str]:
    rules = get_game(ex.game)
    seating = rules.seating(ex.players, ex.partnerships)
    return [team_name(s, seating, ex.to_move) for s in range(seating.n_sides)]


def _info(ex: Exercise) -> str:
    rules = get_game(ex.game)
    page = WORDS[lesson_lang()].page
    parts = [f"{rules.title}, " + page.players.format(n=ex.players) + (page.in_partnerships if ex.partnerships else ""),
             W.to_move.format(seat=seat_name(ex.to_move, ex.to_move, ex.players))]
    if any(ex.scores):
        parts.append(W.score.format(scores=" : ".join(str(s) for s in ex.scores)))
    if rules.drawing:
        parts.append(W.stock.format(tiles=count(len(ex.stock), WORDS[lesson_lang()].tile)))
    return "; ".join(parts) + "."


@_speaks
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
                                              title=None, lang=lesson_lang())), layout) if layout.placements else ""
    show_all = ex.kind in (ExerciseKind.WHAT_HAPPENS_NEXT, ExerciseKind.SETTLE_THE_ROUND)
    others = [] if not show_all else [
        {"seat": seat, "name": capital(seat_name(seat, rnd.to_move, rnd.seating.players)), "tiles": [str(t) for t in hand]}
        for seat, hand in enumerate(rnd.hands) if seat != rnd.to_move]
    data: dict[str, Any] = {
        "id": ex.id, "version": ex.version, "key": f"{ex.id}@{ex.version}", "kind": ex.kind,
        "kindWords": W.kinds[ex.kind], "game": ex.game, "question": question_of(ex), "info": _info(ex),
        "rules": [{"id": r, "de": by_id()[r].de, "text": by_id()[r].text(lesson_lang())} for r in ex.rules],
        "svg": svg, "seat": ex.to_move,
        "hand": [{"tile": str(t), "svg": tile_svg(t, style=False, xmlns=False, lang=lesson_lang())} for t in mover],
        "others": others,
        "pickTile": picks_tile, "tile": ex.tile,
        "points": {str(p): point_de(p) for p in open_points},
        "answers": list(s.answers),
        "choices": [{"value": c.value, "correct": c.correct, "feedback": c.feedback, "tile": c.tile,
                     "point": c.point} for c in s.choices],
        "inputs": [{"name": name, "value": value, "label": _input_label(ex, name)} for name, value in s.inputs],
        "tokens": ([{"value": t, "label": w} for t, w in token_words(get_game(ex.game))]
                   if ex.kind == ExerciseKind.WHAT_HAPPENS_NEXT else []),
        "explanation": s.explanation, "hint": s.hint,
    }
    if ex.puzzle:
        data["puzzle"] = {"bot": ex.puzzle["bot"], "think_ms": ex.puzzle["think_ms"], "margin": ex.puzzle["margin"]}
        if "reasons" in ex.puzzle:       # "Wie gerechnet?": level, budget, deals (folded under the feedback)
            from dominolab.lessons.puzzles import feedback

            said = feedback(ex, lesson_lang())
            data["puzzle"] |= {"how": said["how"], "howLabel": said["how_label"]}
    return data


_DESC = re.compile(r"<desc>.*?</desc>", re.S)


def _task_desc(svg: str, layout: Layout) -> str:
    """The drawing's description in words, cut to what an exercise asks about: the free points and the
    scored ends (the question names the rest). Keeps the pages small; screen readers read it."""
    free = "; ".join(f"{point_de(p)} ({p.pips})" for p in layout.open_points()) or W.none
    scored = "; ".join(f"{point_de(p)}: {v}" for p, v in layout.contributions()) or W.none
    text = W.board.format(tiles=count(len(layout.placements), WORDS[lesson_lang()].tile), free=free, scored=scored)
    return _DESC.sub(lambda _: f"<desc>{html.escape(text, quote=False)}</desc>", svg, count=1)


def _input_label(ex: Exercise, name: str) -> str:
    if name == "sum":
        return W.sum_label
    if name == "points":
        return W.points_label
    side = int(name.split("-")[1])
    return W.side_label.format(side=_side_words(ex)[side])


def _lesson_version(exercises: Iterable[Exercise]) -> str:
    return hashlib.sha256(" ".join(ex.version for ex in exercises).encode()).hexdigest()[:8]


def _loader() -> str:
    """Loads the stylesheet, the tile pictures and the two scripts once per page (``_static/lessons/load.js``;
    classic scripts, so they work from file:// too). Lesson pages live in ``book/``."""
    return '<script src="../_static/lessons/load.js"></script>'


@_speaks
def lesson_data(lesson_id: str, title: str, game: str, exercises: list[Exercise],
                pool_kinds: Iterable[str] = (), pictures: bool = False) -> dict[str, Any]:
    """A lesson's page data as lessons.js reads it (the book's lessons; the play page's puzzles made of a
    learner's own decisions, there with ``pictures``: the hand tiles keep their pictures, as that page
    loads no tile table)."""
    items = [exercise_data(ex) for ex in exercises]
    drawn = [[t["svg"] for t in item["hand"]] for item in items]
    shared = _with_tiles(items)
    if pictures:
        for item, svgs in zip(items, drawn):
            for t, svg in zip(item["hand"], svgs):
                t["svg"] = svg
    return {"lesson": lesson_id, "title": title, "game": game, "version": _lesson_version(exercises),
            "poolKinds": list(pool_kinds), "exercises": items, "shared": shared}


@_speaks
def _container(lesson_id: str, title: str, game: str, exercises: list[Exercise],
               pool_kinds: Iterable[str] = ()) -> str:
    data = lesson_data(lesson_id, title, game, exercises, pool_kinds)
    return (f'<section class="dl-lesson" id="lesson-{_esc(lesson_id)}" data-lesson="{_esc(lesson_id)}" '
            f'data-game="{_esc(game)}" aria-label="{_esc(title)}">'
            f'<noscript><p>{_esc(W.noscript)}</p></noscript>'
            f'<p class="dl-lesson-loading">{_esc(W.loading)}</p>'
            f'<script type="application/octet-stream" class="dl-lesson-data" data-encoding="deflate-base64">'
            f"{pack(data)}</script></section>{_loader()}")


#: The file names of the pools and the tile pictures in ``_static/lessons/``: one per language (a page loads
#: its language's only; benchmarks/sizes.py counts a ``*.<lang>.js`` file in that edition alone).
POOL_SCRIPT = "pool-{game}.{lang}.js"
TILES_SCRIPT = "tiles.{lang}.js"


def pool_script(game: str, lang: str | None = None) -> str:
    """The classic script that carries the pools of ``game`` (``_static/lessons/pool-<game>.<lang>.js``):
    every kind's exercises, loaded by lessons.js on the first „Neue Aufgabe“; their texts in ``lang``
    (default: the build's language). The exercises and their versions are the same in every language."""
    with _language.speaking(lang or _language.current()), language(lang or _language.current()):
        kinds = {kind: [exercise_data(ex) for ex in pool(game, kind)] for kind in POOL_KINDS}
        shared = _with_tiles([ex for items in kinds.values() for ex in items])
    payload = pack({"game": game, "kinds": kinds, "shared": shared})
    return (f"window.DominolabPools = window.DominolabPools || {{}};\n"
            f"window.DominolabPools[{json.dumps(game)}] = {json.dumps(payload)};\n")


def tiles_script(lang: str | None = None) -> str:
    """``_static/lessons/tiles.<lang>.js``: the picture of every tile (for the hands), drawn by dominolab.pictures.svg
    (its title in ``lang``, default: the build's language)."""
    tiles = {str(t): tile_svg(t, style=False, xmlns=False, lang=lang or _language.current()) for t in ALL_TILES}
    return f"window.DominolabTiles = {json.dumps(pack(tiles))};\n"


def write_pool_scripts(folder: Path, lang: str | None = None, name: str = POOL_SCRIPT,
                       tiles_name: str = TILES_SCRIPT) -> list[Path]:
    """The tile pictures and one pool script per game in ``lang`` (default: the build's language), named by
    ``tiles_name`` and ``name`` (``{game}`` and ``{lang}`` are filled in)."""
    folder.mkdir(parents=True, exist_ok=True)
    tiles = folder / tiles_name.format(lang=lang or _language.current())
    tiles.write_text(tiles_script(lang), encoding="utf-8")
    out = [tiles]
    for game in sorted(set(CHAPTERS.values())):
        path = folder / name.format(game=game, lang=lang or _language.current())
        path.write_text(pool_script(game, lang), encoding="utf-8")
        out.append(path)
    return out


@_speaks
def lesson_html(chapter: str) -> HTML:
    """The lesson at the end of a rule chapter, with pools of the same kinds for „Neue Aufgabe“."""
    head, exercises = lesson(chapter)
    return HTML(_container(chapter, _title(head), CHAPTERS[chapter], list(exercises), lesson_pool_kinds(chapter)))


def lesson_pool_kinds(chapter: str) -> list[str]:
    """The kinds of the chapter's lesson whose pool practises only what the chapter or an earlier one
    teaches (rules_coverage.toml, table ``teaches``): „Neue Aufgabe“ never runs ahead of the book."""
    known = known_by(chapter, tuple(CHAPTERS))
    kinds = sorted({ex.kind for ex in lesson(chapter)[1]}, key=KINDS.index)
    return [k for k in kinds if all(practised(ex) <= known for ex in pool(CHAPTERS[chapter], k))]


@_speaks
def teaches_html(chapter: str) -> HTML:
    """The rule statements the chapter teaches (rules_coverage.toml, table ``teaches``), in German words,
    folded above its lesson: what the exercises of this chapter may ask."""
    items = "".join(f"<li>{_esc(s.text(lesson_lang()))}</li>" for s in taught_by(chapter))
    n = len(taught_by(chapter))
    return HTML(f'<details class="dl-teaches" data-chapter="{_esc(chapter)}"><summary>{_esc(W.teaches.format(n=n))}'
                f"</summary><ul>{items}</ul></details>")


@_speaks
def puzzles_html(game: str | None = None) -> HTML:
    """The best-move puzzles (of one game) as one lesson."""
    chosen = [p for p in puzzles() if game in (None, p.game)]
    lesson_id = "puzzles" if game is None else f"puzzles-{game}"
    return HTML(_container(lesson_id, W.puzzles_title, game or "", chosen))


@_speaks
def lesson_map_html() -> HTML:
    """The map of lessons with the stars kept in this browser (filled in by the page script)."""
    entries = []
    for chapter in CHAPTERS:
        head, exercises = lesson(chapter)
        entries.append({"lesson": chapter, "title": _title(head), "href": f"{chapter}.html#lesson-{chapter}",
                        "game": get_game(CHAPTERS[chapter]).title,
                        "exercises": [f"{ex.id}@{ex.version}" for ex in exercises]})
    entries.append({"lesson": "puzzles", "title": W.puzzles_title,
                    "href": "aufgaben-puzzles.html#lesson-puzzles", "game": W.both_games,
                    "exercises": [f"{ex.id}@{ex.version}" for ex in puzzles()]})
    return HTML(f'<section class="dl-lesson-map" aria-label="{_esc(W.map_label)}">'
                f'<script type="application/json" class="dl-map-data">{_json(entries)}</script>'
                f'<p class="dl-lesson-loading">{_esc(W.map_loading)}</p></section>{_loader()}')


@_speaks
def format_table_html() -> HTML:
    """The keys of an exercise file (the same tables the loader checks)."""
    kinds = ", ".join(ExerciseKind)
    rows = [f"<tr><td><code>{_esc(k)}</code></td><td>{_esc(W.yes if req else W.no)}</td>"
            f"<td>{_esc(W.key_meanings[k].format(kinds=kinds))}</td></tr>"
            for table in (FILE_KEYS, EXERCISE_KEYS) for k, req in table.items()]
    return HTML(f"<table class='dominolab-table'><thead><tr><th>{_esc(W.key)}</th><th>{_esc(W.required)}</th>"
                f"<th>{_esc(W.meaning)}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")
