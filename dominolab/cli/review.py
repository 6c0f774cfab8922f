"""``dominolab review``: rate every decision of a seat of a record with the advising level's search."""

from __future__ import annotations

import argparse
import json
import textwrap
import sys
from typing import Any

from dominolab.cli.common import EXIT_OK, RawFormatter, int_arg, positive_float, table, wrap
from dominolab.core.errors import InvalidArgument, shorten
from dominolab.play.review import MAX_THINK_MS, REVIEW_THINK_MS, THRESHOLDS, Review, match_of_record
from dominolab.text import language

#: Reviews of at least this many decisions show progress on stderr (never mixed with the output on stdout).
PROGRESS_FROM = 10


def _with_sentences(table_text: str, decisions: list[dict[str, Any]], lang: str) -> str:
    """The table of decisions with the reasons' sentences (or the row's ``no_reason`` sentence) indented under
    each row that has any."""
    lines = table_text.split("\n")
    key = "sentence" if lang == "de" else "sentence_en"
    out = lines[:2]
    for line, d in zip(lines[2:], decisions):
        out.append(line)
        said = [*d.get("reasons", ()), *([d["no_reason"]] if "no_reason" in d else [])]
        out += [textwrap.fill(r[key], 78, initial_indent="      ", subsequent_indent="      ") for r in said]
    return "\n".join(out)


def _reason_line(tally: dict[str, Any], lang: str) -> str:
    """``kept a double too long 3 times; ...`` (the most frequent reason kinds of a tally), or ``-``."""
    key = "text" if lang == "de" else "text_en"
    return "; ".join(r[key] for r in tally.get("reasons", ())[:3]) or "-"


def _text(review: Review, out: dict[str, Any]) -> str:
    """The review as text, its sentences in the command's language (``--lang``: the language context)."""
    lang = language.current()
    rows = [[str(d["decision"]), str(d["round"]), str(d["event"]), str(d["seat"]), d["played"],
             "=" if d["best"] == d["played"] else d["best"], f"{d['value_played']:+.2f}", f"{d['value_best']:+.2f}",
             f"{d['loss']:.2f}", "forced" if d["forced"] else ("" if d["label"] == "none" else d["label"])]
            for d in out["decisions"]]
    head = (f"review of {review.match.rules.title} ({review.match.seating}), "
            f"seat{'s' if len(out['seats']) > 1 else ''} {', '.join(map(str, out['seats']))}: "
            f"level {out['level_number']} {out['level']}, {out['think_ms']:g} ms per decision; values are expected points of the round "
            f"for the seat's side against the best other side")
    lines = [wrap(head), ""]
    if rows:
        lines.append(_with_sentences(table(["#", "round", "event", "seat", "played", "best", "value", "best value",
                                            "loss", "label"], rows), out["decisions"], lang))
    else:
        lines.append("no decisions to rate")
    lines += ["", "per round:"]
    per_round = [[str(r["round"]), str(r["seat"]), str(r["decisions"]), str(r["forced"]), f"{r['average_loss']:.2f}",
                  *(str(r["labels"][k]) for k, _ in reversed(THRESHOLDS))] for r in out["rounds"]]
    labels = [k for k, _ in reversed(THRESHOLDS)]
    lines.append(table(["round", "seat", "decisions", "forced", "average loss", *labels], per_round))
    s = out["summary"]
    lines += ["", "match:"]
    lines.append(table(["seat", "decisions", "forced", "average loss", "total loss", *labels],
                       [[str(x["seat"]), str(x["decisions"]), str(x["forced"]), f"{x['average_loss']:.2f}",
                         f"{x['total_loss']:.2f}", *(str(x["labels"][k]) for k in labels)] for x in s["seats"]]))
    lines += ["", "most frequent reasons:"]
    lines += [wrap(f"seat {x['seat']}: {_reason_line(x, lang)}") for x in s["seats"]]
    limits = ", ".join(f"{k} from {low:g}" for k, low in reversed(THRESHOLDS))
    lines += ["", f"labels by loss in points: {limits}; forced moves (one legal move) are listed, not counted"]
    return "\n".join(lines)


def cmd_review(args: argparse.Namespace) -> int:
    from dominolab.core.record import load_record

    name = args.record
    shown = "<stdin>" if name == "-" else (name if len(name) <= 80 else shorten(name, 80))
    data = load_record(name)                 # its messages name the file (as replay's)
    match = match_of_record(data, shown)     # refused in replay's words
    players = match.seating.players
    if args.seat is not None and not 0 <= args.seat < players:
        raise InvalidArgument(f"--seat: no seat {args.seat} with {players} players (seats 0 to {players - 1})")
    review = Review(match, None if args.seat is None else [args.seat], think_ms=args.think)
    show = not args.quiet and len(review.decisions) >= PROGRESS_FROM
    if show:
        from tqdm import tqdm

        bar = tqdm(total=len(review.decisions), desc="review", unit="decision", file=sys.stderr, leave=False)
        try:
            out = review.to_json(lambda done, total: bar.update(1))
        finally:
            bar.close()
    else:
        out = review.to_json()
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=1))
    else:
        print(_text(review, out))
    return EXIT_OK


def add_parser(sub: Any) -> None:
    """Register ``dominolab review``."""
    from dominolab.play.levels import advisor_level

    limits = ", ".join(f"{k} from {low:g}" for k, low in reversed(THRESHOLDS))
    level = advisor_level(review=True)
    p = sub.add_parser("review", help="rate every decision of a seat of a record (the advising level's search)",
                       description=wrap(
                           "Rate every decision (play, draw, pass or knock) of a seat of a dominolab.record/1 file: "
                           f"the advising level ({level.number} {level.name}) evaluates every legal move on the same sampled deals of the tiles the seat "
                           "could not see (a move clearly worse than the best stops early); a value is the expected points of the round for the seat's side against "
                           "the best other side (plus a bonus for winning the match). The loss is the best value "
                           f"minus the value of the move played; labels by loss in points: {limits}. Forced moves "
                           "are listed but not counted. A record of a match in progress is reviewed as far as it "
                           "goes; a record replay refuses is refused in the same words. The same record, seat and "
                           "budget give the same figures everywhere (also in the book's play page)."),
                       epilog="example: dominolab review game.json --seat 0\n"
                              "         dominolab review game.json --json > review.json",
                       formatter_class=RawFormatter)
    p.add_argument("record", metavar="RECORD", help="a record file (.json); '-' reads it from standard input")
    p.add_argument("--seat", type=int_arg(0, 99), metavar="S",
                   help="the seat to review, 0-based as in records (default: every seat)")
    p.add_argument("--think", type=positive_float(MAX_THINK_MS), default=REVIEW_THINK_MS, metavar="MS",
                   help=f"search budget per decision: fixed work calibrated to milliseconds (default: "
                        f"{REVIEW_THINK_MS:g}, what the page uses)")
    p.add_argument("--json", action="store_true", help="print the review as JSON (format dominolab.review/1)")
    p.add_argument("--lang", default="en", choices=("en", "de"), metavar="LANG",
                   help="language of the reasons' sentences in the text output: en or de (default: en; the JSON "
                        "always carries both)")
    p.add_argument("--quiet", action="store_true", help="no progress on stderr (default: progress for long reviews)")
    p.set_defaults(func=cmd_review)

