"""The rule-document checker: every worked block passes, every single edit of a block fails there."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from reference import FT_DOC, HR_DOC, require_document
from dominolab.cli import main
from dominolab.verify.doccheck import check_text, find_blocks
from dominolab.text.steptext import SIDE_LABELS

LABELS = list(SIDE_LABELS["de"].values())


@pytest.fixture(scope="module")
def hr_text() -> str:
    return require_document(HR_DOC).read_text(encoding="utf-8")


def _mutations(text: str):
    """(block line, mutated line number, mutated text) for every number and point name of every block."""
    lines = text.splitlines()
    blocks, _ = find_blocks(text)
    for b in blocks:
        for ln in (b.line, b.step_line, b.desc_line):
            line = lines[ln - 1]
            for m in re.finditer(r"\d+", line):
                value = int(m[0])
                new = str((value + 1) % 7 if value < 7 else value + 1)
                yield b.line, ln, line[:m.start()] + new + line[m.end():]
            for m in re.finditer("|".join(map(re.escape, LABELS)), line):
                other = LABELS[(LABELS.index(m[0]) + 1) % len(LABELS)]
                yield b.line, ln, line[:m.start()] + other + line[m.end():]


def test_every_block_of_the_horse_race_document_passes(hr_text):
    report = check_text(hr_text)
    assert len(report.blocks) == hr_text.count("\nAngelegt: ")
    assert [b.problems for b in report.blocks if not b.ok] == []
    assert report.stray == ()
    assert {b.game for b in report.blocks} == {"horse-race"}


def test_every_single_edit_of_a_number_tile_or_point_fails_naming_its_block(hr_text):
    lines = hr_text.splitlines()
    n = 0
    for block_line, ln, new in _mutations(hr_text):
        edited = list(lines)
        edited[ln - 1] = new
        report = check_text("\n".join(edited))
        failed = [b for b in report.blocks if not b.ok]
        assert [b.line for b in failed] == [block_line], (ln, new)
        block = next(b for b in find_blocks(hr_text)[0] if b.line == block_line)
        named = {int(p.split(":")[0].removeprefix("line ")) for p in failed[0].problems}
        assert named <= {block.line, block.step_line, block.desc_line}, failed[0].problems
        n += 1
    assert n > 500


def test_prose_edits_that_change_no_claimed_number_pass(hr_text):
    blocks, _ = find_blocks(hr_text)
    block_lines = {x for b in blocks for x in (b.line, b.step_line, b.desc_line)}
    lines = hr_text.splitlines()
    edited = [line if i + 1 in block_lines else line.replace("Spinner", "Drehstein") + " (geändert)"
              for i, line in enumerate(lines)]
    report = check_text("\n".join(edited))
    assert report.failed == 0 and all(b.ok for b in report.blocks) and len(report.claims) >= 35


def test_messages_say_what_differs(hr_text):
    lines = hr_text.splitlines()
    i = lines.index("Angelegt: [4|4]")
    edited = list(lines)
    edited[i + 1] = edited[i + 1].replace("2 + 8 = 10", "2 + 8 = 11")
    edited[i + 2] = edited[i + 2].replace("[4|4]: 8.", "[4|4]: 9.")
    (block,) = [b for b in check_text("\n".join(edited)).blocks if not b.ok]
    assert f"line {i + 2}: sum is 10, the text says 11" in block.problems
    assert f"line {i + 3}: [4|4].B contributes 8, the text says 9" in block.problems


def test_connections_that_cannot_be_laid_are_reported(hr_text):
    lines = hr_text.splitlines()
    i = lines.index("Angelegt: [3|4]")
    edited = list(lines)
    edited[i + 2] = edited[i + 2].replace("[4|4] (Linienseite B) – [3|4]", "[1|1] (Linienseite B) – [3|4]")
    (block,) = [b for b in check_text("\n".join(edited)).blocks if not b.ok]
    assert block.problems[0].startswith(f"line {i + 3}: connections cannot be laid:")


def test_markdown_quoting_and_blank_lines_between_block_lines(hr_text):
    blocks, _ = find_blocks(hr_text)
    lines = hr_text.splitlines()
    b = blocks[0]
    md = "# Beispiel\n\n" + "\n\n".join("> " + lines[k - 1] for k in (b.line, b.step_line, b.desc_line)) + "\n"
    report = check_text(md)
    assert report.passed == 1 and report.failed == 0
    first, *rest = (lines[k - 1] for k in (b.line, b.step_line, b.desc_line))
    md = "- **Angelegt:** `" + first.removeprefix("Angelegt: ") + "`\n" + "\n".join(f"- {x}" for x in rest)
    report = check_text(md)
    assert report.passed == 1 and report.failed == 0


def test_a_stray_step_text_is_a_failure(hr_text):
    blocks, _ = find_blocks(hr_text)
    lines = hr_text.splitlines()
    edited = list(lines)
    edited[blocks[0].line - 1] = "Gelegt wurde [4|4]"
    report = check_text("\n".join(edited))
    assert report.failed >= 1 and report.stray


def test_cli_rows_and_exit_codes(hr_text, tmp_path, capsys):
    doc = tmp_path / "regeln.txt"
    doc.write_text(hr_text, encoding="utf-8")
    assert main(["check", str(doc)]) == 0
    out = capsys.readouterr().out
    report = check_text(hr_text)
    assert f"{report.passed} passed, 0 failed, 4 not checked" in out
    assert report.passed == len(find_blocks(hr_text)[0]) + len(report.claims)
    doc.write_text(hr_text.replace("2 + 8 = 10. Gutschrift", "2 + 8 = 11. Gutschrift", 1), encoding="utf-8")
    assert main(["check", str(doc)]) == 1
    out = capsys.readouterr().out
    assert "1 failed" in out and "sum is 10, the text says 11" in out


def test_a_document_with_nothing_to_check_is_an_error_not_a_pass(tmp_path):
    doc = tmp_path / "notes.txt"
    doc.write_text("Ein Spiel für 4 Leute mit 28 Steinen.\n", encoding="utf-8")    # names no game: nothing read
    proc = subprocess.run([sys.executable, "-m", "dominolab", "check", str(doc)], capture_output=True, text=True)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "nothing to check" in proc.stderr


def test_blocks_in_the_fives_and_threes_wording_are_checked_with_its_rules():
    from dominolab.core.layout import Layout, parse_placements
    from dominolab.core.rules import FIVES_AND_THREES
    from dominolab.text.steptext import step_lines

    layout = Layout(FIVES_AND_THREES.spinners)
    lines = ["Fives and Threes, ein Beispiel."]
    for placement in parse_placements("[3|6] [6|6]@[3|6].high [2|6]@[6|6].B"):
        layout.place(placement)
        lines += step_lines(layout, placement, FIVES_AND_THREES, "de")
    text = "\n".join(lines)
    assert "Spielpunkte" in text
    report = check_text(text)
    assert report.passed == 3 and report.failed == 0 and {b.game for b in report.blocks} == {"fives-and-threes"}
    wrong = text.replace("8 Spielpunkte", "7 Spielpunkte", 1)
    (block,) = [b for b in check_text(wrong).blocks if not b.ok]
    assert "credit is '8 Spielpunkte', the text says '7 Spielpunkte'" in block.problems[0]


def test_missing_rule_documents_fail_under_ci_and_skip_visibly_elsewhere(monkeypatch, tmp_path):
    import reference

    missing = tmp_path / "horse-race.de.txt"
    monkeypatch.setattr(reference, "DOCS_REQUIRED", True)
    with pytest.raises(pytest.fail.Exception, match="rule document missing under CI"):
        reference.require_document(missing)
    monkeypatch.setattr(reference, "DOCS_REQUIRED", False)
    with pytest.raises(pytest.skip.Exception, match="rule document not available: .*DOMINOLAB_RULE_DOCS"):
        reference.require_document(missing)
    missing.write_text("x", encoding="utf-8")
    assert reference.require_document(missing) == missing


# One block of the Horse Race document, written out so these tests need no document.
_BLOCK = (
    "Angelegt: [4|4]\n"
    "Gewertete Beiträge: 2 + 8 = 10. Gutschrift für das Anlegen: 10 Rohpunkte (2 Anzeigepunkte).\n"
    "Gewertete Beiträge: 2 + 8 = 10. Gutschrift für das Anlegen: 10 Rohpunkte (2 Anzeigepunkte). "
    "Steine: [1|4], [1|1], [4|4]. Spinner: [1|1], [4|4]. Verbindungen: [1|4] (Ende mit kleinerer Augenzahl) – "
    "[1|1] (Linienseite A); [1|4] (Ende mit größerer Augenzahl) – [4|4] (Linienseite A). Freie Anlegestellen: "
    "[1|1] (Linienseite B, 1); [4|4] (Linienseite B, 4). Gewertete Beiträge: [1|1]: 2; [4|4]: 8.\n")
_HUGE = "9" * 5000


@pytest.mark.parametrize("old,new,line,what", [
    ("= 10. Gutschrift", f"= {_HUGE}. Gutschrift", 2, "the sum"),
    ("2 + 8 = 10. Gutschrift", f"2 + {_HUGE} = 10. Gutschrift", 2, "summand 2"),
    ("[4|4]: 8.", f"[4|4]: {_HUGE}.", 3, "the contribution of [4|4]"),
    ("(Linienseite B, 4)", f"(Linienseite B, {_HUGE})", 3, "the pips of free point [4|4] (Linienseite B)"),
], ids=["sum", "summand", "contribution", "free-point-pips"])
def test_a_number_of_5000_digits_in_a_block_is_a_failed_block_not_a_crash(old, new, line, what, tmp_path, capsys):
    assert check_text(_BLOCK).failed == 0
    text = _BLOCK.replace(old, new, 1)
    (block,) = check_text(text).blocks
    assert block.problems == (f"line {line}: {what} is a number of 5,000 digits (at most 20)",)
    doc = tmp_path / "regeln.txt"
    doc.write_text(text, encoding="utf-8")
    assert main(["check", str(doc)]) == 1            # a block that fails, as any wrong block
    captured = capsys.readouterr()
    assert "5,000 digits" in captured.out and captured.err == ""
