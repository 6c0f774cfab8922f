"""Exercises as data, and their answers as the engine computes them.

An :class:`Exercise` is a position (game, seating, layout in notation, hands,
stock, seat to move, scores), a kind, a question and the ids of the rule
statements it practises. Nobody types an answer: :func:`solve` builds the
position through the engine and computes every offered choice with whether it
is right and a German explanation of why (the engine's reason for an illegal
placement, the step-by-step computation for a number).

Kinds (:data:`KINDS`):

``place-to-goal``
    choose a hand tile and a point that reaches ``goal``: ``points:N`` (the
    placement scores N), ``sum:S`` (the end sum becomes S), ``keep-turn`` (the
    player stays on turn) or ``most`` (scores the most now);
``where-may-it-go``
    select every free point where ``tile`` may be placed;
``what-does-it-score``
    ``move`` is played: enter the end sum and the points;
``what-happens-next``
    after ``move`` (or, without it, for the seat to move): one of :data:`TOKENS`;
``settle-the-round``
    ``move`` ends the round (or the position is blocked): enter what each side gets;
``best-move``
    a puzzle: the move the strong bot found clearly best (``puzzle`` holds its evaluation).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from dominolab.core.engine import DRAW, PASS, Round, position
from dominolab.core.errors import DominoError
from dominolab.core.layout import AttachmentPoint, Layout, Placement, Side
from dominolab.core.moves import format_move, parse_move
from dominolab.core.rules import GameRules, get_game
from dominolab.core.scoring import round_to_five, settle_round
from dominolab.core.tiles import ALL_TILES, Tile
from dominolab.lessons.reasons import move_de, point_de, reason_de

__all__ = ["Choice", "Exercise", "ExerciseError", "KINDS", "Solution", "TOKENS", "TOKEN_WORDS", "solve"]

KINDS = ("place-to-goal", "where-may-it-go", "what-does-it-score", "what-happens-next", "settle-the-round",
         "best-move")
TOKENS = ("continue", "turn-passes", "draw", "play-drawn", "pass", "round-ends")
#: The tokens as the lesson shows them.
TOKEN_WORDS = {
    "continue": "Derselbe Spieler legt weiter",
    "turn-passes": "Der Zug geht an den nächsten Spieler",
    "draw": "Er muss ziehen",
    "play-drawn": "Er muss den gezogenen Stein sofort anlegen",
    "pass": "Er muss passen (klopfen)",
    "round-ends": "Die Runde (oder die Partie) ist zu Ende",
}
#: Goals of ``place-to-goal``: the name and whether it takes a number.
GOALS = {"points": True, "sum": True, "keep-turn": False, "most": False}


class ExerciseError(DominoError):
    """An exercise (or exercise file) that cannot be used: one line naming the file and the key."""


@dataclass(frozen=True)
class Exercise:
    """One exercise; answers are not part of it (see :func:`solve`)."""

    id: str
    kind: str
    game: str
    players: int
    partnerships: bool
    layout: str
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    to_move: int
    scores: tuple[int, ...]
    rules: tuple[str, ...]
    question: str = ""
    move: str = ""
    tile: str = ""
    goal: str = ""
    lesson: str = ""           #: chapter of the lesson, "pool:<kind>" or "puzzles"
    puzzle: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)
    source: str = ""           #: file (or generator) it came from

    @property
    def rules_obj(self) -> GameRules:
        return get_game(self.game)

    def round(self) -> Round:
        """A fresh engine round of the position (the move not yet played)."""
        return position(self.game, self.players, self.partnerships, layout=self.layout,
                        hands=[list(h) for h in self.hands], stock=list(self.stock), to_move=self.to_move,
                        scores=list(self.scores))

    def data(self) -> dict[str, Any]:
        """The exercise as plain data (what its version is computed from)."""
        out: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "game": self.game, "players": self.players,
            "partnerships": self.partnerships, "layout": self.layout, "hands": [list(h) for h in self.hands],
            "stock": list(self.stock), "to_move": self.to_move, "scores": list(self.scores),
            "rules": list(self.rules), "question": self.question or question_of(self)}
        for key in ("move", "tile", "goal"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        if self.puzzle:
            out["puzzle"] = self.puzzle
        return out

    @property
    def version(self) -> str:
        """A short hash of everything that defines the exercise: changed exercises get new stars."""
        text = json.dumps(self.data(), sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(text.encode()).hexdigest()[:8]


@dataclass(frozen=True)
class Choice:
    """One answer the reader can give; ``value`` is the ``data-answer`` of the page."""

    value: str
    correct: bool
    feedback: str
    tile: str = ""
    point: str = ""


@dataclass(frozen=True)
class Solution:
    answers: tuple[str, ...]                  #: the right choices (placements, points, tokens)
    inputs: tuple[tuple[str, int], ...]       #: number fields and their right values
    choices: tuple[Choice, ...]
    explanation: str                          #: German: why the right answer is right, step by step
    hint: str                                 #: German: a nudge (costs a star)
    values: tuple[tuple[str, float], ...] = ()  #: best-move: the bot's expected points per move


# -- German building blocks --------------------------------------------------------------

def _points(n: int, rules: GameRules) -> str:
    one, many = rules.point_words["de"]
    return f"{n} {one if n == 1 else many}"


def _num(x: float) -> str:
    return f"{x:+.1f}".replace(".", ",")


def credit_steps(total: int, rules: GameRules) -> str:
    """How an end sum becomes points, step by step (German)."""
    parts = []
    got = 0
    for d in rules.divisors:
        if total > 0 and total % d == 0:
            parts.append(f"{total} ist durch {d} teilbar: {total} ÷ {d} = {total // d}")
            got += total // d
    divs = " noch durch ".join(str(d) for d in rules.divisors)
    if not parts:
        why = "Null bringt nichts" if total == 0 else f"{total} ist weder durch {divs} teilbar" if len(
            rules.divisors) > 1 else f"{total} ist kein Vielfaches von {rules.divisors[0]}"
        return f"{why}. Das Anlegen bringt {_points(0, rules)}."
    text = "; ".join(parts)
    if len(parts) > 1:
        text += f"; zusammen {got}"
    raw = f" ({total} Rohpunkte)" if rules.raw_per_point > 1 else ""
    return f"{text}. Das Anlegen bringt {_points(got, rules)}{raw}."


def ends_steps(layout: Layout, rules: GameRules) -> str:
    """Which ends count after a placement and what they add up to (German)."""
    contributions = layout.contributions()
    listed = "; ".join(f"{point_de(p)}: {v}" for p, v in contributions) or "keine"
    summands = " + ".join(str(v) for _, v in contributions) or "0"
    total = sum(v for _, v in contributions)
    notes = []
    closed = [p.tile for p in layout.placements if p.tile.is_double
              and AttachmentPoint(p.tile, Side.A) in layout.occupied and AttachmentPoint(p.tile, Side.B) in layout.occupied]
    if closed:
        notes.append(" und ".join(str(t) for t in closed) + (" ist auf beiden Linienseiten belegt und zählt"
                     if len(closed) == 1 else " sind auf beiden Linienseiten belegt und zählen") + " nicht mehr.")
    if any(p.side.is_arm for p in layout.open):
        notes.append("Freie Seitenarme zählen nicht.")
    doubles = [p for p, _ in contributions if p.tile.is_double]
    if doubles:
        notes.append("Ein Doppelstein am Ende zählt mit beiden Hälften.")
    note = (" " + " ".join(notes)) if notes else ""
    return f"Gewertete Enden: {listed}.{note} Endsumme: {summands} = {total}."


def _after(layout: Layout, move: Placement) -> Layout:
    new = layout.copy()
    new.place(move)
    return new


def moves_de(moves: str) -> str:
    """``zieht einen Stein, dann legt er [1|6] an …`` for a sequence of moves by one seat."""
    words = []
    for text in moves.split():
        words.append("zieht einen Stein" if text == "draw" else "passt" if text == "pass" else f"legt {move_de(text)}")
    return ", dann ".join(words)


def question_of(ex: Exercise) -> str:
    """The question in German, from the kind (an exercise may give its own)."""
    if ex.question:
        return ex.question
    seat = f"Sitz {ex.to_move}"
    if ex.kind == "place-to-goal":
        name, _, n = ex.goal.partition(":")
        goal = {"points": f"das Anlegen genau {n} Punkte bringt",
                "sum": f"die Endsumme danach {n} beträgt",
                "keep-turn": "du danach am Zug bleibst",
                "most": "das Anlegen jetzt die meisten Punkte bringt"}[name]
        return f"Du bist {seat}. Lege einen Stein aus deiner Hand so an, dass {goal}."
    if ex.kind == "where-may-it-go":
        return f"Wo darf {ex.tile} angelegt werden? Wähle alle passenden Anlegestellen und prüfe."
    if ex.kind == "what-does-it-score":
        return f"{seat} legt {move_de(ex.move)}. Wie groß ist danach die Endsumme, und wie viele Punkte bringt das?"
    if ex.kind == "what-happens-next":
        if not ex.move:
            return f"{seat} ist am Zug. Was passiert jetzt?"
        return f"{seat} {moves_de(ex.move)}. Was passiert als Nächstes?"
    if ex.kind == "settle-the-round":
        what = "die Abrechnung der Runde" if ex.rules_obj.pip_settlement else "dieser letzte Stein"
        start = f"{seat} {moves_de(ex.move)}. " if ex.move else "Niemand kann mehr anlegen. "
        return f"{start}Wie viele Punkte bringt {what} jeder Seite?"
    return f"Du bist {seat}. Welcher Zug ist hier klar der beste?"


# -- solving -------------------------------------------------------------------------------

def _placement_choices(ex: Exercise, rnd: Round, correct: set[str],
                       right_words: dict[str, str], wrong_words: dict[str, str]) -> list[Choice]:
    """Every hand tile at every free point: right, a legal but wrong move, or illegal (the engine's reason)."""
    out = []
    legal = {format_move(m) for m in rnd.legal_moves()}
    for tile in rnd.hands[rnd.to_move]:
        for point in rnd.layout.open_points():
            value = f"{tile}@{point}"
            if value in correct:
                out.append(Choice(value, True, right_words[value], str(tile), str(point)))
            elif value in legal:
                out.append(Choice(value, False, wrong_words[value], str(tile), str(point)))
            else:
                try:
                    rnd.layout.check(value)
                    why = "nicht erlaubt"
                except DominoError as exc:
                    why = reason_de(exc)
                out.append(Choice(value, False, f"Nicht erlaubt: {why}", str(tile), str(point)))
    return out


def _play_words(ex: Exercise, rnd: Round, move: Placement) -> tuple[int, int, str]:
    rules = rnd.rules
    after = _after(rnd.layout, move)
    gain = rnd.gain(move)
    return after.end_sum, gain, f"{move_de(move)}: {ends_steps(after, rules)} {credit_steps(after.end_sum, rules)}"


def _solve_place(ex: Exercise, rnd: Round) -> Solution:
    name, _, n = ex.goal.partition(":")
    plays = [m for m in rnd.legal_moves() if isinstance(m, Placement)]
    info = {format_move(m): _play_words(ex, rnd, m) for m in plays}
    if name == "points":
        correct = {k for k, (_, g, _) in info.items() if g == int(n)}
    elif name == "sum":
        correct = {k for k, (s, _, _) in info.items() if s == int(n)}
    elif name == "most":
        best = max((g for _, g, _ in info.values()), default=0)
        correct = {k for k, (_, g, _) in info.items() if g == best}
    else:
        correct = set()
        for m in plays:
            trial = ex.round()
            seat = trial.to_move
            trial.apply(m)
            if trial.end is None and trial.to_move == seat:
                correct.add(format_move(m))
    stay = {}
    for k in info:
        trial = ex.round()
        seat = trial.to_move
        trial.apply(k)
        stay[k] = trial.end is None and trial.to_move == seat
    def words(k: str) -> str:
        base = info[k][2]
        if name == "keep-turn":
            base += (" Der Stein kommt aus der Hand und ist ein Doppelstein oder punktet: du bleibst am Zug."
                     if stay[k] else " Der Stein ist kein Doppelstein und punktet nicht: der Zug geht weiter.")
        return base
    def short(k: str) -> str:
        total, gain, _ = info[k]
        text = f"{move_de(k)} ergibt die Endsumme {total} und bringt {_points(gain, rnd.rules)}."
        if name == "keep-turn":
            text += " Danach bist du am Zug." if stay[k] else " Danach ist der Nächste am Zug."
        return text

    right = {k: "Richtig. " + words(k) for k in correct}
    wrong = {k: "Erlaubt, aber nicht das Ziel: " + short(k) for k in info if k not in correct}
    choices = _placement_choices(ex, rnd, correct, right, wrong)
    ordered = sorted(correct)
    explanation = " ".join(words(k) for k in ordered)
    tiles = sorted({k.split("@")[0] for k in ordered})
    hint = f"Es geht mit {' oder '.join(tiles)}." if tiles else ""
    return Solution(tuple(ordered), (), tuple(choices), explanation, hint)


def _solve_where(ex: Exercise, rnd: Round) -> Solution:
    tile = Tile.parse(ex.tile)
    layout = rnd.layout
    choices = []
    correct = []
    for point in layout.open_points():
        value = f"{tile}@{point}"
        reason = layout.reason(value)
        if reason is None:
            correct.append(value)
            choices.append(Choice(value, True, f"Richtig: {point_de(point)} zeigt {point.pips}, und {tile} hat "
                                               f"eine {point.pips}.", str(tile), str(point)))
        else:
            choices.append(Choice(value, False, reason_de(reason), str(tile), str(point)))
    names = "; ".join(point_de(c.point) for c in choices if c.correct)
    explanation = (f"{tile} passt an {len(correct)} Stelle{'n' if len(correct) != 1 else ''}: {names}. "
                   "Angelegt wird nur an freie Stellen mit gleicher Augenzahl.")
    if any(p.tile.is_double and AttachmentPoint(p.tile, Side.A) in layout.occupied and
           AttachmentPoint(p.tile, Side.B) not in layout.occupied for p in layout.placements) and rnd.rules.spinners:
        explanation += " Ein Seitenarm öffnet sich erst, wenn beide Linienseiten des Doppelsteins belegt sind."
    if not rnd.rules.spinners:
        explanation += " Doppelsteine sind hier keine Spinner: Es gibt nur die zwei Enden der Linie."
    hint = f"Es gibt {len(correct)} richtige Anlegestelle{'n' if len(correct) != 1 else ''}."
    return Solution(tuple(correct), (), tuple(choices), explanation, hint)


def _solve_score(ex: Exercise, rnd: Round) -> Solution:
    move = Placement.parse(ex.move)
    rnd.gain(move)                      # the mover must hold the tile and the placement be legal
    after = _after(rnd.layout, move)
    points = rnd.rules.credit(after.end_sum)
    explanation = (f"{move_de(move)}: {ends_steps(after, rnd.rules)} {credit_steps(after.end_sum, rnd.rules)}")
    hint = f"Zähle nur die gewerteten Enden (gefüllte Kreise nach dem Anlegen): {len(after.contributions())} Stück."
    return Solution((str(after.end_sum), str(points)), (("sum", after.end_sum), ("points", points)), (),
                    explanation, hint)


def next_token(ex: Exercise) -> tuple[str, str]:
    """The token of ``what-happens-next`` and why (German), from a fresh round."""
    rnd = ex.round()
    rules = rnd.rules
    seat = rnd.to_move
    if not ex.move:
        moves = rnd.legal_moves()
        if rnd.is_blocked():
            return "round-ends", ("Niemand, der noch Steine hält, kann anlegen, und es gibt nichts zu ziehen: "
                                  "Die Runde ist gesperrt und endet.")
        if moves and moves[0] is DRAW:
            return "draw", (f"Sitz {seat} hat keinen passenden Stein, und im Talon liegen noch "
                            f"{rnd.stock_left} Steine: Er muss ziehen, einen nach dem anderen.")
        if moves and moves[0] is PASS:
            why = ("der Talon ist leer" if rules.drawing else f"in {rules.title} wird nie gezogen")
            return "pass", f"Sitz {seat} hat keinen passenden Stein, und {why}: Er passt (klopft)."
        raise ExerciseError(f"exercise {ex.id}: key move: seat {seat} can play; what-happens-next needs an event "
                            "(give a move) or a seat that cannot play")
    *before, last = ex.move.split()
    for text in before:
        rnd.apply(text)
    seat = rnd.to_move
    move = parse_move(last)
    if move is DRAW:
        rnd.apply(DRAW)
        drawn = rnd.hands[seat][-1]
        if rnd.pending is not None:
            return "play-drawn", (f"Der gezogene Stein {drawn} passt: Er muss sofort angelegt werden, "
                                  "und kein anderer Handstein darf ihn ersetzen.")
        if rnd.over:
            return "round-ends", f"{drawn} passt nicht, der Talon ist leer und niemand kann anlegen: Die Runde ist gesperrt."
        nxt = rnd.legal_moves()[0]
        if nxt is DRAW:
            return "draw", f"{drawn} passt nicht, und der Talon ist nicht leer: Sitz {seat} zieht weiter."
        return "pass", f"{drawn} passt nicht, und der Talon ist jetzt leer: Sitz {seat} muss passen."
    assert isinstance(move, Placement)
    source_drawn = rnd.pending is not None
    rnd.apply(move)
    event = next(e for e in reversed(rnd.events) if hasattr(e, "tile") and hasattr(e, "credit"))
    tile = move.tile
    if rnd.over:
        if rnd.end == "target":
            side = rnd.seating.side_of(seat)
            return "round-ends", (f"Mit diesem Anlegen erreicht Seite {side} {rnd.scores[side]} Punkte und damit das "
                                  f"Ziel von {rules.target}: Die Partie endet sofort, kein weiterer Stein wird gelegt.")
        if rnd.end == "domino":
            who = ("beide Partner haben ausgespielt" if rules.partners_play_out and rnd.seating.partnerships
                   else f"Sitz {seat} hat seinen letzten Stein gelegt")
            return "round-ends", f"{who[0].upper() + who[1:]}: Die Runde endet und wird abgerechnet."
        return "round-ends", "Danach kann niemand mehr anlegen (Talon leer oder kein Ziehen): Die Runde ist gesperrt."
    credit = getattr(event, "credit")
    if rnd.to_move == seat:
        parts = (["ist ein Doppelstein"] if tile.is_double else []) + (
            [f"bringt {_points(credit, rules)}"] if credit else [])
        return "continue", (f"{tile} kommt aus der Hand und {' und '.join(parts)}: In {rules.title} bleibt der "
                            "Spieler dann am Zug – einmal, auch bei einem punktenden Doppelstein.")
    next_seat = rnd.to_move
    skipped = [s for s in range(rnd.seating.players) if not rnd.hands[s]]
    skip = f" Sitz {skipped[0]} hat keine Steine mehr und wird übersprungen." if skipped else ""
    if source_drawn:
        why = "Ein gezogener Stein beendet den Zug immer, auch wenn er punktet oder ein Doppelstein ist."
    elif not rules.stay_on_turn:
        why = f"In {rules.title} geht der Zug nach jedem Anlegen weiter, auch nach Punkten oder einem Doppelstein."
    else:
        why = (f"{tile} ist kein Doppelstein und bringt keine Punkte (Endsumme {rnd.layout.end_sum}): "
               "Der Zug endet.")
    return "turn-passes", f"{why}{skip} Als Nächstes ist Sitz {next_seat} am Zug."


def _solve_next(ex: Exercise, rnd: Round) -> Solution:
    token, why = next_token(ex)
    choices = []
    for t in TOKENS:
        if t == token:
            choices.append(Choice(t, True, f"Richtig. {why}"))
        else:
            choices.append(Choice(t, False, f"Nein, nicht „{TOKEN_WORDS[t]}“."))
    hint = {"continue": "Achte darauf, woher der Stein kommt und ob er ein Doppelstein ist oder punktet.",
            "turn-passes": "Achte darauf, woher der Stein kommt und ob er ein Doppelstein ist oder punktet.",
            "draw": "Kann Sitz {s} irgendwo anlegen? Und ist der Talon leer?",
            "play-drawn": "Passt der gezogene Stein an eine freie Stelle?",
            "pass": "Kann Sitz {s} irgendwo anlegen? Gibt es noch etwas zu ziehen?",
            "round-ends": "Zähle die Steine in den Händen und prüfe, ob noch jemand anlegen kann."}[token]
    if token in ("continue", "turn-passes") and not rnd.rules.stay_on_turn:
        hint = f"Bleibt man in {rnd.rules.title} nach einem Doppelstein oder nach Punkten am Zug?"
    return Solution((token,), (), tuple(choices), why, hint.replace("{s}", str(ex.to_move)))


def settle_answer(ex: Exercise) -> tuple[list[int], str, str]:
    """What the round's end gives each side, the step-by-step explanation and a hint (German)."""
    rnd = ex.round()
    rules = rnd.rules
    seating = rnd.seating
    start = list(rnd.scores)
    for text in ex.move.split():
        rnd.apply(text)
    if rnd.end == "target":
        raise ExerciseError(f"exercise {ex.id}: key move: the move ends the match at the target; nothing is settled")
    if not rnd.over and not rnd.is_blocked():
        raise ExerciseError(f"exercise {ex.id}: key move: the round is not over after it (no domino, no block)")
    sides = range(seating.n_sides)
    if rules.pip_settlement:
        domino = rnd.last_player if rnd.end == "domino" else None
        s = rnd.settlement if rnd.settlement is not None else settle_round(rnd.pips_left(), seating, domino,
                                                                          rules.raw_per_point)
        pips = ", ".join(f"Sitz {seat}: {p}" for seat, p in enumerate(s.pips))
        if seating.partnerships:
            pips += " (Partnerschaften: " + ", ".join(f"Seite {i}: {v}" for i, v in enumerate(s.side_pips)) + ")"
        if s.domino_seat is not None:
            who = f"Sitz {s.domino_seat} hat ausgespielt, Seite {seating.side_of(s.domino_seat)} gewinnt die Runde."
        else:
            lows = ", ".join(str(w) for w in s.winners)
            who = (f"Die Runde ist gesperrt; die kleinste Augensumme hat Seite {lows}"
                   + (" (gleichstehend, jede bekommt die volle Gutschrift)." if len(s.winners) > 1 else "."))
        steps = []
        for w in s.winners:
            steps.append(f"Seite {w}: Augen aller anderen Seiten zusammen {s.collected[w]}, gerundet auf das nächste "
                         f"Vielfache von {s.unit}: {s.rounded[w]}, geteilt durch {s.unit}: {_points(s.credits[w], rules)}.")
        explanation = (f"Verbleibende Augen: {pips}. {who} " + " ".join(steps) +
                       " Eigene Augen und die des Partners zählen nicht; Verlierer bekommen nichts.")
        hint = "Wer hat gewonnen? Zähle dann nur die Augen der Gegner zusammen, erst danach runden."
        return list(s.credits), explanation, hint
    gained = [rnd.scores[i] - start[i] for i in sides]
    if rnd.end == "domino":
        event = next(e for e in reversed(rnd.events) if hasattr(e, "bonus"))
        seat = getattr(event, "seat")
        side = seating.side_of(seat)
        credit, bonus, scored = getattr(event, "credit"), getattr(event, "bonus"), getattr(event, "scored")
        total = credit + bonus
        text = (f"Endsumme {getattr(event, 'sum')}: {credit_steps(getattr(event, 'sum'), rules)} "
                f"Dazu der Ausspielpunkt: {credit} + {bonus} = {total}.")
        if rules.target_exact and scored == 0 and total:
            text += (f" Aber {start[side]} + {total} = {start[side] + total} wäre mehr als {rules.target}: Das ganze "
                     f"Ereignis verfällt, Seite {side} bleibt bei {start[side]}.")
        else:
            text += f" Seite {side}: {start[side]} + {scored} = {start[side] + scored}."
        text += " Die anderen Seiten bekommen nichts; Handsteine zählen nie."
        hint = f"Anlegepunkte und Ausspielpunkt zusammen, dann prüfen: Bleibt der Stand höchstens {rules.target}?"
        return gained, text, hint
    return gained, ("Die Runde ist gesperrt: Niemand bekommt einen Ausspielpunkt, und verbleibende Steine zählen "
                    "nie."), "Gibt es hier einen Ausspielpunkt?"


def _solve_settle(ex: Exercise, rnd: Round) -> Solution:
    values, explanation, hint = settle_answer(ex)
    inputs = tuple((f"side-{i}", v) for i, v in enumerate(values))
    return Solution(tuple(str(v) for v in values), inputs, (), explanation, hint)


def _solve_best(ex: Exercise, rnd: Round) -> Solution:
    values = {k: float(v) for k, v in ex.puzzle["values"].items()}
    legal = {format_move(m) for m in rnd.legal_moves()}
    if set(values) != legal:
        raise ExerciseError(f"puzzle {ex.id}: key values: the moves evaluated are not the legal moves of the position")
    order = sorted(values, key=lambda k: -values[k])
    best = order[0]
    margin = values[best] - values[order[1]]
    table = "; ".join(f"{move_de(k)}: {_num(values[k])}" for k in order)
    explanation = (f"Bester Zug: {move_de(best)}. Erwarteter Punktevorsprung am Rundenende je Zug "
                   f"({ex.puzzle['bot']} mit {ex.puzzle['think_ms']} ms, {ex.puzzle['deals']} Stichproben-Verteilungen "
                   f"der unbekannten Steine): {table}. Vorsprung vor dem zweitbesten Zug: {_num(margin)}.")
    right = {best: f"Richtig. {explanation}"}
    wrong = {k: f"Erlaubt, aber schwächer: {move_de(k)} bringt im Mittel {_num(values[k])}, der beste Zug "
                f"{_num(values[best])}." for k in order[1:]}
    choices = _placement_choices(ex, rnd, {best}, right, wrong)
    hint = f"Der beste Zug spielt {best.split('@')[0]}."
    return Solution((best,), (), tuple(choices), explanation, hint, tuple((k, values[k]) for k in order))


_SOLVERS = {"place-to-goal": _solve_place, "where-may-it-go": _solve_where, "what-does-it-score": _solve_score,
            "what-happens-next": _solve_next, "settle-the-round": _solve_settle, "best-move": _solve_best}


def solve(ex: Exercise) -> Solution:
    """Every answer of ``ex`` and its explanation, computed by the engine (one-line error when impossible)."""
    try:
        rnd = ex.round()
    except DominoError as exc:
        raise ExerciseError(f"exercise {ex.id}: impossible position: {exc}") from None
    try:
        solution = _SOLVERS[ex.kind](ex, rnd)
    except ExerciseError:
        raise
    except DominoError as exc:
        raise ExerciseError(f"exercise {ex.id}: {exc}") from None
    if not solution.answers:
        raise ExerciseError(f"exercise {ex.id}: empty answer set: no choice reaches the goal")
    return solution


def fill_hands(game: str, players: int, partnerships: bool, layout: str, hand: list[str], to_move: int,
               taken: set[str]) -> tuple[list[list[str]], list[str]]:
    """Hands for a position that names only the mover's hand: every other seat gets one unused tile
    (and the tiles still unused, for a stock when the file gives none)."""
    used = set(taken) | set(hand)
    rules = get_game(game)
    lay = Layout.from_notation(layout, rules.spinners) if layout.strip() else Layout(rules.spinners)
    used |= {str(t) for t in lay.tiles}
    free = [str(t) for t in ALL_TILES if str(t) not in used]
    hands = []
    for seat in range(players):
        hands.append(list(hand) if seat == to_move else [free.pop()])
    return hands, free
