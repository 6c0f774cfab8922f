"""Prose claims of the rule documents (dominolab/doclaims.py) and the fix mode of ``dominolab check``."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

import pytest

from reference import FT_DOC, HR_DOC, require_document
from dominolab.cli import main
from dominolab.verify.doccheck import check_text, find_blocks, fix_text
from dominolab.verify.doclaims import WORDS
from dominolab.text.steptext import SIDE_LABELS

DOCS = {"hr": HR_DOC, "ft": FT_DOC}
NEXT_WORD = {"zwei": "drei", "drei": "vier", "vier": "zwei", "erste": "zweite", "zweite": "erste"}


def _text(key: str) -> str:
    return require_document(DOCS[key]).read_text(encoding="utf-8")


def _edit(token: str) -> str:
    """A different value of the same kind: digits + 1, a number word the same reader also reads."""
    if token.isdigit():
        return str(int(token) + 1)
    if token in NEXT_WORD:
        return NEXT_WORD[token]
    assert token in WORDS, token
    return str(WORDS[token] - 1)


@pytest.mark.parametrize("key", ["hr", "ft"])
def test_both_documents_pass_with_their_prose_claims(key):
    report = check_text(_text(key))
    assert report.failed == 0 and all(c.ok for c in report.claims)
    assert report.game == {"hr": "horse-race", "ft": "fives-and-threes"}[key]
    assert len(report.claims) >= {"hr": 35, "ft": 25}[key]


def test_the_fives_and_threes_document_is_checked_instead_of_refused(capsys):
    assert main(["check", str(require_document(FT_DOC))]) == 0
    out = capsys.readouterr().out
    passed = int(re.search(r"(\d+) passed, 0 failed", out)[1])
    assert passed >= 25 and "no worked step blocks" not in out
    assert "„Summe 15 bringt somit 5 Punkte für die Dreier" in out


@pytest.mark.parametrize("key", ["hr", "ft"])
def test_every_checked_claim_edited_once_fails_at_its_line(key):
    text = _text(key)
    lines = text.splitlines()
    claims = check_text(text).claims
    for claim in claims:
        a, b = claim.spans[-1]                   # the claimed outcome: the last number the claim checks
        line = lines[claim.line - 1]
        edited = list(lines)
        edited[claim.line - 1] = line[:a] + _edit(line[a:b]) + line[b:]
        report = check_text("\n".join(edited))
        failing = {c.line for c in report.claims if not c.ok}
        assert failing == {claim.line}, (claim, edited[claim.line - 1][max(0, a - 30):b + 30])
    assert len(claims) >= {"hr": 35, "ft": 25}[key]


def test_numeric_sentences_no_reader_understands_are_listed_with_their_line(capsys):
    text = _text("hr")
    report = check_text(text)
    assert [(n.line, n.text) for n in report.not_checked] == [
        (28, "Eine Eröffnung hat Endsumme 10."), (28, "Mit an einer Längsseite wird sie 12."),
        (28, "Mit an der anderen wird sie 5 und die Seitenarme werden verfügbar."),
        (28, "an einem Seitenarm bringt die Summe auf 9.")]
    edited = text.replace("Endsumme 10.", "Endsumme 11.")          # never a failure
    assert check_text(edited).failed == 0


def test_claims_name_what_differs():
    text = _text("ft").replace("insgesamt 8 Punkte", "insgesamt 9 Punkte")
    (bad,) = [c for c in check_text(text).claims if not c.ok]
    assert bad.detail == "end sum 15 scores 8 in all" and "Summe 15" in bad.text
    text = _text("hr").replace("bleibt die gemeinsame Gutschrift 3", "bleibt die gemeinsame Gutschrift 4")
    (bad,) = [c for c in check_text(text).claims if not c.ok]
    assert bad.detail == "the credit is 3"


def _timed(text: str) -> float:
    start = time.perf_counter()
    check_text(text)
    return time.perf_counter() - start


def test_parsers_take_linear_time_on_lines_that_repeat_the_field_labels():
    labels = " Steine: [1|4]. Spinner: keine. Verbindungen: keine. Freie Anlegestellen: keine. Gewertete Beiträge: "
    step = "Gewertete Beiträge: 4 + 1 = 5. Gutschrift für das Anlegen: 5 Rohpunkte (1 Anzeigepunkt)."
    prose = ("Bei zwei Spielern erhält jeder Summe 15 bringt somit 5 Punkte für die Dreier und Die übrigen 1, 2 "
             "Partnerschaftssummen 1 + 17 = 18 und Ein Spieler hat 59 Punkte und legt ")

    def document(n: int) -> str:
        return "\n".join(["Horse Race", "Angelegt: [1|4]", step + " = 5. Gutschrift für das Anlegen: " * n,
                          step + labels * n + "[1|4]: 4.", prose * n, labels * n])

    small, large = _timed(document(100)), _timed(document(1000))
    assert small < 1.0 and large < 5.0
    assert large < 40 * max(small, 0.005)       # ten times the text: far from the square (100 times)


# -- fix mode ----------------------------------------------------------------------------------

LABELS = list(SIDE_LABELS["de"].values())


def _break(text: str, count: int) -> str:
    """Break ``count`` blocks: a sum, a contribution, a credit, a point name or a free-point pip each."""
    lines = text.split("\n")
    blocks, _ = find_blocks(text)
    assert len(blocks) >= count
    for k, block in enumerate(blocks[:count]):
        kind = k % 5
        step, desc = block.step_line - 1, block.desc_line - 1
        if kind == 0:                                    # the sum of the step text
            lines[step] = re.sub(r" = (\d+)\.", lambda m: f" = {int(m[1]) + 1}.", lines[step], count=1)
        elif kind == 1:                                  # a contribution at the end of the description
            head, tail = lines[desc].rsplit(". Gewertete Beiträge: ", 1)
            tail = re.sub(r": (\d+)", lambda m: f": {int(m[1]) + 1}", tail, count=1)
            lines[desc] = head + ". Gewertete Beiträge: " + tail
        elif kind == 2:                                  # the credit of the step text
            lines[step] = re.sub(r"Anlegen: (\d+)", lambda m: f"Anlegen: {int(m[1]) + 5}", lines[step], count=1)
        else:
            head, tail = lines[desc].split("Freie Anlegestellen: ", 1)
            if kind == 3:                                # a point name among the free points
                m = re.search(r"\((" + "|".join(map(re.escape, LABELS)) + r"), ", tail)
                other = LABELS[(LABELS.index(m[1]) + 1) % len(LABELS)]
                tail = tail[:m.start(1)] + other + tail[m.end(1):]
            else:                                        # the pips of a free point
                tail = re.sub(r", (\d)\)", lambda m: f", {(int(m[1]) + 1) % 7})", tail, count=1)
            lines[desc] = head + "Freie Anlegestellen: " + tail
    return "\n".join(lines)


def test_fix_restores_ten_broken_blocks_byte_for_byte(tmp_path, capsys):
    original = require_document(HR_DOC).read_bytes()
    text = original.decode("utf-8")
    broken = _break(text, 10)
    report = check_text(broken)
    assert sum(not b.ok for b in report.blocks) == 10
    doc = tmp_path / "regeln.txt"
    doc.write_text(broken, encoding="utf-8", newline="")
    assert main(["check", str(doc), "--fix", "--dry-run"]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"--- {doc}\n+++ {doc} (fixed)\n") and "nothing written" in out
    assert doc.read_text(encoding="utf-8") == broken and not (tmp_path / "regeln.txt.orig").exists()
    assert main(["check", str(doc), "--fix"]) == 0
    out = capsys.readouterr().out
    assert "10 block(s) rewritten" in out and "kept as regeln.txt.orig" in out
    assert doc.read_bytes() == original
    assert (tmp_path / "regeln.txt.orig").read_text(encoding="utf-8") == broken
    # the prose is never rewritten: a wrong prose number stays wrong (and check says so)
    doc.write_text(broken.replace("17 Gegneraugen", "19 Gegneraugen"), encoding="utf-8", newline="")
    assert main(["check", str(doc), "--fix", "--overwrite"]) == 0
    assert doc.read_text(encoding="utf-8") == text.replace("17 Gegneraugen", "19 Gegneraugen")
    assert main(["check", str(doc)]) == 1
    capsys.readouterr()


def test_fix_keeps_an_existing_orig_unless_told(tmp_path, capsys):
    text = require_document(HR_DOC).read_text(encoding="utf-8")
    doc = tmp_path / "regeln.txt"
    doc.write_text(_break(text, 1), encoding="utf-8", newline="")
    orig = tmp_path / "regeln.txt.orig"
    orig.write_text("older", encoding="utf-8")
    assert main(["check", str(doc), "--fix"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "regeln.txt.orig exists; --overwrite replaces it" in err
    assert orig.read_text(encoding="utf-8") == "older" and doc.read_text(encoding="utf-8") == _break(text, 1)
    assert main(["check", str(doc), "--fix", "--overwrite"]) == 0
    assert doc.read_text(encoding="utf-8") == text and orig.read_text(encoding="utf-8") == _break(text, 1)
    capsys.readouterr()


def test_a_block_whose_connections_cannot_be_laid_is_reported_not_rewritten():
    text = require_document(HR_DOC).read_text(encoding="utf-8")
    broken = _break(text, 2)
    block = find_blocks(broken)[0][1]
    lines = broken.split("\n")
    lines[block.desc_line - 1] = lines[block.desc_line - 1].replace("– [3|4] (Ende", "– [3|5] (Ende", 1)
    plan = fix_text("\n".join(lines))
    assert plan.fixed == (find_blocks(broken)[0][0].line,)
    assert len(plan.unfixable) == 1 and plan.unfixable[0].startswith(f"line {block.desc_line}: connections cannot be laid")
    assert plan.text.split("\n")[block.desc_line - 1] == lines[block.desc_line - 1]


@pytest.mark.parametrize("case", ["device", "too-large", "unwritable", "directory", "missing", "not-a-document"])
def test_bad_input_to_fix_gets_one_line(case, tmp_path, capsys, monkeypatch):
    doc = tmp_path / "regeln.txt"
    if case == "device":
        doc.symlink_to("/dev/zero")
    elif case == "too-large":
        with open(doc, "wb") as f:
            f.truncate(17 * 1024 * 1024)
    elif case == "unwritable":
        doc.write_text("Horse Race\n", encoding="utf-8")
        monkeypatch.setattr(os, "access", lambda path, mode: False)    # (root may write anything)
    elif case == "directory":
        doc.mkdir()
    elif case == "not-a-document":
        doc = tmp_path / "regeln.json"
        doc.write_text("{}", encoding="utf-8")
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(["check", str(doc), "--fix"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    words = {"device": "not a regular file", "too-large": "larger than the limit", "unwritable": "permission denied",
             "directory": "is a directory", "missing": "no such file", "not-a-document": "rule documents"}[case]
    assert words in err
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_dry_run_and_overwrite_need_fix(capsys):
    assert main(["check", str(Path(__file__)), "--dry-run"]) == 2
    assert "--dry-run and --overwrite go with --fix" in capsys.readouterr().err


def test_a_number_too_long_to_read_is_a_failed_claim_not_a_crash():
    report = check_text("Horse Race\nBei zwei Spielern erhält jeder " + "9" * 5000 + " Steine.\n")
    (claim,) = report.claims
    assert not claim.ok and claim.detail.startswith("cannot be checked") and claim.line == 2
