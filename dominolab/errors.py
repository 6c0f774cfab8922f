"""Error hierarchy: every user-facing problem is a :class:`DominoError`.

The levels follow python-chess: a syntax error needs no position, an illegal
move is judged against one, a record error names the first wrong event.
All are ``ValueError`` subclasses so callers can catch either.
"""


class DominoError(ValueError):
    """Base class of every error dominolab raises for bad input."""


class NotationError(DominoError):
    """Text that is not valid tile, point, placement or layout notation."""


class IllegalPlacement(DominoError):
    """A well-formed placement that breaks a rule in the current layout."""


class IllegalMove(DominoError):
    """A move (play, draw, pass) that is not legal in the current round state."""


class SeatingError(DominoError):
    """A player count or partnership choice the game does not allow."""


class UnknownGame(DominoError):
    """A game name that is not one of the described games."""


class RecordError(DominoError):
    """A game record that is unreadable or inconsistent with the rules."""


class ExampleError(DominoError):
    """An example file that does not follow the catalogue format."""
