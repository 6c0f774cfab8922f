"""dominolab: an exact rules engine for Horse Race and Fives and Threes.

The core (tiles, layout, rules, scoring, engine, records, step texts, examples)
never imports the outer ring (drawing, widgets, CLI).
"""

from .engine import DRAW, PASS, EndReason, Match, Outcome, PlaySource, Round, position
from .errors import DominoError
from .layout import AttachmentPoint, Layout, Placement, Side
from .moves import Move, format_move, parse_move
from .rules import FIVES_AND_THREES, GAMES, HORSE_RACE, GameRules, OpenerRule, Seating, get_game
from .scoring import Settlement, settle_round
from .tiles import ALL_TILES, Tile

__version__ = "0.1.0"

__all__ = [
    "ALL_TILES", "AttachmentPoint", "DRAW", "DominoError", "EndReason", "FIVES_AND_THREES", "GAMES", "GameRules",
    "HORSE_RACE", "Layout", "Match", "Move", "OpenerRule", "Outcome", "PASS", "Placement", "PlaySource", "Round",
    "Seating", "Settlement", "Side", "Tile", "format_move", "get_game", "parse_move", "position", "settle_round",
]
