"""Lessons in the book: the HTML of a lesson, the puzzle page, the lesson map and the pool scripts.

Everything a lesson needs on the static site is in the page: its page data
(:mod:`dominolab.lessons.page`: drawings, hand, question, choices and the feedback
the engine's reasons give), in the build's language. Plain JavaScript
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

import html
import json
from pathlib import Path
from typing import Any, Iterable

from dominolab.core.rules import get_game
from dominolab.core.tiles import ALL_TILES
from dominolab.lessons import page
from dominolab.lessons.kinds import ExerciseKind
from dominolab.lessons.catalogue import CHAPTERS, lesson, puzzles
from dominolab.lessons.files import EXERCISE_KEYS, FILE_KEYS
from dominolab.lessons.model import KINDS, Exercise, lesson_words
from dominolab.lessons.page import pack, shared_tables, unpack
from dominolab.lessons.pools import POOL_KINDS, pool
from dominolab.lessons.statements import known_by, practised, taught_by
from dominolab.text.language import current, speaking
from dominolab.text.words import WORDS
from dominolab.pictures.svg import tile_svg

__all__ = ["HTML", "exercise_data", "feedback_words", "lesson_data", "lesson_html", "lesson_map_html", "pack", "puzzles_html",
           "format_table_html", "unpack"]

#: The German names of the exercise kinds (the words of the lesson pages follow the build's language,
#: the one language context that :mod:`dominolab.book` sets).
KIND_WORDS = WORDS["de"].lessons.kinds


#: The lessons' page data (:mod:`dominolab.lessons.page`) in the build's language.
exercise_data = page.exercise_data
feedback_words = page.feedback_words
lesson_data = page.lesson_data


def _title(head: dict[str, str]) -> str:
    """A lesson file's title in the build's language (``title_en`` in English, where the file has it)."""
    return head.get(f"title_{current()}", head["title"]) if current() != "de" else head["title"]
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


def _loader() -> str:
    """Loads the stylesheet, the tile pictures and the two scripts once per page (``_static/lessons/load.js``;
    classic scripts, so they work from file:// too). Lesson pages live in ``book/``."""
    return '<script src="../_static/lessons/load.js"></script>'


def _container(lesson_id: str, title: str, game: str, exercises: list[Exercise],
               pool_kinds: Iterable[str] = ()) -> str:
    data = lesson_data(lesson_id, title, game, exercises, pool_kinds)
    return (f'<section class="dl-lesson" id="lesson-{_esc(lesson_id)}" data-lesson="{_esc(lesson_id)}" '
            f'data-game="{_esc(game)}" aria-label="{_esc(title)}">'
            f'<noscript><p>{_esc(lesson_words().noscript)}</p></noscript>'
            f'<p class="dl-lesson-loading">{_esc(lesson_words().loading)}</p>'
            f'<script type="application/octet-stream" class="dl-lesson-data" data-encoding="deflate-base64">'
            f"{pack(data)}</script></section>{_loader()}")


#: The file names of the pools and the tile pictures in ``_static/lessons/``: one per language (a page loads
#: its language's only; tools/bench/sizes.py counts a ``*.<lang>.js`` file in that edition alone).
POOL_SCRIPT = "pool-{game}.{lang}.js"
TILES_SCRIPT = "tiles.{lang}.js"


def pool_script(game: str, lang: str | None = None) -> str:
    """The classic script that carries the pools of ``game`` (``_static/lessons/pool-<game>.<lang>.js``):
    every kind's exercises, loaded by lessons.js on the first „Neue Aufgabe“; their texts in ``lang``
    (default: the build's language). The exercises and their versions are the same in every language."""
    with speaking(lang or current()):
        kinds = {kind: [exercise_data(ex) for ex in pool(game, kind)] for kind in POOL_KINDS}
        shared = shared_tables([ex for items in kinds.values() for ex in items])
    payload = pack({"game": game, "kinds": kinds, "shared": shared})
    return (f"window.DominolabPools = window.DominolabPools || {{}};\n"
            f"window.DominolabPools[{json.dumps(game)}] = {json.dumps(payload)};\n")


def tiles_script(lang: str | None = None) -> str:
    """``_static/lessons/tiles.<lang>.js``: the picture of every tile (for the hands), drawn by dominolab.pictures.svg
    (its title in ``lang``, default: the build's language)."""
    tiles = {str(t): tile_svg(t, style=False, xmlns=False, lang=lang or current()) for t in ALL_TILES}
    return f"window.DominolabTiles = {json.dumps(pack(tiles))};\n"


def write_pool_scripts(folder: Path, lang: str | None = None, name: str = POOL_SCRIPT,
                       tiles_name: str = TILES_SCRIPT) -> list[Path]:
    """The tile pictures and one pool script per game in ``lang`` (default: the build's language), named by
    ``tiles_name`` and ``name`` (``{game}`` and ``{lang}`` are filled in)."""
    folder.mkdir(parents=True, exist_ok=True)
    tiles = folder / tiles_name.format(lang=lang or current())
    tiles.write_text(tiles_script(lang), encoding="utf-8")
    out = [tiles]
    for game in sorted(set(CHAPTERS.values())):
        path = folder / name.format(game=game, lang=lang or current())
        path.write_text(pool_script(game, lang), encoding="utf-8")
        out.append(path)
    return out


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


def teaches_html(chapter: str) -> HTML:
    """The rule statements the chapter teaches (rules_coverage.toml, table ``teaches``), in German words,
    folded above its lesson: what the exercises of this chapter may ask."""
    items = "".join(f"<li>{_esc(s.text(current()))}</li>" for s in taught_by(chapter))
    n = len(taught_by(chapter))
    return HTML(f'<details class="dl-teaches" data-chapter="{_esc(chapter)}"><summary>{_esc(lesson_words().teaches.format(n=n))}'
                f"</summary><ul>{items}</ul></details>")


def puzzles_html(game: str | None = None) -> HTML:
    """The best-move puzzles (of one game) as one lesson."""
    chosen = [p for p in puzzles() if game in (None, p.game)]
    lesson_id = "puzzles" if game is None else f"puzzles-{game}"
    return HTML(_container(lesson_id, lesson_words().puzzles_title, game or "", chosen))


def lesson_map_html() -> HTML:
    """The map of lessons with the stars kept in this browser (filled in by the page script)."""
    entries = []
    for chapter in CHAPTERS:
        head, exercises = lesson(chapter)
        entries.append({"lesson": chapter, "title": _title(head), "href": f"{chapter}.html#lesson-{chapter}",
                        "game": get_game(CHAPTERS[chapter]).title,
                        "exercises": [f"{ex.id}@{ex.version}" for ex in exercises]})
    entries.append({"lesson": "puzzles", "title": lesson_words().puzzles_title,
                    "href": "aufgaben-puzzles.html#lesson-puzzles", "game": lesson_words().both_games,
                    "exercises": [f"{ex.id}@{ex.version}" for ex in puzzles()]})
    return HTML(f'<section class="dl-lesson-map" aria-label="{_esc(lesson_words().map_label)}">'
                f'<script type="application/json" class="dl-map-data">{_json(entries)}</script>'
                f'<p class="dl-lesson-loading">{_esc(lesson_words().map_loading)}</p></section>{_loader()}')


def format_table_html() -> HTML:
    """The keys of an exercise file (the same tables the loader checks)."""
    kinds = ", ".join(ExerciseKind)
    rows = [f"<tr><td><code>{_esc(k)}</code></td><td>{_esc(lesson_words().yes if req else lesson_words().no)}</td>"
            f"<td>{_esc(lesson_words().key_meanings[k].format(kinds=kinds))}</td></tr>"
            for table in (FILE_KEYS, EXERCISE_KEYS) for k, req in table.items()]
    return HTML(f"<table class='dominolab-table'><thead><tr><th>{_esc(lesson_words().key)}</th><th>{_esc(lesson_words().required)}</th>"
                f"<th>{_esc(lesson_words().meaning)}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")
