"""The shape of the word tables: one frozen dataclass per kind of text (standard library only).

The tables themselves live in one module per language (:mod:`dominolab.text.words.de`,
:mod:`dominolab.text.words.en`); :mod:`dominolab.text.words` puts them together and makes
the words that need a computation (counts, seats, moves, error sentences).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from dominolab.core.layout import Side

__all__ = ["BookWords", "Forms", "LessonWords", "NarrationWords", "PageWords", "PassWords", "PictureWords",
           "ReaderWords", "ReasonWords", "ScriptWords", "StepWords", "TerminalWords", "Words", "count", "frozen"]

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
    not_legal: str       #: {move} {why} {legal}: the engine refused the person's move


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
    #: why a wrong choice of "Was passiert jetzt?" is wrong, by the rule it breaks (keys: see
    #: :func:`dominolab.lessons.model.why_not`); {tile} {seat} {title}; never a number (it would give away)
    why_not: Mapping[str, str]
    #: the rule a number field asks to apply, never its value: "sum-spinners", "sum-line", "divisor"
    #: ({divisor}), "plus" (between divisors), "settle-pips" ({unit}), "settle-play", "settle-exact"
    number_rules: Mapping[str, str]
    numerals: tuple[str, ...]   #: the numbers 0 to 12 in words (a rule's divisor, so no digit gives anything away)
    rule_is: str                #: {label} {rule}: a wrong number's rule, after the fields to check
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



def frozen(d: Mapping[str, str]) -> Mapping[str, str]:
    """A read-only copy of ``d`` (the tables' mappings)."""
    return MappingProxyType(dict(d))


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


# == the browser scripts' words (issue 31) ======================================================
# Every text the scripts of book/_widgetjs show, by language: tools/book/build_lesson_pools.py writes them
# into _static/words.js. Kept apart from the tables above (as the reasons' words are).
@dataclass(frozen=True)
class ScriptWords:
    """What the browser's scripts show (``book/_widgetjs``: the play page, „Probier es aus“, the lessons, the
    clickable board, the steppers): written into ``_static/words.js`` by ``tools/book/build_lesson_pools.py``;
    each script picks the page's language (``<html lang>``). Templates use ``{name}`` fields, filled by the
    scripts. The engine's own sentences (narration, hints, review reasons, errors) come from
    :mod:`dominolab.webapi` in the same language."""

    play: Mapping[str, str]     #: the play page (book/_widgetjs/play/play.js, its review and the records box)
    tryit: Mapping[str, str]    #: the „Probier es aus“ boxes (book/_widgetjs/play/tryit.js)
    lessons: Mapping[str, str]  #: the lessons and puzzles (book/_widgetjs/lessons/lessons.js)
    board: Mapping[str, str]    #: the clickable drawing (book/_widgetjs/board/board.js)
    widgets: Mapping[str, str]  #: the steppers' controls and the theme's labels (book/_widgetjs/widget-setup.js)
    engine: Mapping[str, str]   #: the in-browser engine's start (book/_widgetjs/play/engine.js)
