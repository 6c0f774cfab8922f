"""The ladder's protocol: what is played, on which seeds, at which sizes - fixed here before any run.

The bot ladder's tasks (:func:`tasks`), the rated pairs of levels (:data:`RATED`, :data:`LEVEL_PAIRS`,
:data:`PER_PAIR`), the exploratory duels (:data:`DUELS`, :data:`MATCH_DUELS`) and the confirming protocol of
issue 30 (:data:`CONFIRM`): every published strength figure of the expert comes from its duels, their sizes and
the claims they test. Their seeds come from a hash of the commit being measured (:func:`derive_seed`), so
nobody picks them and nobody can tune on them before the commit exists; tuning
(``python -m tools bench expert-screen``) uses the family "screen" and refuses the family "confirm".

The steps that play are in :mod:`tools.ladder.runs`, the ones that write the committed files in
:mod:`tools.ladder.publishing`; ``python -m tools ladder`` (:mod:`tools.ladder.cli`) runs them.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any, NamedTuple

from dominolab.play.levels import LEVELS
from tools import ROOT, ToolError

THINK_MS = 50

SEED = 1

OUT = ROOT / "dominolab" / "data" / "ladder.json"

CACHE = Path(os.environ.get("DOMINOLAB_LADDER_CACHE", "/tmp/dominolab-ladder-cache"))

GAMES = ("horse-race", "fives-and-threes")

SEATINGS = ((2, False), (4, True))
#: matches per pair and seating: (2 players, partnerships)
MATCHES = {
    ("strong", "greedy"): (300, 60),
    ("strong", "random"): (60, 40),
    ("greedy", "random"): (1000, 1000),
}

SELF_PLAY = 2000        # greedy against greedy: the opener's advantage and points per round
#: Every task keeps its first matches whole (``first_matches``), so a test can replay them and notice
#: when the engine or a bot no longer gives the committed figures: more of the cheap tasks, one of a
#: task with a searching bot (a match of the strong bot at 50 ms costs seconds).
SAMPLE_MATCHES = {"cheap": 4, "search": 1}

STAY_MATCHES = 2000     # Horse Race with and without staying on turn (greedy self-play)

RATINGS_OUT = ROOT / "dominolab" / "data" / "ratings.json"
#: The seatings rated: the two-player game of each game; the play page's default seating
#: (Horse Race, two players: dominolab.webapi) is the first of them.
RATED = (("horse-race", 2, False), ("fives-and-threes", 2, False))

PAGE_SEATING = ("horse-race", 2, False)
#: Rated pairs (level numbers): every adjacent pair, and the pairs two apart to tie the scale (random
#: against the expert would tell nothing: the expert wins every match).
LEVEL_PAIRS = ((1, 2), (2, 3), (3, 4), (1, 3), (2, 4))
#: Matches per rated pair and seating in the full ladder (an even number: sides rotated every match). 400 since
#: the ladder has four levels (issue 30): neighbours about 75 Elo apart (Fives and Threes, umsichtig and
#: Expertin) need intervals of about +-45 to stand apart; 200 gave about +-65.
PER_PAIR = 400
#: The anchor of the scale: gierig (greedy) is rated 1000.
ANCHOR, ANCHOR_RATING = 2, 1000.0

#: Paired-deal comparisons (issue 19) (game, a, a_ms, b, b_ms, deals): the expert at a quarter of strong's work
#: (Fives and Threes), against strong at equal work and at four times its own work (Horse Race). The
#: Horse Race comparison at equal work has 2,000 deals: at 1,000 its interval still reached below 50 %.
DUELS = (("fives-and-threes", "expert", 5.0, "strong", 20.0, 1000),
         ("horse-race", "expert", 5.0, "strong", 5.0, 2000),
         ("horse-race", "expert", 20.0, "expert", 5.0, 1000))

DUEL_SEED = 20000

#: Whole matches on shared deals (game, a, a_ms, b, b_ms, match seeds): every match seed is played twice
#: with the sides swapped, so both bots get the same deals for as long as the two matches run alike. Horse
#: Race is played at 5 ms and at the budget of the page's levels stark and Expertin (25 ms). Fives and
#: Threes at a quarter of the work is measured in rounds (DUELS); its match duel (1,000 seeds, 2,000
#: matches, 21 CPU minutes) was not played again after expert.STEPS_PER_MS changed (tools/bench/README.md).
MATCH_DUELS = (("horse-race", "expert", 5.0, "strong", 5.0, 500),
               ("horse-race", "expert", 25.0, "strong", 25.0, 500))

MATCH_DUEL_SEED = 30000

#: The seed families: "screen" for tuning runs, "confirm" for the published figures only.
FAMILIES = ("screen", "confirm")
#: A derived seed is a number below 2**SEED_BITS; a duel of n seeds uses seed .. seed + n - 1.
SEED_BITS = 40


class ConfirmDuel(NamedTuple):
    """One confirming duel: whole matches of ``a`` at ``a_ms`` against ``b`` at ``b_ms``, ``seeds`` match
    seeds each played with both seatings (2 * seeds matches), and the claim its interval tests."""

    name: str
    game: str
    a: str
    a_ms: float
    b: str
    b_ms: float
    seeds: int
    claim: str          #: "lower>X": the interval's lower bound above X; "upper>=X": its upper bound at least X

    def holds(self, ci95: tuple[float, float] | list[float]) -> bool:
        """Whether an interval supports the claim."""
        kind, _, value = self.claim.partition(">")
        if kind == "lower":
            return ci95[0] > float(value)
        if kind == "upper" and value.startswith("="):
            return ci95[1] >= float(value[1:])
        raise ValueError(f"unknown claim {self.claim!r}")

#: The confirming duels, sizes fixed before any run. Horse Race at the page's budget (expert and strong,
#: the level Expertin and the bot stark: 25 ms each), 1,000 seeds = 2,000 matches (an interval about +-2.2 points
#: wide); the expert's growth with work at 4x (20 ms against 5 ms: the ratio of expert@100 to the expert at a
#: quarter of its CPU cost); Fives and
#: Threes with the expert at a quarter of strong's work (5 against 20 ms), where the claim is only that it
#: is not measurably worse.
CONFIRM: tuple[ConfirmDuel, ...] = (
    ConfirmDuel("hr-equal-work", "horse-race", "expert", 25.0, "strong", 25.0, 1000, "lower>0.52"),
    ConfirmDuel("hr-four-times-work", "horse-race", "expert", 20.0, "expert", 5.0, 1000, "lower>0.5"),
    ConfirmDuel("ft-quarter-work", "fives-and-threes", "expert", 5.0, "strong", 20.0, 1000, "upper>=0.5"),
)
#: Decisions with 2+ legal moves per side and match (greedy self-play: about 4 rounds of 7); the CPU
#: estimates use them.
DECISIONS_PER_MATCH = {"horse-race": 40, "fives-and-threes": 35}

CONFIRM_COMMAND = "python -m tools ladder confirm [--seed-commit HASH] [--jobs J]"


def task_id(game: str, players: int, partnerships: bool, bots: tuple[str, ...], changes: dict[str, Any]) -> str:
    seat = f"{players}{'p' if partnerships else 'i'}"
    extra = "".join(f"-{k}={v}" for k, v in sorted(changes.items()))
    return f"{game}-{seat}-{'-'.join(bots)}{extra}"


def tasks() -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for game in GAMES:
        for which, (players, partnerships) in enumerate(SEATINGS):
            for pair, counts in MATCHES.items():
                out.append(dict(game=game, players=players, partnerships=partnerships, bots=pair,
                                matches=counts[which], changes={}))
            out.append(dict(game=game, players=players, partnerships=partnerships, bots=("greedy",),
                            matches=SELF_PLAY, changes={}))
    out.append(dict(game="horse-race", players=2, partnerships=False, bots=("greedy",), matches=STAY_MATCHES,
                    changes={"stay_on_turn": False}))
    for t in out:
        t["id"] = task_id(t["game"], t["players"], t["partnerships"], t["bots"], t["changes"])
    return out


def level_task_id(game: str, players: int, partnerships: bool, a: int, b: int) -> str:
    return f"{game}-{players}{'p' if partnerships else 'i'}-L{a}-L{b}"


def derive_seed(commit: str, family: str, name: str) -> int:
    """The first seed of duel ``name`` in seed ``family`` for ``commit`` (a full 40-hex commit id).

    ``int(sha256("dominolab:" + commit + ":" + family + ":" + name)[:5 bytes])``: the same on every
    machine, different for every commit, family and duel. A bad commit or family is a ValueError."""
    if not re.fullmatch(r"[0-9a-f]{40}", commit):
        raise ValueError(f"a seed commit is a full 40-digit hex commit id, not {commit!r:.60}")
    if family not in FAMILIES:
        raise ValueError(f"unknown seed family {family!r}; one of {', '.join(FAMILIES)}")
    digest = hashlib.sha256(f"dominolab:{commit}:{family}:{name}".encode()).digest()
    return int.from_bytes(digest[:SEED_BITS // 8], "big")


def full_commit(ref: str = "HEAD") -> str:
    """The full commit id of ``ref`` in this checkout (a ValueError when git cannot tell)."""
    try:
        return subprocess.run(["git", "rev-parse", "--verify", f"{ref}^{{commit}}"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        raise ValueError(f"git does not know the commit {ref!r:.60} here") from None


def tree_is_clean() -> bool:
    """True when no tracked file differs from the commit (what is measured is then the commit)."""
    try:
        out = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return not out.strip()


def _commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def ladder_seed(args: argparse.Namespace) -> tuple[int, Path]:
    """The bot ladder's tournament seed and the folder of its cached tasks: with ``--legacy-seed`` the fixed
    :data:`SEED` of the ladder before issue 30 (``CACHE``), else the confirm family of the commit
    (``--seed-commit`` or HEAD) in ``CACHE/ladder/seeds-COMMIT``."""
    if getattr(args, "legacy_seed", False):
        return SEED, CACHE
    commit = full_commit(args.seed_commit) if getattr(args, "seed_commit", None) else full_commit()
    return derive_seed(commit, "confirm", "ladder"), CACHE / "ladder" / f"seeds-{commit[:12]}"


def levels_seed(args: argparse.Namespace) -> tuple[int, Path]:
    """The rated pairs' tournament seed and the folder of their results: with ``--legacy-seed`` the fixed
    :data:`SEED` of the committed ratings (``CACHE/levels``), else the confirm family of the commit
    (``--seed-commit`` or HEAD; issue 30) in ``CACHE/levels/seeds-COMMIT``."""
    if getattr(args, "legacy_seed", False):
        return SEED, CACHE / "levels"
    commit = full_commit(args.seed_commit) if getattr(args, "seed_commit", None) else full_commit()
    return derive_seed(commit, "confirm", "levels"), CACHE / "levels" / f"seeds-{commit[:12]}"


def confirm_ranges(seed_commit: str) -> list[tuple[str, int, int]]:
    """Every confirming duel's seeds for ``seed_commit``: (name, first, last)."""
    out = []
    for d in CONFIRM:
        first = derive_seed(seed_commit, "confirm", d.name)
        out.append((d.name, first, first + d.seeds - 1))
    return out


def overlaps_confirm(first: int, last: int, seed_commits: list[str]) -> str | None:
    """The confirming duel (as ``name@commit``) whose seeds meet ``first..last`` (round deals and match seeds
    alike), or None."""
    for commit in seed_commits:
        for name, lo, hi in confirm_ranges(commit):
            if first <= hi and lo <= last:
                return f"{name}@{commit[:12]}"
    return None


def protocol_record(code_commit: str, seed_commit: str) -> dict[str, Any]:
    """The protocol as written into ratings.json before the figures: what was run, on which seeds."""
    return {
        "code_commit": code_commit,
        "seed_commit": seed_commit,
        "families": {"screen": "tuning only (tools/bench/expert_screen.py); never published",
                     "confirm": "published figures only; the screening tools refuse these seeds"},
        "seed_derivation": "first seed = int.from_bytes(sha256('dominolab:' + seed_commit + ':' + family + ':' + "
                           f"duel)[:{SEED_BITS // 8}], 'big'); the duel plays seeds first .. first + seeds - 1, "
                           "each with both seatings",
        "duels": [{"name": d.name, "game": d.game, "a": d.a, "a_ms": d.a_ms, "b": d.b, "b_ms": d.b_ms,
                   "seeds": d.seeds, "matches": 2 * d.seeds, "claim": d.claim,
                   "first_seed": derive_seed(seed_commit, "confirm", d.name)} for d in CONFIRM],
        "interval": "Wilson 95 % of the match share of a (shared wins count half)",
        "command": CONFIRM_COMMAND,
    }


def _cpu_per_ms(timing: dict[str, Any], game: str, bot: str, ms: float) -> float:
    """CPU ms per decision per ms of budget of ``bot`` in ``game``: from the measured level of that bot
    whose budget is nearest ``ms`` (the work is a fixed number of steps per ms)."""
    from dominolab.play.levels import LEVELS, UNRATED

    have = [(abs(lv.think_ms - ms), lv) for lv in LEVELS + UNRATED
            if lv.bot == bot and lv.name in timing.get(game, {})]
    if not have:
        raise ValueError(f"no timing of a {bot} level in {game}: run python -m tools ladder leveltiming")
    lv = min(have, key=lambda x: x[0])[1]
    return float(timing[game][lv.name]["cpu_ms_mean"]) / lv.think_ms


def confirm_cpu_hours(timing: dict[str, Any]) -> dict[str, float]:
    """CPU hours of every confirming duel (and ``total``), from per-decision timings (``leveltiming``)."""
    out: dict[str, float] = {}
    for d in CONFIRM:
        per_decision_ms = (d.a_ms * _cpu_per_ms(timing, d.game, d.a, d.a_ms)
                           + d.b_ms * _cpu_per_ms(timing, d.game, d.b, d.b_ms))
        out[d.name] = round(2 * d.seeds * DECISIONS_PER_MATCH[d.game] * per_decision_ms / 3.6e6, 2)
    out["total"] = round(sum(out.values()), 2)
    return out


def _timing_for_estimate() -> dict[str, Any]:
    """The committed level timings (ratings.json: ``leveltiming`` of the last ladder run). They reproduce
    the measured cost of the last Horse Race duel at 25 ms (3,273 CPU s for 1,000 matches; estimated 3,292)."""
    data = read_json(RATINGS_OUT, "the committed ratings")
    return dict(data.get("timing") or {}) if isinstance(data, dict) else {}


def cmd_confirm_estimate(args: argparse.Namespace) -> dict[str, float]:
    """CPU hours the confirming protocol needs (from the level timings)."""
    try:
        hours = confirm_cpu_hours(_timing_for_estimate())
    except ValueError as err:
        raise ToolError(str(err)) from None
    for d in CONFIRM:
        print(f"{d.name}: {d.game} {d.a}@{d.a_ms:g} vs {d.b}@{d.b_ms:g}, {2 * d.seeds} matches: "
              f"about {hours[d.name]:.2f} CPU hours")
    print(f"confirm protocol: about {hours['total']:.1f} CPU hours")
    return hours


def cmd_estimate(args: argparse.Namespace) -> None:
    """CPU hours of the full ladder, from the level timings and decisions per match."""
    path = CACHE / "levels" / "timing.json"
    if not path.is_file():
        raise ToolError(f"no level timings in {path} (python -m tools ladder leveltiming measures them)")
    timing = read_json(path, "the level timings")
    if not isinstance(timing, dict):
        raise ToolError(f"the level timings: {path} is not a table of games")
    #: decisions with 2+ legal moves per side and match (greedy self-play, measured: about 4 rounds of 7)
    per_match = {"horse-race": 40, "fives-and-threes": 35}
    by_number = {lv.number: lv for lv in LEVELS}
    total = 0.0
    for game, _, _ in RATED:
        for a, b in LEVEL_PAIRS:
            ms = sum((timing.get(game) or {}).get(by_number[x].name, {}).get("cpu_ms_mean", 0.0) for x in (a, b))
            total += PER_PAIR * per_match[game] * ms / 1000
    print(f"full ladder: about {total / 3600:.1f} CPU hours ({PER_PAIR} matches per pair, {len(LEVEL_PAIRS)} pairs, "
          f"{len(RATED)} seatings)")


def cmd_protocol(args: argparse.Namespace) -> None:
    """Print the protocol (seeds and sizes) of the commit, without playing."""
    seed_commit = full_commit(args.seed_commit) if args.seed_commit else full_commit()
    print(json.dumps(protocol_record(full_commit(), seed_commit), indent=1))


def read_json(path: Path, what: str) -> Any:
    """The JSON in ``path``; a file that is missing, unreadable or not JSON is a one-line ToolError naming
    ``what`` it should hold."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ToolError(f"{what}: no file {path}") from None
    except OSError as err:
        raise ToolError(f"{what}: cannot read {path}: {err.strerror or err}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ToolError(f"{what}: {path} is not JSON ({err})") from None


def check_seed_commit(args: argparse.Namespace) -> None:
    """A ``--seed-commit`` git does not know: one line, before anything runs."""
    if getattr(args, "seed_commit", None):
        try:
            full_commit(args.seed_commit)
        except ValueError as error:
            raise ToolError(str(error)) from None
