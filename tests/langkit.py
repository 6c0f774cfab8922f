"""Which language a piece of text is in: the detectors of the language tests (issue 31, point 3).

A German sentence is one with a word spelled with ä, ö, ü or ß, or two German function words that are
not English words too, or a German game word of the glossary; an English sentence has three or more
English function words and no German one. The names of the games (and of the house rules the
comparison shows) are left out first.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: Names that stay as they are in both editions.
NAMES = ("Fives and Threes", "Horse Race to 121", "Horse Race", "All Fives (Muggins)", "All Fives", "Muggins",
         "dominolab", "Pagat", "OpenSpiel", "JupyterLite", "Jupyter Book", "Pyodide", "Dask")

#: English function words that are no German words.
ENGLISH_FUNCTION = frozenset(
    "the of to on at for with by from is are were be been it its this that these those and or not if when "
    "which who what you your we they their has have had can would should must may does only each every "
    "into than then there".split())
#: German function words that are no English words ("die", "an", "in", "am", "man", "also", "so" are both).
GERMAN_FUNCTION = frozenset(
    "der das und ist sind nicht ein eine einen einem einer mit zu auf den dem des von sich im wird du dein "
    "deine wer wie aber oder auch nur noch bei nach aus als wenn dass kein keine hat zum zur sie er wir ihr "
    "diese dieser dieses jeder jede jedes kann muss darf wird werden".split())
#: The glossary's German game words that English never uses (Hand, Spinner and Ende-free names excluded).
GERMAN_GAME_WORDS = frozenset(
    "Abrechnung Anlegen Anlegestelle Augen Auslage Auslegung Ausspielen Doppelstein Doppelsteine Eröffnung "
    "Gesperrt Hälfte Klopfen Längsseite Partei Partie Partnerschaft Passen Runde Rundensieger Seitenarm "
    "Sitzordnung Stein Steine Talon Ziehen Ziel Zug Endsumme Gutschrift Rohpunkte Anzeigepunkte Spielpunkte "
    "Ausspielpunkt Regelmaschine Übung Übungen Aufgabe Aufgaben Lösung Spieler".split())

_WORD = re.compile(r"[A-Za-zÄÖÜäöüß']+")


def _sentences(text: str) -> list[str]:
    for name in NAMES:
        text = text.replace(name, " ")
    return [s for s in (" ".join(p.split()) for p in re.split(r"[.!?;:\n]+", text)) if s]


def german_sentences(text: str) -> list[str]:
    """Sentences of ``text`` that are German: an umlaut or ß, two German function words, or a German game word."""
    found = []
    for sentence in _sentences(text):
        words = _WORD.findall(sentence)
        lower = [w.lower() for w in words]
        if (re.search(r"[äöüÄÖÜß]", sentence) or sum(w in GERMAN_FUNCTION for w in lower) >= 2
                or any(w in GERMAN_GAME_WORDS for w in words)):
            found.append(sentence[:90])
    return found


def english_sentences(text: str) -> list[str]:
    """Sentences with three or more English function words and no German one."""
    found = []
    for sentence in _sentences(text):
        lower = [w.lower() for w in _WORD.findall(sentence)]
        if sum(w in ENGLISH_FUNCTION for w in lower) >= 3 and not any(w in GERMAN_FUNCTION for w in lower):
            found.append(sentence[:90])
    return found


#: Elements that are never closed.
VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})


class ArticleReader(HTMLParser):
    """The text of a page's article (``article.bd-article``), read by the page tests. A subclass says which
    elements it leaves out (:meth:`skips`) and may look at each element it keeps (:meth:`kept`); the text of
    left-out elements and of everything outside the article is not read. Quotations marked as another
    language than the page's (``<html lang>``) can be left out with :meth:`other_language`."""

    def __init__(self, lang: str = "de") -> None:
        super().__init__(convert_charrefs=True)
        self.lang = lang
        self.stack: list[tuple[str, bool]] = []   # (tag, left out) of every open element
        self.article: int | None = None           # depth of the article while it is open
        self.done = False                         # the article was closed: nothing after it counts
        self.text: list[str] = []

    def skips(self, tag: str, attrs: dict[str, str | None], classes: set[str]) -> bool:
        return False

    def kept(self, tag: str, attrs: list[tuple[str, str | None]], classes: set[str]) -> None:
        """An element inside the article whose text is read."""

    def other_language(self, attrs: dict[str, str | None]) -> bool:
        return bool(attrs.get("lang")) and (attrs.get("lang") or "").split("-")[0] != self.lang

    def _skipping(self) -> bool:
        return any(skip for _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        classes = set((a.get("class") or "").split())
        if tag == "html" and a.get("lang"):
            self.lang = (a.get("lang") or "").split("-")[0]
        if self.article is None and tag == "article" and "bd-article" in classes:
            self.article = len(self.stack)
        skip = self.skips(tag, a, classes)
        if self.article is not None and not self.done and not self._skipping() and not skip:
            self.kept(tag, attrs, classes)
        if tag not in VOID:
            self.stack.append((tag, skip))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        for k in range(len(self.stack) - 1, -1, -1):   # tolerant: close up to the matching open tag
            if self.stack[k][0] == tag:
                del self.stack[k:]
                break
        if self.article is not None and len(self.stack) <= self.article:
            self.done = True

    def handle_data(self, data: str) -> None:
        if self.article is not None and not self.done and not self._skipping():
            self.text.append(data)
