"""The Python side of the book's play page: JSON in, JSON out (standard library only).

The page's JavaScript runs Pyodide in a Web Worker and calls exactly one
function, :func:`call`, with a method name and a JSON object of arguments; it
gets back one JSON object, ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "<one line>"}``.  Every error a reader can cause (bad
URL parameters, a move that is not legal, a broken record file) comes back as
such a line; nothing else crosses the boundary.

Sessions are kept here by an id the page chooses:

* :class:`PlaySession` - a match of one person against bots: the page's face
  on :class:`dominolab.play.session.Session` (the same session ``dominolab
  play`` drives): the state for the person's seat (drawing with the attachment
  points of the legal moves marked, hand, legal moves with their notation and
  what each scores - the play, and separately a settlement that follows -,
  events with step texts, score track, settlement; every sentence about the round is
  :mod:`dominolab.text.narrate`'s, seen from the person's seat), moves (read once by the
  engine's parser, :func:`~dominolab.core.moves.parse_move`, and judged by the engine alone:
  a refusal carries its reason code, told in the call's language), bot moves one at a
  time, a hint (until the next move), undo of the person's last move, the next
  round, the record so far.
* :class:`RecordSession` - a record file opened in the page: replayed and
  checked by the engine (:func:`dominolab.core.record.replay`), then stepped through.
* :class:`TryItSession` - the „Probier es aus“ box (:class:`dominolab.pictures.tryit.TryIt`).

The review of a game (:mod:`dominolab.play.review`, the figures of ``dominolab review --json``):
``review_plan``, ``review_rate`` (one decision, ``decision``: its number), ``review_summary``
``continue_from`` (a new play session, stored under ``id``, at the position before a
decision) and ``review_practice`` (the learner's costliest decisions as puzzles, in the lessons'
page data, :mod:`dominolab.lessons.page`, which the book's lessons use too) take ``sid`` (a play or record session: its match so far) or ``record`` (a record's
text, refused in ``replay``'s words), and optionally ``seat`` (0-based; default the person's seat
of a play session, else every seat) and ``think_ms`` (default
:data:`~dominolab.play.review.REVIEW_THINK_MS`). Rated rows are kept per reviewed match, seats
and budget (:data:`REVIEWS`), so ``review_summary`` after every ``review_rate`` rates nothing again.

The package, one module per part of the page (none of them imports another face):

* :mod:`.dispatch` - :func:`call`, its arguments, its language and its one-line refusals;
* :mod:`.play` - the catalogue, the URL's parameters and :class:`PlaySession`;
* :mod:`.records` - :class:`RecordSession` and a record's position;
* :mod:`.tryit` - :class:`TryItSession`;
* :mod:`.review` - the review, continuing from a decision, and the practice;
* :mod:`.common` - the page's words, errors and sessions, shared by the others.

>>> import json
>>> out = json.loads(call("new", json.dumps({"id": "t", "params": {"game": "horse-race", "players": "2", "seed": "7"}})))
>>> out["ok"], out["result"]["state"] in ("your-turn", "waiting")
(True, True)
>>> json.loads(call("play", '{"id": "t", "move": "[9|9]"}'))["ok"]
False
"""

from __future__ import annotations

from dominolab.webapi.common import DEFAULT_BOT, JSON, MAX_SESSIONS, SESSIONS, WebError, level_label
from dominolab.webapi.dispatch import MAX_ARGS_CHARS, MAX_ARGS_DEPTH, METHODS, call
from dominolab.webapi.play import PlaySession, catalog, parse_params, parse_params_keeping
from dominolab.webapi.records import MAX_INDEX, RecordSession, parse_record_text
from dominolab.webapi.review import MAX_REVIEWS, REVIEWS
from dominolab.webapi.tryit import TryItSession

__all__ = ["DEFAULT_BOT", "JSON", "MAX_ARGS_CHARS", "MAX_ARGS_DEPTH", "MAX_INDEX", "MAX_REVIEWS", "MAX_SESSIONS",
           "METHODS", "PlaySession", "REVIEWS", "RecordSession", "SESSIONS", "TryItSession", "WebError", "call", "catalog",
           "level_label", "parse_params", "parse_params_keeping", "parse_record_text"]
