"""The review of a game in the page (:mod:`dominolab.play.review`, the figures of ``dominolab review
--json``), continuing from a decision, and the learner's practice: their costliest decisions as
puzzles in the lessons' page data (:mod:`dominolab.lessons.page`)."""

from __future__ import annotations

import hashlib
from typing import Any

from dominolab.core.errors import shorten
from dominolab.play.review import REVIEW_THINK_MS, Review, check_think, continue_from, match_of_record
from dominolab.text.language import current
from dominolab.text.words import WORDS
from dominolab.webapi.common import (DEFAULT_BOT, JSON, SESSIONS, WebError, level_name, move_words, page_words,
                                     store)
from dominolab.webapi.play import PlaySession, opponents
from dominolab.webapi.records import RecordSession, parse_record_text

__all__ = ["MAX_REVIEWS", "REVIEWS", "continue_from_decision", "review_plan", "review_practice", "review_rate",
           "review_summary"]

# -- the review of a game (dominolab.play.review) ----------------------------------------------

#: Reviews by what they review (a session at its moves so far, or a record's text), seats and budget:
#: rated rows are kept, so review_summary after every review_rate rates nothing again.
REVIEWS: dict[tuple[Any, ...], Review] = {}
MAX_REVIEWS = 8


def _review_source(args: JSON) -> tuple[tuple[Any, ...], Any, Any]:
    """(cache key of what is reviewed, its match, the page session or None) from ``sid`` or ``record``."""
    if args.get("sid") is not None:
        if args.get("record") is not None:
            raise WebError("give either 'sid' (a session) or 'record' (a record's text), not both")
        sid = str(args["sid"])
        session = SESSIONS.get(sid)
        if isinstance(session, PlaySession):
            return ("play", sid, id(session), tuple(map(str, session.session.moves))), session.match, session
        if isinstance(session, RecordSession):
            return ("record-session", sid, id(session)), session.match, session
        raise WebError(f"no play or record session {shorten(sid)}; start one first", code="no-session")
    text = args.get("record")
    if not isinstance(text, str):
        raise WebError("give 'sid' (a session) or 'record' (a record's text as a string)")
    name = str(args.get("name") or "record")
    digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    key = ("record", name, digest)
    for (k, *_), review in REVIEWS.items():       # the same record reviewed before: no second replay
        if k == key:
            return key, review.match, None
    return key, match_of_record(parse_record_text(text, name), name), None


def _review(args: JSON) -> tuple[Review, Any]:
    """The review the arguments name (from the cache, or planned now) and the page session it reviews."""
    source, match, session = _review_source(args)
    seat = args.get("seat")
    if seat is None:
        seats = [session.seat] if isinstance(session, PlaySession) else list(range(match.seating.players))
    elif isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.seating.players:
        raise WebError(f"seat: no seat {repr(seat)[:40]} with {match.seating.players} players "
                       f"(seats 0 to {match.seating.players - 1})", code="review-seat")
    else:
        seats = [seat]
    think = args.get("think_ms", REVIEW_THINK_MS)
    key = (source, tuple(seats), repr(think))
    review = REVIEWS.get(key)
    if review is None:
        review = Review(match, seats, think_ms=think)     # checks the budget (one line)
        if len(REVIEWS) >= MAX_REVIEWS:
            REVIEWS.pop(next(iter(REVIEWS)))
        REVIEWS[key] = review
    return review, session


def review_plan(args: JSON) -> JSON:
    review, _ = _review(args)
    return review.head() | {
        "count": len(review.decisions),
        "decisions": [{"decision": d.ordinal, "round": d.round, "event": d.event, "seat": d.seat,
                       "played": move_words(d.move, review.match.rules), "notation": str(d.move)} for d in review.decisions],
        "words": {"labels": dict(page_words().review_labels), "forced": page_words().review_forced, "head": list(page_words().review_head),
                  "review": page_words().review, "continue": page_words().review_continue,
                  "level": page_words().review_level.format(bot=level_name(review.advisor.level), ms=f"{review.think_ms:g}")}}


def _in_lang(item: JSON, key: str) -> JSON:
    """``item`` with its ``key`` in the call's language: the review writes German under ``key`` and English
    under ``key_en``; for an English call ``key`` holds the English (both stay for developers)."""
    if current() == "en" and f"{key}_en" in item:
        return item | {key: item[f"{key}_en"], f"{key}_de": item[key]}
    return item


def review_rate(args: JSON) -> JSON:
    review, _ = _review(args)
    row = review.rate(review.rate_check(args.get("decision")))
    rules = review.match.rules
    out = row | {"played_text": move_words(row["played"], rules), "best_text": move_words(row["best"], rules),
                 "reasons": [_in_lang(r, "sentence") for r in row.get("reasons", [])]}
    if row.get("no_reason"):
        out["no_reason"] = _in_lang(row["no_reason"], "sentence")
    return out


def review_summary(args: JSON) -> JSON:
    review, _ = _review(args)
    summary = review.summary()
    out: JSON = review.head() | _summary_in_lang(summary)
    return out


def _summary_in_lang(value: Any) -> Any:
    """The review's summary with every reason tally's ``text`` in the call's language (nested tallies too)."""
    if isinstance(value, dict):
        out = {k: _summary_in_lang(v) for k, v in value.items()}
        return _in_lang(out, "text") if "kind" in out and "text" in out else out
    if isinstance(value, list):
        return [_summary_in_lang(v) for v in value]
    return value


def review_practice(args: JSON) -> JSON:
    """Up to three of the reviewed learner's costliest decisions as best-move puzzles
    (:func:`dominolab.lessons.puzzles.practice`), in the lessons' page data
    (:func:`dominolab.lessons.page.lesson_data`, the hand's pictures kept), so the lessons' script
    answers them; also ``think_ms``, ``margin`` and ``decisions`` (each puzzle's id -> the decision it was
    made of, whose "better" column answers it). ``practice_ms``: the puzzles' budget (default
    :data:`dominolab.lessons.puzzles.THINK_MS`). Their texts (questions, feedback, rules) are in the
    call's language, the language context :func:`~dominolab.webapi.dispatch.call` set. The lessons are
    imported here, on the first practice: the page's start (``import dominolab.webapi``) stays without them."""
    from dominolab.lessons import puzzles
    from dominolab.lessons.page import lesson_data

    review, _ = _review(args)
    budget = check_think(args.get("practice_ms", puzzles.THINK_MS), "practice_ms")
    rows = puzzles.practice_rows(review, think_ms=budget)
    found = [ex for _, ex in rows]
    data = lesson_data("practice", WORDS[current()].lessons.practice_title, review.match.rules.name, found,
                       pictures=True)
    # the decision each puzzle was made of: the page keeps that row's better move back until it is answered
    return data | {"think_ms": float(budget), "margin": puzzles.MARGIN, "decisions": {ex.id: d for d, ex in rows}}


def continue_from_decision(args: JSON) -> JSON:
    """A new play session (stored under ``id``, as ``new`` does) at the position before decision ``decision``."""
    review, source = _review(args)
    k = review.rate_check(args.get("decision"))
    d = review.decisions[k]
    seating = review.match.seating
    given = args.get("bots")
    if given is not None:
        names = [b.strip() for b in (given if isinstance(given, list) else str(given).split(",")) if str(b).strip()]
        names = [str(b) for b in names] or [DEFAULT_BOT]
    elif isinstance(source, PlaySession) and source.seat == d.seat:
        names = [b for b in source.bots if b is not None]
    else:
        names = [DEFAULT_BOT]
    names = opponents(names, seating, "bots")
    seed = source.seed if isinstance(source, PlaySession) else 0
    page = PlaySession(review.match.rules, seating.players, seating.partnerships, d.seat, names, seed)
    after = [(d.seat + j) % seating.players for j in range(1, seating.players)]
    page.session = continue_from(review, k, [b for s in after if (b := page.bots[s]) is not None], seed)
    store(str(args.get("id", "")), page)
    return page.state()
