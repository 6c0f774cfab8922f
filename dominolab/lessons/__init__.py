"""Lessons: exercises as data, answers from the engine (see :mod:`dominolab.lessons.model`).

Layer: imports ``core``, ``text``, ``play`` and ``pictures`` (the page data draws); the faces (``cli``, ``book``, ``webapi``)
and ``verify`` (``dominolab check``) use it.

* :mod:`.model` - :class:`Exercise`, :func:`solve` (answers, choices, German explanations);
* :mod:`.files` - the exercise file format (TOML), strict loading;
* :mod:`.pools` - pools of seeded exercises per kind and game ("Neue Aufgabe");
* :mod:`.puzzles` - best-move puzzles from bot games (generated offline, re-verified);
* :mod:`.catalogue` - the built-in lessons and the JSON listing (``dominolab exercises``);
* :mod:`.page` - a lesson's page data for lessons.js (the book's lesson pages, the play page's practice).
"""

from dominolab.lessons.model import KINDS, TOKENS, Choice, Exercise, ExerciseError, Solution, solve

__all__ = ["Choice", "Exercise", "ExerciseError", "KINDS", "Solution", "TOKENS", "solve"]
