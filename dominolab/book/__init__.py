"""Building blocks of the book's pages (outer ring: reads the model, never changes it).

Every page cell is one to three lines calling these functions; all numbers
come from the engine and the examples catalogue. Texts are in the build's language:
importing this package sets the language context (:mod:`dominolab.text.language`) from
``DOMINOLAB_BOOK_LANG`` (German by default, English for the English edition,
:func:`language_from_environment`); the documents' own German step texts, quoted as the
specification, stay German inside ``lang="de"`` with the English rendering beside them.
"""

from __future__ import annotations

import html
import os
from dataclasses import fields
from typing import Any, Iterable, Sequence

from dominolab.pictures import picture
from dominolab.pictures import svg
from dominolab.pictures.svg import min_width_svg
from dominolab.core.engine import DRAW, Match, PlayEvent, Round, SettleEvent, greedy_policy
from dominolab.core.errors import InvalidArgument
from dominolab.verify.examples import Example, catalogue, get, position_of, run, settlement_of, steps
from dominolab.verify.interpretations import interpretations
from dominolab.core import history
from dominolab.core.scoring import EndReason
from dominolab.core.layout import Layout, Placement, parse_placements
from dominolab.core.gamefile import registered_games
from dominolab.core.rules import GAMES, GameRules
from dominolab.text import language as _language
# The sentences speak the language context (dominolab.text.language), which this module sets from the
# build's environment when a page's first cell imports it; a page may still pass ``lang``.
from dominolab.text.narrate import (event_text, points_text as _points, round_end_text,  # noqa: F401
                                   short_text, side_name)
from dominolab.text.steptext import description, placed_line, step_text  # noqa: F401
from dominolab.text.words import (BookWords, and_list, error_sentence,  # noqa: F401
                                  move_text, pass_words, point_text, seat_name, words as _words)
from dominolab.book.widgets import StepList, Stepper, stepper

#: The environment variable the English build sets (``scripts/editions.py``): the book's language.
ENV = "DOMINOLAB_BOOK_LANG"


def language_from_environment() -> str:
    """Set the language context (:mod:`dominolab.text.language`) from :data:`ENV` (``de`` when it is
    unset or empty, ``en`` for the English edition) and return it; anything else is a one-line error.

    The book face's one place that chooses a language: every page's first cell imports this package
    (or one of its modules), in the page's notebook kernel, and that import calls it once; every word
    the page's cells make afterwards speaks :func:`dominolab.text.language.current`."""
    value = os.environ.get(ENV, "").strip() or _language.DEFAULT
    if value not in _language.LANGUAGES:
        raise InvalidArgument(f"{ENV}={value!r} is not a language of the book; "
                              f"choose one of: {', '.join(_language.LANGUAGES)}")
    _language.use(value)
    return value


language_from_environment()


def book_lang() -> str:
    """The language the pages' cells speak now (:func:`dominolab.text.language.current`), for the
    helpers outside :mod:`dominolab.text` that take ``lang`` (pictures, charts, tables)."""
    return _language.current()


def _w() -> BookWords:
    """The book's words (dominolab.text.words) in the build's language."""
    return _words().book


def words() -> BookWords:
    """The book's words in the build's language (:class:`dominolab.text.words.BookWords`): glued texts
    and captions of the pages' cells come from here (``book.words().captions["stay-on-turn"]``)."""
    return _w()


def caption(key: str) -> str:
    """A caption or title a page's cell passes to a helper, in the build's language (by its key)."""
    return str(_w().captions[key])


def decimal(x: float, digits: int = 1) -> str:
    """A number for the prose: ``1,6`` in German, ``1.6`` in English."""
    return f"{x:.{digits}f}".replace(".", _words().lessons.decimal_point)


def percent(x: float) -> str:
    """A share for the prose: ``12,3 %`` in German, ``12.3 %`` in English."""
    return f"{decimal(100 * x)} %"


#: What a stepper function returns: a widget with its step list, or plain HTML for one step.
Shown = Stepper | StepList


#: CSS class of the HTML tables built here (for the book's stylesheet).
TABLE_CLASS = "dominolab-table"


class HTML(str):
    """A string shown as HTML when it is the value of a notebook cell."""

    def _repr_html_(self) -> str:
        return str(self)


def _esc(text: object) -> str:
    return html.escape(str(text))


def _step_html(layout: Layout, placement: Placement, rules: GameRules, note: str = "") -> str:
    """A worked step at two depths: the document's short lines visible (the
    placement in the reader rendering, then the scored ends and the credit),
    the structured description of the whole layout folded - without repeating
    the short line it starts with."""
    short = step_text(layout, rules)
    full = description(layout, rules)
    rest = full[len(short):].strip() if full.startswith(short) else full
    parts = [f"<b>{_esc(placed_line(placement))}</b> <span class='dominolab-move'>"
             f"{_esc(move_text(str(placement)))}</span>"]
    if note:
        parts.append(f"<i>{_esc(note)}</i>")
    parts.append(_esc(short))
    if book_lang() != "de":
        # the document's own step text, quoted as the specification, beside the rendering
        parts.append(f'<span class="dominolab-quote">{_esc(_w().document_quote)} '
                     f'<q lang="de">{_esc(step_text(layout, rules, "de"))}</q></span>')
    return ("<br>".join(parts) + f'<details class="dominolab-detail"><summary>{_w().detail_summary}</summary>'
            f"<small>{_esc(rest)}</small></details>")


def short_errors() -> None:
    """In a notebook: show dominolab's errors (a cell that fails on purpose) as
    one line, ``IllegalPlacement: message`` - no traceback, no paths of the
    build machine. The message is the German sentence of the error's reason
    code where it has one (:func:`dominolab.text.words.error_sentence`), else the
    engine's own message. Outside IPython nothing happens."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - the book always runs in IPython
        return
    shell = get_ipython()
    if shell is None:
        return
    from dominolab.core.errors import DominoError

    def one_line(shell: Any, etype: type, value: BaseException, tb: Any, tb_offset: Any = None) -> list[str]:
        # IPython's custom exception handler: it shows the error itself (as an error
        # output, so the cell still counts as failed) with a one-line "traceback"
        stb = [f"{etype.__name__}: {error_sentence(value, move='notation', otherwise='message')}"]
        shell._showtraceback(etype, value, stb)
        return stb

    shell.set_custom_exc((DominoError,), one_line)


# -- examples of the catalogue ------------------------------------------------------

def example_text(ex: Example, key: str) -> str:
    """An example's ``title`` or ``reconstructed`` in the build's language: the German field, or in
    English its ``KEY_en`` twin (the catalogue has both; a user's example file may have one language only,
    and then its own text is shown)."""
    german = str(ex.data.get(key) or "")
    if book_lang() == "de":
        return german
    return str(ex.data.get(f"{key}_{book_lang()}") or german)


def german_quote(text: str) -> str:
    """A German quotation of the documents (a section heading, a step text): escaped, and in the English
    edition inside ``lang="de"`` (screen readers switch voice; the language test skips it)."""
    if book_lang() == "de" or not text:
        return _esc(text)
    return f'<span lang="de">{_esc(text)}</span>'


def example_note(example_id: str) -> HTML:
    """Source section and (if any) the reconstruction note of an example, in one folded box.

    The learner sees the example's drawing and text; whoever checks the book
    against the rule document opens the box.
    """
    ex = get(example_id)
    recon = example_text(ex, "reconstructed")
    note = (f'<p class="dominolab-reconstructed"><b>{_w().reconstructed}</b> {_esc(recon)}</p>'
            if recon else f"<p>{_w().all_in_document}</p>")
    # the example named by its title, never by its id (the id stays in the link to its catalogue row);
    # the document's section heading is German in both editions (a quotation: lang="de" in English)
    source = _esc(_w().note_source.format(title=example_text(ex, "title"), section="\2", link="\0",
                                          end="\1")).replace(
        "\0", f'<a href="beispielverzeichnis.html#beispiel-{_esc(ex.id)}">').replace("\1", "</a>").replace(
        "\2", german_quote(ex.section))
    return HTML(f'<details class="dominolab-note"><summary>{_w().note_summary}</summary>'
                f"<p>{source}</p>{note}</details>")


def refused(target: Any, move: Any) -> HTML:
    """Try ``move`` on ``target`` (a Round: ``apply``; a Layout: ``place``) and show
    the engine's refusal as a German sentence.

    The move must really be refused: if the engine accepts it, this raises
    ``AssertionError`` and the book build fails. Nothing is changed on a refusal.
    """
    from dominolab.core.errors import DominoError

    try:
        if isinstance(target, Layout):
            target.place(move)
        else:
            target.apply(move)
    except DominoError as exc:
        rules = getattr(target, "rules", None)       # a Round knows its game: a refused pass is named by its act word
        return HTML(f'<p class="dominolab-refused" role="note"><b>{_w().refused}</b> '
                    f'{_esc(error_sentence(exc, rules=rules))}</p>')
    raise AssertionError(f"the engine accepted {move!r}, which the page shows as refused")


def score_line(scores: Sequence[int]) -> str:
    """Scores of the sides for readers: ``0 : 2`` (no Python list)."""
    return " : ".join(str(s) for s in scores)


def rounding_table(upto: int = 34) -> HTML:
    """How the opponents' pips are rounded to five and turned into points (Horse Race settlement)."""
    from dominolab.core.scoring import pip_credit, round_to_five

    pips, rounded, points = _w().rounding_rows
    head = f"<tr><th scope='row'>{pips}</th>" + "".join(f"<td>{a}</td>" for a in range(upto + 1)) + "</tr>"
    rnd = (f"<tr><th scope='row'>{rounded}</th>" + "".join(f"<td>{round_to_five(a)}</td>" for a in range(upto + 1))
           + "</tr>")
    pts = (f"<tr><th scope='row'>{points}</th>" + "".join(f"<td>{pip_credit(a)}</td>" for a in range(upto + 1))
           + "</tr>")
    return HTML(f"<div class='dominolab-scroll' tabindex='0' role='region' aria-label='{_w().rounding_label}'>"
                f"<table class='{TABLE_CLASS} dominolab-wide'><tbody>{head}{rnd}{pts}</tbody></table></div>")


def scoring_sums_table(game: str) -> HTML:
    """Every end sum that scores in ``game`` (up to the two largest doubles) with its points."""
    from dominolab.core.tiles import ALL_TILES

    rules = GAMES[game]
    top = sum(sorted(t.pips for t in ALL_TILES if t.is_double)[-2:])
    rows = "".join(f"<tr><td>{s}</td><td>{_esc(_points(rules.credit(s), rules))}</td></tr>"
                   for s in range(top + 1) if rules.credit(s))
    return HTML(f"<table class='{TABLE_CLASS}'><thead><tr>{_head(_w().sums_head)}</tr></thead>"
                f"<tbody>{rows}</tbody></table>")


def layout_figure(layout: Layout, title: str) -> HTML:
    """A drawing of ``layout`` with its free attachment points as a German sentence."""
    pic = picture.layout_picture(layout, title=title, heading=False, lang=book_lang())
    free = "; ".join(point_text(p) for p in layout.open_points()) or _w().nothing
    return HTML(f'<figure class="dominolab-single"><div class="dominolab-frame">{_frame(pic)}</div>'
                f"<figcaption>{_esc(title)}. {_esc(_w().free_points.format(points=free))}</figcaption></figure>")


def _tiles_text(layout: Layout) -> str:
    """``[1|4], [1|1], [4|4] und [3|4]`` - a layout for readers (the drawing shows where they lie)."""
    names = [str(t) for t in layout.tiles]
    return and_list(names)


def _frame(pic: "picture.Picture") -> str:
    """A stepper frame: light SVG without its own stylesheet (the book's CSS styles it),
    never so narrow that its text falls under :data:`dominolab.pictures.svg.MIN_TEXT_PX`."""
    return min_width_svg(svg.write(pic, style=False, xmlns=False))


def layout_stepper(example_id: str) -> Shown:
    """Stepper over a worked layout example: the drawing and the step texts per placement."""
    ex = get(example_id)
    rules = ex.game
    start, all_steps = steps(ex)
    positions = picture.layout_positions(all_steps[-1].layout)
    frames, texts = [], []
    if len(start):
        frames.append(_frame(picture.layout_picture(start, lang=book_lang(), positions=positions, highlight_last=False, rules=rules,
                                                    title=f"{_w().start}: {_tiles_text(start)}", heading=False)))
        # a starting position: nothing was laid, so no credit; its scored ends in the reader's words
        scored = start.contributions()
        texts.append(f"{_w().start}: {_esc(_tiles_text(start))}. " + _esc(_w().start_sum.format(
            summands=" + ".join(str(v) for _, v in scored) or "0", total=start.end_sum)))
    for step in all_steps:
        frames.append(_frame(picture.layout_picture(step.layout, lang=book_lang(), positions=positions, rules=rules,
                                                    title=placed_line(step.placement), heading=False)))
        note = _w().skipped if step.skipped_in_document else ""
        texts.append(_step_html(step.layout, step.placement, rules, note))
    return stepper(frames, texts=texts, title=example_text(ex, "title"))


def settlement_stepper(example_id: str) -> Shown:
    """Stepper over a settlement example: hands, pip sums and rounding, credits and score."""
    ex = get(example_id)
    rules = ex.game
    s = settlement_of(ex)
    seating = s["seating"]
    reason = _words().narration.end_reason[s["settlement"].reason]
    labels = [side_name(side, seating) for side in range(seating.n_sides)]
    frames = [
        _frame(picture.settlement_picture(s["settlement"], s["hands"], seating, book_lang(), scores=s["scores"])),
        _frame(picture.score_track_picture(s["scores_before"], lang=book_lang(), target=rules.target, labels=labels,
                                           title=_w().before_settlement)),
        _frame(picture.score_track_picture(s["scores"], lang=book_lang(), target=rules.target, labels=labels,
                                           title=_w().after_settlement)),
    ]
    pip_list = ", ".join(f"{seat_name(i)}: {p}" for i, p in enumerate(s["pips"]))
    winners = and_list([side_name(w, seating) for w in s["winners"]])
    credits = ", ".join(f"{side_name(i, seating)}: {_points(c, rules)}" for i, c in enumerate(s["credits"]))
    first, second, third = _w().settlement_texts
    texts = [
        first.format(reason=reason, pips=pip_list, winners=winners),
        second.format(before=score_line(s["scores_before"]), credits=credits),
        third.format(after=score_line(s["scores"]))
        + (_w().target_reached.format(target=rules.target,
                                    winners=and_list([side_name(w, seating) for w in s["match_winners"]]))
           + _w().shared_win * (len(s["match_winners"]) > 1) if s["match_winners"] else ""),
    ]
    return stepper(frames, texts=texts, title=example_text(ex, "title"))


def move_stepper(example_id: str) -> Shown:
    """Stepper over a position example: the position, then the move and its consequences."""
    ex = get(example_id)
    rnd = position_of(ex)
    before = _position_frame(rnd, _w().before_move)
    text_before = _w().to_move.format(who=seat_name(rnd.to_move), scores=score_line(rnd.scores),
                                    hand=", ".join(str(t) for t in rnd.hands[rnd.to_move]))
    from dominolab.verify.examples import parse_move

    events = rnd.apply(parse_move(ex.data["play"]))
    after = _position_frame(rnd, _w().after_move)
    text_after = " ".join(event_text(e, rnd) for e in events) + " " + round_end_text(rnd)
    return stepper([before, after], texts=[_esc(text_before), _esc(text_after)], title=example_text(ex, "title"))


def _position_frame(rnd: Round, title: str) -> str:
    """The whole table: layout, every hand face up, the stock and the score track."""
    return _frame(picture.round_picture(rnd, title=title, hands=True, track=True, lang=book_lang()))


def example_stepper(example_id: str) -> Shown:
    """The right stepper for any stepping example of the catalogue."""
    kind = get(example_id).kind
    if kind == "layout":
        return layout_stepper(example_id)
    if kind == "settlement":
        return settlement_stepper(example_id)
    if kind == "move":
        return move_stepper(example_id)
    raise ValueError(f"example {example_id} ({kind}) has nothing to step through")


def credit_table(game: str, section: str | None = None) -> HTML:
    """The credit examples of a game (optionally of one section) with the engine's result."""
    rows = []
    for ex in catalogue(game=game, kind="credit", section=section):
        got = ex.game.credit(ex.data["sum"])
        rows.append(f"<tr><td>{ex.data['sum']}</td><td>{_points(got, ex.game)}</td><td>{_esc(example_text(ex, 'title'))}</td></tr>")
    return HTML(f"<table class='{TABLE_CLASS}'><thead><tr>{_head(_w().credit_head)}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")


# -- events and rounds ----------------------------------------------------------------

def example_match(game: str, players: int, partnerships: bool = False, seed: int = 1) -> Match:
    """A complete, reproducible match played by the greedy policy."""
    return Match(game, players, partnerships, seed=seed).play(greedy_policy)


def _round_frames(rnd: Round, scores_before: Sequence[int]) -> tuple[list[str], list[str]]:
    """One frame per event of a played round (and one for the deal): the layout,
    every hand face up, the stock and the score track, with the step text.

    The positions come from :func:`dominolab.core.history.positions` (the one replay of a
    round); ``scores_before`` are the scores shown at the deal."""
    rules, seating = rnd.rules, rnd.seating
    positions = picture.layout_positions(rnd.layout)
    steps = history.positions(rnd)

    def table(step: history.Position, scores: Sequence[int], title: str, to_move: int | None) -> str:
        return _frame(picture.table_picture(step.layout, step.hands, lang=book_lang(), rules=rules, seating=seating, scores=scores,
                                            stock_left=step.stock_left, to_move=to_move, title=title,
                                            positions=positions, heading=False))

    head = f"<b>{_w().round.format(n=rnd.number)}</b> – "
    frames = [table(steps[0], list(scores_before), _w().deal.format(n=rnd.number), rnd.opener)]
    texts = [head + _esc(_w().dealt.format(who=seat_name(rnd.opener), scores=score_line(scores_before)))]
    for k, event in enumerate(rnd.events):
        step = steps[k + 1]
        text = _esc(event_text(event, rnd))
        if isinstance(event, PlayEvent):
            text += " " + _esc(step_text(step.layout, rules))
        if k == len(rnd.events) - 1:
            text += " " + _esc(round_end_text(rnd))
        if isinstance(event, SettleEvent):
            short = short_text(event, rnd.number, rules)
            # the round's Settlement (the one computation) where the engine kept it
            assert rnd.settlement is not None           # a settle event comes with the round's Settlement
            settled = picture.settlement_picture(rnd.settlement, step.hands, seating, book_lang(), title=short,
                                                 scores=event.scores)
            board = picture.score_track_picture(list(step.scores), lang=book_lang(), target=rules.target, scale=0.4,
                                                labels=[side_name(s, seating) for s in range(seating.n_sides)])
            pic = picture.stack([settled, board], title=short, desc=f"{settled.desc} {board.desc}")
            frames.append(_frame(pic))
        else:
            shown = list(step.scores) if any(isinstance(e, (PlayEvent, SettleEvent)) for e in rnd.events[:k + 1]) \
                else list(scores_before)
            frames.append(table(step, shown, short_text(event, rnd.number, rules), None))
        texts.append(head + text)
    return frames, texts


def _scores_after(rnd: Round) -> list[int]:
    return list(next(e.scores for e in reversed(rnd.events) if isinstance(e, (PlayEvent, SettleEvent))))


def match_stepper(match: Match, title: str | None = None) -> Shown:
    """Stepper over a whole match, move by move: every round's deal and every
    play, draw, pass and settlement, hands face up, with the score track."""
    frames: list[str] = []
    texts: list[str] = []
    chapters: list[tuple[str, int]] = []
    scores = [0] * match.seating.n_sides
    for rnd in match.rounds:
        chapters.append((_w().round_chapter.format(n=rnd.number), len(frames)))
        f, t = _round_frames(rnd, scores)
        frames += f
        texts += t
        scores = _scores_after(rnd)
    return stepper(frames, texts=texts, title=title or _w().whole_match.format(title=match.rules.title),
                   chapters=chapters if len(chapters) > 1 else None)


def score_chart(match: Match, title: str | None = None) -> HTML:
    """The scores over the whole match as a chart (Matplotlib, PNG) with a description in words."""
    import base64

    from dominolab.pictures import drawing

    png = drawing.figure_png(drawing.score_chart_figure(match, title=title, lang=book_lang()), dpi=110)
    names = [side_name(s, match.seating) for s in range(match.seating.n_sides)]
    final = ", ".join(f"{name}: {score}" for name, score in zip(names, match.scores))
    alt = _w().chart_alt.format(rounds=len(match.rounds), target=match.rules.target, final=final)
    return HTML(f'<figure class="dominolab-chart"><img src="data:image/png;base64,{base64.b64encode(png).decode()}" '
                f'alt="{_esc(alt)}" style="max-width:100%"><figcaption>{_esc(alt)}</figcaption></figure>')


# -- the closing part -------------------------------------------------------------------

def _head(cells: Sequence[str]) -> str:
    return "".join(f"<th>{cell}</th>" for cell in cells)


def _value(value: Any) -> str:
    # only bools and the rule words are translated: 0 and 1 equal False and True as dict keys,
    # and a mapping (hand_sizes) is not hashable
    if isinstance(value, bool):
        return _w().value_words["yes" if value else "no"]
    if isinstance(value, str) and value in _w().value_words:
        return _w().value_words[value]
    if isinstance(value, tuple):
        return ", ".join(str(v) for v in value)
    if hasattr(value, "items"):
        return "; ".join(f"{s.players}{_w().partnerships if s.partnerships else ''}: {n}" for s, n in value.items())
    return str(value)


def _differs(name: str, games: Sequence[GameRules]) -> bool:
    first = getattr(games[0], name)
    return any(getattr(g, name) != first for g in games[1:])


def differences_table(reader_head: str | None = None) -> HTML:
    """Every field of the game description, one column per registered game (the built-in games,
    then the shipped sample descriptions); rows where the built-in games differ are marked.

    For readers (``reader_head``, the page's heading of the rule column): each rule in words
    only, without the field's name."""
    games = list(registered_games().values())
    builtin = list(GAMES.values())
    rows = []
    for f in fields(GameRules):
        if f.name not in _w().field_labels:
            continue
        differ = _differs(f.name, builtin)
        mark = " class='dominolab-diff'" if differ else ""
        cells = "".join(f"<td>{_esc(_value(getattr(g, f.name)))}</td>" for g in games)
        rows.append(f"<tr{mark}><td title='{_w().differs if differ else _w().same}'>{'≠' if differ else '='}</td>"
                    f"<td>{_esc(_w().field_labels[f.name])}{'' if reader_head else f'<br><code>{f.name}</code>'}</td>"
                    f"{cells}</tr>")
    heads = "".join(f"<th>{_esc(g.title)}{'' if g.name in GAMES else '<br><small>' + _w().sample_game + '</small>'}</th>"
                    for g in games)
    head = _esc(reader_head) if reader_head else _w().rule_and_field
    return HTML(f"<table class='{TABLE_CLASS}'><thead><tr><th></th><th>{head}</th>{heads}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")


def same_layout_table(notation: str, games: Sequence[str] = tuple(GAMES)) -> HTML:
    """One layout (``notation``), laid tile by tile and scored by each of ``games``: the move in
    words, then per game the end sum after that tile and what it brings there."""
    rules = [GAMES[g] for g in games]
    layouts = [Layout(r.spinners) for r in rules]
    rows = []
    for placement in parse_placements(notation):
        cells = []
        for layout, game in zip(layouts, rules):
            layout.place(placement)
            cells.append(f"<td>{layout.end_sum}</td><td>{_esc(_points(game.credit(layout.end_sum), game))}</td>")
        rows.append(f"<tr><td>{_esc(move_text(placement))}</td>{''.join(cells)}</tr>")
    top = (f"<tr><th rowspan='2'>{_w().moves_head[1]}</th>"
           + "".join(f"<th colspan='2'>{_esc(g.title)}</th>" for g in rules) + "</tr>")
    sub = "<tr>" + _head(_w().sums_head) * len(rules) + "</tr>"
    return HTML(f"<table class='{TABLE_CLASS}'><thead>{top}{sub}</thead><tbody>{''.join(rows)}</tbody></table>")


def count_differences() -> int:
    """Fields in which the built-in games differ."""
    return sum(_differs(n, list(GAMES.values())) for n in _w().field_labels)


def interpretations_html(game: str | None = None) -> HTML:
    """The interpretations (Auslegungen) with decision, reason and where the engine implements them."""
    items = []
    lang = book_lang()
    for it in interpretations():
        if game is not None and game not in it.games:
            continue
        games = ", ".join(registered_games()[g].title for g in it.games)
        items.append(f"<div class='dominolab-interpretation' id='auslegung-{_esc(it.id)}'>"
                     f"<h4>{_esc(it.text('topic', lang))} <small>({_esc(games)})</small></h4>"
                     f"<p><b>{_w().decision}</b> {_esc(it.text('decision', lang))}</p>"
                     f"<p><b>{_w().reason}</b> {_esc(it.text('reason', lang))}</p>"
                     f"<p><small>{_w().implemented_in} <code>{_esc(it.where)}</code></small></p></div>")
    return HTML("".join(items))


def catalogue_table(examples: Iterable[Example] | None = None) -> HTML:
    """Every example with its source section and whether it passed in this build."""
    examples = list(examples) if examples is not None else catalogue()
    rows = []
    for ex in examples:
        results = run(ex)
        passed = sum(r.ok for r in results)
        status = _w().outcomes["passed" if passed == len(results) else "failed"]
        recon = f" <i>{_w().reconstructed_mark}</i>" if ex.reconstructed else ""
        rows.append(f"<tr id='beispiel-{_esc(ex.id)}'><td><code>{_esc(ex.id)}</code><br><small>{_esc(ex.game.title)}</small></td>"
                    f"<td>{german_quote(ex.section)}</td><td>{_esc(example_text(ex, 'title'))}{recon}</td>"
                    f"<td>{passed}/{len(results)}<br>{status}</td></tr>")
    return HTML(f"<table class='{TABLE_CLASS}'><thead><tr>{_head(_w().catalogue_head)}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")


def catalogue_counts() -> dict[str, int]:
    """Numbers for the prose: examples, checked rows, passed rows."""
    results = [r for ex in catalogue() for r in run(ex)]
    return {"examples": len(catalogue()), "rows": len(results), "passed": sum(r.ok for r in results)}


# -- further page building blocks (positions, deals, rounds) -----------------------------

def deal_table(game: str) -> HTML:
    """Allowed seatings of a game: tiles per player, tiles dealt and tiles left undealt."""
    from dominolab.core.tiles import ALL_TILES

    rules = GAMES[game]
    rest = _w().stock_drawn if rules.drawing else _w().stock_out
    rows = []
    for seating, size in rules.hand_sizes.items():
        who = _w().players.format(n=seating.players) + (_w().in_partnerships if seating.partnerships else _w().single)
        dealt = size * seating.players
        rows.append(f"<tr><td>{_esc(who)}</td><td>{size}</td><td>{dealt}</td><td>{len(ALL_TILES) - dealt}</td></tr>")
    *heads, last = _w().deal_head
    return HTML(f"<table class='{TABLE_CLASS}'><thead><tr>{_head(heads)}"
                f"<th>{last.format(rest=_esc(rest))}</th></tr></thead><tbody>{''.join(rows)}</tbody></table>")


def position(game: str, players: int, *, partnerships: bool = False, **position: Any) -> Round:
    """A round position built from notation (see :func:`dominolab.verify.examples.build_position`)."""
    from dominolab.verify.examples import build_position

    return build_position(GAMES[game], players, partnerships, **position)


def play_stepper(rnd: Round, moves: Sequence[str], title: str | None = None) -> Shown:
    """Play ``moves`` (placements in notation, ``draw`` or ``pass``) on ``rnd`` and step through them.

    Frame 0 is the position; after every move the layout, the hands and the
    score track, with the events of that move and who is to move next. Every
    move is checked by the engine; the round is changed in place.
    """
    from dominolab.verify.examples import parse_move

    frames = [_position_frame(rnd, _w().start_position)]
    texts = [_esc(_w().to_move_short.format(who=seat_name(rnd.to_move)) + _legal_text(rnd))]
    for k, move in enumerate(moves, 1):
        events = rnd.apply(parse_move(move))
        frames.append(_position_frame(rnd, _w().after_move_k.format(k=k, move=move_text(move, rules=rnd.rules))))
        text = " ".join(event_text(e, rnd) for e in events)
        text += " " + (round_end_text(rnd) if rnd.over
                       else _w().next_to_move.format(who=seat_name(rnd.to_move)) + _legal_text(rnd))
        texts.append(_esc(text))
    return stepper(frames, texts=texts, title=title)


def moves_table(rnd: Round, moves: Sequence[str]) -> HTML:
    """Play ``moves`` on ``rnd`` (checked by the engine, the round changes in place) and show
    them as a small table: who played what, the end sum, the credit and who moves next."""
    from dominolab.verify.examples import parse_move

    rows = []
    for move in moves:
        seat = rnd.to_move
        events = rnd.apply(parse_move(move))
        play = next((e for e in events if isinstance(e, PlayEvent)), None)
        end_sum = str(play.sum) if play is not None else "–"
        credit = _points(play.credit, rnd.rules) if play is not None else "–"
        nxt = "–" if rnd.over else seat_name(rnd.to_move)
        rows.append(f"<tr><td>{_esc(seat_name(seat))}</td><td>{_esc(move_text(move, rules=rnd.rules))}</td><td>{end_sum}</td>"
                    f"<td>{_esc(credit)}</td><td>{_esc(nxt)}</td></tr>")
    return HTML(f"<table class='{TABLE_CLASS}'><thead><tr>{_head(_w().moves_head)}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")


def _legal_text(rnd: Round) -> str:
    moves = rnd.legal_moves()
    if not moves:
        return ""
    if isinstance(moves[0], Placement):
        return _w().legal.format(moves="; ".join(move_text(m) for m in moves))
    return _w().legal_only.format(move=_w().draw if moves[0] is DRAW else pass_words(rnd.rules).noun)


def rounds_table(match: Match) -> HTML:
    """One row per round of a match: opener, how it ended, who played last, how many tiles were laid,
    scores after it."""
    rows = []
    for rnd in match.rounds:
        last = seat_name(rnd.last_player) if rnd.end is not EndReason.BLOCKED and rnd.last_player is not None else "–"
        rows.append(f"<tr><td>{rnd.number}</td><td>{seat_name(rnd.opener)}</td><td>{_w().round_ends[str(rnd.end)]}</td>"
                    f"<td>{last}</td><td>{sum(isinstance(e, PlayEvent) for e in rnd.events)}</td><td>{_esc(score_line(_scores_after(rnd)))}</td></tr>")
    return HTML(f"<table class='{TABLE_CLASS}'><thead><tr>{_head(_w().rounds_head)}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table>")
