"""The pytest plugin: example files and records collected as test items."""

from __future__ import annotations

import json

import pytest

from dominolab.core.engine import Match, random_policy
from dominolab.verify.examples import SAMPLE_FILE
from dominolab.core.record import match_to_record

pytest_plugins = ["pytester"]


def test_installing_dominolab_registers_the_plugin(request: pytest.FixtureRequest):
    # loaded through the pytest11 entry point of the installed distribution, not by a conftest
    plugin = request.config.pluginmanager.get_plugin("dominolab")
    assert plugin is not None and plugin.__name__ == "dominolab.pytest_plugin"


def test_every_example_is_an_item_and_passes(pytester: pytest.Pytester):
    pytester.makefile(".dominolab.toml", mine=SAMPLE_FILE.read_text(encoding="utf-8"))
    result = pytester.runpytest("-v", "-p", "no:cacheprovider")
    result.assert_outcomes(passed=4)
    result.stdout.fnmatch_lines(["*mine.dominolab.toml::mine-opening PASSED*",
                                 "*mine.dominolab.toml::mine-move PASSED*"])


def test_explicit_toml_is_collected_but_not_when_only_the_directory_is_given(pytester: pytest.Pytester):
    pytester.makefile(".toml", examples=SAMPLE_FILE.read_text(encoding="utf-8"))
    pytester.runpytest("-p", "no:cacheprovider", "examples.toml").assert_outcomes(passed=4)
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED


def test_failure_shows_expected_against_got_and_the_text_difference(pytester: pytest.Pytester):
    text = SAMPLE_FILE.read_text(encoding="utf-8").replace("sum = 5 ", "sum = 6 ")
    text = text.replace('play = "[1|1]@[1|4].low"',
                        'play = "[1|1]@[1|4].low"\ntext = "Gewertete Beiträge: 2 + 4 = 7. Gutschrift für das Anlegen: '
                        '0 Rohpunkte (0 Anzeigepunkte)."')
    pytester.makefile(".dominolab.toml", mine=text)
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines([
        "*example mine-opening (layout, horse-race): 2 of 2 checks failed*",
        "*expected: sum 6, 1 points*",
        "*got:      sum 5, 1 points*",
        "*- text: differs at character 29: expected*= 7.*got*= 6.*",
    ])


def test_a_bad_file_is_one_collection_error_line(pytester: pytest.Pytester):
    pytester.makefile(".dominolab.toml", bad=SAMPLE_FILE.read_text(encoding="utf-8").replace("sum = 15", "suum = 15"))
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.INTERRUPTED
    result.stdout.fnmatch_lines(["*bad.dominolab.toml: example 'mine-credit-15': key suum: unknown key; did you mean 'sum'?"])
    assert "Traceback" not in result.stdout.str()


def test_records_are_replayed(pytester: pytest.Pytester):
    record = match_to_record(Match("horse-race", 3, seed=5).play(random_policy))
    pytester.makefile(".record.json", good=json.dumps(record))
    events = record["rounds"][0]["events"]
    play = next(e for e in events if e["type"] == "play" and e["sum"] > 0)
    play["sum"] += 1
    pytester.makefile(".record.json", bad=json.dumps(record))
    result = pytester.runpytest("-p", "no:cacheprovider")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*record bad.record.json: *sum*"])


# -- hostile input: one clean line, never pytest's or tomllib's frames -------------------------------

def test_a_toml_file_nested_100000_deep_is_one_collection_error(pytester: pytest.Pytester):
    pytester.makefile(".dominolab.toml", deep="a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.INTERRUPTED        # a collection error stops the run
    text = result.stdout.str()
    assert "not valid TOML: nested too deeply" in text and "ERROR deep.dominolab.toml" in text
    assert "RecursionError" not in text and "tomllib" not in text and "pytest_plugin.py" not in text


def _marked_test(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_marked="import pytest\n\n@pytest.mark.rule('x.y')\ndef test_one():\n    pass\n")


@pytest.mark.parametrize("target, words", [
    ("folder", "exists and is not a regular file"),
    ("missing/report.json", "no folder missing"),
    ("", "give a file name"),
], ids=["a-folder", "missing-folder", "empty"])
def test_a_bad_rule_report_path_is_a_usage_error_before_any_test(pytester: pytest.Pytester, target: str,
                                                                  words: str):
    _marked_test(pytester)
    (pytester.path / "folder").mkdir()
    result = pytester.runpytest("-p", "no:cacheprovider", f"--dominolab-rule-report={target}")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert words in result.stderr.str()
    assert "Traceback" not in result.stderr.str() + result.stdout.str()


def test_a_rule_report_that_cannot_be_written_fails_the_run_in_one_line(pytester: pytest.Pytester,
                                                                         monkeypatch: pytest.MonkeyPatch):
    """A full disk after the tests passed: an error line and exit 4, no traceback, no half-written file."""
    import os

    _marked_test(pytester)
    real_fdopen = os.fdopen

    class Full:
        def __init__(self, fd: int, mode: str) -> None:
            self.inner = real_fdopen(fd, mode)

        def __enter__(self) -> "Full":
            return self

        def __exit__(self, *exc: object) -> None:
            self.inner.close()

        def write(self, data: bytes) -> int:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fdopen", Full)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider", "--dominolab-rule-report=report.json")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    assert "cannot write: No space left on device" in result.stdout.str()
    assert "Traceback" not in result.stdout.str()
    assert sorted(p.name for p in pytester.path.iterdir() if "report" in p.name) == []


def test_the_rule_report_lists_the_marked_tests(pytester: pytest.Pytester):
    _marked_test(pytester)
    result = pytester.runpytest("-p", "no:cacheprovider", "--dominolab-rule-report=report.json")
    assert result.ret == pytest.ExitCode.OK
    assert json.loads((pytester.path / "report.json").read_text()) == {"x.y": {"test_marked.py::test_one": "passed"}}
