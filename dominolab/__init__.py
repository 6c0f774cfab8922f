"""dominolab: an exact rules engine for Horse Race and Fives and Threes.

The package is built in layers; every arrow points inward:

- ``dominolab.core`` - the standard-library core: tiles, layout, moves, the game
  descriptions (rules as data), scoring, rounds and matches, history, what a
  seat may see, records and the bounded file reader. It imports nothing
  outside itself.
- ``dominolab.text`` - words and sentences (step texts, narration, text drawings).
- ``dominolab.pictures`` - geometry, scenes and their writers (SVG, Matplotlib).
- ``dominolab.play`` - opponents, the person-against-bots session, tournaments.
- ``dominolab.verify`` - the example catalogue, the document checker, golden matches,
  rule coverage and interpretations.
- faces: ``dominolab.cli`` (the command line), ``dominolab.webapi`` (the page's
  API), ``dominolab.book`` (book helpers and widgets), ``dominolab.pytest_plugin``.

``tests/core/test_layers.py`` states the allowed arrows.
"""

from dominolab.core.engine import DRAW, PASS, EndReason, Match, Outcome, PlaySource, Round, position
from dominolab.core.display import set_svg_writer
from dominolab.core.errors import DominoError
from dominolab.core.layout import AttachmentPoint, Layout, Placement, Side
from dominolab.core.moves import Move, format_move, parse_move
from dominolab.core.gamefile import load_rules, loads_rules, registered_games, rules_to_toml
from dominolab.core.rules import FIVES_AND_THREES, GAMES, HORSE_RACE, GameRules, OpenerRule, SpinnerRule, get_game
from dominolab.core.seating import Seating
from dominolab.core.scoring import Settlement, settle_round
from dominolab.core.tiles import ALL_TILES, Tile

__version__ = "0.1.0"


def _draw(value: object) -> str:
    """Draw a Tile, Layout or Round with the light SVG writer (loaded on first use)."""
    from dominolab.pictures import svg

    return svg.svg_of(value)


set_svg_writer(_draw)

__all__ = [
    "ALL_TILES", "AttachmentPoint", "DRAW", "DominoError", "EndReason", "FIVES_AND_THREES", "GAMES", "GameRules",
    "HORSE_RACE", "Layout", "Match", "Move", "OpenerRule", "Outcome", "PASS", "Placement", "PlaySource", "Round",
    "Seating", "Settlement", "Side", "SpinnerRule", "Tile", "format_move", "get_game", "load_rules", "loads_rules",
    "parse_move", "position", "registered_games", "rules_to_toml", "settle_round",
]
