"""An independent, slow reference model of the rules, and what the tests share about seatings and documents.

* ``SEATINGS``: every seating of the built-in games, read from the game registry
  (``dominolab.core.rules.GAMES``; the fixture ``seating_spec`` of ``tests/conftest.py`` is
  parametrised over them); ``GAME_SEATINGS``: every seating of every registered game (built-in games and
  the shipped sample descriptions, ``dominolab.core.gamefile.registered_games``).
* A reference model written straight from the rule documents and the interchange
  contract (docs ``horse-race.de.txt``, ``fives-and-threes.de.txt``,
  ``notation-and-records.md``): tiles are plain ``(low, high)`` tuples, attachment
  points are ``(tile, side)`` tuples, and everything is recomputed from the list of
  placements on every question.  Its mechanics deliberately share no code with
  :mod:`dominolab` so that comparing the two can find mistakes in either; the rule
  switches it reads are the fields of a game description (:func:`ref_rules`), and
  for the two built-in games a test holds those against the switches quoted from
  the documents (``DOC_RULES``).

Test modules import the model with ``from reference import ...`` (``tests/`` is on pytest's
``pythonpath``, pyproject.toml); the fixtures and the Hypothesis profiles are in ``tests/conftest.py``.
"""

from __future__ import annotations

import copy
import os
import re
from pathlib import Path

import pytest

# -- seatings --------------------------------------------------------------------

from dominolab.core.gamefile import registered_games  # (the registry: built-in games and samples)
from dominolab.core.rules import GAMES

HR = "horse-race"
FT = "fives-and-threes"

#: Every registered game by name: the built-in games, then the shipped sample descriptions.
REGISTRY = registered_games()

#: (game, players, partnerships) for every seating of the built-in games, from the registry.
SEATINGS: list[tuple[str, int, bool]] = [
    (name, s.players, s.partnerships) for name, rules in GAMES.items() for s in rules.hand_sizes]

#: (game, players, partnerships) for every seating of every registered game (samples included).
GAME_SEATINGS: list[tuple[str, int, bool]] = [
    (name, s.players, s.partnerships) for name, rules in REGISTRY.items() for s in rules.hand_sizes]


def seating_id(spec: tuple[str, int, bool]) -> str:
    game, players, partnerships = spec
    return f"{game}-{players}{'p' if partnerships else 'i'}"


#: (game, seed) of the round the tests of practising one's own mistakes review, natively
#: (lessons/test_review_practice.py, which says why this one) and in the page (browser/).
PRACTICE_ROUND = ("horse-race", 8)


REPO = Path(__file__).resolve().parents[1]


def _find_shared() -> Path:
    """Where the rule documents live: ``$DOMINOLAB_RULE_DOCS`` (the folder holding ``seeds/``
    and ``spec/``), else ``shared/`` beside this repository, else beside the repository
    this clone was cloned from (a fresh clone made by CI from the main working tree)."""
    if os.environ.get("DOMINOLAB_RULE_DOCS"):
        return Path(os.environ["DOMINOLAB_RULE_DOCS"])
    candidates = [REPO.parent / "shared"]
    try:
        import subprocess
        url = subprocess.run(["git", "-C", str(REPO), "config", "--get", "remote.origin.url"],
                             capture_output=True, text=True, timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        url = ""
    url = url.removeprefix("file://")
    if url and "://" not in url and not re.match(r"^[\w.-]+@", url):
        candidates.append(Path(url).resolve().parent / "shared")
    return next((c for c in candidates if (c / "seeds").is_dir()), candidates[0])


SHARED = _find_shared()
#: Under CI (``CI`` or ``DOMINOLAB_REQUIRE_DOCS`` set) a missing rule document fails the run.
DOCS_REQUIRED = bool(os.environ.get("CI") or os.environ.get("DOMINOLAB_REQUIRE_DOCS"))


def require_document(path: Path) -> Path:
    """``path`` if it exists; otherwise fail under CI and skip (with the reason) elsewhere."""
    if path.exists():
        return path
    hint = "set DOMINOLAB_RULE_DOCS to the folder holding seeds/ and spec/"
    if DOCS_REQUIRED:
        pytest.fail(f"rule document missing under CI: {path} ({hint})", pytrace=False)
    pytest.skip(f"rule document not available: {path} ({hint})")
HR_DOC = SHARED / "seeds" / "horse-race.de.txt"
FT_DOC = SHARED / "seeds" / "fives-and-threes.de.txt"
SPEC_DOC = SHARED / "spec" / "notation-and-records.md"

# -- reference model: rules as data, straight from the documents -----------------

#: The rule switches of the two rule documents, quoted from them (a test holds
#: ``ref_rules`` of the built-in descriptions against these).
DOC_RULES = {
    HR: {
        # "Bei zwei Spielern erhält jeder 7 Steine, bei drei Spielern 6 und bei vier Spielern 5."
        "hand": {(2, False): 7, (3, False): 6, (4, False): 5, (4, True): 5},
        "drawing": True,        # verdeckter Talon, ziehen
        "spinners": "every-double",  # jeder Doppelstein ist ein Spinner
        "stay": True,           # Doppelstein oder punktender Stein aus der Hand: am Zug bleiben
        "both_partners_out": False,
        "bonus": 0,
        "settle": True,         # Rundenabrechnung aus den Gegneraugen
        "exact": False,         # mindestens 61
        # "Wer die vorige Runde ... beendet hat, eröffnet die nächste"; nach einer Sperre neu losen
        "opener_after_domino": "last-player",
        "opener_after_block": "lot",
        "divisors": (5,),       # Fünfervielfache, geteilt durch fünf
        "unit": 5,              # fünf Rohpunkte sind ein Anzeigepunkt (auch in der Abrechnung)
        "target": 61,
    },
    FT: {
        # "Je 7 Steine bei zwei Spielern. Je 5 Steine bei drei Spielern. Je 5 Steine bei vier Spielern."
        "hand": {(2, False): 7, (3, False): 5, (4, True): 5},
        "drawing": False,       # es wird nicht gezogen
        "spinners": "none",     # Doppelsteine sind hier keine Spinner
        "stay": False,
        "both_partners_out": True,
        "bonus": 1,             # 1 zusätzlicher Punkt fürs Ausspielen
        "settle": False,        # verbleibende Steine geben nie Gutschriften
        "exact": True,          # genau 61
        # "Nach jeder abgeschlossenen Runde eröffnet der Sitz links daneben"
        "opener_after_domino": "next-seat",
        "opener_after_block": "next-seat",
        "divisors": (3, 5),     # Endsumme / 3 und Endsumme / 5
        "unit": 1,
        "target": 61,
    },
}
TARGET = 61


def ref_rules(rules) -> dict:
    """The reference model's switches read from a game description's fields (a GameRules)."""
    return {
        "name": rules.name,
        "hand": {(s.players, s.partnerships): n for s, n in rules.hand_sizes.items()},
        "drawing": rules.drawing,
        "spinners": str(rules.spinners.value),
        "stay": rules.stay_on_turn,
        "both_partners_out": rules.partners_play_out,
        "bonus": rules.domino_bonus,
        "settle": rules.pip_settlement,
        "exact": rules.target_exact,
        "opener_after_domino": str(rules.opener_after_domino.value),
        "opener_after_block": str(rules.opener_after_block.value),
        "divisors": tuple(rules.divisors),
        "unit": rules.raw_per_point,
        "target": rules.target,
        "max_rounds": rules.max_rounds,
    }


#: Per registered game: the reference model's switches, read from the registry.
REF_RULES = {name: ref_rules(rules) for name, rules in REGISTRY.items()}


def _ref(game) -> dict:
    """The switches of a game given by name, as a GameRules, or already as switches."""
    if isinstance(game, dict):
        return game
    if isinstance(game, str):
        return REF_RULES[game]
    return ref_rules(game)

ALL_REF_TILES = [(a, b) for a in range(7) for b in range(a, 7)]
SIDE_ORDER = {"high": 0, "low": 1, "A": 2, "B": 3, "armA": 4, "armB": 5}

_TILE = re.compile(r"\[([0-6])\|([0-6])\]")


def t_str(tile) -> str:
    return f"[{tile[0]}|{tile[1]}]"


def p_str(point) -> str:
    return f"{t_str(point[0])}.{point[1]}"


def t_parse(text: str):
    m = _TILE.fullmatch(text.strip())
    assert m, f"reference model cannot read tile {text!r}"
    a, b = int(m.group(1)), int(m.group(2))
    return (min(a, b), max(a, b))


def p_parse(text: str):
    tile_text, side = text.strip().split(".")
    tile = t_parse(tile_text)
    assert side in SIDE_ORDER, side
    return (tile, side)


def move_parse(text: str):
    """``draw``, ``pass``, ``TILE`` or ``TILE@TILE.POINT`` -> ("draw",) / ("pass",) / ("play", tile, point)."""
    text = text.strip()
    if text in ("draw", "pass"):
        return (text,)
    tile_text, at_sign, at_text = text.partition("@")
    return ("play", t_parse(tile_text), p_parse(at_text) if at_sign else None)


def move_str(tile, at) -> str:
    return t_str(tile) if at is None else f"{t_str(tile)}@{p_str(at)}"


def is_double(tile) -> bool:
    return tile[0] == tile[1]


def pips_of(tile) -> int:
    return tile[0] + tile[1]


def point_pips(point) -> int:
    tile, side = point
    return tile[1] if side == "high" else tile[0]


def valid_sides(tile) -> list[str]:
    return ["A", "B", "armA", "armB"] if is_double(tile) else ["high", "low"]


def point_key(point):
    tile, side = point
    return (tile[0], tile[1], SIDE_ORDER[side])


def ref_credit(game, end_sum: int) -> int:
    """'Nach jedem Anlegen werten' / 'Punkte für das Anlegen': sum/d for every divisor d of a positive sum."""
    if end_sum <= 0:
        return 0
    return sum(end_sum // d for d in _ref(game)["divisors"] if end_sum % d == 0)


def round5(pips: int) -> int:
    """Reste 1 oder 2 werden abgerundet, Reste 3 oder 4 aufgerundet."""
    rest = pips % 5
    return pips - rest if rest <= 2 else pips + (5 - rest)


def round_to(pips: int, unit: int) -> int:
    """The nearest multiple of ``unit`` (five: :func:`round5`; a half rounds up)."""
    if unit == 5:
        return round5(pips)
    rest = pips % unit
    return pips - rest if 2 * rest < unit else pips + (unit - rest)


def spinner_rule(spinners) -> str:
    """``none`` / ``first-double`` / ``every-double`` from a rule word, a rule or a bool."""
    if spinners is True or spinners is False:
        return "every-double" if spinners else "none"
    word = str(getattr(spinners, "value", spinners))
    assert word in ("none", "first-double", "every-double"), spinners
    return word


class RefLayout:
    """The table as a plain list of placements; every answer is recomputed from it."""

    def __init__(self, spinners, placements=()):
        self.spinners = spinner_rule(spinners)
        self.placements: list = []          # (tile, point or None)
        for tile, at in placements:
            why = self.why_illegal(tile, at)
            assert why is None, why
            self.placements.append((tile, at))

    @classmethod
    def from_text(cls, text: str, spinners) -> "RefLayout":
        out = cls(spinners)
        for item in text.split():
            kind, tile, at = move_parse(item)
            out.place(tile, at)
        return out

    def tiles(self) -> list:
        return [t for t, _ in self.placements]

    @staticmethod
    def joined_point(tile, at):
        if is_double(tile):
            return (tile, "A")
        return (tile, "low" if tile[0] == point_pips(at) else "high")

    def spins(self, tile) -> bool:
        """Every double (Horse Race), none (Fives and Threes), or only the first double played (All Fives)."""
        if self.spinners == "every-double":
            return is_double(tile)
        if self.spinners == "none":
            return False
        return tile == next((t for t, _ in self.placements if is_double(t)), None)

    def occupied(self) -> set:
        occ = set()
        for tile, at in self.placements:
            if at is not None:
                occ.add(at)
                occ.add(self.joined_point(tile, at))
        return occ

    def open_points(self) -> list:
        occ = self.occupied()
        out = []
        for tile, _ in self.placements:
            if is_double(tile):
                line = [(tile, "A"), (tile, "B")]
                out += [p for p in line if p not in occ]
                if self.spins(tile) and all(p in occ for p in line):
                    out += [p for p in [(tile, "armA"), (tile, "armB")] if p not in occ]
            else:
                out += [p for p in [(tile, "high"), (tile, "low")] if p not in occ]
        return sorted(out, key=point_key)

    def contributions(self) -> list:
        """Scored ends: free ends of non-doubles; a double with a free line side counts
        both halves once (under its first free line side); arms and enclosed doubles count 0."""
        occ = self.occupied()
        out = []
        for tile, _ in self.placements:
            if is_double(tile):
                free = [p for p in [(tile, "A"), (tile, "B")] if p not in occ]
                if free:
                    out.append((free[0], pips_of(tile)))
            else:
                for p in [(tile, "high"), (tile, "low")]:
                    if p not in occ:
                        out.append((p, point_pips(p)))
        return sorted(out, key=lambda pv: point_key(pv[0]))

    def end_sum(self) -> int:
        return sum(v for _, v in self.contributions())

    def why_illegal(self, tile, at):
        """None when legal, else a short reason class (the spec's list)."""
        if not self.placements:
            return None if at is None else "empty layout needs an opening tile"
        if at is None:
            return "no attachment point given"
        if tile in self.tiles():
            return "tile already on table"
        anchor, side = at
        if anchor not in self.tiles():
            return "unknown anchor"
        if at in self.occupied():
            return "occupied"
        if side in ("armA", "armB"):
            if self.spinners == "none":
                return "arm without spinners"
            if not self.spins(anchor):
                return "arm of a double that is no spinner"
            if not ((anchor, "A") in self.occupied() and (anchor, "B") in self.occupied()):
                return "arm before both line sides"
        if point_pips(at) not in tile:
            return "pips mismatch"
        assert at in self.open_points()
        return None

    def place(self, tile, at) -> None:
        why = self.why_illegal(tile, at)
        assert why is None, f"reference model: {move_str(tile, at)} illegal: {why}"
        self.placements.append((tile, at))

    def fits(self, tile) -> list:
        """Open points where ``tile`` could be attached."""
        return [p for p in self.open_points() if point_pips(p) in tile]


class RefRound:
    """One round, simulated from the documents (slow and direct).

    ``apply`` takes a move in notation (``draw``, ``pass``, ``[1|4]``,
    ``[1|1]@[1|4].low``) and returns the new events as record dicts.
    """

    def __init__(self, game, players, partnerships, hands, stock, opener, scores, layout=None):
        self.rules = _ref(game)
        self.game = self.rules["name"]
        self.players = players
        self.partnerships = partnerships
        self.n_sides = 2 if partnerships else players
        self.hands = [[t if isinstance(t, tuple) else t_parse(str(t)) for t in h] for h in hands]
        self.stock = [t if isinstance(t, tuple) else t_parse(str(t)) for t in stock]
        self.pos = 0
        self.layout = layout if layout is not None else RefLayout(self.rules["spinners"])
        self.to_move = opener
        self.opener = opener
        self.pending = None
        self.scores = list(scores)
        self.events: list[dict] = []
        self.end = None
        self.match_winners: list[int] = []
        self.last_player = None

    def side(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def seats_of(self, side: int) -> list[int]:
        return [s for s in range(self.players) if self.side(s) == side]

    def stock_left(self) -> list:
        return self.stock[self.pos:] if self.rules["drawing"] else list(self.stock)

    def can_play_tile(self, tile) -> bool:
        return not self.layout.placements or bool(self.layout.fits(tile))

    def plays_for(self, tiles) -> set:
        if not self.layout.placements:
            return {move_str(t, None) for t in tiles}
        return {move_str(t, p) for t in tiles for p in self.layout.fits(t)}

    def legal_moves(self) -> set:
        if self.end is not None:
            return set()
        if self.pending is not None:
            return self.plays_for([self.pending])
        plays = self.plays_for(self.hands[self.to_move])
        if plays:
            return plays
        if self.rules["drawing"] and self.pos < len(self.stock):
            return {"draw"}
        return {"pass"}

    def blocked(self) -> bool:
        if self.rules["drawing"] and self.pos < len(self.stock):
            return False
        if not self.layout.placements:
            return False
        return not any(self.can_play_tile(t) for h in self.hands for t in h)

    def next_seat(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            nxt = (seat + step) % self.players
            if self.hands[nxt]:
                return nxt
        raise AssertionError("reference model: nobody holds tiles")

    def apply(self, move: str) -> list[dict]:
        legal = self.legal_moves()
        assert move in legal, f"reference model: {move} not in {sorted(legal)}"
        start = len(self.events)
        parsed = move_parse(move)
        seat = self.to_move
        if parsed[0] == "draw":
            tile = self.stock[self.pos]
            self.pos += 1
            self.hands[seat].append(tile)
            self.events.append({"type": "draw", "seat": seat, "tile": t_str(tile)})
            if self.can_play_tile(tile):
                self.pending = tile
            elif self.blocked():
                self._finish("blocked", None)
        elif parsed[0] == "pass":
            self.events.append({"type": "pass", "seat": seat})
            self.to_move = self.next_seat(seat)
        else:
            _, tile, at = parsed
            self._play(seat, tile, at)
        return self.events[start:]

    def _play(self, seat, tile, at):
        r = self.rules
        source = "hand"
        if self.pending is not None:
            assert tile == self.pending
            source = "drawn"
            self.pending = None
        self.hands[seat].remove(tile)
        self.layout.place(tile, at)
        end_sum = self.layout.end_sum()
        credit = ref_credit(r, end_sum)
        side = self.side(seat)
        if r["both_partners_out"]:
            finished = all(not self.hands[s] for s in self.seats_of(side))
        else:
            finished = not self.hands[seat]
        bonus = r["bonus"] if finished else 0
        scored = credit + bonus
        if r["exact"] and self.scores[side] + scored > r["target"]:
            scored = 0
        self.scores[side] += scored
        self.events.append({"type": "play", "seat": seat, "tile": t_str(tile),
                            "at": None if at is None else p_str(at), "source": source,
                            "sum": end_sum, "credit": credit, "bonus": bonus, "scored": scored,
                            "scores": list(self.scores)})
        reached = self.scores[side] == r["target"] if r["exact"] else self.scores[side] >= r["target"]
        if scored and reached:
            self.end = "target"
            self.match_winners = [side]
            self.last_player = seat
            return
        if finished:
            self.last_player = seat
            self._finish("domino", seat)
            return
        stays = r["stay"] and source == "hand" and (is_double(tile) or credit > 0)
        if not stays:
            self.to_move = self.next_seat(seat)
        if self.blocked():
            self._finish("blocked", None)

    def _finish(self, reason, domino_seat):
        self.end = reason
        if not self.rules["settle"]:
            return
        pips = [sum(pips_of(t) for t in h) for h in self.hands]
        side_pips = [sum(pips[s] for s in self.seats_of(side)) for side in range(self.n_sides)]
        if domino_seat is not None:
            winners = [self.side(domino_seat)]
        else:
            low = min(side_pips)
            winners = [s for s in range(self.n_sides) if side_pips[s] == low]
        credits = [0] * self.n_sides
        target = self.rules["target"]
        for w in winners:
            others = sum(pips[s] for s in range(self.players) if self.side(s) != w)
            credits[w] = round_to(others, self.rules["unit"]) // self.rules["unit"]
            # an exact target: a credit that would carry the side past it is void for that side
            # (interpretation zh-abrechnung-exaktes-ziel; the record shows 0)
            if self.rules["exact"] and self.scores[w] + credits[w] > target:
                credits[w] = 0
        for s in range(self.n_sides):
            self.scores[s] += credits[s]
        self.events.append({"type": "settle", "reason": reason, "winners": winners, "pips": pips,
                            "credits": credits, "scores": list(self.scores)})
        if self.rules["exact"]:
            self.match_winners = [s for s in range(self.n_sides) if self.scores[s] == target]
        else:
            self.match_winners = [s for s in range(self.n_sides) if self.scores[s] >= target]


PLAY_KEYS = ("type", "seat", "tile", "at", "source", "sum", "credit", "bonus", "scored", "scores")
EVENT_KEYS = {
    "play": PLAY_KEYS,
    "draw": ("type", "seat", "tile"),
    "pass": ("type", "seat"),
    "settle": ("type", "reason", "winners", "pips", "credits", "scores"),
}


def spec_view(event: dict) -> dict:
    """The event restricted to the keys the contract defines for its type (extensions ignored)."""
    keys = EVENT_KEYS.get(event.get("type"), tuple(event))
    missing = [k for k in keys if k not in event]
    assert not missing, f"event {event} lacks contract keys {missing}"
    return {k: event[k] for k in keys}


def ref_check_record(record: dict) -> RefRound | None:
    """Check a ``dominolab.record/1`` object against the reference model; raise AssertionError.

    Returns the reference model of the last round (or None for a record without rounds).
    """
    assert record["format"] == "dominolab.record/1"
    game = record["game"]
    players, partnerships = record["players"], record["partnerships"]
    if "rules" in record:                 # house rules: the record carries its description
        from dominolab.core.gamefile import rules_from_data

        assert game not in GAMES, f"a record of {game} carries a description"
        rules = ref_rules(rules_from_data(record["rules"], "rules"))
        assert rules["name"] == game
    else:
        rules = REF_RULES[game]
    assert (players, partnerships) in rules["hand"], "seating not allowed by the document"
    assert record["target"] == rules["target"]
    n_sides = 2 if partnerships else players
    scores = [0] * n_sides
    winners: list[int] = []
    prev = None
    ref = None
    rounds = record["rounds"]
    for i, rrec in enumerate(rounds):
        where = f"round {i + 1}"
        assert not winners, f"{where}: played after the match was won"
        assert rrec["number"] == i + 1, where
        hands = [[t_parse(t) for t in h] for h in rrec["hands"]]
        stock = [t_parse(t) for t in rrec["stock"]]
        assert len(hands) == players, where
        size = rules["hand"][(players, partnerships)]
        assert all(len(h) == size for h in hands), f"{where}: hand sizes {[len(h) for h in hands]} != {size}"
        every = [t for h in hands for t in h] + stock
        assert sorted(every) == ALL_REF_TILES, f"{where}: hands and stock are not the 28 tiles once each"
        opener = rrec["opener"]
        assert 0 <= opener < players, where
        if prev is not None:
            # after a target the match is over; a domino and a block each have their opener rule
            rule = rules["opener_after_domino"] if prev.end == "domino" else rules["opener_after_block"]
            if rule == "next-seat":
                # "Nach jeder abgeschlossenen Runde eröffnet der Sitz links daneben"
                assert opener == (prev.opener + 1) % players, f"{where}: opener {opener}"
            elif rule == "last-player":
                # "Wer den letzten Handstein spielt, eröffnet die nächste Runde."
                last_play = [e for e in prev.events if e["type"] == "play"][-1]
                assert opener == last_play["seat"], f"{where}: opener {opener}, last tile by {last_play['seat']}"
        ref = RefRound(rules, players, partnerships, hands, stock, opener, scores)
        events = rrec["events"]
        k = 0
        while k < len(events):
            erec = events[k]
            if k < len(ref.events):     # produced by the model itself (a settlement)
                assert spec_view(erec) == ref.events[k], f"{where}, event {k}: {erec} != {ref.events[k]}"
                k += 1
                continue
            assert ref.end is None, f"{where}, event {k}: after the end of the round"
            kind = erec["type"]
            assert kind in ("play", "draw", "pass"), f"{where}, event {k}: unexpected {kind}"
            assert erec["seat"] == ref.to_move, f"{where}, event {k}: seat {erec['seat']} != {ref.to_move}"
            if kind == "play":
                move = erec["tile"] if erec["at"] is None else f"{erec['tile']}@{erec['at']}"
            else:
                move = kind
            assert move in ref.legal_moves(), f"{where}, event {k}: illegal {move}; legal {sorted(ref.legal_moves())}"
            ref.apply(move)
            assert spec_view(erec) == ref.events[k], f"{where}, event {k}: {erec} != {ref.events[k]}"
            k += 1
        assert len(ref.events) == len(events), f"{where}: events missing after {len(events)}"
        scores = list(ref.scores)
        if ref.end is None:
            assert i == len(rounds) - 1 and rrec["end"] is None, f"{where}: round not over"
        else:
            assert rrec["end"] == ref.end, f"{where}: end {rrec['end']} != {ref.end}"
            winners = list(ref.match_winners)
        prev = ref
    limit = None
    if not winners and rounds and ref is not None and ref.end is not None and len(rounds) == rules["max_rounds"]:
        # the round limit (interpretation zi-rundengrenze): the highest scores win, and the record says so
        winners = [s for s in range(n_sides) if scores[s] == max(scores)]
        limit = rules["max_rounds"]
    assert len(rounds) <= rules["max_rounds"], f"{len(rounds)} rounds, more than the limit {rules['max_rounds']}"
    assert record.get("round_limit") == limit, f"round_limit {record.get('round_limit')} != {limit}"
    assert record["scores"] == scores, f"final scores {record['scores']} != {scores}"
    assert record["winners"] == winners, f"final winners {record['winners']} != {winners}"
    return ref


def round_snapshot(rnd) -> dict:
    """Everything observable about a round, deep-copied, for before/after comparisons."""
    lay = rnd.layout
    return copy.deepcopy({
        "hands": [[str(t) for t in h] for h in rnd.hands],
        "stock": [str(t) for t in rnd.stock],
        "stock_pos": rnd.stock_pos,
        "placements": [str(p) for p in lay.placements],
        "open": [str(p) for p in lay.open_points()],
        "end_sum": lay.end_sum,
        "contributions": [(str(p), v) for p, v in lay.contributions()],
        "to_move": rnd.to_move,
        "pending": None if rnd.pending is None else str(rnd.pending),
        "events": [repr(e) for e in rnd.events],
        "scores": list(rnd.scores),
        "end": rnd.end,
        "match_winners": tuple(rnd.match_winners),
        "legal": [str(m) for m in rnd.legal_moves()],
    })


# -- bounded play ----------------------------------------------------------------------

MAX_ROUNDS = 200          # far more than any real match needs (a round scores at least 0 ...)
MAX_MOVES_PER_ROUND = 400  # 28 tiles: at most 28 plays, 20 draws and a few passes per seat and tile


def play_match(spec, seed, policy=None, rng_seed=None):
    """Play a whole seeded match like ``Match.play``, but fail instead of looping forever
    if a round never ends or the match never reaches its target."""
    import random as _random

    from dominolab.core.engine import Match, random_policy

    policy = policy or random_policy
    game, players, partnerships = spec
    match = Match(REGISTRY.get(game, game) if isinstance(game, str) else game, players, partnerships, seed=seed)
    rng = _random.Random(seed if rng_seed is None else rng_seed)
    while not match.over:
        assert len(match.rounds) < MAX_ROUNDS, f"match {spec} seed {seed}: no winner after {MAX_ROUNDS} rounds"
        rnd = match.new_round()
        for _ in range(MAX_MOVES_PER_ROUND):
            if rnd.over:
                break
            rnd.push(policy(rnd, rng))
        assert rnd.over, f"match {spec} seed {seed}: round {rnd.number} not over after {MAX_MOVES_PER_ROUND} moves"
        match.end_round()
    return match
