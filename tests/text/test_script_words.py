"""Every text the browser's scripts show comes from the words table (issue 31, point 3).

The scripts of book/_widgetjs (the play page, „Probier es aus“, the lessons, the board, the steppers) read
their words from ``_static/words.js`` (:data:`dominolab.text.words.SCRIPT_WORDS`, written by
tools/book/build_lesson_pools.py) in the page's language. This test reads the scripts' string literals: none
holds an umlaut or other German letter, and none is natural language (three words in a row) beyond a
short allow-list of developer messages (console lines, errors for developers, Python code run in
Pyodide), which no reader sees. It also checks words.js: both languages, the same keys and fields.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dominolab.text.words import LANGUAGES, SCRIPT_WORDS

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "book" / "_widgetjs"
#: The scripts that show words (offline.js and sw.js show none; lib/ and pyodide/ are fetched from npm).
SCRIPTS = sorted([*JS.glob("play/*.js"), *JS.glob("lessons/lessons.js"), *JS.glob("lessons/load.js"),
                  JS / "board" / "board.js", JS / "readable.js", JS / "widget-setup.js"])

#: String literals: "…", '…' and `…` (template literals with their ${} parts removed).
LITERAL = re.compile(r'''"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`''')
GERMAN = re.compile(r"[äöüÄÖÜß„“]")
PROSE = re.compile(r"\b[A-Za-z]{2,}[,:]? [a-z]{2,}[,:]? [a-z]{2,}\b")
#: Literals no reader sees: messages for developers (the console, errors that the page shows only in
#: data-error-detail) and the Python the worker runs. Each entry is a fragment of one literal.
ALLOWED = (
    "HTTP ${", "the browser kept Pyodide", "the snapshot is larger than its manifest says",
    "the snapshot is smaller than its manifest says", "the wheel is not a zip file", "the wheel's directory is broken",
    "unsupported compression in the wheel", "snapshot not used, starting Python normally",
    "the engine worker could not start", "the snapshot imported dominolab from", "is not None and hasattr(",
    "if not os.path.realpath(", "for finder in list(", "import dominolab, os, random, sys",
)


def _literals(path: Path):
    text = path.read_text(encoding="utf-8")
    # comments hold German words of the book on purpose (which page, which button): not shown
    code = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    code = "\n".join(line if not line.lstrip().startswith("//") else "" for line in code.splitlines())
    code = re.sub(r"(^|[^:\\\"'`])//[^\n\"'`]*$", r"\1", code, flags=re.M)
    for m in LITERAL.finditer(code):
        literal = next(g for g in m.groups() if g is not None)
        yield re.sub(r"\$\{[^}]*\}", " ", literal) if m.group(3) is not None else literal


def test_the_scripts_carry_no_words_of_their_own() -> None:
    assert len(SCRIPTS) >= 9, SCRIPTS
    found = []
    for path in SCRIPTS:
        for literal in _literals(path):
            if GERMAN.search(literal):
                found.append(f"{path.relative_to(ROOT)}: German letters in {literal!r}")
            elif PROSE.search(literal) and not any(a.replace("${", " ") in literal or a in literal for a in ALLOWED):
                found.append(f"{path.relative_to(ROOT)}: words in {literal!r}")
    assert not found, "texts belong in the words table (ScriptWords):\n" + "\n".join(found)


def test_the_detector_finds_a_german_and_an_english_sentence(tmp_path) -> None:
    sample = tmp_path / "x.js"
    sample.write_text('const a = "Wähle einen Stein";\nconst b = `Choose a tile ${x} of your hand`;\n'
                      '// "a comment with many words"\nconst c = "dl-move dl-refused";\n', encoding="utf-8")
    literals = list(_literals(sample))
    assert any(GERMAN.search(x) for x in literals)
    assert any(PROSE.search(x) for x in literals if not GERMAN.search(x))
    assert "a comment with many words" not in " ".join(literals)


def _builder():
    from tools.book import build_lesson_pools

    return build_lesson_pools


def test_words_js_holds_both_languages_with_the_same_keys_and_fields() -> None:
    text = _builder().words_script()
    assert text.startswith("/*") and "window.DominolabWords = " in text
    data = json.loads(text.split("window.DominolabWords = ", 1)[1].rstrip().removesuffix(";"))
    assert set(data) == set(LANGUAGES) >= {"de", "en"}
    fields = re.compile(r"\{(\w+)\}")
    for group in ("play", "tryit", "lessons", "board", "widgets", "engine"):
        assert set(data["de"][group]) == set(data["en"][group]), group
        for key, german in data["de"][group].items():
            english = data["en"][group][key]
            assert german.strip() and english.strip(), (group, key)
            assert set(fields.findall(german)) == set(fields.findall(english)), (group, key)
            assert not re.search(r"[äöüÄÖÜß„]", english), (group, key, english)
    assert data["de"]["play"] == dict(SCRIPT_WORDS["de"].play)


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_every_key_a_script_reads_is_in_the_table(path: Path) -> None:
    """``W.name`` / ``L.name`` in a script is a key of its group (a typo would show "undefined")."""
    group = {"play.js": "play", "tryit.js": "tryit", "lessons.js": "lessons", "engine.js": "engine"}.get(path.name)
    if group is None:
        return
    text = path.read_text(encoding="utf-8")
    used = set(re.findall(r"\b[WL]\.([a-z_]+)\b", text)) | set(re.findall(r"\bW\(\)\.([a-z_]+)\b", text))
    known = set(getattr(SCRIPT_WORDS["de"], group))
    assert used, path
    assert used <= known, f"{path.name}: not in ScriptWords.{group}: {sorted(used - known)}"
