"""The ladder of the bots: the committed results, tables and a Matplotlib chart.

``dominolab/data/ladder.json`` is written by ``python -m tools ladder`` (never by
the book build); :func:`load_ladder` reads it, :func:`pair_rows` and
:func:`facts` pick out the figures, :func:`ladder_table_html` and
:func:`ladder_figure` show them (German labels, for the book page
*Spielstärke*). Matplotlib is imported only by :func:`ladder_figure`.

>>> data = load_ladder()
>>> data["format"], data["think_ms"]
('dominolab.ladder/1', 50)
>>> all(0 <= r.lo <= r.rate <= r.hi <= 1 for r in pair_rows(data))
True
"""

from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

from dominolab.core.rules import GAMES, get_game
from dominolab.text.words import WORDS, BookWords, and_list, words

BOT_LABELS = WORDS["de"].bots
"""German names of the bots on the book page (:data:`dominolab.text.words.WORDS`); every function that
writes words takes ``lang`` (``de`` default, ``en``)."""


def _w(lang: str) -> BookWords:
    return words(lang).book


def _bots(lang: str) -> Mapping[str, str]:
    return words(lang).bots


def _level_name(level: dict[str, Any], lang: str) -> str:
    """A level's name as the play page writes it: the file's German name, or its bot's name in ``lang``."""
    if lang == "de":
        return str(level["german"])
    key = next((k for k, v in WORDS["de"].bots.items() if v == level["german"]), level.get("bot", ""))
    return _bots(lang).get(key, str(level["german"]))


def _seating_shown(label: str, lang: str) -> str:
    """A ladder row's seating (stored as the German label, :func:`seating_label`) in ``lang``."""
    if lang == "de":
        return label
    if label == WORDS["de"].book.ladder_partnerships:
        return _w(lang).ladder_partnerships
    n = re.match(r"\d+", label)
    return _w(lang).ladder_players.format(n=n.group(0)) if n else label


def load_ladder() -> dict[str, Any]:
    """The committed ladder results (``dominolab/data/ladder.json``)."""
    text = resources.files("dominolab").joinpath("data/ladder.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def seating_label(task: dict[str, Any], lang: str = "de") -> str:
    """A seating in words (the German label also keys the ladder's rows, :class:`PairRow`)."""
    if task["partnerships"]:
        return _w(lang).ladder_partnerships
    return _w(lang).ladder_players.format(n=task["players"])


@dataclass(frozen=True)
class PairRow:
    """The first bot of a pair against the second, in one game and seating."""

    game: str
    seating: str
    bot: str
    opponent: str
    matches: int
    wins: int
    rate: float
    lo: float
    hi: float
    points_per_round: float


def pair_rows(data: dict[str, Any]) -> list[PairRow]:
    """Every pairing of two different bots, first bot's view, in the ladder's order."""
    from dominolab.play.tournament import wilson

    rows = []
    for task in data["tasks"]:
        if len(task["bots"]) != 2 or task.get("variant"):
            continue
        first = task["results"][0]
        lo, hi = wilson(first["wins"], first["matches"])
        rows.append(PairRow(task["game"], seating_label(task), first["bot"], task["results"][1]["bot"],
                            first["matches"], first["wins"], first["win_rate"], lo, hi, task["points_per_round"]))
    return rows


def _task(data: dict[str, Any], **match: Any) -> dict[str, Any] | None:
    tasks: list[dict[str, Any]] = data["tasks"]
    for task in tasks:
        if all(task.get(k, {} if k == "variant" else None) == v for k, v in match.items()):
            return task
    return None


def facts(data: dict[str, Any]) -> dict[str, Any]:
    """The numbers players ask about, from greedy self-play (and the Horse Race variant).

    Per game (2 players): ``opener_match`` - share of matches won by the side
    that opened the first round, with its interval; ``opener_round`` - share of
    rounds in which the opener's side scored most; ``points_per_round`` and
    ``rounds_per_match``. For Horse Race also the same without staying on turn, and
    the shares of plays and play points made while staying on turn.
    """
    from dominolab.play.tournament import wilson

    out: dict[str, Any] = {}
    for game in GAMES:
        for players, partnerships in ((2, False), (4, True)):
            task = _task(data, game=game, players=players, partnerships=partnerships, bots=["greedy"], variant={})
            if task is None:
                continue
            n = task["matches"]
            key = f"{game}-{'4p' if partnerships else f'{players}i'}"
            out[key] = {
                "matches": n,
                "opener_match": task["first_opener_wins"] / n,
                "opener_match_ci": wilson(task["first_opener_wins"], n),
                "opener_round": task["opener_round_wins"] / task["rounds"],
                "points_per_round": task["points_per_round"],
                "rounds_per_match": task["rounds_per_match"],
            }
    for game in (g.name for g in GAMES.values() if g.stay_on_turn):
        variant = _task(data, game=game, players=2, partnerships=False, bots=["greedy"],
                        variant={"stay_on_turn": False})
        if variant is None:
            continue
        out[f"{game}-2i-no-stay"] = {
            "matches": variant["matches"],
            "points_per_round": variant["points_per_round"],
            "rounds_per_match": variant["rounds_per_match"],
        }
    # the staying-on-turn counts were measured for the built-in game whose rules let a player stay
    stayers = [g.name for g in GAMES.values() if g.stay_on_turn]
    stay_game = str(data.get("stay_game") or (stayers[0] if len(stayers) == 1 else ""))
    for key, st in (data.get("stay") or {}).items() if stay_game else ():
        out[f"{stay_game}-{key}-stay"] = {
            "matches": st["matches"],
            "continued_plays": st["continued_plays"] / st["plays"],
            "continued_points": st["continued_points"] / st["play_points"],
        }
    return out


#: A non-breaking space: a number and its unit stay on one line in a narrow table cell.
NBSP = "\u00a0"


def _pct(x: float, lang: str = "de") -> str:
    return f"{100 * x:.1f}{NBSP}%".replace(".", words(lang).lessons.decimal_point)


def ladder_table_html(data: dict[str, Any], table_class: str = "", lang: str = "de") -> str:
    """The ladder as an HTML table: pair, game, seating, matches, win rate and 95 % interval."""
    rows = []
    for r in pair_rows(data):
        rows.append(
            f"<tr><td>{html.escape(get_game(r.game).title)}</td><td>{html.escape(_seating_shown(r.seating, lang))}</td>"
            f"<td>{_w(lang).versus.format(a=_bots(lang)[r.bot], b=_bots(lang)[r.opponent])}</td><td>{r.matches}</td>"
            f"<td>{r.wins}</td><td>{_pct(r.rate, lang)}</td><td>{_pct(r.lo, lang)} – {_pct(r.hi, lang)}</td></tr>")
    cls = f" class='{html.escape(table_class)}'" if table_class else ""
    head = "".join(f"<th>{cell}</th>" for cell in _w(lang).ladder_head)
    return (f"<table{cls}><thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def ladder_figure(data: dict[str, Any], lang: str = "de") -> Any:
    """Win rates of the first bot of every pair with 95 % intervals, one panel per game."""
    import matplotlib.pyplot as plt

    rows = pair_rows(data)
    games = [g for g in GAMES if any(r.game == g for r in rows)]
    keys = list(dict.fromkeys((r.bot, r.opponent, r.seating) for r in rows))   # common rows of both panels
    ys = {key: len(keys) - 1 - i for i, key in enumerate(keys)}
    fig, axes = plt.subplots(1, len(games), figsize=(9, 0.55 * len(keys) + 1.4), sharey=True, squeeze=False)
    for ax, game in zip(axes[0], games):
        mine = [r for r in rows if r.game == game]
        y = [ys[(r.bot, r.opponent, r.seating)] for r in mine]
        rates = [r.rate for r in mine]
        err = [[r.rate - r.lo for r in mine], [r.hi - r.rate for r in mine]]
        colours = ["#c8553d" if r.seating == WORDS["de"].book.ladder_partnerships else "#2a6f97" for r in mine]
        ax.barh(y, rates, color=colours, height=0.6)
        ax.errorbar(rates, y, xerr=err, fmt="none", ecolor="black", capsize=3, linewidth=1)
        ax.axvline(0.5, color="grey", linestyle="--", linewidth=1)
        ax.set_xlim(0, 1)
        ax.set_title(get_game(game).title, fontsize=10)
        ax.set_xlabel(_w(lang).ladder_x, fontsize=8)
        ax.tick_params(axis="x", labelsize=8)
    axes[0][0].set_yticks([ys[k] for k in keys], [f"{_bots(lang)[a]} – {_bots(lang)[b]}\n{_seating_shown(seat, lang)}"
                                                 for a, b, seat in keys],
                          fontsize=8)
    fig.tight_layout()
    return fig


def small_png(fig: Any, dpi: int = 110, colours: int = 64) -> bytes:
    """A chart as a small PNG: a palette of ``colours`` instead of 32-bit colour (a third of the bytes;
    the site has a size budget). Closes the figure. Pillow comes with Matplotlib."""
    import io

    import matplotlib.pyplot as plt
    from PIL import Image

    out = io.BytesIO()
    fig.savefig(out, format="png", dpi=dpi, facecolor="white")
    plt.close(fig)
    image = Image.open(io.BytesIO(out.getvalue())).convert("RGB")
    small = io.BytesIO()
    image.quantize(colors=colours, method=Image.Quantize.MEDIANCUT).save(small, format="PNG", optimize=True)
    return small.getvalue()


def ladder_png(data: dict[str, Any], dpi: int = 110, lang: str = "de") -> bytes:
    """:func:`ladder_figure` as PNG bytes (for pages built with a non-interactive backend)."""
    return small_png(ladder_figure(data, lang), dpi)


# -- the rated ladder of levels (dominolab/data/ratings.json) -----------------------------

def load_ratings() -> dict[str, Any] | None:
    """The committed ratings of the levels (``dominolab/data/ratings.json``), or None before the first run."""
    path = resources.files("dominolab").joinpath("data/ratings.json")
    if not path.is_file():
        return None
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@dataclass(frozen=True)
class RatingRow:
    """One level's rating in one rated seating."""

    number: int
    german: str
    bot: str
    think_ms: float
    rating: float | None
    lo: float | None
    hi: float | None


def rating_rows(data: dict[str, Any], key: str) -> list[RatingRow]:
    """The levels with their ratings in the seating ``key`` (e.g. ``horse-race-2i``), weakest first."""
    seating = next(s for s in data["seatings"] if s["key"] == key)
    by_level = {r["level"]: r for r in seating["ratings"]}
    rows = []
    for lv in data["levels"]:
        r = by_level.get(lv["number"], {})
        ci = r.get("ci95") or (None, None)
        rows.append(RatingRow(lv["number"], lv["german"], lv["bot"], lv["think_ms"], r.get("rating"), ci[0], ci[1]))
    return rows


def _elo(x: float | None) -> str:
    return "–" if x is None else f"{x:.0f}"


def ratings_table_html(data: dict[str, Any], table_class: str = "", lang: str = "de") -> str:
    """Levels (number and German name, as the play page writes them), budget and the rating of every rated
    seating (95 % interval)."""
    keys = [s["key"] for s in data["seatings"]]
    heads = "".join(f"<th>{html.escape(_seating_title(data, k, lang))}</th>" for k in keys)
    per_key = {k: rating_rows(data, k) for k in keys}
    rows = []
    for i, lv in enumerate(data["levels"]):
        think = f"{lv['think_ms']:g}{NBSP}ms" if lv["think_ms"] else "–"
        cells = "".join(
            f"<td>{_elo(r.rating)}" + (f" ({_elo(r.lo)} – {_elo(r.hi)})" if r.rating is not None and r.lo != r.hi else "")
            + "</td>" for r in (per_key[k][i] for k in keys))
        label = words(lang).page.level_label.format(number=lv["number"], name=_level_name(lv, lang))
        rows.append(f"<tr><td>{html.escape(label)}</td><td>{think}</td>{cells}</tr>")
    cls = f" class='{html.escape(table_class)}'" if table_class else ""
    level, budget = (html.escape(h) for h in _w(lang).ratings_head)
    return (f"<table{cls}><thead><tr><th>{level}</th><th>{budget}</th>{heads}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def neighbours_apart(data: dict[str, Any], key: str) -> list[tuple[RatingRow, RatingRow, bool]]:
    """Each rated level with the level below it in the seating ``key``, and whether it is measurably
    stronger: its interval's lower bound above the rating (the interval's centre) of the level below.

    Levels without a rating (none played yet) are left out."""
    rated = [(r, r.lo, r.rating) for r in rating_rows(data, key) if r.rating is not None and r.lo is not None]
    return [(upper, lower, upper_lo > lower_rating)
            for (lower, _, lower_rating), (upper, upper_lo, _) in zip(rated, rated[1:])]


def neighbours_html(data: dict[str, Any], lang: str = "de") -> str:
    """In plain words (HTML, one paragraph per rated seating), which neighbouring levels the ratings do not
    tell apart (:func:`neighbours_apart`); level names in ``<em>``."""
    w = _w(lang)

    def name(row: RatingRow) -> str:
        return f"<em>{html.escape(_level_name(_level(data, row.number), lang))}</em>"

    parts = []
    for s in data["seatings"]:
        close = [html.escape(w.level_pair).format(upper=name(up), lower=name(low))
                 for up, low, apart in neighbours_apart(data, s["key"]) if not apart]
        title = html.escape(_seating_title(data, s["key"], lang))
        parts.append("<p>" + (html.escape(w.neighbours_close).format(seating=title, pairs=and_list(close, lang))
                              if close else html.escape(w.neighbours_apart).format(seating=title)) + "</p>")
    return "".join(parts)


def _level(data: dict[str, Any], number: int) -> dict[str, Any]:
    return next(lv for lv in data["levels"] if lv["number"] == number)


def published_confirm(data: dict[str, Any]) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The published confirming run of ``data["confirm"]`` (code and seeds of the same commit, the newest)
    and the runs of other code on its seeds (an older expert: the "before" rows), or ``(None, [])``."""
    runs = (data.get("confirm") or {}).get("runs") or []
    own = [r for r in runs if r.get("code_commit") == r.get("seed_commit")]
    if not own:
        return None, []
    run = max(own, key=lambda r: r.get("made", ""))
    return run, [r for r in runs if r is not run and r.get("seed_commit") == run["seed_commit"]]


def _claim(claim: str, lang: str) -> str:
    """A claim of a confirming duel (``lower>0.52``, ``upper>=0.5``) in words."""
    kind, _, value = claim.partition(">")
    bound = f"{100 * float(value.lstrip('=')):g}".replace(".", words(lang).lessons.decimal_point)
    return _w(lang).confirm_claims[kind + (">=" if value.startswith("=") else ">")].format(x=f"{bound}{NBSP}%")


def confirm_rows(data: dict[str, Any], lang: str = "de") -> list[dict[str, str]]:
    """The confirming duels as text cells (game, pairing, share, claim, verdict, sentence; ``older``: the
    commit of other code on the same seeds, else empty), the published run's first and then, duel by duel,
    the runs of other code on the same seeds. Malformed data is a
    :class:`ValueError` naming what is missing."""
    run, before = published_confirm(data)
    if run is None:
        return []
    w = _w(lang)
    out = []
    for r in run["results"] + [dict(x, older=b["code_commit"]) for b in before for x in b["results"]]:
        try:
            pair = w.duel_pair.format(a=_bots(lang).get(r["a_bot"], r["a_bot"]), am=f"{r['a_ms']:g}",
                                      b=_bots(lang).get(r["b_bot"], r["b_bot"]), bm=f"{r['b_ms']:g}")
            if "older" in r:
                pair = w.confirm_older.format(pair=pair, commit=r["older"][:7])
            lo, hi = r["ci95"]
            share = w.duel_share.format(share=_pct(r["share"], lang), n=r["matches"], unit=w.duel_units["matches"],
                                        lo=_pct(lo, lang), hi=_pct(hi, lang))
            kind = r["claim"].partition(">")[0]
            if kind == "lower":
                say = ("lower_holds" if r["holds"] else "lower_above_half" if lo > 0.5
                       else "lower_below_half" if hi < 0.5 else "lower_open")
            else:
                say = "upper_holds" if r["holds"] else "upper_fails"
            title = get_game(r["game"]).title
            sentence = w.confirm_sentences[say].format(
                pair=pair, game=title, a=_bots(lang).get(r["a_bot"], r["a_bot"]), share=_pct(r["share"], lang),
                lo=_pct(lo, lang), hi=_pct(hi, lang), n=r["matches"], claim=_claim(r["claim"], lang))
            out.append({"game": title, "pair": pair, "share": share, "claim": _claim(r["claim"], lang),
                        "verdict": w.confirm_verdict["holds" if r["holds"] else "not shown"],
                        "sentence": sentence, "name": r["name"], "older": r.get("older", "")})
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"a confirming run in 'confirm' is malformed ({type(exc).__name__}: {exc}): "
                             f"{r!r:.120}") from None
    return out


def confirm_table_html(data: dict[str, Any], table_class: str = "", lang: str = "de") -> str:
    """The confirming duels (:func:`confirm_rows`) as a table: game and pairing, matches won with the 95 %
    interval, the claim tested and whether the interval shows it."""
    # the game above the pairing in one cell: four columns fit a phone better than five
    rows = [f"<tr><td>{html.escape(r['game'])}:<br>{html.escape(r['pair'])}</td><td>{html.escape(r['share'])}</td>"
            f"<td>{html.escape(r['claim'])}</td><td>{html.escape(r['verdict'])}</td></tr>"
            for r in confirm_rows(data, lang)]
    cls = f" class='{html.escape(table_class)}'" if table_class else ""
    heads = "".join(f"<th>{html.escape(h)}</th>" for h in _w(lang).confirm_head)
    return f"<table{cls}><thead><tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>"


def timing_table_html(data: dict[str, Any], table_class: str = "", lang: str = "de") -> str:
    """Time per decision of every level, German: per game the native CPU ms (``data["timing"]``, mean
    and p95) and the CPU ms of the page's Pyodide (``data["page_timing"]``, median and p95: load changes wall times,
    hardly CPU times); "–" where
    a level has no figure (random and greedy do not think natively; a file without ``page_timing``)."""
    timing = data.get("timing") or {}
    page = data.get("page_timing") or {}
    on_page = {(r["level"], r["game"]): r for r in page.get("levels", [])}
    games = list(timing) or sorted({g for _, g in on_page})

    def ms(a: float, b: float) -> str:
        return f"{a:.0f} / {b:.0f}{NBSP}ms"

    rows = []
    for lv in data["levels"]:
        cells = []
        for game in games:
            native = timing.get(game, {}).get(lv["name"])
            cells.append(ms(native["cpu_ms_mean"], native["cpu_ms_p95"]) if native else "–")
            seen = on_page.get((lv["number"], game))
            cells.append(ms(seen["cpu_median_ms"], seen["cpu_p95_ms"]) if seen and seen.get("n") else "–")
        label = words(lang).page.level_label.format(number=lv["number"], name=_level_name(lv, lang))
        rows.append(f"<tr><td>{html.escape(label)}</td>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    level, native_head, page_head = _w(lang).timing_head
    heads = "".join(f"<th>{html.escape(h.format(game=get_game(g).title))}</th>"
                    for g in games for h in (native_head, page_head))
    cls = f" class='{html.escape(table_class)}'" if table_class else ""
    return (f"<table{cls}><thead><tr><th>{html.escape(level)}</th>{heads}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>")


def _seating_title(data: dict[str, Any], key: str, lang: str = "de") -> str:
    s = next(s for s in data["seatings"] if s["key"] == key)
    label = f"{get_game(s['game']).title}, {seating_label(s, lang)}"
    return label + (_w(lang).page_seating if s.get("page_default") else "")


def ratings_figure(data: dict[str, Any], lang: str = "de") -> Any:
    """Ratings of the levels with 95 % intervals, one panel per rated seating (German level names).

    The panels are stacked and the figure is narrow, so that its words stay readable on a phone."""
    import matplotlib.pyplot as plt

    keys = [s["key"] for s in data["seatings"]]
    levels = data["levels"]
    fig, axes = plt.subplots(len(keys), 1, figsize=(5.2, len(keys) * (0.38 * len(levels) + 1.1)), sharex=True,
                             squeeze=False)
    for ax, key in zip(axes[:, 0], keys):
        rows = [r for r in rating_rows(data, key)]
        for y, r in enumerate(rows):
            if r.rating is None or r.lo is None or r.hi is None:
                continue
            colour = "#c8553d" if r.bot == "expert" else "#2a6f97"
            ax.errorbar([r.rating], [y], xerr=[[r.rating - r.lo], [r.hi - r.rating]], fmt="o", color=colour,
                        ecolor="black", capsize=3, linewidth=1)
        ax.set_title(_seating_title(data, key, lang), fontsize=11)
        ax.set_yticks(range(len(levels)), [f"{lv['number']} {_level_name(lv, lang)}" for lv in levels], fontsize=10)
        ax.tick_params(axis="x", labelsize=10)
        ax.grid(axis="x", color="#dddddd", linewidth=0.6)
    axes[-1][0].set_xlabel(_w(lang).rating_x, fontsize=10)
    fig.tight_layout()
    return fig


def ratings_png(data: dict[str, Any], dpi: int = 110, lang: str = "de") -> bytes:
    """:func:`ratings_figure` as PNG bytes."""
    return small_png(ratings_figure(data, lang), dpi)
