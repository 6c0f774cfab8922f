"""The package's layers: every import arrow points inward, and no module reaches into another's privates.

The layers, innermost first (see ``dominolab/__init__.py``):

- ``core``: values, game descriptions, rounds, matches, history, views, records - standard library only;
- ``text``: words and sentences; ``play``: bots, sessions, tournaments; ``pictures``: geometry, scenes, writers
  (its charts read tournament results);
- ``verify``: examples, the document checker, goldens, coverage, interpretations;
- faces: ``cli``, ``book``, ``webapi``, ``pytest_plugin`` (and ``__main__``), which may use everything inside them
  but not each other.

Imports inside functions count as much as those at the top of a module: a lazy import is still an arrow.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "dominolab"

#: layer -> the layers it may import (itself included)
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "text": {"core", "text"},
    "pictures": {"core", "text", "play", "pictures"},   # charts of tournament results
    "play": {"core", "text", "play"},
    "lessons": {"core", "text", "play", "lessons"},
    "verify": {"core", "text", "play", "pictures", "lessons", "verify"},   # the mutants patch pictures too;
                                                                           # dominolab check reads exercise files
    "cli": {"root", "core", "text", "pictures", "play", "lessons", "verify", "cli"},
    "book": {"root", "core", "text", "pictures", "play", "lessons", "verify", "book"},
    # the play page shows a learner's own puzzles with the book's lesson machinery (one page-data builder)
    "webapi": {"core", "text", "pictures", "play", "lessons", "verify", "book", "webapi"},
    "pytest_plugin": {"core", "verify", "pytest_plugin"},
    "__main__": {"cli"},
    "root": {"core", "root", "pictures"},   # dominolab/__init__.py registers the SVG writer; old-path aliases
}


#: The only private names a module outside the core may reach, per module, each with the reason no
#: public name serves. The mutants (``dominolab coverage``) change one rule at one place on purpose;
#: they wrap these functions or set these hot-path copies, and nothing else that is private.
HOOKS: dict[str, dict[str, str]] = {
    "dominolab.verify.mutants": {
        "_judge": "Round._judge is the one computation of a play's outcome (points, void, stays, end); "
                  "outcome patches wrap it",
        "_opener": "Match._opener picks a dealt round's opener (the rule, else the lot); opener patches wrap it",
        "_next_seat": "Round._next_seat is the turn order past empty hands; turn patches replace it",
        "_draw": "Round._draw is a draw's bookkeeping; a patch ends the turn after it",
        "_finish": "Round._finish ends (and settles) a round; a patch rewards a blocked round after it",
        "_shuffled": "Match._shuffled is the deal's one shuffle; deal patches change the tiles it returns",
        "_round": "scoring._round is the one rounding of pips (round_to_five checks and calls it); a patch "
                  "rounds down",
        "_markers": "pictures.picture._markers decides which free points are drawn filled; a patch fills all",
        "_exact": "the round's hot-path copy of GameRules.target_exact, which Round.accepted reads; a patch "
                  "lifts the void for plays in mid-round only",
        "_target": "the round's hot-path copy of GameRules.target, which Round._judge reads; a patch judges "
                   "a play in mid-round as if the target were out of reach",
        "_side": "the round's hot-path table of the side of every seat; a patch re-forms partnerships "
                 "for one round",
        "_seats_of_side": "the round's hot-path table of the seats of every side (with _side)",
        "_CREDIT_CACHE": "the engine's credit tables per divisors, forgotten when a patch changes the credit",
        "_MATCH_SETUPS": "the engine's match setups per description, forgotten when a description changes",
        "_seat_tables": "the engine's side tables per seating, forgotten when a patch changes Seating.side_of",
    },
}


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] == "__init__":
        return "root"
    return parts[1]


def module_name(path: Path) -> str:
    rel = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(rel[:-1] if rel[-1] == "__init__" else rel)


def imports(path: Path) -> list[tuple[int, str, tuple[str, ...]]]:
    """(line, imported module, names) for every import of a dominolab module in ``path``."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, ()) for a in node.names if a.name.split(".")[0] == "dominolab"]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] == "dominolab":
                found.append((node.lineno, target, tuple(a.name for a in node.names)))
    return found


MODULES = sorted(PACKAGE.rglob("*.py"))


def _private_names_of_the_package() -> set[str]:
    """Every ``_name`` the package defines (functions, classes, attributes, module globals)."""
    names: set[str] = set()
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
                names.add(node.attr)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                names.add(node.id)
            elif isinstance(node, ast.arg):
                continue
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


PRIVATE = _private_names_of_the_package()


def test_every_module_has_a_known_layer() -> None:
    unknown = {module_name(p) for p in MODULES if layer_of(module_name(p)) not in ALLOWED}
    assert not unknown, f"modules outside every layer: {sorted(unknown)} (add them to a layer)"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_arrows_point_inward(path: Path) -> None:
    here = layer_of(module_name(path))
    wrong = []
    for line, target, names in imports(path):
        targets = [target] if target != "dominolab" else [f"dominolab.{n}" for n in names]
        for t in targets:
            there = layer_of(t) if t != "dominolab.__version__" else "root"
            if there not in ALLOWED[here]:
                wrong.append(f"line {line}: {here} imports {t} ({there})")
    assert not wrong, f"{module_name(path)}: " + "; ".join(wrong)


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_private_names_of_other_modules(path: Path) -> None:
    """Outside the core, no module imports or reads another module's ``_private`` names."""
    me = module_name(path)
    if layer_of(me) == "core":
        return
    hooks = HOOKS.get(me, {})
    wrong = [f"line {line}: from {target} import {n}" for line, target, names in imports(path)
             for n in names if n.startswith("_") and not n.startswith("__") and target != me and n not in hooks]
    assert not wrong, f"{me}: " + "; ".join(wrong)


def private_uses(path: Path) -> list[str]:
    """``obj._name`` and ``getattr(obj, "_name")`` where ``_name`` is a private name of another dominolab module
    (private names of third-party libraries, such as IPython's hooks, are their business)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    own |= {t.attr for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign, ast.AugAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Attribute)}
    own |= {t.id for n in ast.walk(tree) if isinstance(n, (ast.Assign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(tree):
        name = None
        if isinstance(node, ast.Attribute):
            name = node.attr
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "setattr")
              and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str)):
            name = node.args[1].value
        if name and name in PRIVATE and name not in own:
            found.append(f"line {node.lineno}: .{name}")
    return found


@pytest.mark.parametrize("path", MODULES, ids=lambda p: module_name(p))
def test_no_private_attributes_of_other_modules(path: Path) -> None:
    """Outside the core, no module reads another module's ``_private`` attributes (``rnd._gain``)."""
    if layer_of(module_name(path)) == "core":
        return
    hooks = HOOKS.get(module_name(path), {})
    wrong = [use for use in private_uses(path) if use.rpartition(".")[2] not in hooks]
    assert not wrong, f"{module_name(path)}: " + "; ".join(wrong)


def reached_privates(path: Path) -> dict[str, int]:
    """Every private name of another dominolab module that ``path`` reaches, with a line: imported,
    read or set as an attribute (``rnd._exact = ...`` too), or named as a text argument of a call
    (``_wrap(Round, "_judge", ...)``). Names the module defines at its top level are its own."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    own = {n.name for n in tree.body if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))}
    own |= {t.id for n in tree.body if isinstance(n, (ast.Assign, ast.AnnAssign))
            for t in (n.targets if isinstance(n, ast.Assign) else [n.target]) if isinstance(t, ast.Name)}
    found: dict[str, int] = {}
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.Attribute):
            names = [node.attr]
        elif isinstance(node, ast.Call):
            names = [a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
        for name in names:
            if name in PRIVATE and name not in own:
                found.setdefault(name, node.lineno)
    return found


@pytest.mark.parametrize("path", sorted((PACKAGE / "verify").rglob("*.py")), ids=lambda p: module_name(p))
def test_verify_reaches_privates_only_through_the_hooks(path: Path) -> None:
    """Inside ``verify/`` no module imports, reads, sets or wraps another module's ``_`` names except
    the hooks listed (with their reasons) in :data:`HOOKS`; and every listed hook is still used."""
    hooks = HOOKS.get(module_name(path), {})
    reached = reached_privates(path)
    wrong = [f"line {line}: {name}" for name, line in sorted(reached.items()) if name not in hooks]
    assert not wrong, f"{module_name(path)} reaches privates that are not hooks: " + "; ".join(wrong)
    unused = sorted(set(hooks) - set(reached))
    assert not unused, f"{module_name(path)}: hooks listed but no longer used: {unused}"


def test_the_hooks_check_is_not_blind() -> None:
    probe = PACKAGE / "verify" / "_hooks_probe_tmp.py"
    probe.write_text("def f(rnd, wrap):\n    rnd._stock_out = True\n    wrap(rnd, '_pass', None)\n")
    try:
        assert reached_privates(probe) == {"_stock_out": 2, "_pass": 3}
    finally:
        probe.unlink()


def test_the_layers_have_no_circle() -> None:
    """The allowed arrows themselves form no cycle (a layer never reaches back to itself through another)."""
    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [t for t in ALLOWED[start] if t != start]
        while todo:
            layer = todo.pop()
            if layer not in seen:
                seen.add(layer)
                todo += [t for t in ALLOWED.get(layer, ()) if t != layer]
        return seen

    circles = [layer for layer in ALLOWED if layer in reach(layer)]
    assert not circles, f"layers that reach themselves: {circles}"


def test_the_core_imports_only_the_standard_library() -> None:
    wrong = []
    for path in (PACKAGE / "core").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else [])
            for n in names:
                top = n.split(".")[0]
                if top and top != "dominolab" and top not in sys.stdlib_module_names:
                    wrong.append(f"{module_name(path)}: {n}")
    assert not wrong, wrong


def test_the_checker_sees_a_wrong_arrow(tmp_path: Path) -> None:
    """The test above is not blind: a core module importing the CLI is caught."""
    bad = PACKAGE / "core" / "_layer_probe_tmp.py"
    bad.write_text("def f():\n    from dominolab.cli import main\n    from dominolab.core.engine import _context\n")
    try:
        found = imports(bad)
        assert found == [(2, "dominolab.cli", ("main",)), (3, "dominolab.core.engine", ("_context",))]
        assert layer_of("dominolab.cli") not in ALLOWED["core"]
    finally:
        bad.unlink()
