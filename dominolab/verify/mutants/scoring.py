"""Mutants of the counting: the credit of an end sum and the settlement of a round."""

from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

from dominolab.verify.mutants.registry import patch, replace_everywhere, wrap_everywhere


# -- patches: credits ----------------------------------------------------------------------

def _credit_variant(make: Callable[[Any], Callable[[int, Sequence[int]], int]]) -> None:
    """Replace the one credit computation (``scoring.credit_trusted``, which ``GameRules.credit`` calls)."""
    from dominolab.core import engine, scoring
    wrap_everywhere(scoring, "credit_trusted", make)
    engine._CREDIT_CACHE.clear()


@patch("near-multiples-score", "dominolab.core.scoring:credit_trusted")
def _near_multiples() -> None:
    """A sum that no divisor divides still scores sum // (largest divisor)."""
    _credit_variant(lambda orig: lambda s, ds: orig(s, ds) or (s // max(ds) if s > 0 else 0))


@patch("threes-and-fives-not-added", "dominolab.core.scoring:credit_trusted")
def _not_added() -> None:
    """When several divisors divide the sum, only the largest part scores (no adding)."""
    _credit_variant(lambda orig: lambda s, ds: max((s // d for d in ds if s > 0 and s % d == 0), default=0))


@patch("end-sum-booked-as-points", "dominolab.core.scoring:credit_trusted")
def _sum_booked() -> None:
    """A scoring sum books the end sum itself instead of the points it is worth."""
    _credit_variant(lambda orig: lambda s, ds: s if orig(s, ds) else 0)


@patch("credit-phrase-raw-as-display", "dominolab.text.steptext:credit_phrase")
def _phrase_raw() -> None:
    """The step text states the raw points also as display points (no division by five)."""
    from dominolab.core.rules import GameRules
    from dominolab.text import steptext
    from dominolab.text.words import count

    def make(orig: Callable[[int, GameRules, str], str]) -> Callable[[int, GameRules, str], str]:
        def credit_phrase(n: int, rules: GameRules, lang: str = "de") -> str:
            if rules.raw_per_point == 1:
                return orig(n, rules, lang)
            return orig(n, rules, lang).split(" (")[0] + " (" + count(n * rules.raw_per_point,
                                                                    rules.point_words[lang]) + ")"
        return credit_phrase
    wrap_everywhere(steptext, "credit_phrase", make)


# -- patches: the settlement -----------------------------------------------------------------
#
# Each wraps the one settlement computation (``scoring.settle_trusted``, held by the engine under
# that name) and changes what it returns; none restates it. A side's credit as a winner is what the
# original computes for that side when one of its seats played out (:func:`_with_winners`).

_SettleArgs = tuple[Sequence[int], Sequence[int], int, "int | None", int]


def _settle_variant(change: Callable[[Any, _SettleArgs, Any], Any]) -> None:
    """Wrap ``scoring.settle_trusted``: ``change(original, arguments, settlement)`` is the settlement used."""
    from dominolab.core import scoring
    wrap_everywhere(scoring, "settle_trusted", lambda orig: lambda *args: change(orig, args, orig(*args)))


def _with_winners(orig: Any, args: _SettleArgs, s: Any, winners: Sequence[int]) -> Any:
    """``s`` won by ``winners`` instead, each credited as the original credits a winning side."""
    pips, side_of, n_sides, _, unit = args
    one = {w: orig(pips, side_of, n_sides, list(side_of).index(w), unit) for w in winners}

    def per_side(field: str) -> tuple[int, ...]:
        return tuple(getattr(one[side], field)[side] if side in one else 0 for side in range(n_sides))
    return dataclasses.replace(s, winners=tuple(winners), collected=per_side("collected"),
                               rounded=per_side("rounded"), credits=per_side("credits"))


def _lowest(keys: Sequence[int], sign: int = 1) -> tuple[int, ...]:
    best = min(sign * k for k in keys)
    return tuple(side for side, k in enumerate(keys) if sign * k == best)


def _with_collected(s: Any, collected: Sequence[int]) -> Any:
    """``s`` with other raw pips collected per side, rounded and divided as the game does."""
    from dominolab.core.scoring import round_to_five
    rounded = tuple(round_to_five(c, s.unit) for c in collected)
    return dataclasses.replace(s, collected=tuple(collected), rounded=rounded,
                               credits=tuple(r // s.unit for r in rounded))


def _opponents_rounded(args: _SettleArgs, side: int) -> int:
    """The pips of every seat not on ``side``, each rounded to the unit on its own, added."""
    pips, side_of, _, _, unit = args
    return sum(_round_five(p, unit) for seat, p in enumerate(pips) if side_of[seat] != side)


_SETTLE_VARIANTS: tuple[tuple[str, str, Callable[[Any, _SettleArgs, Any], Any]], ...] = (
    ("domino-credit-to-next-side", "After a domino the side after the player's wins the round.",
     lambda orig, a, s: s if a[3] is None else dataclasses.replace(
         orig(a[0], a[1], a[2], (a[3] + 1) % len(a[0]), a[4]), domino_seat=a[3])),
    ("block-highest-wins", "After a block the highest pip total wins instead of the lowest.",
     lambda orig, a, s: s if a[3] is not None else _with_winners(orig, a, s, _lowest(s.side_pips, -1))),
    ("block-lightest-single-hand",
     "After a block partnerships are compared by their lightest single hand, not the two hands together.",
     lambda orig, a, s: s if a[3] is not None else _with_winners(orig, a, s, _lowest(
         [min(p for seat, p in enumerate(a[0]) if a[1][seat] == side) for side in range(a[2])]))),
    ("block-on-rounded-pips",
     "After a block the sides' pip sums are compared rounded to five (11 and 12 pips tie), not raw.",
     lambda orig, a, s: s if a[3] is not None else _with_winners(orig, a, s, _lowest(
         [_round_five(p, a[4]) for p in s.side_pips]))),
    ("round-each-opponent", "Every opponent's pips are rounded on their own before adding.",
     lambda orig, a, s: dataclasses.replace(s, **_rounded_credits(s, [
         _opponents_rounded(a, side) if side in s.winners else 0 for side in range(a[2])]))),
    ("deduct-own-rest", "The winner's own remaining pips are deducted from the credit.",
     lambda orig, a, s: _with_collected(s, [max(0, c - own) for c, own in zip(s.collected, s.side_pips)])),
    ("partner-pips-count", "The pips of the winner's partner count towards the credit.",
     lambda orig, a, s: s if a[3] is None else _with_collected(
         s, [sum(a[0]) - a[0][a[3]] if side in s.winners else 0 for side in range(a[2])])),
    ("losers-get-a-point", "Every side that did not win the round gets 1 point.",
     lambda orig, a, s: dataclasses.replace(s, credits=tuple(c if side in s.winners else 1
                                                             for side, c in enumerate(s.credits)))),
    ("losers-lose-a-point", "Every side that did not win the round loses 1 point.",
     lambda orig, a, s: dataclasses.replace(s, credits=tuple(c if side in s.winners else -1
                                                             for side, c in enumerate(s.credits)))),
    ("tie-credit-split", "Tied lowest sides share (divide) the credit.",
     lambda orig, a, s: dataclasses.replace(s, credits=tuple(c // len(s.winners) for c in s.credits))),
    ("tie-excludes-other-winners", "A tied lowest side is not paid the pips of the other tied winners.",
     lambda orig, a, s: _with_collected(s, [sum(a[0]) - sum(s.side_pips[w] for w in s.winners)
                                            if side in s.winners else 0 for side in range(a[2])])),
    ("partners-credited-separately", "A winning partnership is credited once per partner.",
     lambda orig, a, s: s if len(a[0]) == a[2] else dataclasses.replace(s, credits=tuple(2 * c for c in s.credits))),
)


def _round_five(pips: int, unit: int) -> int:
    from dominolab.core.scoring import round_to_five
    return round_to_five(pips, unit)


def _rounded_credits(s: Any, rounded: Sequence[int]) -> dict[str, tuple[int, ...]]:
    return {"rounded": tuple(rounded), "credits": tuple(r // s.unit for r in rounded)}


def _register_settle_variant(name: str, doc: str, change: Callable[[Any, _SettleArgs, Any], Any]) -> None:
    def apply_variant() -> None:
        _settle_variant(change)
    apply_variant.__doc__ = doc
    patch(name, "dominolab.core.scoring:settle_trusted")(apply_variant)


for _name, _doc, _change in _SETTLE_VARIANTS:
    _register_settle_variant(_name, _doc, _change)


@patch("settlement-rounds-down", "dominolab.core.scoring:_round")
def _round_down() -> None:
    """Opponents' pips are always rounded down to a multiple of five (17 stays 15, 18 becomes 15)."""
    from dominolab.core import scoring
    replace_everywhere(scoring, "_round", lambda pips, unit: pips - pips % unit)


# -- patches written for the audit of issue 27 (once benchmarks/rule_gaps.py) -----------------

@patch("big-sums-capped", "dominolab.core.scoring:credit_trusted")
def _capped() -> None:
    """Horse Race end sums of 20 or more score at most 3 points (20 gives 3, not 4)."""
    _credit_variant(lambda orig: lambda s, ds: min(orig(s, ds), 3) if tuple(ds) == (5,) else orig(s, ds))


@patch("three-scores-nothing", "dominolab.core.scoring:credit_trusted")
def _three_nothing() -> None:
    """In Fives and Threes an end sum of 3 scores nothing (6, 9, ... still score)."""
    _credit_variant(lambda orig: lambda s, ds: 0 if tuple(ds) == (3, 5) and s == 3 else orig(s, ds))


@patch("remainder-two-rounds-up", "dominolab.core.scoring:_round")
def _two_up() -> None:
    """Settlement rounding takes a remainder of 2 up (12 pips become 15), only 1 rounds down."""
    from dominolab.core import scoring
    replace_everywhere(scoring, "_round", lambda pips, unit: (
        pips - pips % unit if 2 * (pips % unit) < unit - 1 else pips + unit - pips % unit))


@patch("heaviest-opponent-only", "dominolab.core.scoring:settle_trusted")
def _heaviest() -> None:
    """The round's winner collects the pips of the heaviest opponent hand only, not of all opponents."""
    _settle_variant(lambda orig, a, s: _with_collected(s, [
        max((p for seat, p in enumerate(a[0]) if a[1][seat] != side), default=0) if side in s.winners else 0
        for side in range(a[2])]))
