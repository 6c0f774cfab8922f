"""The play page's match: the catalogue of games and levels, the URL's parameters, and
:class:`PlaySession`, the page's face on :class:`dominolab.play.session.Session`.

One way in for a move: :meth:`PlaySession.play` reads the notation once into a move value
(:func:`~dominolab.core.moves.parse_move`) and hands it to the session, which hands it to the
engine (:meth:`Round.apply <dominolab.core.engine.Round.apply>`), the one judge of legality; a
refusal keeps the engine's reason code, so the reader is told why in words
(:func:`~dominolab.text.words.error_sentence`: "Du hast [6|6] nicht auf der Hand.").
"""

from __future__ import annotations

import json
import random
from typing import Any, Mapping

from dominolab.core.engine import DRAW, PASS, PlayEvent, Round, SettleEvent
from dominolab.core.errors import DominoError, shorten
from dominolab.core.history import positions
from dominolab.core.layout import Placement
from dominolab.core.moves import parse_move
from dominolab.core.record import match_to_record
from dominolab.core.rules import GAMES, GameRules, get_game
from dominolab.core.seating import Seating
from dominolab.pictures.svg import hand_svg, layout_svg, score_track_svg, settlement_svg, tile_svg
from dominolab.play.levels import LEVELS, advisor_level, resolve
from dominolab.play.session import Session
from dominolab.text.language import current
from dominolab.text.narrate import hand_rows, round_end_text, round_summary, settlement_text, side_name, why_again
from dominolab.text.words import WORDS, capital, move_text, person, point_text, seat_name as seen_from
from dominolab.webapi.common import (DEFAULT_BOT, JSON, WebError, event_json, house_rules, level_label, level_name,
                                     move_words, page_words, rules_json, seating_label, store, url_params)

__all__ = ["PlaySession", "catalog", "new_play", "opponents", "parse_params", "parse_params_keeping"]

def catalog() -> JSON:
    """Games, their seatings and the levels the page offers (for its choice fields)."""
    adviser = advisor_level()         # its level only: the catalogue builds no bot
    return {
        "games": [{"name": g.name, "title": g.title, "target": g.target,
                   "seatings": [{"players": s.players, "partnerships": s.partnerships,
                                 "label": seating_label(s),
                                 "sides": [s.side_of(seat) for seat in range(s.players)]}
                                for s in g.hand_sizes]}
                  for g in GAMES.values()],
        # every level, weakest first: value of the choice field (name), its German label and what it plays
        "levels": [{"number": lv.number, "name": lv.name, "german": lv.german, "label": level_label(lv),
                    "about": WORDS[current()].level_about[lv.number], "think_ms": lv.think_ms} for lv in LEVELS],
        # seat_names[players][me][seat]: the seats as the person at ``me`` sees them
        "seat_names": {str(n): [[seen_from(s, me, n, current()) for s in range(n)] for me in range(n)] for n in (2, 3, 4)},
        "default_bot": DEFAULT_BOT,
        "advisor": level_name(adviser),      # the level whose search gives hints and rates a review
        "lang": current(),
        "words": {"hint_thinking": page_words().hint_thinking.format(bot=level_name(adviser))},
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


def opponents(names: list[str], seating: Seating, what: str) -> list[str]:
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
        rules = house_rules(params["rules"])
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
    names = opponents(names, seating, "URL parameter 'bots'")
    seed = _int(p["seed"], "seed") if p.get("seed", "").strip() else random.SystemRandom().randrange(1, 100_000)
    if not 0 <= seed < 2**63:
        raise WebError(f"URL parameter 'seed': {seed} is out of range (0 to 2**63-1)")
    return {"game": rules.name, "players": seating.players, "partnerships": seating.partnerships,
            "seat": seat, "bots": names, "seed": seed, **rules_json(rules)}


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
                ignored.append(page_words().ignored_param.format(name=name, value=value))
            continue
        return settings | {"ignored": ignored}
    raise WebError("URL parameters: nothing usable")   # pragma: no cover - every name is dropped by then


def _seen_event(event: Any, rnd: Round, index: int, me: int) -> JSON:
    """An event seen from the person's chair beside its sentence (:func:`event_json` with ``me``): who
    acts, why the turn goes on (:func:`~dominolab.text.narrate.why_again`), the credit."""
    seat = getattr(event, "seat", None)
    out: JSON = {"who": "" if seat is None else capital(person(seat, rnd.seating.players, me, current())),
                 "why": why_again(rnd, index, current())}
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
    return {"text": settlement_text(rnd, current(), me), "hands": hand_rows(rnd, current(), me), "pips": list(settlement.pips),
            "credits": list(settlement.credits), "winners": list(settlement.winners),
            "svg": settlement_svg(settlement, rnd.hands, rnd.seating, lang=current(), me=me)}


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
        game = house_rules(s["rules"]) if "rules" in s else s["game"]
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
                **rules_json(self.rules)}

    def move_words(self, move: Any) -> str:
        return move_words(move, self.rules)

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
                label = f"{move_text(move, current())}: +{preview.play}" + (page_words().stays if preview.stays else "")
                if settled:
                    label += page_words().then_settle.format(points=settled)
                item.update(kind="play", label=label, text=move_text(move, current()), points=preview.play, settlement=settled, stays=preview.stays,
                            point=None if move.at is None else str(move.at), tile=str(move.tile),
                            point_text=None if move.at is None else point_text(move.at, current()))
            out.append(item)
        return out

    def state(self) -> JSON:
        rnd = self.round
        me = self.seat
        moves = self._moves_json()
        highlight = sorted({m["point"] for m in moves if m.get("point")})
        steps = positions(rnd)
        events = [event_json(e, rnd, steps[i + 1].layout, i, me) | _seen_event(e, rnd, i, me)
                  for i, e in enumerate(rnd.events)]
        labels = [capital(side_name(s, self.seating, current(), me)) for s in range(self.seating.n_sides)]
        over = rnd.over
        names = [capital(seen_from(s, me, self.seating.players, current())) for s in range(self.seating.players)]
        levels = self.session.levels
        hands = [{"seat": s, "name": names[s], "bot": self.bots[s],
                  "bot_label": level_label(levels[s]) if s in levels else "", "count": len(rnd.hands[s]),
                  "side": self.seating.side_of(s),
                  "tiles": [str(t) for t in rnd.hands[s]] if (over or s == self.seat) else None}
                 for s in range(self.seating.players)]
        # the drawing carries a data-point mark on every attachment point of a legal move
        # (the page offers those of the chosen tile); the tile placed last is outlined
        picture = layout_svg(rnd.layout, legend=False, lang=current(), rules=rnd.rules,
                          highlight=[p for p in rnd.layout.open_points() if str(p) in highlight],
                          title=page_words().layout_title.format(n=rnd.number), heading=False) if rnd.layout.placements else ""
        tip = self.session.hint_now
        hand = rnd.hands[self.seat]
        return {
            "state": self.status(), "params": self.params(), "title": self.rules.title, "lang": current(),
            "seating": seating_label(self.seating), "seat": self.seat,
            "round": rnd.number, "to_move": None if over else rnd.to_move,
            "to_move_name": None if over else names[rnd.to_move],
            "pending": None if rnd.pending is None else str(rnd.pending),
            "scores": list(rnd.scores), "target": self.rules.target, "side_labels": labels,
            "my_side": self.seating.side_of(self.seat), "names": names,
            "hand": [str(t) for t in hand],
            "hand_tiles": [{"tile": str(t), "svg": tile_svg(t, style=False, xmlns=False, lang=current())} for t in hand],
            "hand_svg": hand_svg(hand, lang=current()) if hand else "",
            "hands": hands, "stock_left": rnd.stock_left if self.rules.drawing else None,
            # the drawing's title is written by the page above the drawing (it stays in view when a
            # wide drawing scrolls in its box on a phone); in the SVG it is the <title> only
            "layout": str(rnd.layout), "layout_svg": picture, "layout_title": page_words().layout_title.format(n=rnd.number),
            "highlight": highlight,
            "moves": moves, "events": events,
            "score_svg": score_track_svg(list(rnd.scores), target=self.rules.target, labels=labels, lang=current()),
            "end_text": round_end_text(rnd, current(), me), "summary": round_summary(rnd, current(), me),
            "settlement": _settlement_json(rnd, me) if over else None,
            "winners": list(self.match.winners),
            "can_undo": bool(self.session.person_moves(this_round=True)),
            "hint": None if tip is None else str(tip.move),
            "message": self.message,
        }

    # -- actions --------------------------------------------------------------------
    def play(self, notation: str) -> JSON:
        """The person's move, in any notation the engine reads (``[1|5]@[1|1].armA``, ``[5|1]@[1|1].armA``,
        ``draw``, ``pass``): read once into a move value and handed to the session, which hands it to
        the engine, the one judge; a refusal keeps the engine's reason (code and details), so the reader
        is told why in words (``Du hast [6|6] nicht auf der Hand.``), and names the move as the engine
        reads it."""
        try:
            move = parse_move(notation)      # the engine's parser: [6|0] is the tile [0|6]
        except DominoError as exc:
            raise WebError(f"move is not legal now: {exc}", code="not-a-move") from None   # exc quotes it
        try:
            self.session.play(move)
        except DominoError as exc:           # the session's (turn, round) or the engine's reason, kept
            raise WebError(f"move {shorten(notation)} is not legal now: {exc}", code=exc.code,
                           details=exc.details) from None
        self.message = ""
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
        text, why = hint_sentence(view, advice.scored, current()) if advice.scored else (self.move_words(move), None)
        deals = max((x.deals for x in advice.scored), default=0)
        return {"move": str(move), "move_text": self.move_words(move), "points": scored, "bot": level.label, "text": text,
                "value": round(advice.value, 2), "reason": advice.reason,
                "reason_kind": None if why is None else why.kind,
                "how": how_text(level_name(level), level.think_ms, deals, current()), "how_label": REASON_WORDS[current()].how}

    def undo(self) -> JSON:
        """Take back the person's last move of this round (and the bot moves after it)."""
        if self.session.undo(this_round=True) is None:
            raise WebError("nothing to undo: you have not moved in this round yet", code="nothing-to-undo")
        self.message = page_words().undone
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


def new_play(args: JSON) -> JSON:
    session = PlaySession.from_params(url_params(args))
    store(str(args.get("id", "")), session)
    return session.state()
