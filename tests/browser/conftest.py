"""The browser tests' fixtures, each defined once, and the ``browser`` marker of this folder.

Every test collected from ``tests/browser/`` is marked ``browser`` (``pytest -m "not browser"`` leaves the
folder out; CI runs it with DOMINOLAB_BROWSER_TEST=1).  The fixtures, all module-scoped:

* ``server``: the built book (``browserkit.BUILD``) served on 127.0.0.1; the base URL;
* ``browser``: a headless Debian chromium under Playwright;
* ``site``: both, as ``(base, browser)``.

Before it starts anything a fixture asks the test module why it cannot run here: the module's own
``_missing()`` when it has one (a module that needs more than a built book, e.g. the play page's
Pyodide runtime - ``playkit._missing`` - or the live notebooks), else :func:`missing_book`.  A reason
fails the test under DOMINOLAB_BROWSER_TEST=1 and skips it otherwise, with the reason.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest

from tools.browserkit import BUILD, CHROMIUM, REQUIRED, built, chromium, missing, serve

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)       # before ``-m`` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.resolve().parents:
            item.add_marker(pytest.mark.browser)


def missing_book() -> str | None:
    """Why a test of the built book in the browser cannot run here (None: it can)."""
    return missing(built())

def _require(request: pytest.FixtureRequest) -> None:
    reason = getattr(request.module, "_missing", missing_book)()
    if reason is None:
        return
    if REQUIRED:
        pytest.fail(f"browser test required (DOMINOLAB_BROWSER_TEST=1) but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def server(request: pytest.FixtureRequest) -> Iterator[str]:
    _require(request)
    with serve(BUILD) as base:
        yield base


@pytest.fixture(scope="module")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    _require(request)
    with chromium() as b:
        yield b


@pytest.fixture(scope="module")
def site(server: str, browser: Any) -> tuple[str, Any]:
    return server, browser
