"""Terminal-escape injection (issue 42): a record or description someone sends you must not reach your
terminal with control characters - neither retitle it (OSC ``ESC ]0;``), clear it (``ESC [2J``) nor forge a
line (``CR``).

Two layers, each tested on its own:

1. The readers refuse a C0 control character or DEL in every free-text field (a description's title, point
   words and section headings; a record's game) in one line naming the field; the command line exits 2.
   The escape-laden record is written as JSON directly, past the writer, and sent through every command
   that prints its text; a rules file with the same fields through every command that reads one.
2. Defence in depth: with the readers' check switched off (as if a field had been forgotten), what the
   commands print still carries no control character but the line feed (``SafeOutput``, ``one_line``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from dominolab import cli
from dominolab.core import gamefile, record as record_module
from dominolab.core.engine import Match, random_policy
from dominolab.core.gamefile import load_rules, rules_to_toml
from dominolab.core.record import match_to_record

#: What an attacker puts into the text fields: retitle the terminal, clear it, forge a line, DEL.
TITLE = "\x1b]0;pwned\x07\x1b[2JAll Fives\rdominolab: all good\x7f"
WORDS = {"de": ["Punkt\x1b[31m", "Punkte\x1b[0m"], "en": ["point\r", "points\x1b[0m"]}
SECTIONS = ["Intro\x1b[2J"]


def _control_bytes(data: bytes) -> list[int]:
    """Bytes a terminal acts on: every C0 control but the line feed, and DEL."""
    return [b for b in data if (b < 0x20 and b != 0x0A) or b == 0x7F]


def _house_record(tmp_path: Path, **fields: Any) -> Path:
    """A real record of a house-rules match (All Fives, seed 3, one round) with ``fields`` put into its
    ``rules`` as JSON directly, bypassing the writer and the reader."""
    rules = load_rules("muggins")
    match = Match(rules, 2, seed=3).play(random_policy, max_rounds=1)
    data = match_to_record(match)
    data["rules"].update(fields)
    path = tmp_path / "escape.json"
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def _toml_string(text: str) -> str:
    return json.dumps(text)       # a JSON string with \uXXXX escapes is a TOML basic string


def _house_rules_file(tmp_path: Path) -> Path:
    """The same fields as a description file (TOML escapes, so the file itself is valid TOML)."""
    text = rules_to_toml(load_rules("muggins"))
    lines: list[str] = []
    in_sections = False
    for line in text.splitlines():
        if line.startswith("sections = ["):      # the shipped headings, replaced by ours
            in_sections = not line.split("#")[0].rstrip().endswith("]")
            continue
        if in_sections:
            in_sections = line != "]"
            continue
        if line.startswith("title = "):
            line = f"title = {_toml_string(TITLE)}\nsections = [{_toml_string(SECTIONS[0])}]"
        elif line.startswith("de = ") or line.startswith("en = "):
            lang = line[:2]
            line = f"{lang} = [{', '.join(map(_toml_string, WORDS[lang]))}]"
        lines.append(line)
    path = tmp_path / "escape.toml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _run(capfd: pytest.CaptureFixture[str], argv: list[str], stdin: str | None = None,
         monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, bytes, bytes]:
    """``dominolab ARGV`` in this process; stdout and stderr as the bytes the file descriptors got."""
    if stdin is not None:
        assert monkeypatch is not None
        import io
        import sys

        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode("utf-8"))))
    code = cli.main(argv)
    out, err = capfd.readouterr()
    return code, out.encode("utf-8"), err.encode("utf-8")


def _commands(record: Path, rules: Path) -> list[list[str]]:
    """Every command that prints a record's or a description's text."""
    return [
        ["replay", str(record)],
        ["replay", "--rules", str(rules), str(record)],
        ["review", str(record), "--seat", "0", "--think", "1", "--quiet"],
        ["review", str(record), "--seat", "0", "--think", "1", "--quiet", "--json"],
        ["check", str(record)],
        ["check", "--rules", str(rules), str(record)],
        ["layout", "--rules", str(rules), "[5|5]", "[0|5]@[5|5].A"],
        ["layout", "--rules", str(rules), "--json", "[5|5]", "[0|5]@[5|5].A"],
        ["layout", "--rules", str(rules), "--lang", "en", "[5|5]", "[0|5]@[5|5].A"],
        ["simulate", "--rules", str(rules), "--players", "2", "--matches", "1", "--seed", "1", "--quiet"],
        ["tournament", "--rules", str(rules), "--players", "2", "--matches", "1", "--seed", "1", "--bots",
         "random,random", "--quiet"],
        ["play", "--rules", str(rules), "--players", "2", "--seed", "1", "--bots", "random"],
    ]


FIELDS: list[tuple[str, dict[str, Any]]] = [
    ("rules: key title: control character U+001B not allowed", {"title": TITLE}),
    ("rules: key point_words.de: control character U+001B not allowed", {"point_words": WORDS}),
    ("rules: key point_words.en: control character U+000D not allowed",
     {"point_words": {"de": ["Punkt", "Punkte"], "en": ["point\r", "points"]}}),
    ("rules: key sections[1]: control character U+001B not allowed", {"sections": SECTIONS}),
    ("rules: key title: control character U+007F not allowed", {"title": "All Fives\x7f"}),
    ("rules: key title: control character U+0009 not allowed", {"title": "All\tFives"}),
]


@pytest.mark.parametrize("needle, fields", FIELDS, ids=["title-esc", "point-words-de-esc", "point-words-en-cr",
                                                         "sections-esc", "title-del", "title-tab"])
def test_every_command_refuses_an_escape_laden_record_in_one_line(needle: str, fields: dict[str, Any],
                                                                   tmp_path: Path,
                                                                   capfd: pytest.CaptureFixture[str],
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    record = _house_record(tmp_path, **fields)
    for argv in [["replay", str(record)], ["review", str(record), "--think", "1", "--quiet"]]:
        code, out, err = _run(capfd, argv)
        assert _control_bytes(out + err) == [], (argv, out, err)
        assert code == 2, (argv, code, err)
        lines = err.decode().splitlines()
        assert len(lines) == 1 and needle in lines[0], (argv, err)
    # check reports a record it cannot accept as a failed row (exit 1, as for every record it finds wrong)
    code, out, err = _run(capfd, ["check", str(record)])
    assert (code, err, _control_bytes(out)) == (1, b"", []), (out, err)
    assert f"FAIL {record}: {needle}" in out.decode().splitlines(), out
    # the same record on standard input
    code, out, err = _run(capfd, ["replay", "-"], stdin=record.read_text(encoding="utf-8"), monkeypatch=monkeypatch)
    assert (code, _control_bytes(out + err), len(err.splitlines())) == (2, [], 1), err
    assert needle in err.decode()


def test_a_record_game_with_an_escape_is_refused(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    path = _house_record(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["game"] = "\x1b]0;pwned\x07"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = _run(capfd, ["replay", str(path)])
    assert code == 2 and _control_bytes(out + err) == []
    assert err.decode().splitlines() == [f"dominolab: error: {path}: game: control character U+001B not allowed"]


def test_every_command_refuses_an_escape_laden_rules_file(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    record = _house_record(tmp_path)
    rules = _house_rules_file(tmp_path)
    for argv in _commands(record, rules)[1:]:
        if "--rules" not in argv:
            continue
        code, out, err = _run(capfd, argv)
        assert _control_bytes(out + err) == [], (argv, out, err)
        assert code == 2, (argv, code, out, err)
        assert err.decode().splitlines() == [f"dominolab: error: {rules}: key title: control character U+001B "
                                             f"not allowed"], argv


def _readers_off(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch the readers' check off, as if a field had been forgotten: only the output layer is left."""
    off: Callable[[str], None] = lambda text: None
    monkeypatch.setattr(gamefile, "control_character", off)
    monkeypatch.setattr(record_module, "control_character", off)


def test_output_passes_no_control_character_even_past_the_readers(tmp_path: Path, capfd: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Defence in depth: every command that prints the escape-laden text, with the readers' check off, prints
    it escaped (the title shows as ``\\u001b]0;pwned...``) and passes no control byte but the line feed."""
    _readers_off(monkeypatch)
    record = _house_record(tmp_path, title=TITLE, point_words=WORDS, sections=SECTIONS)
    rules = _house_rules_file(tmp_path)
    for argv in _commands(record, rules):
        code, out, err = _run(capfd, argv, stdin="q\n" if argv[0] == "play" else None, monkeypatch=monkeypatch)
        assert _control_bytes(out + err) == [], (argv, out[:400], err[:400])
        assert "Traceback" not in err.decode() and code in (0, 1), (argv, code, err)
        if argv[0] in ("replay", "review", "play") and "--json" not in argv:
            assert b"\\u001b]0;pwned\\u0007" in out, (argv, out[:400])
        if argv[0] == "layout" and "--json" not in argv:
            word = b"points\\u001b[0m" if "en" in argv else b"Punkte\\u001b[0m"
            assert word in out, (argv, out)
    # a progress bar names the game: tqdm's own carriage returns, but nothing of the title's escapes
    for argv in _commands(record, rules):
        if "--quiet" in argv and argv[0] in ("simulate", "tournament"):
            code, out, err = _run(capfd, argv[:-1])
            assert code == 0 and b"\\u001b]0;pwned" in err, err
            assert [b for b in _control_bytes(out + err) if b != 0x0D] == [], err
    code, out, err = _run(capfd, ["review", str(record), "--seat", "0", "--think", "1", "--quiet", "--json"])
    assert code == 0 and json.loads(out)["format"] == "dominolab.review/1"


def test_json_through_the_sanitizer_stays_json_and_says_the_same() -> None:
    """JSON leaves DEL raw (``ensure_ascii=False``); the sanitizer's escape ``\\u007f`` is JSON's own."""
    import io

    from dominolab.cli.common import SafeOutput

    sink = io.StringIO()
    text = json.dumps({"title": TITLE, "words": WORDS}, ensure_ascii=False)
    assert SafeOutput(sink).write(text + "\n") == len(text) + 1
    assert _control_bytes(sink.getvalue().encode()) == []
    assert json.loads(sink.getvalue()) == {"title": TITLE, "words": WORDS}


def test_error_lines_pass_no_control_character(capfd: pytest.CaptureFixture[str]) -> None:
    """An argument echoed in an error line (here an unknown command) is escaped as well."""
    code, out, err = _run(capfd, ["layout", "--game", "horse-race", "\x1b]0;pwned\x07[1|4]"])
    assert code == 2 and _control_bytes(out + err) == [] and len(err.splitlines()) == 1, err


@pytest.mark.parametrize("argv", [
    ["layout", "--game", "horse-race", "[1|4]", "[1|1]@[1|4].low", "[4|4]@[1|4].high"],
    ["layout", "--game", "fives-and-threes", "--lang", "en", "[5|5]", "[0|5]@[5|5].A"],
    ["replay", "tests/golden/horse-race-2i-random-seed1.record.json"],
    ["rules", "muggins"],
])
def test_program_output_is_unchanged_by_the_sanitizer(argv: list[str], capfd: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine's step texts (German, with ä ö ü ß –), the program's line feeds and a description file pass
    byte for byte: the same output as without the sanitizer."""
    code, out, err = _run(capfd, argv)
    assert code == 0 and err == b"" and out.count(b"\n") >= 1 and _control_bytes(out) == []
    monkeypatch.setattr(cli, "SafeOutput", lambda stream: stream)
    assert _run(capfd, argv) == (code, out, err)
