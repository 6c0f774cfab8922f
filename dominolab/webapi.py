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
  :mod:`dominolab.text.narrate`'s, seen from the person's seat), moves (read by the
  engine's parser, :func:`~dominolab.core.moves.parse_move`), bot moves one at a
  time, a hint (until the next move), undo of the person's last move, the next
  round, the record so far.
* :class:`RecordSession` - a record file opened in the page: replayed and
  checked by the engine (:func:`dominolab.core.record.replay`), then stepped through.
* :class:`TryItSession` - the „Probier es aus“ box (:class:`dominolab.pictures.tryit.TryIt`).

The review of a game (:mod:`dominolab.play.review`, the figures of ``dominolab review --json``):
``review_plan``, ``review_rate`` (one decision, ``decision``: its number), ``review_summary``
``continue_from`` (a new play session, stored under ``id``, at the position before a
decision) and ``review_practice`` (the learner's costliest decisions as puzzles, shown with the
book's lesson machinery: the one place where the page face uses the book face) take ``sid`` (a play or record session: its match so far) or ``record`` (a record's
text, refused in ``replay``'s words), and optionally ``seat`` (0-based; default the person's seat
of a play session, else every seat) and ``think_ms`` (default
:data:`~dominolab.play.review.REVIEW_THINK_MS`). Rated rows are kept per reviewed match, seats
and budget (:data:`REVIEWS`), so ``review_summary`` after every ``review_rate`` rates nothing again.

>>> out = json.loads(call("new", json.dumps({"id": "t", "params": {"game": "horse-race", "players": "2", "seed": "7"}})))
>>> out["ok"], out["result"]["state"] in ("your-turn", "waiting")
(True, True)
>>> json.loads(call("play", '{"id": "t", "move": "[9|9]"}'))["ok"]
False
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import json
import random
from contextvars import ContextVar
from typing import Any, Callable, Mapping

from dominolab.play.levels import LEVELS, Level, advisor, advisor_level, resolve
from dominolab.play.review import REVIEW_THINK_MS, Review, check_think, continue_from, match_of_record
from dominolab.play.session import Session
from dominolab.core.engine import DRAW, PASS, PlayEvent, Round, SettleEvent
from dominolab.core.tiles import ALL_TILES
from dominolab.core.errors import DominoError, RecordError, RecordFormatError, shorten
from dominolab.core.history import Position, positions
from dominolab.core.layout import Layout, Placement
from dominolab.core.moves import format_move, parse_move
from dominolab.text.narrate import (event_text, hand_rows, points_text, round_end_text, round_summary, seat_name,
                                    settlement_text, side_name, why_again)
from dominolab.core.record import loads_record, match_to_record, replay
from dominolab.core.gamefile import rules_from_data, rules_to_data
from dominolab.core.rules import GAMES, GameRules, Seating, get_game
from dominolab.text.steptext import step_lines
from dominolab.text.words import (WORDS, PageWords, and_list, capital, count, error_sentence, move_text, pass_words, person,
                                  point_text, seat_name as seen_from)
from dominolab.pictures.svg import hand_svg, layout_svg, score_track_svg, settlement_svg, tile_svg
from dominolab.pictures.tryit import TryIt

__all__ = ["PlaySession", "RecordSession", "TryItSession", "call", "catalog", "parse_params", "parse_params_keeping"]

JSON = dict[str, Any]

#: The opponent when the URL names none (a level of :data:`dominolab.play.levels.LEVELS`; the page
#: offers every level, each with its own budget; hints and the review ask the advisor,
#: :func:`dominolab.play.levels.advisor`).
DEFAULT_BOT = "greedy"
#: The languages a call may ask for (``lang``; default German, the book's first language).
LANGS: tuple[str, ...] = ("de", "en")
#: The language of the call being served (set by :func:`call` from its ``lang`` argument).
_LANG: ContextVar[str] = ContextVar("dominolab_webapi_lang", default="de")


def _lang() -> str:
    """The language of the call being served (``de`` or ``en``)."""
    return _LANG.get()


def _page() -> PageWords:
    """The page's words (dominolab.text.words) in the language of the call being served."""
    return WORDS[_lang()].page


def _level_name(level: Level) -> str:
    """A level's name in the call's language (``stark``, ``strong``)."""
    return WORDS[_lang()].bots[level.name]


class WebError(DominoError):
    """A request of the page that cannot be served (bad parameter, unknown session...)."""


# -- small helpers ------------------------------------------------------------------

def _seating_label(seating: Seating) -> str:
    return _page().players.format(n=seating.players) + (_page().in_partnerships if seating.partnerships else "")


def level_label(level: Level) -> str:
    """A level as the page names it: ``4 – stark``; ``4 – stark (100 ms)`` with a budget of its own."""
    # a rated level with its number; a named bot that is no level (number 0: strong) by its name alone
    label = (_page().level_label.format(number=level.number, name=_level_name(level)) if level.number
             else _level_name(level))
    if level.label != level.name:
        ms = f"{level.think_ms:g}"
        label = _page().level_budget.format(label=label, ms=ms.replace(".", ",") if _lang() == "de" else ms)
    return label


def catalog() -> JSON:
    """Games, their seatings and the levels the page offers (for its choice fields)."""
    adviser = advisor_level()         # its level only: the catalogue builds no bot
    return {
        "games": [{"name": g.name, "title": g.title, "target": g.target,
                   "seatings": [{"players": s.players, "partnerships": s.partnerships,
                                 "label": _seating_label(s),
                                 "sides": [s.side_of(seat) for seat in range(s.players)]}
                                for s in g.hand_sizes]}
                  for g in GAMES.values()],
        # every level, weakest first: value of the choice field (name), its German label and what it plays
        "levels": [{"number": lv.number, "name": lv.name, "german": lv.german, "label": level_label(lv),
                    "about": WORDS[_lang()].level_about[lv.number], "think_ms": lv.think_ms} for lv in LEVELS],
        # seat_names[players][me][seat]: the seats as the person at ``me`` sees them
        "seat_names": {str(n): [[seen_from(s, me, n, _lang()) for s in range(n)] for me in range(n)] for n in (2, 3, 4)},
        "default_bot": DEFAULT_BOT,
        "advisor": _level_name(adviser),      # the level whose search gives hints and rates a review
        "lang": _lang(),
        "words": {"hint_thinking": _page().hint_thinking.format(bot=_level_name(adviser))},
    }


def _flag(value: str, name: str) -> bool:
    text = value.strip().lower()
    if text in ("1", "true", "yes", "ja"):
        return True
    if text in ("", "0", "false", "no", "nein"):
        return False
    raise WebError(f"URL parameter '{name}': {shorten(value)} is not 0 or 1")


def _int(value: str, name: str) -> int:
    try:
        return int(value.strip())
    except ValueError:
        raise WebError(f"URL parameter '{name}': {shorten(value)} is not a whole number") from None


def _opponents(names: list[str], seating: Seating, what: str) -> list[str]:
    """The levels of the other seats, one for all of them or one each (``what`` names the source): a number,
    name or German name, optionally ``@MS`` (:func:`dominolab.play.levels.resolve`); each is returned as its
    level's label (``4`` and ``stark`` as ``strong``), the value of the page's choice field."""
    try:
        names = [resolve(b).label for b in names]
    except DominoError as exc:
        raise WebError(f"{what}: {exc}") from None
    if len(names) == 1:
        names = names * (seating.players - 1)
    if len(names) != seating.players - 1:
        raise WebError(f"{what}: {len(names)} names for {seating.players - 1} opponents")
    return names


def parse_params(params: Mapping[str, Any]) -> JSON:
    """Validate the page's URL parameters; return the settings of a new match.

    Parameters (all optional): ``game`` (``horse-race`` or ``fives-and-threes``),
    ``players``, ``partnerships`` (0/1), ``seat`` (the person's seat), ``bots``
    (comma-separated levels - number, name or German name, ``NAME@MS`` -, one per
    opponent seat in seat order, or one for all), ``seed`` (whole number; the same seed deals the same hands).
    """
    p = {str(k): ",".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
         for k, v in params.items() if v is not None and k != "rules"}
    if params.get("rules") is not None:      # house rules: the description file's keys as a JSON object
        if p.get("game", "").strip():
            raise WebError("give either 'game' or 'rules' (a game description), not both")
        rules = _house_rules(params["rules"])
    else:
        try:
            rules = get_game(p.get("game", "horse-race").strip() or "horse-race")
        except DominoError:
            raise WebError(f"URL parameter 'game': {shorten(p.get('game', ''))} is not a game; "
                           f"choose one of: {', '.join(GAMES)}") from None
    first = next(iter(rules.hand_sizes))
    players = _int(p["players"], "players") if p.get("players", "").strip() else first.players
    partnerships = _flag(p.get("partnerships", ""), "partnerships")
    try:
        seating = rules.seating(players, partnerships)
    except DominoError as exc:
        raise WebError(f"URL parameters 'players'/'partnerships': {exc}") from None
    seat = _int(p["seat"], "seat") if p.get("seat", "").strip() else 0
    if not 0 <= seat < seating.players:
        raise WebError(f"URL parameter 'seat': no seat {seat} with {seating.players} players "
                       f"(seats 0 to {seating.players - 1})")
    names = [b.strip() for b in p.get("bots", "").split(",") if b.strip()]
    if not names:
        names = [DEFAULT_BOT]
    names = _opponents(names, seating, "URL parameter 'bots'")
    seed = _int(p["seed"], "seed") if p.get("seed", "").strip() else random.SystemRandom().randrange(1, 100_000)
    if not 0 <= seed < 2**63:
        raise WebError(f"URL parameter 'seed': {seed} is out of range (0 to 2**63-1)")
    return {"game": rules.name, "players": seating.players, "partnerships": seating.partnerships,
            "seat": seat, "bots": names, "seed": seed, **_rules_json(rules)}


def _house_rules(data: object) -> GameRules:
    """A game description given as a JSON object with the description file's keys."""
    return rules_from_data(data, "rules")        # a DominoError names the key


def _rules_json(rules: GameRules) -> JSON:
    """``{"rules": {...}}`` for house rules, nothing for a built-in game."""
    return {} if rules.name in GAMES else {"rules": rules_to_data(rules)}


#: URL parameters a refused value names, in the words of parse_params' messages
_PARAM_NAMES = ("game", "players", "partnerships", "seat", "bots", "seed")


def parse_params_keeping(params: Mapping[str, Any]) -> JSON:
    """:func:`parse_params`, but a bad parameter is left out (its default is used) instead of
    refusing the rest; ``ignored`` names in German each parameter left out and its value.

    The page reads its URL with it, so ``?seat=7&bots=strong`` keeps ``strong``.
    """
    given = {str(k): v for k, v in params.items()}
    ignored: list[str] = []
    for _ in range(len(_PARAM_NAMES) + 1):
        try:
            settings = parse_params(given)
        except WebError as exc:
            text = str(exc)
            bad = [name for name in _PARAM_NAMES if f"'{name}'" in text]
            dropped = [name for name in bad if name in given]   # ('players'/'partnerships': the given one)
            if not dropped:
                raise
            for name in dropped:
                value = given.pop(name)
                value = ",".join(map(str, value)) if isinstance(value, (list, tuple)) else str(value)
                value = value if len(value) <= 20 else value[:19] + "…"
                ignored.append(_page().ignored_param.format(name=name, value=value))
            continue
        return settings | {"ignored": ignored}
    raise WebError("URL parameters: nothing usable")   # pragma: no cover - every name is dropped by then


def _event_json(event: Any, rnd: Round, layout: Layout, index: int, me: int | None = None) -> JSON:
    """An event with its sentence (seen from seat ``me`` when given) and, for a play, its step texts."""
    item: JSON = {"index": index, "type": type(event).__name__.removesuffix("Event").lower(),
                  "seat": getattr(event, "seat", None), "text": event_text(event, rnd, _lang(), me=me)}
    if isinstance(event, PlayEvent):
        placement = Placement(event.tile, event.at)
        item["move"] = str(placement)
        item["lines"] = step_lines(layout, placement, rnd.rules, _lang())
        item["lines_en"] = step_lines(layout, placement, rnd.rules, "en")
    return item


def _move_words(move: Any, rules: GameRules) -> str:
    """A move as readers see it everywhere on the page (:func:`~dominolab.text.words.move_text`:
    ``[5|6] an [5|5], Seitenarm A``, ``[1|4] als Eröffnung``, ``ziehen``); a pass is named as the
    game names it (*passen*; *klopfen* in a game without a stock). Records and ``data-move`` keep
    the notation."""
    if str(move) == "pass":
        return pass_words(rules, _lang()).noun.lower()
    return move_text(move, _lang(), rules)


def _seen_event(event: Any, rnd: Round, index: int, me: int) -> JSON:
    """An event seen from the person's chair beside its sentence (:func:`_event_json` with ``me``): who
    acts, why the turn goes on (:func:`~dominolab.text.narrate.why_again`), the credit."""
    seat = getattr(event, "seat", None)
    out: JSON = {"who": "" if seat is None else capital(person(seat, rnd.seating.players, me, _lang())),
                 "why": why_again(rnd, index, _lang())}
    if isinstance(event, PlayEvent):
        out.update(credit=event.scored, point=None if event.at is None else str(event.at))
    elif isinstance(event, SettleEvent):
        out.update(credit=max(event.credits, default=0))
    return out


def _settlement_json(rnd: Round, me: int) -> JSON | None:
    """The round's settlement (:attr:`Round.settlement`, the engine's one computation), drawn and told
    from the person's chair (:func:`~dominolab.text.narrate.settlement_text`, :func:`~dominolab.text.narrate.hand_rows`)."""
    settlement = rnd.settlement
    if settlement is None:
        return None
    return {"text": settlement_text(rnd, _lang(), me), "hands": hand_rows(rnd, _lang(), me), "pips": list(settlement.pips),
            "credits": list(settlement.credits), "winners": list(settlement.winners),
            "svg": settlement_svg(settlement, rnd.hands, rnd.seating, lang=_lang(), me=me)}


# -- the play session ------------------------------------------------------------------

class PlaySession:
    """A match of one person (``seat``) against bots, driven by the page.

    A thin adapter: the session is :class:`dominolab.play.session.Session`; this class
    turns its state into the page's JSON and its errors into :class:`WebError` lines.
    ``bots`` names the opponents in seat order (seat 0 upwards, the person's seat left out).
    """

    kind = "play"

    def __init__(self, game: str | GameRules, players: int, partnerships: bool, seat: int, bots: list[str],
                 seed: int):
        opponents = iter(bots)
        self.bots: list[str | None] = [None if s == seat else next(opponents) for s in range(players)]
        after = [(seat + k) % players for k in range(1, players)]
        names = [name for s in after if (name := self.bots[s]) is not None]
        self.session = Session(game, players, partnerships, seat=seat, bots=names, seed=seed)   # levels' budgets
        self.rules: GameRules = self.session.rules
        self.seating = self.session.seating
        self.seat = seat
        self.seed = seed
        self.message = ""

    @classmethod
    def from_params(cls, params: Mapping[str, Any]) -> "PlaySession":
        s = parse_params(params)
        game = _house_rules(s["rules"]) if "rules" in s else s["game"]
        return cls(game, s["players"], s["partnerships"], s["seat"], s["bots"], s["seed"])

    # -- queries -------------------------------------------------------------------
    @property
    def match(self) -> Any:
        return self.session.match

    @property
    def round(self) -> Round:
        return self.session.round

    def status(self) -> str:
        return self.session.status()

    def params(self) -> JSON:
        return {"game": self.rules.name, "players": self.seating.players,
                "partnerships": int(self.seating.partnerships), "seat": self.seat,
                "bots": ",".join(b for b in self.bots if b is not None), "seed": self.seed,
                **_rules_json(self.rules)}

    def move_words(self, move: Any) -> str:
        return _move_words(move, self.rules)

    def _moves_json(self) -> list[JSON]:
        side = self.seating.side_of(self.seat)
        out = []
        for preview in self.session.previews():
            move = preview.move
            item: JSON = {"move": str(move)}
            if move is DRAW or move is PASS:      # the one reader rendering: ziehen, passen (klopfen)
                word = self.move_words(move)
                item.update(kind="draw" if move is DRAW else "pass", label=word, text=word, points=None, point=None)
            elif isinstance(move, Placement):
                credits = preview.settlement_credits
                settled = credits[side] if credits else None
                label = f"{move_text(move, _lang())}: +{preview.play}" + (_page().stays if preview.stays else "")
                if settled:
                    label += _page().then_settle.format(points=settled)
                item.update(kind="play", label=label, text=move_text(move, _lang()), points=preview.play, settlement=settled, stays=preview.stays,
                            point=None if move.at is None else str(move.at), tile=str(move.tile),
                            point_text=None if move.at is None else point_text(move.at, _lang()))
            out.append(item)
        return out

    def state(self) -> JSON:
        rnd = self.round
        me = self.seat
        moves = self._moves_json()
        highlight = sorted({m["point"] for m in moves if m.get("point")})
        steps = positions(rnd)
        events = [_event_json(e, rnd, steps[i + 1].layout, i, me) | _seen_event(e, rnd, i, me)
                  for i, e in enumerate(rnd.events)]
        labels = [capital(side_name(s, self.seating, _lang(), me)) for s in range(self.seating.n_sides)]
        over = rnd.over
        names = [capital(seen_from(s, me, self.seating.players, _lang())) for s in range(self.seating.players)]
        levels = self.session.levels
        hands = [{"seat": s, "name": names[s], "bot": self.bots[s],
                  "bot_label": level_label(levels[s]) if s in levels else "", "count": len(rnd.hands[s]),
                  "side": self.seating.side_of(s),
                  "tiles": [str(t) for t in rnd.hands[s]] if (over or s == self.seat) else None}
                 for s in range(self.seating.players)]
        # the drawing carries a data-point mark on every attachment point of a legal move
        # (the page offers those of the chosen tile); the tile placed last is outlined
        picture = layout_svg(rnd.layout, legend=False, lang=_lang(), rules=rnd.rules,
                          highlight=[p for p in rnd.layout.open_points() if str(p) in highlight],
                          title=_page().layout_title.format(n=rnd.number), heading=False) if rnd.layout.placements else ""
        tip = self.session.hint_now
        hand = rnd.hands[self.seat]
        return {
            "state": self.status(), "params": self.params(), "title": self.rules.title, "lang": _lang(),
            "seating": _seating_label(self.seating), "seat": self.seat,
            "round": rnd.number, "to_move": None if over else rnd.to_move,
            "to_move_name": None if over else names[rnd.to_move],
            "pending": None if rnd.pending is None else str(rnd.pending),
            "scores": list(rnd.scores), "target": self.rules.target, "side_labels": labels,
            "my_side": self.seating.side_of(self.seat), "names": names,
            "hand": [str(t) for t in hand],
            "hand_tiles": [{"tile": str(t), "svg": tile_svg(t, style=False, xmlns=False, lang=_lang())} for t in hand],
            "hand_svg": hand_svg(hand, lang=_lang()) if hand else "",
            "hands": hands, "stock_left": rnd.stock_left if self.rules.drawing else None,
            # the drawing's title is written by the page above the drawing (it stays in view when a
            # wide drawing scrolls in its box on a phone); in the SVG it is the <title> only
            "layout": str(rnd.layout), "layout_svg": picture, "layout_title": _page().layout_title.format(n=rnd.number),
            "highlight": highlight,
            "moves": moves, "events": events,
            "score_svg": score_track_svg(list(rnd.scores), target=self.rules.target, labels=labels, lang=_lang()),
            "end_text": round_end_text(rnd, _lang(), me), "summary": round_summary(rnd, _lang(), me),
            "settlement": _settlement_json(rnd, me) if over else None,
            "winners": list(self.match.winners),
            "can_undo": bool(self.session.person_moves(this_round=True)),
            "hint": None if tip is None else str(tip.move),
            "message": self.message,
        }

    # -- actions --------------------------------------------------------------------
    def play(self, notation: str) -> JSON:
        """The person's move, in any notation the engine reads (``[1|5]@[1|1].armA``, ``[5|1]@[1|1].armA``,
        ``draw``, ``pass``); a refusal names the move as the engine reads it."""
        rnd = self.round
        if rnd.over:
            raise WebError(f"move {shorten(notation)}: round {rnd.number} is over", code="round-over",
                           details={"number": rnd.number})
        if rnd.to_move != self.seat:
            raise WebError(f"move {shorten(notation)}: it is {seat_name(rnd.to_move)}'s turn, not yours",
                           code="not-your-turn")
        legal = self.session.legal_moves()
        try:
            move = parse_move(notation)      # the engine's parser: [6|0] is the tile [0|6]
        except DominoError as exc:
            raise WebError(f"move is not legal now: {exc}", code="not-a-move") from None   # exc quotes it
        if move not in legal:
            raise WebError(f"move {shorten(notation)} is not legal now; legal: "
                           + shorten(", ".join(map(format_move, legal)), 200),
                           code="not-legal-now", details={"move": format_move(move)})
        self.message = ""
        self.session.play(move)
        return self.state()

    def bot(self) -> JSON:
        """One move of the bot to move (the page calls this while the state is ``waiting``)."""
        self.session.bot_move()
        return self.state()

    def hint(self) -> JSON:
        """What the advisor would play for the person now, in one sentence with its reason (``text``, German:
        :func:`dominolab.play.reasons.hint_sentence`), and how it was computed (``how``: level, budget,
        sampled deals; the page folds it under "Wie gerechnet?")."""
        from dominolab.core.view import view_of
        from dominolab.play.reasons import hint_sentence, how_text
        from dominolab.text.words import REASON_WORDS

        rnd = self.round
        if rnd.over or rnd.to_move != self.seat:
            raise WebError("a hint is only given when it is your turn", code="hint-not-your-turn")
        advice = self.session.hint()
        move = advice.move
        scored = rnd.preview(move).play
        level = self.session.advisor.level
        view = view_of(rnd, self.seat)
        text, why = hint_sentence(view, advice.scored, _lang()) if advice.scored else (self.move_words(move), None)
        deals = max((x.deals for x in advice.scored), default=0)
        return {"move": str(move), "move_text": self.move_words(move), "points": scored, "bot": level.label, "text": text,
                "value": round(advice.value, 2), "reason": advice.reason,
                "reason_kind": None if why is None else why.kind,
                "how": how_text(_level_name(level), level.think_ms, deals, _lang()), "how_label": REASON_WORDS[_lang()].how}

    def undo(self) -> JSON:
        """Take back the person's last move of this round (and the bot moves after it)."""
        if self.session.undo(this_round=True) is None:
            raise WebError("nothing to undo: you have not moved in this round yet", code="nothing-to-undo")
        self.message = _page().undone
        return self.state()

    def next_round(self) -> JSON:
        if not self.round.over:
            raise WebError(f"round {self.round.number} is still being played", code="round-in-play",
                           details={"number": self.round.number})
        if self.status() == "match-over":
            raise WebError("the match is over; start a new one", code="match-over-new")
        self.message = ""
        self.session.next_round()
        return self.state()

    def record(self) -> JSON:
        """The match so far as a ``dominolab.record/1`` file (text and a file name)."""
        text = json.dumps(match_to_record(self.match), ensure_ascii=False, indent=1) + "\n"
        name = f"dominolab-{self.rules.name}-{self.seating.players}{'p' if self.seating.partnerships else ''}-seed{self.seed}.json"
        return {"filename": name, "text": text}


# -- records opened in the page -------------------------------------------------------

def parse_record_text(text: str, name: str = "record") -> JSON:
    """Parse record text exactly as ``dominolab replay`` reads a file (same limits and wording)."""
    try:
        return loads_record(text, name)
    except RecordFormatError as exc:
        raise RecordFormatError(str(exc), code="record-format", details={"name": name}) from None


class RecordSession:
    """A record replayed and checked by the engine, then stepped through event by event."""

    kind = "record"

    def __init__(self, text: str, name: str = "record"):
        data = parse_record_text(text, name)     # its messages name the file
        # The same wording as `dominolab replay NAME` prints after "dominolab: error: ".
        try:
            self.match = replay(data)
        except RecordFormatError as exc:         # wrong types or shapes
            raise RecordFormatError(f"{name}: {exc}", code="record-format", details={"name": name}) from None
        except DominoError as exc:               # against the rules (details: where, for the German sentence)
            raise RecordError(f"{name}: not consistent: {exc}", code="record-inconsistent",
                              details={**exc.details, "name": name}) from None
        self.name = name
        self.frames: list[tuple[int, int]] = [(r, i) for r, rnd in enumerate(self.match.rounds)
                                              for i in range(len(rnd.events))]
        self._positions: dict[int, list[Position]] = {}

    def summary(self) -> JSON:
        m = self.match
        labels = [side_name(s, m.seating, _lang()) for s in range(m.seating.n_sides)]
        won = and_list([labels[w] for w in m.winners], _lang())
        return {"ok": True, "name": self.name, "title": m.rules.title, "seating": _seating_label(m.seating),
                "rounds": len(m.rounds), "frames": len(self.frames), "scores": list(m.scores),
                "players": m.seating.players,
                "text": _page().record_ok.format(
                    name=self.name, title=m.rules.title, seating=_seating_label(m.seating),
                    rounds=count(len(m.rounds), WORDS[_lang()].round), scores=" : ".join(map(str, m.scores)),
                    result=_page().record_won.format(winners=won) if won else _page().record_open)}

    def frame(self, index: int) -> JSON:
        if not self.frames:
            raise WebError("the record holds no events", code="record-empty")
        index = max(0, min(index, len(self.frames) - 1))
        r, i = self.frames[index]
        rnd = self.match.rounds[r]
        position: Position = self.positions(r)[i + 1]
        layout = position.layout
        event = rnd.events[i]
        item = _event_json(event, rnd, layout, i)
        return {"index": index, "frames": len(self.frames), "round": rnd.number, "event": i,
                "text": _page().frame.format(n=rnd.number, text=item["text"]), "lines": item.get("lines", []),
                "layout": str(layout), "scores": list(position.scores),
                "svg": layout_svg(layout, legend=False, lang=_lang(), rules=rnd.rules) if layout.placements else ""}

    def positions(self, r: int) -> list[Position]:
        """The positions of round index ``r`` (computed once per round)."""
        if r not in self._positions:
            self._positions[r] = positions(self.match.rounds[r])
        return self._positions[r]


# -- „Probier es aus“ ---------------------------------------------------------------------

class TryItSession:
    """The static site's „Probier es aus“ box: the same model as the live widget."""

    kind = "tryit"

    def __init__(self, game: str | GameRules, layout: str = ""):
        self.box = TryIt(game, layout)

    def state(self, message: str = "") -> JSON:
        box = self.box
        options = []
        playable = set(box.playable_tiles())
        for tile in ALL_TILES:
            if tile in box.layout:
                continue
            moves = []
            for trial in box.trials(tile):
                where = _page().opening if trial.point is None else point_text(trial.point, _lang())
                item: JSON = {"move": str(trial.placement), "point": None if trial.point is None else str(trial.point)}
                if trial.reason is None:
                    item.update(label=_page().try_scores.format(point=where, points=points_text(trial.points or 0, box.rules, _lang())),
                                legal=True, points=trial.points)
                else:
                    item.update(label=_page().try_refused.format(point=where), legal=False, points=None,
                                why=_page().try_why.format(why=error_sentence(trial.reason, _lang(), move="none", otherwise="message")))
                moves.append(item)
            options.append({"tile": str(tile), "fits": tile in playable, "moves": moves})
        box.choose(None)
        rules = box.rules
        last = box.layout.placements[-1] if box.layout.placements else None
        lines = step_lines(box.layout, last, rules, _lang()) if last is not None else []
        return {"layout": str(box.layout), "history": [str(p) for p in box.history], "options": options,
                "lines": lines, "title": rules.title, "message": message,
                "svg": layout_svg(box.layout, legend=True, lang=_lang(), rules=rules,
                            highlight=box.layout.open_points()) if box.layout.placements else ""}

    def place(self, notation: str) -> JSON:
        text = notation.strip()
        try:
            placement = Placement.parse(text)
        except DominoError as exc:
            raise WebError(f"placement {shorten(notation)}: {exc}") from None
        if placement.at is None and self.box.layout.placements:
            raise WebError(f"placement {shorten(notation)}: the layout is opened already; "
                           "name the point, e.g. [4|4]@[1|4].high")
        self.box.choose(placement.tile)
        if placement.tile in self.box.layout:
            raise WebError(f"placement {shorten(notation)}: {placement.tile} is already on the table")
        self.box.place(placement.at)
        return self.state()

    def reset(self) -> JSON:
        self.box.reset()
        return self.state()


# -- the one entry point ----------------------------------------------------------------------

SESSIONS: dict[str, Any] = {}
MAX_SESSIONS = 32


def _session(args: JSON, kind: type[Any]) -> Any:
    sid = str(args.get("id", ""))
    session = SESSIONS.get(sid)
    if not isinstance(session, kind):
        raise WebError(f"no {getattr(kind, 'kind', 'such')} session {shorten(sid)}; start one first",
                       code="no-session")
    return session


def _store(sid: str, session: Any) -> None:
    if sid not in SESSIONS and len(SESSIONS) >= MAX_SESSIONS:
        SESSIONS.pop(next(iter(SESSIONS)))
    SESSIONS[sid] = session


def _new(args: JSON) -> JSON:
    session = PlaySession.from_params(_params(args))
    _store(str(args.get("id", "")), session)
    return session.state()


def _open_record(args: JSON) -> JSON:
    name = str(args.get("name") or "record")
    try:
        session = RecordSession(str(args.get("text", "")), name)
    except DominoError as exc:
        SESSIONS.pop(str(args.get("id", "")), None)
        raise                     # {"ok": false, "error", "error_de"} from call, never wrapped in ok: true
    _store(str(args.get("id", "")), session)
    return session.summary() | {"first": session.frame(0) if session.frames else None}


def _record_position(args: JSON) -> JSON:
    """The drawing of a record's position just before event ``event`` of round ``round`` (both
    0-based, as a review's decisions count them): where a reviewed decision was taken. With
    ``seat`` (0-based) also that seat's hand then (``hand``: the tiles, ``hand_svg``: their picture),
    the tiles the decision was taken with."""
    data = parse_record_text(str(args.get("text", "")), "record")
    try:
        match = replay(data)
    except DominoError as exc:
        raise WebError(f"record: not consistent: {exc}", code="record-inconsistent",
                       details={**exc.details, "name": "record"}) from None
    r, index = int(args.get("round", 0)), int(args.get("event", 0))
    if not 0 <= r < len(match.rounds):
        raise WebError(f"no round index {r} in the record (0 to {len(match.rounds) - 1})")
    rnd = match.rounds[r]
    steps = positions(rnd)
    here = steps[max(0, min(index, len(steps) - 1))]
    layout = here.layout
    out = {"round": r, "number": rnd.number, "event": index, "layout": str(layout),
           "svg": layout_svg(layout, legend=False, lang=_lang(), rules=rnd.rules) if layout.placements else ""}
    seat = args.get("seat")
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < match.seating.players:
            raise WebError(f"seat: no seat {repr(seat)[:40]} with {match.seating.players} players "
                           f"(seats 0 to {match.seating.players - 1})", code="review-seat")
        hand = here.hands[seat]
        out |= {"seat": seat, "hand": [str(t) for t in hand], "hand_svg": hand_svg(hand, lang=_lang()) if hand else ""}
    return out


def _tryit_new(args: JSON) -> JSON:
    game = _house_rules(args["rules"]) if args.get("rules") is not None else str(args.get("game", "horse-race"))
    session = TryItSession(game, str(args.get("layout", "")))
    _store(str(args.get("id", "")), session)
    return session.state()


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


def _review_plan(args: JSON) -> JSON:
    review, _ = _review(args)
    return review.head() | {
        "count": len(review.decisions),
        "decisions": [{"decision": d.ordinal, "round": d.round, "event": d.event, "seat": d.seat,
                       "played": _move_words(d.move, review.match.rules), "notation": str(d.move)} for d in review.decisions],
        "words": {"labels": dict(_page().review_labels), "forced": _page().review_forced, "head": list(_page().review_head),
                  "review": _page().review, "continue": _page().review_continue,
                  "level": _page().review_level.format(bot=_level_name(review.advisor.level), ms=f"{review.think_ms:g}")}}


def _in_lang(item: JSON, key: str) -> JSON:
    """``item`` with its ``key`` in the call's language: the review writes German under ``key`` and English
    under ``key_en``; for an English call ``key`` holds the English (both stay for developers)."""
    if _lang() == "en" and f"{key}_en" in item:
        return item | {key: item[f"{key}_en"], f"{key}_de": item[key]}
    return item


def _review_rate(args: JSON) -> JSON:
    review, _ = _review(args)
    row = review.rate(review.rate_check(args.get("decision")))
    rules = review.match.rules
    out = row | {"played_text": _move_words(row["played"], rules), "best_text": _move_words(row["best"], rules),
                 "reasons": [_in_lang(r, "sentence") for r in row.get("reasons", [])]}
    if row.get("no_reason"):
        out["no_reason"] = _in_lang(row["no_reason"], "sentence")
    return out


def _review_summary(args: JSON) -> JSON:
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


def _review_practice(args: JSON) -> JSON:
    """Up to three of the reviewed learner's costliest decisions as best-move puzzles
    (:func:`dominolab.lessons.puzzles.practice`), in the page data of the book's lessons
    (:func:`dominolab.book.lessons.lesson_data`, the hand's pictures kept), so the lessons' script
    answers them; also ``think_ms`` and ``margin``. ``practice_ms``: the puzzles' budget (default
    :data:`dominolab.lessons.puzzles.THINK_MS`). Kept per review and budget."""
    from dominolab.book.lessons import lesson_data
    from dominolab.lessons import puzzles as P

    review, _ = _review(args)
    budget = check_think(args.get("practice_ms", P.THINK_MS), "practice_ms")
    with contextlib.ExitStack() as speaking:
        # the exercises' texts (questions, feedback, rules) in the call's language, where the lessons and the
        # book's helpers offer a language context (dominolab.lessons.model.language, dominolab.book.language)
        for module, name in (("dominolab.lessons.model", "language"), ("dominolab.book.language", "book_language")):
            try:
                context = getattr(importlib.import_module(module), name, None)
            except ImportError:
                context = None
            if context is not None:
                speaking.enter_context(context(_lang()))
        found = P.practice(review, think_ms=budget)
        data = lesson_data("practice", WORDS[_lang()].lessons.practice_title, review.match.rules.name, found,
                           pictures=True)
    return data | {"think_ms": float(budget), "margin": P.MARGIN}


def _continue_from(args: JSON) -> JSON:
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
    names = _opponents(names, seating, "bots")
    seed = source.seed if isinstance(source, PlaySession) else 0
    page = PlaySession(review.match.rules, seating.players, seating.partnerships, d.seat, names, seed)
    after = [(d.seat + j) % seating.players for j in range(1, seating.players)]
    page.session = continue_from(review, k, [b for s in after if (b := page.bots[s]) is not None], seed)
    _store(str(args.get("id", "")), page)
    return page.state()


METHODS: dict[str, Callable[[JSON], Any]] = {
    "catalog": lambda a: catalog(),
    "params": lambda a: (parse_params_keeping if a.get("keep_good") else parse_params)(_params(a)),
    "new": _new,
    "state": lambda a: _session(a, PlaySession).state(),
    "play": lambda a: _session(a, PlaySession).play(str(a.get("move", ""))),
    "bot": lambda a: _session(a, PlaySession).bot(),
    "hint": lambda a: _session(a, PlaySession).hint(),
    "undo": lambda a: _session(a, PlaySession).undo(),
    "next_round": lambda a: _session(a, PlaySession).next_round(),
    "record": lambda a: _session(a, PlaySession).record(),
    "open_record": _open_record,
    "record_frame": lambda a: _session(a, RecordSession).frame(_index(a)),
    "record_position": _record_position,
    "tryit_new": _tryit_new,
    "tryit_place": lambda a: _session(a, TryItSession).place(str(a.get("move", ""))),
    "tryit_reset": lambda a: _session(a, TryItSession).reset(),
    "review_plan": _review_plan,
    "review_rate": _review_rate,
    "review_summary": _review_summary,
    "continue_from": _continue_from,
    "review_practice": _review_practice,
}


#: Longest argument text :func:`call` reads (a record file travels in it), and deepest nesting.
MAX_ARGS_CHARS = 8 * 1024 * 1024
MAX_ARGS_DEPTH = 64
#: Largest record frame index asked for (a record has far fewer frames; larger ones show the last).
MAX_INDEX = 10**9


def _arguments(args_json: object) -> JSON:
    """The JSON object of a call's arguments (one-line :class:`WebError` otherwise)."""
    if args_json is None:
        args_json = "{}"
    if not isinstance(args_json, str):
        raise WebError(f"the arguments are JSON text, not {type(args_json).__name__}")
    if len(args_json) > MAX_ARGS_CHARS:
        raise WebError(f"the arguments are {len(args_json):,} characters; at most {MAX_ARGS_CHARS:,} are read")
    if _depth(args_json) > MAX_ARGS_DEPTH:
        raise WebError(f"the arguments are nested more than {MAX_ARGS_DEPTH} levels deep")

    def no_constant(name: str) -> None:
        raise WebError(f"the arguments are not JSON: {name} is not a JSON number")

    try:
        args = json.loads(args_json or "{}", parse_constant=no_constant)
    except json.JSONDecodeError as exc:
        raise WebError(f"the arguments are not JSON: {exc.msg} at character {exc.pos}") from None
    except (RecursionError, ValueError) as exc:      # too deep for the parser; 5,000-digit numbers
        if isinstance(exc, DominoError):
            raise
        why = ("a number has more than 4,300 digits" if "digits" in str(exc) else
               "they are nested too deeply" if isinstance(exc, RecursionError) else " ".join(str(exc).split())[:120])
        raise WebError(f"the arguments cannot be read: {why}") from None
    if not isinstance(args, dict):
        raise WebError(f"the arguments are a JSON object, not {type(args).__name__}")
    return args


def _depth(text: str) -> int:
    """The deepest nesting of brackets and braces outside strings (linear, no recursion)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_ARGS_DEPTH:
                    break
        elif ch in "]}":
            depth -= 1
    return deepest


def _params(args: JSON) -> JSON:
    """``params``: a JSON object of URL parameters (missing or null: none)."""
    params = args.get("params")
    if params is None:
        return {}
    if not isinstance(params, dict):
        raise WebError(f"'params' must be a JSON object of URL parameters, not {_json_type(params)}")
    return params


def _index(args: JSON) -> int:
    """``index``: a whole number (a digit string is read as one); missing: 0."""
    value = args.get("index", 0)
    if isinstance(value, str) and value.strip().lstrip("-").isascii() and value.strip().lstrip("-").isdigit() \
            and len(value.strip()) <= 12:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        shown = shorten(value, 30) if isinstance(value, str) else _json_type(value)
        raise WebError(f"'index' must be a whole number (a frame of the record), not {shown}")
    return max(-MAX_INDEX, min(value, MAX_INDEX))


def _json_type(value: object) -> str:
    if isinstance(value, float):
        return f"the number {value!r}"
    names = {dict: "an object", list: "an array", str: "a string", bool: "true/false", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def call(method: str, args_json: str = "{}") -> str:
    """Run ``method`` with JSON arguments; return ``{"ok", "result"}`` or ``{"ok": false, "error"}``.

    Nothing else crosses this boundary: any method name, any arguments (not JSON,
    nested too deep, of the wrong types) give ``{"ok": false, "error": "<one line>"}``;
    an error that is a bug of dominolab says so in that line.
    """
    token = _LANG.set("de")
    try:
        if not isinstance(method, str):
            raise WebError(f"the method is a name (a string), not {type(method).__name__}")
        args = _arguments(args_json)
        _LANG.set(_lang_of(args))
        func = METHODS.get(method)
        if func is None:
            raise WebError(f"unknown method {shorten(method)}; known: {', '.join(METHODS)}")
        return json.dumps({"ok": True, "result": func(args)}, ensure_ascii=False)
    except DominoError as exc:
        return _failure(str(exc), exc)
    except (RecursionError, MemoryError) as exc:
        return _failure(f"the request is too large or too deeply nested ({type(exc).__name__})")
    except Exception as exc:   # a bug: still one line for the page, never an exception in the worker
        return _failure(f"internal error {type(exc).__name__}: {exc} (a bug in dominolab)")
    finally:
        _LANG.reset(token)


def _lang_of(args: JSON) -> str:
    """``lang``: the language of every text and picture the call returns (``de``, ``en``; missing or null: ``de``)."""
    lang = args.get("lang")
    if lang is None:
        return "de"
    if lang not in LANGS:
        shown = shorten(lang, 30) if isinstance(lang, str) else _json_type(lang)
        raise WebError(f"'lang' must be one of {', '.join(LANGS)}, not {shown}")
    return str(lang)


def _failure(text: str, exc: BaseException | None = None) -> str:
    """``{"ok": false, "error": <one English line>, "error_de": <the reader's German sentence>,
    "error_text": <the reader's sentence in the call's language>}`` (the page shows ``error_text``)."""
    lang = _lang()
    try:
        line = " ".join(str(text).split())
        german, reader = (_reader_sentence(exc, tongue, line) for tongue in ("de", lang))
    except Exception:    # pragma: no cover - a message that cannot even be printed
        line, german, reader = "internal error", WORDS["de"].page.errors["general"], WORDS[lang].page.errors["general"]
    line, german, reader = (_one_line(text) for text in (line, german, reader))
    return json.dumps({"ok": False, "error": line, "error_de": german, "error_text": reader}, ensure_ascii=False)


def _reader_sentence(exc: BaseException | None, lang: str, line: str) -> str:
    """The sentence a reader sees for a refused request in ``lang``: the page's or the engine's sentence for
    its reason code (:func:`~dominolab.text.words.error_sentence`); in English, where the words table has
    none (the engine's own English messages are the interface contract), the engine's line itself."""
    general = WORDS[lang].page.errors["general"]
    if exc is None:
        return general
    sentence = error_sentence(exc, lang, page=True)
    if lang != "de" and sentence == general and line:
        return line[:1].upper() + line[1:] + ("" if line.endswith((".", "!", "?")) else ".")
    return sentence


def _one_line(text: str, limit: int = 300) -> str:
    line = " ".join(text.split())
    return line if len(line) <= limit else line[:limit - 1] + "…"
