"""Old import paths keep working: ``dominolab.engine`` is ``dominolab.core.engine``, and so on.

The package was flat until its modules moved into layers (``core``, ``text``,
``pictures``, ``play``, ``verify`` and the faces ``cli``, ``book``, ``webapi``).
Code written against the flat names still imports: a finder at the front of
``sys.meta_path`` answers an old name with the module under its new name (the
same module object, so patches, ``isinstance`` and pickles agree).
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from types import ModuleType
from typing import Sequence

#: old module name (below ``dominolab.``) -> its module now
OLD_PATHS: dict[str, str] = {
    "_check": "dominolab.core._check",
    "errors": "dominolab.core.errors",
    "tiles": "dominolab.core.tiles",
    "layout": "dominolab.core.layout",
    "moves": "dominolab.core.moves",
    "rules": "dominolab.core.rules",
    "scoring": "dominolab.core.scoring",
    "engine": "dominolab.core.engine",
    "view": "dominolab.core.view",
    "record": "dominolab.core.record",
    "userfiles": "dominolab.core.userfiles",
    "steptext": "dominolab.text.steptext",
    "narrate": "dominolab.text.narrate",
    "textdraw": "dominolab.text.textdraw",
    "picture": "dominolab.pictures.picture",
    "svg": "dominolab.pictures.svg",
    "drawing": "dominolab.pictures.drawing",
    "charts": "dominolab.pictures.charts",
    "export": "dominolab.pictures.export",
    "tryit": "dominolab.pictures.tryit",
    "bots": "dominolab.play.bots",
    "tournament": "dominolab.play.tournament",
    "doccheck": "dominolab.verify.doccheck",
    "checking": "dominolab.verify.checking",
    "golden": "dominolab.verify.golden",
    "rules_coverage": "dominolab.verify.rules_coverage",
    "interpretations": "dominolab.verify.interpretations",
    "examples": "dominolab.verify.examples",
    "widgets": "dominolab.book.widgets",
}


class _Alias(importlib.abc.Loader):
    def __init__(self, target: str):
        self.target = target

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        return importlib.import_module(self.target)

    def exec_module(self, module: ModuleType) -> None:
        """The module under its new name is already executed."""


class OldPathFinder(importlib.abc.MetaPathFinder):
    """Finds ``dominolab.<old name>[.sub]`` as the module it moved to."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        head, dot, rest = fullname.partition(".")
        if head != "dominolab" or not dot:
            return None
        first, _, tail = rest.partition(".")
        new = OLD_PATHS.get(first)
        if new is None:
            return None
        return importlib.machinery.ModuleSpec(fullname, _Alias(new + ("." + tail if tail else "")))


def install() -> None:
    """Put the finder in front (once)."""
    if not any(isinstance(f, OldPathFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, OldPathFinder())
