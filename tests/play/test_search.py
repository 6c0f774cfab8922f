"""The search-bot protocol: both search bots answer with the same types, in the same order."""

from __future__ import annotations

import random

import pytest

from dominolab.core.engine import Match, random_policy
from dominolab.core.view import view_of
from dominolab.play.levels import LEVELS, UNRATED, Advisor, make_search_bot
from dominolab.play.search import Hint, MoveValue


def _views(game: str, seed: int, count: int):
    rnd = Match(game, 2, seed=seed).new_round()
    rng = random.Random(seed)
    while rnd.end is None and count:
        view = view_of(rnd, rnd.to_move)
        if len(view.legal_moves()) > 1:
            count -= 1
            yield view
        rnd.push(random_policy(rnd, rng))


@pytest.mark.parametrize("level", [lv for lv in LEVELS + UNRATED if lv.searches], ids=lambda lv: lv.name)
@pytest.mark.parametrize("game", ["horse-race", "fives-and-threes"])
def test_every_search_bot_values_moves_best_first_and_hints_the_best(level, game):
    bot = make_search_bot(level._replace(think_ms=3.0))
    for view in _views(game, 7, 4):
        scored = bot.evaluate(view, random.Random(1))
        assert all(type(x) is MoveValue for x in scored)
        assert sorted(str(x.move) for x in scored) == sorted(str(m) for m in view.legal_moves())
        assert [x.value for x in scored] == sorted((x.value for x in scored), reverse=True)
        # every move on the same deals; a racing search (the expert) stops clearly worse moves early, on the
        # first of them, and its best move has the most
        assert scored[0].deals == max(x.deals for x in scored) > 0 and min(x.deals for x in scored) > 0
        if level.bot == "strong":
            assert len({x.deals for x in scored}) == 1
        assert all(x.stderr >= 0 for x in scored)
        hint = bot.hint(view, random.Random(1))
        assert type(hint) is Hint and hint.move == scored[0].move and hint.value == scored[0].value
        assert bot.choose(view, random.Random(1)) == scored[0].move      # it plays the move it advises


def test_the_advisor_passes_its_bots_answers_through():
    level = [lv for lv in LEVELS if lv.bot == "expert"][0]._replace(think_ms=3.0)
    advisor = Advisor(level)
    view = next(_views("horse-race", 3, 1))
    assert advisor.evaluate(view, random.Random(2)) == make_search_bot(level).evaluate(view, random.Random(2))
    assert advisor.hint(view, random.Random(2)) == make_search_bot(level).hint(view, random.Random(2))
