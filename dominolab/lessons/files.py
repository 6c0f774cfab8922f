"""Exercise files (TOML): the format as data, strict loading, one-line errors.

A file is one lesson (or a puzzle collection)::

    lesson = "hr-wertung"          # the chapter it ends (or "puzzles")
    title = "Werten üben"
    game = "horse-race"            # default game of its exercises

    [[exercise]]
    id = "hr-wertung-1"
    kind = "what-does-it-score"
    rules = ["hr.score.sum-of-scored-ends"]
    layout = "[1|4] [1|1]@[1|4].low"
    hand = ["[4|4]"]
    move = "[4|4]@[1|4].high"

:func:`load_file` checks everything before it returns: unknown or misspelt keys
(with a "did you mean"), wrong types, tiles named twice, impossible positions,
rule ids that do not exist, and exercises whose answer set is empty (each is
solved through the engine). Every problem is one :class:`ExerciseError` line
naming the file, the exercise and the key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping, Sequence

from dominolab.core.errors import DominoError
from dominolab.core.layout import Layout, Placement
from dominolab.core.moves import parse_move
from dominolab.core.rules import GAMES, get_game
from dominolab.core.tiles import Tile
from dominolab.core.userfiles import loads_toml, read_text, suggest
from dominolab.lessons.kinds import ExerciseKind
from dominolab.lessons.model import GOALS, Exercise, ExerciseError, fill_hands, solve
from dominolab.lessons.statements import by_id

__all__ = ["EXERCISE_KEYS", "FILE_KEYS", "load_file", "load_files", "parse_text"]

#: key -> required; what each key means is in the words table (``LessonWords.key_meanings``, German and
#: English), printed on the book's page Aufgabenformat.
FILE_KEYS: dict[str, bool] = {"lesson": True, "title": True, "title_en": False, "game": False, "exercise": True}
EXERCISE_KEYS: dict[str, bool] = {
    "id": True, "kind": True, "rules": True, "game": False, "players": False, "partnerships": False,
    "layout": False, "hand": False, "hands": False, "stock": False, "to_move": False, "scores": False,
    "question": False, "question_en": False, "move": False, "tile": False, "goal": False, "puzzle": False,
}
PUZZLE_KEYS = ("bot", "think_ms", "seed", "deals", "margin", "values")
#: Optional keys of a puzzle: what its feedback explains (dominolab.lessons.puzzles.explain).
PUZZLE_EXPLAINS = ("parts", "reasons")
NEEDS = {ExerciseKind.WHAT_DOES_IT_SCORE: ("move",), ExerciseKind.WHERE_MAY_IT_GO: ("tile",),
         ExerciseKind.PLACE_TO_GOAL: ("goal",), ExerciseKind.BEST_MOVE: ("puzzle",)}


class _Ctx:
    def __init__(self, path: str, ex_id: str = ""):
        self.path, self.ex_id = path, ex_id

    def fail(self, key: str, what: str) -> ExerciseError:
        where = f"{self.path}: exercise {self.ex_id}" if self.ex_id else self.path
        return ExerciseError(f"{where}: key {key}: {what}" if key else f"{where}: {what}")


def _keys(ctx: _Ctx, table: Mapping[str, Any], allowed: Mapping[str, bool]) -> None:
    for key in table:
        if key not in allowed:
            raise ctx.fail(str(key), f"unknown key{suggest(str(key), list(allowed))}")
    for name, required in allowed.items():
        if required and name not in table:
            raise ctx.fail(name, "missing (required)")


def _type(ctx: _Ctx, key: str, value: object, typ: type, word: str) -> Any:
    if (typ is int and isinstance(value, bool)) or not isinstance(value, typ):
        raise ctx.fail(key, f"must be {word}, not {type(value).__name__} {str(value)[:40]!r}")
    return value


def _tiles(ctx: _Ctx, key: str, value: object) -> list[str]:
    items = _type(ctx, key, value, list, "an array of tiles")
    out = []
    for i, item in enumerate(items):
        try:
            out.append(str(Tile.parse(_type(ctx, f"{key}[{i}]", item, str, "a tile such as [1|4]"))))
        except DominoError as exc:
            raise ctx.fail(f"{key}[{i}]", str(exc)) from None
    return out


def exercise_from(ctx: _Ctx, item: object, default_game: str, lesson: str) -> Exercise:
    table = _type(ctx, "exercise", item, dict, "a table [[exercise]]")
    ex_id = table.get("id")
    ctx.ex_id = str(ex_id)[:40] if isinstance(ex_id, str) else "?"
    _keys(ctx, table, EXERCISE_KEYS)
    ex_id = _type(ctx, "id", ex_id, str, "a string")
    kind_name = _type(ctx, "kind", table["kind"], str, "a string")
    try:
        kind = ExerciseKind(kind_name)
    except ValueError:
        raise ctx.fail("kind", f"unknown kind {kind_name!r}{suggest(kind_name, ExerciseKind)}") from None
    game = _type(ctx, "game", table.get("game", default_game), str, "a string")
    if game not in GAMES:
        raise ctx.fail("game", f"unknown game {game!r}{suggest(game, list(GAMES))}")
    rules = get_game(game)
    rule_ids = [_type(ctx, f"rules[{i}]", r, str, "a statement id")
                for i, r in enumerate(_type(ctx, "rules", table["rules"], list, "an array of statement ids"))]
    if not rule_ids:
        raise ctx.fail("rules", "name at least one rule statement")
    known = by_id()
    for i, r in enumerate(rule_ids):
        if r not in known:
            raise ctx.fail(f"rules[{i}]", f"unknown statement {r!r}{suggest(r, list(known))}")
        if game not in known[r].games:
            raise ctx.fail(f"rules[{i}]", f"statement {r!r} is not a rule of {game}")
    players = _type(ctx, "players", table.get("players", 2), int, "an integer")
    partnerships = _type(ctx, "partnerships", table.get("partnerships", False), bool, "true or false")
    try:
        seating = rules.seating(players, partnerships)
    except DominoError as exc:
        raise ctx.fail("players", str(exc)) from None
    layout = _type(ctx, "layout", table.get("layout", ""), str, "placement notation")
    try:
        if layout.strip():
            Layout.from_notation(layout, rules.spinners)
    except DominoError as exc:
        raise ctx.fail("layout", str(exc)) from None
    to_move = _type(ctx, "to_move", table.get("to_move", 0), int, "an integer")
    if not 0 <= to_move < players:
        raise ctx.fail("to_move", f"seat {to_move} out of range (seats 0 … {players - 1})")
    stock = _tiles(ctx, "stock", table.get("stock", []))
    if "hand" in table and "hands" in table:
        raise ctx.fail("hands", "give either hand or hands, not both")
    if "hands" in table:
        raw = _type(ctx, "hands", table["hands"], list, "an array of hands")
        if len(raw) != players:
            raise ctx.fail("hands", f"{len(raw)} hands for {players} players (one per seat)")
        hands = [_tiles(ctx, f"hands[{i}]", h) for i, h in enumerate(raw)]
    elif "hand" in table:
        hand = _tiles(ctx, "hand", table["hand"])
        try:
            hands, unused = fill_hands(game, players, partnerships, layout, hand, to_move, set(stock))
        except DominoError as exc:
            raise ctx.fail("hand", str(exc)) from None
        if "stock" not in table and rules.drawing:
            stock = unused[:4]        # an unseen stock: nobody is blocked by accident
    else:
        raise ctx.fail("hand", "missing: give the hand of the seat to move (hand) or every hand (hands)")
    scores = [_type(ctx, f"scores[{i}]", v, int, "an integer")
              for i, v in enumerate(_type(ctx, "scores", table.get("scores", [0] * seating.n_sides), list,
                                          "an array of integers"))]
    if len(scores) != seating.n_sides:
        raise ctx.fail("scores", f"needs {seating.n_sides} entries (one per side), has {len(scores)}")
    for key in NEEDS.get(kind, ()):
        if key not in table:
            raise ctx.fail(key, f"missing (required for {kind})")
    for key in ("move", "tile", "goal", "puzzle"):
        if key in table and key not in NEEDS.get(kind, ()) and not (
                key == "move" and kind in (ExerciseKind.WHAT_HAPPENS_NEXT, ExerciseKind.SETTLE_THE_ROUND)):
            raise ctx.fail(key, f"not used by {kind}")
    move = _type(ctx, "move", table.get("move", ""), str, "a move in notation")
    if move:
        try:
            parts = [m if m in ("draw", "pass") else str(Placement.parse(m)) for m in move.split()
                     if parse_move(m) is not None]
        except DominoError as exc:
            raise ctx.fail("move", str(exc)) from None
        if len(parts) > 1 and kind is ExerciseKind.WHAT_DOES_IT_SCORE:
            raise ctx.fail("move", "what-does-it-score takes one placement")
        move = " ".join(parts)
    tile = _type(ctx, "tile", table.get("tile", ""), str, "a tile")
    if tile:
        try:
            tile = str(Tile.parse(tile))
        except DominoError as exc:
            raise ctx.fail("tile", str(exc)) from None
    goal = _type(ctx, "goal", table.get("goal", ""), str, "a goal")
    if goal:
        name, colon, n = goal.partition(":")
        if name not in GOALS:
            raise ctx.fail("goal", f"unknown goal {goal!r}{suggest(name, list(GOALS))}")
        if GOALS[name] != bool(colon) or (colon and not n.isdigit()):
            raise ctx.fail("goal", f"write {name}:N with a number" if GOALS[name] else f"write just {name}")
    puzzle: dict[str, Any] = {}
    if "puzzle" in table:
        puzzle = _type(ctx, "puzzle", table["puzzle"], dict, "a table")
        for key in puzzle:
            if key not in PUZZLE_KEYS + PUZZLE_EXPLAINS:
                raise ctx.fail(f"puzzle.{key}", f"unknown key{suggest(str(key), PUZZLE_KEYS + PUZZLE_EXPLAINS)}")
        for key in PUZZLE_KEYS:
            if key not in puzzle:
                raise ctx.fail(f"puzzle.{key}", "missing (required)")
    question = _type(ctx, "question", table.get("question", ""), str, "a string")
    question_en = _type(ctx, "question_en", table.get("question_en", ""), str, "a string")
    if question_en and not question:
        raise ctx.fail("question_en", "needs question (the German question it translates)")
    return Exercise(ex_id, kind, game, players, partnerships, layout.strip(), tuple(tuple(h) for h in hands),
                    tuple(stock), to_move, tuple(scores), tuple(rule_ids), question, move, tile, goal, lesson,
                    puzzle, ctx.path, question_en=question_en)


def parse_text(text: str, path: str = "<text>", *, solve_all: bool = True) -> tuple[dict[str, str], list[Exercise]]:
    """The lesson head (lesson, title, game) and its exercises; every exercise solved once to check it."""
    ctx = _Ctx(path)
    data = loads_toml(text, path, what="an exercise file", error=ExerciseError)
    _keys(ctx, data, FILE_KEYS)
    head = {k: _type(ctx, k, data[k], str, "a string") for k in ("lesson", "title") }
    head["game"] = _type(ctx, "game", data.get("game", "horse-race"), str, "a string")
    if "title_en" in data:
        head["title_en"] = _type(ctx, "title_en", data["title_en"], str, "a string")
    items = _type(ctx, "exercise", data["exercise"], list, "an array of tables [[exercise]]")
    if not items:
        raise ctx.fail("exercise", "the file has no exercises")
    out = []
    seen: set[str] = set()
    for item in items:
        ex = exercise_from(_Ctx(path), item, head["game"], head["lesson"])
        if ex.id in seen:
            raise _Ctx(path, ex.id).fail("id", "used twice")
        seen.add(ex.id)
        if solve_all:
            try:
                solve(ex)
            except ExerciseError as exc:
                raise ExerciseError(f"{path}: {exc}") from None
        out.append(ex)
    return head, out


def load_file(path: str | Path, *, solve_all: bool = True) -> tuple[dict[str, str], list[Exercise]]:
    text = read_text(Path(path), what="an exercise file", error=ExerciseError)   # size-limited, one-line errors
    return parse_text(text, str(path), solve_all=solve_all)


def load_files(paths: Sequence[str | Path]) -> list[Exercise]:
    out: list[Exercise] = []
    ids: dict[str, str] = {}
    for path in paths:
        _, exercises = load_file(path)
        for ex in exercises:
            if ex.id in ids:
                raise ExerciseError(f"{path}: exercise {ex.id}: key id: also used in {ids[ex.id]}")
            ids[ex.id] = str(path)
        out += exercises
    return out
