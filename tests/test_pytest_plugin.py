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
