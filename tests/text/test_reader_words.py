"""Reader words (dominolab.text.words): one rendering of a move, and every refusal of the engine as a German sentence."""

from __future__ import annotations

import re

import pytest

from dominolab import book
from dominolab.core.engine import DRAW, PASS
from dominolab.core.errors import DominoError
from dominolab.core.layout import Layout, Placement
from dominolab.text.words import WORDS, count, error_sentence, move_text

_GENERAL = WORDS["de"].reader.general

ENGLISH = re.compile(r"\b(the|is|not|only|after|both|must|can|seat|tile|stock|draw|pass|layout|occupied|"
                     r"match|pips|side|arm|high|low|round|over)\b", re.IGNORECASE)


def _refusals() -> list[DominoError]:
    """One real engine error for every reason Layout.problem and Round._why_illegal give."""
    errors: list[DominoError] = []

    def catch(action):
        try:
            action()
        except DominoError as exc:
            errors.append(exc)
        else:
            raise AssertionError("the engine accepted a move meant to be refused")

    hr = Layout.from_notation("[5|5] [2|5]@[5|5].A", spinners=True)
    catch(lambda: hr.place("[4|5]@[5|5].armA"))            # side arm before both line sides
    catch(lambda: hr.place("[4|6]@[2|5].low"))             # pips do not match
    catch(lambda: hr.place("[1|3]@[5|5].A"))               # point occupied
    catch(lambda: hr.place("[2|5]@[5|5].B"))               # tile already on the table
    catch(lambda: hr.place("[2|3]@[3|3].A"))               # anchor not on the table
    catch(lambda: hr.place("[1|2]"))                       # no point given
    catch(lambda: Layout(True).place("[1|2]@[5|5].A"))     # first tile with a point
    ft = Layout.from_notation("[6|6]", spinners=False)
    catch(lambda: ft.place("[1|6]@[6|6].armA"))            # no spinners in this game
    rnd = book.position("horse-race", 2, layout="[1|4]", hands=[["[4|6]", "[0|0]"], ["[2|3]"]], stock=["[3|3]"])
    catch(lambda: rnd.apply(DRAW))                         # can play, must not draw
    catch(lambda: rnd.apply(PASS))                         # can play, must not pass
    catch(lambda: rnd.apply("[2|3]@[1|4].low"))            # not in the hand
    stuck = book.position("horse-race", 2, layout="[1|4]", hands=[["[0|0]"], ["[2|3]"]], stock=["[3|3]", "[4|6]"])
    catch(lambda: stuck.apply(PASS))                       # must draw first
    stuck.apply(DRAW)                                      # [3|3] does not fit: still drawing
    stuck.apply(DRAW)                                      # [4|6] fits and must be played at once
    catch(lambda: stuck.apply("[0|0]@[1|4].low"))          # the drawn tile first
    empty = book.position("horse-race", 2, layout="[1|4]", hands=[["[0|0]"], ["[2|3]"]], stock=[])
    catch(lambda: empty.apply(DRAW))                       # stock empty
    f = book.position("fives-and-threes", 2, layout="[2|4]", hands=[["[4|6]"], ["[1|3]"]])
    catch(lambda: f.apply(DRAW))                           # no drawing in Fives and Threes
    done = book.position("fives-and-threes", 2, layout="[2|4]", hands=[["[4|6]"], ["[1|3]"]])
    done.apply("[4|6]@[2|4].high")
    catch(lambda: done.apply(PASS))                        # round over
    return errors


def test_every_refusal_has_its_own_german_sentence():
    errors = _refusals()
    assert len(errors) == 16
    for exc in errors:
        german = error_sentence(exc)
        assert _GENERAL not in german, f"{exc} has no German sentence"
        assert not ENGLISH.search(german), f"English left in {german!r} (from {exc})"
        assert german.endswith("."), german


def test_unknown_reasons_get_a_general_sentence_never_english():
    """An error without a reason code (a future one) still reads German, with the move for readers."""
    error = DominoError("[1|2]@[1|4].low: a brand-new reason", details={"placement": "[1|2]@[1|4].low"})
    assert error_sentence(error) == f"[1|2] an [1|4], Ende mit der 1: {_GENERAL}"
    assert error_sentence(DominoError("something the engine says one day")) == _GENERAL


@pytest.mark.parametrize("notation, words", [
    ("[1|4]", "[1|4] als Eröffnung"),
    ("[4|4]@[1|4].high", "[4|4] an [1|4], Ende mit der 4"),
    ("[1|1]@[1|4].low", "[1|1] an [1|4], Ende mit der 1"),
    ("[2|4]@[4|4].B", "[2|4] an [4|4], Längsseite B"),
    ("[4|5]@[5|5].armA", "[4|5] an [5|5], Seitenarm A"),
    ("draw", "ziehen"),
])
def test_one_reader_rendering_of_a_move(notation, words):
    assert move_text(notation) == words
    if "@" in notation:
        assert move_text(Placement.parse(notation)) == words


def test_german_number_grammar():
    assert [count(n, ("Stein", "Steine")) for n in (0, 1, 2)] == ["0 Steine", "1 Stein", "2 Steine"]
