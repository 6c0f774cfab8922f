"""The game words of the learner's path: the glossary's terms, retired synonyms and each game's act word.

*Begriffe* (``book/begriffe.md``) defines every game word once; this table says which
words it defines (:data:`TERMS`, the glossary's entries, checked against the page),
which words must no longer appear in a learner's text (:data:`RETIRED`: a synonym, or a
second meaning of one word, with the term that replaced it) and which act word belongs
to one game only (:data:`GAME_ONLY`: *passen* in Horse Race, *klopfen* in Fives and
Threes). ``tests/text/test_glossary_words.py`` reads it and fails on any learner page,
exercise text, narration or entry of the words table (:mod:`dominolab.text.words`) that
uses a retired word or the other game's act word.

The English edition (issue 31) has its own glossary: :data:`TERMS_EN` names its entries in the
order of :data:`TERMS` (:data:`TERM_PAIRS` maps each German term to its English one), and
:data:`RETIRED_EN` the English words it retired (``line side``, ``side arm``, ``stock``, ``scored
contributions``, ...); :func:`retired_hits` checks either language (``lang="en"``).

Not covered, on purpose: the documents' step texts quoted as the specification and the
structured layout description of the interchange contract (``Linienseite A``,
``Gutschrift für das Anlegen``) stay byte for byte; readers meet them only in the folded
"Die ganze Auslage genau beschrieben" and in the worked steps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from dominolab.text import language

__all__ = ["GAME_ONLY", "RETIRED", "RETIRED_EN", "TERMS", "TERMS_EN", "Retired", "game_only_hits", "retired_hits"]

#: The entries of the glossary on *Begriffe*, as the page spells them (a test compares both ways).
TERMS: tuple[str, ...] = (
    "Abrechnung", "Am Zug bleiben", "Anlegen", "Anlegestelle", "Anzeigepunkte", "Augen", "Auslage", "Auslegung",
    "Ausspielen", "Ausspielpunkt", "Doppelstein", "Ende", "Endsumme", "Eröffnung", "Gesperrt",
    "Gewertete Beiträge", "Gutschrift", "Hälfte", "Hand", "Klopfen", "Längsseite", "Los", "Partei", "Partie",
    "Partnerschaft", "Passen", "Rohpunkte", "Runde", "Rundensieger", "Seitenarm", "Sitzordnung", "Spielpunkte", "Spinner",
    "Stein", "Talon", "Ziehen", "Ziel", "Zug",
)

#: The entries of the English glossary, in the order of :data:`TERMS` (one English term per German one:
#: ``TERMS_EN[i]`` is the English entry of ``TERMS[i]``; the English edition's glossary defines these).
TERMS_EN: tuple[str, ...] = (
    "Settlement", "Playing again", "Playing a tile", "Attachment point", "Display points", "Pips", "Layout",
    "Interpretation", "Going out", "Going-out point", "Double", "End", "End total", "Opening", "Blocked",
    "End values", "Credit", "Half", "Hand", "Knocking", "Long side", "Lot", "Team", "Match",
    "Partnership", "Passing", "Raw points", "Round", "Round winner", "Arm", "Seating", "Game points", "Spinner",
    "Tile", "Boneyard", "Drawing", "Target", "Turn",
)

#: German term -> English term (the glossary's pairs).
TERM_PAIRS: dict[str, str] = dict(zip(TERMS, TERMS_EN))


@dataclass(frozen=True)
class Retired:
    """A word the learner's path no longer uses, and the glossary term that replaced it."""

    pattern: str      #: a regular expression (case-sensitive unless it says otherwise)
    instead: str      #: the term of :data:`TERMS` to use
    why: str          #: the finding (issue 32)
    generated_only: bool = False   #: checked only in generated text (exercises, narration, words table),
                                   #: where the word never means a page of the book

    def search(self, text: str) -> list[str]:
        return [m.group(0) for m in re.finditer(self.pattern, text)]


RETIRED: tuple[Retired, ...] = (
    Retired(r"(?i)\b(?:aussetzen|aussetzt|ausgesetzt|(?:setzt|setzte|setzen)\s+(?:(?:er|sie|du|man|[Ss]pieler \d|[Ll]inks|[Rr]echts|[Gg]egenüber)\s+)?aus)\b",
            "Passen",
            "a third word for the turn without a play, never explained: Passen (Horse Race) or Klopfen "
            "(Fives and Threes)"),
    Retired(r"\bLinienseiten?\b", "Längsseite",
            "the documents' name for a long side of a double; readers meet one word, Längsseite"),
    Retired(r"\bRohgutschrift\b", "Rohpunkte", "never defined; the credit in pips is counted in Rohpunkte"),
    # "Seite" meant a tile's side and a team: a team is a Partei, a tile's side a Hälfte or a Längsseite.
    Retired(r"\b(?:[Dd]eine|[Ee]igene|[Ss]eine|[Jj]ede|[Jj]eder|betroffenen?|[Aa]nderen?|[Bb]eiden?|[Gg]egnerischen?|"
            r"[Ss]iegreiche|[Vv]erlierende|[Ii]hre|zweiten|einer|eine) Seiten?\b(?! \{doc\})",
            "Partei", "Seite for a team (and for a tile's side)"),
    Retired(r"(?<!dieser )(?<!diese )\bSeiten?\b", "Partei",
            "Seite for a team or a tile's side in generated text (a web page is \"diese Seite\")", generated_only=True),
    Retired(r"\bWertungsereignis\w*|\b[Dd]as ganze Ereignis\b", "Gutschrift",
            "the document's scoring event, never explained: the learner's word is Gutschrift"),
    Retired(r"\bSpieler 0\b", "Sitzordnung", "players are numbered from 1 for readers (a log numbered from 0)"),
)

#: Words the English learner's text no longer uses (the English glossary names one word per thing).
RETIRED_EN: tuple[Retired, ...] = (
    Retired(r"(?i)\bline sides?\b", "Long side", "the first English rendering of Linienseite; readers meet one word"),
    Retired(r"(?i)\bside arms?\b", "Arm", "the first English rendering of Seitenarm; the glossary says arm"),
    Retired(r"(?i)\bstock\b", "Boneyard", "the undealt tiles to draw from are the boneyard (Pagat's word)"),
    Retired(r"(?i)\bscored contributions?\b", "End values", "the document's Gewertete Beiträge are end values"),
    Retired(r"(?i)\bopen points?\b", "Attachment point", "a free attachment point, not an open point"),
    Retired(r"(?i)\b(?:stays?|stay(?:ing)?) on turn\b", "Playing again", "Am Zug bleiben is playing again"),
    Retired(r"(?i)\bdomino point\b|\bpoint for playing out\b", "Going-out point",
            "the point for going out has one name"),
    Retired(r"\bPlayer 0\b", "Seating", "players are numbered from 1 for readers"),
    Retired(r"(?i)\bscoring events?\b", "Credit", "the document's scoring event is a credit"),
    Retired(r"(?i)\bend sums?\b", "End total", "Endsumme is the end total"),
)

#: The act words of one game only: (game, pattern). Passing in Horse Race, knocking in Fives and Threes
#: (the words table picks them from the game's description: :func:`dominolab.text.words.pass_words`).
#: The pass patterns name the act, not *passen* as "to fit" (``Der Stein passt an die 4``).
GAME_ONLY: dict[str, tuple[str, str]] = {
    "Passen": ("horse-race", r"\bPassen\b|\bpassen(?=[.,;:)]| oder| und| bei| darf| muss)|\b[Dd]u passt\b|"
                             r"\bmuss(?:t)? passen\b|\b(?:Spieler \d|[Ll]inks|[Rr]echts|[Gg]egenüber) passt(?=[.!])|"
                             r"\bgepasst\b"),
    "Klopfen": ("fives-and-threes", r"(?i)\bklopf\w*"),
}


def retired_hits(text: str, generated: bool = False, lang: str | None = None) -> list[tuple[str, str]]:
    """``(found, instead)`` for every retired word in ``text`` (``generated``: also the generated-only ones);
    ``lang="en"`` checks an English text against :data:`RETIRED_EN`."""
    lang = language.resolved(lang)
    table = RETIRED_EN if lang == "en" else RETIRED
    return [(hit, r.instead) for r in table if generated or not r.generated_only for hit in r.search(text)]


def game_only_hits(text: str, game: str) -> list[tuple[str, str]]:
    """``(found, term)`` for every act word of the *other* game in a text about ``game``."""
    return [(m.group(0), term) for term, (own, pattern) in GAME_ONLY.items() if own != game
            for m in re.finditer(pattern, text)]
