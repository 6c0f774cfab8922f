"""Keep the English catalogues in step with the German pages (``make translations``; issue 31).

The book's English edition is the German sources built with Sphinx's internationalisation: one
catalogue per page, ``book/locales/en/LC_MESSAGES/book/PAGE.po``, whose messages are the German
MyST of one paragraph, heading, list item, table cell or glossary entry (msgid) and its English
MyST (msgstr).

``update``
    Extracts the German messages (Sphinx's ``gettext`` builder; no cell runs, no locations) and
    merges them into the catalogues: a new message comes in untranslated, a vanished one is
    dropped, a changed one is marked *fuzzy* with its previous German kept (``#| msgid``) beside
    the old English, so the translator sees what changed. Babel's format, no locations, one line
    per message; a catalogue without changes is left as it is (byte for byte).
``check``
    Exit 1, one line per problem, when a catalogue is not in step with the German: a message
    untranslated, fuzzy, missing, or one the German no longer has (also a catalogue of a page
    that is gone, or a page without catalogue). Exit 0 otherwise.

    python -m tools translations update|check [--lang en] [--source DIR]

``--source`` names another copy of the book (its _config.yml, _toc.yml, book/ and book/locales/);
the tests use it to try the machinery on a temporary copy.

Every catalogue is read and checked before the German is extracted: one that is not UTF-8, declares
another charset, breaks the PO syntax or holds a msgid twice stops the tool in one line naming the
file and the line (exit 2, for ``check`` as for ``update``: such a file is damaged, not out of step).
``update`` writes the catalogues of a language into a copy of their folder, which takes the folder's
place when complete: a failed or interrupted run leaves every catalogue as it was.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from tools import ROOT, Parser, ToolError, read_limited, swap_in
LANGUAGES = ("en",)


def catalogue_dir(source: Path, language: str) -> Path:
    return source / "book" / "locales" / language / "LC_MESSAGES"


@contextlib.contextmanager
def _stand_in_glue_figures() -> Iterator[None]:
    """No cell runs while the messages are extracted, so a ``{glue:figure}`` finds no value and would drop its
    whole figure - and with it the caption, which is prose to translate. Here it gets an empty stand-in."""
    from myst_nb.core.variables import RetrievalError, VariableOutput
    from myst_nb.ext.glue import directives, roles, utils

    # every module that looks values up (book/_ext wraps the lookup of utils for translated paragraphs when the
    # build starts: it wraps this stand-in then, and is undone with it)
    modules = (utils, roles, directives)
    saved = [m.retrieve_glue_data for m in modules]
    real = utils.retrieve_glue_data

    def stand_in(document: Any, key: str) -> Any:
        try:
            return real(document, key)
        except RetrievalError:
            if "nb_renderer" not in document:
                raise
            return VariableOutput(data={"text/plain": ""}, metadata={}, nb_renderer=document["nb_renderer"],
                                  vtype="glue")

    for module in modules:
        module.retrieve_glue_data = stand_in
    try:
        yield
    finally:
        for module, function in zip(modules, saved):
            module.retrieve_glue_data = function


def extract(source: Path, out: Path) -> dict[str, Any]:
    """The German messages of every page: document name (``book/intro``) -> babel Catalog."""
    from babel.messages.pofile import read_po
    import jupyter_book.sphinx

    overrides = {
        "external_toc_path": (source / "_toc.yml").as_posix(),
        "latex_individualpages": False,
        "gettext_compact": False,
        "gettext_location": False,
        "gettext_uuid": False,
        "gettext_auto_build": False,
        "nb_execution_mode": "off",
    }
    target = out / "gettext"
    # Sphinx's messages (warnings about glued values that no cell made here) are of no use
    with open(os.devnull, "w") as quiet, _stand_in_glue_figures():
        saved = sys.stdout, sys.stderr
        sys.stdout = sys.stderr = quiet
        try:
            result = jupyter_book.sphinx.build_sphinx(
                source, target, use_external_toc=True, noconfig=True, path_config=str(source / "_config.yml"),
                confoverrides=overrides, doctreedir=out / "doctrees", force_all=True, builder="gettext",
                really_quiet=True)
        finally:
            sys.stdout, sys.stderr = saved
    if isinstance(result, BaseException) or result:
        raise RuntimeError(f"the message extraction failed: {result}")
    found = {}
    for pot in sorted(target.rglob("*.pot")):
        docname = pot.relative_to(target).with_suffix("").as_posix()
        with pot.open("rb") as fh:
            found[docname] = read_po(fh)
    return found


def read_catalogue(path: Path, data: bytes | None = None) -> Any:
    """A catalogue, with the previous German of its fuzzy messages (``#| msgid``: babel's reader
    would take those lines for comments). A damaged one is a ToolError naming the file and the line."""
    from babel.messages.pofile import read_po

    data = read_limited(path, "catalogue") if data is None else data
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data.count(b"\n", 0, err.start) + 1
        raise ToolError(f"{path}, line {line}: not UTF-8 (byte {err.start}); the catalogues are written in UTF-8"
                        ) from None
    lines = text.split("\n")
    _check_syntax(lines, path)
    catalogue = read_po(io.StringIO("\n".join(line for line in lines if not line.startswith("#|"))))
    charset = str(catalogue.charset or "utf-8").lower()
    if charset not in ("utf-8", "utf8"):
        header = next((n for n, line in enumerate(lines, 1) if "charset=" in line), 1)
        raise ToolError(f"{path}, line {header}: declares the charset {charset[:20]!r}; the catalogues are "
                        "UTF-8 (charset=UTF-8)")
    for msgid, previous in _previous_ids(lines).items():
        message = catalogue.get(msgid)
        if message is not None and message.fuzzy:
            message.previous_id = [previous]
    return catalogue


_STRING = re.compile(r'"(?:[^"\\]|\\["\\ntr])*"')
_KEYWORD = re.compile(r"^(?P<key>msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+(?P<rest>.*)$")


def _check_syntax(lines: list[str], path: Path) -> None:
    """The PO syntax, line by line (babel's reader passes over much of what breaks it, or names another line):
    comments, ``[msgctxt] msgid [msgid_plural] msgstr...`` with their strings and continuation lines, each
    string quoted whole with only the escapes the format has; no msgid (in its context) twice."""
    from babel.messages.pofile import unescape

    seen: dict[tuple[str | None, str], int] = {}
    state = ""                  # the keyword whose strings are being read ("" between messages)
    context: str | None = None
    msgid: list[str] = []
    start = 0                   # the line of the message's msgid

    def fail(number: int, problem: str) -> None:
        raise ToolError(f"{path}, line {number}: {problem}")

    def end(number: int) -> None:
        nonlocal state, context
        if state in ("msgctxt", "msgid", "msgid_plural"):
            fail(number, f"the message of line {start or number} has no msgstr")
        state, context = "", None

    for number, raw in enumerate(lines, 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            end(number)
            continue
        keyword = _KEYWORD.match(line)
        string = keyword["rest"].strip() if keyword else line
        if not _STRING.fullmatch(string):
            what = "a line that is no PO keyword nor string" if not (keyword or line.startswith('"')) else (
                "a string that is not closed, or has an unknown escape")
            fail(number, f"{what}: {line[:40]!r}")
        if not keyword:
            if not state:
                fail(number, "a string outside a message")
            if state == "msgid":
                msgid.append(unescape(string))
            continue
        key = keyword["key"]
        if key.startswith("msgstr"):
            if state not in ("msgid", "msgid_plural", "msgstr"):
                fail(number, "a msgstr without its msgid")
            if state != "msgstr":
                found = (context, "".join(msgid))
                if found in seen:
                    fail(start, f"the msgid of line {seen[found]} again (a duplicate message)")
                seen[found] = start
            state = "msgstr"
            continue
        if state == "msgstr":
            end(number)
        if key == "msgctxt":
            if state:
                fail(number, "a msgctxt inside a message")
            context, state = unescape(string), "msgctxt"
        elif key == "msgid":
            if state not in ("", "msgctxt"):
                fail(number, "a msgid inside a message")
            msgid, start, state = [unescape(string)], number, "msgid"
        else:
            if state != "msgid":
                fail(number, "a msgid_plural without its msgid")
            state = "msgid_plural"
    end(len(lines))


def _previous_ids(lines: list[str]) -> dict[str, str]:
    """msgid -> the ``#| msgid`` before it (one line each, as :func:`_write` writes them)."""
    from babel.messages.pofile import unescape

    found: dict[str, str] = {}
    previous = None
    for line in lines:
        if line.startswith('#| msgid "'):
            previous = unescape(line[len("#| msgid "):])
        elif line.startswith('msgid "') and previous is not None:
            found[unescape(line[len("msgid "):])] = previous
            previous = None
        elif not line.strip():
            previous = None
    return found


def _write(catalogue: Any) -> bytes:
    """Babel's format, no locations, one line per message; a fuzzy message's previous German as one
    ``#| msgid`` line above it (babel would wrap that comment)."""
    from babel.messages.pofile import normalize, write_po

    out = io.BytesIO()
    write_po(out, catalogue, width=0, no_location=True, ignore_obsolete=True)
    text = out.getvalue().decode("utf-8")
    for message in catalogue:
        if not (message.id and message.fuzzy and message.previous_id) or "\n" in message.id:
            continue
        line = f"\nmsgid {normalize(message.id, width=0)}\n"
        previous = message.previous_id[0]
        if "\n" not in previous and line in text:
            text = text.replace(line, f"\n#| msgid {normalize(previous, width=0)}{line}", 1)
    return text.encode("utf-8")


@dataclass
class Change:
    page: str
    new: int = 0
    changed: int = 0
    dropped: int = 0


def catalogues(source: Path, language: str) -> dict[str, tuple[Any, bytes]]:
    """Every catalogue of ``language``, read and checked: document name -> (catalogue, its bytes). A folder
    on the way that is a file, or a damaged catalogue, is a ToolError (nothing is extracted or written)."""
    base = catalogue_dir(source, language)
    folder = source
    for part in (base / "book").relative_to(source).parts:
        folder = folder / part
        if (folder.exists() or folder.is_symlink()) and not folder.is_dir():
            raise ToolError(f"{folder} is not a folder (the {language} catalogues live in {base / 'book'})")
    found = {}
    for path in sorted(base.rglob("*.po")) if base.is_dir() else []:
        docname = path.relative_to(base).with_suffix("").as_posix()
        data = read_limited(path, "catalogue")
        found[docname] = (read_catalogue(path, data), data)
    return found


def update(source: Path, language: str, messages: dict[str, Any],
           have: dict[str, tuple[Any, bytes]] | None = None) -> list[Change]:
    """Merge the extracted messages into the catalogues of ``language`` (``have``: as read by
    :func:`catalogues`); returns what changed. The catalogues' folder is replaced in one step."""
    from babel.messages.catalog import Catalog

    base = catalogue_dir(source, language)
    have = catalogues(source, language) if have is None else have
    changes = []
    written: dict[str, bytes | None] = {}      # document name -> new bytes (None: the catalogue goes)
    for docname, template in messages.items():
        if docname in have:
            catalogue, before = have[docname]
            created = catalogue.creation_date
        else:
            before = b""
            catalogue = Catalog(locale=language, project=template.project, version=template.version,
                                copyright_holder=template.copyright_holder)
            created = template.creation_date
        old = {m.id: m.string for m in catalogue if m.id}
        kept = {m.id: m.previous_id for m in catalogue if m.id and m.fuzzy and m.previous_id}
        catalogue.update(template, update_header_comment=False, update_creation_date=False)
        for msgid, previous in kept.items():   # still fuzzy: the German it was translated from stays shown
            message = catalogue.get(msgid)
            if message is not None and message.fuzzy and not message.previous_id:
                message.previous_id = previous
        catalogue.creation_date = created
        change = Change(docname, dropped=len(catalogue.obsolete))
        for message in catalogue:
            if not message.id:
                continue
            if message.id not in old:
                if message.fuzzy and message.previous_id:
                    change.changed += 1
                else:
                    change.new += 1
        data = _write(catalogue)
        if data != before:
            written[docname] = data
            changes.append(change)
    for docname in have:
        if docname not in messages:
            written[docname] = None
            changes.append(Change(docname, dropped=-1))
    if written:
        _replace(base, written)
    return changes


def _replace(base: Path, written: dict[str, bytes | None]) -> None:
    """The folder ``base`` with the catalogues ``written`` changed: a copy is made beside it, changed, and
    takes its place (:func:`tools.swap_in`)."""
    import shutil

    def make(new: Path) -> None:
        if base.is_dir():
            shutil.copytree(base, new, symlinks=True)
        else:
            new.mkdir(parents=True)
        for docname, data in written.items():
            path = new / f"{docname}.po"
            if path.is_symlink() or path.exists():
                path.unlink()
            if data is not None:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)

    try:
        base.parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise ToolError(f"cannot write {base.parent}: {err.strerror or err}") from None
    swap_in(base, make)


def _short(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def check(source: Path, language: str, messages: dict[str, Any],
          have: dict[str, tuple[Any, bytes]] | None = None) -> list[str]:
    """One line per way the catalogues of ``language`` are out of step with the German."""
    base = catalogue_dir(source, language)
    have = catalogues(source, language) if have is None else have
    rel = base.relative_to(source).as_posix()
    problems = []
    for docname, template in messages.items():
        path = base / f"{docname}.po"
        name = f"{rel}/{docname}.po"
        wanted = [m.id for m in template if m.id]
        if docname not in have:
            problems.append(f"{name}: missing catalogue of page {docname} ({len(wanted)} messages; "
                            "run make translations)")
            continue
        ids = {m.id: m for m in have[docname][0] if m.id}
        for msgid in wanted:
            message = ids.get(msgid)
            if message is None:
                problems.append(f"{name}: missing: \"{_short(str(msgid))}\" (run make translations)")
            elif message.fuzzy:
                problems.append(f"{name}: fuzzy (the German changed): \"{_short(str(msgid))}\"")
            elif not message.string:
                problems.append(f"{name}: untranslated: \"{_short(str(msgid))}\"")
        for msgid in ids:
            if msgid not in template:
                problems.append(f"{name}: no longer in the German page: \"{_short(str(msgid))}\"")
    for docname in have:
        if docname not in messages:
            problems.append(f"{rel}/{docname}.po: no such page any more")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("command", choices=("update", "check"))
    parser.add_argument("--lang", action="append", choices=LANGUAGES, help="the edition (default: all)")
    parser.add_argument("--source", type=Path, default=ROOT, help="the book's folder (default: this repository)")
    args = parser.parse_args(argv)
    source = args.source.resolve()
    missing = [name for name in ("_config.yml", "_toc.yml", "book") if not (source / name).exists()]
    if missing:
        print(f"translations: error: {source} is not a copy of the book (no {', '.join(missing)})", file=sys.stderr)
        return 2
    import yaml

    try:
        config = yaml.safe_load(read_limited(source / "_config.yml", "configuration").decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError, RecursionError) as err:
        raise ToolError(f"{source / '_config.yml'} is not YAML: {' '.join(str(err).split())}") from None
    if not isinstance(config, dict):
        raise ToolError(f"{source / '_config.yml'} is not a Jupyter Book configuration (no mapping)")
    languages = args.lang or LANGUAGES
    # every catalogue read and checked before the long extraction
    have = {language: catalogues(source, language) for language in languages}
    with tempfile.TemporaryDirectory(prefix="translations-") as tmp:
        try:
            messages = extract(source, Path(tmp))
        except RuntimeError as err:
            print(f"translations: error: {err}", file=sys.stderr)
            return 2
    status = 0
    for language in languages:
        if args.command == "update":
            changes = update(source, language, messages, have[language])
            for c in changes:
                if c.dropped == -1:
                    print(f"{language}: {c.page}: catalogue removed (the page is gone)")
                else:
                    print(f"{language}: {c.page}: {c.new} new, {c.changed} changed (fuzzy), {c.dropped} dropped")
            if not changes:
                print(f"{language}: the catalogues are in step with the German pages")
        else:
            problems = check(source, language, messages, have[language])
            for line in problems:
                print(line)
            if problems:
                print(f"translations: {len(problems)} problems in the {language} catalogues "
                      "(README.md, Translations)", file=sys.stderr)
                status = 1
    return status
