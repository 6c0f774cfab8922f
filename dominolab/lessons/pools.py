"""Pools of exercises per kind and game, drawn from seeded games ("Neue Aufgabe").

Greedy and random play of seeded matches gives positions; each kind takes the
positions that make a sensible exercise of it (a placement that scores for every
second *what-does-it-score*, a tile with a choice of points for *where-may-it-go*,
a goal that not every legal move reaches, every token for *what-happens-next*,
rounds that end by a domino or a block for *settle-the-round*). Everything is
deterministic: the same seeds give the same pools in every build.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Iterator

from dominolab.core.engine import DRAW, Match, Round, greedy_policy, random_policy
from dominolab.core.errors import DominoError
from dominolab.core.layout import Placement
from dominolab.core.moves import format_move
from dominolab.core.rules import GAMES
from dominolab.core.scoring import EndReason
from dominolab.lessons.kinds import ExerciseKind
from dominolab.lessons.model import TOKENS, Exercise, ExerciseError, next_token, solve

POOL_SIZE = 20
POOL_KINDS = tuple(k for k in ExerciseKind if k is not ExerciseKind.BEST_MOVE)   # puzzles come from lessons.puzzles

#: The statements each kind practises, per game.
RULE_IDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("horse-race", ExerciseKind.PLACE_TO_GOAL): ("hr.score.sum-of-scored-ends", "hr.score.positive-multiple-of-five"),
    ("horse-race", ExerciseKind.WHERE_MAY_IT_GO): ("hr.play.matching-half", "hr.spinner.line-sides-first"),
    ("horse-race", ExerciseKind.WHAT_DOES_IT_SCORE): ("hr.score.sum-of-scored-ends", "hr.score.positive-multiple-of-five"),
    ("horse-race", ExerciseKind.WHAT_HAPPENS_NEXT): ("hr.stay.double-from-hand", "hr.stay.scoring-from-hand", "hr.draw.until-playable"),
    ("horse-race", ExerciseKind.SETTLE_THE_ROUND): ("hr.settle.opponents-summed-then-rounded", "hr.settle.rounding"),
    ("fives-and-threes", ExerciseKind.PLACE_TO_GOAL): ("ft.score.threes-and-fives", "ft.score.two-outer-ends"),
    ("fives-and-threes", ExerciseKind.WHERE_MAY_IT_GO): ("ft.play.two-line-ends", "ft.double.no-spinner"),
    ("fives-and-threes", ExerciseKind.WHAT_DOES_IT_SCORE): ("ft.score.threes-and-fives", "ft.score.two-outer-ends"),
    ("fives-and-threes", ExerciseKind.WHAT_HAPPENS_NEXT): ("ft.turns.clockwise", "ft.pass.knock-passes-turn", "ft.pass.never-draws"),
    ("fives-and-threes", ExerciseKind.SETTLE_THE_ROUND): ("ft.end.domino-bonus", "ft.target.event-void-beyond-61"),
}
SEATINGS = ((2, False), (3, False), (4, True), (2, False))
SHORT = {"horse-race": "hr", "fives-and-threes": "ft"}
#: The largest layout a pool exercise shows, per kind (small drawings read quickly and keep the pages
#: light; settlements, blocks and passes come late in a round).
MAX_TILES: dict[str, int] = {
    ExerciseKind.PLACE_TO_GOAL: 6, ExerciseKind.WHERE_MAY_IT_GO: 6, ExerciseKind.WHAT_DOES_IT_SCORE: 5,
    ExerciseKind.WHAT_HAPPENS_NEXT: 8, ExerciseKind.SETTLE_THE_ROUND: 10}


def _snapshots(game: str, seed: int) -> Iterator[tuple[dict[str, Any], Any, Round]]:
    """(position data, the move made there, the round just after it) along a seeded match."""
    players, partnerships = SEATINGS[seed % len(SEATINGS)]
    if (players, partnerships) not in {(s.players, s.partnerships) for s in GAMES[game].hand_sizes}:
        players, partnerships = 2, False
    match = Match(game, players, partnerships, seed=seed)
    rng = random.Random(seed)
    policy = greedy_policy if seed % 2 else random_policy
    for _ in range(2):
        if match.over:
            return
        rnd = match.new_round()
        while not rnd.over:
            move = policy(rnd, rng)
            if rnd.pending is None and rnd.layout.placements:
                snap = {"layout": " ".join(str(p) for p in rnd.layout.placements),
                        "hands": tuple(tuple(str(t) for t in h) for h in rnd.hands),
                        "stock": tuple(str(t) for t in rnd.stock[rnd.stock_pos:]),
                        "to_move": rnd.to_move, "scores": tuple(rnd.scores),
                        "players": players, "partnerships": partnerships}
                rnd.push(move)
                yield snap, move, rnd
            else:
                rnd.push(move)
        match.end_round()


def _exercise(game: str, kind: str, n: int, snap: dict[str, Any], **kw: str) -> Exercise:
    return Exercise(f"pool-{SHORT[game]}-{kind}-{n:02d}", kind, game, snap["players"], snap["partnerships"],
                    snap["layout"], snap["hands"], snap["stock"], snap["to_move"], snap["scores"],
                    RULE_IDS[(game, kind)], lesson=f"pool:{kind}", source="dominolab.lessons.pools",
                    move=kw.get("move", ""), tile=kw.get("tile", ""), goal=kw.get("goal", ""))


def _fresh(ex: Exercise) -> Round:
    return ex.round()


def _wanted(game: str, kind: str, snap: dict[str, Any], move: Any, after: Round, n: int) -> dict[str, str] | None:
    """The extra keys that make ``snap`` an exercise of ``kind`` (``None``: not a good one)."""
    if len(snap["layout"].split()) > MAX_TILES[kind]:
        return None                    # small drawings: quicker to read, lighter pages
    probe = _exercise(game, kind, n, snap)
    rnd = _fresh(probe)
    if kind == ExerciseKind.WHAT_DOES_IT_SCORE:
        if not isinstance(move, Placement):
            return None
        scores = rnd.rules.credit(rnd.layout.end_sum_after(move.tile, move.at)) > 0
        return {"move": str(move)} if scores == (n % 2 == 0) else None
    if kind == ExerciseKind.WHERE_MAY_IT_GO:
        free = len(rnd.layout.open)
        if free < 2:
            return None
        need = 2 if n % 2 == 0 and free >= 3 else 1
        for tile in rnd.hands[rnd.to_move]:
            points = rnd.layout.points_for(tile)
            if len(points) >= need and len(points) < free:
                return {"tile": str(tile)}
        return None
    if kind == ExerciseKind.PLACE_TO_GOAL:
        plays = [m for m in rnd.legal_moves() if isinstance(m, Placement)]
        if len(plays) < 3:
            return None
        gains = [rnd.gain(m) for m in plays]
        best = max(gains)
        if best <= 0 or gains.count(best) == len(gains):
            return None
        if n % 3 == 0:
            return {"goal": "most"}
        if n % 3 == 1:
            return {"goal": f"points:{best}"}
        sums = [rnd.layout.end_sum_after(m.tile, m.at) for m in plays]
        return {"goal": f"sum:{sums[gains.index(best)]}"}
    if kind == ExerciseKind.WHAT_HAPPENS_NEXT:
        rules = GAMES[game]
        tokens = [t for t in TOKENS if (rules.drawing or t not in ("draw", "play-drawn"))
                  and (rules.stay_on_turn or t != "continue")]
        want = tokens[n % len(tokens)]
        text = "draw" if move is DRAW else format_move(move) if isinstance(move, Placement) else ""
        for extra in ({"move": text} if text else None, {}):
            if extra is None:
                continue
            try:
                token, _ = next_token(_exercise(game, kind, n, snap, **extra))
            except DominoError:
                continue
            if token == want:
                return extra
        return None
    if kind == ExerciseKind.SETTLE_THE_ROUND:
        if not after.over or after.end is EndReason.TARGET or not isinstance(move, Placement) and move is not DRAW:
            return None
        return {"move": "draw" if move is DRAW else format_move(move)}
    return None


@lru_cache(maxsize=None)
def pool(game: str, kind: str, size: int = POOL_SIZE) -> tuple[Exercise, ...]:
    """``size`` exercises of ``kind`` in ``game`` from seeded matches (the same every time)."""
    out: list[Exercise] = []
    seen: set[tuple[str, str]] = set()
    n = 0
    for seed in range(1, 1500):
        for snap, move, after in _snapshots(game, seed):
            extra = _wanted(game, kind, snap, move, after, n)
            if extra is None or (snap["layout"], str(extra)) in seen:
                continue
            ex = _exercise(game, kind, n + 1, snap, **extra)
            try:
                solve(ex)
            except ExerciseError:
                continue
            seen.add((snap["layout"], str(extra)))
            out.append(ex)
            n += 1
            if len(out) >= size:
                return tuple(out)
            break                      # one exercise per match: variety
    raise ExerciseError(f"pool {game}/{kind}: found only {len(out)} of {size} exercises")
