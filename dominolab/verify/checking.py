"""``dominolab check``: regression-check example files, rule documents and records.

The command dispatches by file type:

* ``*.toml`` — example files (strict format, see ``dominolab check --sample``);
  every file is validated completely before any example runs; a ``.toml`` file with
  ``[[exercise]]`` tables is an exercise file (:mod:`dominolab.lessons.files`): every
  exercise is checked and solved by the engine;
* ``*.txt`` / ``*.md`` — rule documents: every worked step block is rebuilt from
  its own description and checked field by field (:mod:`dominolab.verify.doccheck`),
  and every claim the prose makes in the documents' forms is checked against
  the game description and the engine (:mod:`dominolab.doclaims`); numeric
  sentences no reader understands are listed as not checked; a document with
  neither blocks nor claims is an error (exit 2), never a silent pass;
  ``--fix`` rewrites wrong blocks (:func:`dominolab.verify.doccheck.fix_document`);
* ``*.json`` — ``dominolab.record/1`` records, replayed and checked.

Without files the built-in examples catalogue is checked. Output: one row per
checked item, ``N passed, M failed``, then one line per failure. Exit 0 when all
pass, 1 when any check fails, 2 when an input is unusable.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence, TextIO

from dominolab.core.errors import DominoError, RecordError
from dominolab.core.rules import GameRules

SAMPLE_PATH = Path(__file__).resolve().parent / "examples" / "sample.dominolab.toml"
SAMPLE_HINT = ("example file format: 'dominolab check --sample > mine.dominolab.toml' writes an annotated sample "
               f"(installed at {SAMPLE_PATH}); the book page Beispielformat lists every key. Exit codes: "
               "0 all passed, 1 a check failed, 2 an input is unusable (also a rule document with neither a "
               "worked step block nor a prose claim)")
DOC_SUFFIXES = (".txt", ".md", ".markdown")


@dataclass(frozen=True)
class Row:
    source: str
    item: str
    expected: str
    got: str
    ok: bool
    detail: str = ""
    counted: bool = True        #: False for a prose sentence listed as not checked (neither passed nor failed)


def _table(headers: list[str], rows: list[list[str]]) -> str:
    widths = [max(len(str(x)) for x in col) for col in zip(headers, *rows)]

    def line(cells: list[str]) -> str:
        return "  ".join(str(c).ljust(w) for c, w in zip(cells, widths)).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows])


def _kind_of(path: str) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".toml":
        return "lesson" if _is_exercise_file(path) else "examples"
    if suffix in DOC_SUFFIXES:
        return "document"
    if suffix == ".json":
        return "record"
    raise DominoError(f"{path}: cannot tell what to check from the name (use .toml example files, "
                      ".txt/.md rule documents or .json records)")


def _is_exercise_file(path: str) -> bool:
    """An exercise file (``[[exercise]]`` tables, see :mod:`dominolab.lessons.files`) rather than examples."""
    try:
        with open(path, "rb") as stream:        # a sniff of the head only: /dev/zero must not hang here
            text = stream.read(64 * 1024).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return False
    return any(line.strip() == "[[exercise]]" or line.split("=")[0].strip() in ("lesson", "exercise")
               for line in text.splitlines() if "=" in line or line.startswith("[["))


def lesson_rows(path: str) -> list[Row]:
    """Every exercise of an exercise file, solved by the engine (the file was validated before)."""
    from dominolab.lessons.catalogue import exercise_json
    from dominolab.lessons.files import load_file

    rows = []
    for ex in load_file(path)[1]:
        answers = exercise_json(ex)["answers"]
        got = ", ".join(f"{k}={v}" for k, v in answers.items()) if isinstance(answers, dict) else ", ".join(answers)
        rows.append(Row(path, ex.id, ex.kind, got, True))
    return rows


def example_rows(files: Sequence[str]) -> list[Row]:
    from dominolab.verify.examples import catalogue, load_examples, run_all

    examples = load_examples(files) if files else catalogue()
    return [Row(r.example, r.example, r.expected, r.got, r.ok, r.detail)
            for r in run_all(examples)]


def document_rows(path: str, rules: GameRules | None = None) -> list[Row]:
    from dominolab.verify.doccheck import check_document

    report = check_document(path, rules)
    if not report.blocks and not report.stray and not report.claims:
        raise DominoError(f"{path}: nothing to check: no worked step blocks (no 'Angelegt:' lines with their "
                          "step texts) and no prose claim of a game the text names")
    rows = [Row(path, str(b.line), f"block {b.placed}", "ok" if b.ok else "; ".join(b.problems), b.ok,
                "; ".join(b.problems)) for b in report.blocks]
    rows += [Row(path, str(c.line), c.text, "ok" if c.ok else c.detail, c.ok, f"line {c.line}: {c.text}: {c.detail}")
             for c in report.claims]
    rows += [Row(path, s.split(":", 1)[0].removeprefix("line "), "", s, False, s) for s in report.stray]
    rows += [Row(path, str(n.line), n.text, "not checked", True, counted=False) for n in report.not_checked]
    return sorted(rows, key=lambda r: int(r.item) if r.item.isdigit() else 0)


def record_rows(path: str, rules: GameRules | None = None) -> list[Row]:
    from dominolab.core.record import load_record, replay

    record = load_record(path)            # unreadable -> RecordError, exit 2
    try:
        match = replay(record, rules)
    except RecordError as exc:
        return [Row(path, Path(path).name, "consistent with the rules", str(exc), False, str(exc))]
    return [Row(path, Path(path).name, "consistent with the rules",
                f"{len(match.rounds)} rounds, scores {list(match.scores)}", True)]


def run_check(files: Sequence[str], out: TextIO | None = None, rules: GameRules | None = None) -> int:
    """Validate every input, then check everything; print the report; return the exit code.

    ``rules`` (``--game`` or ``--rules``) is the game of the rule documents (instead of
    recognising it from the credit wording) and the game every record must be of.
    """
    out = out if out is not None else sys.stdout
    kinds = {f: _kind_of(f) for f in files}
    toml_files = [f for f in files if kinds[f] == "examples"]
    # validate before running anything: examples load strictly, documents and records must be readable
    from dominolab.verify.doccheck import read_document
    from dominolab.verify.examples import load_examples
    from dominolab.core.record import load_record

    if toml_files:
        load_examples(toml_files)
    for f in files:
        if kinds[f] == "document":
            read_document(f)
        elif kinds[f] == "record":
            load_record(f)
        elif kinds[f] == "lesson":
            from dominolab.lessons.files import load_file

            load_file(f)
    sections: list[tuple[str, list[Row]]] = []
    if toml_files or not files:
        sections.append(("examples", example_rows(toml_files)))
    for f in files:
        if kinds[f] == "document":
            sections.append((f, document_rows(f, rules)))
        elif kinds[f] == "record":
            sections.append((f, record_rows(f, rules)))
        elif kinds[f] == "lesson":
            sections.append((f, lesson_rows(f)))
    all_rows: list[Row] = []
    for title, rows in sections:
        all_rows += rows
        if title == "examples":
            table = _table(["example", "expected", "got", "ok"],
                           [[r.item, r.expected, r.got, "ok" if r.ok else "FAIL"] for r in rows])
        elif kinds.get(title) == "document":
            table = _table(["line", "claim", "result"], [[r.item, r.expected, r.got] for r in rows])
        elif kinds.get(title) == "lesson":
            table = _table(["exercise", "kind", "answers (engine)"], [[r.item, r.expected, r.got] for r in rows])
        else:
            table = _table(["record", "result"], [[r.item, "ok: " + r.got if r.ok else "FAIL"] for r in rows])
        print(f"{title}:" if title != "examples" else "examples:", file=out)
        print(table, file=out)
        print(file=out)
    failed = [r for r in all_rows if not r.ok]
    unread = [r for r in all_rows if not r.counted]
    counted = len(all_rows) - len(unread)
    print(f"{counted - len(failed)} passed, {len(failed)} failed"
          + (f", {len(unread)} not checked (numeric sentences no reader understood)" if unread else ""), file=out)
    for r in failed:
        print(f"FAIL {r.item}: {r.detail}" if r.source == r.item else f"FAIL {r.source}: {r.detail}", file=out)
    return 1 if failed else 0


def sample_text() -> str:
    from dominolab.verify.examples import SAMPLE_FILE

    return SAMPLE_FILE.read_text(encoding="utf-8")
