"""The English catalogues stay in step with the German pages (tools/translations.py, issue 31).

``check`` runs over the repository's catalogues (a message untranslated, fuzzy, missing or no longer
in the German fails it); the machinery itself is tried on a temporary copy of the book: one German
paragraph changed -> ``update`` marks exactly that message fuzzy, keeping the previous German, and
``check`` fails naming page and paragraph; an unchanged book leaves every catalogue byte-identical.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

babel = pytest.importorskip("babel")
pytest.importorskip("jupyter_book")

from babel.messages.pofile import read_po, write_po  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = Path("book") / "locales" / "en" / "LC_MESSAGES" / "book"
PAGE = "hr-spinner"


def run(command: str, source: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(source / "book" / "_ext")]))
    return subprocess.run([sys.executable, "-m", "tools", "translations", command, "--source", str(source)], cwd=source,
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)


@pytest.mark.slow
def test_the_english_catalogues_are_in_step_with_the_german() -> None:
    result = run("check")
    assert result.returncode == 0, (
        "the English catalogues are not in step with the German pages (make translations, then "
        "translate; README.md, Translations):\n" + "\n".join(result.stdout.splitlines()[:40]))


@pytest.fixture(scope="module")
def book_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the book's sources whose every message is 'translated' (EN: + the German)."""
    copy = tmp_path_factory.mktemp("book")
    for name in ("_config.yml", "_toc.yml"):
        shutil.copyfile(ROOT / name, copy / name)
    (copy / "book").mkdir()
    for page in (ROOT / "book").glob("*.md"):
        shutil.copyfile(page, copy / "book" / page.name)
    shutil.copytree(ROOT / "book" / "_ext", copy / "book" / "_ext",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "book" / "locales", copy / "book" / "locales",
                    ignore=shutil.ignore_patterns("*.mo"))
    for path in (copy / CATALOGUES).glob("*.po"):
        with path.open("rb") as fh:
            catalogue = read_po(fh)
        for message in catalogue:
            if message.id:
                message.string = f"EN: {message.id}"
                message.flags.discard("fuzzy")
        with path.open("wb") as fh:
            write_po(fh, catalogue, width=0, no_location=True, ignore_obsolete=True, include_previous=True)
    return copy


def _snapshot(copy: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((copy / CATALOGUES).glob("*.po"))}


@pytest.mark.slow
def test_update_marks_exactly_the_changed_paragraph_fuzzy(book_copy: Path) -> None:
    before = _snapshot(book_copy)
    unchanged = run("update", book_copy)
    assert unchanged.returncode == 0, unchanged.stderr
    assert _snapshot(book_copy) == before, "an update without German changes rewrote a catalogue"
    assert run("check", book_copy).returncode == 0

    page = book_copy / "book" / f"{PAGE}.md"
    text = page.read_text(encoding="utf-8")
    old = "Die Ablehnung hat nichts verändert."
    assert old in text
    page.write_text(text.replace(old, "Die Ablehnung hat gar nichts verändert."), encoding="utf-8")
    updated = run("update", book_copy)
    assert updated.returncode == 0, updated.stderr
    after = _snapshot(book_copy)
    assert {name for name in after if after[name] != before[name]} == {f"{PAGE}.po"}
    with (book_copy / CATALOGUES / f"{PAGE}.po").open("rb") as fh:
        catalogue = read_po(fh)
    fuzzy = [m for m in catalogue if m.id and m.fuzzy]
    assert len(fuzzy) == 1
    assert fuzzy[0].id.startswith("Die Ablehnung hat gar nichts verändert.")
    assert fuzzy[0].string.startswith("EN: Die Ablehnung hat nichts verändert.")   # the old English kept
    assert f"#| msgid \"{old}" in after[f"{PAGE}.po"].decode()   # the previous German, for the translator
    again = run("update", book_copy)   # a later update keeps it
    assert again.returncode == 0 and _snapshot(book_copy) == after

    checked = run("check", book_copy)
    assert checked.returncode == 1
    problems = checked.stdout.splitlines()
    assert len(problems) == 1, problems
    assert f"{PAGE}.po" in problems[0] and "fuzzy" in problems[0]
    assert "Die Ablehnung hat gar nichts verändert." in problems[0]


@pytest.mark.slow
def test_check_names_untranslated_and_vanished_messages(book_copy: Path) -> None:
    path = book_copy / CATALOGUES / "intro.po"
    with path.open("rb") as fh:
        catalogue = read_po(fh)
    first = next(m for m in catalogue if m.id)
    first.string = ""
    catalogue.add("Ein Absatz, den es nicht mehr gibt.", "A paragraph that is gone.")
    with path.open("wb") as fh:
        write_po(fh, catalogue, width=0, no_location=True)
    problems = run("check", book_copy).stdout
    assert f"intro.po: untranslated: \"{first.id}" in problems
    assert "intro.po: no longer in the German page: \"Ein Absatz, den es nicht mehr gibt.\"" in problems


def test_a_folder_that_is_no_book_is_refused_in_one_line(tmp_path: Path) -> None:
    for command in ("check", "update"):
        done = run(command, tmp_path)
        assert done.returncode == 2, done
        assert done.stderr.count("\n") == 1 and "is not a copy of the book" in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []
