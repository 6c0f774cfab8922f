"""The book tools on damaged input (issue 42 point 2): the translation tool, the notebook exporter
(``tools lite``) and the editions tool end every case in one line on stderr naming what is wrong, exit 2,
Ctrl-C in exit 130 without a traceback, and leave the site or the catalogues byte for byte as they were.

Everything runs on small fake books, builds and sites in tmp_path: no book build, no real catalogue.
The cases run in-process through the tools' entry point (``tools.__main__.run``); the ones that could hang
(a page linked to /dev/zero, a FIFO) run as a process with a timeout.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import stat
import subprocess
import sys
import zlib
from pathlib import Path
from typing import Any, Callable

import pytest

from tools import translations
from tools.__main__ import run
from tools.book import build_lite, editions

ROOT = Path(__file__).resolve().parents[2]


def tree(folder: Path) -> dict[str, str]:
    """Every entry under ``folder``: a file's hash, a link's target, "dir", or the kind of a special file
    (never read: it may be endless)."""
    out = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        mode = path.lstat().st_mode
        if stat.S_ISLNK(mode):
            out[rel] = f"-> {os.readlink(path)}"
        elif stat.S_ISDIR(mode):
            out[rel] = "dir"
        elif stat.S_ISREG(mode):
            out[rel] = hashlib.sha256(path.read_bytes()).hexdigest()
        else:
            out[rel] = f"special {stat.S_IFMT(mode)}"
    return out


def call(tool: str, main: Callable[..., int], argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run a tool as ``python -m tools TOOL ...`` does; its exit status and standard error."""
    return call_out(tool, main, argv, capsys)[:2]


def call_out(tool: str, main: Callable[..., int], argv: list[str],
             capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = run(f"tools {tool}", main, argv)
    captured = capsys.readouterr()
    return status, captured.err, captured.out


def one_line(status: int, err: str, *words: str, code: int = 2) -> str:
    assert status == code, (status, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in lines[0], (word, lines[0])
    return lines[0]


def process(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m tools ...`` with a timeout: a tool that waits on a FIFO or reads /dev/zero fails the test."""
    return subprocess.run([sys.executable, "-m", "tools", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def process_line(done: subprocess.CompletedProcess[str], *words: str) -> None:
    one_line(done.returncode, done.stderr, *words)


# -- the translation tool ----------------------------------------------------------------------

HEADER = ('msgid ""\nmsgstr ""\n"Project-Id-Version: dominolab\\n"\n"MIME-Version: 1.0\\n"\n'
          '"Content-Type: text/plain; charset=UTF-8\\n"\n"Content-Transfer-Encoding: 8bit\\n"\n\n')   # lines 1-7


def fake_book(root: Path, catalogues: dict[str, str | bytes]) -> Path:
    """A copy of the book as ``--source`` takes it, with the English catalogues ``catalogues`` (page ->
    text after the header, or the whole file as bytes)."""
    (root / "book").mkdir(parents=True)
    (root / "_toc.yml").write_text("format: jb-book\nroot: book/eins\n")
    (root / "_config.yml").write_text("title: Probe\n")
    (root / "book" / "eins.md").write_text("# Eins\n\nErster Absatz.\n")
    base = translations.catalogue_dir(root, "en") / "book"
    base.mkdir(parents=True)
    for page, text in catalogues.items():
        path = base / f"{page}.po"
        path.write_bytes(text if isinstance(text, bytes) else (HEADER + text).encode("utf-8"))
    return root


GOOD = 'msgid "Eins"\nmsgstr "One"\n\nmsgid "Erster Absatz."\nmsgstr "First paragraph."\n'

#: name -> (the catalogue after the header, or bytes; the line the error must name; words of the error)
DAMAGED: dict[str, tuple[str | bytes, int, str]] = {
    "latin-1": ((HEADER + 'msgid "Eins"\nmsgstr "One"\n\nmsgid "Größe"\nmsgstr "Size"\n').encode("latin-1"),
                11, "not UTF-8"),
    "lying charset": ((HEADER.replace("UTF-8", "ISO-8859-1") + 'msgid "Eins"\nmsgstr "One „1“"\n').encode(), 5,
                      "charset 'iso-8859-1'"),
    "duplicate msgid": (GOOD + '\nmsgid "Eins"\nmsgstr "One again"\n', 14, "msgid of line 8 again"),
    "unclosed string": ('msgid "Eins"\nmsgstr "One\n\nmsgid "Zwei"\nmsgstr "Two"\n', 9, "not closed"),
    "unknown escape": ('msgid "Eins\\q"\nmsgstr "One"\n', 8, "unknown escape"),
    "stray line": (GOOD + "just some words\n", 13, "no PO keyword"),
    "msgid without msgstr": ('msgid "Eins"\n\nmsgid "Zwei"\nmsgstr "Two"\n', 9, "line 8 has no msgstr"),
    "msgstr without msgid": ('msgstr "One"\n', 8, "msgstr without its msgid"),
    "string outside a message": ('"loose"\n' + GOOD, 8, "string outside a message"),
}


@pytest.mark.parametrize("case", DAMAGED)
@pytest.mark.parametrize("command", ["check", "update"])
def test_translations_refuse_a_damaged_catalogue_naming_file_and_line(tmp_path, capsys, case, command):
    """A damaged catalogue stops both commands before the extraction (which would take minutes), in one
    line naming the file and the line of the damage: exit 2, for check too (the file is broken, not out of
    step). The catalogues stay as they were."""
    text, line, words = DAMAGED[case]
    book = fake_book(tmp_path / "book", {"eins": GOOD, "zwei": text})
    before = tree(book)
    status, err = call("translations", translations.main, [command, "--source", str(book)], capsys)
    one_line(status, err, f"zwei.po, line {line}: ", words)
    assert tree(book) == before


def test_the_repositorys_catalogues_pass_the_strict_reading():
    """The checker is not stricter than the catalogues the tool writes, and what it reads is written back
    byte for byte (read only: nothing is changed)."""
    found = sorted((ROOT / "book" / "locales").rglob("*.po"))
    assert found
    for path in found:
        assert translations._write(translations.read_catalogue(path)) == path.read_bytes(), path


@pytest.mark.parametrize("where", ["book/locales", "book/locales/en", "book/locales/en/LC_MESSAGES",
                                   "book/locales/en/LC_MESSAGES/book"])
def test_translations_refuse_a_locale_path_that_is_a_file(tmp_path, capsys, where):
    book = fake_book(tmp_path / "book", {})
    import shutil

    shutil.rmtree(book / "book" / "locales")
    (book / where).parent.mkdir(parents=True, exist_ok=True)
    (book / where).write_text("not a folder\n")
    before = tree(book)
    for command in ("check", "update"):
        status, err = call("translations", translations.main, [command, "--source", str(book)], capsys)
        one_line(status, err, f"{book / where} is not a folder")
    assert tree(book) == before


@pytest.mark.slow
def test_translations_refuse_an_endless_catalogue_or_configuration(tmp_path):
    """A catalogue or _config.yml linked to /dev/zero, or a FIFO, is refused at once (no endless read, no
    wait for a writer)."""
    book = fake_book(tmp_path / "book", {"eins": GOOD})
    base = translations.catalogue_dir(book, "en") / "book"
    (base / "zwei.po").symlink_to("/dev/zero")
    process_line(process("translations", "check", "--source", str(book)), "zwei.po is not a regular file")
    (base / "zwei.po").unlink()
    os.mkfifo(base / "zwei.po")
    process_line(process("translations", "update", "--source", str(book)), "zwei.po is not a regular file (a pipe)")
    (base / "zwei.po").unlink()
    (book / "_config.yml").unlink()
    (book / "_config.yml").symlink_to("/dev/zero")
    before = tree(book)
    process_line(process("translations", "check", "--source", str(book)), "_config.yml is not a regular file")
    assert tree(book) == before


def _templates(pages: dict[str, list[str]]) -> dict[str, Any]:
    """What the extraction would give: document name -> babel catalogue of the German messages."""
    from babel.messages.catalog import Catalog

    out = {}
    for page, ids in pages.items():
        template = Catalog()
        for msgid in ids:
            template.add(msgid)
        out[f"book/{page}"] = template
    return out


def test_translations_update_replaces_all_catalogues_or_none(tmp_path, capsys, monkeypatch):
    """update changes two catalogues and drops a third; Ctrl-C while the new ones are written, or a folder
    that cannot be written, leaves all three as they were; an undisturbed run writes them, and check passes
    once they are translated."""
    book = fake_book(tmp_path / "book", {"eins": GOOD, "zwei": 'msgid "Zwei"\nmsgstr "Two"\n', "alt": GOOD})
    templates = _templates({"eins": ["Eins", "Erster Absatz.", "Neu."], "zwei": ["Zwei", "Noch neu."]})
    monkeypatch.setattr(translations, "extract", lambda source, out: templates)
    before = tree(book)
    real = Path.write_bytes
    calls = []

    def interrupted(self: Path, data: bytes) -> int:
        calls.append(self)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", interrupted)
    status, err = call("translations", translations.main, ["update", "--source", str(book)], capsys)
    assert status == 130 and "Traceback" not in err and "interrupted" in err
    assert len(calls) == 2 and tree(book) == before
    monkeypatch.setattr(Path, "write_bytes", real)

    def unwritable(new: Path) -> None:
        raise PermissionError(13, "Permission denied", str(new))

    import shutil

    monkeypatch.setattr(shutil, "copytree", lambda *a, **k: unwritable(Path(a[1])))
    status, err = call("translations", translations.main, ["update", "--source", str(book)], capsys)
    one_line(status, err, "cannot write", "Permission denied")
    assert tree(book) == before
    monkeypatch.undo()
    monkeypatch.setattr(translations, "extract", lambda source, out: templates)

    status, err = call("translations", translations.main, ["update", "--source", str(book)], capsys)
    assert status == 0, err
    base = translations.catalogue_dir(book, "en") / "book"
    assert sorted(p.name for p in base.iterdir()) == ["eins.po", "zwei.po"]
    assert not [p for p in base.parent.parent.iterdir() if p.name.startswith(".")]     # nothing left beside
    status, err, out = call_out("translations", translations.main, ["check", "--source", str(book)], capsys)
    assert status == 1 and "2 problems" in err and out.count("untranslated") == 2, (err, out)
    for path in base.iterdir():       # translate the new messages: then the catalogues are in step
        path.write_text(path.read_text().replace('msgid "Neu."\nmsgstr ""', 'msgid "Neu."\nmsgstr "New."')
                        .replace('msgid "Noch neu."\nmsgstr ""', 'msgid "Noch neu."\nmsgstr "New too."'))
    status, err = call("translations", translations.main, ["check", "--source", str(book)], capsys)
    assert status == 0, (err, [p.read_text() for p in base.iterdir()])


# -- the notebook exporter (tools lite) --------------------------------------------------------

PAGES = build_lite.NOTEBOOK_PAGES


def inventory(entries: list[tuple[str, str, str, str]]) -> bytes:
    """A Sphinx inventory (objects.inv, version 2) of (name, domain:role, uri, title) entries."""
    body = "".join(f"{name} {role} -1 {uri} {title}\n" for name, role, uri, title in entries)
    return (b"# Sphinx inventory version 2\n# Project: Probe\n# Version: \n"
            b"# The remainder of this file is compressed using zlib.\n" + zlib.compress(body.encode()))


def fake_build(build: Path) -> Path:
    """A build folder as the book leaves it for the exporter: html/objects.inv and the executed pages of
    every notebook page with their glued values (German edition only)."""
    html = build / "html"
    html.mkdir(parents=True)
    (html / "objects.inv").write_bytes(inventory(
        [(f"book/{page}", "std:doc", f"book/{page}.html", page.title()) for page in PAGES]
        + [("zug", "std:term", "book/glossar.html#term-zug", "Zug")]))
    executed = build / "jupyter_execute" / "book"
    executed.mkdir(parents=True)
    for page in PAGES:
        notebook = {"cells": [
            {"cell_type": "markdown", "source": [f"# {page.title()}\n", "\n", "Ein {term}`Zug` bringt {glue:}`n` Punkte."]},
            {"cell_type": "code", "source": "x = 1 + 1\nx"},
            {"cell_type": "code", "source": "assert x == 2"}]}
        (executed / f"{page}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
        (executed / f"{page}.glue.json").write_text(json.dumps({"n": {"data": {"text/plain": "5"}}}))
    return build


@pytest.fixture
def built(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A fake build whose downloads were written once (the state a damaged rebuild must leave)."""
    build = fake_build(tmp_path / "_build")
    status, err = call("lite", build_lite.main, [str(build), "--no-live"], capsys)
    assert status == 0, err
    written = sorted(p.name for p in (build / "html" / "notebooks").iterdir())
    assert written == sorted(f"{page}.ipynb" for page in PAGES)
    exported = json.loads((build / "html" / "notebooks" / f"{PAGES[0]}.ipynb").read_text())
    assert "bringt 5 Punkte" in exported["cells"][0]["source"]
    return build


def _damage(build: Path, what: str) -> str:
    """Damage one part of the build; returns a word the error line must hold."""
    executed = build / "jupyter_execute" / "book"
    page, glue, inv = executed / f"{PAGES[3]}.ipynb", executed / f"{PAGES[3]}.glue.json", build / "html" / "objects.inv"
    cells = json.loads(page.read_text())["cells"]
    damage: dict[str, tuple[Path, bytes, str]] = {
        "page not JSON": (page, b'{"cells": [', "is not JSON"),
        "page not UTF-8": (page, b'{"cells": "\xff"}', "is not UTF-8"),
        "page a list": (page, b"[1, 2]", "is not a notebook"),
        "page cell without text": (page, json.dumps({"cells": [{"cell_type": "code", "source": 3}]}).encode(),
                                   "cell 1 has no type or no text"),
        "page too deep": (page, b"[" * 100000 + b"]" * 100000, "nested too deeply"),
        "page not Python": (page, json.dumps({"cells": cells[:1] + [{"cell_type": "code", "source": "x = ("}]}
                                             ).encode(), "a code cell is not Python"),
        "page without title": (page, json.dumps({"cells": cells[1:]}).encode(), "no title"),
        "glue not JSON": (glue, b"{nope", "is not JSON"),
        "glue a list": (glue, b"[]", "is not a file of glued values"),
        "glue without data": (glue, b'{"n": {"value": 5}}', "is not a file of glued values"),
        "glue without the value": (glue, b"{}", "no glued value 'n'"),
        "inventory garbage": (inv, b"garbage\n", "is not a Sphinx inventory"),
        "inventory broken zlib": (inv, inventory([])[:-8] + b"not zlib", "is not a Sphinx inventory"),
        "inventory of nothing": (inv, inventory([]), "no pages"),
    }
    if what in damage:
        path, data, words = damage[what]
        path.write_bytes(data)
        return words
    if what == "missing page":
        page.unlink()
        return "is missing: build the book first"
    if what == "missing inventory":
        inv.unlink()
        return "no built site"
    if what == "page a folder":
        page.unlink()
        page.mkdir()
        return "not a regular file (a folder)"
    raise AssertionError(what)


DAMAGES = ["page not JSON", "page not UTF-8", "page a list", "page cell without text", "page too deep",
           "page not Python", "page without title", "glue not JSON", "glue a list", "glue without data",
           "glue without the value", "inventory garbage", "inventory broken zlib", "inventory of nothing",
           "missing page", "missing inventory", "page a folder"]


@pytest.mark.parametrize("what", DAMAGES)
def test_the_notebook_exporter_refuses_a_damaged_build_and_keeps_the_downloads(built, capsys, what):
    words = _damage(built, what)
    before = tree(built)
    status, err = call("lite", build_lite.main, [str(built), "--no-live"], capsys)
    one_line(status, err, words)
    assert tree(built) == before


def test_the_notebook_exporter_refuses_a_missing_build(tmp_path, capsys):
    status, err = call("lite", build_lite.main, [str(tmp_path / "nosuch"), "--no-live"], capsys)
    one_line(status, err, "no build in", "build the book first")
    (tmp_path / "empty").mkdir()
    status, err = call("lite", build_lite.main, [str(tmp_path / "empty"), "--no-live"], capsys)
    one_line(status, err, "no built site")
    assert tree(tmp_path) == {"empty": "dir"}


def test_the_notebook_exporter_interrupted_or_unwritable_leaves_the_downloads(built, capsys, monkeypatch):
    """Ctrl-C half-way through the pages, or while the new folder is written, is exit 130 without a
    traceback; a site that cannot be written (read-only) is one line; the old downloads stay in all three."""
    before = tree(built)
    real = build_lite.export
    seen = []

    def export(*args: Any, **kw: Any) -> Any:
        seen.append(1)
        if len(seen) == 5:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(build_lite, "export", export)
    status, err = call("lite", build_lite.main, [str(built), "--no-live"], capsys)
    assert status == 130 and "Traceback" not in err and len(seen) == 5
    assert tree(built) == before
    monkeypatch.undo()

    written = []
    real_write = Path.write_text

    def write_text(self: Path, *args: Any, **kw: Any) -> int:
        written.append(self)
        if len(written) == 4:
            raise KeyboardInterrupt
        return real_write(self, *args, **kw)

    monkeypatch.setattr(Path, "write_text", write_text)
    status, err = call("lite", build_lite.main, [str(built), "--no-live"], capsys)
    assert status == 130 and "Traceback" not in err and len(written) == 4
    assert tree(built) == before
    monkeypatch.undo()

    real_mkdir = Path.mkdir

    def read_only(self: Path, *args: Any, **kw: Any) -> None:       # the site's folder refuses new entries
        if self.parent == built / "html":
            raise PermissionError(13, "Permission denied", str(self))
        real_mkdir(self, *args, **kw)

    monkeypatch.setattr(Path, "mkdir", read_only)
    status, err = call("lite", build_lite.main, [str(built), "--no-live"], capsys)
    one_line(status, err, "cannot write", "Permission denied")
    assert tree(built) == before


@pytest.mark.slow
@pytest.mark.parametrize("what", ["page", "glue", "inventory"])
@pytest.mark.parametrize("endless", ["/dev/zero", "fifo"])
def test_the_notebook_exporter_refuses_an_endless_file_at_once(tmp_path, what, endless):
    """A page, glue file or inventory linked to /dev/zero (once 1.8 GiB read) or a FIFO (a wait for a
    writer that never comes) is refused in one line."""
    build = fake_build(tmp_path / "_build")
    executed = build / "jupyter_execute" / "book"
    path = {"page": executed / f"{PAGES[2]}.ipynb", "glue": executed / f"{PAGES[2]}.glue.json",
            "inventory": build / "html" / "objects.inv"}[what]
    path.unlink()
    if endless == "fifo":
        os.mkfifo(path)
    else:
        path.symlink_to(endless)
    before = tree(build)
    done = process("lite", str(build), "--no-live")
    process_line(done, path.name, "is not a regular file", "pipe" if endless == "fifo" else "device")
    assert tree(build) == before


def test_read_limited_refuses_a_file_larger_than_the_limit(tmp_path):
    from tools import ToolError, read_limited

    path = tmp_path / "big"
    path.write_bytes(b"x" * 1001)
    assert read_limited(path, limit=1001) == b"x" * 1001
    with pytest.raises(ToolError, match="larger than"):
        read_limited(path, limit=1000)


# -- the editions tool -------------------------------------------------------------------------

def _site(build: Path) -> Path:
    """A small built site: the German at html/, an English edition at html/en/ sharing a static file."""
    html = build / "html"
    files = {"index.html": "<p>Start</p>", "_static/shared.js": "// the same in both",
             "en/index.html": '<script src="_static/shared.js"></script><p>Start (en)</p>',
             "en/_static/shared.js": "// the same in both", "en/_static/documentation_options.js": "// en"}
    for rel, text in files.items():
        (html / rel).parent.mkdir(parents=True, exist_ok=True)
        (html / rel).write_text(text, encoding="utf-8")
    return html


@pytest.mark.slow
@pytest.mark.parametrize("endless", ["/dev/zero", "fifo", "fifo in _static"])
def test_editions_share_refuses_an_endless_page_and_leaves_the_site(tmp_path, endless):
    html = _site(tmp_path / "_build")
    if endless == "/dev/zero":
        (html / "en" / "page.html").symlink_to("/dev/zero")
        words = ("page.html", "not a regular file (a device)")
    elif endless == "fifo":
        os.mkfifo(html / "en" / "page.html")
        words = ("page.html", "a pipe, device or socket")
    else:
        os.mkfifo(html / "en" / "_static" / "stream.js")
        words = ("stream.js", "a pipe, device or socket")
    before = tree(html)
    process_line(process("editions", "share", str(html)), *words)
    assert tree(html) == before


def test_editions_share_does_not_write_through_a_linked_page(tmp_path, capsys):
    """A page of the edition that links to a file elsewhere: the edition gets its own changed page, the
    file the link pointed at stays as it was."""
    html = _site(tmp_path / "_build")
    outside = tmp_path / "elsewhere.html"
    outside.write_text('<script src="_static/shared.js"></script>', encoding="utf-8")
    (html / "en" / "linked.html").symlink_to(outside)
    status, err = call("editions", editions.main, ["share", str(html)], capsys)
    assert status == 0, err
    assert outside.read_text(encoding="utf-8") == '<script src="_static/shared.js"></script>'
    page = html / "en" / "linked.html"
    assert not page.is_symlink() and '"../_static/shared.js"' in page.read_text(encoding="utf-8")


@pytest.mark.parametrize("command", ["place", "share"])
def test_editions_on_a_read_only_site_or_interrupted_leave_it(tmp_path, capsys, monkeypatch, command):
    """A site whose folder refuses new entries (read-only; simulated, the tests may run as root) is one
    line and exit 2; Ctrl-C half-way is exit 130 without a traceback; the site and the build as they were."""
    build = tmp_path / "_build"
    html = _site(build)
    (build / "en" / "html").mkdir(parents=True)
    (build / "en" / "html" / "index.html").write_text("<p>new</p>", encoding="utf-8")
    before = tree(build)
    argv = [command, str(build if command == "place" else html)]
    import shutil

    def read_only(src: Any, dst: Any, *args: Any, **kw: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(dst))

    name = "move" if command == "place" else "copytree"
    monkeypatch.setattr(shutil, name, read_only)
    status, err = call("editions", editions.main, argv, capsys)
    one_line(status, err, "cannot write", "Permission denied", ".en.new")
    assert tree(build) == before
    monkeypatch.undo()

    real_rename = os.rename

    stopped = []

    def interrupted(src: Any, dst: Any) -> None:
        if Path(dst) == html / "en" and not stopped:    # the new edition is complete; Ctrl-C as it takes over
            stopped.append(src)
            raise KeyboardInterrupt
        real_rename(src, dst)

    monkeypatch.setattr(os, "rename", interrupted)
    status, err = call("editions", editions.main, argv, capsys)
    assert status == 130 and "Traceback" not in err, err
    assert stopped
    assert tree(build) == before      # place: the built edition was moved back where it was
