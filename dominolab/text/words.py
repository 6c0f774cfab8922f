"""Every word a reader or player sees, one table per language (standard library only).

The book, the in-browser play page and the terminal game print German (and
English) text that the program makes: step texts, the narration of events,
seat and side names, pass and knock, bot names, round ends and settlements,
the labels and descriptions of pictures, and the engine's errors as German
sentences. All of those words live here, in one :class:`Words` value per
language (:data:`WORDS`), so that a change of wording happens in one place
and a learner meets the same word on every page. Modules that print words
look them up here; a test (``tests/test_words.py``) checks that no module
outside :mod:`dominolab.text` carries German text of its own beyond a short,
justified allow-list.

Two kinds of words are not in this table on purpose:

* the point word of a game (``Anzeigepunkt``, ``Spielpunkt``) belongs to the
  game's description, :attr:`GameRules.point_words`, so that a house-rules
  game brings its own; :func:`points` reads it from there;
* the command line's English messages and the engine's English errors are the
  program's interface contract and stay where they are raised; the German
  sentence for an engine error is made from the error's reason code
  (:attr:`DominoError.code`) by :func:`error_sentence`, never by reading the
  English text.

Texts with fields are :meth:`str.format` templates; the field names are given
beside each entry.

>>> count(1, WORDS["de"].tile), count(2, WORDS["de"].tile), count(1, WORDS["de"].pip), count(0, WORDS["de"].pip)
('1 Stein', '2 Steine', '1 Auge', '0 Augen')
>>> from dominolab.core.rules import FIVES_AND_THREES, HORSE_RACE
>>> pass_words(HORSE_RACE).verb, pass_words(FIVES_AND_THREES).verb, pass_words(FIVES_AND_THREES, "en").noun
('passt', 'klopft', 'Knock')
>>> points(1, FIVES_AND_THREES), points(8, HORSE_RACE, "en")
('1 Spielpunkt', '8 display points')
"""

from __future__ import annotations

import re

from dataclasses import dataclass
from types import MappingProxyType
from typing import Literal, Mapping, overload

from dominolab.core._check import describe
from dominolab.core.errors import DominoError, InvalidArgument, Reason
from dominolab.core.layout import AttachmentPoint, Side
from dominolab.core.rules import GameRules, Seating

__all__ = ["LANGUAGES", "WORDS", "BookWords", "Forms", "LessonWords", "NarrationWords", "PageWords", "PassWords",
           "PictureWords", "SCRIPT_WORDS", "ScriptWords", "StepWords", "TerminalWords", "Words", "and_list", "act", "capital", "count", "error_sentence",
           "pass_words", "person", "player_name", "points", "seat_name", "team_name", "UnknownReason", "words"]

#: Singular and plural of a noun: ``("Stein", "Steine")``.
Forms = tuple[str, str]


def count(n: int, forms: Forms) -> str:
    """``1 Stein``, ``2 Steine``, ``0 Steine``: a number with the right form of its noun.

    German and English both use the singular for exactly one and the plural
    for every other number (``0 Augen``, ``0 pips``).
    """
    return f"{n} {forms[0] if n == 1 else forms[1]}"


@dataclass(frozen=True)
class PassWords:
    """What a turn without a play is called: passing (games that draw) or knocking."""

    verb: str   #: third person, as in ``Spieler 2 passt``
    noun: str   #: the move's name, as in ``Erlaubt ist nur: Passen``
    you: str    #: second person, as in ``Du klopfst`` (a narration seen from the player, ``me``)


@dataclass(frozen=True)
class StepWords:
    """The step texts of the rule documents (:mod:`dominolab.text.steptext`)."""

    placed: str          #: ``Angelegt`` (``Angelegt: [4|4]``)
    contributions: str   #: ``Gewertete Beiträge``
    credit: str          #: ``Gutschrift für das Anlegen``
    raw_point: Forms     #: ``Rohpunkt``/``Rohpunkte``
    tiles: str           #: heading of the tile list
    spinners: str        #: heading of the spinner list
    connections: str     #: heading of the connection list
    open: str            #: heading of the free attachment points
    none: str            #: an empty list


@dataclass(frozen=True)
class NarrationWords:
    """Sentences about the events of a round (:mod:`dominolab.text.narrate`)."""

    opens_with: str      #: an opening play
    plays: str           #: a play at a point
    you_open_with: str   #: an opening play by "du" (a narration seen from the player, ``me``)
    you_play: str        #: a play by "du"
    you_draw: str        #: {who} {tile}: "du" draws
    at: str              #: {point}: where a play goes
    just_drawn: str      #: a play of the tile just drawn
    play: str            #: {who} {what} {tile} {drawn} {target} {sum} {credit}
    play_nothing: str    #: {who} {what} {drawn} {move} {sum}: a play that books nothing (the scores stay)
    bonus: str           #: {bonus}: the point for playing out
    void: str            #: {target}: a play beyond an exact target
    scores: str          #: {scores}
    draws: str           #: {who} {tile}
    passes: str          #: {who} {verb}
    settle: str          #: {reason} {pips} {winners} {credits} {scores}
    end_reason: Mapping[str, str]   #: a settlement's reason as a noun (``domino``, ``blocked``)
    round_end: Mapping[str, str]    #: how a round ended (``domino``, ``blocked``, ``target``)
    match_won: str       #: {winners}
    and_: str            #: joins names: ``Spieler 1 und Spieler 3``
    # seen from a player (``me``, as on the play page)
    draws_hidden: str    #: {who}: another player draws (the tile stays hidden from ``me``)
    stays_why: Mapping[str, str]  #: why the same seat moves again: double, scored, drawn-fits, draw-again, drawn-pass
    your_side: str       #: the reader's own side inside a sentence (no verb agrees with *du*)
    summary_out: Mapping[str, str]   #: you/you-team/other: {who} {side} {bonus}: who went out and the bonus
    summary_blocked: str  #: a blocked round without settlement
    summary_no_pips: str  #: {title}: pips left in the hands count nothing
    hand_row: str        #: {seat} {side} {tiles} {pips}: a hand at the settlement
    settlement: str      #: {reason} {winners} {steps} {scores}: a round's settlement explained
    settlement_step: str #: {side} {collected} {rounded} {unit} {points}: one winner's credit


@dataclass(frozen=True)
class TerminalWords:
    """The terminal game (``dominolab play``): prompts, the turn and what happened."""

    round: str           #: {n} {seat}
    you: str
    seat: str            #: {seat}
    side: str            #: {side}
    scores: str
    target: str          #: {target}
    hand: str
    stock: str
    layout: str
    moves: str
    free: str
    draws: str           #: {who}: a bot draws (the tile stays hidden)
    draws_tile: str      #: {who} {tile}: the person draws
    passes: str          #: {who} {verb}
    prompt: str
    settle: str          #: {reason} {pips} {winners} {credits}
    end_reason: Mapping[str, str]   #: ``domino``, ``blocked``, ``target`` as short nouns
    round_over: str      #: {n} {reason} {scores}
    match_won: str       #: {winners} {scores}
    void: str
    then_settle: str     #: {who} {points}: what the settlement after a move would give
    scores_now: str      #: before the credit of a legal move
    no_score: str
    hint: str            #: {level} {number} {move} {reason}: the advising level's hint
    taken_back: str      #: {move}
    nothing_to_undo: str
    enter_move: str      #: {n}: the number of legal moves
    no_move: str         #: {text} {n}
    not_legal: str       #: {move} {legal}


@dataclass(frozen=True)
class PictureWords:
    """Labels and descriptions of pictures (:mod:`dominolab.pictures`)."""

    legend: tuple[str, str]   #: filled marker, hollow marker of a layout picture
    partner: str         #: {partner}: beside a player of a partnership (``Spieler 1 (mit Spieler 3)``)
    side: str            #: ``Seite`` (a side of the score track without its own label, numbered from 1)
    winner: str          #: before a side that wins a settlement
    point: Forms         #: a generic point (settlement credits)
    score: str
    start: str
    empty: str           #: an empty layout
    no_tiles: str
    settlement: Mapping[str, str]   #: heading of a settlement picture by reason
    wins: str
    opponents: str
    round: str
    end: str             #: a round's end (file pictures)
    layout: str
    stock: str
    to_move: str
    track: str
    target: str
    domino_tile: str     #: one tile on its own
    row: str             #: a row of tiles
    chart_x: str         #: x axis of the score chart
    scored_ends: str     #: a drawing's description: the scored ends and what each adds
    end_sum: str         #: a drawing's description: their sum


@dataclass(frozen=True)
class BookWords:
    """Sentences, headings and table words of the book's pages (:mod:`dominolab.book`)."""

    reconstructed: str   #: label of a reconstruction note
    detail_summary: str  #: the folded structured description under a step's short lines
    note_summary: str    #: the folded box under each example: how it follows from the document
    note_source: str     #: {title} {section} {link} {end}: where an example comes from (link..end: to the catalogue)
    all_in_document: str #: an example whose tiles and numbers all stand in the document
    refused: str         #: the label before a refusal the page demonstrates
    rounding_rows: tuple[str, str, str]  #: pips, rounded, points (the rounding table's row heads)
    rounding_label: str  #: the rounding table for screen readers
    sums_head: tuple[str, str]           #: end sum, what it scores
    free_points: str     #: {points}: a drawing's caption
    nothing: str         #: an empty list (no free point)
    moves_head: tuple[str, str, str, str, str]  #: who, move, end sum, credit, to move next
    round_chapter: str   #: {n}: a round's jump button in a match stepper
    example: str         #: ``Beispiel``
    section: str         #: ``Abschnitt``
    start: str           #: ``Ausgangslage``
    start_sum: str       #: {summands} {total}: the end sum of a starting position (nothing laid, no credit)
    skipped: str         #: a step the document does not print
    before_settlement: str
    after_settlement: str
    settlement_texts: tuple[str, str, str]  #: {reason} {pips} {winners} / {before} {credits} / {after}
    target_reached: str  #: {target} {winners}
    shared_win: str
    before_move: str
    after_move: str
    to_move: str         #: {who} {scores} {hand}
    round: str           #: {n}
    deal: str            #: {n}: title of a deal frame
    dealt: str           #: {who} {scores}
    short_play: str      #: {n} {who} {what}
    short_open: str      #: {tile}
    short_plays: str     #: {tile}
    short_draw: str      #: {n} {who} {tile}
    short_pass: str      #: {n} {who} {verb}: the game's act word (passt, klopft)
    short_settle: str    #: {n}
    whole_match: str     #: {title}
    chart_alt: str       #: {rounds} {target} {final}
    field_labels: Mapping[str, str]     #: a game description's fields
    value_words: Mapping[str, str]      #: yes, no, the opener rules and the table rules (by value)
    sample_game: str                    #: under a sample description's name in the comparison table
    partnerships: str    #: beside a player count in a hand-size list
    differs: str
    same: str
    rule_and_field: str
    decision: str
    reason: str
    implemented_in: str
    reconstructed_mark: str
    catalogue_head: tuple[str, str, str, str]
    stock_drawn: str
    stock_out: str
    players: str         #: {n}
    in_partnerships: str
    single: str
    deal_head: tuple[str, str, str, str]  #: the last with {rest}
    start_position: str
    to_move_short: str   #: {who}
    after_move_k: str    #: {k} {move}
    next_to_move: str    #: {who}
    legal: str           #: {moves}
    legal_only: str      #: {move}
    draw: str            #: the draw move's name
    round_ends: Mapping[str, str]  #: rounds table: ``domino``, ``blocked``, ``target``
    rounds_head: tuple[str, ...]
    credit_head: tuple[str, str, str]
    live_only: str       #: a widget without a kernel
    steps_summary: str   #: the collapsed list of step texts under a stepper
    step: str            #: the stepper's slider
    play_steps: str      #: the stepper's play button
    notebook_line: str   #: {download} {live} {seconds}: the line at a chapter's end (dominolab.book.notebook)
    notebook_download: str  #: the link that downloads the chapter's notebook
    notebook_live: str   #: the link that opens it live in the browser
    notebook_no_chart: str  #: in a live notebook, instead of a chart that needs Matplotlib (Markdown)
    ladder_head: tuple[str, ...]  #: the ladder table of the bots
    versus: str          #: {a} {b}: a pairing of bots
    ladder_x: str        #: x axis of the ladder chart
    ladder_players: str  #: {n}: a seating of single players
    ladder_partnerships: str  #: four players in partnerships
    ratings_head: tuple[str, str]  #: the rated levels table: level (number and name), budget
    page_seating: str    #: marks the play page's default seating in the ratings
    rating_x: str        #: x axis of the ratings chart
    confirm_head: tuple[str, str, str, str]  #: confirming duels: game and pairing, share won, claim, result
    confirm_claims: Mapping[str, str]  #: a duel's claim in words, by kind (``lower>``, ``upper>=``); {x}: the bound
    confirm_verdict: Mapping[str, str]  #: whether the interval shows the claim: ``holds``, ``not shown``
    confirm_older: str   #: {pair} {commit}: a duel of older code on the same seeds (a "before" row)
    confirm_older_note: str  #: below the confirming table when it has "before" rows
    confirm_sentences: Mapping[str, str]  #: a duel's result in plain words (see charts.confirm_rows), by case
    level_pair: str      #: {upper} {lower}: two neighbouring levels the ratings do not tell apart
    neighbours_close: str  #: {seating} {pairs}: the neighbours of a seating the ratings do not tell apart
    neighbours_apart: str  #: {seating}: every level measurably above the one below
    timing_head: tuple[str, str, str]  #: time per decision of the levels: level, {game} natively, {game} on the page
    duel_share: str      #: {share} of {n} {unit} won, 95 % interval {lo} to {hi}
    duel_units: Mapping[str, str]  #: what a comparison counts: ``rounds`` or ``matches``
    duel_pair: str       #: one pairing: {a} and {b} are bot names, {am} and {bm} budgets in ms
    outcomes: Mapping[str, str]   #: a test's outcome (``passed``, ``failed``, ``skipped``, ``not run``)
    missing: str         #: a rule statement without a test
    coverage_head: tuple[str, ...]  #: the rule coverage table
    mutant_caught: str   #: a mutant some test of its statement caught
    mutant_survived: str #: a mutant no test caught
    no_mutants: str      #: a statement that names no mutant
    interpretation_note: str  #: {id}: the statement is an interpretation, not the document's words
    document_quote: str  #: before the document's own German step text quoted beside its English rendering
    note_label: str      #: the bold label before a live-only note (``Hinweis:``)
    ratings_state: Mapping[str, str]  #: the ratings' state on Spielstärke: complete, preliminary, unmeasured
    no_confirm: str      #: instead of the confirming duels before any run
    confirm_state: str   #: {made} {commit}: when and on which commit the published confirming run was made
    no_ratings: str      #: instead of the ratings table
    half_share: str      #: a share of one half in a sentence ("at least … of the loss")
    not_measured: str    #: instead of the timing table
    captions: Mapping[str, str]  #: the captions and titles the pages' cells pass to the helpers, by key
    reason_fields: Mapping[str, str]  #: the reason sentences' fields as placeholders ({better} -> ⟨better move⟩)
    reasons_head: tuple[str, str, str]  #: the table of reason sentences: kind, sentence, in the summary


@dataclass(frozen=True)
class PageWords:
    """The in-browser play page (:mod:`dominolab.webapi`)."""

    players: str         #: {n}: a seating
    in_partnerships: str
    stays: str
    hint: str            #: {bot} {move}: the advising level (its name) and its move
    hint_points: str     #: {points}
    hint_other: str      #: {bot} {verb}: a hint to draw, pass or knock
    hint_thinking: str   #: {bot}: while the advising level searches
    level_label: str     #: {number} {name}: a level in the page's choice field
    level_budget: str    #: {label} {ms}: a level with a budget of its own (``NAME@MS`` in the URL)
    then_settle: str     #: {points}: what the settlement after a move adds (on a move's button)
    ignored_param: str   #: {name} {value}: a URL parameter that does not fit and is left out
    undone: str
    layout_title: str    #: {n}
    record_ok: str       #: {name} {title} {seating} {rounds} {scores} {result}
    record_won: str      #: {winners}
    record_open: str
    frame: str           #: {n} {text} (the page counts the frames itself)
    opening: str
    try_opening: str     #: the opening choice of „Probier es aus“
    try_empty: str
    try_stuck: str
    try_tile: str
    try_at: str
    try_place: str
    try_reset: str
    try_title: str       #: {title}
    try_scores: str      #: {point} {points}: an allowed placement with what it scores
    try_refused: str     #: {point}: a placement the rules refuse (its reason is shown when chosen)
    try_why: str         #: {why}: the refusal of a chosen placement
    # the review of a game (dominolab.play.review)
    review: str          #: the button that starts a review
    review_continue: str #: the button that starts a new game at the position before a decision
    review_labels: Mapping[str, str]  #: a decision's label (none, inaccuracy, mistake, blunder) -> its word
    review_forced: str   #: a decision with one legal move
    review_head: tuple[str, ...]  #: columns: no., round, event, seat, played, best, value, best value, loss, label
    review_progress: str #: {done} {total}
    review_level: str    #: {bot} {ms}: the level and budget the review used
    review_summary: str  #: {decisions} {forced} {average} {total}
    #: what the page shows for a refused request, by code (the page API's ``error_de``; the engine's
    #: own reason codes are in :attr:`Words.errors`): record-format/record-inconsistent {name},
    #: record-at {name} {round} {step} (the event index + 1), not-your-turn, hint-not-your-turn, nothing-to-undo,
    #: round-over/round-in-play {number}, match-over-new, no-session, record-empty, review-seat, general
    errors: Mapping[str, str]


@dataclass(frozen=True)
class ReaderWords:
    """Moves as readers see them (book, tips, exercises): one rendering, introduced on the first page.

    An end of an ordinary tile is named by the number it shows, so no "high"/"low" is needed:
    ``[4|4] an [1|4], Ende mit der 4``, ``[2|5] an [5|5], Längsseite A``, ``[1|4] als Eröffnung``.
    The compact notation (``[4|4]@[1|4].high``) stays for records and the command line.
    """

    end: str             #: {pips}: the free end of an ordinary tile
    points: Mapping[str, str]   #: A, B, armA, armB (notation) -> name
    point: str           #: {tile} {where}
    at: str              #: {tile} {point}: a placement at a point
    opening: str         #: {tile}: the opening placement
    draw: str            #: the draw move (in a list of moves)
    pass_: str           #: the pass move (in a list of moves) of a game that draws
    knock: str           #: the same move in a game without a stock
    draw_head: str       #: a refused draw, at the head of a sentence
    pass_head: str       #: a refused pass, at the head of a sentence
    knock_head: str      #: a refused knock, at the head of a sentence
    refused: str         #: {move} {reason}
    general: str         #: a refusal without a sentence of its own
    seats: Mapping[str, str]    #: seats as people, seen from "me": ``you``, ``left``, ``across``, ``right``
    player: str          #: {n}: a player seen from outside, numbered from 1 (``Spieler 1``)
    players_pair: str    #: {a} {b}: a partnership of two players seen from outside (``Spieler 1 und 3``)


@dataclass(frozen=True)
class LessonWords:
    """The lessons and puzzles (:mod:`dominolab.lessons`, :mod:`dominolab.book.lessons`): questions,
    the feedback of every choice, explanations step by step, hints and the labels of the lesson pages."""

    kinds: Mapping[str, str]    #: exercise kind -> its short name on the exercise card
    tokens: Mapping[str, str]   #: answer token of "what happens next" -> the answer as shown
    puzzles_title: str          #: the puzzle lesson's title (also written into the puzzle file)
    both_games: str             #: the game column of the puzzles on the lesson map
    noscript: str
    loading: str
    map_label: str
    map_loading: str
    key: str                    #: the head of the exercise-file reference table: key, required, meaning
    required: str
    meaning: str
    yes: str
    no: str
    # the position above an exercise
    to_move: str         #: {seat}
    score: str           #: {scores}
    stock: str           #: {tiles}
    board: str           #: {tiles} {free} {scored}: the drawing's description for screen readers
    none: str            #: an empty list of points or ends
    sum_label: str
    points_label: str
    side_label: str      #: {side}
    # numbers and lists
    decimal_point: str
    or_: str
    place: Forms         #: a place where a tile fits
    right_place: Forms   #: a right attachment point
    # questions (the learner is the seat to move, "du")
    goals: Mapping[str, str]    #: place-to-goal goal -> the goal in words ({n} where the goal has a number)
    ask_place: str       #: {goal}
    ask_where: str       #: {tile}
    ask_score: str       #: {move}
    ask_now: str
    ask_next: str        #: {moves}
    ask_settle_after: str    #: {moves} {what}
    ask_settle_blocked: str  #: {what}
    settle_pips: str     #: what is settled in a game that settles pips
    settle_last: str     #: ... in a game that scores the last tile
    ask_best: str
    ask_practice: str           #: {move}: a puzzle made of the learner's own decision (the move they played)
    practice_title: str         #: the learner's own puzzles on the play page
    moves_draw: str      #: a seat's moves in a question: drawing
    moves_pass: str
    moves_knock: str     #: the same in a game without a stock
    moves_play: str      #: {move}
    moves_then: str      #: between two moves
    # end sums and points
    divisible: str       #: {total} {divisor} {quotient}
    together: str        #: {points}
    zero: str
    neither: str         #: {total} {divisors}
    nor: str             #: between the divisors of `neither`
    not_multiple: str    #: {total} {divisor}
    credit: str          #: {steps} {points} {raw}
    raw: str             #: {total}
    closed_one: str      #: {tiles}
    closed_many: str     #: {tiles}
    free_arms: str
    double_end: str
    ends: str            #: {listed} {notes} {summands} {total}
    # feedback
    right: str           #: {text}
    not_allowed: str     #: {reason}
    not_allowed_plain: str
    not_the_goal: str    #: {text}
    keeps_turn: str
    turn_goes_on: str
    gives: str           #: {move} {total} {points}
    gives_sum: str       #: {move} {total}: the same where only the end sum is asked
    then_you: str
    then_next: str
    goes_with: str       #: {tiles}
    fits_here: str       #: {point} {pips} {tile}
    fits_at: str         #: {tile} {places} {names}
    arm_opens: str
    no_spinners: str
    there_are: str       #: {places}
    count_ends: str      #: {n}
    not_token: str       #: {token}
    # what happens next
    blocked_now: str
    must_draw: str       #: {tiles}
    stock_empty: str
    never_draws: str     #: {title}
    must_pass: str       #: {why}
    must_knock: str      #: {why}: the same in a game without a stock
    drawn_fits: str      #: {tile}
    drawn_blocked: str   #: {tile}
    drawn_draw_again: str    #: {tile}
    drawn_pass: str      #: {tile}
    target_reached: str  #: {score} {target}
    partners_out: str
    seat_out: str
    blocked_after: str
    is_double: str
    brings: str          #: {points}
    stays: str           #: {tile} {what} {title}
    skipped: str         #: {seat}: who is skipped (a seat as a person)
    drawn_ends_turn: str
    never_stays: str     #: {title}
    no_stay: str         #: {tile} {sum}
    turn_passes: str     #: {why} {skip} {seat}
    hints: Mapping[str, str]    #: answer token -> hint ({seat}: the seat to move)
    hint_never_stays: str       #: {title}
    # settling a round
    seat_pips: str       #: {seat} {pips} (seats as people: du, links, …)
    partnership_pips: str    #: {sides}
    side_pips: str       #: {side} {pips}
    domino_winner: str   #: {seat} {side}
    blocked_lowest: str  #: {sides}
    blocked_tied: str    #: {sides}
    settle_step: str     #: {side} {collected} {unit} {rounded} {points}
    pips_explained: str  #: {pips} {who} {steps}
    pips_partner: str    #: added to pips_explained in a partnership game
    pips_hint: str
    domino_sum: str      #: {sum} {steps} {credit} {bonus} {total}
    overshoot: str       #: {start} {total} {after} {target}
    side_gets: str       #: {side} {start} {scored} {after}
    others_nothing: str
    domino_hint: str     #: {target}
    blocked_settle: str
    blocked_hint: str
    # puzzles
    best: str            #: {move} {bot} {ms} {deals} {table} {margin}
    weaker: str          #: {move} {value}: a weaker move (the best move's value is not given away)
    best_hint: str       #: {tile}
    # feedback on a wrong answer (never the right value) and how stars are earned
    too_high: str        #: {label}: a number field whose entry is too high
    too_low: str         #: {label}
    wrong_numbers: str   #: {which}: the fields that are wrong, joined
    retry: str           #: after a wrong answer: how to go on without the answer being given away
    revealed: str        #: the result line after "show the solution"
    solved_after_reveal: str  #: the shown solution typed or clicked in: right, but no star
    stars_rule: str      #: one sentence near the progress line: how stars are earned
    teaches: str         #: {n}: the folded list of the rules a chapter teaches (above its lesson)
    quoted: str          #: {}: a name in the language's quotation marks („stark“, “strong”)
    #: key of an exercise file -> what it means (the table of the page Aufgabenformat; ``{kinds}``: the kinds);
    #: the keys are those :data:`dominolab.lessons.files.FILE_KEYS` and ``EXERCISE_KEYS`` allow (a test compares)
    key_meanings: Mapping[str, str]


@dataclass(frozen=True)
class Words:
    """All words of one language."""

    lang: str
    tile: Forms          #: a domino tile
    pip: Forms           #: a pip (``1 Auge``, ``2 Augen``)
    round: Forms         #: a round of a match
    sides: Mapping[Side, str]   #: the six attachment points of a tile
    passing: PassWords   #: a turn without a play in games that draw
    knocking: PassWords  #: a turn without a play in games without a stock
    bots: Mapping[str, str]     #: bots by their command-line name
    #: how strong each level plays, in a few words (by the level's number; the play page lists them)
    level_about: Mapping[int, str]
    step: StepWords
    narration: NarrationWords
    terminal: TerminalWords
    picture: PictureWords
    book: BookWords
    page: PageWords
    reader: ReaderWords
    lessons: LessonWords
    errors: Mapping[str, str]   #: German sentences for the engine's reason codes (see :func:`error_sentence`)


def _frozen(d: Mapping[str, str]) -> Mapping[str, str]:
    return MappingProxyType(dict(d))


_FIELDS_DE = {
    "hand_sizes": "Steine je Spieler nach Sitzordnung",
    "drawing": "Ungeteilte Steine bilden einen Talon zum Ziehen",
    "spinners": "Welche Doppelsteine Spinner sind (Seitenarme)",
    "divisors": "Gewertete Teiler der Endsumme",
    "raw_per_point": "Rohpunkte je Spielpunkt",
    "stay_on_turn": "Doppelstein oder punktender Stein aus der Hand: am Zug bleiben",
    "partners_play_out": "Partnerschaft spielt weiter, bis beide Partner aus sind",
    "domino_bonus": "Ausspielpunkt",
    "pip_settlement": "Abrechnung der verbleibenden Augen",
    "target": "Ziel",
    "target_exact": "Ziel muss genau erreicht werden",
    "opener_after_domino": "Eröffner nach einem Ausspielen",
    "opener_after_block": "Eröffner nach einer Sperre",
}

_FIELDS_EN = {
    "hand_sizes": "Tiles per player by seating",
    "drawing": "Undealt tiles form a boneyard to draw from",
    "spinners": "Which doubles are spinners (arms)",
    "divisors": "Scored divisors of the end total",
    "raw_per_point": "Raw points per game point",
    "stay_on_turn": "A double or a scoring tile from the hand: play again",
    "partners_play_out": "A partnership plays on until both partners are out",
    "domino_bonus": "Going-out point",
    "pip_settlement": "Settlement of the remaining pips",
    "target": "Target",
    "target_exact": "The target must be hit exactly",
    "opener_after_domino": "Opener after going out",
    "opener_after_block": "Opener after a block",
}

#: German sentences for the reason codes of :class:`~dominolab.core.errors.IllegalPlacement` and
#: :class:`~dominolab.core.errors.IllegalMove` (fields: the error's ``details``, points as labels).
_ERRORS_DE = {
    "first-tile-alone": "Die Auslage ist leer: Der erste Stein liegt allein, ohne Anlegestelle (schreibe nur {tile}).",
    "point-needed": "Die Auslage hat schon Steine: Gib an, wo {tile} angelegt wird (STEIN@STEIN.STELLE).",
    "tile-on-table": "{tile} liegt schon in der Auslage.",
    "unknown-anchor": "{anchor} liegt nicht in der Auslage.",
    "point-occupied": "{point} ist schon belegt.",
    "no-side-arms": "In diesem Spiel sind Doppelsteine keine Spinner, es gibt also keine Seitenarme.",
    "not-a-spinner": "In diesem Spiel ist nur der erste gelegte Doppelstein ein Spinner; {anchor} hat keine Seitenarme.",
    "arm-before-line-sides": "Ein Seitenarm von {anchor} öffnet sich erst, wenn beide Längsseiten belegt sind.",
    "wrong-pips": "Die Augen passen nicht: {point} zeigt {pips}, {tile} hat keine Hälfte mit {pips}.",
    "not-free": "{point} ist keine freie Anlegestelle.",
    "round-over": "Runde {number} ist schon zu Ende.",
    "not-your-turn": "{player} ist gerade nicht am Zug.",
    "must-play-drawn": "{player} hat {tile} gezogen und muss diesen Stein sofort anlegen.",
    "not-in-hand": "{player} ist am Zug und hat {tile} nicht in der Hand.",
    "not-legal-now": "Dieser Zug ist jetzt nicht erlaubt.",
    "no-drawing": "In {game} wird nicht gezogen: Die übrigen Steine bleiben aus dem Spiel.",
    "must-play-not-draw": "{player} kann anlegen und darf deshalb nicht ziehen.",
    "stock-empty": "Der Talon ist leer.",
    "must-play-not-pass": "{player} kann anlegen und muss das auch tun.",
    "must-draw-first": "{player} muss zuerst ziehen.",
    "not-a-move": "Das ist kein Zug.",
    "match-over": "Die Partie ist vorbei: Das Ziel von {target} ist erreicht (Punktestand {scores}).",
    "round-in-play": "Runde {number} wird noch gespielt.",
    "no-round-yet": "Es wurde noch keine Runde gespielt.",
}

#: The same sentences for English readers, in the English glossary's words (the engine's own messages
#: stay the developers' English: they may change without changing these).
_ERRORS_EN = {
    "first-tile-alone": "The layout is empty: the first tile lies alone, without an attachment point (write just {tile}).",
    "point-needed": "The layout already has tiles: say where {tile} is played (TILE@TILE.POINT).",
    "tile-on-table": "{tile} is already in the layout.",
    "unknown-anchor": "{anchor} is not in the layout.",
    "point-occupied": "{point} is already taken.",
    "no-side-arms": "In this game doubles are no spinners, so there are no arms.",
    "not-a-spinner": "In this game only the first double played is a spinner; {anchor} has no arms.",
    "arm-before-line-sides": "An arm of {anchor} opens only once both long sides are taken.",
    "wrong-pips": "The pips do not match: {point} shows {pips}, {tile} has no half with {pips}.",
    "not-free": "{point} is not a free attachment point.",
    "round-over": "Round {number} is already over.",
    "not-your-turn": "It is not {player}'s turn.",
    "must-play-drawn": "{player} has drawn {tile} and must play this tile at once.",
    "not-in-hand": "{player} is to move and does not hold {tile}.",
    "not-legal-now": "This move is not allowed now.",
    "no-drawing": "In {game} nobody draws: the remaining tiles stay out of play.",
    "must-play-not-draw": "{player} can play a tile and so may not draw.",
    "stock-empty": "The boneyard is empty.",
    "must-play-not-pass": "{player} can play a tile and must do so.",
    "must-draw-first": "{player} must draw first.",
    "not-a-move": "That is not a move.",
    "match-over": "The match is over: the target of {target} is reached (scores {scores}).",
    "round-in-play": "Round {number} is still being played.",
    "no-round-yet": "No round has been played yet.",
}

_DE = Words(
    lang="de",
    tile=("Stein", "Steine"),
    pip=("Auge", "Augen"),
    round=("Runde", "Runden"),
    sides=MappingProxyType({
        Side.HIGH: "Ende mit größerer Augenzahl", Side.LOW: "Ende mit kleinerer Augenzahl",
        Side.A: "Linienseite A", Side.B: "Linienseite B",   # the documents' step texts (contract); readers: reader.points
        Side.ARM_A: "Seitenarm A", Side.ARM_B: "Seitenarm B",
    }),
    passing=PassWords("passt", "Passen", "passt"),
    knocking=PassWords("klopft", "Klopfen", "klopfst"),
    bots=_frozen({"random": "zufällig", "greedy": "gierig", "strong-5": "umsichtig", "strong": "stark",
                  "expert": "Expertin"}),
    step=StepWords(
        placed="Angelegt", contributions="Gewertete Beiträge", credit="Gutschrift für das Anlegen",
        raw_point=("Rohpunkt", "Rohpunkte"), tiles="Steine", spinners="Spinner", connections="Verbindungen",
        open="Freie Anlegestellen", none="keine",
    ),
    level_about=MappingProxyType({
        1: "spielt irgendeinen erlaubten Zug – zum Kennenlernen der Regeln",
        2: "nimmt immer sofort die meisten Punkte, ohne vorauszudenken",
        3: "spielt einige mögliche Verteilungen der verdeckten Steine im Kopf zu Ende",
        4: ("spielt viele mögliche Verteilungen zu Ende, verwirft schwache Züge früh und rechnet das Rundenende "
            "genau aus – die stärkste Stufe; von ihr kommen auch die Tipps"),
    }),
    narration=NarrationWords(
        opens_with="eröffnet mit", plays="legt", you_open_with="eröffnest mit", you_play="legst",
        you_draw="{who} ziehst {tile}.", at=" an {point}", just_drawn=" den gerade gezogenen Stein",
        play="{who} {what}{drawn} {move}: Endsumme {sum}, Gutschrift {credit}",
        play_nothing="{who} {what}{drawn} {move}: Endsumme {sum}, keine Punkte.",
        bonus=", Ausspielpunkt {bonus}", void=" – über {target} hinaus, daher verworfen",
        scores=". Punktestand: {scores}.", draws="{who} zieht {tile}.", passes="{who} {verb}.",
        settle=("Abrechnung nach {reason}: Augen in der Hand – {pips}. Rundensieger: {winners}. "
                "Gutschriften – {credits}. Punktestand: {scores}."),
        end_reason=_frozen({"domino": "Ausspielen", "blocked": "Sperre"}),
        round_end=_frozen({"domino": "Die Runde ist ausgespielt.", "blocked": "Die Runde ist gesperrt.",
                           "target": "Das Ziel ist erreicht."}),
        match_won="Die Partie ist entschieden: {winners}.", and_=" und ",
        draws_hidden="{who} zieht einen Stein.",
        stays_why=_frozen({"double": "Ein Doppelstein aus der Hand: Wer ihn legt, bleibt am Zug.",
                           "scored": "Punkte mit einem Stein aus der Hand: Wer ihn legt, bleibt am Zug.",
                           "drawn-fits": "Der gezogene Stein passt: Er muss sofort angelegt werden.",
                           "draw-again": "Der gezogene Stein passt nicht: Wer ihn gezogen hat, zieht weiter.",
                           "drawn-pass": ("Der gezogene Stein passt nicht, und der Talon ist leer: "
                                          "Wer ihn gezogen hat, muss passen.")}),
        your_side="deine Partnerschaft",
        summary_out=_frozen({"you": "Du hast ausgespielt: Dafür bekommst du {bonus}.",
                             "you-team": "Du hast ausgespielt: Dafür bekommt deine Partnerschaft {bonus}.",
                             "other": "{who} hat ausgespielt: Dafür bekommt {side} {bonus}."}),
        summary_blocked="Niemand hat ausgespielt: Die Runde ist gesperrt, es gibt keinen Ausspielpunkt.",
        summary_no_pips="Die Augen, die noch in den Händen liegen, zählen in {title} nichts.",
        hand_row="{seat}{side}: {tiles} – {pips}",
        settlement="Abrechnung nach {reason}. Rundensieger: {winners}. {steps}. Punktestand: {scores}.",
        settlement_step=("{side}: Augen der Gegner {collected}, gerundet {rounded}, "
                         "geteilt durch {unit} = {points}"),
    ),
    terminal=TerminalWords(
        round="Runde {n}: Sitz {seat} eröffnet.",
        you="du", seat="Sitz {seat}", side="Partei {side}",
        scores="Punktestand", target="Ziel {target}", hand="Deine Hand", stock="Talon",
        layout="Auslage", moves="Erlaubte Züge", free="frei",
        draws="{who} zieht einen Stein.", draws_tile="{who} ziehst {tile}.", passes="{who} {verb}.",
        prompt="Dein Zug (Nummer oder Notation; h Tipp, u zurück, q Ende): ",
        settle="Abrechnung ({reason}): Augen je Sitz {pips}; Rundensieger {winners}; Gutschriften {credits}.",
        end_reason=_frozen({"domino": "Ausspielen", "blocked": "Sperre", "target": "Ziel erreicht"}),
        round_over="Runde {n} ist vorbei ({reason}). Punktestand {scores}.",
        match_won="Die Partie gewinnt {winners}. Endstand {scores}.",
        void=" (über das Ziel hinaus, zählt nicht)",
        then_settle="; danach bringt die Abrechnung {who} {points}",
        scores_now="bringt", no_score="bringt nichts",
        hint="Tipp der Stufe „{level}“: {number}  {move} - {reason}", taken_back="zurückgenommen: {move}",
        nothing_to_undo="Nichts zurückzunehmen: Du hast noch nicht gezogen.",
        enter_move="Gib eine Zugnummer von 1 bis {n}, einen Zug in Notation, h, u oder q ein.",
        no_move="Kein Zug {text}: Wähle eine Nummer von 1 bis {n}.",
        not_legal="{move} ist jetzt nicht erlaubt; erlaubt: {legal}",
    ),
    picture=PictureWords(
        legend=("Ausgefüllte Zahl: gewerteter Beitrag", "Hohler Punkt: legales Anlegen, hier nicht gewertet"),
        partner="(mit {partner})", side="Partei", winner="Rundensieger",
        point=("Punkt", "Punkte"), score="Stand", start="Start", empty="(leere Auslage)",
        no_tiles="keine Steine",
        settlement=_frozen({"domino": "Abrechnung nach Ausspielen", "blocked": "Abrechnung nach Sperre"}),
        wins="gewinnt", opponents="Gegner", round="Runde", end="Ende",
        layout="Auslage", stock="Talon",
        to_move="am Zug", track="Punktetafel", target="Ziel", domino_tile="Dominostein",
        row="Steine", chart_x="Wertungen (Anlegen und Abrechnungen), Runden durch senkrechte Linien getrennt",
        scored_ends="Gewertete Enden", end_sum="Endsumme",
    ),
    book=BookWords(
        reconstructed="Rekonstruiert oder gewählt:",
        detail_summary="Die ganze Auslage genau beschrieben",
        note_summary="Wie dieses Beispiel aus dem Dokument folgt",
        note_source="„{title}“ – Dokument, Abschnitt „{section}“; das Beispiel steht auch im {link}Beispielverzeichnis{end}.",
        all_in_document="Alle Steine und Zahlen stehen so im Dokument.", refused="Abgelehnt.",
        rounding_rows=("Augen", "gerundet", "Punkte"), rounding_label="Rundungstabelle",
        sums_head=("Endsumme", "bringt"), free_points="Freie Anlegestellen: {points}.", nothing="keine",
        moves_head=("Wer", "Zug", "Endsumme", "Gutschrift", "danach am Zug"), round_chapter="Runde {n}",
        example="Beispiel", section="Abschnitt", start="Ausgangslage",
        start_sum="Noch nichts angelegt; die gewerteten Enden ergeben die Endsumme {summands} = {total}.",
        skipped="Im Dokument übersprungen – von der Regelmaschine berechnet.",
        before_settlement="Vor der Abrechnung", after_settlement="Nach der Abrechnung",
        settlement_texts=("{reason}. Aufgedeckte Augensummen – {pips}. Rundensieger: {winners}.",
                          "Punktestand vor der Abrechnung: {before}. Gutschriften: {credits}.",
                          "Punktestand danach: {after}."),
        target_reached=" Das Ziel von {target} erreichen: {winners}", shared_win=" – gemeinsamer Sieg.",
        before_move="Stellung vor dem Zug", after_move="Nach dem Zug",
        to_move="{who} ist am Zug. Punktestand: {scores}. Hand: {hand}.",
        round="Runde {n}", deal="Runde {n}: Ausgabe",
        dealt="Die Steine sind ausgegeben (hier offen gezeigt). {who} eröffnet. Punktestand: {scores}.",
        short_play="Runde {n}: {who} {what}", short_open="eröffnet mit {tile}", short_plays="legt {tile}",
        short_draw="Runde {n}: {who} zieht {tile}", short_pass="Runde {n}: {who} {verb}",
        short_settle="Runde {n}: Abrechnung", whole_match="{title}: die ganze Partie, Zug für Zug",
        chart_alt="Punktestand über die Partie, {rounds} Runden, Ziel {target}; am Ende {final}.",
        field_labels=_frozen(_FIELDS_DE),
        value_words=_frozen({"yes": "ja", "no": "nein", "last-player": "wer den letzten Stein legte",
                             "next-seat": "nächster Sitz nach dem bisherigen Eröffner", "lot": "neues Los",
                             "none": "keiner", "first-double": "nur der erste gelegte Doppelstein",
                             "every-double": "jeder Doppelstein"}),
        sample_game="Beispiel-Hausregel",
        partnerships=" (Partnerschaften)", differs="verschieden", same="gleich", rule_and_field="Regel und Feld",
        decision="Entscheidung:", reason="Begründung:", implemented_in="Umgesetzt in",
        reconstructed_mark="(rekonstruiert/gewählt)",
        catalogue_head=("Beispiel", "Abschnitt", "Inhalt", "Ergebnis"),
        stock_drawn="Talon (wird gezogen)", stock_out="aus dem Spiel",
        players="{n} Spieler", in_partnerships=" in zwei Partnerschaften", single=" einzeln",
        deal_head=("Besetzung", "Steine je Spieler", "ausgeteilt", "übrig: {rest}"),
        start_position="Ausgangsstellung", to_move_short="{who} ist am Zug. ", after_move_k="Nach Zug {k}: {move}",
        next_to_move="Am Zug: {who}. ", legal="Erlaubt: {moves}.", legal_only="Erlaubt ist nur: {move}.",
        draw="Ziehen",
        round_ends=_frozen({"domino": "ausgespielt", "blocked": "gesperrt", "target": "Ziel erreicht"}),
        rounds_head=("Runde", "eröffnet von", "Ende", "letzter Stein von", "gelegte Steine", "Punktestand danach"),
        credit_head=("Endsumme", "Gutschrift (Regelmaschine)", "Dokument"),
        live_only=("Dieses Element ist interaktiv und braucht einen laufenden Python-Kernel "
                   "(zum Beispiel in Jupyter). In der statischen Buchfassung lässt es sich "
                   "nicht bedienen."),
        steps_summary="Alle Schritte als Text", step="Schritt", play_steps="Schritte nacheinander abspielen",
        notebook_line="Selbst ausprobieren: {download} · {live} (im Browser; startet in etwa {seconds} s)",
        notebook_download="Als Notebook herunterladen", notebook_live="Als Live-Notebook öffnen",
        notebook_no_chart=("*Hier steht im Buch ein Diagramm des Punktestands. Es braucht Matplotlib, das es für "
                           "Python im Browser hier nicht gibt; das Diagramm steht im Kapitel des Buchs und erscheint "
                           "im heruntergeladenen Notebook.*"),
        ladder_head=("Spiel", "Besetzung", "Paarung", "Partien", "Siege", "Siegquote", "95-%-Intervall"),
        versus="{a} gegen {b}", ladder_x="Siegquote des erstgenannten Bots (95-%-Intervall)",
        ladder_players="{n} Spieler", ladder_partnerships="4 in Partnerschaften",
        ratings_head=("Stufe", "Bedenkzeit"), page_seating=" (Spielseite)",
        rating_x="Wertungszahl (95-%-Intervall; gierig = 1000)",
        confirm_head=("Vergleich", "Siege der Erstgenannten (95-%-Intervall)", "Behauptung", "Ergebnis"),
        confirm_claims=_frozen({"lower>": "untere Grenze über {x}", "upper>=": "obere Grenze mindestens {x}"}),
        confirm_verdict=_frozen({"holds": "gezeigt", "not shown": "nicht gezeigt"}),
        confirm_older="{pair}, ältere Fassung (Commit {commit})",
        confirm_older_note=("Zeilen mit dem Zusatz „ältere Fassung“ sind ein früherer Stand des Programms auf "
                            "denselben Startwerten: So steht neben dem neuen Ergebnis, was vorher herauskam."),
        confirm_sentences=_frozen({
            "lower_holds": ("{pair} in {game}: Die erstgenannte Stufe gewinnt {share} von {n} Partien (Intervall {lo} bis "
                            "{hi}). Das ganze Intervall liegt über der Schwelle ({claim}): Ihr Vorsprung ist gezeigt."),
            "lower_above_half": ("{pair} in {game}: Die erstgenannte Stufe gewinnt {share} von {n} Partien (Intervall {lo} "
                                 "bis {hi}). Sie ist also stärker, aber der verlangte Vorsprung ({claim}) ist "
                                 "nicht gezeigt."),
            "lower_open": ("{pair} in {game}: Die erstgenannte Stufe gewinnt {share} von {n} Partien (Intervall {lo} bis "
                           "{hi}). Das Intervall schließt 50\u00a0% ein: Dass sie stärker ist, lässt sich nicht "
                           "nachweisen, der verlangte Vorsprung ({claim}) erst recht nicht."),
            "lower_below_half": ("{pair} in {game}: Die erstgenannte Stufe gewinnt {share} von {n} Partien (Intervall {lo} "
                                 "bis {hi}). Das ganze Intervall liegt unter 50\u00a0%: Sie ist messbar schwächer."),
            "upper_holds": ("{pair} in {game}: Die erstgenannte Stufe gewinnt {share} von {n} Partien (Intervall {lo} bis "
                            "{hi}). Die obere Grenze erreicht die Schwelle ({claim}): Schwächer ist sie nicht "
                            "nachweisbar."),
            "upper_fails": ("{pair} in {game}: Die erstgenannte Stufe gewinnt {share} von {n} Partien (Intervall {lo} bis "
                            "{hi}). Das ganze Intervall liegt unter der Schwelle ({claim}): Sie ist messbar "
                            "schwächer."),
        }),
        level_pair="{upper} stärker ist als {lower}",
        neighbours_close="{seating}: Die Wertungszahlen zeigen nicht, dass {pairs}.",
        neighbours_apart="{seating}: Jede Stufe ist messbar stärker als die darunter.",
        timing_head=("Stufe", "{game}, nativ", "{game}, Spielseite"),
        duel_share="{share} von {n} {unit} ({lo} – {hi})",
        duel_units=_frozen({"rounds": "Runden", "matches": "Partien"}),
        duel_pair="{a} ({am}\u00a0ms) gegen {b} ({bm}\u00a0ms)",
        outcomes=_frozen({"passed": "bestanden", "failed": "FEHLGESCHLAGEN", "skipped": "übersprungen",
                          "not run": "nicht gelaufen"}),
        missing="FEHLT", coverage_head=("Aussage und Ergebnis", "Inhalt", "Umgesetzt in", "Tests", "Mutanten"),
        mutant_caught="gefangen", mutant_survived="ÜBERLEBT", no_mutants="KEINE",
        interpretation_note="Auslegung {id}, nicht der Wortlaut des Dokuments",
        document_quote="Im Dokument:", note_label="Hinweis:",
        ratings_state=_frozen({"complete": "vollständig",
                               "preliminary": "vorläufig: ein kleiner Probelauf, der volle Lauf steht noch aus",
                               "unmeasured": "noch nicht gemessen"}),
        no_confirm="Noch kein bestätigender Lauf.",
        confirm_state="Lauf vom {made} auf Commit {commit}", no_ratings="Noch keine Wertungszahlen.",
        half_share="die Hälfte",
        not_measured="Noch nicht gemessen.",
        captions=_frozen({"stay-on-turn": "Am Zug bleiben",
                          "after-35-at-55": "Nach [3|5] an [5|5], Längsseite B",
                          "quick-start-layout": "[1|4] als Eröffnung, dann [4|4] an [1|4], Ende mit der 4",
                          "pass-empty-boneyard": "Passen bei leerem Talon",
                          "going-out-four": "Ausspielen zu viert"}),
        reason_fields=_frozen({"{better}": "⟨besserer Zug⟩", "{other}": "⟨gespielter Zug⟩", "{tile}": "⟨Stein⟩",
                               "{pips}": "⟨Augen⟩", "{now}": "⟨Punkte jetzt⟩", "{then}": "⟨, du bleibst am Zug …⟩",
                               "{target}": "⟨Ziel⟩", "{points}": "⟨Punkte des Grundes⟩", "{times}": "⟨n-mal⟩"}),
        reasons_head=("Art", "Satz", "in der Zusammenfassung"),
    ),
    page=PageWords(
        players="{n} Spieler", in_partnerships=" in Partnerschaften",
        stays=" (am Zug bleiben)",
        hint="Die Stufe „{bot}“ rät: {move}", hint_points=" (bringt jetzt {points}).",
        hint_other="Die Stufe „{bot}“ rät: {verb}.", hint_thinking="Die Stufe „{bot}“ denkt nach …",
        level_label="{number} – {name}", level_budget="{label} ({ms} ms)", then_settle=", Abrechnung +{points}",
        ignored_param="URL-Parameter „{name}“ = „{value}“ passt nicht und wird ignoriert (Standardwert).",
        undone="Zug zurückgenommen.", layout_title="Auslage, Runde {n}",
        record_ok="{name}: Der Datensatz ist regelgerecht ({title}, {seating}, {rounds}, Punktestand {scores}{result}).",
        record_won=", gewonnen von {winners}", record_open=", Partie noch nicht entschieden",
        frame="Runde {n}: {text}", opening="Eröffnung",
        try_opening="Eröffnung (erster Stein)", try_empty="Der Tisch ist leer: Wähle einen Stein für die Eröffnung.",
        try_stuck="Kein weiterer Stein passt an diese Auslage.", try_tile="Stein", try_at="Anlegen an",
        try_place="Anlegen", try_reset="Von vorn", try_title="Probier es aus: {title}",
        try_scores="{point} – bringt {points}", try_refused="{point} – passt nicht",
        try_why="Nicht erlaubt: {why}",
        review="Partie analysieren",
        review_continue="von hier weiterspielen",
        review_labels=_frozen({"none": "in Ordnung", "inaccuracy": "ungenau", "mistake": "Fehler",
                               "blunder": "grober Fehler"}),
        review_forced="erzwungen",
        review_head=("Nr.", "Runde", "Ereignis", "Sitz", "gespielt", "bester Zug", "Wert", "Wert des besten",
                     "Verlust", "Bewertung"),
        review_progress="{done} von {total} Entscheidungen bewertet …",
        review_level="bewertet von der Stufe „{bot}“, {ms} ms Rechenzeit je Entscheidung",
        review_summary=("{decisions} Entscheidungen mit Wahl, {forced} erzwungen; durchschnittlicher Verlust "
                        "{average} Punkte, zusammen {total} Punkte"),
        errors=_frozen({
            "record-format": "„{name}“ ist kein lesbarer Datensatz: Die Datei hat nicht die Form eines "
                             "Datensatzes (dominolab.record/1).",
            "record-inconsistent": "„{name}“ widerspricht den Regeln: Die Regelmaschine kann diesen Datensatz "
                                   "nicht regelgerecht nachspielen.",
            "record-at": "„{name}“ widerspricht den Regeln: In Runde {round} stimmt der {step}. Schritt nicht "
                         "mit dem überein, was die Regelmaschine beim Nachspielen ergibt.",
            "record-empty": "Der Datensatz enthält keine Ereignisse.",
            "not-your-turn": "Du bist gerade nicht am Zug.",
            "hint-not-your-turn": "Einen Tipp gibt es nur, wenn du am Zug bist.",
            "nothing-to-undo": "Es gibt nichts zurückzunehmen: Du hast in dieser Runde noch nicht gezogen.",
            "round-over": "Runde {number} ist schon zu Ende.",
            "round-in-play": "Runde {number} wird noch gespielt.",
            "match-over-new": "Die Partie ist vorbei; starte eine neue.",
            "no-session": "Diese Partie ist nicht mehr im Speicher dieser Seite; starte eine neue.",
            "review-seat": "Diesen Sitz gibt es in der Partie nicht.",
            "general": "Das ging nicht: Die Regelmaschine lehnt diese Anfrage ab.",
        }),
    ),
    reader=ReaderWords(
        end="Ende mit der {pips}",
        points=_frozen({"A": "Längsseite A", "B": "Längsseite B", "armA": "Seitenarm A", "armB": "Seitenarm B"}),
        point="{tile}, {where}", at="{tile} an {point}", opening="{tile} als Eröffnung",
        draw="ziehen", pass_="passen", knock="klopfen", draw_head="Ziehen", pass_head="Passen", knock_head="Klopfen",
        refused="{move}: {reason}", general="Die Regelmaschine lässt diesen Zug nicht zu.",
        seats=_frozen({"you": "du", "left": "links", "across": "gegenüber", "right": "rechts"}),
        player="Spieler {n}", players_pair="Spieler {a} und {b}",
    ),
    lessons=LessonWords(
        kinds=_frozen({"place-to-goal": "Lege zum Ziel", "where-may-it-go": "Wo darf er hin?",
                       "what-does-it-score": "Was bringt das?", "what-happens-next": "Was passiert jetzt?",
                       "settle-the-round": "Rechne ab", "best-move": "Bester Zug"}),
        tokens=_frozen({"continue": "Du bist noch einmal am Zug",
                        "turn-passes": "Der Zug geht an den nächsten Spieler",
                        "draw": "Du musst ziehen", "play-drawn": "Du musst den gezogenen Stein sofort anlegen",
                        "pass": "Du musst passen", "knock": "Du musst klopfen", "round-ends": "Die Runde (oder die Partie) ist zu Ende"}),
        puzzles_title="Puzzles: Finde den besten Zug", both_games="beide Spiele",
        noscript="Die Übungen brauchen JavaScript.", loading="Die Übung wird geladen …",
        map_label="Übersicht der Übungen", map_loading="Die Übersicht wird geladen …",
        key="Schlüssel", required="Pflicht", meaning="Bedeutung", yes="ja", no="nein",
        to_move="am Zug: {seat}", score="Punktestand {scores}", stock="Talon: {tiles}",
        board="{tiles} auf dem Tisch. Freie Anlegestellen: {free}. Gewertete Enden: {scored}.", none="keine",
        sum_label="Endsumme", points_label="Punkte für das Anlegen", side_label="Punkte: {side}",
        decimal_point=",", or_=" oder ", place=("Stelle", "Stellen"),
        right_place=("richtige Anlegestelle", "richtige Anlegestellen"),
        goals=_frozen({"points": "das Anlegen genau {n} Punkte bringt", "sum": "die Endsumme danach {n} beträgt",
                       "keep-turn": "du danach am Zug bleibst",
                       "most": "das Anlegen jetzt die meisten Punkte bringt"}),
        ask_place="Lege einen Stein aus deiner Hand so an, dass {goal}.",
        ask_where="Wo darf {tile} angelegt werden? Wähle alle passenden Anlegestellen und prüfe.",
        ask_score="Du legst {move}. Wie groß ist danach die Endsumme, und wie viele Punkte bringt das?",
        ask_now="Du bist am Zug. Was passiert jetzt?",
        ask_next="Du {moves}. Was passiert als Nächstes?",
        ask_settle_after="Du {moves}. Wie viele Punkte bringt {what} jeder Partei?",
        ask_settle_blocked="Niemand kann mehr anlegen. Wie viele Punkte bringt {what} jeder Partei?",
        settle_pips="die Abrechnung der Runde", settle_last="dieser letzte Stein",
        ask_best="Du bist am Zug. Welcher Zug ist hier klar der beste?",
        ask_practice="In deiner Partie hast du hier {move} gelegt. Finde den besseren Zug.",
        practice_title="Aus deinen Fehlern üben: Finde den besseren Zug",
        moves_draw="ziehst einen Stein", moves_pass="passt", moves_knock="klopfst", moves_play="legst {move}", moves_then=" und ",
        divisible="{total} ist durch {divisor} teilbar: {total} ÷ {divisor} = {quotient}",
        together="; zusammen {points}", zero="Null bringt nichts",
        neither="{total} ist weder durch {divisors} teilbar", nor=" noch durch ",
        not_multiple="{total} ist kein Vielfaches von {divisor}",
        credit="{steps}. Das Anlegen bringt {points}{raw}.", raw=" ({total} Rohpunkte)",
        closed_one="{tiles} ist auf beiden Längsseiten belegt und zählt nicht mehr.",
        closed_many="{tiles} sind auf beiden Längsseiten belegt und zählen nicht mehr.",
        free_arms="Freie Seitenarme zählen nicht.", double_end="Ein Doppelstein am Ende zählt mit beiden Hälften.",
        ends="Gewertete Enden: {listed}.{notes} Endsumme: {summands} = {total}.",
        right="Richtig. {text}", not_allowed="Nicht erlaubt: {reason}", not_allowed_plain="nicht erlaubt",
        not_the_goal="Erlaubt, aber nicht das Ziel: {text}",
        keeps_turn="Der Stein kommt aus der Hand und ist ein Doppelstein oder punktet: du bleibst am Zug.",
        turn_goes_on="Der Stein ist kein Doppelstein und punktet nicht: der Zug geht weiter.",
        gives="{move} ergibt die Endsumme {total} und bringt {points}.",
        gives_sum="{move} ergibt die Endsumme {total}.",
        then_you="Danach bist du am Zug.", then_next="Danach ist der Nächste am Zug.",
        goes_with="Es geht mit {tiles}.",
        fits_here="Richtig: {point} zeigt {pips}, und {tile} hat eine {pips}.",
        fits_at="{tile} passt an {places}: {names}. Angelegt wird nur an freie Stellen mit gleicher Augenzahl.",
        arm_opens="Ein Seitenarm öffnet sich erst, wenn beide Längsseiten des Doppelsteins belegt sind.",
        no_spinners="Doppelsteine sind hier keine Spinner: Es gibt nur die zwei Enden der Linie.",
        there_are="Es gibt {places}.",
        count_ends="Zähle nur die gewerteten Enden (gefüllte Kreise nach dem Anlegen): {n} Stück.",
        not_token="Nein, nicht „{token}“.",
        blocked_now=("Niemand, der noch Steine hält, kann anlegen, und es gibt nichts zu ziehen: "
                     "Die Runde ist gesperrt und endet."),
        must_draw=("Du hast keinen passenden Stein, und im Talon liegen noch {tiles}: "
                   "Du musst ziehen, einen nach dem anderen."),
        stock_empty="der Talon ist leer", never_draws="in {title} wird nie gezogen",
        must_pass="Du hast keinen passenden Stein, und {why}: Du passt.",
        must_knock="Du hast keinen passenden Stein, und {why}: Du klopfst.",
        drawn_fits=("Der gezogene Stein {tile} passt: Er muss sofort angelegt werden, "
                    "und kein anderer Handstein darf ihn ersetzen."),
        drawn_blocked="{tile} passt nicht, der Talon ist leer und niemand kann anlegen: Die Runde ist gesperrt.",
        drawn_draw_again="{tile} passt nicht, und der Talon ist nicht leer: Du ziehst weiter.",
        drawn_pass="{tile} passt nicht, und der Talon ist jetzt leer: Du musst passen.",
        target_reached=("Mit diesem Anlegen hat deine Partei {score} Punkte und damit das Ziel von {target} erreicht: "
                        "Die Partie endet sofort, kein weiterer Stein wird gelegt."),
        partners_out="Beide Partner haben ausgespielt: Die Runde endet und wird abgerechnet.",
        seat_out="Du hast deinen letzten Stein gelegt: Die Runde endet und wird abgerechnet.",
        blocked_after="Danach kann niemand mehr anlegen (Talon leer oder kein Ziehen): Die Runde ist gesperrt.",
        is_double="ist ein Doppelstein", brings="bringt {points}",
        stays=("{tile} kommt aus der Hand und {what}: In {title} bleibt der Spieler dann am Zug – einmal, "
               "auch bei einem punktenden Doppelstein."),
        skipped="Wer keine Steine mehr hat ({seat}), wird übersprungen.",
        drawn_ends_turn="Ein gezogener Stein beendet den Zug immer, auch wenn er punktet oder ein Doppelstein ist.",
        never_stays="In {title} geht der Zug nach jedem Anlegen weiter, auch nach Punkten oder einem Doppelstein.",
        no_stay="{tile} ist kein Doppelstein und bringt keine Punkte (Endsumme {sum}): Der Zug endet.",
        turn_passes="{why}{skip} Als Nächstes am Zug: {seat}.",
        hints=_frozen({
            "continue": "Achte darauf, woher der Stein kommt und ob er ein Doppelstein ist oder punktet.",
            "turn-passes": "Achte darauf, woher der Stein kommt und ob er ein Doppelstein ist oder punktet.",
            "draw": "Kannst du irgendwo anlegen? Und ist der Talon leer?",
            "play-drawn": "Passt der gezogene Stein an eine freie Stelle?",
            "pass": "Kannst du irgendwo anlegen? Gibt es noch etwas zu ziehen?",
            "knock": "Kannst du irgendwo anlegen?",
            "round-ends": "Zähle die Steine in den Händen und prüfe, ob noch jemand anlegen kann."}),
        hint_never_stays="Bleibt man in {title} nach einem Doppelstein oder nach Punkten am Zug?",
        seat_pips="{seat}: {pips}", partnership_pips=" (Partnerschaften: {sides})",
        side_pips="{side}: {pips}",
        domino_winner="Ausgespielt: {seat}. Rundensieger: {side}.",
        blocked_lowest="Die Runde ist gesperrt; Rundensieger mit der kleinsten Augensumme: {sides}.",
        blocked_tied=("Die Runde ist gesperrt; Rundensieger mit der kleinsten Augensumme "
                      "(gleichstehend, jeder bekommt die volle Gutschrift): {sides}."),
        settle_step=("{side}: Augen aller anderen Parteien zusammen {collected}, gerundet auf das nächste "
                     "Vielfache von {unit}: {rounded}, geteilt durch {unit}: {points}."),
        pips_explained=("Verbleibende Augen: {pips}. {who} {steps} "
                        "Eigene Augen zählen nicht; Verlierer bekommen nichts."),
        pips_partner=" Auch die Augen des Partners zählen nicht.",
        pips_hint="Wer hat gewonnen? Zähle dann nur die Augen der Gegner zusammen, erst danach runden.",
        domino_sum="Endsumme {sum}: {steps} Dazu der Ausspielpunkt: {credit} + {bonus} = {total}.",
        overshoot=("Aber {start} + {total} = {after} wäre mehr als {target}: Die ganze Gutschrift verfällt, "
                   "der Stand bleibt bei {start}."),
        side_gets="{side}: {start} + {scored} = {after}.",
        others_nothing="Die anderen Parteien bekommen nichts; Handsteine zählen nie.",
        domino_hint="Anlegepunkte und Ausspielpunkt zusammen, dann prüfen: Bleibt der Stand höchstens {target}?",
        blocked_settle=("Die Runde ist gesperrt: Niemand bekommt einen Ausspielpunkt, und verbleibende Steine "
                        "zählen nie."),
        blocked_hint="Gibt es hier einen Ausspielpunkt?",
        best=("Bester Zug: {move}. Erwarteter Punktevorsprung am Rundenende je Zug ({bot} mit {ms} ms, "
              "{deals} Stichproben-Verteilungen der unbekannten Steine): {table}. "
              "Vorsprung vor dem zweitbesten Zug: {margin}."),
        weaker="Erlaubt, aber schwächer: {move} bringt im Mittel {value}.",
        best_hint="Der beste Zug spielt {tile}.",
        too_high="„{label}“ (zu hoch)", too_low="„{label}“ (zu niedrig)", wrong_numbers="Prüfe {which}.",
        retry=("Versuche es noch einmal. Weiter helfen der Tipp (kostet einen Stern) "
               "oder „Lösung zeigen“ (dann gibt es keinen Stern)."),
        revealed="Lösung angesehen: keine Sterne. Du kannst die Lösung zur Übung trotzdem eingeben.",
        solved_after_reveal="Stimmt, aber die Lösung war angesehen: keine Sterne.",
        stars_rule=("Sterne: 3 für eine richtige Antwort im ersten Versuch ohne Tipp; jeder Fehlversuch und der "
                    "Tipp kosten einen, gelöst bleibt mindestens einer; nach „Lösung zeigen“ gibt es keinen."),
        teaches="Die {n} Regeln dieses Kapitels (nur sie und die der Kapitel davor fragen die Übungen ab)",
        quoted="„{}“",
        key_meanings=_frozen({
            "lesson": "das Kapitel, an dessen Ende die Übung steht (z. B. hr-wertung), oder puzzles",
            "title": "Titel der Übung",
            "title_en": "der Titel auf Englisch (die englische Ausgabe; fehlt er, gilt title)",
            "game": "Spiel der Aufgaben, wenn sie keines nennen (horse-race oder fives-and-threes)",
            "exercise": "die Aufgaben, eine Liste von Tabellen [[exercise]]",
            "id": "eindeutiger Name der Aufgabe",
            "kind": "eine von {kinds}",
            "rules": "die Kennungen der Regelaussagen, die sie übt (rules_coverage.toml)",
            "players": "Zahl der Spieler (sonst 2)",
            "partnerships": "Partnerschaftsspiel (sonst false)",
            "layout": "die Auslage in Platzierungsnotation (sonst der leere Tisch)",
            "hand": "die Hand des Spielers am Zug (die anderen bekommen je einen verdeckten Stein)",
            "hands": "jede Hand, eine Liste von Steinen je Sitz (statt hand)",
            "stock": "der Talon in der Reihenfolge des Ziehens (sonst leer)",
            "to_move": "der Sitz am Zug (sonst 0)",
            "scores": "der Punktestand jeder Partei (sonst 0)",
            "question": "die Frage auf Deutsch (sonst aus der Art geschrieben)",
            "question_en": "die Frage auf Englisch, neben question (die englische Ausgabe)",
            "move": "der gespielte Zug (what-does-it-score) oder die Züge ab dem Spieler am Zug der Reihe nach, "
                    "der letzte ist das Ereignis (what-happens-next, settle-the-round)",
            "tile": "der Stein, der angelegt werden soll (where-may-it-go)",
            "goal": "points:N, sum:S, keep-turn oder most (place-to-goal)",
            "puzzle": "die Bewertung des starken Bots (best-move): bot, think_ms, seed, deals, margin, values; "
                      "dazu wahlweise parts und reasons (was die Rückmeldung erklärt)",
        }),
    ),
    errors=_frozen(_ERRORS_DE),
)

_EN = Words(
    lang="en",
    tile=("tile", "tiles"),
    pip=("pip", "pips"),
    round=("round", "rounds"),
    sides=MappingProxyType({
        Side.HIGH: "high end", Side.LOW: "low end",
        Side.A: "long side A", Side.B: "long side B",
        Side.ARM_A: "arm A", Side.ARM_B: "arm B",
    }),
    passing=PassWords("passes", "Pass", "pass"),
    knocking=PassWords("knocks", "Knock", "knock"),
    bots=_frozen({"random": "random", "greedy": "greedy", "strong-5": "careful", "strong": "strong",
                  "expert": "expert"}),
    step=StepWords(
        placed="Played", contributions="End values", credit="Credit for the play",
        raw_point=("raw point", "raw points"), tiles="Tiles", spinners="Spinners", connections="Connections",
        open="Free attachment points", none="none",
    ),
    level_about=MappingProxyType({
        1: "plays any legal move – for getting to know the rules",
        2: "always takes the most points at once, without thinking ahead",
        3: "plays out a few possible deals of the hidden tiles in its head",
        4: ("plays out many possible deals, drops weak moves early and works out the end of a round exactly – "
            "the strongest level; the hints come from it too"),
    }),
    narration=NarrationWords(
        opens_with="opens with", plays="plays", you_open_with="open with", you_play="play",
        you_draw="{who} draw {tile}.", at=" at {point}", just_drawn=" the tile just drawn,",
        play="{who} {what}{drawn} {move}: end total {sum}, credit {credit}",
        play_nothing="{who} {what}{drawn} {move}: end total {sum}, no points.",
        bonus=", going-out point {bonus}", void=" – beyond {target}, so it is void",
        scores=". Scores: {scores}.", draws="{who} draws {tile}.", passes="{who} {verb}.",
        settle=("Settlement after {reason}: pips in hand – {pips}. Round winner: {winners}. "
                "Credits – {credits}. Scores: {scores}."),
        end_reason=_frozen({"domino": "going out", "blocked": "a block"}),
        round_end=_frozen({"domino": "The round is over: someone went out.", "blocked": "The round is blocked.",
                           "target": "The target is reached."}),
        match_won="The match is decided: {winners}.", and_=" and ",
        draws_hidden="{who} draws a tile.",
        stays_why=_frozen({"double": "A double from the hand: whoever plays it plays again.",
                           "scored": "Points with a tile from the hand: whoever plays it plays again.",
                           "drawn-fits": "The drawn tile fits: it must be played at once.",
                           "draw-again": "The drawn tile does not fit: whoever drew it draws again.",
                           "drawn-pass": ("The drawn tile does not fit, and the boneyard is empty: "
                                          "whoever drew it must pass.")}),
        your_side="your partnership",
        summary_out=_frozen({"you": "You went out: you get {bonus} for it.",
                             "you-team": "You went out: your partnership gets {bonus} for it.",
                             "other": "{who} went out: {side} gets {bonus} for it."}),
        summary_blocked="Nobody went out: the round is blocked, there is no going-out point.",
        summary_no_pips="The pips left in the hands count nothing in {title}.",
        hand_row="{seat}{side}: {tiles} – {pips}",
        settlement="Settlement after {reason}. Round winner: {winners}. {steps}. Scores: {scores}.",
        settlement_step=("{side}: the opponents' pips {collected}, rounded {rounded}, "
                         "divided by {unit} = {points}"),
    ),
    terminal=TerminalWords(
        round="Round {n}: seat {seat} opens.",
        you="you", seat="Seat {seat}", side="team {side}",
        scores="Scores", target="target {target}", hand="Your hand", stock="Boneyard",
        layout="Layout", moves="Legal moves", free="free",
        draws="{who} draws a tile.", draws_tile="{who} draw {tile}.", passes="{who} {verb}.",
        prompt="Your move (number or notation; h hint, u undo, q quit): ",
        settle="Settlement ({reason}): pips left per seat {pips}; round won by {winners}; credits {credits}.",
        end_reason=_frozen({"domino": "going out", "blocked": "block", "target": "target reached"}),
        round_over="Round {n} is over ({reason}). Scores {scores}.",
        match_won="The match is won by {winners}. Final scores {scores}.",
        void=" (beyond the target, so it does not count)",
        then_settle="; then the settlement gives {who} {points}",
        scores_now="scores", no_score="scores nothing",
        hint="hint of the {level} level: {number}  {move} - {reason}", taken_back="taken back: {move}",
        nothing_to_undo="nothing to take back: you have not moved yet",
        enter_move="enter a move number from 1 to {n}, a move in notation, h, u or q",
        no_move="no move {text}: choose a number from 1 to {n}",
        not_legal="{move} is not legal now; legal: {legal}",
    ),
    picture=PictureWords(
        legend=("Filled number: end value", "Hollow dot: legal play, not scored here"),
        partner="(with {partner})", side="Team", winner="Round winner",
        point=("point", "points"), score="Score", start="Start", empty="(empty layout)",
        no_tiles="no tiles",
        settlement=_frozen({"domino": "Settlement after going out", "blocked": "Settlement after a block"}),
        wins="wins", opponents="opponents", round="Round", end="end",
        layout="Layout", stock="Boneyard",
        to_move="to move", track="Score track", target="target", domino_tile="Domino tile",
        row="Tiles", chart_x="credits (plays and settlements), rounds separated by vertical lines",
        scored_ends="Scored ends", end_sum="End total",
    ),
    book=BookWords(
        reconstructed="Reconstructed or chosen:",
        detail_summary="The whole layout described exactly",
        note_summary="How this example follows from the document",
        note_source="“{title}” – document, section “{section}”; the example is also in the {link}example catalogue{end}.",
        all_in_document="Every tile and number stands in the document as shown.", refused="Refused.",
        rounding_rows=("pips", "rounded", "points"), rounding_label="Rounding table",
        sums_head=("End total", "scores"), free_points="Free attachment points: {points}.", nothing="none",
        moves_head=("Who", "Move", "End total", "Credit", "to move next"), round_chapter="Round {n}",
        example="example", section="section", start="Starting layout",
        start_sum="Nothing laid yet; the scored ends give the end total {summands} = {total}.",
        skipped="Skipped in the document – computed by the engine.",
        before_settlement="Before the settlement", after_settlement="After the settlement",
        settlement_texts=("{reason}. Revealed pip sums – {pips}. Round winner: {winners}.",
                          "Scores before the settlement: {before}. Credits: {credits}.",
                          "Scores after it: {after}."),
        target_reached=" Reaching the target of {target}: {winners}", shared_win=" – a shared win.",
        before_move="Position before the move", after_move="After the move",
        to_move="{who} is to move. Scores: {scores}. Hand: {hand}.",
        round="Round {n}", deal="Round {n}: the deal",
        dealt="The tiles are dealt (shown face up here). {who} opens. Scores: {scores}.",
        short_play="Round {n}: {who} {what}", short_open="opens with {tile}", short_plays="plays {tile}",
        short_draw="Round {n}: {who} draws {tile}", short_pass="Round {n}: {who} {verb}",
        short_settle="Round {n}: settlement", whole_match="{title}: the whole match, move by move",
        chart_alt="Scores over the match, {rounds} rounds, target {target}; at the end {final}.",
        field_labels=_frozen(_FIELDS_EN),
        value_words=_frozen({"yes": "yes", "no": "no", "last-player": "who laid the last tile",
                             "next-seat": "the seat after the previous opener", "lot": "a new lot",
                             "none": "none", "first-double": "only the first double played",
                             "every-double": "every double"}),
        sample_game="sample house rule",
        partnerships=" (partnerships)", differs="different", same="same", rule_and_field="Rule and field",
        decision="Decision:", reason="Reason:", implemented_in="Implemented in",
        reconstructed_mark="(reconstructed/chosen)",
        catalogue_head=("Example", "Section", "Content", "Result"),
        stock_drawn="boneyard (drawn from)", stock_out="out of play",
        players="{n} players", in_partnerships=" in two partnerships", single=" on their own",
        deal_head=("Seating", "Tiles per player", "dealt", "left: {rest}"),
        start_position="Starting position", to_move_short="{who} is to move. ", after_move_k="After move {k}: {move}",
        next_to_move="To move: {who}. ", legal="Legal: {moves}.", legal_only="The only legal move: {move}.",
        draw="Draw",
        round_ends=_frozen({"domino": "gone out", "blocked": "blocked", "target": "target reached"}),
        rounds_head=("Round", "opened by", "end", "last tile by", "tiles played", "scores after it"),
        credit_head=("End total", "Credit (engine)", "Document"),
        live_only=("This element is interactive and needs a running Python kernel "
                   "(for example in Jupyter). In the static book it cannot be used."),
        steps_summary="All steps as text", step="Step", play_steps="Play the steps one after another",
        notebook_line="Try it yourself: {download} · {live} (in the browser; starts in about {seconds} s)",
        notebook_download="Download as a notebook", notebook_live="Open as a live notebook",
        notebook_no_chart=("*Here the book shows a chart of the scores. It needs Matplotlib, which Python in the "
                           "browser does not have here; the chart is on the chapter's page and in the downloaded "
                           "notebook.*"),
        ladder_head=("Game", "Seating", "Pairing", "Matches", "Wins", "Win rate", "95 % interval"),
        versus="{a} against {b}", ladder_x="Win rate of the first-named bot (95 % interval)",
        ladder_players="{n} players", ladder_partnerships="4 in partnerships",
        ratings_head=("Level", "Budget"), page_seating=" (play page)",
        rating_x="Rating (95 % interval; greedy = 1000)",
        confirm_head=("Pairing", "Matches won by the first (95 % interval)", "Claim", "Result"),
        confirm_claims=_frozen({"lower>": "lower bound above {x}", "upper>=": "upper bound at least {x}"}),
        confirm_verdict=_frozen({"holds": "shown", "not shown": "not shown"}),
        confirm_older="{pair}, older version (commit {commit})",
        confirm_older_note=("Rows marked “older version” are an earlier state of the program on the same seeds: "
                            "so the earlier result stands beside the new one."),
        confirm_sentences=_frozen({
            "lower_holds": ("{pair} in {game}: the first-named level wins {share} of {n} matches (interval {lo} to {hi}). "
                            "The whole interval lies above the threshold ({claim}): its lead is shown."),
            "lower_above_half": ("{pair} in {game}: the first-named level wins {share} of {n} matches (interval {lo} to "
                                 "{hi}). So it is stronger, but the lead asked for ({claim}) is not shown."),
            "lower_open": ("{pair} in {game}: the first-named level wins {share} of {n} matches (interval {lo} to {hi}). "
                           "The interval includes 50\u00a0%: that it is stronger cannot be shown, let alone the "
                           "lead asked for ({claim})."),
            "lower_below_half": ("{pair} in {game}: the first-named level wins {share} of {n} matches (interval {lo} to "
                                 "{hi}). The whole interval lies below 50\u00a0%: it is measurably weaker."),
            "upper_holds": ("{pair} in {game}: the first-named level wins {share} of {n} matches (interval {lo} to {hi}). "
                            "The upper bound reaches the threshold ({claim}): it is not measurably weaker."),
            "upper_fails": ("{pair} in {game}: the first-named level wins {share} of {n} matches (interval {lo} to {hi}). "
                            "The whole interval lies below the threshold ({claim}): it is measurably weaker."),
        }),
        level_pair="{upper} is stronger than {lower}",
        neighbours_close="{seating}: the ratings do not show that {pairs}.",
        neighbours_apart="{seating}: every level is measurably stronger than the one below it.",
        timing_head=("Level", "{game}, native", "{game}, play page"),
        duel_share="{share} of {n} {unit} ({lo} – {hi})",
        duel_units=_frozen({"rounds": "rounds", "matches": "matches"}),
        duel_pair="{a} ({am}\u00a0ms) against {b} ({bm}\u00a0ms)",
        outcomes=_frozen({"passed": "passed", "failed": "FAILED", "skipped": "skipped", "not run": "not run"}),
        missing="MISSING", coverage_head=("Statement and result", "Content", "Implemented in", "Tests", "Mutants"),
        mutant_caught="caught", mutant_survived="SURVIVED", no_mutants="NONE",
        interpretation_note="interpretation {id}, not the document's words",
        document_quote="In the document:", note_label="Note:",
        ratings_state=_frozen({"complete": "complete",
                               "preliminary": "preliminary: a small trial run, the full run is still to come",
                               "unmeasured": "not measured yet"}),
        no_confirm="No confirming run yet.",
        confirm_state="run of {made} on commit {commit}", no_ratings="No ratings yet.",
        half_share="half",
        not_measured="Not measured yet.",
        captions=_frozen({"stay-on-turn": "Playing again",
                          "after-35-at-55": "After [3|5] at [5|5], long side B",
                          "quick-start-layout": "[1|4] to open, then [4|4] at [1|4], end showing 4",
                          "pass-empty-boneyard": "Passing with an empty boneyard",
                          "going-out-four": "Going out with four players"}),
        reason_fields=_frozen({"{better}": "⟨better move⟩", "{other}": "⟨move played⟩", "{tile}": "⟨tile⟩",
                               "{pips}": "⟨pips⟩", "{now}": "⟨points now⟩", "{then}": "⟨, you play again …⟩",
                               "{target}": "⟨target⟩", "{points}": "⟨points of the reason⟩", "{times}": "⟨n times⟩"}),
        reasons_head=("Kind", "Sentence", "in the summary"),
    ),
    page=PageWords(
        players="{n} players", in_partnerships=" in partnerships",
        stays=" (plays again)",
        hint="The {bot} level advises: {move}", hint_points=" (scores {points} now).",
        hint_other="The {bot} level advises: {verb}.", hint_thinking="The {bot} level is thinking …",
        level_label="{number} – {name}", level_budget="{label} ({ms} ms)", then_settle=", settlement +{points}",
        ignored_param="URL parameter “{name}” = “{value}” does not fit and is ignored (default).",
        undone="Move taken back.", layout_title="Layout, round {n}",
        record_ok="{name}: The record follows the rules ({title}, {seating}, {rounds}, scores {scores}{result}).",
        record_won=", won by {winners}", record_open=", match not decided yet",
        frame="Round {n}: {text}", opening="Opening",
        try_opening="Opening (first tile)", try_empty="The table is empty: choose a tile to open with.",
        try_stuck="No further tile fits this layout.", try_tile="Tile", try_at="Place at", try_place="Place",
        try_reset="Start again", try_title="Try it: {title}",
        try_scores="{point} – scores {points}", try_refused="{point} – does not fit",
        try_why="Not allowed: {why}",
        review="Review the game",
        review_continue="continue from here",
        review_labels=_frozen({"none": "fine", "inaccuracy": "inaccuracy", "mistake": "mistake",
                               "blunder": "blunder"}),
        review_forced="forced",
        review_head=("no.", "round", "event", "seat", "played", "best move", "value", "best value", "loss",
                     "label"),
        review_progress="{done} of {total} decisions rated …",
        review_level="rated by the {bot} level, {ms} ms of thinking per decision",
        review_summary=("{decisions} decisions with a choice, {forced} forced; average loss {average} points, "
                        "{total} points in all"),
        errors=_frozen({
            "record-format": "“{name}” is not a readable record: the file does not have the shape of a "
                             "record (dominolab.record/1).",
            "record-inconsistent": "“{name}” contradicts the rules: the engine cannot replay this record "
                                   "by the rules.",
            "record-at": "“{name}” contradicts the rules: in round {round}, step {step} differs from what "
                         "the engine gets when it replays the record.",
            "record-empty": "The record holds no events.",
            "not-your-turn": "It is not your turn.",
            "hint-not-your-turn": "A tip is only given when it is your turn.",
            "nothing-to-undo": "Nothing to undo: you have not moved in this round yet.",
            "round-over": "Round {number} is over.",
            "round-in-play": "Round {number} is still being played.",
            "match-over-new": "The match is over; start a new one.",
            "no-session": "This match is no longer in the page's memory; start a new one.",
            "review-seat": "The match has no such seat.",
            "general": "That did not work: the engine refuses this request.",
        }),
    ),
    reader=ReaderWords(
        end="end showing {pips}",
        points=_frozen({"A": "long side A", "B": "long side B", "armA": "arm A", "armB": "arm B"}),
        point="{tile}, {where}", at="{tile} at {point}", opening="{tile} to open",
        draw="draw", pass_="pass", knock="knock", draw_head="Draw", pass_head="Pass", knock_head="Knock",
        refused="{move}: {reason}", general="The rules engine does not allow this move.",
        seats=_frozen({"you": "you", "left": "left", "across": "across", "right": "right"}),
        player="Player {n}", players_pair="Players {a} and {b}",
    ),
    lessons=LessonWords(
        kinds=_frozen({"place-to-goal": "Play to the goal", "where-may-it-go": "Where may it go?",
                       "what-does-it-score": "What does it score?", "what-happens-next": "What happens now?",
                       "settle-the-round": "Settle the round", "best-move": "Best move"}),
        tokens=_frozen({"continue": "You are to move again",
                        "turn-passes": "The turn passes to the next player",
                        "draw": "You must draw", "play-drawn": "You must play the drawn tile at once",
                        "pass": "You must pass", "knock": "You must knock", "round-ends": "The round (or the match) is over"}),
        puzzles_title="Puzzles: find the best move", both_games="both games",
        noscript="The exercises need JavaScript.", loading="Loading the exercise …",
        map_label="Overview of the exercises", map_loading="Loading the overview …",
        key="Key", required="Required", meaning="Meaning", yes="yes", no="no",
        to_move="to move: {seat}", score="score {scores}", stock="boneyard: {tiles}",
        board="{tiles} on the table. Free attachment points: {free}. Scored ends: {scored}.", none="none",
        sum_label="End total", points_label="Points for the play", side_label="Points: {side}",
        decimal_point=".", or_=" or ", place=("place", "places"),
        right_place=("right attachment point", "right attachment points"),
        goals=_frozen({"points": "the play scores exactly {n} points", "sum": "the end total becomes {n}",
                       "keep-turn": "you play again", "most": "the play scores the most now"}),
        ask_place="Play a tile from your hand so that {goal}.",
        ask_where="Where may {tile} be placed? Choose every fitting attachment point and check.",
        ask_score="You play {move}. What is the end total afterwards, and how many points does it score?",
        ask_now="You are to move. What happens now?",
        ask_next="You {moves}. What happens next?",
        ask_settle_after="You {moves}. How many points does {what} give each team?",
        ask_settle_blocked="Nobody can play any more. How many points does {what} give each team?",
        settle_pips="the settlement of the round", settle_last="this last tile",
        ask_best="You are to move. Which move is clearly the best here?",
        ask_practice="In your game you played {move} here. Find the better move.",
        practice_title="Practise your own mistakes: find the better move",
        moves_draw="draw a tile", moves_pass="pass", moves_knock="knock", moves_play="play {move}", moves_then=" and then ",
        divisible="{total} is divisible by {divisor}: {total} ÷ {divisor} = {quotient}",
        together="; together {points}", zero="Zero scores nothing",
        neither="{total} is divisible by neither {divisors}", nor=" nor ",
        not_multiple="{total} is not a multiple of {divisor}",
        credit="{steps}. The play scores {points}{raw}.", raw=" ({total} raw points)",
        closed_one="{tiles} is covered on both long sides and no longer counts.",
        closed_many="{tiles} are covered on both long sides and no longer count.",
        free_arms="Free arms do not count.", double_end="A double at an end counts with both halves.",
        ends="Scored ends: {listed}.{notes} End total: {summands} = {total}.",
        right="Right. {text}", not_allowed="Not allowed: {reason}", not_allowed_plain="not allowed",
        not_the_goal="Allowed, but not the goal: {text}",
        keeps_turn="The tile comes from the hand and is a double or scores: you play again.",
        turn_goes_on="The tile is not a double and does not score: the turn passes on.",
        gives="{move} makes the end total {total} and scores {points}.",
        gives_sum="{move} makes the end total {total}.",
        then_you="Then you are to move.", then_next="Then the next player is to move.",
        goes_with="It works with {tiles}.",
        fits_here="Right: {point} shows {pips}, and {tile} has a {pips}.",
        fits_at="{tile} fits at {places}: {names}. Tiles are placed only at free points with the same number.",
        arm_opens="An arm opens only once both long sides of the double are covered.",
        no_spinners="Doubles are no spinners here: there are only the two ends of the line.",
        there_are="There are {places}.",
        count_ends="Count only the scored ends (filled circles after the play): {n} of them.",
        not_token="No, not “{token}”.",
        blocked_now=("Nobody who still holds tiles can play, and there is nothing to draw: "
                     "the round is blocked and ends."),
        must_draw=("You have no fitting tile, and the boneyard still holds {tiles}: "
                   "you must draw, one after another."),
        stock_empty="the boneyard is empty", never_draws="in {title} nobody ever draws",
        must_pass="You have no fitting tile, and {why}: you pass.",
        must_knock="You have no fitting tile, and {why}: you knock.",
        drawn_fits="The drawn tile {tile} fits: it must be played at once, and no other hand tile may replace it.",
        drawn_blocked="{tile} does not fit, the boneyard is empty and nobody can play: the round is blocked.",
        drawn_draw_again="{tile} does not fit, and the boneyard is not empty: you draw again.",
        drawn_pass="{tile} does not fit, and the boneyard is empty now: you must pass.",
        target_reached=("With this play your team reaches {score} points and with it the target of {target}: "
                        "the match ends at once, no further tile is played."),
        partners_out="Both partners have gone out: the round ends and is settled.",
        seat_out="You have played your last tile: the round ends and is settled.",
        blocked_after="Afterwards nobody can play (boneyard empty or no drawing): the round is blocked.",
        is_double="is a double", brings="scores {points}",
        stays=("{tile} comes from the hand and {what}: in {title} the player then plays again – once, "
               "even with a scoring double."),
        skipped="Whoever has no tiles left ({seat}) is skipped.",
        drawn_ends_turn="A drawn tile always ends the turn, even when it scores or is a double.",
        never_stays="In {title} the turn passes on after every play, even after points or a double.",
        no_stay="{tile} is not a double and scores no points (end total {sum}): the turn ends.",
        turn_passes="{why}{skip} Next to move: {seat}.",
        hints=_frozen({
            "continue": "Look at where the tile comes from and whether it is a double or scores.",
            "turn-passes": "Look at where the tile comes from and whether it is a double or scores.",
            "draw": "Can you play anywhere? And is the boneyard empty?",
            "play-drawn": "Does the drawn tile fit a free point?",
            "pass": "Can you play anywhere? Is there anything left to draw?",
            "knock": "Can you play anywhere?",
            "round-ends": "Count the tiles in the hands and check whether anyone can still play."}),
        hint_never_stays="In {title}, does a player play again after a double or after points?",
        seat_pips="{seat}: {pips}", partnership_pips=" (partnerships: {sides})",
        side_pips="{side}: {pips}",
        domino_winner="Gone out: {seat}. Round winner: {side}.",
        blocked_lowest="The round is blocked; round winner with the lowest pip sum: {sides}.",
        blocked_tied="The round is blocked; round winners with the lowest pip sum (tied, each gets the full credit): {sides}.",
        settle_step=("{side}: pips of all other teams together {collected}, rounded to the nearest "
                     "multiple of {unit}: {rounded}, divided by {unit}: {points}."),
        pips_explained=("Pips left: {pips}. {who} {steps} "
                        "One's own pips do not count; losers get nothing."),
        pips_partner=" Nor do the partner's pips.",
        pips_hint="Who has won? Then add up only the opponents' pips, and round only afterwards.",
        domino_sum="End total {sum}: {steps} Plus the going-out point: {credit} + {bonus} = {total}.",
        overshoot=("But {start} + {total} = {after} would be more than {target}: the whole credit is void, "
                   "the score stays at {start}."),
        side_gets="{side}: {start} + {scored} = {after}.",
        others_nothing="The other teams get nothing; hand tiles never count.",
        domino_hint="Points for the play and going-out point together, then check: is the score still at most {target}?",
        blocked_settle="The round is blocked: nobody gets a going-out point, and tiles left over never count.",
        blocked_hint="Is there a going-out point here?",
        best=("Best move: {move}. Expected point lead at the end of the round per move ({bot} with {ms} ms, "
              "{deals} sampled deals of the unknown tiles): {table}. "
              "Lead over the second-best move: {margin}."),
        weaker="Allowed, but weaker: {move} scores {value} on average.",
        best_hint="The best move plays {tile}.",
        too_high="“{label}” (too high)", too_low="“{label}” (too low)", wrong_numbers="Check {which}.",
        retry="Try again. The hint (costs a star) or “Show solution” (then no star) help you on.",
        revealed="Solution shown: no stars. You may still enter it for practice.",
        solved_after_reveal="Right, but the solution was shown: no stars.",
        stars_rule=("Stars: 3 for a right answer at the first try without a hint; every wrong try and the hint "
                    "cost one, at least one stays once solved; after “Show solution” there is none."),
        teaches="The {n} rules of this chapter (the exercises ask only these and those of earlier chapters)",
        quoted="“{}”",
        key_meanings=_frozen({
            "lesson": "the chapter at whose end the lesson stands (e.g. hr-wertung), or puzzles",
            "title": "title of the lesson",
            "title_en": "the title in English (the English edition; default: the title)",
            "game": "the game of exercises that name none (horse-race or fives-and-threes)",
            "exercise": "the exercises, an array of tables [[exercise]]",
            "id": "unique name of the exercise",
            "kind": "one of {kinds}",
            "rules": "ids of the rule statements it practises (rules_coverage.toml)",
            "players": "number of players (default 2)",
            "partnerships": "partnership play (default false)",
            "layout": "the layout in placement notation (default: empty table)",
            "hand": "the hand of the seat to move (the other seats get one unseen tile each)",
            "hands": "every hand, one array of tiles per seat (instead of hand)",
            "stock": "the boneyard in drawing order (default empty)",
            "to_move": "the seat to move (default 0)",
            "scores": "the score of every team (default 0)",
            "question": "the question in German (default: written from the kind)",
            "question_en": "the question in English, beside question (the English edition)",
            "move": "the move played (what-does-it-score), or the moves from the seat to move on in order, the last "
                    "one the event (what-happens-next, settle-the-round)",
            "tile": "the tile to place (where-may-it-go)",
            "goal": "points:N, sum:S, keep-turn or most (place-to-goal)",
            "puzzle": "the strong bot's evaluation (best-move): bot, think_ms, seed, deals, margin, values; "
                      "optionally parts and reasons (what the feedback explains)",
        }),
    ),
    # the reader's sentences in the glossary's words (the engine's own messages are the developers' English)
    errors=_frozen(_ERRORS_EN),
)

#: The words of each language.
WORDS: Mapping[str, Words] = MappingProxyType({"de": _DE, "en": _EN})
LANGUAGES: tuple[str, ...] = tuple(WORDS)


def words(lang: str) -> Words:
    """The words of ``lang`` (``"de"`` or ``"en"``); one-line :class:`InvalidArgument` otherwise."""
    found = WORDS.get(lang) if isinstance(lang, str) else None
    if found is None:
        raise InvalidArgument(f"unknown language {describe(lang)}; choose one of: {', '.join(LANGUAGES)}")
    return found


def pass_words(rules: GameRules, lang: str = "de") -> PassWords:
    """What a turn without a play is called in ``rules``: passing after the stock (games that
    draw) or knocking (games without a stock). The one place that reads ``rules.drawing`` for words."""
    w = words(lang)
    return w.passing if act(rules) == "pass" else w.knocking


def act(rules: GameRules | None) -> str:
    """``"pass"`` or ``"knock"``: the key of the game's word for a turn without a play in the tables
    that have both (lesson tokens, hints, sentences). Read from the game's description - a game
    that draws passes once the stock is empty, a game without a stock knocks - never from its name.
    Without a game (``None``): ``"pass"``, the word of the move's notation."""
    return "knock" if rules is not None and not rules.drawing else "pass"


def points(n: int, rules: GameRules, lang: str = "de") -> str:
    """``1 Anzeigepunkt``, ``8 Spielpunkte``: a number with the game's own point word
    (:attr:`GameRules.point_words`, so a house-rules game brings its own)."""
    words(lang)
    forms = rules.point_words.get(lang)
    if forms is None:
        raise InvalidArgument(f"{rules.title} has no point word in {describe(lang)}")
    return count(n, forms)


def and_list(names: list[str] | tuple[str, ...], lang: str = "de") -> str:
    """``links und rechts``; ``[1|4], [1|1] und [4|4]`` for three or more."""
    items = list(names)
    if len(items) < 3:
        return words(lang).narration.and_.join(items)
    return ", ".join(items[:-1]) + words(lang).narration.and_ + items[-1]


# -- seats as people ------------------------------------------------------------------------

#: Where each seat sits, seen from "me", by the number of players. Seats are numbered clockwise
#: and the turn passes to the next higher seat (interpretation f-sitze), so the next seat in play
#: sits on my left and the one before me on my right.
_AROUND: Mapping[int, tuple[str, ...]] = MappingProxyType({
    2: ("you", "across"), 3: ("you", "left", "right"), 4: ("you", "left", "across", "right")})


def _check_seat(seat: object, players: object, what: str = "seat", around: bool = True) -> None:
    if isinstance(players, bool) or not isinstance(players, int) or players < 1 or (around and players not in _AROUND):
        raise InvalidArgument(f"players must be {'2, 3 or 4' if around else 'a positive count'}, not {describe(players)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidArgument(f"{what} must be a seat number 0 … {players - 1}, not {describe(seat)}")


def seat_name(seat: int, me: int, players: int, lang: str = "de") -> str:
    """A seat as a person, seen from seat ``me``: ``du``, ``links``, ``gegenüber``, ``rechts``.

    The one mapping from seat numbers (records, CLI, URL parameters: 0-based) to what a reader
    sees at the table. Two players sit face to face; three sit ``du``, ``links``, ``rechts``.

    >>> [seat_name(s, 0, 4) for s in range(4)]
    ['du', 'links', 'gegenüber', 'rechts']
    >>> seat_name(0, 1, 2), seat_name(2, 0, 3), seat_name(0, 3, 4, "en")
    ('gegenüber', 'rechts', 'left')
    """
    _check_seat(seat, players)
    _check_seat(me, players, "me")
    return words(lang).reader.seats[_AROUND[players][(seat - me) % players]]


def player_name(seat: int, players: int, lang: str = "de") -> str:
    """A seat seen from outside (no "me", as in an example match): players numbered from 1.

    >>> player_name(0, 2), player_name(3, 4, "en")
    ('Spieler 1', 'Player 4')
    """
    _check_seat(seat, players, around=False)
    return words(lang).reader.player.format(n=seat + 1)


def person(seat: int, players: int, me: int | None = None, lang: str = "de") -> str:
    """:func:`seat_name` seen from ``me``, or :func:`player_name` when there is no "me"."""
    return player_name(seat, players, lang) if me is None else seat_name(seat, me, players, lang)


def team_name(side: int, seating: Seating, me: int | None = None, lang: str = "de") -> str:
    """A side of the score: the person for single players, both partners for a partnership.

    >>> from dominolab.core.rules import Seating
    >>> team_name(1, Seating(4, True)), team_name(0, Seating(4, True), me=1), team_name(1, Seating(3, False))
    ('Spieler 2 und 4', 'links und rechts', 'Spieler 2')
    """
    if not seating.partnerships:
        return person(side, seating.players, me, lang)
    a, b = seating.seats_of(side)
    if me is None:
        return words(lang).reader.players_pair.format(a=a + 1, b=b + 1)
    n = seating.players
    return and_list([seat_name(s, me, n, lang) for s in sorted((a, b), key=lambda s: (s - me) % n)], lang)


def capital(text: str) -> str:
    """``du`` -> ``Du`` at the head of a sentence or a label."""
    return text[:1].upper() + text[1:]


def _point_text(notation: object, lang: str) -> str:
    """An attachment point inside a sentence, in the reader rendering: ``[4|4] (Längsseite A)``,
    ``[1|4] (Ende mit der 4)``."""
    m = _POINT.fullmatch(str(notation))
    if m is None:
        return str(notation)
    r = words(lang).reader
    low, high, side = int(m[1]), int(m[2]), m[3]
    where = r.end.format(pips=low if side == "low" else high) if side in ("low", "high") else r.points[side]
    return f"[{low}|{high}] ({where})"


# -- moves for readers -----------------------------------------------------------------------

_POINT = re.compile(r"\[(\d)\|(\d)\]\.(low|high|A|B|armA|armB)")
_PLACEMENT = re.compile(r"(\[\d\|\d\])(?:@(\[\d\|\d\]\.\w+))?")


def point_text(point: object, lang: str = "de") -> str:
    """An attachment point for readers: ``[1|4], Ende mit der 4`` / ``[5|5], Längsseite A``
    (a :class:`~dominolab.core.layout.AttachmentPoint` or its notation)."""
    r = words(lang).reader
    m = _POINT.fullmatch(str(point))
    if m is None:
        return str(point)
    low, high, side = int(m[1]), int(m[2]), m[3]
    tile = f"[{low}|{high}]"
    where = r.end.format(pips=low if side == "low" else high) if side in ("low", "high") else r.points[side]
    return r.point.format(tile=tile, where=where)


def move_text(move: object, lang: str = "de", rules: GameRules | None = None) -> str:
    """A move for readers: ``[4|4] an [1|4], Ende mit der 4``, ``[1|4] als Eröffnung``, ``ziehen``
    (a move value - Placement, DRAW, PASS - or its notation). A turn without a play is ``passen`` in a
    game that draws and ``klopfen`` in one without a stock (``rules``, as :func:`pass_words` reads it)."""
    r = words(lang).reader
    text = str(move)
    if text == "draw":
        return r.draw
    if text == "pass":
        return r.knock if act(rules) == "knock" else r.pass_
    m = _PLACEMENT.fullmatch(text)
    if m is None:
        return text
    if m[2] is None:
        return r.opening.format(tile=m[1])
    return r.at.format(tile=m[1], point=point_text(m[2], lang))


class UnknownReason(DominoError):
    """A refusal without a reason code, or without a sentence for its code (``otherwise="raise"``)."""


#: What :func:`error_sentence` gives when the error's code has no sentence (``otherwise``).
_OTHERWISE = ("general", "message", "none", "raise")


def _filled(template: str | None, fields: Mapping[str, object]) -> str | None:
    if template is None:
        return None
    try:
        return template.format(**fields)
    except (KeyError, IndexError, ValueError):
        return None


@overload
def error_sentence(error: BaseException | Reason, lang: str = "de", *, move: str = "reader",
                   otherwise: Literal["general", "message", "raise"] = "general", page: bool = False,
                   rules: GameRules | None = None) -> str: ...


@overload
def error_sentence(error: BaseException | Reason, lang: str = "de", *, move: str = "reader",
                   otherwise: Literal["none"], page: bool = False,
                   rules: GameRules | None = None) -> str | None: ...


def error_sentence(error: BaseException | Reason, lang: str = "de", *, move: str = "reader",
                   otherwise: str = "general", page: bool = False,
                   rules: GameRules | None = None) -> str | None:
    """The one sentence a reader sees for a refusal: an engine error or a :class:`Reason`.

    The sentence comes from the error's reason code and details (:attr:`DominoError.code`,
    :attr:`Words.errors`), never from its English message, so the message may change without
    breaking the sentence. The move or placement the error names heads it: ``move="reader"``
    as readers write it (``[1|2] an [1|4], Ende mit der 1: …``; a refused draw ``Ziehen: …``),
    ``"notation"`` as the error's notation (``[1|2]@[1|4].low: …``), ``"none"`` not at all.
    Without a sentence for the code: ``otherwise="general"`` the general refusal (headed by the
    move), ``"message"`` the error's own one-line message, ``"none"`` ``None``, ``"raise"``
    :class:`UnknownReason`. ``page=True`` reads the play page's own codes first
    (:attr:`PageWords.errors`: a record's round and event where the replay stopped) and falls
    back to the page's general sentence. ``rules`` (the game, when the caller knows it) names a
    refused turn without a play by the game's act word (``Passen``/``Klopfen``).

    >>> from dominolab.core.layout import Layout
    >>> try:
    ...     Layout.from_notation("[4|4]", True).place("[1|3]@[4|4].A")
    ... except DominoError as exc:
    ...     print(error_sentence(exc, move="notation"))
    [1|3]@[4|4].A: Die Augen passen nicht: [4|4] (Längsseite A) zeigt 4 Augen, [1|3] hat keine Hälfte mit 4 Augen.
    >>> error_sentence(DominoError("[1|2]@[1|4].low: new", details={"placement": "[1|2]@[1|4].low"}))
    '[1|2] an [1|4], Ende mit der 1: Die Regelmaschine lässt diesen Zug nicht zu.'
    """
    w = words(lang)
    if move not in ("reader", "notation", "none") or otherwise not in _OTHERWISE:
        raise InvalidArgument(f"move must be reader, notation or none and otherwise one of {', '.join(_OTHERWISE)}, "
                              f"not {describe(move)} and {describe(otherwise)}")
    code = getattr(error, "code", None)
    details = dict(getattr(error, "details", {}) or {})
    if page and isinstance(code, str):
        key = "record-at" if code == "record-inconsistent" and "round" in details and "event" in details else code
        if key == "record-at" and isinstance(details["event"], int):
            details["step"] = details["event"] + 1       # readers count the steps of a round from 1
        found = _filled(w.page.errors.get(key), details)
        if found is not None:
            return found
    fields: dict[str, object] = dict(details)
    if "point" in details:
        fields["point"] = _point_text(details["point"], lang)
    seat = details.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0:
        fields["player"] = w.reader.player.format(n=seat + 1)   # players numbered from 1 for readers
    if isinstance(details.get("pips"), int):
        fields["pips"] = count(int(details["pips"]), w.pip)
    sentence = _filled(w.errors.get(code) if isinstance(code, str) else None, fields)
    if sentence is None:
        if otherwise == "none":
            return None
        if otherwise == "raise":
            raise UnknownReason(f"no {lang} sentence for the reason {describe(getattr(error, 'text', error))}")
        if otherwise == "message":
            return " ".join(str(error.text if isinstance(error, Reason) else error).split())
        if page:
            return w.page.errors["general"]
        sentence = w.reader.general
    subject = str(details.get("move") or details.get("placement") or "")
    if not subject or move == "none":
        return sentence
    head = subject if move == "notation" else (
        {"draw": w.reader.draw_head,
         "pass": w.reader.knock_head if act(rules) == "knock" else w.reader.pass_head}.get(subject)
        or move_text(subject, lang, rules))
    return w.reader.refused.format(move=head, reason=sentence)


# == reasons in words (issue 28) =============================================================
# Sentences for the reason kinds of :mod:`dominolab.play.reasons` (why one move beats another),
# used by the review, the hints and the puzzles' feedback; :func:`dominolab.play.reasons.sentence`
# fills them with facts it reads from the engine. Kept apart from the tables above on purpose.
#
# Fields: {better} / {other} the two moves (a tile in notation, or the move in words where the tile
# alone would not tell them apart), {tile} the better move's tile, {pips} its pips ("12 Augen"),
# {now} what the better move scores now, {then} a clause on the rest of the turn (``then_*``),
# {target} the target, {points} the points the reason carries on average ("1,6 Punkte").
# Sentences in the ``against`` table never name the better move nor its tile (a puzzle's wrong answer).

@dataclass(frozen=True)
class ReasonWords:
    """The sentences of the reason kinds in one language."""

    better: Mapping[str, str]    #: per kind: why {better} beats {other}
    against: Mapping[str, str]   #: per kind: what {other} loses (the better move unnamed)
    summary: Mapping[str, str]   #: per kind: how often a learner did it ({times})
    then_next: str               #: {next} {next_points}: the mover stays on turn and plays on
    then_stay: str               #: the mover stays on turn (nothing more to score)
    double_late: str             #: why a double is better played early (no stay on turn)
    avg_points: str              #: {x}: points on average, one decimal
    times: Forms                 #: "1-mal" / "3 times" (a count)
    hint: str                    #: {move} {why}: a hint in one sentence
    hint_lead: str               #: {points} {other}: the why of a hint where no reason is given
    review_spread: str           #: {better} {points} {other}: a review row with a loss but no reason that holds
    hint_tie: str                #: {other}: the why of a hint whose move leads by less than 0.05 points
    hint_forced: str             #: the why of a hint where the move is the only legal one
    hint_how: str                #: {level} {ms} {deals}: how a hint was computed
    how: str                     #: "Wie gerechnet?" (the fold's summary)
    summary_head: str            #: {items}: the learner's most frequent reasons
    part_names: Mapping[str, str]    #: the parts of a value (dominolab.play.search.PARTS) in words
    puzzle_best: str             #: {move} {why}: a puzzle's best move and why it beats the next best
    puzzle_parts: str            #: {value} {parts}: the best move's value in parts
    puzzle_table: str            #: {table}: every move's value
    puzzle_weaker: str           #: {move} {why}: a weaker move and what it loses (the best unnamed)


_REASONS_DE = ReasonWords(
    better=_frozen({
        "double_kept": "{tile} zuerst: Doppelstein{then}. Mit {other} hältst du ihn zu lange; das kostet im Mittel "
                       "{points}.",
        "heavy_kept": "{tile} jetzt: wenn die Runde endet, zählen sonst {pips} in deiner Hand für die Gegner "
                      "(im Mittel {points}).",
        "opened_for_next": "{other} öffnet dem nächsten Zug ein Ende zum Punkten: die Gegner holen danach im Mittel "
                           "{points} mehr als nach {better}.",
        "past_exact_target": "{other} ginge über das Ziel ({target}) hinaus und zählt deshalb nichts; {better} "
                             "bringt {now}.",
        "this_turn": "{better} bringt in diesem Zug {now}{then}: im Mittel {points} mehr als {other}.",
        "later_own": "Mit {better} holt deine Partei später im Mittel {points} mehr als mit {other}.",
        "later_other": "Nach {better} holen die Gegner später im Mittel {points} weniger als nach {other}.",
        "settlement": "Mit {better} fällt die Abrechnung am Rundenende im Mittel um {points} besser aus als mit "
                      "{other}.",
        "bonus": "Mit {better} gewinnst du die Partie öfter als mit {other}; das zählt im Mittel {points}.",
    }),
    against=_frozen({
        "double_kept": "Mit {other} hältst du einen Doppelstein zu lange; das kostet im Mittel {points}.",
        "heavy_kept": "Mit {other} behältst du mehr Augen in der Hand; wenn die Runde endet, zählen sie für die "
                      "Gegner (im Mittel {points}).",
        "opened_for_next": "{other} öffnet dem nächsten Zug ein Ende zum Punkten: die Gegner holen danach im Mittel "
                           "{points} mehr.",
        "past_exact_target": "{other} ginge über das Ziel ({target}) hinaus und zählt deshalb nichts.",
        "this_turn": "{other} bringt in diesem Zug im Mittel {points} weniger.",
        "later_own": "Mit {other} holt deine Partei später im Mittel {points} weniger.",
        "later_other": "Nach {other} holen die Gegner später im Mittel {points} mehr.",
        "settlement": "Mit {other} fällt die Abrechnung am Rundenende im Mittel um {points} schlechter aus.",
        "bonus": "Mit {other} gewinnst du die Partie seltener; das kostet im Mittel {points}.",
    }),
    summary=_frozen({
        "double_kept": "{times} einen Doppelstein zu lange gehalten",
        "heavy_kept": "{times} schwere Steine zu lange gehalten",
        "opened_for_next": "{times} dem nächsten Zug ein Ende zum Punkten geöffnet",
        "past_exact_target": "{times} über das Ziel hinaus gespielt",
        "this_turn": "{times} Punkte in diesem Zug liegen gelassen",
        "later_own": "{times} eigene spätere Punkte verschenkt",
        "later_other": "{times} den Gegnern spätere Punkte erlaubt",
        "settlement": "{times} bei der Abrechnung verloren",
        "bonus": "{times} den Partiegewinn aufs Spiel gesetzt",
    }),
    then_next=", du bleibst am Zug und legst danach {next} für {next_points}",
    then_stay=", du bleibst am Zug",
    double_late=", später findet er oft kein passendes Ende mehr",
    avg_points="{x} Punkte",
    times=("1-mal", "{n}-mal"),
    hint="Tipp: {move} – {why}",
    hint_lead="im Mittel {points} mehr als {other}.",
    review_spread=("{better} bringt im Mittel {points} mehr als {other}. Der Unterschied verteilt sich auf viele "
                   "Spielverläufe; kein einzelner Grund trägt ihn sicher."),
    hint_tie="etwa gleich gut wie {other}.",
    hint_forced="es ist der einzige erlaubte Zug.",
    hint_how="Stufe „{level}“ mit {ms} ms Denkzeit über {deals} zufällige Verteilungen der Steine, die du nicht "
             "siehst.",
    how="Wie gerechnet?",
    summary_head="Am häufigsten: {items}.",
    part_names=_frozen({"now": "dieser Stein", "turn": "der Rest deines Zugs", "replies": "die Antworten der Gegner",
                        "later_own": "später deine Partei", "later_other": "später die Gegner",
                        "settlement": "die Abrechnung", "bonus": "der Partiegewinn"}),
    puzzle_best="Bester Zug: {move}. {why}",
    puzzle_parts="Sein erwarteter Punktevorsprung am Rundenende ({value}) setzt sich so zusammen: {parts}.",
    puzzle_table="Alle Züge: {table}.",
    puzzle_weaker="Erlaubt, aber schwächer: {move}. {why}",
)

_REASONS_EN = ReasonWords(
    better=_frozen({
        "double_kept": "{tile} first: a double{then}. Playing {other} keeps it too long; that costs {points} on "
                       "average.",
        "heavy_kept": "{tile} now: when the round ends, {pips} in your hand would count for the others otherwise "
                      "({points} on average).",
        "opened_for_next": "{other} opens a scoring end for the next player: the others score {points} more on "
                           "average than after {better}.",
        "past_exact_target": "{other} would pass the target ({target}) and so scores nothing; {better} scores {now}.",
        "this_turn": "{better} scores {now} this turn{then}: {points} more on average than {other}.",
        "later_own": "With {better} your team scores {points} more later on average than with {other}.",
        "later_other": "After {better} the others score {points} less later on average than after {other}.",
        "settlement": "With {better} the settlement at the round's end comes out {points} better on average than "
                      "with {other}.",
        "bonus": "With {better} you win the match more often than with {other}; that counts {points} on average.",
    }),
    against=_frozen({
        "double_kept": "With {other} you hold a double too long; that costs {points} on average.",
        "heavy_kept": "With {other} you keep more pips in your hand; when the round ends they count for the others "
                      "({points} on average).",
        "opened_for_next": "{other} opens a scoring end for the next player: the others score {points} more on "
                           "average.",
        "past_exact_target": "{other} would pass the target ({target}) and so scores nothing.",
        "this_turn": "{other} scores {points} less this turn on average.",
        "later_own": "With {other} your team scores {points} less later on average.",
        "later_other": "After {other} the others score {points} more later on average.",
        "settlement": "With {other} the settlement at the round's end comes out {points} worse on average.",
        "bonus": "With {other} you win the match less often; that costs {points} on average.",
    }),
    summary=_frozen({
        "double_kept": "kept a double too long {times}",
        "heavy_kept": "kept heavy tiles too long {times}",
        "opened_for_next": "opened a scoring end for the next player {times}",
        "past_exact_target": "played past the exact target {times}",
        "this_turn": "left points on the table this turn {times}",
        "later_own": "gave away own later points {times}",
        "later_other": "let the others score later {times}",
        "settlement": "lost in the settlement {times}",
        "bonus": "put the match win at risk {times}",
    }),
    then_next=", you play again and then play {next} for {next_points}",
    then_stay=", you play again",
    double_late=", later it often finds no end to fit",
    avg_points="{x} points",
    times=("once", "{n} times"),
    hint="Hint: {move}: {why}",
    hint_lead="{points} more on average than {other}.",
    review_spread=("{better} brings {points} more on average than {other}. The difference is spread over many ways "
                   "the round can go; no single reason carries it reliably."),
    hint_tie="about as good as {other}.",
    hint_forced="the only legal move.",
    hint_how="Level {level} with {ms} ms over {deals} sampled deals of the tiles you cannot see.",
    how="How was it computed?",
    summary_head="Most frequent: {items}.",
    part_names=_frozen({"now": "this tile", "turn": "the rest of your turn", "replies": "the others' replies",
                        "later_own": "your team later", "later_other": "the others later",
                        "settlement": "the settlement", "bonus": "the match win"}),
    puzzle_best="Best move: {move}. {why}",
    puzzle_parts="Its expected lead at the round's end ({value}) is made of: {parts}.",
    puzzle_table="All moves: {table}.",
    puzzle_weaker="Legal, but weaker: {move}. {why}",
)

#: The reason sentences per language.
REASON_WORDS: Mapping[str, ReasonWords] = MappingProxyType({"de": _REASONS_DE, "en": _REASONS_EN})


def times(n: int, lang: str = "de") -> str:
    """``3-mal`` / ``3 times``: how often (the reason summary)."""
    one, many = REASON_WORDS[lang].times
    return one if n == 1 else many.format(n=n)


def avg_points(x: float, lang: str = "de") -> str:
    """Points on average with one decimal: ``1,6 Punkte`` / ``1.6 points``."""
    text = f"{x:.1f}"
    return REASON_WORDS[lang].avg_points.format(x=text.replace(".", words(lang).lessons.decimal_point))


# == the browser scripts' words (issue 31) ======================================================
# Every text the scripts of book/_widgetjs show, by language: scripts/build_lesson_pools.py writes them
# into _static/words.js. Kept apart from the tables above (as the reasons' words are).
@dataclass(frozen=True)
class ScriptWords:
    """What the browser's scripts show (``book/_widgetjs``: the play page, „Probier es aus“, the lessons, the
    clickable board, the steppers): written into ``_static/words.js`` by ``scripts/build_lesson_pools.py``;
    each script picks the page's language (``<html lang>``). Templates use ``{name}`` fields, filled by the
    scripts. The engine's own sentences (narration, hints, review reasons, errors) come from
    :mod:`dominolab.webapi` in the same language."""

    play: Mapping[str, str]     #: the play page (book/_widgetjs/play/play.js, its review and the records box)
    tryit: Mapping[str, str]    #: the „Probier es aus“ boxes (book/_widgetjs/play/tryit.js)
    lessons: Mapping[str, str]  #: the lessons and puzzles (book/_widgetjs/lessons/lessons.js)
    board: Mapping[str, str]    #: the clickable drawing (book/_widgetjs/board/board.js)
    widgets: Mapping[str, str]  #: the steppers' controls and the theme's labels (book/_widgetjs/widget-setup.js)
    engine: Mapping[str, str]   #: the in-browser engine's start (book/_widgetjs/play/engine.js)


#: The browser scripts' words (ScriptWords), German.
_SCRIPT_DE = ScriptWords(
    play=_frozen({
        "state_loading": "Die Regelmaschine wird geladen …",
        # the play area's line in the page itself, until the script replaces it (book/_ext: {play-area})
        "needs_javascript": "Die Regelmaschine wird geladen … (dafür ist JavaScript nötig)",
        "state_your_turn": "Du bist am Zug.",
        "state_waiting_who": "Am Zug: {who} …",
        "state_waiting": "Die anderen sind am Zug …",
        "state_round_over": "Die Runde ist zu Ende.",
        "state_match_over": "Die Partie ist zu Ende.",
        "general_error": "Das ging nicht: Die Regelmaschine hat einen unerwarteten Fehler gemeldet.",
        "error": "Fehler: {message}",
        "share": "Link zu dieser Partie (Startwert {seed})",
        "new_match": "Neue Partie",
        "settings_label": "Einstellungen der Partie",
        "game": "Spiel",
        "seating": "Besetzung",
        "your_seat": "Dein Sitz",
        "seed": "Startwert",
        "player": "Spieler {n}",
        "partner": "{name} (Partner)",
        "strength": "{name}: Spielstärke",
        "levels": "Die Spielstärken",
        "whole_layout": "Die ganze Auslage in Worten",
        "scroll_cue": "◀ Die Zeichnung ist breiter als der Bildschirm: zum Verschieben wischen ▶",
        "table_empty": "Der Tisch ist noch leer.",
        "your_tiles": "Deine Steine",
        "fits_nowhere": "{tile} (passt nirgends)",
        "choose_point": "{tile}: Wähle eine markierte Anlegestelle in der Zeichnung.",
        "choose_tile": "Wähle einen Stein deiner Hand.",
        "tile_nowhere": "{tile} passt jetzt nirgends an.",
        "heading": "{title}, {seating} – Runde {n}",
        "target": "Ziel {target}",
        "no_tiles": "keine Steine",
        "tile_one": "{n} Stein",
        "tile_many": "{n} Steine",
        "boneyard": "Talon: {tiles}",
        "drawn_must": "Du hast {tile} gezogen und musst ihn sofort anlegen.",
        "settlement": "Abrechnung",
        "practice_wait": "Die Regelmaschine prüft deine teuersten Entscheidungen noch einmal gründlich; "
                         "das dauert einige Sekunden …",
        "failed": "Das ging nicht: {error}",
        "practice_one": "Eine Aufgabe aus deinen Entscheidungen: unten unter „Aus deinen Fehlern üben“.",
        "practice_many": "{n} Aufgaben aus deinen Entscheidungen: unten unter „Aus deinen Fehlern üben“.",
        "practice_none": "Keine deiner Entscheidungen eignet sich als Aufgabe: Bei keiner liegt ein Zug nach "
                         "gründlicher Rechnung klar vorn.",
        "record_checking": "Der Datensatz wird von der Regelmaschine nachgespielt …",
        "all_players": "alle Spieler",
        "frame": "Schritt {n} von {total}. {text}",
        "score_now": "Punktestand: {scores}",
        "table_empty_now": "Der Tisch ist leer.",
        "no_file": "keine Datei gewählt",
        "paste_label": "Gespeicherte Partie einfügen",
        "paste_placeholder": "… oder den Inhalt der Datei hier einfügen",
        "prev": "◀ Zurück",
        "next": "Weiter ▶",
        "check_pasted": "Eingefügten Datensatz prüfen",
        "pasted_name": "eingefügter Datensatz",
        "decisions_of": "Entscheidungen von",
        "analyse": "Partie analysieren",
        "records": "Datensatz öffnen und prüfen",
        "choose_file": "Datei wählen …",
        "board_label": "Auslage und deine Steine",
        "moves_label": "Deine erlaubten Züge",
        "hint": "Tipp",
        "undo": "Zug zurücknehmen",
        "next_round": "Nächste Runde",
        "skip": "Überspringen",
        "download": "Partie als Datei speichern",
        "log": "Verlauf der Runde",
        "round_end": "Ende der Runde",
        "review_progress": "Fortschritt der Analyse",
        "practice": "Aus deinen Fehlern üben",
        "practice_offer": "Die teuersten Entscheidungen als Aufgaben: Finde selbst den besseren Zug.",
        "practice_clear": "Diese Aufgaben entfernen",
        "review": "Analyse der Partie",
        "your_moves": "Deine Züge",
        "play_area": "Spielfeld",
        "settings": "Einstellungen und neue Partie",
        "engine_failed": "Die Regelmaschine konnte nicht geladen werden.",
        "engine_loaded": "Regelmaschine geladen in {s} s.",
        "defaults": "{error} – gespielt wird deshalb mit den Standardeinstellungen.",
        "decimal_point": ",",
        "point_one": "{x} Punkt",
        "point_many": "{x} Punkte",
        "label_inaccuracy": "ungenau",
        "label_mistake": "Fehler",
        "label_blunder": "grober Fehler",
        "review_missing": "Die Analyse gibt es in dieser Fassung der Seite noch nicht.",
        "review_impossible": "Die Analyse ist nicht möglich: {error}",
        "review_start": "Die Analyse beginnt …",
        "review_step": "Analyse {k} von {n}",
        "review_aborted": "Die Analyse ist abgebrochen: {error}",
        "review_done_level": "{n} Entscheidungen bewertet ({level}).",
        "review_done_ms": "{n} Entscheidungen bewertet ({ms} ms Rechenzeit je Entscheidung).",
        "review_average": "Durchschnittlicher Verlust je Entscheidung: {points}",
        "most_often": "Am häufigsten:",
        "col_number": "Nr.",
        "col_round": "Runde",
        "col_played": "Gespielt",
        "col_better": "Besser",
        "col_loss": "Verlust",
        "col_label": "Bewertung",
        "row_label": "Entscheidung {n}: zur Stellung springen",
        "caption_yours": "Deine Entscheidungen",
        "caption_seat": "Entscheidungen von Spieler {n}",
        "caption_all": "Entscheidungen aller Spieler",
        "continue": "Von hier weiterspielen",
        "hand_seat": "Steine von Spieler {n}",
        "hand_before": "{whose} vor dieser Entscheidung:",
        "verdict_best": "gespielt {move}, der beste Zug.",
        "verdict_worse": "gespielt {move}, besser {best} (Verlust: {loss}).",
        "decision": "Entscheidung {n} (Runde {round}): {verdict}",
    }),
    tryit=_frozen({
        "title": "Probier es aus",
        "intro": " – die Regelmaschine rechnet im Browser: Stein wählen, dann eine Anlegestelle. Bei jeder steht, "
                 "was sie bringt oder dass der Stein dort nicht passt; wählst du eine solche, steht hier, warum.",
        "waiting": "Probier es aus: Die Regelmaschine wird geladen, sobald dieser Kasten sichtbar ist.",
        "loading": "Die Regelmaschine wird geladen …",
        "tile": "Stein",
        "points": "Erlaubte Anlegestellen",
        "reset": "Von vorn",
        "fits_nowhere": "{tile} (passt nirgends)",
        "table_empty": "Der Tisch ist leer.",
        "start": "Ausgangslage:",
        "empty": "leer",
        "stuck": "Kein weiterer Stein passt an diese Auslage.",
        "error": "Fehler: {message}",
        "engine_failed": "Die Regelmaschine konnte nicht geladen werden: {error}",
    }),
    lessons=_frozen({
        "storage_note": "Dieser Browser erlaubt der Seite keinen Speicher: Die Übungen funktionieren, "
                        "aber dein Fortschritt wird nach dem Neuladen nicht behalten.",
        "stars": "{n} von 3 Sternen",
        "rule": "Geübte Regel",
        "your_hand": "Deine Hand",
        "your_hand_label": "Deine Hand:",
        "tile": "Stein {tile}",
        "others": "Die anderen Hände",
        "no_tiles": "keine Steine",
        "chosen": "Gewählt: {tile}. Wähle jetzt die Anlegestelle auf der Zeichnung.",
        "places_one": "{n} Stelle gewählt. Prüfe, wenn du fertig bist.",
        "places_many": "{n} Stellen gewählt. Prüfe, wenn du fertig bist.",
        "tile_first": "Wähle zuerst einen Stein aus deiner Hand.",
        "how_where": "Wähle auf der Zeichnung alle Stellen, an die {tile} passt (Klick, Tippen oder Tab und "
                     "Leertaste), dann „Prüfen“.",
        "check": "Prüfen",
        "how_pick": "Wähle einen Stein aus der Hand und dann eine Anlegestelle auf der Zeichnung (auch mit Tab, "
                    "Eingabe und den Pfeiltasten).",
        "answers": "Antworten",
        "hint_button": "Tipp (kostet einen Stern)",
        "hint": "Tipp: {hint}",
        "reveal": "Lösung zeigen",
        "new": "Neue Aufgabe",
        "pool_failed": "Weitere Aufgaben konnten nicht geladen werden.",
        "lead_right": "Richtig!",
        "lead_wrong": "Nicht richtig.",
        "lead_solution": "Lösung:",
        "right_prefix": "Richtig.",
        "not_expected": "Diese Antwort ist hier nicht vorgesehen.",
        "choose_place": "Wähle mindestens eine Stelle auf der Zeichnung.",
        "missing_one": "Es fehlt noch eine passende Stelle.",
        "missing_many": "Es fehlen noch {n} passende Stellen.",
        "not_every": "Nicht jede gewählte Stelle passt:",
        "not_all": "Die gewählten Stellen passen, aber nicht alle.",
        "fill_every": "Trage in jedes Feld eine Zahl ein.",
        "result": "{n} von 3 Sternen.",
        "reset_lesson": "Fortschritt dieser Übung zurücksetzen",
        "progress": "Fortschritt: {stars} von {max} Sternen, {solved} von {n} Aufgaben gelöst.",
        "reset_all": "Alle Fortschritte zurücksetzen",
        "reset": "Zurücksetzen",
        "reset_of": "Fortschritt von „{title}“ zurücksetzen",
        "map_count": "{stars} von {max} Sternen",
        "load_failed": "Die Übung konnte nicht geladen werden (dieser Browser kann die Seitendaten nicht entpacken).",
    }),
    board=_frozen({
        "point": "Anlegestelle {label}",
    }),
    widgets=_frozen({
        "play": "Abspielen",
        "pause": "Anhalten",
        "stop": "Zum Anfang",
        "repeat": "Wiederholen",
        "handle": "Schritt",
        "readout": "Nummer des Schritts",
        "Toggle hidden content": "Verborgenen Inhalt ein- oder ausblenden",
        "Back to top": "Nach oben",
        "Toggle navigation": "Navigation ein- oder ausblenden",
        "Fullscreen mode": "Vollbild",
        "Search": "Suchen",
        "Download this page": "Diese Seite herunterladen",
        "Download source file": "Quelldatei herunterladen",
        "Print to PDF": "Als PDF drucken",
        "Copy": "Kopieren",
    }),
    engine=_frozen({
        "loading": "Die Regelmaschine wird geladen …",
        "python": "Python (WebAssembly) wird geladen …",
        "engine": "Die Regelmaschine wird geladen …",
        "progress": "{text} ({s} s)",
    }),
)

#: The browser scripts' words (ScriptWords), English.
_SCRIPT_EN = ScriptWords(
    play=_frozen({
        "state_loading": "The rules engine is loading …",
        # the play area's line in the page itself, until the script replaces it (book/_ext: {play-area})
        "needs_javascript": "The rules engine is loading … (this needs JavaScript)",
        "state_your_turn": "Your turn.",
        "state_waiting_who": "To move: {who} …",
        "state_waiting": "The others are to move …",
        "state_round_over": "The round is over.",
        "state_match_over": "The match is over.",
        "general_error": "That did not work: the rules engine reported an unexpected error.",
        "error": "Error: {message}",
        "share": "Link to this match (seed {seed})",
        "new_match": "New match",
        "settings_label": "Settings of the match",
        "game": "Game",
        "seating": "Seating",
        "your_seat": "Your seat",
        "seed": "Seed",
        "player": "Player {n}",
        "partner": "{name} (partner)",
        "strength": "{name}: strength",
        "levels": "The levels",
        "whole_layout": "The whole layout in words",
        "scroll_cue": "◀ The drawing is wider than the screen: swipe to move it ▶",
        "table_empty": "The table is still empty.",
        "your_tiles": "Your tiles",
        "fits_nowhere": "{tile} (fits nowhere)",
        "choose_point": "{tile}: choose a marked attachment point in the drawing.",
        "choose_tile": "Choose a tile of your hand.",
        "tile_nowhere": "{tile} fits nowhere now.",
        "heading": "{title}, {seating} – round {n}",
        "target": "target {target}",
        "no_tiles": "no tiles",
        "tile_one": "{n} tile",
        "tile_many": "{n} tiles",
        "boneyard": "Boneyard: {tiles}",
        "drawn_must": "You drew {tile} and must play it at once.",
        "settlement": "Settlement",
        "practice_wait": "The rules engine checks your costliest decisions once more, thoroughly; "
                         "this takes a few seconds …",
        "failed": "That did not work: {error}",
        "practice_one": "One puzzle from your decisions: below, under “Practise from your mistakes”.",
        "practice_many": "{n} puzzles from your decisions: below, under “Practise from your mistakes”.",
        "practice_none": "None of your decisions makes a puzzle: in none of them is one move clearly ahead "
                         "after a thorough search.",
        "record_checking": "The rules engine replays the record …",
        "all_players": "all players",
        "frame": "Step {n} of {total}. {text}",
        "score_now": "Score: {scores}",
        "table_empty_now": "The table is empty.",
        "no_file": "no file chosen",
        "paste_label": "Paste a saved match",
        "paste_placeholder": "… or paste the file's content here",
        "prev": "◀ Back",
        "next": "Next ▶",
        "check_pasted": "Check the pasted record",
        "pasted_name": "pasted record",
        "decisions_of": "Decisions of",
        "analyse": "Review the match",
        "records": "Open and check a record",
        "choose_file": "Choose a file …",
        "board_label": "Layout and your tiles",
        "moves_label": "Your legal moves",
        "hint": "Hint",
        "undo": "Take back the move",
        "next_round": "Next round",
        "skip": "Skip",
        "download": "Save the match as a file",
        "log": "Course of the round",
        "round_end": "End of the round",
        "review_progress": "Progress of the review",
        "practice": "Practise from your mistakes",
        "practice_offer": "The costliest decisions as puzzles: find the better move yourself.",
        "practice_clear": "Remove these puzzles",
        "review": "Review of the match",
        "your_moves": "Your moves",
        "play_area": "Playing area",
        "settings": "Settings and new match",
        "engine_failed": "The rules engine could not be loaded.",
        "engine_loaded": "Rules engine loaded in {s} s.",
        "defaults": "{error} – so the match is played with the default settings.",
        "decimal_point": ".",
        "point_one": "{x} point",
        "point_many": "{x} points",
        "label_inaccuracy": "inaccuracy",
        "label_mistake": "mistake",
        "label_blunder": "blunder",
        "review_missing": "This version of the page has no review yet.",
        "review_impossible": "The review is not possible: {error}",
        "review_start": "The review begins …",
        "review_step": "Reviewing {k} of {n}",
        "review_aborted": "The review stopped: {error}",
        "review_done_level": "{n} decisions rated ({level}).",
        "review_done_ms": "{n} decisions rated ({ms} ms of computing per decision).",
        "review_average": "Average loss per decision: {points}",
        "most_often": "Most often:",
        "col_number": "No.",
        "col_round": "Round",
        "col_played": "Played",
        "col_better": "Better",
        "col_loss": "Loss",
        "col_label": "Rating",
        "row_label": "Decision {n}: go to the position",
        "caption_yours": "Your decisions",
        "caption_seat": "Decisions of Player {n}",
        "caption_all": "Decisions of all players",
        "continue": "Play on from here",
        "hand_seat": "Tiles of Player {n}",
        "hand_before": "{whose} before this decision:",
        "verdict_best": "played {move}, the best move.",
        "verdict_worse": "played {move}, better {best} (loss: {loss}).",
        "decision": "Decision {n} (round {round}): {verdict}",
    }),
    tryit=_frozen({
        "title": "Try it",
        "intro": " – the rules engine computes in the browser: choose a tile, then an attachment point. Each one "
                 "says what it scores or that the tile does not fit there; choose such a one and this box says why.",
        "waiting": "Try it: the rules engine loads as soon as this box is in view.",
        "loading": "The rules engine is loading …",
        "tile": "Tile",
        "points": "Allowed attachment points",
        "reset": "Start again",
        "fits_nowhere": "{tile} (fits nowhere)",
        "table_empty": "The table is empty.",
        "start": "Starting position:",
        "empty": "empty",
        "stuck": "No other tile fits this layout.",
        "error": "Error: {message}",
        "engine_failed": "The rules engine could not be loaded: {error}",
    }),
    lessons=_frozen({
        "storage_note": "This browser gives the page no storage: the exercises work, "
                        "but your progress is not kept after a reload.",
        "stars": "{n} of 3 stars",
        "rule": "Rule practised",
        "your_hand": "Your hand",
        "your_hand_label": "Your hand:",
        "tile": "Tile {tile}",
        "others": "The other hands",
        "no_tiles": "no tiles",
        "chosen": "Chosen: {tile}. Now choose the attachment point in the drawing.",
        "places_one": "{n} place chosen. Check when you are done.",
        "places_many": "{n} places chosen. Check when you are done.",
        "tile_first": "First choose a tile from your hand.",
        "how_where": "Choose in the drawing every place where {tile} fits (click, tap, or Tab and Space), "
                     "then “Check”.",
        "check": "Check",
        "how_pick": "Choose a tile from your hand and then an attachment point in the drawing (also with Tab, "
                    "Enter and the arrow keys).",
        "answers": "Answers",
        "hint_button": "Hint (costs a star)",
        "hint": "Hint: {hint}",
        "reveal": "Show solution",
        "new": "New exercise",
        "pool_failed": "More exercises could not be loaded.",
        "lead_right": "Right!",
        "lead_wrong": "Not right.",
        "lead_solution": "Solution:",
        "right_prefix": "Right.",
        "not_expected": "This answer is not one of the choices here.",
        "choose_place": "Choose at least one place in the drawing.",
        "missing_one": "One fitting place is still missing.",
        "missing_many": "{n} fitting places are still missing.",
        "not_every": "Not every chosen place fits:",
        "not_all": "The chosen places fit, but not all of them.",
        "fill_every": "Enter a number in every field.",
        "result": "{n} of 3 stars.",
        "reset_lesson": "Reset the progress of these exercises",
        "progress": "Progress: {stars} of {max} stars, {solved} of {n} exercises solved.",
        "reset_all": "Reset all progress",
        "reset": "Reset",
        "reset_of": "Reset the progress of “{title}”",
        "map_count": "{stars} of {max} stars",
        "load_failed": "The exercise could not be loaded (this browser cannot unpack the page data).",
    }),
    board=_frozen({
        "point": "Attachment point {label}",
    }),
    widgets=_frozen({
        "play": "Play",
        "pause": "Pause",
        "stop": "To the start",
        "repeat": "Repeat",
        "handle": "Step",
        "readout": "Number of the step",
        "Toggle hidden content": "Toggle hidden content",
        "Back to top": "Back to top",
        "Toggle navigation": "Toggle navigation",
        "Fullscreen mode": "Fullscreen mode",
        "Search": "Search",
        "Download this page": "Download this page",
        "Download source file": "Download source file",
        "Print to PDF": "Print to PDF",
        "Copy": "Copy",
    }),
    engine=_frozen({
        "loading": "The rules engine is loading …",
        "python": "Python (WebAssembly) is loading …",
        "engine": "The rules engine is loading …",
        "progress": "{text} ({s} s)",
    }),
)


#: The browser scripts' words of each language.
SCRIPT_WORDS: Mapping[str, ScriptWords] = MappingProxyType({"de": _SCRIPT_DE, "en": _SCRIPT_EN})
