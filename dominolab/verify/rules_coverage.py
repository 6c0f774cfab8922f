"""The normative statements of both rule documents, as data (``rules_coverage.toml``).

Each :class:`Statement` has an id, the games and the document section it comes
from, a short statement in English and where dominolab implements it. Tests
name the statements they exercise with ``@pytest.mark.rule("<id>", ...)``;
the pytest plugin's ``--dominolab-rule-report=FILE`` option writes, per
statement, the marked tests and their outcomes (:func:`run_marked_tests`);
``tests/verify/test_coverage.py`` fails when a statement has no test, and the book
page *Regelabdeckung* shows the outcomes of the build's own run.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from dominolab.text.words import WORDS

FILE = Path(__file__).parents[1] / "rules_coverage.toml"


@dataclass(frozen=True)
class Statement:
    id: str
    games: tuple[str, ...]
    section: str
    statement: str            #: English
    de: str                   #: the same in German (for the book)
    implemented_by: tuple[str, ...]
    mutants: tuple[str, ...] = ()        #: changes of the rule its tests must catch (dominolab.mutants)
    interpretation: str = ""             #: the interpretation id when this is dominolab's decision


@lru_cache(maxsize=1)
def statements() -> tuple[Statement, ...]:
    data = _data()
    return tuple(Statement(s["id"], tuple(s["games"]), s["section"], s["statement"], s["de"],
                           tuple(s["implemented_by"]), tuple(s.get("mutants", ())), s.get("interpretation", ""))
                 for s in data["statement"])


@lru_cache(maxsize=1)
def _data() -> dict[str, Any]:
    return tomllib.loads(FILE.read_text(encoding="utf-8"))


def patch_descriptions() -> dict[str, str]:
    """The German one-line description of every named patch (:mod:`dominolab.verify.mutants`)."""
    return {str(k): str(v) for k, v in _data().get("patch_de", {}).items()}


def by_id() -> dict[str, Statement]:
    return {s.id: s for s in statements()}


def run_marked_tests(tests: Path, report: Path, *, collect_only: bool = False,
                     python: str | None = None) -> dict[str, dict[str, str]]:
    """Run (or only collect) the tests marked with statement ids; outcome per id and test node.

    Runs pytest in a subprocess with the plugin's ``--dominolab-rule-report``;
    used by the coverage test and by the book page *Regelabdeckung*.
    """
    import json
    import subprocess
    import sys

    files = [str(p) for p in sorted(tests.rglob("test_*.py")) if "rule(" in p.read_text(encoding="utf-8")]
    args = [python or sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "rule",
            "--no-header", *plugin_args(), f"--dominolab-rule-report={report}", *files]
    if collect_only:
        args.insert(4, "--collect-only")
    subprocess.run(args, capture_output=True, text=True, cwd=tests.parent, check=False)
    if not report.exists():
        raise RuntimeError(f"pytest wrote no rule report ({' '.join(args)})")
    result: dict[str, dict[str, str]] = json.loads(report.read_text(encoding="utf-8"))
    return result


def plugin_args() -> list[str]:
    """``-p dominolab.pytest_plugin`` when the plugin is not registered by an installed dominolab."""
    from importlib.metadata import entry_points

    if any(ep.value == "dominolab.pytest_plugin" for ep in entry_points(group="pytest11")):
        return []
    return ["-p", "dominolab.pytest_plugin"]


def _esc(text: object) -> str:
    import html

    return html.escape(str(text))


#: The book's words for test outcomes (dominolab.text.words).
_W = WORDS["de"].book
OUTCOME_WORDS = _W.outcomes


def coverage_counts(result: dict[str, Any]) -> dict[str, int]:
    """From a stored coverage result (:mod:`dominolab.mutants`): statements, statements with a test,
    statements whose tests all passed, marked test runs, mutants and mutants caught."""
    all_ids = [s.id for s in statements()]
    per = result["statements"]
    tested = [i for i in all_ids if per.get(i, {}).get("tests")]
    passed = [i for i in tested if per[i]["passed"]]
    caught = [i for i in all_ids if per.get(i, {}).get("mutants")
              and all(m["caught"] for m in per[i]["mutants"].values())]
    return {"statements": len(all_ids), "tested": len(tested), "passed": len(passed),
            "runs": sum(len(per[i]["tests"]) for i in tested), "mutants": int(result["mutants"]),
            "caught": int(result["caught"]), "statements_caught": len(caught)}


def _breakable(text: str) -> str:
    """Escaped, with line-break opportunities after ``_``, ``.`` and ``-`` (long code names wrap)."""
    out = _esc(text)
    for ch in "_.-:":
        out = out.replace(ch, ch + "<wbr>")
    return out


def coverage_table_html(result: dict[str, Any], game: str, table_class: str = "", lang: str = "de") -> str:
    """One game's statements from a stored coverage result: id and outcome, statement, implementation,
    tests, and every mutant with whether the tests caught it (German, or English with ``lang="en"``: the
    statements' ``statement``, the mutants' English description; the document's section stays German,
    marked ``lang="de"``)."""
    w = WORDS[lang].book
    rows = []
    for s in statements():
        if game not in s.games:
            continue
        entry = result["statements"].get(s.id, {"tests": {}, "passed": False, "mutants": {}})
        tests = entry["tests"]
        by_function: dict[str, list[str]] = {}
        for node, outcome in sorted(tests.items()):
            short = node.split("/")[-1].split("::")
            by_function.setdefault(f"{short[0].removesuffix('.py')}::{short[-1].split('[')[0]}", []).append(outcome)
        names = "<br>".join(
            f"<code>{_breakable(name)}</code>{f' ({len(runs)}×)' if len(runs) > 1 else ''}"
            + ("" if all(o == "passed" for o in runs) else f" {', '.join(w.outcomes.get(o, o) for o in runs)}")
            for name, runs in by_function.items())
        status = w.outcomes["passed"] if entry["passed"] else w.missing if not tests else w.outcomes["failed"]
        mutants = "<br>".join(
            f"<code>{_breakable(spec)}</code>: "
            f"{_esc((m.get('de') or m['description']) if lang == 'de' else m['description'])} "
            f"<b>{w.mutant_caught if m['caught'] else w.mutant_survived}</b>"
            for spec, m in entry["mutants"].items()) or f"<b>{w.no_mutants}</b>"
        impl = "<br>".join(f"<code>{_breakable(x)}</code>" for x in s.implemented_by)
        note = (f"<br><small>{w.interpretation_note.format(id=f'<code>{_breakable(s.interpretation)}</code>')}"
                f"</small>" if s.interpretation else "")
        section = _esc(s.section) if lang == "de" else f'<span lang="de">{_esc(s.section)}</span>'
        rows.append(f"<tr><td><code>{_breakable(s.id)}</code><br><small>{section}</small><br>"
                    f"<b>{status}</b></td><td>{_esc(s.de if lang == 'de' else s.statement)}{note}</td><td><small>{impl}</small></td>"
                    f"<td><small>{names or '–'}</small></td><td><small>{mutants}</small></td></tr>")
    head = "".join(f"<th>{cell}</th>" for cell in w.coverage_head)
    return f"<table class='{_esc(table_class)}'><thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
