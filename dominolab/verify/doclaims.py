"""Claims a rule document makes in prose, read and checked against the game description and the engine.

The rule documents state many numbers outside their worked step blocks: hand
and stock sizes per seating, the raw-to-display conversion (305 raw points for
61), end sums and what they score ("Summe 15 bringt … 8 Punkte"), the value of
an end double ("zählt 12"), settlement examples, the target. :func:`check_prose`
reads the sentence forms these documents use - each form is one *reader* below:
a linear-time regular expression (literal words and ``\\d+`` groups only, no
nested or ambiguous repetition) and a function that computes what the form
claims from :class:`~dominolab.core.rules.GameRules`, :func:`~dominolab.core.scoring.settle_round`
or a position played through :class:`~dominolab.core.engine.Round`. Every claim is
one :class:`Claim` (line, claim, ok or what differs). A sentence with a digit
that no reader understood is returned as *not checked* with its line - never a
failure, never silently dropped.

Which game the prose describes is the first game title the document names.

(In the new layout this module belongs to ``dominolab/verify/`` beside ``doccheck``.)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator

from dominolab.core.errors import DominoError, shorten
from dominolab.core.rules import GAMES, GameRules
from dominolab.core.seating import Seating
from dominolab.core.scoring import EndReason, round_to_five, settle_round

if TYPE_CHECKING:
    from dominolab.core.engine import Round

#: Number words of the documents (German), and the value of each.
WORDS = {"ein": 1, "eine": 1, "einem": 1, "einen": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "Fünf": 5,
         "sechs": 6, "sieben": 7, "acht": 8, "Dreier": 3, "Fünfer": 5, "erste": 1, "zweite": 2}
_W = r"(\d+|zwei|drei|vier|fünf|Fünf|sechs)"
_DIGIT = re.compile(r"\d")
_SENTENCE_END = re.compile(r"[.;:!?](?=\s|$)|•")


def value(text: str) -> int:
    """The number a token states (digits or a number word); -1 for anything else."""
    if text.isdigit():
        return int(text)
    return WORDS.get(text, -1)


@dataclass(frozen=True)
class Claim:
    """One checked claim: its line, the words claimed, the verdict, the spans of the numbers it checks."""

    line: int
    text: str
    ok: bool
    detail: str                                  #: "ok" or what the game description / engine says
    spans: tuple[tuple[int, int], ...] = ()      #: character spans (in the line) of the checked numbers


@dataclass(frozen=True)
class NotChecked:
    line: int
    text: str


Check = tuple[bool, str]          # (ok, "what differs")
Reader = Callable[[re.Match[str], GameRules], Iterator[tuple[tuple[int, ...], Check]]]
READERS: list[tuple[re.Pattern[str], Reader, str]] = []


def reader(pattern: str, what: str) -> Callable[[Reader], Reader]:
    """Register a reader: ``fn(match, rules)`` yields (groups it checks, (ok, detail)) per claim."""
    def register(fn: Reader) -> Reader:
        READERS.append((re.compile(pattern), fn, what))
        return fn
    return register


def _ok(cond: bool, detail: str) -> Check:
    return (True, "ok") if cond else (False, detail)


def _seatings(rules: GameRules) -> tuple[set[int], set[int]]:
    individual = {s.players for s in rules.hand_sizes if not s.partnerships}
    partners = {s.players for s in rules.hand_sizes if s.partnerships}
    return individual, partners


def _size(rules: GameRules, players: int) -> int | None:
    sizes = {size for s, size in rules.hand_sizes.items() if s.players == players}
    return sizes.pop() if len(sizes) == 1 else None


# -- seatings, tiles, hands -------------------------------------------------------------------

@reader(r"für (zwei|drei|vier), (zwei|drei|vier) oder (zwei|drei|vier) Einzelspieler oder für (zwei|drei|vier) "
        r"Spieler in festen Partnerschaften", "seatings")
def _hr_seatings(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    individual, partners = _seatings(rules)
    said = {value(m[1]), value(m[2]), value(m[3])}
    yield (1, 2, 3), _ok(said == individual, f"individual players: {sorted(individual)}")
    yield (4,), _ok({value(m[4])} == partners, f"partnerships: {sorted(partners)} players")


@reader(r"Einzelspiel für (zwei|drei|vier), (zwei|drei|vier) oder (zwei|drei|vier) Spieler oder "
        r"Partnerschaftsspiel mit (zwei|drei|vier) Spielern", "seatings")
def _hr_seatings2(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield from _hr_seatings(m, rules)


@reader(r"für (zwei|drei|vier) bis (zwei|drei|vier) Spieler gedacht, bei (zwei|drei|vier) Spielern als "
        r"Partnerschaftsspiel", "seatings")
def _ft_seatings(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    individual, partners = _seatings(rules)
    counts = individual | partners
    yield (1, 2), _ok(set(range(value(m[1]), value(m[2]) + 1)) == counts, f"player counts: {sorted(counts)}")
    n = value(m[3])
    yield (3,), _ok(n in partners and n not in individual,
                    f"{n} players: {'partnerships only' if n in partners and n not in individual else 'not partnership-only'}")


@reader(r"Bei (zwei|drei|vier) oder (zwei|drei|vier) Spielern spielt jeder einzeln", "individual seatings")
def _ft_individual(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    individual, _ = _seatings(rules)
    said = {value(m[1]), value(m[2])}
    yield (1, 2), _ok(said == individual, f"individual players: {sorted(individual)}")


@reader(r"Bei (zwei|drei|vier) Spielern bilden sich (zwei|drei) feste Partnerschaften", "partnerships")
def _ft_partners(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    _, partners = _seatings(rules)
    n, sides = value(m[1]), value(m[2])
    yield (1,), _ok(n in partners, f"partnerships: {sorted(partners)} players")
    yield (2,), _ok(n in partners and Seating(n, True).n_sides == sides, f"{n} players form {Seating(n, True).n_sides}")


@reader(r"Doppelsechs-Satz mit (\d+)", "the set")
def _set(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    from dominolab.core.tiles import ALL_TILES
    yield (1,), _ok(int(m[1]) == len(ALL_TILES), f"a double-six set has {len(ALL_TILES)} tiles")


@reader(r"[Bb]ei (zwei|drei|vier) Spielern (?:erhält jeder )?(\d+)", "hand size")
def _hand_hr(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    players, size = value(m[1]), int(m[2])
    got = _size(rules, players)
    yield (2,), _ok(got == size, f"{players} players get {got} tiles each")


@reader(r"Je (\d+) Steine bei (zwei|drei|vier) Spielern", "hand size")
def _hand_ft(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    size, players = int(m[1]), value(m[2])
    got = _size(rules, players)
    yield (1,), _ok(got == size, f"{players} players get {got} tiles each")


@reader(r"Die übrigen (\d+), (\d+) oder (\d+) Steine", "stock sizes")
def _stock(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    counts = sorted({s.players for s in rules.hand_sizes})
    for group, players in zip((1, 2, 3), counts):
        size = _size(rules, players) or 0
        rest = 28 - players * size
        yield (group,), _ok(int(m[group]) == rest and rules.drawing,
                            f"{players} players leave {rest} tiles" + ("" if rules.drawing else " (no stock)"))


# -- points and the target --------------------------------------------------------------------

@reader(r"(\d+|[Ff]ünf) Rohpunkte entsprechen einem Anzeigepunkt", "raw points per display point")
def _raw(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _ok(value(m[1].lower()) == rules.raw_per_point, f"{rules.raw_per_point} raw points make one")


@reader(r"Rohgutschrift geteilt durch (\d+)", "raw points per display point")
def _raw_div(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _ok(int(m[1]) == rules.raw_per_point, f"raw credit is divided by {rules.raw_per_point}")


@reader(r"mindestens (\d+) Anzeigepunkte, entsprechend (\d+) Rohpunkten", "target and its raw points")
def _target_raw(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=False)
    raw = rules.target * rules.raw_per_point
    yield (2,), _ok(int(m[2]) == raw, f"{rules.target} display points are {raw} raw points")


def _target(n: int, rules: GameRules, *, exact: bool | None) -> Check:
    if n != rules.target:
        return False, f"the target is {rules.target}"
    if exact is not None and exact != rules.target_exact:
        return False, "the target must be hit exactly" if rules.target_exact else "the target is at least, not exactly"
    return True, "ok"


@reader(r"mindestens (\d+) bringen sofort den Sieg", "target")
def _t1(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=False)


@reader(r"auf mindestens (\d+) bringt", "target")
def _t2(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=False)


@reader(r"genau (\d+) ist nicht erforderlich", "target")
def _t3(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=False)


@reader(r"genau (\d+)(?: Spielpunkte| gewinnt)", "target")
def _t4(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=True)


@reader(r"(\d+)-Punkte-Ziel", "target")
def _t5(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=True)


@reader(r"höchstens (\d+) Punkte", "target")
def _t6(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=True)


@reader(r"über (\d+) führen", "target")
def _t7(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _target(int(m[1]), rules, exact=True)


@reader(r"gewinnt (\d+) \+ (\d+) = (\d+)", "reaching the target")
def _overshoot(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    a, b, c = int(m[1]), int(m[2]), int(m[3])
    if a + b != c:
        yield (1, 2, 3), (False, f"{a} + {b} is {a + b}")
        return
    rnd = _scoring_position(rules, a, b)
    first = rnd.events[0] if rnd is not None else None
    won = (rnd is not None and rnd.end is EndReason.TARGET and rnd.scores[0] == c
           and getattr(first, "scored", None) == b)
    yield (1, 2, 3), _ok(won and not rules.reaches_target(a), f"{a} + {b} = {c} does not win in the engine")


@reader(r"Zwei gleichstehende Partnerschaften mit (\d+), die je (\d+) bekommen, gewinnen somit gemeinsam mit (\d+)",
        "shared win")
def _shared(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    a, b, c = int(m[1]), int(m[2]), int(m[3])
    ok = a + b == c and not rules.reaches_target(a) and rules.sides_at_target([c, c]) == (0, 1)
    yield (1, 2, 3), _ok(ok, f"{a} + {b} = {a + b}; sides at the target: {list(rules.sides_at_target([a + b] * 2))}")


def _scoring_position(rules: GameRules, start: int, points: int) -> Round | None:
    """Seat 0 of a two-player round at ``start`` plays a tile that scores ``points`` (through the engine)."""
    from dominolab.core.engine import position
    from dominolab.core.layout import Placement

    for low in range(7):
        for high in range(low + 1, 7):
            for new in range(7):
                opening, tile = (low, high), (min(high, new), max(high, new))
                if opening == tile or new == high or tile[0] == tile[1]:
                    continue
                if rules.credit(low + new) != points:
                    continue
                if not 0 <= start < rules.target:
                    return None
                o, t = f"[{opening[0]}|{opening[1]}]", f"[{tile[0]}|{tile[1]}]"
                rnd = position(rules, 2, layout=o, hands=[[t, "[0|0]" if "0" not in o + t else "[6|6]"], ["[5|5]"]],
                               scores=[start, 0])
                rnd.apply(Placement.parse(f"{t}@{o}.high"))
                return rnd
    return None


# -- scoring a placement ----------------------------------------------------------------------

@reader(r"(\d+) bringt (\d+)", "credit of an end sum")
def _credit(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    s, p = int(m[1]), int(m[2])
    got = rules.credit(s) if 0 <= s <= 336 else 0
    yield (1, 2), _ok(got == p, f"end sum {s} scores {got}")


@reader(r"Summe (\d+) bringt somit (\d+) Punkte für die Dreier und (\d+) für die Fünfer, insgesamt (\d+) Punkte",
        "threes and fives")
def _fifteen(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    s = int(m[1])
    for group, d in ((2, 3), (3, 5)):
        part = s // d if d in rules.divisors and s % d == 0 else 0
        yield (group,), _ok(int(m[group]) == part, f"{s} scores {part} for the {'threes' if d == 3 else 'fives'}")
    got = rules.credit(s) if 0 <= s <= 336 else 0
    yield (1, 4), _ok(int(m[4]) == got, f"end sum {s} scores {got} in all")


@reader(r"Endsumme / (\d+) Punkte, wenn die Summe durch (\d+) teilbar ist", "divisor")
def _divisor(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    d, e = int(m[1]), int(m[2])
    yield (1, 2), _ok(d == e and d in rules.divisors, f"the divisors are {list(rules.divisors)}")


@reader(r"endständiger (?:(\[\d\|\d\]) )?zählt (?:zum Beispiel )?(\d+)", "an end double")
def _end_double(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    from dominolab.core.layout import Layout, Placement
    from dominolab.core.tiles import Tile

    n = int(m[2])
    if m[1]:
        tile = Tile.parse(m[1])
        candidates = [tile] if tile.is_double else []
    else:
        candidates = [Tile(k, k) for k in range(7)]
    values = []
    for double in candidates:
        k = double.low
        other = (k + 1) % 7
        layout = Layout(rules.spinners)        # a line tile, then the double at its end (through the layout)
        layout.place(Placement.parse(f"[{min(k, other)}|{max(k, other)}]"))
        side = "high" if k > other else "low"
        layout.place(Placement.parse(f"{double}@[{min(k, other)}|{max(k, other)}].{side}"))
        values += [v for p, v in layout.contributions() if p.tile == double]
    yield (2,), _ok(n in values, f"an end double counts {', '.join(map(str, sorted(set(values))))}")


@reader(r"(\d+) zusätzliche[nr]? Punkt", "play-out bonus")
def _bonus(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield (1,), _ok(int(m[1]) == rules.domino_bonus, f"the play-out bonus is {rules.domino_bonus}")


@reader(r"(\d+)-Punkt-Ausspielbonus", "play-out bonus")
def _bonus2(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    yield from _bonus(m, rules)


@reader(r"Ein Spieler hat (\d+) Punkte und legt seinen letzten Stein bei Endsumme (\d+) an\. Das Anlegen bringt "
        r"(\d+) Punkte, das Ausspielen (\d+), zusammen also (\d+)\. Da (\d+) \+ (\d+) gleich (\d+) wäre, werden "
        r"beide Teile verworfen\. Der Punktestand bleibt (\d+)", "the exact-target example")
def _void_example(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    from dominolab.core.engine import PlayEvent

    start, end_sum = int(m[1]), int(m[2])
    credit = rules.credit(end_sum) if 0 <= end_sum <= 336 else 0
    yield (2, 3), _ok(int(m[3]) == credit, f"end sum {end_sum} scores {credit}")
    yield (4,), _ok(int(m[4]) == rules.domino_bonus, f"the play-out bonus is {rules.domino_bonus}")
    yield (5,), _ok(int(m[5]) == int(m[3]) + int(m[4]), f"{m[3]} + {m[4]} is {int(m[3]) + int(m[4])}")
    yield (6, 7, 8), _ok(int(m[6]) == start and int(m[7]) == int(m[5]) and int(m[8]) == start + int(m[5]),
                         f"{start} + {m[5]} is {start + int(m[5])}")
    rnd = _last_tile_position(rules, start, end_sum)
    if rnd is None:
        yield (1, 9), (False, f"no position plays a last tile at end sum {end_sum} from {start}")
        return
    event = rnd.events[0]
    assert isinstance(event, PlayEvent)
    voided = event.void and event.scored == 0          # the engine judged it void and booked nothing
    yield (1, 9), _ok(voided and rnd.scores[0] == int(m[9]) == start and rnd.end is EndReason.DOMINO,
                      f"the engine books {event.scored} and the score is {rnd.scores[0]}")


def _last_tile_position(rules: GameRules, start: int, end_sum: int) -> Round | None:
    """Seat 0 plays its last tile so that the ends add up to ``end_sum`` (two players, through the engine)."""
    from dominolab.core.engine import position
    from dominolab.core.layout import Placement

    if not 0 <= start < rules.target:
        return None
    for low in range(7):
        for high in range(low + 1, 7):
            new = end_sum - low
            if not 0 <= new <= 6 or new == high:
                continue
            t = (min(high, new), max(high, new))
            o = f"[{low}|{high}]"
            tile = f"[{t[0]}|{t[1]}]"
            if tile == o:
                continue
            rnd = position(rules, 2, layout=o, hands=[[tile], ["[6|6]" if "6|6" not in o + tile else "[5|5]"]],
                           scores=[start, 0])
            rnd.apply(Placement.parse(f"{tile}@{o}.high"))
            return rnd
    return None


# -- the settlement ---------------------------------------------------------------------------

@reader(r"(\d+) Gegneraugen auf (\d+) gerundet und bringen (\d+) Punkte", "rounding")
def _rounding(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    pips, r, p = int(m[1]), int(m[2]), int(m[3])
    unit = rules.raw_per_point
    got = round_to_five(pips, unit) if 0 <= pips <= 336 else -1
    yield (1, 2), _ok(got == r, f"{pips} rounds to {got}")
    yield (3,), _ok(p == got // unit, f"{got} gives {got // unit}")


@reader(r"Reste (\d+) oder (\d+) werden abgerundet, Reste (\d+) oder (\d+) aufgerundet", "rounding")
def _remainders(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    unit = rules.raw_per_point
    down = [r for r in range(1, unit) if round_to_five(10 * unit + r, unit) == 10 * unit]
    up = [r for r in range(1, unit) if r not in down]
    yield (1, 2), _ok([int(m[1]), int(m[2])] == down, f"remainders {down} round down")
    yield (3, 4), _ok([int(m[3]), int(m[4])] == up, f"remainders {up} round up")


@reader(r"Hat dieser (\d+) Augen übrig und die Gegner (\d+) und (\d+), bleibt die gemeinsame Gutschrift (\d+)",
        "partner's pips")
def _partner(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    partner, a, b, c = (int(m[k]) for k in (1, 2, 3, 4))
    s = settle_round([0, a, partner, b], Seating(4, True), 0, rules.raw_per_point)
    yield (1, 2, 3, 4), _ok(s.credits[0] == c, f"the credit is {s.credits[0]}")


@reader(r"Partnerschaftssummen (\d+) \+ (\d+) = (\d+) und (\d+) \+ (\d+) = (\d+) gewinnt die (erste|zweite) "
        r"Partnerschaft und erhält aus den auf (\d+) gerundeten (\d+) Gegneraugen (\d+) Punkte", "block in partnerships")
def _block_partners(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    a, b, ab, c, d, cd = (int(m[k]) for k in range(1, 7))
    yield (1, 2, 3), _ok(a + b == ab, f"{a} + {b} is {a + b}")
    yield (4, 5, 6), _ok(c + d == cd, f"{c} + {d} is {c + d}")
    s = settle_round([a, c, b, d], Seating(4, True), None, rules.raw_per_point)
    side = value(m[7]) - 1
    yield (7,), _ok(s.winners == (side,), f"the winners are partnership(s) {[w + 1 for w in s.winners]}")
    w = s.winners[0]
    yield (8, 9), _ok(int(m[9]) == s.collected[w] and int(m[8]) == s.rounded[w],
                      f"{s.collected[w]} opponents' pips round to {s.rounded[w]}")
    yield (10,), _ok(int(m[10]) == s.credits[w], f"the credit is {s.credits[w]}")


@reader(r"Bei vier Einzelhandsummen (\d+), (\d+), (\d+) und (\d+) erhält jeder der (zwei|drei|vier) niedrigsten "
        r"Spieler (\d+) Punkte: Die übrigen Hände ergeben (\d+), gerundet auf (\d+)", "tie in a block")
def _tie_individual(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    pips = [int(m[k]) for k in (1, 2, 3, 4)]
    s = settle_round(pips, Seating(4), None, rules.raw_per_point)
    w = s.winners[0]
    yield (1, 2, 3, 4, 5), _ok(len(s.winners) == value(m[5]), f"{len(s.winners)} lowest players win")
    yield (6,), _ok(all(s.credits[x] == int(m[6]) for x in s.winners), f"each gets {s.credits[w]}")
    yield (7, 8), _ok(s.collected[w] == int(m[7]) and s.rounded[w] == int(m[8]),
                      f"the other hands make {s.collected[w]}, rounded {s.rounded[w]}")


@reader(r"Haben beide Partnerschaften (\d+) Augen, erhält jede aus den auf (\d+) gerundeten (\d+) der anderen "
        r"(\d+) Punkte", "tie of partnerships")
def _tie_partners(m: re.Match[str], rules: GameRules) -> Iterator[tuple[tuple[int, ...], Check]]:
    pips = int(m[1])
    s = settle_round([pips, pips, 0, 0], Seating(4, True), None, rules.raw_per_point)
    yield (1, 3), _ok(s.winners == (0, 1) and s.collected == (int(m[3]), int(m[3])),
                      f"each is paid {s.collected[0]} pips of the other")
    yield (2,), _ok(s.rounded[0] == int(m[2]), f"{s.collected[0]} rounds to {s.rounded[0]}")
    yield (4,), _ok(s.credits == (int(m[4]), int(m[4])), f"each gets {s.credits[0]}")


# -- reading a document ----------------------------------------------------------------------

def game_of_text(text: str) -> GameRules | None:
    """The game the prose describes: the first game title the text names."""
    best: tuple[int, GameRules] | None = None
    for rules in GAMES.values():
        at = text.find(rules.title)
        if at >= 0 and (best is None or at < best[0]):
            best = (at, rules)
    return best[1] if best else None


def _sentences(line: str) -> list[tuple[int, int]]:
    """Spans of the sentences of a line (split after . ; : ! ? and at bullets; linear)."""
    spans = []
    start = 0
    for m in _SENTENCE_END.finditer(line):
        if m.end() > start:
            spans.append((start, m.end()))
        start = m.end()
    if start < len(line):
        spans.append((start, len(line)))
    return [(a, b) for a, b in spans if line[a:b].strip()]


def check_line(line: str, number: int, rules: GameRules) -> tuple[list[Claim], list[NotChecked]]:
    """The claims of one prose line, and its numeric sentences no reader understood."""
    claims: list[Claim] = []
    taken: list[tuple[int, int]] = []
    for pattern, read, _what in READERS:
        for m in pattern.finditer(line):
            if any(a < m.end() and m.start() < b for a, b in taken):
                continue                  # a more specific reader (registered earlier) has this text
            try:
                found = list(read(m, rules))
            except (DominoError, ValueError) as exc:    # ValueError: a number of thousands of digits
                found = [(tuple(range(1, (pattern.groups or 0) + 1)), (False, f"cannot be checked: {shorten(str(exc), 60)}"))]
            for groups, (ok, detail) in found:
                spans = tuple(m.span(g) for g in groups if m.group(g) is not None)
                said = ", ".join(line[a:b] for a, b in spans)
                claims.append(Claim(number, f"{_what} {said}: „{_shorten(m.group(0), 60)}“", ok, detail, spans))
            taken.append(m.span())
    missed = []
    for a, b in _sentences(line):
        if _DIGIT.search(line, a, b) and not any(x < b and a < y for x, y in taken):
            missed.append(NotChecked(number, _shorten(line[a:b].strip())))
    return claims, missed


def _shorten(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[:width - 1] + "…"


def check_prose(lines: list[str], skip: set[int], rules: GameRules | None) -> tuple[list[Claim], list[NotChecked]]:
    """Every claim of the prose lines (1-based line numbers in ``skip`` are block lines, not prose)."""
    claims: list[Claim] = []
    missed: list[NotChecked] = []
    for k, line in enumerate(lines, start=1):
        if k in skip or not _DIGIT.search(line) and rules is None:
            continue
        if rules is None:
            missed += [NotChecked(k, _shorten(line[a:b].strip())) for a, b in _sentences(line)
                       if _DIGIT.search(line, a, b)]
            continue
        found, not_read = check_line(line, k, rules)
        claims += found
        missed += not_read
    return claims, missed
