"""Rule coverage: every normative statement is implemented somewhere and exercised by a test."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest

from dominolab.core.rules import GAMES, GameRules
from dominolab.verify.interpretations import interpretations
from dominolab.verify.mutants import PATCHES, parse
from dominolab.verify.rules_coverage import run_marked_tests, statements

TESTS = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> dict[str, dict[str, str]]:
    return run_marked_tests(TESTS, tmp_path_factory.mktemp("rules") / "report.json", collect_only=True)


def test_ids_are_unique_and_well_formed():
    ids = [s.id for s in statements()]
    assert len(ids) == len(set(ids)) and len(ids) >= 60
    for s in statements():
        prefix = {"horse-race": "hr.", "fives-and-threes": "ft."}
        assert all(s.id.startswith(prefix[g]) for g in s.games), s.id
        assert s.statement.endswith(".") and s.de.endswith(".") and s.implemented_by


def test_sections_are_headings_of_the_documents():
    for s in statements():
        for game in s.games:
            assert s.section in GAMES[game].sections, (s.id, s.section)
    for game, rules in GAMES.items():        # every section of both documents has statements
        assert {s.section for s in statements() if game in s.games} == set(rules.sections), game


def _resolves(name: str) -> bool:
    name = name.split(" (")[0]
    if name.startswith("interpretation:"):
        return name.removeprefix("interpretation:") in {i.id for i in interpretations()}
    if name.startswith("GameRules."):
        return name.removeprefix("GameRules.") in {f.name for f in dataclasses.fields(GameRules)} or hasattr(
            GameRules, name.removeprefix("GameRules."))
    parts = name.split(".")
    # the longest module prefix (core.engine), then attributes (Match.new_round)
    for cut in range(len(parts) - 1, 0, -1):
        try:
            obj: object = importlib.import_module("dominolab." + ".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        break
    else:
        return False
    for part in parts[cut:]:
        if not hasattr(obj, part):
            return False
        obj = getattr(obj, part)
    return True


def test_every_implementation_named_exists():
    missing = [(s.id, name) for s in statements() for name in s.implemented_by if not _resolves(name)]
    assert missing == []


def test_every_statement_has_a_test_and_every_marker_names_a_statement(collected):
    ids = {s.id for s in statements()}
    untested = sorted(ids - {k for k, tests in collected.items() if tests})
    assert untested == [], f"statements without a test marked @pytest.mark.rule(...): {untested}"
    unknown = sorted(set(collected) - ids)
    assert unknown == [], f"markers naming no statement of dominolab/rules_coverage.toml: {unknown}"


def test_every_statement_names_mutants_that_exist():
    for s in statements():
        assert s.mutants, f"{s.id} names no mutant"
        for spec in s.mutants:
            parse(spec)                             # raises for an unknown game, field or patch
    named = {spec.removeprefix("patch:") for s in statements() for spec in s.mutants}
    assert set(PATCHES) <= named, f"patches no statement names: {sorted(set(PATCHES) - named)}"


def test_interpretations_are_marked_with_their_id():
    ids = {i.id for i in interpretations()}
    for s in statements():
        if s.interpretation:
            assert s.interpretation in ids, s.id
            assert f"interpretation:{s.interpretation}" in s.implemented_by, s.id


def test_the_four_audited_mutants_are_named():
    # an independent audit broke these rules and every rule-marked test still passed (issue 17)
    named = {spec: s.id for s in statements() for spec in s.mutants}
    assert named["patch:first-side-only-at-target"].startswith("hr.target.")
    assert named["patch:seat-0-opens-after-block"] == "hr.opening.lot-after-block"
    assert named["patch:void-removed-mid-round"] == "ft.target.event-void-beyond-61"
    assert named["patch:last-tile-at-target-still-settled"].startswith("hr.")


def test_every_interpretation_names_code_that_exists():
    missing = []
    for it in interpretations():
        for name in (part.strip() for part in it.where.split(",")):
            if "/" in name or "." not in name.split(" (")[0]:
                continue                    # a file pattern ("examples/*.toml") or a whole module ("steptext")
            if not _resolves(name):
                missing.append((it.id, name))
    assert missing == []


def test_the_advising_level_interpretation_says_what_the_code_does():
    """The Auslegungen page states the advisor and its budgets in words; they follow play/levels.py."""
    from dominolab.play.levels import ADVISOR, ADVISOR_HINT_MS, ADVISOR_REVIEW_MS

    (it,) = [i for i in interpretations() if i.id == "zg-beratende-stufe"]
    assert f"{ADVISOR_HINT_MS:g} ms Arbeit je Tipp" in it.decision
    assert f"{ADVISOR_REVIEW_MS:g} ms je Entscheidung der Analyse" in it.decision
    assert {"strong": "dem starken Bot", "expert": "der Expertin"}[ADVISOR] in it.decision


def test_the_expert_budget_interpretation_names_the_constant_in_use() -> None:
    """The Auslegungen page says how many steps a millisecond of the expert's thinking buys."""
    from dominolab.play.expert import STEPS_PER_MS

    (it,) = [i for i in interpretations() if i.id == "zf-expertin-und-stufen"]
    assert f"expert.STEPS_PER_MS ({STEPS_PER_MS:g})" in it.decision
    assert f"({STEPS_PER_MS:g} steps per ms" in it.summary
