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
import re
import sys
from pathlib import Path
from typing import Iterator

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "dominolab"

#: layer -> the layers it may import (itself included)
ALLOWED: dict[str, set[str]] = {
    "core": {"core"},
    "text": {"core", "text"},
    "pictures": {"core", "text", "play", "pictures"},   # charts of tournament results
    "play": {"core", "text", "play"},
    # the lessons' page data (lessons/page.py) is drawings and words, the same for the book and the play
    # page: lessons draw with pictures (as verify does) rather than have each face pass in the very same
    # picture functions; pictures never read lessons, so the arrow closes no circle
    "lessons": {"core", "text", "play", "pictures", "lessons"},
    "verify": {"core", "text", "play", "pictures", "lessons", "verify"},   # the mutants patch pictures too;
                                                                           # dominolab check reads exercise files
    "cli": {"root", "core", "text", "pictures", "play", "lessons", "verify", "cli"},
    "book": {"root", "core", "text", "pictures", "play", "lessons", "verify", "book"},
    # the play page shows a learner's own puzzles in the lessons' page data (lessons/page), not the book's
    "webapi": {"core", "text", "pictures", "play", "lessons", "verify", "webapi"},
    "pytest_plugin": {"core", "verify", "pytest_plugin"},
    "__main__": {"cli"},
    "root": {"core", "root", "pictures"},   # dominolab/__init__.py registers the SVG writer; old-path aliases
}


#: The only private names a module outside the core may reach, per module, each with the reason no
#: public name serves. The mutants (``dominolab coverage``) change one rule at one place on purpose;
#: they wrap these functions or set these hot-path copies, and nothing else that is private.
_MUTANT_HOOKS: dict[str, str] = {
    "_judge": "Round._judge is the one computation of a play's outcome (points, void, stays, end); "
              "outcome patches wrap it",
    "_opener": "Match._opener picks a dealt round's opener (the rule, else the lot); opener patches wrap it",
    "_next_seat": "Round._next_seat is the turn order past empty hands; turn patches replace or call it",
    "_draw": "Round._draw is a draw's bookkeeping; a patch ends the turn after it",
    "_finish": "Round._finish ends (and settles) a round; patches change a blocked round's outcome after it",
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
}
#: The mutants package (dominolab/verify/mutants/): which of the hooks above each of its modules reaches.
HOOKS: dict[str, dict[str, str]] = {
    f"dominolab.verify.mutants.{module}": {hook: _MUTANT_HOOKS[hook] for hook in hooks} for module, hooks in (
        ("registry", ("_CREDIT_CACHE", "_MATCH_SETUPS")),
        ("deal", ("_opener", "_shuffled", "_side", "_seats_of_side", "_seat_tables", "_MATCH_SETUPS")),
        ("turns", ("_judge", "_next_seat", "_draw", "_finish")),
        ("outcome", ("_judge", "_exact", "_target")),
        ("scoring", ("_round", "_CREDIT_CACHE")),
        ("layout", ("_markers",)),
    )
}


def layer_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1 or parts[1] == "__init__":
        return "root"
    return parts[1]


def module_name(path: Path, package: Path = PACKAGE) -> str:
    rel = path.relative_to(package.parent).with_suffix("").parts
    return ".".join(rel[:-1] if rel[-1] == "__init__" else rel)


def imports(path: Path, root: Path = PACKAGE) -> list[tuple[int, str, tuple[str, ...]]]:
    """(line, imported module, names) for every import of a dominolab module in ``path`` (a module of the
    package at ``root``)."""
    name = module_name(path, root)
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
        elif (isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "import_module"
              and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)
              and node.args[0].value.split(".")[0] == "dominolab"):
            found.append((node.lineno, node.args[0].value, ()))     # importlib.import_module("dominolab.x")
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


#: The faces (what a person or a program meets: the command line, the book, the play page's API, the
#: pytest plugin) by layer. ``__main__`` is the command line's door (``python -m dominolab``): the same face.
FACES: dict[str, str] = {"cli": "cli", "__main__": "cli", "book": "book", "webapi": "webapi",
                         "pytest_plugin": "pytest_plugin"}


def module_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Every module of the package at ``root`` -> the modules of it that it imports, at the top or inside a
    function (a lazy import is an arrow too). ``from p import n`` is an arrow to ``p.n`` where that is a
    module, else to ``p`` (whose ``__init__`` holds ``n``)."""
    paths = sorted(root.rglob("*.py"))
    known = {module_name(p, root) for p in paths}
    graph: dict[str, set[str]] = {}
    for path in paths:
        me = module_name(path, root)
        arrows: set[str] = set()
        for _, target, names in imports(path, root):
            for name in names or ("",):
                if name and f"{target}.{name}" in known:
                    arrows.add(f"{target}.{name}")
                elif target in known:
                    arrows.add(target)
        graph[me] = arrows - {me}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import circle once: a strongly connected set of two or more modules (Tarjan's algorithm,
    without recursion), told as one closed path through it (``a -> b -> a``)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, arrows = work[-1]
            step = next(arrows, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(_closed_path(graph, sorted(group)))
    return sorted(found)


def _closed_path(graph: dict[str, set[str]], group: list[str]) -> list[str]:
    """A shortest path from the group's first module back to it, inside the group."""
    first, inside = group[0], set(group)
    came: dict[str, str] = {}
    todo = [first]
    while todo:
        node = todo.pop(0)
        for step in sorted(graph[node] & inside):
            if step == first:
                path = [node]
                while path[-1] != first:
                    path.append(came[path[-1]])
                return [first] + path[::-1][1:] + [first] if node != first else [first, first]
            if step not in came:
                came[step] = node
                todo.append(step)
    raise AssertionError(f"no closed path through {group}")   # pragma: no cover - a group is strongly connected


def test_no_import_circle_among_the_modules() -> None:
    """No module reaches itself through the imports of others (issue 40 found three: core/rules <->
    core/scoring, play/bots <-> play/levels, lessons/model <-> lessons/puzzles)."""
    found = circles(module_graph())
    assert not found, f"{len(found)} import circle(s): " + "; ".join(" -> ".join(c) for c in found)


def face_imports(root: Path = PACKAGE) -> list[str]:
    """Every import (at the top or in a function) by which a module of one face reaches another face."""
    wrong = []
    for path in sorted(root.rglob("*.py")):
        me = module_name(path, root)
        mine = FACES.get(layer_of(me))
        if mine is None:
            continue
        for line, target, names in imports(path, root):
            for t in [target] if target != "dominolab" else [f"dominolab.{n}" for n in names]:
                theirs = FACES.get(layer_of(t))
                if theirs is not None and theirs != mine:
                    wrong.append(f"{me} line {line}: {mine} imports {t} ({theirs})")
    return wrong


def test_no_face_imports_another_face() -> None:
    """The faces use the rooms inside them, never each other: in the code, and in the table of allowed arrows."""
    wrong = face_imports()
    assert not wrong, "a face imports another face: " + "; ".join(wrong)
    allowed = [f"{layer} may import {other}" for layer, face in FACES.items() for other in ALLOWED[layer]
               if other in FACES and FACES[other] != face]
    assert not allowed, f"ALLOWED lets a face import another face: {allowed}"


def _write_package(root: Path, files: dict[str, str]) -> Path:
    package = root / "dominolab"
    for name, text in files.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return package


def test_the_circle_and_face_checks_are_not_blind(tmp_path: Path) -> None:
    """A package with a circle closed by a lazy import (and a relative one) and a face that reaches another
    face inside a function: both checks name them; the command line's door (``__main__``) is no offence."""
    package = _write_package(tmp_path, {
        "__init__.py": "",
        "__main__.py": "from dominolab.cli import main\n",
        "core/__init__.py": "",
        "core/a.py": "def f():\n    from dominolab.core import b\n    return b\n",
        "core/b.py": "from .c import g\n",
        "core/c.py": "import dominolab.core.a\n\ndef g():\n    pass\n",
        "core/d.py": "from dominolab.core.a import f\n",
        "cli/__init__.py": "def main():\n    from dominolab.webapi import call\n    return call\n",
        "cli/lang.py": "import importlib\n\ndef lang():\n    return importlib.import_module('dominolab.book.language')\n",
        "book/__init__.py": "",
        "book/language.py": "",
        "webapi/__init__.py": "from dominolab.core import d\n\ndef call():\n    pass\n",
    })
    graph = module_graph(package)
    assert graph["dominolab.core.a"] == {"dominolab.core.b"} and graph["dominolab.core.b"] == {"dominolab.core.c"}
    assert circles(graph) == [["dominolab.core.a", "dominolab.core.b", "dominolab.core.c", "dominolab.core.a"]]
    assert face_imports(package) == ["dominolab.cli line 2: cli imports dominolab.webapi (webapi)",
                                     "dominolab.cli.lang line 4: cli imports dominolab.book.language (book)"]
    (package / "core" / "c.py").write_text("def g():\n    pass\n", encoding="utf-8")
    assert circles(module_graph(package)) == []


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


# -- one language context (issue 40) ------------------------------------------------------------
# The language is held in one place, the context of dominolab.text.language; each face sets it where its
# work starts. A module outside dominolab/text that keeps a language of its own - a module-level ContextVar,
# a module-level name that holds a language code or is named for one (``_LANG``, ``BOOK_LANG``, ``lang``), a
# global rebound at run time from a ``*LANG*`` environment variable, or a module ``__getattr__`` that serves
# words - is a second holder.

_LANG_NAME = re.compile(r"(?i)(?:^|_)lang(?:$|_)")
_WORDS_NAMES = re.compile(r"\b(?:WORDS|words|_w|lang|book_lang|BookWords)\b")


def _languages() -> tuple[str, ...]:
    from dominolab.text.language import LANGUAGES

    return LANGUAGES


def language_holders(path: Path) -> list[str]:
    """``line: what`` for every language holder at the top level of the module at ``path``."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    found: list[str] = []

    def top_level(body: list[ast.stmt]) -> Iterator[ast.stmt]:
        for node in body:          # module-level code, also inside a module-level if/try/with
            yield node
            if isinstance(node, (ast.If, ast.Try, ast.With)):
                for inner in (getattr(node, "body", []), getattr(node, "orelse", []),
                              getattr(node, "finalbody", []),
                              *[h.body for h in getattr(node, "handlers", [])]):
                    yield from top_level(inner)

    def is_context_var(value: ast.expr | None) -> bool:
        func = value.func if isinstance(value, ast.Call) else None
        return (isinstance(func, ast.Name) and func.id == "ContextVar") or (
            isinstance(func, ast.Attribute) and func.attr == "ContextVar")

    lang_env = any(isinstance(n, ast.Constant) and isinstance(n.value, str) and "LANG" in n.value
                   for n in ast.walk(tree)) and "environ" in source
    for node in top_level(tree.body):
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            value = node.value
            if is_context_var(value):
                found.append(f"{node.lineno}: a ContextVar ({', '.join(names)})")
            elif any(_LANG_NAME.search(n) for n in names):
                found.append(f"{node.lineno}: a global named for a language ({', '.join(names)})")
            elif isinstance(value, ast.Constant) and value.value in _languages():
                found.append(f"{node.lineno}: a global holding the language code {value.value!r} ({', '.join(names)})")
        elif isinstance(node, ast.FunctionDef) and node.name == "__getattr__":
            if _WORDS_NAMES.search(ast.get_source_segment(source, node) or ""):
                found.append(f"{node.lineno}: a module __getattr__ serving words")
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and lang_env:
            rebound = [n for sub in ast.walk(node) if isinstance(sub, ast.Global) for n in sub.names]
            if rebound:
                found.append(f"{node.lineno}: {node.name} rebinds {', '.join(rebound)} from a *LANG* environment variable")
    return found


def second_holders(paths: list[Path]) -> list[str]:
    """``module:line: what`` for the language holders in ``paths`` outside dominolab/text."""
    return [f"{module_name(p)}:{line}" for p in paths
            if (PACKAGE / "text") not in p.parents
            for line in language_holders(p)]


def test_no_language_holder_outside_text() -> None:
    """Only dominolab.text.language holds the language; every face sets that context (issue 40)."""
    found = second_holders(MODULES)
    assert not found, "a second language holder (use dominolab.text.language):\n" + "\n".join(found)


def test_the_language_holder_check_is_not_blind() -> None:
    """A probe module with each kind of holder is caught, line by line; the one context's own use is not."""
    probe = PACKAGE / "play" / "_lang_probe_tmp.py"
    probe.write_text(
        "import os\n"                                                           # 1
        "from contextvars import ContextVar\n"                                  # 2
        "from dominolab.text import language\n"                                 # 3
        "from dominolab.text.words import WORDS\n"                              # 4
        "_CURRENT: ContextVar[str] = ContextVar('x', default='de')\n"           # 5
        "BOOK_LANG = None\n"                                                    # 6
        "FALLBACK = 'en'\n"                                                     # 7
        "ENV = 'DOMINOLAB_X_LANG'\n"                                            # 8
        "_from_env = None\n"                                                    # 9
        "def chosen():\n"                                                       # 10
        "    global _from_env\n"                                                # 11
        "    _from_env = os.environ.get(ENV)\n"                                 # 12
        "    return _from_env\n"                                                # 13
        "def __getattr__(name):\n"                                              # 14
        "    return WORDS['de'].book.detail_summary\n"                          # 15
        "LANGUAGE_NAMES = ('de', 'en')\n"                                       # 16
        "def speak(lang='de'):\n"                                               # 17
        "    with language.speaking(lang):\n"                                   # 18
        "        return language.current()\n",                                  # 19
        encoding="utf-8")
    try:
        lines = [int(f.split(":")[0]) for f in language_holders(probe)]
        assert lines == [5, 6, 7, 10, 14], language_holders(probe)
        assert len(second_holders([probe])) == 5           # outside text/ and not allowed: all reported
        context = PACKAGE / "text" / "language.py"          # the one context's own room holds it
        assert language_holders(context) and second_holders([context]) == []
    finally:
        probe.unlink()
