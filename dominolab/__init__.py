"""dominolab: an exact rules engine for Horse Race and Fives and Threes.

The core (tiles, layout, rules, scoring, engine, records, step texts, examples)
never imports the outer ring (drawing, widgets, CLI).
"""

from .engine import DRAW, PASS, Match, Round
from .errors import DominoError
from .layout import AttachmentPoint, Layout, Placement, Side
from .rules import FIVES_AND_THREES, GAMES, HORSE_RACE, GameRules, get_game
from .tiles import ALL_TILES, Tile

__version__ = "0.1.0"

__all__ = [
    "ALL_TILES", "AttachmentPoint", "DRAW", "DominoError", "FIVES_AND_THREES", "GAMES", "GameRules",
    "HORSE_RACE", "Layout", "Match", "PASS", "Placement", "Round", "Side", "Tile", "get_game",
]
