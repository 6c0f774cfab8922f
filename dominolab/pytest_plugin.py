"""pytest plugin (registered by installing dominolab): example and record files as tests.

* ``*.dominolab.toml`` files, and any ``.toml`` file named explicitly on the
  command line (``pytest my-examples.toml``), are example files: every example
  becomes one test item. A file that breaks the format is one collection error
  line (file, example id, key). A failing example shows, per checked row, what
  was expected against what the engine got, and where a step text differs.
* ``*.record.json`` files are ``dominolab.record/1`` records: one item per
  file, replayed through the engine; a failure names the first wrong event.

The plugin imports dominolab only when such a file is collected, so it costs
nothing in other projects' test runs.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable

import pytest

if TYPE_CHECKING:
    from dominolab.verify.examples import Example, Result


def _explicit(config: pytest.Config, path: Path) -> bool:
    for arg in config.args:
        target = arg.split("::", 1)[0]
        try:
            if Path(config.invocation_params.dir, target).resolve() == path.resolve():
                return True
        except OSError:
            continue
    return False


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--dominolab-rule-report", metavar="FILE", default=None,
                     help="write the outcomes of the tests marked @pytest.mark.rule(...) per statement id (JSON)")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(*ids): the test exercises these rule statements "
                            "(dominolab/rules_coverage.toml)")
    path = config.getoption("--dominolab-rule-report", None)
    if path is not None:
        config.pluginmanager.register(RuleReport(_report_path(str(path))), "dominolab-rule-report")


def _report_path(text: str) -> Path:
    """Check the report's path before any test runs: a one-line usage error, not a traceback at the end."""
    option = "--dominolab-rule-report"
    if not text.strip() or "\0" in text:
        raise pytest.UsageError(f"{option}: give a file name, not {text!r}")
    path = Path(text)
    if path.exists() and not path.is_file():
        raise pytest.UsageError(f"{option} {text}: exists and is not a regular file (a folder or device); "
                                f"name a file")
    if not path.parent.is_dir():
        raise pytest.UsageError(f"{option} {text}: no folder {path.parent}")
    return path


class RuleReport:
    """Writes, per statement id, every marked test and its outcome ("not run" under --collect-only)."""

    def __init__(self, path: Path):
        self.path = path
        self.ids_of: dict[str, list[str]] = {}
        self.outcomes: dict[str, dict[str, str]] = {}

    def pytest_collection_modifyitems(self, items: list[pytest.Item]) -> None:
        for item in items:
            ids = [str(a) for m in item.iter_markers("rule") for a in m.args]
            if ids:
                self.ids_of[item.nodeid] = ids
                for rule_id in ids:
                    self.outcomes.setdefault(rule_id, {})[item.nodeid] = "not run"

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        ids = self.ids_of.get(report.nodeid)
        if not ids or (report.when != "call" and report.passed):
            return
        outcome = "passed" if report.passed else "skipped" if report.skipped else "failed"
        for rule_id in ids:
            tests = self.outcomes.setdefault(rule_id, {})
            if tests.get(report.nodeid) in (None, "not run", "passed"):
                tests[report.nodeid] = outcome

    def pytest_sessionfinish(self, session: pytest.Session) -> None:
        """Write the report atomically; a failed write (full disk, unwritable folder) is one line and a
        failed run, and leaves no half-written file."""
        import json
        import os
        import tempfile

        data = json.dumps(self.outcomes, indent=1, sort_keys=True).encode("utf-8")
        temp = None
        try:
            fd, temp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=self.path.parent)
            with os.fdopen(fd, "wb") as out:
                out.write(data)
            os.replace(temp, self.path)
            temp = None
        except OSError as exc:
            reporter = session.config.pluginmanager.get_plugin("terminalreporter")
            line = f"--dominolab-rule-report {self.path}: cannot write: {exc.strerror or exc}"
            if reporter is not None:
                reporter.write_line(f"ERROR: {line}", red=True)
            session.exitstatus = pytest.ExitCode.USAGE_ERROR
        finally:
            if temp is not None:
                try:
                    os.unlink(temp)
                except OSError:
                    pass


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    name = file_path.name
    if name.endswith(".dominolab.toml") or (file_path.suffix == ".toml" and _explicit(parent.config, file_path)):
        return ExampleFile.from_parent(parent, path=file_path)
    if name.endswith(".record.json"):
        return RecordFile.from_parent(parent, path=file_path)
    return None


class ExampleFile(pytest.File):
    """An example file; validated completely before any of its examples runs."""

    def collect(self) -> Iterable[pytest.Item]:
        from dominolab.core.errors import DominoError
        from dominolab.verify.examples import load_examples

        try:
            examples = load_examples([self.path])
        except DominoError as exc:
            raise self.CollectError(str(exc)) from None
        for example in examples:
            yield ExampleItem.from_parent(self, name=example.id, example=example, pool=examples)


class ExampleFailure(Exception):
    def __init__(self, results: list[Result]):
        super().__init__(f"{sum(not r.ok for r in results)} of {len(results)} checks failed")
        self.results = results


class ExampleItem(pytest.Item):
    def __init__(self, *, example: Example, pool: list[Example], **kwargs: Any):
        super().__init__(**kwargs)
        self.example = example
        self.pool = pool

    def runtest(self) -> None:
        from dominolab.verify.examples import catalogue_examples, run

        results = run(self.example, list(self.pool) + list(catalogue_examples()))
        if not all(r.ok for r in results):
            raise ExampleFailure(results)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        exc = excinfo.value
        if isinstance(exc, ExampleFailure):
            lines = [f"example {self.example.id} ({self.example.kind}, {self.example.game.name}): {exc}"]
            for r in exc.results:
                if r.ok:
                    continue
                lines.append(f"  {r.example}")
                lines.append(f"    expected: {r.expected}")
                lines.append(f"    got:      {r.got}")
                for problem in r.detail.split("; "):
                    lines.append(f"    - {problem}")
            return "\n".join(lines)
        from dominolab.core.errors import DominoError

        if isinstance(exc, DominoError):
            return f"example {self.example.id}: {exc}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"example {self.example.id}"


class RecordFile(pytest.File):
    def collect(self) -> Iterable[pytest.Item]:
        yield RecordItem.from_parent(self, name="replay")


class RecordItem(pytest.Item):
    def runtest(self) -> None:
        from dominolab.core.record import load_record, replay

        replay(load_record(self.path))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException],
                     style: Any = None) -> str:
        from dominolab.core.errors import DominoError

        if isinstance(excinfo.value, DominoError):
            return f"record {self.path.name}: {excinfo.value}"
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int | None, str]:
        return self.path, None, f"record {self.path.name}"
