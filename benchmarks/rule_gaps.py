"""Rule gaps: 26 behaviour changes, each aimed at one statement, against the rule-marked tests.

Run from the repository root::

    .venv/bin/python benchmarks/rule_gaps.py [--only NAME ...] [--jobs N] [--json]

Each gap is a small patch of the current code that breaks one rule of
``dominolab/rules_coverage.toml`` on purpose. The first six are the behaviours an
independent audit found the rule-marked tests missing (issue 27); the other
twenty were written down, one per statement, before ``tests/test_rules_catch.py``
was written. For every gap a fresh Python process applies the patch and runs
every test marked ``@pytest.mark.rule`` (pytest with the rule report of
:mod:`dominolab.pytest_plugin`, Hypothesis at the mutants' fixed example count),
and the table says whether the gap was caught

* *before*: a rule-marked test of its statement failed, not counting
  ``tests/test_rules_catch.py`` (the tests as they were before that file);
* *now*: the same, that file included;
* *any before* / *any now*: some rule-marked test of any statement failed (without / with that file).

A first run without a patch checks that the marked tests pass unchanged. The
patches change public or stable things - game descriptions via
:func:`dataclasses.replace`, scoring functions, ``Match`` and ``Round`` public
methods wrapped around their result - except where ``internals`` says so. The
audit's six are the named patches of :mod:`dominolab.verify.mutants` of the same
names; our own twenty are not registered there (its machinery for fields and for
replacing a function everywhere is reused).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator

ROOT = Path(__file__).resolve().parents[1]
NEW_TESTS = "tests/test_rules_catch.py"


@dataclass(frozen=True)
class Gap:
    name: str
    statement: str          #: the statement of rules_coverage.toml whose rule it breaks
    description: str
    apply: Callable[[], None]
    audit: bool = False     #: one of the six behaviours the audit found (else: one of our own twenty)
    internals: str = ""     #: the engine internal it depends on, if any


GAPS: list[Gap] = []


def gap(name: str, statement: str, *, audit: bool = False,
        internals: str = "") -> Callable[[Callable[[], None]], Callable[[], None]]:
    def register(fn: Callable[[], None]) -> Callable[[], None]:
        GAPS.append(Gap(name, statement, " ".join((fn.__doc__ or "").split()), fn, audit, internals))
        return fn
    return register


# -- helpers: wrap public methods; replace functions everywhere ------------------------------

def _wrap(owner: Any, name: str, make: Callable[[Any], Any]) -> None:
    setattr(owner, name, make(getattr(owner, name)))


def _replace_everywhere(module: Any, name: str, new: Any) -> None:
    from dominolab.verify import mutants
    mutants.replace_everywhere(module, name, new)


def _game(game: str, **changes: Any) -> None:
    """The registered game description with fields replaced (checked by ``dataclasses.replace``)."""
    from dominolab.verify import mutants
    mutants.replace_game(game, **changes)


def _hand_sizes(game: str, changes: dict[tuple[int, bool], int | None]) -> None:
    from dominolab.core.rules import GAMES, Seating
    sizes = dict(GAMES[game].hand_sizes)
    for (players, partners), size in changes.items():
        if size is None:
            sizes.pop(Seating(players, partners), None)
        else:
            sizes[Seating(players, partners)] = size
    _game(game, hand_sizes=sizes)


def _forget_credit_tables() -> None:
    from dominolab.core import engine
    for cache in ("_CREDIT_CACHE", "_MATCH_SETUPS"):
        getattr(engine, cache, {}).clear()


def _next_holding(rnd: Any, seat: int) -> int:
    """The next seat clockwise after ``seat`` that holds tiles (``seat`` itself if none does)."""
    n = rnd.seating.players
    nxt = (seat + 1) % n
    while not rnd.hands[nxt] and nxt != seat:
        nxt = (nxt + 1) % n
    return int(nxt)


def _after_push(adjust: Callable[[Any, int, Any, list[Any]], None]) -> None:
    """Wrap ``Round.push``: after every move, ``adjust(round, seat that moved, move, new events)``."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def push(self: Any, move: Any) -> Any:
            seat = self.to_move
            events = orig(self, move)
            adjust(self, seat, move, events)
            return events
        return push
    _wrap(Round, "push", make)


def _play_event(events: list[Any]) -> Any:
    from dominolab.core.engine import PlayEvent
    return next((e for e in events if isinstance(e, PlayEvent)), None)


def _after_new_round(adjust: Callable[[Any, Any], None]) -> None:
    """Wrap ``Match.new_round`` for rounds the match deals itself: ``adjust(match, round)``."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def new_round(self: Any, *args: Any, **kw: Any) -> Any:
            rnd = orig(self, *args, **kw)
            if not args and not kw:
                adjust(self, rnd)
            return rnd
        return new_round
    _wrap(Match, "new_round", make)


def _set_opener(rnd: Any, seat: int) -> None:
    rnd.opener = rnd.to_move = seat


# == the six behaviours of the audit ==========================================================
# They are named patches of dominolab/verify/mutants.py now (each on its statement of
# rules_coverage.toml); the gaps apply those, so each behaviour is written once.

def _named_patch(name: str, statement: str) -> None:
    from dominolab.verify.mutants import PATCHES

    patch = PATCHES[name]
    qualname = patch.target.partition(":")[2]
    GAPS.append(Gap(name, statement, patch.description, patch.apply, audit=True,
                    internals=qualname if "._" in qualname else ""))


for _name, _statement in (("block-on-rounded-pips", "hr.settle.block-lowest-wins"),
                          ("lot-after-block-skips-previous-opener", "hr.opening.lot-after-block"),
                          ("partnership-lot-among-two-seats", "hr.opening.lot"),
                          ("empty-partner-not-skipped-after-ordinary-play", "ft.end.empty-seat-skipped"),
                          ("block-before-target", "hr.target.immediate"),
                          ("drawn-tile-offered-one-point", "hr.draw.first-playable-must-be-played")):
    _named_patch(_name, _statement)


# == twenty of our own, written down before tests/test_rules_catch.py ===========================

@gap("opener-holds-most-pips", "hr.opening.no-right-from-deal")
def _opener_most_pips() -> None:
    """The first opener is the seat dealt the most pips (the lowest such seat), not the lot."""
    def adjust(match: Any, rnd: Any) -> None:
        if len(match.rounds) == 1:
            pips = rnd.pips_left()
            _set_opener(rnd, pips.index(max(pips)))
    _after_new_round(adjust)


@gap("seat-after-last-player-opens", "hr.opening.last-player-opens-next")
def _after_last_player() -> None:
    """After a domino the seat after the player of the last tile opens (instead of that player)."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def next_opener(self: Any) -> Any:
            seat = orig(self)
            last = self.rounds[-1] if self.rounds else None
            if seat is not None and last is not None and last.end == "domino" \
                    and self.rules.opener_after_domino == "last-player":
                return (seat + 1) % self.seating.players
            return seat
        return next_opener
    _wrap(Match, "next_opener", make)


@gap("previous-seat-opens", "ft.opening.next-seat")
def _previous_seat() -> None:
    """The next round is opened by the seat before the previous opener (counter-clockwise)."""
    from dominolab.core.engine import Match

    def make(orig: Any) -> Any:
        def next_opener(self: Any) -> Any:
            seat = orig(self)
            if seat is not None and self.rounds and seat == (self.rounds[-1].opener + 1) % self.seating.players:
                return (self.rounds[-1].opener - 1) % self.seating.players
            return seat
        return next_opener
    _wrap(Match, "next_opener", make)


@gap("lot-ties-rethrow-all", "hr.opening.lot-ties-repeat")
def _rethrow_all() -> None:
    """A tie in the lot is thrown again by every candidate, not only by the tied ones."""
    from dominolab.core import engine

    def lot(rng: Any, candidates: Any) -> int:
        candidates = list(candidates)
        while True:
            throws = [rng.randint(1, 6) for _ in candidates]
            if throws.count(max(throws)) == 1:
                return int(candidates[throws.index(max(throws))])
    _replace_everywhere(engine, "lot", lot)


@gap("later-deals-rotated", "hr.deal.fresh-shuffle", internals="Match._shuffled")
def _rotated() -> None:
    """Rounds after the first are not shuffled again: the previous deal moves on by one hand."""
    from dominolab.core.engine import Match
    last: dict[int, list[Any]] = {}

    def make(orig: Any) -> Any:
        def shuffled(self: Any) -> list[Any]:
            size = self.rules.hand_sizes[self.seating]
            tiles = orig(self) if id(self) not in last else last[id(self)][size:] + last[id(self)][:size]
            last[id(self)] = list(tiles)
            return tiles
        return shuffled
    _wrap(Match, "_shuffled", make)


@gap("four-individuals-get-six", "hr.deal.hand-sizes")
def _four_six() -> None:
    """Horse Race deals 6 tiles each to four individual players (instead of 5)."""
    _hand_sizes("horse-race", {(4, False): 6})


@gap("ft-two-players-get-six", "ft.deal.hand-sizes")
def _ft_two_six() -> None:
    """Fives and Threes deals 6 tiles each to two players (instead of 7)."""
    _hand_sizes("fives-and-threes", {(2, False): 6})


@gap("ft-without-two-players", "ft.players.seatings")
def _ft_no_two() -> None:
    """Fives and Threes no longer allows two players."""
    _hand_sizes("fives-and-threes", {(2, False): None})


@gap("one-point-tile-ends-turn", "hr.stay.scoring-from-hand")
def _one_point_ends() -> None:
    """A tile from the hand that scores only 1 point (and is no double) ends the turn."""
    from dominolab.core.layout import Placement

    def adjust(rnd: Any, seat: int, move: Any, events: list[Any]) -> None:
        event = _play_event(events)
        if isinstance(move, Placement) and event is not None and event.credit == 1 \
                and not event.tile.is_double and rnd.end is None and rnd.to_move == seat:
            rnd.to_move = _next_holding(rnd, seat)
    _after_push(adjust)


@gap("drawn-double-continues", "hr.drawn.ends-turn")
def _drawn_double() -> None:
    """A drawn double played at once lets the player continue (a drawn scoring tile still ends the turn)."""
    from dominolab.core.layout import Placement

    def adjust(rnd: Any, seat: int, move: Any, events: list[Any]) -> None:
        event = _play_event(events)
        if isinstance(move, Placement) and event is not None and event.source == "drawn" \
                and event.tile.is_double and rnd.end is None and rnd.hands[seat]:
            rnd.to_move = seat
    _after_push(adjust)


@gap("continuing-without-tile-loses-turn", "hr.stay.without-tile-draws")
def _continuing_loses() -> None:
    """A player who stays on turn but has no playable tile loses the turn (no draw)."""
    from dominolab.core.layout import Placement

    def adjust(rnd: Any, seat: int, move: Any, events: list[Any]) -> None:
        if isinstance(move, Placement) and rnd.end is None and rnd.to_move == seat and rnd.pending is None:
            if not isinstance(rnd.legal_moves()[0], Placement):
                rnd.to_move = _next_holding(rnd, seat)
    _after_push(adjust)


@gap("knock-skips-a-seat", "ft.pass.knock-passes-turn")
def _knock_skips() -> None:
    """With three players in a game without drawing, a knock passes the turn two seats on (the next seat
    is skipped; with four, two seats that cannot play would hand the turn to each other for ever)."""
    from dominolab.core.moves import PASS

    def adjust(rnd: Any, seat: int, move: Any, events: list[Any]) -> None:
        if move is PASS and rnd.end is None and not rnd.rules.drawing and rnd.seating.players == 3:
            rnd.to_move = _next_holding(rnd, rnd.to_move)
    _after_push(adjust)


@gap("domino-bonus-two", "ft.end.domino-bonus")
def _bonus_two() -> None:
    """Fives and Threes gives 2 extra points (not 1) for laying the last hand tile."""
    _game("fives-and-threes", domino_bonus=2)


@gap("big-sums-capped", "hr.score.positive-multiple-of-five")
def _capped() -> None:
    """Horse Race end sums of 20 or more score at most 3 points (20 gives 3, not 4)."""
    from dominolab.core.rules import GameRules

    def make(orig: Any) -> Any:
        def credit(self: Any, end_sum: int) -> int:
            value = int(orig(self, end_sum))
            return min(value, 3) if tuple(self.divisors) == (5,) else value
        return credit
    _wrap(GameRules, "credit", make)
    _forget_credit_tables()


@gap("three-scores-nothing", "ft.score.threes-and-fives")
def _three_nothing() -> None:
    """In Fives and Threes an end sum of 3 scores nothing (6, 9, ... still score)."""
    from dominolab.core.rules import GameRules

    def make(orig: Any) -> Any:
        def credit(self: Any, end_sum: int) -> int:
            return 0 if tuple(self.divisors) == (3, 5) and end_sum == 3 else int(orig(self, end_sum))
        return credit
    _wrap(GameRules, "credit", make)
    _forget_credit_tables()


@gap("remainder-two-rounds-up", "hr.settle.rounding")
def _two_up() -> None:
    """Settlement rounding takes a remainder of 2 up (12 pips become 15), only 1 rounds down."""
    from dominolab.core import scoring

    def rounded(pips: int, unit: int) -> int:
        rest = pips % unit
        return pips - rest if 2 * rest < unit - 1 else pips + unit - rest
    scoring._round = rounded


@gap("heaviest-opponent-only", "hr.settle.opponents-summed-then-rounded")
def _heaviest() -> None:
    """The round's winner collects the pips of the heaviest opponent hand only, not of all opponents."""
    from dominolab.core import scoring

    orig = scoring.settle_trusted

    def settle(pips: Any, side_of: Any, n_sides: int, domino_seat: int | None, unit: int) -> Any:
        s = orig(pips, side_of, n_sides, domino_seat, unit)
        collected = tuple(max((p for seat, p in enumerate(pips) if side_of[seat] != side), default=0)
                          if side in s.winners else 0 for side in range(n_sides))
        rounded = tuple(scoring.round_to_five(c, unit) for c in collected)
        return dataclasses.replace(s, collected=collected, rounded=rounded,
                                   credits=tuple(r // unit for r in rounded))
    _replace_everywhere(scoring, "settle_trusted", settle)


@gap("blocked-ft-names-lighter-side", "ft.block.no-winner")
def _ft_block_winner() -> None:
    """A blocked Fives and Threes round names the side with fewer remaining pips as its winner (no points)."""
    def adjust(rnd: Any, seat: int, move: Any, events: list[Any]) -> None:
        if rnd.end == "blocked" and not rnd.rules.pip_settlement and rnd.outcome is not None \
                and not rnd.outcome.winners:
            side_pips = [0] * rnd.seating.n_sides
            for s, p in enumerate(rnd.pips_left()):
                side_pips[rnd.seating.side_of(s)] += p
            rnd.outcome = dataclasses.replace(rnd.outcome, winners=(side_pips.index(min(side_pips)),))
    _after_push(adjust)


@gap("ft-no-double-opening", "ft.opening.any-tile")
def _no_double_opening() -> None:
    """In Fives and Threes the opener may not open with a double while holding another tile."""
    from dominolab.core.engine import Round

    def make(orig: Any) -> Any:
        def legal_moves(self: Any) -> Any:
            moves = orig(self)
            if not self.layout.placements and not self.rules.spinners:
                singles = [m for m in moves if not m.tile.is_double]
                return singles or moves
            return moves
        return legal_moves
    _wrap(Round, "legal_moves", make)


@gap("drawn-play-skips-a-seat", "hr.turns.clockwise")
def _drawn_skips() -> None:
    """After a drawn tile is played the turn skips the next seat."""
    from dominolab.core.layout import Placement

    def adjust(rnd: Any, seat: int, move: Any, events: list[Any]) -> None:
        event = _play_event(events)
        if isinstance(move, Placement) and event is not None and event.source == "drawn" and rnd.end is None \
                and rnd.seating.players > 2 and rnd.to_move != seat:
            rnd.to_move = _next_holding(rnd, rnd.to_move)
    _after_push(adjust)


# -- running ------------------------------------------------------------------------------------

def _rule_files() -> list[str]:
    return [str(p.relative_to(ROOT)) for p in sorted((ROOT / "tests").glob("test_*.py"))
            if "rule(" in p.read_text(encoding="utf-8")]


def _child(name: str, report: str) -> int:
    """In a fresh process: apply the gap's patch (none for ``-``), run the rule-marked tests."""
    import pytest
    from hypothesis import HealthCheck, Phase, settings

    from dominolab.verify.mutants import MUTANT_EXAMPLES
    from dominolab.verify.rules_coverage import plugin_args

    if name != "-":
        {g.name: g for g in GAPS}[name].apply()
    settings.register_profile("dominolab-rule-gaps", max_examples=MUTANT_EXAMPLES, deadline=None,
                              derandomize=True, database=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
                              suppress_health_check=list(HealthCheck))
    errors: dict[str, str] = {}

    class Profile:
        @staticmethod
        def pytest_sessionstart() -> None:
            settings.load_profile("dominolab-rule-gaps")

        @staticmethod
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
            yield
            if call.when == "call" and call.excinfo is not None:
                errors[item.nodeid] = str(call.excinfo.typename)

    # a patch that breaks a module's collection (a parameter list computed from the rules) must not
    # stop the other files' tests
    code = pytest.main(["-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=", *plugin_args(),
                        "-m", "rule", "--continue-on-collection-errors", f"--dominolab-rule-report={report}",
                        "-W", "ignore", *_rule_files()], plugins=[Profile()])
    Path(report + ".errors.json").write_text(json.dumps(errors), encoding="utf-8")
    return 0 if code in (0, 1) else int(code)


def run_one(name: str, timeout: float = 120.0) -> dict[str, Any]:
    """Outcomes per statement and test node of one run (``name`` ``-``: no patch), in a fresh process."""
    with tempfile.TemporaryDirectory(prefix="dominolab-rule-gaps-") as tmp:
        report = Path(tmp) / "report.json"
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   PYTHONDONTWRITEBYTECODE="1")
        env.pop("CI", None)
        start = time.monotonic()
        try:
            proc = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", name, str(report)],
                                  cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return {"timeout": True, "outcomes": {}, "errors": {}, "seconds": round(time.monotonic() - start, 1)}
        if not report.exists():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            return {"error": tail[0][:300], "outcomes": {}, "errors": {}, "seconds": round(time.monotonic() - start, 1)}
        errors_file = Path(str(report) + ".errors.json")
        return {"outcomes": json.loads(report.read_text(encoding="utf-8")),
                "errors": json.loads(errors_file.read_text(encoding="utf-8")) if errors_file.exists() else {},
                "seconds": round(time.monotonic() - start, 1)}


def verdict(res: dict[str, Any], statement: str) -> dict[str, Any]:
    """caught before (without the new test file), now, by any rule test, and the failing nodes."""
    if res.get("timeout"):
        return {"before": True, "now": True, "any": True, "failed": ["(timed out)"]}
    outcomes = res.get("outcomes", {})
    mine = sorted(node for node, o in outcomes.get(statement, {}).items() if o == "failed")
    every = sorted({node for per in outcomes.values() for node, o in per.items() if o == "failed"})
    return {"before": any(not n.startswith(NEW_TESTS) for n in mine), "now": bool(mine),
            "any_before": any(not n.startswith(NEW_TESTS) for n in every), "any": bool(every),
            "failed": mine, "failed_any": every,
            "by": sorted({res.get("errors", {}).get(n, "?") for n in mine})}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Rule gaps: 26 patches against the rule-marked tests.")
    parser.add_argument("--only", nargs="*", default=[], help="names of gaps to run")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    names = {g.name for g in GAPS}
    unknown = [n for n in args.only if n not in names]
    if unknown:
        print(f"rule_gaps.py: no gap named {unknown[0]!r} (one of: {', '.join(sorted(names))})", file=sys.stderr)
        return 2
    gaps = [g for g in GAPS if not args.only or g.name in args.only]
    base = run_one("-")
    failed_base = sorted({n for per in base.get("outcomes", {}).values() for n, o in per.items()
                          if o not in ("passed", "skipped")})
    if base.get("error") or base.get("timeout") or failed_base:
        print(f"rule_gaps.py: the unpatched rule tests do not pass: {base.get('error') or failed_base[:5]}",
              file=sys.stderr)
        return 1
    rows = []
    for g in gaps:
        res = run_one(g.name)
        v = verdict(res, g.statement)
        rows.append({"gap": g.name, "statement": g.statement, "audit": g.audit, "internals": g.internals,
                     "seconds": res.get("seconds"), "error": res.get("error", ""), **v})
        if not args.json:
            print(f"  ran {g.name} ({res.get('seconds')} s)", file=sys.stderr, flush=True)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    yes = {True: "yes", False: "NO"}
    width = max(len(r["gap"]) for r in rows)
    swidth = max(len(r["statement"]) for r in rows)
    print(f"{'patch':<{width}}  {'statement':<{swidth}}  before  now  any before  any now")
    for r in rows:
        mark = "*" if r["audit"] else " "
        print(f"{r['gap']:<{width}}  {r['statement']:<{swidth}}  {yes[r['before']]:<6}  {yes[r['now']]:<3}  "
              f"{yes[r['any_before']]:<10}  {yes[r['any']]:<7} {mark}{'  (' + r['error'] + ')' if r['error'] else ''}")
    for group, title in ((True, "the audit's six"), (False, "our own twenty")):
        part = [r for r in rows if r["audit"] is group]
        if part:
            print(f"{title}: caught before {sum(r['before'] for r in part)}/{len(part)}, "
                  f"now {sum(r['now'] for r in part)}/{len(part)}")
    print(f"all: caught before {sum(r['before'] for r in rows)}/{len(rows)}, now {sum(r['now'] for r in rows)}/"
          f"{len(rows)} (* = found by the audit; 'any' = some rule-marked test of any statement failed)")
    print(f"any rule-marked test: before {sum(r['any_before'] for r in rows)}/{len(rows)}, "
          f"now {sum(r['any'] for r in rows)}/{len(rows)}")
    return 0 if all(r["now"] for r in rows) else 1


if __name__ == "__main__":
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        sys.exit(_child(sys.argv[2], sys.argv[3]))
    sys.exit(main())
