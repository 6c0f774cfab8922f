"""Mutants: deliberate changes of one rule each, to prove that the rule tests can fail.

Every statement of ``rules_coverage.toml`` names at least one mutant. A mutant is
data, one of two forms:

* ``field:GAME.FIELD=VALUE`` - the rule as data changed: the game description
  ``GAME`` (``horse-race`` or ``fives-and-threes``) gets ``FIELD`` replaced
  (:func:`dataclasses.replace`, so the new description is checked like any
  other) and the registered game object takes over the new values in place,
  so every module that holds it plays by the changed rule. ``VALUE`` is a TOML
  value (``false``, ``60``, ``"next-seat"``, ``[10]``; lists become tuples).
* ``patch:NAME`` - a small named change of the function that implements the
  rule; every patch is a function of one of the patch modules of this package,
  grouped by what it breaks - :mod:`.deal` (the match, the deal, the opener, seats
  and sides), :mod:`.turns` (legal moves, staying on turn, drawing, passing, the
  turn order), :mod:`.outcome` (a play at the target, the match's winners),
  :mod:`.scoring` (credits, the settlement), :mod:`.layout` (the layout, a seat's
  view, the pictures) - registered with :func:`patch` (:mod:`.registry`, the one
  registry), with the function it changes (``target``) and a one-line description
  (its German twin, for the book, is data in ``rules_coverage.toml``, table
  ``patch_de``).

A patch changes one rule at one place and copies no method body: it replaces a
field of a game description (:func:`replace_game`), wraps one function or method
and changes its arguments or its result (``Round._judge``, the one computation of
a play's outcome; ``scoring.settle_trusted``; ``Layout.contributions``;
``Match._opener``; ...), or replaces one small pure function (``engine.lot``,
``scoring._round``). A function held by name in other modules is replaced
wherever it is held (:func:`replace_everywhere`), so the engine's own calls see
the change. The engine internals a patch may touch are listed, with the reason,
as the hooks of ``tests/core/test_layers.py``.

:func:`run_coverage` (the command ``dominolab coverage``) first runs every test
marked ``@pytest.mark.rule(...)`` unchanged, then, for each mutant, a fresh
Python process applies it and runs the marked tests of the statements that name
it (pytest in that process; Hypothesis at a small fixed example count, no
shrinking). A mutant is *caught* for a statement when at least one of that
statement's tests fails and, for a patch, the patch was live there: it changed
its ``target`` and the statement's tests called the changed target (:class:`Reach`
counts the calls per test), and not every failure is a crash of the machinery
(:data:`CRASHES`). A patch of a function the engine no longer calls is therefore
reported ``UNREACHED``, never caught. ``--leave-out FILE`` audits what the
other rule tests catch without the tests of one file. The result is stored as JSON under
``_build/rule-coverage/`` keyed by a hash of the package's and the tests'
sources (:func:`sources_hash`); the book page *Regelabdeckung* reads it with
:func:`load_or_run`, which runs the mutants only when no result for the
current sources exists.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence, TextIO

# the registry, then every patch module (importing one registers its patches)
from dominolab.verify.mutants.registry import (GERMAN, PATCHES, Mutant, MutantError, Patch, apply, parse, patch,
                                               replace_everywhere, replace_game, wrap, wrap_everywhere)
from dominolab.verify.mutants import deal, layout, outcome, scoring, turns  # noqa: F401  (they register)

__all__ = ["CHILD_TIMEOUT", "FORMAT", "GERMAN", "MUTANT_EXAMPLES", "Mutant", "MutantError", "PATCHES", "Patch", "Plan",
           "ROOT", "Reach", "TESTS", "apply", "cache_dir", "cmd_coverage", "crash_only", "default_jobs", "load",
           "load_or_run", "main", "make_plan", "parse", "patch", "reached", "replace_everywhere", "replace_game",
           "result_ok", "run_coverage", "sources_hash", "store", "summary_line", "wrap", "wrap_everywhere"]

ROOT = Path(__file__).resolve().parents[3]     #: the project (dominolab/verify/mutants/__init__.py)
TESTS = ROOT / "tests"
FORMAT = "dominolab.rule-coverage/1"
#: Seconds one mutant's test run may take; a run that takes longer counts as caught (it did not pass).
CHILD_TIMEOUT = 120.0
#: Hypothesis examples per property test in a mutant run (no shrinking; derandomized).
MUTANT_EXAMPLES = 15

# -- running ---------------------------------------------------------------------------------

def sources_hash(root: Path = ROOT) -> str:
    """A hash of the package's and the tests' sources (Python and TOML): the key of a stored result."""
    h = hashlib.sha256()
    for folder in ("dominolab", "tests"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix in (".py", ".toml") and "__pycache__" not in path.parts and path.is_file():
                h.update(str(path.relative_to(root)).encode())
                h.update(b"\0")
                h.update(path.read_bytes())
    return h.hexdigest()[:20]


def cache_dir(root: Path = ROOT) -> Path:
    env = os.environ.get("DOMINOLAB_COVERAGE_CACHE")
    return Path(env) if env else root / "_build" / "rule-coverage"


def _rule_files(tests: Path) -> list[str]:
    return [str(p) for p in sorted(tests.rglob("test_*.py")) if "rule(" in p.read_text(encoding="utf-8")]


def _run_child(spec: str | None, targets: Sequence[str], root: Path, timeout: float) -> dict[str, Any]:
    """Run ``targets`` (test files or node ids) under ``spec`` in a fresh process; outcomes per statement."""
    with tempfile.TemporaryDirectory(prefix="dominolab-mutant-") as tmp:
        report = Path(tmp) / "report.json"
        args_file = Path(tmp) / "targets.json"
        args_file.write_text(json.dumps(list(targets)), encoding="utf-8")
        cmd = [sys.executable, "-m", "dominolab.verify.mutants", "--child", spec or "", str(report), str(args_file)]
        env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   PYTHONDONTWRITEBYTECODE="1")
        env.pop("CI", None)
        start = time.monotonic()
        try:
            proc = subprocess.run(cmd, cwd=root, capture_output=True, text=True, timeout=timeout, env=env,
                                  check=False)
        except subprocess.TimeoutExpired:
            return {"timeout": True, "outcomes": {}, "seconds": round(time.monotonic() - start, 1)}
        if not report.exists():
            tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
            return {"error": tail[0][:300], "outcomes": {}, "seconds": round(time.monotonic() - start, 1)}
        outcomes = json.loads(report.read_text(encoding="utf-8"))
        return {"outcomes": outcomes, "seconds": round(time.monotonic() - start, 1), **_reach_of(report)}


def _resolve(target: str) -> tuple[Any, str, Any]:
    """``module:Qual.name`` -> (owner, name, the object as stored in the owner)."""
    import importlib

    module_name, _, qualname = target.partition(":")
    owner: Any = importlib.import_module(module_name)
    *path, name = qualname.split(".")
    for part in path:
        owner = getattr(owner, part)
    stored = owner.__dict__.get(name, getattr(owner, name)) if hasattr(owner, "__dict__") else getattr(owner, name)
    return owner, name, stored


class Reach:
    """Whether a patch changed its target and how often the changed target runs, per test.

    Made before the patch is applied (:meth:`before`), then :meth:`install` wraps the patched
    target with a counter - everywhere the patched object is held, as :func:`_replace` does - so
    a patch whose target the engine never calls shows 0 calls, and a patch that changed something
    other than its target shows ``changed`` false.
    """

    def __init__(self, target: str) -> None:
        self.target = target
        self.before = _resolve(target)[2]
        self.changed = False
        self.callable = False
        self.calls = 0
        self.per_test: dict[str, int] = {}

    def install(self) -> None:
        owner, name, after = _resolve(self.target)
        self.changed = after is not self.before and not (
            not callable(after) and not isinstance(after, (property, classmethod)) and after == self.before)
        reach = self

        def counting(fn: Callable[..., Any]) -> Callable[..., Any]:
            def counted(*args: Any, **kw: Any) -> Any:
                reach.calls += 1
                return fn(*args, **kw)
            return counted

        if isinstance(after, property):
            self.callable = True
            setattr(owner, name, property(counting(after.fget) if after.fget else None, after.fset, after.fdel))
        elif isinstance(after, classmethod):
            self.callable = True
            setattr(owner, name, classmethod(counting(after.__func__)))
        elif callable(after) and not isinstance(after, type):
            self.callable = True
            wrapped = counting(after)
            if isinstance(owner, type):
                setattr(owner, name, wrapped)
            else:
                replace_everywhere(owner, name, wrapped)
        # else: a value (a game's hand sizes): changing it is all a patch can do; it has no calls

    def as_json(self) -> dict[str, Any]:
        return {"target": self.target, "changed": self.changed, "callable": self.callable, "calls": self.calls,
                "per_test": self.per_test}


def _child_main(spec: str, report: str, targets_file: str) -> int:
    """In the fresh process: apply the mutant, then run pytest here with the rule report.

    For a patch, the report's companion ``REPORT.reach.json`` tells whether the patch changed its
    target and how often each test called the changed target (:class:`Reach`)."""
    import pytest
    from hypothesis import HealthCheck, Phase, settings

    errors: dict[str, str] = {}          #: failed test -> the type of the exception it failed with
    reach: Reach | None = None
    if spec.startswith("patch:") and spec.removeprefix("patch:") in PATCHES:
        reach = Reach(PATCHES[spec.removeprefix("patch:")].target)
    if spec:
        apply(spec)
    if reach is not None:
        reach.install()
    settings.register_profile("dominolab-mutants", max_examples=MUTANT_EXAMPLES, deadline=None, derandomize=True,
                              database=None, phases=[Phase.explicit, Phase.reuse, Phase.generate],
                              suppress_health_check=list(HealthCheck))

    class Profile:
        @staticmethod
        def pytest_sessionstart() -> None:     # after the tests' conftest chose its own profile
            settings.load_profile("dominolab-mutants")

        @staticmethod
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_makereport(item: Any, call: Any) -> Iterator[None]:
            yield
            if call.when == "call" and call.excinfo is not None:
                errors[item.nodeid] = str(call.excinfo.typename)

        @staticmethod
        @pytest.hookimpl(hookwrapper=True)
        def pytest_runtest_call(item: Any) -> Iterator[None]:
            start = reach.calls if reach is not None else 0
            yield
            if reach is not None:
                reach.per_test[item.nodeid] = reach.calls - start

    targets = json.loads(Path(targets_file).read_text(encoding="utf-8"))
    from dominolab.verify.rules_coverage import plugin_args

    code = pytest.main(["-q", "-p", "no:cacheprovider", "--no-header", "-o", "addopts=", *plugin_args(),
                        f"--dominolab-rule-report={report}", "-W", "ignore", *targets], plugins=[Profile()])
    if reach is not None:
        Path(report + ".reach.json").write_text(json.dumps({**reach.as_json(), "errors": errors}), encoding="utf-8")
    return 0 if code in (0, 1) else int(code)


@dataclass
class Plan:
    statements: list[Any]
    mutants: dict[str, list[str]]     #: spec -> ids of the statements naming it


def make_plan() -> Plan:
    from dominolab.verify.rules_coverage import statements

    plan: dict[str, list[str]] = {}
    for s in statements():
        for spec in s.mutants:
            parse(spec)
            plan.setdefault(spec, []).append(s.id)
    return Plan(list(statements()), plan)


def _can_fork() -> bool:
    """Fork the runs from this process when it is a plain one (no other threads, e.g. not a notebook kernel)."""
    import threading
    return hasattr(os, "fork") and threading.active_count() == 1 and not os.environ.get("DOMINOLAB_MUTANTS_NO_FORK")


def _forked_runs(jobs: list[tuple[str | None, list[str]]], root: Path, timeout: float, workers: int,
                 done: Callable[[int, dict[str, Any]], None]) -> None:
    """Run every (spec, targets) in a forked child of this process, ``workers`` at a time.

    The children share what this process has imported (pytest, Hypothesis, dominolab) and import
    the tests themselves, after the mutant is applied; each writes its rule report to a file.
    """
    import pytest  # noqa: F401  - imported once here, shared by every child
    import hypothesis  # noqa: F401

    from dominolab.core import engine, layout, rules, scoring, view  # noqa: F401
    from dominolab.pictures import picture  # noqa: F401
    from dominolab.text import steptext  # noqa: F401

    waiting = list(enumerate(jobs))
    running: dict[int, tuple[int, Path, float]] = {}
    with tempfile.TemporaryDirectory(prefix="dominolab-mutants-") as tmp:
        while waiting or running:
            while waiting and len(running) < workers:
                index, (spec, targets) = waiting.pop(0)
                report = Path(tmp) / f"{index}.json"
                pid = os.fork()
                if pid == 0:                                     # the child
                    code = 3
                    try:
                        devnull = os.open(os.devnull, os.O_WRONLY)
                        os.dup2(devnull, 1)
                        os.dup2(devnull, 2)
                        os.chdir(root)
                        targets_file = Path(tmp) / f"{index}.targets.json"
                        targets_file.write_text(json.dumps(targets), encoding="utf-8")
                        code = _child_main(spec or "", str(report), str(targets_file))
                    finally:
                        os._exit(code)
                running[pid] = (index, report, time.monotonic())
            pid, _status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                now = time.monotonic()
                for child, (index, report, start) in list(running.items()):
                    if now - start > timeout:
                        os.kill(child, 9)
                        os.waitpid(child, 0)
                        del running[child]
                        done(index, {"timeout": True, "outcomes": {}, "seconds": round(now - start, 1)})
                time.sleep(0.02)
                continue
            if pid not in running:
                continue
            index, report, start = running.pop(pid)
            seconds = round(time.monotonic() - start, 1)
            try:
                done(index, {"outcomes": json.loads(report.read_text(encoding="utf-8")), "seconds": seconds,
                             **_reach_of(report)})
            except (OSError, ValueError):
                done(index, {"error": "the run wrote no rule report", "outcomes": {}, "seconds": seconds})


def _runs(jobs: list[tuple[str | None, list[str]]], root: Path, timeout: float, workers: int,
          done: Callable[[int, dict[str, Any]], None]) -> None:
    if _can_fork():
        _forked_runs(jobs, root, timeout, workers, done)
        return
    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        futures = {pool.submit(_run_child, spec, targets, root, timeout): i for i, (spec, targets) in enumerate(jobs)}
        from concurrent.futures import as_completed
        for future in as_completed(futures):
            done(futures[future], future.result())


def run_coverage(*, jobs: int = 2, progress: TextIO | None = None, root: Path = ROOT,
                 only: Sequence[str] = (), leave_out: Sequence[str] = ()) -> dict[str, Any]:
    """Run the marked tests unchanged, then under every mutant; the result (see the module docstring).

    ``only``: these mutant specs alone. ``leave_out``: test files (paths from ``root``) whose tests do
    not count - the audit of what the other rule tests catch without them. Either makes the result
    incomplete (``complete`` false: it is not stored)."""
    started = time.monotonic()
    sources = sources_hash(root)            # the sources as they are when the run starts
    plan = make_plan()
    tests = root / "tests"

    def say(text: str) -> None:
        if progress is not None:
            print(text, file=progress, flush=True)

    left_out = {(root / f).resolve() for f in leave_out}
    files = [f for f in _rule_files(tests) if Path(f).resolve() not in left_out]
    say(f"baseline: every test marked @pytest.mark.rule, unchanged ({len(plan.statements)} statements"
        + (f"; left out: {', '.join(leave_out)}" if leave_out else "") + ")")
    base: dict[str, Any] = {}
    _runs([(None, ["-m", "rule", *files])], root, CHILD_TIMEOUT * 2, 1,
          lambda i, res: base.update(res))
    outcomes: dict[str, dict[str, str]] = base.get("outcomes", {})
    if base.get("error") or base.get("timeout"):
        raise MutantError(f"the unchanged rule tests did not run: {base.get('error', 'timed out')}")
    specs = [s for s in plan.mutants if not only or s in only]
    results: dict[str, dict[str, Any]] = {}
    # Whole test functions, not parametrized node ids: a mutant may change a parameter list that is
    # computed from the rules (an id missing under the mutant would stop pytest before any test ran).
    work = [(spec, sorted({_function_node(node) for i in plan.mutants[spec] for node in outcomes.get(i, {})}))
            for spec in specs]

    def done(index: int, res: dict[str, Any]) -> None:
        spec = specs[index]
        results[spec] = res
        ids = plan.mutants[spec]
        verdict = ("caught" if all(_verdict(res, i) for i in ids)
                   else "SURVIVED" if not all(_caught(res, i)[0] for i in ids)
                   else "UNREACHED" if not all(reached(res, i) for i in ids) else "CRASHED")
        say(f"[{len(results)}/{len(specs)}] {spec}: {verdict} ({res.get('seconds', 0)} s)")

    runnable = [(i, w) for i, w in enumerate(work) if w[1]]
    for i, (spec, nodes) in enumerate(work):
        if not nodes:
            done(i, {"outcomes": {}, "error": "no marked tests to run", "seconds": 0})
    order = [i for i, _ in runnable]
    _runs([w for _, w in runnable], root, CHILD_TIMEOUT, jobs, lambda k, res: done(order[k], res))
    statements_out: dict[str, Any] = {}
    for s in plan.statements:
        tests_of = outcomes.get(s.id, {})
        mutants_of = {}
        for spec in s.mutants:
            if spec not in results:
                continue
            failed = _caught(results[spec], s.id)[1]
            mutant = parse(spec)
            mutants_of[spec] = {"caught": _verdict(results[spec], s.id), "failed": failed, "target": mutant.target,
                                "reached": reached(results[spec], s.id),
                                "crash_only": crash_only(results[spec], s.id),
                                "failed_by": sorted({results[spec].get("reach", {}).get("errors", {}).get(node, "?")
                                                     for node in failed}) if spec.startswith("patch:") else [],
                                "description": mutant.description, "de": mutant.de}
        statements_out[s.id] = {
            "tests": tests_of,
            "passed": bool(tests_of) and all(o == "passed" for o in tests_of.values()),
            "mutants": mutants_of,
        }
    caught_specs = [spec for spec in specs if all(_verdict(results[spec], i) for i in plan.mutants[spec])]
    return {"format": FORMAT, "sources": sources, "seconds": round(time.monotonic() - started, 1),
            "statements": statements_out, "mutants": len(specs), "caught": len(caught_specs),
            "survivors": sorted(set(specs) - set(caught_specs)), "complete": not only and not leave_out}


def _reach_of(report: Path) -> dict[str, Any]:
    path = Path(str(report) + ".reach.json")
    return {"reach": json.loads(path.read_text(encoding="utf-8"))} if path.exists() else {}


def reached(res: dict[str, Any], statement_id: str) -> bool:
    """Whether a patch run shows its patch live for a statement: the patch changed its target and
    (for a function) the statement's tests called the changed target. A field mutant is data the
    game description holds; it is live by construction (``parse`` refuses a value that changes nothing)."""
    reach = res.get("reach")
    if reach is None:
        return True
    if not reach["changed"]:
        return False
    if not reach["callable"]:
        return True
    nodes = res.get("outcomes", {}).get(statement_id, {})
    return any(reach["per_test"].get(node, 0) > 0 for node in nodes)


#: Exceptions that say a patch broke the engine's machinery rather than changed its rule.
CRASHES = frozenset({"AttributeError", "KeyError", "TypeError", "NameError", "IndexError", "UnboundLocalError",
                     "RecursionError", "ZeroDivisionError"})


def crash_only(res: dict[str, Any], statement_id: str) -> bool:
    """True when every failing test of the statement failed by a crash (:data:`CRASHES`), not by a
    checked difference: the mutant was caught for the wrong reason."""
    errors = res.get("reach", {}).get("errors", {})
    failed = _caught(res, statement_id)[1]
    return bool(failed) and all(errors.get(node) in CRASHES for node in failed)


def _verdict(res: dict[str, Any], statement_id: str) -> bool:
    """Caught: a test of the statement failed - not only by crashing - and (for a patch) the patched
    target was live there."""
    return _caught(res, statement_id)[0] and reached(res, statement_id) and not crash_only(res, statement_id)


def _function_node(node: str) -> str:
    """``tests/x.py::test_f[a-b]`` -> ``tests/x.py::test_f``."""
    return node.split("[", 1)[0]


def _caught(res: dict[str, Any], statement_id: str) -> tuple[bool, list[str]]:
    """Whether one run caught the mutant for a statement, and the statement's tests that failed.

    Only a failing test of the statement catches a mutant; a run that timed out or broke down did not
    show that the statement's tests notice the change, so it counts as a survivor (to be looked at).
    """
    if res.get("timeout"):
        return False, ["(timed out)"]
    failed = sorted(node for node, o in res.get("outcomes", {}).get(statement_id, {}).items() if o == "failed")
    if res.get("error") and not failed:
        return False, []
    return bool(failed), failed


def summary_line(result: dict[str, Any]) -> str:
    n = len(result["statements"])
    if result["caught"] == result["mutants"]:
        return f"{n} statements, {result['caught']} mutants caught"
    return (f"{n} statements, {result['caught']} of {result['mutants']} mutants caught; survived: "
            + ", ".join(result["survivors"]))


def result_ok(result: dict[str, Any]) -> bool:
    statements = result["statements"].values()
    return (result["caught"] == result["mutants"] and all(s["passed"] for s in statements)
            and all(s["mutants"] for s in statements)
            and all(m.get("reached", True) and not m.get("crash_only") for s in statements
                    for m in s["mutants"].values()))


def store(result: dict[str, Any], root: Path = ROOT) -> Path:
    """Write the result atomically as ``<cache dir>/<sources hash>.json``; return the path."""
    folder = cache_dir(root)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{result['sources']}.json"
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".json")
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        json.dump(result, out, indent=1, sort_keys=True)
    os.chmod(tmp, 0o644)
    os.replace(tmp, path)
    return path


def load(root: Path = ROOT) -> dict[str, Any] | None:
    """The stored complete result for the current sources, or ``None``."""
    path = cache_dir(root) / f"{sources_hash(root)}.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if data.get("format") == FORMAT and data.get("complete") else None


def load_or_run(root: Path = ROOT, progress: TextIO | None = None, jobs: int | None = None) -> dict[str, Any]:
    """The stored result for the current sources; runs ``dominolab coverage`` (once, in a fresh process,
    which stores it) only when there is none. A notebook kernel or any other caller gets the result
    without running the mutants a second time."""
    found = load(root)
    if found is not None:
        return found
    cmd = [sys.executable, "-m", "dominolab", "coverage"] + ([f"--jobs={jobs}"] if jobs else [])
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.run(cmd, cwd=root, env=env, stdout=subprocess.PIPE, stderr=None if progress is not None else subprocess.DEVNULL,
                          text=True, check=False)
    found = load(root)
    if found is None:
        raise MutantError(f"dominolab coverage stored no result (exit {proc.returncode}): "
                          f"{(proc.stdout.strip().splitlines() or ['no output'])[-1]}")
    return found


def default_jobs() -> int:
    try:
        return max(1, min(4, len(os.sched_getaffinity(0))))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, min(4, os.cpu_count() or 1))


def cmd_coverage(jobs: int | None = None, fresh: bool = False, out: TextIO | None = None,
                 only: Sequence[str] = (), leave_out: Sequence[str] = ()) -> int:
    """``dominolab coverage``: progress on stderr, the summary on stdout; exit 1 when a mutant survives.

    ``leave_out`` names rule test files whose tests do not count (the audit: would the others
    catch every mutant?); a name that is no rule test file of the project is a one-line error."""
    out = out if out is not None else sys.stdout
    for spec in only:
        parse(spec)
    rule_files = {Path(f).resolve() for f in _rule_files(TESTS)}
    for name in leave_out:
        if (ROOT / name).resolve() not in rule_files:
            raise MutantError(f"--leave-out {name!r}: not a test file with rule-marked tests "
                              f"(e.g. tests/verify/test_rules_catch.py, relative to {ROOT})")
    partial = bool(only or leave_out)
    result = None if (fresh or partial) else load()
    if result is None:
        result = run_coverage(jobs=jobs or default_jobs(), progress=sys.stderr, only=only, leave_out=leave_out)
        if not partial:
            path = store(result)
            print(f"result stored in {path}", file=sys.stderr)
    else:
        print(f"stored result for these sources ({cache_dir() / (result['sources'] + '.json')}); "
              "--fresh runs the mutants again", file=sys.stderr)
    for sid, s in result["statements"].items():
        for spec, m in s["mutants"].items():
            if not m["caught"] and not m["failed"]:
                print(f"SURVIVED {sid}: {spec} ({m['description']})", file=out)
            if not m.get("reached", True):
                print(f"UNREACHED {sid}: {spec} changes {m['target']}, which its tests never call "
                      "(or the patch did not change it)", file=out)
            if m.get("crash_only"):
                print(f"CRASHED {sid}: {spec} is caught only by tests that crash ({', '.join(m['failed_by'])}), "
                      "not by a checked difference", file=out)
        if not s["tests"] and leave_out:
            print(f"UNTESTED {sid}: no marked test outside the files left out", file=out)
        elif not s["passed"]:
            print(f"FAILED {sid}: its marked tests do not all pass unchanged", file=out)
        if not s["mutants"] and not only:
            print(f"MISSING {sid}: names no mutant", file=out)
    print(summary_line(result), file=out)
    all_reached = all(m.get("reached", True) for s in result["statements"].values() for m in s["mutants"].values())
    return 0 if result_ok(result) or (only and result["caught"] == result["mutants"] and all_reached) else 1


def main(argv: Sequence[str]) -> int:
    """The command line of this package, for its own child processes (``python -m dominolab.verify.mutants``)."""
    if len(argv) == 4 and argv[0] == "--child":
        return _child_main(argv[1], argv[2], argv[3])
    print("usage: dominolab coverage (this module's command line is for its own child processes)", file=sys.stderr)
    return 2
