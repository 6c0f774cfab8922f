"""The one reader path of users' files (``core.userfiles``): game descriptions, records, example files and
exercise files are bounded, decoded and parsed the same way, and fail with one line naming the file."""

from __future__ import annotations

from pathlib import Path

import pytest

from dominolab.cli import main
from dominolab.core.errors import DominoError, ExampleError, RecordFormatError, RulesError
from dominolab.core.gamefile import loads_rules, rules_to_toml
from dominolab.core.record import loads_record
from dominolab.core.rules import get_game
from dominolab.core.userfiles import loads_toml, suggest, text_of
from dominolab.lessons.files import parse_text
from dominolab.lessons.model import ExerciseError
from dominolab.verify.checking import sample_text

HUGE = "9" * 5000


def test_suggest_names_the_close_word_or_every_allowed_one() -> None:
    assert suggest("suum", ["sum", "points"]) == "; did you mean 'sum'?"
    assert suggest("x", ["b", "a"]) == " (allowed: a, b)"
    assert suggest("x", ["b", "a"], ordered=True) == " (allowed: b, a)"


def test_text_of_bounds_decodes_and_names_the_source() -> None:
    assert text_of("\ufeffa".encode("utf-8"), "f", what="a file") == "a"
    for data, words in ((b"x" * 11, "larger than the limit of 10 bytes"), (b"\xff", "not UTF-8 text (byte 0)"),
                        ("y" * 11, "larger than the limit of 10 characters"), (7, "must be bytes or str, not int")):
        with pytest.raises(DominoError) as info:
            text_of(data, "f", what="a file", limit=10)  # type: ignore[arg-type]
        assert str(info.value).startswith("f: ") and words in str(info.value), info.value


@pytest.mark.parametrize("parse,error,syntax", [
    (lambda text: loads_rules(text, "house.toml"), RulesError, "house.toml: not TOML: "),
    (lambda text: parse_text(text, "lesson.toml"), ExerciseError, "lesson.toml: not valid TOML: "),
    (lambda text: loads_toml(text, "mine.dominolab.toml", what="an example file", error=ExampleError),
     ExampleError, "mine.dominolab.toml: not valid TOML: "),
], ids=["game-file", "exercise-file", "example-file"])
def test_every_toml_format_refuses_a_5000_digit_number_in_one_line(parse, error, syntax) -> None:
    with pytest.raises(error) as info:
        parse(f"n = {HUGE}\n")
    assert str(info.value) == syntax + "a number of more than 4,300 digits"
    with pytest.raises(error) as info:
        parse("n = \n")
    assert str(info.value).startswith(syntax) and "\n" not in str(info.value)


def test_a_record_is_read_through_the_same_text_path() -> None:
    with pytest.raises(RecordFormatError, match=r"^<record>: not UTF-8 text \(byte 1\)$"):
        loads_record(b"{\xff}")


@pytest.mark.parametrize("make", [
    lambda: ("check", "mine.dominolab.toml", sample_text().replace("sum = 5 ", f"sum = {HUGE} ", 1)),
    lambda: ("layout", "--rules", "house.toml", "[1|4]",
             rules_to_toml(get_game("horse-race"), name="house").replace("target = 61", f"target = {HUGE}")),
    lambda: ("exercises", "lesson.toml", f'lesson = "x"\ntitle = {HUGE}\n'),
], ids=["example-file", "game-file", "exercise-file"])
def test_the_cli_says_one_line_and_exits_2(make, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    *argv, content = make()
    name = next(a for a in argv if a.endswith(".toml"))
    Path(name).write_text(content, encoding="utf-8")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a number of more than 4,300 digits" in err and name in err, err
