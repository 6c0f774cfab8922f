"""Best-move puzzles: positions from bot games where the strong bot finds one move clearly best.
This module is the one place that decides what a puzzle is (:func:`suitable`, :func:`clear_best`,
:func:`puzzle_of`); the play page's puzzles made of a learner's own decisions use it too
(:func:`practice`).

Generated offline (``tools/book/make_puzzles.py`` writes ``data/puzzles.toml``), because a
search far above the play page's budget takes seconds per position:

1. the strong bot plays seeded matches against itself at a small budget (:data:`PLAY_MS`);
2. at every decision with at least three legal placements, a quick screen
   (:data:`SCREEN_MS`) keeps positions whose best move leads by at least
   :data:`SCREEN_MARGIN`;
3. those are evaluated again at :data:`THINK_MS` (40 times the play page's budget) with a
   recorded seed, from the position alone (a fresh :func:`~dominolab.core.view.view_of`,
   no history); a puzzle is kept when the best move's mean outcome leads every other move
   by at least :data:`MARGIN` game points.

The puzzle records the bot, the budget, the seed, the number of sampled deals and the value
of every legal move, so :func:`verify` can repeat the evaluation exactly (a CI test does it
for a sample). From the same evaluation it records what the feedback explains (:func:`explain`):
every move's value in parts (``parts``: :data:`~dominolab.play.search.PARTS`, rounded so that they
sum to the rounded value) and ``reasons`` (:func:`dominolab.play.reasons.reasons`: kind and points):
for the best move why it beats the next best, for every other move why the best beats it. The
page's sentences are made from them at build time (:func:`dominolab.lessons.model.puzzle_feedback`), in the words of the review.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Iterator

from dominolab.core.engine import Match, Round
from dominolab.core.layout import Placement
from dominolab.core.moves import format_move
from dominolab.core.rules import GAMES, GameRules
from dominolab.core.view import view_of
from dominolab.lessons.kinds import ExerciseKind
from dominolab.lessons.model import Exercise, ExerciseError
from dominolab.play.levels import make_bot, make_search_bot, resolve
from dominolab.play.reasons import reasons
from dominolab.play.review import rounded_parts
from dominolab.play.search import MoveValue
from dominolab.text.words import WORDS

#: Budget of the bots that play the games the positions come from.
PLAY_MS = 2.0
#: Budget of the quick screen, and the lead it asks for.
SCREEN_MS = 60.0
SCREEN_MARGIN = 2.5
#: Budget of the recorded evaluation.
THINK_MS = 1000.0
#: What the play page's strong level thinks per move (the header of the puzzle file compares with it).
PAGE_MS = resolve("strong").think_ms
#: The lead (in game points of expected outcome) the best move needs over every other move.
MARGIN = 2.0

RULE_IDS = {"horse-race": ("hr.score.sum-of-scored-ends", "hr.stay.double-from-hand", "hr.stay.scoring-from-hand"),
            "fives-and-threes": ("ft.score.threes-and-fives", "ft.score.two-outer-ends")}
SEATINGS = ((2, False), (3, False), (4, True))


def _scored(rnd: Round, think_ms: float, seed: int) -> list[MoveValue]:
    bot = make_search_bot(resolve("strong", think_ms))
    return bot.evaluate(view_of(rnd, rnd.to_move), random.Random(seed))


def _values(rnd: Round, scored: list[MoveValue]) -> tuple[dict[str, float], int]:
    values = {x.move: x.value for x in scored}
    return {format_move(m): round(values[m], 3) for m in rnd.legal_moves()}, max(x.deals for x in scored)


def evaluate(rnd: Round, think_ms: float, seed: int) -> tuple[dict[str, float], int]:
    """The strong bot's value of every legal move of the seat to move, and the deals it sampled."""
    return _values(rnd, _scored(rnd, think_ms, seed))


def explain(rnd: Round, scored: list[MoveValue]) -> dict[str, Any]:
    """``parts`` and ``reasons`` of an evaluation (best first), keyed by the moves' notation (see the
    module text)."""
    view = view_of(rnd, rnd.to_move)
    best = scored[0]
    parts = {format_move(x.move): rounded_parts(x.parts, x.value) for x in scored}
    why: dict[str, list[dict[str, Any]]] = {}
    for x in scored:
        found = (reasons(view, scored, best.move, scored[1].move) if x is best
                 else reasons(view, scored, best.move, x.move))
        why[format_move(x.move)] = [{"kind": r.kind, "points": round(r.points, 3)} for r in found]
    return {"parts": parts, "reasons": why}


def _snapshot(rnd: Round) -> dict[str, Any]:
    return {"layout": " ".join(str(p) for p in rnd.layout.placements),
            "hands": [[str(t) for t in h] for h in rnd.hands],
            "stock": [str(t) for t in rnd.stock[rnd.stock_pos:]],
            "to_move": rnd.to_move, "scores": list(rnd.scores)}


def candidates(game: str, seed: int) -> Iterator[dict[str, Any]]:
    """Positions of one seeded match of bots (before each decision with three or more placements)."""
    players, partnerships = SEATINGS[seed % len(SEATINGS)]
    match = Match(game, players, partnerships, seed=seed)
    rng = random.Random(seed)
    bot = make_bot("strong", think_ms=PLAY_MS)
    for _ in range(3):
        if match.over:
            return
        rnd = match.new_round()
        while not rnd.over:
            if suitable(rnd):
                yield {"game": game, "players": players, "partnerships": partnerships, **_snapshot(rnd)}
            rnd.push(bot.choose(view_of(rnd, rnd.to_move), rng))
        match.end_round()


def exercise_of(pid: str, snap: dict[str, Any], puzzle: dict[str, Any], lesson: str = "puzzles",
                played: str = "", rules: GameRules | None = None) -> Exercise:
    """The puzzle as an exercise; ``played``: the move a learner played there (a puzzle made of their own
    decision asks for the better one); ``rules``: the description of a house-rules game (its puzzles name
    no statements of the rule documents, which describe the built-in games only)."""
    from dominolab.text.words import move_text

    question = WORDS["de"].lessons.ask_practice.format(move=move_text(played, "de")) if played else ""
    question_en = WORDS["en"].lessons.ask_practice.format(move=move_text(played, "en")) if played else ""
    return Exercise(pid, ExerciseKind.BEST_MOVE, snap["game"], snap["players"], snap["partnerships"], snap["layout"],
                    tuple(tuple(h) for h in snap["hands"]), tuple(snap["stock"]), snap["to_move"],
                    tuple(snap["scores"]), RULE_IDS[snap["game"]] if rules is None else (), question, "", "", "",
                    lesson, puzzle, "generated" if not played else "review", question_en=question_en,
                    description=rules)


def position_round(snap: dict[str, Any], rules: GameRules | None = None) -> Round:
    """The round of a snapshot, of its built-in ``game`` or of the house rules ``rules``."""
    from dominolab.core.engine import position

    return position(snap["game"] if rules is None else rules, snap["players"], snap["partnerships"], layout=snap["layout"],
                    hands=snap["hands"], stock=snap["stock"], to_move=snap["to_move"], scores=snap["scores"])


# -- what a puzzle is (the book's puzzles and the play page's practice) --------------------------

def snapshot(rnd: Round) -> dict[str, Any]:
    """The position before ``rnd``'s next move as an exercise's keys (layout, hands, stock, to_move, scores)."""
    return _snapshot(rnd)


def suitable(rnd: Round) -> bool:
    """Whether the position before ``rnd``'s next move can be a puzzle: a placement is chosen (three or more
    legal ones, none owed to a double that keeps the turn) at a layout that is not empty."""
    moves = rnd.legal_moves()
    return (rnd.pending is None and len(moves) >= 3 and isinstance(moves[0], Placement)
            and bool(rnd.layout.placements))


def clear_best(values: dict[str, float]) -> str | None:
    """The move of ``values`` (notation -> value) that leads every other by at least :data:`MARGIN`
    (margin rounded to thousandths, as recorded), or ``None``."""
    ranked = sorted(values.items(), key=lambda kv: -kv[1])
    if len(ranked) < 2 or round(ranked[0][1] - ranked[1][1], 3) < MARGIN:
        return None
    return ranked[0][0]


def puzzle_of(rnd: Round, think_ms: float = THINK_MS, seed: int = 0) -> dict[str, Any] | None:
    """The ``puzzle`` entry of an exercise for the position before ``rnd``'s next move (the strong bot's
    evaluation at ``think_ms`` with ``seed``, from the position alone, with what its feedback explains:
    :func:`explain`), or ``None`` when the position is
    not :func:`suitable` or no move is :func:`clear_best`."""
    if not suitable(rnd):
        return None
    scored = _scored(rnd, think_ms, seed)
    values, deals = _values(rnd, scored)
    if clear_best(values) is None:
        return None
    ranked = sorted(values.values(), reverse=True)
    return {"bot": "strong", "think_ms": float(think_ms), "seed": seed, "deals": deals,
            "margin": round(ranked[0] - ranked[1], 3), "values": values, **explain(rnd, scored)}


def find(game: str, count: int, *, first_seed: int = 1, think_ms: float = THINK_MS,
         log: Any = None) -> list[Exercise]:
    """``count`` puzzles of ``game`` (slow: seconds per evaluated position)."""
    out: list[Exercise] = []
    seed = first_seed
    while len(out) < count:
        per_match = 0
        for snap in candidates(game, seed):
            rnd = position_round(snap)
            quick, _ = evaluate(rnd, SCREEN_MS, seed)
            ranked = sorted(quick.values(), reverse=True)
            if ranked[0] - ranked[1] < SCREEN_MARGIN:
                continue
            eval_seed = seed * 1000 + per_match
            scored = _scored(rnd, think_ms, eval_seed)
            values, deals = _values(rnd, scored)
            ranked = sorted(values.values(), reverse=True)
            margin = round(ranked[0] - ranked[1], 3)
            if margin < MARGIN:
                continue
            pid = f"puzzle-{'hr' if game == 'horse-race' else 'ft'}-{len(out) + 1:02d}"
            puzzle = {"bot": "strong", "think_ms": think_ms, "seed": eval_seed, "deals": deals, "margin": margin,
                      "values": values, **explain(rnd, scored)}
            out.append(exercise_of(pid, snap, puzzle))
            per_match += 1
            if log:
                log(f"{pid}: seed {seed}, margin {margin}")
            if len(out) >= count or per_match >= 2:
                break
        seed += 1
    return out


def explained(ex: Exercise) -> Exercise:
    """``ex`` with ``parts`` and ``reasons`` from its recorded evaluation repeated (the values must not
    change: :func:`verify`)."""
    from dataclasses import replace

    p = ex.puzzle
    rnd = ex.round()
    scored = _scored(rnd, float(p["think_ms"]), int(p["seed"]))
    values, deals = _values(rnd, scored)
    if values != {k: float(v) for k, v in p["values"].items()} or deals != p["deals"]:
        raise ExerciseError(f"puzzle {ex.id}: the evaluation changed; regenerate the puzzles")
    return replace(ex, puzzle={**{k: p[k] for k in ("bot", "think_ms", "seed", "deals", "margin", "values")},
                               **explain(rnd, scored)})


def verify(ex: Exercise) -> None:
    """Repeat the recorded evaluation; raise :class:`ExerciseError` when anything differs."""
    p = ex.puzzle
    values, deals = evaluate(ex.round(), float(p["think_ms"]), int(p["seed"]))
    recorded = {k: float(v) for k, v in p["values"].items()}
    if values != recorded or deals != p["deals"]:
        raise ExerciseError(f"puzzle {ex.id}: the strong bot at {p['think_ms']} ms (seed {p['seed']}) now values the "
                            f"moves {values}, recorded {recorded}")
    if clear_best(values) is None:
        raise ExerciseError(f"puzzle {ex.id}: the best move leads by less than {MARGIN}")


def to_toml(puzzles: list[Exercise]) -> str:
    """The puzzle collection as an exercise file (``lesson = "puzzles"``)."""
    def q(s: str) -> str:
        return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'

    def arr(items: list[str]) -> str:
        return "[" + ", ".join(q(i) for i in items) + "]"

    budget = float(puzzles[0].puzzle["think_ms"]) if puzzles else THINK_MS
    lines = ["# Best-move puzzles from bot games (written by tools/book/make_puzzles.py; do not edit by hand).",
             f"# The strong bot evaluated every legal move at think_ms = {budget:g} ({budget / PAGE_MS:g} times the play",
             f"# page's budget); a puzzle is kept when its best move leads every other by at least {MARGIN} points.",
             'lesson = "puzzles"', f"title = {q(WORDS['de'].lessons.puzzles_title)}",
             f"title_en = {q(WORDS['en'].lessons.puzzles_title)}", ""]
    for ex in puzzles:
        p = ex.puzzle
        lines += ["[[exercise]]", f"id = {q(ex.id)}", 'kind = "best-move"', f"game = {q(ex.game)}",
                  f"rules = {arr(list(ex.rules))}", f"players = {ex.players}",
                  f"partnerships = {'true' if ex.partnerships else 'false'}", f"layout = {q(ex.layout)}",
                  "hands = [" + ", ".join(arr(list(h)) for h in ex.hands) + "]", f"stock = {arr(list(ex.stock))}",
                  f"to_move = {ex.to_move}", f"scores = [{', '.join(str(s) for s in ex.scores)}]",
                  f"puzzle = {{ bot = {q(p['bot'])}, think_ms = {float(p['think_ms'])}, seed = {p['seed']}, "
                  f"deals = {p['deals']}, margin = {float(p['margin'])}, values = {{ "
                  + ", ".join(f"{q(k)} = {float(v)}" for k, v in p["values"].items()) + " }"
                  + (", parts = { " + ", ".join(
                      f"{q(k)} = {{ " + ", ".join(f"{n} = {float(x)}" for n, x in v.items()) + " }"
                      for k, v in p["parts"].items()) + " }" if "parts" in p else "")
                  + (", reasons = { " + ", ".join(
                      f"{q(k)} = [" + ", ".join(f"{{ kind = {q(r['kind'])}, points = {float(r['points'])} }}"
                                                for r in v) + "]" for k, v in p["reasons"].items()) + " }"
                     if "reasons" in p else "")
                  + " }", ""]
    return "\n".join(lines)


# -- practice from one's own mistakes (the play page, after a review) ---------------------------

#: At most this many puzzles ...
PRACTICE_MOST = 3
#: ... from at most this many of the costliest decisions evaluated again (each costs :data:`THINK_MS`).
PRACTICE_TRIES = 6

if TYPE_CHECKING:
    from dominolab.play.review import Review


def practice(review: Review, most: int = PRACTICE_MOST, think_ms: float | None = None,
             tries: int = PRACTICE_TRIES) -> list[Exercise]:
    """Up to ``most`` best-move puzzles (:class:`~dominolab.lessons.model.Exercise`, kind ``best-move``) made of
    the costliest decisions of ``review`` (rating what is not rated yet; :class:`~dominolab.play.review.Review`).

    The candidates are the rows with a choice and a loss of at least :data:`REASONS_FROM` (a label), the
    largest loss first (ties in record order). Of those whose position can be a puzzle
    (:func:`suitable`), at most ``tries`` are evaluated again, each from the
    position alone at ``think_ms`` (default: the puzzles' :data:`THINK_MS`)
    with a seed taken from the position; one becomes a puzzle when its best move leads every other by
    the puzzles' margin (:func:`puzzle_of`) and is not the move played. An
    exercise's id names the position (the same position is the same puzzle, with the same stars). Kept
    per review and arguments: asking again searches nothing."""
    return [ex for _, ex in practice_rows(review, most, think_ms, tries)]


def practice_rows(review: Review, most: int = PRACTICE_MOST, think_ms: float | None = None,
                  tries: int = PRACTICE_TRIES) -> list[tuple[int, Exercise]]:
    """:func:`practice`'s puzzles, each with the review's decision it was made of - the row whose
    "better" column is the puzzle's answer (the page keeps it back until the puzzle is answered)."""
    from dominolab.play.review import check_think

    budget = THINK_MS if think_ms is None else check_think(think_ms)
    key = ("practice", most, budget, tries)
    if key not in review.kept:
        review.kept[key] = _practice(review, most, budget, tries)
    return list(review.kept[key])


def _practice(review: Review, most: int, budget: float, tries: int) -> list[tuple[int, Exercise]]:
    import hashlib
    import json

    from dominolab.play.review import REASONS_FROM, round_at

    rows = [r for r in review.rows() if not r["forced"] and r["loss"] >= REASONS_FROM]
    rows.sort(key=lambda r: (-r["loss"], r["decision"]))
    seating = review.match.seating
    out: list[tuple[int, Exercise]] = []
    tried = 0
    for row in rows:
        if len(out) >= most or tried >= tries:
            break
        d = review.decisions[row["decision"]]
        rnd = round_at(review.match, d.round, d.event)
        if not suitable(rnd):
            continue
        snap = {"game": review.match.rules.name, "players": seating.players, "partnerships": seating.partnerships,
                **snapshot(rnd)}
        text = json.dumps(snap, sort_keys=True)
        digest = hashlib.sha256(text.encode()).hexdigest()
        tried += 1
        house = None if review.match.rules.name in GAMES else review.match.rules   # house rules: from the record
        puzzle = puzzle_of(position_round(snap, house), budget, int(digest[:8], 16))
        if puzzle is None or clear_best(puzzle["values"]) == str(d.move):
            continue
        out.append((row["decision"], exercise_of(f"practice-{digest[:12]}", snap, puzzle, lesson="practice",
                                                 played=str(d.move), rules=house)))
    return out
